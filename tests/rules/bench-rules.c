/* Benchmark (meson benchmark, not a test): reads every bundled tile set and JCloisterZone file
 * once, then checks them all many times, and prints the time per pass of each step. */
#include <dirent.h>
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

int main(void)
{
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
        for (int i = 0; i < n; i++)
                free(files[i]);
        free(tilesets);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        return 0;
}
