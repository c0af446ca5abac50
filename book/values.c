/* Value paths (docs/book.md): what `tilekit score --json` and a scene's <expect> report, read off
 * the engine's result. This file is the book's one seam with the engine's events: the fields it
 * reads (kind, player, points, rule, count, post, feature kind, places, counts) are those of
 * game/tkit-event.h, and every name a path takes comes from the engine's tables (rule ids, count
 * words, counts, posts, feature kinds), never from a copy. */
#include "book/book-private.h"

#include <stdlib.h>
#include <string.h>

/* A path split at ':' (at most MAX_FIELDS fields), on one scene's result. */
#define MAX_FIELDS 4
struct path {
        const struct tkit_scene *s;
        const struct tkit_game_result *r;
        char *f[MAX_FIELDS];
        size_t n;
};

static char *players_list(const struct tkit_scene *s)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < s->nplayers; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", s->players[i].id);
        return tkit_buf_steal(&b);
}

/* The player named `id` (or every player for NULL: -1); false with *why when unknown. */
static bool find_player(const struct tkit_scene *s, const char *id, int *player, char **why)
{
        *player = -1;
        if (!id)
                return true;
        *player = tkit_scene_find_player(s, id);
        if (*player >= 0)
                return true;
        char *list = players_list(s);
        *why = tkit_xasprintf("no player '%s' in scene %s\nthe players are %s", id, s->id, list);
        free(list);
        return false;
}

/* Field k as a player (absent: every player). */
static bool player_field(const struct path *p, size_t k, int *player, char **why)
{
        return find_player(p->s, p->n > k ? p->f[k] : NULL, player, why);
}

static bool of_player(const struct tkit_game_event *e, int player)
{
        return player < 0 || e->player == player;
}

/* The scoring rules of the engine's table (the scene diagnostics are no points). */
static char *rules_list(void)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (int r = TKIT_GR_NONE + 1; r < TKIT_GR_SCENE_FIRST; r++)
                tkit_buf_printf(&b, "%s%s", r > 1 ? ", " : "",
                                tkit_game_rule_id((enum tkit_game_rule)r));
        return tkit_buf_steal(&b);
}

/* The words of <count what=…> (enum tkit_count: the <expect> check uses the same). */
static bool known_count(const char *what)
{
        return tkit_count_parse(what) != TKIT_COUNT_NONE;
}

static char *count_list(void)
{
        size_t n;
        const char *const *words = tkit_game_count_words(&n);
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < n; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", words[i]);
        return tkit_buf_steal(&b);
}

/* The defense posts (the "?" of a siege symbol is no post). */
static char *posts_list(void)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (int k = 0; k < TKIT_POST_ANY; k++)
                tkit_buf_printf(&b, "%s%s", k ? ", " : "", tkit_post_name((enum tkit_post)k));
        return tkit_buf_steal(&b);
}

static bool post_field(const struct path *p, size_t k, int *post, char **why)
{
        *post = -1;
        if (p->n <= k)
                return true;
        *post = tkit_post_parse(p->f[k]);
        if (*post >= 0 && *post < TKIT_POST_ANY)
                return true;
        char *list = posts_list();
        *why = tkit_xasprintf("no post '%s'\nthe posts are %s", p->f[k], list);
        free(list);
        return false;
}

/* The arity check of every path kind: the message gives the syntax, then the choices. */
static bool arity(const struct path *p, size_t min, size_t max, const char *syntax,
                  const char *choices, char **why)
{
        if (p->n >= min && p->n <= max)
                return true;
        *why = tkit_xasprintf("%s takes %s%s%s", p->f[0], syntax, choices ? "\n" : "",
                              choices ? choices : "");
        return false;
}

/* points:PLAYER — the move's points of PLAYER (score --json "points"). */
static int points(const struct path *p, long *value, char **why)
{
        char *list = players_list(p->s);
        char *choices = tkit_xasprintf("the players are %s", list);
        bool ok = arity(p, 2, 2, "a player: points:PLAYER", choices, why);
        free(choices);
        free(list);
        int pl;
        if (!ok || !player_field(p, 1, &pl, why))
                return TKIT_E_INVALID;
        *value = p->r->points[pl];
        return 0;
}

/* rule:RULE[:PLAYER] — the points the events of that rule give (that player's, or everybody's). */
static int rule(const struct path *p, long *value, char **why)
{
        if (!arity(p, 2, 3, "a rule id and maybe a player: rule:RULE[:PLAYER]", NULL, why))
                return TKIT_E_INVALID;
        int want = tkit_game_rule_parse(p->f[1]);
        if (want < 0 || want >= TKIT_GR_SCENE_FIRST) {
                char *list = rules_list();
                *why = tkit_xasprintf("no rule '%s'\nthe rules are %s", p->f[1], list);
                free(list);
                return TKIT_E_INVALID;
        }
        int pl;
        if (!player_field(p, 2, &pl, why))
                return TKIT_E_INVALID;
        long sum = 0;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                if (e->kind == TKIT_EV_SCORE && (int)e->rule == want && of_player(e, pl))
                        sum += e->points;
        }
        *value = sum;
        return 0;
}

/* count:WHAT[:PLAYER] — the events counted as WHAT, as <expect><count what=WHAT> counts them. */
static int count(const struct path *p, long *value, char **why)
{
        char *list = count_list();
        char *choices = tkit_xasprintf("the words are %s", list);
        bool ok = arity(p, 2, 3, "a word and maybe a player: count:WHAT[:PLAYER]", choices, why);
        free(choices);
        if (ok && !known_count(p->f[1])) {
                *why = tkit_xasprintf("no count '%s'\nthe words are %s", p->f[1], list);
                ok = false;
        }
        free(list);
        int pl;
        if (!ok || !player_field(p, 2, &pl, why))
                return TKIT_E_INVALID;
        long got = 0;
        enum tkit_count want = tkit_count_parse(p->f[1]);
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                got += e->count == want && of_player(e, pl);
        }
        *value = got;
        return 0;
}

/* events[:PLAYER] — the number of events (score --json "events"), or of those about a player. */
static int events(const struct path *p, long *value, char **why)
{
        int pl;
        if (!arity(p, 1, 2, "at most a player: events[:PLAYER]", NULL, why) ||
            !player_field(p, 1, &pl, why))
                return TKIT_E_INVALID;
        long got = 0;
        for (size_t i = 0; i < p->r->nevents; i++)
                got += of_player(&p->r->events[i], pl);
        *value = got;
        return 0;
}

/* The words of a path's second field that name an event kind (figures:, catapults:). */
struct kind_word {
        const char *word;
        enum tkit_game_event_kind kind;
};

/* The kind `word` names in `table` (`n` rows), or -1. */
static int kind_of_word(const struct kind_word *table, size_t n, const char *word)
{
        for (size_t i = 0; i < n; i++)
                if (strcmp(table[i].word, word) == 0)
                        return (int)table[i].kind;
        return -1;
}

/* figures:returned|removed[:PLAYER] — figures that go back to their owners' supply: returned
 * (from the board: one per event; from a post: the event's meeples) or removed by an attack. */
static int figures(const struct path *p, long *value, char **why)
{
        static const char *const choices =
            "the paths are figures:returned[:PLAYER] and figures:removed[:PLAYER]";
        static const struct kind_word words[] = {{"returned", TKIT_EV_RETURN},
                                                 {"removed", TKIT_EV_REMOVE}};
        if (!arity(p, 2, 3, "what and maybe a player", choices, why))
                return TKIT_E_INVALID;
        int kind = kind_of_word(words, 2, p->f[1]);
        if (kind < 0) {
                *why = tkit_xasprintf("no figures '%s'\n%s", p->f[1], choices);
                return TKIT_E_INVALID;
        }
        bool removed = kind == TKIT_EV_REMOVE;
        int pl;
        if (!player_field(p, 2, &pl, why))
                return TKIT_E_INVALID;
        long got = 0;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                if (!of_player(e, pl))
                        continue;
                if (removed)
                        got += e->kind == TKIT_EV_REMOVE;
                else if (e->kind == TKIT_EV_RETURN)
                        got += e->post >= 0 ? e->n.meeples : 1;
        }
        *value = got;
        return 0;
}

/* catapults:advanced|removed[:POST] — catapults that advance to a post, or leave one. */
static int catapults(const struct path *p, long *value, char **why)
{
        static const char *const choices =
            "the paths are catapults:advanced[:POST] and catapults:removed[:POST]";
        static const struct kind_word words[] = {{"advanced", TKIT_EV_ADVANCE},
                                                 {"removed", TKIT_EV_CATAPULT_OFF}};
        if (!arity(p, 2, 3, "what and maybe a post", choices, why))
                return TKIT_E_INVALID;
        int kind = kind_of_word(words, 2, p->f[1]);
        if (kind < 0) {
                *why = tkit_xasprintf("no catapults '%s'\n%s", p->f[1], choices);
                return TKIT_E_INVALID;
        }
        int post;
        if (!post_field(p, 2, &post, why))
                return TKIT_E_INVALID;
        long got = 0;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                got += (int)e->kind == kind && (post < 0 || e->post == post);
        }
        *value = got;
        return 0;
}

/* The posts the move scores (an attack, a counterattack), for messages. */
static char *posts_scored(const struct tkit_game_result *r)
{
        bool seen[TKIT_POST_COUNT] = {false};
        for (size_t i = 0; i < r->nevents; i++)
                if (r->events[i].kind == TKIT_EV_SCORE && r->events[i].post >= 0 &&
                    r->events[i].post < TKIT_POST_COUNT)
                        seen[r->events[i].post] = true;
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (int k = 0; k < TKIT_POST_COUNT; k++)
                if (seen[k])
                        tkit_buf_printf(&b, "%s%s", b.len ? ", " : "",
                                        tkit_post_name((enum tkit_post)k));
        if (!b.len)
                tkit_buf_puts(&b, "none");
        return tkit_buf_steal(&b);
}

/* meeples:POST[:PLAYER] — the meeples at POST when the move's attack or counterattack scores it
 * (its score events' meeples). A post the move does not score is an error, not 0: the engine
 * counts a post's meeples only when it scores them. */
static int meeples(const struct path *p, long *value, char **why)
{
        char *list = posts_list();
        char *choices = tkit_xasprintf("the posts are %s", list);
        free(list);
        bool ok = arity(p, 2, 3, "a post and maybe a player: meeples:POST[:PLAYER]", choices, why);
        free(choices);
        int post, pl;
        if (!ok || !post_field(p, 1, &post, why) || !player_field(p, 2, &pl, why))
                return TKIT_E_INVALID;
        long got = 0;
        bool scored = false;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                if (e->kind != TKIT_EV_SCORE || e->post != post)
                        continue;
                scored = true;
                if (of_player(e, pl))
                        got += e->n.meeples;
        }
        if (!scored) {
                char *done = posts_scored(p->r);
                *why = tkit_xasprintf("no attack or counterattack scores the %s post in this move "
                                      "(posts scored: %s)",
                                      p->f[1], done);
                free(done);
                return TKIT_E_INVALID;
        }
        *value = got;
        return 0;
}

/* The counts of the engine's table that describe a feature, for messages. */
static char *feature_counts_list(void)
{
        size_t n;
        const struct tkit_game_count_info *c = tkit_game_count_table(&n);
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < n; i++)
                if (c[i].feature)
                        tkit_buf_printf(&b, "%s%s", b.len ? ", " : "", c[i].name);
        return tkit_buf_steal(&b);
}

static char *kinds_list(void)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (int k = 0; k < TKIT_FEATURE_KIND_COUNT; k++)
                tkit_buf_printf(&b, "%s%s", k ? ", " : "",
                                tkit_feature_kind_name((enum tkit_feature_kind)k));
        return tkit_buf_steal(&b);
}

/* A score event about a feature on the board (a barn's or a maiden's score is about figures and
 * names no place). */
static bool feature_score(const struct tkit_game_event *e)
{
        return e->kind == TKIT_EV_SCORE && e->nplaces > 0 &&
               (unsigned)e->feature_kind < TKIT_FEATURE_KIND_COUNT;
}

static bool same_places(const struct tkit_game_event *a, const struct tkit_game_event *b)
{
        return a->nplaces == b->nplaces &&
               memcmp(a->places, b->places, a->nplaces * sizeof *a->places) == 0;
}

/* Whether events[i] is the first of the selected score events about its feature: a feature that
 * several players score (a tie, a pig) counts once. A move scores a handful of features, so the
 * look back stays short. */
static bool first_of_feature(const struct tkit_game_result *r, size_t i, int kind, int pl)
{
        const struct tkit_game_event *e = &r->events[i];
        for (size_t j = 0; j < i; j++) {
                const struct tkit_game_event *o = &r->events[j];
                if (feature_score(o) && (int)o->feature_kind == kind && of_player(o, pl) &&
                    same_places(o, e))
                        return false;
        }
        return true;
}

/* The feature kinds the move scores (of a player), for messages. */
static char *kinds_scored(const struct tkit_game_result *r, int pl)
{
        bool seen[TKIT_FEATURE_KIND_COUNT] = {false};
        for (size_t i = 0; i < r->nevents; i++)
                if (feature_score(&r->events[i]) && of_player(&r->events[i], pl))
                        seen[r->events[i].feature_kind] = true;
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (int k = 0; k < TKIT_FEATURE_KIND_COUNT; k++)
                if (seen[k])
                        tkit_buf_printf(&b, "%s%s", b.len ? ", " : "",
                                        tkit_feature_kind_name((enum tkit_feature_kind)k));
        if (!b.len)
                tkit_buf_puts(&b, "none");
        return tkit_buf_steal(&b);
}

/* Fields 1 and 2 of feature:KIND:COUNT: a feature kind and a count of the feature. */
static bool feature_args(const struct path *p, int *kind, int *count, char **why)
{
        *kind = tkit_feature_kind_parse(p->f[1]);
        if (*kind < 0) {
                char *list = kinds_list();
                *why = tkit_xasprintf("no feature kind '%s'\nthe kinds are %s", p->f[1], list);
                free(list);
                return false;
        }
        *count = tkit_game_count_parse(p->f[2]);
        size_t n;
        if (*count >= 0 && tkit_game_count_table(&n)[*count].feature)
                return true;
        char *list = feature_counts_list();
        *why = tkit_xasprintf("no count '%s' of a feature\nthe counts are %s", p->f[2], list);
        free(list);
        return false;
}

/* feature:KIND:COUNT[:PLAYER] — COUNT (tiles, bridges, pennants, …) of the KIND features the move
 * scores (those PLAYER scores), each feature once however many players score it, summed over the
 * features. A move that scores no such feature is an error, not 0. */
static int feature(const struct path *p, long *value, char **why)
{
        char *kl = kinds_list(), *cl = feature_counts_list();
        char *choices = tkit_xasprintf("the kinds are %s; the counts are %s", kl, cl);
        free(kl);
        free(cl);
        bool ok = arity(p, 3, 4,
                        "a feature kind, a count and maybe a player: "
                        "feature:KIND:COUNT[:PLAYER]",
                        choices, why);
        free(choices);
        int kind, cnt, pl;
        if (!ok || !feature_args(p, &kind, &cnt, why) || !player_field(p, 3, &pl, why))
                return TKIT_E_INVALID;
        long got = 0;
        bool scored = false;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                if (!feature_score(e) || (int)e->feature_kind != kind || !of_player(e, pl) ||
                    !first_of_feature(p->r, i, kind, pl))
                        continue;
                scored = true;
                got += tkit_game_count_value(&e->n, (size_t)cnt);
        }
        if (!scored) {
                char *done = kinds_scored(p->r, pl);
                if (pl < 0)
                        *why = tkit_xasprintf("the move scores no %s (features scored: %s)",
                                              p->f[1], done);
                else
                        *why = tkit_xasprintf("player %s scores no %s in this move (features "
                                              "they score: %s)",
                                              p->f[3], p->f[1], done);
                free(done);
                return TKIT_E_INVALID;
        }
        *value = got;
        return 0;
}

/* Every path kind: its first field, its syntax (for the error that lists them) and its reader. */
static const struct {
        const char *name, *syntax;
        int (*eval)(const struct path *p, long *value, char **why);
} kinds[] = {
    {"points", "points:PLAYER", points},
    {"rule", "rule:RULE[:PLAYER]", rule},
    {"count", "count:WHAT[:PLAYER]", count},
    {"events", "events[:PLAYER]", events},
    {"figures", "figures:returned|removed[:PLAYER]", figures},
    {"catapults", "catapults:advanced|removed[:POST]", catapults},
    {"meeples", "meeples:POST[:PLAYER]", meeples},
    {"feature", "feature:KIND:COUNT[:PLAYER]", feature},
};

static char *kinds_syntax(void)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", kinds[i].syntax);
        return tkit_buf_steal(&b);
}

/* Splits `copy` at ':' into p->f (at most MAX_FIELDS kept); p->n counts every field. */
static void split(char *copy, struct path *p)
{
        p->n = 0;
        for (char *s = copy;; s++) {
                if (p->n < MAX_FIELDS)
                        p->f[p->n] = s;
                p->n++;
                s = strchr(s, ':');
                if (!s)
                        break;
                *s = '\0';
        }
}

int tkit_book_value(const struct tkit_scene *scene, const struct tkit_game_result *r,
                    const char *path, long *value, char **why)
{
        *why = NULL;
        char *copy = tkit_xstrdup(path ? path : "");
        struct path p = {.s = scene, .r = r};
        split(copy, &p);
        int rc = TKIT_E_INVALID;
        for (size_t i = 0; i < p.n && i < MAX_FIELDS; i++)
                if (!*p.f[i]) {
                        *why = tkit_xasprintf("'%s' has an empty field", path);
                        goto out;
                }
        if (p.n > MAX_FIELDS) {
                *why = tkit_xasprintf("'%s' has too many fields", path);
                goto out;
        }
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
                if (strcmp(p.f[0], kinds[i].name) == 0) {
                        rc = kinds[i].eval(&p, value, why);
                        goto out;
                }
        char *list = kinds_syntax();
        *why = tkit_xasprintf("unknown path '%s'\nthe paths are %s", p.f[0], list);
        free(list);
out:
        free(copy);
        return rc;
}
