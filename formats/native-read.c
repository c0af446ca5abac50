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

#define RULE_UNKNOWN tkit_read_rule_id(TKIT_RR_XML_UNKNOWN)
#define RULE_VALUE tkit_read_rule_id(TKIT_RR_XML_VALUE)

/* The limits are the model's (tkit-model.h), shared with the database loader. */
#define MAX_FEATURES TKIT_MAX_FEATURES
#define MAX_PIECE_SIDE TKIT_MAX_PIECE_SIDE
#define MAX_PENNANTS TKIT_MAX_PENNANTS
#define MAX_PLAYERS TKIT_MAX_PLAYERS
#define MAX_YEAR TKIT_MAX_YEAR

struct rd {
        struct tkit_xr x; /* first: the token callbacks get it and cast back */
        struct tkit_set *set;
        /* the face ids of the piece being read (faces_of), hashed: a piece may have any number */
        struct tkit_index face_ids;
        const struct tkit_piece *faces_of;
};

static const char *face_id(const void *p, size_t i)
{
        return ((const struct tkit_piece *)p)->faces[i].id;
}

/* The face index of piece `p`, emptied when it belonged to the piece read before. */
static struct tkit_index *face_ids_of(struct rd *r, const struct tkit_piece *p)
{
        if (r->faces_of != p || p->nfaces == 0) {
                tkit_index_finish(&r->face_ids);
                tkit_index_init(&r->face_ids);
                r->faces_of = p;
        }
        return &r->face_ids;
}

static int parse_yes_no(const char *s)
{
        return strcmp(s, "yes") == 0 ? 1 : strcmp(s, "no") == 0 ? 0 : -1;
}

static bool get_bool(struct tkit_xr *x, const xmlNode *n, const char *attr)
{
        return tkit_xr_enum(x, n, attr, parse_yes_no, "yes no") == 1;
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

static bool at_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct at_ctx *a = ctx;
        int side = tkit_side_parse(tok);
        int pos = side < 0 ? tkit_pos_parse(tok) : -1;
        if (side < 0 && pos < 0) {
                tkit_xr_fail(
                    x, n, RULE_VALUE,
                    "'%s' in at=\"...\" is not a side (N E S W) or a position (NL NM NR EL EM ER "
                    "SL SM SR WL WM WR)",
                    tok);
                return false;
        }
        uint16_t m = side >= 0 ? tkit_native_side_mask(a->kind, side) : (uint16_t)(1u << pos);
        if (a->mask & m) {
                tkit_xr_fail(x, n, RULE_VALUE,
                             "'%s' in at=\"...\" repeats a position already listed", tok);
                return false;
        }
        a->mask |= m;
        return true;
}

/* ------------------------------------------------------------------ features */

static void read_markers_into(struct rd *r, const xmlNode *n, struct tkit_attr **v, size_t *nv)
{
        static const char *const attrs[] = {"!name", "!value", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        TKIT_XR_CHILDREN(&r->x, n, c)
        tkit_xr_unknown_child(&r->x, n, c, "");
        const char *name = tkit_xr_prop(n, "name");
        if (!name[0]) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "<marker> has an empty name");
                return;
        }
        *v = tkit_xrealloc(*v, (*nv + 1) * sizeof **v);
        (*v)[*nv] = (struct tkit_attr){tkit_xstrdup(name), tkit_xstrdup(tkit_xr_prop(n, "value")),
                                       tkit_xr_line(n)};
        (*nv)++;
}

static bool touch_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        if (!tkit_native_valid_id(tok)) {
                tkit_xr_fail(x, n, RULE_VALUE, "'%s' in touches=\"...\" is not an id", tok);
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
                tkit_xr_int(&r->x, n, "pennants", 0, MAX_PENNANTS, &f->pennants);
                x = tkit_xr_enum(&r->x, n, "besieged", parse_besieger, "besieger cathar");
                f->besieger = x > 0 ? (enum tkit_besieger)x : TKIT_BESIEGER_NONE;
                f->cathedral = get_bool(&r->x, n, "cathedral");
                f->overpass = get_bool(&r->x, n, "overpass");
                break;
        case TKIT_ROAD:
                x = tkit_xr_enum(&r->x, n, "end", parse_road_end,
                                 "village cloister city crossing lake source river other");
                f->end = x > 0 ? (enum tkit_end)x : TKIT_END_NONE;
                f->junction = get_bool(&r->x, n, "junction");
                f->overpass = get_bool(&r->x, n, "overpass");
                f->inn = get_bool(&r->x, n, "inn");
                break;
        case TKIT_RIVER:
                x = tkit_xr_enum(&r->x, n, "end", parse_river_end, "source lake");
                f->end = x > 0 ? (enum tkit_end)x : TKIT_END_NONE;
                f->overpass = get_bool(&r->x, n, "overpass");
                break;
        case TKIT_FIELD:
                tkit_xr_tokens(&r->x, n, tkit_xr_prop(n, "touches"), touch_token, f);
                break;
        default:
                break;
        }
}

static void read_feature(struct rd *r, const xmlNode *n, enum tkit_feature_kind kind,
                         struct tkit_tile *t)
{
        if (!tkit_xr_attrs(&r->x, n, feature_attrs[kind]))
                return;
        const char *id = tkit_xr_id(&r->x, n, "id");
        struct at_ctx at = {kind, 0};
        const char *atv = tkit_xr_prop(n, "at");
        if (atv && !tkit_xr_tokens(&r->x, n, atv, at_token, &at))
                return;
        if (atv && !at.mask && kind != TKIT_FIELD) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "<%s> needs at least one side in at=\"...\"",
                             tkit_feature_kind_name(kind));
                return;
        }
        if (!id)
                return;
        if (t->nfeatures >= MAX_FEATURES) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "more than %d features on one tile",
                             MAX_FEATURES);
                return;
        }
        struct tkit_feature *f = tkit_tile_add_feature(t, kind, id);
        f->mask = at.mask;
        f->line = tkit_xr_line(n);
        read_feature_attrs(r, n, f);
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "marker"))
                        read_markers_into(r, c, &f->extra, &f->nextra);
                else
                        tkit_xr_unknown_child(&r->x, n, c, "");
        }
}

/* ------------------------------------------------------------------ tiles */

static bool symbol_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct tkit_tile *t = ctx;
        int p = tkit_post_parse(tok);
        if (p < 0) {
                tkit_xr_fail(x, n, RULE_VALUE,
                             "'%s' in symbols=\"...\" is not one of: knights travelers "
                             "monks any",
                             tok);
                return false;
        }
        if (t->nsymbols >= TKIT_MAX_SYMBOLS) {
                tkit_xr_fail(x, n, RULE_VALUE, "more than %d siege symbols", TKIT_MAX_SYMBOLS);
                return false;
        }
        t->symbols[t->nsymbols++] = (enum tkit_post)p;
        return true;
}

static bool illustration_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct tkit_tile *t = ctx;
        size_t len = strlen(t->illustrations);
        if (tok[1] != '\0' || !tkit_illustration_name(tok[0])) {
                tkit_xr_fail(x, n, RULE_VALUE,
                             "'%s' in illustrations=\"...\" is not one of: G B T W E S C", tok);
                return false;
        }
        if (len >= TKIT_MAX_ILLUSTRATIONS) {
                tkit_xr_fail(x, n, RULE_VALUE, "more than %d illustrations",
                             TKIT_MAX_ILLUSTRATIONS);
                return false;
        }
        t->illustrations[len] = tok[0];
        t->illustrations[len + 1] = '\0';
        return true;
}

static void read_provenance(struct rd *r, const xmlNode *n, enum tkit_basis *basis, char **note)
{
        static const char *const attrs[] = {"!basis", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        int b = tkit_xr_enum(&r->x, n, "basis", tkit_basis_parse,
                             "well-known source reconstructed external unstated");
        char *text = tkit_xr_text(&r->x, n);
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
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                int k = feature_kind_of(c);
                if (!cell && tkit_xr_is(c, "name")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 0,
                                             "<provenance>, features and <marker>"))
                                tkit_xr_name(&r->x, c, &t->names, &t->nnames);
                } else if (!cell && tkit_xr_is(c, "provenance")) {
                        if (seen_prov)
                                tkit_xr_fail(&r->x, c, RULE_UNKNOWN, "a second <provenance>");
                        else if (tkit_xr_in_order(&r->x, c, &stage, 1, "features and <marker>"))
                                read_provenance(r, c, &t->basis, &t->provenance);
                        seen_prov = true;
                } else if (k >= 0) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 2, "<marker>"))
                                read_feature(r, c, (enum tkit_feature_kind)k, t);
                } else if (tkit_xr_is(c, "marker")) {
                        tkit_xr_in_order(&r->x, c, &stage, 3, "");
                        read_markers_into(r, c, &t->extra, &t->nextra);
                } else {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                }
        }
}

static bool divider_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct tkit_tile *t = ctx;
        int b = tkit_divider_parse(tok);
        if (b < 0) {
                tkit_xr_fail(x, n, RULE_VALUE,
                             "'%s' in dividers=\"...\" is not one of: N NE E SE S SW W NW", tok);
                return false;
        }
        t->dividers |= (uint16_t)(1u << b);
        return true;
}

static void read_tile(struct rd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id",     "count",         "group",    "start",
                                            "symbols", "illustrations", "dividers", NULL};
        r->x.item = tkit_xr_prop(n, "id");
        if (!tkit_xr_attrs(&r->x, n, attrs)) {
                r->x.item = NULL;
                return;
        }
        /* A bad id is reported and the tile read on, for the errors inside it; they do not
         * repeat the bad id (it may be a megabyte long). */
        r->x.item = NULL;
        int before = r->x.errors;
        bool id_ok = tkit_xr_id(&r->x, n, "id") != NULL;
        struct tkit_tile *t = tkit_set_add_tile(r->set, tkit_xr_prop(n, "id"));
        r->x.item = id_ok ? t->id : NULL;
        t->line = tkit_xr_line(n);
        /* any whole number: COUNT-RANGE (tkit_set_validate) says what a count may be */
        tkit_xr_int(&r->x, n, "count", -TKIT_MAX_NUMBER, TKIT_MAX_NUMBER, &t->count);
        int g = tkit_xr_enum(&r->x, n, "group", tkit_group_parse, "land river fortress");
        t->group = g > 0 ? (enum tkit_group)g : TKIT_GROUP_LAND;
        t->start = get_bool(&r->x, n, "start");
        tkit_xr_tokens(&r->x, n, tkit_xr_prop(n, "symbols"), symbol_token, t);
        tkit_xr_tokens(&r->x, n, tkit_xr_prop(n, "illustrations"), illustration_token, t);
        tkit_xr_tokens(&r->x, n, tkit_xr_prop(n, "dividers"), divider_token, t);
        read_tile_body(r, n, t, false);
        r->x.item = NULL;
        t->broken = r->x.errors > before; /* left out of the rules in recovery mode */
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
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        TKIT_XR_CHILDREN(&r->x, n, c)
        tkit_xr_unknown_child(&r->x, n, c, "");
        int k = tkit_xr_enum(&r->x, n, "kind", tkit_post_parse, "knights travelers monks");
        if (k == TKIT_POST_ANY) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "kind=\"any\" names a symbol, not a post");
                return;
        }
        struct tkit_post_def p = {.kind = (enum tkit_post)k, .line = tkit_xr_line(n)};
        bool ok = k >= 0;
        ok = tkit_xr_int(&r->x, n, "plain", 0, TKIT_MAX_POST_SPACES, &p.plain) && ok;
        ok = tkit_xr_int(&r->x, n, "dark3", 0, TKIT_MAX_POST_SPACES, &p.dark3) && ok;
        ok = tkit_xr_int(&r->x, n, "fiveplus", 0, TKIT_MAX_POST_SPACES, &p.fiveplus) && ok;
        ok = tkit_xr_int(&r->x, n, "meeple", 0, TKIT_MAX_POST_SPACES, &p.meeple) && ok;
        ok = tkit_xr_int(&r->x, n, "catapult", 0, TKIT_MAX_POST_SPACES, &p.catapult) && ok;
        if (!ok)
                return;
        face->posts = tkit_xrealloc(face->posts, (face->nposts + 1) * sizeof *face->posts);
        face->posts[face->nposts++] = p;
}

static void read_face(struct rd *r, const xmlNode *n, struct tkit_piece *p)
{
        static const char *const attrs[] = {"!id", "!players", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        const char *id = tkit_xr_id(&r->x, n, "id");
        int min = 0, max = 0;
        if (!parse_players(tkit_xr_prop(n, "players"), &min, &max)) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "players=\"%s\" is not N, N-M or N- (N >= 1)",
                             tkit_xr_prop(n, "players"));
                return;
        }
        if (!id)
                return;
        struct tkit_index *ids = face_ids_of(r, p);
        long k = tkit_index_find(ids, id, face_id, p);
        if (k >= 0) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "duplicate face id '%s' (first at line %d)", id,
                             p->faces[k].line);
                return;
        }
        tkit_index_add(ids, id, p->nfaces);
        p->faces = tkit_xrealloc(p->faces, (p->nfaces + 1) * sizeof *p->faces);
        struct tkit_face *f = &p->faces[p->nfaces++];
        *f = (struct tkit_face){.id = tkit_xstrdup(id),
                                .min_players = min,
                                .max_players = max,
                                .line = tkit_xr_line(n)};
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "post"))
                        read_post(r, c, f);
                else
                        tkit_xr_unknown_child(&r->x, n, c, "");
        }
}

static void read_cell(struct rd *r, const xmlNode *n, struct tkit_piece *p, unsigned char *seen)
{
        static const char *const attrs[] = {"!x", "!y", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        int x = -1, y = -1;
        bool ok = tkit_xr_int(&r->x, n, "x", 0, MAX_PIECE_SIDE - 1, &x);
        ok = tkit_xr_int(&r->x, n, "y", 0, MAX_PIECE_SIDE - 1, &y) && ok;
        if (!ok)
                return;
        if (x >= p->width || y >= p->height) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "cell (%d, %d) is outside the %dx%d piece", x, y,
                             p->width, p->height);
                return;
        }
        if (seen[y * p->width + x]++) {
                tkit_xr_fail(&r->x, n, RULE_VALUE, "a second <cell x=\"%d\" y=\"%d\">", x, y);
                return;
        }
        struct tkit_tile *t = tkit_piece_cell(p, x, y);
        t->line = tkit_xr_line(n);
        read_tile_body(r, n, t, true);
}

static void read_piece_children(struct rd *r, const xmlNode *n, struct tkit_piece *p)
{
        int stage = 0;
        bool seen_prov = false;
        unsigned char seen[MAX_PIECE_SIDE * MAX_PIECE_SIDE] = {0};
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "name")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 0,
                                             "<provenance>, <cell> and <face>"))
                                tkit_xr_name(&r->x, c, &p->names, &p->nnames);
                } else if (tkit_xr_is(c, "provenance")) {
                        if (seen_prov)
                                tkit_xr_fail(&r->x, c, RULE_UNKNOWN, "a second <provenance>");
                        else if (tkit_xr_in_order(&r->x, c, &stage, 1, "<cell> and <face>"))
                                read_provenance(r, c, &p->basis, &p->provenance);
                        seen_prov = true;
                } else if (tkit_xr_is(c, "cell")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 2, "<face>"))
                                read_cell(r, c, p, seen);
                } else if (tkit_xr_is(c, "face")) {
                        tkit_xr_in_order(&r->x, c, &stage, 3, "");
                        read_face(r, c, p);
                } else {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                }
        }
        for (int y = 0; y < p->height; y++)
                for (int x = 0; x < p->width; x++)
                        if (!seen[y * p->width + x])
                                tkit_xr_fail(&r->x, n, RULE_VALUE,
                                             "piece '%s' has no <cell x=\"%d\" y=\"%d\">", p->id, x,
                                             y);
}

static void read_piece(struct rd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id", "!width", "!height", "count", NULL};
        r->x.item = tkit_xr_prop(n, "id");
        bool attrs_ok = tkit_xr_attrs(&r->x, n, attrs);
        r->x.item = NULL;
        if (!attrs_ok)
                return;
        const char *id = tkit_xr_id(&r->x, n, "id");
        int w = 0, h = 0, count = 1;
        bool ok = tkit_xr_int(&r->x, n, "width", 1, MAX_PIECE_SIDE, &w);
        ok = tkit_xr_int(&r->x, n, "height", 1, MAX_PIECE_SIDE, &h) && ok;
        ok = tkit_xr_int(&r->x, n, "count", -TKIT_MAX_NUMBER, TKIT_MAX_NUMBER, &count) && ok;
        if (!ok || !id)
                return;
        struct tkit_piece *p = tkit_set_add_piece(r->set, id, w, h);
        p->line = tkit_xr_line(n);
        p->count = count;
        r->x.item = p->id;
        int before = r->x.errors;
        read_piece_children(r, n, p);
        r->x.item = NULL;
        /* a seam joins the cells: one broken cell breaks the piece */
        for (int c = 0; r->x.errors > before && c < w * h; c++)
                p->cells[c].broken = true;
}

/* ------------------------------------------------------------------ set level */

static void read_tokens(struct rd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        static const char *const attrs[] = {"!kind", "!count", NULL};
        tkit_xr_attrs(&r->x, n, none);
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (!tkit_xr_is(c, "token")) {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                        continue;
                }
                if (!tkit_xr_attrs(&r->x, c, attrs))
                        continue;
                TKIT_XR_CHILDREN(&r->x, c, cc)
                tkit_xr_unknown_child(&r->x, c, cc, "");
                int k = tkit_xr_enum(&r->x, c, "kind", tkit_token_parse,
                                     "castle barn bridge catapult meeple big-meeple pig");
                int count = 0;
                if (tkit_xr_int(&r->x, c, "count", -TKIT_MAX_NUMBER, TKIT_MAX_NUMBER, &count) &&
                    k >= 0)
                        tkit_set_add_token(r->set, (enum tkit_token_kind)k, count, tkit_xr_line(c));
        }
}

static void read_expect(struct rd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!what", "of", "group", "!count", "note", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        TKIT_XR_CHILDREN(&r->x, n, c)
        tkit_xr_unknown_child(&r->x, n, c, "");
        int w =
            tkit_xr_enum(&r->x, n, "what", tkit_expect_parse,
                         "tiles types feature illustration pennants symbol-tiles symbols besieged "
                         "pieces posts feature-tiles");
        int group = -1;
        if (tkit_xr_prop(n, "group"))
                group = tkit_xr_enum(&r->x, n, "group", tkit_group_parse, "land river fortress");
        int count = 0;
        bool ok = tkit_xr_int(&r->x, n, "count", 0, TKIT_MAX_NUMBER, &count);
        if (w < 0 || !ok || (tkit_xr_prop(n, "group") && group < 0))
                return;
        const char *of = tkit_xr_prop(n, "of");
        if (!tkit_expect_of_valid((enum tkit_expect_what)w, of)) {
                if (of)
                        tkit_xr_fail(&r->x, n, RULE_VALUE, "of=\"%s\" does not suit what=\"%s\"",
                                     of, tkit_expect_name((enum tkit_expect_what)w));
                else
                        tkit_xr_fail(&r->x, n, RULE_VALUE, "what=\"%s\" needs an of=\"...\"",
                                     tkit_expect_name((enum tkit_expect_what)w));
                return;
        }
        if (group >= 0 && w != TKIT_EXPECT_TILES && w != TKIT_EXPECT_TYPES) {
                tkit_xr_fail(&r->x, n, RULE_VALUE,
                             "group=\"...\" only applies to what=\"tiles\" and \"types\"");
                return;
        }
        struct tkit_expect *e =
            tkit_set_add_expect(r->set, (enum tkit_expect_what)w, of, group, count);
        e->note = tkit_xstrdup(tkit_xr_prop(n, "note"));
        e->line = tkit_xr_line(n);
}

static void read_manifest(struct rd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        tkit_xr_attrs(&r->x, n, none);
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "expect"))
                        read_expect(r, c);
                else
                        tkit_xr_unknown_child(&r->x, n, c, "");
        }
}

static bool rules_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct rd *r = (struct rd *)x;
        int f = tkit_rules_flag_parse(tok);
        if (f < 0) {
                tkit_xr_fail(x, n, RULE_VALUE,
                             "'%s' in rules=\"...\" is not one of: river bridges castles barns "
                             "siege-symbols fortress besiegers villages escape-city-tile",
                             tok);
                return false;
        }
        r->set->rules |= (unsigned)f;
        return true;
}

static bool requires_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct rd *r = (struct rd *)x;
        if (!tkit_native_valid_id(tok)) {
                tkit_xr_fail(x, n, RULE_VALUE, "'%s' in requires=\"...\" is not a set id", tok);
                return false;
        }
        if (strcmp(tok, r->set->id) == 0) {
                tkit_xr_fail(x, n, RULE_VALUE, "set '%s' requires itself", tok);
                return false;
        }
        tkit_set_add_require(r->set, tok);
        return true;
}

static void read_set_attrs(struct rd *r, const xmlNode *n)
{
        const char *fmt = tkit_xr_prop(n, "format");
        if (fmt && strcmp(fmt, "1") != 0)
                tkit_xr_fail(&r->x, n, RULE_VALUE,
                             "format=\"%s\" is not supported (this is format 1)", fmt);
        tkit_xr_int(&r->x, n, "year", 1, MAX_YEAR, &r->set->year);
        const char *ed = tkit_xr_prop(n, "edition");
        r->set->edition = ed && ed[0] ? tkit_xstrdup(ed) : NULL;
        tkit_xr_tokens(&r->x, n, tkit_xr_prop(n, "rules"), rules_token, NULL);
        tkit_xr_tokens(&r->x, n, tkit_xr_prop(n, "requires"), requires_token, NULL);
}

static void read_set_children(struct rd *r, const xmlNode *root)
{
        int stage = 0;
        bool tokens = false, manifest = false;
        TKIT_XR_CHILDREN(&r->x, root, c)
        {
                if (tkit_xr_is(c, "name")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 0, "<tokens>, <manifest>, <tile>"))
                                tkit_xr_name(&r->x, c, &r->set->names, &r->set->nnames);
                } else if (tkit_xr_is(c, "tokens")) {
                        if (tokens)
                                tkit_xr_fail(&r->x, c, RULE_UNKNOWN, "a second <tokens>");
                        else if (tkit_xr_in_order(&r->x, c, &stage, 1, "<manifest>, <tile>"))
                                read_tokens(r, c);
                        tokens = true;
                } else if (tkit_xr_is(c, "manifest")) {
                        if (manifest)
                                tkit_xr_fail(&r->x, c, RULE_UNKNOWN, "a second <manifest>");
                        else if (tkit_xr_in_order(&r->x, c, &stage, 2, "<tile>"))
                                read_manifest(r, c);
                        manifest = true;
                } else if (tkit_xr_is(c, "tile")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 3, "<piece> and <marker>"))
                                read_tile(r, c);
                } else if (tkit_xr_is(c, "piece")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 4, "<marker>"))
                                read_piece(r, c);
                } else if (tkit_xr_is(c, "marker")) {
                        tkit_xr_in_order(&r->x, c, &stage, 5, "");
                        read_markers_into(r, c, &r->set->extra, &r->set->nextra);
                } else {
                        tkit_xr_unknown_child(&r->x, root, c, "");
                }
        }
}

struct tkit_set *tkit_native_build(xmlDoc *doc, const char *name, bool keep, struct tkit_diags *d)
{
        struct rd r = {
            .x = {.file = name, .d = d, .rule_unknown = RULE_UNKNOWN, .rule_value = RULE_VALUE}};
        xmlNode *root = xmlDocGetRootElement(doc);
        if (!root || !tkit_xr_is(root, "tileset")) {
                tkit_xr_fail(&r.x, root ? root : (xmlNode *)doc, RULE_UNKNOWN,
                             "the root element is <%s>, not <tileset>",
                             root ? (const char *)root->name : "");
                return NULL;
        }
        /* The format is UTF-8; another declared encoding would be converted silently and not
         * written back. */
        if (doc->encoding && strcasecmp((const char *)doc->encoding, "UTF-8") != 0 &&
            strcasecmp((const char *)doc->encoding, "UTF8") != 0)
                tkit_xr_fail(&r.x, root, RULE_VALUE,
                             "the file declares encoding \"%s\"; the format is UTF-8",
                             (const char *)doc->encoding);
        static const char *const attrs[] = {"!format", "!id",      "edition", "year",
                                            "rules",   "requires", NULL};
        tkit_xr_attrs(&r.x, root, attrs);
        const char *id = tkit_xr_id(&r.x, root, "id");
        r.set = tkit_set_create(id ? id : "");
        r.x.set = r.set->id[0] ? r.set->id : NULL;
        r.set->line = tkit_xr_line(root);
        r.set->file = tkit_xstrdup(name);
        r.set->source_format = tkit_xstrdup("tilekit");
        read_set_attrs(&r, root);
        read_set_children(&r, root);
        tkit_xr_finish(&r.x);
        tkit_index_finish(&r.face_ids);
        if (r.x.errors && !keep) {
                tkit_set_destroy(r.set);
                return NULL;
        }
        r.set->broken = r.x.errors > 0;
        return r.set;
}
int tkit_native_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                         struct tkit_diags *d)
{
        struct tkit_set *s = tkit_native_build(doc, name, out->recover, d);
        if (!s)
                return TKIT_E_INVALID;
        /* The identity checks run even after the reader's errors (recovery mode, tilekit
         * check), marking what they find, so that one run shows every error. They come before
         * the schema, whose message for a count of -1 says less than COUNT-RANGE's. */
        bool bad = s->broken;
        if (out->recover)
                bad = tkit_set_validate_marking(s, d) != 0 || bad;
        else
                bad = tkit_set_validate(s, d) != 0;
        /* The reader knows every rule the schema states; a schema error here means the two
         * disagree, and the schema wins. After other errors it would only repeat them. */
        if (!bad && tkit_native_validate_doc(doc, name, d) != 0) {
                tkit_set_destroy(s);
                return TKIT_E_INVALID;
        }
        if (bad && !out->recover) {
                tkit_set_destroy(s);
                return TKIT_E_INVALID;
        }
        tkit_setlist_add(out, s);
        return bad ? TKIT_E_INVALID : 0;
}
