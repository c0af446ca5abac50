/* Tests of the rules engine: the rulebooks' worked examples and the rules, on scenes built in
 * code over the bundled tile sets; bad scenes and their diagnostics; the rule ids against
 * docs/scoring.md. Environment: TKIT_TILESETS, TKIT_DOCS (the docs/ folder). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game-build.h"
#include "tkit-test.h"

/* Applies the scene; asserts it is legal; returns the result (caller finishes it). */
static struct tkit_game_result apply_ok(struct tkit_scene *s, bool final)
{
        struct tkit_game_result r;
        tkit_game_result_init(&r);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_game_apply(s, tkit_test_sets.sets, tkit_test_sets.n, final, &r, &d);
        tkit_test_print_diags(&d);
        assert_int_equal(rc, 0);
        tkit_diags_finish(&d);
        /* every event cites a scoring rule, about the feature kind it concerns */
        for (size_t i = 0; i < r.nevents; i++) {
                const struct tkit_game_event *e = &r.events[i];
                assert_true(e->rule > TKIT_GR_NONE && e->rule < TKIT_GR_SCENE_FIRST);
                if ((unsigned)e->feature_kind < TKIT_FEATURE_KIND_COUNT &&
                    tkit_game_rule_info(e->rule)->kinds &&
                    !tkit_game_rule_applies(e->rule, e->feature_kind))
                        fail_msg("event %zu: rule %s is not about a %s", i,
                                 tkit_game_rule_id(e->rule),
                                 tkit_feature_kind_name(e->feature_kind));
        }
        return r;
}

/* Applies a scene that must be refused with `rule` at `line`; `valid`: legal as a board, the
 * move refused when played. */
static void refused(struct tkit_scene *s, const char *rule, int line, bool valid)
{
        struct tkit_game_result r;
        tkit_game_result_init(&r);
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_int_equal(tkit_game_validate(s, tkit_test_sets.sets, tkit_test_sets.n, &d),
                         valid ? 0 : TKIT_E_INVALID);
        tkit_diags_clear(&d);
        assert_int_equal(tkit_game_apply(s, tkit_test_sets.sets, tkit_test_sets.n, false, &r, &d),
                         TKIT_E_INVALID);
        bool found = false;
        for (size_t i = 0; i < d.n; i++)
                found |= d.v[i].rule && strcmp(d.v[i].rule, rule) == 0 && d.v[i].line == line &&
                         d.v[i].file && strcmp(d.v[i].file, "test.xml") == 0;
        if (!found)
                tkit_test_print_diags(&d);
        assert_true(found);
        assert_null(r.after);
        if (!valid)
                assert_int_equal(r.nevents, 0);
        tkit_diags_finish(&d);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

static void apply_bad(struct tkit_scene *s, const char *rule, int line)
{
        refused(s, rule, line, false);
}

static int count_of(const struct tkit_game_result *r, const char *what, int player)
{
        int n = 0;
        enum tkit_count want = tkit_count_parse(what);
        assert_int_not_equal(want, TKIT_COUNT_NONE); /* a word of the list */
        for (size_t i = 0; i < r->nevents; i++)
                n += r->events[i].count == want && (player < 0 || r->events[i].player == player);
        return n;
}

/* A road west to east on row 0 from x0: X (crossing) at x0, then `tiles` ("U" straight, "B"
 * a city cap with a bridge across its fields), the last cell left for the move. Returns the next
 * free x. */
static int road_row(struct tkit_scene *s, int x0, const char *tiles)
{
        gb_tile(s, "base", "X", x0, 0, 0);
        int x = x0 + 1;
        for (const char *t = tiles; *t; t++, x++) {
                if (*t == 'U')
                        gb_tile(s, "base", "U", x, 0, 90);
                else
                        gb_tile(s, "base", "E", x, 0, 0)->bridge = 2;
        }
        return x;
}

/* Castles & Bridges, Example 2: a road of 3 tiles with 1 bridge: 6. */
static void cb_example_2(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red blue:blue");
        int x = road_row(s, 0, "U");
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 1, 0, "r");
        struct tkit_scene_move *m = gb_move(s, "you", "castles-bridges", "plain-1", x, 0, 0);
        m->placed.bridge = 2;
        m->build = TKIT_BUILD_BRIDGE;
        gb_tile(s, "base", "W", x + 1, 0, 0);
        /* the W reaches the board through the row above (a city cap over plain-1's north cap) */
        gb_tile(s, "base", "B", x - 1, -1, 0);
        gb_tile(s, "base", "E", x, -1, 180);
        gb_tile(s, "base", "B", x + 1, -1, 0);
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 6);
        assert_int_equal(r.points[1], 0);
        assert_int_equal(count_of(&r, "completed-road", -1), 1);
        assert_int_equal(count_of(&r, "bridge", -1), 1);
        assert_int_equal(count_of(&r, "returned", 0), 1);
        /* the road's places: X, U, the bridge, W */
        bool bridge = false;
        for (size_t i = 0; i < r.nevents; i++)
                if (r.events[i].kind == TKIT_EV_SCORE) {
                        assert_int_equal(r.events[i].nplaces, 4);
                        for (size_t k = 0; k < r.events[i].nplaces; k++)
                                bridge |= r.events[i].places[k].feature == TKIT_GAME_PLACE_BRIDGE &&
                                          r.events[i].places[k].x == 2;
                }
        assert_true(bridge);
        /* the scene after: the tile on the board, the traveler gone */
        assert_int_equal(r.after->ntiles, s->ntiles + 1);
        assert_int_equal(r.after->nfigures, 0);
        assert_int_equal(r.after->move.kind, TKIT_MOVE_NONE);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Castles & Bridges, Example 3: 7 road tiles and 2 bridges, a tie: 13 each. */
static void cb_example_3(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red blue:blue");
        int x = road_row(s, 0, "UBUUUBU");
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 1, 0, "r");
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 4, 0, "r");
        gb_move(s, "you", "base", "W", x, 0, 0);
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 13);
        assert_int_equal(r.points[1], 13);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* A bridge scores 1 at the end of the game; an inn road nothing. */
static void bridge_end(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red");
        road_row(s, 0, "UB");
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 1, 0, "r");
        struct tkit_game_result r = apply_ok(s, true);
        assert_int_equal(r.points[0], 3); /* X, U, and the bridge */
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Castles & Bridges, Example 4: a castle on a completed 2-tile city; the knight becomes a
 * maiden; nobody scores the city. */
static void cb_example_4(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red blue:blue");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 0, 0, "c");
        gb_move(s, "you", "base", "E", 0, -1, 180);
        s->move.build = TKIT_BUILD_CASTLE;
        s->move.build_feature = tkit_xstrdup("c");
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0] + r.points[1], 0);
        assert_int_equal(count_of(&r, "castle", -1), 1);
        assert_int_equal(count_of(&r, "maiden", 1), 1);
        assert_int_equal(count_of(&r, "completed-city", -1), 0);
        assert_int_equal(r.after->ncastles, 1);
        assert_int_equal(r.after->nfigures, 1);
        assert_int_equal(r.after->figures[0].at, TKIT_AT_CASTLE);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Not on a city of three tiles, nor with a big meeple in it: no castle, the city scores. */
static void castle_refused(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_tile(s, "base", "G", 0, -1, 0);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "c");
        gb_move(s, "you", "base", "E", 0, -2, 180);
        s->move.build = TKIT_BUILD_CASTLE;
        s->move.build_feature = tkit_xstrdup("c");
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(count_of(&r, "castle", -1), 0);
        assert_int_equal(count_of(&r, "refused", -1), 1);
        assert_int_equal(r.points[0], 6);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Castles & Bridges, Example 5: a maiden taken back: 1 + 1 other maiden + 3 knights = 5. */
static void cb_example_5(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red yellow:yellow");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_tile(s, "base", "E", 0, -1, 180);
        gb_tile(s, "base", "E", 2, 0, 0);
        gb_tile(s, "base", "E", 2, -1, 180);
        gb_castle(s, "k1", 0, 0, "c");
        gb_castle(s, "k2", 2, 0, "c");
        gb_maiden(s, "you", 0);
        gb_maiden(s, "yellow", 1);
        gb_tile(s, "base", "D", 0, 1, 180); /* three open cities with knights */
        gb_tile(s, "base", "D", 1, 1, 180);
        gb_tile(s, "base", "D", 2, 1, 180);
        gb_fig(s, "yellow", TKIT_FIGURE_MEEPLE, 0, 1, "c");
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 1, 1, "c");
        gb_fig(s, "yellow", TKIT_FIGURE_MEEPLE, 2, 1, "c");
        gb_move(s, "you", "base", "B", 1, 0, 0)->take_maiden = 0;
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 5);
        assert_int_equal(count_of(&r, "returned", 0), 1);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Castles & Bridges, Examples 6, 8 and 9: a barn where four field corners meet, the farmer moved
 * onto it, 1 per farmer on the board: 4. */
static void cb_example_9(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red blue:blue");
        gb_tile(s, "base", "B", 0, 0, 0);
        gb_tile(s, "base", "B", 1, 0, 0);
        gb_tile(s, "base", "B", 0, 1, 0);
        gb_tile(s, "base", "U", 2, 0, 0); /* its road keeps blue's field apart */
        gb_tile(s, "base", "E", 3, 0, 0);
        gb_tile(s, "base", "E", 4, 0, 0);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "f");
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 3, 0, "f");
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 4, 0, "f");
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 1, 0, "m");
        gb_move(s, "you", "base", "V", 1, 1, 270); /* the road runs east and south */
        s->move.build = TKIT_BUILD_BARN;
        s->move.build_x = 1;
        s->move.build_y = 1;
        gb_move_fig(s, TKIT_FIGURE_MEEPLE, "f2");
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 4);
        assert_int_equal(count_of(&r, "barn", -1), 1);
        assert_int_equal(r.after->nbarns, 1);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Castles & Bridges, Example 7: a city wall at the point: no barn. */
static void cb_example_7(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red");
        gb_tile(s, "base", "B", 0, 0, 0);
        gb_tile(s, "base", "B", 1, 0, 0);
        gb_tile(s, "base", "E", 0, 1, 90); /* a city on its east side */
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "f");
        gb_move(s, "you", "base", "E", 1, 1, 270); /* the city goes on: a wall at the point */
        s->move.build = TKIT_BUILD_BARN;
        s->move.build_x = 1;
        s->move.build_y = 1;
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(count_of(&r, "barn", -1), 0);
        assert_int_equal(count_of(&r, "refused", -1), 1);
        assert_int_equal(r.points[0], 0);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Base game: a 2-tile city 4, a cloister 9, and at the end a field with two cities. */
static void base_rules(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red blue:blue");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "c");
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 0, 0, "f");
        gb_move(s, "you", "base", "E", 0, -1, 180);
        struct tkit_game_result r = apply_ok(s, true);
        assert_int_equal(r.points[0], 4);
        assert_int_equal(r.points[1], 3); /* the field beside the completed city, at the end */
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);

        /* the box has 4 cloisters and 2 with a road: road curves fill the ring */
        static const struct {
                const char *id;
                int x, y, rot;
        } ring[] = {{"V", -1, -1, 90}, {"B", 0, -1, 0}, {"V", 1, -1, 180}, {"B", -1, 0, 0},
                    {"B", 0, 0, 0},    {"B", 1, 0, 0},  {"A", -1, 1, 90},  {"A", 0, 1, 0}};
        s = gb_scene("base", "you:red");
        for (size_t i = 0; i < sizeof(ring) / sizeof(ring[0]); i++)
                gb_tile(s, "base", ring[i].id, ring[i].x, ring[i].y, ring[i].rot);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "cloister");
        gb_move(s, "you", "base", "V", 1, 1, 270);
        r = apply_ok(s, false);
        assert_int_equal(r.points[0], 9);
        assert_int_equal(count_of(&r, "completed-cloister", -1), 1);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Ties: equal majorities all score in full; a big meeple outweighs a meeple. */
static void majority(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "a:red b:blue c:green");
        road_row(s, 0, "UU");
        gb_fig(s, "a", TKIT_FIGURE_MEEPLE, 1, 0, "r");
        gb_fig(s, "b", TKIT_FIGURE_MEEPLE, 2, 0, "r");
        gb_move(s, "c", "base", "W", 3, 0, 0);
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 4);
        assert_int_equal(r.points[1], 4);
        assert_int_equal(r.points[2], 0);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Siege & Defense, Example 8: a counterattack at the monks' post, 3 players: 6, 12, 3. */
static void sd_example_8(void **state)
{
        (void)state;
        struct tkit_scene *s =
            gb_scene("base river siege-defense", "blue:blue you:red yellow:yellow");
        gb_fortress(s);
        gb_post(s, TKIT_POST_MONKS, "blue you yellow -", "blue you you", true);
        gb_move(s, "you", "base", "B", 3, -1, 0);
        gb_move_fig(s, TKIT_FIGURE_MEEPLE, "cloister");
        s->move.bonus = (struct tkit_scene_bonus){true, TKIT_POST_MONKS, false, -1, 203};
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 6);
        assert_int_equal(r.points[1], 12);
        assert_int_equal(r.points[2], 3);
        assert_int_equal(count_of(&r, "counterattack", -1), 1);
        assert_false(r.after->posts[0].catapult);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Siege & Defense, Example 7: with 2 players the dark "3" space does not count. */
static void sd_example_7(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base river siege-defense", "you:red blue:blue");
        gb_fortress(s);
        gb_post(s, TKIT_POST_KNIGHTS, "you blue - -", "", false);
        gb_move(s, "you", "base", "E", 0, -1, 0);
        gb_move_fig(s, TKIT_FIGURE_MEEPLE, "c");
        s->move.bonus = (struct tkit_scene_bonus){true, TKIT_POST_KNIGHTS, false, -1, 203};
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(count_of(&r, "counterattack", -1), 1);
        assert_int_equal(r.points[0], 6);
        assert_int_equal(r.points[1], 3);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Example 10's board: the attack on the monks' post; `removals` "player x y feature" ones. */
static struct tkit_scene *attack_scene(int nchoices, const char *const *removals)
{
        struct tkit_scene *s =
            gb_scene("base river siege-defense", "you:red blue:blue yellow:yellow");
        gb_fortress(s);
        gb_post(s, TKIT_POST_MONKS, "you blue - -", "", true);
        gb_tile(s, "base", "B", 0, -1, 0);
        gb_tile(s, "siege-defense", "garden-robbers", 0, -2, 0);
        gb_fig(s, "yellow", TKIT_FIGURE_MEEPLE, 0, -1, "cloister");
        gb_fig(s, "yellow", TKIT_FIGURE_ABBOT, 0, -2, "garden");
        gb_move(s, "you", "siege-defense", "corner", 3, -1, 0);
        for (int i = 0; i < nchoices; i++)
                s->move.choices[s->move.nchoices++] = TKIT_POST_MONKS;
        for (int i = 0; removals && removals[i]; i++) {
                struct tkit_scene_figure *f = tkit_scene_add_removal(s);
                char who[16], feat[16];
                sscanf(removals[i], "%15s %d %d %15s", who, &f->x, &f->y, feat);
                f->player = tkit_scene_find_player(s, who);
                f->feature = tkit_xstrdup(feat);
                f->line = 300 + i;
        }
        return s;
}

/* Siege & Defense, Example 10: "?" chosen as the monks' post, a catapult already there: you 3,
 * blue 3; yellow has no meeple there and must remove a monk or the abbot. */
static void sd_example_10(void **state)
{
        (void)state;
        struct tkit_scene *s = attack_scene(1, NULL);
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(r.points[0], 3);
        assert_int_equal(r.points[1], 3);
        assert_int_equal(r.points[2], 0);
        assert_int_equal(count_of(&r, "attack", -1), 1);
        assert_int_equal(count_of(&r, "must-remove", 2), 1);
        /* the choice names its candidates: yellow's monk and abbot, no other figure */
        for (size_t i = 0; i < r.nevents; i++) {
                if (r.events[i].kind != TKIT_EV_CHOICE)
                        continue;
                assert_int_equal(r.events[i].nchoices, 2);
                for (size_t k = 0; k < 2; k++) {
                        int f = r.events[i].choices[k];
                        assert_true(f >= 0 && (size_t)f < s->nfigures);
                        assert_int_equal(s->figures[f].player, 2);
                }
                assert_int_not_equal(r.events[i].choices[0], r.events[i].choices[1]);
        }
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Every <choice> and <remove> of a move is used or refused: a choice is made for a "?" only, a
 * removal only by a player an attack makes remove a figure, and it names one of theirs. */
static void choices_and_removals(void **state)
{
        (void)state;
        /* a named removal decides the choice */
        struct tkit_scene *s = attack_scene(1, (const char *const[]){"yellow 0 -2 garden", NULL});
        struct tkit_game_result r = apply_ok(s, false);
        assert_int_equal(count_of(&r, "removed", 2), 1);
        assert_int_equal(count_of(&r, "must-remove", -1), 0);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        refused(attack_scene(2, NULL), "SCENE-CHOICE", 200, true);
        refused(attack_scene(0, NULL), "SCENE-CHOICE", 201, true);
        /* blue has a meeple at the post: protected, removes nothing */
        refused(attack_scene(
                    1, (const char *const[]){"yellow 0 -2 garden", "blue 0 -1 cloister", NULL}),
                "SCENE-REMOVE", 301, true);
        /* yellow's removal must name one of yellow's monks or abbots */
        refused(attack_scene(1, (const char *const[]){"yellow 0 -1 f", NULL}), "SCENE-REMOVE", 300,
                true);
        /* no attack at all: the removal says nothing */
        s = attack_scene(1, (const char *const[]){"yellow 0 -2 garden", NULL});
        s->posts[0].catapult = false;
        refused(s, "SCENE-REMOVE", 300, true);
}

/* The back face with 4 to 6 players: "5+" counts with 5 or more, not with 4; 4 players ignore the
 * front's dark "3" space because they play the back face. `row` before the bonus at the knights. */
static struct tkit_game_result back_face(const char *players, const char *row)
{
        struct tkit_scene *s = gb_scene("base river siege-defense", players);
        gb_fortress(s);
        gb_post(s, TKIT_POST_KNIGHTS, row, "", false);
        gb_move(s, "a", "base", "E", 0, -1, 0);
        gb_move_fig(s, TKIT_FIGURE_MEEPLE, "c");
        s->move.bonus = (struct tkit_scene_bonus){true, TKIT_POST_KNIGHTS, false, -1, 203};
        struct tkit_game_result r = apply_ok(s, false);
        tkit_scene_destroy(s);
        return r;
}

static void four_to_six_players(void **state)
{
        (void)state;
        const char *four = "a:red b:blue c:green d:yellow";
        const char *five = "a:red b:blue c:green d:yellow e:black";
        /* 4 players: the 4th space is the last that counts */
        struct tkit_game_result r = back_face(four, "b c d - -");
        assert_int_equal(count_of(&r, "counterattack", -1), 1);
        assert_int_equal(r.points[0], 3);
        assert_int_equal(r.points[3], 3);
        tkit_game_result_finish(&r);
        /* 5 players: the same row does not fill the "5+" space */
        r = back_face(five, "b c d - -");
        assert_int_equal(count_of(&r, "counterattack", -1), 0);
        assert_int_equal(count_of(&r, "post-row", 0), 1);
        tkit_game_result_finish(&r);
        r = back_face(five, "b c d e -");
        assert_int_equal(count_of(&r, "counterattack", -1), 1);
        assert_int_equal(r.points[4], 3);
        tkit_game_result_finish(&r);
        r = back_face("a:red b:blue c:green d:yellow e:black f:grey", "b c d e -");
        assert_int_equal(count_of(&r, "counterattack", -1), 1);
        assert_int_equal(r.points[5], 0);
        tkit_game_result_finish(&r);
        /* with 4 players a meeple in the "5+" space is refused */
        struct tkit_scene *s = gb_scene("base river siege-defense", four);
        gb_fortress(s);
        gb_post(s, TKIT_POST_KNIGHTS, "a b c d a", "", false);
        apply_bad(s, "SCENE-POST", 80);
}

/* The face follows the player count: named, it must fit; unnamed, it is chosen from the count. */
static void face_and_players(void **state)
{
        (void)state;
        const char *faces[] = {"front", "back", "front", "back", NULL};
        const char *players[] = {"a:red b:blue", "a:red b:blue c:green d:yellow",
                                 "a:red b:blue c:green d:yellow", "a:red b:blue c:green"};
        for (int i = 0; i < 4; i++) {
                struct tkit_scene *s = gb_scene("base river siege-defense", players[i]);
                s->face = tkit_xstrdup(faces[i]);
                gb_fortress(s);
                if (i < 2) {
                        struct tkit_game_result r = apply_ok(s, false);
                        tkit_game_result_finish(&r);
                        tkit_scene_destroy(s);
                } else {
                        apply_bad(s, "SCENE-FACE", 11);
                }
        }
        struct tkit_scene *s = gb_scene("base river siege-defense", "a:red b:blue");
        s->face = tkit_xstrdup("side");
        gb_fortress(s);
        apply_bad(s, "SCENE-FACE", 11);
        /* a picture of tiles only needs no players (the fortress on its first face); posts do */
        s = gb_scene("base river siege-defense", "");
        gb_fortress(s);
        struct tkit_game_result r = apply_ok(s, false);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        s = gb_scene("base river siege-defense", "");
        gb_fortress(s);
        gb_post(s, TKIT_POST_KNIGHTS, "", "", true);
        apply_bad(s, "SCENE-PLAYER", 0);
}

/* States the rules cannot reach: catapults lost from the game, more figures than the box gives. */
static void unreachable_states(void **state)
{
        (void)state;
        /* catapults are conserved: the supply and the posts add up to the sets' 3 */
        for (int on_posts = 0; on_posts <= 3; on_posts++) {
                struct tkit_scene *s = gb_scene("base river siege-defense", "a:red b:blue");
                gb_fortress(s);
                enum tkit_post k[] = {TKIT_POST_KNIGHTS, TKIT_POST_TRAVELERS, TKIT_POST_MONKS};
                for (int p = 0; p < 3; p++)
                        gb_post(s, k[p], "", "", p < on_posts);
                s->catapults_left = 0;
                if (on_posts < 3) {
                        apply_bad(s, "SCENE-TOKEN", 80);
                } else {
                        struct tkit_game_result r = apply_ok(s, false);
                        tkit_game_result_finish(&r);
                        tkit_scene_destroy(s);
                }
        }
        /* 7 meeples a player in the base game, 9 with Siege & Defense's 12 (2 per colour) */
        const char *sets[] = {"base", "base", "base river siege-defense",
                              "base river siege-defense"};
        int meeples[] = {7, 8, 9, 10};
        for (int i = 0; i < 4; i++) {
                struct tkit_scene *s = gb_scene(sets[i], "a:red b:blue");
                int y = i >= 2 ? -1 : 0; /* north of the fortress's field side */
                gb_tile(s, "base", "B", 0, y, 0);
                if (i >= 2) {
                        gb_fortress(s);
                        gb_post(s, TKIT_POST_KNIGHTS, "", "a a a a a a a a", false);
                }
                for (int n = i >= 2 ? 8 : 0; n < meeples[i]; n++)
                        gb_fig(s, "a", TKIT_FIGURE_MEEPLE, 0, y, "cloister");
                if (meeples[i] % 2) {
                        struct tkit_game_result r = apply_ok(s, false);
                        tkit_game_result_finish(&r);
                        tkit_scene_destroy(s);
                } else {
                        apply_bad(s, "SCENE-SUPPLY", 0);
                }
        }
        /* the move's figure is one more: 7 on the board and one placed */
        struct tkit_scene *s = gb_scene("base", "a:red b:blue");
        gb_tile(s, "base", "B", 0, 0, 0);
        for (int n = 0; n < 7; n++)
                gb_fig(s, "a", TKIT_FIGURE_MEEPLE, 0, 0, "f");
        gb_move(s, "a", "base", "B", 1, 0, 0);
        gb_move_fig(s, TKIT_FIGURE_MEEPLE, "cloister");
        apply_bad(s, "SCENE-SUPPLY", 200);
        /* one abbot a player */
        s = gb_scene("base river siege-defense", "a:red b:blue");
        gb_tile(s, "base", "B", 0, 0, 0);
        gb_tile(s, "base", "B", 1, 0, 0);
        gb_fig(s, "a", TKIT_FIGURE_ABBOT, 0, 0, "cloister");
        gb_fig(s, "a", TKIT_FIGURE_ABBOT, 1, 0, "cloister");
        apply_bad(s, "SCENE-SUPPLY", 0);
}

/* The fortress is one completed city for a field, however many cells it touches. */
static void fortress_field(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base river siege-defense", "you:red blue:blue");
        gb_fortress(s);
        gb_tile(s, "base", "B", 1, -1, 0);
        gb_tile(s, "base", "B", 2, -1, 0);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 1, -1, "f");
        struct tkit_game_result r = apply_ok(s, true);
        assert_int_equal(r.points[0], 3); /* one city, though the field touches both halves */
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* The rule of player p's score events, NULL when p scores nothing (a single rule expected). */
static const char *score_rule_of(const struct tkit_game_result *r, int p)
{
        const char *rule = NULL;
        for (size_t i = 0; i < r->nevents; i++)
                if (r->events[i].kind == TKIT_EV_SCORE && r->events[i].player == p) {
                        const char *id = tkit_game_rule_id(r->events[i].rule);
                        assert_true(rule == NULL || strcmp(rule, id) == 0);
                        rule = id;
                }
        return rule;
}

/* At the end of the game the event names the rule that fixes the value: an incomplete besieged
 * city scores nothing by BESIEGED-CITY (BCS, "End of the game"), an inn road by SCORE-INN; an
 * ordinary city scores by SCORE-END. */
static void final_rules(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base besiegers", "you:red blue:blue");
        gb_tile(s, "besiegers", "city-3", 0, 0, 0);
        gb_tile(s, "base", "E", 0, -1, 180);
        gb_tile(s, "base", "E", -1, 0, 90);
        gb_tile(s, "base", "E", 0, 1, 90); /* an ordinary open city of 2 tiles */
        gb_tile(s, "base", "N", 1, 1, 270);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "c");
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 0, 1, "c");
        struct tkit_game_result r = apply_ok(s, true);
        assert_int_equal(r.points[0], 0);
        assert_string_equal(score_rule_of(&r, 0), "BESIEGED-CITY");
        assert_int_equal(r.points[1], 2);
        assert_string_equal(score_rule_of(&r, 1), "SCORE-END");
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);

        s = gb_scene("base inns-cathedrals", "red:red");
        gb_tile(s, "base", "X", 0, 0, 0);
        gb_tile(s, "inns-cathedrals", "inn-straight", 1, 0, 0);
        gb_fig(s, "red", TKIT_FIGURE_MEEPLE, 1, 0, "W");
        r = apply_ok(s, true);
        assert_int_equal(r.points[0], 0);
        assert_string_equal(score_rule_of(&r, 0), "SCORE-INN");
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Bad scenes: each refused with its rule at its line, nothing applied. */
static void bad_scenes(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 0, 0, "nope");
        apply_bad(s, "SCENE-FIGURE", 101);

        s = gb_scene("base", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_tile(s, "base", "E", 0, 0, 0);
        apply_bad(s, "SCENE-CELL", 12);

        s = gb_scene("base", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_tile(s, "base", "E", 0, -1, 0);
        apply_bad(s, "SCENE-EDGE", 12);

        s = gb_scene("base", "you:mauve");
        apply_bad(s, "SCENE-COLOUR", 0);

        s = gb_scene("base", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_move(s, "you", "base", "E", 0, 0, 0);
        apply_bad(s, "SCENE-MOVE-CELL", 201);

        s = gb_scene("base", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_move(s, "you", "base", "E", 5, 5, 0);
        apply_bad(s, "SCENE-MOVE-CELL", 201);

        s = gb_scene("base", "you:red blue:blue");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 0, 0, "c");
        gb_move(s, "you", "base", "N", 0, -1, 180);
        gb_move_fig(s, TKIT_FIGURE_MEEPLE, "c");
        apply_bad(s, "SCENE-OCCUPIED", 202);

        s = gb_scene("base nosuchset", "you:red");
        apply_bad(s, "SCENE-SET", 0);

        s = gb_scene("base", "you:red");
        gb_tile(s, "base", "B", 0, 0, 0);
        gb_fig(s, "you", TKIT_FIGURE_ABBOT, 0, 0, "cloister");
        apply_bad(s, "SCENE-FIGURE-KIND", 101);

        s = gb_scene("base river siege-defense", "you:red blue:blue");
        gb_fortress(s);
        gb_post(s, TKIT_POST_KNIGHTS, "you blue you blue", "", false);
        apply_bad(s, "SCENE-POST", 80);

        s = gb_scene("base castles-bridges", "you:red");
        road_row(s, 0, "UB");
        struct tkit_scene_move *m = gb_move(s, "you", "castles-bridges", "plain-1", 3, 0, 0);
        m->placed.bridge = 2;
        m->build = TKIT_BUILD_BRIDGE;
        apply_bad(s, "SCENE-BRIDGE", 201);

        /* a bridge on the move's tile is what <build what="bridge"/> builds: one without the
         * other is refused */
        s = gb_scene("base castles-bridges", "you:red");
        road_row(s, 0, "U");
        gb_move(s, "you", "castles-bridges", "plain-1", 2, 0, 0)->placed.bridge = 2;
        apply_bad(s, "SCENE-BUILD", 201);
        s = gb_scene("base castles-bridges", "you:red");
        road_row(s, 0, "U");
        gb_move(s, "you", "castles-bridges", "plain-1", 2, 0, 0)->build = TKIT_BUILD_BRIDGE;
        apply_bad(s, "SCENE-BUILD", 200);
}

/* The findings of `rule` a scene gets from validation; each printed. */
static size_t findings(struct tkit_scene *s, const char *rule, struct tkit_diags *d)
{
        tkit_diags_init(d);
        assert_int_equal(tkit_game_validate(s, tkit_test_sets.sets, tkit_test_sets.n, d),
                         TKIT_E_INVALID);
        size_t n = 0;
        for (size_t i = 0; i < d->n; i++) {
                char *m = tkit_diag_format(&d->v[i]);
                print_message("%s\n", m);
                free(m);
                n += d->v[i].rule && strcmp(d->v[i].rule, rule) == 0;
        }
        return n;
}

/* A board in pieces: one finding per group cut off from the largest, at its first tile; the
 * largest group is found wherever it starts; the move's tile does not join groups. */
static void board_detached(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red");
        gb_tile(s, "base", "B", 9, 9, 0);    /* line 11: alone */
        gb_tile(s, "base", "E", 0, 0, 0);    /* 12: the largest group, three tiles */
        gb_tile(s, "base", "B", 1, 0, 0);    /* 13 */
        gb_tile(s, "base", "E", 5, 0, 0);    /* 14: a group of two */
        gb_tile(s, "base", "B", 2, 0, 0);    /* 15 */
        gb_tile(s, "base", "E", 5, -1, 180); /* 16 */
        gb_move(s, "you", "base", "A", 3, 0, 0);
        struct tkit_diags d;
        assert_int_equal(findings(s, "SCENE-DETACHED", &d), 2);
        int lines = 0;
        for (size_t i = 0; i < d.n; i++)
                if (strcmp(d.v[i].rule, "SCENE-DETACHED") == 0) {
                        lines += d.v[i].line;
                        assert_non_null(strstr(d.v[i].message, "largest group (3 cells)"));
                }
        assert_int_equal(lines, 11 + 14);
        tkit_diags_finish(&d);
        /* the move at (4, 0) would bridge the gap to (5, 0): still two groups before it */
        s->move.placed.x = 4;
        gb_tile(s, "base", "A", 3, 0, 0);
        assert_int_equal(findings(s, "SCENE-DETACHED", &d), 2);
        tkit_diags_finish(&d);
        tkit_scene_destroy(s);

        /* one group, the move touching it: legal */
        s = gb_scene("base", "you:red");
        gb_tile(s, "base", "E", 0, 0, 0);
        gb_tile(s, "base", "B", 1, 0, 0);
        gb_move(s, "you", "base", "E", 0, -1, 180);
        struct tkit_game_result r = apply_ok(s, false);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* More copies than the box holds: tiles (the move's counted) and pieces, one finding each, at
 * the first copy beyond the count; another set's cloister is another tile. */
static void box_copies(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base castles-bridges", "you:red");
        for (int x = 0; x < 4; x++)
                gb_tile(s, "base", "B", x, 0, 0); /* the box's 4 cloisters: lines 11 to 14 */
        gb_tile(s, "castles-bridges", "cloister-2", -1, 0, 90);
        gb_move(s, "you", "base", "B", 4, 0, 0);
        struct tkit_diags d;
        assert_int_equal(findings(s, "SCENE-COPIES", &d), 1);
        for (size_t i = 0; i < d.n; i++)
                if (strcmp(d.v[i].rule, "SCENE-COPIES") == 0) {
                        assert_int_equal(d.v[i].line, 201);
                        assert_non_null(strstr(d.v[i].message, "5 copies of tile 'B'"));
                        assert_non_null(strstr(d.v[i].message, "holds 4"));
                }
        tkit_diags_finish(&d);
        /* a sixth, earlier in the scene: the finding moves to the fifth copy */
        gb_tile(s, "base", "B", 0, 1, 0);
        assert_int_equal(findings(s, "SCENE-COPIES", &d), 1);
        for (size_t i = 0; i < d.n; i++)
                if (strcmp(d.v[i].rule, "SCENE-COPIES") == 0) {
                        assert_int_equal(d.v[i].line, 16);
                        assert_non_null(strstr(d.v[i].message, "6 copies"));
                }
        tkit_diags_finish(&d);
        tkit_scene_destroy(s);

        s = gb_scene("base river siege-defense", "you:red blue:blue");
        gb_fortress(s);
        gb_piece(s, "fortress-west", 0, 3);
        assert_int_equal(findings(s, "SCENE-COPIES", &d), 1);
        assert_int_equal(d.v[d.n - 1].line, 13);
        assert_non_null(strstr(d.v[d.n - 1].message, "piece 'fortress-west'"));
        tkit_diags_finish(&d);
        tkit_scene_destroy(s);

        /* exactly the box: legal */
        s = gb_scene("base", "you:red");
        for (int x = 0; x < 3; x++)
                gb_tile(s, "base", "B", x, 0, 0);
        gb_move(s, "you", "base", "B", 3, 0, 0);
        struct tkit_game_result r = apply_ok(s, false);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
}

/* Every rule id of the table is a heading of docs/scoring.md with the anchor the table names,
 * and nothing else is; ids parse back to their rule. */
static void rule_ids_documented(void **state)
{
        (void)state;
        const char *docs = getenv("TKIT_DOCS");
        assert_non_null(docs);
        char *path = tkit_xasprintf("%s/scoring.md", docs);
        char *text = read_all(path, NULL);
        free(path);
        assert_non_null(text);
        size_t n = 0;
        for (int r = TKIT_GR_NONE + 1; r < TKIT_GR_COUNT; r++, n++) {
                const struct tkit_game_rule_info *info =
                    tkit_game_rule_info((enum tkit_game_rule)r);
                char *head = tkit_xasprintf("\n### %s\n", info->id);
                if (!strstr(text, head))
                        print_message("not documented: %s\n", info->id);
                assert_non_null(strstr(text, head));
                free(head);
                /* the anchor: "docs/scoring.md#" and the heading in lower case */
                const char *hash = strchr(info->anchor, '#');
                assert_non_null(hash);
                assert_int_equal(strncmp(info->anchor, "docs/scoring.md#", 16), 0);
                assert_int_equal(strlen(hash + 1), strlen(info->id));
                for (size_t k = 0; info->id[k]; k++)
                        assert_int_equal(hash[1 + k], info->id[k] >= 'A' && info->id[k] <= 'Z'
                                                          ? info->id[k] - 'A' + 'a'
                                                          : info->id[k]);
                assert_int_equal(tkit_game_rule_parse(info->id), r);
        }
        assert_true(n > 20);
        assert_int_equal(tkit_game_rule_parse("ATTACK"), TKIT_GR_ATTACK);
        assert_int_equal(tkit_game_rule_parse("SCORE"), -1);
        size_t heads = 0;
        for (const char *p = strstr(text, "\n### "); p; p = strstr(p + 1, "\n### "))
                heads++;
        assert_int_equal(heads, n);
        free(text);
}

/* A rulebook example of scenes/ with the engine's result. */
static struct tkit_scene *example(const char *name, struct tkit_game_result *r)
{
        char *path = tkit_xasprintf("%s/%s.xml", tkit_test_env("TKIT_SCENES"), name);
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s = tkit_scene_read_file(path, &d, NULL);
        tkit_test_print_diags(&d);
        tkit_diags_finish(&d);
        assert_non_null(s);
        free(path);
        *r = apply_ok(s, false);
        return s;
}

/* The one answer pictures and pages read (game/view.c): the move shown puts the move in place
 * and says what it does to each figure, token and post; the other moments are the scene and the
 * engine's state after. */
static void test_view(void **state)
{
        (void)state;
        struct tkit_game_result r;
        struct tkit_game_view v;
        /* C&B 9: the farmer placed moves onto the barn built: new, moved, the barn new */
        struct tkit_scene *s = example("cb-example-9", &r);
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_DURING, &v);
        size_t moved = 0;
        for (size_t i = 0; i < v.s->nfigures; i++) {
                if (!v.fig_moved[i])
                        continue;
                moved++;
                assert_true(v.fig_new[i]);
                assert_int_equal(v.s->figures[i].at, TKIT_AT_BARN);
                assert_int_equal(s->figures[i].at, TKIT_AT_FEATURE); /* where it stood */
        }
        assert_int_equal(moved, 1);
        assert_int_equal(v.s->nbarns, s->nbarns + 1);
        /* the board: every tile of the scene and the tile placed, each cell once, resolved */
        assert_true(v.placed);
        const struct tkit_view_cell *pc = tkit_game_view_cell(&v, v.px, v.py);
        assert_non_null(pc);
        assert_non_null(pc->def);
        assert_string_equal(pc->id, s->move.placed.tile);
        assert_int_equal(v.ncells, s->ntiles + 1);
        assert_int_equal(v.nmissing, 0);
        for (size_t i = 1; i < v.ncells; i++) /* sorted, each once */
                assert_true(v.cells[i - 1].y < v.cells[i].y ||
                            (v.cells[i - 1].y == v.cells[i].y && v.cells[i - 1].x < v.cells[i].x));
        assert_true(v.tok_new[v.s->ncastles + v.s->nbarns - 1]);
        /* where each figure stands, resolved once by the engine: on a feature of its cell's tile
         * (the farmer that moves, where it stood); on the barn, none */
        for (size_t i = 0; i < v.s->nfigures; i++) {
                const struct tkit_scene_figure *f = &v.s->figures[i];
                if (f->at != TKIT_AT_FEATURE) {
                        assert_int_equal(v.fig_feature[i], -1);
                        continue;
                }
                const struct tkit_view_cell *c = tkit_game_view_cell(&v, f->x, f->y);
                assert_non_null(c);
                assert_int_equal(v.fig_feature[i],
                                 tkit_place_resolve(c->def, c->rot, c->bridge, f->feature, NULL));
                assert_true(v.fig_feature[i] >= 0);
        }
        for (size_t i = 0; i < s->nfigures; i++)
                if (s->figures[i].at == TKIT_AT_FEATURE)
                        assert_true(v.from_feature[i] >= 0);
        /* another board (render board --scene): resolved again on it; no tile, no feature */
        struct tkit_view_cell one = *tkit_game_view_cell(&v, v.px, v.py);
        tkit_game_view_set_cells(&v, &one, 1);
        assert_int_equal(v.ncells, 1);
        for (size_t i = 0; i < v.s->nfigures; i++) {
                const struct tkit_scene_figure *f = &v.s->figures[i];
                if (f->at == TKIT_AT_FEATURE && (f->x != v.px || f->y != v.py))
                        assert_int_equal(v.fig_feature[i], TKIT_VIEW_NO_TILE);
        }
        tkit_game_view_finish(&v);
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_AFTER, &v);
        assert_ptr_equal(v.s, r.after);
        tkit_game_view_finish(&v);
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_BEFORE, &v);
        assert_ptr_equal(v.s, s);
        for (size_t i = 0; i < v.s->nfigures; i++)
                assert_false(v.fig_new[i] || v.fig_removed[i] || v.fig_returned[i]);
        tkit_game_view_finish(&v);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        /* S&D 10: yellow chooses between its monk and abbot; both posts' meeples go back */
        s = example("sd-example-10", &r);
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_DURING, &v);
        size_t choices = 0;
        for (size_t i = 0; i < v.s->nfigures; i++)
                if (v.fig_choice[i]) {
                        choices++;
                        assert_int_equal(v.s->figures[i].player, 2);
                }
        assert_int_equal(choices, 2);
        assert_true(v.catapult_off[TKIT_POST_MONKS]);
        assert_true(v.post_back[TKIT_POST_MONKS * v.s->nplayers + 0]);
        tkit_game_view_finish(&v);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        /* S&D 8: the bonus meeple in the row space the engine gave it (the 4th of 4) */
        s = example("sd-example-8", &r);
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_DURING, &v);
        assert_int_equal(v.post[TKIT_POST_MONKS].row, 3);
        const struct tkit_scene_post *sp = NULL;
        for (size_t i = 0; i < v.s->nposts; i++)
                if (v.s->posts[i].kind == TKIT_POST_MONKS)
                        sp = &v.s->posts[i];
        assert_non_null(sp);
        assert_true(sp->nrow >= 4);
        assert_int_equal(sp->row[3], s->move.player);
        /* each post as the face for 3 players prints it, on the row of its piece: the monks on
         * fortress-east's first row, the knights and travelers on fortress-west's two rows */
        const struct tkit_view_post *mo = &v.post[TKIT_POST_MONKS], *kn = &v.post[TKIT_POST_KNIGHTS],
                                    *tr = &v.post[TKIT_POST_TRAVELERS];
        assert_non_null(mo->def);
        assert_int_equal(mo->def->plain, 3);
        assert_int_equal(mo->def->dark3, 1);
        assert_int_equal(mo->def->fiveplus, 0);
        assert_true(mo->piece >= 0);
        assert_string_equal(v.s->tiles[mo->piece].tile, "fortress-east");
        assert_int_equal(mo->x0, 2);
        assert_int_equal(mo->x1, 3);
        assert_int_equal(mo->y0, 0);
        assert_int_equal(mo->y1, 0);
        assert_int_equal(kn->slot, 0);
        assert_int_equal(kn->x0, 0);
        assert_int_equal(kn->x1, 1);
        assert_int_equal(kn->y0, 0);
        assert_int_equal(tr->slot, 1);
        assert_int_equal(tr->y0, 1);
        assert_int_equal(tr->y1, 1);
        tkit_game_view_finish(&v);
        /* turned a quarter, fortress-west's first row becomes its east column */
        for (size_t i = 0; i < s->ntiles; i++)
                if (s->tiles[i].is_piece && strcmp(s->tiles[i].tile, "fortress-west") == 0)
                        s->tiles[i].rotation = 90;
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_BEFORE, &v);
        kn = &v.post[TKIT_POST_KNIGHTS];
        assert_int_equal(kn->x0, 2);
        assert_int_equal(kn->x1, 2);
        assert_int_equal(kn->y0, 0);
        assert_int_equal(kn->y1, 1);
        tkit_game_view_finish(&v);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        /* six players: the back face, with its "5+" space; no post on the board without pieces */
        s = example("own-6p-final-counterattacks", &r);
        tkit_game_view(s, tkit_test_sets.sets, tkit_test_sets.n, &r, TKIT_SCENE_BEFORE, &v);
        assert_non_null(v.post[TKIT_POST_KNIGHTS].def);
        assert_int_equal(v.post[TKIT_POST_KNIGHTS].def->plain, 4);
        assert_int_equal(v.post[TKIT_POST_KNIGHTS].def->fiveplus, 1);
        tkit_game_view_finish(&v);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        assert_string_equal(tkit_scene_state_name(TKIT_SCENE_AFTER), "after");
        assert_int_equal(tkit_scene_state_parse("before"), TKIT_SCENE_BEFORE);
        assert_int_equal(tkit_scene_state_parse("now"), -1);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(cb_example_2),   cmocka_unit_test(cb_example_3),
            cmocka_unit_test(bridge_end),     cmocka_unit_test(cb_example_4),
            cmocka_unit_test(castle_refused), cmocka_unit_test(cb_example_5),
            cmocka_unit_test(cb_example_9),   cmocka_unit_test(cb_example_7),
            cmocka_unit_test(base_rules),     cmocka_unit_test(majority),
            cmocka_unit_test(sd_example_8),   cmocka_unit_test(sd_example_7),
            cmocka_unit_test(sd_example_10), cmocka_unit_test(test_view), cmocka_unit_test(choices_and_removals),
            cmocka_unit_test(fortress_field), cmocka_unit_test(bad_scenes),
            cmocka_unit_test(board_detached), cmocka_unit_test(box_copies),
            cmocka_unit_test(final_rules),    cmocka_unit_test(rule_ids_documented),
            cmocka_unit_test(four_to_six_players), cmocka_unit_test(face_and_players),
            cmocka_unit_test(unreachable_states),
        };
        return cmocka_run_group_tests(tests, tkit_test_sets_setup, tkit_test_sets_teardown);
}
