/* Figures and tokens of a scene: the meeple silhouette (standing, lying, big), the abbot, the
 * pig, in the player's colour with a dark outline and a letter for greyscale print; the castle
 * and barn tokens. Every shape is drawn upright around its centre in a box of side `s`. */
#include "render/render-private.h"
#include "text/tkit-text.h"

#include <math.h>

static const uint32_t player_rgb[TKIT_COLOUR_COUNT] = {
    [TKIT_COLOUR_RED] = 0xd7261e,   [TKIT_COLOUR_BLUE] = 0x1f5fc4,
    [TKIT_COLOUR_GREEN] = 0x17803a, [TKIT_COLOUR_YELLOW] = 0xf5cd1b,
    [TKIT_COLOUR_BLACK] = 0x262626, [TKIT_COLOUR_GREY] = 0xa3a3a3,
    [TKIT_COLOUR_PINK] = 0xf27eb8,  [TKIT_COLOUR_PURPLE] = 0x7b3fa6,
};

uint32_t tkit_render_player_rgb(int colour)
{
        return colour >= 0 && colour < TKIT_COLOUR_COUNT ? player_rgb[colour] : 0x808080;
}

const char *tkit_render_player_letter(int colour, const char *lang)
{
        int l = tkit_lang_parse(lang);
        return tkit_text_player_letter(l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l, colour);
}

/* Light colours take a dark letter. */
static bool light(int colour)
{
        return colour == TKIT_COLOUR_YELLOW || colour == TKIT_COLOUR_GREY ||
               colour == TKIT_COLOUR_PINK;
}

/* ---------------------------------------------------------------- shapes in a unit box */

static void meeple_path(cairo_t *cr)
{
        cairo_move_to(cr, -0.09, -0.2);
        cairo_curve_to(cr, -0.25, -0.2, -0.42, -0.16, -0.47, -0.08);
        cairo_curve_to(cr, -0.52, 0.0, -0.46, 0.08, -0.38, 0.07);
        cairo_curve_to(cr, -0.3, 0.06, -0.22, 0.05, -0.2, 0.1);
        cairo_curve_to(cr, -0.24, 0.25, -0.36, 0.38, -0.4, 0.44);
        cairo_curve_to(cr, -0.42, 0.5, -0.36, 0.51, -0.3, 0.5);
        cairo_line_to(cr, -0.12, 0.5);
        cairo_curve_to(cr, -0.08, 0.4, -0.05, 0.3, 0, 0.28);
        cairo_curve_to(cr, 0.05, 0.3, 0.08, 0.4, 0.12, 0.5);
        cairo_line_to(cr, 0.3, 0.5);
        cairo_curve_to(cr, 0.36, 0.51, 0.42, 0.5, 0.4, 0.44);
        cairo_curve_to(cr, 0.36, 0.38, 0.24, 0.25, 0.2, 0.1);
        cairo_curve_to(cr, 0.22, 0.05, 0.3, 0.06, 0.38, 0.07);
        cairo_curve_to(cr, 0.46, 0.08, 0.52, 0, 0.47, -0.08);
        cairo_curve_to(cr, 0.42, -0.16, 0.25, -0.2, 0.09, -0.2);
        cairo_close_path(cr);
        /* the head, wound the same way as the body so that the union fills */
        cairo_new_sub_path(cr);
        cairo_arc_negative(cr, 0, -0.33, 0.17, 2 * M_PI, 0);
        cairo_close_path(cr);
}

/* A hooded robe: a bell without arms. */
static void abbot_path(cairo_t *cr)
{
        cairo_move_to(cr, 0, -0.5);
        cairo_curve_to(cr, -0.14, -0.46, -0.2, -0.36, -0.17, -0.22);
        cairo_curve_to(cr, -0.3, -0.18, -0.34, -0.05, -0.33, 0.05);
        cairo_curve_to(cr, -0.36, 0.2, -0.42, 0.38, -0.46, 0.5);
        cairo_line_to(cr, 0.46, 0.5);
        cairo_curve_to(cr, 0.42, 0.38, 0.36, 0.2, 0.33, 0.05);
        cairo_curve_to(cr, 0.34, -0.05, 0.3, -0.18, 0.17, -0.22);
        cairo_curve_to(cr, 0.2, -0.36, 0.14, -0.46, 0, -0.5);
        cairo_close_path(cr);
}

/* A pig facing left: body, head, snout, ear, legs, tail. */
static void pig_path(cairo_t *cr)
{
        cairo_save(cr);
        cairo_translate(cr, 0.06, 0.02);
        cairo_scale(cr, 0.4, 0.25);
        cairo_arc(cr, 0, 0, 1, 0, 2 * M_PI);
        cairo_restore(cr);
        cairo_close_path(cr);
        cairo_new_sub_path(cr);
        cairo_arc(cr, -0.3, -0.06, 0.17, 0, 2 * M_PI);
        cairo_close_path(cr);
        cairo_rectangle(cr, -0.5, -0.1, 0.12, 0.12);
        cairo_move_to(cr, -0.32, -0.2);
        cairo_line_to(cr, -0.22, -0.34);
        cairo_line_to(cr, -0.17, -0.16);
        cairo_close_path(cr);
        for (int i = 0; i < 4; i++) {
                static const double lx[4] = {-0.24, -0.1, 0.16, 0.3};
                cairo_rectangle(cr, lx[i] - 0.045, 0.16, 0.09, 0.2);
        }
}

static void pig_tail(cairo_t *cr)
{
        cairo_move_to(cr, 0.45, 0.0);
        cairo_curve_to(cr, 0.56, -0.06, 0.52, -0.18, 0.46, -0.12);
        cairo_curve_to(cr, 0.42, -0.08, 0.5, -0.02, 0.54, -0.1);
}

void tkit_render_figure_extent(enum tkit_figure_kind k, bool lying, double *hw, double *hh)
{
        double s = tkit_render_figure_size(k);
        *hw = s / 2;
        *hh = s / 2;
        if (k == TKIT_FIGURE_PIG ||
            ((k == TKIT_FIGURE_MEEPLE || k == TKIT_FIGURE_BIG_MEEPLE) && lying))
                *hh = s * 0.36;
}

double tkit_render_figure_size(enum tkit_figure_kind k)
{
        return k == TKIT_FIGURE_BIG_MEEPLE ? 0.38 : k == TKIT_FIGURE_PIG ? 0.34 : 0.3;
}

/* Where the body shows its plain colour (no letter, no outline), in the unit box. */
static void probe(enum tkit_figure_kind k, bool lying, double *px, double *py)
{
        *px = 0;
        *py = -0.33;
        if (k == TKIT_FIGURE_ABBOT)
                *px = -0.25, *py = 0.36; /* the robe beside the letter */
        else if (k == TKIT_FIGURE_PIG)
                *px = 0.3, *py = 0.02;
        else if (lying)
                *px = -0.33, *py = 0;
}

void tkit_render_figure_probe(enum tkit_figure_kind k, bool lying, double x, double y, double s,
                              double *px, double *py)
{
        probe(k, lying, px, py);
        *px = x + *px * s;
        *py = y + *py * s * (lying && k != TKIT_FIGURE_ABBOT && k != TKIT_FIGURE_PIG ? 0.72 : 1);
}

/* The player's pattern over the body (the current path, kept), in the unit box: stripes, dots
 * or a grid that tell the players apart in greyscale where a letter would be too small. */
static void probe(enum tkit_figure_kind k, bool lying, double *px, double *py);

static void pattern(cairo_t *cr, int colour, enum tkit_figure_kind fk, bool lying)
{
        enum { PLAIN, ROWS, COLUMNS, DIAGONAL, DOTS, GRID };
        static const int kind[TKIT_COLOUR_COUNT] = {
            [TKIT_COLOUR_RED] = PLAIN,     [TKIT_COLOUR_BLUE] = ROWS,
            [TKIT_COLOUR_GREEN] = COLUMNS, [TKIT_COLOUR_YELLOW] = PLAIN,
            [TKIT_COLOUR_BLACK] = PLAIN,   [TKIT_COLOUR_GREY] = DIAGONAL,
            [TKIT_COLOUR_PINK] = DOTS,     [TKIT_COLOUR_PURPLE] = GRID,
        };
        int k = colour >= 0 && colour < TKIT_COLOUR_COUNT ? kind[colour] : PLAIN;
        if (k == PLAIN)
                return;
        cairo_save(cr);
        cairo_clip_preserve(cr);
        cairo_new_path(cr);
        /* the colour probes stay plain: the figure's, and a stacked meeple's left arm */
        double px, py;
        probe(fk, lying, &px, &py);
        cairo_rectangle(cr, -1, -1, 2, 2);
        cairo_new_sub_path(cr);
        cairo_arc(cr, px,
                  py * (lying && fk != TKIT_FIGURE_ABBOT && fk != TKIT_FIGURE_PIG ? 0.72 : 1), 0.09,
                  0, 2 * M_PI);
        if (fk == TKIT_FIGURE_MEEPLE && !lying) {
                cairo_new_sub_path(cr);
                cairo_arc(cr, -0.36, -0.03, 0.12, 0, 2 * M_PI);
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
        cairo_clip(cr);
        double step = 0.16;
        for (double t = -0.6; t <= 0.6; t += step) {
                if (k == ROWS || k == GRID) {
                        cairo_move_to(cr, -0.6, t);
                        cairo_line_to(cr, 0.6, t);
                }
                if (k == COLUMNS || k == GRID) {
                        cairo_move_to(cr, t, -0.6);
                        cairo_line_to(cr, t, 0.6);
                }
                if (k == DIAGONAL) {
                        cairo_move_to(cr, t - 0.6, 0.6);
                        cairo_line_to(cr, t + 0.6, -0.6);
                }
                for (double u = -0.6; k == DOTS && u <= 0.6; u += step) {
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, u, t, 0.035, 0, 2 * M_PI);
                }
        }
        if (light(colour))
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        else
                cairo_set_source_rgb(cr, 1, 1, 1);
        if (k == DOTS) {
                cairo_fill(cr);
        } else {
                cairo_set_line_width(cr, 0.045);
                cairo_stroke(cr);
        }
        cairo_restore(cr);
}

void tkit_render_figure(cairo_t *cr, enum tkit_figure_kind k, bool lying, int colour,
                        const char *lang, double x, double y, double s)
{
        tkit_render_figure_styled(cr, k, lying, colour, lang, x, y, s, TKIT_FIGURE_LETTER);
}

/* The current path as a ghost: the player's colour at 40 %, a dashed dark outline. */
static void ghost(cairo_t *cr, int colour)
{
        uint32_t rgb = tkit_render_player_rgb(colour);
        cairo_set_source_rgba(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                              (rgb & 0xff) / 255.0, 0.4);
        cairo_fill_preserve(cr);
        const double dash[2] = {0.09, 0.06};
        cairo_set_dash(cr, dash, 2, 0);
        cairo_set_source_rgba(cr, 0.08, 0.07, 0.06, 0.8);
        cairo_set_line_width(cr, 0.05);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
}

void tkit_render_figure_styled(cairo_t *cr, enum tkit_figure_kind k, bool lying, int colour,
                               const char *lang, double x, double y, double s,
                               enum tkit_figure_style style)
{
        bool patterned = style == TKIT_FIGURE_PATTERN;
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, s, s);
        cairo_new_path(cr);
        cairo_save(cr);
        bool turned = lying && k != TKIT_FIGURE_ABBOT && k != TKIT_FIGURE_PIG;
        if (turned) {
                cairo_scale(cr, 1, 0.72);
                cairo_rotate(cr, -M_PI / 2);
        }
        if (k == TKIT_FIGURE_ABBOT)
                abbot_path(cr);
        else if (k == TKIT_FIGURE_PIG)
                pig_path(cr);
        else
                meeple_path(cr);
        cairo_restore(cr);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        if (style == TKIT_FIGURE_GHOST) {
                ghost(cr, colour);
                cairo_restore(cr);
                return;
        }
        /* a pale halo, then the dark outline under the fill (only their outer halves show): a
         * figure stays visible on a feature hatched in its own colour (a red knight on a city
         * the red player scores) and on a dark ground */
        cairo_set_source_rgba(cr, 0.99, 0.98, 0.95, 0.95);
        cairo_set_line_width(cr, 0.25);
        cairo_stroke_preserve(cr);
        cairo_set_source_rgb(cr, 0.08, 0.07, 0.06);
        cairo_set_line_width(cr, 0.11);
        cairo_stroke_preserve(cr);
        tkit_render_set_rgb(cr, tkit_render_player_rgb(colour));
        cairo_fill_preserve(cr);
        if (patterned)
                pattern(cr, colour, k, lying);
        cairo_new_path(cr);
        if (k == TKIT_FIGURE_PIG) {
                pig_tail(cr);
                cairo_set_source_rgb(cr, 0.08, 0.07, 0.06);
                cairo_set_line_width(cr, 0.05);
                cairo_stroke(cr);
        }
        if (k == TKIT_FIGURE_ABBOT) { /* the face in the hood and a rope belt */
                cairo_arc(cr, 0, -0.27, 0.08, 0, 2 * M_PI);
                cairo_set_source_rgb(cr, 0.08, 0.07, 0.06);
                cairo_fill(cr);
                cairo_move_to(cr, -0.3, 0.08);
                cairo_line_to(cr, 0.3, 0.08);
                cairo_set_line_width(cr, 0.05);
                cairo_stroke(cr);
        }
        if (style != TKIT_FIGURE_LETTER) {
                cairo_restore(cr);
                return;
        }
        /* the player's letter, upright, on the body */
        const char *t = tkit_render_player_letter(colour, lang);
        double ly = k == TKIT_FIGURE_ABBOT ? 0.3 : k == TKIT_FIGURE_PIG ? 0.1 : turned ? 0.1 : 0.17;
        double lx = k == TKIT_FIGURE_PIG ? 0.02 : turned ? 0.12 : 0;
        if (light(colour))
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        else
                cairo_set_source_rgb(cr, 1, 1, 1);
        int letters = 0; /* two where two colours of the language share an initial */
        for (const char *c = t; *c; c++)
                letters += ((unsigned char)*c & 0xc0) != 0x80;
        tkit_render_font(cr, letters > 1 ? 0.2 : 0.27, true);
        tkit_render_text_center(cr, lx, ly + 0.1, t);
        cairo_restore(cr);
}

/* ---------------------------------------------------------------- tokens */

static void outline_fill(cairo_t *cr, double r, double g, double b, double lw)
{
        cairo_set_source_rgb(cr, r, g, b);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.12, 0.1, 0.08);
        cairo_set_line_width(cr, lw);
        cairo_stroke(cr);
}

/* A castle: a keep between two towers, crenellated, with a gate. */
void tkit_render_castle(cairo_t *cr, double x, double y, double s)
{
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, s, s);
        cairo_new_path(cr);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
        for (int k = -1; k <= 1; k += 2) { /* towers */
                double tx = k * 0.33;
                cairo_move_to(cr, tx - 0.14, 0.32);
                cairo_line_to(cr, tx - 0.14, -0.3);
                for (int i = 0; i < 3; i++) {
                        double x0 = tx - 0.14 + i * 0.1;
                        cairo_line_to(cr, x0, -0.38);
                        cairo_line_to(cr, x0 + 0.06, -0.38);
                        cairo_line_to(cr, x0 + 0.06, -0.3);
                        cairo_line_to(cr, x0 + 0.08, -0.3);
                }
                cairo_line_to(cr, tx + 0.14, -0.3);
                cairo_line_to(cr, tx + 0.14, 0.32);
                cairo_close_path(cr);
                outline_fill(cr, 0.88, 0.86, 0.8, 0.04);
        }
        cairo_move_to(cr, -0.2, 0.32);
        cairo_line_to(cr, -0.2, -0.14);
        for (int i = 0; i < 4; i++) {
                double x0 = -0.2 + i * 0.1;
                cairo_line_to(cr, x0 + 0.02, -0.14);
                cairo_line_to(cr, x0 + 0.02, -0.22);
                cairo_line_to(cr, x0 + 0.08, -0.22);
                cairo_line_to(cr, x0 + 0.08, -0.14);
        }
        cairo_line_to(cr, 0.2, -0.14);
        cairo_line_to(cr, 0.2, 0.32);
        cairo_close_path(cr);
        outline_fill(cr, 0.95, 0.93, 0.88, 0.04);
        cairo_move_to(cr, -0.08, 0.32);
        cairo_line_to(cr, -0.08, 0.12);
        cairo_arc(cr, 0, 0.12, 0.08, M_PI, 2 * M_PI);
        cairo_line_to(cr, 0.08, 0.32);
        cairo_close_path(cr);
        outline_fill(cr, 0.3, 0.2, 0.12, 0.03);
        cairo_restore(cr);
}

/* The barn's wood: a brown unlike every player's colour (a red barn stood on a red player's
 * field). The castle above is of pale stone, unlike the grey player's colour. */
#define BARN_R 0.55
#define BARN_G 0.35
#define BARN_B 0.19

/* A barn: a brown gable with a white-framed double door. */
void tkit_render_barn(cairo_t *cr, double x, double y, double s)
{
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, s, s);
        cairo_new_path(cr);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_move_to(cr, -0.42, 0.4);
        cairo_line_to(cr, -0.42, -0.05);
        cairo_line_to(cr, -0.26, -0.32);
        cairo_line_to(cr, 0, -0.45);
        cairo_line_to(cr, 0.26, -0.32);
        cairo_line_to(cr, 0.42, -0.05);
        cairo_line_to(cr, 0.42, 0.4);
        cairo_close_path(cr);
        outline_fill(cr, BARN_R, BARN_G, BARN_B, 0.05);
        cairo_rectangle(cr, -0.17, 0.02, 0.34, 0.38);
        outline_fill(cr, 0.95, 0.93, 0.88, 0.03);
        /* the planks of a double door: a cross there read as "refused" */
        cairo_move_to(cr, 0, 0.02);
        cairo_line_to(cr, 0, 0.4);
        cairo_move_to(cr, -0.085, 0.06);
        cairo_line_to(cr, -0.085, 0.36);
        cairo_move_to(cr, 0.085, 0.06);
        cairo_line_to(cr, 0.085, 0.36);
        cairo_set_source_rgb(cr, BARN_R, BARN_G, BARN_B);
        cairo_set_line_width(cr, 0.035);
        cairo_stroke(cr);
        cairo_restore(cr);
}
