/* Benchmark of the rules engine: a 200-tile scene (a road of 199 tiles with travelers, completed
 * by the move; then the same board scored to the end with farmers on both fields), resolved,
 * validated and scored many times. Prints microseconds per scene. Environment: TKIT_TILESETS.
 * The base box holds 8 straight roads: the benchmark's copy of the set holds enough. */
#include <stdio.h>
#include <time.h>

#include "game-build.h"
#include "tkit-test.h"

static double now(void)
{
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static struct tkit_scene *long_road(int n)
{
        struct tkit_scene *s = gb_scene("base", "you:red blue:blue");
        gb_tile(s, "base", "X", 0, 0, 0);
        for (int x = 1; x < n - 1; x++)
                gb_tile(s, "base", "U", x, 0, 90);
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 1, 0, "r");
        gb_fig(s, "blue", TKIT_FIGURE_MEEPLE, 2, 0, "f1");
        gb_fig(s, "you", TKIT_FIGURE_MEEPLE, 3, 0, "f2");
        gb_move(s, "you", "base", "W", n - 1, 0, 0);
        return s;
}

static int bench(const char *what, struct tkit_scene *s, struct tkit_setlist *sets, bool final,
                 int expect)
{
        const int rounds = 2000;
        double t0 = now();
        int points = -1;
        for (int i = 0; i < rounds; i++) {
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                struct tkit_diags d;
                tkit_diags_init(&d);
                if (tkit_game_apply(s, sets->sets, sets->n, final, &r, &d) != 0) {
                        fprintf(stderr, "%s: the scene is refused\n", what);
                        return 1;
                }
                points = r.points[0];
                tkit_diags_finish(&d);
                tkit_game_result_finish(&r);
        }
        double us = (now() - t0) / rounds * 1e6;
        printf("%s: %zu tiles, %.1f us per scene (%d rounds)\n", what, s->ntiles + 1, us, rounds);
        if (points != expect) {
                fprintf(stderr, "%s: %d points, expected %d\n", what, points, expect);
                return 1;
        }
        return 0;
}

int main(void)
{
        struct tkit_setlist sets;
        tkit_test_sets_load(&sets, NULL);
        const int n = 200;
        for (size_t i = 0; i < sets.n; i++) {
                int k = strcmp(sets.sets[i]->id, "base") == 0
                            ? tkit_set_find_tile(sets.sets[i], "U")
                            : -1;
                if (k >= 0)
                        sets.sets[i]->tiles[k].count = n;
        }
        struct tkit_scene *s = long_road(n);
        int rc = bench("road completed", s, &sets, false, 200);
        rc |= bench("road completed, then final scoring", s, &sets, true, 200);
        tkit_scene_destroy(s);
        tkit_setlist_finish(&sets);
        return rc;
}
