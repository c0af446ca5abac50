/* The JCloisterZone document read back with the reader of formats/jcz.c and each tile compared
 * with its source: whatever did not survive the trip is reported (JCZ-LOSSY). Deciding what
 * survives by reading back keeps the writer from a second copy of the reader's rules. */
#include "formats/jcz-write-private.h"

#include <stdlib.h>
#include <string.h>

static bool same_extras(const struct tkit_attr *a, size_t na, const struct tkit_attr *b, size_t nb)
{
        if (na != nb)
                return false;
        for (size_t i = 0; i < na; i++)
                if (strcmp(a[i].name, b[i].name) != 0 || strcmp(a[i].value, b[i].value) != 0)
                        return false;
        return true;
}

/* Whether the back feature `g` touches the cities that `f` touches, in order. */
static bool same_links(const struct tkit_tile *t, const struct tkit_feature *f,
                       const struct place *p, const struct tkit_tile *u,
                       const struct tkit_feature *g)
{
        if (f->ntouches != g->ntouches)
                return false;
        for (size_t i = 0; i < f->ntouches; i++) {
                int c = tkit_tile_find_feature(t, f->touches[i]);
                size_t k = 0;
                while (k < p->nf && (c < 0 || p->fmap[k] != (size_t)c))
                        k++;
                if (k == p->nf || strcmp(u->features[k].id, g->touches[i]) != 0)
                        return false;
        }
        return true;
}

static void compare_feature(const struct tkit_tile *t, const struct place *p, size_t k,
                            const struct tkit_tile *u, struct tkit_buf *lost)
{
        const struct tkit_feature *f = &t->features[p->fmap[k]], *g = &u->features[k];
        struct tkit_buf b;
        char m[64];
        tkit_buf_init(&b);
        if (f->mask != g->mask) {
                uint16_t gone = f->mask & (uint16_t)~g->mask;
                size_t n = 0;
                for (int pos = 0; pos < TKIT_NPOS; pos++)
                        if (gone & (1u << pos))
                                n += (size_t)snprintf(m + n, sizeof m - n, "%s%s", n ? " " : "",
                                                      tkit_pos_name(pos));
                tkit_jcz_lose(&b, "positions %s", n ? m : "(changed)");
        }
        if (f->pennants != g->pennants)
                tkit_jcz_lose(&b, "pennants=%d", f->pennants);
        if (f->besieger != g->besieger)
                tkit_jcz_lose(&b, "besieged=%s (read back as %s)", tkit_besieger_name(f->besieger),
                              g->besieger ? tkit_besieger_name(g->besieger) : "none");
        if (f->cathedral != g->cathedral)
                tkit_jcz_lose(&b, "cathedral");
        if (f->end != g->end)
                tkit_jcz_lose(&b, "end=%s", f->end ? tkit_end_name(f->end) : "none");
        if (f->junction != g->junction)
                tkit_jcz_lose(&b, "junction");
        if (f->overpass != g->overpass)
                tkit_jcz_lose(&b, f->overpass ? "overpass"
                                              : "not an overpass (the reader makes it one)");
        if (f->inn != g->inn)
                tkit_jcz_lose(&b, "inn");
        if (!same_links(t, f, p, u, g))
                tkit_jcz_lose(&b, "links to cities");
        if (!p->markers_lost && !same_extras(f->extra, f->nextra, g->extra, g->nextra))
                tkit_jcz_lose(&b, "markers");
        if (b.len)
                tkit_jcz_lose(lost, "%s %s (%s)", tkit_feature_kind_name(f->kind), f->id, b.data);
        tkit_buf_finish(&b);
}

/* What of place `p` did not come back in `u`, appended to its phrases. */
static void compare_tile(struct place *p, const struct tkit_tile *u)
{
        const struct tkit_tile *t = p->tile;
        if (t->group != u->group)
                tkit_jcz_lose(&p->lost, "group %s (read back as %s)", tkit_group_name(t->group),
                              tkit_group_name(u->group));
        if (t->count != u->count)
                tkit_jcz_lose(&p->lost, "count %d (read back as %d)", t->count, u->count);
        if (!p->markers_lost && !same_extras(t->extra, t->nextra, u->extra, u->nextra))
                tkit_jcz_lose(&p->lost, "tile markers");
        if (u->nfeatures != p->nf) {
                tkit_jcz_lose(&p->lost, "features (%zu read back of %zu)", u->nfeatures, p->nf);
                return;
        }
        for (size_t k = 0; k < p->nf; k++)
                compare_feature(t, p, k, u, &p->lost);
}

/* Reads the document back and compares; returns 0 or TKIT_E_INVALID when it does not read. */
int tkit_jcz_read_back(struct writer *w, const struct tkit_set *const *sets, size_t n,
                       const char *doc, size_t len)
{
        struct tkit_setlist back;
        struct tkit_diags scratch;
        tkit_setlist_init(&back);
        tkit_diags_init(&scratch);
        int rc = tkit_read_memory(doc, len, "jcz-export.xml", TKIT_FORMAT_JCZ, &back, &scratch);
        if (rc == 0 && back.n != n)
                rc = TKIT_E_INVALID;
        for (size_t i = 0; rc == 0 && i < n; i++)
                if (strcmp(back.sets[i]->id, sets[i]->id) != 0 ||
                    back.sets[i]->ntiles != sets[i]->ntiles)
                        rc = TKIT_E_INVALID;
        if (rc < 0) {
                char *first = scratch.n ? tkit_diag_format(&scratch.v[0]) : NULL;
                /* named after the first set written, the only file there is to name */
                tkit_diags_add(w->d, TKIT_SEV_ERROR, n ? sets[0]->file : NULL,
                               n ? sets[0]->line : 0, NULL, n ? sets[0]->id : NULL, NULL,
                               "the JCloisterZone output does not read back as written%s%s "
                               "(a bug in tilekit)",
                               first ? ": " : "", first ? first : "");
                free(first);
                goto out;
        }
        size_t pi = 0;
        for (size_t i = 0; i < n; i++) {
                const struct tkit_set *b = back.sets[i];
                for (size_t k = 0; k < b->ntiles; k++)
                        compare_tile(&w->places[pi++], &b->tiles[k]);
                if (!w->set_markers_lost[i] &&
                    !same_extras(sets[i]->extra, sets[i]->nextra, b->extra, b->nextra))
                        tkit_jcz_lose(&w->setlost[i], "set markers");
        }
out:
        tkit_setlist_finish(&back);
        tkit_diags_finish(&scratch);
        return rc;
}
