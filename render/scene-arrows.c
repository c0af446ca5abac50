/* The arrow of a catapult the move advances: from the siege symbol of the tile drawn that sends
 * it to the catapult on its post's catapult space, the way printed rulebooks link a symbol to
 * what it does. The engine says which symbol (game/view.c, tkit_view_post.symbol); this file
 * only finds a way for the arrow that crosses no figure, space, symbol or badge: the shortest
 * way on a grid over the drawing (fewest turns among equals), pulled tight into a few straight
 * runs that the drawing rounds at their corners. */
#include "render/scene-layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What the arrow may not cross; panels and tiles it may. */
#define ARROW_AVOID                                                                                \
        (BOX_FIGURE | BOX_TOKEN | BOX_BADGE | BOX_CALLOUT | BOX_SYMBOL | BOX_BUILDING | BOX_POST | \
         BOX_MARK)

/* The siege symbol mark `symbol` of the tile placed, or NULL when not shown. */
static const struct tkit_scene_mark *symbol_mark(const struct scene_layout *p, int symbol)
{
        for (size_t i = 0; i < p->out.nmarks; i++) {
                const struct tkit_scene_mark *m = &p->out.marks[i];
                if (m->kind == TKIT_MARK_SYMBOL && m->index == symbol && m->cell_x == p->st->px &&
                    m->cell_y == p->st->py)
                        return m;
        }
        return NULL;
}

static const struct tkit_scene_mark *catapult_mark(const struct scene_layout *p, int post)
{
        for (size_t i = 0; i < p->out.nmarks; i++) {
                const struct tkit_scene_mark *m = &p->out.marks[i];
                if (m->kind == TKIT_MARK_TOKEN && m->token == TKIT_TOKEN_CATAPULT &&
                    m->post == post && m->is_new)
                        return m;
        }
        return NULL;
}

/* The point at t (0..1) of the arrow along line[4] bowed `bow` (tkit_scene_draw_arrow's). */
static void arrow_point(const double line[4], double bow, double t, double *x, double *y)
{
        double dx = line[2] - line[0], dy = line[3] - line[1];
        double cx = (line[0] + line[2]) / 2 - dy * bow, cy = (line[1] + line[3]) / 2 + dx * bow;
        double a = (1 - t) * (1 - t), b = 2 * t * (1 - t), c = t * t;
        *x = a * line[0] + b * cx + c * line[2];
        *y = a * line[1] + b * cy + c * line[3];
}

/* ---------------------------------------------------------------- the grid */

/* The drawing (picture units) in squares of `step`; a square is free when an arrow through its
 * middle keeps `air` off everything it may not cross. Round the symbol (but for its tile's other
 * symbols) and the ring round the catapult squares are free: the arrow leaves the one and ends
 * on the other. */
struct grid {
        int nx, ny;
        double x0, y0, step;
        unsigned char *free;
        const struct tkit_scene_mark *from, *to;
        double r_to;  /* the ring's radius */
        double reach; /* how far round each end squares are free: the air and a square */
};

/* Whether (x, y) lies by the symbol, off the other symbols of its tile by `air`. */
static bool by_symbol(const struct scene_layout *p, const struct grid *g, double x, double y,
                      double air)
{
        const struct tkit_scene_mark *f = g->from;
        double e = g->reach;
        if (x < f->x0 - e || x > f->x1 + e || y < f->y0 - e || y > f->y1 + e)
                return false;
        for (size_t i = 0; i < p->out.nmarks; i++) {
                const struct tkit_scene_mark *o = &p->out.marks[i];
                if (o != f && o->kind == TKIT_MARK_SYMBOL && o->cell_x == f->cell_x &&
                    o->cell_y == f->cell_y && x + air > o->x0 && x - air < o->x1 &&
                    y + air > o->y0 && y - air < o->y1)
                        return false;
        }
        return true;
}

static bool on_ends(const struct scene_layout *p, const struct grid *g, double x, double y,
                    double air)
{
        return by_symbol(p, g, x, y, air) ||
               hypot(x - g->to->x, y - g->to->y) <= g->r_to + g->reach;
}

/* The grid covers the tiles shown and 3 mm round them: the drawing reaches no farther for the
 * arrow (docs/render.md: at most 6 mm beyond the tiles at 20 mm a tile). */
static void grid_build(struct scene_layout *p, struct grid *g, double air)
{
        double out = 3 * 72 / 25.4 / p->pl->upt;
        g->x0 = fmax(tkit_scene_pic_x(p->pl, p->pl->bx0) - out, 0);
        g->y0 = fmax(tkit_scene_pic_y(p->pl, p->pl->by0) - out, 0);
        g->nx = (int)ceil((fmin(tkit_scene_pic_x(p->pl, p->pl->bx1 + 1) + out, p->pl->W) - g->x0) /
                          g->step);
        g->ny = (int)ceil(
            (fmin(tkit_scene_pic_y(p->pl, p->pl->by1 + 1) + out, p->pl->text_y) - g->y0) / g->step);
        g->free = tkit_xcalloc((size_t)g->nx * (size_t)g->ny + 1, 1);
        for (int j = 0; j < g->ny; j++)
                for (int i = 0; i < g->nx; i++) {
                        double x = g->x0 + (i + 0.5) * g->step, y = g->y0 + (j + 0.5) * g->step;
                        struct tkit_box b = {tkit_scene_board_x(p->pl, x - air),
                                             tkit_scene_board_y(p->pl, y - air),
                                             tkit_scene_board_x(p->pl, x + air),
                                             tkit_scene_board_y(p->pl, y + air), 0};
                        g->free[(size_t)j * g->nx + i] =
                            on_ends(p, g, x, y, air) ||
                            tkit_box_index_hit(p->ix, b, ARROW_AVOID) < 0;
                }
}

static int grid_at(const struct grid *g, double x, double y)
{
        int i = (int)floor((x - g->x0) / g->step), j = (int)floor((y - g->y0) / g->step);
        return i < 0 || j < 0 || i >= g->nx || j >= g->ny ? -1 : j * g->nx + i;
}

static bool grid_free(const struct grid *g, double x, double y)
{
        int c = grid_at(g, x, y);
        return c >= 0 && g->free[c];
}

/* Whether the straight run from (x0, y0) to (x1, y1) keeps to free squares. */
static bool run_free(const struct grid *g, double x0, double y0, double x1, double y1)
{
        int n = (int)ceil(hypot(x1 - x0, y1 - y0) / (g->step * 0.5));
        for (int k = 0; k <= n; k++) {
                double t = n ? (double)k / n : 0;
                if (!grid_free(g, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
                        return false;
        }
        return true;
}

/* ---------------------------------------------------------------- the shortest way */

struct heap {
        int *v;
        double *key; /* by square */
        size_t n;
};

static void heap_push(struct heap *h, int c)
{
        size_t i = h->n++;
        while (i > 0 && h->key[h->v[(i - 1) / 2]] > h->key[c]) {
                h->v[i] = h->v[(i - 1) / 2];
                i = (i - 1) / 2;
        }
        h->v[i] = c;
}

static int heap_pop(struct heap *h)
{
        int top = h->v[0], last = h->v[--h->n];
        size_t i = 0;
        for (;;) {
                size_t c = 2 * i + 1;
                if (c >= h->n)
                        break;
                if (c + 1 < h->n && h->key[h->v[c + 1]] < h->key[h->v[c]])
                        c++;
                if (h->key[h->v[c]] >= h->key[last])
                        break;
                h->v[i] = h->v[c];
                i = c;
        }
        h->v[i] = last;
        return top;
}

/* Dijkstra over the free squares, 8 neighbours, from the symbol's square to the first square on
 * the ring; fills prev[] and returns that square, or -1. A square is pushed again when its
 * distance drops (lazy deletion): at most 8 pushes a square. */
static int shortest(const struct grid *g, int start, int *prev)
{
        size_t n = (size_t)g->nx * (size_t)g->ny;
        struct heap h = {tkit_xmalloc((8 * n + 1) * sizeof(int)),
                         tkit_xmalloc((n + 1) * sizeof(double)), 0};
        bool *done = tkit_xcalloc(n + 1, sizeof *done);
        for (size_t i = 0; i < n; i++)
                h.key[i] = INFINITY, prev[i] = -1;
        h.key[start] = 0;
        heap_push(&h, start);
        int goal = -1;
        while (h.n && goal < 0) {
                int c = heap_pop(&h);
                if (done[c])
                        continue;
                done[c] = true;
                int i = c % g->nx, j = c / g->nx;
                double x = g->x0 + (i + 0.5) * g->step, y = g->y0 + (j + 0.5) * g->step;
                if (hypot(x - g->to->x, y - g->to->y) <= g->r_to + g->reach) {
                        goal = c;
                        break;
                }
                for (int dj = -1; dj <= 1; dj++)
                        for (int di = -1; di <= 1; di++) {
                                int ni = i + di, nj = j + dj, nc = nj * g->nx + ni;
                                if ((!di && !dj) || ni < 0 || nj < 0 || ni >= g->nx ||
                                    nj >= g->ny || !g->free[nc] || done[nc])
                                        continue;
                                double k = h.key[c] + (di && dj ? M_SQRT2 : 1);
                                if (k < h.key[nc]) {
                                        h.key[nc] = k;
                                        prev[nc] = c;
                                        heap_push(&h, nc);
                                }
                        }
        }
        free(h.v);
        free(h.key);
        free(done);
        return goal;
}

/* The way from the symbol to the ring as squares' middles, pulled tight: from each point, the
 * farthest point of the way that a straight free run reaches. Returns the points kept (at most
 * TKIT_ARROW_POINTS), 0 when they would be more. */
static int pull_tight(const struct grid *g, const int *prev, int goal, double *out)
{
        size_t n = 0;
        for (int c = goal; c >= 0; c = prev[c])
                n++;
        double *pt = tkit_xmalloc((2 * n + 1) * sizeof *pt);
        size_t k = n;
        for (int c = goal; c >= 0; c = prev[c]) {
                k--;
                pt[2 * k] = g->x0 + (c % g->nx + 0.5) * g->step;
                pt[2 * k + 1] = g->y0 + (c / g->nx + 0.5) * g->step;
        }
        pt[0] = g->from->x, pt[1] = g->from->y; /* from the symbol's middle */
        int kept = 0;
        size_t i = 0;
        while (kept < TKIT_ARROW_POINTS) {
                out[2 * kept] = pt[2 * i], out[2 * kept + 1] = pt[2 * i + 1];
                kept++;
                if (i == n - 1)
                        break;
                size_t j = n - 1;
                while (j > i + 1 &&
                       !run_free(g, pt[2 * i], pt[2 * i + 1], pt[2 * j], pt[2 * j + 1]))
                        j--;
                i = j;
        }
        bool all = i == n - 1;
        free(pt);
        return all ? kept : 0;
}

/* The way's ends moved onto what they join: off the symbol's middle to its edge, and onto the
 * ring on the way from the point before (the last run points at the catapult). */
static void trim_ends(const struct grid *g, double *pt, int n)
{
        double dx = pt[2] - pt[0], dy = pt[3] - pt[1], d = hypot(dx, dy);
        double r0 = (g->from->x1 - g->from->x0) * 0.6;
        if (d > r0 * 2) {
                pt[0] += dx / d * r0;
                pt[1] += dy / d * r0;
        }
        double *e = &pt[2 * (n - 1)], ex = e[-2] - g->to->x, ey = e[-1] - g->to->y;
        double de = hypot(ex, ey);
        if (de > 0) {
                e[0] = g->to->x + ex / de * g->r_to;
                e[1] = g->to->y + ey / de * g->r_to;
        }
}

/* A straight arrow when nothing is in the way (bowed a little to read as a move when the bow
 * is free too); else the way round. */
static void route(struct scene_layout *p, struct tkit_scene_mark *m,
                  const struct tkit_scene_mark *from, const struct tkit_scene_mark *to)
{
        double lw = tkit_scene_figure_size(p->pl, TKIT_FIGURE_MEEPLE) * p->pl->P * 0.07;
        struct grid g = {.step = fmax(lw * 1.5, p->pl->P / 40), .from = from, .to = to};
        g.r_to = (to->x1 - to->x0) * 0.8;
        g.reach = lw * 2 + g.step;
        grid_build(p, &g, lw * 2);
        size_t n = (size_t)g.nx * (size_t)g.ny;
        int *prev = tkit_xmalloc((n + 1) * sizeof *prev);
        int start = grid_at(&g, from->x, from->y);
        int goal = start >= 0 ? shortest(&g, start, prev) : -1;
        int k = goal >= 0 ? pull_tight(&g, prev, goal, m->line) : 0;
        if (k < 2) { /* no way round: straight, over what is in the way (and reported) */
                m->line[0] = from->x, m->line[1] = from->y, m->line[2] = to->x, m->line[3] = to->y;
                k = 2;
                if (goal < 0 || goal != start)
                        tkit_diags_add(
                            p->st->d, TKIT_SEV_WARNING, p->st->file, 0, NULL, NULL, NULL,
                            "the arrow of the catapult of the %s post finds no free way: it "
                            "crosses what is in the way",
                            tkit_post_name((enum tkit_post)m->post));
        }
        trim_ends(&g, m->line, k);
        m->nline = k;
        m->bow = 0;
        if (k == 2) {
                double x, y;
                bool bowed = true;
                for (int t = 1; t < 16 && bowed; t++) {
                        arrow_point(m->line, 0.18, t / 16.0, &x, &y);
                        bowed = grid_free(&g, x, y);
                }
                m->bow = bowed ? 0.18 : 0;
        }
        free(prev);
        free(g.free);
}

void tkit_scene_place_advances(struct scene_layout *p)
{
        for (int k = 0; k < TKIT_POST_ANY; k++) {
                if (!tkit_scene_catapult_arrow(p->pl, k))
                        continue;
                const struct tkit_scene_mark *from = symbol_mark(p, p->st->view.post[k].symbol);
                const struct tkit_scene_mark *to = catapult_mark(p, k);
                if (!from || !to)
                        continue;
                size_t fi = (size_t)(from - p->out.marks), ti = (size_t)(to - p->out.marks);
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_ARROW);
                from = &p->out.marks[fi]; /* after the add: marks may move */
                to = &p->out.marks[ti];
                m->post = k;
                m->index = -1;
                m->what = tkit_token_name(TKIT_TOKEN_CATAPULT);
                m->cell_x = from->cell_x;
                m->cell_y = from->cell_y;
                m->x0 = from->x0, m->y0 = from->y0, m->x1 = from->x1, m->y1 = from->y1;
                m->x = from->x, m->y = from->y;
                route(p, m, from, to);
        }
}
