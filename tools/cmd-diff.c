/* PLACEHOLDER: replaced by the module that implements `tilekit diff`. */
#include "cli.h"

void tkit_help_diff(FILE *out)
{
        fprintf(out, "Usage: tilekit diff (not implemented yet)\n");
}

int tkit_cmd_diff(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("diff: not implemented yet");
}
