/* Tile-level rules: where features may sit, how they partition the perimeter, which features
 * cross, which cities a field can and must border, and the attributes, symbols and illustrations
 * of a tile.
 *
 * The geometry is the planar map of the tile. Walking clockwise around the twelve perimeter
 * positions, each position belongs to one feature. Two features whose positions interleave
 * (a b a b) cross; a flat tile cannot show that unless one of them is an overpass on a layer of
 * its own. A field and a city whose positions are next to each other on the perimeter (nothing
 * between them but an empty field-side middle) share the boundary line that starts at that point,
 * so the field borders the city. A field and a city can only border each other through the
 * interior if no other ground-layer feature cuts the perimeter between them: removing the
 * positions of a feature X splits the perimeter into arcs, and X separates two features lying in
 * different arcs. Roads that end together at a crossing, a village or a cloister separate like
 * one feature. */
#include "rules-private.h"

#include <stdarg.h>
#include <string.h>

bool tkit_mask_separates(uint16_t x, uint16_t a, uint16_t b)
{
        x &= TKIT_MASK_ALL;
        if (!x || !a || !b || (a & x) || (b & x))
                return false;
        int start = 0;
        while (!(x & (1u << start)))
                start++;
        int label[TKIT_NPOS] = {0};
        int arc = 0;
        bool prev_in_x = true;
        for (int k = 1; k <= TKIT_NPOS; k++) {
                int p = (start + k) % TKIT_NPOS;
                if (x & (1u << p)) {
                        prev_in_x = true;
                        continue;
                }
                if (prev_in_x)
                        arc++;
                prev_in_x = false;
                label[p] = arc;
        }
        unsigned la = 0, lb = 0;
        for (int p = 0; p < TKIT_NPOS; p++) {
                if (a & (1u << p))
                        la |= 1u << label[p];
                if (b & (1u << p))
                        lb |= 1u << label[p];
        }
        return (la & lb) == 0;
}

const char *tkit_mask_str(uint16_t mask, char *buf, size_t size)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (int s = 0; s < 4; s++) {
                uint16_t side = (uint16_t)TKIT_MASK_SIDE(s);
                if ((mask & side) == side) {
                        tkit_buf_printf(&b, "%s%c", b.len ? " " : "", tkit_side_letter(s));
                        continue;
                }
                for (int p = s * 3; p < s * 3 + 3; p++)
                        if (mask & (1u << p))
                                tkit_buf_printf(&b, "%s%s", b.len ? " " : "", tkit_pos_name(p));
        }
        snprintf(buf, size, "%s", b.len ? b.data : "(inner)");
        tkit_buf_finish(&b);
        return buf;
}

static const char *kind(const struct tkit_feature *f)
{
        return tkit_feature_kind_name(f->kind);
}

/* ------------------------------------------------------------------ attributes and masks */

static void check_attrs(struct tkit_ck *c, const struct tkit_feature *f)
{
        enum tkit_check_rule r = TKIT_CR_ATTR_KIND;
        bool city = f->kind == TKIT_CITY, road = f->kind == TKIT_ROAD;
        if (f->pennants < 0)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r, "%s '%s' has %d pennants", kind(f),
                               f->id, f->pennants);
        if (!city && f->pennants > 0)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' has pennants: only cities do", kind(f), f->id);
        if (!city && f->besieger != TKIT_BESIEGER_NONE)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' has a besieger symbol: only cities do", kind(f), f->id);
        if (!city && f->cathedral)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' has a cathedral: only cities do", kind(f), f->id);
        if (!road && f->inn)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r, "%s '%s' has an inn: only roads do",
                               kind(f), f->id);
        if (!road && f->junction)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' is marked junction: only roads are", kind(f), f->id);
        if (!road && f->kind != TKIT_RIVER && f->end != TKIT_END_NONE)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' has end=\"%s\": only roads and rivers end", kind(f), f->id,
                               tkit_end_name(f->end));
        if (f->kind != TKIT_FIELD && f->ntouches)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' lists touches: only fields border cities", kind(f), f->id);
        if (f->overpass && !road && !city && f->kind != TKIT_RIVER)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' is marked overpass: only roads, rivers and cities can be",
                               kind(f), f->id);
}

static void check_mask(struct tkit_ck *c, const struct tkit_feature *f)
{
        enum tkit_check_rule r = TKIT_CR_GEO_MASK;
        char b[TKIT_MASK_STR_SIZE];
        uint16_t m = f->mask;
        if (m & ~TKIT_MASK_ALL) {
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r, "%s '%s' has positions beyond the 12",
                               kind(f), f->id);
                m &= TKIT_MASK_ALL;
        }
        switch (f->kind) {
        case TKIT_CITY:
                for (int s = 0; s < 4; s++) {
                        uint16_t side = (uint16_t)TKIT_MASK_SIDE(s);
                        if ((m & side) && (m & side) != side)
                                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                                               "city '%s' covers only %s of side %c: a city covers "
                                               "whole sides",
                                               f->id, tkit_mask_str(m & side, b, sizeof b),
                                               tkit_side_letter(s));
                }
                if (!m)
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r, "city '%s' touches no side",
                                       f->id);
                break;
        case TKIT_ROAD:
        case TKIT_RIVER:
                if (m & ~TKIT_MASK_MIDDLES)
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                                       "%s '%s' covers %s: a %s covers side middles only", kind(f),
                                       f->id, tkit_mask_str(m & ~TKIT_MASK_MIDDLES, b, sizeof b),
                                       kind(f));
                if (!(m & TKIT_MASK_MIDDLES))
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r, "%s '%s' touches no side",
                                       kind(f), f->id);
                break;
        case TKIT_FIELD:
                if (m & TKIT_MASK_MIDDLES)
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                                       "field '%s' covers %s: a field covers half edges only",
                                       f->id, tkit_mask_str(m & TKIT_MASK_MIDDLES, b, sizeof b));
                break;
        default:
                if (m)
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                                       "%s '%s' is an inner feature but covers %s", kind(f), f->id,
                                       tkit_mask_str(m, b, sizeof b));
                break;
        }
}

/* ------------------------------------------------------------------ partition */

static void check_partition(struct tkit_ck *c, const struct tkit_tile *t)
{
        char b[TKIT_MASK_STR_SIZE];
        for (size_t i = 0; i < t->nfeatures; i++)
                for (size_t j = 0; j < i; j++) {
                        uint16_t both = t->features[i].mask & t->features[j].mask & TKIT_MASK_ALL;
                        if (both)
                                tkit_ck_report(c, TKIT_SEV_ERROR, t->features[i].line,
                                               TKIT_CR_GEO_OVERLAP, "%s is in both %s '%s' and %s '%s'",
                                               tkit_mask_str(both, b, sizeof b),
                                               kind(&t->features[j]), t->features[j].id,
                                               kind(&t->features[i]), t->features[i].id);
                }
        /* The City of Carcassonne (JCloisterZone's count set, read as group fortress) leaves the
         * edges towards its quarters open on purpose. Cells of native pieces (also group
         * fortress) are checked like any tile. */
        if (t->group == TKIT_GROUP_FORTRESS && c->jcz)
                return;
        uint16_t owned = 0;
        for (size_t i = 0; i < t->nfeatures; i++)
                owned |= t->features[i].mask;
        uint16_t open = (uint16_t)(TKIT_MASK_HALVES & ~owned);
        if (open)
                tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_GEO_COVER,
                               "half edge%s %s belong%s to no field or city",
                               tkit_popcount16(open) > 1 ? "s" : "",
                               tkit_mask_str(open, b, sizeof b),
                               tkit_popcount16(open) > 1 ? "" : "s");
}

static bool lists(const struct tkit_tile *t, const struct tkit_feature *f, int city);

/* Whether overpass `o` lies across the link of some field to a city it lists: on the ground it
 * would separate them, so being on a layer of its own is what lets them meet. */
static bool bridges_a_link(const struct tkit_tile *t, const struct tkit_feature *o)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_FIELD || f == o)
                        continue;
                for (size_t j = 0; j < t->nfeatures; j++) {
                        const struct tkit_feature *c = &t->features[j];
                        if (c->kind == TKIT_CITY && c != o && lists(t, f, (int)j) &&
                            tkit_mask_separates(o->mask, f->mask, c->mask))
                                return true;
                }
        }
        return false;
}

static void check_crossings(struct tkit_ck *c, const struct tkit_tile *t)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                bool crosses = false;
                for (size_t j = 0; j < t->nfeatures; j++) {
                        const struct tkit_feature *g = &t->features[j];
                        if (i == j || !tkit_masks_cross(f->mask, g->mask))
                                continue;
                        crosses = crosses || !g->overpass;
                        char h[400];
                        if (j < i && !f->overpass && !g->overpass)
                                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, TKIT_CR_GEO_CROSS,
                                               "%s '%s' crosses %s '%s' (their positions "
                                               "interleave around the tile); mark one as an "
                                               "overpass or fix the positions%s",
                                               kind(f), f->id, kind(g), g->id,
                                               tkit_ck_debug_hint(c, h, sizeof h));
                }
                if (f->overpass && !crosses && !bridges_a_link(t, f))
                        tkit_ck_report(c, TKIT_SEV_WARNING, f->line, TKIT_CR_GEO_OVERPASS,
                                       "%s '%s' is an overpass but crosses no feature and lies "
                                       "across no field's link to a city",
                                       kind(f), f->id);
        }
}

/* ------------------------------------------------------------------ field–city links */

static bool barrier_is(const struct barrier *x, const struct tkit_tile *t, int i)
{
        if (x->b != -2)
                return x->a == i;
        return (t->features[i].mask & x->mask) != 0; /* a group containing feature i */
}

static const char *barrier_name(const struct barrier *x, const struct tkit_tile *t, char *buf,
                                size_t size)
{
        char m[TKIT_MASK_STR_SIZE];
        if (x->what)
                return x->what;
        snprintf(buf, size, "%s '%s' (%s)", kind(&t->features[x->a]), t->features[x->a].id,
                 tkit_mask_str(t->features[x->a].mask, m, sizeof m));
        return buf;
}

/* The first barrier (other than features i and j) separating masks a and b, or NULL. */
static const struct barrier *separator(const struct barrier *v, size_t n, const struct tkit_tile *t,
                                       int i, int j, uint16_t a, uint16_t b)
{
        for (size_t k = 0; k < n; k++)
                if (!barrier_is(&v[k], t, i) && !barrier_is(&v[k], t, j) &&
                    tkit_mask_separates(v[k].mask, a, b))
                        return &v[k];
        return NULL;
}

static bool lists(const struct tkit_tile *t, const struct tkit_feature *f, int city)
{
        for (size_t k = 0; k < f->ntouches; k++)
                if (tkit_tile_find_feature(t, f->touches[k]) == city)
                        return true;
        return false;
}

/* Pairs of features next to each other on the perimeter: missing links. */
static void check_missing(struct tkit_ck *c, const struct tkit_tile *t)
{
        int owner[TKIT_NPOS], pos[TKIT_NPOS], n = 0;
        for (int p = 0; p < TKIT_NPOS; p++) {
                int o = tkit_tile_owner(t, p, false);
                if (o >= 0) {
                        owner[n] = o;
                        pos[n++] = p;
                }
        }
        unsigned reported[64] = {0}; /* per field: cities already reported (first 32) */
        for (int k = 0; n > 1 && k < n; k++) {
                int a = owner[k], b = owner[(k + 1) % n];
                int pa = pos[k], pb = pos[(k + 1) % n];
                if (a == b)
                        continue;
                const struct tkit_feature *fa = &t->features[a], *fb = &t->features[b];
                int field = -1, city = -1;
                if (fa->kind == TKIT_FIELD && fb->kind == TKIT_CITY)
                        field = a, city = b;
                else if (fb->kind == TKIT_FIELD && fa->kind == TKIT_CITY)
                        field = b, city = a;
                if (field < 0 || lists(t, &t->features[field], city))
                        continue;
                if (field < 64 && city < 32) {
                        if (reported[field] & (1u << city))
                                continue;
                        reported[field] |= 1u << city;
                }
                const struct tkit_feature *f = &t->features[field];
                char m1[TKIT_MASK_STR_SIZE], m2[TKIT_MASK_STR_SIZE];
                tkit_ck_report(
                    c, TKIT_SEV_ERROR, f->line, TKIT_CR_FIELD_TOUCH_MISSING,
                    "field '%s' (%s) borders city '%s' (%s) at %s|%s (next to each other "
                    "on the perimeter) but does not list it in touches",
                    f->id, tkit_mask_str(f->mask, m1, sizeof m1), t->features[city].id,
                    tkit_mask_str(t->features[city].mask, m2, sizeof m2), tkit_pos_name(pa),
                    tkit_pos_name(pb));
        }
}

/* Cities a field lists but cannot border. */
static void check_far(struct tkit_ck *c, const struct tkit_tile *t)
{
        struct barrier v[TKIT_CK_MAX_BARRIERS];
        size_t nb = t->nfeatures <= TKIT_MAX_FEATURES ? tkit_ck_barriers(t, v) : 0;
        char b1[160], m1[TKIT_MASK_STR_SIZE], m2[TKIT_MASK_STR_SIZE];
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_FIELD)
                        continue;
                for (size_t k = 0; k < f->ntouches; k++) {
                        int ci = tkit_tile_find_feature(t, f->touches[k]);
                        if (ci < 0 || t->features[ci].kind != TKIT_CITY || t->features[ci].overpass)
                                continue;
                        const struct tkit_feature *city = &t->features[ci];
                        if (f->mask) {
                                const struct barrier *x =
                                    separator(v, nb, t, (int)i, ci, f->mask, city->mask);
                                if (x)
                                        tkit_ck_report(
                                            c, TKIT_SEV_ERROR, f->line, TKIT_CR_FIELD_TOUCH_FAR,
                                            "field '%s' (%s) lists city '%s' (%s), but %s "
                                            "separates them",
                                            f->id, tkit_mask_str(f->mask, m1, sizeof m1), city->id,
                                            tkit_mask_str(city->mask, m2, sizeof m2),
                                            barrier_name(x, t, b1, sizeof b1));
                                continue;
                        }
                        /* An inner field lies in one region: every pair of its cities must
                         * border that region. */
                        for (size_t m = 0; m < k; m++) {
                                int cj = tkit_tile_find_feature(t, f->touches[m]);
                                if (cj < 0 || cj == ci || t->features[cj].kind != TKIT_CITY ||
                                    t->features[cj].overpass)
                                        continue;
                                const struct barrier *x =
                                    separator(v, nb, t, ci, cj, city->mask, t->features[cj].mask);
                                if (x)
                                        tkit_ck_report(
                                            c, TKIT_SEV_ERROR, f->line, TKIT_CR_FIELD_TOUCH_FAR,
                                            "inner field '%s' lists cities '%s' and '%s', "
                                            "but %s separates them",
                                            f->id, t->features[cj].id, city->id,
                                            barrier_name(x, t, b1, sizeof b1));
                        }
                }
        }
}

/* ------------------------------------------------------------------ roads and rivers */

static bool has_kind(const struct tkit_tile *t, enum tkit_feature_kind k)
{
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == k)
                        return true;
        return false;
}

static void check_end(struct tkit_ck *c, const struct tkit_tile *t, const struct tkit_feature *f)
{
        enum tkit_check_rule r = TKIT_CR_ROAD_END;
        int sides = tkit_mask_sides(f->mask);
        const char *e = tkit_end_name(f->end);
        if (sides == 1 && f->end == TKIT_END_NONE) {
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' touches one side and so ends on the tile: say how "
                               "(end=\"...\")",
                               kind(f), f->id);
                return;
        }
        if (f->end == TKIT_END_NONE)
                return;
        if (sides != 1) {
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "%s '%s' touches %d sides, so it does not end: end=\"%s\" is wrong",
                               kind(f), f->id, sides, e);
                return;
        }
        bool river_end = f->end == TKIT_END_LAKE || f->end == TKIT_END_SOURCE;
        if (f->kind == TKIT_ROAD && river_end)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "road '%s' ends at a %s: that is a river end", f->id, e);
        if (f->kind == TKIT_RIVER && !river_end && f->end != TKIT_END_CITY &&
            f->end != TKIT_END_OTHER)
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                               "river '%s' ends at a %s: a river ends at a source, a lake, a city "
                               "or something else (other)",
                               f->id, e);
        static const struct {
                enum tkit_end end;
                enum tkit_feature_kind need;
        } needs[] = {{TKIT_END_CLOISTER, TKIT_CLOISTER},
                     {TKIT_END_CITY, TKIT_CITY},
                     {TKIT_END_RIVER, TKIT_RIVER}};
        for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
                if (f->end == needs[i].end && !has_kind(t, needs[i].need))
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, r,
                                       "%s '%s' ends at a %s, but the tile has no %s", kind(f),
                                       f->id, e, tkit_feature_kind_name(needs[i].need));
}

static void check_roads(struct tkit_ck *c, const struct tkit_tile *t)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_ROAD && f->kind != TKIT_RIVER)
                        continue;
                if (!(f->mask & TKIT_MASK_MIDDLES))
                        continue; /* GEO-MASK said so */
                check_end(c, t, f);
                if (f->kind != TKIT_ROAD)
                        continue;
                int sides = tkit_mask_sides(f->mask);
                if (sides >= 3 && !f->junction && !f->overpass)
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, TKIT_CR_ROAD_JUNCTION,
                                       "road '%s' runs through %d sides: declare junction=\"yes\", "
                                       "or make it separate roads ending at a crossing",
                                       f->id, sides);
                if (sides < 3 && f->junction)
                        tkit_ck_report(c, TKIT_SEV_ERROR, f->line, TKIT_CR_ROAD_JUNCTION,
                                       "road '%s' touches %d side%s: it is no junction", f->id,
                                       sides, sides == 1 ? "" : "s");
        }
}

/* ------------------------------------------------------------------ symbols, illustrations */

static void check_marks(struct tkit_ck *c, const struct tkit_tile *t)
{
        if (t->nsymbols > 2)
                tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_SYMBOL_COUNT,
                               "%zu siege symbols: a tile shows at most 2", t->nsymbols);
        for (size_t i = 0; t->illustrations[i]; i++) {
                char l = t->illustrations[i];
                if (!tkit_illustration_name(l))
                        tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_ILLUSTRATION,
                                       "unknown illustration letter '%c' (known: G B T W E S C)",
                                       l);
                else if (strchr(t->illustrations, l) != &t->illustrations[i])
                        tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_ILLUSTRATION,
                                       "illustration '%c' (%s) is listed twice", l,
                                       tkit_illustration_name(l));
        }
}

void tkit_check_tile_rules(struct tkit_ck *c, const struct tkit_tile *t)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                check_attrs(c, &t->features[i]);
                check_mask(c, &t->features[i]);
        }
        check_partition(c, t);
        check_crossings(c, t);
        check_missing(c, t);
        check_far(c, t);
        tkit_check_topology(c, t);
        if (!c->jcz)
                check_roads(c, t);
        check_marks(c, t);
}
