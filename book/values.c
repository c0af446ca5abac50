/* Value paths (docs/book.md): what `tilekit score --json` and a scene's <expect> report, read off
 * the engine's result. This file is the book's one seam with the engine's events: the fields it
 * reads (player, points, kind, rule, count) are those of model/tkit-event.h. */
#include "book/book-private.h"

#include <stdlib.h>
#include <string.h>

static char *players_list(const struct tkit_scene *s)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < s->nplayers; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", s->players[i].id);
        tkit_buf_puts(&b, "");
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
        *why = tkit_xasprintf("no player '%s' in scene %s: the players are %s", id, s->id, list);
        free(list);
        return false;
}

/* The rule of an id (model/tkit-event.h's table), or -1. */
static int known_rule(const char *rule)
{
        return tkit_game_rule_parse(rule);
}

/* The count words are the engine's (tkit_game_count_words: the <expect> check uses the same). */
static bool known_count(const char *what)
{
        size_t n;
        const char *const *words = tkit_game_count_words(&n);
        for (size_t i = 0; i < n; i++)
                if (strcmp(words[i], what) == 0)
                        return true;
        return false;
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

/* points:PLAYER — the move's points of PLAYER (score --json "points"). */
static int points(const struct tkit_scene *s, const struct tkit_game_result *r, char **f, size_t n,
                  long *value, char **why)
{
        if (n != 2) {
                char *list = players_list(s);
                *why = tkit_xasprintf("points takes a player: points:PLAYER, one of %s", list);
                free(list);
                return TKIT_E_INVALID;
        }
        int p;
        if (!find_player(s, f[1], &p, why))
                return TKIT_E_INVALID;
        *value = r->points[p];
        return 0;
}

/* rule:RULE[:PLAYER] — the points the events of that rule give (that player's, or everybody's). */
static int rule(const struct tkit_scene *s, const struct tkit_game_result *r, char **f, size_t n,
                long *value, char **why)
{
        if (n < 2 || n > 3) {
                *why = tkit_xstrdup("rule takes a rule id and maybe a player: rule:RULE[:PLAYER]");
                return TKIT_E_INVALID;
        }
        int want = known_rule(f[1]);
        if (want < 0) {
                *why =
                    tkit_xasprintf("no rule '%s': the rule ids are those of docs/scoring.md", f[1]);
                return TKIT_E_INVALID;
        }
        int p;
        if (!find_player(s, n == 3 ? f[2] : NULL, &p, why))
                return TKIT_E_INVALID;
        long sum = 0;
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (e->kind == TKIT_EV_SCORE && (int)e->rule == want && (p < 0 || e->player == p))
                        sum += e->points;
        }
        *value = sum;
        return 0;
}

/* count:WHAT[:PLAYER] — the events counted as WHAT, as <expect><count what=WHAT> counts them. */
static int count(const struct tkit_scene *s, const struct tkit_game_result *r, char **f, size_t n,
                 long *value, char **why)
{
        if (n < 2 || n > 3 || !known_count(f[1])) {
                char *list = count_list();
                *why = n < 2 || n > 3
                           ? tkit_xasprintf("count takes a word and maybe a player: "
                                            "count:WHAT[:PLAYER], WHAT one of %s",
                                            list)
                           : tkit_xasprintf("no count '%s': the words are %s", f[1], list);
                free(list);
                return TKIT_E_INVALID;
        }
        int p;
        if (!find_player(s, n == 3 ? f[2] : NULL, &p, why))
                return TKIT_E_INVALID;
        long got = 0;
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                got += e->count && strcmp(e->count, f[1]) == 0 && (p < 0 || e->player == p);
        }
        *value = got;
        return 0;
}

/* events[:PLAYER] — the number of events (score --json "events"), or of those about a player. */
static int events(const struct tkit_scene *s, const struct tkit_game_result *r, char **f, size_t n,
                  long *value, char **why)
{
        if (n > 2) {
                *why = tkit_xstrdup("events takes at most a player: events[:PLAYER]");
                return TKIT_E_INVALID;
        }
        int p;
        if (!find_player(s, n == 2 ? f[1] : NULL, &p, why))
                return TKIT_E_INVALID;
        long got = 0;
        for (size_t i = 0; i < r->nevents; i++)
                got += p < 0 || r->events[i].player == p;
        *value = got;
        return 0;
}

/* Splits `path` at ':' into at most 8 fields (the copy is the caller's to free). */
static size_t split(char *copy, char **f, size_t max)
{
        size_t n = 0;
        for (char *s = copy;; s++) {
                if (n < max)
                        f[n] = s;
                n++;
                s = strchr(s, ':');
                if (!s)
                        break;
                *s = '\0';
        }
        return n;
}

int tkit_book_value(const struct tkit_scene *scene, const struct tkit_game_result *r,
                    const char *path, long *value, char **why)
{
        *why = NULL;
        char *copy = tkit_xstrdup(path ? path : "");
        char *f[4];
        size_t n = split(copy, f, 4);
        int rc = TKIT_E_INVALID;
        for (size_t i = 0; i < n && i < 4; i++)
                if (!*f[i]) {
                        *why = tkit_xasprintf("'%s' has an empty field", path);
                        goto out;
                }
        if (n > 3)
                *why = tkit_xasprintf("'%s' has too many fields", path);
        else if (strcmp(f[0], "points") == 0)
                rc = points(scene, r, f, n, value, why);
        else if (strcmp(f[0], "rule") == 0)
                rc = rule(scene, r, f, n, value, why);
        else if (strcmp(f[0], "count") == 0)
                rc = count(scene, r, f, n, value, why);
        else if (strcmp(f[0], "events") == 0)
                rc = events(scene, r, f, n, value, why);
        else
                *why = tkit_xasprintf("unknown path '%s': a path starts with points, rule, count "
                                      "or events",
                                      f[0]);
out:
        free(copy);
        return rc;
}
