#include "cli.h"

#include "db/tkit-db.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const struct cli_command cli_commands[] = {
    {"import", "read tile-set XML files into the database", tkit_cmd_import, tkit_help_import},
    {"export", "write a set from the database as canonical XML", tkit_cmd_export, tkit_help_export},
    {"list", "list the sets or tiles in the database", tkit_cmd_list, tkit_help_list},
    {"check", "check tile data against the rules", tkit_cmd_check, tkit_help_check},
    {"diff", "compare two tile sets type by type", tkit_cmd_diff, tkit_help_diff},
    {"simulate", "lay out random legal games", tkit_cmd_simulate, tkit_help_simulate},
    {"render", "draw tiles, reference sheets and boards", tkit_cmd_render, tkit_help_render},
    {"bench", "measure the speed of the simulator and checker", tkit_cmd_bench, tkit_help_bench},
    {"scene", "check scene files, write them canonically, make one from a layout", tkit_cmd_scene,
     tkit_help_scene},
    {"score", "play a scene's move by the scoring rules", tkit_cmd_score, tkit_help_score},
    {NULL, NULL, NULL, NULL},
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

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
        va_list ap;
        fprintf(stderr, "tilekit %s: ", cmd);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fprintf(stderr, "\nTry 'tilekit %s --help'.\n", cmd);
        return TKIT_EXIT_USAGE;
}

int cli_fail(const char *fmt, ...)
{
        va_list ap;
        fprintf(stderr, "tilekit: ");
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
        return TKIT_EXIT_FAIL;
}

void cli_print_diags(const struct tkit_diags *d)
{
        tkit_diags_write(d, stderr, false);
}

bool cli_parse_long(const char *s, long min, long max, long *out)
{
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (errno || end == s || *end || v < min || v > max)
                return false;
        *out = v;
        return true;
}

int cli_exit_for(int err)
{
        if (err >= 0)
                return TKIT_EXIT_OK;
        return err == TKIT_E_IO || err == TKIT_E_NOTFOUND ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
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
        free(cs->sel);
        for (size_t i = 0; i < cs->nids; i++)
                free(cs->ids[i]);
        free(cs->ids);
        cli_sets_init(cs);
}

void cli_sets_add_ids(struct cli_sets *cs, const char *list)
{
        char *copy = tkit_xstrdup(list), *save = NULL;
        for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
                *TKIT_PUSH(cs->ids, cs->nids, cs->capids) = tkit_xstrdup(t);
        free(copy);
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
                               "no set '%s' in the files read", cs->ids[i]);
                status = TKIT_EXIT_FAIL;
        }
        return status;
}

int cli_sets_load(struct cli_sets *cs, const char *const *files, size_t nfiles,
                  enum tkit_format fmt, const char *db, struct tkit_diags *d)
{
        int status;
        if (nfiles) {
                status = cli_exit_for(tkit_read_files(files, nfiles, fmt, &cs->all, d));
        } else {
                status = load_from_db(cs, db ? db : cli_default_db(), d);
                tkit_jcz_link(&cs->all); /* stored JCloisterZone sets may use each other's tiles */
        }
        if (status == TKIT_EXIT_OK)
                status = select_sets(cs, d);
        return status;
}
