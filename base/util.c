/* Memory and string helpers: allocation failure is not recoverable in a command-line tool, so it
 * aborts with a message instead of threading NULL checks through every caller. */
#include "base/tkit-base.h"

#include <stdio.h> /* the out-of-memory message: the one line the library ever prints */
#include <stdlib.h>
#include <string.h>

static void *oom(size_t n)
{
        fprintf(stderr, "tilekit: out of memory (%zu bytes)\n", n);
        abort();
}

void *tkit_xmalloc(size_t n)
{
        void *p = malloc(n ? n : 1);
        return p ? p : oom(n);
}

void *tkit_xcalloc(size_t n, size_t size)
{
        void *p = calloc(n ? n : 1, size ? size : 1);
        return p ? p : oom(n * size);
}

void *tkit_xrealloc(void *p, size_t n)
{
        void *q = realloc(p, n ? n : 1);
        return q ? q : oom(n);
}

char *tkit_xstrdup(const char *s)
{
        return s ? tkit_xstrndup(s, strlen(s)) : NULL;
}

char *tkit_xstrndup(const char *s, size_t n)
{
        char *d = tkit_xmalloc(n + 1);
        memcpy(d, s, n);
        d[n] = '\0';
        return d;
}

char *tkit_xasprintf(const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *s = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        return s;
}

char *tkit_xvasprintf(const char *fmt, va_list ap)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_vprintf(&b, fmt, ap);
        return tkit_buf_steal(&b);
}

void tkit_grow(void **v, size_t *cap, size_t need, size_t size)
{
        size_t c = *cap;
        if (need <= c)
                return;
        while (c < need)
                c = c ? c * 2 : 8;
        if (c > SIZE_MAX / size)
                oom(SIZE_MAX);
        *v = tkit_xrealloc(*v, c * size);
        memset((char *)*v + *cap * size, 0, (c - *cap) * size);
        *cap = c;
}

void tkit_buf_init(struct tkit_buf *b)
{
        b->data = NULL;
        b->len = b->cap = 0;
}

void tkit_buf_finish(struct tkit_buf *b)
{
        free(b->data);
        tkit_buf_init(b);
}

void tkit_buf_add(struct tkit_buf *b, const char *s, size_t n)
{
        tkit_grow((void **)&b->data, &b->cap, b->len + n + 1, 1);
        memcpy(b->data + b->len, s, n);
        b->len += n;
        b->data[b->len] = '\0';
}

void tkit_buf_puts(struct tkit_buf *b, const char *s)
{
        tkit_buf_add(b, s, strlen(s));
}

/* Bytes of the character at `s` that XML 1.0 allows (well-formed UTF-8, no C0 but tab, line
 * feed and carriage return, no U+FFFE or U+FFFF), or 0. */
static size_t xml_char(const char *s)
{
        size_t n = tkit_utf8_char(s, SIZE_MAX);
        if (n == 0)
                return 0;
        uint32_t cp = tkit_utf8_decode(s, n);
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xfffe || cp == 0xffff)
                return 0;
        return n;
}

/* The entity for the byte `c` under `flags`, or NULL to copy it. */
static const char *escape_of(unsigned char c, unsigned flags)
{
        switch (c) {
        case '&':
                return "&amp;";
        case '<':
                return "&lt;";
        case '>':
                return "&gt;";
        case '"':
                return flags & TKIT_ESC_QUOT ? "&quot;" : NULL;
        case '\'':
                return flags & TKIT_ESC_APOS ? "&apos;" : NULL;
        case '\t':
                return flags & TKIT_ESC_WS ? "&#9;" : NULL;
        case '\n':
                return flags & TKIT_ESC_WS ? "&#10;" : NULL;
        case '\r':
                if (flags & TKIT_ESC_XML)
                        return "&#13;";
                break;
        default:
                break;
        }
        if (c < 0x20 && (flags & (TKIT_ESC_CTRL | TKIT_ESC_XML)))
                return "\xef\xbf\xbd";
        return NULL;
}

void tkit_buf_put_escaped(struct tkit_buf *b, const char *s, unsigned flags)
{
        while (s && *s) {
                size_t n = 1;
                const char *rep = NULL;
                if ((flags & TKIT_ESC_XML) && (unsigned char)*s >= 0x80) {
                        n = xml_char(s);
                        rep = n ? NULL : "\xef\xbf\xbd";
                } else {
                        rep = escape_of((unsigned char)*s, flags);
                }
                if (rep)
                        tkit_buf_puts(b, rep);
                else
                        tkit_buf_add(b, s, n);
                s += n ? n : 1;
        }
}

void tkit_buf_put_base64(struct tkit_buf *b, const void *s, size_t n)
{
        static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        const unsigned char *u = s;
        tkit_grow((void **)&b->data, &b->cap, b->len + (n + 2) / 3 * 4 + 1, 1);
        char *o = b->data + b->len;
        for (size_t i = 0; i < n; i += 3) {
                unsigned long v = (unsigned long)u[i] << 16;
                if (i + 1 < n)
                        v |= (unsigned long)u[i + 1] << 8;
                if (i + 2 < n)
                        v |= u[i + 2];
                *o++ = abc[v >> 18 & 63];
                *o++ = abc[v >> 12 & 63];
                *o++ = i + 1 < n ? abc[v >> 6 & 63] : '=';
                *o++ = i + 2 < n ? abc[v & 63] : '=';
        }
        *o = '\0';
        b->len = (size_t)(o - b->data);
}

void tkit_buf_vprintf(struct tkit_buf *b, const char *fmt, va_list ap)
{
        va_list ap2;
        va_copy(ap2, ap);
        int n = vsnprintf(NULL, 0, fmt, ap2);
        va_end(ap2);
        if (n < 0)
                return;
        tkit_grow((void **)&b->data, &b->cap, b->len + (size_t)n + 1, 1);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        b->len += (size_t)n;
}

void tkit_buf_printf(struct tkit_buf *b, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_buf_vprintf(b, fmt, ap);
        va_end(ap);
}

char *tkit_buf_steal(struct tkit_buf *b)
{
        char *s = b->data ? b->data : tkit_xstrdup("");
        tkit_buf_init(b);
        return s;
}

const char *tkit_strerror(int err)
{
        switch (err) {
        case TKIT_OK:
                return "success";
        case TKIT_E_INVALID:
                return "invalid input";
        case TKIT_E_IO:
                return "input/output error";
        case TKIT_E_DB:
                return "database error";
        case TKIT_E_NOTFOUND:
                return "not found";
        case TKIT_E_USAGE:
                return "invalid usage";
        case TKIT_E_LIMIT:
                return "input exceeds a limit";
        default:
                return "unknown error";
        }
}

size_t tkit_utf8_char(const char *p, size_t left)
{
        const unsigned char *u = (const unsigned char *)p;
        if (!left || !u[0])
                return 0;
        size_t n = u[0] < 0x80   ? 1
                   : u[0] < 0xc2 ? 0
                   : u[0] < 0xe0 ? 2
                   : u[0] < 0xf0 ? 3
                   : u[0] < 0xf5 ? 4
                                 : 0;
        if (!n || n > left)
                return 0;
        for (size_t i = 1; i < n; i++)
                if ((u[i] & 0xc0) != 0x80)
                        return 0;
        if ((u[0] == 0xe0 && u[1] < 0xa0) || (u[0] == 0xed && u[1] > 0x9f) ||
            (u[0] == 0xf0 && u[1] < 0x90) || (u[0] == 0xf4 && u[1] > 0x8f))
                return 0; /* overlong, a surrogate, past U+10FFFF */
        return n;
}

uint32_t tkit_utf8_decode(const char *p, size_t n)
{
        static const unsigned char lead_mask[] = {0, 0x7f, 0x1f, 0x0f, 0x07};
        const unsigned char *u = (const unsigned char *)p;
        uint32_t cp = n >= 1 && n <= 4 ? u[0] & lead_mask[n] : 0;
        for (size_t k = 1; k < n && k < 4; k++)
                cp = cp << 6 | (u[k] & 0x3f);
        return cp;
}

const char *tkit_char_unfit(uint32_t cp)
{
        if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || (cp >= 0x7f && cp < 0xa0))
                return "a control character";
        if ((cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe)
                return "a noncharacter";
        return NULL;
}

int tkit_word_index(const char *const *words, int n, const char *word)
{
        for (int i = 0; word && i < n; i++)
                if (words[i] && strcmp(words[i], word) == 0)
                        return i;
        return -1;
}
