/* Benchmark (meson benchmark): import and load of a large set built in code, into a file.
 * Prints tiles per second; not a test, never fails on timing.
 * With arguments WHAT N, the loader's checks for repeats at n and 2n rows added to a stored set
 * with SQL (issue 21: each was compared with every earlier one):
 *   set-names N    N more rows of set_names (a language each)
 *   tile-names N   N more names of one tile
 *   faces N        N more faces of one piece */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The SQL that adds row `i` of `what` to the stored set "bench" (rich_set: tile P0, piece
 * "fortress"). */
static char *row_sql(const char *what, int i)
{
        if (strcmp(what, "set-names") == 0)
                return tkit_xasprintf("INSERT INTO set_names VALUES ('bench', %d, 'x%d', 'n')",
                                      i + 100, i);
        if (strcmp(what, "tile-names") == 0)
                return tkit_xasprintf("INSERT INTO tile_names SELECT tile_key, %d, 'x%d', 'n' "
                                      "FROM tiles WHERE set_id = 'bench' AND tile_id = 'P0'",
                                      i + 100, i);
        return tkit_xasprintf("INSERT INTO faces (piece_key, seq, face_id, min_players, "
                              "max_players) SELECT piece_key, %d, 'f%d', 1, 0 FROM pieces "
                              "WHERE set_id = 'bench'",
                              i + 100, i);
}

/* One run: a new database file in a temporary folder with the set built in code ready to import,
 * and what loads back. */
struct run {
        char *dir, *path;
        struct tkit_diags d;
        struct tkit_db *db;
        struct tkit_setlist l;
        struct tkit_set *back;
};

/* A run with the set "bench" of `ntiles` tiles; false when the database does not open. */
static bool run_open(struct run *r, int ntiles)
{
        memset(r, 0, sizeof *r);
        r->dir = make_temp_dir();
        r->path = tkit_xasprintf("%s/bench.db", r->dir ? r->dir : "/tmp");
        tkit_diags_init(&r->d);
        tkit_setlist_init(&r->l);
        tkit_setlist_add(&r->l, rich_set("bench", ntiles));
        return r->dir && tkit_db_open(r->path, TKIT_DB_CREATE, &r->db, &r->d) == 0;
}

/* Prints what went wrong and removes everything. */
static void run_close(struct run *r)
{
        tkit_diags_write(&r->d, stderr, false);
        tkit_set_destroy(r->back);
        tkit_db_close(r->db);
        tkit_setlist_finish(&r->l);
        tkit_diags_finish(&r->d);
        remove_tree(r->dir);
        free(r->dir);
        free(r->path);
}

/* Loads the set after adding k * n rows of `what`; prints the time. */
static int repeats(const char *what, int n)
{
        int rc = 0;
        for (int k = 1; k <= 2 && rc == 0; k++) {
                struct run r;
                rc = !run_open(&r, 1) || tkit_db_import(r.db, &r.l, &r.d) < 0;
                sqlite3 *h = rc ? NULL : tkit_db_handle(r.db);
                if (h)
                        sqlite3_exec(h, "BEGIN", NULL, NULL, NULL);
                for (int i = 0; h && i < k * n && rc == 0; i++) {
                        char *sql = row_sql(what, i);
                        rc = sqlite3_exec(h, sql, NULL, NULL, NULL) != SQLITE_OK;
                        free(sql);
                }
                if (h)
                        sqlite3_exec(h, "COMMIT", NULL, NULL, NULL);
                double t0 = now();
                rc = rc || tkit_db_load_set(r.db, "bench", &r.back, &r.d) < 0;
                double t1 = now();
                if (!rc)
                        printf("%s: %d more rows: load %.3f s\n", what, k * n, t1 - t0);
                run_close(&r);
        }
        return rc;
}

int main(int argc, char **argv)
{
        if (argc > 2)
                return repeats(argv[1], atoi(argv[2]));
        struct run r;
        int rc = 1;
        if (!run_open(&r, argc > 1 ? atoi(argv[1]) : 20000))
                goto out;
        double t0 = now();
        if (tkit_db_import(r.db, &r.l, &r.d) < 0)
                goto out;
        double t1 = now();
        if (tkit_db_import(r.db, &r.l, &r.d) < 0) /* replaces: cascade delete + insert */
                goto out;
        double t2 = now();
        if (tkit_db_load_set(r.db, "bench", &r.back, &r.d) < 0)
                goto out;
        double t3 = now();
        size_t n = r.l.sets[0]->ntiles;
        printf("import  %zu tiles: %.3f s (%.0f tiles/s)\n", n, t1 - t0, (double)n / (t1 - t0));
        printf("replace %zu tiles: %.3f s (%.0f tiles/s)\n", n, t2 - t1, (double)n / (t2 - t1));
        printf("load    %zu tiles: %.3f s (%.0f tiles/s)\n", n, t3 - t2, (double)n / (t3 - t2));
        rc = 0;
out:
        run_close(&r);
        return rc;
}
