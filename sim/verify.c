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

static const struct tkit_set *find_set(struct tkit_set *const *sets, size_t nsets, const char *id)
{
        for (size_t i = 0; i < nsets; i++)
                if (sets[i]->id && strcmp(sets[i]->id, id) == 0)
                        return sets[i];
        return NULL;
}

static int find_piece(const struct tkit_set *s, const char *id)
{
        for (size_t i = 0; i < s->npieces; i++)
                if (strcmp(s->pieces[i].id, id) == 0)
                        return (int)i;
        return -1;
}

/* Looks `tile` up in `set` (or in every set of the layout when set is NULL): a tile, or a piece
 * when *piece (or when no tile has that id and `may_be_piece`: the database does not say). */
static int lookup(struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                  const char **set, const char *tile, bool *piece, bool may_be_piece,
                  const void **out, struct tkit_diags *d, const char *what)
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
                for (size_t i = 0; i < l->nsets; i++) {
                        if (*set && strcmp(*set, l->sets[i]) != 0)
                                continue;
                        const struct tkit_set *s = find_set(sets, nsets, l->sets[i]);
                        if (!s)
                                continue;
                        int k = as_piece ? find_piece(s, tile) : tkit_set_find_tile(s, tile);
                        if (k < 0)
                                continue;
                        hits++;
                        found_set = l->sets[i];
                        found_piece = as_piece;
                        found = as_piece ? (const void *)&s->pieces[k] : (const void *)&s->tiles[k];
                }
        }
        if (hits == 1) {
                *out = found;
                *piece = found_piece;
                *set = sim_layout_intern(l, found_set);
                return 0;
        }
        if (hits > 1)
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, "SIM-UNKNOWN-TILE", NULL, tile,
                               "%s: tile id is in several sets; say which with \"set\"", what);
        else
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, "SIM-UNKNOWN-TILE", *set, tile,
                               "%s: no such %s in the sets of the layout", what,
                               *piece ? "piece" : "tile");
        return TKIT_E_NOTFOUND;
}

int tkit_layout_resolve(struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                        struct tkit_diags *d)
{
        int rc = 0;
        for (size_t i = 0; i < l->nsets; i++) {
                if (!find_set(sets, nsets, l->sets[i])) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, "SIM-UNKNOWN-SET", l->sets[i],
                                       NULL, "the layout uses set '%s', which is not loaded",
                                       l->sets[i]);
                        rc = TKIT_E_NOTFOUND;
                }
        }
        if (rc)
                return rc;
        for (size_t i = 0; i < l->nplacements; i++) {
                struct tkit_placement *p = &l->placements[i];
                const void *o = NULL;
                char what[48];
                snprintf(what, sizeof(what), "placement %zu", i + 1);
                if (lookup(l, sets, nsets, &p->set, p->tile, &p->is_piece, true, &o, d, what) < 0) {
                        rc = TKIT_E_NOTFOUND;
                        continue;
                }
                if (p->is_piece)
                        p->piece = o;
                else
                        p->def = o;
        }
        for (size_t i = 0; i < l->ndiscards; i++) {
                struct tkit_discard *c = &l->discards[i];
                const void *o = NULL;
                char what[48];
                snprintf(what, sizeof(what), "discard %zu", i + 1);
                bool piece = false;
                if (lookup(l, sets, nsets, &c->set, c->tile, &piece, false, &o, d, what) < 0)
                        rc = TKIT_E_NOTFOUND;
                else
                        c->def = o;
        }
        return rc;
}

/* ---------------------------------------------------------------- replay */

struct vcell {
        int x, y;
        bool used;
        const struct tkit_tile *def;
        int rot; /* quarter turns */
        enum tkit_bridge_axis bridge;
        int turn; /* river: last turn (0 none, 1 right, 2 left) */
        size_t placement;
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
        /* copies used, per tile definition (linear list: layouts are small) */
        const void **used_def;
        int *used_n;
        size_t nused, capused, capusedn;
};

static const int vdx[4] = {0, 1, 0, -1}, vdy[4] = {-1, 0, 1, 0};

static size_t slot_of(const struct replay *r, int x, int y)
{
        uint64_t h = ((uint64_t)(uint32_t)x * 0x9e3779b97f4a7c15u) ^
                     ((uint64_t)(uint32_t)y * 0xc2b2ae3d27d4eb4fu);
        size_t i = (size_t)(h ^ (h >> 29)) & (r->cap - 1);
        while (r->map[i].used && (r->map[i].x != x || r->map[i].y != y))
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
        bool end = (br == TKIT_BRIDGE_NS && (side == 0 || side == 2)) ||
                   (br == TKIT_BRIDGE_EW && (side == 1 || side == 3));
        if (bridge_end)
                *bridge_end = end;
        if (end)
                return TKIT_SIDE_ROAD;
        return tkit_tile_side(def, ((side - rot) % 4 + 4) % 4);
}

__attribute__((format(printf, 5, 6))) static void
fail(struct replay *r, const char *rule, const char *set, const char *tile, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(r->d, TKIT_SEV_ERROR, NULL, 0, rule, set, tile, fmt, ap);
        va_end(ap);
        r->errors++;
}

/* Result of trying a tile somewhere. */
struct trial {
        bool legal;
        bool touches;
        const char *why;
        int turn;
};

/* Whether `def` may go at (x, y) with rotation `rot` and bridge `br` now. */
static struct trial try_place(const struct replay *r, const struct tkit_tile *def, int x, int y,
                              int rot, enum tkit_bridge_axis br, bool need_touch, bool river_rule)
{
        struct trial t = {true, false, NULL, 0};
        if (at(r, x, y)) {
                t.legal = false;
                t.why = "the cell is already used";
                return t;
        }
        bool continues_road = false, river_tile = sim_river_sides(def) != 0;
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
                if (!tkit_sides_compatible(mine, theirs)) {
                        t.legal = false;
                        t.why = "touching sides do not match";
                }
                if (mine_end && their_end) {
                        t.legal = false;
                        t.why = "two bridges touch";
                }
                if (mine_end && theirs == TKIT_SIDE_ROAD)
                        continues_road = true;
                if (mine == TKIT_SIDE_RIVER && theirs == TKIT_SIDE_RIVER) {
                        river_in = side;
                        nin++;
                }
        }
        if (need_touch && !t.touches) {
                t.legal = false;
                t.why = "it touches no placed tile";
        }
        if (br != TKIT_BRIDGE_NONE) {
                unsigned tile_axis = (br == TKIT_BRIDGE_NS ? 0u : 1u) ^ (unsigned)(rot & 1);
                if (!(tkit_tile_bridge_axes(def) & (1u << tile_axis))) {
                        t.legal = false;
                        t.why = "a bridge needs field on both sides it joins";
                } else if (!continues_road) {
                        t.legal = false;
                        t.why = "a bridge must continue an open road";
                } else if (r->bridges_left <= 0) {
                        t.legal = false;
                        t.why = "no bridge left";
                }
        }
        if (river_tile && r->river_play && river_rule && t.legal) {
                if (nin == 0) {
                        t.legal = false;
                        t.why = "a river tile must continue the river";
                } else if (nin == 1 && nout == 1) {
                        const struct vcell *prev = at(r, x + vdx[river_in], y + vdy[river_in]);
                        /* flow: from the previous cell into this one; turn by the cross product */
                        int fx = -vdx[river_in], fy = -vdy[river_in];
                        int cross = fx * vdy[river_out] - fy * vdx[river_out];
                        int turn = cross > 0 ? 1 : cross < 0 ? 2 : 0;
                        if (turn && prev && turn == prev->turn) {
                                t.legal = false;
                                t.why = "the river turns twice in the same direction";
                        }
                        t.turn = turn ? turn : (prev ? prev->turn : 0);
                }
        }
        return t;
}

static void put(struct replay *r, const struct tkit_layout_cell *c, size_t placement, int turn)
{
        struct vcell *v = &r->map[slot_of(r, c->x, c->y)];
        v->used = true;
        v->x = c->x;
        v->y = c->y;
        v->def = c->def;
        v->rot = c->rotation / 90;
        v->bridge = c->bridge;
        v->placement = placement;
        v->turn = turn;
}

static int use_copy(struct replay *r, const void *def)
{
        for (size_t i = 0; i < r->nused; i++)
                if (r->used_def[i] == def)
                        return ++r->used_n[i];
        *TKIT_PUSH(r->used_def, r->nused, r->capused) = def;
        tkit_grow((void **)&r->used_n, &r->capusedn, r->nused, sizeof(*r->used_n));
        r->used_n[r->nused - 1] = 1;
        return 1;
}

/* A discarded tile must have had no legal place at all. */
static void check_discard(struct replay *r, const struct tkit_discard *dc, bool board_empty)
{
        if (!dc->def)
                return;
        if (use_copy(r, dc->def) > dc->def->count)
                fail(r, "SIM-COUNT", dc->set, dc->tile, "more copies used than the set has (%d)",
                     dc->def->count);
        if (board_empty) {
                fail(r, "SIM-DISCARD", dc->set, dc->tile,
                     "discarded after %d placements although the board was empty", dc->after);
                return;
        }
        bool river = sim_river_sides(dc->def) != 0;
        for (size_t i = 0; i < r->cap; i++) {
                if (!r->map[i].used)
                        continue;
                for (int side = 0; side < 4; side++) {
                        int x = r->map[i].x + vdx[side], y = r->map[i].y + vdy[side];
                        if (at(r, x, y))
                                continue;
                        for (int rot = 0; rot < 4; rot++) {
                                for (int b = 0; b < 3; b++) {
                                        if (b && (river || r->bridges_left <= 0))
                                                break;
                                        struct trial t =
                                            try_place(r, dc->def, x, y, rot,
                                                      (enum tkit_bridge_axis)b, true, true);
                                        if (!t.legal)
                                                continue;
                                        fail(r, "SIM-DISCARD", dc->set, dc->tile,
                                             "discarded after %d placements but fits at (%d, %d) "
                                             "rotation %d%s",
                                             dc->after, x, y, rot * 90, b ? " with a bridge" : "");
                                        return;
                                }
                        }
                }
        }
}

static void check_placement(struct replay *r, const struct tkit_placement *p, size_t i)
{
        struct tkit_layout_cell cells[64];
        size_t n = tkit_placement_cells(p, cells, 64);
        if (n == 0 || n > 64) {
                fail(r, "SIM-UNKNOWN-TILE", p->set, p->tile, "placement %zu is not resolved",
                     i + 1);
                return;
        }
        const void *what = p->is_piece ? (const void *)p->piece : (const void *)p->def;
        int count = p->is_piece ? p->piece->count : p->def->count;
        if (use_copy(r, what) > count)
                fail(r, "SIM-COUNT", p->set, p->tile, "more copies used than the set has (%d)",
                     count);
        if (i == 0 && (p->x != 0 || p->y != 0))
                fail(r, "SIM-FIRST", p->set, p->tile, "the first placement is not at (0, 0)");
        if (p->is_piece && p->bridge != TKIT_BRIDGE_NONE)
                fail(r, "SIM-BRIDGE", p->set, p->tile, "a piece cannot carry a bridge");
        bool river = !p->is_piece && sim_river_sides(p->def) != 0;
        if (river && r->river_play && r->land_seen)
                fail(r, "SIM-RIVER", p->set, p->tile, "placement %zu: river tile after land tiles",
                     i + 1);
        if (!p->is_piece && !river)
                r->land_seen = true;
        bool touches = false;
        int turn = 0;
        for (size_t k = 0; k < n; k++) {
                /* cells of the same piece are checked against each other as they go down */
                struct trial t =
                    try_place(r, cells[k].def, cells[k].x, cells[k].y, cells[k].rotation / 90,
                              cells[k].bridge, false, !p->is_piece && i > 0);
                touches |= t.touches;
                turn = t.turn;
                if (!t.legal) {
                        const char *rule = "SIM-MATCH";
                        if (strstr(t.why, "used"))
                                rule = "SIM-CELL-TWICE";
                        else if (strstr(t.why, "bridge"))
                                rule = "SIM-BRIDGE";
                        else if (strstr(t.why, "river"))
                                rule = "SIM-RIVER";
                        fail(r, rule, p->set, p->tile, "placement %zu at (%d, %d): %s", i + 1,
                             cells[k].x, cells[k].y, t.why);
                }
                put(r, &cells[k], i, turn);
        }
        if (i > 0 && !touches)
                fail(r, "SIM-DETACHED", p->set, p->tile,
                     "placement %zu at (%d, %d) touches no placed tile", i + 1, p->x, p->y);
        if (p->bridge != TKIT_BRIDGE_NONE)
                r->bridges_left--;
}

int tkit_layout_verify(const struct tkit_layout *l, struct tkit_set *const *sets, size_t nsets,
                       struct tkit_diags *d)
{
        struct replay r = {0};
        /* the rules in play are those of the sets the layout names, not of every set loaded */
        struct tkit_set **mine = tkit_xmalloc((l->nsets + 1) * sizeof(*mine));
        size_t nmine = 0;
        for (size_t i = 0; i < l->nsets; i++) {
                const struct tkit_set *s = find_set(sets, nsets, l->sets[i]);
                for (size_t k = 0; k < nsets; k++)
                        if (sets[k] == s)
                                mine[nmine++] = sets[k];
        }
        r.d = d;
        r.sets = mine;
        r.nsets = nmine;
        r.river_play = sim_river_in_play(mine, nmine);
        r.bridges_left = sim_bridge_tokens(mine, nmine);
        size_t ncells = 0;
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                if (!p->def && !p->piece) {
                        fail(&r, "SIM-UNKNOWN-TILE", p->set, p->tile,
                             "placement %zu is not resolved", i + 1);
                        free(mine);
                        return TKIT_E_INVALID;
                }
                ncells += p->is_piece ? (size_t)(p->piece->width * p->piece->height) : 1;
        }
        for (r.cap = 16; r.cap < 4 * ncells; r.cap *= 2)
                ;
        r.map = tkit_xcalloc(r.cap, sizeof(*r.map));
        size_t di = 0;
        int last_after = 0;
        for (size_t i = 0; i <= l->nplacements; i++) {
                for (; di < l->ndiscards && l->discards[di].after <= (int)i; di++) {
                        const struct tkit_discard *dc = &l->discards[di];
                        if (dc->after < last_after || dc->after != (int)i)
                                fail(&r, "SIM-DISCARD", dc->set, dc->tile,
                                     "discards are not in order of play");
                        last_after = dc->after;
                        check_discard(&r, dc, i == 0);
                }
                if (i < l->nplacements)
                        check_placement(&r, &l->placements[i], i);
        }
        for (; di < l->ndiscards; di++)
                fail(&r, "SIM-DISCARD", l->discards[di].set, l->discards[di].tile,
                     "discarded after %d placements, but the layout has only %zu",
                     l->discards[di].after, l->nplacements);
        free(mine);
        free(r.map);
        free(r.used_def);
        free(r.used_n);
        return r.errors ? TKIT_E_INVALID : 0;
}
