/* Tests of the one reading of a figure's place (tkit_place_resolve, game/place.c): feature ids,
 * the board's sides and positions after rotation, the words, bridges, the ambiguous and empty
 * cases, the message listing the choices; and the one lookup of a scene's tile
 * (tkit_scene_find_def). Tiles are built here, not read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/tkit-model.h"
#include "model/tkit-scene.h"
#include "game/tkit-place.h"

static uint16_t mask(const char *const *pos)
{
        uint16_t m = 0;
        for (; *pos; pos++) {
                int s = tkit_side_parse(*pos);
                m |= s >= 0 ? TKIT_MASK_SIDE(s) : (uint16_t)(1u << tkit_pos_parse(*pos));
        }
        return m;
}

static void feature(struct tkit_tile *t, enum tkit_feature_kind k, const char *id,
                    const char *const *pos)
{
        tkit_tile_add_feature(t, k, id)->mask = pos ? mask(pos) : 0;
}

/* Base tile D: city N, road E W, field f1 north of the road, f2 south. */
static void tile_d(struct tkit_tile *t)
{
        tkit_tile_init(t);
        t->id = tkit_xstrdup("D");
        feature(t, TKIT_CITY, "c", (const char *const[]){"N", NULL});
        feature(t, TKIT_ROAD, "r", (const char *const[]){"EM", "WM", NULL});
        feature(t, TKIT_FIELD, "f1", (const char *const[]){"EL", "WR", NULL});
        feature(t, TKIT_FIELD, "f2", (const char *const[]){"ER", "S", "WL", NULL});
        t->features[3].mask &= (uint16_t) ~(1u << TKIT_POS(TKIT_S, TKIT_M)); /* a field side */
}

static int at(const struct tkit_tile *t, int rot, int bridge, const char *spec)
{
        return tkit_place_resolve(t, rot, bridge, spec, NULL);
}

/* A side or position is the board's, as the picture shows it: after rotation. */
static void test_board_sides(void **state)
{
        (void)state;
        struct tkit_tile t;
        tile_d(&t);
        assert_int_equal(at(&t, 0, 0, "N"), 0);
        assert_int_equal(at(&t, 0, 0, "E"), 1);
        assert_int_equal(at(&t, 0, 0, "S"), 3); /* a field side: its one field */
        assert_int_equal(at(&t, 0, 0, "EL"), 2);
        /* turned 90: the city faces east, the road runs N-S, f1 lies east of it */
        assert_int_equal(at(&t, 1, 0, "E"), 0);
        assert_int_equal(at(&t, 1, 0, "N"), 1);
        assert_int_equal(at(&t, 1, 0, "NR"), 2);
        assert_int_equal(at(&t, 1, 0, "W"), 3);
        /* turned 180: the city on the board's south */
        assert_int_equal(at(&t, 2, 0, "S"), 0);
        assert_int_equal(at(&t, 2, 0, "N"), 3);
        assert_int_equal(at(&t, -2, 0, "S"), 0); /* any integer of quarter turns */
        /* ids do not turn */
        for (int r = 0; r < 4; r++)
                assert_int_equal(at(&t, r, 0, "f2"), 3);
        tkit_tile_finish(&t);
}

static void test_words_and_bridges(void **state)
{
        (void)state;
        struct tkit_tile t;
        tkit_tile_init(&t);
        t.id = tkit_xstrdup("plain");
        feature(&t, TKIT_FIELD, "f",
                (const char *const[]){"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR", NULL});
        enum tkit_place_error err;
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "cloister", &err), TKIT_PLACE_NONE);
        assert_int_equal(err, TKIT_PLACE_NO_FEATURE);
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "bridge", &err), TKIT_PLACE_NONE);
        assert_int_equal(err, TKIT_PLACE_NO_FEATURE);
        /* a bridge E-W: "bridge", its ends and their middles are the bridge; N is the field */
        assert_int_equal(at(&t, 0, 2, "bridge"), TKIT_PLACE_BRIDGE);
        assert_int_equal(at(&t, 0, 2, "E"), TKIT_PLACE_BRIDGE);
        assert_int_equal(at(&t, 0, 2, "WM"), TKIT_PLACE_BRIDGE);
        assert_int_equal(at(&t, 0, 2, "N"), 0);
        assert_int_equal(at(&t, 0, 1, "S"), TKIT_PLACE_BRIDGE);
        assert_int_equal(at(&t, 0, 1, "E"), 0);
        /* an empty position */
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "NM", &err), TKIT_PLACE_NONE);
        assert_int_equal(err, TKIT_PLACE_EMPTY);
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "castle", &err), TKIT_PLACE_NONE);
        assert_int_equal(err, TKIT_PLACE_UNKNOWN);
        assert_int_equal(tkit_place_resolve(&t, 0, 0, NULL, &err), TKIT_PLACE_NONE);
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "", &err), TKIT_PLACE_NONE);
        /* two cloisters: "cloister" is ambiguous, their ids are not */
        feature(&t, TKIT_CLOISTER, "m1", NULL);
        assert_int_equal(at(&t, 0, 0, "cloister"), 1);
        feature(&t, TKIT_CLOISTER, "m2", NULL);
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "cloister", &err), TKIT_PLACE_NONE);
        assert_int_equal(err, TKIT_PLACE_AMBIGUOUS);
        assert_int_equal(at(&t, 0, 0, "m2"), 2);
        tkit_tile_finish(&t);
}

/* A field side whose halves belong to two fields names neither. */
static void test_split_side(void **state)
{
        (void)state;
        struct tkit_tile t;
        tkit_tile_init(&t);
        t.id = tkit_xstrdup("split");
        feature(&t, TKIT_FIELD, "a", (const char *const[]){"NL", "W", NULL});
        feature(&t, TKIT_FIELD, "b", (const char *const[]){"NR", "E", "S", NULL});
        t.features[0].mask &= (uint16_t) ~(1u << TKIT_POS(TKIT_W, TKIT_M));
        t.features[1].mask &=
            (uint16_t) ~((1u << TKIT_POS(TKIT_E, TKIT_M)) | (1u << TKIT_POS(TKIT_S, TKIT_M)));
        enum tkit_place_error err;
        assert_int_equal(tkit_place_resolve(&t, 0, 0, "N", &err), TKIT_PLACE_NONE);
        assert_int_equal(err, TKIT_PLACE_AMBIGUOUS);
        assert_int_equal(at(&t, 0, 0, "NL"), 0);
        assert_int_equal(at(&t, 0, 0, "W"), 0);
        assert_int_equal(at(&t, 1, 0, "N"), 0); /* turned: the west side faces north */
        tkit_tile_finish(&t);
}

/* The message names the place, the tile and its rotation, and lists the features with the sides
 * they show on the board. */
static void test_message(void **state)
{
        (void)state;
        struct tkit_tile t;
        tile_d(&t);
        enum tkit_place_error err;
        assert_int_equal(tkit_place_resolve(&t, 1, 0, "city", &err), TKIT_PLACE_NONE);
        char *m = tkit_place_message(&t, "base", 1, 0, "city", err);
        assert_non_null(strstr(m, "no feature 'city' on base/D (rotation 90); features: c (city, "
                                  "E), r (road, N S), f1 (field), f2 (field); or a side N E S W"));
        free(m);
        m = tkit_place_message(&t, NULL, 0, 2, "NM", TKIT_PLACE_EMPTY);
        assert_non_null(strstr(m, "nothing at 'NM' on D (rotation 0)"));
        assert_non_null(strstr(m, "bridge (road, E W)"));
        free(m);
        assert_int_equal(tkit_feature_board_sides(&t.features[0], 3), 1u << TKIT_W);
        assert_int_equal(tkit_feature_board_sides(&t.features[1], 1),
                         (1u << TKIT_N) | (1u << TKIT_S));
        assert_int_equal(tkit_feature_board_sides(&t.features[3], 0), 0);
        tkit_tile_finish(&t);
}

/* The tile a scene names: in the scene's sets, in its order; with set=, there only; the count of
 * sets holding it says when it is ambiguous. */
static void test_find_def(void **state)
{
        (void)state;
        struct tkit_set *a = tkit_set_create("a"), *b = tkit_set_create("b");
        tkit_set_add_tile(a, "X");
        tkit_set_add_tile(b, "X");
        tkit_set_add_tile(b, "Y");
        struct tkit_set *all[] = {a, b};
        struct tkit_scene *s = tkit_scene_create("s");
        tkit_scene_add_set(s, "b");
        tkit_scene_add_set(s, "a");
        struct tkit_scene_tile *t = tkit_scene_add_tile(s, NULL, "X");
        const struct tkit_set *set;
        int hits;
        assert_ptr_equal(tkit_scene_find_def(s, all, 2, t, &set, &hits), &b->tiles[0]);
        assert_ptr_equal(set, b);
        assert_int_equal(hits, 2);
        t = tkit_scene_add_tile(s, "a", "X");
        assert_ptr_equal(tkit_scene_find_def(s, all, 2, t, &set, &hits), &a->tiles[0]);
        assert_int_equal(hits, 1);
        t = tkit_scene_add_tile(s, "a", "Y");
        assert_null(tkit_scene_find_def(s, all, 2, t, &set, &hits));
        assert_int_equal(hits, 0);
        assert_null(set);
        tkit_scene_destroy(s);
        s = tkit_scene_create("no-sets"); /* none named: every set given */
        t = tkit_scene_add_tile(s, NULL, "Y");
        assert_ptr_equal(tkit_scene_find_def(s, all, 2, t, &set, &hits), &b->tiles[1]);
        tkit_scene_destroy(s);
        tkit_set_destroy(a);
        tkit_set_destroy(b);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_board_sides), cmocka_unit_test(test_words_and_bridges),
            cmocka_unit_test(test_split_side),  cmocka_unit_test(test_message),
            cmocka_unit_test(test_find_def),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
