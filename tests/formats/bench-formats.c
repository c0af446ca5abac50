/* Benchmark (meson benchmark, not a test): reads every bundled tile set, then writes each back,
 * many times, and prints the time per pass. */
#include <dirent.h>
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

int main(void)
{
        const char *root = getenv("TKIT_SOURCE_ROOT");
        char *dir = tkit_xasprintf("%s/tilesets", root ? root : ".");
        char *files[64];
        int n = 0;
        DIR *dp = opendir(dir);
        if (!dp)
                return 1;
        for (struct dirent *e; (e = readdir(dp)) && n < 64;) {
                size_t len = strlen(e->d_name);
                if (len > 4 && strcmp(e->d_name + len - 4, ".xml") == 0)
                        files[n++] = tkit_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(dp);
        const int passes = 50;
        double t_read = 0, t_write = 0, t_first = 0;
        int tiles = 0, rc = 0;
        for (int p = 0; p < passes && rc == 0; p++) {
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                double t0 = now();
                for (int i = 0; i < n && rc == 0; i++)
                        rc = tkit_read_file(files[i], TKIT_FORMAT_AUTO, &l, &d);
                double t1 = now();
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (size_t i = 0; i < l.n; i++)
                        tkit_native_write(l.sets[i], &b);
                double t2 = now();
                if (p == 0) {
                        t_first = t1 - t0; /* includes compiling the schema */
                        for (size_t i = 0; i < l.n; i++)
                                tiles += (int)l.sets[i]->ntiles;
                } else {
                        t_read += t1 - t0;
                }
                t_write += t2 - t1;
                if (rc)
                        tkit_diags_write(&d, stderr, false);
                tkit_buf_finish(&b);
                tkit_setlist_finish(&l);
                tkit_diags_finish(&d);
        }
        printf("%d files, %d tile types: first read %.2f ms (with schema compile), then %.2f ms "
               "per read of all, %.2f ms per write of all\n",
               n, tiles, t_first * 1e3, t_read * 1e3 / (passes - 1), t_write * 1e3 / passes);
        for (int i = 0; i < n; i++)
                free(files[i]);
        free(dir);
        tkit_formats_cleanup();
        return rc ? 1 : 0;
}
