/* Multi-cell pieces (the Siege & Defense fortress): the cells' art, then one face's defense
 * posts as a panel over it — per post its symbol, the row spaces (the dark "3" and "5+" spaces
 * marked as printed), the meeple space and the catapult space. */
#include "render/render-private.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void tkit_render_meeple(cairo_t *cr, double x, double y, double s);

/* A meeple silhouette in a box of side s centred at (x, y); the path is left for the caller. */
void tkit_render_meeple(cairo_t *cr, double x, double y, double s)
{
        static const double body[][2] = {
            {-0.5, -0.02}, {-0.14, -0.16}, {0.14, -0.16}, {0.5, -0.02}, {0.46, 0.1},
            {0.2, 0.06},   {0.36, 0.48},   {0.08, 0.48},  {0, 0.3},     {-0.08, 0.48},
            {-0.36, 0.48}, {-0.2, 0.06},   {-0.46, 0.1},
        };
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y - 0.31 * s, 0.17 * s, 0, 2 * M_PI);
        cairo_close_path(cr);
        for (size_t i = 0; i < sizeof body / sizeof body[0]; i++) {
                double px = x + body[i][0] * s, py = y + body[i][1] * s;
                if (i == 0)
                        cairo_move_to(cr, px, py);
                else
                        cairo_line_to(cr, px, py);
        }
        cairo_close_path(cr);
}

void tkit_render_catapult(cairo_t *cr, double x, double y, double s)
{
        cairo_set_source_rgb(cr, 0.35, 0.22, 0.12);
        cairo_set_line_width(cr, s * 0.1);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        cairo_move_to(cr, x - s * 0.4, y + s * 0.3);
        cairo_line_to(cr, x + s * 0.4, y + s * 0.3);
        cairo_move_to(cr, x - s * 0.1, y + s * 0.3);
        cairo_line_to(cr, x, y + s * 0.05);
        cairo_line_to(cr, x + s * 0.1, y + s * 0.3);
        cairo_move_to(cr, x + s * 0.3, y + s * 0.1);
        cairo_line_to(cr, x - s * 0.3, y - s * 0.25);
        cairo_stroke(cr);
        cairo_arc(cr, x - s * 0.3, y - s * 0.32, s * 0.1, 0, 2 * M_PI);
        cairo_fill(cr);
}

void tkit_render_catapult_space(cairo_t *cr, double x, double y, double s, bool catapult)
{
        cairo_new_path(cr);
        cairo_arc(cr, x + s / 2, y + s / 2, s / 2, 0, 2 * M_PI);
        cairo_set_source_rgb(cr, 0.96, 0.93, 0.85);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.2, 0.15, 0.1);
        cairo_set_line_width(cr, s * 0.06);
        cairo_stroke(cr);
        if (catapult)
                tkit_render_catapult(cr, x + s / 2, y + s / 2, s * 0.8);
}

/* One space of a row: light when it always counts, dark with its label when it depends on the
 * number of players. */
void tkit_render_post_space(cairo_t *cr, double x, double y, double s, const char *dark_label)
{
        cairo_rectangle(cr, x, y, s, s);
        if (dark_label)
                cairo_set_source_rgb(cr, 0.22, 0.2, 0.2);
        else
                cairo_set_source_rgb(cr, 0.96, 0.93, 0.85);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.2, 0.15, 0.1);
        cairo_set_line_width(cr, s * 0.06);
        cairo_stroke(cr);
        if (dark_label) {
                cairo_set_source_rgb(cr, 1, 1, 1);
                tkit_render_font(cr, s * (dark_label[1] ? 0.45 : 0.6), true);
                tkit_render_text_center(cr, x + s / 2, y + s * 0.7, dark_label);
        }
}

/* "2p 3 · 3p 4": the row spaces in play for each player count the face is for (up to 6). */
static char *row_counts(const struct tkit_post_def *p, const struct tkit_face *f)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        int hi = f->max_players > 0 ? f->max_players : 6;
        for (int n = f->min_players > 0 ? f->min_players : 2; n <= hi && n <= 6; n++)
                tkit_buf_printf(&b, "%s%dp %d", b.len ? " \xc2\xb7 " : "", n,
                                tkit_post_row_spaces(p, n));
        return tkit_buf_steal(&b);
}

static void draw_post_row(cairo_t *cr, const struct tkit_post_def *p, const struct tkit_face *f,
                          double x, double y, double h)
{
        double s = h * 0.8;
        tkit_render_post_symbol(cr, p->kind, x + h / 2, y + h / 2, h * 0.42);
        double cx = x + h * 1.15, top = y + (h - s) / 2;
        for (int i = 0; i < p->plain; i++, cx += s * 1.1)
                tkit_render_post_space(cr, cx, top, s, NULL);
        for (int i = 0; i < p->dark3; i++, cx += s * 1.1)
                tkit_render_post_space(cr, cx, top, s, "3");
        for (int i = 0; i < p->fiveplus; i++, cx += s * 1.1)
                tkit_render_post_space(cr, cx, top, s, "5+");
        cx += s * 0.4;
        for (int i = 0; i < p->meeple; i++, cx += s * 1.1) {
                tkit_render_post_space(cr, cx, top, s, NULL);
                tkit_render_meeple(cr, cx + s / 2, top + s / 2, s * 0.8);
                cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
                cairo_fill(cr);
        }
        for (int i = 0; i < p->catapult; i++, cx += s * 1.1)
                tkit_render_catapult_space(cr, cx, top, s, true);
        char *t = row_counts(p, f);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tkit_render_font(cr, h * 0.36, false);
        cairo_move_to(cr, cx + s * 0.2, top + s * 0.65);
        tkit_render_text_show(cr, t);
        cairo_new_path(cr);
        free(t);
}

static double post_row_width(cairo_t *cr, const struct tkit_post_def *p, const struct tkit_face *f,
                             double h)
{
        double s = h * 0.8;
        int n = p->plain + p->dark3 + p->fiveplus + p->meeple + p->catapult;
        char *t = row_counts(p, f);
        tkit_render_font(cr, h * 0.36, false);
        double adv = tkit_render_text_width(cr, t);
        free(t);
        return h * 1.15 + n * s * 1.1 + s * 0.4 + s * 0.3 + adv;
}

void tkit_render_face_panel(cairo_t *cr, const struct tkit_face *f, double x, double y, double W,
                            double H, double cell)
{
        double h = cell * 0.2, title = cell * 0.13;
        double need = 0;
        for (size_t i = 0; i < f->nposts; i++) {
                double w = post_row_width(cr, &f->posts[i], f, h);
                need = w > need ? w : need;
        }
        /* shrink the rows when the piece is narrow */
        if (need > W * 0.9) {
                h *= W * 0.9 / need;
                need = W * 0.9;
        }
        double ph = title + h * 1.1 * (double)f->nposts + h * 0.3;
        double px = x + (W - need - h * 0.4) / 2, py = y + (H - ph) / 2;
        cairo_rectangle(cr, px, py, need + h * 0.4, ph);
        cairo_set_source_rgba(cr, 1, 1, 1, 0.82);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.2, 0.15, 0.1);
        cairo_set_line_width(cr, cell * 0.01);
        cairo_stroke(cr);
        char players[32];
        if (f->max_players > 0)
                snprintf(players, sizeof players, "%d\xe2\x80\x93%d", f->min_players,
                         f->max_players);
        else
                snprintf(players, sizeof players, "%d+", f->min_players);
        char *head = tkit_xasprintf("%s \xc2\xb7 %s", f->id ? f->id : "", players);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tkit_render_font(cr, title * 0.7, true);
        tkit_render_text_fit(cr, px + h * 0.2, py + title * 0.85, need, head, false);
        free(head);
        for (size_t i = 0; i < f->nposts; i++)
                draw_post_row(cr, &f->posts[i], f, px + h * 0.2,
                              py + title + h * 0.15 + h * 1.1 * (double)i, h);
}

void tkit_render_piece(cairo_t *cr, const struct tkit_piece *p, int face, double x, double y,
                       double cell, double bleed, unsigned flags)
{
        if (p->width <= 0 || p->height <= 0 || !p->cells)
                return;
        cairo_save(cr);
        /* the piece is one unit: bleed only on its outer edges. Every cell is drawn with its
         * bleed, then again without, which paints over the bleed spilt on inner neighbours. */
        for (int pass = bleed > 0 ? 0 : 1; pass < 2; pass++)
                for (int cy = 0; cy < p->height; cy++)
                        for (int cx = 0; cx < p->width; cx++) {
                                const struct tkit_tile *t = tkit_piece_cell_const(p, cx, cy);
                                tkit_render_tile(cr, t, 0, x + cx * cell, y + cy * cell, cell,
                                                 pass == 0 ? bleed : 0,
                                                 flags | TKIT_RENDER_NO_MARKER);
                        }
        /* seams inside the piece are not cut: draw them faint */
        cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 0.25);
        cairo_set_line_width(cr, cell * 0.004);
        for (int cx = 1; cx < p->width; cx++) {
                cairo_move_to(cr, x + cx * cell, y);
                cairo_line_to(cr, x + cx * cell, y + p->height * cell);
        }
        for (int cy = 1; cy < p->height; cy++) {
                cairo_move_to(cr, x, y + cy * cell);
                cairo_line_to(cr, x + p->width * cell, y + cy * cell);
        }
        cairo_stroke(cr);
        if (face >= 0 && (size_t)face < p->nfaces)
                tkit_render_face_panel(cr, &p->faces[face], x, y, p->width * cell, p->height * cell,
                                       cell);
        if (p->basis == TKIT_BASIS_RECONSTRUCTED && !(flags & TKIT_RENDER_NO_MARKER)) {
                double dash[2] = {cell * 0.04, cell * 0.025};
                cairo_set_dash(cr, dash, 2, 0);
                tkit_render_set_color(cr, TKIT_COLOR_MARKER);
                cairo_set_line_width(cr, cell * 0.022);
                cairo_rectangle(cr, x + cell * 0.03, y + cell * 0.03, p->width * cell - cell * 0.06,
                                p->height * cell - cell * 0.06);
                cairo_stroke(cr);
        }
        cairo_restore(cr);
}
