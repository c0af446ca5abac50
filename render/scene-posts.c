/* The defense posts of a scene picture (Siege & Defense), drawn on the fortress as the rulebook
 * prints them: each post the example concerns (those the scene states, those an event is about,
 * the post of a bonus or of a catapult that advances or cannot, one a callout points at) is a
 * panel across the row of its piece where the face in use prints it (game/view.c: the face's
 * q-th post on the piece's q-th row, as turned). In the panel: the post's symbol and its row
 * spaces as printed (the dark "3" and "5+" spaces dark when they do not count for the scene's
 * number of players), the meeples in them; below, the meeple space (a meeple's outline) with its
 * stack, and the catapult space. A post no piece on the board carries gets a panel of its own in
 * an empty row under the board. What the move adds is marked as new; the badges of the points
 * scored at a post are placed next to its panel with the other badges (scene-place.c).
 *
 * This file plans the posts (stage 2) and lays their panels out (stage 3); scene-draw-posts.c
 * draws them. */
#include "render/scene-layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- the plan */

const struct post_plan *tkit_scene_post_plan(const struct scene_plan *p, int kind)
{
        for (size_t i = 0; i < p->nposts; i++)
                if ((int)p->posts[i].kind == kind)
                        return &p->posts[i];
        return NULL;
}

/* The posts the scene as given names (the state after the move may list every post of the
 * fortress), those an event is about, the post of the bonus, those a callout points at. */
static void wanted(const struct scene_state *st, bool *want)
{
        for (size_t i = 0; i < st->orig->nposts; i++)
                want[st->orig->posts[i].kind < TKIT_POST_ANY ? st->orig->posts[i].kind : 0] = true;
        for (size_t i = 0; st->r && i < st->r->nevents; i++)
                if ((unsigned)st->r->events[i].post < TKIT_POST_ANY)
                        want[st->r->events[i].post] = true;
        if (st->orig->move.bonus.taken && (unsigned)st->orig->move.bonus.post < TKIT_POST_ANY)
                want[st->orig->move.bonus.post] = true;
        for (size_t i = 0; i < st->orig->ncallouts; i++)
                if ((unsigned)st->orig->callouts[i].post < TKIT_POST_ANY)
                        want[st->orig->callouts[i].post] = true;
}

void tkit_scene_posts_plan(struct scene_plan *p)
{
        const struct scene_state *st = p->st;
        bool want[TKIT_POST_COUNT] = {false};
        wanted(st, want);
        free(p->posts);
        p->nposts = 0;
        p->posts = tkit_xcalloc(TKIT_POST_COUNT, sizeof *p->posts);
        for (int k = 0; k < TKIT_POST_ANY; k++) {
                const struct tkit_view_post *vp = &st->view.post[k];
                if (!want[k] && !vp->concerned)
                        continue;
                struct post_plan *v = &p->posts[p->nposts++];
                *v = (struct post_plan){.kind = (enum tkit_post)k, .new_row = -1, .def = vp->def};
                for (size_t i = 0; i < st->s->nposts; i++)
                        if ((int)st->s->posts[i].kind == k)
                                v->sp = &st->s->posts[i];
                v->on_piece = vp->piece >= 0;
                v->x0 = vp->x0;
                v->y0 = vp->y0;
                v->x1 = vp->x1;
                v->y1 = vp->y1;
                if (st->state == TKIT_SCENE_DURING) {
                        v->new_row = vp->row;
                        v->new_stack = vp->stack;
                        v->new_catapult = vp->catapult;
                        v->refused = vp->refused;
                }
        }
}

/* After the crop: each post no piece on the board carries gets an empty row of two cells under
 * the cells shown. */
void tkit_scene_posts_below(struct scene_plan *p)
{
        for (size_t i = 0; i < p->nposts; i++) {
                struct post_plan *v = &p->posts[i];
                if (v->on_piece)
                        continue;
                v->x0 = p->bx0;
                v->x1 = p->bx0 + 1;
                v->y0 = v->y1 = ++p->by1;
                p->bx1 = p->bx1 > v->x1 ? p->bx1 : v->x1;
        }
}

size_t tkit_scene_post_printed(const struct post_plan *v)
{
        size_t n = v->def ? (size_t)(v->def->plain + v->def->dark3 + v->def->fiveplus) : 0;
        return v->sp && v->sp->nrow > n ? v->sp->nrow : n;
}

const char *tkit_scene_post_label(const struct scene_plan *p, const struct post_plan *v, size_t i,
                                  bool *counts)
{
        const struct tkit_post_def *def = v->def;
        *counts = true;
        if (!def || i < (size_t)def->plain ||
            i >= (size_t)(def->plain + def->dark3 + def->fiveplus))
                return NULL;
        *counts = tkit_post_space_counts(def, (int)i, (int)p->st->s->nplayers);
        return i < (size_t)(def->plain + def->dark3) ? "3" : "5+";
}

/* ---------------------------------------------------------------- the panel's layout */

#define PITCH 1.1 /* from one space to the next, in spaces */
#define LINE 1.3  /* from one line to the next, in spaces: room for the ring of what is new */
#define PAD 0.1   /* inside the panel, in spaces */

/* The widths (in spaces of side s) of the panel's items in order: the symbol, the row spaces;
 * then, on a line of its own, the meeple space with its fan (and its count when tall), the
 * catapult space (and the callout of a refused catapult). */
static size_t items(const struct scene_plan *p, const struct post_plan *v, double s, double *w)
{
        size_t n = 0, rows = tkit_scene_post_printed(v);
        w[n++] = 1;
        for (size_t i = 0; i < rows; i++)
                w[n++] = 1;
        size_t stack = v->sp ? v->sp->nstack : 0, shown = stack > 3 ? 3 : stack;
        w[n++] = 1 + (shown > 1 ? (double)(shown - 1) * FAN_DX : 0) + (stack > 3 ? 0.9 : 0);
        w[n++] = 1 + (v->refused ? 0.15 + 2 * p->callout_r * p->P / s : 0);
        return n;
}

/* Flows the items into lines of the panel's width (the meeple space starts a line); the number
 * of lines. Each item's left edge and line go to x[] and line[] (spaces, from the panel's
 * padding). */
static int flow(const double *w, size_t n, double room, double *x, int *line)
{
        int l = 0;
        double at = 0;
        for (size_t i = 0; i < n; i++) {
                bool stack = i == n - 2;
                if ((stack || at + w[i] > room) && at > 0) {
                        l++;
                        at = 0;
                }
                x[i] = at;
                line[i] = l;
                at += w[i] + (PITCH - 1);
                if (stack)
                        at += 0.2; /* a little more room before the catapult space */
        }
        return l + 1;
}

/* The panel in picture units, a space's side, and where each item goes: the side is 0.3 of a
 * tile, at least 16.2 pt so that a figure (0.88 of it) is 14 pt at a rulebook's 20 mm a tile,
 * made smaller (3 % at a time) only as far as the panel needs to hold the lines. */
static void panel_layout(const struct scene_plan *p, const struct post_plan *v, struct post_box *b)
{
        double in = p->P * 0.03;
        b->px0 = tkit_scene_pic_x(p, v->x0) + in;
        b->py0 = tkit_scene_pic_y(p, v->y0) + in;
        b->px1 = tkit_scene_pic_x(p, v->x1 + 1) - in;
        b->py1 = tkit_scene_pic_y(p, v->y1 + 1) - in;
        size_t cap = tkit_scene_post_printed(v) + 3;
        double *w = tkit_xcalloc(cap, sizeof *w), *x = tkit_xcalloc(cap, sizeof *x);
        int *line = tkit_xcalloc(cap, sizeof *line);
        b->s = tkit_scene_size(p, 0.3, 16.2);
        double W = b->px1 - b->px0, H = b->py1 - b->py0;
        int lines = 1;
        for (int round = 0; round < 40; round++, b->s *= 0.97) {
                size_t n = items(p, v, b->s, w);
                lines = flow(w, n, W / b->s - 2 * PAD, x, line);
                if (((double)lines * LINE + 2 * PAD) * b->s <= H)
                        break;
        }
        size_t n = items(p, v, b->s, w);
        lines = flow(w, n, W / b->s - 2 * PAD, x, line);
        double s = b->s, top = b->py0 + (H - (double)lines * LINE * s) / 2 + (LINE - 1) * s / 2;
        /* each line centred: its end is where its last item ends (items go left to right) */
        double *end = tkit_xcalloc((size_t)lines, sizeof *end);
        for (size_t i = 0; i < n; i++)
                end[line[i]] = x[i] + w[i];
        free(b->spaces);
        b->spaces = tkit_xcalloc(cap, sizeof *b->spaces);
        for (size_t i = 0; i < n; i++) {
                b->spaces[i].x = b->px0 + (W - end[line[i]] * s) / 2 + x[i] * s;
                b->spaces[i].y = top + (double)line[i] * LINE * s;
        }
        free(end);
        b->nspaces = n;
        free(w);
        free(x);
        free(line);
}

const struct post_box *tkit_scene_post_box(const struct scene_layout *lo, int kind)
{
        const struct post_plan *v = tkit_scene_post_plan(lo->pl, kind);
        return v ? &lo->posts[v - lo->pl->posts] : NULL;
}

bool tkit_scene_post_panel(const struct scene_layout *lo, int kind, struct tkit_box *b)
{
        const struct post_box *v = tkit_scene_post_box(lo, kind);
        if (!v)
                return false;
        const struct scene_plan *p = lo->pl;
        *b = (struct tkit_box){tkit_scene_board_x(p, v->px0), tkit_scene_board_y(p, v->py0),
                               tkit_scene_board_x(p, v->px1), tkit_scene_board_y(p, v->py1),
                               BOX_PANEL};
        return true;
}

void tkit_scene_post_stack_at(const struct post_box *b, size_t i, size_t shown, double *x,
                              double *y)
{
        double s = b->s, cx = b->spaces[b->nspaces - 2].x, top = b->spaces[b->nspaces - 2].y;
        double y0 = top + s / 2 + (double)(shown ? shown - 1 : 0) * s * FAN_DY / 2;
        *x = cx + s / 2 + (double)i * s * FAN_DX;
        *y = y0 - (double)i * s * FAN_DY;
}

/* ---------------------------------------------------------------- marks and boxes */

static void add_box(struct scene_layout *lo, double x0, double y0, double x1, double y1,
                    unsigned kind)
{
        const struct scene_plan *p = lo->pl;
        struct tkit_box b = {tkit_scene_board_x(p, x0), tkit_scene_board_y(p, y0),
                             tkit_scene_board_x(p, x1), tkit_scene_board_y(p, y1), kind};
        tkit_box_index_add(lo->ix, b);
}

static struct tkit_scene_mark *box_mark(struct scene_layout *lo, enum tkit_scene_mark_kind k,
                                        double x0, double y0, double x1, double y1, unsigned box)
{
        struct tkit_scene_mark *m = tkit_scene_add_mark(lo, k);
        m->x0 = x0;
        m->y0 = y0;
        m->x1 = x1;
        m->y1 = y1;
        m->x = (x0 + x1) / 2;
        m->y = (y0 + y1) / 2;
        add_box(lo, x0, y0, x1, y1, box);
        return m;
}

/* A meeple at a post, centred at (x, y), s high; `covered` when the next one up hides its head. */
static void post_figure(struct scene_layout *lo, const struct post_plan *v, int player, double x,
                        double y, double s, bool covered, bool is_new)
{
        struct tkit_scene_mark *m =
            box_mark(lo, TKIT_MARK_POST, x - s / 2, y - s / 2, x + s / 2, y + s / 2, BOX_FIGURE);
        m->player = player;
        m->post = (int)v->kind;
        m->is_new = is_new;
        m->returned = tkit_scene_post_returns(lo->st, (int)v->kind, player);
        m->what = "post";
        tkit_render_figure_probe(TKIT_FIGURE_MEEPLE, false, x, y, s, &m->probe_x, &m->probe_y);
        if (covered) { /* its left arm shows */
                m->probe_x = x - 0.36 * s;
                m->probe_y = y - 0.03 * s;
        }
}

static void post_space(struct scene_layout *lo, const struct post_plan *v, double x, double y,
                       double s, const char *what)
{
        struct tkit_scene_mark *m =
            box_mark(lo, TKIT_MARK_POST_SPACE, x, y, x + s, y + s, BOX_POST);
        m->post = (int)v->kind;
        m->what = what;
}

/* The row spaces as printed and the figures standing in them. */
static void row_spaces(struct scene_layout *lo, const struct post_plan *v, const struct post_box *b)
{
        const struct tkit_scene_post *sp = v->sp;
        double s = b->s;
        for (size_t i = 0; i < tkit_scene_post_printed(v); i++) {
                double x = b->spaces[i + 1].x, top = b->spaces[i + 1].y;
                bool counts;
                tkit_scene_post_label(lo->pl, v, i, &counts);
                post_space(lo, v, x, top, s, counts ? "row-space" : "row-space-dark");
                if (sp && i < sp->nrow && sp->row[i] >= 0)
                        post_figure(lo, v, sp->row[i], x + s / 2, top + s / 2, s * 0.88, false,
                                    (int)i == v->new_row);
        }
}

/* The meeple space; the top three of the stack (bottom to top) over it. */
static void stack_space(struct scene_layout *lo, const struct post_plan *v,
                        const struct post_box *b)
{
        const struct tkit_scene_post *sp = v->sp;
        size_t n = sp ? sp->nstack : 0, shown = n > 3 ? 3 : n;
        double s = b->s;
        post_space(lo, v, b->spaces[b->nspaces - 2].x, b->spaces[b->nspaces - 2].y, s,
                   "meeple-space");
        for (size_t i = 0; i < shown; i++) {
                double x, y;
                tkit_scene_post_stack_at(b, i, shown, &x, &y);
                post_figure(lo, v, sp->stack[n - shown + i], x, y, s * 0.88, i + 1 < shown,
                            v->new_stack && i + 1 == shown);
        }
}

static void catapult_token(struct scene_layout *lo, const struct post_plan *v, double s, double x,
                           double y)
{
        struct tkit_scene_mark *m = tkit_scene_add_mark(lo, TKIT_MARK_TOKEN);
        *m = (struct tkit_scene_mark){.kind = TKIT_MARK_TOKEN,
                                      .player = -1,
                                      .feature = -1,
                                      .post = (int)v->kind,
                                      .token = TKIT_TOKEN_CATAPULT,
                                      .what = tkit_token_name(TKIT_TOKEN_CATAPULT),
                                      .is_new = v->new_catapult,
                                      .removed = tkit_scene_catapult_removed(lo->st, (int)v->kind),
                                      .x0 = x + s * 0.1,
                                      .y0 = y + s * 0.1,
                                      .x1 = x + s * 0.9,
                                      .y1 = y + s * 0.9,
                                      .x = x + s / 2,
                                      .y = y + s / 2};
}

static void catapult_space(struct scene_layout *lo, const struct post_plan *v,
                           const struct post_box *b)
{
        double s = b->s, x = b->spaces[b->nspaces - 1].x, y = b->spaces[b->nspaces - 1].y;
        struct tkit_scene_mark *m = box_mark(lo, TKIT_MARK_SYMBOL, x, y, x + s, y + s, BOX_POST);
        m->what = "catapult-space";
        m->post = (int)v->kind;
        if (v->sp && v->sp->catapult)
                catapult_token(lo, v, s, x, y);
        if (v->refused) { /* no catapult left: a cross over the space, its callout after it */
                m = box_mark(lo, TKIT_MARK_REFUSED, x, y, x + s, y + s, BOX_MARK);
                m->post = (int)v->kind;
                m->number = v->refused;
                m->what = tkit_token_name(TKIT_TOKEN_CATAPULT);
                double r = lo->pl->callout_r * lo->pl->P;
                m = box_mark(lo, TKIT_MARK_CALLOUT, x + s * 1.15, y + s / 2 - r,
                             x + s * 1.15 + 2 * r, y + s / 2 + r, BOX_CALLOUT);
                m->number = v->refused;
        }
}

static void post_panel(struct scene_layout *lo, const struct post_plan *v, const struct post_box *b)
{
        double s = b->s, x = b->spaces[0].x, y = b->spaces[0].y;
        add_box(lo, b->px0, b->py0, b->px1, b->py1, BOX_PANEL);
        struct tkit_scene_mark *m = box_mark(lo, TKIT_MARK_SYMBOL, x + s * 0.05, y + s * 0.05,
                                             x + s * 0.95, y + s * 0.95, BOX_POST);
        m->what = "post";
        m->post = (int)v->kind;
        row_spaces(lo, v, b);
        stack_space(lo, v, b);
        catapult_space(lo, v, b);
}

void tkit_scene_posts_place(struct scene_layout *lo)
{
        const struct scene_plan *p = lo->pl;
        lo->posts = tkit_xcalloc(p->nposts + 1, sizeof *lo->posts);
        for (size_t i = 0; i < p->nposts; i++)
                panel_layout(p, &p->posts[i], &lo->posts[i]);
        for (size_t i = 0; i < p->nposts; i++)
                post_panel(lo, &p->posts[i], &lo->posts[i]);
}
