/* The round-trip check of the scene fuzz target, shared with tests/scene (which replays the
 * target's crashes from tests/scene/crashes/): whatever the scene reader accepts, the canonical
 * writer writes, the reader reads back as an equal scene (tkit_scene_equal), and writing that
 * again gives the same bytes (docs/scene.md, canonical form). Header-only so that the fuzzer
 * needs no test library. */
#ifndef TKIT_FUZZ_SCENE_ROUNDTRIP_H
#define TKIT_FUZZ_SCENE_ROUNDTRIP_H

#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"

/* Whether `s` survives write → read → write; otherwise false, and *why (caller frees) says
 * what went wrong, with the canonical text when it could not be read back. */
static inline bool scene_survives(const struct tkit_scene *s, char **why)
{
        struct tkit_diags d;
        struct tkit_buf a, b;
        tkit_diags_init(&d);
        tkit_buf_init(&a);
        tkit_buf_init(&b);
        *why = NULL;
        tkit_scene_write(s, &a);
        struct tkit_scene *back = tkit_scene_read(a.data, a.len, "canonical.xml", &d);
        if (!back) {
                char *first = d.n ? tkit_diag_format(&d.v[0]) : tkit_xstrdup("?");
                *why = tkit_xasprintf("canonical form not read back: %s\nin:\n%s", first, a.data);
                free(first);
        } else if (tkit_scene_equal(s, back, why)) {
                tkit_scene_write(back, &b);
                if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
                        *why = tkit_xstrdup("a second canonical write gives other bytes");
        }
        tkit_scene_destroy(back);
        tkit_buf_finish(&a);
        tkit_buf_finish(&b);
        tkit_diags_finish(&d);
        return *why == NULL;
}

/* Reads `data`; true when the reader kept its contract (NULL exactly when it reported an error)
 * and what it accepted survives (scene_survives). Otherwise false, with *why. */
static inline bool scene_round_trip_ok(const char *data, size_t len, char **why)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        *why = NULL;
        struct tkit_scene *s = tkit_scene_read(data, len, "fuzz.xml", &d);
        if ((s == NULL) != (d.errors > 0))
                *why =
                    tkit_xasprintf("read %s with %zu errors", s ? "a scene" : "nothing", d.errors);
        else if (s)
                scene_survives(s, why);
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
        return *why == NULL;
}

#endif
