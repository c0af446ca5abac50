/* One option parser for every command, in the manner of git's parse-options: a command declares
 * its own options in a table (name, letter, whether it takes a value, a code) and the groups of
 * shared options it takes; cli_parse_options() runs getopt_long over the whole and
 * - handles the shared ones itself, the same way in every command: --help and --version
 *   (always), --db FILE, --tiles FILE..., --set IDS (with the groups below);
 * - hands every other option to the command's handler as (code, value);
 * - reports an unknown option or a missing value as a usage error (exit 2).
 * The same tables give the shell completion (cmd-completion.c) and tell -q/--quiet from an
 * option's value (progress.c), so a command's options are written down once. */
#ifndef TKIT_CLI_OPTIONS_H
#define TKIT_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"

/* struct cli_opt, one option of a command, is in cli.h (the command table holds them). */

/* The shared groups a command takes (struct cli_command's `groups`). */
enum {
        CLI_DB = 1 << 0,    /* --db FILE: the database (not "-") */
        CLI_TILES = 1 << 1, /* --tiles FILE, repeatable; "-t" unless the command uses the letter */
        CLI_SET = 1 << 2,   /* --set IDS, repeatable, comma lists add up; "-s" likewise */
        CLI_TILES_REST = 1 << 3, /* after --tiles, the operands are more tile files (a shell
                                    glob: --tiles a.xml b.xml) */
        /* a command that reads tile sets: from files, a database or the bundled files */
        CLI_NEEDS_SETS = CLI_DB | CLI_TILES | CLI_SET,
};

/* What the shared options gave. */
struct cli_common {
        const char *db;     /* --db, or NULL */
        const char **tiles; /* --tiles files (and the operands after them, CLI_TILES_REST) */
        size_t ntiles, captiles;
        struct cli_sets sets; /* --set ids (sets.ids); the command loads into it */
};
void cli_common_init(struct cli_common *com);
void cli_common_finish(struct cli_common *com);

/* A command's parse: its name (in the command table, which gives its groups; and for messages),
 * its own options (the table's `options`, or `options2` for a subcommand), and its handler, called
 * with each own option's code and value (NULL for none): 0 to go on, or an exit status. --help
 * prints `help`, or the command's help when NULL. */
struct cli_parser {
        const char *cmd;
        const struct cli_opt *opts;
        int (*on_option)(void *ctx, int code, const char *value);
        void *ctx;
        void (*help)(FILE *out);
};

/* The status of a parse that printed the help or the version: the command ends with exit 0. */
#define CLI_DONE (-1)

/* Parses argv[1..] (argv[0] is the command's name). Returns 0 with optind at the first operand,
 * CLI_DONE, or an exit status (2 after a usage error, or what the handler returned). */
int cli_parse_options(const struct cli_parser *p, int argc, char **argv, struct cli_common *com);

/* Every option a command takes, the shared ones included, each name once, in the order: the
 * command's own tables, then its groups, then --help and --version. Calls `fn` for each. */
void cli_each_option(const struct cli_command *c, void (*fn)(const struct cli_opt *o, void *ctx),
                     void *ctx);
/* The option of command `c` named by the argument `arg` ("--name" without "=", or "-x"), or NULL.
 */
const struct cli_opt *cli_find_option(const struct cli_command *c, const char *arg);

#endif
