/* The simulator made once per box of sets (tkit_sim_create): every tile type and piece with its
 * side codes and tracked features, the tables of what fits each constraint, and the buffers every
 * game reuses (sim/engine-private.h; the design in sim/engine.c). */
#include "sim/engine-private.h"

#include <stdlib.h>
#include <string.h>

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

/* Whether a set is given twice (an error in `d`). */
static bool sets_repeated(struct tkit_set *const *sets, size_t nsets, struct tkit_diags *d)
{
        for (size_t i = 0; i < nsets; i++)
                for (size_t j = 0; j < i; j++)
                        if (sets[i]->id && sets[j]->id && strcmp(sets[i]->id, sets[j]->id) == 0) {
                                tkit_diags_add(d, TKIT_SEV_ERROR, sets[i]->file, sets[i]->line,
                                               tkit_sim_rule_id(TKIT_SR_SETS), sets[i]->id, NULL,
                                               "set '%s' is given twice", sets[i]->id);
                                return true;
                        }
        return false;
}

/* The pieces of set `i`, each cell a type of its own and each copy one piece; returns the cells
 * they bring to the board. */
static size_t add_pieces(struct tkit_sim *s, const struct tkit_set *set, uint32_t i)
{
        size_t ncells = 0;
        for (size_t p = 0; p < set->npieces; p++) {
                const struct tkit_piece *pc = &set->pieces[p];
                if (pc->width < 1 || pc->height < 1 || !pc->cells)
                        continue;
                uint32_t first = (uint32_t)s->ntypes;
                for (int c = 0; c < pc->width * pc->height; c++)
                        add_type(s, &pc->cells[c], i, (uint32_t)p, true);
                uint32_t joins = (uint32_t)s->npjoins;
                piece_joins(s, pc, first);
                for (int k = 0; k < pc->count; k++) {
                        struct pref *r = TKIT_PUSH(s->pieces, s->npieces, s->cappieces);
                        r->set = i;
                        r->index = (uint32_t)p;
                        r->first_type = first;
                        r->p = pc;
                        r->joins = joins;
                        r->njoins = (uint32_t)s->npjoins - joins;
                        ncells += (size_t)(pc->width * pc->height);
                }
        }
        return ncells;
}

/* Every tile type and piece of the sets; returns the cells the whole box brings. */
static size_t add_types(struct tkit_sim *s, struct tkit_set *const *sets, size_t nsets)
{
        size_t ss = 0, st = 0, ncells = 0;
        bool has_start = tkit_sim_find_start(sets, nsets, &ss, &st);
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
                ncells += add_pieces(s, set, (uint32_t)i);
        }
        return ncells;
}

/* The start tile starts unless a fortress or the river source takes its place: then it is in
 * the bag like any other. */
static void place_start(struct tkit_sim *s)
{
        s->start_in_bag = s->npieces > 0 || (s->river_play && s->nsources > 0) || s->start < 0;
        if (s->start_in_bag)
                return;
        for (size_t i = 0; i < s->nland; i++) {
                if (s->land[i] == (uint32_t)s->start) {
                        memmove(&s->land[i], &s->land[i + 1],
                                (s->nland - i - 1) * sizeof(*s->land));
                        s->nland--;
                        return;
                }
        }
}

/* Which rotations of each type fit each constraint, and how many (without and with bridges). */
static void fit_tables(struct tkit_sim *s)
{
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
}

/* The buffers a game fills, sized once for the whole box: nodes of the tracked features, a
 * piece's cells, the bag. */
static void game_buffers(struct tkit_sim *s)
{
        s->wbuf = tkit_xmalloc(NCONS * sizeof(*s->wbuf));
        s->capnodes = 16;
        size_t most = 1;
        for (size_t i = 0; i < s->npieces; i++) {
                size_t cells = (size_t)(s->pieces[i].p->width * s->pieces[i].p->height);
                s->capnodes += cells * (MAX_TRACKED + 1);
                most = cells > most ? cells : most;
        }
        for (size_t t = 0; t < s->ntypes; t++)
                s->capnodes += (size_t)(s->types[t].ntracked + 1) *
                               (size_t)(s->types[t].def->count > 0 ? s->types[t].def->count : 1);
        s->nodes = tkit_xmalloc(s->capnodes * sizeof(*s->nodes));
        s->piece_nodes = tkit_xmalloc(most * sizeof(*s->piece_nodes));
        s->capbag = s->nland + s->ncourse + s->nlakes + s->nsources + 1;
        s->bag = tkit_xmalloc(s->capbag * sizeof(*s->bag));
}

struct tkit_sim *tkit_sim_create(struct tkit_set *const *sets, size_t nsets, struct tkit_diags *d)
{
        if (sets_repeated(sets, nsets, d))
                return NULL;
        struct tkit_sim *s = tkit_xcalloc(1, sizeof(*s));
        s->sets = tkit_xmalloc((nsets ? nsets : 1) * sizeof(*s->sets));
        memcpy(s->sets, sets, nsets * sizeof(*sets));
        s->nsets = nsets;
        s->river_play = tkit_sim_river_in_play(sets, nsets);
        s->bridge_tokens = tkit_sim_bridge_tokens(sets, nsets);
        s->start = -1;
        size_t ncells = add_types(s, sets, nsets);
        if (ncells == 0 || s->ntypes >= EMPTY) {
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, tkit_sim_rule_id(TKIT_SR_EMPTY), NULL, NULL,
                               ncells ? "too many tile types (%zu)" : "no tiles to lay out",
                               s->ntypes);
                tkit_sim_destroy(s);
                return NULL;
        }
        place_start(s);
        count_units(s);
        join_tables(s);
        fit_tables(s);
        game_buffers(s);
        setup_grid(s, ncells);
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
