/* Tile art from the geometry alone.
 *
 * The tile is drawn unrotated in a unit square (y down, north on top) and cairo's matrix applies
 * the rotation. Corners are numbered clockwise from the top-left, so side s runs from corner s to
 * corner s + 1 and its positions L, M, R follow that direction, as in tkit-model.h. A city is the
 * part of the tile left when each run of its non-city sides is cut off by one curve (the wall):
 * one side gives a cap, two adjacent sides a diagonal, two opposite sides a band, three sides a
 * city with one field cap, four the whole tile. Roads and rivers run from side middles to the
 * centre or to where they end; inner features (cloister, garden) sit in the centre unless a road
 * or river passes there. Layers: fields, rivers, roads, cities, overpasses, buildings, badges. */
#include "render/render-private.h"

#include <math.h>
#include <string.h>

#define ROAD_W 0.085
#define ROAD_EDGE 0.014
#define RIVER_W 0.13
#define WALL_W 0.038

struct pt {
        double x, y;
};

static const struct pt corners[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const struct pt normals[4] = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}}; /* inward */
static const struct pt middles[4] = {{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}};

static struct pt corner(int i)
{
        return corners[((i % 4) + 4) % 4];
}

static struct pt lerp(struct pt a, struct pt b, double t)
{
        return (struct pt){a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
}

static struct pt add(struct pt a, struct pt b, double k)
{
        return (struct pt){a.x + b.x * k, a.y + b.y * k};
}

/* Corner i pushed `e` outward (for bleed). */
static struct pt corner_ext(int i, double e)
{
        struct pt c = corner(i);
        return (struct pt){c.x < 0.5 ? -e : 1 + e, c.y < 0.5 ? -e : 1 + e};
}

/* Side middle pushed `e` outward. */
static struct pt middle_ext(int s, double e)
{
        return add(middles[s], normals[s], -e);
}

/* Sides (bit s) that any position of `mask` lies on. */
static unsigned mask_sides(uint16_t mask)
{
        unsigned m = 0;
        for (int s = 0; s < 4; s++)
                if (mask & TKIT_MASK_SIDE(s))
                        m |= 1u << s;
        return m;
}

/* Sides whose middle is in `mask` (roads and rivers). */
static unsigned mask_middles(uint16_t mask)
{
        unsigned m = 0;
        for (int s = 0; s < 4; s++)
                if (mask & (1u << TKIT_POS(s, TKIT_M)))
                        m |= 1u << s;
        return m;
}

static int bit_count(unsigned m)
{
        return tkit_popcount16((uint16_t)m);
}

/* ---------------------------------------------------------------- layout of one tile */

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

static void sym_begin(cairo_t *cr, const struct tile_plan *p)
{
        if (p->syms)
                cairo_push_group(cr);
}

static void sym_end(cairo_t *cr, const struct tile_plan *p, const char *what, int feature)
{
        if (!p->syms)
                return;
        cairo_pattern_t *g = cairo_pop_group(cr);
        cairo_surface_t *s = NULL;
        double x = 0, y = 0, w = 0, h = 0;
        if (cairo_pattern_get_surface(g, &s) == CAIRO_STATUS_SUCCESS &&
            cairo_surface_get_type(s) == CAIRO_SURFACE_TYPE_RECORDING)
                cairo_recording_surface_ink_extents(s, &x, &y, &w, &h);
        cairo_pattern_destroy(g);
        struct symbol_sink *k = p->syms;
        if (w > 0 && h > 0 && k->n < k->cap)
                k->out[k->n] = (struct tkit_tile_symbol){what,     feature,        x / k->k,
                                                         y / k->k, (x + w) / k->k, (y + h) / k->k};
        if (w > 0 && h > 0)
                k->n++;
}

static bool is_linear(const struct tkit_feature *f)
{
        return f->kind == TKIT_ROAD || f->kind == TKIT_RIVER;
}

/* Inner features take the centre when it is free, else spots near field sides. */
static void plan_inner(struct tile_plan *p)
{
        static const int order[4] = {TKIT_S, TKIT_N, TKIT_W, TKIT_E};
        struct pt spots[5];
        int nspots = 0;
        if (!p->centre_through)
                spots[nspots++] = (struct pt){0.5, 0.5};
        for (int i = 0; i < 4; i++) {
                int s = order[i];
                if (tkit_tile_side(p->t, s) == TKIT_SIDE_FIELD)
                        spots[nspots++] = add(middles[s], normals[s], 0.24);
        }
        if (nspots == 0)
                spots[nspots++] = (struct pt){0.5, 0.5};
        int k = 0;
        for (size_t i = 0; i < p->t->nfeatures && p->ninner < TKIT_MAX_SYMBOLS; i++) {
                const struct tkit_feature *f = &p->t->features[i];
                if (f->kind == TKIT_CLOISTER || f->kind == TKIT_GARDEN)
                        p->inner[p->ninner++] = spots[k++ % nspots];
        }
}

static void plan_init(struct tile_plan *p, const struct tkit_tile *t, double e)
{
        memset(p, 0, sizeof(*p));
        p->t = t;
        p->e = e;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (is_linear(f) && (bit_count(mask_middles(f->mask)) >= 2 || f->junction))
                        p->centre_through = true;
        }
        plan_inner(p);
}

/* Spot of the k-th cloister/garden (by feature index). */
static struct pt inner_spot(const struct tile_plan *p, size_t fi)
{
        int k = 0;
        for (size_t i = 0; i < fi; i++) {
                const struct tkit_feature *f = &p->t->features[i];
                if (f->kind == TKIT_CLOISTER || f->kind == TKIT_GARDEN)
                        k++;
        }
        return k < p->ninner ? p->inner[k] : (struct pt){0.5, 0.5};
}

static int first_of_kind(const struct tkit_tile *t, enum tkit_feature_kind k)
{
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == k)
                        return (int)i;
        return -1;
}

/* A point well inside a city: the mean of points a little inward from each of its sides. */
static struct pt city_anchor(const struct tkit_feature *f)
{
        unsigned cs = mask_sides(f->mask);
        int n = bit_count(cs);
        if (n == 0 || n == 4 || cs == 0x5 || cs == 0xa)
                return (struct pt){0.5, 0.5};
        struct pt a = {0, 0};
        for (int s = 0; s < 4; s++)
                if (cs & (1u << s)) {
                        struct pt q = add(middles[s], normals[s], 0.14);
                        a.x += q.x / n;
                        a.y += q.y / n;
                }
        return a;
}

/* ---------------------------------------------------------------- cities */

/* Wall curve across the run of `k` non-city sides starting at side s (from corner s to corner
 * s + k). Appends a curve_to from the current point. */
static void wall_curve(cairo_t *cr, int s, int k)
{
        struct pt a = corner(s), b = corner(s + k), c1, c2;
        if (k == 1 || k == 3) {
                int side = k == 1 ? s : (s + 3) % 4; /* the cap's side: the field or the city */
                double depth = k == 1 ? 0.4 : 0.38;
                c1 = add(lerp(a, b, 0.2), normals[side], depth);
                c2 = add(lerp(a, b, 0.8), normals[side], depth);
        } else {
                struct pt m = corner(s + 1);
                c1 = add(lerp(a, m, 0.55), (struct pt){b.x - m.x, b.y - m.y}, 0.25);
                c2 = add(lerp(b, m, 0.55), (struct pt){a.x - m.x, a.y - m.y}, 0.25);
        }
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, b.x, b.y);
}

/* The outline of a city on sides `cs` (not all four): edges along city sides (pushed out by the
 * bleed `e`), walls across the rest. With `walls_only`, just the wall curves. */
static void city_path(cairo_t *cr, unsigned cs, double e, bool walls_only)
{
        int s0 = 0;
        while (!((cs & (1u << s0)) && !(cs & (1u << ((s0 + 3) % 4)))))
                s0++;
        struct pt c = corner(s0);
        cairo_move_to(cr, c.x, c.y);
        for (int i = 0, s = s0; i < 4;) {
                if (cs & (1u << (s % 4))) {
                        struct pt p0 = corner_ext(s, e), p1 = corner_ext(s + 1, e);
                        struct pt p2 = corner(s + 1);
                        if (walls_only) {
                                cairo_move_to(cr, p2.x, p2.y);
                        } else {
                                cairo_line_to(cr, p0.x, p0.y);
                                cairo_line_to(cr, p1.x, p1.y);
                                cairo_line_to(cr, p2.x, p2.y);
                        }
                        i++;
                        s++;
                        continue;
                }
                int k = 0;
                while (k < 4 - i && !(cs & (1u << ((s + k) % 4))))
                        k++;
                wall_curve(cr, s % 4, k);
                i += k;
                s += k;
        }
        if (!walls_only)
                cairo_close_path(cr);
}

static void draw_city(cairo_t *cr, const struct tkit_feature *f, double e)
{
        unsigned cs = mask_sides(f->mask);
        if (cs == 0)
                return;
        tkit_render_set_color(cr, TKIT_COLOR_CITY);
        if (cs == 0xf) {
                cairo_rectangle(cr, -e, -e, 1 + 2 * e, 1 + 2 * e);
                cairo_fill(cr);
                return;
        }
        city_path(cr, cs, e, false);
        cairo_fill(cr);
        /* the wall: a dark band with lighter battlements on it */
        city_path(cr, cs, e, true);
        tkit_render_set_color(cr, TKIT_COLOR_WALL);
        cairo_set_line_width(cr, WALL_W);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        cairo_stroke_preserve(cr);
        double dash[2] = {0.025, 0.02};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_set_source_rgb(cr, 0.78, 0.74, 0.66);
        cairo_set_line_width(cr, WALL_W * 0.45);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
}

/* A wall-ringed patch of field in the middle of a city (inner field). */
static void draw_inner_field(cairo_t *cr, struct pt c)
{
        cairo_new_path(cr);
        cairo_arc(cr, c.x, c.y, 0.16, 0, 2 * M_PI);
        tkit_render_set_color(cr, TKIT_COLOR_FIELD);
        cairo_fill_preserve(cr);
        tkit_render_set_color(cr, TKIT_COLOR_WALL);
        cairo_set_line_width(cr, WALL_W * 0.8);
        cairo_stroke(cr);
}

/* ---------------------------------------------------------------- roads and rivers */

/* Where a road or river touching exactly side `s` stops. */
static struct pt linear_end(const struct tile_plan *p, const struct tkit_feature *f, int s)
{
        struct pt centre = {0.5, 0.5};
        switch (f->end) {
        case TKIT_END_CLOISTER: {
                int ci = first_of_kind(p->t, TKIT_CLOISTER);
                return ci >= 0 ? inner_spot(p, (size_t)ci) : centre;
        }
        case TKIT_END_CITY: {
                int ci = first_of_kind(p->t, TKIT_CITY);
                return ci >= 0 ? city_anchor(&p->t->features[ci]) : centre;
        }
        case TKIT_END_RIVER:
                return add(middles[s], normals[s], 0.34);
        default:
                return p->centre_through ? add(middles[s], normals[s], 0.27) : centre;
        }
}

/* The centre line of a road or river. */
static void linear_path(cairo_t *cr, const struct tile_plan *p, const struct tkit_feature *f)
{
        unsigned ms = mask_middles(f->mask);
        int n = bit_count(ms);
        double e = p->e + 0.02;
        if (n == 2 && !f->junction) {
                int a = -1, b = -1;
                for (int s = 0; s < 4; s++)
                        if (ms & (1u << s)) {
                                if (a < 0)
                                        a = s;
                                else
                                        b = s;
                        }
                struct pt pa = middle_ext(a, e), pb = middle_ext(b, e);
                cairo_move_to(cr, pa.x, pa.y);
                cairo_line_to(cr, middles[a].x, middles[a].y);
                if (b - a == 2) {
                        cairo_line_to(cr, middles[b].x, middles[b].y);
                } else {
                        struct pt c1 = add(middles[a], normals[a], 0.3);
                        struct pt c2 = add(middles[b], normals[b], 0.3);
                        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, middles[b].x, middles[b].y);
                }
                cairo_line_to(cr, pb.x, pb.y);
                return;
        }
        for (int s = 0; s < 4; s++) {
                if (!(ms & (1u << s)))
                        continue;
                struct pt pa = middle_ext(s, e);
                struct pt end = n == 1 ? linear_end(p, f, s) : (struct pt){0.5, 0.5};
                cairo_move_to(cr, pa.x, pa.y);
                if (n == 1 && f->end == TKIT_END_CITY) {
                        struct pt mid = add(middles[s], normals[s], 0.35);
                        cairo_line_to(cr, mid.x, mid.y);
                }
                cairo_line_to(cr, end.x, end.y);
        }
}

static void stroke_linear(cairo_t *cr, const struct tile_plan *p, enum tkit_feature_kind kind,
                          bool overpass)
{
        double w = kind == TKIT_RIVER ? RIVER_W : ROAD_W;
        enum tkit_render_color fill = kind == TKIT_RIVER ? TKIT_COLOR_RIVER : TKIT_COLOR_ROAD;
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        /* edges of every road first, then the surfaces: junctions merge cleanly */
        for (int pass = 0; pass < 2; pass++) {
                for (size_t i = 0; i < p->t->nfeatures; i++) {
                        const struct tkit_feature *f = &p->t->features[i];
                        if (f->kind != kind || f->overpass != overpass)
                                continue;
                        cairo_new_path(cr);
                        linear_path(cr, p, f);
                        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
                        if (pass == 0) {
                                if (kind == TKIT_RIVER)
                                        cairo_set_source_rgb(cr, 0.17, 0.42, 0.63);
                                else if (overpass)
                                        cairo_set_source_rgb(cr, 0.25, 0.22, 0.2);
                                else
                                        tkit_render_set_color(cr, TKIT_COLOR_ROAD_EDGE);
                                double edge = overpass ? 0.05 : ROAD_EDGE * 2;
                                cairo_set_line_width(cr, w + edge);
                        } else {
                                tkit_render_set_color(cr, fill);
                                cairo_set_line_width(cr, w);
                        }
                        cairo_stroke(cr);
                }
        }
}

/* Parapets of a bridge: two dark lines along the road near the tile's centre. */
static void draw_overpass_parapets(cairo_t *cr, const struct tile_plan *p)
{
        for (size_t i = 0; i < p->t->nfeatures; i++) {
                const struct tkit_feature *f = &p->t->features[i];
                if (!f->overpass || !is_linear(f))
                        continue;
                unsigned ms = mask_middles(f->mask);
                bool ew = (ms & 0xa) != 0, ns = (ms & 0x5) != 0;
                cairo_set_source_rgb(cr, 0.45, 0.4, 0.36);
                cairo_set_line_width(cr, 0.018);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
                double h = ROAD_W / 2 + 0.022;
                if (ew && !ns) {
                        for (int k = -1; k <= 1; k += 2) {
                                cairo_move_to(cr, 0.22, 0.5 + k * h);
                                cairo_line_to(cr, 0.78, 0.5 + k * h);
                        }
                } else if (ns && !ew) {
                        for (int k = -1; k <= 1; k += 2) {
                                cairo_move_to(cr, 0.5 + k * h, 0.22);
                                cairo_line_to(cr, 0.5 + k * h, 0.78);
                        }
                }
                cairo_stroke(cr);
        }
}

static void draw_lake(cairo_t *cr, struct pt c, bool source)
{
        cairo_new_path(cr);
        cairo_save(cr);
        cairo_translate(cr, c.x, c.y);
        cairo_scale(cr, 1.0, 0.8);
        cairo_arc(cr, 0, 0, source ? 0.09 : 0.2, 0, 2 * M_PI);
        cairo_restore(cr);
        tkit_render_set_color(cr, TKIT_COLOR_RIVER);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.17, 0.42, 0.63);
        cairo_set_line_width(cr, source ? 0.03 : 0.015);
        cairo_stroke(cr);
}

/* ---------------------------------------------------------------- buildings and symbols */

static void house(cairo_t *cr, double x, double y, double w)
{
        double h = w * 0.7;
        cairo_rectangle(cr, x - w / 2, y - h / 2, w, h);
        cairo_set_source_rgb(cr, 0.93, 0.88, 0.76);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_set_line_width(cr, w * 0.08);
        cairo_stroke(cr);
        cairo_move_to(cr, x - w * 0.62, y - h / 2);
        cairo_line_to(cr, x, y - h / 2 - w * 0.45);
        cairo_line_to(cr, x + w * 0.62, y - h / 2);
        cairo_close_path(cr);
        tkit_render_set_color(cr, TKIT_COLOR_ROOF);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_stroke(cr);
}

static void draw_village(cairo_t *cr, struct pt c)
{
        house(cr, c.x - 0.06, c.y + 0.02, 0.09);
        house(cr, c.x + 0.06, c.y + 0.04, 0.08);
        house(cr, c.x, c.y - 0.04, 0.1);
}

static void draw_crossing(cairo_t *cr, struct pt c)
{
        cairo_new_path(cr);
        cairo_arc(cr, c.x, c.y, 0.075, 0, 2 * M_PI);
        tkit_render_set_color(cr, TKIT_COLOR_ROAD);
        cairo_fill_preserve(cr);
        tkit_render_set_color(cr, TKIT_COLOR_ROAD_EDGE);
        cairo_set_line_width(cr, 0.02);
        cairo_stroke(cr);
        house(cr, c.x, c.y + 0.01, 0.07);
}

/* An inn by a road (Inns & Cathedrals): one bigger house with a slate roof, a chimney and a
 * hanging sign, unlike the red-roofed cluster of a village or the house in a crossing. */
static void draw_inn(cairo_t *cr, struct pt c)
{
        double w = 0.13, h = 0.085, top = c.y - h / 2;
        cairo_new_path(cr);
        cairo_rectangle(cr, c.x + w * 0.18, top - 0.07, 0.022, 0.05); /* chimney */
        cairo_set_source_rgb(cr, 0.45, 0.3, 0.25);
        cairo_fill(cr);
        cairo_rectangle(cr, c.x - w / 2, top, w, h);
        cairo_set_source_rgb(cr, 0.97, 0.94, 0.86);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.22, 0.16);
        cairo_set_line_width(cr, 0.008);
        cairo_stroke(cr);
        cairo_rectangle(cr, c.x - 0.012, top + h * 0.45, 0.024, h * 0.55); /* door */
        cairo_fill(cr);
        cairo_move_to(cr, c.x - w * 0.6, top);
        cairo_line_to(cr, c.x - w * 0.35, top - 0.055);
        cairo_line_to(cr, c.x + w * 0.35, top - 0.055);
        cairo_line_to(cr, c.x + w * 0.6, top);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.33, 0.37, 0.48);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.22, 0.16);
        cairo_stroke(cr);
        /* the sign on its bracket, off the front wall */
        cairo_move_to(cr, c.x - w / 2, top + 0.012);
        cairo_line_to(cr, c.x - w / 2 - 0.04, top + 0.012);
        cairo_stroke(cr);
        cairo_rectangle(cr, c.x - w / 2 - 0.045, top + 0.018, 0.032, 0.03);
        cairo_set_source_rgb(cr, 0.93, 0.68, 0.15);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.22, 0.16);
        cairo_set_line_width(cr, 0.005);
        cairo_stroke(cr);
}

static void draw_cloister(cairo_t *cr, struct pt at)
{
        /* drawn at 80 % around its spot, a little low so the bell tower stays off a city cap */
        cairo_save(cr);
        cairo_translate(cr, at.x, at.y + 0.04);
        cairo_scale(cr, 0.8, 0.8);
        struct pt c = {0, 0};
        double w = 0.2, h = 0.16;
        cairo_rectangle(cr, c.x - w / 2, c.y - h / 3, w, h);
        tkit_render_set_color(cr, TKIT_COLOR_CLOISTER);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_set_line_width(cr, 0.012);
        cairo_stroke(cr);
        cairo_move_to(cr, c.x - w * 0.6, c.y - h / 3);
        cairo_line_to(cr, c.x, c.y - h / 3 - 0.1);
        cairo_line_to(cr, c.x + w * 0.6, c.y - h / 3);
        cairo_close_path(cr);
        tkit_render_set_color(cr, TKIT_COLOR_ROOF);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_stroke(cr);
        /* bell tower with a cross */
        cairo_rectangle(cr, c.x - 0.025, c.y - h / 3 - 0.14, 0.05, 0.08);
        tkit_render_set_color(cr, TKIT_COLOR_CLOISTER);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.3, 0.25, 0.2);
        cairo_stroke(cr);
        cairo_set_line_width(cr, 0.014);
        cairo_move_to(cr, c.x, c.y - h / 3 - 0.2);
        cairo_line_to(cr, c.x, c.y - h / 3 - 0.14);
        cairo_move_to(cr, c.x - 0.022, c.y - h / 3 - 0.178);
        cairo_line_to(cr, c.x + 0.022, c.y - h / 3 - 0.178);
        cairo_stroke(cr);
        /* door */
        cairo_rectangle(cr, c.x - 0.02, c.y + h * 2 / 3 - 0.06, 0.04, 0.06);
        cairo_set_source_rgb(cr, 0.35, 0.25, 0.18);
        cairo_fill(cr);
        cairo_restore(cr);
}

static void draw_garden(cairo_t *cr, struct pt c)
{
        double r = 0.12;
        cairo_rectangle(cr, c.x - r, c.y - r, 2 * r, 2 * r);
        tkit_render_set_color(cr, TKIT_COLOR_GARDEN);
        cairo_fill(cr);
        cairo_rectangle(cr, c.x - r * 0.7, c.y - r * 0.7, 1.4 * r, 1.4 * r);
        cairo_set_source_rgb(cr, 0.66, 0.82, 0.45);
        cairo_fill(cr);
        static const double fl[4][3] = {
            {0.85, 0.25, 0.3}, {0.95, 0.8, 0.2}, {0.6, 0.35, 0.75}, {0.95, 0.95, 0.95}};
        for (int i = 0; i < 4; i++) {
                double dx = (i % 2 ? 1 : -1) * r * 0.35, dy = (i / 2 ? 1 : -1) * r * 0.35;
                cairo_new_path(cr);
                cairo_arc(cr, c.x + dx, c.y + dy, r * 0.2, 0, 2 * M_PI);
                cairo_set_source_rgb(cr, fl[i][0], fl[i][1], fl[i][2]);
                cairo_fill(cr);
        }
}

static void draw_pennant(cairo_t *cr, double x, double y, double s)
{
        cairo_move_to(cr, x - s / 2, y - s / 2);
        cairo_line_to(cr, x + s / 2, y - s / 2);
        cairo_line_to(cr, x + s / 2, y + s * 0.1);
        cairo_curve_to(cr, x + s / 2, y + s * 0.4, x + s * 0.2, y + s * 0.5, x, y + s * 0.62);
        cairo_curve_to(cr, x - s * 0.2, y + s * 0.5, x - s / 2, y + s * 0.4, x - s / 2,
                       y + s * 0.1);
        cairo_close_path(cr);
        tkit_render_set_color(cr, TKIT_COLOR_PENNANT);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, s * 0.1);
        cairo_stroke(cr);
        /* a white chevron, as on the printed coats of arms */
        cairo_move_to(cr, x - s * 0.3, y - s * 0.2);
        cairo_line_to(cr, x, y + s * 0.15);
        cairo_line_to(cr, x + s * 0.3, y - s * 0.2);
        cairo_stroke(cr);
}

/* Besieger: a dark siege tent with a red flag; Cathar: the same tent with a yellow cross. */
static void draw_besieger(cairo_t *cr, double x, double y, double s, enum tkit_besieger b)
{
        cairo_new_path(cr);
        cairo_arc(cr, x, y, s * 0.62, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.75, 0.1, 0.1);
        cairo_fill(cr);
        cairo_move_to(cr, x - s * 0.42, y + s * 0.3);
        cairo_line_to(cr, x, y - s * 0.38);
        cairo_line_to(cr, x + s * 0.42, y + s * 0.3);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.12, 0.1, 0.1);
        cairo_fill(cr);
        if (b == TKIT_BESIEGER_CATHAR) {
                cairo_set_source_rgb(cr, 1, 0.85, 0.2);
                cairo_set_line_width(cr, s * 0.1);
                cairo_move_to(cr, x, y - s * 0.1);
                cairo_line_to(cr, x, y + s * 0.28);
                cairo_move_to(cr, x - s * 0.12, y + s * 0.02);
                cairo_line_to(cr, x + s * 0.12, y + s * 0.02);
                cairo_stroke(cr);
        }
}

/* A cathedral (Inns & Cathedrals): a nave between two spired towers, a rose window, in stone
 * grey with slate roofs, bigger than the town's roofs. */
static void draw_cathedral(cairo_t *cr, double x, double y, double s)
{
        double base = y + s * 0.45, tw = s * 0.22;
        cairo_new_path(cr);
        cairo_rectangle(cr, x - s * 0.3, y - s * 0.05, s * 0.6, s * 0.5); /* nave */
        for (int k = -1; k <= 1; k += 2)                                  /* towers */
                cairo_rectangle(cr, x + k * s * 0.36 - tw / 2, y - s * 0.3, tw, base - y + s * 0.3);
        cairo_set_source_rgb(cr, 0.84, 0.82, 0.78);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.28, 0.25, 0.3);
        cairo_set_line_width(cr, s * 0.05);
        cairo_stroke(cr);
        for (int k = -1; k <= 1; k += 2) { /* spires */
                double cx = x + k * s * 0.36;
                cairo_move_to(cr, cx - tw * 0.65, y - s * 0.3);
                cairo_line_to(cr, cx, y - s * 0.62);
                cairo_line_to(cr, cx + tw * 0.65, y - s * 0.3);
                cairo_close_path(cr);
        }
        cairo_move_to(cr, x - s * 0.3, y - s * 0.05); /* the nave's gable */
        cairo_line_to(cr, x, y - s * 0.3);
        cairo_line_to(cr, x + s * 0.3, y - s * 0.05);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, 0.42, 0.3, 0.55);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.28, 0.25, 0.3);
        cairo_stroke(cr);
        cairo_new_path(cr);
        cairo_arc(cr, x, y + s * 0.12, s * 0.1, 0, 2 * M_PI); /* rose window */
        cairo_set_source_rgb(cr, 0.42, 0.3, 0.55);
        cairo_fill(cr);
        cairo_rectangle(cr, x - s * 0.07, base - s * 0.2, s * 0.14, s * 0.2); /* door */
        cairo_set_source_rgb(cr, 0.28, 0.25, 0.3);
        cairo_fill(cr);
}

/* A few roofs inside a city, so that it reads as a town at a glance: two on either side of the
 * anchor along the city's main side, where pennants and symbols leave room. */
static void draw_city_roofs(cairo_t *cr, const struct tkit_feature *f)
{
        unsigned cs = mask_sides(f->mask);
        if (cs == 0)
                return;
        struct pt a = city_anchor(f);
        bool vertical = cs == (1u << TKIT_E) || cs == (1u << TKIT_W) || cs == 0x5;
        int marks = f->pennants + (f->besieger != TKIT_BESIEGER_NONE) + f->cathedral;
        double off = 0.14 + 0.06 * (marks > 1 ? marks - 1 : 0);
        if (off > 0.3)
                return;
        for (int k = -1; k <= 1; k += 2) {
                double x = vertical ? a.x : a.x + k * off, y = vertical ? a.y + k * off : a.y;
                double w = 0.08, h = 0.05;
                cairo_rectangle(cr, x - w / 2, y, w, h);
                cairo_set_source_rgb(cr, 0.9, 0.8, 0.6);
                cairo_fill(cr);
                cairo_move_to(cr, x - w * 0.65, y);
                cairo_line_to(cr, x, y - 0.045);
                cairo_line_to(cr, x + w * 0.65, y);
                cairo_close_path(cr);
                cairo_set_source_rgb(cr, 0.66, 0.33, 0.22);
                cairo_fill(cr);
        }
}

/* Pennants, besieger symbol and cathedral of a city, in a row through its anchor; along the side
 * for a city on the east or west side alone. */
static void draw_city_marks(cairo_t *cr, const struct tile_plan *p, int fi)
{
        const struct tkit_feature *f = &p->t->features[fi];
        int n = f->pennants + (f->besieger != TKIT_BESIEGER_NONE) + f->cathedral;
        if (n <= 0 || mask_sides(f->mask) == 0)
                return;
        if (n > 6)
                n = 6;
        struct pt a = city_anchor(f);
        unsigned cs = mask_sides(f->mask);
        bool vertical = cs == (1u << TKIT_E) || cs == (1u << TKIT_W);
        double s = 0.1, step = 0.12;
        for (int i = 0; i < n; i++) {
                double off = (i - (n - 1) / 2.0) * step;
                double x = vertical ? a.x : a.x + off, y = vertical ? a.y + off : a.y;
                const char *what = "cathedral";
                sym_begin(cr, p);
                if (i < f->pennants) {
                        draw_pennant(cr, x, y, s);
                        what = "pennant";
                } else if (i == f->pennants && f->besieger != TKIT_BESIEGER_NONE) {
                        draw_besieger(cr, x, y, s * 1.3, f->besieger);
                        what = "besieger";
                } else {
                        draw_cathedral(cr, x, y, s * 1.6);
                }
                sym_end(cr, p, what, fi);
        }
}

/* ---------------------------------------------------------------- upright overlays */

void tkit_render_post_symbol(cairo_t *cr, enum tkit_post p, double x, double y, double r)
{
        static const double bg[TKIT_POST_COUNT][3] = {
            {0.72, 0.16, 0.16}, /* knights */
            {0.86, 0.6, 0.12},  /* travelers */
            {0.35, 0.3, 0.6},   /* monks */
            {0.4, 0.4, 0.4},    /* any */
        };
        int k = (unsigned)p < TKIT_POST_COUNT ? (int)p : TKIT_POST_ANY;
        cairo_save(cr);
        cairo_new_path(cr);
        cairo_arc(cr, x, y, r, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, bg[k][0], bg[k][1], bg[k][2]);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_set_line_width(cr, r * 0.12);
        cairo_stroke(cr);
        cairo_set_line_width(cr, r * 0.16);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        switch (k) {
        case TKIT_POST_KNIGHTS: /* a shield */
                cairo_move_to(cr, x - r * 0.45, y - r * 0.5);
                cairo_line_to(cr, x + r * 0.45, y - r * 0.5);
                cairo_line_to(cr, x + r * 0.45, y);
                cairo_curve_to(cr, x + r * 0.45, y + r * 0.3, x + r * 0.2, y + r * 0.5, x,
                               y + r * 0.62);
                cairo_curve_to(cr, x - r * 0.2, y + r * 0.5, x - r * 0.45, y + r * 0.3,
                               x - r * 0.45, y);
                cairo_close_path(cr);
                cairo_fill(cr);
                break;
        case TKIT_POST_TRAVELERS: /* a road running into the distance */
                cairo_move_to(cr, x - r * 0.5, y + r * 0.55);
                cairo_line_to(cr, x - r * 0.08, y - r * 0.55);
                cairo_line_to(cr, x + r * 0.08, y - r * 0.55);
                cairo_line_to(cr, x + r * 0.5, y + r * 0.55);
                cairo_close_path(cr);
                cairo_fill(cr);
                cairo_set_source_rgb(cr, bg[k][0], bg[k][1], bg[k][2]);
                cairo_set_line_width(cr, r * 0.08);
                cairo_move_to(cr, x, y - r * 0.4);
                cairo_line_to(cr, x, y + r * 0.5);
                cairo_stroke(cr);
                break;
        case TKIT_POST_MONKS: /* a cross */
                cairo_set_line_width(cr, r * 0.22);
                cairo_move_to(cr, x, y - r * 0.6);
                cairo_line_to(cr, x, y + r * 0.6);
                cairo_move_to(cr, x - r * 0.38, y - r * 0.2);
                cairo_line_to(cr, x + r * 0.38, y - r * 0.2);
                cairo_stroke(cr);
                break;
        default:
                tkit_render_font(cr, r * 1.3, true);
                tkit_render_text_center(cr, x, y + r * 0.45, "?");
                break;
        }
        cairo_restore(cr);
}

/* The illustrations, right to left from the top-right corner, five to a row (a tile has up to
 * 8): 0.14 of the tile, at least 2.5 mm drawn at a rulebook's 20 mm. */
static void draw_illustrations(cairo_t *cr, const struct tile_plan *p)
{
        const char *ills = p->t->illustrations;
        size_t n = strlen(ills);
        for (size_t i = 0; i < n; i++) {
                size_t k = n - 1 - i;
                double x = 0.9 - 0.155 * (double)(k % 5), y = 0.1 + 0.155 * (double)(k / 5);
                sym_begin(cr, p);
                tkit_render_illustration(cr, ills[i], x, y, 0.14);
                sym_end(cr, p, "illustration", -1);
        }
}

/* Overlays drawn in the unrotated unit square: badges, the reconstructed marker. */
static void draw_badges(cairo_t *cr, const struct tile_plan *p, unsigned flags)
{
        const struct tkit_tile *t = p->t;
        if (!(flags & TKIT_RENDER_NO_BADGES)) {
                for (size_t i = 0; i < t->nsymbols; i++) {
                        sym_begin(cr, p);
                        tkit_render_post_symbol(cr, t->symbols[i], 0.1 + 0.15 * (double)i, 0.9,
                                                0.065);
                        sym_end(cr, p, "siege-symbol", -1);
                }
                if (!(flags & TKIT_RENDER_NO_ILLUSTRATIONS))
                        draw_illustrations(cr, p);
        }
        if (p->syms)
                return;
        if (t->basis == TKIT_BASIS_RECONSTRUCTED && !(flags & TKIT_RENDER_NO_MARKER)) {
                double dash[2] = {0.03, 0.03};
                cairo_set_dash(cr, dash, 2, 0);
                tkit_render_set_color(cr, TKIT_COLOR_MARKER);
                cairo_set_line_width(cr, 0.012);
                cairo_rectangle(cr, 0.015, 0.015, 0.97, 0.97);
                cairo_stroke(cr);
                cairo_set_dash(cr, NULL, 0, 0);
                cairo_move_to(cr, 1, 0.82);
                cairo_line_to(cr, 1, 1);
                cairo_line_to(cr, 0.82, 1);
                cairo_close_path(cr);
                cairo_fill(cr);
                cairo_set_source_rgb(cr, 1, 1, 1);
                tkit_render_font(cr, 0.075, true);
                tkit_render_text_center(cr, 0.947, 0.98, "R");
        }
}

/* The point of the perimeter a divider bit stands for: a corner or a side's middle. */
static struct pt divider_point(int bit)
{
        int s = TKIT_POS_SIDE(bit);
        return TKIT_POS_PART(bit) == TKIT_R ? corner(s + 1) : lerp(corner(s), corner(s + 1), 0.5);
}

/* The regions the checker infers (rules/topology.c), for --debug: each field's perimeter
 * positions as a band in its own tint (an inner field as a ring in the centre), every point
 * where two fields meet with no divider declared circled in red (FIELD-SPLIT), and a red cross
 * in the middle when two ground features cross (GEO-CROSS). */
static void debug_tint(cairo_t *cr, int k, double alpha)
{
        static const double hue[8][3] = {{0.90, 0.60, 0.00}, {0.00, 0.45, 0.70}, {0.80, 0.40, 0.70},
                                         {0.35, 0.70, 0.90}, {0.00, 0.60, 0.50}, {0.95, 0.90, 0.25},
                                         {0.55, 0.30, 0.15}, {0.40, 0.40, 0.40}};
        cairo_set_source_rgba(cr, hue[k % 8][0], hue[k % 8][1], hue[k % 8][2], alpha);
}

static void debug_band(cairo_t *cr, int pos, double depth)
{
        int s = TKIT_POS_SIDE(pos), part = TKIT_POS_PART(pos);
        struct pt a = lerp(corner(s), corner(s + 1), part / 3.0);
        struct pt b = lerp(corner(s), corner(s + 1), (part + 1) / 3.0);
        struct pt c = {0.5, 0.5};
        cairo_move_to(cr, a.x, a.y);
        cairo_line_to(cr, b.x, b.y);
        cairo_line_to(cr, b.x + (c.x - b.x) * depth, b.y + (c.y - b.y) * depth);
        cairo_line_to(cr, a.x + (c.x - a.x) * depth, a.y + (c.y - a.y) * depth);
        cairo_close_path(cr);
        cairo_fill(cr);
}

static void draw_debug_regions(cairo_t *cr, const struct tkit_tile *t)
{
        int k = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_FIELD)
                        continue;
                debug_tint(cr, k++, 0.55);
                for (int p = 0; p < TKIT_NPOS; p++)
                        if (f->mask & (1u << p))
                                debug_band(cr, p, 0.22);
                if (!f->mask) {
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, 0.5, 0.5, 0.08 + 0.02 * k, 0, 2 * M_PI);
                        cairo_set_line_width(cr, 0.02);
                        cairo_stroke(cr);
                }
        }
        uint16_t gaps = (uint16_t)(tkit_tile_field_meetings(t) & ~t->dividers);
        cairo_set_source_rgb(cr, 0.85, 0.0, 0.0);
        cairo_set_line_width(cr, 0.015);
        for (int b = 0; b < TKIT_NPOS; b++)
                if (gaps & (1u << b)) {
                        struct pt q = divider_point(b);
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, q.x, q.y, 0.06, 0, 2 * M_PI);
                        cairo_stroke(cr);
                }
        bool crossing = false;
        for (size_t i = 0; i < t->nfeatures; i++)
                for (size_t j = 0; j < i; j++)
                        crossing = crossing ||
                                   (!t->features[i].overpass && !t->features[j].overpass &&
                                    tkit_masks_cross(t->features[i].mask, t->features[j].mask));
        if (crossing) {
                cairo_move_to(cr, 0.42, 0.42);
                cairo_line_to(cr, 0.58, 0.58);
                cairo_move_to(cr, 0.58, 0.42);
                cairo_line_to(cr, 0.42, 0.58);
                cairo_set_line_width(cr, 0.03);
                cairo_stroke(cr);
        }
}

/* Debug overlay: each position's name and owning feature, inner features in the middle. */
static void draw_debug(cairo_t *cr, const struct tkit_tile *t, int rot, double size)
{
        cairo_matrix_t m;
        cairo_get_matrix(cr, &m);
        draw_debug_regions(cr, t);
        for (int pos = 0; pos < TKIT_NPOS; pos++) {
                int s = TKIT_POS_SIDE(pos), part = TKIT_POS_PART(pos);
                struct pt q = lerp(corner(s), corner(s + 1), 0.2 + 0.3 * part);
                q = add(q, normals[s], 0.09);
                double x = q.x, y = q.y;
                cairo_user_to_device(cr, &x, &y);
                int o = tkit_tile_owner(t, pos, false);
                char buf[96];
                snprintf(buf, sizeof buf, "%s:%s", tkit_pos_name(pos),
                         o >= 0 ? t->features[o].id : "-");
                cairo_save(cr);
                cairo_identity_matrix(cr);
                tkit_render_font(cr, size * 0.045, false);
                cairo_text_extents_t ex;
                cairo_text_extents(cr, buf, &ex);
                cairo_rectangle(cr, x - ex.x_advance / 2 - 1, y - size * 0.035, ex.x_advance + 2,
                                size * 0.05);
                cairo_set_source_rgba(cr, 1, 1, 1, 0.8);
                cairo_fill(cr);
                cairo_set_source_rgb(cr, 0, 0, 0);
                tkit_render_text_center(cr, x, y, buf);
                cairo_restore(cr);
        }
        (void)rot;
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].mask == 0)
                        tkit_buf_printf(&b, "%s%s", b.len ? " " : "", t->features[i].id);
        if (b.len) {
                double x = 0.5, y = 0.5;
                cairo_user_to_device(cr, &x, &y);
                cairo_save(cr);
                cairo_identity_matrix(cr);
                tkit_render_font(cr, size * 0.045, false);
                cairo_set_source_rgb(cr, 0, 0, 0.6);
                tkit_render_text_center(cr, x, y, b.data);
                cairo_restore(cr);
        }
        tkit_buf_finish(&b);
}

/* ---------------------------------------------------------------- field boundaries */

/* Where the art divides two fields (a declared divider, struct tkit_tile.dividers) and where two
 * fields meet with nothing between them (an error, FIELD-SPLIT, drawn so that it shows), a hedge
 * runs from that point of the perimeter toward the centre. */
static void draw_hedges(cairo_t *cr, const struct tkit_tile *t)
{
        uint16_t at = (uint16_t)((t->dividers | tkit_tile_field_meetings(t)) & TKIT_DIVIDER_ALL);
        for (int b = 0; b < TKIT_NPOS; b++) {
                if (!(at & (1u << b)))
                        continue;
                struct pt q = divider_point(b);
                cairo_move_to(cr, q.x, q.y);
                cairo_line_to(cr, 0.5 + (q.x - 0.5) * 0.3, 0.5 + (q.y - 0.5) * 0.3);
                cairo_set_source_rgb(cr, 0.24, 0.42, 0.16);
                cairo_set_line_width(cr, 0.03);
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
                double dash[2] = {0.001, 0.045};
                cairo_set_dash(cr, dash, 2, 0);
                cairo_stroke(cr);
                cairo_set_dash(cr, NULL, 0, 0);
        }
}

/* ---------------------------------------------------------------- the tile */

static void draw_road_ends(cairo_t *cr, const struct tile_plan *p);
static void draw_inns(cairo_t *cr, const struct tile_plan *p);
static void draw_city_decor(cairo_t *cr, const struct tile_plan *p);

static void draw_art(cairo_t *cr, const struct tile_plan *p)
{
        const struct tkit_tile *t = p->t;
        double e = p->e;
        tkit_render_set_color(cr, TKIT_COLOR_FIELD);
        cairo_rectangle(cr, -e, -e, 1 + 2 * e, 1 + 2 * e);
        cairo_fill(cr);
        draw_hedges(cr, t);
        stroke_linear(cr, p, TKIT_RIVER, false);
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind == TKIT_RIVER && bit_count(mask_middles(f->mask)) == 1 &&
                    (f->end == TKIT_END_LAKE || f->end == TKIT_END_SOURCE))
                        draw_lake(cr, linear_end(p, f, __builtin_ctz(mask_middles(f->mask))),
                                  f->end == TKIT_END_SOURCE);
        }
        stroke_linear(cr, p, TKIT_ROAD, false);
        bool centre_city = false;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_CITY || f->overpass)
                        continue;
                draw_city(cr, f, e);
                unsigned cs = mask_sides(f->mask);
                if (bit_count(cs) >= 3 || cs == 0x5 || cs == 0xa)
                        centre_city = true;
        }
        stroke_linear(cr, p, TKIT_ROAD, true);
        stroke_linear(cr, p, TKIT_RIVER, true);
        draw_overpass_parapets(cr, p);
        draw_road_ends(cr, p);
        draw_inns(cr, p);
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind == TKIT_CLOISTER || f->kind == TKIT_GARDEN) {
                        sym_begin(cr, p);
                        if (f->kind == TKIT_CLOISTER)
                                draw_cloister(cr, inner_spot(p, i));
                        else
                                draw_garden(cr, inner_spot(p, i));
                        sym_end(cr, p, f->kind == TKIT_CLOISTER ? "cloister" : "garden", (int)i);
                } else if (f->kind == TKIT_FIELD && f->mask == 0 && centre_city)
                        draw_inner_field(cr, (struct pt){0.5, 0.5});
        }
        draw_city_decor(cr, p);
}

/* Road ends: one building per distinct spot. */
static void draw_road_ends(cairo_t *cr, const struct tile_plan *p)
{
        const struct tkit_tile *t = p->t;
        struct pt done[8];
        int ndone = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                unsigned ms = mask_middles(f->mask);
                if (f->kind != TKIT_ROAD || bit_count(ms) != 1)
                        continue;
                if (f->end != TKIT_END_VILLAGE && f->end != TKIT_END_CROSSING)
                        continue;
                struct pt c = linear_end(p, f, __builtin_ctz(ms));
                bool seen = false;
                for (int k = 0; k < ndone; k++)
                        seen |= fabs(done[k].x - c.x) < 1e-9 && fabs(done[k].y - c.y) < 1e-9;
                if (seen || ndone == 8)
                        continue;
                done[ndone++] = c;
                sym_begin(cr, p);
                if (f->end == TKIT_END_VILLAGE)
                        draw_village(cr, c);
                else
                        draw_crossing(cr, c);
                sym_end(cr, p, f->end == TKIT_END_VILLAGE ? "village" : "crossing", (int)i);
        }
}

/* Whether the inn at c (its house, roof and sign) stays off cities, roads, rivers and inner
 * features, as the art draws them: the paths are built on `cr` and tested, never drawn. */
static bool inn_spot_free(cairo_t *cr, const struct tile_plan *p, struct pt c, double k)
{
        const struct tkit_tile *t = p->t;
        if (c.x < 0.13 * k || c.y < 0.14 * k || c.x > 1 - 0.1 * k || c.y > 1 - 0.08 * k)
                return false;
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].mask == 0 && t->features[i].kind != TKIT_FIELD &&
                    hypot(c.x - inner_spot(p, i).x, c.y - inner_spot(p, i).y) < 0.24)
                        return false;
        bool free_ = true;
        cairo_save(cr);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        for (size_t i = 0; i < t->nfeatures && free_; i++) {
                const struct tkit_feature *f = &t->features[i];
                unsigned cs = mask_sides(f->mask);
                cairo_new_path(cr);
                if (f->kind == TKIT_CITY && cs) {
                        city_path(cr, cs, 0, false);
                        cairo_set_line_width(cr, WALL_W * 2);
                } else if (is_linear(f) && mask_middles(f->mask)) {
                        linear_path(cr, p, f);
                        cairo_set_line_width(cr, RIVER_W + 0.03);
                } else {
                        continue;
                }
                for (int q = 0; q < 9 && free_; q++) {
                        double x = c.x + k * (-0.115 + 0.095 * (q % 3));
                        double y = c.y + k * (-0.1 + 0.07 * (q / 3));
                        free_ = !(f->kind == TKIT_CITY && cairo_in_fill(cr, x, y)) &&
                                !cairo_in_stroke(cr, x, y);
                }
        }
        cairo_new_path(cr);
        cairo_restore(cr);
        return free_;
}

/* Where the inn of road `f` stands and its scale: beside the road, a little in from one of its
 * sides; smaller where fields are narrow. */
static struct pt inn_spot(cairo_t *cr, const struct tile_plan *p, const struct tkit_feature *f,
                          double *scale)
{
        static const double in[] = {0.3, 0.22, 0.38, 0.16};
        static const double off[] = {0.15, 0.2, 0.26};
        unsigned ms = mask_middles(f->mask);
        for (*scale = 1; *scale > 0.5; *scale -= 0.2)
                for (size_t o = 0; o < sizeof off / sizeof off[0]; o++)
                        for (size_t d = 0; d < sizeof in / sizeof in[0]; d++)
                                for (int s = 0; s < 4; s++) {
                                        if (!(ms & (1u << s)))
                                                continue;
                                        struct pt tan = {-normals[s].y, normals[s].x};
                                        for (int k = -1; k <= 1; k += 2) {
                                                struct pt c =
                                                    add(add(middles[s], normals[s], in[d]), tan,
                                                        k * off[o] * (0.5 + *scale / 2));
                                                if (inn_spot_free(cr, p, c, *scale))
                                                        return c;
                                        }
                                }
        *scale = 0.6;
        int s = __builtin_ctz(ms); /* crowded everywhere: by the road all the same */
        struct pt tan = {-normals[s].y, normals[s].x};
        return add(add(middles[s], normals[s], 0.3), tan, off[0]);
}

/* The inns of the tile's roads. */
static void draw_inns(cairo_t *cr, const struct tile_plan *p)
{
        for (size_t i = 0; i < p->t->nfeatures; i++) {
                const struct tkit_feature *f = &p->t->features[i];
                if (!(f->kind == TKIT_ROAD && f->inn && mask_middles(f->mask)))
                        continue;
                double k;
                struct pt c = inn_spot(cr, p, f, &k);
                sym_begin(cr, p);
                cairo_save(cr);
                cairo_translate(cr, c.x, c.y);
                cairo_scale(cr, k, k);
                draw_inn(cr, (struct pt){0, 0});
                cairo_restore(cr);
                sym_end(cr, p, "inn", (int)i);
        }
}

/* Roofs, pennants, besieger symbols and cathedrals inside cities. */
static void draw_city_decor(cairo_t *cr, const struct tile_plan *p)
{
        for (size_t i = 0; i < p->t->nfeatures; i++)
                if (p->t->features[i].kind == TKIT_CITY) {
                        if (!p->syms)
                                draw_city_roofs(cr, &p->t->features[i]);
                        draw_city_marks(cr, p, (int)i);
                }
}

void tkit_render_tile(cairo_t *cr, const struct tkit_tile *t, int rot, double x, double y,
                      double size, double bleed, unsigned flags)
{
        if (size <= 0)
                return;
        struct tile_plan p;
        plan_init(&p, t, bleed / size);
        cairo_save(cr);
        cairo_new_path(cr);
        cairo_rectangle(cr, x - bleed, y - bleed, size + 2 * bleed, size + 2 * bleed);
        cairo_clip(cr);
        cairo_save(cr);
        cairo_translate(cr, x + size / 2, y + size / 2);
        cairo_scale(cr, size, size);
        cairo_rotate(cr, ((rot % 4 + 4) % 4) * M_PI / 2);
        cairo_translate(cr, -0.5, -0.5);
        draw_art(cr, &p);
        if (flags & TKIT_RENDER_DEBUG)
                draw_debug(cr, t, rot, size);
        cairo_restore(cr);
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, size, size);
        draw_badges(cr, &p, flags);
        if (flags & TKIT_RENDER_FRAME) {
                cairo_rectangle(cr, 0, 0, 1, 1);
                cairo_set_source_rgba(cr, 0.15, 0.15, 0.15, 0.8);
                cairo_set_line_width(cr, 0.01);
                cairo_stroke(cr);
        }
        cairo_restore(cr);
        cairo_restore(cr);
}

size_t tkit_render_tile_symbols(const struct tkit_tile *t, int rot, unsigned flags,
                                struct tkit_tile_symbol *out, size_t cap)
{
        struct symbol_sink sink = {1000, out, 0, cap};
        struct tile_plan p;
        plan_init(&p, t, 0);
        p.syms = &sink;
        cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
        cairo_t *cr = tkit_render_create(rec);
        cairo_scale(cr, sink.k, sink.k);
        cairo_save(cr);
        cairo_translate(cr, 0.5, 0.5);
        cairo_rotate(cr, ((rot % 4 + 4) % 4) * M_PI / 2);
        cairo_translate(cr, -0.5, -0.5);
        draw_art(cr, &p);
        cairo_restore(cr);
        draw_badges(cr, &p, flags);
        cairo_destroy(cr);
        cairo_surface_destroy(rec);
        return sink.n;
}

/* ---------------------------------------------------------------- feature areas */

/* Label values of the area map (render/areas.c): encoded in the red and green channels. */
static void ink(cairo_t *cr, int v)
{
        cairo_set_source_rgb(cr, (v & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, 0);
}

static void label_linear(cairo_t *cr, const struct tile_plan *p, enum tkit_feature_kind kind,
                         bool overpass)
{
        double w = kind == TKIT_RIVER ? RIVER_W : ROAD_W;
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        for (int pass = 0; pass < 2; pass++)
                for (size_t i = 0; i < p->t->nfeatures; i++) {
                        const struct tkit_feature *f = &p->t->features[i];
                        if (f->kind != kind || f->overpass != overpass)
                                continue;
                        cairo_new_path(cr);
                        linear_path(cr, p, f);
                        ink(cr, pass == 0 ? TKIT_AREA_BARRIER : TKIT_AREA_FEATURE0 + (int)i);
                        cairo_set_line_width(cr, pass == 0 ? w + ROAD_EDGE * 2 : w);
                        cairo_stroke(cr);
                }
}

static void label_inner(cairo_t *cr, const struct tile_plan *p, bool centre_city)
{
        const struct tkit_tile *t = p->t;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                cairo_new_path(cr);
                if (f->kind == TKIT_CLOISTER) {
                        struct pt c = inner_spot(p, i);
                        cairo_rectangle(cr, c.x - 0.1, c.y - 0.13, 0.2, 0.25);
                } else if (f->kind == TKIT_GARDEN) {
                        struct pt c = inner_spot(p, i);
                        cairo_rectangle(cr, c.x - 0.12, c.y - 0.12, 0.24, 0.24);
                } else if (f->kind == TKIT_FIELD && f->mask == 0 && centre_city) {
                        cairo_arc(cr, 0.5, 0.5, 0.16, 0, 2 * M_PI);
                        ink(cr, TKIT_AREA_FEATURE0 + (int)i);
                        cairo_fill_preserve(cr);
                        ink(cr, TKIT_AREA_BARRIER);
                        cairo_set_line_width(cr, WALL_W * 0.8);
                        cairo_stroke(cr);
                        continue;
                } else {
                        continue;
                }
                ink(cr, TKIT_AREA_FEATURE0 + (int)i);
                cairo_fill(cr);
        }
}

void tkit_render_tile_areas(cairo_t *cr, const struct tkit_tile *t)
{
        struct tile_plan p;
        plan_init(&p, t, 0);
        cairo_save(cr);
        ink(cr, TKIT_AREA_FIELD);
        cairo_rectangle(cr, 0, 0, 1, 1);
        cairo_fill(cr);
        label_linear(cr, &p, TKIT_RIVER, false);
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                unsigned ms = mask_middles(f->mask);
                if (f->kind != TKIT_RIVER || bit_count(ms) != 1 ||
                    (f->end != TKIT_END_LAKE && f->end != TKIT_END_SOURCE))
                        continue;
                struct pt c = linear_end(&p, f, __builtin_ctz(ms));
                cairo_new_path(cr);
                cairo_save(cr);
                cairo_translate(cr, c.x, c.y);
                cairo_scale(cr, 1.0, 0.8);
                cairo_arc(cr, 0, 0, f->end == TKIT_END_SOURCE ? 0.09 : 0.2, 0, 2 * M_PI);
                cairo_restore(cr);
                ink(cr, TKIT_AREA_FEATURE0 + (int)i);
                cairo_fill(cr);
        }
        label_linear(cr, &p, TKIT_ROAD, false);
        bool centre_city = false;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                unsigned cs = mask_sides(f->mask);
                if (f->kind != TKIT_CITY || f->overpass || cs == 0)
                        continue;
                if (bit_count(cs) >= 3 || cs == 0x5 || cs == 0xa)
                        centre_city = true;
                ink(cr, TKIT_AREA_FEATURE0 + (int)i);
                cairo_new_path(cr);
                if (cs == 0xf) {
                        cairo_rectangle(cr, 0, 0, 1, 1);
                        cairo_fill(cr);
                        continue;
                }
                city_path(cr, cs, 0, false);
                cairo_fill(cr);
                city_path(cr, cs, 0, true);
                ink(cr, TKIT_AREA_BARRIER);
                cairo_set_line_width(cr, WALL_W);
                cairo_stroke(cr);
        }
        label_linear(cr, &p, TKIT_ROAD, true);
        label_linear(cr, &p, TKIT_RIVER, true);
        label_inner(cr, &p, centre_city);
        /* buildings and city marks are no place for a figure: where the art draws them */
        cairo_push_group(cr);
        draw_road_ends(cr, &p);
        draw_inns(cr, &p);
        draw_city_decor(cr, &p);
        cairo_pattern_t *decor = cairo_pop_group(cr);
        ink(cr, TKIT_AREA_DECOR);
        cairo_mask(cr, decor);
        cairo_pattern_destroy(decor);
        cairo_restore(cr);
}
