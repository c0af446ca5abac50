/* Shared bits of the `tilekit` command line: the command table, exit codes, option helpers.
 * Each subcommand lives in its own cmd-*.c file and only parses options and calls the library. */
#ifndef TKIT_CLI_H
#define TKIT_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "formats/tkit-formats.h"
#include "model/tkit-model.h"

enum {
        TKIT_EXIT_OK = 0,
        TKIT_EXIT_FAIL = 1,  /* data errors found, or a runtime failure */
        TKIT_EXIT_USAGE = 2, /* bad command line, or a file that cannot be opened */
};

/* The database used when --db is not given: $TILEKIT_DB, else "tilekit.db". */
const char *cli_default_db(void);

/* Prints "tilekit COMMAND: message" and "Try 'tilekit COMMAND --help'." to stderr; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prints "tilekit: message" to stderr; returns 1. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints every diagnostic to stderr, compiler style. */
void cli_print_diags(const struct tkit_diags *d);
/* Parses a whole decimal number in [min, max]; false when it is not one. */
bool cli_parse_long(const char *s, long min, long max, long *out);
/* The exit status for a library error: 0 for none, 2 for a file that cannot be read, else 1. */
int cli_exit_for(int err);
/* Prints "tilekit VERSION" to stdout; returns 0. */
int cli_version(void);

/* The sets a command works on: read from tile-set files, or loaded from a database. */
struct cli_sets {
        struct tkit_setlist all; /* owns every set read or loaded */
        struct tkit_set **sel;   /* the selection, in the order asked for (not owned) */
        size_t nsel, capsel;
        char **ids; /* ids asked for with --set ("a,b" lists add up); none: every set */
        size_t nids, capids;
};
void cli_sets_init(struct cli_sets *cs);
void cli_sets_finish(struct cli_sets *cs);
/* Adds the ids of a comma-separated list ("base,river"). */
void cli_sets_add_ids(struct cli_sets *cs, const char *list);
/* Reads `files` (with `fmt`), or, when there are none, loads the sets from the database `db`
 * (read-only): those asked for, else every stored set. Then selects the sets asked for, else all.
 * Diagnostics go to `d`. Returns an exit status: 0, 1 (invalid data, no such set) or 2 (a file
 * or the database cannot be opened). */
int cli_sets_load(struct cli_sets *cs, const char *const *files, size_t nfiles,
                  enum tkit_format fmt, const char *db, struct tkit_diags *d);

struct cli_command {
        const char *name;
        const char *summary;
        int (*run)(int argc, char **argv); /* argv[0] is the command name */
        void (*help)(FILE *out);
};

#define CLI_COMMAND(name)                                                                          \
        int tkit_cmd_##name(int argc, char **argv);                                                \
        void tkit_help_##name(FILE *out);
CLI_COMMAND(import)
CLI_COMMAND(export)
CLI_COMMAND(list)
CLI_COMMAND(check)
CLI_COMMAND(diff)
CLI_COMMAND(simulate)
CLI_COMMAND(render)
CLI_COMMAND(bench)
CLI_COMMAND(scene)
CLI_COMMAND(score)
#undef CLI_COMMAND

const struct cli_command *cli_find_command(const char *name);
extern const struct cli_command cli_commands[];

#endif
