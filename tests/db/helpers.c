#include "helpers.h"

#include "formats/tkit-formats.h"

#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- deep comparison */

bool set_equal(const struct tkit_set *a, const struct tkit_set *b, char *why, size_t n)
{
        char *w = NULL;
        bool eq = tkit_set_equal_exact(a, b, &w);
        if (!eq && why)
                snprintf(why, n, "%s", w);
        free(w);
        return eq;
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
        f->mask = 1u << TKIT_POS(TKIT_N, TKIT_L); /* overlaps c: the store keeps it */
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f2");
        f->mask = (1u << TKIT_POS(TKIT_E, TKIT_R)) | TKIT_MASK_SIDE(TKIT_S) |
                  (1u << TKIT_POS(TKIT_W, TKIT_L));
        t->symbols[t->nsymbols++] = TKIT_POST_MONKS;
        t->symbols[t->nsymbols++] = TKIT_POST_ANY;
        t->symbols[t->nsymbols++] = TKIT_POST_KNIGHTS;
        strcpy(t->illustrations, "TGW");
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
        f->mask = 1u << TKIT_POS(TKIT_N, TKIT_M); /* overlaps r */
        f->junction = true;
        f = tkit_tile_add_feature(t, TKIT_CLOISTER, "m");
        f = tkit_tile_add_feature(t, TKIT_GARDEN, "g");
        f = tkit_tile_add_feature(t, TKIT_FIELD, "inner");

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
        e->note = tkit_xstrdup("Castles & Bridges rulebook, C3.1 2025, Romanian");
        e->line = 8;
        e = tkit_set_add_expect(s, TKIT_EXPECT_FEATURE, "village", -1, 4);
        e->line = 9;
        e = tkit_set_add_expect(s, TKIT_EXPECT_SYMBOLS, "any", -1, 0);
        s->extra = tkit_xcalloc(1, sizeof *s->extra);
        s->extra[0] = (struct tkit_attr){tkit_xstrdup("set-marker"), tkit_xstrdup("1"), 3};
        s->nextra = 1;
        rich_tiles(s);
        rich_piece(s);
        add_plain_tiles(s, ntiles);
        return s;
}
