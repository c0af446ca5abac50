/* tilekit diff: compare two tile sets type by type, up to rotation. */
#include "cli.h"
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"

void tkit_help_diff(FILE *out)
{
        fprintf(out,
                "Usage: tilekit diff [OPTION...] A B\n"
                "Compare two tile sets type by type: tile types are matched up to rotation, and\n"
                "the report lists types with different counts, types that differ (sides,\n"
                "features, field-city links, pennants, symbols, illustrations), and types only\n"
                "in A (missing from B) or only in B (extra).\n"
                "\n"
                "A and B are each:\n"
                "  FILE            a tile-set file defining one set (tilekit or JCloisterZone)\n"
                "  FILE#SET        set SET of a file defining several (basic.xml#basic:1)\n"
                "  db:SET          set SET stored in the database\n"
                "\n"
                "  --db FILE       database for db:SET (default: $TILEKIT_DB or tilekit.db)\n"
                "  --format F      input format of FILEs: auto (default), tilekit, jcz\n"
                "  --markers       also compare markers (JCloisterZone extras)\n"
                "  --json          the report as one JSON object on stdout\n"
                "  -h, --help      this help\n"
                "  --version       print the version\n"
                "\n"
                "Road ends and junction flags are ignored when either set comes from\n"
                "JCloisterZone data, which does not state them. A FILE of '-' is standard input.\n"
                "\n"
                "Exit status: 0 the sets are the same; 1 they differ, invalid data, no such set\n"
                "or a failed write; 2 usage error (also a file of several sets without #SET) or a\n"
                "file or database that cannot be opened or read.\n");
}

struct side {
        struct tkit_setlist files; /* what was read for it */
        struct tkit_set *owned;    /* loaded from the database */
        const struct tkit_set *set;
};

/* Loads one operand; returns 0, 1 (invalid, no such set) or 2 (cannot read, a file of several
 * sets without #SET). */
static int load(const char *arg, const char *dbpath, enum tkit_format fmt, struct side *s,
                struct tkit_diags *d)
{
        tkit_setlist_init(&s->files);
        if (strncmp(arg, "db:", 3) == 0) {
                struct tkit_db *db = NULL;
                int rc = tkit_db_open(dbpath ? dbpath : cli_default_db(), TKIT_DB_READONLY, &db, d);
                if (rc == 0)
                        rc = tkit_db_load_set(db, arg + 3, &s->owned, d);
                tkit_db_close(db);
                s->set = s->owned;
                return cli_exit_for(rc);
        }
        const char *hash = strrchr(arg, '#');
        char *path = hash ? tkit_xstrndup(arg, (size_t)(hash - arg)) : tkit_xstrdup(arg);
        if (hash)
                hash++;
        int rc = cli_read_files((const char *const *)&path, 1, fmt, &s->files, d);
        free(path);
        if (rc < 0)
                return cli_exit_for(rc);
        if (hash) {
                s->set = tkit_setlist_find(&s->files, hash);
                if (!s->set) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, arg, 0, NULL, NULL, NULL,
                                       "no set '%s' in this file", hash);
                        return TKIT_EXIT_FAIL;
                }
                return 0;
        }
        if (s->files.n != 1) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (size_t i = 0; i < s->files.n; i++)
                        tkit_buf_printf(&b, " %s", s->files.sets[i]->id);
                tkit_diags_add(d, TKIT_SEV_ERROR, arg, 0, NULL, NULL, NULL,
                               "the file defines %zu sets; choose one with FILE#SET:%s", s->files.n,
                               b.data ? b.data : "");
                tkit_buf_finish(&b);
                return 2;
        }
        s->set = s->files.sets[0];
        return 0;
}

static void side_finish(struct side *s)
{
        tkit_setlist_finish(&s->files);
        tkit_set_destroy(s->owned);
}

static void print_json(const struct tkit_set *a, const struct tkit_set *b,
                       const struct tkit_set_diff *r)
{
        struct tkit_buf o;
        tkit_buf_init(&o);
        tkit_buf_puts(&o, "{\"a\": ");
        tkit_json_string(&o, a->id);
        tkit_buf_puts(&o, ", \"b\": ");
        tkit_json_string(&o, b->id);
        tkit_buf_printf(&o, ", \"same\": %d, \"items\": [", r->same);
        for (size_t i = 0; i < r->n; i++) {
                const struct tkit_diff_item *it = &r->v[i];
                tkit_buf_printf(&o, "%s{\"kind\": \"%s\", \"a\": ", i ? ",\n  " : "\n  ",
                                tkit_diff_kind_name(it->kind));
                if (it->a)
                        tkit_json_string(&o, it->a->id);
                else
                        tkit_buf_puts(&o, "null");
                tkit_buf_puts(&o, ", \"b\": ");
                if (it->b)
                        tkit_json_string(&o, it->b->id);
                else
                        tkit_buf_puts(&o, "null");
                tkit_buf_printf(&o, ", \"count_a\": %d, \"count_b\": %d, \"what\": ",
                                it->a ? it->a->count : 0, it->b ? it->b->count : 0);
                tkit_json_string(&o, it->what);
                tkit_buf_puts(&o, "}");
        }
        tkit_buf_puts(&o, "]}\n");
        fputs(o.data, stdout);
        tkit_buf_finish(&o);
}

static void print_text(const struct tkit_set_diff *r)
{
        for (size_t i = 0; i < r->n; i++) {
                const struct tkit_diff_item *it = &r->v[i];
                if (it->a && it->b)
                        printf("%s %s %s: %s\n", tkit_diff_kind_name(it->kind), it->a->id,
                               it->b->id, it->what);
                else
                        printf("%s %s: %s\n", tkit_diff_kind_name(it->kind),
                               it->a ? it->a->id : it->b->id, it->what);
        }
}

static bool is_jcz(const struct tkit_set *s)
{
        return s->source_format && strcmp(s->source_format, "jcz") == 0;
}

enum { O_FORMAT = 256, O_JSON, O_MARKERS };
/* The command's own options; --db, --help and --version are the shared ones (options.h). */
const struct cli_opt tkit_opts_diff[] = {
    {"format", 0, true, O_FORMAT},
    {"json", 0, false, O_JSON},
    {"markers", 0, false, O_MARKERS},
    {NULL},
};

struct diff_opts {
        struct cli_common com; /* --db */
        enum tkit_format fmt;
        bool json;
        unsigned flags;
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct diff_opts *o = ctx;
        int f;
        switch (code) {
        case O_FORMAT:
                f = tkit_format_parse(arg);
                if (f < 0)
                        return cli_usage_error("diff", "unknown format '%s'", arg);
                o->fmt = (enum tkit_format)f;
                return 0;
        case O_JSON:
                o->json = true;
                return 0;
        default: /* O_MARKERS */
                o->flags |= TKIT_SAME_MARKERS;
                return 0;
        }
}

/* Compares the two sets named by the operands. */
static int compare(struct diff_opts *o, int argc, char **argv)
{
        const char *db = o->com.db;
        enum tkit_format fmt = o->fmt;
        bool json = o->json;
        unsigned flags = o->flags;
        if (argc - optind != 2)
                return cli_usage_error("diff", "expected two sets to compare, A and B");
        struct side a = {0}, b = {0};
        struct tkit_diags d;
        tkit_diags_init(&d);
        if (strcmp(argv[optind], "-") == 0 && strcmp(argv[optind + 1], "-") == 0)
                return cli_usage_error("diff", "standard input ('-') is named 2 times; it can be "
                                               "read only once");
        int ra = load(argv[optind], db, fmt, &a, &d);
        int rb = load(argv[optind + 1], db, fmt, &b, &d);
        int status;
        if (ra || rb) {
                cli_print_diags(&d);
                status = ra > rb ? ra : rb;
                goto out;
        }
        if (is_jcz(a.set) || is_jcz(b.set))
                flags |= TKIT_SAME_IGNORE_ENDS;
        struct tkit_set_diff r;
        tkit_set_diff_init(&r);
        tkit_set_compare(a.set, b.set, flags, &r);
        if (json)
                print_json(a.set, b.set, &r);
        else
                print_text(&r);
        int by[TKIT_DIFF_KIND_COUNT] = {0};
        for (size_t i = 0; i < r.n; i++)
                by[r.v[i].kind]++;
        cli_stdout_flush();
        fprintf(stderr,
                "tilekit diff: %s vs %s: %d same, %d with other counts, %d changed, %d different, "
                "%d only in A, %d only in B\n",
                a.set->id, b.set->id, r.same, by[TKIT_DIFF_COUNT], by[TKIT_DIFF_CHANGED],
                by[TKIT_DIFF_DIFFERENT], by[TKIT_DIFF_MISSING], by[TKIT_DIFF_EXTRA]);
        status = r.n ? TKIT_EXIT_FAIL : TKIT_EXIT_OK;
        tkit_set_diff_finish(&r);
out:
        tkit_diags_finish(&d);
        side_finish(&a);
        side_finish(&b);
        return status;
}

int tkit_cmd_diff(int argc, char **argv)
{
        struct diff_opts o = {.fmt = TKIT_FORMAT_AUTO};
        cli_common_init(&o.com);
        struct cli_parser p = {"diff", tkit_opts_diff, on_option, &o, NULL};
        int rc = cli_parse_options(&p, argc, argv, &o.com);
        if (rc == 0)
                rc = compare(&o, argc, argv);
        cli_common_finish(&o.com);
        return rc == CLI_DONE ? TKIT_EXIT_OK : rc;
}
