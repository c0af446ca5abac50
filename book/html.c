/* The chapter as one standalone HTML5 file: CommonMark's HTML as cmark writes it in its default
 * safe mode (raw HTML left out, dangerous links emptied), with the values as their numbers, each
 * picture a <figure> holding the scene as inline SVG and its caption, and a stylesheet for screen
 * and print. The pictures and the values go into cmark's tree as custom nodes for the time of the
 * writing (and the Czech ties as the text's own characters); cmark writes the rest. The markup is
 * also well-formed XML (polyglot), so that `xmllint` can check it either way. */
#include "book/book-private.h"

#include "render/tkit-render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Text and attribute values as cmark writes them: & < > and " as entities. */
static void esc(struct tkit_buf *o, const char *s)
{
        tkit_buf_put_escaped(o, s, TKIT_ESC_QUOT);
}

/* ---------------------------------------------------------------- pictures */

/* A node of the chapter's tree standing in for another while cmark writes the HTML: a custom node
 * for a picture or a value, the Czech tie of a soft break; or a text given its ties (`custom`
 * NULL, `literal` the text as read). Put back once the HTML is written: the tree is the book's. */
struct swap {
        cmark_node *orig, *custom;
        char *literal;
};

struct html {
        const struct tkit_book *b;
        const struct tkit_book_options *o;
        struct tkit_diags *d;
        const char *name;
        struct tkit_buf out;
        int rc;
        bool ties; /* the chapter's language ties one-letter words (tkit_book_ties_lang) */
        struct swap *swaps;
        size_t nswaps, capswaps;
        unsigned all_marks; /* every picture's marks: the chapter's key */
};

/* One picture as the SVG document render/ writes (its caption and legend in <title> and
 * <desc>), in an <img> whose source is that document as a data: URI, the caption its alt text.
 * Each picture stays a document of its own: cairo's ids (glyph0-1, clip3…, the same in every
 * picture) cannot clash, and nothing of cairo's output is rewritten; the page still fetches
 * nothing. */
static unsigned svg_picture(struct html *h, const struct book_picture *p, struct tkit_buf *out)
{
        const struct book_scene *s = &h->b->scenes[p->scene];
        struct tkit_scene_render_options ro;
        tkit_book_render_options(h->b, p, h->o, &ro);
        char *data = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&data, &len);
        if (!mem)
                abort(); /* only for lack of memory */
        struct tkit_scene_picture pic = {0};
        int rc = tkit_render_scene_stream(s->scene, &s->r, h->b->sets, h->b->nsets, &ro, mem,
                                          h->name, TKIT_IMAGE_SVG, &pic, h->d);
        if (fclose(mem) != 0)
                abort();
        if (rc) {
                h->rc = rc;
        } else {
                tkit_buf_puts(out, "<img class=\"tk-svg\" alt=\"");
                esc(out, p->caption);
                tkit_buf_puts(out, "\" src=\"data:image/svg+xml;base64,");
                tkit_buf_put_base64(out, data, len);
                tkit_buf_puts(out, "\"/>");
        }
        free(data);
        unsigned marks = rc ? 0 : tkit_book_picture_marks(&pic, p->view);
        tkit_scene_picture_finish(&pic);
        return marks;
}

/* The <figure> of a picture: its SVG and its caption. Returns a string to free. */
static char *figure(struct html *h, const struct book_picture *p)
{
        size_t index = (size_t)(p - h->b->pictures);
        struct tkit_buf f;
        tkit_buf_init(&f);
        tkit_buf_printf(&f, "<figure class=\"tk-picture%s\" id=\"picture-%zu\">\n",
                        p->beside ? " tk-beside" : "", index + 1);
        unsigned marks = svg_picture(h, p, &f);
        h->all_marks |= marks;
        if (h->o->progress)
                h->o->progress(h->o->progress_ctx, "drawing", index + 1, h->b->npictures);
        tkit_buf_puts(&f, "\n<figcaption>");
        esc(&f, p->caption);
        tkit_buf_puts(&f, "</figcaption>\n");
        if (h->b->key == BOOK_KEY_PICTURES)
                tkit_book_key_html(&f, marks, tkit_book_lang(h->b, h->o));
        tkit_buf_puts(&f, "</figure>");
        return tkit_buf_steal(&f);
}

/* ---------------------------------------------------------------- the tree */

/* A value's span: its path in data-value, its number (and noun) as the text. To free. */
static char *value_span(struct html *h, const struct book_value *v)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<span class=\"tk-value\" data-value=\"");
        esc(&b, v->text);
        char *s = tkit_book_value_print(v, tkit_book_lang(h->b, h->o));
        tkit_buf_puts(&b, "\">");
        esc(&b, s);
        tkit_buf_puts(&b, "</span>");
        free(s);
        return tkit_buf_steal(&b);
}

/* Puts `custom` where `orig` is, and remembers it to put `orig` back. */
static void swap_node(struct html *h, cmark_node *orig, cmark_node *custom)
{
        cmark_node_insert_before(orig, custom);
        cmark_node_unlink(orig);
        *TKIT_PUSH(h->swaps, h->nswaps, h->capswaps) = (struct swap){orig, custom, NULL};
}

/* A custom node of `type` (CMARK_NODE_CUSTOM_BLOCK or _INLINE) that writes `html` (taken). */
static cmark_node *custom_node(cmark_node_type type, char *html)
{
        cmark_node *c = cmark_node_new(type);
        cmark_node_set_on_enter(c, html);
        free(html);
        return c;
}

/* In Czech a one-letter preposition or conjunction is tied to the next word: in a text, and
 * across a soft break that follows one. */
static void tie(struct html *h, cmark_node *n)
{
        if (cmark_node_get_type(n) == CMARK_NODE_TEXT) {
                const char *text = cmark_node_get_literal(n);
                char *tied = tkit_book_ties(text, false);
                if (strcmp(tied, text) != 0) {
                        *TKIT_PUSH(h->swaps, h->nswaps, h->capswaps) =
                            (struct swap){n, NULL, tkit_xstrdup(text)};
                        cmark_node_set_literal(n, tied);
                }
                free(tied);
                return;
        }
        cmark_node *prev = cmark_node_previous(n); /* a soft break */
        const char *before = prev && cmark_node_get_type(prev) == CMARK_NODE_TEXT
                                 ? cmark_node_get_literal(prev)
                                 : NULL;
        if (before && tkit_book_tie_at_end(before, strlen(before))) {
                cmark_node *nbsp = cmark_node_new(CMARK_NODE_TEXT);
                cmark_node_set_literal(nbsp, "\xc2\xa0");
                swap_node(h, n, nbsp);
        }
}

/* The nodes cmark cannot write as the book means them, in document order. */
static void collect(struct html *h, cmark_node ***v, size_t *n)
{
        size_t cap = 0;
        cmark_iter *it = cmark_iter_new(h->b->doc);
        cmark_event_type ev;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
                cmark_node *x = cmark_iter_get_node(it);
                cmark_node_type t = cmark_node_get_type(x);
                bool want = (t == CMARK_NODE_PARAGRAPH && tkit_book_picture_of(h->b, x)) ||
                            t == CMARK_NODE_CODE ||
                            (h->ties && (t == CMARK_NODE_TEXT || t == CMARK_NODE_SOFTBREAK));
                if (ev == CMARK_EVENT_ENTER && want)
                        *TKIT_PUSH(*v, *n, cap) = x;
        }
        cmark_iter_free(it);
}

/* Swaps in the custom nodes and the ties: the texts first (a soft break's tie reads the text
 * before it as tied), then the rest. */
static void swap_in(struct html *h)
{
        cmark_node **v = NULL;
        size_t n = 0;
        collect(h, &v, &n);
        for (size_t i = 0; i < n; i++) {
                cmark_node_type t = cmark_node_get_type(v[i]);
                const struct book_value *val;
                if (t == CMARK_NODE_TEXT || t == CMARK_NODE_SOFTBREAK)
                        tie(h, v[i]);
                else if (t == CMARK_NODE_PARAGRAPH)
                        swap_node(h, v[i],
                                  custom_node(CMARK_NODE_CUSTOM_BLOCK,
                                              figure(h, tkit_book_picture_of(h->b, v[i]))));
                else if ((val = tkit_book_value_of(h->b, v[i])))
                        swap_node(h, v[i], custom_node(CMARK_NODE_CUSTOM_INLINE, value_span(h, val)));
        }
        free(v);
}

/* Puts the tree back as the book read it, last swap first. */
static void swap_out(struct html *h)
{
        for (size_t i = h->nswaps; i-- > 0;) {
                struct swap *w = &h->swaps[i];
                if (w->custom) {
                        cmark_node_insert_before(w->custom, w->orig);
                        cmark_node_free(w->custom);
                } else {
                        cmark_node_set_literal(w->orig, w->literal);
                        free(w->literal);
                }
        }
        free(h->swaps);
        h->swaps = NULL;
        h->nswaps = h->capswaps = 0;
}

/* The chapter's key (key: chapter) after its title, its first level-1 heading, as the PDF sets
 * it; its marks are known once every picture is drawn (swap_in). Returns the node put in, or
 * NULL. */
static cmark_node *chapter_key(struct html *h)
{
        if (h->b->key != BOOK_KEY_CHAPTER || !h->all_marks)
                return NULL;
        for (cmark_node *n = cmark_node_first_child(h->b->doc); n; n = cmark_node_next(n)) {
                if (cmark_node_get_type(n) != CMARK_NODE_HEADING ||
                    cmark_node_get_heading_level(n) != 1)
                        continue;
                struct tkit_buf k;
                tkit_buf_init(&k);
                tkit_book_key_html(&k, h->all_marks, tkit_book_lang(h->b, h->o));
                cmark_node *c = custom_node(CMARK_NODE_CUSTOM_BLOCK, tkit_buf_steal(&k));
                cmark_node_insert_after(n, c);
                return c;
        }
        return NULL;
}

/* The chapter's body, written by cmark (CMARK_OPT_DEFAULT: its safe mode). */
static void body(struct html *h)
{
        swap_in(h);
        cmark_node *key = chapter_key(h);
        char *html = cmark_render_html(h->b->doc, CMARK_OPT_DEFAULT);
        if (key)
                cmark_node_free(key); /* unlinks it: the tree is the book's again */
        swap_out(h);
        tkit_buf_puts(&h->out, html);
        cmark_get_default_mem_allocator()->free(html);
}

static void head(struct html *h)
{
        const struct tkit_book_options *o = h->o;
        char *title = tkit_book_title(h->b);
        tkit_buf_puts(&h->out,
                      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"");
        esc(&h->out, tkit_book_lang(h->b, o));
        tkit_buf_puts(&h->out, "\" xml:lang=\"");
        esc(&h->out, tkit_book_lang(h->b, o));
        tkit_buf_puts(&h->out,
                      "\">\n<head>\n<meta charset=\"utf-8\" />\n"
                      "<meta name=\"generator\" content=\"tilekit " TKIT_VERSION "\" />\n"
                      "<meta name=\"viewport\" content=\"width=device-width\" />\n<title>");
        esc(&h->out, title ? title : h->b->file);
        free(title);
        tkit_buf_printf(
            &h->out,
            "</title>\n<style>\n"
            "body { font-family: \"DejaVu Serif\", Georgia, serif; line-height: 1.45;"
            " max-width: 44em; margin: 2em auto; padding: 0 1em; color: #1a1a1a; }\n"
            "h1, h2, h3, h4, figcaption { font-family: \"DejaVu Sans\", sans-serif; }\n"
            "figure.tk-picture { margin: 1.2em 0; text-align: center; }\n"
            "figure.tk-picture img { max-width: 100%%; height: auto; }\n"
            "figure.tk-beside { float: right; max-width: 45%%; margin: 0.3em 0 0.8em 1.2em; }\n"
            "h1, h2, h3, h4, h5, h6, figure.tk-picture { clear: both; }\n"
            "figcaption { font-size: 0.85em; font-style: italic; text-align: left; }\n"
            "ul.tk-key { list-style: none; padding: 0; margin: 0.6em 0 1em;"
            " font-family: \"DejaVu Sans\", sans-serif; font-size: 0.8em; text-align: left; }\n"
            "ul.tk-key li { display: inline-block; margin: 0 1.2em 0.2em 0; }\n"
            "img.tk-swatch { width: 1.4em; height: 1.4em; vertical-align: middle;"
            " margin-right: 0.3em; }\n"
            "blockquote { border-left: 3px solid #bbb; margin-left: 0; padding-left: 1em; }\n"
            "pre { background: #f2f2f2; padding: 0.5em; overflow-x: auto; }\n"
            "@page { size: %.1fmm %.1fmm; margin: %.1fmm; }\n"
            "@media print {\n"
            "  body { max-width: none; margin: 0; padding: 0; font-size: 10pt; }\n"
            "  figure.tk-picture, pre, blockquote { break-inside: avoid; }\n"
            "  h1, h2, h3, h4 { break-after: avoid; }\n"
            "  p { orphans: 2; widows: 2; }\n"
            "  a { color: inherit; }\n"
            "}\n</style>\n</head>\n<body>\n<main>\n",
            o->page_w_mm, o->page_h_mm, o->margin_mm);
}

int tkit_book_write_html(const struct tkit_book *b, const struct tkit_book_options *o, FILE *f,
                         const char *name, struct tkit_diags *d)
{
        struct html h = {.b = b, .o = o, .d = d, .name = name};
        h.ties = tkit_book_ties_lang(tkit_book_lang(b, o));
        tkit_buf_init(&h.out);
        head(&h);
        body(&h);
        tkit_buf_puts(&h.out, "</main>\n</body>\n</html>\n");
        if (h.rc == 0 && fwrite(h.out.data, 1, h.out.len, f) != h.out.len) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL, "cannot write: %s",
                               strerror(errno ? errno : EIO));
                h.rc = TKIT_E_IO;
        }
        tkit_buf_finish(&h.out);
        return h.rc;
}
