/* Shared by the files of db/; not part of the public API. */
#ifndef TKIT_DB_PRIVATE_H
#define TKIT_DB_PRIVATE_H

#include <sqlite3.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "db/tkit-db.h"

/* Statements prepared once per handle and reused: import and load run them per row. */
enum tkit_dbi_stmt {
        ST_DEL_SET,
        ST_DEL_FINDINGS,
        ST_INS_SET,
        ST_INS_SET_NAME,
        ST_INS_REQUIRE,
        ST_INS_TOKEN,
        ST_INS_EXPECT,
        ST_INS_MARKER,
        ST_INS_PIECE,
        ST_INS_PIECE_NAME,
        ST_INS_FACE,
        ST_INS_POST,
        ST_INS_TILE,
        ST_INS_TILE_NAME,
        ST_INS_FEATURE,
        ST_INS_POSITION,
        ST_INS_TOUCH,
        ST_INS_SYMBOL,
        ST_INS_ILLUSTRATION,
        ST_SEL_SET,
        ST_SEL_SET_NAMES,
        ST_SEL_REQUIRES,
        ST_SEL_TOKENS,
        ST_SEL_MANIFEST,
        ST_SEL_SET_MARKERS,
        ST_SEL_TILES,
        ST_SEL_CELLS,
        ST_SEL_TILE_NAMES,
        ST_SEL_TILE_MARKERS,
        ST_SEL_SYMBOLS,
        ST_SEL_FEATURES,
        ST_SEL_TOUCHES,
        ST_SEL_FEATURE_MARKERS,
        ST_SEL_PIECES,
        ST_SEL_PIECE_NAMES,
        ST_SEL_FACES,
        ST_SEL_POSTS,
        ST_SET_IDS,
        ST_COUNT
};

struct tkit_db {
        sqlite3 *sql;
        char *path;
        bool readonly;
        int busy_ms;
        int version;
        sqlite3_stmt *st[ST_COUNT];
};

/* The cached statement `which`, prepared on first use (reset and unbound when returned);
 * NULL after reporting into `d`. */
sqlite3_stmt *tkit_dbi_stmt(struct tkit_db *db, enum tkit_dbi_stmt which, struct tkit_diags *d);

/* Reports the connection's last error: `DBFILE: error: CONTEXT: sqlite message`, with a clearer
 * wording for a lock held by another writer and a full disk. Returns TKIT_E_DB. */
int tkit_dbi_report(struct tkit_db *db, int rc, struct tkit_diags *d, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Binds parameters 1.. from `fmt`: 't' const char * (NULL binds NULL), 'i' int, 'k' sqlite3_int64,
 * 'K' sqlite3_int64 or NULL when 0, 'y' int or NULL when 0. Every bind is checked; returns the
 * first SQLite error code, or SQLITE_OK. */
int tkit_dbi_bind(sqlite3_stmt *st, const char *fmt, ...);
int tkit_dbi_vbind(sqlite3_stmt *st, const char *fmt, va_list ap);
/* Steps a statement that returns no rows, then resets it and clears its bindings. Returns the
 * SQLite code (SQLITE_DONE on success). */
int tkit_dbi_step_done(sqlite3_stmt *st);
/* Resets a query after its row loop; returns SQLITE_DONE when `rc` was, else `rc`. */
int tkit_dbi_query_end(sqlite3_stmt *st, int rc);

/* Opens a write transaction (BEGIN IMMEDIATE), reporting a lock or read-only handle. */
int tkit_dbi_begin(struct tkit_db *db, struct tkit_diags *d);
int tkit_dbi_commit(struct tkit_db *db, struct tkit_diags *d);
/* Rolls back when a transaction is open (SQLite may already have done it, e.g. on SQLITE_FULL). */
void tkit_dbi_rollback(struct tkit_db *db);

/* A row being read from the database, or a layout about to be stored (values.c): where it is
 * for the messages, and the first error. The checks below report a bad value as
 * `DBFILE: error: [RULE] WHERE (set 'ID'): message` (the set when `set_id` is one and WHERE does
 * not name it) and keep `bad_err` as the error when none came before. */
struct tkit_dbi_row {
        struct tkit_db *db;
        struct tkit_diags *d;
        const char *rule;   /* DB-VALUE when reading; NULL for a caller's bad layout */
        const char *set_id; /* the set the row belongs to, or NULL */
        char where[160];    /* "pieces row 3", "placements row (layout 5, seq 3)" */
        int err;            /* the first error: TKIT_E_INVALID, TKIT_E_USAGE, TKIT_E_DB... */
        int bad_err;        /* what a bad value gives */
};
void tkit_dbi_bad(struct tkit_dbi_row *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Up to 80 bytes of `s` for a message, bytes other than printable ASCII as \xHH (caller frees;
 * "" for NULL). */
char *tkit_dbi_quoted(const char *s);
/* Column i as an integer (its storage class) in min..max, checked as 64 bits before anyone
 * narrows it: true and *v, or false (reported). */
bool tkit_dbi_col_int(struct tkit_dbi_row *r, sqlite3_stmt *st, int i, const char *name,
                      long long min, long long max, long long *v);
/* Column i as text (its storage class) of at most TKIT_MAX_TEXT bytes without a NUL byte; NULL
 * when it is NULL and `null_ok` (not reported), or when it is bad (reported). */
const char *tkit_dbi_col_text(struct tkit_dbi_row *r, sqlite3_stmt *st, int i, const char *name,
                              bool null_ok);
/* v in min..max, or false (reported). */
bool tkit_dbi_check_int(struct tkit_dbi_row *r, const char *name, long long v, long long min,
                        long long max);
/* s an id (tkit_id_valid), or false (reported). */
bool tkit_dbi_check_id(struct tkit_dbi_row *r, const char *name, const char *s);

extern const char tkit_schema_sql[];
extern const unsigned long tkit_schema_sql_len;

#endif
