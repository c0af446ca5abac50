/* The JCloisterZone writer's state, shared by formats/jcz-write.c (the document) and
 * formats/jcz-back.c (the document read back and compared with its sources). */
#ifndef TKIT_FORMATS_JCZ_WRITE_PRIVATE_H
#define TKIT_FORMATS_JCZ_WRITE_PRIVATE_H

#include "formats/formats-private.h"

#define RULE_LOSSY TKIT_RULE_JCZ_LOSSY

/* Open addressing over string keys; values are indices. Keys are borrowed. */
struct strindex {
        const char **keys;
        size_t *vals;
        size_t cap, n;
};

struct otile { /* one <tile> of the output */
        char *id;
        char *body; /* the element after its id attribute: equal bodies are one definition */
};

struct place { /* one tile of one set, as written */
        const struct tkit_set *set;
        const struct tkit_tile *tile;
        size_t out;          /* index into w->tiles */
        size_t fmap[64 + 1]; /* written feature k is tile->features[fmap[k]] */
        size_t nf;
        struct tkit_buf lost; /* "; "-separated phrases */
        bool markers_lost;    /* a tile or feature marker could not be written */
};

struct writer {
        struct tkit_diags *d;
        struct otile *tiles;
        size_t ntiles, captiles;
        struct strindex ids; /* written tile id -> index into tiles */
        struct place *places;
        size_t nplaces, capplaces;
        struct tkit_buf *setlost; /* per set */
        bool *set_markers_lost;
        char **prefixes; /* per set, NULL for sets whose ids are kept */
};

/* Adds what a tile lost on the way to `b`, "; " between the items. */
__attribute__((format(printf, 2, 3))) void tkit_jcz_lose(struct tkit_buf *b, const char *fmt, ...);

/* Reads the document `doc` back with the JCloisterZone reader and compares every tile with its
 * source: what did not survive is reported (JCZ-LOSSY). */
int tkit_jcz_read_back(struct writer *w, const struct tkit_set *const *sets, size_t n,
                       const char *doc, size_t len);

#endif
