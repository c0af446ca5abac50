/* The RelaxNG schema of the native format, compiled into the library from tilesets/tileset.rng
 * (see formats/meson.build) so that no file is looked up at run time. It is compiled once, on
 * first use, and freed by tkit_formats_cleanup(). */
#include "formats-private.h"

#include <libxml/relaxng.h>

#define RULE_SCHEMA "XML-SCHEMA"

extern const char tkit_tileset_rng[];
extern const unsigned long tkit_tileset_rng_len;

static xmlRelaxNG *schema;

static xmlRelaxNG *compiled_schema(struct tkit_diags *d)
{
        if (schema)
                return schema;
        struct tkit_xml_errors errs;
        tkit_xml_errors_push(&errs, "tileset.rng", RULE_SCHEMA, d);
        xmlRelaxNGParserCtxt *pc =
            xmlRelaxNGNewMemParserCtxt(tkit_tileset_rng, (int)tkit_tileset_rng_len);
        if (pc) {
                xmlRelaxNGSetParserStructuredErrors(pc, tkit_xml_error_cb, &errs);
                schema = xmlRelaxNGParse(pc);
                xmlRelaxNGFreeParserCtxt(pc);
        }
        tkit_xml_errors_pop(&errs);
        if (!schema && errs.errors == 0)
                tkit_diags_add(d, TKIT_SEV_ERROR, "tileset.rng", 0, RULE_SCHEMA, NULL, NULL,
                               "the built-in schema does not compile");
        return schema;
}

void tkit_formats_cleanup(void)
{
        xmlRelaxNGFree(schema);
        schema = NULL;
}

/* A safety net for programs that do not call tkit_formats_cleanup(): the schema is freed at exit
 * all the same, before libxml2's own cleanup (which runs later, from the shared library), so leak
 * checkers stay quiet. */
__attribute__((destructor)) static void formats_at_exit(void)
{
        tkit_formats_cleanup();
}

int tkit_native_validate_doc(xmlDoc *doc, const char *name, struct tkit_diags *d)
{
        xmlRelaxNG *s = compiled_schema(d);
        if (!s)
                return TKIT_E_INVALID;
        struct tkit_xml_errors errs;
        tkit_xml_errors_push(&errs, name, RULE_SCHEMA, d);
        xmlRelaxNGValidCtxt *vc = xmlRelaxNGNewValidCtxt(s);
        int rc = -1;
        if (vc) {
                xmlRelaxNGSetValidStructuredErrors(vc, tkit_xml_error_cb, &errs);
                rc = xmlRelaxNGValidateDoc(vc, doc);
                xmlRelaxNGFreeValidCtxt(vc);
        }
        tkit_xml_errors_pop(&errs);
        if (rc != 0 && errs.errors == 0)
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, RULE_SCHEMA, NULL, NULL,
                               "the document does not match the schema");
        return rc == 0 ? 0 : TKIT_E_INVALID;
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
