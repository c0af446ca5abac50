/* The rules-engine check of the scene fuzz target, shared with the test that replays its crashes
 * (tests/rules, test-check-scenes): every scene the reader accepts is validated against the
 * bundled tile sets and, when legal, its move is applied (and the end of the game scored). What
 * must hold for any input besides "no crash, no leak": validation and application fail exactly
 * when they report an error, with TKIT_E_INVALID; a successful application gives a scene after
 * the move that survives the canonical write → read → write (scene-roundtrip.h); every event
 * names a player of the scene or nobody. Header-only so that the fuzzer needs no test library. */
#ifndef TKIT_FUZZ_SCENE_GAME_H
#define TKIT_FUZZ_SCENE_GAME_H

#include "game/tkit-game.h"
#include "scene-roundtrip.h"

/* Whether a call that returned `rc` and reported `errors` errors kept the contract: 0 and no
 * error, or TKIT_E_INVALID and at least one. */
static inline bool scene_game_contract(int rc, size_t errors)
{
        return rc == 0 ? errors == 0 : rc == TKIT_E_INVALID && errors > 0;
}

/* Applies the move of the legal scene `s` (with `final`: then scores the end); false with *why
 * when an invariant breaks. */
static inline bool scene_game_apply_ok(const struct tkit_scene *s, struct tkit_set *const *sets,
                                       size_t nsets, bool final, char **why)
{
        struct tkit_diags d;
        struct tkit_game_result r;
        tkit_diags_init(&d);
        tkit_game_result_init(&r);
        int rc = tkit_game_apply(s, sets, nsets, final, &r, &d);
        if (!scene_game_contract(rc, d.errors))
                *why = tkit_xasprintf("apply%s returned %d with %zu errors", final ? " final" : "",
                                      rc, d.errors);
        else if (rc == 0 && !r.after)
                *why = tkit_xasprintf("apply%s succeeded without a scene after",
                                      final ? " final" : "");
        else if (rc == 0)
                scene_survives(r.after, why); /* *why says what went wrong */
        for (size_t i = 0; !*why && i < r.nevents; i++)
                if (r.events[i].player < -1 || r.events[i].player >= (int)s->nplayers)
                        *why = tkit_xasprintf("event %zu (%s) names player %d of %zu", i,
                                              tkit_game_rule_id(r.events[i].rule),
                                              r.events[i].player, s->nplayers);
        tkit_game_result_finish(&r);
        tkit_diags_finish(&d);
        return *why == NULL;
}

/* Validates the scene `s` and, when legal, applies it both ways. */
static inline bool scene_game_ok(const struct tkit_scene *s, struct tkit_set *const *sets,
                                 size_t nsets, char **why)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        *why = NULL;
        int rc = tkit_game_validate(s, sets, nsets, &d);
        if (!scene_game_contract(rc, d.errors))
                *why = tkit_xasprintf("validate returned %d with %zu errors", rc, d.errors);
        else if (rc == 0 && scene_game_apply_ok(s, sets, nsets, false, why))
                scene_game_apply_ok(s, sets, nsets, true, why);
        tkit_diags_finish(&d);
        return *why == NULL;
}

#endif
