/* PLACEHOLDER: replaced by the module that implements `tilekit export`. */
#include "cli.h"

void tkit_help_export(FILE *out)
{
        fprintf(out, "Usage: tilekit export (not implemented yet)\n");
}

int tkit_cmd_export(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("export: not implemented yet");
}
