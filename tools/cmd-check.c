/* tilekit check: run the rule catalogue on tile-set files, or on sets stored in a database. */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"

void tkit_help_check(FILE *out)
{
        fprintf(
            out,
            "Usage: tilekit check [OPTION...] [FILE...]\n"
            "Check tile data against the rules (docs/rules.md).\n"
            "\n"
            "With FILEs, reads them (tilekit XML or JCloisterZone <defs> XML) and checks every\n"
            "set they define, each with the others as companions (JCloisterZone references\n"
            "across files are resolved). Without FILEs, checks the sets stored in the\n"
            "database and stores the findings there.\n"
            "\n"
            "  --db FILE       database (default: $TILEKIT_DB or tilekit.db); with FILEs,\n"
            "                  the findings are stored there too\n"
            "  --set ID        check only this stored set (repeatable)\n"
            "  --format F      input format of FILEs: auto (default), tilekit, jcz\n"
            "  --json          findings as a JSON array on stdout\n"
            "  --werror        warnings count as errors for the exit status\n"
            "  --verbose       also notes (rules not applied to JCloisterZone data, why)\n"
            "  --list-rules    print the rule catalogue and exit (with --json: as JSON)\n"
            "  -h, --help      this help\n"
            "  --version       print the version\n"
            "\n"
            "Findings are printed as FILE:LINE: SEVERITY: [RULE] tile ID: message; a summary\n"
            "goes to stderr. A set id given twice (--set base,base, or the same set read\n"
            "from two files) is refused.\n"
            "\n"
            "Exit status: 0 no errors; 1 errors found, a missing set, a database error or a\n"
            "failed write; 2 usage error, or a file or database that cannot be opened or\n"
            "read (also a read-only database to store findings in).\n");
}

struct opts {
        const char *db;
        const char **sets;
        size_t nsets;
        enum tkit_format format;
        bool json, werror, verbose, list;
};

static int parse(int argc, char **argv, struct opts *o, bool *done, int *rc)
{
        enum { O_DB = 256, O_SET, O_FORMAT, O_JSON, O_WERROR, O_VERBOSE, O_LIST, O_VERSION };
        static const struct option longopts[] = {
            {"db", required_argument, NULL, O_DB},
            {"set", required_argument, NULL, O_SET},
            {"format", required_argument, NULL, O_FORMAT},
            {"json", no_argument, NULL, O_JSON},
            {"werror", no_argument, NULL, O_WERROR},
            {"verbose", no_argument, NULL, O_VERBOSE},
            {"list-rules", no_argument, NULL, O_LIST},
            {"help", no_argument, NULL, 'h'},
            {"version", no_argument, NULL, O_VERSION},
            {NULL, 0, NULL, 0},
        };
        int c, fmt;
        optind = 1;
        while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
                switch (c) {
                case O_DB:
                        o->db = optarg;
                        break;
                case O_SET:
                        o->sets = tkit_xrealloc(o->sets, (o->nsets + 1) * sizeof *o->sets);
                        o->sets[o->nsets++] = optarg;
                        break;
                case O_FORMAT:
                        fmt = tkit_format_parse(optarg);
                        if (fmt < 0)
                                return cli_usage_error("check", "unknown format '%s'", optarg);
                        o->format = (enum tkit_format)fmt;
                        break;
                case O_JSON:
                        o->json = true;
                        break;
                case O_WERROR:
                        o->werror = true;
                        break;
                case O_VERBOSE:
                        o->verbose = true;
                        break;
                case O_LIST:
                        o->list = true;
                        break;
                case 'h':
                        tkit_help_check(stdout);
                        *done = true;
                        return 0;
                case O_VERSION:
                        *done = true;
                        *rc = cli_version();
                        return 0;
                default:
                        return cli_usage_error("check", "bad option");
                }
        }
        return 0;
}

/* Stores the findings of the sets checked; the database is opened for writing only now, so that
 * checking itself never writes. */
static int store(const char *path, bool create, const struct tkit_setlist *l,
                 const struct tkit_diags *found, struct tkit_diags *d)
{
        struct tkit_db *db = NULL;
        int rc = tkit_db_open(path, create ? TKIT_DB_CREATE : 0, &db, d);
        if (rc == 0) {
                const char **ids = tkit_xcalloc(l->n ? l->n : 1, sizeof *ids);
                for (size_t i = 0; i < l->n; i++)
                        ids[i] = l->sets[i]->id;
                rc = tkit_db_store_findings(db, found, ids, l->n, d);
                free(ids);
        }
        tkit_db_close(db);
        return rc;
}

/* Counts findings as printed in text: one about a tile shared by several sets counts once. */
static void summary(const struct tkit_setlist *l, size_t errors, size_t warnings)
{
        long tiles = 0;
        for (size_t i = 0; i < l->n; i++)
                tiles += tkit_set_tile_total(l->sets[i]);
        cli_stdout_flush();
        fprintf(stderr, "tilekit check: %zu set%s, %ld tile%s: %zu error%s, %zu warning%s\n", l->n,
                l->n == 1 ? "" : "s", tiles, tiles == 1 ? "" : "s", errors, errors == 1 ? "" : "s",
                warnings, warnings == 1 ? "" : "s");
}

static bool same_str(const char *a, const char *b)
{
        return a == b || (a && b && strcmp(a, b) == 0);
}

/* The same finding about a tile that several sets share (JCloisterZone's basic:1 and basic:2)
 * prints once in text; JSON keeps every one, with its set. */
static bool repeated(const struct tkit_diags *d, size_t i)
{
        const struct tkit_diag *g = &d->v[i];
        for (size_t j = 0; j < i; j++) {
                const struct tkit_diag *h = &d->v[j];
                if (h->line == g->line && h->severity == g->severity &&
                    same_str(h->file, g->file) && same_str(h->rule, g->rule) &&
                    same_str(h->tile, g->tile) && same_str(h->message, g->message))
                        return true;
        }
        return false;
}

/* Notes are printed with --verbose only; counts the distinct errors and warnings. */
static void print(const struct tkit_diags *d, bool json, bool verbose, size_t *errors,
                  size_t *warnings)
{
        struct tkit_diags shown;
        tkit_diags_init(&shown);
        *errors = *warnings = 0;
        for (size_t i = 0; i < d->n; i++) {
                const struct tkit_diag *g = &d->v[i];
                bool again = repeated(d, i);
                if (!again) {
                        *errors += g->severity == TKIT_SEV_ERROR;
                        *warnings += g->severity == TKIT_SEV_WARNING;
                }
                if ((g->severity == TKIT_SEV_NOTE && !verbose) || (!json && again))
                        continue;
                tkit_diags_add(&shown, g->severity, g->file, g->line, g->rule, g->set, g->tile,
                               "%s", g->message);
        }
        tkit_diags_write(&shown, stdout, json);
        tkit_diags_finish(&shown);
}

static int run(struct opts *o, char **files, int nfiles)
{
        struct cli_sets cs;
        struct tkit_diags d, dbd;
        cli_sets_init(&cs);
        tkit_diags_init(&d);
        tkit_diags_init(&dbd);
        int status = TKIT_EXIT_OK;
        for (size_t i = 0; i < o->nsets && !status; i++)
                status = cli_sets_add_ids(&cs, "check", o->sets[i]);
        if (status)
                goto out;
        bool from_db = nfiles == 0;
        unsigned options = (o->verbose ? TKIT_CHECK_VERBOSE : 0) |
                           (from_db ? TKIT_CHECK_VALIDATE : 0); /* stored sets skipped the reader */
        /* Files that cannot be read are reported with the findings; the others are checked. */
        status = cli_sets_load(&cs, "check", (const char *const *)files, (size_t)nfiles, o->format,
                               o->db, from_db ? &dbd : &d);
        if (from_db && status == TKIT_EXIT_USAGE) {
                cli_print_diags(&dbd);
                goto out;
        }
        tkit_check_setlist(&cs.all, options, &d);
        size_t errors, warnings;
        print(&d, o->json, o->verbose, &errors, &warnings);
        if (from_db || o->db) { /* a read-only database: 2, as for import */
                int rc = store(o->db ? o->db : cli_default_db(), !from_db, &cs.all, &d, &dbd);
                status = status ? status : cli_exit_for(rc);
        }
        cli_print_diags(&dbd);
        summary(&cs.all, errors, warnings);
        if (!status && (d.errors || (o->werror && d.warnings)))
                status = TKIT_EXIT_FAIL;
out:
        tkit_diags_finish(&dbd);
        tkit_diags_finish(&d);
        cli_sets_finish(&cs);
        return status;
}

int tkit_cmd_check(int argc, char **argv)
{
        struct opts o = {0};
        bool done = false;
        int rc = 0, prc = parse(argc, argv, &o, &done, &rc);
        if (prc || done) {
                free(o.sets);
                return prc ? prc : rc;
        }
        if (o.list) {
                tkit_rules_write(stdout, o.json);
                free(o.sets);
                return TKIT_EXIT_OK;
        }
        if (o.nsets && optind < argc) {
                free(o.sets);
                return cli_usage_error("check", "--set selects stored sets: give FILEs or --set, "
                                                "not both");
        }
        rc = run(&o, argv + optind, argc - optind);
        free(o.sets);
        return rc;
}
