/* Shared between the files of rules/; not part of the public API. */
#ifndef TKIT_RULES_PRIVATE_H
#define TKIT_RULES_PRIVATE_H

#include "rules/tkit-rules.h"

/* Where findings go and what they say about: the set, and the tile or piece being checked. */
struct tkit_ck {
        const struct tkit_set *set;
        const char *tile; /* id used in findings, NULL for set-level findings */
        unsigned options;
        bool jcz; /* the set was read from JCloisterZone data */
        struct tkit_diags *d;
        int errors;
};

void tkit_ck_report(struct tkit_ck *c, enum tkit_severity sev, int line,
                    enum tkit_check_rule rule,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* "N E", "SL SR", "NL NM": whole sides by letter, other positions by name, written into `buf`
 * of `size` bytes (cut to fit; TKIT_MASK_STR_SIZE always fits); returns buf. */
#define TKIT_MASK_STR_SIZE 48 /* twelve positions, "NL NM NR EL ..." */
const char *tkit_mask_str(uint16_t mask, char *buf, size_t size);

/* A line across the tile's inside that fields cannot cross: one ground-layer feature, or several
 * that meet (roads ending together at a crossing or village, a road and the city or river it
 * ends at). Removing its positions splits the perimeter into arcs (tkit_mask_separates). */
struct barrier {
        uint16_t mask;
        int a, b;         /* the feature (b = -1), or the first of a group (b = -2) */
        const char *what; /* for groups: "the roads ending at the crossing" */
};
/* A feature gives at most two barriers (itself, and a road joined to the city or river it ends
 * at) and the road groups three more: for the TKIT_MAX_FEATURES a tile can have (every reader
 * refuses more), this many. tkit_ck_barriers fills v with room for them and returns how many;
 * the caller checks t->nfeatures <= TKIT_MAX_FEATURES first. */
#define TKIT_CK_MAX_BARRIERS (2 * TKIT_MAX_FEATURES + 3)
size_t tkit_ck_barriers(const struct tkit_tile *t, struct barrier *v);
/* The topology rules (rules/topology.c): FIELD-SPLIT, FIELD-CUT, FIELD-DIVIDER. */
void tkit_check_topology(struct tkit_ck *c, const struct tkit_tile *t);
/* " (see: tilekit render tile 'ID' --tiles 'FILE' --debug -o tile.png)": the picture of what
 * the checker inferred, for a finding of the tile being checked (topology.c). */
const char *tkit_ck_debug_hint(const struct tkit_ck *c, char *buf, size_t size);

/* Tile-level rules on one tile (or piece cell) with findings labelled c->tile. */
void tkit_check_tile_rules(struct tkit_ck *c, const struct tkit_tile *t);
/* Set-level rules. */
void tkit_check_set_rules(struct tkit_ck *c, const struct tkit_setlist *context);

bool tkit_set_is_jcz(const struct tkit_set *s);

/* A key equal for two tiles exactly when tkit_tile_same_type(a, b, flags) finds a rotation: the
 * least of the descriptions of the tile's four rotations. Caller frees. */
char *tkit_tile_type_key(const struct tkit_tile *t, unsigned flags);

#endif
