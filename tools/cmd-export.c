/* tilekit export: write a stored set as canonical tilekit XML, or sets as JCloisterZone XML. */
#include "cli.h"
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"

void tkit_help_export(FILE *out)
{
        fprintf(
            out,
            "Usage: tilekit export [--db FILE] --set ID [-o FILE|-]\n"
            "       tilekit export --format jcz [--werror] [--db FILE] --set ID... [-o FILE|-]\n"
            "       tilekit export [--format F] [--werror] --tiles FILE... [--set ID...] [-o F]\n"
            "\n"
            "Writes the stored set ID as canonical tilekit XML (docs/format.md): importing the\n"
            "output again gives the same set. With --format jcz, writes the sets as one\n"
            "JCloisterZone <defs> file, to play them there; what JCloisterZone cannot express\n"
            "(siege symbols, pieces, road ends, names, provenance, ...) is reported per tile as\n"
            "a warning [JCZ-LOSSY] naming what was left out.\n"
            "\n"
            "Options:\n"
            "  --db FILE        the database (default: $TILEKIT_DB, else tilekit.db)\n"
            "  -s, --set ID     the set to write (see 'tilekit list sets'); with --format jcz\n"
            "                   repeatable, or a list 'a,b' (with --tiles: default all sets)\n"
            "  -t, --tiles F... read the sets from tile-set XML files instead of the database\n"
            "  -f, --format F   tilekit (default) or jcz (JCloisterZone)\n"
            "  --werror         treat warnings as errors: nothing is written, exit status 1\n"
            "  -o, --output F   write to F instead of standard output ('-')\n"
            "  -h, --help       show this help\n"
            "  --version        show the version\n"
            "\n"
            "The output is written to a temporary file next to it and renamed when complete\n"
            "(tilekit(1), OUTPUT FILES); it must not be one of the inputs.\n"
            "\n"
            "Exit status: 0 written; 1 no such set, invalid data, a database error, a failed\n"
            "write or (with --werror) a warning; 2 bad usage or a file that cannot be opened.\n");
}

struct export_opts {
        struct cli_common com; /* --db, --tiles, --set */
        const char *output;
        enum tkit_format fmt;
        bool werror;
};

/* --werror: every warning becomes an error, as a compiler's -Werror does. */
static int apply_werror(struct tkit_diags *d)
{
        int n = 0;
        for (size_t i = 0; i < d->n; i++)
                if (d->v[i].severity == TKIT_SEV_WARNING) {
                        d->v[i].severity = TKIT_SEV_ERROR;
                        n++;
                }
        d->errors += (size_t)n;
        d->warnings -= (size_t)n;
        return n;
}

/* Writes the document through the output helper, which refuses to replace one of the inputs. */
static int write_output(const struct export_opts *o, const char *dbpath, const char *output,
                        const struct tkit_buf *b)
{
        struct cli_inputs in = {0};
        if (o->com.ntiles)
                for (size_t i = 0; i < o->com.ntiles; i++)
                        cli_inputs_add(&in, o->com.tiles[i]);
        else
                cli_inputs_add(&in, dbpath ? dbpath : cli_default_db());
        int status = cli_output_buffer(output, &in, b->data ? b->data : "", b->len);
        cli_inputs_finish(&in);
        return status;
}

/* Loads the sets (files or database) and writes them in the chosen format. */
static int export_sets(struct export_opts *o, const char *dbpath, const char *output)
{
        struct tkit_diags d;
        struct tkit_buf b;
        tkit_diags_init(&d);
        tkit_buf_init(&b);
        int status = cli_sets_load(&o->com.sets, "export", o->com.tiles, o->com.ntiles,
                                   TKIT_FORMAT_AUTO, dbpath, &d);
        if (status != TKIT_EXIT_OK)
                goto out;
        if (o->fmt != TKIT_FORMAT_JCZ && o->com.sets.nsel != 1) {
                status = cli_usage_error("export",
                                         "the tilekit format holds one set, not %zu; "
                                         "choose one with --set, or use --format jcz",
                                         o->com.sets.nsel);
                goto out;
        }
        int rc = 0;
        if (o->fmt == TKIT_FORMAT_JCZ)
                rc = tkit_jcz_write((const struct tkit_set *const *)o->com.sets.sel,
                                    o->com.sets.nsel, &b, &d);
        else
                tkit_native_write(o->com.sets.sel[0], &b);
        int promoted = rc >= 0 && o->werror ? apply_werror(&d) : 0;
        if (promoted)
                tkit_diags_add(&d, TKIT_SEV_ERROR, output, 0, NULL, NULL, NULL,
                               "not written: %d warning%s treated as error%s (--werror)", promoted,
                               promoted > 1 ? "s" : "", promoted > 1 ? "s" : "");
        if (rc < 0 || promoted) {
                status = TKIT_EXIT_FAIL;
        }
out:
        cli_print_diags(&d);
        if (status == TKIT_EXIT_OK) /* what the readers take: JCloisterZone's checks itself */
                status = cli_output_within(output, b.len, TKIT_MAX_INPUT_BYTES,
                                           tkit_read_rule_id(TKIT_RR_XML_LIMIT));
        if (status == TKIT_EXIT_OK)
                status = write_output(o, dbpath, output, &b);
        tkit_buf_finish(&b);
        tkit_diags_finish(&d);
        return status;
}

enum { O_WERROR = 256 };
/* The command's own options; --db, --tiles, --set, --help and --version are the shared ones
 * (options.h). */
const struct cli_opt tkit_opts_export[] = {
    {"output", 'o', true, 'o'},
    {"format", 'f', true, 'f'},
    {"werror", 0, false, O_WERROR},
    {NULL},
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct export_opts *o = ctx;
        int f;
        switch (code) {
        case 'o':
                o->output = arg;
                return 0;
        case 'f':
                f = tkit_format_parse(arg);
                if (f != TKIT_FORMAT_NATIVE && f != TKIT_FORMAT_JCZ)
                        return cli_usage_error("export", "unknown format '%s'", arg);
                o->fmt = (enum tkit_format)f;
                return 0;
        default: /* O_WERROR */
                o->werror = true;
                return 0;
        }
}

int tkit_cmd_export(int argc, char **argv)
{
        struct export_opts o = {.fmt = TKIT_FORMAT_NATIVE, .output = "-"};
        cli_common_init(&o.com);
        struct cli_parser p = {"export", tkit_opts_export, on_option, &o, NULL};
        int status = cli_parse_options(&p, argc, argv, &o.com);
        if (status == 0 && !o.com.sets.nids && !o.com.ntiles)
                status = cli_usage_error("export", "--set ID is required");
        else if (status == 0 && optind < argc)
                status = cli_usage_error("export", "unexpected argument '%s'", argv[optind]);
        else if (status == 0)
                status = export_sets(&o, o.com.db, o.output);
        cli_common_finish(&o.com);
        return status == CLI_DONE ? TKIT_EXIT_OK : status;
}
