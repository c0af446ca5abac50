/* Feature areas of a tile as the art draws them, and spots for figures on them.
 *
 * The tile is painted once more at a small size with the art's own paths (tile.c,
 * tkit_render_tile_areas), each feature in a colour of its own and walls and road or river edges
 * as barriers. Fields are painted as one colour and then split among the tile's fields: each
 * field grows from the points of its perimeter positions through the field pixels it can reach
 * (a breadth-first search from all of them at once), so fields cut off by roads, rivers or walls
 * keep their own side and fields that only a hedge separates share the open ground halfway.
 * A chamfer distance transform then tells how far each point lies from anything else, which is
 * what a natural spot maximises. */
#include "render/render-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W TKIT_AREA_W
#define INF 0xffffu

static void paint(struct tkit_area_map *m)
{
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, W);
        cairo_t *cr = cairo_create(s);
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
        cairo_scale(cr, W, W);
        cairo_translate(cr, 0.5, 0.5);
        cairo_rotate(cr, ((m->rot % 4 + 4) % 4) * M_PI / 2);
        cairo_translate(cr, -0.5, -0.5);
        tkit_render_tile_areas(cr, m->t);
        cairo_destroy(cr);
        cairo_surface_flush(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        int stride = cairo_image_surface_get_stride(s);
        for (int y = 0; y < W; y++)
                for (int x = 0; x < W; x++) {
                        uint32_t px;
                        memcpy(&px, data + (size_t)y * (size_t)stride + (size_t)x * 4, 4);
                        m->lab[y * W + x] = (uint16_t)(((px >> 16) & 0xff) | (px & 0xff00));
                }
        cairo_surface_destroy(s);
}

/* Pixel of the point a little inside perimeter position `pos` (tile orientation), turned. */
static int seed_pixel(int pos, int rot)
{
        static const double cx[4] = {0, 1, 1, 0}, cy[4] = {0, 0, 1, 1};
        static const double nx[4] = {0, -1, 0, 1}, ny[4] = {1, 0, -1, 0};
        int s = TKIT_POS_SIDE(pos), e = (s + 1) % 4;
        double t = 0.25 + 0.25 * TKIT_POS_PART(pos);
        double u = cx[s] + (cx[e] - cx[s]) * t + nx[s] * 0.03;
        double v = cy[s] + (cy[e] - cy[s]) * t + ny[s] * 0.03;
        for (int k = 0; k < ((rot % 4) + 4) % 4; k++) { /* a quarter turn clockwise */
                double nu = 1 - v;
                v = u;
                u = nu;
        }
        int x = (int)(u * W), y = (int)(v * W);
        x = x < 0 ? 0 : x >= W ? W - 1 : x;
        y = y < 0 ? 0 : y >= W ? W - 1 : y;
        return y * W + x;
}

/* A field pixel at or near `p` (a seed may land on a road edge's antialiasing), or -1. */
static int near_field(const struct tkit_area_map *m, int p)
{
        int x0 = p % W, y0 = p / W;
        for (int r = 0; r <= 3; r++)
                for (int dy = -r; dy <= r; dy++)
                        for (int dx = -r; dx <= r; dx++) {
                                int x = x0 + dx, y = y0 + dy;
                                if (x >= 0 && y >= 0 && x < W && y < W &&
                                    m->lab[y * W + x] == TKIT_AREA_FIELD)
                                        return y * W + x;
                        }
        return -1;
}

static void split_fields(struct tkit_area_map *m)
{
        int *queue = tkit_xmalloc(sizeof(int) * W * W);
        int16_t *own = tkit_xmalloc(sizeof(int16_t) * W * W);
        size_t head = 0, tail = 0;
        for (int i = 0; i < W * W; i++)
                own[i] = -1;
        for (size_t f = 0; f < m->t->nfeatures && f < 0x7fff; f++) {
                const struct tkit_feature *ft = &m->t->features[f];
                if (ft->kind != TKIT_FIELD)
                        continue;
                for (int pos = 0; pos < TKIT_NPOS; pos++) {
                        if (!(ft->mask & (1u << pos)))
                                continue;
                        int p = near_field(m, seed_pixel(pos, m->rot));
                        if (p >= 0 && own[p] < 0) {
                                own[p] = (int16_t)f;
                                queue[tail++] = p;
                        }
                }
        }
        while (head < tail) {
                int p = queue[head++], x = p % W, y = p / W;
                int nb[4] = {x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, y > 0 ? p - W : -1,
                             y < W - 1 ? p + W : -1};
                for (int k = 0; k < 4; k++) {
                        int q = nb[k];
                        if (q >= 0 && own[q] < 0 && m->lab[q] == TKIT_AREA_FIELD) {
                                own[q] = own[p];
                                queue[tail++] = q;
                        }
                }
        }
        for (int i = 0; i < W * W; i++)
                if (own[i] >= 0)
                        m->lab[i] = (uint16_t)(TKIT_AREA_FEATURE0 + own[i]);
        free(queue);
        free(own);
}

static void relax(uint16_t *d, int p, int q, int w)
{
        if (d[q] != INF && d[q] + w < d[p])
                d[p] = (uint16_t)(d[q] + w);
}

/* Distance (3 per pixel straight, 4 diagonal) to the nearest pixel of another value or the edge. */
static void distances(struct tkit_area_map *m)
{
        uint16_t *d = m->dist;
        for (int y = 0; y < W; y++)
                for (int x = 0; x < W; x++) {
                        int p = y * W + x;
                        bool edge = x == 0 || y == 0 || x == W - 1 || y == W - 1;
                        edge = edge || m->lab[p - 1] != m->lab[p] || m->lab[p + 1] != m->lab[p] ||
                               m->lab[p - W] != m->lab[p] || m->lab[p + W] != m->lab[p];
                        d[p] = edge ? 1 : INF;
                }
        for (int y = 1; y < W; y++)
                for (int x = 1; x < W - 1; x++) {
                        int p = y * W + x;
                        relax(d, p, p - 1, 3);
                        relax(d, p, p - W, 3);
                        relax(d, p, p - W - 1, 4);
                        relax(d, p, p - W + 1, 4);
                }
        for (int y = W - 2; y >= 0; y--)
                for (int x = W - 2; x >= 1; x--) {
                        int p = y * W + x;
                        relax(d, p, p + 1, 3);
                        relax(d, p, p + W, 3);
                        relax(d, p, p + W + 1, 4);
                        relax(d, p, p + W - 1, 4);
                }
}

struct tkit_area_spots {
        int want;      /* area value, 0 for any */
        double hw, hh; /* the box's half extents */
        int pass;      /* 0: inside the tile; 1: may leave it a little */
        int *pixel;    /* candidate pixels, best first */
        size_t n;
};

struct tkit_area_map *tkit_area_map_create(const struct tkit_tile *t, int rot)
{
        struct tkit_area_map *m = tkit_xcalloc(1, sizeof *m);
        m->t = t;
        m->rot = ((rot % 4) + 4) % 4;
        paint(m);
        split_fields(m);
        distances(m);
        return m;
}

void tkit_area_map_destroy(struct tkit_area_map *m)
{
        if (!m)
                return;
        for (size_t i = 0; i < m->nspots; i++)
                free(m->spots[i].pixel);
        free(m->spots);
        free(m);
}

/* ---------------------------------------------------------------- the cache */

/* Open addressing keyed by (tile, rotation), at most half full: a lookup costs the same for a
 * picture of 10 tiles or a board of 10,000. */
struct tkit_render_cache {
        struct tkit_area_map **slot;
        size_t n, cap; /* cap: a power of two */
};

struct tkit_render_cache *tkit_render_cache_new(void)
{
        struct tkit_render_cache *c = tkit_xcalloc(1, sizeof *c);
        c->cap = 64;
        c->slot = tkit_xcalloc(c->cap, sizeof *c->slot);
        return c;
}

void tkit_render_cache_free(struct tkit_render_cache *c)
{
        if (!c)
                return;
        for (size_t i = 0; i < c->cap; i++)
                tkit_area_map_destroy(c->slot[i]);
        free(c->slot);
        free(c);
}

static size_t cache_hash(const struct tkit_tile *t, int rot, size_t cap)
{
        uint64_t h = (uint64_t)(uintptr_t)t * 0x9e3779b97f4a7c15u ^ (uint64_t)rot;
        return (size_t)(h ^ h >> 29) & (cap - 1);
}

static void cache_put(struct tkit_render_cache *c, struct tkit_area_map *m)
{
        size_t i = cache_hash(m->t, m->rot, c->cap);
        while (c->slot[i])
                i = (i + 1) & (c->cap - 1);
        c->slot[i] = m;
        c->n++;
}

static void cache_grow(struct tkit_render_cache *c)
{
        struct tkit_render_cache old = *c;
        c->cap *= 2;
        c->n = 0;
        c->slot = tkit_xcalloc(c->cap, sizeof *c->slot);
        for (size_t i = 0; i < old.cap; i++)
                if (old.slot[i])
                        cache_put(c, old.slot[i]);
        free(old.slot);
}

struct tkit_area_map *tkit_render_cache_map(struct tkit_render_cache *c, const struct tkit_tile *t,
                                            int rot)
{
        rot = ((rot % 4) + 4) % 4;
        for (size_t i = cache_hash(t, rot, c->cap); c->slot[i]; i = (i + 1) & (c->cap - 1))
                if (c->slot[i]->t == t && c->slot[i]->rot == rot)
                        return c->slot[i];
        if (2 * (c->n + 1) > c->cap)
                cache_grow(c);
        struct tkit_area_map *m = tkit_area_map_create(t, rot);
        cache_put(c, m);
        return m;
}

static int pixel_of(double u)
{
        int i = (int)floor(u * W);
        return i < 0 ? 0 : i >= W ? W - 1 : i;
}

int tkit_area_map_feature(const struct tkit_area_map *m, double u, double v)
{
        if (u < 0 || v < 0 || u > 1 || v > 1)
                return -1;
        int l = m->lab[pixel_of(v) * W + pixel_of(u)];
        return l >= TKIT_AREA_FEATURE0 ? l - TKIT_AREA_FEATURE0 : -1;
}

int tkit_render_feature_at(const struct tkit_tile *t, int rot, double u, double v)
{
        struct tkit_area_map *m = tkit_area_map_create(t, rot);
        int f = tkit_area_map_feature(m, u, v);
        tkit_area_map_destroy(m);
        return f;
}

void tkit_render_feature_grid(const struct tkit_tile *t, int rot, int n, int *out)
{
        if (n < 1 || n > 1000)
                return;
        struct tkit_area_map *m = tkit_area_map_create(t, rot);
        for (int j = 0; j < n; j++)
                for (int i = 0; i < n; i++)
                        out[j * n + i] = tkit_area_map_feature(m, (i + 0.5) / n, (j + 0.5) / n);
        tkit_area_map_destroy(m);
}

/* The centroid of feature value `want` (every pixel when 0). */
static bool centroid(const struct tkit_area_map *m, int want, double *cu, double *cv)
{
        double su = 0, sv = 0;
        long n = 0;
        for (int p = 0; p < W * W; p++)
                if (!want || m->lab[p] == want) {
                        su += p % W;
                        sv += p / W;
                        n++;
                }
        if (!n)
                return false;
        *cu = (su / (double)n + 0.5) / W;
        *cv = (sv / (double)n + 0.5) / W;
        return true;
}

/* A natural spot: clear of other features (up to a cap, beyond which clearance adds nothing)
 * and near the feature's centroid. */
struct ranked {
        double score;
        int p;
};

static int cmp_ranked(const void *a, const void *b)
{
        const struct ranked *x = a, *y = b;
        if (x->score != y->score)
                return x->score > y->score ? -1 : 1;
        return x->p < y->p ? -1 : x->p > y->p;
}

/* The candidates for a box of half extents (hw, hh) on area value `want` under `pass`, best
 * first (ties: the first pixel in reading order), built once per map and kept. */
static const struct tkit_area_spots *spots(struct tkit_area_map *m, int want, double hw, double hh,
                                           int pass)
{
        for (size_t i = 0; i < m->nspots; i++) {
                const struct tkit_area_spots *k = &m->spots[i];
                if (k->want == want && k->hw == hw && k->hh == hh && k->pass == pass)
                        return k;
        }
        double cu = 0.5, cv = 0.5, cap = 0.2, slack = pass == 0 ? 0.01 : 0.12;
        centroid(m, want, &cu, &cv);
        struct ranked *r = tkit_xmalloc(sizeof *r * W * W);
        size_t n = 0;
        for (int p = 0; p < W * W; p++) {
                if (want && m->lab[p] != want)
                        continue;
                double u = (p % W + 0.5) / W, v = (p / W + 0.5) / W;
                if (u - hw < -slack || u + hw > 1 + slack || v - hh < -slack || v + hh > 1 + slack)
                        continue;
                double clear = m->dist[p] / 3.0 / W;
                r[n++] =
                    (struct ranked){(clear < cap ? clear : cap) - 0.3 * hypot(u - cu, v - cv), p};
        }
        qsort(r, n, sizeof *r, cmp_ranked);
        struct tkit_area_spots *k = TKIT_PUSH(m->spots, m->nspots, m->capspots);
        *k = (struct tkit_area_spots){want, hw, hh, pass, tkit_xmalloc(sizeof(int) * (n + 1)), n};
        for (size_t i = 0; i < n; i++)
                k->pixel[i] = r[i].p;
        free(r);
        return k;
}

int tkit_area_place(struct tkit_area_map *m, int fi, double hw, double hh, int cx, int cy,
                    const struct tkit_box_index *ix, unsigned kinds, double *u, double *v)
{
        int want = fi >= 0 ? TKIT_AREA_FEATURE0 + fi : 0;
        if (want && !spots(m, want, hw, hh, 0)->n && !spots(m, want, hw, hh, 1)->n)
                want = 0; /* the feature has no drawn area where the box fits: anywhere */
        for (int pass = 0; pass < 2; pass++) {
                const struct tkit_area_spots *k = spots(m, want, hw, hh, pass);
                for (size_t i = 0; i < k->n; i++) {
                        double pu = (k->pixel[i] % W + 0.5) / W, pv = (k->pixel[i] / W + 0.5) / W;
                        struct tkit_box b = {cx + pu - hw, cy + pv - hh, cx + pu + hw, cy + pv + hh,
                                             0};
                        if (tkit_box_index_hit(ix, b, kinds) >= 0)
                                continue;
                        *u = pu;
                        *v = pv;
                        return 0;
                }
        }
        /* crowded: the best spot all the same, over other boxes */
        const struct tkit_area_spots *k = spots(m, want, hw, hh, 1);
        *u = k->n ? (k->pixel[0] % W + 0.5) / W : 0.5;
        *v = k->n ? (k->pixel[0] / W + 0.5) / W : 0.5;
        return 1;
}

/* How far (in pixels, 1..4) pixel (x, y) of area value `want` lies from a pixel of the tile with
 * another value, or 0 when it lies farther (or is not of `want`). The tile's own edge is no
 * boundary: the feature goes on across it. */
static int edge_ring(const struct tkit_area_map *m, int x, int y, int want)
{
        if (m->lab[y * W + x] != want)
                return 0;
        int best = 0;
        for (int dy = -4; dy <= 4; dy++)
                for (int dx = -4; dx <= 4; dx++) {
                        int nx = x + dx, ny = y + dy;
                        int l = nx < 0 || ny < 0 || nx >= W || ny >= W ? want : m->lab[ny * W + nx];
                        if (l == want || l == TKIT_AREA_DECOR) /* a building inside: no edge */
                                continue;
                        int d = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
                        if (!best || d < best)
                                best = d;
                }
        return best;
}

cairo_surface_t *tkit_area_hatch(const struct tkit_area_map *m, int fi, uint32_t rgb, int k, int n)
{
        n = n > 1 ? n : 1;
        k = k > 0 && k < n ? k : 0;
        cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, W, W);
        cairo_surface_flush(s);
        unsigned char *data = cairo_image_surface_get_data(s);
        int stride = cairo_image_surface_get_stride(s), period = 7 * n, shift = k * 7;
        int want = TKIT_AREA_FEATURE0 + fi;
        for (int p = 0; p < W * W; p++) {
                int x = p % W, y = p / W;
                uint32_t a = 0, c = rgb;
                if (m->lab[p] == want) /* stripes 0.75, wash 0.3 (the first scorer's) */
                        a = (x + y + period - shift) % period < 2 ? 191 : k ? 0 : 77;
                int ring = edge_ring(m, x, y, want);
                if (ring == 1 || ring == 2) { /* a dark line: visible on any ground */
                        a = 240;
                        c = 0x141414;
                } else if (ring >= 2 && (!k || (x + y) / 6 % n == k)) {
                        a = 255; /* then a band of the scorer's colour; in a tie, in dashes */
                }
                uint32_t r = ((c >> 16) & 0xff) * a / 255, g = ((c >> 8) & 0xff) * a / 255;
                uint32_t b = (c & 0xff) * a / 255, px = a << 24 | r << 16 | g << 8 | b;
                memcpy(data + (size_t)y * (size_t)stride + (size_t)x * 4, &px, 4);
        }
        cairo_surface_mark_dirty(s);
        return s;
}
