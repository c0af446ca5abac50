/* tilekit book: a rulebook chapter in CommonMark, its pictures drawn from scenes and its numbers
 * computed by the rules engine, as PDF or HTML (book/tkit-book.h, docs/book.md). */
#include "cli.h"
#include "options.h"
#include "progress.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "book/tkit-book.h"
#include "render/tkit-render.h"
#include "text/tkit-text.h"

void tkit_help_book(FILE *out)
{
        fprintf(out, "Usage: tilekit book CHAPTER.md -o OUT.pdf|OUT.html [OPTION...]\n"
                     "       tilekit book CHAPTER.md --check [OPTION...]\n"
                     "Typesets a rulebook chapter written in CommonMark (docs/book.md): an image\n"
                     "whose target is a scene file is drawn as the scene's picture, a code span\n"
                     "`=SCENE:PATH` prints the number the rules engine computes, `N=SCENE:PATH`\n"
                     "prints N and fails when the engine computes another number.\n"
                     "\n"
                     "  -o, --output FILE  the PDF (.pdf) or standalone HTML (.html) to write\n"
                     "      --check        check everything, write nothing\n"
                     "      --lang LANG    the chapter's language: captions, hyphenation, HTML\n"
                     "                     lang (en ro cs uk); default: the chapter's own\n"
                     "                     (<!-- lang: cs --> on its first line, or NAME.cs.md),\n"
                     "                     else en\n"
                     "      --paper SIZE   a4 (default), letter or WxHmm (e.g. 170x240mm)\n"
                     "      --margin-mm MM page margins (default 20)\n"
                     "      --tile-mm MM   tile size of the pictures that do not give one\n"
                     "                     (default 20, 5..100)\n"
                     "  -t, --tiles FILE   read the sets from this tile-set file (repeatable);\n"
                     "                     without it, from the database; with neither, nor\n"
                     "                     $TILEKIT_DB, nor ./tilekit.db: the bundled tile sets\n"
                     "      --db FILE      database (default: $TILEKIT_DB or tilekit.db)\n"
                     "  -h, --help         this help\n"
                     "      --version      print the version\n"
                     "\n"
                     "Scene files are named relative to the chapter. Errors are reported as\n"
                     "CHAPTER:LINE:COLUMN: error: [BOOK-...] message, every one of them.\n"
                     "\n"
                     "Exit status: 0 written (or checked); 1 the chapter has errors (a missing or\n"
                     "illegal scene, an unknown value path, a failed assertion, ...: nothing is\n"
                     "written), the sets cannot be used or the output cannot be written; 2 usage\n"
                     "errors, a chapter that cannot be read.\n");
}

struct book_args {
        struct cli_common com; /* --db, --tiles */
        const char *chapter, *output;
        bool check;
        struct tkit_book_options o;
        glob_t bundled;
};

enum { O_CHECK = 256, O_LANG, O_PAPER, O_MARGIN, O_TILE_MM };

static int parse_mm(const char *arg, double min, double max, double *out, const char *opt)
{
        char *end;
        errno = 0;
        double v = strtod(arg, &end);
        if (errno || end == arg || *end || !(v >= min && v <= max))
                return cli_usage_error("book", "%s must be %g..%g", opt, min, max);
        *out = v;
        return TKIT_EXIT_OK;
}

static int on_option(void *ctx, int c, const char *arg)
{
        struct book_args *a = ctx;
        switch (c) {
        case 'o':
                a->output = arg;
                return 0;
        case O_CHECK:
                a->check = true;
                return 0;
        case O_LANG:
                if (!tkit_render_lang_known(arg))
                        return cli_usage_error("book", "unknown language '%s' (%s)", arg,
                                               tkit_lang_choices());
                a->o.lang = arg;
                return 0;
        case O_PAPER:
                if (!tkit_book_paper_parse(arg, &a->o.page_w_mm, &a->o.page_h_mm))
                        return cli_usage_error("book",
                                               "--paper is a4, letter or WxHmm (each "
                                               "50..2000), not '%s'",
                                               arg);
                return 0;
        case O_MARGIN:
                return parse_mm(arg, 0, 200, &a->o.margin_mm, "--margin-mm");
        default: /* O_TILE_MM */
                return parse_mm(arg, 5, 100, &a->o.tile_mm, "--tile-mm");
        }
}

/* The command's own options; --db, --tiles, --help and --version are the shared ones
 * (options.h). */
const struct cli_opt tkit_opts_book[] = {
    {"output", 'o', true, 'o'},
    {"check", 0, false, O_CHECK},
    {"lang", 0, true, O_LANG},
    {"paper", 0, true, O_PAPER},
    {"margin-mm", 0, true, O_MARGIN},
    {"tile-mm", 0, true, O_TILE_MM},
    {NULL},
};

/* 0, CLI_DONE or an exit status. */
static int parse(int argc, char **argv, struct book_args *a)
{
        struct cli_parser p = {"book", tkit_opts_book, on_option, a, NULL};
        int rc = cli_parse_options(&p, argc, argv, &a->com);
        if (rc)
                return rc;
        if (optind >= argc)
                return cli_usage_error("book", "no chapter given");
        if (argc - optind > 1)
                return cli_usage_error("book", "one chapter at a time ('%s' is one too many)",
                                       argv[optind + 1]);
        a->chapter = argv[optind];
        if (!a->output && !a->check)
                return cli_usage_error("book", "name the output with -o FILE.pdf|FILE.html, or "
                                               "use --check");
        if (a->output && tkit_book_format_from_path(a->output) == TKIT_BOOK_NONE)
                return cli_usage_error("book", "name the output *.pdf or *.html");
        if (a->output && a->check)
                return cli_usage_error("book", "--check writes nothing: leave out -o");
        return TKIT_EXIT_OK;
}

static void add_inputs(const struct book_args *a, struct cli_inputs *in)
{
        cli_inputs_add(in, a->chapter);
        for (size_t i = 0; i < a->com.ntiles; i++)
                cli_inputs_add(in, a->com.tiles[i]);
        if (!a->com.ntiles)
                cli_inputs_add(in, a->com.db ? a->com.db : cli_default_db());
}

static int write_out(const struct book_args *a, const struct tkit_book *b, int *pages)
{
        struct cli_inputs in = {0};
        add_inputs(a, &in);
        /* the scenes the chapter draws are inputs too: the output may be none of them, through
         * whatever link (compared by device and inode) */
        for (size_t i = 0; tkit_book_scene_path(b, i); i++)
                cli_inputs_add(&in, tkit_book_scene_path(b, i));
        struct cli_output out;
        int rc = cli_output_open(&out, a->output, &in);
        cli_inputs_finish(&in);
        if (rc)
                return rc;
        struct tkit_diags d;
        tkit_diags_init(&d);
        int lib = tkit_book_write(b, &a->o, tkit_book_format_from_path(a->output), out.f, a->output,
                                  pages, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        int wc = cli_output_close(&out, lib == 0);
        if (lib)
                return lib == TKIT_E_USAGE ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
        return wc;
}

/* tkit_book_options.progress: one line per stage ("resolving", "drawing") on a terminal. */
static void book_progress(void *ctx, const char *what, size_t done, size_t total)
{
        struct cli_progress *p = ctx;
        if (p->what != what) {
                cli_progress_end(p);
                cli_progress_start(p, what);
        }
        cli_progress_step(p, done, total);
}

/* Reads, resolves and (unless --check) writes the chapter. */
static int run(struct book_args *a, struct cli_sets *cs)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        d.limit = 0; /* every problem of the chapter is listed */
        int err = 0;
        bool in = strcmp(a->chapter, "-") == 0;
        struct tkit_book *b = in ? tkit_book_read_stream(stdin, "<stdin>", &d, &err)
                                 : tkit_book_read_file(a->chapter, &d, &err);
        /* the one table: cannot be opened or read 2, invalid (over a limit) 1 */
        int rc = b ? TKIT_EXIT_OK : err == TKIT_E_IO ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
        struct cli_progress pr;
        cli_progress_start(&pr, "");
        a->o.progress = book_progress;
        a->o.progress_ctx = &pr;
        if (b && tkit_book_resolve(b, &a->o, cs->sel, cs->nsel, &d) != 0)
                rc = TKIT_EXIT_FAIL;
        cli_progress_end(&pr);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        int pages = 0;
        if (rc == TKIT_EXIT_OK && !a->check)
                rc = write_out(a, b, &pages);
        cli_progress_end(&pr);
        if (rc == TKIT_EXIT_OK) {
                struct tkit_book_stats st;
                tkit_book_stats(b, &st);
                printf("%s: %zu pictures, %zu values (%zu checked) from %zu scenes",
                       a->check ? a->chapter : a->output, st.pictures, st.values, st.assertions,
                       st.scenes);
                if (!a->check && tkit_book_format_from_path(a->output) == TKIT_BOOK_PDF)
                        printf(", %d page%s", pages, pages == 1 ? "" : "s");
                printf("\n");
        }
        tkit_book_destroy(b);
        return rc;
}

int tkit_cmd_book(int argc, char **argv)
{
        struct book_args a;
        memset(&a, 0, sizeof a);
        tkit_book_options_init(&a.o);
        cli_common_init(&a.com);
        int rc = parse(argc, argv, &a);
        if (rc == TKIT_EXIT_OK) { /* before anything is read */
                struct cli_inputs in = {0};
                add_inputs(&a, &in);
                rc = cli_inputs_stdin_once(&in, "book");
                if (rc == TKIT_EXIT_OK && a.output)
                        rc = cli_output_check(a.output, &in);
                cli_inputs_finish(&in);
        }
        if (rc != TKIT_EXIT_OK) {
                cli_common_finish(&a.com);
                return rc == CLI_DONE ? TKIT_EXIT_OK : rc;
        }
        struct cli_common *com = &a.com;
        if (!com->ntiles && cli_bundled_tiles(com->db, &a.bundled))
                for (size_t i = 0; i < a.bundled.gl_pathc; i++)
                        *TKIT_PUSH(com->tiles, com->ntiles, com->captiles) = a.bundled.gl_pathv[i];
        struct tkit_diags d;
        tkit_diags_init(&d);
        rc = cli_sets_load(&com->sets, "book", com->tiles, com->ntiles, TKIT_FORMAT_AUTO, com->db,
                           &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        if (rc == TKIT_EXIT_OK)
                rc = run(&a, &com->sets);
        if (a.bundled.gl_pathc)
                globfree(&a.bundled);
        cli_common_finish(&a.com);
        tkit_render_cleanup(); /* the command ends here: leave no font caches behind */
        return rc;
}
