/* The illustrations of a tile (model: tkit_illustration_name) as small pictures, as a printed tile
 * shows them in its landscape: a garden, a farmhouse, a water tower, robbers, and the donkey, pig
 * and cattle stables. Each is a few filled paths with a dark outline, recognisable at 20 mm a tile
 * (about 2.6 mm) and never a letter: a letter in a box reads as a debugging mark in print. */
#include "render/render-private.h"

#include <math.h>

/* Fills the current path with 0xRRGGBB and outlines it in dark brown. */
static void paint(cairo_t *cr, uint32_t rgb)
{
        tkit_render_set_rgb(cr, rgb);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.16, 0.12, 0.08);
        cairo_set_line_width(cr, 0.05);
        cairo_stroke(cr);
}

static void garden(cairo_t *cr)
{
        static const double bush[3][3] = {
            {-0.22, 0.14, 0.22}, {0.22, 0.14, 0.22}, {0, -0.12, 0.27}};
        for (int i = 0; i < 3; i++) {
                cairo_new_sub_path(cr);
                cairo_arc(cr, bush[i][0], bush[i][1], bush[i][2], 0, 2 * M_PI);
                paint(cr, 0x3f8a2c);
        }
}

/* A gabled building: walls from y = top to 0.42, a roof of `roof` colour above them. */
static void building(cairo_t *cr, double half, double top, uint32_t wall, uint32_t roof)
{
        cairo_rectangle(cr, -half, top, 2 * half, 0.42 - top);
        paint(cr, wall);
        cairo_move_to(cr, -half - 0.07, top + 0.02);
        cairo_line_to(cr, 0, -0.46);
        cairo_line_to(cr, half + 0.07, top + 0.02);
        cairo_close_path(cr);
        paint(cr, roof);
}

static void farmhouse(cairo_t *cr)
{
        building(cr, 0.36, -0.06, 0xf0e6cf, 0xb0472c);
        cairo_rectangle(cr, -0.09, 0.16, 0.18, 0.26);
        paint(cr, 0x6b4423);
}

static void water_tower(cairo_t *cr)
{
        cairo_set_source_rgb(cr, 0.16, 0.12, 0.08);
        cairo_set_line_width(cr, 0.07);
        cairo_move_to(cr, -0.2, -0.05);
        cairo_line_to(cr, -0.32, 0.46);
        cairo_move_to(cr, 0.2, -0.05);
        cairo_line_to(cr, 0.32, 0.46);
        cairo_move_to(cr, -0.26, 0.2);
        cairo_line_to(cr, 0.26, 0.2);
        cairo_stroke(cr);
        cairo_rectangle(cr, -0.3, -0.32, 0.6, 0.3);
        paint(cr, 0x7f98ad);
        cairo_move_to(cr, -0.34, -0.32);
        cairo_line_to(cr, 0, -0.5);
        cairo_line_to(cr, 0.34, -0.32);
        cairo_close_path(cr);
        paint(cr, 0x58697a);
}

/* A hooded figure with a light band across the eyes: the robbers. */
static void robbers(cairo_t *cr)
{
        cairo_move_to(cr, -0.36, 0.46);
        cairo_line_to(cr, -0.2, -0.02);
        cairo_line_to(cr, 0.2, -0.02);
        cairo_line_to(cr, 0.36, 0.46);
        cairo_close_path(cr);
        paint(cr, 0x3b3b3b);
        cairo_new_sub_path(cr);
        cairo_arc(cr, 0, -0.24, 0.2, 0, 2 * M_PI);
        paint(cr, 0x3b3b3b);
        cairo_rectangle(cr, -0.15, -0.29, 0.3, 0.08);
        tkit_render_set_rgb(cr, 0xf2efe6);
        cairo_fill(cr);
}

/* The animal in a stable's door: its head, and what tells it apart (long ears, a snout, horns). */
static void animal(cairo_t *cr, char code)
{
        const double y = 0.22, r = 0.16;
        if (code == 'E') { /* donkey: grey, two long ears */
                for (int s = -1; s <= 1; s += 2) {
                        cairo_save(cr);
                        cairo_translate(cr, 0.08 * s, y - 0.2);
                        cairo_scale(cr, 0.055, 0.15);
                        cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
                        cairo_restore(cr);
                        paint(cr, 0x9a948c);
                }
        }
        if (code == 'C') { /* cattle: two horns, light on the dark door */
                for (int s = -1; s <= 1; s += 2) {
                        cairo_move_to(cr, 0.1 * s, y - 0.1);
                        cairo_curve_to(cr, 0.26 * s, y - 0.12, 0.28 * s, y - 0.24, 0.2 * s,
                                       y - 0.3);
                }
                cairo_set_source_rgb(cr, 0.16, 0.12, 0.08);
                cairo_set_line_width(cr, 0.1);
                cairo_stroke_preserve(cr);
                tkit_render_set_rgb(cr, 0xf2e9d0);
                cairo_set_line_width(cr, 0.05);
                cairo_stroke(cr);
        }
        static const uint32_t head[3] = {0x9a948c, 0xf2a0b2, 0xf4f1ea}; /* E, S, C */
        int k = code == 'E' ? 0 : code == 'S' ? 1 : 2;
        cairo_new_sub_path(cr);
        cairo_arc(cr, 0, y, r, 0, 2 * M_PI);
        paint(cr, head[k]);
        if (code == 'S') { /* pig: a snout with two nostrils */
                cairo_save(cr);
                cairo_translate(cr, 0, y + 0.04);
                cairo_scale(cr, 0.09, 0.065);
                cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
                cairo_restore(cr);
                paint(cr, 0xf7c6d1);
                cairo_set_source_rgb(cr, 0.16, 0.12, 0.08);
                for (int s = -1; s <= 1; s += 2) {
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, 0.035 * s, y + 0.04, 0.018, 0, 2 * M_PI);
                }
                cairo_fill(cr);
        }
        if (code == 'C') { /* cattle: a dark patch */
                cairo_new_sub_path(cr);
                cairo_arc(cr, 0.06, y - 0.05, 0.07, 0, 2 * M_PI);
                cairo_set_source_rgb(cr, 0.16, 0.12, 0.08);
                cairo_fill(cr);
        }
}

static void stable(cairo_t *cr, char code)
{
        building(cr, 0.44, -0.08, 0x9b6b3f, 0x6a4526);
        cairo_rectangle(cr, -0.2, 0.04, 0.4, 0.38);
        paint(cr, 0x2b1d12);
        animal(cr, code);
}

bool tkit_render_illustration(cairo_t *cr, char code, double x, double y, double size)
{
        if (!tkit_illustration_name(code))
                return false;
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, size, size);
        cairo_new_path(cr);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        switch (code) {
        case 'G':
                garden(cr);
                break;
        case 'B':
                farmhouse(cr);
                break;
        case 'T':
                water_tower(cr);
                break;
        case 'W':
                robbers(cr);
                break;
        default: /* E, S, C: the stables */
                stable(cr, code);
                break;
        }
        cairo_restore(cr);
        return true;
}
