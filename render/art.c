/* The publisher's own tile art: the images an art manifest (model/tkit-art.h) names, loaded once
 * and found by tile; a tile is drawn from its image — the image's trim area scaled to the tile,
 * turned from the image's own rotation to the tile's, its bleed (or its edge, stretched) beyond
 * the trim line, clipped to the tile and the bleed asked for — and the pictures' teaching marks
 * go on top as usual. A tile without an image is drawn with tilekit's art. */
#include "render/render-private.h"
#include "model/tkit-art.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct art_entry {
        const struct tkit_tile *t;
        size_t file; /* in tkit_render_art.files */
        int rotation;      /* quarter turns of the picture from the tile's definition */
        double bleed_frac; /* the image's bleed on each side, a share of its width */
};

/* One per image file, however many entries name it. Its header is checked when the manifest is
 * loaded; it is decoded when a tile drawn first needs it, never for tiles not drawn. */
struct art_file {
        char *path;
        cairo_surface_t *img; /* NULL until decoded */
        const char *failed;   /* why decoding failed (static), reported by _failed() */
        bool reported;
        char *manifest, *set, *tile; /* the first entry naming it, for the message */
        int line;
};

struct tkit_render_art {
        struct art_entry *v; /* sorted by tile pointer */
        size_t n, cap;
        struct art_file *files;
        size_t nfiles, capfiles;
        struct tkit_index by_path; /* files by path */
};

static int cmp_entry(const void *a, const void *b)
{
        uintptr_t x = (uintptr_t)((const struct art_entry *)a)->t;
        uintptr_t y = (uintptr_t)((const struct art_entry *)b)->t;
        return x < y ? -1 : x > y;
}

static const struct tkit_set *set_of(struct tkit_set *const *sets, size_t nsets, const char *id)
{
        for (size_t i = 0; i < nsets; i++)
                if (strcmp(sets[i]->id, id) == 0)
                        return sets[i];
        return NULL;
}

/* The PNG signature and the IHDR chunk that must follow it (PNG spec 11.2.2). */
static const unsigned char png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

static uint32_t be32(const unsigned char *p)
{
        return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Reads the header of the PNG `f`: NULL when it is one within the limits (*w, *h set), else why
 * not (a static string, or one in `why` of `cap` bytes). Nothing is decoded yet: a 64 KB file may
 * declare 23000 x 23000 pixels (2 GB once decoded). */
static const char *png_header(FILE *f, uint32_t *w, uint32_t *h, char *why, size_t cap)
{
        unsigned char hd[24];
        size_t got = fread(hd, 1, sizeof hd, f);
        if (got < sizeof png_sig || memcmp(hd, png_sig, sizeof png_sig) != 0)
                return "it is not a PNG file (no PNG signature): give a PNG image";
        if (got < sizeof hd || be32(hd + 8) != 13 || memcmp(hd + 12, "IHDR", 4) != 0)
                return "it is not a valid PNG file (no IHDR header after the signature)";
        *w = be32(hd + 16);
        *h = be32(hd + 20);
        if (*w < 1 || *h < 1)
                return "it declares no pixels (width or height 0)";
        if (*w > TKIT_RENDER_ART_MAX_SIDE || *h > TKIT_RENDER_ART_MAX_SIDE ||
            (uint64_t)*w * *h > TKIT_RENDER_ART_MAX_PIXELS) {
                snprintf(why, cap,
                         "it declares %" PRIu32 " x %" PRIu32 " pixels: the limit is %d pixels a "
                         "side and %d pixels in all (%d MiB decoded); scale it down",
                         *w, *h, TKIT_RENDER_ART_MAX_SIDE, TKIT_RENDER_ART_MAX_PIXELS,
                         TKIT_RENDER_ART_MAX_PIXELS / (1024 * 1024) * 4);
                return why;
        }
        return NULL;
}

static cairo_status_t png_read(void *closure, unsigned char *data, unsigned int len)
{
        return fread(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR;
}

/* Opens the PNG `path` as every input is opened (a regular file, never a FIFO) and checks its
 * header; true when it is one within the limits, else false after an ART-IMAGE error at the
 * manifest's line. Nothing is decoded here. */
static bool check_png(const char *path, const struct tkit_art *a, const struct tkit_art_image *img,
                      struct tkit_diags *d)
{
        struct tkit_diags local;
        tkit_diags_init(&local);
        FILE *f = tkit_input_open(path, NULL, &local);
        char buf[200];
        uint32_t w, h;
        const char *why = !f ? (local.n ? local.v[0].message : "cannot open it")
                             : png_header(f, &w, &h, buf, sizeof buf);
        if (why)
                tkit_diags_add(d, TKIT_SEV_ERROR, a->file, img->line,
                               tkit_read_rule_id(TKIT_RR_ART_IMAGE), img->set, img->tile,
                               "cannot read the PNG image '%s': %s", path, why);
        if (f)
                fclose(f);
        tkit_diags_finish(&local);
        return !why;
}

/* Decodes the file when a tile drawn first needs it; on failure remembers why (reported by
 * tkit_render_art_failed). */
static void decode(struct art_file *fl)
{
        FILE *f = tkit_input_open(fl->path, NULL, NULL);
        uint32_t w, h;
        char buf[200];
        const char *why = !f ? "it can no longer be opened" : png_header(f, &w, &h, buf, 1);
        if (!why)
                rewind(f);
        cairo_surface_t *png = why ? NULL : cairo_image_surface_create_from_png_stream(png_read, f);
        cairo_status_t st = png ? cairo_surface_status(png) : CAIRO_STATUS_SUCCESS;
        if (!why && st != CAIRO_STATUS_SUCCESS)
                why = st == CAIRO_STATUS_NO_MEMORY ? "out of memory while decoding it"
                                                   : "its PNG data is damaged or truncated";
        if (why) {
                fl->failed = why == buf ? "it changed since it was checked" : why;
                cairo_surface_destroy(png);
        } else {
                fl->img = png;
        }
        if (f)
                fclose(f);
}

static const char *file_key(const void *ctx, size_t i)
{
        return ((const struct tkit_render_art *)ctx)->files[i].path;
}

/* The file `path` (taken) names, checked once however many entries name it; -1 when it is not
 * a PNG within the limits (reported). */
static long file_of(struct tkit_render_art *r, char *path, const struct tkit_art *a,
                    const struct tkit_art_image *img, struct tkit_diags *d)
{
        long k = tkit_index_find(&r->by_path, path, file_key, r);
        if (k >= 0 || !check_png(path, a, img, d)) {
                free(path);
                return k;
        }
        struct art_file *fl = TKIT_PUSH(r->files, r->nfiles, r->capfiles);
        *fl = (struct art_file){.path = path,
                                .manifest = a->file ? tkit_xstrdup(a->file) : NULL,
                                .set = tkit_xstrdup(img->set),
                                .tile = tkit_xstrdup(img->tile),
                                .line = img->line};
        tkit_index_add(&r->by_path, path, r->nfiles - 1);
        return (long)r->nfiles - 1;
}

/* Loads one image; false after an error (reported). Images of sets not in play are skipped. */
static bool load(struct tkit_render_art *r, const struct tkit_art *a,
                 const struct tkit_art_image *img, struct tkit_set *const *sets, size_t nsets,
                 struct tkit_diags *d)
{
        const struct tkit_set *s = set_of(sets, nsets, img->set);
        if (!s)
                return true;
        int ti = tkit_set_find_tile(s, img->tile);
        if (ti < 0) {
                tkit_diags_add(d, TKIT_SEV_WARNING, a->file, img->line,
                               tkit_read_rule_id(TKIT_RR_ART_TILE), img->set, img->tile,
                               "no tile '%s' in set '%s': its image is not used", img->tile,
                               img->set);
                return true;
        }
        long k = file_of(r, tkit_art_image_path(a, img), a, img, d);
        if (k < 0)
                return false;
        double b = img->bleed_mm, frac = b / (a->tile_mm + 2 * b);
        struct art_entry *e = TKIT_PUSH(r->v, r->n, r->cap);
        *e = (struct art_entry){&s->tiles[ti], (size_t)k, img->rotation / 90, frac};
        return true;
}

struct tkit_render_art *tkit_render_art_create(const struct tkit_art *a,
                                               struct tkit_set *const *sets, size_t nsets,
                                               struct tkit_diags *d)
{
        struct tkit_render_art *r = tkit_xcalloc(1, sizeof *r);
        tkit_index_init(&r->by_path);
        bool ok = true;
        for (size_t i = 0; a && i < a->nimages; i++)
                ok &= load(r, a, &a->images[i], sets, nsets, d);
        if (!ok) {
                tkit_render_art_destroy(r);
                return NULL;
        }
        if (r->n) /* no image loaded: r->v is NULL, which qsort may not be given (fuzz-art) */
                qsort(r->v, r->n, sizeof *r->v, cmp_entry);
        return r;
}

void tkit_render_art_destroy(struct tkit_render_art *r)
{
        if (!r)
                return;
        for (size_t i = 0; i < r->nfiles; i++) {
                cairo_surface_destroy(r->files[i].img);
                free(r->files[i].path);
                free(r->files[i].manifest);
                free(r->files[i].set);
                free(r->files[i].tile);
        }
        tkit_index_finish(&r->by_path);
        free(r->files);
        free(r->v);
        free(r);
}

static const struct art_entry *find(const struct tkit_render_art *r, const struct tkit_tile *t)
{
        if (!r || !t || !r->n)
                return NULL;
        struct art_entry key = {.t = t};
        return bsearch(&key, r->v, r->n, sizeof key, cmp_entry);
}

bool tkit_render_art_has(const struct tkit_render_art *r, const struct tkit_tile *t)
{
        return find(r, t) != NULL;
}

size_t tkit_render_art_count(const struct tkit_render_art *r)
{
        return r ? r->n : 0;
}

void tkit_render_art_missing(const struct tkit_render_art *r, const struct tkit_tile *t,
                             const char *set, const char *file, struct tkit_diags *d)
{
        if (!r || !t || find(r, t))
                return;
        tkit_diags_add(d, TKIT_SEV_WARNING, file, 0, tkit_read_rule_id(TKIT_RR_ART_MISSING), set,
                       t->id,
                       "no image of tile '%s'%s%s in the art manifest: drawn with tilekit's art",
                       t->id, set ? " of set " : "", set ? set : "");
}

static void draw_image(cairo_t *cr, const struct art_entry *e, cairo_surface_t *img, int rot,
                       double x, double y, double size)
{
        double iw = cairo_image_surface_get_width(img);
        double ih = cairo_image_surface_get_height(img);
        double trim = 1 - 2 * e->bleed_frac;
        cairo_translate(cr, x + size / 2, y + size / 2);
        cairo_rotate(cr, (((rot - e->rotation) % 4 + 4) % 4) * M_PI / 2);
        cairo_scale(cr, size / (iw * trim), size / (ih * trim));
        /* a pattern of our own (cairo_get_source() of a failed context makes one that nobody
         * frees, cairo 1.16), the image centred on the origin */
        cairo_pattern_t *pat = cairo_pattern_create_for_surface(img);
        cairo_matrix_t m;
        cairo_matrix_init_translate(&m, iw / 2, ih / 2);
        cairo_pattern_set_matrix(pat, &m);
        /* beyond the image's own bleed, its edge is stretched into the bleed asked for */
        cairo_pattern_set_extend(pat, CAIRO_EXTEND_PAD);
        cairo_pattern_set_filter(pat, CAIRO_FILTER_GOOD);
        cairo_set_source(cr, pat);
        cairo_pattern_destroy(pat);
        cairo_paint(cr);
}

void tkit_render_tile_art(cairo_t *cr, const struct tkit_render_art *art, const struct tkit_tile *t,
                          int rot, double x, double y, double size, double bleed, unsigned flags)
{
        const struct art_entry *e = find(art, t);
        /* decoded now, the first time a tile needs it: the object was made by
         * tkit_render_art_create (never const itself), the cache is its own business */
        struct art_file *fl = e ? &((struct tkit_render_art *)art)->files[e->file] : NULL;
        if (fl && !fl->img && !fl->failed)
                decode(fl);
        if (!e || size <= 0 || !fl->img) {
                tkit_render_tile(cr, t, rot, x, y, size, bleed, flags);
                return;
        }
        cairo_save(cr);
        cairo_new_path(cr);
        cairo_rectangle(cr, x - bleed, y - bleed, size + 2 * bleed, size + 2 * bleed);
        cairo_clip(cr);
        draw_image(cr, e, fl->img, rot, x, y, size);
        cairo_restore(cr);
        if (flags & TKIT_RENDER_FRAME) {
                cairo_save(cr);
                cairo_rectangle(cr, x, y, size, size);
                cairo_set_source_rgba(cr, 0.15, 0.15, 0.15, 0.8);
                cairo_set_line_width(cr, size * 0.01);
                cairo_stroke(cr);
                cairo_restore(cr);
        }
}

size_t tkit_render_art_failed(const struct tkit_render_art *r, struct tkit_diags *d)
{
        size_t n = 0;
        for (size_t i = 0; r && i < r->nfiles; i++) {
                struct art_file *fl = &r->files[i];
                if (!fl->failed)
                        continue;
                n++;
                if (!fl->reported)
                        tkit_diags_add(d, TKIT_SEV_ERROR, fl->manifest, fl->line,
                                       tkit_read_rule_id(TKIT_RR_ART_IMAGE), fl->set, fl->tile,
                                       "cannot read the PNG image '%s': %s", fl->path, fl->failed);
                fl->reported = true;
        }
        return n;
}

size_t tkit_render_art_decoded(const struct tkit_render_art *r)
{
        size_t n = 0;
        for (size_t i = 0; r && i < r->nfiles; i++)
                n += r->files[i].img != NULL;
        return n;
}
