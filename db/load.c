/* Loading a stored set back into the model, exactly as it was imported; listing set ids.
 *
 * A database is input like any file: anyone can edit it with sqlite3. Every value is checked as
 * it is read, before anything is allocated from it, against the limits of the model
 * (tkit-model.h) that the XML readers enforce too: the storage class (an INTEGER column must hold
 * an integer, a TEXT column text), the range of every number as a 64-bit integer before it is
 * narrowed, the syntax of ids and language tags, UTF-8 text an XML file can hold, the words of
 * every vocabulary, what each feature kind can carry, and the cells of every piece. A bad value
 * is reported as `DBFILE: error: [DB-VALUE] TABLE row KEY (set 'ID'): message` and ends the load
 * (TKIT_E_INVALID); the set that loads is then checked by tkit_set_validate() like any set read
 * from XML, its findings filed under the database. */
#include "db-private.h"

#include <stdlib.h>
#include <string.h>

#define RULE_VALUE tkit_read_rule_id(TKIT_RR_DB_VALUE)

struct load_ctx {
        struct tkit_dbi_row r; /* the row being checked (r.where: "pieces row 3"), the error */
        sqlite3_stmt *st;      /* the row being checked */
};

/* A bad value of the row being checked: reported, and the load ends (values.c). */
#define bad(c, ...) tkit_dbi_bad(&(c)->r, __VA_ARGS__)

/* Names the row about to be checked: "TABLE row KEY" from column 0 (an integer key), or
 * "TABLE row (PARENT, seq N)" for the tables keyed by their parent and a sequence number. */
static void at_row(struct load_ctx *c, const char *table, const char *parent)
{
        sqlite3_int64 k = sqlite3_column_int64(c->st, 0);
        if (parent)
                snprintf(c->r.where, sizeof c->r.where, "%s row (%s, seq %lld)", table, parent,
                         (long long)k);
        else
                snprintf(c->r.where, sizeof c->r.where, "%s row %lld", table, (long long)k);
}

/* Column i as an integer in min..max, checked as 64 bits before it is narrowed; NULL reads as 0
 * where `null_ok`. After an error, `min`. */
static int col_int(struct load_ctx *c, int i, const char *name, long long min, long long max,
                   bool null_ok)
{
        if (null_ok && sqlite3_column_type(c->st, i) == SQLITE_NULL)
                return 0;
        long long v;
        return tkit_dbi_col_int(&c->r, c->st, i, name, min, max, &v) ? (int)v : (int)min;
}

static bool col_bool(struct load_ctx *c, int i, const char *name)
{
        return col_int(c, i, name, 0, 1, false) != 0;
}

static int col_line(struct load_ctx *c, int i)
{
        return col_int(c, i, "line", 0, 0x7fffffff, false);
}

enum text_kind { TEXT_ANY, TEXT_ID, TEXT_LANG, TEXT_WORD };

/* Column i as text of `kind`; NULL where `null_ok` and the column is NULL. After an error, ""
 * (or NULL when NULL was allowed). */
static const char *col_text(struct load_ctx *c, int i, const char *name, enum text_kind kind,
                            bool null_ok)
{
        const char *fallback = null_ok ? NULL : "";
        const char *s = tkit_dbi_col_text(&c->r, c->st, i, name, null_ok);
        if (!s)
                return fallback;
        if (kind == TEXT_ID)
                return tkit_dbi_check_id(&c->r, name, s) ? s : fallback;
        bool ok = kind == TEXT_LANG ? tkit_lang_valid(s) : tkit_text_valid(s, strlen(s));
        if (!ok) {
                char *q = tkit_dbi_quoted(s);
                bad(c, "%s '%s' is not %s", name, q,
                    kind == TEXT_LANG ? "a language tag (en, ro, pt-BR...)"
                                      : "UTF-8 text an XML file can hold");
                free(q);
                return fallback;
        }
        return s;
}

/* Column i as a word of a vocabulary through its *_parse; accepted when parse gives >= `least`.
 * NULL reads as `null_val` where `null_ok`; after an error, `least` (a valid value). */
static int col_word(struct load_ctx *c, int i, const char *name, int (*parse)(const char *),
                    int least, const char *choices, bool null_ok, int null_val)
{
        if (null_ok && sqlite3_column_type(c->st, i) == SQLITE_NULL)
                return null_val;
        const char *s = col_text(c, i, name, TEXT_WORD, false);
        if (c->r.err)
                return least;
        int v = parse(s);
        if (v < least) {
                char *q = tkit_dbi_quoted(s);
                bad(c, "%s '%s' is not one of: %s", name, q, choices);
                free(q);
                return least;
        }
        return v;
}

/* Starts a query with bound parameters; NULL (reported) when that fails or after an error. */
static sqlite3_stmt *query(struct load_ctx *c, enum tkit_dbi_stmt which, const char *fmt, ...)
{
        if (c->r.err)
                return NULL;
        sqlite3_stmt *st = tkit_dbi_stmt(c->r.db, which, c->r.d);
        if (!st) {
                c->r.err = TKIT_E_DB;
                return NULL;
        }
        va_list ap;
        va_start(ap, fmt);
        int rc = tkit_dbi_vbind(st, fmt, ap);
        va_end(ap);
        if (rc != SQLITE_OK) {
                sqlite3_clear_bindings(st);
                c->r.err = tkit_dbi_report(c->r.db, rc, c->r.d, "loading set '%s'", c->r.set_id);
                return NULL;
        }
        return st;
}

/* Steps a query: true for a row (then c->st is it); false at the end, on error (reported) or
 * once a bad value was found: the first bad row ends the load. The statement is reset then. */
static bool next_row(struct load_ctx *c, sqlite3_stmt *st)
{
        if (!st)
                return false;
        int rc = c->r.err ? SQLITE_DONE : sqlite3_step(st);
        if (rc == SQLITE_ROW) {
                c->st = st;
                return true;
        }
        tkit_dbi_query_end(st, rc);
        if (rc != SQLITE_DONE && !c->r.err)
                c->r.err = tkit_dbi_report(c->r.db, rc, c->r.d, "loading set '%s'", c->r.set_id);
        return false;
}

/* A marker row: key, name, value, line; *cap is the capacity behind *v (0 for a fresh list). */
static void add_attr(struct load_ctx *c, struct tkit_attr **v, size_t *n, size_t *cap)
{
        at_row(c, "markers", NULL);
        const char *name = col_text(c, 1, "name", TEXT_ANY, false);
        const char *value = col_text(c, 2, "value", TEXT_ANY, false);
        int line = col_line(c, 3);
        if (!c->r.err && !name[0])
                bad(c, "a marker has an empty name");
        if (c->r.err)
                return;
        *TKIT_PUSH(*v, *n, *cap) =
            (struct tkit_attr){tkit_xstrdup(name), tkit_xstrdup(value), line};
}

/* Every marker row of query `st` into the list *v (empty before). */
static void load_markers(struct load_ctx *c, sqlite3_stmt *st, struct tkit_attr **v, size_t *n)
{
        size_t cap = 0;
        while (next_row(c, st))
                add_attr(c, v, n, &cap);
}

static const char *name_lang(const void *v, size_t i)
{
        return ((const struct tkit_name *)v)[i].lang;
}

/* Every name row (seq, lang, text) of query `st`, of a set, tile or piece, into the list *v (empty
 * before): one name per language, a repeat found through a hash index of the languages (each
 * compared with every earlier one took 22 s for 100 000 names). */
static void load_names(struct load_ctx *c, sqlite3_stmt *st, const char *table, const char *parent,
                       struct tkit_name **v, size_t *n)
{
        struct tkit_index langs;
        tkit_index_init(&langs);
        size_t cap = 0;
        while (next_row(c, st)) {
                at_row(c, table, parent);
                const char *lang = col_text(c, 1, "lang", TEXT_LANG, false);
                const char *text = col_text(c, 2, "text", TEXT_ANY, false);
                if (!c->r.err && tkit_index_find(&langs, lang, name_lang, *v) >= 0)
                        bad(c, "a second name in language '%s'", lang);
                if (c->r.err)
                        continue; /* next_row ends the query */
                *TKIT_PUSH(*v, *n, cap) =
                    (struct tkit_name){tkit_xstrdup(lang), tkit_xstrdup(text)};
                tkit_index_add(&langs, lang, *n - 1);
        }
        tkit_index_finish(&langs);
}

/* ------------------------------------------------------------------ features */

/* What the format can say about each kind (docs/format.md): a set loaded from a database must
 * be one an XML file can hold. */
static void check_feature_kind(struct load_ctx *c, const struct tkit_feature *f)
{
        const char *kind = tkit_feature_kind_name(f->kind);
        bool sided = f->kind == TKIT_CITY || f->kind == TKIT_ROAD || f->kind == TKIT_RIVER;
        if (sided && !f->mask)
                bad(c, "a %s must touch at least one side (mask 0)", kind);
        else if ((f->kind == TKIT_CLOISTER || f->kind == TKIT_GARDEN) && f->mask)
                bad(c, "a %s lies inside the tile (mask %u)", kind, (unsigned)f->mask);
        else if (f->kind != TKIT_CITY && (f->pennants || f->besieger || f->cathedral))
                bad(c, "a %s has no pennants, besieger or cathedral", kind);
        else if (f->kind != TKIT_ROAD && (f->junction || f->inn))
                bad(c, "a %s has no junction or inn", kind);
        else if (!sided && f->overpass)
                bad(c, "a %s cannot be an overpass", kind);
        else if (f->end != TKIT_END_NONE && f->kind != TKIT_ROAD &&
                 !(f->kind == TKIT_RIVER && (f->end == TKIT_END_SOURCE || f->end == TKIT_END_LAKE)))
                bad(c, "a %s cannot end in '%s'", kind, tkit_end_name(f->end));
}

/* A features row: feature_key, feature_id, kind, mask, pennants, besieger, cathedral, end_kind,
 * junction, overpass, inn, line. */
static void load_feature(struct load_ctx *c, struct tkit_tile *t)
{
        at_row(c, "features", NULL);
        if (t->nfeatures >= TKIT_MAX_FEATURES) {
                bad(c, "more than %d features on one tile", TKIT_MAX_FEATURES);
                return;
        }
        struct tkit_feature f = {0};
        const char *id = col_text(c, 1, "feature_id", TEXT_ID, false);
        f.kind = col_word(c, 2, "kind", tkit_feature_kind_parse, 0,
                          "city road field river cloister garden", false, 0);
        f.mask = (uint16_t)col_int(c, 3, "mask", 0, TKIT_MASK_ALL, false);
        f.pennants = col_int(c, 4, "pennants", 0, TKIT_MAX_PENNANTS, false);
        f.besieger = col_word(c, 5, "besieger", tkit_besieger_parse, TKIT_BESIEGER_BESIEGER,
                              "besieger cathar", true, TKIT_BESIEGER_NONE);
        f.cathedral = col_bool(c, 6, "cathedral");
        f.end =
            col_word(c, 7, "end_kind", tkit_end_parse, TKIT_END_VILLAGE,
                     "village cloister city crossing lake source river other", true, TKIT_END_NONE);
        f.junction = col_bool(c, 8, "junction");
        f.overpass = col_bool(c, 9, "overpass");
        f.inn = col_bool(c, 10, "inn");
        f.line = col_line(c, 11);
        if (!c->r.err)
                check_feature_kind(c, &f);
        if (c->r.err)
                return;
        struct tkit_feature *nf = tkit_tile_add_feature(t, f.kind, id);
        f.id = nf->id;
        *nf = f;
}

/* Touches and markers of every feature of `t`, in a second pass: the feature query must be
 * finished before the same cached statements run again for the next tile. */
static void load_feature_lists(struct load_ctx *c, struct tkit_tile *t, sqlite3_int64 *keys)
{
        for (size_t i = 0; i < t->nfeatures && !c->r.err; i++) {
                struct tkit_feature *f = &t->features[i];
                char parent[48];
                snprintf(parent, sizeof parent, "feature_key %lld", (long long)keys[i]);
                sqlite3_stmt *st = query(c, ST_SEL_TOUCHES, "k", keys[i]);
                while (next_row(c, st)) {
                        at_row(c, "field_touches", parent);
                        const char *city = col_text(c, 1, "city_id", TEXT_ID, false);
                        if (!c->r.err && f->kind != TKIT_FIELD)
                                bad(c, "only a field touches cities");
                        if (!c->r.err)
                                tkit_feature_add_touch(f, city);
                }
                load_markers(c, query(c, ST_SEL_FEATURE_MARKERS, "k", keys[i]), &f->extra,
                             &f->nextra);
        }
}

/* ------------------------------------------------------------------ tiles */

/* Everything hanging off a tile row whose key is `key`. */
static void load_tile_parts(struct load_ctx *c, struct tkit_tile *t, sqlite3_int64 key, bool cell)
{
        char parent[48];
        snprintf(parent, sizeof parent, "tile_key %lld", (long long)key);
        load_names(c, query(c, ST_SEL_TILE_NAMES, "k", key), "tile_names", parent, &t->names,
                   &t->nnames);
        sqlite3_stmt *st = query(c, ST_SEL_SYMBOLS, "k", key);
        while (next_row(c, st)) {
                at_row(c, "siege_symbols", parent);
                int post = col_word(c, 1, "post", tkit_post_parse, 0, "knights travelers monks any",
                                    false, 0);
                if (!c->r.err && t->nsymbols >= TKIT_MAX_SYMBOLS)
                        bad(c, "more than %d siege symbols", TKIT_MAX_SYMBOLS);
                if (!c->r.err)
                        t->symbols[t->nsymbols++] = (enum tkit_post)post;
        }
        if (!c->r.err && cell && (t->nnames || t->nsymbols))
                bad(c, "a cell of a piece has no names and no siege symbols");
        sqlite3_int64 *keys = NULL;
        size_t nkeys = 0, cap = 0;
        st = query(c, ST_SEL_FEATURES, "k", key);
        while (next_row(c, st)) {
                load_feature(c, t);
                if (!c->r.err)
                        *TKIT_PUSH(keys, nkeys, cap) = sqlite3_column_int64(st, 0);
        }
        load_feature_lists(c, t, keys);
        free(keys);
        load_markers(c, query(c, ST_SEL_TILE_MARKERS, "k", key), &t->extra, &t->nextra);
}

/* Illustration letters, in order: G B T W E S C, at most TKIT_MAX_ILLUSTRATIONS. */
static void illustrations_from(struct load_ctx *c, struct tkit_tile *t, const char *s)
{
        size_t n = s ? strlen(s) : 0;
        if (n > TKIT_MAX_ILLUSTRATIONS) {
                bad(c, "more than %d illustrations", TKIT_MAX_ILLUSTRATIONS);
                return;
        }
        for (size_t i = 0; i < n; i++)
                if (!tkit_illustration_name(s[i])) {
                        bad(c, "illustrations: '%c' is not one of: G B T W E S C", s[i]);
                        return;
                }
        memcpy(t->illustrations, s ? s : "", n + 1);
}

/* Divider points separated by spaces ("SE", "N SW"): tkit_divider_parse. */
static void dividers_from(struct load_ctx *c, struct tkit_tile *t, const char *s)
{
        char *copy = tkit_xstrdup(s ? s : ""), *save = NULL;
        for (char *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
                int b = tkit_divider_parse(w);
                if (b < 0) {
                        bad(c, "dividers: '%.20s' is not one of: N NE E SE S SW W NW", w);
                        break;
                }
                t->dividers |= (uint16_t)(1u << b);
        }
        free(copy);
}

/* The columns of ST_SEL_TILES / ST_SEL_CELLS (tile_key, tile_id, count, tile_group, start, basis,
 * provenance, illustrations, line) into `t`, already initialised. A cell keeps the id the model
 * gives it ("PIECE@x,y"). */
static void tile_from_row(struct load_ctx *c, struct tkit_tile *t, bool cell)
{
        const char *id = cell ? NULL : col_text(c, 1, "tile_id", TEXT_ID, false);
        int count = col_int(c, 2, "count", 0, TKIT_MAX_NUMBER, false);
        int group =
            col_word(c, 3, "tile_group", tkit_group_parse, 0, "land river fortress", false, 0);
        bool start = col_bool(c, 4, "start");
        int basis = col_word(c, 5, "basis", tkit_basis_parse, 0,
                             "unstated well-known source reconstructed external", false, 0);
        const char *prov = col_text(c, 6, "provenance", TEXT_ANY, true);
        const char *ill = col_text(c, 7, "illustrations", TEXT_ANY, false);
        int line = col_line(c, 8);
        const char *div = col_text(c, 11, "dividers", TEXT_ANY, false);
        if (!c->r.err && cell &&
            (count != 1 || group != TKIT_GROUP_FORTRESS || start || basis || prov || ill[0]))
                bad(c, "a cell of a piece has count 1, group fortress and no start, basis, "
                       "provenance or illustrations");
        if (!c->r.err)
                illustrations_from(c, t, ill);
        if (!c->r.err)
                dividers_from(c, t, div);
        if (c->r.err)
                return;
        if (!cell) {
                free(t->id);
                t->id = tkit_xstrdup(id);
        }
        t->count = count;
        t->group = (enum tkit_group)group;
        t->start = start;
        t->basis = (enum tkit_basis)basis;
        t->provenance = tkit_xstrdup(prov);
        t->line = line;
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
                at_row(c, "tiles", NULL);
                struct tkit_tile t;
                tkit_tile_init(&t);
                tile_from_row(c, &t, false);
                if (c->r.err) {
                        tkit_tile_finish(&t);
                        continue;
                }
                *TKIT_PUSH(s->tiles, s->ntiles, s->captiles) = t;
                *TKIT_PUSH(keys, n, cap) = (struct tile_key){sqlite3_column_int64(st, 0), NULL};
        }
        for (size_t i = 0; i < n && !c->r.err; i++)
                load_tile_parts(c, &s->tiles[i], keys[i].key, false);
        free(keys);
}

/* ------------------------------------------------------------------ pieces */

static void load_cells(struct load_ctx *c, struct tkit_piece *p, sqlite3_int64 piece)
{
        struct tile_key *keys = NULL;
        size_t n = 0, cap = 0;
        bool *seen = tkit_xcalloc((size_t)(p->width * p->height), sizeof *seen);
        sqlite3_stmt *st = query(c, ST_SEL_CELLS, "k", piece);
        while (next_row(c, st)) {
                at_row(c, "tiles", NULL);
                int x = col_int(c, 9, "cell_x", 0, p->width - 1, false);
                int y = col_int(c, 10, "cell_y", 0, p->height - 1, false);
                if (!c->r.err && seen[y * p->width + x])
                        bad(c, "a second cell (%d, %d) of piece '%s'", x, y, p->id);
                struct tkit_tile *t = tkit_piece_cell(p, x, y);
                if (!c->r.err)
                        tile_from_row(c, t, true);
                if (c->r.err)
                        continue;
                seen[y * p->width + x] = true;
                *TKIT_PUSH(keys, n, cap) = (struct tile_key){sqlite3_column_int64(st, 0), t};
        }
        snprintf(c->r.where, sizeof c->r.where, "pieces row %lld", (long long)piece);
        for (int i = 0; i < p->width * p->height && !c->r.err; i++)
                if (!seen[i])
                        bad(c, "piece '%s' has no cell (%d, %d)", p->id, i % p->width,
                            i / p->width);
        for (size_t i = 0; i < n && !c->r.err; i++)
                load_tile_parts(c, keys[i].tile, keys[i].key, true);
        free(seen);
        free(keys);
}

/* A posts row: seq, kind, plain, dark3, fiveplus, meeple, catapult, line. */
static void load_post(struct load_ctx *c, struct tkit_face *f)
{
        struct tkit_post_def p;
        p.kind = col_word(c, 1, "kind", tkit_post_parse, 0, "knights travelers monks", false, 0);
        if (!c->r.err && p.kind == TKIT_POST_ANY)
                bad(c, "kind 'any' names a symbol, not a post");
        static const char *const cols[] = {"plain", "dark3", "fiveplus", "meeple", "catapult"};
        int v[5];
        for (int i = 0; i < 5; i++)
                v[i] = col_int(c, 2 + i, cols[i], 0, TKIT_MAX_POST_SPACES, false);
        p.plain = v[0];
        p.dark3 = v[1];
        p.fiveplus = v[2];
        p.meeple = v[3];
        p.catapult = v[4];
        p.line = col_line(c, 7);
        if (c->r.err)
                return;
        f->posts = tkit_xrealloc(f->posts, (f->nposts + 1) * sizeof *f->posts);
        f->posts[f->nposts++] = p;
}

static const char *face_id(const void *p, size_t i)
{
        return ((const struct tkit_piece *)p)->faces[i].id;
}

/* A faces row: face_key, face_id, min_players, max_players, line; `ids` indexes the faces read
 * so far, *cap is the capacity behind p->faces. */
static void load_face(struct load_ctx *c, struct tkit_piece *p, struct tkit_index *ids, size_t *cap)
{
        at_row(c, "faces", NULL);
        const char *id = col_text(c, 1, "face_id", TEXT_ID, false);
        int min = col_int(c, 2, "min_players", 1, TKIT_MAX_PLAYERS, false);
        int max = col_int(c, 3, "max_players", 0, TKIT_MAX_PLAYERS, false);
        int line = col_line(c, 4);
        if (!c->r.err && max && max < min)
                bad(c, "max_players %d is below min_players %d (0: no upper bound)", max, min);
        if (!c->r.err && tkit_index_find(ids, id, face_id, p) >= 0)
                bad(c, "duplicate face id '%s' in piece '%s'", id, p->id);
        if (c->r.err)
                return;
        *TKIT_PUSH(p->faces, p->nfaces, *cap) = (struct tkit_face){
            .id = tkit_xstrdup(id), .min_players = min, .max_players = max, .line = line};
        tkit_index_add(ids, id, p->nfaces - 1);
}

static void load_faces(struct load_ctx *c, struct tkit_piece *p, sqlite3_int64 piece)
{
        sqlite3_int64 *keys = NULL;
        size_t n = 0, cap = 0;
        struct tkit_index ids;
        tkit_index_init(&ids);
        size_t capfaces = p->nfaces;
        sqlite3_stmt *st = query(c, ST_SEL_FACES, "k", piece);
        while (next_row(c, st)) {
                load_face(c, p, &ids, &capfaces);
                if (!c->r.err)
                        *TKIT_PUSH(keys, n, cap) = sqlite3_column_int64(st, 0);
        }
        tkit_index_finish(&ids);
        for (size_t i = 0; i < n && !c->r.err; i++) {
                char parent[48];
                snprintf(parent, sizeof parent, "face_key %lld", (long long)keys[i]);
                st = query(c, ST_SEL_POSTS, "k", keys[i]);
                while (next_row(c, st)) {
                        at_row(c, "posts", parent);
                        load_post(c, &p->faces[i]);
                }
        }
        free(keys);
}

/* A pieces row: piece_key, piece_id, count, width, height, basis, provenance, line. The size is
 * checked before the cells are allocated. */
static void load_piece(struct load_ctx *c, struct tkit_set *s)
{
        at_row(c, "pieces", NULL);
        const char *id = col_text(c, 1, "piece_id", TEXT_ID, false);
        int count = col_int(c, 2, "count", 0, TKIT_MAX_NUMBER, false);
        int w = col_int(c, 3, "width", 1, TKIT_MAX_PIECE_SIDE, false);
        int h = col_int(c, 4, "height", 1, TKIT_MAX_PIECE_SIDE, false);
        int basis = col_word(c, 5, "basis", tkit_basis_parse, 0,
                             "unstated well-known source reconstructed external", false, 0);
        const char *prov = col_text(c, 6, "provenance", TEXT_ANY, true);
        int line = col_line(c, 7);
        if (c->r.err)
                return;
        struct tkit_piece *p = tkit_set_add_piece(s, id, w, h);
        p->count = count;
        p->basis = (enum tkit_basis)basis;
        p->provenance = tkit_xstrdup(prov);
        p->line = line;
}

static void load_pieces(struct load_ctx *c, struct tkit_set *s)
{
        sqlite3_int64 *keys = NULL;
        size_t n = 0, cap = 0;
        sqlite3_stmt *st = query(c, ST_SEL_PIECES, "t", s->id);
        while (next_row(c, st)) {
                load_piece(c, s);
                if (!c->r.err)
                        *TKIT_PUSH(keys, n, cap) = sqlite3_column_int64(st, 0);
        }
        for (size_t i = 0; i < n && !c->r.err; i++) {
                struct tkit_piece *p = &s->pieces[i];
                char parent[48];
                snprintf(parent, sizeof parent, "piece_key %lld", (long long)keys[i]);
                load_names(c, query(c, ST_SEL_PIECE_NAMES, "k", keys[i]), "piece_names", parent,
                           &p->names, &p->nnames);
                load_faces(c, p, keys[i]);
                load_cells(c, p, keys[i]);
        }
        free(keys);
}

/* ------------------------------------------------------------------ the set */

/* A manifest row: seq, what, of, tile_group, count, note, line. */
static void load_expect(struct load_ctx *c, struct tkit_set *s)
{
        int what = col_word(c, 1, "what", tkit_expect_parse, 0,
                            "tiles types feature illustration pennants symbol-tiles symbols "
                            "besieged pieces posts feature-tiles",
                            false, 0);
        const char *of = col_text(c, 2, "of", TEXT_ANY, true);
        int group =
            col_word(c, 3, "tile_group", tkit_group_parse, 0, "land river fortress", true, -1);
        int count = col_int(c, 4, "count", 0, TKIT_MAX_NUMBER, false);
        const char *note = col_text(c, 5, "note", TEXT_ANY, true);
        int line = col_line(c, 6);
        if (!c->r.err && !tkit_expect_of_valid((enum tkit_expect_what)what, of)) {
                char *q = tkit_dbi_quoted(of ? of : "(NULL)");
                bad(c, "of '%s' does not suit what '%s'", q,
                    tkit_expect_name((enum tkit_expect_what)what));
                free(q);
        }
        if (!c->r.err && group >= 0 && what != TKIT_EXPECT_TILES && what != TKIT_EXPECT_TYPES)
                bad(c, "tile_group only applies to what 'tiles' and 'types'");
        if (c->r.err)
                return;
        struct tkit_expect *e =
            tkit_set_add_expect(s, (enum tkit_expect_what)what, of, group, count);
        e->note = tkit_xstrdup(note);
        e->line = line;
}

static void load_set_lists(struct load_ctx *c, struct tkit_set *s)
{
        char *q = tkit_dbi_quoted(s->id);
        char parent[128];
        snprintf(parent, sizeof parent, "set_id '%s'", q);
        free(q);
        load_names(c, query(c, ST_SEL_SET_NAMES, "t", s->id), "set_names", parent, &s->names,
                   &s->nnames);
        sqlite3_stmt *st = query(c, ST_SEL_REQUIRES, "t", s->id);
        while (next_row(c, st)) {
                at_row(c, "set_requires", parent);
                const char *req = col_text(c, 1, "requires", TEXT_ID, false);
                if (!c->r.err && strcmp(req, s->id) == 0)
                        bad(c, "set '%s' requires itself", req);
                if (!c->r.err)
                        tkit_set_add_require(s, req);
        }
        st = query(c, ST_SEL_TOKENS, "t", s->id);
        while (next_row(c, st)) {
                at_row(c, "tokens", parent);
                int kind = col_word(c, 1, "kind", tkit_token_parse, 0,
                                    "castle barn bridge catapult meeple", false, 0);
                int count = col_int(c, 2, "count", 0, TKIT_MAX_NUMBER, false);
                int line = col_line(c, 3);
                if (!c->r.err)
                        tkit_set_add_token(s, (enum tkit_token_kind)kind, count, line);
        }
        st = query(c, ST_SEL_MANIFEST, "t", s->id);
        while (next_row(c, st)) {
                at_row(c, "manifest", parent);
                load_expect(c, s);
        }
        load_markers(c, query(c, ST_SEL_SET_MARKERS, "t", s->id), &s->extra, &s->nextra);
}

static int parse_source_format(const char *s)
{
        return strcmp(s, "tilekit") == 0 || strcmp(s, "jcz") == 0 ? 0 : -1;
}

/* The sets row (edition, year, rules_mask, source_format, file, line); false (with a diagnostic)
 * when there is none or it is bad. */
static bool load_set_row(struct load_ctx *c, struct tkit_set *s)
{
        char *q = tkit_dbi_quoted(s->id);
        snprintf(c->r.where, sizeof c->r.where, "sets row '%s'", q);
        free(q);
        sqlite3_stmt *st = query(c, ST_SEL_SET, "t", s->id);
        if (!next_row(c, st)) {
                if (!c->r.err) {
                        tkit_diags_add(c->r.d, TKIT_SEV_ERROR, c->r.db->path, 0, NULL, s->id, NULL,
                                       "no set '%s' in the database", s->id);
                        c->r.err = TKIT_E_NOTFOUND;
                }
                return false;
        }
        if (!tkit_id_valid(s->id))
                bad(c, "set_id is not an id ([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to 64 bytes)");
        const char *edition = col_text(c, 0, "edition", TEXT_ANY, true);
        int year = col_int(c, 1, "year", 0, TKIT_MAX_YEAR, true);
        int rules = col_int(c, 2, "rules_mask", 0, TKIT_RULES_LAST * 2 - 1, false);
        const char *format = col_text(c, 3, "source_format", TEXT_ANY, true);
        if (format && !c->r.err && parse_source_format(format) < 0) {
                char *qf = tkit_dbi_quoted(format);
                bad(c, "source_format '%s' is not one of: tilekit jcz", qf);
                free(qf);
        }
        const char *file = col_text(c, 4, "file", TEXT_ANY, true);
        int line = col_line(c, 5);
        if (!c->r.err) {
                s->edition = tkit_xstrdup(edition);
                s->year = year;
                s->rules = (unsigned)rules;
                s->source_format = tkit_xstrdup(format);
                s->file = tkit_xstrdup(file);
                s->line = line;
        }
        tkit_dbi_query_end(st, SQLITE_DONE);
        return !c->r.err;
}

/* Findings of tkit_set_validate() reported per loaded set; the rest are counted. A database
 * edited in one UPDATE has the same fault on every row, and one a few lines long says it. */
#define MAX_VALIDATE_FINDINGS 5

/* tkit_set_validate() on the loaded set, its findings filed under the database: they are about
 * what the database holds, whatever file the set once came from. */
static void validate(struct load_ctx *c, const struct tkit_set *s)
{
        struct tkit_diags v;
        tkit_diags_init(&v);
        if (tkit_set_validate(s, &v) != 0)
                c->r.err = TKIT_E_INVALID;
        for (size_t i = 0; i < v.n && i < MAX_VALIDATE_FINDINGS; i++) {
                const struct tkit_diag *g = &v.v[i];
                tkit_diags_add(c->r.d, g->severity, c->r.db->path, 0, g->rule, g->set, g->tile,
                               "set '%s': %s", s->id, g->message);
        }
        if (v.n > MAX_VALIDATE_FINDINGS)
                tkit_diags_add(c->r.d, TKIT_SEV_NOTE, c->r.db->path, 0, NULL, s->id, NULL,
                               "set '%s': %zu more findings not shown", s->id,
                               v.n - MAX_VALIDATE_FINDINGS);
        tkit_diags_finish(&v);
}

int tkit_db_load_set(struct tkit_db *db, const char *id, struct tkit_set **out,
                     struct tkit_diags *d)
{
        struct load_ctx c = {
            .r = {.db = db, .d = d, .rule = RULE_VALUE, .set_id = id, .bad_err = TKIT_E_INVALID}};
        struct tkit_set *s = tkit_set_create(id);
        *out = NULL;
        /* One read transaction, so that a concurrent import cannot show us half of two sets
         * (unless the caller has one open already). */
        bool own = sqlite3_get_autocommit(db->sql) != 0;
        int rc = own ? sqlite3_exec(db->sql, "BEGIN", NULL, NULL, NULL) : SQLITE_OK;
        if (rc != SQLITE_OK) {
                tkit_set_destroy(s);
                return tkit_dbi_report(db, rc, d, "loading set '%s'", id);
        }
        if (load_set_row(&c, s)) {
                load_set_lists(&c, s);
                load_tiles(&c, s);
                load_pieces(&c, s);
        }
        if (own)
                sqlite3_exec(db->sql, "COMMIT", NULL, NULL, NULL);
        if (!c.r.err)
                validate(&c, s);
        if (c.r.err) {
                tkit_set_destroy(s);
                return c.r.err;
        }
        *out = s;
        return 0;
}

int tkit_db_set_ids(struct tkit_db *db, char ***ids, size_t *n, struct tkit_diags *d)
{
        struct load_ctx c = {
            .r = {.db = db, .d = d, .rule = RULE_VALUE, .bad_err = TKIT_E_INVALID}};
        size_t cap = 0;
        *ids = NULL;
        *n = 0;
        sqlite3_stmt *st = query(&c, ST_SET_IDS, "");
        while (next_row(&c, st)) {
                snprintf(c.r.where, sizeof c.r.where, "sets row %zu (in the order of set_id)",
                         *n + 1);
                const char *id = col_text(&c, 0, "set_id", TEXT_ID, false);
                if (!c.r.err)
                        *TKIT_PUSH(*ids, *n, cap) = tkit_xstrdup(id);
        }
        if (c.r.err) {
                tkit_db_free_ids(*ids, *n);
                *ids = NULL;
                *n = 0;
        }
        return c.r.err;
}

void tkit_db_free_ids(char **ids, size_t n)
{
        for (size_t i = 0; i < n; i++)
                free(ids[i]);
        free(ids);
}

/* Runs a cached one-parameter statement; the number of rows changed, or TKIT_E_DB. */
static int run_id(struct tkit_db *db, enum tkit_dbi_stmt which, const char *id,
                  struct tkit_diags *d)
{
        sqlite3_stmt *st = tkit_dbi_stmt(db, which, d);
        if (!st)
                return TKIT_E_DB;
        int rc = tkit_dbi_bind(st, "t", id);
        if (rc != SQLITE_OK) {
                sqlite3_clear_bindings(st);
                return tkit_dbi_report(db, rc, d, "deleting set '%s'", id);
        }
        rc = tkit_dbi_step_done(st);
        if (rc != SQLITE_DONE)
                return tkit_dbi_report(db, rc, d, "deleting set '%s'", id);
        return sqlite3_changes(db->sql);
}

int tkit_db_delete_set(struct tkit_db *db, const char *id, struct tkit_diags *d)
{
        if (tkit_dbi_begin(db, d) < 0)
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
                tkit_dbi_rollback(db);
                return n;
        }
        return tkit_dbi_commit(db, d);
}
