/* Reference sheets: a PDF with, per set, a summary page and then every tile type and every face
 * of every piece at its real size, with bleed, crop marks and a label. Page geometry is worked
 * out in points; tile sizes are given in millimetres and converted once. Items are packed in
 * rows (shelves) left to right, top to bottom. */
#include "render/render-private.h"
#include "text/tkit-text.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MARK_OFFSET_MM 1.0
#define MARK_LEN_MM 3.5
#define HEADER_MM 10.0

static const char *const paper_names[TKIT_PAPER_COUNT] = {"a4", "letter"};

const char *tkit_paper_name(enum tkit_paper p)
{
        return (unsigned)p < TKIT_PAPER_COUNT ? paper_names[p] : NULL;
}

int tkit_paper_parse(const char *s)
{
        for (int i = 0; i < TKIT_PAPER_COUNT; i++)
                if (strcasecmp(s, paper_names[i]) == 0)
                        return i;
        return -1;
}

void tkit_paper_size(enum tkit_paper p, double *w, double *h)
{
        if (p == TKIT_PAPER_LETTER) {
                *w = 612;
                *h = 792;
        } else {
                *w = 210 * MM_TO_PT;
                *h = 297 * MM_TO_PT;
        }
}

int tkit_label_parse(const char *s)
{
        if (strcmp(s, "none") == 0)
                return 0;
        static const char *const names[] = {"id", "count", "name", "set"};
        unsigned flags = 0;
        char *dup = tkit_xstrdup(s), *save = NULL;
        for (char *tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
                int found = -1;
                for (int i = 0; i < 4; i++)
                        if (strcmp(tok, names[i]) == 0)
                                found = i;
                if (found < 0) {
                        free(dup);
                        return -1;
                }
                flags |= 1u << found;
        }
        free(dup);
        return (int)flags;
}

void tkit_sheet_options_init(struct tkit_sheet_options *o)
{
        memset(o, 0, sizeof(*o));
        o->paper = TKIT_PAPER_A4;
        o->tile_mm = 45;
        o->bleed_mm = 3;
        o->margin_mm = 10;
        o->crop_marks = true;
        o->summary = true;
        o->lang = "en";
        o->labels = TKIT_LABEL_ALL;
}

/* ---------------------------------------------------------------- page state */

struct sheet {
        cairo_t *cr;
        const struct tkit_sheet_options *o;
        const struct tkit_set *set;
        double pw, ph;                  /* page, points */
        double tile, bleed, gap, label; /* points */
        double x0, y0, x1, y1;          /* content box */
        double cx, cy, row_h;           /* packing cursor */
        int pages;                      /* pages finished or begun */
        bool page_open;
        const char *title; /* for the page header */
};

static double mm(double v)
{
        return v * MM_TO_PT;
}

/* The sheet's language for text/'s tables (checked by tkit_sheet_write: en when unset). */
static enum tkit_lang sheet_lang(const char *lang)
{
        int l = tkit_lang_parse(lang);
        return l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l;
}

/* The set's name in the sheet's language, else its id: never another language's name. */
static const char *set_title(const struct tkit_set *s, const char *lang)
{
        const char *n = tkit_set_name(s, lang ? lang : "en");
        return n ? n : s->id;
}

static void draw_ruler(struct sheet *sh, double xr, double y)
{
        cairo_t *cr = sh->cr;
        double len = sh->tile, xl = xr - len;
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        cairo_set_line_width(cr, 0.5);
        cairo_move_to(cr, xl, y);
        cairo_line_to(cr, xr, y);
        cairo_move_to(cr, xl, y - 3);
        cairo_line_to(cr, xl, y + 3);
        cairo_move_to(cr, xr, y - 3);
        cairo_line_to(cr, xr, y + 3);
        cairo_stroke(cr);
        char buf[48];
        snprintf(buf, sizeof buf, "%g mm", sh->o->tile_mm);
        tkit_render_font(cr, 6.5, false);
        tkit_render_text_center(cr, (xl + xr) / 2, y - 2, buf);
}

static void page_begin(struct sheet *sh)
{
        if (sh->page_open)
                return;
        sh->page_open = true;
        sh->pages++;
        sh->cx = sh->x0;
        sh->cy = sh->y0;
        sh->row_h = 0;
        cairo_t *cr = sh->cr;
        double m = mm(sh->o->margin_mm);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        tkit_render_font(cr, 10, true);
        tkit_render_text_fit(cr, m, m + mm(4), sh->pw - 2 * m - sh->tile - 60, sh->title, false);
        char buf[64];
        snprintf(buf, sizeof buf, "%s %d", tkit_text_sheet(sheet_lang(sh->o->lang), TKIT_SW_PAGE),
                 sh->pages);
        tkit_render_font(cr, 8, false);
        double adv = tkit_render_text_width(cr, buf);
        cairo_move_to(cr, sh->pw - m - adv, m + mm(4));
        tkit_render_text_show(cr, buf);
        cairo_new_path(cr);
        /* a ruler as long as a tile, to check the print scale */
        draw_ruler(sh, sh->pw - m - adv - 12, m + mm(3.5));
}

static void page_end(struct sheet *sh)
{
        if (!sh->page_open)
                return;
        cairo_show_page(sh->cr);
        sh->page_open = false;
        if (sh->o->progress)
                sh->o->progress(sh->o->progress_ctx, sh->pages);
}

/* Reserves room for an item of art size w × h; returns its trim box top-left. */
static bool place(struct sheet *sh, double w, double h, double *x, double *y)
{
        double bw = w + 2 * sh->bleed, bh = h + 2 * sh->bleed + sh->label;
        if (bw > sh->x1 - sh->x0 || bh > sh->y1 - sh->y0)
                return false;
        page_begin(sh);
        if (sh->cx + bw > sh->x1 + 1e-6) {
                sh->cx = sh->x0;
                sh->cy += sh->row_h + sh->gap;
                sh->row_h = 0;
        }
        if (sh->cy + bh > sh->y1 + 1e-6) {
                page_end(sh);
                page_begin(sh);
        }
        *x = sh->cx + sh->bleed;
        *y = sh->cy + sh->bleed;
        sh->cx += bw + sh->gap;
        if (bh > sh->row_h)
                sh->row_h = bh;
        return true;
}

/* Crop marks: on the trim lines, starting a little outside the bleed. */
static void crop_marks(struct sheet *sh, double x, double y, double w, double h)
{
        cairo_t *cr = sh->cr;
        double off = sh->bleed + mm(MARK_OFFSET_MM), len = mm(MARK_LEN_MM);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_set_line_width(cr, 0.3);
        double xs[2] = {x, x + w}, ys[2] = {y, y + h};
        for (int i = 0; i < 2; i++) {
                double dir = i == 0 ? -1 : 1;
                for (int j = 0; j < 2; j++) {
                        /* horizontal marks on the trim lines y, y + h */
                        cairo_move_to(cr, xs[i] + dir * off, ys[j]);
                        cairo_line_to(cr, xs[i] + dir * (off + len), ys[j]);
                        /* vertical marks on the trim lines x, x + w */
                        double dy = j == 0 ? -1 : 1;
                        cairo_move_to(cr, xs[i], ys[j] + dy * off);
                        cairo_line_to(cr, xs[i], ys[j] + dy * (off + len));
                }
        }
        cairo_stroke(cr);
}

static void draw_label(struct sheet *sh, double x, double y, double w, const char *id, int count,
                       const char *name, bool reconstructed)
{
        if (!sh->o->labels)
                return;
        cairo_t *cr = sh->cr;
        unsigned lf = sh->o->labels;
        struct tkit_buf b;
        tkit_buf_init(&b);
        if (lf & TKIT_LABEL_ID)
                tkit_buf_puts(&b, id);
        if ((lf & TKIT_LABEL_COUNT) && count > 0)
                tkit_buf_printf(&b, "%s\xc3\x97%d", b.len ? "  " : "", count);
        if (reconstructed)
                tkit_buf_printf(&b, "%s(R)", b.len ? "  " : "");
        double base = y + sh->bleed + mm(MARK_OFFSET_MM) + mm(2.8);
        cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
        if (b.len) {
                tkit_render_font(cr, 7.5, true);
                tkit_render_text_fit(cr, x + w / 2, base, w - mm(2), b.data, true);
                base += mm(3);
        }
        if ((lf & TKIT_LABEL_NAME) && !name && !(lf & TKIT_LABEL_ID))
                name = id; /* no name in the sheet's language: the id alone stands for it */
        if ((lf & TKIT_LABEL_NAME) && name) {
                tkit_render_font(cr, 6.5, false);
                tkit_render_text_fit(cr, x + w / 2, base, w - mm(2), name, true);
                base += mm(2.7);
        }
        if (lf & TKIT_LABEL_SET) {
                cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
                tkit_render_font(cr, 5.5, false);
                tkit_render_text_fit(cr, x + w / 2, base, w - mm(2),
                                     set_title(sh->set, sh->o->lang), true);
        }
        tkit_buf_finish(&b);
}

/* A tile's name in the sheet's language, or none: the label's id stands for it then (an
 * English name on a Romanian sheet is a word the reader may not read). */
static const char *tile_name(const struct tkit_tile *t, const char *lang)
{
        return tkit_tile_name(t, lang ? lang : "en");
}

static const char *piece_name(const struct tkit_piece *p, const char *lang)
{
        for (size_t i = 0; i < p->nnames; i++)
                if (strcmp(p->names[i].lang, lang ? lang : "en") == 0)
                        return p->names[i].text;
        return NULL;
}

/* ---------------------------------------------------------------- summary page */

struct cursor {
        struct sheet *sh;
        double y;
};

static void line(struct cursor *c, double size, bool bold, double indent, const char *text)
{
        struct sheet *sh = c->sh;
        if (c->y + size * 1.4 > sh->y1) {
                page_end(sh);
                page_begin(sh);
                c->y = sh->y0;
        }
        c->y += size * 1.35;
        cairo_set_source_rgb(sh->cr, 0.05, 0.05, 0.05);
        tkit_render_font(sh->cr, size, bold);
        tkit_render_text_fit(sh->cr, sh->x0 + indent, c->y, sh->x1 - sh->x0 - indent, text, false);
}

static void summary_totals(struct cursor *c, const struct tkit_set *s, enum tkit_lang L)
{
        int group_tiles[TKIT_GROUP_COUNT] = {0}, pennants = 0, recon = 0;
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                if ((unsigned)t->group < TKIT_GROUP_COUNT)
                        group_tiles[t->group] += t->count;
                pennants += tkit_tile_pennants(t) * t->count;
                recon += t->basis == TKIT_BASIS_RECONSTRUCTED;
        }
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "%s: %d", tkit_text_sheet(L, TKIT_SW_TILES), tkit_set_tile_total(s));
        const char *sep = " (";
        for (int g = 0; g < TKIT_GROUP_COUNT; g++)
                if (group_tiles[g]) {
                        tkit_buf_printf(&b, "%s%s %d", sep, tkit_text_group(L, (enum tkit_group)g),
                                        group_tiles[g]);
                        sep = ", ";
                }
        if (strcmp(sep, ", ") == 0)
                tkit_buf_puts(&b, ")");
        line(c, 10, false, 0, b.data);
        tkit_buf_finish(&b);
        char *l = tkit_xasprintf("%s: %zu", tkit_text_sheet(L, TKIT_SW_TILE_TYPES), s->ntiles);
        line(c, 10, false, 0, l);
        free(l);
        int pieces = 0;
        for (size_t i = 0; i < s->npieces; i++)
                pieces += s->pieces[i].count;
        if (s->npieces) {
                l = tkit_xasprintf("%s: %d", tkit_text_sheet(L, TKIT_SW_PIECES), pieces);
                line(c, 10, false, 0, l);
                free(l);
        }
        bool posts = false; /* the row lengths of reconstructed posts are not the rulebooks' */
        for (size_t i = 0; i < s->npieces; i++)
                for (size_t f = 0; f < s->pieces[i].nfaces; f++)
                        posts |= s->pieces[i].basis == TKIT_BASIS_RECONSTRUCTED &&
                                 s->pieces[i].faces[f].nposts > 0;
        if (posts) {
                line(c, 9, false, 12, tkit_text_sheet(L, TKIT_SW_POST_ROWS));
                line(c, 9, false, 12, tkit_text_sheet(L, TKIT_SW_POST_ROWS_2));
        }
        l = tkit_xasprintf("%s: %d", tkit_text_sheet(L, TKIT_SW_PENNANTS), pennants);
        line(c, 10, false, 0, l);
        free(l);
        if (recon) {
                l = tkit_xasprintf("%s: %d", tkit_text_sheet(L, TKIT_SW_RECONSTRUCTED), recon);
                line(c, 10, false, 0, l);
                free(l);
        }
}

static void summary_tokens(struct cursor *c, const struct tkit_set *s, enum tkit_lang L)
{
        if (!s->ntokens)
                return;
        c->y += 6;
        line(c, 11, true, 0, tkit_text_sheet(L, TKIT_SW_TOKENS));
        for (size_t i = 0; i < s->ntokens; i++) {
                char *l = tkit_xasprintf("%s \xc3\x97%d", tkit_text_token(L, s->tokens[i].kind),
                                         s->tokens[i].count);
                line(c, 10, false, 12, l);
                free(l);
        }
}

static void summary_manifest(struct cursor *c, const struct tkit_set *s, enum tkit_lang L)
{
        if (!s->nmanifest)
                return;
        c->y += 6;
        line(c, 11, true, 0, tkit_text_sheet(L, TKIT_SW_MANIFEST));
        for (size_t i = 0; i < s->nmanifest; i++) {
                const struct tkit_expect *e = &s->manifest[i];
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_buf_puts(&b, tkit_text_expect(L, e->what));
                if (e->of) {
                        /* the data's own word (a tile id, say) when the text has none for it */
                        const char *of = tkit_text_expect_of(L, e->what, e->of);
                        tkit_buf_printf(&b, ": %s", of ? of : e->of);
                }
                if (e->group >= 0)
                        tkit_buf_printf(&b, " (%s)", tkit_text_group(L, (enum tkit_group)e->group));
                tkit_buf_printf(&b, " = %d", e->count);
                line(c, 9.5, false, 12, b.data);
                tkit_buf_finish(&b);
                if (e->note && c->sh->o->notes) { /* authors' words, in English */
                        cairo_set_source_rgb(c->sh->cr, 0.4, 0.4, 0.4);
                        line(c, 7.5, false, 30, e->note);
                }
        }
}

/* The symbols a reader meets on the tiles, drawn as on the tiles. */
static void summary_legend(struct cursor *c, enum tkit_lang L)
{
        c->y += 6;
        line(c, 11, true, 0, tkit_text_sheet(L, TKIT_SW_SYMBOLS));
        struct sheet *sh = c->sh;
        double x = sh->x0 + 12, r = 6;
        c->y += 14;
        for (int p = 0; p < TKIT_POST_COUNT; p++) {
                tkit_render_post_symbol(sh->cr, (enum tkit_post)p, x + r, c->y - r / 2, r);
                cairo_set_source_rgb(sh->cr, 0.05, 0.05, 0.05);
                tkit_render_font(sh->cr, 9, false);
                cairo_move_to(sh->cr, x + 2 * r + 4, c->y);
                tkit_render_text_show(sh->cr, tkit_text_symbol(L, (enum tkit_post)p));
                double adv = tkit_render_text_width(sh->cr, tkit_text_symbol(L, (enum tkit_post)p));
                cairo_new_path(sh->cr);
                x += 2 * r + 4 + adv + 16;
        }
        line(c, 9, false, 12, tkit_text_sheet(L, TKIT_SW_R_MARKS));
}

static void summary_page(struct sheet *sh, const struct tkit_set *s)
{
        const char *lang = sh->o->lang;
        enum tkit_lang L = sheet_lang(lang);
        page_begin(sh);
        struct cursor c = {sh, sh->y0};
        line(&c, 18, true, 0, set_title(s, lang));
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, s->id);
        if (s->edition)
                tkit_buf_printf(&b, "  \xc2\xb7  %s %s", tkit_text_sheet(L, TKIT_SW_EDITION),
                                s->edition);
        if (s->year)
                tkit_buf_printf(&b, "  \xc2\xb7  %s %d", tkit_text_sheet(L, TKIT_SW_YEAR), s->year);
        line(&c, 10, false, 0, b.data);
        tkit_buf_finish(&b);
        if (s->rules) {
                tkit_buf_init(&b);
                tkit_buf_printf(&b, "%s:", tkit_text_sheet(L, TKIT_SW_RULES));
                bool first = true;
                for (unsigned f = 1; f && f <= TKIT_RULES_LAST; f <<= 1)
                        if (s->rules & f)
                                tkit_buf_printf(&b, "%s %s", first ? "" : ",",
                                                tkit_text_rules_module(L, f)),
                                    first = false;
                line(&c, 10, false, 0, b.data);
                tkit_buf_finish(&b);
        }
        if (s->nrequires) {
                tkit_buf_init(&b);
                tkit_buf_printf(&b, "%s:", tkit_text_sheet(L, TKIT_SW_REQUIRES));
                for (size_t i = 0; i < s->nrequires; i++)
                        tkit_buf_printf(&b, " %s", s->requires[i]);
                line(&c, 10, false, 0, b.data);
                tkit_buf_finish(&b);
        }
        c.y += 8;
        line(&c, 11, true, 0, tkit_text_sheet(L, TKIT_SW_SUMMARY));
        summary_totals(&c, s, L);
        summary_tokens(&c, s, L);
        summary_manifest(&c, s, L);
        summary_legend(&c, L);
        page_end(sh);
}

/* ---------------------------------------------------------------- the sheet */

static void sheet_geometry(struct sheet *sh)
{
        const struct tkit_sheet_options *o = sh->o;
        tkit_paper_size(o->paper, &sh->pw, &sh->ph);
        sh->tile = mm(o->tile_mm);
        sh->bleed = mm(o->bleed_mm);
        sh->gap = mm(o->crop_marks ? 2 * (MARK_OFFSET_MM + 2.0) : 3);
        sh->label = 0;
        if (o->labels) {
                unsigned l = o->labels;
                double h = 0.8;
                h += (l & (TKIT_LABEL_ID | TKIT_LABEL_COUNT)) ? 3 : 0;
                h += (l & TKIT_LABEL_NAME) ? 2.7 : 0;
                h += (l & TKIT_LABEL_SET) ? 2.4 : 0;
                sh->label = mm(MARK_OFFSET_MM + h);
        }
        double m = mm(o->margin_mm);
        sh->x0 = m;
        sh->x1 = sh->pw - m;
        sh->y0 = m + mm(HEADER_MM);
        sh->y1 = sh->ph - m;
}

static int sheet_set(struct sheet *sh, const struct tkit_set *s, struct tkit_diags *d)
{
        sh->set = s;
        sh->title = set_title(s, sh->o->lang);
        if (sh->o->summary)
                summary_page(sh, s);
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                double x, y;
                if (!place(sh, sh->tile, sh->tile, &x, &y))
                        goto no_room;
                tkit_render_art_missing(sh->o->art, t, s->id, NULL, d);
                tkit_render_tile_art(sh->cr, sh->o->art, t, 0, x, y, sh->tile, sh->bleed,
                                     sh->o->flags);
                if (sh->o->crop_marks)
                        crop_marks(sh, x, y, sh->tile, sh->tile);
                draw_label(sh, x, y + sh->tile, sh->tile, t->id, t->count,
                           tile_name(t, sh->o->lang), t->basis == TKIT_BASIS_RECONSTRUCTED);
        }
        for (size_t i = 0; i < s->npieces; i++) {
                const struct tkit_piece *p = &s->pieces[i];
                double w = p->width * sh->tile, h = p->height * sh->tile;
                size_t nf = p->nfaces ? p->nfaces : 1;
                for (size_t f = 0; f < nf; f++) {
                        double x, y;
                        if (!place(sh, w, h, &x, &y))
                                goto no_room;
                        tkit_render_piece(sh->cr, p, p->nfaces ? (int)f : -1, x, y, sh->tile,
                                          sh->bleed, sh->o->flags);
                        if (sh->o->crop_marks)
                                crop_marks(sh, x, y, w, h);
                        char *id = p->nfaces ? tkit_xasprintf("%s / %s", p->id, p->faces[f].id)
                                             : tkit_xstrdup(p->id);
                        draw_label(sh, x, y + h, w, id, p->count, piece_name(p, sh->o->lang),
                                   p->basis == TKIT_BASIS_RECONSTRUCTED);
                        free(id);
                }
        }
        page_end(sh);
        return 0;
no_room:
        tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, s->id, NULL,
                       "a %g mm tile with %g mm bleed does not fit on %s paper with %g mm margins",
                       sh->o->tile_mm, sh->o->bleed_mm, tkit_paper_name(sh->o->paper),
                       sh->o->margin_mm);
        return TKIT_E_USAGE;
}

static int check_options(const struct tkit_sheet_options *o, struct tkit_diags *d)
{
        const char *bad = NULL;
        if (!(o->tile_mm >= 5 && o->tile_mm <= 300))
                bad = "tile size must be 5..300 mm";
        else if (!(o->bleed_mm >= 0 && o->bleed_mm <= 20))
                bad = "bleed must be 0..20 mm";
        else if (!(o->margin_mm >= 0 && o->margin_mm <= 60))
                bad = "margin must be 0..60 mm";
        else if ((unsigned)o->paper >= TKIT_PAPER_COUNT)
                bad = "unknown paper";
        else if (!tkit_render_lang_known(o->lang))
                bad = "unknown language (known: en ro cs uk)";
        if (!bad)
                return 0;
        tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, NULL, NULL, "%s", bad);
        return TKIT_E_USAGE;
}

int tkit_render_sheet_stream(const struct tkit_set *const *sets, size_t nsets,
                             const struct tkit_sheet_options *o, FILE *f, const char *path,
                             int *pages, struct tkit_diags *d)
{
        struct tkit_sheet_options defaults;
        if (!o) {
                tkit_sheet_options_init(&defaults);
                o = &defaults;
        }
        int rc = check_options(o, d);
        if (rc)
                return rc;
        struct sheet sh;
        memset(&sh, 0, sizeof sh);
        sh.o = o;
        sheet_geometry(&sh);
        struct render_out out;
        rc = tkit_render_out_open(&out, f, path, TKIT_IMAGE_PDF, sh.pw, sh.ph, d);
        if (rc)
                return rc;
        sh.cr = tkit_render_create(out.surface);
        for (size_t i = 0; i < nsets && rc == 0; i++)
                rc = sheet_set(&sh, sets[i], d);
        if (sh.pages == 0) { /* nothing to draw: still a valid PDF, with one empty page */
                sh.title = "";
                page_begin(&sh);
        }
        page_end(&sh);
        cairo_destroy(sh.cr);
        int rc2 = tkit_render_out_close(&out, d);
        if (pages)
                *pages = sh.pages;
        return rc ? rc : rc2;
}

int tkit_render_sheet(const struct tkit_set *const *sets, size_t nsets,
                      const struct tkit_sheet_options *o, const char *path, int *pages,
                      struct tkit_diags *d)
{
        struct tkit_render_mem m;
        tkit_render_mem_open(&m);
        int rc = tkit_render_sheet_stream(sets, nsets, o, m.f, path, pages, d);
        return tkit_render_mem_save(&m, path, rc, d);
}
