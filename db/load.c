/* Loading a stored set back into the model, exactly as it was imported; listing set ids. */
#include "db-private.h"

#include <stdlib.h>
#include <string.h>

struct load_ctx {
        struct tkit_db *db;
        struct tkit_diags *d;
        const char *set_id;
        int err;
};

static const char *col_text(sqlite3_stmt *st, int i)
{
        return (const char *)sqlite3_column_text(st, i);
}

/* Starts a query with one bound parameter; NULL (reported) when that fails. */
static sqlite3_stmt *query(struct load_ctx *c, enum db_stmt which, const char *fmt, ...)
{
        if (c->err)
                return NULL;
        sqlite3_stmt *st = db_stmt(c->db, which, c->d);
        if (!st) {
                c->err = TKIT_E_DB;
                return NULL;
        }
        va_list ap;
        va_start(ap, fmt);
        int rc = db_vbind(st, fmt, ap);
        va_end(ap);
        if (rc != SQLITE_OK) {
                sqlite3_clear_bindings(st);
                c->err = db_report(c->db, rc, c->d, "loading set '%s'", c->set_id);
                return NULL;
        }
        return st;
}

/* Steps a query: true for a row; false at the end or on error (reported, statement reset). */
static bool next_row(struct load_ctx *c, sqlite3_stmt *st)
{
        if (!st)
                return false;
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
                return true;
        db_query_end(st, rc);
        if (rc != SQLITE_DONE && !c->err)
                c->err = db_report(c->db, rc, c->d, "loading set '%s'", c->set_id);
        return false;
}

/* An enum word read back; a word this program does not know means a damaged database. */
static int word(struct load_ctx *c, int (*parse)(const char *), const char *s, const char *what)
{
        int v = parse(s);
        if (v < 0 && !c->err) {
                tkit_diags_add(c->d, TKIT_SEV_ERROR, c->db->path, 0, NULL, c->set_id, NULL,
                               "set '%s': unknown %s '%s' in the database", c->set_id, what,
                               s ? s : "(null)");
                c->err = TKIT_E_DB;
        }
        return v < 0 ? 0 : v;
}

static void add_attr(struct tkit_attr **v, size_t *n, sqlite3_stmt *st)
{
        *v = tkit_xrealloc(*v, (*n + 1) * sizeof **v);
        (*v)[*n] = (struct tkit_attr){tkit_xstrdup(col_text(st, 0)), tkit_xstrdup(col_text(st, 1)),
                                      sqlite3_column_int(st, 2)};
        (*n)++;
}

static void add_name(struct tkit_name **v, size_t *n, sqlite3_stmt *st)
{
        *v = tkit_xrealloc(*v, (*n + 1) * sizeof **v);
        (*v)[*n] = (struct tkit_name){tkit_xstrdup(col_text(st, 0)), tkit_xstrdup(col_text(st, 1))};
        (*n)++;
}

static void load_feature(struct load_ctx *c, struct tkit_tile *t, sqlite3_stmt *st)
{
        int kind = word(c, tkit_feature_kind_parse, col_text(st, 2), "feature kind");
        struct tkit_feature *f = tkit_tile_add_feature(t, kind, col_text(st, 1));
        f->mask = (uint16_t)sqlite3_column_int(st, 3);
        f->pennants = sqlite3_column_int(st, 4);
        if (sqlite3_column_type(st, 5) != SQLITE_NULL)
                f->besieger = word(c, tkit_besieger_parse, col_text(st, 5), "besieger");
        f->cathedral = sqlite3_column_int(st, 6) != 0;
        if (sqlite3_column_type(st, 7) != SQLITE_NULL)
                f->end = word(c, tkit_end_parse, col_text(st, 7), "road end");
        f->junction = sqlite3_column_int(st, 8) != 0;
        f->overpass = sqlite3_column_int(st, 9) != 0;
        f->inn = sqlite3_column_int(st, 10) != 0;
        f->line = sqlite3_column_int(st, 11);
}

/* Touches and markers of every feature of `t`, in a second pass: the feature query must be
 * finished before the same cached statements run again for the next tile. */
static void load_feature_lists(struct load_ctx *c, struct tkit_tile *t, sqlite3_int64 *keys)
{
        for (size_t i = 0; i < t->nfeatures && !c->err; i++) {
                struct tkit_feature *f = &t->features[i];
                sqlite3_stmt *st = query(c, ST_SEL_TOUCHES, "k", keys[i]);
                while (next_row(c, st))
                        tkit_feature_add_touch(f, col_text(st, 0));
                st = query(c, ST_SEL_FEATURE_MARKERS, "k", keys[i]);
                while (next_row(c, st))
                        add_attr(&f->extra, &f->nextra, st);
        }
}

/* Everything hanging off a tile row whose key is `key`. */
static void load_tile_parts(struct load_ctx *c, struct tkit_tile *t, sqlite3_int64 key)
{
        sqlite3_stmt *st = query(c, ST_SEL_TILE_NAMES, "k", key);
        while (next_row(c, st))
                add_name(&t->names, &t->nnames, st);
        st = query(c, ST_SEL_SYMBOLS, "k", key);
        while (next_row(c, st)) {
                int post = word(c, tkit_post_parse, col_text(st, 0), "siege symbol");
                if (t->nsymbols < TKIT_MAX_SYMBOLS)
                        t->symbols[t->nsymbols++] = post;
        }
        sqlite3_int64 *keys = NULL;
        size_t nkeys = 0, cap = 0;
        st = query(c, ST_SEL_FEATURES, "k", key);
        while (next_row(c, st)) {
                *TKIT_PUSH(keys, nkeys, cap) = sqlite3_column_int64(st, 0);
                load_feature(c, t, st);
        }
        load_feature_lists(c, t, keys);
        free(keys);
        st = query(c, ST_SEL_TILE_MARKERS, "k", key);
        while (next_row(c, st))
                add_attr(&t->extra, &t->nextra, st);
}

/* The columns of ST_SEL_TILES / ST_SEL_CELLS into `t` (already initialised). */
static void tile_from_row(struct load_ctx *c, struct tkit_tile *t, sqlite3_stmt *st)
{
        free(t->id);
        t->id = tkit_xstrdup(col_text(st, 1));
        t->count = sqlite3_column_int(st, 2);
        t->group = word(c, tkit_group_parse, col_text(st, 3), "tile group");
        t->start = sqlite3_column_int(st, 4) != 0;
        t->basis = word(c, tkit_basis_parse, col_text(st, 5), "basis");
        t->provenance = tkit_xstrdup(col_text(st, 6));
        const char *ill = col_text(st, 7);
        snprintf(t->illustrations, sizeof t->illustrations, "%s", ill ? ill : "");
        t->line = sqlite3_column_int(st, 8);
}

struct tile_key {
        sqlite3_int64 key;
        struct tkit_tile *tile;
};

static void load_tiles(struct load_ctx *c, struct tkit_set *s)
{
        struct tile_key *keys = NULL;
        size_t n = 0, cap = 0;
        sqlite3_stmt *st = query(c, ST_SEL_TILES, "t", s->id);
        while (next_row(c, st)) {
                struct tkit_tile *t = tkit_set_add_tile(s, NULL);
                tile_from_row(c, t, st);
                *TKIT_PUSH(keys, n, cap) = (struct tile_key){sqlite3_column_int64(st, 0), NULL};
        }
        for (size_t i = 0; i < n && !c->err; i++)
                load_tile_parts(c, &s->tiles[i], keys[i].key);
        free(keys);
}

static void load_cells(struct load_ctx *c, struct tkit_piece *p, sqlite3_int64 piece)
{
        struct tile_key *keys = NULL;
        size_t n = 0, cap = 0;
        sqlite3_stmt *st = query(c, ST_SEL_CELLS, "k", piece);
        while (next_row(c, st)) {
                struct tkit_tile *t =
                    tkit_piece_cell(p, sqlite3_column_int(st, 9), sqlite3_column_int(st, 10));
                if (!t) {
                        if (!c->err) {
                                tkit_diags_add(
                                    c->d, TKIT_SEV_ERROR, c->db->path, 0, NULL, c->set_id, NULL,
                                    "set '%s': piece '%s' has a cell outside it", c->set_id, p->id);
                                c->err = TKIT_E_DB;
                        }
                        continue;
                }
                tile_from_row(c, t, st);
                *TKIT_PUSH(keys, n, cap) = (struct tile_key){sqlite3_column_int64(st, 0), t};
        }
        for (size_t i = 0; i < n && !c->err; i++)
                load_tile_parts(c, keys[i].tile, keys[i].key);
        free(keys);
}

static void load_faces(struct load_ctx *c, struct tkit_piece *p, sqlite3_int64 piece)
{
        sqlite3_int64 *keys = NULL;
        size_t n = 0, cap = 0;
        sqlite3_stmt *st = query(c, ST_SEL_FACES, "k", piece);
        while (next_row(c, st)) {
                p->faces = tkit_xrealloc(p->faces, (p->nfaces + 1) * sizeof *p->faces);
                struct tkit_face *f = &p->faces[p->nfaces++];
                memset(f, 0, sizeof *f);
                *TKIT_PUSH(keys, n, cap) = sqlite3_column_int64(st, 0);
                f->id = tkit_xstrdup(col_text(st, 1));
                f->min_players = sqlite3_column_int(st, 2);
                f->max_players = sqlite3_column_int(st, 3);
                f->line = sqlite3_column_int(st, 4);
        }
        for (size_t i = 0; i < n && !c->err; i++) {
                struct tkit_face *f = &p->faces[i];
                st = query(c, ST_SEL_POSTS, "k", keys[i]);
                while (next_row(c, st)) {
                        f->posts = tkit_xrealloc(f->posts, (f->nposts + 1) * sizeof *f->posts);
                        f->posts[f->nposts++] = (struct tkit_post_def){
                            word(c, tkit_post_parse, col_text(st, 0), "post kind"),
                            sqlite3_column_int(st, 1),
                            sqlite3_column_int(st, 2),
                            sqlite3_column_int(st, 3),
                            sqlite3_column_int(st, 4),
                            sqlite3_column_int(st, 5),
                            sqlite3_column_int(st, 6)};
                }
        }
        free(keys);
}

static void load_pieces(struct load_ctx *c, struct tkit_set *s)
{
        sqlite3_int64 *keys = NULL;
        size_t n = 0, cap = 0;
        sqlite3_stmt *st = query(c, ST_SEL_PIECES, "t", s->id);
        while (next_row(c, st)) {
                struct tkit_piece *p = tkit_set_add_piece(
                    s, col_text(st, 1), sqlite3_column_int(st, 3), sqlite3_column_int(st, 4));
                *TKIT_PUSH(keys, n, cap) = sqlite3_column_int64(st, 0);
                p->count = sqlite3_column_int(st, 2);
                p->basis = word(c, tkit_basis_parse, col_text(st, 5), "basis");
                p->provenance = tkit_xstrdup(col_text(st, 6));
                p->line = sqlite3_column_int(st, 7);
        }
        for (size_t i = 0; i < n && !c->err; i++) {
                struct tkit_piece *p = &s->pieces[i];
                st = query(c, ST_SEL_PIECE_NAMES, "k", keys[i]);
                while (next_row(c, st))
                        add_name(&p->names, &p->nnames, st);
                load_faces(c, p, keys[i]);
                load_cells(c, p, keys[i]);
        }
        free(keys);
}

static void load_set_lists(struct load_ctx *c, struct tkit_set *s)
{
        sqlite3_stmt *st = query(c, ST_SEL_SET_NAMES, "t", s->id);
        while (next_row(c, st))
                tkit_set_add_name(s, col_text(st, 0), col_text(st, 1));
        st = query(c, ST_SEL_REQUIRES, "t", s->id);
        while (next_row(c, st))
                tkit_set_add_require(s, col_text(st, 0));
        st = query(c, ST_SEL_TOKENS, "t", s->id);
        while (next_row(c, st))
                tkit_set_add_token(s, word(c, tkit_token_parse, col_text(st, 0), "token kind"),
                                   sqlite3_column_int(st, 1), sqlite3_column_int(st, 2));
        st = query(c, ST_SEL_MANIFEST, "t", s->id);
        while (next_row(c, st)) {
                int what = word(c, tkit_expect_parse, col_text(st, 0), "manifest entry");
                int group = sqlite3_column_type(st, 2) == SQLITE_NULL
                                ? -1
                                : word(c, tkit_group_parse, col_text(st, 2), "tile group");
                struct tkit_expect *e =
                    tkit_set_add_expect(s, what, col_text(st, 1), group, sqlite3_column_int(st, 3));
                e->note = tkit_xstrdup(col_text(st, 4));
                e->line = sqlite3_column_int(st, 5);
        }
        st = query(c, ST_SEL_SET_MARKERS, "t", s->id);
        while (next_row(c, st))
                add_attr(&s->extra, &s->nextra, st);
}

/* The sets row; false (with a diagnostic) when there is none. */
static bool load_set_row(struct load_ctx *c, struct tkit_set *s)
{
        sqlite3_stmt *st = query(c, ST_SEL_SET, "t", s->id);
        if (!next_row(c, st)) {
                if (!c->err) {
                        tkit_diags_add(c->d, TKIT_SEV_ERROR, c->db->path, 0, NULL, s->id, NULL,
                                       "no set '%s' in the database", s->id);
                        c->err = TKIT_E_NOTFOUND;
                }
                return false;
        }
        s->edition = tkit_xstrdup(col_text(st, 0));
        s->year = sqlite3_column_int(st, 1);
        s->rules = (unsigned)sqlite3_column_int(st, 2);
        s->source_format = tkit_xstrdup(col_text(st, 3));
        s->file = tkit_xstrdup(col_text(st, 4));
        s->line = sqlite3_column_int(st, 5);
        db_query_end(st, SQLITE_DONE);
        return true;
}

int tkit_db_load_set(struct tkit_db *db, const char *id, struct tkit_set **out,
                     struct tkit_diags *d)
{
        struct load_ctx c = {db, d, id, 0};
        struct tkit_set *s = tkit_set_create(id);
        *out = NULL;
        /* One read transaction, so that a concurrent import cannot show us half of two sets
         * (unless the caller has one open already). */
        bool own = sqlite3_get_autocommit(db->sql) != 0;
        int rc = own ? sqlite3_exec(db->sql, "BEGIN", NULL, NULL, NULL) : SQLITE_OK;
        if (rc != SQLITE_OK) {
                tkit_set_destroy(s);
                return db_report(db, rc, d, "loading set '%s'", id);
        }
        if (load_set_row(&c, s)) {
                load_set_lists(&c, s);
                load_tiles(&c, s);
                load_pieces(&c, s);
        }
        if (own)
                sqlite3_exec(db->sql, "COMMIT", NULL, NULL, NULL);
        if (c.err) {
                tkit_set_destroy(s);
                return c.err;
        }
        *out = s;
        return 0;
}

int tkit_db_set_ids(struct tkit_db *db, char ***ids, size_t *n, struct tkit_diags *d)
{
        struct load_ctx c = {db, d, "", 0};
        size_t cap = 0;
        *ids = NULL;
        *n = 0;
        sqlite3_stmt *st = query(&c, ST_SET_IDS, "");
        while (next_row(&c, st))
                *TKIT_PUSH(*ids, *n, cap) = tkit_xstrdup(col_text(st, 0));
        if (c.err) {
                tkit_db_free_ids(*ids, *n);
                *ids = NULL;
                *n = 0;
        }
        return c.err;
}

void tkit_db_free_ids(char **ids, size_t n)
{
        for (size_t i = 0; i < n; i++)
                free(ids[i]);
        free(ids);
}

/* Runs a cached one-parameter statement; the number of rows changed, or TKIT_E_DB. */
static int run_id(struct tkit_db *db, enum db_stmt which, const char *id, struct tkit_diags *d)
{
        sqlite3_stmt *st = db_stmt(db, which, d);
        if (!st)
                return TKIT_E_DB;
        int rc = db_bind(st, "t", id);
        if (rc != SQLITE_OK) {
                sqlite3_clear_bindings(st);
                return db_report(db, rc, d, "deleting set '%s'", id);
        }
        rc = db_step_done(st);
        if (rc != SQLITE_DONE)
                return db_report(db, rc, d, "deleting set '%s'", id);
        return sqlite3_changes(db->sql);
}

int tkit_db_delete_set(struct tkit_db *db, const char *id, struct tkit_diags *d)
{
        if (db_begin(db, d) < 0)
                return TKIT_E_DB;
        int n = run_id(db, ST_DEL_SET, id, d);
        if (n >= 0 && run_id(db, ST_DEL_FINDINGS, id, d) < 0)
                n = TKIT_E_DB;
        if (n == 0) {
                tkit_diags_add(d, TKIT_SEV_ERROR, db->path, 0, NULL, id, NULL,
                               "no set '%s' in the database", id);
                n = TKIT_E_NOTFOUND;
        }
        if (n < 0) {
                db_rollback(db);
                return n;
        }
        return db_commit(db, d);
}
