/* tilekit scene: scene files (docs/scene.md): check them, write them in canonical form, and make
 * one from a simulated layout. */
#include "cli.h"
#include "options.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formats/tkit-formats.h"
#include "sim/tkit-sim.h"
#include "text/tkit-text.h"

void tkit_help_scene(FILE *out)
{
        fprintf(out,
                "Usage: tilekit scene check [--lang L] SCENE.xml|DIR...\n"
                "       tilekit scene format SCENE.xml [-o FILE]\n"
                "       tilekit scene from-layout LAYOUT.json [--tiles FILE...|--db FILE]\n"
                "                                 [--set IDS] [-o FILE [--force]]\n"
                "       tilekit scene new --sets IDS [--id ID] [--tiles FILE...|--db FILE]\n"
                "                         [-o FILE [--force]]\n"
                "\n"
                "Scenes are one moment of a game, stated for a rulebook example (docs/scene.md).\n"
                "\n"
                "  check        read every SCENE, or every *.xml of a DIR (the format, the\n"
                "               schema, the references inside it, a caption or callout text\n"
                "               missing in a language the scene has; not the rules: see\n"
                "               tilekit score) and print its errors; with --lang L, also\n"
                "               every text still missing in L (a translator's to-do list)\n"
                "  format       write SCENE in canonical form (to stdout, or -o FILE)\n"
                "  from-layout  read a layout JSON (tilekit simulate --json), verify it against\n"
                "               the sets like simulate --verify, and write its board as a scene\n"
                "               without figures\n"
                "  new          write a new scene to fill in: valid as written (one tile on the\n"
                "               board, one placed by the move, two players, no points), with a\n"
                "               comment before each element saying what goes there\n"
                "\n"
                "from-layout and new make a file to edit by hand: they never replace an\n"
                "existing FILE unless --force is given.\n"
                "\n"
                "Options:\n"
                "  -o, --output FILE  where to write (default: - for stdout)\n"
                "  -t, --tiles F...   from-layout, new: read tile-set XML instead of the\n"
                "                     database\n"
                "  --db FILE          from-layout, new: the database (default: $TILEKIT_DB, else\n"
                "                     tilekit.db; new: with neither, the bundled tile sets)\n"
                "  -s, --set IDS      from-layout: the sets, comma separated (default: all);\n"
                "                     new: the sets in play (also --sets; the sets they require\n"
                "                     are added)\n"
                "  --id ID            new: the scene's id (default: the output's file name\n"
                "                     without .xml, else new-scene)\n"
                "  --lang L           check: require a text in language L (a BCP 47 tag: en,\n"
                "                     ro, cs, uk, de, pt-BR, ...) in every caption and callout\n"
                "  --force            from-layout, new: replace FILE if it exists\n"
                "  -h, --help         show this help\n"
                "  --version          show the version\n"
                "\n"
                "Errors are printed as FILE:LINE: error: [SCENE-...] message. FILE - is\n"
                "standard input (once). Exit status: 0 ok; 1 an invalid scene (check, format),\n"
                "an illegal layout (from-layout), a scene over a limit of the reader, a text\n"
                "missing (check), or a failed write; 2 bad usage ('-' named twice; an existing\n"
                "FILE without --force), a file that cannot be opened or read.\n");
}

struct sceneopts {
        struct cli_common com; /* --db, --tiles, --set */
        const char *output, *id;
        const char *lang; /* check --lang: the language required */
        bool force;       /* from-layout, new: replace an existing output */
        const char **files; /* the operands */
        size_t nfiles, capfiles;
};

/* A BCP 47 tag as the scene reader takes one in `lang`: 2-8 letters, then subtags of 1-8 letters
 * or digits after '-'. */
static bool lang_tag_valid(const char *t)
{
        size_t run = 0;
        bool in_first = true;
        for (const char *p = t;; p++) {
                if (*p == '-' || !*p) {
                        if (run == 0 || run > 8 || (in_first && run < 2))
                                return false;
                        if (!*p)
                                return true;
                        in_first = false;
                        run = 0;
                        continue;
                }
                bool alpha = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z');
                bool digit = *p >= '0' && *p <= '9';
                if (!alpha && !(digit && !in_first))
                        return false;
                run++;
        }
}

enum { O_ID = 256, O_LANG, O_FORCE, O_SETS };
/* The command's own options; --db, --tiles, --set, --help and --version are the shared ones
 * (options.h). */
const struct cli_opt tkit_opts_scene[] = {
    {"output", 'o', true, 'o'}, {"sets", 0, true, O_SETS},    {"id", 0, true, O_ID},
    {"lang", 0, true, O_LANG},  {"force", 0, false, O_FORCE}, {NULL},
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct sceneopts *o = ctx;
        switch (code) {
        case 'o':
                o->output = arg;
                return 0;
        case O_ID:
                if (!tkit_id_valid(arg))
                        return cli_usage_error("scene", "'%s' is not an id", arg);
                o->id = arg;
                return 0;
        case O_LANG:
                if (!lang_tag_valid(arg))
                        return cli_usage_error("scene",
                                               "'%s' is not a language tag (en, ro, cs, uk, "
                                               "pt-BR, ...)",
                                               arg);
                o->lang = arg;
                return 0;
        case O_FORCE:
                o->force = true;
                return 0;
        default: /* O_SETS: --set by another name */
                return cli_sets_add_ids(&o->com.sets, "scene", arg);
        }
}

/* 0, CLI_DONE or an exit status. */
static int parse_args(int argc, char **argv, struct sceneopts *o)
{
        struct cli_parser p = {"scene", tkit_opts_scene, on_option, o, NULL};
        int rc = cli_parse_options(&p, argc, argv, &o->com);
        if (rc)
                return rc;
        /* after the action, `--tiles a.xml b.xml` (a shell glob) reads every file named; `new`
         * takes no operand, from-layout one */
        for (; optind < argc; optind++) {
                bool is_new = o->nfiles == 1 && strcmp(o->files[0], "new") == 0;
                if (o->com.ntiles && (o->nfiles > 1 || is_new))
                        *TKIT_PUSH(o->com.tiles, o->com.ntiles, o->com.captiles) = argv[optind];
                else
                        *TKIT_PUSH(o->files, o->nfiles, o->capfiles) = argv[optind];
        }
        return 0;
}

/* from-layout and new make a file that its author then edits by hand: replacing one by accident
 * loses that work, so an existing output (anything at the path, a link too) needs --force. */
static int refuse_existing(const struct sceneopts *o, const char *action)
{
        struct stat st;
        if (o->force || !o->output || strcmp(o->output, "-") == 0 || lstat(o->output, &st) != 0)
                return TKIT_EXIT_OK;
        /* as an output that is one of the inputs (cli_output_check): a usage error, exit 2 */
        char *shown = cli_shown(o->output, 200);
        fprintf(stderr,
                "%s: error: the file exists; 'scene %s' does not replace it (give --force to "
                "replace it, or another -o)\n",
                shown, action);
        free(shown);
        return TKIT_EXIT_USAGE;
}

/* Writes the canonical XML to -o (stdout by default) through the output helper, which refuses
 * to overwrite one of the inputs. */
static int write_scene(const struct tkit_scene *s, const struct sceneopts *o)
{
        struct cli_inputs in = {0};
        for (size_t i = 1; i < o->nfiles; i++)
                cli_inputs_add(&in, o->files[i]);
        for (size_t i = 0; i < o->com.ntiles; i++)
                cli_inputs_add(&in, o->com.tiles[i]);
        if (!o->com.ntiles)
                cli_inputs_add(&in, o->com.db ? o->com.db : cli_default_db());
        struct tkit_buf b;
        tkit_buf_init(&b);
        const char *out = o->output ? o->output : "-";
        struct tkit_diags d;
        tkit_diags_init(&d);
        /* only what `scene check` reads back (a layout of 19 200 tiles is past its limit) */
        int rc = tkit_scene_write_checked(s, strcmp(out, "-") == 0 ? "<stdout>" : out, &b, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        rc = rc ? TKIT_EXIT_FAIL : cli_output_buffer(out, &in, b.data, b.len);
        tkit_buf_finish(&b);
        cli_inputs_finish(&in);
        return rc;
}

static int by_name(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.xml files of folder `dir` (not its subfolders), sorted by name, pushed onto `v`; 2 when
 * the folder cannot be read. A folder is named on the command line, so it is not `-`. */
static int folder_scenes(const char *dir, char ***v, size_t *n, size_t *cap)
{
        DIR *dp = opendir(dir);
        if (!dp) {
                char *shown = cli_shown(dir, 200);
                cli_fail("%s: error: cannot read the folder: %s", shown, strerror(errno));
                free(shown);
                return TKIT_EXIT_USAGE;
        }
        size_t from = *n;
        const char *sep = dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/";
        for (struct dirent *e; (e = readdir(dp));) {
                size_t len = strlen(e->d_name);
                if (e->d_name[0] == '.' || len < 5 || strcmp(e->d_name + len - 4, ".xml"))
                        continue;
                char *path = tkit_xasprintf("%s%s%s", dir, sep, e->d_name);
                struct stat st;
                if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
                        *TKIT_PUSH(*v, *n, *cap) = path;
                else
                        free(path);
        }
        closedir(dp);
        qsort(*v + from, *n - from, sizeof **v, by_name);
        return TKIT_EXIT_OK;
}

/* The scenes to check: each operand, or each *.xml of an operand that is a folder. */
static int check_paths(const struct sceneopts *o, char ***v, size_t *n)
{
        size_t cap = 0;
        int status = TKIT_EXIT_OK;
        for (size_t i = 1; i < o->nfiles; i++) {
                struct stat st;
                if (strcmp(o->files[i], "-") && stat(o->files[i], &st) == 0 &&
                    S_ISDIR(st.st_mode)) {
                        int st2 = folder_scenes(o->files[i], v, n, &cap);
                        status = st2 > status ? st2 : status;
                } else {
                        *TKIT_PUSH(*v, *n, cap) = tkit_xstrdup(o->files[i]);
                }
        }
        return status;
}

/* One scene: read, then its languages (text/): every text in each language the scene has, and
 * in --lang L. Returns its status and adds the texts missing to *missing. */
static int check_one(const struct sceneopts *o, const char *path, size_t *missing,
                     struct tkit_diags *d)
{
        int st;
        struct tkit_scene *s = cli_read_scene(path, d, &st);
        if (s) {
                size_t m = tkit_text_check_langs(s, o->lang, d);
                *missing += m;
                st = m && st == TKIT_EXIT_OK ? TKIT_EXIT_FAIL : st;
        }
        if (st == TKIT_EXIT_OK)
                printf("%s: scene '%s': %zu tiles, %zu figures: ok\n", path, s->id, s->ntiles,
                       s->nfigures);
        tkit_scene_destroy(s);
        return st;
}

/* Every scene is read, so that all errors show; the worst status wins (2 over 1). With --lang,
 * a last line counts the translator's work left. */
static int run_check(struct sceneopts *o, struct tkit_diags *d)
{
        char **paths = NULL;
        size_t n = 0, missing = 0;
        int status = check_paths(o, &paths, &n);
        for (size_t i = 0; i < n; i++) {
                int st = check_one(o, paths[i], &missing, d);
                status = st > status ? st : status;
                /* printed as they come, so that a long list reads in order */
                cli_print_diags(d);
                tkit_diags_clear(d);
                free(paths[i]);
        }
        if (o->lang)
                printf("%zu scene%s: %zu text%s to translate into %s\n", n, n == 1 ? "" : "s",
                       missing, missing == 1 ? "" : "s", o->lang);
        free(paths);
        return status;
}

/* A scene that cannot be opened or read: 2; an invalid one: 1 (the one table, as for check and
 * `tilekit score`). */
static int run_format(struct sceneopts *o, struct tkit_diags *d)
{
        int status;
        struct tkit_scene *s = cli_read_scene(o->files[1], d, &status);
        if (!s)
                return status;
        status = write_scene(s, o);
        tkit_scene_destroy(s);
        return status;
}

static int run_from_layout(struct sceneopts *o, struct tkit_diags *d)
{
        int status =
            cli_sets_load(&o->com.sets, "scene", o->com.tiles, o->com.ntiles, TKIT_FORMAT_AUTO, o->com.db, d);
        if (status != TKIT_EXIT_OK)
                return status;
        if ((status = refuse_existing(o, "from-layout")) != TKIT_EXIT_OK)
                return status;
        struct tkit_layout *l = cli_read_layout(o->files[1], o->com.sets.sel, o->com.sets.nsel, d, &status);
        if (!l)
                return status;
        struct tkit_scene *s = tkit_layout_to_scene(l);
        status = write_scene(s, o);
        tkit_scene_destroy(s);
        tkit_layout_destroy(l);
        return status;
}

/* The scene's id: --id, else the output's file name without ".xml" when that is an id. */
static char *new_id(const struct sceneopts *o)
{
        if (o->id)
                return tkit_xstrdup(o->id);
        const char *path = o->output ? o->output : "-";
        const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        char *id = tkit_xstrdup(base);
        size_t n = strlen(id);
        if (n > 4 && strcmp(id + n - 4, ".xml") == 0)
                id[n - 4] = 0;
        if (!tkit_id_valid(id)) {
                free(id);
                id = tkit_xstrdup("new-scene");
        }
        return id;
}

/* The sets, all of them (the sets asked for may require others), found as every command finds
 * them (cli_sets_load: --tiles, else the database, else the bundled files). */
static int load_all_sets(struct sceneopts *o, struct cli_sets *all, struct tkit_diags *d)
{
        return cli_sets_load(all, "scene", o->com.tiles, o->com.ntiles, TKIT_FORMAT_AUTO, o->com.db, d);
}

static int run_new(struct sceneopts *o, struct tkit_diags *d)
{
        if (!o->com.sets.nids)
                return cli_usage_error("scene", "'scene new' needs --sets IDS");
        int status = cli_sets_check_ids(&o->com.sets, "scene");
        if (status == TKIT_EXIT_OK)
                status = refuse_existing(o, "new");
        struct cli_sets all;
        cli_sets_init(&all);
        if (status == TKIT_EXIT_OK)
                status = load_all_sets(o, &all, d);
        struct tkit_set **asked = NULL;
        size_t nasked = 0, cap = 0;
        for (size_t i = 0; status == TKIT_EXIT_OK && i < o->com.sets.nids; i++) {
                struct tkit_set *s = tkit_setlist_find(&all.all, o->com.sets.ids[i]);
                if (s) {
                        *TKIT_PUSH(asked, nasked, cap) = s;
                        continue;
                }
                struct tkit_buf ids;
                tkit_buf_init(&ids);
                for (size_t k = 0; k < all.all.n; k++)
                        tkit_buf_printf(&ids, k ? " %s" : "%s", all.all.sets[k]->id);
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, o->com.sets.ids[i], NULL,
                               "no set '%s'; sets: %s", o->com.sets.ids[i],
                               ids.data ? ids.data : "(none)");
                tkit_buf_finish(&ids);
                status = TKIT_EXIT_FAIL;
        }
        char *id = new_id(o);
        struct tkit_buf b;
        tkit_buf_init(&b);
        if (status == TKIT_EXIT_OK &&
            tkit_scene_skeleton(all.all.sets, all.all.n, asked, nasked, id, &b, d) != 0)
                status = TKIT_EXIT_FAIL;
        if (status == TKIT_EXIT_OK) {
                struct cli_inputs in = {0};
                for (size_t i = 0; i < o->com.ntiles; i++)
                        cli_inputs_add(&in, o->com.tiles[i]);
                if (o->com.db)
                        cli_inputs_add(&in, o->com.db);
                status = cli_output_buffer(o->output ? o->output : "-", &in, b.data, b.len);
                cli_inputs_finish(&in);
        }
        tkit_buf_finish(&b);
        free(id);
        free(asked);
        cli_sets_finish(&all);
        return status;
}

int tkit_cmd_scene(int argc, char **argv)
{
        struct sceneopts o = {0};
        cli_common_init(&o.com);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int status = parse_args(argc, argv, &o);
        const char *action = o.nfiles ? o.files[0] : "";
        if (status == 0) { /* standard input once, whatever the action */
                struct cli_inputs in = {0};
                for (size_t i = 1; i < o.nfiles; i++)
                        cli_inputs_add(&in, o.files[i]);
                for (size_t i = 0; i < o.com.ntiles; i++)
                        cli_inputs_add(&in, o.com.tiles[i]);
                status = cli_inputs_stdin_once(&in, "scene");
                cli_inputs_finish(&in);
        }
        if (status != 0) {
                status = status == CLI_DONE ? TKIT_EXIT_OK : status;
        } else if (o.lang && strcmp(action, "check")) {
                status = cli_usage_error("scene", "--lang is for 'scene check'");
        } else if (o.force && strcmp(action, "new") && strcmp(action, "from-layout")) {
                status = cli_usage_error("scene", "--force is for 'scene new' and 'scene from-layout'");
        } else if (!o.nfiles) {
                status =
                    cli_usage_error("scene", "give an action: check, format, from-layout or new");
        } else if (strcmp(action, "check") == 0 && o.nfiles >= 2 && !o.com.ntiles) {
                status = run_check(&o, &d);
        } else if (strcmp(action, "format") == 0 && o.nfiles == 2 && !o.com.ntiles) {
                status = run_format(&o, &d);
        } else if (strcmp(action, "from-layout") == 0 && o.nfiles == 2) {
                status = run_from_layout(&o, &d);
        } else if (strcmp(action, "new") == 0 && o.nfiles == 1) {
                status = run_new(&o, &d);
        } else if (strcmp(action, "check") && strcmp(action, "format") &&
                   strcmp(action, "from-layout") && strcmp(action, "new")) {
                status = cli_usage_error("scene", "unknown action '%s'", action);
        } else {
                status = cli_usage_error("scene", "wrong arguments for '%s'", action);
        }
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        cli_common_finish(&o.com);
        free(o.files);
        return status;
}
