/* The defense posts of a scene picture (Siege & Defense): one row per post the example concerns
 * (those the scene states, those an event is about, the post of a bonus or of a catapult that
 * advances or cannot), under the board and below the fortress piece whose face carries it, with a
 * short tick from the piece's edge. Per row: the post's symbol, its row spaces as printed on the
 * face in use (the dark "3" and "5+" spaces dark when they do not count for the scene's number of
 * players), the meeples in them, the meeple space with its stack, the catapult space, the post's
 * name, then the badges of the points scored at the post. What the move adds is marked as new. */
#include "render/scene-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool in_play(const struct pic *p, const struct tkit_set *set)
{
        if (!p->orig->nsets)
                return true;
        for (size_t i = 0; i < p->orig->nsets; i++)
                if (strcmp(p->orig->sets[i], set->id) == 0)
                        return true;
        return false;
}

const struct tkit_post_def *tkit_scene_post_def(const struct pic *p, enum tkit_post kind)
{
        for (size_t i = 0; i < p->nsets; i++) {
                const struct tkit_set *set = p->sets[i];
                if (!in_play(p, set))
                        continue;
                for (size_t k = 0; k < set->npieces; k++) {
                        const struct tkit_face *fc = tkit_piece_face(
                            &set->pieces[k], p->orig->face, (int)p->orig->nplayers);
                        for (size_t q = 0; fc && q < fc->nposts; q++)
                                if (fc->posts[q].kind == kind)
                                        return &fc->posts[q];
                }
        }
        return NULL;
}

const struct post_view *tkit_scene_post_view(const struct pic *p, int kind)
{
        for (size_t i = 0; i < p->nposts; i++)
                if ((int)p->posts[i].kind == kind)
                        return &p->posts[i];
        return NULL;
}

void tkit_scene_posts_plan(struct pic *p)
{
        bool want[TKIT_POST_COUNT] = {false};
        for (size_t i = 0; i < p->s->nposts; i++)
                want[p->s->posts[i].kind < TKIT_POST_ANY ? p->s->posts[i].kind : 0] = true;
        for (size_t i = 0; p->r && i < p->r->nevents; i++)
                if ((unsigned)p->r->events[i].post < TKIT_POST_ANY)
                        want[p->r->events[i].post] = true;
        if (p->orig->move.bonus.taken && (unsigned)p->orig->move.bonus.post < TKIT_POST_ANY)
                want[p->orig->move.bonus.post] = true;
        free(p->posts);
        p->posts = tkit_xcalloc(TKIT_POST_COUNT, sizeof *p->posts);
        p->nposts = 0;
        for (int k = 0; k < TKIT_POST_ANY; k++) {
                if (!want[k] && !p->view.post[k].concerned)
                        continue;
                struct post_view *v = &p->posts[p->nposts++];
                *v = (struct post_view){.kind = (enum tkit_post)k, .new_row = -1};
                for (size_t i = 0; i < p->s->nposts; i++)
                        if ((int)p->s->posts[i].kind == k)
                                v->sp = &p->s->posts[i];
                v->def = tkit_scene_post_def(p, (enum tkit_post)k);
                if (p->state == TKIT_SCENE_DURING) {
                        v->new_row = p->view.post[k].row;
                        v->new_stack = p->view.post[k].stack;
                        v->new_catapult = p->view.post[k].catapult;
                        v->refused = p->view.post[k].refused;
                }
        }
}

/* A row's height: at least 20 pt, so that a figure in a space (0.8 × 0.88 of it) is 14 pt tall
 * at a rulebook's 20 mm a tile (docs/render.md). */
static double post_h(const struct pic *p)
{
        return tkit_scene_size(p, 0.3, 20);
}

double tkit_scene_posts_height(const struct pic *p)
{
        return (double)p->nposts * post_h(p) * 1.15;
}

static size_t printed(const struct post_view *v)
{
        size_t n = v->def ? (size_t)(v->def->plain + v->def->dark3 + v->def->fiveplus) : 0;
        return v->sp && v->sp->nrow > n ? v->sp->nrow : n;
}

/* The post as the rulebook of the picture's language names it (text/: "postul de apărare al
 * cavalerilor", "hradby rytířů", "аванпост лицарів"). */
static const char *post_name(const struct pic *p, enum tkit_post k)
{
        return tkit_text_post(tkit_scene_lang(p), (int)k);
}

static double name_size(const struct pic *p)
{
        double s = post_h(p) * 0.34, min = 6.5 / p->upt;
        return s > min ? s : min;
}

/* Half width of a badge for `points` (tile units). */
static double badge_hw(const struct pic *p, int points)
{
        char t[24];
        snprintf(t, sizeof t, "%+d", points);
        return (0.07 + 0.058 * (double)strlen(t)) * p->badge_hh / 0.1;
}

/* From the catapult space to the post's name: past the ring of a catapult the move advances
 * there, or past the callout of one that cannot. */
static double name_gap(const struct post_view *v, double s)
{
        return s * (v->new_catapult ? 1.55 : 1.3) + (v->refused ? s * 1.2 : 0);
}

static bool post_score(const struct tkit_game_event *e, enum tkit_post k)
{
        return e->kind == TKIT_EV_SCORE && e->player >= 0 && e->post == (int)k && e->nplaces == 0;
}

/* The fan of a stack: each meeple (0.88 of a space) this far right of the one below, in spaces,
 * so that no two overlap by more than a third and each can be counted. */
#define FAN_DX 0.58
#define FAN_DY 0.2

static double text_w(cairo_t *cr, const char *s, size_t n)
{
        char *t = tkit_xstrndup(s, n);
        double adv = tkit_render_text_width(cr, t);
        free(t);
        return adv;
}

/* The width of the post's name (font set on `cr`): on one line, or, when `room` is less, on two
 * split at the blank that makes the longer line shortest (v->name_split). */
static double name_width(struct pic *p, cairo_t *cr, struct post_view *v, double room)
{
        const char *name = post_name(p, v->kind);
        size_t n = strlen(name);
        double one = text_w(cr, name, n), best = one;
        v->name_split = 0;
        for (size_t i = 1; one > room && i + 1 < n; i++) {
                if (name[i] != ' ')
                        continue;
                double a = text_w(cr, name, i), b = text_w(cr, name + i + 1, n - i - 1);
                if (fmax(a, b) < best) {
                        best = fmax(a, b);
                        v->name_split = i + 1;
                }
        }
        return best;
}

/* The row's width: symbol, spaces, meeple space (and its count), catapult space, the callout of
 * a refused catapult, the name, the badges; the name on two lines when one would make the row
 * wider than `limit`. */
static double row_width(struct pic *p, cairo_t *cr, struct post_view *v, double limit)
{
        double h = post_h(p), s = h * 0.8;
        size_t stack = v->sp ? v->sp->nstack : 0, shown = stack > 3 ? 3 : stack;
        double w = h * 1.15 + (double)printed(v) * s * 1.1 + s * 0.4;
        w += (shown > 1 ? (double)(shown - 1) * s * FAN_DX : 0) + s * (stack > 3 ? 2.0 : 1.3) +
             (v->new_stack ? s * 0.25 : 0); /* room for the ring of the stack */
        v->catapult_x = w;                  /* relative, until the layout */
        w += name_gap(v, s);
        double badges = 0;
        v->nbadges = 0;
        const struct tkit_game_result *r = tkit_scene_points(p);
        for (size_t i = 0; r && i < r->nevents; i++)
                if (post_score(&r->events[i], v->kind)) {
                        badges += h * 0.3 + 2 * badge_hw(p, r->events[i].points) * p->P;
                        v->nbadges++;
                }
        tkit_render_font(cr, name_size(p), false);
        w += name_width(p, cr, v, limit - w - badges);
        v->w = w;
        return w + badges;
}

double tkit_scene_posts_width(struct pic *p)
{
        cairo_surface_t *ms = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *cr = tkit_render_create(ms);
        /* no wider than the drawing and 8 mm, or 90 mm (docs/render.md): a long name on two lines */
        double mm = 72 / 25.4 / p->upt, lanes = post_h(p) * 0.22 * (double)(p->nposts + 1);
        p->posts_limit = fmax(p->W + 8 * mm, 90 * mm) - 2 * p->m - lanes;
        double w = 0;
        for (size_t i = 0; i < p->nposts; i++) {
                double r = row_width(p, cr, &p->posts[i], p->posts_limit);
                w = r > w ? r : w;
        }
        cairo_destroy(cr);
        cairo_surface_destroy(ms);
        return p->nposts ? w + lanes : 0;
}

/* The shown cells of the piece whose face carries post `kind`: their x range (board cells). */
static bool piece_span(const struct pic *p, enum tkit_post kind, int *x0, int *x1)
{
        bool any = false;
        for (size_t i = 0; i < p->ncells; i++) {
                const struct cell *c = &p->cells[i];
                if (c->piece < 0 || (size_t)c->piece >= p->s->ntiles ||
                    !tkit_scene_shown(p, c->x, c->y))
                        continue;
                const struct tkit_piece *pc = tkit_scene_piece_of(p, &p->s->tiles[c->piece]);
                bool holds = false;
                for (size_t f = 0; pc && f < pc->nfaces; f++)
                        for (size_t q = 0; q < pc->faces[f].nposts; q++)
                                holds |= pc->faces[f].posts[q].kind == kind;
                if (!holds)
                        continue;
                *x0 = any && *x0 < c->x ? *x0 : c->x;
                *x1 = any && *x1 > c->x ? *x1 : c->x;
                any = true;
        }
        return any;
}

/* Where a row would start and how wide it is, and the shown cells of its post's piece. */
struct row_geo {
        double x, w, left, right;
        bool piece;
};

static void measure(struct pic *p, cairo_t *cr, double h, double laned, struct row_geo *g)
{
        for (size_t i = 0; i < p->nposts; i++) {
                int x0 = 0, x1 = 0;
                g[i].w = row_width(p, cr, &p->posts[i], p->posts_limit);
                g[i].piece = piece_span(p, p->posts[i].kind, &x0, &x1);
                g[i].left = tkit_scene_pic_x(p, x0);
                g[i].right = tkit_scene_pic_x(p, x1 + 1);
                g[i].x = g[i].piece ? g[i].left + h * 0.2 : laned;
        }
}

/* Whether every row fits under its piece with a straight line down that crosses no row above. */
static bool all_under(const struct pic *p, const struct row_geo *g, double h)
{
        bool under = true;
        for (size_t i = 0; i < p->nposts; i++) {
                under &= !g[i].piece || g[i].x + g[i].w <= p->W - p->m;
                for (size_t j = 0; g[i].piece && j < i; j++)
                        under &= g[i].x + h / 2 < g[j].x - h * 0.1 ||
                                 g[i].x + h / 2 > g[j].x + g[j].w + h * 0.1;
        }
        return under;
}

/* Lanes: the rows whose pieces lie further right first (rows without a piece, no line, last), so
 * that the lines nest: the line of a lower row leaves its piece further left, turns higher and
 * runs down a lane further left than those of the rows above it, and none crosses another. */
static void sort_for_lanes(struct pic *p, struct row_geo *g)
{
        for (size_t i = 1; i < p->nposts; i++)
                for (size_t k = i; k > 0; k--) {
                        struct row_geo *a = &g[k - 1], *b = &g[k];
                        bool swap = b->piece && (!a->piece || b->left > a->left);
                        if (!swap)
                                break;
                        struct row_geo tg = *a;
                        *a = *b;
                        *b = tg;
                        struct post_view tv = p->posts[k - 1];
                        p->posts[k - 1] = p->posts[k];
                        p->posts[k] = tv;
                }
}

/* Each row starts under the piece that carries its post, with a short line up to the piece's
 * edge, when every row fits there and no such line would cross a row above it; otherwise the
 * rows start further left and each line turns in the gap between the board and the rows and runs
 * down a lane left of the rows to the row's symbol (sort_for_lanes: no two lines cross and no
 * line crosses a row). */
void tkit_scene_posts_layout(struct pic *p)
{
        double h = post_h(p), bottom = p->oy + (p->by1 - p->by0 + 1) * p->P;
        double gap = p->posts_y - bottom, lane = h * 0.22;
        double laned = p->m + lane * (double)(p->nposts + 1), n = (double)p->nposts;
        cairo_surface_t *ms = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *cr = tkit_render_create(ms);
        struct row_geo g[TKIT_POST_COUNT];
        measure(p, cr, h, laned, g);
        bool under = all_under(p, g, h);
        if (!under)
                sort_for_lanes(p, g);
        for (size_t i = 0; i < p->nposts; i++) {
                struct post_view *v = &p->posts[i];
                double x = under || !g[i].piece ? g[i].x : laned;
                x = x + g[i].w > p->W - p->m ? p->W - p->m - g[i].w : x;
                v->x = x;
                v->y = p->posts_y + (double)i * h * 1.15;
                v->h = h;
                v->s = h * 0.8;
                v->catapult_x += x;
                v->catapult_y = v->y + (h - v->s) / 2;
                v->link_x = NAN;
                v->turn_y = NAN;
                if (!g[i].piece)
                        continue;
                v->link_y0 = bottom;
                if (under) {
                        v->link_x = x + h / 2;
                        continue;
                }
                double lx = g[i].left + h * 0.3 * (n - (double)i);
                v->link_x = lx < g[i].right - h * 0.2 ? lx : g[i].right - h * 0.2;
                v->turn_y = bottom + gap * (n - (double)i) / (n + 1);
                v->lane_x = x - lane * (double)(i + 1);
        }
        cairo_destroy(cr);
        cairo_surface_destroy(ms);
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

/* The row spaces as printed (plain, dark "3", "5+"), light when they count with the scene's
 * number of players, dark with their label when they do not; the figures standing in them. */
static double row_spaces(struct pic *p, cairo_t *cr, const struct post_view *v, double cx,
                         double top, double s)
{
        int players = (int)p->s->nplayers;
        const struct tkit_post_def *def = v->def;
        const struct tkit_scene_post *sp = v->sp;
        size_t pr = def ? (size_t)(def->plain + def->dark3 + def->fiveplus) : 0, n = printed(v);
        if (cr && v->new_row >= 0 && sp && (size_t)v->new_row < sp->nrow) { /* behind the row */
                double x = cx + (double)v->new_row * s * 1.1;
                tkit_scene_draw_new(cr, x, top, x + s, top + s, s * 0.08);
        }
        for (size_t i = 0; i < n; i++, cx += s * 1.1) {
                const char *label = NULL;
                bool counts = true;
                if (def && i >= (size_t)def->plain && i < pr) {
                        bool three = i < (size_t)(def->plain + def->dark3);
                        label = three ? "3" : "5+";
                        counts = three ? players == 3 : players >= 5;
                }
                post_space(p, cr, v, cx, top, s, counts ? NULL : label);
                if (cr && counts && label) {
                        double fs = s * 0.3 > 6 / p->upt ? s * 0.3 : 6 / p->upt;
                        cairo_set_source_rgb(cr, 0.45, 0.4, 0.35);
                        tkit_render_font(cr, fs, true);
                        tkit_render_text_center(cr, cx + s * 0.8, top + fs * 1.05, label);
                }
                if (cr && def && i >= pr) { /* beyond the spaces the face prints */
                        cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
                        cairo_set_line_width(cr, s * 0.06);
                        cairo_rectangle(cr, cx, top, s, s);
                        cairo_stroke(cr);
                }
                if (sp && i < sp->nrow && sp->row[i] >= 0)
                        post_figure(p, cr, v, sp->row[i], cx + s / 2, top + s / 2, s * 0.88, false,
                                    (int)i == v->new_row && !cr);
        }
        return cx;
}

/* The meeple space: the stack bottom to top in a fan up and to the right, kept within the row's
 * height (what is new rings the space and its fan, as a row space: the ring of the top meeple
 * alone would reach into the row above), a count when tall. */
static void stack_space(struct pic *p, cairo_t *cr, const struct post_view *v, double cx,
                        double top, double s)
{
        const struct tkit_scene_post *sp = v->sp;
        size_t n = sp ? sp->nstack : 0, shown = n > 3 ? 3 : n;
        double fan = shown > 1 ? (double)(shown - 1) * s * FAN_DX : 0;
        if (cr && v->new_stack && shown) /* behind the space */
                tkit_scene_draw_new(cr, cx, top, cx + s + fan, top + s, s * 0.08);
        post_space(p, cr, v, cx, top, s, NULL);
        if (!cr)
                p->out.marks[p->out.nmarks - 1].what = "meeple-space";
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

static void catapult_space(struct pic *p, cairo_t *cr, const struct post_view *v)
{
        double x = v->catapult_x, y = v->catapult_y, s = v->s;
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
        if (catapult) {
                m = tkit_scene_add_mark(p, TKIT_MARK_TOKEN);
                *m = (struct tkit_scene_mark){.kind = TKIT_MARK_TOKEN,
                                              .player = -1,
                                              .feature = -1,
                                              .post = (int)v->kind,
                                              .token = TKIT_TOKEN_CATAPULT,
                                              .what = tkit_token_name(TKIT_TOKEN_CATAPULT),
                                              .is_new = v->new_catapult,
                                              .removed =
                                                  tkit_scene_catapult_removed(p, (int)v->kind),
                                              .x0 = x + s * 0.1,
                                              .y0 = y + s * 0.1,
                                              .x1 = x + s * 0.9,
                                              .y1 = y + s * 0.9,
                                              .x = x + s / 2,
                                              .y = y + s / 2};
        }
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

/* The post's name: drawn on `cr`, or (cr NULL) measured on `mcr` into a text mark. */
static void post_name_text(struct pic *p, cairo_t *cr, cairo_t *mcr, const struct post_view *v)
{
        double fs = name_size(p), s = v->s, lead = v->name_split ? fs * 1.15 : 0;
        double x = v->catapult_x + name_gap(v, s);
        double base = v->catapult_y + s / 2 + fs * 0.35 - lead / 2; /* the first line's */
        const char *name = post_name(p, v->kind);
        size_t n = strlen(name), n1 = v->name_split ? v->name_split - 1 : n;
        if (cr) {
                tkit_render_font(cr, fs, false);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                char *first = tkit_xstrndup(name, n1);
                cairo_move_to(cr, x, base);
                tkit_render_text_show(cr, first);
                free(first);
                if (v->name_split) {
                        cairo_move_to(cr, x, base + lead);
                        tkit_render_text_show(cr, name + v->name_split);
                }
                cairo_new_path(cr);
                return;
        }
        tkit_render_font(mcr, fs, false);
        double w = text_w(mcr, name, n1);
        if (v->name_split)
                w = fmax(w, text_w(mcr, name + v->name_split, n - v->name_split));
        struct tkit_scene_mark *m =
            box_mark(p, TKIT_MARK_TEXT, x, base - fs, x + w, base + lead + fs * 0.3, BOX_TEXT);
        m->size_pt = fs * p->upt;
        m->text = tkit_xstrdup(name);
        m->post = (int)v->kind;
}

/* The badges of the points scored at the post, after its name, in the order of the events. */
static void post_badges(struct pic *p, const struct post_view *v)
{
        double x = v->x + v->w + v->h * 0.3, hh = p->badge_hh * p->P;
        double cy = v->y + v->h / 2;
        const struct tkit_game_result *r = tkit_scene_points(p);
        for (size_t i = 0; r && i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (!post_score(e, v->kind))
                        continue;
                double w = 2 * badge_hw(p, e->points) * p->P;
                struct tkit_scene_mark *m =
                    box_mark(p, TKIT_MARK_BADGE, x, cy - hh, x + w, cy + hh, BOX_BADGE);
                m->player = e->player;
                m->points = e->points;
                m->post = (int)v->kind;
                x += w + v->h * 0.3;
        }
}

/* The line from the piece's edge to the row's symbol: straight down, or turning in the gap and
 * down a lane; its points into pt (x, y pairs), their number returned (0 for no line). */
static int link_points(const struct post_view *v, double pt[10])
{
        if (isnan(v->link_x))
                return 0;
        double h = v->h;
        pt[0] = v->link_x;
        pt[1] = v->link_y0;
        if (isnan(v->turn_y)) {
                pt[2] = v->link_x;
                pt[3] = v->y + h * 0.1;
                return 2;
        }
        const double rest[8] = {v->link_x, v->turn_y,    v->lane_x,      v->turn_y,
                                v->lane_x, v->y + h / 2, v->x + h * 0.1, v->y + h / 2};
        memcpy(pt + 2, rest, sizeof rest);
        return 5;
}

static void post_row(struct pic *p, cairo_t *cr, cairo_t *mcr, const struct post_view *v)
{
        double h = v->h, s = v->s, top = v->catapult_y, x = v->x, pt[10];
        int n = link_points(v, pt);
        if (cr) {
                if (n) {
                        cairo_move_to(cr, pt[0], pt[1]);
                        for (int k = 1; k < n; k++)
                                cairo_line_to(cr, pt[2 * k], pt[2 * k + 1]);
                        cairo_set_source_rgb(cr, 0.35, 0.3, 0.25);
                        cairo_set_line_width(cr, h * 0.06);
                        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
                        cairo_stroke(cr);
                }
                tkit_render_post_symbol(cr, v->kind, x + h / 2, v->y + h / 2, h * 0.42);
        } else {
                struct tkit_scene_mark *m =
                    box_mark(p, TKIT_MARK_SYMBOL, x + h * 0.08, v->y + h * 0.08, x + h * 0.92,
                             v->y + h * 0.92, BOX_POST);
                m->what = "post";
                m->post = (int)v->kind;
                if (n) { /* in the map, not among the boxes: it is thin and may run under a badge */
                        m = tkit_scene_add_mark(p, TKIT_MARK_LINE);
                        m->what = "post-line";
                        m->post = (int)v->kind;
                        m->nline = n;
                        memcpy(m->line, pt, sizeof(double) * 2 * (size_t)n);
                        m->x0 = m->x1 = pt[0];
                        m->y0 = m->y1 = pt[1];
                        for (int k = 1; k < n; k++) {
                                m->x0 = fmin(m->x0, pt[2 * k]);
                                m->x1 = fmax(m->x1, pt[2 * k]);
                                m->y0 = fmin(m->y0, pt[2 * k + 1]);
                                m->y1 = fmax(m->y1, pt[2 * k + 1]);
                        }
                        m->x = (m->x0 + m->x1) / 2;
                        m->y = (m->y0 + m->y1) / 2;
                }
        }
        double cx = row_spaces(p, cr, v, x + h * 1.15, top, s) + s * 0.4;
        stack_space(p, cr, v, cx, top, s);
        catapult_space(p, cr, v);
        post_name_text(p, cr, mcr, v);
        if (!cr)
                post_badges(p, v);
}

void tkit_scene_posts_place(struct pic *p)
{
        cairo_surface_t *ms = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *mcr = tkit_render_create(ms);
        for (size_t i = 0; i < p->nposts; i++)
                post_row(p, NULL, mcr, &p->posts[i]);
        cairo_destroy(mcr);
        cairo_surface_destroy(ms);
}

void tkit_scene_posts_draw(struct pic *p, cairo_t *cr)
{
        for (size_t i = 0; i < p->nposts; i++)
                post_row(p, cr, NULL, &p->posts[i]);
        /* after every row; a stack leaves as one: its top meeple carries the mark (the marks of
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
