/* Layouts in the database: a layout as the rows db/ stores and reads (db/tkit-db.h,
 * tkit_db_store_layout), and back. Every SQLite call is in db/. */
#include "model/tkit-layout.h"

#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"

static char *stats_text(const struct tkit_layout *l)
{
        if (!l->has_stats)
                return NULL;
        /* the "stats" object of the JSON form, alone */
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "{");
        for (int i = 0; i < TKIT_LAYOUT_NSTATS; i++)
                tkit_buf_printf(&b, "%s\"%s\": %d", i ? ", " : "", tkit_layout_stats_name(i),
                                tkit_layout_stats_value(&l->stats, i));
        tkit_buf_puts(&b, "}");
        return tkit_buf_steal(&b);
}

int tkit_layout_store(struct tkit_db *db, const struct tkit_layout *l, int64_t *layout_id,
                      struct tkit_diags *d)
{
        struct tkit_db_layout r = {0};
        r.seed = l->seed;
        r.players = l->players;
        r.nsets = l->nsets;
        r.sets = tkit_xcalloc(l->nsets + 1, sizeof(*r.sets));
        for (size_t i = 0; i < l->nsets; i++)
                r.sets[i] = l->sets[i];
        char *stats = stats_text(l);
        r.stats_json = stats;
        r.nplacements = l->nplacements;
        r.placements = tkit_xcalloc(l->nplacements + 1, sizeof(*r.placements));
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                r.placements[i] =
                    (struct tkit_db_placement){p->set, p->tile, p->x, p->y, p->rotation, p->bridge};
        }
        r.ndiscards = l->ndiscards;
        r.discards = tkit_xcalloc(l->ndiscards + 1, sizeof(*r.discards));
        for (size_t i = 0; i < l->ndiscards; i++)
                r.discards[i] = (struct tkit_db_discard){l->discards[i].set, l->discards[i].tile,
                                                         l->discards[i].after};
        int rc = tkit_db_store_layout(db, &r, layout_id, d);
        free(r.sets);
        free(r.placements);
        free(r.discards);
        free(stats);
        return rc;
}

int tkit_layout_load(struct tkit_db *db, int64_t layout_id, struct tkit_layout **out,
                     struct tkit_diags *d)
{
        struct tkit_db_layout r;
        *out = NULL;
        int rc = tkit_db_load_layout(db, layout_id, &r, d);
        if (rc < 0)
                return rc;
        struct tkit_layout *l = tkit_layout_new();
        l->seed = r.seed;
        l->players = r.players;
        for (size_t i = 0; i < r.nsets; i++)
                *TKIT_PUSH(l->sets, l->nsets, l->capsets) = tkit_xstrdup(r.sets[i]);
        for (size_t i = 0; i < r.nplacements; i++) {
                const struct tkit_db_placement *p = &r.placements[i];
                struct tkit_placement *q =
                    TKIT_PUSH(l->placements, l->nplacements, l->capplacements);
                memset(q, 0, sizeof(*q));
                q->set = p->set ? tkit_layout_intern(l, p->set) : NULL;
                q->tile = tkit_layout_intern(l, p->tile);
                q->x = p->x;
                q->y = p->y;
                q->rotation = p->rotation;
                q->bridge = p->bridge;
        }
        for (size_t i = 0; i < r.ndiscards; i++) {
                const struct tkit_db_discard *c = &r.discards[i];
                struct tkit_discard *q = TKIT_PUSH(l->discards, l->ndiscards, l->capdiscards);
                memset(q, 0, sizeof(*q));
                q->set = c->set ? tkit_layout_intern(l, c->set) : NULL;
                q->tile = tkit_layout_intern(l, c->tile);
                q->after = c->after;
        }
        tkit_db_layout_finish(&r);
        *out = l;
        return 0;
}
