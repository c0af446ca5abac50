/* Simulated layouts as rows of the tables layouts, placements and discards (docs/schema.md).
 *
 * The simulator hands its layouts over as rows (tkit_db_layout) and gets them back the same way;
 * every SQLite call for them is here. A database is input like any file, so a row read back is
 * checked as the set loader (db/load.c) checks its rows: the storage class of each column, its
 * range as a 64-bit integer before it is narrowed, the syntax of ids, the words of the bridge
 * column. The same bounds refuse a layout that could not be read back before it is stored. */
#include "db-private.h"

#include <stdlib.h>
#include <string.h>

#define RULE_VALUE tkit_read_rule_id(TKIT_RR_DB_VALUE)

/* ---------------------------------------------------------------- the values (both ways) */

static bool check_rotation(struct tkit_dbi_row *r, long long v)
{
        if (v >= 0 && v <= 270 && v % 90 == 0)
                return true;
        tkit_dbi_bad(r, "rotation %lld is not 0, 90, 180 or 270", v);
        return false;
}

/* A placement or a discard: the set (NULL or "" for none) and the tile, the same either way. */
static bool check_set_tile(struct tkit_dbi_row *r, const char *set, const char *tile)
{
        return (!set || !set[0] || tkit_dbi_check_id(r, "set_id", set)) &&
               tkit_dbi_check_id(r, "tile_id", tile);
}

static bool check_placement(struct tkit_dbi_row *r, const struct tkit_db_placement *p)
{
        return check_set_tile(r, p->set, p->tile) &&
               tkit_dbi_check_int(r, "x", p->x, -TKIT_MAX_COORD, TKIT_MAX_COORD) &&
               tkit_dbi_check_int(r, "y", p->y, -TKIT_MAX_COORD, TKIT_MAX_COORD) &&
               check_rotation(r, p->rotation) &&
               tkit_dbi_check_int(r, "bridge", p->bridge, TKIT_BRIDGE_NONE, TKIT_BRIDGE_EW);
}

static bool check_discard(struct tkit_dbi_row *r, const struct tkit_db_discard *c)
{
        return check_set_tile(r, c->set, c->tile) &&
               tkit_dbi_check_int(r, "after", c->after, 0, INT32_MAX);
}

static const char *set_key(const void *ctx, size_t i)
{
        return ((const char *const *)ctx)[i];
}

/* At least one set, each an id (so without the commas that separate them when stored), once. */
static bool check_sets(struct tkit_dbi_row *r, const char *const *sets, size_t n)
{
        if (n == 0) {
                tkit_dbi_bad(r, "no set is in play");
                return false;
        }
        struct tkit_index seen;
        tkit_index_init(&seen);
        bool ok = true;
        for (size_t i = 0; i < n && ok; i++) {
                ok = tkit_dbi_check_id(r, "set", sets[i]);
                if (ok && tkit_index_find(&seen, sets[i], set_key, sets) >= 0) {
                        tkit_dbi_bad(r, "set '%s' is listed twice", sets[i]);
                        ok = false;
                }
                tkit_index_add(&seen, sets[i], i);
        }
        tkit_index_finish(&seen);
        return ok;
}

/* ---------------------------------------------------------------- storing */

static bool check_layout(struct tkit_dbi_row *r, const struct tkit_db_layout *l)
{
        snprintf(r->where, sizeof r->where, "layout to store");
        if (!check_sets(r, l->sets, l->nsets) ||
            !tkit_dbi_check_int(r, "players", l->players, 1, TKIT_MAX_LAYOUT_PLAYERS))
                return false;
        if (l->stats_json && !tkit_text_valid(l->stats_json, strlen(l->stats_json))) {
                tkit_dbi_bad(r, "the statistics are not UTF-8 text");
                return false;
        }
        for (size_t i = 0; i < l->nplacements; i++) {
                snprintf(r->where, sizeof r->where, "layout to store: placement %zu", i + 1);
                if (!check_placement(r, &l->placements[i]))
                        return false;
        }
        for (size_t i = 0; i < l->ndiscards; i++) {
                snprintf(r->where, sizeof r->where, "layout to store: discard %zu", i + 1);
                if (!check_discard(r, &l->discards[i]))
                        return false;
        }
        return true;
}

static char *sets_text(const struct tkit_db_layout *l)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < l->nsets; i++) {
                if (i)
                        tkit_buf_puts(&b, ",");
                tkit_buf_puts(&b, l->sets[i]);
        }
        return tkit_buf_steal(&b);
}

static int insert_rows(struct tkit_db *db, const struct tkit_db_layout *l, int64_t id,
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
                const struct tkit_db_placement *p = &l->placements[i];
                const char *axis = p->bridge ? tkit_bridge_axis_name(p->bridge) : NULL;
                int e = tkit_dbi_bind(pl, "kkttiiit", (sqlite3_int64)id, (sqlite3_int64)i,
                                      p->set ? p->set : "", p->tile, p->x, p->y, p->rotation, axis);
                if (e == SQLITE_OK)
                        e = tkit_dbi_step_done(pl);
                if (e != SQLITE_DONE)
                        rc = tkit_dbi_report(db, e, d, "storing placement %zu", i + 1);
        }
        for (size_t i = 0; i < l->ndiscards && rc == 0; i++) {
                const struct tkit_db_discard *c = &l->discards[i];
                int e = tkit_dbi_bind(dc, "kktti", (sqlite3_int64)id, (sqlite3_int64)i,
                                      c->set ? c->set : "", c->tile, c->after);
                if (e == SQLITE_OK)
                        e = tkit_dbi_step_done(dc);
                if (e != SQLITE_DONE)
                        rc = tkit_dbi_report(db, e, d, "storing discard %zu", i + 1);
        }
out:
        sqlite3_finalize(pl);
        sqlite3_finalize(dc);
        return rc;
}

/* The row of `layouts`; *id gets its key. */
static int insert_layout(struct tkit_db *db, const struct tkit_db_layout *l, int64_t *id,
                         struct tkit_diags *d)
{
        sqlite3_stmt *st = NULL;
        char *sets = sets_text(l);
        int rc = tkit_db_prepare(db,
                                 "INSERT INTO layouts(seed, sets, players, created, stats_json) "
                                 "VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), ?)",
                                 &st, d);
        if (rc == 0) {
                int e = tkit_dbi_bind(st, "ktit", (sqlite3_int64)l->seed, sets, l->players,
                                      l->stats_json);
                if (e == SQLITE_OK)
                        e = sqlite3_step(st);
                if (e == SQLITE_DONE)
                        *id = sqlite3_last_insert_rowid(db->sql);
                else
                        rc = tkit_dbi_report(db, e, d, "storing a layout");
        }
        sqlite3_finalize(st);
        free(sets);
        return rc;
}

int tkit_db_store_layout(struct tkit_db *db, const struct tkit_db_layout *l, int64_t *layout_id,
                         struct tkit_diags *d)
{
        struct tkit_dbi_row r = {.db = db, .d = d, .bad_err = TKIT_E_USAGE};
        if (!check_layout(&r, l))
                return r.err;
        bool own = sqlite3_get_autocommit(db->sql) != 0;
        if (own && tkit_db_exec(db, "SAVEPOINT tkit_layout", d) < 0)
                return TKIT_E_DB;
        int64_t id = 0;
        int rc = insert_layout(db, l, &id, d);
        if (rc == 0)
                rc = insert_rows(db, l, id, d);
        if (rc == 0 && own && tkit_db_exec(db, "RELEASE tkit_layout", d) < 0)
                rc = TKIT_E_DB;
        if (rc < 0 && own) {
                struct tkit_diags ignore;
                tkit_diags_init(&ignore);
                tkit_db_exec(db, "ROLLBACK TO tkit_layout; RELEASE tkit_layout", &ignore);
                tkit_diags_finish(&ignore);
        }
        if (rc == 0 && layout_id)
                *layout_id = id;
        return rc;
}

/* ---------------------------------------------------------------- reading */

static const char *own(struct tkit_db_layout *l, const char *s)
{
        char *c = tkit_xstrdup(s);
        *TKIT_PUSH(l->owned, l->nowned, l->capowned) = c;
        return c;
}

/* "a,b": the ids of the sets, in order. */
static bool read_sets(struct tkit_dbi_row *r, struct tkit_db_layout *l, const char *text)
{
        size_t cap = 0;
        for (const char *s = text;;) {
                const char *e = strchr(s, ',');
                size_t n = e ? (size_t)(e - s) : strlen(s);
                char *id = tkit_xstrndup(s, n);
                *TKIT_PUSH(l->owned, l->nowned, l->capowned) = id;
                *TKIT_PUSH(l->sets, l->nsets, cap) = id;
                if (!e)
                        break;
                s = e + 1;
        }
        return check_sets(r, l->sets, l->nsets);
}

/* Prepares one of the per-layout queries with the layout id bound. */
static sqlite3_stmt *query(struct tkit_dbi_row *r, const char *sql, int64_t layout_id)
{
        sqlite3_stmt *st = NULL;
        if (tkit_db_prepare(r->db, sql, &st, r->d) < 0) {
                r->err = TKIT_E_DB;
                return NULL;
        }
        int e = tkit_dbi_bind(st, "k", (sqlite3_int64)layout_id);
        if (e != SQLITE_OK) {
                r->err =
                    tkit_dbi_report(r->db, e, r->d, "reading layout %lld", (long long)layout_id);
                sqlite3_finalize(st);
                return NULL;
        }
        return st;
}

/* Steps st: true for a row; false at the end, or after an error (reported). */
static bool next_row(struct tkit_dbi_row *r, sqlite3_stmt *st, int64_t layout_id)
{
        int e = sqlite3_step(st);
        if (e == SQLITE_ROW)
                return true;
        if (e != SQLITE_DONE)
                r->err =
                    tkit_dbi_report(r->db, e, r->d, "reading layout %lld", (long long)layout_id);
        return false;
}

static bool read_head(struct tkit_dbi_row *r, struct tkit_db_layout *l, int64_t layout_id)
{
        sqlite3_stmt *st =
            query(r, "SELECT seed, sets, players, stats_json FROM layouts WHERE layout_id = ?",
                  layout_id);
        if (!st)
                return false;
        if (!next_row(r, st, layout_id)) {
                if (!r->err) {
                        tkit_diags_add(r->d, TKIT_SEV_ERROR, tkit_db_path(r->db), 0, NULL, NULL,
                                       NULL, "no layout %lld", (long long)layout_id);
                        r->err = TKIT_E_NOTFOUND;
                }
                sqlite3_finalize(st);
                return false;
        }
        snprintf(r->where, sizeof r->where, "layouts row %lld", (long long)layout_id);
        long long seed, players;
        const char *sets, *stats;
        if (tkit_dbi_col_int(r, st, 0, "seed", INT64_MIN, INT64_MAX, &seed) &&
            (sets = tkit_dbi_col_text(r, st, 1, "sets", false)) && read_sets(r, l, sets) &&
            tkit_dbi_col_int(r, st, 2, "players", 1, TKIT_MAX_LAYOUT_PLAYERS, &players)) {
                l->seed = (uint64_t)seed;
                l->players = (int)players;
                stats = tkit_dbi_col_text(r, st, 3, "stats_json", true);
                if (stats && !tkit_text_valid(stats, strlen(stats)))
                        tkit_dbi_bad(r, "stats_json is not UTF-8 text");
                else if (stats)
                        l->stats_json = own(l, stats);
        }
        sqlite3_finalize(st);
        return !r->err;
}

/* Columns from `first` on: set_id, tile_id. */
static bool read_set_tile(struct tkit_dbi_row *r, struct tkit_db_layout *l, sqlite3_stmt *st,
                          int first, const char **set, const char **tile)
{
        const char *s = tkit_dbi_col_text(r, st, first, "set_id", false);
        const char *t = s ? tkit_dbi_col_text(r, st, first + 1, "tile_id", false) : NULL;
        if (!t || !check_set_tile(r, s, t))
                return false;
        *set = s[0] ? own(l, s) : NULL;
        *tile = own(l, t);
        return true;
}

/* "TABLE row (layout N, seq K)" from column 0, the sequence number. */
static bool at_row(struct tkit_dbi_row *r, sqlite3_stmt *st, const char *table, int64_t layout_id)
{
        long long seq = sqlite3_column_int64(st, 0);
        snprintf(r->where, sizeof r->where, "%s row (layout %lld, seq %lld)", table,
                 (long long)layout_id, seq);
        return tkit_dbi_col_int(r, st, 0, "seq", 0, INT64_MAX, &seq);
}

static bool read_placement(struct tkit_dbi_row *r, struct tkit_db_layout *l, sqlite3_stmt *st,
                           int64_t layout_id, size_t *cap)
{
        struct tkit_db_placement p = {0};
        long long x, y, rot;
        if (!at_row(r, st, "placements", layout_id) ||
            !read_set_tile(r, l, st, 1, &p.set, &p.tile) ||
            !tkit_dbi_col_int(r, st, 3, "x", -TKIT_MAX_COORD, TKIT_MAX_COORD, &x) ||
            !tkit_dbi_col_int(r, st, 4, "y", -TKIT_MAX_COORD, TKIT_MAX_COORD, &y) ||
            !tkit_dbi_col_int(r, st, 5, "rotation", INT64_MIN, INT64_MAX, &rot) ||
            !check_rotation(r, rot))
                return false;
        p.x = (int)x;
        p.y = (int)y;
        p.rotation = (int)rot;
        if (sqlite3_column_type(st, 6) != SQLITE_NULL) {
                const char *axis = tkit_dbi_col_text(r, st, 6, "bridge", false);
                int a = axis ? tkit_bridge_axis_parse(axis) : -1;
                if (axis && a < 0) {
                        char *q = tkit_dbi_quoted(axis);
                        tkit_dbi_bad(r, "bridge '%s' is not one of: NS EW (or NULL for none)", q);
                        free(q);
                }
                if (a < 0)
                        return false;
                p.bridge = (enum tkit_bridge_axis)a;
        }
        *TKIT_PUSH(l->placements, l->nplacements, *cap) = p;
        return true;
}

static bool read_discard(struct tkit_dbi_row *r, struct tkit_db_layout *l, sqlite3_stmt *st,
                         int64_t layout_id, size_t *cap)
{
        struct tkit_db_discard c = {0};
        long long after;
        if (!at_row(r, st, "discards", layout_id) || !read_set_tile(r, l, st, 1, &c.set, &c.tile) ||
            !tkit_dbi_col_int(r, st, 3, "after", 0, INT32_MAX, &after))
                return false;
        c.after = (int)after;
        *TKIT_PUSH(l->discards, l->ndiscards, *cap) = c;
        return true;
}

static bool read_placements(struct tkit_dbi_row *r, struct tkit_db_layout *l, int64_t layout_id)
{
        sqlite3_stmt *st = query(r,
                                 "SELECT seq, set_id, tile_id, x, y, rotation, bridge FROM "
                                 "placements WHERE layout_id = ? ORDER BY seq",
                                 layout_id);
        size_t cap = 0;
        while (st && next_row(r, st, layout_id) && read_placement(r, l, st, layout_id, &cap))
                ;
        sqlite3_finalize(st);
        return !r->err;
}

static bool read_discards(struct tkit_dbi_row *r, struct tkit_db_layout *l, int64_t layout_id)
{
        sqlite3_stmt *st = query(
            r, "SELECT seq, set_id, tile_id, after FROM discards WHERE layout_id = ? ORDER BY seq",
            layout_id);
        size_t cap = 0;
        while (st && next_row(r, st, layout_id) && read_discard(r, l, st, layout_id, &cap))
                ;
        sqlite3_finalize(st);
        return !r->err;
}

int tkit_db_load_layout(struct tkit_db *db, int64_t layout_id, struct tkit_db_layout *out,
                        struct tkit_diags *d)
{
        memset(out, 0, sizeof(*out));
        struct tkit_dbi_row r = {.db = db, .d = d, .rule = RULE_VALUE, .bad_err = TKIT_E_INVALID};
        if (read_head(&r, out, layout_id) && read_placements(&r, out, layout_id))
                read_discards(&r, out, layout_id);
        if (r.err)
                tkit_db_layout_finish(out);
        return r.err;
}

void tkit_db_layout_finish(struct tkit_db_layout *l)
{
        for (size_t i = 0; i < l->nowned; i++)
                free(l->owned[i]);
        free(l->owned);
        free(l->sets);
        free(l->placements);
        free(l->discards);
        memset(l, 0, sizeof(*l));
}
