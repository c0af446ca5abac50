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

#include "model/tkit-layout.h"
#include "model/tkit-model.h"
#include "model/tkit-scene.h"

/* ---------------------------------------------------------------- rule ids
 *
 * The ids of what the simulator, the layout reader and the verifier report (docs/layout-json.md):
 * one list, one enumeration. */
#define TKIT_SIM_RULES(X) \
        X(JSON, "SIM-JSON") \
        X(SETS, "SIM-SETS") \
        X(EMPTY, "SIM-EMPTY") \
        X(UNKNOWN_SET, "SIM-UNKNOWN-SET") \
        X(UNKNOWN_TILE, "SIM-UNKNOWN-TILE") \
        X(CELL_TWICE, "SIM-CELL-TWICE") \
        X(BRIDGE, "SIM-BRIDGE") \
        X(MATCH, "SIM-MATCH") \
        X(DETACHED, "SIM-DETACHED") \
        X(RIVER, "SIM-RIVER") \
        X(COUNT, "SIM-COUNT") \
        X(DISCARD, "SIM-DISCARD") \
        X(FIRST, "SIM-FIRST")
enum tkit_sim_rule {
#define TKIT_SR_ENUM(e, id) TKIT_SR_##e,
        TKIT_SIM_RULES(TKIT_SR_ENUM)
#undef TKIT_SR_ENUM
        TKIT_SIM_RULE_COUNT
};
/* "SIM-BRIDGE" for TKIT_SR_BRIDGE. */
const char *tkit_sim_rule_id(enum tkit_sim_rule r);

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
                 struct tkit_layout_stats *stats);
/* One game, with the full layout. The caller destroys the layout. */
struct tkit_layout *tkit_sim_layout(struct tkit_sim *s, const struct tkit_sim_options *o);

/* Convenience: create, lay out one game, destroy. NULL with diagnostics on failure. */
struct tkit_layout *tkit_simulate(struct tkit_set *const *sets, size_t nsets,
                                  const struct tkit_sim_options *o, struct tkit_diags *d);

/* Mean, minimum and maximum of every figure over many games. */
struct tkit_sim_summary {
        long games;
        double sum[TKIT_LAYOUT_NSTATS];
        int min[TKIT_LAYOUT_NSTATS], max[TKIT_LAYOUT_NSTATS];
};
void tkit_sim_summary_init(struct tkit_sim_summary *u);
void tkit_sim_summary_add(struct tkit_sim_summary *u, const struct tkit_layout_stats *s);
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

#endif
