/*
 * tilekit — where a figure, a castle or a callout of a scene stands, and the tile a scene's
 * <tile> names: the one reading of a place for the engine (game/) and everything above it.
 */
#ifndef TKIT_PLACE_H
#define TKIT_PLACE_H

#include "model/tkit-model.h"
#include "model/tkit-scene.h"

/* Where a figure, a castle or a callout stands, on the tile `t` turned `rotation` quarter turns
 * clockwise with a bridge on the board axis `bridge` (0 none, 1 N-S, 2 E-W), one reading for every
 * module:
 *   - a feature id of the tile ("c1");
 *   - a side "N" "E" "S" "W" or a position "NL" ... "WR" of the board, as the picture shows it
 *     (after rotation): the feature owning that position; a side means its middle, and on a side
 *     whose middle nothing owns (a field side) the one feature its two halves belong to; the
 *     sides a bridge joins mean the bridge;
 *   - "cloister", "garden": the tile's only such feature; "bridge": the bridge on the cell.
 * Returns the feature's index, TKIT_PLACE_BRIDGE, or TKIT_PLACE_NONE with *err (may be NULL) set
 * to why: */
#define TKIT_PLACE_NONE (-1)
#define TKIT_PLACE_BRIDGE (-2)
enum tkit_place_error {
        TKIT_PLACE_OK = 0,
        TKIT_PLACE_UNKNOWN,   /* no feature, side, position or word of that name */
        TKIT_PLACE_EMPTY,     /* a side or position no feature owns */
        TKIT_PLACE_AMBIGUOUS, /* "cloister" on a tile with two; a side whose halves differ */
        TKIT_PLACE_NO_FEATURE,/* "cloister", "garden" on a tile without one; "bridge" without one */
};
int tkit_place_resolve(const struct tkit_tile *t, int rotation, int bridge, const char *spec,
                       enum tkit_place_error *err);
/* The sides of the board whose middle feature `f` owns on a tile turned `rotation`: bit s for
 * side s (TKIT_N ...); 0 for a field (halves only) or an inner feature. */
unsigned tkit_feature_board_sides(const struct tkit_feature *f, int rotation);
/* The message for a place that does not resolve, listing the valid choices (caller frees):
 * "no feature 'city' on base/D (rotation 90); features: c1 (city, E), r (road, N S), f1 (field),
 * f2 (field); or a side N E S W, a position NL ... WR, or the word cloister, garden or bridge
 * where the tile has one". `set` may be NULL. */
char *tkit_place_message(const struct tkit_tile *t, const char *set, int rotation, int bridge,
                         const char *spec, enum tkit_place_error err);

/* The tile (or, for t->is_piece, the piece) a scene tile names, among those of `sets` that the
 * scene plays (scene->sets, in its order; every one of `sets` when it names none) and, with
 * t->set, in that set only. *hits receives how many sets hold it (a scene tile without `set`
 * found in two sets is ambiguous); returns the first, its set in *set (NULL, *hits 0 when none).
 * game/ and render/ both look tiles up here. */
const void *tkit_scene_find_def(const struct tkit_scene *s, struct tkit_set *const *sets,
                                size_t nsets, const struct tkit_scene_tile *t,
                                const struct tkit_set **set, int *hits);

#endif
