/* Scene pictures for rulebooks: the tiles of a scene (model/tkit-scene.h) at their cells, bridges,
 * castles and barns, the figures standing or lying at natural spots of their features (areas.c),
 * the tile placed by the move outlined, the features scored by the engine (game/tkit-game.h)
 * hatched in the scorer's colour with a points badge, the callouts, the defense posts, and under
 * the picture the caption and a legend of the events.
 *
 * This file resolves the scene's cells, crops the picture, sets its text and its geometry and
 * writes it; scene-during.c works out the state drawn (the move shown), scene-place.c places
 * everything that takes room on the board into one index of boxes, scene-posts.c lays out the
 * defense posts, scene-draw.c draws, scene-map.c writes the picture map. */
#include "render/scene-private.h"
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

/* ---------------------------------------------------------------- resolving */

/* The tile or piece a scene tile names: the model's lookup, the engine's too. */
static const void *find_def(const struct pic *p, const struct tkit_scene_tile *t)
{
        const struct tkit_set *set;
        int hits;
        return tkit_scene_find_def(p->orig, p->sets, p->nsets, t, &set, &hits);
}

static void add_cell(struct pic *p, int x, int y, const struct tkit_tile *def, const char *id,
                     int rot, int bridge, int piece)
{
        struct cell *c = TKIT_PUSH(p->cells, p->ncells, p->capcells);
        *c = (struct cell){x, y, def, id, ((rot % 4) + 4) % 4, bridge, piece, NULL};
}

static int cmp_cell(const void *a, const void *b)
{
        const struct cell *x = a, *y = b;
        if (x->y != y->y)
                return x->y < y->y ? -1 : 1;
        return x->x < y->x ? -1 : x->x > y->x;
}

static struct cell *cell_at(const struct pic *p, int x, int y)
{
        struct cell key = {.x = x, .y = y};
        return bsearch(&key, p->cells, p->ncells, sizeof key, cmp_cell);
}

/* The symbols the art draws depend on the tile and its rotation only: measured once for both. */
const struct symbols *tkit_scene_cell_symbols(struct pic *p, const struct cell *c)
{
        if (!c->def)
                return NULL;
        for (size_t i = 0; i < p->nsymbols; i++)
                if (p->symbols[i].t == c->def && p->symbols[i].rot == c->rot)
                        return &p->symbols[i];
        struct symbols *s = TKIT_PUSH(p->symbols, p->nsymbols, p->capsymbols);
        s->t = c->def;
        s->rot = c->rot;
        s->n = tkit_render_tile_symbols(c->def, c->rot, p->o->flags, s->v, TKIT_MAX_TILE_SYMBOLS);
        s->n = s->n < TKIT_MAX_TILE_SYMBOLS ? s->n : TKIT_MAX_TILE_SYMBOLS;
        return s;
}

/* Area maps depend on the tile and its rotation only: cells that share both share one, and so do
 * the pictures drawn with one cache (a book's). */
struct tkit_area_map *tkit_scene_cell_map(struct pic *p, struct cell *c)
{
        if (c->map || !c->def)
                return c->map;
        if (!p->maps) {
                p->maps = tkit_render_cache_new();
                p->own_maps = true;
        }
        c->map = tkit_render_cache_map(p->maps, c->def, c->rot);
        return c->map;
}

struct cell *tkit_scene_cell_at(const struct pic *p, int x, int y)
{
        return cell_at(p, x, y);
}

const struct tkit_piece *tkit_scene_piece_of(const struct pic *p, const struct tkit_scene_tile *t)
{
        return t->is_piece && t->tile ? find_def(p, t) : NULL;
}

/* ---------------------------------------------------------------- marks and units */

struct tkit_scene_mark *tkit_scene_add_mark(struct pic *p, enum tkit_scene_mark_kind k)
{
        struct tkit_scene_mark *m = TKIT_PUSH(p->out.marks, p->out.nmarks, p->out.capmarks);
        memset(m, 0, sizeof *m);
        m->kind = k;
        m->player = m->feature = m->post = -1;
        return m;
}

/* Picture coordinates of board point (x, y) in cells, and back. */
double tkit_scene_pic_x(const struct pic *p, double x)
{
        return p->ox + (x - p->bx0) * p->P;
}

double tkit_scene_pic_y(const struct pic *p, double y)
{
        return p->oy + (y - p->by0) * p->P;
}

double tkit_scene_board_x(const struct pic *p, double x)
{
        return p->bx0 + (x - p->ox) / p->P;
}

double tkit_scene_board_y(const struct pic *p, double y)
{
        return p->by0 + (y - p->oy) / p->P;
}

double tkit_scene_size(const struct pic *p, double k, double min_pt)
{
        double v = p->P * k, min = min_pt / p->upt;
        return v > min ? v : min;
}

int tkit_scene_player_colour(const struct tkit_scene *s, int player)
{
        if (player < 0 || (size_t)player >= s->nplayers)
                return -1;
        return tkit_colour_parse(s->players[player].colour);
}

bool tkit_scene_shown(const struct pic *p, int x, int y)
{
        return x >= p->bx0 && x <= p->bx1 && y >= p->by0 && y <= p->by1;
}

/* ---------------------------------------------------------------- cells shown */

static void focus(int x, int y, bool *any, int *b)
{
        if (!*any || x < b[0])
                b[0] = x;
        if (!*any || y < b[1])
                b[1] = y;
        if (!*any || x > b[2])
                b[2] = x;
        if (!*any || y > b[3])
                b[3] = y;
        *any = true;
}

/* Every cell, or (default) the cells around what the move is about, one cell around: the tile
 * placed, figures, tokens, callouts, the places of the events, the cells where the fortress
 * prints each post shown. A piece may be cut: the fortress is shown as far as the example needs
 * it. A post that no piece carries gets an empty row of its own under the cells shown. The
 * scene's own crop (<board show="X0 Y0 X1 Y1">) replaces the one worked out, except with --full. */
static void crop(struct pic *p)
{
        int all[4] = {0, 0, 0, 0}, f[4] = {0, 0, 0, 0};
        bool any_all = false, any = false;
        const struct tkit_scene_move *mv = &p->orig->move;
        for (size_t i = 0; i < p->ncells; i++)
                focus(p->cells[i].x, p->cells[i].y, &any_all, all);
        if (!p->o->full) {
                if (mv->kind == TKIT_MOVE_TILE && !mv->discarded && mv->placed.tile)
                        focus(mv->placed.x, mv->placed.y, &any, f);
                for (size_t i = 0; i < p->s->nfigures; i++)
                        if (p->s->figures[i].at == TKIT_AT_FEATURE)
                                focus(p->s->figures[i].x, p->s->figures[i].y, &any, f);
                for (size_t i = 0; i < p->s->ncastles; i++)
                        focus(p->s->castles[i].x, p->s->castles[i].y, &any, f);
                for (size_t i = 0; i < p->s->nbarns; i++)
                        focus(p->s->barns[i].x, p->s->barns[i].y, &any, f);
                for (size_t i = 0; i < p->view.nrefusals; i++)
                        if (p->view.refusals[i].post < 0)
                                focus((int)floor(p->view.refusals[i].x), (int)floor(p->view.refusals[i].y),
                                      &any, f);
                for (size_t i = 0; i < p->orig->ncallouts; i++)
                        if (p->orig->callouts[i].post < 0) /* one at a post: its panel */
                                focus(p->orig->callouts[i].x, p->orig->callouts[i].y, &any, f);
                for (size_t i = 0; p->r && i < p->r->nevents; i++)
                        for (size_t k = 0; k < p->r->events[i].nplaces; k++)
                                focus(p->r->events[i].places[k].x, p->r->events[i].places[k].y,
                                      &any, f);
                for (size_t i = 0; i < p->nposts; i++)
                        if (p->posts[i].on_piece) {
                                focus(p->posts[i].x0, p->posts[i].y0, &any, f);
                                focus(p->posts[i].x1, p->posts[i].y1, &any, f);
                        }
        }
        if (any) {
                all[0] = f[0] - 1 > all[0] ? f[0] - 1 : all[0];
                all[1] = f[1] - 1 > all[1] ? f[1] - 1 : all[1];
                all[2] = f[2] + 1 < all[2] ? f[2] + 1 : all[2];
                all[3] = f[3] + 1 < all[3] ? f[3] + 1 : all[3];
        }
        p->bx0 = all[0];
        p->by0 = all[1];
        p->bx1 = all[2] < all[0] ? all[0] : all[2];
        p->by1 = all[3] < all[1] ? all[1] : all[3];
        if (p->orig->has_show && !p->o->full) { /* the author's crop: <board show="…"> */
                p->bx0 = p->orig->show[0];
                p->by0 = p->orig->show[1];
                p->bx1 = p->orig->show[2];
                p->by1 = p->orig->show[3];
        }
        tkit_scene_posts_below(p);
}

/* The language of the picture's words (checked by check_options). */
enum tkit_lang tkit_scene_lang(const struct pic *p)
{
        int l = tkit_lang_parse(p->o->lang);
        return l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l;
}

/* ---------------------------------------------------------------- the picture */

/* The sizes that depend on the print size: at a rulebook's 20 mm a tile a figure's letter would
 * be under 6 points, so figures have a floor and carry a pattern instead of the letter. */
static void sizes(struct pic *p)
{
        double P_pt = p->P * p->upt;
        p->fig_k = 14 / (0.3 * P_pt) > 1 ? 14 / (0.3 * P_pt) : 1;
        p->pattern = 0.27 * 0.3 * p->fig_k * P_pt < 6;
        p->out.letter_pt = p->pattern ? 0 : 0.27 * 0.3 * p->fig_k * P_pt;
        p->badge_hh = 5 / P_pt > 0.1 ? 5 / P_pt : 0.1;
        p->callout_r = 5 / P_pt > 0.09 ? 5 / P_pt : 0.09;
        p->m = tkit_scene_size(p, 0.2, 6);
}

/* Where the board goes, and the picture's width. */
static void board_geometry(struct pic *p)
{
        double P = p->P, m = p->m, band = p->o->coords ? tkit_scene_size(p, 0.3, 9) : 0;
        double bw = (p->bx1 - p->bx0 + 1) * P, bh = (p->by1 - p->by0 + 1) * P;
        double minw = tkit_scene_size(p, 3.6, 180);
        p->W = 2 * m + band + bw;
        p->W = p->W > minw ? p->W : minw;
        p->ox = m + band + (p->W - 2 * m - band - bw) / 2;
        p->oy = m + band;
        p->tx = m;
        p->text_y = p->oy + bh + P * 0.05;
        p->H = p->text_y + m;
}

/* The caption and legend wrap to the drawing's width, or 90 mm when the drawing is narrower: the
 * same width in every language (the posts are drawn on the fortress: no row of theirs widens the
 * picture). The picture's height follows. */
static void geometry(struct pic *p, cairo_t *mcr, struct lines *L)
{
        double mm = 72 / 25.4 / p->upt, text_w = fmax(p->W - 2 * p->m, 90 * mm);
        if (p->o->caption && p->o->legend != TKIT_LEGEND_NONE) {
                tkit_scene_legend_build(p, mcr, L, text_w);
                if (p->W < text_w + 2 * p->m) { /* the drawing centred over its text */
                        p->ox += (text_w + 2 * p->m - p->W) / 2;
                        p->W = text_w + 2 * p->m;
                }
        }
        p->H = p->text_y + tkit_scene_legend_height(L) + p->m;
        bool px = p->out.unit == TKIT_UNIT_PX; /* as the PNG is made */
        p->out.width = px ? floor(p->W + 0.5) : p->W;
        p->out.height = px ? floor(p->H + 0.5) : p->H;
}

static bool too_large(const struct pic *p, const char *path)
{
        if (p->W <= TKIT_BOARD_MAX_PX && p->H <= TKIT_BOARD_MAX_PX)
                return false;
        tkit_diags_add(p->d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                       "the picture would be %.0f x %.0f, more than %d: use a smaller tile size",
                       p->W, p->H, TKIT_BOARD_MAX_PX);
        return true;
}

static void draw(struct pic *p, cairo_t *cr, const struct lines *L, bool paint_bg)
{
        if (paint_bg) {
                cairo_set_source_rgb(cr, 0.98, 0.97, 0.94);
                cairo_paint(cr);
        }
        tkit_scene_draw_board(p, cr);
        tkit_scene_posts_draw(p, cr);
        tkit_scene_draw_marks(p, cr);
        tkit_scene_legend_draw(p, cr, L, false);
}

static void pic_finish(struct pic *p)
{
        if (p->own_maps)
                tkit_render_cache_free(p->maps);
        free(p->symbols);
        for (size_t i = 0; i < p->nhatches; i++)
                cairo_surface_destroy(p->hatches[i].s);
        free(p->hatches);
        free(p->cells);
        tkit_box_index_destroy(p->ix);
        tkit_scene_state_finish(p);
        tkit_scene_picture_finish(&p->out);
}

static int cmp_ptr(const void *a, const void *b)
{
        uintptr_t x = (uintptr_t) * (const void *const *)a,
                  y = (uintptr_t) * (const void *const *)b;
        return x < y ? -1 : x > y;
}

/* One warning per tile shown without the publisher's image (pieces keep tilekit's art). */
static void art_missing(const struct pic *p)
{
        if (!p->o->art)
                return;
        const struct tkit_tile **v = tkit_xmalloc(sizeof *v * (p->ncells + 1));
        size_t n = 0;
        for (size_t i = 0; i < p->ncells; i++)
                if (p->cells[i].def && p->cells[i].piece < 0 &&
                    tkit_scene_shown(p, p->cells[i].x, p->cells[i].y))
                        v[n++] = p->cells[i].def;
        qsort(v, n, sizeof *v, cmp_ptr);
        for (size_t i = 0; i < n; i++)
                if (i == 0 || v[i] != v[i - 1])
                        tkit_render_art_missing(p->o->art, v[i], NULL, p->file, p->d);
        free(v);
}

/* Cells and crop, for the state drawn: the engine's board (struct tkit_game_view), each cell
 * with its area map; a tile or piece the sets do not hold is drawn grey, with a warning. */
static void plan(struct pic *p)
{
        const struct tkit_game_view *v = &p->view;
        for (size_t i = 0; i < v->nmissing; i++)
                tkit_diags_add(p->d, TKIT_SEV_WARNING, p->file, v->missing[i].line, NULL,
                               v->missing[i].set, v->missing[i].tile,
                               v->missing[i].piece ? "no such piece in the sets given: drawn grey"
                                                   : "no such tile in the sets given: drawn grey");
        for (size_t i = 0; i < v->ncells; i++) { /* sorted already */
                const struct tkit_view_cell *c = &v->cells[i];
                add_cell(p, c->x, c->y, c->def, c->id, c->rot, c->bridge, c->piece);
        }
        p->placed = v->placed;
        p->px = v->px;
        p->py = v->py;
        tkit_scene_posts_plan(p);
        crop(p);
}

/* The caption under the picture, whole (the lines break it), or NULL when none is drawn: the
 * title of its PDF and SVG. */
static const char *caption_drawn(const struct pic *p, const struct lines *L)
{
        for (size_t i = 0; i < L->n; i++)
                if (L->v[i].bold) /* the caption's lines, and only they, are bold */
                        return tkit_text_caption(p->orig, tkit_scene_lang(p));
        return NULL;
}

/* cairo draws text in SVG as glyph shapes: the caption and the legend also go in as the
 * picture's <title> and <desc> (a line each), for search and screen readers (render/svg.c). */
static int svg_with_text(const struct pic *p, const char *svg, size_t len, const struct lines *L,
                         FILE *f, const char *path)
{
        struct tkit_buf desc, b;
        tkit_buf_init(&desc);
        for (size_t i = 0; i < L->n; i++)
                if (!L->v[i].bold)
                        tkit_buf_printf(&desc, "%s%s", desc.len ? "\n" : "", L->v[i].text);
        tkit_buf_init(&b);
        bool ok = tkit_svg_write(&b, svg, len, caption_drawn(p, L), desc.data);
        tkit_buf_finish(&desc);
        int rc = 0;
        struct tkit_diags *d = p->d;
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
static int write_png(struct pic *p, const struct lines *L, FILE *f, const char *path)
{
        cairo_surface_t *s =
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(p->W + 0.5), (int)(p->H + 0.5));
        if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
                tkit_diags_add(p->d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "cannot make the picture: %s",
                               cairo_status_to_string(cairo_surface_status(s)));
                cairo_surface_destroy(s);
                return TKIT_E_IO;
        }
        cairo_t *cr = tkit_render_create(s);
        draw(p, cr, L, !p->o->transparent);
        cairo_destroy(cr);
        int rc = tkit_render_png_write(s, f, path, p->d);
        cairo_surface_destroy(s);
        return rc;
}

static int write_picture(struct pic *p, const struct lines *L, FILE *f, const char *path,
                         enum tkit_image_format fmt)
{
        if (fmt == TKIT_IMAGE_AUTO)
                fmt = tkit_image_format_from_path(path);
        if (fmt == TKIT_IMAGE_PNG)
                return write_png(p, L, f, path);
        struct tkit_render_mem m = {0};
        if (fmt == TKIT_IMAGE_SVG)
                tkit_render_mem_open(&m);
        struct render_out out;
        int rc = tkit_render_out_open(&out, m.f ? m.f : f, path, fmt, p->W, p->H, p->d);
        if (rc) {
                if (m.f)
                        fclose(m.f);
                free(m.data);
                return rc;
        }
        const char *title = caption_drawn(p, L);
        if (fmt == TKIT_IMAGE_PDF && title)
                cairo_pdf_surface_set_metadata(out.surface, CAIRO_PDF_METADATA_TITLE, title);
        tkit_render_out_set_lang(&out, tkit_lang_name(tkit_scene_lang(p))); /* a PDF's /Lang */
        cairo_t *cr = tkit_render_create(out.surface);
        draw(p, cr, L, true);
        cairo_destroy(cr);
        rc = tkit_render_out_close(&out, p->d);
        if (m.f) {
                if (fclose(m.f) != 0)
                        abort(); /* a memory stream fails only for lack of memory */
                if (!rc)
                        rc = svg_with_text(p, m.data, m.len, L, f, path);
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

/* Text, posts and the picture's size; then, only when the picture is not too large, everything
 * placed on the board, and the picture: into `cr` when it is not NULL (the caller's page: the
 * background stays inside the picture's box), else into `f` as `fmt`. The size is known before
 * the first area map is made. */
static int render(struct pic *p, cairo_t *cr, FILE *f, const char *path, enum tkit_image_format fmt)
{
        struct lines L = {0};
        int rc = 0;
        sizes(p);
        board_geometry(p);
        if (too_large(p, path)) {
                rc = TKIT_E_USAGE;
                goto out;
        }
        cairo_surface_t *ms = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *mcr = tkit_render_create(ms);
        geometry(p, mcr, &L);
        if (!too_large(p, path)) {
                p->ix = tkit_box_index_create();
                tkit_scene_place_all(p);
                tkit_scene_legend_draw(p, mcr, &L, true);
        } else {
                rc = TKIT_E_USAGE;
        }
        cairo_destroy(mcr);
        cairo_surface_destroy(ms);
        if (!rc && cr) {
                cairo_rectangle(cr, 0, 0, p->W, p->H);
                cairo_clip(cr);
                draw(p, cr, &L, true);
        } else if (!rc) {
                rc = write_picture(p, &L, f, path, fmt);
        }
out:
        tkit_scene_legend_free(&L);
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
        struct pic p = {.orig = scene,
                        .r = r,
                        .sets = sets,
                        .nsets = nsets,
                        .o = o,
                        .state = o->state,
                        .d = d,
                        .file = scene->file,
                        .maps = o->cache,
                        .P = o->px,
                        .upt = o->unit_pt};
        p.out.unit = fmt == TKIT_IMAGE_PNG ? TKIT_UNIT_PX : TKIT_UNIT_PT;
        p.out.lang = o->lang;
        tkit_scene_state_build(&p);
        plan(&p);
        art_missing(&p);
        rc = render(&p, cr, f, path, fmt);
        if (pic && !rc) {
                *pic = p.out;
                memset(&p.out, 0, sizeof p.out);
        }
        pic_finish(&p);
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

void tkit_render_scene_overlay(cairo_t *cr, const struct tkit_scene *scene,
                               const struct tkit_layout *l, double ox, double oy, int minx,
                               int miny, double P, struct tkit_diags *d)
{
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.full = true;
        o.state = TKIT_SCENE_BEFORE;
        struct pic p = {.orig = scene,
                        .o = &o,
                        .state = o.state,
                        .d = d,
                        .file = scene->file,
                        .P = P,
                        .upt = 1,
                        .ox = ox,
                        .oy = oy};
        tkit_scene_state_build(&p);
        /* the layout's board is the view's: the engine resolves the scene's figures on it */
        struct tkit_layout_cell cells[MAX_PIECE_CELLS];
        struct tkit_view_cell *vc = NULL;
        size_t nvc = 0, cap = 0;
        for (size_t i = 0; i < l->nplacements; i++) {
                size_t n = tkit_placement_cells(&l->placements[i], cells, MAX_PIECE_CELLS);
                for (size_t k = 0; k < n && k < MAX_PIECE_CELLS; k++)
                        *TKIT_PUSH(vc, nvc, cap) = (struct tkit_view_cell){
                            cells[k].x, cells[k].y, cells[k].def, l->placements[i].tile,
                            cells[k].rotation / 90, (int)cells[k].bridge, -1};
        }
        tkit_game_view_set_cells(&p.view, vc, nvc);
        free(vc);
        for (size_t i = 0; i < p.view.ncells; i++) { /* sorted by the view */
                const struct tkit_view_cell *c = &p.view.cells[i];
                add_cell(&p, c->x, c->y, c->def, c->id, c->rot, c->bridge, c->piece);
        }
        crop(&p);
        p.bx0 = minx;
        p.by0 = miny;
        sizes(&p);
        p.ix = tkit_box_index_create();
        tkit_scene_place_all(&p);
        tkit_scene_draw_marks(&p, cr);
        pic_finish(&p);
}
