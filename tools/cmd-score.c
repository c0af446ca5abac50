/* tilekit score: play the move of each scene by the scoring rules and print what happens. */
#include "cli.h"
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "text/tkit-text.h"

void tkit_help_score(FILE *out)
{
        fprintf(out,
                "Usage: tilekit score [OPTION...] SCENE...\n"
                "Play the move of each scene (docs/scene.md) by the scoring rules\n"
                "(docs/scoring.md) and print the events in order, each with the FILE:LINE of\n"
                "the element concerned and its rule id, then the points per player; then\n"
                "compare them with what the scene expects.\n"
                "\n"
                "  -t, --tiles FILE read the sets from this tile-set file (repeatable; tilekit\n"
                "                  or JCloisterZone XML); without it, from the database;\n"
                "                  with neither, nor $TILEKIT_DB, nor ./tilekit.db: the\n"
                "                  bundled tile sets ($TILEKIT_DATA_DIR, else the source\n"
                "                  tree tilekit was built from)\n"
                "  --db FILE       database (default: $TILEKIT_DB or tilekit.db)\n"
                "  --final         after the move, score the end of the game from the board\n"
                "  --after FILE    write the scene after the move to FILE ('-': stdout, the\n"
                "                  events then go to stderr); one SCENE only\n"
                "  --lang LANG     the events in this language: en (default), ro, cs, uk\n"
                "                  (text/tkit-text.h, the words of the pictures' legends)\n"
                "  --json          the results as a JSON array on stdout, in no language:\n"
                "                  every event as its structure (rule, players, points,\n"
                "                  feature, counts, figures, reasons)\n"
                "  -h, --help      this help\n"
                "  --version       print the version\n"
                "\n"
                "Exit status: 0 every scene scores as it expects; 1 an expectation differs\n"
                "(expected and computed per player), a scene is invalid or illegal (every\n"
                "problem with its line) or names a set that is not there, or the sets cannot\n"
                "be used; 2 usage error ('-', standard input, named twice), a scene or tile\n"
                "file that cannot be opened or read.\n"
                "A scene with no <expect> is scored with a warning: nothing is checked\n"
                "(<expect/> marks a picture-only scene).\n");
}

struct score_opts {
        struct cli_common com; /* --db, --tiles */
        const char *after;
        bool json, final;
        enum tkit_lang lang;
        int argc; /* the scenes: argv[optind..argc) */
        char **argv;
};

enum { O_AFTER = 256, O_JSON, O_FINAL, O_LANG };
/* The command's own options; --db, --tiles, --help and --version are the shared ones
 * (options.h). */
const struct cli_opt tkit_opts_score[] = {
    {"after", 0, true, O_AFTER},
    {"json", 0, false, O_JSON},
    {"final", 0, false, O_FINAL},
    {"lang", 0, true, O_LANG},
    {NULL},
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct score_opts *o = ctx;
        int l, rc;
        switch (code) {
        case O_AFTER:
                o->after = arg;
                return 0;
        case O_JSON:
                o->json = true;
                return 0;
        case O_FINAL:
                o->final = true;
                return 0;
        default: /* O_LANG */
                if ((rc = cli_parse_lang("score", arg, &l)) == 0)
                        o->lang = (enum tkit_lang)l;
                return rc;
        }
}

/* 0, CLI_DONE or an exit status. */
static int parse(int argc, char **argv, struct score_opts *o)
{
        struct cli_parser p = {"score", tkit_opts_score, on_option, o, NULL};
        int rc = cli_parse_options(&p, argc, argv, &o->com);
        if (rc)
                return rc;
        if (optind >= argc)
                return cli_usage_error("score", "no scene given");
        if (o->after && argc - optind != 1)
                return cli_usage_error("score", "--after takes exactly one scene");
        return TKIT_EXIT_OK;
}

static void print_text(FILE *out, const struct tkit_scene *s, const struct tkit_game_result *r,
                       enum tkit_lang lang)
{
        const char *file = s->file ? s->file : "-";
        for (size_t i = 0; i < r->nevents; i++) {
                const struct tkit_game_event *e = &r->events[i];
                char *t = tkit_text_event(s, e, lang);
                fprintf(out, "%s:%d: %s: [%s] %s\n", file, e->line ? e->line : s->line,
                        tkit_game_phase_name(e->phase), tkit_game_rule_id(e->rule), t);
                free(t);
        }
        fprintf(out, "%s: points:", file);
        for (size_t p = 0; p < s->nplayers; p++)
                fprintf(out, "%s %s %d", p ? "," : "", s->players[p].id, r->points[p]);
        fprintf(out, "\n");
}

static void json_scene(struct tkit_buf *b, const char *path, const struct tkit_scene *s,
                       const struct tkit_game_result *r, const struct tkit_diags *d, bool first)
{
        tkit_buf_puts(b, first ? "\n  {\"file\": " : ",\n  {\"file\": ");
        tkit_json_string(b, path);
        tkit_buf_puts(b, ", \"events\": [");
        for (size_t i = 0; r && i < r->nevents; i++) {
                tkit_buf_puts(b, i ? ",\n    " : "\n    ");
                tkit_game_event_json(b, s, &r->events[i]);
        }
        tkit_buf_puts(b, "], \"points\": {");
        for (size_t p = 0; s && r && p < s->nplayers; p++) {
                tkit_buf_puts(b, p ? ", " : "");
                tkit_json_string(b, s->players[p].id);
                tkit_buf_printf(b, ": %d", r->points[p]);
        }
        tkit_buf_puts(b, "}, \"diagnostics\": [");
        for (size_t i = 0; i < d->n; i++) {
                char *m = tkit_diag_format(&d->v[i]);
                tkit_buf_puts(b, i ? ", " : "");
                tkit_json_string(b, m);
                free(m);
        }
        tkit_buf_puts(b, "]}");
}

/* The files the command reads: an output must not overwrite one of them. */
static void add_inputs(struct cli_inputs *in, const struct score_opts *o)
{
        for (int i = optind; i < o->argc; i++)
                cli_inputs_add(in, o->argv[i]);
        for (size_t i = 0; i < o->com.ntiles; i++)
                cli_inputs_add(in, o->com.tiles[i]);
        if (!o->com.ntiles)
                cli_inputs_add(in, o->com.db ? o->com.db : cli_default_db());
}

/* 2 (unreadable or illegal) outranks 1 (an expectation differs). */
static int worse(int a, int b)
{
        return a == TKIT_EXIT_USAGE || b == TKIT_EXIT_USAGE ? TKIT_EXIT_USAGE : a > b ? a : b;
}

/* The scene after the move, through the output helper (which refuses to overwrite an input). */
static int write_after(const struct tkit_scene *after, const struct score_opts *o)
{
        struct cli_inputs in = {0};
        add_inputs(&in, o);
        struct tkit_buf b;
        tkit_buf_init(&b);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_scene_write_checked(after, strcmp(o->after, "-") == 0 ? "<stdout>" : o->after,
                                          &b, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        rc = rc ? TKIT_EXIT_FAIL : cli_output_buffer(o->after, &in, b.data, b.len);
        tkit_buf_finish(&b);
        cli_inputs_finish(&in);
        return rc;
}

/* Scores one scene; returns its exit status. */
static int score_one(const char *path, const struct score_opts *o, struct cli_sets *cs,
                     struct tkit_buf *json, bool first)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_game_result r;
        tkit_game_result_init(&r);
        int status = TKIT_EXIT_OK;
        bool played = false;
        struct tkit_scene *s = cli_read_scene(path, &d, &status);
        if (s && cli_scene_sets(s, cs, &d) != TKIT_EXIT_OK) {
                status = TKIT_EXIT_FAIL; /* a missing set: wrong data, as in every command */
        } else if (s && tkit_game_apply(s, cs->sel, cs->nsel, o->final, &r, &d) != 0) {
                status = TKIT_EXIT_FAIL; /* an illegal scene: wrong data too */
        } else if (s) {
                played = true;
                /* with the scene after on stdout, the events go to stderr */
                if (!o->json)
                        print_text(o->after && strcmp(o->after, "-") == 0 ? stderr : stdout, s, &r,
                                   o->lang);
                if (tkit_game_check_expect(s, &r, &d) != 0)
                        status = TKIT_EXIT_FAIL;
                if (o->after)
                        status = worse(status, write_after(r.after, o));
        }
        if (o->json)
                json_scene(json, path, s, played ? &r : NULL, &d, first);
        else
                cli_print_diags(&d);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
        return status;
}

int tkit_cmd_score(int argc, char **argv)
{
        struct score_opts o = {0};
        cli_common_init(&o.com);
        int status = parse(argc, argv, &o);
        if (status != TKIT_EXIT_OK) {
                cli_common_finish(&o.com);
                return status == CLI_DONE ? TKIT_EXIT_OK : status;
        }
        o.argc = argc;
        o.argv = argv;
        { /* before anything is read: standard input once, never overwrite an input */
                struct cli_inputs in = {0};
                add_inputs(&in, &o);
                status = cli_inputs_stdin_once(&in, "score");
                if (status == TKIT_EXIT_OK && o.after)
                        status = cli_output_check(o.after, &in);
                cli_inputs_finish(&in);
                if (status != TKIT_EXIT_OK) {
                        cli_common_finish(&o.com);
                        return status;
                }
        }
        struct cli_sets *cs = &o.com.sets;
        struct tkit_diags d;
        tkit_diags_init(&d);
        status =
            cli_sets_load(cs, "score", o.com.tiles, o.com.ntiles, TKIT_FORMAT_AUTO, o.com.db, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        if (status == TKIT_EXIT_OK) {
                struct tkit_buf json;
                tkit_buf_init(&json);
                for (int i = optind; i < argc; i++)
                        status = worse(status, score_one(argv[i], &o, cs, &json, i == optind));
                if (o.json)
                        printf("[%s\n]\n", json.data ? json.data : "");
                tkit_buf_finish(&json);
        }
        cli_common_finish(&o.com);
        return status;
}
