/* libFuzzer target for one XML reader, chosen at build time: FUZZ_FORMAT is TKIT_FORMAT_NATIVE
 * (fuzz-native: schema validation and model building) or TKIT_FORMAT_JCZ (fuzz-jcz). */
#include <stddef.h>
#include <stdint.h>

#include "formats/tkit-formats.h"
#include "fuzz-roundtrip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        int rc = tkit_read_memory((const char *)data, size, "fuzz.xml", FUZZ_FORMAT, &sets, &d);
        /* A failed read must hand back nothing; a successful one must say nothing is wrong. */
        if ((rc != 0 && sets.n != 0) || (rc == 0 && d.errors != 0))
                __builtin_trap();
        fuzz_round_trip(&sets);
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
        return 0;
}
