/* Resolving a layout against tile sets, and replaying it against the tile definitions.
 *
 * The verifier is written independently of the simulator's bookkeeping on purpose: a hash map of
 * cells instead of the grid, side types read through the model (tkit_tile_side) instead of
 * packed codes and fit tables, a plain scan of every empty neighbour for discards, river turns
 * from direction vectors. A bug in one is unlikely to be repeated in the other. */
#include "sim/sim-private.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- resolving */

static const char *set_id(const void *sets, size_t i)
{
        return ((struct tkit_set *const *)sets)[i]->id;
}

static int find_piece(const struct tkit_set *s, const char *id)
{
        for (size_t i = 0; i < s->npieces; i++)
                if (strcmp(s->pieces[i].id, id) == 0)
                        return (int)i;
        return -1;
}

/* A set of the layout, each id once, with the loaded set of that id. */
struct cand {
        const char *id;
        const struct tkit_set *set;
};

static const char *layout_set_id(const void *l, size_t i)
{
        return ((const struct tkit_layout *)l)->sets[i];
}

/* The layout's sets that are loaded, each once however often the layout or the caller names it;
 * reports those not loaded. */
static struct cand *candidates(const struct tkit_layout *l, struct tkit_set *const *sets,
                               size_t nsets, size_t *n, struct tkit_diags *d, int *rc)
{
        struct cand *c = tkit_xcalloc(l->nsets + 1, sizeof(*c));
        struct tkit_index loaded, seen;
        tkit_index_init(&loaded);
        tkit_index_init(&seen);
        for (size_t k = 0; k < nsets; k++)
                tkit_index_add(&loaded, sets[k]->id, k);
        *n = 0;
        for (size_t i = 0; i < l->nsets; i++) {
                if (tkit_index_find(&seen, l->sets[i], layout_set_id, l) >= 0)
                        continue;
                tkit_index_add(&seen, l->sets[i], i);
                long k = tkit_index_find(&loaded, l->sets[i], set_id, sets);
                if (k < 0) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, tkit_sim_rule_id(TKIT_SR_UNKNOWN_SET), l->sets[i],
                                       NULL, "the layout uses set '%s', which is not loaded",
                                       l->sets[i]);
                        *rc = TKIT_E_NOTFOUND;
                        continue;
                }
                c[(*n)++] = (struct cand){l->sets[i], sets[k]};
        }
        tkit_index_finish(&loaded);
        tkit_index_finish(&seen);
        return c;
}

/* Looks `tile` up in `set` (or in every set of the layout when set is NULL): a tile, or a piece
 * when *piece (or when no tile has that id and `may_be_piece`: the database does not say). */
static int lookup(struct tkit_layout *l, const struct cand *c, size_t nc, const char **set,
                  const char *tile, bool *piece, bool may_be_piece, const void **out,
                  struct tkit_diags *d, const char *what)
{
        const void *found = NULL;
        const char *found_set = NULL;
        int hits = 0;
        bool found_piece = false;
        for (int pass = 0; pass < 2 && hits == 0; pass++) {
                bool as_piece = pass == 1;
                if (as_piece && !*piece && !may_be_piece)
                        break;
                if (!as_piece && *piece)
                        continue;
                for (size_t i = 0; i < nc; i++) {
                        if (*set && strcmp(*set, c[i].id) != 0)
                                continue;
                        const struct tkit_set *s = c[i].set;
                        int k = as_piece ? find_piece(s, tile) : tkit_set_find_tile(s, tile);
                        if (k < 0)
                                continue;
                        hits++;
                        found_set = c[i].id;
                        found_piece = as_piece;
                        found = as_piece ? (const void *)&s->pieces[k] : (const void *)&s->tiles[k];
                }
        }
        if (hits == 1) {
                *out = found;
                *piece = found_piece;
                *set = tkit_layout_intern(l, found_set);
                return 0;
        }
        if (hits > 1)
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, tkit_sim_rule_id(TKIT_SR_UNKNOWN_TILE), NULL, tile,
                               "%s: tile id is in several sets; say which with \"set\"", what);
        else
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, tkit_sim_rule_id(TKIT_SR_UNKNOWN_TILE), *set, tile,
                               "%s: no such %s in the sets of the layout", what,
                               *piece ? "piece" : "tile");
        return TKIT_E_NOTFOUND;
}

int tkit_layout_resolve(struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                        struct tkit_diags *d)
{
        int rc = 0;
        size_t nc = 0;
        struct cand *c = candidates(l, sets, nsets, &nc, d, &rc);
        if (rc) {
                free(c);
                return rc;
        }
        for (size_t i = 0; i < l->nplacements; i++) {
                struct tkit_placement *p = &l->placements[i];
                const void *o = NULL;
                char what[48];
                snprintf(what, sizeof(what), "placement %zu", i + 1);
                if (lookup(l, c, nc, &p->set, p->tile, &p->is_piece, true, &o, d, what) < 0) {
                        rc = TKIT_E_NOTFOUND;
                        continue;
                }
                if (p->is_piece)
                        p->piece = o;
                else
                        p->def = o;
        }
        for (size_t i = 0; i < l->ndiscards; i++) {
                struct tkit_discard *dc = &l->discards[i];
                const void *o = NULL;
                char what[48];
                snprintf(what, sizeof(what), "discard %zu", i + 1);
                bool piece = false;
                if (lookup(l, c, nc, &dc->set, dc->tile, &piece, false, &o, d, what) < 0)
                        rc = TKIT_E_NOTFOUND;
                else
                        dc->def = o;
        }
        free(c);
        return rc;
}

/* ---------------------------------------------------------------- replay */

/* A slot of the cell map: a placed tile, or an empty cell next to one (the frontier). */
struct vcell {
        int x, y;
        bool taken; /* the slot holds a cell */
        bool used;  /* a tile lies there */
        const struct tkit_tile *def;
        int rot; /* quarter turns */
        enum tkit_bridge_axis bridge;
        int turn; /* river: last turn (0 none, 1 right, 2 left) */
        size_t placement;
        uint16_t sig;  /* frontier: what the neighbours show (see signature()) */
        uint32_t gpos; /* frontier: position in its group */
};

/* Values per side of a frontier signature: nothing, field, road, bridge end, city, river by the
 * neighbour's last turn. Whether a tile fits an empty cell depends on nothing else, so a discard
 * is checked once per signature present, not once per empty cell. */
#define NSIG 4096 /* 8^4 */

struct group {
        uint32_t *cells; /* slots */
        size_t n, cap;
};

/* A tile definition and how many of its copies the layout used. */
struct use {
        const void *def;
        int n;
};

struct replay {
        struct vcell *map;
        size_t cap; /* power of two */
        struct tkit_diags *d;
        int errors;
        struct tkit_set *const *sets;
        size_t nsets;
        bool river_play;
        bool land_seen;
        int bridges_left;
        struct group *groups; /* NSIG */
        uint16_t *sigs_seen;  /* signatures that ever had a cell */
        size_t nsigs_seen, capsigs_seen;
        struct use *uses; /* sorted by def */
        size_t nuses;
};

static const int vdx[4] = {0, 1, 0, -1}, vdy[4] = {-1, 0, 1, 0};

static size_t slot_of(const struct replay *r, int x, int y)
{
        uint64_t h = ((uint64_t)(uint32_t)x * 0x9e3779b97f4a7c15u) ^
                     ((uint64_t)(uint32_t)y * 0xc2b2ae3d27d4eb4fu);
        size_t i = (size_t)(h ^ (h >> 29)) & (r->cap - 1);
        while (r->map[i].taken && (r->map[i].x != x || r->map[i].y != y))
                i = (i + 1) & (r->cap - 1);
        return i;
}

static const struct vcell *at(const struct replay *r, int x, int y)
{
        const struct vcell *c = &r->map[slot_of(r, x, y)];
        return c->used ? c : NULL;
}

/* What board side `side` of a cell shows; *bridge_end says whether it is a bridge end. */
static enum tkit_side_type shows(const struct tkit_tile *def, int rot, enum tkit_bridge_axis br,
                                 int side, bool *bridge_end)
{
        bool end = tkit_bridge_end(br, side);
        if (bridge_end)
                *bridge_end = end;
        if (end)
                return TKIT_SIDE_ROAD;
        return tkit_tile_side(def, ((side - rot) % 4 + 4) % 4);
}

__attribute__((format(printf, 5, 6))) static void
fail(struct replay *r, enum tkit_sim_rule rule, const char *set, const char *tile, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(r->d, TKIT_SEV_ERROR, NULL, 0, tkit_sim_rule_id(rule), set, tile, fmt, ap);
        va_end(ap);
        r->errors++;
}

/* Result of trying a tile somewhere. */
struct trial {
        bool legal;
        bool touches;
        enum tkit_sim_rule rule; /* when not legal */
        const char *why;
        int turn;
};

static void refuse(struct trial *t, enum tkit_sim_rule rule, const char *why)
{
        t->legal = false;
        t->rule = rule;
        t->why = why;
}

/* Whether `def` may go at (x, y) with rotation `rot` and bridge `br` now. */
static struct trial try_place(const struct replay *r, const struct tkit_tile *def, int x, int y,
                              int rot, enum tkit_bridge_axis br, bool need_touch, bool river_rule)
{
        struct trial t = {true, false, TKIT_SIM_RULE_COUNT, NULL, 0};
        if (at(r, x, y)) {
                refuse(&t, TKIT_SR_CELL_TWICE, "the cell is already used");
                return t;
        }
        bool continues_road = false, river_tile = tkit_sim_river_sides(def) != 0;
        int river_in = -1, river_out = -1, nin = 0, nout = 0;
        for (int side = 0; side < 4; side++) {
                bool mine_end;
                enum tkit_side_type mine = shows(def, rot, br, side, &mine_end);
                const struct vcell *n = at(r, x + vdx[side], y + vdy[side]);
                if (!n) {
                        if (mine == TKIT_SIDE_RIVER) {
                                river_out = side;
                                nout++;
                        }
                        continue;
                }
                t.touches = true;
                bool their_end;
                enum tkit_side_type theirs =
                    shows(n->def, n->rot, n->bridge, (side + 2) % 4, &their_end);
                if (mine_end && their_end)
                        refuse(&t, TKIT_SR_BRIDGE, "two bridges touch");
                else if (!tkit_sides_fit(mine, mine_end, theirs, their_end))
                        refuse(&t, TKIT_SR_MATCH, "touching sides do not match");
                if (mine_end && theirs == TKIT_SIDE_ROAD)
                        continues_road = true;
                if (mine == TKIT_SIDE_RIVER && theirs == TKIT_SIDE_RIVER) {
                        river_in = side;
                        nin++;
                }
        }
        if (need_touch && !t.touches)
                refuse(&t, TKIT_SR_DETACHED, "it touches no placed tile");
        if (br != TKIT_BRIDGE_NONE) {
                int tile_axis = tkit_bridge_axis_on_tile(br, rot);
                if (!(tkit_tile_bridge_axes(def) & (1u << tile_axis)))
                        refuse(&t, TKIT_SR_BRIDGE, "a bridge needs field on both sides it joins");
                else if (!continues_road)
                        refuse(&t, TKIT_SR_BRIDGE, "a bridge must continue an open road");
                else if (r->bridges_left <= 0)
                        refuse(&t, TKIT_SR_BRIDGE, "no bridge left");
        }
        if (river_tile && r->river_play && river_rule && t.legal) {
                if (nin == 0) {
                        refuse(&t, TKIT_SR_RIVER, "a river tile must continue the river");
                } else if (nin == 1 && nout == 1) {
                        const struct vcell *prev = at(r, x + vdx[river_in], y + vdy[river_in]);
                        /* flow: from the previous cell into this one; turn by the cross product */
                        int fx = -vdx[river_in], fy = -vdy[river_in];
                        int cross = fx * vdy[river_out] - fy * vdx[river_out];
                        int turn = cross > 0 ? 1 : cross < 0 ? 2 : 0;
                        if (turn && prev && turn == prev->turn)
                                refuse(&t, TKIT_SR_RIVER,
                                       "the river turns twice in the same direction");
                        t.turn = turn ? turn : (prev ? prev->turn : 0);
                }
        }
        return t;
}

/* The signature of empty cell (x, y): per side what the neighbour shows, base 8. */
static uint16_t signature(const struct replay *r, int x, int y)
{
        unsigned sig = 0;
        for (int side = 3; side >= 0; side--) {
                const struct vcell *n = at(r, x + vdx[side], y + vdy[side]);
                unsigned v = 0;
                if (n) {
                        bool end;
                        enum tkit_side_type t =
                            shows(n->def, n->rot, n->bridge, (side + 2) % 4, &end);
                        v = t == TKIT_SIDE_FIELD  ? 1
                            : t == TKIT_SIDE_ROAD ? (end ? 3 : 2)
                            : t == TKIT_SIDE_CITY ? 4
                                                  : 5 + (unsigned)n->turn;
                }
                sig = sig * 8 + v;
        }
        return (uint16_t)sig;
}

static void group_remove(struct replay *r, struct vcell *c)
{
        struct group *g = &r->groups[c->sig];
        uint32_t last = g->cells[--g->n];
        g->cells[c->gpos] = last;
        r->map[last].gpos = c->gpos;
}

static void group_add(struct replay *r, size_t slot)
{
        struct vcell *c = &r->map[slot];
        struct group *g = &r->groups[c->sig];
        if (!g->cap)
                *TKIT_PUSH(r->sigs_seen, r->nsigs_seen, r->capsigs_seen) = c->sig;
        c->gpos = (uint32_t)g->n;
        *TKIT_PUSH(g->cells, g->n, g->cap) = (uint32_t)slot;
}

/* Empty neighbours of a new tile join the frontier or change their signature. */
static void update_frontier(struct replay *r, int x, int y)
{
        for (int side = 0; side < 4; side++) {
                int nx = x + vdx[side], ny = y + vdy[side];
                size_t slot = slot_of(r, nx, ny);
                struct vcell *c = &r->map[slot];
                if (c->used)
                        continue;
                if (c->taken)
                        group_remove(r, c);
                c->taken = true;
                c->x = nx;
                c->y = ny;
                c->sig = signature(r, nx, ny);
                group_add(r, slot);
        }
}

static void put(struct replay *r, const struct tkit_layout_cell *c, size_t placement, int turn)
{
        struct vcell *v = &r->map[slot_of(r, c->x, c->y)];
        if (v->taken && !v->used)
                group_remove(r, v);
        v->taken = true;
        v->used = true;
        v->x = c->x;
        v->y = c->y;
        v->def = c->def;
        v->rot = c->rotation / 90;
        v->bridge = c->bridge;
        v->placement = placement;
        v->turn = turn;
        update_frontier(r, c->x, c->y);
}

static int cmp_use(const void *a, const void *b)
{
        uintptr_t x = (uintptr_t)((const struct use *)a)->def;
        uintptr_t y = (uintptr_t)((const struct use *)b)->def;
        return x < y ? -1 : x > y;
}

/* Every definition the layout uses, sorted, so counting copies is a binary search. */
static void collect_uses(struct replay *r, const struct tkit_layout *l)
{
        r->uses = tkit_xcalloc(l->nplacements + l->ndiscards + 1, sizeof *r->uses);
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                r->uses[r->nuses++].def =
                    p->is_piece ? (const void *)p->piece : (const void *)p->def;
        }
        for (size_t i = 0; i < l->ndiscards; i++)
                if (l->discards[i].def)
                        r->uses[r->nuses++].def = l->discards[i].def;
        qsort(r->uses, r->nuses, sizeof *r->uses, cmp_use);
}

static int use_copy(struct replay *r, const void *def)
{
        struct use key = {def, 0};
        struct use *u = bsearch(&key, r->uses, r->nuses, sizeof *r->uses, cmp_use);
        return u ? ++u->n : 1;
}

/* A discarded tile must have had no legal place at all: it is tried on one cell of every
 * frontier signature. */
static void check_discard(struct replay *r, const struct tkit_discard *dc, bool board_empty)
{
        if (!dc->def)
                return;
        if (use_copy(r, dc->def) > dc->def->count)
                fail(r, TKIT_SR_COUNT, dc->set, dc->tile, "more copies used than the set has (%d)",
                     dc->def->count);
        if (board_empty) {
                fail(r, TKIT_SR_DISCARD, dc->set, dc->tile,
                     "discarded after %d placements although the board was empty", dc->after);
                return;
        }
        bool river = tkit_sim_river_sides(dc->def) != 0;
        for (size_t k = 0; k < r->nsigs_seen; k++) {
                const struct group *g = &r->groups[r->sigs_seen[k]];
                if (!g->n)
                        continue;
                int x = r->map[g->cells[0]].x, y = r->map[g->cells[0]].y;
                for (int rot = 0; rot < 4; rot++) {
                        for (int b = 0; b < 3; b++) {
                                if (b && (river || r->bridges_left <= 0))
                                        break;
                                struct trial t = try_place(r, dc->def, x, y, rot,
                                                           (enum tkit_bridge_axis)b, true, true);
                                if (!t.legal)
                                        continue;
                                fail(r, TKIT_SR_DISCARD, dc->set, dc->tile,
                                     "discarded after %d placements but fits at (%d, %d) "
                                     "rotation %d%s",
                                     dc->after, x, y, rot * 90, b ? " with a bridge" : "");
                                return;
                        }
                }
        }
}

static void check_placement(struct replay *r, const struct tkit_placement *p, size_t i)
{
        struct tkit_layout_cell cells[64];
        size_t n = tkit_placement_cells(p, cells, 64);
        if (n == 0 || n > 64) {
                fail(r, TKIT_SR_UNKNOWN_TILE, p->set, p->tile, "placement %zu is not resolved",
                     i + 1);
                return;
        }
        const void *what = p->is_piece ? (const void *)p->piece : (const void *)p->def;
        int count = p->is_piece ? p->piece->count : p->def->count;
        if (use_copy(r, what) > count)
                fail(r, TKIT_SR_COUNT, p->set, p->tile, "more copies used than the set has (%d)",
                     count);
        if (i == 0 && (p->x != 0 || p->y != 0))
                fail(r, TKIT_SR_FIRST, p->set, p->tile, "the first placement is not at (0, 0)");
        if (p->is_piece && p->bridge != TKIT_BRIDGE_NONE)
                fail(r, TKIT_SR_BRIDGE, p->set, p->tile, "a piece cannot carry a bridge");
        bool river = !p->is_piece && tkit_sim_river_sides(p->def) != 0;
        if (river && r->river_play && r->land_seen)
                fail(r, TKIT_SR_RIVER, p->set, p->tile, "placement %zu: river tile after land tiles",
                     i + 1);
        if (!p->is_piece && !river)
                r->land_seen = true;
        bool touches = false, twice = false;
        int turn = 0;
        for (size_t k = 0; k < n; k++) {
                /* cells of the same piece are checked against each other as they go down */
                struct trial t =
                    try_place(r, cells[k].def, cells[k].x, cells[k].y, cells[k].rotation / 90,
                              cells[k].bridge, false, !p->is_piece && i > 0);
                touches |= t.touches;
                turn = t.turn;
                if (!t.legal) {
                        /* on a used cell nothing else was looked at: it is not also detached */
                        twice |= t.rule == TKIT_SR_CELL_TWICE;
                        fail(r, t.rule, p->set, p->tile, "placement %zu at (%d, %d): %s", i + 1,
                             cells[k].x, cells[k].y, t.why);
                }
                put(r, &cells[k], i, turn);
        }
        if (i > 0 && !touches && !twice)
                fail(r, TKIT_SR_DETACHED, p->set, p->tile,
                     "placement %zu at (%d, %d) touches no placed tile", i + 1, p->x, p->y);
        if (p->bridge != TKIT_BRIDGE_NONE)
                r->bridges_left--;
}

/* The sets the layout names, each once, whatever the layout or the caller repeats. */
static struct tkit_set **sets_in_play(const struct tkit_layout *l, struct tkit_set *const *sets,
                                      size_t nsets, size_t *n)
{
        struct tkit_set **mine = tkit_xcalloc(nsets + 1, sizeof(*mine));
        bool *taken = tkit_xcalloc(nsets + 1, sizeof(*taken));
        struct tkit_index by_id;
        tkit_index_init(&by_id);
        for (size_t k = 0; k < nsets; k++)
                tkit_index_add(&by_id, sets[k]->id, k);
        *n = 0;
        for (size_t i = 0; i < l->nsets; i++) {
                long k = tkit_index_find(&by_id, l->sets[i], set_id, sets);
                if (k >= 0 && !taken[k]) {
                        taken[k] = true;
                        mine[(*n)++] = sets[k];
                }
        }
        tkit_index_finish(&by_id);
        free(taken);
        return mine;
}

static void replay_free(struct replay *r)
{
        for (size_t i = 0; r->groups && i < NSIG; i++)
                free(r->groups[i].cells);
        free(r->groups);
        free(r->sigs_seen);
        free(r->map);
        free(r->uses);
}

int tkit_layout_verify(const struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                       struct tkit_diags *d)
{
        struct replay r = {0};
        r.d = d;
        size_t ncells = 0;
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                if (!p->def && !p->piece) {
                        fail(&r, TKIT_SR_UNKNOWN_TILE, p->set, p->tile,
                             "placement %zu is not resolved", i + 1);
                        return TKIT_E_INVALID;
                }
                ncells += p->is_piece ? (size_t)(p->piece->width * p->piece->height) : 1;
        }
        /* the rules in play are those of the sets the layout names, not of every set loaded */
        size_t nmine = 0;
        struct tkit_set **mine = sets_in_play(l, sets, nsets, &nmine);
        r.sets = mine;
        r.nsets = nmine;
        r.river_play = tkit_sim_river_in_play(mine, nmine);
        r.bridges_left = tkit_sim_bridge_tokens(mine, nmine);
        /* placed cells and their empty neighbours: at most 5 per cell, at most half full */
        for (r.cap = 16; r.cap < 10 * ncells; r.cap *= 2)
                ;
        r.map = tkit_xcalloc(r.cap, sizeof(*r.map));
        r.groups = tkit_xcalloc(NSIG, sizeof(*r.groups));
        collect_uses(&r, l);
        size_t di = 0;
        int last_after = 0;
        for (size_t i = 0; i <= l->nplacements; i++) {
                for (; di < l->ndiscards && l->discards[di].after <= (int)i; di++) {
                        const struct tkit_discard *dc = &l->discards[di];
                        if (dc->after < last_after || dc->after != (int)i)
                                fail(&r, TKIT_SR_DISCARD, dc->set, dc->tile,
                                     "discards are not in order of play");
                        last_after = dc->after;
                        check_discard(&r, dc, i == 0);
                }
                if (i < l->nplacements)
                        check_placement(&r, &l->placements[i], i);
        }
        for (; di < l->ndiscards; di++)
                fail(&r, TKIT_SR_DISCARD, l->discards[di].set, l->discards[di].tile,
                     "discarded after %d placements, but the layout has only %zu",
                     l->discards[di].after, l->nplacements);
        free(mine);
        replay_free(&r);
        return r.errors ? TKIT_E_INVALID : 0;
}
