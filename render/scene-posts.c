/* The defense posts of a scene picture (Siege & Defense), drawn on the fortress as the rulebook
 * prints them: each post the example concerns (those the scene states, those an event is about,
 * the post of a bonus or of a catapult that advances or cannot, one a callout points at) is a panel across the row of its
 * piece where the face in use prints it (game/view.c: the face's q-th post on the piece's q-th
 * row, as turned). In the panel: the post's symbol and its row spaces as printed (the dark "3" and
 * "5+" spaces dark when they do not count for the scene's number of players), the meeples in
 * them; below, the meeple space (a meeple's outline) with its stack, and the catapult space. A
 * post no piece on the board carries gets a panel of its own in an empty row under the board.
 * What the move adds is marked as new; the badges of the points scored at a post are placed next
 * to its panel with the other badges (scene-place.c). */
#include "render/scene-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tkit_render_meeple(cairo_t *cr, double x, double y, double s);

const struct post_view *tkit_scene_post_view(const struct pic *p, int kind)
{
        for (size_t i = 0; i < p->nposts; i++)
                if ((int)p->posts[i].kind == kind)
                        return &p->posts[i];
        return NULL;
}

static void free_views(struct pic *p)
{
        for (size_t i = 0; i < p->nposts; i++)
                free(p->posts[i].spaces);
        free(p->posts);
        p->posts = NULL;
        p->nposts = 0;
}

void tkit_scene_posts_finish(struct pic *p)
{
        free_views(p);
}

void tkit_scene_posts_plan(struct pic *p)
{
        bool want[TKIT_POST_COUNT] = {false};
        /* the scene as given names the posts it is about (the state after the move may list
         * every post of the fortress) */
        for (size_t i = 0; i < p->orig->nposts; i++)
                want[p->orig->posts[i].kind < TKIT_POST_ANY ? p->orig->posts[i].kind : 0] = true;
        for (size_t i = 0; p->r && i < p->r->nevents; i++)
                if ((unsigned)p->r->events[i].post < TKIT_POST_ANY)
                        want[p->r->events[i].post] = true;
        if (p->orig->move.bonus.taken && (unsigned)p->orig->move.bonus.post < TKIT_POST_ANY)
                want[p->orig->move.bonus.post] = true;
        for (size_t i = 0; i < p->orig->ncallouts; i++)
                if ((unsigned)p->orig->callouts[i].post < TKIT_POST_ANY)
                        want[p->orig->callouts[i].post] = true;
        free_views(p);
        p->posts = tkit_xcalloc(TKIT_POST_COUNT, sizeof *p->posts);
        for (int k = 0; k < TKIT_POST_ANY; k++) {
                const struct tkit_view_post *vp = &p->view.post[k];
                if (!want[k] && !vp->concerned)
                        continue;
                struct post_view *v = &p->posts[p->nposts++];
                *v = (struct post_view){.kind = (enum tkit_post)k, .new_row = -1, .def = vp->def};
                for (size_t i = 0; i < p->s->nposts; i++)
                        if ((int)p->s->posts[i].kind == k)
                                v->sp = &p->s->posts[i];
                v->on_piece = vp->piece >= 0;
                v->x0 = vp->x0;
                v->y0 = vp->y0;
                v->x1 = vp->x1;
                v->y1 = vp->y1;
                if (p->state == TKIT_SCENE_DURING) {
                        v->new_row = vp->row;
                        v->new_stack = vp->stack;
                        v->new_catapult = vp->catapult;
                        v->refused = vp->refused;
                }
        }
}

/* After the crop: each post no piece on the board carries gets an empty row of two cells under
 * the cells shown. */
void tkit_scene_posts_below(struct pic *p)
{
        for (size_t i = 0; i < p->nposts; i++) {
                struct post_view *v = &p->posts[i];
                if (v->on_piece)
                        continue;
                v->x0 = p->bx0;
                v->x1 = p->bx0 + 1;
                v->y0 = v->y1 = ++p->by1;
                p->bx1 = p->bx1 > v->x1 ? p->bx1 : v->x1;
        }
}

/* ---------------------------------------------------------------- the panel's layout */

static size_t printed(const struct post_view *v)
{
        size_t n = v->def ? (size_t)(v->def->plain + v->def->dark3 + v->def->fiveplus) : 0;
        return v->sp && v->sp->nrow > n ? v->sp->nrow : n;
}

/* The fan of a stack: each meeple (0.88 of a space) this far right of the one below, in spaces,
 * so that no two overlap by more than a third and each can be counted. */
#define FAN_DX 0.58
#define FAN_DY 0.2
#define PITCH 1.1 /* from one space to the next, in spaces */
#define LINE 1.3  /* from one line to the next, in spaces: room for the ring of what is new */
#define PAD 0.1   /* inside the panel, in spaces */

/* The widths (in spaces) of the panel's items in order: the symbol, the row spaces; then, on a
 * line of its own, the meeple space with its fan (and its count when tall), the catapult space
 * (and the callout of a refused catapult). */
static size_t items(const struct pic *p, const struct post_view *v, double *w)
{
        size_t n = 0, rows = printed(v);
        w[n++] = 1;
        for (size_t i = 0; i < rows; i++)
                w[n++] = 1;
        size_t stack = v->sp ? v->sp->nstack : 0, shown = stack > 3 ? 3 : stack;
        w[n++] = 1 + (shown > 1 ? (double)(shown - 1) * FAN_DX : 0) + (stack > 3 ? 0.9 : 0);
        w[n++] = 1 + (v->refused ? 0.15 + 2 * p->callout_r * p->P / v->s : 0);
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
static void panel_layout(struct pic *p, struct post_view *v)
{
        double in = p->P * 0.03;
        v->px0 = tkit_scene_pic_x(p, v->x0) + in;
        v->py0 = tkit_scene_pic_y(p, v->y0) + in;
        v->px1 = tkit_scene_pic_x(p, v->x1 + 1) - in;
        v->py1 = tkit_scene_pic_y(p, v->y1 + 1) - in;
        size_t cap = printed(v) + 3;
        double *w = tkit_xcalloc(cap, sizeof *w), *x = tkit_xcalloc(cap, sizeof *x);
        int *line = tkit_xcalloc(cap, sizeof *line);
        v->s = tkit_scene_size(p, 0.3, 16.2);
        double W = v->px1 - v->px0, H = v->py1 - v->py0;
        int lines = 1;
        for (int round = 0; round < 40; round++, v->s *= 0.97) {
                size_t n = items(p, v, w);
                lines = flow(w, n, W / v->s - 2 * PAD, x, line);
                if (((double)lines * LINE + 2 * PAD) * v->s <= H)
                        break;
        }
        size_t n = items(p, v, w);
        lines = flow(w, n, W / v->s - 2 * PAD, x, line);
        double s = v->s, top = v->py0 + (H - (double)lines * LINE * s) / 2 + (LINE - 1) * s / 2;
        /* each line centred: its end is where its last item ends (items go left to right) */
        double *end = tkit_xcalloc((size_t)lines, sizeof *end);
        for (size_t i = 0; i < n; i++)
                end[line[i]] = x[i] + w[i];
        free(v->spaces);
        v->spaces = tkit_xcalloc(cap, sizeof *v->spaces);
        for (size_t i = 0; i < n; i++) {
                v->spaces[i].x = v->px0 + (W - end[line[i]] * s) / 2 + x[i] * s;
                v->spaces[i].y = top + (double)line[i] * LINE * s;
        }
        free(end);
        v->nspaces = n;
        free(w);
        free(x);
        free(line);
}

void tkit_scene_posts_layout(struct pic *p)
{
        for (size_t i = 0; i < p->nposts; i++)
                panel_layout(p, &p->posts[i]);
}

bool tkit_scene_post_panel(const struct pic *p, int kind, struct tkit_box *b)
{
        const struct post_view *v = tkit_scene_post_view(p, kind);
        if (!v)
                return false;
        *b = (struct tkit_box){tkit_scene_board_x(p, v->px0), tkit_scene_board_y(p, v->py0),
                               tkit_scene_board_x(p, v->px1), tkit_scene_board_y(p, v->py1),
                               BOX_PANEL};
        return true;
}

/* ---------------------------------------------------------------- marks and drawing */

static void add_box(struct pic *p, double x0, double y0, double x1, double y1, unsigned kind)
{
        struct tkit_box b = {tkit_scene_board_x(p, x0), tkit_scene_board_y(p, y0),
                             tkit_scene_board_x(p, x1), tkit_scene_board_y(p, y1), kind};
        tkit_box_index_add(p->ix, b);
}

static struct tkit_scene_mark *box_mark(struct pic *p, enum tkit_scene_mark_kind k, double x0,
                                        double y0, double x1, double y1, unsigned box)
{
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, k);
        m->x0 = x0;
        m->y0 = y0;
        m->x1 = x1;
        m->y1 = y1;
        m->x = (x0 + x1) / 2;
        m->y = (y0 + y1) / 2;
        add_box(p, x0, y0, x1, y1, box);
        return m;
}

static void post_figure(struct pic *p, cairo_t *cr, const struct post_view *v, int player, double x,
                        double y, double s, bool covered, bool is_new)
{
        int colour = tkit_scene_player_colour(p->s, player);
        if (cr) {
                if (is_new)
                        tkit_scene_draw_new(cr, x - s * 0.62, y - s * 0.62, x + s * 0.62,
                                            y + s * 0.62, s * 0.09);
                tkit_scene_draw_figure(p, cr, TKIT_FIGURE_MEEPLE, false, colour, x, y, s);
                return;
        }
        struct tkit_scene_mark *m =
            box_mark(p, TKIT_MARK_POST, x - s / 2, y - s / 2, x + s / 2, y + s / 2, BOX_FIGURE);
        m->player = player;
        m->post = (int)v->kind;
        m->is_new = is_new;
        m->returned = tkit_scene_post_returns(p, (int)v->kind, player);
        m->what = "post";
        tkit_render_figure_probe(TKIT_FIGURE_MEEPLE, false, x, y, s, &m->probe_x, &m->probe_y);
        if (covered) { /* the next one up hides the head: its left arm shows */
                m->probe_x = x - 0.36 * s;
                m->probe_y = y - 0.03 * s;
        }
}

static void post_space(struct pic *p, cairo_t *cr, const struct post_view *v, double x, double y,
                       double s, const char *dark)
{
        if (cr) {
                tkit_render_post_space(cr, x, y, s, dark);
                return;
        }
        struct tkit_scene_mark *m = box_mark(p, TKIT_MARK_POST_SPACE, x, y, x + s, y + s, BOX_POST);
        m->post = (int)v->kind;
        m->what = dark ? "row-space-dark" : "row-space";
}

/* Row space i as printed: its label ("3", "5+") or NULL for a plain one; whether it counts with
 * the scene's number of players (model: tkit_post_space_counts). */
static const char *space_label(const struct pic *p, const struct post_view *v, size_t i,
                               bool *counts)
{
        const struct tkit_post_def *def = v->def;
        *counts = true;
        if (!def || i < (size_t)def->plain ||
            i >= (size_t)(def->plain + def->dark3 + def->fiveplus))
                return NULL;
        *counts = tkit_post_space_counts(def, (int)i, (int)p->s->nplayers);
        return i < (size_t)(def->plain + def->dark3) ? "3" : "5+";
}

/* The row spaces as printed, light when they count with the scene's number of players, dark with
 * their label when they do not; the figures standing in them. */
static void row_spaces(struct pic *p, cairo_t *cr, const struct post_view *v)
{
        const struct tkit_scene_post *sp = v->sp;
        size_t pr = v->def ? (size_t)(v->def->plain + v->def->dark3 + v->def->fiveplus) : 0;
        double s = v->s;
        for (size_t i = 0; i < printed(v); i++) {
                double x = v->spaces[i + 1].x, top = v->spaces[i + 1].y;
                bool counts;
                const char *label = space_label(p, v, i, &counts);
                if (cr && (int)i == v->new_row && sp && i < sp->nrow) /* behind the space */
                        tkit_scene_draw_new(cr, x, top, x + s, top + s, s * 0.08);
                post_space(p, cr, v, x, top, s, counts ? NULL : label);
                if (cr && counts && label) {
                        double fs = s * 0.3 > 6 / p->upt ? s * 0.3 : 6 / p->upt;
                        cairo_set_source_rgb(cr, 0.45, 0.4, 0.35);
                        tkit_render_font(cr, fs, true);
                        tkit_render_text_center(cr, x + s * 0.8, top + fs * 1.05, label);
                }
                if (cr && v->def && i >= pr) { /* beyond the spaces the face prints */
                        cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
                        cairo_set_line_width(cr, s * 0.06);
                        cairo_rectangle(cr, x, top, s, s);
                        cairo_stroke(cr);
                }
                if (sp && i < sp->nrow && sp->row[i] >= 0)
                        post_figure(p, cr, v, sp->row[i], x + s / 2, top + s / 2, s * 0.88, false,
                                    (int)i == v->new_row && !cr);
        }
}

/* The meeple space, a meeple's outline as the fortress prints it; the stack bottom to top in a
 * fan up and to the right, kept within the space's height (what is new rings the space and its
 * fan, as a row space), a count when tall. */
static void stack_space(struct pic *p, cairo_t *cr, const struct post_view *v)
{
        const struct tkit_scene_post *sp = v->sp;
        size_t n = sp ? sp->nstack : 0, shown = n > 3 ? 3 : n;
        double s = v->s, cx = v->spaces[v->nspaces - 2].x, top = v->spaces[v->nspaces - 2].y;
        double fan = shown > 1 ? (double)(shown - 1) * s * FAN_DX : 0;
        if (cr && v->new_stack && shown) /* behind the space */
                tkit_scene_draw_new(cr, cx, top, cx + s + fan, top + s, s * 0.08);
        post_space(p, cr, v, cx, top, s, NULL);
        if (cr) {
                tkit_render_meeple(cr, cx + s / 2, top + s / 2, s * 0.78);
                cairo_set_source_rgb(cr, 0.55, 0.5, 0.45);
                cairo_set_line_width(cr, s * 0.05);
                cairo_stroke(cr);
        } else {
                p->out.marks[p->out.nmarks - 1].what = "meeple-space";
        }
        double y0 = top + s / 2 + (double)(shown ? shown - 1 : 0) * s * FAN_DY / 2;
        for (size_t i = 0; i < shown; i++)
                post_figure(p, cr, v, sp->stack[n - shown + i], cx + s / 2 + (double)i * s * FAN_DX,
                            y0 - (double)i * s * FAN_DY, s * 0.88, i + 1 < shown,
                            v->new_stack && i + 1 == shown && !cr);
        if (cr && n > 3) {
                char t[24];
                snprintf(t, sizeof t, "\xc3\x97%zu", n);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, s * 0.45, true);
                cairo_move_to(cr, cx + s * 1.05 + fan, top + s * 0.95);
                tkit_render_text_show(cr, t);
                cairo_new_path(cr);
        }
}

static void catapult_token(struct pic *p, const struct post_view *v, double x, double y)
{
        double s = v->s;
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_TOKEN);
        *m = (struct tkit_scene_mark){.kind = TKIT_MARK_TOKEN,
                                      .player = -1,
                                      .feature = -1,
                                      .post = (int)v->kind,
                                      .token = TKIT_TOKEN_CATAPULT,
                                      .what = tkit_token_name(TKIT_TOKEN_CATAPULT),
                                      .is_new = v->new_catapult,
                                      .removed = tkit_scene_catapult_removed(p, (int)v->kind),
                                      .x0 = x + s * 0.1,
                                      .y0 = y + s * 0.1,
                                      .x1 = x + s * 0.9,
                                      .y1 = y + s * 0.9,
                                      .x = x + s / 2,
                                      .y = y + s / 2};
}

static void catapult_space(struct pic *p, cairo_t *cr, const struct post_view *v)
{
        double s = v->s, x = v->spaces[v->nspaces - 1].x, y = v->spaces[v->nspaces - 1].y;
        bool catapult = v->sp && v->sp->catapult;
        if (cr) {
                if (v->new_catapult)
                        tkit_scene_draw_new(cr, x - s * 0.12, y - s * 0.12, x + s * 1.12,
                                            y + s * 1.12, s * 0.09);
                tkit_render_catapult_space(cr, x, y, s, catapult);
                return;
        }
        struct tkit_scene_mark *m = box_mark(p, TKIT_MARK_SYMBOL, x, y, x + s, y + s, BOX_POST);
        m->what = "catapult-space";
        m->post = (int)v->kind;
        if (catapult)
                catapult_token(p, v, x, y);
        if (v->refused) { /* no catapult left: a cross over the space, its callout after it */
                m = box_mark(p, TKIT_MARK_REFUSED, x, y, x + s, y + s, BOX_MARK);
                m->post = (int)v->kind;
                m->number = v->refused;
                m->what = tkit_token_name(TKIT_TOKEN_CATAPULT);
                double r = p->callout_r * p->P;
                m = box_mark(p, TKIT_MARK_CALLOUT, x + s * 1.15, y + s / 2 - r,
                             x + s * 1.15 + 2 * r, y + s / 2 + r, BOX_CALLOUT);
                m->number = v->refused;
        }
}

/* The panel: the fortress's art shows through a little, so the post reads as printed on it. */
static void panel(cairo_t *cr, const struct post_view *v)
{
        double s = v->s, r = s * 0.15;
        double x0 = v->px0, y0 = v->py0, x1 = v->px1, y1 = v->py1;
        cairo_new_sub_path(cr);
        cairo_arc(cr, x1 - r, y0 + r, r, -M_PI / 2, 0);
        cairo_arc(cr, x1 - r, y1 - r, r, 0, M_PI / 2);
        cairo_arc(cr, x0 + r, y1 - r, r, M_PI / 2, M_PI);
        cairo_arc(cr, x0 + r, y0 + r, r, M_PI, 3 * M_PI / 2);
        cairo_close_path(cr);
        cairo_set_source_rgba(cr, 0.93, 0.89, 0.8, 0.9);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.35, 0.3, 0.25);
        cairo_set_line_width(cr, s * 0.06);
        cairo_stroke(cr);
}

static void post_panel(struct pic *p, cairo_t *cr, const struct post_view *v)
{
        double s = v->s, x = v->spaces[0].x, y = v->spaces[0].y;
        if (cr) {
                panel(cr, v);
                tkit_render_post_symbol(cr, v->kind, x + s / 2, y + s / 2, s * 0.5);
        } else {
                add_box(p, v->px0, v->py0, v->px1, v->py1, BOX_PANEL);
                struct tkit_scene_mark *m = box_mark(p, TKIT_MARK_SYMBOL, x + s * 0.05,
                                                     y + s * 0.05, x + s * 0.95, y + s * 0.95,
                                                     BOX_POST);
                m->what = "post";
                m->post = (int)v->kind;
        }
        row_spaces(p, cr, v);
        stack_space(p, cr, v);
        catapult_space(p, cr, v);
}

void tkit_scene_posts_place(struct pic *p)
{
        tkit_scene_posts_layout(p);
        for (size_t i = 0; i < p->nposts; i++)
                post_panel(p, NULL, &p->posts[i]);
}

void tkit_scene_posts_draw(struct pic *p, cairo_t *cr)
{
        for (size_t i = 0; i < p->nposts; i++)
                post_panel(p, cr, &p->posts[i]);
        /* after every panel; a stack leaves as one: its top meeple carries the mark (the marks of
         * those below would sit on the meeples above them) */
        for (size_t i = 0; i < p->out.nmarks; i++) {
                const struct tkit_scene_mark *m = &p->out.marks[i];
                bool under = false;
                for (size_t k = i + 1; m->kind == TKIT_MARK_POST && k < p->out.nmarks && !under;
                     k++)
                        under = p->out.marks[k].kind == TKIT_MARK_POST &&
                                p->out.marks[k].x0 < m->x1 && m->x0 < p->out.marks[k].x1 &&
                                p->out.marks[k].y0 < m->y1 && m->y0 < p->out.marks[k].y1;
                if ((m->kind == TKIT_MARK_POST && !under) ||
                    (m->kind == TKIT_MARK_TOKEN && m->post >= 0))
                        tkit_scene_draw_leaving(cr, m);
        }
}
