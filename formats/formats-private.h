/* Shared between the readers of formats/; not part of the public API. */
#ifndef TKIT_FORMATS_PRIVATE_H
#define TKIT_FORMATS_PRIVATE_H

#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "formats/tkit-formats.h"

/* Reads a parsed JCloisterZone document (root <defs>) into sets appended to `out`.
 * `name` is the file name for diagnostics and set->file. Implemented in jcz.c. */
int tkit_jcz_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                      struct tkit_diags *d);

/* Reads a parsed native document (root <tileset>): the strict reader, then the RelaxNG schema,
 * then tkit_set_validate(). Appends one set to `out` on success, nothing on error (with
 * out->recover, the set with its broken tiles marked, and still returns TKIT_E_INVALID).
 * Implemented in native-read.c. */
int tkit_native_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                         struct tkit_diags *d);

/* The strict reader alone (no schema, no tkit_set_validate): returns the set or NULL with
 * diagnostics; with `keep`, the set read so far even after errors, tiles with errors marked
 * broken and the set too (recovery, tkit_setlist.recover). Exposed so that tests can compare it
 * with the schema. */
struct tkit_set *tkit_native_build(xmlDoc *doc, const char *name, bool keep, struct tkit_diags *d);

/* What a side letter in at="..." means for a feature kind: a city covers the whole side, a road
 * or river its middle, a field both halves. Shared by the reader and the writer. */
uint16_t tkit_native_side_mask(enum tkit_feature_kind kind, int side);

/* Validates a parsed document against the embedded RelaxNG schema (rule XML-SCHEMA). */
int tkit_native_validate_doc(xmlDoc *doc, const char *name, struct tkit_diags *d);
/* The same against any of the embedded schemas, reporting with `rule`. Implemented in schema.c. */
enum tkit_schema { TKIT_SCHEMA_TILESET = 0, TKIT_SCHEMA_SCENE, TKIT_SCHEMA_ART };
int tkit_schema_validate_doc(enum tkit_schema which, xmlDoc *doc, const char *name,
                             const char *rule, struct tkit_diags *d);

/* Parses `data` with the safe options (no network, no entities, no DTD), reporting input over
 * TKIT_MAX_INPUT_BYTES as XML-LIMIT, libxml2's errors as XML-PARSE and any DOCTYPE as XML-DTD.
 * Returns the document (caller frees with xmlFreeDoc), or NULL with *err set to TKIT_E_LIMIT or
 * TKIT_E_INVALID. Implemented in read.c. */
xmlDoc *tkit_xml_parse(const char *data, size_t len, const char *name, struct tkit_diags *d,
                       int *err);
/* The same with other rule ids (the scene reader's SCENE-XML, SCENE-DTD, SCENE-LIMIT). */
struct tkit_xml_rules {
        const char *parse, *dtd, *limit;
};
xmlDoc *tkit_xml_parse_as(const char *data, size_t len, const char *name,
                          const struct tkit_xml_rules *rules, struct tkit_diags *d, int *err);
/* Whether the bytes are UTF-16 or UTF-32, which libxml2 would convert silently. */
bool tkit_xml_wide_encoding(const unsigned char *p, size_t len);
/* Reads a whole stream of at most TKIT_MAX_INPUT_BYTES (a larger one is reported with
 * `rule_limit`; a directory is TKIT_E_IO). Returns 0 (*data to be freed by the caller),
 * TKIT_E_IO or TKIT_E_LIMIT. Implemented in read.c. */
int tkit_read_input_stream(FILE *f, const char *name, const char *rule_limit, char **data,
                           size_t *len, struct tkit_diags *d);
/* The same for the file `path`: also TKIT_E_IO when it cannot be opened (reported), and
 * TKIT_E_USAGE, silently, for a NULL path. */
int tkit_read_input_file(const char *path, const char *rule_limit, char **data, size_t *len,
                         struct tkit_diags *d);

/* Routes libxml2's errors into `d` for `name` until tkit_xml_errors_pop(); nests not. */
struct tkit_xml_errors {
        const char *name;
        struct tkit_diags *d;
        int errors;
        const char *rule;
        xmlStructuredErrorFunc saved_structured;
        void *saved_structured_ctx;
        xmlGenericErrorFunc saved_generic;
        void *saved_generic_ctx;
};
void tkit_xml_errors_push(struct tkit_xml_errors *e, const char *name, const char *rule,
                          struct tkit_diags *d);
void tkit_xml_errors_pop(struct tkit_xml_errors *e);
/* The structured error handler itself (data is a struct tkit_xml_errors). libxml2 2.12 made the
 * error const. */
#if LIBXML_VERSION >= 21200
#define TKIT_XML_ERROR const xmlError
#else
#define TKIT_XML_ERROR xmlError
#endif
void tkit_xml_error_cb(void *data, TKIT_XML_ERROR *err);

/* Whether `s` is an id the native format can hold ([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to 64
 * bytes): the JCloisterZone reader refuses others, or an export could not be read back.
 * Scenes use the same ids. Implemented in xml-walk.c. */
#define TKIT_XR_MAX_ID TKIT_MAX_ID
bool tkit_native_valid_id(const char *s);

/* ------------------------------------------------------------------ the strict tree walk
 * Shared by the native tile-set reader and the scene reader (xml-walk.c). Every problem is
 * reported into `d` with the element's line and counted in `errors`; reading goes on, so that a
 * file's problems all show at once. */
struct tkit_xr {
        const char *file;
        struct tkit_diags *d;
        const char *rule_unknown; /* unknown element, attribute or text; order */
        const char *rule_value;   /* a value that cannot be taken as written */
        const char *rule_dup;     /* a second name in one language; NULL: rule_value */
        const char *set, *item;   /* labels of the diagnostics (set, tile), may be NULL */
        int errors;
        /* the languages of the name list read last (tkit_xr_name): hashed, since an element may
         * hold any number of names; rebuilt when another list is read */
        struct tkit_index langs;
        const void *langs_of;
        size_t langs_n;
};
/* Frees what the walk kept (the language index); the struct may be used again. */
void tkit_xr_finish(struct tkit_xr *r);
/* The element's line, 0 when unknown. */
int tkit_xr_line(const xmlNode *n);
void tkit_xr_fail(struct tkit_xr *r, const xmlNode *n, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* An element without namespace named `name`. */
bool tkit_xr_is(const xmlNode *n, const char *name);
/* Value of an attribute without namespace, or NULL. */
const char *tkit_xr_prop(const xmlNode *n, const char *name);
/* Reports attributes that are not in `allowed` (NULL-terminated) and required ones that are
 * missing (a leading '!' in `allowed` marks them). Returns false when a required one is missing:
 * the element cannot be read then; after an unknown attribute it can. */
bool tkit_xr_attrs(struct tkit_xr *r, const xmlNode *n, const char *const *allowed);
/* The first character of `s` that is not text every output takes (tkit_char_unfit: a C1
 * control, a noncharacter, ...): why, with the character in *cp; NULL when there is none.
 * libxml2 lets those through; every XML reader refuses them (XML-VALUE). */
const char *tkit_xml_unfit(const char *s, uint32_t *cp);
/* The same over a whole tree, for a reader that does not walk with struct tkit_xr (JCloisterZone
 * XML): every attribute value and text, each unfit one reported as `rule` at its element's line.
 * One pass, without recursion. Returns how many were reported. */
size_t tkit_xml_check_text(const xmlNode *root, const char *file, const char *rule,
                           struct tkit_diags *d);
/* Steps to the next child element from `n` on, reporting text that is not whitespace. Comments
 * and processing instructions are skipped. */
xmlNode *tkit_xr_next(struct tkit_xr *r, const xmlNode *parent, xmlNode *n);
#define TKIT_XR_CHILDREN(r, parent, c)                                                             \
        for (xmlNode *c = tkit_xr_next((r), (parent), (parent)->children); c;                      \
             c = tkit_xr_next((r), (parent), c->next))
void tkit_xr_unknown_child(struct tkit_xr *r, const xmlNode *parent, const xmlNode *c,
                           const char *where);
/* Text of an element that may hold only text; NULL after an error. Caller frees. */
char *tkit_xr_text(struct tkit_xr *r, const xmlNode *n);
/* The attribute when it is a valid id; NULL when absent or (reported) invalid. */
const char *tkit_xr_id(struct tkit_xr *r, const xmlNode *n, const char *attr);
/* A whole decimal number (a leading '-' only when min < 0) in [min, max]; `*out` is left alone
 * when the attribute is absent. Returns false after reporting an error. */
bool tkit_xr_int(struct tkit_xr *r, const xmlNode *n, const char *attr, int min, int max, int *out);
/* A word from a vocabulary, through its *_parse function; -1 when absent or (reported) bad. */
int tkit_xr_enum(struct tkit_xr *r, const xmlNode *n, const char *attr, int (*parse)(const char *),
                 const char *choices);
/* Calls `fn` for each token of a whitespace-separated list (NUL-terminated copies of at most 79
 * bytes); stops after 5 bad tokens. Returns false when any was bad. */
typedef bool tkit_xr_token_fn(struct tkit_xr *r, const xmlNode *n, const char *tok, void *ctx);
bool tkit_xr_tokens(struct tkit_xr *r, const xmlNode *n, const char *v, tkit_xr_token_fn *fn,
                    void *ctx);
/* Element order inside a container: each child has a stage, and stages never go back. */
bool tkit_xr_in_order(struct tkit_xr *r, const xmlNode *c, int *stage, int want, const char *after);
/* A BCP 47-like language tag: en, ro, pt-BR. */
bool tkit_xr_lang_ok(const char *lang);
/* Reads <ELEMENT lang="..">text</ELEMENT> into a name list; a second one in a language is an
 * error. */
void tkit_xr_name(struct tkit_xr *r, const xmlNode *n, struct tkit_name **v, size_t *nv);

/* ------------------------------------------------------------------ model equality
 * Shared by tkit_set_equal (equal.c) and tkit_scene_equal (scene-equal.c). The first difference
 * found is described in `why`; later ones are not. */
struct tkit_cmp {
        char *why;
        bool exact; /* compare lines, set->file and set->source_format too */
};
bool tkit_cmp_differ(struct tkit_cmp *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* An absent string equals an empty one (the formats cannot tell them apart). */
bool tkit_cmp_str_eq(const char *a, const char *b);
#define SAME_STR(c, a, b, what, ctx)                                                               \
        (tkit_cmp_str_eq((a), (b)) || tkit_cmp_differ((c), "%s%s: '%s' != '%s'", (ctx), (what),    \
                                                      (a) ? (a) : "", (b) ? (b) : ""))
#define SAME_INT(c, a, b, what, ctx)                                                               \
        ((long)(a) == (long)(b) ||                                                                 \
         tkit_cmp_differ((c), "%s%s: %ld != %ld", (ctx), (what), (long)(a), (long)(b)))
/* Where something was read from: compared only when exact. */
#define SAME_LINE(c, a, b, ctx) (!(c)->exact || SAME_INT(c, a, b, "line", ctx))
bool tkit_cmp_names(struct tkit_cmp *c, const struct tkit_name *a, size_t na,
                    const struct tkit_name *b, size_t nb, const char *ctx);

/* ------------------------------------------------------------------ writing XML
 * Shared by the native writer and the scene writer (native-write.c). */
/* Text goes through tkit_buf_put_escaped() (model/) with TKIT_ESC_XML_TEXT or _ATTR. */
/*  name="value" with the value escaped, and  name="N". */
void tkit_xml_attr(struct tkit_buf *b, const char *name, const char *value);
void tkit_xml_attr_int(struct tkit_buf *b, const char *name, int value);
/* Writes the whole buffer to `f` and flushes it (to the file `path`, opened and closed here, in
 * place): 0, or TKIT_E_IO with "NAME: cannot write: <strerror>" in `d` (which may be NULL). */
int tkit_write_buf_stream(const struct tkit_buf *b, FILE *f, const char *name,
                          struct tkit_diags *d);
int tkit_write_buf_file(const struct tkit_buf *b, const char *path, struct tkit_diags *d);

#endif
