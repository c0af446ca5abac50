/* PLACEHOLDER: replaced by the module that implements `tilekit check`. */
#include "cli.h"

void tkit_help_check(FILE *out)
{
        fprintf(out, "Usage: tilekit check (not implemented yet)\n");
}

int tkit_cmd_check(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("check: not implemented yet");
}
