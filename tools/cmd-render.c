/* `tilekit render sheet|board|tile`: reads the sets (database or XML files), calls render/. */
#include "cli.h"
#include "options.h"
#include "progress.h"
#include "cmd-render-scene.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "render/tkit-render.h"
#include "sim/tkit-sim.h"

void tkit_help_render(FILE *out)
{
        fprintf(out,
                "Usage: tilekit render sheet --set ID[,ID...] -o FILE.pdf [options]\n"
                "       tilekit render board --layout FILE.json -o FILE.png|.svg|.pdf [options]\n"
                "       tilekit render board --set ID[,ID...] --seed N -o FILE.png [options]\n"
                "       tilekit render tile ID [--set ID] [--rotation DEG] -o FILE.png\n"
                "       tilekit render scene SCENE.xml -o FILE.png|.svg|.pdf [options]\n"
                "\n"
                "Draws tiles from their geometry: printable reference sheets (PDF, real size),\n"
                "board pictures of a layout or of a fresh simulation, single tiles,\n"
                "and rulebook pictures of scenes with their figures and points\n"
                "('tilekit render scene --help').\n"
                "\n"
                "Where the sets come from:\n"
                "      --db FILE          the database (default $TILEKIT_DB or tilekit.db)\n"
                "  -t, --tiles FILE.xml   read sets from XML instead (native or JCloisterZone;\n"
                "                         repeatable)\n"
                "  -s, --set ID[,ID...]   the sets to draw (with --tiles: default all read)\n"
                "  -o, --output FILE      where to write; the format comes from the extension\n"
                "      --debug            draw perimeter positions, feature ids and the field\n"
                "                         regions tilekit check infers on tiles\n"
                "      --no-illustrations leave out the illustrations (garden, farmhouse,\n"
                "                         water tower, robbers, stables) drawn on tiles\n"
                "      --art FILE.xml     sheet, board: draw tiles from the publisher's images\n"
                "                         named by an art manifest (docs/render.md); tiles\n"
                "                         without one keep tilekit's art, with a warning\n"
                "\n"
                "sheet:\n"
                "      --paper a4|letter  paper (default a4)\n"
                "      --tile-mm MM       tile size at trim (default 45, the real tile)\n"
                "      --bleed-mm MM      art beyond the trim line (default 3)\n"
                "      --margin-mm MM     page margin (default 10)\n"
                "      --no-crop-marks    no cut marks outside the tiles\n"
                "      --no-summary       no summary page in front of each set\n"
                "      --notes            print the manifest's notes (the authors' sources, in\n"
                "                         English) on the summary page\n"
                "      --lang en|ro|cs|uk language of names and fixed texts (default en)\n"
                "      --labels LIST      label content: id,count,name,set or none (default all)\n"
                "\n"
                "board:\n"
                "      --layout FILE      a layout written by 'tilekit simulate --json'\n"
                "      --seed N           simulate one game of --set with this seed instead\n"
                "      --players N        players for the simulation (default 2)\n"
                "      --px N             pixels per tile (default 64; tile: default 256)\n"
                "      --no-grid --no-coords --no-bridges --no-discarded\n"
                "\n"
                "tile:\n"
                "      --rotation DEG     0, 90, 180 or 270 degrees clockwise (default 0)\n"
                "  ID may also name a multi-cell piece (drawn with its first face, as it lies:\n"
                "  --rotation other than 0 is refused for pieces).\n"
                "\n"
                "      --help             show this help\n"
                "      --version          show the version\n"
                "\n"
                "The output is written to a temporary file next to it and renamed when complete\n"
                "(tilekit(1), OUTPUT FILES); it must not be the database, a tile file or the\n"
                "layout.\n"
                "\n"
                "Exit status: 0 written; 1 invalid data, a missing set or tile, an illegal\n"
                "layout or a failed write; 2 usage errors (also options the drawing refuses,\n"
                "like a tile too large for the paper) and inputs that cannot be opened or read.\n");
}

enum {
        OPT_DEBUG = 256,
        OPT_PAPER,
        OPT_TILE_MM,
        OPT_BLEED_MM,
        OPT_MARGIN_MM,
        OPT_NO_CROP,
        OPT_NO_SUMMARY,
        OPT_LANG,
        OPT_LABELS,
        OPT_LAYOUT,
        OPT_SEED,
        OPT_PLAYERS,
        OPT_PX,
        OPT_NO_GRID,
        OPT_NO_COORDS,
        OPT_NO_BRIDGES,
        OPT_NO_DISCARDED,
        OPT_ROTATION,
        OPT_ART,
        OPT_NO_ILLUSTRATIONS,
        OPT_NOTES,
};

/* The options of sheet, board and tile; --db, --tiles, --set, --help and --version are the shared
 * ones (options.h). */
const struct cli_opt tkit_opts_render[] = {
    {"output", 'o', true, 'o'},
    {"debug", 0, false, OPT_DEBUG},
    {"no-illustrations", 0, false, OPT_NO_ILLUSTRATIONS},
    {"paper", 0, true, OPT_PAPER},
    {"tile-mm", 0, true, OPT_TILE_MM},
    {"bleed-mm", 0, true, OPT_BLEED_MM},
    {"margin-mm", 0, true, OPT_MARGIN_MM},
    {"no-crop-marks", 0, false, OPT_NO_CROP},
    {"no-summary", 0, false, OPT_NO_SUMMARY},
    {"notes", 0, false, OPT_NOTES},
    {"lang", 0, true, OPT_LANG},
    {"labels", 0, true, OPT_LABELS},
    {"layout", 0, true, OPT_LAYOUT},
    {"seed", 0, true, OPT_SEED},
    {"players", 0, true, OPT_PLAYERS},
    {"px", 0, true, OPT_PX},
    {"no-grid", 0, false, OPT_NO_GRID},
    {"no-coords", 0, false, OPT_NO_COORDS},
    {"no-bridges", 0, false, OPT_NO_BRIDGES},
    {"no-discarded", 0, false, OPT_NO_DISCARDED},
    {"rotation", 0, true, OPT_ROTATION},
    {"art", 0, true, OPT_ART},
    {NULL},
};

struct render_args {
        const char *sub;
        struct cli_common com; /* --db, --tiles, --set */
        const char *output;
        const char *layout;
        const char *tile_id;
        const char *art;
        bool have_seed, have_rotation;
        uint64_t seed;
        long players, px, rotation;
        unsigned flags;
        struct tkit_sheet_options sheet;
        struct tkit_board_options board;
};

static bool parse_mm(const char *s, double *out)
{
        char *end;
        errno = 0;
        double v = strtod(s, &end);
        if (errno || end == s || *end || !isfinite(v))
                return false;
        *out = v;
        return true;
}

/* The sets to draw: from --tiles files, or the sets asked for (--set, or already in `cs`) from the
 * database. Without either, an error when `need_set`. */
static int load_sets(const struct render_args *a, struct cli_sets *cs, bool need_set)
{
        for (size_t i = 0; i < a->com.sets.nids; i++)
                *TKIT_PUSH(cs->ids, cs->nids, cs->capids) = tkit_xstrdup(a->com.sets.ids[i]);
        if (a->com.ntiles == 0 && !cs->nids)
                return need_set ? cli_usage_error("render",
                                                  "which set? give --set ID, and --db FILE or "
                                                  "--tiles FILE.xml (neither: the sets shipped "
                                                  "with tilekit)")
                                : 0;
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = cli_sets_load(cs, "render", a->com.tiles, a->com.ntiles, TKIT_FORMAT_AUTO,
                               a->com.db, &d);
        if (rc)
                cli_print_diags(&d);
        tkit_diags_finish(&d);
        return rc;
}

static int report(int rc, struct tkit_diags *d)
{
        cli_print_diags(d);
        if (rc == TKIT_E_USAGE)
                return TKIT_EXIT_USAGE;
        return rc ? TKIT_EXIT_FAIL : TKIT_EXIT_OK;
}

/* The files a drawing reads: its output must be none of them. */
static void render_inputs(const struct render_args *a, struct cli_inputs *in)
{
        for (size_t i = 0; i < a->com.ntiles; i++)
                cli_inputs_add(in, a->com.tiles[i]);
        if (a->com.ntiles == 0)
                cli_inputs_add(in, a->com.db ? a->com.db : cli_default_db());
        cli_inputs_add(in, a->layout);
        cli_inputs_add(in, a->art);
}

/* Refuses an output that is one of the inputs, before anything is read. */
static int check_output(const struct render_args *a)
{
        struct cli_inputs in = {0};
        render_inputs(a, &in);
        int rc = cli_inputs_stdin_once(&in, "render");
        if (!rc)
                rc = cli_output_check(a->output, &in);
        cli_inputs_finish(&in);
        return rc;
}

/* What a drawing needs to write: the stream to draw into, its name. */
struct drawing {
        const struct render_args *a;
        struct cli_output out;
        struct tkit_diags d;
};

static int drawing_open(struct drawing *g, const struct render_args *a)
{
        g->a = a;
        tkit_diags_init(&g->d);
        struct cli_inputs in = {0};
        render_inputs(a, &in);
        int rc = cli_output_open(&g->out, a->output, &in);
        cli_inputs_finish(&in);
        if (rc)
                tkit_diags_finish(&g->d);
        return rc;
}

/* Puts the picture in place when the library drew it (`r` 0), else discards it; prints the
 * diagnostics; returns the exit status. */
static int drawing_close(struct drawing *g, int r)
{
        int rc = report(r, &g->d);
        int wc = cli_output_close(&g->out, r == 0);
        tkit_diags_finish(&g->d);
        return rc ? rc : wc;
}

/* tkit_sheet_options.progress: a page finished (the count is not known before). */
static void sheet_progress(void *ctx, int page)
{
        cli_progress_step(ctx, (size_t)page, 0);
}

static int run_sheet(struct render_args *a)
{
        if (!a->output)
                return cli_usage_error("render", "sheet needs -o FILE.pdf");
        if (tkit_image_format_from_path(a->output) != TKIT_IMAGE_PDF)
                return cli_usage_error("render", "sheets are PDF: name the output *.pdf");
        int rc = check_output(a);
        if (rc)
                return rc;
        struct cli_sets ld;
        cli_sets_init(&ld);
        rc = load_sets(a, &ld, true);
        if (rc == 0 && ld.nsel == 0)
                rc = cli_fail("no sets to draw");
        struct tkit_render_art *art = NULL;
        if (rc == 0)
                rc = tkit_cli_load_art(a->art, ld.sel, ld.nsel, &a->output, 1, &art);
        struct drawing g;
        if (rc == 0 && (rc = drawing_open(&g, a)) == 0) {
                a->sheet.flags = a->flags;
                a->sheet.art = art;
                struct cli_progress pr;
                cli_progress_start(&pr, "pages");
                a->sheet.progress = sheet_progress;
                a->sheet.progress_ctx = &pr;
                int pages = 0;
                int r = tkit_render_sheet_stream((const struct tkit_set *const *)ld.sel, ld.nsel,
                                                 &a->sheet, g.out.f, a->output, &pages, &g.d);
                cli_progress_end(&pr);
                if (!r && tkit_render_art_failed(art, &g.d)) /* decoded as drawn: not kept */
                        r = TKIT_E_USAGE;
                rc = drawing_close(&g, r);
                if (rc == 0)
                        printf("%s: %d page%s, %zu set%s\n", a->output, pages,
                               pages == 1 ? "" : "s", ld.nsel, ld.nsel == 1 ? "" : "s");
        }
        tkit_render_art_destroy(art);
        cli_sets_finish(&ld);
        return rc;
}

/* The layout to draw: read (and resolved against its sets) or simulated. */
static struct tkit_layout *board_layout(const struct render_args *a, struct cli_sets *ld,
                                        struct tkit_diags *d, int *rc)
{
        if (a->layout) {
                struct tkit_layout *l = cli_read_layout(a->layout, NULL, 0, d, rc);
                if (!l)
                        return NULL;
                if (!a->com.sets.nids && a->com.ntiles == 0) {
                        /* the layout names its sets: load those from the database */
                        for (size_t i = 0; i < l->nsets; i++)
                                *TKIT_PUSH(ld->ids, ld->nids, ld->capids) =
                                    tkit_xstrdup(l->sets[i]);
                        *rc = l->nsets ? load_sets(a, ld, true) : cli_fail("layout names no set");
                } else {
                        *rc = load_sets(a, ld, false);
                }
                if (*rc == 0 && tkit_layout_resolve(l, ld->sel, ld->nsel, d) != 0)
                        *rc = TKIT_EXIT_FAIL;
                if (*rc) {
                        tkit_layout_destroy(l);
                        return NULL;
                }
                return l;
        }
        *rc = load_sets(a, ld, true);
        if (*rc)
                return NULL;
        struct tkit_sim_options so;
        tkit_sim_options_init(&so);
        so.seed = a->seed;
        if (a->players)
                so.players = (int)a->players;
        struct tkit_layout *l = tkit_simulate(ld->sel, ld->nsel, &so, d);
        if (!l)
                *rc = TKIT_EXIT_FAIL;
        return l;
}

static int run_board(struct render_args *a)
{
        if (!a->output)
                return cli_usage_error("render", "board needs -o FILE.png|.svg|.pdf");
        if (tkit_image_format_from_path(a->output) == TKIT_IMAGE_AUTO)
                return cli_usage_error("render", "name the output *.png, *.svg or *.pdf");
        if (!a->layout && !a->have_seed)
                return cli_usage_error("render", "board needs --layout FILE or --set and --seed");
        if (a->layout && a->have_seed)
                return cli_usage_error("render", "--layout and --seed exclude each other");
        int rc = check_output(a);
        if (rc)
                return rc;
        struct cli_sets ld;
        cli_sets_init(&ld);
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_layout *l = board_layout(a, &ld, &d, &rc);
        cli_print_diags(&d);
        struct tkit_render_art *art = NULL;
        if (l)
                rc = tkit_cli_load_art(a->art, ld.sel, ld.nsel, &a->output, 1, &art);
        struct drawing g;
        if (l && rc == 0 && (rc = drawing_open(&g, a)) == 0) {
                if (a->px)
                        a->board.px = (int)a->px;
                a->board.flags = a->flags;
                a->board.art = art;
                a->board.lang = a->sheet.lang; /* --lang, checked when parsed */
                int r = tkit_render_board_stream(l, &a->board, g.out.f, a->output, TKIT_IMAGE_AUTO,
                                                 &g.d);
                if (!r && tkit_render_art_failed(art, &g.d)) /* decoded as drawn: not kept */
                        r = TKIT_E_USAGE;
                rc = drawing_close(&g, r);
                if (rc == 0)
                        printf("%s: %zu placements, %zu discarded\n", a->output, l->nplacements,
                               l->ndiscards);
        }
        tkit_render_art_destroy(art);
        tkit_layout_destroy(l);
        tkit_diags_finish(&d);
        cli_sets_finish(&ld);
        return rc;
}

static int run_tile(struct render_args *a)
{
        if (a->art)
                return cli_usage_error("render", "--art is for sheet, board and scene");
        if (!a->tile_id)
                return cli_usage_error("render", "tile needs a tile ID");
        if (!a->output)
                return cli_usage_error("render", "tile needs -o FILE.png|.svg|.pdf");
        if (tkit_image_format_from_path(a->output) == TKIT_IMAGE_AUTO)
                return cli_usage_error("render", "name the output *.png, *.svg or *.pdf");
        int rc = check_output(a);
        if (rc)
                return rc;
        struct cli_sets ld;
        cli_sets_init(&ld);
        if ((rc = load_sets(a, &ld, true)) != 0) {
                cli_sets_finish(&ld);
                return rc;
        }
        /* the first selected set that has the id, as a tile or as a multi-cell piece */
        const struct tkit_tile *tile = NULL;
        const struct tkit_piece *piece = NULL;
        for (size_t i = 0; i < ld.nsel && !tile && !piece; i++) {
                const struct tkit_set *s = ld.sel[i];
                int ti = tkit_set_find_tile(s, a->tile_id);
                tile = ti >= 0 ? &s->tiles[ti] : NULL;
                for (size_t k = 0; k < s->npieces && !tile && !piece; k++)
                        if (strcmp(s->pieces[k].id, a->tile_id) == 0)
                                piece = &s->pieces[k];
        }
        struct drawing g;
        if (!tile && !piece) {
                cli_fail("no tile '%s' in the sets given", a->tile_id);
                rc = TKIT_EXIT_FAIL;
        } else if (piece && a->have_rotation && a->rotation) {
                rc = cli_usage_error("render",
                                     "'%s' is a multi-cell piece, drawn as it lies: "
                                     "--rotation applies to tiles only",
                                     a->tile_id);
        } else if ((rc = drawing_open(&g, a)) == 0) {
                int px = a->px ? (int)a->px : 256;
                int r = tile ? tkit_render_tile_stream(tile, (int)a->rotation / 90, px, a->flags,
                                                       g.out.f, a->output, TKIT_IMAGE_AUTO, &g.d)
                             : tkit_render_piece_stream(piece, piece->nfaces ? 0 : -1, px, a->flags,
                                                        g.out.f, a->output, TKIT_IMAGE_AUTO, &g.d);
                rc = drawing_close(&g, r);
        }
        cli_sets_finish(&ld);
        return rc;
}

/* The options of the sheet: 1 when `c` is none of them. */
static int parse_sheet_option(struct render_args *a, int c, const char *arg)
{
        double v;
        long n;
        switch (c) {
        case OPT_PAPER:
                n = tkit_paper_parse(arg);
                if (n < 0)
                        return cli_usage_error("render", "unknown paper '%s' (a4, letter)", arg);
                a->sheet.paper = (enum tkit_paper)n;
                return 0;
        case OPT_TILE_MM:
        case OPT_BLEED_MM:
        case OPT_MARGIN_MM:
                if (!parse_mm(arg, &v))
                        return cli_usage_error("render", "not a number of millimetres: '%s'", arg);
                *(c == OPT_TILE_MM    ? &a->sheet.tile_mm
                  : c == OPT_BLEED_MM ? &a->sheet.bleed_mm
                                      : &a->sheet.margin_mm) = v;
                return 0;
        case OPT_NO_CROP:
                a->sheet.crop_marks = false;
                return 0;
        case OPT_NO_SUMMARY:
                a->sheet.summary = false;
                return 0;
        case OPT_NOTES:
                a->sheet.notes = true;
                return 0;
        case OPT_LANG:
                a->sheet.lang = arg;
                return cli_parse_lang("render", arg, NULL);
        case OPT_LABELS:
                n = tkit_label_parse(arg);
                if (n < 0)
                        return cli_usage_error("render", "bad --labels '%s'", arg);
                a->sheet.labels = (unsigned)n;
                return 0;
        default:
                return 1;
        }
}

/* The options of the board and of a single tile: 1 when `c` is none of them. */
static int parse_board_option(struct render_args *a, int c, const char *arg)
{
        switch (c) {
        case OPT_LAYOUT:
                a->layout = arg;
                return 0;
        case OPT_SEED:
                if (!cli_parse_u64(arg, &a->seed))
                        return cli_usage_error("render", "bad --seed '%s'", arg);
                a->have_seed = true;
                return 0;
        case OPT_PLAYERS:
                if (!cli_parse_long(arg, 2, 6, &a->players))
                        return cli_usage_error("render", "--players must be 2..6");
                return 0;
        case OPT_PX:
                if (!cli_parse_long(arg, 8, 4096, &a->px))
                        return cli_usage_error("render", "--px must be 8..4096");
                return 0;
        case OPT_NO_GRID:
                a->board.grid = false;
                return 0;
        case OPT_NO_COORDS:
                a->board.coords = false;
                return 0;
        case OPT_NO_BRIDGES:
                a->board.bridges = false;
                return 0;
        case OPT_NO_DISCARDED:
                a->board.discarded = false;
                return 0;
        case OPT_ROTATION:
                if (!cli_parse_long(arg, 0, 270, &a->rotation) || a->rotation % 90)
                        return cli_usage_error("render", "--rotation must be 0, 90, 180 or 270");
                a->have_rotation = true;
                return 0;
        default:
                return 1;
        }
}

/* The options every drawing takes, then the sheet's, then the board's and the tile's. */
static int on_option(void *ctx, int c, const char *arg)
{
        struct render_args *a = ctx;
        int rc;
        switch (c) {
        case 'o':
                a->output = arg;
                return 0;
        case OPT_DEBUG:
                a->flags |= TKIT_RENDER_DEBUG;
                return 0;
        case OPT_NO_ILLUSTRATIONS:
                a->flags |= TKIT_RENDER_NO_ILLUSTRATIONS;
                return 0;
        case OPT_ART:
                a->art = arg;
                return 0;
        default:
                if ((rc = parse_sheet_option(a, c, arg)) != 1 ||
                    (rc = parse_board_option(a, c, arg)) != 1)
                        return rc;
                return cli_usage_error("render", "unknown option");
        }
}

int tkit_cmd_render(int argc, char **argv)
{
        struct render_args a;
        memset(&a, 0, sizeof a);
        tkit_sheet_options_init(&a.sheet);
        tkit_board_options_init(&a.board);
        if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
                tkit_help_render(stdout);
                return TKIT_EXIT_OK;
        }
        if (argc >= 2 && strcmp(argv[1], "--version") == 0)
                return cli_version();
        if (argc >= 2 && (strcmp(argv[1], "scene") == 0 || tkit_render_wants_scene(argc, argv)))
                return tkit_cmd_render_scene(argc, argv);
        if (argc < 2 || argv[1][0] == '-')
                return cli_usage_error("render", "say what to draw: sheet, board or tile");
        a.sub = argv[1];
        cli_common_init(&a.com);
        struct cli_parser p = {"render", tkit_opts_render, on_option, &a, NULL};
        int rc = cli_parse_options(&p, argc - 1, argv + 1, &a.com);
        if (rc == 0) {
                int extra = argc - 1 - optind;
                if (strcmp(a.sub, "tile") == 0 && extra == 1)
                        a.tile_id = argv[1 + optind];
                else if (extra > 0)
                        rc =
                            cli_usage_error("render", "unexpected argument '%s'", argv[1 + optind]);
        }
        if (rc == 0) {
                if (strcmp(a.sub, "sheet") == 0)
                        rc = run_sheet(&a);
                else if (strcmp(a.sub, "board") == 0)
                        rc = run_board(&a);
                else if (strcmp(a.sub, "tile") == 0)
                        rc = run_tile(&a);
                else
                        rc = cli_usage_error("render", "unknown drawing '%s' (sheet, board, tile)",
                                             a.sub);
        }
        cli_common_finish(&a.com);
        tkit_render_cleanup(); /* the command ends here: leave no font caches behind */
        return rc == CLI_DONE ? TKIT_EXIT_OK : rc;
}
