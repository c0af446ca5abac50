/* Model equality, for round-trip checks (read → write → read, import → export): compares what a
 * set says, not where it was read from. Lines, set->file and set->source_format are ignored
 * unless `exact` (a database must give back even those); an absent string equals an empty one
 * (the format cannot tell them apart). */
#include "formats-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool tkit_cmp_differ(struct tkit_cmp *c, const char *fmt, ...)
{
        if (!c->why) {
                va_list ap;
                va_start(ap, fmt);
                c->why = tkit_xvasprintf(fmt, ap);
                va_end(ap);
        }
        return false;
}

bool tkit_cmp_str_eq(const char *a, const char *b)
{
        return strcmp(a ? a : "", b ? b : "") == 0;
}

bool tkit_cmp_names(struct tkit_cmp *c, const struct tkit_name *a, size_t na,
                    const struct tkit_name *b, size_t nb, const char *ctx)
{
        if (!SAME_INT(c, na, nb, "number of names", ctx))
                return false;
        for (size_t i = 0; i < na; i++)
                if (!SAME_STR(c, a[i].lang, b[i].lang, "name language", ctx) ||
                    !SAME_STR(c, a[i].text, b[i].text, "name", ctx))
                        return false;
        return true;
}

static bool attrs_eq(struct tkit_cmp *c, const struct tkit_attr *a, size_t na,
                     const struct tkit_attr *b, size_t nb, const char *ctx)
{
        if (!SAME_INT(c, na, nb, "number of markers", ctx))
                return false;
        for (size_t i = 0; i < na; i++)
                if (!SAME_STR(c, a[i].name, b[i].name, "marker name", ctx) ||
                    !SAME_STR(c, a[i].value, b[i].value, "marker value", ctx) ||
                    !SAME_LINE(c, a[i].line, b[i].line, ctx))
                        return false;
        return true;
}

static bool feature_eq(struct tkit_cmp *c, const struct tkit_feature *a,
                       const struct tkit_feature *b, const char *tile)
{
        char *ctx = tkit_xasprintf("%sfeature %s: ", tile, a->id);
        bool ok = SAME_STR(c, a->id, b->id, "id", ctx) &&
                  SAME_INT(c, a->kind, b->kind, "kind", ctx) &&
                  SAME_INT(c, a->mask, b->mask, "positions", ctx) &&
                  SAME_LINE(c, a->line, b->line, ctx) &&
                  SAME_INT(c, a->pennants, b->pennants, "pennants", ctx) &&
                  SAME_INT(c, a->besieger, b->besieger, "besieged", ctx) &&
                  SAME_INT(c, a->cathedral, b->cathedral, "cathedral", ctx) &&
                  SAME_INT(c, a->end, b->end, "end", ctx) &&
                  SAME_INT(c, a->junction, b->junction, "junction", ctx) &&
                  SAME_INT(c, a->overpass, b->overpass, "overpass", ctx) &&
                  SAME_INT(c, a->inn, b->inn, "inn", ctx) &&
                  SAME_INT(c, a->ntouches, b->ntouches, "number of touches", ctx);
        for (size_t i = 0; ok && i < a->ntouches; i++)
                ok = SAME_STR(c, a->touches[i], b->touches[i], "touches", ctx);
        ok = ok && attrs_eq(c, a->extra, a->nextra, b->extra, b->nextra, ctx);
        free(ctx);
        return ok;
}

static bool tile_eq(struct tkit_cmp *c, const struct tkit_tile *a, const struct tkit_tile *b)
{
        char *ctx = tkit_xasprintf("tile %s: ", a->id);
        bool ok =
            SAME_STR(c, a->id, b->id, "id", ctx) && SAME_INT(c, a->count, b->count, "count", ctx) &&
            SAME_LINE(c, a->line, b->line, ctx) && SAME_INT(c, a->group, b->group, "group", ctx) &&
            SAME_INT(c, a->start, b->start, "start", ctx) &&
            SAME_INT(c, a->nsymbols, b->nsymbols, "number of symbols", ctx) &&
            SAME_STR(c, a->illustrations, b->illustrations, "illustrations", ctx) &&
            SAME_INT(c, a->dividers, b->dividers, "field dividers", ctx) &&
            SAME_INT(c, a->basis, b->basis, "provenance basis", ctx) &&
            SAME_STR(c, a->provenance, b->provenance, "provenance", ctx) &&
            tkit_cmp_names(c, a->names, a->nnames, b->names, b->nnames, ctx) &&
            attrs_eq(c, a->extra, a->nextra, b->extra, b->nextra, ctx) &&
            SAME_INT(c, a->nfeatures, b->nfeatures, "number of features", ctx);
        for (size_t i = 0; ok && i < a->nsymbols && i < TKIT_MAX_SYMBOLS; i++)
                ok = SAME_INT(c, a->symbols[i], b->symbols[i], "symbol", ctx);
        for (size_t i = 0; ok && i < a->nfeatures; i++)
                ok = feature_eq(c, &a->features[i], &b->features[i], ctx);
        free(ctx);
        return ok;
}

static bool face_eq(struct tkit_cmp *c, const struct tkit_face *a, const struct tkit_face *b,
                    const char *ctx)
{
        bool ok = SAME_STR(c, a->id, b->id, "face id", ctx) &&
                  SAME_INT(c, a->min_players, b->min_players, "face min players", ctx) &&
                  SAME_INT(c, a->max_players, b->max_players, "face max players", ctx) &&
                  SAME_LINE(c, a->line, b->line, ctx) &&
                  SAME_INT(c, a->nposts, b->nposts, "number of posts", ctx);
        for (size_t i = 0; ok && i < a->nposts; i++) {
                const struct tkit_post_def *p = &a->posts[i], *q = &b->posts[i];
                ok = SAME_INT(c, p->kind, q->kind, "post kind", ctx) &&
                     SAME_INT(c, p->plain, q->plain, "post plain", ctx) &&
                     SAME_INT(c, p->dark3, q->dark3, "post dark3", ctx) &&
                     SAME_INT(c, p->fiveplus, q->fiveplus, "post fiveplus", ctx) &&
                     SAME_INT(c, p->meeple, q->meeple, "post meeple", ctx) &&
                     SAME_INT(c, p->catapult, q->catapult, "post catapult", ctx) &&
                     SAME_LINE(c, p->line, q->line, ctx);
        }
        return ok;
}

static bool piece_eq(struct tkit_cmp *c, const struct tkit_piece *a, const struct tkit_piece *b)
{
        char *ctx = tkit_xasprintf("piece %s: ", a->id);
        bool ok =
            SAME_STR(c, a->id, b->id, "id", ctx) && SAME_INT(c, a->count, b->count, "count", ctx) &&
            SAME_LINE(c, a->line, b->line, ctx) && SAME_INT(c, a->width, b->width, "width", ctx) &&
            SAME_INT(c, a->height, b->height, "height", ctx) &&
            SAME_INT(c, a->basis, b->basis, "provenance basis", ctx) &&
            SAME_STR(c, a->provenance, b->provenance, "provenance", ctx) &&
            tkit_cmp_names(c, a->names, a->nnames, b->names, b->nnames, ctx) &&
            SAME_INT(c, a->nfaces, b->nfaces, "number of faces", ctx);
        for (int i = 0; ok && i < a->width * a->height; i++)
                ok = tile_eq(c, &a->cells[i], &b->cells[i]);
        for (size_t i = 0; ok && i < a->nfaces; i++)
                ok = face_eq(c, &a->faces[i], &b->faces[i], ctx);
        free(ctx);
        return ok;
}

static bool set_head_eq(struct tkit_cmp *c, const struct tkit_set *a, const struct tkit_set *b)
{
        const char *ctx = "";
        bool ok =
            SAME_STR(c, a->id, b->id, "set id", ctx) &&
            (!c->exact || (SAME_STR(c, a->file, b->file, "file", ctx) &&
                           SAME_STR(c, a->source_format, b->source_format, "source format", ctx) &&
                           SAME_LINE(c, a->line, b->line, ctx))) &&
            SAME_STR(c, a->edition, b->edition, "edition", ctx) &&
            SAME_INT(c, a->year, b->year, "year", ctx) &&
            SAME_INT(c, a->rules, b->rules, "rules", ctx) &&
            SAME_INT(c, a->nrequires, b->nrequires, "number of requires", ctx) &&
            tkit_cmp_names(c, a->names, a->nnames, b->names, b->nnames, ctx) &&
            attrs_eq(c, a->extra, a->nextra, b->extra, b->nextra, ctx) &&
            SAME_INT(c, a->ntokens, b->ntokens, "number of tokens", ctx) &&
            SAME_INT(c, a->nmanifest, b->nmanifest, "manifest lines", ctx) &&
            SAME_INT(c, a->ntiles, b->ntiles, "number of tiles", ctx) &&
            SAME_INT(c, a->npieces, b->npieces, "number of pieces", ctx);
        for (size_t i = 0; ok && i < a->nrequires; i++)
                ok = SAME_STR(c, a->requires[i], b -> requires[i], "requires", ctx);
        for (size_t i = 0; ok && i < a->ntokens; i++)
                ok = SAME_INT(c, a->tokens[i].kind, b->tokens[i].kind, "token kind", ctx) &&
                     SAME_INT(c, a->tokens[i].count, b->tokens[i].count, "token count", ctx) &&
                     SAME_LINE(c, a->tokens[i].line, b->tokens[i].line, ctx);
        for (size_t i = 0; ok && i < a->nmanifest; i++) {
                const struct tkit_expect *e = &a->manifest[i], *f = &b->manifest[i];
                ok = SAME_INT(c, e->what, f->what, "expect what", ctx) &&
                     SAME_STR(c, e->of, f->of, "expect of", ctx) &&
                     SAME_INT(c, e->group, f->group, "expect group", ctx) &&
                     SAME_INT(c, e->count, f->count, "expect count", ctx) &&
                     SAME_STR(c, e->note, f->note, "expect note", ctx) &&
                     SAME_LINE(c, e->line, f->line, ctx);
        }
        return ok;
}

static bool set_eq(const struct tkit_set *a, const struct tkit_set *b, bool exact, char **why)
{
        struct tkit_cmp c = {NULL, exact};
        bool ok = set_head_eq(&c, a, b);
        for (size_t i = 0; ok && i < a->ntiles; i++)
                ok = tile_eq(&c, &a->tiles[i], &b->tiles[i]);
        for (size_t i = 0; ok && i < a->npieces; i++)
                ok = piece_eq(&c, &a->pieces[i], &b->pieces[i]);
        if (why)
                *why = c.why;
        else
                free(c.why);
        return ok;
}

bool tkit_set_equal(const struct tkit_set *a, const struct tkit_set *b, char **why)
{
        return set_eq(a, b, false, why);
}

bool tkit_set_equal_exact(const struct tkit_set *a, const struct tkit_set *b, char **why)
{
        return set_eq(a, b, true, why);
}
