/* Shared bits of the `tilekit` command line: the command table, exit codes, option helpers.
 * Each subcommand lives in its own cmd-*.c file and only parses options and calls the library. */
#ifndef TKIT_CLI_H
#define TKIT_CLI_H

#include <stdbool.h>
#include <stdio.h>

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
#undef CLI_COMMAND

const struct cli_command *cli_find_command(const char *name);
extern const struct cli_command cli_commands[];

#endif
