/* Tests of `tilekit check` on scene files (docs/scene.md): every bundled scene passes, each bad
 * scene of tests/game/bad/ is rejected with its rule id and line, tile-set findings and scene
 * findings are reported together (text and --json), scenes take their sets from the other FILEs,
 * the database or the bundled sets, and standard input works. Then the scene fuzz target's game
 * check (fuzz/scene-game.h) replayed over its crashes, seeds, the bundled and the bad scenes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/scene-game.h"
#include "tkit-test.h"

static char *src_path(const char *rel)
{
        return tkit_xasprintf("%s/%s", tkit_test_env("TKIT_SOURCE_ROOT"), rel);
}

/* Paths matching `pattern` under the source root (glob order: sorted). */
static void glob_src(const char *pattern, glob_t *g)
{
        char *p = src_path(pattern);
        assert_int_equal(glob(p, 0, NULL, g), 0);
        free(p);
}

/* Runs `tilekit check ARGS... FILES...` (the files of the globs, then `more`) in a fresh
 * directory without a database, so scenes fall back to the bundled sets; stdout and stderr into
 * *out and *err. Returns the exit status. */
static int check(const char *const *args, const glob_t *a, const glob_t *b, char **out, char **err)
{
        size_t n = 2 + (a ? a->gl_pathc : 0) + (b ? b->gl_pathc : 0);
        for (const char *const *p = args; *p; p++)
                n++;
        const char **argv = tkit_xcalloc(n + 1, sizeof *argv);
        size_t k = 0;
        argv[k++] = tkit_test_env("TILEKIT");
        argv[k++] = "check";
        for (const char *const *p = args; *p; p++)
                argv[k++] = *p;
        for (size_t i = 0; a && i < a->gl_pathc; i++)
                argv[k++] = a->gl_pathv[i];
        for (size_t i = 0; b && i < b->gl_pathc; i++)
                argv[k++] = b->gl_pathv[i];
        char *dir = make_temp_dir();
        struct tkit_run r = {.cwd = dir};
        int rc = tkit_run(&r, argv);
        *out = r.out; /* handed over: the caller frees them */
        *err = r.err;
        remove_tree(dir);
        free(dir);
        free(argv);
        return rc;
}

static const char *const no_args[] = {NULL};

static void test_bundled_scenes_pass(void **state)
{
        (void)state;
        glob_t sets, scenes;
        glob_src("tilesets/*.xml", &sets);
        glob_src("scenes/*.xml", &scenes);
        char *out, *err;
        /* with the tile-set files (our own sets only) */
        assert_int_equal(check(no_args, &sets, &scenes, &out, &err), 0);
        assert_string_equal(out, "");
        char *want = tkit_xasprintf(", %zu scenes: 0 errors, 0 warnings", scenes.gl_pathc);
        assert_non_null(strstr(err, want));
        free(want);
        free(out);
        free(err);
        /* alone: every set from the bundled ones */
        assert_int_equal(check(no_args, &scenes, NULL, &out, &err), 0);
        assert_string_equal(out, "");
        free(out);
        free(err);
        globfree(&sets);
        globfree(&scenes);
}

/* What each bad scene of tests/game/bad/ must be rejected with: "LINE: error: [RULE]". */
static const char *const bad_expect[][2] = {
    {"big-meeple-maiden.xml", "14: error: [SCENE-FIGURE]"},
    {"bridge-touch.xml", "14: error: [SCENE-BRIDGE]"},
    {"catapult-lost.xml", "14: error: [SCENE-TOKEN]"},
    {"escape-twice.xml", "22: error: [SCENE-UNKNOWN]"},
    {"face-players.xml", "12: error: [SCENE-FACE]"},
    {"castle-one-tile.xml", "10: error: [SCENE-CASTLE]"},
    {"copies-piece.xml", "12: error: [SCENE-COPIES]"},
    {"copies.xml", "15: error: [SCENE-COPIES]"},
    {"detached.xml", "10: error: [SCENE-DETACHED]"},
    {"double-turn.xml", "16: error: [SCENE-UNKNOWN]"},
    {"edges-mismatch.xml", "10: error: [SCENE-EDGE]"},
    {"escape-abbey.xml", "2: error: [SCENE-SET]"},
    {"escape-wagon.xml", "11: error: [SCENE-VALUE]"},
    {"figure-kind.xml", "12: error: [SCENE-FIGURE-KIND]"},
    {"figure-no-feature.xml", "12: error: [SCENE-FIGURE]"},
    {"figure-occupied.xml", "17: error: [SCENE-OCCUPIED]"},
    {"maiden-with-figure.xml", "16: error: [SCENE-MAIDEN]"},
    {"move-detached.xml", "12: error: [SCENE-MOVE-CELL]"},
    {"move-occupied-cell.xml", "12: error: [SCENE-MOVE-CELL]"},
    {"post-overfull.xml", "14: error: [SCENE-POST]"},
    {"post-row-long.xml", "14: error: [SCENE-POST]"},
    {"post-row-short.xml", "14: error: [SCENE-POST]"},
    {"remove-maiden.xml", "27: error: [SCENE-REMOVE]"},
    {"remove-protected.xml", "26: error: [SCENE-REMOVE]"},
    {"set-not-loaded.xml", "2: error: [SCENE-SET]"},
    {"supply-meeples.xml", "6: error: [SCENE-SUPPLY]"},
    {"two-buildings.xml", "15: error: [SCENE-UNKNOWN]"},
    {"two-tiles-one-cell.xml", "10: error: [SCENE-DUP]"},
    {"unknown-colour.xml", "6: error: [SCENE-VALUE]"},
    {"unknown-option.xml", "5: error: [SCENE-OPTION]"},
};

static const char *bad_expectation(const char *path)
{
        const char *base = strrchr(path, '/') + 1;
        for (size_t i = 0; i < sizeof bad_expect / sizeof bad_expect[0]; i++)
                if (strcmp(bad_expect[i][0], base) == 0)
                        return bad_expect[i][1];
        fail_msg("%s: no expectation in bad_expect[] (add its rule id and line)", path);
        return NULL;
}

static void test_bad_scenes_rejected(void **state)
{
        (void)state;
        glob_t bad;
        glob_src("tests/game/bad/*.xml", &bad);
        assert_true(bad.gl_pathc >= 19);
        for (size_t i = 0; i < bad.gl_pathc; i++) {
                const char *f = bad.gl_pathv[i];
                glob_t one = {.gl_pathc = 1, .gl_pathv = (char **)&bad.gl_pathv[i]};
                char *out, *err;
                int rc = check(no_args, &one, NULL, &out, &err);
                char *want = tkit_xasprintf("%s:%s", f, bad_expectation(f));
                if (rc != 1 || strncmp(out, want, strlen(want)) != 0)
                        fail_msg("%s: exit %d, stdout:\n%s\nwant it to start with %s", f, rc, out,
                                 want);
                assert_non_null(strstr(err, "1 scene: "));
                free(want);
                free(out);
                free(err);
        }
        globfree(&bad);
}

static void test_sets_and_scenes_together(void **state)
{
        (void)state;
        char *bad_set = src_path("tests/rules/fixtures/GEO-CROSS.bad.xml");
        char *good = src_path("scenes/cb-example-2.xml");
        char *bad_scene = src_path("tests/game/bad/bridge-touch.xml");
        char *v[] = {bad_set, good, bad_scene};
        glob_t two = {.gl_pathc = 2, .gl_pathv = v};
        char *out, *err;
        /* a bad tile set and a good scene: the set's findings, the scene counted */
        assert_int_equal(check(no_args, &two, NULL, &out, &err), 1);
        assert_non_null(strstr(out, "GEO-CROSS.bad.xml:5: error: [GEO-CROSS] tile U:"));
        assert_null(strstr(out, "SCENE-"));
        assert_non_null(strstr(err, "1 set, 2 tiles, 1 scene: 7 errors, 0 warnings"));
        free(out);
        free(err);
        /* and a bad scene: both kinds of findings, in text and in JSON */
        glob_t three = {.gl_pathc = 3, .gl_pathv = v};
        assert_int_equal(check(no_args, &three, NULL, &out, &err), 1);
        assert_non_null(strstr(out, "[GEO-CROSS]"));
        assert_non_null(strstr(out, "bridge-touch.xml:14: error: [SCENE-BRIDGE] the bridges"));
        assert_non_null(strstr(err, "2 scenes: 8 errors"));
        free(out);
        free(err);
        const char *const json[] = {"--json", NULL};
        assert_int_equal(check(json, &three, NULL, &out, &err), 1);
        assert_true(out[0] == '[');
        assert_non_null(strstr(out, "\"rule\": \"GEO-CROSS\""));
        assert_non_null(strstr(out, "\"line\": 14, \"rule\": \"SCENE-BRIDGE\""));
        free(out);
        free(err);
        free(bad_set);
        free(good);
        free(bad_scene);
}

/* With a database, scenes take the sets it lacks from nowhere else: a missing set is an error
 * at the scene's line; the scene's findings are not stored there. */
static void test_scene_sets_from_db(void **state)
{
        (void)state;
        char *dir = make_temp_dir();
        const char *tk = tkit_test_env("TILEKIT");
        char *base = src_path("tilesets/base.xml");
        char *db = tkit_xasprintf("%s/t.db", dir);
        const char *imp[] = {tk, "import", "--db", db, base, NULL};
        struct tkit_run r = {.cwd = dir};
        assert_int_equal(tkit_run(&r, imp), 0);
        char *scene = src_path("scenes/cb-example-2.xml");
        const char *chk[] = {tk, "check", "--db", db, scene, NULL};
        assert_int_equal(tkit_run(&r, chk), 1);
        assert_non_null(strstr(r.out, "[SCENE-SET] set 'castles-bridges' is not in the FILEs given "
                                      "nor in the database"));
        assert_int_equal(query_long(db, "SELECT count(*) FROM findings"), 0);
        /* the same set from a FILE beside it */
        char *cb = src_path("tilesets/castles-bridges.xml");
        const char *chk2[] = {tk, "check", scene, cb, NULL};
        assert_int_equal(tkit_run(&r, chk2), 0);
        tkit_run_finish(&r);
        free(cb);
        free(scene);
        free(db);
        free(base);
        remove_tree(dir);
        free(dir);
}

static void test_scene_on_stdin(void **state)
{
        (void)state;
        char *path = src_path("tests/game/bad/bridge-touch.xml");
        struct tkit_run r = {0};
        r.input = read_all(path, &r.input_len);
        assert_non_null(r.input);
        assert_int_equal(tkit_run_line(&r, tkit_test_env("TILEKIT"), "check -"), 1);
        assert_non_null(strstr(r.out, "<stdin>:14: error: [SCENE-BRIDGE]"));
        free((char *)r.input);
        tkit_run_finish(&r);
        free(path);
}

/* ------------------------------------------------------------------ the fuzz target's check */

static struct tkit_setlist bundled;

static void read_sets(const char *pattern)
{
        glob_t g;
        glob_src(pattern, &g);
        struct tkit_diags d;
        tkit_diags_init(&d);
        for (size_t i = 0; i < g.gl_pathc; i++)
                assert_int_equal(tkit_read_file(g.gl_pathv[i], TKIT_FORMAT_AUTO, &bundled, &d), 0);
        tkit_diags_finish(&d);
        globfree(&g);
}

/* Each file of `pattern` that reads as a scene through scene_game_ok; returns how many. */
static size_t replay(const char *pattern)
{
        glob_t g;
        char *p = src_path(pattern);
        size_t n = 0;
        if (glob(p, 0, NULL, &g) == 0) {
                for (size_t i = 0; i < g.gl_pathc; i++) {
                        struct tkit_diags d;
                        tkit_diags_init(&d);
                        struct tkit_scene *s = tkit_scene_read_file(g.gl_pathv[i], &d, NULL);
                        char *why = NULL;
                        if (s && !scene_game_ok(s, bundled.sets, bundled.n, &why))
                                fail_msg("%s: %s", g.gl_pathv[i], why);
                        n += s != NULL;
                        tkit_scene_destroy(s);
                        tkit_diags_finish(&d);
                }
                globfree(&g);
        }
        free(p);
        return n;
}

static void test_fuzz_game_replay(void **state)
{
        (void)state;
        tkit_setlist_init(&bundled);
        read_sets("tilesets/*.xml");
        tkit_jcz_link(&bundled);
        assert_true(replay("tests/scene/crashes/scene-*") >= 1);
        assert_true(replay("fuzz/seeds/scene/*.xml") >= 5);
        assert_true(replay("scenes/*.xml") >= 40);
        assert_true(replay("tests/game/bad/*.xml") >= 10);
        tkit_setlist_finish(&bundled);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_bundled_scenes_pass),
            cmocka_unit_test(test_bad_scenes_rejected),
            cmocka_unit_test(test_sets_and_scenes_together),
            cmocka_unit_test(test_scene_sets_from_db),
            cmocka_unit_test(test_scene_on_stdin),
            cmocka_unit_test(test_fuzz_game_replay),
        };
        return tkit_test_status(cmocka_run_group_tests_name("check-scenes", tests, NULL, NULL));
}
