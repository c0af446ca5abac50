/* Tests of scene pictures (render/scene.c): scenes built in code with the model's adders and
 * engine results built by hand. At each figure's spot the picture shows its player's colour and
 * the spot lies inside its feature's area on that tile (by the area map and by the colour of the
 * bare tile art there); no two figures' boxes overlap; badges carry the points of the result;
 * the caption and legend of each language are in the PDF (pdftotext) and the SVG; output is
 * byte-identical from run to run.
 * Environment: TKIT_TILESETS (the bundled tilesets/), TKIT_SCENES (scenes/), TKIT_EXE (the
 * tilekit binary); pdftotext from $PATH (optional),
 * TKIT_SCENE_DUMP (optional: a folder where the pictures are left for a look). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "render/render-private.h" /* the feature under a badge: tkit_area_map */
#include "render/tkit-render.h"
#include "tkit-test.h"

static struct tkit_setlist sets;
static char *tmpdir;

static int setup(void **state)
{
        (void)state;
        tkit_test_sets_load(&sets, NULL);
        tmpdir = make_temp_dir();
        return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
        (void)state;
        tkit_setlist_finish(&sets);
        remove_tree(tmpdir);
        free(tmpdir);
        tkit_render_cleanup(); /* fontconfig's caches: a clean exit for leak checkers */
        return 0;
}

static char *out_path(const char *name)
{
        const char *dump = getenv("TKIT_SCENE_DUMP");
        return tkit_xasprintf("%s/%s", dump && *dump ? dump : tmpdir, name);
}

/* ---------------------------------------------------------------- scenes built in code */

/* Results are built by hand here, without the engine. */
static void result_init(struct tkit_game_result *r)
{
        memset(r, 0, sizeof *r);
}

static void result_finish(struct tkit_game_result *r)
{
        for (size_t i = 0; i < r->nevents; i++)
                free(r->events[i].places);
        free(r->events);
        tkit_scene_destroy(r->after);
}

static void tile(struct tkit_scene *s, const char *set, const char *id, int x, int y, int rot)
{
        struct tkit_scene_tile *t = tkit_scene_add_tile(s, set, id);
        t->x = x;
        t->y = y;
        t->rotation = rot;
}

static void figure(struct tkit_scene *s, int player, enum tkit_figure_kind k, int x, int y,
                   const char *feature)
{
        struct tkit_scene_figure *f = tkit_scene_add_figure(s);
        f->player = player;
        f->kind = k;
        f->x = x;
        f->y = y;
        f->feature = tkit_xstrdup(feature);
}

static struct tkit_game_event *event(struct tkit_game_result *r, enum tkit_game_event_kind k,
                                     int player, int points)
{
        struct tkit_game_event *e = TKIT_PUSH(r->events, r->nevents, r->capevents);
        memset(e, 0, sizeof *e);
        e->kind = k;
        e->phase = TKIT_PHASE_SCORE;
        e->player = player;
        e->points = points;
        e->post = -1;
        e->figure = -1;
        return e;
}

static void place(struct tkit_game_event *e, int x, int y, int feature)
{
        e->places = realloc(e->places, (e->nplaces + 1) * sizeof *e->places);
        e->places[e->nplaces++] = (struct tkit_game_place){x, y, feature};
}

/* Base game: Red places tile W east of a road that Blue holds and completes it (3 points); a
 * city of two tiles held by Red is complete (4 points); farmers, an abbot, a big meeple and a
 * pig stand around. */
static struct tkit_scene *road_scene(struct tkit_game_result *r)
{
        struct tkit_scene *s = tkit_scene_create("test-road");
        tkit_scene_add_set(s, "base");
        tkit_scene_add_player(s, "blue", "blue");
        tkit_scene_add_player(s, "you", "red");
        tile(s, "base", "L", -1, 0, 90);
        tile(s, "base", "D", 0, 0, 0);
        tile(s, "base", "U", 1, 0, 90);
        tile(s, "base", "E", 0, -1, 180);
        tile(s, "base", "A", 1, 1, 180);
        tile(s, "base", "B", -1, 1, 0);
        figure(s, 0, TKIT_FIGURE_MEEPLE, 0, 0, "r");
        figure(s, 1, TKIT_FIGURE_MEEPLE, 0, -1, "c");
        figure(s, 1, TKIT_FIGURE_BIG_MEEPLE, 0, 0, "c");
        figure(s, 0, TKIT_FIGURE_MEEPLE, 0, 0, "f2");
        figure(s, 1, TKIT_FIGURE_MEEPLE, 1, 0, "f1");
        figure(s, 1, TKIT_FIGURE_ABBOT, 1, 1, "cloister");
        figure(s, 0, TKIT_FIGURE_PIG, 0, 0, "f2");
        figure(s, 0, TKIT_FIGURE_MEEPLE, -1, 1, "m");
        s->move.kind = TKIT_MOVE_TILE;
        s->move.player = 1;
        s->move.placed.tile = tkit_xstrdup("W");
        s->move.placed.set = tkit_xstrdup("base");
        s->move.placed.x = 2;
        s->move.placed.y = 0;
        s->move.has_figure = true;
        s->move.figure.kind = TKIT_FIGURE_MEEPLE;
        s->move.figure.feature = tkit_xstrdup("f1");
        tkit_scene_add_caption(s, "en", "Red completes Blue's road: 3 points for Blue.");
        tkit_scene_add_caption(s, "ro", "Roșu completează drumul lui Albastru: 3 puncte.");
        tkit_scene_add_caption(s, "cs", "Červený dokončí cestu Modrého: 3 body.");
        tkit_scene_add_caption(s, "uk", "Червоний завершує дорогу Синього: 3 очки.");
        struct tkit_scene_callout *c = tkit_scene_add_callout(s);
        c->number = 1;
        c->x = 2;
        c->y = 0;
        tkit_scene_callout_add_text(c, "en", "The tile just placed");
        tkit_scene_callout_add_text(c, "ro", "Cartonașul tocmai plasat");
        tkit_scene_callout_add_text(c, "cs", "Právě přiložená kartička");
        tkit_scene_callout_add_text(c, "uk", "Щойно викладена плитка");
        result_init(r);
        struct tkit_game_event *e = event(r, TKIT_EV_SCORE, 0, 3);
        e->feature_kind = TKIT_ROAD;
        e->rule = TKIT_GR_SCORE_ROAD;
        e->n.tiles = 4;
        place(e, 0, 0, 1);
        place(e, 1, 0, 0);
        place(e, 2, 0, 2);
        place(e, -1, 0, 2);
        e = event(r, TKIT_EV_SCORE, 1, 12);
        e->feature_kind = TKIT_CITY;
        place(e, 0, 0, 0);
        place(e, 0, -1, 0);
        event(r, TKIT_EV_RETURN, 0, 0)->figure = 0;
        r->after = tkit_scene_copy(s);
        return s;
}

/* Castles & Bridges and Siege & Defense: a castle over a 2-tile city with a maiden, a barn with
 * its farmer, a bridge, the fortress posts with meeples, a tall stack and a catapult. */
static struct tkit_scene *token_scene(struct tkit_game_result *r)
{
        struct tkit_scene *s = tkit_scene_create("test-tokens");
        tkit_scene_add_set(s, "base");
        tkit_scene_add_set(s, "castles-bridges");
        tkit_scene_add_set(s, "siege-defense");
        tkit_scene_add_player(s, "blue", "blue");
        tkit_scene_add_player(s, "yellow", "yellow");
        tkit_scene_add_player(s, "green", "green");
        tile(s, "base", "E", 0, 0, 0);
        tile(s, "base", "E", 0, -1, 180);
        tile(s, "base", "U", 1, 0, 0);
        tile(s, "base", "U", 1, -1, 0);
        tile(s, "base", "E", 0, 1, 180);
        tile(s, "base", "V", 1, 1, 0);
        s->tiles[3].bridge = 2;
        struct tkit_scene_castle *k = tkit_scene_add_castle(s, "k1");
        k->x = 0;
        k->y = 0;
        k->feature = tkit_xstrdup("c");
        struct tkit_scene_barn *b = tkit_scene_add_barn(s, "b1");
        b->x = 1;
        b->y = 1;
        struct tkit_scene_figure *f = tkit_scene_add_figure(s);
        f->player = 1;
        f->at = TKIT_AT_CASTLE;
        f->castle = 0;
        f = tkit_scene_add_figure(s);
        f->player = 0;
        f->at = TKIT_AT_BARN;
        f->barn = 0;
        figure(s, 2, TKIT_FIGURE_MEEPLE, 1, -1, "bridge");
        figure(s, 0, TKIT_FIGURE_MEEPLE, 1, 0, "r");
        figure(s, 2, TKIT_FIGURE_MEEPLE, 1, 0, "r");
        struct tkit_scene_post *p = tkit_scene_add_post(s, TKIT_POST_KNIGHTS);
        int row[] = {0, -1, 2, 1};
        for (size_t i = 0; i < 4; i++)
                tkit_scene_post_push_row(p, row[i]);
        for (int i = 0; i < 5; i++)
                tkit_scene_post_push_stack(p, i % 3);
        p->catapult = true;
        p = tkit_scene_add_post(s, TKIT_POST_MONKS);
        tkit_scene_post_push_row(p, 2);
        tkit_scene_post_push_stack(p, 1);
        tkit_scene_add_caption(s, "en", "A castle, a barn, a bridge and the fortress posts.");
        result_init(r);
        struct tkit_game_event *e = event(r, TKIT_EV_SCORE, 0, 2);
        e->feature_kind = TKIT_ROAD;
        place(e, 1, 0, 0);
        place(e, 1, -1, 0);
        e = event(r, TKIT_EV_SCORE, 2, 2);
        e->feature_kind = TKIT_ROAD;
        place(e, 1, 0, 0);
        place(e, 1, -1, 0);
        e = event(r, TKIT_EV_BUILD, 1, 0);
        e->rule = TKIT_GR_CASTLE_BUILD;
        e->build = TKIT_BUILD_CASTLE;
        r->after = tkit_scene_copy(s);
        return s;
}

/* ---------------------------------------------------------------- checks */

static int render(const struct tkit_scene *s, const struct tkit_game_result *r,
                  const struct tkit_scene_render_options *o, const char *path,
                  struct tkit_scene_picture *pic)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_render_scene(s, r, sets.sets, sets.n, o, path, TKIT_IMAGE_AUTO, pic, &d);
        tkit_test_print_diags(&d);
        tkit_diags_finish(&d);
        return rc;
}

/* The picture map of `s` as tkit_render_scene() would make it, without a file: drawn into a 1 x 1
 * surface (the map is made before anything is drawn, the same for every format but for the
 * PNG's size rounded to whole pixels). For the checks that read no pixel. */
static int picture_map(const struct tkit_scene *s, const struct tkit_game_result *r,
                       const struct tkit_scene_render_options *o, struct tkit_scene_picture *pic)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *cr = cairo_create(surface);
        int rc = tkit_render_scene_cairo(cr, s, r, sets.sets, sets.n, o, pic, &d);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        tkit_test_print_diags(&d);
        tkit_diags_finish(&d);
        return rc;
}

static uint32_t pixel(cairo_surface_t *s, double x, double y)
{
        const unsigned char *data = cairo_image_surface_get_data(s);
        int stride = cairo_image_surface_get_stride(s);
        uint32_t v;
        memcpy(&v, data + (size_t)y * (size_t)stride + (size_t)x * 4, 4);
        return v & 0xffffffu;
}

static int player_colour(const struct tkit_scene *s, int player)
{
        return tkit_colour_parse(s->players[player].colour);
}

/* The colour of the bare tile art at (u, v) of tile t turned rot. */
static uint32_t art_colour(const struct tkit_tile *t, int rot, double u, double v)
{
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 200);
        cairo_t *cr = cairo_create(s);
        tkit_render_tile(cr, t, rot, 0, 0, 200, 0, TKIT_RENDER_NO_BADGES);
        cairo_destroy(cr);
        cairo_surface_flush(s);
        uint32_t c = pixel(s, u * 200, v * 200);
        cairo_surface_destroy(s);
        return c;
}

static bool near_rgb(uint32_t a, uint32_t b, int tol)
{
        for (int sh = 0; sh < 24; sh += 8) {
                int d = (int)((a >> sh) & 0xff) - (int)((b >> sh) & 0xff);
                if (d < -tol || d > tol)
                        return false;
        }
        return true;
}

/* A cloister or garden: a feature with no place on the tile's edge that is no field. */
static bool inner_feature(const struct tkit_tile *t, int f)
{
        return t->features[f].mask == 0 && t->features[f].kind != TKIT_FIELD;
}

/* A figure on a cloister or garden stands beside its building: its box touches the building's
 * box (within a tenth of the figure's width, a third with the ring of a new figure or a choice)
 * and covers none of it. */
static void check_beside(const struct tkit_scene_picture *pic, const struct tkit_scene_mark *m,
                         size_t i)
{
        const struct tkit_scene_mark *b = NULL;
        for (size_t k = 0; k < pic->nmarks && !b; k++)
                if (pic->marks[k].kind == TKIT_MARK_SYMBOL && pic->marks[k].feature == m->feature &&
                    pic->marks[k].cell_x == m->cell_x && pic->marks[k].cell_y == m->cell_y)
                        b = &pic->marks[k];
        if (!b)
                fail_msg("figure %zu: no building of its feature in the picture map", i);
        if (m->x0 < b->x1 && b->x0 < m->x1 && m->y0 < b->y1 && b->y0 < m->y1)
                fail_msg("figure %zu covers the %s it stands by", i, b->what);
        double dx = fmax(0, fmax(m->x0 - b->x1, b->x0 - m->x1));
        double dy = fmax(0, fmax(m->y0 - b->y1, b->y0 - m->y1));
        if (hypot(dx, dy) > (m->x1 - m->x0) * (m->is_new || m->choice ? 0.34 : 0.1))
                fail_msg("figure %zu stands %.1f away from its %s", i, hypot(dx, dy), b->what);
}

static void check_figures(const struct tkit_scene *s, const struct tkit_scene_picture *pic,
                          const char *png, size_t want)
{
        print_message("%s\n", s->id);
        cairo_surface_t *img = cairo_image_surface_create_from_png(png);
        assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
        cairo_surface_flush(img);
        size_t n = 0;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *m = &pic->marks[i];
                if (m->kind != TKIT_MARK_FIGURE && m->kind != TKIT_MARK_POST)
                        continue;
                n++;
                uint32_t want_rgb = tkit_render_player_rgb(player_colour(s, m->player));
                uint32_t got = pixel(img, m->probe_x, m->probe_y);
                if (!near_rgb(got, want_rgb, 2))
                        fail_msg(
                            "figure %zu of player %d (%s): colour %06x at its probe %.1f,%.1f, "
                            "want %06x",
                            i, m->player, m->kind == TKIT_MARK_POST ? "at a post" : "on the board",
                            got, m->probe_x, m->probe_y, want_rgb);
                if (m->kind == TKIT_MARK_FIGURE && m->tile && m->feature >= 0 &&
                    inner_feature(m->tile, m->feature)) {
                        check_beside(pic, m, i);
                } else if (m->kind == TKIT_MARK_FIGURE && m->tile && m->feature >= 0) {
                        assert_int_equal(tkit_render_feature_at(m->tile, m->rotation, m->u, m->v),
                                         m->feature);
                        /* the bare art there is what the feature is drawn in */
                        enum tkit_feature_kind k = m->tile->features[m->feature].kind;
                        uint32_t art = art_colour(m->tile, m->rotation, m->u, m->v);
                        uint32_t wantc = tkit_render_color(k == TKIT_CITY   ? TKIT_COLOR_CITY
                                                           : k == TKIT_ROAD ? TKIT_COLOR_ROAD
                                                                            : TKIT_COLOR_FIELD);
                        if (k == TKIT_CITY || k == TKIT_ROAD || k == TKIT_FIELD)
                                if (!near_rgb(art, wantc, 8))
                                        fail_msg("figure %zu stands on %06x, not on its %s (%06x)",
                                                 i, art, tkit_feature_kind_name(k), wantc);
                }
                for (size_t j = 0; j < i; j++) {
                        const struct tkit_scene_mark *o = &pic->marks[j];
                        if (o->kind != TKIT_MARK_FIGURE || m->kind != TKIT_MARK_FIGURE)
                                continue;
                        if (m->x0 < o->x1 && o->x0 < m->x1 && m->y0 < o->y1 && o->y0 < m->y1)
                                fail_msg("figures %zu and %zu overlap", j, i);
                }
        }
        assert_int_equal(n, want);
        cairo_surface_destroy(img);
}

static void test_road_figures(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_scene *s = road_scene(&r);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.px = 200;
        struct tkit_scene_picture pic;
        char *png = out_path("road.png");
        assert_int_equal(render(s, &r, &o, png, &pic), 0);
        check_figures(s, &pic, png, 9); /* 8 on the board and the one placed */
        /* badges carry the result's points, in the scorer's colour */
        int badges = 0;
        for (size_t i = 0; i < pic.nmarks; i++)
                if (pic.marks[i].kind == TKIT_MARK_BADGE) {
                        badges++;
                        assert_int_equal(pic.marks[i].points, pic.marks[i].player ? 12 : 3);
                }
        assert_int_equal(badges, 2);
        tkit_scene_picture_finish(&pic);
        free(png);
        tkit_scene_destroy(s);
        result_finish(&r);
}

static void test_tokens_and_posts(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_scene *s = token_scene(&r);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.px = 160;
        struct tkit_scene_picture pic;
        char *png = out_path("tokens.png");
        assert_int_equal(render(s, &r, &o, png, &pic), 0);
        /* 5 on the board, 3 in the knights row, 3 of its stack of 5 shown, 1 + 1 at the monks */
        check_figures(s, &pic, png, 13);
        int tokens = 0, catapults = 0;
        for (size_t i = 0; i < pic.nmarks; i++) {
                tokens += pic.marks[i].kind == TKIT_MARK_TOKEN && pic.marks[i].post < 0;
                catapults += pic.marks[i].kind == TKIT_MARK_TOKEN && pic.marks[i].post >= 0;
        }
        assert_int_equal(tokens, 2);    /* the castle and the barn */
        assert_int_equal(catapults, 1); /* at the knights' post */
        tkit_scene_picture_finish(&pic);
        free(png);
        tkit_scene_destroy(s);
        result_finish(&r);
}

/* 15 mm tiles at 96 dpi: the figures still show their colours where the probes say. */
static void test_small_tiles(void **state)
{
        (void)state;
        struct tkit_game_result r[2];
        struct tkit_scene *s[2] = {road_scene(&r[0]), token_scene(&r[1])};
        static const size_t want[2] = {9, 13};
        for (int i = 0; i < 2; i++) {
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.px = 15 / 25.4 * 96;
                struct tkit_scene_picture pic;
                char *png = out_path(i ? "tokens-15mm.png" : "road-15mm.png");
                assert_int_equal(render(s[i], &r[i], &o, png, &pic), 0);
                check_figures(s[i], &pic, png, want[i]);
                tkit_scene_picture_finish(&pic);
                free(png);
                tkit_scene_destroy(s[i]);
                result_finish(&r[i]);
        }
}

/* Whitespace runs (pdftotext breaks lines where the picture wraps them) become one space. */
static char *squeeze(const char *t)
{
        char *o = tkit_xmalloc(strlen(t) + 1), *q = o;
        for (; *t; t++) {
                bool sp = *t == ' ' || *t == '\n' || *t == '\t' || *t == '\f';
                if (!sp || (q > o && q[-1] != ' '))
                        *q++ = sp ? ' ' : *t;
        }
        *q = 0;
        return o;
}

static void assert_has(const char *hay, const char *needle, const char *what)
{
        char *h = squeeze(hay);
        if (!strstr(h, needle))
                fail_msg("%s: '%s' not found", what, needle);
        free(h);
}

static const char *const langs[4] = {"en", "ro", "cs", "uk"};
/* the sentence text/ gives the road's score: the same as `tilekit score --lang` prints */
static const char *const legend[4] = {
    "Blue scores 3 points for the road (4 tiles).",
    "Jucătorul albastru încasează 3 puncte pentru drum (4 cartonașe).",
    "Modrý hráč získá 3 body za cestu (4 kartičky).",
    "Синій гравець отримує 3 очки за дорогу (4 плитки)."};

/* Renders the road scene in each language as `ext` and checks its text (read by `text_of`) for
 * the caption and a legend line of that language. */
static void check_languages(const char *ext, char *(*text_of)(const char *path))
{
        struct tkit_game_result r;
        struct tkit_scene *s = road_scene(&r);
        char *name = tkit_xasprintf("lang.%s", ext), *path = out_path(name);
        for (int i = 0; i < 4; i++) {
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.lang = langs[i];
                assert_int_equal(render(s, &r, &o, path, NULL), 0);
                char *text = text_of(path);
                assert_non_null(text);
                assert_has(text, tkit_scene_caption(s, langs[i]), ext);
                assert_has(text, legend[i], ext);
                free(text);
                if (strcmp(ext, "pdf") == 0) { /* and its language in the catalog */
                        size_t n;
                        char *raw = read_all(path, &n),
                             *want = tkit_xasprintf("/Lang (%s)", langs[i]);
                        if (!tkit_test_has_bytes(raw, n, want))
                                fail_msg("%s: no %s in the PDF", langs[i], want);
                        free(want);
                        free(raw);
                }
        }
        free(name);
        free(path);
        tkit_scene_destroy(s);
        result_finish(&r);
}

static char *svg_text(const char *path)
{
        return read_all(path, NULL);
}

static char *pdf_text(const char *path)
{
        char *cmd = tkit_xasprintf("'%s' -enc UTF-8 '%s' -", tkit_test_tool("pdftotext"), path);
        char *text = NULL;
        assert_int_equal(run_shell(cmd, &text), 0);
        free(cmd);
        return text;
}

/* The caption and a legend line of each language in the SVG's title and description. */
static void test_languages_svg(void **state)
{
        (void)state;
        check_languages("svg", svg_text);
}

/* The same in the PDF's text (pdftotext). */
static void test_languages_pdf(void **state)
{
        (void)state;
        tkit_test_tool("pdftotext"); /* skips when poppler-utils is not installed */
        check_languages("pdf", pdf_text);
}

/* Pixels of an inn's sign (its amber board, tile.c draw_inn) on tile `t` drawn at 160 px
 * turned `rot`; their centre in tile units. */
static int inn_sign(const struct tkit_tile *t, int rot, double *u, double *v)
{
        enum { N = 160 };
        cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, N, N);
        cairo_t *cr = cairo_create(img);
        tkit_render_tile(cr, t, rot, 0, 0, N, 0, 0);
        cairo_destroy(cr);
        cairo_surface_flush(img);
        int n = 0;
        double su = 0, sv = 0;
        for (int y = 0; y < N; y++)
                for (int x = 0; x < N; x++) {
                        uint32_t c = pixel(img, x, y);
                        int r = (int)(c >> 16 & 0xff), g = (int)(c >> 8 & 0xff),
                            b = (int)(c & 0xff);
                        if (r > 215 && g > 150 && g < 195 && b < 80) {
                                n++;
                                su += x + 0.5;
                                sv += y + 0.5;
                        }
                }
        cairo_surface_destroy(img);
        *u = n ? su / n / N : 0;
        *v = n ? sv / n / N : 0;
        return n;
}

/* Every road with an inn (JCloisterZone's Inns & Cathedrals) shows one, in every turn, and
 * no figure may stand on it (the area map has no feature there); the same tile without the inn
 * shows none. */
static void test_inns(void **state)
{
        (void)state;
        int inns = 0;
        for (size_t i = 0; i < sets.n; i++)
                for (size_t k = 0; k < sets.sets[i]->ntiles; k++) {
                        const struct tkit_tile *t = &sets.sets[i]->tiles[k];
                        bool inn = false;
                        for (size_t f = 0; f < t->nfeatures; f++)
                                inn |= t->features[f].inn;
                        if (!inn)
                                continue;
                        inns++;
                        for (int rot = 0; rot < 4; rot++) {
                                double u, v;
                                if (inn_sign(t, rot, &u, &v) < 4)
                                        fail_msg("%s turned %d: no inn drawn", t->id, rot);
                                if (tkit_render_feature_at(t, rot, u, v) != -1)
                                        fail_msg("%s turned %d: a figure spot on the inn", t->id,
                                                 rot);
                        }
                        struct tkit_tile plain = *t;
                        plain.features = tkit_xmalloc(t->nfeatures * sizeof *t->features);
                        memcpy(plain.features, t->features, t->nfeatures * sizeof *t->features);
                        for (size_t f = 0; f < t->nfeatures; f++)
                                plain.features[f].inn = false;
                        double u, v;
                        if (inn_sign(&plain, 0, &u, &v))
                                fail_msg("%s without its inn: an inn drawn", t->id);
                        free(plain.features);
                }
        assert_true(inns >= 6); /* the 6 inn tiles of Inns & Cathedrals */
}

/* Scene file `name` of scenes/, read and applied by the engine. */
static struct tkit_scene *applied_scene(const char *name, struct tkit_game_result *r)
{
        char *file = tkit_xasprintf("%s/%s", tkit_test_env("TKIT_SCENES"), name);
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s = tkit_scene_read_file(file, &d, NULL);
        assert_non_null(s);
        tkit_game_result_init(r);
        assert_int_equal(tkit_game_apply(s, sets.sets, sets.n, false, r, &d), 0);
        tkit_diags_finish(&d);
        free(file);
        return s;
}

/* The legend of scene file `name` of scenes/ in `lang`, as the SVG's text. */
static char *scene_legend(const char *name, const char *lang)
{
        struct tkit_game_result r;
        struct tkit_scene *s = applied_scene(name, &r);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.lang = lang;
        char *path = out_path("words.svg");
        assert_int_equal(render(s, &r, &o, path, NULL), 0);
        char *text = svg_text(path);
        assert_non_null(text);
        free(path);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        return text;
}

/* A picture's title is its whole caption, however many lines it takes under the picture: the
 * SVG's <title> (the legend in <desc>) and the PDF's Title (S&D 8: four lines at 45 mm). */
static void test_titles(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_scene *s = applied_scene("sd-example-8.xml", &r);
        const char *cap = tkit_scene_caption(s, "en");
        struct tkit_buf want;
        tkit_buf_init(&want);
        tkit_buf_puts(&want, "<title>");
        tkit_buf_put_escaped(&want, cap, TKIT_ESC_XML_TEXT);
        tkit_buf_puts(&want, "</title> <desc>"); /* assert_has squeezes white space */
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        char *svg = out_path("title.svg"), *pdf = out_path("title.pdf");
        assert_int_equal(render(s, &r, &o, svg, NULL), 0);
        char *text = read_all(svg, NULL);
        assert_has(text, want.data, "svg");
        free(text);
        assert_int_equal(render(s, &r, &o, pdf, NULL), 0);
        char *cmd = tkit_xasprintf("'%s' -enc UTF-8 '%s'", tkit_test_tool("pdfinfo"), pdf);
        char *info = NULL;
        assert_int_equal(run_shell(cmd, &info), 0);
        char *title = tkit_xasprintf("Title: %s Creator", cap);
        assert_has(info, title, "pdf");
        free(title);
        free(info);
        free(cmd);
        free(svg);
        free(pdf);
        tkit_buf_finish(&want);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* The legend speaks the rulebooks' words (Romanian: Castles & Bridges and Siege & Defense C3.1;
 * Czech: Siege & Defense C3.1; Ukrainian: the scenes' captions), and never the words the
 * reviewers struck out. */
static void test_vocabulary(void **state)
{
        (void)state;
        static const char *const want[][3] = {
            {"cb-example-4.xml", "ro", "Construiești o cetate"},
            {"cb-example-4.xml", "ro", "Cavalerul jucătorului albastru devine domniță"},
            {"cb-example-4.xml", "cs", "Rytíř modrého hráče se stává dvorní dámou"},
            {"cb-example-4.xml", "uk", "Лицар синього гравця стає панною"},
            {"cb-example-8.xml", "ro", "Fermierul tău se mută pe hambar"},
            {"cb-example-8.xml", "cs", "Sedlák červeného hráče přechází na stodolu"},
            {"cb-example-8.xml", "uk", "Ви будуєте комору"},
            {"sd-example-10.xml", "ro", "postul de apărare al călugărilor și abaților"},
            {"sd-example-10.xml", "cs", "hradby mnichů a opatů"},
            {"sd-example-10.xml", "uk", "аванпосту монахів і абатів"},
            {"own-attack-protect-post.xml", "cs", "hradby lupičů"},
            {"own-attack-removal.xml", "ro", "se întoarce în rezerva jucătorului galben"},
            {"own-attack-removal.xml", "uk", "повернуто до запасу жовтого гравця"},
            {"own-abbot-recall.xml", "ro", "Îți retragi abatele"},
            {"own-end-incomplete.xml", "ro", "la evaluarea finală"},
            {"own-end-incomplete.xml", "cs", "při závěrečném vyhodnocení"},
        };
        /* words the reviewers struck out: a returned figure goes to its owner's supply, never
         * "out of the game"; Romanian keeps "pion" for neutral pieces */
        static const char *const banned[] = {
            "castel", "stareț", "omuleț",  "țăran", "rolník",        "stanoviště",
            "клун",   "pionul", "din joc", "з гри", "punctaj final", "závěrečné bodování",
            "Închizi"};
        for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
                char *text = scene_legend(want[i][0], want[i][1]);
                assert_has(text, want[i][2], want[i][0]);
                for (size_t k = 0; k < sizeof banned / sizeof banned[0]; k++)
                        if (strstr(text, banned[k]))
                                fail_msg("%s (%s): '%s' in the legend", want[i][0], want[i][1],
                                         banned[k]);
                free(text);
        }
}

/* The same scene gives the same bytes. SVG only from one process to the next (cairo numbers
 * its surfaces in the file by a process-wide counter): the CLI test checks that. */
static void test_deterministic(void **state)
{
        (void)state;
        static const char *const ext[2] = {"png", "pdf"};
        struct tkit_game_result r;
        struct tkit_scene *s = token_scene(&r);
        for (int i = 0; i < 2; i++) {
                char *n1 = tkit_xasprintf("det1.%s", ext[i]),
                     *n2 = tkit_xasprintf("det2.%s", ext[i]);
                char *p1 = out_path(n1), *p2 = out_path(n2);
                assert_int_equal(render(s, &r, NULL, p1, NULL), 0);
                assert_int_equal(render(s, &r, NULL, p2, NULL), 0);
                size_t l1, l2;
                char *a = read_all(p1, &l1), *b = read_all(p2, &l2);
                assert_non_null(a);
                assert_non_null(b);
                assert_true(l1 > 100 && l1 == l2 && memcmp(a, b, l1) == 0);
                free(a);
                free(b);
                free(p1);
                free(p2);
                free(n1);
                free(n2);
        }
        tkit_scene_destroy(s);
        result_finish(&r);
}

/* Options the drawing refuses. */
static void test_refused(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_scene *s = token_scene(&r);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        char *png = out_path("refused.png");
        o.lang = "de";
        assert_int_equal(render(s, &r, &o, png, NULL), TKIT_E_USAGE);
        tkit_scene_render_options_init(&o);
        o.px = 4;
        assert_int_equal(render(s, &r, &o, png, NULL), TKIT_E_USAGE);
        tkit_scene_render_options_init(&o);
        o.state = TKIT_SCENE_AFTER;
        assert_int_equal(render(s, NULL, &o, png, NULL), TKIT_E_USAGE);
        assert_int_equal(access(png, F_OK), -1); /* nothing written */
        free(png);
        tkit_scene_destroy(s);
        result_finish(&r);
}

/* The lines of text under a picture (its legend), joined by newlines; *n their count. */
static char *legend_text(const struct tkit_scene_picture *pic, size_t *n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        *n = 0;
        for (size_t i = 0; i < pic->nmarks; i++)
                if (pic->marks[i].kind == TKIT_MARK_TEXT && pic->marks[i].text) {
                        tkit_buf_printf(&b, "%s\n", pic->marks[i].text);
                        (*n)++;
                }
        return tkit_buf_steal(&b);
}

/* --legend: full (caption, key, events, callouts), key (the caption, the key and only what
 * explains a numbered callout), none (no text at all); the drawing above is the same. */
static void test_legend_modes(void **state)
{
        (void)state;
        char *file = tkit_xasprintf("%s/cb-example-7.xml", tkit_test_env("TKIT_SCENES"));
        struct tkit_game_result r;
        struct tkit_scene *s = applied_scene("cb-example-7.xml", &r);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        char *text[3];
        size_t lines[3];
        double height[3];
        for (int k = 0; k < 3; k++) {
                o.legend = (enum tkit_scene_legend)k;
                struct tkit_scene_picture pic;
                assert_int_equal(picture_map(s, &r, &o, &pic), 0);
                text[k] = legend_text(&pic, &lines[k]);
                height[k] = pic.height;
                tkit_scene_picture_finish(&pic);
        }
        tkit_test_has(text[0], "Castles & Bridges, Example 7");
        tkit_test_has(text[0], "The city (2 tiles) is completed"); /* an event line */
        tkit_test_has(text[1], "Castles & Bridges, Example 7");
        tkit_test_has(text[1], "Players:");
        tkit_test_has(text[1], "No barn: a corner at the point"); /* callout 1's words */
        if (strstr(text[1], "is completed"))
                fail_msg("--legend key keeps an event line:\n%s", text[1]);
        assert_true(lines[0] > lines[1] && lines[1] > 0);
        assert_int_equal(lines[2], 0);
        assert_true(height[0] > height[1] && height[1] > height[2]);
        for (int k = 0; k < 3; k++)
                free(text[k]);
        assert_int_equal(tkit_scene_legend_parse("key"), TKIT_LEGEND_KEY);
        assert_int_equal(tkit_scene_legend_parse("short"), -1);
        /* the command: a wrong value is a usage error, and --no-caption is --legend none */
        const char *exe = tkit_test_env("TKIT_EXE");
        char *png = out_path("legend.png");
        struct tkit_run run = {0};
        tkit_run_expect(&run, tkit_run_line(&run, exe, "render scene '%s' --legend short -o '%s'",
                                            file, png),
                        2);
        tkit_test_has(run.err, "--legend is full, key or none");
        tkit_run_finish(&run);
        assert_int_equal(access(png, F_OK), -1);
        tkit_run_expect(&run, tkit_run_line(&run, exe, "render scene '%s' --legend none -o '%s'",
                                            file, png),
                        0);
        tkit_run_finish(&run);
        free(png);
        free(file);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* The caption and legend wrap to the drawing's width or 90 mm, the same in every language: in
 * S&D 8 at 20 mm the posts' row makes the picture wider than 90 mm in ro and cs, and the text
 * still ends within 90 mm of its left edge. */
static void test_legend_width(void **state)
{
        (void)state;
        static const char *const in[] = {"ro", "cs", "uk"};
        struct tkit_game_result r;
        struct tkit_scene *s = applied_scene("sd-example-8.xml", &r);
        for (size_t l = 0; l < sizeof in / sizeof *in; l++) {
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.px = 20.0 * 72 / 25.4;
                o.lang = in[l];
                struct tkit_scene_picture pic;
                assert_int_equal(picture_map(s, &r, &o, &pic), 0);
                double left = 1e9, right = 0, mm = 72 / 25.4;
                for (size_t i = 0; i < pic.nmarks; i++)
                        if (pic.marks[i].kind == TKIT_MARK_TEXT && pic.marks[i].post < 0) {
                                left = fmin(left, pic.marks[i].x0);
                                right = fmax(right, pic.marks[i].x1);
                        }
                assert_true(pic.width > 90 * mm); /* the case this is about */
                if (right - left > 90 * mm + 0.5)
                        fail_msg("%s: the legend is %.1f mm wide", in[l], (right - left) / mm);
                tkit_scene_picture_finish(&pic);
        }
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Background-coloured pixels just inside side `side` (0 N, 1 E, 2 S, 3 W) of a tile mark, out
 * of 40 samples along it: the teeth of a torn edge show the paper's colour, an edge where the
 * piece ends or goes on shows none. */
static int tear_pixels(cairo_surface_t *img, const struct tkit_scene_mark *t, int side)
{
        double w = t->x1 - t->x0, in = w * 0.02;
        int n = 0;
        for (int k = 1; k < 40; k++) {
                double a = w * k / 40.0;
                double x = side == 1 ? t->x1 - in : side == 3 ? t->x0 + in : t->x0 + a;
                double y = side == 0 ? t->y0 + in : side == 2 ? t->y1 - in : t->y0 + a;
                n += near_rgb(pixel(img, x, y), 0xfaf7f0, 6);
        }
        return n;
}

/* S&D 8 at 45 mm shows fortress-west's east column and the two northern rows of both pieces: the
 * crop cuts fortress-west on its west side and both pieces on their south side, with a torn
 * edge there; fortress-east's east side is the piece's own edge, and the seam between the pieces
 * is not cut. */
static void test_torn_edges(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_scene *s = applied_scene("sd-example-8.xml", &r);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.px = 128;
        struct tkit_scene_picture pic;
        char *png = out_path("torn.png");
        assert_int_equal(render(s, &r, &o, png, &pic), 0);
        cairo_surface_t *img = cairo_image_surface_create_from_png(png);
        assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
        int torn = 0, whole = 0;
        for (size_t i = 0; i < pic.nmarks; i++) {
                const struct tkit_scene_mark *t = &pic.marks[i];
                if (t->kind != TKIT_MARK_TILE || !t->tile || !strchr(t->tile->id, '@'))
                        continue;
                bool west = strncmp(t->tile->id, "fortress-west", 13) == 0;
                bool south = t->cell_y == 1;
                if (west && t->cell_x == 1) { /* cut on the west: column 0 is not shown */
                        assert_true(tear_pixels(img, t, 3) >= 4);
                        torn++;
                }
                if (south) {
                        assert_true(tear_pixels(img, t, 2) >= 4);
                        torn++;
                }
                if (!west && t->cell_x == 3) { /* the piece's own east edge */
                        assert_int_equal(tear_pixels(img, t, 1), 0);
                        whole++;
                }
                if (west) { /* the seam with fortress-east */
                        assert_int_equal(tear_pixels(img, t, 1), 0);
                        whole++;
                }
        }
        assert_true(torn >= 4 && whole >= 3);
        cairo_surface_destroy(img);
        tkit_scene_picture_finish(&pic);
        free(png);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* The scene names the cells to keep (<board show="X0 Y0 X1 Y1">): the picture shows those and no
 * other, the fortress torn where they cut it; --full shows every tile still. */
static void test_named_crop(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_scene *s = applied_scene("sd-example-8.xml", &r);
        s->has_show = true;
        const int show[4] = {2, -1, 3, 1};
        memcpy(s->show, show, sizeof show);
        for (int full = 0; full < 2; full++) {
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.full = full;
                struct tkit_scene_picture pic;
                assert_int_equal(picture_map(s, &r, &o, &pic), 0);
                size_t tiles = 0, outside = 0;
                for (size_t i = 0; i < pic.nmarks; i++) {
                        const struct tkit_scene_mark *t = &pic.marks[i];
                        if (t->kind != TKIT_MARK_TILE)
                                continue;
                        tiles++;
                        outside += t->cell_x < show[0] || t->cell_x > show[2] ||
                                   t->cell_y < show[1] || t->cell_y > show[3];
                }
                if (full) {
                        assert_int_equal(tiles, 13); /* two pieces of 6 cells and the tile */
                        assert_true(outside > 0);
                } else {
                        assert_int_equal(tiles, 5); /* the tile placed and 4 cells of one piece */
                        assert_int_equal(outside, 0);
                }
                tkit_scene_picture_finish(&pic);
        }
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* ---------------------------------------------------------------- the scenes of scenes/ */

/* Paths of the .xml files of scenes/, sorted, NULL-terminated; *n receives the count. */
static char **scene_files(size_t *n)
{
        return tkit_test_files(tkit_test_env("TKIT_SCENES"), ".xml", n);
}

/* Figures the move shown draws: on the board, the one placed, those in the posts with the meeple
 * of a post bonus (a stack shows its top three). */
static size_t figures_shown(const struct tkit_scene *s, const struct tkit_game_result *r)
{
        size_t n = s->nfigures +
                   (s->move.kind == TKIT_MOVE_TILE && !s->move.discarded && s->move.has_figure);
        for (int k = 0; k < TKIT_POST_ANY; k++) {
                size_t stack = 0;
                for (size_t i = 0; i < s->nposts; i++) {
                        if ((int)s->posts[i].kind != k)
                                continue;
                        for (size_t j = 0; j < s->posts[i].nrow; j++)
                                n += s->posts[i].row[j] >= 0;
                        stack = s->posts[i].nstack;
                }
                for (size_t i = 0; i < r->nevents; i++) {
                        const struct tkit_game_event *e = &r->events[i];
                        if (e->kind != TKIT_EV_POST || e->post != k)
                                continue;
                        n += !e->stack;
                        stack += e->stack;
                }
                n += stack > 3 ? 3 : stack;
        }
        return n;
}

static bool boxes_overlap(const struct tkit_scene_mark *a, const struct tkit_scene_mark *b)
{
        return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

/* A score with a badge: one with a place on the board, a maiden taken back (at her castle) or a
 * barn's score (at the barn). */
static bool has_badge(const struct tkit_game_event *e)
{
        return e->kind == TKIT_EV_SCORE && e->player >= 0 &&
               (e->nplaces || e->post >= 0 || e->rule == TKIT_GR_MAIDEN_TAKE ||
                e->rule == TKIT_GR_BARN_SCORE);
}

/* The figure of the scorer nearest to badge `b` among those standing on the places scored, and
 * its distance (in tile sides `P`); NULL when the scorer has no figure there. */
static const struct tkit_scene_mark *scorer_near(const struct tkit_game_event *e,
                                                 const struct tkit_scene_picture *pic,
                                                 const struct tkit_scene_mark *b, double P,
                                                 double *dist)
{
        const struct tkit_scene_mark *best = NULL;
        for (size_t k = 0; k < pic->nmarks; k++) {
                const struct tkit_scene_mark *m = &pic->marks[k];
                bool on = false;
                for (size_t i = 0; i < e->nplaces && m->kind == TKIT_MARK_FIGURE; i++)
                        on |= m->player == e->player && m->feature >= 0 &&
                              e->places[i].x == m->cell_x && e->places[i].y == m->cell_y &&
                              e->places[i].feature == m->feature;
                double dx = fmax(0, fmax(m->x0 - b->x1, b->x0 - m->x1));
                double dy = fmax(0, fmax(m->y0 - b->y1, b->y0 - m->y1));
                double d = hypot(dx, dy) / P;
                if (on && (!best || d < *dist)) {
                        best = m;
                        *dist = d;
                }
        }
        return best;
}

/* Each badge is a score of the engine, and each such score has its badge: inside the picture,
 * over no figure, and next to one of the scorer's figures on the feature when there is one. */
static void check_badges(const struct tkit_game_result *r, const struct tkit_scene_picture *pic,
                         const char *file, double P)
{
        size_t want = 0, got = 0;
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (!has_badge(e))
                        continue;
                want++;
                const struct tkit_scene_mark *b = NULL;
                for (size_t k = 0; k < pic->nmarks && !b; k++)
                        if (pic->marks[k].kind == TKIT_MARK_BADGE &&
                            pic->marks[k].player == e->player && pic->marks[k].points == e->points)
                                b = &pic->marks[k];
                if (!b)
                        fail_msg("%s: no badge %+d for player %d", file, e->points, e->player);
                double d = 0;
                if (scorer_near(e, pic, b, P, &d) && d > 0.1)
                        fail_msg("%s: badge %+d %.2f tiles from the scorer's figure", file,
                                 e->points, d);
        }
        for (size_t k = 0; k < pic->nmarks; k++) {
                const struct tkit_scene_mark *b = &pic->marks[k];
                if (b->kind != TKIT_MARK_BADGE)
                        continue;
                got++;
                if (b->x0 < 0 || b->y0 < 0 || b->x1 > pic->width || b->y1 > pic->height)
                        fail_msg("%s: badge %+d out of the picture", file, b->points);
                for (size_t f = 0; f < pic->nmarks; f++)
                        if (pic->marks[f].kind == TKIT_MARK_FIGURE &&
                            boxes_overlap(b, &pic->marks[f]))
                                fail_msg("%s: badge %+d over a figure", file, b->points);
        }
        if (got != want)
                fail_msg("%s: %zu badges for %zu scores", file, got, want);
}

/* Whether the middle of badge `b` lies on a feature scored by `e`, as the art draws it (the
 * feature's area on the tile under it; on a tile of a bridge, a cloister or a garden scored,
 * anywhere on it). */
static bool badge_on_scored(const struct tkit_game_event *e, const struct tkit_scene_picture *pic,
                            const struct tkit_scene_mark *b)
{
        double x = (b->x0 + b->x1) / 2, y = (b->y0 + b->y1) / 2;
        for (size_t k = 0; k < pic->nmarks; k++) {
                const struct tkit_scene_mark *t = &pic->marks[k];
                if (t->kind != TKIT_MARK_TILE || !t->tile || x < t->x0 || x >= t->x1 || y < t->y0 ||
                    y >= t->y1)
                        continue;
                struct tkit_area_map *map = tkit_area_map_create(t->tile, t->rotation);
                int f = tkit_area_map_feature(map, (x - t->x0) / (t->x1 - t->x0),
                                              (y - t->y0) / (t->y1 - t->y0));
                tkit_area_map_destroy(map);
                for (size_t j = 0; j < e->nplaces; j++) {
                        const struct tkit_game_place *pl = &e->places[j];
                        if (pl->x != t->cell_x || pl->y != t->cell_y)
                                continue;
                        /* -1: a bridge's deck, no feature of the art; a cloister or a garden is a
                         * building that a badge leaves visible: beside it on its tile */
                        if (pl->feature < 0 || pl->feature == f ||
                            (pl->feature < (int)t->tile->nfeatures &&
                             inner_feature(t->tile, pl->feature)))
                                return true;
                }
        }
        return false;
}

/* In the state after the move the figures scored are gone: each badge of a score with places
 * stands on the feature scored, where the points were made (it stood where a figure had been,
 * or off a road beside another badge), unless a line leads from it to the feature; beside a
 * figure of the scorer still on it (a score at the end of the game), as in the move shown. */
static void check_badges_after(const struct tkit_game_result *r,
                               const struct tkit_scene_picture *pic, const char *file, double P)
{
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (!has_badge(e) || !e->nplaces || e->rule == TKIT_GR_MAIDEN_TAKE ||
                    e->rule == TKIT_GR_BARN_SCORE)
                        continue;
                bool on = false, seen = false;
                for (size_t k = 0; k < pic->nmarks; k++) {
                        const struct tkit_scene_mark *b = &pic->marks[k];
                        if (b->kind != TKIT_MARK_BADGE || b->player != e->player ||
                            b->points != e->points)
                                continue;
                        seen = true;
                        double d;
                        on |= b->leader || scorer_near(e, pic, b, P, &d) ||
                              badge_on_scored(e, pic, b);
                }
                if (seen && !on)
                        fail_msg("%s: after the move, badge %+d of player %d off the feature "
                                 "scored",
                                 file, e->points, e->player);
        }
}

/* Whether the result has an event of kind `k` about figure `index` of the scene (-1: the figure
 * the move places, which is about a place of the board and no post). */
static bool figure_event(const struct tkit_game_result *r, enum tkit_game_event_kind k, int index)
{
        for (size_t i = 0; i < r->nevents; i++)
                if (r->events[i].kind == k && r->events[i].figure == index &&
                    r->events[i].post < 0 && (index >= 0 || r->events[i].nplaces > 0))
                        return true;
        return false;
}

/* Whether figure `index` is one a player must choose among (the engine's CHOICE events). */
static bool figure_choice(const struct tkit_game_result *r, int index)
{
        for (size_t i = 0; i < r->nevents; i++)
                for (size_t k = 0; r->events[i].kind == TKIT_EV_CHOICE && k < r->events[i].nchoices;
                     k++)
                        if (r->events[i].choices[k] == index)
                                return true;
        return false;
}

static bool post_event(const struct tkit_game_result *r, enum tkit_game_event_kind k, int post,
                       int player)
{
        for (size_t i = 0; i < r->nevents; i++)
                if (r->events[i].kind == k && r->events[i].post == post &&
                    (player < 0 || r->events[i].player == player))
                        return true;
        return false;
}

/* The colour of picture `img` at the mark of what leaves with `m`: its disc on the top right
 * corner of the box, below the middle of its cross or arrow. */
static uint32_t leaving_colour(cairo_surface_t *img, const struct tkit_scene_mark *m)
{
        double r = (m->x1 - m->x0) * 0.21;
        return pixel(img, m->x1 - r * 0.6, m->y0 + r * 0.6 + r * 0.75);
}

/* In the move shown, every figure an attack removes is crossed out (a red disc) and every figure
 * or post meeple going back to its owner's supply has a white disc, and no other; a catapult
 * removed is crossed out; the figures a player must choose among, and no other, carry the "?"
 * ring. */
static void check_leaving(const struct tkit_game_result *r, const struct tkit_scene_picture *pic,
                          const char *png, const char *file)
{
        cairo_surface_t *img = cairo_image_surface_create_from_png(png);
        assert_int_equal(cairo_surface_status(img), CAIRO_STATUS_SUCCESS);
        cairo_surface_flush(img);
        for (size_t k = 0; k < pic->nmarks; k++) {
                const struct tkit_scene_mark *m = &pic->marks[k];
                bool removed = false, returned = false;
                bool choice = m->kind == TKIT_MARK_FIGURE && figure_choice(r, m->index);
                if (m->choice != choice)
                        fail_msg("%s: mark %zu (figure %d) %s", file, k, m->index,
                                 m->choice ? "ringed as a choice, not one"
                                           : "is a choice, not ringed");
                if (m->kind == TKIT_MARK_FIGURE) {
                        removed = m->index >= 0 && figure_event(r, TKIT_EV_REMOVE, m->index);
                        returned = !removed && figure_event(r, TKIT_EV_RETURN, m->index);
                } else if (m->kind == TKIT_MARK_POST) {
                        returned = post_event(r, TKIT_EV_RETURN, m->post, m->player);
                } else if (m->kind == TKIT_MARK_TOKEN && m->post >= 0) {
                        removed = post_event(r, TKIT_EV_CATAPULT_OFF, m->post, -1);
                } else {
                        continue;
                }
                if (removed != m->removed || returned != m->returned)
                        fail_msg("%s: mark %zu (%s %d) %s, %s", file, k,
                                 m->kind == TKIT_MARK_TOKEN ? "catapult" : "figure", m->index,
                                 m->removed ? "crossed out" : "not crossed out",
                                 m->returned ? "going back" : "not going back");
                bool under = false; /* a meeple low in a stack: the top one has the mark */
                for (size_t j = k + 1; m->kind == TKIT_MARK_POST && j < pic->nmarks; j++)
                        under |= pic->marks[j].kind == TKIT_MARK_POST &&
                                 boxes_overlap(m, &pic->marks[j]);
                if (under)
                        continue;
                uint32_t c = leaving_colour(img, m);
                if (m->removed && !near_rgb(c, 0xd90d0d, 40))
                        fail_msg("%s: mark %zu: no red disc (%06x)", file, k, c);
                if (m->returned && !near_rgb(c, 0xffffff, 40))
                        fail_msg("%s: mark %zu: no white disc (%06x)", file, k, c);
        }
        cairo_surface_destroy(img);
}

/* An event that moves a figure of the scene onto a barn or a castle built. */
static bool converts(const struct tkit_game_event *e)
{
        return e->kind == TKIT_EV_CONVERT && (e->at == TKIT_AT_BARN || e->at == TKIT_AT_CASTLE);
}

static bool arrow_of(const struct tkit_scene_picture *pic, int figure)
{
        for (size_t k = 0; k < pic->nmarks; k++)
                if (pic->marks[k].kind == TKIT_MARK_ARROW && pic->marks[k].index == figure)
                        return true;
        return false;
}

/* The point at t of an arrow as the map gives it: of two points, a quadratic curve bowed `bow`
 * of its length to its left; of more, straight runs (each an equal share of t; the drawing
 * rounds their corners a little). */
static void arrow_at(const struct tkit_scene_mark *m, double t, double *x, double *y)
{
        if (m->nline > 2) {
                double u = t * (m->nline - 1);
                int i = (int)fmin(floor(u), m->nline - 2);
                const double *a = &m->line[2 * i], *b = &m->line[2 * i + 2];
                *x = a[0] + (b[0] - a[0]) * (u - i);
                *y = a[1] + (b[1] - a[1]) * (u - i);
                return;
        }
        double dx = m->line[2] - m->line[0], dy = m->line[3] - m->line[1];
        double cx = (m->line[0] + m->line[2]) / 2 - dy * m->bow;
        double cy = (m->line[1] + m->line[3]) / 2 + dx * m->bow;
        *x = (1 - t) * (1 - t) * m->line[0] + 2 * t * (1 - t) * cx + t * t * m->line[2];
        *y = (1 - t) * (1 - t) * m->line[1] + 2 * t * (1 - t) * cy + t * t * m->line[3];
}

static bool in_box(const struct tkit_scene_mark *m, double x, double y)
{
        return x >= m->x0 && x <= m->x1 && y >= m->y0 && y <= m->y1;
}

/* The arrow of a catapult advanced starts on the siege symbol the engine names (of the tile
 * placed) and ends on the new catapult of its post, and on its way crosses no figure, space,
 * symbol or badge. */
static void check_advance_arrow(const struct tkit_game_result *r,
                                const struct tkit_scene_picture *pic,
                                const struct tkit_scene_mark *m, const char *file)
{
        const struct tkit_game_event *e = NULL;
        for (size_t i = 0; i < r->nevents; i++)
                if (r->events[i].kind == TKIT_EV_ADVANCE && r->events[i].post == m->post)
                        e = &r->events[i];
        const struct tkit_scene_mark *from = NULL, *to = NULL;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *o = &pic->marks[i];
                if (o->kind == TKIT_MARK_SYMBOL && e && o->index == e->symbol &&
                    o->cell_x == m->cell_x && o->cell_y == m->cell_y)
                        from = o;
                if (o->kind == TKIT_MARK_TOKEN && o->post == m->post && o->is_new)
                        to = o;
        }
        const double *end = &m->line[2 * (m->nline - 1)];
        if (!e || !from || !to || !in_box(from, m->x, m->y) || m->nline < 2 ||
            hypot(end[0] - to->x, end[1] - to->y) > (to->x1 - to->x0) ||
            hypot(m->line[0] - from->x, m->line[1] - from->y) > (from->x1 - from->x0))
                fail_msg("%s: the arrow of the catapult does not join its symbol to it", file);
        enum tkit_post named = from->tile->symbols[from->index]; /* the symbol the engine names */
        if (named != (enum tkit_post)m->post && named != TKIT_POST_ANY)
                fail_msg("%s: the catapult of the %s post comes from a symbol of the %s post", file,
                         tkit_post_name((enum tkit_post)m->post), tkit_post_name(named));
        for (int k = 4; k < 8 * 48 - 4; k++) {
                double x, y;
                arrow_at(m, k / (8 * 48.0), &x, &y);
                for (size_t i = 0; i < pic->nmarks; i++) {
                        const struct tkit_scene_mark *o = &pic->marks[i];
                        bool solid = o->kind == TKIT_MARK_FIGURE || o->kind == TKIT_MARK_POST ||
                                     o->kind == TKIT_MARK_POST_SPACE ||
                                     o->kind == TKIT_MARK_BADGE ||
                                     (o->kind == TKIT_MARK_SYMBOL && o != from);
                        bool on_ring = hypot(x - to->x, y - to->y) < (to->x1 - to->x0) * 0.9;
                        if (solid && in_box(o, x, y) && !on_ring && !in_box(from, x, y))
                                fail_msg("%s: the catapult's arrow crosses a %s", file,
                                         o->what ? o->what : "mark");
                }
        }
}

/* Every figure the move puts on a barn or a castle is drawn where it stood (on its cell of the
 * scene, on the feature it stood on) with an arrow from there that ends at it, and no other
 * figure gets an arrow. Returns the arrows. */
static size_t check_moves(const struct tkit_scene *s, const struct tkit_game_result *r,
                          const struct tkit_scene_picture *pic, const char *file)
{
        size_t arrows = 0;
        for (size_t k = 0; k < pic->nmarks; k++) {
                const struct tkit_scene_mark *m = &pic->marks[k];
                if (m->kind != TKIT_MARK_ARROW || m->post >= 0)
                        continue;
                arrows++;
                bool moves = false;
                for (size_t i = 0; i < r->nevents; i++)
                        moves |= converts(&r->events[i]) && r->events[i].figure == m->index;
                if (!moves || m->index < 0 || (size_t)m->index >= s->nfigures)
                        fail_msg("%s: an arrow for figure %d, which the move does not move", file,
                                 m->index);
                const struct tkit_scene_figure *f = &s->figures[m->index];
                if (m->cell_x != f->x || m->cell_y != f->y || m->player != f->player)
                        fail_msg("%s: figure %d drawn where it stood at (%d, %d), not (%d, %d)",
                                 file, m->index, m->cell_x, m->cell_y, f->x, f->y);
                const struct tkit_scene_mark *to = NULL;
                for (size_t i = 0; i < pic->nmarks; i++)
                        if (pic->marks[i].kind == TKIT_MARK_FIGURE &&
                            pic->marks[i].index == m->index)
                                to = &pic->marks[i];
                if (!to || m->nline != 2 ||
                    hypot(m->line[2] - to->x, m->line[3] - to->y) > (to->x1 - to->x0) ||
                    hypot(m->line[0] - m->x, m->line[1] - m->y) > (m->x1 - m->x0))
                        fail_msg("%s: the arrow of figure %d does not join it to where it goes",
                                 file, m->index);
        }
        for (size_t i = 0; i < r->nevents; i++) /* and every such move has its arrow */
                if (converts(&r->events[i]) && r->events[i].figure >= 0 &&
                    !arrow_of(pic, r->events[i].figure))
                        fail_msg("%s: figure %d moves onto a %s, no arrow", file,
                                 r->events[i].figure,
                                 r->events[i].at == TKIT_AT_BARN ? "barn" : "castle");
        for (size_t i = 0; i < r->nevents; i++) { /* and every catapult advanced, from its symbol */
                const struct tkit_scene_mark *a = NULL;
                for (size_t k = 0; k < pic->nmarks; k++)
                        if (pic->marks[k].kind == TKIT_MARK_ARROW &&
                            pic->marks[k].post == r->events[i].post)
                                a = &pic->marks[k];
                if (r->events[i].kind != TKIT_EV_ADVANCE)
                        continue;
                if (!a)
                        fail_msg("%s: a catapult advances, no arrow from its symbol", file);
                check_advance_arrow(r, pic, a, file);
                arrows++;
        }
        return arrows;
}

/* Every meeple of a post's stack can be counted: no two figures at a post overlap by more than a
 * third of a figure's area (S&D 8 fanned two red meeples into one); each is at least 14 pt tall
 * (docs/render.md; the picture map is in points). Returns the pairs that overlap at all (a stack
 * drawn). */
static size_t check_stacks(const struct tkit_scene_picture *pic, const char *what)
{
        size_t pairs = 0;
        for (size_t i = 0; i < pic->nmarks; i++)
                if (pic->marks[i].kind == TKIT_MARK_POST &&
                    pic->marks[i].y1 - pic->marks[i].y0 < 14 - 1e-6)
                        fail_msg("%s: a figure at a post %.1f pt tall", what,
                                 pic->marks[i].y1 - pic->marks[i].y0);
        for (size_t i = 0; i < pic->nmarks; i++)
                for (size_t k = i + 1; k < pic->nmarks; k++) {
                        const struct tkit_scene_mark *a = &pic->marks[i], *b = &pic->marks[k];
                        if (a->kind != TKIT_MARK_POST || b->kind != TKIT_MARK_POST)
                                continue;
                        double w = fmin(a->x1, b->x1) - fmax(a->x0, b->x0);
                        double h = fmin(a->y1, b->y1) - fmax(a->y0, b->y0);
                        if (w <= 0 || h <= 0)
                                continue;
                        pairs++;
                        double area = fmin((a->x1 - a->x0) * (a->y1 - a->y0),
                                           (b->x1 - b->x0) * (b->y1 - b->y0));
                        if (w * h > area / 3)
                                fail_msg("%s: two figures at a post overlap by %.0f%%", what,
                                         100 * w * h / area);
                }
        return pairs;
}

/* The small symbols of the art stay legible at a rulebook's 20 mm: pennants, siege symbols and
 * besieger camps at least 2.5 mm (7.09 pt) across. Returns how many were measured. */
static size_t check_symbol_sizes(const struct tkit_scene_picture *pic, const char *what)
{
        size_t n = 0;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *m = &pic->marks[i];
                if (m->kind != TKIT_MARK_SYMBOL || !m->what ||
                    (strcmp(m->what, "pennant") != 0 && strcmp(m->what, "siege-symbol") != 0 &&
                     strcmp(m->what, "besieger") != 0))
                        continue;
                n++;
                double side = fmin(m->x1 - m->x0, m->y1 - m->y0);
                if (side < 2.5 * 72 / 25.4)
                        fail_msg("%s: a %s %.1f pt across at 20 mm", what, m->what, side);
        }
        return n;
}

static bool same_file(const char *a, const char *b)
{
        size_t la, lb;
        char *x = read_all(a, &la), *y = read_all(b, &lb);
        bool same = x && y && la == lb && la > 100 && memcmp(x, y, la) == 0;
        free(x);
        free(y);
        return same;
}

/* The command's PDF of scene file `file` (default options, the sets of the test) is the PDF the
 * library made in this process (`pdf`), byte for byte: the same picture from another process, and
 * the command asks the library for what it is asked. */
static void check_cli_pdf(const char *file, const char *pdf)
{
        const char *exe = tkit_test_env("TKIT_EXE");
        char *cli = out_path("scene-cli.pdf");
        struct tkit_run run = {0};
        if (tkit_run_line(&run, exe, "render scene '%s' %s -o '%s'", file, tkit_test_tiles_args(),
                          cli) != 0)
                fail_msg("%s: exit status not 0:\n%s", file, run.err);
        tkit_run_finish(&run);
        if (!same_file(pdf, cli))
                fail_msg("%s: the command's PDF is not the library's", file);
        free(cli);
}

static int check_posts_on_fortress(const struct tkit_scene *s, const struct tkit_game_result *r,
                                   const struct tkit_scene_picture *pic, const char *what);

/* Every scene: the engine's result drawn, figures where they belong, badges as computed; the PDF
 * the same bytes from this process and from the command; the state after the move drawn. (The
 * PNG of the move shown is drawn as the PDF is: test_deterministic compares PNG bytes.) */
static void test_scenes_folder(void **state)
{
        (void)state;
        size_t n;
        char **files = scene_files(&n);
        assert_true(n > 0);
        size_t choices = 0; /* figures ringed as a choice (S&D 10: the monk and the abbot) */
        size_t arrows = 0;  /* farmers moved onto a barn (C&B 6, 8, 9) */
        size_t stacked = 0; /* figures of a stack that touch (S&D 8) */
        size_t symbols = 0; /* pennants, siege symbols, besieger camps measured at 20 mm */
        for (size_t i = 0; i < n; i++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_scene *s = tkit_scene_read_file(files[i], &d, NULL);
                if (!s)
                        fail_msg("%s: cannot read", files[i]);
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                if (tkit_game_apply(s, sets.sets, sets.n, false, &r, &d) != 0)
                        fail_msg("%s: the engine refuses it", files[i]);
                tkit_diags_finish(&d);
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.px = 128;
                struct tkit_scene_picture pic;
                char *png = out_path("scene.png"), *pdf = out_path("scene.pdf");
                assert_int_equal(render(s, &r, &o, png, &pic), 0);
                check_figures(s, &pic, png, figures_shown(s, &r));
                check_badges(&r, &pic, files[i], o.px);
                check_leaving(&r, &pic, png, files[i]);
                arrows += check_moves(s, &r, &pic, files[i]);
                stacked += check_stacks(&pic, files[i]);
                for (size_t k = 0; k < pic.nmarks; k++)
                        choices += pic.marks[k].choice;
                tkit_scene_picture_finish(&pic);
                tkit_scene_render_options_init(&o);
                o.px = 45.0 * 72 / 25.4; /* the command's PDF: --tile-mm 45, as it computes it */
                assert_int_equal(render(s, &r, &o, pdf, NULL), 0);
                check_cli_pdf(files[i], pdf);
                o.px = 20.0 * 72 / 25.4; /* a rulebook's 20 mm: figures at a post have floors */
                assert_int_equal(picture_map(s, &r, &o, &pic), 0);
                stacked += check_stacks(&pic, files[i]);
                symbols += check_symbol_sizes(&pic, files[i]);
                check_moves(s, &r, &pic, files[i]); /* the arrows' ways at 20 mm too */
                tkit_scene_picture_finish(&pic);
                o.px = 45.0 * 72 / 25.4;
                o.state = TKIT_SCENE_AFTER;
                assert_int_equal(picture_map(s, &r, &o, &pic), 0);
                check_badges(&r, &pic, files[i], o.px);
                check_badges_after(&r, &pic, files[i], o.px);
                check_posts_on_fortress(s, &r, &pic, files[i]); /* after: not every post */
                tkit_scene_picture_finish(&pic);
                free(png);
                free(pdf);
                tkit_game_result_finish(&r);
                tkit_scene_destroy(s);
                free(files[i]);
        }
        free(files);
        assert_true(choices >= 2);
        assert_true(arrows >= 3);
        assert_true(stacked >= 2);
        assert_true(symbols >= 20);
}

/* ---------------------------------------------------------------- nothing hidden */

/* What a badge must leave visible: figures, tokens, post spaces and every symbol of the art. */
static bool badge_must_avoid(const struct tkit_scene_mark *m)
{
        return m->kind == TKIT_MARK_FIGURE || m->kind == TKIT_MARK_POST ||
               m->kind == TKIT_MARK_TOKEN || m->kind == TKIT_MARK_POST_SPACE ||
               m->kind == TKIT_MARK_SYMBOL || m->kind == TKIT_MARK_BADGE ||
               m->kind == TKIT_MARK_REFUSED || m->kind == TKIT_MARK_CALLOUT;
}

static bool inside(const struct tkit_scene_picture *pic, const struct tkit_scene_mark *m)
{
        return m->x0 >= -0.01 && m->y0 >= -0.01 && m->x1 <= pic->width + 0.01 &&
               m->y1 <= pic->height + 0.01;
}

/* Whether point (x, y) lies on a tile mark of a piece's cell ("fortress-west@1,0"). */
static bool on_piece(const struct tkit_scene_picture *pic, double x, double y)
{
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *t = &pic->marks[i];
                if (t->kind == TKIT_MARK_TILE && t->tile && t->tile->id &&
                    strchr(t->tile->id, '@') && x >= t->x0 - 0.01 && x <= t->x1 + 0.01 &&
                    y >= t->y0 - 0.01 && y <= t->y1 + 0.01)
                        return true;
        }
        return false;
}

/* The posts are drawn on the fortress as the rulebook prints them (when the scene has it): every
 * symbol, space and figure of a post lies wholly on the cells of a piece, and the marks of one
 * post lie within one row of two cells; the number of posts so checked is returned. */
static int check_posts_on_fortress(const struct tkit_scene *s, const struct tkit_game_result *r,
                                   const struct tkit_scene_picture *pic, const char *what)
{
        /* only the posts the example concerns: the scene's, those of an event, a bonus, a callout */
        bool concerned[TKIT_POST_COUNT] = {false};
        for (size_t i = 0; i < s->nposts; i++)
                concerned[s->posts[i].kind] = true;
        for (size_t i = 0; i < r->nevents; i++)
                if ((unsigned)r->events[i].post < TKIT_POST_COUNT)
                        concerned[r->events[i].post] = true;
        if (s->move.bonus.taken && (unsigned)s->move.bonus.post < TKIT_POST_COUNT)
                concerned[s->move.bonus.post] = true;
        for (size_t i = 0; i < s->ncallouts; i++)
                if ((unsigned)s->callouts[i].post < TKIT_POST_COUNT)
                        concerned[s->callouts[i].post] = true;
        for (size_t i = 0; i < pic->nmarks; i++)
                if ((unsigned)pic->marks[i].post < TKIT_POST_COUNT &&
                    !concerned[pic->marks[i].post])
                        fail_msg("%s: the %s post is drawn, and the example is not about it", what,
                                 tkit_post_name((enum tkit_post)pic->marks[i].post));
        bool fortress = false;
        for (size_t i = 0; i < s->ntiles; i++)
                fortress |= s->tiles[i].is_piece;
        if (!fortress)
                return 0;
        double lo[TKIT_POST_COUNT][2], hi[TKIT_POST_COUNT][2];
        bool seen[TKIT_POST_COUNT] = {false};
        double P = 0;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *m = &pic->marks[i];
                if (m->kind == TKIT_MARK_TILE)
                        P = m->x1 - m->x0;
                if (m->post < 0 || m->kind == TKIT_MARK_BADGE || m->kind == TKIT_MARK_CALLOUT ||
                    m->kind == TKIT_MARK_ARROW)
                        continue; /* along the panel, on its edge or beside it; from a tile */
                if (!on_piece(pic, m->x0, m->y0) || !on_piece(pic, m->x1, m->y1))
                        fail_msg("%s: a %s of the %s post off the fortress", what,
                                 m->what ? m->what : "mark", tkit_post_name((enum tkit_post)m->post));
                int k = m->post;
                lo[k][0] = seen[k] ? fmin(lo[k][0], m->x0) : m->x0;
                lo[k][1] = seen[k] ? fmin(lo[k][1], m->y0) : m->y0;
                hi[k][0] = seen[k] ? fmax(hi[k][0], m->x1) : m->x1;
                hi[k][1] = seen[k] ? fmax(hi[k][1], m->y1) : m->y1;
                seen[k] = true;
        }
        int n = 0;
        for (int k = 0; k < TKIT_POST_COUNT; k++) {
                if (!seen[k])
                        continue;
                double w = hi[k][0] - lo[k][0], h = hi[k][1] - lo[k][1];
                if (fmin(w, h) > P * 1.0 + 0.01 || fmax(w, h) > P * 2.0 + 0.01)
                        fail_msg("%s: the %s post spreads over %.1f x %.1f tiles", what,
                                 tkit_post_name((enum tkit_post)k), w / P, h / P);
                n++;
        }
        return n;
}

/* Whether a callout at a post lies by its panel: its centre within a third of a tile of the
 * box of the post's symbol, spaces and figures. */
static bool near_post(const struct tkit_scene_picture *pic, const struct tkit_scene_mark *c)
{
        double b[4] = {1e9, 1e9, -1e9, -1e9}, P = 0;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *o = &pic->marks[i];
                if (o->kind == TKIT_MARK_TILE)
                        P = o->x1 - o->x0;
                if (o->post != c->post || o->kind == TKIT_MARK_CALLOUT ||
                    o->kind == TKIT_MARK_BADGE || o->kind == TKIT_MARK_ARROW)
                        continue;
                b[0] = fmin(b[0], o->x0);
                b[1] = fmin(b[1], o->y0);
                b[2] = fmax(b[2], o->x1);
                b[3] = fmax(b[3], o->y1);
        }
        double d = P / 3;
        return c->x >= b[0] - d && c->x <= b[2] + d && c->y >= b[1] - d && c->y <= b[3] + d;
}

/* Steps: a callout with no words of its own is a step the caption numbers ("\u2460 you place a
 * farmer, \u2461 choose the travelers' post"): each circled number of the caption is a callout
 * of the picture and each such callout's number is in the caption, in every language; a callout
 * at a post touches its panel (one of the post's marks). The number of steps checked. */
static int check_steps(const struct tkit_scene *s, const struct tkit_scene_picture *pic,
                       const char *lang, const char *what)
{
        const char *cap = tkit_scene_caption(s, lang);
        int n = 0;
        for (int k = 1; k <= 20 && cap; k++) {
                char digit[4] = {(char)0xe2, (char)0x91, (char)(0x9f + k), 0}; /* U+2460 + k-1 */
                bool in_caption = strstr(cap, digit) != NULL, drawn = false, speaks = true;
                for (size_t i = 0; i < s->ncallouts; i++) /* not a refusal's: it has words */
                        if (s->callouts[i].number == k)
                                speaks = s->callouts[i].ntexts > 0;
                for (size_t i = 0; i < pic->nmarks; i++) {
                        const struct tkit_scene_mark *m = &pic->marks[i];
                        if (m->kind != TKIT_MARK_CALLOUT || m->number != k)
                                continue;
                        drawn = true;
                        if (m->post >= 0 && !near_post(pic, m))
                                fail_msg("%s: callout %d is not by the %s post", what, k,
                                         tkit_post_name((enum tkit_post)m->post));
                }
                if (in_caption && !drawn)
                        fail_msg("%s: the caption's step %d has no callout in the picture", what, k);
                if (drawn && !in_caption && !speaks)
                        fail_msg("%s: callout %d has no words and no step in the caption", what, k);
                n += in_caption;
        }
        return n;
}

/* Sizes for print at a rulebook's 20 mm a tile: what is drawn (everything but the caption and
 * legend) reaches at most 6 mm beyond the tiles shown, and the picture is at most 8 mm wider than
 * its drawing or than 90 mm. */
static void check_print_size(const struct tkit_scene_picture *pic, double mm, const char *what)
{
        double b[4] = {1e9, 1e9, -1e9, -1e9},
               d[4] = {1e9, 1e9, -1e9, -1e9};
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *m = &pic->marks[i];
                double *r = m->kind == TKIT_MARK_TILE ? b : d;
                if (m->kind == TKIT_MARK_TEXT || m->kind == TKIT_MARK_KEY)
                        continue;
                r[0] = fmin(r[0], m->x0);
                r[1] = fmin(r[1], m->y0);
                r[2] = fmax(r[2], m->x1);
                r[3] = fmax(r[3], m->y1);
                for (int k = 0; m->kind == TKIT_MARK_ARROW && k < m->nline; k++) {
                        r[0] = fmin(r[0], m->line[2 * k]);
                        r[1] = fmin(r[1], m->line[2 * k + 1]);
                        r[2] = fmax(r[2], m->line[2 * k]);
                        r[3] = fmax(r[3], m->line[2 * k + 1]);
                }
        }
        double out = fmax(fmax(b[0] - d[0], d[2] - b[2]), fmax(b[1] - d[1], d[3] - b[3]));
        if (out > 6 * mm + 0.01)
                fail_msg("%s: the drawing reaches %.1f mm beyond the tiles", what, out / mm);
        double drawing = fmax(b[2], d[2]) - fmin(b[0], d[0]);
        if (pic->width > fmax(drawing, 90 * mm) + 8 * mm + 0.5)
                fail_msg("%s: %.1f mm wide for a drawing of %.1f mm", what, pic->width / mm,
                         drawing / mm);
}

/* From the picture map: figures beside (never on) buildings, and on no symbol of the art (a
 * pennant, a besieger's camp, a village, a siege symbol); badges over nothing and inside the
 * picture; text of 6 points or more inside the picture; the players' letters 6 points or more or
 * patterns; the frame of the tile placed all around it and outside it. */
static void check_map(const struct tkit_scene_picture *pic, const char *what)
{
        const struct tkit_scene_mark *tile = NULL, *frame = NULL;
        if (pic->letter_pt != 0 && pic->letter_pt < 6)
                fail_msg("%s: letters on figures of %.1f pt", what, pic->letter_pt);
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *m = &pic->marks[i];
                if (m->kind == TKIT_MARK_TILE && m->is_new)
                        tile = m;
                if (m->kind == TKIT_MARK_NEW_TILE)
                        frame = m;
                if (m->kind == TKIT_MARK_TEXT && (m->size_pt < 6 - 1e-9 || !inside(pic, m)))
                        fail_msg("%s: text '%s' of %.2f pt at %.0f,%.0f", what, m->text, m->size_pt,
                                 m->x0, m->y0);
                if (m->kind == TKIT_MARK_BADGE && !inside(pic, m))
                        fail_msg("%s: badge %+d out of the picture", what, m->points);
                for (size_t k = 0; k < pic->nmarks; k++) {
                        const struct tkit_scene_mark *o = &pic->marks[k];
                        if (k == i || !boxes_overlap(m, o))
                                continue;
                        if (m->kind == TKIT_MARK_FIGURE && o->kind == TKIT_MARK_SYMBOL)
                                fail_msg("%s: a figure on the %s at (%d, %d)", what, o->what,
                                         o->cell_x, o->cell_y);
                        if (m->kind == TKIT_MARK_BADGE && badge_must_avoid(o))
                                fail_msg("%s: badge %+d over a %s%s%s", what, m->points,
                                         o->kind == TKIT_MARK_SYMBOL ? "symbol " : "mark ",
                                         o->what ? o->what : "",
                                         o->kind == TKIT_MARK_FIGURE ? " (figure)" : "");
                }
        }
        if (!tile != !frame)
                fail_msg("%s: a tile placed without its frame, or the other way round", what);
        if (tile && !(frame->x0 < tile->x0 && frame->y0 < tile->y0 && frame->x1 > tile->x1 &&
                      frame->y1 > tile->y1))
                fail_msg("%s: the frame of the tile placed is not all around it", what);
}

/* The art of the tile placed, just inside its edges, is not the frame's white or black. */
static void check_frame_outside(const struct tkit_scene_picture *pic, cairo_surface_t *img,
                                const char *what)
{
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *t = &pic->marks[i];
                if (t->kind != TKIT_MARK_TILE || !t->is_new)
                        continue;
                double w = t->x1 - t->x0, h = t->y1 - t->y0;
                const double at[4][2] = {{0.5, 0.035}, {0.965, 0.5}, {0.5, 0.965}, {0.035, 0.5}};
                for (int k = 0; k < 4; k++) {
                        double x = t->x0 + w * at[k][0], y = t->y0 + h * at[k][1];
                        bool covered = false; /* a figure or badge may stand there */
                        for (size_t j = 0; j < pic->nmarks; j++) {
                                const struct tkit_scene_mark *o = &pic->marks[j];
                                covered |= o->kind != TKIT_MARK_TILE &&
                                           o->kind != TKIT_MARK_NEW_TILE &&
                                           o->kind != TKIT_MARK_TEXT && x >= o->x0 - 2 &&
                                           x <= o->x1 + 2 && y >= o->y0 - 2 && y <= o->y1 + 2;
                        }
                        uint32_t c = pixel(img, x, y);
                        if (!covered && (near_rgb(c, 0xffffff, 4) || near_rgb(c, 0x1a1a1a, 24)))
                                fail_msg("%s: the frame covers the tile placed at %.0f,%.0f (%06x)",
                                         what, x, y, c);
                }
        }
}

/* Whether something drawn over the board (a figure, token, badge, callout, cross) lies within
 * `margin` of (x, y). */
static bool covered_at(const struct tkit_scene_picture *pic, double x, double y, double margin)
{
        for (size_t j = 0; j < pic->nmarks; j++) {
                const struct tkit_scene_mark *o = &pic->marks[j];
                if (o->kind == TKIT_MARK_TILE && o->is_new && x >= o->x0 - 3 * margin &&
                    x <= o->x1 + 3 * margin && y >= o->y0 - 3 * margin && y <= o->y1 + 3 * margin &&
                    !(x > o->x0 + margin && x < o->x1 - margin && y > o->y0 + margin &&
                      y < o->y1 - margin))
                        return true; /* the frame lies over the edges around the tile placed */
                if ((o->kind == TKIT_MARK_FIGURE || o->kind == TKIT_MARK_TOKEN ||
                     o->kind == TKIT_MARK_BADGE || o->kind == TKIT_MARK_CALLOUT ||
                     o->kind == TKIT_MARK_REFUSED) &&
                    x >= o->x0 - margin && x <= o->x1 + margin && y >= o->y0 - margin &&
                    y <= o->y1 + margin)
                        return true;
        }
        return false;
}

#define GRID 100

/* Whether, going from column i of row `row` (GRID columns) in direction `dir`, past walls and
 * buildings, the next area is another feature (a real edge of feature f, not a building drawn
 * inside it). */
static bool other_feature(const int *row, int f, int i, int dir)
{
        for (int k = i + dir; k >= 0 && k < GRID && abs(k - i) <= 10; k += dir)
                if (row[k] >= 0)
                        return row[k] != f;
        return false;
}

/* The tile drawn on cell (x, y) in the picture map, or NULL. */
static const struct tkit_scene_mark *tile_mark_at(const struct tkit_scene_picture *pic, int x,
                                                  int y)
{
        for (size_t j = 0; j < pic->nmarks; j++)
                if (pic->marks[j].kind == TKIT_MARK_TILE && pic->marks[j].cell_x == x &&
                    pic->marks[j].cell_y == y && pic->marks[j].tile)
                        return &pic->marks[j];
        return NULL;
}

/* A figure in a city stands on it: at least 80 % of its body (the middle of its box, 60 % each
 * way) on the city, or, where the city is as small as a cap, the figure drawn at its floor of 14
 * pt (unit_pt: points per picture unit). A road is narrower than any figure, and monks stand
 * beside their building: those are not held to it. The number of figures checked. */
static int check_on_city(const struct tkit_scene_picture *pic, double unit_pt, const char *what)
{
        int *grid = tkit_xcalloc(GRID * GRID, sizeof *grid), n = 0;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *m = &pic->marks[i];
                const struct tkit_scene_mark *t = m->kind == TKIT_MARK_FIGURE && m->feature >= 0
                                                      ? tile_mark_at(pic, m->cell_x, m->cell_y)
                                                      : NULL;
                if (!t || !t->tile || t->tile->features[m->feature].kind != TKIT_CITY)
                        continue;
                tkit_render_feature_grid(t->tile, t->rotation, GRID, grid);
                double w = t->x1 - t->x0;
                int on = 0;
                for (int a = 0; a < 10; a++)
                        for (int b = 0; b < 10; b++) {
                                double x = m->x0 + (m->x1 - m->x0) * (0.2 + 0.06 * (a + 0.5));
                                double y = m->y0 + (m->y1 - m->y0) * (0.2 + 0.06 * (b + 0.5));
                                int gx = (int)((x - t->x0) / w * GRID),
                                    gy = (int)((y - t->y0) / w * GRID);
                                on += gx >= 0 && gx < GRID && gy >= 0 && gy < GRID &&
                                      grid[gy * GRID + gx] == m->feature;
                        }
                double pt = (m->y1 - m->y0) * unit_pt;
                if (m->scale < 0.75 - 1e-9 || m->scale > 1)
                        fail_msg("%s: a %s drawn at %.2f of its size", what, m->what, m->scale);
                if (on < 80 && pt > 14.5)
                        fail_msg("%s: a %s %.1f pt tall with %d %% of it on its city at (%d, %d)",
                                 what, m->what, pt, on, m->cell_x, m->cell_y);
                n++;
        }
        free(grid);
        return n;
}

/* The hatch of each feature scored shows on any ground: where the feature's area ends inside a
 * tile (another feature begins), the picture has a dark line there (within 2.5 % of a tile). */
static void check_hatch_outlined(const struct tkit_game_result *r,
                                 const struct tkit_scene_picture *pic, cairo_surface_t *img,
                                 const char *what)
{
        int *grid = tkit_xmalloc(sizeof(int) * GRID * GRID);
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (e->kind != TKIT_EV_SCORE || e->player < 0)
                        continue;
                for (size_t k = 0; k < e->nplaces; k++) {
                        const struct tkit_scene_mark *t =
                            tile_mark_at(pic, e->places[k].x, e->places[k].y);
                        if (!t || e->places[k].feature < 0)
                                continue;
                        tkit_render_feature_grid(t->tile, t->rotation, GRID, grid);
                        int f = e->places[k].feature, edges = 0, outlined = 0;
                        double w = t->x1 - t->x0;
                        for (int v = 10; v < 95; v += 10) {
                                const int *row = grid + v * GRID;
                                for (int u = 2; u < 97; u++) {
                                        int a = row[u], b = row[u + 1];
                                        if ((a == f) == (b == f) ||
                                            !other_feature(row, f, a == f ? u : u + 1,
                                                           a == f ? 1 : -1))
                                                continue;
                                        double x = t->x0 + w * ((a == f ? u : u + 1) + 0.5) / GRID;
                                        double y = t->y0 + w * (v + 0.5) / GRID;
                                        if (covered_at(pic, x, y, w * 0.03))
                                                continue;
                                        edges++;
                                        bool dark = false;
                                        for (int d = -25; d <= 25 && !dark; d++) {
                                                uint32_t c = pixel(img, x + (d % 5) * w / 200,
                                                                   y + (d / 5) * w / 200);
                                                int l = (int)(((c >> 16) & 0xff) * 30 +
                                                              ((c >> 8) & 0xff) * 59 +
                                                              (c & 0xff) * 11) /
                                                        100;
                                                dark = l < 60;
                                        }
                                        outlined += dark;
                                        if (!dark && getenv("TKIT_DEBUG_HATCH"))
                                                print_message("%s: no outline at %.0f,%.0f\n", what,
                                                              x, y);
                                }
                        }
                        if (edges && outlined * 10 < edges * 9)
                                fail_msg("%s: the hatch of feature %d at (%d, %d) is outlined at "
                                         "%d of %d edges",
                                         what, f, e->places[k].x, e->places[k].y, outlined, edges);
                }
        }
        free(grid);
}

static bool has_key(const struct tkit_scene_picture *pic, const char *what, int player)
{
        for (size_t k = 0; k < pic->nmarks; k++)
                if (pic->marks[k].kind == TKIT_MARK_KEY && strcmp(pic->marks[k].what, what) == 0 &&
                    pic->marks[k].player == player)
                        return true;
        return false;
}

/* The key under the picture says what the picture shows: each player with a figure drawn (and
 * no player the picture does not concern: no figure, score, event or tile placed of theirs)
 * beside a meeple of theirs, the letter named exactly
 * when figures carry letters; the frame of the tile placed, the ring of what is new, what goes
 * back and what is removed, exactly when the picture draws them. */
static void check_key(const struct tkit_scene *s, const struct tkit_game_result *r,
                      const struct tkit_scene_picture *pic, const char *what)
{
        bool mark[TKIT_KEY_COUNT] = {false};
        static const char *const names[TKIT_KEY_COUNT] = {"new-tile", "new",    "returned",
                                                          "removed",  "choice", "moved",
                                                          "advance"};
        for (size_t k = 0; k < pic->nmarks; k++) {
                const struct tkit_scene_mark *m = &pic->marks[k];
                bool fig = m->kind == TKIT_MARK_FIGURE || m->kind == TKIT_MARK_POST;
                if (fig && !has_key(pic, "player", m->player))
                        fail_msg("%s: no key for player %d", what, m->player);
                mark[0] |= m->kind == TKIT_MARK_NEW_TILE;
                mark[1] |= (fig || m->kind == TKIT_MARK_TOKEN) && m->is_new;
                mark[2] |= m->returned;
                mark[3] |= m->removed;
                mark[4] |= m->choice;
                mark[5] |= m->kind == TKIT_MARK_ARROW && m->post < 0;
                mark[6] |= m->kind == TKIT_MARK_ARROW && m->post >= 0;
                if (m->kind != TKIT_MARK_KEY)
                        continue;
                if (!inside(pic, m))
                        fail_msg("%s: key %s out of the picture", what, m->what);
                if (strcmp(m->what, "player") != 0)
                        continue;
                bool concerned = false;
                for (size_t i = 0; i < pic->nmarks; i++)
                        concerned |= (pic->marks[i].kind == TKIT_MARK_FIGURE ||
                                      pic->marks[i].kind == TKIT_MARK_POST ||
                                      pic->marks[i].kind == TKIT_MARK_BADGE) &&
                                     pic->marks[i].player == m->player;
                for (size_t i = 0; i < r->nevents; i++)
                        concerned |= r->events[i].player == m->player;
                concerned |= mark[0] && s->move.player == m->player; /* the tile placed */
                if (!concerned)
                        fail_msg("%s: player %d in the key, nowhere in the picture", what,
                                 m->player);
                const char *want =
                    pic->letter_pt > 0
                        ? tkit_render_player_letter(player_colour(s, m->player), pic->lang)
                        : NULL;
                if (!want != !m->letter || (want && strcmp(want, m->letter) != 0))
                        fail_msg("%s: key of player %d names letter '%s', the figures show '%s'",
                                 what, m->player, m->letter ? m->letter : "",
                                 want ? want : "(a pattern)");
        }
        for (int k = 0; k < TKIT_KEY_COUNT; k++)
                if (mark[k] != has_key(pic, names[k], -1))
                        fail_msg("%s: the picture %s %s, the key %s", what,
                                 mark[k] ? "draws" : "does not draw", names[k],
                                 mark[k] ? "does not" : "does");
}

/* A feature several players score (a tie) shows each scorer's colour in its hatch: on the
 * feature's first tile shown, some pixels of each colour. */
static void check_tie_colours(const struct tkit_scene *s, const struct tkit_game_result *r,
                              const struct tkit_scene_picture *pic, cairo_surface_t *img,
                              const char *what)
{
        int *grid = tkit_xmalloc(sizeof(int) * GRID * GRID);
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (e->kind != TKIT_EV_SCORE || e->player < 0 || !e->nplaces)
                        continue;
                bool tie = false;
                for (size_t j = 0; j < r->nevents; j++)
                        tie |= j != i && r->events[j].kind == TKIT_EV_SCORE &&
                               r->events[j].player >= 0 && r->events[j].nplaces &&
                               r->events[j].places[0].x == e->places[0].x &&
                               r->events[j].places[0].y == e->places[0].y &&
                               r->events[j].places[0].feature == e->places[0].feature;
                if (!tie)
                        continue;
                uint32_t want = tkit_render_player_rgb(player_colour(s, e->player));
                int seen = 0;
                for (size_t k = 0; k < e->nplaces; k++) {
                        const struct tkit_scene_mark *t =
                            tile_mark_at(pic, e->places[k].x, e->places[k].y);
                        if (!t || e->places[k].feature < 0)
                                continue;
                        tkit_render_feature_grid(t->tile, t->rotation, GRID, grid);
                        double w = t->x1 - t->x0;
                        for (int q = 0; q < GRID * GRID; q++) {
                                double x = t->x0 + w * (q % GRID + 0.5) / GRID,
                                       y = t->y0 + w * (q / GRID + 0.5) / GRID;
                                /* the hatch, not a figure or badge of that colour on it */
                                if (grid[q] == e->places[k].feature &&
                                    !covered_at(pic, x, y, w * 0.02) &&
                                    near_rgb(pixel(img, x, y), want, 30))
                                        seen++;
                        }
                }
                if (seen < 10)
                        fail_msg("%s: a tie, and %d pixels of player %d's colour on the feature",
                                 what, seen, e->player);
        }
        free(grid);
}

/* Every scene of scenes/, in every language and at 45 mm and at a rulebook's 20 mm a tile: the
 * picture map says nothing is hidden and everything is legible. */
static void test_nothing_hidden(void **state)
{
        (void)state;
        size_t n;
        char **files = scene_files(&n);
        static const double mm[2] = {45, 20}, dpi[2] = {72, 150};
        int posts = 0, steps = 0, on_city = 0;
        for (size_t i = 0; i < n; i++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_scene *s = tkit_scene_read_file(files[i], &d, NULL);
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                if (!s || tkit_game_apply(s, sets.sets, sets.n, false, &r, &d) != 0)
                        fail_msg("%s: cannot read or apply", files[i]);
                tkit_diags_finish(&d);
                for (int z = 0; z < 2; z++)
                        for (int l = 0; l < 4; l++) {
                                struct tkit_scene_render_options o;
                                tkit_scene_render_options_init(&o);
                                o.px = mm[z] / 25.4 * dpi[z];
                                o.unit_pt = 72 / dpi[z];
                                o.lang = langs[l];
                                struct tkit_scene_picture pic;
                                char *png = out_path("hidden.png");
                                char *what =
                                    tkit_xasprintf("%s %s %.0f mm", s->id, langs[l], mm[z]);
                                /* the pixels in one language; the map in every one */
                                assert_int_equal(l == 0 ? render(s, &r, &o, png, &pic)
                                                        : picture_map(s, &r, &o, &pic),
                                                 0);
                                check_map(&pic, what);
                                on_city += check_on_city(&pic, o.unit_pt, what);
                                check_key(s, &r, &pic, what);
                                posts += check_posts_on_fortress(s, &r, &pic, what);
                                steps += check_steps(s, &pic, langs[l], what);
                                if (z == 1)
                                        check_print_size(&pic, 72 / 25.4 / o.unit_pt, what);
                                if (l == 0) {
                                        cairo_surface_t *img =
                                            cairo_image_surface_create_from_png(png);
                                        assert_int_equal(cairo_surface_status(img),
                                                         CAIRO_STATUS_SUCCESS);
                                        check_frame_outside(&pic, img, what);
                                        check_hatch_outlined(&r, &pic, img, what);
                                        check_tie_colours(s, &r, &pic, img, what);
                                        cairo_surface_destroy(img);
                                }
                                tkit_scene_picture_finish(&pic);
                                free(what);
                                free(png);
                        }
                tkit_game_result_finish(&r);
                tkit_scene_destroy(s);
                free(files[i]);
        }
        free(files);
        assert_true(posts >= 8 * 2 * 4); /* S&D examples 3 to 10, both sizes, 4 languages */
        assert_true(steps >= 6 * 2 * 2 * 4); /* S&D 3, 4, 5, 6, 9 and 10: two steps each */
        assert_true(on_city >= 20);
}

/* The picture map, as JSON, of `s` drawn to `path` (its format from the name). To free. */
static char *map_json(const struct tkit_scene *s, const struct tkit_game_result *r,
                      const struct tkit_scene_render_options *o, const char *path)
{
        struct tkit_scene_picture pic;
        assert_int_equal(render(s, r, o, path, &pic), 0);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_scene_picture_json(&pic, s, &b);
        tkit_scene_picture_finish(&pic);
        return tkit_buf_steal(&b);
}

/* render scene --map: the file is the library's picture map of the same picture, byte for byte,
 * sized as the PNG, valid JSON (python3's parser, when there is one); a map that names the
 * picture or an input is refused before anything is written. */
static void test_map_cli(void **state)
{
        (void)state;
        const char *exe = tkit_test_env("TKIT_EXE"), *ts = tkit_test_env("TKIT_TILESETS");
        char *scene = tkit_xasprintf("%s/sd-example-8.xml", tkit_test_env("TKIT_SCENES"));
        char *tiles = tkit_xasprintf("--tiles '%s/base.xml' --tiles '%s/river.xml' --tiles "
                                     "'%s/siege-defense.xml'",
                                     ts, ts, ts);
        char *png = out_path("map.png"), *json = out_path("map.json");
        struct tkit_run run = {0};
        assert_int_equal(tkit_run_line(&run, exe,
                                       "render scene '%s' %s --dpi 96 --lang cs -o '%s' --map '%s'",
                                       scene, tiles, png, json),
                         0);
        char *cmd;
        /* the same picture through the library */
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s = tkit_scene_read_file(scene, &d, NULL);
        struct tkit_game_result r;
        tkit_game_result_init(&r);
        assert_int_equal(tkit_game_apply(s, sets.sets, sets.n, false, &r, &d), 0);
        tkit_diags_finish(&d);
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.px = 45 / 25.4 * 96;
        o.unit_pt = 72.0 / 96;
        o.lang = "cs";
        char *png2 = out_path("map2.png"), *lib = map_json(s, &r, &o, png2);
        size_t len;
        char *got = read_all(json, &len);
        assert_non_null(got);
        if (len != strlen(lib) || memcmp(got, lib, len) != 0)
                fail_msg("--map differs from the library's picture map");
        cairo_surface_t *img = cairo_image_surface_create_from_png(png);
        char *want =
            tkit_xasprintf("\"width\": %d.00,\n  \"height\": %d.00,\n  \"unit\": \"px\"",
                           cairo_image_surface_get_width(img), cairo_image_surface_get_height(img));
        assert_non_null(strstr(got, want));
        assert_non_null(strstr(got, "\"kind\": \"badge\""));
        assert_non_null(strstr(got, "\"lang\": \"cs\""));
        char *pdf = out_path("map2.pdf"), *pts = map_json(s, &r, &o, pdf);
        assert_non_null(strstr(pts, "\"unit\": \"pt\"")); /* the PDF's map is in points */
        free(pts);
        free(pdf);
        cairo_surface_destroy(img);
        free(want);
        if (run_shell("command -v python3 >/dev/null", NULL) == 0) {
                cmd =
                    tkit_xasprintf("python3 -c 'import json,sys; m = json.load(open(sys.argv[1])); "
                                   "assert m[\"items\"] and all(len(i[\"box\"]) == 4 for i in "
                                   "m[\"items\"])' '%s'",
                                   json);
                assert_int_equal(run_shell(cmd, NULL), 0);
                free(cmd);
        }
        /* refused: the map is the picture, or an input */
        static const char *const bad[] = {"--map '%3$s' -o '%3$s'", "--map '%1$s' -o '%3$s'"};
        for (int i = 0; i < 2; i++) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
                char *args = tkit_xasprintf(bad[i], scene, json, png);
#pragma GCC diagnostic pop
                size_t before_len;
                char *before = read_all(scene, &before_len);
                assert_int_equal(
                    tkit_run_line(&run, exe, "render scene '%s' %s %s", scene, tiles, args), 2);
                size_t after_len;
                char *after = read_all(scene, &after_len);
                assert_true(before_len == after_len && memcmp(before, after, after_len) == 0);
                free(before);
                free(after);
                free(args);
        }
        tkit_run_finish(&run);
        free(got);
        free(lib);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        free(png2);
        free(png);
        free(json);
        free(tiles);
        free(scene);
}

/* The command's SVG from two processes is the same bytes (the SVG writer numbers its surfaces per
 * process, so it is compared process to process; the drawing of every scene is compared across
 * processes as PDF by test_scenes_folder): one scene in 8, the first included; a bad state; a
 * board carrying a scene's figures. */
static void test_scenes_cli(void **state)
{
        (void)state;
        const char *exe = tkit_test_env("TKIT_EXE"), *tiles = tkit_test_tiles_args();
        size_t n;
        char **files = scene_files(&n);
        char *a = out_path("cli1.svg"), *b = out_path("cli2.svg");
        for (size_t i = 0; i < n; i += 8) {
                for (int k = 0; k < 2; k++) {
                        struct tkit_run r = {0};
                        if (tkit_run_line(&r, exe, "render scene '%s' %s -o '%s'", files[i], tiles,
                                          k ? b : a) != 0)
                                fail_msg("%s: exit status not 0:\n%s", files[i], r.err);
                        tkit_run_finish(&r);
                }
                if (!same_file(a, b))
                        fail_msg("%s: SVG not the same bytes twice", files[i]);
        }
        struct tkit_run r = {0};
        assert_int_equal(tkit_run_line(&r, exe, "render scene '%s' %s --state sideways -o '%s'",
                                       files[0], tiles, a),
                         2);
        /* a board of a fresh game carrying a scene's figures */
        char *png = out_path("board-scene.png");
        assert_int_equal(tkit_run_line(&r, exe,
                                       "render board --scene '%s' %s --set base --seed 3 "
                                       "-o '%s'",
                                       files[0], tiles, png),
                         0);
        assert_int_equal(access(png, R_OK), 0);
        tkit_run_finish(&r);
        free(png);
        for (size_t i = 0; i < n; i++)
                free(files[i]);
        free(files);
        free(a);
        free(b);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_road_figures),   cmocka_unit_test(test_tokens_and_posts),
            cmocka_unit_test(test_small_tiles),    cmocka_unit_test(test_languages_svg),
            cmocka_unit_test(test_languages_pdf),  cmocka_unit_test(test_vocabulary),
            cmocka_unit_test(test_titles),
            cmocka_unit_test(test_inns),           cmocka_unit_test(test_deterministic),
            cmocka_unit_test(test_refused),        cmocka_unit_test(test_scenes_folder),
            cmocka_unit_test(test_nothing_hidden), cmocka_unit_test(test_map_cli),
            cmocka_unit_test(test_scenes_cli),     cmocka_unit_test(test_legend_modes),
            cmocka_unit_test(test_legend_width), cmocka_unit_test(test_torn_edges), cmocka_unit_test(test_named_crop),
        };
        return tkit_test_status(cmocka_run_group_tests(tests, setup, teardown));
}
