/* Benchmark (meson benchmark): import and load of a large set built in code, into a file.
 * Prints tiles per second; not a test, never fails on timing. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h" /* tkit_diags_write */
#include "helpers.h"

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
        int ntiles = argc > 1 ? atoi(argv[1]) : 20000;
        char *dir = make_temp_dir();
        char *path = tkit_xasprintf("%s/bench.db", dir ? dir : "/tmp");
        struct tkit_diags d;
        struct tkit_db *db = NULL;
        struct tkit_setlist l;
        struct tkit_set *back = NULL;
        int rc = 1;
        tkit_diags_init(&d);
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, rich_set("bench", ntiles));
        if (!dir || tkit_db_open(path, TKIT_DB_CREATE, &db, &d) < 0)
                goto out;
        double t0 = now();
        if (tkit_db_import(db, &l, &d) < 0)
                goto out;
        double t1 = now();
        if (tkit_db_import(db, &l, &d) < 0) /* replaces: cascade delete + insert */
                goto out;
        double t2 = now();
        if (tkit_db_load_set(db, "bench", &back, &d) < 0)
                goto out;
        double t3 = now();
        size_t n = l.sets[0]->ntiles;
        printf("import  %zu tiles: %.3f s (%.0f tiles/s)\n", n, t1 - t0, (double)n / (t1 - t0));
        printf("replace %zu tiles: %.3f s (%.0f tiles/s)\n", n, t2 - t1, (double)n / (t2 - t1));
        printf("load    %zu tiles: %.3f s (%.0f tiles/s)\n", n, t3 - t2, (double)n / (t3 - t2));
        rc = 0;
out:
        tkit_diags_write(&d, stderr, false);
        tkit_set_destroy(back);
        tkit_db_close(db);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
        remove_tree(dir);
        free(dir);
        free(path);
        return rc;
}
