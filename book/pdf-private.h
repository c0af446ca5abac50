/* The PDF typesetter's state, shared by book/pdf.c (cmark's tree into rows) and book/pdf-pages.c
 * (the rows cut into pages and drawn). */
#ifndef TKIT_BOOK_PDF_PRIVATE_H
#define TKIT_BOOK_PDF_PRIVATE_H

#include "book/book-private.h"

#include <cairo.h>
#include <pango/pangocairo.h>

#define MM (72.0 / 25.4)
#define BODY_FONT "DejaVu Serif"
#define SANS_FONT "DejaVu Sans"
#define MONO_FONT "DejaVu Sans Mono"
#define BODY_SIZE BOOK_BODY_SIZE
#define MAX_BARS 8     /* block-quote bars drawn; deeper quotes are indented, not barred */
#define LIST_INDENT 18 /* points */
#define QUOTE_INDENT 14
#define KEEP_ROOM 80      /* points: a heading (with its gaps) and two lines of text */
#define KEY_SIZE 8.0      /* points: the words of the key of the marks */
#define BESIDE_SHARE 0.45 /* a picture beside the text: at most this share of the column */
#define GUTTER 12         /* points between it and the text */

enum row_kind { ROW_LINE, ROW_PICTURE, ROW_GAP, ROW_RULE, ROW_KEY };

struct row {
        enum row_kind kind;
        double h, baseline; /* height; for a line, its baseline below the row's top */
        double x, w;        /* left edge and width of what the row holds */
        bool keep;          /* keep with the next row */
        PangoLayoutLine *line;
        double line_x;       /* the line's offset within its layout (alignment) */
        PangoLayout *marker; /* a list item's bullet or number, before the first line */
        double marker_x;
        bool code; /* a line of a code block: grey behind it */
        int nbars; /* block-quote bars left of the row */
        double bars[MAX_BARS];
        const struct book_picture *picture; /* drawn by render/ when the page is */
        double pic_w, pic_h, scale;
        PangoLayout *caption;
        int heading; /* 1..6 for the first line of a heading (PDF outline) */
        char *title; /* that heading's text */
        int page;    /* 0-based, after pagination; -1: dropped (a gap at a page top) */
        double y;
        int block;          /* the paragraph, heading, code block or picture it belongs to */
        int line_no, lines; /* a line's place in its block (0-based), and the block's lines */
        int with;           /* a picture: the block it is kept with (-1: none) */
        bool in_heading;    /* a line of a heading */
        unsigned marks;     /* a picture's or the key's marks: 1 << enum tkit_scene_key_mark */
        double key_h;       /* a picture: the height of its key (key: pictures) */
        double beside_w;    /* a picture beside the text: its width (caption too), else 0 */
        double shift;       /* a line beside a picture: how far right it moves when the
                             * picture is on the left (the page's outer side, even pages) */
        bool hold;          /* a gap that is not dropped: it clears a picture beside the text */
};

struct pdf {
        const struct tkit_book *b;
        const struct tkit_book_options *o;
        struct tkit_diags *d;
        const char *name;
        PangoContext *pc;
        double pw, ph, margin, top, bottom, width; /* page, text column (points) */
        struct row *rows;
        size_t nrows, caprows;
        PangoLayout **layouts; /* kept alive while their lines are drawn */
        size_t nlayouts, caplayouts;
        /* where the walk is */
        double indent;
        int nbars;
        double bars[MAX_BARS];
        PangoLayout *marker; /* a list item's marker waiting for its first row */
        double marker_x;
        int blocks;         /* blocks so far: the next one's number */
        unsigned all_marks; /* every picture's marks: the chapter's key */
        long beside_row;    /* the picture beside the text being set, -1 when none */
        double beside_h;    /* its height with its caption */
        long key_row;       /* the chapter's key (key: chapter), -1 until placed */
        int rc;
        const char *lang;       /* the chapter's (tkit_book_lang) */
        struct book_hyph *hyph; /* its hyphenation patterns, NULL when there are none */
};

/* book/pdf.c */
/* A layout of `font` at `size` points, `width` wide, kept until the chapter is written. */
PangoLayout *tkit_pdf_layout_new(struct pdf *p, const char *font, double size, double width);
/* Lays out (cr NULL: measures) the key of `marks` from (x, y) in a width `w`; its height. */
double tkit_pdf_key_items(struct pdf *p, cairo_t *cr, double x, double y, double w, unsigned marks);

/* book/pdf-pages.c */
/* Cuts the rows into pages; returns the number of pages. */
int tkit_pdf_paginate(struct pdf *p);
/* A picture's height with its caption and key. */
double tkit_pdf_picture_height(const struct row *r);
/* Draws every page on the PDF surface `s`; an error goes to p->d and p->rc. */
void tkit_pdf_draw_pages(struct pdf *p, cairo_surface_t *s, int pages);

#endif
