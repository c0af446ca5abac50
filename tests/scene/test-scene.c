/* Tests of the scene format (docs/scene.md): the reader on good fixtures (values as written),
 * the canonical writer (round trip to an equal scene, same bytes twice), one bad fixture per
 * error class (rule and line), every error of a file reported, the limits, file I/O, the
 * complete example of docs/scene.md, and the conversion of a layout into a scene.
 * TKIT_SOURCE_ROOT points at the repository. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "fuzz/scene-roundtrip.h"
#include "sim/tkit-sim.h"
#include "tkit-test.h"

static char *src_path(const char *rel)
{
        const char *root = getenv("TKIT_SOURCE_ROOT");
        return tkit_xasprintf("%s/%s", root ? root : ".", rel);
}

static bool has_diag(const struct tkit_diags *d, const char *rule, int line, const char *needle)
{
        for (size_t i = 0; i < d->n; i++) {
                const struct tkit_diag *g = &d->v[i];
                if (g->rule && strcmp(g->rule, rule) == 0 && (line == 0 || g->line == line) &&
                    (!needle || strstr(g->message, needle)))
                        return true;
        }
        return false;
}

/* Reads `rel`, expecting success without any diagnostic. */
static struct tkit_scene *read_ok(const char *rel)
{
        char *p = src_path(rel);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int err = 1;
        struct tkit_scene *s = tkit_scene_read_file(p, &d, &err);
        if (!s || d.n)
                tkit_diags_write(&d, stderr, false);
        assert_non_null(s);
        assert_int_equal(err, 0);
        assert_int_equal(d.n, 0);
        assert_string_equal(s->file, p);
        tkit_diags_finish(&d);
        free(p);
        return s;
}

/* write → read → equal, and the second write gives the same bytes (fuzz/scene-roundtrip.h). */
static void assert_round_trip(const struct tkit_scene *s)
{
        char *why = NULL;
        if (!scene_survives(s, &why))
                fail_msg("%s: %s", s->id, why);
}

/* ------------------------------------------------------------------ good files */

static void test_fixtures_round_trip(void **state)
{
        (void)state;
        char *dir = src_path("tests/scene/fixtures");
        DIR *dh = opendir(dir);
        assert_non_null(dh);
        int n = 0;
        for (struct dirent *e; (e = readdir(dh)) != NULL;) {
                size_t len = strlen(e->d_name);
                if (len < 4 || strcmp(e->d_name + len - 4, ".xml") != 0)
                        continue;
                char *rel = tkit_xasprintf("tests/scene/fixtures/%s", e->d_name);
                struct tkit_scene *s = read_ok(rel);
                assert_round_trip(s);
                struct tkit_scene *c = tkit_scene_copy(s);
                assert_true(tkit_scene_equal(s, c, NULL));
                tkit_scene_destroy(c);
                tkit_scene_destroy(s);
                free(rel);
                n++;
        }
        closedir(dh);
        free(dir);
        assert_true(n >= 5);
}

static void test_full_values(void **state)
{
        (void)state;
        struct tkit_scene *s = read_ok("tests/scene/fixtures/full.xml");
        assert_string_equal(s->id, "full-example");
        assert_string_equal(s->source,
                            "Castles & Bridges rulebook, C3.1 2025, Romanian, Example 2");
        assert_string_equal(tkit_scene_caption(s, "ro"),
                            "Jucătorul albastru finalizează un drum cu un pod: 6 puncte.");
        assert_string_equal(tkit_scene_note(s, "en"),
                            "A note with \"quotes\", <angles> and\ntwo lines.");
        assert_null(tkit_scene_note(s, "cs")); /* no fallback to English */
        assert_int_equal(s->nsets, 3);
        assert_string_equal(s->sets[2], "siege-defense");
        assert_string_equal(tkit_scene_option(s, "escape"), "besieger-tile");
        assert_int_equal(s->nplayers, 3);
        assert_string_equal(s->players[1].colour, "red");
        assert_string_equal(s->face, "2-3");
        assert_int_equal(s->ntiles, 4);
        assert_null(s->tiles[1].set);
        assert_int_equal(s->tiles[1].bridge, 1);
        assert_int_equal(s->tiles[1].rotation, 90);
        assert_true(s->tiles[2].is_piece);
        assert_int_equal(s->tiles[2].x, -2);
        assert_int_equal(s->tiles[2].line, 21);
        assert_int_equal(s->figures[1].kind, TKIT_FIGURE_BIG_MEEPLE);
        assert_int_equal(s->figures[2].at, TKIT_AT_CASTLE);
        assert_int_equal(s->figures[2].castle, 0);
        assert_int_equal(s->figures[3].at, TKIT_AT_BARN);
        assert_int_equal(s->figures[3].player, 0);
        assert_string_equal(s->figures[5].feature, "WL");
        assert_int_equal(s->catapults_left, 2);
        assert_int_equal(s->nposts, 3);
        assert_int_equal(s->posts[0].nrow, 4);
        assert_int_equal(s->posts[0].row[1], 1);
        assert_int_equal(s->posts[0].row[3], -1);
        assert_int_equal(s->posts[0].stack[0], 1);
        assert_true(s->posts[0].catapult);
        assert_false(s->posts[1].catapult);
        assert_int_equal(s->posts[2].nrow, 0);
        const struct tkit_scene_move *m = &s->move;
        assert_int_equal(m->kind, TKIT_MOVE_TILE);
        assert_int_equal(m->player, 1);
        assert_int_equal(m->placed.bridge, 2);
        assert_int_equal(m->placed.rotation, 180);
        assert_int_equal(m->nchoices, 2);
        assert_int_equal(m->choices[0], TKIT_POST_MONKS);
        assert_true(m->has_figure);
        assert_int_equal(m->figure.x, 4);
        assert_string_equal(m->figure.feature, "S");
        assert_int_equal(m->take_maiden, 0);
        assert_true(m->bonus.taken && !m->bonus.stack);
        assert_int_equal(m->bonus.space, 2);
        assert_int_equal(m->build, TKIT_BUILD_BARN);
        assert_int_equal(m->build_x, 5);
        assert_string_equal(m->farmer.feature, "f1");
        assert_int_equal(m->farmer.player, 1);
        assert_true(m->escape);
        assert_int_equal(m->escaping.y, 3);
        assert_int_equal(m->nremovals, 3);
        assert_int_equal(m->removals[1].kind, TKIT_FIGURE_PIG);
        assert_int_equal(m->removals[2].at, TKIT_AT_CASTLE);
        assert_int_equal(s->nexpect_points, 2);
        assert_int_equal(s->expect_points[1].points, -2);
        assert_int_equal(s->expect_counts[0].player, -1);
        assert_int_equal(s->expect_counts[1].player, 0);
        assert_int_equal(s->ncallouts, 3);
        assert_true(s->has_show); /* the author's crop */
        assert_int_equal(s->show[0], -3);
        assert_int_equal(s->show[3], 2);
        assert_int_equal(s->callouts[0].ntexts, 4);
        assert_int_equal(s->callouts[0].post, -1);
        assert_null(s->callouts[1].feature);
        assert_int_equal(s->callouts[2].post, TKIT_POST_MONKS); /* a step at a post */
        tkit_scene_destroy(s);

        s = read_ok("tests/scene/fixtures/moves.xml");
        assert_true(s->move.discarded);
        assert_true(s->move.recall_abbot);
        assert_true(s->move.bonus.stack);
        assert_int_equal(s->move.bonus.space, -1);
        assert_int_equal(s->move.build, TKIT_BUILD_CASTLE);
        assert_int_equal(s->move.take_maiden, -1);
        tkit_scene_destroy(s);
        s = read_ok("tests/scene/fixtures/end.xml");
        assert_int_equal(s->move.kind, TKIT_MOVE_END);
        assert_true(s->has_expect);
        tkit_scene_destroy(s);
}

/* The canonical form as docs/scene.md states it. */
static void test_canonical_form(void **state)
{
        (void)state;
        static const char *const in =
            "<scene id='m' format='1'><sets> base\n river </sets><board><tile y='-1' x='2' "
            "id='A'/></board><posts catapults-left='0'/><move end='true'/></scene>";
        static const char *const want = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                        "<scene format=\"1\" id=\"m\">\n"
                                        "  <sets>base river</sets>\n"
                                        "  <board>\n"
                                        "    <tile id=\"A\" x=\"2\" y=\"-1\" rotation=\"0\"/>\n"
                                        "  </board>\n"
                                        "  <posts catapults-left=\"0\"/>\n"
                                        "  <move end=\"true\"/>\n"
                                        "</scene>\n";
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s = tkit_scene_read(in, strlen(in), "in.xml", &d);
        assert_non_null(s);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_scene_write(s, &b);
        assert_string_equal(b.data, want);
        tkit_buf_finish(&b);
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
}

/* Equality sees a change in any part. */
static void test_equal_differences(void **state)
{
        (void)state;
        struct tkit_scene *a = read_ok("tests/scene/fixtures/full.xml");
        struct tkit_scene *b = tkit_scene_copy(a);
        b->tiles[2].rotation = 0;
        char *why = NULL;
        assert_false(tkit_scene_equal(a, b, &why));
        assert_non_null(strstr(why, "tiles[2]"));
        free(why);
        tkit_scene_destroy(b);
        b = tkit_scene_copy(a);
        b->move.removals[2].castle = -1;
        assert_false(tkit_scene_equal(a, b, NULL));
        tkit_scene_destroy(b);
        b = tkit_scene_copy(a);
        b->posts[0].stack[1] = 2;
        assert_false(tkit_scene_equal(a, b, NULL));
        b->posts[0].stack[1] = 0;
        b->tiles[0].line = 99; /* lines do not count */
        assert_true(tkit_scene_equal(a, b, NULL));
        tkit_scene_destroy(b);
        tkit_scene_destroy(a);
}

/* ------------------------------------------------------------------ bad files */

struct bad_case {
        const char *file;
        const char *rule;
        int line;
        const char *needle;
};

static const struct bad_case bad_cases[] = {
    {"unknown-element.xml", "SCENE-UNKNOWN", 5, "<dragon>"},
    {"unknown-attribute.xml", "SCENE-UNKNOWN", 5, "'age'"},
    {"bad-colour.xml", "SCENE-VALUE", 5, "orange"},
    {"unknown-player.xml", "SCENE-REF", 9, "'ghost'"},
    {"bad-rotation.xml", "SCENE-VALUE", 5, "rotation=\"45\""},
    {"two-places.xml", "SCENE-PLACE", 12, "one place"},
    {"no-place.xml", "SCENE-PLACE", 9, "x, y and feature together"},
    {"doctype.xml", "SCENE-DTD", 2, "not allowed"},
    {"invalid-utf8.xml", "SCENE-XML", 3, "UTF-8"},
    {"malformed.xml", "SCENE-XML", 5, "mismatch"},
    {"duplicate-castle.xml", "SCENE-DUP", 7, "first at line 5"},
    {"duplicate-player.xml", "SCENE-DUP", 6, "player of that id"},
    {"same-cell.xml", "SCENE-DUP", 7, "cell (0, 0) (first at line 5)"},
    {"out-of-range.xml", "SCENE-VALUE", 5, "outside -1000000..1000000"},
    {"not-a-number.xml", "SCENE-VALUE", 5, "1e3"},
    {"unknown-castle.xml", "SCENE-REF", 9, "'k9'"},
    {"row-token.xml", "SCENE-REF", 10, "'ghost'"},
    {"order.xml", "SCENE-UNKNOWN", 5, "out of order"},
    {"no-sets.xml", "SCENE-VALUE", 2, "lacks <sets>"},
    {"format-version.xml", "SCENE-VALUE", 2, "format=\"2\""},
    {"root.xml", "SCENE-UNKNOWN", 2, "<tileset>"},
    {"discarded-placed.xml", "SCENE-PLACE", 9, "discarded"},
    {"figure-kind.xml", "SCENE-VALUE", 9, "dragon"},
    {"second-figure.xml", "SCENE-UNKNOWN", 11, "not both or twice"},
    {"encoding.xml", "SCENE-XML", 2, "UTF-8"},
    {"text.xml", "SCENE-UNKNOWN", 5, "stray words"},
    {"bad-id.xml", "SCENE-VALUE", 5, "'-D'"},
    {"too-many-sets.xml", "SCENE-LIMIT", 3, "more than 64 sets"},
    {"callout-both.xml", "SCENE-PLACE", 5, "not both"},
    {"callout-nowhere.xml", "SCENE-PLACE", 5, "needs x and y"},
    {"show-three.xml", "SCENE-VALUE", 5, "show=\"0 0 1\""},
    {"show-reversed.xml", "SCENE-VALUE", 5, "X0 <= X1"},
};

static void test_bad_files(void **state)
{
        (void)state;
        for (size_t i = 0; i < sizeof bad_cases / sizeof *bad_cases; i++) {
                const struct bad_case *b = &bad_cases[i];
                char *rel = tkit_xasprintf("tests/scene/bad/%s", b->file);
                char *p = src_path(rel);
                struct tkit_diags d;
                tkit_diags_init(&d);
                int err = 0;
                struct tkit_scene *s = tkit_scene_read_file(p, &d, &err);
                if (s || err != TKIT_E_INVALID || !has_diag(&d, b->rule, b->line, b->needle)) {
                        fprintf(stderr, "case %s: err %d, wanted [%s] at line %d with '%s'\n",
                                b->file, err, b->rule, b->line, b->needle);
                        tkit_diags_write(&d, stderr, false);
                        fail();
                }
                assert_string_equal(d.v[0].file, p); /* diagnostics name the file */
                tkit_diags_finish(&d);
                free(p);
                free(rel);
        }
}

/* Every independent problem is reported, each at its line. */
static void test_many_errors(void **state)
{
        (void)state;
        char *p = src_path("tests/scene/bad/many.xml");
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_null(tkit_scene_read_file(p, &d, NULL));
        assert_true(has_diag(&d, "SCENE-VALUE", 9, "rotation=\"100\""));
        assert_true(has_diag(&d, "SCENE-VALUE", 10, "zero"));
        assert_true(has_diag(&d, "SCENE-REF", 13, "'nobody'"));
        assert_true(has_diag(&d, "SCENE-REF", 14, "'b1'"));
        assert_true(has_diag(&d, "SCENE-UNKNOWN", 16, "'colour'"));
        assert_int_equal(d.errors, 5);
        tkit_diags_finish(&d);
        free(p);
}

/* n tiles in a row, the last one on the cell of the first when `dup`. */
static char *many_tiles(size_t n, bool dup)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<scene format=\"1\" id=\"big\">\n<sets>base</sets>\n<board>\n");
        for (size_t i = 0; i < n; i++)
                tkit_buf_printf(&b, "<tile id=\"A\" x=\"%zu\" y=\"0\"/>\n",
                                dup && i == n - 1 ? (size_t)0 : i);
        tkit_buf_puts(&b, "</board>\n</scene>\n");
        return tkit_buf_steal(&b);
}

static void test_limits(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *x = many_tiles(TKIT_SCENE_MAX_TILES, true);
        assert_null(tkit_scene_read(x, strlen(x), "big.xml", &d));
        assert_int_equal(d.errors, 1);
        assert_true(has_diag(&d, "SCENE-DUP", TKIT_SCENE_MAX_TILES + 3, "first at line 4"));
        free(x);
        tkit_diags_clear(&d);
        x = many_tiles(TKIT_SCENE_MAX_TILES + 5, false);
        assert_null(tkit_scene_read(x, strlen(x), "big.xml", &d));
        assert_int_equal(d.errors, 1); /* reported once, not for each further tile */
        assert_true(has_diag(&d, "SCENE-LIMIT", TKIT_SCENE_MAX_TILES + 4, "more than 10000"));
        free(x);
        tkit_diags_clear(&d);
        /* the file size, and libxml2's nesting limit */
        size_t huge = TKIT_MAX_INPUT_BYTES + 1;
        x = tkit_xcalloc(huge, 1);
        memset(x, ' ', huge);
        assert_null(tkit_scene_read(x, huge, "huge.xml", &d));
        assert_true(has_diag(&d, "SCENE-LIMIT", 0, "bytes"));
        free(x);
        tkit_diags_clear(&d);
        struct tkit_buf deep;
        tkit_buf_init(&deep);
        tkit_buf_puts(&deep, "<scene format=\"1\" id=\"d\">");
        for (int i = 0; i < 100000; i++)
                tkit_buf_puts(&deep, "<board>");
        assert_null(tkit_scene_read(deep.data, deep.len, "deep.xml", &d));
        assert_true(has_diag(&d, "SCENE-XML", 0, NULL));
        tkit_buf_finish(&deep);
        tkit_diags_clear(&d);
        x = many_tiles(TKIT_SCENE_MAX_TILES, false);
        struct tkit_scene *s = tkit_scene_read(x, strlen(x), "big.xml", &d);
        assert_non_null(s);
        assert_int_equal(s->ntiles, TKIT_SCENE_MAX_TILES);
        tkit_scene_destroy(s);
        free(x);
        tkit_diags_finish(&d);
}

static void test_file_io(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        int err = 0;
        assert_null(tkit_scene_read_file("/nonexistent/scene.xml", &d, &err));
        assert_int_equal(err, TKIT_E_IO);
        struct tkit_scene *s = read_ok("tests/scene/fixtures/full.xml");
        char *dir = make_temp_dir();
        char *out = tkit_xasprintf("%s/out.xml", dir);
        assert_int_equal(tkit_scene_write_file(s, out, &d), 0);
        struct tkit_scene *back = tkit_scene_read_file(out, &d, &err);
        assert_non_null(back);
        assert_true(tkit_scene_equal(s, back, NULL));
        tkit_diags_clear(&d);
        /* a directory cannot be written over: exit 1's message names the file */
        assert_int_equal(tkit_scene_write_file(s, dir, &d), TKIT_E_IO);
        assert_non_null(strstr(d.v[0].message, "cannot write: "));
        assert_string_equal(d.v[0].file, dir);
        tkit_scene_destroy(back);
        tkit_scene_destroy(s);
        remove_tree(dir);
        free(dir);
        free(out);
        tkit_diags_finish(&d);
}

/* docs/scene.md shows docs/scene-example.xml whole, and it reads. */
static void test_docs_example(void **state)
{
        (void)state;
        char *md_path = src_path("docs/scene.md");
        char *ex_path = src_path("docs/scene-example.xml");
        char *md = read_all(md_path, NULL);
        char *ex = read_all(ex_path, NULL);
        assert_non_null(md);
        assert_non_null(ex);
        char *block = strstr(md, "<!-- example: docs/scene-example.xml -->\n\n```xml\n");
        assert_non_null(block);
        block = strchr(strstr(block, "```xml"), '\n') + 1;
        char *end = strstr(block, "```\n");
        assert_non_null(end);
        assert_int_equal((size_t)(end - block), strlen(ex));
        assert_memory_equal(block, ex, strlen(ex));
        struct tkit_scene *s = read_ok("docs/scene-example.xml");
        assert_true(s->nfigures > 0 && s->move.kind == TKIT_MOVE_TILE && s->has_expect);
        assert_round_trip(s);
        tkit_scene_destroy(s);
        free(md);
        free(ex);
        free(md_path);
        free(ex_path);
}

/* The rule ids of scene documents are one list (TKIT_SCENE_RULES): docs/scene.md has a row for
 * each, in that order, and the parse finds each back. */
static void test_rule_ids_documented(void **state)
{
        (void)state;
        char *md_path = src_path("docs/scene.md");
        char *md = read_all(md_path, NULL);
        assert_non_null(md);
        const char *at = md;
        for (int r = 0; r < TKIT_SCENE_RULE_COUNT; r++) {
                const char *id = tkit_scene_rule_id((enum tkit_scene_rule)r);
                assert_int_equal(tkit_scene_rule_parse(id), r);
                char *row = tkit_xasprintf("\n| `%s` |", id);
                const char *hit = strstr(at, row);
                if (!hit)
                        fail_msg("%s: no row (or not after the row before) in docs/scene.md",
                                 row + 1);
                at = hit + 1;
                free(row);
        }
        assert_int_equal(tkit_scene_rule_parse("SCENE-NONE"), -1);
        assert_null(tkit_scene_rule_id(TKIT_SCENE_RULE_COUNT));
        free(md);
        free(md_path);
}

/* ------------------------------------------------------------------ layout → scene */

static void test_from_layout(void **state)
{
        (void)state;
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        const char *names[] = {"tilesets/base.xml", "tilesets/castles-bridges.xml"};
        for (size_t i = 0; i < 2; i++) {
                char *p = src_path(names[i]);
                assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &sets, &d), 0);
                free(p);
        }
        struct tkit_sim_options o;
        tkit_sim_options_init(&o);
        o.seed = 5;
        o.players = 3;
        struct tkit_layout *l = tkit_simulate(sets.sets, sets.n, &o, &d);
        assert_non_null(l);
        struct tkit_scene *s = tkit_layout_to_scene(l);
        assert_int_equal(s->nsets, 2);
        assert_string_equal(s->sets[1], "castles-bridges");
        assert_int_equal(s->ntiles, l->nplacements);
        int bridges = 0;
        for (size_t i = 0; i < l->nplacements; i++) {
                assert_string_equal(s->tiles[i].tile, l->placements[i].tile);
                assert_string_equal(s->tiles[i].set, l->placements[i].set);
                assert_int_equal(s->tiles[i].x, l->placements[i].x);
                assert_int_equal(s->tiles[i].y, l->placements[i].y);
                assert_int_equal(s->tiles[i].rotation, l->placements[i].rotation);
                assert_int_equal(s->tiles[i].bridge, (int)l->placements[i].bridge);
                bridges += s->tiles[i].bridge != 0;
        }
        assert_int_equal(bridges, l->stats.bridges);
        assert_int_equal(s->nfigures, 0);
        assert_int_equal(s->move.kind, TKIT_MOVE_NONE);
        assert_non_null(strstr(s->source, "seed 5"));
        assert_round_trip(s);
        tkit_scene_destroy(s);
        tkit_layout_destroy(l);
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
}

/* ------------------------------------------------------------------ fuzzer crashes */

/* Replays every file of `rel` (a folder) through the fuzz target's check; returns how many. */
static int replay_dir(const char *rel)
{
        char *dir = src_path(rel);
        DIR *dh = opendir(dir);
        assert_non_null(dh);
        int n = 0;
        for (struct dirent *e; (e = readdir(dh)) != NULL;) {
                if (e->d_name[0] == '.' || strcmp(e->d_name, "README") == 0)
                        continue;
                char *p = tkit_xasprintf("%s/%s", dir, e->d_name);
                size_t len = 0;
                char *data = read_all(p, &len);
                assert_non_null(data);
                char *why = NULL;
                if (!scene_round_trip_ok(data, len, &why))
                        fail_msg("%s: %s", p, why);
                free(data);
                free(p);
                n++;
        }
        closedir(dh);
        free(dir);
        return n;
}

static void test_fuzz_replay(void **state)
{
        (void)state;
        replay_dir("tests/scene/crashes");
        assert_true(replay_dir("fuzz/seeds/scene") >= 5);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_fixtures_round_trip),
            cmocka_unit_test(test_full_values),
            cmocka_unit_test(test_canonical_form),
            cmocka_unit_test(test_equal_differences),
            cmocka_unit_test(test_bad_files),
            cmocka_unit_test(test_many_errors),
            cmocka_unit_test(test_limits),
            cmocka_unit_test(test_file_io),
            cmocka_unit_test(test_docs_example),
            cmocka_unit_test(test_rule_ids_documented),
            cmocka_unit_test(test_from_layout),
            cmocka_unit_test(test_fuzz_replay),
        };
        int rc = cmocka_run_group_tests(tests, NULL, NULL);
        tkit_formats_cleanup();
        return rc;
}
