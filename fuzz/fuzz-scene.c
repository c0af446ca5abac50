/* libFuzzer target for the scene reader (docs/scene.md) and the rules engine (game/): NULL
 * exactly when an error was reported, and every scene accepted survives the canonical write →
 * read → write (fuzz/scene-roundtrip.h); then it is validated against the bundled tile sets and,
 * when legal, its move is applied, with and without final scoring (fuzz/scene-game.h). */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-sets.h"
#include "scene-game.h"
#include "scene-roundtrip.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct tkit_setlist sets;

/* Reads the bundled tile sets once, as `tilekit score` finds them: every tilesets/NAME.xml. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        (void)argc;
        (void)argv;
        fuzz_read_tilesets(&sets);
        return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        char *why = NULL;
        if (!scene_round_trip_ok((const char *)data, size, &why))
                __builtin_trap();
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s = tkit_scene_read((const char *)data, size, "fuzz.xml", &d);
        if (s && !scene_game_ok(s, sets.sets, sets.n, &why)) {
                fprintf(stderr, "fuzz-scene: %s\n", why);
                __builtin_trap();
        }
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
        return 0;
}
