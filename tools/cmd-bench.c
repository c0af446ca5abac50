/* PLACEHOLDER: replaced by the module that implements `tilekit bench`. */
#include "cli.h"

void tkit_help_bench(FILE *out)
{
        fprintf(out, "Usage: tilekit bench (not implemented yet)\n");
}

int tkit_cmd_bench(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("bench: not implemented yet");
}
