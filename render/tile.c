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
#include "render/tile-private.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------- layout of one tile */

void tkit_tile_sym_begin(cairo_t *cr, const struct tile_plan *p)
{
        if (p->syms)
                cairo_push_group(cr);
}

const char *tkit_symbol_name(enum tkit_symbol s)
{
        static const char *const names[TKIT_SYM_COUNT] = {
            [TKIT_SYM_PENNANT] = "pennant",   [TKIT_SYM_BESIEGER] = "besieger",
            [TKIT_SYM_CATHEDRAL] = "cathedral", [TKIT_SYM_CLOISTER] = "cloister",
            [TKIT_SYM_GARDEN] = "garden",     [TKIT_SYM_VILLAGE] = "village",
            [TKIT_SYM_CROSSING] = "crossing", [TKIT_SYM_INN] = "inn",
            [TKIT_SYM_ILLUSTRATION] = "illustration", [TKIT_SYM_SIEGE] = "siege-symbol"};
        return (unsigned)s < TKIT_SYM_COUNT ? names[s] : "?";
}

bool tkit_symbol_is_building(enum tkit_symbol s)
{
        return s == TKIT_SYM_CLOISTER || s == TKIT_SYM_GARDEN || s == TKIT_SYM_INN ||
               s == TKIT_SYM_CATHEDRAL;
}

void tkit_tile_sym_end(cairo_t *cr, const struct tile_plan *p, enum tkit_symbol kind, int feature)
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
                k->out[k->n] = (struct tkit_tile_symbol){kind,
                                                         tkit_symbol_name(kind),
                                                         feature,
                                                         x / k->k,
                                                         y / k->k,
                                                         (x + w) / k->k,
                                                         (y + h) / k->k};
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
struct pt tkit_tile_city_anchor(const struct tkit_feature *f)
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
                return ci >= 0 ? tkit_tile_city_anchor(&p->t->features[ci]) : centre;
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
        tkit_tile_draw_hedges(cr, t);
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
                        tkit_tile_sym_begin(cr, p);
                        if (f->kind == TKIT_CLOISTER)
                                tkit_tile_draw_cloister(cr, inner_spot(p, i));
                        else
                                tkit_tile_draw_garden(cr, inner_spot(p, i));
                        tkit_tile_sym_end(cr, p, f->kind == TKIT_CLOISTER ? TKIT_SYM_CLOISTER : TKIT_SYM_GARDEN,
                                          (int)i);
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
                tkit_tile_sym_begin(cr, p);
                if (f->end == TKIT_END_VILLAGE)
                        tkit_tile_draw_village(cr, c);
                else
                        tkit_tile_draw_crossing(cr, c);
                tkit_tile_sym_end(cr, p, f->end == TKIT_END_VILLAGE ? TKIT_SYM_VILLAGE : TKIT_SYM_CROSSING,
                                  (int)i);
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
                tkit_tile_sym_begin(cr, p);
                cairo_save(cr);
                cairo_translate(cr, c.x, c.y);
                cairo_scale(cr, k, k);
                tkit_tile_draw_inn(cr, (struct pt){0, 0});
                cairo_restore(cr);
                tkit_tile_sym_end(cr, p, TKIT_SYM_INN, (int)i);
        }
}

/* Roofs, pennants, besieger symbols and cathedrals inside cities. */
static void draw_city_decor(cairo_t *cr, const struct tile_plan *p)
{
        for (size_t i = 0; i < p->t->nfeatures; i++)
                if (p->t->features[i].kind == TKIT_CITY) {
                        if (!p->syms)
                                tkit_tile_draw_city_roofs(cr, &p->t->features[i]);
                        tkit_tile_draw_city_marks(cr, p, (int)i);
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
                tkit_tile_draw_debug(cr, t, rot, size);
        cairo_restore(cr);
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, size, size);
        tkit_tile_draw_badges(cr, &p, flags);
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
        tkit_tile_draw_badges(cr, &p, flags);
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
