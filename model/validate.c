/* Identity and reference checks that every reader runs before handing a set on, and that the
 * checker runs again on sets loaded from a database: ids unique, references resolve, counts sane.
 * They live in the model because they need nothing but the model, and an import must refuse what
 * fails them. */
#include "tkit-model.h"

#include <string.h>

#define RULE_DUP "ID-DUP"
#define RULE_REF "REF-TOUCH"
#define RULE_COUNT "COUNT-RANGE"

static int check_features(const struct tkit_set *s, const struct tkit_tile *t, struct tkit_diags *d)
{
        int bad = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                for (size_t j = 0; j < i; j++)
                        if (strcmp(t->features[j].id, f->id) == 0) {
                                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, f->line, RULE_DUP, s->id,
                                               t->id,
                                               "duplicate feature id '%s' (first at line %d)",
                                               f->id, t->features[j].line);
                                bad++;
                                break;
                        }
                for (size_t k = 0; k < f->ntouches; k++) {
                        int c = tkit_tile_find_feature(t, f->touches[k]);
                        if (c >= 0 && t->features[c].kind == TKIT_CITY)
                                continue;
                        tkit_diags_add(
                            d, TKIT_SEV_ERROR, s->file, f->line, RULE_REF, s->id, t->id,
                            c < 0 ? "%s '%s' touches '%s', which is not a feature of this tile"
                                  : "%s '%s' touches '%s', which is not a city",
                            tkit_feature_kind_name(f->kind), f->id, f->touches[k]);
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
        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, line, RULE_COUNT, s->id, id,
                       "%s count %d is outside 1..%d", what, count, TKIT_MAX_COUNT);
        return 1;
}

static int check_tiles(const struct tkit_set *s, struct tkit_diags *d)
{
        int bad = 0;
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                for (size_t j = 0; j < i; j++)
                        if (strcmp(s->tiles[j].id, t->id) == 0) {
                                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, t->line, RULE_DUP, s->id,
                                               t->id, "duplicate tile id '%s' (first at line %d)",
                                               t->id, s->tiles[j].line);
                                bad++;
                                break;
                        }
                bad += check_count(s, "tile", t->id, t->line, t->count, d);
                bad += check_features(s, t, d);
        }
        return bad;
}

static int check_pieces(const struct tkit_set *s, struct tkit_diags *d)
{
        int bad = 0;
        for (size_t i = 0; i < s->npieces; i++) {
                const struct tkit_piece *p = &s->pieces[i];
                for (size_t j = 0; j < i; j++)
                        if (strcmp(s->pieces[j].id, p->id) == 0) {
                                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, p->line, RULE_DUP, s->id,
                                               p->id, "duplicate piece id '%s'", p->id);
                                bad++;
                                break;
                        }
                if (tkit_set_find_tile(s, p->id) >= 0) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, p->line, RULE_DUP, s->id, p->id,
                                       "piece id '%s' is also a tile id", p->id);
                        bad++;
                }
                bad += check_count(s, "piece", p->id, p->line, p->count, d);
                for (int c = 0; c < p->width * p->height; c++)
                        bad += check_features(s, &p->cells[c], d);
        }
        return bad;
}

int tkit_set_validate(const struct tkit_set *s, struct tkit_diags *d)
{
        int bad = check_tiles(s, d) + check_pieces(s, d);
        for (size_t i = 0; i < s->ntokens; i++)
                if (s->tokens[i].count < 0 || s->tokens[i].count > TKIT_MAX_COUNT) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, s->tokens[i].line, RULE_COUNT,
                                       s->id, NULL, "%s token count %d is outside 0..%d",
                                       tkit_token_name(s->tokens[i].kind), s->tokens[i].count,
                                       TKIT_MAX_COUNT);
                        bad++;
                }
        return bad ? TKIT_E_INVALID : TKIT_OK;
}
