/* Scene equality, for round trips (read → write → read) and tests: what a scene says, not where
 * it was read from (lines and scene->file are ignored). A figure is compared by the place kind
 * it uses; the figure placed in a move by kind and feature (its cell is the placed tile's). */
#include "formats-private.h"

#include <stdio.h>
#include <stdlib.h>

static bool figure_eq(struct tkit_cmp *c, const struct tkit_scene_figure *a,
                      const struct tkit_scene_figure *b, const char *ctx)
{
        if (!SAME_INT(c, a->player, b->player, "player", ctx) ||
            !SAME_INT(c, a->kind, b->kind, "kind", ctx) || !SAME_INT(c, a->at, b->at, "at", ctx))
                return false;
        if (a->at == TKIT_AT_CASTLE)
                return SAME_INT(c, a->castle, b->castle, "castle", ctx);
        if (a->at == TKIT_AT_BARN)
                return SAME_INT(c, a->barn, b->barn, "barn", ctx);
        return SAME_INT(c, a->x, b->x, "x", ctx) && SAME_INT(c, a->y, b->y, "y", ctx) &&
               SAME_STR(c, a->feature, b->feature, "feature", ctx);
}

static bool tile_eq(struct tkit_cmp *c, const struct tkit_scene_tile *a,
                    const struct tkit_scene_tile *b, bool placed, const char *ctx)
{
        return SAME_STR(c, a->set, b->set, "set", ctx) &&
               SAME_STR(c, a->tile, b->tile, "id", ctx) &&
               SAME_INT(c, a->is_piece, b->is_piece, "piece", ctx) &&
               (!placed ||
                (SAME_INT(c, a->x, b->x, "x", ctx) && SAME_INT(c, a->y, b->y, "y", ctx) &&
                 SAME_INT(c, a->rotation, b->rotation, "rotation", ctx) &&
                 SAME_INT(c, a->bridge, b->bridge, "bridge", ctx)));
}

/* Calls `eq` on element i of both arrays after comparing their lengths; ctx names the element. */
#define EACH_EQ(c, what, na, nb, eq)                                                               \
        do {                                                                                       \
                if (!SAME_INT(c, na, nb, "number of " what, ""))                                   \
                        return false;                                                              \
                for (size_t i = 0; i < (size_t)(na); i++) {                                        \
                        char ctx[64];                                                              \
                        snprintf(ctx, sizeof ctx, what "[%zu]: ", i);                              \
                        if (!(eq))                                                                 \
                                return false;                                                      \
                }                                                                                  \
        } while (0)

static bool ints_eq(struct tkit_cmp *c, const int *a, size_t na, const int *b, size_t nb,
                    const char *what)
{
        EACH_EQ(c, "spaces", na, nb, SAME_INT(c, a[i], b[i], what, ctx));
        return true;
}

static bool head_eq(struct tkit_cmp *c, const struct tkit_scene *a, const struct tkit_scene *b)
{
        if (!SAME_STR(c, a->id, b->id, "id", "") ||
            !SAME_STR(c, a->source, b->source, "source", "") ||
            !SAME_STR(c, a->invented, b->invented, "invented", "") ||
            !tkit_cmp_names(c, a->captions, a->ncaptions, b->captions, b->ncaptions, "caption: ") ||
            !tkit_cmp_names(c, a->notes, a->nnotes, b->notes, b->nnotes, "note: "))
                return false;
        EACH_EQ(c, "sets", a->nsets, b->nsets, SAME_STR(c, a->sets[i], b->sets[i], "id", ctx));
        EACH_EQ(c, "options", a->noptions, b->noptions,
                SAME_STR(c, a->options[i].name, b->options[i].name, "name", ctx) &&
                    SAME_STR(c, a->options[i].value, b->options[i].value, "value", ctx));
        EACH_EQ(c, "players", a->nplayers, b->nplayers,
                SAME_STR(c, a->players[i].id, b->players[i].id, "id", ctx) &&
                    SAME_STR(c, a->players[i].colour, b->players[i].colour, "colour", ctx));
        return true;
}

static bool board_eq(struct tkit_cmp *c, const struct tkit_scene *a, const struct tkit_scene *b)
{
        if (!SAME_STR(c, a->face, b->face, "face", ""))
                return false;
        for (int k = 0; k < 4; k++)
                if (!SAME_INT(c, a->has_show ? a->show[k] : 0, b->has_show ? b->show[k] : 0, "show",
                              "") ||
                    !SAME_INT(c, a->has_show, b->has_show, "show", ""))
                        return false;
        EACH_EQ(c, "tiles", a->ntiles, b->ntiles,
                tile_eq(c, &a->tiles[i], &b->tiles[i], true, ctx));
        EACH_EQ(c, "castles", a->ncastles, b->ncastles,
                SAME_STR(c, a->castles[i].id, b->castles[i].id, "id", ctx) &&
                    SAME_INT(c, a->castles[i].x, b->castles[i].x, "x", ctx) &&
                    SAME_INT(c, a->castles[i].y, b->castles[i].y, "y", ctx) &&
                    SAME_STR(c, a->castles[i].feature, b->castles[i].feature, "feature", ctx));
        EACH_EQ(c, "barns", a->nbarns, b->nbarns,
                SAME_STR(c, a->barns[i].id, b->barns[i].id, "id", ctx) &&
                    SAME_INT(c, a->barns[i].x, b->barns[i].x, "x", ctx) &&
                    SAME_INT(c, a->barns[i].y, b->barns[i].y, "y", ctx));
        EACH_EQ(c, "figures", a->nfigures, b->nfigures,
                figure_eq(c, &a->figures[i], &b->figures[i], ctx));
        if (!SAME_INT(c, a->catapults_left, b->catapults_left, "catapults-left", ""))
                return false;
        EACH_EQ(c, "posts", a->nposts, b->nposts,
                SAME_INT(c, a->posts[i].kind, b->posts[i].kind, "kind", ctx) &&
                    SAME_INT(c, a->posts[i].catapult, b->posts[i].catapult, "catapult", ctx) &&
                    ints_eq(c, a->posts[i].row, a->posts[i].nrow, b->posts[i].row, b->posts[i].nrow,
                            "row") &&
                    ints_eq(c, a->posts[i].stack, a->posts[i].nstack, b->posts[i].stack,
                            b->posts[i].nstack, "stack"));
        return true;
}

static bool build_eq(struct tkit_cmp *c, const struct tkit_scene_move *a,
                     const struct tkit_scene_move *b)
{
        if (!SAME_INT(c, a->build, b->build, "build", "move: "))
                return false;
        if (a->build == TKIT_BUILD_CASTLE)
                return SAME_STR(c, a->build_feature, b->build_feature, "feature", "move: build: ");
        if (a->build != TKIT_BUILD_BARN)
                return true;
        if (!SAME_INT(c, a->build_x, b->build_x, "x", "move: build: ") ||
            !SAME_INT(c, a->build_y, b->build_y, "y", "move: build: ") ||
            !SAME_INT(c, !a->farmer.feature, !b->farmer.feature, "no farmer", "move: build: "))
                return false;
        return !a->farmer.feature || figure_eq(c, &a->farmer, &b->farmer, "move: farmer: ");
}

static bool steps_eq(struct tkit_cmp *c, const struct tkit_scene_move *a,
                     const struct tkit_scene_move *b)
{
        const char *m = "move: ";
        if (!SAME_INT(c, a->has_figure, b->has_figure, "figure", m) ||
            (a->has_figure &&
             (!SAME_INT(c, a->figure.kind, b->figure.kind, "figure kind", m) ||
              !SAME_STR(c, a->figure.feature, b->figure.feature, "figure feature", m))) ||
            !SAME_INT(c, a->recall_abbot, b->recall_abbot, "recall-abbot", m) ||
            !SAME_INT(c, a->take_maiden, b->take_maiden, "take-maiden", m) ||
            !SAME_INT(c, a->bonus.taken, b->bonus.taken, "bonus", m) ||
            (a->bonus.taken && (!SAME_INT(c, a->bonus.post, b->bonus.post, "bonus post", m) ||
                                !SAME_INT(c, a->bonus.stack, b->bonus.stack, "bonus space", m) ||
                                !SAME_INT(c, a->bonus.space, b->bonus.space, "bonus index", m))) ||
            !build_eq(c, a, b) || !SAME_INT(c, a->escape, b->escape, "escape", m) ||
            (a->escape && !figure_eq(c, &a->escaping, &b->escaping, "move: escape: ")))
                return false;
        EACH_EQ(c, "choices", a->nchoices, b->nchoices,
                SAME_INT(c, a->choices[i], b->choices[i], "post", ctx));
        EACH_EQ(c, "removals", a->nremovals, b->nremovals,
                figure_eq(c, &a->removals[i], &b->removals[i], ctx));
        return true;
}

static bool move_eq(struct tkit_cmp *c, const struct tkit_scene_move *a,
                    const struct tkit_scene_move *b)
{
        if (!SAME_INT(c, a->kind, b->kind, "kind", "move: "))
                return false;
        if (a->kind != TKIT_MOVE_TILE)
                return true;
        return SAME_INT(c, a->player, b->player, "player", "move: ") &&
               SAME_INT(c, a->discarded, b->discarded, "discarded", "move: ") &&
               tile_eq(c, &a->placed, &b->placed, !a->discarded, "move: tile: ") &&
               steps_eq(c, a, b);
}

static bool texts_eq(struct tkit_cmp *c, const struct tkit_scene *a, const struct tkit_scene *b)
{
        if (!SAME_INT(c, a->has_expect, b->has_expect, "expect", ""))
                return false;
        EACH_EQ(
            c, "points", a->nexpect_points, b->nexpect_points,
            SAME_INT(c, a->expect_points[i].player, b->expect_points[i].player, "player", ctx) &&
                SAME_INT(c, a->expect_points[i].points, b->expect_points[i].points, "value", ctx));
        EACH_EQ(
            c, "counts", a->nexpect_counts, b->nexpect_counts,
            SAME_STR(c, a->expect_counts[i].what, b->expect_counts[i].what, "what", ctx) &&
                SAME_INT(c, a->expect_counts[i].player, b->expect_counts[i].player, "player",
                         ctx) &&
                SAME_INT(c, a->expect_counts[i].count, b->expect_counts[i].count, "value", ctx));
        EACH_EQ(c, "callouts", a->ncallouts, b->ncallouts,
                SAME_INT(c, a->callouts[i].number, b->callouts[i].number, "number", ctx) &&
                    SAME_INT(c, a->callouts[i].x, b->callouts[i].x, "x", ctx) &&
                    SAME_INT(c, a->callouts[i].y, b->callouts[i].y, "y", ctx) &&
                    SAME_STR(c, a->callouts[i].feature, b->callouts[i].feature, "feature", ctx) &&
                    SAME_INT(c, a->callouts[i].post, b->callouts[i].post, "post", ctx) &&
                    tkit_cmp_names(c, a->callouts[i].texts, a->callouts[i].ntexts,
                                   b->callouts[i].texts, b->callouts[i].ntexts, ctx));
        return true;
}

bool tkit_scene_equal(const struct tkit_scene *a, const struct tkit_scene *b, char **why)
{
        struct tkit_cmp c = {NULL, false};
        bool ok = head_eq(&c, a, b) && board_eq(&c, a, b) && move_eq(&c, &a->move, &b->move) &&
                  texts_eq(&c, a, b);
        if (why)
                *why = c.why;
        else
                free(c.why);
        return ok;
}
