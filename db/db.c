/* Opening, migrating and closing the database; the statement cache and error helpers. */
#include "db-private.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Migration i takes a database from user_version i to i + 1. Released entries are never edited:
 * a schema change is a new entry (and TKIT_DB_SCHEMA_VERSION + 1). */
static const char *const migrations[TKIT_DB_SCHEMA_VERSION] = {
    tkit_schema_sql,
    /* 1 -> 2: field dividers drawn by the art (FIELD-SPLIT), e.g. 'SE' or 'N SW' */
    "ALTER TABLE tiles ADD COLUMN dividers TEXT NOT NULL DEFAULT '';",
};

static const char *const stmt_sql[ST_COUNT] = {
    [ST_DEL_SET] = "DELETE FROM sets WHERE set_id = ?",
    [ST_DEL_FINDINGS] = "DELETE FROM findings WHERE set_id = ?",
    [ST_INS_SET] = "INSERT INTO sets (set_id, edition, year, rules, rules_mask, source_format,"
                   " file, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_SET_NAME] = "INSERT INTO set_names (set_id, seq, lang, text) VALUES (?, ?, ?, ?)",
    [ST_INS_REQUIRE] = "INSERT INTO set_requires (set_id, seq, requires) VALUES (?, ?, ?)",
    [ST_INS_TOKEN] = "INSERT INTO tokens (set_id, seq, kind, count, line) VALUES (?, ?, ?, ?, ?)",
    [ST_INS_EXPECT] = "INSERT INTO manifest (set_id, seq, what, of, tile_group, count, note, line)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_MARKER] = "INSERT INTO markers (set_id, tile_key, feature_key, seq, name, value, line)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_PIECE] = "INSERT INTO pieces (set_id, seq, piece_id, count, width, height, basis,"
                     " provenance, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_PIECE_NAME] = "INSERT INTO piece_names (piece_key, seq, lang, text)"
                          " VALUES (?, ?, ?, ?)",
    [ST_INS_FACE] = "INSERT INTO faces (piece_key, seq, face_id, min_players, max_players, line)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
    [ST_INS_POST] = "INSERT INTO posts (face_key, seq, kind, plain, dark3, fiveplus, meeple,"
                    " catapult, line) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_TILE] = "INSERT INTO tiles (set_id, seq, tile_id, piece_key, cell_x, cell_y, count,"
                    " tile_group, start, basis, provenance, illustrations, symbols, sides,"
                    " sides_min, pennants, bridge_ns, bridge_ew, line, dividers)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_TILE_NAME] = "INSERT INTO tile_names (tile_key, seq, lang, text) VALUES (?, ?, ?, ?)",
    [ST_INS_FEATURE] = "INSERT INTO features (tile_key, seq, feature_id, kind, mask, positions,"
                       " pennants, besieger, cathedral, end_kind, junction, overpass, inn, line)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    [ST_INS_POSITION] = "INSERT INTO feature_positions (feature_key, pos, name, side)"
                        " VALUES (?, ?, ?, ?)",
    [ST_INS_TOUCH] = "INSERT INTO field_touches (feature_key, seq, city_id) VALUES (?, ?, ?)",
    [ST_INS_SYMBOL] = "INSERT INTO siege_symbols (tile_key, seq, post) VALUES (?, ?, ?)",
    [ST_INS_ILLUSTRATION] = "INSERT INTO illustrations (tile_key, seq, letter, name)"
                            " VALUES (?, ?, ?, ?)",
    [ST_SEL_SET] = "SELECT edition, year, rules_mask, source_format, file, line FROM sets"
                   " WHERE set_id = ?",
    /* The loader's queries: column 0 identifies the row in diagnostics (its key, or its seq
     * under the parent key bound). */
    [ST_SEL_SET_NAMES] = "SELECT seq, lang, text FROM set_names WHERE set_id = ? ORDER BY seq",
    [ST_SEL_REQUIRES] = "SELECT seq, requires FROM set_requires WHERE set_id = ? ORDER BY seq",
    [ST_SEL_TOKENS] = "SELECT seq, kind, count, line FROM tokens WHERE set_id = ? ORDER BY seq",
    [ST_SEL_MANIFEST] = "SELECT seq, what, of, tile_group, count, note, line FROM manifest"
                        " WHERE set_id = ? ORDER BY seq",
    [ST_SEL_SET_MARKERS] = "SELECT marker_key, name, value, line FROM markers WHERE set_id = ?"
                           " AND tile_key IS NULL AND feature_key IS NULL ORDER BY seq",
    [ST_SEL_TILES] = "SELECT tile_key, tile_id, count, tile_group, start, basis, provenance,"
                     " illustrations, line, cell_x, cell_y, dividers FROM tiles"
                     " WHERE set_id = ? AND piece_key IS NULL ORDER BY seq",
    [ST_SEL_CELLS] = "SELECT tile_key, tile_id, count, tile_group, start, basis, provenance,"
                     " illustrations, line, cell_x, cell_y, dividers FROM tiles"
                     " WHERE piece_key = ? ORDER BY seq",
    [ST_SEL_TILE_NAMES] = "SELECT seq, lang, text FROM tile_names WHERE tile_key = ?"
                          " ORDER BY seq",
    [ST_SEL_TILE_MARKERS] = "SELECT marker_key, name, value, line FROM markers WHERE tile_key = ?"
                            " AND feature_key IS NULL ORDER BY seq",
    [ST_SEL_SYMBOLS] = "SELECT seq, post FROM siege_symbols WHERE tile_key = ? ORDER BY seq",
    [ST_SEL_FEATURES] = "SELECT feature_key, feature_id, kind, mask, pennants, besieger,"
                        " cathedral, end_kind, junction, overpass, inn, line FROM features"
                        " WHERE tile_key = ? ORDER BY seq",
    [ST_SEL_TOUCHES] = "SELECT seq, city_id FROM field_touches WHERE feature_key = ?"
                       " ORDER BY seq",
    [ST_SEL_FEATURE_MARKERS] = "SELECT marker_key, name, value, line FROM markers"
                               " WHERE feature_key = ? ORDER BY seq",
    [ST_SEL_PIECES] = "SELECT piece_key, piece_id, count, width, height, basis, provenance,"
                      " line FROM pieces WHERE set_id = ? ORDER BY seq",
    [ST_SEL_PIECE_NAMES] = "SELECT seq, lang, text FROM piece_names WHERE piece_key = ?"
                           " ORDER BY seq",
    [ST_SEL_FACES] = "SELECT face_key, face_id, min_players, max_players, line FROM faces"
                     " WHERE piece_key = ? ORDER BY seq",
    [ST_SEL_POSTS] = "SELECT seq, kind, plain, dark3, fiveplus, meeple, catapult, line"
                     " FROM posts WHERE face_key = ? ORDER BY seq",
    [ST_SET_IDS] = "SELECT set_id FROM sets ORDER BY set_id",
};

static void report_v(struct tkit_db *db, struct tkit_diags *d, const char *fmt, va_list ap)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_vprintf(&b, fmt, ap);
        tkit_diags_add(d, TKIT_SEV_ERROR, db->path, 0, NULL, NULL, NULL, "%s", b.data);
        tkit_buf_finish(&b);
}

static void report(struct tkit_db *db, struct tkit_diags *d, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void report(struct tkit_db *db, struct tkit_diags *d, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        report_v(db, d, fmt, ap);
        va_end(ap);
}

/* The directory holding `path` (caller frees). */
static char *dir_of(const char *path)
{
        const char *slash = strrchr(path, '/');
        if (!slash)
                return tkit_xstrdup(".");
        return slash == path ? tkit_xstrdup("/") : tkit_xstrndup(path, (size_t)(slash - path));
}

static bool denied(int err)
{
        return err == EACCES || err == EROFS || err == EPERM;
}

/* Why this process cannot write the database: the file is read-only, or its directory is (SQLite
 * creates its journal next to the file); NULL when both are writable. Caller frees. */
static char *why_readonly(const char *path)
{
        if (access(path, W_OK) != 0 && denied(errno))
                return tkit_xasprintf("the database file is read-only (%s)", strerror(errno));
        char *dir = dir_of(path);
        char *why = NULL;
        if (access(dir, W_OK | X_OK) != 0 && denied(errno))
                why = tkit_xasprintf("the directory '%s' is read-only (%s): SQLite must create its "
                                     "journal next to the database to write it; make the "
                                     "directory writable or move the database",
                                     dir, strerror(errno));
        free(dir);
        return why;
}

/* A write refused (SQLITE_READONLY) or a file SQLite could not open (SQLITE_CANTOPEN, e.g. its
 * journal): the read-only file or directory when that is the cause, else SQLite's message. */
static void report_readonly(struct tkit_db *db, struct tkit_diags *d, const char *ctx, int rc)
{
        char *why = db->readonly ? NULL : why_readonly(db->path);
        if (why)
                report(db, d, "%s: %s", ctx, why);
        else if ((rc & 0xff) == SQLITE_READONLY)
                report(db, d, "%s: the database is read-only (%s)", ctx, sqlite3_errmsg(db->sql));
        else
                report(db, d, "%s: %s", ctx, sqlite3_errmsg(db->sql));
        free(why);
}

int tkit_dbi_report(struct tkit_db *db, int rc, struct tkit_diags *d, const char *fmt, ...)
{
        struct tkit_buf ctx;
        va_list ap;
        tkit_buf_init(&ctx);
        va_start(ap, fmt);
        tkit_buf_vprintf(&ctx, fmt, ap);
        va_end(ap);
        switch (rc & 0xff) {
        case SQLITE_BUSY:
                /* A writer holding the write lock only waits for readers to finish (to commit,
                 * or to spill its cache); everyone else waits for a writer. */
                if (!db->readonly && !sqlite3_get_autocommit(db->sql)) {
                        report(db, d,
                               "%s: other connections are still reading the database (waited %d "
                               "ms); try again when they are done",
                               ctx.data, db->busy_ms);
                        break;
                }
                /* fall through */
        case SQLITE_LOCKED:
                report(db, d,
                       "%s: the database is locked by another writer (waited %d ms); try "
                       "again when it is done",
                       ctx.data, db->busy_ms);
                break;
        case SQLITE_FULL:
                report(db, d, "%s: database or disk is full; nothing was changed", ctx.data);
                break;
        case SQLITE_READONLY:
        case SQLITE_CANTOPEN:
                report_readonly(db, d, ctx.data, rc);
                break;
        case SQLITE_NOTADB:
                report(db, d, "%s: not a SQLite database", ctx.data);
                break;
        default:
                report(db, d, "%s: %s", ctx.data, sqlite3_errmsg(db->sql));
        }
        tkit_buf_finish(&ctx);
        return TKIT_E_DB;
}

int tkit_dbi_bind(sqlite3_stmt *st, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        int rc = tkit_dbi_vbind(st, fmt, ap);
        va_end(ap);
        return rc;
}

int tkit_dbi_vbind(sqlite3_stmt *st, const char *fmt, va_list ap)
{
        int rc = SQLITE_OK;
        for (int i = 1; *fmt && rc == SQLITE_OK; fmt++, i++) {
                switch (*fmt) {
                case 't': {
                        const char *s = va_arg(ap, const char *);
                        rc = s ? sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC)
                               : sqlite3_bind_null(st, i);
                        break;
                }
                case 'i':
                        rc = sqlite3_bind_int(st, i, va_arg(ap, int));
                        break;
                case 'y': {
                        int v = va_arg(ap, int);
                        rc = v ? sqlite3_bind_int(st, i, v) : sqlite3_bind_null(st, i);
                        break;
                }
                case 'k':
                        rc = sqlite3_bind_int64(st, i, va_arg(ap, sqlite3_int64));
                        break;
                case 'K': {
                        sqlite3_int64 v = va_arg(ap, sqlite3_int64);
                        rc = v ? sqlite3_bind_int64(st, i, v) : sqlite3_bind_null(st, i);
                        break;
                }
                default:
                        rc = SQLITE_MISUSE;
                }
        }
        return rc;
}

int tkit_dbi_step_done(sqlite3_stmt *st)
{
        int rc = sqlite3_step(st);
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        return rc;
}

int tkit_dbi_query_end(sqlite3_stmt *st, int rc)
{
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        return rc;
}

sqlite3_stmt *tkit_dbi_stmt(struct tkit_db *db, enum tkit_dbi_stmt which, struct tkit_diags *d)
{
        if (!db->st[which] && tkit_db_prepare(db, stmt_sql[which], &db->st[which], d) < 0)
                return NULL;
        return db->st[which];
}

int tkit_db_prepare(struct tkit_db *db, const char *sql, struct sqlite3_stmt **st,
                    struct tkit_diags *d)
{
        int rc = sqlite3_prepare_v2(db->sql, sql, -1, st, NULL);
        if (rc == SQLITE_OK)
                return 0;
        sqlite3_finalize(*st);
        *st = NULL;
        return tkit_dbi_report(db, rc, d, "cannot prepare \"%.60s\"", sql);
}

int tkit_db_exec(struct tkit_db *db, const char *sql, struct tkit_diags *d)
{
        int rc = sqlite3_exec(db->sql, sql, NULL, NULL, NULL);
        if (rc == SQLITE_OK)
                return 0;
        return tkit_dbi_report(db, rc, d, "\"%.60s\"", sql);
}

int tkit_dbi_begin(struct tkit_db *db, struct tkit_diags *d)
{
        if (db->readonly) {
                report(db, d, "the database was opened read-only");
                return TKIT_E_DB;
        }
        int rc = sqlite3_exec(db->sql, "BEGIN IMMEDIATE", NULL, NULL, NULL);
        return rc == SQLITE_OK ? 0 : tkit_dbi_report(db, rc, d, "cannot start a transaction");
}

int tkit_dbi_commit(struct tkit_db *db, struct tkit_diags *d)
{
        int rc = sqlite3_exec(db->sql, "COMMIT", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
                return 0;
        tkit_dbi_report(db, rc, d, "cannot commit");
        tkit_dbi_rollback(db);
        return TKIT_E_DB;
}

void tkit_dbi_rollback(struct tkit_db *db)
{
        if (!sqlite3_get_autocommit(db->sql))
                sqlite3_exec(db->sql, "ROLLBACK", NULL, NULL, NULL);
}

/* The integer a one-row query gives, and SQLite's (extended) result code. */
static int query_int(sqlite3 *sql, const char *q, int *out)
{
        sqlite3_stmt *st = NULL;
        int rc = sqlite3_prepare_v2(sql, q, -1, &st, NULL);
        if (rc == SQLITE_OK) {
                rc = sqlite3_step(st);
                if (rc == SQLITE_ROW) {
                        *out = sqlite3_column_int(st, 0);
                        rc = SQLITE_OK;
                }
        }
        sqlite3_finalize(st);
        return rc;
}

/* PRAGMA values as integers; SQLITE_NOTADB shows up here for a file that is not a database. */
static int pragma_int(struct tkit_db *db, const char *sql, int *out, struct tkit_diags *d)
{
        int rc = query_int(db->sql, sql, out);
        if (rc == SQLITE_OK)
                return 0;
        if ((rc & 0xff) == SQLITE_NOTADB) {
                report(db, d, "not a SQLite database");
                return TKIT_E_DB;
        }
        return tkit_dbi_report(db, rc, d, "cannot read the schema version");
}

struct header {
        int version, app_id, nobjects;
};

static int read_header(struct tkit_db *db, struct header *h, struct tkit_diags *d)
{
        if (pragma_int(db, "PRAGMA user_version", &h->version, d) < 0 ||
            pragma_int(db, "PRAGMA application_id", &h->app_id, d) < 0 ||
            pragma_int(db, "SELECT count(*) FROM sqlite_master", &h->nobjects, d) < 0)
                return TKIT_E_DB;
        return 0;
}

/* A database this program may use, possibly after migration? */
static int check_header(struct tkit_db *db, const struct header *h, struct tkit_diags *d)
{
        if (h->app_id != 0 && h->app_id != TKIT_DB_APPLICATION_ID) {
                report(db, d, "not a tilekit database (application_id 0x%08x)",
                       (unsigned)h->app_id);
                return TKIT_E_DB;
        }
        if (h->version == 0 && h->nobjects > 0) {
                report(db, d, "not a tilekit database: it has tables but no tilekit schema");
                return TKIT_E_DB;
        }
        if (h->version < 0) {
                report(db, d,
                       "schema version %d is not a version of tilekit's schema (the database is "
                       "damaged or was edited)",
                       h->version);
                return TKIT_E_DB;
        }
        if (h->version > TKIT_DB_SCHEMA_VERSION) {
                report(db, d,
                       "schema version %d is newer than this program's (%d); upgrade tilekit to "
                       "use it (nothing was changed)",
                       h->version, TKIT_DB_SCHEMA_VERSION);
                return TKIT_E_DB;
        }
        if (h->version < TKIT_DB_SCHEMA_VERSION && db->readonly) {
                if (h->version == 0)
                        report(db, d,
                               "the database is empty (no tilekit schema); import a set first");
                else
                        report(db, d,
                               "schema version %d is older than this program's (%d); open it for "
                               "writing once (e.g. tilekit import) to upgrade it",
                               h->version, TKIT_DB_SCHEMA_VERSION);
                return TKIT_E_DB;
        }
        return 0;
}

static int migrate(struct tkit_db *db, struct tkit_diags *d)
{
        struct header h;
        if (tkit_dbi_begin(db, d) < 0)
                return TKIT_E_DB;
        /* Read again under the write lock: another process may have migrated meanwhile. */
        if (read_header(db, &h, d) < 0 || check_header(db, &h, d) < 0)
                goto fail;
        for (int v = h.version; v < TKIT_DB_SCHEMA_VERSION; v++) {
                int rc = sqlite3_exec(db->sql, migrations[v], NULL, NULL, NULL);
                if (rc != SQLITE_OK) {
                        tkit_dbi_report(db, rc, d, "migration to schema version %d failed", v + 1);
                        goto fail;
                }
        }
        char pragmas[128];
        snprintf(pragmas, sizeof pragmas, "PRAGMA user_version = %d; PRAGMA application_id = %d",
                 TKIT_DB_SCHEMA_VERSION, TKIT_DB_APPLICATION_ID);
        if (tkit_db_exec(db, pragmas, d) < 0 || tkit_dbi_commit(db, d) < 0)
                goto fail;
        db->version = TKIT_DB_SCHEMA_VERSION;
        return 0;
fail:
        tkit_dbi_rollback(db);
        return TKIT_E_DB;
}

/* Why SQLite would keep nothing under this name once it is closed, or NULL. */
static const char *name_problem(const char *path, unsigned flags)
{
        if (!path[0])
                return "an empty database name makes SQLite use a temporary database, deleted at "
                       "exit; name a file";
        if (strcmp(path, "-") == 0) /* from $TILEKIT_DB too, not only --db (tools/cli.c) */
                return "'-' is standard input for the other files, and a database cannot be read "
                       "from a stream; name a file ('./-' for a file named '-')";
        if (strcmp(path, ":memory:") == 0 && !(flags & TKIT_DB_MEMORY))
                return "':memory:' is a database in memory, lost at exit; name a file";
        if (strncmp(path, "file:", 5) == 0)
                return "URI file names are not accepted ('file:' URIs can name a database in "
                       "memory, lost at exit); name a file ('./file:...' for a file whose name "
                       "starts with 'file:')";
        return NULL;
}

/* A read-only connection cannot roll back the hot journal an interrupted writer left (killed
 * during an import), and every read fails until someone does: when this process may write the
 * file and its directory, a read-write connection does it for a moment (reading is enough). */
static int recover_hot_journal(struct tkit_db *db, struct tkit_diags *d)
{
        int n = 0;
        if (query_int(db->sql, "SELECT count(*) FROM sqlite_master", &n) !=
            SQLITE_READONLY_ROLLBACK)
                return 0; /* nothing to recover; other errors are reported by read_header */
        char *why = why_readonly(db->path);
        if (why) {
                report(db, d,
                       "an interrupted write (a stopped import or simulation) left the hot journal "
                       "'%s-journal', and nothing can read the database until it is rolled back, "
                       "which needs write permission: %s. Run any tilekit command on it as a user "
                       "who may write the file and its directory",
                       db->path, why);
                free(why);
                return TKIT_E_DB;
        }
        sqlite3 *rw = NULL;
        int rc = sqlite3_open_v2(db->path, &rw, SQLITE_OPEN_READWRITE, NULL);
        if (rc == SQLITE_OK) {
                sqlite3_busy_timeout(rw, db->busy_ms);
                rc = query_int(rw, "SELECT count(*) FROM sqlite_master", &n);
        }
        sqlite3_close(rw);
        if (rc != SQLITE_OK) {
                report(db, d,
                       "cannot roll back the hot journal '%s-journal' left by an interrupted "
                       "write: %s",
                       db->path, sqlite3_errstr(rc));
                return TKIT_E_DB;
        }
        return 0;
}

/* A database is a regular file, or a name not there yet: SQLite would wait forever for a writer
 * to a FIFO, and leave NAME-journal beside a device. Its journal and WAL files likewise (SQLite
 * opens them when they are there). Checked before SQLite opens anything; NULL when fine, else a
 * message to free. */
static char *not_a_file(const char *path)
{
        static const char *const sidecars[] = {"", "-journal", "-wal"};
        for (size_t i = 0; i < sizeof sidecars / sizeof *sidecars; i++) {
                char *name = tkit_xasprintf("%s%s", path, sidecars[i]);
                struct stat st;
                bool bad = stat(name, &st) == 0 && !S_ISREG(st.st_mode);
                char *why = !bad     ? NULL
                            : i == 0 ? tkit_xasprintf("cannot open the database: it is %s, not a "
                                                      "file",
                                                      tkit_file_kind(st.st_mode))
                                     : tkit_xasprintf("cannot open the database: its %s '%s' is "
                                                      "%s, not a file",
                                                      i == 1 ? "journal" : "write-ahead log", name,
                                                      tkit_file_kind(st.st_mode));
                free(name);
                if (why)
                        return why;
        }
        return NULL;
}

static int open_file(const char *path, unsigned flags, struct tkit_db *db, struct tkit_diags *d)
{
        const char *problem = name_problem(path, flags);
        if (problem) {
                report(db, d, "%s", problem);
                return TKIT_E_IO;
        }
        char *odd = strcmp(path, ":memory:") != 0 ? not_a_file(path) : NULL;
        if (odd) {
                report(db, d, "%s", odd);
                free(odd);
                return TKIT_E_IO;
        }
        int oflags = (flags & TKIT_DB_READONLY) ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
        if ((flags & TKIT_DB_CREATE) && !(flags & TKIT_DB_READONLY))
                oflags |= SQLITE_OPEN_CREATE;
        int rc = sqlite3_open_v2(path, &db->sql, oflags, NULL);
        if (rc != SQLITE_OK) {
                char *why = db->readonly ? NULL : why_readonly(path);
                report(db, d, "cannot open the database: %s%s%s",
                       db->sql ? sqlite3_errmsg(db->sql) : sqlite3_errstr(rc), why ? ": " : "",
                       why ? why : "");
                free(why);
                return TKIT_E_IO;
        }
        sqlite3_extended_result_codes(db->sql, 1);
        sqlite3_busy_timeout(db->sql, db->busy_ms);
        /* SQLite silently opens a write-protected file read-only, and finds a read-only
         * directory only when it creates its journal: say so now, not at COMMIT. */
        if (!db->readonly && strcmp(path, ":memory:") != 0) {
                char *why = why_readonly(path);
                if (!why && sqlite3_db_readonly(db->sql, "main") == 1)
                        why = tkit_xstrdup("the database file is read-only");
                if (why) {
                        report(db, d, "%s", why);
                        free(why);
                        return TKIT_E_IO;
                }
        }
        if (db->readonly && recover_hot_journal(db, d) < 0)
                return TKIT_E_DB;
        return tkit_db_exec(db, "PRAGMA foreign_keys = ON", d);
}

int tkit_db_open(const char *path, unsigned flags, struct tkit_db **out, struct tkit_diags *d)
{
        struct tkit_db *db = tkit_xcalloc(1, sizeof *db);
        struct header h;
        int err;
        *out = NULL;
        db->path = tkit_xstrdup(path);
        db->readonly = (flags & TKIT_DB_READONLY) != 0;
        db->busy_ms = 5000;
        if ((err = open_file(path, flags, db, d)) < 0)
                goto fail;
        if ((err = read_header(db, &h, d)) < 0 || (err = check_header(db, &h, d)) < 0)
                goto fail;
        db->version = h.version;
        if (h.version < TKIT_DB_SCHEMA_VERSION && (err = migrate(db, d)) < 0)
                goto fail;
        *out = db;
        return 0;
fail:
        tkit_db_close(db);
        return err;
}

void tkit_db_close(struct tkit_db *db)
{
        if (!db)
                return;
        for (int i = 0; i < ST_COUNT; i++)
                sqlite3_finalize(db->st[i]);
        sqlite3_close(db->sql);
        free(db->path);
        free(db);
}

int tkit_db_begin(struct tkit_db *db, struct tkit_diags *d)
{
        return tkit_dbi_begin(db, d);
}

int tkit_db_commit(struct tkit_db *db, struct tkit_diags *d)
{
        return tkit_dbi_commit(db, d);
}

void tkit_db_rollback(struct tkit_db *db)
{
        tkit_dbi_rollback(db);
}

struct sqlite3 *tkit_db_handle(struct tkit_db *db)
{
        return db->sql;
}

const char *tkit_db_path(const struct tkit_db *db)
{
        return db->path;
}

void tkit_db_set_busy_timeout(struct tkit_db *db, int ms)
{
        db->busy_ms = ms;
        sqlite3_busy_timeout(db->sql, ms);
}

int tkit_db_schema_version(struct tkit_db *db)
{
        return db->version;
}
