/* Benchmark of how tilekit book scales (issue 29): chapters of 10, 100 and 1,000 pictures (the
 * bundled scenes in turn) read, resolved and written as HTML, and one line holding 1,000 to
 * 50,000 computed values read and resolved. Prints each time and its ratio to the smallest case:
 * linear work gives ratios near the ratios of the sizes (x10, x100; x5, x10, x50). Before the
 * fix, ids were prefixed by strstr from every hit and a value's column was counted from the
 * start of its line: 12,500 -> 50,000 values took 1.1 -> 18.5 s. (Such a line is a paragraph
 * longer than a page: BOOK-LIMIT, reported once all was read and resolved.) CPU time is
 * measured, so that other work on the machine does not count. Environment: TKIT_SOURCE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "book/tkit-book.h"
#include "formats/tkit-formats.h"

static double now(void)
{
        struct timespec t;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static const char *const scenes[] = {"cb-example-2", "cb-example-3", "sd-example-8"};
#define NSCENES (sizeof scenes / sizeof *scenes)

/* Reads, resolves and (with `html`) writes `md` to /dev/null; seconds, or -1 after printing the
 * first diagnostics. */
static double run(const char *md, struct tkit_setlist *sets, bool html)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        double t0 = now();
        struct tkit_book *b = tkit_book_read(md, strlen(md), "bench.md", &d);
        int rc = tkit_book_resolve(b, NULL, sets->sets, sets->n, &d);
        FILE *f = fopen("/dev/null", "wb");
        if (!rc && html)
                rc = tkit_book_write(b, NULL, TKIT_BOOK_HTML, f, "bench.html", NULL, &d);
        double t = now() - t0;
        fclose(f);
        /* a line of thousands of values is a paragraph longer than a page: BOOK-LIMIT is the
         * expected finding there, found after everything was read and resolved */
        size_t other = 0;
        for (size_t i = 0; i < d.n; i++)
                other += d.v[i].severity == TKIT_SEV_ERROR &&
                         (!d.v[i].rule || strcmp(d.v[i].rule, "BOOK-LIMIT") != 0);
        if (!html && rc && !other)
                rc = 0;
        for (size_t i = 0; i < d.n && i < 5 && rc; i++) {
                char *m = tkit_diag_format(&d.v[i]);
                fprintf(stderr, "%s\n", m);
                free(m);
        }
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        return rc ? -1 : t;
}

static char *pictures(const char *src, int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "# Pictures\n\n");
        for (int i = 0; i < n; i++)
                tkit_buf_printf(&b, "![Picture %d](%s/scenes/%s.xml)\n\n", i, src,
                                scenes[(size_t)i % NSCENES]);
        return tkit_buf_steal(&b);
}

static char *one_line(const char *src, int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "# Values\n\n![The scene](%s/scenes/cb-example-2.xml)\n\n", src);
        for (int i = 0; i < n; i++)
                tkit_buf_puts(&b, "`=cb-example-2:events` ");
        tkit_buf_puts(&b, "\n");
        return tkit_buf_steal(&b);
}

static int series(const char *what, const char *src, const int *sizes, size_t n,
                  char *(*make)(const char *, int), struct tkit_setlist *sets, bool html)
{
        double first = 0;
        for (size_t i = 0; i < n; i++) {
                char *md = make(src, sizes[i]);
                double t = run(md, sets, html);
                free(md);
                if (t < 0)
                        return 1;
                first = i == 0 ? t : first;
                printf("book-scale: %-24s %6d: %8.3f s  x%.1f (size x%d)\n", what, sizes[i], t,
                       t / first, sizes[i] / sizes[0]);
        }
        return 0;
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
        static const char *const files[] = {"base", "river", "castles-bridges", "siege-defense",
                                            "besiegers", "cathars", "siege-rgg",
                                            "inns-cathedrals"};
        for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
                char *p = tkit_xasprintf("%s/tilesets/%s.xml", src, files[i]);
                tkit_read_file(p, TKIT_FORMAT_AUTO, &sets, &d);
                free(p);
        }
        tkit_diags_finish(&d);
        static const int pics[] = {10, 100, 1000};
        static const int spans[] = {1000, 5000, 10000, 50000};
        int rc = series("pictures (HTML)", src, pics, 3, pictures, &sets, true);
        rc = rc ? rc : series("values on one line", src, spans, 4, one_line, &sets, false);
        tkit_setlist_finish(&sets);
        return rc;
}
