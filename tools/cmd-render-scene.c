/* `tilekit render scene SCENE` (a rulebook picture of a scene, with the engine's events) and
 * `tilekit render board --scene SCENE` (a board of a layout carrying the scene's figures).
 * Reached from cmd-render.c's dispatch. */
#include "cli.h"
#include "options.h"
#include "cmd-render-scene.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "render/tkit-render.h"
#include "sim/tkit-sim.h"

static void help_scene(FILE *out)
{
        fprintf(out,
                "Usage: tilekit render scene SCENE -o FILE.svg|.pdf|.png [options]\n"
                "       tilekit render board --scene SCENE (--layout FILE | --set ID --seed N)\n"
                "                            -o FILE [options]\n"
                "\n"
                "Draws a scene (docs/scene.md) as a rulebook picture: its tiles, tokens and\n"
                "figures; the move shown: the tile placed framed, every figure it places where\n"
                "it goes (ringed as new), the tokens it builds, refused actions crossed out\n"
                "with a callout; the features it scores hatched in the scorer's colour with a\n"
                "points badge, post scores as badges at the post, the defense posts drawn on\n"
                "the fortress, the callouts, and under the picture the caption and a legend of\n"
                "the events (tilekit score).\n"
                "\n"
                "  -t, --tiles FILE.xml   read the sets from tile-set files (repeatable);\n"
                "                         without it, from the database, else the bundled sets\n"
                "      --db FILE          the database (default $TILEKIT_DB or tilekit.db)\n"
                "  -o, --output FILE      where to write; the format comes from the extension\n"
                "      --state during|before|after\n"
                "                         the move shown (default), the board before it, or\n"
                "                         its outcome\n"
                "      --map FILE.json    also write the picture map: every element drawn with\n"
                "                         its box (docs/render.md)\n"
                "      --final            score the end of the game after the move\n"
                "      --lang en|ro|cs|uk caption, legend and labels (default en)\n"
                "      --tile-mm MM       tile size (default 45, the real tile; rulebooks: 20)\n"
                "      --dpi N            PNG resolution (default 150)\n"
                "      --full             every tile (default: the tiles around the move)\n"
                "      --grid             column and row numbers\n"
                "      --transparent      PNG: no background\n"
                "      --legend full|key|none\n"
                "                         under the picture: the caption, the key and a line\n"
                "                         per event (full, the default); the caption, the key\n"
                "                         and the callouts' words (key: the page tells the\n"
                "                         events); nothing (none)\n"
                "      --no-caption       the same as --legend none\n"
                "      --no-illustrations leave out the illustrations drawn on tiles (garden,\n"
                "                         farmhouse, water tower, robbers, stables)\n"
                "      --art FILE.xml     draw tiles from the publisher's images named by an\n"
                "                         art manifest (docs/render.md); tiles without one are\n"
                "                         drawn with tilekit's art, with a warning\n"
                "\n"
                "board --scene: the board options of 'tilekit render --help' (--layout, --set,\n"
                "--seed, --players, --px, --no-grid, --no-coords); the scene's figures whose\n"
                "cell and feature exist on the board are drawn, the others reported.\n"
                "\n"
                "SCENE - reads the scene from standard input. The sets are found as for\n"
                "tilekit score: --tiles, else --db, $TILEKIT_DB or ./tilekit.db, else the\n"
                "bundled tile sets.\n"
                "\n"
                "Exit status: 0 written; 1 a scene that is invalid, illegal or names a set that\n"
                "is not there (as for tilekit score), or a failed write; 2 usage errors ('-'\n"
                "named twice), inputs that cannot be opened or read.\n");
}

/* Every image the manifest names is an input: 0, or 2 after the message when an output (NULL
 * ones skipped) is one of them, through whatever link. Checked before any image is decoded. */
static int art_outputs(const struct tkit_art *a, const char *const *outputs, size_t nout)
{
        char **paths = tkit_xcalloc(a->nimages + 1, sizeof *paths);
        struct cli_inputs in = {0};
        for (size_t i = 0; i < a->nimages; i++)
                cli_inputs_add(&in, paths[i] = tkit_art_image_path(a, &a->images[i]));
        int rc = 0;
        for (size_t i = 0; i < nout && !rc; i++)
                if (outputs[i] && strcmp(outputs[i], "-") != 0)
                        rc = cli_output_check(outputs[i], &in);
        cli_inputs_finish(&in);
        for (size_t i = 0; i < a->nimages; i++)
                free(paths[i]);
        free(paths);
        return rc;
}

int tkit_cli_load_art(const char *path, struct tkit_set *const *sets, size_t nsets,
                      const char *const *outputs, size_t nout, struct tkit_render_art **art)
{
        *art = NULL;
        if (!path)
                return 0;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_art *a = tkit_art_read_file(path, &d, NULL);
        int rc = a ? art_outputs(a, outputs, nout) : TKIT_EXIT_USAGE;
        if (!rc)
                *art = tkit_render_art_create(a, sets, nsets, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        tkit_art_destroy(a);
        return *art ? 0 : rc ? rc : TKIT_EXIT_USAGE;
}

bool tkit_render_wants_scene(int argc, char **argv)
{
        if (argc < 2 || strcmp(argv[1], "board") != 0)
                return false;
        for (int i = 2; i < argc; i++)
                if (strcmp(argv[i], "--scene") == 0 || strncmp(argv[i], "--scene=", 8) == 0)
                        return true;
        return false;
}

struct scene_args {
        bool board;
        struct cli_common com; /* --db, --tiles, --set (board) */
        const char *scene, *output, *layout, *map, *art;
        struct tkit_scene_render_options o;
        double tile_mm;
        long dpi, px, players;
        bool final, grid_off, coords_off, have_seed;
        uint64_t seed;
};

enum {
        O_STATE = 256,
        O_FINAL,
        O_LANG,
        O_TILE_MM,
        O_DPI,
        O_FULL,
        O_GRID,
        O_TRANSPARENT,
        O_NO_CAPTION,
        O_SCENE,
        O_LAYOUT,
        O_SEED,
        O_PLAYERS,
        O_PX,
        O_NO_GRID,
        O_NO_COORDS,
        O_MAP,
        O_ART,
        O_NO_ILLUSTRATIONS,
        O_LEGEND,
};

/* The options of render scene and render board --scene; --db, --tiles, --set, --help and
 * --version are the shared ones (options.h). */
const struct cli_opt tkit_opts_render_scene[] = {
    {"output", 'o', true, 'o'},
    {"state", 0, true, O_STATE},
    {"final", 0, false, O_FINAL},
    {"lang", 0, true, O_LANG},
    {"tile-mm", 0, true, O_TILE_MM},
    {"dpi", 0, true, O_DPI},
    {"full", 0, false, O_FULL},
    {"grid", 0, false, O_GRID},
    {"transparent", 0, false, O_TRANSPARENT},
    {"no-caption", 0, false, O_NO_CAPTION},
    {"legend", 0, true, O_LEGEND},
    {"no-illustrations", 0, false, O_NO_ILLUSTRATIONS},
    {"scene", 0, true, O_SCENE},
    {"layout", 0, true, O_LAYOUT},
    {"seed", 0, true, O_SEED},
    {"players", 0, true, O_PLAYERS},
    {"px", 0, true, O_PX},
    {"no-grid", 0, false, O_NO_GRID},
    {"no-coords", 0, false, O_NO_COORDS},
    {"map", 0, true, O_MAP},
    {"art", 0, true, O_ART},
    {NULL},
};

static int on_option(void *ctx, int c, const char *arg)
{
        struct scene_args *a = ctx;
        char *end;
        switch (c) {
        case 'o': a->output = arg; return 0;
        case O_STATE:
                if (tkit_scene_state_parse(arg) < 0)
                        return cli_usage_error("render", "--state is during, before or after");
                a->o.state = (enum tkit_scene_state)tkit_scene_state_parse(arg);
                return 0;
        case O_MAP: a->map = arg; return 0;
        case O_ART: a->art = arg; return 0;
        case O_FINAL: a->final = true; return 0;
        case O_LANG:
                a->o.lang = arg;
                return cli_parse_lang("render", arg, NULL);
        case O_TILE_MM:
                errno = 0;
                a->tile_mm = strtod(arg, &end);
                if (errno || end == arg || *end || !(a->tile_mm >= 5 && a->tile_mm <= 300))
                        return cli_usage_error("render", "--tile-mm must be 5..300");
                return 0;
        case O_DPI:
                if (!cli_parse_long(arg, 10, 2400, &a->dpi))
                        return cli_usage_error("render", "--dpi must be 10..2400");
                return 0;
        case O_FULL: a->o.full = true; return 0;
        case O_GRID: a->o.coords = true; return 0;
        case O_TRANSPARENT: a->o.transparent = true; return 0;
        case O_NO_CAPTION: a->o.legend = TKIT_LEGEND_NONE; return 0;
        case O_LEGEND:
                if (tkit_scene_legend_parse(arg) < 0)
                        return cli_usage_error("render", "--legend is full, key or none");
                a->o.legend = (enum tkit_scene_legend)tkit_scene_legend_parse(arg);
                return 0;
        case O_NO_ILLUSTRATIONS: a->o.flags |= TKIT_RENDER_NO_ILLUSTRATIONS; return 0;
        case O_SCENE: a->scene = arg; return 0;
        case O_LAYOUT: a->layout = arg; return 0;
        case O_SEED:
                if (!cli_parse_u64(arg, &a->seed))
                        return cli_usage_error("render", "bad --seed '%s'", arg);
                a->have_seed = true;
                return 0;
        case O_PLAYERS:
                if (!cli_parse_long(arg, 2, 6, &a->players))
                        return cli_usage_error("render", "--players must be 2..6");
                return 0;
        case O_PX:
                if (!cli_parse_long(arg, 8, 1024, &a->px))
                        return cli_usage_error("render", "--px must be 8..1024");
                return 0;
        case O_NO_GRID: a->grid_off = true; return 0;
        case O_NO_COORDS: a->coords_off = true; return 0;
        default: return cli_usage_error("render", "bad option");
        }
}

/* Options only one of the two drawings takes. */
static int check_args(const struct scene_args *a, int extra, char **rest)
{
        if (!a->board && !a->scene)
                return cli_usage_error("render", "scene needs a SCENE file");
        if (extra)
                return cli_usage_error("render", "unexpected argument '%s'", rest[0]);
        if (!a->output)
                return cli_usage_error("render", "name the output with -o FILE");
        if (tkit_image_format_from_path(a->output) == TKIT_IMAGE_AUTO)
                return cli_usage_error("render", "name the output *.png, *.svg or *.pdf");
        if (a->board && !a->layout == !a->have_seed)
                return cli_usage_error("render", "board needs --layout FILE or --set and --seed");
        if (a->board && a->map)
                return cli_usage_error("render", "--map is for render scene");
        if (!a->board && (a->layout || a->have_seed || a->com.sets.nids || a->px || a->players))
                return cli_usage_error("render", "--layout, --set, --seed, --players and --px "
                                                 "are for render board");
        return 0;
}

/* 0, CLI_DONE or an exit status. */
static int parse_args(int argc, char **argv, struct scene_args *a)
{
        tkit_scene_render_options_init(&a->o);
        a->tile_mm = 45;
        a->dpi = 150;
        a->board = strcmp(argv[1], "board") == 0;
        struct cli_parser p = {"render", tkit_opts_render_scene, on_option, a, help_scene};
        int rc = cli_parse_options(&p, argc - 1, argv + 1, &a->com);
        if (rc)
                return rc;
        if (!a->board)
                a->scene = argc - 1 - optind >= 1 ? argv[1 + optind] : NULL;
        return check_args(a, argc - 1 - optind - (a->board ? 0 : (a->scene != NULL)),
                          argv + 1 + optind + (a->board ? 0 : 1));
}

static void add_inputs(const struct scene_args *a, struct cli_inputs *in)
{
        cli_inputs_add(in, a->scene);
        cli_inputs_add(in, a->layout);
        cli_inputs_add(in, a->art);
        for (size_t i = 0; i < a->com.ntiles; i++)
                cli_inputs_add(in, a->com.tiles[i]);
        if (a->com.ntiles == 0)
                cli_inputs_add(in, a->com.db ? a->com.db : cli_default_db());
}

/* The scene ("-": standard input) and the sets, found as every command finds them
 * (cli_sets_load); a scene naming a set that is not there is wrong data (1), as in `tilekit
 * score`. A board takes --set, else the scene's sets. */
static int load_inputs(const struct scene_args *a, struct tkit_scene **s, struct cli_sets *cs)
{
        struct cli_inputs in = {0};
        add_inputs(a, &in);
        int rc = cli_inputs_stdin_once(&in, "render");
        cli_inputs_finish(&in);
        if (rc)
                return rc;
        struct tkit_diags d;
        tkit_diags_init(&d);
        *s = cli_read_scene(a->scene, &d, &rc);
        for (size_t i = 0; !rc && i < a->com.sets.nids; i++)
                *TKIT_PUSH(cs->ids, cs->nids, cs->capids) = tkit_xstrdup(a->com.sets.ids[i]);
        if (!rc && a->board && !a->com.sets.nids && a->com.ntiles == 0)
                for (size_t i = 0; i < (*s)->nsets; i++)
                        *TKIT_PUSH(cs->ids, cs->nids, cs->capids) = tkit_xstrdup((*s)->sets[i]);
        if (!rc)
                rc = cli_sets_load(cs, "render", a->com.tiles, a->com.ntiles, TKIT_FORMAT_AUTO, a->com.db, &d);
        if (!rc && !a->board)
                rc = cli_scene_sets(*s, cs, &d);
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        return rc;
}

/* The picture map next to the picture: refused before anything is drawn when it names an input
 * or the picture itself. */
static int check_map(const struct scene_args *a)
{
        if (!a->map)
                return 0;
        if (strcmp(a->output, "-") != 0 && cli_same_file(a->map, a->output)) /* ./p.png, links */
                return cli_usage_error("render", "--map and -o name the same file");
        struct cli_inputs in = {0};
        add_inputs(a, &in);
        int rc = cli_output_check(a->map, &in);
        cli_inputs_finish(&in);
        return rc;
}

static int write_map(const struct scene_args *a, const struct tkit_scene *s,
                     const struct tkit_scene_picture *pic)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_scene_picture_json(pic, s, &b);
        struct cli_inputs in = {0};
        add_inputs(a, &in);
        cli_inputs_add(&in, a->output);
        int rc = cli_output_buffer(a->map, &in, b.data, b.len);
        cli_inputs_finish(&in);
        tkit_buf_finish(&b);
        return rc;
}

/* Draws into the output, reports, puts the file in place; then the picture map. */
static int write_out(const struct scene_args *a, const struct tkit_scene *s,
                     const struct tkit_game_result *r, const struct cli_sets *cs,
                     const struct tkit_layout *l)
{
        int rc = check_map(a);
        if (rc)
                return rc;
        struct tkit_render_art *art = NULL;
        const char *outputs[] = {a->output, a->map};
        if ((rc = tkit_cli_load_art(a->art, cs->sel, cs->nsel, outputs, 2, &art)) != 0)
                return rc;
        struct cli_inputs in = {0};
        add_inputs(a, &in);
        struct cli_output out;
        rc = cli_output_open(&out, a->output, &in);
        cli_inputs_finish(&in);
        if (rc) {
                tkit_render_art_destroy(art);
                return rc;
        }
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene_picture pic = {0};
        int lib;
        if (l) {
                struct tkit_board_options bo;
                tkit_board_options_init(&bo);
                bo.px = a->px ? (int)a->px : bo.px;
                bo.grid = !a->grid_off;
                bo.coords = !a->coords_off;
                bo.art = art;
                lib = tkit_render_board_scene_stream(l, s, &bo, out.f, a->output, TKIT_IMAGE_AUTO,
                                                     &d);
        } else {
                struct tkit_scene_render_options o = a->o;
                bool png = tkit_image_format_from_path(a->output) == TKIT_IMAGE_PNG;
                o.px = png ? a->tile_mm / 25.4 * (double)a->dpi : a->tile_mm * 72 / 25.4;
                o.unit_pt = png ? 72.0 / (double)a->dpi : 1;
                o.art = art;
                lib = tkit_render_scene_stream(s, r, cs->sel, cs->nsel, &o, out.f, a->output,
                                               TKIT_IMAGE_AUTO, a->map ? &pic : NULL, &d);
        }
        if (!lib && tkit_render_art_failed(art, &d)) /* decoded as drawn: not kept */
                lib = TKIT_E_USAGE;
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        int wc = cli_output_close(&out, lib == 0);
        if (!lib && !wc && a->map)
                wc = write_map(a, s, &pic);
        tkit_scene_picture_finish(&pic);
        tkit_render_art_destroy(art);
        if (lib)
                return lib == TKIT_E_USAGE ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
        return wc;
}

static int run_scene(const struct scene_args *a, struct tkit_scene *s, struct cli_sets *cs)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_game_result r;
        tkit_game_result_init(&r);
        int rc = 0;
        if (tkit_game_apply(s, cs->sel, cs->nsel, a->final, &r, &d) != 0)
                rc = TKIT_EXIT_FAIL; /* an illegal scene: wrong data, as for tilekit score */
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        if (!rc)
                rc = write_out(a, s, &r, cs, NULL);
        if (!rc)
                printf("%s: %s, %zu event%s\n", a->output, s->id, r.nevents,
                       r.nevents == 1 ? "" : "s");
        tkit_game_result_finish(&r);
        return rc;
}

static int run_board(const struct scene_args *a, struct tkit_scene *s, struct cli_sets *cs)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = 0;
        struct tkit_layout *l = NULL;
        if (a->layout) {
                l = cli_read_layout(a->layout, cs->sel, cs->nsel, &d, &rc);
        } else {
                struct tkit_sim_options so;
                tkit_sim_options_init(&so);
                so.seed = a->seed;
                so.players = a->players ? (int)a->players : (int)s->nplayers;
                so.players = so.players < 2 ? 2 : so.players;
                l = tkit_simulate(cs->sel, cs->nsel, &so, &d);
                rc = l ? 0 : TKIT_EXIT_FAIL;
        }
        cli_print_diags(&d);
        tkit_diags_finish(&d);
        if (l)
                rc = write_out(a, s, NULL, cs, l);
        if (!rc)
                printf("%s: %zu placements, %zu figures of %s\n", a->output, l->nplacements,
                       s->nfigures, s->id);
        tkit_layout_destroy(l);
        return rc;
}

int tkit_cmd_render_scene(int argc, char **argv)
{
        struct scene_args a;
        memset(&a, 0, sizeof a);
        cli_common_init(&a.com);
        int rc = parse_args(argc, argv, &a);
        if (rc == 0 && a.board && !a.scene)
                rc = cli_usage_error("render", "--scene needs a SCENE file");
        if (rc) {
                cli_common_finish(&a.com);
                return rc == CLI_DONE ? TKIT_EXIT_OK : rc;
        }
        struct tkit_scene *s = NULL;
        struct cli_sets cs;
        cli_sets_init(&cs);
        rc = load_inputs(&a, &s, &cs);
        if (!rc)
                rc = a.board ? run_board(&a, s, &cs) : run_scene(&a, s, &cs);
        tkit_scene_destroy(s);
        cli_sets_finish(&cs);
        cli_common_finish(&a.com);
        tkit_render_cleanup(); /* the command ends here: leave no font caches behind */
        return rc;
}
