/* libFuzzer target: read (native or JCloisterZone, by root element) and import into an in-memory
 * database. Whatever the reader accepts must be stored, and load back as the same model. Then the
 * database itself is the input: the fuzzer's bytes change it (fuzz-dbmutate.h) and every set is
 * loaded again, which must not crash and must either load cleanly or report. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "fuzz-dbmutate.h"
#include "fuzz-roundtrip.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Each stored set must load back equal to what was imported. */
static void check_load(struct tkit_db *db, const struct tkit_setlist *sets)
{
        for (size_t i = 0; i < sets->n; i++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_set *back = NULL;
                if (tkit_db_load_set(db, sets->sets[i]->id, &back, &d) != 0)
                        __builtin_trap();
                if (!tkit_set_equal(sets->sets[i], back, NULL))
                        __builtin_trap();
                tkit_set_destroy(back);
                tkit_diags_finish(&d);
        }
}

/* Deleting every set leaves no set behind. */
static void check_delete(struct tkit_db *db, const struct tkit_setlist *sets)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        for (size_t i = 0; i < sets->n; i++)
                if (tkit_db_delete_set(db, sets->sets[i]->id, &d) != 0)
                        __builtin_trap();
        char **ids = NULL;
        size_t n = 0;
        if (tkit_db_set_ids(db, &ids, &n, &d) != 0 || n != 0)
                __builtin_trap();
        tkit_db_free_ids(ids, n);
        tkit_diags_finish(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        int rc =
            tkit_read_memory((const char *)data, size, "fuzz.xml", TKIT_FORMAT_AUTO, &sets, &d);
        if (rc == 0) {
                tkit_jcz_link(&sets);
                struct tkit_db *db = NULL;
                if (tkit_db_open(":memory:", TKIT_DB_CREATE | TKIT_DB_MEMORY, &db, &d) != 0)
                        abort();
                rc = tkit_db_import(db, &sets, &d);
                /* Only a JCloisterZone file with the same <tile-set> id twice may be refused
                 * (TKIT_E_INVALID); a database error means the reader let through something the
                 * schema cannot hold, and a set the import refuses as invalid (what the loader
                 * refuses) one that the readers and tkit_jcz_link should not have made. */
                if (rc == TKIT_E_DB || (rc == TKIT_E_INVALID && !fuzz_sets_valid(&sets)))
                        __builtin_trap();
                if (rc == 0) {
                        check_load(db, &sets);
                        /* importing again replaces every set, then deleting leaves nothing */
                        if (tkit_db_import(db, &sets, &d) != 0)
                                __builtin_trap();
                        check_load(db, &sets);
                        check_delete(db, &sets);
                        /* the database as input */
                        char *why = NULL;
                        if (tkit_db_import(db, &sets, &d) != 0 ||
                            !mutate_and_load(db, data, size, &why)) {
                                fprintf(stderr, "%s\n", why ? why : "import failed");
                                __builtin_trap();
                        }
                }
                tkit_db_close(db);
        }
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
        return 0;
}
