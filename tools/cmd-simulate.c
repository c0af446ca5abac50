/* tilekit simulate: random legal layouts of tile sets, as JSON, statistics or database rows. */
#include "cli.h"
#include "options.h"
#include "progress.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "sim/tkit-sim.h"

void tkit_help_simulate(FILE *out)
{
        fprintf(out,
                "Usage: tilekit simulate [--db FILE] --set ID[,ID...] [options]\n"
                "       tilekit simulate --tiles FILE... [--set ID,...] [options]\n"
                "       tilekit simulate --tiles FILE... --verify LAYOUT.json\n"
                "\n"
                "Lays out random legal games of the given tile sets: the start tile (or the\n"
                "Siege & Defense fortress), the river first when its source is in play, then the\n"
                "shuffled bag, each tile at a legal place chosen uniformly at random; a tile that\n"
                "fits nowhere is discarded. The same seed gives the same layout on every machine.\n"
                "\n"
                "Options:\n"
                "  --db FILE        read the sets from this database (default: $TILEKIT_DB,\n"
                "                   else tilekit.db); also where --store writes\n"
                "  -s, --set IDS    sets to play, comma separated, e.g. basic:1,river/1:1\n"
                "                   (with --tiles: a selection of the sets in the files)\n"
                "  -t, --tiles F... read tile-set XML (native or JCloisterZone) instead of the\n"
                "                   database; repeat, or name more files after the options\n"
                "  --seed N         seed (default 1); with --count, games use N, N+1, ...\n"
                "  --players N      players, recorded in the layout (default 2)\n"
                "  -n, --count N    lay out N games and print statistics (mean, min, max)\n"
                "  --json FILE|-    write the layout (or, with --count, the statistics) as JSON\n"
                "                   (docs/layout-json.md)\n"
                "  --store          store every layout in the database (tables layouts,\n"
                "                   placements, discards)\n"
                "  --verify FILE    read a layout JSON and replay it against the sets: exit 1\n"
                "                   with diagnostics if any placement or discard is illegal\n"
                "  -h, --help       show this help\n"
                "  --version        show the version\n"
                "\n"
                "--json writes through a temporary file renamed when complete (tilekit(1),\n"
                "OUTPUT FILES); it must not name the database or a tile file.\n"
                "\n"
                "Exit status: 0 ok; 1 invalid data, a missing set, an illegal layout (--verify)\n"
                "or a failed write; 2 bad usage or a file that cannot be opened or read.\n");
}

struct simopts {
        struct cli_common com; /* --db, --tiles, --set: the ids asked for, then the sets in play */
        const char *dbpath;    /* --db, else the default */
        bool dbpath_given;
        uint64_t seed;
        long players, count;
        const char *json, *verify;
        bool store;
};

enum { O_SEED = 256, O_PLAYERS, O_JSON, O_STORE, O_VERIFY };
/* The command's own options; --db, --tiles, --set, --help and --version are the shared ones
 * (options.h). */
const struct cli_opt tkit_opts_simulate[] = {
    {"seed", 0, true, O_SEED},
    {"players", 0, true, O_PLAYERS},
    {"count", 'n', true, 'n'},
    {"json", 0, true, O_JSON},
    {"store", 0, false, O_STORE},
    {"verify", 0, true, O_VERIFY},
    {NULL},
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct simopts *o = ctx;
        switch (code) {
        case O_SEED:
                if (!cli_parse_u64(arg, &o->seed))
                        return cli_usage_error("simulate", "bad seed '%s'", arg);
                return 0;
        case O_PLAYERS:
                if (!cli_parse_long(arg, 1, 100, &o->players))
                        return cli_usage_error("simulate", "bad player count '%s'", arg);
                return 0;
        case 'n':
                if (!cli_parse_long(arg, 1, 1000000000L, &o->count))
                        return cli_usage_error("simulate", "bad count '%s'", arg);
                return 0;
        case O_JSON:
                o->json = arg;
                return 0;
        case O_STORE:
                o->store = true;
                return 0;
        default: /* O_VERIFY */
                o->verify = arg;
                return 0;
        }
}

/* 0, CLI_DONE or an exit status. */
static int parse_args(int argc, char **argv, struct simopts *o)
{
        struct cli_parser p = {"simulate", tkit_opts_simulate, on_option, o, NULL};
        int rc = cli_parse_options(&p, argc, argv, &o->com);
        if (rc)
                return rc;
        o->dbpath_given = o->com.db != NULL;
        o->dbpath = o->com.db ? o->com.db : cli_default_db();
        if (optind < argc)
                return cli_usage_error("simulate", "unexpected argument '%s'", argv[optind]);
        if (!o->com.ntiles && !o->com.sets.nids)
                return cli_usage_error("simulate", "give --set IDS (database) or --tiles FILE");
        if (o->store && o->verify)
                return cli_usage_error("simulate", "--store and --verify do not go together");
        return 0;
}

/* The files this run reads: an output must not be one of them. */
static void inputs(const struct simopts *o, struct cli_inputs *in)
{
        for (size_t i = 0; i < o->com.ntiles; i++)
                cli_inputs_add(in, o->com.tiles[i]);
        if (!o->com.ntiles || o->store || o->dbpath_given)
                cli_inputs_add(in, o->dbpath);
        cli_inputs_add(in, o->verify);
}

/* Reads the sets named on the command line (files or the database); opens the database for
 * writing when layouts are to be stored. */
static int load_sets(struct simopts *o, struct tkit_db **db, struct tkit_diags *d)
{
        struct cli_inputs in = {0};
        inputs(o, &in);
        int status = cli_inputs_stdin_once(&in, "simulate");
        cli_inputs_finish(&in);
        /* --store into a database not made yet, with no --tiles: no sets to read from it */
        if (status == TKIT_EXIT_OK && o->store && o->dbpath_given && !o->com.ntiles &&
            access(o->dbpath, F_OK) != 0)
                return cli_usage_error("simulate",
                                       "the database '%s' does not exist yet: import the sets "
                                       "first ('tilekit import --db %s FILE.xml...'), or give "
                                       "--tiles FILE.xml (the database is then created)",
                                       o->dbpath, o->dbpath);
        if (status == TKIT_EXIT_OK) /* without --db: found as every command finds sets */
                status = cli_sets_load(&o->com.sets, "simulate", o->com.tiles, o->com.ntiles,
                                       TKIT_FORMAT_AUTO, o->dbpath_given ? o->dbpath : NULL, d);
        if (status == TKIT_EXIT_OK && o->store)
                status = cli_exit_for(tkit_db_open(o->dbpath, TKIT_DB_CREATE, db, d));
        return status;
}

static void print_summary(const struct tkit_sim_summary *u)
{
        printf("%ld games\n%-22s %10s %6s %6s\n", u->games, "figure", "mean", "min", "max");
        for (int i = 0; i < TKIT_LAYOUT_NSTATS; i++)
                printf("%-22s %10.3f %6d %6d\n", tkit_layout_stats_name(i),
                       u->sum[i] / (double)u->games, u->min[i], u->max[i]);
}

static void print_layout(const struct tkit_layout *l)
{
        printf("seed %" PRIu64 ":", l->seed);
        for (int i = 0; i < TKIT_LAYOUT_NSTATS; i++)
                printf("%s %s %d", i ? "," : "", tkit_layout_stats_name(i),
                       tkit_layout_stats_value(&l->stats, i));
        putchar('\n');
}

/* Writes (and frees) the JSON in `b` to --json. */
static int write_json(const struct simopts *o, struct tkit_buf *b)
{
        struct cli_inputs in = {0};
        inputs(o, &in);
        int rc = cli_output_within(o->json, b->len, TKIT_LAYOUT_MAX_BYTES, tkit_sim_rule_id(TKIT_SR_JSON));
        if (rc == TKIT_EXIT_OK)
                rc = cli_output_buffer(o->json, &in, b->data, b->len);
        cli_inputs_finish(&in);
        tkit_buf_finish(b);
        return rc;
}

static int run_many(struct simopts *o, struct tkit_sim *sim, struct tkit_db *db,
                    struct tkit_diags *d)
{
        struct tkit_sim_summary u;
        struct tkit_sim_options so;
        tkit_sim_options_init(&so);
        so.players = (int)o->players;
        tkit_sim_summary_init(&u);
        struct cli_progress pr;
        cli_progress_start(&pr, o->store ? "storing layouts" : "games");
        if (o->store && tkit_db_begin(db, d) < 0)
                return TKIT_EXIT_FAIL;
        for (long i = 0; i < o->count; i++) {
                so.seed = o->seed + (uint64_t)i;
                struct tkit_layout_stats st;
                if (o->store) {
                        struct tkit_layout *l = tkit_sim_layout(sim, &so);
                        int err = tkit_layout_store(db, l, NULL, d);
                        st = l->stats;
                        tkit_layout_destroy(l);
                        if (err < 0) {
                                cli_progress_end(&pr);
                                tkit_db_rollback(db); /* SQLite may have ended it (a full disk) */
                                return TKIT_EXIT_FAIL;
                        }
                } else {
                        tkit_sim_run(sim, &so, &st);
                }
                tkit_sim_summary_add(&u, &st);
                cli_progress_step(&pr, (size_t)i + 1, (size_t)o->count);
        }
        cli_progress_end(&pr);
        if (o->store && tkit_db_commit(db, d) < 0)
                return TKIT_EXIT_FAIL;
        if (o->json) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_sim_summary_write_json(&u, &b);
                int rc = write_json(o, &b);
                if (rc || strcmp(o->json, "-") == 0)
                        return rc;
        }
        print_summary(&u);
        return TKIT_EXIT_OK;
}

static int run_one(struct simopts *o, struct tkit_sim *sim, struct tkit_db *db,
                   struct tkit_diags *d)
{
        struct tkit_sim_options so;
        tkit_sim_options_init(&so);
        so.seed = o->seed;
        so.players = (int)o->players;
        struct tkit_layout *l = tkit_sim_layout(sim, &so);
        int status = TKIT_EXIT_OK;
        int64_t id = 0;
        if (o->store && tkit_layout_store(db, l, &id, d) < 0)
                status = TKIT_EXIT_FAIL;
        if (o->json && status == TKIT_EXIT_OK) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_layout_write_json(l, &b);
                status = write_json(o, &b);
        }
        if (status == TKIT_EXIT_OK && (!o->json || strcmp(o->json, "-") != 0))
                print_layout(l);
        if (o->store && status == TKIT_EXIT_OK)
                fprintf(stderr, "stored as layout %" PRId64 " in %s\n", id, o->dbpath);
        tkit_layout_destroy(l);
        return status;
}

static int verify(struct simopts *o, struct tkit_set **play, size_t nplay, struct tkit_diags *d)
{
        int status;
        struct tkit_layout *l = cli_read_layout(o->verify, play, nplay, d, &status);
        if (!l)
                return status;
        printf("%s: %zu placements, %zu discards: legal\n",
               strcmp(o->verify, "-") == 0 ? "<stdin>" : o->verify, l->nplacements, l->ndiscards);
        tkit_layout_destroy(l);
        return TKIT_EXIT_OK;
}

int tkit_cmd_simulate(int argc, char **argv)
{
        struct simopts o = {0};
        cli_common_init(&o.com);
        o.seed = 1;
        o.players = 2;
        int status = parse_args(argc, argv, &o);
        struct tkit_diags d;
        struct tkit_db *db = NULL;
        struct tkit_sim *sim = NULL;
        tkit_diags_init(&d);
        if (status != 0) {
                status = status == CLI_DONE ? TKIT_EXIT_OK : status;
                goto out;
        }
        if (o.json) { /* before anything is read or stored */
                struct cli_inputs in = {0};
                inputs(&o, &in);
                status = cli_output_check(o.json, &in);
                cli_inputs_finish(&in);
                if (status)
                        goto out;
        }
        if ((status = load_sets(&o, &db, &d)) != 0)
                goto out;
        struct tkit_set **play = o.com.sets.sel;
        size_t nplay = o.com.sets.nsel;
        if (o.verify) {
                status = verify(&o, play, nplay, &d);
                goto out;
        }
        if (!(sim = tkit_sim_create(play, nplay, &d))) {
                status = TKIT_EXIT_FAIL;
                goto out;
        }
        status = o.count ? run_many(&o, sim, db, &d) : run_one(&o, sim, db, &d);
out:
        cli_print_diags(&d);
        tkit_sim_destroy(sim);
        cli_common_finish(&o.com);
        tkit_db_close(db);
        tkit_diags_finish(&d);
        return status;
}
