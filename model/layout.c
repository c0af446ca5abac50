/* The layout record (model/tkit-layout.h): its string pool, its cells, its statistics' names. */
#include "model/tkit-layout.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- layouts */

struct tkit_layout *tkit_layout_new(void)
{
        struct tkit_layout *l = tkit_xcalloc(1, sizeof(*l));
        l->players = 2;
        return l;
}

static const char *pool_string(const void *l, size_t i)
{
        return ((const struct tkit_layout *)l)->strings[i];
}

const char *tkit_layout_intern(struct tkit_layout *l, const char *s)
{
        long k = tkit_index_find(&l->string_index, s, pool_string, l);
        if (k >= 0)
                return l->strings[k];
        char *c = tkit_xstrdup(s);
        *TKIT_PUSH(l->strings, l->nstrings, l->capstrings) = c;
        tkit_index_add(&l->string_index, c, l->nstrings - 1);
        return c;
}

void tkit_layout_destroy(struct tkit_layout *l)
{
        if (!l)
                return;
        for (size_t i = 0; i < l->nsets; i++)
                free(l->sets[i]);
        free(l->sets);
        for (size_t i = 0; i < l->nstrings; i++)
                free(l->strings[i]);
        free(l->strings);
        tkit_index_finish(&l->string_index);
        free(l->placements);
        free(l->discards);
        free(l);
}

size_t tkit_placement_cells(const struct tkit_placement *p, struct tkit_layout_cell *out,
                            size_t max)
{
        if (!p->is_piece) {
                if (max > 0) {
                        out[0].x = p->x;
                        out[0].y = p->y;
                        out[0].def = p->def;
                        out[0].rotation = p->rotation;
                        out[0].bridge = p->bridge;
                }
                return 1;
        }
        if (!p->piece)
                return 0;
        const struct tkit_piece *pc = p->piece;
        size_t n = 0;
        for (int cy = 0; cy < pc->height; cy++) {
                for (int cx = 0; cx < pc->width; cx++, n++) {
                        if (n >= max)
                                continue;
                        int bx, by;
                        tkit_piece_cell_offset(pc, p->rotation / 90, cx, cy, &bx, &by);
                        out[n].x = p->x + bx;
                        out[n].y = p->y + by;
                        out[n].def = &pc->cells[cy * pc->width + cx];
                        out[n].rotation = p->rotation;
                        out[n].bridge = TKIT_BRIDGE_NONE;
                }
        }
        return n;
}

/* ---------------------------------------------------------------- statistics */

static const char *const stat_names[TKIT_LAYOUT_NSTATS] = {
    "placed",
    "cells",
    "discarded",
    "bridges",
    "cities_completed",
    "roads_completed",
    "cloisters_completed",
    "castle_opportunities",
    "barn_opportunities",
    "symbols_knights",
    "symbols_travelers",
    "symbols_monks",
    "symbols_any",
    "width",
    "height",
};

const char *tkit_layout_stats_name(int i)
{
        return i >= 0 && i < TKIT_LAYOUT_NSTATS ? stat_names[i] : NULL;
}

int tkit_layout_stats_value(const struct tkit_layout_stats *s, int i)
{
        switch (i) {
        case 0:
                return s->placed;
        case 1:
                return s->cells;
        case 2:
                return s->discarded;
        case 3:
                return s->bridges;
        case 4:
                return s->cities_completed;
        case 5:
                return s->roads_completed;
        case 6:
                return s->cloisters_completed;
        case 7:
                return s->castle_opportunities;
        case 8:
                return s->barn_opportunities;
        case 9:
                return s->symbols[TKIT_POST_KNIGHTS];
        case 10:
                return s->symbols[TKIT_POST_TRAVELERS];
        case 11:
                return s->symbols[TKIT_POST_MONKS];
        case 12:
                return s->symbols[TKIT_POST_ANY];
        case 13:
                return s->cells ? s->max_x - s->min_x + 1 : 0;
        case 14:
                return s->cells ? s->max_y - s->min_y + 1 : 0;
        default:
                return 0;
        }
}

