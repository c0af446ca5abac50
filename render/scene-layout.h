/* Scene pictures, stage 3 of 4 — the layout (scene-state.h tells the stages): where everything
 * goes. Everything that takes room on the board is placed into one index of boxes, each off the
 * ones it must not cover, and becomes a mark of the picture map (struct tkit_scene_mark): what
 * the drawing draws, and where. The area map and the symbols of every cell shown are made here,
 * so that the drawing only reads. */
#ifndef TKIT_SCENE_LAYOUT_H
#define TKIT_SCENE_LAYOUT_H

#include "render/scene-plan.h"

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

/* The symbols of the art of a tile at a rotation (tkit_render_tile_symbols). */
struct symbols {
        const struct tkit_tile *t;
        int rot;
        struct tkit_tile_symbol v[TKIT_MAX_TILE_SYMBOLS];
        size_t n;
};

/* Where a post's panel goes (the plan's post of the same index). */
struct post_box {
        double px0, py0, px1, py1; /* the panel (picture) */
        double s;                  /* a space's side (picture) */
        struct {
                double x, y; /* top-left (picture) */
        } * spaces;          /* the symbol, each row space, the meeple space, the catapult space */
        size_t nspaces;
};

/* A feature scored hatched on a cell in its scorer's colour: scorer k of n of the feature (a
 * tie), through the feature's area (`map`); feature < 0 hatches the cell's bridge deck. */
struct tint {
        const struct cell *c;
        const struct tkit_area_map *map;
        int feature, player, k, n;
};

struct scene_layout {
        const struct scene_state *st;
        const struct scene_plan *pl;
        struct tkit_render_cache *maps;  /* one map per tile and rotation drawn */
        bool own_maps;                   /* made for this picture (no cache in the options) */
        struct tkit_area_map **cellmaps; /* of each cell of the state, once made */
        struct symbols *symbols;         /* one per tile and rotation shown */
        size_t nsymbols, capsymbols;
        struct tkit_box_index *ix;
        struct post_box *posts; /* of each post of the plan */
        double *line_y;         /* the baseline of each line of the legend */
        struct tint *tints;     /* in the order they are drawn */
        size_t ntints, captints;
        struct tkit_scene_picture out;
};

/* Everything placed on the board; with `mcr` (a measuring context), the legend's lines and key
 * and the features scored too (the drawing reads them). */
void tkit_scene_layout_build(struct scene_layout *lo, const struct scene_plan *pl,
                             struct tkit_render_cache *cache, cairo_t *mcr);
void tkit_scene_layout_finish(struct scene_layout *lo);

/* The area map of a cell (made once per tile and rotation), NULL for a grey cell. */
struct tkit_area_map *tkit_scene_cell_map(struct scene_layout *lo, const struct cell *c);
const struct symbols *tkit_scene_cell_symbols(struct scene_layout *lo, const struct cell *c);
struct tkit_scene_mark *tkit_scene_add_mark(struct scene_layout *lo, enum tkit_scene_mark_kind k);

/* scene-place.c: tokens, figures, badges, callouts, refusals on the board */
void tkit_scene_place_all(struct scene_layout *lo);
/* The board box of a mark. */
struct tkit_box tkit_scene_mark_box(const struct scene_layout *lo, const struct tkit_scene_mark *m);

/* scene-arrows.c: the arrow of a catapult advanced, from its siege symbol */
void tkit_scene_place_advances(struct scene_layout *lo);

/* scene-posts.c */
void tkit_scene_posts_place(struct scene_layout *lo); /* the panels, their marks and boxes */
const struct post_box *tkit_scene_post_box(const struct scene_layout *lo, int kind);
/* The board box of the panel of post `kind`, or false when the picture has none. */
bool tkit_scene_post_panel(const struct scene_layout *lo, int kind, struct tkit_box *b);
/* Figure i of the `shown` top ones of a post's stack: its centre, in a fan up and to the right
 * over the meeple space. */
void tkit_scene_post_stack_at(const struct post_box *b, size_t i, size_t shown, double *x,
                              double *y);
/* The fan of a stack, in spaces: each meeple (0.88 of a space) this far right of the one below. */
#define FAN_DX 0.58
#define FAN_DY 0.2

/* scene-legend.c: each line's baseline, the marks of its text and of the key's swatches */
void tkit_scene_legend_place(struct scene_layout *lo, cairo_t *mcr);

#endif
