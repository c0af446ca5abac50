/* The seeded RNG, the game rules the simulator and the verifier share, and the layout record. */
#include "sim/sim-private.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- RNG */

static uint64_t splitmix64(uint64_t *x)
{
        uint64_t z = (*x += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        return z ^ (z >> 31);
}

void tkit_rng_seed(struct tkit_rng *r, uint64_t seed)
{
        uint64_t x = seed;
        for (int i = 0; i < 4; i++)
                r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
        return (x << k) | (x >> (64 - k));
}

uint64_t tkit_rng_next(struct tkit_rng *r)
{
        uint64_t *s = r->s;
        uint64_t result = rotl(s[1] * 5, 7) * 9;
        uint64_t t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = rotl(s[3], 45);
        return result;
}

uint32_t tkit_rng_below(struct tkit_rng *r, uint32_t n)
{
        uint64_t m = (tkit_rng_next(r) >> 32) * (uint64_t)n;
        uint32_t low = (uint32_t)m;
        if (low < n) {
                uint32_t threshold = (uint32_t)(-n) % n;
                while (low < threshold) {
                        m = (tkit_rng_next(r) >> 32) * (uint64_t)n;
                        low = (uint32_t)m;
                }
        }
        return (uint32_t)(m >> 32);
}

/* ---------------------------------------------------------------- rules */

unsigned tkit_sim_river_sides(const struct tkit_tile *t)
{
        unsigned m = 0;
        for (int side = 0; side < 4; side++)
                if (tkit_tile_side(t, side) == TKIT_SIDE_RIVER)
                        m |= 1u << side;
        return m;
}

static bool has_marker(const struct tkit_attr *a, size_t n, const char *name, const char *value)
{
        for (size_t i = 0; i < n; i++)
                if (a[i].name && a[i].value && strcmp(a[i].name, name) == 0 &&
                    strcmp(a[i].value, value) == 0)
                        return true;
        return false;
}

enum tkit_sim_river_role tkit_sim_river_role(const struct tkit_tile *t)
{
        unsigned sides = tkit_sim_river_sides(t);
        if (!sides)
                return SIM_RIVER_NONE;
        if (sides & (sides - 1))
                return SIM_RIVER_COURSE;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind == TKIT_RIVER && f->end == TKIT_END_SOURCE)
                        return SIM_RIVER_SOURCE;
        }
        if (has_marker(t->extra, t->nextra, "group", "river-spring"))
                return SIM_RIVER_SOURCE;
        /* every other river that enters and stops ends the river: the lake, River II's volcano
         * lake and its river flowing into a city */
        return SIM_RIVER_LAKE;
}

bool tkit_sim_river_in_play(struct tkit_set *const *sets, size_t nsets)
{
        /* The river mini expansion is in play when its source is: other sets (Castles & Bridges,
         * Siege & Defense) carry single river tiles and the `river` rules flag for it. */
        for (size_t i = 0; i < nsets; i++)
                for (size_t t = 0; t < sets[i]->ntiles; t++)
                        if (sets[i]->tiles[t].count > 0 &&
                            tkit_sim_river_role(&sets[i]->tiles[t]) == SIM_RIVER_SOURCE)
                                return true;
        return false;
}

int tkit_sim_bridge_tokens(struct tkit_set *const *sets, size_t nsets)
{
        int n = 0;
        for (size_t i = 0; i < nsets; i++) {
                if (!(sets[i]->rules & TKIT_RULES_BRIDGES))
                        continue;
                int k = tkit_set_token_count(sets[i], TKIT_TOKEN_BRIDGE);
                n += k > 0 ? k : 12;
        }
        return n;
}

bool tkit_sim_find_start(struct tkit_set *const *sets, size_t nsets, size_t *set_index,
                         size_t *tile_index)
{
        for (size_t i = 0; i < nsets; i++)
                for (size_t t = 0; t < sets[i]->ntiles; t++)
                        if (sets[i]->tiles[t].start && sets[i]->tiles[t].count > 0) {
                                *set_index = i;
                                *tile_index = t;
                                return true;
                        }
        for (size_t i = 0; i < nsets; i++) {
                if (!sets[i]->id || strncmp(sets[i]->id, "basic", 5) != 0)
                        continue;
                int t = tkit_set_find_tile(sets[i], "BA/RCr");
                if (t >= 0 && sets[i]->tiles[t].count > 0) {
                        *set_index = i;
                        *tile_index = (size_t)t;
                        return true;
                }
        }
        return false;
}

int tkit_sim_river_turn(int in, int out)
{
        int dir = (in + 2) & 3; /* the river flows away from the side it enters by */
        if (out == dir)
                return 0;
        return out == ((dir + 1) & 3) ? 1 : 2;
}

void tkit_sim_options_init(struct tkit_sim_options *o)
{
        o->seed = 1;
        o->players = 2;
}

/* ---------------------------------------------------------------- statistics over many games */

void tkit_sim_summary_init(struct tkit_sim_summary *u)
{
        memset(u, 0, sizeof(*u));
}

void tkit_sim_summary_add(struct tkit_sim_summary *u, const struct tkit_layout_stats *s)
{
        for (int i = 0; i < TKIT_LAYOUT_NSTATS; i++) {
                int v = tkit_layout_stats_value(s, i);
                u->sum[i] += v;
                if (u->games == 0 || v < u->min[i])
                        u->min[i] = v;
                if (u->games == 0 || v > u->max[i])
                        u->max[i] = v;
        }
        u->games++;
}

void tkit_sim_summary_write_json(const struct tkit_sim_summary *u, struct tkit_buf *out)
{
        tkit_buf_printf(out, "{\"games\": %ld", u->games);
        for (int i = 0; i < TKIT_LAYOUT_NSTATS; i++) {
                double mean = u->games ? u->sum[i] / (double)u->games : 0.0;
                tkit_buf_printf(out, ", \"%s\": {\"mean\": %.4f, \"min\": %d, \"max\": %d}",
                                tkit_layout_stats_name(i), mean, u->min[i], u->max[i]);
        }
        tkit_buf_puts(out, "}\n");
}

/* ---------------------------------------------------------------- rule ids */

static const char *const sim_rule_ids[TKIT_SIM_RULE_COUNT] = {
#define ID(e, id) [TKIT_SR_##e] = id,
    TKIT_SIM_RULES(ID)
#undef ID
};

const char *tkit_sim_rule_id(enum tkit_sim_rule r)
{
        return (unsigned)r < TKIT_SIM_RULE_COUNT ? sim_rule_ids[r] : NULL;
}
