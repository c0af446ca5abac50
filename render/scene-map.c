/* The picture map of a scene picture as JSON (docs/render.md): every element drawn with its box
 * in picture units (pixels of the PNG, points of the PDF or SVG), for image maps, alt text and
 * tests. Keys come in a fixed order and numbers with two decimals: the same picture gives the
 * same bytes. */
#include "render/render-private.h"

#include <math.h>
#include <string.h>

const char *tkit_picture_unit_name(enum tkit_picture_unit u)
{
        return u == TKIT_UNIT_PX ? "px" : "pt";
}

static const char *kind_name(enum tkit_scene_mark_kind k)
{
        switch (k) {
        case TKIT_MARK_FIGURE:
        case TKIT_MARK_POST:
                return "figure";
        case TKIT_MARK_BADGE:
                return "badge";
        case TKIT_MARK_TOKEN:
                return "token";
        case TKIT_MARK_TILE:
                return "tile";
        case TKIT_MARK_SYMBOL:
                return "symbol";
        case TKIT_MARK_POST_SPACE:
                return "post-space";
        case TKIT_MARK_TEXT:
                return "text";
        case TKIT_MARK_KEY:
                return "key";
        case TKIT_MARK_ARROW:
                return "arrow";
        default:
                return "mark";
        }
}

static const char *mark_what(const struct tkit_scene_mark *m)
{
        switch (m->kind) {
        case TKIT_MARK_CALLOUT:
                return "callout";
        case TKIT_MARK_REFUSED:
                return "refused";
        case TKIT_MARK_NEW_TILE:
                return "new-tile";
        default:
                return m->what;
        }
}

static void key_str(struct tkit_buf *b, const char *key, const char *v)
{
        tkit_buf_printf(b, ", \"%s\": ", key);
        tkit_json_string(b, v ? v : "");
}

static double num(double v)
{
        double r = round(v * 100) / 100;
        return r == 0 ? 0 : r; /* no "-0.00" */
}

static void player(struct tkit_buf *b, const struct tkit_scene *s, int pl)
{
        if (pl < 0 || (size_t)pl >= s->nplayers)
                return;
        key_str(b, "player", s->players[pl].id);
        key_str(b, "colour", s->players[pl].colour);
}

static bool on_board(const struct tkit_scene_mark *m)
{
        return m->kind == TKIT_MARK_FIGURE || m->kind == TKIT_MARK_TILE ||
               m->kind == TKIT_MARK_ARROW || (m->kind == TKIT_MARK_SYMBOL && m->post < 0) ||
               (m->kind == TKIT_MARK_TOKEN && m->post < 0);
}

static void item(struct tkit_buf *b, const struct tkit_scene_mark *m, const struct tkit_scene *s,
                 const char *lang)
{
        tkit_buf_puts(b, "{\"kind\": ");
        tkit_json_string(b, kind_name(m->kind));
        tkit_buf_printf(b, ", \"box\": [%.2f, %.2f, %.2f, %.2f]", num(m->x0), num(m->y0),
                        num(m->x1), num(m->y1));
        const char *what = mark_what(m);
        if (what && m->kind != TKIT_MARK_FIGURE && m->kind != TKIT_MARK_POST)
                key_str(b, "what", what);
        if (m->kind == TKIT_MARK_FIGURE || m->kind == TKIT_MARK_POST) {
                player(b, s, m->player);
                key_str(b, "figure", tkit_figure_kind_name(m->figure));
                key_str(b, "role", what ? what : "figure");
                tkit_buf_printf(b, ", \"new\": %s", m->is_new ? "true" : "false");
        }
        if (m->removed)
                tkit_buf_puts(b, ", \"removed\": true");
        if (m->returned)
                tkit_buf_puts(b, ", \"returned\": true");
        if (m->choice)
                tkit_buf_puts(b, ", \"choice\": true");
        if (m->kind == TKIT_MARK_FIGURE && m->scale > 0 && m->scale < 1)
                tkit_buf_printf(b, ", \"scale\": %.2f", m->scale);
        if (m->kind == TKIT_MARK_KEY) {
                player(b, s, m->player);
                if (m->letter)
                        key_str(b, "letter", m->letter);
        }
        if (m->kind == TKIT_MARK_BADGE) {
                player(b, s, m->player);
                tkit_buf_printf(b, ", \"points\": %d", m->points);
                if (m->leader)
                        tkit_buf_printf(b, ", \"leader\": [%.2f, %.2f]", num(m->ax), num(m->ay));
        }
        if (m->kind == TKIT_MARK_TOKEN || m->kind == TKIT_MARK_TILE)
                tkit_buf_printf(b, ", \"new\": %s", m->is_new ? "true" : "false");
        if (m->kind == TKIT_MARK_TILE && m->tile) {
                key_str(b, "tile", m->tile->id);
                tkit_buf_printf(b, ", \"rotation\": %d", m->rotation * 90);
        }
        if (on_board(m))
                tkit_buf_printf(b, ", \"cell\": [%d, %d]", m->cell_x, m->cell_y);
        if ((m->kind == TKIT_MARK_FIGURE || m->kind == TKIT_MARK_ARROW) && m->tile &&
            m->feature >= 0 && (size_t)m->feature < m->tile->nfeatures)
                key_str(b, "feature", m->tile->features[m->feature].id);
        if (m->kind == TKIT_MARK_SYMBOL && m->tile && m->feature >= 0 &&
            (size_t)m->feature < m->tile->nfeatures)
                key_str(b, "feature", m->tile->features[m->feature].id);
        if (m->post >= 0)
                key_str(b, "post", tkit_post_name((enum tkit_post)m->post));
        if (m->number)
                tkit_buf_printf(b, ", \"number\": %d", m->number);
        if (m->kind == TKIT_MARK_ARROW && m->post < 0) {
                player(b, s, m->player);
                key_str(b, "figure", tkit_figure_kind_name(m->figure));
        }
        if (m->kind == TKIT_MARK_ARROW) {
                tkit_buf_puts(b, ", \"points\": [");
                for (int k = 0; k < m->nline; k++)
                        tkit_buf_printf(b, "%s[%.2f, %.2f]", k ? ", " : "", num(m->line[2 * k]),
                                        num(m->line[2 * k + 1]));
                tkit_buf_puts(b, "]");
        }
        if (m->kind == TKIT_MARK_TEXT) {
                tkit_buf_printf(b, ", \"size_pt\": %.2f", num(m->size_pt));
                key_str(b, "lang", lang);
                key_str(b, "text", m->text);
        }
        tkit_buf_puts(b, "}");
}

void tkit_scene_picture_json(const struct tkit_scene_picture *p, const struct tkit_scene *s,
                             struct tkit_buf *out)
{
        tkit_buf_printf(out,
                        "{\n  \"width\": %.2f,\n  \"height\": %.2f,\n  \"unit\": ", num(p->width),
                        num(p->height));
        tkit_json_string(out, tkit_picture_unit_name(p->unit));
        tkit_buf_puts(out, ",\n  \"lang\": ");
        tkit_json_string(out, p->lang ? p->lang : "en");
        tkit_buf_printf(out, ",\n  \"letter_pt\": %.2f", num(p->letter_pt));
        tkit_buf_puts(out, ",\n  \"items\": [");
        for (size_t i = 0; i < p->nmarks; i++) {
                tkit_buf_puts(out, i ? ",\n    " : "\n    ");
                item(out, &p->marks[i], s, p->lang ? p->lang : "en");
        }
        tkit_buf_puts(out, p->nmarks ? "\n  ]\n}\n" : "]\n}\n");
}
