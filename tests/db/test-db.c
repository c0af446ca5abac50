/* db module: open / migrate / refusals, import -> load equality, replacement, atomicity,
 * disk full, findings, views. Sets are built in code (helpers.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h" /* tkit_diags_write */
#include "helpers.h"

struct fx {
        char *dir;
        char *path; /* dir/test.db, not created */
        struct tkit_diags d;
};

static int setup(void **state)
{
        struct fx *f = tkit_xcalloc(1, sizeof *f);
        f->dir = make_temp_dir();
        if (!f->dir)
                return -1;
        f->path = tkit_xasprintf("%s/test.db", f->dir);
        tkit_diags_init(&f->d);
        *state = f;
        return 0;
}

static int teardown(void **state)
{
        struct fx *f = *state;
        remove_tree(f->dir);
        free(f->dir);
        free(f->path);
        tkit_diags_finish(&f->d);
        free(f);
        return 0;
}

/* True when some diagnostic's message contains `text`. */
static bool diag_has(const struct tkit_diags *d, const char *text)
{
        for (size_t i = 0; i < d->n; i++)
                if (strstr(d->v[i].message, text))
                        return true;
        return false;
}

static void print_diags(const struct tkit_diags *d)
{
        tkit_diags_write(d, stderr, false);
}

static struct tkit_db *open_ok(struct fx *f, unsigned flags)
{
        struct tkit_db *db = NULL;
        int rc = tkit_db_open(f->path, flags, &db, &f->d);
        if (rc)
                print_diags(&f->d);
        assert_int_equal(rc, 0);
        assert_non_null(db);
        return db;
}

static void raw_exec(const char *path, const char *sql)
{
        sqlite3 *db = NULL;
        assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
        assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(db);
}

static int query_int(struct tkit_db *db, const char *sql)
{
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(tkit_db_handle(db), sql, -1, &st, NULL) != SQLITE_OK)
                fail_msg("%s: %s", sql, sqlite3_errmsg(tkit_db_handle(db)));
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        int v = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
        return v;
}

static char *query_text(struct tkit_db *db, const char *sql)
{
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(tkit_db_handle(db), sql, -1, &st, NULL) != SQLITE_OK)
                fail_msg("%s: %s", sql, sqlite3_errmsg(tkit_db_handle(db)));
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        const char *t = (const char *)sqlite3_column_text(st, 0);
        char *v = tkit_xstrdup(t ? t : "(null)");
        sqlite3_finalize(st);
        return v;
}

static void import_one(struct fx *f, struct tkit_db *db, struct tkit_set *s)
{
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, s);
        int rc = tkit_db_import(db, &l, &f->d);
        if (rc)
                print_diags(&f->d);
        assert_int_equal(rc, 0);
        tkit_setlist_finish(&l);
}

static void assert_loads_equal(struct fx *f, struct tkit_db *db, const struct tkit_set *want)
{
        struct tkit_set *got = NULL;
        char why[512] = "";
        int rc = tkit_db_load_set(db, want->id, &got, &f->d);
        if (rc)
                print_diags(&f->d);
        assert_int_equal(rc, 0);
        bool eq = set_equal(want, got, why, sizeof why);
        if (!eq)
                fprintf(stderr, "set '%s' differs after load: %s\n", want->id, why);
        assert_true(eq);
        tkit_set_destroy(got);
}

/* ---------------------------------------------------------------- open */

static void test_create_and_reopen(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        assert_int_equal(tkit_db_schema_version(db), TKIT_DB_SCHEMA_VERSION);
        assert_int_equal(query_int(db, "PRAGMA user_version"), TKIT_DB_SCHEMA_VERSION);
        assert_int_equal(query_int(db, "PRAGMA application_id"), TKIT_DB_APPLICATION_ID);
        assert_int_equal(query_int(db, "PRAGMA foreign_keys"), 1);
        assert_int_equal(query_int(db, "SELECT count(*) FROM sqlite_master WHERE name IN "
                                       "('sets','tiles','features','layouts','placements',"
                                       "'discards','findings')"),
                         7);
        tkit_db_close(db);
        db = open_ok(f, 0);
        tkit_db_close(db);
        db = open_ok(f, TKIT_DB_READONLY);
        tkit_db_close(db);
        tkit_db_close(NULL);
        assert_int_equal(f->d.n, 0);
}

static void test_missing_file(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = (struct tkit_db *)1;
        assert_int_equal(tkit_db_open(f->path, 0, &db, &f->d), TKIT_E_IO);
        assert_null(db);
        assert_int_equal(f->d.errors, 1);
        assert_string_equal(f->d.v[0].file, f->path);
        assert_int_equal(access(f->path, F_OK), -1); /* not created */
        assert_int_equal(tkit_db_open(f->path, TKIT_DB_READONLY | TKIT_DB_CREATE, &db, &f->d),
                         TKIT_E_IO);
        assert_int_equal(access(f->path, F_OK), -1);
}

/* A refused open must leave the file exactly as it was. */
static void assert_refused(struct fx *f, unsigned flags, const char *message)
{
        size_t len0 = 0, len1 = 0;
        char *before = read_all(f->path, &len0);
        struct tkit_db *db = (struct tkit_db *)1;
        assert_non_null(before);
        tkit_diags_clear(&f->d);
        assert_true(tkit_db_open(f->path, flags, &db, &f->d) < 0);
        assert_null(db);
        if (!diag_has(&f->d, message))
                print_diags(&f->d);
        assert_true(diag_has(&f->d, message));
        char *after = read_all(f->path, &len1);
        assert_int_equal(len0, len1);
        assert_memory_equal(before, after, len0);
        free(before);
        free(after);
}

static void test_not_a_database(void **state)
{
        struct fx *f = *state;
        assert_true(write_all(f->path, "<tileset format=\"1\" id=\"x\"/>\n"
                                       "this is an XML file, not a database, and long enough "
                                       "that SQLite reads a header from it....................."));
        assert_refused(f, TKIT_DB_CREATE, "not a SQLite database");
        assert_refused(f, TKIT_DB_READONLY, "not a SQLite database");
}

static void test_foreign_sqlite(void **state)
{
        struct fx *f = *state;
        raw_exec(f->path, "CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');");
        assert_refused(f, TKIT_DB_CREATE, "not a tilekit database");
        raw_exec(f->path, "PRAGMA application_id = 1234");
        assert_refused(f, 0, "not a tilekit database");
}

static void test_newer_schema_refused(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        tkit_db_close(db);
        raw_exec(f->path, "PRAGMA user_version = 99");
        assert_refused(f, TKIT_DB_CREATE, "newer than this program");
        assert_refused(f, TKIT_DB_READONLY, "newer than this program");
}

/* An empty file (user_version 0, no tables) is migrated to the current schema when writable,
 * and refused, untouched, when opened read-only. */
static void test_migrate_from_zero(void **state)
{
        struct fx *f = *state;
        assert_true(write_all(f->path, ""));
        assert_refused(f, TKIT_DB_READONLY, "empty");
        struct tkit_db *db = open_ok(f, 0);
        assert_int_equal(query_int(db, "PRAGMA user_version"), TKIT_DB_SCHEMA_VERSION);
        assert_int_equal(query_int(db, "SELECT count(*) FROM sqlite_master WHERE name = 'tiles'"),
                         1);
        tkit_db_close(db);
}

/* Opens `path` for writing as a user who may not write it (nobody, when the test runs as root,
 * who ignores file modes), in a child process. Its exit status: 0 when the open was refused
 * with TKIT_E_IO saying "read-only", 1 when it succeeded, 2 on another error, 3 when the message
 * did not say why, 4 when the child could not become nobody. */
static int open_writable_as_other(const char *path)
{
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
                        _exit(4);
                struct tkit_diags d;
                struct tkit_db *db = NULL;
                tkit_diags_init(&d);
                int rc = tkit_db_open(path, 0, &db, &d);
                int st = rc == 0 ? 1 : rc != TKIT_E_IO ? 2 : !diag_has(&d, "read-only") ? 3 : 0;
                if (st)
                        print_diags(&d);
                tkit_db_close(db);
                tkit_diags_finish(&d);
                _exit(st);
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFEXITED(status));
        return WEXITSTATUS(status);
}

static void test_readonly(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("a", 0));
        tkit_db_close(db);
        char *before = dump_file(f->path, DUMP_KEEP_TIME);

        db = open_ok(f, TKIT_DB_READONLY);
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, rich_set("b", 0));
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_DB);
        assert_true(diag_has(&f->d, "read-only"));
        assert_int_equal(tkit_db_delete_set(db, "a", &f->d), TKIT_E_DB);
        /* Past the handle's own refusal, SQLite refuses too: the file was opened read-only
         * (SQLITE_OPEN_READONLY), which holds for root as well. */
        tkit_diags_clear(&f->d);
        assert_int_equal(tkit_db_exec(db, "DELETE FROM sets", &f->d), TKIT_E_DB);
        assert_true(diag_has(&f->d, "the database is read-only"));
        assert_int_equal(query_int(db, "SELECT count(*) FROM sets"), 1);
        tkit_db_close(db);

        char *after = dump_file(f->path, DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);

        /* A write-protected file opened for writing is refused at once, not at the first write.
         * Root ignores file modes: the child then opens it as nobody. */
        assert_int_equal(chmod(f->dir, 0755), 0);
        assert_int_equal(chmod(f->path, 0444), 0);
        assert_int_equal(open_writable_as_other(f->path), 0);
        after = dump_file(f->path, DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);
        chmod(f->path, 0644);
        free(before);
        tkit_setlist_finish(&l);
}

static void test_locked(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        tkit_db_set_busy_timeout(db, 50);
        sqlite3 *other = NULL;
        assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
        assert_int_equal(
            sqlite3_exec(other, "BEGIN IMMEDIATE; DELETE FROM findings", NULL, NULL, NULL),
            SQLITE_OK);

        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, rich_set("a", 0));
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_DB);
        assert_true(diag_has(&f->d, "locked by another writer"));

        /* Opening for writing needs no lock once migrated; a new file would need one. */
        sqlite3_exec(other, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close(other);
        tkit_diags_clear(&f->d);
        assert_int_equal(tkit_db_import(db, &l, &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM sets"), 1);
        tkit_setlist_finish(&l);
        tkit_db_close(db);
}

/* ---------------------------------------------------------------- the database as input */

/* Names under which SQLite keeps nothing, and "-" (standard input for every other file), are
 * refused before anything is opened or created. */
static void test_names_that_keep_nothing(void **state)
{
        struct fx *f = *state;
        static const char *const names[] = {
            ":memory:", "", "-", "file::memory:", "file:x.db?mode=memory", "file:x.db"};
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
                struct tkit_db *db = (struct tkit_db *)1;
                tkit_diags_clear(&f->d);
                assert_int_equal(tkit_db_open(names[i], TKIT_DB_CREATE, &db, &f->d), TKIT_E_IO);
                assert_null(db);
                assert_int_equal(f->d.errors, 1);
                assert_string_equal(f->d.v[0].file, names[i]);
        }
        assert_true(diag_has(&f->d, "URI"));
        assert_int_equal(access("x.db", F_OK), -1);
        assert_int_equal(access("-", F_OK), -1); /* $TILEKIT_DB=- creates no file named '-' */
        /* the tests' and fuzzers' own in-memory database */
        struct tkit_db *db = NULL;
        assert_int_equal(tkit_db_open(":memory:", TKIT_DB_CREATE | TKIT_DB_MEMORY, &db, &f->d), 0);
        tkit_db_close(db);
}

static void test_user_version_negative(void **state)
{
        struct fx *f = *state;
        tkit_db_close(open_ok(f, TKIT_DB_CREATE));
        raw_exec(f->path, "PRAGMA user_version = -1");
        assert_refused(f, TKIT_DB_CREATE, "schema version -1 is not a version");
        assert_refused(f, TKIT_DB_READONLY, "schema version -1 is not a version");
}

/* A writer killed in the middle of a transaction leaves a hot journal (and a half-changed file):
 * a read-only open must roll it back, not fail every read with "readonly database". */
static void test_hot_journal_rolled_back(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("rich", 40));
        tkit_db_close(db);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                sqlite3 *h = NULL;
                /* a one-page cache spills the change to the file before any commit */
                if (sqlite3_open(f->path, &h) != SQLITE_OK ||
                    sqlite3_exec(h, "PRAGMA cache_size = 1; BEGIN; DELETE FROM tiles;", NULL, NULL,
                                 NULL) != SQLITE_OK)
                        _exit(1);
                /* killed: no commit, no rollback, the journal stays (and no exit handlers, so
                 * valgrind, which follows forked children, has no leak check to make) */
                raise(SIGKILL);
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        char *journal = tkit_xasprintf("%s-journal", f->path);
        assert_int_equal(access(journal, F_OK), 0);
        db = open_ok(f, TKIT_DB_READONLY);
        struct tkit_set *want = rich_set("rich", 40);
        assert_loads_equal(f, db, want);
        tkit_db_close(db);
        free(journal);
        tkit_set_destroy(want);
}

/* Another connection reading holds up a commit: said as such, not as "another writer". */
static void test_locked_by_reader(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        tkit_db_set_busy_timeout(db, 50);
        sqlite3 *other = NULL;
        sqlite3_stmt *st = NULL;
        assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
        assert_int_equal(sqlite3_exec(other, "BEGIN", NULL, NULL, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_prepare_v2(other, "SELECT * FROM sqlite_master", -1, &st, NULL),
                         SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, rich_set("a", 0));
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_DB);
        if (!diag_has(&f->d, "still reading"))
                print_diags(&f->d);
        assert_true(diag_has(&f->d, "still reading"));
        assert_false(diag_has(&f->d, "writer"));
        sqlite3_finalize(st);
        sqlite3_exec(other, "COMMIT", NULL, NULL, NULL);
        sqlite3_close(other);
        tkit_setlist_finish(&l);
        tkit_db_close(db);
}

/* One crafted change to a database holding rich_set("rich", 1), and what loading must say. */
struct crafted {
        const char *sql;
        const char *rule; /* NULL: the set loads */
        const char *text; /* in the first message */
};

static const struct crafted crafted[] = {
    {"UPDATE pieces SET width = 65536, height = 65536", "DB-VALUE",
     "pieces row 1 (set 'rich'): width 65536 is outside 1..16"},
    {"UPDATE pieces SET width = 2", "DB-VALUE", "cell_x 2 is outside 0..1"},
    {"DELETE FROM tiles WHERE piece_key IS NOT NULL AND cell_x = 2 AND cell_y = 1", "DB-VALUE",
     "piece 'fortress' has no cell (2, 1)"},
    {"UPDATE tiles SET count = 7 WHERE piece_key IS NOT NULL", "DB-VALUE", "a cell of a piece"},
    {"UPDATE posts SET plain = 2000000000", "DB-VALUE", "plain 2000000000 is outside 0..1000"},
    {"UPDATE posts SET catapult = -1", "DB-VALUE", "catapult -1 is outside 0..1000"},
    {"UPDATE posts SET kind = 'any'", "DB-VALUE", "names a symbol"},
    {"UPDATE tiles SET count = 4294967297 WHERE tile_id = 'D'", "DB-VALUE",
     "count 4294967297 is outside 0..999999999"},
    {"UPDATE tiles SET count = 100000000 WHERE tile_id = 'D'", "COUNT-RANGE",
     "tile count 100000000 is outside 1..1000"},
    {"UPDATE tiles SET count = 0 WHERE tile_id = 'D'", "COUNT-RANGE", "outside 1..1000"},
    {"UPDATE tiles SET count = 'three' WHERE tile_id = 'D'", "DB-VALUE", "count is text, not an"},
    {"UPDATE tiles SET count = 2.5 WHERE tile_id = 'D'", "DB-VALUE", "is a real number"},
    {"UPDATE tiles SET start = 2 WHERE tile_id = 'D'", "DB-VALUE", "start 2 is outside 0..1"},
    {"UPDATE tiles SET tile_id = 'a b' WHERE tile_id = 'D'", "DB-VALUE", "'a b' is not an id"},
    {"UPDATE tiles SET tile_id = 'S1' WHERE tile_id = 'D'", NULL, "unique index"},
    {"DROP INDEX tiles_box_id; UPDATE tiles SET tile_id = 'S1' WHERE tile_id = 'D'", "ID-DUP",
     "duplicate tile id 'S1'"},
    {"UPDATE tiles SET illustrations = 'GGGGGGGGG' WHERE tile_id = 'D'", "DB-VALUE",
     "more than 8 illustrations"},
    {"UPDATE tiles SET illustrations = 'Z' WHERE tile_id = 'D'", "DB-VALUE", "'Z' is not one"},
    {"UPDATE tiles SET tile_group = 'sea' WHERE tile_id = 'D'", "DB-VALUE",
     "tile_group 'sea' is not one of"},
    {"UPDATE tiles SET provenance = x'41ff42' WHERE tile_id = 'D'", "DB-VALUE", "is a blob"},
    {"UPDATE tiles SET provenance = CAST(x'41ff42' AS TEXT) WHERE tile_id = 'D'", "DB-VALUE",
     "'A\\xffB' is not UTF-8 text"},
    {"UPDATE tiles SET provenance = CAST(x'41c0af' AS TEXT) WHERE tile_id = 'D'", "DB-VALUE",
     "is not UTF-8 text"},
    {"UPDATE tiles SET provenance = 'a' || char(1) WHERE tile_id = 'D'", "DB-VALUE",
     "is not UTF-8 text"},
    {"UPDATE tile_names SET text = 'a' || char(0) || 'b'", "DB-VALUE", "holds a NUL byte"},
    {"UPDATE tile_names SET lang = 'x'", "DB-VALUE", "lang 'x' is not a language tag"},
    {"UPDATE tile_names SET lang = 'en'", "DB-VALUE", "a second name in language 'en'"},
    {"INSERT INTO siege_symbols SELECT tile_key, seq + 10, post FROM siege_symbols;"
     "INSERT INTO siege_symbols SELECT tile_key, seq + 20, post FROM siege_symbols;",
     "DB-VALUE", "more than 8 siege symbols"},
    {"UPDATE features SET kind = 'castle'", "DB-VALUE", "kind 'castle' is not one of"},
    {"UPDATE features SET mask = 4096", "DB-VALUE", "mask 4096 is outside 0..4095"},
    {"UPDATE features SET mask = 0 WHERE kind = 'city'", "DB-VALUE",
     "a city must touch at least one side"},
    {"UPDATE features SET pennants = 100 WHERE kind = 'city'", "DB-VALUE",
     "pennants 100 is outside 0..99"},
    {"UPDATE features SET pennants = 1 WHERE kind = 'field'", "DB-VALUE", "a field has no"},
    {"UPDATE features SET end_kind = 'village' WHERE kind = 'river'", "DB-VALUE",
     "a river cannot end in 'village'"},
    {"UPDATE features SET besieger = '' WHERE kind = 'city'", "DB-VALUE",
     "besieger '' is not one of"},
    {"UPDATE field_touches SET city_id = 'nosuch'", "REF-TOUCH", "'nosuch'"},
    {"UPDATE field_touches SET city_id = 'c c'", "DB-VALUE", "city_id 'c c' is not an id"},
    {"UPDATE sets SET rules_mask = 512", "DB-VALUE", "rules_mask 512 is outside 0..511"},
    {"UPDATE sets SET year = 10000", "DB-VALUE", "year 10000 is outside 0..9999"},
    {"UPDATE sets SET source_format = 'word'", "DB-VALUE", "source_format 'word'"},
    {"UPDATE sets SET line = -5", "DB-VALUE", "line -5 is outside"},
    {"UPDATE set_requires SET requires = 'rich'", "DB-VALUE", "set 'rich' requires itself"},
    {"UPDATE tokens SET count = 1001", "COUNT-RANGE", "token count 1001 is outside 0..1000"},
    {"UPDATE tokens SET kind = 'dragon'", "DB-VALUE", "kind 'dragon' is not one of"},
    {"UPDATE manifest SET of = 'dragon' WHERE what = 'feature'", "DB-VALUE",
     "of 'dragon' does not suit what 'feature'"},
    {"UPDATE manifest SET tile_group = 'land' WHERE what = 'feature'", "DB-VALUE",
     "tile_group only applies"},
    {"UPDATE faces SET min_players = 0", "DB-VALUE", "min_players 0 is outside 1..99"},
    {"UPDATE faces SET max_players = 1 WHERE face_id = 'front'", "DB-VALUE",
     "max_players 1 is below min_players 2"},
    {"UPDATE faces SET face_id = 'back'", "DB-VALUE", "duplicate face id 'back'"},
    {"UPDATE markers SET name = ''", "DB-VALUE", "a marker has an empty name"},
    /* the limits themselves are accepted */
    {"UPDATE features SET pennants = 99 WHERE kind = 'city'", NULL, NULL},
    {"UPDATE posts SET plain = 1000, dark3 = 0", NULL, NULL},
    {"UPDATE tiles SET count = 1000 WHERE piece_key IS NULL", NULL, NULL},
    {"UPDATE sets SET year = 9999, rules_mask = 511", NULL, NULL},
    {"UPDATE tiles SET illustrations = 'GBTWESCG' WHERE tile_id = 'D'", NULL, NULL},
};

static void check_crafted(struct fx *f, const struct crafted *c)
{
        remove(f->path);
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("rich", 1));
        tkit_db_close(db);
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(f->path, &h), SQLITE_OK);
        int rc = sqlite3_exec(h, c->sql, NULL, NULL, NULL);
        sqlite3_close(h);
        if (!c->rule && c->text) { /* the schema itself refuses it */
                assert_int_not_equal(rc, SQLITE_OK);
                return;
        }
        if (rc != SQLITE_OK)
                fail_msg("%s: %s", c->sql, sqlite3_errstr(rc));
        db = open_ok(f, TKIT_DB_READONLY);
        struct tkit_set *s = (struct tkit_set *)1;
        tkit_diags_clear(&f->d);
        rc = tkit_db_load_set(db, "rich", &s, &f->d);
        tkit_db_close(db);
        if (!c->rule) {
                if (rc != 0)
                        print_diags(&f->d);
                assert_int_equal(rc, 0);
                tkit_set_destroy(s);
                return;
        }
        if (rc != TKIT_E_INVALID || f->d.n == 0 || !f->d.v[0].rule ||
            strcmp(f->d.v[0].rule, c->rule) != 0 || !strstr(f->d.v[0].message, c->text)) {
                fprintf(stderr, "after %s (want [%s] %s):\n", c->sql, c->rule, c->text);
                print_diags(&f->d);
        }
        assert_int_equal(rc, TKIT_E_INVALID);
        assert_null(s);
        assert_string_equal(f->d.v[0].rule, c->rule);
        assert_string_equal(f->d.v[0].file, f->path);
        assert_non_null(strstr(f->d.v[0].message, c->text));
}

static void test_crafted_values(void **state)
{
        struct fx *f = *state;
        for (size_t i = 0; i < sizeof crafted / sizeof *crafted; i++)
                check_crafted(f, &crafted[i]);
}

/* A set id that is not an id (here with a terminal escape) is refused when the ids are listed,
 * quoted harmlessly. */
static void test_crafted_set_id(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("rich", 0));
        tkit_db_close(db);
        raw_exec(f->path, "UPDATE sets SET set_id = 'x' || char(27) || '[2J'");
        db = open_ok(f, TKIT_DB_READONLY);
        char **ids = NULL;
        size_t n = 0;
        tkit_diags_clear(&f->d);
        assert_int_equal(tkit_db_set_ids(db, &ids, &n, &f->d), TKIT_E_INVALID);
        assert_null(ids);
        assert_int_equal(n, 0);
        assert_string_equal(f->d.v[0].rule, "DB-VALUE");
        assert_non_null(strstr(f->d.v[0].message, "'x\\x1b[2J' is not an id"));
        assert_null(strchr(f->d.v[0].message, 27));
        tkit_db_close(db);
}

/* ---------------------------------------------------------------- import and load */

static void test_import_load_equal(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        struct tkit_set *want = rich_set("rich", 3);
        struct tkit_set *copy = rich_set("rich", 3);
        import_one(f, db, copy);
        assert_loads_equal(f, db, want);

        /* and again from a fresh connection: nothing lives only in the handle */
        tkit_db_close(db);
        db = open_ok(f, TKIT_DB_READONLY);
        assert_loads_equal(f, db, want);

        /* Columns computed at import. */
        char *s = query_text(db, "SELECT sides || ' ' || sides_min || ' ' || pennants || ' ' || "
                                 "bridge_ns || bridge_ew FROM tiles WHERE tile_id = 'D'");
        assert_string_equal(s, "CRFR RCRF 1 00"); /* canonical: smallest packed code */
        free(s);
        s = query_text(db, "SELECT sides || ' ' || sides_min || ' ' || bridge_ns || bridge_ew "
                           "FROM tiles WHERE tile_id = 'S1'");
        assert_string_equal(s, "RFWF WFRF 01"); /* road N, river S: E and W are fields */
        free(s);
        s = query_text(db, "SELECT group_concat(name, ' ') FROM (SELECT fp.name FROM "
                           "feature_positions fp JOIN features USING (feature_key) JOIN tiles "
                           "USING (tile_key) WHERE tile_id = 'D' AND feature_id = 'f2' "
                           "ORDER BY pos)");
        assert_string_equal(s, "ER SL SM SR WL");
        free(s);
        s = query_text(db, "SELECT symbols || '/' || illustrations FROM tiles WHERE tile_id='D'");
        assert_string_equal(s, "monks any knights/TGW");
        free(s);
        s = query_text(db, "SELECT group_concat(coalesce(name, '?'), ',') FROM (SELECT name FROM "
                           "illustrations JOIN tiles USING (tile_key) WHERE tile_id = 'D' "
                           "ORDER BY illustrations.seq)");
        assert_string_equal(s, "water tower,garden,robbers");
        free(s);
        s = query_text(db, "SELECT rules FROM sets");
        assert_string_equal(s, "river bridges fortress");
        free(s);
        assert_int_equal(query_int(db, "SELECT count(*) FROM piece_cells WHERE piece_id = "
                                       "'fortress'"),
                         6);
        assert_int_equal(query_int(db, "SELECT count(*) FROM field_cities WHERE city_key IS NULL"),
                         0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
        tkit_db_close(db);
        tkit_set_destroy(want);
}

static void test_set_ids(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        char **ids = NULL;
        size_t n = 99;
        assert_int_equal(tkit_db_set_ids(db, &ids, &n, &f->d), 0);
        assert_int_equal(n, 0);
        tkit_db_free_ids(ids, n);
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, rich_set("zeta", 0));
        tkit_setlist_add(&l, rich_set("alpha", 0));
        tkit_setlist_add(&l, rich_set("basic:1", 0));
        assert_int_equal(tkit_db_import(db, &l, &f->d), 0);
        tkit_setlist_finish(&l);
        assert_int_equal(tkit_db_set_ids(db, &ids, &n, &f->d), 0);
        assert_int_equal(n, 3);
        assert_string_equal(ids[0], "alpha");
        assert_string_equal(ids[1], "basic:1");
        assert_string_equal(ids[2], "zeta");
        tkit_db_free_ids(ids, n);

        struct tkit_set *s = NULL;
        assert_int_equal(tkit_db_load_set(db, "nope", &s, &f->d), TKIT_E_NOTFOUND);
        assert_null(s);
        assert_true(diag_has(&f->d, "no set 'nope'"));
        assert_int_equal(tkit_db_delete_set(db, "alpha", &f->d), 0);
        assert_int_equal(tkit_db_delete_set(db, "alpha", &f->d), TKIT_E_NOTFOUND);
        assert_int_equal(query_int(db, "SELECT count(*) FROM sets"), 2);
        tkit_db_close(db);
}

/* Re-importing a set replaces every row of it: no orphans, no leftovers, other sets untouched. */
static void test_reimport_replaces(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("other", 2));
        char *other_before = query_text(db, "SELECT group_concat(tile_id || ':' || count) FROM "
                                            "tiles WHERE set_id = 'other'");
        import_one(f, db, rich_set("rich", 5));
        int features_before = query_int(db, "SELECT count(*) FROM features");

        struct tkit_set *changed = rich_set("rich", 1);
        changed->tiles[0].count = 7;
        tkit_tile_finish(&changed->tiles[1]); /* drop tile S1 */
        memmove(&changed->tiles[1], &changed->tiles[2],
                (changed->ntiles - 2) * sizeof *changed->tiles);
        changed->ntiles--;
        struct tkit_set *want = rich_set("rich", 1);
        want->tiles[0].count = 7;
        tkit_tile_finish(&want->tiles[1]);
        memmove(&want->tiles[1], &want->tiles[2], (want->ntiles - 2) * sizeof *want->tiles);
        want->ntiles--;
        import_one(f, db, changed);
        assert_loads_equal(f, db, want);

        /* 4 plain tiles (3 features) and S1 (6 features) fewer */
        assert_int_equal(query_int(db, "SELECT count(*) FROM features"),
                         features_before - 4 * 3 - 6);
        assert_int_equal(query_int(db, "SELECT count(*) FROM tiles WHERE set_id = 'rich' AND "
                                       "piece_key IS NULL"),
                         (int)want->ntiles);
        assert_int_equal(query_int(db, "SELECT count(*) FROM pieces"), 2);
        assert_int_equal(query_int(db, "SELECT count(*) FROM features WHERE tile_key NOT IN "
                                       "(SELECT tile_key FROM tiles)"),
                         0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
        char *other_after = query_text(db, "SELECT group_concat(tile_id || ':' || count) FROM "
                                           "tiles WHERE set_id = 'other'");
        assert_string_equal(other_before, other_after);
        free(other_before);
        free(other_after);
        tkit_set_destroy(want);
        tkit_db_close(db);
}

/* A failure in the middle of a multi-set import leaves the database exactly as it was. */
static void test_atomic(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("a", 2));
        tkit_db_close(db);
        size_t len0, len1;
        char *bytes = read_all(f->path, &len0);
        char *before = dump_file(f->path, DUMP_KEEP_TIME);

        db = open_ok(f, 0);
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_set *a2 = rich_set("a", 0); /* would replace "a": must not */
        a2->tiles[0].count = 2;
        tkit_setlist_add(&l, a2);
        tkit_setlist_add(&l, rich_set("b", 0));
        struct tkit_set *bad = rich_set("c", 3);
        free(bad->tiles[4].id); /* duplicate tile id: refused before anything is written */
        bad->tiles[4].id = tkit_xstrdup("P0");
        tkit_setlist_add(&l, bad);
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_INVALID);
        assert_true(diag_has(&f->d, "duplicate tile id 'P0'"));
        /* the message says what would fix it */
        assert_true(diag_has(&f->d, "rename one, or keep one definition with count=\"N\""));
        /* a failure of SQLite itself after "a" and "b" are written: the third set's row is
         * refused by a trigger (the connection's own, gone when it closes) */
        free(bad->tiles[4].id);
        bad->tiles[4].id = tkit_xstrdup("P4");
        assert_int_equal(
            sqlite3_exec(tkit_db_handle(db),
                         "CREATE TEMP TRIGGER no_c BEFORE INSERT ON sets "
                         "WHEN NEW.set_id = 'c' BEGIN SELECT RAISE(ABORT, 'no c'); END",
                         NULL, NULL, NULL),
            SQLITE_OK);
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_DB);
        assert_true(diag_has(&f->d, "no c"));
        tkit_db_close(db);

        char *after = dump_file(f->path, DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);
        after = read_all(f->path, &len1);
        assert_int_equal(len0, len1);
        assert_memory_equal(bytes, after, len0);
        free(after);

        /* The same id twice in one import is refused before anything is written. */
        tkit_setlist_finish(&l);
        tkit_setlist_add(&l, rich_set("x", 0));
        tkit_setlist_add(&l, rich_set("x", 0));
        db = open_ok(f, 0);
        tkit_diags_clear(&f->d);
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_INVALID);
        assert_true(diag_has(&f->d, "given twice"));
        tkit_db_close(db);
        after = dump_file(f->path, DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);
        tkit_setlist_finish(&l);
        free(before);
        free(bytes);
}

/* SQLITE_FULL in the middle of an import (max_page_count): rolled back, nothing changed, and the
 * handle is still usable afterwards. */
static void test_disk_full(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        import_one(f, db, rich_set("small", 1));
        char *before = dump_db(tkit_db_handle(db), DUMP_KEEP_TIME);
        int pages = query_int(db, "PRAGMA page_count");
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA max_page_count = %d", pages + 8);
        assert_int_equal(tkit_db_exec(db, pragma, &f->d), 0);

        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_setlist_add(&l, rich_set("small", 0)); /* replaced first, then restored */
        tkit_setlist_add(&l, rich_set("big", 400)); /* ~200 kB of provenance: > 8 pages */
        assert_int_equal(tkit_db_import(db, &l, &f->d), TKIT_E_DB);
        assert_true(diag_has(&f->d, "full"));
        char *after = dump_db(tkit_db_handle(db), DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);
        tkit_db_close(db);
        after = dump_file(f->path, DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);

        /* with room again, the same import goes through */
        db = open_ok(f, 0);
        tkit_diags_clear(&f->d);
        assert_int_equal(tkit_db_import(db, &l, &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM tiles WHERE set_id = 'big'"),
                         3 + 400 + 6);
        tkit_db_close(db);
        tkit_setlist_finish(&l);
        free(before);
}

/* ---------------------------------------------------------------- findings, views */

static void test_findings(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        struct tkit_diags found;
        tkit_diags_init(&found);
        tkit_diags_add(&found, TKIT_SEV_ERROR, "base.xml", 12, "GEO-COVER", "base", "D", "gap %d",
                       1);
        tkit_diags_add(&found, TKIT_SEV_WARNING, "base.xml", 30, "MAN-COUNT", NULL, NULL, "w");
        tkit_diags_add(&found, TKIT_SEV_NOTE, "river.xml", 3, "X", "river", NULL, "n");
        const char *base[] = {"base"};
        assert_int_equal(tkit_db_store_findings(db, &found, base, 1, &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings WHERE set_id = 'base'"), 2);
        char *s = query_text(db, "SELECT set_id||'|'||severity||'|'||rule||'|'||file||'|'||line||"
                                 "'|'||tile||'|'||message FROM findings WHERE rule='GEO-COVER'");
        assert_string_equal(s, "base|error|GEO-COVER|base.xml|12|D|gap 1");
        free(s);

        /* a second run for "base" replaces base's findings and leaves river's */
        tkit_diags_clear(&found);
        tkit_diags_add(&found, TKIT_SEV_ERROR, "base.xml", 5, "ID-DUP", "base", "A", "dup");
        assert_int_equal(tkit_db_store_findings(db, &found, base, 1, &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings WHERE set_id = 'base'"), 1);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings WHERE set_id = 'river'"), 1);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings WHERE created LIKE "
                                       "'20__-__-__T__:__:__Z'"),
                         2);

        /* importing "river" drops its now stale findings */
        import_one(f, db, rich_set("river", 0));
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings WHERE set_id = 'river'"), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings"), 1);

        /* deleting a set deletes its findings */
        import_one(f, db, rich_set("base", 0));
        assert_int_equal(tkit_db_store_findings(db, &found, base, 1, &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings WHERE set_id = 'base'"), 1);
        assert_int_equal(tkit_db_delete_set(db, "base", &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM findings"), 0);
        tkit_diags_finish(&found);
        tkit_db_close(db);
}

/* The simulator's tables, written through the handle in the caller's own transaction. */
static void test_layout_rows(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        sqlite3_stmt *st = NULL;
        assert_int_equal(tkit_db_begin(db, &f->d), 0);
        assert_int_equal(
            tkit_db_exec(db,
                         "INSERT INTO layouts (layout_id, seed, sets, players, created)"
                         " VALUES (1, 42, 'base', 2, '2026-12-01T00:00:00Z')",
                         &f->d),
            0);
        assert_int_equal(tkit_db_prepare(db,
                                         "INSERT INTO placements (layout_id, seq, set_id, tile_id,"
                                         " x, y, rotation) VALUES (1, ?, 'base', 'D', ?, 0, 0)",
                                         &st, &f->d),
                         0);
        for (int i = 0; i < 5; i++) {
                assert_int_equal(sqlite3_bind_int(st, 1, i), SQLITE_OK);
                assert_int_equal(sqlite3_bind_int(st, 2, i), SQLITE_OK);
                assert_int_equal(sqlite3_step(st), SQLITE_DONE);
                sqlite3_reset(st);
        }
        sqlite3_finalize(st);
        assert_int_equal(
            tkit_db_exec(db, "INSERT INTO discards VALUES (1, 0, 'base', 'X', 3)", &f->d), 0);
        assert_int_equal(tkit_db_commit(db, &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM placements"), 5);

        /* a rolled-back transaction leaves nothing; a bad statement is reported with SQLite's
         * message */
        assert_int_equal(tkit_db_begin(db, &f->d), 0);
        assert_int_equal(tkit_db_exec(db, "DELETE FROM placements", &f->d), 0);
        tkit_db_rollback(db);
        tkit_db_rollback(db); /* harmless */
        assert_int_equal(query_int(db, "SELECT count(*) FROM placements"), 5);
        assert_int_equal(tkit_db_prepare(db, "SELECT nope FROM layouts", &st, &f->d), TKIT_E_DB);
        assert_null(st);
        assert_true(diag_has(&f->d, "no such column: nope"));

        /* deleting a layout deletes its rows */
        assert_int_equal(tkit_db_exec(db, "DELETE FROM layouts WHERE layout_id = 1", &f->d), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM placements"), 0);
        assert_int_equal(query_int(db, "SELECT count(*) FROM discards"), 0);
        tkit_db_close(db);
}

static void add_layouts(const char *path, int first, int n, int tiles_each)
{
        for (int id = first; id < first + n; id++) {
                char sql[512];
                snprintf(sql, sizeof sql,
                         "PRAGMA foreign_keys = ON;"
                         "INSERT INTO layouts VALUES (%d, %d, 'base', 2, 'now', '{}');"
                         "INSERT INTO discards VALUES (%d, 0, 'base', 'X', 1);",
                         id, 1000 + id, id);
                raw_exec(path, sql);
                for (int k = 0; k < tiles_each; k++) {
                        snprintf(sql, sizeof sql,
                                 "INSERT INTO placements VALUES (%d, %d, 'base', 'D', %d, %d, 1,"
                                 " NULL)",
                                 id, k, k, id);
                        raw_exec(path, sql);
                }
        }
}

/* Shards of a parallel simulation are appended with fresh layout ids; a bad shard changes
 * nothing. */
static void test_merge_layouts(void **state)
{
        struct fx *f = *state;
        char *shard = tkit_xasprintf("%s/shard.db", f->dir);
        struct tkit_db *db = NULL;
        assert_int_equal(tkit_db_open(shard, TKIT_DB_CREATE, &db, &f->d), 0);
        tkit_db_close(db);
        add_layouts(shard, 7, 3, 4); /* ids 7 8 9 */
        db = open_ok(f, TKIT_DB_CREATE);
        add_layouts(f->path, 1, 2, 2); /* ids 1 2 */
        char *shard_before = dump_file(shard, DUMP_KEEP_TIME);

        int merged = -1;
        assert_int_equal(tkit_db_merge_layouts(db, shard, &merged, &f->d), 0);
        assert_int_equal(merged, 3);
        assert_int_equal(query_int(db, "SELECT count(*) FROM layouts"), 5);
        char *ids = query_text(db, "SELECT group_concat(layout_id || ':' || seed, ' ') FROM "
                                   "(SELECT * FROM layouts ORDER BY layout_id)");
        assert_string_equal(ids, "1:1001 2:1002 3:1007 4:1008 5:1009");
        free(ids);
        assert_int_equal(query_int(db, "SELECT count(*) FROM placements WHERE layout_id = 5 AND "
                                       "y = 9"),
                         4);
        assert_int_equal(query_int(db, "SELECT count(*) FROM discards"), 5);
        char *after = dump_file(shard, DUMP_KEEP_TIME);
        assert_string_equal(shard_before, after);
        free(after);

        /* a shard with an orphan placement: the foreign key fails, nothing is merged */
        raw_exec(shard, "INSERT INTO placements VALUES (99, 0, 'base', 'D', 0, 0, 0, NULL)");
        char *before = dump_db(tkit_db_handle(db), DUMP_KEEP_TIME);
        assert_int_equal(tkit_db_merge_layouts(db, shard, &merged, &f->d), TKIT_E_DB);
        assert_int_equal(merged, 0);
        assert_true(diag_has(&f->d, "FOREIGN KEY"));
        after = dump_db(tkit_db_handle(db), DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(after);
        free(before);

        /* not a tilekit database, or missing: refused */
        raw_exec(shard, "PRAGMA user_version = 42");
        assert_int_equal(tkit_db_merge_layouts(db, shard, NULL, &f->d), TKIT_E_DB);
        assert_true(diag_has(&f->d, "newer than this program"));
        char *missing = tkit_xasprintf("%s/missing.db", f->dir);
        assert_int_equal(tkit_db_merge_layouts(db, missing, NULL, &f->d), TKIT_E_IO);
        assert_int_equal(access(missing, F_OK), -1);
        assert_int_equal(query_int(db, "SELECT count(*) FROM layouts"), 5);
        free(missing);
        free(shard_before);
        free(shard);
        tkit_db_close(db);
}

static void add_simple(struct tkit_set *s, const char *id, int count, uint16_t city, uint16_t road,
                       int pennants)
{
        struct tkit_tile *t = tkit_set_add_tile(s, id);
        t->count = count;
        if (city) {
                struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_CITY, "c");
                f->mask = city;
                f->pennants = pennants;
        }
        if (road)
                tkit_tile_add_feature(t, TKIT_ROAD, "r")->mask = road;
}

static void test_views(void **state)
{
        struct fx *f = *state;
        struct tkit_db *db = open_ok(f, TKIT_DB_CREATE);
        struct tkit_set *s = tkit_set_create("mini");
        uint16_t n = TKIT_MASK_SIDE(TKIT_N), e = TKIT_MASK_SIDE(TKIT_E);
        uint16_t w = TKIT_MASK_SIDE(TKIT_W);
        uint16_t ns = 0x0082, ew = 0x0410;  /* NM SM, EM WM */
        add_simple(s, "D", 4, n, ew, 0);    /* CRFR: no bridge */
        add_simple(s, "U", 8, 0, ns, 0);    /* RFRF: bridge E-W */
        add_simple(s, "B", 4, 0, 0, 0);     /* FFFF: both */
        add_simple(s, "F", 2, e | w, 0, 1); /* FCFC: bridge N-S, pennant */
        add_simple(s, "M", 2, n | w, 0, 1); /* CFFC */
        s->tiles[4].group = TKIT_GROUP_RIVER;
        import_one(f, db, s);

        char *v = query_text(db, "SELECT group_concat(tile_id || ':' || axes, ' ') FROM "
                                 "(SELECT * FROM bridge_tiles ORDER BY tile_id)");
        assert_string_equal(v, "B:N-S E-W F:N-S U:E-W");
        free(v);
        v = query_text(db, "SELECT pennants || '/' || tiles_with_pennants FROM set_pennants");
        assert_string_equal(v, "4/4");
        free(v);
        v = query_text(db, "SELECT group_concat(tile_group || '=' || types || '/' || tiles, ' ') "
                           "FROM (SELECT * FROM set_totals ORDER BY tile_group)");
        assert_string_equal(v, "*=5/20 land=4/18 river=1/2");
        free(v);
        v = query_text(db, "SELECT north || east || south || west FROM tile_sides "
                           "WHERE tile_id = 'M'");
        assert_string_equal(v, "cityfieldfieldcity");
        free(v);
        tkit_db_close(db);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test_setup_teardown(test_create_and_reopen, setup, teardown),
            cmocka_unit_test_setup_teardown(test_missing_file, setup, teardown),
            cmocka_unit_test_setup_teardown(test_not_a_database, setup, teardown),
            cmocka_unit_test_setup_teardown(test_foreign_sqlite, setup, teardown),
            cmocka_unit_test_setup_teardown(test_newer_schema_refused, setup, teardown),
            cmocka_unit_test_setup_teardown(test_migrate_from_zero, setup, teardown),
            cmocka_unit_test_setup_teardown(test_readonly, setup, teardown),
            cmocka_unit_test_setup_teardown(test_locked, setup, teardown),
            cmocka_unit_test_setup_teardown(test_names_that_keep_nothing, setup, teardown),
            cmocka_unit_test_setup_teardown(test_user_version_negative, setup, teardown),
            cmocka_unit_test_setup_teardown(test_hot_journal_rolled_back, setup, teardown),
            cmocka_unit_test_setup_teardown(test_locked_by_reader, setup, teardown),
            cmocka_unit_test_setup_teardown(test_crafted_values, setup, teardown),
            cmocka_unit_test_setup_teardown(test_crafted_set_id, setup, teardown),
            cmocka_unit_test_setup_teardown(test_import_load_equal, setup, teardown),
            cmocka_unit_test_setup_teardown(test_set_ids, setup, teardown),
            cmocka_unit_test_setup_teardown(test_reimport_replaces, setup, teardown),
            cmocka_unit_test_setup_teardown(test_atomic, setup, teardown),
            cmocka_unit_test_setup_teardown(test_disk_full, setup, teardown),
            cmocka_unit_test_setup_teardown(test_findings, setup, teardown),
            cmocka_unit_test_setup_teardown(test_views, setup, teardown),
            cmocka_unit_test_setup_teardown(test_layout_rows, setup, teardown),
            cmocka_unit_test_setup_teardown(test_merge_layouts, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
