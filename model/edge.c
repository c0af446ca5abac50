/* The edge table (tkit-model.h, "joins"): how two sides fit, which feature owns a position for
 * joins, which features join across an edge and inside a multi-cell piece; bridges and the cells
 * of a turned piece. The simulator, its verifier and the rules engine all build on these, so a
 * board means the same to each of them. */
#include "tkit-model.h"

#include <string.h>

const char *tkit_bridge_axis_name(enum tkit_bridge_axis a)
{
        switch (a) {
        case TKIT_BRIDGE_NS:
                return "NS";
        case TKIT_BRIDGE_EW:
                return "EW";
        default:
                return "";
        }
}

int tkit_bridge_axis_parse(const char *s)
{
        if (strcmp(s, "NS") == 0)
                return TKIT_BRIDGE_NS;
        if (strcmp(s, "EW") == 0)
                return TKIT_BRIDGE_EW;
        return -1;
}

bool tkit_bridge_end(enum tkit_bridge_axis a, int side)
{
        /* NS has its ends on the even sides (N S), EW on the odd ones (E W) */
        return (a == TKIT_BRIDGE_NS || a == TKIT_BRIDGE_EW) && (side & 1) == (int)a - 1;
}

enum tkit_bridge_axis tkit_bridge_axis_on_board(int tile_axis, int rot)
{
        /* a quarter turn swaps the axes */
        return (tile_axis ^ rot) & 1 ? TKIT_BRIDGE_EW : TKIT_BRIDGE_NS;
}

int tkit_bridge_axis_on_tile(enum tkit_bridge_axis a, int rot)
{
        return (((int)a - 1) ^ rot) & 1;
}

void tkit_piece_cell_offset(const struct tkit_piece *p, int rot, int cx, int cy, int *dx, int *dy)
{
        int w = p->width, h = p->height;
        switch (((rot % 4) + 4) % 4) {
        case 0:
                *dx = cx;
                *dy = cy;
                break;
        case 1: /* the west column becomes the north row */
                *dx = h - 1 - cy;
                *dy = cx;
                break;
        case 2:
                *dx = w - 1 - cx;
                *dy = h - 1 - cy;
                break;
        default:
                *dx = cy;
                *dy = w - 1 - cx;
                break;
        }
}

bool tkit_sides_fit(enum tkit_side_type a, bool a_bridge_end, enum tkit_side_type b,
                    bool b_bridge_end)
{
        if (a_bridge_end && b_bridge_end)
                return false; /* a bridge continues a road; two bridges end to end carry none */
        return tkit_sides_compatible(a_bridge_end ? TKIT_SIDE_ROAD : a,
                                     b_bridge_end ? TKIT_SIDE_ROAD : b);
}

static bool on_top(enum tkit_feature_kind k)
{
        return k == TKIT_ROAD || k == TKIT_RIVER;
}

/* One pass over the features (the engine builds every cell's table on each move): a position
 * goes to its first feature, then to the first road or river that also holds it. */
void tkit_tile_join_owners(const struct tkit_tile *t, int owner[TKIT_NPOS])
{
        for (int p = 0; p < TKIT_NPOS; p++)
                owner[p] = -1;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                bool top = on_top(f->kind);
                for (uint32_t m = f->mask & ((1u << TKIT_NPOS) - 1); m; m &= m - 1) {
                        int p = __builtin_ctz(m);
                        if (owner[p] < 0 || (top && !on_top(t->features[owner[p]].kind)))
                                owner[p] = (int)i;
                }
        }
}

int tkit_tile_join_owner(const struct tkit_tile *t, int pos)
{
        int owner[TKIT_NPOS];
        tkit_tile_join_owners(t, owner);
        return pos >= 0 && pos < TKIT_NPOS ? owner[pos] : -1;
}

bool tkit_features_join(enum tkit_feature_kind a, enum tkit_feature_kind b)
{
        return a == b && (a == TKIT_CITY || a == TKIT_ROAD || a == TKIT_FIELD || a == TKIT_RIVER);
}

int tkit_piece_cells_join(const struct tkit_tile *a, int f, const struct tkit_tile *b)
{
        if (f < 0 || (size_t)f >= a->nfeatures)
                return -1;
        return tkit_tile_find_feature(b, a->features[f].id);
}
