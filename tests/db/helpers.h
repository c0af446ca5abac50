/* Helpers shared by the db tests: deep comparison of two sets, a deterministic dump of a
 * database's rows, a rich set built in code, and file utilities. */
#ifndef TKIT_TEST_DB_HELPERS_H
#define TKIT_TEST_DB_HELPERS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/tkit-model.h"
#include "tkit-test.h" /* read_all, write_all, make_temp_dir, remove_tree */

struct sqlite3;

/* True when every field of the two sets is equal (order included); otherwise false with the
 * first difference described in `why` (a path like "tiles[2].features[1].mask: 7 != 5"). */
bool set_equal(const struct tkit_set *a, const struct tkit_set *b, char *why, size_t n);

enum dump_flags {
        DUMP_KEEP_TIME = 1u << 0, /* keep the `imported` and `created` timestamp columns */
        DUMP_NO_SOURCE = 1u << 1, /* drop `file` and `line` columns (a re-exported file moves) */
};
/* Every row of every table, ordered by all columns, one line per row ("table|v1|v2..."); the
 * caller frees the result. */
char *dump_db(struct sqlite3 *db, unsigned flags);
/* The same for a database file, opened read-only with plain SQLite. */
char *dump_file(const char *path, unsigned flags);

/* A set using every field of the model (tiles, pieces, markers at every level, manifest...).
 * `ntiles` extra plain tiles are appended (for size tests), each with long provenance text. */
struct tkit_set *rich_set(const char *id, int ntiles);


#endif
