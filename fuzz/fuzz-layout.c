/* libFuzzer target: the layout JSON reader (sim), with resolution and replay against the bundled
 * tile sets, and the writer: whatever the reader accepts must be written back, read again and
 * written to the same bytes. Inputs ending in a newline are also read with every set given twice
 * (verification must play each set once). */
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "fuzz-sets.h"
#include "sim/tkit-sim.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct tkit_setlist sets;
/* every set twice: a caller may repeat sets, and verification must still play each once */
static struct tkit_set **twice;

/* Reads every tilesets/NAME.xml once (fuzz/fuzz-sets.h). */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        fuzz_read_tilesets(&sets);
        twice = calloc(2 * sets.n, sizeof *twice);
        if (!twice)
                abort();
        for (size_t i = 0; i < sets.n; i++)
                twice[i] = twice[sets.n + i] = sets.sets[i];
        return 0;
}

/* Reads `data`; when accepted, checks write → read → write gives the same bytes. */
static void round_trip(const uint8_t *data, size_t size, struct tkit_set *const *play, size_t nsets)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_layout *l =
            tkit_layout_read_json((const char *)data, size, "fuzz.json", play, nsets, &d);
        if ((l == NULL) != (d.errors != 0))
                __builtin_trap(); /* NULL exactly when something was reported */
        if (l) {
                struct tkit_buf a, b;
                tkit_buf_init(&a);
                tkit_buf_init(&b);
                tkit_layout_write_json(l, &a);
                struct tkit_layout *l2 =
                    tkit_layout_read_json(a.data, a.len, "again.json", play, nsets, &d);
                if (!l2)
                        __builtin_trap();
                tkit_layout_write_json(l2, &b);
                if (a.len != b.len || memcmp(a.data, b.data, a.len) != 0)
                        __builtin_trap();
                tkit_layout_destroy(l2);
                tkit_buf_finish(&a);
                tkit_buf_finish(&b);
        }
        tkit_layout_destroy(l);
        tkit_diags_finish(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        round_trip(data, size, sets.sets, 0);
        round_trip(data, size, sets.sets, sets.n);
        if (size && data[size - 1] == '\n')
                round_trip(data, size, twice, 2 * sets.n); /* sometimes, with repeated sets */
        return 0;
}
