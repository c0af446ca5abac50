/* PLACEHOLDER: replaced by the module that implements `tilekit simulate`. */
#include "cli.h"

void tkit_help_simulate(FILE *out)
{
        fprintf(out, "Usage: tilekit simulate (not implemented yet)\n");
}

int tkit_cmd_simulate(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("simulate: not implemented yet");
}
