/* Scene pictures, stage 4: the defense posts drawn where the layout put their panels
 * (scene-posts.c): the panel, the post's symbol, the row spaces as printed (dark with their
 * label when they do not count for the scene's number of players, framed red beyond what the
 * face prints), the meeple space with its stack and its count, the catapult space; what the move
 * adds ringed behind its space; then the marks of what leaves. */
#include "render/scene-draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tkit_render_meeple(cairo_t *cr, double x, double y, double s);

static void post_meeple(const struct scene_draw *dr, cairo_t *cr, int player, double x, double y,
                        double s)
{
        tkit_scene_draw_figure(dr->pl, cr, TKIT_FIGURE_MEEPLE, false,
                               tkit_scene_player_colour(dr->st->s, player), x, y, s);
}

static void row_spaces(const struct scene_draw *dr, cairo_t *cr, const struct post_plan *v,
                       const struct post_box *b)
{
        const struct tkit_scene_post *sp = v->sp;
        size_t pr = v->def ? (size_t)(v->def->plain + v->def->dark3 + v->def->fiveplus) : 0;
        double s = b->s;
        for (size_t i = 0; i < tkit_scene_post_printed(v); i++) {
                double x = b->spaces[i + 1].x, top = b->spaces[i + 1].y;
                bool counts;
                const char *label = tkit_scene_post_label(dr->pl, v, i, &counts);
                if ((int)i == v->new_row && sp && i < sp->nrow) /* behind the space */
                        tkit_scene_draw_new(cr, x, top, x + s, top + s, s * 0.08);
                tkit_render_post_space(cr, x, top, s, counts ? NULL : label);
                if (counts && label) {
                        double fs = s * 0.3 > 6 / dr->pl->upt ? s * 0.3 : 6 / dr->pl->upt;
                        cairo_set_source_rgb(cr, 0.45, 0.4, 0.35);
                        tkit_render_font(cr, fs, true);
                        tkit_render_text_center(cr, x + s * 0.8, top + fs * 1.05, label);
                }
                if (v->def && i >= pr) { /* beyond the spaces the face prints */
                        cairo_set_source_rgb(cr, 0.8, 0.1, 0.1);
                        cairo_set_line_width(cr, s * 0.06);
                        cairo_rectangle(cr, x, top, s, s);
                        cairo_stroke(cr);
                }
                if (sp && i < sp->nrow && sp->row[i] >= 0)
                        post_meeple(dr, cr, sp->row[i], x + s / 2, top + s / 2, s * 0.88);
        }
}

/* The meeple space, a meeple's outline as the fortress prints it; the stack bottom to top in a
 * fan up and to the right, kept within the space's height (what is new rings the space and its
 * fan, as a row space), a count when tall. */
static void stack_space(const struct scene_draw *dr, cairo_t *cr, const struct post_plan *v,
                        const struct post_box *b)
{
        const struct tkit_scene_post *sp = v->sp;
        size_t n = sp ? sp->nstack : 0, shown = n > 3 ? 3 : n;
        double s = b->s, cx = b->spaces[b->nspaces - 2].x, top = b->spaces[b->nspaces - 2].y;
        double fan = shown > 1 ? (double)(shown - 1) * s * FAN_DX : 0;
        if (v->new_stack && shown) /* behind the space */
                tkit_scene_draw_new(cr, cx, top, cx + s + fan, top + s, s * 0.08);
        tkit_render_post_space(cr, cx, top, s, NULL);
        tkit_render_meeple(cr, cx + s / 2, top + s / 2, s * 0.78);
        cairo_set_source_rgb(cr, 0.55, 0.5, 0.45);
        cairo_set_line_width(cr, s * 0.05);
        cairo_stroke(cr);
        for (size_t i = 0; i < shown; i++) {
                double x, y;
                tkit_scene_post_stack_at(b, i, shown, &x, &y);
                post_meeple(dr, cr, sp->stack[n - shown + i], x, y, s * 0.88);
        }
        if (n > 3) {
                char t[24];
                snprintf(t, sizeof t, "\xc3\x97%zu", n);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, s * 0.45, true);
                cairo_move_to(cr, cx + s * 1.05 + fan, top + s * 0.95);
                tkit_render_text_show(cr, t);
                cairo_new_path(cr);
        }
}

static void catapult_space(cairo_t *cr, const struct post_plan *v, const struct post_box *b)
{
        double s = b->s, x = b->spaces[b->nspaces - 1].x, y = b->spaces[b->nspaces - 1].y;
        if (v->new_catapult)
                tkit_scene_draw_new(cr, x - s * 0.12, y - s * 0.12, x + s * 1.12, y + s * 1.12,
                                    s * 0.09);
        tkit_render_catapult_space(cr, x, y, s, v->sp && v->sp->catapult);
}

/* The panel: the fortress's art shows through a little, so the post reads as printed on it. */
static void panel(cairo_t *cr, const struct post_box *b)
{
        double s = b->s, r = s * 0.15;
        double x0 = b->px0, y0 = b->py0, x1 = b->px1, y1 = b->py1;
        cairo_new_sub_path(cr);
        cairo_arc(cr, x1 - r, y0 + r, r, -M_PI / 2, 0);
        cairo_arc(cr, x1 - r, y1 - r, r, 0, M_PI / 2);
        cairo_arc(cr, x0 + r, y1 - r, r, M_PI / 2, M_PI);
        cairo_arc(cr, x0 + r, y0 + r, r, M_PI, 3 * M_PI / 2);
        cairo_close_path(cr);
        cairo_set_source_rgba(cr, 0.93, 0.89, 0.8, 0.9);
        cairo_fill_preserve(cr);
        cairo_set_source_rgb(cr, 0.35, 0.3, 0.25);
        cairo_set_line_width(cr, s * 0.06);
        cairo_stroke(cr);
}

/* Whether post mark i lies under a later one (a stack's meeple under the next one up). */
static bool covered(const struct tkit_scene_picture *out, size_t i)
{
        const struct tkit_scene_mark *m = &out->marks[i];
        for (size_t k = i + 1; k < out->nmarks; k++) {
                const struct tkit_scene_mark *o = &out->marks[k];
                if (o->kind == TKIT_MARK_POST && o->x0 < m->x1 && m->x0 < o->x1 && o->y0 < m->y1 &&
                    m->y0 < o->y1)
                        return true;
        }
        return false;
}

void tkit_scene_posts_draw(const struct scene_draw *dr, cairo_t *cr)
{
        const struct scene_plan *pl = dr->pl;
        for (size_t i = 0; i < pl->nposts; i++) {
                const struct post_plan *v = &pl->posts[i];
                const struct post_box *b = &dr->lo->posts[i];
                panel(cr, b);
                tkit_render_post_symbol(cr, v->kind, b->spaces[0].x + b->s / 2,
                                        b->spaces[0].y + b->s / 2, b->s * 0.5);
                row_spaces(dr, cr, v, b);
                stack_space(dr, cr, v, b);
                catapult_space(cr, v, b);
        }
        /* after every panel; a stack leaves as one: its top meeple carries the mark (the marks of
         * those below would sit on the meeples above them) */
        const struct tkit_scene_picture *out = &dr->lo->out;
        for (size_t i = 0; i < out->nmarks; i++) {
                const struct tkit_scene_mark *m = &out->marks[i];
                if ((m->kind == TKIT_MARK_POST && !covered(out, i)) ||
                    (m->kind == TKIT_MARK_TOKEN && m->post >= 0))
                        tkit_scene_draw_leaving(cr, m);
        }
}
