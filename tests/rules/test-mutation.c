/* Mutation test of the tile rules (issue 25): single edits of every tile of every bundled set
 * and of JCloisterZone's 30 files (test input). An impossible edit (a tile no one could print)
 * must be refused by the tile rules of `tilekit check` (tkit_check_tile); a harmless one (the
 * tile turned or mirrored, a feature renamed, the features listed in another order) must be
 * accepted. Only tiles that are clean to begin with are edited. The counts per kind of edit are
 * printed; the test fails naming the first tile and edit that went the wrong way.
 *
 * The edits work on the model as read, so a JCloisterZone tile keeps the dividers its reader
 * inferred (re-reading an edited JCloisterZone file would infer new ones: docs/rules.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"
#include "tkit-test.h"

/* An edit makes at most a few variants of a tile; each is checked on its own. */
typedef void (*edit_fn)(const struct tkit_tile *t, void (*emit)(struct tkit_tile *m, void *ctx),
                        void *ctx);

struct kind {
        const char *name;
        bool impossible;
        edit_fn fn;
        size_t applied, wrong;
};

struct run {
        const struct tkit_set *set;
        const struct tkit_tile *orig;
        struct kind *k;
        char first_wrong[512];
};

/* ------------------------------------------------------------------ helpers */

static int field_of(const struct tkit_tile *t, int p)
{
        return tkit_tile_field_at(t, p);
}

static bool owned(const struct tkit_tile *t, int p)
{
        return tkit_tile_owner(t, p, false) >= 0;
}

static bool has_touch(const struct tkit_feature *f, const char *id)
{
        for (size_t i = 0; i < f->ntouches; i++)
                if (strcmp(f->touches[i], id) == 0)
                        return true;
        return false;
}

static void copy_touches(struct tkit_feature *to, const struct tkit_feature *from)
{
        for (size_t i = 0; i < from->ntouches; i++)
                if (!has_touch(to, from->touches[i]))
                        tkit_feature_add_touch(to, from->touches[i]);
}

static void drop_feature(struct tkit_tile *m, size_t i)
{
        tkit_feature_finish(&m->features[i]);
        m->nfeatures--;
        memmove(&m->features[i], &m->features[i + 1], (m->nfeatures - i) * sizeof m->features[0]);
}

/* Moves position p of field fi into a new field "mut" (with the same touches). */
static void split_off(struct tkit_tile *m, int fi, int p)
{
        m->features[fi].mask &= (uint16_t) ~(1u << p);
        struct tkit_feature *g = tkit_tile_add_feature(m, TKIT_FIELD, "mut");
        g->mask = (uint16_t)(1u << p);
        copy_touches(g, &m->features[fi]);
}

/* ------------------------------------------------------------------ impossible edits */

/* A field round a corner cut at the corner (no divider declared there). */
static void corner_cut(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                       void *ctx)
{
        for (int b = 2; b < TKIT_NPOS; b += 3) {
                int p = b, q = (b + 1) % TKIT_NPOS, f = field_of(t, p);
                if (f < 0 || f != field_of(t, q) || (t->dividers & (1u << b)))
                        continue;
                struct tkit_tile m;
                tkit_tile_copy(&m, t);
                split_off(&m, f, q);
                emit(&m, ctx);
        }
}

/* The two halves of a plain side put into two fields. */
static void side_split(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                       void *ctx)
{
        for (int s = 0; s < 4; s++) {
                int l = TKIT_POS(s, TKIT_L), r = TKIT_POS(s, TKIT_R), f = field_of(t, l);
                if (owned(t, TKIT_POS(s, TKIT_M)) || f < 0 || f != field_of(t, r) ||
                    (t->dividers & (1u << TKIT_POS(s, TKIT_M))))
                        continue;
                struct tkit_tile m;
                tkit_tile_copy(&m, t);
                split_off(&m, f, r);
                emit(&m, ctx);
        }
}

/* Two fields on either side of a road or river running through the tile merged into one. */
static void merge_across(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                         void *ctx)
{
        for (size_t x = 0; x < t->nfeatures; x++) {
                const struct tkit_feature *w = &t->features[x];
                if ((w->kind != TKIT_ROAD && w->kind != TKIT_RIVER) || w->overpass ||
                    tkit_mask_sides(w->mask) < 2)
                        continue;
                for (size_t i = 0; i < t->nfeatures; i++)
                        for (size_t j = 0; j < i; j++) {
                                const struct tkit_feature *a = &t->features[i],
                                                          *b = &t->features[j];
                                if (a->kind != TKIT_FIELD || b->kind != TKIT_FIELD || !a->mask ||
                                    !b->mask || !tkit_mask_separates(w->mask, a->mask, b->mask))
                                        continue;
                                struct tkit_tile m;
                                tkit_tile_copy(&m, t);
                                m.features[j].mask |= a->mask;
                                copy_touches(&m.features[j], a);
                                drop_feature(&m, i);
                                emit(&m, ctx);
                                return;
                        }
        }
}

/* One side of a road through two sides moved onto a plain side held by one field; the fields
 * are left as they were (the village-2 edit). */
static void road_move(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                      void *ctx)
{
        for (size_t x = 0; x < t->nfeatures; x++) {
                const struct tkit_feature *w = &t->features[x];
                if (w->kind != TKIT_ROAD || w->overpass || tkit_mask_sides(w->mask) != 2)
                        continue;
                for (int to = 0; to < 4; to++) {
                        int l = TKIT_POS(to, TKIT_L), r = TKIT_POS(to, TKIT_R);
                        int f = field_of(t, l);
                        if (owned(t, TKIT_POS(to, TKIT_M)) || f < 0 || f != field_of(t, r))
                                continue;
                        int from = -1;
                        for (int s = 0; s < 4 && from < 0; s++)
                                if (w->mask & (1u << TKIT_POS(s, TKIT_M)))
                                        from = s;
                        struct tkit_tile m;
                        tkit_tile_copy(&m, t);
                        m.features[x].mask &= (uint16_t) ~(1u << TKIT_POS(from, TKIT_M));
                        m.features[x].mask |= (uint16_t)(1u << TKIT_POS(to, TKIT_M));
                        emit(&m, ctx);
                        return;
                }
        }
}

/* A second road through two plain sides that crosses a ground feature of the tile. */
static void cross_road(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                       void *ctx)
{
        for (int a = 0; a < 4; a++)
                for (int b = a + 1; b < 4; b++) {
                        uint16_t nm =
                            (uint16_t)((1u << TKIT_POS(a, TKIT_M)) | (1u << TKIT_POS(b, TKIT_M)));
                        if (owned(t, TKIT_POS(a, TKIT_M)) || owned(t, TKIT_POS(b, TKIT_M)))
                                continue;
                        bool crosses = false;
                        for (size_t i = 0; i < t->nfeatures; i++)
                                crosses = crosses || (t->features[i].kind != TKIT_FIELD &&
                                                      !t->features[i].overpass &&
                                                      tkit_masks_cross(nm, t->features[i].mask));
                        if (!crosses)
                                continue;
                        struct tkit_tile m;
                        tkit_tile_copy(&m, t);
                        tkit_tile_add_feature(&m, TKIT_ROAD, "mut")->mask = nm;
                        emit(&m, ctx);
                        return;
                }
}

/* A city a field borders on the perimeter dropped from its touches. */
static void touch_drop(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                       void *ctx)
{
        for (int p = 0; p < TKIT_NPOS; p++) {
                int q = (p + 1) % TKIT_NPOS;
                int f = field_of(t, p), c = tkit_tile_owner(t, q, true);
                if (f < 0 || c < 0 || t->features[c].kind != TKIT_CITY ||
                    !has_touch(&t->features[f], t->features[c].id))
                        continue;
                struct tkit_tile m;
                tkit_tile_copy(&m, t);
                struct tkit_feature *g = &m.features[f];
                for (size_t k = 0; k < g->ntouches; k++)
                        if (strcmp(g->touches[k], t->features[c].id) == 0) {
                                free(g->touches[k]);
                                g->touches[k] = g->touches[--g->ntouches];
                                break;
                        }
                emit(&m, ctx);
                return;
        }
}

/* A field lists a city beyond a road or river running through the tile. */
static void touch_far(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                      void *ctx)
{
        for (size_t x = 0; x < t->nfeatures; x++) {
                const struct tkit_feature *w = &t->features[x];
                if ((w->kind != TKIT_ROAD && w->kind != TKIT_RIVER) || w->overpass)
                        continue;
                for (size_t i = 0; i < t->nfeatures; i++)
                        for (size_t c = 0; c < t->nfeatures; c++) {
                                const struct tkit_feature *f = &t->features[i],
                                                          *k = &t->features[c];
                                if (f->kind != TKIT_FIELD || k->kind != TKIT_CITY || !f->mask ||
                                    k->overpass || has_touch(f, k->id) ||
                                    !tkit_mask_separates(w->mask, f->mask, k->mask))
                                        continue;
                                struct tkit_tile m;
                                tkit_tile_copy(&m, t);
                                tkit_feature_add_touch(&m.features[i], k->id);
                                emit(&m, ctx);
                                return;
                        }
        }
}

/* A position of another feature also given to a field. */
static void overlap(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *), void *ctx)
{
        for (int p = 0; p < TKIT_NPOS; p++) {
                int o = tkit_tile_owner(t, p, false);
                for (size_t i = 0; o >= 0 && i < t->nfeatures; i++)
                        if (t->features[i].kind == TKIT_FIELD && (int)i != o &&
                            t->features[i].mask) {
                                struct tkit_tile m;
                                tkit_tile_copy(&m, t);
                                m.features[i].mask |= (uint16_t)(1u << p);
                                emit(&m, ctx);
                                return;
                        }
        }
}

/* A half edge taken out of its field, so that it belongs to nothing. */
static void uncover(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *), void *ctx)
{
        for (int p = 0; p < TKIT_NPOS; p++) {
                int f = field_of(t, p);
                if (f < 0)
                        continue;
                struct tkit_tile m;
                tkit_tile_copy(&m, t);
                m.features[f].mask &= (uint16_t) ~(1u << p);
                emit(&m, ctx);
                return;
        }
}

/* A divider declared inside one field (at a corner or plain side middle it holds both sides of). */
static void divider_spurious(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                             void *ctx)
{
        for (int b = 0; b < TKIT_NPOS; b++) {
                int p, q;
                if (!tkit_divider_name(b))
                        continue;
                tkit_divider_sides(b, &p, &q);
                if (!tkit_tile_point_open(t, b) || field_of(t, p) < 0 ||
                    field_of(t, p) != field_of(t, q))
                        continue;
                struct tkit_tile m;
                tkit_tile_copy(&m, t);
                m.dividers |= (uint16_t)(1u << b);
                emit(&m, ctx);
                return;
        }
}

/* A declared divider left out: the fields meet with nothing between them. */
static void divider_dropped(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                            void *ctx)
{
        for (int b = 0; b < TKIT_NPOS; b++)
                if (t->dividers & (1u << b)) {
                        struct tkit_tile m;
                        tkit_tile_copy(&m, t);
                        m.dividers &= (uint16_t) ~(1u << b);
                        emit(&m, ctx);
                }
}

/* Two features' positions swapped between a field and a road's side (the road onto a half edge). */
static void road_on_half(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                         void *ctx)
{
        for (size_t x = 0; x < t->nfeatures; x++) {
                const struct tkit_feature *w = &t->features[x];
                if (w->kind != TKIT_ROAD || !w->mask)
                        continue;
                int mid = 0;
                while (!(w->mask & (1u << mid)))
                        mid++;
                int half = mid - 1, f = field_of(t, half);
                if (f < 0)
                        continue;
                struct tkit_tile m;
                tkit_tile_copy(&m, t);
                m.features[x].mask = (uint16_t)((w->mask & ~(1u << mid)) | (1u << half));
                m.features[f].mask = (uint16_t)((m.features[f].mask & ~(1u << half)) | (1u << mid));
                emit(&m, ctx);
                return;
        }
}

/* Two fields between roads that end together at a crossing or village merged into one: the
 * roads divide the fields between them. */
static void merge_at_end(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                         void *ctx)
{
        static const enum tkit_end ends[] = {TKIT_END_CROSSING, TKIT_END_VILLAGE};
        for (size_t e = 0; e < 2; e++) {
                uint16_t wall = 0;
                int n = 0;
                for (size_t i = 0; i < t->nfeatures; i++)
                        if (t->features[i].kind == TKIT_ROAD && !t->features[i].overpass &&
                            t->features[i].end == ends[e]) {
                                wall |= t->features[i].mask;
                                n++;
                        }
                if (n < 2)
                        continue;
                for (size_t i = 0; i < t->nfeatures; i++)
                        for (size_t j = 0; j < i; j++) {
                                const struct tkit_feature *a = &t->features[i],
                                                          *b = &t->features[j];
                                if (a->kind != TKIT_FIELD || b->kind != TKIT_FIELD || !a->mask ||
                                    !b->mask || !tkit_mask_separates(wall, a->mask, b->mask))
                                        continue;
                                struct tkit_tile m;
                                tkit_tile_copy(&m, t);
                                m.features[j].mask |= a->mask;
                                copy_touches(&m.features[j], a);
                                drop_feature(&m, i);
                                emit(&m, ctx);
                                return;
                        }
        }
}

/* ------------------------------------------------------------------ harmless edits */

static void turned(const struct tkit_tile *t, int r, struct tkit_tile *m)
{
        tkit_tile_copy(m, t);
        for (size_t i = 0; i < m->nfeatures; i++)
                m->features[i].mask = tkit_mask_rotate(m->features[i].mask, r);
        m->dividers = tkit_mask_rotate(m->dividers, r);
}

static void rotate(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *), void *ctx)
{
        for (int r = 1; r < 4; r++) {
                struct tkit_tile m;
                turned(t, r, &m);
                emit(&m, ctx);
        }
}

/* The position seen in a mirror along the north-south axis. */
static int mirror_pos(int p)
{
        static const int side[4] = {0, 3, 2, 1};
        return side[TKIT_POS_SIDE(p)] * 3 + (2 - TKIT_POS_PART(p));
}

static uint16_t mirror_mask(uint16_t m)
{
        uint16_t out = 0;
        for (int p = 0; p < TKIT_NPOS; p++)
                if (m & (1u << p))
                        out |= (uint16_t)(1u << mirror_pos(p));
        return out;
}

static uint16_t mirror_dividers(uint16_t d)
{
        uint16_t out = 0;
        for (int b = 0; b < TKIT_NPOS; b++) {
                if (!(d & (1u << b)))
                        continue;
                int p, q;
                tkit_divider_sides(b, &p, &q);
                /* a corner between p and q is, mirrored, the corner after mirror(q) */
                int nb = TKIT_POS_PART(b) == TKIT_R ? mirror_pos(q) : mirror_pos(b);
                out |= (uint16_t)(1u << nb);
        }
        return out;
}

static void mirror(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *), void *ctx)
{
        struct tkit_tile m;
        tkit_tile_copy(&m, t);
        for (size_t i = 0; i < m.nfeatures; i++)
                m.features[i].mask = mirror_mask(m.features[i].mask);
        m.dividers = mirror_dividers(m.dividers);
        emit(&m, ctx);
}

/* Every feature renamed (touches follow the cities' new names). */
static void rename_all(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                       void *ctx)
{
        struct tkit_tile m;
        tkit_tile_copy(&m, t);
        for (size_t i = 0; i < m.nfeatures; i++) {
                struct tkit_feature *f = &m.features[i];
                for (size_t k = 0; k < f->ntouches; k++) {
                        char *n = tkit_xasprintf("renamed-%s", f->touches[k]);
                        free(f->touches[k]);
                        f->touches[k] = n;
                }
                char *n = tkit_xasprintf("renamed-%s", f->id);
                free(f->id);
                f->id = n;
        }
        emit(&m, ctx);
}

/* The features listed in the reverse order, and every field's touches too. */
static void reorder(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *), void *ctx)
{
        struct tkit_tile m;
        tkit_tile_copy(&m, t);
        for (size_t i = 0, j = m.nfeatures ? m.nfeatures - 1 : 0; i < j; i++, j--) {
                struct tkit_feature tmp = m.features[i];
                m.features[i] = m.features[j];
                m.features[j] = tmp;
        }
        for (size_t i = 0; i < m.nfeatures; i++) {
                struct tkit_feature *f = &m.features[i];
                for (size_t a = 0, b = f->ntouches ? f->ntouches - 1 : 0; a < b; a++, b--) {
                        char *tmp = f->touches[a];
                        f->touches[a] = f->touches[b];
                        f->touches[b] = tmp;
                }
        }
        emit(&m, ctx);
}

/* Turned and mirrored: the other side of the tile seen through the paper. */
static void turn_mirror(const struct tkit_tile *t, void (*emit)(struct tkit_tile *, void *),
                        void *ctx)
{
        struct tkit_tile m;
        turned(t, 1, &m);
        for (size_t i = 0; i < m.nfeatures; i++)
                m.features[i].mask = mirror_mask(m.features[i].mask);
        m.dividers = mirror_dividers(m.dividers);
        emit(&m, ctx);
}

/* ------------------------------------------------------------------ driver */

static struct kind kinds[] = {
    {"corner-cut", true, corner_cut, 0, 0},
    {"side-split", true, side_split, 0, 0},
    {"merge-across-road", true, merge_across, 0, 0},
    {"merge-at-crossing", true, merge_at_end, 0, 0},
    {"road-moved", true, road_move, 0, 0},
    {"second-road-crossing", true, cross_road, 0, 0},
    {"touch-dropped", true, touch_drop, 0, 0},
    {"touch-beyond-road", true, touch_far, 0, 0},
    {"position-twice", true, overlap, 0, 0},
    {"half-edge-uncovered", true, uncover, 0, 0},
    {"road-on-half-edge", true, road_on_half, 0, 0},
    {"divider-inside-field", true, divider_spurious, 0, 0},
    {"divider-dropped", true, divider_dropped, 0, 0},
    {"turned", false, rotate, 0, 0},
    {"mirrored", false, mirror, 0, 0},
    {"turned-mirrored", false, turn_mirror, 0, 0},
    {"renamed", false, rename_all, 0, 0},
    {"reordered", false, reorder, 0, 0},
    {"positions-reordered", false, NULL, 0, 0}, /* in the XML: positions_reordered */
};

static void check_one(struct tkit_tile *m, void *ctx)
{
        struct run *r = ctx;
        struct tkit_diags d;
        tkit_diags_init(&d);
        int errors = tkit_check_tile(r->set, m, 0, &d);
        r->k->applied++;
        bool refused = errors > 0;
        if (refused != r->k->impossible) {
                r->k->wrong++;
                if (!r->first_wrong[0])
                        snprintf(r->first_wrong, sizeof r->first_wrong,
                                 "%s: tile %s (set %s): the %s edit was %s", r->k->name,
                                 r->orig->id, r->set->id,
                                 r->k->impossible ? "impossible" : "harmless",
                                 refused ? "refused" : "accepted");
                if (refused && !r->k->impossible)
                        tkit_test_print_diags(&d);
        }
        tkit_diags_finish(&d);
        tkit_tile_finish(m);
}

static void mutate_set(struct run *r, const struct tkit_set *s)
{
        r->set = s;
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                struct tkit_diags d;
                tkit_diags_init(&d);
                int base = tkit_check_tile(s, t, 0, &d);
                tkit_diags_finish(&d);
                if (base != 0 || t->group == TKIT_GROUP_FORTRESS)
                        continue; /* a known finding (docs/rules.md) or a fortress cell */
                r->orig = t;
                for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
                        r->k = &kinds[k];
                        if (kinds[k].fn)
                                kinds[k].fn(t, check_one, r);
                }
        }
}

/* Reverses the tokens of every at="..." in the native XML `x` (in place). */
static void reverse_positions(char *x)
{
        for (char *p = strstr(x, " at=\""); p; p = strstr(p, " at=\"")) {
                p += 5;
                char *end = strchr(p, '"');
                assert_non_null(end);
                size_t n = (size_t)(end - p);
                char *rev = tkit_xcalloc(n + 1, 1), *copy = tkit_xstrndup(p, n), *save = NULL;
                char *words[TKIT_NPOS + 4];
                size_t nw = 0;
                for (char *w = strtok_r(copy, " ", &save); w && nw < TKIT_NPOS + 4;
                     w = strtok_r(NULL, " ", &save))
                        words[nw++] = w;
                for (size_t i = nw; i-- > 0;) {
                        strcat(rev, words[i]);
                        if (i)
                                strcat(rev, " ");
                }
                memcpy(p, rev, n); /* same length: the same words and spaces */
                free(rev);
                free(copy);
                p = end;
        }
}

/* The harmless edit the XML can make and the model cannot: every feature's positions written in
 * the reverse order. Each bundled set, written by the native writer so edited and read back, is
 * as clean as before. */
static void positions_reordered(const struct tkit_setlist *bundled, struct kind *k)
{
        for (size_t i = 0; i < bundled->n; i++) {
                const struct tkit_set *s = bundled->sets[i];
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_native_write(s, &b);
                reverse_positions(b.data);
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                int rc = tkit_read_memory(b.data, b.len, "reordered.xml", TKIT_FORMAT_AUTO, &l, &d);
                if (rc == 0)
                        tkit_check_setlist(&l, 0, &d);
                k->applied += s->ntiles;
                /* set rules needing companions (SIDE-MATCH) warn alone: errors only */
                if (rc != 0 || l.n != 1 || d.errors) {
                        tkit_test_print_diags(&d);
                        k->wrong += s->ntiles;
                }
                tkit_diags_finish(&d);
                tkit_setlist_finish(&l);
                tkit_buf_finish(&b);
        }
}

static void load_jcz(struct tkit_setlist *l)
{
        const char *dir = tkit_test_env("TKIT_JCZ_DIR");
        size_t n = 0;
        char **files = tkit_test_files(dir, ".xml", &n);
        struct tkit_diags d;
        tkit_diags_init(&d);
        for (size_t i = 0; i < n; i++)
                assert_int_equal(tkit_read_file(files[i], TKIT_FORMAT_AUTO, l, &d), 0);
        tkit_jcz_link(l);
        tkit_diags_finish(&d);
        tkit_test_files_free(files);
        assert_int_equal(n, 30);
}

static void test_mutations(void **state)
{
        (void)state;
        struct tkit_setlist bundled, jcz;
        tkit_test_sets_load(&bundled, NULL);
        tkit_setlist_init(&jcz);
        load_jcz(&jcz);
        struct run r = {0};
        for (size_t i = 0; i < bundled.n; i++)
                mutate_set(&r, bundled.sets[i]);
        for (size_t i = 0; i < jcz.n; i++)
                mutate_set(&r, jcz.sets[i]);
        struct kind *xml = &kinds[sizeof kinds / sizeof kinds[0] - 1];
        positions_reordered(&bundled, xml);
        if (xml->wrong && !r.first_wrong[0])
                snprintf(r.first_wrong, sizeof r.first_wrong,
                         "positions-reordered: a bundled set written with its positions "
                         "reversed is no longer clean");
        size_t total = 0, wrong = 0;
        printf("%-22s %-10s %8s %8s\n", "edit", "kind", "applied", "wrong");
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
                printf("%-22s %-10s %8zu %8zu\n", kinds[k].name,
                       kinds[k].impossible ? "impossible" : "harmless", kinds[k].applied,
                       kinds[k].wrong);
                total += kinds[k].applied;
                wrong += kinds[k].wrong;
                /* every kind must find tiles to edit, or it tests nothing */
                if (!kinds[k].applied)
                        fail_msg("no tile could take the %s edit", kinds[k].name);
        }
        printf("%zu edits, %zu went the wrong way\n", total, wrong);
        if (wrong)
                fail_msg("%s", r.first_wrong);
        tkit_setlist_finish(&bundled);
        tkit_setlist_finish(&jcz);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_mutations),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
