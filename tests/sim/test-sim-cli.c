/* The real `tilekit simulate` and `tilekit bench` binaries on the bundled tile files: output
 * determinism, the database path giving the same layouts as the files, --verify verdicts, --store
 * rows, exit codes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <sys/wait.h>
#include <unistd.h>

#include "formats/tkit-formats.h"
#include "sim/tkit-sim.h"
#include "tkit-test.h"

static char tmpdir[512];

static const char *root(void)
{
        const char *r = getenv("TKIT_SOURCE_ROOT");
        return r ? r : ".";
}

static struct tkit_run last; /* the last run (tests/support) */

/* Runs `tilekit ARGS` (words, '...' quoted) from the source root with tkit_run(); a copy of its
 * stdout in *out (caller frees; NULL: dropped); returns the exit code. */
static int run(char **out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int run(char **out, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *args = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        last.cwd = root();
        int rc = tkit_run_line(&last, tkit_test_env("TILEKIT"), "%s", args);
        free(args);
        if (out)
                *out = tkit_xstrdup(last.out);
        return rc;
}

/* The standard error of the last run. */
static const char *stderr_text(void)
{
        return last.err;
}

#define BASE "--tiles tilesets/base.xml"
#define MORE BASE " --tiles tilesets/river.xml --tiles tilesets/castles-bridges.xml"

static void test_same_seed_same_bytes(void **state)
{
        (void)state;
        char *a, *b, *c;
        assert_int_equal(run(&a, "simulate " MORE " --seed 42 --json -"), 0);
        assert_int_equal(run(&b, "simulate " MORE " --seed 42 --json -"), 0);
        assert_int_equal(run(&c, "simulate " MORE " --seed 43 --json -"), 0);
        assert_true(strlen(a) > 1000);
        assert_string_equal(a, b);
        assert_string_not_equal(a, c);
        /* what the command prints is a legal layout of those sets */
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        const char *files[] = {"base", "river", "castles-bridges"};
        for (int i = 0; i < 3; i++) {
                char *p = tkit_xasprintf("%s/tilesets/%s.xml", root(), files[i]);
                assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &sets, &d), 0);
                free(p);
        }
        struct tkit_layout *l = tkit_layout_read_json(a, strlen(a), "-", sets.sets, sets.n, &d);
        assert_non_null(l);
        assert_int_equal(l->seed, 42);
        assert_int_equal(l->nsets, 3);
        tkit_layout_destroy(l);
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
        free(a);
        free(b);
        free(c);
}

static void test_verify(void **state)
{
        (void)state;
        char path[600], *out;
        snprintf(path, sizeof(path), "%s/layout.json", tmpdir);
        assert_int_equal(run(NULL, "simulate " BASE " --seed 9 --json '%s'", path), 0);
        assert_int_equal(run(&out, "simulate " BASE " --verify '%s'", path), 0);
        assert_non_null(strstr(out, "legal"));
        free(out);
        /* move the second placement far away: it no longer touches the layout */
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        static char text[1 << 20];
        size_t n = fread(text, 1, sizeof(text) - 1, f);
        text[n] = '\0';
        fclose(f);
        char *second = strstr(strstr(text, "\"placements\""), "},") + 2;
        char *x = strstr(second, "\"x\": ") + strlen("\"x\": ");
        char *end = x;
        while (*end == '-' || (*end >= '0' && *end <= '9'))
                end++;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_add(&b, text, (size_t)(x - text));
        tkit_buf_printf(&b, "%d", atoi(x) + 100);
        tkit_buf_puts(&b, end);
        f = fopen(path, "w");
        fputs(b.data, f);
        fclose(f);
        tkit_buf_finish(&b);
        assert_int_equal(run(NULL, "simulate " BASE " --verify '%s'", path), 1);
        assert_non_null(strstr(stderr_text(), "[SIM-DETACHED]"));
        /* not JSON at all */
        f = fopen(path, "w");
        fputs("{\"seed\": 1,", f);
        fclose(f);
        assert_int_equal(run(NULL, "simulate " BASE " --verify '%s'", path), 1);
        assert_non_null(strstr(stderr_text(), "[SIM-JSON]"));
}

static void test_usage(void **state)
{
        (void)state;
        assert_int_equal(run(NULL, "simulate"), 2);
        assert_int_equal(run(NULL, "simulate " BASE " --seed abc"), 2);
        assert_int_equal(run(NULL, "simulate " BASE " --count 0"), 2);
        assert_int_equal(run(NULL, "simulate --tiles /nonexistent/x.xml"), 2);
        assert_int_equal(run(NULL, "simulate " BASE " --set nope"), 1);
        assert_int_equal(run(NULL, "simulate " BASE " --tiles tilesets/base.xml"), 1);
        assert_int_equal(run(NULL, "bench --only nothing"), 2);
        char *out;
        assert_int_equal(run(&out, "simulate --help"), 0);
        assert_non_null(strstr(out, "--seed"));
        free(out);
        assert_int_equal(run(&out, "help simulate"), 0);
        free(out);
}

/* The number `"key": N` inside the object `"stat": {...}` of a --count summary. */
static double stat_of(const char *json, const char *stat, const char *key)
{
        char want[128];
        snprintf(want, sizeof want, "\"%s\": {", stat);
        const char *obj = strstr(json, want);
        if (!obj)
                fail_msg("no \"%s\" in %s", stat, json);
        const char *end = strchr(obj, '}');
        snprintf(want, sizeof want, "\"%s\": ", key);
        const char *at = strstr(obj, want);
        if (!at || at > end)
                fail_msg("no \"%s\" in \"%s\"", key, stat);
        char *rest;
        double v = strtod(at + strlen(want), &rest);
        assert_true(rest != at + strlen(want));
        return v;
}

/* min <= mean <= max, and a number of tiles is a whole number. */
static void assert_ordered(const char *json, const char *stat)
{
        double min = stat_of(json, stat, "min"), mean = stat_of(json, stat, "mean"),
               max = stat_of(json, stat, "max");
        assert_true(min <= mean && mean <= max);
        assert_true(min == (long)min && max == (long)max);
}

static void test_count_and_bench(void **state)
{
        (void)state;
        char *out;
        assert_int_equal(run(&out, "simulate " BASE " --count 50 --json -"), 0);
        assert_non_null(strstr(out, "\"games\": 50,"));
        assert_ordered(out, "placed");
        assert_ordered(out, "discarded");
        /* 72 tiles: placed + discarded is 72 in every game, so placed <= 72 and the fewest placed
         * is the game with the most discarded */
        assert_true(stat_of(out, "placed", "max") <= 72);
        assert_true(stat_of(out, "placed", "min") >= 1);
        assert_true(stat_of(out, "discarded", "min") >= 0);
        assert_int_equal(
            (long)stat_of(out, "placed", "min") + (long)stat_of(out, "discarded", "max"), 72);
        assert_int_equal(
            (long)stat_of(out, "placed", "max") + (long)stat_of(out, "discarded", "min"), 72);
        double sum = stat_of(out, "placed", "mean") + stat_of(out, "discarded", "mean");
        assert_true(sum > 72 - 1e-3 && sum < 72 + 1e-3);
        /* the base game has no multi-cell pieces: one cell per placed tile */
        assert_true(stat_of(out, "cells", "mean") == stat_of(out, "placed", "mean"));
        assert_true(stat_of(out, "cells", "max") == stat_of(out, "placed", "max"));
        free(out);
        assert_int_equal(run(&out, "bench --dir tilesets --games 20 --only base"), 0);
        long games = 0, placements = 0;
        double per_s = 0;
        assert_int_equal(sscanf(out, "base %ld games %ld placements %*f s %lf layouts/s", &games,
                                &placements, &per_s),
                         3);
        assert_int_equal(games, 20);
        assert_true(placements >= 20 && placements <= 20 * 72);
        assert_true(per_s > 0);
        free(out);
}

/* Sets imported into the database give byte-identical layouts to the files themselves; --store
 * writes one layouts row and one placements row per placement. */
static void test_db(void **state)
{
        (void)state;
        char db[600], *from_files, *from_db;
        snprintf(db, sizeof(db), "%s/sim.db", tmpdir);
        unlink(db);
        assert_int_equal(run(NULL, "import --db '%s' -q tilesets/base.xml tilesets/river.xml", db),
                         0);
        /* files after --tiles, as a shell glob gives them */
        assert_int_equal(run(&from_files, "simulate --tiles tilesets/base.xml tilesets/river.xml "
                                          "--seed 5 --json -"),
                         0);
        assert_int_equal(run(&from_db, "simulate --db '%s' --set base,river --seed 5 --json -", db),
                         0);
        assert_string_equal(from_files, from_db);
        assert_int_equal(run(NULL, "simulate --db '%s' --set base,river --seed 5 --store", db), 0);
        assert_int_equal(run(NULL, "simulate --db '%s' --set base --count 3 --store", db), 0);
        assert_int_equal(query_long(db, "SELECT count(*) FROM layouts"), 4);
        const char *p = strstr(from_db, "\"placed\": ");
        assert_non_null(p);
        long placed = atol(p + strlen("\"placed\": "));
        assert_int_equal(query_long(db, "SELECT count(*) FROM placements WHERE layout_id = 1"),
                         placed);
        assert_int_equal(query_long(db, "SELECT seed FROM layouts WHERE layout_id = 1"), 5);
        assert_int_equal(run(NULL, "simulate --db '%s' --set missing", db), 1);
        free(from_files);
        free(from_db);
        unlink(db);
}

/* JCloisterZone's own files, imported: `--set basic:1,river/1:1` as the issue writes it. */
static void test_jcz_db(void **state)
{
        (void)state;
        char db[600], *from_files, *from_db;
        const char *j = "third_party/jcloisterzone";
        snprintf(db, sizeof(db), "%s/sim-jcz.db", tmpdir);
        unlink(db);
        assert_int_equal(run(NULL, "import --db '%s' -q %s/basic.xml %s/river.xml", db, j, j), 0);
        assert_int_equal(run(&from_db,
                             "simulate --db '%s' --set basic:1,river/1:1 --seed 11 "
                             "--json -",
                             db),
                         0);
        assert_int_equal(run(&from_files,
                             "simulate --tiles %s/basic.xml %s/river.xml "
                             "--set basic:1,river/1:1 --seed 11 --json -",
                             j, j),
                         0);
        assert_string_equal(from_files, from_db);
        assert_non_null(strstr(from_db, "\"tile\": \"RI/s\", \"x\": 0, \"y\": 0"));
        free(from_files);
        free(from_db);
        unlink(db);
}

int main(void)
{
        const char *t = getenv("TMPDIR");
        snprintf(tmpdir, sizeof(tmpdir), "%s", t ? t : "/tmp");
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_same_seed_same_bytes),
            cmocka_unit_test(test_verify),
            cmocka_unit_test(test_usage),
            cmocka_unit_test(test_count_and_bench),
            cmocka_unit_test(test_db),
            cmocka_unit_test(test_jcz_db),
        };
        int failed = cmocka_run_group_tests(tests, NULL, NULL);
        tkit_run_finish(&last);
        return failed;
}
