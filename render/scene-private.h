/* Internals of scene pictures, shared by render/scene*.c: the cells shown, the state drawn (the
 * move shown, before or after it), the boxes placed on the board, the defense posts, the marks
 * of the picture map. */
#ifndef TKIT_SCENE_PRIVATE_H
#define TKIT_SCENE_PRIVATE_H

#include "render/render-private.h"
#include "game/tkit-game.h"
#include "text/tkit-text.h"

#define MAX_PIECE_CELLS 64
#define FEATURE_BRIDGE TKIT_PLACE_BRIDGE /* the road on a bridge token: no feature of the tile */
#define CASTLE_S 0.5
#define BARN_S 0.38

/* What a box on the board holds (struct tkit_box.kind), so that each placement avoids what it
 * must: figures keep off the buildings of the art, badges off nearly everything. */
enum {
        BOX_FIGURE = 1u << 0,
        BOX_TOKEN = 1u << 1, /* castle, barn */
        BOX_BADGE = 1u << 2,
        BOX_CALLOUT = 1u << 3,
        BOX_SYMBOL = 1u << 4,   /* a symbol of the tile art: pennant, village, siege symbol, ... */
        BOX_BUILDING = 1u << 5, /* cloister, garden, inn, cathedral: never under a figure */
        BOX_FRAME = 1u << 6,    /* the frame around the tile placed */
        BOX_POST = 1u << 7,     /* a post's symbol, spaces and catapult space */
        BOX_MARK = 1u << 8,     /* a refused action's cross */
        BOX_PANEL = 1u << 9,    /* a post's panel: no figure on it; a badge may cover its ground */
};
/* What a badge or a callout may not cover. */
#define BOX_ANY                                                                                    \
        (BOX_FIGURE | BOX_TOKEN | BOX_BADGE | BOX_CALLOUT | BOX_SYMBOL | BOX_BUILDING |            \
         BOX_FRAME | BOX_POST | BOX_MARK)

struct cell {
        int x, y;
        const struct tkit_tile *def;
        const char *id;
        int rot; /* quarter turns */
        int bridge;
        int piece; /* the multi-cell piece it belongs to (its index among the tiles), or -1 */
        struct tkit_area_map *map; /* shared by the cells of the same tile and rotation */
};

/* One defense post as the picture shows it: a panel on its fortress piece. */
struct post_view {
        enum tkit_post kind;
        const struct tkit_scene_post *sp; /* the state's post, or NULL: drawn empty */
        const struct tkit_post_def *def;  /* as printed on the face in use (the view's), or NULL */
        int new_row;                      /* the row space the move fills, or -1 */
        bool new_stack;                   /* the move adds the top of the stack */
        bool new_catapult;                /* a catapult advances to it */
        int refused;                      /* number of the callout of a refused catapult, or 0 */
        bool on_piece;                    /* printed on a piece of the board, else under it */
        int x0, y0, x1, y1;               /* the board cells of the panel */
        double px0, py0, px1, py1;        /* the panel (picture) */
        double s;                         /* a space's side (picture) */
        struct {
                double x, y; /* top-left (picture) */
        } * spaces;          /* the symbol, each row space, the meeple space, the catapult space */
        size_t nspaces;
};

/* The symbols of the art of a tile at a rotation (tkit_render_tile_symbols). */
struct symbols {
        const struct tkit_tile *t;
        int rot;
        struct tkit_tile_symbol v[TKIT_MAX_TILE_SYMBOLS];
        size_t n;
};

/* A hatch surface (areas.c) kept for the cells that share a map, a feature and a colour. */
struct hatch {
        const struct tkit_area_map *map;
        int feature;
        uint32_t rgb;
        int k, n; /* scorer k of n of the feature */
        cairo_surface_t *s;
};

struct pic {
        const struct tkit_scene *orig, *s; /* the scene as given, and the state drawn (view.s) */
        const struct tkit_game_result *r;
        struct tkit_set *const *sets;
        size_t nsets;
        const struct tkit_scene_render_options *o;
        enum tkit_scene_state state;
        struct tkit_diags *d;
        const char *file;

        struct cell *cells;
        size_t ncells, capcells;
        struct tkit_render_cache *maps; /* one map per tile and rotation drawn */
        bool own_maps;                  /* made for this picture (no cache in the options) */
        struct symbols *symbols; /* one per tile and rotation shown */
        size_t nsymbols, capsymbols;
        struct hatch *hatches; /* one per map, feature and colour drawn */
        size_t nhatches, caphatches;
        bool placed; /* the move's tile is on the board */
        int px, py;
        int bx0, by0, bx1, by1; /* the cells shown */

        /* the moment drawn, as the engine resolves it (game/view.c); s is view.s */
        struct tkit_game_view view;
        struct post_view *posts;
        size_t nposts;

        /* sizes, picture units */
        double P, ox, oy, W, H;     /* tile side, where cell (bx0, by0) goes, picture */
        double upt;                 /* points per picture unit */
        double fig_k;               /* figure sizes: the art's times this (a floor in points) */
        bool pattern;               /* figures carry their player's pattern, not a letter */
        double badge_hh, callout_r; /* tile units */
        double m, tx, text_y;

        struct tkit_box_index *ix;
        struct tkit_scene_picture out;
};

/* scene.c */
struct cell *tkit_scene_cell_at(const struct pic *p, int x, int y);
struct tkit_area_map *tkit_scene_cell_map(struct pic *p, struct cell *c);
const struct symbols *tkit_scene_cell_symbols(struct pic *p, const struct cell *c);
int tkit_scene_player_colour(const struct tkit_scene *s, int player);
bool tkit_scene_shown(const struct pic *p, int x, int y);
const struct tkit_piece *tkit_scene_piece_of(const struct pic *p, const struct tkit_scene_tile *t);
double tkit_scene_pic_x(const struct pic *p, double x);
double tkit_scene_pic_y(const struct pic *p, double y);
double tkit_scene_board_x(const struct pic *p, double x);
double tkit_scene_board_y(const struct pic *p, double y);
struct tkit_scene_mark *tkit_scene_add_mark(struct pic *p, enum tkit_scene_mark_kind k);
/* A size in points as picture units, or `k` tile sides when that is larger. */
double tkit_scene_size(const struct pic *p, double k, double min_pt);

/* scene-during.c: the state drawn and what the move does in it */
void tkit_scene_state_build(struct pic *p);
void tkit_scene_state_finish(struct pic *p);
/* The callout number of event `i` when it is a refused action, else 0. */
int tkit_scene_refusal_number(const struct pic *p, size_t i);
/* What leaves the board in the move shown (false in the other states): a figure of the state
 * drawn (the one the move places too) an attack removes, or that goes back to its owner's supply;
 * a player's meeples at a post going back; the catapult of a post removed. */
bool tkit_scene_figure_removed(const struct pic *p, size_t i); /* i: figure of the state drawn */
bool tkit_scene_figure_returns(const struct pic *p, size_t i);
bool tkit_scene_figure_choice(const struct pic *p, size_t i);
/* Whether the picture draws figure i of p->orig where it stood, with an arrow to where the move
 * puts it. */
bool tkit_scene_figure_moves(const struct pic *p, size_t i);
bool tkit_scene_post_returns(const struct pic *p, int post, int player);
bool tkit_scene_catapult_removed(const struct pic *p, int post);
/* The events whose points the picture shows (tints and badges): the engine's, except in the
 * state before the move, where nothing is scored yet; NULL for none. */
const struct tkit_game_result *tkit_scene_points(const struct pic *p);
/* The language of the picture's words (text/tkit-text.h). */
enum tkit_lang tkit_scene_lang(const struct pic *p);

/* scene-place.c: tokens, figures, badges, callouts, refusals on the board */
void tkit_scene_place_all(struct pic *p);
/* The board box of a mark. */
struct tkit_box tkit_scene_mark_box(const struct pic *p, const struct tkit_scene_mark *m);
double tkit_scene_figure_size(const struct pic *p, enum tkit_figure_kind k);

/* scene-arrows.c: the arrow of a catapult advanced, from its siege symbol */
bool tkit_scene_catapult_arrow(const struct pic *p, int post); /* the picture draws one */
void tkit_scene_place_advances(struct pic *p);
/* The point at t (0..1) of the arrow along line[4] bowed `bow` (tkit_scene_draw_arrow's). */
void tkit_scene_arrow_point(const double line[4], double bow, double t, double *x, double *y);

/* scene-posts.c */
void tkit_scene_posts_plan(struct pic *p);
void tkit_scene_posts_below(struct pic *p); /* after the crop: rows for posts on no piece */
void tkit_scene_posts_layout(struct pic *p);
void tkit_scene_posts_place(struct pic *p); /* the layout, marks and boxes */
void tkit_scene_posts_draw(struct pic *p, cairo_t *cr);
void tkit_scene_posts_finish(struct pic *p);
const struct post_view *tkit_scene_post_view(const struct pic *p, int kind);
/* The board box of the panel of post `kind`, or false when the picture has none. */
bool tkit_scene_post_panel(const struct pic *p, int kind, struct tkit_box *b);

/* scene-legend.c: the caption and the legend under the picture */
struct legend_seg; /* an item of a key line: a swatch and its words */
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
void tkit_scene_legend_build(struct pic *p, cairo_t *cr, struct lines *L, double maxw);
double tkit_scene_legend_height(const struct lines *L);
/* Draws the lines at p->text_y; with `plan`, adds their text and key marks to the map instead. */
void tkit_scene_legend_draw(struct pic *p, cairo_t *cr, const struct lines *L, bool plan);
void tkit_scene_legend_free(struct lines *L);

/* scene-draw.c */
void tkit_scene_draw_board(struct pic *p, cairo_t *cr);
void tkit_scene_draw_marks(struct pic *p, cairo_t *cr);
void tkit_scene_callout_disc(cairo_t *cr, double x, double y, double r, int number);
void tkit_scene_draw_figure(const struct pic *p, cairo_t *cr, enum tkit_figure_kind k, bool lying,
                            int colour, double x, double y, double s);
/* A legend's meeple for a player: the pattern the figures carry, or plain where they carry a
 * letter (too small to read there: the text names the letter). */
void tkit_scene_draw_swatch(const struct pic *p, cairo_t *cr, int colour, double x, double y,
                            double s);
/* The marks of what leaves the board, centred at (x, y), radius r: removed (a red disc with a
 * white cross), going back to the supply (a white disc with a dark arrow turning back). */
void tkit_scene_draw_removed(cairo_t *cr, double x, double y, double r);
void tkit_scene_draw_returned(cairo_t *cr, double x, double y, double r);
/* Both, as needed, on the top right corner of a figure's or token's box. */
void tkit_scene_draw_leaving(cairo_t *cr, const struct tkit_scene_mark *m);
void tkit_scene_draw_badge(const struct pic *p, cairo_t *cr, const struct tkit_scene_mark *m);
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

#endif
