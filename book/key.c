/* The key of the marks, shared by the book's writers: which marks a picture uses (read off its
 * picture map), and the key as HTML — each mark's swatch, drawn by render/ as under the
 * pictures, beside its words from text/ (the PDF sets the same with Pango, book/pdf.c). */
#include "book/book-private.h"
#include "text/tkit-text.h"

#include <cairo-svg.h>
#include <stdlib.h>

unsigned tkit_book_picture_marks(const struct tkit_scene_picture *pic, enum tkit_scene_state view)
{
        unsigned m = 0;
        for (size_t i = 0; i < pic->nmarks; i++) {
                const struct tkit_scene_mark *k = &pic->marks[i];
                bool figure = k->kind == TKIT_MARK_FIGURE || k->kind == TKIT_MARK_POST ||
                              k->kind == TKIT_MARK_TOKEN;
                if (k->kind == TKIT_MARK_NEW_TILE)
                        m |= 1u << TKIT_KEY_TILE_PLACED;
                if (figure && k->is_new && view == TKIT_SCENE_DURING)
                        m |= 1u << TKIT_KEY_NEW;
                if (figure && k->returned)
                        m |= 1u << TKIT_KEY_RETURNED;
                if (figure && k->removed)
                        m |= 1u << TKIT_KEY_REMOVED;
                if (figure && k->choice)
                        m |= 1u << TKIT_KEY_CHOICE;
                if (k->kind == TKIT_MARK_ARROW)
                        m |= 1u << (k->post >= 0 ? TKIT_KEY_ADVANCE : TKIT_KEY_MOVED);
        }
        return m;
}

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int len)
{
        tkit_buf_add(closure, (const char *)data, len);
        return CAIRO_STATUS_SUCCESS;
}

/* A mark's swatch as an SVG document of 16 points a side, written in `o` as a data: URI. */
static void swatch_uri(struct tkit_buf *o, enum tkit_scene_key_mark k)
{
        struct tkit_buf svg;
        tkit_buf_init(&svg);
        cairo_surface_t *s = cairo_svg_surface_create_for_stream(to_buf, &svg, 16, 16);
        cairo_t *cr = cairo_create(s);
        tkit_scene_key_swatch(cr, k, 8, 8, 12.8);
        cairo_destroy(cr);
        cairo_surface_finish(s);
        if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
                abort(); /* into memory: only for lack of it */
        cairo_surface_destroy(s);
        tkit_buf_puts(o, "data:image/svg+xml;base64,");
        tkit_buf_put_base64(o, svg.data, svg.len);
        tkit_buf_finish(&svg);
}

void tkit_book_key_html(struct tkit_buf *o, unsigned marks, const char *lang)
{
        if (!marks)
                return;
        int l = tkit_lang_parse(lang);
        tkit_buf_puts(o, "<ul class=\"tk-key\">\n");
        for (int k = 0; k < TKIT_KEY_COUNT; k++) {
                if (!(marks & (1u << k)))
                        continue;
                tkit_buf_puts(o, "<li><img class=\"tk-swatch\" alt=\"\" src=\"");
                swatch_uri(o, (enum tkit_scene_key_mark)k);
                tkit_buf_puts(o, "\"/>");
                tkit_buf_put_escaped(o,
                                     tkit_text_term(l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l,
                                                    (enum tkit_text_term)(TKIT_TERM_TILE_PLACED + k)),
                                     TKIT_ESC_QUOT);
                tkit_buf_puts(o, "</li>\n");
        }
        tkit_buf_puts(o, "</ul>\n");
}
