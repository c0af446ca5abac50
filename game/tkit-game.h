/*
 * tilekit — the rules engine ("game"): a scene (model/tkit-scene.h) is resolved against the tile
 * sets in play, validated (a legal board in one piece, no more copies of a tile than its set has,
 * figures on features that exist and may hold them, posts within their spaces, tokens within the
 * sets' counts) and its move applied by the scoring rules of the rulebooks (docs/scoring.md),
 * giving an ordered list of events — phase, what happened, to whom, points, the rule — and the
 * scene after the move. Depends on model/ only.
 *
 * Memory: a result owns its events, their strings and the scene after; tkit_game_result_finish()
 * frees them. The sets must outlive the engine's use of them.
 */
#ifndef TKIT_GAME_H
#define TKIT_GAME_H

#include "model/tkit-model.h"
#include "model/tkit-scene.h"

/* The phases of a turn, in order, and the end of the game. */
enum tkit_game_phase {
        TKIT_PHASE_DRAW = 0, /* siege symbols: catapults advance, attacks (before placing) */
        TKIT_PHASE_TILE,     /* phase 1: the tile is placed; bridge, castle or barn built */
        TKIT_PHASE_FIGURE,   /* phase 2: a figure placed (or the abbot recalled), post bonus */
        TKIT_PHASE_SCORE,    /* phase 3: counterattack, maiden, barn, then completed features */
        TKIT_PHASE_TURN_END, /* escape (1st edition) */
        TKIT_PHASE_FINAL,    /* end of the game: final counterattacks, then final scoring */
        TKIT_PHASE_COUNT
};
const char *
tkit_game_phase_name(enum tkit_game_phase p); /* draw tile figure score turn-end final */

enum tkit_game_event_kind {
        TKIT_EV_SCORE = 0, /* a feature or a post scores `points` for `player` */
        TKIT_EV_RETURN,    /* a figure goes back to its owner */
        TKIT_EV_REMOVE,    /* a figure is removed (attack) */
        TKIT_EV_BUILD,     /* a bridge, castle or barn is built */
        TKIT_EV_CONVERT,   /* a meeple becomes a maiden; a farmer moves onto a barn */
        TKIT_EV_CATAPULT,  /* a catapult advances to a post, or is removed */
        TKIT_EV_CHOICE,    /* a choice the scene leaves open (which figure to remove, ...) */
        TKIT_EV_NOTE,      /* something worth saying that changes nothing */
        TKIT_EV_KIND_COUNT
};
const char *tkit_game_event_kind_name(enum tkit_game_event_kind k);

/* A board place an event is about: a feature of the tile on cell (x, y) (index into that
 * cell's tile definition's features; TKIT_GAME_PLACE_CELL for the cell as a whole, e.g. a post or
 * a corner; TKIT_GAME_PLACE_BRIDGE for the bridge on that cell). */
#define TKIT_GAME_PLACE_CELL (-1)
#define TKIT_GAME_PLACE_BRIDGE (-2)
struct tkit_game_place {
        int x, y;
        int feature;
};

struct tkit_game_event {
        enum tkit_game_phase phase;
        enum tkit_game_event_kind kind;
        const char *rule; /* stable scoring rule id (docs/scoring.md), static; NULL for none */
        int player;       /* index into the scene's players; -1 for nobody */
        int points;       /* 0 unless kind is SCORE */
        enum tkit_feature_kind feature_kind; /* what scored (for words in other languages) */
        int post;                            /* enum tkit_post for post events, else -1 */
        int figure; /* index into the scene's figures (before the move) concerned, else -1 */
        char *text; /* one English sentence: "Blue's road of 3 tiles and 1 bridge: 6" */
        struct tkit_game_place *places; /* the feature across its tiles (for tints and badges) */
        size_t nplaces;
        int line;          /* line of the scene element concerned, 0 when none */
        const char *count; /* the expectation word it counts for ("completed-road", "returned",
                              ...; docs/scoring.md), static; NULL for none */
};

struct tkit_game_result {
        struct tkit_game_event *events;
        size_t nevents, capevents;
        int points[TKIT_SCENE_MAX_PLAYERS]; /* the move's points per player */
        struct tkit_scene *after;           /* the scene after the move (move NONE) */
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

/* Every rule id the engine uses (events and SCENE-* diagnostics), each documented in
 * docs/scoring.md; `n` receives the count. */
const char *const *tkit_game_rule_ids(size_t *n);

/* Compares the scene's expectations with `r`: one error per difference (rule SCENE-EXPECT, at the
 * expectation's line, "expected X, computed Y" per player). Returns 0 or TKIT_E_INVALID. */
int tkit_game_check_expect(const struct tkit_scene *scene, const struct tkit_game_result *r,
                           struct tkit_diags *d);

#endif
