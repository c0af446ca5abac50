/* Shared between the readers of formats/; not part of the public API. */
#ifndef TKIT_FORMATS_PRIVATE_H
#define TKIT_FORMATS_PRIVATE_H

#include <libxml/tree.h>

#include "formats/tkit-formats.h"

/* Reads a parsed JCloisterZone document (root <defs>) into sets appended to `out`.
 * `name` is the file name for diagnostics and set->file. Implemented in jcz.c. */
int tkit_jcz_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                      struct tkit_diags *d);

#endif
