/* The art manifest reader (docs/render.md, "The publisher's art"): walks the parsed tree
 * strictly, like the scene reader, into a struct tkit_art; a set and tile given twice is found by
 * sorting at the end; then the document is checked against the RelaxNG schema. Every problem is
 * reported, not only the first. */
#include "formats-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* not well-formed XML, invalid UTF-8, another encoding */
#define R_XML tkit_read_rule_id(TKIT_RR_ART_XML)
/* a DOCTYPE (and so any entity) */
#define R_DTD tkit_read_rule_id(TKIT_RR_ART_DTD)
/* more than TKIT_ART_MAX_IMAGES images */
#define R_LIMIT tkit_read_rule_id(TKIT_RR_ART_LIMIT)
/* unknown element, attribute or text */
#define R_UNKNOWN tkit_read_rule_id(TKIT_RR_ART_UNKNOWN)
/* a value that cannot be taken as written */
#define R_VALUE tkit_read_rule_id(TKIT_RR_ART_VALUE)
/* the same set and tile twice */
#define R_DUP tkit_read_rule_id(TKIT_RR_ART_DUP)
/* the RelaxNG schema disagrees */
#define R_SCHEMA tkit_read_rule_id(TKIT_RR_ART_SCHEMA)
#define MAX_MM 1000.0

/* A length in millimetres: a decimal number from 0 to MAX_MM. */
static bool get_mm(struct tkit_xr *r, const xmlNode *n, const char *attr, double *out)
{
        const char *v = tkit_xr_prop(n, attr);
        if (!v)
                return true;
        char *end;
        errno = 0;
        double x = strtod(v, &end);
        bool digits = v[0] >= '0' && v[0] <= '9';
        if (!digits || errno || *end || !isfinite(x) || x < 0 || x > MAX_MM) {
                tkit_xr_fail(r, n, R_VALUE, "%s=\"%.40s\" is not a length of 0 to %.0f mm", attr, v,
                             MAX_MM);
                return false;
        }
        *out = x;
        return true;
}

static void read_image(struct tkit_xr *r, struct tkit_art *a, const xmlNode *n, double bleed)
{
        static const char *const attrs[] = {"!set", "!tile", "!file", "rotation", "bleed-mm", NULL};
        if (!tkit_xr_attrs(r, n, attrs))
                return;
        const char *set = tkit_xr_id(r, n, "set"), *tile = tkit_xr_id(r, n, "tile");
        const char *file = tkit_xr_prop(n, "file");
        int rot = 0;
        bool ok = tkit_xr_int(r, n, "rotation", 0, 270, &rot) && get_mm(r, n, "bleed-mm", &bleed);
        if (ok && rot % 90 != 0) {
                tkit_xr_fail(r, n, R_VALUE, "rotation=\"%d\" is not 0, 90, 180 or 270", rot);
                ok = false;
        }
        if (file && !*file) {
                tkit_xr_fail(r, n, R_VALUE, "file=\"\" names no image");
                ok = false;
        }
        TKIT_XR_CHILDREN(r, n, c)
        tkit_xr_unknown_child(r, n, c, "");
        if (!ok || !set || !tile || !file)
                return;
        if (a->nimages >= TKIT_ART_MAX_IMAGES) {
                if (a->nimages == TKIT_ART_MAX_IMAGES)
                        tkit_xr_fail(r, n, R_LIMIT, "more than %d images", TKIT_ART_MAX_IMAGES);
                return;
        }
        struct tkit_art_image *img = tkit_art_add_image(a, set, tile, file);
        img->rotation = rot;
        img->bleed_mm = bleed;
        img->line = tkit_xr_line(n);
}

static int cmp_image(const void *x, const void *y)
{
        const struct tkit_art_image *a = *(const struct tkit_art_image *const *)x;
        const struct tkit_art_image *b = *(const struct tkit_art_image *const *)y;
        int c = strcmp(a->set, b->set);
        c = c ? c : strcmp(a->tile, b->tile);
        return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* A set and tile given twice: sorted, neighbours compared (O(n log n)). */
static void duplicates(struct tkit_xr *r, const struct tkit_art *a)
{
        const struct tkit_art_image **v = tkit_xmalloc(sizeof *v * (a->nimages + 1));
        for (size_t i = 0; i < a->nimages; i++)
                v[i] = &a->images[i];
        qsort(v, a->nimages, sizeof *v, cmp_image);
        for (size_t i = 1; i < a->nimages; i++)
                if (strcmp(v[i]->set, v[i - 1]->set) == 0 &&
                    strcmp(v[i]->tile, v[i - 1]->tile) == 0) {
                        tkit_diags_add(r->d, TKIT_SEV_ERROR, r->file, v[i]->line, R_DUP, v[i]->set,
                                       v[i]->tile,
                                       "a second image of tile '%s' of set '%s' (line %d)",
                                       v[i]->tile, v[i]->set, v[i - 1]->line);
                        r->errors++;
                }
        free(v);
}

static struct tkit_art *build(xmlDoc *doc, const char *name, bool wide, struct tkit_diags *d)
{
        struct tkit_xr r = {.file = name,
                            .d = d,
                            .rule_unknown = R_UNKNOWN,
                            .rule_value = R_VALUE,
                            .rule_dup = R_DUP};
        xmlNode *root = xmlDocGetRootElement(doc);
        if (!root || !tkit_xr_is(root, "art")) {
                tkit_xr_fail(&r, root ? root : (xmlNode *)doc, R_UNKNOWN,
                             "the root element is <%s>, not <art>",
                             root ? (const char *)root->name : "");
                return NULL;
        }
        if (wide || (doc->encoding && strcasecmp((const char *)doc->encoding, "UTF-8") != 0 &&
                     strcasecmp((const char *)doc->encoding, "UTF8") != 0))
                tkit_xr_fail(&r, root, R_XML,
                             "the file is not in UTF-8, the only encoding of the "
                             "format");
        static const char *const attrs[] = {"!format", "tile-mm", "bleed-mm", NULL};
        tkit_xr_attrs(&r, root, attrs);
        const char *fmt = tkit_xr_prop(root, "format");
        if (fmt && strcmp(fmt, "1") != 0)
                tkit_xr_fail(&r, root, R_VALUE,
                             "format=\"%.40s\" is not supported (this is format 1)", fmt);
        struct tkit_art *a = tkit_art_create(name);
        double bleed = 0;
        get_mm(&r, root, "tile-mm", &a->tile_mm);
        get_mm(&r, root, "bleed-mm", &bleed);
        if (a->tile_mm <= 0) {
                tkit_xr_fail(&r, root, R_VALUE, "tile-mm must be more than 0");
                a->tile_mm = 45;
        }
        TKIT_XR_CHILDREN(&r, root, c)
        {
                if (tkit_xr_is(c, "image"))
                        read_image(&r, a, c, bleed);
                else
                        tkit_xr_unknown_child(&r, root, c, "");
        }
        duplicates(&r, a);
        tkit_xr_finish(&r);
        if (r.errors) {
                tkit_art_destroy(a);
                return NULL;
        }
        return a;
}

struct tkit_art *tkit_art_read(const char *data, size_t len, const char *name, struct tkit_diags *d,
                               int *err)
{
        const struct tkit_xml_rules rules = {R_XML, R_DTD, R_LIMIT};
        int e = 0;
        if (!name)
                name = "<memory>";
        xmlDoc *doc = tkit_xml_parse_as(data ? data : "", data ? len : 0, name, &rules, d, &e);
        struct tkit_art *a = NULL;
        if (doc) {
                e = TKIT_E_INVALID;
                a = build(doc, name, tkit_xml_wide_encoding((const unsigned char *)data, len), d);
                if (a && tkit_schema_validate_doc(TKIT_SCHEMA_ART, doc, name, R_SCHEMA, d) != 0) {
                        tkit_art_destroy(a);
                        a = NULL;
                }
                xmlFreeDoc(doc);
        }
        if (err)
                *err = a ? 0 : e;
        return a;
}

struct tkit_art *tkit_art_read_file(const char *path, struct tkit_diags *d, int *err)
{
        char *data = NULL;
        size_t len = 0;
        int e = tkit_read_input_file(path, R_LIMIT, &data, &len, d);
        struct tkit_art *a = e ? NULL : tkit_art_read(data, len, path, d, &e);
        free(data);
        if (err)
                *err = e;
        return a;
}
