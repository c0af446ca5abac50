/* tilekit check: run the rule catalogue on tile-set files, or on sets stored in a database; and
 * validate scene files given among the FILEs against the sets they name. */
#include "cli.h"
#include "options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
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
            "A FILE whose root element is <scene> is a scene (docs/scene.md): its move is\n"
            "played as `tilekit score` plays it and every problem reported (rules SCENE-*;\n"
            "the points it expects are score's business), with the sets it names: those\n"
            "the other FILEs define, else those of the database (--db, $TILEKIT_DB or\n"
            "./tilekit.db), else, when there is none, the bundled tile sets.\n"
            "\n"
            "  --db FILE       database (default: $TILEKIT_DB or tilekit.db); with FILEs,\n"
            "                  the findings are stored there too\n"
            "  -s, --set ID    check only this stored set (repeatable; or a list a,b)\n"
            "  --format F      input format of FILEs: auto (default: by root element), tilekit,\n"
            "                  jcz (then no FILE is taken for a scene)\n"
            "  --json          findings as a JSON array on stdout\n"
            "  --werror        warnings count as errors for the exit status\n"
            "  --verbose       also notes (rules not applied to JCloisterZone data, why)\n"
            "  --list-rules    print the rule catalogue and exit (with --json: as JSON)\n"
            "  --explain RULE  print the page of RULE in docs/rules.md (what it checks, why,\n"
            "                  how to fix it, its fixtures) and exit\n"
            "  -h, --help      this help\n"
            "  --version       print the version\n"
            "\n"
            "Findings are printed as FILE:LINE: SEVERITY: [RULE] tile ID: message; a summary\n"
            "goes to stderr. A set id given twice (--set base,base, or the same set read\n"
            "from two files) is refused.\n"
            "\n"
            "Exit status: 0 no errors; 1 errors found (also an illegal or invalid scene), a\n"
            "missing set, a database error or a failed write; 2 usage error, or a file or\n"
            "database that cannot be opened or read (also a read-only database to store\n"
            "findings in).\n");
}

struct opts {
        struct cli_common com; /* --db, --set */
        enum tkit_format format;
        bool json, werror, verbose, list;
        const char *explain; /* --explain RULE */
};

enum { O_FORMAT = 256, O_JSON, O_WERROR, O_VERBOSE, O_LIST, O_EXPLAIN };
/* The command's own options; --db, --set, --help and --version are the shared ones
 * (options.h). */
const struct cli_opt tkit_opts_check[] = {
    {"format", 0, true, O_FORMAT},
    {"json", 0, false, O_JSON},
    {"werror", 0, false, O_WERROR},
    {"verbose", 0, false, O_VERBOSE},
    {"list-rules", 0, false, O_LIST},
    {"explain", 0, true, O_EXPLAIN},
    {NULL},
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct opts *o = ctx;
        int fmt;
        switch (code) {
        case O_FORMAT:
                fmt = tkit_format_parse(arg);
                if (fmt < 0)
                        return cli_usage_error("check", "unknown format '%s'", arg);
                o->format = (enum tkit_format)fmt;
                return 0;
        case O_JSON:
                o->json = true;
                return 0;
        case O_WERROR:
                o->werror = true;
                return 0;
        case O_VERBOSE:
                o->verbose = true;
                return 0;
        case O_LIST:
                o->list = true;
                return 0;
        default: /* O_EXPLAIN */
                o->explain = arg;
                return 0;
        }
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
static void summary(const struct tkit_setlist *l, size_t scenes, size_t errors, size_t warnings)
{
        long tiles = 0;
        for (size_t i = 0; i < l->n; i++)
                tiles += tkit_set_tile_total(l->sets[i]);
        cli_stdout_flush();
        fprintf(stderr, "tilekit check: %zu set%s, %ld tile%s", l->n, l->n == 1 ? "" : "s", tiles,
                tiles == 1 ? "" : "s");
        if (scenes)
                fprintf(stderr, ", %zu scene%s", scenes, scenes == 1 ? "" : "s");
        fprintf(stderr, ": %zu error%s, %zu warning%s\n", errors, errors == 1 ? "" : "s", warnings,
                warnings == 1 ? "" : "s");
}

static bool same_str(const char *a, const char *b)
{
        return a == b || (a && b && strcmp(a, b) == 0);
}

/* The same finding about a tile that several sets share (JCloisterZone's basic:1 and basic:2)
 * prints once in text; JSON keeps every one, with its set. Findings are hashed on what makes
 * them the same, so the filter stays linear in the number of findings. */
struct seen {
        const struct tkit_diags *d;
        size_t i;
};

static uint32_t diag_hash(const struct tkit_diag *g)
{
        uint32_t h = tkit_hash_str(g->file ? g->file : "") ^ (uint32_t)g->line * 2654435761u;
        h = h * 31u + tkit_hash_str(g->rule ? g->rule : "") + (uint32_t)g->severity;
        h = h * 31u + tkit_hash_str(g->tile ? g->tile : "");
        return h * 31u + tkit_hash_str(g->message ? g->message : "");
}

static bool same_diag(const void *ctx, size_t j)
{
        const struct seen *s = ctx;
        const struct tkit_diag *g = &s->d->v[s->i], *h = &s->d->v[j];
        return h->line == g->line && h->severity == g->severity && same_str(h->file, g->file) &&
               same_str(h->rule, g->rule) && same_str(h->tile, g->tile) &&
               same_str(h->message, g->message);
}

/* Whether finding i repeats an earlier one; adds it to `x` when it does not. */
static bool repeated(struct tkit_index *x, const struct tkit_diags *d, size_t i)
{
        struct seen s = {d, i};
        uint32_t h = diag_hash(&d->v[i]);
        if (tkit_index_find_hash(x, h, same_diag, &s) >= 0)
                return true;
        tkit_index_add_hash(x, h, i);
        return false;
}

/* Notes are printed with --verbose only; counts the distinct errors and warnings. */
static void print(const struct tkit_diags *d, bool json, bool verbose, size_t *errors,
                  size_t *warnings)
{
        struct tkit_diags shown; /* at most TKIT_DIAGS_LIMIT per file; d keeps them all */
        tkit_diags_init(&shown);
        *errors = *warnings = 0;
        struct tkit_index seen;
        tkit_index_init(&seen);
        for (size_t i = 0; i < d->n; i++) {
                const struct tkit_diag *g = &d->v[i];
                bool again = repeated(&seen, d, i);
                if (!again) {
                        *errors += g->severity == TKIT_SEV_ERROR;
                        *warnings += g->severity == TKIT_SEV_WARNING;
                }
                if ((g->severity == TKIT_SEV_NOTE && !verbose) || (!json && again))
                        continue;
                tkit_diags_add(&shown, g->severity, g->file, g->line, g->rule, g->set, g->tile,
                               "%s", g->message);
        }
        tkit_index_finish(&seen);
        /* what the sink did not keep (its limit per file) is counted and said once per file */
        const char *file;
        size_t hidden[3];
        for (size_t i = 0; tkit_diags_hidden_at(d, i, &file, hidden); i++) {
                *errors += hidden[TKIT_SEV_ERROR];
                *warnings += hidden[TKIT_SEV_WARNING];
                tkit_diags_add_hidden(&shown, file, hidden);
        }
        tkit_diags_write(&shown, stdout, json);
        tkit_diags_finish(&shown);
}

/* ------------------------------------------------------------------ which FILE is a scene */

static bool is_blank(int c)
{
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Reads past the next `end` ("?>", "-->"); false at the end of the input. */
static bool skip_past(FILE *f, const char *end)
{
        size_t got = 0, n = strlen(end);
        for (int c; (c = getc(f)) != EOF;) {
                got = c == end[got] ? got + 1 : c == end[0];
                if (got == n)
                        return true;
        }
        return false;
}

/* Whether the next characters are the name `w`, ended as a name is in a tag. */
static bool name_is(FILE *f, const char *w)
{
        for (; *w; w++)
                if (getc(f) != (unsigned char)*w)
                        return false;
        int c = getc(f);
        return is_blank(c) || c == '>' || c == '/' || c == '[';
}

/* Whether the XML document in `f` has the root element <scene> (by its start tag, or by a DOCTYPE
 * naming it, which the scene reader then refuses): reads only as far as the root element, past a
 * UTF-8 byte-order mark, blanks, the XML declaration, processing instructions and comments.
 * Anything else goes to the tile-set readers, which say what is wrong with it. */
static bool root_is_scene(FILE *f)
{
        int c = getc(f);
        if (c == 0xef && getc(f) == 0xbb && getc(f) == 0xbf)
                c = getc(f);
        for (;; c = getc(f)) {
                while (is_blank(c))
                        c = getc(f);
                if (c != '<')
                        return false;
                c = getc(f);
                if (c == '?') {
                        if (!skip_past(f, "?>"))
                                return false;
                        continue;
                }
                if (c != '!') {
                        ungetc(c, f);
                        return name_is(f, "scene");
                }
                c = getc(f);
                if (c == '-') {
                        if (getc(f) != '-' || !skip_past(f, "-->"))
                                return false;
                        continue;
                }
                if (c != 'D' || !name_is(f, "OCTYPE"))
                        return false;
                while (is_blank(c = getc(f)))
                        ;
                ungetc(c, f);
                return name_is(f, "scene");
        }
}

static bool mem_is_scene(const char *data, size_t len)
{
        FILE *f = len ? fmemopen((void *)data, len, "rb") : NULL;
        bool scene = f && root_is_scene(f);
        if (f)
                fclose(f);
        return scene;
}

/* A FILE read into memory (standard input, a pipe) or named by its path. */
struct input {
        const char *name;
        char *data; /* NULL: read by name */
        size_t len;
};

/* The FILEs sorted by what they hold. */
struct inputs {
        struct input *tiles, *scenes;
        size_t ntiles, captiles, nscenes, capscenes;
        bool stdin_read;
        int status; /* 2 when a FILE could not be read here */
};

static void inputs_finish(struct inputs *in)
{
        for (size_t i = 0; i < in->ntiles; i++)
                free(in->tiles[i].data);
        for (size_t i = 0; i < in->nscenes; i++)
                free(in->scenes[i].data);
        free(in->tiles);
        free(in->scenes);
}

static void push(struct inputs *in, bool scene, const char *name, char *data, size_t len)
{
        struct input *e = scene ? TKIT_PUSH(in->scenes, in->nscenes, in->capscenes)
                                : TKIT_PUSH(in->tiles, in->ntiles, in->captiles);
        *e = (struct input){name, data, len};
}

/* Reads a stream that can be read only once, at most one byte over the readers' limit (which
 * they then report), and sorts it. */
static void read_once(struct inputs *in, FILE *f, const char *name, struct tkit_diags *d)
{
        size_t cap = 64 * 1024, len = 0, got;
        char *data = tkit_xmalloc(cap);
        do {
                if (len == cap)
                        data = tkit_xrealloc(data, cap *= 2);
                size_t want = cap - len;
                if (want > TKIT_MAX_INPUT_BYTES + 1 - len)
                        want = TKIT_MAX_INPUT_BYTES + 1 - len;
                got = fread(data + len, 1, want, f);
                len += got;
        } while (got && len <= TKIT_MAX_INPUT_BYTES);
        if (ferror(f)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL, "cannot read %s: %s",
                               name, strerror(errno));
                in->status = TKIT_EXIT_USAGE;
                free(data);
                return;
        }
        push(in, mem_is_scene(data, len), name, data, len);
}

/* Sorts one FILE: a regular file by the start of its text (read again by its reader), standard
 * input by reading it whole. A FIFO or device is refused (exit 2) before it can block; a
 * directory goes to the tile-set readers, which report it as before. */
static void sort_input(struct inputs *in, const char *path, struct tkit_diags *d)
{
        bool is_stdin = strcmp(path, "-") == 0;
        if (is_stdin && in->stdin_read) {
                tkit_diags_add(d, TKIT_SEV_ERROR, "<stdin>", 0, NULL, NULL, NULL,
                               "standard input ('-') can be read only once");
                in->status = TKIT_EXIT_USAGE;
                return;
        }
        /* a regular file only (a FIFO would block: tkit_input_open); a directory is reported by
         * the reader */
        struct stat st;
        bool dir = !is_stdin && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
        FILE *f = is_stdin ? stdin : dir ? fopen(path, "rb") : tkit_input_open(path, NULL, d);
        if (!f && !dir) {
                in->status = TKIT_EXIT_USAGE;
        } else if (!f) {
                push(in, false, path, NULL, 0);
        } else if (!is_stdin) {
                push(in, root_is_scene(f), path, NULL, 0);
        } else {
                in->stdin_read |= is_stdin;
                read_once(in, f, is_stdin ? "<stdin>" : path, d);
        }
        if (f && !is_stdin)
                fclose(f);
}

/* ------------------------------------------------------------------ scenes */

/* 2 (cannot read) outranks 1 (wrong data). */
static int worse(int a, int b)
{
        return a == TKIT_EXIT_USAGE || b == TKIT_EXIT_USAGE ? TKIT_EXIT_USAGE : a > b ? a : b;
}

/* The sets scenes may name besides those of the FILEs, loaded when first needed: from the
 * database, else the bundled tile files (as `tilekit score` finds them). */
struct fallback {
        struct cli_sets cs;
        bool loaded;
        int status;
};

static void fallback_load(struct fallback *fb, const char *db)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        fb->loaded = true; /* the database, else the bundled sets: as every command finds them */
        fb->status = cli_sets_load(&fb->cs, "check", NULL, 0, TKIT_FORMAT_AUTO, db, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
}

/* The sets `s` names, from the FILEs first; each one missing is reported with where it was
 * looked for (SCENE-SET, as `tilekit score` says it). Returns how many were found. */
static size_t sets_in_play(const struct tkit_scene *s, const struct tkit_setlist *files,
                           struct fallback *fb, const char *db, struct tkit_set **play,
                           struct tkit_diags *d)
{
        size_t n = 0;
        for (size_t i = 0; i < s->nsets; i++) {
                struct tkit_set *set = tkit_setlist_find(files, s->sets[i]);
                if (!set && !fb->loaded)
                        fallback_load(fb, db);
                if (!set)
                        set = tkit_setlist_find(&fb->cs.all, s->sets[i]);
                if (set)
                        play[n++] = set;
                else
                        tkit_diags_add(d, TKIT_SEV_ERROR, s->file, s->line, "SCENE-SET", NULL, NULL,
                                       "set '%s' is not in the FILEs given nor in %s", s->sets[i],
                                       fb->cs.where ? fb->cs.where : "the sets read");
        }
        return n;
}

/* Reads every scene FILE and plays its move (without comparing the points it expects: that is
 * `tilekit score`), reporting into `d`; returns an exit status (0, 1 or 2: a scene that cannot be
 * read at all). An illegal scene counts by its errors, as any finding. */
static int check_scenes(const struct inputs *in, const struct tkit_setlist *files, const char *db,
                        struct tkit_diags *d)
{
        struct fallback fb = {.loaded = false, .status = TKIT_EXIT_OK};
        cli_sets_init(&fb.cs);
        int status = TKIT_EXIT_OK;
        for (size_t i = 0; i < in->nscenes; i++) {
                const struct input *e = &in->scenes[i];
                int err = 0;
                struct tkit_scene *s = e->data ? tkit_scene_read(e->data, e->len, e->name, d)
                                               : tkit_scene_read_file(e->name, d, &err);
                if (!s) {
                        status = worse(status, err ? cli_exit_for(err) : TKIT_EXIT_FAIL);
                        continue;
                }
                /* Applying validates, and finds what only the move can show (a maiden taken
                 * back in a turn with a figure placed, a bonus with no free space, ...). */
                struct tkit_set **play = tkit_xcalloc(s->nsets ? s->nsets : 1, sizeof *play);
                struct tkit_game_result r;
                tkit_game_result_init(&r);
                size_t n = sets_in_play(s, files, &fb, db, play, d);
                if (n == s->nsets) /* else said above; the engine would only repeat it */
                        tkit_game_apply(s, play, n, false, &r, d);
                tkit_game_result_finish(&r);
                free(play);
                tkit_scene_destroy(s);
        }
        cli_sets_finish(&fb.cs);
        return worse(status, fb.status);
}

/* Sorts the FILEs (by root element with --format auto) and reads the tile-set data among them
 * into `cs`; without FILEs, loads the stored sets. Returns an exit status. */
static int load(struct opts *o, char **files, int nfiles, struct inputs *in, struct cli_sets *cs,
                struct tkit_diags *d, struct tkit_diags *dbd)
{
        for (int i = 0; i < nfiles; i++)
                if (o->format == TKIT_FORMAT_AUTO)
                        sort_input(in, files[i], d);
                else
                        push(in, false, files[i], NULL, 0);
        int status = in->status;
        const char **paths = tkit_xcalloc(in->ntiles + 1, sizeof *paths);
        size_t npaths = 0;
        for (size_t i = 0; i < in->ntiles; i++) {
                const struct input *e = &in->tiles[i];
                if (!e->data)
                        paths[npaths++] = e->name;
                else /* read already: the whole of stdin or a pipe */
                        status =
                            worse(status, cli_exit_for(tkit_read_memory(e->data, e->len, e->name,
                                                                        o->format, &cs->all, d)));
        }
        /* Files that cannot be read are reported with the findings; the others are checked. */
        if (npaths || nfiles == 0)
                status = worse(status, cli_sets_load(cs, "check", paths, npaths, o->format,
                                                     o->com.db, nfiles == 0 ? dbd : d));
        else
                tkit_jcz_link(&cs->all);
        free(paths);
        return status;
}

static int run(struct opts *o, char **files, int nfiles)
{
        struct cli_sets *cs = &o->com.sets;
        struct tkit_diags d, dbd, sd;
        struct inputs in = {0};
        cs->all.recover = true; /* every error in one run: broken tiles are read and marked */
        tkit_diags_init(&d);
        d.limit = 0; /* every finding is stored (docs/schema.md); print() shows the first ones */
        tkit_diags_init(&dbd);
        tkit_diags_init(&sd);
        int status = TKIT_EXIT_OK;
        struct cli_inputs named = {0}; /* standard input once, refused before anything is read */
        for (int i = 0; i < nfiles; i++)
                cli_inputs_add(&named, files[i]);
        status = cli_inputs_stdin_once(&named, "check");
        cli_inputs_finish(&named);
        if (status)
                goto out;
        bool from_db = nfiles == 0;
        unsigned options = (o->verbose ? TKIT_CHECK_VERBOSE : 0) |
                           (from_db ? TKIT_CHECK_VALIDATE : 0); /* stored sets skipped the reader */
        status = load(o, files, nfiles, &in, cs, &d, &dbd);
        if (from_db && status == TKIT_EXIT_USAGE) {
                cli_print_diags(&dbd);
                goto out;
        }
        tkit_check_setlist(&cs->all, options, &d);
        /* a set the reader found broken is checked, but neither played nor stored */
        struct tkit_setlist good = {0};
        for (size_t i = 0; i < cs->all.n; i++)
                if (!cs->all.sets[i]->broken)
                        *TKIT_PUSH(good.sets, good.n, good.cap) = cs->all.sets[i];
        status = worse(status, check_scenes(&in, &good, o->com.db, &sd));
        /* only tile sets have findings stored; a read-only database: 2, as for import */
        if (from_db || (o->com.db && in.ntiles)) {
                int rc = store(o->com.db ? o->com.db : cli_default_db(), !from_db, &good, &d, &dbd);
                status = status ? status : cli_exit_for(rc);
        }
        free(good.sets);
        tkit_diags_take(&d, &sd, NULL);
        size_t errors, warnings;
        print(&d, o->json, o->verbose, &errors, &warnings);
        cli_print_diags(&dbd);
        summary(&cs->all, in.nscenes, errors, warnings);
        if (!status && (d.errors || (o->werror && d.warnings)))
                status = TKIT_EXIT_FAIL;
out:
        inputs_finish(&in);
        tkit_diags_finish(&sd);
        tkit_diags_finish(&dbd);
        tkit_diags_finish(&d);
        return status;
}

/* --explain RULE: the rule's page of the docs built into the binary, or an error naming the
 * ids close to what was asked (exit 2, as a usage error). */
static int explain(const char *id)
{
        size_t len = 0;
        const char *page = tkit_rule_page(id, &len);
        if (page) {
                fwrite(page, 1, len, stdout);
                fputc('\n', stdout);
                return cli_stdout_flush() == 0 ? TKIT_EXIT_OK : TKIT_EXIT_FAIL;
        }
        const char *close[8];
        size_t n = tkit_rules_close(id, close, 8);
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < n; i++)
                tkit_buf_printf(&b, "%s%s", i ? ", " : "", close[i]);
        char *shown = cli_text_escape(id);
        int rc = cli_usage_error("check",
                                 "no rule '%.80s' in the catalogue%s%s; "
                                 "`tilekit check --list-rules` lists them all",
                                 shown, n ? ": did you mean " : "", n ? b.data : "");
        free(shown);
        tkit_buf_finish(&b);
        return rc;
}

/* What the command does once its options are read: 0 and the rest, or an exit status. */
static int dispatch(struct opts *o, int argc, char **argv)
{
        if (o->list) {
                tkit_rules_write(stdout, o->json);
                return TKIT_EXIT_OK;
        }
        if (o->explain)
                return explain(o->explain);
        if (o->com.sets.nids && optind < argc)
                return cli_usage_error("check", "--set selects stored sets: give FILEs or --set, "
                                                "not both");
        return run(o, argv + optind, argc - optind);
}

int tkit_cmd_check(int argc, char **argv)
{
        struct opts o = {0};
        cli_common_init(&o.com);
        struct cli_parser p = {"check", tkit_opts_check, on_option, &o, NULL};
        int rc = cli_parse_options(&p, argc, argv, &o.com);
        if (rc == 0)
                rc = dispatch(&o, argc, argv);
        cli_common_finish(&o.com);
        return rc == CLI_DONE ? TKIT_EXIT_OK : rc;
}
