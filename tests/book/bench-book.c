/* Benchmark of tilekit book: a chapter of 50 pictures (the first 50 scenes of scenes/, in name
 * order, each with a paragraph holding two computed values) read, resolved and written as PDF
 * and as HTML, best of 3 runs per phase. Environment: TKIT_SOURCE (the source tree). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "book/tkit-book.h"
#include "formats/tkit-formats.h"

#define PICTURES 50
#define RUNS 3

static double now(void)
{
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int by_name(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The chapter: per scene a heading, its picture and a sentence with two values. */
static char *chapter(const char *src, size_t *n)
{
        char *dir = tkit_xasprintf("%s/scenes", src);
        DIR *d = opendir(dir);
        if (!d)
                return NULL;
        char **names = NULL;
        size_t nn = 0, cap = 0;
        for (struct dirent *e; (e = readdir(d));) {
                size_t l = strlen(e->d_name);
                if (l > 4 && strcmp(e->d_name + l - 4, ".xml") == 0)
                        *TKIT_PUSH(names, nn, cap) = tkit_xstrndup(e->d_name, l - 4);
        }
        closedir(d);
        qsort(names, nn, sizeof *names, by_name);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "# Fifty pictures\n\n");
        *n = 0;
        for (size_t i = 0; i < nn; i++) {
                if (*n < PICTURES) {
                        tkit_buf_printf(&b,
                                        "## %s\n\n![The scene %s](%s/%s.xml)\n\nIts move has %s "
                                        "`=%s:events` events, `=%s:count:returned` of them "
                                        "figures going back.\n\n",
                                        names[i], names[i], dir, names[i], names[i], names[i],
                                        names[i]);
                        (*n)++;
                }
                free(names[i]);
        }
        free(names);
        free(dir);
        return tkit_buf_steal(&b);
}

int main(void)
{
        const char *src = getenv("TKIT_SOURCE");
        if (!src)
                return 1;
        struct tkit_setlist sets;
        tkit_setlist_init(&sets);
        struct tkit_diags d;
        tkit_diags_init(&d);
        double t0 = now();
        static const char *const files[] = {"tilesets/base.xml",
                                            "tilesets/river.xml",
                                            "tilesets/castles-bridges.xml",
                                            "tilesets/siege-defense.xml",
                                            "tilesets/besiegers.xml",
                                            "tilesets/cathars.xml",
                                            "tilesets/siege-rgg.xml",
                                            "tilesets/inns-cathedrals.xml",
                                            "tilesets/traders-builders.xml"}; /* every bundled set: a scene may need any (bcs-besieged-pig: the pig) */
        for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
                char *p = tkit_xasprintf("%s/%s", src, files[i]);
                tkit_read_file(p, TKIT_FORMAT_AUTO, &sets, &d);
                free(p);
        }
        double tsets = now() - t0;
        size_t npics;
        char *md = chapter(src, &npics);
        if (!md || npics < PICTURES) {
                fprintf(stderr, "bench-book: fewer than %d scenes in %s/scenes\n", PICTURES, src);
                return 1;
        }
        double best[3] = {1e9, 1e9, 1e9};
        int rc = 0;
        for (int run = 0; run < RUNS && !rc; run++) {
                double a = now();
                struct tkit_book *b = tkit_book_read(md, strlen(md), "bench.md", &d);
                rc = tkit_book_resolve(b, NULL, sets.sets, sets.n, &d);
                double r = now();
                FILE *f = fopen("/dev/null", "wb");
                int pages = 0;
                rc = rc ? rc : tkit_book_write(b, NULL, TKIT_BOOK_PDF, f, "bench.pdf", &pages, &d);
                double p = now();
                rc = rc ? rc : tkit_book_write(b, NULL, TKIT_BOOK_HTML, f, "bench.html", NULL, &d);
                double h = now();
                fclose(f);
                tkit_book_destroy(b);
                double t[3] = {r - a, p - r, h - p};
                for (int k = 0; k < 3; k++)
                        best[k] = t[k] < best[k] ? t[k] : best[k];
                if (run == 0)
                        printf("book: %zu pictures, %d PDF pages\n", npics, pages);
        }
        for (size_t i = 0; i < d.n && rc; i++) {
                char *m = tkit_diag_format(&d.v[i]);
                fprintf(stderr, "%s\n", m);
                free(m);
        }
        if (!rc) {
                printf("book: tile sets read in %.3f s (once)\n", tsets);
                printf("book: read + resolve (%d scenes applied) %.3f s\n", PICTURES, best[0]);
                printf("book: PDF %.3f s, HTML %.3f s\n", best[1], best[2]);
                printf("book: chapter of %d pictures to PDF: %.3f s (%.1f pictures/s)\n", PICTURES,
                       best[0] + best[1], PICTURES / (best[0] + best[1]));
        }
        free(md);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&sets);
        return rc ? 1 : 0;
}
