/* The database as input, for fuzz-import and the replay of its crashes in tests/badinput: after a
 * set is imported, bytes chosen by the fuzzer pick tables, columns and rows and set them to
 * integers, text, blobs, reals or NULL (or delete rows, or drop an index), as anyone with sqlite3
 * can; then every stored set is loaded. Loading must not crash and must either succeed without
 * an error or fail with one; what loads must be writable as XML that reads back, checkable and
 * (when small) playable. Header-only so that the fuzzers need no test library. */
#ifndef TKIT_FUZZ_DBMUTATE_H
#define TKIT_FUZZ_DBMUTATE_H

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"
#include "sim/tkit-sim.h"

/* Every table the loader reads, and the columns that can be changed. */
static const char *const mutate_tables[][12] = {
    {"sets", "set_id", "edition", "year", "rules_mask", "source_format", "file", "line", NULL},
    {"set_names", "lang", "text", "seq", NULL},
    {"set_requires", "requires", "seq", NULL},
    {"tokens", "kind", "count", "line", "seq", NULL},
    {"manifest", "what", "of", "tile_group", "count", "note", "line", NULL},
    {"pieces", "piece_id", "count", "width", "height", "basis", "provenance", "line", NULL},
    {"tiles", "tile_id", "count", "tile_group", "start", "basis", "provenance", "illustrations",
     "cell_x", "cell_y", "piece_key", NULL},
    {"tile_names", "lang", "text", NULL},
    {"features", "feature_id", "kind", "mask", "pennants", "besieger", "cathedral", "end_kind",
     "junction", "overpass", "inn", "line"},
    {"field_touches", "city_id", "seq", NULL},
    {"siege_symbols", "post", "seq", NULL},
    {"markers", "name", "value", "line", "tile_key", "feature_key", NULL},
    {"piece_names", "lang", "text", NULL},
    {"faces", "face_id", "min_players", "max_players", "line", NULL},
    {"posts", "kind", "plain", "dark3", "fiveplus", "meeple", "catapult", "line", NULL},
};
#define MUTATE_NTABLES (sizeof mutate_tables / sizeof *mutate_tables)

static const long long mutate_ints[] = {0,
                                        1,
                                        -1,
                                        2,
                                        3,
                                        15,
                                        16,
                                        17,
                                        99,
                                        100,
                                        1000,
                                        1001,
                                        4095,
                                        4096,
                                        65535,
                                        65536,
                                        999999999,
                                        1000000000,
                                        2147483647,
                                        2147483648LL,
                                        4294967297LL,
                                        -2147483648LL,
                                        INT64_MAX,
                                        INT64_MIN};
static const char *const mutate_words[] = {
    "",        "a b",     "city",    "road", "field",      "river",   "cloister", "garden",
    "any",     "knights", "monks",   "land", "fortress",   "village", "source",   "cathar",
    "tilekit", "jcz",     "en",      "x",    "GBTWESCGB",  "Z",       "\xff",     "\xc0\xaf",
    "\x01",    "feature", "symbols", "base", "well-known", "c",       "f",        "D"};

/* A cursor over the fuzzer's bytes; 0 once they run out. */
struct mutate_bytes {
        const uint8_t *p;
        size_t n;
};

static inline unsigned mutate_byte(struct mutate_bytes *b)
{
        if (!b->n)
                return 0;
        b->n--;
        return *b->p++;
}

/* Binds parameter 1 to a value the bytes choose. */
static inline void mutate_bind_value(sqlite3_stmt *st, struct mutate_bytes *b)
{
        unsigned kind = mutate_byte(b) % 7, k = mutate_byte(b);
        char raw[8];
        size_t len = mutate_byte(b) % sizeof raw;
        for (size_t i = 0; i < len; i++)
                raw[i] = (char)mutate_byte(b);
        switch (kind) {
        case 0:
        case 1:
                sqlite3_bind_int64(st, 1,
                                   mutate_ints[k % (sizeof mutate_ints / sizeof *mutate_ints)]);
                break;
        case 2:
                sqlite3_bind_text(st, 1,
                                  mutate_words[k % (sizeof mutate_words / sizeof *mutate_words)],
                                  -1, SQLITE_STATIC);
                break;
        case 3:
                sqlite3_bind_text(st, 1, raw, (int)len, SQLITE_TRANSIENT);
                break;
        case 4:
                sqlite3_bind_blob(st, 1, raw, (int)len, SQLITE_TRANSIENT);
                break;
        case 5:
                sqlite3_bind_double(st, 1, (double)(int8_t)k / 4.0);
                break;
        default:
                sqlite3_bind_null(st, 1);
        }
}

/* One change: UPDATE a column of one row (or of every row), DELETE a row, or drop an index. */
static inline void mutate_once(sqlite3 *h, struct mutate_bytes *b)
{
        const char *const *t = mutate_tables[mutate_byte(b) % MUTATE_NTABLES];
        size_t ncols = 0;
        while (ncols + 1 < 12 && t[ncols + 1])
                ncols++;
        const char *col = t[1 + mutate_byte(b) % ncols];
        unsigned op = mutate_byte(b) % 8, row = mutate_byte(b) % 64;
        char sql[256];
        /* every table has a rowid except the WITHOUT ROWID ones; `_rowid_` fails there and
         * the whole-table forms are used instead */
        if (op == 7) {
                static const char *const idx[] = {"tiles_box_id", "tiles_cell"};
                snprintf(sql, sizeof sql, "DROP INDEX IF EXISTS %s", idx[row % 2]);
                sqlite3_exec(h, sql, NULL, NULL, NULL);
                return;
        }
        if (op == 6)
                snprintf(
                    sql, sizeof sql,
                    "DELETE FROM %s WHERE _rowid_ = (SELECT _rowid_ FROM %s LIMIT 1 OFFSET %u)",
                    t[0], t[0], row);
        else if (op >= 3)
                snprintf(sql, sizeof sql, "UPDATE %s SET %s = ?1", t[0], col);
        else
                snprintf(sql, sizeof sql,
                         "UPDATE %s SET %s = ?1 WHERE _rowid_ = "
                         "(SELECT _rowid_ FROM %s LIMIT 1 OFFSET %u)",
                         t[0], col, t[0], row);
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK && op < 3) {
                snprintf(sql, sizeof sql, "UPDATE %s SET %s = ?1 WHERE seq = %u", t[0], col,
                         row % 4);
                sqlite3_finalize(st);
                st = NULL;
                sqlite3_prepare_v2(h, sql, -1, &st, NULL);
        }
        if (st) {
                if (op != 6)
                        mutate_bind_value(st, b);
                sqlite3_step(st); /* constraints may refuse it: that is fine */
        }
        sqlite3_finalize(st);
}

/* The bytes that drive the changes: what follows the last "<!--M" in the input (a comment after
 * the root element is still well-formed XML), else the whole input. */
static inline struct mutate_bytes mutate_source(const uint8_t *data, size_t size)
{
        struct mutate_bytes b = {data, size};
        for (size_t i = size; i >= 5; i--)
                if (memcmp(data + i - 5, "<!--M", 5) == 0) {
                        b.p = data + i;
                        b.n = size - i;
                        break;
                }
        return b;
}

/* Loads set `id` from the changed database; false with *why (caller frees) when a property
 * fails. */
static inline bool mutate_load_one(struct tkit_db *db, const char *id, char **why)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_set *s = NULL;
        int rc = tkit_db_load_set(db, id, &s, &d);
        *why = NULL;
        if (rc == 0 && (d.errors || !s))
                *why = tkit_xasprintf("set '%s' loaded with %zu errors", id, d.errors);
        else if (rc != 0 && (!d.errors || s))
                *why = tkit_xasprintf("set '%s' refused (%d) without an error", id, rc);
        if (rc == 0 && s && !*why) {
                struct tkit_buf x;
                struct tkit_setlist back;
                tkit_buf_init(&x);
                tkit_setlist_init(&back);
                tkit_native_write(s, &x);
                tkit_diags_clear(&d);
                if (tkit_read_memory(x.data, x.len, "loaded.xml", TKIT_FORMAT_NATIVE, &back, &d) !=
                    0) {
                        char *first = d.n ? tkit_diag_format(&d.v[0]) : tkit_xstrdup("?");
                        *why = tkit_xasprintf("set '%s' as loaded is not read back: %s\n%.3000s",
                                              id, first, x.data);
                        free(first);
                }
                tkit_setlist_finish(&back);
                tkit_buf_finish(&x);
                tkit_check_set(s, NULL, TKIT_CHECK_VALIDATE, &d);
                if (tkit_set_tile_total(s) <= 300) {
                        struct tkit_sim_options o;
                        tkit_sim_options_init(&o);
                        tkit_layout_destroy(tkit_simulate(&s, 1, &o, &d));
                }
        }
        tkit_set_destroy(s);
        tkit_diags_finish(&d);
        return *why == NULL;
}

/* Changes the database as the bytes say, then loads every stored set. */
static inline bool mutate_and_load(struct tkit_db *db, const uint8_t *data, size_t size, char **why)
{
        sqlite3 *h = tkit_db_handle(db);
        struct mutate_bytes b = mutate_source(data, size);
        *why = NULL;
        sqlite3_exec(h, "PRAGMA foreign_keys = OFF", NULL, NULL, NULL);
        for (int i = 0; i < 4 && b.n; i++)
                mutate_once(h, &b);
        sqlite3_exec(h, "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
        struct tkit_diags d;
        tkit_diags_init(&d);
        char **ids = NULL;
        size_t n = 0;
        int rc = tkit_db_set_ids(db, &ids, &n, &d);
        if (rc != 0 && !d.errors)
                *why = tkit_xstrdup("set ids refused without an error");
        for (size_t i = 0; i < n && !*why; i++)
                mutate_load_one(db, ids[i], why);
        tkit_db_free_ids(ids, n);
        tkit_diags_finish(&d);
        return *why == NULL;
}

#endif
