/* The marks of tile art drawn over its areas: buildings (cloister, garden, inn, village,
 * crossing, city roofs), the city symbols, and the upright overlays (badges, illustrations, the
 * reconstructed marker, --debug) and field dividers (render/tile-private.h). */
#include "render/tile-private.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void tkit_tile_house(cairo_t *cr, double x, double y, double w)
{
        double h = w * 0.7;
        cairo_rectangle(cr, x - w / 2, y - h / 2, w, h);
        cairo_set_source_rgb(cr, 0.93, 0.88, 0.76);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_set_line_width(cr, w * 0.08);
        cairo_stroke(cr);
        cairo_move_to(cr, x - w * 0.62, y - h / 2);
        cairo_line_to(cr, x, y - h / 2 - w * 0.45);
        cairo_line_to(cr, x + w * 0.62, y - h / 2);
        cairo_close_path(cr);
        tkit_render_set_color(cr, TKIT_COLOR_ROOF);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_stroke(cr);
}

void tkit_tile_draw_village(cairo_t *cr, struct pt c)
{
        tkit_tile_house(cr, c.x - 0.06, c.y + 0.02, 0.09);
        tkit_tile_house(cr, c.x + 0.06, c.y + 0.04, 0.08);
        tkit_tile_house(cr, c.x, c.y - 0.04, 0.1);
}

void tkit_tile_draw_crossing(cairo_t *cr, struct pt c)
{
        cairo_new_path(cr);
        cairo_arc(cr, c.x, c.y, 0.075, 0, 2 * M_PI);
        tkit_render_set_color(cr, TKIT_COLOR_ROAD);
        cairo_fill_preserve(cr);
        tkit_render_set_color(cr, TKIT_COLOR_ROAD_EDGE);
        cairo_set_line_width(cr, 0.02);
        cairo_stroke(cr);
        tkit_tile_house(cr, c.x, c.y + 0.01, 0.07);
}

/* An inn by a road (Inns & Cathedrals): one bigger house with a slate roof, a chimney and a
 * hanging sign, unlike the red-roofed cluster of a village or the house in a crossing. */
void tkit_tile_draw_inn(cairo_t *cr, struct pt c)
{
        double w = 0.13, h = 0.085, top = c.y - h / 2;
        cairo_new_path(cr);
        cairo_rectangle(cr, c.x + w * 0.18, top - 0.07, 0.022, 0.05); /* chimney */
        cairo_set_source_rgb(cr, 0.45, 0.3, 0.25);
        cairo_fill(cr);
        cairo_rectangle(cr, c.x - w / 2, top, w, h);
        cairo_set_source_rgb(cr, 0.97, 0.94, 0.86);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.22, 0.16);
        cairo_set_line_width(cr, 0.008);
        cairo_stroke(cr);
        cairo_rectangle(cr, c.x - 0.012, top + h * 0.45, 0.024, h * 0.55); /* door */
        cairo_fill(cr);
        cairo_move_to(cr, c.x - w * 0.6, top);
        cairo_line_to(cr, c.x - w * 0.35, top - 0.055);
        cairo_line_to(cr, c.x + w * 0.35, top - 0.055);
        cairo_line_to(cr, c.x + w * 0.6, top);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.33, 0.37, 0.48);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.22, 0.16);
        cairo_stroke(cr);
        /* the sign on its bracket, off the front wall */
        cairo_move_to(cr, c.x - w / 2, top + 0.012);
        cairo_line_to(cr, c.x - w / 2 - 0.04, top + 0.012);
        cairo_stroke(cr);
        cairo_rectangle(cr, c.x - w / 2 - 0.045, top + 0.018, 0.032, 0.03);
        cairo_set_source_rgb(cr, 0.93, 0.68, 0.15);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.22, 0.16);
        cairo_set_line_width(cr, 0.005);
        cairo_stroke(cr);
}

void tkit_tile_draw_cloister(cairo_t *cr, struct pt at)
{
        /* drawn at 80 % around its spot, a little low so the bell tower stays off a city cap */
        cairo_save(cr);
        cairo_translate(cr, at.x, at.y + 0.04);
        cairo_scale(cr, 0.8, 0.8);
        struct pt c = {0, 0};
        double w = 0.2, h = 0.16;
        cairo_rectangle(cr, c.x - w / 2, c.y - h / 3, w, h);
        tkit_render_set_color(cr, TKIT_COLOR_CLOISTER);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_set_line_width(cr, 0.012);
        cairo_stroke(cr);
        cairo_move_to(cr, c.x - w * 0.6, c.y - h / 3);
        cairo_line_to(cr, c.x, c.y - h / 3 - 0.1);
        cairo_line_to(cr, c.x + w * 0.6, c.y - h / 3);
        cairo_close_path(cr);
        tkit_render_set_color(cr, TKIT_COLOR_ROOF);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_stroke(cr);
        /* bell tower with a cross */
        cairo_rectangle(cr, c.x - 0.025, c.y - h / 3 - 0.14, 0.05, 0.08);
        tkit_render_set_color(cr, TKIT_COLOR_CLOISTER);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_stroke(cr);
        cairo_set_line_width(cr, 0.014);
        cairo_move_to(cr, c.x, c.y - h / 3 - 0.2);
        cairo_line_to(cr, c.x, c.y - h / 3 - 0.14);
        cairo_move_to(cr, c.x - 0.022, c.y - h / 3 - 0.178);
        cairo_line_to(cr, c.x + 0.022, c.y - h / 3 - 0.178);
        cairo_stroke(cr);
        /* door */
        cairo_rectangle(cr, c.x - 0.02, c.y + h * 2 / 3 - 0.06, 0.04, 0.06);
        cairo_set_source_rgb(cr, 0.35, 0.25, 0.18);
        cairo_fill(cr);
        cairo_restore(cr);
}

void tkit_tile_draw_garden(cairo_t *cr, struct pt c)
{
        double r = 0.12;
        cairo_rectangle(cr, c.x - r, c.y - r, 2 * r, 2 * r);
        tkit_render_set_color(cr, TKIT_COLOR_GARDEN);
        cairo_fill(cr);
        cairo_rectangle(cr, c.x - r * 0.7, c.y - r * 0.7, 1.4 * r, 1.4 * r);
        cairo_set_source_rgb(cr, 0.66, 0.82, 0.45);
        cairo_fill(cr);
        static const double fl[4][3] = {
            {0.85, 0.25, 0.3}, {0.95, 0.8, 0.2}, {0.6, 0.35, 0.75}, {0.95, 0.95, 0.95}};
        for (int i = 0; i < 4; i++) {
                double dx = (i % 2 ? 1 : -1) * r * 0.35, dy = (i / 2 ? 1 : -1) * r * 0.35;
                cairo_new_path(cr);
                cairo_arc(cr, c.x + dx, c.y + dy, r * 0.2, 0, 2 * M_PI);
                cairo_set_source_rgb(cr, fl[i][0], fl[i][1], fl[i][2]);
                cairo_fill(cr);
        }
}

static void draw_pennant(cairo_t *cr, double x, double y, double s)
{
        cairo_move_to(cr, x - s / 2, y - s / 2);
        cairo_line_to(cr, x + s / 2, y - s / 2);
        cairo_line_to(cr, x + s / 2, y + s * 0.1);
        cairo_curve_to(cr, x + s / 2, y + s * 0.4, x + s * 0.2, y + s * 0.5, x, y + s * 0.62);
        cairo_curve_to(cr, x - s * 0.2, y + s * 0.5, x - s / 2, y + s * 0.4, x - s / 2,
                       y + s * 0.1);
        cairo_close_path(cr);
        tkit_render_set_color(cr, TKIT_COLOR_PENNANT);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, s * 0.1);
        cairo_stroke(cr);
        /* a white chevron, as on the printed coats of arms */
        cairo_move_to(cr, x - s * 0.3, y - s * 0.2);
        cairo_line_to(cr, x, y + s * 0.15);
        cairo_line_to(cr, x + s * 0.3, y - s * 0.2);
        cairo_stroke(cr);
}

/* Besieger: a dark siege tent with a red flag; Cathar: the same tent with a yellow cross. */
static void draw_besieger(cairo_t *cr, double x, double y, double s, enum tkit_besieger b)
{
        cairo_new_path(cr);
        cairo_arc(cr, x, y, s * 0.62, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.75, 0.1, 0.1);
        cairo_fill(cr);
        cairo_move_to(cr, x - s * 0.42, y + s * 0.3);
        cairo_line_to(cr, x, y - s * 0.38);
        cairo_line_to(cr, x + s * 0.42, y + s * 0.3);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.12, 0.1, 0.1);
        cairo_fill(cr);
        if (b == TKIT_BESIEGER_CATHAR) {
                cairo_set_source_rgb(cr, 1, 0.85, 0.2);
                cairo_set_line_width(cr, s * 0.1);
                cairo_move_to(cr, x, y - s * 0.1);
                cairo_line_to(cr, x, y + s * 0.28);
                cairo_move_to(cr, x - s * 0.12, y + s * 0.02);
                cairo_line_to(cr, x + s * 0.12, y + s * 0.02);
                cairo_stroke(cr);
        }
}

/* A cathedral (Inns & Cathedrals): a nave between two spired towers, a rose window, in stone
 * grey with slate roofs, bigger than the town's roofs. */
static void draw_cathedral(cairo_t *cr, double x, double y, double s)
{
        double base = y + s * 0.45, tw = s * 0.22;
        cairo_new_path(cr);
        cairo_rectangle(cr, x - s * 0.3, y - s * 0.05, s * 0.6, s * 0.5); /* nave */
        for (int k = -1; k <= 1; k += 2)                                  /* towers */
                cairo_rectangle(cr, x + k * s * 0.36 - tw / 2, y - s * 0.3, tw, base - y + s * 0.3);
        cairo_set_source_rgb(cr, 0.84, 0.82, 0.78);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.28, 0.25, 0.3);
        cairo_set_line_width(cr, s * 0.05);
        cairo_stroke(cr);
        for (int k = -1; k <= 1; k += 2) { /* spires */
                double cx = x + k * s * 0.36;
                cairo_move_to(cr, cx - tw * 0.65, y - s * 0.3);
                cairo_line_to(cr, cx, y - s * 0.62);
                cairo_line_to(cr, cx + tw * 0.65, y - s * 0.3);
                cairo_close_path(cr);
        }
        cairo_move_to(cr, x - s * 0.3, y - s * 0.05); /* the nave's gable */
        cairo_line_to(cr, x, y - s * 0.3);
        cairo_line_to(cr, x + s * 0.3, y - s * 0.05);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.42, 0.3, 0.55);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.28, 0.25, 0.3);
        cairo_stroke(cr);
        cairo_new_path(cr);
        cairo_arc(cr, x, y + s * 0.12, s * 0.1, 0, 2 * M_PI); /* rose window */
        cairo_set_source_rgb(cr, 0.42, 0.3, 0.55);
        cairo_fill(cr);
        cairo_rectangle(cr, x - s * 0.07, base - s * 0.2, s * 0.14, s * 0.2); /* door */
        cairo_set_source_rgb(cr, 0.28, 0.25, 0.3);
        cairo_fill(cr);
}

/* A few roofs inside a city, so that it reads as a town at a glance: two on either side of the
 * anchor along the city's main side, where pennants and symbols leave room. */
void tkit_tile_draw_city_roofs(cairo_t *cr, const struct tkit_feature *f)
{
        unsigned cs = mask_sides(f->mask);
        if (cs == 0)
                return;
        struct pt a = tkit_tile_city_anchor(f);
        bool vertical = cs == (1u << TKIT_E) || cs == (1u << TKIT_W) || cs == 0x5;
        int marks = f->pennants + (f->besieger != TKIT_BESIEGER_NONE) + f->cathedral;
        double off = 0.14 + 0.06 * (marks > 1 ? marks - 1 : 0);
        if (off > 0.3)
                return;
        for (int k = -1; k <= 1; k += 2) {
                double x = vertical ? a.x : a.x + k * off, y = vertical ? a.y + k * off : a.y;
                double w = 0.08, h = 0.05;
                cairo_rectangle(cr, x - w / 2, y, w, h);
                cairo_set_source_rgb(cr, 0.9, 0.8, 0.6);
                cairo_fill(cr);
                cairo_move_to(cr, x - w * 0.65, y);
                cairo_line_to(cr, x, y - 0.045);
                cairo_line_to(cr, x + w * 0.65, y);
                cairo_close_path(cr);
                cairo_set_source_rgb(cr, 0.66, 0.33, 0.22);
                cairo_fill(cr);
        }
}

/* Pennants, besieger symbol and cathedral of a city, in a row through its anchor; along the side
 * for a city on the east or west side alone. */
void tkit_tile_draw_city_marks(cairo_t *cr, const struct tile_plan *p, int fi)
{
        const struct tkit_feature *f = &p->t->features[fi];
        int n = f->pennants + (f->besieger != TKIT_BESIEGER_NONE) + f->cathedral;
        if (n <= 0 || mask_sides(f->mask) == 0)
                return;
        if (n > 6)
                n = 6;
        struct pt a = tkit_tile_city_anchor(f);
        unsigned cs = mask_sides(f->mask);
        bool vertical = cs == (1u << TKIT_E) || cs == (1u << TKIT_W);
        /* a pennant 0.125 of the tile: 2.5 mm at a rulebook's 20 mm (docs/render.md) */
        double s = 0.125, step = 0.145;
        for (int i = 0; i < n; i++) {
                double off = (i - (n - 1) / 2.0) * step;
                double x = vertical ? a.x : a.x + off, y = vertical ? a.y + off : a.y;
                enum tkit_symbol what = TKIT_SYM_CATHEDRAL;
                tkit_tile_sym_begin(cr, p);
                if (i < f->pennants) {
                        draw_pennant(cr, x, y, s);
                        what = TKIT_SYM_PENNANT;
                } else if (i == f->pennants && f->besieger != TKIT_BESIEGER_NONE) {
                        draw_besieger(cr, x, y, 0.13, f->besieger); /* 3.4 mm at 20 mm */
                        what = TKIT_SYM_BESIEGER;
                } else {
                        draw_cathedral(cr, x, y, 0.16);
                }
                tkit_tile_sym_end(cr, p, what, fi);
        }
}

/* ---------------------------------------------------------------- upright overlays */

void tkit_render_post_symbol(cairo_t *cr, enum tkit_post p, double x, double y, double r)
{
        static const double bg[TKIT_POST_COUNT][3] = {
            {0.72, 0.16, 0.16}, /* knights */
            {0.86, 0.6, 0.12},  /* travelers */
            {0.35, 0.3, 0.6},   /* monks */
            {0.4, 0.4, 0.4},    /* any */
        };
        int k = (unsigned)p < TKIT_POST_COUNT ? (int)p : TKIT_POST_ANY;
        cairo_save(cr);
        cairo_new_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, bg[k][0], bg[k][1], bg[k][2]);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, r * 0.12);
        cairo_stroke(cr);
        cairo_set_line_width(cr, r * 0.16);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        switch (k) {
        case TKIT_POST_KNIGHTS: /* a shield */
                cairo_move_to(cr, x - r * 0.45, y - r * 0.5);
                cairo_line_to(cr, x + r * 0.45, y - r * 0.5);
                cairo_line_to(cr, x + r * 0.45, y);
                cairo_curve_to(cr, x + r * 0.45, y + r * 0.3, x + r * 0.2, y + r * 0.5, x,
                               y + r * 0.62);
                cairo_curve_to(cr, x - r * 0.2, y + r * 0.5, x - r * 0.45, y + r * 0.3,
                               x - r * 0.45, y);
                cairo_close_path(cr);
                cairo_fill(cr);
                break;
        case TKIT_POST_TRAVELERS: /* a road running into the distance */
                cairo_move_to(cr, x - r * 0.5, y + r * 0.55);
                cairo_line_to(cr, x - r * 0.08, y - r * 0.55);
                cairo_line_to(cr, x + r * 0.08, y - r * 0.55);
                cairo_line_to(cr, x + r * 0.5, y + r * 0.55);
                cairo_close_path(cr);
                cairo_fill(cr);
                cairo_set_source_rgb(cr, bg[k][0], bg[k][1], bg[k][2]);
                cairo_set_line_width(cr, r * 0.08);
                cairo_move_to(cr, x, y - r * 0.4);
                cairo_line_to(cr, x, y + r * 0.5);
                cairo_stroke(cr);
                break;
        case TKIT_POST_MONKS: /* a cross */
                cairo_set_line_width(cr, r * 0.22);
                cairo_move_to(cr, x, y - r * 0.6);
                cairo_line_to(cr, x, y + r * 0.6);
                cairo_move_to(cr, x - r * 0.38, y - r * 0.2);
                cairo_line_to(cr, x + r * 0.38, y - r * 0.2);
                cairo_stroke(cr);
                break;
        default:
                tkit_render_font(cr, r * 1.3, true);
                tkit_render_text_center(cr, x, y + r * 0.45, "?");
                break;
        }
        cairo_restore(cr);
}

/* The illustrations, right to left from the top-right corner, five to a row (a tile has up to
 * 8): 0.14 of the tile, at least 2.5 mm drawn at a rulebook's 20 mm. */
static void draw_illustrations(cairo_t *cr, const struct tile_plan *p)
{
        const char *ills = p->t->illustrations;
        size_t n = strlen(ills);
        for (size_t i = 0; i < n; i++) {
                size_t k = n - 1 - i;
                double x = 0.9 - 0.155 * (double)(k % 5), y = 0.1 + 0.155 * (double)(k / 5);
                tkit_tile_sym_begin(cr, p);
                tkit_render_illustration(cr, ills[i], x, y, 0.14);
                tkit_tile_sym_end(cr, p, TKIT_SYM_ILLUSTRATION, -1);
        }
}

/* Overlays drawn in the unrotated unit square: badges, the reconstructed marker. */
void tkit_tile_draw_badges(cairo_t *cr, const struct tile_plan *p, unsigned flags)
{
        const struct tkit_tile *t = p->t;
        if (!(flags & TKIT_RENDER_NO_BADGES)) {
                for (size_t i = 0; i < t->nsymbols; i++) {
                        tkit_tile_sym_begin(cr, p);
                        tkit_render_post_symbol(cr, t->symbols[i], 0.1 + 0.15 * (double)i, 0.9,
                                                0.065);
                        tkit_tile_sym_end(cr, p, TKIT_SYM_SIEGE, -1);
                }
                if (!(flags & TKIT_RENDER_NO_ILLUSTRATIONS))
                        draw_illustrations(cr, p);
        }
        if (p->syms)
                return;
        if (t->basis == TKIT_BASIS_RECONSTRUCTED && !(flags & TKIT_RENDER_NO_MARKER)) {
                double dash[2] = {0.03, 0.03};
                cairo_set_dash(cr, dash, 2, 0);
                tkit_render_set_color(cr, TKIT_COLOR_MARKER);
                cairo_set_line_width(cr, 0.012);
                cairo_rectangle(cr, 0.015, 0.015, 0.97, 0.97);
                cairo_stroke(cr);
                cairo_set_dash(cr, NULL, 0, 0);
                cairo_move_to(cr, 1, 0.82);
                cairo_line_to(cr, 1, 1);
                cairo_line_to(cr, 0.82, 1);
                cairo_close_path(cr);
                cairo_fill(cr);
                cairo_set_source_rgb(cr, 1, 1, 1);
                tkit_render_font(cr, 0.075, true);
                tkit_render_text_center(cr, 0.947, 0.98, "R");
        }
}

/* The point of the perimeter a divider bit stands for: a corner or a side's middle. */
static struct pt divider_point(int bit)
{
        int s = TKIT_POS_SIDE(bit);
        return TKIT_POS_PART(bit) == TKIT_R ? corner(s + 1) : lerp(corner(s), corner(s + 1), 0.5);
}

/* The regions the checker infers (rules/topology.c), for --debug: each field's perimeter
 * positions as a band in its own tint (an inner field as a ring in the centre), every point
 * where two fields meet with no divider declared circled in red (FIELD-SPLIT), and a red cross
 * in the middle when two ground features cross (GEO-CROSS). */
static void debug_tint(cairo_t *cr, int k, double alpha)
{
        static const double hue[8][3] = {{0.90, 0.60, 0.00}, {0.00, 0.45, 0.70}, {0.80, 0.40, 0.70},
                                         {0.35, 0.70, 0.90}, {0.00, 0.60, 0.50}, {0.95, 0.90, 0.25},
                                         {0.55, 0.30, 0.15}, {0.40, 0.40, 0.40}};
        cairo_set_source_rgba(cr, hue[k % 8][0], hue[k % 8][1], hue[k % 8][2], alpha);
}

static void debug_band(cairo_t *cr, int pos, double depth)
{
        int s = TKIT_POS_SIDE(pos), part = TKIT_POS_PART(pos);
        struct pt a = lerp(corner(s), corner(s + 1), part / 3.0);
        struct pt b = lerp(corner(s), corner(s + 1), (part + 1) / 3.0);
        struct pt c = {0.5, 0.5};
        cairo_move_to(cr, a.x, a.y);
        cairo_line_to(cr, b.x, b.y);
        cairo_line_to(cr, b.x + (c.x - b.x) * depth, b.y + (c.y - b.y) * depth);
        cairo_line_to(cr, a.x + (c.x - a.x) * depth, a.y + (c.y - a.y) * depth);
        cairo_close_path(cr);
        cairo_fill(cr);
}

static void draw_debug_regions(cairo_t *cr, const struct tkit_tile *t)
{
        int k = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_FIELD)
                        continue;
                debug_tint(cr, k++, 0.55);
                for (int p = 0; p < TKIT_NPOS; p++)
                        if (f->mask & (1u << p))
                                debug_band(cr, p, 0.22);
                if (!f->mask) {
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, 0.5, 0.5, 0.08 + 0.02 * k, 0, 2 * M_PI);
                        cairo_set_line_width(cr, 0.02);
                        cairo_stroke(cr);
                }
        }
        uint16_t gaps = (uint16_t)(tkit_tile_field_meetings(t) & ~t->dividers);
        cairo_set_source_rgb(cr, 0.85, 0.0, 0.0);
        cairo_set_line_width(cr, 0.015);
        for (int b = 0; b < TKIT_NPOS; b++)
                if (gaps & (1u << b)) {
                        struct pt q = divider_point(b);
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, q.x, q.y, 0.06, 0, 2 * M_PI);
                        cairo_stroke(cr);
                }
        bool crossing = false;
        for (size_t i = 0; i < t->nfeatures; i++)
                for (size_t j = 0; j < i; j++)
                        crossing = crossing ||
                                   (!t->features[i].overpass && !t->features[j].overpass &&
                                    tkit_masks_cross(t->features[i].mask, t->features[j].mask));
        if (crossing) {
                cairo_move_to(cr, 0.42, 0.42);
                cairo_line_to(cr, 0.58, 0.58);
                cairo_move_to(cr, 0.58, 0.42);
                cairo_line_to(cr, 0.42, 0.58);
                cairo_set_line_width(cr, 0.03);
                cairo_stroke(cr);
        }
}

/* Debug overlay: each position's name and owning feature, inner features in the middle. */
void tkit_tile_draw_debug(cairo_t *cr, const struct tkit_tile *t, int rot, double size)
{
        cairo_matrix_t m;
        cairo_get_matrix(cr, &m);
        draw_debug_regions(cr, t);
        for (int pos = 0; pos < TKIT_NPOS; pos++) {
                int s = TKIT_POS_SIDE(pos), part = TKIT_POS_PART(pos);
                struct pt q = lerp(corner(s), corner(s + 1), 0.2 + 0.3 * part);
                q = add(q, normals[s], 0.09);
                double x = q.x, y = q.y;
                cairo_user_to_device(cr, &x, &y);
                int o = tkit_tile_owner(t, pos, false);
                char buf[96];
                snprintf(buf, sizeof buf, "%s:%s", tkit_pos_name(pos),
                         o >= 0 ? t->features[o].id : "-");
                cairo_save(cr);
                cairo_identity_matrix(cr);
                tkit_render_font(cr, size * 0.045, false);
                double adv = tkit_render_text_width(cr, buf);
                cairo_rectangle(cr, x - adv / 2 - 1, y - size * 0.035, adv + 2,
                                size * 0.05);
                cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
                cairo_fill(cr);
                cairo_set_source_rgb(cr, 0, 0, 0);
                tkit_render_text_center(cr, x, y, buf);
                cairo_restore(cr);
        }
        (void)rot;
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].mask == 0)
                        tkit_buf_printf(&b, "%s%s", b.len ? " " : "", t->features[i].id);
        if (b.len) {
                double x = 0.5, y = 0.5;
                cairo_user_to_device(cr, &x, &y);
                cairo_save(cr);
                cairo_identity_matrix(cr);
                tkit_render_font(cr, size * 0.045, false);
                cairo_set_source_rgb(cr, 0, 0, 0.6);
                tkit_render_text_center(cr, x, y, b.data);
                cairo_restore(cr);
        }
        tkit_buf_finish(&b);
}

/* ---------------------------------------------------------------- field boundaries */

/* Where the art divides two fields (a declared divider, struct tkit_tile.dividers) and where two
 * fields meet with nothing between them (an error, FIELD-SPLIT, drawn so that it shows), a hedge
 * runs from that point of the perimeter toward the centre. */
void tkit_tile_draw_hedges(cairo_t *cr, const struct tkit_tile *t)
{
        uint16_t at = (uint16_t)((t->dividers | tkit_tile_field_meetings(t)) & TKIT_DIVIDER_ALL);
        for (int b = 0; b < TKIT_NPOS; b++) {
                if (!(at & (1u << b)))
                        continue;
                struct pt q = divider_point(b);
                cairo_move_to(cr, q.x, q.y);
                cairo_line_to(cr, 0.5 + (q.x - 0.5) * 0.3, 0.5 + (q.y - 0.5) * 0.3);
                cairo_set_source_rgb(cr, 0.24, 0.42, 0.16);
                cairo_set_line_width(cr, 0.03);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
                double dash[2] = {0.001, 0.045};
                cairo_set_dash(cr, dash, 2, 0);
                cairo_stroke(cr);
                cairo_set_dash(cr, NULL, 0, 0);
        }
}
