/* The caption and the legend under a scene picture: the caption; the key — the players, each
 * beside a meeple drawn as their figures are (in their greyscale pattern where the figures carry
 * patterns; plain, with the letter in the words, where they carry letters), then the marks the
 * picture uses (the frame of the tile placed, the ring of what is new this turn, what goes back
 * to the supply, what is removed), each beside its mark —; one sentence per event of the engine
 * (text/tkit-text.h: the words `tilekit score --lang` prints); the callouts. Lines wrap to the
 * picture's width (stage 2, the plan); each line and each swatch of the key gets its box in the
 * picture map (stage 3, the layout). scene-draw-legend.c draws them. */
#include "render/scene-layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
static void wrap(const struct scene_plan *p, cairo_t *cr, struct lines *L, const char *text,
                 double size, bool bold, double maxw, int colour, int number, bool legend)
{
        if (!*text)
                return; /* no line at all, not an empty one */
        tkit_render_font(cr, size, bold);
        struct para q = {L, size, bold, legend, true, colour, number};
        tkit_render_text_lines(cr, text, maxw, tkit_lang_name(p->st->lang), add_line, &q);
}

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
static bool *players_shown(const struct scene_plan *p)
{
        const struct tkit_scene *s = p->st->s;
        size_t n = p->st->orig->nplayers;
        bool *v = tkit_xcalloc(n + 1, sizeof *v);
        if (p->st->placed && (size_t)p->st->orig->move.player < n)
                v[p->st->orig->move.player] = true;
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
        for (size_t i = 0; p->st->r && i < p->st->r->nevents; i++)
                if ((size_t)p->st->r->events[i].player < n)
                        v[p->st->r->events[i].player] = true;
        return v;
}

/* Whether the move shown adds something the picture rings as new. */
static bool any_new(const struct scene_plan *p)
{
        if (p->st->state != TKIT_SCENE_DURING)
                return false;
        bool any = p->st->view.built_bridge && p->st->placed;
        for (size_t i = 0; i < p->st->s->nfigures; i++)
                any |= p->st->view.fig_new[i];
        for (size_t i = 0; i < p->st->s->ncastles + p->st->s->nbarns; i++)
                any |= p->st->view.tok_new[i];
        for (size_t i = 0; i < p->nposts; i++)
                any |=
                    p->posts[i].new_row >= 0 || p->posts[i].new_stack || p->posts[i].new_catapult;
        return any;
}

/* Whether something goes back to the supply (`removed` false) or is removed, in the move shown:
 * a figure drawn, a player's meeples at a post shown, a post's catapult. */
static bool any_leaving(const struct scene_plan *p, bool removed)
{
        for (size_t i = 0; i < p->st->s->nfigures; i++)
                if (removed ? tkit_scene_figure_removed(p->st, i)
                            : tkit_scene_figure_returns(p->st, i))
                        return true;
        for (size_t i = 0; i < p->nposts; i++) {
                const struct tkit_scene_post *sp = p->posts[i].sp;
                int kind = (int)p->posts[i].kind;
                if (removed && sp && sp->catapult && tkit_scene_catapult_removed(p->st, kind))
                        return true;
                for (size_t k = 0; !removed && sp && k < sp->nrow + sp->nstack; k++) {
                        int pl = k < sp->nrow ? sp->row[k] : sp->stack[k - sp->nrow];
                        if (pl >= 0 && tkit_scene_post_returns(p->st, kind, pl))
                                return true;
                }
        }
        return false;
}

/* Whether a player must choose among figures drawn. */
static bool any_choice(const struct scene_plan *p)
{
        for (size_t i = 0; i < p->st->s->nfigures; i++)
                if (tkit_scene_figure_choice(p->st, i))
                        return true;
        return false;
}

/* Whether the picture draws a figure's move (the legend is laid out before the marks are
 * placed: from the state, as scene-place.c does). */
static bool any_move(const struct scene_plan *p)
{
        for (size_t i = 0; i < p->st->orig->nfigures; i++)
                if (tkit_scene_figure_moves(p->st, i))
                        return true;
        return false;
}

static bool any_advance(const struct scene_plan *p)
{
        for (int k = 0; k < TKIT_POST_ANY; k++)
                if (tkit_scene_catapult_arrow(p, k))
                        return true;
        return false;
}

/* "Players:" and each player shown beside a meeple of theirs, then (on a line of its own) each
 * mark the picture uses beside that mark. */
static void build_key(const struct scene_plan *p, cairo_t *cr, struct lines *L, double size,
                      double maxw)
{
        enum tkit_lang lang = p->st->lang;
        const struct tkit_scene *s = p->st->orig;
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
        const bool has[TKIT_KEY_COUNT] = {p->st->placed &&
                                              tkit_scene_shown(p, p->st->px, p->st->py),
                                          any_new(p),
                                          any_leaving(p, false),
                                          any_leaving(p, true),
                                          any_choice(p),
                                          any_move(p),
                                          any_advance(p)};
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
static double text_size(const struct scene_plan *p, double k, double min_pt)
{
        return tkit_scene_size(p, k, min_pt);
}

void tkit_scene_legend_build(const struct scene_plan *p, cairo_t *cr, struct lines *L, double maxw)
{
        enum tkit_lang lang = p->st->lang;
        double cs = text_size(p, 0.1, 8), ls = text_size(p, 0.085, 7), ind = ls * 1.6;
        const char *cap = tkit_text_caption(p->st->orig, lang);
        if (cap)
                wrap(p, cr, L, cap, cs, true, maxw, -1, 0, false);
        build_key(p, cr, L, ls, maxw);
        size_t after_key = L->n;
        for (size_t i = 0; p->st->r && i < p->st->r->nevents; i++) {
                int number = tkit_scene_refusal_number(p->st, i);
                if (p->st->o->legend == TKIT_LEGEND_KEY && !number)
                        continue; /* the page's text tells the events; a callout needs its words */
                char *t = tkit_text_event(p->st->orig, &p->st->r->events[i], lang);
                wrap(p, cr, L, t, ls, false, maxw - ind,
                     number ? -1
                            : tkit_scene_player_colour(p->st->orig, p->st->r->events[i].player),
                     number, true);
                free(t);
        }
        for (size_t i = 0; i < p->st->orig->ncallouts; i++) {
                const struct tkit_scene_callout *co = &p->st->orig->callouts[i];
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

/* ---------------------------------------------------------------- the layout */

/* The picture map's names of the swatches (docs/render.md). */
static const char *const swatch_what[SW_COUNT] = {
    NULL, "player", "new-tile", "new", "returned", "removed", "choice", "moved", "advance"};

static struct tkit_scene_mark *text_mark(struct scene_layout *lo, const struct line *l, double x0,
                                         double y, double x1)
{
        struct tkit_scene_mark *m = tkit_scene_add_mark(lo, TKIT_MARK_TEXT);
        m->x0 = x0;
        m->y0 = y - l->size;
        m->x1 = x1;
        m->y1 = y + l->size * 0.3;
        m->x = (m->x0 + m->x1) / 2;
        m->y = (m->y0 + m->y1) / 2;
        m->size_pt = l->size * lo->pl->upt;
        m->number = l->number;
        m->text = tkit_xstrdup(l->text);
        return m;
}

/* A key line: each swatch's mark, then the line's. */
static void key_line(struct scene_layout *lo, const struct line *l, double x, double y)
{
        double sz = l->size, s = sz * SWATCH;
        for (size_t i = 0; i < l->nsegs; i++) {
                const struct legend_seg *g = &l->segs[i];
                double cx = x + g->dx + sz * 0.75, cy = y - sz * 0.35;
                if (!g->swatch)
                        continue;
                struct tkit_scene_mark *m = tkit_scene_add_mark(lo, TKIT_MARK_KEY);
                m->what = swatch_what[g->swatch];
                m->player = g->player;
                m->letter = g->letter;
                m->x0 = cx - s / 2;
                m->y0 = cy - s / 2;
                m->x1 = cx + s / 2;
                m->y1 = cy + s / 2;
                m->x = cx;
                m->y = cy;
        }
        if (l->nsegs)
                text_mark(lo, l, x, y, x + l->segs[l->nsegs - 1].dx + l->segs[l->nsegs - 1].w);
}

void tkit_scene_legend_place(struct scene_layout *lo, cairo_t *mcr)
{
        const struct scene_plan *p = lo->pl;
        const struct lines *L = &p->L;
        double y = p->text_y, x = p->tx;
        lo->line_y = tkit_xcalloc(L->n + 1, sizeof *lo->line_y);
        for (size_t i = 0; i < L->n; i++) {
                const struct line *l = &L->v[i];
                y += l->adv;
                lo->line_y[i] = y;
                if (l->segs) {
                        key_line(lo, l, x, y);
                        continue;
                }
                double ind = l->indent ? l->size * 1.6 : 0;
                tkit_render_font(mcr, l->size, l->bold);
                text_mark(lo, l, x, y, x + ind + tkit_render_text_width(mcr, l->text));
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
