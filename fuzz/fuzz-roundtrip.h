/* The check shared by the reader targets: whatever a reader accepts, the canonical native writer
 * writes, the native reader reads back as the same model, and writing that again gives the same
 * bytes (docs/format.md, canonical form). Traps on any difference. */
#ifndef TKIT_FUZZ_ROUNDTRIP_H
#define TKIT_FUZZ_ROUNDTRIP_H

#include <string.h>

#include "formats/tkit-formats.h"

static inline void fuzz_round_trip(const struct tkit_setlist *sets)
{
        for (size_t i = 0; i < sets->n; i++) {
                struct tkit_buf a, b;
                struct tkit_setlist back;
                struct tkit_diags d;
                tkit_buf_init(&a);
                tkit_buf_init(&b);
                tkit_setlist_init(&back);
                tkit_diags_init(&d);
                tkit_native_write(sets->sets[i], &a);
                if (tkit_read_memory(a.data, a.len, "canonical.xml", TKIT_FORMAT_NATIVE, &back,
                                     &d) != 0 ||
                    back.n != 1 || !tkit_set_equal(sets->sets[i], back.sets[0], NULL))
                        __builtin_trap();
                tkit_native_write(back.sets[0], &b);
                if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
                        __builtin_trap();
                tkit_setlist_finish(&back);
                tkit_diags_finish(&d);
                tkit_buf_finish(&a);
                tkit_buf_finish(&b);
        }
}

#endif
