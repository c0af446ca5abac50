/* PLACEHOLDER: replaced by the module that implements `tilekit render`. */
#include "cli.h"

void tkit_help_render(FILE *out)
{
        fprintf(out, "Usage: tilekit render (not implemented yet)\n");
}

int tkit_cmd_render(int argc, char **argv)
{
        (void)argc;
        (void)argv;
        return cli_fail("render: not implemented yet");
}
