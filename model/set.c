/* Pieces, tile sets and set lists. */
#include "model-private.h"

#include <stdlib.h>
#include <string.h>

void tkit_piece_finish(struct tkit_piece *p)
{
        free(p->id);
        for (int i = 0; i < p->width * p->height; i++)
                tkit_tile_finish(&p->cells[i]);
        free(p->cells);
        for (size_t i = 0; i < p->nfaces; i++) {
                free(p->faces[i].id);
                free(p->faces[i].posts);
        }
        free(p->faces);
        tkit_names_free(p->names, p->nnames);
        free(p->provenance);
        memset(p, 0, sizeof *p);
}

struct tkit_tile *tkit_piece_cell(struct tkit_piece *p, int x, int y)
{
        if (x < 0 || y < 0 || x >= p->width || y >= p->height)
                return NULL;
        return &p->cells[y * p->width + x];
}

const struct tkit_tile *tkit_piece_cell_const(const struct tkit_piece *p, int x, int y)
{
        return tkit_piece_cell((struct tkit_piece *)p, x, y);
}

struct tkit_set *tkit_set_create(const char *id)
{
        struct tkit_set *s = tkit_xcalloc(1, sizeof *s);
        s->id = tkit_xstrdup(id ? id : "");
        return s;
}

void tkit_set_destroy(struct tkit_set *s)
{
        if (!s)
                return;
        free(s->id);
        free(s->file);
        free(s->edition);
        for (size_t i = 0; i < s->nrequires; i++)
                free(s->requires[i]);
        free(s->requires);
        tkit_names_free(s->names, s->nnames);
        for (size_t i = 0; i < s->ntiles; i++)
                tkit_tile_finish(&s->tiles[i]);
        free(s->tiles);
        for (size_t i = 0; i < s->npieces; i++)
                tkit_piece_finish(&s->pieces[i]);
        free(s->pieces);
        free(s->tokens);
        for (size_t i = 0; i < s->nmanifest; i++) {
                free(s->manifest[i].of);
                free(s->manifest[i].note);
        }
        free(s->manifest);
        free(s->source_format);
        tkit_attrs_free(s->extra, s->nextra);
        tkit_index_finish(&s->tile_index);
        free(s);
}

struct tkit_tile *tkit_set_add_tile(struct tkit_set *s, const char *id)
{
        struct tkit_tile *t = TKIT_PUSH(s->tiles, s->ntiles, s->captiles);
        tkit_tile_init(t);
        t->id = tkit_xstrdup(id ? id : "");
        return t;
}

struct tkit_piece *tkit_set_add_piece(struct tkit_set *s, const char *id, int width, int height)
{
        struct tkit_piece *p = TKIT_PUSH(s->pieces, s->npieces, s->cappieces);
        memset(p, 0, sizeof *p);
        p->id = tkit_xstrdup(id ? id : "");
        p->count = 1;
        p->width = width > 0 ? width : 1;
        p->height = height > 0 ? height : 1;
        p->cells = tkit_xcalloc((size_t)(p->width * p->height), sizeof *p->cells);
        for (int y = 0; y < p->height; y++)
                for (int x = 0; x < p->width; x++) {
                        struct tkit_tile *c = &p->cells[y * p->width + x];
                        tkit_tile_init(c);
                        c->group = TKIT_GROUP_FORTRESS;
                        c->id = tkit_xasprintf("%s@%d,%d", p->id, x, y);
                }
        return p;
}

void tkit_set_add_name(struct tkit_set *s, const char *lang, const char *text)
{
        tkit_names_add(&s->names, &s->nnames, lang, text);
}

const char *tkit_set_name(const struct tkit_set *s, const char *lang)
{
        return tkit_names_get(s->names, s->nnames, lang);
}

void tkit_set_add_token(struct tkit_set *s, enum tkit_token_kind kind, int count, int line)
{
        s->tokens = tkit_xrealloc(s->tokens, (s->ntokens + 1) * sizeof *s->tokens);
        s->tokens[s->ntokens++] = (struct tkit_token){kind, count, line};
}

int tkit_set_token_count(const struct tkit_set *s, enum tkit_token_kind kind)
{
        int n = 0;
        for (size_t i = 0; i < s->ntokens; i++)
                if (s->tokens[i].kind == kind)
                        n += s->tokens[i].count;
        return n;
}

struct tkit_expect *tkit_set_add_expect(struct tkit_set *s, enum tkit_expect_what what,
                                        const char *of, int group, int count)
{
        s->manifest = tkit_xrealloc(s->manifest, (s->nmanifest + 1) * sizeof *s->manifest);
        struct tkit_expect *e = &s->manifest[s->nmanifest++];
        memset(e, 0, sizeof *e);
        e->what = what;
        e->of = tkit_xstrdup(of);
        e->group = group;
        e->count = count;
        return e;
}

void tkit_set_add_require(struct tkit_set *s, const char *id)
{
        s->requires = tkit_xrealloc(s->requires, (s->nrequires + 1) * sizeof(char *));
        s->requires[s->nrequires++] = tkit_xstrdup(id);
}

static const char *tile_id(const void *set, size_t i)
{
        return ((const struct tkit_set *)set)->tiles[i].id;
}

int tkit_set_find_tile(const struct tkit_set *s, const char *id)
{
        /* The index is a cache: updating it does not change what the set says, so a lookup in a
         * const set may extend it (sets are never shared between threads). */
        struct tkit_set *w = (struct tkit_set *)s;
        if (w->nindexed > w->ntiles) {
                tkit_index_finish(&w->tile_index);
                w->nindexed = 0;
        }
        for (; w->nindexed < w->ntiles; w->nindexed++)
                tkit_index_add(&w->tile_index, w->tiles[w->nindexed].id, w->nindexed);
        return (int)tkit_index_find(&s->tile_index, id, tile_id, s);
}

int tkit_set_tile_total(const struct tkit_set *s)
{
        int n = 0;
        for (size_t i = 0; i < s->ntiles; i++)
                n += s->tiles[i].count;
        return n;
}

void tkit_setlist_init(struct tkit_setlist *l)
{
        memset(l, 0, sizeof *l);
}

void tkit_setlist_finish(struct tkit_setlist *l)
{
        for (size_t i = 0; i < l->n; i++)
                tkit_set_destroy(l->sets[i]);
        free(l->sets);
        tkit_setlist_init(l);
}

void tkit_setlist_add(struct tkit_setlist *l, struct tkit_set *s)
{
        *TKIT_PUSH(l->sets, l->n, l->cap) = s;
}

struct tkit_set *tkit_setlist_find(const struct tkit_setlist *l, const char *id)
{
        for (size_t i = 0; i < l->n; i++)
                if (strcmp(l->sets[i]->id, id) == 0)
                        return l->sets[i];
        return NULL;
}
