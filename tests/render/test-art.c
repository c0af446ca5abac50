/* Tests of the publisher's art (--art): the manifest reader (formats/art-read.c) with its errors,
 * and tiles drawn from the fixture pack of tests/render/art/ (made by make-art.py from tilekit's
 * own art: sepia, a magenta square in each image's top left corner) — the square lands in the
 * corner the image's rotation and the tile's rotation put it, the image's bleed stays outside
 * the tile; sheets, boards and scenes use the images and warn about tiles without one; the
 * command refuses a manifest or image it cannot read.
 * Environment: TKIT_TILESETS, TKIT_ART (tests/render/art/art.xml), TKIT_SCENES, TKIT_EXE. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "render/tkit-render.h"
#include "sim/tkit-sim.h"
#include "tkit-test.h"

static struct tkit_setlist sets;
static char *tmpdir;

static int setup(void **state)
{
        (void)state;
        static const char *const names[] = {"base", "castles-bridges", NULL};
        tkit_test_sets_load(&sets, names);
        tmpdir = make_temp_dir();
        return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
        (void)state;
        tkit_setlist_finish(&sets);
        remove_tree(tmpdir);
        free(tmpdir);
        tkit_render_cleanup();
        return 0;
}

static bool has_rule(const struct tkit_diags *d, const char *rule)
{
        for (size_t i = 0; i < d->n; i++)
                if (d->v[i].rule && strcmp(d->v[i].rule, rule) == 0)
                        return true;
        return false;
}

/* ---------------------------------------------------------------- the reader */

static struct tkit_art *read_text(const char *xml, struct tkit_diags *d)
{
        return tkit_art_read(xml, strlen(xml), "test.xml", d, NULL);
}

static void test_read(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_art *a = read_text("<art format=\"1\" tile-mm=\"48\" bleed-mm=\"3\">\n"
                                       "<image set=\"base\" tile=\"A\" file=\"a.png\"/>\n"
                                       "<image set=\"base\" tile=\"B\" file=\"/x/b.png\" "
                                       "rotation=\"270\" bleed-mm=\"0\"/>\n</art>\n",
                                       &d);
        assert_non_null(a);
        assert_int_equal(d.n, 0);
        assert_int_equal(a->nimages, 2);
        assert_true(a->tile_mm == 48);
        assert_true(a->images[0].bleed_mm == 3); /* the manifest's, by default */
        assert_true(a->images[1].bleed_mm == 0);
        assert_int_equal(a->images[1].rotation, 270);
        assert_int_equal(a->images[1].line, 3);
        char *p = tkit_art_image_path(a, &a->images[1]);
        assert_string_equal(p, "/x/b.png");
        free(p);
        tkit_art_destroy(a);
        tkit_diags_finish(&d);

        /* relative to the manifest's folder */
        a = tkit_art_create("pack/art.xml");
        struct tkit_art_image *img = tkit_art_add_image(a, "base", "A", "tiles/a.png");
        p = tkit_art_image_path(a, img);
        assert_string_equal(p, "pack/tiles/a.png");
        free(p);
        tkit_art_destroy(a);
}

static void test_read_errors(void **state)
{
        (void)state;
        static const struct {
                const char *xml, *rule;
        } bad[] = {
            {"<art format=\"1\"><image set=\"base\" tile=\"A\" file=\"a.png\"/>"
             "<image set=\"base\" tile=\"A\" file=\"b.png\"/></art>",
             "ART-DUP"},
            {"<art format=\"1\"><image set=\"base\" tile=\"A\" file=\"a.png\" rotation=\"45\"/>"
             "</art>",
             "ART-VALUE"},
            {"<art format=\"1\"><image set=\"base\" tile=\"A\" file=\"a.png\" bleed-mm=\"-1\"/>"
             "</art>",
             "ART-VALUE"},
            {"<art format=\"1\" tile-mm=\"0\"/>", "ART-VALUE"},
            {"<art format=\"2\"/>", "ART-VALUE"},
            {"<art format=\"1\"><image set=\"base\" tile=\"A\" file=\"a.png\" scale=\"2\"/>"
             "</art>",
             "ART-UNKNOWN"},
            {"<art format=\"1\"><picture/></art>", "ART-UNKNOWN"},
            {"<art format=\"1\"><image set=\"base\" file=\"a.png\"/></art>", "ART-VALUE"},
            {"<tileset/>", "ART-UNKNOWN"},
            {"<art format=\"1\"><image set=\"base\" tile=\"A\"", "ART-XML"},
            {"<!DOCTYPE art><art format=\"1\"/>", "ART-DTD"},
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_art *a = read_text(bad[i].xml, &d);
                if (a || !has_rule(&d, bad[i].rule))
                        fail_msg("%s: not refused with %s", bad[i].xml, bad[i].rule);
                tkit_diags_finish(&d);
        }
}

/* ---------------------------------------------------------------- drawing */

static struct tkit_art *fixture(void)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_art *a = tkit_art_read_file(tkit_test_env("TKIT_ART"), &d, NULL);
        assert_non_null(a);
        tkit_diags_finish(&d);
        return a;
}

static struct tkit_render_art *load_fixture(struct tkit_diags *d)
{
        struct tkit_art *a = fixture();
        struct tkit_render_art *r = tkit_render_art_create(a, sets.sets, sets.n, d);
        tkit_art_destroy(a);
        return r;
}

static uint32_t pixel(cairo_surface_t *s, double x, double y)
{
        cairo_surface_flush(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        uint32_t v;
        memcpy(&v, data + (size_t)y * (size_t)cairo_image_surface_get_stride(s) + (size_t)x * 4, 4);
        return v & 0xffffffu;
}

static bool magenta(uint32_t c)
{
        return ((c >> 16) & 0xff) > 230 && ((c >> 8) & 0xff) < 30 && (c & 0xff) > 230;
}

static const struct tkit_tile *base_tile(const char *id)
{
        for (size_t i = 0; i < sets.n; i++)
                if (strcmp(sets.sets[i]->id, "base") == 0)
                        return &sets.sets[i]->tiles[tkit_set_find_tile(sets.sets[i], id)];
        return NULL;
}

/* Each image of the pack at each rotation, with a bleed: the magenta square is in the corner the
 * two rotations put it (the image shows the tile turned `rotation`: turned back, then by the
 * tile's), in no other corner, and nothing is drawn beyond the bleed asked for. */
static void test_draw_rotations(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_art *a = fixture();
        struct tkit_render_art *r = tkit_render_art_create(a, sets.sets, sets.n, &d);
        assert_non_null(r);
        assert_int_equal(tkit_render_art_count(r), a->nimages);
        const double S = 100, B = 6; /* tile and bleed, pixels; the canvas has 10 around */
        for (size_t i = 0; i < a->nimages; i++) {
                const struct tkit_tile *t = base_tile(a->images[i].tile);
                assert_non_null(t);
                assert_true(tkit_render_art_has(r, t));
                for (int rot = 0; rot < 4; rot++) {
                        cairo_surface_t *s =
                            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 120, 120);
                        cairo_t *cr = cairo_create(s);
                        cairo_set_source_rgb(cr, 0, 0, 0);
                        cairo_paint(cr);
                        tkit_render_tile_art(cr, r, t, rot, 10, 10, S, B, 0);
                        cairo_destroy(cr);
                        /* corner k of the tile, clockwise from the top left */
                        int want = ((rot - a->images[i].rotation / 90) % 4 + 4) % 4;
                        static const double cx[4] = {0, 1, 1, 0}, cy[4] = {0, 0, 1, 1};
                        for (int k = 0; k < 4; k++) {
                                double x = 10 + 4 + cx[k] * (S - 8), y = 10 + 4 + cy[k] * (S - 8);
                                if (magenta(pixel(s, x, y)) != (k == want))
                                        fail_msg("tile %s at %d: corner %d %s magenta", t->id,
                                                 rot * 90, k, k == want ? "not" : "is");
                        }
                        /* inside the bleed: drawn; beyond it: the canvas */
                        assert_int_not_equal(pixel(s, 10 - B / 2, 60), 0);
                        assert_int_equal(pixel(s, 10 - B - 2, 60), 0);
                        assert_int_equal(pixel(s, 60, 10 + S + B + 2), 0);
                        cairo_surface_destroy(s);
                }
        }
        /* a tile without an image: tilekit's art, with a warning when asked */
        const struct tkit_tile *w = base_tile("W");
        assert_false(tkit_render_art_has(r, w));
        tkit_render_art_missing(r, w, "base", "x.png", &d);
        assert_true(has_rule(&d, "ART-MISSING"));
        tkit_render_art_destroy(r);
        tkit_art_destroy(a);
        tkit_diags_finish(&d);
}

/* An image that is not there is an error; an image of a tile the set lacks, a warning; a set not
 * in play is skipped. */
static void test_bad_images(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_art *a = tkit_art_create("nowhere/art.xml");
        tkit_art_add_image(a, "base", "A", "missing.png");
        assert_null(tkit_render_art_create(a, sets.sets, sets.n, &d));
        assert_true(has_rule(&d, "ART-IMAGE"));
        tkit_art_destroy(a);
        tkit_diags_finish(&d);

        tkit_diags_init(&d);
        a = fixture();
        tkit_art_add_image(a, "base", "no-such-tile", "base-A.png");
        tkit_art_add_image(a, "no-such-set", "A", "absent.png");
        struct tkit_render_art *r = tkit_render_art_create(a, sets.sets, sets.n, &d);
        assert_non_null(r);
        assert_true(has_rule(&d, "ART-TILE"));
        assert_int_equal(d.n, 1);
        tkit_render_art_destroy(r);
        tkit_art_destroy(a);
        tkit_diags_finish(&d);

        /* No image of a set in play (fuzz-art): nothing loaded, no tile has an image; before,
         * qsort and bsearch were given a NULL array (UBSan, halt_on_error in the sanitizer
         * phase of tools/run-tests.sh). */
        tkit_diags_init(&d);
        a = tkit_art_create("nowhere/art.xml");
        tkit_art_add_image(a, "no-such-set", "A", "absent.png");
        r = tkit_render_art_create(a, sets.sets, sets.n, &d);
        assert_non_null(r);
        assert_int_equal(tkit_render_art_count(r), 0);
        assert_false(tkit_render_art_has(r, base_tile("A")));
        assert_int_equal(d.n, 0);
        tkit_render_art_destroy(r);
        tkit_art_destroy(a);
        tkit_diags_finish(&d);
}

/* Issue 29: nothing is decoded when the manifest is loaded; a file is decoded the first time a
 * tile drawn needs it and once however many entries name it; data damaged after a good header
 * draws tilekit's art and is reported once (the command then keeps no picture). */
static void test_decoded_once_when_drawn(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_art *a = fixture();
        char *png = tkit_art_image_path(a, &a->images[0]);
        struct tkit_art *two = tkit_art_create(a->file);
        tkit_art_add_image(two, "base", "A", png);
        tkit_art_add_image(two, "base", "B", png);
        tkit_art_add_image(two, "base", "C", png);
        struct tkit_render_art *r = tkit_render_art_create(two, sets.sets, sets.n, &d);
        assert_non_null(r);
        assert_int_equal(tkit_render_art_count(r), 3);
        assert_int_equal(tkit_render_art_decoded(r), 0); /* before: every entry decoded */
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 60, 60);
        cairo_t *cr = cairo_create(s);
        tkit_render_tile_art(cr, r, base_tile("A"), 0, 5, 5, 50, 0, 0);
        tkit_render_tile_art(cr, r, base_tile("B"), 1, 5, 5, 50, 0, 0);
        assert_int_equal(tkit_render_art_decoded(r), 1);
        assert_int_equal(tkit_render_art_failed(r, &d), 0);
        tkit_render_art_destroy(r);
        /* a good header and damaged data: found when drawn, reported once */
        size_t len = 0;
        char *data = read_all(png, &len);
        assert_true(len > 100);
        char *bad = tkit_xasprintf("%s/damaged.png", tmpdir);
        FILE *f = fopen(bad, "wb");
        assert_non_null(f);
        assert_int_equal(fwrite(data, 1, 60, f), 60);
        assert_int_equal(fwrite("garbage garbage garbage", 1, 23, f), 23);
        assert_int_equal(fclose(f), 0);
        struct tkit_art *dmg = tkit_art_create(a->file);
        tkit_art_add_image(dmg, "base", "A", bad);
        r = tkit_render_art_create(dmg, sets.sets, sets.n, &d);
        assert_non_null(r);
        assert_int_equal(d.errors, 0);
        tkit_render_tile_art(cr, r, base_tile("A"), 0, 5, 5, 50, 0, 0);
        tkit_render_tile_art(cr, r, base_tile("A"), 0, 5, 5, 50, 0, 0);
        assert_int_equal(tkit_render_art_failed(r, &d), 1);
        assert_int_equal(tkit_render_art_failed(r, &d), 1);
        assert_int_equal(d.errors, 1);
        assert_true(has_rule(&d, "ART-IMAGE"));
        assert_non_null(strstr(d.v[d.n - 1].message, "damaged or truncated"));
        tkit_render_art_destroy(r);
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        tkit_art_destroy(dmg);
        tkit_art_destroy(two);
        tkit_art_destroy(a);
        free(bad);
        free(data);
        free(png);
        tkit_diags_finish(&d);
}

/* A scene drawn with the pack: the tiles with images show their magenta corner where the
 * picture map puts the tile, the others do not, and each of those is warned about once. */
static void test_scene(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_render_art *r = load_fixture(&d);
        struct tkit_scene *s = tkit_scene_create("art");
        tkit_scene_add_set(s, "base");
        tkit_scene_add_player(s, "red", "red");
        static const char *const ids[] = {"A", "B", "E", "W", "W"};
        static const int rot[] = {0, 90, 180, 270, 0};
        for (int i = 0; i < 5; i++) {
                struct tkit_scene_tile *t = tkit_scene_add_tile(s, "base", ids[i]);
                t->x = i;
                t->rotation = rot[i];
        }
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.px = 100;
        o.full = true;
        o.state = TKIT_SCENE_BEFORE;
        o.art = r;
        struct tkit_scene_picture pic;
        char *png = tkit_xasprintf("%s/art-scene.png", tmpdir);
        assert_int_equal(
            tkit_render_scene(s, NULL, sets.sets, sets.n, &o, png, TKIT_IMAGE_AUTO, &pic, &d), 0);
        size_t warned = 0;
        for (size_t i = 0; i < d.n; i++)
                warned += d.v[i].rule && strcmp(d.v[i].rule, "ART-MISSING") == 0;
        assert_int_equal(warned, 1); /* W, once */
        cairo_surface_t *img = cairo_image_surface_create_from_png(png);
        static const int image_rot[] = {0, 1, 2};
        size_t tiles = 0;
        for (size_t i = 0; i < pic.nmarks; i++) {
                const struct tkit_scene_mark *m = &pic.marks[i];
                if (m->kind != TKIT_MARK_TILE)
                        continue;
                int x = m->cell_x, magenta_at = -1;
                static const double cx[4] = {0, 1, 1, 0}, cy[4] = {0, 0, 1, 1};
                for (int k = 0; k < 4; k++)
                        if (magenta(pixel(img, m->x0 + 5 + cx[k] * (m->x1 - m->x0 - 10),
                                          m->y0 + 5 + cy[k] * (m->y1 - m->y0 - 10))))
                                magenta_at = k;
                int want = x < 3 ? ((rot[x] / 90 - image_rot[x]) % 4 + 4) % 4 : -1;
                if (magenta_at != want)
                        fail_msg("tile %s at %d: magenta at corner %d, want %d", ids[x], x,
                                 magenta_at, want);
                tiles++;
        }
        assert_int_equal(tiles, 5);
        cairo_surface_destroy(img);
        tkit_scene_picture_finish(&pic);
        free(png);
        tkit_scene_destroy(s);
        tkit_render_art_destroy(r);
        tkit_diags_finish(&d);
}

/* The command: sheets, boards and scenes take --art; a manifest that cannot be read is a usage
 * error (2) and writes nothing. */
static void test_cli(void **state)
{
        (void)state;
        const char *exe = tkit_test_env("TKIT_EXE"), *ts = tkit_test_env("TKIT_TILESETS");
        const char *art = tkit_test_env("TKIT_ART"), *sc = tkit_test_env("TKIT_SCENES");
        char *out = tkit_xasprintf("%s/cli", tmpdir);
        struct {
                const char *args, *ext;
                int status;
        } runs[] = {
            {"render sheet --tiles '%1$s/base.xml' --art '%2$s' -o '%3$s.pdf'", "pdf", 0},
            {"render board --tiles '%1$s/base.xml' --seed 3 --art '%2$s' -o '%3$s.png'", "png", 0},
            {"render scene '%4$s/cb-example-2.xml' --tiles '%1$s/base.xml' --tiles "
             "'%1$s/castles-bridges.xml' --art '%2$s' -o '%3$s.png'",
             "png", 0},
            {"render scene '%4$s/cb-example-2.xml' --tiles '%1$s/base.xml' --tiles "
             "'%1$s/castles-bridges.xml' --art '%1$s/base.xml' -o '%3$s.png'",
             "png", 2},
            {"render tile A --tiles '%1$s/base.xml' --art '%2$s' -o '%3$s.png'", "png", 2},
        };
        for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
                char *path = tkit_xasprintf("%s.%s", out, runs[i].ext);
                unlink(path);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
                char *args = tkit_xasprintf(runs[i].args, ts, art, out, sc);
#pragma GCC diagnostic pop
                struct tkit_run r = {0};
                int st = tkit_run_line(&r, exe, "%s", args);
                tkit_run_finish(&r);
                if (st != runs[i].status)
                        fail_msg("%s: exit status %d, want %d", args, st, runs[i].status);
                if ((access(path, F_OK) == 0) != (runs[i].status == 0))
                        fail_msg("%s: %s written", args, runs[i].status ? "something" : "nothing");
                free(args);
                free(path);
        }
        /* the warning names each tile drawn without an image */
        struct tkit_run r = {0};
        assert_int_equal(tkit_run_line(&r, exe,
                                       "render sheet --tiles '%s/base.xml' --art '%s' -o "
                                       "'%s.pdf'",
                                       ts, art, out),
                         0);
        assert_non_null(strstr(r.err, "[ART-MISSING] tile W"));
        assert_null(strstr(r.err, "tile 'A'"));
        tkit_run_finish(&r);
        free(out);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_read),           cmocka_unit_test(test_read_errors),
            cmocka_unit_test(test_draw_rotations), cmocka_unit_test(test_bad_images),
            cmocka_unit_test(test_decoded_once_when_drawn),
            cmocka_unit_test(test_scene),          cmocka_unit_test(test_cli),
        };
        return tkit_test_status(cmocka_run_group_tests(tests, setup, teardown));
}
