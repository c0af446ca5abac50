/* The chapter as one standalone HTML5 file: CommonMark's HTML (written here from cmark's tree as
 * cmark writes it in its default safe mode: raw HTML left out, dangerous links emptied) with the
 * values as their numbers, each picture a <figure> holding the scene as inline SVG and its
 * caption, and a stylesheet for screen and print. The markup is also well-formed XML (polyglot),
 * so that `xmllint` can check it either way. */
#include "book/book-private.h"

#include "render/tkit-render.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Text and attribute values as cmark writes them: & < > and " as entities. */
static void esc(struct tkit_buf *o, const char *s)
{
        tkit_buf_put_escaped(o, s, TKIT_ESC_QUOT);
}

/* cmark's rule: javascript:, vbscript:, file: and data: (but for a few image types) links are
 * written as empty. */
static bool dangerous_url(const char *u)
{
        static const char *const bad[] = {"javascript:", "vbscript:", "file:", "data:"};
        if (strncasecmp(u, "data:image/", 11) == 0) {
                const char *t = u + 11;
                if (strncasecmp(t, "png", 3) == 0 || strncasecmp(t, "gif", 3) == 0 ||
                    strncasecmp(t, "jpeg", 4) == 0 || strncasecmp(t, "webp", 4) == 0)
                        return false;
        }
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
                if (strncasecmp(u, bad[i], strlen(bad[i])) == 0)
                        return true;
        return false;
}

/* A link target as cmark writes it: URL characters kept, others percent-encoded, & and ' as
 * entities. */
static void esc_href(struct tkit_buf *o, const char *u)
{
        static const char keep[] = "-_.+!*(),%#@?=;:/,$~[]";
        for (const unsigned char *p = (const unsigned char *)u; p && *p; p++) {
                if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                    (*p >= '0' && *p <= '9') || strchr(keep, *p))
                        tkit_buf_add(o, (const char *)p, 1);
                else if (*p == '&')
                        tkit_buf_puts(o, "&amp;");
                else if (*p == '\'')
                        tkit_buf_puts(o, "&#x27;");
                else
                        tkit_buf_printf(o, "%%%02X", *p);
        }
}

/* ---------------------------------------------------------------- pictures */

struct html {
        const struct tkit_book *b;
        const struct tkit_book_options *o;
        struct tkit_diags *d;
        const char *name;
        struct tkit_buf out;
        int rc;
        bool ties; /* the chapter's language ties one-letter words (tkit_book_ties_lang) */
};

/* One picture as inline SVG, as render/ writes it for a page: no XML declaration, its ids
 * prefixed "p<N>-" (unique in the page), labelled with the caption for screen readers. */
static void svg_picture(struct html *h, const struct book_picture *p, size_t index)
{
        const struct book_scene *s = &h->b->scenes[p->scene];
        struct tkit_scene_render_options ro;
        tkit_book_render_options(h->b, p, h->o, &ro);
        char prefix[32];
        snprintf(prefix, sizeof prefix, "p%zu-", index + 1);
        ro.svg = (struct tkit_svg_form){.fragment = true, .id_prefix = prefix, .label = p->caption};
        char *data = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&data, &len);
        if (!mem)
                abort(); /* only for lack of memory */
        int rc = tkit_render_scene_stream(s->scene, &s->r, h->b->sets, h->b->nsets, &ro, mem,
                                          h->name, TKIT_IMAGE_SVG, NULL, h->d);
        if (fclose(mem) != 0)
                abort();
        if (rc)
                h->rc = rc;
        else
                tkit_buf_add(&h->out, data, len);
        free(data);
}

static void figure(struct html *h, const struct book_picture *p)
{
        size_t index = (size_t)(p - h->b->pictures);
        tkit_buf_printf(&h->out, "<figure class=\"tk-picture%s\" id=\"picture-%zu\">\n",
                        p->beside ? " tk-beside" : "", index + 1);
        svg_picture(h, p, index);
        if (h->o->progress)
                h->o->progress(h->o->progress_ctx, "drawing", index + 1, h->b->npictures);
        tkit_buf_puts(&h->out, "\n<figcaption>");
        esc(&h->out, p->caption);
        tkit_buf_puts(&h->out, "</figcaption>\n</figure>\n");
}

/* ---------------------------------------------------------------- the tree */

static bool tight_item(cmark_node *para)
{
        cmark_node *item = cmark_node_parent(para), *list = item ? cmark_node_parent(item) : NULL;
        return list && cmark_node_get_type(item) == CMARK_NODE_ITEM &&
               cmark_node_get_list_tight(list);
}

/* Text; in Czech, a one-letter preposition or conjunction tied to the next word. */
static void text_node(struct html *h, const char *text)
{
        if (!h->ties) {
                esc(&h->out, text);
                return;
        }
        char *tied = tkit_book_ties(text, false);
        esc(&h->out, tied);
        free(tied);
}

static void code_or_value(struct html *h, cmark_node *n)
{
        const struct book_value *v = tkit_book_value_of(h->b, n);
        if (v) {
                tkit_buf_puts(&h->out, "<span class=\"tk-value\" data-value=\"");
                esc(&h->out, v->text);
                char *s = tkit_book_value_print(v, tkit_book_lang(h->b, h->o));
                tkit_buf_puts(&h->out, "\">");
                esc(&h->out, s);
                tkit_buf_puts(&h->out, "</span>");
                free(s);
                return;
        }
        tkit_buf_puts(&h->out, "<code>");
        esc(&h->out, cmark_node_get_literal(n));
        tkit_buf_puts(&h->out, "</code>");
}

static void list_open(struct html *h, cmark_node *n)
{
        if (cmark_node_get_list_type(n) == CMARK_ORDERED_LIST) {
                int start = cmark_node_get_list_start(n);
                if (start != 1)
                        tkit_buf_printf(&h->out, "<ol start=\"%d\">\n", start);
                else
                        tkit_buf_puts(&h->out, "<ol>\n");
        } else {
                tkit_buf_puts(&h->out, "<ul>\n");
        }
}

static void code_block(struct html *h, cmark_node *n)
{
        const char *info = cmark_node_get_fence_info(n);
        tkit_buf_puts(&h->out, "<pre><code");
        if (info && *info) {
                size_t k = strcspn(info, " \t");
                char *lang = tkit_xstrndup(info, k);
                tkit_buf_puts(&h->out, " class=\"language-");
                esc(&h->out, lang);
                tkit_buf_puts(&h->out, "\"");
                free(lang);
        }
        tkit_buf_puts(&h->out, ">");
        esc(&h->out, cmark_node_get_literal(n));
        tkit_buf_puts(&h->out, "</code></pre>\n");
}

static void link_open(struct html *h, cmark_node *n)
{
        const char *url = cmark_node_get_url(n), *title = cmark_node_get_title(n);
        tkit_buf_puts(&h->out, "<a href=\"");
        if (url && !dangerous_url(url))
                esc_href(&h->out, url);
        tkit_buf_puts(&h->out, "\"");
        if (title && *title) {
                tkit_buf_puts(&h->out, " title=\"");
                esc(&h->out, title);
                tkit_buf_puts(&h->out, "\"");
        }
        tkit_buf_puts(&h->out, ">");
}

/* A block entered (enter) or left; returns true when its children are to be skipped. */
static bool block(struct html *h, cmark_node *n, bool enter)
{
        switch (cmark_node_get_type(n)) {
        case CMARK_NODE_BLOCK_QUOTE:
                tkit_buf_puts(&h->out, enter ? "<blockquote>\n" : "</blockquote>\n");
                return false;
        case CMARK_NODE_LIST:
                if (enter)
                        list_open(h, n);
                else
                        tkit_buf_puts(&h->out, cmark_node_get_list_type(n) == CMARK_ORDERED_LIST
                                                   ? "</ol>\n"
                                                   : "</ul>\n");
                return false;
        case CMARK_NODE_ITEM:
                tkit_buf_puts(&h->out, enter ? "<li>" : "</li>\n");
                return false;
        case CMARK_NODE_HEADING:
                tkit_buf_printf(&h->out, enter ? "<h%d>" : "</h%d>\n",
                                cmark_node_get_heading_level(n));
                return false;
        case CMARK_NODE_PARAGRAPH: {
                const struct book_picture *p = tkit_book_picture_of(h->b, n);
                if (p) {
                        if (enter)
                                figure(h, p);
                        return true;
                }
                if (!tight_item(n))
                        tkit_buf_puts(&h->out, enter ? "<p>" : "</p>\n");
                return false;
        }
        case CMARK_NODE_CODE_BLOCK:
                code_block(h, n);
                return true;
        case CMARK_NODE_HTML_BLOCK:
                tkit_buf_puts(&h->out, "<!-- raw HTML omitted -->\n");
                return true;
        case CMARK_NODE_THEMATIC_BREAK:
                tkit_buf_puts(&h->out, "<hr />\n");
                return true;
        default:
                return false;
        }
}

static bool inline_node(struct html *h, cmark_node *n, bool enter)
{
        switch (cmark_node_get_type(n)) {
        case CMARK_NODE_TEXT:
                text_node(h, cmark_node_get_literal(n));
                return true;
        case CMARK_NODE_SOFTBREAK: /* in cs, a one-letter word is tied to the next line's */
                tkit_buf_puts(&h->out, h->ties && tkit_book_tie_at_end(h->out.data, h->out.len)
                                           ? "\xc2\xa0"
                                           : "\n");
                return true;
        case CMARK_NODE_LINEBREAK:
                tkit_buf_puts(&h->out, "<br />\n");
                return true;
        case CMARK_NODE_CODE:
                code_or_value(h, n);
                return true;
        case CMARK_NODE_HTML_INLINE:
                tkit_buf_puts(&h->out, "<!-- raw HTML omitted -->");
                return true;
        case CMARK_NODE_EMPH:
                tkit_buf_puts(&h->out, enter ? "<em>" : "</em>");
                return false;
        case CMARK_NODE_STRONG:
                tkit_buf_puts(&h->out, enter ? "<strong>" : "</strong>");
                return false;
        case CMARK_NODE_LINK:
                if (enter)
                        link_open(h, n);
                else
                        tkit_buf_puts(&h->out, "</a>");
                return false;
        case CMARK_NODE_IMAGE: /* a picture not alone: refused by tkit_book_read */
                return true;
        default:
                return block(h, n, enter);
        }
}

static void body(struct html *h)
{
        cmark_iter *it = cmark_iter_new(h->b->doc);
        cmark_event_type ev;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
                cmark_node *n = cmark_iter_get_node(it);
                if (n == h->b->doc)
                        continue;
                bool enter = ev == CMARK_EVENT_ENTER;
                if (inline_node(h, n, enter) && enter && cmark_node_first_child(n))
                        cmark_iter_reset(it, n, CMARK_EVENT_EXIT); /* skip the children */
        }
        cmark_iter_free(it);
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
            "figure.tk-picture svg { max-width: 100%%; height: auto; }\n"
            "figure.tk-beside { float: right; max-width: 45%%; margin: 0.3em 0 0.8em 1.2em; }\n"
            "h1, h2, h3, h4, h5, h6, figure.tk-picture { clear: both; }\n"
            "figcaption { font-size: 0.85em; font-style: italic; text-align: left; }\n"
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
