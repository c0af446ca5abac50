/* The language of a PDF. cairo 1.16 has no key for the document catalog's /Lang, which screen
 * readers and a reader's own hyphenation use. tkit_pdf_lang_update() adds it the way PDF allows
 * a written file to be changed (PDF 32000-1, 7.5.6, incremental updates): cairo's bytes stay as
 * they are, and after them come the catalog again with /Lang, a cross-reference section for it
 * and a trailer that points back to cairo's. */
#include "render/render-private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The last occurrence of `needle` in data[0, len), or NULL. */
static const char *last_of(const char *data, size_t len, const char *needle)
{
        size_t n = strlen(needle);
        for (size_t i = len >= n ? len - n + 1 : 0; i-- > 0;)
                if (memcmp(data + i, needle, n) == 0)
                        return data + i;
        return NULL;
}

/* The first occurrence of `needle` in [a, b), or NULL. */
static const char *find(const char *a, const char *b, const char *needle)
{
        size_t n = strlen(needle);
        for (; a + n <= b; a++)
                if (memcmp(a, needle, n) == 0)
                        return a;
        return NULL;
}

/* A decimal number at *p (at most `end`), advancing past it and one following blank. */
static bool number(const char **p, const char *end, unsigned long long *v)
{
        const char *s = *p;
        *v = 0;
        while (s < end && *s >= '0' && *s <= '9' && *v < 1000000000000ULL)
                *v = *v * 10 + (unsigned long long)(*s++ - '0');
        if (s == *p || s >= end)
                return false;
        *p = s + 1;
        return true;
}

/* The end of the dictionary that opens at p ("<<"), just past its ">>"; NULL if unbalanced. The
 * dictionaries cairo writes in a catalog and a trailer hold no strings. */
static const char *dict_end(const char *p, const char *end)
{
        int depth = 0;
        while (p + 1 < end) {
                bool open = p[0] == '<' && p[1] == '<', close = p[0] == '>' && p[1] == '>';
                depth += open - close;
                p += open || close ? 2 : 1;
                if (close && depth == 0)
                        return p;
        }
        return NULL;
}

bool tkit_pdf_lang_update(const char *pdf, size_t len, size_t base, const char *lang,
                          struct tkit_buf *out)
{
        const char *end = pdf + len, *sx = last_of(pdf, len, "startxref\n");
        unsigned long long xref, first, count, root, at;
        const char *p = sx ? sx + 10 : NULL;
        if (!lang || !tkit_lang_valid(lang) || !p || !number(&p, end, &xref) || xref < base ||
            xref - base + 5 >= len || memcmp(pdf + (xref - base), "xref\n", 5) != 0)
                return false;
        p = pdf + (xref - base) + 5;
        const char *entries = NULL;
        if (!number(&p, end, &first) || !number(&p, end, &count) || first != 0)
                return false;
        entries = p;
        const char *tr = entries + 20 * count; /* each entry is 20 bytes */
        if (count > len / 20 || tr + 10 >= end || memcmp(tr, "trailer\n<<", 10) != 0)
                return false;
        const char *td = tr + 8, *te = dict_end(td, end), *r = te ? find(td, te, "/Root ") : NULL;
        if (!r || (p = r + 6, !number(&p, te, &root)) || root >= count)
                return false;
        p = entries + 20 * root;
        if (!number(&p, end, &at) || at < base)
                return false;
        at -= base;
        char head[32];
        int hn = snprintf(head, sizeof head, "%llu 0 obj\n", root);
        if (at + (size_t)hn + 2 >= len || memcmp(pdf + at, head, (size_t)hn) != 0 ||
            memcmp(pdf + at + hn, "<<", 2) != 0)
                return false;
        const char *cd = pdf + at + hn, *ce = dict_end(cd, end);
        if (!ce)
                return false;
        size_t obj = base + len; /* the new catalog's offset */
        tkit_buf_printf(out, "%s", head);
        tkit_buf_add(out, cd, (size_t)(ce - 2 - cd));
        tkit_buf_printf(out, "   /Lang (%s)\n>>\nendobj\n", lang);
        size_t nx = base + len + out->len;
        tkit_buf_printf(out, "xref\n%llu 1\n%010zu 00000 n \ntrailer\n", root, obj);
        tkit_buf_add(out, td, (size_t)(te - 2 - td));
        tkit_buf_printf(out, "   /Prev %llu\n>>\nstartxref\n%zu\n%%%%EOF\n", xref, nx);
        return true;
}

int tkit_pdf_write_lang(FILE *f, const char *pdf, size_t len, size_t base, const char *lang)
{
        struct tkit_buf up;
        tkit_buf_init(&up);
        tkit_pdf_lang_update(pdf, len, base, lang, &up);
        int err = 0;
        if ((len && fwrite(pdf, 1, len, f) != len) ||
            (up.len && fwrite(up.data, 1, up.len, f) != up.len))
                err = errno ? errno : EIO;
        tkit_buf_finish(&up);
        return err;
}
