/* The diagnostics sink: the library reports here and never prints on its own. */
#include "base/tkit-base.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Per file: findings kept, and those counted but not kept, by severity. */
struct file_count {
        char *file; /* NULL: findings without a file */
        size_t kept;
        size_t hidden[3];
};

struct tkit_diags_state {
        struct file_count *files;
        size_t nfiles, capfiles;
        struct tkit_index by_file; /* positions in files[] of named files */
        long nofile;               /* position of the record for findings without a file */
        struct tkit_index seen;    /* positions in d->v, by hash of the whole finding */
};

const char *tkit_severity_name(enum tkit_severity s)
{
        static const char *const n[] = {"note", "warning", "error"};
        return (unsigned)s < 3 ? n[s] : "?";
}

void tkit_diags_init(struct tkit_diags *d)
{
        memset(d, 0, sizeof *d);
        d->limit = TKIT_DIAGS_LIMIT;
}

static void state_free(struct tkit_diags_state *st)
{
        if (!st)
                return;
        for (size_t i = 0; i < st->nfiles; i++)
                free(st->files[i].file);
        free(st->files);
        tkit_index_finish(&st->by_file);
        tkit_index_finish(&st->seen);
        free(st);
}

void tkit_diags_clear(struct tkit_diags *d)
{
        for (size_t i = 0; i < d->n; i++) {
                struct tkit_diag *g = &d->v[i];
                free(g->file);
                free(g->rule);
                free(g->set);
                free(g->tile);
                free(g->message);
        }
        state_free(d->state);
        d->state = NULL;
        d->n = d->errors = d->warnings = d->hidden = 0;
}

void tkit_diags_finish(struct tkit_diags *d)
{
        tkit_diags_clear(d);
        free(d->v);
        tkit_diags_init(d);
}

static struct tkit_diags_state *state(struct tkit_diags *d)
{
        if (!d->state) {
                d->state = tkit_xcalloc(1, sizeof *d->state);
                d->state->nofile = -1;
        }
        return d->state;
}

static const char *file_key(const void *ctx, size_t i)
{
        return ((const struct tkit_diags_state *)ctx)->files[i].file;
}

static struct file_count *count_for(struct tkit_diags_state *st, const char *file)
{
        long k = file ? tkit_index_find(&st->by_file, file, file_key, st) : st->nofile;
        if (k >= 0)
                return &st->files[k];
        struct file_count *f = TKIT_PUSH(st->files, st->nfiles, st->capfiles);
        memset(f, 0, sizeof *f);
        f->file = tkit_xstrdup(file);
        if (file)
                tkit_index_add(&st->by_file, file, st->nfiles - 1);
        else
                st->nofile = (long)st->nfiles - 1;
        return f;
}

/* A copy of `s` cut to at most `max` bytes at a UTF-8 character boundary, "..." appended. */
static char *cut(const char *s, size_t max)
{
        if (!s)
                return NULL;
        size_t len = strlen(s);
        if (len <= max)
                return tkit_xstrndup(s, len);
        size_t n = max - 3;
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
                n--;
        char *r = tkit_xmalloc(n + 4);
        memcpy(r, s, n);
        memcpy(r + n, "...", 4);
        return r;
}

static uint32_t mix(uint32_t h, const char *s)
{
        return (h ^ (s ? tkit_hash_str(s) : 0x9e3779b9u)) * 0x01000193u + 0x7f4a7c15u;
}

static uint32_t diag_hash(const struct tkit_diag *g)
{
        uint32_t h =
            (uint32_t)g->severity * 0x85ebca6bu ^ (uint32_t)g->line ^ (uint32_t)g->column << 20;
        h = mix(h, g->file);
        h = mix(h, g->rule);
        h = mix(h, g->set);
        h = mix(h, g->tile);
        return mix(h, g->message);
}

static bool same_str(const char *a, const char *b)
{
        return a == b || (a && b && strcmp(a, b) == 0);
}

struct seen_ctx {
        const struct tkit_diags *d;
        const struct tkit_diag *g;
};

static bool same_diag(const void *ctx, size_t i)
{
        const struct seen_ctx *c = ctx;
        const struct tkit_diag *h = &c->d->v[i], *g = c->g;
        return h->severity == g->severity && h->line == g->line && h->column == g->column &&
               same_str(h->file, g->file) && same_str(h->rule, g->rule) &&
               same_str(h->set, g->set) && same_str(h->tile, g->tile) &&
               same_str(h->message, g->message);
}

static void diag_free(struct tkit_diag *g)
{
        free(g->file);
        free(g->rule);
        free(g->set);
        free(g->tile);
        free(g->message);
}

/* Keeps `g` (taking its strings) unless it repeats a kept finding or its file is over the
 * limit; counts it unless it repeats. */
static void add_owned(struct tkit_diags *d, struct tkit_diag *g)
{
        struct tkit_diags_state *st = state(d);
        uint32_t h = diag_hash(g);
        struct seen_ctx ctx = {d, g};
        if (tkit_index_find_hash(&st->seen, h, same_diag, &ctx) >= 0) {
                diag_free(g);
                return;
        }
        if (g->severity == TKIT_SEV_ERROR)
                d->errors++;
        else if (g->severity == TKIT_SEV_WARNING)
                d->warnings++;
        struct file_count *f = count_for(st, g->file);
        if (d->limit && f->kept >= d->limit) {
                f->hidden[g->severity <= TKIT_SEV_ERROR ? g->severity : TKIT_SEV_ERROR]++;
                d->hidden++;
                diag_free(g);
                return;
        }
        f->kept++;
        *TKIT_PUSH(d->v, d->n, d->cap) = *g;
        tkit_index_add_hash(&st->seen, h, d->n - 1);
}

void tkit_diags_vadd(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                     const char *rule, const char *set, const char *tile, const char *fmt,
                     va_list ap)
{
        char *message = tkit_xvasprintf(fmt, ap);
        struct tkit_diag g = {sev,
                              tkit_xstrdup(file),
                              line,
                              tkit_xstrdup(rule),
                              cut(set, TKIT_DIAG_MAX_LABEL),
                              cut(tile, TKIT_DIAG_MAX_LABEL),
                              cut(message, TKIT_DIAG_MAX_MESSAGE),
                              0};
        free(message);
        add_owned(d, &g);
}

void tkit_diags_add_at(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                       int column, const char *rule, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *message = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        struct tkit_diag g = {.severity = sev,
                              .file = tkit_xstrdup(file),
                              .line = line,
                              .column = line > 0 && column > 0 ? column : 0,
                              .rule = tkit_xstrdup(rule),
                              .message = cut(message, TKIT_DIAG_MAX_MESSAGE)};
        free(message);
        add_owned(d, &g);
}

void tkit_diags_add(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                    const char *rule, const char *set, const char *tile, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(d, sev, file, line, rule, set, tile, fmt, ap);
        va_end(ap);
}

void tkit_diags_take(struct tkit_diags *to, struct tkit_diags *from, const char *file)
{
        for (size_t i = 0; i < from->n; i++) {
                struct tkit_diag g = from->v[i];
                if (!g.file)
                        g.file = tkit_xstrdup(file);
                add_owned(to, &g);
        }
        from->n = 0;
        struct tkit_diags_state *fs = from->state;
        for (size_t i = 0; fs && i < fs->nfiles; i++) {
                const struct file_count *f = &fs->files[i];
                if (!f->hidden[0] && !f->hidden[1] && !f->hidden[2])
                        continue;
                tkit_diags_add_hidden(to, f->file ? f->file : file, f->hidden);
        }
        tkit_diags_clear(from);
}

void tkit_diags_add_hidden(struct tkit_diags *d, const char *file,
                           const size_t counts[TKIT_SEV_COUNT])
{
        struct file_count *t = count_for(state(d), file);
        for (int s = 0; s < 3; s++) {
                t->hidden[s] += counts[s];
                d->hidden += counts[s];
        }
        d->errors += counts[TKIT_SEV_ERROR];
        d->warnings += counts[TKIT_SEV_WARNING];
}

bool tkit_diags_hidden_at(const struct tkit_diags *d, size_t i, const char **file,
                          size_t counts[TKIT_SEV_COUNT])
{
        const struct tkit_diags_state *st = d->state;
        if (!st || i >= st->nfiles)
                return false;
        *file = st->files[i].file;
        memcpy(counts, st->files[i].hidden, sizeof st->files[i].hidden);
        return true;
}

char *tkit_diags_hidden_message(const size_t counts[TKIT_SEV_COUNT], size_t limit)
{
        size_t n = counts[0] + counts[1] + counts[2];
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "%zu more finding%s not shown (", n, n == 1 ? "" : "s");
        static const char *const what[3] = {"note", "warning", "error"};
        bool first = true;
        for (int s = 2; s >= 0; s--) {
                if (!counts[s])
                        continue;
                tkit_buf_printf(&b, "%s%zu %s%s", first ? "" : ", ", counts[s], what[s],
                                counts[s] == 1 ? "" : "s");
                first = false;
        }
        tkit_buf_printf(&b, "): at most %zu are shown per file", limit);
        return tkit_buf_steal(&b);
}

/* Bytes of the unit at e[i] of an escaped text: an escape (\xHH, and \\ when backslashes are
 * escaped) or a character. */
static size_t shown_unit(const char *e, size_t i, bool backslash)
{
        unsigned char c = (unsigned char)e[i];
        if (c == '\\' && e[i + 1] == 'x' && isxdigit((unsigned char)e[i + 2]) &&
            isxdigit((unsigned char)e[i + 3]))
                return 4;
        if (c == '\\')
                return backslash && e[i + 1] == '\\' ? 2 : 1;
        return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
}

/* Escapes `s`: control characters and invalid bytes as \xHH (or, `replace`, invalid bytes as
 * U+FFFD and nothing else), the backslash as \\ when `backslash`. */
static char *escape(const char *s, bool replace, bool backslash)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        const unsigned char *p = (const unsigned char *)(s ? s : "");
        while (*p) {
                size_t n = tkit_utf8_char((const char *)p, SIZE_MAX);
                bool control = *p < 0x20 || *p == 0x7f;
                if (!replace && (n == 0 || control))
                        tkit_buf_printf(&b, "\\x%02x", *p);
                else if (n == 0)
                        tkit_buf_puts(&b, "\xef\xbf\xbd"); /* U+FFFD */
                else if (!replace && backslash && *p == '\\')
                        tkit_buf_puts(&b, "\\\\");
                else
                        tkit_buf_add(&b, (const char *)p, n);
                p += n ? n : 1;
        }
        return tkit_buf_steal(&b);
}

char *tkit_text_escape(const char *s, bool replace)
{
        return escape(s, replace, true);
}

/* `s` escaped and, over `max` bytes, its start and end with the length of the whole. */
static char *shown(const char *s, size_t max, bool backslash)
{
        char *e = escape(s, false, backslash);
        size_t len = strlen(e);
        if (len <= max || max < 40)
                return e;
        /* the start and the end, which say what it is, cut between whole characters and
         * escapes; the length of the whole, so that nobody takes it for the real thing */
        size_t head = 0, from = 0;
        while (head + shown_unit(e, head, backslash) <= max * 3 / 4)
                head += shown_unit(e, head, backslash);
        for (from = head; from < len - max / 4; from += shown_unit(e, from, backslash))
                ;
        char *out = tkit_xasprintf("%.*s[... %zu bytes left out of %zu ...]%s", (int)head, e,
                                   from - head, strlen(s), e + from);
        free(e);
        return out;
}

char *tkit_text_shown(const char *s, size_t max)
{
        return shown(s, max, true);
}

char *tkit_diag_format(const struct tkit_diag *g)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        /* the file, the tile and the message quote what the user gave (a path, an id, a
         * value): shown safely, never raw (an ESC, a newline) nor whole (a 100 KB path) */
        if (g->file) {
                char *file = shown(g->file, TKIT_SHOWN_MAX, false);
                tkit_buf_puts(&b, file);
                free(file);
                if (g->line > 0)
                        tkit_buf_printf(&b, ":%d", g->line);
                if (g->line > 0 && g->column > 0)
                        tkit_buf_printf(&b, ":%d", g->column);
                tkit_buf_puts(&b, ": ");
        }
        tkit_buf_printf(&b, "%s: ", tkit_severity_name(g->severity));
        if (g->rule)
                tkit_buf_printf(&b, "[%s] ", g->rule);
        char *tile = g->tile ? shown(g->tile, TKIT_SHOWN_MAX, false) : NULL;
        if (tile)
                tkit_buf_printf(&b, "tile %s: ", tile);
        free(tile);
        char *msg = shown(g->message, 4 * TKIT_SHOWN_MAX, false);
        tkit_buf_puts(&b, msg);
        free(msg);
        return tkit_buf_steal(&b);
}

void tkit_json_string(struct tkit_buf *b, const char *s)
{
        tkit_buf_add(b, "\"", 1);
        for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
                if (*p >= 0x80) {
                        /* a file name (or any text) in another encoding: a strict decoder must
                         * read every output, so each byte that is not UTF-8 becomes U+FFFD */
                        size_t n = tkit_utf8_char((const char *)p, SIZE_MAX);
                        if (n) {
                                tkit_buf_add(b, (const char *)p, n);
                                p += n - 1;
                        } else {
                                tkit_buf_puts(b, "\\ufffd");
                        }
                        continue;
                }
                switch (*p) {
                case '"':
                        tkit_buf_puts(b, "\\\"");
                        break;
                case '\\':
                        tkit_buf_puts(b, "\\\\");
                        break;
                case '\n':
                        tkit_buf_puts(b, "\\n");
                        break;
                case '\t':
                        tkit_buf_puts(b, "\\t");
                        break;
                case '\r':
                        tkit_buf_puts(b, "\\r");
                        break;
                default:
                        if (*p < 0x20)
                                tkit_buf_printf(b, "\\u%04x", *p);
                        else
                                tkit_buf_add(b, (const char *)p, 1);
                }
        }
        tkit_buf_add(b, "\"", 1);
}
