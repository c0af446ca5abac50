/* Scene pictures, stage 2 of 4 — the plan (scene-state.h tells the stages): what the picture
 * shows and how large, from the state alone: the defense posts it concerns, the cells shown (the
 * crop), the sizes that follow from the print size, the caption and the legend broken into lines,
 * the picture's size. Nothing is placed yet. */
#ifndef TKIT_SCENE_PLAN_H
#define TKIT_SCENE_PLAN_H

#include "render/scene-state.h"

/* One defense post the picture shows: a panel on its fortress piece. */
struct post_plan {
        enum tkit_post kind;
        const struct tkit_scene_post *sp; /* the state's post, or NULL: drawn empty */
        const struct tkit_post_def *def;  /* as printed on the face in use (the view's), or NULL */
        int new_row;                      /* the row space the move fills, or -1 */
        bool new_stack;                   /* the move adds the top of the stack */
        bool new_catapult;                /* a catapult advances to it */
        int refused;                      /* number of the callout of a refused catapult, or 0 */
        bool on_piece;                    /* printed on a piece of the board, else under it */
        int x0, y0, x1, y1;               /* the board cells of the panel */
};

/* What a key's swatch shows. */
enum swatch {
        SW_NONE = 0,
        SW_PLAYER,
        SW_TILE, /* SW_TILE + k: the mark TKIT_KEY_TILE_PLACED + k */
        SW_NEW,
        SW_RETURNED,
        SW_REMOVED,
        SW_CHOICE,
        SW_MOVED,
        SW_ADVANCE,
        SW_COUNT
};

/* An item of a key line: a swatch and its words. */
struct legend_seg {
        char *text;
        enum swatch swatch;
        int player, colour;
        const char *letter; /* a player's letter when figures carry letters */
        double dx, w;       /* from the line's left edge; swatch and words */
};

/* A line of the caption or the legend. */
struct line {
        char *text;       /* the whole line (the picture map, SVG's title and description) */
        double size, adv; /* font size; the line's height */
        bool bold;
        int colour;  /* a swatch in this player colour before the text, or -1 */
        int number;  /* a callout number before the text, or 0 */
        bool indent; /* a legend line: its text after the room of a swatch, with or without one */
        bool bullet; /* the first line of a legend line about no player: a grey dot for a swatch */
        struct legend_seg *segs; /* a key line: swatches and words side by side, else NULL */
        size_t nsegs;
};
struct lines {
        struct line *v;
        size_t n, cap;
};

/* The room of a key's swatch and the gap after it, in font sizes. */
#define SWATCH 1.4
#define SWATCH_ROOM 1.75

struct scene_plan {
        const struct scene_state *st;
        struct post_plan *posts;
        size_t nposts;
        int bx0, by0, bx1, by1; /* the cells shown */

        /* sizes, picture units */
        double P, ox, oy, W, H; /* tile side, where cell (bx0, by0) goes, picture */
        double upt;             /* points per picture unit */
        enum tkit_picture_unit unit;
        double fig_k;               /* figure sizes: the art's times this (a floor in points) */
        bool pattern;               /* figures carry their player's pattern, not a letter */
        double letter_pt;           /* a figure's letter, points; 0 with patterns */
        double badge_hh, callout_r; /* tile units */
        double m, tx, text_y;
        double width, height; /* the picture's, in its unit (whole pixels for a PNG) */
        struct lines L;       /* the caption and the legend */
};

/* The posts, the crop and the sizes, for a picture of tile side P (picture units of upt points). */
void tkit_scene_plan_board(struct scene_plan *pl, const struct scene_state *st, double P,
                           double upt, enum tkit_picture_unit unit);
/* The caption and the legend (measured with `mcr`) and the picture's size. */
void tkit_scene_plan_text(struct scene_plan *pl, cairo_t *mcr);
/* The same board on another one's geometry: every cell shown, cell (bx0, by0) at picture
 * (ox, oy) (render board --scene). */
void tkit_scene_plan_overlay(struct scene_plan *pl, const struct scene_state *st, double P,
                             double ox, double oy, int bx0, int by0);
void tkit_scene_plan_finish(struct scene_plan *pl);

bool tkit_scene_shown(const struct scene_plan *pl, int x, int y);
/* Picture coordinates of board point (x, y) in cells, and back. */
double tkit_scene_pic_x(const struct scene_plan *pl, double x);
double tkit_scene_pic_y(const struct scene_plan *pl, double y);
double tkit_scene_board_x(const struct scene_plan *pl, double x);
double tkit_scene_board_y(const struct scene_plan *pl, double y);
/* A size in points as picture units, or `k` tile sides when that is larger. */
double tkit_scene_size(const struct scene_plan *pl, double k, double min_pt);
double tkit_scene_figure_size(const struct scene_plan *pl, enum tkit_figure_kind k);
/* Width of the frame of the tile placed, tile units. */
double tkit_scene_frame_w(const struct scene_plan *pl);

/* scene-posts.c: the posts the picture concerns, and a row for each no piece carries */
void tkit_scene_posts_plan(struct scene_plan *pl);
void tkit_scene_posts_below(struct scene_plan *pl); /* after the crop */
const struct post_plan *tkit_scene_post_plan(const struct scene_plan *pl, int kind);
/* The row spaces the post prints, or more when the state fills more. */
size_t tkit_scene_post_printed(const struct post_plan *v);
/* Row space i as printed: its label ("3", "5+") or NULL for a plain one; whether it counts with
 * the scene's number of players (model: tkit_post_space_counts). */
const char *tkit_scene_post_label(const struct scene_plan *pl, const struct post_plan *v, size_t i,
                                  bool *counts);

/* Whether the picture draws the arrow of post's catapult from its siege symbol (scene-arrows.c). */
bool tkit_scene_catapult_arrow(const struct scene_plan *pl, int post);

/* scene-legend.c: the caption and the legend in lines of at most `maxw` */
void tkit_scene_legend_build(const struct scene_plan *pl, cairo_t *cr, struct lines *L,
                             double maxw);
double tkit_scene_legend_height(const struct lines *L);
void tkit_scene_legend_free(struct lines *L);

#endif
