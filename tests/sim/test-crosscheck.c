/* The simulator and the rules engine read one edge table (model/tkit-model.h, "joins"), so they
 * must agree on every board: for 1,350 seeded layouts over the bundled sets (the river, bridges,
 * the fortress, besiegers, inns and cathedrals...), the completed cities, roads and cloisters that
 * the simulator counts as it lays a game out (what `tilekit simulate` reports) equal what the
 * engine finds on the same layout turned into a scene, the way `tilekit scene from-layout` turns
 * it: written as layout JSON, read back against the sets (resolved and verified), made a scene;
 * every 20th scene also goes through its XML, as `scene from-layout` writes it and `score` reads
 * it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <glob.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "sim/tkit-sim.h"
#include "tkit-test.h"

#define SEEDS 150 /* per combination of sets; 9 combinations */

static const char *src_root(void)
{
        const char *r = getenv("TKIT_SOURCE_ROOT");
        return r ? r : ".";
}

static int setup(void **state)
{
        struct tkit_setlist *all = calloc(1, sizeof(*all));
        struct tkit_diags d;
        tkit_diags_init(&d);
        tkit_setlist_init(all);
        char *pattern = tkit_xasprintf("%s/tilesets/*.xml", src_root());
        glob_t g;
        int rc = glob(pattern, 0, NULL, &g);
        free(pattern);
        for (size_t i = 0; rc == 0 && i < g.gl_pathc; i++)
                if (tkit_read_file(g.gl_pathv[i], TKIT_FORMAT_AUTO, all, &d) < 0) {
                        tkit_diags_write(&d, stderr, false);
                        rc = -1;
                }
        if (rc == 0)
                globfree(&g);
        tkit_diags_finish(&d);
        *state = all;
        return rc == 0 && all->n >= 8 ? 0 : -1;
}

static int teardown(void **state)
{
        tkit_setlist_finish(*state);
        free(*state);
        return 0;
}

/* The layout's board as `scene from-layout` makes it: JSON out, JSON read against the sets
 * (resolved, replayed by the verifier), then a scene; with `xml`, also through the scene's XML. */
static struct tkit_scene *scene_of(const struct tkit_layout *l, struct tkit_set *const *sets,
                                   size_t n, bool xml, struct tkit_diags *d)
{
        struct tkit_buf json;
        tkit_buf_init(&json);
        tkit_layout_write_json(l, &json);
        struct tkit_layout *r =
            tkit_layout_read_json(json.data, json.len, "layout.json", sets, n, d);
        tkit_buf_finish(&json);
        if (!r)
                return NULL;
        struct tkit_scene *s = tkit_layout_to_scene(r);
        tkit_layout_destroy(r);
        if (!xml)
                return s;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_scene_write(s, &b);
        tkit_scene_destroy(s);
        s = tkit_scene_read(b.data, b.len, "scene.xml", d);
        tkit_buf_finish(&b);
        return s;
}

static void fail_with(struct tkit_diags *d, const char *what, const char *sets, uint64_t seed)
{
        tkit_test_print_diags(d);
        fail_msg("%s: sets %s, seed %llu", what, sets, (unsigned long long)seed);
}

/* Totals over all layouts, so that the test cannot pass on boards with nothing to count. */
struct totals {
        long layouts, cities, roads, cloisters, bridges, pieces, river;
};

static void check_one(struct tkit_sim *sim, struct tkit_set *const *sets, size_t n,
                      const char *names, uint64_t seed, struct totals *t)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_sim_options o;
        tkit_sim_options_init(&o);
        o.seed = seed;
        struct tkit_layout *l = tkit_sim_layout(sim, &o);
        struct tkit_scene *s = scene_of(l, sets, n, seed % 20 == 0, &d);
        if (!s)
                fail_with(&d, "the layout does not become a scene", names, seed);
        struct tkit_game_census c;
        if (tkit_game_census(s, sets, n, &c, &d) != 0)
                fail_with(&d, "the engine refuses the layout's board", names, seed);
        const struct tkit_layout_stats *st = &l->stats;
        if (c.cities_completed != st->cities_completed ||
            c.roads_completed != st->roads_completed ||
            c.cloisters_completed != st->cloisters_completed)
                fail_msg("sets %s, seed %llu: completed cities, roads, cloisters: simulate %d %d "
                         "%d, engine %d %d %d",
                         names, (unsigned long long)seed, st->cities_completed, st->roads_completed,
                         st->cloisters_completed, c.cities_completed, c.roads_completed,
                         c.cloisters_completed);
        t->layouts++;
        t->cities += c.cities_completed;
        t->roads += c.roads_completed;
        t->cloisters += c.cloisters_completed;
        t->bridges += st->bridges;
        for (size_t i = 0; i < l->nplacements; i++) {
                t->pieces += l->placements[i].is_piece;
                t->river += l->placements[i].def && strcmp(l->placements[i].set, "river") == 0;
        }
        tkit_scene_destroy(s);
        tkit_layout_destroy(l);
        tkit_diags_finish(&d);
}

static void test_crosscheck(void **state)
{
        struct tkit_setlist *all = *state;
        /* base alone, with each other bundled set, and with all of them */
        static const char *const combos[][10] = {
            {"base"},
            {"base", "river"},
            {"base", "castles-bridges"},
            {"base", "siege-defense"},
            {"base", "besiegers"},
            {"base", "cathars"},
            {"base", "siege-rgg", "river"},
            {"base", "inns-cathedrals"},
            {"base", "river", "castles-bridges", "siege-defense", "besiegers", "cathars",
             "inns-cathedrals"},
        };
        struct totals t = {0};
        for (size_t k = 0; k < sizeof combos / sizeof *combos; k++) {
                struct tkit_set *sets[10];
                size_t n = 0;
                struct tkit_buf names;
                tkit_buf_init(&names);
                for (; n < 10 && combos[k][n]; n++) {
                        sets[n] = tkit_setlist_find(all, combos[k][n]);
                        if (!sets[n])
                                fail_msg("no bundled set '%s'", combos[k][n]);
                        tkit_buf_printf(&names, "%s%s", n ? "," : "", combos[k][n]);
                }
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_sim *sim = tkit_sim_create(sets, n, &d);
                if (!sim)
                        fail_with(&d, "no simulator", names.data, 0);
                for (uint64_t seed = 1; seed <= SEEDS; seed++)
                        if (tkit_test_sampled(seed)) /* under the quick valgrind pass 1 in 8 */
                                check_one(sim, sets, n, names.data, seed, &t);
                tkit_sim_destroy(sim);
                tkit_diags_finish(&d);
                tkit_buf_finish(&names);
        }
        print_message("%ld layouts: %ld completed cities, %ld roads, %ld cloisters; %ld bridges, "
                      "%ld fortress pieces, %ld river tiles\n",
                      t.layouts, t.cities, t.roads, t.cloisters, t.bridges, t.pieces, t.river);
        assert_true(t.layouts >= 1000 / (long)tkit_test_sample_every());
        assert_true(t.cities > 0 && t.roads > 0 && t.cloisters > 0);
        assert_true(t.bridges > 0 && t.pieces > 0 && t.river > 0);
}

/* A piece whose two cells share a city by id only (its parts lie on the piece's outer sides, not
 * across the edge between its cells): one city, completed once when both its ends are closed,
 * the way the engine joins the cells of a piece (tkit_piece_cells_join). Two city caps are the
 * only other cities. (The engine counts every city on a piece as complete, the fortress rule, so
 * this is the simulator's side alone.) */
static struct tkit_set *twin_set(void)
{
        struct tkit_set *s = tkit_set_create("twin");
        struct tkit_piece *p = tkit_set_add_piece(s, "twin", 2, 1);
        for (int x = 0; x < 2; x++) {
                struct tkit_tile *c = tkit_piece_cell(p, x, 0);
                int end = x ? TKIT_E : TKIT_W;
                tkit_tile_add_feature(c, TKIT_CITY, "keep")->mask = (uint16_t)TKIT_MASK_SIDE(end);
                tkit_tile_add_feature(c, TKIT_FIELD, "land")->mask =
                    (uint16_t)(TKIT_MASK_ALL & ~TKIT_MASK_SIDE(end));
        }
        struct tkit_tile *cap = tkit_set_add_tile(s, "cap");
        cap->count = 2;
        tkit_tile_add_feature(cap, TKIT_CITY, "c")->mask = (uint16_t)TKIT_MASK_SIDE(TKIT_E);
        tkit_tile_add_feature(cap, TKIT_FIELD, "f")->mask =
            (uint16_t)(TKIT_MASK_ALL & ~TKIT_MASK_SIDE(TKIT_E));
        struct tkit_tile *plain = tkit_set_add_tile(s, "plain");
        plain->count = 1;
        tkit_tile_add_feature(plain, TKIT_FIELD, "f")->mask = TKIT_MASK_ALL;
        return s;
}

static bool occupied(const struct tkit_layout *l, int x, int y)
{
        for (size_t i = 0; i < l->nplacements; i++) {
                struct tkit_layout_cell cells[2];
                size_t n = tkit_placement_cells(&l->placements[i], cells, 2);
                for (size_t k = 0; k < n && k < 2; k++)
                        if (cells[k].x == x && cells[k].y == y)
                                return true;
        }
        return false;
}

/* Whether the two caps are laid city to city. */
static int caps_face(const struct tkit_layout *l)
{
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        const struct tkit_placement *c[2];
        int n = 0;
        for (size_t i = 0; i < l->nplacements && n < 2; i++)
                if (strcmp(l->placements[i].tile, "cap") == 0)
                        c[n++] = &l->placements[i];
        if (n < 2)
                return 0;
        int a = tkit_side_rotate(TKIT_E, c[0]->rotation / 90);
        int b = tkit_side_rotate(TKIT_E, c[1]->rotation / 90);
        return c[0]->x + dx[a] == c[1]->x && c[0]->y + dy[a] == c[1]->y && b == (a + 2) % 4;
}

static void test_piece_shares_features(void **state)
{
        (void)state;
        struct tkit_set *s = twin_set();
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_sim *sim = tkit_sim_create(&s, 1, &d);
        assert_non_null(sim);
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        int closed = 0;
        for (uint64_t seed = 1; seed <= 2000; seed++) {
                struct tkit_sim_options o;
                tkit_sim_options_init(&o);
                o.seed = seed;
                struct tkit_layout *l = tkit_sim_layout(sim, &o);
                assert_true(l->placements[0].is_piece);
                struct tkit_layout_cell cells[2];
                assert_int_equal(tkit_placement_cells(&l->placements[0], cells, 2), 2);
                bool both = true;
                for (int k = 0; k < 2; k++) {
                        int side = tkit_side_rotate(k ? TKIT_E : TKIT_W, cells[k].rotation / 90);
                        both &= occupied(l, cells[k].x + dx[side], cells[k].y + dy[side]);
                }
                /* the two caps can also close each other, face to face */
                int expect = both + caps_face(l);
                if (l->stats.cities_completed != expect)
                        fail_msg("seed %llu: %d completed cities, expected %d",
                                 (unsigned long long)seed, l->stats.cities_completed, expect);
                closed += both;
                tkit_layout_destroy(l);
        }
        assert_true(closed >= 5 && closed < 2000);
        tkit_sim_destroy(sim);
        tkit_set_destroy(s);
        tkit_diags_finish(&d);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test_setup_teardown(test_crosscheck, setup, teardown),
            cmocka_unit_test(test_piece_shares_features),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
