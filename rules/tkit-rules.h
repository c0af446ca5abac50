/*
 * tilekit — the rule catalogue and the checker.
 *
 * Every check has a stable id (e.g. "GEO-CROSS"), a severity, a one-line summary and an
 * explanation. The catalogue below is the single list of them: `tilekit check --list-rules` prints
 * it and docs/rules.md documents the same ids (a test compares the two).
 *
 * The checker never prints: findings go into a caller-supplied struct tkit_diags as
 * `file:line: severity: [RULE] tile ID: message`, with set->file and the line of the tile,
 * feature, piece or manifest entry concerned.
 *
 * Sets read from JCloisterZone data (set->source_format "jcz") lack some information (road-end
 * kinds, the junction flag, rule modules, manifests); rules that need it are not applied to them
 * (TKIT_CHECK_VERBOSE adds a note saying which). Everything decidable is applied in full.
 */
#ifndef TKIT_RULES_H
#define TKIT_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "model/tkit-model.h"

/* ---------------------------------------------------------------- the catalogue */

enum tkit_rule_scope {
        TKIT_SCOPE_TILE = 0, /* one tile (or one cell of a piece) at a time */
        TKIT_SCOPE_SET,      /* the set as a whole: manifest, tokens, river, pieces */
        TKIT_SCOPE_READ,     /* reported while reading or validating (tkit_set_validate) */
};

struct tkit_rule_info {
        enum tkit_check_rule rule; /* its id: tkit_check_rule_id(); tkit_rules[r].rule == r */
        enum tkit_severity severity; /* the usual severity; a few rules report notes too */
        enum tkit_rule_scope scope;
        bool jcz;                /* applied to sets read from JCloisterZone data */
        const char *summary;     /* one line */
        const char *explanation; /* a paragraph: what is checked, why, and how to fix it */
};

/* The catalogue, in documentation order; tkit_rules_count entries. Static storage. */
extern const struct tkit_rule_info tkit_rules[];
extern const size_t tkit_rules_count;
/* The entry with this id, or NULL. */
const struct tkit_rule_info *tkit_rule_find(const char *id);
/* Writes the catalogue as "ID  severity  summary" lines (or a JSON array when `json`). */
void tkit_rules_write(FILE *out, bool json);
/* docs/rules.md as built into the library (NUL-terminated; its length in *len unless NULL). */
const char *tkit_rules_doc(size_t *len);
/* The page of rule `id` in docs/rules.md: from its heading "### `ID`" up to the next heading,
 * without the blank lines before it. Points into tkit_rules_doc(); its length in *len. NULL when
 * the page has no such heading. */
const char *tkit_rule_page(const char *id, size_t *len);
/* Catalogue ids close to `id` (a few edits away, or of the same family: GEO-, SET-), in catalogue
 * order, at most `max` of them into `out`; returns how many. */
size_t tkit_rules_close(const char *id, const char **out, size_t max);

/* ---------------------------------------------------------------- checking */

enum tkit_check_options {
        TKIT_CHECK_VERBOSE = 1u << 0,  /* add notes: rules not applied to a JCZ set, and why */
        TKIT_CHECK_VALIDATE = 1u << 1, /* also run tkit_set_validate() (sets from a database) */
};

/* Checks one set. `context` (may be NULL) holds the other sets in play: the sets named by
 * set->requires are looked up there (river chains, matchable sides); a set without `requires`
 * is checked together with every set of `context` for the rules that need companions.
 * Returns 0 when no error was reported, TKIT_E_INVALID otherwise (warnings do not count). */
int tkit_check_set(const struct tkit_set *s, const struct tkit_setlist *context, unsigned options,
                   struct tkit_diags *d);
/* Checks every set of the list, each with the list as context. Same return value. */
int tkit_check_setlist(const struct tkit_setlist *l, unsigned options, struct tkit_diags *d);

/* Tile-level rules only (geometry, field–city links, attributes, symbols), for one tile of `s`
 * (s gives the file, set id and source format of the findings). Returns the number of errors. */
int tkit_check_tile(const struct tkit_set *s, const struct tkit_tile *t, unsigned options,
                    struct tkit_diags *d);

/* ---------------------------------------------------------------- geometry helpers */

/* tkit_masks_cross() (two features interleaving around the perimeter) is in the model. */
/* Whether `x` separates `a` from `b`: they lie in different arcs of the perimeter left when the
 * positions of `x` are removed (neither may share positions with `x`). */
bool tkit_mask_separates(uint16_t x, uint16_t a, uint16_t b);

/* ---------------------------------------------------------------- comparing tiles */

enum tkit_same_flags {
        TKIT_SAME_MARKERS = 1u << 0,     /* markers (tile and feature extras) must be equal too */
        TKIT_SAME_IGNORE_ENDS = 1u << 1, /* ignore road ends and the junction flag (JCZ data) */
};
/* Whether two tiles show the same thing up to rotation: same features (kind, positions, pennants,
 * besieger, cathedral, road ends, junction, overpass, inn, field–city links), same inner
 * features, symbols, illustrations and group; ids, names, counts, provenance and lines are
 * ignored, markers unless TKIT_SAME_MARKERS. Returns the quarter turns r (0..3) such that `a`
 * rotated by r equals `b`, or -1. */
int tkit_tile_same_type(const struct tkit_tile *a, const struct tkit_tile *b, unsigned flags);
/* Appends to `out` a short description of how `b` differs from `a` ("; "-separated phrases:
 * sides, pennants, symbols, illustrations, features by kind, field–city links), comparing after
 * the rotation that best matches the sides. Returns the number of phrases appended. */
int tkit_tile_describe_diff(const struct tkit_tile *a, const struct tkit_tile *b, unsigned flags,
                            struct tkit_buf *out);

/* ---------------------------------------------------------------- comparing sets */

enum tkit_diff_kind {
        TKIT_DIFF_COUNT = 0, /* the same type in both, with other counts */
        TKIT_DIFF_DIFFERENT, /* types with the same sides up to rotation that differ otherwise */
        TKIT_DIFF_MISSING,   /* a type only in A */
        TKIT_DIFF_EXTRA,     /* a type only in B */
        TKIT_DIFF_CHANGED,   /* the same tile id in both, changed: its features compared by id */
};
#define TKIT_DIFF_KIND_COUNT 5
/* count different missing extra changed */
const char *tkit_diff_kind_name(enum tkit_diff_kind k);

struct tkit_diff_item {
        enum tkit_diff_kind kind;
        const struct tkit_tile *a, *b; /* into the compared sets; NULL for extra / missing */
        char *what;                    /* readable description, owned by the item */
};

struct tkit_set_diff {
        struct tkit_diff_item *v;
        size_t n, cap;
        int same; /* types equal in both, counts included */
};
void tkit_set_diff_init(struct tkit_set_diff *d);
void tkit_set_diff_finish(struct tkit_set_diff *d);
/* Matches the tile types of `a` and `b` up to rotation (tkit_tile_same_type with `flags`), then
 * the tiles left that keep their id (changed: the features that differ, by feature id), then the
 * rest by sides (different), and lists what differs, in the order of `a` then `b`. The items point
 * into `a` and `b`, which must outlive `out`. */
void tkit_set_compare(const struct tkit_set *a, const struct tkit_set *b, unsigned flags,
                      struct tkit_set_diff *out);

#endif
