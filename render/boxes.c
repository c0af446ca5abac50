/* An index of boxes by the unit cells they touch, so that "does this box overlap anything of
 * these kinds?" costs the few boxes near it instead of all of them: placing n figures and badges
 * is then O(n) lookups, not O(n²) comparisons. Cells are kept in an open-addressing hash table
 * (the board may be sparse and stretch in any direction); each cell lists the boxes touching it. */
#include "render/render-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct bucket {
        int gx, gy;
        size_t *ids;
        size_t n, cap;
        bool used;
};

struct tkit_box_index {
        struct tkit_box *boxes;
        size_t nboxes, capboxes;
        struct bucket *tab;
        size_t cap, used;
};

struct tkit_box_index *tkit_box_index_create(void)
{
        struct tkit_box_index *x = tkit_xcalloc(1, sizeof *x);
        x->cap = 64;
        x->tab = tkit_xcalloc(x->cap, sizeof *x->tab);
        return x;
}

void tkit_box_index_destroy(struct tkit_box_index *x)
{
        if (!x)
                return;
        for (size_t i = 0; i < x->cap; i++)
                free(x->tab[i].ids);
        free(x->tab);
        free(x->boxes);
        free(x);
}

static size_t cell_hash(int gx, int gy)
{
        uint64_t h = (uint64_t)(uint32_t)gx * 0x9e3779b97f4a7c15ull;
        h ^= (uint64_t)(uint32_t)gy * 0xc2b2ae3d27d4eb4full;
        return (size_t)(h ^ (h >> 29));
}

static struct bucket *slot(struct bucket *tab, size_t cap, int gx, int gy)
{
        size_t i = cell_hash(gx, gy) & (cap - 1);
        while (tab[i].used && (tab[i].gx != gx || tab[i].gy != gy))
                i = (i + 1) & (cap - 1);
        return &tab[i];
}

static void grow(struct tkit_box_index *x)
{
        size_t cap = x->cap * 2;
        struct bucket *tab = tkit_xcalloc(cap, sizeof *tab);
        for (size_t i = 0; i < x->cap; i++)
                if (x->tab[i].used)
                        *slot(tab, cap, x->tab[i].gx, x->tab[i].gy) = x->tab[i];
        free(x->tab);
        x->tab = tab;
        x->cap = cap;
}

static int cell_of(double v)
{
        double f = floor(v);
        return f < -1e9 ? -1000000000 : f > 1e9 ? 1000000000 : (int)f;
}

size_t tkit_box_index_add(struct tkit_box_index *x, struct tkit_box b)
{
        size_t id = x->nboxes;
        *TKIT_PUSH(x->boxes, x->nboxes, x->capboxes) = b;
        for (int gy = cell_of(b.y0); gy <= cell_of(b.y1); gy++)
                for (int gx = cell_of(b.x0); gx <= cell_of(b.x1); gx++) {
                        if ((x->used + 1) * 2 > x->cap)
                                grow(x);
                        struct bucket *k = slot(x->tab, x->cap, gx, gy);
                        if (!k->used) {
                                *k = (struct bucket){.gx = gx, .gy = gy, .used = true};
                                x->used++;
                        }
                        *TKIT_PUSH(k->ids, k->n, k->cap) = id;
                }
        return id;
}

const struct tkit_box *tkit_box_index_get(const struct tkit_box_index *x, size_t id)
{
        return id < x->nboxes ? &x->boxes[id] : NULL;
}

size_t tkit_box_index_count(const struct tkit_box_index *x)
{
        return x->nboxes;
}

bool tkit_box_overlap(const struct tkit_box *a, const struct tkit_box *b)
{
        return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 && b->y0 < a->y1;
}

long tkit_box_index_hit(const struct tkit_box_index *x, struct tkit_box b, unsigned kinds)
{
        if (!x)
                return -1;
        for (int gy = cell_of(b.y0); gy <= cell_of(b.y1); gy++)
                for (int gx = cell_of(b.x0); gx <= cell_of(b.x1); gx++) {
                        const struct bucket *k = slot(x->tab, x->cap, gx, gy);
                        for (size_t i = 0; k->used && i < k->n; i++) {
                                const struct tkit_box *o = &x->boxes[k->ids[i]];
                                if ((o->kind & kinds) && tkit_box_overlap(o, &b))
                                        return (long)k->ids[i];
                        }
                }
        return -1;
}
