/* --no-illustrations through the command line (issue 27 item 4): the illustrations of a tile
 * (garden, farmhouse, water tower, robbers, stables) are symbols of the picture map, never text,
 * and the option leaves them out of render scene, render tile and render board --scene while
 * the siege symbols stay. The drawing itself is tested in test-render.c (draw_tile).
 * Environment: TKIT_EXE (the tilekit binary), TKIT_TILESETS, TKIT_SCENES. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/tkit-model.h"
#include "tkit-test.h"

static char *tmpdir;

static int setup(void **state)
{
        (void)state;
        tmpdir = make_temp_dir();
        return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
        (void)state;
        char *cmd = tkit_xasprintf("rm -rf '%s'", tmpdir);
        int rc = system(cmd);
        free(cmd);
        free(tmpdir);
        return rc == 0 ? 0 : -1;
}

/* How many times `needle` occurs in `h`. */
static int count(const char *h, const char *needle)
{
        int n = 0;
        for (const char *p = strstr(h, needle); p; p = strstr(p + 1, needle))
                n++;
        return n;
}

/* The --map of S&D Example 10 (its garden-and-robbers tile), with `extra` options; the text of
 * the map, exit status 0 asserted. */
static char *scene_map(const char *name, const char *extra)
{
        const char *exe = tkit_test_env("TKIT_EXE"), *ts = tkit_test_env("TKIT_TILESETS");
        char *png = tkit_xasprintf("%s/%s.png", tmpdir, name);
        char *json = tkit_xasprintf("%s/%s.json", tmpdir, name);
        struct tkit_run run = {0};
        assert_int_equal(tkit_run_line(&run, exe,
                                       "render scene '%s/sd-example-10.xml' --tiles '%s/base.xml' --tiles '%s/river.xml' "
                                       "--tiles '%s/siege-defense.xml' --tile-mm 20 -q -o '%s' "
                                       "--map '%s' %s",
                                       tkit_test_env("TKIT_SCENES"), ts, ts, ts, png, json, extra),
                         0);
        tkit_run_finish(&run);
        size_t len;
        char *got = read_all(json, &len);
        assert_non_null(got);
        free(png);
        free(json);
        return got;
}

/* The tile's two illustrations are pictures in the map; no text of the map is a letter of an
 * illustration (the old "G W" in boxes); with the option none is drawn and the siege symbols
 * stay. */
static void test_scene(void **state)
{
        (void)state;
        char *with = scene_map("with", "");
        char *without = scene_map("without", "--no-illustrations");
        assert_int_equal(count(with, "\"what\": \"illustration\""), 2);
        assert_int_equal(count(without, "\"what\": \"illustration\""), 0);
        int sieges = count(with, "\"what\": \"siege-symbol\"");
        assert_true(sieges > 0);
        assert_int_equal(count(without, "\"what\": \"siege-symbol\""), sieges);
        static const char *const letters[] = {"\"text\": \"G", "\"text\": \"W",
                                              "\"text\": \"G W\""};
        for (size_t i = 0; i < sizeof letters / sizeof *letters; i++)
                if (count(with, letters[i]))
                        fail_msg("a text item %s... in the map", letters[i]);
        free(with);
        free(without);
}

/* The PNG of `args` (a render command writing to -o FILE, appended) as bytes. */
static char *png_of(const char *name, const char *args, size_t *len)
{
        char *png = tkit_xasprintf("%s/%s.png", tmpdir, name);
        struct tkit_run run = {0};
        assert_int_equal(tkit_run_line(&run, tkit_test_env("TKIT_EXE"), "%s -q -o '%s'", args, png),
                         0);
        tkit_run_finish(&run);
        char *got = read_all(png, len);
        assert_non_null(got);
        free(png);
        return got;
}

/* render tile: the option changes the picture of a tile with an illustration (the farmhouse of
 * C&B). */
static void test_tile(void **state)
{
        (void)state;
        const char *ts = tkit_test_env("TKIT_TILESETS");
        char *a1 = tkit_xasprintf("render tile farmhouse --tiles '%s/castles-bridges.xml'", ts);
        char *a2 = tkit_xasprintf("%s --no-illustrations", a1);
        size_t n1, n2;
        char *p1 = png_of("t1", a1, &n1), *p2 = png_of("t2", a2, &n2);
        assert_true(n1 != n2 || memcmp(p1, p2, n1) != 0);
        free(p1);
        free(p2);
        free(a1);
        free(a2);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_scene),
            cmocka_unit_test(test_tile),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
