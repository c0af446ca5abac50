/* Scene pictures, stage 1 of 4 — the state: the moment drawn as the engine resolves it
 * (game/view.c, struct tkit_game_view) and the cells of its board. Nothing downstream works the
 * move out again; the later stages read this one and never change it:
 *
 *   state (scene-state.h) -> plan (scene-plan.h) -> layout (scene-layout.h) -> draw (scene-draw.h)
 *
 * Each header includes the one before it only; each stage takes the ones before it read-only
 * (const pointers: the compiler refuses a write, tests/layering/test-compile.py). In a stage's
 * functions `p` is the stage being made (or the drawing), `p->st`, `p->pl`, `p->lo` the ones
 * before it. */
#ifndef TKIT_SCENE_STATE_H
#define TKIT_SCENE_STATE_H

#include "render/render-private.h"
#include "game/tkit-game.h"
#include "text/tkit-text.h"

#define MAX_PIECE_CELLS 64
#define FEATURE_BRIDGE TKIT_PLACE_BRIDGE /* the road on a bridge token: no feature of the tile */

struct cell {
        int x, y;
        const struct tkit_tile *def;
        const char *id;
        int rot; /* quarter turns */
        int bridge;
        int piece; /* the multi-cell piece it belongs to (its index among the tiles), or -1 */
};

struct scene_state {
        const struct tkit_scene *orig, *s; /* the scene as given, and the state drawn (view.s) */
        const struct tkit_game_result *r;
        struct tkit_set *const *sets;
        size_t nsets;
        const struct tkit_scene_render_options *o;
        enum tkit_scene_state state;
        enum tkit_lang lang;  /* of the picture's words */
        struct tkit_diags *d; /* where every stage reports */
        const char *file;

        struct tkit_game_view view; /* the moment drawn, as the engine resolves it */
        const struct cell *cells;   /* the view's, sorted by row then column */
        size_t ncells;
        bool placed; /* the move's tile is on the board */
        int px, py;
};

/* The engine's view of the scene in the options' state, and its cells. */
void tkit_scene_state_build(struct scene_state *st, const struct tkit_scene *scene,
                            const struct tkit_game_result *r, struct tkit_set *const *sets,
                            size_t nsets, const struct tkit_scene_render_options *o,
                            struct tkit_diags *d);
/* A warning per tile or piece the sets do not hold (drawn grey). */
void tkit_scene_state_missing(const struct scene_state *st);
/* The cells again from the view (after tkit_game_view_set_cells: another board). */
void tkit_scene_state_cells(struct scene_state *st);
void tkit_scene_state_finish(struct scene_state *st);

const struct cell *tkit_scene_cell_at(const struct scene_state *st, int x, int y);
int tkit_scene_player_colour(const struct tkit_scene *s, int player);

/* The callout number of event `i` when it is a refused action, else 0. */
int tkit_scene_refusal_number(const struct scene_state *st, size_t i);
/* What leaves the board in the move shown (false in the other states): a figure of the state
 * drawn (the one the move places too) an attack removes, or that goes back to its owner's supply;
 * a player's meeples at a post going back; the catapult of a post removed. */
bool tkit_scene_figure_removed(const struct scene_state *st, size_t i); /* i: figure of st->s */
bool tkit_scene_figure_returns(const struct scene_state *st, size_t i);
bool tkit_scene_figure_choice(const struct scene_state *st, size_t i);
/* Whether the picture draws figure i of st->orig where it stood, with an arrow to where the move
 * puts it. */
bool tkit_scene_figure_moves(const struct scene_state *st, size_t i);
bool tkit_scene_post_returns(const struct scene_state *st, int post, int player);
bool tkit_scene_catapult_removed(const struct scene_state *st, int post);
/* The events whose points the picture shows (tints and badges): the engine's, except in the
 * state before the move, where nothing is scored yet; NULL for none. */
const struct tkit_game_result *tkit_scene_points(const struct scene_state *st);

#endif
