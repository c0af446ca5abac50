/* The diagnostics sink: the library reports here and never prints on its own. */
#include "tkit-model.h"

#include <stdlib.h>
#include <string.h>

void tkit_diags_init(struct tkit_diags *d)
{
        memset(d, 0, sizeof *d);
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
        d->n = d->errors = d->warnings = 0;
}

void tkit_diags_finish(struct tkit_diags *d)
{
        tkit_diags_clear(d);
        free(d->v);
        tkit_diags_init(d);
}

void tkit_diags_vadd(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                     const char *rule, const char *set, const char *tile, const char *fmt,
                     va_list ap)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_vprintf(&b, fmt, ap);
        struct tkit_diag *g = TKIT_PUSH(d->v, d->n, d->cap);
        g->severity = sev;
        g->file = tkit_xstrdup(file);
        g->line = line;
        g->rule = tkit_xstrdup(rule);
        g->set = tkit_xstrdup(set);
        g->tile = tkit_xstrdup(tile);
        g->message = tkit_buf_steal(&b);
        if (sev == TKIT_SEV_ERROR)
                d->errors++;
        else if (sev == TKIT_SEV_WARNING)
                d->warnings++;
}

void tkit_diags_add(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                    const char *rule, const char *set, const char *tile, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(d, sev, file, line, rule, set, tile, fmt, ap);
        va_end(ap);
}

char *tkit_diag_format(const struct tkit_diag *g)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        if (g->file) {
                tkit_buf_puts(&b, g->file);
                if (g->line > 0)
                        tkit_buf_printf(&b, ":%d", g->line);
                tkit_buf_puts(&b, ": ");
        }
        tkit_buf_printf(&b, "%s: ", tkit_severity_name(g->severity));
        if (g->rule)
                tkit_buf_printf(&b, "[%s] ", g->rule);
        if (g->tile)
                tkit_buf_printf(&b, "tile %s: ", g->tile);
        tkit_buf_puts(&b, g->message);
        return tkit_buf_steal(&b);
}

void tkit_json_string(struct tkit_buf *b, const char *s)
{
        tkit_buf_add(b, "\"", 1);
        for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
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

static void json_field(struct tkit_buf *b, const char *key, const char *val, bool last)
{
        tkit_json_string(b, key);
        tkit_buf_puts(b, ": ");
        if (val)
                tkit_json_string(b, val);
        else
                tkit_buf_puts(b, "null");
        if (!last)
                tkit_buf_puts(b, ", ");
}

void tkit_diags_write(const struct tkit_diags *d, FILE *out, bool json)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        if (json)
                tkit_buf_puts(&b, "[");
        for (size_t i = 0; i < d->n; i++) {
                const struct tkit_diag *g = &d->v[i];
                if (!json) {
                        char *line = tkit_diag_format(g);
                        tkit_buf_printf(&b, "%s\n", line);
                        free(line);
                        continue;
                }
                tkit_buf_puts(&b, i ? ",\n  {" : "\n  {");
                json_field(&b, "severity", tkit_severity_name(g->severity), false);
                json_field(&b, "file", g->file, false);
                tkit_buf_printf(&b, "\"line\": %d, ", g->line);
                json_field(&b, "rule", g->rule, false);
                json_field(&b, "set", g->set, false);
                json_field(&b, "tile", g->tile, false);
                json_field(&b, "message", g->message, true);
                tkit_buf_puts(&b, "}");
        }
        if (json)
                tkit_buf_puts(&b, d->n ? "\n]\n" : "]\n");
        if (b.len)
                fwrite(b.data, 1, b.len, out);
        tkit_buf_finish(&b);
}
