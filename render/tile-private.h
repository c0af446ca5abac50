/* The tile artist's geometry and plan, shared by render/tile.c (layout, cities, roads, rivers,
 * the tile) and render/tile-marks.c (buildings, symbols, upright overlays, field boundaries). */
#ifndef TKIT_RENDER_TILE_PRIVATE_H
#define TKIT_RENDER_TILE_PRIVATE_H

#include "render/render-private.h"

#include <math.h>

#define ROAD_W 0.085
#define ROAD_EDGE 0.014
#define RIVER_W 0.13
#define WALL_W 0.038

struct pt {
        double x, y;
};

static const struct pt corners[4] __attribute__((unused)) = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const struct pt normals[4]
    __attribute__((unused)) = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}}; /* inward */
static const struct pt middles[4]
    __attribute__((unused)) = {{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}};

static inline struct pt corner(int i)
{
        return corners[((i % 4) + 4) % 4];
}

static inline struct pt lerp(struct pt a, struct pt b, double t)
{
        return (struct pt){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

static inline struct pt add(struct pt a, struct pt b, double k)
{
        return (struct pt){a.x + b.x * k, a.y + b.y * k};
}

/* Corner i pushed `e` outward (for bleed). */
static inline struct pt corner_ext(int i, double e)
{
        struct pt c = corner(i);
        return (struct pt){c.x < 0.5 ? -e : 1 + e, c.y < 0.5 ? -e : 1 + e};
}

/* Side middle pushed `e` outward. */
static inline struct pt middle_ext(int s, double e)
{
        return add(middles[s], normals[s], -e);
}

/* Sides (bit s) that any position of `mask` lies on. */
static inline unsigned mask_sides(uint16_t mask)
{
        unsigned m = 0;
        for (int s = 0; s < 4; s++)
                if (mask & TKIT_MASK_SIDE(s))
                        m |= 1u << s;
        return m;
}

/* Sides whose middle is in `mask` (roads and rivers). */
static inline unsigned mask_middles(uint16_t mask)
{
        unsigned m = 0;
        for (int s = 0; s < 4; s++)
                if (mask & (1u << TKIT_POS(s, TKIT_M)))
                        m |= 1u << s;
        return m;
}

static inline int bit_count(unsigned m)
{
        return tkit_popcount16((uint16_t)m);
}

/* Where things go, worked out once before drawing. */
struct tile_plan {
        const struct tkit_tile *t;
        double e;                          /* bleed in tile units */
        bool centre_through;               /* a road or river crosses the centre */
        struct pt inner[TKIT_MAX_SYMBOLS]; /* spots of inner features, by order of appearance */
        int ninner;
        struct symbol_sink
            *syms; /* measuring symbols instead of drawing (tkit_render_tile_symbols) */
};

/* Where tkit_render_tile_symbols() collects the symbols: each is drawn into a group of a
 * recording surface whose ink extents, in device space, are its box in board orientation. */
struct symbol_sink {
        double k; /* device units per tile side */
        struct tkit_tile_symbol *out;
        size_t n, cap;
};

/* render/tile.c */
void tkit_tile_sym_begin(cairo_t *cr, const struct tile_plan *p);
void tkit_tile_sym_end(cairo_t *cr, const struct tile_plan *p, enum tkit_symbol kind, int feature);
struct pt tkit_tile_city_anchor(const struct tkit_feature *f);

/* render/tile-marks.c */
void tkit_tile_draw_city_marks(cairo_t *cr, const struct tile_plan *p, int fi);
void tkit_tile_draw_city_roofs(cairo_t *cr, const struct tkit_feature *f);
void tkit_tile_draw_cloister(cairo_t *cr, struct pt at);
void tkit_tile_draw_crossing(cairo_t *cr, struct pt c);
void tkit_tile_draw_garden(cairo_t *cr, struct pt c);
void tkit_tile_draw_inn(cairo_t *cr, struct pt c);
void tkit_tile_draw_village(cairo_t *cr, struct pt c);
void tkit_tile_house(cairo_t *cr, double x, double y, double w);
void tkit_tile_draw_badges(cairo_t *cr, const struct tile_plan *p, unsigned flags);
void tkit_tile_draw_debug(cairo_t *cr, const struct tkit_tile *t, int rot, double size);
void tkit_tile_draw_hedges(cairo_t *cr, const struct tkit_tile *t);

#endif
