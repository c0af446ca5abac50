/* Identity and reference checks that every reader runs before handing a set on, and that the
 * checker runs again on sets loaded from a database: ids unique, references resolve, counts sane.
 * They live in the model because they need nothing but the model, and an import must refuse what
 * fails them. */
#include "tkit-model.h"

#include <stdlib.h>
#include <string.h>

#define RULE_DUP tkit_check_rule_id(TKIT_CR_ID_DUP)
#define RULE_REF tkit_check_rule_id(TKIT_CR_REF_TOUCH)
#define RULE_COUNT tkit_check_rule_id(TKIT_CR_COUNT_RANGE)

/* REF-TOUCH, in the words of docs/format.md, with the cities the field could name. `why`: 0 no
 * such feature, 1 named twice, 2 not a city. */
static void ref_error(const struct tkit_set *s, const struct tkit_tile *t,
                      const struct tkit_feature *f, const char *name, int why, struct tkit_diags *d)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == TKIT_CITY)
                        tkit_buf_printf(&b, "%s'%s'", b.len ? ", " : "", t->features[i].id);
        const char *what = why == 0   ? "which is not a feature of this tile"
                           : why == 1 ? "twice"
                                      : "which is not a city";
        const char *fix =
            why == 1 ? "list each city once" : "touches=\"...\" names cities of the tile";
        if (b.len)
                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, f->line, RULE_REF, s->id, t->id,
                               "%s '%s' touches '%s', %s: %s; the tile's cities are %s",
                               tkit_feature_kind_name(f->kind), f->id, name, what, fix, b.data);
        else
                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, f->line, RULE_REF, s->id, t->id,
                               "%s '%s' touches '%s', %s: %s, and this tile has none; remove "
                               "touches=\"...\"",
                               tkit_feature_kind_name(f->kind), f->id, name, what, fix);
        tkit_buf_finish(&b);
}

static int check_features(const struct tkit_set *s, const struct tkit_tile *t, struct tkit_diags *d)
{
        int bad = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                for (size_t j = 0; j < i; j++)
                        if (strcmp(t->features[j].id, f->id) == 0) {
                                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, f->line, RULE_DUP, s->id,
                                               t->id,
                                               "duplicate feature id '%s' (first at line %d): the features of a tile "
                                               "need ids of their own; rename one",
                                               f->id, t->features[j].line);
                                bad++;
                                break;
                        }
                /* a city named twice would be one city to the model and two to a writer that
                 * lists them (JCloisterZone's), so it is refused; features are at most
                 * TKIT_MAX_FEATURES = 64, one bit each */
                uint64_t seen = 0;
                for (size_t k = 0; k < f->ntouches; k++) {
                        int c = tkit_tile_find_feature(t, f->touches[k]);
                        bool twice = c >= 0 && c < 64 && (seen >> c & 1);
                        if (c >= 0 && c < 64)
                                seen |= (uint64_t)1 << c;
                        if (c >= 0 && t->features[c].kind == TKIT_CITY && !twice)
                                continue;
                        ref_error(s, t, f, f->touches[k], c < 0 ? 0 : twice ? 1 : 2, d);
                        bad++;
                }
        }
        return bad;
}

static int check_count(const struct tkit_set *s, const char *what, const char *id, int line,
                       int count, struct tkit_diags *d)
{
        if (count >= 1 && count <= TKIT_MAX_COUNT)
                return 0;
        /* say what a count is, not only that this one is wrong (docs/format.md) */
        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, line, RULE_COUNT, s->id, id,
                       "%s count %d is outside 1..%d: a %s has 1 to %d copies in the box; give "
                       "count=\"N\" the number the rules list%s",
                       what, count, TKIT_MAX_COUNT, what, TKIT_MAX_COUNT,
                       count <= 0 ? ", or remove a definition the box does not hold" : "");
        return 1;
}

/* Duplicate ids are found by sorting, not by comparing every pair: a 16 MiB file holds some
 * 360 000 tiles, and the pairs took hours (tests/badinput). */
struct id_ref {
        const char *id;
        size_t i;
};

static int cmp_id_ref(const void *a, const void *b)
{
        const struct id_ref *x = a, *y = b;
        int c = strcmp(x->id, y->id);
        return c ? c : (x->i > y->i) - (x->i < y->i);
}

static int cmp_id_only(const void *a, const void *b)
{
        return strcmp(((const struct id_ref *)a)->id, ((const struct id_ref *)b)->id);
}

/* Sorts refs[0..n) by id (ties in index order) and returns first[], where first[i] is the
 * index of the earliest element with the id of element i (i itself when none is earlier).
 * The caller frees it. */
static size_t *first_with_id(struct id_ref *refs, size_t n)
{
        qsort(refs, n, sizeof *refs, cmp_id_ref);
        size_t *first = tkit_xmalloc((n ? n : 1) * sizeof *first);
        for (size_t k = 0; k < n; k++)
                first[refs[k].i] = k > 0 && strcmp(refs[k - 1].id, refs[k].id) == 0
                                       ? first[refs[k - 1].i]
                                       : refs[k].i;
        return first;
}

static struct id_ref *tile_refs(const struct tkit_set *s)
{
        struct id_ref *refs = tkit_xmalloc((s->ntiles ? s->ntiles : 1) * sizeof *refs);
        for (size_t i = 0; i < s->ntiles; i++)
                refs[i] = (struct id_ref){s->tiles[i].id, i};
        return refs;
}

/* `mark` is `s` itself when the caller may mark broken tiles (tkit_set_validate_marking), else
 * NULL. */
static int check_tiles(const struct tkit_set *s, struct tkit_set *mark, struct tkit_diags *d)
{
        int bad = 0;
        struct id_ref *refs = tile_refs(s);
        size_t *first = first_with_id(refs, s->ntiles);
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                if (first[i] != i) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, t->line, RULE_DUP, s->id, t->id,
                                       "duplicate tile id '%s' (first at line %d): rename one, or keep one "
                                       "definition with count=\"N\" for its copies", t->id,
                                       s->tiles[first[i]].line);
                        bad++;
                }
                int here =
                    check_count(s, "tile", t->id, t->line, t->count, d) + check_features(s, t, d);
                if (here && mark)
                        mark->tiles[i].broken = true;
                bad += here;
        }
        free(first);
        free(refs);
        return bad;
}

static int check_pieces(const struct tkit_set *s, struct tkit_set *mark, struct tkit_diags *d)
{
        int bad = 0;
        struct id_ref *tiles = tile_refs(s);
        qsort(tiles, s->ntiles, sizeof *tiles, cmp_id_ref);
        struct id_ref *refs = tkit_xmalloc((s->npieces ? s->npieces : 1) * sizeof *refs);
        for (size_t i = 0; i < s->npieces; i++)
                refs[i] = (struct id_ref){s->pieces[i].id, i};
        size_t *first = first_with_id(refs, s->npieces);
        for (size_t i = 0; i < s->npieces; i++) {
                const struct tkit_piece *p = &s->pieces[i];
                if (first[i] != i) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, p->line, RULE_DUP, s->id, p->id,
                                       "duplicate piece id '%s': rename one", p->id);
                        bad++;
                }
                struct id_ref key = {p->id, 0};
                if (bsearch(&key, tiles, s->ntiles, sizeof *tiles, cmp_id_only)) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, p->line, RULE_DUP, s->id, p->id,
                                       "piece id '%s' is also a tile id: tiles and pieces of a set "
                                       "share one namespace; rename the piece or the tile", p->id);
                        bad++;
                }
                int here = check_count(s, "piece", p->id, p->line, p->count, d);
                for (int c = 0; c < p->width * p->height; c++)
                        here += check_features(s, &p->cells[c], d);
                for (int c = 0; here && mark && c < p->width * p->height; c++)
                        mark->pieces[i].cells[c].broken = true;
                bad += here;
        }
        free(first);
        free(refs);
        free(tiles);
        return bad;
}

static int validate(const struct tkit_set *s, struct tkit_set *mark, struct tkit_diags *d)
{
        int bad = check_tiles(s, mark, d) + check_pieces(s, mark, d);
        for (size_t i = 0; i < s->ntokens; i++)
                if (s->tokens[i].count < 0 || s->tokens[i].count > TKIT_MAX_COUNT) {
                        tkit_diags_add(
                            d, TKIT_SEV_ERROR, s->file, s->tokens[i].line, RULE_COUNT, s->id, NULL,
                            "%s token count %d is outside 0..%d: count=\"N\" is the "
                            "number of these tokens in the box",
                            tkit_token_name(s->tokens[i].kind), s->tokens[i].count, TKIT_MAX_COUNT);
                        bad++;
                }
        return bad ? TKIT_E_INVALID : TKIT_OK;
}

int tkit_set_validate(const struct tkit_set *s, struct tkit_diags *d)
{
        return validate(s, NULL, d);
}

int tkit_set_validate_marking(struct tkit_set *s, struct tkit_diags *d)
{
        int rc = validate(s, s, d);
        if (rc)
                s->broken = true;
        return rc;
}
