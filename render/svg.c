/* The one writer of a scene picture's SVG: cairo's SVG surface draws it, and its text goes in
 * for search and screen readers — the caption as the <title>, the legend as the <desc>. cairo
 * (1.16) draws text as glyph shapes and has no way to write either element, so they are the
 * root's first children, put right after its start tag; cairo's bytes are otherwise written as
 * they are (its ids are the same in every picture: a page shows each picture as its own
 * document, book/html.c, never inlined). */
#define _GNU_SOURCE /* memmem */
#include "render/render-private.h"

#include <string.h>

bool tkit_svg_write(struct tkit_buf *o, const char *svg, size_t len, const char *title,
                    const char *desc)
{
        const char *end = svg + len;
        const char *open = memmem(svg, len, "<svg", 4);
        const char *tag_end = open ? memchr(open, '>', (size_t)(end - open)) : NULL;
        if (!tag_end)
                return false;
        tkit_buf_add(o, svg, (size_t)(tag_end + 1 - svg));
        if (title && *title) {
                tkit_buf_puts(o, "\n<title>");
                tkit_buf_put_escaped(o, title, TKIT_ESC_XML_TEXT);
                tkit_buf_puts(o, "</title>");
        }
        if (desc && *desc) {
                tkit_buf_puts(o, "\n<desc>");
                tkit_buf_put_escaped(o, desc, TKIT_ESC_XML_TEXT);
                tkit_buf_puts(o, "</desc>");
        }
        tkit_buf_add(o, tag_end + 1, (size_t)(end - tag_end - 1));
        return true;
}
