/* Tests of the render module: pixels at known points of tiles built in code and of every bundled
 * tile in every rotation, boards (each placed tile's sides where the layout puts them), PDF page
 * count and page size, real print size, SVG that parses, byte-identical output, the CLI.
 * Environment: TKIT_TILESETS (the bundled tilesets/ folder), TKIT_EXE (the tilekit binary),
 * TKIT_JCZ_BASIC (JCloisterZone's basic.xml, vendored in third_party/). pdftoppm and pdftotext
 * (poppler-utils) are optional: the tests that need them skip without them (exit 77). */
#define _GNU_SOURCE /* memmem */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <libxml/parser.h>
#include <math.h>

#include "formats/tkit-formats.h"
#include "render/render-private.h"
#include "render/tkit-render.h"
#include "sim/tkit-sim.h"
#include "tkit-test.h"

#define PX 100

static char tmpdir[256];

static int setup_tmp(void **state)
{
        (void)state;
        snprintf(tmpdir, sizeof tmpdir, "/tmp/tkit-render-XXXXXX");
        return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown_tmp(void **state)
{
        (void)state;
        char *cmd = tkit_xasprintf("rm -rf '%s'", tmpdir);
        int rc = system(cmd);
        free(cmd);
        return rc == 0 ? 0 : -1;
}

static char *tmp_path(const char *name)
{
        return tkit_xasprintf("%s/%s", tmpdir, name);
}

/* ---------------------------------------------------------------- pixels */

static uint32_t pixel(cairo_surface_t *s, int x, int y)
{
        cairo_surface_flush(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        int stride = cairo_image_surface_get_stride(s);
        uint32_t v;
        memcpy(&v, data + (size_t)y * (size_t)stride + (size_t)x * 4, 4);
        return v & 0xffffffu; /* opaque everywhere we sample: no unpremultiplying needed */
}

static cairo_surface_t *draw_tile(const struct tkit_tile *t, int rot, unsigned flags)
{
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, PX, PX);
        cairo_t *cr = cairo_create(s);
        tkit_render_tile(cr, t, rot, 0, 0, PX, 0, flags);
        assert_int_equal(cairo_status(cr), CAIRO_STATUS_SUCCESS);
        cairo_destroy(cr);
        return s;
}

/* The point 4 % inside board side `side` of the square (x0, y0, size), at its middle. */
static void side_point(int side, double x0, double y0, double size, int *x, int *y)
{
        static const double fx[4] = {0.5, 0.96, 0.5, 0.04}, fy[4] = {0.04, 0.5, 0.96, 0.5};
        *x = (int)(x0 + fx[side] * size);
        *y = (int)(y0 + fy[side] * size);
}

static uint32_t side_color(enum tkit_side_type t)
{
        switch (t) {
        case TKIT_SIDE_CITY:
                return tkit_render_color(TKIT_COLOR_CITY);
        case TKIT_SIDE_ROAD:
                return tkit_render_color(TKIT_COLOR_ROAD);
        case TKIT_SIDE_RIVER:
                return tkit_render_color(TKIT_COLOR_RIVER);
        default:
                return tkit_render_color(TKIT_COLOR_FIELD);
        }
}

/* Base tile D, built in code: city N, road W-E, the north field touching the city. */
static void make_d(struct tkit_tile *t)
{
        tkit_tile_init(t);
        t->id = tkit_xstrdup("D");
        struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_CITY, "c");
        f->mask = TKIT_MASK_SIDE(TKIT_N);
        f = tkit_tile_add_feature(t, TKIT_ROAD, "r");
        f->mask = (uint16_t)(1u << TKIT_POS(TKIT_W, TKIT_M) | 1u << TKIT_POS(TKIT_E, TKIT_M));
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f1");
        f->mask = (uint16_t)(1u << TKIT_POS(TKIT_W, TKIT_R) | 1u << TKIT_POS(TKIT_E, TKIT_L));
        tkit_feature_add_touch(f, "c");
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f2");
        f->mask = (uint16_t)(1u << TKIT_POS(TKIT_E, TKIT_R) | TKIT_MASK_SIDE(TKIT_S) |
                             1u << TKIT_POS(TKIT_W, TKIT_L));
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len);

/* The number after `key` in the last occurrence of it. */
static unsigned long last_number(const char *s, size_t n, const char *key)
{
        const char *hit = NULL;
        for (size_t i = 0; i + strlen(key) <= n; i++)
                if (memcmp(s + i, key, strlen(key)) == 0)
                        hit = s + i;
        assert_non_null(hit);
        return strtoul(hit + strlen(key), NULL, 10);
}

/* A PDF's language, added by an incremental update (cairo 1.16 has no key for it): cairo's bytes
 * as they are, then the catalog with /Lang at the offset its cross-reference entry gives, and a
 * trailer whose /Prev is cairo's table; the same from the whole file or from its tail; nothing
 * for a tag that is not one or for bytes that are not cairo's. */
static void test_pdf_lang(void **state)
{
        (void)state;
        struct tkit_buf pdf;
        tkit_buf_init(&pdf);
        cairo_surface_t *s = cairo_pdf_surface_create_for_stream(to_buf, &pdf, 100, 100);
        cairo_t *cr = cairo_create(s);
        cairo_rectangle(cr, 10, 10, 50, 50);
        cairo_fill(cr);
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        struct tkit_buf up, tail;
        tkit_buf_init(&up);
        tkit_buf_init(&tail);
        assert_true(tkit_pdf_lang_update(pdf.data, pdf.len, 0, "ro", &up));
        size_t half = pdf.len / 2; /* from the tail only: the same bytes */
        assert_true(tkit_pdf_lang_update(pdf.data + half, pdf.len - half, half, "ro", &tail));
        assert_int_equal(up.len, tail.len);
        assert_memory_equal(up.data, tail.data, up.len);
        struct tkit_buf all;
        tkit_buf_init(&all);
        tkit_buf_add(&all, pdf.data, pdf.len);
        tkit_buf_add(&all, up.data, up.len);
        unsigned long root = last_number(all.data, all.len, "/Root "),
                      xref = last_number(all.data, all.len, "startxref\n"),
                      prev = last_number(all.data, all.len, "/Prev ");
        assert_int_equal(prev, last_number(pdf.data, pdf.len, "startxref\n"));
        assert_true(xref > pdf.len && xref < all.len);
        assert_memory_equal(all.data + xref, "xref\n", 5);
        unsigned long entry = 0, at = 0; /* "xref\nROOT 1\nOFFSET 00000 n" */
        assert_int_equal(sscanf(all.data + xref, "xref\n%lu 1\n%lu", &entry, &at), 2);
        assert_int_equal(entry, root);
        char head[32];
        snprintf(head, sizeof head, "%lu 0 obj\n<<", root);
        assert_memory_equal(all.data + at, head, strlen(head));
        assert_non_null(strstr(all.data + at, "/Lang (ro)"));
        tkit_buf_finish(&up);
        tkit_buf_init(&up);
        assert_false(tkit_pdf_lang_update(pdf.data, pdf.len, 0, "r(o)", &up));
        assert_false(tkit_pdf_lang_update("%PDF-1.5 not cairo's", 20, 0, "ro", &up));
        assert_false(tkit_pdf_lang_update(pdf.data, pdf.len - 30, 0, "ro", &up));
        assert_int_equal(up.len, 0);
        tkit_buf_finish(&up);
        tkit_buf_finish(&tail);
        tkit_buf_finish(&all);
        tkit_buf_finish(&pdf);
}

static void test_palette(void **state)
{
        (void)state;
        for (int i = 0; i < TKIT_COLOR_COUNT; i++)
                for (int j = i + 1; j < TKIT_COLOR_COUNT; j++)
                        assert_int_not_equal(tkit_render_color(i), tkit_render_color(j));
        assert_int_equal(tkit_render_color(TKIT_COLOR_COUNT), 0);
}

/* City, road and field where the geometry puts them, for each rotation. */
static void test_tile_d_rotations(void **state)
{
        (void)state;
        struct tkit_tile t;
        make_d(&t);
        uint32_t city = tkit_render_color(TKIT_COLOR_CITY);
        uint32_t road = tkit_render_color(TKIT_COLOR_ROAD);
        uint32_t field = tkit_render_color(TKIT_COLOR_FIELD);
        /* unrotated: N city, E and W road, S field */
        static const int expect[4] = {TKIT_SIDE_CITY, TKIT_SIDE_ROAD, TKIT_SIDE_FIELD,
                                      TKIT_SIDE_ROAD};
        for (int rot = 0; rot < 4; rot++) {
                cairo_surface_t *s = draw_tile(&t, rot, 0);
                for (int side = 0; side < 4; side++) {
                        int x, y;
                        side_point(side, 0, 0, PX, &x, &y);
                        /* board side `side` shows the tile's side `side - rot` */
                        int want = expect[(side - rot + 4) % 4];
                        uint32_t got = pixel(s, x, y);
                        assert_int_equal(got, want == TKIT_SIDE_CITY   ? city
                                              : want == TKIT_SIDE_ROAD ? road
                                                                       : field);
                }
                cairo_surface_destroy(s);
        }
        /* unrotated: the city reaches 20 % down, the wall ends it before the road */
        cairo_surface_t *s0 = draw_tile(&t, 0, 0);
        assert_int_equal(pixel(s0, PX / 2, PX / 5), city);
        assert_int_equal(pixel(s0, PX / 2, PX * 2 / 5), field);
        assert_int_equal(pixel(s0, PX / 2, PX * 3 / 4), field);
        cairo_surface_destroy(s0);
        /* rotation 1: the city is on the east side and no longer on the north side */
        cairo_surface_t *s = draw_tile(&t, 1, 0);
        assert_int_equal(pixel(s, PX - 3, PX / 2), city);
        assert_int_not_equal(pixel(s, PX / 2, 3), city);
        assert_int_equal(pixel(s, PX / 2, 3), road);
        cairo_surface_destroy(s);
        /* rotations are taken modulo 4 */
        cairo_surface_t *a = draw_tile(&t, -1, 0), *b = draw_tile(&t, 3, 0);
        assert_memory_equal(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b),
                            (size_t)cairo_image_surface_get_stride(a) * PX);
        cairo_surface_destroy(a);
        cairo_surface_destroy(b);
        tkit_tile_finish(&t);
}

/* Cities on two sides: joined when one feature (the corner between them is city), separate
 * when two features (the corner is not city). */
static void test_city_joined_or_separate(void **state)
{
        (void)state;
        uint32_t city = tkit_render_color(TKIT_COLOR_CITY);
        struct tkit_tile one, two;
        tkit_tile_init(&one);
        tkit_tile_init(&two);
        struct tkit_feature *f = tkit_tile_add_feature(&one, TKIT_CITY, "c");
        f->mask = TKIT_MASK_SIDE(TKIT_N) | TKIT_MASK_SIDE(TKIT_W);
        f = tkit_tile_add_feature(&one, TKIT_FIELD, "f");
        f->mask = TKIT_MASK_SIDE(TKIT_E) | TKIT_MASK_SIDE(TKIT_S);
        f = tkit_tile_add_feature(&two, TKIT_CITY, "c1");
        f->mask = TKIT_MASK_SIDE(TKIT_N);
        f = tkit_tile_add_feature(&two, TKIT_CITY, "c2");
        f->mask = TKIT_MASK_SIDE(TKIT_W);
        f = tkit_tile_add_feature(&two, TKIT_FIELD, "f");
        f->mask = TKIT_MASK_SIDE(TKIT_E) | TKIT_MASK_SIDE(TKIT_S);
        cairo_surface_t *a = draw_tile(&one, 0, 0), *b = draw_tile(&two, 0, 0);
        /* the point (30 %, 30 %) near the shared corner, inside the joined city only */
        assert_int_equal(pixel(a, 30, 30), city);
        assert_int_not_equal(pixel(b, 30, 30), city);
        /* both show city on N and W, field on E and S */
        for (int side = 0; side < 4; side++) {
                int x, y;
                side_point(side, 0, 0, PX, &x, &y);
                bool c = side == TKIT_N || side == TKIT_W;
                assert_true((pixel(a, x, y) == city) == c);
                assert_true((pixel(b, x, y) == city) == c);
        }
        cairo_surface_destroy(a);
        cairo_surface_destroy(b);
        tkit_tile_finish(&one);
        tkit_tile_finish(&two);
}

/* A 2 x 1 piece built in code: cells side by side, the face's posts drawn over them. */
static void test_piece(void **state)
{
        (void)state;
        struct tkit_set *set = tkit_set_create("p");
        struct tkit_piece *p = tkit_set_add_piece(set, "fort", 2, 1);
        struct tkit_feature *f = tkit_tile_add_feature(tkit_piece_cell(p, 0, 0), TKIT_CITY, "k");
        f->mask = TKIT_MASK_SIDE(TKIT_E);
        f = tkit_tile_add_feature(tkit_piece_cell(p, 1, 0), TKIT_CITY, "k");
        f->mask = TKIT_MASK_SIDE(TKIT_W);
        p->faces = tkit_xcalloc(1, sizeof(*p->faces));
        p->nfaces = 1;
        p->faces[0].id = tkit_xstrdup("front");
        p->faces[0].min_players = 2;
        p->faces[0].max_players = 3;
        p->faces[0].posts = tkit_xcalloc(1, sizeof(struct tkit_post_def));
        p->faces[0].nposts = 1;
        p->faces[0].posts[0] = (struct tkit_post_def){.kind = TKIT_POST_MONKS,
                                                      .plain = 2,
                                                      .dark3 = 1,
                                                      .fiveplus = 1,
                                                      .meeple = 1,
                                                      .catapult = 1};
        uint32_t city = tkit_render_color(TKIT_COLOR_CITY), dark = 0x383333;
        int counts[2] = {0, 0};
        for (int face = -1; face <= 0; face++) {
                cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2 * PX, PX);
                cairo_t *cr = cairo_create(s);
                tkit_render_piece(cr, p, face, 0, 0, PX, 0, 0);
                cairo_destroy(cr);
                /* the city runs across the seam between the cells */
                assert_int_equal(pixel(s, PX - 3, 10), city);
                assert_int_equal(pixel(s, PX + 3, 10), city);
                for (int y = 0; y < PX; y++)
                        for (int x = 0; x < 2 * PX; x++)
                                counts[face + 1] += pixel(s, x, y) == dark;
                cairo_surface_destroy(s);
        }
        /* the dark "3" and "5+" spaces appear only with the face */
        assert_int_equal(counts[0], 0);
        assert_true(counts[1] > 20);
        tkit_set_destroy(set);
}

/* Reconstructed tiles carry a marker; the same tile well-known does not. */
/* Inns & Cathedrals' divided field: city N, field f1 on E, field f2 on S and W (one field
 * round all three when `one`), with `dividers`. */
static void make_split(struct tkit_tile *t, bool one, uint16_t dividers)
{
        tkit_tile_init(t);
        t->id = tkit_xstrdup("cap-split-field");
        t->dividers = dividers;
        struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_CITY, "c");
        f->mask = TKIT_MASK_SIDE(TKIT_N);
        uint16_t e = (uint16_t)(TKIT_MASK_SIDE(TKIT_E) & TKIT_MASK_HALVES);
        uint16_t sw =
            (uint16_t)((TKIT_MASK_SIDE(TKIT_S) | TKIT_MASK_SIDE(TKIT_W)) & TKIT_MASK_HALVES);
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f1");
        f->mask = one ? (uint16_t)(e | sw) : e;
        if (!one)
                tkit_tile_add_feature(t, TKIT_FIELD, "f2")->mask = sw;
}

static bool reddish(uint32_t v)
{
        return ((v >> 16) & 0xff) > 0xb0 && ((v >> 8) & 0xff) < 0x50 && (v & 0xff) < 0x50;
}

/* Distance of two 0xRRGGBB colours (0..441). */
static double rgb_distance(uint32_t a, uint32_t b)
{
        double d = 0;
        for (int sh = 0; sh <= 16; sh += 8) {
                double x = (double)((a >> sh) & 0xff) - (double)((b >> sh) & 0xff);
                d += x * x;
        }
        return sqrt(d);
}

/* A barn and a castle are drawn in colours unlike every player's (a red barn stood on a red
 * player's field; a grey castle under a grey knight): their body's colour, sampled in the
 * drawing, is far from each of the 8 figure colours. */
static void test_barn_castle_colours(void **state)
{
        (void)state;
        struct {
                const char *what;
                void (*draw)(cairo_t *, double, double, double);
                double u, v; /* a point of the body, in the drawing's unit square */
        } cases[] = {{"barn", tkit_render_barn, -0.32, -0.1},
                     {"castle", tkit_render_castle, -0.33, 0.1}};
        for (size_t i = 0; i < 2; i++) {
                cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, PX, PX);
                cairo_t *cr = cairo_create(s);
                cases[i].draw(cr, PX / 2.0, PX / 2.0, PX);
                cairo_destroy(cr);
                uint32_t body =
                    pixel(s, (int)(PX * (0.5 + cases[i].u)), (int)(PX * (0.5 + cases[i].v)));
                for (int c = 0; c < TKIT_COLOUR_COUNT; c++) {
                        double d = rgb_distance(body & 0xffffff, tkit_render_player_rgb(c));
                        if (d < 80)
                                fail_msg("%s %06x is %.0f from player colour %06x", cases[i].what,
                                         (unsigned)(body & 0xffffff), d, tkit_render_player_rgb(c));
                }
                cairo_surface_destroy(s);
        }
}

/* A figure on a feature hatched in its own colour stays visible (a red knight on the city the
 * red player scores was red on red): from the ground to the figure's body, along the middle row,
 * a pale pixel comes between them, in each player's colour and for each kind of figure. */
static void test_figure_halo(void **state)
{
        (void)state;
        for (int c = 0; c < TKIT_COLOUR_COUNT; c++)
                for (int k = 0; k <= TKIT_FIGURE_PIG; k++) {
                        cairo_surface_t *s =
                            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, PX, PX);
                        cairo_t *cr = cairo_create(s);
                        tkit_render_set_rgb(cr, tkit_render_player_rgb(c));
                        cairo_paint(cr); /* the ground: the player's own colour */
                        tkit_render_figure_styled(cr, (enum tkit_figure_kind)k, false, c, "en",
                                                  PX / 2.0, PX / 2.0, PX * 0.6, TKIT_FIGURE_PLAIN);
                        cairo_destroy(cr);
                        int pale = 0;
                        for (int x = 0; x < PX / 2; x++) {
                                uint32_t v = pixel(s, x, PX / 2);
                                int lum =
                                    (int)(((v >> 16) & 0xff) + ((v >> 8) & 0xff) + (v & 0xff));
                                pale += lum > 3 * 225 &&
                                        rgb_distance(v & 0xffffff, tkit_render_player_rgb(c)) > 60;
                        }
                        if (!pale)
                                fail_msg("figure kind %d of colour %06x: no pale ring on its own "
                                         "colour",
                                         k, tkit_render_player_rgb(c));
                        cairo_surface_destroy(s);
                }
}

/* A field-only tile showing the illustrations `ills` (letters of tkit_illustration_name). */
static void make_illustrated(struct tkit_tile *t, const char *ills)
{
        tkit_tile_init(t);
        t->id = tkit_xstrdup("illustrated");
        tkit_tile_add_feature(t, TKIT_FIELD, "f")->mask = TKIT_MASK_ALL;
        snprintf(t->illustrations, sizeof t->illustrations, "%s", ills);
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len)
{
        tkit_buf_add(closure, (const char *)data, len);
        return CAIRO_STATUS_SUCCESS;
}

static bool same_pixels(cairo_surface_t *a, cairo_surface_t *b)
{
        cairo_surface_flush(a);
        cairo_surface_flush(b);
        return memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b),
                      (size_t)cairo_image_surface_get_stride(a) * PX) == 0;
}

/* Illustrations are small pictures, never letters in boxes (a debugging mark in print): no
 * text is drawn for them; each of the 7 is its own picture, at least 2.5 mm at a rulebook's
 * 20 mm a tile; TKIT_RENDER_NO_ILLUSTRATIONS leaves them out and keeps the siege symbols. */
static void test_illustrations_are_pictures(void **state)
{
        (void)state;
        struct tkit_tile t;
        make_illustrated(&t, "GBTWESC");
        struct tkit_buf svg;
        tkit_buf_init(&svg);
        cairo_surface_t *vs = cairo_svg_surface_create_for_stream(to_buf, &svg, 200, 200);
        cairo_t *cr = cairo_create(vs);
        tkit_render_tile(cr, &t, 0, 0, 0, 200, 0, 0);
        cairo_destroy(cr);
        cairo_surface_destroy(vs);
        assert_non_null(svg.data);
        assert_null(strstr(svg.data, "glyph")); /* cairo's SVG writes text as glyphs */
        tkit_buf_finish(&svg);
        struct tkit_tile_symbol sym[TKIT_MAX_TILE_SYMBOLS];
        size_t n = tkit_render_tile_symbols(&t, 0, 0, sym, TKIT_MAX_TILE_SYMBOLS);
        assert_int_equal(n, 7);
        for (size_t i = 0; i < n; i++) {
                assert_string_equal(sym[i].what, "illustration");
                double mm = 20 * fmax(sym[i].u1 - sym[i].u0, sym[i].v1 - sym[i].v0);
                if (mm < 2.5)
                        fail_msg("illustration %zu: %.2f mm at 20 mm a tile", i, mm);
        }
        tkit_tile_finish(&t);
        static const char codes[] = "GBTWESC";
        cairo_surface_t *one[7];
        for (int i = 0; i < 7; i++) {
                char c[2] = {codes[i], 0};
                make_illustrated(&t, c);
                one[i] = draw_tile(&t, 0, 0);
                tkit_tile_finish(&t);
        }
        for (int i = 0; i < 7; i++)
                for (int j = i + 1; j < 7; j++)
                        if (same_pixels(one[i], one[j]))
                                fail_msg("%c and %c are drawn alike", codes[i], codes[j]);
        make_illustrated(&t, "");
        t.symbols[t.nsymbols++] = TKIT_POST_KNIGHTS;
        cairo_surface_t *bare = draw_tile(&t, 0, 0);
        tkit_tile_finish(&t);
        make_illustrated(&t, "GW");
        t.symbols[t.nsymbols++] = TKIT_POST_KNIGHTS;
        cairo_surface_t *left_out = draw_tile(&t, 0, TKIT_RENDER_NO_ILLUSTRATIONS);
        cairo_surface_t *drawn = draw_tile(&t, 0, 0);
        tkit_tile_finish(&t);
        assert_true(same_pixels(bare, left_out));
        assert_false(same_pixels(bare, drawn));
        for (int i = 0; i < 7; i++)
                cairo_surface_destroy(one[i]);
        cairo_surface_destroy(bare);
        cairo_surface_destroy(left_out);
        cairo_surface_destroy(drawn);
}

/* --debug draws the regions the checker infers: each field in its own tint along the
 * perimeter, and a red ring where two fields meet with no divider declared (FIELD-SPLIT). */
static void test_debug_regions(void **state)
{
        (void)state;
        enum { N = 400 };
        struct {
                bool one;
                uint16_t dividers;
                bool gap, two_tints;
        } cases[] = {
            {false, 0, true, true}, {false, 1u << 5, false, true}, {true, 0, false, false}};
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                struct tkit_tile t;
                make_split(&t, cases[i].one, cases[i].dividers);
                cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, N, N);
                cairo_t *cr = cairo_create(s);
                tkit_render_tile(cr, &t, 0, 0, 0, N, 0, TKIT_RENDER_DEBUG | TKIT_RENDER_NO_BADGES);
                cairo_destroy(cr);
                /* the ring round the SE corner (radius 0.06 of the tile) crosses y = 0.995 at
                 * x = 0.9402 */
                bool red = false;
                for (int dx = -2; dx <= 2; dx++)
                        red = red || reddish(pixel(s, (int)(0.9402 * N) + dx, (int)(0.995 * N)));
                assert_int_equal(red, cases[i].gap);
                uint32_t el = pixel(s, (int)(0.985 * N), (int)(0.3 * N));
                uint32_t sr = pixel(s, (int)(0.3 * N), (int)(0.985 * N));
                assert_int_equal(el != sr, cases[i].two_tints);
                cairo_surface_destroy(s);
                tkit_tile_finish(&t);
        }
}

static void test_reconstructed_marker(void **state)
{
        (void)state;
        struct tkit_tile t;
        make_d(&t);
        uint32_t marker = tkit_render_color(TKIT_COLOR_MARKER);
        cairo_surface_t *s = draw_tile(&t, 0, 0);
        assert_int_not_equal(pixel(s, PX - 3, PX - 12), marker);
        cairo_surface_destroy(s);
        t.basis = TKIT_BASIS_RECONSTRUCTED;
        s = draw_tile(&t, 0, 0);
        assert_int_equal(pixel(s, PX - 3, PX - 12), marker);
        cairo_surface_destroy(s);
        s = draw_tile(&t, 0, TKIT_RENDER_NO_MARKER);
        assert_int_not_equal(pixel(s, PX - 3, PX - 12), marker);
        cairo_surface_destroy(s);
        tkit_tile_finish(&t);
}

/* The cache of area maps (render/areas.c): one map per tile and rotation, the same one when
 * asked again, each equal to a map made afresh, through growth past its first table (every
 * bundled tile in four rotations: some hundreds of maps). */
static void test_render_cache(void **state)
{
        (void)state;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_test_sets_load(&l, NULL);
        struct tkit_render_cache *c = tkit_render_cache_new();
        size_t n = 0;
        for (int pass = 0; pass < 2; pass++)
                for (size_t i = 0; i < l.n; i++)
                        for (size_t k = 0; k < l.sets[i]->ntiles; k++)
                                for (int rot = 0; rot < 4; rot++) {
                                        const struct tkit_tile *t = &l.sets[i]->tiles[k];
                                        struct tkit_area_map *m = tkit_render_cache_map(c, t, rot);
                                        assert_ptr_equal(m->t, t);
                                        assert_int_equal(m->rot, rot);
                                        assert_ptr_equal(tkit_render_cache_map(c, t, rot + 4), m);
                                        n += pass == 0;
                                        if (pass == 1 && k % 37 == 0) { /* spot checks */
                                                struct tkit_area_map *f =
                                                    tkit_area_map_create(t, rot);
                                                assert_memory_equal(f->lab, m->lab,
                                                                    sizeof f->lab);
                                                tkit_area_map_destroy(f);
                                        }
                                }
        assert_true(n > 256); /* the table (64 first) grew several times */
        tkit_render_cache_free(c);
        tkit_render_cache_free(NULL);
        tkit_setlist_finish(&l);
}

/* Every side of every bundled tile in every rotation shows the colour of what it is. */
static void test_bundled_tiles_sides(void **state)
{
        (void)state;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        tkit_test_sets_load(&l, NULL);
        int checked = 0;
        for (size_t i = 0; i < l.n; i++)
                for (size_t k = 0; k < l.sets[i]->ntiles; k++) {
                        const struct tkit_tile *t = &l.sets[i]->tiles[k];
                        for (int rot = 0; rot < 4; rot++) {
                                cairo_surface_t *s = draw_tile(t, rot, 0);
                                uint8_t code = tkit_tile_side_code(t, rot);
                                for (int side = 0; side < 4; side++) {
                                        int x, y;
                                        side_point(side, 0, 0, PX, &x, &y);
                                        uint32_t want = side_color(TKIT_CODE_SIDE(code, side));
                                        if (pixel(s, x, y) != want)
                                                fail_msg("%s tile %s rot %d side %c: %06x != "
                                                         "%06x",
                                                         l.sets[i]->id, t->id, rot,
                                                         tkit_side_letter(side), pixel(s, x, y),
                                                         want);
                                        checked++;
                                }
                                cairo_surface_destroy(s);
                        }
                }
        assert_true(checked >= 4 * 4 * 24);
        tkit_setlist_finish(&l);
}

/* ---------------------------------------------------------------- files */

static char *slurp(const char *path, size_t *len)
{
        char *s = read_all(path, len);
        assert_non_null(s);
        return s;
}

/* The text of `pdf` (pdftotext, UTF-8, through the file `txt`): page 1 alone when `first_only`,
 * else every page. */
static char *pdf_pages_text(const char *pdftotext, const char *pdf, const char *txt,
                            bool first_only, size_t *len)
{
        char *cmd = tkit_xasprintf("'%s' %s-enc UTF-8 '%s' '%s'", pdftotext,
                                   first_only ? "-f 1 -l 1 " : "", pdf, txt);
        assert_int_equal(system(cmd), 0);
        free(cmd);
        return slurp(txt, len);
}

static char *page1_text(const char *pdftotext, const char *pdf, const char *txt, size_t *len)
{
        return pdf_pages_text(pdftotext, pdf, txt, true, len);
}

/* Page objects ("/Type /Page", not "/Pages") and MediaBoxes in a cairo PDF. */
static int pdf_pages(const char *data, size_t len, double *w, double *h)
{
        int pages = 0;
        for (const char *p = data; (p = memmem(p, len - (size_t)(p - data), "/Type /Page", 11));
             p += 11)
                if (p[11] != 's')
                        pages++;
        const char *mb = memmem(data, len, "/MediaBox [", 11);
        assert_non_null(mb);
        double x0, y0;
        assert_int_equal(sscanf(mb + 11, "%lf %lf %lf %lf", &x0, &y0, w, h), 4);
        return pages;
}

static void test_sheet_pages(void **state)
{
        (void)state;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        static const char *const names[] = {"base", NULL};
        tkit_test_sets_load(&l, names);
        const struct tkit_set *sets[1] = {l.sets[0]};
        struct tkit_sheet_options o;
        tkit_sheet_options_init(&o);
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *path = tmp_path("base.pdf");
        int pages = 0;
        assert_int_equal(tkit_render_sheet(sets, 1, &o, path, &pages, &d), 0);
        size_t len;
        char *data = slurp(path, &len);
        double w, h;
        /* A4: 3 x 4 tiles of 45 mm + bleed a page; 24 types → 2 pages, plus the summary */
        assert_int_equal(pdf_pages(data, len, &w, &h), 3);
        assert_int_equal(pages, 3);
        assert_true(w > 595.27 && w < 595.28 && h > 841.88 && h < 841.9);
        free(data);
        /* Letter: 3 rows fit → 9 a page → 3 pages, plus the summary */
        o.paper = TKIT_PAPER_LETTER;
        assert_int_equal(tkit_render_sheet(sets, 1, &o, path, &pages, &d), 0);
        data = slurp(path, &len);
        assert_int_equal(pdf_pages(data, len, &w, &h), 4);
        assert_true(w == 612 && h == 792);
        free(data);
        /* smaller tiles, no summary: fewer pages */
        o.tile_mm = 25;
        o.summary = false;
        assert_int_equal(tkit_render_sheet(sets, 1, &o, path, &pages, &d), 0);
        assert_int_equal(pages, 1);
        /* a set with nothing to draw still gives a valid PDF: one empty page */
        struct tkit_set *empty = tkit_set_create("empty");
        const struct tkit_set *none[1] = {empty};
        assert_int_equal(tkit_render_sheet(none, 1, &o, path, &pages, &d), 0);
        data = slurp(path, &len);
        assert_int_equal(pdf_pages(data, len, &w, &h), 1);
        assert_int_equal(pages, 1);
        free(data);
        tkit_set_destroy(empty);
        /* a tile larger than the paper is refused with a diagnostic, as is a bad language */
        o.tile_mm = 250;
        assert_int_equal(tkit_render_sheet(sets, 1, &o, path, NULL, &d), TKIT_E_USAGE);
        assert_true(d.errors > 0);
        o.tile_mm = 45;
        o.lang = "xx";
        assert_int_equal(tkit_render_sheet(sets, 1, &o, path, NULL, &d), TKIT_E_USAGE);
        tkit_diags_finish(&d);
        free(path);
        tkit_setlist_finish(&l);
}

/* The fixed texts in each language, with their diacritics and Cyrillic, as text in the PDF. */
static void test_sheet_languages(void **state)
{
        (void)state;
        const char *pdftotext = tkit_test_tool("pdftotext");
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        static const char *const names[] = {"base", NULL};
        tkit_test_sets_load(&l, names);
        const struct tkit_set *sets[1] = {l.sets[0]};
        static const char *const langs[][2] = {
            {"en", "Tile types: 24"},
            {"ro", "Tipuri de cartonașe: 24"},
            {"cs", "Druhy kartiček: 24"},
            {"uk", "Типи плиток: 24"},
        };
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *pdf = tmp_path("lang.pdf"), *txt = tmp_path("lang.txt");
        for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
                struct tkit_sheet_options o;
                tkit_sheet_options_init(&o);
                o.lang = langs[i][0];
                assert_int_equal(tkit_render_sheet(sets, 1, &o, pdf, NULL, &d), 0);
                size_t len;
                char *text = page1_text(pdftotext, pdf, txt, &len);
                if (!memmem(text, len, langs[i][1], strlen(langs[i][1])))
                        fail_msg("%s: '%s' not on the summary page", langs[i][0], langs[i][1]);
                free(text);
        }
        free(pdf);
        free(txt);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* The summary of a set with reconstructed defense posts says that their row lengths are ours;
 * a set without posts says nothing of rows. */
static void test_sheet_post_rows(void **state)
{
        (void)state;
        const char *pdftotext = tkit_test_tool("pdftotext");
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        static const char *const names[] = {"base", "river", "siege-defense", NULL};
        tkit_test_sets_load(&l, names);
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *pdf = tmp_path("rows.pdf"), *txt = tmp_path("rows.txt");
        for (size_t k = 0; k < 2; k++) {
                const struct tkit_set *set = tkit_setlist_find(&l, k ? "base" : "siege-defense");
                const struct tkit_set *sets[1] = {set};
                struct tkit_sheet_options o;
                tkit_sheet_options_init(&o);
                assert_int_equal(tkit_render_sheet(sets, 1, &o, pdf, NULL, &d), 0);
                size_t len;
                char *text = page1_text(pdftotext, pdf, txt, &len);
                const char *want = "Post rows: how many spaces is our reconstruction";
                assert_int_equal(memmem(text, len, want, strlen(want)) != NULL, k == 0);
                free(text);
        }
        free(pdf);
        free(txt);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* `word` in `text` as a whole word: letters, digits, '-' and '_' around it make it another word
 * (a tile id like "village-1" or the set id "castles-bridges" is data, not English). */
static bool has_word(const char *text, size_t len, const char *word)
{
        size_t n = strlen(word);
        for (const char *p = text; (p = memmem(p, len - (size_t)(p - text), word, n)); p++) {
                char before = p > text ? p[-1] : ' ', after = p[n];
                /* bytes of a UTF-8 letter (>= 0x80) continue the word: "catapultă" */
                bool b = isalnum((unsigned char)before) || (unsigned char)before >= 0x80 ||
                         before == '-' || before == '_';
                bool a = isalnum((unsigned char)after) || (unsigned char)after >= 0x80 ||
                         after == '-' || after == '_';
                if (!a && !b)
                        return true;
        }
        return false;
}

/* The whole text of `pdf` (every page). */
static char *pdf_text(const char *pdftotext, const char *pdf, const char *txt, size_t *len)
{
        return pdf_pages_text(pdftotext, pdf, txt, false, len);
}

/* A sheet in ro, cs or uk prints no English: the words the old sheet printed there (rule modules,
 * manifest kinds, tile names, symbols, the authors' notes) are gone; with notes on, the notes
 * (English, the authors' sources) are back. */
static void test_sheet_no_english(void **state)
{
        (void)state;
        const char *pdftotext = tkit_test_tool("pdftotext");
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        static const char *const names[] = {
            "base",      "river", "castles-bridges", "inns-cathedrals", "siege-defense",
            "besiegers", NULL};
        tkit_test_sets_load(&l, names);
        const struct tkit_set *sets[6];
        for (size_t i = 0; i < 6; i++)
                sets[i] = l.sets[i];
        static const char *const english[] = {
            "bridges",  "castles",  "barns",    "villages",  "cloister", "village",
            "feature",  "element",  "knights",  "travelers", "City",     "Cloister",
            "Tiles",    "Manifest", "Symbols",  "Summary",   "Pennants", "Rules",
            "Romanian", "English",  "besieger", "catapult",  "tile",     "Crossroads"};
        static const char *const langs[] = {"ro", "cs", "uk"};
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *pdf = tmp_path("words.pdf"), *txt = tmp_path("words.txt");
        for (size_t i = 0; i < 3; i++)
                for (int notes = 0; notes < 2; notes++) {
                        struct tkit_sheet_options o;
                        tkit_sheet_options_init(&o);
                        o.lang = langs[i];
                        o.notes = notes;
                        assert_int_equal(tkit_render_sheet(sets, 6, &o, pdf, NULL, &d), 0);
                        size_t len;
                        char *text = pdf_text(pdftotext, pdf, txt, &len);
                        for (size_t w = 0; !notes && w < sizeof english / sizeof english[0]; w++)
                                if (has_word(text, len, english[w]))
                                        fail_msg("%s sheet prints '%s'", langs[i], english[w]);
                        /* the notes quote the rulebooks: "Castles & Bridges, C3.1 2025, ..." */
                        assert_int_equal(has_word(text, len, "Romanian"), notes);
                        free(text);
                }
        assert_int_equal(d.errors, 0);
        free(pdf);
        free(txt);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* Rasterise page 2 at 10 px/mm and measure the first tile: 45 mm is 450 px. */
static void test_sheet_real_size(void **state)
{
        (void)state;
        const char *pdftoppm = tkit_test_tool("pdftoppm");
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        static const char *const names[] = {"base", NULL};
        tkit_test_sets_load(&l, names);
        const struct tkit_set *sets[1] = {l.sets[0]};
        struct tkit_sheet_options o;
        tkit_sheet_options_init(&o);
        o.bleed_mm = 0; /* the art then ends on the trim line */
        o.crop_marks = false;
        o.summary = false;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *pdf = tmp_path("size.pdf"), *png = tmp_path("size");
        assert_int_equal(tkit_render_sheet(sets, 1, &o, pdf, NULL, &d), 0);
        char *cmd =
            tkit_xasprintf("'%s' -png -r 254 -f 1 -l 1 -singlefile '%s' '%s'", pdftoppm, pdf, png);
        assert_int_equal(system(cmd), 0);
        char *pngfile = tkit_xasprintf("%s.png", png);
        cairo_surface_t *s = cairo_image_surface_create_from_png(pngfile);
        assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
        /* tile A is field with a cloister: scan the row 10 % down the first tile */
        int y = (int)((o.margin_mm + 10.0 + 4.5) * 10);
        int w = cairo_image_surface_get_width(s), first = -1, last = -1;
        uint32_t field = tkit_render_color(TKIT_COLOR_FIELD);
        for (int x = 0; x < w / 3; x++) {
                uint32_t v = pixel(s, x, y);
                int dr = (int)((v >> 16) & 0xff) - (int)((field >> 16) & 0xff);
                int dg = (int)((v >> 8) & 0xff) - (int)((field >> 8) & 0xff);
                if (abs(dr) < 40 && abs(dg) < 40 && ((v >> 8) & 0xff) > ((v >> 16) & 0xff)) {
                        if (first < 0)
                                first = x;
                        last = x;
                } else if (first >= 0) {
                        break; /* the end of the first tile */
                }
        }
        assert_true(first >= 0);
        int width = last - first + 1;
        if (width < 448 || width > 452)
                fail_msg("tile measures %d px at 10 px/mm, want 450", width);
        cairo_surface_destroy(s);
        free(pngfile);
        free(cmd);
        free(pdf);
        free(png);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

static struct tkit_layout *simulate(struct tkit_setlist *l, uint64_t seed)
{
        static const char *const names[] = {"base", "river", "castles-bridges", "siege-defense",
                                            NULL};
        tkit_test_sets_load(l, names);
        struct tkit_sim_options so;
        tkit_sim_options_init(&so);
        so.seed = seed;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_layout *lay = tkit_simulate(l->sets, l->n, &so, &d);
        if (!lay)
                tkit_diags_write(&d, stderr, false);
        assert_non_null(lay);
        tkit_diags_finish(&d);
        return lay;
}

/* Every placed tile shows, at each board side, what its rotated definition says. */
static void test_board_sides(void **state)
{
        (void)state;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_layout *lay = simulate(&l, 5);
        struct tkit_board_options o;
        tkit_board_options_init(&o);
        o.px = PX;
        o.bridges = false;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *path = tmp_path("board.png");
        assert_int_equal(tkit_render_board(lay, &o, path, TKIT_IMAGE_AUTO, &d), 0);
        cairo_surface_t *s = cairo_image_surface_create_from_png(path);
        assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
        double W, H, cx, cy;
        tkit_board_cell_origin(lay, &o, 0, 0, &cx, &cy, &W, &H);
        assert_int_equal(cairo_image_surface_get_width(s), (int)(W + 0.5));
        assert_int_equal(cairo_image_surface_get_height(s), (int)(H + 0.5));
        int checked = 0;
        for (size_t i = 0; i < lay->nplacements; i++) {
                const struct tkit_placement *p = &lay->placements[i];
                if (p->is_piece)
                        continue;
                uint8_t code = tkit_tile_side_code(p->def, p->rotation / 90);
                tkit_board_cell_origin(lay, &o, p->x, p->y, &cx, &cy, NULL, NULL);
                for (int side = 0; side < 4; side++) {
                        int x, y;
                        side_point(side, cx, cy, PX, &x, &y);
                        uint32_t want = side_color(TKIT_CODE_SIDE(code, side));
                        if (pixel(s, x, y) != want)
                                fail_msg("placement %zu %s at (%d,%d) rot %d side %c", i, p->tile,
                                         p->x, p->y, p->rotation, tkit_side_letter(side));
                        checked++;
                }
        }
        assert_true(checked > 100);
        cairo_surface_destroy(s);
        free(path);
        tkit_diags_finish(&d);
        tkit_layout_destroy(lay);
        tkit_setlist_finish(&l);
}

/* A layout read from JSON with a discarded tile: the tile is listed under the board. */
static const char layout_json[] =
    "{\"seed\": 1, \"sets\": [\"base\"], \"players\": 2, \"placements\": ["
    "{\"tile\": \"D\", \"x\": 0, \"y\": 0, \"rotation\": 0},"
    "{\"tile\": \"U\", \"x\": 1, \"y\": 0, \"rotation\": 90, \"bridge\": \"NS\"},"
    "{\"tile\": \"E\", \"x\": 0, \"y\": -1, \"rotation\": 180}],"
    "\"discarded\": [{\"tile\": \"B\", \"after\": 2}]}";

/* The 2 x 2 board of layout_json over the base set, resolved (`l` and `d` initialised here). */
static struct tkit_layout *discards_layout(struct tkit_setlist *l, struct tkit_diags *d)
{
        tkit_setlist_init(l);
        static const char *const names[] = {"base", NULL};
        tkit_test_sets_load(l, names);
        tkit_diags_init(d);
        struct tkit_layout *lay =
            tkit_layout_read_json(layout_json, strlen(layout_json), "t.json", NULL, 0, d);
        assert_non_null(lay);
        assert_int_equal(tkit_layout_resolve(lay, l->sets, l->n, d), 0);
        return lay;
}

/* The board's header and its discards' heading in the board's language (text/), no English. */
static void test_board_words(void **state)
{
        (void)state;
        const char *pdftotext = tkit_test_tool("pdftotext");
        struct tkit_setlist l;
        struct tkit_diags d;
        struct tkit_layout *lay = discards_layout(&l, &d);
        struct tkit_board_options o;
        tkit_board_options_init(&o);
        char *pdf = tmp_path("bw.pdf"), *txt = tmp_path("bw.txt");
        static const char *const langs[][2] = {
            {"en", "Discarded"}, {"ro", "Puse deoparte"}, {"cs", "Odložené"}, {"uk", "Відкладені"}};
        for (size_t i = 0; i < 4; i++) {
                o.lang = langs[i][0];
                assert_int_equal(tkit_render_board(lay, &o, pdf, TKIT_IMAGE_AUTO, &d), 0);
                size_t len;
                char *text = pdf_text(pdftotext, pdf, txt, &len);
                assert_true(has_word(text, len, langs[i][1]));
                assert_int_equal(has_word(text, len, "seed"), i == 0);
                assert_int_equal(has_word(text, len, "placed"), i == 0);
                free(text);
        }
        free(pdf);
        free(txt);
        tkit_layout_destroy(lay);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

static void test_board_discards(void **state)
{
        (void)state;
        struct tkit_setlist l;
        struct tkit_diags d;
        struct tkit_layout *lay = discards_layout(&l, &d);
        struct tkit_board_options o;
        tkit_board_options_init(&o);
        o.px = PX;
        char *with = tmp_path("disc1.png"), *without = tmp_path("disc0.png");
        assert_int_equal(tkit_render_board(lay, &o, with, TKIT_IMAGE_AUTO, &d), 0);
        cairo_surface_t *s = cairo_image_surface_create_from_png(with);
        double x0, y0, W, H;
        tkit_board_cell_origin(lay, &o, 0, 0, &x0, &y0, &W, &H);
        /* the board is 2 x 2 cells: rows -1 and 0 */
        double bottom = y0 + PX;
        /* B (a cloister in a field) shows as a green thumbnail below the board */
        uint32_t field = tkit_render_color(TKIT_COLOR_FIELD);
        int found = 0;
        for (int y = (int)bottom + 5; y < cairo_image_surface_get_height(s); y++)
                for (int x = 0; x < cairo_image_surface_get_width(s); x++)
                        found += pixel(s, x, y) == field;
        assert_true(found > 100);
        /* the bridge on U (a N-S road turned 90: E-W) crosses it north-south: road colour at
         * the middle of its north side, which is field on U turned 90 */
        double bx, by;
        tkit_board_cell_origin(lay, &o, 1, 0, &bx, &by, NULL, NULL);
        assert_int_equal(pixel(s, (int)bx + PX / 2, (int)by + 4),
                         tkit_render_color(TKIT_COLOR_ROAD));
        cairo_surface_destroy(s);
        o.discarded = false;
        o.bridges = false;
        assert_int_equal(tkit_render_board(lay, &o, without, TKIT_IMAGE_AUTO, &d), 0);
        s = cairo_image_surface_create_from_png(without);
        assert_true(cairo_image_surface_get_height(s) < (int)H);
        assert_true(cairo_image_surface_get_height(s) < bottom + PX / 2);
        assert_int_equal(pixel(s, (int)bx + PX / 2, (int)by + 4), field);
        cairo_surface_destroy(s);
        free(with);
        free(without);
        tkit_layout_destroy(lay);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

static void test_svg_parses(void **state)
{
        (void)state;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_layout *lay = simulate(&l, 2);
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *path = tmp_path("board.svg");
        assert_int_equal(tkit_render_board(lay, NULL, path, TKIT_IMAGE_AUTO, &d), 0);
        xmlDocPtr doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
        assert_non_null(doc);
        xmlNodePtr root = xmlDocGetRootElement(doc);
        assert_string_equal((const char *)root->name, "svg");
        xmlFreeDoc(doc);
        char *tile = tmp_path("tile.svg");
        assert_int_equal(tkit_render_tile_file(&l.sets[0]->tiles[0], 1, 64, TKIT_RENDER_DEBUG, tile,
                                               TKIT_IMAGE_AUTO, &d),
                         0);
        doc = xmlReadFile(tile, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
        assert_non_null(doc);
        xmlFreeDoc(doc);
        free(tile);
        free(path);
        tkit_diags_finish(&d);
        tkit_layout_destroy(lay);
        tkit_setlist_finish(&l);
}

static void assert_same_file(const char *a, const char *b)
{
        size_t la, lb;
        char *da = slurp(a, &la), *db = slurp(b, &lb);
        assert_true(la > 0);
        assert_int_equal(la, lb);
        assert_memory_equal(da, db, la);
        free(da);
        free(db);
}

/* The PDF's creation date is the fixed one, not the time of the render (cairo stamps the current
 * time unless told otherwise): two renders within one second compare equal either way, so the
 * date is read from the file. */
static void assert_fixed_date(const char *pdf)
{
        static const char key[] = "/CreationDate (";
        size_t len;
        char *s = slurp(pdf, &len);
        const char *at = memmem(s, len, key, sizeof key - 1);
        if (!at)
                fail_msg("%s: no /CreationDate", pdf);
        at += sizeof key - 1;
        size_t left = len - (size_t)(at - s);
        if (left >= 2 && memcmp(at, "D:", 2) == 0) { /* PDF date syntax; cairo 1.16 omits it */
                at += 2;
                left -= 2;
        }
        if (left < 14 || memcmp(at, "20000101000000", 14) != 0)
                fail_msg("%s: creation date %.20s, want the fixed 2000-01-01T00:00:00Z", pdf, at);
        assert_null(memmem(at, left, key, sizeof key - 1)); /* one date only */
        free(s);
}

/* Same input, same bytes: PNG tiles and boards, PDF sheets and boards (fixed creation date). */
static void test_deterministic(void **state)
{
        (void)state;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_layout *lay = simulate(&l, 9);
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *p[2], *q[2], *r[2], *b[2];
        const struct tkit_set *sets[2] = {l.sets[0], l.sets[3]};
        for (int i = 0; i < 2; i++) {
                p[i] = tkit_xasprintf("%s/board%d.png", tmpdir, i);
                q[i] = tkit_xasprintf("%s/tile%d.png", tmpdir, i);
                r[i] = tkit_xasprintf("%s/sheet%d.pdf", tmpdir, i);
                b[i] = tkit_xasprintf("%s/board%d.pdf", tmpdir, i);
                assert_int_equal(tkit_render_board(lay, NULL, p[i], TKIT_IMAGE_AUTO, &d), 0);
                assert_int_equal(tkit_render_tile_file(&l.sets[0]->tiles[3], 2, 200,
                                                       TKIT_RENDER_DEBUG, q[i], TKIT_IMAGE_AUTO,
                                                       &d),
                                 0);
                assert_int_equal(tkit_render_sheet(sets, 2, NULL, r[i], NULL, &d), 0);
                assert_int_equal(tkit_render_board(lay, NULL, b[i], TKIT_IMAGE_AUTO, &d), 0);
        }
        assert_same_file(p[0], p[1]);
        assert_same_file(q[0], q[1]);
        assert_same_file(r[0], r[1]);
        assert_same_file(b[0], b[1]);
        assert_fixed_date(r[0]);
        assert_fixed_date(b[0]);
        for (int i = 0; i < 2; i++) {
                free(p[i]);
                free(q[i]);
                free(r[i]);
                free(b[i]);
        }
        tkit_diags_finish(&d);
        tkit_layout_destroy(lay);
        tkit_setlist_finish(&l);
}

static void test_bad_output(void **state)
{
        (void)state;
        struct tkit_tile t;
        make_d(&t);
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_int_equal(
            tkit_render_tile_file(&t, 0, 64, 0, "/nonexistent/dir/x.png", TKIT_IMAGE_AUTO, &d),
            TKIT_E_IO);
        assert_int_equal(tkit_render_tile_file(&t, 0, 64, 0, "x.gif", TKIT_IMAGE_AUTO, &d),
                         TKIT_E_USAGE);
        assert_int_equal(tkit_render_tile_file(&t, 0, 2, 0, "x.png", TKIT_IMAGE_AUTO, &d),
                         TKIT_E_USAGE);
        assert_true(d.errors >= 3);
        assert_int_equal(tkit_image_format_from_path("a.PNG"), TKIT_IMAGE_PNG);
        assert_int_equal(tkit_image_format_from_path("a.svg"), TKIT_IMAGE_SVG);
        assert_int_equal(tkit_image_format_from_path("a"), TKIT_IMAGE_AUTO);
        assert_int_equal(tkit_label_parse("id,set"), TKIT_LABEL_ID | TKIT_LABEL_SET);
        assert_int_equal(tkit_label_parse("none"), 0);
        assert_int_equal(tkit_label_parse("id,bogus"), -1);
        assert_int_equal(tkit_paper_parse("Letter"), TKIT_PAPER_LETTER);
        assert_int_equal(tkit_paper_parse("a5"), -1);
        tkit_diags_finish(&d);
        tkit_tile_finish(&t);
}

/* ---------------------------------------------------------------- the command line */

/* Runs a command line (words, '...' quoted; the first is the program) through tkit_run() of
 * tests/support, its output dropped; returns the exit status. */
static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run(const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *line = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        struct tkit_run r = {0};
        int st = tkit_run_line(&r, NULL, "%s", line);
        tkit_run_finish(&r);
        free(line);
        return st;
}

static void test_cli(void **state)
{
        (void)state;
        const char *exe = tkit_test_env("TKIT_EXE");
        const char *dir = tkit_test_env("TKIT_TILESETS");
        char png[512], pdf[512], svg[512]; /* no heap: a failed assertion leaks nothing */
        snprintf(png, sizeof png, "%s/cli.png", tmpdir);
        snprintf(pdf, sizeof pdf, "%s/cli.pdf", tmpdir);
        snprintf(svg, sizeof svg, "%s/cli.svg", tmpdir);
        assert_int_equal(
            run("'%s' render tile D --tiles '%s/base.xml' --rotation 90 -o '%s'", exe, dir, png),
            0);
        cairo_surface_t *s = cairo_image_surface_create_from_png(png);
        assert_int_equal(cairo_image_surface_get_width(s), 256);
        /* D turned 90°: the city is on the east side */
        assert_int_equal(pixel(s, 250, 128), tkit_render_color(TKIT_COLOR_CITY));
        cairo_surface_destroy(s);
        /* a piece: one 64 px square per cell, 2 wide and 3 high */
        assert_int_equal(run("'%s' render tile fortress-west --tiles '%s/siege-defense.xml' "
                             "--px 64 -o '%s'",
                             exe, dir, png),
                         0);
        s = cairo_image_surface_create_from_png(png);
        assert_int_equal(cairo_image_surface_get_width(s), 128);
        assert_int_equal(cairo_image_surface_get_height(s), 192);
        cairo_surface_destroy(s);
        assert_int_equal(run("'%s' render tile ZZ --tiles '%s/base.xml' -o '%s'", exe, dir, png),
                         1);
        assert_int_equal(
            run("'%s' render tile D --tiles '%s/base.xml' --rotation 45 -o '%s'", exe, dir, png),
            2);
        assert_int_equal(run("'%s' render sheet --tiles '%s/base.xml' --tiles '%s/river.xml' "
                             "--set base,river --lang uk --paper letter -o '%s'",
                             exe, dir, dir, pdf),
                         0);
        assert_int_equal(
            run("'%s' render sheet --tiles '%s/base.xml' --lang xx -o '%s'", exe, dir, pdf), 2);
        /* no such set: 1, as everywhere (a data problem, not a usage one) */
        assert_int_equal(
            run("'%s' render sheet --tiles '%s/base.xml' --set nope -o '%s'", exe, dir, pdf), 1);
        assert_int_equal(
            run("'%s' render board --tiles '%s/base.xml' --seed 4 --px 32 -o '%s'", exe, dir, svg),
            0);
        assert_int_equal(run("'%s' render board --tiles '%s/base.xml' -o '%s'", exe, dir, svg), 2);
        char json[512];
        snprintf(json, sizeof json, "%s/layout.json", tmpdir);
        FILE *jf = fopen(json, "w");
        assert_non_null(jf);
        fputs(layout_json, jf);
        fclose(jf);
        assert_int_equal(run("'%s' render board --layout '%s' --tiles '%s/base.xml' -o '%s'", exe,
                             json, dir, png),
                         0);
        assert_int_equal(run("'%s' render board --layout '%s' --tiles '%s/river.xml' -o '%s'", exe,
                             json, dir, png),
                         1);
        assert_int_equal(run("'%s' render frobnicate", exe), 2);
        assert_int_equal(run("'%s' render --help", exe), 0);
        assert_int_equal(run("'%s' render sheet --tiles /nonexistent.xml -o '%s'", exe, pdf), 2);
}

/* JCloisterZone's base set (the vendored copy) through its reader. */
static void test_jcz_sheet(void **state)
{
        (void)state;
        const char *path = tkit_test_env("TKIT_JCZ_BASIC");
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_read_file(path, TKIT_FORMAT_AUTO, &l, &d);
        if (rc)
                tkit_diags_write(&d, stderr, false);
        assert_int_equal(rc, 0);
        assert_int_equal(l.n, 2); /* basic:1 and basic:2 */
        char *pdf = tmp_path("jcz.pdf");
        int pages = 0;
        assert_int_equal(
            tkit_render_sheet((const struct tkit_set *const *)l.sets, l.n, NULL, pdf, &pages, &d),
            0);
        assert_true(pages >= 2);
        free(pdf);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_palette),
            cmocka_unit_test(test_pdf_lang),
            cmocka_unit_test(test_render_cache),
            cmocka_unit_test(test_tile_d_rotations),
            cmocka_unit_test(test_city_joined_or_separate),
            cmocka_unit_test(test_reconstructed_marker),
            cmocka_unit_test(test_debug_regions),
            cmocka_unit_test(test_piece),
            cmocka_unit_test(test_bundled_tiles_sides),
            cmocka_unit_test(test_sheet_pages),
            cmocka_unit_test(test_sheet_real_size),
            cmocka_unit_test(test_sheet_languages),
            cmocka_unit_test(test_sheet_post_rows),
            cmocka_unit_test(test_board_sides),
            cmocka_unit_test(test_board_discards),
            cmocka_unit_test(test_illustrations_are_pictures),
            cmocka_unit_test(test_barn_castle_colours),
            cmocka_unit_test(test_figure_halo),
            cmocka_unit_test(test_svg_parses),
            cmocka_unit_test(test_deterministic),
            cmocka_unit_test(test_bad_output),
            cmocka_unit_test(test_cli),
            cmocka_unit_test(test_jcz_sheet),
            cmocka_unit_test(test_sheet_no_english),
            cmocka_unit_test(test_board_words),
        };
        int rc = cmocka_run_group_tests(tests, setup_tmp, teardown_tmp);
        tkit_render_cleanup();
        return tkit_test_status(rc);
}
