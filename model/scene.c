/* Scenes: lifecycle, deep copy, adders and lookups (model/tkit-scene.h). */
#include "model-private.h"
#include "tkit-scene.h"

#include <stdlib.h>
#include <string.h>

static const char *const figure_kinds[] = {"meeple", "big-meeple", "abbot", "pig"};
static const char *const colours[] = {"red",   "blue", "green", "yellow",
                                      "black", "grey", "pink",  "purple"};


const char *tkit_figure_kind_name(enum tkit_figure_kind k)
{
        return (int)k >= 0 && k < TKIT_FIGURE_KIND_COUNT ? figure_kinds[k] : "?";
}

int tkit_figure_kind_parse(const char *s)
{
        return tkit_word_index(figure_kinds, TKIT_FIGURE_KIND_COUNT, s);
}

const char *tkit_colour_name(int c)
{
        return c >= 0 && c < TKIT_COLOUR_COUNT ? colours[c] : "?";
}

int tkit_colour_parse(const char *s)
{
        return tkit_word_index(colours, TKIT_COLOUR_COUNT, s);
}

/* ---------------------------------------------------------------- lifecycle */

struct tkit_scene *tkit_scene_create(const char *id)
{
        struct tkit_scene *s = tkit_xcalloc(1, sizeof *s);
        s->id = tkit_xstrdup(id ? id : "");
        s->catapults_left = -1;
        s->move.take_maiden = -1;
        s->move.player = -1;
        return s;
}

void tkit_scene_figure_finish(struct tkit_scene_figure *f)
{
        free(f->feature);
        f->feature = NULL;
}

void tkit_scene_figure_copy(struct tkit_scene_figure *dst, const struct tkit_scene_figure *src)
{
        *dst = *src;
        dst->feature = tkit_xstrdup(src->feature);
}

static void tile_finish(struct tkit_scene_tile *t)
{
        free(t->set);
        free(t->tile);
}

static void tile_copy(struct tkit_scene_tile *dst, const struct tkit_scene_tile *src)
{
        *dst = *src;
        dst->set = tkit_xstrdup(src->set);
        dst->tile = tkit_xstrdup(src->tile);
}

static void callout_finish(struct tkit_scene_callout *c)
{
        free(c->feature);
        tkit_names_free(c->texts, c->ntexts);
}

static void move_finish(struct tkit_scene_move *m)
{
        tile_finish(&m->placed);
        tkit_scene_figure_finish(&m->figure);
        free(m->build_feature);
        tkit_scene_figure_finish(&m->farmer);
        tkit_scene_figure_finish(&m->escaping);
        for (size_t i = 0; i < m->nremovals; i++)
                tkit_scene_figure_finish(&m->removals[i]);
        free(m->removals);
}

void tkit_scene_move_clear(struct tkit_scene *s)
{
        move_finish(&s->move);
        memset(&s->move, 0, sizeof(s->move));
        s->move.take_maiden = -1;
        s->move.player = -1;
}

void tkit_scene_destroy(struct tkit_scene *s)
{
        if (!s)
                return;
        free(s->id);
        free(s->file);
        free(s->source);
        free(s->invented);
        for (size_t i = 0; i < s->nsets; i++)
                free(s->sets[i]);
        free(s->sets);
        for (size_t i = 0; i < s->noptions; i++) {
                free(s->options[i].name);
                free(s->options[i].value);
        }
        free(s->options);
        for (size_t i = 0; i < s->nplayers; i++) {
                free(s->players[i].id);
                free(s->players[i].colour);
        }
        free(s->players);
        for (size_t i = 0; i < s->ntiles; i++)
                tile_finish(&s->tiles[i]);
        free(s->tiles);
        free(s->face);
        for (size_t i = 0; i < s->ncastles; i++) {
                free(s->castles[i].id);
                free(s->castles[i].feature);
        }
        free(s->castles);
        for (size_t i = 0; i < s->nbarns; i++)
                free(s->barns[i].id);
        free(s->barns);
        for (size_t i = 0; i < s->nfigures; i++)
                tkit_scene_figure_finish(&s->figures[i]);
        free(s->figures);
        for (size_t i = 0; i < s->nposts; i++) {
                free(s->posts[i].row);
                free(s->posts[i].stack);
        }
        free(s->posts);
        move_finish(&s->move);
        free(s->expect_points);
        for (size_t i = 0; i < s->nexpect_counts; i++)
                free(s->expect_counts[i].what);
        free(s->expect_counts);
        tkit_names_free(s->captions, s->ncaptions);
        tkit_names_free(s->notes, s->nnotes);
        for (size_t i = 0; i < s->ncallouts; i++)
                callout_finish(&s->callouts[i]);
        free(s->callouts);
        free(s);
}

/* ---------------------------------------------------------------- deep copy */

/* A copy of n elements of `size` bytes, capacity n; NULL for none. */
static void *dup_array(const void *v, size_t n, size_t size, size_t *cap)
{
        *cap = n;
        if (!n)
                return NULL;
        void *c = tkit_xmalloc(n * size);
        memcpy(c, v, n * size);
        return c;
}

static int *dup_ints(const int *v, size_t n)
{
        size_t cap;
        return dup_array(v, n, sizeof *v, &cap);
}

static void copy_move(struct tkit_scene_move *dst, const struct tkit_scene_move *src)
{
        *dst = *src;
        tile_copy(&dst->placed, &src->placed);
        tkit_scene_figure_copy(&dst->figure, &src->figure);
        dst->build_feature = tkit_xstrdup(src->build_feature);
        tkit_scene_figure_copy(&dst->farmer, &src->farmer);
        tkit_scene_figure_copy(&dst->escaping, &src->escaping);
        dst->removals = dup_array(src->removals, src->nremovals, sizeof *src->removals,
                                  &dst->capremovals);
        for (size_t i = 0; i < src->nremovals; i++)
                tkit_scene_figure_copy(&dst->removals[i], &src->removals[i]);
}

static void copy_names(struct tkit_name **dst, size_t *ndst, const struct tkit_name *src, size_t n)
{
        *dst = tkit_names_copy(src, n);
        *ndst = n;
}

static void copy_board(struct tkit_scene *c, const struct tkit_scene *s)
{
        c->tiles = dup_array(s->tiles, s->ntiles, sizeof *s->tiles, &c->captiles);
        for (size_t i = 0; i < s->ntiles; i++)
                tile_copy(&c->tiles[i], &s->tiles[i]);
        c->face = tkit_xstrdup(s->face);
        c->castles = dup_array(s->castles, s->ncastles, sizeof *s->castles, &c->capcastles);
        for (size_t i = 0; i < s->ncastles; i++) {
                c->castles[i].id = tkit_xstrdup(s->castles[i].id);
                c->castles[i].feature = tkit_xstrdup(s->castles[i].feature);
        }
        c->barns = dup_array(s->barns, s->nbarns, sizeof *s->barns, &c->capbarns);
        for (size_t i = 0; i < s->nbarns; i++)
                c->barns[i].id = tkit_xstrdup(s->barns[i].id);
        c->figures = dup_array(s->figures, s->nfigures, sizeof *s->figures, &c->capfigures);
        for (size_t i = 0; i < s->nfigures; i++)
                tkit_scene_figure_copy(&c->figures[i], &s->figures[i]);
        c->posts = dup_array(s->posts, s->nposts, sizeof *s->posts, &c->capposts);
        for (size_t i = 0; i < s->nposts; i++) {
                c->posts[i].row = dup_ints(s->posts[i].row, s->posts[i].nrow);
                c->posts[i].stack = dup_ints(s->posts[i].stack, s->posts[i].nstack);
        }
}

static void copy_texts(struct tkit_scene *c, const struct tkit_scene *s)
{
        c->expect_points = dup_array(s->expect_points, s->nexpect_points,
                                     sizeof *s->expect_points, &c->capexpect_points);
        c->expect_counts = dup_array(s->expect_counts, s->nexpect_counts,
                                     sizeof *s->expect_counts, &c->capexpect_counts);
        for (size_t i = 0; i < s->nexpect_counts; i++)
                c->expect_counts[i].what = tkit_xstrdup(s->expect_counts[i].what);
        copy_names(&c->captions, &c->ncaptions, s->captions, s->ncaptions);
        copy_names(&c->notes, &c->nnotes, s->notes, s->nnotes);
        c->callouts = dup_array(s->callouts, s->ncallouts, sizeof *s->callouts, &c->capcallouts);
        for (size_t i = 0; i < s->ncallouts; i++) {
                c->callouts[i].feature = tkit_xstrdup(s->callouts[i].feature);
                copy_names(&c->callouts[i].texts, &c->callouts[i].ntexts, s->callouts[i].texts,
                           s->callouts[i].ntexts);
        }
}

struct tkit_scene *tkit_scene_copy(const struct tkit_scene *s)
{
        struct tkit_scene *c = tkit_xcalloc(1, sizeof *c);
        *c = *s;
        c->id = tkit_xstrdup(s->id);
        c->file = tkit_xstrdup(s->file);
        c->source = tkit_xstrdup(s->source);
        c->invented = tkit_xstrdup(s->invented);
        c->sets = dup_array(s->sets, s->nsets, sizeof *s->sets, &c->capsets);
        for (size_t i = 0; i < s->nsets; i++)
                c->sets[i] = tkit_xstrdup(s->sets[i]);
        c->options = dup_array(s->options, s->noptions, sizeof *s->options, &c->capoptions);
        for (size_t i = 0; i < s->noptions; i++) {
                c->options[i].name = tkit_xstrdup(s->options[i].name);
                c->options[i].value = tkit_xstrdup(s->options[i].value);
        }
        c->players = dup_array(s->players, s->nplayers, sizeof *s->players, &c->capplayers);
        for (size_t i = 0; i < s->nplayers; i++) {
                c->players[i].id = tkit_xstrdup(s->players[i].id);
                c->players[i].colour = tkit_xstrdup(s->players[i].colour);
        }
        copy_board(c, s);
        copy_move(&c->move, &s->move);
        copy_texts(c, s);
        return c;
}

/* ---------------------------------------------------------------- adders */

/* Appends a zeroed element to *v and returns it. */
static void *push_zero(void **v, size_t *n, size_t *cap, size_t size)
{
        tkit_grow(v, cap, *n + 1, size);
        char *e = (char *)*v + *n * size;
        memset(e, 0, size);
        (*n)++;
        return e;
}
#define PUSH0(s, arr, n, cap) push_zero((void **)&(s)->arr, &(s)->n, &(s)->cap, sizeof *(s)->arr)

void tkit_scene_add_set(struct tkit_scene *s, const char *id)
{
        char **e = PUSH0(s, sets, nsets, capsets);
        *e = tkit_xstrdup(id);
}

struct tkit_scene_player *tkit_scene_add_player(struct tkit_scene *s, const char *id,
                                                const char *colour)
{
        struct tkit_scene_player *p = PUSH0(s, players, nplayers, capplayers);
        p->id = tkit_xstrdup(id);
        p->colour = tkit_xstrdup(colour);
        return p;
}

struct tkit_scene_option *tkit_scene_add_option(struct tkit_scene *s, const char *name,
                                                const char *value)
{
        struct tkit_scene_option *o = PUSH0(s, options, noptions, capoptions);
        o->name = tkit_xstrdup(name);
        o->value = tkit_xstrdup(value);
        return o;
}

struct tkit_scene_tile *tkit_scene_add_tile(struct tkit_scene *s, const char *set,
                                            const char *tile)
{
        struct tkit_scene_tile *t = PUSH0(s, tiles, ntiles, captiles);
        t->set = tkit_xstrdup(set);
        t->tile = tkit_xstrdup(tile);
        return t;
}

struct tkit_scene_castle *tkit_scene_add_castle(struct tkit_scene *s, const char *id)
{
        struct tkit_scene_castle *c = PUSH0(s, castles, ncastles, capcastles);
        c->id = tkit_xstrdup(id);
        return c;
}

struct tkit_scene_barn *tkit_scene_add_barn(struct tkit_scene *s, const char *id)
{
        struct tkit_scene_barn *b = PUSH0(s, barns, nbarns, capbarns);
        b->id = tkit_xstrdup(id);
        return b;
}

struct tkit_scene_figure *tkit_scene_add_figure(struct tkit_scene *s)
{
        struct tkit_scene_figure *f = PUSH0(s, figures, nfigures, capfigures);
        f->castle = f->barn = -1;
        return f;
}

struct tkit_scene_post *tkit_scene_add_post(struct tkit_scene *s, enum tkit_post kind)
{
        struct tkit_scene_post *p = PUSH0(s, posts, nposts, capposts);
        p->kind = kind;
        return p;
}

struct tkit_scene_figure *tkit_scene_add_removal(struct tkit_scene *s)
{
        struct tkit_scene_move *m = &s->move;
        struct tkit_scene_figure *f = PUSH0(m, removals, nremovals, capremovals);
        f->castle = f->barn = -1;
        return f;
}

struct tkit_scene_expect_points *tkit_scene_add_expect_points(struct tkit_scene *s)
{
        s->has_expect = true;
        return PUSH0(s, expect_points, nexpect_points, capexpect_points);
}

struct tkit_scene_expect_count *tkit_scene_add_expect_count(struct tkit_scene *s,
                                                            const char *what)
{
        s->has_expect = true;
        struct tkit_scene_expect_count *c = PUSH0(s, expect_counts, nexpect_counts,
                                                  capexpect_counts);
        c->what = tkit_xstrdup(what);
        c->player = -1;
        return c;
}

struct tkit_scene_callout *tkit_scene_add_callout(struct tkit_scene *s)
{
        struct tkit_scene_callout *c = PUSH0(s, callouts, ncallouts, capcallouts);
        c->post = -1;
        return c;
}

/* Post rows and stacks are short (a handful of spaces): grown one at a time. */
static void push_int(int **v, size_t *n, int x)
{
        *v = tkit_xrealloc(*v, (*n + 1) * sizeof **v);
        (*v)[(*n)++] = x;
}

void tkit_scene_post_push_row(struct tkit_scene_post *p, int player)
{
        push_int(&p->row, &p->nrow, player);
}

void tkit_scene_post_push_stack(struct tkit_scene_post *p, int player)
{
        push_int(&p->stack, &p->nstack, player);
}

void tkit_scene_add_caption(struct tkit_scene *s, const char *lang, const char *text)
{
        tkit_names_add(&s->captions, &s->ncaptions, lang, text);
}

void tkit_scene_add_note(struct tkit_scene *s, const char *lang, const char *text)
{
        tkit_names_add(&s->notes, &s->nnotes, lang, text);
}

void tkit_scene_callout_add_text(struct tkit_scene_callout *c, const char *lang, const char *text)
{
        tkit_names_add(&c->texts, &c->ntexts, lang, text);
}

/* ---------------------------------------------------------------- lookups */

/* Exactly `lang`: a missing translation is reported (text/), never filled in with English. */
static const char *text_in(const struct tkit_name *v, size_t n, const char *lang)
{
        return lang ? tkit_names_get(v, n, lang) : NULL;
}

const char *tkit_scene_caption(const struct tkit_scene *s, const char *lang)
{
        return text_in(s->captions, s->ncaptions, lang);
}

const char *tkit_scene_note(const struct tkit_scene *s, const char *lang)
{
        return text_in(s->notes, s->nnotes, lang);
}

int tkit_scene_find_player(const struct tkit_scene *s, const char *id)
{
        for (size_t i = 0; id && i < s->nplayers; i++)
                if (strcmp(s->players[i].id, id) == 0)
                        return (int)i;
        return -1;
}

int tkit_scene_find_castle(const struct tkit_scene *s, const char *id)
{
        for (size_t i = 0; id && i < s->ncastles; i++)
                if (s->castles[i].id && strcmp(s->castles[i].id, id) == 0)
                        return (int)i;
        return -1;
}

int tkit_scene_find_barn(const struct tkit_scene *s, const char *id)
{
        for (size_t i = 0; id && i < s->nbarns; i++)
                if (s->barns[i].id && strcmp(s->barns[i].id, id) == 0)
                        return (int)i;
        return -1;
}

const char *tkit_scene_option(const struct tkit_scene *s, const char *name)
{
        for (size_t i = 0; name && i < s->noptions; i++)
                if (strcmp(s->options[i].name, name) == 0)
                        return s->options[i].value;
        return NULL;
}

static const char *const scene_rule_ids[TKIT_SCENE_RULE_COUNT] = {
#define ID(e, id) [TKIT_SCR_##e] = id,
    TKIT_SCENE_RULES(ID)
#undef ID
};

const char *tkit_scene_rule_id(enum tkit_scene_rule r)
{
        return (unsigned)r < TKIT_SCENE_RULE_COUNT ? scene_rule_ids[r] : NULL;
}

int tkit_scene_rule_parse(const char *id)
{
        return tkit_word_index(scene_rule_ids, TKIT_SCENE_RULE_COUNT, id);
}
