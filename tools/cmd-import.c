/* tilekit import: read tile-set files and store them, all in one transaction. */
#include "cli.h"
#include "options.h"
#include "progress.h"

#include <stdlib.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"

void tkit_help_import(FILE *out)
{
        fprintf(
            out,
            "Usage: tilekit import [--db FILE] [--format auto|tilekit|jcz] [--quiet] FILE...\n"
            "\n"
            "Reads tile-set files (tilekit XML or JCloisterZone XML) and stores every set they\n"
            "define in the database, replacing stored sets with the same id. All files are read\n"
            "first: if any has an error, nothing is imported. The import is one transaction:\n"
            "all sets or none.\n"
            "\n"
            "Options:\n"
            "  --db FILE        the database (default: $TILEKIT_DB, else tilekit.db); created\n"
            "                   when missing\n"
            "  --format FMT     auto (by root element, the default), tilekit or jcz\n"
            "  -q, --quiet      print nothing but diagnostics\n"
            "  -h, --help       show this help\n"
            "  --version        show the version\n"
            "\n"
            "A FILE of '-' is standard input.\n"
            "\n"
            "Exit status: 0 imported; 1 errors in the data or the database (nothing imported);\n"
            "2 bad usage, or a file or the database that cannot be opened or read (also a\n"
            "read-only database).\n");
}

struct import_opts {
        struct cli_common com; /* --db */
        enum tkit_format format;
};

enum { O_FORMAT = 256 };
/* The command's own options; --db, --help and --version are the shared ones (options.h). */
const struct cli_opt tkit_opts_import[] = {{"format", 0, true, O_FORMAT}, {NULL}};

static int on_option(void *ctx, int code, const char *arg)
{
        struct import_opts *o = ctx;
        int fmt = tkit_format_parse(arg);
        (void)code; /* O_FORMAT, the only one */
        if (fmt < 0)
                return cli_usage_error("import", "unknown format '%s'", arg);
        o->format = fmt;
        return 0;
}

/* 0 to go on, CLI_DONE, or an exit status. */
static int parse(int argc, char **argv, struct import_opts *o)
{
        o->format = TKIT_FORMAT_AUTO;
        struct cli_parser p = {"import", tkit_opts_import, on_option, o, NULL};
        int rc = cli_parse_options(&p, argc, argv, &o->com);
        if (rc == 0 && !o->com.db)
                o->com.db = cli_default_db();
        if (rc == 0 && optind >= argc)
                return cli_usage_error("import", "no file to import");
        return rc;
}

static void summary(const struct tkit_setlist *l, const char *db)
{
        int types = 0, tiles = 0;
        for (size_t i = 0; i < l->n; i++) {
                const struct tkit_set *s = l->sets[i];
                printf("%s: %zu tile types, %d tiles", s->id, s->ntiles, tkit_set_tile_total(s));
                if (s->npieces)
                        printf(", %zu piece%s", s->npieces, s->npieces == 1 ? "" : "s");
                printf(" (%s)\n", s->file ? s->file : "?");
                types += (int)s->ntiles;
                tiles += tkit_set_tile_total(s);
        }
        printf("imported %zu set%s, %d tile types, %d tiles into %s\n", l->n, l->n == 1 ? "" : "s",
               types, tiles, db);
}

int tkit_cmd_import(int argc, char **argv)
{
        struct import_opts o;
        cli_common_init(&o.com);
        int rc = parse(argc, argv, &o);
        const char *dbpath = o.com.db;
        cli_common_finish(&o.com);
        if (rc)
                return rc == CLI_DONE ? TKIT_EXIT_OK : rc;

        struct tkit_setlist sets;
        struct tkit_diags d;
        struct tkit_db *db = NULL;
        int status = TKIT_EXIT_OK;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        /* Read everything first, so that one bad file imports nothing and all errors show. */
        struct cli_progress pr;
        cli_progress_start(&pr, "reading files");
        status = cli_exit_for(cli_read_files_progress((const char *const *)(argv + optind),
                                                      (size_t)(argc - optind), o.format, &sets, &d,
                                                      &pr));
        cli_progress_end(&pr);
        if (status == TKIT_EXIT_OK && d.errors)
                status = TKIT_EXIT_FAIL;
        if (status == TKIT_EXIT_OK) {
                int err = tkit_db_open(dbpath, TKIT_DB_CREATE, &db, &d);
                if (err == 0)
                        err = tkit_db_import(db, &sets, &d);
                status = cli_exit_for(err);
        }
        cli_print_diags(&d);
        if (status == TKIT_EXIT_OK && !cli_quiet)
                summary(&sets, dbpath);
        else if (status != TKIT_EXIT_OK)
                fprintf(stderr, "tilekit import: nothing was imported\n");
        tkit_db_close(db);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&sets);
        return status;
}
