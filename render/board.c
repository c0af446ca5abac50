/* Board pictures of a layout (model/tkit-layout.h): the placed tiles at their cells and rotations,
 * bridges across their tiles, piece outlines, an optional grid and coordinates, and the tiles
 * that fitted nowhere listed underneath. The picture is sized from the bounding box of the
 * covered cells. */
#include "render/render-private.h"
#include "model/tkit-layout.h"
#include "text/tkit-text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PIECE_CELLS 64

void tkit_board_options_init(struct tkit_board_options *o)
{
        memset(o, 0, sizeof(*o));
        o->px = 64;
        o->grid = true;
        o->coords = true;
        o->bridges = true;
        o->discarded = true;
}

struct board_geom {
        int minx, miny, maxx, maxy;
        double P;      /* one tile */
        double ox, oy; /* where cell (minx, miny) goes */
        double w, h;   /* picture */
        double disc_y; /* top of the discard panel */
        int disc_cols; /* thumbnails per row */
        double thumb;  /* thumbnail side */
        bool any_cells;
};

static void cell_bbox(const struct tkit_layout *l, struct board_geom *g)
{
        struct tkit_layout_cell cells[MAX_PIECE_CELLS];
        g->any_cells = false;
        for (size_t i = 0; i < l->nplacements; i++) {
                size_t n = tkit_placement_cells(&l->placements[i], cells, MAX_PIECE_CELLS);
                if (n > MAX_PIECE_CELLS)
                        n = MAX_PIECE_CELLS;
                if (n == 0) { /* unresolved piece: at least its anchor cell */
                        cells[0].x = l->placements[i].x;
                        cells[0].y = l->placements[i].y;
                        n = 1;
                }
                for (size_t k = 0; k < n; k++) {
                        if (!g->any_cells || cells[k].x < g->minx)
                                g->minx = cells[k].x;
                        if (!g->any_cells || cells[k].y < g->miny)
                                g->miny = cells[k].y;
                        if (!g->any_cells || cells[k].x > g->maxx)
                                g->maxx = cells[k].x;
                        if (!g->any_cells || cells[k].y > g->maxy)
                                g->maxy = cells[k].y;
                        g->any_cells = true;
                }
        }
        if (!g->any_cells)
                g->minx = g->miny = g->maxx = g->maxy = 0;
}

static void board_geometry(const struct tkit_layout *l, const struct tkit_board_options *o,
                           struct board_geom *g)
{
        memset(g, 0, sizeof(*g));
        cell_bbox(l, g);
        g->P = o->px;
        double margin = ceil(g->P * 0.3), band = o->coords ? ceil(g->P * 0.35) : 0;
        double head = ceil(g->P * 0.45 > 14 ? g->P * 0.45 : 14);
        int cols = g->maxx - g->minx + 1, rows = g->maxy - g->miny + 1;
        g->ox = margin + band;
        g->oy = head + margin + band;
        g->w = g->ox + cols * g->P + margin;
        g->h = g->oy + rows * g->P + margin;
        if (o->discarded && l->ndiscards) {
                g->thumb = ceil(g->P * 0.6 > 24 ? g->P * 0.6 : 24);
                double pitch = g->thumb * 1.5;
                double avail = g->w - 2 * margin;
                if (avail < pitch * 6) {
                        avail = pitch * 6;
                        g->w = avail + 2 * margin;
                }
                g->disc_cols = (int)(avail / pitch);
                int drows = (int)((l->ndiscards + (size_t)g->disc_cols - 1) / (size_t)g->disc_cols);
                g->disc_y = g->h;
                g->h += head + drows * (g->thumb + g->thumb * 0.45) + margin;
        }
}

void tkit_render_unresolved(cairo_t *cr, double x, double y, double P, const char *id)
{
        cairo_rectangle(cr, x, y, P, P);
        cairo_set_source_rgb(cr, 0.7, 0.7, 0.7);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
        tkit_render_font(cr, P * 0.2, false);
        tkit_render_text_fit(cr, x + P / 2, y + P * 0.55, P * 0.9, id ? id : "?", true);
}

/* A bridge: a road on its own deck across the tile, along the board axis. */
void tkit_render_bridge_deck(cairo_t *cr, double x, double y, double P, int a)
{
        cairo_save(cr);
        cairo_translate(cr, x + P / 2, y + P / 2);
        cairo_scale(cr, P, P);
        if (a == TKIT_BRIDGE_EW)
                cairo_rotate(cr, M_PI / 2);
        cairo_rectangle(cr, -0.085, -0.5, 0.17, 1);
        cairo_set_source_rgb(cr, 0.45, 0.36, 0.28);
        cairo_fill(cr);
        cairo_rectangle(cr, -0.05, -0.5, 0.1, 1);
        tkit_render_set_color(cr, TKIT_COLOR_ROAD);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.25, 0.2, 0.16);
        cairo_set_line_width(cr, 0.015);
        for (int k = -1; k <= 1; k += 2) {
                cairo_move_to(cr, k * 0.085, -0.42);
                cairo_line_to(cr, k * 0.085, 0.42);
        }
        cairo_stroke(cr);
        cairo_restore(cr);
}

/* The face in play for the layout's number of players (model's rule), else its first. */
static const struct tkit_face *face_for(const struct tkit_piece *pc, int players)
{
        const struct tkit_face *f = tkit_piece_face(pc, NULL, players);
        return f ? f : pc->nfaces ? &pc->faces[0] : NULL;
}

/* The defense posts of the face in play, upright over the piece whatever its rotation. */
static void draw_piece_posts(cairo_t *cr, const struct tkit_layout *l,
                             const struct tkit_placement *p, const struct tkit_layout_cell *cells,
                             size_t n, const struct board_geom *g)
{
        const struct tkit_face *f = face_for(p->piece, l->players);
        if (!f || n == 0)
                return;
        int x0 = cells[0].x, y0 = cells[0].y, x1 = x0, y1 = y0;
        for (size_t k = 1; k < n; k++) {
                x0 = cells[k].x < x0 ? cells[k].x : x0;
                y0 = cells[k].y < y0 ? cells[k].y : y0;
                x1 = cells[k].x > x1 ? cells[k].x : x1;
                y1 = cells[k].y > y1 ? cells[k].y : y1;
        }
        tkit_render_face_panel(cr, f, g->ox + (x0 - g->minx) * g->P, g->oy + (y0 - g->miny) * g->P,
                               (x1 - x0 + 1) * g->P, (y1 - y0 + 1) * g->P, g->P);
}

static void draw_cells(cairo_t *cr, const struct tkit_layout *l, const struct tkit_board_options *o,
                       const struct board_geom *g)
{
        struct tkit_layout_cell cells[MAX_PIECE_CELLS];
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                size_t n = tkit_placement_cells(p, cells, MAX_PIECE_CELLS);
                if (n > MAX_PIECE_CELLS)
                        n = MAX_PIECE_CELLS;
                if (n == 0) {
                        tkit_render_unresolved(cr, g->ox + (p->x - g->minx) * g->P,
                                               g->oy + (p->y - g->miny) * g->P, g->P, p->tile);
                        continue;
                }
                for (size_t k = 0; k < n; k++) {
                        double x = g->ox + (cells[k].x - g->minx) * g->P;
                        double y = g->oy + (cells[k].y - g->miny) * g->P;
                        if (!cells[k].def) {
                                tkit_render_unresolved(cr, x, y, g->P, p->tile);
                                continue;
                        }
                        tkit_render_tile_art(cr, o->art, cells[k].def, cells[k].rotation / 90, x, y,
                                             g->P, 0,
                                             o->flags | (p->is_piece ? TKIT_RENDER_NO_MARKER : 0));
                        if (o->bridges && cells[k].bridge != TKIT_BRIDGE_NONE)
                                tkit_render_bridge_deck(cr, x, y, g->P, (int)cells[k].bridge);
                }
                if (p->is_piece && p->piece) {
                        /* outline the piece as one unit */
                        cairo_set_source_rgb(cr, 0.2, 0.15, 0.1);
                        cairo_set_line_width(cr, g->P * 0.04);
                        for (size_t k = 0; k < n; k++) {
                                double x = g->ox + (cells[k].x - g->minx) * g->P;
                                double y = g->oy + (cells[k].y - g->miny) * g->P;
                                for (int s = 0; s < 4; s++) {
                                        int nx = cells[k].x + (s == 1) - (s == 3);
                                        int ny = cells[k].y + (s == 2) - (s == 0);
                                        bool inside = false;
                                        for (size_t j = 0; j < n; j++)
                                                inside |= cells[j].x == nx && cells[j].y == ny;
                                        if (inside)
                                                continue;
                                        double x0 = x + (s == 1) * g->P, y0 = y + (s == 2) * g->P;
                                        double x1 = x0 + (s == 0 || s == 2) * g->P;
                                        double y1 = y0 + (s == 1 || s == 3) * g->P;
                                        cairo_move_to(cr, x0, y0);
                                        cairo_line_to(cr, x1, y1);
                                }
                        }
                        cairo_stroke(cr);
                        draw_piece_posts(cr, l, p, cells, n, g);
                }
        }
}

static void draw_grid(cairo_t *cr, const struct board_geom *g)
{
        int cols = g->maxx - g->minx + 1, rows = g->maxy - g->miny + 1;
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.35);
        cairo_set_line_width(cr, g->P > 40 ? 1 : 0.5);
        for (int c = 0; c <= cols; c++) {
                cairo_move_to(cr, g->ox + c * g->P, g->oy);
                cairo_line_to(cr, g->ox + c * g->P, g->oy + rows * g->P);
        }
        for (int r = 0; r <= rows; r++) {
                cairo_move_to(cr, g->ox, g->oy + r * g->P);
                cairo_line_to(cr, g->ox + cols * g->P, g->oy + r * g->P);
        }
        cairo_stroke(cr);
}

static void draw_coords(cairo_t *cr, const struct board_geom *g)
{
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        double fs = g->P * 0.22 < 7 ? 7 : g->P * 0.22;
        tkit_render_font(cr, fs, false);
        char buf[24];
        for (int x = g->minx; x <= g->maxx; x++) {
                snprintf(buf, sizeof buf, "%d", x);
                tkit_render_text_center(cr, g->ox + (x - g->minx + 0.5) * g->P, g->oy - fs * 0.5,
                                        buf);
        }
        for (int y = g->miny; y <= g->maxy; y++) {
                snprintf(buf, sizeof buf, "%d", y);
                double adv = tkit_render_text_width(cr, buf);
                cairo_move_to(cr, g->ox - adv - fs * 0.4,
                              g->oy + (y - g->miny + 0.5) * g->P + fs * 0.35);
                tkit_render_text_show(cr, buf);
                cairo_new_path(cr);
        }
}

static enum tkit_lang board_lang(const struct tkit_board_options *o)
{
        int l = tkit_lang_parse(o->lang);
        return l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l;
}

static void draw_header(cairo_t *cr, const struct tkit_layout *l, const struct board_geom *g,
                        enum tkit_lang L)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < l->nsets; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", l->sets[i]);
        tkit_buf_printf(&b, "  \xc2\xb7  %s %llu  \xc2\xb7  %zu %s",
                        tkit_text_sheet(L, TKIT_SW_SEED), (unsigned long long)l->seed,
                        l->nplacements, tkit_text_sheet(L, TKIT_SW_PLACED));
        if (l->ndiscards)
                tkit_buf_printf(&b, ", %zu %s", l->ndiscards,
                                tkit_text_sheet(L, TKIT_SW_DISCARDED));
        double fs = g->P * 0.25 < 10 ? 10 : g->P * 0.25;
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
        tkit_render_font(cr, fs, true);
        double margin = ceil(g->P * 0.3);
        tkit_render_text_fit(cr, margin, margin + fs, g->w - 2 * margin, b.data, false);
        tkit_buf_finish(&b);
}

static void draw_discards(cairo_t *cr, const struct tkit_layout *l, const struct board_geom *g,
                          const struct tkit_board_options *o)
{
        double margin = ceil(g->P * 0.3), T = g->thumb;
        double fs = g->P * 0.22 < 9 ? 9 : g->P * 0.22;
        char *title = tkit_xasprintf(
            "%s (%zu)", tkit_text_sheet(board_lang(o), TKIT_SW_DISCARDED_TITLE), l->ndiscards);
        cairo_set_source_rgb(cr, 0.15, 0.15, 0.15);
        tkit_render_font(cr, fs, true);
        cairo_move_to(cr, margin, g->disc_y + fs * 1.2);
        tkit_render_text_show(cr, title);
        cairo_new_path(cr);
        free(title);
        double top = g->disc_y + fs * 2;
        for (size_t i = 0; i < l->ndiscards; i++) {
                const struct tkit_discard *dd = &l->discards[i];
                int c = (int)(i % (size_t)g->disc_cols), r = (int)(i / (size_t)g->disc_cols);
                double x = margin + c * T * 1.5, y = top + r * (T * 1.45);
                if (dd->def)
                        tkit_render_tile_art(cr, o->art, dd->def, 0, x, y, T, 0,
                                             TKIT_RENDER_FRAME | TKIT_RENDER_NO_BADGES);
                else
                        tkit_render_unresolved(cr, x, y, T, dd->tile);
                char *lab = tkit_xasprintf("%s #%d", dd->tile, dd->after + 1);
                cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
                tkit_render_font(cr, T * 0.22 < 7 ? 7 : T * 0.22, false);
                tkit_render_text_fit(cr, x + T / 2, y + T + T * 0.28, T * 1.45, lab, true);
                free(lab);
        }
}

void tkit_board_cell_origin(const struct tkit_layout *l, const struct tkit_board_options *o, int x,
                            int y, double *px, double *py, double *width, double *height)
{
        struct board_geom g;
        board_geometry(l, o, &g);
        *px = g.ox + (x - g.minx) * g.P;
        *py = g.oy + (y - g.miny) * g.P;
        if (width)
                *width = g.w;
        if (height)
                *height = g.h;
}

static int cmp_ptr(const void *a, const void *b)
{
        uintptr_t x = (uintptr_t) * (const void *const *)a,
                  y = (uintptr_t) * (const void *const *)b;
        return x < y ? -1 : x > y;
}

/* One warning per tile drawn without the publisher's image (sorted: each tile once). */
static void art_missing(const struct tkit_layout *l, const struct tkit_board_options *o,
                        const char *path, struct tkit_diags *d)
{
        if (!o->art)
                return;
        const struct tkit_tile **v = tkit_xmalloc(sizeof *v * (l->nplacements + l->ndiscards + 1));
        size_t n = 0;
        for (size_t i = 0; i < l->nplacements; i++)
                if (!l->placements[i].is_piece && l->placements[i].def)
                        v[n++] = l->placements[i].def;
        for (size_t i = 0; i < l->ndiscards; i++)
                if (l->discards[i].def)
                        v[n++] = l->discards[i].def;
        qsort(v, n, sizeof *v, cmp_ptr);
        for (size_t i = 0; i < n; i++)
                if (i == 0 || v[i] != v[i - 1])
                        tkit_render_art_missing(o->art, v[i], NULL, path, d);
        free(v);
}

static int render_board(const struct tkit_layout *l, const struct tkit_scene *scene,
                        const struct tkit_board_options *o, FILE *f, const char *path,
                        enum tkit_image_format fmt, struct tkit_diags *d)
{
        struct tkit_board_options defaults;
        if (!o) {
                tkit_board_options_init(&defaults);
                o = &defaults;
        }
        if (o->px < 8 || o->px > 1024) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "pixels per tile %d out of range 8..1024", o->px);
                return TKIT_E_USAGE;
        }
        struct board_geom g;
        board_geometry(l, o, &g);
        if (g.w > TKIT_BOARD_MAX_PX || g.h > TKIT_BOARD_MAX_PX) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "the picture would be %.0f x %.0f pixels, more than %d: use a "
                               "smaller --px",
                               g.w, g.h, TKIT_BOARD_MAX_PX);
                return TKIT_E_USAGE;
        }
        struct render_out out;
        int rc = tkit_render_out_open(&out, f, path, fmt, g.w, g.h, d);
        if (rc)
                return rc;
        cairo_t *cr = tkit_render_create(out.surface);
        cairo_set_source_rgb(cr, 0.87, 0.88, 0.9);
        cairo_paint(cr);
        draw_header(cr, l, &g, board_lang(o));
        art_missing(l, o, path, d);
        draw_cells(cr, l, o, &g);
        if (scene)
                tkit_render_scene_overlay(cr, scene, l, g.ox, g.oy, g.minx, g.miny, g.P, d);
        if (o->grid)
                draw_grid(cr, &g);
        if (o->coords)
                draw_coords(cr, &g);
        if (o->discarded && l->ndiscards)
                draw_discards(cr, l, &g, o);
        cairo_destroy(cr);
        return tkit_render_out_close(&out, d);
}

int tkit_render_board(const struct tkit_layout *l, const struct tkit_board_options *o,
                      const char *path, enum tkit_image_format fmt, struct tkit_diags *d)
{
        struct tkit_render_mem m;
        tkit_render_mem_open(&m);
        int rc = tkit_render_board_stream(l, o, m.f, path, fmt, d);
        return tkit_render_mem_save(&m, path, rc, d);
}

int tkit_render_board_stream(const struct tkit_layout *l, const struct tkit_board_options *o,
                             FILE *f, const char *path, enum tkit_image_format fmt,
                             struct tkit_diags *d)
{
        return render_board(l, NULL, o, f, path, fmt, d);
}

int tkit_render_board_scene_stream(const struct tkit_layout *l, const struct tkit_scene *scene,
                                   const struct tkit_board_options *o, FILE *f, const char *path,
                                   enum tkit_image_format fmt, struct tkit_diags *d)
{
        return render_board(l, scene, o, f, path, fmt, d);
}
