/* Events of a move: the result's list, names, figures going back, and the expectations check. */
#include "game-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *tkit_game_phase_name(enum tkit_game_phase p)
{
        static const char *const names[] = {"draw", "tile", "figure", "score", "turn-end", "final"};
        return (unsigned)p < TKIT_PHASE_COUNT ? names[p] : "?";
}

const char *tkit_game_event_kind_name(enum tkit_game_event_kind k)
{
        static const char *const names[] = {"score",   "return",   "remove", "build",
                                            "convert", "catapult", "choice", "note"};
        return (unsigned)k < TKIT_EV_KIND_COUNT ? names[k] : "?";
}

static const char *const rule_ids[] = {
    /* scoring */
    "SCORE-ROAD",
    "SCORE-CITY",
    "SCORE-CLOISTER",
    "SCORE-GARDEN",
    "SCORE-INN",
    "SCORE-CATHEDRAL",
    "SCORE-END",
    "SCORE-FIELD",
    "SCORE-PIG",
    "ABBOT-RECALL",
    "BRIDGE-MUST",
    "BRIDGE-ROAD",
    "BRIDGE-END",
    "CASTLE-BUILD",
    "MAIDEN-CONVERT",
    "MAIDEN-TAKE",
    "BARN-BUILD",
    "BARN-SCORE",
    "POST-ROW",
    "POST-STACK",
    "COUNTERATTACK",
    "ADVANCE",
    "ATTACK",
    "FINAL-COUNTERATTACK",
    "BESIEGED-CITY",
    "BESIEGED-FIELD",
    "ESCAPE",
    /* scene diagnostics */
    "SCENE-SET",
    "SCENE-TILE",
    "SCENE-ROTATION",
    "SCENE-CELL",
    "SCENE-DETACHED",
    "SCENE-MOVE-CELL",
    "SCENE-EDGE",
    "SCENE-BRIDGE",
    "SCENE-PLAYER",
    "SCENE-COLOUR",
    "SCENE-OPTION",
    "SCENE-FIGURE",
    "SCENE-FIGURE-KIND",
    "SCENE-OCCUPIED",
    "SCENE-FACE",
    "SCENE-POST",
    "SCENE-TOKEN",
    "SCENE-COPIES",
    "SCENE-CHOICE",
    "SCENE-REMOVE",
    "SCENE-BONUS",
    "SCENE-BUILD",
    "SCENE-CASTLE",
    "SCENE-MAIDEN",
    "SCENE-ABBOT",
    "SCENE-ESCAPE",
    "SCENE-EXPECT",
};

const char *const *tkit_game_rule_ids(size_t *n)
{
        *n = sizeof(rule_ids) / sizeof(rule_ids[0]);
        return rule_ids;
}

void tkit_game_result_init(struct tkit_game_result *r)
{
        memset(r, 0, sizeof(*r));
}

void tkit_game_result_finish(struct tkit_game_result *r)
{
        if (!r)
                return;
        for (size_t i = 0; i < r->nevents; i++) {
                free(r->events[i].text);
                free(r->events[i].places);
        }
        free(r->events);
        tkit_scene_destroy(r->after);
        memset(r, 0, sizeof(*r));
}

struct tkit_game_event *tkit_g_event(struct g_ctx *c, enum tkit_game_event_kind kind,
                                     const char *rule, int player, int points, int line,
                                     const char *fmt, ...)
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
        e->line = line;
        e->feature_kind = TKIT_FEATURE_KIND_COUNT;
        va_list ap;
        va_start(ap, fmt);
        e->text = tkit_xvasprintf(fmt, ap);
        va_end(ap);
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

static const char *fig_words(const struct g_board *b, const struct g_fig *f)
{
        if (f->f.at == TKIT_AT_CASTLE)
                return "maiden";
        if (f->f.at == TKIT_AT_BARN)
                return "barn farmer";
        if (f->f.kind != TKIT_FIGURE_MEEPLE)
                return tkit_figure_kind_name(f->f.kind);
        switch (f->node < 0 ? TKIT_FEATURE_KIND_COUNT : tkit_g_node_kind(b, f->node)) {
        case TKIT_CITY:
                return "knight";
        case TKIT_ROAD:
                return "traveler";
        case TKIT_FIELD:
                return "farmer";
        case TKIT_CLOISTER:
                return "monk";
        default:
                return "meeple";
        }
}

void tkit_g_return_fig(struct g_ctx *c, int fi, const char *rule, bool removed)
{
        struct g_board *b = c->b;
        struct g_fig *f = &b->figs[fi];
        tkit_g_stats_fig(b, fi, -1);
        f->gone = true;
        struct tkit_game_event *e =
            tkit_g_event(c, removed ? TKIT_EV_REMOVE : TKIT_EV_RETURN, rule, f->f.player, 0,
                         f->f.line, "%s %s %s", tkit_g_poss(b, f->f.player), fig_words(b, f),
                         removed ? "is removed" : "goes back");
        e->figure = f->index;
        e->count = removed ? "removed" : "returned";
        if (f->node >= 0) {
                const struct g_cell *cl = &b->cells[b->node_cell[f->node]];
                e->places = tkit_xmalloc(sizeof(*e->places));
                e->nplaces = 1;
                int feat = b->node_feat[f->node];
                e->places[0] = (struct tkit_game_place){cl->x, cl->y,
                                                        feat < 0 ? TKIT_GAME_PLACE_BRIDGE : feat};
        }
}

int tkit_game_check_expect(const struct tkit_scene *scene, const struct tkit_game_result *r,
                           struct tkit_diags *d)
{
        size_t before = d->errors;
        for (size_t i = 0; i < scene->nexpect_points; i++) {
                const struct tkit_scene_expect_points *x = &scene->expect_points[i];
                if (x->player < 0 || (size_t)x->player >= scene->nplayers)
                        continue;
                int got = r->points[x->player];
                if (got != x->points)
                        tkit_diags_add(d, TKIT_SEV_ERROR, scene->file, x->line, "SCENE-EXPECT",
                                       NULL, NULL, "%s: expected %d points, computed %d",
                                       scene->players[x->player].id, x->points, got);
        }
        for (size_t i = 0; i < scene->nexpect_counts; i++) {
                const struct tkit_scene_expect_count *x = &scene->expect_counts[i];
                int got = 0;
                for (size_t k = 0; k < r->nevents; k++) {
                        const struct tkit_game_event *e = &r->events[k];
                        got += e->count && strcmp(e->count, x->what) == 0 &&
                               (x->player < 0 || e->player == x->player);
                }
                if (got != x->count)
                        tkit_diags_add(d, TKIT_SEV_ERROR, scene->file, x->line, "SCENE-EXPECT",
                                       NULL, NULL, "%s%s%s: expected %d, computed %d", x->what,
                                       x->player >= 0 ? " of " : "",
                                       x->player >= 0 && (size_t)x->player < scene->nplayers
                                           ? scene->players[x->player].id
                                           : "",
                                       x->count, got);
        }
        return d->errors > before ? TKIT_E_INVALID : 0;
}
