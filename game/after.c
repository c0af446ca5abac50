/* The scene after a move: the placed tile on the board, the figures that stay (maidens and barn
 * farmers where they went), the new castle or barn, the posts as they are now; no move, no
 * expectations. */
#include "game-private.h"

#include <stdlib.h>
#include <string.h>

static void after_figures(struct g_board *b, struct tkit_scene *s)
{
        for (size_t i = 0; i < s->nfigures; i++)
                tkit_scene_figure_finish(&s->figures[i]);
        s->nfigures = 0;
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone)
                        continue;
                struct tkit_scene_figure *n = tkit_scene_add_figure(s);
                tkit_scene_figure_copy(n, &f->f);
        }
}

static void after_posts(struct g_board *b, struct tkit_scene *s)
{
        for (int k = 0; k < 3; k++) {
                const struct g_post *gp = &b->posts[k];
                if (!gp->present)
                        continue;
                struct tkit_scene_post *sp = NULL;
                for (size_t i = 0; i < s->nposts; i++)
                        if (s->posts[i].kind == gp->kind)
                                sp = &s->posts[i];
                if (!sp)
                        sp = tkit_scene_add_post(s, gp->kind);
                free(sp->row);
                free(sp->stack);
                sp->row = NULL;
                sp->stack = NULL;
                sp->nrow = sp->nstack = 0;
                for (size_t r = 0; r < gp->nrow; r++)
                        tkit_scene_post_push_row(sp, gp->row[r]);
                for (size_t r = 0; r < gp->nstack; r++)
                        tkit_scene_post_push_stack(sp, gp->stack[r]);
                sp->catapult = gp->catapult;
        }
}

/* "castle-3": the first such id the scene does not use yet. */
static char *fresh_id(const struct tkit_scene *s, const char *stem, bool castle)
{
        for (size_t n = 1;; n++) {
                char *id = tkit_xasprintf("%s-%zu", stem, n);
                if ((castle ? tkit_scene_find_castle(s, id) : tkit_scene_find_barn(s, id)) < 0)
                        return id;
                free(id);
        }
}

static void after_buildings(struct g_board *b, struct tkit_scene *s)
{
        const struct tkit_scene_move *m = &b->sc->move;
        const struct g_cell *pc = b->placed_cell >= 0 ? &b->cells[b->placed_cell] : NULL;
        if (b->castles_built && pc) {
                char *id = fresh_id(s, "castle", true);
                struct tkit_scene_castle *k = tkit_scene_add_castle(s, id);
                free(id);
                k->x = pc->x;
                k->y = pc->y;
                k->feature = tkit_xstrdup(m->build_feature);
        }
        if (b->barns_built) {
                char *id = fresh_id(s, "barn", false);
                struct tkit_scene_barn *k = tkit_scene_add_barn(s, id);
                free(id);
                k->x = m->build_x;
                k->y = m->build_y;
        }
}

struct tkit_scene *tkit_g_after(struct g_board *b)
{
        struct tkit_scene *s = tkit_scene_copy(b->sc);
        if (b->sc->move.kind == TKIT_MOVE_TILE && b->placed_cell >= 0) {
                const struct tkit_scene_tile *p = &b->sc->move.placed;
                struct tkit_scene_tile *t = tkit_scene_add_tile(s, p->set, p->tile);
                t->x = p->x;
                t->y = p->y;
                t->rotation = p->rotation;
                t->bridge = p->bridge;
                t->line = p->line;
        }
        after_figures(b, s);
        after_posts(b, s);
        after_buildings(b, s);
        if (s->catapults_left >= 0)
                s->catapults_left = b->catapults_left;
        tkit_scene_move_clear(s);
        for (size_t i = 0; i < s->nexpect_counts; i++)
                free(s->expect_counts[i].what);
        s->nexpect_counts = 0;
        s->nexpect_points = 0;
        s->has_expect = false;
        return s;
}
