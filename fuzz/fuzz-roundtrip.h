/* The round-trip check shared by the reader fuzz targets and tests/badinput (which replays the
 * fuzzers' crashes): whatever a reader accepts, the canonical native writer writes, the native
 * reader reads back as the same model, and writing that again gives the same bytes
 * (docs/format.md, canonical form). Then the JCloisterZone writer (jcz_round_trip_ok): what it
 * writes reads back, writing that again gives the same bytes, and what it writes without a
 * JCZ-LOSSY warning reads back as the same model. Header-only so that the fuzzers need no test
 * library. */
#ifndef TKIT_FUZZ_ROUNDTRIP_H
#define TKIT_FUZZ_ROUNDTRIP_H

#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"

/* True when `s` survives write → read → write; otherwise false, and *why (caller frees) says
 * what went wrong, with the canonical text when it could not be read back. */
static inline bool round_trip_ok(const struct tkit_set *s, char **why)
{
        struct tkit_buf a, b;
        struct tkit_setlist back;
        struct tkit_diags d;
        tkit_buf_init(&a);
        tkit_buf_init(&b);
        tkit_setlist_init(&back);
        tkit_diags_init(&d);
        *why = NULL;
        tkit_native_write(s, &a);
        if (tkit_read_memory(a.data, a.len, "canonical.xml", TKIT_FORMAT_NATIVE, &back, &d) != 0 ||
            back.n != 1) {
                char *first = d.n ? tkit_diag_format(&d.v[0]) : tkit_xstrdup("no set read");
                *why = tkit_xasprintf("canonical form not read back: %s\nin:\n%s", first, a.data);
                free(first);
        } else if (!tkit_set_equal(s, back.sets[0], why)) {
                /* *why says what differs */
        } else {
                tkit_native_write(back.sets[0], &b);
                if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
                        *why = tkit_xstrdup("a second canonical write gives other bytes");
        }
        tkit_setlist_finish(&back);
        tkit_diags_finish(&d);
        tkit_buf_finish(&a);
        tkit_buf_finish(&b);
        return *why == NULL;
}

/* tkit_set_equal, except for the tiles' provenance, which the JCloisterZone reader makes up
 * (file and line) and the writer does not keep. */
static inline bool equal_but_provenance(struct tkit_set *a, struct tkit_set *b, char **why)
{
        if (a->ntiles != b->ntiles)
                return tkit_set_equal(a, b, why);
        char **pa = calloc(a->ntiles + 1, sizeof *pa), **pb = calloc(b->ntiles + 1, sizeof *pb);
        if (!pa || !pb)
                abort();
        for (size_t i = 0; i < a->ntiles; i++) {
                pa[i] = a->tiles[i].provenance;
                pb[i] = b->tiles[i].provenance;
                a->tiles[i].provenance = b->tiles[i].provenance = NULL;
        }
        bool same = tkit_set_equal(a, b, why);
        for (size_t i = 0; i < a->ntiles; i++) {
                a->tiles[i].provenance = pa[i];
                b->tiles[i].provenance = pb[i];
        }
        free(pa);
        free(pb);
        return same;
}

/* What a lossless JCloisterZone export keeps: everything but provenance for sets read from
 * JCloisterZone; for others, whose tile and feature ids are generated anew, each tile's content
 * (tkit_tile_same_type with markers, unrotated) and count. */
static inline bool same_after_jcz(struct tkit_set *a, struct tkit_set *b, char **why)
{
        if (a->source_format && strcmp(a->source_format, "jcz") == 0)
                return equal_but_provenance(a, b, why);
        if (a->ntiles != b->ntiles) {
                *why = tkit_xstrdup("number of tiles");
                return false;
        }
        for (size_t i = 0; i < a->ntiles; i++)
                if (tkit_tile_same_type(&a->tiles[i], &b->tiles[i], TKIT_SAME_MARKERS) != 0 ||
                    a->tiles[i].count != b->tiles[i].count) {
                        *why = tkit_xasprintf("tile %s", a->tiles[i].id);
                        return false;
                }
        return true;
}

static inline size_t lossy_warnings(const struct tkit_diags *d)
{
        size_t n = 0;
        for (size_t i = 0; i < d->n; i++)
                n += d->v[i].rule && strcmp(d->v[i].rule, TKIT_RULE_JCZ_LOSSY) == 0 &&
                     d->v[i].severity == TKIT_SEV_WARNING;
        return n;
}

/* All sets of `sets` through tkit_jcz_write: the document reads back as as many sets, writing
 * those gives the same bytes, and without a JCZ-LOSSY warning every set comes back equal (but
 * for provenance). Over TKIT_JCZ_MAX_TILES tiles the writer refuses, which is fine. */
static inline bool jcz_round_trip_ok(const struct tkit_setlist *sets, char **why)
{
        struct tkit_buf a, b;
        struct tkit_setlist back;
        struct tkit_diags d, d2;
        tkit_buf_init(&a);
        tkit_buf_init(&b);
        tkit_setlist_init(&back);
        tkit_diags_init(&d);
        tkit_diags_init(&d2);
        *why = NULL;
        /* One JCloisterZone file cannot hold two sets of one id (the reader's "FILE:unlisted"
         * may meet a tile-set of that name): the writer refuses, rightly. */
        for (size_t i = 0; i < sets->n; i++)
                for (size_t k = 0; k < i; k++)
                        if (strcmp(sets->sets[i]->id, sets->sets[k]->id) == 0)
                                goto out;
        const struct tkit_set *const *v = (const struct tkit_set *const *)sets->sets;
        int rc = tkit_jcz_write(v, sets->n, &a, &d);
        if (rc == TKIT_E_LIMIT)
                goto out;
        if (rc < 0 || (size_t)rc != lossy_warnings(&d)) {
                char *first = d.n ? tkit_diag_format(&d.v[0]) : tkit_xstrdup("no diagnostic");
                *why = tkit_xasprintf("JCloisterZone export failed (%d): %s", rc, first);
                free(first);
                goto out;
        }
        if (tkit_read_memory(a.data, a.len, "export.xml", TKIT_FORMAT_JCZ, &back, &d2) != 0 ||
            back.n != sets->n) {
                *why = tkit_xasprintf("JCloisterZone export not read back:\n%s", a.data);
                goto out;
        }
        for (size_t i = 0; rc == 0 && !*why && i < sets->n; i++)
                if (!same_after_jcz(sets->sets[i], back.sets[i], why)) {
                        char *w = *why;
                        *why = tkit_xasprintf("JCloisterZone export, set %s: %s\n%s",
                                              sets->sets[i]->id, w, a.data);
                        free(w);
                }
        if (*why)
                goto out;
        v = (const struct tkit_set *const *)back.sets;
        tkit_diags_clear(&d2);
        if (tkit_jcz_write(v, back.n, &b, &d2) < 0 || a.len != b.len ||
            memcmp(a.data, b.data, a.len) != 0)
                *why = tkit_xstrdup("a second JCloisterZone export gives other bytes");
out:
        tkit_setlist_finish(&back);
        tkit_diags_finish(&d);
        tkit_diags_finish(&d2);
        tkit_buf_finish(&a);
        tkit_buf_finish(&b);
        return *why == NULL;
}

/* Whether every set passes tkit_set_validate(), which the import and the loader both run: what
 * a reader accepts and tkit_jcz_link() links must (fuzz-import). */
static inline bool fuzz_sets_valid(const struct tkit_setlist *sets)
{
        bool ok = true;
        for (size_t i = 0; i < sets->n && ok; i++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                ok = tkit_set_validate(sets->sets[i], &d) == 0;
                tkit_diags_finish(&d);
        }
        return ok;
}

/* The fuzz targets' form: traps on the first set that does not survive. */
static inline void fuzz_round_trip(const struct tkit_setlist *sets)
{
        for (size_t i = 0; i < sets->n; i++) {
                char *why = NULL;
                if (!round_trip_ok(sets->sets[i], &why))
                        __builtin_trap();
        }
        char *why = NULL;
        if (!jcz_round_trip_ok(sets, &why))
                __builtin_trap();
}

#endif
