/* Import: every set of a list in one transaction, replacing stored sets with the same ids.
 * Statements come from the handle's cache, so each is prepared once and reused for every row. */
#include "db-private.h"

#include <stdlib.h>
#include <string.h>

/* What is being written, for error messages. */
struct import_ctx {
        struct tkit_db *db;
        struct tkit_diags *d;
        const struct tkit_set *set;
        const char *tile; /* tile or piece id, NULL at set level */
};

static int fail(struct import_ctx *c, int rc)
{
        if (c->tile)
                return tkit_dbi_report(c->db, rc, c->d, "import of set '%s', '%s'", c->set->id,
                                       c->tile);
        return tkit_dbi_report(c->db, rc, c->d, "import of set '%s'", c->set->id);
}

/* Binds (see tkit_dbi_bind for `fmt`) and runs one statement that returns no rows. */
static int run(struct import_ctx *c, enum tkit_dbi_stmt which, const char *fmt, ...)
{
        sqlite3_stmt *st = tkit_dbi_stmt(c->db, which, c->d);
        if (!st)
                return TKIT_E_DB;
        va_list ap;
        va_start(ap, fmt);
        int rc = tkit_dbi_vbind(st, fmt, ap);
        va_end(ap);
        if (rc != SQLITE_OK) {
                sqlite3_clear_bindings(st);
                return fail(c, rc);
        }
        rc = tkit_dbi_step_done(st);
        return rc == SQLITE_DONE ? 0 : fail(c, rc);
}

static sqlite3_int64 last_key(struct import_ctx *c)
{
        return sqlite3_last_insert_rowid(c->db->sql);
}

static int put_markers(struct import_ctx *c, sqlite3_int64 tile, sqlite3_int64 feature,
                       const struct tkit_attr *a, size_t n)
{
        for (size_t i = 0; i < n; i++)
                if (run(c, ST_INS_MARKER, "tKKitti", c->set->id, tile, feature, (int)i, a[i].name,
                        a[i].value ? a[i].value : "", a[i].line) < 0)
                        return TKIT_E_DB;
        return 0;
}

static void positions_text(uint16_t mask, struct tkit_buf *b)
{
        b->len = 0;
        tkit_buf_puts(b, "");
        for (int p = 0; p < TKIT_NPOS; p++)
                if (mask & (1u << p))
                        tkit_buf_printf(b, "%s%s", b->len ? " " : "", tkit_pos_name(p));
}

static int put_feature(struct import_ctx *c, sqlite3_int64 tile, int seq,
                       const struct tkit_feature *f, struct tkit_buf *tmp)
{
        positions_text(f->mask, tmp);
        if (run(c, ST_INS_FEATURE, "kittitititiiii", tile, seq, f->id,
                tkit_feature_kind_name(f->kind), (int)f->mask, tmp->data, f->pennants,
                f->besieger != TKIT_BESIEGER_NONE ? tkit_besieger_name(f->besieger) : NULL,
                (int)f->cathedral, f->end != TKIT_END_NONE ? tkit_end_name(f->end) : NULL,
                (int)f->junction, (int)f->overpass, (int)f->inn, f->line) < 0)
                return TKIT_E_DB;
        sqlite3_int64 key = last_key(c);
        for (int p = 0; p < TKIT_NPOS; p++) {
                if (!(f->mask & (1u << p)))
                        continue;
                char side[2] = {tkit_side_letter(TKIT_POS_SIDE(p)), 0};
                if (run(c, ST_INS_POSITION, "kitt", key, p, tkit_pos_name(p), side) < 0)
                        return TKIT_E_DB;
        }
        for (size_t i = 0; i < f->ntouches; i++)
                if (run(c, ST_INS_TOUCH, "kit", key, (int)i, f->touches[i]) < 0)
                        return TKIT_E_DB;
        return put_markers(c, tile, key, f->extra, f->nextra);
}

/* Columns of a tile row that depend on where it sits: in the box, or a cell of a piece. */
struct tile_place {
        int seq;
        sqlite3_int64 piece; /* 0: in the box */
        int x, y;
};

static int put_tile_row(struct import_ctx *c, const struct tkit_tile *t,
                        const struct tile_place *at, struct tkit_buf *tmp)
{
        char sides[TKIT_SIDE_CODE_SIZE], sides_min[TKIT_SIDE_CODE_SIZE];
        tkit_side_code_string(tkit_tile_side_code(t, 0), sides, sizeof sides);
        tkit_side_code_string(tkit_side_code_canonical(tkit_tile_side_code(t, 0)), sides_min,
                              sizeof sides_min);
        unsigned axes = tkit_tile_bridge_axes(t);
        tmp->len = 0;
        tkit_buf_puts(tmp, "");
        for (size_t i = 0; i < t->nsymbols; i++)
                tkit_buf_printf(tmp, "%s%s", i ? " " : "", tkit_post_name(t->symbols[i]));
        char div[TKIT_DIVIDERS_STR_SIZE];
        tkit_dividers_str(t->dividers, div, sizeof div);
        if (at->piece)
                return run(c, ST_INS_TILE, "titkiiitittttttiiiit", c->set->id, at->seq, t->id,
                           at->piece, at->x, at->y, t->count, tkit_group_name(t->group),
                           (int)t->start, tkit_basis_name(t->basis), t->provenance,
                           t->illustrations, tmp->data, sides, sides_min, tkit_tile_pennants(t),
                           (int)(axes & 1u), (int)((axes >> 1) & 1u), t->line, div);
        /* NULL piece_key, cell_x and cell_y for a tile in the box. */
        return run(c, ST_INS_TILE, "titKyyitittttttiiiit", c->set->id, at->seq, t->id,
                   (sqlite3_int64)0, 0, 0, t->count, tkit_group_name(t->group), (int)t->start,
                   tkit_basis_name(t->basis), t->provenance, t->illustrations, tmp->data, sides,
                   sides_min, tkit_tile_pennants(t), (int)(axes & 1u), (int)((axes >> 1) & 1u),
                   t->line, div);
}

static int put_tile(struct import_ctx *c, const struct tkit_tile *t, const struct tile_place *at,
                    struct tkit_buf *tmp)
{
        const char *outer = c->tile;
        int err = TKIT_E_DB;
        if (!at->piece)
                c->tile = t->id;
        if (put_tile_row(c, t, at, tmp) < 0)
                goto out;
        sqlite3_int64 key = last_key(c);
        for (size_t i = 0; i < t->nnames; i++)
                if (run(c, ST_INS_TILE_NAME, "kitt", key, (int)i, t->names[i].lang,
                        t->names[i].text) < 0)
                        goto out;
        for (size_t i = 0; i < t->nfeatures; i++)
                if (put_feature(c, key, (int)i, &t->features[i], tmp) < 0)
                        goto out;
        for (size_t i = 0; i < t->nsymbols; i++)
                if (run(c, ST_INS_SYMBOL, "kit", key, (int)i, tkit_post_name(t->symbols[i])) < 0)
                        goto out;
        for (int i = 0; t->illustrations[i]; i++) {
                char letter[2] = {t->illustrations[i], 0};
                if (run(c, ST_INS_ILLUSTRATION, "kitt", key, i, letter,
                        tkit_illustration_name(letter[0])) < 0)
                        goto out;
        }
        err = put_markers(c, key, 0, t->extra, t->nextra);
out:
        c->tile = outer;
        return err;
}

static int put_piece(struct import_ctx *c, int seq, const struct tkit_piece *p,
                     struct tkit_buf *tmp)
{
        int err = TKIT_E_DB;
        c->tile = p->id;
        if (run(c, ST_INS_PIECE, "titiiitti", c->set->id, seq, p->id, p->count, p->width, p->height,
                tkit_basis_name(p->basis), p->provenance, p->line) < 0)
                goto out;
        sqlite3_int64 key = last_key(c);
        for (size_t i = 0; i < p->nnames; i++)
                if (run(c, ST_INS_PIECE_NAME, "kitt", key, (int)i, p->names[i].lang,
                        p->names[i].text) < 0)
                        goto out;
        for (size_t i = 0; i < p->nfaces; i++) {
                const struct tkit_face *f = &p->faces[i];
                if (run(c, ST_INS_FACE, "kitiii", key, (int)i, f->id, f->min_players,
                        f->max_players, f->line) < 0)
                        goto out;
                sqlite3_int64 face = last_key(c);
                for (size_t j = 0; j < f->nposts; j++) {
                        const struct tkit_post_def *q = &f->posts[j];
                        if (run(c, ST_INS_POST, "kitiiiiii", face, (int)j, tkit_post_name(q->kind),
                                q->plain, q->dark3, q->fiveplus, q->meeple, q->catapult,
                                q->line) < 0)
                                goto out;
                }
        }
        for (int y = 0; y < p->height; y++)
                for (int x = 0; x < p->width; x++) {
                        struct tile_place at = {y * p->width + x, key, x, y};
                        if (put_tile(c, tkit_piece_cell_const(p, x, y), &at, tmp) < 0)
                                goto out;
                }
        err = 0;
out:
        c->tile = NULL;
        return err;
}

static void rules_text(unsigned rules, struct tkit_buf *b)
{
        b->len = 0;
        tkit_buf_puts(b, "");
        for (unsigned bit = 1; bit && bit <= rules; bit <<= 1)
                if (rules & bit)
                        tkit_buf_printf(b, "%s%s", b->len ? " " : "", tkit_rules_flag_name(bit));
}

static int put_set_header(struct import_ctx *c, struct tkit_buf *tmp)
{
        const struct tkit_set *s = c->set;
        rules_text(s->rules, tmp);
        if (run(c, ST_DEL_SET, "t", s->id) < 0 || run(c, ST_DEL_FINDINGS, "t", s->id) < 0 ||
            run(c, ST_INS_SET, "ttytitti", s->id, s->edition, s->year, tmp->data, (int)s->rules,
                s->source_format, s->file, s->line) < 0)
                return TKIT_E_DB;
        for (size_t i = 0; i < s->nnames; i++)
                if (run(c, ST_INS_SET_NAME, "titt", s->id, (int)i, s->names[i].lang,
                        s->names[i].text) < 0)
                        return TKIT_E_DB;
        for (size_t i = 0; i < s->nrequires; i++)
                if (run(c, ST_INS_REQUIRE, "tit", s->id, (int)i, s->requires[i]) < 0)
                        return TKIT_E_DB;
        for (size_t i = 0; i < s->ntokens; i++)
                if (run(c, ST_INS_TOKEN, "titii", s->id, (int)i, tkit_token_name(s->tokens[i].kind),
                        s->tokens[i].count, s->tokens[i].line) < 0)
                        return TKIT_E_DB;
        for (size_t i = 0; i < s->nmanifest; i++) {
                const struct tkit_expect *e = &s->manifest[i];
                if (run(c, ST_INS_EXPECT, "titttiti", s->id, (int)i, tkit_expect_name(e->what),
                        e->of, e->group >= 0 ? tkit_group_name(e->group) : NULL, e->count, e->note,
                        e->line) < 0)
                        return TKIT_E_DB;
        }
        return put_markers(c, 0, 0, s->extra, s->nextra);
}

static int put_set(struct import_ctx *c, struct tkit_buf *tmp)
{
        const struct tkit_set *s = c->set;
        if (put_set_header(c, tmp) < 0)
                return TKIT_E_DB;
        for (size_t i = 0; i < s->ntiles; i++) {
                struct tile_place at = {(int)i, 0, 0, 0};
                if (put_tile(c, &s->tiles[i], &at, tmp) < 0)
                        return TKIT_E_DB;
        }
        for (size_t i = 0; i < s->npieces; i++)
                if (put_piece(c, (int)i, &s->pieces[i], tmp) < 0)
                        return TKIT_E_DB;
        return 0;
}

static int cmp_set_id(const void *a, const void *b)
{
        const struct tkit_set *const *x = a, *const *y = b;
        int c = strcmp((*x)->id, (*y)->id);
        return c ? c : (*x < *y ? -1 : *x > *y); /* stable enough: the first given is kept */
}

/* The same id twice in `sets`: sorted, so O(n log n) however many sets are imported. */
static int check_unique_ids(const struct tkit_setlist *sets, struct tkit_diags *d)
{
        if (sets->n < 2)
                return 0;
        const struct tkit_set **v = tkit_xmalloc(sets->n * sizeof *v);
        memcpy(v, sets->sets, sets->n * sizeof *v);
        qsort(v, sets->n, sizeof *v, cmp_set_id);
        int err = 0;
        for (size_t i = 1; i < sets->n && !err; i++)
                if (strcmp(v[i]->id, v[i - 1]->id) == 0) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, v[i]->file, v[i]->line, tkit_check_rule_id(TKIT_CR_ID_DUP),
                                       v[i]->id, NULL, "set '%s' is given twice (also in %s)",
                                       v[i]->id, v[i - 1]->file ? v[i - 1]->file : "input");
                        err = TKIT_E_INVALID;
                }
        free(v);
        return err;
}

/* What the loader refuses (tkit_db_load_set runs tkit_set_validate on every set it loads) is
 * refused here too, with the same rule ids, files and lines: no database may hold a set that
 * cannot be read back. The readers validate already; sets changed afterwards (JCloisterZone
 * references linked across files) or built by a program are checked here. */
static int check_loadable(const struct tkit_setlist *sets, struct tkit_diags *d)
{
        int err = 0;
        for (size_t i = 0; i < sets->n; i++) {
                struct tkit_diags v;
                tkit_diags_init(&v);
                if (tkit_set_validate(sets->sets[i], &v) < 0) {
                        tkit_diags_take(d, &v, NULL);
                        err = TKIT_E_INVALID;
                }
                tkit_diags_finish(&v);
        }
        return err;
}

int tkit_db_import(struct tkit_db *db, const struct tkit_setlist *sets, struct tkit_diags *d)
{
        struct import_ctx c = {db, d, NULL, NULL};
        struct tkit_buf tmp;
        int err = check_unique_ids(sets, d);
        if (!err)
                err = check_loadable(sets, d);
        if (err < 0)
                return err;
        if (tkit_dbi_begin(db, d) < 0)
                return TKIT_E_DB;
        tkit_buf_init(&tmp);
        for (size_t i = 0; i < sets->n && !err; i++) {
                c.set = sets->sets[i];
                err = put_set(&c, &tmp);
        }
        tkit_buf_finish(&tmp);
        if (!err)
                err = tkit_dbi_commit(db, d);
        if (err)
                tkit_dbi_rollback(db);
        return err;
}
