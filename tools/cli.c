#include "cli.h"
#include "options.h"

#include "db/tkit-db.h"
#include "model/tkit-scene.h"
#include "text/tkit-text.h"

#include <errno.h>
#include <glob.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const struct cli_command cli_commands[] = {
    {"import", "read tile-set XML files into the database", tkit_cmd_import, tkit_help_import,
     tkit_opts_import, NULL, CLI_DB, NULL},
    {"export", "write sets as canonical tilekit XML or JCloisterZone XML", tkit_cmd_export,
     tkit_help_export, tkit_opts_export, NULL, CLI_NEEDS_SETS | CLI_TILES_REST, NULL},
    {"list", "list the sets or tiles in the database", tkit_cmd_list, tkit_help_list,
     tkit_opts_list, NULL, CLI_NEEDS_SETS, "sets tiles features"},
    {"check", "check tile data against the rules", tkit_cmd_check, tkit_help_check,
     tkit_opts_check, NULL, CLI_DB | CLI_SET, NULL},
    {"diff", "compare two tile sets type by type", tkit_cmd_diff, tkit_help_diff, tkit_opts_diff, NULL, CLI_DB, NULL},
    {"simulate", "lay out random legal games", tkit_cmd_simulate, tkit_help_simulate,
     tkit_opts_simulate, NULL, CLI_NEEDS_SETS | CLI_TILES_REST, NULL},
    {"render", "draw tiles, reference sheets, boards and scenes", tkit_cmd_render,
     tkit_help_render, tkit_opts_render, tkit_opts_render_scene, CLI_NEEDS_SETS, "sheet board tile scene"},
    {"bench", "measure the speed of the simulator and checker", tkit_cmd_bench, tkit_help_bench,
     tkit_opts_bench, NULL, CLI_TILES | CLI_TILES_REST, NULL},
    {"scene", "check scene files, write them canonically, make one from a layout", tkit_cmd_scene,
     tkit_help_scene, tkit_opts_scene, NULL, CLI_NEEDS_SETS, "check format from-layout new"},
    {"score", "play a scene's move by the scoring rules", tkit_cmd_score, tkit_help_score,
     tkit_opts_score, NULL, CLI_DB | CLI_TILES, NULL},
    {"book", "typeset a rulebook chapter with drawn scenes and computed numbers", tkit_cmd_book,
     tkit_help_book, tkit_opts_book, NULL, CLI_DB | CLI_TILES, NULL},
    {"completion", "print the bash or zsh completion of tilekit", tkit_cmd_completion,
     tkit_help_completion, tkit_opts_completion, NULL, 0, "bash zsh"},
    {NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL},
};

const struct cli_command *cli_find_command(const char *name)
{
        for (const struct cli_command *c = cli_commands; c->name; c++)
                if (strcmp(c->name, name) == 0)
                        return c;
        return NULL;
}

const char *cli_default_db(void)
{
        const char *env = getenv("TILEKIT_DB");
        return env && *env ? env : "tilekit.db";
}

int cli_db_option(const char *cmd, const char **db, const char *arg)
{
        if (strcmp(arg, "-") == 0)
                return cli_usage_error(cmd, "--db -: a database is a file, it cannot be standard "
                                            "input; give its path");
        *db = arg;
        return 0;
}

bool cli_bundled_tiles(const char *db, glob_t *g)
{
        memset(g, 0, sizeof *g);
        if (db || getenv("TILEKIT_DB") || access(cli_default_db(), F_OK) == 0)
                return false;
        const char *root = getenv("TILEKIT_DATA_DIR");
        if (!root)
                root = TKIT_DATA_DIR;
        /* our own sets only: third_party/ is comparison input, never read at run time */
        char *sets = tkit_xasprintf("%s/tilesets/*.xml", root);
        glob(sets, 0, NULL, g);
        free(sets);
        return true;
}

char *cli_shown(const char *s, size_t max)
{
        return tkit_text_shown(s, max);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *message = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        /* the message quotes arguments: a newline or an escape sequence in one is shown as \xHH,
         * and a 100 KB one by its start and end */
        char *shown = cli_shown(message, 400);
        fprintf(stderr, "tilekit %s: %s\nTry 'tilekit %s --help'.\n", cmd, shown, cmd);
        free(shown);
        free(message);
        return TKIT_EXIT_USAGE;
}

int cli_bad_option(const char *cmd, char *const *argv, const char *optstring)
{
        const char *arg = optind > 0 ? argv[optind - 1] : "";
        if (!arg)
                arg = "";
        bool is_long = strncmp(arg, "--", 2) == 0;
        if (optopt && is_long) /* a known long option at the end, without its value */
                return cli_usage_error(cmd, "option '%.*s' needs a value", (int)strcspn(arg, "="),
                                       arg);
        if (optopt && optopt < 256 && optopt != ':' && strchr(optstring, optopt))
                return cli_usage_error(cmd, "option '-%c' needs a value", optopt);
        if (optopt && optopt < 256 && optopt > ' ' && optopt < 0x7f)
                return cli_usage_error(cmd, "unknown option '-%c'", optopt);
        return cli_usage_error(cmd, "unknown option '%.*s'", (int)strcspn(arg, "="), arg);
}

int cli_fail(const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *message = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        char *shown = cli_shown(message, 4 * TKIT_SHOWN_MAX); /* it may quote arguments */
        fprintf(stderr, "tilekit: %s\n", shown);
        free(shown);
        free(message);
        return TKIT_EXIT_FAIL;
}

void cli_print_diags(const struct tkit_diags *d)
{
        tkit_diags_write(d, stderr, false);
}

/* strtol and strtoull skip blanks and take signs ("-1" wraps to 2^64-1 in strtoull): a number
 * on the command line is digits, with a '-' only where negatives make sense. */
static bool all_digits(const char *s)
{
        if (!*s)
                return false;
        for (; *s; s++)
                if (*s < '0' || *s > '9')
                        return false;
        return true;
}

bool cli_parse_long(const char *s, long min, long max, long *out)
{
        if (!all_digits(s[0] == '-' ? s + 1 : s))
                return false;
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (errno || *end || v < min || v > max)
                return false;
        *out = v;
        return true;
}

int cli_parse_lang(const char *cmd, const char *arg, int *lang)
{
        int l = tkit_lang_parse(arg);
        if (l < 0)
                return cli_usage_error(cmd, "unknown language '%s': use one of %s", arg,
                                       tkit_lang_choices());
        if (lang)
                *lang = l;
        return TKIT_EXIT_OK;
}

bool cli_parse_u64(const char *s, uint64_t *out)
{
        if (!all_digits(s))
                return false;
        char *end;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno || *end || v > UINT64_MAX)
                return false;
        *out = (uint64_t)v;
        return true;
}

int cli_exit_for(int err)
{
        if (err >= 0)
                return TKIT_EXIT_OK;
        return err == TKIT_E_IO || err == TKIT_E_USAGE ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
}

int cli_version(void)
{
        printf("tilekit %s\n", TKIT_VERSION);
        return TKIT_EXIT_OK;
}

void cli_sets_init(struct cli_sets *cs)
{
        memset(cs, 0, sizeof *cs);
        tkit_setlist_init(&cs->all);
}

void cli_sets_finish(struct cli_sets *cs)
{
        tkit_setlist_finish(&cs->all);
        free(cs->where);
        free(cs->sel);
        for (size_t i = 0; i < cs->nids; i++)
                free(cs->ids[i]);
        free(cs->ids);
        cli_sets_init(cs);
}

int cli_sets_add_ids(struct cli_sets *cs, const char *cmd, const char *list)
{
        for (const char *p = list;; p++) {
                const char *comma = strchr(p, ',');
                size_t len = comma ? (size_t)(comma - p) : strlen(p);
                if (len == 0)
                        return cli_usage_error(cmd, "empty set id in --set '%s'", list);
                *TKIT_PUSH(cs->ids, cs->nids, cs->capids) = tkit_xstrndup(p, len);
                if (!comma)
                        return TKIT_EXIT_OK;
                p = comma;
        }
}

int cli_one_set(const char *cmd, const char **set, const char *arg)
{
        if (*set)
                return cli_usage_error(cmd, "one --set only (%s, then %s)", *set, arg);
        if (!*arg || strchr(arg, ','))
                return cli_usage_error(cmd, "--set takes one set id here, not '%s'", arg);
        *set = arg;
        return TKIT_EXIT_OK;
}

static int cmp_str(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_sets_check_ids(const struct cli_sets *cs, const char *cmd)
{
        if (cs->nids < 2)
                return TKIT_EXIT_OK;
        char **v = tkit_xmalloc(cs->nids * sizeof *v);
        memcpy(v, cs->ids, cs->nids * sizeof *v);
        qsort(v, cs->nids, sizeof *v, cmp_str);
        int rc = TKIT_EXIT_OK;
        for (size_t i = 1; i < cs->nids && !rc; i++)
                if (strcmp(v[i - 1], v[i]) == 0)
                        rc = cli_usage_error(cmd, "set '%s' is asked for twice", v[i]);
        free(v);
        return rc;
}

static int load_from_db(struct cli_sets *cs, const char *path, struct tkit_diags *d)
{
        struct tkit_db *db = NULL;
        int err = tkit_db_open(path, TKIT_DB_READONLY, &db, d);
        if (err < 0)
                return cli_exit_for(err);
        char **stored = NULL;
        size_t nstored = 0;
        int status = TKIT_EXIT_OK;
        if (!cs->nids && tkit_db_set_ids(db, &stored, &nstored, d) < 0)
                status = TKIT_EXIT_FAIL;
        char **want = cs->nids ? cs->ids : stored;
        size_t nwant = cs->nids ? cs->nids : nstored;
        for (size_t i = 0; i < nwant; i++) {
                struct tkit_set *s = NULL;
                if (tkit_db_load_set(db, want[i], &s, d) < 0)
                        status = TKIT_EXIT_FAIL; /* go on: report every missing set */
                else
                        tkit_setlist_add(&cs->all, s);
        }
        tkit_db_free_ids(stored, nstored);
        tkit_db_close(db);
        return status;
}

static int select_sets(struct cli_sets *cs, struct tkit_diags *d)
{
        if (!cs->nids) {
                for (size_t i = 0; i < cs->all.n; i++)
                        *TKIT_PUSH(cs->sel, cs->nsel, cs->capsel) = cs->all.sets[i];
                return TKIT_EXIT_OK;
        }
        int status = TKIT_EXIT_OK;
        for (size_t i = 0; i < cs->nids; i++) {
                struct tkit_set *s = tkit_setlist_find(&cs->all, cs->ids[i]);
                if (s) {
                        *TKIT_PUSH(cs->sel, cs->nsel, cs->capsel) = s;
                        continue;
                }
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, cs->ids[i], NULL,
                               "no set '%s' in %s", cs->ids[i], cs->where);
                status = TKIT_EXIT_FAIL;
        }
        return status;
}

struct set_at {
        const struct tkit_set *s;
        size_t i; /* position in the files read: the later one is reported */
};

static int cmp_set_at(const void *a, const void *b)
{
        const struct set_at *x = a, *y = b;
        int c = strcmp(x->s->id, y->s->id);
        return c ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Sets read from files with the same id (the same file twice, or two files defining one set):
 * refused as import refuses them, with rule ID-DUP. Sorted, so O(n log n). */
static int unique_set_ids(const struct tkit_setlist *l, struct tkit_diags *d)
{
        if (l->n < 2)
                return TKIT_EXIT_OK;
        struct set_at *v = tkit_xmalloc(l->n * sizeof *v);
        for (size_t i = 0; i < l->n; i++)
                v[i] = (struct set_at){l->sets[i], i};
        qsort(v, l->n, sizeof *v, cmp_set_at);
        int rc = TKIT_EXIT_OK;
        for (size_t i = 1; i < l->n; i++)
                if (strcmp(v[i - 1].s->id, v[i].s->id) == 0) {
                        const struct tkit_set *a = v[i - 1].s, *b = v[i].s;
                        tkit_diags_add(d, TKIT_SEV_ERROR, b->file, b->line, tkit_check_rule_id(TKIT_CR_ID_DUP), b->id, NULL,
                                       "set '%s' is given twice (also in %s)", b->id,
                                       a->file ? a->file : "input");
                        rc = TKIT_EXIT_FAIL;
                }
        free(v);
        return rc;
}

/* The files read, for messages: "the files given (a.xml, b.xml)", at most a few named. */
static char *files_where(const char *what, const char *const *files, size_t n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "%s (", what);
        for (size_t i = 0; i < n && i < 3; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "",
                                strcmp(files[i], "-") ? files[i] : "<stdin>");
        if (n > 3)
                tkit_buf_printf(&b, " and %zu more", n - 3);
        tkit_buf_puts(&b, ")");
        return tkit_buf_steal(&b);
}

static int read_sets(struct cli_sets *cs, const char *const *files, size_t nfiles,
                     enum tkit_format fmt, struct tkit_diags *d)
{
        int status = cli_exit_for(cli_read_files(files, nfiles, fmt, &cs->all, d));
        if (status == TKIT_EXIT_OK)
                status = unique_set_ids(&cs->all, d);
        return status;
}

int cli_sets_load(struct cli_sets *cs, const char *cmd, const char *const *files, size_t nfiles,
                  enum tkit_format fmt, const char *db, struct tkit_diags *d)
{
        int status = cli_sets_check_ids(cs, cmd);
        if (status)
                return status;
        glob_t g;
        free(cs->where);
        if (nfiles) {
                cs->where = files_where("the tile files given", files, nfiles);
                status = read_sets(cs, files, nfiles, fmt, d);
        } else if (cli_bundled_tiles(db, &g)) {
                /* no database anywhere: the sets shipped with tilekit, as `tilekit score` and
                 * `tilekit check` find them for scenes */
                cs->where = tkit_xasprintf("the bundled tile sets (%s/tilesets/*.xml; no --tiles, "
                                           "no --db, no $TILEKIT_DB, no ./tilekit.db)",
                                           getenv("TILEKIT_DATA_DIR") ? getenv("TILEKIT_DATA_DIR")
                                                                      : TKIT_DATA_DIR);
                status = g.gl_pathc ? read_sets(cs, (const char *const *)g.gl_pathv, g.gl_pathc,
                                                TKIT_FORMAT_AUTO, d)
                                    : TKIT_EXIT_OK;
                globfree(&g);
        } else {
                const char *path = db ? db : cli_default_db();
                cs->where = tkit_xasprintf("the database '%s'", path);
                status = load_from_db(cs, path, d);
                tkit_jcz_link(&cs->all); /* stored JCloisterZone sets may use each other's tiles */
        }
        if (status == TKIT_EXIT_OK)
                status = select_sets(cs, d);
        return status;
}

int cli_scene_sets(const struct tkit_scene *s, const struct cli_sets *cs, struct tkit_diags *d)
{
        int status = TKIT_EXIT_OK;
        for (size_t i = 0; i < s->nsets; i++) {
                if (tkit_setlist_find(&cs->all, s->sets[i]))
                        continue;
                tkit_diags_add(d, TKIT_SEV_ERROR, s->file ? s->file : "<stdin>", s->line,
                               "SCENE-SET", NULL, NULL, "set '%s' is not in %s", s->sets[i],
                               cs->where ? cs->where : "the sets read");
                status = TKIT_EXIT_FAIL;
        }
        return status;
}

struct tkit_scene *cli_read_scene(const char *path, struct tkit_diags *d, int *status)
{
        int err = 0;
        struct tkit_scene *s = strcmp(path, "-") == 0
                                   ? tkit_scene_read_stream(stdin, "<stdin>", d, &err)
                                   : tkit_scene_read_file(path, d, &err);
        /* the one table: cannot be opened or read 2, invalid (also over a limit) 1 */
        *status = s ? TKIT_EXIT_OK : err == TKIT_E_IO ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
        return s;
}
