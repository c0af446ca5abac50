/* libFuzzer target for art manifests (formats/art-read.c, docs/render.md "The publisher's art")
 * and the image loading of render/art.c that they drive: any bytes are read as a manifest named
 * DIR/art.xml, where DIR is a folder made at start-up holding the PNG fixtures of
 * tests/render/art and a few bad images (not PNG, empty, a PNG cut short). A manifest is NULL
 * exactly when an error was reported, and every finding is at a line of the input. A manifest
 * whose images all name files of DIR by their plain name (so that the input cannot make the
 * target read a FIFO or a device) is loaded against the bundled tile sets: NULL exactly when an
 * ART-IMAGE error was reported; then every tile with an image is drawn, 12 pixels wide. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>

#include "fuzz-sets.h"
#include "model/tkit-art.h"
#include "render/tkit-render.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct tkit_setlist sets;
static char dir[4096], manifest[4200];

static void put(const char *name, const void *data, size_t len)
{
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        FILE *f = fopen(path, "wb");
        if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0)
                abort();
}

/* Copies the fixture images of TILES/../tests/render/art into DIR, with a PNG cut in half. */
static void copy_fixtures(const char *tiles)
{
        static const char *const names[] = {"base-A.png", "base-B.png", "base-D.png",
                                            "base-E.png", "base-U.png", "base-V.png"};
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
                char path[8192];
                snprintf(path, sizeof path, "%s/../tests/render/art/%s", tiles, names[i]);
                FILE *f = fopen(path, "rb");
                if (!f)
                        abort();
                static char buf[1 << 20];
                size_t n = fread(buf, 1, sizeof buf, f);
                fclose(f);
                if (n == 0 || n == sizeof buf)
                        abort();
                put(names[i], buf, n);
                if (i == 0)
                        put("cut.png", buf, n / 2);
        }
        put("text.png", "not a picture\n", 14);
        put("empty.png", "", 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        (void)argc;
        (void)argv;
        const char *tiles = fuzz_read_tilesets(&sets);
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/fuzz-art-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(dir))
                abort();
        copy_fixtures(tiles);
        snprintf(manifest, sizeof manifest, "%s/art.xml", dir);
        return 0;
}

/* Every image is a plain file name of DIR that exists (no '/', not "." or ".."). */
static bool images_safe(const struct tkit_art *a)
{
        for (size_t i = 0; i < a->nimages; i++) {
                const char *f = a->images[i].file;
                if (!f || !*f || strchr(f, '/') || strcmp(f, ".") == 0 || strcmp(f, "..") == 0)
                        return false;
                char path[8192];
                snprintf(path, sizeof path, "%s/%s", dir, f);
                if (access(path, R_OK) != 0)
                        return false;
        }
        return true;
}

static bool has_rule(const struct tkit_diags *d, size_t from, const char *rule)
{
        for (size_t i = from; i < d->n; i++)
                if (d->v[i].rule && strcmp(d->v[i].rule, rule) == 0 &&
                    d->v[i].severity == TKIT_SEV_ERROR)
                        return true;
        return false;
}

/* Loads the images for the bundled sets and draws every tile that has one. */
static void load_and_draw(const struct tkit_art *a, struct tkit_diags *d)
{
        size_t before = d->n;
        struct tkit_render_art *r = tkit_render_art_create(a, sets.sets, sets.n, d);
        if (!r != has_rule(d, before, tkit_read_rule_id(TKIT_RR_ART_IMAGE)))
                __builtin_trap();
        if (!r)
                return;
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16);
        cairo_t *cr = cairo_create(s);
        size_t drawn = 0;
        for (size_t i = 0; i < sets.n; i++)
                for (size_t j = 0; j < sets.sets[i]->ntiles; j++) {
                        const struct tkit_tile *t = &sets.sets[i]->tiles[j];
                        if (!tkit_render_art_has(r, t))
                                continue;
                        tkit_render_tile_art(cr, r, t, (int)(j % 4), 2, 2, 12, 1, 0);
                        drawn++;
                }
        if (drawn > tkit_render_art_count(r) || cairo_status(cr) != CAIRO_STATUS_SUCCESS)
                __builtin_trap();
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        tkit_render_art_destroy(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        d.limit = 0;
        int err = 0;
        struct tkit_art *a = tkit_art_read((const char *)data, size, manifest, &d, &err);
        if (!a != (d.errors > 0))
                __builtin_trap(); /* refused without saying why, or accepted with an error */
        size_t lines = 1;
        for (size_t i = 0; i < size; i++)
                lines += data[i] == '\n';
        for (size_t i = 0; i < d.n; i++)
                if (d.v[i].line < 0 || (size_t)d.v[i].line > lines)
                        __builtin_trap();
        if (a && images_safe(a))
                load_and_draw(a, &d);
        tkit_art_destroy(a);
        tkit_diags_finish(&d);
        return 0;
}
