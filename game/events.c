/* Events of a move: the result's list, figures going back, and the expectations check. */
#include "game-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void tkit_game_result_init(struct tkit_game_result *r)
{
        memset(r, 0, sizeof(*r));
}

void tkit_game_result_finish(struct tkit_game_result *r)
{
        if (!r)
                return;
        for (size_t i = 0; i < r->nevents; i++) {
                free(r->events[i].places);
                free(r->events[i].choices);
        }
        free(r->events);
        free(r->figures);
        tkit_scene_destroy(r->after);
        memset(r, 0, sizeof(*r));
}

struct tkit_game_event *tkit_g_event(struct g_ctx *c, enum tkit_game_event_kind kind,
                                     enum tkit_game_rule rule, int player, int points, int line)
{
        struct tkit_game_result *r = c->r;
        struct tkit_game_event *e = TKIT_PUSH(r->events, r->nevents, r->capevents);
        memset(e, 0, sizeof(*e));
        e->phase = c->phase;
        e->kind = kind;
        e->rule = rule;
        e->player = player;
        e->points = points;
        e->post = -1;
        e->figure = -1;
        e->symbol = -1;
        e->line = line;
        e->count = TKIT_COUNT_NONE;
        e->feature_kind = TKIT_FEATURE_KIND_COUNT;
        if (kind == TKIT_EV_SCORE && player >= 0 && player < TKIT_SCENE_MAX_PLAYERS)
                r->points[player] += points;
        return e;
}

/* The nodes of every group, grouped by root (built once; unions are over by then). */
static void members(struct g_board *b)
{
        if (b->mstart)
                return;
        size_t n = b->nnodes;
        b->mstart = tkit_xcalloc(n + 2, sizeof(int));
        b->mlist = tkit_xmalloc((n + 1) * sizeof(int));
        for (size_t i = 0; i < n; i++)
                b->mstart[tkit_g_find(b, (int)i) + 1]++;
        for (size_t i = 0; i < n; i++)
                b->mstart[i + 1] += b->mstart[i];
        int *fill = tkit_xmalloc((n + 1) * sizeof(int));
        memcpy(fill, b->mstart, (n + 1) * sizeof(int));
        for (size_t i = 0; i < n; i++)
                b->mlist[fill[tkit_g_find(b, (int)i)]++] = (int)i;
        free(fill);
}

void tkit_g_event_places(struct g_ctx *c, struct tkit_game_event *e, int root)
{
        struct g_board *b = c->b;
        members(b);
        size_t cap = 0;
        for (int k = b->mstart[root]; k < b->mstart[root + 1]; k++) {
                int n = b->mlist[k];
                const struct g_cell *cl = &b->cells[b->node_cell[n]];
                if (b->node_feat[n] < 0 && !cl->bridge)
                        continue; /* the unused bridge slot */
                struct tkit_game_place *p = TKIT_PUSH(e->places, e->nplaces, cap);
                p->x = cl->x;
                p->y = cl->y;
                p->feature = b->node_feat[n] < 0 ? TKIT_GAME_PLACE_BRIDGE : b->node_feat[n];
        }
}

void tkit_g_return_fig(struct g_ctx *c, int fi, enum tkit_game_rule rule, bool removed)
{
        struct g_board *b = c->b;
        struct g_fig *f = &b->figs[fi];
        tkit_g_stats_fig(b, fi, -1);
        f->gone = true;
        struct tkit_game_event *e = tkit_g_event(c, removed ? TKIT_EV_REMOVE : TKIT_EV_RETURN, rule,
                                                 f->f.player, 0, f->f.line);
        e->figure = f->index;
        e->figure_kind = f->f.kind;
        e->at = f->f.at;
        e->count = removed ? TKIT_COUNT_REMOVED : TKIT_COUNT_RETURNED;
        if (f->node >= 0) {
                const struct g_cell *cl = &b->cells[b->node_cell[f->node]];
                e->feature_kind = tkit_g_node_kind(b, f->node);
                e->places = tkit_xmalloc(sizeof(*e->places));
                e->nplaces = 1;
                int feat = b->node_feat[f->node];
                e->places[0] = (struct tkit_game_place){cl->x, cl->y,
                                                        feat < 0 ? TKIT_GAME_PLACE_BRIDGE : feat};
        }
}

/* The words a <count> may use: every `count` the engine sets (docs/scoring.md). */
static const char *const count_words[TKIT_COUNT_COUNT] = {
#define WORD(e, word) [TKIT_COUNT_##e] = word,
    TKIT_COUNT_WORDS(WORD)
#undef WORD
};

const char *tkit_count_word(enum tkit_count c)
{
        return c >= 0 && c < TKIT_COUNT_COUNT ? count_words[c] : NULL;
}

enum tkit_count tkit_count_parse(const char *word)
{
        int i = tkit_word_index(count_words, TKIT_COUNT_COUNT, word);
        return i < 0 ? TKIT_COUNT_NONE : (enum tkit_count)i;
}

const char *const *tkit_game_count_words(size_t *n)
{
        *n = TKIT_COUNT_COUNT;
        return count_words;
}

static void unknown_word(const struct tkit_scene *scene, const struct tkit_scene_expect_count *x,
                         struct tkit_diags *d)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < sizeof(count_words) / sizeof(count_words[0]); i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", count_words[i]);
        tkit_diags_add(d, TKIT_SEV_ERROR, scene->file, x->line,
                       tkit_game_rule_id(TKIT_GR_SCENE_EXPECT), NULL, NULL,
                       "no event counts as '%s'; the words: %s", x->what, b.data);
        tkit_buf_finish(&b);
}

int tkit_game_check_expect(const struct tkit_scene *scene, const struct tkit_game_result *r,
                           struct tkit_diags *d)
{
        size_t before = d->errors;
        if (!scene->has_expect)
                tkit_diags_add(d, TKIT_SEV_WARNING, scene->file, scene->line,
                               tkit_game_rule_id(TKIT_GR_SCENE_EXPECT), NULL, NULL,
                               "the scene states no <expect>, so nothing it computes is checked: "
                               "write the points the example gives, or <expect/> for a "
                               "picture-only scene");
        for (size_t i = 0; i < scene->nexpect_points; i++) {
                const struct tkit_scene_expect_points *x = &scene->expect_points[i];
                if (x->player < 0 || (size_t)x->player >= scene->nplayers)
                        continue;
                int got = r->points[x->player];
                if (got != x->points)
                        tkit_diags_add(d, TKIT_SEV_ERROR, scene->file, x->line,
                                       tkit_game_rule_id(TKIT_GR_SCENE_EXPECT), NULL, NULL,
                                       "%s: expected %d points, computed %d",
                                       scene->players[x->player].id, x->points, got);
        }
        for (size_t i = 0; i < scene->nexpect_counts; i++) {
                const struct tkit_scene_expect_count *x = &scene->expect_counts[i];
                enum tkit_count want = tkit_count_parse(x->what);
                if (want == TKIT_COUNT_NONE) {
                        unknown_word(scene, x, d);
                        continue;
                }
                int got = 0;
                for (size_t k = 0; k < r->nevents; k++) {
                        const struct tkit_game_event *e = &r->events[k];
                        got += e->count == want && (x->player < 0 || e->player == x->player);
                }
                if (got != x->count)
                        tkit_diags_add(d, TKIT_SEV_ERROR, scene->file, x->line,
                                       tkit_game_rule_id(TKIT_GR_SCENE_EXPECT), NULL, NULL,
                                       "%s%s%s: expected %d, computed %d", x->what,
                                       x->player >= 0 ? " of " : "",
                                       x->player >= 0 && (size_t)x->player < scene->nplayers
                                           ? scene->players[x->player].id
                                           : "",
                                       x->count, got);
        }
        return d->errors > before ? TKIT_E_INVALID : 0;
}
