/* The one option parser of the commands (options.h). */
#include "options.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "model/tkit-model.h"

/* The codes of the shared options: above every command's own (which are letters or 256 + n). */
enum { O_DB = 0x10000, O_TILES, O_SET, O_HELP, O_VERSION };

static const struct cli_opt shared_db = {"db", 0, true, O_DB};
static const struct cli_opt shared_tiles = {"tiles", 't', true, O_TILES};
static const struct cli_opt shared_set = {"set", 's', true, O_SET};
static const struct cli_opt shared_help = {"help", 'h', false, O_HELP};
static const struct cli_opt shared_version = {"version", 0, false, O_VERSION};

void cli_common_init(struct cli_common *com)
{
        memset(com, 0, sizeof *com);
        cli_sets_init(&com->sets);
}

void cli_common_finish(struct cli_common *com)
{
        free(com->tiles);
        cli_sets_finish(&com->sets);
}

static bool letter_taken(const struct cli_opt *const *tables, size_t ntables, char letter)
{
        for (size_t t = 0; t < ntables; t++)
                for (const struct cli_opt *o = tables[t]; o && o->name; o++)
                        if (o->letter == letter)
                                return true;
        return false;
}

static bool name_taken(const struct cli_opt *const *tables, size_t ntables, const char *name)
{
        for (size_t t = 0; t < ntables; t++)
                for (const struct cli_opt *o = tables[t]; o && o->name; o++)
                        if (strcmp(o->name, name) == 0)
                                return true;
        return false;
}

/* The whole option list of a command: its tables (a second one may repeat names of the first),
 * then the shared ones of its groups, then --help and --version. A shared option loses its
 * letter when the command uses that letter for an option of its own (list: -t is --tile).
 * Calls `fn` with each, a copy when the letter was dropped. */
static void each(const struct cli_opt *const *tables, size_t ntables, unsigned groups,
                 void (*fn)(const struct cli_opt *o, void *ctx), void *ctx)
{
        for (size_t t = 0; t < ntables; t++)
                for (const struct cli_opt *o = tables[t]; o && o->name; o++)
                        if (!name_taken(tables, t, o->name))
                                fn(o, ctx);
        const struct cli_opt *shared[] = {
            groups & CLI_DB ? &shared_db : NULL,
            groups & CLI_TILES ? &shared_tiles : NULL,
            groups & CLI_SET ? &shared_set : NULL,
            &shared_help,
            &shared_version,
        };
        for (size_t i = 0; i < sizeof shared / sizeof *shared; i++) {
                if (!shared[i])
                        continue;
                struct cli_opt o = *shared[i];
                if (o.letter && letter_taken(tables, ntables, o.letter))
                        o.letter = 0;
                fn(&o, ctx);
        }
}

void cli_each_option(const struct cli_command *c, void (*fn)(const struct cli_opt *o, void *ctx),
                     void *ctx)
{
        const struct cli_opt *tables[] = {c->options, c->options2};
        each(tables, 2, c->groups, fn, ctx);
}

struct find {
        const char *arg;
        const struct cli_opt *found;
        struct cli_opt copy;
};

static void find_one(const struct cli_opt *o, void *ctx)
{
        struct find *f = ctx;
        const char *a = f->arg;
        bool hit = a[1] == '-' ? strcmp(o->name, a + 2) == 0 : o->letter && o->letter == a[1];
        if (hit && !f->found) {
                f->copy = *o;
                f->found = &f->copy;
        }
}

const struct cli_opt *cli_find_option(const struct cli_command *c, const char *arg)
{
        static struct find f; /* one answer at a time: the caller reads it before the next */
        bool lng = strncmp(arg, "--", 2) == 0 && arg[2] && !strchr(arg, '=');
        bool shrt = arg[0] == '-' && arg[1] && arg[1] != '-' && !arg[2];
        if (!c || (!lng && !shrt))
                return NULL;
        f = (struct find){.arg = arg};
        cli_each_option(c, find_one, &f);
        return f.found;
}

/* getopt_long's tables, made from a command's options. */
struct table {
        struct option *longopts;
        size_t n, cap;
        char *shortopts; /* "o:h": room for every letter, a ':' each, and the NUL */
        size_t ns;
        int by_letter[128]; /* the code of each short option */
};

static void add_one(const struct cli_opt *o, void *ctx)
{
        struct table *t = ctx;
        *TKIT_PUSH(t->longopts, t->n, t->cap) =
            (struct option){o->name, o->value ? required_argument : no_argument, NULL, o->code};
        if (o->letter) {
                t->by_letter[(unsigned char)o->letter & 127] = o->code;
                t->shortopts[t->ns++] = o->letter;
                if (o->value)
                        t->shortopts[t->ns++] = ':';
        }
}

static void table_make(struct table *t, const struct cli_parser *p, unsigned groups)
{
        size_t n = 5;
        for (const struct cli_opt *o = p->opts; o && o->name; o++) {
                /* a code below 256 is a letter getopt may return for -x: it must be the
                 * option's own letter, or -x and --name would be told apart wrongly */
                if (o->code < 256 && o->code != o->letter) {
                        fprintf(stderr, "tilekit %s: option table: --%s has code %d\n", p->cmd,
                                o->name, o->code);
                        abort();
                }
                n++;
        }
        memset(t, 0, sizeof *t);
        t->shortopts = tkit_xcalloc(2 * n + 1, 1);
        const struct cli_opt *tables[] = {p->opts};
        each(tables, 1, groups, add_one, t);
        *TKIT_PUSH(t->longopts, t->n, t->cap) = (struct option){NULL, 0, NULL, 0};
}

static int shared_option(const struct cli_parser *p, int code, const char *arg,
                         struct cli_common *com)
{
        switch (code) {
        case O_DB:
                return cli_db_option(p->cmd, &com->db, arg);
        case O_TILES:
                *TKIT_PUSH(com->tiles, com->ntiles, com->captiles) = arg;
                return 0;
        case O_SET:
                return cli_sets_add_ids(&com->sets, p->cmd, arg);
        case O_HELP:
                if (p->help)
                        p->help(stdout);
                else
                        cli_find_command(p->cmd)->help(stdout);
                return CLI_DONE;
        default: /* O_VERSION */
                cli_version();
                return CLI_DONE;
        }
}

int cli_parse_options(const struct cli_parser *p, int argc, char **argv, struct cli_common *com)
{
        const struct cli_command *cmd = cli_find_command(p->cmd);
        unsigned groups = cmd->groups;
        struct table t;
        table_make(&t, p, groups);
        int c, rc = 0;
        optind = 0; /* glibc: start afresh, whatever a parse before left */
        while (rc == 0 && (c = getopt_long(argc, argv, t.shortopts, t.longopts, NULL)) != -1) {
                if (c == '?' || c == ':') {
                        rc = cli_bad_option(p->cmd, argv, t.shortopts);
                        break;
                }
                if (c < 128 && t.by_letter[c])
                        c = t.by_letter[c];
                rc = c >= O_DB ? shared_option(p, c, optarg, com) : p->on_option(p->ctx, c, optarg);
        }
        if (rc == 0 && com->sets.nids) /* before anything else is said about the command line */
                rc = cli_sets_check_ids(&com->sets, p->cmd);
        /* `--tiles a.xml b.xml` (a shell glob) reads every file named */
        for (; rc == 0 && (groups & CLI_TILES_REST) && com->ntiles && optind < argc; optind++)
                *TKIT_PUSH(com->tiles, com->ntiles, com->captiles) = argv[optind];
        free(t.longopts);
        free(t.shortopts);
        return rc;
}
