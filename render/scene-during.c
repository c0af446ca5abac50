/* What a scene picture reads of the moment it draws: the engine's resolved view (game/view.c,
 * struct tkit_game_view) — nothing here works the move out again; these are its accessors for the
 * drawing, and the one drawing decision about it (which moves get an arrow). */
#include "render/scene-private.h"

#include <stdlib.h>

int tkit_scene_refusal_number(const struct pic *p, size_t i)
{
        for (size_t k = 0; k < p->view.nrefusals; k++)
                if (p->view.refusals[k].event == i)
                        return p->view.refusals[k].number;
        return 0;
}

bool tkit_scene_figure_removed(const struct pic *p, size_t i)
{
        return i < p->s->nfigures && p->view.fig_removed[i];
}

bool tkit_scene_figure_returns(const struct pic *p, size_t i)
{
        return i < p->s->nfigures && p->view.fig_returned[i];
}

/* A figure the move moves is drawn where it stood too, with an arrow: a farmer onto the barn
 * built, a knight onto the castle built on its city (where the castle covers the city, its faint
 * figure stands elsewhere on its tile, scene-place.c). */
bool tkit_scene_figure_moves(const struct pic *p, size_t i)
{
        return p->view.fig_moved && i < p->orig->nfigures && i < p->s->nfigures && p->view.fig_moved[i] &&
               p->orig->figures[i].at == TKIT_AT_FEATURE &&
               (p->s->figures[i].at == TKIT_AT_BARN || p->s->figures[i].at == TKIT_AT_CASTLE);
}

bool tkit_scene_figure_choice(const struct pic *p, size_t i)
{
        return i < p->s->nfigures && p->view.fig_choice[i];
}

bool tkit_scene_post_returns(const struct pic *p, int post, int player)
{
        size_t np = p->s->nplayers;
        return (unsigned)post < TKIT_POST_COUNT && player >= 0 && (size_t)player < np &&
               p->view.post_back[(size_t)post * np + (size_t)player];
}

const struct tkit_game_result *tkit_scene_points(const struct pic *p)
{
        return p->state == TKIT_SCENE_BEFORE ? NULL : p->r;
}

bool tkit_scene_catapult_removed(const struct pic *p, int post)
{
        return (unsigned)post < TKIT_POST_COUNT && p->view.catapult_off[post];
}

void tkit_scene_state_build(struct pic *p)
{
        tkit_game_view(p->orig, p->sets, p->nsets, p->r, p->state, &p->view);
        p->s = p->view.s;
}

void tkit_scene_state_finish(struct pic *p)
{
        tkit_scene_posts_finish(p);
        tkit_game_view_finish(&p->view);
}
