/* Comparing tiles up to rotation, for duplicate-type warnings and `tilekit diff`. A tile is
 * described, for a given rotation, by a sorted list of readable feature descriptions
 * ("field SL SR touching N", "road W E inn"); two tiles are the same type when the descriptions
 * of some rotation of one equal those of the other. Ids never enter a description (a field's
 * cities are named by their positions), so differently named data compares equal. */
#include "rules-private.h"

#include <stdlib.h>
#include <string.h>

struct desc {
        char **v;
        size_t n;
        char *head; /* group, symbols, illustrations, tile markers */
};

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_extras(struct tkit_buf *b, const struct tkit_attr *a, size_t n)
{
        char **v = n ? tkit_xcalloc(n, sizeof *v) : NULL;
        for (size_t i = 0; i < n; i++)
                v[i] = tkit_xasprintf("%s=%s", a[i].name, a[i].value);
        if (n)
                qsort(v, n, sizeof *v, cmp_str);
        for (size_t i = 0; i < n; i++) {
                tkit_buf_printf(b, " [%s]", v[i]);
                free(v[i]);
        }
        free(v);
}

/* The attributes of a feature other than its kind, positions, touches and markers, each after a
 * space; the ends left out when the comparison ignores them. */
static void add_attrs(struct tkit_buf *b, const struct tkit_feature *f, unsigned flags)
{
        if (f->pennants)
                tkit_buf_printf(b, " pennants=%d", f->pennants);
        if (f->besieger)
                tkit_buf_printf(b, " besieged=%s", tkit_besieger_name(f->besieger));
        if (f->cathedral)
                tkit_buf_puts(b, " cathedral");
        if (!(flags & TKIT_SAME_IGNORE_ENDS) && f->end)
                tkit_buf_printf(b, " end=%s", tkit_end_name(f->end));
        if (!(flags & TKIT_SAME_IGNORE_ENDS) && f->junction)
                tkit_buf_puts(b, " junction");
        if (f->overpass)
                tkit_buf_puts(b, " overpass");
        if (f->inn)
                tkit_buf_puts(b, " inn");
}

static char *feature_desc(const struct tkit_tile *t, const struct tkit_feature *f, int rot,
                          unsigned flags)
{
        struct tkit_buf b;
        char m[TKIT_MASK_STR_SIZE];
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "%s %s", tkit_feature_kind_name(f->kind),
                        tkit_mask_str(tkit_mask_rotate(f->mask, rot), m, sizeof m));
        add_attrs(&b, f, flags);
        if (f->ntouches) {
                char **v = tkit_xcalloc(f->ntouches, sizeof *v);
                for (size_t k = 0; k < f->ntouches; k++) {
                        int c = tkit_tile_find_feature(t, f->touches[k]);
                        uint16_t cm = c >= 0 ? tkit_mask_rotate(t->features[c].mask, rot) : 0;
                        v[k] =
                            tkit_xstrdup(c >= 0 ? tkit_mask_str(cm, m, sizeof m) : f->touches[k]);
                }
                qsort(v, f->ntouches, sizeof *v, cmp_str);
                tkit_buf_puts(&b, " touching");
                for (size_t k = 0; k < f->ntouches; k++) {
                        tkit_buf_printf(&b, "%s%s", k ? ", " : " ", v[k]);
                        free(v[k]);
                }
                free(v);
        }
        if (flags & TKIT_SAME_MARKERS)
                add_extras(&b, f->extra, f->nextra);
        return tkit_buf_steal(&b);
}

static void desc_init(struct desc *d, const struct tkit_tile *t, int rot, unsigned flags)
{
        d->n = t->nfeatures;
        d->v = d->n ? tkit_xcalloc(d->n, sizeof *d->v) : NULL;
        for (size_t i = 0; i < d->n; i++)
                d->v[i] = feature_desc(t, &t->features[i], rot, flags);
        if (d->n)
                qsort(d->v, d->n, sizeof *d->v, cmp_str);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "group=%s symbols=", tkit_group_name(t->group));
        for (size_t k = 0; k < t->nsymbols; k++)
                tkit_buf_printf(&b, "%s%s", k ? "," : "", tkit_post_name(t->symbols[k]));
        tkit_buf_printf(&b, " illustrations=%s", t->illustrations);
        char div[TKIT_DIVIDERS_STR_SIZE];
        if (t->dividers) /* only then: a tile without keeps the description it had */
                tkit_buf_printf(
                    &b, " dividers=%s",
                    tkit_dividers_str(tkit_mask_rotate(t->dividers, rot), div, sizeof div));
        if (flags & TKIT_SAME_MARKERS)
                add_extras(&b, t->extra, t->nextra);
        d->head = tkit_buf_steal(&b);
}

static void desc_finish(struct desc *d)
{
        for (size_t i = 0; i < d->n; i++)
                free(d->v[i]);
        free(d->v);
        free(d->head);
}

static bool desc_equal(const struct desc *a, const struct desc *b)
{
        if (a->n != b->n || strcmp(a->head, b->head) != 0)
                return false;
        for (size_t i = 0; i < a->n; i++)
                if (strcmp(a->v[i], b->v[i]) != 0)
                        return false;
        return true;
}

static char *desc_string(const struct desc *d)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, d->head);
        for (size_t i = 0; i < d->n; i++) {
                tkit_buf_add(&b, "\n", 1);
                tkit_buf_puts(&b, d->v[i]);
        }
        return tkit_buf_steal(&b);
}

char *tkit_tile_type_key(const struct tkit_tile *t, unsigned flags)
{
        /* the least of the descriptions of the four rotations: equal exactly when some rotation
         * of one tile is described as the other (what tkit_tile_same_type looks for) */
        char *best = NULL;
        for (int r = 0; r < 4; r++) {
                struct desc d;
                desc_init(&d, t, r, flags);
                char *k = desc_string(&d);
                desc_finish(&d);
                if (!best || strcmp(k, best) < 0) {
                        free(best);
                        best = k;
                } else {
                        free(k);
                }
        }
        return best;
}

int tkit_tile_same_type(const struct tkit_tile *a, const struct tkit_tile *b, unsigned flags)
{
        if (a->nfeatures != b->nfeatures)
                return -1;
        uint8_t cb = tkit_tile_side_code(b, 0);
        struct desc db;
        desc_init(&db, b, 0, flags);
        int found = -1;
        for (int r = 0; r < 4 && found < 0; r++) {
                if (tkit_tile_side_code(a, r) != cb)
                        continue;
                struct desc da;
                desc_init(&da, a, r, flags);
                if (desc_equal(&da, &db))
                        found = r;
                desc_finish(&da);
        }
        desc_finish(&db);
        return found;
}

/* Features described in `a` but not in `b` (both sorted), appended as "x, y". */
static int only_in(const struct desc *a, const struct desc *b, struct tkit_buf *out)
{
        size_t i = 0, j = 0;
        int n = 0;
        while (i < a->n) {
                int c = j < b->n ? strcmp(a->v[i], b->v[j]) : -1;
                if (c == 0) {
                        i++, j++;
                } else if (c < 0) {
                        tkit_buf_printf(out, "%s%s", n++ ? ", " : "", a->v[i++]);
                } else {
                        j++;
                }
        }
        return n;
}

int tkit_tile_describe_diff(const struct tkit_tile *a, const struct tkit_tile *b, unsigned flags,
                            struct tkit_buf *out)
{
        int phrases = 0;
        uint8_t cb = tkit_tile_side_code(b, 0);
        int rot = 0;
        while (rot < 4 && tkit_tile_side_code(a, rot) != cb)
                rot++;
        if (rot == 4) {
                char s1[TKIT_SIDE_CODE_SIZE], s2[TKIT_SIDE_CODE_SIZE];
                tkit_buf_printf(out, "%ssides %s vs %s", phrases++ ? "; " : "",
                                tkit_side_code_string(tkit_tile_side_code(a, 0), s1, sizeof s1),
                                tkit_side_code_string(cb, s2, sizeof s2));
                rot = 0;
        }
        int pa = tkit_tile_pennants(a), pb = tkit_tile_pennants(b);
        if (pa != pb)
                tkit_buf_printf(out, "%spennants %d vs %d", phrases++ ? "; " : "", pa, pb);
        struct desc da, db;
        desc_init(&da, a, rot, flags);
        desc_init(&db, b, 0, flags);
        if (strcmp(da.head, db.head) != 0)
                tkit_buf_printf(out, "%s%s vs %s", phrases++ ? "; " : "", da.head, db.head);
        struct tkit_buf x, y;
        tkit_buf_init(&x);
        tkit_buf_init(&y);
        int nx = only_in(&da, &db, &x), ny = only_in(&db, &da, &y);
        if (nx || ny)
                tkit_buf_printf(out, "%sfeatures: %s vs %s", phrases++ ? "; " : "",
                                nx ? x.data : "-", ny ? y.data : "-");
        tkit_buf_finish(&x);
        tkit_buf_finish(&y);
        desc_finish(&da);
        desc_finish(&db);
        return phrases;
}

/* ------------------------------------------------------------------ sets */

const char *tkit_diff_kind_name(enum tkit_diff_kind k)
{
        static const char *const names[] = {"count", "different", "missing", "extra", "changed"};
        return (unsigned)k < TKIT_DIFF_KIND_COUNT ? names[k] : "?";
}

void tkit_set_diff_init(struct tkit_set_diff *d)
{
        memset(d, 0, sizeof *d);
}

void tkit_set_diff_finish(struct tkit_set_diff *d)
{
        for (size_t i = 0; i < d->n; i++)
                free(d->v[i].what);
        free(d->v);
        memset(d, 0, sizeof *d);
}

static void add_item(struct tkit_set_diff *d, enum tkit_diff_kind k, const struct tkit_tile *a,
                     const struct tkit_tile *b, char *what)
{
        struct tkit_diff_item *it = TKIT_PUSH(d->v, d->n, d->cap);
        *it = (struct tkit_diff_item){k, a, b, what};
}

static uint8_t canon(const struct tkit_tile *t)
{
        return tkit_side_code_canonical(tkit_tile_side_code(t, 0));
}

/* ------------------------------------------------------------------ changed tiles */

/* The attributes of a feature other than its kind, positions and touches, as in feature_desc. */
static char *attrs_desc(const struct tkit_feature *f, unsigned flags)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        add_attrs(&b, f, flags);
        if (flags & TKIT_SAME_MARKERS)
                add_extras(&b, f->extra, f->nextra);
        if (!b.len)
                tkit_buf_puts(&b, " none");
        char *s = tkit_xstrdup(b.data + 1);
        tkit_buf_finish(&b);
        return s;
}

/* A field's touches as written (ids, sorted), or "-". */
static char *touches_desc(const struct tkit_feature *f)
{
        if (!f->ntouches)
                return tkit_xstrdup("-");
        char **v = tkit_xcalloc(f->ntouches, sizeof *v);
        for (size_t k = 0; k < f->ntouches; k++)
                v[k] = f->touches[k];
        qsort(v, f->ntouches, sizeof *v, cmp_str);
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t k = 0; k < f->ntouches; k++)
                tkit_buf_printf(&b, "%s%s", k ? " " : "", v[k]);
        free(v);
        return tkit_buf_steal(&b);
}

/* Appends "; " between phrases. */
static void phrase(struct tkit_buf *out, const char *fmt, const char *x, const char *y,
                   const char *z)
{
        if (out->len)
                tkit_buf_puts(out, "; ");
        tkit_buf_printf(out, fmt, x, y, z);
}

/* How feature `fa` of A became `fb` of B (same id): kind, positions, touches, attributes. */
static void feature_change(const struct tkit_feature *fa, const struct tkit_feature *fb,
                           unsigned flags, struct tkit_buf *out)
{
        char ma[TKIT_MASK_STR_SIZE], mb[TKIT_MASK_STR_SIZE];
        if (fa->kind != fb->kind)
                phrase(out, "%s: kind %s vs %s", fa->id, tkit_feature_kind_name(fa->kind),
                       tkit_feature_kind_name(fb->kind));
        if (fa->mask != fb->mask)
                phrase(out, "%s: positions %s vs %s", fa->id,
                       fa->mask ? tkit_mask_str(fa->mask, ma, sizeof ma) : "-",
                       fb->mask ? tkit_mask_str(fb->mask, mb, sizeof mb) : "-");
        char *ta = touches_desc(fa), *tb = touches_desc(fb);
        if (strcmp(ta, tb) != 0)
                phrase(out, "%s: touches %s vs %s", fa->id, ta, tb);
        free(ta);
        free(tb);
        struct tkit_feature ca = *fa, cb = *fb;
        if (flags & TKIT_SAME_IGNORE_ENDS) { /* JCloisterZone data does not say them */
                ca.end = cb.end = TKIT_END_NONE;
                ca.junction = cb.junction = false;
        }
        char *aa = attrs_desc(&ca, flags), *ab = attrs_desc(&cb, flags);
        if (strcmp(aa, ab) != 0)
                phrase(out, "%s: attributes %s vs %s", fa->id, aa, ab);
        free(aa);
        free(ab);
}

/* What changed between two definitions of one tile id, feature by feature id (rotation is not
 * undone: the ids say which feature is which), and in count, group, symbols, illustrations. */
static char *tile_change(const struct tkit_tile *a, const struct tkit_tile *b, unsigned flags)
{
        struct tkit_buf out;
        tkit_buf_init(&out);
        char m[TKIT_MASK_STR_SIZE];
        for (size_t i = 0; i < a->nfeatures; i++) {
                const struct tkit_feature *fa = &a->features[i];
                int j = tkit_tile_find_feature(b, fa->id);
                if (j < 0)
                        phrase(&out, "%s: only in A (%s %s)", fa->id,
                               tkit_feature_kind_name(fa->kind),
                               fa->mask ? tkit_mask_str(fa->mask, m, sizeof m) : "inner");
                else
                        feature_change(fa, &b->features[j], flags, &out);
        }
        for (size_t j = 0; j < b->nfeatures; j++) {
                const struct tkit_feature *fb = &b->features[j];
                if (tkit_tile_find_feature(a, fb->id) < 0)
                        phrase(&out, "%s: only in B (%s %s)", fb->id,
                               tkit_feature_kind_name(fb->kind),
                               fb->mask ? tkit_mask_str(fb->mask, m, sizeof m) : "inner");
        }
        struct desc da, db;
        desc_init(&da, a, 0, flags);
        desc_init(&db, b, 0, flags);
        if (strcmp(da.head, db.head) != 0)
                phrase(&out, "%s vs %s%s", da.head, db.head, "");
        desc_finish(&da);
        desc_finish(&db);
        if (a->count != b->count)
                tkit_buf_printf(&out, "%scount %d vs %d", out.len ? "; " : "", a->count, b->count);
        if (!out.len) /* equal by id yet not the same type: markers only compared in types */
                tkit_buf_puts(&out, "markers differ");
        return tkit_buf_steal(&out);
}

/* Pairs the tiles left unmatched that have the same id in both sets (B's index: linear). */
static void match_changed(const struct tkit_set *A, const struct tkit_set *B, unsigned flags,
                          int *match_a, bool *used_b, struct tkit_set_diff *out)
{
        for (size_t i = 0; i < A->ntiles; i++) {
                if (match_a[i] >= 0)
                        continue;
                int j = tkit_set_find_tile(B, A->tiles[i].id);
                if (j < 0 || used_b[j])
                        continue;
                add_item(out, TKIT_DIFF_CHANGED, &A->tiles[i], &B->tiles[j],
                         tile_change(&A->tiles[i], &B->tiles[j], flags));
                match_a[i] = j;
                used_b[j] = true;
        }
}

void tkit_set_compare(const struct tkit_set *A, const struct tkit_set *B, unsigned flags,
                      struct tkit_set_diff *out)
{
        int *match_a = tkit_xcalloc(A->ntiles + 1, sizeof *match_a);
        bool *used_b = tkit_xcalloc(B->ntiles + 1, sizeof *used_b);
        for (size_t i = 0; i < A->ntiles; i++) {
                const struct tkit_tile *a = &A->tiles[i];
                match_a[i] = -1;
                for (size_t j = 0; j < B->ntiles && match_a[i] < 0; j++)
                        if (!used_b[j] && canon(a) == canon(&B->tiles[j]) &&
                            tkit_tile_same_type(a, &B->tiles[j], flags) >= 0) {
                                match_a[i] = (int)j;
                                used_b[j] = true;
                        }
                if (match_a[i] < 0)
                        continue;
                const struct tkit_tile *b = &B->tiles[match_a[i]];
                if (a->count != b->count)
                        add_item(out, TKIT_DIFF_COUNT, a, b,
                                 tkit_xasprintf("count %d vs %d", a->count, b->count));
                else
                        out->same++;
        }
        match_changed(A, B, flags, match_a, used_b, out);
        /* Unmatched types with the same sides up to rotation are reported as different. */
        for (size_t i = 0; i < A->ntiles; i++) {
                const struct tkit_tile *a = &A->tiles[i];
                for (size_t j = 0; match_a[i] < 0 && j < B->ntiles; j++) {
                        const struct tkit_tile *b = &B->tiles[j];
                        if (used_b[j] || canon(a) != canon(b))
                                continue;
                        struct tkit_buf w;
                        tkit_buf_init(&w);
                        tkit_tile_describe_diff(a, b, flags, &w);
                        if (a->count != b->count)
                                tkit_buf_printf(&w, "%scount %d vs %d", w.len ? "; " : "", a->count,
                                                b->count);
                        add_item(out, TKIT_DIFF_DIFFERENT, a, b, tkit_buf_steal(&w));
                        match_a[i] = (int)j;
                        used_b[j] = true;
                }
        }
        char code[TKIT_SIDE_CODE_SIZE];
        for (size_t i = 0; i < A->ntiles; i++)
                if (match_a[i] < 0)
                        add_item(out, TKIT_DIFF_MISSING, &A->tiles[i], NULL,
                                 tkit_xasprintf(
                                     "only in A (sides %s, count %d)",
                                     tkit_side_code_string(tkit_tile_side_code(&A->tiles[i], 0),
                                                           code, sizeof code),
                                     A->tiles[i].count));
        for (size_t j = 0; j < B->ntiles; j++)
                if (!used_b[j])
                        add_item(out, TKIT_DIFF_EXTRA, NULL, &B->tiles[j],
                                 tkit_xasprintf(
                                     "only in B (sides %s, count %d)",
                                     tkit_side_code_string(tkit_tile_side_code(&B->tiles[j], 0),
                                                           code, sizeof code),
                                     B->tiles[j].count));
        free(match_a);
        free(used_b);
}
