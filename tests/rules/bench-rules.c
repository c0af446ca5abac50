/* Benchmark (meson benchmark, not a test): reads every bundled tile set and JCloisterZone file
 * once, then checks them all many times, and prints the time per pass of each step.
 * With arguments, scaling runs at n and 2n on inputs generated in memory (issue 11):
 *   findings N   read + check a set of N tiles, each with an error (GEO-COVER)
 *   types N      check (TYPE-DUP) over N tiles of N / 2 types, no longer skipped past 2000 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int list_xml(const char *dir, char **files, int n, int cap)
{
        DIR *dp = dir ? opendir(dir) : NULL;
        if (!dp)
                return n;
        for (struct dirent *e; (e = readdir(dp)) && n < cap;) {
                size_t len = strlen(e->d_name);
                if (len > 4 && strcmp(e->d_name + len - 4, ".xml") == 0)
                        files[n++] = tkit_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(dp);
        return n;
}

/* N tiles, each lacking its fields: an error each (and, all being of one type, a TYPE-DUP
 * warning each but the first). */
static char *generate(int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<tileset format=\"1\" id=\"gen\" rules=\"\">\n");
        for (int i = 0; i < n; i++)
                tkit_buf_printf(&b, "<tile id=\"t%d\"><city id=\"c\" at=\"N\"/></tile>\n", i);
        tkit_buf_puts(&b, "</tileset>\n");
        return tkit_buf_steal(&b);
}

/* N tiles of N / 2 types: tile i has a city on side i % 4 and a marker naming its type i / 2,
 * so each odd tile repeats the even one before it, turned 90°. */
static struct tkit_set *many_types(int n)
{
        struct tkit_set *s = tkit_set_create("types");
        s->file = tkit_xstrdup("types.xml");
        s->source_format = tkit_xstrdup("tilekit");
        char id[32];
        for (int i = 0; i < n; i++) {
                snprintf(id, sizeof id, "t%d", i);
                struct tkit_tile *t = tkit_set_add_tile(s, id);
                t->line = i + 3;
                uint16_t city = (uint16_t)TKIT_MASK_SIDE(i % 4);
                tkit_tile_add_feature(t, TKIT_CITY, "c")->mask = city;
                struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_FIELD, "f");
                f->mask = (uint16_t)(TKIT_MASK_HALVES & ~city);
                tkit_feature_add_touch(f, "c");
                snprintf(id, sizeof id, "%d", i / 2);
                tkit_tile_add_extra(t, "type", id, t->line);
        }
        return s;
}

static int scaling(const char *what, int n)
{
        bool findings = strcmp(what, "findings") == 0;
        for (int k = 1; k <= 2; k++) {
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                char *xml = findings ? generate(k * n) : NULL;
                double t0 = now();
                if (findings)
                        tkit_read_memory(xml, strlen(xml), "gen.xml", TKIT_FORMAT_AUTO, &l, &d);
                else
                        tkit_setlist_add(&l, many_types(k * n));
                double t1 = now();
                tkit_check_setlist(&l, 0, &d);
                double t2 = now();
                printf("%s: %d tiles: %s %.3f s, check %.3f s: %zu errors, %zu warnings "
                       "(%zu kept)\n",
                       what, k * n, findings ? "read" : "build", t1 - t0, t2 - t1, d.errors,
                       d.warnings, d.n);
                int bad = l.n != 1 || (!findings && d.warnings != (size_t)(k * n / 2));
                tkit_diags_finish(&d);
                tkit_setlist_finish(&l);
                free(xml);
                if (bad)
                        return 1;
        }
        return 0;
}

/* Every set of `l` with its tiles k times (copies after the first get ids "ID~2" ...): the same
 * sets, k times the tiles. Pieces, tokens and manifests are left out (the tile rules scale with
 * tiles; the set rules are run over the copies as over the originals). */
static void multiplied(const struct tkit_setlist *l, int k, struct tkit_setlist *out)
{
        tkit_setlist_init(out);
        char id[600];
        for (size_t i = 0; i < l->n; i++) {
                const struct tkit_set *s = l->sets[i];
                struct tkit_set *c = tkit_set_create(s->id);
                c->file = tkit_xstrdup(s->file);
                c->source_format = tkit_xstrdup(s->source_format);
                c->rules = s->rules;
                size_t cap = 0;
                for (size_t r = 0; r < s->nrequires; r++)
                        *TKIT_PUSH(c->requires, c->nrequires, cap) = tkit_xstrdup(s->requires[r]);
                for (int copy = 0; copy < k; copy++)
                        for (size_t t = 0; t < s->ntiles; t++) {
                                snprintf(id, sizeof id, "%.500s~%d", s->tiles[t].id, copy + 1);
                                const char *nid = copy ? id : s->tiles[t].id;
                                struct tkit_tile *nt = tkit_set_add_tile(c, nid);
                                tkit_tile_finish(nt);
                                tkit_tile_copy(nt, &s->tiles[t]);
                                free(nt->id);
                                nt->id = tkit_xstrdup(nid);
                        }
                tkit_setlist_add(out, c);
        }
}

/* `tilekit check` on every bundled set and JCloisterZone file with their tiles once, twice and
 * four times: the time per tile stays the same when the check is linear in tiles (issue 25). */
static void doubling(const struct tkit_setlist *l)
{
        for (int k = 1; k <= 4; k *= 2) {
                struct tkit_setlist m;
                multiplied(l, k, &m);
                long tiles = 0;
                for (size_t i = 0; i < m.n; i++)
                        tiles += (long)m.sets[i]->ntiles;
                struct tkit_diags d;
                tkit_diags_init(&d);
                const int passes = 20;
                double t0 = now();
                for (int p = 0; p < passes; p++) {
                        tkit_diags_clear(&d);
                        tkit_check_setlist(&m, 0, &d);
                }
                double t = (now() - t0) / passes;
                size_t errors = d.errors, warnings = d.warnings;
                /* the tile rules alone (geometry and topology), without the set rules' findings
                 * that copies add (TYPE-DUP) */
                t0 = now();
                for (int p = 0; p < passes; p++) {
                        tkit_diags_clear(&d);
                        for (size_t i = 0; i < m.n; i++)
                                for (size_t j = 0; j < m.sets[i]->ntiles; j++)
                                        tkit_check_tile(m.sets[i], &m.sets[i]->tiles[j], 0, &d);
                }
                double tt = (now() - t0) / passes;
                printf("x%d: %ld tiles: check %.3f ms per pass, %.2f us per tile (%zu errors, %zu "
                       "warnings); tile rules %.3f ms, %.2f us per tile\n",
                       k, tiles, t * 1e3, t * 1e6 / (double)tiles, errors, warnings, tt * 1e3,
                       tt * 1e6 / (double)tiles);
                tkit_diags_finish(&d);
                tkit_setlist_finish(&m);
        }
}

int main(int argc, char **argv)
{
        if (argc > 2)
                return scaling(argv[1], atoi(argv[2]));
        const char *root = getenv("TKIT_SOURCE_ROOT");
        char *tilesets = tkit_xasprintf("%s/tilesets", root ? root : ".");
        char *files[128];
        int n = list_xml(tilesets, files, 0, 128);
        n = list_xml(getenv("TKIT_JCZ_DIR"), files, n, 128);
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        double t0 = now();
        for (int i = 0; i < n; i++)
                tkit_read_file(files[i], TKIT_FORMAT_AUTO, &l, &d);
        tkit_jcz_link(&l);
        double t1 = now();
        const int passes = 100;
        size_t findings = 0;
        for (int p = 0; p < passes; p++) {
                tkit_diags_clear(&d);
                tkit_check_setlist(&l, 0, &d);
                findings = d.n;
        }
        double t2 = now();
        long tiles = 0;
        for (size_t i = 0; i < l.n; i++)
                tiles += (long)l.sets[i]->ntiles;
        printf("%d files, %zu sets, %ld tile types: read + link %.2f ms once, check %.3f ms per "
               "pass (%zu findings)\n",
               n, l.n, tiles, (t1 - t0) * 1e3, (t2 - t1) * 1e3 / passes, findings);
        doubling(&l);
        for (int i = 0; i < n; i++)
                free(files[i]);
        free(tilesets);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        return 0;
}
