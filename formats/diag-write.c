/* Diagnostics written out: the compiler-style lines or the JSON array of a sink, then a note per
 * file whose findings were not all kept. The model keeps the findings and has no I/O; writing
 * them is here, with the other writers. */
#include "formats-private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

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

static void diag_json(struct tkit_buf *b, const struct tkit_diag *g)
{
        json_field(b, "severity", tkit_severity_name(g->severity), false);
        json_field(b, "file", g->file, false);
        tkit_buf_printf(b, "\"line\": %d, ", g->line);
        if (g->column > 0)
                tkit_buf_printf(b, "\"column\": %d, ", g->column);
        json_field(b, "rule", g->rule, false);
        json_field(b, "set", g->set, false);
        json_field(b, "tile", g->tile, false);
        json_field(b, "message", g->message, true);
        tkit_buf_puts(b, "}");
}

/* One finding, as a line or as the next element of the JSON array. */
static void put_one(struct tkit_buf *b, const struct tkit_diag *g, bool json, size_t start)
{
        if (json) {
                tkit_buf_puts(b, b->len > start + 1 ? ",\n  {" : "\n  {");
                diag_json(b, g);
                return;
        }
        char *line = tkit_diag_format(g);
        tkit_buf_printf(b, "%s\n", line);
        free(line);
}

void tkit_diags_format(const struct tkit_diags *d, bool json, struct tkit_buf *out)
{
        size_t start = out->len;
        if (json)
                tkit_buf_puts(out, "[");
        for (size_t i = 0; i < d->n; i++)
                put_one(out, &d->v[i], json, start);
        size_t counts[TKIT_SEV_COUNT];
        const char *file;
        for (size_t i = 0; tkit_diags_hidden_at(d, i, &file, counts); i++) {
                if (!counts[0] && !counts[1] && !counts[2])
                        continue;
                char *msg = tkit_diags_hidden_message(counts, d->limit);
                struct tkit_diag g = {TKIT_SEV_NOTE, (char *)file, 0, NULL, NULL, NULL, msg, 0};
                put_one(out, &g, json, start);
                free(msg);
        }
        if (json)
                tkit_buf_puts(out, out->len > start + 1 ? "\n]\n" : "]\n");
}

int tkit_diags_write(const struct tkit_diags *d, FILE *out, bool json)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_diags_format(d, json, &b);
        errno = 0;
        bool ok = !b.len || fwrite(b.data, 1, b.len, out) == b.len;
        ok = fflush(out) == 0 && ok;
        tkit_buf_finish(&b);
        return ok ? 0 : TKIT_E_IO;
}
