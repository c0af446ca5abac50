/* The chapter typeset as PDF with cairo and Pango: cmark's tree becomes a list of rows (a line of
 * text, a picture with its caption, a gap, a rule), which are cut into pages (headings kept with
 * what follows, no first or last line of a paragraph alone, a picture kept with the end of the
 * paragraph before it) and drawn. Text is real text in embedded fonts; the pictures are drawn by
 * render/ straight onto the page (measured first), so they stay vector. */
#include "book/pdf-private.h"

#include "render/tkit-render.h"
#include "text/tkit-text.h"

#include <cairo-pdf.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- text */

/* Pango markup: & < > " ' as entities, and the control characters it refuses as U+FFFD. */
static void markup_esc(struct tkit_buf *o, const char *s)
{
        tkit_buf_put_escaped(o, s, TKIT_ESC_QUOT | TKIT_ESC_APOS | TKIT_ESC_CTRL);
}

/* Text with its hyphenation points (U+00AD), escaped for markup. */
static void text_markup(struct book_hyph *h, const char *text, struct tkit_buf *o)
{
        struct tkit_buf t;
        tkit_buf_init(&t);
        tkit_book_hyphenate(h, text, &t);
        markup_esc(o, t.data ? t.data : "");
        tkit_buf_finish(&t);
}

/* Pango markup for the inline children of `n`, hyphenated with `h` (may be NULL). */
static void inline_markup(const struct tkit_book *b, cmark_node *n, struct book_hyph *h,
                          const char *lang, struct tkit_buf *o)
{
        cmark_iter *it = cmark_iter_new(n);
        cmark_event_type ev;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
                cmark_node *c = cmark_iter_get_node(it);
                bool enter = ev == CMARK_EVENT_ENTER;
                if (c == n)
                        continue;
                switch (cmark_node_get_type(c)) {
                case CMARK_NODE_TEXT:
                        text_markup(h, cmark_node_get_literal(c), o);
                        break;
                case CMARK_NODE_SOFTBREAK:
                        tkit_buf_puts(o, " ");
                        break;
                case CMARK_NODE_LINEBREAK:
                        tkit_buf_puts(o, "\xe2\x80\xa8"); /* U+2028: a line break, same paragraph */
                        break;
                case CMARK_NODE_CODE: {
                        const struct book_value *v = tkit_book_value_of(b, c);
                        if (v) {
                                char *s = tkit_book_value_print(v, lang);
                                text_markup(h, s, o);
                                free(s);
                                break;
                        }
                        tkit_buf_puts(o, "<span font_family=\"" MONO_FONT "\" size=\"92%\">");
                        markup_esc(o, cmark_node_get_literal(c));
                        tkit_buf_puts(o, "</span>");
                        break;
                }
                case CMARK_NODE_EMPH:
                        tkit_buf_puts(o, enter ? "<i>" : "</i>");
                        break;
                case CMARK_NODE_STRONG:
                        tkit_buf_puts(o, enter ? "<b>" : "</b>");
                        break;
                case CMARK_NODE_LINK:
                        tkit_buf_puts(o, enter
                                             ? "<span foreground=\"#1f4e8c\" underline=\"single\">"
                                             : "</span>");
                        break;
                default: /* raw HTML is left out, as in the HTML (cmark's safe mode) */
                        break;
                }
        }
        cmark_iter_free(it);
        tkit_buf_puts(o, "");
}

PangoLayout *tkit_pdf_layout_new(struct pdf *p, const char *font, double size, double width)
{
        PangoLayout *l = pango_layout_new(p->pc);
        PangoFontDescription *fd = pango_font_description_from_string(font);
        pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
        pango_layout_set_font_description(l, fd);
        pango_font_description_free(fd);
        pango_layout_set_width(l, (int)(width * PANGO_SCALE));
        pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
        *TKIT_PUSH(p->layouts, p->nlayouts, p->caplayouts) = l;
        return l;
}

/* The chapter's language on the whole text: Pango shapes, breaks and hyphenates by it (a hyphen
 * at each U+00AD where it breaks a line). */
static void set_lang(PangoAttrList *attrs, const char *lang)
{
        if (!lang)
                return; /* code: not hyphenated, no language */
        PangoAttribute *a = pango_attr_language_new(pango_language_from_string(lang));
        a->start_index = 0;
        a->end_index = PANGO_ATTR_INDEX_TO_TEXT_END;
        pango_attr_list_insert_before(attrs, a);
}

/* Sets the markup, or the text as it is when the markup does not parse (it always should:
 * everything in it is escaped); pango_parse_markup reports without printing. In Czech and
 * Slovak, a one-letter word is tied to the next (tkit_book_ties). */
static void layout_markup_lang(PangoLayout *l, const char *markup, const char *lang)
{
        PangoAttrList *attrs = NULL;
        char *text = NULL;
        char *tied = tkit_book_ties_lang(lang) ? tkit_book_ties(markup, true) : NULL;
        if (pango_parse_markup(tied ? tied : markup, -1, 0, &attrs, &text, NULL, NULL)) {
                pango_layout_set_text(l, text, -1);
                set_lang(attrs, lang);
                pango_layout_set_attributes(l, attrs);
                pango_attr_list_unref(attrs);
                g_free(text);
        } else {
                pango_layout_set_text(l, markup, -1);
        }
        free(tied);
}

static void layout_markup(struct pdf *p, PangoLayout *l, const char *markup)
{
        layout_markup_lang(l, markup, p->lang);
}

/* ---------------------------------------------------------------- rows */

static struct row *add_row(struct pdf *p, enum row_kind k, double h)
{
        struct row *r = TKIT_PUSH(p->rows, p->nrows, p->caprows);
        memset(r, 0, sizeof *r);
        r->kind = k;
        r->h = h;
        r->block = r->with = -1;
        r->x = p->margin + p->indent;
        r->w = p->width - p->indent;
        r->nbars = p->nbars < MAX_BARS ? p->nbars : MAX_BARS;
        memcpy(r->bars, p->bars, sizeof r->bars);
        if (k != ROW_GAP && p->marker) {
                r->marker = p->marker;
                r->marker_x = p->marker_x;
                p->marker = NULL;
        }
        return r;
}

/* Vertical space; consecutive gaps merge into the largest. */
static void gap(struct pdf *p, double h, bool keep)
{
        if (p->nrows && p->rows[p->nrows - 1].kind == ROW_GAP && !p->rows[p->nrows - 1].hold) {
                struct row *r = &p->rows[p->nrows - 1];
                r->h = r->h > h ? r->h : h;
                r->keep = r->keep || keep;
                return;
        }
        if (p->nrows)
                add_row(p, ROW_GAP, h)->keep = keep;
}

/* One row per line of `l`. */
static void layout_rows(struct pdf *p, PangoLayout *l, bool code, int heading, cmark_node *n)
{
        PangoLayoutIter *it = pango_layout_get_iter(l);
        size_t first = p->nrows;
        int block = p->blocks++;
        do {
                int y0, y1;
                pango_layout_iter_get_line_yrange(it, &y0, &y1);
                PangoRectangle logical;
                pango_layout_iter_get_line_extents(it, NULL, &logical);
                struct row *r = add_row(p, ROW_LINE, (double)(y1 - y0) / PANGO_SCALE);
                r->baseline = (double)(pango_layout_iter_get_baseline(it) - y0) / PANGO_SCALE;
                r->line = pango_layout_iter_get_line_readonly(it);
                r->line_x = (double)logical.x / PANGO_SCALE;
                r->code = code;
                r->keep = heading > 0;
                r->block = block;
                r->in_heading = heading > 0;
                r->line_no = (int)(p->nrows - 1 - first);
                if (heading && p->nrows - 1 == first) {
                        r->heading = heading;
                        r->title = tkit_book_plain_text(p->b, n);
                }
        } while (pango_layout_iter_next_line(it));
        pango_layout_iter_free(it);
        size_t lines = p->nrows - first;
        for (size_t k = first; k < p->nrows; k++)
                p->rows[k].lines = (int)lines;
        double h = 0;
        for (size_t i = first; i < p->nrows; i++)
                h += p->rows[i].h;
        if (h > p->bottom - p->top) { /* paginate would keep it on one page, cut short */
                int line, column;
                tkit_book_node_pos(p->b, n, &line, &column);
                tkit_diags_add_at(p->d, TKIT_SEV_ERROR, p->b->file, line, column, tkit_book_rule_id(BOOK_R_LIMIT),
                                  "this block is %.0f pt high once typeset, more than the %.0f pt "
                                  "of a page: split it",
                                  h, p->bottom - p->top);
                p->rc = TKIT_E_INVALID;
        }
        if (!heading && !code && lines >= 2) { /* no first or last line alone on a page */
                p->rows[first].keep = true;
                p->rows[p->nrows - 2].keep = true;
        }
}

/* ---------------------------------------------------------------- pictures beside the text */

/* The height set since the picture beside the text. */
static double beside_used(const struct pdf *p)
{
        double h = 0;
        for (size_t i = (size_t)p->beside_row + 1; i < p->nrows; i++)
                h += p->rows[i].h;
        return h;
}

/* Ends a picture beside the text: what follows starts below it (a gap that stays). */
static void end_beside(struct pdf *p)
{
        if (p->beside_row < 0)
                return;
        double left = p->beside_h - beside_used(p);
        p->beside_row = -1;
        if (left > 0) {
                struct row *r = add_row(p, ROW_GAP, left);
                r->hold = true;
        }
}

/* The width a paragraph leaves for a picture beside it (0 when none): a paragraph that starts
 * below the picture's foot ends it. */
static double beside_room(struct pdf *p)
{
        if (p->beside_row < 0)
                return 0;
        if (beside_used(p) >= p->beside_h) {
                p->beside_row = -1;
                return 0;
        }
        return p->rows[p->beside_row].beside_w + GUTTER;
}

/* The lines set beside the picture: kept on its page, moved right when it is on the left. */
static void beside_lines(struct pdf *p, size_t first, double room)
{
        if (room <= 0)
                return;
        for (size_t i = (size_t)p->beside_row; i < p->nrows; i++)
                p->rows[i].keep = true;
        for (size_t i = first; i < p->nrows; i++) {
                p->rows[i].shift = room;
                p->rows[i].w -= room;
        }
}

static void paragraph(struct pdf *p, cmark_node *n)
{
        struct tkit_buf m;
        tkit_buf_init(&m);
        inline_markup(p->b, n, p->hyph, p->lang, &m);
        double room = beside_room(p);
        size_t first = p->nrows;
        PangoLayout *l = tkit_pdf_layout_new(p, BODY_FONT, BODY_SIZE, p->width - p->indent - room);
        pango_layout_set_line_spacing(l, 1.3f);
        pango_layout_set_justify(l, true);
        layout_markup(p, l, m.data);
        tkit_buf_finish(&m);
        layout_rows(p, l, false, 0, n);
        beside_lines(p, first, room);
}

static void add_key_row(struct pdf *p); /* the key of the marks, below */

static void heading(struct pdf *p, cmark_node *n)
{
        static const double size[] = {20, 15, 12.5, 11, 10.5, 10.5};
        end_beside(p);
        int level = cmark_node_get_heading_level(n);
        level = level < 1 ? 1 : level > 6 ? 6 : level;
        gap(p, level == 1 ? 6 : 14, false);
        struct tkit_buf m;
        tkit_buf_init(&m);
        tkit_buf_puts(&m, "<b>");
        inline_markup(p->b, n, NULL, p->lang, &m); /* headings are not hyphenated */
        tkit_buf_puts(&m, "</b>");
        PangoLayout *l = tkit_pdf_layout_new(p, SANS_FONT, size[level - 1], p->width - p->indent);
        layout_markup(p, l, m.data);
        tkit_buf_finish(&m);
        layout_rows(p, l, false, level, n);
        gap(p, level == 1 ? 10 : 5, true);
        if (level == 1)
                add_key_row(p);
}

static void code_block(struct pdf *p, cmark_node *n)
{
        end_beside(p);
        const char *lit = cmark_node_get_literal(n);
        size_t len = lit ? strlen(lit) : 0;
        while (len && lit[len - 1] == '\n')
                len--;
        char *text = tkit_xstrndup(lit ? lit : "", len);
        struct tkit_buf m;
        tkit_buf_init(&m);
        markup_esc(&m, text);
        free(text);
        PangoLayout *l = tkit_pdf_layout_new(p, MONO_FONT, 8.5, p->width - p->indent - 8);
        layout_markup_lang(l, m.data ? m.data : "", NULL);
        tkit_buf_finish(&m);
        layout_rows(p, l, true, 0, n);
}

/* ---------------------------------------------------------------- the key of the marks */

/* Lays out (cr NULL: measures) the key of `marks` from (x, y) in a width `w`: each mark's swatch
 * beside its words from text/ in the chapter's language (the words of the pictures' legend),
 * wrapped. Returns its height. */
double tkit_pdf_key_items(struct pdf *p, cairo_t *cr, double x, double y, double w, unsigned marks)
{
        int lang = tkit_lang_parse(p->lang);
        double sw = KEY_SIZE * 1.8, line_h = KEY_SIZE * 1.9, cx = x, h = 0;
        bool any = false;
        for (int k = 0; k < TKIT_KEY_COUNT; k++) {
                if (!(marks & (1u << k)))
                        continue;
                PangoLayout *l = tkit_pdf_layout_new(p, SANS_FONT, KEY_SIZE, w);
                pango_layout_set_width(l, -1);
                pango_layout_set_text(
                    l,
                    tkit_text_term(lang < 0 ? TKIT_LANG_EN : (enum tkit_lang)lang,
                                   (enum tkit_text_term)(TKIT_TERM_TILE_PLACED + k)),
                    -1);
                int tw, th;
                pango_layout_get_size(l, &tw, &th);
                double gap_w = KEY_SIZE * 0.4; /* between the swatch and its words */
                double item = sw + gap_w + (double)tw / PANGO_SCALE + KEY_SIZE * 1.2;
                if (cx > x && cx + item > x + w) {
                        cx = x;
                        h += line_h;
                }
                if (cr) {
                        tkit_scene_key_swatch(cr, (enum tkit_scene_key_mark)k, cx + sw / 2,
                                              y + h + line_h / 2, KEY_SIZE * 1.6);
                        cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
                        cairo_move_to(cr, cx + sw + gap_w,
                                      y + h + (line_h - (double)th / PANGO_SCALE) / 2);
                        pango_cairo_show_layout(cr, l);
                }
                cx += item;
                any = true;
        }
        return any ? h + line_h : 0;
}

/* The chapter's key (key: chapter) goes after its title; its marks are known once every picture
 * is measured (key_finish). */
static void add_key_row(struct pdf *p)
{
        if (p->b->key != BOOK_KEY_CHAPTER || p->key_row >= 0)
                return;
        p->key_row = (long)p->nrows;
        add_row(p, ROW_KEY, 0);
        gap(p, 8, false);
}

static void key_finish(struct pdf *p)
{
        if (p->key_row < 0)
                return;
        struct row *r = &p->rows[p->key_row];
        r->marks = p->all_marks;
        r->h = tkit_pdf_key_items(p, NULL, r->x, 0, r->w, r->marks);
}

/* A picture and its caption as one row that no page break cuts, scaled down (vector) when the
 * column or the page is smaller than the picture. */
static void picture(struct pdf *p, const struct book_picture *bp)
{
        const struct book_scene *s = &p->b->scenes[bp->scene];
        struct tkit_scene_render_options ro;
        tkit_book_render_options(p->b, bp, p->o, &ro);
        /* measured on a scratch surface; drawn on the page later (cairo 1.16 leaks the fonts of
         * a recording surface replayed into a PDF, so the picture is drawn twice instead) */
        cairo_surface_t *scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_t *cr = cairo_create(scratch);
        struct tkit_scene_picture pic = {0};
        int rc =
            tkit_render_scene_cairo(cr, s->scene, &s->r, p->b->sets, p->b->nsets, &ro, &pic, p->d);
        cairo_destroy(cr);
        cairo_surface_destroy(scratch);
        if (rc) {
                p->rc = rc;
                return;
        }
        end_beside(p);
        double w = p->width - p->indent;
        /* beside the text: at most a share of the column, the caption as wide as the picture */
        double maxw = bp->beside ? w * BESIDE_SHARE : w;
        double capw = bp->beside ? (pic.width < maxw ? pic.width : maxw) : w;
        PangoLayout *cap = tkit_pdf_layout_new(p, SANS_FONT " Italic", 8.5, capw);
        struct tkit_buf cm;
        tkit_buf_init(&cm);
        text_markup(p->hyph, bp->caption ? bp->caption : "", &cm);
        layout_markup(p, cap, cm.data ? cm.data : "");
        tkit_buf_finish(&cm);
        int cw, ch;
        pango_layout_get_size(cap, &cw, &ch);
        /* the page keeps room for the heading before it and two lines of its paragraph, so
         * that the picture stays with them (keep_pictures) */
        double caph = (double)ch / PANGO_SCALE, room = p->bottom - p->top - caph - 12 - KEEP_ROOM;
        double scale = 1;
        if (pic.width * scale > maxw)
                scale = maxw / pic.width;
        if (pic.height * scale > room && room > 0)
                scale = room / pic.height;
        gap(p, 6, false);
        unsigned marks = tkit_book_picture_marks(&pic, bp->view);
        p->all_marks |= marks;
        double key_h =
            p->b->key == BOOK_KEY_PICTURES ? tkit_pdf_key_items(p, NULL, 0, 0, capw, marks) : 0;
        double h = pic.height * scale + 5 + caph + key_h;
        struct row *r = add_row(p, ROW_PICTURE, bp->beside ? 0 : h);
        r->marks = marks;
        r->key_h = key_h;
        if (bp->beside) { /* the text that follows is set beside it (beside_room) */
                r->beside_w = capw;
                r->keep = true;
                p->beside_row = (long)(p->nrows - 1);
                p->beside_h = h;
        }
        r->picture = bp;
        r->block = p->blocks++;
        r->lines = 1;
        r->with = -1;
        r->pic_w = pic.width;
        r->pic_h = pic.height;
        r->scale = scale;
        r->caption = cap;
        tkit_scene_picture_finish(&pic);
}

/* A picture stays on the page of its paragraph: the one that follows it, or, when it ends its
 * section (a heading, another picture or the end follows), the one before it. The first and
 * last two lines of a paragraph are kept together already. */
static void keep_pictures(struct pdf *p)
{
        for (size_t i = 0; i < p->nrows; i++) {
                if (p->rows[i].kind != ROW_PICTURE)
                        continue;
                size_t j = i + 1;
                while (j < p->nrows && p->rows[j].kind == ROW_GAP)
                        j++;
                if (j < p->nrows && p->rows[j].kind == ROW_LINE && !p->rows[j].heading &&
                    !p->rows[j].code) {
                        for (size_t k = i; k < j; k++)
                                p->rows[k].keep = true;
                        p->rows[i].with = p->rows[j].block;
                        continue;
                }
                for (size_t k = i; k-- > 0;) {
                        if (p->rows[k].kind == ROW_PICTURE || p->rows[k].heading)
                                break;
                        p->rows[k].keep = true;
                        if (p->rows[k].kind == ROW_LINE)
                                p->rows[i].with = p->rows[k].block;
                        if (p->rows[k].kind != ROW_GAP)
                                break;
                }
        }
}

static PangoLayout *marker_for(struct pdf *p, cmark_node *item)
{
        cmark_node *list = cmark_node_parent(item);
        char text[32] = "\xe2\x80\xa2"; /* • */
        if (list && cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
                int k = cmark_node_get_list_start(list);
                for (cmark_node *c = cmark_node_first_child(list); c && c != item;
                     c = cmark_node_next(c))
                        k++;
                snprintf(text, sizeof text, "%d%s", k,
                         cmark_node_get_list_delim(list) == CMARK_PAREN_DELIM ? ")" : ".");
        }
        PangoLayout *l = tkit_pdf_layout_new(p, BODY_FONT, BODY_SIZE, LIST_INDENT - 3);
        pango_layout_set_text(l, text, -1);
        return l;
}

static bool tight(cmark_node *n)
{
        cmark_node *item = cmark_node_parent(n), *list = item ? cmark_node_parent(item) : NULL;
        return list && cmark_node_get_type(item) == CMARK_NODE_ITEM &&
               cmark_node_get_list_tight(list);
}

/* A block quote: a bar at its left edge, its text indented (the walk restores the indent). */
static void quote(struct pdf *p, bool enter)
{
        if (!enter) {
                p->nbars--;
                return;
        }
        if (p->nbars < MAX_BARS)
                p->bars[p->nbars] = p->margin + p->indent + 2;
        p->nbars++;
        /* deep nesting stops indenting before the column vanishes */
        p->indent += p->indent + QUOTE_INDENT <= p->width / 2 ? QUOTE_INDENT : 0;
}

static void walk(struct pdf *p)
{
        cmark_iter *it = cmark_iter_new(p->b->doc);
        cmark_event_type ev;
        double *saved = NULL; /* the indent at each container entered */
        size_t nsaved = 0, capsaved = 0;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE && !p->rc) {
                cmark_node *n = cmark_iter_get_node(it);
                bool enter = ev == CMARK_EVENT_ENTER;
                cmark_node_type t = cmark_node_get_type(n);
                bool leaf = false;
                switch (t) {
                case CMARK_NODE_BLOCK_QUOTE:
                case CMARK_NODE_ITEM:
                        if (enter) {
                                *TKIT_PUSH(saved, nsaved, capsaved) = p->indent;
                                if (t == CMARK_NODE_ITEM) {
                                        p->marker = marker_for(p, n);
                                        p->marker_x = p->margin + p->indent;
                                        p->indent += p->indent + LIST_INDENT <= p->width / 2
                                                         ? LIST_INDENT
                                                         : 0;
                                } else {
                                        quote(p, true);
                                }
                        } else {
                                if (t == CMARK_NODE_BLOCK_QUOTE)
                                        quote(p, false);
                                p->indent = saved[--nsaved];
                                p->marker = NULL;
                                gap(p,
                                    t == CMARK_NODE_ITEM && tight(cmark_node_first_child(n)) ? 2
                                                                                             : 6,
                                    false);
                        }
                        break;
                case CMARK_NODE_LIST:
                        if (!enter)
                                gap(p, 7, false);
                        break;
                case CMARK_NODE_PARAGRAPH: {
                        const struct book_picture *bp = tkit_book_picture_of(p->b, n);
                        if (bp)
                                picture(p, bp);
                        else
                                paragraph(p, n);
                        gap(p, tight(n) ? 2 : 7, false);
                        leaf = true;
                        break;
                }
                case CMARK_NODE_HEADING:
                        heading(p, n);
                        leaf = true;
                        break;
                case CMARK_NODE_CODE_BLOCK:
                        code_block(p, n);
                        gap(p, 7, false);
                        leaf = true;
                        break;
                case CMARK_NODE_THEMATIC_BREAK:
                        end_beside(p);
                        gap(p, 6, false);
                        add_row(p, ROW_RULE, 1);
                        gap(p, 6, false);
                        leaf = true;
                        break;
                case CMARK_NODE_HTML_BLOCK:
                        leaf = true;
                        break;
                default:
                        break;
                }
                if (leaf && enter && cmark_node_first_child(n))
                        cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
        }
        end_beside(p);
        free(saved);
        cmark_iter_free(it);
}

/* ---------------------------------------------------------------- the file */

/* The PDF as cairo writes it, kept until the end for the update that gives it its language
 * (tkit_pdf_lang_update: cairo 1.16 has no key for /Lang). */
struct sink {
        FILE *f;
        int err;
        struct tkit_buf pdf;
};

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
        struct sink *k = closure;
        if (k->err)
                return CAIRO_STATUS_WRITE_ERROR;
        tkit_buf_add(&k->pdf, (const char *)data, len);
        return CAIRO_STATUS_SUCCESS;
}

/* cairo's bytes, then the update that adds the chapter's language; every write checked. */
static void sink_flush(struct sink *k, const char *lang)
{
        if (!k->err)
                k->err = tkit_pdf_write_lang(k->f, k->pdf.data, k->pdf.len, 0, lang);
        tkit_buf_finish(&k->pdf);
}

static void setup(struct pdf *p)
{
        p->pw = p->o->page_w_mm * MM;
        p->ph = p->o->page_h_mm * MM;
        p->margin = p->o->margin_mm * MM;
        p->top = p->margin;
        p->bottom = p->ph - p->margin;
        p->width = p->pw - 2 * p->margin;
        p->pc = tkit_render_pango_context(); /* the pictures' font map and font options */
        p->lang = tkit_book_lang(p->b, p->o);
        pango_context_set_language(p->pc, pango_language_from_string(p->lang));
        p->hyph = tkit_book_cache_hyph(p->o->cache, p->lang); /* the writers' callers give one */
}

static void teardown(struct pdf *p)
{
        for (size_t i = 0; i < p->nrows; i++) {
                free(p->rows[i].title);
        }
        for (size_t i = 0; i < p->nlayouts; i++)
                g_object_unref(p->layouts[i]);
        free(p->rows);
        free(p->layouts);
        g_object_unref(p->pc);
}

/* Typesets and cuts into pages; returns the number of pages, 0 after an error (p->rc), -1 when
 * the page leaves no room for text. */
static int lay_out(struct pdf *p)
{
        setup(p);
        if (p->width < 72 || p->bottom - p->top < 72) {
                tkit_diags_add(p->d, TKIT_SEV_ERROR, p->name, 0, NULL, NULL, NULL,
                               "the margins leave less than 1 inch for the text");
                p->rc = TKIT_E_USAGE;
                return -1;
        }
        p->key_row = -1;
        p->beside_row = -1;
        walk(p);
        key_finish(p);
        keep_pictures(p);
        return p->rc ? 0 : tkit_pdf_paginate(p);
}

int tkit_book_layout_pdf(const struct tkit_book *b, const struct tkit_book_options *o,
                         struct book_placed **placed, size_t *n, struct tkit_diags *d)
{
        struct tkit_book_options with_cache = *o; /* as tkit_book_write gives the writers */
        if (!o->cache)
                with_cache.cache = tkit_book_cache_new();
        struct pdf p = {.b = b, .o = &with_cache, .d = d, .name = b->file};
        int pages = lay_out(&p);
        *placed = NULL;
        *n = 0;
        size_t cap = 0;
        for (size_t i = 0; i < p.nrows && !p.rc; i++) {
                const struct row *r = &p.rows[i];
                if (r->kind != ROW_LINE && r->kind != ROW_PICTURE && r->kind != ROW_KEY)
                        continue;
                *TKIT_PUSH(*placed, *n, cap) =
                    (struct book_placed){.picture = r->kind == ROW_PICTURE,
                                         .key = r->kind == ROW_KEY,
                                         .marks = r->marks,
                                         .key_h = r->key_h,
                                         .beside_w = r->beside_w,
                                         .shift = r->shift,
                                         .heading = r->in_heading,
                                         .block = r->block,
                                         .line = r->line_no,
                                         .lines = r->lines,
                                         .with = r->with,
                                         .page = r->page,
                                         .y = r->y,
                                         .h = r->beside_w > 0 ? tkit_pdf_picture_height(r) : r->h};
        }
        int rc = p.rc;
        teardown(&p);
        if (with_cache.cache != o->cache)
                tkit_book_cache_free(with_cache.cache);
        return rc ? -1 : pages;
}

int tkit_book_write_pdf(const struct tkit_book *b, const struct tkit_book_options *o, FILE *f,
                        const char *name, int *pages, struct tkit_diags *d)
{
        struct pdf p = {.b = b, .o = o, .d = d, .name = name};
        int n = lay_out(&p);
        if (n < 0) {
                teardown(&p);
                return TKIT_E_USAGE;
        }
        struct sink k = {f, 0, {0}};
        tkit_buf_init(&k.pdf);
        cairo_surface_t *s = cairo_pdf_surface_create_for_stream(sink_write, &k, p.pw, p.ph);
        cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR, "tilekit " TKIT_VERSION);
        /* cairo stamps the current time otherwise: same input, same bytes */
        cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z");
        char *title = tkit_book_title(b);
        if (title)
                cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, title);
        free(title);
        if (!p.rc)
                tkit_pdf_draw_pages(&p, s, n);
        cairo_surface_finish(s);
        cairo_status_t st = cairo_surface_status(s);
        cairo_surface_destroy(s);
        sink_flush(&k, tkit_book_lang(b, o));
        if (!p.rc && (st != CAIRO_STATUS_SUCCESS || k.err)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL, "cannot write: %s",
                               k.err ? strerror(k.err) : cairo_status_to_string(st));
                p.rc = TKIT_E_IO;
        }
        teardown(&p);
        if (pages)
                *pages = n;
        return p.rc;
}
