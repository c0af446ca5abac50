/* Internals shared by the simulator's files; not part of the public API. */
#ifndef TKIT_SIM_PRIVATE_H
#define TKIT_SIM_PRIVATE_H

#include "sim/tkit-sim.h"

/* ---------------------------------------------------------------- seeded RNG
 * xoshiro256** seeded through splitmix64: the same seed gives the same stream on every machine
 * (no rand(), no floating point). */
struct tkit_rng {
        uint64_t s[4];
};
void tkit_rng_seed(struct tkit_rng *r, uint64_t seed);
uint64_t tkit_rng_next(struct tkit_rng *r);
/* Uniform in [0, n), n >= 1, n < 2^32 (Lemire's multiply-shift with rejection: no bias). */
uint32_t tkit_rng_below(struct tkit_rng *r, uint32_t n);

/* ---------------------------------------------------------------- game rules shared by the
 * simulator and the verifier (what the rules say, not how either keeps its books). */

enum tkit_sim_river_role { SIM_RIVER_NONE = 0, SIM_RIVER_SOURCE, SIM_RIVER_LAKE, SIM_RIVER_COURSE };

/* Bits of the board sides (after no rotation) that show river. */
unsigned tkit_sim_river_sides(const struct tkit_tile *t);
/* For a river tile whose river touches one side: SOURCE when it rises there (end="source", or
 * JCloisterZone's group="river-spring"), else LAKE (any end of the river: lake, volcano, city).
 * COURSE for river tiles with two or more river sides; NONE for tiles without river. */
enum tkit_sim_river_role tkit_sim_river_role(const struct tkit_tile *t);
/* Whether the river is in play: a river source tile is among the sets. */
bool tkit_sim_river_in_play(struct tkit_set *const *sets, size_t nsets);
/* Bridge tokens in play: the bridge tokens of the sets with the `bridges` rules (12 when such a
 * set lists none). */
int tkit_sim_bridge_tokens(struct tkit_set *const *sets, size_t nsets);
/* The start tile: the first tile marked `start`, else JCloisterZone's BA/RCr in a `basic` set.
 * Sets *set_index and *tile_index and returns true, or returns false. */
bool tkit_sim_find_start(struct tkit_set *const *sets, size_t nsets, size_t *set_index,
                         size_t *tile_index);

/* River turn seen from the direction of flow: entering through board side `in`, leaving through
 * board side `out`. 0 straight, 1 right, 2 left. */
int tkit_sim_river_turn(int in, int out);

/* For tests: the legal land options the simulator counts for `def` on its board as the last game
 * ended (plain placements, and bridges while tokens remain); -1 when def is not in play. */
long tkit_sim_options_now(const struct tkit_sim *s, const struct tkit_tile *def);

#endif
