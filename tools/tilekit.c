/* tilekit: the command-line front end. Dispatches to one cmd-*.c file per subcommand. */
#include "cli.h"
#include "progress.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out)
{
        fprintf(out, "Usage: tilekit COMMAND [OPTIONS] [ARGS]\n\n"
                     "Tile sets for Carcassonne-style games: import, check, simulate, render.\n\n"
                     "Commands:\n");
        for (const struct cli_command *c = cli_commands; c->name; c++)
                fprintf(out, "  %-10s %s\n", c->name, c->summary);
        fprintf(out, "  %-10s %s\n", "help", "show the help of a command");
        fprintf(out, "\nRun 'tilekit help COMMAND' or 'tilekit COMMAND --help' for details.\n"
                     "-q, --quiet (with any command): no progress lines on the terminal.\n"
                     "Exit status: 0 ok; 1 the data is wrong (findings, a missing set, an illegal\n"
                     "layout) or an output cannot be written; 2 usage errors and inputs that\n"
                     "cannot be opened or read.\n");
}

static int help(int argc, char **argv)
{
        if (argc < 2) {
                usage(stdout);
                return TKIT_EXIT_OK;
        }
        const struct cli_command *c = cli_find_command(argv[1]);
        if (!c) {
                char *shown = cli_shown(argv[1], 200);
                fprintf(stderr, "tilekit help: no command '%s'\n", shown);
                free(shown);
                return TKIT_EXIT_USAGE;
        }
        c->help(stdout);
        return TKIT_EXIT_OK;
}

static int run(int argc, char **argv)
{
        if (argc < 2) {
                usage(stderr);
                return TKIT_EXIT_USAGE;
        }
        const char *name = argv[1];
        if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
                usage(stdout);
                return TKIT_EXIT_OK;
        }
        if (strcmp(name, "--version") == 0)
                return cli_version();
        if (strcmp(name, "help") == 0)
                return help(argc - 1, argv + 1);
        const struct cli_command *c = cli_find_command(name);
        if (!c) {
                char *shown = cli_shown(name, 200);
                fprintf(stderr, "tilekit: '%s' is not a command. See 'tilekit --help'.\n", shown);
                free(shown);
                return TKIT_EXIT_USAGE;
        }
        return c->run(argc - 1, argv + 1);
}

/* Every write to stdout is checked, for every command, here: a failed write or final flush turns
 * exit status 0 into 1 with "<stdout>: error: cannot write: ..." (tools/output.c). */
int main(int argc, char **argv)
{
        opterr = 0; /* getopt would quote a bad argument raw: cli_bad_option() says it */
        cli_take_quiet(&argc, argv); /* -q/--quiet, for every command (progress.h) */
        cli_stdout_init();
        return cli_stdout_finish(run(argc, argv));
}
