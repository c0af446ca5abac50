/* tilekit bench: how fast the simulator lays out complete games. */
#include "cli.h"
#include "options.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/tkit-formats.h"
#include "sim/tkit-sim.h"

void tkit_help_bench(FILE *out)
{
        fprintf(out,
                "Usage: tilekit bench [--dir DIR | --tiles FILE...] [--seconds S | --games N]\n"
                "                     [--only base|all] [--json]\n"
                "\n"
                "Measures the simulator on one core: complete layouts per second (with feature\n"
                "tracking and statistics), for the base set alone and for the base set with every\n"
                "other set given. Instructions per placement: run a fixed number of games under\n"
                "callgrind and divide its instruction count by the placements printed, e.g.\n"
                "  valgrind --tool=callgrind tilekit bench --games 2000 --only base\n"
                "\n"
                "Options:\n"
                "  --dir DIR        read DIR/*.xml (default: tilesets)\n"
                "  -t, --tiles F... read these tile-set files instead (repeat, or name more\n"
                "                   files after the options)\n"
                "  --base ID        the set that is the base game (default: base, else basic:1,\n"
                "                   else the first set read)\n"
                "  --seconds S      time per configuration (default 1)\n"
                "  --games N        run exactly N games per configuration instead of timing\n"
                "  --only WHICH     run only the 'base' or the 'all' configuration\n"
                "  --json           print the figures as JSON\n"
                "  -h, --help       show this help\n"
                "  --version        show the version\n"
                "\n"
                "Exit status: 0 ok; 1 invalid sets, no such --base set, or sets that cannot be\n"
                "simulated; 2 bad usage or files that cannot be opened or read.\n");
}

struct result {
        const char *name;
        long games, placements;
        double seconds;
};

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int measure(struct tkit_set **sets, size_t n, double seconds, long games, struct result *r,
                   struct tkit_diags *d)
{
        struct tkit_sim *sim = tkit_sim_create(sets, n, d);
        if (!sim)
                return -1;
        struct tkit_sim_options o;
        struct tkit_layout_stats st;
        tkit_sim_options_init(&o);
        double start = now(), t = start;
        r->games = r->placements = 0;
        while (games > 0 ? r->games < games : t - start < seconds) {
                /* check the clock every 64 games: reading it costs more than a placement */
                for (int i = 0; i < 64 && (games <= 0 || r->games < games); i++) {
                        o.seed = (uint64_t)r->games + 1;
                        tkit_sim_run(sim, &o, &st);
                        r->games++;
                        r->placements += st.placed;
                }
                t = now();
        }
        r->seconds = t - start;
        tkit_sim_destroy(sim);
        return 0;
}

/* The sets of --tiles, else of the *.xml files in --dir, read like every other command reads them
 * (cli_sets_load: JCloisterZone references linked across the files, a set defined twice refused).
 */
static int read_sets(const char *dir, const char **tiles, size_t ntiles, struct cli_sets *cs,
                     struct tkit_diags *d)
{
        glob_t g = {0};
        if (!ntiles) {
                char *pattern = tkit_xasprintf("%s/*.xml", dir);
                int rc = glob(pattern, 0, NULL, &g);
                free(pattern);
                if (rc != 0) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, dir, 0, NULL, NULL, NULL,
                                       "no tile-set files (*.xml) here");
                        globfree(&g);
                        return TKIT_EXIT_USAGE;
                }
                tiles = (const char **)g.gl_pathv;
                ntiles = g.gl_pathc;
        }
        int status = cli_sets_load(cs, "bench", tiles, ntiles, TKIT_FORMAT_AUTO, NULL, d);
        globfree(&g);
        return status;
}

static void report(const struct result *r, bool json, bool first)
{
        double lps = r->seconds > 0 ? (double)r->games / r->seconds : 0;
        double ns = r->placements ? r->seconds * 1e9 / (double)r->placements : 0;
        if (json)
                printf("%s\n  {\"config\": \"%s\", \"games\": %ld, \"placements\": %ld, "
                       "\"seconds\": %.3f, \"layouts_per_second\": %.0f, "
                       "\"ns_per_placement\": %.1f}",
                       first ? "[" : ",", r->name, r->games, r->placements, r->seconds, lps, ns);
        else
                printf("%-6s %10ld games %12ld placements %8.3f s %12.0f layouts/s %8.1f "
                       "ns/placement\n",
                       r->name, r->games, r->placements, r->seconds, lps, ns);
}

/* The options, also in the command table (cli.c) for shell completion. */
enum { O_DIR = 256, O_BASE, O_SECONDS, O_GAMES, O_ONLY, O_JSON };
/* The command's own options; --tiles, --help and --version are the shared ones (options.h). */
const struct cli_opt tkit_opts_bench[] = {
    {"dir", 0, true, O_DIR},
    {"base", 0, true, O_BASE},
    {"seconds", 0, true, O_SECONDS},
    {"games", 0, true, O_GAMES},
    {"only", 0, true, O_ONLY},
    {"json", 0, false, O_JSON},
    {NULL},
};

struct bench_args {
        struct cli_common com; /* --tiles */
        const char *dir, *base_id, *only;
        long seconds_ms, games;
        bool json;
};

/* One option into `a`: 0, or the exit status after the message. */
static int on_option(void *ctx, int code, const char *arg)
{
        struct bench_args *a = ctx;
        char *end;
        switch (code) {
        case O_DIR:
                a->dir = arg;
                return 0;
        case O_BASE:
                a->base_id = arg;
                return 0;
        case O_SECONDS: {
                double v = strtod(arg, &end);
                if (*end || !(v > 0 && v <= 3600))
                        return cli_usage_error("bench", "bad --seconds '%s'", arg);
                a->seconds_ms = (long)(v * 1000);
                return 0;
        }
        case O_GAMES:
                if (!cli_parse_long(arg, 1, 1000000000L, &a->games))
                        return cli_usage_error("bench", "bad --games '%s'", arg);
                return 0;
        case O_ONLY:
                if (strcmp(arg, "base") != 0 && strcmp(arg, "all") != 0)
                        return cli_usage_error("bench", "--only takes base or all");
                a->only = arg;
                return 0;
        default: /* O_JSON */
                a->json = true;
                return 0;
        }
}

/* The command line into `a`: 0 to go on, CLI_DONE, or the exit status. */
static int parse_args(struct bench_args *a, int argc, char **argv)
{
        struct cli_parser p = {"bench", tkit_opts_bench, on_option, a, NULL};
        int rc = cli_parse_options(&p, argc, argv, &a->com);
        if (rc == 0 && optind < argc) /* after --tiles, the operands are tile files too */
                return cli_usage_error("bench", "unexpected argument '%s'", argv[optind]);
        return rc;
}

/* The set the base measure plays: --base, else "base" or JCloisterZone's "basic:1", else the
 * first set read; NULL after an error when --base names no set. */
static struct tkit_set *pick_base(struct tkit_setlist *all, const char *base_id,
                                  struct tkit_diags *d)
{
        struct tkit_set *base = tkit_setlist_find(all, base_id ? base_id : "base");
        if (base_id) {
                if (!base)
                        tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, base_id, NULL,
                                       "no set '%s' in the files read", base_id);
                return base;
        }
        if (!base)
                base = tkit_setlist_find(all, "basic:1");
        return base ? base : all->sets[0];
}

/* The base set alone, then every set (the base first, then the others in file order), as
 * --only asks; 0, or TKIT_EXIT_FAIL when a measure failed. */
static int run_measures(const struct bench_args *a, struct tkit_setlist *all, struct tkit_set *base,
                        struct tkit_diags *d)
{
        bool first = true;
        double secs = (double)a->seconds_ms / 1000.0;
        int status = TKIT_EXIT_OK;
        if (!a->only || strcmp(a->only, "base") == 0) {
                struct result r = {"base", 0, 0, 0};
                if (measure(&base, 1, secs, a->games, &r, d) < 0)
                        return TKIT_EXIT_FAIL;
                report(&r, a->json, first);
                first = false;
        }
        if (!a->only || strcmp(a->only, "all") == 0) {
                struct tkit_set **v = tkit_xmalloc(all->n * sizeof(*v));
                size_t n = 0;
                v[n++] = base;
                for (size_t i = 0; i < all->n; i++)
                        if (all->sets[i] != base)
                                v[n++] = all->sets[i];
                struct result r = {"all", 0, 0, 0};
                if (measure(v, n, secs, a->games, &r, d) < 0)
                        status = TKIT_EXIT_FAIL;
                else
                        report(&r, a->json, first);
                first = false;
                free(v);
        }
        if (a->json && !first)
                printf("\n]\n");
        return status;
}

int tkit_cmd_bench(int argc, char **argv)
{
        struct bench_args a = {.dir = "tilesets", .seconds_ms = 1000};
        cli_common_init(&a.com);
        int status = parse_args(&a, argc, argv);
        if (status) {
                cli_common_finish(&a.com);
                return status == CLI_DONE ? TKIT_EXIT_OK : status;
        }
        struct tkit_diags d;
        struct cli_sets cs;
        tkit_diags_init(&d);
        cli_sets_init(&cs);
        status = read_sets(a.dir, a.com.tiles, a.com.ntiles, &cs, &d);
        struct tkit_set *base = NULL;
        if (!status && cs.all.n && !(base = pick_base(&cs.all, a.base_id, &d)))
                status = TKIT_EXIT_FAIL;
        if (!status && base)
                status = run_measures(&a, &cs.all, base, &d);
        cli_print_diags(&d);
        cli_sets_finish(&cs);
        tkit_diags_finish(&d);
        cli_common_finish(&a.com);
        return status;
}
