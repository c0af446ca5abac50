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
#include "sim/sim-private.h"

#include <stdlib.h>
#include <string.h>

#define NCONS 1296
#define OPEN_ALL 1036 /* every side open: 4 + 4*6 + 4*36 + 4*216 */
#define EMPTY 0xffffu
/* Cities and roads tracked per tile: a tile has at most 12 perimeter positions, so at most 12
 * features reach the perimeter; 64 is never reached. */
#define MAX_TRACKED 64
#define MAX_GRID 2047 /* cells per grid row; beyond, the border cells stay empty */

enum { V_FIELD = 0, V_ROAD = 1, V_CITY = 2, V_RIVER = 3, V_OPEN = 4, V_BRIDGE = 5 };
enum { CELL_BORDER = 1u, CELL_TOUCHED = 2u, CELL_CLOISTER = 4u };
enum { K_CITY = 0, K_ROAD = 1 };

static const int pow6[4] = {1, 6, 36, 216};

struct stype {
        const struct tkit_tile *def;
        uint32_t set, index; /* tile index in its set, or piece index for piece cells */
        bool piece_cell;
        uint8_t code[4];   /* side codes per rotation */
        uint8_t axes;      /* tkit_tile_bridge_axes */
        uint8_t river;     /* river sides, unrotated */
        uint8_t role;      /* enum tkit_sim_river_role */
        uint8_t cloisters; /* cloister features */
        uint8_t
            corner[4]; /* per rotation: board corners (NW NE SE SW) where both halves are field */
        uint8_t ntracked;
        uint32_t tracked; /* first entry in s->fkind / s->funits */
        int8_t posmap[4][TKIT_NPOS];
        uint8_t sk[4][4]; /* per rotation and board side: the kinds of its three parts, 2 bits
                             each (0 untracked, 1 + K_CITY or K_ROAD), for s->ej */
        uint8_t symbols[TKIT_POST_COUNT];
};

struct scell {
        uint16_t type;
        uint8_t rot, bridge; /* bridge: 0, 1 NS, 2 EW (board axis) */
        uint16_t cons;
        uint8_t flags, ncl; /* ncl: occupied neighbours of 8, for cloisters */
        uint8_t corner;
        int8_t rturn; /* river: last turn before this tile's exit (0 none, 1 right, 2 left) */
        uint32_t slot, node;
};

struct node {
        uint32_t parent;
        int32_t open; /* perimeter units not yet joined */
        uint32_t seg; /* tile features joined */
        uint8_t kind;
};

struct group {
        uint32_t *cells;
        size_t n, cap;
};

struct rec {
        uint32_t ref; /* type index, or piece list index when piece */
        int32_t x, y;
        uint8_t rot, bridge, piece;
};

struct pref {
        uint32_t set, index, first_type;
        const struct tkit_piece *p;
        uint32_t joins, njoins; /* its entries in s->pjoins */
};

/* Two tracked features of one piece that are one feature (tkit_piece_cells_join): cell indexes of
 * the piece (row-major) and tracked indexes within those cells' types. */
struct pjoin {
        uint16_t cell_a, cell_b;
        uint8_t a, b;
};

struct ropt {
        uint32_t cell;
        uint8_t rot;
        int8_t turn;
};

struct tkit_sim {
        struct tkit_set **sets;
        size_t nsets;
        struct stype *types;
        size_t ntypes, captypes;
        uint16_t *fit;        /* ntypes * NCONS */
        uint8_t *cntn, *cntb; /* options per (type, constraint): plain, with bridges */
        uint32_t gn[NCONS];   /* cells per constraint (mirror of groups[c].n, kept hot) */
        uint32_t *wbuf;       /* weights of the active constraints for one draw */
        uint8_t *fkind, *funits;
        size_t nf, capf;
        bool kjoin[2][2]; /* tkit_features_join over K_CITY, K_ROAD */
        /* The edge table per pair of facing sides (their stype.sk codes): bits 0-2, the parts
         * whose features join; bits 3-5, the parts where a tracked feature meets one it does not
         * join (odd data only). Read once per occupied neighbour. */
        uint8_t ej[64][64];
        uint16_t bridge_pos[3];  /* per bridge axis: the positions its road owns */
        uint8_t bridge_sides[3]; /* per bridge axis: the sides that are its ends */
        struct pjoin *pjoins;
        size_t npjoins, cappjoins;
        uint32_t *piece_nodes; /* first node of each cell of the piece being laid */

        uint32_t *land; /* land bag, copies expanded, without the start copy */
        size_t nland, capland;
        uint32_t *river_course, *lakes, *sources;
        size_t ncourse, caprc, nlakes, caplk, nsources, capsrc;
        struct pref *pieces;
        size_t npieces, cappieces;
        /* where each piece goes: the same in every game (the board is empty), found once */
        uint32_t *piece_cell;
        int8_t *piece_rot; /* -1: no place fits */
        bool pieces_known;
        int start; /* type index or -1 */
        bool river_play, start_in_bag;
        int bridge_tokens;
        bool cons_river[NCONS];

        /* per run */
        int D;
        int32_t off[4], coff[4][3];
        int cci[4][3];
        struct scell *cells;
        uint32_t *touched;
        size_t ntouched, captouched;
        struct group groups[NCONS];
        uint16_t active[NCONS];
        int32_t actpos[NCONS];
        size_t nactive;
        struct node *nodes;
        size_t nnodes, capnodes;
        uint32_t *bag;
        size_t capbag;
        struct ropt *ropts;
        size_t capropts;
        struct rec *recs, *drecs;
        size_t nrecs, caprecs, ndrecs, capdrecs;
        struct tkit_rng rng;
        struct tkit_sim_stats st;
        int bridges_left;
        int minx, miny, maxx, maxy;
};

/* ---------------------------------------------------------------- preparation */

static int popcount(unsigned v)
{
        int n = 0;
        for (; v; v &= v - 1)
                n++;
        return n;
}

static unsigned rot4(unsigned m, int r)
{
        r &= 3;
        return ((m << r) | (m >> (4 - r))) & 0xfu;
}

static bool field_at(const struct tkit_tile *t, int pos)
{
        int o = tkit_tile_join_owner(t, pos);
        return o >= 0 && t->features[o].kind == TKIT_FIELD;
}

static uint32_t add_type(struct tkit_sim *s, const struct tkit_tile *t, uint32_t set,
                         uint32_t index, bool piece_cell)
{
        struct stype *ty = TKIT_PUSH(s->types, s->ntypes, s->captypes);
        memset(ty, 0, sizeof(*ty));
        ty->def = t;
        ty->set = set;
        ty->index = index;
        ty->piece_cell = piece_cell;
        for (int r = 0; r < 4; r++)
                ty->code[r] = tkit_tile_side_code(t, r);
        ty->axes = (uint8_t)tkit_tile_bridge_axes(t);
        ty->river = (uint8_t)tkit_sim_river_sides(t);
        ty->role = (uint8_t)tkit_sim_river_role(t);
        static const int cpos[4][2] = {{0, 11}, {2, 3}, {5, 6}, {8, 9}};
        uint8_t corner = 0;
        for (int k = 0; k < 4; k++)
                if (field_at(t, cpos[k][0]) && field_at(t, cpos[k][1]))
                        corner |= (uint8_t)(1u << k);
        for (int r = 0; r < 4; r++)
                ty->corner[r] = (uint8_t)rot4(corner, r);
        /* tracked features: cities and roads that reach the perimeter */
        int *local = tkit_xmalloc((t->nfeatures + 1) * sizeof(*local));
        ty->tracked = (uint32_t)s->nf;
        for (size_t i = 0; i < t->nfeatures; i++) {
                local[i] = -1;
                if (t->features[i].kind == TKIT_CLOISTER && ty->cloisters < UINT8_MAX)
                        ty->cloisters++;
        }
        memset(ty->posmap, -1, sizeof(ty->posmap));
        for (int pos = 0; pos < TKIT_NPOS; pos++) {
                int o = tkit_tile_join_owner(t, pos);
                if (o < 0)
                        continue;
                enum tkit_feature_kind k = t->features[o].kind;
                if (k != TKIT_CITY && k != TKIT_ROAD)
                        continue;
                if (local[o] < 0) {
                        if (ty->ntracked >= MAX_TRACKED)
                                continue;
                        local[o] = ty->ntracked++;
                        tkit_grow((void **)&s->fkind, &s->capf, s->nf + 1, 1);
                        s->fkind[s->nf] = k == TKIT_CITY ? K_CITY : K_ROAD;
                        s->nf++;
                }
                for (int r = 0; r < 4; r++)
                        ty->posmap[r][tkit_pos_rotate(pos, r)] = (int8_t)local[o];
        }
        free(local);
        for (int r = 0; r < 4; r++)
                for (int side = 0; side < 4; side++) {
                        ty->sk[r][side] = 0;
                        for (int part = 0; part < 3; part++) {
                                int m = ty->posmap[r][side * 3 + part];
                                unsigned k = m < 0 ? 0 : 1u + s->fkind[ty->tracked + (uint32_t)m];
                                ty->sk[r][side] |= (uint8_t)(k << (2 * part));
                        }
                }
        for (size_t i = 0; i < t->nsymbols; i++)
                if (t->symbols[i] < TKIT_POST_COUNT)
                        ty->symbols[t->symbols[i]]++;
        return (uint32_t)(s->ntypes - 1);
}

/* The tracked index of feature f of the tile of type ty (from the positions it owns), or -1. */
static int tracked_index(const struct stype *ty, int f)
{
        for (int pos = 0; pos < TKIT_NPOS; pos++)
                if (tkit_tile_join_owner(ty->def, pos) == f)
                        return ty->posmap[0][pos];
        return -1;
}

/* The tracked features that the cells of piece pc (types from `first` on) share. */
static void piece_joins(struct tkit_sim *s, const struct tkit_piece *pc, uint32_t first)
{
        int ncells = pc->width * pc->height;
        for (int c = 0; c < ncells; c++) {
                const struct stype *ty = &s->types[first + (uint32_t)c];
                for (size_t f = 0; f < ty->def->nfeatures; f++) {
                        int a = tracked_index(ty, (int)f);
                        for (int c2 = c + 1; a >= 0 && c2 < ncells; c2++) {
                                const struct stype *t2 = &s->types[first + (uint32_t)c2];
                                int g = tkit_piece_cells_join(ty->def, (int)f, t2->def);
                                int b = g < 0 ? -1 : tracked_index(t2, g);
                                if (b < 0)
                                        continue;
                                struct pjoin *j = TKIT_PUSH(s->pjoins, s->npjoins, s->cappjoins);
                                *j = (struct pjoin){(uint16_t)c, (uint16_t)c2, (uint8_t)a,
                                                    (uint8_t)b};
                        }
                }
        }
}

/* The edge table's joins and bridges as the hot path reads them, asked of the model once. */
static void join_tables(struct tkit_sim *s)
{
        static const enum tkit_feature_kind kinds[2] = {[K_CITY] = TKIT_CITY, [K_ROAD] = TKIT_ROAD};
        for (int a = 0; a < 2; a++)
                for (int b = 0; b < 2; b++)
                        s->kjoin[a][b] = tkit_features_join(kinds[a], kinds[b]);
        for (unsigned A = 0; A < 64; A++)
                for (unsigned B = 0; B < 64; B++) {
                        unsigned e = 0;
                        for (int part = 0; part < 3; part++) {
                                unsigned ka = (A >> (2 * part)) & 3u;
                                unsigned kb = (B >> (2 * (2 - part))) & 3u;
                                if (ka && kb && ka < 3 && kb < 3 && s->kjoin[ka - 1][kb - 1])
                                        e |= 1u << part;
                                else if (ka || kb)
                                        e |= 8u << part;
                        }
                        s->ej[A][B] = (uint8_t)e;
                }
        for (int a = TKIT_BRIDGE_NONE; a <= TKIT_BRIDGE_EW; a++) {
                s->bridge_pos[a] = 0;
                s->bridge_sides[a] = 0;
                for (int side = 0; side < 4; side++)
                        if (tkit_bridge_end((enum tkit_bridge_axis)a, side)) {
                                s->bridge_sides[a] |= (uint8_t)(1u << side);
                                s->bridge_pos[a] |= (uint16_t)(1u << TKIT_POS(side, TKIT_M));
                        }
        }
}

/* Perimeter units per tracked feature, counted from posmap at rotation 0. */
static void count_units(struct tkit_sim *s)
{
        s->funits = tkit_xcalloc(s->nf + 1, 1);
        for (size_t t = 0; t < s->ntypes; t++) {
                const struct stype *ty = &s->types[t];
                for (int pos = 0; pos < TKIT_NPOS; pos++)
                        if (ty->posmap[0][pos] >= 0)
                                s->funits[ty->tracked + (uint32_t)ty->posmap[0][pos]]++;
        }
}

/* Whether a side of the tile (a side type, or a bridge end) fits a neighbour showing v. */
/* The edge table's side rules as the fit tables need them, asked of the model once. */
struct side_rules {
        bool fits[2][4][6]; /* [tile side is a bridge end][tile side type][neighbour shows v] */
        uint8_t ends[4][2]; /* board sides that are bridge ends, per rotation and tile axis */
};

static void side_rules_init(struct side_rules *sr)
{
        for (int end = 0; end < 2; end++)
                for (int t = 0; t < 4; t++)
                        for (int v = 0; v < 6; v++) {
                                enum tkit_side_type shown =
                                    v == V_BRIDGE ? TKIT_SIDE_ROAD : (enum tkit_side_type)(v & 3);
                                sr->fits[end][t][v] =
                                    v == V_OPEN || tkit_sides_fit((enum tkit_side_type)t, end,
                                                                  shown, v == V_BRIDGE);
                        }
        for (int r = 0; r < 4; r++)
                for (int a = 0; a < 2; a++) {
                        sr->ends[r][a] = 0;
                        for (int k = 0; k < 4; k++)
                                if (tkit_bridge_end(tkit_bridge_axis_on_board(a, r), k))
                                        sr->ends[r][a] |= (uint8_t)(1u << k);
                }
}

static bool side_fits(const struct side_rules *sr, int tile_side, bool bridge_end, int v)
{
        return sr->fits[bridge_end][tile_side & 3][v];
}

static uint16_t fit_one(const struct side_rules *sr, const struct stype *ty, int c, bool bridges)
{
        int v[4];
        for (int k = 0; k < 4; k++)
                v[k] = (c / pow6[k]) % 6;
        uint16_t f = 0;
        for (int r = 0; r < 4; r++) {
                bool ok = true;
                for (int k = 0; k < 4 && ok; k++)
                        ok = side_fits(sr, TKIT_CODE_SIDE(ty->code[r], k), false, v[k]);
                if (ok)
                        f |= (uint16_t)(1u << r);
        }
        if (!bridges)
                return f;
        for (int r = 0; r < 4; r++) {
                for (int a = 0; a < 2; a++) {
                        if (!(ty->axes & (1u << a)))
                                continue;
                        bool ok = true, continues = false;
                        for (int k = 0; k < 4 && ok; k++) {
                                bool end = (sr->ends[r][a] >> k) & 1u;
                                ok = side_fits(sr, TKIT_CODE_SIDE(ty->code[r], k), end, v[k]);
                                /* a bridge is laid to continue a road */
                                continues |= end && v[k] == V_ROAD;
                        }
                        if (ok && continues)
                                f |= (uint16_t)(1u << (4 + r * 2 + a));
                }
        }
        return f;
}

static void add_copies(uint32_t **v, size_t *n, size_t *cap, uint32_t type, int count)
{
        for (int i = 0; i < count; i++)
                *TKIT_PUSH(*v, *n, *cap) = type;
}

static void classify(struct tkit_sim *s, size_t si, size_t ti, uint32_t type, int count)
{
        const struct stype *ty = &s->types[type];
        if (!ty->river) {
                add_copies(&s->land, &s->nland, &s->capland, type, count);
                return;
        }
        if (!s->river_play)
                return; /* river tiles without river rules are left in the box */
        (void)si;
        (void)ti;
        switch (ty->role) {
        case SIM_RIVER_SOURCE:
                add_copies(&s->sources, &s->nsources, &s->capsrc, type, count);
                break;
        case SIM_RIVER_LAKE:
                add_copies(&s->lakes, &s->nlakes, &s->caplk, type, count);
                break;
        default:
                add_copies(&s->river_course, &s->ncourse, &s->caprc, type, count);
                break;
        }
}

static void setup_grid(struct tkit_sim *s, size_t ncells)
{
        size_t d = 2 * ncells + 5;
        if (d > MAX_GRID)
                d = MAX_GRID;
        s->D = (int)d;
        s->cells = tkit_xcalloc(d * d, sizeof(*s->cells));
        for (size_t i = 0; i < d * d; i++) {
                s->cells[i].type = EMPTY;
                s->cells[i].cons = OPEN_ALL;
                size_t x = i % d, y = i / d;
                if (x == 0 || y == 0 || x == d - 1 || y == d - 1)
                        s->cells[i].flags = CELL_BORDER;
        }
        int32_t D = s->D;
        s->off[0] = -D;
        s->off[1] = 1;
        s->off[2] = D;
        s->off[3] = -1;
        /* the three other cells at each corner of a cell, and which of their corners it is */
        const int32_t co[4][3] = {{-1, -D - 1, -D}, {-D, -D + 1, 1}, {1, D + 1, D}, {D, D - 1, -1}};
        const int ci[4][3] = {{1, 2, 3}, {2, 3, 0}, {3, 0, 1}, {0, 1, 2}};
        memcpy(s->coff, co, sizeof(co));
        memcpy(s->cci, ci, sizeof(ci));
        s->captouched = 6 * ncells + 16;
        s->touched = tkit_xmalloc(s->captouched * sizeof(*s->touched));
        for (int c = 0; c < NCONS; c++) {
                s->actpos[c] = -1;
                bool r = false;
                for (int k = 0; k < 4; k++)
                        r |= (c / pow6[k]) % 6 == V_RIVER;
                s->cons_river[c] = r;
        }
}

struct tkit_sim *tkit_sim_create(struct tkit_set *const *sets, size_t nsets, struct tkit_diags *d)
{
        for (size_t i = 0; i < nsets; i++)
                for (size_t j = 0; j < i; j++)
                        if (sets[i]->id && sets[j]->id && strcmp(sets[i]->id, sets[j]->id) == 0) {
                                tkit_diags_add(d, TKIT_SEV_ERROR, sets[i]->file, sets[i]->line,
                                               "SIM-SETS", sets[i]->id, NULL,
                                               "set '%s' is given twice", sets[i]->id);
                                return NULL;
                        }
        struct tkit_sim *s = tkit_xcalloc(1, sizeof(*s));
        s->sets = tkit_xmalloc((nsets ? nsets : 1) * sizeof(*s->sets));
        memcpy(s->sets, sets, nsets * sizeof(*sets));
        s->nsets = nsets;
        s->river_play = tkit_sim_river_in_play(sets, nsets);
        s->bridge_tokens = tkit_sim_bridge_tokens(sets, nsets);
        s->start = -1;
        size_t ss = 0, st = 0;
        bool has_start = tkit_sim_find_start(sets, nsets, &ss, &st);
        size_t ncells = 0;
        for (size_t i = 0; i < nsets; i++) {
                const struct tkit_set *set = sets[i];
                for (size_t t = 0; t < set->ntiles; t++) {
                        const struct tkit_tile *tile = &set->tiles[t];
                        uint32_t type = add_type(s, tile, (uint32_t)i, (uint32_t)t, false);
                        /* Fortress-group tiles (JCloisterZone's City of Carcassonne) are parts
                         * of a fixed piece, never drawn from the bag. */
                        int count =
                            tile->count > 0 && tile->group != TKIT_GROUP_FORTRESS ? tile->count : 0;
                        if (has_start && i == ss && t == st && count > 0)
                                s->start = (int)type;
                        classify(s, i, t, type, count);
                        ncells += (size_t)count;
                }
                for (size_t p = 0; p < set->npieces; p++) {
                        const struct tkit_piece *pc = &set->pieces[p];
                        if (pc->width < 1 || pc->height < 1 || !pc->cells)
                                continue;
                        uint32_t first = (uint32_t)s->ntypes;
                        for (int c = 0; c < pc->width * pc->height; c++)
                                add_type(s, &pc->cells[c], (uint32_t)i, (uint32_t)p, true);
                        uint32_t joins = (uint32_t)s->npjoins;
                        piece_joins(s, pc, first);
                        for (int k = 0; k < pc->count; k++) {
                                struct pref *r = TKIT_PUSH(s->pieces, s->npieces, s->cappieces);
                                r->set = (uint32_t)i;
                                r->index = (uint32_t)p;
                                r->first_type = first;
                                r->p = pc;
                                r->joins = joins;
                                r->njoins = (uint32_t)s->npjoins - joins;
                                ncells += (size_t)(pc->width * pc->height);
                        }
                }
        }
        if (ncells == 0 || s->ntypes >= EMPTY) {
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, "SIM-EMPTY", NULL, NULL,
                               ncells ? "too many tile types (%zu)" : "no tiles to lay out",
                               s->ntypes);
                tkit_sim_destroy(s);
                return NULL;
        }
        /* The start tile starts unless a fortress or the river source takes its place. */
        s->start_in_bag = s->npieces > 0 || (s->river_play && s->nsources > 0) || s->start < 0;
        if (!s->start_in_bag) {
                for (size_t i = 0; i < s->nland; i++) {
                        if (s->land[i] == (uint32_t)s->start) {
                                memmove(&s->land[i], &s->land[i + 1],
                                        (s->nland - i - 1) * sizeof(*s->land));
                                s->nland--;
                                break;
                        }
                }
        }
        count_units(s);
        join_tables(s);
        bool bridges = s->bridge_tokens > 0;
        struct side_rules sr;
        side_rules_init(&sr);
        s->fit = tkit_xmalloc(s->ntypes * NCONS * sizeof(*s->fit));
        for (size_t t = 0; t < s->ntypes; t++)
                for (int c = 0; c < NCONS; c++)
                        s->fit[t * NCONS + (size_t)c] =
                            c == OPEN_ALL ? 0 : fit_one(&sr, &s->types[t], c, bridges);
        s->cntn = tkit_xmalloc(s->ntypes * NCONS);
        s->cntb = tkit_xmalloc(s->ntypes * NCONS);
        for (size_t i = 0; i < s->ntypes * NCONS; i++) {
                s->cntn[i] = (uint8_t)popcount(s->fit[i] & 0xfu);
                s->cntb[i] = (uint8_t)popcount(s->fit[i]);
        }
        s->wbuf = tkit_xmalloc(NCONS * sizeof(*s->wbuf));
        setup_grid(s, ncells);
        s->capnodes = 16;
        for (size_t i = 0; i < s->npieces; i++)
                s->capnodes +=
                    (size_t)(s->pieces[i].p->width * s->pieces[i].p->height) * (MAX_TRACKED + 1);
        for (size_t t = 0; t < s->ntypes; t++)
                s->capnodes += (size_t)(s->types[t].ntracked + 1) *
                               (size_t)(s->types[t].def->count > 0 ? s->types[t].def->count : 1);
        s->nodes = tkit_xmalloc(s->capnodes * sizeof(*s->nodes));
        size_t most = 1;
        for (size_t i = 0; i < s->npieces; i++)
                if ((size_t)(s->pieces[i].p->width * s->pieces[i].p->height) > most)
                        most = (size_t)(s->pieces[i].p->width * s->pieces[i].p->height);
        s->piece_nodes = tkit_xmalloc(most * sizeof(*s->piece_nodes));
        s->capbag = s->nland + s->ncourse + s->nlakes + s->nsources + 1;
        s->bag = tkit_xmalloc(s->capbag * sizeof(*s->bag));
        return s;
}

void tkit_sim_destroy(struct tkit_sim *s)
{
        if (!s)
                return;
        for (int c = 0; c < NCONS; c++)
                free(s->groups[c].cells);
        free(s->sets);
        free(s->types);
        free(s->fit);
        free(s->cntn);
        free(s->cntb);
        free(s->wbuf);
        free(s->fkind);
        free(s->funits);
        free(s->pjoins);
        free(s->piece_nodes);
        free(s->land);
        free(s->river_course);
        free(s->lakes);
        free(s->sources);
        free(s->pieces);
        free(s->piece_cell);
        free(s->piece_rot);
        free(s->cells);
        free(s->touched);
        free(s->nodes);
        free(s->bag);
        free(s->ropts);
        free(s->recs);
        free(s->drecs);
        free(s);
}

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

int tkit_sim_run(struct tkit_sim *s, const struct tkit_sim_options *o, struct tkit_sim_stats *stats)
{
        run(s, o);
        if (stats)
                *stats = s->st;
        return 0;
}

struct tkit_layout *tkit_sim_layout(struct tkit_sim *s, const struct tkit_sim_options *o)
{
        run(s, o);
        struct tkit_layout *l = tkit_sim_layout_new();
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
                        pl->set = tkit_sim_layout_intern(l, s->sets[pr->set]->id);
                        pl->tile = tkit_sim_layout_intern(l, pr->p->id);
                } else {
                        const struct stype *ty = &s->types[r->ref];
                        pl->def = ty->def;
                        pl->set = tkit_sim_layout_intern(l, s->sets[ty->set]->id);
                        pl->tile = tkit_sim_layout_intern(l, ty->def->id);
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
                dc->set = tkit_sim_layout_intern(l, s->sets[ty->set]->id);
                dc->tile = tkit_sim_layout_intern(l, ty->def->id);
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
