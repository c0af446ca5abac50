/* The import / export / list commands, run as the real `tilekit` binary on real files:
 * import -> export -> re-import gives the same rows, on the fixtures and on every XML file of
 * tilesets/ * (globbed when the test runs, so new sets are covered); bad input fails like a
 * compiler and leaves the database as it was. Environment: TILEKIT (the binary), TKIT_SOURCE_ROOT
 * (the repository), TMPDIR. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <fcntl.h>
#include <glob.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"

struct fx {
        char *dir;
        const char *tilekit;
        const char *root;
        struct tkit_run r; /* the last run */
        char *out, *err;   /* its output (in r) */
        int n;           /* counter for file names */
};

static int setup(void **state)
{
        struct fx *f = tkit_xcalloc(1, sizeof *f);
        f->tilekit = getenv("TILEKIT");
        f->root = getenv("TKIT_SOURCE_ROOT");
        f->dir = make_temp_dir();
        if (!f->tilekit || !f->root || !f->dir)
                return -1;
        *state = f;
        return 0;
}

static int teardown(void **state)
{
        struct fx *f = *state;
        remove_tree(f->dir);
        free(f->dir);
        tkit_run_finish(&f->r);
        free(f);
        return 0;
}

static char *tmp_path(struct fx *f, const char *name)
{
        return tkit_xasprintf("%s/%d-%s", f->dir, f->n++, name);
}

/* Runs the binary with argv (argv[0] is replaced by the binary) through tkit_run(); returns its
 * exit status, output in f->out and f->err. */
static int run_argv(struct fx *f, const char **argv)
{
        argv[0] = f->tilekit;
        int rc = tkit_run(&f->r, argv);
        f->out = f->r.out;
        f->err = f->r.err;
        return rc;
}

/* Runs `tilekit ARGS...` (NULL-terminated). */
static int run(struct fx *f, ...)
{
        va_list ap;
        va_start(ap, f);
        int rc = tkit_run_vargs(&f->r, f->tilekit, ap);
        va_end(ap);
        f->out = f->r.out;
        f->err = f->r.err;
        return rc;
}

static void run_ok(struct fx *f, int rc)
{
        if (rc != 0)
                fprintf(stderr, "tilekit failed (%d):\n%s", rc, f->err);
        assert_int_equal(rc, 0);
}

/* Set ids of a database in import order. */
static char **stored_ids(const char *db, size_t *n)
{
        sqlite3 *h = NULL;
        sqlite3_stmt *st = NULL;
        char **ids = NULL;
        size_t cap = 0;
        *n = 0;
        assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
        assert_int_equal(
            sqlite3_prepare_v2(h, "SELECT set_id FROM sets ORDER BY rowid", -1, &st, NULL),
            SQLITE_OK);
        while (sqlite3_step(st) == SQLITE_ROW)
                *TKIT_PUSH(ids, *n, cap) = tkit_xstrdup((const char *)sqlite3_column_text(st, 0));
        sqlite3_finalize(st);
        sqlite3_close(h);
        return ids;
}

static void free_ids(char **ids, size_t n)
{
        for (size_t i = 0; i < n; i++)
                free(ids[i]);
        free(ids);
}

static void assert_same_text(const char *what, const char *a, const char *b)
{
        if (strcmp(a, b) != 0) {
                /* show the first differing line, not two whole dumps */
                size_t i = 0, line = 1, start = 0;
                for (; a[i] && a[i] == b[i]; i++)
                        if (a[i] == '\n') {
                                line++;
                                start = i + 1;
                        }
                fprintf(stderr, "%s differ at line %zu:\n< %.200s\n> %.200s\n", what, line,
                        a + start, b + start);
                fail();
        }
}

/* import FILE -> db1; export every set; import the exports -> db2; same rows (sources aside);
 * exporting db2 gives the same bytes. */
static void round_trip(struct fx *f, const char *file)
{
        char *db1 = tmp_path(f, "one.db"), *db2 = tmp_path(f, "two.db");
        run_ok(f, run(f, "import", "--quiet", "--db", db1, file, NULL));
        assert_string_equal(f->out, ""); /* --quiet */
        size_t n;
        char **ids = stored_ids(db1, &n);
        assert_true(n > 0);
        char **exports = tkit_xcalloc(n, sizeof *exports);
        for (size_t i = 0; i < n; i++) {
                exports[i] = tmp_path(f, "export.xml");
                run_ok(f, run(f, "export", "--db", db1, "--set", ids[i], "-o", exports[i], NULL));
                run_ok(f, run(f, "import", "--db", db2, exports[i], NULL));
                assert_non_null(strstr(f->out, "imported 1 set"));
        }
        char *d1 = dump_file(db1, DUMP_NO_SOURCE), *d2 = dump_file(db2, DUMP_NO_SOURCE);
        /* the rows of the set: its tiles, or its tokens for a box of figures only
         * (traders-builders) */
        assert_true(strstr(d1, "\ntiles|") || strstr(d1, "\ntokens|"));
        assert_same_text(file, d1, d2);
        for (size_t i = 0; i < n; i++) {
                run_ok(f, run(f, "export", "--db", db2, "--set", ids[i], NULL));
                char *first = read_all(exports[i], NULL);
                assert_same_text(ids[i], first, f->out);
                free(first);
                free(exports[i]);
        }
        free(exports);
        free(d1);
        free(d2);
        free_ids(ids, n);
        free(db1);
        free(db2);
}

static void test_round_trip_fixtures(void **state)
{
        struct fx *f = *state;
        char *pattern = tkit_xasprintf("%s/tests/db/fixtures/*.xml", f->root);
        glob_t g;
        assert_int_equal(glob(pattern, 0, NULL, &g), 0);
        for (size_t i = 0; i < g.gl_pathc; i++)
                round_trip(f, g.gl_pathv[i]);
        globfree(&g);
        free(pattern);
}

/* Every tile set of the repository, whatever sets exist when the test runs. */
static void test_round_trip_tilesets(void **state)
{
        struct fx *f = *state;
        char *pattern = tkit_xasprintf("%s/tilesets/*.xml", f->root);
        glob_t g;
        int rc = glob(pattern, 0, NULL, &g);
        free(pattern);
        if (rc == GLOB_NOMATCH)
                fail_msg("no tilesets/*.xml");
        assert_int_equal(rc, 0);
        for (size_t i = 0; i < g.gl_pathc; i++)
                round_trip(f, g.gl_pathv[i]);

        /* and all of them in one import: one transaction, summary over every set */
        char *db = tmp_path(f, "all.db");
        const char **argv = tkit_xcalloc(g.gl_pathc + 5, sizeof *argv);
        argv[1] = "import";
        argv[2] = "--db";
        argv[3] = db;
        for (size_t i = 0; i < g.gl_pathc; i++)
                argv[4 + i] = g.gl_pathv[i];
        run_ok(f, run_argv(f, argv));
        free(argv);
        size_t n;
        char **ids = stored_ids(db, &n);
        assert_true(n >= g.gl_pathc); /* every file defines at least one set */
        free_ids(ids, n);
        free(db);
        globfree(&g);
}

/* Row counts of every table, one line each. */
static char *table_counts(const char *db)
{
        sqlite3 *h = NULL;
        sqlite3_stmt *st = NULL;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "");
        assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
        assert_int_equal(sqlite3_prepare_v2(h,
                                            "SELECT name FROM sqlite_master WHERE type = 'table'"
                                            " ORDER BY name",
                                            -1, &st, NULL),
                         SQLITE_OK);
        while (sqlite3_step(st) == SQLITE_ROW) {
                const char *t = (const char *)sqlite3_column_text(st, 0);
                char *q = tkit_xasprintf("SELECT count(*) FROM \"%s\"", t);
                sqlite3_stmt *c = NULL;
                assert_int_equal(sqlite3_prepare_v2(h, q, -1, &c, NULL), SQLITE_OK);
                assert_int_equal(sqlite3_step(c), SQLITE_ROW);
                tkit_buf_printf(&b, "%s %d\n", t, sqlite3_column_int(c, 0));
                sqlite3_finalize(c);
                free(q);
        }
        sqlite3_finalize(st);
        sqlite3_close(h);
        return tkit_buf_steal(&b);
}

/* JCloisterZone's own files (the vendored copy in third_party/jcloisterzone): all in one import; importing them again
 * replaces every set without leftovers; every set exports. */
static void test_jcz_import(void **state)
{
        struct fx *f = *state;
        const char *ext = getenv("TKIT_EXTERNAL");
        if (!ext || !*ext)
                fail_msg("TKIT_EXTERNAL is not set: run the tests through meson");
        char *pattern = tkit_xasprintf("%s/jcloisterzone/*.xml", ext);
        glob_t g;
        int rc = glob(pattern, 0, NULL, &g);
        free(pattern);
        if (rc == GLOB_NOMATCH)
                fail_msg("no JCloisterZone files in %s/jcloisterzone (vendored)", ext);
        assert_int_equal(rc, 0);
        char *db = tmp_path(f, "jcz.db");
        const char **argv = tkit_xcalloc(g.gl_pathc + 6, sizeof *argv);
        argv[1] = "import";
        argv[2] = "--db";
        argv[3] = db;
        argv[4] = "--format=jcz";
        for (size_t i = 0; i < g.gl_pathc; i++)
                argv[5 + i] = g.gl_pathv[i];
        run_ok(f, run_argv(f, argv));
        char *summary = tkit_xstrdup(f->out);
        /* winter.xml lists basic.xml's 24 tiles by reference: import must resolve them */
        assert_non_null(strstr(summary, "winter: 36 tile types"));
        char *counts = table_counts(db);
        run_ok(f, run(f, "list", "sets", "--db", db, NULL));
        char *listing = tkit_xstrdup(f->out);

        run_ok(f, run_argv(f, argv));
        assert_string_equal(summary, f->out);
        char *again = table_counts(db);
        assert_string_equal(counts, again);
        run_ok(f, run(f, "list", "sets", "--db", db, NULL));
        assert_string_equal(listing, f->out);

        size_t n;
        char **ids = stored_ids(db, &n);
        assert_true(n >= g.gl_pathc);
        for (size_t i = 0; i < n; i++) {
                run_ok(f, run(f, "export", "--db", db, "--set", ids[i], NULL));
                assert_non_null(strstr(f->out, "<tileset format=\"1\""));
        }
        free_ids(ids, n);
        free(again);
        free(listing);
        free(counts);
        free(summary);
        free(argv);
        free(db);
        globfree(&g);
}

struct bad_case {
        const char *file;
        int line;
        const char *rule;
};

/* Bad input: compiler-style error at the right line, exit 1, the database unchanged (a good file
 * given with the bad one is not imported either). */
static void test_bad_input(void **state)
{
        static const struct bad_case cases[] = {
            {"malformed.xml", 5, "XML-PARSE"},
            {"unknown-element.xml", 5, "XML-UNKNOWN"},
            {"duplicate-id.xml", 6, "ID-DUP"},
            {"dangling-ref.xml", 5, "REF-TOUCH"},
        };
        struct fx *f = *state;
        char *db = tmp_path(f, "keep.db");
        char *good = tkit_xasprintf("%s/tests/db/fixtures/rich.xml", f->root);
        run_ok(f, run(f, "import", "--db", db, good, NULL));
        size_t len0, len1;
        char *bytes = read_all(db, &len0);
        char *before = dump_file(db, DUMP_KEEP_TIME);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                char *bad = tkit_xasprintf("%s/tests/db/bad/%s", f->root, cases[i].file);
                char *want =
                    tkit_xasprintf("%s:%d: error: [%s]", bad, cases[i].line, cases[i].rule);
                assert_int_equal(run(f, "import", "--db", db, good, bad, NULL), 1);
                if (!strstr(f->err, want))
                        fprintf(stderr, "expected '%s' in:\n%s", want, f->err);
                assert_non_null(strstr(f->err, want));
                assert_string_equal(f->out, "");
                char *after = dump_file(db, DUMP_KEEP_TIME);
                assert_same_text(cases[i].file, before, after);
                free(after);
                after = read_all(db, &len1);
                assert_int_equal(len0, len1);
                assert_memory_equal(bytes, after, len0);
                free(after);
                free(bad);
                free(want);
        }
        free(before);
        free(bytes);
        free(good);
        free(db);
}

static void test_usage_and_io(void **state)
{
        struct fx *f = *state;
        char *db = tmp_path(f, "u.db");
        char *missing = tmp_path(f, "missing.xml");
        assert_int_equal(run(f, "import", "--db", db, NULL), 2);
        assert_int_equal(run(f, "import", "--db", db, "--format", "xls", missing, NULL), 2);
        assert_int_equal(run(f, "import", "--db", db, missing, NULL), 2);
        assert_int_equal(access(db, F_OK), -1); /* nothing to import: no database made */
        assert_int_equal(run(f, "export", "--db", db, NULL), 2);
        assert_int_equal(run(f, "export", "--db", db, "--set", "x", NULL), 2); /* no such db */
        assert_int_equal(run(f, "list", "--db", db, NULL), 2);
        assert_int_equal(run(f, "list", "--db", db, "cards", NULL), 2);
        assert_int_equal(run(f, "list", "--db", db, "tiles", NULL), 2);
        const char *cmds[] = {"import", "export", "list"};
        for (int i = 0; i < 3; i++) {
                assert_int_equal(run(f, cmds[i], "--help", NULL), 0);
                assert_non_null(strstr(f->out, "Usage: tilekit "));
                assert_int_equal(run(f, "help", cmds[i], NULL), 0);
                assert_non_null(strstr(f->out, cmds[i]));
                assert_int_equal(run(f, cmds[i], "--version", NULL), 0);
                assert_non_null(strstr(f->out, "tilekit "));
        }
        free(db);
        free(missing);
}

static void test_list_and_export(void **state)
{
        struct fx *f = *state;
        char *db = tmp_path(f, "l.db");
        char *good = tkit_xasprintf("%s/tests/db/fixtures/rich.xml", f->root);
        run_ok(f, run(f, "import", "--db", db, good, NULL));
        assert_non_null(strstr(f->out, "db-rich: 4 tile types, 8 tiles, 1 piece"));
        assert_non_null(strstr(f->out, "imported 1 set, 4 tile types, 8 tiles"));

        run_ok(f, run(f, "list", "sets", "--db", db, NULL));
        assert_non_null(strstr(f->out, "db-rich"));
        assert_non_null(strstr(f->out, "Rich fixture & friends"));
        run_ok(f, run(f, "list", "sets", "--db", db, "--ids", NULL));
        assert_string_equal(f->out, "db-rich\n");
        run_ok(f, run(f, "list", "sets", "--db", db, "--json", NULL));
        assert_non_null(strstr(f->out, "\"id\": \"db-rich\""));
        assert_non_null(strstr(f->out, "\"types\": 4, \"tiles\": 8, \"pieces\": 1"));

        run_ok(f, run(f, "list", "tiles", "--set", "db-rich", "--db", db, "--json", NULL));
        assert_non_null(strstr(f->out, "{\"id\": \"D\", \"count\": 4, \"group\": \"land\", "
                                       "\"sides\": \"CRFR\", \"start\": true, \"names\": "
                                       "{\"en\": \"City with straight road\", \"uk\": "));
        assert_non_null(strstr(f->out, "{\"id\": \"R1\", \"count\": 1, \"group\": \"river\", "
                                       "\"sides\": \"FRWR\""));
        assert_non_null(strstr(f->out, "\"sides\": \"RRRR\""));
        run_ok(f, run(f, "list", "tiles", "--set", "db-rich", "--db", db, NULL));
        assert_non_null(strstr(f->out, "V1"));
        assert_non_null(strstr(f->out, "FRRF"));

        assert_int_equal(run(f, "list", "tiles", "--set", "nope", "--db", db, NULL), 1);
        assert_non_null(strstr(f->err, "no set 'nope'"));
        assert_int_equal(run(f, "export", "--set", "nope", "--db", db, NULL), 1);
        assert_non_null(strstr(f->err, "no set 'nope'"));
        assert_string_equal(f->out, "");

        /* a database from a newer tilekit: refused, untouched */
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, "PRAGMA user_version = 7", NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
        char *before = dump_file(db, DUMP_KEEP_TIME);
        assert_int_equal(run(f, "import", "--db", db, good, NULL), 1);
        assert_non_null(strstr(f->err, "newer than this program"));
        assert_int_equal(run(f, "list", "sets", "--db", db, NULL), 1);
        char *after = dump_file(db, DUMP_KEEP_TIME);
        assert_string_equal(before, after);
        free(before);
        free(after);
        free(good);
        free(db);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test_setup_teardown(test_round_trip_fixtures, setup, teardown),
            cmocka_unit_test_setup_teardown(test_round_trip_tilesets, setup, teardown),
            cmocka_unit_test_setup_teardown(test_jcz_import, setup, teardown),
            cmocka_unit_test_setup_teardown(test_bad_input, setup, teardown),
            cmocka_unit_test_setup_teardown(test_usage_and_io, setup, teardown),
            cmocka_unit_test_setup_teardown(test_list_and_export, setup, teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
