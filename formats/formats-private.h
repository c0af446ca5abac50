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
 * then tkit_set_validate(). Appends one set to `out` on success, nothing on error.
 * Implemented in native-read.c. */
int tkit_native_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                         struct tkit_diags *d);

/* The strict reader alone (no schema, no tkit_set_validate): returns the set or NULL with
 * diagnostics. Exposed so that tests can compare it with the schema. */
struct tkit_set *tkit_native_build(xmlDoc *doc, const char *name, struct tkit_diags *d);

/* What a side letter in at="..." means for a feature kind: a city covers the whole side, a road
 * or river its middle, a field both halves. Shared by the reader and the writer. */
uint16_t tkit_native_side_mask(enum tkit_feature_kind kind, int side);

/* Validates a parsed document against the embedded RelaxNG schema (rule XML-SCHEMA). */
int tkit_native_validate_doc(xmlDoc *doc, const char *name, struct tkit_diags *d);

/* Parses `data` with the safe options (no network, no entities, no DTD), reporting input over
 * TKIT_MAX_INPUT_BYTES as XML-LIMIT, libxml2's errors as XML-PARSE and any DOCTYPE as XML-DTD.
 * Returns the document (caller frees with xmlFreeDoc), or NULL with *err set to TKIT_E_LIMIT or
 * TKIT_E_INVALID. Implemented in read.c. */
xmlDoc *tkit_xml_parse(const char *data, size_t len, const char *name, struct tkit_diags *d,
                       int *err);

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
/* Appends `str` escaped for an attribute value (attr) or element text: `&amp; &lt; &gt;`, and
 * `&quot;`, `&#9; &#10; &#13;` in attributes so that a parser gives back the same characters;
 * bytes XML cannot carry become U+FFFD. Shared by the writers; implemented in native-write.c. */
void tkit_xml_escape(struct tkit_buf *b, const char *str, bool attr);

#endif
void tkit_xml_error_cb(void *data, TKIT_XML_ERROR *err);

/* Whether `s` is an id the native format can hold ([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to 64
 * bytes): the JCloisterZone reader refuses others, or an export could not be read back.
 * Implemented in native-read.c. */
bool tkit_native_valid_id(const char *s);

/* Appends `str` escaped for an attribute value (attr) or element text: `&amp; &lt; &gt;`, and
 * `&quot;`, `&#9; &#10; &#13;` in attributes so that a parser gives back the same characters;
 * bytes XML cannot carry become U+FFFD. Shared by the writers; implemented in native-write.c. */
void tkit_xml_escape(struct tkit_buf *b, const char *str, bool attr);

#endif
