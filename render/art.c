/* The publisher's own tile art: the images an art manifest (model/tkit-art.h) names, loaded once
 * and found by tile; a tile is drawn from its image — the image's trim area scaled to the tile,
 * turned from the image's own rotation to the tile's, its bleed (or its edge, stretched) beyond
 * the trim line, clipped to the tile and the bleed asked for — and the pictures' teaching marks
 * go on top as usual. A tile without an image is drawn with tilekit's art. */
#include "render/render-private.h"
#include "model/tkit-art.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct art_entry {
        const struct tkit_tile *t;
        cairo_surface_t *img;
        int rotation;      /* quarter turns of the picture from the tile's definition */
        double bleed_frac; /* the image's bleed on each side, a share of its width */
};

struct tkit_render_art {
        struct art_entry *v; /* sorted by tile pointer */
        size_t n, cap;
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
                tkit_diags_add(d, TKIT_SEV_WARNING, a->file, img->line, "ART-TILE", img->set,
                               img->tile, "no tile '%s' in set '%s': its image is not used",
                               img->tile, img->set);
                return true;
        }
        char *path = tkit_art_image_path(a, img);
        cairo_surface_t *png = cairo_image_surface_create_from_png(path);
        cairo_status_t st = cairo_surface_status(png);
        if (st != CAIRO_STATUS_SUCCESS || cairo_image_surface_get_width(png) < 1) {
                tkit_diags_add(d, TKIT_SEV_ERROR, a->file, img->line, "ART-IMAGE", img->set,
                               img->tile, "cannot read the PNG image '%s': %s", path,
                               st != CAIRO_STATUS_SUCCESS ? cairo_status_to_string(st) : "empty");
                cairo_surface_destroy(png);
                free(path);
                return false;
        }
        free(path);
        double b = img->bleed_mm, frac = b / (a->tile_mm + 2 * b);
        struct art_entry *e = TKIT_PUSH(r->v, r->n, r->cap);
        *e = (struct art_entry){&s->tiles[ti], png, img->rotation / 90, frac};
        return true;
}

struct tkit_render_art *tkit_render_art_create(const struct tkit_art *a,
                                               struct tkit_set *const *sets, size_t nsets,
                                               struct tkit_diags *d)
{
        struct tkit_render_art *r = tkit_xcalloc(1, sizeof *r);
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
        for (size_t i = 0; i < r->n; i++)
                cairo_surface_destroy(r->v[i].img);
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
        tkit_diags_add(d, TKIT_SEV_WARNING, file, 0, "ART-MISSING", set, t->id,
                       "no image of tile '%s'%s%s in the art manifest: drawn with tilekit's art",
                       t->id, set ? " of set " : "", set ? set : "");
}

static void draw_image(cairo_t *cr, const struct art_entry *e, int rot, double x, double y,
                       double size)
{
        double iw = cairo_image_surface_get_width(e->img);
        double ih = cairo_image_surface_get_height(e->img);
        double trim = 1 - 2 * e->bleed_frac;
        cairo_translate(cr, x + size / 2, y + size / 2);
        cairo_rotate(cr, (((rot - e->rotation) % 4 + 4) % 4) * M_PI / 2);
        cairo_scale(cr, size / (iw * trim), size / (ih * trim));
        /* a pattern of our own (cairo_get_source() of a failed context makes one that nobody
         * frees, cairo 1.16), the image centred on the origin */
        cairo_pattern_t *pat = cairo_pattern_create_for_surface(e->img);
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
        if (!e || size <= 0) {
                tkit_render_tile(cr, t, rot, x, y, size, bleed, flags);
                return;
        }
        cairo_save(cr);
        cairo_new_path(cr);
        cairo_rectangle(cr, x - bleed, y - bleed, size + 2 * bleed, size + 2 * bleed);
        cairo_clip(cr);
        draw_image(cr, e, rot, x, y, size);
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
