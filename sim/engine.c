/* The simulator: lays out one game per run on a fixed grid.
 *
 * Speed comes from three things. (1) Every empty cell next to the layout (the frontier) has a
 * constraint: what each of its four neighbours shows towards it (field, road, city, river, open,
 * or a bridge end), packed as a base-6 number (1296 values). (2) Per tile type and constraint a
 * table says which rotations (bits 0-3) and which bridge placements (bits 4-11) fit. (3) Frontier
 * cells are kept in one list per constraint, so counting the legal options of a drawn tile walks
 * the non-empty constraints (a few dozen), not the cells, and picking one is an index. Features
 * (cities, roads, bridges) are tracked with union-find over nodes allocated once per game.
 * Nothing is allocated per placement; the grid, lists and nodes are reused by every run.
 *
 * What fits and what joins is the model's edge table (tkit-model.h, "joins"), read once into the
 * tables above when the simulator is created: tkit_sides_fit for the constraints,
 * tkit_tile_join_owner for the features at each position, tkit_features_join for the joins,
 * tkit_piece_cells_join for the features shared by the cells of a piece. The rules engine
 * (game/) reads the same table, which tests/sim's cross-check holds it to. */
#include "sim/engine-private.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- frontier */

static void group_add(struct tkit_sim *s, uint32_t p, uint16_t c)
{
        struct group *g = &s->groups[c];
        if (g->n == g->cap)
                tkit_grow((void **)&g->cells, &g->cap, g->n + 1, sizeof(*g->cells));
        s->cells[p].slot = (uint32_t)g->n;
        s->cells[p].cons = c;
        g->cells[g->n++] = p;
        s->gn[c] = (uint32_t)g->n;
        if (g->n == 1) {
                s->actpos[c] = (int32_t)s->nactive;
                s->active[s->nactive++] = c;
        }
}

static void group_remove(struct tkit_sim *s, uint32_t p)
{
        uint16_t c = s->cells[p].cons;
        struct group *g = &s->groups[c];
        uint32_t slot = s->cells[p].slot, last = g->cells[--g->n];
        g->cells[slot] = last;
        s->cells[last].slot = slot;
        s->gn[c] = (uint32_t)g->n;
        if (g->n == 0) {
                int32_t ap = s->actpos[c];
                uint16_t moved = s->active[--s->nactive];
                s->active[ap] = moved;
                s->actpos[moved] = ap;
                s->actpos[c] = -1;
        }
}

static void touch(struct tkit_sim *s, uint32_t p)
{
        if (s->cells[p].flags & CELL_TOUCHED)
                return;
        s->cells[p].flags |= CELL_TOUCHED;
        if (s->ntouched == s->captouched)
                tkit_grow((void **)&s->touched, &s->captouched, s->ntouched + 1,
                          sizeof(*s->touched));
        s->touched[s->ntouched++] = p;
}

/* Empty cell q learns that its side `side` now faces value v. */
static void frontier_update(struct tkit_sim *s, uint32_t q, int side, int v)
{
        struct scell *c = &s->cells[q];
        if (c->flags & CELL_BORDER)
                return;
        uint16_t old = c->cons;
        uint16_t nw = (uint16_t)(old + (v - V_OPEN) * pow6[side]);
        if (old == OPEN_ALL)
                touch(s, q);
        else
                group_remove(s, q);
        group_add(s, q, nw);
}

/* ---------------------------------------------------------------- features */

static uint32_t find(struct node *n, uint32_t a)
{
        while (n[a].parent != a) {
                n[a].parent = n[n[a].parent].parent;
                a = n[a].parent;
        }
        return a;
}

static void completed(struct tkit_sim *s, const struct node *r)
{
        if (r->kind == K_CITY) {
                s->st.cities_completed++;
                if (r->seg == 2)
                        s->st.castle_opportunities++;
        } else {
                s->st.roads_completed++;
        }
}

/* One feature from two: the root with more segments stays; open units add up. (Inline: join(), of
 * every edge of every placement, is the hot path.) */
static inline uint32_t unite(struct tkit_sim *s, uint32_t a, uint32_t b)
{
        struct node *n = s->nodes;
        uint32_t ra = find(n, a), rb = find(n, b);
        if (ra != rb) {
                if (n[ra].seg < n[rb].seg) {
                        uint32_t t = ra;
                        ra = rb;
                        rb = t;
                }
                n[rb].parent = ra;
                n[ra].seg += n[rb].seg;
                n[ra].open += n[rb].open;
        }
        return ra;
}

/* `units` perimeter positions of the feature of node a now face a tile: the feature is closed
 * (completed) when none faces an empty cell any more. */
static void close_units(struct tkit_sim *s, uint32_t a, int units)
{
        struct node *n = s->nodes;
        uint32_t r = find(n, a);
        n[r].open -= units;
        if (n[r].open == 0)
                completed(s, &n[r]);
}

/* Two facing positions whose features join: one feature, and neither position faces an empty
 * cell any more. */
static void join(struct tkit_sim *s, uint32_t a, uint32_t b)
{
        struct node *n = s->nodes;
        uint32_t r = unite(s, a, b);
        n[r].open -= 2;
        if (n[r].open == 0)
                completed(s, &n[r]);
}

/* Facing positions across an edge, a (node or -1) and b: one feature when the edge table joins
 * their kinds; either way neither faces an empty cell any more. */
static void meet(struct tkit_sim *s, int64_t a, int64_t b)
{
        const struct node *n = s->nodes;
        if (a >= 0 && b >= 0 && s->kjoin[n[a].kind][n[b].kind]) {
                join(s, (uint32_t)a, (uint32_t)b);
                return;
        }
        if (a >= 0)
                close_units(s, (uint32_t)a, 1);
        if (b >= 0)
                close_units(s, (uint32_t)b, 1);
}

static int64_t node_at(const struct tkit_sim *s, const struct scell *c, int pos)
{
        const struct stype *ty = &s->types[c->type];
        if ((s->bridge_pos[c->bridge] >> pos) & 1u)
                return (int64_t)c->node + ty->ntracked;
        int m = ty->posmap[c->rot][pos];
        return m < 0 ? -1 : (int64_t)c->node + m;
}

static void join_edge(struct tkit_sim *s, uint32_t p, int side, uint32_t q)
{
        const struct scell *a = &s->cells[p], *b = &s->cells[q];
        int os = (side + 2) & 3;
        if (a->bridge | b->bridge) {
                for (int part = 0; part < 3; part++)
                        meet(s, node_at(s, a, side * 3 + part), node_at(s, b, os * 3 + 2 - part));
                return;
        }
        const struct stype *ta = &s->types[a->type], *tb = &s->types[b->type];
        unsigned e = s->ej[ta->sk[a->rot][side]][tb->sk[b->rot][os]];
        if (!e)
                return;
        const int8_t *pa = &ta->posmap[a->rot][side * 3], *pb = &tb->posmap[b->rot][os * 3];
        for (int part = 0; part < 3; part++) {
                int ia = pa[part], ib = pb[2 - part];
                if (e & (1u << part))
                        join(s, a->node + (uint32_t)ia, b->node + (uint32_t)ib);
                else if (e & (8u << part)) /* only with odd data: nothing joins here */
                        meet(s, ia < 0 ? -1 : (int64_t)a->node + ia,
                             ib < 0 ? -1 : (int64_t)b->node + ib);
        }
}

/* The feature nodes of a tile of type `type` (and of its bridge): returns the first. */
static inline uint32_t make_nodes(struct tkit_sim *s, uint32_t type, int bridge)
{
        const struct stype *ty = &s->types[type];
        size_t need = s->nnodes + ty->ntracked + 1;
        if (need > s->capnodes) /* only when the data lies about counts; amortised */
                tkit_grow((void **)&s->nodes, &s->capnodes, need, sizeof(*s->nodes));
        uint32_t first = (uint32_t)s->nnodes;
        for (uint32_t i = 0; i < ty->ntracked; i++) {
                struct node *n = &s->nodes[s->nnodes];
                n->parent = (uint32_t)s->nnodes++;
                n->open = s->funits[ty->tracked + i];
                n->seg = 1;
                n->kind = s->fkind[ty->tracked + i];
        }
        if (bridge) {
                struct node *n = &s->nodes[s->nnodes];
                n->parent = (uint32_t)s->nnodes++;
                n->open = 2;
                n->seg = 1;
                n->kind = K_ROAD;
        }
        return first;
}

/* ---------------------------------------------------------------- placing */

static int side_value(const struct tkit_sim *s, const struct stype *ty, const struct scell *c,
                      int side)
{
        if ((s->bridge_sides[c->bridge] >> side) & 1u)
                return V_BRIDGE;
        return TKIT_CODE_SIDE(ty->code[c->rot], side);
}

#define NEW_NODES UINT32_MAX

/* Lays a tile of type `type` on cell p, joined to its neighbours; its feature nodes start at
 * `node`, or are made now (NEW_NODES). */
static void place_cell(struct tkit_sim *s, uint32_t p, uint32_t type, int rot, int bridge,
                       uint32_t node)
{
        struct scell *c = &s->cells[p];
        if (c->cons != OPEN_ALL)
                group_remove(s, p);
        touch(s, p);
        c->cons = OPEN_ALL;
        c->type = (uint16_t)type;
        c->rot = (uint8_t)rot;
        c->bridge = (uint8_t)bridge;
        const struct stype *ty = &s->types[type];
        c->corner = ty->corner[rot];
        if (ty->cloisters)
                c->flags |= CELL_CLOISTER;
        c->node = node != NEW_NODES ? node : make_nodes(s, type, bridge);
        for (int side = 0; side < 4; side++) {
                uint32_t q = (uint32_t)((int32_t)p + s->off[side]);
                if (s->cells[q].type != EMPTY)
                        join_edge(s, p, side, q);
                else
                        frontier_update(s, q, (side + 2) & 3, side_value(s, ty, c, side));
        }
        /* cloisters: a cloister is complete when its 8 neighbours are occupied */
        static const int dx[8] = {-1, 0, 1, 1, 1, 0, -1, -1}, dy[8] = {-1, -1, -1, 0, 1, 1, 1, 0};
        for (int k = 0; k < 8; k++) {
                struct scell *n = &s->cells[(int32_t)p + dy[k] * s->D + dx[k]];
                if (n->type == EMPTY)
                        continue;
                c->ncl++;
                if (++n->ncl == 8 && (n->flags & CELL_CLOISTER))
                        s->st.cloisters_completed += s->types[n->type].cloisters;
        }
        if (c->ncl == 8)
                s->st.cloisters_completed += ty->cloisters;
        /* barns: four tiles meeting at a corner, field on all four corners */
        for (int k = 0; k < 4; k++) {
                if (!((c->corner >> k) & 1u))
                        continue;
                bool all = true;
                for (int j = 0; j < 3 && all; j++) {
                        const struct scell *n = &s->cells[(int32_t)p + s->coff[k][j]];
                        all = n->type != EMPTY && ((n->corner >> s->cci[k][j]) & 1u);
                }
                if (all)
                        s->st.barn_opportunities++;
        }
        int x = (int)(p % (uint32_t)s->D), y = (int)(p / (uint32_t)s->D);
        if (x < s->minx)
                s->minx = x;
        if (x > s->maxx)
                s->maxx = x;
        if (y < s->miny)
                s->miny = y;
        if (y > s->maxy)
                s->maxy = y;
        s->st.cells++;
        if (bridge) {
                s->st.bridges++;
                s->bridges_left--;
        }
}

static void record(struct tkit_sim *s, uint32_t ref, uint32_t p, int rot, int bridge, bool piece)
{
        struct rec *r = &s->recs[s->nrecs++];
        int origin = s->D / 2;
        r->ref = ref;
        r->x = (int32_t)(p % (uint32_t)s->D) - origin;
        r->y = (int32_t)(p / (uint32_t)s->D) - origin;
        r->rot = (uint8_t)rot;
        r->bridge = (uint8_t)bridge;
        r->piece = piece;
        s->st.placed++;
}

static void place(struct tkit_sim *s, uint32_t p, uint32_t type, int rot, int bridge)
{
        place_cell(s, p, type, rot, bridge, NEW_NODES);
        record(s, type, p, rot, bridge, false);
}

static void discard(struct tkit_sim *s, uint32_t type)
{
        struct rec *r = &s->drecs[s->ndrecs++];
        r->ref = type;
        r->x = s->st.placed;
        s->st.discarded++;
}

static void drew(struct tkit_sim *s, uint32_t type)
{
        const struct stype *ty = &s->types[type];
        for (int k = 0; k < TKIT_POST_COUNT; k++)
                s->st.symbols[k] += ty->symbols[k];
}

static int nth_bit(unsigned v, int n)
{
        for (; n > 0; n--)
                v &= v - 1;
        int b = 0;
        while (!(v & 1u)) {
                v >>= 1;
                b++;
        }
        return b;
}

/* Draws a land tile: counts its legal options over the frontier groups, picks one uniformly. */
static void play_land(struct tkit_sim *s, uint32_t type)
{
        drew(s, type);
        const uint8_t *cnt = (s->bridges_left > 0 ? s->cntb : s->cntn) + (size_t)type * NCONS;
        uint32_t total = 0, *w = s->wbuf;
        size_t na = s->nactive;
        for (size_t i = 0; i < na; i++) {
                uint16_t c = s->active[i];
                w[i] = s->gn[c] * cnt[c];
                total += w[i];
        }
        if (total == 0) {
                discard(s, type);
                return;
        }
        uint32_t k = tkit_rng_below(&s->rng, total);
        size_t i = 0;
        while (k >= w[i])
                k -= w[i++];
        uint16_t c = s->active[i];
        uint32_t n = cnt[c];
        unsigned f = s->fit[(size_t)type * NCONS + c] & (s->bridges_left > 0 ? 0xfffu : 0xfu);
        uint32_t p = s->groups[c].cells[k / n];
        int bit = nth_bit(f, (int)(k % n));
        if (bit < 4) {
                place(s, p, type, bit, 0);
        } else {
                int rot = (bit - 4) >> 1, a = (bit - 4) & 1;
                place(s, p, type, rot, (int)tkit_bridge_axis_on_board(a, rot));
        }
}

/* River options: only cells that continue an open river end, with the turn rule. */
static size_t river_options(struct tkit_sim *s, uint32_t type)
{
        const struct stype *ty = &s->types[type];
        const uint16_t *fit = &s->fit[(size_t)type * NCONS];
        size_t n = 0;
        for (size_t i = 0; i < s->nactive; i++) {
                uint16_t c = s->active[i];
                if (!s->cons_river[c] || !(fit[c] & 0xfu))
                        continue;
                const struct group *g = &s->groups[c];
                for (size_t j = 0; j < g->n; j++) {
                        uint32_t q = g->cells[j];
                        unsigned entries = 0;
                        int e = -1;
                        for (int k = 0; k < 4; k++)
                                if ((c / pow6[k]) % 6 == V_RIVER) {
                                        entries |= 1u << k;
                                        e = k;
                                }
                        for (int r = 0; r < 4; r++) {
                                if (!(fit[c] & (1u << r)))
                                        continue;
                                unsigned exits = rot4(ty->river, r) & ~entries;
                                int turn = 0, last = 0;
                                if (popcount(entries) == 1 && popcount(exits) == 1) {
                                        last = s->cells[(int32_t)q + s->off[e]].rturn;
                                        turn = tkit_sim_river_turn(e, nth_bit(exits, 0));
                                        if (turn && turn == last)
                                                continue;
                                }
                                if (s->capropts <= n)
                                        tkit_grow((void **)&s->ropts, &s->capropts, n + 1,
                                                  sizeof(*s->ropts));
                                s->ropts[n].cell = q;
                                s->ropts[n].rot = (uint8_t)r;
                                s->ropts[n].turn = (int8_t)(turn ? turn : last);
                                n++;
                        }
                }
        }
        return n;
}

static void play_river(struct tkit_sim *s, uint32_t type)
{
        drew(s, type);
        size_t n = river_options(s, type);
        if (n == 0) {
                discard(s, type);
                return;
        }
        const struct ropt *o = &s->ropts[tkit_rng_below(&s->rng, (uint32_t)n)];
        place(s, o->cell, type, o->rot, 0);
        s->cells[o->cell].rturn = o->turn;
}

static uint32_t origin_cell(const struct tkit_sim *s)
{
        return (uint32_t)(s->D / 2) * (uint32_t)s->D + (uint32_t)(s->D / 2);
}

static int cell_side(const struct tkit_sim *s, uint32_t q, int side)
{
        const struct scell *c = &s->cells[q];
        int v = side_value(s, &s->types[c->type], c, side);
        return v == V_BRIDGE ? V_ROAD : v;
}

/* Fit of a whole piece at top-left board cell `p`, rotation r: -1 when it overlaps or mismatches,
 * else the number of sides it shares with the layout. */
static int piece_fit(const struct tkit_sim *s, const struct pref *pr, uint32_t p, int r)
{
        const struct tkit_piece *pc = pr->p;
        int D = s->D, score = 0;
        int px = (int)(p % (uint32_t)D), py = (int)(p / (uint32_t)D);
        for (int cy = 0; cy < pc->height; cy++) {
                for (int cx = 0; cx < pc->width; cx++) {
                        int bx, by;
                        tkit_piece_cell_offset(pc, r, cx, cy, &bx, &by);
                        int x = px + bx, y = py + by;
                        if (x < 1 || y < 1 || x >= D - 1 || y >= D - 1)
                                return -1;
                        uint32_t q = (uint32_t)(y * D + x);
                        if (s->cells[q].type != EMPTY)
                                return -1;
                        const struct stype *ty =
                            &s->types[pr->first_type + (uint32_t)(cy * pc->width + cx)];
                        for (int side = 0; side < 4; side++) {
                                uint32_t n = (uint32_t)((int32_t)q + s->off[side]);
                                if (s->cells[n].type == EMPTY)
                                        continue;
                                if (cell_side(s, n, (side + 2) & 3) !=
                                    (int)TKIT_CODE_SIDE(ty->code[r], side))
                                        return -1;
                                score++;
                        }
                }
        }
        return score;
}

/* The board cell of cell `k` (row-major) of a piece whose top-left cell is `p`, turned r. */
static uint32_t piece_cell_at(const struct tkit_sim *s, const struct tkit_piece *pc, uint32_t p,
                              int r, int k)
{
        int dx, dy;
        tkit_piece_cell_offset(pc, r, k % pc->width, k / pc->width, &dx, &dy);
        return (uint32_t)((int32_t)p + dy * s->D + dx);
}

/* The nodes of every cell are made first and the features the cells share made one (the piece
 * is one picture) before any edge is joined, so that no shared feature is counted complete while
 * a part of it is still to come; then the cells are laid in order. */
static void put_piece(struct tkit_sim *s, size_t idx, uint32_t p, int r)
{
        const struct pref *pr = &s->pieces[idx];
        const struct tkit_piece *pc = pr->p;
        int ncells = pc->width * pc->height;
        uint32_t *node = s->piece_nodes;
        for (int k = 0; k < ncells; k++)
                node[k] = make_nodes(s, pr->first_type + (uint32_t)k, 0);
        for (uint32_t j = pr->joins; j < pr->joins + pr->njoins; j++)
                unite(s, node[s->pjoins[j].cell_a] + s->pjoins[j].a,
                      node[s->pjoins[j].cell_b] + s->pjoins[j].b);
        for (int k = 0; k < ncells; k++)
                place_cell(s, piece_cell_at(s, pc, p, r, k), pr->first_type + (uint32_t)k, r, 0,
                           node[k]);
        record(s, (uint32_t)idx, p, r, 0, true);
}

/* The fortress: the first piece at (0, 0); each further one side by side where its art matches
 * along the longest seam (first such place in scan order: deterministic). */
static void place_pieces(struct tkit_sim *s)
{
        if (s->pieces_known) {
                for (size_t i = 0; i < s->npieces; i++)
                        if (s->piece_rot[i] >= 0)
                                put_piece(s, i, s->piece_cell[i], s->piece_rot[i]);
                return;
        }
        s->piece_cell = tkit_xcalloc(s->npieces + 1, sizeof(*s->piece_cell));
        s->piece_rot = tkit_xcalloc(s->npieces + 1, sizeof(*s->piece_rot));
        for (size_t i = 0; i < s->npieces; i++) {
                s->piece_rot[i] = -1;
                if (i == 0) {
                        s->piece_cell[0] = origin_cell(s);
                        s->piece_rot[0] = 0;
                        put_piece(s, 0, origin_cell(s), 0);
                        continue;
                }
                int best = 0, br = 0;
                uint32_t bp = 0;
                int span = s->pieces[i].p->width + s->pieces[i].p->height;
                for (int r = 0; r < 4; r++) {
                        /* east and south first, so ties put a later piece east of the first */
                        for (int y = s->maxy + 1; y >= s->miny - span; y--) {
                                for (int x = s->maxx + 1; x >= s->minx - span; x--) {
                                        if (x < 1 || y < 1 || x >= s->D - 1 || y >= s->D - 1)
                                                continue;
                                        uint32_t p = (uint32_t)(y * s->D + x);
                                        int sc = piece_fit(s, &s->pieces[i], p, r);
                                        if (sc > best) {
                                                best = sc;
                                                bp = p;
                                                br = r;
                                        }
                                }
                        }
                }
                if (best > 0) {
                        s->piece_cell[i] = bp;
                        s->piece_rot[i] = (int8_t)br;
                        put_piece(s, i, bp, br);
                }
        }
        s->pieces_known = true;
}

static void shuffle(struct tkit_sim *s, uint32_t *v, size_t n)
{
        for (size_t i = n; i > 1; i--) {
                size_t j = tkit_rng_below(&s->rng, (uint32_t)i);
                uint32_t t = v[i - 1];
                v[i - 1] = v[j];
                v[j] = t;
        }
}

static void reset(struct tkit_sim *s, const struct tkit_sim_options *o)
{
        for (size_t i = 0; i < s->ntouched; i++) {
                struct scell *c = &s->cells[s->touched[i]];
                uint8_t border = c->flags & CELL_BORDER;
                memset(c, 0, sizeof(*c));
                c->type = EMPTY;
                c->cons = OPEN_ALL;
                c->flags = border;
        }
        s->ntouched = 0;
        for (size_t i = 0; i < s->nactive; i++) {
                s->groups[s->active[i]].n = 0;
                s->gn[s->active[i]] = 0;
                s->actpos[s->active[i]] = -1;
        }
        s->nactive = 0;
        s->nnodes = 0;
        memset(&s->st, 0, sizeof(s->st));
        s->minx = s->miny = s->D;
        s->maxx = s->maxy = -1;
        s->bridges_left = s->bridge_tokens;
        tkit_rng_seed(&s->rng, o->seed);
        size_t nrec = s->nland + s->ncourse + s->nlakes + s->nsources + s->npieces + 2;
        if (s->caprecs < nrec) {
                tkit_grow((void **)&s->recs, &s->caprecs, nrec, sizeof(*s->recs));
                tkit_grow((void **)&s->drecs, &s->capdrecs, nrec, sizeof(*s->drecs));
        }
        s->nrecs = s->ndrecs = 0;
}

static void run(struct tkit_sim *s, const struct tkit_sim_options *o)
{
        reset(s, o);
        place_pieces(s);
        size_t n = 0;
        if (s->river_play && s->nsources + s->ncourse + s->nlakes > 0) {
                /* the first source starts the river; other sources and the course are shuffled;
                 * the lakes come last */
                size_t first = 0;
                if (s->nsources > 0 && s->st.placed == 0) {
                        drew(s, s->sources[0]);
                        place(s, origin_cell(s), s->sources[0], 0, 0);
                        first = 1;
                } else if (s->nsources > 0) {
                        play_river(s, s->sources[0]);
                        first = 1;
                }
                n = 0;
                for (size_t i = first; i < s->nsources; i++)
                        s->bag[n++] = s->sources[i];
                if (s->ncourse) /* memcpy from NULL is undefined even for 0 bytes */
                        memcpy(&s->bag[n], s->river_course, s->ncourse * sizeof(*s->bag));
                n += s->ncourse;
                shuffle(s, s->bag, n);
                if (s->nlakes) /* memcpy from NULL is undefined even for 0 bytes */
                        memcpy(&s->bag[n], s->lakes, s->nlakes * sizeof(*s->bag));
                shuffle(s, &s->bag[n], s->nlakes);
                n += s->nlakes;
                for (size_t i = 0; i < n; i++) {
                        if (s->st.placed == 0) {
                                drew(s, s->bag[i]);
                                place(s, origin_cell(s), s->bag[i], 0, 0);
                        } else
                                play_river(s, s->bag[i]);
                }
        }
        if (s->nland) /* a set without land tiles has no array (UBSan) */
                memcpy(s->bag, s->land, s->nland * sizeof(*s->bag));
        n = s->nland;
        shuffle(s, s->bag, n);
        size_t i = 0;
        if (s->st.placed == 0) {
                if (!s->start_in_bag)
                        place(s, origin_cell(s), (uint32_t)s->start, 0, 0);
                else if (n > 0) {
                        drew(s, s->bag[0]);
                        place(s, origin_cell(s), s->bag[i++], 0, 0);
                }
        }
        for (; i < n; i++)
                play_land(s, s->bag[i]);
        s->st.discarded = (int)s->ndrecs;
        int origin = s->D / 2;
        if (s->st.cells) {
                s->st.min_x = s->minx - origin;
                s->st.max_x = s->maxx - origin;
                s->st.min_y = s->miny - origin;
                s->st.max_y = s->maxy - origin;
        }
}

int tkit_sim_run(struct tkit_sim *s, const struct tkit_sim_options *o, struct tkit_layout_stats *stats)
{
        run(s, o);
        if (stats)
                *stats = s->st;
        return 0;
}

struct tkit_layout *tkit_sim_layout(struct tkit_sim *s, const struct tkit_sim_options *o)
{
        run(s, o);
        struct tkit_layout *l = tkit_layout_new();
        l->seed = o->seed;
        l->players = o->players;
        for (size_t i = 0; i < s->nsets; i++)
                *TKIT_PUSH(l->sets, l->nsets, l->capsets) = tkit_xstrdup(s->sets[i]->id);
        for (size_t i = 0; i < s->nrecs; i++) {
                const struct rec *r = &s->recs[i];
                struct tkit_placement *pl =
                    TKIT_PUSH(l->placements, l->nplacements, l->capplacements);
                memset(pl, 0, sizeof(*pl));
                if (r->piece) {
                        const struct pref *pr = &s->pieces[r->ref];
                        pl->is_piece = true;
                        pl->piece = pr->p;
                        pl->set = tkit_layout_intern(l, s->sets[pr->set]->id);
                        pl->tile = tkit_layout_intern(l, pr->p->id);
                } else {
                        const struct stype *ty = &s->types[r->ref];
                        pl->def = ty->def;
                        pl->set = tkit_layout_intern(l, s->sets[ty->set]->id);
                        pl->tile = tkit_layout_intern(l, ty->def->id);
                }
                pl->x = r->x;
                pl->y = r->y;
                pl->rotation = r->rot * 90;
                pl->bridge = (enum tkit_bridge_axis)r->bridge;
        }
        for (size_t i = 0; i < s->ndrecs; i++) {
                const struct rec *r = &s->drecs[i];
                const struct stype *ty = &s->types[r->ref];
                struct tkit_discard *dc = TKIT_PUSH(l->discards, l->ndiscards, l->capdiscards);
                dc->def = ty->def;
                dc->set = tkit_layout_intern(l, s->sets[ty->set]->id);
                dc->tile = tkit_layout_intern(l, ty->def->id);
                dc->after = r->x;
        }
        l->stats = s->st;
        l->has_stats = true;
        return l;
}

struct tkit_layout *tkit_simulate(struct tkit_set *const *sets, size_t nsets,
                                  const struct tkit_sim_options *o, struct tkit_diags *d)
{
        struct tkit_sim *s = tkit_sim_create(sets, nsets, d);
        if (!s)
                return NULL;
        struct tkit_layout *l = tkit_sim_layout(s, o);
        tkit_sim_destroy(s);
        return l;
}

long tkit_sim_options_now(const struct tkit_sim *s, const struct tkit_tile *def)
{
        for (size_t t = 0; t < s->ntypes; t++) {
                if (s->types[t].def != def)
                        continue;
                const uint8_t *cnt = (s->bridges_left > 0 ? s->cntb : s->cntn) + t * NCONS;
                long total = 0;
                for (size_t i = 0; i < s->nactive; i++)
                        total += (long)s->gn[s->active[i]] * cnt[s->active[i]];
                return total;
        }
        return -1;
}
