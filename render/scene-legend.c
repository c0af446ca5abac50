/* The caption and the legend under a scene picture: the caption; the key — the players, each
 * beside a meeple drawn as their figures are (in their greyscale pattern where the figures carry
 * patterns; plain, with the letter in the words, where they carry letters), then the marks the
 * picture uses (the frame of the tile placed, the ring of what is new this turn, what goes back
 * to the supply, what is removed), each beside its mark —; one sentence per event of the engine
 * (text/tkit-text.h: the words `tilekit score --lang` prints); the callouts. Lines wrap to the
 * picture's width; each line and each swatch of the key gets its box in the picture map. */
#include "render/scene-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum swatch {
        SW_NONE = 0,
        SW_PLAYER,
        SW_TILE, /* SW_TILE + k: the mark TKIT_KEY_TILE_PLACED + k */
        SW_NEW,
        SW_RETURNED,
        SW_REMOVED,
        SW_CHOICE,
        SW_MOVED,
        SW_ADVANCE,
        SW_COUNT
};
/* The picture map's names of the swatches (docs/render.md). */
static const char *const swatch_what[SW_COUNT] = {NULL,       "player",  "new-tile", "new",
                                                  "returned", "removed", "choice", "moved",
                                                  "advance"};

struct legend_seg {
        char *text;
        enum swatch swatch;
        int player, colour;
        const char *letter; /* a player's letter when figures carry letters */
        double dx, w;       /* from the line's left edge; swatch and words */
};

/* ---------------------------------------------------------------- wrapping */

/* One paragraph of the caption or the legend being broken into lines. */
struct para {
        struct lines *L;
        double size;
        bool bold, legend, first;
        int colour, number; /* the swatch and the callout number, on the first line */
};

static void add_line(void *ctx, const char *text, size_t len)
{
        struct para *q = ctx;
        *TKIT_PUSH(q->L->v, q->L->n, q->L->cap) =
            (struct line){.text = tkit_xstrndup(text, len),
                          .size = q->size,
                          .adv = q->size * 1.35,
                          .bold = q->bold,
                          .colour = q->first ? q->colour : -1,
                          .number = q->first ? q->number : 0,
                          .indent = q->legend,
                          .bullet = q->legend && q->first && q->colour < 0 && !q->number};
        q->first = false;
}

/* Appends `text` broken into lines of at most `maxw` (Pango's line breaking in the picture's
 * language); the swatch on the first. */
static void wrap(const struct pic *p, cairo_t *cr, struct lines *L, const char *text, double size,
                 bool bold, double maxw, int colour, int number, bool legend)
{
        if (!*text)
                return; /* no line at all, not an empty one */
        tkit_render_font(cr, size, bold);
        struct para q = {L, size, bold, legend, true, colour, number};
        tkit_render_text_lines(cr, text, maxw, tkit_lang_name(tkit_scene_lang(p)), add_line, &q);
}

/* The room of a key's swatch and the gap after it, in font sizes. */
#define SWATCH 1.4
#define SWATCH_ROOM 1.75

/* Lays the items of a key out side by side, `sep` apart, on as many lines as `maxw` needs; the
 * lines take the items (and their words). */
static void key_lines(cairo_t *cr, struct lines *L, struct legend_seg *items, size_t n, double size,
                      double maxw, double sep)
{
        tkit_render_font(cr, size, false);
        struct line *l = NULL;
        double x = 0;
        size_t cap = 0;
        for (size_t i = 0; i < n; i++) {
                double adv = tkit_render_text_width(cr, items[i].text);
                items[i].w = (items[i].swatch ? size * SWATCH_ROOM : 0) + adv;
                if (l && x + sep + items[i].w > maxw)
                        l = NULL;
                if (!l) {
                        l = TKIT_PUSH(L->v, L->n, L->cap);
                        *l = (struct line){.size = size, .adv = size * 1.75, .colour = -1};
                        cap = 0;
                        x = 0;
                } else {
                        x += sep;
                }
                items[i].dx = x;
                x += items[i].w;
                *TKIT_PUSH(l->segs, l->nsegs, cap) = items[i];
        }
        for (size_t k = 0; k < L->n; k++) { /* the words of each key line, for the map */
                struct line *kl = &L->v[k];
                if (!kl->segs || kl->text)
                        continue;
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (size_t i = 0; i < kl->nsegs; i++)
                        tkit_buf_printf(&b, "%s%s", i ? " " : "", kl->segs[i].text);
                kl->text = tkit_buf_steal(&b);
        }
}

/* ---------------------------------------------------------------- what the key lists */

/* The players the picture shows: a figure of theirs on the board or at a post, a line of the
 * legend about them, or the tile they place. */
static bool *players_shown(const struct pic *p)
{
        const struct tkit_scene *s = p->s;
        size_t n = p->orig->nplayers;
        bool *v = tkit_xcalloc(n + 1, sizeof *v);
        if (p->placed && (size_t)p->orig->move.player < n)
                v[p->orig->move.player] = true;
        for (size_t i = 0; i < s->nfigures; i++)
                if ((size_t)s->figures[i].player < n)
                        v[s->figures[i].player] = true;
        for (size_t i = 0; i < s->nposts; i++) {
                for (size_t k = 0; k < s->posts[i].nrow; k++)
                        if ((size_t)s->posts[i].row[k] < n)
                                v[s->posts[i].row[k]] = true;
                for (size_t k = 0; k < s->posts[i].nstack; k++)
                        if ((size_t)s->posts[i].stack[k] < n)
                                v[s->posts[i].stack[k]] = true;
        }
        for (size_t i = 0; p->r && i < p->r->nevents; i++)
                if ((size_t)p->r->events[i].player < n)
                        v[p->r->events[i].player] = true;
        return v;
}

/* Whether the move shown adds something the picture rings as new. */
static bool any_new(const struct pic *p)
{
        if (p->state != TKIT_SCENE_DURING)
                return false;
        bool any = p->view.built_bridge && p->placed;
        for (size_t i = 0; i < p->s->nfigures; i++)
                any |= p->view.fig_new[i];
        for (size_t i = 0; i < p->s->ncastles + p->s->nbarns; i++)
                any |= p->view.tok_new[i];
        for (size_t i = 0; i < p->nposts; i++)
                any |=
                    p->posts[i].new_row >= 0 || p->posts[i].new_stack || p->posts[i].new_catapult;
        return any;
}

/* Whether something goes back to the supply (`removed` false) or is removed, in the move shown:
 * a figure drawn, a player's meeples at a post shown, a post's catapult. */
static bool any_leaving(const struct pic *p, bool removed)
{
        for (size_t i = 0; i < p->s->nfigures; i++)
                if (removed ? tkit_scene_figure_removed(p, i) : tkit_scene_figure_returns(p, i))
                        return true;
        for (size_t i = 0; i < p->nposts; i++) {
                const struct tkit_scene_post *sp = p->posts[i].sp;
                int kind = (int)p->posts[i].kind;
                if (removed && sp && sp->catapult && tkit_scene_catapult_removed(p, kind))
                        return true;
                for (size_t k = 0; !removed && sp && k < sp->nrow + sp->nstack; k++) {
                        int pl = k < sp->nrow ? sp->row[k] : sp->stack[k - sp->nrow];
                        if (pl >= 0 && tkit_scene_post_returns(p, kind, pl))
                                return true;
                }
        }
        return false;
}

/* Whether a player must choose among figures drawn. */
static bool any_choice(const struct pic *p)
{
        for (size_t i = 0; i < p->s->nfigures; i++)
                if (tkit_scene_figure_choice(p, i))
                        return true;
        return false;
}

/* Whether the picture draws a figure's move (the legend is laid out before the marks are
 * placed: from the state, as scene-place.c does). */
static bool any_move(const struct pic *p)
{
        for (size_t i = 0; i < p->orig->nfigures; i++)
                if (tkit_scene_figure_moves(p, i))
                        return true;
        return false;
}

static bool any_advance(const struct pic *p)
{
        for (int k = 0; k < TKIT_POST_ANY; k++)
                if (tkit_scene_catapult_arrow(p, k))
                        return true;
        return false;
}

/* "Players:" and each player shown beside a meeple of theirs, then (on a line of its own) each
 * mark the picture uses beside that mark. */
static void build_key(struct pic *p, cairo_t *cr, struct lines *L, double size, double maxw)
{
        enum tkit_lang lang = tkit_scene_lang(p);
        const struct tkit_scene *s = p->orig;
        struct legend_seg *items = tkit_xcalloc(s->nplayers + 1, sizeof *items);
        bool *shown = players_shown(p);
        size_t n = 0, last = 0;
        for (size_t i = 0; i < s->nplayers; i++)
                last = shown[i] ? i : last;
        items[n++] = (struct legend_seg){
            .text = tkit_xasprintf("%s:", tkit_text_term(lang, TKIT_TERM_PLAYERS)), .player = -1};
        for (size_t i = 0; i < s->nplayers; i++) {
                if (!shown[i])
                        continue;
                int c = tkit_scene_player_colour(s, (int)i);
                char *k = tkit_text_player_key(s, (int)i, lang, !p->pattern);
                items[n++] = (struct legend_seg){
                    .text = i < last ? tkit_xasprintf("%s,", k) : tkit_xstrdup(k),
                    .swatch = SW_PLAYER,
                    .player = (int)i,
                    .colour = c,
                    .letter = p->pattern ? NULL : tkit_text_player_letter(lang, c)};
                free(k);
        }
        if (n > 1)
                key_lines(cr, L, items, n, size, maxw, size * 0.4);
        else
                free(items[0].text);
        free(shown);
        struct legend_seg marks[TKIT_KEY_COUNT];
        size_t m = 0;
        const bool has[TKIT_KEY_COUNT] = {p->placed && tkit_scene_shown(p, p->px, p->py),
                                          any_new(p), any_leaving(p, false), any_leaving(p, true),
                                          any_choice(p), any_move(p), any_advance(p)};
        static const enum tkit_text_term terms[TKIT_KEY_COUNT] = {
            TKIT_TERM_TILE_PLACED, TKIT_TERM_NEW,   TKIT_TERM_RETURNED, TKIT_TERM_REMOVED,
            TKIT_TERM_CHOICE,      TKIT_TERM_MOVED, TKIT_TERM_ADVANCE};
        for (int k = 0; k < TKIT_KEY_COUNT; k++)
                if (has[k])
                        marks[m++] = (struct legend_seg){
                            .text = tkit_xstrdup(tkit_text_term(lang, terms[k])),
                            .swatch = (enum swatch)(SW_TILE + k),
                            .player = -1};
        if (m)
                key_lines(cr, L, marks, m, size, maxw, size * 1.2);
        free(items);
}

/* ---------------------------------------------------------------- the lines */

/* A share of the tile, never under `min_pt` points. */
static double text_size(const struct pic *p, double k, double min_pt)
{
        return tkit_scene_size(p, k, min_pt);
}

void tkit_scene_legend_build(struct pic *p, cairo_t *cr, struct lines *L, double maxw)
{
        enum tkit_lang lang = tkit_scene_lang(p);
        double cs = text_size(p, 0.1, 8), ls = text_size(p, 0.085, 7), ind = ls * 1.6;
        const char *cap = tkit_text_caption(p->orig, lang);
        if (cap)
                wrap(p, cr, L, cap, cs, true, maxw, -1, 0, false);
        build_key(p, cr, L, ls, maxw);
        size_t after_key = L->n;
        for (size_t i = 0; p->r && i < p->r->nevents; i++) {
                int number = tkit_scene_refusal_number(p, i);
                if (p->o->legend == TKIT_LEGEND_KEY && !number)
                        continue; /* the page's text tells the events; a callout needs its words */
                char *t = tkit_text_event(p->orig, &p->r->events[i], lang);
                wrap(p, cr, L, t, ls, false, maxw - ind,
                     number ? -1 : tkit_scene_player_colour(p->orig, p->r->events[i].player),
                     number, true);
                free(t);
        }
        for (size_t i = 0; i < p->orig->ncallouts; i++) {
                const struct tkit_scene_callout *co = &p->orig->callouts[i];
                const char *t = tkit_text_callout(co, lang);
                if (t)
                        wrap(p, cr, L, t, ls, false, maxw - ind, -1, co->number, true);
        }
        if (after_key < L->n && after_key > 0 && L->v[after_key - 1].segs)
                L->v[after_key].adv += ls * 0.45; /* the key apart from the events */
}

double tkit_scene_legend_height(const struct lines *L)
{
        double h = 0;
        for (size_t i = 0; i < L->n; i++)
                h += L->v[i].adv;
        return h;
}

/* A key's swatch centred at (x, y), `s` high. */
static void draw_swatch(const struct pic *p, cairo_t *cr, const struct legend_seg *g, double x,
                        double y, double s)
{
        switch (g->swatch) {
        case SW_PLAYER:
                tkit_scene_draw_swatch(p, cr, g->colour, x, y, s);
                break;
        case SW_TILE: { /* a tile in its frame: white between two dark lines */
                double h = s * 0.3, w = s * 0.12;
                cairo_rectangle(cr, x - h, y - h, 2 * h, 2 * h);
                tkit_render_set_color(cr, TKIT_COLOR_FIELD);
                cairo_fill(cr);
                cairo_rectangle(cr, x - h - w / 2, y - h - w / 2, 2 * h + w, 2 * h + w);
                cairo_set_source_rgb(cr, 1, 1, 1);
                cairo_set_line_width(cr, w);
                cairo_stroke(cr);
                cairo_rectangle(cr, x - h, y - h, 2 * h, 2 * h);
                cairo_rectangle(cr, x - h - w, y - h - w, 2 * (h + w), 2 * (h + w));
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                cairo_set_line_width(cr, w * 0.3);
                cairo_stroke(cr);
                break;
        }
        case SW_NEW:
                tkit_scene_draw_new(cr, x - s * 0.3, y - s * 0.3, x + s * 0.3, y + s * 0.3,
                                    s * 0.09);
                break;
        case SW_RETURNED:
                tkit_scene_draw_returned(cr, x, y, s * 0.4);
                break;
        case SW_REMOVED:
                tkit_scene_draw_removed(cr, x, y, s * 0.4);
                break;
        case SW_CHOICE:
                tkit_scene_draw_choice_swatch(cr, x, y, s);
                break;
        case SW_MOVED:
                tkit_scene_draw_arrow(cr, x - s * 0.45, y + s * 0.2, x + s * 0.45, y + s * 0.05,
                                      s * 0.08, 0.18);
                break;
        case SW_ADVANCE: /* a siege symbol (a "?") and the arrow from it */
                tkit_render_post_symbol(cr, TKIT_POST_ANY, x - s * 0.3, y + s * 0.05, s * 0.28);
                tkit_scene_draw_arrow(cr, x - s * 0.02, y + s * 0.05, x + s * 0.48, y - s * 0.1,
                                      s * 0.08, 0.18);
                break;
        default:
                break;
        }
}

void tkit_scene_key_swatch(cairo_t *cr, enum tkit_scene_key_mark m, double x, double y,
                           double size)
{
        if ((unsigned)m >= TKIT_KEY_COUNT)
                return;
        /* the marks' swatches need no picture: only a player's swatch reads it */
        struct legend_seg g = {.swatch = (enum swatch)(SW_TILE + (int)m), .player = -1};
        draw_swatch(NULL, cr, &g, x, y, size);
}

static struct tkit_scene_mark *text_mark(struct pic *p, const struct line *l, double x0, double y,
                                         double x1)
{
        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_TEXT);
        m->x0 = x0;
        m->y0 = y - l->size;
        m->x1 = x1;
        m->y1 = y + l->size * 0.3;
        m->x = (m->x0 + m->x1) / 2;
        m->y = (m->y0 + m->y1) / 2;
        m->size_pt = l->size * p->upt;
        m->number = l->number;
        m->text = tkit_xstrdup(l->text);
        return m;
}

/* A key line: swatches and words side by side. */
static void key_line(struct pic *p, cairo_t *cr, const struct line *l, double x, double y,
                     bool plan)
{
        double sz = l->size, s = sz * SWATCH;
        for (size_t i = 0; i < l->nsegs; i++) {
                const struct legend_seg *g = &l->segs[i];
                double gx = x + g->dx, cx = gx + sz * 0.75, cy = y - sz * 0.35;
                if (g->swatch && plan) {
                        struct tkit_scene_mark *m = tkit_scene_add_mark(p, TKIT_MARK_KEY);
                        m->what = swatch_what[g->swatch];
                        m->player = g->player;
                        m->letter = g->letter;
                        m->x0 = cx - s / 2;
                        m->y0 = cy - s / 2;
                        m->x1 = cx + s / 2;
                        m->y1 = cy + s / 2;
                        m->x = cx;
                        m->y = cy;
                } else if (g->swatch) {
                        draw_swatch(p, cr, g, cx, cy, s);
                }
                if (plan)
                        continue;
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, sz, false);
                cairo_move_to(cr, gx + (g->swatch ? sz * SWATCH_ROOM : 0), y);
                tkit_render_text_show(cr, g->text);
                cairo_new_path(cr);
        }
        if (plan && l->nsegs)
                text_mark(p, l, x, y, x + l->segs[l->nsegs - 1].dx + l->segs[l->nsegs - 1].w);
}

void tkit_scene_legend_draw(struct pic *p, cairo_t *cr, const struct lines *L, bool plan)
{
        double y = p->text_y, x = p->tx;
        for (size_t i = 0; i < L->n; i++) {
                const struct line *l = &L->v[i];
                y += l->adv;
                if (l->segs) {
                        key_line(p, cr, l, x, y, plan);
                        continue;
                }
                double ind = l->indent ? l->size * 1.6 : 0;
                if (plan) {
                        tkit_render_font(cr, l->size, l->bold);
                        double adv = tkit_render_text_width(cr, l->text);
                        text_mark(p, l, x, y, x + ind + adv);
                        continue;
                }
                if (l->colour >= 0)
                        tkit_scene_draw_swatch(p, cr, l->colour, x + l->size * 0.6,
                                               y - l->size * 0.4, l->size * 1.15);
                if (l->bullet) {
                        cairo_new_path(cr);
                        cairo_arc(cr, x + l->size * 0.6, y - l->size * 0.35, l->size * 0.2, 0,
                                  2 * M_PI);
                        cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
                        cairo_fill(cr);
                }
                if (l->number)
                        tkit_scene_callout_disc(cr, x + l->size * 0.6, y - l->size * 0.35,
                                                l->size * 0.6, l->number);
                cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
                tkit_render_font(cr, l->size, l->bold);
                cairo_move_to(cr, x + ind, y);
                tkit_render_text_show(cr, l->text);
                cairo_new_path(cr);
        }
}

void tkit_scene_legend_free(struct lines *L)
{
        for (size_t i = 0; i < L->n; i++) {
                for (size_t k = 0; k < L->v[i].nsegs; k++)
                        free(L->v[i].segs[k].text);
                free(L->v[i].segs);
                free(L->v[i].text);
        }
        free(L->v);
}
