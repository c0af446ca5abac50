/* The one writer of a scene picture's SVG (render/tkit-render.h, struct tkit_svg_form): cairo's
 * SVG surface draws, this writes what cairo made as the document or page asks — without the XML
 * declaration for a page that inlines it, the <svg> labelled for screen readers, the picture's
 * text as <title> and <desc>, and every id prefixed, with the references to it, so that the
 * pictures of one page do not share ids (cairo names its definitions glyph0-1, clip3, surface5…
 * the same in every picture). One pass, each byte looked at once. */
#define _GNU_SOURCE /* memmem */
#include "render/render-private.h"

#include <string.h>

static bool id_char(char c)
{
        return c && c != '"' && c != ')' && c != '\'';
}

/* The length of the id reference (` id="`, `href="#`, `url(#`) that starts at `s`, or 0. */
static size_t ref_at(const char *s, const char *end)
{
        static const char *const refs[] = {" id=\"", "href=\"#", "url(#"};
        for (size_t k = 0; k < sizeof refs / sizeof *refs; k++) {
                size_t n = strlen(refs[k]);
                if ((size_t)(end - s) >= n && memcmp(s, refs[k], n) == 0)
                        return n;
        }
        return 0;
}

static void prefix_ids(struct tkit_buf *o, const char *s, const char *end, const char *prefix)
{
        const char *copied = s;
        while (s < end) {
                size_t hl = (*s == ' ' || *s == 'h' || *s == 'u') ? ref_at(s, end) : 0;
                if (!hl) {
                        s++;
                        continue;
                }
                s += hl;
                tkit_buf_add(o, copied, (size_t)(s - copied));
                if (s < end && id_char(*s))
                        tkit_buf_puts(o, prefix);
                copied = s;
        }
        tkit_buf_add(o, copied, (size_t)(end - copied));
}

bool tkit_svg_write(struct tkit_buf *o, const char *svg, size_t len, const struct tkit_svg_form *f,
                    const char *const *text, size_t ntext)
{
        const char *end = svg + len;
        const char *open = memmem(svg, len, "<svg", 4);
        const char *tag_end = open ? memchr(open, '>', (size_t)(end - open)) : NULL;
        if (!tag_end)
                return false;
        if (!f->fragment)
                tkit_buf_add(o, svg, (size_t)(open - svg)); /* the XML declaration */
        tkit_buf_add(o, open, (size_t)(tag_end - open));
        if (f->label) {
                tkit_buf_puts(o, " role=\"img\" aria-label=\"");
                tkit_buf_put_escaped(o, f->label, TKIT_ESC_QUOT);
                tkit_buf_puts(o, "\"");
        }
        tkit_buf_puts(o, ">");
        for (size_t i = 0; i < ntext; i++) {
                tkit_buf_puts(o, i == 0 ? "\n<title>" : i == 1 ? "</title>\n<desc>" : "\n");
                tkit_buf_put_escaped(o, text[i], 0);
        }
        if (ntext)
                tkit_buf_puts(o, ntext > 1 ? "</desc>" : "</title>");
        if (f->id_prefix && *f->id_prefix)
                prefix_ids(o, tag_end + 1, end, f->id_prefix);
        else
                tkit_buf_add(o, tag_end + 1, (size_t)(end - tag_end - 1));
        return true;
}
