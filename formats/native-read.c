/* The strict reader of the native tile-set XML (docs/format.md): walks the parsed tree and builds
 * the model. Anything it does not know is an error with its line (XML-UNKNOWN), and so is any
 * value it cannot take as written (XML-VALUE); then the document is checked against the RelaxNG
 * schema (XML-SCHEMA) and the set against tkit_set_validate(). The reader reports all problems it
 * finds, not only the first. */
#include "formats-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define RULE_UNKNOWN "XML-UNKNOWN"
#define RULE_VALUE "XML-VALUE"

/* The limits are the model's (tkit-model.h), shared with the database loader. */
#define MAX_ID TKIT_MAX_ID
#define MAX_FEATURES TKIT_MAX_FEATURES
#define MAX_PIECE_SIDE TKIT_MAX_PIECE_SIDE
#define MAX_PENNANTS TKIT_MAX_PENNANTS
#define MAX_PLAYERS TKIT_MAX_PLAYERS
#define MAX_YEAR TKIT_MAX_YEAR

struct rd {
        const char *file;
        struct tkit_diags *d;
        struct tkit_set *set;
        const char *tile; /* id of the tile or piece being read, for diagnostics */
        int errors;
};

static int line_of(const xmlNode *n)
{
        long l = xmlGetLineNo(n);
        return l > 0 && l < 0x7fffffff ? (int)l : 0;
}

__attribute__((format(printf, 4, 5))) static void fail(struct rd *r, const xmlNode *n,
                                                       const char *rule, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(r->d, TKIT_SEV_ERROR, r->file, line_of(n), rule,
                        r->set && r->set->id[0] ? r->set->id : NULL, r->tile, fmt, ap);
        va_end(ap);
        r->errors++;
}

static bool is_named(const xmlNode *n, const char *name)
{
        return n->type == XML_ELEMENT_NODE && !n->ns && strcmp((const char *)n->name, name) == 0;
}

/* Value of an attribute without namespace, or NULL. Without a DTD an attribute holds one text
 * node (character and predefined entity references are already decoded). */
static const char *prop(const xmlNode *n, const char *name)
{
        for (const xmlAttr *a = n->properties; a; a = a->next)
                if (!a->ns && strcmp((const char *)a->name, name) == 0)
                        return a->children && a->children->content
                                   ? (const char *)a->children->content
                                   : "";
        return NULL;
}

/* Reports attributes that are not in `allowed` (NULL-terminated) and required ones that are
 * missing (a leading '!' in `allowed` marks them). Returns false when a required one is missing:
 * the element cannot be read then; after an unknown attribute it can, and reading on finds the
 * other problems of the file. */
static bool check_attrs(struct rd *r, const xmlNode *n, const char *const *allowed)
{
        bool ok = true;
        for (const xmlAttr *a = n->properties; a; a = a->next) {
                bool known = false;
                for (const char *const *p = allowed; *p && !known; p++)
                        known = !a->ns && strcmp((const char *)a->name, *p + (**p == '!')) == 0;
                if (!known) {
                        fail(r, n, RULE_UNKNOWN, "unknown attribute '%s%s%s' on <%s>",
                             a->ns && a->ns->prefix ? (const char *)a->ns->prefix : "",
                             a->ns && a->ns->prefix ? ":" : "", (const char *)a->name,
                             (const char *)n->name);
                }
        }
        for (const char *const *p = allowed; *p; p++)
                if (**p == '!' && !prop(n, *p + 1)) {
                        fail(r, n, RULE_VALUE, "<%s> lacks the required attribute '%s'",
                             (const char *)n->name, *p + 1);
                        ok = false;
                }
        return ok;
}

static bool is_blank(const xmlChar *s)
{
        for (; s && *s; s++)
                if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
                        return false;
        return true;
}

/* libxml2 gives a text node the line where it ends; the reader wants where the text starts. */
static void text_error(struct rd *r, const xmlNode *parent, const xmlNode *n)
{
        const char *t = (const char *)n->content;
        t += strspn(t, " \t\r\n");
        int after = 0;
        for (const char *p = t; *p; p++)
                after += *p == '\n';
        int line = line_of(n) - after;
        int shown = (int)strcspn(t, "\r\n");
        if (shown > 40)
                shown = 40;
        tkit_diags_add(r->d, TKIT_SEV_ERROR, r->file, line > 0 ? line : line_of(parent),
                       RULE_UNKNOWN, r->set && r->set->id[0] ? r->set->id : NULL, r->tile,
                       "unexpected text '%.*s' in <%s>", shown, t, (const char *)parent->name);
        r->errors++;
}

/* Steps to the next child element, reporting text that is not whitespace. Comments and
 * processing instructions are skipped. */
static xmlNode *next_elem(struct rd *r, const xmlNode *parent, xmlNode *n)
{
        for (; n; n = n->next) {
                if (n->type == XML_ELEMENT_NODE)
                        return n;
                if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) &&
                    !is_blank(n->content))
                        text_error(r, parent, n);
        }
        return NULL;
}
#define FOR_CHILDREN(r, parent, c)                                                                 \
        for (xmlNode *c = next_elem((r), (parent), (parent)->children); c;                         \
             c = next_elem((r), (parent), c->next))

static void unknown_child(struct rd *r, const xmlNode *parent, const xmlNode *c, const char *where)
{
        fail(r, c, RULE_UNKNOWN, "unexpected element <%s%s%s> in <%s>%s",
             c->ns && c->ns->prefix ? (const char *)c->ns->prefix : "",
             c->ns && c->ns->prefix ? ":" : "", (const char *)c->name, (const char *)parent->name,
             where);
}

/* Text of an element that may hold only text (names, provenance); NULL after an error. */
static char *text_of(struct rd *r, const xmlNode *n)
{
        for (const xmlNode *c = n->children; c; c = c->next)
                if (c->type == XML_ELEMENT_NODE) {
                        unknown_child(r, n, c, ": only text is allowed here");
                        return NULL;
                }
        xmlChar *t = xmlNodeGetContent(n);
        char *s = tkit_xstrdup(t ? (const char *)t : "");
        xmlFree(t);
        return s;
}

/* ------------------------------------------------------------------ values */

static bool valid_id(const char *s)
{
        return tkit_id_valid(s);
}

static const char *get_id(struct rd *r, const xmlNode *n, const char *attr)
{
        const char *v = prop(n, attr);
        if (v && !valid_id(v)) {
                /* quote at most 80 bytes: a megabyte id must not make a megabyte message */
                fail(r, n, RULE_VALUE,
                     "%s '%.80s%s' on <%s> is not an id ([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to %d "
                     "bytes)",
                     attr, v, strlen(v) > 80 ? "..." : "", (const char *)n->name, MAX_ID);
                return NULL;
        }
        return v;
}

bool tkit_native_valid_id(const char *s)
{
        return valid_id(s);
}

/* A whole decimal number without sign or spaces, in [min, max]; `*out` is left alone when the
 * attribute is absent. Returns false after reporting an error. */
static bool get_int(struct rd *r, const xmlNode *n, const char *attr, int min, int max, int *out)
{
        const char *v = prop(n, attr);
        if (!v)
                return true;
        long x = 0;
        size_t i = 0, zeros = strspn(v, "0");
        if (zeros > 0 && v[zeros] == '\0')
                zeros--; /* "0" and "000" are zero */
        for (i = zeros; v[i] >= '0' && v[i] <= '9' && i - zeros < 9; i++)
                x = x * 10 + (v[i] - '0');
        if (i == 0 || v[i] != '\0') {
                fail(r, n, RULE_VALUE, "%s=\"%s\" on <%s> is not a whole number (up to 9 digits)",
                     attr, v, (const char *)n->name);
                return false;
        }
        if (x < min || x > max) {
                fail(r, n, RULE_VALUE, "%s=\"%s\" on <%s> is outside %d..%d", attr, v,
                     (const char *)n->name, min, max);
                return false;
        }
        *out = (int)x;
        return true;
}

/* A word from a vocabulary, through its *_parse function; -1 after an error or when absent. */
static int get_enum(struct rd *r, const xmlNode *n, const char *attr, int (*parse)(const char *),
                    const char *choices)
{
        const char *v = prop(n, attr);
        if (!v)
                return -1;
        int x = parse(v);
        if (x < 0)
                fail(r, n, RULE_VALUE, "%s=\"%s\" on <%s> is not one of: %s", attr, v,
                     (const char *)n->name, choices);
        return x;
}

static int parse_yes_no(const char *s)
{
        return strcmp(s, "yes") == 0 ? 1 : strcmp(s, "no") == 0 ? 0 : -1;
}

static bool get_bool(struct rd *r, const xmlNode *n, const char *attr)
{
        return get_enum(r, n, attr, parse_yes_no, "yes no") == 1;
}

/* Splits a whitespace-separated list; calls `fn` per token with a NUL-terminated copy. */
static bool each_token(struct rd *r, const xmlNode *n, const char *v,
                       bool (*fn)(struct rd *r, const xmlNode *n, const char *tok, void *ctx),
                       void *ctx)
{
        bool ok = true;
        int bad = 0;
        while (v && *v) {
                size_t skip = strspn(v, " \t\r\n");
                v += skip;
                size_t len = strcspn(v, " \t\r\n");
                if (!len)
                        break;
                char tok[80];
                if (len >= sizeof tok) {
                        fail(r, n, RULE_VALUE, "list item '%.40s...' on <%s> is too long", v,
                             (const char *)n->name);
                        return false;
                }
                memcpy(tok, v, len);
                tok[len] = '\0';
                /* a megabyte list of bad items gives a few errors, not a million */
                if (!fn(r, n, tok, ctx) && (ok = false, ++bad == 5))
                        return false;
                v += len;
        }
        return ok;
}

/* ------------------------------------------------------------------ positions */

struct at_ctx {
        enum tkit_feature_kind kind;
        uint16_t mask;
};

/* What a side letter means for each kind: a city covers the side, a road or river its middle, a
 * field both halves. A position name (NL, NM, ...) always means itself, so that every mask can be
 * written. */
uint16_t tkit_native_side_mask(enum tkit_feature_kind kind, int side)
{
        if (kind == TKIT_CITY)
                return (uint16_t)TKIT_MASK_SIDE(side);
        if (kind == TKIT_FIELD)
                return (uint16_t)((1u << TKIT_POS(side, TKIT_L)) | (1u << TKIT_POS(side, TKIT_R)));
        return (uint16_t)(1u << TKIT_POS(side, TKIT_M));
}

static bool at_token(struct rd *r, const xmlNode *n, const char *tok, void *ctx)
{
        struct at_ctx *a = ctx;
        int side = tkit_side_parse(tok);
        int pos = side < 0 ? tkit_pos_parse(tok) : -1;
        if (side < 0 && pos < 0) {
                fail(r, n, RULE_VALUE,
                     "'%s' in at=\"...\" is not a side (N E S W) or a position (NL NM NR EL EM ER "
                     "SL SM SR WL WM WR)",
                     tok);
                return false;
        }
        uint16_t m = side >= 0 ? tkit_native_side_mask(a->kind, side) : (uint16_t)(1u << pos);
        if (a->mask & m) {
                fail(r, n, RULE_VALUE, "'%s' in at=\"...\" repeats a position already listed", tok);
                return false;
        }
        a->mask |= m;
        return true;
}

/* ------------------------------------------------------------------ features */

static void read_markers_into(struct rd *r, const xmlNode *n, struct tkit_attr **v, size_t *nv)
{
        static const char *const attrs[] = {"!name", "!value", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        FOR_CHILDREN(r, n, c)
        unknown_child(r, n, c, "");
        const char *name = prop(n, "name");
        if (!name[0]) {
                fail(r, n, RULE_VALUE, "<marker> has an empty name");
                return;
        }
        *v = tkit_xrealloc(*v, (*nv + 1) * sizeof **v);
        (*v)[*nv] =
            (struct tkit_attr){tkit_xstrdup(name), tkit_xstrdup(prop(n, "value")), line_of(n)};
        (*nv)++;
}

static bool touch_token(struct rd *r, const xmlNode *n, const char *tok, void *ctx)
{
        if (!valid_id(tok)) {
                fail(r, n, RULE_VALUE, "'%s' in touches=\"...\" is not an id", tok);
                return false;
        }
        tkit_feature_add_touch(ctx, tok);
        return true;
}

static const char *const feature_attrs[TKIT_FEATURE_KIND_COUNT][8] = {
    [TKIT_CITY] = {"!id", "!at", "pennants", "besieged", "cathedral", "overpass", NULL},
    [TKIT_ROAD] = {"!id", "!at", "end", "junction", "overpass", "inn", NULL},
    [TKIT_FIELD] = {"!id", "at", "touches", NULL},
    [TKIT_RIVER] = {"!id", "!at", "end", "overpass", NULL},
    [TKIT_CLOISTER] = {"!id", NULL},
    [TKIT_GARDEN] = {"!id", NULL},
};

static int parse_river_end(const char *s)
{
        int e = tkit_end_parse(s);
        return e == TKIT_END_SOURCE || e == TKIT_END_LAKE ? e : -1;
}

static int parse_road_end(const char *s)
{
        int e = tkit_end_parse(s);
        return e > TKIT_END_NONE ? e : -1;
}

static int parse_besieger(const char *s)
{
        int b = tkit_besieger_parse(s);
        return b > TKIT_BESIEGER_NONE ? b : -1;
}

static void read_feature_attrs(struct rd *r, const xmlNode *n, struct tkit_feature *f)
{
        int x;
        switch (f->kind) {
        case TKIT_CITY:
                get_int(r, n, "pennants", 0, MAX_PENNANTS, &f->pennants);
                x = get_enum(r, n, "besieged", parse_besieger, "besieger cathar");
                f->besieger = x > 0 ? (enum tkit_besieger)x : TKIT_BESIEGER_NONE;
                f->cathedral = get_bool(r, n, "cathedral");
                f->overpass = get_bool(r, n, "overpass");
                break;
        case TKIT_ROAD:
                x = get_enum(r, n, "end", parse_road_end,
                             "village cloister city crossing lake source river other");
                f->end = x > 0 ? (enum tkit_end)x : TKIT_END_NONE;
                f->junction = get_bool(r, n, "junction");
                f->overpass = get_bool(r, n, "overpass");
                f->inn = get_bool(r, n, "inn");
                break;
        case TKIT_RIVER:
                x = get_enum(r, n, "end", parse_river_end, "source lake");
                f->end = x > 0 ? (enum tkit_end)x : TKIT_END_NONE;
                f->overpass = get_bool(r, n, "overpass");
                break;
        case TKIT_FIELD:
                each_token(r, n, prop(n, "touches"), touch_token, f);
                break;
        default:
                break;
        }
}

static void read_feature(struct rd *r, const xmlNode *n, enum tkit_feature_kind kind,
                         struct tkit_tile *t)
{
        if (!check_attrs(r, n, feature_attrs[kind]))
                return;
        const char *id = get_id(r, n, "id");
        struct at_ctx at = {kind, 0};
        const char *atv = prop(n, "at");
        if (atv && !each_token(r, n, atv, at_token, &at))
                return;
        if (atv && !at.mask && kind != TKIT_FIELD) {
                fail(r, n, RULE_VALUE, "<%s> needs at least one side in at=\"...\"",
                     tkit_feature_kind_name(kind));
                return;
        }
        if (!id)
                return;
        if (t->nfeatures >= MAX_FEATURES) {
                fail(r, n, RULE_VALUE, "more than %d features on one tile", MAX_FEATURES);
                return;
        }
        struct tkit_feature *f = tkit_tile_add_feature(t, kind, id);
        f->mask = at.mask;
        f->line = line_of(n);
        read_feature_attrs(r, n, f);
        FOR_CHILDREN(r, n, c)
        {
                if (is_named(c, "marker"))
                        read_markers_into(r, c, &f->extra, &f->nextra);
                else
                        unknown_child(r, n, c, "");
        }
}

/* ------------------------------------------------------------------ tiles */

static bool symbol_token(struct rd *r, const xmlNode *n, const char *tok, void *ctx)
{
        struct tkit_tile *t = ctx;
        int p = tkit_post_parse(tok);
        if (p < 0) {
                fail(r, n, RULE_VALUE,
                     "'%s' in symbols=\"...\" is not one of: knights travelers "
                     "monks any",
                     tok);
                return false;
        }
        if (t->nsymbols >= TKIT_MAX_SYMBOLS) {
                fail(r, n, RULE_VALUE, "more than %d siege symbols", TKIT_MAX_SYMBOLS);
                return false;
        }
        t->symbols[t->nsymbols++] = (enum tkit_post)p;
        return true;
}

static bool illustration_token(struct rd *r, const xmlNode *n, const char *tok, void *ctx)
{
        struct tkit_tile *t = ctx;
        size_t len = strlen(t->illustrations);
        if (tok[1] != '\0' || !tkit_illustration_name(tok[0])) {
                fail(r, n, RULE_VALUE, "'%s' in illustrations=\"...\" is not one of: G B T W E S C",
                     tok);
                return false;
        }
        if (len >= TKIT_MAX_ILLUSTRATIONS) {
                fail(r, n, RULE_VALUE, "more than %d illustrations", TKIT_MAX_ILLUSTRATIONS);
                return false;
        }
        t->illustrations[len] = tok[0];
        t->illustrations[len + 1] = '\0';
        return true;
}

static void read_name(struct rd *r, const xmlNode *n, struct tkit_name **v, size_t *nv)
{
        static const char *const attrs[] = {"!lang", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        const char *lang = prop(n, "lang");
        if (!tkit_lang_valid(lang)) {
                fail(r, n, RULE_VALUE, "lang=\"%s\" is not a language tag (en, ro, pt-BR...)",
                     lang);
                return;
        }
        for (size_t i = 0; i < *nv; i++)
                if (strcmp((*v)[i].lang, lang) == 0) {
                        fail(r, n, RULE_VALUE, "a second name in language '%s'", lang);
                        return;
                }
        char *text = text_of(r, n);
        if (!text)
                return;
        *v = tkit_xrealloc(*v, (*nv + 1) * sizeof **v);
        (*v)[*nv] = (struct tkit_name){tkit_xstrdup(lang), text};
        (*nv)++;
}

static void read_provenance(struct rd *r, const xmlNode *n, enum tkit_basis *basis, char **note)
{
        static const char *const attrs[] = {"!basis", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        int b = get_enum(r, n, "basis", tkit_basis_parse,
                         "well-known source reconstructed external unstated");
        char *text = text_of(r, n);
        if (b < 0 || !text) {
                free(text);
                return;
        }
        *basis = (enum tkit_basis)b;
        free(*note);
        *note = text[0] ? text : NULL;
        if (!*note)
                free(text);
}

/* Element order inside a container, as the schema demands: each child has a stage, and stages
 * never go back. */
static bool in_order(struct rd *r, const xmlNode *c, int *stage, int want, const char *after)
{
        if (want < *stage) {
                fail(r, c, RULE_UNKNOWN, "<%s> is out of order: it must come before %s",
                     (const char *)c->name, after);
                return false;
        }
        *stage = want;
        return true;
}

static int feature_kind_of(const xmlNode *c)
{
        if (c->type != XML_ELEMENT_NODE || c->ns)
                return -1;
        return tkit_feature_kind_parse((const char *)c->name);
}

/* The body of a tile or a piece cell: [names, provenance,] features, markers. */
static void read_tile_body(struct rd *r, const xmlNode *n, struct tkit_tile *t, bool cell)
{
        int stage = 0;
        bool seen_prov = false;
        FOR_CHILDREN(r, n, c)
        {
                int k = feature_kind_of(c);
                if (!cell && is_named(c, "name")) {
                        if (in_order(r, c, &stage, 0, "<provenance>, features and <marker>"))
                                read_name(r, c, &t->names, &t->nnames);
                } else if (!cell && is_named(c, "provenance")) {
                        if (seen_prov)
                                fail(r, c, RULE_UNKNOWN, "a second <provenance>");
                        else if (in_order(r, c, &stage, 1, "features and <marker>"))
                                read_provenance(r, c, &t->basis, &t->provenance);
                        seen_prov = true;
                } else if (k >= 0) {
                        if (in_order(r, c, &stage, 2, "<marker>"))
                                read_feature(r, c, (enum tkit_feature_kind)k, t);
                } else if (is_named(c, "marker")) {
                        in_order(r, c, &stage, 3, "");
                        read_markers_into(r, c, &t->extra, &t->nextra);
                } else {
                        unknown_child(r, n, c, "");
                }
        }
}

static void read_tile(struct rd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id",     "count",         "group", "start",
                                            "symbols", "illustrations", NULL};
        r->tile = prop(n, "id");
        if (!check_attrs(r, n, attrs)) {
                r->tile = NULL;
                return;
        }
        /* A bad id is reported and the tile read on, for the errors inside it; they do not
         * repeat the bad id (it may be a megabyte long). */
        r->tile = NULL;
        bool id_ok = get_id(r, n, "id") != NULL;
        struct tkit_tile *t = tkit_set_add_tile(r->set, prop(n, "id"));
        r->tile = id_ok ? t->id : NULL;
        t->line = line_of(n);
        get_int(r, n, "count", 0, TKIT_MAX_NUMBER, &t->count);
        int g = get_enum(r, n, "group", tkit_group_parse, "land river fortress");
        t->group = g > 0 ? (enum tkit_group)g : TKIT_GROUP_LAND;
        t->start = get_bool(r, n, "start");
        each_token(r, n, prop(n, "symbols"), symbol_token, t);
        each_token(r, n, prop(n, "illustrations"), illustration_token, t);
        read_tile_body(r, n, t, false);
        r->tile = NULL;
}

/* ------------------------------------------------------------------ pieces */

static bool parse_players(const char *s, int *min, int *max)
{
        char *end;
        if (*s < '1' || *s > '9')
                return false;
        long a = strtol(s, &end, 10);
        long b = a;
        if (*end == '-') {
                if (end[1] == '\0')
                        b = 0;
                else if (end[1] < '0' || end[1] > '9' || (b = strtol(end + 1, &end, 10)) < a ||
                         *end != '\0')
                        return false;
        } else if (*end != '\0') {
                return false;
        }
        if (a > MAX_PLAYERS || b > MAX_PLAYERS)
                return false;
        *min = (int)a;
        *max = (int)b;
        return true;
}

static void read_post(struct rd *r, const xmlNode *n, struct tkit_face *face)
{
        static const char *const attrs[] = {"!kind",  "plain",    "dark3", "fiveplus",
                                            "meeple", "catapult", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        FOR_CHILDREN(r, n, c)
        unknown_child(r, n, c, "");
        int k = get_enum(r, n, "kind", tkit_post_parse, "knights travelers monks");
        if (k == TKIT_POST_ANY) {
                fail(r, n, RULE_VALUE, "kind=\"any\" names a symbol, not a post");
                return;
        }
        struct tkit_post_def p = {.kind = (enum tkit_post)k, .line = line_of(n)};
        bool ok = k >= 0;
        ok = get_int(r, n, "plain", 0, TKIT_MAX_POST_SPACES, &p.plain) && ok;
        ok = get_int(r, n, "dark3", 0, TKIT_MAX_POST_SPACES, &p.dark3) && ok;
        ok = get_int(r, n, "fiveplus", 0, TKIT_MAX_POST_SPACES, &p.fiveplus) && ok;
        ok = get_int(r, n, "meeple", 0, TKIT_MAX_POST_SPACES, &p.meeple) && ok;
        ok = get_int(r, n, "catapult", 0, TKIT_MAX_POST_SPACES, &p.catapult) && ok;
        if (!ok)
                return;
        face->posts = tkit_xrealloc(face->posts, (face->nposts + 1) * sizeof *face->posts);
        face->posts[face->nposts++] = p;
}

static void read_face(struct rd *r, const xmlNode *n, struct tkit_piece *p)
{
        static const char *const attrs[] = {"!id", "!players", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        const char *id = get_id(r, n, "id");
        int min = 0, max = 0;
        if (!parse_players(prop(n, "players"), &min, &max)) {
                fail(r, n, RULE_VALUE, "players=\"%s\" is not N, N-M or N- (N >= 1)",
                     prop(n, "players"));
                return;
        }
        if (!id)
                return;
        for (size_t i = 0; i < p->nfaces; i++)
                if (strcmp(p->faces[i].id, id) == 0) {
                        fail(r, n, RULE_VALUE, "duplicate face id '%s' (first at line %d)", id,
                             p->faces[i].line);
                        return;
                }
        p->faces = tkit_xrealloc(p->faces, (p->nfaces + 1) * sizeof *p->faces);
        struct tkit_face *f = &p->faces[p->nfaces++];
        *f = (struct tkit_face){
            .id = tkit_xstrdup(id), .min_players = min, .max_players = max, .line = line_of(n)};
        FOR_CHILDREN(r, n, c)
        {
                if (is_named(c, "post"))
                        read_post(r, c, f);
                else
                        unknown_child(r, n, c, "");
        }
}

static void read_cell(struct rd *r, const xmlNode *n, struct tkit_piece *p, unsigned char *seen)
{
        static const char *const attrs[] = {"!x", "!y", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        int x = -1, y = -1;
        bool ok = get_int(r, n, "x", 0, MAX_PIECE_SIDE - 1, &x);
        ok = get_int(r, n, "y", 0, MAX_PIECE_SIDE - 1, &y) && ok;
        if (!ok)
                return;
        if (x >= p->width || y >= p->height) {
                fail(r, n, RULE_VALUE, "cell (%d, %d) is outside the %dx%d piece", x, y, p->width,
                     p->height);
                return;
        }
        if (seen[y * p->width + x]++) {
                fail(r, n, RULE_VALUE, "a second <cell x=\"%d\" y=\"%d\">", x, y);
                return;
        }
        struct tkit_tile *t = tkit_piece_cell(p, x, y);
        t->line = line_of(n);
        read_tile_body(r, n, t, true);
}

static void read_piece_children(struct rd *r, const xmlNode *n, struct tkit_piece *p)
{
        int stage = 0;
        bool seen_prov = false;
        unsigned char seen[MAX_PIECE_SIDE * MAX_PIECE_SIDE] = {0};
        FOR_CHILDREN(r, n, c)
        {
                if (is_named(c, "name")) {
                        if (in_order(r, c, &stage, 0, "<provenance>, <cell> and <face>"))
                                read_name(r, c, &p->names, &p->nnames);
                } else if (is_named(c, "provenance")) {
                        if (seen_prov)
                                fail(r, c, RULE_UNKNOWN, "a second <provenance>");
                        else if (in_order(r, c, &stage, 1, "<cell> and <face>"))
                                read_provenance(r, c, &p->basis, &p->provenance);
                        seen_prov = true;
                } else if (is_named(c, "cell")) {
                        if (in_order(r, c, &stage, 2, "<face>"))
                                read_cell(r, c, p, seen);
                } else if (is_named(c, "face")) {
                        in_order(r, c, &stage, 3, "");
                        read_face(r, c, p);
                } else {
                        unknown_child(r, n, c, "");
                }
        }
        for (int y = 0; y < p->height; y++)
                for (int x = 0; x < p->width; x++)
                        if (!seen[y * p->width + x])
                                fail(r, n, RULE_VALUE, "piece '%s' has no <cell x=\"%d\" y=\"%d\">",
                                     p->id, x, y);
}

static void read_piece(struct rd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id", "!width", "!height", "count", NULL};
        r->tile = prop(n, "id");
        bool attrs_ok = check_attrs(r, n, attrs);
        r->tile = NULL;
        if (!attrs_ok)
                return;
        const char *id = get_id(r, n, "id");
        int w = 0, h = 0, count = 1;
        bool ok = get_int(r, n, "width", 1, MAX_PIECE_SIDE, &w);
        ok = get_int(r, n, "height", 1, MAX_PIECE_SIDE, &h) && ok;
        ok = get_int(r, n, "count", 0, TKIT_MAX_NUMBER, &count) && ok;
        if (!ok || !id)
                return;
        struct tkit_piece *p = tkit_set_add_piece(r->set, id, w, h);
        p->line = line_of(n);
        p->count = count;
        r->tile = p->id;
        read_piece_children(r, n, p);
        r->tile = NULL;
}

/* ------------------------------------------------------------------ set level */

static void read_tokens(struct rd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        static const char *const attrs[] = {"!kind", "!count", NULL};
        check_attrs(r, n, none);
        FOR_CHILDREN(r, n, c)
        {
                if (!is_named(c, "token")) {
                        unknown_child(r, n, c, "");
                        continue;
                }
                if (!check_attrs(r, c, attrs))
                        continue;
                FOR_CHILDREN(r, c, cc)
                unknown_child(r, c, cc, "");
                int k =
                    get_enum(r, c, "kind", tkit_token_parse, "castle barn bridge catapult meeple");
                int count = 0;
                if (get_int(r, c, "count", 0, TKIT_MAX_NUMBER, &count) && k >= 0)
                        tkit_set_add_token(r->set, (enum tkit_token_kind)k, count, line_of(c));
        }
}

static void read_expect(struct rd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!what", "of", "group", "!count", "note", NULL};
        if (!check_attrs(r, n, attrs))
                return;
        FOR_CHILDREN(r, n, c)
        unknown_child(r, n, c, "");
        int w = get_enum(r, n, "what", tkit_expect_parse,
                         "tiles types feature illustration pennants symbol-tiles symbols besieged "
                         "pieces posts feature-tiles");
        int group = -1;
        if (prop(n, "group"))
                group = get_enum(r, n, "group", tkit_group_parse, "land river fortress");
        int count = 0;
        bool ok = get_int(r, n, "count", 0, TKIT_MAX_NUMBER, &count);
        if (w < 0 || !ok || (prop(n, "group") && group < 0))
                return;
        const char *of = prop(n, "of");
        if (!tkit_expect_of_valid((enum tkit_expect_what)w, of)) {
                if (of)
                        fail(r, n, RULE_VALUE, "of=\"%s\" does not suit what=\"%s\"", of,
                             tkit_expect_name((enum tkit_expect_what)w));
                else
                        fail(r, n, RULE_VALUE, "what=\"%s\" needs an of=\"...\"",
                             tkit_expect_name((enum tkit_expect_what)w));
                return;
        }
        if (group >= 0 && w != TKIT_EXPECT_TILES && w != TKIT_EXPECT_TYPES) {
                fail(r, n, RULE_VALUE,
                     "group=\"...\" only applies to what=\"tiles\" and \"types\"");
                return;
        }
        struct tkit_expect *e =
            tkit_set_add_expect(r->set, (enum tkit_expect_what)w, of, group, count);
        e->note = tkit_xstrdup(prop(n, "note"));
        e->line = line_of(n);
}

static void read_manifest(struct rd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        check_attrs(r, n, none);
        FOR_CHILDREN(r, n, c)
        {
                if (is_named(c, "expect"))
                        read_expect(r, c);
                else
                        unknown_child(r, n, c, "");
        }
}

static bool rules_token(struct rd *r, const xmlNode *n, const char *tok, void *ctx)
{
        int f = tkit_rules_flag_parse(tok);
        if (f < 0) {
                fail(r, n, RULE_VALUE,
                     "'%s' in rules=\"...\" is not one of: river bridges castles barns "
                     "siege-symbols fortress besiegers villages",
                     tok);
                return false;
        }
        r->set->rules |= (unsigned)f;
        return true;
}

static bool requires_token(struct rd *r, const xmlNode *n, const char *tok, void *ctx)
{
        if (!valid_id(tok)) {
                fail(r, n, RULE_VALUE, "'%s' in requires=\"...\" is not a set id", tok);
                return false;
        }
        if (strcmp(tok, r->set->id) == 0) {
                fail(r, n, RULE_VALUE, "set '%s' requires itself", tok);
                return false;
        }
        tkit_set_add_require(r->set, tok);
        return true;
}

static void read_set_attrs(struct rd *r, const xmlNode *n)
{
        const char *fmt = prop(n, "format");
        if (fmt && strcmp(fmt, "1") != 0)
                fail(r, n, RULE_VALUE, "format=\"%s\" is not supported (this is format 1)", fmt);
        get_int(r, n, "year", 1, MAX_YEAR, &r->set->year);
        const char *ed = prop(n, "edition");
        r->set->edition = ed && ed[0] ? tkit_xstrdup(ed) : NULL;
        each_token(r, n, prop(n, "rules"), rules_token, NULL);
        each_token(r, n, prop(n, "requires"), requires_token, NULL);
}

static void read_set_children(struct rd *r, const xmlNode *root)
{
        int stage = 0;
        bool tokens = false, manifest = false;
        FOR_CHILDREN(r, root, c)
        {
                if (is_named(c, "name")) {
                        if (in_order(r, c, &stage, 0, "<tokens>, <manifest>, <tile>"))
                                read_name(r, c, &r->set->names, &r->set->nnames);
                } else if (is_named(c, "tokens")) {
                        if (tokens)
                                fail(r, c, RULE_UNKNOWN, "a second <tokens>");
                        else if (in_order(r, c, &stage, 1, "<manifest>, <tile>"))
                                read_tokens(r, c);
                        tokens = true;
                } else if (is_named(c, "manifest")) {
                        if (manifest)
                                fail(r, c, RULE_UNKNOWN, "a second <manifest>");
                        else if (in_order(r, c, &stage, 2, "<tile>"))
                                read_manifest(r, c);
                        manifest = true;
                } else if (is_named(c, "tile")) {
                        if (in_order(r, c, &stage, 3, "<piece> and <marker>"))
                                read_tile(r, c);
                } else if (is_named(c, "piece")) {
                        if (in_order(r, c, &stage, 4, "<marker>"))
                                read_piece(r, c);
                } else if (is_named(c, "marker")) {
                        in_order(r, c, &stage, 5, "");
                        read_markers_into(r, c, &r->set->extra, &r->set->nextra);
                } else {
                        unknown_child(r, root, c, "");
                }
        }
}

struct tkit_set *tkit_native_build(xmlDoc *doc, const char *name, struct tkit_diags *d)
{
        struct rd r = {.file = name, .d = d};
        xmlNode *root = xmlDocGetRootElement(doc);
        if (!root || !is_named(root, "tileset")) {
                fail(&r, root ? root : (xmlNode *)doc, RULE_UNKNOWN,
                     "the root element is <%s>, not <tileset>",
                     root ? (const char *)root->name : "");
                return NULL;
        }
        /* The format is UTF-8; another declared encoding would be converted silently and not
         * written back. */
        if (doc->encoding && strcasecmp((const char *)doc->encoding, "UTF-8") != 0 &&
            strcasecmp((const char *)doc->encoding, "UTF8") != 0)
                fail(&r, root, RULE_VALUE, "the file declares encoding \"%s\"; the format is UTF-8",
                     (const char *)doc->encoding);
        static const char *const attrs[] = {"!format", "!id",      "edition", "year",
                                            "rules",   "requires", NULL};
        check_attrs(&r, root, attrs);
        const char *id = get_id(&r, root, "id");
        r.set = tkit_set_create(id ? id : "");
        r.set->line = line_of(root);
        r.set->file = tkit_xstrdup(name);
        r.set->source_format = tkit_xstrdup("tilekit");
        read_set_attrs(&r, root);
        read_set_children(&r, root);
        if (r.errors) {
                tkit_set_destroy(r.set);
                return NULL;
        }
        return r.set;
}

int tkit_native_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                         struct tkit_diags *d)
{
        struct tkit_set *s = tkit_native_build(doc, name, d);
        if (!s)
                return TKIT_E_INVALID;
        /* The reader knows every rule the schema states; a schema error here means the two
         * disagree, and the schema wins. */
        if (tkit_native_validate_doc(doc, name, d) != 0 || tkit_set_validate(s, d) != 0) {
                tkit_set_destroy(s);
                return TKIT_E_INVALID;
        }
        tkit_setlist_add(out, s);
        return 0;
}
