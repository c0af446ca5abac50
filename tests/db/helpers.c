#define _XOPEN_SOURCE 700 /* nftw */
#include "helpers.h"

#include <ftw.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- deep comparison */

struct cmp {
        char *why;
        size_t n;
        bool bad;
};

static void differ(struct cmp *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void differ(struct cmp *c, const char *fmt, ...)
{
        if (c->bad)
                return;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->why, c->n, fmt, ap);
        va_end(ap);
        c->bad = true;
}

static void cmp_int(struct cmp *c, const char *path, long a, long b)
{
        if (a != b)
                differ(c, "%s: %ld != %ld", path, a, b);
}

/* NULL and "" are different: the model keeps the difference, so must the store. */
static void cmp_str(struct cmp *c, const char *path, const char *a, const char *b)
{
        if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0))
                differ(c, "%s: \"%s\" != \"%s\"", path, a ? a : "(null)", b ? b : "(null)");
}

#define P(...) (snprintf(path, sizeof path, __VA_ARGS__), path)

static void cmp_names(struct cmp *c, const char *where, const struct tkit_name *a, size_t na,
                      const struct tkit_name *b, size_t nb)
{
        char path[512];
        cmp_int(c, P("%s.nnames", where), (long)na, (long)nb);
        for (size_t i = 0; i < na && i < nb; i++) {
                cmp_str(c, P("%s.names[%zu].lang", where, i), a[i].lang, b[i].lang);
                cmp_str(c, P("%s.names[%zu].text", where, i), a[i].text, b[i].text);
        }
}

static void cmp_attrs(struct cmp *c, const char *where, const struct tkit_attr *a, size_t na,
                      const struct tkit_attr *b, size_t nb)
{
        char path[512];
        cmp_int(c, P("%s.nextra", where), (long)na, (long)nb);
        for (size_t i = 0; i < na && i < nb; i++) {
                cmp_str(c, P("%s.extra[%zu].name", where, i), a[i].name, b[i].name);
                cmp_str(c, P("%s.extra[%zu].value", where, i), a[i].value, b[i].value);
                cmp_int(c, P("%s.extra[%zu].line", where, i), a[i].line, b[i].line);
        }
}

static void cmp_feature(struct cmp *c, const char *w, const struct tkit_feature *a,
                        const struct tkit_feature *b)
{
        char path[512];
        cmp_str(c, P("%s.id", w), a->id, b->id);
        cmp_int(c, P("%s.kind", w), a->kind, b->kind);
        cmp_int(c, P("%s.mask", w), a->mask, b->mask);
        cmp_int(c, P("%s.line", w), a->line, b->line);
        cmp_int(c, P("%s.pennants", w), a->pennants, b->pennants);
        cmp_int(c, P("%s.besieger", w), a->besieger, b->besieger);
        cmp_int(c, P("%s.cathedral", w), a->cathedral, b->cathedral);
        cmp_int(c, P("%s.end", w), a->end, b->end);
        cmp_int(c, P("%s.junction", w), a->junction, b->junction);
        cmp_int(c, P("%s.overpass", w), a->overpass, b->overpass);
        cmp_int(c, P("%s.inn", w), a->inn, b->inn);
        cmp_int(c, P("%s.ntouches", w), (long)a->ntouches, (long)b->ntouches);
        for (size_t i = 0; i < a->ntouches && i < b->ntouches; i++)
                cmp_str(c, P("%s.touches[%zu]", w, i), a->touches[i], b->touches[i]);
        cmp_attrs(c, w, a->extra, a->nextra, b->extra, b->nextra);
}

static void cmp_tile(struct cmp *c, const char *w, const struct tkit_tile *a,
                     const struct tkit_tile *b)
{
        char path[512], sub[256];
        cmp_str(c, P("%s.id", w), a->id, b->id);
        cmp_int(c, P("%s.line", w), a->line, b->line);
        cmp_int(c, P("%s.count", w), a->count, b->count);
        cmp_int(c, P("%s.group", w), a->group, b->group);
        cmp_int(c, P("%s.start", w), a->start, b->start);
        cmp_int(c, P("%s.nfeatures", w), (long)a->nfeatures, (long)b->nfeatures);
        for (size_t i = 0; i < a->nfeatures && i < b->nfeatures; i++) {
                snprintf(sub, sizeof sub, "%s.features[%zu]", w, i);
                cmp_feature(c, sub, &a->features[i], &b->features[i]);
        }
        cmp_int(c, P("%s.nsymbols", w), (long)a->nsymbols, (long)b->nsymbols);
        for (size_t i = 0; i < a->nsymbols && i < b->nsymbols; i++)
                cmp_int(c, P("%s.symbols[%zu]", w, i), a->symbols[i], b->symbols[i]);
        cmp_str(c, P("%s.illustrations", w), a->illustrations, b->illustrations);
        cmp_names(c, w, a->names, a->nnames, b->names, b->nnames);
        cmp_int(c, P("%s.basis", w), a->basis, b->basis);
        cmp_str(c, P("%s.provenance", w), a->provenance, b->provenance);
        cmp_attrs(c, w, a->extra, a->nextra, b->extra, b->nextra);
}

static void cmp_piece(struct cmp *c, const char *w, const struct tkit_piece *a,
                      const struct tkit_piece *b)
{
        char path[1024], sub[512];
        cmp_str(c, P("%s.id", w), a->id, b->id);
        cmp_int(c, P("%s.line", w), a->line, b->line);
        cmp_int(c, P("%s.count", w), a->count, b->count);
        cmp_int(c, P("%s.width", w), a->width, b->width);
        cmp_int(c, P("%s.height", w), a->height, b->height);
        if (a->width == b->width && a->height == b->height)
                for (int i = 0; i < a->width * a->height; i++) {
                        snprintf(sub, sizeof sub, "%s.cells[%d]", w, i);
                        cmp_tile(c, sub, &a->cells[i], &b->cells[i]);
                }
        cmp_int(c, P("%s.nfaces", w), (long)a->nfaces, (long)b->nfaces);
        for (size_t i = 0; i < a->nfaces && i < b->nfaces; i++) {
                const struct tkit_face *fa = &a->faces[i], *fb = &b->faces[i];
                cmp_str(c, P("%s.faces[%zu].id", w, i), fa->id, fb->id);
                cmp_int(c, P("%s.faces[%zu].min", w, i), fa->min_players, fb->min_players);
                cmp_int(c, P("%s.faces[%zu].max", w, i), fa->max_players, fb->max_players);
                cmp_int(c, P("%s.faces[%zu].line", w, i), fa->line, fb->line);
                cmp_int(c, P("%s.faces[%zu].nposts", w, i), (long)fa->nposts, (long)fb->nposts);
                for (size_t j = 0; j < fa->nposts && j < fb->nposts; j++) {
                        const struct tkit_post_def *x = &fa->posts[j], *y = &fb->posts[j];
                        snprintf(sub, sizeof sub, "%s.faces[%zu].posts[%zu]", w, i, j);
                        cmp_int(c, P("%s.kind", sub), x->kind, y->kind);
                        cmp_int(c, P("%s.plain", sub), x->plain, y->plain);
                        cmp_int(c, P("%s.dark3", sub), x->dark3, y->dark3);
                        cmp_int(c, P("%s.fiveplus", sub), x->fiveplus, y->fiveplus);
                        cmp_int(c, P("%s.meeple", sub), x->meeple, y->meeple);
                        cmp_int(c, P("%s.catapult", sub), x->catapult, y->catapult);
                        cmp_int(c, P("%s.line", sub), x->line, y->line);
                }
        }
        cmp_names(c, w, a->names, a->nnames, b->names, b->nnames);
        cmp_int(c, P("%s.basis", w), a->basis, b->basis);
        cmp_str(c, P("%s.provenance", w), a->provenance, b->provenance);
}

bool set_equal(const struct tkit_set *a, const struct tkit_set *b, char *why, size_t n)
{
        struct cmp c = {why, n, false};
        char path[512], sub[256];
        cmp_str(&c, "id", a->id, b->id);
        cmp_str(&c, "file", a->file, b->file);
        cmp_int(&c, "line", a->line, b->line);
        cmp_str(&c, "edition", a->edition, b->edition);
        cmp_int(&c, "year", a->year, b->year);
        cmp_int(&c, "rules", (long)a->rules, (long)b->rules);
        cmp_int(&c, "nrequires", (long)a->nrequires, (long)b->nrequires);
        for (size_t i = 0; i < a->nrequires && i < b->nrequires; i++)
                cmp_str(&c, P("requires[%zu]", i), a->requires[i], b -> requires[i]);
        cmp_names(&c, "set", a->names, a->nnames, b->names, b->nnames);
        cmp_int(&c, "ntiles", (long)a->ntiles, (long)b->ntiles);
        for (size_t i = 0; i < a->ntiles && i < b->ntiles; i++) {
                snprintf(sub, sizeof sub, "tiles[%zu]", i);
                cmp_tile(&c, sub, &a->tiles[i], &b->tiles[i]);
        }
        cmp_int(&c, "npieces", (long)a->npieces, (long)b->npieces);
        for (size_t i = 0; i < a->npieces && i < b->npieces; i++) {
                snprintf(sub, sizeof sub, "pieces[%zu]", i);
                cmp_piece(&c, sub, &a->pieces[i], &b->pieces[i]);
        }
        cmp_int(&c, "ntokens", (long)a->ntokens, (long)b->ntokens);
        for (size_t i = 0; i < a->ntokens && i < b->ntokens; i++) {
                cmp_int(&c, P("tokens[%zu].kind", i), a->tokens[i].kind, b->tokens[i].kind);
                cmp_int(&c, P("tokens[%zu].count", i), a->tokens[i].count, b->tokens[i].count);
                cmp_int(&c, P("tokens[%zu].line", i), a->tokens[i].line, b->tokens[i].line);
        }
        cmp_int(&c, "nmanifest", (long)a->nmanifest, (long)b->nmanifest);
        for (size_t i = 0; i < a->nmanifest && i < b->nmanifest; i++) {
                const struct tkit_expect *x = &a->manifest[i], *y = &b->manifest[i];
                cmp_int(&c, P("manifest[%zu].what", i), x->what, y->what);
                cmp_str(&c, P("manifest[%zu].of", i), x->of, y->of);
                cmp_int(&c, P("manifest[%zu].group", i), x->group, y->group);
                cmp_int(&c, P("manifest[%zu].count", i), x->count, y->count);
                cmp_str(&c, P("manifest[%zu].note", i), x->note, y->note);
                cmp_int(&c, P("manifest[%zu].line", i), x->line, y->line);
        }
        cmp_str(&c, "source_format", a->source_format, b->source_format);
        cmp_attrs(&c, "set", a->extra, a->nextra, b->extra, b->nextra);
        return !c.bad;
}

/* ---------------------------------------------------------------- dump */

static bool skip_column(const char *name, unsigned flags)
{
        if (!(flags & DUMP_KEEP_TIME) && (!strcmp(name, "imported") || !strcmp(name, "created")))
                return true;
        if ((flags & DUMP_NO_SOURCE) && (!strcmp(name, "file") || !strcmp(name, "line")))
                return true;
        return false;
}

static void dump_table(sqlite3 *db, const char *table, unsigned flags, struct tkit_buf *out)
{
        struct tkit_buf sql, cols;
        sqlite3_stmt *st = NULL;
        tkit_buf_init(&sql);
        tkit_buf_init(&cols);
        tkit_buf_printf(&sql, "SELECT name FROM pragma_table_info('%s') ORDER BY cid", table);
        if (sqlite3_prepare_v2(db, sql.data, -1, &st, NULL) == SQLITE_OK)
                while (sqlite3_step(st) == SQLITE_ROW) {
                        const char *name = (const char *)sqlite3_column_text(st, 0);
                        if (!skip_column(name, flags))
                                tkit_buf_printf(&cols, "%s\"%s\"", cols.len ? ", " : "", name);
                }
        sqlite3_finalize(st);
        st = NULL;
        sql.len = 0;
        tkit_buf_printf(&sql, "SELECT %s FROM \"%s\" ORDER BY %s", cols.data, table, cols.data);
        if (sqlite3_prepare_v2(db, sql.data, -1, &st, NULL) != SQLITE_OK) {
                tkit_buf_printf(out, "%s: cannot dump: %s\n", table, sqlite3_errmsg(db));
        } else {
                while (sqlite3_step(st) == SQLITE_ROW) {
                        tkit_buf_puts(out, table);
                        for (int i = 0; i < sqlite3_column_count(st); i++) {
                                const char *v = (const char *)sqlite3_column_text(st, i);
                                tkit_buf_printf(out, "|%s", v ? v : "NULL");
                        }
                        tkit_buf_puts(out, "\n");
                }
        }
        sqlite3_finalize(st);
        tkit_buf_finish(&sql);
        tkit_buf_finish(&cols);
}

char *dump_db(sqlite3 *db, unsigned flags)
{
        struct tkit_buf out;
        sqlite3_stmt *st = NULL;
        tkit_buf_init(&out);
        tkit_buf_puts(&out, "");
        char **tables = NULL;
        size_t n = 0, cap = 0;
        if (sqlite3_prepare_v2(db,
                               "SELECT name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
                               " ORDER BY type, name",
                               -1, &st, NULL) == SQLITE_OK)
                while (sqlite3_step(st) == SQLITE_ROW) {
                        /* The schema itself is part of the contents. */
                        const char *sql = (const char *)sqlite3_column_text(st, 1);
                        tkit_buf_printf(&out, "schema|%s|%s\n", sqlite3_column_text(st, 0),
                                        sql ? sql : "");
                        if (sql && strncmp(sql, "CREATE TABLE", 12) == 0)
                                *TKIT_PUSH(tables, n, cap) =
                                    tkit_xstrdup((const char *)sqlite3_column_text(st, 0));
                }
        sqlite3_finalize(st);
        for (size_t i = 0; i < n; i++) {
                dump_table(db, tables[i], flags, &out);
                free(tables[i]);
        }
        free(tables);
        return tkit_buf_steal(&out);
}

char *dump_file(const char *path, unsigned flags)
{
        sqlite3 *db = NULL;
        char *out;
        if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
                out = tkit_xasprintf("cannot open %s\n", path);
        else
                out = dump_db(db, flags);
        sqlite3_close(db);
        return out;
}

/* ---------------------------------------------------------------- a rich set */

static void add_plain_tiles(struct tkit_set *s, int ntiles)
{
        for (int i = 0; i < ntiles; i++) {
                char id[32];
                snprintf(id, sizeof id, "P%d", i);
                struct tkit_tile *t = tkit_set_add_tile(s, id);
                t->count = 1 + i % 5;
                t->line = 1000 + i;
                t->provenance = tkit_xasprintf("%0500d", i); /* bulk for the disk-full test */
                struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_ROAD, "r");
                f->mask = 0x0082; /* NM SM */
                f = tkit_tile_add_feature(t, TKIT_FIELD, "f1");
                f->mask = 0x0e01;
                f = tkit_tile_add_feature(t, TKIT_FIELD, "f2");
                f->mask = 0x017c & ~0x0082;
        }
}

static void rich_tiles(struct tkit_set *s)
{
        struct tkit_tile *t = tkit_set_add_tile(s, "D");
        t->count = 4;
        t->start = true;
        t->line = 12;
        t->basis = TKIT_BASIS_WELL_KNOWN;
        t->provenance = tkit_xstrdup("Base tile D; the start tile is one of the four.");
        tkit_tile_add_name(t, "en", "City with straight road");
        tkit_tile_add_name(t, "ro", "Oraș cu drum drept");
        struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_CITY, "c");
        f->mask = TKIT_MASK_SIDE(TKIT_N);
        f->line = 15;
        f->pennants = 1;
        f->besieger = TKIT_BESIEGER_CATHAR;
        f->cathedral = true;
        tkit_feature_add_extra(f, "jcz-city", "x", 16);
        f = tkit_tile_add_feature(t, TKIT_ROAD, "r");
        f->mask = (1u << TKIT_POS(TKIT_E, TKIT_M)) | (1u << TKIT_POS(TKIT_W, TKIT_M));
        f->inn = true;
        f->overpass = true;
        f->line = 17;
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f1");
        f->mask = (1u << TKIT_POS(TKIT_W, TKIT_R)) | (1u << TKIT_POS(TKIT_E, TKIT_L));
        tkit_feature_add_touch(f, "c");
        tkit_feature_add_touch(f, "c2");
        f = tkit_tile_add_feature(t, TKIT_CITY, "c2");
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f2");
        f->mask = (1u << TKIT_POS(TKIT_E, TKIT_R)) | TKIT_MASK_SIDE(TKIT_S) |
                  (1u << TKIT_POS(TKIT_W, TKIT_L));
        t->symbols[t->nsymbols++] = TKIT_POST_MONKS;
        t->symbols[t->nsymbols++] = TKIT_POST_ANY;
        t->symbols[t->nsymbols++] = TKIT_POST_KNIGHTS;
        strcpy(t->illustrations, "TGZ"); /* Z: unknown letter, kept as written */
        tkit_tile_add_extra(t, "wind-rose", "", 20);
        tkit_tile_add_extra(t, "wagon-move", "N-S", 21);

        t = tkit_set_add_tile(s, "S1");
        t->group = TKIT_GROUP_RIVER;
        t->basis = TKIT_BASIS_RECONSTRUCTED;
        t->line = 30;
        f = tkit_tile_add_feature(t, TKIT_RIVER, "w");
        f->mask = 1u << TKIT_POS(TKIT_S, TKIT_M);
        f->end = TKIT_END_SOURCE;
        f = tkit_tile_add_feature(t, TKIT_ROAD, "r");
        f->mask = 1u << TKIT_POS(TKIT_N, TKIT_M);
        f->end = TKIT_END_VILLAGE;
        f = tkit_tile_add_feature(t, TKIT_ROAD, "j");
        f->junction = true;
        f = tkit_tile_add_feature(t, TKIT_CLOISTER, "m");
        f = tkit_tile_add_feature(t, TKIT_GARDEN, "g");
        f = tkit_tile_add_feature(t, TKIT_FIELD, "inner");
        f->besieger = TKIT_BESIEGER_BESIEGER; /* nonsense on a field, but the store keeps it */

        t = tkit_set_add_tile(s, "empty");
        t->provenance = tkit_xstrdup(""); /* empty, not absent */
        t->count = TKIT_MAX_COUNT;
}

static void rich_piece(struct tkit_set *s)
{
        struct tkit_piece *p = tkit_set_add_piece(s, "fortress", 3, 2);
        p->count = 2;
        p->line = 50;
        p->basis = TKIT_BASIS_SOURCE;
        p->provenance = tkit_xstrdup("Siege & Defense fortress.");
        p->names = tkit_xcalloc(2, sizeof *p->names);
        p->names[0] = (struct tkit_name){tkit_xstrdup("en"), tkit_xstrdup("Fortress")};
        p->names[1] = (struct tkit_name){tkit_xstrdup("cs"), tkit_xstrdup("Pevnost")};
        p->nnames = 2;
        for (int y = 0; y < 2; y++)
                for (int x = 0; x < 3; x++) {
                        struct tkit_tile *c = tkit_piece_cell(p, x, y);
                        c->line = 60 + y * 3 + x;
                        struct tkit_feature *f = tkit_tile_add_feature(c, TKIT_CITY, "keep");
                        f->mask = (uint16_t)(TKIT_MASK_SIDE((x + y) % 4));
                        f->pennants = x;
                        if (x == 1 && y == 1)
                                tkit_tile_add_extra(c, "cell-marker", "v", 70);
                }
        p->nfaces = 2;
        p->faces = tkit_xcalloc(2, sizeof *p->faces);
        p->faces[0] = (struct tkit_face){tkit_xstrdup("front"), 2, 3, NULL, 0, 80};
        p->faces[1] = (struct tkit_face){tkit_xstrdup("back"), 4, 0, NULL, 0, 85};
        p->faces[0].nposts = 2;
        p->faces[0].posts = tkit_xcalloc(2, sizeof(struct tkit_post_def));
        p->faces[0].posts[0] = (struct tkit_post_def){TKIT_POST_KNIGHTS, 3, 1, 0, 1, 1, 81};
        p->faces[0].posts[1] = (struct tkit_post_def){TKIT_POST_MONKS, 2, 0, 2, 0, 1, 82};
        p->faces[1].nposts = 1;
        p->faces[1].posts = tkit_xcalloc(1, sizeof(struct tkit_post_def));
        p->faces[1].posts[0] = (struct tkit_post_def){TKIT_POST_TRAVELERS, 4, 0, 1, 1, 0, 86};
}

struct tkit_set *rich_set(const char *id, int ntiles)
{
        struct tkit_set *s = tkit_set_create(id);
        s->file = tkit_xstrdup("tilesets/rich.xml");
        s->line = 2;
        s->edition = tkit_xstrdup("C3.1");
        s->year = 2025;
        s->rules = TKIT_RULES_RIVER | TKIT_RULES_BRIDGES | TKIT_RULES_FORTRESS;
        s->source_format = tkit_xstrdup("tilekit");
        tkit_set_add_require(s, "base");
        tkit_set_add_require(s, "river");
        tkit_set_add_name(s, "en", "Rich set");
        tkit_set_add_name(s, "uk", "Багатий набір");
        tkit_set_add_token(s, TKIT_TOKEN_BRIDGE, 12, 5);
        tkit_set_add_token(s, TKIT_TOKEN_CASTLE, 6, 6);
        struct tkit_expect *e =
            tkit_set_add_expect(s, TKIT_EXPECT_TILES, NULL, TKIT_GROUP_RIVER, 1);
        e->note = tkit_xstrdup("RULES.md §3");
        e->line = 8;
        e = tkit_set_add_expect(s, TKIT_EXPECT_FEATURE, "village", -1, 4);
        e->line = 9;
        e = tkit_set_add_expect(s, TKIT_EXPECT_SYMBOLS, "", -1, 0); /* empty `of` kept */
        s->extra = tkit_xcalloc(1, sizeof *s->extra);
        s->extra[0] = (struct tkit_attr){tkit_xstrdup("set-marker"), tkit_xstrdup("1"), 3};
        s->nextra = 1;
        rich_tiles(s);
        rich_piece(s);
        add_plain_tiles(s, ntiles);
        return s;
}

/* ---------------------------------------------------------------- files */

char *read_all(const char *path, size_t *len)
{
        FILE *f = fopen(path, "rb");
        if (!f)
                return NULL;
        struct tkit_buf b;
        char chunk[4096];
        size_t n;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "");
        while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
                tkit_buf_add(&b, chunk, n);
        fclose(f);
        if (len)
                *len = b.len;
        return tkit_buf_steal(&b);
}

bool write_all(const char *path, const char *data)
{
        FILE *f = fopen(path, "wb");
        if (!f)
                return false;
        bool ok = fputs(data, f) >= 0;
        return fclose(f) == 0 && ok;
}

char *make_temp_dir(void)
{
        const char *tmp = getenv("TMPDIR");
        char *path = tkit_xasprintf("%s/tkit-db-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(path)) {
                free(path);
                return NULL;
        }
        return path;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
        (void)sb;
        (void)flag;
        (void)ftw;
        return remove(path);
}

void remove_tree(const char *path)
{
        if (path)
                nftw(path, rm_one, 8, FTW_DEPTH | FTW_PHYS);
}
