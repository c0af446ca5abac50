/* Everything that takes room on a scene picture's board, placed in order into one index of boxes
 * (boxes.c), each new one off the boxes already there that it must not cover: the symbols of the
 * tile art (as obstacles), the frame of the tile placed, the tokens, the defense posts, the
 * figures, the crosses of refused actions, the badges, the callouts. Figures stand beside a
 * cloister, garden, inn or cathedral, never on it; a badge covers nothing and stays inside the
 * picture, joined to its figure by a line when the nearest free spot is far. Each placement
 * looks at the boxes near it only, so n figures cost O(n log n) in all. */
#include "render/scene-layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* What a figure may not stand on. */
#define FIGURE_AVOID                                                                               \
        (BOX_FIGURE | BOX_TOKEN | BOX_BUILDING | BOX_SYMBOL | BOX_FRAME | BOX_MARK | BOX_PANEL)

static void add_box(struct scene_layout *p, struct tkit_box b)
{
        tkit_box_index_add(p->ix, b);
}

static bool free_box(const struct scene_layout *p, struct tkit_box b, unsigned kinds)
{
        return tkit_box_index_hit(p->ix, b, kinds) < 0;
}

/* Fills the picture coordinates of a mark from its board box. */
static void mark_geometry(const struct scene_layout *p, struct tkit_scene_mark *m,
                          struct tkit_box b)
{
        m->x0 = tkit_scene_pic_x(p->pl, b.x0);
        m->y0 = tkit_scene_pic_y(p->pl, b.y0);
        m->x1 = tkit_scene_pic_x(p->pl, b.x1);
        m->y1 = tkit_scene_pic_y(p->pl, b.y1);
        m->x = (m->x0 + m->x1) / 2;
        m->y = (m->y0 + m->y1) / 2;
}

struct tkit_box tkit_scene_mark_box(const struct scene_layout *p, const struct tkit_scene_mark *m)
{
        return (struct tkit_box){tkit_scene_board_x(p->pl, m->x0), tkit_scene_board_y(p->pl, m->y0),
                                 tkit_scene_board_x(p->pl, m->x1), tkit_scene_board_y(p->pl, m->y1),
                                 0};
}

static struct tkit_box box_at(double x, double y, double hw, double hh, unsigned kind)
{
        return (struct tkit_box){x - hw, y - hh, x + hw, y + hh, kind};
}

/* The room the ring of something new takes around its box (scene-draw.c draws it 1.18 times
 * the box plus its line): what is placed later keeps off the ring too. */
static struct tkit_box ringed(struct tkit_box b, double lw)
{
        double hw = (b.x1 - b.x0) / 2, hh = (b.y1 - b.y0) / 2;
        double ex = hw * 0.18 + lw * 1.9, ey = hh * 0.18 + lw * 1.9;
        return (struct tkit_box){b.x0 - ex, b.y0 - ey, b.x1 + ex, b.y1 + ey, b.kind};
}

/* Whether a box (board coordinates) lies within the cells shown. */
static bool box_shown(const struct scene_layout *p, const struct tkit_box *b)
{
        return b->x0 >= p->pl->bx0 && b->y0 >= p->pl->by0 && b->x1 <= p->pl->bx1 + 1 &&
               b->y1 <= p->pl->by1 + 1;
}

/* Places a box of half extents (hw, hh) on feature fi of cell c, off the boxes of `kinds`; fills
 * the mark's spot and returns the box (not yet added). */
static struct tkit_box place_on(struct scene_layout *p, const struct cell *c, int fi, double hw,
                                double hh, struct tkit_scene_mark *m, unsigned kinds, bool strict)
{
        double u = 0.5, v = 0.5;
        struct tkit_area_map *map = tkit_scene_cell_map(p, c);
        int rc =
            map ? tkit_area_place(map, fi < 0 ? -1 : fi, hw, hh, c->x, c->y, p->ix, kinds, &u, &v)
                : 1;
        double u2, v2;
        if (map && rc && !strict && fi >= 0 &&
            tkit_area_place(map, -1, hw, hh, c->x, c->y, p->ix, kinds, &u2, &v2) == 0) {
                u = u2;
                v = v2;
        }
        m->cell_x = c->x;
        m->cell_y = c->y;
        m->feature = fi >= 0 ? fi : -1;
        m->rotation = c->rot;
        m->tile = c->def;
        m->u = u;
        m->v = v;
        return box_at(c->x + u, c->y + v, hw, hh, 0);
}

/* ---------------------------------------------------------------- the art and the frame */

/* The symbols of the art on the cells shown: marks of the picture map and obstacles. */
static void place_symbols(struct scene_layout *p)
{
        for (size_t i = 0; i < p->st->ncells; i++) {
                const struct cell *c = &p->st->cells[i];
                if (!tkit_scene_shown(p->pl, c->x, c->y))
                        continue;
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_TILE);
                m->cell_x = c->x;
                m->cell_y = c->y;
                m->rotation = c->rot;
                m->tile = c->def;
                m->is_new = p->st->placed && c->x == p->st->px && c->y == p->st->py;
                mark_geometry(p, m, (struct tkit_box){c->x, c->y, c->x + 1, c->y + 1, 0});
                const struct symbols *syms = tkit_scene_cell_symbols(p, c);
                size_t siege = 0; /* the tile's siege symbols come in order, left to right */
                for (size_t k = 0; syms && k < syms->n; k++) {
                        const struct tkit_tile_symbol *sy = &syms->v[k];
                        struct tkit_box b = {
                            c->x + sy->u0, c->y + sy->v0, c->x + sy->u1, c->y + sy->v1,
                            tkit_symbol_is_building(sy->kind) ? BOX_BUILDING : BOX_SYMBOL};
                        add_box(p, b);
                        m = tkit_scene_add_mark(p, TKIT_MARK_SYMBOL);
                        m->what = sy->what;
                        m->cell_x = c->x;
                        m->cell_y = c->y;
                        m->feature = sy->feature;
                        m->rotation = c->rot;
                        m->tile = c->def;
                        m->index = sy->kind == TKIT_SYM_SIEGE ? (int)siege++ : -1;
                        mark_geometry(p, m, b);
                }
        }
}

static void place_frame(struct scene_layout *p)
{
        if (!p->st->placed || !tkit_scene_shown(p->pl, p->st->px, p->st->py))
                return;
        double w = tkit_scene_frame_w(p->pl), x = p->st->px, y = p->st->py;
        add_box(p, (struct tkit_box){x - w, y - w, x + 1 + w, y, BOX_FRAME});
        add_box(p, (struct tkit_box){x - w, y + 1, x + 1 + w, y + 1 + w, BOX_FRAME});
        add_box(p, (struct tkit_box){x - w, y, x, y + 1, BOX_FRAME});
        add_box(p, (struct tkit_box){x + 1, y, x + 1 + w, y + 1, BOX_FRAME});
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_NEW_TILE);
        m->cell_x = p->st->px;
        m->cell_y = p->st->py;
        m->what = "new-tile";
        m->is_new = true;
        mark_geometry(p, m, (struct tkit_box){x - w, y - w, x + 1 + w, y + 1 + w, 0});
}

/* ---------------------------------------------------------------- tokens */

/* The centre of a castle: the middle of the edge its city shares with the neighbouring tile
 * holding the rest of the city; the city's spot when there is none. */
static bool castle_centre(struct scene_layout *p, size_t i, double *x, double *y)
{
        const struct tkit_scene_castle *k = &p->st->s->castles[i];
        const struct cell *c = tkit_scene_cell_at(p->st, k->x, k->y);
        int fi = p->st->view.castle_feature[i]; /* the engine's reading (game/view.c) */
        if (!c || !c->def || fi < 0)
                return false;
        uint16_t mask = tkit_mask_rotate(c->def->features[fi].mask, c->rot);
        for (int s = 0; s < 4; s++) {
                if (!(mask & (1u << TKIT_POS(s, TKIT_M))))
                        continue;
                int nx = c->x + (s == 1) - (s == 3), ny = c->y + (s == 2) - (s == 0);
                const struct cell *n = tkit_scene_cell_at(p->st, nx, ny);
                int facing = (s + 2) % 4; /* the neighbour's side, on the board */
                if (!n || !n->def ||
                    !tkit_sides_fit(TKIT_SIDE_CITY, false,
                                    tkit_tile_side(n->def, tkit_side_rotate(facing, -n->rot)),
                                    tkit_bridge_end((enum tkit_bridge_axis)n->bridge, facing)))
                        continue;
                *x = c->x + 0.5 + 0.5 * ((s == 1) - (s == 3));
                *y = c->y + 0.5 + 0.5 * ((s == 2) - (s == 0));
                return true;
        }
        struct tkit_area_map *map = tkit_scene_cell_map(p, c);
        double u = 0.5, v = 0.5;
        if (map)
                tkit_area_place(map, fi, 0.2, 0.15, c->x, c->y, NULL, 0, &u, &v);
        *x = c->x + u;
        *y = c->y + v;
        return true;
}

static struct tkit_box castle_box(double x, double y)
{
        double h = CASTLE_S / 2;
        return (struct tkit_box){x - h, y - h * 0.8, x + h, y + h * 0.8, BOX_TOKEN};
}

static struct tkit_box barn_box(double x, double y)
{
        return box_at(x, y, BARN_S / 2, BARN_S / 2, BOX_TOKEN);
}

static void place_tokens(struct scene_layout *p, double (*where)[2], bool *ok)
{
        const struct tkit_scene *s = p->st->s;
        for (size_t i = 0; i < s->ncastles + s->nbarns; i++) {
                bool castle = i < s->ncastles;
                const struct tkit_scene_barn *b = castle ? NULL : &s->barns[i - s->ncastles];
                if (castle)
                        ok[i] = castle_centre(p, i, &where[i][0], &where[i][1]);
                else
                        ok[i] = true, where[i][0] = b->x, where[i][1] = b->y;
                if (!ok[i]) {
                        tkit_diags_add(p->st->d, TKIT_SEV_WARNING, p->st->file, s->castles[i].line,
                                       NULL, NULL, NULL,
                                       "castle '%s': its city is not on the board",
                                       s->castles[i].id ? s->castles[i].id : "");
                        continue;
                }
                struct tkit_box bx = castle ? castle_box(where[i][0], where[i][1])
                                            : barn_box(where[i][0], where[i][1]);
                add_box(p, p->st->view.tok_new[i] ? ringed(bx, 0.03) : bx);
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_TOKEN);
                m->token = castle ? TKIT_TOKEN_CASTLE : TKIT_TOKEN_BARN;
                m->what = tkit_token_name(m->token);
                m->is_new = p->st->view.tok_new[i];
                m->cell_x = (int)floor(where[i][0]);
                m->cell_y = (int)floor(where[i][1]);
                mark_geometry(p, m, bx);
        }
        if (p->st->placed && p->st->view.built_bridge && p->st->state == TKIT_SCENE_DURING) {
                const struct cell *c = tkit_scene_cell_at(p->st, p->st->px, p->st->py);
                bool ew = c && tkit_bridge_end((enum tkit_bridge_axis)c->bridge, 1);
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_TOKEN);
                m->token = TKIT_TOKEN_BRIDGE;
                m->what = tkit_token_name(m->token);
                m->is_new = true;
                m->cell_x = p->st->px;
                m->cell_y = p->st->py;
                mark_geometry(p, m,
                              ew ? (struct tkit_box){p->st->px, p->st->py + 0.4, p->st->px + 1,
                                                     p->st->py + 0.6, 0}
                                 : (struct tkit_box){p->st->px + 0.4, p->st->py, p->st->px + 0.6,
                                                     p->st->py + 1, 0});
        }
}

/* ---------------------------------------------------------------- figures */

/* The figure's role, as the picture map names it. */
static const char *role(const struct tkit_scene_figure *f, const struct tkit_tile *t, int fi)
{
        if (f->at == TKIT_AT_CASTLE)
                return "maiden";
        if (f->at == TKIT_AT_BARN)
                return "barn-farmer";
        if (f->kind == TKIT_FIGURE_PIG)
                return "pig";
        if (fi == FEATURE_BRIDGE)
                return "thief";
        switch (t && fi >= 0 ? t->features[fi].kind : TKIT_FEATURE_KIND_COUNT) {
        case TKIT_CITY:
                return "knight";
        case TKIT_ROAD:
                return "thief";
        case TKIT_FIELD:
                return "farmer";
        case TKIT_CLOISTER:
        case TKIT_GARDEN:
                return f->kind == TKIT_FIGURE_ABBOT ? "abbot" : "monk";
        default:
                return "figure";
        }
}

/* A box of half extents (hw, hh) beside the symbol of an inner feature (a cloister or garden),
 * touching it (`ring` further off when there is room, for the ring of a new figure), inside the
 * tile, never over it: the building stays in sight. */
static bool beside_symbol(struct scene_layout *p, const struct cell *c, int fi, double hw,
                          double hh, double ring, struct tkit_box *out)
{
        const struct symbols *syms = tkit_scene_cell_symbols(p, c);
        const struct tkit_tile_symbol *sy = NULL;
        for (size_t k = 0; syms && k < syms->n && !sy; k++)
                if (syms->v[k].feature == fi && tkit_symbol_is_building(syms->v[k].kind))
                        sy = &syms->v[k];
        if (!sy)
                return false;
        struct tkit_box s = {c->x + sy->u0, c->y + sy->v0, c->x + sy->u1, c->y + sy->v1, 0};
        for (int pass = 0; pass < 4; pass++) {
                double g = 0.012 + (pass % 2 == 0 ? ring : 0), w = hw + g, h = hh + g;
                double mx = (sy->u0 + sy->u1) / 2, my = (sy->v0 + sy->v1) / 2;
                const double cand[8][2] = {
                    {sy->u1 + w, sy->v1 - hh}, {sy->u0 - w, sy->v1 - hh}, /* right, left */
                    {mx, sy->v1 + h},          {mx, sy->v0 - h},          /* below, above */
                    {sy->u1 + w, my},          {sy->u0 - w, my},
                    {sy->u1 + w, sy->v1 + h},  {sy->u0 - w, sy->v1 + h},
                };
                for (int k = 0; k < 8; k++) {
                        double u = cand[k][0], v = cand[k][1], mu = hw + 0.01, mv = hh + 0.01;
                        u = u < mu ? mu : u > 1 - mu ? 1 - mu : u;
                        v = v < mv ? mv : v > 1 - mv ? 1 - mv : v;
                        struct tkit_box b = box_at(c->x + u, c->y + v, hw, hh, 0);
                        struct tkit_box r = box_at(c->x + u, c->y + v, hw + ring, hh + ring, 0);
                        if (tkit_box_overlap(&b, &s) ||
                            (pass < 2 && !free_box(p, r, FIGURE_AVOID | BOX_SYMBOL)))
                                continue;
                        *out = b;
                        return true;
                }
        }
        return false;
}

/* The share of a figure's body (the middle of its box, 60 % each way) on feature fi of cell c. */
static double on_feature(struct scene_layout *p, const struct cell *c, int fi, struct tkit_box b)
{
        struct tkit_area_map *map = tkit_scene_cell_map(p, c);
        if (!map || fi < 0)
                return 1;
        int on = 0;
        for (int a = 0; a < 6; a++)
                for (int k = 0; k < 6; k++) {
                        double u = b.x0 + (b.x1 - b.x0) * (0.2 + 0.6 * (a + 0.5) / 6) - c->x;
                        double v = b.y0 + (b.y1 - b.y0) * (0.2 + 0.6 * (k + 0.5) / 6) - c->y;
                        on += tkit_area_map_feature(map, u, v) == fi;
                }
        return on / 36.0;
}

/* A spot for a figure of half extents (hw, hh) on feature fi of cell c (beside the building of an
 * inner feature), with room for the ring of `lw` of what is new; its box, without the ring. */
static struct tkit_box figure_spot(struct scene_layout *p, const struct cell *c, int fi, size_t mi,
                                   double hw, double hh, double lw, bool inner)
{
        struct tkit_box r = ringed(box_at(0, 0, hw, hh, 0), lw);
        double rw = lw > 0 ? r.x1 : hw, rh = lw > 0 ? r.y1 : hh;
        struct tkit_box b = place_on(p, c, fi, rw, rh, &p->out.marks[mi], FIGURE_AVOID, true);
        if (inner)
                beside_symbol(p, c, fi, hw, hh, rw - hw, &b);
        return box_at((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2, hw, hh, 0);
}

/* A figure in a city as small as a cap is drawn smaller, down to three quarters of its size,
 * never under 14 pt and never with its letter under 6 pt, when that keeps more of its body on
 * the city (a rulebook does not stand a knight across the wall); elsewhere at its size. Its box,
 * its scale in *scale. */
#define FIT_SHARE 0.8
static struct tkit_box sized_spot(struct scene_layout *p, const struct cell *c, int fi, size_t mi,
                                  double hw, double hh, double lw, bool inner, double *scale)
{
        struct tkit_box b = figure_spot(p, c, fi, mi, hw, hh, lw, inner);
        *scale = 1;
        if (fi < 0 || c->def->features[fi].kind != TKIT_CITY)
                return b;
        double best = on_feature(p, c, fi, b), pt = 2 * hh * p->pl->P * p->pl->upt;
        double least = fmax(fmax(0.75, 14 / pt), /* and its letter, if any, 6 pt or more */
                            p->out.letter_pt > 0 ? 6 / p->out.letter_pt : 0);
        for (double k = 0.92; best < FIT_SHARE && k >= least - 1e-9; k -= 0.08) {
                struct tkit_box t = figure_spot(p, c, fi, mi, hw * k, hh * k, lw, inner);
                double share = on_feature(p, c, fi, t);
                if (share > best + 0.02) {
                        best = share;
                        b = t;
                        *scale = k;
                }
        }
        return b;
}

static void place_figure(struct scene_layout *p, size_t i, double (*tok)[2], const bool *tok_ok)
{
        const struct tkit_scene_figure *f = &p->st->s->figures[i];
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_FIGURE);
        size_t mi = p->out.nmarks - 1;
        m->figure = f->kind;
        m->player = f->player;
        m->index = p->st->view.fig_index[i];
        m->is_new = p->st->view.fig_new[i];
        m->removed = tkit_scene_figure_removed(p->st, i);
        m->returned = tkit_scene_figure_returns(p->st, i);
        m->choice = tkit_scene_figure_choice(p->st, i);
        double hw, hh, scale = 1;
        struct tkit_box b;
        if (f->at == TKIT_AT_FEATURE) {
                const struct cell *c = tkit_scene_cell_at(p->st, f->x, f->y);
                int fi = p->st->view.fig_feature[i]; /* the engine's reading (game/view.c) */
                if (!c || fi == TKIT_VIEW_NO_TILE || fi == TKIT_VIEW_NO_FEATURE) {
                        tkit_diags_add(p->st->d, TKIT_SEV_WARNING, p->st->file, f->line, NULL, NULL,
                                       NULL,
                                       c ? "figure at (%d, %d): no feature '%s' on that tile"
                                         : "figure at (%d, %d) '%s': no tile there",
                                       f->x, f->y, f->feature ? f->feature : "");
                        p->out.nmarks--;
                        return;
                }
                bool inner = fi >= 0 && c->def->features[fi].mask == 0 &&
                             c->def->features[fi].kind != TKIT_FIELD;
                m->lying = fi >= 0 && c->def->features[fi].kind == TKIT_FIELD &&
                           f->kind != TKIT_FIGURE_ABBOT;
                tkit_render_figure_extent(f->kind, m->lying, &hw, &hh);
                /* the ring of a new figure, or of a choice, needs room too */
                double lw =
                    m->is_new || m->choice ? tkit_scene_figure_size(p->pl, f->kind) * 0.09 : 0;
                b = sized_spot(p, c, fi, mi, hw * p->pl->fig_k, hh * p->pl->fig_k, lw, inner,
                               &scale);
                m = &p->out.marks[mi];
                m->u = (b.x0 + b.x1) / 2 - c->x; /* the spot taken, not the last one tried */
                m->v = (b.y0 + b.y1) / 2 - c->y;
                m->what = role(f, c->def, fi);
        } else {
                size_t k = f->at == TKIT_AT_CASTLE ? (size_t)f->castle
                                                   : p->st->s->ncastles + (size_t)f->barn;
                int idx = f->at == TKIT_AT_CASTLE ? f->castle : f->barn;
                size_t n = f->at == TKIT_AT_CASTLE ? p->st->s->ncastles : p->st->s->nbarns;
                if (idx < 0 || (size_t)idx >= n || !tok_ok[k]) {
                        p->out.nmarks--;
                        return;
                }
                m->lying = f->at == TKIT_AT_BARN;
                m->what = role(f, NULL, -1);
                tkit_render_figure_extent(f->kind, m->lying, &hw, &hh);
                hw *= p->pl->fig_k;
                hh *= p->pl->fig_k;
                /* on top of the token, a little high so that the token shows */
                double x = tok[k][0], y = tok[k][1] - (f->at == TKIT_AT_CASTLE ? 0.12 : 0.09);
                m->cell_x = (int)floor(x);
                m->cell_y = (int)floor(y);
                b = box_at(x, y, hw, hh, 0);
        }
        m->scale = scale;
        b.kind = BOX_FIGURE;
        add_box(p, m->is_new || m->choice
                       ? ringed(b, tkit_scene_figure_size(p->pl, m->figure) * 0.09)
                       : b);
        mark_geometry(p, m, b);
        double s = tkit_scene_figure_size(p->pl, m->figure) * p->pl->P * scale;
        tkit_render_figure_probe(m->figure, m->lying, m->x, m->y, s, &m->probe_x, &m->probe_y);
}

/* ---------------------------------------------------------------- free spots */

/* A free spot of half extents (hw, hh) in the cells shown, as near to box `a` as can be, up to
 * SPOT_REACH tiles away: square rings of candidates around it, nearer rings first (no search of
 * the whole board for each badge: on a crowded board that would make placement quadratic). */
#define SPOT_REACH 2.5
static bool spot_near(struct scene_layout *p, const struct tkit_box *a, double hw, double hh,
                      unsigned avoid, double *x, double *y)
{
        double cx = (a->x0 + a->x1) / 2, cy = (a->y0 + a->y1) / 2, step = 0.05;
        double ax = (a->x1 - a->x0) / 2 + hw, ay = (a->y1 - a->y0) / 2 + hh;
        for (int k = 1; k * step < SPOT_REACH; k++) {
                double rx = ax + k * step, ry = ay + k * step;
                int n = (int)ceil(2 * (rx > ry ? rx : ry) / step);
                for (int i = 0; i < 4 * n; i++) { /* the ring's four sides, clockwise */
                        double t = (double)(i % n) / n, bx, by;
                        switch (i / n) {
                        case 0:
                                bx = cx - rx + 2 * rx * t, by = cy - ry;
                                break;
                        case 1:
                                bx = cx + rx, by = cy - ry + 2 * ry * t;
                                break;
                        case 2:
                                bx = cx + rx - 2 * rx * t, by = cy + ry;
                                break;
                        default:
                                bx = cx - rx, by = cy + ry - 2 * ry * t;
                                break;
                        }
                        struct tkit_box b = box_at(bx, by, hw, hh, 0);
                        if (!box_shown(p, &b) || !free_box(p, b, avoid))
                                continue;
                        *x = bx;
                        *y = by;
                        return true;
                }
        }
        return false;
}

/* ---------------------------------------------------------------- refusals */

static void place_refusals(struct scene_layout *p)
{
        double r = p->pl->callout_r * 1.1;
        for (size_t i = 0; i < p->st->view.nrefusals; i++) {
                struct tkit_view_refusal *f = &p->st->view.refusals[i];
                if (f->post >= 0)
                        continue; /* at the post's catapult space (scene-posts.c) */
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_REFUSED);
                size_t mi = p->out.nmarks - 1;
                const struct cell *c = f->feature ? tkit_scene_cell_at(p->st, f->cx, f->cy) : NULL;
                int fi = f->feature_index;
                struct tkit_box b = box_at(f->x, f->y, r, r, 0);
                if (c && fi >= 0)
                        b = place_on(p, c, fi, r, r, m, BOX_ANY, false);
                b.kind = BOX_MARK;
                add_box(p, b);
                m = &p->out.marks[mi];
                m->number = f->number;
                m->what = tkit_game_rule_id(p->st->r->events[f->event].rule);
                mark_geometry(p, m, b);
                double x, y;
                double cr = p->pl->callout_r;
                if (!spot_near(p, &b, cr, cr, BOX_ANY, &x, &y)) {
                        x = b.x1 + cr;
                        y = b.y0;
                }
                struct tkit_box cb = box_at(x, y, cr, cr, BOX_CALLOUT);
                add_box(p, cb);
                m = tkit_scene_add_mark(p, TKIT_MARK_CALLOUT);
                m->number = f->number;
                mark_geometry(p, m, cb);
        }
}

/* ---------------------------------------------------------------- badges */

/* Figure marks by cell, for the badge of a score next to one of the scorer's figures on it. */
struct fig_ref {
        int x, y;
        size_t mark;
};

static int cmp_ref(const void *a, const void *b)
{
        const struct fig_ref *u = a, *v = b;
        if (u->y != v->y)
                return u->y < v->y ? -1 : 1;
        if (u->x != v->x)
                return u->x < v->x ? -1 : 1;
        return u->mark < v->mark ? -1 : u->mark > v->mark;
}

struct figs_by_cell {
        struct fig_ref *v;
        size_t n;
};

static void figs_index(const struct scene_layout *p, struct figs_by_cell *f)
{
        f->v = tkit_xmalloc(sizeof *f->v * (p->out.nmarks + 1));
        f->n = 0;
        for (size_t i = 0; i < p->out.nmarks; i++)
                if (p->out.marks[i].kind == TKIT_MARK_FIGURE && p->out.marks[i].feature >= 0)
                        f->v[f->n++] =
                            (struct fig_ref){p->out.marks[i].cell_x, p->out.marks[i].cell_y, i};
        qsort(f->v, f->n, sizeof *f->v, cmp_ref);
}

/* The box of the scoring player's figure on one of the places scored (the figure the event is
 * about first), or false: a badge goes next to it rather than on the feature's first tile. */
static bool scorer_box(const struct scene_layout *p, const struct figs_by_cell *fc,
                       const struct tkit_game_event *e, struct tkit_box *out)
{
        const struct tkit_scene_mark *any = NULL;
        for (size_t k = 0; k < e->nplaces; k++) {
                const struct tkit_game_place *pl = &e->places[k];
                struct fig_ref key = {pl->x, pl->y, 0};
                size_t lo = 0, hi = fc->n;
                while (lo < hi) { /* the first figure of the cell */
                        size_t mid = (lo + hi) / 2;
                        if (cmp_ref(&fc->v[mid], &key) < 0)
                                lo = mid + 1;
                        else
                                hi = mid;
                }
                for (size_t i = lo; i < fc->n && fc->v[i].x == pl->x && fc->v[i].y == pl->y; i++) {
                        const struct tkit_scene_mark *m = &p->out.marks[fc->v[i].mark];
                        if (m->player != e->player || m->feature != pl->feature)
                                continue;
                        if (p->st->state != TKIT_SCENE_AFTER && e->figure >= 0 &&
                            m->index == e->figure) {
                                *out = tkit_scene_mark_box(p, m);
                                return true;
                        }
                        any = any ? any : m;
                }
        }
        if (any)
                *out = tkit_scene_mark_box(p, any);
        return any != NULL;
}

/* Whether board point (x, y) lies on the feature scored by `e` as the art draws it (not on a
 * building, a mark of the art or another feature that a badge should leave visible). */
static bool on_scored(struct scene_layout *p, const struct tkit_game_event *e, double x, double y)
{
        const struct cell *c = tkit_scene_cell_at(p->st, (int)floor(x), (int)floor(y));
        struct tkit_area_map *map = c ? tkit_scene_cell_map(p, c) : NULL;
        int f = map ? tkit_area_map_feature(map, x - c->x, y - c->y) : -1;
        for (size_t k = 0; f >= 0 && k < e->nplaces; k++)
                if (e->places[k].x == c->x && e->places[k].y == c->y && e->places[k].feature == f)
                        return true;
        return false;
}

static bool box_on_scored(struct scene_layout *p, const struct tkit_game_event *e,
                          const struct tkit_box *b)
{
        for (int q = 0; q < 9; q++) {
                double x = b->x0 + 0.01 + (b->x1 - b->x0 - 0.02) * (q % 3) / 2;
                double y = b->y0 + 0.005 + (b->y1 - b->y0 - 0.01) * (q / 3) / 2;
                if (!on_scored(p, e, x, y))
                        return false;
        }
        return true;
}

/* A free spot of half extents (hw, hh) touching box `a`, nearest first, right and left before
 * above and below, wholly on the feature scored when there is such a spot close by; false when
 * every one is taken or leaves the cells shown. */
static bool spot_next_to(struct scene_layout *p, const struct tkit_game_event *e,
                         const struct tkit_box *a, double hw, double hh, double *x, double *y)
{
        static const double dirs[][2] = {{1, 0},  {-1, 0},  {0, -1}, {0, 1},
                                         {1, -1}, {-1, -1}, {1, 1},  {-1, 1}};
        double cx = (a->x0 + a->x1) / 2, cy = (a->y0 + a->y1) / 2;
        double aw = (a->x1 - a->x0) / 2, ah = (a->y1 - a->y0) / 2;
        for (int on = e->nplaces > 0; on >= 0; on--)
                for (double gap = 0.02; gap < (on ? 0.1 : 0.3); gap += on ? 0.06 : 0.1)
                        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
                                double bx = cx + dirs[k][0] * (aw + hw + gap);
                                double by =
                                    cy + dirs[k][1] * (ah + hh + gap) * (dirs[k][0] ? 0.6 : 1);
                                struct tkit_box b = box_at(bx, by, hw, hh, 0);
                                if (!box_shown(p, &b) || !free_box(p, b, BOX_ANY) ||
                                    (on && !box_on_scored(p, e, &b)))
                                        continue;
                                *x = bx;
                                *y = by;
                                return true;
                        }
        return false;
}

/* Moves a box inside the cells shown, so that it never leaves the picture. */
static struct tkit_box keep_inside(const struct scene_layout *p, struct tkit_box b)
{
        double dx = 0, dy = 0;
        if (b.x0 < p->pl->bx0)
                dx = p->pl->bx0 - b.x0;
        else if (b.x1 > p->pl->bx1 + 1)
                dx = p->pl->bx1 + 1 - b.x1;
        if (b.y0 < p->pl->by0)
                dy = p->pl->by0 - b.y0;
        else if (b.y1 > p->pl->by1 + 1)
                dy = p->pl->by1 + 1 - b.y1;
        return (struct tkit_box){b.x0 + dx, b.y0 + dy, b.x1 + dx, b.y1 + dy, b.kind};
}

/* A free spot for a badge of points scored at a post: in a row along its panel (`a`), left to
 * right in the order of the scores: just under it, just over it, on its lower edge, on its upper
 * edge, inside along its foot (a badge covers the panel's ground, never what is on it); false when
 * none has room. */
static bool spot_along(struct scene_layout *p, const struct tkit_box *a, double hw, double hh,
                       double *x, double *y)
{
        const double ys[5] = {a->y1 + 0.03 + hh, a->y0 - 0.03 - hh, a->y1, a->y0,
                              a->y1 - 0.03 - hh};
        for (int k = 0; k < 5; k++)
                for (double bx = a->x0 + hw; bx + hw <= a->x1; bx += 0.02) {
                        struct tkit_box b = box_at(bx, ys[k], hw, hh, 0);
                        if (!box_shown(p, &b) || !free_box(p, b, BOX_ANY))
                                continue;
                        *x = bx;
                        *y = ys[k];
                        return true;
                }
        return false;
}

/* Where a score's badge goes: next to `anchor` (the scorer's figure, the castle of a maiden
 * taken back, the panel of a post: under it first) when there is room; else on the feature's first
 * tile shown, off everything; else at the nearest free spot, with a line to what it is about. */
static bool place_badge(struct scene_layout *p, const struct tkit_game_event *e,
                        const struct tkit_box *anchor, struct tkit_scene_mark *m, double hw,
                        double hh, struct tkit_box *out)
{
        double x, y;
        bool at_post = e->post >= 0 && !e->nplaces;
        if (anchor && at_post && spot_along(p, anchor, hw, hh, &x, &y)) {
                *out = box_at(x, y, hw, hh, 0);
                return true;
        }
        if (anchor && spot_next_to(p, e, anchor, hw, hh, &x, &y)) {
                *out = box_at(x, y, hw, hh, 0);
                return true;
        }
        const struct tkit_box *near = anchor;
        struct tkit_box first;
        /* on the feature, on any of its tiles, before a spot of its first tile off it (pass 1):
         * after the move the figures are gone, and the second badge of a tie went off the road,
         * into the field of the road's first tile, where no point was scored */
        for (size_t k = 0; k < 2 * e->nplaces && !anchor; k++) {
                const struct tkit_game_place *pl = &e->places[k % e->nplaces];
                const struct cell *c = tkit_scene_shown(p->pl, pl->x, pl->y)
                                           ? tkit_scene_cell_at(p->st, pl->x, pl->y)
                                           : NULL;
                if (!c)
                        continue;
                bool strict = k < e->nplaces;
                struct tkit_box b =
                    keep_inside(p, place_on(p, c, pl->feature, hw, hh, m, BOX_ANY, strict));
                if (free_box(p, b, BOX_ANY)) {
                        *out = b;
                        return true;
                }
                if (!near) {
                        first = b;
                        near = &first;
                }
        }
        if (!near)
                return false;
        if (spot_near(p, near, hw, hh, BOX_ANY, &x, &y)) {
                *out = box_at(x, y, hw, hh, 0);
                double dx = fmax(0, fmax(out->x0 - near->x1, near->x0 - out->x1));
                double dy = fmax(0, fmax(out->y0 - near->y1, near->y0 - out->y1));
                if (hypot(dx, dy) > 0.12) {
                        m->leader = true;
                        m->ax = tkit_scene_pic_x(p->pl, (near->x0 + near->x1) / 2);
                        m->ay = tkit_scene_pic_y(p->pl, (near->y0 + near->y1) / 2);
                }
                return true;
        }
        /* nothing free on the whole board: over the anchor, inside the picture */
        *out = keep_inside(p, box_at((near->x0 + near->x1) / 2, near->y0 - hh, hw, hh, 0));
        return true;
}

/* The box of the token a score of no place is about, or false: the castle of a maiden taken back
 * (MAIDEN-TAKE), the barn the move builds (BARN-SCORE, at its corner point, drawn or not). */
static bool token_box(const struct scene_layout *p, const struct tkit_game_event *e,
                      double (*tok)[2], const bool *tok_ok, struct tkit_box *out)
{
        const struct tkit_scene_move *mv = &p->st->orig->move;
        if (e->rule == TKIT_GR_BARN_SCORE && mv->build == TKIT_BUILD_BARN) {
                *out = barn_box(mv->build_x, mv->build_y);
                return true;
        }
        int k = mv->take_maiden;
        if (e->rule != TKIT_GR_MAIDEN_TAKE || k < 0 || (size_t)k >= p->st->s->ncastles ||
            !tok_ok[k])
                return false;
        *out = castle_box(tok[k][0], tok[k][1]);
        return true;
}

static void place_badges(struct scene_layout *p, double (*tok)[2], const bool *tok_ok)
{
        const struct tkit_game_result *r = tkit_scene_points(p->st);
        if (!r)
                return;
        struct figs_by_cell fc;
        figs_index(p, &fc);
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                if (e->kind != TKIT_EV_SCORE || e->player < 0)
                        continue;
                char t[24];
                snprintf(t, sizeof t, "%+d", e->points);
                double k = p->pl->badge_hh / 0.1;
                double hw = (0.07 + 0.058 * (double)strlen(t)) * k, hh = p->pl->badge_hh;
                struct tkit_box a;
                bool at_post = e->post >= 0 && !e->nplaces;
                bool anchored = at_post
                                    ? tkit_scene_post_panel(p, e->post, &a)
                                    : token_box(p, e, tok, tok_ok, &a) || scorer_box(p, &fc, e, &a);
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_BADGE);
                size_t mi = p->out.nmarks - 1;
                m->player = e->player;
                m->points = e->points;
                struct tkit_box b;
                if (!place_badge(p, e, anchored ? &a : NULL, m, hw, hh, &b)) {
                        p->out.nmarks--;
                        continue;
                }
                m = &p->out.marks[mi];
                m->cell_x = (int)floor((b.x0 + b.x1) / 2);
                m->cell_y = (int)floor((b.y0 + b.y1) / 2);
                b.kind = BOX_BADGE;
                add_box(p, b);
                mark_geometry(p, m, b);
        }
        free(fc.v);
}

/* Where a callout at a post goes: on its panel's (`a`) top left or top right corner, by the
 * post's symbol; else along the panel, as a badge there (spot_along); else next to it; else,
 * nothing being free, on the top left corner. */
static struct tkit_box post_callout_box(struct scene_layout *p, const struct tkit_box *a, double r)
{
        const struct tkit_box corner[2] = {box_at(a->x0, a->y0, r, r, BOX_CALLOUT),
                                           box_at(a->x1, a->y0, r, r, BOX_CALLOUT)};
        for (int k = 0; k < 2; k++)
                if (box_shown(p, &corner[k]) && free_box(p, corner[k], BOX_ANY))
                        return corner[k];
        double x, y;
        if (spot_along(p, a, r, r, &x, &y) || spot_near(p, a, r, r, BOX_ANY, &x, &y))
                return box_at(x, y, r, r, BOX_CALLOUT);
        return corner[0];
}

static void place_post_callout(struct scene_layout *p, const struct tkit_scene_callout *co)
{
        struct tkit_box a;
        if (!tkit_scene_post_panel(p, co->post, &a))
                return;
        struct tkit_box b = post_callout_box(p, &a, p->pl->callout_r);
        add_box(p, b);
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_CALLOUT);
        m->number = co->number;
        m->post = co->post;
        mark_geometry(p, m, b);
}

static void place_callouts(struct scene_layout *p)
{
        for (size_t i = 0; i < p->st->orig->ncallouts; i++) {
                const struct tkit_scene_callout *co = &p->st->orig->callouts[i];
                if (co->post >= 0) {
                        place_post_callout(p, co);
                        continue;
                }
                const struct cell *c = tkit_scene_cell_at(p->st, co->x, co->y);
                if (!c) {
                        tkit_diags_add(p->st->d, TKIT_SEV_WARNING, p->st->file, co->line, NULL,
                                       NULL, NULL, "callout %d: no tile at (%d, %d)", co->number,
                                       co->x, co->y);
                        continue;
                }
                int fi = p->st->view.callout_feature[i] >= TKIT_PLACE_BRIDGE
                             ? p->st->view.callout_feature[i]
                             : -1;
                struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_CALLOUT);
                size_t mi = p->out.nmarks - 1;
                m->number = co->number;
                double r = p->pl->callout_r;
                struct tkit_box b = keep_inside(p, place_on(p, c, fi, r, r, m, BOX_ANY, false));
                b.kind = BOX_CALLOUT;
                add_box(p, b);
                mark_geometry(p, &p->out.marks[mi], b);
        }
}

/* Where the figure of mark k stood before the move moved it, drawn faint, and the arrow from
 * there to mark k, edge to edge. The map gives the cell and feature it stood on. */
static void place_move(struct scene_layout *p, size_t k)
{
        const struct tkit_scene_figure *f = &p->st->orig->figures[p->out.marks[k].index];
        const struct cell *c =
            f->at == TKIT_AT_FEATURE ? tkit_scene_cell_at(p->st, f->x, f->y) : NULL;
        int fi = c && c->def ? p->st->view.from_feature[p->out.marks[k].index] : -1;
        if (fi < 0 || !tkit_scene_shown(p->pl, c->x, c->y))
                return;
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_ARROW);
        const struct tkit_scene_mark to = p->out.marks[k]; /* after the add: marks may move */
        m->figure = f->kind;
        m->player = f->player;
        m->index = to.index;
        m->what = "moved";
        m->lying = c->def->features[fi].kind == TKIT_FIELD && f->kind != TKIT_FIGURE_ABBOT;
        double hw, hh;
        tkit_render_figure_extent(f->kind, m->lying, &hw, &hh);
        hw *= p->pl->fig_k;
        hh *= p->pl->fig_k;
        struct tkit_box b = place_on(p, c, fi, hw, hh, m, FIGURE_AVOID, true);
        if (!free_box(p, b, FIGURE_AVOID)) { /* a castle covers its city: elsewhere on its tile */
                b = place_on(p, c, -1, hw, hh, m, FIGURE_AVOID, true);
                m->feature = fi;
        }
        b.kind = BOX_FIGURE;
        add_box(p, b);
        mark_geometry(p, m, b);
        double dx = to.x - m->x, dy = to.y - m->y, d = hypot(dx, dy);
        double r0 = (m->x1 - m->x0) * 0.5, r1 = (to.x1 - to.x0) * 0.75; /* the target's ring */
        if (d <= r0 + r1) /* side by side: the arrow from centre to centre */
                r0 = r1 = 0;
        double line[4] = {m->x + dx / d * r0, m->y + dy / d * r0, to.x - dx / d * r1,
                          to.y - dy / d * r1};
        memcpy(m->line, line, sizeof line);
        m->nline = 2;
        m->bow = 0.18;
}

/* The moves, once every figure stands: the faint figures keep off them. */
static void place_moves(struct scene_layout *p)
{
        size_t n = p->out.nmarks;
        for (size_t k = 0; k < n; k++) {
                const struct tkit_scene_mark *m = &p->out.marks[k];
                if (m->kind == TKIT_MARK_FIGURE && m->index >= 0 &&
                    tkit_scene_figure_moves(p->st, (size_t)m->index))
                        place_move(p, k);
        }
}

void tkit_scene_place_all(struct scene_layout *p)
{
        size_t ntok = p->st->s->ncastles + p->st->s->nbarns;
        double(*tok)[2] = tkit_xcalloc(ntok + 1, sizeof *tok);
        bool *ok = tkit_xcalloc(ntok + 1, sizeof *ok);
        place_symbols(p);
        place_frame(p);
        place_tokens(p, tok, ok);
        tkit_scene_posts_place(p);
        for (size_t i = 0; i < p->st->s->nfigures; i++)
                place_figure(p, i, tok, ok);
        place_moves(p);
        place_refusals(p);
        place_badges(p, tok, ok);
        place_callouts(p);
        tkit_scene_place_advances(p); /* last: it finds a way between everything */
        free(tok);
        free(ok);
}
