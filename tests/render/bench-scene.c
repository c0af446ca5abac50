/* Benchmark (meson benchmark render-scene): time to draw each scene of scenes/ (the engine's
 * result included, reading excluded) as PNG at 45 mm / 96 dpi (170 pixels a tile), SVG and PDF
 * (45 mm); prints one line per scene, the slowest and the pictures per second, in CPU time. The
 * goal is under 50 ms a scene. Then scenes built in code with many figures (2,000 and 6,400 by
 * default; TKIT_BENCH_FIGURES=N,N,... for others): a square of straight roads, each tile with a
 * thief and a farmer on each side, every road scored with its badge, drawn as PNG at 24 pixels a
 * tile without the engine; figure and badge placement must stay near O(n log n). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "render/tkit-render.h"

static double now(void)
{
        struct timespec ts;
        /* CPU time: the machine the benchmark runs on is often shared */
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

static int read_sets(const char *dir, struct tkit_setlist *l, struct tkit_diags *d)
{
        static const char *const files[] = {
            "base.xml",      "river.xml",   "castles-bridges.xml", "siege-defense.xml",
            "besiegers.xml", "cathars.xml", "siege-rgg.xml",       "inns-cathedrals.xml"};
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
                char *p = tkit_xasprintf("%s/%s", dir, files[i]);
                int r = tkit_read_file(p, TKIT_FORMAT_AUTO, l, d);
                free(p);
                if (r)
                        return r;
        }
        return 0;
}

/* Mean milliseconds to apply and draw one scene into `path`. */
static double time_one(const struct tkit_scene *s, const struct tkit_setlist *l, const char *path,
                       double px, struct tkit_diags *d)
{
        enum { REPS = 5 };
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.px = px;
        double t0 = now();
        for (int k = 0; k < REPS; k++) {
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                tkit_game_apply(s, l->sets, l->n, false, &r, d);
                tkit_render_scene(s, &r, l->sets, l->n, &o, path, TKIT_IMAGE_AUTO, NULL, d);
                tkit_game_result_finish(&r);
        }
        return (now() - t0) * 1000 / REPS;
}

/* A square of straight roads (base U) holding `n` figures, three a tile (a thief and two
 * farmers), and a result scoring each column's road for the player standing on it. */
static struct tkit_scene *big_scene(size_t n, struct tkit_game_result *r)
{
        struct tkit_scene *s = tkit_scene_create("big");
        tkit_scene_add_set(s, "base");
        tkit_scene_add_player(s, "red", "red");
        tkit_scene_add_player(s, "blue", "blue");
        size_t tiles = (n + 2) / 3, side = 1;
        while (side * side < tiles)
                side++;
        static const char *const feat[3] = {"r", "f1", "f2"};
        for (size_t i = 0; i < tiles; i++) {
                struct tkit_scene_tile *t = tkit_scene_add_tile(s, "base", "U");
                t->x = (int)(i % side);
                t->y = (int)(i / side);
        }
        tkit_game_result_init(r);
        for (size_t i = 0; i < n; i++) {
                struct tkit_scene_figure *f = tkit_scene_add_figure(s);
                size_t t = i / 3;
                f->player = (int)(t % side % 2);
                f->x = (int)(t % side);
                f->y = (int)(t / side);
                f->feature = tkit_xstrdup(feat[i % 3]);
        }
        for (size_t x = 0; x < side && x < tiles; x++) {
                struct tkit_game_event *e = TKIT_PUSH(r->events, r->nevents, r->capevents);
                memset(e, 0, sizeof *e);
                e->kind = TKIT_EV_SCORE;
                e->phase = TKIT_PHASE_SCORE;
                e->player = (int)(x % 2);
                e->post = e->figure = -1;
                e->feature_kind = TKIT_ROAD;
                for (size_t y = 0; y * side + x < tiles; y++) {
                        e->places = tkit_xrealloc(e->places, (e->nplaces + 1) * sizeof *e->places);
                        e->places[e->nplaces++] = (struct tkit_game_place){(int)x, (int)y, 0};
                }
                e->points = (int)e->nplaces;
        }
        return s;
}

static void bench_big(const struct tkit_setlist *l, const char *dir, struct tkit_diags *d)
{
        const char *env = getenv("TKIT_BENCH_FIGURES");
        char *list = tkit_xstrdup(env && *env ? env : "2000,6400");
        char *out = tkit_xasprintf("%s/big.png", dir);
        for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
                size_t n = strtoul(tok, NULL, 10);
                struct tkit_game_result r;
                struct tkit_scene *s = big_scene(n, &r);
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.px = 24;
                o.full = true;
                double t0 = now();
                int rc = tkit_render_scene(s, &r, l->sets, l->n, &o, out, TKIT_IMAGE_PNG, NULL, d);
                double t = now() - t0;
                printf("%zu figures on %zu tiles: %.2f s (%.2f pictures/s)%s\n", n, s->ntiles, t,
                       1 / t, rc ? " FAILED" : "");
                tkit_game_result_finish(&r);
                tkit_scene_destroy(s);
        }
        unlink(out);
        free(out);
        free(list);
}

int main(void)
{
        const char *tiles = getenv("TKIT_TILESETS"), *scenes = getenv("TKIT_SCENES");
        if (!tiles || !scenes)
                return 77;
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_diags d;
        tkit_diags_init(&d);
        char tmpl[] = "/tmp/tkit-bench-XXXXXX";
        DIR *dd = opendir(scenes);
        if (read_sets(tiles, &l, &d) || !mkdtemp(tmpl) || !dd)
                return 1;
        char **v = NULL;
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(dd)))
                if (strlen(e->d_name) > 4 && strcmp(e->d_name + strlen(e->d_name) - 4, ".xml") == 0)
                        *TKIT_PUSH(v, n, cap) = tkit_xasprintf("%s/%s", scenes, e->d_name);
        closedir(dd);
        qsort(v, n, sizeof *v, cmp_str);
        static const char *const ext[3] = {"png", "svg", "pdf"};
        double worst[3] = {0, 0, 0}, total[3] = {0, 0, 0};
        for (size_t i = 0; i < n; i++) {
                struct tkit_scene *s = tkit_scene_read_file(v[i], &d, NULL);
                if (!s)
                        continue;
                printf("%-28s", s->id);
                for (int f = 0; f < 3; f++) {
                        char *out = tkit_xasprintf("%s/s.%s", tmpl, ext[f]);
                        double px = f == 0 ? 45 / 25.4 * 96 : 45 * 72 / 25.4;
                        double ms = time_one(s, &l, out, px, &d);
                        worst[f] = ms > worst[f] ? ms : worst[f];
                        total[f] += ms;
                        printf("  %s %6.2f ms", ext[f], ms);
                        unlink(out);
                        free(out);
                }
                printf("\n");
                tkit_scene_destroy(s);
                free(v[i]);
        }
        printf("slowest: png %.2f ms, svg %.2f ms, pdf %.2f ms (%zu scenes)\n", worst[0], worst[1],
               worst[2], n);
        printf("pictures per second: png %.1f, svg %.1f, pdf %.1f\n", 1000 * (double)n / total[0],
               1000 * (double)n / total[1], 1000 * (double)n / total[2]);
        bench_big(&l, tmpl, &d);
        free(v);
        rmdir(tmpl);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        tkit_render_cleanup();
        return 0;
}
