/* --no-illustrations through the command line (issue 27 item 4): the illustrations of a tile
 * (garden, farmhouse, water tower, robbers, stables) are symbols of the picture map, never text,
 * and the option leaves them out of render scene (the siege symbols stay), render tile, render
 * board and render sheet. The drawing itself is tested in test-render.c (draw_tile).
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

/* The file `args` (a render command; -o FILE is appended, FILE ending in `ext`) writes, as bytes. */
static char *output_of(const char *name, const char *ext, const char *args, size_t *len)
{
        char *out = tkit_xasprintf("%s/%s.%s", tmpdir, name, ext);
        struct tkit_run run = {0};
        assert_int_equal(tkit_run_line(&run, tkit_test_env("TKIT_EXE"), "%s -q -o '%s'", args, out),
                         0);
        tkit_run_finish(&run);
        char *got = read_all(out, len);
        assert_non_null(got);
        free(out);
        return got;
}

/* `args` drawn twice as it is gives the same bytes (so a difference is the option's), and with
 * --no-illustrations gives other bytes. */
static void changed_by_option(const char *ext, const char *args)
{
        char *without = tkit_xasprintf("%s --no-illustrations", args);
        size_t n1, n2, n3;
        char *p1 = output_of("a", ext, args, &n1), *p2 = output_of("b", ext, args, &n2);
        char *p3 = output_of("c", ext, without, &n3);
        assert_true(n1 == n2 && memcmp(p1, p2, n1) == 0);
        if (n1 == n3 && memcmp(p1, p3, n1) == 0)
                fail_msg("--no-illustrations changed nothing: %s", args);
        free(p1);
        free(p2);
        free(p3);
        free(without);
}

/* render tile (the C&B farmhouse), render board (a game of base and C&B, whose tiles have
 * illustrations) and render sheet (the C&B set) all take the option. */
static void test_tile_board_sheet(void **state)
{
        (void)state;
        const char *ts = tkit_test_env("TKIT_TILESETS");
        char *tile = tkit_xasprintf("render tile farmhouse --tiles '%s/castles-bridges.xml'", ts);
        char *board = tkit_xasprintf("render board --set base,castles-bridges --seed 3 "
                                     "--tiles '%s/base.xml' --tiles '%s/castles-bridges.xml'",
                                     ts, ts);
        char *sheet = tkit_xasprintf("render sheet --set castles-bridges "
                                     "--tiles '%s/castles-bridges.xml'",
                                     ts);
        changed_by_option("png", tile);
        changed_by_option("png", board);
        changed_by_option("pdf", sheet);
        free(tile);
        free(board);
        free(sheet);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_scene),
            cmocka_unit_test(test_tile_board_sheet),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
