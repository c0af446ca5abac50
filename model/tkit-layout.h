/*
 * tilekit — the layout record: the tiles of a game laid on the board in the order of play, the
 * tiles drawn that fitted nowhere, and what happened (statistics). The simulator (sim/) makes
 * layouts, db/ stores and loads them, render/ draws them; its JSON form is docs/layout-json.md.
 *
 * Coordinates: x grows east, y grows south, the first placement is at (0, 0). Rotations are in
 * degrees clockwise (0 90 180 270): after 90 the tile's own north side faces east.
 *
 * Memory: a layout owns its strings and arrays; tkit_layout_destroy() frees it. The `def` and
 * `piece` pointers of a placement point into the sets the layout was made from or resolved
 * against: those sets must outlive the layout.
 */
#ifndef TKIT_LAYOUT_H
#define TKIT_LAYOUT_H

#include "model/tkit-model.h"

/* One tile (or multi-cell piece) laid on the board, in the order of play. */
struct tkit_placement {
        const char *set;  /* set id; owned by the layout */
        const char *tile; /* tile id, or the piece id when `is_piece`; owned by the layout */
        bool is_piece;
        const struct tkit_tile *def;    /* resolved tile definition; NULL when unresolved/piece */
        const struct tkit_piece *piece; /* resolved piece when `is_piece`, else NULL */
        int x, y;     /* the cell; for a piece its top-left cell (after rotation) */
        int rotation; /* degrees clockwise: 0, 90, 180, 270 */
        enum tkit_bridge_axis bridge;
};

/* A drawn tile that fitted nowhere. */
struct tkit_discard {
        const char *set;             /* owned by the layout */
        const char *tile;            /* owned by the layout */
        const struct tkit_tile *def; /* resolved definition, or NULL */
        int after;                   /* placements made before the tile was drawn */
};

/* What happened in one game. Aggregates over many games use struct tkit_sim_summary. */
struct tkit_layout_stats {
        int placed;    /* placements; a multi-cell piece counts once */
        int cells;     /* board cells covered; a 2x3 fortress piece covers 6 */
        int discarded; /* drawn tiles that fitted nowhere */
        int bridges;   /* bridges placed */
        int cities_completed;
        int roads_completed;
        int cloisters_completed;
        int castle_opportunities;       /* completed cities of exactly 2 city segments */
        int barn_opportunities;         /* corners where 4 tiles meet with field on all 4 corners */
        int symbols[TKIT_POST_COUNT];   /* siege symbols on drawn tiles, per post ("?" = ANY) */
        int min_x, min_y, max_x, max_y; /* bounding box of the covered cells */
};

/* Stable names of the figures, in a fixed order, for tables and JSON: "placed", "cells", ...
 * tkit_layout_stats_value() reads figure `i` (0 <= i < TKIT_LAYOUT_NSTATS) of `s`. */
#define TKIT_LAYOUT_NSTATS 15
const char *tkit_layout_stats_name(int i);
int tkit_layout_stats_value(const struct tkit_layout_stats *s, int i);

struct tkit_layout {
        uint64_t seed;
        char **sets; /* ids of the sets in play, in the order given */
        size_t nsets;
        int players;
        struct tkit_placement *placements;
        size_t nplacements;
        struct tkit_discard *discards;
        size_t ndiscards;
        struct tkit_layout_stats stats;
        bool has_stats; /* false when read from JSON without "stats" */

        /* storage behind the pointers above; do not touch */
        size_t capplacements, capdiscards, capsets;
        char **strings;
        size_t nstrings, capstrings;
        struct tkit_index string_index; /* of strings[] */
};

void tkit_layout_destroy(struct tkit_layout *l); /* accepts NULL */

/* The board cells a placement covers (1 for a tile, w*h for a piece), each with the tile
 * definition drawn there and its rotation in degrees. Writes at most `max` cells into `out`
 * and returns how many the placement covers. Needs a resolved placement (def or piece). */
struct tkit_layout_cell {
        int x, y;
        const struct tkit_tile *def;
        int rotation;
        enum tkit_bridge_axis bridge;
};
size_t tkit_placement_cells(const struct tkit_placement *p, struct tkit_layout_cell *out,
                            size_t max);

/* A new empty layout (2 players); strings it holds go through tkit_layout_intern(). */
struct tkit_layout *tkit_layout_new(void);
/* Interns `s` in the layout's string pool; the result lives as long as the layout. */
const char *tkit_layout_intern(struct tkit_layout *l, const char *s);

#endif
