/*
 * The JCloisterZone reader: <defs> documents (JCloisterZone's tile-definitions, one file per
 * expansion).
 *
 *   <defs>
 *     <tiles> <tile id="BA/RCr" [group="river|river-spring|river-lake|river-fork"] ...>
 *               <city pennants="1" besieged="true" cathedral="true" ...>N W</city>
 *               <road inn="true" tunnel="true" ...>W E</road>   <river>N S</river>
 *               <field city="N">EL WR</field>   (half edges; I / II: inner fields;
 *                                                city="..." names cities by ANY of their sides)
 *               <monastery .../> <garden/> <tower/> <dragon/> ... (markers)
 *     </tiles>            (some files put <tile> directly under <defs>)
 *     <sets> <tile-set id="basic:1"> <ref tile="BA/L" count="4"/> <remove tile="..."/>
 *                                    <requires expansion="RIVER"/> </tile-set> </sets>
 *   </defs>
 *
 * Each <tile-set> becomes one struct tkit_set (id as written, source_format "jcz"), holding a
 * copy of every referenced tile with the ref's count. Decisions (documented in docs/rules.md):
 * - feature ids are generated per tile and kind in document order: city-1, road-1, river-1,
 *   field-1, cloister-1, garden-1;
 * - everything the model has no field for is kept as a marker (tile or feature extra) named as
 *   in JCloisterZone: wagon-move, castle-base, princess, tunnel, wind-rose, <tower/>, ...;
 * - a spring/lake group gives the one-side river its end (source/lake); groups map to "river";
 * - crossing features: where two of city/road/river interleave around the tile (JCloisterZone's
 *   bridges, tunnels and city arches), the one on its own layer is marked overpass — a tunnel
 *   road first, else a road, else a city (never a river or a field) — and the tile's provenance
 *   says so; crossings involving fields are left for the checker (GEO-CROSS);
 * - refs to tiles defined in another file (winter.xml uses basic.xml's) are kept as set markers
 *   "jcz-ref" and resolved by tkit_jcz_link() once every file is read;
 *   <remove> and <requires> become set markers "jcz-remove" / "jcz-requires";
 * - tiles referenced by no tile-set are kept in a set "<file stem>:unlisted" (with a note);
 * - the tiles of the "count" tile-set (the City of Carcassonne, placed as a block instead of the
 *   start tile, with edges open towards its quarters) are read in group "fortress".
 */
#include "formats-private.h"

#include <libxml/xmlstring.h>
#include <stdlib.h>
#include <string.h>

#define RULE_UNKNOWN tkit_read_rule_id(TKIT_RR_XML_UNKNOWN)
#define RULE_VALUE tkit_read_rule_id(TKIT_RR_XML_VALUE)
#define MAX_FEATURES 64
/* A documented limit (docs/hardening.md), reported when hit: JCloisterZone's files hold a few
 * dozen tiles, its largest under 200. Lookups go through hash indexes, so the limit is no longer
 * about time (100 000 tiles used to take 18 s by scanning) but a bound on what is plausible. */
#define MAX_TILES 1000

struct jrd {
        const char *file;
        struct tkit_diags *d;
        const char *set;  /* for diagnostics */
        const char *tile; /* for diagnostics */
        int errors;
        struct tkit_tile *tiles; /* tiles defined in the document */
        size_t ntiles, captiles;
        bool *used;
        bool too_many;              /* MAX_TILES reached and reported */
        struct tkit_index tile_ids; /* of tiles[] */
        struct tkit_index set_ids;  /* of the sets read */
};

static const char *jrd_tile_id(const void *r, size_t i)
{
        return ((const struct jrd *)r)->tiles[i].id;
}

static int line_of(const xmlNode *n)
{
        long l = xmlGetLineNo(n);
        return l > 0 && l < 0x7fffffff ? (int)l : 0;
}

__attribute__((format(printf, 4, 5))) static void fail(struct jrd *r, const xmlNode *n,
                                                       const char *rule, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(r->d, TKIT_SEV_ERROR, r->file, n ? line_of(n) : 0, rule, r->set, r->tile,
                        fmt, ap);
        va_end(ap);
        r->errors++;
}

static bool is_elem(const xmlNode *n)
{
        return n->type == XML_ELEMENT_NODE;
}

static bool named(const xmlNode *n, const char *name)
{
        return is_elem(n) && strcmp((const char *)n->name, name) == 0;
}

static const char *prop(const xmlNode *n, const char *name)
{
        for (const xmlAttr *a = n->properties; a; a = a->next)
                if (strcmp((const char *)a->name, name) == 0)
                        return a->children && a->children->content
                                   ? (const char *)a->children->content
                                   : "";
        return NULL;
}

/* Text content of an element, caller frees; never NULL. */
static char *text_of(const xmlNode *n)
{
        xmlChar *c = xmlNodeGetContent(n);
        char *s = tkit_xstrdup(c ? (const char *)c : "");
        xmlFree(c);
        return s;
}

static bool is_true(const char *v)
{
        return v && (strcmp(v, "true") == 0 || strcmp(v, "yes") == 0 || strcmp(v, "1") == 0);
}

static bool is_false(const char *v)
{
        return v && (strcmp(v, "false") == 0 || strcmp(v, "no") == 0 || strcmp(v, "0") == 0);
}

/* A boolean attribute the reader interprets: anything but true/false (yes/no, 1/0) is an error,
 * never read as false. Returns the value, false after an error. */
static bool get_bool(struct jrd *r, const xmlNode *n, const char *name, const char *v)
{
        if (is_true(v))
                return true;
        if (!is_false(v))
                fail(r, n, RULE_VALUE, "%s=\"%.80s\" on <%s> is not true or false", name, v,
                     (const char *)n->name);
        return false;
}

/* All attributes as "a=1 b=2" (the value of a marker made from an element), then the element's
 * text, whitespace collapsed, as "text=..." when there is any. */
static char *attrs_string(const xmlNode *n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (const xmlAttr *a = n->properties; a; a = a->next)
                tkit_buf_printf(
                    &b, "%s%s=%s", b.len ? " " : "", (const char *)a->name,
                    a->children && a->children->content ? (const char *)a->children->content : "");
        xmlChar *text = xmlNodeGetContent(n);
        bool started = false;
        for (const xmlChar *p = text; p && *p; p++) {
                bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
                if (space && !started)
                        continue;
                if (!started) {
                        tkit_buf_puts(&b, b.len ? " text=" : "text=");
                        started = true;
                }
                if (space && (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || p[1] == '\r' || !p[1]))
                        continue;
                tkit_buf_add(&b, space ? " " : (const char *)p, 1);
        }
        xmlFree(text);
        return tkit_buf_steal(&b);
}

/* Warns about child elements of a marker: their names are not kept, only their text. */
static void warn_nested(struct jrd *r, const xmlNode *n)
{
        for (const xmlNode *c = n->children; c; c = c->next)
                if (is_elem(c))
                        tkit_diags_add(r->d, TKIT_SEV_WARNING, r->file, line_of(c), RULE_UNKNOWN,
                                       r->set, r->tile,
                                       "<%s> inside the marker <%s>: only its text is kept",
                                       (const char *)c->name, (const char *)n->name);
}

/* Warns about attributes of `n` that are not in `known` (NULL-terminated): they are not kept. */
static void warn_attrs(struct jrd *r, const xmlNode *n, const char *const *known)
{
        for (const xmlAttr *a = n->properties; a; a = a->next) {
                bool ok = false;
                for (const char *const *k = known; *k && !ok; k++)
                        ok = strcmp((const char *)a->name, *k) == 0;
                if (!ok)
                        tkit_diags_add(r->d, TKIT_SEV_WARNING, r->file, line_of(n), RULE_UNKNOWN,
                                       r->set, r->tile,
                                       "unknown attribute '%s' on <%s> is not kept",
                                       (const char *)a->name, (const char *)n->name);
        }
}

/* Whitespace-separated tokens of `s`, modified in place; returns the next token or NULL. */
static char *next_token(char **p)
{
        char *s = *p;
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
                s++;
        if (!*s)
                return NULL;
        char *start = s;
        while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
                s++;
        if (*s)
                *s++ = '\0';
        *p = s;
        return start;
}

/* Appends a marker to a set (freed by tkit_set_destroy like every extra). */
static void set_extra(struct tkit_attr **v, size_t *n, const char *name, const char *value,
                      int line)
{
        *v = tkit_xrealloc(*v, (*n + 1) * sizeof **v);
        (*v)[*n] = (struct tkit_attr){tkit_xstrdup(name), tkit_xstrdup(value ? value : ""), line};
        (*n)++;
}

/* ------------------------------------------------------------------ features */

static const char *const kind_prefix[TKIT_FEATURE_KIND_COUNT] = {
    [TKIT_CITY] = "city",   [TKIT_ROAD] = "road",         [TKIT_FIELD] = "field",
    [TKIT_RIVER] = "river", [TKIT_CLOISTER] = "cloister", [TKIT_GARDEN] = "garden",
};

static struct tkit_feature *add_feature(struct jrd *r, struct tkit_tile *t, const xmlNode *n,
                                        enum tkit_feature_kind k)
{
        if (t->nfeatures >= MAX_FEATURES) {
                fail(r, n, RULE_VALUE, "more than %d features on one tile", MAX_FEATURES);
                return NULL;
        }
        int nth = 1;
        for (size_t i = 0; i < t->nfeatures; i++)
                nth += t->features[i].kind == k;
        char id[32];
        snprintf(id, sizeof id, "%s-%d", kind_prefix[k], nth);
        struct tkit_feature *f = tkit_tile_add_feature(t, k, id);
        f->line = line_of(n);
        return f;
}

/* Positions from the element's text: sides for cities (whole side) and roads/rivers (middle),
 * half edges or I/II (inner) for fields. */
static bool read_positions(struct jrd *r, const xmlNode *n, struct tkit_feature *f)
{
        char *txt = text_of(n), *p = txt, *tok;
        bool ok = true, inner = false;
        while ((tok = next_token(&p))) {
                uint16_t bit = 0;
                int side = tkit_side_parse(tok);
                if (f->kind == TKIT_FIELD) {
                        int pos = tkit_pos_parse(tok);
                        if (strcmp(tok, "I") == 0 || strcmp(tok, "II") == 0) {
                                inner = true;
                                continue;
                        }
                        if (pos >= 0 && TKIT_POS_PART(pos) != TKIT_M)
                                bit = (uint16_t)(1u << pos);
                } else if (side >= 0) {
                        bit = f->kind == TKIT_CITY ? (uint16_t)TKIT_MASK_SIDE(side)
                                                   : (uint16_t)(1u << TKIT_POS(side, TKIT_M));
                }
                if (!bit) {
                        fail(r, n, RULE_VALUE, "'%s' is not a %s in <%s>", tok,
                             f->kind == TKIT_FIELD ? "half edge (NL NR EL ER SL SR WL WR) or I/II"
                                                   : "side (N E S W)",
                             (const char *)n->name);
                        ok = false;
                } else if (f->mask & bit) {
                        fail(r, n, RULE_VALUE, "'%s' is listed twice in <%s>", tok,
                             (const char *)n->name);
                        ok = false;
                }
                f->mask |= bit;
        }
        if (inner && f->mask) {
                fail(r, n, RULE_VALUE,
                     "a field is either inner (I, II) or has half edges, not both");
                ok = false;
        }
        if (!inner && !f->mask && ok) {
                fail(r, n, RULE_VALUE, "<%s> lists no position", (const char *)n->name);
                ok = false;
        }
        free(txt);
        return ok;
}

/* Attributes of a feature element: those the model knows, the rest kept as feature markers. */
static void read_feature_attrs(struct jrd *r, const xmlNode *n, struct tkit_feature *f)
{
        for (const xmlAttr *a = n->properties; a; a = a->next) {
                const char *k = (const char *)a->name;
                const char *v =
                    a->children && a->children->content ? (const char *)a->children->content : "";
                /* Read whatever the element says; the checker judges (ATTR-KIND). */
                if (strcmp(k, "pennants") == 0) {
                        char *end;
                        long p = strtol(v, &end, 10);
                        if (*end || end == v || p < 0 || p > 99)
                                fail(r, n, RULE_VALUE, "pennants=\"%s\" is not a number in 0..99",
                                     v);
                        else
                                f->pennants = (int)p;
                } else if (strcmp(k, "besieged") == 0) {
                        if (get_bool(r, n, k, v))
                                f->besieger = TKIT_BESIEGER_BESIEGER;
                } else if (strcmp(k, "cathedral") == 0) {
                        f->cathedral = get_bool(r, n, k, v);
                } else if (strcmp(k, "inn") == 0) {
                        f->inn = get_bool(r, n, k, v);
                } else if (strcmp(k, "tunnel") == 0) {
                        /* kept as a marker (the model has no tunnel), read by layer_class */
                        get_bool(r, n, k, v);
                        tkit_feature_add_extra(f, k, v, line_of(n));
                } else if (f->kind == TKIT_FIELD && strcmp(k, "city") == 0) {
                        continue; /* resolved once the tile's cities are known */
                } else {
                        tkit_feature_add_extra(f, k, v, line_of(n));
                }
        }
}

/* city="N W": each side names the city covering it. */
static void resolve_touches(struct jrd *r, struct tkit_tile *t, const xmlNode *n, size_t fi)
{
        const char *v = prop(n, "city");
        if (!v)
                return;
        char *copy = tkit_xstrdup(v), *p = copy, *tok;
        while ((tok = next_token(&p))) {
                int side = tkit_side_parse(tok);
                if (side < 0) {
                        fail(r, n, RULE_VALUE, "city=\"%s\": '%s' is not a side (N E S W)", v, tok);
                        continue;
                }
                int c = -1;
                for (size_t i = 0; i < t->nfeatures && c < 0; i++)
                        if (t->features[i].kind == TKIT_CITY &&
                            (t->features[i].mask & (1u << TKIT_POS(side, TKIT_M))))
                                c = (int)i;
                struct tkit_feature *f = &t->features[fi];
                if (c < 0) {
                        /* name the sides a city does cover: the valid choices */
                        char sides[5] = "", *q = sides;
                        for (int sd = 0; sd < 4; sd++)
                                for (size_t i = 0; i < t->nfeatures; i++)
                                        if (t->features[i].kind == TKIT_CITY &&
                                            (t->features[i].mask & (1u << TKIT_POS(sd, TKIT_M)))) {
                                                *q++ = "NESW"[sd];
                                                break;
                                        }
                        *q = '\0';
                        fail(r, n, tkit_check_rule_id(TKIT_CR_REF_TOUCH),
                             "field '%s' city=\"%s\": there is no city on side %s; city=\"...\" "
                             "names sides a city covers: %s",
                             f->id, v, tok, sides[0] ? sides : "none on this tile");
                        continue;
                }
                bool dup = false;
                for (size_t k = 0; k < f->ntouches; k++)
                        dup = dup || strcmp(f->touches[k], t->features[c].id) == 0;
                if (!dup)
                        tkit_feature_add_touch(f, t->features[c].id);
        }
        free(copy);
}

/* ------------------------------------------------------------------ overpass inference */

static int layer_class(const struct tkit_feature *f)
{
        for (size_t i = 0; i < f->nextra; i++)
                if (f->kind == TKIT_ROAD && strcmp(f->extra[i].name, "tunnel") == 0 &&
                    is_true(f->extra[i].value))
                        return 0;
        return f->kind == TKIT_ROAD ? 1 : f->kind == TKIT_CITY ? 2 : 9;
}

static bool layered_kind(const struct tkit_feature *f)
{
        return !f->overpass && f->mask &&
               (f->kind == TKIT_CITY || f->kind == TKIT_ROAD || f->kind == TKIT_RIVER);
}

static void infer_overpasses(struct tkit_tile *t, struct tkit_buf *prov)
{
        for (size_t round = 0; round < t->nfeatures; round++) {
                int cnt[MAX_FEATURES] = {0};
                bool any = false;
                for (size_t i = 0; i < t->nfeatures; i++)
                        for (size_t j = 0; j < i; j++)
                                if (layered_kind(&t->features[i]) &&
                                    layered_kind(&t->features[j]) &&
                                    tkit_masks_cross(t->features[i].mask, t->features[j].mask)) {
                                        cnt[i]++;
                                        cnt[j]++;
                                        any = true;
                                }
                if (!any)
                        return;
                int best = -1;
                for (size_t i = 0; i < t->nfeatures; i++) {
                        if (!cnt[i] || layer_class(&t->features[i]) > 2)
                                continue;
                        if (best < 0 ||
                            layer_class(&t->features[i]) < layer_class(&t->features[best]) ||
                            (layer_class(&t->features[i]) == layer_class(&t->features[best]) &&
                             cnt[i] >= cnt[best]))
                                best = (int)i;
                }
                if (best < 0)
                        return; /* river against river: left to the checker */
                struct tkit_feature *f = &t->features[best];
                f->overpass = true;
                tkit_buf_printf(prov,
                                " %s '%s' is read as an overpass: it crosses other features and "
                                "JCloisterZone does not say which lies on top%s.",
                                tkit_feature_kind_name(f->kind), f->id,
                                layer_class(f) == 0 ? " (it is a tunnel)" : "");
        }
}

/* Layers that the positions alone do not reveal, known from the tile's art. Each entry names
 * the tile, the kind and sides of the feature on top, and the evidence. */
static const struct {
        const char *tile;
        enum tkit_feature_kind kind;
        uint16_t mask;
        const char *why;
} known_layers[] = {
    {"AM/CCc+", TKIT_CITY, (uint16_t)(TKIT_MASK_SIDE(TKIT_E) | TKIT_MASK_SIDE(TKIT_W)),
     "the city W E bridges over the city N, which goes on beneath it to the south field "
     "(JCloisterZone issue 147: two Abbey & Mayor tiles show one city segment bridging over "
     "another)"},
};

static void apply_known_layers(struct tkit_tile *t, struct tkit_buf *prov)
{
        for (size_t k = 0; k < sizeof known_layers / sizeof known_layers[0]; k++) {
                if (strcmp(t->id, known_layers[k].tile) != 0)
                        continue;
                for (size_t i = 0; i < t->nfeatures; i++) {
                        struct tkit_feature *f = &t->features[i];
                        if (f->kind != known_layers[k].kind || f->mask != known_layers[k].mask ||
                            f->overpass)
                                continue;
                        f->overpass = true;
                        tkit_buf_printf(prov, " %s '%s' is read as an overpass: %s.",
                                        tkit_feature_kind_name(f->kind), f->id,
                                        known_layers[k].why);
                }
        }
}

/* ------------------------------------------------------------------ tiles */

/* JCloisterZone cannot say that the art divides a field (GQ/Cc!, IC/C!): where two of its fields
 * meet with nothing between them, the divider is taken to be there (FIELD-SPLIT). */
static void infer_dividers(struct tkit_tile *t, struct tkit_buf *prov)
{
        t->dividers = tkit_tile_field_meetings(t);
        if (!t->dividers)
                return;
        tkit_buf_puts(prov, " Fields divided by the art at");
        for (int b = 0; b < TKIT_NPOS; b++)
                if (t->dividers & (1u << b))
                        tkit_buf_printf(prov, " %s", tkit_divider_name(b));
        tkit_buf_puts(prov, " (inferred: two fields meet there).");
}

static const char *const river_groups[] = {"river", "river-spring", "river-lake", "river-fork"};

static void apply_group(struct jrd *r, struct tkit_tile *t, const xmlNode *n, const char *g)
{
        size_t k = 0;
        while (k < 4 && strcmp(g, river_groups[k]) != 0)
                k++;
        if (k == 4) {
                fail(r, n, RULE_VALUE,
                     "group=\"%.80s\" is not one of river, river-spring, river-lake, river-fork",
                     g);
                return;
        }
        t->group = TKIT_GROUP_RIVER;
        if (k != 1 && k != 2)
                return;
        for (size_t i = 0; i < t->nfeatures; i++) {
                struct tkit_feature *f = &t->features[i];
                if (f->kind == TKIT_RIVER && tkit_mask_sides(f->mask) == 1)
                        f->end = k == 1 ? TKIT_END_SOURCE : TKIT_END_LAKE;
        }
}

/* The elements of a <tile> that are features, and their kinds; any other element is a marker. */
static const struct {
        const char *name;
        enum tkit_feature_kind kind;
} feature_elems[] = {{"city", TKIT_CITY},   {"road", TKIT_ROAD},          {"river", TKIT_RIVER},
                     {"field", TKIT_FIELD}, {"monastery", TKIT_CLOISTER}, {"garden", TKIT_GARDEN}};
enum { NFEATURE_ELEMS = sizeof feature_elems / sizeof feature_elems[0] };

/* The index in feature_elems of element `c`, NFEATURE_ELEMS for a marker. */
static size_t feature_elem(const xmlNode *c)
{
        size_t k = 0;
        while (k < NFEATURE_ELEMS && !named(c, feature_elems[k].name))
                k++;
        return k;
}

/* The id of <tile> `n` when a new tile may be read from it; NULL after the error. */
static const char *new_tile_id(struct jrd *r, const xmlNode *n)
{
        if (r->ntiles >= MAX_TILES) {
                if (!r->too_many)
                        fail(r, n, RULE_VALUE, "more than %d tiles in one file", MAX_TILES);
                r->too_many = true;
                return NULL;
        }
        const char *id = prop(n, "id");
        if (!id || !*id) {
                fail(r, n, RULE_VALUE, "<tile> without id");
                return NULL;
        }
        if (!tkit_native_valid_id(id)) {
                fail(r, n, RULE_VALUE,
                     "tile id '%.80s' is not an id tilekit can store "
                     "([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to 64 bytes)",
                     id);
                return NULL;
        }
        long first = tkit_index_find(&r->tile_ids, id, jrd_tile_id, r);
        if (first >= 0) {
                r->tile = id;
                fail(r, n, tkit_check_rule_id(TKIT_CR_ID_DUP), "duplicate tile id '%s' (first at line %d)", id,
                     r->tiles[first].line);
                r->tile = NULL;
                return NULL;
        }
        return id;
}

/* The features and markers of <tile> `n`, in order. */
static void read_tile_elements(struct jrd *r, struct tkit_tile *t, const xmlNode *n)
{
        for (const xmlNode *c = n->children; c; c = c->next) {
                if (c->type == XML_TEXT_NODE && !xmlIsBlankNode((xmlNode *)c)) {
                        fail(r, c, RULE_VALUE, "unexpected text in <tile>");
                        continue;
                }
                if (!is_elem(c))
                        continue;
                size_t k = feature_elem(c);
                if (k == NFEATURE_ELEMS) {
                        /* A marker: <tower/>, <dragon/>, <flying-machine direction="NW"/>, ... */
                        char *v = attrs_string(c);
                        tkit_tile_add_extra(t, (const char *)c->name, v, line_of(c));
                        free(v);
                        warn_nested(r, c);
                        continue;
                }
                struct tkit_feature *f = add_feature(r, t, c, feature_elems[k].kind);
                if (!f)
                        break;
                if (f->kind != TKIT_CLOISTER && f->kind != TKIT_GARDEN)
                        read_positions(r, c, f);
                read_feature_attrs(r, c, f);
        }
}

/* Fields name cities by side: resolved once all cities are read. */
static void resolve_field_cities(struct jrd *r, struct tkit_tile *t, const xmlNode *n)
{
        size_t fi = 0;
        for (const xmlNode *c = n->children; c; c = c->next) {
                if (!is_elem(c) || feature_elem(c) == NFEATURE_ELEMS)
                        continue;
                if (fi >= t->nfeatures)
                        break;
                if (named(c, "field"))
                        resolve_touches(r, t, c, fi);
                fi++;
        }
}

static void read_tile(struct jrd *r, const xmlNode *n)
{
        const char *id = new_tile_id(r, n);
        if (!id)
                return;
        int before = r->errors;
        struct tkit_tile *t = TKIT_PUSH(r->tiles, r->ntiles, r->captiles);
        tkit_tile_init(t);
        t->id = tkit_xstrdup(id);
        tkit_index_add(&r->tile_ids, id, r->ntiles - 1);
        t->line = line_of(n);
        t->basis = TKIT_BASIS_EXTERNAL;
        r->tile = t->id;
        for (const xmlAttr *a = n->properties; a; a = a->next) {
                const char *k = (const char *)a->name;
                if (strcmp(k, "id") != 0 && strcmp(k, "group") != 0)
                        tkit_tile_add_extra(t, k, prop(n, k), t->line);
        }
        read_tile_elements(r, t, n);
        resolve_field_cities(r, t, n);
        const char *g = prop(n, "group");
        if (g)
                apply_group(r, t, n, g);
        struct tkit_buf prov;
        tkit_buf_init(&prov);
        tkit_buf_printf(&prov, "JCloisterZone tile %s (%s, line %d).", t->id, r->file, t->line);
        infer_overpasses(t, &prov);
        apply_known_layers(t, &prov);
        infer_dividers(t, &prov);
        t->provenance = tkit_buf_steal(&prov);
        t->broken = r->errors > before; /* left out of the rules in recovery mode */
        r->tile = NULL;
}

/* ------------------------------------------------------------------ sets */

static int find_tile(const struct jrd *r, const char *id)
{
        return (int)tkit_index_find(&r->tile_ids, id, jrd_tile_id, r);
}

static bool parse_count(struct jrd *r, const xmlNode *n, const char *tile, int *out)
{
        const char *v = prop(n, "count");
        if (!v) {
                *out = 1;
                return true;
        }
        char *end;
        long c = strtol(v, &end, 10);
        if (*end || end == v || c < 1 || c > TKIT_MAX_COUNT) {
                r->tile = tile;
                fail(r, n, tkit_check_rule_id(TKIT_CR_COUNT_RANGE),
                     "count=\"%.40s\" on <ref>: a tile has 1 to %d copies in the box; give "
                     "count=\"N\" the number the rules list (no count: 1)",
                     v, TKIT_MAX_COUNT);
                r->tile = NULL;
                return false;
        }
        *out = (int)c;
        return true;
}

static void add_ref(struct jrd *r, struct tkit_set *s, const xmlNode *n)
{
        static const char *const known[] = {"tile", "count", NULL};
        const char *id = prop(n, "tile");
        int count;
        warn_attrs(r, n, known);
        if (!id || !*id) {
                fail(r, n, RULE_VALUE, "<ref> without tile=\"...\"");
                return;
        }
        if (!parse_count(r, n, id, &count))
                return;
        int k = find_tile(r, id);
        if (k < 0) {
                /* Defined in another file (or nowhere): resolved by tkit_jcz_link(). */
                char *v = tkit_xasprintf("%s count=%d", id, count);
                set_extra(&s->extra, &s->nextra, "jcz-ref", v, line_of(n));
                free(v);
                return;
        }
        r->used[k] = true;
        if (tkit_set_find_tile(s, id) >= 0) {
                r->tile = id;
                fail(r, n, tkit_check_rule_id(TKIT_CR_ID_DUP), "tile '%s' is referenced twice in tile-set '%s'", id, s->id);
                r->tile = NULL;
                return;
        }
        struct tkit_tile *t = tkit_set_add_tile(s, id);
        tkit_tile_finish(t);
        tkit_tile_copy(t, &r->tiles[k]);
        t->count = count;
        if (strcmp(s->id, "count") == 0) {
                /* The City of Carcassonne: a block placed instead of the start tile. */
                t->group = TKIT_GROUP_FORTRESS;
        }
}

static struct tkit_set *new_set(struct jrd *r, const char *id, int line)
{
        struct tkit_set *s = tkit_set_create(id);
        s->file = tkit_xstrdup(r->file);
        s->line = line;
        s->source_format = tkit_xstrdup("jcz");
        return s;
}

static const char *list_set_id(const void *l, size_t i)
{
        return ((const struct tkit_setlist *)l)->sets[i]->id;
}

static bool reserved_marker(const char *name)
{
        return strcmp(name, "jcz-ref") == 0 || strcmp(name, "jcz-remove") == 0 ||
               strcmp(name, "jcz-requires") == 0;
}

static void read_tileset(struct jrd *r, const xmlNode *n, struct tkit_setlist *out)
{
        const char *id = prop(n, "id");
        if (!id || !*id) {
                fail(r, n, RULE_VALUE, "<tile-set> without id");
                return;
        }
        if (!tkit_native_valid_id(id)) {
                fail(r, n, RULE_VALUE,
                     "tile-set id '%.80s' is not an id tilekit can store "
                     "([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to 64 bytes)",
                     id);
                return;
        }
        if (tkit_index_find(&r->set_ids, id, list_set_id, out) >= 0) {
                fail(r, n, tkit_check_rule_id(TKIT_CR_ID_DUP), "duplicate tile-set id '%s'", id);
                return;
        }
        tkit_index_add(&r->set_ids, id, out->n);
        struct tkit_set *s = new_set(r, id, line_of(n));
        r->set = s->id;
        for (const xmlAttr *a = n->properties; a; a = a->next) {
                const char *name = (const char *)a->name;
                if (strcmp(name, "id") == 0)
                        continue;
                /* the markers this reader makes of <ref>, <remove> and <requires>: an attribute
                 * of that name would be taken for one (a ref of count 0 that no loader accepts) */
                if (reserved_marker(name))
                        fail(r, n, RULE_VALUE,
                             "<tile-set> attribute '%s' is a name tilekit keeps for the <ref>, "
                             "<remove> and <requires> it reads",
                             name);
                else
                        set_extra(&s->extra, &s->nextra, name, prop(n, name), s->line);
        }
        for (const xmlNode *c = n->children; c; c = c->next) {
                if (!is_elem(c))
                        continue;
                if (named(c, "ref")) {
                        add_ref(r, s, c);
                } else if (named(c, "remove") && prop(c, "tile")) {
                        set_extra(&s->extra, &s->nextra, "jcz-remove", prop(c, "tile"), line_of(c));
                } else if (named(c, "requires") && prop(c, "expansion")) {
                        set_extra(&s->extra, &s->nextra, "jcz-requires", prop(c, "expansion"),
                                  line_of(c));
                } else {
                        fail(r, c, RULE_UNKNOWN, "unknown element <%s> in <tile-set>",
                             (const char *)c->name);
                }
        }
        r->set = NULL;
        tkit_setlist_add(out, s);
}

static void read_unlisted(struct jrd *r, struct tkit_setlist *out)
{
        size_t n = 0;
        for (size_t i = 0; i < r->ntiles; i++)
                n += !r->used[i];
        if (!n)
                return;
        const char *base = strrchr(r->file, '/');
        base = base ? base + 1 : r->file;
        size_t len = strlen(base);
        if (len > 4 && strcmp(base + len - 4, ".xml") == 0)
                len -= 4;
        /* The stem becomes part of an id: characters an id cannot hold turn into '-', and the id
         * stays within 64 bytes and starts with a letter or digit, so that an export reads back. */
        if (len > 55)
                len = 55;
        char *id = tkit_xasprintf("%.*s:unlisted", (int)len, base);
        for (size_t i = 0; i < len; i++) {
                char c = id[i];
                bool alnum =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
                if (!alnum && (i == 0 || !strchr("._:/@+!-", c)))
                        id[i] = i == 0 ? 'x' : '-';
        }
        struct tkit_set *s = new_set(r, id, 0);
        for (size_t i = 0; i < r->ntiles; i++)
                if (!r->used[i]) {
                        struct tkit_tile *t = tkit_set_add_tile(s, r->tiles[i].id);
                        tkit_tile_finish(t);
                        tkit_tile_copy(t, &r->tiles[i]);
                }
        tkit_diags_add(r->d, TKIT_SEV_NOTE, r->file, 0, NULL, id, NULL,
                       "%zu tile%s in no <tile-set>: kept in set '%s'", n, n > 1 ? "s are" : " is",
                       id);
        free(id);
        tkit_setlist_add(out, s);
}

int tkit_jcz_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out, struct tkit_diags *d)
{
        struct jrd r = {0};
        r.file = name ? name : "<memory>";
        r.d = d;
        xmlNode *root = xmlDocGetRootElement(doc);
        if (!root || !named(root, "defs")) {
                fail(&r, root, RULE_UNKNOWN, "a JCloisterZone file has the root element <defs>");
                return TKIT_E_INVALID;
        }
        r.errors += (int)tkit_xml_check_text(root, r.file, RULE_VALUE, d);
        for (const xmlNode *c = root->children; c; c = c->next) {
                if (named(c, "tile")) {
                        read_tile(&r, c);
                } else if (named(c, "tiles")) {
                        for (const xmlNode *t = c->children; t; t = t->next)
                                if (named(t, "tile"))
                                        read_tile(&r, t);
                                else if (is_elem(t))
                                        fail(&r, t, RULE_UNKNOWN, "unknown element <%s> in <tiles>",
                                             (const char *)t->name);
                } else if (is_elem(c) && !named(c, "sets")) {
                        fail(&r, c, RULE_UNKNOWN, "unknown element <%s> in <defs>",
                             (const char *)c->name);
                }
        }
        r.used = r.ntiles ? tkit_xcalloc(r.ntiles, sizeof *r.used) : NULL;
        struct tkit_setlist sets;
        tkit_setlist_init(&sets);
        for (const xmlNode *c = root->children; c; c = c->next) {
                if (!named(c, "sets"))
                        continue;
                for (const xmlNode *t = c->children; t; t = t->next) {
                        if (named(t, "tile-set"))
                                read_tileset(&r, t, &sets);
                        else if (is_elem(t))
                                fail(&r, t, RULE_UNKNOWN, "unknown element <%s> in <sets>",
                                     (const char *)t->name);
                }
        }
        read_unlisted(&r, &sets);
        for (size_t i = 0; i < sets.n; i++)
                if ((out->recover ? tkit_set_validate_marking(sets.sets[i], d)
                                  : tkit_set_validate(sets.sets[i], d)) < 0)
                        r.errors++;
        for (size_t i = 0; i < r.ntiles; i++)
                tkit_tile_finish(&r.tiles[i]);
        free(r.tiles);
        free(r.used);
        tkit_index_finish(&r.tile_ids);
        tkit_index_finish(&r.set_ids);
        if (r.errors && !out->recover) {
                tkit_setlist_finish(&sets);
                return TKIT_E_INVALID;
        }
        /* recovering (tilekit check): every set of a file with errors is kept, marked broken */
        for (size_t i = 0; i < sets.n; i++) {
                sets.sets[i]->broken = sets.sets[i]->broken || r.errors > 0;
                tkit_setlist_add(out, sets.sets[i]);
                sets.sets[i] = NULL;
        }
        free(sets.sets);
        return r.errors ? TKIT_E_INVALID : TKIT_OK;
}

/* ------------------------------------------------------------------ linking across files */

/* Where each tile id is defined: the first JCloisterZone set holding it before linking. */
struct origin {
        const struct tkit_set *set;
        size_t tile;
};

struct origins {
        struct origin *v;
        size_t n, cap;
        struct tkit_index ids;
};

static const char *origin_id(const void *o, size_t i)
{
        const struct origin *e = &((const struct origins *)o)->v[i];
        return e->set->tiles[e->tile].id;
}

static void origins_init(struct origins *o, const struct tkit_setlist *l)
{
        memset(o, 0, sizeof *o);
        for (size_t i = 0; i < l->n; i++) {
                const struct tkit_set *s = l->sets[i];
                if (!s->source_format || strcmp(s->source_format, "jcz") != 0)
                        continue;
                for (size_t k = 0; k < s->ntiles; k++) {
                        *TKIT_PUSH(o->v, o->n, o->cap) = (struct origin){s, k};
                        tkit_index_add(&o->ids, s->tiles[k].id, o->n - 1);
                }
        }
}

static const struct tkit_tile *find_elsewhere(const struct origins *o, const char *id,
                                              const char **file)
{
        long k = tkit_index_find(&o->ids, id, origin_id, o);
        if (k < 0)
                return NULL;
        *file = o->v[k].set->file;
        return &o->v[k].set->tiles[o->v[k].tile];
}

/* The " count=N" of a jcz-ref marker "ID count=N" as the reader writes it (N in
 * 1..TKIT_MAX_COUNT, digits only), or NULL: anything else (a marker of a set read from a database
 * or a native file, edited by hand) is left unresolved rather than linked with a count no loader
 * accepts. */
static const char *ref_count(const char *v, int *count)
{
        const char *sp = NULL;
        for (const char *q = strstr(v, " count="); q; q = strstr(q + 1, " count="))
                sp = q;
        if (!sp || sp == v || !sp[7] || strlen(sp + 7) > 4 || sp[7] == '0')
                return NULL;
        int c = 0;
        for (const char *p = sp + 7; *p; p++) {
                if (*p < '0' || *p > '9')
                        return NULL;
                c = c * 10 + (*p - '0');
        }
        if (c < 1 || c > TKIT_MAX_COUNT)
                return NULL;
        *count = c;
        return sp;
}

int tkit_jcz_link(struct tkit_setlist *l)
{
        int left = 0;
        struct origins o;
        origins_init(&o, l);
        for (size_t i = 0; i < l->n; i++) {
                struct tkit_set *s = l->sets[i];
                /* only a JCloisterZone set's references are the reader's */
                bool jcz = s->source_format && strcmp(s->source_format, "jcz") == 0;
                size_t keep = 0;
                for (size_t k = 0; k < s->nextra; k++) {
                        struct tkit_attr *a = &s->extra[k];
                        int count = 0;
                        const char *sp = jcz && strcmp(a->name, "jcz-ref") == 0
                                             ? ref_count(a->value, &count)
                                             : NULL;
                        const struct tkit_tile *src = NULL;
                        const char *file = NULL;
                        char *id = NULL;
                        if (sp) {
                                id = tkit_xstrndup(a->value, (size_t)(sp - a->value));
                                src = tkit_set_find_tile(s, id) < 0 ? find_elsewhere(&o, id, &file)
                                                                    : NULL;
                        }
                        if (!src) {
                                left += sp != NULL;
                                free(id);
                                s->extra[keep++] = *a;
                                continue;
                        }
                        struct tkit_tile *t = tkit_set_add_tile(s, id);
                        tkit_tile_finish(t);
                        tkit_tile_copy(t, src);
                        t->count = count;
                        /* Findings about it point at the ref, in the file of the set. */
                        t->line = a->line;
                        for (size_t f = 0; f < t->nfeatures; f++)
                                t->features[f].line = a->line;
                        char *prov = tkit_xasprintf("%s Defined in %s, referenced from %s line %d.",
                                                    t->provenance ? t->provenance : "",
                                                    file ? file : "another file",
                                                    s->file ? s->file : "?", a->line);
                        free(t->provenance);
                        t->provenance = prov;
                        free(id);
                        free(a->name);
                        free(a->value);
                }
                s->nextra = keep;
        }
        free(o.v);
        tkit_index_finish(&o.ids);
        return left;
}
