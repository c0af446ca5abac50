/*
 * tilekit — the rules engine ("game"): a scene (model/tkit-scene.h) is resolved against the tile
 * sets in play, validated (a legal board in one piece, no more copies of a tile than its set has,
 * figures on features that exist and may hold them, posts within their spaces, tokens within the
 * sets' counts) and its move applied by the scoring rules of the rulebooks (docs/scoring.md),
 * giving an ordered list of events (game/tkit-event.h: structures, no sentences; text/tkit-text.h
 * words them) and the scene after the move. Depends on model/ only.
 *
 * Memory: a result owns its events, their places and the scene after;
 * tkit_game_result_finish() frees them. The sets must outlive the engine's use of them.
 */
#ifndef TKIT_GAME_H
#define TKIT_GAME_H

#include "model/tkit-model.h"
#include "game/tkit-event.h"
#include "game/tkit-place.h"
#include "model/tkit-scene.h"

struct tkit_game_result {
        struct tkit_game_event *events;
        size_t nevents, capevents;
        int points[TKIT_SCENE_MAX_PLAYERS]; /* the move's points per player */
        struct tkit_scene *after;           /* the scene after the move (move NONE) */
        /* Where the engine found each figure before the move: the scene's figures in order, then
         * the figure the move places (when there is one): its cell and feature index
         * (TKIT_GAME_PLACE_BRIDGE for a bridge; TKIT_GAME_PLACE_CELL for a maiden or a farmer
         * on a barn, whose place is a token). What the pictures must draw it on. */
        struct tkit_game_place *figures;
        size_t nfigures;
};
void tkit_game_result_init(struct tkit_game_result *r);
void tkit_game_result_finish(struct tkit_game_result *r);

/* Validates `scene` against the sets in play (all of `scene->sets` must be among `sets`): every
 * problem is reported with the scene's file and line (rules SCENE-*); returns 0 or
 * TKIT_E_INVALID. */
int tkit_game_validate(const struct tkit_scene *scene, struct tkit_set *const *sets, size_t nsets,
                       struct tkit_diags *d);

/* Validates, then applies the scene's move (or, with `final`, scores the end of the game from the
 * board) into `r`. Returns 0, or TKIT_E_INVALID with diagnostics when the scene is illegal. */
int tkit_game_apply(const struct tkit_scene *scene, struct tkit_set *const *sets, size_t nsets,
                    bool final, struct tkit_game_result *r, struct tkit_diags *d);

/* The words a scene's <count what=…> takes (docs/scoring.md, "Expectation words"), in that
 * order; `n` receives the count. Static. */
const char *const *tkit_game_count_words(size_t *n);

/* The features on a scene's board as the engine builds it (the tile of the move included when the
 * move places one; nothing is scored, figures play no part): cities, roads (a bridge's road
 * included) and cloisters, each counted once however many tiles it spans, and how many of them
 * are complete by the rules scoring applies (tkit-model.h's edge table closes a city or road; a
 * castle or the fortress completes a city too; a cloister needs all eight neighbours). */
struct tkit_game_census {
        int cities, cities_completed;
        int roads, roads_completed;
        int cloisters, cloisters_completed;
};
/* Validates `scene` like tkit_game_validate, then counts into *out (zeroed first). Returns 0 or
 * TKIT_E_INVALID with diagnostics. */
int tkit_game_census(const struct tkit_scene *scene, struct tkit_set *const *sets, size_t nsets,
                     struct tkit_game_census *out, struct tkit_diags *d);

/* Compares the scene's expectations with `r`: one error per difference (rule SCENE-EXPECT, at the
 * expectation's line, "expected X, computed Y" per player) and per <count> word no event counts
 * for (the message lists the words). A scene with no <expect> at all gets a warning: nothing it
 * computes is checked (an empty <expect/> says so on purpose: a picture-only scene). Returns 0 or
 * TKIT_E_INVALID. */
int tkit_game_check_expect(const struct tkit_scene *scene, const struct tkit_game_result *r,
                           struct tkit_diags *d);

/* Appends event `e` of a result for `scene` as one JSON object (`tilekit score --json`,
 * docs/scoring.md): phase, kind, rule, player id, points, line, feature, post, figure, what
 * happens to it, counts, flags and places; no words of any language. */
void tkit_game_event_json(struct tkit_buf *b, const struct tkit_scene *scene,
                          const struct tkit_game_event *e);

/* ---------------------------------------------------------------- one moment, resolved
 *
 * Which moment of a scene a picture, a legend or a page shows. */
enum tkit_scene_state {
        TKIT_SCENE_DURING = 0, /* the move shown (default): the tile placed and outlined, every
                                  figure it places where it goes and marked as new, the tokens it
                                  builds, the catapults it advances, refused actions crossed out
                                  with a callout, figures it removes crossed out, figures going
                                  back to their owner's supply and catapults removed marked */
        TKIT_SCENE_BEFORE,     /* the board as the scene states it, before the move */
        TKIT_SCENE_AFTER,      /* the engine's state after the move */
};
const char *tkit_scene_state_name(enum tkit_scene_state s); /* during before after */
int tkit_scene_state_parse(const char *s);                  /* -1 when unknown */

/* What the move does at a post, in the move shown. */
struct tkit_view_post {
        bool concerned; /* the move does something there */
        int row;        /* the row space it fills, or -1 */
        bool stack;     /* it adds the top of the meeple space's stack */
        bool catapult;  /* a catapult advances there */
        int symbol;     /* the siege symbol of the tile drawn that advances it (index), or -1 */
        int refused;    /* the callout number of a catapult that cannot advance there, or 0 */
        /* The post as printed on the face in use (tkit_piece_face: the face the scene names, else
         * the one for its number of players) of the piece of the state that carries it, or of a
         * piece of the sets in play when none does; NULL when no face has it. */
        const struct tkit_post_def *def;
        int piece; /* the state's tile (a piece) that carries it, or -1 */
        /* Where the face prints it: across row `slot` of the piece as drawn upright (the face's
         * slot-th post), as board cells x0..x1, y0..y1 once turned; valid when piece >= 0. */
        int slot, x0, y0, x1, y1;
};

/* A refused action (a castle or barn not built, no catapult left) with its callout number. */
struct tkit_view_refusal {
        size_t event;        /* index into the result's events */
        int number;          /* after the scene's own callouts */
        double x, y;         /* board units: a corner point, or the middle of the cell placed */
        int cx, cy;          /* the cell, when on a feature */
        int feature_index;   /* the feature on that cell's tile, or < 0 (as fig_feature) */
        const char *feature; /* on that feature of the cell (as the scene writes it), or NULL */
        int post;            /* the post whose catapult space it is at, or -1 */
};

/* One moment of a scene, resolved by the engine (game/view.c): the state and, per figure of the
 * state, what the move does to it. Arrays are indexed by the state's figures (s->figures) and, for
 * tokens, by its castles then barns; post_back by post * players + player. */
/* A board cell of the state: the tile there, or the cell of a multi-cell piece, as turned. */
struct tkit_view_cell {
        int x, y;
        const struct tkit_tile *def; /* NULL: not in the sets given */
        const char *id;              /* the scene's tile or piece id */
        int rot;                     /* quarter turns clockwise */
        int bridge;                  /* 0 none, 1 N-S, 2 E-W */
        int piece;                   /* the piece's index among the state's tiles, or -1 */
};
/* A tile or piece of the state that the sets given do not hold (its cell has no def). */
struct tkit_view_missing {
        const char *set, *tile;
        int line;
        bool piece;
};

struct tkit_game_view {
        const struct tkit_scene *orig; /* the scene as given */
        const struct tkit_game_result *r;
        enum tkit_scene_state state;
        const struct tkit_scene *s; /* the state: orig, the engine's after, or own */
        struct tkit_scene *own;     /* the move shown: the scene with the move in place */
        bool *fig_new;              /* placed or moved by the move */
        int *fig_index;             /* its index among the scene's figures; -1 the one placed */
        bool *fig_moved;            /* the move moves it (onto a castle or a barn) */
        bool *fig_removed, *fig_returned; /* an attack removes it; it goes back to the supply */
        bool *fig_choice;           /* its owner must remove one of the figures so marked */
        bool *tok_new;              /* a castle or barn the move builds */
        int built_bridge;           /* the tile placed gets its bridge */
        bool *post_back;            /* a player's meeples at a post go back to the supply */
        bool catapult_off[TKIT_POST_COUNT];
        struct tkit_view_post post[TKIT_POST_COUNT];
        struct tkit_view_refusal *refusals;
        size_t nrefusals, caprefusals;
        /* the board: every cell, sorted by y then x (a cell given twice keeps its last tile); the
         * tile the move places when the state shows it (placed, at px, py) */
        struct tkit_view_cell *cells;
        size_t ncells, capcells;
        struct tkit_view_missing *missing;
        size_t nmissing, capmissing;
        bool placed;
        int px, py;
        /* Where things stand, resolved on these cells (tkit_place_resolve: the one reading of a
         * feature as an author writes it): the feature index on its cell's tile of each figure of
         * the state (fig_feature; TKIT_PLACE_BRIDGE for a bridge), of each figure of the scene as given (from_feature: where a
         * figure the move moves stood), of each castle of the state, of each callout; -1 for a
         * figure not on a feature or on a tile the sets do not hold, TKIT_VIEW_NO_TILE when no
         * tile is there, TKIT_VIEW_NO_FEATURE when the tile has no such feature. A refusal's is in
         * the refusal. */
        int *fig_feature, *from_feature, *castle_feature, *callout_feature;
};
enum { TKIT_VIEW_NO_FEATURE = -3, TKIT_VIEW_NO_TILE = -4 }; /* TKIT_PLACE_BRIDGE is -2 */
/* Resolves `state` of `orig` with the engine's result `r` (needed but for the state before). */
void tkit_game_view(const struct tkit_scene *orig, struct tkit_set *const *sets, size_t nsets,
                    const struct tkit_game_result *r, enum tkit_scene_state state,
                    struct tkit_game_view *v);
/* The cell at (x, y) of the view's board, or NULL. O(log n). */
const struct tkit_view_cell *tkit_game_view_cell(const struct tkit_game_view *v, int x, int y);
/* The board of the view replaced by `cells` (another board's: `render board --scene` draws a
 * scene's figures on a layout), and everything resolved again on it. */
void tkit_game_view_set_cells(struct tkit_game_view *v, const struct tkit_view_cell *cells,
                              size_t n);
void tkit_game_view_finish(struct tkit_game_view *v);

#endif
