/* Scene pictures for rulebooks: the tiles of a scene (model/tkit-scene.h) at their cells, bridges,
 * castles and barns, the figures standing or lying at natural spots of their features (areas.c),
 * the tile placed by the move outlined, the features scored by the engine (game/tkit-game.h)
 * tinted in the scorer's colour with a points badge, the callouts, the defense posts, and under
 * the picture the caption and a legend of the events.
 *
 * Everything that takes room on the board (tokens, figures, badges, callouts) is placed in that
 * order into one list of boxes, each new one off the boxes already there. */
#include "render/render-private.h"
#include "game/tkit-game.h"
#include "sim/tkit-sim.h"
#include "text/tkit-text.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PIECE_CELLS 64

void tkit_scene_render_options_init(struct tkit_scene_render_options *o)
{
        memset(o, 0, sizeof *o);
        o->px = 45 * MM_TO_PT;
        o->lang = "en";
        o->caption = true;
}

void tkit_scene_picture_finish(struct tkit_scene_picture *p)
{
        free(p->marks);
        memset(p, 0, sizeof *p);
}

struct cell {
        int x, y;
        const struct tkit_tile *def;
        const char *id;
        int rot; /* quarter turns */
        int bridge;
        int piece; /* the multi-cell piece it belongs to (its index among the tiles), or -1 */
        struct tkit_area_map *map;
};

struct pic {
        const struct tkit_scene *orig, *s; /* the scene as given, and the state drawn */
        const struct tkit_game_result *r;
        struct tkit_set *const *sets;
        size_t nsets;
        const struct tkit_scene_render_options *o;
        struct tkit_diags *d;
        const char *file;

        struct cell *cells;
        size_t ncells, capcells;
        bool placed; /* the move's tile is on the board */
        int px, py;
        int bx0, by0, bx1, by1; /* the cells shown */

        double P, ox, oy, W, H;     /* tile side, where cell (bx0, by0) goes, picture */
        double tx, posts_y, text_y; /* left edge of the posts and the text, their tops */

        struct tkit_area_box *boxes;
        size_t nboxes, capboxes;
        struct tkit_scene_picture out;
};

/* The language of the picture's words (checked by check_options). */
static enum tkit_lang pic_lang(const struct pic *p)
{
        int l = tkit_lang_parse(p->o->lang);
        return l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l;
}

/* ---------------------------------------------------------------- resolving */

static bool in_play(const struct pic *p, const struct tkit_set *set)
{
        if (!p->orig->nsets)
                return true;
        for (size_t i = 0; i < p->orig->nsets; i++)
                if (strcmp(p->orig->sets[i], set->id) == 0)
                        return true;
        return false;
}

/* The tile or piece a scene tile names: the model's lookup, the engine's too. */
static const void *find_def(const struct pic *p, const struct tkit_scene_tile *t)
{
        const struct tkit_set *set;
        int hits;
        return tkit_scene_find_def(p->orig, p->sets, p->nsets, t, &set, &hits);
}

static void add_cell(struct pic *p, int x, int y, const struct tkit_tile *def, const char *id,
                     int rot, int bridge, int piece)
{
        struct cell *c = TKIT_PUSH(p->cells, p->ncells, p->capcells);
        *c = (struct cell){x, y, def, id, ((rot % 4) + 4) % 4, bridge, piece, NULL};
}

static void add_scene_tile(struct pic *p, const struct tkit_scene_tile *t, int index)
{
        if (!t->tile)
                return;
        if (t->is_piece) {
                const struct tkit_piece *pc = find_def(p, t);
                struct tkit_placement pl = {.set = t->set,
                                            .tile = t->tile,
                                            .is_piece = true,
                                            .piece = pc,
                                            .x = t->x,
                                            .y = t->y,
                                            .rotation = t->rotation};
                struct tkit_layout_cell cells[MAX_PIECE_CELLS];
                size_t n = pc ? tkit_placement_cells(&pl, cells, MAX_PIECE_CELLS) : 0;
                for (size_t k = 0; k < n && k < MAX_PIECE_CELLS; k++)
                        add_cell(p, cells[k].x, cells[k].y, cells[k].def, t->tile,
                                 cells[k].rotation / 90, 0, index);
                if (!pc)
                        add_cell(p, t->x, t->y, NULL, t->tile, 0, 0, -1);
                if (!pc)
                        tkit_diags_add(p->d, TKIT_SEV_WARNING, p->file, t->line, NULL, t->set,
                                       t->tile, "no such piece in the sets given: drawn grey");
                return;
        }
        const struct tkit_tile *def = find_def(p, t);
        if (!def)
                tkit_diags_add(p->d, TKIT_SEV_WARNING, p->file, t->line, NULL, t->set, t->tile,
                               "no such tile in the sets given: drawn grey");
        add_cell(p, t->x, t->y, def, t->tile, t->rotation / 90, t->bridge, -1);
}

static int cmp_cell(const void *a, const void *b)
{
        const struct cell *x = a, *y = b;
        if (x->y != y->y)
                return x->y < y->y ? -1 : 1;
        return x->x < y->x ? -1 : x->x > y->x;
}

static struct cell *cell_at(const struct pic *p, int x, int y)
{
        struct cell key = {.x = x, .y = y};
        return bsearch(&key, p->cells, p->ncells, sizeof key, cmp_cell);
}

/* Sorted for lookups; a cell given twice keeps its last tile. */
static void sort_cells(struct pic *p)
{
        for (size_t i = 0; i < p->ncells; i++)
                p->cells[i].map = (struct tkit_area_map *)(uintptr_t)i; /* stable order */
        qsort(p->cells, p->ncells, sizeof *p->cells, cmp_cell);
        size_t n = 0;
        for (size_t i = 0; i < p->ncells; i++) {
                if (n && p->cells[n - 1].x == p->cells[i].x && p->cells[n - 1].y == p->cells[i].y) {
                        if ((uintptr_t)p->cells[i].map > (uintptr_t)p->cells[n - 1].map)
                                p->cells[n - 1] = p->cells[i];
                        continue;
                }
                p->cells[n++] = p->cells[i];
        }
        p->ncells = n;
        for (size_t i = 0; i < n; i++)
                p->cells[i].map = NULL;
}

static const struct tkit_area_map *cell_map(struct cell *c)
{
        if (!c->map && c->def)
                c->map = tkit_area_map_create(c->def, c->rot);
        return c->map;
}

/* A feature as an author writes it: the model's one reading (tkit_place_resolve), the engine's
 * too. */
static int resolve_feature(const struct tkit_tile *t, int rot, int bridge, const char *ref)
{
        return t ? tkit_place_resolve(t, rot, bridge, ref, NULL) : -1;
}

/* ---------------------------------------------------------------- marks and boxes */

static struct tkit_scene_mark *add_mark(struct pic *p, enum tkit_scene_mark_kind k)
{
        struct tkit_scene_mark *m = TKIT_PUSH(p->out.marks, p->out.nmarks, p->out.capmarks);
        memset(m, 0, sizeof *m);
        m->kind = k;
        m->player = m->feature = -1;
        return m;
}

static void add_box(struct pic *p, double x0, double y0, double x1, double y1)
{
        struct tkit_area_box *b = TKIT_PUSH(p->boxes, p->nboxes, p->capboxes);
        *b = (struct tkit_area_box){x0, y0, x1, y1};
}

/* Picture coordinates of board point (x, y) in cells. */
static double pic_x(const struct pic *p, double x)
{
        return p->ox + (x - p->bx0) * p->P;
}

static double pic_y(const struct pic *p, double y)
{
        return p->oy + (y - p->by0) * p->P;
}

/* Places a box of half extents (hw, hh) on feature fi of cell c; fills the mark's spot. A
 * figure stays on its feature even when it must cover another box (`strict`); a badge or a
 * callout rather moves off it, elsewhere on the tile. */
static int place_on(struct pic *p, struct cell *c, int fi, double hw, double hh,
                    struct tkit_scene_mark *m, bool strict)
{
        double u = 0.5, v = 0.5;
        int rc = 1;
        const struct tkit_area_map *map = cell_map(c);
        if (map)
                rc = tkit_area_place(map, fi < 0 ? -1 : fi, hw, hh, c->x, c->y, p->boxes, p->nboxes,
                                     &u, &v);
        double u2, v2;
        if (map && rc && !strict && fi >= 0 &&
            tkit_area_place(map, -1, hw, hh, c->x, c->y, p->boxes, p->nboxes, &u2, &v2) == 0) {
                u = u2;
                v = v2;
                rc = 0;
        }
        m->cell_x = c->x;
        m->cell_y = c->y;
        m->feature = fi >= 0 ? fi : -1;
        m->rotation = c->rot;
        m->tile = c->def;
        m->u = u;
        m->v = v;
        add_box(p, c->x + u - hw, c->y + v - hh, c->x + u + hw, c->y + v + hh);
        return rc;
}

/* Fills the picture coordinates of a mark from its board box (the last box added). */
static void mark_geometry(const struct pic *p, struct tkit_scene_mark *m)
{
        const struct tkit_area_box *b = &p->boxes[p->nboxes - 1];
        m->x0 = pic_x(p, b->x0);
        m->y0 = pic_y(p, b->y0);
        m->x1 = pic_x(p, b->x1);
        m->y1 = pic_y(p, b->y1);
        m->x = (m->x0 + m->x1) / 2;
        m->y = (m->y0 + m->y1) / 2;
}

/* ---------------------------------------------------------------- tokens */

/* The centre of a castle: the middle of the edge its city shares with the neighbouring tile
 * holding the rest of the city; the city's spot when there is none. */
static bool castle_centre(struct pic *p, const struct tkit_scene_castle *k, double *x, double *y)
{
        struct cell *c = cell_at(p, k->x, k->y);
        if (!c || !c->def)
                return false;
        int fi = resolve_feature(c->def, c->rot, c->bridge, k->feature);
        if (fi < 0)
                return false;
        uint16_t mask = tkit_mask_rotate(c->def->features[fi].mask, c->rot);
        for (int s = 0; s < 4; s++) {
                if (!(mask & (1u << TKIT_POS(s, TKIT_M))))
                        continue;
                int nx = c->x + (s == 1) - (s == 3), ny = c->y + (s == 2) - (s == 0);
                struct cell *n = cell_at(p, nx, ny);
                if (!n || !n->def ||
                    tkit_tile_side(n->def, tkit_side_rotate((s + 2) % 4, -n->rot)) !=
                        TKIT_SIDE_CITY)
                        continue;
                *x = c->x + 0.5 + 0.5 * ((s == 1) - (s == 3));
                *y = c->y + 0.5 + 0.5 * ((s == 2) - (s == 0));
                return true;
        }
        const struct tkit_area_map *map = cell_map(c);
        double u = 0.5, v = 0.5;
        if (map)
                tkit_area_place(map, fi, 0.2, 0.15, c->x, c->y, NULL, 0, &u, &v);
        *x = c->x + u;
        *y = c->y + v;
        return true;
}

#define CASTLE_S 0.5
#define BARN_S 0.38

static void place_tokens(struct pic *p, double (*where)[2], bool *ok)
{
        const struct tkit_scene *s = p->s;
        for (size_t i = 0; i < s->ncastles; i++) {
                ok[i] = castle_centre(p, &s->castles[i], &where[i][0], &where[i][1]);
                if (!ok[i]) {
                        tkit_diags_add(p->d, TKIT_SEV_WARNING, p->file, s->castles[i].line, NULL,
                                       NULL, NULL, "castle '%s': its city is not on the board",
                                       s->castles[i].id ? s->castles[i].id : "");
                        continue;
                }
                double h = CASTLE_S / 2;
                add_box(p, where[i][0] - h, where[i][1] - h * 0.8, where[i][0] + h,
                        where[i][1] + h * 0.8);
                struct tkit_scene_mark *m = add_mark(p, TKIT_MARK_TOKEN);
                mark_geometry(p, m);
        }
        for (size_t i = 0; i < s->nbarns; i++) {
                size_t k = s->ncastles + i;
                where[k][0] = s->barns[i].x;
                where[k][1] = s->barns[i].y;
                ok[k] = true;
                double h = BARN_S / 2;
                add_box(p, where[k][0] - h, where[k][1] - h, where[k][0] + h, where[k][1] + h);
                struct tkit_scene_mark *m = add_mark(p, TKIT_MARK_TOKEN);
                mark_geometry(p, m);
        }
}

/* ---------------------------------------------------------------- figures */

struct fig {
        const struct tkit_scene_figure *f;
        int player;
        size_t mark;
        bool drawn;
};

static int player_colour(const struct tkit_scene *s, int player)
{
        if (player < 0 || (size_t)player >= s->nplayers)
                return -1;
        return tkit_colour_parse(s->players[player].colour);
}

/* Whether an event of the result removes figure `index` of the scene (before the move). */
static bool removed_by_move(const struct pic *p, int index)
{
        for (size_t i = 0; p->r && !p->o->after && index >= 0 && i < p->r->nevents; i++)
                if (p->r->events[i].kind == TKIT_EV_REMOVE && p->r->events[i].figure == index)
                        return true;
        return false;
}

static void place_figure(struct pic *p, const struct tkit_scene_figure *f, int player, int index,
                         double (*tok)[2], const bool *tok_ok)
{
        struct tkit_scene_mark *m = add_mark(p, TKIT_MARK_FIGURE);
        size_t mi = p->out.nmarks - 1;
        m->figure = f->kind;
        m->player = player;
        m->index = index;
        m->removed = removed_by_move(p, index);
        double hw, hh;
        if (f->at == TKIT_AT_FEATURE) {
                struct cell *c = cell_at(p, f->x, f->y);
                int fi = c ? resolve_feature(c->def, c->rot, c->bridge, f->feature) : -1;
                if (!c || (fi == -1 && c->def)) {
                        tkit_diags_add(p->d, TKIT_SEV_WARNING, p->file, f->line, NULL, NULL, NULL,
                                       c ? "figure at (%d, %d): no feature '%s' on that tile"
                                         : "figure at (%d, %d) '%s': no tile there",
                                       f->x, f->y, f->feature ? f->feature : "");
                        p->out.nmarks--;
                        return;
                }
                m->lying = fi >= 0 && c->def->features[fi].kind == TKIT_FIELD &&
                           f->kind != TKIT_FIGURE_ABBOT;
                tkit_render_figure_extent(f->kind, m->lying, &hw, &hh);
                place_on(p, c, fi, hw, hh, &p->out.marks[mi], true);
        } else {
                size_t k =
                    f->at == TKIT_AT_CASTLE ? (size_t)f->castle : p->s->ncastles + (size_t)f->barn;
                int idx = f->at == TKIT_AT_CASTLE ? f->castle : f->barn;
                size_t n = f->at == TKIT_AT_CASTLE ? p->s->ncastles : p->s->nbarns;
                if (idx < 0 || (size_t)idx >= n || !tok_ok[k]) {
                        p->out.nmarks--;
                        return;
                }
                m->lying = f->at == TKIT_AT_BARN;
                tkit_render_figure_extent(f->kind, m->lying, &hw, &hh);
                /* on top of the token, a little high so that the token shows */
                double x = tok[k][0], y = tok[k][1] - (f->at == TKIT_AT_CASTLE ? 0.12 : 0.02);
                m->cell_x = (int)floor(x);
                m->cell_y = (int)floor(y);
                add_box(p, x - hw, y - hh, x + hw, y + hh);
        }
        m = &p->out.marks[mi];
        mark_geometry(p, m);
        double s = tkit_render_figure_size(m->figure) * p->P;
        tkit_render_figure_probe(m->figure, m->lying, m->x, m->y, s, &m->probe_x, &m->probe_y);
}

/* The figures of the state drawn; before the move, the figure placed on the drawn tile too. */
static void place_figures(struct pic *p, double (*tok)[2], const bool *tok_ok)
{
        for (size_t i = 0; i < p->s->nfigures; i++)
                place_figure(p, &p->s->figures[i], p->s->figures[i].player, (int)i, tok, tok_ok);
        const struct tkit_scene_move *mv = &p->orig->move;
        if (!p->o->after && p->placed && mv->has_figure) {
                struct tkit_scene_figure f = mv->figure;
                f.at = TKIT_AT_FEATURE;
                f.x = mv->placed.x;
                f.y = mv->placed.y;
                place_figure(p, &f, mv->player, -1, tok, tok_ok);
        }
}

/* ---------------------------------------------------------------- badges and callouts */

static bool shown_cell(const struct pic *p, int x, int y)
{
        return x >= p->bx0 && x <= p->bx1 && y >= p->by0 && y <= p->by1;
}

/* The board box of a mark placed (the inverse of mark_geometry). */
static const struct tkit_area_box *mark_box(const struct pic *p, const struct tkit_scene_mark *m,
                                            struct tkit_area_box *out)
{
        *out = (struct tkit_area_box){
            p->bx0 + (m->x0 - p->ox) / p->P, p->by0 + (m->y0 - p->oy) / p->P,
            p->bx0 + (m->x1 - p->ox) / p->P, p->by0 + (m->y1 - p->oy) / p->P};
        return out;
}

/* The box of the scoring player's figure on one of the places scored (the figure the event is
 * about first), or NULL: a badge goes next to it rather than on the feature's first tile. */
static const struct tkit_area_box *scorer_box(const struct pic *p, const struct tkit_game_event *e,
                                              struct tkit_area_box *out)
{
        const struct tkit_scene_mark *any = NULL;
        for (size_t i = 0; i < p->out.nmarks; i++) {
                const struct tkit_scene_mark *m = &p->out.marks[i];
                if (m->kind != TKIT_MARK_FIGURE || m->player != e->player || m->feature < 0)
                        continue;
                for (size_t k = 0; k < e->nplaces; k++) {
                        const struct tkit_game_place *pl = &e->places[k];
                        if (pl->x != m->cell_x || pl->y != m->cell_y || pl->feature != m->feature)
                                continue;
                        if (!p->o->after && e->figure >= 0 && m->index == e->figure)
                                return mark_box(p, m, out);
                        any = any ? any : m;
                }
        }
        return any ? mark_box(p, any, out) : NULL;
}

/* Whether a box (board coordinates) lies within the cells shown. */
static bool box_shown(const struct pic *p, const struct tkit_area_box *b)
{
        return b->x0 >= p->bx0 && b->y0 >= p->by0 && b->x1 <= p->bx1 + 1 && b->y1 <= p->by1 + 1;
}

/* Whether board point (x, y) lies on the feature scored by `e` as the art draws it (not on a
 * building, a mark of the art or another feature that a badge should leave visible). */
static bool on_scored(struct pic *p, const struct tkit_game_event *e, double x, double y)
{
        struct cell *c = cell_at(p, (int)floor(x), (int)floor(y));
        const struct tkit_area_map *map = c ? cell_map(c) : NULL;
        int f = map ? tkit_area_map_feature(map, x - c->x, y - c->y) : -1;
        for (size_t k = 0; f >= 0 && k < e->nplaces; k++)
                if (e->places[k].x == c->x && e->places[k].y == c->y && e->places[k].feature == f)
                        return true;
        return false;
}

static bool box_on_scored(struct pic *p, const struct tkit_game_event *e,
                          const struct tkit_area_box *b)
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
static bool spot_next_to(struct pic *p, const struct tkit_game_event *e,
                         const struct tkit_area_box *a, double hw, double hh, double *x, double *y)
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
                                struct tkit_area_box b = {bx - hw, by - hh, bx + hw, by + hh};
                                if (!box_shown(p, &b) ||
                                    tkit_area_overlaps(p->boxes, p->nboxes, b) ||
                                    (on && !box_on_scored(p, e, &b)))
                                        continue;
                                *x = bx;
                                *y = by;
                                return true;
                        }
        return false;
}

/* Moves the last box (a badge's) inside the cells shown, so that it never leaves the picture. */
static void keep_inside(struct pic *p)
{
        struct tkit_area_box *b = &p->boxes[p->nboxes - 1];
        double dx = 0, dy = 0;
        if (b->x0 < p->bx0)
                dx = p->bx0 - b->x0;
        else if (b->x1 > p->bx1 + 1)
                dx = p->bx1 + 1 - b->x1;
        if (b->y0 < p->by0)
                dy = p->by0 - b->y0;
        else if (b->y1 > p->by1 + 1)
                dy = p->by1 + 1 - b->y1;
        *b = (struct tkit_area_box){b->x0 + dx, b->y0 + dy, b->x1 + dx, b->y1 + dy};
}

/* Where a score's badge goes: next to `anchor` (the scorer's figure or the castle of a maiden
 * taken back) when there is room, else on the feature's first tile shown. */
static bool place_badge(struct pic *p, const struct tkit_game_event *e,
                        const struct tkit_area_box *anchor, struct tkit_scene_mark *m, double hw,
                        double hh)
{
        double x, y;
        if (anchor && spot_next_to(p, e, anchor, hw, hh, &x, &y)) {
                m->cell_x = (int)floor(x);
                m->cell_y = (int)floor(y);
                add_box(p, x - hw, y - hh, x + hw, y + hh);
                return true;
        }
        for (size_t k = 0; k < e->nplaces; k++) {
                const struct tkit_game_place *pl = &e->places[k];
                struct cell *c = shown_cell(p, pl->x, pl->y) ? cell_at(p, pl->x, pl->y) : NULL;
                if (!c)
                        continue;
                place_on(p, c, pl->feature, hw, hh, m, false);
                keep_inside(p);
                return true;
        }
        if (!anchor)
                return false;
        /* crowded around the anchor and no place on the board: over it, inside the picture */
        x = (anchor->x0 + anchor->x1) / 2;
        y = anchor->y0 - hh;
        m->cell_x = (int)floor(x);
        m->cell_y = (int)floor(y);
        add_box(p, x - hw, y - hh, x + hw, y + hh);
        keep_inside(p);
        return true;
}

/* The box of the token a score of no place is about, or NULL: the castle of a maiden taken back
 * (MAIDEN-TAKE), the barn the move builds (BARN-SCORE, at its corner point, drawn or not). */
static const struct tkit_area_box *token_box(const struct pic *p, const struct tkit_game_event *e,
                                             double (*tok)[2], const bool *tok_ok,
                                             struct tkit_area_box *out)
{
        const struct tkit_scene_move *mv = &p->orig->move;
        if (e->rule == TKIT_GR_BARN_SCORE && mv->build == TKIT_BUILD_BARN) {
                double h = BARN_S / 2;
                *out = (struct tkit_area_box){mv->build_x - h, mv->build_y - h, mv->build_x + h,
                                              mv->build_y + h};
                return out;
        }
        int k = mv->take_maiden;
        if (e->rule != TKIT_GR_MAIDEN_TAKE || k < 0 || (size_t)k >= p->s->ncastles || !tok_ok[k])
                return NULL;
        double h = CASTLE_S / 2;
        *out = (struct tkit_area_box){tok[k][0] - h, tok[k][1] - h * 0.8, tok[k][0] + h,
                                      tok[k][1] + h * 0.8};
        return out;
}

static void place_badges(struct pic *p, double (*tok)[2], const bool *tok_ok)
{
        if (!p->r)
                return;
        for (size_t i = 0; i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                if (e->kind != TKIT_EV_SCORE || e->player < 0)
                        continue;
                char t[24];
                snprintf(t, sizeof t, "%+d", e->points);
                double hw = 0.07 + 0.058 * (double)strlen(t), hh = 0.1;
                struct tkit_area_box a;
                const struct tkit_area_box *anchor = token_box(p, e, tok, tok_ok, &a);
                if (!anchor)
                        anchor = scorer_box(p, e, &a);
                struct tkit_scene_mark *m = add_mark(p, TKIT_MARK_BADGE);
                size_t mi = p->out.nmarks - 1;
                m->player = e->player;
                m->points = e->points;
                if (!place_badge(p, e, anchor, m, hw, hh)) {
                        p->out.nmarks--;
                        continue;
                }
                mark_geometry(p, &p->out.marks[mi]);
        }
}

static void place_callouts(struct pic *p)
{
        for (size_t i = 0; i < p->orig->ncallouts; i++) {
                const struct tkit_scene_callout *co = &p->orig->callouts[i];
                struct cell *c = cell_at(p, co->x, co->y);
                if (!c) {
                        tkit_diags_add(p->d, TKIT_SEV_WARNING, p->file, co->line, NULL, NULL, NULL,
                                       "callout %d: no tile at (%d, %d)", co->number, co->x, co->y);
                        continue;
                }
                int fi = co->feature ? resolve_feature(c->def, c->rot, c->bridge, co->feature) : -1;
                struct tkit_scene_mark *m = add_mark(p, TKIT_MARK_CALLOUT);
                size_t mi = p->out.nmarks - 1;
                m->number = co->number;
                place_on(p, c, fi, 0.09, 0.09, m, false);
                mark_geometry(p, &p->out.marks[mi]);
        }
}

/* ---------------------------------------------------------------- cells shown */

static void focus(const struct pic *p, int x, int y, bool *any, int *b)
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
        (void)p;
}

/* A piece is one unit: shown whole when any of its cells is. Pieces are few (the fortress). */
static void whole_pieces(struct pic *p)
{
        bool grew = true;
        while (grew) {
                grew = false;
                for (size_t i = 0; i < p->ncells; i++) {
                        const struct cell *c = &p->cells[i];
                        if (c->piece < 0 || !shown_cell(p, c->x, c->y))
                                continue;
                        for (size_t k = 0; k < p->ncells; k++) {
                                const struct cell *o = &p->cells[k];
                                if (o->piece != c->piece || shown_cell(p, o->x, o->y))
                                        continue;
                                p->bx0 = o->x < p->bx0 ? o->x : p->bx0;
                                p->by0 = o->y < p->by0 ? o->y : p->by0;
                                p->bx1 = o->x > p->bx1 ? o->x : p->bx1;
                                p->by1 = o->y > p->by1 ? o->y : p->by1;
                                grew = true;
                        }
                }
        }
}

/* Every cell, or (default) the cells around what the move is about, one cell around. */
static void crop(struct pic *p)
{
        int all[4] = {0, 0, 0, 0}, f[4] = {0, 0, 0, 0};
        bool any_all = false, any = false;
        for (size_t i = 0; i < p->ncells; i++)
                focus(p, p->cells[i].x, p->cells[i].y, &any_all, all);
        if (!p->o->full) {
                if (p->placed)
                        focus(p, p->px, p->py, &any, f);
                for (size_t i = 0; i < p->s->nfigures; i++)
                        if (p->s->figures[i].at == TKIT_AT_FEATURE)
                                focus(p, p->s->figures[i].x, p->s->figures[i].y, &any, f);
                for (size_t i = 0; i < p->s->ncastles; i++)
                        focus(p, p->s->castles[i].x, p->s->castles[i].y, &any, f);
                for (size_t i = 0; i < p->s->nbarns; i++)
                        focus(p, p->s->barns[i].x, p->s->barns[i].y, &any, f);
                for (size_t i = 0; i < p->orig->ncallouts; i++)
                        focus(p, p->orig->callouts[i].x, p->orig->callouts[i].y, &any, f);
                for (size_t i = 0; p->r && i < p->r->nevents; i++)
                        for (size_t k = 0; k < p->r->events[i].nplaces; k++)
                                focus(p, p->r->events[i].places[k].x, p->r->events[i].places[k].y,
                                      &any, f);
        }
        if (any) {
                all[0] = f[0] - 1 > all[0] ? f[0] - 1 : all[0];
                all[1] = f[1] - 1 > all[1] ? f[1] - 1 : all[1];
                all[2] = f[2] + 1 < all[2] ? f[2] + 1 : all[2];
                all[3] = f[3] + 1 < all[3] ? f[3] + 1 : all[3];
        }
        p->bx0 = all[0];
        p->by0 = all[1];
        p->bx1 = all[2] < all[0] ? all[0] : all[2];
        p->by1 = all[3] < all[1] ? all[1] : all[3];
        whole_pieces(p);
}

/* ---------------------------------------------------------------- defense posts */

static const struct tkit_post_def *post_def(const struct pic *p, enum tkit_post kind)
{
        int players = (int)p->s->nplayers;
        for (size_t i = 0; i < p->nsets; i++) {
                const struct tkit_set *set = p->sets[i];
                if (!in_play(p, set))
                        continue;
                for (size_t k = 0; k < set->npieces; k++)
                        for (size_t f = 0; f < set->pieces[k].nfaces; f++) {
                                const struct tkit_face *fc = &set->pieces[k].faces[f];
                                bool match = p->s->face ? fc->id && strcmp(fc->id, p->s->face) == 0
                                                        : players >= fc->min_players &&
                                                              (fc->max_players == 0 ||
                                                               players <= fc->max_players);
                                for (size_t q = 0; match && q < fc->nposts; q++)
                                        if (fc->posts[q].kind == kind)
                                                return &fc->posts[q];
                        }
        }
        return NULL;
}

static void post_figure(struct pic *p, cairo_t *cr, int player, double x, double y, double s,
                        bool covered)
{
        int colour = player_colour(p->s, player);
        if (cr) {
                tkit_render_figure(cr, TKIT_FIGURE_MEEPLE, false, colour, p->o->lang, x, y, s);
                return;
        }
        struct tkit_scene_mark *m = add_mark(p, TKIT_MARK_POST);
        m->player = player;
        m->x = x;
        m->y = y;
        m->x0 = x - s / 2;
        m->y0 = y - s / 2;
        m->x1 = x + s / 2;
        m->y1 = y + s / 2;
        tkit_render_figure_probe(TKIT_FIGURE_MEEPLE, false, x, y, s, &m->probe_x, &m->probe_y);
        if (covered) { /* the next one up hides the head: its left arm shows */
                m->probe_x = x - 0.36 * s;
                m->probe_y = y - 0.03 * s;
        }
}

/* The row spaces as printed (plain, dark "3", "5+"), light when they count with the scene's
 * number of players, dark with their label when they do not; the figures standing in them. */
static double post_row_spaces(struct pic *p, cairo_t *cr, const struct tkit_scene_post *sp,
                              const struct tkit_post_def *def, double cx, double top, double s)
{
        int players = (int)p->s->nplayers;
        size_t printed = def ? (size_t)(def->plain + def->dark3 + def->fiveplus) : sp->nrow;
        size_t n = printed > sp->nrow ? printed : sp->nrow;
        for (size_t i = 0; i < n; i++, cx += s * 1.1) {
                const char *label = NULL;
                bool counts = true;
                if (def && i >= (size_t)def->plain && i < printed) {
                        bool three = i < (size_t)(def->plain + def->dark3);
                        label = three ? "3" : "5+";
                        counts = three ? players == 3 : players >= 5;
                }
                if (cr) {
                        tkit_render_post_space(cr, cx, top, s, counts ? NULL : label);
                        if (counts && label) {
                                cairo_set_source_rgb(cr, 0.45, 0.4, 0.35);
                                tkit_render_font(cr, s * 0.3, true);
                                tkit_render_text_center(cr, cx + s * 0.8, top + s * 0.32, label);
                        }
                        if (i >= printed) { /* beyond the spaces the face prints */
                                cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
                                cairo_set_line_width(cr, s * 0.06);
                                cairo_rectangle(cr, cx, top, s, s);
                                cairo_stroke(cr);
                        }
                }
                if (i < sp->nrow && sp->row[i] >= 0)
                        post_figure(p, cr, sp->row[i], cx + s / 2, top + s / 2, s * 0.88, false);
        }
        return cx;
}

static void post_row(struct pic *p, cairo_t *cr, const struct tkit_scene_post *sp, double x,
                     double y, double h)
{
        const struct tkit_post_def *def = post_def(p, sp->kind);
        double s = h * 0.8, top = y + (h - s) / 2;
        if (cr)
                tkit_render_post_symbol(cr, sp->kind, x + h / 2, y + h / 2, h * 0.42);
        double cx = post_row_spaces(p, cr, sp, def, x + h * 1.15, top, s) + s * 0.4;
        /* the meeple space: the stack bottom to top, a count when it is tall */
        if (cr)
                tkit_render_post_space(cr, cx, top, s, NULL);
        size_t shown = sp->nstack > 3 ? 3 : sp->nstack;
        for (size_t i = 0; i < shown; i++) /* a fan up and to the right, bottom first */
                post_figure(p, cr, sp->stack[sp->nstack - shown + i],
                            cx + s / 2 + (double)i * s * 0.3, top + s / 2 - (double)i * s * 0.25,
                            s * 0.88, i + 1 < shown);
        double fan = shown > 1 ? (double)(shown - 1) * s * 0.3 : 0;
        if (cr && sp->nstack > 3) {
                char t[24];
                snprintf(t, sizeof t, "\xc3\x97%zu", sp->nstack);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, s * 0.45, true);
                cairo_move_to(cr, cx + s * 1.05 + fan, top + s * 0.95);
                cairo_show_text(cr, t);
                cairo_new_path(cr);
        }
        cx += fan + s * (sp->nstack > 3 ? 2.0 : 1.3);
        if (!cr)
                return;
        tkit_render_catapult_space(cr, cx, top, s, sp->catapult);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tkit_render_font(cr, h * 0.34, false);
        cairo_move_to(cr, cx + s * 1.3, top + s * 0.65);
        cairo_show_text(cr, tkit_text_post(pic_lang(p), sp->kind));
        cairo_new_path(cr);
}

static double post_h(const struct pic *p)
{
        return p->P * 0.3 > 16 ? p->P * 0.3 : 16;
}

static void draw_posts(struct pic *p, cairo_t *cr)
{
        double h = post_h(p);
        for (size_t i = 0; i < p->s->nposts; i++)
                post_row(p, cr, &p->s->posts[i], p->tx, p->posts_y + (double)i * h * 1.15, h);
}

/* ---------------------------------------------------------------- caption and legend */

struct line {
        char *text;
        double size;
        bool bold;
        int colour;  /* a swatch in this player colour before the text, or -1 */
        int number;  /* a callout number before the text, or 0 */
        bool indent; /* a legend line: its text after the room of a swatch, with or without one */
        bool bullet; /* the first line of a legend line about no player: a grey dot for a swatch */
};
struct lines {
        struct line *v;
        size_t n, cap;
};

/* Appends `text` broken into lines of at most `maxw` at spaces; the swatch on the first. */
static void wrap(cairo_t *cr, struct lines *L, const char *text, double size, bool bold,
                 double maxw, int colour, int number, bool legend)
{
        tkit_render_font(cr, size, bold);
        const char *s = text;
        bool first = true;
        while (*s) {
                size_t best = 0, n = strlen(s);
                for (size_t i = 1; i <= n; i++) {
                        if (i < n && s[i] != ' ')
                                continue;
                        char *pre = tkit_xstrndup(s, i);
                        cairo_text_extents_t ex;
                        cairo_text_extents(cr, pre, &ex);
                        free(pre);
                        if (ex.x_advance > maxw && best)
                                break;
                        best = i;
                }
                struct line *l = TKIT_PUSH(L->v, L->n, L->cap);
                *l = (struct line){.text = tkit_xstrndup(s, best),
                                   .size = size,
                                   .bold = bold,
                                   .colour = first ? colour : -1,
                                   .number = first ? number : 0,
                                   .indent = legend,
                                   .bullet = legend && first && colour < 0 && !number};
                first = false;
                s += best;
                while (*s == ' ')
                        s++;
        }
}

static double text_size(const struct pic *p, double k, double min)
{
        return p->P * k > min ? p->P * k : min;
}

/* The caption, the players, one sentence per event of the engine (text/tkit-text.h: the words
 * `tilekit score --lang` prints), the callouts. */
static void build_text(struct pic *p, cairo_t *cr, struct lines *L, double maxw)
{
        enum tkit_lang lang = pic_lang(p);
        double cs = text_size(p, 0.1, 9), ls = text_size(p, 0.085, 8), ind = ls * 1.6;
        const char *cap = tkit_text_caption(p->orig, lang);
        if (cap)
                wrap(cr, L, cap, cs, true, maxw, -1, 0, false);
        char *players = tkit_text_players_line(p->orig, lang);
        if (players)
                wrap(cr, L, players, ls, false, maxw, -1, 0, false);
        free(players);
        for (size_t i = 0; p->r && i < p->r->nevents; i++) {
                char *t = tkit_text_event(p->orig, &p->r->events[i], lang);
                wrap(cr, L, t, ls, false, maxw - ind,
                     player_colour(p->orig, p->r->events[i].player), 0, true);
                free(t);
        }
        for (size_t i = 0; i < p->orig->ncallouts; i++) {
                const struct tkit_scene_callout *co = &p->orig->callouts[i];
                const char *t = tkit_text_callout(co, lang);
                if (t)
                        wrap(cr, L, t, ls, false, maxw - ind, -1, co->number, true);
        }
}

static double lines_height(const struct lines *L)
{
        double h = 0;
        for (size_t i = 0; i < L->n; i++)
                h += L->v[i].size * 1.35;
        return h;
}

static void callout_disc(cairo_t *cr, double x, double y, double r, int number)
{
        cairo_new_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cairo_set_line_width(cr, r * 0.18);
        cairo_stroke(cr);
        char t[16];
        snprintf(t, sizeof t, "%d", number);
        tkit_render_font(cr, r * (number > 9 ? 1.0 : 1.3), true);
        tkit_render_text_center(cr, x, y + r * 0.45, t);
}

static void draw_text(struct pic *p, cairo_t *cr, const struct lines *L)
{
        double y = p->text_y, x = p->tx;
        for (size_t i = 0; i < L->n; i++) {
                const struct line *l = &L->v[i];
                y += l->size * 1.35;
                double ind = l->indent ? l->size * 1.6 : 0;
                if (l->colour >= 0)
                        tkit_render_figure(cr, TKIT_FIGURE_MEEPLE, false, l->colour, p->o->lang,
                                           x + l->size * 0.6, y - l->size * 0.4, l->size * 1.15);
                if (l->bullet) {
                        cairo_new_path(cr);
                        cairo_arc(cr, x + l->size * 0.6, y - l->size * 0.35, l->size * 0.2, 0,
                                  2 * M_PI);
                        cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
                        cairo_fill(cr);
                }
                if (l->number)
                        callout_disc(cr, x + l->size * 0.6, y - l->size * 0.35, l->size * 0.6,
                                     l->number);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, l->size, l->bold);
                cairo_move_to(cr, x + ind, y);
                cairo_show_text(cr, l->text);
                cairo_new_path(cr);
        }
}

static void lines_free(struct lines *L)
{
        for (size_t i = 0; i < L->n; i++)
                free(L->v[i].text);
        free(L->v);
}

/* ---------------------------------------------------------------- the picture */

static void geometry(struct pic *p, cairo_t *mcr, struct lines *L)
{
        double P = p->P, m = P * 0.2 > 6 ? P * 0.2 : 6, band = p->o->coords ? P * 0.3 : 0;
        double bw = (p->bx1 - p->bx0 + 1) * P, bh = (p->by1 - p->by0 + 1) * P;
        double h = post_h(p), postw = 0;
        for (size_t i = 0; i < p->s->nposts; i++) {
                /* the post's name in the picture's language, as post_row draws it */
                cairo_text_extents_t ex;
                tkit_render_font(mcr, h * 0.34, false);
                cairo_text_extents(mcr, tkit_text_post(pic_lang(p), p->s->posts[i].kind), &ex);
                double name = ex.x_advance + h * 0.8 > h * 4 ? ex.x_advance + h * 0.8 : h * 4;
                double w = h * (1.15 + 0.88 * ((double)p->s->posts[i].nrow + 6)) + name;
                postw = w > postw ? w : postw;
        }
        double minw = P * 3.6 > 260 ? P * 3.6 : 260;
        p->W = 2 * m + band + bw;
        p->W = p->W > minw ? p->W : minw;
        p->W = p->W > postw + 2 * m ? p->W : postw + 2 * m;
        p->ox = m + band + (p->W - 2 * m - band - bw) / 2;
        p->oy = m + band;
        p->tx = m;
        p->posts_y = p->oy + bh + (p->s->nposts ? P * 0.25 : 0);
        p->text_y = p->posts_y + (double)p->s->nposts * h * 1.15 + P * 0.05;
        if (p->o->caption)
                build_text(p, mcr, L, p->W - 2 * m);
        p->H = p->text_y + lines_height(L) + m;
        p->out.width = p->W;
        p->out.height = p->H;
}

/* The outer edges of each piece, as one unit (the seams inside stay as the art has them). */
static void piece_outlines(struct pic *p, cairo_t *cr)
{
        cairo_set_source_rgb(cr, 0.2, 0.15, 0.1);
        cairo_set_line_width(cr, p->P * 0.025);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
        for (size_t i = 0; i < p->ncells; i++) {
                const struct cell *c = &p->cells[i];
                if (c->piece < 0 || !shown_cell(p, c->x, c->y))
                        continue;
                for (int s = 0; s < 4; s++) {
                        int dx = (s == 1) - (s == 3), dy = (s == 2) - (s == 0);
                        const struct cell *n = cell_at(p, c->x + dx, c->y + dy);
                        if (n && n->piece == c->piece)
                                continue;
                        double x0 = c->x + (s == 1), y0 = c->y + (s == 2);
                        cairo_move_to(cr, pic_x(p, x0), pic_y(p, y0));
                        cairo_line_to(cr, pic_x(p, x0 + (s == 0 || s == 2)),
                                      pic_y(p, y0 + (s == 1 || s == 3)));
                }
        }
        cairo_stroke(cr);
}

static void draw_tiles(struct pic *p, cairo_t *cr)
{
        for (size_t i = 0; i < p->ncells; i++) {
                const struct cell *c = &p->cells[i];
                if (!shown_cell(p, c->x, c->y))
                        continue;
                double x = pic_x(p, c->x), y = pic_y(p, c->y);
                if (!c->def) {
                        tkit_render_unresolved(cr, x, y, p->P, c->id);
                        continue;
                }
                tkit_render_tile(cr, c->def, c->rot, x, y, p->P, 0,
                                 p->o->flags | TKIT_RENDER_NO_MARKER |
                                     (c->piece < 0 ? TKIT_RENDER_FRAME : 0));
                if (c->bridge)
                        tkit_render_bridge_deck(cr, x, y, p->P, c->bridge);
        }
        piece_outlines(p, cr);
}

static void set_player(cairo_t *cr, const struct pic *p, int player, double alpha)
{
        uint32_t rgb = tkit_render_player_rgb(player_colour(p->s, player));
        cairo_set_source_rgba(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                              (rgb & 0xff) / 255.0, alpha);
}

/* A light wash of the player's colour with bold diagonal stripes over the current clip (tile
 * units scaled to area pixels): a scored feature reads as marked, not as water, and still does
 * in greyscale. Drawn directly: a group as the source of a mask leaks in cairo 1.16's SVG. */
static void hatch(const struct pic *p, cairo_t *cr, int player)
{
        set_player(cr, p, player, 0.3);
        cairo_paint(cr);
        double step = TKIT_AREA_W * 0.07;
        for (double k = -TKIT_AREA_W; k < TKIT_AREA_W; k += step) {
                cairo_move_to(cr, k, TKIT_AREA_W);
                cairo_line_to(cr, k + TKIT_AREA_W, 0);
        }
        set_player(cr, p, player, 0.75);
        cairo_set_line_width(cr, step * 0.3);
        cairo_stroke(cr);
}

/* A bridge's deck is no feature of the tile: the place of a road's bridge hatches the deck. */
static void hatch_bridge(const struct pic *p, cairo_t *cr, const struct cell *c, int player)
{
        double k = TKIT_AREA_W, w = 0.1 * k;
        cairo_save(cr);
        cairo_translate(cr, pic_x(p, c->x), pic_y(p, c->y));
        cairo_scale(cr, p->P / k, p->P / k);
        if (c->bridge == 2) /* EW */
                cairo_rectangle(cr, 0, k / 2 - w / 2, k, w);
        else
                cairo_rectangle(cr, k / 2 - w / 2, 0, w, k);
        cairo_clip(cr);
        hatch(p, cr, player);
        cairo_restore(cr);
}

/* The scored features in the scorer's colour, through the feature's area on each tile. */
static void draw_tints(struct pic *p, cairo_t *cr)
{
        for (size_t i = 0; p->r && i < p->r->nevents; i++) {
                const struct tkit_game_event *e = &p->r->events[i];
                if (e->kind != TKIT_EV_SCORE || e->player < 0)
                        continue;
                for (size_t k = 0; k < e->nplaces; k++) {
                        const struct tkit_game_place *pl = &e->places[k];
                        struct cell *c = cell_at(p, pl->x, pl->y);
                        if (c && pl->feature < 0 && c->bridge && shown_cell(p, c->x, c->y))
                                hatch_bridge(p, cr, c, e->player);
                        if (!c || pl->feature < 0 || !shown_cell(p, c->x, c->y) || !cell_map(c))
                                continue;
                        uint32_t rgb = tkit_render_player_rgb(player_colour(p->s, e->player));
                        cairo_surface_t *tint = tkit_area_hatch(c->map, pl->feature, rgb);
                        cairo_save(cr);
                        cairo_rectangle(cr, pic_x(p, c->x), pic_y(p, c->y), p->P, p->P);
                        cairo_clip(cr);
                        cairo_translate(cr, pic_x(p, c->x), pic_y(p, c->y));
                        cairo_scale(cr, p->P / TKIT_AREA_W, p->P / TKIT_AREA_W);
                        cairo_set_source_surface(cr, tint, 0, 0);
                        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
                        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
                        cairo_paint(cr);
                        cairo_restore(cr);
                        cairo_surface_destroy(tint);
                }
        }
}

static void draw_placed_outline(const struct pic *p, cairo_t *cr)
{
        if (!p->placed || !shown_cell(p, p->px, p->py))
                return;
        double x = pic_x(p, p->px), y = pic_y(p, p->py), P = p->P;
        cairo_rectangle(cr, x + P * 0.025, y + P * 0.025, P * 0.95, P * 0.95);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, P * 0.05);
        cairo_stroke(cr);
        cairo_rectangle(cr, x, y, P, P);
        cairo_rectangle(cr, x + P * 0.05, y + P * 0.05, P * 0.9, P * 0.9);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        cairo_set_line_width(cr, P * 0.012);
        cairo_stroke(cr);
}

static void draw_badge(const struct pic *p, cairo_t *cr, const struct tkit_scene_mark *m)
{
        double r = (m->y1 - m->y0) / 2;
        cairo_new_path(cr);
        cairo_arc(cr, m->x0 + r, m->y0 + r, r, M_PI / 2, 3 * M_PI / 2);
        cairo_arc(cr, m->x1 - r, m->y0 + r, r, -M_PI / 2, M_PI / 2);
        cairo_close_path(cr);
        set_player(cr, p, m->player, 1);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.08, 0.07, 0.06);
        cairo_set_line_width(cr, r * 0.2);
        cairo_stroke(cr);
        int c = player_colour(p->s, m->player);
        bool dark_text = c == TKIT_COLOUR_YELLOW || c == TKIT_COLOUR_GREY || c == TKIT_COLOUR_PINK;
        cairo_set_source_rgb(cr, dark_text ? 0.08 : 1, dark_text ? 0.07 : 1, dark_text ? 0.06 : 1);
        char t[24];
        snprintf(t, sizeof t, "%+d", m->points);
        tkit_render_font(cr, r * 1.3, true);
        tkit_render_text_center(cr, m->x, m->y + r * 0.45, t);
}

/* A figure the move removes: a red disc with a white cross on its box's top right corner. */
static void cross_out(cairo_t *cr, const struct tkit_scene_mark *m)
{
        double r = (m->x1 - m->x0) * 0.17, x = m->x1 - r * 0.6, y = m->y0 + r * 0.6;
        cairo_new_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.85, 0.05, 0.05);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, r * 0.18);
        cairo_stroke(cr);
        double k = r * 0.45;
        cairo_move_to(cr, x - k, y - k);
        cairo_line_to(cr, x + k, y + k);
        cairo_move_to(cr, x + k, y - k);
        cairo_line_to(cr, x - k, y + k);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_width(cr, r * 0.3);
        cairo_stroke(cr);
}

static void draw_marks(struct pic *p, cairo_t *cr)
{
        size_t tok = 0;
        for (size_t i = 0; i < p->out.nmarks; i++) {
                const struct tkit_scene_mark *m = &p->out.marks[i];
                switch (m->kind) {
                case TKIT_MARK_TOKEN:
                        if (tok < p->s->ncastles)
                                tkit_render_castle(cr, m->x, m->y, CASTLE_S * p->P);
                        else
                                tkit_render_barn(cr, m->x, m->y, BARN_S * p->P);
                        tok++;
                        break;
                case TKIT_MARK_FIGURE:
                        tkit_render_figure(cr, m->figure, m->lying, player_colour(p->s, m->player),
                                           p->o->lang, m->x, m->y,
                                           tkit_render_figure_size(m->figure) * p->P);
                        if (m->removed)
                                cross_out(cr, m);
                        break;
                case TKIT_MARK_BADGE:
                        draw_badge(p, cr, m);
                        break;
                case TKIT_MARK_CALLOUT:
                        callout_disc(cr, m->x, m->y, (m->x1 - m->x0) / 2, m->number);
                        break;
                default:
                        break;
                }
        }
}

static void draw_coords(const struct pic *p, cairo_t *cr)
{
        double fs = p->P * 0.16 < 7 ? 7 : p->P * 0.16;
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        tkit_render_font(cr, fs, false);
        char buf[24];
        for (int x = p->bx0; x <= p->bx1; x++) {
                snprintf(buf, sizeof buf, "%d", x);
                tkit_render_text_center(cr, pic_x(p, x + 0.5), p->oy - fs * 0.5, buf);
        }
        for (int y = p->by0; y <= p->by1; y++) {
                snprintf(buf, sizeof buf, "%d", y);
                cairo_text_extents_t ex;
                cairo_text_extents(cr, buf, &ex);
                cairo_move_to(cr, p->ox - ex.x_advance - fs * 0.4, pic_y(p, y + 0.5) + fs * 0.35);
                cairo_show_text(cr, buf);
                cairo_new_path(cr);
        }
}

static void draw(struct pic *p, cairo_t *cr, const struct lines *L, bool paint_bg)
{
        if (paint_bg) {
                cairo_set_source_rgb(cr, 0.98, 0.97, 0.94);
                cairo_paint(cr);
        }
        draw_tiles(p, cr);
        draw_tints(p, cr);
        draw_placed_outline(p, cr);
        draw_marks(p, cr);
        if (p->o->coords)
                draw_coords(p, cr);
        draw_posts(p, cr);
        draw_text(p, cr, L);
}

static void pic_finish(struct pic *p)
{
        for (size_t i = 0; i < p->ncells; i++)
                tkit_area_map_destroy(p->cells[i].map);
        free(p->cells);
        free(p->boxes);
        tkit_scene_picture_finish(&p->out);
}

/* Cells, crop, and every mark, for the state drawn. */
static void plan(struct pic *p)
{
        const struct tkit_scene_move *mv = &p->orig->move;
        for (size_t i = 0; i < p->s->ntiles; i++)
                add_scene_tile(p, &p->s->tiles[i], (int)i);
        if (mv->kind == TKIT_MOVE_TILE && !mv->discarded && mv->placed.tile) {
                if (!p->o->after)
                        add_scene_tile(p, &mv->placed, -1);
                p->placed = true;
                p->px = mv->placed.x;
                p->py = mv->placed.y;
        }
        sort_cells(p);
        crop(p);
}

static void place_all(struct pic *p)
{
        size_t ntok = p->s->ncastles + p->s->nbarns;
        double(*tok)[2] = tkit_xcalloc(ntok + 1, sizeof *tok);
        bool *ok = tkit_xcalloc(ntok + 1, sizeof *ok);
        place_tokens(p, tok, ok);
        place_figures(p, tok, ok);
        place_badges(p, tok, ok);
        place_callouts(p);
        draw_posts(p, NULL);
        free(tok);
        free(ok);
}

/* Appends `t` to `b` escaped for XML text. */
static void xml_text(struct tkit_buf *b, const char *t)
{
        for (; *t; t++) {
                switch (*t) {
                case '&':
                        tkit_buf_puts(b, "&amp;");
                        break;
                case '<':
                        tkit_buf_puts(b, "&lt;");
                        break;
                case '>':
                        tkit_buf_puts(b, "&gt;");
                        break;
                default:
                        tkit_buf_add(b, t, 1);
                        break;
                }
        }
}

/* cairo draws text in SVG as glyph shapes: the caption and the legend also go in as the
 * picture's <title> and <desc>, after the opening <svg> tag, for search and screen readers. */
static int svg_with_text(const char *svg, size_t len, const struct lines *L, FILE *f,
                         const char *path, struct tkit_diags *d)
{
        const char *open = strstr(svg, "<svg");
        const char *end = open ? strchr(open, '>') : NULL;
        size_t head = end ? (size_t)(end + 1 - svg) : 0;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_add(&b, svg, head);
        for (size_t i = 0; head && i < L->n; i++) {
                tkit_buf_puts(&b, i == 0 ? "\n<title>" : i == 1 ? "</title>\n<desc>" : "\n");
                xml_text(&b, L->v[i].text);
        }
        if (head && L->n)
                tkit_buf_puts(&b, L->n > 1 ? "</desc>" : "</title>");
        tkit_buf_add(&b, svg + head, len - head);
        int rc = 0;
        if (fwrite(b.data, 1, b.len, f) != b.len) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "cannot write: %s",
                               strerror(errno ? errno : EIO));
                rc = TKIT_E_IO;
        }
        tkit_buf_finish(&b);
        return rc;
}

/* PNG through render/png.c's faster writer. */
static int write_png(struct pic *p, const struct lines *L, FILE *f, const char *path)
{
        cairo_surface_t *s =
            cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(p->W + 0.5), (int)(p->H + 0.5));
        if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
                tkit_diags_add(p->d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "cannot make the picture: %s",
                               cairo_status_to_string(cairo_surface_status(s)));
                cairo_surface_destroy(s);
                return TKIT_E_IO;
        }
        cairo_t *cr = tkit_render_create(s);
        draw(p, cr, L, !p->o->transparent);
        cairo_destroy(cr);
        int rc = tkit_render_png_write(s, f, path, p->d);
        cairo_surface_destroy(s);
        return rc;
}

static int write_picture(struct pic *p, const struct lines *L, FILE *f, const char *path,
                         enum tkit_image_format fmt)
{
        if (fmt == TKIT_IMAGE_AUTO)
                fmt = tkit_image_format_from_path(path);
        if (fmt == TKIT_IMAGE_PNG)
                return write_png(p, L, f, path);
        struct tkit_render_mem m = {0};
        if (fmt == TKIT_IMAGE_SVG)
                tkit_render_mem_open(&m);
        struct render_out out;
        int rc = tkit_render_out_open(&out, m.f ? m.f : f, path, fmt, p->W, p->H, p->d);
        if (rc) {
                if (m.f)
                        fclose(m.f);
                free(m.data);
                return rc;
        }
        if (fmt == TKIT_IMAGE_PDF && L->n)
                cairo_pdf_surface_set_metadata(out.surface, CAIRO_PDF_METADATA_TITLE, L->v[0].text);
        cairo_t *cr = tkit_render_create(out.surface);
        draw(p, cr, L, true);
        cairo_destroy(cr);
        rc = tkit_render_out_close(&out, p->d);
        if (m.f) {
                if (fclose(m.f) != 0)
                        abort(); /* a memory stream fails only for lack of memory */
                if (!rc)
                        rc = svg_with_text(m.data, m.len, L, f, path, p->d);
                free(m.data);
        }
        return rc;
}

static int check_options(const struct tkit_scene_render_options *o,
                         const struct tkit_game_result *r, const char *path, struct tkit_diags *d)
{
        if (!(o->px >= 8 && o->px <= 2048)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "tile size %.1f out of range 8..2048", o->px);
                return TKIT_E_USAGE;
        }
        if (tkit_lang_parse(o->lang) < 0) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "unknown language '%s': use one of %s", o->lang ? o->lang : "",
                               tkit_lang_choices());
                return TKIT_E_USAGE;
        }
        if (o->after && (!r || !r->after)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "the state after the move needs the engine's result");
                return TKIT_E_USAGE;
        }
        return 0;
}

int tkit_render_scene(const struct tkit_scene *scene, const struct tkit_game_result *r,
                      struct tkit_set *const *sets, size_t nsets,
                      const struct tkit_scene_render_options *o, const char *path,
                      enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                      struct tkit_diags *d)
{
        struct tkit_render_mem m;
        tkit_render_mem_open(&m);
        int rc = tkit_render_scene_stream(scene, r, sets, nsets, o, m.f, path, fmt, pic, d);
        return tkit_render_mem_save(&m, path, rc, d);
}

/* The picture into `cr` when it is not NULL, else into `f` as `fmt`. */
static int scene_out(const struct tkit_scene *scene, const struct tkit_game_result *r,
                     struct tkit_set *const *sets, size_t nsets,
                     const struct tkit_scene_render_options *o, cairo_t *cr, FILE *f,
                     const char *path, enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                     struct tkit_diags *d)
{
        struct tkit_scene_render_options defaults;
        if (!o) {
                tkit_scene_render_options_init(&defaults);
                o = &defaults;
        }
        int rc = check_options(o, r, path, d);
        if (rc)
                return rc;
        /* a picture in another language prints the scene's texts in it, never English instead */
        int lang = tkit_lang_parse(o->lang);
        if (o->caption && lang != TKIT_LANG_EN && tkit_text_check_scene(scene, lang, d))
                return TKIT_E_INVALID;
        struct pic p = {.orig = scene,
                        .s = o->after ? r->after : scene,
                        .r = r,
                        .sets = sets,
                        .nsets = nsets,
                        .o = o,
                        .d = d,
                        .file = scene->file,
                        .P = o->px};
        plan(&p);
        struct lines L = {0};
        cairo_surface_t *ms = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *mcr = tkit_render_create(ms);
        geometry(&p, mcr, &L);
        cairo_destroy(mcr);
        cairo_surface_destroy(ms);
        place_all(&p);
        if (p.W > TKIT_BOARD_MAX_PX || p.H > TKIT_BOARD_MAX_PX) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                               "the picture would be %.0f x %.0f, more than %d: use a smaller "
                               "tile size",
                               p.W, p.H, TKIT_BOARD_MAX_PX);
                rc = TKIT_E_USAGE;
                goto out;
        }
        if (cr) { /* the caller's page: the background stays inside the picture's box */
                cairo_rectangle(cr, 0, 0, p.W, p.H);
                cairo_clip(cr);
                draw(&p, cr, &L, true);
        } else {
                rc = write_picture(&p, &L, f, path, fmt);
        }
out:
        lines_free(&L);
        if (pic && !rc) {
                *pic = p.out;
                memset(&p.out, 0, sizeof p.out);
        }
        pic_finish(&p);
        return rc;
}

int tkit_render_scene_stream(const struct tkit_scene *scene, const struct tkit_game_result *r,
                             struct tkit_set *const *sets, size_t nsets,
                             const struct tkit_scene_render_options *o, FILE *f, const char *path,
                             enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                             struct tkit_diags *d)
{
        return scene_out(scene, r, sets, nsets, o, NULL, f, path, fmt, pic, d);
}

int tkit_render_scene_cairo(cairo_t *cr, const struct tkit_scene *scene,
                            const struct tkit_game_result *r, struct tkit_set *const *sets,
                            size_t nsets, const struct tkit_scene_render_options *o,
                            struct tkit_scene_picture *pic, struct tkit_diags *d)
{
        cairo_save(cr);
        int rc =
            scene_out(scene, r, sets, nsets, o, cr, NULL, scene->file, TKIT_IMAGE_AUTO, pic, d);
        cairo_restore(cr);
        return rc;
}

/* ---------------------------------------------------------------- figures on a board */

void tkit_render_scene_overlay(cairo_t *cr, const struct tkit_scene *scene,
                               const struct tkit_layout *l, double ox, double oy, int minx,
                               int miny, double P, struct tkit_diags *d)
{
        struct tkit_scene_render_options o;
        tkit_scene_render_options_init(&o);
        o.full = true;
        struct pic p = {.orig = scene,
                        .s = scene,
                        .o = &o,
                        .d = d,
                        .file = scene->file,
                        .P = P,
                        .ox = ox,
                        .oy = oy};
        struct tkit_layout_cell cells[MAX_PIECE_CELLS];
        for (size_t i = 0; i < l->nplacements; i++) {
                size_t n = tkit_placement_cells(&l->placements[i], cells, MAX_PIECE_CELLS);
                for (size_t k = 0; k < n && k < MAX_PIECE_CELLS; k++)
                        add_cell(&p, cells[k].x, cells[k].y, cells[k].def, l->placements[i].tile,
                                 cells[k].rotation / 90, (int)cells[k].bridge, -1);
        }
        sort_cells(&p);
        crop(&p);
        p.bx0 = minx;
        p.by0 = miny;
        place_all(&p);
        draw_marks(&p, cr);
        pic_finish(&p);
}
