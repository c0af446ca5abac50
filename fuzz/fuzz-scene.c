/* libFuzzer target for the scene reader (docs/scene.md): NULL exactly when an error was
 * reported, and every scene accepted survives the canonical write → read → write
 * (fuzz/scene-roundtrip.h). */
#include <stddef.h>
#include <stdint.h>

#include "scene-roundtrip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        char *why = NULL;
        if (!scene_round_trip_ok((const char *)data, size, &why))
                __builtin_trap();
        return 0;
}
