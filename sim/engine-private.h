/* The simulator's tables and state (sim/engine.c explains the design): made once per box of
 * sets by sim/setup.c (tkit_sim_create), read and reused by every game in sim/engine.c. */
#ifndef TKIT_SIM_ENGINE_PRIVATE_H
#define TKIT_SIM_ENGINE_PRIVATE_H

#include "sim/sim-private.h"

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

/* 6 to the power of a side (0..3): a constraint is a base-6 number, one digit per side */
static const int pow6[4] __attribute__((unused)) = {1, 6, 36, 216};

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
        struct tkit_layout_stats st;
        int bridges_left;
        int minx, miny, maxx, maxy;
};

static inline int popcount(unsigned v)
{
        int n = 0;
        for (; v; v &= v - 1)
                n++;
        return n;
}

/* A 4-bit set of sides turned `r` quarter turns. */
static inline unsigned rot4(unsigned m, int r)
{
        r &= 3;
        return ((m << r) | (m >> (4 - r))) & 0xfu;
}

#endif
