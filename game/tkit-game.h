/*
 * tilekit — the rules engine ("game"): a scene (model/tkit-scene.h) is resolved against the tile
 * sets in play, validated (a legal board in one piece, no more copies of a tile than its set has,
 * figures on features that exist and may hold them, posts within their spaces, tokens within the
 * sets' counts) and its move applied by the scoring rules of the rulebooks (docs/scoring.md),
 * giving an ordered list of events (model/tkit-event.h: structures, no sentences; text/tkit-text.h
 * words them) and the scene after the move. Depends on model/ only.
 *
 * Memory: a result owns its events, their places and the scene after;
 * tkit_game_result_finish() frees them. The sets must outlive the engine's use of them.
 */
#ifndef TKIT_GAME_H
#define TKIT_GAME_H

#include "model/tkit-model.h"
#include "model/tkit-event.h"
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

#endif
