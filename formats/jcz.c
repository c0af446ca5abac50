/* PLACEHOLDER until the JCloisterZone reader lands (issue 4). */
#include "formats-private.h"

int tkit_jcz_read_doc(xmlDoc *doc, const char *name, struct tkit_setlist *out,
                      struct tkit_diags *d)
{
        (void)doc;
        (void)out;
        tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, "FMT-JCZ", NULL, NULL,
                       "JCloisterZone files are not supported yet");
        return TKIT_E_INVALID;
}
