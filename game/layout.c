/* The board as a game makes it: one group of tiles joined through their edges (every tile is
 * placed touching the board), and no more copies of a tile or piece than its set's box holds. */
#include "game-private.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Cells that take part in the board before the move: not the move's tile, not a second tile on
 * a cell (SCENE-CELL said so already). */
static bool on_board(const struct g_board *b, size_t i)
{
        return !b->cells[i].placed && tkit_g_cell_at(b, b->cells[i].x, b->cells[i].y) == (int)i;
}

/* Numbers the edge-connected groups of the board before the move (breadth first through the
 * cell hash: O(n)); comp[i] is -1 for cells not on it. Returns the number of groups. */
static int number_groups(const struct g_board *b, int *comp, int *size)
{
        int *queue = tkit_xmalloc((b->ncells + 1) * sizeof(int));
        int ngroups = 0;
        for (size_t i = 0; i < b->ncells; i++)
                comp[i] = -1;
        for (size_t i = 0; i < b->ncells; i++) {
                if (comp[i] >= 0 || !on_board(b, i))
                        continue;
                size_t head = 0, tail = 0;
                queue[tail++] = (int)i;
                comp[i] = ngroups;
                while (head < tail) {
                        const struct g_cell *c = &b->cells[queue[head++]];
                        for (int side = 0; side < 4; side++) {
                                int j =
                                    tkit_g_cell_at(b, c->x + (side == TKIT_E) - (side == TKIT_W),
                                                   c->y + (side == TKIT_S) - (side == TKIT_N));
                                if (j < 0 || comp[j] >= 0 || !on_board(b, (size_t)j))
                                        continue;
                                comp[j] = ngroups;
                                queue[tail++] = j;
                        }
                }
                size[ngroups++] = (int)tail;
        }
        free(queue);
        return ngroups;
}

/* Every group but the largest (the first of equal ones) is cut off: one finding each, at the
 * line of its first tile in the scene. */
void tkit_g_check_connected(struct g_board *b)
{
        if (b->ncells < 2)
                return;
        int *comp = tkit_xmalloc(b->ncells * sizeof(int));
        int *size = tkit_xmalloc(b->ncells * sizeof(int));
        int n = number_groups(b, comp, size);
        int main_group = 0;
        for (int g = 1; g < n; g++)
                if (size[g] > size[main_group])
                        main_group = g;
        for (size_t i = 0; i < b->ncells && n > 1; i++) {
                int g = comp[i];
                if (g < 0 || g == main_group || size[g] == 0)
                        continue;
                const struct g_cell *c = &b->cells[i];
                tkit_g_error(b, c->line, TKIT_GR_SCENE_DETACHED,
                             "%s '%s' at (%d, %d) is cut off: its group of %d cell%s shares no "
                             "edge with the largest group (%d cells); every tile of a game is "
                             "placed next to another",
                             c->piece >= 0 ? "piece" : "tile",
                             c->piece >= 0 ? b->sc->tiles[c->piece].tile : c->def->id, c->x, c->y,
                             size[g], size[g] == 1 ? "" : "s", size[main_group]);
                size[g] = 0; /* one finding per group */
        }
        free(comp);
        free(size);
}

static int use_cmp(const void *pa, const void *pb)
{
        const struct g_use *a = pa, *b = pb;
        uintptr_t x = (uintptr_t)a->what, y = (uintptr_t)b->what;
        if (x != y)
                return x < y ? -1 : 1;
        return (a->order > b->order) - (a->order < b->order);
}

/* Placements sorted by definition, so copies of one tile form a run: O(n log n). */
void tkit_g_check_copies(struct g_board *b)
{
        if (b->nuses < 2)
                return;
        struct g_use *v = tkit_xmalloc(b->nuses * sizeof(*v));
        memcpy(v, b->uses, b->nuses * sizeof(*v));
        qsort(v, b->nuses, sizeof(*v), use_cmp);
        for (size_t i = 0, j; i < b->nuses; i = j) {
                for (j = i + 1; j < b->nuses && v[j].what == v[i].what; j++)
                        ;
                int used = (int)(j - i);
                if (used > v[i].count)
                        tkit_g_error(b, v[i + (size_t)v[i].count].line, TKIT_GR_SCENE_COPIES,
                                     "%d copies of %s '%s' of set '%s' in the scene (board and "
                                     "move), its box holds %d",
                                     used, v[i].is_piece ? "piece" : "tile", v[i].id, v[i].set,
                                     v[i].count);
        }
        free(v);
}
