/* Tests of the text module (text/tkit-text.h): plurals, player names and letters, one sentence for
 * every kind of event in every language and both persons (no slot left unfilled, distinct events
 * distinct sentences), the rulebooks' words, every event of every scene of scenes/, and the
 * captions and callouts a picture prints (no fallback, missing translations reported).
 * Environment: TKIT_TILESETS, TKIT_SCENES. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "../game/game-build.h"
#include "text/tkit-text.h"
#include "tkit-test.h"

static const enum tkit_lang langs[] = {TKIT_LANG_EN, TKIT_LANG_RO, TKIT_LANG_CS, TKIT_LANG_UK};

static void test_langs(void **state)
{
        (void)state;
        for (int l = 0; l < TKIT_LANG_COUNT; l++)
                assert_int_equal(tkit_lang_parse(tkit_lang_name((enum tkit_lang)l)), l);
        assert_int_equal(tkit_lang_parse("de"), -1);
        assert_int_equal(tkit_lang_parse(NULL), -1);
        assert_string_equal(tkit_lang_choices(), "en, ro, cs, uk");
}

/* The plural each language takes after a number. */
static void test_points(void **state)
{
        (void)state;
        static const struct {
                enum tkit_lang l;
                int n;
                const char *want;
        } cases[] = {
            {TKIT_LANG_EN, 1, "1 point"},         {TKIT_LANG_EN, 0, "0 points"},
            {TKIT_LANG_EN, 13, "13 points"},      {TKIT_LANG_RO, 1, "1 punct"},
            {TKIT_LANG_RO, 0, "0 puncte"},        {TKIT_LANG_RO, 19, "19 puncte"},
            {TKIT_LANG_RO, 20, "20 de puncte"},   {TKIT_LANG_RO, 101, "101 puncte"},
            {TKIT_LANG_RO, 120, "120 de puncte"}, {TKIT_LANG_CS, 1, "1 bod"},
            {TKIT_LANG_CS, 4, "4 body"},          {TKIT_LANG_CS, 5, "5 bodů"},
            {TKIT_LANG_CS, 0, "0 bodů"},          {TKIT_LANG_CS, 22, "22 bodů"},
            {TKIT_LANG_UK, 1, "1 очко"},          {TKIT_LANG_UK, 21, "21 очко"},
            {TKIT_LANG_UK, 11, "11 очок"},        {TKIT_LANG_UK, 3, "3 очки"},
            {TKIT_LANG_UK, 13, "13 очок"},        {TKIT_LANG_UK, 24, "24 очки"},
            {TKIT_LANG_UK, 0, "0 очок"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                char *t = tkit_text_points(cases[i].l, cases[i].n);
                assert_string_equal(t, cases[i].want);
                free(t);
        }
}

/* Colour names and letters: distinct within each language, and each language's own. */
static void test_players(void **state)
{
        (void)state;
        for (size_t l = 0; l < TKIT_LANG_COUNT; l++)
                for (int a = 0; a < TKIT_COLOUR_COUNT; a++)
                        for (int b = a + 1; b < TKIT_COLOUR_COUNT; b++) {
                                assert_string_not_equal(tkit_text_player_letter(langs[l], a),
                                                        tkit_text_player_letter(langs[l], b));
                                assert_string_not_equal(tkit_text_colour(langs[l], a),
                                                        tkit_text_colour(langs[l], b));
                        }
        assert_string_equal(tkit_text_player_letter(TKIT_LANG_EN, TKIT_COLOUR_YELLOW), "Y");
        assert_string_equal(tkit_text_player_letter(TKIT_LANG_RO, TKIT_COLOUR_YELLOW), "G");
        assert_string_equal(tkit_text_player_letter(TKIT_LANG_CS, TKIT_COLOUR_YELLOW), "Ž");
        assert_string_equal(tkit_text_player_letter(TKIT_LANG_UK, TKIT_COLOUR_RED), "Ч");
        struct tkit_scene *s = gb_scene("base", "you:red blue:blue");
        static const char *const lines[TKIT_LANG_COUNT] = {
            "Players: you (Red, R), Blue (B)",
            "Jucători: tu (Roșu, R), Albastru (A)",
            "Hráči: Červený (Č), Modrý (M)",
            "Гравці: ви (Червоний, Ч), Синій (С)",
        };
        for (size_t l = 0; l < TKIT_LANG_COUNT; l++) {
                char *t = tkit_text_players_line(s, langs[l]);
                assert_string_equal(t, lines[l]);
                free(t);
        }
        char *t = tkit_text_player(s, 1, TKIT_LANG_CS);
        assert_string_equal(t, "Modrý hráč");
        free(t);
        t = tkit_text_player(s, 0, TKIT_LANG_UK);
        assert_string_equal(t, "Ви");
        free(t);
        assert_true(tkit_text_is_you(s, 0));
        assert_false(tkit_text_is_you(s, 1));
        tkit_scene_destroy(s);
        s = gb_scene("base", "");
        assert_null(tkit_text_players_line(s, TKIT_LANG_EN));
        tkit_scene_destroy(s);
}

/* A picture's key names each player as the figures show them: with the letter where figures
 * carry letters, without it where they carry patterns; and it has words for each of its marks,
 * distinct within each language. */
static void test_key(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red blue:blue");
        static const char *const keys[TKIT_LANG_COUNT][4] = {
            {"you (Red, R)", "Blue (B)", "you (Red)", "Blue"},
            {"tu (Roșu, R)", "Albastru (A)", "tu (Roșu)", "Albastru"},
            {"Červený (Č)", "Modrý (M)", "Červený", "Modrý"}, /* cs: third person */
            {"ви (Червоний, Ч)", "Синій (С)", "ви (Червоний)", "Синій"},
        };
        for (size_t l = 0; l < TKIT_LANG_COUNT; l++)
                for (int k = 0; k < 4; k++) {
                        char *t = tkit_text_player_key(s, k % 2, langs[l], k < 2);
                        assert_string_equal(t, keys[l][k]);
                        free(t);
                }
        char *t = tkit_text_player_key(s, 2, TKIT_LANG_EN, true);
        assert_string_equal(t, "?");
        free(t);
        tkit_scene_destroy(s);
        static const enum tkit_text_term marks[] = {TKIT_TERM_TILE_PLACED, TKIT_TERM_NEW,
                                                    TKIT_TERM_RETURNED, TKIT_TERM_REMOVED};
        for (size_t l = 0; l < TKIT_LANG_COUNT; l++)
                for (size_t a = 0; a < 4; a++) {
                        assert_true(strlen(tkit_text_term(langs[l], marks[a])) > 3);
                        for (size_t b = a + 1; b < 4; b++)
                                assert_string_not_equal(tkit_text_term(langs[l], marks[a]),
                                                        tkit_text_term(langs[l], marks[b]));
                }
        assert_string_equal(tkit_text_term(TKIT_LANG_RO, TKIT_TERM_NEW), "nou în această tură");
        assert_string_equal(tkit_text_term(TKIT_LANG_CS, TKIT_TERM_RETURNED), "vrací se do zásoby");
        assert_string_equal(tkit_text_term(TKIT_LANG_UK, TKIT_TERM_REMOVED),
                            "знято з ігрового поля");
}

/* ---------------------------------------------------------------- every kind of event */

struct evs {
        struct tkit_game_event *v;
        size_t n, cap;
};

static struct tkit_game_event *ev(struct evs *e, enum tkit_game_event_kind k,
                                  enum tkit_game_rule rule, int player)
{
        struct tkit_game_event *x = TKIT_PUSH(e->v, e->n, e->cap);
        memset(x, 0, sizeof *x);
        x->kind = k;
        x->rule = rule;
        x->player = player;
        x->phase = TKIT_PHASE_SCORE;
        x->post = -1;
        x->figure = -1;
        x->feature_kind = TKIT_FEATURE_KIND_COUNT;
        return x;
}

/* One event of each shape the engine emits, for player `p`. */
static void all_events(struct evs *e, int p)
{
        static const enum tkit_feature_kind kinds[] = {TKIT_CITY, TKIT_ROAD, TKIT_FIELD,
                                                       TKIT_CLOISTER, TKIT_GARDEN};
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
                struct tkit_game_event *x = ev(e, TKIT_EV_SCORE, TKIT_GR_SCORE_END, p);
                x->feature_kind = kinds[i];
                x->points = 7;
                x->n = (struct tkit_game_counts){
                    .tiles = 3, .pennants = 1, .neighbours = 5, .cities = 2, .besieged = 1};
                x->phase = i % 2 ? TKIT_PHASE_FINAL : TKIT_PHASE_SCORE;
                x = ev(e, TKIT_EV_COMPLETE, TKIT_GR_SCORE_CITY, -1);
                x->feature_kind = kinds[i];
                x->nobody = i % 2;
                x->n.tiles = 2;
        }
        struct tkit_game_event *x = ev(e, TKIT_EV_SCORE, TKIT_GR_SCORE_INN, p);
        x->feature_kind = TKIT_ROAD;
        x->inn = true;
        x->n = (struct tkit_game_counts){.tiles = 3, .bridges = 1};
        x = ev(e, TKIT_EV_SCORE, TKIT_GR_BESIEGED_CITY, p);
        x->feature_kind = TKIT_CITY;
        x->besieged = x->cathedral = true;
        x->n.tiles = 5;
        x = ev(e, TKIT_EV_SCORE, TKIT_GR_SCORE_PIG, p);
        x->feature_kind = TKIT_FIELD;
        x->pig = true;
        x->n.cities = 21;
        static const enum tkit_game_rule posts[] = {TKIT_GR_ATTACK, TKIT_GR_COUNTERATTACK,
                                                    TKIT_GR_FINAL_COUNTERATTACK};
        for (int k = 0; k < 3; k++) {
                for (int j = 0; j < 3; j++) { /* each post scored by each rule */
                        x = ev(e, TKIT_EV_SCORE, posts[j], p);
                        x->post = k;
                        x->n.meeples = 2;
                        x->points = 6;
                }
                x = ev(e, TKIT_EV_RETURN, posts[k], p);
                x->post = k;
                x->n.meeples = k + 1;
                ev(e, TKIT_EV_ADVANCE, TKIT_GR_ADVANCE, -1)->post = k;
                ev(e, TKIT_EV_CATAPULT_OFF, posts[k], -1)->post = k;
                ev(e, TKIT_EV_ATTACK, TKIT_GR_ATTACK, -1)->post = k;
                ev(e, TKIT_EV_COUNTERATTACK, TKIT_GR_COUNTERATTACK, p)->post = k;
                x = ev(e, TKIT_EV_POST, TKIT_GR_POST_ROW, p);
                x->post = k;
                x->n.space = 2;
                x->n.spaces = 4;
                x = ev(e, TKIT_EV_POST, TKIT_GR_POST_STACK, p);
                x->post = k;
                x->stack = true;
                x = ev(e, TKIT_EV_CHOICE, TKIT_GR_ATTACK, p);
                x->post = k;
                x->n.choices = 2;
                ev(e, TKIT_EV_SPARED, TKIT_GR_ATTACK, p)->post = k;
                x = ev(e, TKIT_EV_REFUSE, TKIT_GR_ADVANCE, -1);
                x->post = k;
                x->reason = TKIT_REFUSE_NO_CATAPULT;
        }
        x = ev(e, TKIT_EV_SCORE, TKIT_GR_BARN_SCORE, p);
        x->n.farmers = 4;
        x = ev(e, TKIT_EV_SCORE, TKIT_GR_MAIDEN_TAKE, p);
        x->n.maidens = 1;
        x->n.knights = 3;
        x = ev(e, TKIT_EV_SCORE, TKIT_GR_ABBOT_RECALL, p);
        x->feature_kind = TKIT_GARDEN;
        x->n.neighbours = 2;
        static const struct {
                enum tkit_figure_kind k;
                enum tkit_feature_kind on;
                enum tkit_figure_at at;
        } figs[] = {{TKIT_FIGURE_MEEPLE, TKIT_CITY, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_MEEPLE, TKIT_ROAD, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_MEEPLE, TKIT_FIELD, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_MEEPLE, TKIT_CLOISTER, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_ABBOT, TKIT_GARDEN, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_BIG_MEEPLE, TKIT_CITY, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_PIG, TKIT_FIELD, TKIT_AT_FEATURE},
                    {TKIT_FIGURE_MEEPLE, TKIT_CITY, TKIT_AT_CASTLE},
                    {TKIT_FIGURE_MEEPLE, TKIT_FIELD, TKIT_AT_BARN}};
        for (size_t i = 0; i < sizeof figs / sizeof figs[0]; i++)
                for (int k = 0; k < 3; k++) {
                        x = ev(e, k == 2 ? TKIT_EV_REMOVE : TKIT_EV_RETURN,
                               k == 1 ? TKIT_GR_ESCAPE : TKIT_GR_SCORE_ROAD, p);
                        x->figure_kind = figs[i].k;
                        x->feature_kind = figs[i].on;
                        x->at = figs[i].at;
                }
        for (int b = TKIT_BUILD_BRIDGE; b <= TKIT_BUILD_BARN; b++)
                ev(e, TKIT_EV_BUILD, TKIT_GR_CASTLE_BUILD, p)->build = (enum tkit_build_kind)b;
        ev(e, TKIT_EV_CONVERT, TKIT_GR_MAIDEN_CONVERT, p)->at = TKIT_AT_CASTLE;
        ev(e, TKIT_EV_CONVERT, TKIT_GR_BARN_BUILD, p)->at = TKIT_AT_BARN;
        for (int r = TKIT_REFUSE_NONE + 1; r < TKIT_REFUSE_NO_CATAPULT; r++)
                for (int any = 0; any < 1 + (r == TKIT_REFUSE_ESCAPE_NO_CLOISTER); any++) {
                        x = ev(e, TKIT_EV_REFUSE, TKIT_GR_ESCAPE, p);
                        x->reason = (enum tkit_refusal)r;
                        x->any_tile = any;
                        x->post = 1;
                }
}

/* A sentence as a reader sees it: nothing unfilled, a capital or a digit first, a full stop. */
static void check_sentence(const char *t, const char *what)
{
        if (!t || !*t || strchr(t, '{') || strchr(t, '}') || strstr(t, "?") ||
            (t[0] >= 'a' && t[0] <= 'z') || t[strlen(t) - 1] != '.')
                fail_msg("%s: '%s'", what, t ? t : "(null)");
}

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every event has a sentence in every language and person, and distinct events (in one
 * language and person) distinct sentences: ATTACK is not COUNTERATTACK. */
static void test_every_event(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red blue:blue");
        struct evs e = {0};
        for (int p = 0; p < 2; p++) {
                e.n = 0;
                all_events(&e, p);
                for (size_t l = 0; l < TKIT_LANG_COUNT; l++) {
                        char **v = tkit_xmalloc(e.n * sizeof *v);
                        for (size_t i = 0; i < e.n; i++) {
                                v[i] = tkit_text_event(s, &e.v[i], langs[l]);
                                char *what =
                                    tkit_xasprintf("%s, %s, %s event %zu", tkit_lang_name(langs[l]),
                                                   p ? "third person" : "you",
                                                   tkit_game_event_kind_name(e.v[i].kind), i);
                                check_sentence(v[i], what);
                                free(what);
                        }
                        qsort(v, e.n, sizeof *v, cmp_str);
                        for (size_t i = 0; i + 1 < e.n; i++)
                                if (strcmp(v[i], v[i + 1]) == 0)
                                        fail_msg("two events, one sentence (%s): %s",
                                                 tkit_lang_name(langs[l]), v[i]);
                        for (size_t i = 0; i < e.n; i++)
                                free(v[i]);
                        free(v);
                }
        }
        free(e.v);
        tkit_scene_destroy(s);
}

static char *say(const struct tkit_scene *s, const struct tkit_game_event *e, enum tkit_lang l)
{
        return tkit_text_event(s, e, l);
}

static void assert_says(const struct tkit_scene *s, const struct tkit_game_event *e,
                        enum tkit_lang l, const char *want)
{
        char *t = say(s, e, l);
        if (strcmp(t, want) != 0)
                fail_msg("%s: '%s', want '%s'", tkit_lang_name(l), t, want);
        free(t);
}

/* The rulebooks' words and each rulebook's register: Romanian "încasezi", "evaluarea finală",
 * "meepleși", a figure back to its owner's supply; Czech in the third person of its examples, the
 * reader too ("Červený hráč získá", never "Získáte"); Ukrainian
 * "аванпост", "підданий". */
static void test_words(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red blue:blue");
        struct evs e = {0};
        struct tkit_game_event *x = ev(&e, TKIT_EV_SCORE, TKIT_GR_BRIDGE_ROAD, 0);
        x->feature_kind = TKIT_ROAD;
        x->points = 6;
        x->n = (struct tkit_game_counts){.tiles = 3, .bridges = 1};
        assert_says(s, x, TKIT_LANG_EN, "You score 6 points for the road (3 tiles, 1 bridge).");
        assert_says(s, x, TKIT_LANG_RO, "Încasezi 6 puncte pentru drum (3 cartonașe, 1 pod).");
        assert_says(s, x, TKIT_LANG_CS, "Červený hráč získá 6 bodů za cestu (3 kartičky, 1 most).");
        assert_says(s, x, TKIT_LANG_UK, "Ви отримуєте 6 очок за дорогу (3 плитки, 1 міст).");
        x->player = 1;
        x->phase = TKIT_PHASE_FINAL;
        assert_says(s, x, TKIT_LANG_EN,
                    "Blue scores 6 points for the road (3 tiles, 1 bridge) in the final scoring.");
        assert_says(s, x, TKIT_LANG_RO,
                    "Jucătorul albastru încasează 6 puncte pentru drum (3 cartonașe, 1 pod) la "
                    "evaluarea finală.");
        assert_says(s, x, TKIT_LANG_CS,
                    "Modrý hráč získá 6 bodů za cestu (3 kartičky, 1 most) při závěrečném "
                    "vyhodnocení.");
        x = ev(&e, TKIT_EV_RETURN, TKIT_GR_COUNTERATTACK, 1);
        x->post = TKIT_POST_MONKS;
        x->n.meeples = 2;
        assert_says(s, x, TKIT_LANG_RO,
                    "2 meepleși de la postul de apărare al călugărilor și abaților se întorc în "
                    "rezerva jucătorului albastru.");
        assert_says(s, x, TKIT_LANG_CS,
                    "2 družiníci z hradeb mnichů a opatů se vracejí do zásoby modrého hráče.");
        assert_says(s, x, TKIT_LANG_UK,
                    "2 піддані з аванпосту монахів і абатів повертаються до запасу синього "
                    "гравця.");
        x = ev(&e, TKIT_EV_REMOVE, TKIT_GR_ATTACK, 1);
        x->figure_kind = TKIT_FIGURE_MEEPLE;
        x->feature_kind = TKIT_ROAD;
        assert_says(s, x, TKIT_LANG_RO,
                    "Călătorul este îndepărtat de pe suprafața de joc și se întoarce în rezerva "
                    "jucătorului albastru.");
        assert_says(s, x, TKIT_LANG_UK,
                    "Мандрівника знято з ігрового поля й повернуто до запасу синього гравця.");
        x = ev(&e, TKIT_EV_SCORE, TKIT_GR_ATTACK, 0);
        x->post = TKIT_POST_KNIGHTS;
        x->n.meeples = 1;
        x->points = 3;
        assert_says(s, x, TKIT_LANG_EN, "Attack: you score 3 points (1 × 3) at the knights post.");
        x->rule = TKIT_GR_COUNTERATTACK;
        assert_says(s, x, TKIT_LANG_EN,
                    "Counterattack: you score 3 points (1 × 3) at the knights post.");
        assert_says(s, x, TKIT_LANG_RO,
                    "Contraatac: încasezi 1 × 3 = 3 puncte la postul de apărare al cavalerilor.");
        free(e.v);
        tkit_scene_destroy(s);
}

/* ---------------------------------------------------------------- the scenes of scenes/ */

/* Every event of every scene, in every language: a full sentence; and the scenes' captions
 * exist in every language (tkit_text_check_scene finds nothing). */
static void test_scenes(void **state)
{
        (void)state;
        char **files = tkit_test_files(tkit_test_env("TKIT_SCENES"), ".xml", NULL);
        size_t scenes = 0, events = 0;
        for (; files[scenes]; scenes++) {
                const char *path = files[scenes], *name = strrchr(path, '/') + 1;
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_scene *s = tkit_scene_read_file(path, &d, NULL);
                assert_non_null(s);
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                assert_int_equal(
                    tkit_game_apply(s, tkit_test_sets.sets, tkit_test_sets.n, false, &r, &d), 0);
                assert_int_equal(tkit_text_check_scene(s, -1, &d), 0);
                for (size_t i = 0; i < r.nevents; i++, events++)
                        for (size_t l = 0; l < TKIT_LANG_COUNT; l++) {
                                char *t = tkit_text_event(s, &r.events[i], langs[l]);
                                check_sentence(t, name);
                                free(t);
                        }
                tkit_game_result_finish(&r);
                tkit_diags_finish(&d);
                tkit_scene_destroy(s);
        }
        tkit_test_files_free(files);
        assert_true(scenes > 40);
        assert_true(events > 100);
}

/* Words struck out of the printed texts (docs/glossary.md, "Words struck out"), per language. */
static const char *const struck[TKIT_LANG_COUNT][20] = {
    [TKIT_LANG_RO] = {"pionul", "din joc", "punctaj final", "închizi", "Închizi", "castel",
                      "stareț", "omuleț", "țăran", "postul cavalerilor", "postul călătorilor",
                      "postul călugărilor", "rândul cavalerilor", "al cavalerilor este încă"},
    [TKIT_LANG_CS] = {"bodování", "rolník", "stanoviště", "dokončíte měst", "dokončí měst",
                      "dokončené měst", "dokončeného měst", "dokončeným měst", "dokončených měst",
                      "dokončíte cest", "dokončí cest", "dokončená cest", "dokončíte obléh",
                      "dokončí obléh", "dokončeného obléh", "dokončeným obléh"},
    [TKIT_LANG_UK] = {"з гри", "клун", "ченц", "ченця", "клітинк", "обложен",
                      "фінального підрахунку", "місці для підданого", "оборонний пост"},
};

/* Whether Ukrainian text `t` says "пост" (a word of its own: пост, поста, посту, пості, постом)
 * for a defense post: the glossary's word is "аванпост". */
static bool bare_post(const char *t)
{
        static const char *const forms[] = {"пост", "Пост"};
        static const char *const ends[] = {"ом", "а", "у", "і", ""};
        for (int k = 0; k < 2; k++)
                for (const char *p = strstr(t, forms[k]); p; p = strstr(p + 1, forms[k])) {
                        if (p > t && (unsigned char)p[-1] >= 0x80)
                                continue; /* inside a word: аванпост, поставити */
                        const char *q = p + strlen(forms[k]);
                        for (int e = 0; e < 5; e++)
                                if (strncmp(q, ends[e], strlen(ends[e])) == 0 &&
                                    (unsigned char)q[strlen(ends[e])] < 0x80)
                                        return true;
                }
        return false;
}

static void check_terms(const char *text, enum tkit_lang l, const char *file)
{
        for (size_t k = 0; struck[l][k]; k++)
                if (strstr(text, struck[l][k]))
                        fail_msg("%s (%s): '%s' in '%s'", file, tkit_lang_name(l), struck[l][k],
                                 text);
        if (l == TKIT_LANG_UK && bare_post(text))
                fail_msg("%s (uk): 'пост' for 'аванпост' in '%s'", file, text);
}

/* The captions and callouts of every scene speak the glossary's terms in Romanian, Czech and
 * Ukrainian: none of the words struck out. */
static void test_scene_terms(void **state)
{
        (void)state;
        char **files = tkit_test_files(tkit_test_env("TKIT_SCENES"), ".xml", NULL);
        size_t texts = 0;
        for (size_t f = 0; files[f]; f++) {
                const char *path = files[f];
                const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_scene *s = tkit_scene_read_file(path, &d, NULL);
                assert_non_null(s);
                for (size_t l = 1; l < TKIT_LANG_COUNT; l++) {
                        const char *cap = tkit_text_caption(s, langs[l]);
                        if (cap)
                                check_terms(cap, langs[l], name), texts++;
                        for (size_t i = 0; i < s->ncallouts; i++) {
                                const char *t = tkit_text_callout(&s->callouts[i], langs[l]);
                                if (t)
                                        check_terms(t, langs[l], name), texts++;
                        }
                }
                tkit_diags_finish(&d);
                tkit_scene_destroy(s);
        }
        tkit_test_files_free(files);
        assert_true(texts > 120);
        check_terms("Аванпост лицарів атаковано.", TKIT_LANG_UK, "self-test");
        assert_true(bare_post("Пост лицарів атаковано."));
        assert_true(bare_post("на посту"));
        assert_true(bare_post("біля поста мандрівників"));
        assert_false(bare_post("Аванпост: на аванпості, до аванпосту; поставити, постає"));
}

/* The translator's check: the languages the scene has (any tag), and a language required. */
static void test_check_langs(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red");
        s->line = 2;
        s->caption_line = 5;
        tkit_scene_add_caption(s, "en", "A road.");
        tkit_scene_add_caption(s, "pt-BR", "Uma estrada.");
        struct tkit_scene_callout *c = tkit_scene_add_callout(s);
        c->number = 4;
        c->line = 30;
        tkit_scene_callout_add_text(c, "en", "the road");
        struct tkit_diags d;
        tkit_diags_init(&d);
        /* the scene has en and pt-BR: callout 4 lacks pt-BR, quoted from its English */
        assert_int_equal(tkit_text_check_langs(s, NULL, &d), 1);
        assert_int_equal(d.v[0].line, 30);
        assert_string_equal(d.v[0].rule, "SCENE-TRANSLATION");
        assert_non_null(strstr(d.v[0].message, "callout 4 has no text in 'pt-BR' (it has en); "
                                               "to translate: \"the road\""));
        tkit_diags_clear(&d);
        tkit_scene_callout_add_text(c, "pt-BR", "a estrada");
        assert_int_equal(tkit_text_check_langs(s, NULL, &d), 0);
        assert_int_equal(tkit_text_check_langs(s, "en", &d), 0);
        /* requiring cs: both texts, the caption at its own line */
        assert_int_equal(tkit_text_check_langs(s, "cs", &d), 2);
        assert_int_equal(d.v[0].line, 5);
        assert_non_null(
            strstr(d.v[0].message, "the caption has no text in 'cs' (it has en pt-BR)"));
        tkit_diags_clear(&d);
        /* a long text is cut on a character, not inside one */
        tkit_scene_add_caption(s, "uk",
                               "Червоний гравець завершує перехрестям дорогу синього "
                               "гравця: синій гравець отримує 4 очки.");
        struct tkit_scene *t = gb_scene("base", "you:red");
        tkit_scene_add_caption(t, "uk", s->captions[2].text);
        assert_int_equal(tkit_text_check_langs(t, "ro", &d), 1);
        const char *q = strstr(d.v[0].message, "to translate: \"");
        assert_non_null(q);
        assert_non_null(strstr(q, "...\""));
        assert_true(strlen(q) < 100);
        tkit_diags_finish(&d);
        tkit_scene_destroy(t);
        tkit_scene_destroy(s);
}

/* A caption or callout text in exactly the language asked for, or nothing; each one missing in a
 * language another has is an error naming the language. */
static void test_translations(void **state)
{
        (void)state;
        struct tkit_scene *s = gb_scene("base", "you:red");
        s->line = 2;
        tkit_scene_add_caption(s, "en", "A road.");
        tkit_scene_add_caption(s, "ro", "Un drum.");
        struct tkit_scene_callout *c = tkit_scene_add_callout(s);
        c->number = 4;
        c->line = 30;
        tkit_scene_callout_add_text(c, "cs", "cesta");
        assert_string_equal(tkit_text_caption(s, TKIT_LANG_RO), "Un drum.");
        assert_null(tkit_text_caption(s, TKIT_LANG_CS));
        assert_null(tkit_text_callout(c, TKIT_LANG_EN));
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_int_equal(tkit_text_check_scene(s, TKIT_LANG_RO, &d), 1); /* callout 4 */
        assert_int_equal(d.v[0].line, 30);
        assert_non_null(strstr(d.v[0].message, "callout 4 has no text in 'ro' (it has cs)"));
        assert_string_equal(d.v[0].rule, "SCENE-TRANSLATION");
        tkit_diags_clear(&d);
        assert_int_equal(tkit_text_check_scene(s, -1, &d), 2 + 3); /* caption cs uk; callout */
        tkit_diags_clear(&d);
        tkit_scene_add_caption(s, "cs", "Cesta.");
        tkit_scene_add_caption(s, "uk", "Дорога.");
        for (int l = 0; l < TKIT_LANG_COUNT; l++)
                if (l != TKIT_LANG_CS)
                        tkit_scene_callout_add_text(c, tkit_lang_name((enum tkit_lang)l), "x");
        assert_int_equal(tkit_text_check_scene(s, -1, &d), 0);
        tkit_diags_finish(&d);
        tkit_scene_destroy(s);
}

/* Every word of the sheet's and the board's tables exists in every language, and the words a
 * reader of ro, cs or uk could not read in English are their own (not the English copied). */
static void test_sheet_words(void **state)
{
        (void)state;
        for (int l = 0; l < TKIT_LANG_COUNT; l++) {
                enum tkit_lang L = (enum tkit_lang)l;
                assert_int_equal(tkit_text_sheet_missing(L), 0);
                for (int w = 0; w < TKIT_SW_COUNT; w++) {
                        const char *t = tkit_text_sheet(L, (enum tkit_sheet_word)w);
                        assert_true(t && *t && strcmp(t, "?") != 0);
                        if (l != TKIT_LANG_EN && strcmp(t, tkit_text_sheet(TKIT_LANG_EN, w)) == 0)
                                fail_msg("%s word %d is the English '%s'", tkit_lang_name(L), w, t);
                }
                for (unsigned f = 1; f <= TKIT_RULES_LAST; f <<= 1) {
                        const char *t = tkit_text_rules_module(L, f);
                        assert_true(t && *t && strcmp(t, "?") != 0);
                        if (l != TKIT_LANG_EN && strcmp(t, tkit_text_rules_module(0, f)) == 0)
                                fail_msg("%s rules %u is the English '%s'", tkit_lang_name(L), f,
                                         t);
                }
                for (int w = 0; w < TKIT_EXPECT_COUNT; w++) {
                        const char *t = tkit_text_expect(L, (enum tkit_expect_what)w);
                        assert_true(t && *t);
                        if (l != TKIT_LANG_EN && strcmp(t, tkit_text_expect(0, w)) == 0)
                                fail_msg("%s manifest %d is the English '%s'", tkit_lang_name(L), w,
                                         t);
                }
                for (int g = 0; g < TKIT_GROUP_COUNT; g++)
                        assert_true(*tkit_text_group(L, (enum tkit_group)g));
                for (int k = 0; k < TKIT_TOKEN_COUNT; k++)
                        assert_true(*tkit_text_token(L, (enum tkit_token_kind)k));
                for (int p = 0; p < TKIT_POST_COUNT; p++)
                        assert_true(*tkit_text_symbol(L, (enum tkit_post)p));
                for (const char *c = "GBTWESC"; *c; c++)
                        assert_non_null(tkit_text_illustration(L, *c));
        }
        /* what a manifest line counts: the data's words in the language, unknown words NULL */
        assert_string_equal(tkit_text_expect_of(TKIT_LANG_RO, TKIT_EXPECT_FEATURE_TILES, "village"),
                            "sat");
        assert_string_equal(tkit_text_expect_of(TKIT_LANG_CS, TKIT_EXPECT_FEATURE, "cloister"),
                            tkit_text_feature(TKIT_LANG_CS, TKIT_CLOISTER));
        assert_string_equal(tkit_text_expect_of(TKIT_LANG_UK, TKIT_EXPECT_ILLUSTRATION, "T"),
                            "водонапірна вежа");
        assert_null(tkit_text_expect_of(TKIT_LANG_RO, TKIT_EXPECT_FEATURE, "no-such-word"));
        assert_string_equal(tkit_text_rules_module(TKIT_LANG_RO, TKIT_RULES_BRIDGES), "poduri");
        assert_string_equal(tkit_text_rules_module(TKIT_LANG_RO, 1u << 30), "?");
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_langs),        cmocka_unit_test(test_points),
            cmocka_unit_test(test_players),      cmocka_unit_test(test_every_event),
            cmocka_unit_test(test_words),        cmocka_unit_test(test_scenes),
            cmocka_unit_test(test_translations), cmocka_unit_test(test_key),
            cmocka_unit_test(test_scene_terms),  cmocka_unit_test(test_check_langs),
            cmocka_unit_test(test_sheet_words),
        };
        return tkit_test_status(
            cmocka_run_group_tests(tests, tkit_test_sets_setup, tkit_test_sets_teardown));
}
