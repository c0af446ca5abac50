/* Scene pictures, stage 4: the caption and the legend drawn at the baselines the layout gave
 * their lines (scene-legend.c): the key's swatches — a player's meeple, the frame of the tile
 * placed, the ring of what is new, the marks of what leaves, the ring of a choice, the arrows —
 * and the words. */
#include "render/scene-draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A key's swatch centred at (x, y), `s` high. */
static void draw_swatch(const struct scene_plan *p, cairo_t *cr, const struct legend_seg *g,
                        double x, double y, double s)
{
        switch (g->swatch) {
        case SW_PLAYER:
                tkit_scene_draw_swatch(p, cr, g->colour, x, y, s);
                break;
        case SW_TILE: { /* a tile in its frame: white between two dark lines */
                double h = s * 0.3, w = s * 0.12;
                cairo_rectangle(cr, x - h, y - h, 2 * h, 2 * h);
                tkit_render_set_color(cr, TKIT_COLOR_FIELD);
                cairo_fill(cr);
                cairo_rectangle(cr, x - h - w / 2, y - h - w / 2, 2 * h + w, 2 * h + w);
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_set_line_width(cr, w);
                cairo_stroke(cr);
                cairo_rectangle(cr, x - h, y - h, 2 * h, 2 * h);
                cairo_rectangle(cr, x - h - w, y - h - w, 2 * (h + w), 2 * (h + w));
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                cairo_set_line_width(cr, w * 0.3);
                cairo_stroke(cr);
                break;
        }
        case SW_NEW:
                tkit_scene_draw_new(cr, x - s * 0.3, y - s * 0.3, x + s * 0.3, y + s * 0.3,
                                    s * 0.09);
                break;
        case SW_RETURNED:
                tkit_scene_draw_returned(cr, x, y, s * 0.4);
                break;
        case SW_REMOVED:
                tkit_scene_draw_removed(cr, x, y, s * 0.4);
                break;
        case SW_CHOICE:
                tkit_scene_draw_choice_swatch(cr, x, y, s);
                break;
        case SW_MOVED:
                tkit_scene_draw_arrow(cr, x - s * 0.45, y + s * 0.2, x + s * 0.45, y + s * 0.05,
                                      s * 0.08, 0.18);
                break;
        case SW_ADVANCE: /* a siege symbol (a "?") and the arrow from it */
                tkit_render_post_symbol(cr, TKIT_POST_ANY, x - s * 0.3, y + s * 0.05, s * 0.28);
                tkit_scene_draw_arrow(cr, x - s * 0.02, y + s * 0.05, x + s * 0.48, y - s * 0.1,
                                      s * 0.08, 0.18);
                break;
        default:
                break;
        }
}

void tkit_scene_key_swatch(cairo_t *cr, enum tkit_scene_key_mark m, double x, double y, double size)
{
        if ((unsigned)m >= TKIT_KEY_COUNT)
                return;
        /* the marks' swatches need no picture: only a player's swatch reads it */
        struct legend_seg g = {.swatch = (enum swatch)(SW_TILE + (int)m), .player = -1};
        draw_swatch(NULL, cr, &g, x, y, size);
}

/* A key line: swatches and words side by side. */
static void key_line(const struct scene_plan *p, cairo_t *cr, const struct line *l, double x,
                     double y)
{
        double sz = l->size, s = sz * SWATCH;
        for (size_t i = 0; i < l->nsegs; i++) {
                const struct legend_seg *g = &l->segs[i];
                double gx = x + g->dx;
                if (g->swatch)
                        draw_swatch(p, cr, g, gx + sz * 0.75, y - sz * 0.35, s);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, sz, false);
                cairo_move_to(cr, gx + (g->swatch ? sz * SWATCH_ROOM : 0), y);
                tkit_render_text_show(cr, g->text);
                cairo_new_path(cr);
        }
}

/* A line of the caption or the legend, after its swatch, bullet or callout number. */
static void text_line(const struct scene_plan *p, cairo_t *cr, const struct line *l, double x,
                      double y)
{
        double ind = l->indent ? l->size * 1.6 : 0;
        if (l->colour >= 0)
                tkit_scene_draw_swatch(p, cr, l->colour, x + l->size * 0.6, y - l->size * 0.4,
                                       l->size * 1.15);
        if (l->bullet) {
                cairo_new_path(cr);
                cairo_arc(cr, x + l->size * 0.6, y - l->size * 0.35, l->size * 0.2, 0, 2 * M_PI);
                cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
                cairo_fill(cr);
        }
        if (l->number)
                tkit_scene_callout_disc(cr, x + l->size * 0.6, y - l->size * 0.35, l->size * 0.6,
                                        l->number);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tkit_render_font(cr, l->size, l->bold);
        cairo_move_to(cr, x + ind, y);
        tkit_render_text_show(cr, l->text);
        cairo_new_path(cr);
}

/* Each line at the baseline the layout gave it. */
void tkit_scene_legend_draw(const struct scene_draw *dr, cairo_t *cr)
{
        const struct scene_plan *p = dr->pl;
        for (size_t i = 0; i < p->L.n; i++) {
                const struct line *l = &p->L.v[i];
                if (l->segs)
                        key_line(p, cr, l, p->tx, dr->lo->line_y[i]);
                else
                        text_line(p, cr, l, p->tx, dr->lo->line_y[i]);
        }
}
