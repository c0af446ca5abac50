/*
 * tilekit — random legal layouts ("sim"): a seeded, machine-independent simulator that lays out
 * the tiles of one or more tile sets as a game would (start tile or fortress, river first, then
 * the shuffled bag, each tile at a legal place chosen uniformly at random, discards when nothing
 * fits, bridges), plus the layout record it produces, its JSON form (docs/layout-json.md) and an
 * independent checker that replays a layout against the tile definitions.
 *
 * Coordinates: x grows east, y grows south, the first placement is at (0, 0). Rotations are in
 * degrees clockwise (0 90 180 270): after 90 the tile's own north side faces east.
 *
 * Memory: a layout owns its strings and arrays; tkit_layout_destroy() frees it. The `def` and
 * `piece` pointers of a placement point into the sets the layout was made from or resolved
 * against: those sets must outlive the layout.
 */
#ifndef TKIT_SIM_H
#define TKIT_SIM_H

#include <stdio.h>

#include "model/tkit-model.h"
#include "model/tkit-scene.h"

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
struct tkit_sim_stats {
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
 * tkit_sim_stats_value() reads figure `i` (0 <= i < TKIT_SIM_NSTATS) of `s`. */
#define TKIT_SIM_NSTATS 15
const char *tkit_sim_stats_name(int i);
int tkit_sim_stats_value(const struct tkit_sim_stats *s, int i);

struct tkit_layout {
        uint64_t seed;
        char **sets; /* ids of the sets in play, in the order given */
        size_t nsets;
        int players;
        struct tkit_placement *placements;
        size_t nplacements;
        struct tkit_discard *discards;
        size_t ndiscards;
        struct tkit_sim_stats stats;
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

/* ---------------------------------------------------------------- simulation */

struct tkit_sim_options {
        uint64_t seed; /* same seed, same sets -> same layout on every machine */
        int players;   /* recorded; selects the fortress face (default 2) */
};
void tkit_sim_options_init(struct tkit_sim_options *o); /* seed 1, players 2 */

/* A simulator prepared for a list of sets (tables precomputed once, reused by every run).
 * The sets must outlive it. One simulator serves one thread at a time; use one per thread.
 * The board is a fixed grid of at most 2047 x 2047 cells around (0, 0): a layout never reaches
 * its border in practice (the cells there stay empty if it ever did). Returns NULL with diagnostics
 * when the sets cannot be played (no tiles, no start tile and no piece, more tiles than the board
 * limit). Caller destroys. */
struct tkit_sim;
struct tkit_sim *tkit_sim_create(struct tkit_set *const *sets, size_t nsets, struct tkit_diags *d);
void tkit_sim_destroy(struct tkit_sim *s); /* accepts NULL */

/* One game, statistics only: the fast path used by --count and the benchmark. Returns 0. */
int tkit_sim_run(struct tkit_sim *s, const struct tkit_sim_options *o,
                 struct tkit_sim_stats *stats);
/* One game, with the full layout. The caller destroys the layout. */
struct tkit_layout *tkit_sim_layout(struct tkit_sim *s, const struct tkit_sim_options *o);

/* Convenience: create, lay out one game, destroy. NULL with diagnostics on failure. */
struct tkit_layout *tkit_simulate(struct tkit_set *const *sets, size_t nsets,
                                  const struct tkit_sim_options *o, struct tkit_diags *d);

/* Mean, minimum and maximum of every figure over many games. */
struct tkit_sim_summary {
        long games;
        double sum[TKIT_SIM_NSTATS];
        int min[TKIT_SIM_NSTATS], max[TKIT_SIM_NSTATS];
};
void tkit_sim_summary_init(struct tkit_sim_summary *u);
void tkit_sim_summary_add(struct tkit_sim_summary *u, const struct tkit_sim_stats *s);
/* {"games": N, "placed": {"mean": .., "min": .., "max": ..}, ...} appended to `out`. */
void tkit_sim_summary_write_json(const struct tkit_sim_summary *u, struct tkit_buf *out);

/* ---------------------------------------------------------------- JSON (docs/layout-json.md) */

/* Appends the layout as JSON (one object, fixed key order, ends with a newline). Same layout,
 * same bytes. */
void tkit_layout_write_json(const struct tkit_layout *l, struct tkit_buf *out);

/* Largest layout document accepted, and deepest nesting. */
#define TKIT_LAYOUT_MAX_BYTES (64u * 1024u * 1024u)
#define TKIT_LAYOUT_MAX_DEPTH 16

/* Reads a layout from JSON (strict: RFC 8259 syntax, known keys only, bounded size and depth).
 * `name` is the file name used in diagnostics. When `nsets` > 0 every placement is resolved
 * against `sets` (the sets listed in the document must all be among them) and the whole layout
 * is replayed with tkit_layout_verify(). Returns NULL with diagnostics on any error; the caller
 * destroys the result. */
struct tkit_layout *tkit_layout_read_json(const char *data, size_t len, const char *name,
                                          struct tkit_set *const *sets, size_t nsets,
                                          struct tkit_diags *d);
/* The same from a file (opened as named: "-" is a file called "-"), or from an open stream read
 * to its end (the caller closes it; `name` names it in diagnostics). Mapping "-" to stdin is the
 * caller's business. */
struct tkit_layout *tkit_layout_read_json_file(const char *path, struct tkit_set *const *sets,
                                               size_t nsets, struct tkit_diags *d);
struct tkit_layout *tkit_layout_read_json_stream(FILE *f, const char *name,
                                                 struct tkit_set *const *sets, size_t nsets,
                                                 struct tkit_diags *d);

/* Resolves tile and piece ids against `sets` (def / piece pointers). 0 or TKIT_E_NOTFOUND. */
int tkit_layout_resolve(struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                        struct tkit_diags *d);

/* Replays a resolved layout against the tile definitions, independently of the simulator:
 * touching sides match, every placement touches the layout, no cell is used twice, copies
 * respect the counts, every discarded tile had no legal place when it was drawn, the river
 * and bridge rules hold. Reports every violation (rules SIM-*); returns 0 or TKIT_E_INVALID. */
int tkit_layout_verify(const struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                       struct tkit_diags *d);

/* ---------------------------------------------------------------- scenes */

/* The layout's board as a scene (docs/scene.md): its sets, one tile or piece per placement in
 * the order of play (set, id, cell, rotation, bridge), and as many players as the layout
 * records (at most TKIT_SCENE_MAX_PLAYERS), named after the colours red, blue, green, ... in
 * that order. No figures, no posts, no move; discards are left out (they are not on the board).
 * The caller destroys the scene. */
struct tkit_scene *tkit_layout_to_scene(const struct tkit_layout *l);

/* ---------------------------------------------------------------- database (db/tkit-db.h) */

struct tkit_db;
/* Stores the layout in the tables `layouts`, `placements` and `discards` (docs/schema.md) through
 * tkit_db_store_layout: all or nothing; inside the caller's transaction when one is open, else in
 * its own. *layout_id (may be NULL) gets the new row id. Returns 0, TKIT_E_USAGE (a value the
 * database cannot hold, e.g. a set id that is not an id) or TKIT_E_DB. */
int tkit_layout_store(struct tkit_db *db, const struct tkit_layout *l, int64_t *layout_id,
                      struct tkit_diags *d);
/* Loads stored layout `layout_id` through tkit_db_load_layout, which checks every value it reads
 * (unresolved: resolve it against the sets). The caller destroys *out. Returns 0,
 * TKIT_E_NOTFOUND, TKIT_E_INVALID (a bad value: rule DB-VALUE) or TKIT_E_DB. */
int tkit_layout_load(struct tkit_db *db, int64_t layout_id, struct tkit_layout **out,
                     struct tkit_diags *d);

#endif
