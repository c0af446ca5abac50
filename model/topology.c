/* Where the fields of a tile meet on the perimeter: the geometry behind the checker's FIELD-SPLIT
 * and FIELD-DIVIDER (rules/topology.c), the JCloisterZone reader's inferred dividers and
 * render tile --debug. */
#include "tkit-model.h"

/* Whether the river (or road) owning middle m ends there with the way round its end open: a
 * river from its source or into a lake; the field goes round the spring or the lake. Roads that
 * end at a village or crossing divide the fields (the rulebooks say so), at a city or river bank
 * they close the way; at a cloister or anything else where the building stands is not in the
 * data (docs/rules.md), so a road end is never taken as open. */
static bool open_end(const struct tkit_tile *t, int m)
{
        int o = tkit_tile_owner(t, m, false);
        if (o < 0)
                return false;
        const struct tkit_feature *f = &t->features[o];
        return f->kind == TKIT_RIVER && tkit_mask_sides(f->mask) == 1 &&
               (f->end == TKIT_END_SOURCE || f->end == TKIT_END_LAKE);
}

void tkit_divider_sides(int bit, int *before, int *after)
{
        bool corner = TKIT_POS_PART(bit) == TKIT_R;
        *before = corner ? bit : bit - 1;
        *after = corner ? (bit + 1) % TKIT_NPOS : bit + 1;
}

bool tkit_tile_point_open(const struct tkit_tile *t, int bit)
{
        if (!tkit_divider_name(bit))
                return false;
        if (TKIT_POS_PART(bit) == TKIT_R)
                return true; /* a corner: nothing can stand there */
        /* Overpasses count here: at the perimeter a bridge's road stands on the ground. */
        return tkit_tile_owner(t, bit, false) < 0 || open_end(t, bit);
}

int tkit_tile_field_at(const struct tkit_tile *t, int pos)
{
        int o = tkit_tile_owner(t, pos, false);
        return o >= 0 && t->features[o].kind == TKIT_FIELD ? o : -1;
}

uint16_t tkit_tile_field_meetings(const struct tkit_tile *t)
{
        uint16_t m = 0;
        for (int b = 0; b < TKIT_NPOS; b++) {
                if (!tkit_tile_point_open(t, b))
                        continue;
                int p, q;
                tkit_divider_sides(b, &p, &q);
                int fa = tkit_tile_field_at(t, p), fb = tkit_tile_field_at(t, q);
                if (fa >= 0 && fb >= 0 && fa != fb)
                        m |= (uint16_t)(1u << b);
        }
        return m;
}
