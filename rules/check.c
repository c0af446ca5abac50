/* The checker's entry points: run the tile rules on every tile and piece cell, then the set rules,
 * and (for sets loaded from a database) the identity checks every reader runs. */
#include "rules-private.h"

#include <stdarg.h>
#include <string.h>

void tkit_ck_report(struct tkit_ck *c, enum tkit_severity sev, int line,
                    enum tkit_check_rule rule,
                    const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(c->d, sev, c->set->file, line, tkit_check_rule_id(rule), c->set->id, c->tile,
                        fmt, ap);
        va_end(ap);
        if (sev == TKIT_SEV_ERROR)
                c->errors++;
}

bool tkit_set_is_jcz(const struct tkit_set *s)
{
        return s->source_format && strcmp(s->source_format, "jcz") == 0;
}

static void note_skipped(struct tkit_ck *c)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (size_t i = 0; i < tkit_rules_count; i++)
                if (!tkit_rules[i].jcz)
                        tkit_buf_printf(&b, "%s%s", b.len ? " " : "",
                                        tkit_check_rule_id(tkit_rules[i].rule));
        tkit_ck_report(c, TKIT_SEV_NOTE, c->set->line, TKIT_CR_NONE,
                       "JCloisterZone data: not applied (the data does not say road ends, "
                       "junctions, rule modules, tokens, manifests, start tiles or pieces): %s",
                       b.data ? b.data : "");
        tkit_buf_finish(&b);
}

int tkit_check_tile(const struct tkit_set *s, const struct tkit_tile *t, unsigned options,
                    struct tkit_diags *d)
{
        struct tkit_ck c = {s, t->id, options, tkit_set_is_jcz(s), d, 0};
        tkit_check_tile_rules(&c, t);
        return c.errors;
}

int tkit_check_set(const struct tkit_set *s, const struct tkit_setlist *context, unsigned options,
                   struct tkit_diags *d)
{
        struct tkit_ck c = {s, NULL, options, tkit_set_is_jcz(s), d, 0};
        if (options & TKIT_CHECK_VALIDATE) {
                size_t before = d->errors;
                tkit_set_validate(s, d);
                c.errors += (int)(d->errors - before);
        }
        if (c.jcz && (options & TKIT_CHECK_VERBOSE))
                note_skipped(&c);
        /* a broken tile (recovery, tkit_setlist.recover) has its errors already; the rules
         * would only guess at what was meant */
        for (size_t i = 0; i < s->ntiles; i++) {
                c.tile = s->tiles[i].id;
                if (!s->tiles[i].broken)
                        tkit_check_tile_rules(&c, &s->tiles[i]);
        }
        for (size_t i = 0; i < s->npieces; i++) {
                const struct tkit_piece *p = &s->pieces[i];
                for (int y = 0; y < p->height; y++)
                        for (int x = 0; x < p->width; x++) {
                                const struct tkit_tile *cell = tkit_piece_cell_const(p, x, y);
                                char label[96];
                                snprintf(label, sizeof label, "%s@%d,%d", p->id, x, y);
                                c.tile = cell->id && cell->id[0] ? cell->id : label;
                                if (!cell->broken)
                                        tkit_check_tile_rules(&c, cell);
                        }
        }
        c.tile = NULL;
        /* The set rules add up every tile: with one left out they would report what is only the
         * echo of the reader's errors. */
        if (s->broken)
                tkit_ck_report(&c, TKIT_SEV_NOTE, s->line, TKIT_CR_NONE,
                               "set rules not applied: fix the errors above first");
        else
                tkit_check_set_rules(&c, context);
        return c.errors ? TKIT_E_INVALID : TKIT_OK;
}

int tkit_check_setlist(const struct tkit_setlist *l, unsigned options, struct tkit_diags *d)
{
        int rc = TKIT_OK;
        for (size_t i = 0; i < l->n; i++)
                if (tkit_check_set(l->sets[i], l, options, d) < 0)
                        rc = TKIT_E_INVALID;
        return rc;
}
