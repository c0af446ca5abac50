/* Benchmark (meson benchmark render): time per reference sheet (each bundled set, PDF) and per
 * board (all bundled sets, one simulated game, PNG, SVG and PDF). Prints one line per figure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "formats/tkit-formats.h"
#include "render/tkit-render.h"
#include "sim/tkit-sim.h"

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(void)
{
        static const char *const files[] = {
            "base.xml",      "river.xml",   "castles-bridges.xml", "siege-defense.xml",
            "besiegers.xml", "cathars.xml", "siege-rgg.xml"};
        const char *dir = getenv("TKIT_TILESETS");
        if (!dir) {
                fprintf(stderr, "TKIT_TILESETS is not set: run the benchmark through meson\n");
                return 1;
        }
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = 1;
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
                char *p = tkit_xasprintf("%s/%s", dir, files[i]);
                int r = tkit_read_file(p, TKIT_FORMAT_AUTO, &l, &d);
                free(p);
                if (r)
                        goto out;
        }
        char tmpl[] = "/tmp/tkit-bench-XXXXXX";
        if (!mkdtemp(tmpl))
                goto out;
        char *pdf = tkit_xasprintf("%s/s.pdf", tmpl);
        enum { REPS = 10 };
        for (size_t i = 0; i < l.n; i++) {
                const struct tkit_set *s = l.sets[i];
                int pages = 0;
                double t0 = now();
                for (int k = 0; k < REPS; k++)
                        tkit_render_sheet(&s, 1, NULL, pdf, &pages, &d);
                printf("sheet %-16s %2d pages  %7.2f ms\n", s->id, pages,
                       (now() - t0) * 1000 / REPS);
        }
        struct tkit_sim_options so;
        tkit_sim_options_init(&so);
        so.seed = 42;
        struct tkit_layout *lay = tkit_simulate(l.sets, l.n, &so, &d);
        if (lay) {
                static const char *const ext[] = {"png", "svg", "pdf"};
                for (int e = 0; e < 3; e++) {
                        char *out = tkit_xasprintf("%s/b.%s", tmpl, ext[e]);
                        double t0 = now();
                        for (int k = 0; k < REPS; k++)
                                tkit_render_board(lay, NULL, out, TKIT_IMAGE_AUTO, &d);
                        printf("board all-sets %zu placements %s  %7.2f ms\n", lay->nplacements,
                               ext[e], (now() - t0) * 1000 / REPS);
                        unlink(out);
                        free(out);
                }
                tkit_layout_destroy(lay);
        }
        unlink(pdf);
        free(pdf);
        rmdir(tmpl);
        rc = d.errors ? 1 : 0;
out:
        tkit_diags_write(&d, stderr, false);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        tkit_render_cleanup();
        return rc;
}
