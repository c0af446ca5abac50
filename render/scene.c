/* Scene pictures for rulebooks: the tiles of a scene (model/tkit-scene.h) at their cells, bridges,
 * castles and barns, the figures standing or lying at natural spots of their features (areas.c),
 * the tile placed by the move outlined, the features scored by the engine (game/tkit-game.h)
 * hatched in the scorer's colour with a points badge, the callouts, the defense posts, and under
 * the picture the caption and a legend of the events.
 *
 * A picture is made in four stages, each reading the ones before it and changing none of them:
 * the state (scene-state.c: the engine's view of the moment drawn), the plan (scene-plan.c: what
 * is shown, how large, the text in lines), the layout (scene-layout.c: where everything goes, the
 * marks of the picture map) and the drawing (scene-draw.c). This file runs them and writes the
 * picture; scene-map.c writes the picture map. */
#include "render/scene-draw.h"
#include "model/tkit-layout.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void tkit_scene_render_options_init(struct tkit_scene_render_options *o)
{
        memset(o, 0, sizeof *o);
        o->px = 45 * MM_TO_PT;
        o->unit_pt = 1;
        o->lang = "en";
        o->caption = true;
}

int tkit_scene_legend_parse(const char *s)
{
        static const char *const names[] = {"full", "key", "none"};
        for (int i = 0; s && i < 3; i++)
                if (strcmp(s, names[i]) == 0)
                        return i;
        return -1;
}

void tkit_scene_picture_finish(struct tkit_scene_picture *p)
{
        for (size_t i = 0; i < p->nmarks; i++)
                free(p->marks[i].text);
        free(p->marks);
        memset(p, 0, sizeof *p);
}

/* ---------------------------------------------------------------- the picture */

static bool too_large(const struct scene_plan *p, const char *path)
{
        if (p->W <= TKIT_BOARD_MAX_PX && p->H <= TKIT_BOARD_MAX_PX)
                return false;
        tkit_diags_add(p->st->d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                       "the picture would be %.0f x %.0f, more than %d: use a smaller tile size",
                       p->W, p->H, TKIT_BOARD_MAX_PX);
        return true;
}

static int cmp_ptr(const void *a, const void *b)
{
        uintptr_t x = (uintptr_t) * (const void *const *)a,
                  y = (uintptr_t) * (const void *const *)b;
        return x < y ? -1 : x > y;
}

/* One warning per tile shown without the publisher's image (pieces keep tilekit's art). */
static void art_missing(const struct scene_plan *p)
{
        const struct scene_state *st = p->st;
        if (!st->o->art)
                return;
        const struct tkit_tile **v = tkit_xmalloc(sizeof *v * (st->ncells + 1));
        size_t n = 0;
        for (size_t i = 0; i < st->ncells; i++)
                if (st->cells[i].def && st->cells[i].piece < 0 &&
                    tkit_scene_shown(p, st->cells[i].x, st->cells[i].y))
                        v[n++] = st->cells[i].def;
        qsort(v, n, sizeof *v, cmp_ptr);
        for (size_t i = 0; i < n; i++)
                if (i == 0 || v[i] != v[i - 1])
                        tkit_render_art_missing(st->o->art, v[i], NULL, st->file, st->d);
        free(v);
}

/* The caption under the picture, whole (the lines break it), or NULL when none is drawn: the
 * title of its PDF and SVG. */
static const char *caption_drawn(const struct scene_plan *p)
{
        for (size_t i = 0; i < p->L.n; i++)
                if (p->L.v[i].bold) /* the caption's lines, and only they, are bold */
                        return tkit_text_caption(p->st->orig, p->st->lang);
        return NULL;
}

/* cairo draws text in SVG as glyph shapes: the caption and the legend also go in as the
 * picture's <title> and <desc> (a line each), for search and screen readers (render/svg.c). */
static int svg_with_text(const struct scene_plan *p, const char *svg, size_t len, FILE *f,
                         const char *path)
{
        struct tkit_buf desc, b;
        tkit_buf_init(&desc);
        for (size_t i = 0; i < p->L.n; i++)
                if (!p->L.v[i].bold)
                        tkit_buf_printf(&desc, "%s%s", desc.len ? "\n" : "", p->L.v[i].text);
        tkit_buf_init(&b);
        bool ok = tkit_svg_write(&b, svg, len, caption_drawn(p), desc.data);
        tkit_buf_finish(&desc);
        int rc = 0;
        struct tkit_diags *d = p->st->d;
        if (!ok) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "cannot write: cairo made no SVG");
                rc = TKIT_E_IO;
        } else if (fwrite(b.data, 1, b.len, f) != b.len) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "cannot write: %s",
                               strerror(errno ? errno : EIO));
                rc = TKIT_E_IO;
        }
        tkit_buf_finish(&b);
        return rc;
}

/* PNG through render/png.c's faster writer. */
static int write_png(const struct scene_layout *lo, FILE *f, const char *path)
{
        const struct scene_plan *p = lo->pl;
        struct tkit_diags *d = p->st->d;
        cairo_surface_t *s =
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(p->W + 0.5), (int)(p->H + 0.5));
        if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "cannot make the picture: %s",
                               cairo_status_to_string(cairo_surface_status(s)));
                cairo_surface_destroy(s);
                return TKIT_E_IO;
        }
        cairo_t *cr = tkit_render_create(s);
        tkit_scene_draw(lo, cr, !p->st->o->transparent);
        cairo_destroy(cr);
        int rc = tkit_render_png_write(s, f, path, d);
        cairo_surface_destroy(s);
        return rc;
}

static int write_picture(const struct scene_layout *lo, FILE *f, const char *path,
                         enum tkit_image_format fmt)
{
        const struct scene_plan *p = lo->pl;
        struct tkit_diags *d = p->st->d;
        if (fmt == TKIT_IMAGE_PNG)
                return write_png(lo, f, path);
        struct tkit_render_mem m = {0};
        if (fmt == TKIT_IMAGE_SVG)
                tkit_render_mem_open(&m);
        struct render_out out;
        int rc = tkit_render_out_open(&out, m.f ? m.f : f, path, fmt, p->W, p->H, d);
        if (rc) {
                if (m.f)
                        fclose(m.f);
                free(m.data);
                return rc;
        }
        const char *title = caption_drawn(p);
        if (fmt == TKIT_IMAGE_PDF && title)
                cairo_pdf_surface_set_metadata(out.surface, CAIRO_PDF_METADATA_TITLE, title);
        tkit_render_out_set_lang(&out, tkit_lang_name(p->st->lang)); /* a PDF's /Lang */
        cairo_t *cr = tkit_render_create(out.surface);
        tkit_scene_draw(lo, cr, true);
        cairo_destroy(cr);
        rc = tkit_render_out_close(&out, d);
        if (m.f) {
                if (fclose(m.f) != 0)
                        abort(); /* a memory stream fails only for lack of memory */
                if (!rc)
                        rc = svg_with_text(p, m.data, m.len, f, path);
                free(m.data);
        }
        return rc;
}

static int check_options(const struct tkit_scene_render_options *o,
                         const struct tkit_game_result *r, const char *path, struct tkit_diags *d)
{
        if (!(o->px >= 8 && o->px <= 2048)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "tile size %.1f out of range 8..2048", o->px);
                return TKIT_E_USAGE;
        }
        if (!(o->unit_pt > 0.001 && o->unit_pt <= 100)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "points per picture unit %g out of range", o->unit_pt);
                return TKIT_E_USAGE;
        }
        if (tkit_lang_parse(o->lang) < 0) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "unknown language '%s': use one of %s", o->lang ? o->lang : "",
                               tkit_lang_choices());
                return TKIT_E_USAGE;
        }
        if ((unsigned)o->state > TKIT_SCENE_AFTER) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "unknown state %d",
                               (int)o->state);
                return TKIT_E_USAGE;
        }
        if (o->state == TKIT_SCENE_AFTER && (!r || !r->after)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "the state after the move needs the engine's result");
                return TKIT_E_USAGE;
        }
        return 0;
}

int tkit_render_scene(const struct tkit_scene *scene, const struct tkit_game_result *r,
                      struct tkit_set *const *sets, size_t nsets,
                      const struct tkit_scene_render_options *o, const char *path,
                      enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                      struct tkit_diags *d)
{
        struct tkit_render_mem m;
        tkit_render_mem_open(&m);
        int rc = tkit_render_scene_stream(scene, r, sets, nsets, o, m.f, path, fmt, pic, d);
        return tkit_render_mem_save(&m, path, rc, d);
}

/* The plan, then, only when the picture is not too large, the layout and the picture: into `cr`
 * when it is not NULL (the caller's page: the background stays inside the picture's box), else
 * into `f` as `fmt`. The size is known before the first area map is made. */
static int render(const struct scene_state *st, cairo_t *cr, FILE *f, const char *path,
                  enum tkit_image_format fmt, struct tkit_scene_picture *pic)
{
        const struct tkit_scene_render_options *o = st->o;
        struct scene_plan pl;
        tkit_scene_plan_board(&pl, st, o->px, o->unit_pt,
                              fmt == TKIT_IMAGE_PNG ? TKIT_UNIT_PX : TKIT_UNIT_PT);
        art_missing(&pl);
        if (too_large(&pl, path)) {
                tkit_scene_plan_finish(&pl);
                return TKIT_E_USAGE;
        }
        cairo_surface_t *ms = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *mcr = tkit_render_create(ms);
        tkit_scene_plan_text(&pl, mcr);
        int rc = too_large(&pl, path) ? TKIT_E_USAGE : 0;
        struct scene_layout lo = {0};
        if (!rc)
                tkit_scene_layout_build(&lo, &pl, o->cache, mcr);
        cairo_destroy(mcr);
        cairo_surface_destroy(ms);
        if (!rc && cr) {
                cairo_rectangle(cr, 0, 0, pl.W, pl.H);
                cairo_clip(cr);
                tkit_scene_draw(&lo, cr, true);
        } else if (!rc) {
                rc = write_picture(&lo, f, path, fmt);
        }
        if (pic && !rc) {
                *pic = lo.out;
                memset(&lo.out, 0, sizeof lo.out);
        }
        if (lo.pl)
                tkit_scene_layout_finish(&lo);
        tkit_scene_plan_finish(&pl);
        return rc;
}

/* The picture into `cr` when it is not NULL, else into `f` as `fmt`. */
static int scene_out(const struct tkit_scene *scene, const struct tkit_game_result *r,
                     struct tkit_set *const *sets, size_t nsets,
                     const struct tkit_scene_render_options *o, cairo_t *cr, FILE *f,
                     const char *path, enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                     struct tkit_diags *d)
{
        struct tkit_scene_render_options defaults;
        if (!o) {
                tkit_scene_render_options_init(&defaults);
                o = &defaults;
        }
        int rc = check_options(o, r, path, d);
        if (rc)
                return rc;
        /* a picture in another language prints the scene's texts in it, never English instead */
        int lang = tkit_lang_parse(o->lang);
        if (o->caption && o->legend != TKIT_LEGEND_NONE && lang != TKIT_LANG_EN &&
            tkit_text_check_scene(scene, lang, d))
                return TKIT_E_INVALID;
        if (fmt == TKIT_IMAGE_AUTO)
                fmt = tkit_image_format_from_path(path);
        struct scene_state st;
        tkit_scene_state_build(&st, scene, r, sets, nsets, o, d);
        tkit_scene_state_missing(&st);
        rc = render(&st, cr, f, path, fmt, pic);
        tkit_scene_state_finish(&st);
        return rc;
}

int tkit_render_scene_stream(const struct tkit_scene *scene, const struct tkit_game_result *r,
                             struct tkit_set *const *sets, size_t nsets,
                             const struct tkit_scene_render_options *o, FILE *f, const char *path,
                             enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                             struct tkit_diags *d)
{
        return scene_out(scene, r, sets, nsets, o, NULL, f, path, fmt, pic, d);
}

int tkit_render_scene_cairo(cairo_t *cr, const struct tkit_scene *scene,
                            const struct tkit_game_result *r, struct tkit_set *const *sets,
                            size_t nsets, const struct tkit_scene_render_options *o,
                            struct tkit_scene_picture *pic, struct tkit_diags *d)
{
        cairo_save(cr);
        int rc =
            scene_out(scene, r, sets, nsets, o, cr, NULL, scene->file, TKIT_IMAGE_AUTO, pic, d);
        cairo_restore(cr);
        return rc;
}

/* ---------------------------------------------------------------- figures on a board */

/* The layout's board as the view's cells: the engine resolves the scene's figures on it. */
static void layout_cells(struct scene_state *st, const struct tkit_layout *l)
{
        struct tkit_layout_cell cells[MAX_PIECE_CELLS];
        struct tkit_view_cell *vc = NULL;
        size_t nvc = 0, cap = 0;
        for (size_t i = 0; i < l->nplacements; i++) {
                size_t n = tkit_placement_cells(&l->placements[i], cells, MAX_PIECE_CELLS);
                for (size_t k = 0; k < n && k < MAX_PIECE_CELLS; k++)
                        *TKIT_PUSH(vc, nvc, cap) = (struct tkit_view_cell){cells[k].x,
                                                                           cells[k].y,
                                                                           cells[k].def,
                                                                           l->placements[i].tile,
                                                                           cells[k].rotation / 90,
                                                                           (int)cells[k].bridge,
                                                                           -1};
        }
        tkit_game_view_set_cells(&st->view, vc, nvc);
        free(vc);
        tkit_scene_state_cells(st);
}

void tkit_render_scene_overlay(cairo_t *cr, const struct tkit_scene *scene,
                               const struct tkit_layout *l, double ox, double oy, int minx,
                               int miny, double P, struct tkit_diags *d)
{
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.full = true;
        o.state = TKIT_SCENE_BEFORE;
        struct scene_state st;
        tkit_scene_state_build(&st, scene, NULL, NULL, 0, &o, d);
        layout_cells(&st, l);
        struct scene_plan pl;
        tkit_scene_plan_overlay(&pl, &st, P, ox, oy, minx, miny);
        struct scene_layout lo;
        tkit_scene_layout_build(&lo, &pl, NULL, NULL);
        tkit_scene_draw_overlay(&lo, cr);
        tkit_scene_layout_finish(&lo);
        tkit_scene_plan_finish(&pl);
        tkit_scene_state_finish(&st);
}
