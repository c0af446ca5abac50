/* Scene pictures, stage 1: the state (scene-state.h). What a scene picture reads of the moment it
 * draws: the engine's resolved view (game/view.c, struct tkit_game_view) and its cells — nothing
 * here works the move out again; these are its accessors for the later stages, and the one
 * drawing decision about it (which moves get an arrow). */
#include "render/scene-state.h"

#include <stdlib.h>

void tkit_scene_state_cells(struct scene_state *st)
{
        const struct tkit_game_view *v = &st->view;
        struct cell *cells = tkit_xcalloc(v->ncells + 1, sizeof *cells);
        for (size_t i = 0; i < v->ncells; i++) { /* sorted already */
                const struct tkit_view_cell *c = &v->cells[i];
                cells[i] = (struct cell){c->x,      c->y,    c->def, c->id, ((c->rot % 4) + 4) % 4,
                                         c->bridge, c->piece};
        }
        free((void *)st->cells);
        st->cells = cells;
        st->ncells = v->ncells;
        st->placed = v->placed;
        st->px = v->px;
        st->py = v->py;
}

void tkit_scene_state_build(struct scene_state *st, const struct tkit_scene *scene,
                            const struct tkit_game_result *r, struct tkit_set *const *sets,
                            size_t nsets, const struct tkit_scene_render_options *o,
                            struct tkit_diags *d)
{
        int lang = tkit_lang_parse(o->lang); /* checked by the caller */
        *st = (struct scene_state){.orig = scene,
                                   .r = r,
                                   .sets = sets,
                                   .nsets = nsets,
                                   .o = o,
                                   .state = o->state,
                                   .lang = lang < 0 ? TKIT_LANG_EN : (enum tkit_lang)lang,
                                   .d = d,
                                   .file = scene->file};
        tkit_game_view(scene, sets, nsets, r, st->state, &st->view);
        st->s = st->view.s;
        tkit_scene_state_cells(st);
}

void tkit_scene_state_missing(const struct scene_state *st)
{
        const struct tkit_game_view *v = &st->view;
        for (size_t i = 0; i < v->nmissing; i++)
                tkit_diags_add(st->d, TKIT_SEV_WARNING, st->file, v->missing[i].line, NULL,
                               v->missing[i].set, v->missing[i].tile,
                               v->missing[i].piece ? "no such piece in the sets given: drawn grey"
                                                   : "no such tile in the sets given: drawn grey");
}

void tkit_scene_state_finish(struct scene_state *st)
{
        free((void *)st->cells); /* made by tkit_scene_state_cells, read-only after */
        tkit_game_view_finish(&st->view);
}

static int cmp_cell(const void *a, const void *b)
{
        const struct cell *x = a, *y = b;
        if (x->y != y->y)
                return x->y < y->y ? -1 : 1;
        return x->x < y->x ? -1 : x->x > y->x;
}

const struct cell *tkit_scene_cell_at(const struct scene_state *st, int x, int y)
{
        struct cell key = {.x = x, .y = y};
        return bsearch(&key, st->cells, st->ncells, sizeof key, cmp_cell);
}

int tkit_scene_player_colour(const struct tkit_scene *s, int player)
{
        if (player < 0 || (size_t)player >= s->nplayers)
                return -1;
        return tkit_colour_parse(s->players[player].colour);
}

int tkit_scene_refusal_number(const struct scene_state *st, size_t i)
{
        for (size_t k = 0; k < st->view.nrefusals; k++)
                if (st->view.refusals[k].event == i)
                        return st->view.refusals[k].number;
        return 0;
}

bool tkit_scene_figure_removed(const struct scene_state *st, size_t i)
{
        return i < st->s->nfigures && st->view.fig_removed[i];
}

bool tkit_scene_figure_returns(const struct scene_state *st, size_t i)
{
        return i < st->s->nfigures && st->view.fig_returned[i];
}

/* A figure the move moves is drawn where it stood too, with an arrow: a farmer onto the barn
 * built, a knight onto the castle built on its city (where the castle covers the city, its faint
 * figure stands elsewhere on its tile, scene-place.c). */
bool tkit_scene_figure_moves(const struct scene_state *st, size_t i)
{
        return st->view.fig_moved && i < st->orig->nfigures && i < st->s->nfigures &&
               st->view.fig_moved[i] && st->orig->figures[i].at == TKIT_AT_FEATURE &&
               (st->s->figures[i].at == TKIT_AT_BARN || st->s->figures[i].at == TKIT_AT_CASTLE);
}

bool tkit_scene_figure_choice(const struct scene_state *st, size_t i)
{
        return i < st->s->nfigures && st->view.fig_choice[i];
}

bool tkit_scene_post_returns(const struct scene_state *st, int post, int player)
{
        size_t np = st->s->nplayers;
        return (unsigned)post < TKIT_POST_COUNT && player >= 0 && (size_t)player < np &&
               st->view.post_back[(size_t)post * np + (size_t)player];
}

const struct tkit_game_result *tkit_scene_points(const struct scene_state *st)
{
        return st->state == TKIT_SCENE_BEFORE ? NULL : st->r;
}

bool tkit_scene_catapult_removed(const struct scene_state *st, int post)
{
        return (unsigned)post < TKIT_POST_COUNT && st->view.catapult_off[post];
}
