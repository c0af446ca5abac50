/* The RelaxNG schemas of the native tile-set format, of scenes and of art manifests, compiled into
 * the library from tilesets/tileset.rng, scenes/scene.rng and formats/art.rng (see
 * formats/meson.build) so that no file is looked up at run time. Each is compiled once, on first
 * use, and freed by tkit_formats_cleanup(): the one state the library keeps between calls, so
 * the readers serve one thread at a time (formats/tkit-formats.h, "Threads"). */
#include "formats-private.h"

#include <libxml/relaxng.h>

#define RULE_SCHEMA tkit_read_rule_id(TKIT_RR_XML_SCHEMA)

extern const char tkit_tileset_rng[];
extern const unsigned long tkit_tileset_rng_len;
extern const char tkit_scene_rng[];
extern const unsigned long tkit_scene_rng_len;
extern const char tkit_art_rng[];
extern const unsigned long tkit_art_rng_len;

/* One compiled schema per format, in the order of enum tkit_schema. */
static const struct {
        const char *name;
        const char *text;
        const unsigned long *len;
} sources[] = {
    {"tileset.rng", tkit_tileset_rng, &tkit_tileset_rng_len},
    {"scene.rng", tkit_scene_rng, &tkit_scene_rng_len},
    {"art.rng", tkit_art_rng, &tkit_art_rng_len},
};
static xmlRelaxNG *schemas[3];

static xmlRelaxNG *compiled_schema(enum tkit_schema which, const char *rule, struct tkit_diags *d)
{
        if (schemas[which])
                return schemas[which];
        struct tkit_xml_errors errs;
        tkit_xml_errors_push(&errs, sources[which].name, rule, d);
        xmlRelaxNGParserCtxt *pc =
            xmlRelaxNGNewMemParserCtxt(sources[which].text, (int)*sources[which].len);
        if (pc) {
                xmlRelaxNGSetParserStructuredErrors(pc, tkit_xml_error_cb, &errs);
                schemas[which] = xmlRelaxNGParse(pc);
                xmlRelaxNGFreeParserCtxt(pc);
        }
        tkit_xml_errors_pop(&errs);
        if (!schemas[which] && errs.errors == 0)
                tkit_diags_add(d, TKIT_SEV_ERROR, sources[which].name, 0, rule, NULL, NULL,
                               "the built-in schema does not compile");
        return schemas[which];
}

void tkit_formats_cleanup(void)
{
        for (size_t i = 0; i < sizeof schemas / sizeof *schemas; i++) {
                xmlRelaxNGFree(schemas[i]);
                schemas[i] = NULL;
        }
}

/* A safety net for programs that do not call tkit_formats_cleanup(): the schema is freed at exit
 * all the same, before libxml2's own cleanup (which runs later, from the shared library), so leak
 * checkers stay quiet. */
__attribute__((destructor)) static void formats_at_exit(void)
{
        tkit_formats_cleanup();
}

int tkit_schema_validate_doc(enum tkit_schema which, xmlDoc *doc, const char *name,
                             const char *rule, struct tkit_diags *d)
{
        xmlRelaxNG *s = compiled_schema(which, rule, d);
        if (!s)
                return TKIT_E_INVALID;
        struct tkit_xml_errors errs;
        tkit_xml_errors_push(&errs, name, rule, d);
        xmlRelaxNGValidCtxt *vc = xmlRelaxNGNewValidCtxt(s);
        int rc = -1;
        if (vc) {
                xmlRelaxNGSetValidStructuredErrors(vc, tkit_xml_error_cb, &errs);
                rc = xmlRelaxNGValidateDoc(vc, doc);
                xmlRelaxNGFreeValidCtxt(vc);
        }
        tkit_xml_errors_pop(&errs);
        if (rc != 0 && errs.errors == 0)
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, rule, NULL, NULL,
                               "the document does not match the schema");
        return rc == 0 ? 0 : TKIT_E_INVALID;
}

int tkit_native_validate_doc(xmlDoc *doc, const char *name, struct tkit_diags *d)
{
        return tkit_schema_validate_doc(TKIT_SCHEMA_TILESET, doc, name, RULE_SCHEMA, d);
}

int tkit_native_validate_memory(const char *data, size_t len, const char *name,
                                struct tkit_diags *d)
{
        if (!name)
                name = "<memory>";
        int err;
        xmlDoc *doc = tkit_xml_parse(data ? data : "", len, name, d, &err);
        if (!doc)
                return err;
        int rc = tkit_native_validate_doc(doc, name, d);
        xmlFreeDoc(doc);
        return rc;
}
