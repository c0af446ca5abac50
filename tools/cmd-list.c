/* PLACEHOLDER: replaced by the module that implements `tilekit list`. */
#include "cli.h"

void tkit_help_list(FILE *out)
{
        fprintf(out, "Usage: tilekit list (not implemented yet)\n");
}

int tkit_cmd_list(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("list: not implemented yet");
}
