/*
 * The JCloisterZone writer: sets → one <defs> document (docs/format.md, "JCloisterZone's format,
 * both ways"), the inverse of the reader in jcz.c.
 *
 * Each tile is written as JCloisterZone writes it (features in model order, so the reader numbers
 * them as before; flags and markers as attributes; tile markers as attributes or elements), each
 * distinct tile once, and each set as a <tile-set> of <ref>s. Then the output is read back with
 * the JCloisterZone reader and every tile compared with its source: whatever did not survive is
 * reported (JCZ-LOSSY), together with what was never written (names, provenance, symbols, ...).
 * Deciding what "survives" by reading back, rather than by a second copy of the reader's rules
 * (overpass inference, river groups, the "count" tile-set), keeps the two from drifting apart.
 */
#include "formats/jcz-write-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ID 64 /* tkit_native_valid_id() */

/* ------------------------------------------------------------------ an index of strings */

static size_t str_hash(const char *s)
{
        size_t h = 1469598103934665603u;
        for (; *s; s++)
                h = (h ^ (unsigned char)*s) * 1099511628211u;
        return h;
}

static void index_finish(struct strindex *x)
{
        free(x->keys);
        free(x->vals);
        memset(x, 0, sizeof *x);
}

/* The value of `key`, or -1. */
static long index_get(const struct strindex *x, const char *key)
{
        if (!x->cap)
                return -1;
        for (size_t i = str_hash(key) & (x->cap - 1);; i = (i + 1) & (x->cap - 1)) {
                if (!x->keys[i])
                        return -1;
                if (strcmp(x->keys[i], key) == 0)
                        return (long)x->vals[i];
        }
}

static void index_put(struct strindex *x, const char *key, size_t val)
{
        if (2 * (x->n + 1) > x->cap) {
                struct strindex y = {0};
                y.cap = x->cap ? 2 * x->cap : 64;
                y.keys = tkit_xcalloc(y.cap, sizeof *y.keys);
                y.vals = tkit_xcalloc(y.cap, sizeof *y.vals);
                for (size_t i = 0; i < x->cap; i++)
                        if (x->keys[i])
                                index_put(&y, x->keys[i], x->vals[i]);
                index_finish(x);
                *x = y;
        }
        size_t i = str_hash(key) & (x->cap - 1);
        while (x->keys[i])
                i = (i + 1) & (x->cap - 1);
        x->keys[i] = key;
        x->vals[i] = val;
        x->n++;
}

/* ------------------------------------------------------------------ state */

void tkit_jcz_lose(struct tkit_buf *b, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        if (b->len)
                tkit_buf_puts(b, "; ");
        tkit_buf_vprintf(b, fmt, ap);
        va_end(ap);
}

static bool from_jcz(const struct tkit_set *s)
{
        return s->source_format && strcmp(s->source_format, "jcz") == 0;
}

/* ------------------------------------------------------------------ small writers */

/* An XML name that libxml2 takes as a plain attribute or element (no namespace, not xmlns). */
static bool xml_name(const char *s, size_t n)
{
        if (!n || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_'))
                return false;
        for (size_t i = 1; i < n; i++) {
                char c = s[i];
                bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                          (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
                if (!ok)
                        return false;
        }
        return !(n == 5 && memcmp(s, "xmlns", 5) == 0);
}

static void put_attr_n(struct tkit_buf *b, const char *name, const char *value, size_t n)
{
        char *v = tkit_xstrndup(value, n);
        tkit_buf_printf(b, " %s=\"", name);
        tkit_buf_put_escaped(b, v, TKIT_ESC_XML_ATTR);
        tkit_buf_puts(b, "\"");
        free(v);
}

static void put_attr(struct tkit_buf *b, const char *name, const char *value)
{
        put_attr_n(b, name, value, strlen(value));
}

/* ------------------------------------------------------------------ tile markers */

enum form { FORM_NONE = 0, FORM_ATTR, FORM_ELEM };

/* A marker element's value as the reader makes it: "a=1 b=x y text=words" (attributes, then
 * the text with whitespace collapsed). Splits it at each " NAME=" into attributes; a repeated
 * name continues the value before it; a last "text=" that collapsing would give back is the text.
 * Any such split reads back as the same value. Writes the element into `b` when given; returns
 * false when the value cannot be written as an element. */
static bool marker_element(const char *v, struct tkit_buf *b, const char *elem)
{
        size_t len = strlen(v), starts[64], nstart = 0;
        if (!len) {
                if (b)
                        tkit_buf_printf(b, "      <%s />\n", elem);
                return true;
        }
        for (size_t i = 0; i < len; i++) {
                if (i && v[i - 1] != ' ')
                        continue;
                size_t e = i;
                while (e < len && v[e] != '=' && v[e] != ' ')
                        e++;
                if (e == len || v[e] != '=' || !xml_name(v + i, e - i))
                        continue;
                bool dup = false;
                for (size_t k = 0; k < nstart && !dup; k++) {
                        size_t ke = starts[k];
                        while (v[ke] != '=')
                                ke++;
                        dup = ke - starts[k] == e - i && memcmp(v + starts[k], v + i, e - i) == 0;
                }
                if ((i == 0 || !dup) && nstart < sizeof starts / sizeof starts[0])
                        starts[nstart++] = i;
        }
        if (!nstart || starts[0] != 0)
                return false;
        /* The last piece is text when it is called text and reads back unchanged. */
        const char *last = v + starts[nstart - 1];
        bool text = strncmp(last, "text=", 5) == 0 && last[5] && last[5] != ' ' &&
                    v[len - 1] != ' ' && !strstr(last, "  ") && !strpbrk(last, "\t\n\r");
        if (!b)
                return true;
        tkit_buf_printf(b, "      <%s", elem);
        for (size_t k = 0; k < nstart - (text ? 1 : 0); k++) {
                const char *p = v + starts[k], *eq = strchr(p, '=');
                size_t end = k + 1 < nstart ? starts[k + 1] - 1 : len;
                char *name = tkit_xstrndup(p, (size_t)(eq - p));
                put_attr_n(b, name, eq + 1, (size_t)(v + end - (eq + 1)));
                free(name);
        }
        if (!text) {
                tkit_buf_puts(b, " />\n");
                return true;
        }
        tkit_buf_puts(b, ">");
        tkit_buf_put_escaped(b, last + 5, TKIT_ESC_XML_TEXT);
        tkit_buf_printf(b, "</%s>\n", elem);
        return true;
}

/* The reader takes these elements inside <tile> as features, not markers. */
static bool feature_element(const char *name)
{
        static const char *const v[] = {"city", "road", "river", "field", "monastery", "garden"};
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
                if (strcmp(name, v[i]) == 0)
                        return true;
        return false;
}

/* Whether a tile marker of this name can be written as an attribute of <tile>. */
static bool tile_attr_name(const char *name)
{
        return xml_name(name, strlen(name)) && strcmp(name, "id") != 0 &&
               strcmp(name, "group") != 0;
}

/* Attribute or element, for each tile marker. Elements (<tower/>) are what JCloisterZone's tiles
 * mostly carry, attributes its few tile attributes and whatever cannot be an element. The reader
 * gives back attributes first, then elements: every marker before the last attribute must be an
 * attribute too. */
static void marker_forms(const struct tkit_tile *t, enum form *form, struct place *p)
{
        static const char *const tile_attrs[] = {"wind-rose", "max", "count", "group"};
        struct strindex used = {0};
        long last_attr = -1;
        for (size_t i = 0; i < t->nextra; i++) {
                const struct tkit_attr *a = &t->extra[i];
                /* the reader takes a tile's id and group attributes for what they say, never
                 * for markers: a marker of either name goes as an element or is lost */
                bool attr_ok = tile_attr_name(a->name);
                bool elem_ok = xml_name(a->name, strlen(a->name)) && !feature_element(a->name) &&
                               marker_element(a->value, NULL, a->name);
                bool prefer_attr = !elem_ok;
                for (size_t k = 0; k < sizeof tile_attrs / sizeof tile_attrs[0]; k++)
                        prefer_attr = prefer_attr || strcmp(a->name, tile_attrs[k]) == 0;
                if (attr_ok && index_get(&used, a->name) >= 0)
                        attr_ok = false;
                form[i] = attr_ok && prefer_attr ? FORM_ATTR : elem_ok ? FORM_ELEM : FORM_NONE;
                if (form[i] == FORM_ATTR) {
                        index_put(&used, a->name, i);
                        last_attr = (long)i;
                }
        }
        for (long i = 0; i < last_attr; i++) {
                const struct tkit_attr *a = &t->extra[i];
                if (form[i] != FORM_ELEM)
                        continue;
                if (tile_attr_name(a->name) && index_get(&used, a->name) < 0) {
                        form[i] = FORM_ATTR;
                        index_put(&used, a->name, (size_t)i);
                } else {
                        tkit_jcz_lose(&p->lost, "the order of marker '%s'", a->name);
                        p->markers_lost = true;
                }
        }
        /* the reader's limit of attributes per element, id and group included */
        size_t nattr = 2;
        for (size_t i = 0; i < t->nextra; i++)
                if (form[i] == FORM_ATTR && ++nattr > TKIT_MAX_XML_ATTRIBUTES)
                        form[i] = FORM_NONE;
        for (size_t i = 0; i < t->nextra; i++)
                if (form[i] == FORM_NONE) {
                        tkit_jcz_lose(&p->lost, "marker %s=\"%.60s\"", t->extra[i].name,
                                      t->extra[i].value);
                        p->markers_lost = true;
                }
        index_finish(&used);
}

/* ------------------------------------------------------------------ features */

static const char *elem_name(enum tkit_feature_kind k)
{
        return k == TKIT_CLOISTER ? "monastery" : tkit_feature_kind_name(k);
}

/* The positions JCloisterZone can list for `f`: whole sides of a city, the middles of a road or
 * river, the half edges of a field, nothing for a cloister or garden. */
static uint16_t writable_mask(const struct tkit_feature *f)
{
        uint16_t m = 0;
        switch (f->kind) {
        case TKIT_CITY:
                for (int s = 0; s < 4; s++)
                        if ((f->mask & TKIT_MASK_SIDE(s)) == TKIT_MASK_SIDE(s))
                                m |= (uint16_t)TKIT_MASK_SIDE(s);
                return m;
        case TKIT_ROAD:
        case TKIT_RIVER:
                return f->mask & TKIT_MASK_MIDDLES;
        case TKIT_FIELD:
                return f->mask & TKIT_MASK_HALVES;
        default:
                return 0;
        }
}

/* Whether the reader can take `f` at all: it needs a position on cities, roads and rivers. */
static bool writable(const struct tkit_feature *f)
{
        return writable_mask(f) || f->kind == TKIT_FIELD || f->kind == TKIT_CLOISTER ||
               f->kind == TKIT_GARDEN;
}

static void put_positions(struct tkit_buf *b, const struct tkit_feature *f, int inner)
{
        uint16_t m = writable_mask(f);
        bool first = true;
        if (f->kind == TKIT_FIELD && !m) {
                tkit_buf_puts(b, inner == 1 ? "I" : "II");
                return;
        }
        for (int pos = 0; pos < TKIT_NPOS; pos++) {
                if (!(m & (1u << pos)))
                        continue;
                bool side = f->kind != TKIT_FIELD;
                if (side && (f->kind != TKIT_CITY ? TKIT_POS_PART(pos) != TKIT_M
                                                  : TKIT_POS_PART(pos) != TKIT_L))
                        continue;
                if (side)
                        tkit_buf_printf(b, "%s%c", first ? "" : " ",
                                        tkit_side_letter(TKIT_POS_SIDE(pos)));
                else
                        tkit_buf_printf(b, "%s%s", first ? "" : " ", tkit_pos_name(pos));
                first = false;
        }
}

/* city="...": for each city the field touches, a side that the reader resolves to that city
 * (the first written city covering the side's middle). Links it cannot name are left out; the
 * read-back comparison reports them. */
static void put_city_links(struct tkit_buf *b, const struct tkit_tile *t,
                           const struct tkit_feature *f, const bool *written)
{
        bool first = true;
        for (size_t k = 0; k < f->ntouches; k++) {
                int c = tkit_tile_find_feature(t, f->touches[k]);
                if (c < 0 || !written[c] || t->features[c].kind != TKIT_CITY)
                        continue;
                uint16_t cm = writable_mask(&t->features[c]);
                for (int s = 0; s < 4; s++) {
                        int mid = TKIT_POS(s, TKIT_M), owner = -1;
                        for (size_t i = 0; i < t->nfeatures && owner < 0; i++)
                                if (written[i] && t->features[i].kind == TKIT_CITY &&
                                    (writable_mask(&t->features[i]) & (1u << mid)))
                                        owner = (int)i;
                        if (!(cm & (1u << mid)) || owner != c)
                                continue;
                        tkit_buf_printf(b, "%s%c", first ? " city=\"" : " ", tkit_side_letter(s));
                        first = false;
                        break;
                }
        }
        if (!first)
                tkit_buf_puts(b, "\"");
}

/* Attributes the reader interprets itself: a marker by these names would not come back as one. */
/* The words the reader takes for a boolean it interprets (formats/jcz.c, get_bool). */
static bool jcz_bool(const char *v)
{
        static const char *const words[] = {"true", "yes", "1", "false", "no", "0"};
        for (size_t i = 0; i < sizeof words / sizeof *words; i++)
                if (strcmp(v, words[i]) == 0)
                        return true;
        return false;
}

/* A feature marker the reader would not give back as one: a name it interprets (pennants,
 * besieged, cathedral, inn, a field's city) or not an XML name; `tunnel`, which it keeps, only
 * with a value it takes as true or false (it refuses the file otherwise). */
static bool reserved_feature_attr(const struct tkit_feature *f, const struct tkit_attr *a)
{
        return strcmp(a->name, "pennants") == 0 || strcmp(a->name, "besieged") == 0 ||
               strcmp(a->name, "cathedral") == 0 || strcmp(a->name, "inn") == 0 ||
               (f->kind == TKIT_FIELD && strcmp(a->name, "city") == 0) ||
               (strcmp(a->name, "tunnel") == 0 && !jcz_bool(a->value)) ||
               !xml_name(a->name, strlen(a->name));
}

static void put_feature(struct tkit_buf *b, const struct tkit_tile *t, size_t i,
                        const bool *written, int inner, struct place *p)
{
        const struct tkit_feature *f = &t->features[i];
        tkit_buf_printf(b, "      <%s", elem_name(f->kind));
        if (f->pennants > 0 && f->pennants <= 99) /* the reader's range */
                tkit_buf_printf(b, " pennants=\"%d\"", f->pennants);
        if (f->besieger != TKIT_BESIEGER_NONE)
                tkit_buf_puts(b, " besieged=\"true\"");
        if (f->cathedral)
                tkit_buf_puts(b, " cathedral=\"true\"");
        if (f->inn)
                tkit_buf_puts(b, " inn=\"true\"");
        if (f->kind == TKIT_FIELD)
                put_city_links(b, t, f, written);
        struct strindex used = {0};
        size_t nattr = 5; /* at most: pennants, besieged, cathedral, inn, city */
        for (size_t k = 0; k < f->nextra; k++) {
                const struct tkit_attr *a = &f->extra[k];
                if (reserved_feature_attr(f, a) || index_get(&used, a->name) >= 0 ||
                    ++nattr > TKIT_MAX_XML_ATTRIBUTES) {
                        tkit_jcz_lose(&p->lost, "%s %s: marker %s=\"%.60s\"",
                                      tkit_feature_kind_name(f->kind), f->id, a->name, a->value);
                        p->markers_lost = true;
                        continue;
                }
                index_put(&used, a->name, k);
                put_attr(b, a->name, a->value);
        }
        index_finish(&used);
        if (f->kind == TKIT_CLOISTER || f->kind == TKIT_GARDEN) {
                tkit_buf_puts(b, " />\n");
                return;
        }
        tkit_buf_puts(b, ">");
        put_positions(b, f, inner);
        tkit_buf_printf(b, "</%s>\n", elem_name(f->kind));
}

/* ------------------------------------------------------------------ tiles */

/* JCloisterZone's group of a river tile: the spring and the lake are drawn first and last, the
 * fork right after the spring. */
static const char *group_attr(const struct tkit_tile *t)
{
        if (t->group != TKIT_GROUP_RIVER)
                return NULL;
        bool source = false, lake = false, fork = false;
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                if (f->kind != TKIT_RIVER)
                        continue;
                source = source || f->end == TKIT_END_SOURCE;
                lake = lake || f->end == TKIT_END_LAKE;
                fork = fork || tkit_mask_sides(f->mask) >= 3;
        }
        return source ? "river-spring" : lake ? "river-lake" : fork ? "river-fork" : "river";
}

/* What is never written, named for the warning. */
static void static_losses(const struct tkit_set *s, const struct tkit_tile *t, struct place *p)
{
        if (t->nnames)
                tkit_jcz_lose(&p->lost, "names");
        if (!from_jcz(s) &&
            (t->basis != TKIT_BASIS_UNSTATED || (t->provenance && t->provenance[0])))
                tkit_jcz_lose(&p->lost, "provenance");
        if (t->start)
                tkit_jcz_lose(&p->lost, "start tile");
        if (t->nsymbols) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (size_t i = 0; i < t->nsymbols && i < TKIT_MAX_SYMBOLS; i++)
                        tkit_buf_printf(&b, "%s%s", i ? " " : "", tkit_post_name(t->symbols[i]));
                tkit_jcz_lose(&p->lost, "siege symbols (%s)", b.data);
                tkit_buf_finish(&b);
        }
        if (t->illustrations[0]) {
                char v[2 * TKIT_MAX_ILLUSTRATIONS + 1];
                size_t n = 0;
                for (size_t i = 0; t->illustrations[i] && i < TKIT_MAX_ILLUSTRATIONS; i++)
                        n += (size_t)snprintf(v + n, sizeof v - n, "%s%c", i ? " " : "",
                                              t->illustrations[i]);
                tkit_jcz_lose(&p->lost, "illustrations (%s)", v);
        }
}

/* The tile element after its id attribute, into `b`; fills p->fmap and the phrases of what
 * cannot be written. */
static void tile_body(const struct tkit_tile *t, struct place *p, struct tkit_buf *b)
{
        const char *group = group_attr(t);
        enum form *form = tkit_xcalloc(t->nextra + 1, sizeof *form);
        bool *written = tkit_xcalloc(t->nfeatures + 1, sizeof *written);
        marker_forms(t, form, p);
        if (group)
                put_attr(b, "group", group);
        for (size_t i = 0; i < t->nextra; i++)
                if (form[i] == FORM_ATTR)
                        put_attr(b, t->extra[i].name, t->extra[i].value);
        struct tkit_buf inner;
        tkit_buf_init(&inner);
        int ninner = 0;
        for (size_t i = 0; i < t->nfeatures; i++) {
                written[i] = writable(&t->features[i]) && p->nf < 64;
                if (!written[i])
                        tkit_jcz_lose(&p->lost, "%s %s (JCloisterZone cannot place it)",
                                      tkit_feature_kind_name(t->features[i].kind),
                                      t->features[i].id);
                else
                        p->fmap[p->nf++] = i;
        }
        for (size_t k = 0; k < p->nf; k++) {
                const struct tkit_feature *f = &t->features[p->fmap[k]];
                bool is_inner = f->kind == TKIT_FIELD && !writable_mask(f);
                put_feature(&inner, t, p->fmap[k], written, is_inner ? ++ninner : 0, p);
        }
        for (size_t i = 0; i < t->nextra; i++)
                if (form[i] == FORM_ELEM)
                        marker_element(t->extra[i].value, &inner, t->extra[i].name);
        if (inner.len) {
                tkit_buf_printf(b, ">\n%s    </tile>\n", inner.data);
        } else {
                tkit_buf_puts(b, " />\n");
        }
        tkit_buf_finish(&inner);
        free(form);
        free(written);
}

/* ------------------------------------------------------------------ ids */

/* JCloisterZone-style prefix for the tiles of a set read elsewhere: the initials of the words of
 * its id ("castles-bridges" -> "CB"), or the first two letters of a one-word id ("base" -> "BA"),
 * with a number when another set of the output has it already. */
static bool is_alnum(char c)
{
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

static char upper(char c)
{
        return (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
}

static char *set_prefix(const char *id, struct strindex *taken, size_t set)
{
        char p[8];
        size_t n = 0, words = 0;
        for (const char *c = id; *c && n < 4; c++)
                if (is_alnum(*c) && (c == id || !is_alnum(c[-1]))) {
                        p[n++] = upper(*c);
                        words++;
                }
        if (words == 1 && is_alnum(id[0]) && is_alnum(id[1]))
                p[n++] = upper(id[1]);
        if (!n)
                p[n++] = 'X';
        p[n] = '\0';
        char *out = tkit_xstrdup(p);
        for (unsigned k = 2; index_get(taken, out) >= 0; k++) {
                free(out);
                out = tkit_xasprintf("%s%u", p, k);
        }
        index_put(taken, out, set);
        return out;
}

/* `want` made an id the reader takes: characters it cannot hold become '-'. */
static char *clean_id(const char *want)
{
        char *id = tkit_xstrdup(*want ? want : "x");
        for (char *c = id; *c; c++) {
                if (!is_alnum(*c) && (c == id || !strchr("._:/@+!-", *c)))
                        *c = c == id ? 'x' : '-';
        }
        return id;
}

/* An id no tile of the output has yet: `want`, else `want` cut to fit with ".2", ".3", ...
 * (JCloisterZone's own way of numbering variants). */
static char *free_id(const struct writer *w, const char *want)
{
        size_t len = strlen(want);
        if (len <= MAX_ID && index_get(&w->ids, want) < 0)
                return tkit_xstrdup(want);
        for (unsigned k = 2;; k++) {
                char suffix[16];
                snprintf(suffix, sizeof suffix, ".%u", k);
                size_t keep = len < MAX_ID - strlen(suffix) ? len : MAX_ID - strlen(suffix);
                char *id = tkit_xasprintf("%.*s%s", (int)keep, want, suffix);
                if (index_get(&w->ids, id) < 0)
                        return id;
                free(id);
        }
}

/* Finds or adds the output tile for place `p` with body `body` (taken). Returns false at the
 * limit. */
static bool place_tile(struct writer *w, struct place *p, const char *prefix, char *body)
{
        const struct tkit_tile *t = p->tile;
        char *want = prefix ? tkit_xasprintf("%s/%s", prefix, t->id) : tkit_xstrdup(t->id);
        char *clean = clean_id(want);
        long k = strlen(clean) <= MAX_ID ? index_get(&w->ids, clean) : -1;
        if (k >= 0 && strcmp(w->tiles[k].body, body) == 0) {
                p->out = (size_t)k;
                free(body);
                free(want);
                free(clean);
                return true;
        }
        if (w->ntiles >= TKIT_JCZ_MAX_TILES) {
                free(body);
                free(want);
                free(clean);
                return false;
        }
        char *id = free_id(w, clean);
        if (prefix == NULL && strcmp(id, t->id) != 0)
                tkit_jcz_lose(&p->lost, "its id (%s)",
                              strcmp(clean, t->id) != 0 ? "not one the reader takes"
                                                        : "another set defines it differently");
        struct otile *o = TKIT_PUSH(w->tiles, w->ntiles, w->captiles);
        o->id = id;
        o->body = body;
        index_put(&w->ids, o->id, w->ntiles - 1);
        p->out = w->ntiles - 1;
        free(want);
        free(clean);
        return true;
}

/* ------------------------------------------------------------------ sets */

static void set_static_losses(const struct tkit_set *s, struct tkit_buf *b)
{
        if (s->nnames)
                tkit_jcz_lose(b, "names");
        if ((s->edition && s->edition[0]) || s->year)
                tkit_jcz_lose(b, "edition and year");
        if (s->rules)
                tkit_jcz_lose(b, "rule modules");
        if (s->nrequires)
                tkit_jcz_lose(b, "required sets");
        if (s->ntokens)
                tkit_jcz_lose(b, "tokens");
        if (s->nmanifest)
                tkit_jcz_lose(b, "manifest");
}

static int marker_kind(const char *name)
{
        return strcmp(name, "jcz-ref") == 0        ? 1
               : strcmp(name, "jcz-remove") == 0   ? 2
               : strcmp(name, "jcz-requires") == 0 ? 3
                                                   : 0;
}

/* A jcz-ref marker "ID count=N" (as the reader writes it): the id and count, or false. */
static bool parse_ref(const char *v, char **id, int *count)
{
        const char *sp = NULL;
        for (const char *q = strstr(v, " count="); q; q = strstr(q + 1, " count="))
                sp = q;
        if (!sp || sp == v)
                return false;
        char *end;
        long c = strtol(sp + 7, &end, 10);
        char check[16];
        snprintf(check, sizeof check, "%ld", c);
        if (*end || c < 1 || c > TKIT_MAX_COUNT || strcmp(check, sp + 7) != 0)
                return false;
        *id = tkit_xstrndup(v, (size_t)(sp - v));
        *count = (int)c;
        return true;
}

/* The set's markers: tile-set attributes first, then <ref>/<remove>/<requires> for the
 * references the reader keeps, in order. `phase` 0 writes attributes, 1 elements. */
static void put_set_markers(const struct writer *w, const struct tkit_set *s, int phase,
                            struct tkit_buf *b, struct tkit_buf *lost, bool *mlost)
{
        struct strindex used = {0};
        bool elements = false;
        for (size_t i = 0; i < s->nextra; i++) {
                const struct tkit_attr *a = &s->extra[i];
                int kind = marker_kind(a->name);
                char *id = NULL;
                int count = 0;
                bool ok;
                if (kind == 0) /* the reader's limit of attributes per element, id included */
                        ok = !elements && xml_name(a->name, strlen(a->name)) &&
                             strcmp(a->name, "id") != 0 && index_get(&used, a->name) < 0 &&
                             used.n + 1 < TKIT_MAX_XML_ATTRIBUTES;
                else if (kind == 1)
                        ok = parse_ref(a->value, &id, &count) && index_get(&w->ids, id) < 0;
                else
                        ok = true;
                elements = elements || kind != 0;
                if (ok && kind == 0)
                        index_put(&used, a->name, i);
                if (!ok && phase == 0) {
                        tkit_jcz_lose(lost, "marker %s=\"%.60s\"", a->name, a->value);
                        *mlost = true;
                } else if (ok && phase == 0 && kind == 0) {
                        put_attr(b, a->name, a->value);
                } else if (ok && phase == 1 && kind == 1) {
                        tkit_buf_printf(b, "      <ref count=\"%d\"", count);
                        put_attr(b, "tile", id);
                        tkit_buf_puts(b, " />\n");
                } else if (ok && phase == 1 && kind > 1) {
                        tkit_buf_printf(b, "      <%s", kind == 2 ? "remove" : "requires");
                        put_attr(b, kind == 2 ? "tile" : "expansion", a->value);
                        tkit_buf_puts(b, " />\n");
                }
                free(id);
        }
        index_finish(&used);
}

static void put_set(const struct writer *w, size_t si, const struct tkit_set *s,
                    const struct place *places, struct tkit_buf *out)
{
        tkit_buf_puts(out, "    <tile-set");
        put_attr(out, "id", s->id);
        struct tkit_buf scratch;
        tkit_buf_init(&scratch);
        bool ignored = false;
        put_set_markers(w, s, 0, out, &w->setlost[si], &w->set_markers_lost[si]);
        struct tkit_buf inner;
        tkit_buf_init(&inner);
        for (size_t k = 0; k < s->ntiles; k++) {
                int count = places[k].tile->count; /* out of range: read back otherwise */
                count = count < 1 ? 1 : count > TKIT_MAX_COUNT ? TKIT_MAX_COUNT : count;
                tkit_buf_printf(&inner, "      <ref count=\"%d\"", count);
                put_attr(&inner, "tile", w->tiles[places[k].out].id);
                tkit_buf_puts(&inner, " />\n");
        }
        put_set_markers(w, s, 1, &inner, &scratch, &ignored);
        if (inner.len)
                tkit_buf_printf(out, ">\n%s    </tile-set>\n", inner.data);
        else
                tkit_buf_puts(out, " />\n");
        tkit_buf_finish(&inner);
        tkit_buf_finish(&scratch);
}

/* ------------------------------------------------------------------ the document */

static int report(struct writer *w, const struct tkit_set *const *sets, size_t n)
{
        int warnings = 0;
        for (size_t i = 0; i < w->nplaces; i++) {
                const struct place *p = &w->places[i];
                if (!p->lost.len)
                        continue;
                const char *id = w->tiles[p->out].id;
                bool renamed = strcmp(id, p->tile->id) != 0;
                tkit_diags_add(w->d, TKIT_SEV_WARNING, p->set->file, p->tile->line, RULE_LOSSY,
                               p->set->id, p->tile->id,
                               "%s%s%sleft out of the JCloisterZone file: %s",
                               renamed ? "written as " : "", renamed ? id : "", renamed ? "; " : "",
                               p->lost.data);
                warnings++;
        }
        for (size_t i = 0; i < n; i++) {
                const struct tkit_set *s = sets[i];
                for (size_t k = 0; k < s->npieces; k++, warnings++)
                        tkit_diags_add(w->d, TKIT_SEV_WARNING, s->file, s->pieces[k].line,
                                       RULE_LOSSY, s->id, NULL,
                                       "piece %s: left out of the JCloisterZone file: the %dx%d "
                                       "piece with its cells and %zu faces of defense posts",
                                       s->pieces[k].id, s->pieces[k].width, s->pieces[k].height,
                                       s->pieces[k].nfaces);
                if (w->setlost[i].len && ++warnings)
                        tkit_diags_add(w->d, TKIT_SEV_WARNING, s->file, s->line, RULE_LOSSY, s->id,
                                       NULL, "set %s: left out of the JCloisterZone file: %s",
                                       s->id, w->setlost[i].data);
        }
        return warnings;
}

/* Places every tile of every set; false at the tile limit (reported). */
static bool place_all(struct writer *w, const struct tkit_set *const *sets, size_t n)
{
        struct strindex prefixes = {0};
        bool ok = true;
        for (size_t i = 0; i < n && ok; i++) {
                const struct tkit_set *s = sets[i];
                w->prefixes[i] = from_jcz(s) ? NULL : set_prefix(s->id, &prefixes, i);
                set_static_losses(s, &w->setlost[i]);
                for (size_t k = 0; k < s->ntiles && ok; k++) {
                        struct place *p = TKIT_PUSH(w->places, w->nplaces, w->capplaces);
                        memset(p, 0, sizeof *p);
                        p->set = s;
                        p->tile = &s->tiles[k];
                        tkit_buf_init(&p->lost);
                        static_losses(s, p->tile, p);
                        struct tkit_buf body;
                        tkit_buf_init(&body);
                        tile_body(p->tile, p, &body);
                        ok = place_tile(w, p, w->prefixes[i], tkit_buf_steal(&body));
                }
        }
        index_finish(&prefixes);
        if (!ok)
                tkit_diags_add(w->d, TKIT_SEV_ERROR, NULL, 0, NULL, NULL, NULL,
                               "more than %d different tiles: tilekit's JCloisterZone reader could "
                               "not read the file back (its limit per file); export fewer sets",
                               TKIT_JCZ_MAX_TILES);
        return ok;
}

static void write_doc(struct writer *w, const struct tkit_set *const *sets, size_t n,
                      struct tkit_buf *out)
{
        tkit_buf_puts(out, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
                           "<!-- Written by tilekit export (docs/format.md). -->\n"
                           "<defs>\n  <tiles>\n");
        for (size_t i = 0; i < w->ntiles; i++) {
                tkit_buf_puts(out, "    <tile");
                put_attr(out, "id", w->tiles[i].id);
                tkit_buf_puts(out, w->tiles[i].body);
        }
        tkit_buf_puts(out, "  </tiles>\n  <sets>\n");
        size_t pi = 0;
        for (size_t i = 0; i < n; i++) {
                put_set(w, i, sets[i], &w->places[pi], out);
                pi += sets[i]->ntiles;
        }
        tkit_buf_puts(out, "  </sets>\n</defs>\n");
}

static int cmp_set_id(const void *a, const void *b)
{
        return strcmp((*(const struct tkit_set *const *)a)->id,
                      (*(const struct tkit_set *const *)b)->id);
}

/* Set ids the reader takes, each once. */
static bool check_set_ids(const struct tkit_set *const *sets, size_t n, struct tkit_diags *d)
{
        const struct tkit_set **v = tkit_xcalloc(n + 1, sizeof *v);
        bool ok = true;
        if (n) /* no sets: `sets` may be NULL, and memcpy's arguments must not be */
                memcpy(v, sets, n * sizeof *v);
        qsort(v, n, sizeof *v, cmp_set_id);
        for (size_t i = 0; i < n; i++) {
                if (!tkit_native_valid_id(v[i]->id)) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, v[i]->file, v[i]->line, NULL, v[i]->id,
                                       NULL, "set id '%.80s' cannot be written", v[i]->id);
                        ok = false;
                } else if (i && strcmp(v[i]->id, v[i - 1]->id) == 0) {
                        tkit_diags_add(
                            d, TKIT_SEV_ERROR, v[i]->file, v[i]->line, NULL, v[i]->id, NULL,
                            "two sets named '%s': one JCloisterZone file cannot hold both",
                            v[i]->id);
                        ok = false;
                }
        }
        free(v);
        return ok;
}

static void writer_finish(struct writer *w, size_t n)
{
        for (size_t i = 0; i < w->ntiles; i++) {
                free(w->tiles[i].id);
                free(w->tiles[i].body);
        }
        free(w->tiles);
        index_finish(&w->ids);
        for (size_t i = 0; i < w->nplaces; i++)
                tkit_buf_finish(&w->places[i].lost);
        free(w->places);
        for (size_t i = 0; i < n; i++) {
                tkit_buf_finish(&w->setlost[i]);
                free(w->prefixes[i]);
        }
        free(w->setlost);
        free(w->set_markers_lost);
        free(w->prefixes);
}

int tkit_jcz_write(const struct tkit_set *const *sets, size_t n, struct tkit_buf *out,
                   struct tkit_diags *d)
{
        if ((!sets && n) || !out || !d)
                return TKIT_E_USAGE;
        if (!check_set_ids(sets, n, d))
                return TKIT_E_INVALID;
        struct writer w = {0};
        w.d = d;
        w.setlost = tkit_xcalloc(n + 1, sizeof *w.setlost);
        w.set_markers_lost = tkit_xcalloc(n + 1, sizeof *w.set_markers_lost);
        w.prefixes = tkit_xcalloc(n + 1, sizeof *w.prefixes);
        struct tkit_buf doc;
        tkit_buf_init(&doc);
        int rc = TKIT_E_LIMIT;
        if (!place_all(&w, sets, n))
                goto out;
        write_doc(&w, sets, n, &doc);
        if (doc.len > TKIT_MAX_INPUT_BYTES) { /* the reader's limit: refused as it refuses */
                tkit_diags_add(d, TKIT_SEV_ERROR, n ? sets[0]->file : NULL, n ? sets[0]->line : 0,
                               tkit_read_rule_id(TKIT_RR_XML_LIMIT), n ? sets[0]->id : NULL, NULL,
                               "not written: the JCloisterZone file would be %zu bytes, more than "
                               "the %u bytes its reader takes",
                               doc.len, TKIT_MAX_INPUT_BYTES);
                goto out;
        }
        rc = tkit_jcz_read_back(&w, sets, n, doc.data, doc.len);
        if (rc < 0)
                goto out;
        rc = report(&w, sets, n);
        tkit_buf_add(out, doc.data, doc.len);
out:
        tkit_buf_finish(&doc);
        writer_finish(&w, n);
        return rc;
}

int tkit_jcz_write_stream(const struct tkit_set *const *sets, size_t n, FILE *f,
                          struct tkit_diags *d)
{
        if (!f)
                return TKIT_E_USAGE;
        struct tkit_buf b;
        tkit_buf_init(&b);
        int rc = tkit_jcz_write(sets, n, &b, d);
        if (rc >= 0 && (fwrite(b.data, 1, b.len, f) != b.len || fflush(f) != 0))
                rc = TKIT_E_IO;
        tkit_buf_finish(&b);
        return rc;
}
