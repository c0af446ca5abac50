/* Features and tiles: construction, copying, and the questions every module asks of a tile. */
#include "model-private.h"

#include <stdlib.h>
#include <string.h>

void tkit_attrs_free(struct tkit_attr *a, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                free(a[i].name);
                free(a[i].value);
        }
        free(a);
}

struct tkit_attr *tkit_attrs_copy(const struct tkit_attr *a, size_t n)
{
        if (!n)
                return NULL;
        struct tkit_attr *c = tkit_xcalloc(n, sizeof *c);
        for (size_t i = 0; i < n; i++) {
                c[i].name = tkit_xstrdup(a[i].name);
                c[i].value = tkit_xstrdup(a[i].value);
                c[i].line = a[i].line;
        }
        return c;
}

void tkit_attrs_add(struct tkit_attr **a, size_t *n, const char *name, const char *value, int line)
{
        *a = tkit_xrealloc(*a, (*n + 1) * sizeof **a);
        (*a)[*n] = (struct tkit_attr){tkit_xstrdup(name), tkit_xstrdup(value ? value : ""), line};
        (*n)++;
}

void tkit_names_free(struct tkit_name *v, size_t n)
{
        for (size_t i = 0; i < n; i++) {
                free(v[i].lang);
                free(v[i].text);
        }
        free(v);
}

struct tkit_name *tkit_names_copy(const struct tkit_name *v, size_t n)
{
        if (!n)
                return NULL;
        struct tkit_name *c = tkit_xcalloc(n, sizeof *c);
        for (size_t i = 0; i < n; i++) {
                c[i].lang = tkit_xstrdup(v[i].lang);
                c[i].text = tkit_xstrdup(v[i].text);
        }
        return c;
}

void tkit_names_add(struct tkit_name **v, size_t *n, const char *lang, const char *text)
{
        *v = tkit_xrealloc(*v, (*n + 1) * sizeof **v);
        (*v)[*n] = (struct tkit_name){tkit_xstrdup(lang), tkit_xstrdup(text)};
        (*n)++;
}

const char *tkit_names_get(const struct tkit_name *v, size_t n, const char *lang)
{
        for (size_t i = 0; i < n; i++)
                if (strcmp(v[i].lang, lang) == 0)
                        return v[i].text;
        return NULL;
}

void tkit_feature_finish(struct tkit_feature *f)
{
        free(f->id);
        for (size_t i = 0; i < f->ntouches; i++)
                free(f->touches[i]);
        free(f->touches);
        tkit_attrs_free(f->extra, f->nextra);
        memset(f, 0, sizeof *f);
}

void tkit_feature_copy(struct tkit_feature *dst, const struct tkit_feature *src)
{
        *dst = *src;
        dst->id = tkit_xstrdup(src->id);
        dst->touches = src->ntouches ? tkit_xcalloc(src->ntouches, sizeof(char *)) : NULL;
        for (size_t i = 0; i < src->ntouches; i++)
                dst->touches[i] = tkit_xstrdup(src->touches[i]);
        dst->extra = tkit_attrs_copy(src->extra, src->nextra);
}

void tkit_feature_add_touch(struct tkit_feature *f, const char *city_id)
{
        f->touches = tkit_xrealloc(f->touches, (f->ntouches + 1) * sizeof(char *));
        f->touches[f->ntouches++] = tkit_xstrdup(city_id);
}

void tkit_feature_add_extra(struct tkit_feature *f, const char *name, const char *value, int line)
{
        tkit_attrs_add(&f->extra, &f->nextra, name, value, line);
}

void tkit_tile_init(struct tkit_tile *t)
{
        memset(t, 0, sizeof *t);
        t->count = 1;
}

void tkit_tile_finish(struct tkit_tile *t)
{
        free(t->id);
        for (size_t i = 0; i < t->nfeatures; i++)
                tkit_feature_finish(&t->features[i]);
        free(t->features);
        tkit_names_free(t->names, t->nnames);
        free(t->provenance);
        tkit_attrs_free(t->extra, t->nextra);
        memset(t, 0, sizeof *t);
}

void tkit_tile_copy(struct tkit_tile *dst, const struct tkit_tile *src)
{
        *dst = *src;
        dst->id = tkit_xstrdup(src->id);
        dst->features = src->nfeatures ? tkit_xcalloc(src->nfeatures, sizeof *dst->features) : NULL;
        dst->capfeatures = src->nfeatures;
        for (size_t i = 0; i < src->nfeatures; i++)
                tkit_feature_copy(&dst->features[i], &src->features[i]);
        dst->names = tkit_names_copy(src->names, src->nnames);
        dst->provenance = tkit_xstrdup(src->provenance);
        dst->extra = tkit_attrs_copy(src->extra, src->nextra);
}

struct tkit_feature *tkit_tile_add_feature(struct tkit_tile *t, enum tkit_feature_kind kind,
                                           const char *id)
{
        struct tkit_feature *f = TKIT_PUSH(t->features, t->nfeatures, t->capfeatures);
        memset(f, 0, sizeof *f);
        f->kind = kind;
        f->id = tkit_xstrdup(id ? id : "");
        return f;
}

int tkit_tile_find_feature(const struct tkit_tile *t, const char *id)
{
        for (size_t i = 0; i < t->nfeatures; i++)
                if (strcmp(t->features[i].id, id) == 0)
                        return (int)i;
        return -1;
}

void tkit_tile_add_name(struct tkit_tile *t, const char *lang, const char *text)
{
        tkit_names_add(&t->names, &t->nnames, lang, text);
}

const char *tkit_tile_name(const struct tkit_tile *t, const char *lang)
{
        return tkit_names_get(t->names, t->nnames, lang);
}

void tkit_tile_add_extra(struct tkit_tile *t, const char *name, const char *value, int line)
{
        tkit_attrs_add(&t->extra, &t->nextra, name, value, line);
}

int tkit_tile_owner(const struct tkit_tile *t, int pos, bool skip_overpass)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (skip_overpass && f->overpass)
                        continue;
                if (f->mask & (1u << pos))
                        return (int)i;
        }
        return -1;
}

enum tkit_side_type tkit_tile_side(const struct tkit_tile *t, int side)
{
        /* The middle decides; an overpass road on top of a city still makes its sides road sides.
         */
        int mid = TKIT_POS(side, TKIT_M);
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (!(f->mask & (1u << mid)))
                        continue;
                if (tkit_feature_side_type(f->kind) != TKIT_SIDE_FIELD)
                        return tkit_feature_side_type(f->kind);
        }
        return TKIT_SIDE_FIELD;
}

enum tkit_side_type tkit_feature_side_type(enum tkit_feature_kind k)
{
        switch (k) {
        case TKIT_CITY:
                return TKIT_SIDE_CITY;
        case TKIT_ROAD:
                return TKIT_SIDE_ROAD;
        case TKIT_RIVER:
                return TKIT_SIDE_RIVER;
        default:
                return TKIT_SIDE_FIELD;
        }
}

uint8_t tkit_tile_side_code(const struct tkit_tile *t, int rot)
{
        uint8_t code = 0;
        for (int s = 0; s < 4; s++) {
                int board = tkit_side_rotate(s, rot);
                code |= (uint8_t)(tkit_tile_side(t, s) << (2 * board));
        }
        return code;
}

int tkit_tile_pennants(const struct tkit_tile *t)
{
        int n = 0;
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == TKIT_CITY)
                        n += t->features[i].pennants;
        return n;
}

unsigned tkit_tile_bridge_axes(const struct tkit_tile *t)
{
        unsigned axes = 0;
        if (tkit_tile_side(t, TKIT_N) == TKIT_SIDE_FIELD &&
            tkit_tile_side(t, TKIT_S) == TKIT_SIDE_FIELD)
                axes |= 1u;
        if (tkit_tile_side(t, TKIT_E) == TKIT_SIDE_FIELD &&
            tkit_tile_side(t, TKIT_W) == TKIT_SIDE_FIELD)
                axes |= 2u;
        return axes;
}

bool tkit_face_fits(const struct tkit_face *f, int players)
{
        return players >= f->min_players && (f->max_players == 0 || players <= f->max_players);
}

const struct tkit_face *tkit_piece_face(const struct tkit_piece *p, const char *id, int players)
{
        for (size_t i = 0; i < p->nfaces; i++) {
                const struct tkit_face *f = &p->faces[i];
                if (id ? f->id && strcmp(f->id, id) == 0 : tkit_face_fits(f, players))
                        return f;
        }
        return NULL;
}

bool tkit_post_space_counts(const struct tkit_post_def *p, int i, int players)
{
        if (i < 0)
                return false;
        if (i < p->plain)
                return true;
        if (i < p->plain + p->dark3)
                return players == 3;
        return i < p->plain + p->dark3 + p->fiveplus && players >= 5;
}

int tkit_post_row_spaces(const struct tkit_post_def *p, int players)
{
        return p->plain + (players == 3 ? p->dark3 : 0) + (players >= 5 ? p->fiveplus : 0);
}
