/* The state a scene picture draws. Before the move: the scene as given. After: the engine's
 * state. The move shown (the default): a copy of the scene with what the move does drawn in
 * place from the engine's events, each thing it adds marked as new — the figure placed on the
 * tile, a castle or barn built and the figure that moves onto it, the meeple of a post bonus in
 * its row space or on the meeple space, a catapult advanced — and each refused action (a barn
 * or castle that cannot be built, no catapult left) given a callout number. */
#include "render/scene-private.h"

#include <stdlib.h>
#include <string.h>

/* A refused action (model/tkit-event.h: a castle or barn not built, an escape refused, no
 * catapult left to advance). */
static bool refused(const struct tkit_game_event *e)
{
        return e->kind == TKIT_EV_REFUSE;
}

int tkit_scene_refusal_number(const struct pic *p, size_t i)
{
        for (size_t k = 0; k < p->nrefusals; k++)
                if (p->refusals[k].event == i)
                        return p->refusals[k].number;
        return 0;
}

static struct tkit_scene_post *post_of(struct tkit_scene *s, enum tkit_post kind)
{
        for (size_t i = 0; i < s->nposts; i++)
                if (s->posts[i].kind == kind)
                        return &s->posts[i];
        return tkit_scene_add_post(s, kind);
}

static void bonus(struct pic *p, struct tkit_scene *s, const struct tkit_game_event *e)
{
        if ((unsigned)e->post >= TKIT_POST_ANY)
                return;
        struct post_move *pm = &p->post_move[e->post];
        struct tkit_scene_post *sp = post_of(s, (enum tkit_post)e->post);
        if (e->stack) {
                tkit_scene_post_push_stack(sp, e->player);
                pm->stack = true;
                return;
        }
        int space = e->n.space - 1; /* the engine's: the one the scene names, else the first free */
        if (space < 0)
                return;
        while (sp->nrow <= (size_t)space)
                tkit_scene_post_push_row(sp, -1);
        sp->row[space] = e->player;
        pm->row = space;
}

static void refusal(struct pic *p, size_t i, int *number)
{
        const struct tkit_game_event *e = &p->r->events[i];
        const struct tkit_scene_move *mv = &p->orig->move;
        struct refusal *f = TKIT_PUSH(p->refusals, p->nrefusals, p->caprefusals);
        *f = (struct refusal){.event = i,
                              .number = (*number)++,
                              .x = mv->placed.x + 0.5,
                              .y = mv->placed.y + 0.5,
                              .cx = mv->placed.x,
                              .cy = mv->placed.y,
                              .post = -1};
        if (e->build == TKIT_BUILD_BARN) {
                f->x = mv->build_x;
                f->y = mv->build_y;
        } else if (e->build == TKIT_BUILD_CASTLE) {
                f->feature = mv->build_feature;
        } else if (e->reason == TKIT_REFUSE_NO_CATAPULT && (unsigned)e->post < TKIT_POST_ANY) {
                f->post = e->post;
                p->post_move[e->post].refused = f->number;
                p->post_move[e->post].concerned = true;
        }
}

/* The figure the move places, drawn on its tile; its index among the state's figures. */
static int placed_figure(struct pic *p, struct tkit_scene *s)
{
        const struct tkit_scene_move *mv = &p->orig->move;
        if (mv->kind != TKIT_MOVE_TILE || mv->discarded || !mv->placed.tile || !mv->has_figure)
                return -1;
        struct tkit_scene_figure *f = tkit_scene_add_figure(s);
        tkit_scene_figure_copy(f, &mv->figure);
        f->player = mv->player;
        f->at = TKIT_AT_FEATURE;
        f->x = mv->placed.x;
        f->y = mv->placed.y;
        return (int)s->nfigures - 1;
}

/* A castle or barn the move builds, and the figure that moves onto it. */
static void build(struct pic *p, struct tkit_scene *s, const struct tkit_game_event *e, int *castle,
                  int *barn)
{
        const struct tkit_scene_move *mv = &p->orig->move;
        if (mv->kind != TKIT_MOVE_TILE || mv->discarded || !mv->placed.tile)
                return;
        if (e->kind == TKIT_EV_BUILD && e->build == TKIT_BUILD_CASTLE && *castle < 0 &&
            mv->build == TKIT_BUILD_CASTLE) {
                struct tkit_scene_castle *k = tkit_scene_add_castle(s, "built");
                k->x = mv->placed.x;
                k->y = mv->placed.y;
                k->feature = tkit_xstrdup(mv->build_feature);
                *castle = (int)s->ncastles - 1;
        } else if (e->kind == TKIT_EV_BUILD && e->build == TKIT_BUILD_BARN && *barn < 0 &&
                   mv->build == TKIT_BUILD_BARN) {
                struct tkit_scene_barn *b = tkit_scene_add_barn(s, "built");
                b->x = mv->build_x;
                b->y = mv->build_y;
                *barn = (int)s->nbarns - 1;
        } else if (e->kind == TKIT_EV_BUILD && e->build == TKIT_BUILD_BRIDGE) {
                p->built_bridge = 1;
        }
}

/* A figure that becomes a maiden on the castle built, or a farmer moving onto the barn built. */
static void convert(struct pic *p, struct tkit_scene *s, const struct tkit_game_event *e,
                    int castle, int barn, int placed, bool *moved)
{
        if (e->kind != TKIT_EV_CONVERT)
                return;
        int i = e->figure >= 0 ? e->figure : placed;
        if (i < 0 || (size_t)i >= s->nfigures)
                return;
        struct tkit_scene_figure *f = &s->figures[i];
        if (e->at == TKIT_AT_CASTLE && castle >= 0) {
                f->at = TKIT_AT_CASTLE;
                f->castle = castle;
        } else if (e->at == TKIT_AT_BARN && barn >= 0) {
                f->at = TKIT_AT_BARN;
                f->barn = barn;
        } else {
                return;
        }
        moved[i] = true;
        (void)p;
}

static void during(struct pic *p)
{
        struct tkit_scene *s = tkit_scene_copy(p->orig);
        p->own = s;
        int placed = placed_figure(p, s), castle = -1, barn = -1, number = 1;
        for (size_t i = 0; i < p->orig->ncallouts; i++)
                if (p->orig->callouts[i].number >= number)
                        number = p->orig->callouts[i].number + 1;
        bool *moved = tkit_xcalloc(s->nfigures + 1, sizeof *moved);
        for (size_t i = 0; p->r && i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                build(p, s, e, &castle, &barn);
                convert(p, s, e, castle, barn, placed, moved);
                if (e->kind == TKIT_EV_POST)
                        bonus(p, s, e);
                if (e->kind == TKIT_EV_ADVANCE && (unsigned)e->post < TKIT_POST_ANY) {
                        post_of(s, (enum tkit_post)e->post)->catapult = true;
                        p->post_move[e->post].catapult = true;
                }
                if (refused(e))
                        refusal(p, i, &number);
        }
        p->s = s;
        p->fig_new = tkit_xcalloc(s->nfigures + 1, sizeof *p->fig_new);
        p->fig_index = tkit_xcalloc(s->nfigures + 1, sizeof *p->fig_index);
        for (size_t i = 0; i < s->nfigures; i++) {
                p->fig_new[i] = moved[i] || (int)i == placed;
                p->fig_index[i] = i < p->orig->nfigures ? (int)i : -1;
        }
        p->fig_moved = moved;
        p->tok_new = tkit_xcalloc(s->ncastles + s->nbarns + 1, sizeof *p->tok_new);
        if (castle >= 0)
                p->tok_new[castle] = true;
        if (barn >= 0)
                p->tok_new[s->ncastles + (size_t)barn] = true;
}

/* ---------------------------------------------------------------- what leaves the board */

/* What leaves the board in the move shown, from the events once (O(figures + events)): the
 * figures an attack removes and those that go back (the one the move places is named by no index:
 * its return is about a place of the board and no post), each player's meeples of a post going
 * back, the catapults removed. */
static void leaving(struct pic *p)
{
        size_t nf = p->s->nfigures, np = p->s->nplayers;
        p->fig_removed = tkit_xcalloc(nf + 1, sizeof *p->fig_removed);
        p->fig_returned = tkit_xcalloc(nf + 1, sizeof *p->fig_returned);
        p->fig_choice = tkit_xcalloc(nf + 1, sizeof *p->fig_choice);
        p->post_back = tkit_xcalloc(TKIT_POST_COUNT * np + 1, sizeof *p->post_back);
        memset(p->catapult_off, 0, sizeof p->catapult_off);
        if (!p->r || p->state != TKIT_SCENE_DURING)
                return;
        size_t placed = nf; /* the state's figure the move places, if any */
        for (size_t i = 0; i < nf; i++)
                placed = p->fig_index[i] < 0 ? i : placed;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                bool post = (unsigned)e->post < TKIT_POST_COUNT;
                if (e->kind == TKIT_EV_CATAPULT_OFF && post)
                        p->catapult_off[e->post] = true;
                if (e->kind == TKIT_EV_RETURN && post && (size_t)e->player < np)
                        p->post_back[(size_t)e->post * np + (size_t)e->player] = true;
                for (size_t k = 0; e->kind == TKIT_EV_CHOICE && k < e->nchoices; k++) {
                        size_t f = e->choices[k] >= 0 ? (size_t)e->choices[k] : placed;
                        if (f < nf && (e->choices[k] < 0 || p->fig_index[f] == e->choices[k]))
                                p->fig_choice[f] = true;
                }
                if ((e->kind != TKIT_EV_RETURN && e->kind != TKIT_EV_REMOVE) || post)
                        continue;
                size_t f = e->figure >= 0 ? (size_t)e->figure : e->nplaces ? placed : nf;
                if (f >= nf || (e->figure >= 0 && p->fig_index[f] != e->figure))
                        continue;
                if (e->kind == TKIT_EV_REMOVE)
                        p->fig_removed[f] = true;
                else
                        p->fig_returned[f] = true;
        }
        for (size_t i = 0; i < nf; i++)
                p->fig_returned[i] &= !p->fig_removed[i];
}

bool tkit_scene_figure_removed(const struct pic *p, size_t i)
{
        return i < p->s->nfigures && p->fig_removed[i];
}

bool tkit_scene_figure_returns(const struct pic *p, size_t i)
{
        return i < p->s->nfigures && p->fig_returned[i];
}

/* A farmer moved onto the barn built is drawn where it stood too, with an arrow. A knight that
 * becomes a maiden stays on its city, under the castle built there: the ring of the new castle
 * and maiden says it, and a faint knight under the castle would only hide it. */
bool tkit_scene_figure_moves(const struct pic *p, size_t i)
{
        return p->fig_moved && i < p->orig->nfigures && i < p->s->nfigures && p->fig_moved[i] &&
               p->orig->figures[i].at == TKIT_AT_FEATURE && p->s->figures[i].at == TKIT_AT_BARN;
}

bool tkit_scene_figure_choice(const struct pic *p, size_t i)
{
        return i < p->s->nfigures && p->fig_choice[i];
}

bool tkit_scene_post_returns(const struct pic *p, int post, int player)
{
        size_t np = p->s->nplayers;
        return (unsigned)post < TKIT_POST_COUNT && player >= 0 && (size_t)player < np &&
               p->post_back[(size_t)post * np + (size_t)player];
}

const struct tkit_game_result *tkit_scene_points(const struct pic *p)
{
        return p->state == TKIT_SCENE_BEFORE ? NULL : p->r;
}

bool tkit_scene_catapult_removed(const struct pic *p, int post)
{
        return (unsigned)post < TKIT_POST_COUNT && p->catapult_off[post];
}

void tkit_scene_state_build(struct pic *p)
{
        for (int k = 0; k < TKIT_POST_COUNT; k++)
                p->post_move[k] = (struct post_move){.row = -1};
        if (p->state == TKIT_SCENE_DURING) {
                during(p);
                leaving(p);
                return;
        }
        p->s = p->state == TKIT_SCENE_AFTER ? p->r->after : p->orig;
        p->fig_new = tkit_xcalloc(p->s->nfigures + 1, sizeof *p->fig_new);
        p->fig_index = tkit_xcalloc(p->s->nfigures + 1, sizeof *p->fig_index);
        for (size_t i = 0; i < p->s->nfigures; i++)
                p->fig_index[i] = (int)i;
        p->tok_new = tkit_xcalloc(p->s->ncastles + p->s->nbarns + 1, sizeof *p->tok_new);
        leaving(p);
}

void tkit_scene_state_finish(struct pic *p)
{
        tkit_scene_destroy(p->own);
        free(p->fig_new);
        free(p->fig_index);
        free(p->tok_new);
        free(p->fig_removed);
        free(p->fig_returned);
        free(p->fig_choice);
        free(p->fig_moved);
        p->fig_moved = NULL;
        free(p->post_back);
        free(p->posts);
        free(p->refusals);
        p->own = NULL;
}
