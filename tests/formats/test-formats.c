/* Tests of formats/: the native reader (values, masks, errors with rule and line), the safe XML
 * parsing (DTD, external entities, limits), the schema, and the canonical writer (round trip,
 * byte stability). Fixtures are in tests/formats/fixtures; TKIT_SOURCE_ROOT points at the repo. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/tkit-formats.h"
#include "tkit-test.h"

/* ------------------------------------------------------------------ helpers */

static char *src_path(const char *rel)
{
        const char *root = getenv("TKIT_SOURCE_ROOT");
        return tkit_xasprintf("%s/%s", root ? root : ".", rel);
}

static char *fixture(const char *name)
{
        char *rel = tkit_xasprintf("tests/formats/fixtures/%s", name);
        char *p = src_path(rel);
        free(rel);
        return p;
}

static char *slurp(const char *path, size_t *len)
{
        char *s = read_all(path, len);
        assert_non_null(s);
        return s;
}

struct ctx {
        struct tkit_setlist l;
        struct tkit_diags d;
};

static int setup(void **state)
{
        struct ctx *c = tkit_xcalloc(1, sizeof *c);
        tkit_setlist_init(&c->l);
        tkit_diags_init(&c->d);
        *state = c;
        return 0;
}

static int teardown(void **state)
{
        struct ctx *c = *state;
        tkit_setlist_finish(&c->l);
        tkit_diags_finish(&c->d);
        free(c);
        return 0;
}

/* Reads a fixture, expecting success; returns the set (owned by c->l). */
static struct tkit_set *read_ok(struct ctx *c, const char *name)
{
        char *p = fixture(name);
        size_t before = c->l.n;
        int rc = tkit_read_file(p, TKIT_FORMAT_AUTO, &c->l, &c->d);
        if (rc != 0)
                tkit_diags_write(&c->d, stderr, false);
        assert_int_equal(rc, 0);
        assert_int_equal(c->d.errors, 0);
        assert_int_equal(c->l.n, before + 1);
        free(p);
        return c->l.sets[c->l.n - 1];
}

static const struct tkit_feature *feature(const struct tkit_tile *t, const char *id)
{
        int i = tkit_tile_find_feature(t, id);
        assert_true(i >= 0);
        return &t->features[i];
}

static const struct tkit_tile *tile(const struct tkit_set *s, const char *id)
{
        int i = tkit_set_find_tile(s, id);
        assert_true(i >= 0);
        return &s->tiles[i];
}

static uint16_t bit(const char *pos)
{
        int p = tkit_pos_parse(pos);
        assert_true(p >= 0);
        return (uint16_t)(1u << p);
}

/* Whether some diagnostic has this rule and line (line 0: any line) and, if `needle` is given,
 * contains it. */
static bool has_diag(const struct tkit_diags *d, const char *rule, int line, const char *needle)
{
        for (size_t i = 0; i < d->n; i++) {
                const struct tkit_diag *g = &d->v[i];
                bool rule_ok = rule ? g->rule && strcmp(g->rule, rule) == 0 : !g->rule;
                if (rule_ok && (line == 0 || g->line == line) &&
                    (!needle || strstr(g->message, needle)))
                        return true;
        }
        return false;
}

static void dump_diags(const struct tkit_diags *d)
{
        tkit_diags_write(d, stderr, false);
}

/* ------------------------------------------------------------------ reading values */

/* The example in docs/format.md must stay valid and mean what the text says. */
static void test_doc_example(void **state)
{
        struct ctx *c = *state;
        char *p = src_path("docs/format.md");
        char *md = slurp(p, NULL);
        free(p);
        char *start = strstr(md, "```xml\n");
        assert_non_null(start);
        start += 7;
        char *end = strstr(start, "```");
        assert_non_null(end);
        int rc = tkit_read_memory(start, (size_t)(end - start), "format.md", TKIT_FORMAT_AUTO,
                                  &c->l, &c->d);
        if (rc)
                dump_diags(&c->d);
        assert_int_equal(rc, 0);
        const struct tkit_set *s = c->l.sets[0];
        assert_string_equal(s->id, "base");
        assert_string_equal(s->edition, "1st");
        assert_int_equal(s->year, 2000);
        assert_string_equal(tkit_set_name(s, "ro"), "Carcassonne (jocul de bază)");
        assert_int_equal(s->nmanifest, 3);
        assert_int_equal(s->manifest[2].what, TKIT_EXPECT_FEATURE);
        assert_string_equal(s->manifest[2].of, "cloister");
        assert_int_equal(s->manifest[0].group, -1);

        const struct tkit_tile *d = tile(s, "D");
        assert_int_equal(d->count, 4);
        assert_true(d->start);
        assert_int_equal(d->basis, TKIT_BASIS_WELL_KNOWN);
        assert_int_equal(feature(d, "c")->mask, TKIT_MASK_SIDE(TKIT_N));
        assert_int_equal(feature(d, "r")->mask, bit("WM") | bit("EM"));
        assert_int_equal(feature(d, "f1")->mask, bit("WR") | bit("EL"));
        assert_int_equal(feature(d, "f1")->ntouches, 1);
        assert_string_equal(feature(d, "f1")->touches[0], "c");
        assert_int_equal(feature(d, "f2")->mask, bit("ER") | bit("SL") | bit("SR") | bit("WL"));
        /* Rotation-independent facts: D is city-road-field-road, one city, no pennant. */
        char code[TKIT_SIDE_CODE_SIZE];
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(d, 0), code, sizeof code),
                            "CRFR");
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(d, 1), code, sizeof code),
                            "RCRF");

        const struct tkit_tile *a = tile(s, "A");
        assert_int_equal(feature(a, "m")->kind, TKIT_CLOISTER);
        assert_int_equal(feature(a, "m")->mask, 0);
        assert_int_equal(feature(a, "r")->end, TKIT_END_CLOISTER);
        assert_int_equal(feature(a, "f")->mask, TKIT_MASK_HALVES);
        assert_int_equal(tkit_tile_side(a, TKIT_S), TKIT_SIDE_ROAD);
        assert_int_equal(tkit_tile_side(a, TKIT_N), TKIT_SIDE_FIELD);
        free(md);
}

static void test_full_values(void **state)
{
        struct ctx *c = *state;
        const struct tkit_set *s = read_ok(c, "full.xml");
        assert_string_equal(s->source_format, "tilekit");
        assert_non_null(strstr(s->file, "full.xml"));
        assert_int_equal(s->line, 3);
        assert_string_equal(s->edition, "C3.1 & \"more\"");
        assert_int_equal(s->rules, 0xff);
        assert_int_equal(s->nrequires, 2);
        assert_string_equal(s->requires[1], "river");
        assert_string_equal(tkit_set_name(s, "en"), "Full <test> set");
        assert_string_equal(tkit_set_name(s, "uk"), "Повний набір");
        assert_int_equal(tkit_set_token_count(s, TKIT_TOKEN_CASTLE), 3);
        assert_int_equal(s->ntokens, 2);
        assert_int_equal(s->tokens[1].kind, TKIT_TOKEN_BRIDGE);
        assert_int_equal(s->tokens[1].line, 8);
        assert_int_equal(s->nmanifest, 12);
        assert_int_equal(s->manifest[0].group, TKIT_GROUP_RIVER);
        assert_string_equal(s->manifest[0].note, "a note");
        assert_int_equal(s->manifest[0].line, 11);
        assert_string_equal(s->manifest[2].of, "village");
        assert_null(s->manifest[8].of);
        assert_int_equal(s->manifest[8].what, TKIT_EXPECT_SYMBOLS);
        assert_int_equal(s->nextra, 1);
        assert_string_equal(s->extra[0].name, "set-level");

        const struct tkit_tile *t = tile(s, "T1");
        assert_int_equal(t->line, 24);
        assert_int_equal(t->count, 3);
        assert_true(t->start);
        assert_int_equal(t->nsymbols, 3);
        assert_int_equal(t->symbols[0], TKIT_POST_KNIGHTS);
        assert_int_equal(t->symbols[1], TKIT_POST_ANY);
        assert_int_equal(t->symbols[2], TKIT_POST_MONKS);
        assert_string_equal(t->illustrations, "BG");
        assert_int_equal(t->basis, TKIT_BASIS_RECONSTRUCTED);
        assert_string_equal(t->provenance, "Invented\non two lines.");
        const struct tkit_feature *city = feature(t, "c");
        assert_int_equal(city->line, 28);
        assert_int_equal(city->mask, TKIT_MASK_SIDE(TKIT_N) | TKIT_MASK_SIDE(TKIT_E));
        assert_int_equal(city->pennants, 2);
        assert_int_equal(city->besieger, TKIT_BESIEGER_CATHAR);
        assert_true(city->cathedral);
        assert_int_equal(city->nextra, 1);
        assert_string_equal(city->extra[0].value, "x < y");
        assert_int_equal(city->extra[0].line, 29);
        const struct tkit_feature *r1 = feature(t, "r1"), *r2 = feature(t, "r2");
        assert_int_equal(r1->mask, bit("SM"));
        assert_int_equal(r1->end, TKIT_END_VILLAGE);
        assert_true(r1->inn);
        assert_false(r1->overpass);
        assert_int_equal(r2->end, TKIT_END_CROSSING);
        assert_true(r2->overpass);
        assert_int_equal(feature(t, "f")->mask, bit("SL") | bit("SR") | bit("WR"));
        assert_int_equal(feature(t, "inner")->mask, 0);
        assert_int_equal(feature(t, "inner")->kind, TKIT_FIELD);
        assert_int_equal(feature(t, "gd")->kind, TKIT_GARDEN);
        assert_int_equal(t->nextra, 1);
        assert_string_equal(t->extra[0].value, "");
        assert_int_equal(tkit_tile_pennants(t), 2);
        /* City N+E, roads S and W: the same sides after any rotation, read from the masks. */
        assert_int_equal(tkit_side_code_canonical(tkit_tile_side_code(t, 0)),
                         tkit_side_code_canonical(tkit_tile_side_code(t, 3)));
        char code[TKIT_SIDE_CODE_SIZE];
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(t, 0), code, sizeof code),
                            "CCRR");

        const struct tkit_tile *rv = tile(s, "R.2");
        assert_int_equal(rv->group, TKIT_GROUP_RIVER);
        assert_int_equal(rv->basis, TKIT_BASIS_EXTERNAL);
        assert_null(rv->provenance);
        assert_int_equal(feature(rv, "w")->kind, TKIT_RIVER);
        assert_int_equal(feature(rv, "w")->end, TKIT_END_LAKE);
        assert_int_equal(feature(rv, "j")->mask, bit("EM") | bit("WM") | bit("NL"));
        assert_true(feature(rv, "j")->junction);
        assert_int_equal(tkit_tile_side(rv, TKIT_N), TKIT_SIDE_RIVER);
        assert_int_equal(tkit_tile_bridge_axes(rv), 0);
        assert_true(feature(rv, "w")->overpass);
        assert_true(feature(tile(s, "C/3@x!"), "arch")->overpass);
        assert_int_equal(feature(tile(s, "C/3@x!"), "arch")->mask, TKIT_MASK_SIDE(TKIT_E));

        assert_int_equal(s->npieces, 1);
        const struct tkit_piece *p = &s->pieces[0];
        assert_string_equal(p->id, "fort");
        assert_int_equal(p->width, 2);
        assert_int_equal(p->height, 1);
        assert_int_equal(p->count, 2);
        assert_int_equal(p->basis, TKIT_BASIS_SOURCE);
        assert_int_equal(tkit_piece_cell_const(p, 0, 0)->nfeatures, 2);
        assert_int_equal(tkit_piece_cell_const(p, 1, 0)->features[0].mask, TKIT_MASK_SIDE(TKIT_W));
        assert_int_equal(tkit_piece_cell_const(p, 1, 0)->nextra, 1);
        assert_int_equal(p->nfaces, 3);
        assert_int_equal(p->faces[0].min_players, 2);
        assert_int_equal(p->faces[0].max_players, 3);
        assert_int_equal(p->faces[1].min_players, 4);
        assert_int_equal(p->faces[1].max_players, 0);
        assert_int_equal(p->faces[2].min_players, 3);
        assert_int_equal(p->faces[2].max_players, 3);
        assert_int_equal(p->faces[0].nposts, 2);
        assert_int_equal(p->line, 46);
        assert_int_equal(tkit_piece_cell_const(p, 1, 0)->line, 53);
        assert_int_equal(p->faces[1].line, 61);
        assert_int_equal(p->faces[0].posts[1].line, 59);
        const struct tkit_post_def *k = &p->faces[0].posts[0];
        assert_int_equal(k->kind, TKIT_POST_KNIGHTS);
        assert_int_equal(k->plain, 3);
        assert_int_equal(k->dark3, 1);
        assert_int_equal(k->fiveplus, 0);
        assert_int_equal(k->meeple, 1);
        assert_int_equal(k->catapult, 1);
        assert_int_equal(tkit_post_row_spaces(k, 3), 4);
        assert_int_equal(p->faces[0].posts[1].fiveplus, 2);
}

/* Unusual but legal spellings read as what they mean. */
static void test_edge_values(void **state)
{
        struct ctx *c = *state;
        const struct tkit_set *s = read_ok(c, "edge.xml");
        assert_int_equal(s->year, 999);
        assert_int_equal(s->rules, 0);
        assert_int_equal(s->nrequires, 0);
        assert_string_equal(tkit_set_name(s, "zh-Hant-TW"), "<raw> & text");
        assert_int_equal(s->ntokens, 0);
        assert_int_equal(s->nmanifest, 0);
        const struct tkit_tile *t = tile(s, "0");
        assert_int_equal(t->count, 7);
        assert_false(t->start);
        assert_int_equal(t->nsymbols, 0);
        assert_int_equal(feature(t, "c")->mask, TKIT_MASK_SIDE(TKIT_N) | TKIT_MASK_SIDE(TKIT_E));
        assert_false(feature(t, "c")->cathedral);
        assert_false(feature(t, "r")->junction);
        assert_int_equal(feature(t, "f")->mask, bit("WR") | bit("SL"));
        assert_int_equal(feature(t, "f")->ntouches, 0);
        assert_int_equal(s->pieces[0].faces[0].min_players, 1);
        assert_int_equal(s->pieces[0].faces[0].max_players, 5);
}

/* A side letter means a different set of positions for each kind of feature. */
static void test_side_letters(void **state)
{
        struct ctx *c = *state;
        static const char doc[] = "<tileset format='1' id='s'><tile id='A'>"
                                  "<city id='c' at='W'/><road id='r' at='N S'/>"
                                  "<field id='f' at='E NL SR'/><field id='g' at='NR SL'/>"
                                  "</tile></tileset>";
        assert_int_equal(
            tkit_read_memory(doc, sizeof doc - 1, "m", TKIT_FORMAT_NATIVE, &c->l, &c->d), 0);
        const struct tkit_tile *t = &c->l.sets[0]->tiles[0];
        assert_int_equal(feature(t, "c")->mask, bit("WL") | bit("WM") | bit("WR"));
        assert_int_equal(feature(t, "r")->mask, bit("NM") | bit("SM"));
        assert_int_equal(feature(t, "f")->mask, bit("EL") | bit("ER") | bit("NL") | bit("SR"));
        assert_int_equal(tkit_tile_side(t, TKIT_W), TKIT_SIDE_CITY);
        assert_int_equal(tkit_tile_side(t, TKIT_E), TKIT_SIDE_FIELD);
        /* Rotated once: the city goes north. */
        assert_int_equal(TKIT_CODE_SIDE(tkit_tile_side_code(t, 1), TKIT_N), TKIT_SIDE_CITY);
}

/* ------------------------------------------------------------------ errors */

struct bad_case {
        const char *file;
        const char *rule;
        int line;
        const char *needle;
        bool schema_too; /* the RelaxNG schema alone rejects it as well */
};

static const struct bad_case bad_cases[] = {
    {"bad-unknown-element.xml", "XML-UNKNOWN", 5, "<castle>", true},
    {"bad-unknown-attribute.xml", "XML-UNKNOWN", 4, "colour", true},
    {"bad-side-token.xml", "XML-VALUE", 5, "'X'", true},
    {"bad-half-edge.xml", "XML-VALUE", 4, "'NX'", true},
    {"bad-count.xml", "XML-VALUE", 4, "3.5", true},
    {"bad-enum.xml", "XML-VALUE", 5, "castle", true},
    {"bad-id.xml", "XML-VALUE", 4, "-c", true},
    {"bad-id-long.xml", "XML-VALUE", 3, "64 bytes", true},
    {"bad-repeated-position.xml", "XML-VALUE", 4, "NL", false},
    {"bad-symbols.xml", "XML-VALUE", 3, "8 siege symbols", false},
    {"bad-missing-attribute.xml", "XML-VALUE", 4, "'at'", true},
    {"bad-order.xml", "XML-UNKNOWN", 4, "out of order", true},
    {"bad-text.xml", "XML-UNKNOWN", 4, "stray text", true},
    {"bad-format-version.xml", "XML-VALUE", 2, "format=\"2\"", true},
    {"bad-expect-of.xml", "XML-VALUE", 4, "dragon", true},
    {"bad-piece-cell.xml", "XML-VALUE", 5, "outside", false},
    {"bad-players.xml", "XML-VALUE", 5, "three", true},
    {"bad-namespace.xml", "XML-UNKNOWN", 3, "x:extra", true},
    {"bad-too-many-features.xml", "XML-VALUE", 68, "64 features", false},
    {"bad-duplicate-tile.xml", "ID-DUP", 6, "'A'", false},
    {"bad-duplicate-feature.xml", "ID-DUP", 5, "'c'", false},
    {"bad-dangling-touch.xml", "REF-TOUCH", 6, "'r'", false},
    {"bad-count-range.xml", "COUNT-RANGE", 3, "count 0", false},
    {"bad-malformed.xml", "XML-PARSE", 5, "mismatch", true},
    {"bad-utf8.xml", "XML-PARSE", 3, "UTF-8", true},
    {"bad-deep.xml", "XML-PARSE", 0, "depth", true},
    {"bad-doctype.xml", "XML-DTD", 2, "not allowed", true},
    {"bad-encoding.xml", "XML-VALUE", 2, "ISO-8859-1", false},
    {"bad-utf16.xml", "XML-VALUE", 1, "UTF-16", false},
    {"bad-multiline.xml", "ID-DUP", 10, "first at line 5", false},
    {"bad-root.xml", "XML-UNKNOWN", 2, "<tiles>", true},
};

/* Every bad file fails with its rule and line, and `out` keeps exactly what it had. */
static void test_bad_files(void **state)
{
        struct ctx *c = *state;
        tkit_setlist_add(&c->l, tkit_set_create("already-there"));
        for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
                const struct bad_case *b = &bad_cases[i];
                char *p = fixture(b->file);
                tkit_diags_clear(&c->d);
                int rc = tkit_read_file(p, TKIT_FORMAT_AUTO, &c->l, &c->d);
                if (rc != TKIT_E_INVALID || !has_diag(&c->d, b->rule, b->line, b->needle)) {
                        fprintf(stderr, "case %s: rc %d, wanted [%s] at line %d with '%s'\n",
                                b->file, rc, b->rule, b->line, b->needle);
                        dump_diags(&c->d);
                        fail();
                }
                assert_int_equal(c->l.n, 1);
                /* Diagnostics name the file. */
                assert_string_equal(c->d.v[0].file, p);
                free(p);
        }
}

/* All independent problems of a file are reported, each with its line and tile. */
static void test_many_errors(void **state)
{
        struct ctx *c = *state;
        char *p = fixture("bad-many.xml");
        assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &c->l, &c->d), TKIT_E_INVALID);
        free(p);
        assert_true(has_diag(&c->d, "XML-UNKNOWN", 3, "colour"));
        assert_true(has_diag(&c->d, "XML-UNKNOWN", 4, "size"));
        assert_true(has_diag(&c->d, "XML-UNKNOWN", 5, "'z'"));
        assert_true(has_diag(&c->d, "XML-VALUE", 6, "'Q'"));
        assert_true(has_diag(&c->d, "XML-VALUE", 8, "B!?"));
        assert_true(has_diag(&c->d, "XML-VALUE", 9, "'NX'"));
        assert_true(has_diag(&c->d, "XML-VALUE", 11, "many"));
        assert_int_equal(c->d.errors, 7);
        for (size_t i = 0; i < c->d.n; i++)
                if (c->d.v[i].line == 4 || c->d.v[i].line == 6)
                        assert_string_equal(c->d.v[i].tile, "A");
        assert_int_equal(c->l.n, 0);
}

/* The reader and the schema agree: what the schema can express, both reject; good files pass
 * both. */
static void test_schema_agrees(void **state)
{
        struct ctx *c = *state;
        for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
                const struct bad_case *b = &bad_cases[i];
                if (strcmp(b->rule, "XML-PARSE") == 0 || strcmp(b->rule, "XML-DTD") == 0)
                        continue;
                char *p = fixture(b->file);
                size_t len;
                char *data = slurp(p, &len);
                tkit_diags_clear(&c->d);
                int rc = tkit_native_validate_memory(data, len, b->file, &c->d);
                /* What a grammar can say, the schema rejects; what it cannot (repeats, counts,
                 * references), it lets through and the reader alone catches. */
                bool rejected = rc == TKIT_E_INVALID && has_diag(&c->d, "XML-SCHEMA", 0, NULL);
                if (rejected != b->schema_too) {
                        fprintf(stderr, "schema %s %s\n", rejected ? "rejects" : "accepts",
                                b->file);
                        dump_diags(&c->d);
                        fail();
                }
                free(data);
                free(p);
        }
        static const char *const good[] = {"full.xml", "full-canonical.xml", "minimal.xml",
                                           "edge.xml"};
        for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
                char *p = fixture(good[i]);
                size_t len;
                char *data = slurp(p, &len);
                tkit_diags_clear(&c->d);
                int rc = tkit_native_validate_memory(data, len, good[i], &c->d);
                if (rc)
                        dump_diags(&c->d);
                assert_int_equal(rc, 0);
                free(data);
                free(p);
        }
}

/* Schema errors carry a line number. */
static void test_schema_line(void **state)
{
        struct ctx *c = *state;
        static const char doc[] = "<tileset format='1' id='s'>\n<tile id='A'>\n"
                                  "<road id='r' at='N' end='nowhere'/>\n</tile>\n</tileset>\n";
        assert_int_equal(tkit_native_validate_memory(doc, sizeof doc - 1, "m", &c->d),
                         TKIT_E_INVALID);
        assert_true(has_diag(&c->d, "XML-SCHEMA", 3, NULL));
}

static void test_io_errors(void **state)
{
        struct ctx *c = *state;
        int rc = tkit_read_file("/nonexistent/dir/tiles.xml", TKIT_FORMAT_AUTO, &c->l, &c->d);
        assert_int_equal(rc, TKIT_E_IO);
        assert_int_equal(c->l.n, 0);
        assert_int_equal(c->d.errors, 1);
        assert_non_null(strstr(c->d.v[0].message, "/nonexistent/dir/tiles.xml"));
        char *dir = src_path("tests");
        tkit_diags_clear(&c->d);
        assert_int_equal(tkit_read_file(dir, TKIT_FORMAT_AUTO, &c->l, &c->d), TKIT_E_IO);
        assert_non_null(strstr(c->d.v[0].message, dir));
        free(dir);
}

/* Input over the limit is refused before parsing, from memory and from a file. */
static void test_oversized(void **state)
{
        struct ctx *c = *state;
        /* A realistic shape: many elements (set-level markers with long values), filled up to
         * one byte over the limit. */
        size_t len = TKIT_MAX_INPUT_BYTES + 1;
        struct tkit_buf doc;
        tkit_buf_init(&doc);
        tkit_buf_puts(&doc, "<tileset format='1' id='s'>\n");
        char value[4001];
        memset(value, 'v', sizeof value - 1);
        value[sizeof value - 1] = '\0';
        static const char tail[] = "</tileset>\n";
        while (doc.len + 4100 + sizeof tail < len)
                tkit_buf_printf(&doc, "<marker name='m' value='%s'/>\n", value);
        while (doc.len + sizeof tail - 1 < len)
                tkit_buf_puts(&doc, " ");
        tkit_buf_puts(&doc, tail);
        assert_int_equal(doc.len, len);
        char *big = tkit_buf_steal(&doc);
        assert_int_equal(tkit_read_memory(big, len, "big", TKIT_FORMAT_AUTO, &c->l, &c->d),
                         TKIT_E_LIMIT);
        assert_true(has_diag(&c->d, "XML-LIMIT", 0, NULL));
        assert_int_equal(tkit_native_validate_memory(big, len, "big", &c->d), TKIT_E_LIMIT);
        assert_int_equal(c->l.n, 0);

        char tmpl[] = "/tmp/tkit-test-big-XXXXXX";
        int fd = mkstemp(tmpl);
        assert_true(fd >= 0);
        FILE *f = fdopen(fd, "wb");
        assert_int_equal(fwrite(big, 1, len, f), len);
        fclose(f);
        tkit_diags_clear(&c->d);
        assert_int_equal(tkit_read_file(tmpl, TKIT_FORMAT_AUTO, &c->l, &c->d), TKIT_E_LIMIT);
        assert_string_equal(c->d.v[0].file, tmpl);
        assert_int_equal(c->l.n, 0);
        /* One byte less is parsed. */
        f = fopen(tmpl, "wb");
        assert_non_null(f);
        size_t keep = len - (sizeof tail - 1) - 1; /* drop one padding blank */
        assert_int_equal(fwrite(big, 1, keep, f), keep);
        assert_int_equal(fwrite(tail, 1, sizeof tail - 1, f), sizeof tail - 1);
        fclose(f);
        tkit_diags_clear(&c->d);
        int rc = tkit_read_file(tmpl, TKIT_FORMAT_AUTO, &c->l, &c->d);
        if (rc)
                dump_diags(&c->d);
        assert_int_equal(rc, 0);
        unlink(tmpl);
        free(big);
}

/* ------------------------------------------------------------------ external entities */

static bool diags_contain(const struct tkit_diags *d, const char *s)
{
        for (size_t i = 0; i < d->n; i++)
                if (strstr(d->v[i].message, s))
                        return true;
        return false;
}

static bool set_contains(const struct tkit_setlist *l, const char *s)
{
        for (size_t i = 0; i < l->n; i++) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_native_write(l->sets[i], &b);
                bool found = strstr(b.data, s) != NULL;
                tkit_buf_finish(&b);
                if (found)
                        return true;
        }
        return false;
}

/* A real file with a secret, referenced as an external general entity, a parameter entity and an
 * external DTD subset: the read fails with XML-DTD and the secret reaches neither the model nor
 * the diagnostics. */
static void test_external_entity(void **state)
{
        struct ctx *c = *state;
        static const char secret[] = "TKIT-SECRET-7f3a91";
        char dir[] = "/tmp/tkit-xxe-XXXXXX";
        assert_non_null(mkdtemp(dir));
        char *secret_path = tkit_xasprintf("%s/secret.txt", dir);
        char *dtd_path = tkit_xasprintf("%s/evil.dtd", dir);
        FILE *f = fopen(secret_path, "w");
        fprintf(f, "%s", secret);
        fclose(f);
        f = fopen(dtd_path, "w");
        fprintf(f, "<!ENTITY leak SYSTEM \"file://%s\">\n", secret_path);
        fclose(f);
        char *docs[] = {
            tkit_xasprintf("<?xml version=\"1.0\"?>\n<!DOCTYPE tileset [\n"
                           "<!ENTITY s SYSTEM \"file://%s\">\n]>\n"
                           "<tileset format=\"1\" id=\"x\"><name lang=\"en\">&s;</name>"
                           "</tileset>\n",
                           secret_path),
            tkit_xasprintf("<?xml version=\"1.0\"?>\n<!DOCTYPE tileset [\n"
                           "<!ENTITY s SYSTEM \"%s\">\n]>\n"
                           "<tileset format=\"1\" id=\"x\" edition=\"&s;\"/>\n",
                           secret_path),
            tkit_xasprintf("<?xml version=\"1.0\"?>\n<!DOCTYPE tileset SYSTEM \"%s\">\n"
                           "<tileset format=\"1\" id=\"x\"><name lang=\"en\">&leak;</name>"
                           "</tileset>\n",
                           dtd_path),
            tkit_xasprintf("<?xml version=\"1.0\"?>\n<!DOCTYPE tileset [\n"
                           "<!ENTITY %% p SYSTEM \"%s\"> %%p;\n]>\n"
                           "<tileset format=\"1\" id=\"x\"><name lang=\"en\">&leak;</name>"
                           "</tileset>\n",
                           dtd_path),
        };
        for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
                for (int fmt = TKIT_FORMAT_AUTO; fmt <= TKIT_FORMAT_JCZ; fmt++) {
                        tkit_diags_clear(&c->d);
                        int rc = tkit_read_memory(docs[i], strlen(docs[i]), "xxe.xml",
                                                  (enum tkit_format)fmt, &c->l, &c->d);
                        assert_int_equal(rc, TKIT_E_INVALID);
                        assert_true(has_diag(&c->d, "XML-DTD", 2, "not allowed"));
                        assert_int_equal(c->l.n, 0);
                        assert_false(diags_contain(&c->d, secret));
                }
                tkit_diags_clear(&c->d);
                assert_int_equal(
                    tkit_native_validate_memory(docs[i], strlen(docs[i]), "xxe.xml", &c->d),
                    TKIT_E_INVALID);
                assert_false(diags_contain(&c->d, secret));
                free(docs[i]);
        }
        /* The same entity without a DOCTYPE is simply undeclared. */
        static const char undeclared[] =
            "<tileset format='1' id='x'><name lang='en'>&s;</name></tileset>";
        tkit_diags_clear(&c->d);
        assert_int_equal(tkit_read_memory(undeclared, sizeof undeclared - 1, "u.xml",
                                          TKIT_FORMAT_AUTO, &c->l, &c->d),
                         TKIT_E_INVALID);
        assert_true(has_diag(&c->d, "XML-PARSE", 1, NULL));
        assert_false(set_contains(&c->l, secret));
        unlink(secret_path);
        unlink(dtd_path);
        rmdir(dir);
        free(secret_path);
        free(dtd_path);
}

/* The billion laughs, in its internal-subset form: refused at the DOCTYPE, quickly. */
static void test_entity_bomb(void **state)
{
        struct ctx *c = *state;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<!DOCTYPE tileset [\n<!ENTITY l0 \"ha\">\n");
        for (int i = 1; i < 20; i++)
                tkit_buf_printf(&b, "<!ENTITY l%d \"&l%d;&l%d;&l%d;&l%d;&l%d;&l%d;&l%d;&l%d;\">\n",
                                i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
        tkit_buf_puts(&b, "]>\n<tileset format=\"1\" id=\"x\" edition=\"&l19;\"/>\n");
        assert_int_equal(
            tkit_read_memory(b.data, b.len, "bomb.xml", TKIT_FORMAT_AUTO, &c->l, &c->d),
            TKIT_E_INVALID);
        assert_true(has_diag(&c->d, "XML-DTD", 2, NULL));
        assert_int_equal(c->l.n, 0);
        tkit_buf_finish(&b);
}

/* ------------------------------------------------------------------ formats */

static void test_format_names(void **state)
{
        (void)state;
        assert_int_equal(tkit_format_parse("auto"), TKIT_FORMAT_AUTO);
        assert_int_equal(tkit_format_parse("tilekit"), TKIT_FORMAT_NATIVE);
        assert_int_equal(tkit_format_parse("jcz"), TKIT_FORMAT_JCZ);
        assert_int_equal(tkit_format_parse("xml"), -1);
        assert_int_equal(tkit_format_parse(NULL), -1);
        for (int f = TKIT_FORMAT_AUTO; f <= TKIT_FORMAT_JCZ; f++)
                assert_int_equal(tkit_format_parse(tkit_format_name((enum tkit_format)f)), f);
}

/* A forced format is honoured: a JCloisterZone document read as native fails on its root. */
static void test_forced_format(void **state)
{
        struct ctx *c = *state;
        static const char jcz[] = "<defs>\n<tiles/>\n</defs>\n";
        assert_int_equal(
            tkit_read_memory(jcz, sizeof jcz - 1, "j.xml", TKIT_FORMAT_NATIVE, &c->l, &c->d),
            TKIT_E_INVALID);
        assert_true(has_diag(&c->d, "XML-UNKNOWN", 1, "<defs>"));
        assert_int_equal(c->l.n, 0);
        /* And a native document forced through the JCloisterZone reader is not read as native. */
        char *p = fixture("minimal.xml");
        tkit_diags_clear(&c->d);
        assert_int_not_equal(tkit_read_file(p, TKIT_FORMAT_JCZ, &c->l, &c->d), 0);
        assert_int_equal(c->l.n, 0);
        tkit_diags_clear(&c->d);
        assert_int_equal(tkit_read_file(p, TKIT_FORMAT_NATIVE, &c->l, &c->d), 0);
        assert_int_equal(c->l.n, 1);
        free(p);
}

/* ------------------------------------------------------------------ writing */

static void write_read_compare(struct ctx *c, const struct tkit_set *s, const char *label)
{
        struct tkit_buf b1, b2;
        tkit_buf_init(&b1);
        tkit_buf_init(&b2);
        tkit_native_write(s, &b1);
        struct tkit_setlist l2;
        tkit_setlist_init(&l2);
        tkit_diags_clear(&c->d);
        int rc = tkit_read_memory(b1.data, b1.len, label, TKIT_FORMAT_AUTO, &l2, &c->d);
        if (rc) {
                dump_diags(&c->d);
                fprintf(stderr, "%s", b1.data);
        }
        assert_int_equal(rc, 0);
        char *why = NULL;
        bool eq = tkit_set_equal(s, l2.sets[0], &why);
        if (!eq)
                fprintf(stderr, "%s: %s\n", label, why);
        assert_true(eq);
        assert_null(why);
        tkit_native_write(l2.sets[0], &b2);
        assert_int_equal(b1.len, b2.len);
        assert_memory_equal(b1.data, b2.data, b1.len);
        tkit_setlist_finish(&l2);
        tkit_buf_finish(&b1);
        tkit_buf_finish(&b2);
}

static void test_round_trip_fixtures(void **state)
{
        struct ctx *c = *state;
        static const char *const files[] = {"full.xml", "full-canonical.xml", "minimal.xml",
                                            "edge.xml"};
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
                const struct tkit_set *s = read_ok(c, files[i]);
                write_read_compare(c, s, files[i]);
        }
        /* The canonical output of full.xml is exactly the stored canonical file. */
        char *p = fixture("full-canonical.xml");
        size_t len;
        char *want = slurp(p, &len);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_native_write(c->l.sets[0], &b);
        assert_int_equal(b.len, len);
        assert_memory_equal(b.data, want, len);
        tkit_buf_finish(&b);
        free(want);
        free(p);
}

/* Every bundled tile set reads, and survives write → read unchanged. */
static void test_round_trip_tilesets(void **state)
{
        struct ctx *c = *state;
        char *dir = src_path("tilesets");
        DIR *dp = opendir(dir);
        assert_non_null(dp);
        int n = 0;
        struct dirent *e;
        while ((e = readdir(dp))) {
                size_t len = strlen(e->d_name);
                if (len < 5 || strcmp(e->d_name + len - 4, ".xml") != 0)
                        continue;
                char *p = tkit_xasprintf("%s/%s", dir, e->d_name);
                tkit_diags_clear(&c->d);
                int rc = tkit_read_file(p, TKIT_FORMAT_AUTO, &c->l, &c->d);
                if (rc)
                        dump_diags(&c->d);
                assert_int_equal(rc, 0);
                write_read_compare(c, c->l.sets[c->l.n - 1], e->d_name);
                free(p);
                n++;
        }
        closedir(dp);
        free(dir);
        assert_true(n > 0);
}

/* What the JCloisterZone reader makes of the real third-party data (vendored in
 * third_party/jcloisterzone) survives the native format (ids with '!', city arches as
 * overpasses, markers). Every file must read, each on its own. */
static void test_round_trip_jcz(void **state)
{
        struct ctx *c = *state;
        const char *ext = getenv("TKIT_EXTERNAL");
        char *dir = ext ? tkit_xasprintf("%s/jcloisterzone", ext) : NULL;
        DIR *dp = dir ? opendir(dir) : NULL;
        if (!dp)
                fail_msg("JCloisterZone's files (TKIT_EXTERNAL=%s): not there",
                         ext ? ext : "unset");
        int sets = 0, files = 0;
        struct dirent *e;
        while ((e = readdir(dp))) {
                size_t len = strlen(e->d_name);
                if (len < 5 || strcmp(e->d_name + len - 4, ".xml") != 0)
                        continue;
                char *p = tkit_xasprintf("%s/%s", dir, e->d_name);
                struct tkit_setlist l;
                tkit_setlist_init(&l);
                tkit_diags_clear(&c->d);
                if (tkit_read_file(p, TKIT_FORMAT_JCZ, &l, &c->d) != 0) {
                        tkit_diags_write(&c->d, stderr, false);
                        fail_msg("%s: the JCloisterZone reader refused it", p);
                }
                files++;
                for (size_t i = 0; i < l.n; i++, sets++)
                        write_read_compare(c, l.sets[i], e->d_name);
                tkit_setlist_finish(&l);
                free(p);
        }
        closedir(dp);
        free(dir);
        assert_int_equal(files, 30);
        assert_true(sets >= files);
}

/* A model built in code, with what only another source produces: partial sides, strings that
 * need escaping, markers everywhere. */
static void test_round_trip_built(void **state)
{
        struct ctx *c = *state;
        struct tkit_set *s = tkit_set_create("built");
        s->edition = tkit_xstrdup("tab\there, newline\nthere, cr\rand \"quotes\" & <angles>");
        tkit_set_add_name(s, "en", "  spaced & <escaped>  \n");
        struct tkit_tile *t = tkit_set_add_tile(s, "T");
        t->count = 7;
        struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_CITY, "c");
        f->mask = (uint16_t)(bit("NL") | bit("NM") | bit("ER")); /* not whole sides */
        tkit_feature_add_extra(f, "k", "v\"'<>&\t", 0);
        f = tkit_tile_add_feature(t, TKIT_ROAD, "r");
        f->mask = (uint16_t)(bit("SM") | bit("SL") | bit("WM"));
        f = tkit_tile_add_feature(t, TKIT_FIELD, "f");
        f->mask = (uint16_t)(bit("WL") | bit("WR") | bit("WM") | bit("NR"));
        tkit_feature_add_touch(f, "c");
        tkit_tile_add_extra(t, "jcz:x", "ü", 0);
        t->provenance = tkit_xstrdup("note without basis");
        write_read_compare(c, s, "built");

        /* Characters XML cannot carry become U+FFFD; the output still reads. */
        free(s->edition);
        s->edition = tkit_xstrdup("bell\a and broken \xc3( utf-8");
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_native_write(s, &b);
        assert_non_null(strstr(b.data, "bell\xef\xbf\xbd and broken \xef\xbf\xbd( utf-8"));
        assert_int_equal(tkit_read_memory(b.data, b.len, "b", TKIT_FORMAT_AUTO, &c->l, &c->d), 0);
        tkit_buf_finish(&b);
        tkit_set_destroy(s);
}

static void test_equal_detects(void **state)
{
        struct ctx *c = *state;
        const struct tkit_set *a = read_ok(c, "full.xml");
        const struct tkit_set *b = read_ok(c, "full.xml");
        assert_true(tkit_set_equal(a, b, NULL));
        c->l.sets[1]->tiles[0].features[1].mask ^= 1u;
        char *why = NULL;
        assert_false(tkit_set_equal(a, b, &why));
        assert_non_null(strstr(why, "r1"));
        free(why);
        c->l.sets[1]->tiles[0].features[1].mask ^= 1u;
        c->l.sets[1]->pieces[0].faces[0].posts[0].dark3++;
        assert_false(tkit_set_equal(a, b, NULL));
        c->l.sets[1]->pieces[0].faces[0].posts[0].dark3--;

        /* where things were read from: only the exact comparison sees it */
        assert_true(tkit_set_equal_exact(a, b, NULL));
        c->l.sets[1]->tiles[0].features[1].line++;
        assert_true(tkit_set_equal(a, b, NULL));
        assert_false(tkit_set_equal_exact(a, b, &why));
        assert_non_null(strstr(why, "line"));
        free(why);
        c->l.sets[1]->tiles[0].features[1].line--;
        c->l.sets[1]->pieces[0].faces[0].posts[0].line++;
        assert_false(tkit_set_equal_exact(a, b, NULL));
        c->l.sets[1]->pieces[0].faces[0].posts[0].line--;
        free(c->l.sets[1]->file);
        c->l.sets[1]->file = tkit_xstrdup("elsewhere.xml");
        assert_true(tkit_set_equal(a, b, NULL));
        assert_false(tkit_set_equal_exact(a, b, NULL));
}

static void test_write_file(void **state)
{
        struct ctx *c = *state;
        const struct tkit_set *s = read_ok(c, "full.xml");
        char dir[] = "/tmp/tkit-write-XXXXXX";
        assert_non_null(mkdtemp(dir));
        char *p = tkit_xasprintf("%s/out.xml", dir);
        assert_int_equal(tkit_native_write_file(s, p), 0);
        assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &c->l, &c->d), 0);
        assert_true(tkit_set_equal(s, c->l.sets[c->l.n - 1], NULL));
        unlink(p);
        free(p);
        p = tkit_xasprintf("%s/no/such/dir/out.xml", dir);
        assert_int_equal(tkit_native_write_file(s, p), TKIT_E_IO);
        free(p);
        rmdir(dir);
}

/* The compiled schema is dropped by cleanup and compiled again on demand. */
static void test_cleanup_and_again(void **state)
{
        struct ctx *c = *state;
        read_ok(c, "minimal.xml");
        tkit_formats_cleanup();
        read_ok(c, "minimal.xml");
        tkit_formats_cleanup();
        tkit_formats_cleanup();
}

/* Many <name> elements: a repeated language is still found (through an index, not a scan), for
 * the set and for a tile, at the line of the repeat. */
static void test_many_names(void **state)
{
        struct ctx *c = *state;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<tileset format=\"1\" id=\"names\" rules=\"\">\n");
        for (int i = 0; i < 3000; i++) /* lines 3..3002 */
                tkit_buf_printf(&b, "<name lang=\"x%d\">N</name>\n", i);
        tkit_buf_puts(&b, "<name lang=\"x2999\">again</name>\n" /* line 3003 */
                          "<tile id=\"B\" count=\"1\">\n");
        for (int i = 0; i < 3000; i++) /* lines 3005..6004 */
                tkit_buf_printf(&b, "<name lang=\"x%d\">N</name>\n", i);
        tkit_buf_puts(&b, "<name lang=\"x1\">again</name>\n" /* line 6005 */
                          "<cloister id=\"m\"/><field id=\"f\" at=\"N E S W\"/></tile>\n"
                          "</tileset>\n");
        int rc = tkit_read_memory(b.data, b.len, "names.xml", TKIT_FORMAT_AUTO, &c->l, &c->d);
        if (c->d.errors != 2)
                dump_diags(&c->d);
        assert_int_equal(rc, TKIT_E_INVALID);
        assert_int_equal(c->d.errors, 2);
        assert_true(has_diag(&c->d, "XML-VALUE", 3003, "a second <name> in language 'x2999'"));
        assert_true(has_diag(&c->d, "XML-VALUE", 6005, "a second <name> in language 'x1'"));
        tkit_buf_finish(&b);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test_setup_teardown(test_many_names, setup, teardown),
            cmocka_unit_test_setup_teardown(test_doc_example, setup, teardown),
            cmocka_unit_test_setup_teardown(test_full_values, setup, teardown),
            cmocka_unit_test_setup_teardown(test_edge_values, setup, teardown),
            cmocka_unit_test_setup_teardown(test_side_letters, setup, teardown),
            cmocka_unit_test_setup_teardown(test_bad_files, setup, teardown),
            cmocka_unit_test_setup_teardown(test_many_errors, setup, teardown),
            cmocka_unit_test_setup_teardown(test_schema_agrees, setup, teardown),
            cmocka_unit_test_setup_teardown(test_schema_line, setup, teardown),
            cmocka_unit_test_setup_teardown(test_io_errors, setup, teardown),
            cmocka_unit_test_setup_teardown(test_oversized, setup, teardown),
            cmocka_unit_test_setup_teardown(test_external_entity, setup, teardown),
            cmocka_unit_test_setup_teardown(test_entity_bomb, setup, teardown),
            cmocka_unit_test_setup_teardown(test_format_names, setup, teardown),
            cmocka_unit_test_setup_teardown(test_forced_format, setup, teardown),
            cmocka_unit_test_setup_teardown(test_round_trip_fixtures, setup, teardown),
            cmocka_unit_test_setup_teardown(test_round_trip_tilesets, setup, teardown),
            cmocka_unit_test_setup_teardown(test_round_trip_jcz, setup, teardown),
            cmocka_unit_test_setup_teardown(test_round_trip_built, setup, teardown),
            cmocka_unit_test_setup_teardown(test_equal_detects, setup, teardown),
            cmocka_unit_test_setup_teardown(test_write_file, setup, teardown),
            cmocka_unit_test_setup_teardown(test_cleanup_and_again, setup, teardown),
        };
        int rc = cmocka_run_group_tests_name("formats", tests, NULL, NULL);
        tkit_formats_cleanup();
        return rc;
}
