/* Scene pictures, stage 4 of 4 — the drawing (scene-state.h tells the stages): the tiles, the
 * features scored, the posts, the marks of the layout and the legend, in that order. It reads the
 * stages before it and changes none; what it makes for itself (the hatch of a feature in a
 * colour, drawn on several cells) is its own. */
#ifndef TKIT_SCENE_DRAW_H
#define TKIT_SCENE_DRAW_H

#include "render/scene-layout.h"

/* A hatch surface (areas.c) kept for the cells that share a map, a feature and a colour. */
struct hatch {
        const struct tkit_area_map *map;
        int feature;
        uint32_t rgb;
        int k, n; /* scorer k of n of the feature */
        cairo_surface_t *s;
};

struct scene_draw {
        const struct scene_state *st;
        const struct scene_plan *pl;
        const struct scene_layout *lo;
        struct hatch *hatches; /* one per map, feature and colour drawn */
        size_t nhatches, caphatches;
};

/* The whole picture into cr (the background first when `paint_bg`). */
void tkit_scene_draw(const struct scene_layout *lo, cairo_t *cr, bool paint_bg);
/* The marks only: figures on a board drawn by someone else (render board --scene). */
void tkit_scene_draw_overlay(const struct scene_layout *lo, cairo_t *cr);

/* scene-draw.c */
void tkit_scene_draw_board(struct scene_draw *dr, cairo_t *cr);
void tkit_scene_draw_marks(struct scene_draw *dr, cairo_t *cr);
void tkit_scene_callout_disc(cairo_t *cr, double x, double y, double r, int number);
void tkit_scene_draw_figure(const struct scene_plan *pl, cairo_t *cr, enum tkit_figure_kind k,
                            bool lying, int colour, double x, double y, double s);
/* A legend's meeple for a player: the pattern the figures carry, or plain where they carry a
 * letter (too small to read there: the text names the letter). */
void tkit_scene_draw_swatch(const struct scene_plan *pl, cairo_t *cr, int colour, double x,
                            double y, double s);
/* The marks of what leaves the board, centred at (x, y), radius r: removed (a red disc with a
 * white cross), going back to the supply (a white disc with a dark arrow turning back). */
void tkit_scene_draw_removed(cairo_t *cr, double x, double y, double r);
void tkit_scene_draw_returned(cairo_t *cr, double x, double y, double r);
/* Both, as needed, on the top right corner of a figure's or token's box. */
void tkit_scene_draw_leaving(cairo_t *cr, const struct tkit_scene_mark *m);
void tkit_scene_draw_new(cairo_t *cr, double x0, double y0, double x1, double y1, double lw);
/* The ring of a figure a player must choose among: dashed, in the player's colour (`rgb`), with
 * a "?" at its top left. */
void tkit_scene_draw_choice(cairo_t *cr, double x0, double y0, double x1, double y1, double lw,
                            uint32_t rgb);
/* The arrow of a move from (x0, y0) to its head at (x1, y1), `lw` wide, bowed `bow` of its
 * length to its left. */
void tkit_scene_draw_arrow(cairo_t *cr, double x0, double y0, double x1, double y1, double lw,
                           double bow);
/* The arrow through the n points pts (x, y pairs): two bowed as above; more, straight runs with
 * rounded corners. */
void tkit_scene_draw_arrow_path(cairo_t *cr, const double *pts, int n, double lw, double bow);
/* The key's swatch of it: the ring, grey, with the "?" in its middle, `s` high. */
void tkit_scene_draw_choice_swatch(cairo_t *cr, double x, double y, double s);
void tkit_scene_draw_refused(cairo_t *cr, double x, double y, double r);

/* scene-draw-posts.c */
void tkit_scene_posts_draw(const struct scene_draw *dr, cairo_t *cr);

/* scene-draw-legend.c: the caption and the legend under the picture */
void tkit_scene_legend_draw(const struct scene_draw *dr, cairo_t *cr);

#endif
