/* Layouts in the database: tables layouts, placements, discards (db/schema.sql). */
#include "sim/sim-private.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"

static int db_fail(struct tkit_db *db, struct tkit_diags *d, const char *what)
{
        tkit_diags_add(d, TKIT_SEV_ERROR, tkit_db_path(db), 0, NULL, NULL, NULL, "%s: %s", what,
                       sqlite3_errmsg(tkit_db_handle(db)));
        return TKIT_E_DB;
}

static char *sets_text(const struct tkit_layout *l)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < l->nsets; i++) {
                if (i)
                        tkit_buf_puts(&b, ",");
                tkit_buf_puts(&b, l->sets[i]);
        }
        tkit_buf_add(&b, "", 0);
        return tkit_buf_steal(&b);
}

static char *stats_text(const struct tkit_layout *l)
{
        if (!l->has_stats)
                return NULL;
        /* the "stats" object of the JSON form, alone */
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "{");
        for (int i = 0; i < TKIT_SIM_NSTATS; i++)
                tkit_buf_printf(&b, "%s\"%s\": %d", i ? ", " : "", tkit_sim_stats_name(i),
                                tkit_sim_stats_value(&l->stats, i));
        tkit_buf_puts(&b, "}");
        return tkit_buf_steal(&b);
}

static int insert_rows(struct tkit_db *db, const struct tkit_layout *l, int64_t id,
                       struct tkit_diags *d)
{
        sqlite3_stmt *pl = NULL, *dc = NULL;
        int rc = 0;
        if (tkit_db_prepare(db,
                            "INSERT INTO placements(layout_id, seq, set_id, tile_id, x, y, "
                            "rotation, bridge) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                            &pl, d) < 0 ||
            tkit_db_prepare(db,
                            "INSERT INTO discards(layout_id, seq, set_id, tile_id, after) "
                            "VALUES (?, ?, ?, ?, ?)",
                            &dc, d) < 0) {
                rc = TKIT_E_DB;
                goto out;
        }
        for (size_t i = 0; i < l->nplacements && rc == 0; i++) {
                const struct tkit_placement *p = &l->placements[i];
                sqlite3_reset(pl);
                if (sqlite3_bind_int64(pl, 1, id) || sqlite3_bind_int64(pl, 2, (int64_t)i) ||
                    sqlite3_bind_text(pl, 3, p->set ? p->set : "", -1, SQLITE_STATIC) ||
                    sqlite3_bind_text(pl, 4, p->tile, -1, SQLITE_STATIC) ||
                    sqlite3_bind_int(pl, 5, p->x) || sqlite3_bind_int(pl, 6, p->y) ||
                    sqlite3_bind_int(pl, 7, p->rotation) ||
                    (p->bridge ? sqlite3_bind_text(pl, 8, tkit_bridge_axis_name(p->bridge), -1,
                                                   SQLITE_STATIC)
                               : sqlite3_bind_null(pl, 8)) ||
                    sqlite3_step(pl) != SQLITE_DONE)
                        rc = db_fail(db, d, "storing a placement");
        }
        for (size_t i = 0; i < l->ndiscards && rc == 0; i++) {
                const struct tkit_discard *c = &l->discards[i];
                sqlite3_reset(dc);
                if (sqlite3_bind_int64(dc, 1, id) || sqlite3_bind_int64(dc, 2, (int64_t)i) ||
                    sqlite3_bind_text(dc, 3, c->set ? c->set : "", -1, SQLITE_STATIC) ||
                    sqlite3_bind_text(dc, 4, c->tile, -1, SQLITE_STATIC) ||
                    sqlite3_bind_int(dc, 5, c->after) || sqlite3_step(dc) != SQLITE_DONE)
                        rc = db_fail(db, d, "storing a discard");
        }
out:
        sqlite3_finalize(pl);
        sqlite3_finalize(dc);
        return rc;
}

int tkit_layout_store(struct tkit_db *db, const struct tkit_layout *l, int64_t *layout_id,
                      struct tkit_diags *d)
{
        sqlite3 *h = tkit_db_handle(db);
        bool own = sqlite3_get_autocommit(h) != 0;
        sqlite3_stmt *st = NULL;
        char *sets = sets_text(l), *stats = stats_text(l);
        int rc = 0;
        if (own && tkit_db_exec(db, "SAVEPOINT tkit_layout", d) < 0) {
                rc = TKIT_E_DB;
                goto out;
        }
        if (tkit_db_prepare(db,
                            "INSERT INTO layouts(seed, sets, players, created, stats_json) "
                            "VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?)",
                            &st, d) < 0) {
                rc = TKIT_E_DB;
                goto undo;
        }
        if (sqlite3_bind_int64(st, 1, (sqlite3_int64)l->seed) ||
            sqlite3_bind_text(st, 2, sets, -1, SQLITE_STATIC) ||
            sqlite3_bind_int(st, 3, l->players) ||
            (stats ? sqlite3_bind_text(st, 4, stats, -1, SQLITE_STATIC)
                   : sqlite3_bind_null(st, 4)) ||
            sqlite3_step(st) != SQLITE_DONE) {
                rc = db_fail(db, d, "storing a layout");
                goto undo;
        }
        int64_t id = sqlite3_last_insert_rowid(h);
        if ((rc = insert_rows(db, l, id, d)) < 0)
                goto undo;
        if (layout_id)
                *layout_id = id;
        if (own && tkit_db_exec(db, "RELEASE tkit_layout", d) < 0)
                rc = TKIT_E_DB;
        goto out;
undo:
        if (own) {
                struct tkit_diags ignore;
                tkit_diags_init(&ignore);
                tkit_db_exec(db, "ROLLBACK TO tkit_layout; RELEASE tkit_layout", &ignore);
                tkit_diags_finish(&ignore);
        }
out:
        sqlite3_finalize(st);
        free(sets);
        free(stats);
        return rc;
}

static const char *col_text(sqlite3_stmt *st, int i)
{
        const unsigned char *t = sqlite3_column_text(st, i);
        return t ? (const char *)t : "";
}

static void split_sets(struct tkit_layout *l, const char *s)
{
        while (*s) {
                const char *e = strchr(s, ',');
                size_t n = e ? (size_t)(e - s) : strlen(s);
                if (n)
                        *TKIT_PUSH(l->sets, l->nsets, l->capsets) = tkit_xstrndup(s, n);
                s += n + (e ? 1 : 0);
        }
}

/* Prepares one of the per-layout queries and binds the layout id (its only parameter). */
static int prepare_for(struct tkit_db *db, const char *sql, int64_t layout_id, sqlite3_stmt **st,
                       struct tkit_diags *d)
{
        if (tkit_db_prepare(db, sql, st, d) < 0)
                return TKIT_E_DB;
        if (sqlite3_bind_int64(*st, 1, layout_id) != SQLITE_OK)
                return db_fail(db, d, "reading a layout");
        return 0;
}

int tkit_layout_load(struct tkit_db *db, int64_t layout_id, struct tkit_layout **out,
                     struct tkit_diags *d)
{
        sqlite3_stmt *st = NULL;
        struct tkit_layout *l = NULL;
        int rc = 0, step;
        *out = NULL;
        if ((rc = prepare_for(db, "SELECT seed, sets, players FROM layouts WHERE layout_id = ?",
                              layout_id, &st, d)) < 0)
                goto out;
        step = sqlite3_step(st);
        if (step != SQLITE_ROW) {
                if (step == SQLITE_DONE) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, tkit_db_path(db), 0, NULL, NULL, NULL,
                                       "no layout %lld", (long long)layout_id);
                        rc = TKIT_E_NOTFOUND;
                } else {
                        rc = db_fail(db, d, "reading a layout");
                }
                goto out;
        }
        l = tkit_sim_layout_new();
        l->seed = (uint64_t)sqlite3_column_int64(st, 0);
        split_sets(l, col_text(st, 1));
        l->players = sqlite3_column_int(st, 2);
        sqlite3_finalize(st);
        st = NULL;
        if ((rc = prepare_for(db,
                              "SELECT set_id, tile_id, x, y, rotation, bridge FROM placements "
                              "WHERE layout_id = ? ORDER BY seq",
                              layout_id, &st, d)) < 0)
                goto out;
        while ((step = sqlite3_step(st)) == SQLITE_ROW) {
                struct tkit_placement *p =
                    TKIT_PUSH(l->placements, l->nplacements, l->capplacements);
                memset(p, 0, sizeof(*p));
                p->set = tkit_sim_layout_intern(l, col_text(st, 0));
                p->tile = tkit_sim_layout_intern(l, col_text(st, 1));
                p->x = sqlite3_column_int(st, 2);
                p->y = sqlite3_column_int(st, 3);
                p->rotation = sqlite3_column_int(st, 4);
                int a = tkit_bridge_axis_parse(col_text(st, 5));
                p->bridge = a < 0 ? TKIT_BRIDGE_NONE : (enum tkit_bridge_axis)a;
        }
        if (step != SQLITE_DONE) {
                rc = db_fail(db, d, "reading placements");
                goto out;
        }
        sqlite3_finalize(st);
        st = NULL;
        if ((rc = prepare_for(db,
                              "SELECT set_id, tile_id, after FROM discards WHERE layout_id = ? "
                              "ORDER BY seq",
                              layout_id, &st, d)) < 0)
                goto out;
        while ((step = sqlite3_step(st)) == SQLITE_ROW) {
                struct tkit_discard *c = TKIT_PUSH(l->discards, l->ndiscards, l->capdiscards);
                memset(c, 0, sizeof(*c));
                c->set = tkit_sim_layout_intern(l, col_text(st, 0));
                c->tile = tkit_sim_layout_intern(l, col_text(st, 1));
                c->after = sqlite3_column_int(st, 2);
        }
        if (step != SQLITE_DONE)
                rc = db_fail(db, d, "reading discards");
out:
        sqlite3_finalize(st);
        if (rc < 0)
                tkit_layout_destroy(l);
        else
                *out = l;
        return rc;
}
