/* The pages of docs/rules.md, compiled into the library (tools/embed.py) so that
 * `tilekit check --explain RULE` works without the source tree, as `rustc --explain` does. A
 * page is the text from the heading "### `RULE`" up to the next heading. */
#include "rules/tkit-rules.h"

#include <string.h>

extern const char tkit_rules_md[];
extern const unsigned long tkit_rules_md_len;

const char *tkit_rules_doc(size_t *len)
{
        if (len)
                *len = tkit_rules_md_len;
        return tkit_rules_md;
}

/* The end of the page that starts at `p`: the start of the next heading line outside a fenced
 * code block, or the end of the text. */
static const char *page_end(const char *p)
{
        bool fenced = false;
        for (const char *line = strchr(p, '\n'); line; line = strchr(line + 1, '\n')) {
                const char *l = line + 1;
                if (strncmp(l, "```", 3) == 0)
                        fenced = !fenced;
                else if (!fenced && l[0] == '#')
                        return l;
        }
        return p + strlen(p);
}

const char *tkit_rule_page(const char *id, size_t *len)
{
        size_t n = id ? strlen(id) : 0;
        if (!n || strchr(id, '`') || strchr(id, '\n'))
                return NULL;
        for (const char *p = tkit_rules_md; (p = strstr(p, "### `")) != NULL; p += 5) {
                const char *q = p + 5 + n;
                if ((p != tkit_rules_md && p[-1] != '\n') || strncmp(p + 5, id, n) != 0 ||
                    q[0] != '`' || (q[1] != '\n' && q[1] != '\0'))
                        continue;
                const char *e = page_end(p);
                while (e > p && (e[-1] == '\n' || e[-1] == ' '))
                        e--; /* the blank lines before the next heading are not the page's */
                *len = (size_t)(e - p);
                return p;
        }
        return NULL;
}

/* Levenshtein distance of two short ids (rule ids are under 32 bytes; longer input is cut). */
static int distance(const char *a, const char *b)
{
        int row[33];
        size_t na = strlen(a) < 32 ? strlen(a) : 32, nb = strlen(b) < 32 ? strlen(b) : 32;
        for (size_t j = 0; j <= nb; j++)
                row[j] = (int)j;
        for (size_t i = 1; i <= na; i++) {
                int diag = row[0];
                row[0] = (int)i;
                for (size_t j = 1; j <= nb; j++) {
                        int up = row[j];
                        int sub = diag + ((a[i - 1] | 32) != (b[j - 1] | 32));
                        int best = up + 1 < row[j - 1] + 1 ? up + 1 : row[j - 1] + 1;
                        row[j] = sub < best ? sub : best;
                        diag = up;
                }
        }
        return row[nb];
}

size_t tkit_rules_close(const char *id, const char **out, size_t max)
{
        size_t n = 0;
        size_t len = strlen(id);
        const char *dash = strchr(id, '-');
        /* near misses first, then the rest of the same family (GEO-, SET-, ...) */
        for (int pass = 0; pass < 2; pass++)
                for (size_t i = 0; i < tkit_rules_count && n < max; i++) {
                        const char *r = tkit_check_rule_id(tkit_rules[i].rule);
                        bool near = distance(id, r) <= (len > 6 ? 3 : 2);
                        bool family = dash && strncmp(r, id, (size_t)(dash - id) + 1) == 0;
                        if (pass == 0 ? near : family && !near)
                                out[n++] = r;
                }
        return n;
}
