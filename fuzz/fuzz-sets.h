/* The bundled tile sets, read once at fuzzer start by the targets that play against them
 * (fuzz-layout, fuzz-scene): every DIR/NAME.xml, where DIR is $TKIT_FUZZ_TILESETS or the
 * directory built in. Any failure aborts: a fuzzer without its sets would test nothing. */
#ifndef TKIT_FUZZ_SETS_H
#define TKIT_FUZZ_SETS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"

static inline void fuzz_read_or_abort(const char *path, struct tkit_setlist *sets)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        if (tkit_read_file(path, TKIT_FORMAT_AUTO, sets, &d) != 0)
                abort();
        tkit_diags_finish(&d);
}

/* Reads the tile directory into `sets` (initialised here); returns the directory's path. */
static inline const char *fuzz_read_tilesets(struct tkit_setlist *sets)
{
        const char *dir = getenv("TKIT_FUZZ_TILESETS");
        if (!dir)
                dir = TKIT_FUZZ_TILESETS;
        tkit_setlist_init(sets);
        DIR *dh = opendir(dir);
        if (!dh)
                abort();
        char path[4096];
        for (struct dirent *e; (e = readdir(dh)) != NULL;) {
                size_t n = strlen(e->d_name);
                if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
                        continue;
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                fuzz_read_or_abort(path, sets);
        }
        closedir(dh);
        if (sets->n == 0)
                abort();
        return dir;
}

#endif
