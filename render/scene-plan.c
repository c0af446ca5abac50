/* Scene pictures, stage 2: the plan (scene-plan.h). From the state alone: the posts the picture
 * concerns (scene-posts.c), the cells shown, the sizes that follow from the print size, the
 * caption and the legend in lines (scene-legend.c), the picture's size. */
#include "render/scene-plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- units */

double tkit_scene_pic_x(const struct scene_plan *p, double x)
{
        return p->ox + (x - p->bx0) * p->P;
}

double tkit_scene_pic_y(const struct scene_plan *p, double y)
{
        return p->oy + (y - p->by0) * p->P;
}

double tkit_scene_board_x(const struct scene_plan *p, double x)
{
        return p->bx0 + (x - p->ox) / p->P;
}

double tkit_scene_board_y(const struct scene_plan *p, double y)
{
        return p->by0 + (y - p->oy) / p->P;
}

double tkit_scene_size(const struct scene_plan *p, double k, double min_pt)
{
        double v = p->P * k, min = min_pt / p->upt;
        return v > min ? v : min;
}

bool tkit_scene_shown(const struct scene_plan *p, int x, int y)
{
        return x >= p->bx0 && x <= p->bx1 && y >= p->by0 && y <= p->by1;
}

double tkit_scene_figure_size(const struct scene_plan *p, enum tkit_figure_kind k)
{
        return tkit_render_figure_size(k) * p->fig_k;
}

/* It lies outside the tile, over the edge of the neighbours, so that the tile's own art stays
 * whole. */
double tkit_scene_frame_w(const struct scene_plan *p)
{
        double w = 2.2 / (p->P * p->upt); /* at least 2.2 points */
        return w > 0.035 ? w : 0.035;
}

/* The move advances the catapult of this post from a siege symbol of the tile placed, both shown
 * (scene-arrows.c draws the way). */
bool tkit_scene_catapult_arrow(const struct scene_plan *p, int post)
{
        const struct scene_state *st = p->st;
        return st->state == TKIT_SCENE_DURING && st->placed && (unsigned)post < TKIT_POST_COUNT &&
               st->view.post[post].catapult && st->view.post[post].symbol >= 0 &&
               tkit_scene_shown(p, st->px, st->py) && tkit_scene_post_plan(p, post);
}

/* ---------------------------------------------------------------- cells shown */

static void focus(int x, int y, bool *any, int *b)
{
        if (!*any || x < b[0])
                b[0] = x;
        if (!*any || y < b[1])
                b[1] = y;
        if (!*any || x > b[2])
                b[2] = x;
        if (!*any || y > b[3])
                b[3] = y;
        *any = true;
}

/* The cells around what the move is about: the tile placed, figures, tokens, callouts, the
 * places of the events, the cells where the fortress prints each post shown. */
static bool focus_all(const struct scene_plan *p, int *f)
{
        const struct scene_state *st = p->st;
        const struct tkit_scene_move *mv = &st->orig->move;
        bool any = false;
        if (mv->kind == TKIT_MOVE_TILE && !mv->discarded && mv->placed.tile)
                focus(mv->placed.x, mv->placed.y, &any, f);
        for (size_t i = 0; i < st->s->nfigures; i++)
                if (st->s->figures[i].at == TKIT_AT_FEATURE)
                        focus(st->s->figures[i].x, st->s->figures[i].y, &any, f);
        for (size_t i = 0; i < st->s->ncastles; i++)
                focus(st->s->castles[i].x, st->s->castles[i].y, &any, f);
        for (size_t i = 0; i < st->s->nbarns; i++)
                focus(st->s->barns[i].x, st->s->barns[i].y, &any, f);
        for (size_t i = 0; i < st->view.nrefusals; i++)
                if (st->view.refusals[i].post < 0)
                        focus((int)floor(st->view.refusals[i].x),
                              (int)floor(st->view.refusals[i].y), &any, f);
        for (size_t i = 0; i < st->orig->ncallouts; i++)
                if (st->orig->callouts[i].post < 0) /* one at a post: its panel */
                        focus(st->orig->callouts[i].x, st->orig->callouts[i].y, &any, f);
        for (size_t i = 0; st->r && i < st->r->nevents; i++)
                for (size_t k = 0; k < st->r->events[i].nplaces; k++)
                        focus(st->r->events[i].places[k].x, st->r->events[i].places[k].y, &any, f);
        for (size_t i = 0; i < p->nposts; i++)
                if (p->posts[i].on_piece) {
                        focus(p->posts[i].x0, p->posts[i].y0, &any, f);
                        focus(p->posts[i].x1, p->posts[i].y1, &any, f);
                }
        return any;
}

/* Every cell, or (default) the cells around what the move is about, one cell around. A piece
 * may be cut: the fortress is shown as far as the example needs it. A post that no piece
 * carries gets an empty row of its own under the cells shown. The scene's own crop (<board
 * show="X0 Y0 X1 Y1">) replaces the one worked out, except with --full. */
static void crop(struct scene_plan *p)
{
        const struct scene_state *st = p->st;
        int all[4] = {0, 0, 0, 0}, f[4] = {0, 0, 0, 0};
        bool any_all = false;
        for (size_t i = 0; i < st->ncells; i++)
                focus(st->cells[i].x, st->cells[i].y, &any_all, all);
        if (!st->o->full && focus_all(p, f)) {
                all[0] = f[0] - 1 > all[0] ? f[0] - 1 : all[0];
                all[1] = f[1] - 1 > all[1] ? f[1] - 1 : all[1];
                all[2] = f[2] + 1 < all[2] ? f[2] + 1 : all[2];
                all[3] = f[3] + 1 < all[3] ? f[3] + 1 : all[3];
        }
        p->bx0 = all[0];
        p->by0 = all[1];
        p->bx1 = all[2] < all[0] ? all[0] : all[2];
        p->by1 = all[3] < all[1] ? all[1] : all[3];
        if (st->orig->has_show && !st->o->full) { /* the author's crop: <board show="…"> */
                p->bx0 = st->orig->show[0];
                p->by0 = st->orig->show[1];
                p->bx1 = st->orig->show[2];
                p->by1 = st->orig->show[3];
        }
        tkit_scene_posts_below(p);
}

/* ---------------------------------------------------------------- sizes */

/* The sizes that depend on the print size: at a rulebook's 20 mm a tile a figure's letter would
 * be under 6 points, so figures have a floor and carry a pattern instead of the letter. */
static void sizes(struct scene_plan *p)
{
        double P_pt = p->P * p->upt;
        p->fig_k = 14 / (0.3 * P_pt) > 1 ? 14 / (0.3 * P_pt) : 1;
        p->pattern = 0.27 * 0.3 * p->fig_k * P_pt < 6;
        p->letter_pt = p->pattern ? 0 : 0.27 * 0.3 * p->fig_k * P_pt;
        p->badge_hh = 5 / P_pt > 0.1 ? 5 / P_pt : 0.1;
        p->callout_r = 5 / P_pt > 0.09 ? 5 / P_pt : 0.09;
        p->m = tkit_scene_size(p, 0.2, 6);
}

/* Where the board goes, and the picture's width. */
static void board_geometry(struct scene_plan *p)
{
        double P = p->P, m = p->m, band = p->st->o->coords ? tkit_scene_size(p, 0.3, 9) : 0;
        double bw = (p->bx1 - p->bx0 + 1) * P, bh = (p->by1 - p->by0 + 1) * P;
        double minw = tkit_scene_size(p, 3.6, 180);
        p->W = 2 * m + band + bw;
        p->W = p->W > minw ? p->W : minw;
        p->ox = m + band + (p->W - 2 * m - band - bw) / 2;
        p->oy = m + band;
        p->tx = m;
        p->text_y = p->oy + bh + P * 0.05;
        p->H = p->text_y + m;
}

void tkit_scene_plan_board(struct scene_plan *p, const struct scene_state *st, double P, double upt,
                           enum tkit_picture_unit unit)
{
        *p = (struct scene_plan){.st = st, .P = P, .upt = upt, .unit = unit};
        tkit_scene_posts_plan(p);
        crop(p);
        sizes(p);
        board_geometry(p);
}

/* The caption and legend wrap to the drawing's width, or 90 mm when the drawing is narrower: the
 * same width in every language (the posts are drawn on the fortress: no row of theirs widens the
 * picture). The picture's height follows. */
void tkit_scene_plan_text(struct scene_plan *p, cairo_t *mcr)
{
        const struct tkit_scene_render_options *o = p->st->o;
        double mm = 72 / 25.4 / p->upt, text_w = fmax(p->W - 2 * p->m, 90 * mm);
        if (o->caption && o->legend != TKIT_LEGEND_NONE) {
                tkit_scene_legend_build(p, mcr, &p->L, text_w);
                if (p->W < text_w + 2 * p->m) { /* the drawing centred over its text */
                        p->ox += (text_w + 2 * p->m - p->W) / 2;
                        p->W = text_w + 2 * p->m;
                }
        }
        p->H = p->text_y + tkit_scene_legend_height(&p->L) + p->m;
        bool px = p->unit == TKIT_UNIT_PX; /* as the PNG is made */
        p->width = px ? floor(p->W + 0.5) : p->W;
        p->height = px ? floor(p->H + 0.5) : p->H;
}

void tkit_scene_plan_overlay(struct scene_plan *p, const struct scene_state *st, double P,
                             double ox, double oy, int bx0, int by0)
{
        *p = (struct scene_plan){.st = st, .P = P, .upt = 1, .unit = TKIT_UNIT_PT};
        crop(p); /* every cell: the options say full */
        p->ox = ox;
        p->oy = oy;
        p->bx0 = bx0;
        p->by0 = by0;
        sizes(p);
}

void tkit_scene_plan_finish(struct scene_plan *p)
{
        free(p->posts);
        tkit_scene_legend_free(&p->L);
}
