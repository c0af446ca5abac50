/* Benchmark (meson benchmark, not a test): reads the 30 vendored JCloisterZone files together,
 * then exports each file's sets as JCloisterZone XML (writing, reading back and comparing, as
 * tkit_jcz_write does), many times, and prints the time per pass over all 30; likewise all sets
 * into one file. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/tkit-formats.h"

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Exports the sets of `l` read from `file` (all when NULL); returns the bytes written or -1. */
static long export_file(const struct tkit_setlist *l, const char *file)
{
        const struct tkit_set **v = tkit_xcalloc(l->n + 1, sizeof *v);
        size_t n = 0;
        for (size_t i = 0; i < l->n; i++)
                if (!file || strcmp(l->sets[i]->file, file) == 0)
                        v[n++] = l->sets[i];
        struct tkit_buf b;
        struct tkit_diags d;
        tkit_buf_init(&b);
        tkit_diags_init(&d);
        int rc = tkit_jcz_write(v, n, &b, &d);
        long len = rc == 0 ? (long)b.len : -1;
        if (rc != 0)
                tkit_diags_write(&d, stderr, false);
        tkit_buf_finish(&b);
        tkit_diags_finish(&d);
        free(v);
        return len;
}

int main(void)
{
        const char *ext = getenv("TKIT_EXTERNAL");
        char *pattern = tkit_xasprintf("%s/jcloisterzone/*.xml", ext ? ext : "third_party");
        glob_t g;
        if (glob(pattern, 0, NULL, &g) != 0)
                return 1;
        free(pattern);
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        int rc =
            tkit_read_files((const char *const *)g.gl_pathv, g.gl_pathc, TKIT_FORMAT_JCZ, &l, &d);
        const int passes = 20;
        double t_each = 0, t_all = 0;
        long bytes = 0;
        for (int p = 0; p < passes && rc == 0; p++) {
                double t0 = now();
                for (size_t i = 0; i < g.gl_pathc && rc == 0; i++) {
                        long n = export_file(&l, g.gl_pathv[i]);
                        rc = n < 0;
                        bytes += p == 0 ? n : 0;
                }
                double t1 = now();
                rc = rc || export_file(&l, NULL) < 0;
                t_each += t1 - t0;
                t_all += now() - t1;
        }
        size_t tiles = 0;
        for (size_t i = 0; i < l.n; i++)
                tiles += l.sets[i]->ntiles;
        printf("%zu JCloisterZone files, %zu sets, %zu tiles in sets: %.2f ms per export of each "
               "file (%ld bytes in all), %.2f ms per export of all into one file\n",
               g.gl_pathc, l.n, tiles, t_each * 1e3 / passes, bytes, t_all * 1e3 / passes);
        globfree(&g);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
        tkit_formats_cleanup();
        return rc ? 1 : 0;
}
