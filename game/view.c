/* One moment of a scene as the engine resolves it (game/tkit-game.h, struct tkit_game_view), the
 * one answer that pictures, legends and pages read. Before the move: the scene as given. After:
 * the engine's state. The move shown: a copy of the scene with what the move does put in place
 * from the engine's events — the figure placed on its tile, a castle or barn built and the figure
 * that moves onto it, the meeple of a post bonus in the row space the engine gave it or on the
 * meeple space, a catapult advanced — each thing it adds marked as new; what leaves the board
 * (removed by an attack, back to the supply), the figures a player must choose among, and each
 * refused action (a barn or castle that cannot be built, no catapult left) with its callout
 * number after the scene's own callouts. */
#include "game-private.h"

#include <stdlib.h>
#include <string.h>

const char *tkit_scene_state_name(enum tkit_scene_state s)
{
        static const char *const names[] = {"during", "before", "after"};
        return (unsigned)s < 3 ? names[s] : "?";
}

int tkit_scene_state_parse(const char *s)
{
        for (int i = 0; s && i < 3; i++)
                if (strcmp(s, tkit_scene_state_name((enum tkit_scene_state)i)) == 0)
                        return i;
        return -1;
}

/* A refused action (game/tkit-event.h: a castle or barn not built, an escape refused, no
 * catapult left to advance). */
static bool refused(const struct tkit_game_event *e)
{
        return e->kind == TKIT_EV_REFUSE;
}

static struct tkit_scene_post *post_of(struct tkit_scene *s, enum tkit_post kind)
{
        for (size_t i = 0; i < s->nposts; i++)
                if (s->posts[i].kind == kind)
                        return &s->posts[i];
        return tkit_scene_add_post(s, kind);
}

static void bonus(struct tkit_game_view *v, struct tkit_scene *s, const struct tkit_game_event *e)
{
        if ((unsigned)e->post >= TKIT_POST_ANY)
                return;
        struct tkit_view_post *pm = &v->post[e->post];
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

static void refusal(struct tkit_game_view *v, size_t i, int *number)
{
        const struct tkit_game_event *e = &v->r->events[i];
        const struct tkit_scene_move *mv = &v->orig->move;
        struct tkit_view_refusal *f = TKIT_PUSH(v->refusals, v->nrefusals, v->caprefusals);
        *f = (struct tkit_view_refusal){.event = i,
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
                v->post[e->post].refused = f->number;
                v->post[e->post].concerned = true;
        }
}

/* The figure the move places, drawn on its tile; its index among the state's figures. */
static int placed_figure(struct tkit_game_view *v, struct tkit_scene *s)
{
        const struct tkit_scene_move *mv = &v->orig->move;
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
static void build(struct tkit_game_view *v, struct tkit_scene *s, const struct tkit_game_event *e, int *castle,
                  int *barn)
{
        const struct tkit_scene_move *mv = &v->orig->move;
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
                v->built_bridge = 1;
        }
}

/* A figure that becomes a maiden on the castle built, or a farmer moving onto the barn built. */
static void convert(struct tkit_game_view *v, struct tkit_scene *s, const struct tkit_game_event *e,
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
        (void)v;
}

static void during(struct tkit_game_view *v)
{
        struct tkit_scene *s = tkit_scene_copy(v->orig);
        v->own = s;
        int placed = placed_figure(v, s), castle = -1, barn = -1, number = 1;
        for (size_t i = 0; i < v->orig->ncallouts; i++)
                if (v->orig->callouts[i].number >= number)
                        number = v->orig->callouts[i].number + 1;
        bool *moved = tkit_xcalloc(s->nfigures + 1, sizeof *moved);
        for (size_t i = 0; v->r && i < v->r->nevents; i++) {
                const struct tkit_game_event *e = &v->r->events[i];
                build(v, s, e, &castle, &barn);
                convert(v, s, e, castle, barn, placed, moved);
                if (e->kind == TKIT_EV_POST)
                        bonus(v, s, e);
                if (e->kind == TKIT_EV_ADVANCE && (unsigned)e->post < TKIT_POST_ANY) {
                        post_of(s, (enum tkit_post)e->post)->catapult = true;
                        v->post[e->post].catapult = true;
                        v->post[e->post].symbol = e->symbol;
                }
                if (refused(e))
                        refusal(v, i, &number);
        }
        v->s = s;
        v->fig_new = tkit_xcalloc(s->nfigures + 1, sizeof *v->fig_new);
        v->fig_index = tkit_xcalloc(s->nfigures + 1, sizeof *v->fig_index);
        for (size_t i = 0; i < s->nfigures; i++) {
                v->fig_new[i] = moved[i] || (int)i == placed;
                v->fig_index[i] = i < v->orig->nfigures ? (int)i : -1;
        }
        v->fig_moved = moved;
        v->tok_new = tkit_xcalloc(s->ncastles + s->nbarns + 1, sizeof *v->tok_new);
        if (castle >= 0)
                v->tok_new[castle] = true;
        if (barn >= 0)
                v->tok_new[s->ncastles + (size_t)barn] = true;
}

/* ---------------------------------------------------------------- what leaves the board */

/* What leaves the board in the move shown, from the events once (O(figures + events)): the
 * figures an attack removes and those that go back (the one the move places is named by no index:
 * its return is about a place of the board and no post), each player's meeples of a post going
 * back, the catapults removed. */
static void leaving(struct tkit_game_view *v)
{
        size_t nf = v->s->nfigures, np = v->s->nplayers;
        v->fig_removed = tkit_xcalloc(nf + 1, sizeof *v->fig_removed);
        v->fig_returned = tkit_xcalloc(nf + 1, sizeof *v->fig_returned);
        v->fig_choice = tkit_xcalloc(nf + 1, sizeof *v->fig_choice);
        v->post_back = tkit_xcalloc(TKIT_POST_COUNT * np + 1, sizeof *v->post_back);
        memset(v->catapult_off, 0, sizeof v->catapult_off);
        if (!v->r || v->state != TKIT_SCENE_DURING)
                return;
        size_t placed = nf; /* the state's figure the move places, if any */
        for (size_t i = 0; i < nf; i++)
                placed = v->fig_index[i] < 0 ? i : placed;
        for (size_t i = 0; i < v->r->nevents; i++) {
                const struct tkit_game_event *e = &v->r->events[i];
                bool post = (unsigned)e->post < TKIT_POST_COUNT;
                if (e->kind == TKIT_EV_CATAPULT_OFF && post)
                        v->catapult_off[e->post] = true;
                if (e->kind == TKIT_EV_RETURN && post && (size_t)e->player < np)
                        v->post_back[(size_t)e->post * np + (size_t)e->player] = true;
                for (size_t k = 0; e->kind == TKIT_EV_CHOICE && k < e->nchoices; k++) {
                        size_t f = e->choices[k] >= 0 ? (size_t)e->choices[k] : placed;
                        if (f < nf && (e->choices[k] < 0 || v->fig_index[f] == e->choices[k]))
                                v->fig_choice[f] = true;
                }
                if ((e->kind != TKIT_EV_RETURN && e->kind != TKIT_EV_REMOVE) || post)
                        continue;
                size_t f = e->figure >= 0 ? (size_t)e->figure : e->nplaces ? placed : nf;
                if (f >= nf || (e->figure >= 0 && v->fig_index[f] != e->figure))
                        continue;
                if (e->kind == TKIT_EV_REMOVE)
                        v->fig_removed[f] = true;
                else
                        v->fig_returned[f] = true;
        }
        for (size_t i = 0; i < nf; i++)
                v->fig_returned[i] &= !v->fig_removed[i];
}

static void view_build(struct tkit_game_view *v)
{
        for (int k = 0; k < TKIT_POST_COUNT; k++)
                v->post[k] = (struct tkit_view_post){.row = -1, .piece = -1, .symbol = -1};
        if (v->state == TKIT_SCENE_DURING) {
                during(v);
                leaving(v);
                return;
        }
        v->s = v->state == TKIT_SCENE_AFTER ? v->r->after : v->orig;
        v->fig_new = tkit_xcalloc(v->s->nfigures + 1, sizeof *v->fig_new);
        v->fig_index = tkit_xcalloc(v->s->nfigures + 1, sizeof *v->fig_index);
        for (size_t i = 0; i < v->s->nfigures; i++)
                v->fig_index[i] = (int)i;
        v->tok_new = tkit_xcalloc(v->s->ncastles + v->s->nbarns + 1, sizeof *v->tok_new);
        leaving(v);
}

/* ---------------------------------------------------------------- the board's cells */

static void add_cell(struct tkit_game_view *v, int x, int y, const struct tkit_tile *def,
                     const char *id, int rot, int bridge, int piece)
{
        *TKIT_PUSH(v->cells, v->ncells, v->capcells) =
            (struct tkit_view_cell){x, y, def, id, ((rot % 4) + 4) % 4, bridge, piece};
}

/* The posts of the face in use of piece `pc`, placed as scene tile `t` (`index` among the
 * state's tiles): the face's q-th post printed across the piece's q-th row, as turned. A face
 * with more posts than the piece has rows prints the rest nowhere (drawn off the board). */
static void piece_posts(struct tkit_game_view *v, const struct tkit_piece *pc,
                        const struct tkit_scene_tile *t, int index)
{
        const struct tkit_face *fc = tkit_piece_face(pc, v->orig->face, (int)v->orig->nplayers);
        int rot = t->rotation / 90;
        for (size_t q = 0; fc && q < fc->nposts; q++) {
                if ((unsigned)fc->posts[q].kind >= TKIT_POST_ANY)
                        continue;
                struct tkit_view_post *vp = &v->post[fc->posts[q].kind];
                vp->def = &fc->posts[q];
                vp->piece = q < (size_t)pc->height ? index : -1;
                if (vp->piece < 0)
                        continue;
                int ax, ay, bx, by;
                tkit_piece_cell_offset(pc, rot, 0, (int)q, &ax, &ay);
                tkit_piece_cell_offset(pc, rot, pc->width - 1, (int)q, &bx, &by);
                vp->slot = (int)q;
                vp->x0 = t->x + (ax < bx ? ax : bx);
                vp->x1 = t->x + (ax < bx ? bx : ax);
                vp->y0 = t->y + (ay < by ? ay : by);
                vp->y1 = t->y + (ay < by ? by : ay);
        }
}

/* The posts no piece of the state carries, as a piece of the sets in play prints them. */
static void set_posts(struct tkit_game_view *v, struct tkit_set *const *sets, size_t nsets)
{
        for (size_t i = 0; i < nsets; i++) {
                bool in_play = !v->orig->nsets;
                for (size_t k = 0; k < v->orig->nsets && !in_play; k++)
                        in_play = strcmp(v->orig->sets[k], sets[i]->id) == 0;
                for (size_t k = 0; in_play && k < sets[i]->npieces; k++) {
                        const struct tkit_face *fc = tkit_piece_face(
                            &sets[i]->pieces[k], v->orig->face, (int)v->orig->nplayers);
                        for (size_t q = 0; fc && q < fc->nposts; q++)
                                if ((unsigned)fc->posts[q].kind < TKIT_POST_ANY &&
                                    !v->post[fc->posts[q].kind].def)
                                        v->post[fc->posts[q].kind].def = &fc->posts[q];
                }
        }
}

/* The cells of scene tile `t` (`index` among the state's tiles; -1 the tile placed): its one
 * cell, or each cell of its piece; one grey cell for a tile or piece the sets do not hold. */
static void add_tile(struct tkit_game_view *v, struct tkit_set *const *sets, size_t nsets,
                     const struct tkit_scene_tile *t, int index)
{
        if (!t->tile)
                return;
        const struct tkit_set *set;
        int hits;
        const void *def = tkit_scene_find_def(v->orig, sets, nsets, t, &set, &hits);
        if (!def) {
                *TKIT_PUSH(v->missing, v->nmissing, v->capmissing) =
                    (struct tkit_view_missing){t->set, t->tile, t->line, t->is_piece};
                add_cell(v, t->x, t->y, NULL, t->tile, t->is_piece ? 0 : t->rotation / 90,
                         t->is_piece ? 0 : t->bridge, -1);
                return;
        }
        if (!t->is_piece) {
                add_cell(v, t->x, t->y, def, t->tile, t->rotation / 90, t->bridge, -1);
                return;
        }
        const struct tkit_piece *pc = def;
        piece_posts(v, pc, t, index);
        for (int cy = 0; cy < pc->height; cy++)
                for (int cx = 0; cx < pc->width; cx++) {
                        int bx, by;
                        tkit_piece_cell_offset(pc, t->rotation / 90, cx, cy, &bx, &by);
                        add_cell(v, t->x + bx, t->y + by, &pc->cells[cy * pc->width + cx], t->tile,
                                 t->rotation / 90, 0, index);
                }
}

static int cmp_cell(const void *a, const void *b)
{
        const struct tkit_view_cell *x = a, *y = b;
        if (x->y != y->y)
                return x->y < y->y ? -1 : 1;
        return x->x < y->x ? -1 : x->x > y->x;
}

/* A cell and the order it came in, for a stable sort. */
struct ordered {
        struct tkit_view_cell c;
        size_t i;
};

static int cmp_ordered(const void *a, const void *b)
{
        const struct ordered *x = a, *y = b;
        int r = cmp_cell(&x->c, &y->c);
        return r ? r : (x->i > y->i) - (x->i < y->i);
}

/* Sorted for lookups; a cell given twice keeps its last tile. */
static void sort_cells(struct tkit_game_view *v)
{
        struct ordered *o = tkit_xcalloc(v->ncells + 1, sizeof *o);
        for (size_t i = 0; i < v->ncells; i++)
                o[i] = (struct ordered){v->cells[i], i};
        qsort(o, v->ncells, sizeof *o, cmp_ordered);
        size_t k = 0;
        for (size_t i = 0; i < v->ncells; i++) {
                if (k && cmp_cell(&v->cells[k - 1], &o[i].c) == 0)
                        v->cells[k - 1] = o[i].c; /* the later one */
                else
                        v->cells[k++] = o[i].c;
        }
        v->ncells = k;
        free(o);
}

static void view_cells(struct tkit_game_view *v, struct tkit_set *const *sets, size_t nsets)
{
        const struct tkit_scene_move *mv = &v->orig->move;
        for (size_t i = 0; i < v->s->ntiles; i++)
                add_tile(v, sets, nsets, &v->s->tiles[i], (int)i);
        set_posts(v, sets, nsets);
        if (mv->kind == TKIT_MOVE_TILE && !mv->discarded && mv->placed.tile &&
            v->state != TKIT_SCENE_BEFORE) {
                if (v->state == TKIT_SCENE_DURING)
                        add_tile(v, sets, nsets, &mv->placed, -1);
                v->placed = true;
                v->px = mv->placed.x;
                v->py = mv->placed.y;
        }
        sort_cells(v);
}

const struct tkit_view_cell *tkit_game_view_cell(const struct tkit_game_view *v, int x, int y)
{
        struct tkit_view_cell key = {.x = x, .y = y};
        return bsearch(&key, v->cells, v->ncells, sizeof key, cmp_cell);
}

/* ---------------------------------------------------------------- where things stand */

static int feature_at(const struct tkit_game_view *v, int x, int y, const char *ref)
{
        const struct tkit_view_cell *c = tkit_game_view_cell(v, x, y);
        if (!c)
                return TKIT_VIEW_NO_TILE;
        if (!c->def) /* a tile the sets do not hold: drawn grey, nothing to resolve */
                return -1;
        int f = tkit_place_resolve(c->def, c->rot, c->bridge, ref, NULL);
        return f == TKIT_PLACE_NONE ? TKIT_VIEW_NO_FEATURE : f;
}

static int *figure_features(const struct tkit_game_view *v, const struct tkit_scene *s)
{
        int *out = tkit_xcalloc(s->nfigures + 1, sizeof *out);
        for (size_t i = 0; i < s->nfigures; i++) {
                const struct tkit_scene_figure *f = &s->figures[i];
                out[i] = f->at == TKIT_AT_FEATURE ? feature_at(v, f->x, f->y, f->feature) : -1;
        }
        return out;
}

static void view_features(struct tkit_game_view *v)
{
        free(v->fig_feature);
        free(v->from_feature);
        free(v->castle_feature);
        free(v->callout_feature);
        v->fig_feature = figure_features(v, v->s);
        v->from_feature = figure_features(v, v->orig);
        v->castle_feature = tkit_xcalloc(v->s->ncastles + 1, sizeof *v->castle_feature);
        for (size_t i = 0; i < v->s->ncastles; i++)
                v->castle_feature[i] =
                    feature_at(v, v->s->castles[i].x, v->s->castles[i].y, v->s->castles[i].feature);
        v->callout_feature = tkit_xcalloc(v->orig->ncallouts + 1, sizeof *v->callout_feature);
        for (size_t i = 0; i < v->orig->ncallouts; i++) {
                const struct tkit_scene_callout *c = &v->orig->callouts[i];
                v->callout_feature[i] =
                    c->post >= 0 ? -1 : c->feature ? feature_at(v, c->x, c->y, c->feature) : -1;
        }
        for (size_t i = 0; i < v->nrefusals; i++) {
                struct tkit_view_refusal *f = &v->refusals[i];
                f->feature_index = f->feature ? feature_at(v, f->cx, f->cy, f->feature) : -1;
        }
}

void tkit_game_view_set_cells(struct tkit_game_view *v, const struct tkit_view_cell *cells,
                              size_t n)
{
        v->ncells = 0;
        for (size_t i = 0; i < n; i++)
                *TKIT_PUSH(v->cells, v->ncells, v->capcells) = cells[i];
        sort_cells(v);
        view_features(v);
}

void tkit_game_view_finish(struct tkit_game_view *v)
{
        free(v->fig_feature);
        free(v->from_feature);
        free(v->castle_feature);
        free(v->callout_feature);
        tkit_scene_destroy(v->own);
        free(v->fig_new);
        free(v->fig_index);
        free(v->tok_new);
        free(v->fig_removed);
        free(v->fig_returned);
        free(v->fig_choice);
        free(v->fig_moved);
        v->fig_moved = NULL;
        free(v->post_back);
        free(v->refusals);
        free(v->cells);
        free(v->missing);
        memset(v, 0, sizeof *v);
}

void tkit_game_view(const struct tkit_scene *orig, struct tkit_set *const *sets, size_t nsets,
                    const struct tkit_game_result *r, enum tkit_scene_state state,
                    struct tkit_game_view *v)
{
        memset(v, 0, sizeof *v);
        v->orig = orig;
        v->r = r;
        v->state = state;
        view_build(v);
        view_cells(v, sets, nsets);
        view_features(v);
}
