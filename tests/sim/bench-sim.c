/* Benchmark (meson benchmark, not a test): verification of long layouts with many discards, at
 * two sizes n and 2n, to show that the time grows linearly (issue 11: the discard re-check used
 * to scan the whole board for every discard). The set is built here: a start tile, straight
 * roads and cloisters by the thousand, and four-city tiles, half as many, that fit nowhere (no
 * other tile shows a city), so that every one of them is discarded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim/tkit-sim.h"

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#define HALF(side, part) (1u << TKIT_POS(side, part))
#define MID(side) HALF(side, TKIT_M)

static void feat(struct tkit_tile *t, enum tkit_feature_kind k, const char *id, unsigned mask)
{
        tkit_tile_add_feature(t, k, id)->mask = (uint16_t)mask;
}

/* `copies` copies of each type, in types of at most 1000 copies (the count limit). */
static struct tkit_set *build(int copies)
{
        struct tkit_set *s = tkit_set_create("bench");
        struct tkit_tile *t = tkit_set_add_tile(s, "D");
        t->start = true;
        feat(t, TKIT_ROAD, "r", MID(TKIT_E) | MID(TKIT_W));
        feat(t, TKIT_FIELD, "f1",
             TKIT_MASK_SIDE(TKIT_N) | HALF(TKIT_E, TKIT_L) | HALF(TKIT_W, TKIT_R));
        feat(t, TKIT_FIELD, "f2",
             HALF(TKIT_E, TKIT_R) | HALF(TKIT_S, TKIT_L) | HALF(TKIT_S, TKIT_R) |
                 HALF(TKIT_W, TKIT_L));
        char id[32];
        for (int k = 0; k * 1000 < copies; k++) {
                int c = copies - k * 1000 < 1000 ? copies - k * 1000 : 1000;
                snprintf(id, sizeof id, "B%d", k);
                t = tkit_set_add_tile(s, id);
                t->count = c;
                feat(t, TKIT_CLOISTER, "m", 0);
                feat(t, TKIT_FIELD, "f", TKIT_MASK_HALVES);
                snprintf(id, sizeof id, "U%d", k);
                t = tkit_set_add_tile(s, id);
                t->count = c;
                feat(t, TKIT_ROAD, "r", MID(TKIT_N) | MID(TKIT_S));
                feat(t, TKIT_FIELD, "f1",
                     HALF(TKIT_N, TKIT_L) | HALF(TKIT_S, TKIT_R) | TKIT_MASK_SIDE(TKIT_W));
                feat(t, TKIT_FIELD, "f2",
                     HALF(TKIT_N, TKIT_R) | TKIT_MASK_SIDE(TKIT_E) | HALF(TKIT_S, TKIT_L));
                snprintf(id, sizeof id, "Z%d", k);
                t = tkit_set_add_tile(s, id);
                t->count = c / 2;
                feat(t, TKIT_CITY, "c1", TKIT_MASK_SIDE(TKIT_N));
                feat(t, TKIT_CITY, "c2", TKIT_MASK_SIDE(TKIT_E));
                feat(t, TKIT_CITY, "c3", TKIT_MASK_SIDE(TKIT_S));
                feat(t, TKIT_CITY, "c4", TKIT_MASK_SIDE(TKIT_W));
        }
        /* the field masks above give whole sides; fields hold half edges only */
        for (size_t i = 0; i < s->ntiles; i++)
                for (size_t f = 0; f < s->tiles[i].nfeatures; f++)
                        if (s->tiles[i].features[f].kind == TKIT_FIELD)
                                s->tiles[i].features[f].mask &= TKIT_MASK_HALVES;
        return s;
}

static int one(int copies)
{
        struct tkit_set *s = build(copies);
        struct tkit_set *sets[] = {s};
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_sim_options o = {.seed = 1, .players = 2};
        double t0 = now();
        struct tkit_layout *l = tkit_simulate(sets, 1, &o, &d);
        double t1 = now();
        int rc = l ? tkit_layout_verify(l, sets, 1, &d) : -1;
        double t2 = now();
        printf("verify: %zu placements, %zu discards: simulate %.3f s, verify %.3f s%s\n",
               l ? l->nplacements : 0, l ? l->ndiscards : 0, t1 - t0, t2 - t1,
               rc == 0 ? "" : " (FAILED)");
        tkit_layout_destroy(l);
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
        return rc == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
        int n = argc > 1 ? atoi(argv[1]) : 10000;
        if (n < 1)
                return 2;
        return one(n) | one(2 * n);
}
