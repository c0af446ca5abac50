#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct cli_command cli_commands[] = {
    {"import", "read tile-set XML files into the database", tkit_cmd_import, tkit_help_import},
    {"export", "write a set from the database as canonical XML", tkit_cmd_export, tkit_help_export},
    {"list", "list the sets or tiles in the database", tkit_cmd_list, tkit_help_list},
    {"check", "check tile data against the rules", tkit_cmd_check, tkit_help_check},
    {"diff", "compare two tile sets type by type", tkit_cmd_diff, tkit_help_diff},
    {"simulate", "lay out random legal games", tkit_cmd_simulate, tkit_help_simulate},
    {"render", "draw tiles, reference sheets and boards", tkit_cmd_render, tkit_help_render},
    {"bench", "measure the speed of the simulator and checker", tkit_cmd_bench, tkit_help_bench},
    {NULL, NULL, NULL, NULL},
};

const struct cli_command *cli_find_command(const char *name)
{
        for (const struct cli_command *c = cli_commands; c->name; c++)
                if (strcmp(c->name, name) == 0)
                        return c;
        return NULL;
}

const char *cli_default_db(void)
{
        const char *env = getenv("TILEKIT_DB");
        return env && *env ? env : "tilekit.db";
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
        va_list ap;
        fprintf(stderr, "tilekit %s: ", cmd);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fprintf(stderr, "\nTry 'tilekit %s --help'.\n", cmd);
        return TKIT_EXIT_USAGE;
}

int cli_fail(const char *fmt, ...)
{
        va_list ap;
        fprintf(stderr, "tilekit: ");
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
        return TKIT_EXIT_FAIL;
}

void cli_print_diags(const struct tkit_diags *d)
{
        tkit_diags_write(d, stderr, false);
}

bool cli_parse_long(const char *s, long min, long max, long *out)
{
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (errno || end == s || *end || v < min || v > max)
                return false;
        *out = v;
        return true;
}

int cli_exit_for(int err)
{
        if (err >= 0)
                return TKIT_EXIT_OK;
        return err == TKIT_E_IO || err == TKIT_E_NOTFOUND ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
}

int cli_version(void)
{
        printf("tilekit %s\n", TKIT_VERSION);
        return TKIT_EXIT_OK;
}
