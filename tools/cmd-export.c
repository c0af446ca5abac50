/* tilekit export: write a stored set as canonical tilekit XML. */
#include "cli.h"

#include <getopt.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"

void tkit_help_export(FILE *out)
{
        fprintf(
            out,
            "Usage: tilekit export [--db FILE] --set ID [-o FILE|-]\n"
            "\n"
            "Writes the stored set ID as canonical tilekit XML (docs/format.md): importing the\n"
            "output again gives the same set.\n"
            "\n"
            "Options:\n"
            "  --db FILE        the database (default: $TILEKIT_DB, else tilekit.db)\n"
            "  -s, --set ID     the set to write (see 'tilekit list sets')\n"
            "  -o, --output F   write to F instead of standard output ('-')\n"
            "  -h, --help       show this help\n"
            "  --version        show the version\n"
            "\n"
            "The output is written to a temporary file next to it and renamed when complete\n"
            "(tilekit(1), OUTPUT FILES); it must not be the database.\n"
            "\n"
            "Exit status: 0 written; 1 no such set, a database error or a failed write;\n"
            "2 bad usage or a database that cannot be opened.\n");
}

int tkit_cmd_export(int argc, char **argv)
{
        static const struct option longopts[] = {
            {"db", required_argument, NULL, 'd'},     {"set", required_argument, NULL, 's'},
            {"output", required_argument, NULL, 'o'}, {"help", no_argument, NULL, 'h'},
            {"version", no_argument, NULL, 'V'},      {NULL, 0, NULL, 0},
        };
        const char *dbpath = cli_default_db(), *set = NULL, *output = "-";
        int c;
        optind = 1;
        while ((c = getopt_long(argc, argv, "s:o:h", longopts, NULL)) != -1) {
                switch (c) {
                case 'd':
                        dbpath = optarg;
                        break;
                case 's':
                        if (cli_one_set("export", &set, optarg))
                                return TKIT_EXIT_USAGE;
                        break;
                case 'o':
                        output = optarg;
                        break;
                case 'h':
                        tkit_help_export(stdout);
                        return TKIT_EXIT_OK;
                case 'V':
                        return cli_version();
                default:
                        return cli_usage_error("export", "bad option");
                }
        }
        if (!set)
                return cli_usage_error("export", "--set ID is required");
        if (optind < argc)
                return cli_usage_error("export", "unexpected argument '%s'", argv[optind]);

        struct tkit_diags d;
        struct tkit_db *db = NULL;
        struct tkit_set *s = NULL;
        struct cli_inputs in = {0};
        int status, err;
        tkit_diags_init(&d);
        cli_inputs_add(&in, dbpath);
        if ((err = tkit_db_open(dbpath, TKIT_DB_READONLY, &db, &d)) == 0)
                err = tkit_db_load_set(db, set, &s, &d);
        status = cli_exit_for(err);
        cli_print_diags(&d);
        if (status == TKIT_EXIT_OK) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_native_write(s, &b);
                status = cli_output_buffer(output, &in, b.data, b.len);
                tkit_buf_finish(&b);
        }
        cli_inputs_finish(&in);
        tkit_set_destroy(s);
        tkit_db_close(db);
        tkit_diags_finish(&d);
        return status;
}
