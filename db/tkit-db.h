/*
 * tilekit — the SQLite store: schema (db/schema.sql, documented in docs/schema.md), migrations
 * keyed by PRAGMA user_version, import of tile sets (one transaction, all or nothing), lossless
 * loading back into the model, listing, and check findings.
 *
 * Errors go into the caller's struct tkit_diags as `DBFILE: error: message` (SQLite's own message
 * included); functions return 0 or a negative enum tkit_error. The library never prints.
 *
 * A handle is used by one thread at a time. Every SQLite call of the library is in db/: the other
 * modules store and read through the functions below (the simulator's layouts as rows, see
 * tkit_db_store_layout). tkit_db_handle, tkit_db_prepare and tkit_db_exec are for programs and
 * tests that run their own SQL; use tkit_db_prepare so SQLite's message reaches the diagnostics.
 */
#ifndef TKIT_DB_H
#define TKIT_DB_H

#include <stddef.h>
#include <stdint.h>

#include "model/tkit-model.h"

struct sqlite3;
struct sqlite3_stmt;

/* The schema version this program writes; databases with a larger PRAGMA user_version are
 * refused, smaller ones are migrated when opened for writing. */
#define TKIT_DB_SCHEMA_VERSION 2
/* PRAGMA application_id of tilekit databases ("TKIT"). */
#define TKIT_DB_APPLICATION_ID 0x544b4954

enum tkit_db_flags {
        TKIT_DB_CREATE = 1u << 0,   /* create the file (and the schema) when missing */
        TKIT_DB_READONLY = 1u << 1, /* open read-only: never writes, never migrates */
        TKIT_DB_MEMORY = 1u << 2,   /* allow ":memory:" (tests, fuzzers): kept until closed */
};

struct tkit_db;

/* Opens (and with TKIT_DB_CREATE creates) the database at `path`, checks that it is a tilekit
 * database, and migrates an older schema (read-write only). Refuses, changing nothing: a name
 * that keeps nothing (":memory:" unless TKIT_DB_MEMORY, "", and every "file:" URI, which may
 * name a database in memory), a file that is not SQLite, a SQLite file with tables of some other
 * program, a schema version below 0 or newer than TKIT_DB_SCHEMA_VERSION, a read-only file or
 * directory when writing is asked for, a database locked by another writer for longer than the
 * busy timeout (5 s by default). A read-only open of a database left with a hot journal by an
 * interrupted writer rolls the journal back when the file and its directory are writable (that
 * needs a read-write connection for a moment), and otherwise says who can.
 * On success *out is a handle the caller closes with tkit_db_close(); on failure *out is NULL.
 * Returns 0, TKIT_E_IO (cannot open the file), TKIT_E_DB (everything else). */
int tkit_db_open(const char *path, unsigned flags, struct tkit_db **out, struct tkit_diags *d);
/* Closes the handle and finalizes its statements; NULL is fine. */
void tkit_db_close(struct tkit_db *db);

/* The connection, for the caller's own SQL; owned by the handle. */
struct sqlite3 *tkit_db_handle(struct tkit_db *db);
/* The path given to tkit_db_open (owned by the handle). */
const char *tkit_db_path(const struct tkit_db *db);
/* How long a write waits for another writer's lock before failing (milliseconds). */
void tkit_db_set_busy_timeout(struct tkit_db *db, int ms);
/* The schema version of the open database (after migration). */
int tkit_db_schema_version(struct tkit_db *db);

/* Prepares `sql` on the connection; on failure reports sqlite3_errmsg and the statement into
 * `d` and returns TKIT_E_DB. The caller finalizes *st. */
int tkit_db_prepare(struct tkit_db *db, const char *sql, struct sqlite3_stmt **st,
                    struct tkit_diags *d);
/* Runs one or more statements without results (sqlite3_exec), reporting failures into `d`. */
int tkit_db_exec(struct tkit_db *db, const char *sql, struct tkit_diags *d);

/* Write transactions for the caller's own SQL (e.g. the simulator's layout rows): begin takes
 * the write lock at once (BEGIN IMMEDIATE), waiting up to the busy timeout, and reports a lock held
 * by another writer or a read-only handle clearly. Commit reports and rolls back on failure.
 * Rollback is harmless when no transaction is open. Return 0 or TKIT_E_DB. */
int tkit_db_begin(struct tkit_db *db, struct tkit_diags *d);
int tkit_db_commit(struct tkit_db *db, struct tkit_diags *d);
void tkit_db_rollback(struct tkit_db *db);

/* Imports every set of `sets` in ONE transaction: a set whose id is already stored is replaced
 * (with everything hanging off it, and its check findings). Any failure (including a full disk)
 * rolls back everything: the database is as it was. The same id twice in `sets` is an error, and
 * so is a set that tkit_db_load_set() would refuse (tkit_set_validate(), same rule ids and
 * lines): nothing is stored then. Returns 0, TKIT_E_INVALID (duplicate ids, invalid sets) or
 * TKIT_E_DB. */
int tkit_db_import(struct tkit_db *db, const struct tkit_setlist *sets, struct tkit_diags *d);

/* Rebuilds the stored set `id` as the model it was imported from: same fields, same order of
 * names, features, touches, markers, manifest, tokens, pieces, faces and posts, same source lines.
 * *out is owned by the caller (tkit_set_destroy). Returns 0, TKIT_E_NOTFOUND (no such set, with
 * a diagnostic) or TKIT_E_DB. */
int tkit_db_load_set(struct tkit_db *db, const char *id, struct tkit_set **out,
                     struct tkit_diags *d);

/* The ids of all stored sets, sorted. *ids is a malloc'ed array of *n malloc'ed strings; free
 * them with tkit_db_free_ids(). Returns 0 or TKIT_E_DB. */
int tkit_db_set_ids(struct tkit_db *db, char ***ids, size_t *n, struct tkit_diags *d);
void tkit_db_free_ids(char **ids, size_t n);

/* Deletes a stored set, everything hanging off it and its findings, in one transaction.
 * Returns 0, TKIT_E_NOTFOUND or TKIT_E_DB. */
int tkit_db_delete_set(struct tkit_db *db, const char *id, struct tkit_diags *d);

/* Appends the simulator rows (layouts, placements, discards) of another tilekit database — a shard
 * written by a parallel run — to this one, in one transaction. Layout ids are renumbered to follow
 * the largest id already stored, keeping the shard's order; *merged (may be NULL) is set to the
 * number of layouts added. The shard is only read, and must have this program's schema version.
 * Returns 0, TKIT_E_IO (cannot open the shard) or TKIT_E_DB (nothing changed). */
int tkit_db_merge_layouts(struct tkit_db *db, const char *shard_path, int *merged,
                          struct tkit_diags *d);

/* ---------------------------------------------------------------- simulated layouts */

/* One layout as the rows of the tables `layouts`, `placements` and `discards` (docs/schema.md).
 * db/ knows the rows, the simulator knows layouts: sim/tkit-sim.h's tkit_layout_store and
 * tkit_layout_load turn one into the other. */
struct tkit_db_placement {
        const char *set;  /* NULL: not stated (stored as "") */
        const char *tile; /* a tile id, or the id of a multi-cell piece */
        int x, y;         /* |x|, |y| <= TKIT_MAX_COORD */
        int rotation;     /* 0 90 180 270 */
        enum tkit_bridge_axis bridge;
};
struct tkit_db_discard {
        const char *set; /* NULL: not stated */
        const char *tile;
        int after; /* placements made before it was drawn, >= 0 */
};
struct tkit_db_layout {
        uint64_t seed;     /* stored as a signed 64-bit integer: seeds >= 2^63 read back negative in
                              SQL, and as they were here */
        const char **sets; /* ids of the sets in play, at least one, each once */
        size_t nsets;
        int players;            /* 1..TKIT_MAX_LAYOUT_PLAYERS */
        const char *stats_json; /* the figures of the game as one JSON object, or NULL */
        struct tkit_db_placement *placements;
        size_t nplacements;
        struct tkit_db_discard *discards;
        size_t ndiscards;
        /* a loaded layout's copies of its strings; do not touch */
        char **owned;
        size_t nowned, capowned;
};

/* Stores `l` (every value as documented above, or TKIT_E_USAGE with nothing stored): all or
 * nothing; inside the caller's transaction when one is open, else in its own. *layout_id (may
 * be NULL) gets the new row id. The caller keeps `l`. Returns 0, TKIT_E_USAGE or TKIT_E_DB. */
int tkit_db_store_layout(struct tkit_db *db, const struct tkit_db_layout *l, int64_t *layout_id,
                         struct tkit_diags *d);
/* Reads stored layout `layout_id` into *out (zeroed first). A database is input: every value is
 * checked like those of a stored set (docs/schema.md, "The database as input": storage class,
 * range, id syntax, the words NS and EW) and the first bad one ends the load with
 * `DBFILE: error: [DB-VALUE] TABLE row KEY: message`. On success the caller frees *out with
 * tkit_db_layout_finish (on error there is nothing to free). Returns 0, TKIT_E_NOTFOUND,
 * TKIT_E_INVALID or TKIT_E_DB. */
int tkit_db_load_layout(struct tkit_db *db, int64_t layout_id, struct tkit_db_layout *out,
                        struct tkit_diags *d);
/* Frees what tkit_db_load_layout allocated (the arrays and the strings) and zeroes `l`. */
void tkit_db_layout_finish(struct tkit_db_layout *l);

/* Stores the findings of a check run, in one transaction: first deletes the stored findings of
 * every set in `set_ids` (and those stored without a set), then inserts every diagnostic of
 * `found`. A diagnostic whose `set` is NULL is filed under set_ids[0] when nsets == 1, else with
 * no set. Timestamps are set by the database. Returns 0 or TKIT_E_DB (nothing changed). */
int tkit_db_store_findings(struct tkit_db *db, const struct tkit_diags *found,
                           const char *const *set_ids, size_t nsets, struct tkit_diags *d);

/* ---------------------------------------------------------------- layouts (model/tkit-layout.h) */

struct tkit_layout;
/* Stores the layout in the tables `layouts`, `placements` and `discards` (docs/schema.md) through
 * tkit_db_store_layout: all or nothing; inside the caller's transaction when one is open, else in
 * its own. *layout_id (may be NULL) gets the new row id. Returns 0, TKIT_E_USAGE (a value the
 * database cannot hold, e.g. a set id that is not an id) or TKIT_E_DB. */
int tkit_layout_store(struct tkit_db *db, const struct tkit_layout *l, int64_t *layout_id,
                      struct tkit_diags *d);
/* Loads stored layout `layout_id` through tkit_db_load_layout, which checks every value it reads
 * (unresolved: resolve it against the sets). The caller destroys *out. Returns 0,
 * TKIT_E_NOTFOUND, TKIT_E_INVALID (a bad value: rule DB-VALUE) or TKIT_E_DB. */
int tkit_layout_load(struct tkit_db *db, int64_t layout_id, struct tkit_layout **out,
                     struct tkit_diags *d);

#endif
