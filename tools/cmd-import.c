/* PLACEHOLDER: replaced by the module that implements `tilekit import`. */
#include "cli.h"

void tkit_help_import(FILE *out)
{
        fprintf(out, "Usage: tilekit import (not implemented yet)\n");
}

int tkit_cmd_import(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("import: not implemented yet");
}
