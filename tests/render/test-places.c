/* One meaning for where a figure stands: every figure the picture draws stands on the cell and the
 * feature the rules engine resolved for it (tkit_game_result's figures), and the spot drawn lies
 * inside that feature as the art draws it — for every scene of scenes/, and for generated scenes:
 * simulated boards with figures placed by every way of writing a place (feature ids, sides,
 * positions, words), on every rotation. Environment: TKIT_TILESETS, TKIT_SCENES. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game/game-build.h"
#include "render/tkit-render.h"
#include "sim/tkit-sim.h"
#include "tkit-test.h"

static int unload(void **state)
{
        tkit_test_sets_teardown(state);
        tkit_render_cleanup(); /* fontconfig's caches: a clean exit for leak checkers */
        return 0;
}

/* Lays out and draws `s` with the engine's result `r` (every tile shown) in `state` and returns
 * where things landed. The picture map is made before a pixel is drawn and is the same for every
 * format (tkit_render_scene_cairo, docs/render.md), so the drawing goes to a 1 x 1 surface: the
 * drawing code runs in full (under valgrind too) without rasterising or compressing a board-sized
 * PNG, which test-scene.c does for every scene. */
static struct tkit_scene_picture draw(const struct tkit_scene *s, const struct tkit_game_result *r,
                                      enum tkit_scene_state state)
{
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.state = state;
        o.px = 96;
        o.full = true;
        o.caption = false;
        struct tkit_scene_picture pic = {0};
        struct tkit_diags d;
        tkit_diags_init(&d);
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *cr = cairo_create(surface);
        int rc =
            tkit_render_scene_cairo(cr, s, r, tkit_test_sets.sets, tkit_test_sets.n, &o, &pic, &d);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        tkit_test_print_diags(&d);
        assert_int_equal(rc, 0);
        tkit_diags_finish(&d);
        return pic;
}

/* A figure on a cloister or garden stands beside its building (docs/render.md: never on it): the
 * picture map has the building of that feature on that cell, and the figure's box touches it
 * (within a third of its width, the ring of a new figure included). */
static void check_beside(const struct tkit_scene_picture *pic, const struct tkit_scene_mark *m,
                         const char *what, size_t k)
{
        const struct tkit_scene_mark *b = NULL;
        for (size_t i = 0; i < pic->nmarks && !b; i++)
                if (pic->marks[i].kind == TKIT_MARK_SYMBOL && pic->marks[i].feature == m->feature &&
                    pic->marks[i].cell_x == m->cell_x && pic->marks[i].cell_y == m->cell_y)
                        b = &pic->marks[i];
        if (!b) {
                fail_msg("%s: figure %zu: no building of feature %d on its cell", what, k,
                         m->feature);
                return;
        }
        double dx = fmax(0, fmax(m->x0 - b->x1, b->x0 - m->x1));
        double dy = fmax(0, fmax(m->y0 - b->y1, b->y0 - m->y1));
        if (hypot(dx, dy) > (m->x1 - m->x0) * 0.34)
                fail_msg("%s: figure %zu stands %.1f away from the building of feature %d", what, k,
                         hypot(dx, dy), m->feature);
}

/* Whether the move turns figure `index` (-1: the one it places) into a maiden or a barn farmer:
 * the move shown draws it on the token. */
static bool converted(const struct tkit_game_result *r, int index)
{
        for (size_t i = 0; i < r->nevents; i++)
                if (r->events[i].kind == TKIT_EV_CONVERT && r->events[i].figure == index)
                        return true;
        return false;
}

/* Each figure drawn on a feature: the engine's cell and feature, the spot inside it (beside the
 * building of a cloister or garden); before the move (the scene's figures, and no points scored
 * yet) and in the move shown (the figure placed too). Returns the number of figures checked. */
static size_t check_state(const struct tkit_scene *s, const struct tkit_game_result *r,
                          const char *what, enum tkit_scene_state state)
{
        struct tkit_scene_picture pic = draw(s, r, state);
        size_t checked = 0;
        bool placed = s->move.kind == TKIT_MOVE_TILE && s->move.has_figure;
        for (size_t i = 0; i < pic.nmarks; i++) {
                const struct tkit_scene_mark *m = &pic.marks[i];
                if (state == TKIT_SCENE_BEFORE && m->kind == TKIT_MARK_BADGE)
                        fail_msg("%s: a badge of %+d points before the move", what, m->points);
                if (m->kind != TKIT_MARK_FIGURE ||
                    (state == TKIT_SCENE_DURING && converted(r, m->index)))
                        continue;
                size_t k = m->index >= 0 ? (size_t)m->index : r->nfigures - 1;
                assert_true(m->index >= 0 || placed);
                assert_true(k < r->nfigures);
                const struct tkit_game_place *e = &r->figures[k];
                if (e->feature == TKIT_GAME_PLACE_CELL)
                        continue; /* on a castle or a barn: a token, not a feature */
                if (m->cell_x != e->x || m->cell_y != e->y)
                        fail_msg("%s: figure %zu drawn on cell (%d, %d), the engine has it on "
                                 "(%d, %d)",
                                 what, k, m->cell_x, m->cell_y, e->x, e->y);
                int want = e->feature == TKIT_GAME_PLACE_BRIDGE ? -1 : e->feature;
                if (m->feature != want)
                        fail_msg("%s: figure %zu drawn on feature %d, the engine scores it on %d",
                                 what, k, m->feature, e->feature);
                bool inner = want >= 0 && m->tile->features[want].mask == 0 &&
                             m->tile->features[want].kind != TKIT_FIELD;
                if (inner) {
                        check_beside(&pic, m, what, k);
                } else if (want >= 0) {
                        int at = tkit_render_feature_at(m->tile, m->rotation, m->u, m->v);
                        if (at != want)
                                fail_msg("%s: figure %zu's spot (%.2f, %.2f) lies on feature %d "
                                         "of tile %s, the engine's is %d",
                                         what, k, m->u, m->v, at, m->tile->id, want);
                }
                checked++;
        }
        tkit_scene_picture_finish(&pic);
        return checked;
}

static size_t check(const struct tkit_scene *s, const struct tkit_game_result *r, const char *what)
{
        return check_state(s, r, what, TKIT_SCENE_BEFORE) +
               check_state(s, r, what, TKIT_SCENE_DURING);
}

static void test_scenes(void **state)
{
        (void)state;
        char **files = tkit_test_files(tkit_test_env("TKIT_SCENES"), ".xml", NULL);
        size_t figures = 0;
        for (size_t i = 0; files[i]; i++) {
                if (!tkit_test_sampled(i))
                        continue;
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_scene *s = tkit_scene_read_file(files[i], &d, NULL);
                assert_non_null(s);
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                assert_int_equal(
                    tkit_game_apply(s, tkit_test_sets.sets, tkit_test_sets.n, false, &r, &d), 0);
                figures += check(s, &r, strrchr(files[i], '/') + 1);
                tkit_game_result_finish(&r);
                tkit_diags_finish(&d);
                tkit_scene_destroy(s);
        }
        tkit_test_files_free(files);
        assert_true(figures >= 60 / tkit_test_sample_every());
}

/* ---------------------------------------------------------------- generated scenes */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static unsigned next(unsigned n)
{
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        return (unsigned)(rng % n);
}

/* A way to name feature `f` of tile `t` turned `rot`: its id, a side or position that the board
 * shows it on, or the word of a cloister or garden; NULL when the choice made has no name. */
static char *name_of(const struct tkit_tile *t, int rot, int f)
{
        const struct tkit_feature *fe = &t->features[f];
        uint16_t m = tkit_mask_rotate(fe->mask, rot);
        switch (next(4)) {
        case 0:
                return tkit_xstrdup(fe->id);
        case 1: {
                unsigned sides = tkit_feature_board_sides(fe, rot);
                for (int s = 0; s < 4; s++)
                        if (sides >> s & 1u) {
                                char n[2] = {tkit_side_letter(s), 0};
                                return tkit_xstrdup(n);
                        }
                return NULL;
        }
        case 2:
                for (int p = 0; p < TKIT_NPOS; p++)
                        if (m >> p & 1u)
                                return tkit_xstrdup(tkit_pos_name(p));
                return NULL;
        default:
                return fe->kind == TKIT_CLOISTER ? tkit_xstrdup("cloister")
                       : fe->kind == TKIT_GARDEN ? tkit_xstrdup("garden")
                                                 : NULL;
        }
}

/* Adds up to `want` figures to the generated scene `s`, each kept only when the scene stays
 * legal (the engine decides). */
static void add_figures(struct tkit_scene *s, size_t want)
{
        for (size_t tries = 0; s->nfigures < want && tries < want * 8; tries++) {
                const struct tkit_scene_tile *t = &s->tiles[next((unsigned)s->ntiles)];
                if (t->is_piece)
                        continue;
                const struct tkit_set *set;
                int hits;
                const struct tkit_tile *def =
                    tkit_scene_find_def(s, tkit_test_sets.sets, tkit_test_sets.n, t, &set, &hits);
                if (!def || !def->nfeatures)
                        continue;
                char *spec = name_of(def, t->rotation / 90, (int)next((unsigned)def->nfeatures));
                if (!spec)
                        continue;
                struct tkit_scene_figure *f = tkit_scene_add_figure(s);
                f->player = (int)next((unsigned)s->nplayers);
                f->x = t->x;
                f->y = t->y;
                f->feature = spec;
                f->line = 1000 + (int)s->nfigures;
                struct tkit_diags d;
                tkit_diags_init(&d);
                if (tkit_game_validate(s, tkit_test_sets.sets, tkit_test_sets.n, &d) != 0)
                        tkit_scene_figure_finish(&s->figures[--s->nfigures]);
                tkit_diags_finish(&d);
        }
}

/* Simulated boards (base, river, Castles & Bridges: rotations, bridges, villages), figures named
 * every way: the picture draws each where the engine counts it. */
static void test_generated(void **state)
{
        (void)state;
        static const char *const ids[] = {"base", "river", "castles-bridges"};
        struct tkit_set *play[3];
        for (size_t i = 0; i < 3; i++) {
                play[i] = NULL;
                for (size_t k = 0; k < tkit_test_sets.n; k++)
                        if (strcmp(tkit_test_sets.sets[k]->id, ids[i]) == 0)
                                play[i] = tkit_test_sets.sets[k];
                assert_non_null(play[i]);
        }
        size_t figures = 0;
        for (uint64_t seed = 1; seed <= 12; seed++) {
                if (!tkit_test_sampled(seed - 1))
                        continue;
                struct tkit_sim_options o;
                tkit_sim_options_init(&o);
                o.seed = seed;
                o.players = 3;
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_layout *l = tkit_simulate(play, seed % 2 ? 3 : 1, &o, &d);
                assert_non_null(l);
                struct tkit_scene *s = tkit_layout_to_scene(l);
                tkit_layout_destroy(l);
                add_figures(s, 24);
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                assert_int_equal(
                    tkit_game_apply(s, tkit_test_sets.sets, tkit_test_sets.n, true, &r, &d), 0);
                char *what = tkit_xasprintf("generated scene, seed %llu", (unsigned long long)seed);
                figures += check(s, &r, what);
                free(what);
                tkit_game_result_finish(&r);
                tkit_diags_finish(&d);
                tkit_scene_destroy(s);
        }
        assert_true(figures >= 150 / tkit_test_sample_every());
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_scenes),
            cmocka_unit_test(test_generated),
        };
        return tkit_test_status(cmocka_run_group_tests(tests, tkit_test_sets_setup, unload));
}
