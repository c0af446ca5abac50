/* Drawing a scene picture once everything is placed: the tiles (ours or the publisher's art),
 * the features scored hatched and outlined in the scorer's colour, the frame of the tile placed
 * (outside it), then the marks in the order they were placed — tokens, figures (with the ring of
 * what the move adds and the cross of what it removes), refused actions, badges (with their
 * leader lines), callouts — and the coordinates. */
#include "render/scene-draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tkit_scene_draw_figure(const struct scene_plan *p, cairo_t *cr, enum tkit_figure_kind k,
                            bool lying, int colour, double x, double y, double s)
{
        tkit_render_figure_styled(cr, k, lying, colour, p->st->o->lang, x, y, s,
                                  p->pattern ? TKIT_FIGURE_PATTERN : TKIT_FIGURE_LETTER);
}

void tkit_scene_draw_swatch(const struct scene_plan *p, cairo_t *cr, int colour, double x, double y,
                            double s)
{
        tkit_render_figure_styled(cr, TKIT_FIGURE_MEEPLE, false, colour, p->st->o->lang, x, y, s,
                                  p->pattern ? TKIT_FIGURE_PATTERN : TKIT_FIGURE_PLAIN);
}

/* A torn edge where the crop cuts a piece (its cell beyond is not shown): the paper torn along
 * side s of the cell at picture (x, y), teeth of irregular depth (a fixed sequence: the same
 * picture every time) in the background's colour, with a faint shadow line. */
static void torn_edge(struct scene_draw *p, cairo_t *cr, double x, double y, int s)
{
        static const double depth[] = {0.55, 0.9, 0.35, 0.75, 1.0, 0.45, 0.8, 0.6, 0.3, 0.95};
        const int teeth = 14;
        double P = p->pl->P, d = P * 0.045;
        /* along the side from a to b; inward is (ix, iy) */
        double ax = x + P * (s == 1), ay = y + P * (s == 2);
        double ux = (s == 0 || s == 2), uy = (s == 1 || s == 3);
        double ix = -(double)(s == 1) + (s == 3), iy = -(double)(s == 2) + (s == 0);
        for (int pass = 0; pass < 2; pass++) { /* the paper beyond the tear, then the tear */
                for (int k = 0; k <= teeth; k++) {
                        double t = P * k / teeth;
                        double e = d * depth[(k + s * 3) % 10] * (k % 2 ? 1 : 0.35);
                        cairo_line_to(cr, ax + ux * t + ix * e, ay + uy * t + iy * e);
                }
                if (pass == 1)
                        break;
                cairo_line_to(cr, ax + ux * P - ix * P * 0.02, ay + uy * P - iy * P * 0.02);
                cairo_line_to(cr, ax - ix * P * 0.02, ay - iy * P * 0.02);
                cairo_close_path(cr);
                cairo_set_source_rgb(cr, 0.98, 0.97, 0.94); /* the picture's background */
                cairo_fill(cr);
        }
        cairo_set_source_rgba(cr, 0.2, 0.15, 0.1, 0.45);
        cairo_set_line_width(cr, P * 0.008);
        cairo_stroke(cr);
}

/* Each side of each cell of a piece shown: where the piece ends, its outline (a path, torn
 * false: the piece as one unit, the seams inside as the art has them); where the crop cuts the
 * piece (its cell beyond exists and is not shown), a torn edge (torn true). */
static void piece_sides(struct scene_draw *p, cairo_t *cr, bool torn)
{
        for (size_t i = 0; i < p->st->ncells; i++) {
                const struct cell *c = &p->st->cells[i];
                if (c->piece < 0 || !tkit_scene_shown(p->pl, c->x, c->y))
                        continue;
                for (int s = 0; s < 4; s++) {
                        int dx = (s == 1) - (s == 3), dy = (s == 2) - (s == 0);
                        const struct cell *n = tkit_scene_cell_at(p->st, c->x + dx, c->y + dy);
                        bool same = n && n->piece == c->piece;
                        double x0 = c->x + (s == 1), y0 = c->y + (s == 2);
                        if (torn && same && !tkit_scene_shown(p->pl, n->x, n->y)) {
                                torn_edge(p, cr, tkit_scene_pic_x(p->pl, c->x),
                                          tkit_scene_pic_y(p->pl, c->y), s);
                        } else if (!torn && !same) {
                                cairo_move_to(cr, tkit_scene_pic_x(p->pl, x0),
                                              tkit_scene_pic_y(p->pl, y0));
                                cairo_line_to(cr, tkit_scene_pic_x(p->pl, x0 + (s == 0 || s == 2)),
                                              tkit_scene_pic_y(p->pl, y0 + (s == 1 || s == 3)));
                        }
                }
        }
}

static void piece_outlines(struct scene_draw *p, cairo_t *cr)
{
        cairo_set_source_rgb(cr, 0.2, 0.15, 0.1);
        cairo_set_line_width(cr, p->pl->P * 0.025);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
        piece_sides(p, cr, false);
        cairo_stroke(cr);
}

static void draw_tiles(struct scene_draw *p, cairo_t *cr)
{
        for (size_t i = 0; i < p->st->ncells; i++) {
                const struct cell *c = &p->st->cells[i];
                if (!tkit_scene_shown(p->pl, c->x, c->y))
                        continue;
                double x = tkit_scene_pic_x(p->pl, c->x), y = tkit_scene_pic_y(p->pl, c->y);
                if (!c->def) {
                        tkit_render_unresolved(cr, x, y, p->pl->P, c->id);
                        continue;
                }
                tkit_render_tile_art(cr, p->st->o->art, c->def, c->rot, x, y, p->pl->P, 0,
                                     p->st->o->flags | TKIT_RENDER_NO_MARKER |
                                         (c->piece < 0 ? TKIT_RENDER_FRAME : 0));
                if (c->bridge)
                        tkit_render_bridge_deck(cr, x, y, p->pl->P, c->bridge);
        }
        piece_outlines(p, cr);
        piece_sides(p, cr, true);
}

static void set_player(cairo_t *cr, const struct scene_draw *p, int player, double alpha)
{
        uint32_t rgb = tkit_render_player_rgb(tkit_scene_player_colour(p->st->s, player));
        cairo_set_source_rgba(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                              (rgb & 0xff) / 255.0, alpha);
}

/* A light wash of the player's colour with bold diagonal stripes over the current clip (tile
 * units scaled to area pixels): a scored feature reads as marked, not as water, and still does
 * in greyscale. Scorer `k` of `n` of one feature (a tie) puts its stripes between the others'
 * and no wash. Drawn directly: a group as the source of a mask leaks in cairo 1.16's SVG. */
static void hatch(const struct scene_draw *p, cairo_t *cr, int player, int k, int n)
{
        if (!k) {
                set_player(cr, p, player, 0.3);
                cairo_paint(cr);
        }
        double step = TKIT_AREA_W * 0.07 * n;
        for (double x = -TKIT_AREA_W + k * TKIT_AREA_W * 0.07; x < TKIT_AREA_W; x += step) {
                cairo_move_to(cr, x, TKIT_AREA_W);
                cairo_line_to(cr, x + TKIT_AREA_W, 0);
        }
        set_player(cr, p, player, 0.75);
        cairo_set_line_width(cr, TKIT_AREA_W * 0.07 * 0.3);
        cairo_stroke(cr);
}

/* A bridge's deck is no feature of the tile: the place of a road's bridge hatches the deck and
 * outlines it. */
static void hatch_bridge(const struct scene_draw *p, cairo_t *cr, const struct cell *c, int player,
                         int k, int n)
{
        double a = TKIT_AREA_W, w = 0.1 * a;
        cairo_save(cr);
        cairo_translate(cr, tkit_scene_pic_x(p->pl, c->x), tkit_scene_pic_y(p->pl, c->y));
        cairo_scale(cr, p->pl->P / a, p->pl->P / a);
        if (tkit_bridge_end((enum tkit_bridge_axis)c->bridge, 1)) /* its ends east and west */
                cairo_rectangle(cr, 0, a / 2 - w / 2, a, w);
        else
                cairo_rectangle(cr, a / 2 - w / 2, 0, w, a);
        cairo_save(cr);
        cairo_clip_preserve(cr);
        hatch(p, cr, player, k, n);
        cairo_restore(cr);
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.92);
        cairo_set_line_width(cr, 1.2);
        cairo_stroke(cr);
        cairo_restore(cr);
}

/* The hatch of a feature of a map in a colour (scorer k of n), made once for every cell that
 * shows it. */
static cairo_surface_t *hatch_of(struct scene_draw *p, const struct tkit_area_map *map, int fi,
                                 uint32_t rgb, int k, int n)
{
        for (size_t i = 0; i < p->nhatches; i++)
                if (p->hatches[i].map == map && p->hatches[i].feature == fi &&
                    p->hatches[i].rgb == rgb && p->hatches[i].k == k && p->hatches[i].n == n)
                        return p->hatches[i].s;
        struct hatch *h = TKIT_PUSH(p->hatches, p->nhatches, p->caphatches);
        *h = (struct hatch){map, fi, rgb, k, n, tkit_area_hatch(map, fi, rgb, k, n)};
        return h->s;
}

/* The features scored in the scorer's colour, through the feature's area on each tile. */
static void draw_tints(struct scene_draw *p, cairo_t *cr)
{
        for (size_t i = 0; i < p->lo->ntints; i++) {
                const struct tint *t = &p->lo->tints[i];
                if (!t->map) {
                        hatch_bridge(p, cr, t->c, t->player, t->k, t->n);
                        continue;
                }
                uint32_t rgb =
                    tkit_render_player_rgb(tkit_scene_player_colour(p->st->s, t->player));
                cairo_surface_t *tint = hatch_of(p, t->map, t->feature, rgb, t->k, t->n);
                double x = tkit_scene_pic_x(p->pl, t->c->x), y = tkit_scene_pic_y(p->pl, t->c->y);
                cairo_save(cr);
                cairo_rectangle(cr, x, y, p->pl->P, p->pl->P);
                cairo_clip(cr);
                cairo_translate(cr, x, y);
                cairo_scale(cr, p->pl->P / TKIT_AREA_W, p->pl->P / TKIT_AREA_W);
                /* a pattern of our own: cairo_get_source() of a failed context makes one that
                 * nobody frees (cairo 1.16) */
                cairo_pattern_t *pat = cairo_pattern_create_for_surface(tint);
                cairo_pattern_set_filter(pat, CAIRO_FILTER_GOOD);
                cairo_pattern_set_extend(pat, CAIRO_EXTEND_PAD);
                cairo_set_source(cr, pat);
                cairo_pattern_destroy(pat);
                cairo_paint(cr);
                cairo_restore(cr);
        }
}

/* The frame of the tile placed: white between two dark lines, wholly outside the tile. */
static void draw_placed_frame(const struct scene_draw *p, cairo_t *cr)
{
        const struct tkit_scene_mark *m = NULL;
        for (size_t i = 0; i < p->lo->out.nmarks && !m; i++)
                if (p->lo->out.marks[i].kind == TKIT_MARK_NEW_TILE)
                        m = &p->lo->out.marks[i];
        if (!m)
                return;
        double x = tkit_scene_pic_x(p->pl, p->st->px), y = tkit_scene_pic_y(p->pl, p->st->py),
               P = p->pl->P;
        double w = x - m->x0, t = w * 0.28;
        cairo_rectangle(cr, x - w / 2, y - w / 2, P + w, P + w);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, w);
        cairo_stroke(cr);
        cairo_rectangle(cr, x - t / 2, y - t / 2, P + t, P + t);
        cairo_rectangle(cr, m->x0 + t / 2, m->y0 + t / 2, m->x1 - m->x0 - t, m->y1 - m->y0 - t);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cairo_set_line_width(cr, t);
        cairo_stroke(cr);
}

void tkit_scene_draw_board(struct scene_draw *p, cairo_t *cr)
{
        draw_tiles(p, cr);
        draw_tints(p, cr);
        draw_placed_frame(p, cr);
}

/* ---------------------------------------------------------------- marks */

/* What the move adds: an amber ring between dark lines around the box, drawn under it, the
 * same for every kind of figure and token; it shows on fields, cities, roads and post spaces,
 * and in greyscale as a light band between dark lines. */
/* An ellipse centred at (cx, cy) stroked dark `lw` × 1.8 wide, its path kept for the colour on
 * top: the ring shows on a field, a city and a figure of the ring's colour. */
static void dark_ring(cairo_t *cr, double cx, double cy, double rx, double ry, double lw)
{
        cairo_save(cr);
        cairo_translate(cr, cx, cy);
        cairo_scale(cr, rx, ry);
        cairo_new_path(cr);
        cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
        cairo_restore(cr);
        cairo_set_source_rgb(cr, 0.1, 0.08, 0.05);
        cairo_set_line_width(cr, lw * 1.8);
        cairo_stroke_preserve(cr);
}

void tkit_scene_draw_new(cairo_t *cr, double x0, double y0, double x1, double y1, double lw)
{
        double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
        dark_ring(cr, cx, cy, (x1 - x0) / 2 * 1.18 + lw, (y1 - y0) / 2 * 1.18 + lw, lw);
        cairo_set_source_rgb(cr, 1, 0.76, 0.1);
        cairo_set_line_width(cr, lw);
        cairo_stroke(cr);
}

/* The dashed ring of a choice, centred at (cx, cy). */
static void choice_ring(cairo_t *cr, double cx, double cy, double rx, double ry, double lw,
                        uint32_t rgb)
{
        dark_ring(cr, cx, cy, rx, ry, lw);
        const double dash[2] = {lw * 2.2, lw * 1.2};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                             (rgb & 0xff) / 255.0);
        cairo_set_line_width(cr, lw);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
}

/* A disc of radius r filled with `fill`, edged with `edge` `w` × r wide (red, green, blue): the
 * ground of a callout, a choice's "?" and the marks of what leaves the board. */
static void edged_disc(cairo_t *cr, double x, double y, double r, const double fill[3],
                       const double edge[3], double w)
{
        cairo_new_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, fill[0], fill[1], fill[2]);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, edge[0], edge[1], edge[2]);
        cairo_set_line_width(cr, r * w);
        cairo_stroke(cr);
}

/* Bold text in a white disc of radius r with a dark edge: a callout's number, a choice's "?". */
static void label_disc(cairo_t *cr, double x, double y, double r, const char *text, double size)
{
        edged_disc(cr, x, y, r, (const double[]){1, 1, 1}, (const double[]){0.1, 0.1, 0.1}, 0.18);
        tkit_render_font(cr, r * size, true);
        tkit_render_text_center(cr, x, y + r * 0.45, text);
}

static void choice_question(cairo_t *cr, double qx, double qy, double r)
{
        label_disc(cr, qx, qy, r, "?", 1.4);
}

void tkit_scene_draw_choice(cairo_t *cr, double x0, double y0, double x1, double y1, double lw,
                            uint32_t rgb)
{
        double cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
        double rx = (x1 - x0) / 2 * 1.18 + lw, ry = (y1 - y0) / 2 * 1.18 + lw;
        choice_ring(cr, cx, cy, rx, ry, lw, rgb);
        /* the "?" up and to the left, on the ring */
        choice_question(cr, cx - rx * 0.72, cy - ry * 0.72, fmax(rx, ry) * 0.36);
}

void tkit_scene_draw_choice_swatch(cairo_t *cr, double x, double y, double s)
{
        choice_ring(cr, x, y, s * 0.36, s * 0.36, s * 0.07, 0x707070);
        choice_question(cr, x, y, s * 0.22);
}

/* A refused action: a bold red cross with a white edge, centred at (x, y). */
void tkit_scene_draw_refused(cairo_t *cr, double x, double y, double r)
{
        double k = r * 0.8;
        cairo_new_path(cr);
        cairo_move_to(cr, x - k, y - k);
        cairo_line_to(cr, x + k, y + k);
        cairo_move_to(cr, x + k, y - k);
        cairo_line_to(cr, x - k, y + k);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, r * 0.55);
        cairo_stroke_preserve(cr);
        cairo_set_source_rgb(cr, 0.85, 0.05, 0.05);
        cairo_set_line_width(cr, r * 0.32);
        cairo_stroke(cr);
}

void tkit_scene_callout_disc(cairo_t *cr, double x, double y, double r, int number)
{
        char t[16];
        snprintf(t, sizeof t, "%d", number);
        label_disc(cr, x, y, r, t, number > 9 ? 1.0 : 1.3);
}

static void draw_badge(const struct scene_draw *p, cairo_t *cr, const struct tkit_scene_mark *m)
{
        double r = (m->y1 - m->y0) / 2;
        if (m->leader) { /* to what it is about, with a dot there */
                cairo_move_to(cr, m->x, m->y);
                cairo_line_to(cr, m->ax, m->ay);
                cairo_set_source_rgb(cr, 0.08, 0.07, 0.06);
                cairo_set_line_width(cr, r * 0.22);
                cairo_stroke(cr);
                cairo_arc(cr, m->ax, m->ay, r * 0.3, 0, 2 * M_PI);
                cairo_fill(cr);
        }
        cairo_new_path(cr);
        cairo_arc(cr, m->x0 + r, m->y0 + r, r, M_PI / 2, 3 * M_PI / 2);
        cairo_arc(cr, m->x1 - r, m->y0 + r, r, -M_PI / 2, M_PI / 2);
        cairo_close_path(cr);
        set_player(cr, p, m->player, 1);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.08, 0.07, 0.06);
        cairo_set_line_width(cr, r * 0.2);
        cairo_stroke(cr);
        int c = tkit_scene_player_colour(p->st->s, m->player);
        bool dark_text = c == TKIT_COLOUR_YELLOW || c == TKIT_COLOUR_GREY || c == TKIT_COLOUR_PINK;
        cairo_set_source_rgb(cr, dark_text ? 0.08 : 1, dark_text ? 0.07 : 1, dark_text ? 0.06 : 1);
        char t[24];
        snprintf(t, sizeof t, "%+d", m->points);
        tkit_render_font(cr, r * 1.3, true);
        tkit_render_text_center(cr, m->x, m->y + r * 0.45, t);
}

void tkit_scene_draw_removed(cairo_t *cr, double x, double y, double r)
{
        edged_disc(cr, x, y, r, (const double[]){0.85, 0.05, 0.05}, (const double[]){1, 1, 1},
                   0.18);
        double k = r * 0.45;
        cairo_move_to(cr, x - k, y - k);
        cairo_line_to(cr, x + k, y + k);
        cairo_move_to(cr, x + k, y - k);
        cairo_line_to(cr, x - k, y + k);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_width(cr, r * 0.3);
        cairo_stroke(cr);
}

/* White where the removed mark is red, dark where it is white, and an arrow turning back where it
 * has a cross: the two stay apart in greyscale too. */
void tkit_scene_draw_returned(cairo_t *cr, double x, double y, double r)
{
        edged_disc(cr, x, y, r, (const double[]){1, 1, 1}, (const double[]){0.08, 0.07, 0.06},
                   0.16);
        /* a U-turn: up from the right, over the top, its head pointing down on the left */
        double R = r * 0.4, cy = y - r * 0.02, lw = r * 0.27, h = r * 0.36;
        cairo_move_to(cr, x + R, cy + r * 0.42);
        cairo_arc_negative(cr, x, cy, R, 0, -M_PI);
        cairo_set_line_width(cr, lw);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        cairo_stroke(cr);
        cairo_move_to(cr, x - R - h, cy - lw * 0.2);
        cairo_line_to(cr, x - R + h, cy - lw * 0.2);
        cairo_line_to(cr, x - R, cy + h * 1.3);
        cairo_close_path(cr);
        cairo_fill(cr);
}

void tkit_scene_draw_leaving(cairo_t *cr, const struct tkit_scene_mark *m)
{
        double r = (m->x1 - m->x0) * 0.21, x = m->x1 - r * 0.6, y = m->y0 + r * 0.6;
        if (m->removed)
                tkit_scene_draw_removed(cr, x, y, r);
        else if (m->returned)
                tkit_scene_draw_returned(cr, x, y, r);
}

/* A figure the move puts on a token it builds shares the token's ring. */
static bool on_new_token(const struct tkit_scene_mark *f, const struct tkit_scene_mark *t)
{
        return t->kind == TKIT_MARK_TOKEN && t->is_new && f->is_new && t->post < 0 &&
               f->x0 < t->x1 && t->x0 < f->x1 && f->y0 < t->y1 && t->y0 < f->y1;
}

static void draw_token(const struct scene_draw *p, cairo_t *cr, const struct tkit_scene_mark *m)
{
        double lw = p->pl->P * 0.03;
        if (m->post >= 0)
                return;                      /* a catapult: drawn with its post */
        if (m->token == TKIT_TOKEN_BRIDGE) { /* the deck is drawn with its tile: outline it */
                cairo_rectangle(cr, m->x0, m->y0, m->x1 - m->x0, m->y1 - m->y0);
                cairo_set_source_rgb(cr, 0.1, 0.08, 0.05);
                cairo_set_line_width(cr, lw * 0.9);
                cairo_stroke_preserve(cr);
                cairo_set_source_rgb(cr, 1, 0.76, 0.1);
                cairo_set_line_width(cr, lw * 0.45);
                cairo_stroke(cr);
                return;
        }
        double x0 = m->x0, y0 = m->y0, x1 = m->x1, y1 = m->y1;
        for (size_t i = 0; m->is_new && i < p->lo->out.nmarks; i++) {
                const struct tkit_scene_mark *f = &p->lo->out.marks[i];
                if (f->kind != TKIT_MARK_FIGURE || !on_new_token(f, m))
                        continue;
                x0 = fmin(x0, f->x0), y0 = fmin(y0, f->y0);
                x1 = fmax(x1, f->x1), y1 = fmax(y1, f->y1);
        }
        if (m->is_new)
                tkit_scene_draw_new(cr, x0, y0, x1, y1, lw);
        if (m->token == TKIT_TOKEN_CASTLE)
                tkit_render_castle(cr, m->x, m->y, CASTLE_S * p->pl->P);
        else if (m->token == TKIT_TOKEN_BARN)
                tkit_render_barn(cr, m->x, m->y, BARN_S * p->pl->P);
}

static void draw_figure_mark(const struct scene_draw *p, cairo_t *cr,
                             const struct tkit_scene_mark *m)
{
        double s =
            tkit_scene_figure_size(p->pl, m->figure) * p->pl->P * (m->scale > 0 ? m->scale : 1);
        bool ringed = false;
        for (size_t i = 0; m->is_new && m->feature < 0 && i < p->lo->out.nmarks && !ringed; i++)
                ringed = on_new_token(m, &p->lo->out.marks[i]);
        if (m->is_new && !ringed)
                tkit_scene_draw_new(cr, m->x0, m->y0, m->x1, m->y1, s * 0.09);
        if (m->choice)
                tkit_scene_draw_choice(
                    cr, m->x0, m->y0, m->x1, m->y1, s * 0.09,
                    tkit_render_player_rgb(tkit_scene_player_colour(p->st->s, m->player)));
        tkit_scene_draw_figure(p->pl, cr, m->figure, m->lying,
                               tkit_scene_player_colour(p->st->s, m->player), m->x, m->y, s);
        tkit_scene_draw_leaving(cr, m);
}

/* The shaft of an arrow through pts[0..n) up to (bx, by), the head's base: bowed `bow` when it
 * has two points, else straight runs with corners rounded (by at most 6 line widths). */
static void arrow_shaft(cairo_t *cr, const double *pts, int n, double bow, double bx, double by,
                        double lw)
{
        cairo_new_path(cr);
        cairo_move_to(cr, pts[0], pts[1]);
        if (n == 2) {
                double dx = pts[2] - pts[0], dy = pts[3] - pts[1];
                double cx = (pts[0] + pts[2]) / 2 - dy * bow, cy = (pts[1] + pts[3]) / 2 + dx * bow;
                cairo_curve_to(cr, (pts[0] + 2 * cx) / 3, (pts[1] + 2 * cy) / 3, (bx + 2 * cx) / 3,
                               (by + 2 * cy) / 3, bx, by);
                return;
        }
        for (int i = 1; i < n - 1; i++) {
                const double *a = &pts[2 * (i - 1)], *v = &pts[2 * i], *b = &pts[2 * (i + 1)];
                double la = hypot(v[0] - a[0], v[1] - a[1]), lb = hypot(b[0] - v[0], b[1] - v[1]);
                double r = fmin(lw * 6, fmin(la, lb) / 2);
                if (la <= 0 || lb <= 0)
                        continue;
                double ex = v[0] - (v[0] - a[0]) / la * r, ey = v[1] - (v[1] - a[1]) / la * r;
                double xx = v[0] + (b[0] - v[0]) / lb * r, xy = v[1] + (b[1] - v[1]) / lb * r;
                cairo_line_to(cr, ex, ey);
                cairo_curve_to(cr, ex + (v[0] - ex) * 2 / 3, ey + (v[1] - ey) * 2 / 3,
                               xx + (v[0] - xx) * 2 / 3, xy + (v[1] - xy) * 2 / 3, xx, xy);
        }
        cairo_line_to(cr, bx, by);
}

void tkit_scene_draw_arrow_path(cairo_t *cr, const double *pts, int n, double lw, double bow)
{
        if (n < 2)
                return;
        const double *end = &pts[2 * (n - 1)], *before = &pts[2 * (n - 2)];
        double x0 = pts[0], y0 = pts[1], x1 = end[0], y1 = end[1];
        if (n == 2 && hypot(x1 - x0, y1 - y0) < lw * 4)
                return;
        /* the head points along the last run (of the curve: from its control point) */
        double dx = x1 - x0, dy = y1 - y0;
        double cx = n == 2 ? (x0 + x1) / 2 - dy * bow : before[0];
        double cy = n == 2 ? (y0 + y1) / 2 + dx * bow : before[1];
        double tx = x1 - cx, ty = y1 - cy, tl = hypot(tx, ty), head = lw * 3.2;
        if (tl <= 0)
                return;
        tx /= tl, ty /= tl;
        double bx = x1 - tx * head, by = y1 - ty * head; /* the shaft ends at the head's base */
        for (int pass = 0; pass < 2; pass++) { /* a dark edge, then the yellow of what is new */
                double w = pass ? lw : lw * 1.9, e = pass ? 0 : lw * 0.45;
                if (pass)
                        cairo_set_source_rgb(cr, 1, 0.76, 0.1);
                else
                        cairo_set_source_rgb(cr, 0.1, 0.08, 0.05);
                arrow_shaft(cr, pts, n, bow, bx, by, lw);
                cairo_set_line_width(cr, w);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
                cairo_stroke(cr);
                double hw = head * 0.62 + e, hl = head + e;
                cairo_move_to(cr, x1 + tx * e, y1 + ty * e);
                cairo_line_to(cr, x1 - tx * hl - ty * hw, y1 - ty * hl + tx * hw);
                cairo_line_to(cr, x1 - tx * hl + ty * hw, y1 - ty * hl - tx * hw);
                cairo_close_path(cr);
                cairo_fill(cr);
        }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
}

void tkit_scene_draw_arrow(cairo_t *cr, double x0, double y0, double x1, double y1, double lw,
                           double bow)
{
        const double pts[4] = {x0, y0, x1, y1};
        tkit_scene_draw_arrow_path(cr, pts, 2, lw, bow);
}

/* A figure the move moves: where it stood, faint, and an arrow from there to where it goes. A
 * catapult advanced: the arrow from its siege symbol. */
static void draw_move(const struct scene_draw *p, cairo_t *cr, const struct tkit_scene_mark *m)
{
        bool catapult = m->post >= 0;
        double s =
            tkit_scene_figure_size(p->pl, catapult ? TKIT_FIGURE_MEEPLE : m->figure) * p->pl->P;
        if (!catapult)
                tkit_render_figure_styled(cr, m->figure, m->lying,
                                          tkit_scene_player_colour(p->st->s, m->player),
                                          p->st->o->lang, m->x, m->y, s, TKIT_FIGURE_GHOST);
        tkit_scene_draw_arrow_path(cr, m->line, m->nline, s * 0.07, m->bow);
}

static void draw_coords(const struct scene_draw *p, cairo_t *cr)
{
        double fs = tkit_scene_size(p->pl, 0.16, 6.5);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        tkit_render_font(cr, fs, false);
        char buf[24];
        for (int x = p->pl->bx0; x <= p->pl->bx1; x++) {
                snprintf(buf, sizeof buf, "%d", x);
                tkit_render_text_center(cr, tkit_scene_pic_x(p->pl, x + 0.5), p->pl->oy - fs * 0.5,
                                        buf);
        }
        for (int y = p->pl->by0; y <= p->pl->by1; y++) {
                snprintf(buf, sizeof buf, "%d", y);
                double adv = tkit_render_text_width(cr, buf);
                cairo_move_to(cr, p->pl->ox - adv - fs * 0.4,
                              tkit_scene_pic_y(p->pl, y + 0.5) + fs * 0.35);
                tkit_render_text_show(cr, buf);
                cairo_new_path(cr);
        }
}

void tkit_scene_draw_marks(struct scene_draw *p, cairo_t *cr)
{
        /* tokens, then the faint figures of moves and their arrows, then the figures: a move
         * from a city to the castle built on it shows over the castle, under the maiden */
        for (size_t i = 0; i < p->lo->out.nmarks; i++)
                if (p->lo->out.marks[i].kind == TKIT_MARK_TOKEN)
                        draw_token(p, cr, &p->lo->out.marks[i]);
        for (size_t i = 0; i < p->lo->out.nmarks; i++)
                if (p->lo->out.marks[i].kind == TKIT_MARK_ARROW)
                        draw_move(p, cr, &p->lo->out.marks[i]);
        for (size_t i = 0; i < p->lo->out.nmarks; i++) {
                const struct tkit_scene_mark *m = &p->lo->out.marks[i];
                switch (m->kind) {
                case TKIT_MARK_FIGURE:
                        draw_figure_mark(p, cr, m);
                        break;
                case TKIT_MARK_REFUSED:
                        tkit_scene_draw_refused(cr, m->x, m->y, (m->x1 - m->x0) / 2);
                        break;
                case TKIT_MARK_BADGE:
                        draw_badge(p, cr, m);
                        break;
                case TKIT_MARK_CALLOUT:
                        tkit_scene_callout_disc(cr, m->x, m->y, (m->x1 - m->x0) / 2, m->number);
                        break;
                default:
                        break;
                }
        }
        if (p->st->o->coords)
                draw_coords(p, cr);
}

void tkit_scene_draw(const struct scene_layout *lo, cairo_t *cr, bool paint_bg)
{
        struct scene_draw dr = {.st = lo->st, .pl = lo->pl, .lo = lo};
        if (paint_bg) {
                cairo_set_source_rgb(cr, 0.98, 0.97, 0.94);
                cairo_paint(cr);
        }
        tkit_scene_draw_board(&dr, cr);
        tkit_scene_posts_draw(&dr, cr);
        tkit_scene_draw_marks(&dr, cr);
        tkit_scene_legend_draw(&dr, cr);
        for (size_t i = 0; i < dr.nhatches; i++)
                cairo_surface_destroy(dr.hatches[i].s);
        free(dr.hatches);
}

void tkit_scene_draw_overlay(const struct scene_layout *lo, cairo_t *cr)
{
        struct scene_draw dr = {.st = lo->st, .pl = lo->pl, .lo = lo};
        tkit_scene_draw_marks(&dr, cr);
}
