/* The round-trip check shared by the reader fuzz targets and tests/badinput (which replays the
 * fuzzers' crashes): whatever a reader accepts, the canonical native writer writes, the native
 * reader reads back as the same model, and writing that again gives the same bytes
 * (docs/format.md, canonical form). Header-only so that the fuzzers need no test library. */
#ifndef TKIT_FUZZ_ROUNDTRIP_H
#define TKIT_FUZZ_ROUNDTRIP_H

#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"

/* True when `s` survives write → read → write; otherwise false, and *why (caller frees) says
 * what went wrong, with the canonical text when it could not be read back. */
static inline bool round_trip_ok(const struct tkit_set *s, char **why)
{
        struct tkit_buf a, b;
        struct tkit_setlist back;
        struct tkit_diags d;
        tkit_buf_init(&a);
        tkit_buf_init(&b);
        tkit_setlist_init(&back);
        tkit_diags_init(&d);
        *why = NULL;
        tkit_native_write(s, &a);
        if (tkit_read_memory(a.data, a.len, "canonical.xml", TKIT_FORMAT_NATIVE, &back, &d) != 0 ||
            back.n != 1) {
                char *first = d.n ? tkit_diag_format(&d.v[0]) : tkit_xstrdup("no set read");
                *why = tkit_xasprintf("canonical form not read back: %s\nin:\n%s", first, a.data);
                free(first);
        } else if (!tkit_set_equal(s, back.sets[0], why)) {
                /* *why says what differs */
        } else {
                tkit_native_write(back.sets[0], &b);
                if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
                        *why = tkit_xstrdup("a second canonical write gives other bytes");
        }
        tkit_setlist_finish(&back);
        tkit_diags_finish(&d);
        tkit_buf_finish(&a);
        tkit_buf_finish(&b);
        return *why == NULL;
}

/* The fuzz targets' form: traps on the first set that does not survive. */
static inline void fuzz_round_trip(const struct tkit_setlist *sets)
{
        for (size_t i = 0; i < sets->n; i++) {
                char *why = NULL;
                if (!round_trip_ok(sets->sets[i], &why))
                        __builtin_trap();
        }
}

#endif
