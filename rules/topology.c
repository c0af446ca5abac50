/* The topology of a tile: whether the fields its definition describes can be drawn.
 *
 * The tile is a disc; its twelve perimeter positions go round it clockwise (tkit-model.h). Cities,
 * roads and rivers on the ground layer are walls: a field cannot pass through one. Between two
 * neighbouring perimeter positions lies a point of the perimeter: a corner, or the middle of a
 * side. Where nothing stands at that point (every corner; the middle of a side no road, river or
 * city covers) the ground on both sides is one piece of land, so two different fields there meet
 * with nothing between them. Printed tiles do that only where the art draws a divider (a fence, a
 * hedge), which the definition must then declare (struct tkit_tile.dividers): FIELD-SPLIT.
 * The same holds round the spring or lake of a river that ends on the tile: the field goes round
 * it. (Road ends divide fields or may, depending on the building: see model/topology.c.)
 *
 * A field is one connected region, so a wall between two of its positions makes it impossible:
 * FIELD-CUT. The walls are the barriers of tkit_ck_barriers: each ground feature, the roads
 * ending together at a crossing or a village, and a road with the city or river it ends at.
 *
 * What the data cannot decide (inner fields, where exactly an inner city or cloister lies, how a
 * fortress's art runs across its seams) is listed in docs/rules.md. */
#include "rules-private.h"

#include <stdio.h>
#include <string.h>

/* Roads that end at the same kind of point meet there: one wall. Declared ends only. */
static size_t road_groups(const struct tkit_tile *t, struct barrier *v, size_t n)
{
        static const struct {
                enum tkit_end end;
                const char *what;
        } groups[] = {{TKIT_END_CROSSING, "the roads ending at the crossing"},
                      {TKIT_END_VILLAGE, "the roads ending at the village"},
                      {TKIT_END_CLOISTER, "the roads ending at the cloister"}};
        for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
                uint16_t m = 0;
                int k = 0, first = -1;
                for (size_t i = 0; i < t->nfeatures; i++) {
                        const struct tkit_feature *f = &t->features[i];
                        if (f->kind == TKIT_ROAD && !f->overpass && f->end == groups[g].end) {
                                m |= f->mask;
                                k++;
                                if (first < 0)
                                        first = (int)i;
                        }
                }
                if (k >= 2)
                        v[n++] = (struct barrier){m, first, -2, groups[g].what};
        }
        return n;
}

/* The only ground feature of kind k, or -1 (none, or several: then which one a road ends at is
 * not in the data). */
static int only(const struct tkit_tile *t, enum tkit_feature_kind k)
{
        int found = -1;
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == k && !t->features[i].overpass && t->features[i].mask) {
                        if (found >= 0)
                                return -1;
                        found = (int)i;
                }
        return found;
}

/* A road ending at the tile's only city or river is joined to it: one wall. */
static size_t end_joins(const struct tkit_tile *t, struct barrier *v, size_t n)
{
        int city = only(t, TKIT_CITY), river = only(t, TKIT_RIVER);
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_ROAD || f->overpass || !f->mask)
                        continue;
                int to = f->end == TKIT_END_CITY ? city : f->end == TKIT_END_RIVER ? river : -1;
                if (to >= 0)
                        v[n++] = (struct barrier){f->mask | t->features[to].mask, (int)i, -2,
                                                  f->end == TKIT_END_CITY
                                                      ? "the road with the city it ends at"
                                                      : "the road with the river it ends at"};
        }
        return n;
}

size_t tkit_ck_barriers(const struct tkit_tile *t, struct barrier *v)
{
        size_t n = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->mask && !f->overpass)
                        v[n++] = (struct barrier){f->mask, (int)i, -1, NULL};
        }
        n = road_groups(t, v, n);
        return end_joins(t, v, n);
}

static const char *kind(const struct tkit_feature *f)
{
        return tkit_feature_kind_name(f->kind);
}

/* Whether `s` can stand between single quotes in a shell command as it is. */
static bool shell_quotable(const char *s)
{
        if (!s || !*s || strlen(s) > 200)
                return false;
        for (const unsigned char *p = (const unsigned char *)s; *p; p++)
                if (*p == '\'' || *p < 0x20 || *p == 0x7f)
                        return false;
        return true;
}

/* The note that points to the picture of what the checker inferred: a command to copy, with the
 * set's file when it can be quoted as it is (FILE otherwise). */
const char *tkit_ck_debug_hint(const struct tkit_ck *c, char *buf, size_t size)
{
        const char *file = c->set ? c->set->file : NULL;
        bool named = shell_quotable(file);
        snprintf(buf, size, " (see: tilekit render tile '%.80s' --tiles %s%s%s --debug -o tile.png)",
                 c->tile ? c->tile : "ID", named ? "'" : "", named ? file : "FILE",
                 named ? "'" : "");
        return buf;
}

static void report_split(struct tkit_ck *c, const struct tkit_tile *t, int b, int fa, int fb)
{
        const struct tkit_feature *f = &t->features[fa], *g = &t->features[fb];
        const struct tkit_feature *later = f->line >= g->line ? f : g;
        bool corner = TKIT_POS_PART(b) == TKIT_R;
        char m1[TKIT_MASK_STR_SIZE], m2[TKIT_MASK_STR_SIZE], h[400];
        tkit_ck_report(c, TKIT_SEV_ERROR, later->line, TKIT_CR_FIELD_SPLIT,
                       "fields '%s' (%s) and '%s' (%s) meet at %s %s with nothing between "
                       "them: make them one field, or declare the divider the art shows there "
                       "(dividers=\"%s\" on the tile)%s",
                       f->id, tkit_mask_str(f->mask, m1, sizeof m1), g->id,
                       tkit_mask_str(g->mask, m2, sizeof m2),
                       corner ? "corner" : "the middle of side", tkit_divider_name(b),
                       tkit_divider_name(b), tkit_ck_debug_hint(c, h, sizeof h));
}

static void check_points(struct tkit_ck *c, const struct tkit_tile *t)
{
        uint16_t meet = tkit_tile_field_meetings(t);
        for (int b = 0; b < TKIT_NPOS; b++) {
                if (!tkit_divider_name(b))
                        continue;
                int p, q;
                tkit_divider_sides(b, &p, &q);
                int fa = tkit_tile_field_at(t, p), fb = tkit_tile_field_at(t, q);
                bool two = meet & (1u << b), declared = t->dividers & (1u << b);
                if (two && !declared)
                        report_split(c, t, b, fa, fb);
                if (declared && !two)
                        tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_FIELD_DIVIDER,
                                       "a divider is declared at %s, but no two fields meet "
                                       "there with nothing else between them (%s: %s, %s: %s): "
                                       "remove it",
                                       tkit_divider_name(b), tkit_pos_name(p),
                                       fa >= 0 ? t->features[fa].id : "no field", tkit_pos_name(q),
                                       fb >= 0 ? t->features[fb].id : "no field");
        }
        if (t->dividers & ~TKIT_DIVIDER_ALL)
                tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_FIELD_DIVIDER,
                               "a divider lies at no corner and no side middle");
}

/* Whether wall x separates some two positions of `rest` (none of them on x). */
static bool cut_by(uint16_t x, uint16_t rest)
{
        int first = -1;
        for (int p = 0; p < TKIT_NPOS; p++) {
                if (!(rest & (1u << p)))
                        continue;
                if (first < 0)
                        first = p;
                else if (tkit_mask_separates(x, 1u << first, 1u << p))
                        return true;
        }
        return false;
}

/* A field's perimeter positions on both sides of a wall. */
static void check_cut(struct tkit_ck *c, const struct tkit_tile *t, const struct barrier *v,
                      size_t nb, int i)
{
        const struct tkit_feature *f = &t->features[i];
        uint16_t m = f->mask & TKIT_MASK_ALL;
        for (size_t k = 0; k < nb; k++) {
                if (v[k].b == -1 && v[k].a == i)
                        continue;
                uint16_t rest = (uint16_t)(m & ~v[k].mask);
                if (!cut_by(v[k].mask, rest))
                        continue;
                char m1[TKIT_MASK_STR_SIZE], m2[TKIT_MASK_STR_SIZE], w[160], h[400];
                const struct tkit_feature *x = &t->features[v[k].a];
                if (v[k].what)
                        snprintf(w, sizeof w, "%s (%s)", v[k].what,
                                 tkit_mask_str(v[k].mask, m2, sizeof m2));
                else
                        snprintf(w, sizeof w, "%s '%s' (%s)", kind(x), x->id,
                                 tkit_mask_str(x->mask, m2, sizeof m2));
                tkit_ck_report(c, TKIT_SEV_ERROR, f->line, TKIT_CR_FIELD_CUT,
                               "field '%s' (%s) lies on both sides of %s, a wall across the "
                               "tile: split it into one field per side%s",
                               f->id, tkit_mask_str(m, m1, sizeof m1), w,
                               tkit_ck_debug_hint(c, h, sizeof h));
                return; /* one wall is enough to say it */
        }
}

void tkit_check_topology(struct tkit_ck *c, const struct tkit_tile *t)
{
        /* The pieces of JCloisterZone's City of Carcassonne are open towards their quarters. */
        if (t->group == TKIT_GROUP_FORTRESS && c->jcz)
                return;
        check_points(c, t);
        if (t->nfeatures > TKIT_MAX_FEATURES)
                return; /* no reader makes such a tile (XML-VALUE, the database's check) */
        struct barrier v[TKIT_CK_MAX_BARRIERS];
        size_t nb = tkit_ck_barriers(t, v);
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == TKIT_FIELD && !t->features[i].overpass)
                        check_cut(c, t, v, nb, (int)i);
}
