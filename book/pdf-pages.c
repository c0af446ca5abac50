/* The rows of a chapter cut into pages (a heading kept with what follows, no first or last line
 * of a paragraph alone, a picture with the end of the paragraph before it) and drawn, with the
 * page numbers and the PDF's outline (book/pdf-private.h). */
#include "book/pdf-private.h"

#include "render/tkit-render.h"

#include <cairo-pdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Gives each row its page and top; returns the number of pages. */
int tkit_pdf_paginate(struct pdf *p)
{
        int page = 0;
        double y = p->top;
        size_t first = 0; /* the first row of the page */
        for (size_t i = 0; i < p->nrows;) {
                struct row *r = &p->rows[i];
                if (r->kind == ROW_GAP && !r->hold && (y == p->top || i + 1 == p->nrows)) {
                        r->page = -1; /* no space at the top of a page */
                        i++;
                        continue;
                }
                /* a picture beside the text takes no height of its own (the lines beside it and
                 * the gap after them do), but it must fit on the page it starts on */
                double need = r->kind == ROW_PICTURE && r->beside_w > 0
                                  ? fmax(r->h, tkit_pdf_picture_height(r))
                                  : r->h;
                if (y + need <= p->bottom || y == p->top) {
                        r->page = page;
                        r->y = y;
                        y += r->h;
                        i++;
                        continue;
                }
                /* what must stay with this row moves to the next page with it */
                size_t j = i;
                while (j > first && p->rows[j - 1].keep)
                        j--;
                if (j == first)
                        j = i;
                page++;
                y = p->top;
                first = i = j;
        }
        return page + 1;
}

static void draw_picture(struct pdf *p, cairo_t *cr, const struct book_picture *bp)
{
        const struct book_scene *s = &p->b->scenes[bp->scene];
        struct tkit_scene_render_options ro;
        tkit_book_render_options(p->b, bp, p->o, &ro);
        struct tkit_scene_picture pic = {0};
        if (tkit_render_scene_cairo(cr, s->scene, &s->r, p->b->sets, p->b->nsets, &ro, &pic,
                                    p->d) != 0)
                p->rc = TKIT_E_USAGE; /* it was measured with the same options: cannot happen */
        tkit_scene_picture_finish(&pic);
        if (p->o->progress)
                p->o->progress(p->o->progress_ctx, "drawing", (size_t)(bp - p->b->pictures) + 1,
                               p->b->npictures);
}

/* A picture's height with its caption and key (a picture beside the text takes no row height
 * of its own). */
double tkit_pdf_picture_height(const struct row *r)
{
        int cw, ch;
        pango_layout_get_size(r->caption, &cw, &ch);
        return r->pic_h * r->scale + 5 + (double)ch / PANGO_SCALE + r->key_h;
}

static void draw_row(struct pdf *p, cairo_t *cr, const struct row *r)
{
        cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
        cairo_set_line_width(cr, 1.2);
        for (int k = 0; k < r->nbars; k++) {
                cairo_move_to(cr, r->bars[k], r->y);
                cairo_line_to(cr, r->bars[k], r->y + r->h);
                cairo_stroke(cr);
        }
        if (r->code) {
                cairo_set_source_rgb(cr, 0.94, 0.94, 0.94);
                cairo_rectangle(cr, r->x, r->y, r->w, r->h);
                cairo_fill(cr);
        }
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        if (r->marker) {
                PangoLayoutLine *ml = pango_layout_get_line_readonly(r->marker, 0);
                cairo_move_to(cr, r->marker_x, r->y + (r->kind == ROW_LINE ? r->baseline : 10));
                pango_cairo_show_layout_line(cr, ml);
        }
        switch (r->kind) {
        case ROW_LINE:
                cairo_move_to(cr,
                              r->x + (r->code ? 4 : 0) + r->line_x + (r->page % 2 ? r->shift : 0),
                              r->y + r->baseline);
                pango_cairo_show_layout_line(cr, r->line);
                break;
        case ROW_RULE:
                cairo_set_line_width(cr, 0.6);
                cairo_move_to(cr, r->x, r->y + 0.5);
                cairo_line_to(cr, r->x + r->w, r->y + 0.5);
                cairo_stroke(cr);
                break;
        case ROW_PICTURE: {
                double pw = r->pic_w * r->scale, x = r->x, w = r->w, h = r->h;
                if (r->beside_w > 0) { /* on the outer side: right on odd pages, left on even */
                        w = r->beside_w;
                        x = r->page % 2 ? r->x : r->x + r->w - w;
                        h = tkit_pdf_picture_height(r);
                }
                cairo_save(cr);
                cairo_translate(cr, x + (w - pw) / 2, r->y);
                cairo_scale(cr, r->scale, r->scale);
                draw_picture(p, cr, r->picture);
                cairo_restore(cr);
                cairo_move_to(cr, x, r->y + r->pic_h * r->scale + 5);
                pango_cairo_show_layout(cr, r->caption);
                if (r->key_h > 0)
                        tkit_pdf_key_items(p, cr, x, r->y + h - r->key_h, w, r->marks);
                break;
        }
        case ROW_KEY:
                tkit_pdf_key_items(p, cr, r->x, r->y, r->w, r->marks);
                break;
        case ROW_GAP:
                break;
        }
}

static void page_number(struct pdf *p, cairo_t *cr, int page)
{
        char text[16];
        snprintf(text, sizeof text, "%d", page + 1);
        PangoLayout *l = tkit_pdf_layout_new(p, SANS_FONT, 8.5, p->width);
        pango_layout_set_alignment(l, PANGO_ALIGN_CENTER);
        pango_layout_set_text(l, text, -1);
        cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
        cairo_move_to(cr, p->margin, p->ph - p->margin / 2 - 6);
        pango_cairo_show_layout(cr, l);
}

/* Headings as the PDF's outline (bookmarks), nested by level. */
static void outline(struct pdf *p, cairo_surface_t *s, const struct row *r, int *parent)
{
        int level = r->heading, up = CAIRO_PDF_OUTLINE_ROOT;
        for (int k = level - 1; k >= 1; k--)
                if (parent[k]) {
                        up = parent[k];
                        break;
                }
        char *link = tkit_xasprintf("page=%d pos=[%.1f %.1f]", r->page + 1, r->x, r->y);
        parent[level] = cairo_pdf_surface_add_outline(s, up, r->title ? r->title : "", link,
                                                      CAIRO_PDF_OUTLINE_FLAG_OPEN);
        for (int k = level + 1; k <= 6; k++)
                parent[k] = 0;
        free(link);
        (void)p;
}

/* A cairo context that failed draws nothing more, and the PDF's own status does not show it:
 * checked after each row, reported, and the drawing stopped (nothing is written). Drawing on a
 * failed context also leaked with cairo 1.16 (fuzz-book, issue 21: Pango's text with invalid
 * UTF-8 failed the context, then every cairo_get_source() of render/ made a pattern nobody
 * frees). */
static void failed(struct pdf *p, cairo_t *cr, int page)
{
        cairo_status_t st = cairo_status(cr);
        if (st == CAIRO_STATUS_SUCCESS)
                return;
        tkit_diags_add(p->d, TKIT_SEV_ERROR, p->name, 0, NULL, NULL, NULL,
                       "cannot draw page %d: %s", page + 1, cairo_status_to_string(st));
        p->rc = TKIT_E_IO;
}

void tkit_pdf_draw_pages(struct pdf *p, cairo_surface_t *s, int pages)
{
        cairo_t *cr = cairo_create(s);
        int parent[7] = {0};
        size_t i = 0;
        for (int page = 0; page < pages && !p->rc; page++) {
                for (; i < p->nrows && p->rows[i].page <= page && !p->rc; i++) {
                        if (p->rows[i].page < 0)
                                continue;
                        draw_row(p, cr, &p->rows[i]);
                        if (p->rows[i].heading)
                                outline(p, s, &p->rows[i], parent);
                        failed(p, cr, page);
                }
                if (p->rc)
                        break;
                page_number(p, cr, page);
                cairo_show_page(cr);
                failed(p, cr, page);
        }
        cairo_destroy(cr);
}
