/* What the engine finds on a board without playing a move: the completed features, counted by
 * the same board (game/board.c) and the same completeness (tkit_g_complete) that scoring uses.
 * The simulator counts the same things as it lays a game out; tests/sim compares the two. */
#include "game-private.h"

#include <string.h>

/* Counts the groups of `b` by kind: one per union-find root. */
static void count(struct g_board *b, struct tkit_game_census *out)
{
        for (size_t n = 0; n < b->nnodes; n++) {
                if (tkit_g_find(b, (int)n) != (int)n)
                        continue;
                const struct g_cell *c = &b->cells[b->node_cell[n]];
                if (b->node_feat[n] < 0 && !c->bridge)
                        continue; /* the bridge slot of a cell without a bridge */
                enum tkit_feature_kind k = b->groups[n].kind;
                bool done = tkit_g_complete(b, (int)n);
                if (k == TKIT_CITY) {
                        out->cities++;
                        out->cities_completed += done;
                } else if (k == TKIT_ROAD) {
                        out->roads++;
                        out->roads_completed += done;
                } else if (k == TKIT_CLOISTER) {
                        out->cloisters++;
                        out->cloisters_completed += done;
                }
        }
}

int tkit_game_census(const struct tkit_scene *scene, struct tkit_set *const *sets, size_t nsets,
                     struct tkit_game_census *out, struct tkit_diags *d)
{
        memset(out, 0, sizeof(*out));
        struct g_board b;
        int rc = tkit_g_board_build(&b, scene, sets, nsets, d);
        if (rc == 0)
                rc = tkit_g_validate(&b);
        if (rc == 0)
                count(&b, out);
        tkit_g_board_finish(&b);
        return rc;
}
