/* Tests of the rule catalogue and checker (rules/), the JCloisterZone reader (formats/jcz.c) and
 * the `tilekit check` / `tilekit diff` commands.
 *
 * Environment (set by tests/rules/meson.build): TKIT_SOURCE_ROOT (the repository),
 * TKIT_JCZ_DIR (JCloisterZone's tile files, vendored in third_party/jcloisterzone: the tests
 * that read them fail when they are missing), TILEKIT (the built binary).
 *
 * Known error in the official JCloisterZone data (the checker reports it, this test expects
 * exactly it and nothing else):
 * - princess_and_dragon.xml DG/CCc+.p: the field WL WR lists only the city N, but its half edge
 *   WL is next to SR of the city E S at the south-west corner, so it borders that city too
 *   (FIELD-TOUCH-MISSING): farms there should score it.
 * abbey_and_mayor.xml AM/CCc+ looks like another (its field SL SR lists the city N across the
 * city W E), but the art shows the W E city bridging over the N city: the reader knows that
 * layer (formats/jcz.c, known_layers) and the data is right.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "formats/tkit-formats.h"
#include "model/tkit-model.h"
#include "rules/tkit-rules.h"
#include "tkit-test.h"

static const char *env(const char *name)
{
        const char *v = getenv(name);
        return v && *v ? v : NULL;
}

static char *src_path(const char *rel)
{
        const char *root = env("TKIT_SOURCE_ROOT");
        return tkit_xasprintf("%s/%s", root ? root : ".", rel);
}

/* 1-based line of the first occurrence of `needle` in `text`, or 0. */
static int line_of(const char *text, const char *needle)
{
        const char *p = strstr(text, needle);
        if (!p)
                return 0;
        int line = 1;
        for (const char *q = text; q < p; q++)
                line += *q == '\n';
        return line;
}

/* Reads files, links JCZ references, checks everything; returns the check's result. */
static int read_and_check(const char *const *paths, size_t n, struct tkit_setlist *l,
                          struct tkit_diags *d, int *read_rc)
{
        *read_rc = 0;
        for (size_t i = 0; i < n; i++) {
                int rc = tkit_read_file(paths[i], TKIT_FORMAT_AUTO, l, d);
                if (rc < 0)
                        *read_rc = rc;
        }
        tkit_jcz_link(l);
        return tkit_check_setlist(l, 0, d);
}

static const struct tkit_diag *find_diag(const struct tkit_diags *d, const char *rule,
                                         const char *tile)
{
        for (size_t i = 0; i < d->n; i++)
                if (d->v[i].rule && strcmp(d->v[i].rule, rule) == 0 &&
                    (!tile || (d->v[i].tile && strcmp(d->v[i].tile, tile) == 0)))
                        return &d->v[i];
        return NULL;
}

/* ------------------------------------------------------------------ catalogue and fixtures */

static void test_catalogue_unique(void **state)
{
        (void)state;
        assert_int_equal(tkit_rules_count, TKIT_CR_COUNT);
        for (size_t i = 0; i < tkit_rules_count; i++) {
                const struct tkit_rule_info *r = &tkit_rules[i];
                assert_non_null(r->summary);
                assert_true(strlen(r->explanation) > strlen(r->summary));
                /* one list: the catalogue is indexed by the rule, every rule has its row */
                assert_int_equal(r->rule, (int)i);
                assert_ptr_equal(tkit_rule_find(tkit_check_rule_id(r->rule)), r);
                for (size_t j = 0; j < i; j++)
                        assert_string_not_equal(tkit_check_rule_id(tkit_rules[j].rule),
                                                tkit_check_rule_id(r->rule));
        }
        assert_null(tkit_rule_find("NO-SUCH-RULE"));
        /* The identity checks of model/validate.c are part of the catalogue. */
        assert_non_null(tkit_rule_find("ID-DUP"));
        assert_non_null(tkit_rule_find("REF-TOUCH"));
        assert_non_null(tkit_rule_find("COUNT-RANGE"));
}

/* Every rule has a rejecting fixture (reported with its own id, severity, file and line) and an
 * accepting one (no finding of that rule, no error at all). */
static void test_every_rule_has_fixtures(void **state)
{
        (void)state;
        for (size_t i = 0; i < tkit_rules_count; i++) {
                const struct tkit_rule_info *r = &tkit_rules[i];
                for (int good = 0; good < 2; good++) {
                        char *rel = tkit_xasprintf("tests/rules/fixtures/%s.%s.xml", tkit_check_rule_id(r->rule),
                                                   good ? "good" : "bad");
                        char *path = src_path(rel);
                        struct stat st;
                        if (stat(path, &st) != 0)
                                fail_msg("rule %s has no fixture %s", tkit_check_rule_id(r->rule), rel);
                        struct tkit_setlist l;
                        struct tkit_diags d;
                        tkit_setlist_init(&l);
                        tkit_diags_init(&d);
                        int rrc;
                        const char *paths[] = {path};
                        read_and_check(paths, 1, &l, &d, &rrc);
                        const struct tkit_diag *g = find_diag(&d, tkit_check_rule_id(r->rule), NULL);
                        if (good && (g || d.errors)) {
                                tkit_test_print_diags(&d);
                                fail_msg("%s: the accepting fixture is not clean", rel);
                        }
                        if (!good) {
                                if (!g) {
                                        tkit_test_print_diags(&d);
                                        fail_msg("%s: rule %s not reported", rel, tkit_check_rule_id(r->rule));
                                }
                                assert_int_equal(g->severity, r->severity);
                                assert_string_equal(g->file, path);
                                assert_true(g->line > 0);
                        }
                        tkit_diags_finish(&d);
                        tkit_setlist_finish(&l);
                        free(path);
                        free(rel);
                }
        }
}

/* The topology rules say what would fix the tile and point to the picture of what the checker
 * inferred, at the line of the field concerned; the set rules say what to add or take out. */
static void test_topology_messages(void **state)
{
        (void)state;
        static const struct {
                const char *rule, *needle;
                int line;
        } cases[] = {
            {"FIELD-SPLIT", "declare the divider the art shows there (dividers=\"SE\" on the tile)",
             7},
            {"FIELD-SPLIT", "tilekit render tile 'cap-split-field' --tiles '", 7},
            {"FIELD-CUT", "split it into one field per side", 8},
            {"FIELD-CUT", "tilekit render tile 'cap-road' --tiles '", 8},
            {"FIELD-DIVIDER", "a divider is declared at SE, but no two fields meet there", 4},
            {"SET-TOKENS", "add <token kind=\"bridge\" count=\"N\"/> or take bridges out of rules",
             2},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
                char *rel = tkit_xasprintf("tests/rules/fixtures/%s.bad.xml", cases[i].rule);
                char *path = src_path(rel);
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                int rrc;
                const char *paths[] = {path};
                read_and_check(paths, 1, &l, &d, &rrc);
                const struct tkit_diag *g = find_diag(&d, cases[i].rule, NULL);
                assert_non_null(g);
                if (!strstr(g->message, cases[i].needle))
                        fail_msg("%s: '%s' not in: %s", cases[i].rule, cases[i].needle, g->message);
                assert_int_equal(g->line, cases[i].line);
                tkit_diags_finish(&d);
                tkit_setlist_finish(&l);
                free(path);
                free(rel);
        }
}

/* docs/rules.md documents exactly the catalogue: one "### ID" heading per rule. */
static void test_docs_agree(void **state)
{
        (void)state;
        char *path = src_path("docs/rules.md");
        char *text = read_all(path, NULL);
        assert_non_null(text);
        size_t found = 0;
        for (char *p = text; (p = strstr(p, "\n### `")) != NULL;) {
                p += 6;
                char *end = strchr(p, '`');
                assert_non_null(end);
                char *id = tkit_xstrndup(p, (size_t)(end - p));
                if (!tkit_rule_find(id))
                        fail_msg("docs/rules.md documents %s, which is not in the catalogue", id);
                free(id);
                found++;
        }
        for (size_t i = 0; i < tkit_rules_count; i++) {
                char *h = tkit_xasprintf("\n### `%s`", tkit_check_rule_id(tkit_rules[i].rule));
                if (!strstr(text, h))
                        fail_msg("rule %s is not documented in docs/rules.md", tkit_check_rule_id(tkit_rules[i].rule));
                free(h);
        }
        assert_int_equal(found, tkit_rules_count);
        free(text);
        free(path);
}

/* ------------------------------------------------------------------ geometry */

static uint16_t m(const char *positions)
{
        uint16_t mask = 0;
        char *copy = tkit_xstrdup(positions), *save = NULL;
        for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                int s = tkit_side_parse(t);
                mask |= s >= 0 ? (uint16_t)TKIT_MASK_SIDE(s) : (uint16_t)(1u << tkit_pos_parse(t));
        }
        free(copy);
        return mask;
}

static void test_cross_and_separate(void **state)
{
        (void)state;
        /* A road N-S and one W-E cross; a road N-S and a field on its east side do not. */
        assert_true(tkit_masks_cross(m("NM SM"), m("EM WM")));
        assert_false(tkit_masks_cross(m("NM SM"), m("NR E SL")));
        assert_true(tkit_masks_cross(m("NM SM"), m("NR E SR")));
        assert_true(tkit_masks_cross(m("N S"), m("E W")));
        assert_false(tkit_masks_cross(m("N"), m("E S W")));
        assert_false(tkit_masks_cross(0, m("N")));
        /* Every rotation keeps the answer. */
        for (int r = 0; r < 4; r++)
                assert_true(tkit_masks_cross(tkit_mask_rotate(m("WR EL"), r),
                                             tkit_mask_rotate(m("NM SM"), r)));
        /* Road W-E separates the north field from the south; a dead end separates nothing. */
        assert_true(tkit_mask_separates(m("EM WM"), m("N"), m("SL SR")));
        assert_false(tkit_mask_separates(m("SM"), m("SL"), m("SR")));
        assert_false(tkit_mask_separates(m("EM WM"), m("EL WR"), m("N")));
        /* A city W-E separates its two sides; shared positions never separate. */
        assert_true(tkit_mask_separates(m("W E"), m("NL NR"), m("SL SR")));
        assert_false(tkit_mask_separates(m("W E"), m("W"), m("SL")));
}

static struct tkit_set *one_tile_set(struct tkit_tile **t)
{
        struct tkit_set *s = tkit_set_create("code");
        s->file = tkit_xstrdup("code.xml");
        s->source_format = tkit_xstrdup("tilekit");
        *t = tkit_set_add_tile(s, "T");
        (*t)->count = 2;
        (*t)->line = 7;
        return s;
}

static struct tkit_feature *feat(struct tkit_tile *t, enum tkit_feature_kind k, const char *id,
                                 const char *at, int line)
{
        struct tkit_feature *f = tkit_tile_add_feature(t, k, id);
        f->mask = at ? m(at) : 0;
        if (k == TKIT_FIELD) /* a side letter means both halves, as in the native format */
                f->mask &= TKIT_MASK_HALVES;
        f->line = line;
        return f;
}

/* An inner field between a city N-S and the cities E and W (planar) is fine; one that claims the
 * cities E and W at once is not: the N-S city separates them. */
static void test_inner_field(void **state)
{
        (void)state;
        struct tkit_tile *t;
        struct tkit_set *s = one_tile_set(&t);
        feat(t, TKIT_CITY, "ns", "N S", 10);
        feat(t, TKIT_CITY, "e", "E", 11);
        feat(t, TKIT_CITY, "w", "W", 12);
        struct tkit_feature *f = feat(t, TKIT_FIELD, "inner", NULL, 13);
        tkit_feature_add_touch(f, "ns");
        tkit_feature_add_touch(f, "e");
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_int_equal(tkit_check_tile(s, &s->tiles[0], 0, &d), 0);
        assert_null(find_diag(&d, "FIELD-TOUCH-FAR", NULL));
        tkit_feature_add_touch(&s->tiles[0].features[3], "w");
        assert_int_equal(tkit_check_tile(s, &s->tiles[0], 0, &d), 1);
        const struct tkit_diag *g = find_diag(&d, "FIELD-TOUCH-FAR", "T");
        assert_non_null(g);
        assert_int_equal(g->line, 13);
        assert_non_null(strstr(g->message, "city 'ns'"));
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

/* Roads ending together at a crossing separate like one line (declared ends only): the field
 * between the north roads cannot reach the city in the south, though no single road cuts it off. */
static void test_crossing_separates(void **state)
{
        (void)state;
        struct tkit_tile *t;
        struct tkit_set *s = one_tile_set(&t);
        feat(t, TKIT_CITY, "c", "S", 20);
        feat(t, TKIT_ROAD, "n", "NM", 21)->end = TKIT_END_CROSSING;
        feat(t, TKIT_ROAD, "e", "EM", 22)->end = TKIT_END_CROSSING;
        feat(t, TKIT_ROAD, "w", "WM", 23)->end = TKIT_END_CROSSING;
        feat(t, TKIT_FIELD, "nw", "WR NL", 24);
        feat(t, TKIT_FIELD, "ne", "NR EL", 25);
        tkit_feature_add_touch(feat(t, TKIT_FIELD, "se", "ER", 26), "c");
        tkit_feature_add_touch(feat(t, TKIT_FIELD, "sw", "WL", 27), "c");
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_int_equal(tkit_check_tile(s, &s->tiles[0], 0, &d), 0);
        tkit_feature_add_touch(&s->tiles[0].features[4], "c");
        assert_int_equal(tkit_check_tile(s, &s->tiles[0], 0, &d), 1);
        const struct tkit_diag *g = find_diag(&d, "FIELD-TOUCH-FAR", "T");
        assert_non_null(g);
        assert_int_equal(g->line, 24);
        assert_non_null(strstr(g->message, "the roads ending at the crossing"));
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

/* A tile at the readers' feature limit whose roads all end at its city: each road is a barrier
 * and a join with the city, more than one per feature. The checker's table of barriers holds
 * them all (the sanitizer build caught a stack overflow here before), and the field that reaches
 * round the far side is still one region: the tile is checked, not skipped. */
static void test_barriers_at_the_feature_limit(void **state)
{
        (void)state;
        struct tkit_tile *t;
        struct tkit_set *s = one_tile_set(&t);
        feat(t, TKIT_CITY, "c", "S", 10);
        tkit_feature_add_touch(feat(t, TKIT_FIELD, "f", "E W", 11), "c");
        for (int i = 2; i < TKIT_MAX_FEATURES; i++) {
                char id[16];
                snprintf(id, sizeof id, "r%d", i);
                feat(t, TKIT_ROAD, id, "NM", 12 + i)->end = TKIT_END_CITY;
        }
        assert_int_equal((int)t->nfeatures, TKIT_MAX_FEATURES);
        struct tkit_diags d;
        tkit_diags_init(&d);
        d.limit = 0; /* every finding: the roads overlap each other some 1,800 times */
        tkit_check_tile(s, &s->tiles[0], 0, &d);
        /* every road ends at the city across the field: the field is cut (one finding for it) */
        const struct tkit_diag *g = find_diag(&d, "FIELD-CUT", "T");
        assert_non_null(g);
        assert_int_equal(g->line, 11);
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

static void test_same_type(void **state)
{
        (void)state;
        struct tkit_tile *a, *b;
        struct tkit_set *s = one_tile_set(&a);
        feat(a, TKIT_CITY, "c", "N", 1)->pennants = 1;
        tkit_feature_add_touch(feat(a, TKIT_FIELD, "f", "E S W", 2), "c");
        b = tkit_set_add_tile(s, "U");
        a = &s->tiles[0];
        feat(b, TKIT_CITY, "town", "W", 1)->pennants = 1;
        tkit_feature_add_touch(feat(b, TKIT_FIELD, "rest", "N E S", 2), "town");
        assert_int_equal(tkit_tile_same_type(a, b, 0), 3);
        assert_int_equal(tkit_tile_same_type(b, a, 0), 1);
        struct tkit_buf out;
        tkit_buf_init(&out);
        assert_int_equal(tkit_tile_describe_diff(a, b, 0, &out), 0);
        b->features[0].pennants = 0;
        assert_int_equal(tkit_tile_same_type(a, b, 0), -1);
        assert_true(tkit_tile_describe_diff(a, b, 0, &out) >= 1);
        assert_non_null(strstr(out.data, "pennants 1 vs 0"));
        b->features[0].pennants = 1;
        tkit_feature_add_extra(&b->features[0], "princess", "true", 1);
        assert_int_equal(tkit_tile_same_type(a, b, 0), 3);
        assert_int_equal(tkit_tile_same_type(a, b, TKIT_SAME_MARKERS), -1);
        tkit_buf_finish(&out);
        tkit_set_destroy(s);
}

/* ------------------------------------------------------------------ manifest kinds */

static struct tkit_set *manifest_set(void)
{
        struct tkit_set *s = tkit_set_create("m");
        s->file = tkit_xstrdup("m.xml");
        s->source_format = tkit_xstrdup("tilekit");
        s->rules = TKIT_RULES_SIEGE_SYMBOLS | TKIT_RULES_BESIEGERS | TKIT_RULES_FORTRESS;
        tkit_set_add_token(s, TKIT_TOKEN_CATAPULT, 3, 2);
        struct tkit_tile *e = tkit_set_add_tile(s, "E");
        e->count = 2;
        e->symbols[0] = TKIT_POST_KNIGHTS;
        e->symbols[1] = TKIT_POST_ANY;
        e->nsymbols = 2;
        strcpy(e->illustrations, "G");
        struct tkit_feature *c = feat(e, TKIT_CITY, "c", "N", 3);
        c->pennants = 1;
        c->besieger = TKIT_BESIEGER_CATHAR;
        tkit_feature_add_touch(feat(e, TKIT_FIELD, "f", "E S W", 4), "c");
        struct tkit_tile *a = tkit_set_add_tile(s, "A");
        feat(a, TKIT_CLOISTER, "m", NULL, 5);
        /* two roads end in one village: two village ends and two fields on one tile, so the
         * per-feature and per-tile manifest counts differ */
        feat(a, TKIT_ROAD, "r", "SM", 6)->end = TKIT_END_VILLAGE;
        feat(a, TKIT_ROAD, "r2", "NM", 6)->end = TKIT_END_VILLAGE;
        feat(a, TKIT_FIELD, "f", "NR E SL", 7);
        feat(a, TKIT_FIELD, "f2", "SR W NL", 7);
        s->rules |= TKIT_RULES_VILLAGES;
        struct tkit_piece *p = tkit_set_add_piece(s, "fort", 1, 1);
        p->line = 8;
        feat(&p->cells[0], TKIT_FIELD, "f", "N E S W", 9);
        p->faces = tkit_xcalloc(2, sizeof *p->faces);
        p->nfaces = 2;
        for (int i = 0; i < 2; i++) {
                struct tkit_face *f = &p->faces[i];
                f->id = tkit_xstrdup(i ? "back" : "front");
                f->min_players = i ? 4 : 2;
                f->max_players = i ? 0 : 3;
                f->posts = tkit_xcalloc(3, sizeof *f->posts);
                f->nposts = 3;
                for (int k = 0; k < 3; k++)
                        f->posts[k] = (struct tkit_post_def){(enum tkit_post)k, 3, 1, 1, 1, 1, 10};
        }
        static const struct {
                enum tkit_expect_what what;
                const char *of;
                int group, count;
        } ex[] = {
            {TKIT_EXPECT_TILES, NULL, -1, 3},
            {TKIT_EXPECT_TILES, NULL, TKIT_GROUP_LAND, 3},
            {TKIT_EXPECT_TILES, NULL, TKIT_GROUP_RIVER, 0},
            {TKIT_EXPECT_TYPES, NULL, -1, 2},
            {TKIT_EXPECT_FEATURE, "cloister", -1, 1},
            {TKIT_EXPECT_FEATURE, "field", -1, 4},
            {TKIT_EXPECT_FEATURE, "village", -1, 2},
            {TKIT_EXPECT_FEATURE_TILES, "village", -1, 1},
            {TKIT_EXPECT_FEATURE_TILES, "field", -1, 3},
            {TKIT_EXPECT_ILLUSTRATION, "G", -1, 2},
            {TKIT_EXPECT_PENNANTS, NULL, -1, 2},
            {TKIT_EXPECT_SYMBOL_TILES, NULL, -1, 2},
            {TKIT_EXPECT_SYMBOLS, NULL, -1, 4},
            {TKIT_EXPECT_SYMBOLS, "any", -1, 2},
            {TKIT_EXPECT_SYMBOLS, "monks", -1, 0},
            {TKIT_EXPECT_BESIEGED, NULL, -1, 2},
            {TKIT_EXPECT_PIECES, NULL, -1, 1},
            {TKIT_EXPECT_POSTS, NULL, -1, 6},
        };
        for (size_t i = 0; i < sizeof ex / sizeof ex[0]; i++)
                tkit_set_add_expect(s, ex[i].what, ex[i].of, ex[i].group, ex[i].count)->line =
                    100 + (int)i;
        return s;
}

/* Every kind of manifest line is counted, and a wrong count is reported at its line. */
static void test_manifest_kinds(void **state)
{
        (void)state;
        struct tkit_set *s = manifest_set();
        struct tkit_diags d;
        tkit_diags_init(&d);
        tkit_check_set(s, NULL, 0, &d);
        if (d.errors)
                tkit_test_print_diags(&d);
        assert_int_equal(d.errors, 0);
        bool seen[TKIT_EXPECT_COUNT] = {false};
        for (size_t i = 0; i < s->nmanifest; i++)
                seen[s->manifest[i].what] = true;
        for (int w = 0; w < TKIT_EXPECT_COUNT; w++)
                assert_true(seen[w]);
        for (size_t i = 0; i < s->nmanifest; i++) {
                tkit_diags_clear(&d);
                s->manifest[i].count++;
                tkit_check_set(s, NULL, 0, &d);
                s->manifest[i].count--;
                const struct tkit_diag *g = find_diag(&d, "SET-MANIFEST", NULL);
                assert_non_null(g);
                assert_int_equal(g->line, 100 + (int)i);
                assert_int_equal(d.errors, 1);
        }
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

/* Cells of a native piece are group fortress too, but their half edges must be covered (only
 * JCloisterZone's City of Carcassonne leaves edges open). */
static void test_piece_cell_cover(void **state)
{
        (void)state;
        struct tkit_set *s = manifest_set();
        struct tkit_diags d;
        tkit_diags_init(&d);
        s->pieces[0].cells[0].features[0].mask &= (uint16_t)~m("WL");
        tkit_check_set(s, NULL, 0, &d);
        const struct tkit_diag *g = find_diag(&d, "GEO-COVER", "fort@0,0");
        assert_non_null(g);
        assert_non_null(strstr(g->message, "WL"));
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

/* Set comparison: counts, differing types, and road ends ignored for JCloisterZone data. */
static void test_set_compare(void **state)
{
        (void)state;
        struct tkit_set *a = manifest_set(), *b = manifest_set();
        b->tiles[0].count = 5;
        b->tiles[1].features[1].end = TKIT_END_NONE;
        struct tkit_set_diff r;
        tkit_set_diff_init(&r);
        tkit_set_compare(a, b, 0, &r);
        assert_int_equal(r.same, 0);
        assert_int_equal(r.n, 2);
        assert_int_equal(r.v[0].kind, TKIT_DIFF_COUNT);
        assert_string_equal(r.v[0].a->id, "E");
        assert_string_equal(r.v[0].what, "count 2 vs 5");
        /* A keeps its id: changed, naming the feature and how */
        assert_int_equal(r.v[1].kind, TKIT_DIFF_CHANGED);
        assert_string_equal(r.v[1].b->id, "A");
        char *want =
            tkit_xasprintf("%s: attributes end=village vs none", a->tiles[1].features[1].id);
        assert_string_equal(r.v[1].what, want);
        free(want);
        tkit_set_diff_finish(&r);
        /* renamed as well: only the sides pair them, as different types */
        struct tkit_set *c = manifest_set();
        free(c->tiles[1].id);
        c->tiles[1].id = tkit_xstrdup("A2");
        c->tiles[1].features[1].end = TKIT_END_NONE;
        tkit_set_diff_init(&r);
        tkit_set_compare(a, c, 0, &r);
        assert_int_equal(r.n, 1);
        assert_int_equal(r.v[0].kind, TKIT_DIFF_DIFFERENT);
        assert_string_equal(r.v[0].b->id, "A2");
        assert_non_null(strstr(r.v[0].what, "end=village"));
        tkit_set_diff_finish(&r);
        tkit_set_destroy(c);
        tkit_set_diff_init(&r);
        tkit_set_compare(a, b, TKIT_SAME_IGNORE_ENDS, &r);
        assert_int_equal(r.same, 1);
        assert_int_equal(r.n, 1);
        tkit_set_diff_finish(&r);
        /* A type only on one side. */
        tkit_set_diff_init(&r);
        b->ntiles = 1; /* hide A from b (restored before destroy) */
        tkit_set_compare(a, b, 0, &r);
        b->ntiles = 2;
        assert_int_equal(r.n, 2);
        assert_int_equal(r.v[1].kind, TKIT_DIFF_MISSING);
        assert_null(r.v[1].b);
        assert_string_equal(tkit_diff_kind_name(r.v[1].kind), "missing");
        tkit_set_diff_finish(&r);
        tkit_set_destroy(a);
        tkit_set_destroy(b);
}

/* ------------------------------------------------------------------ JCZ reader errors */

static int read_jcz(const char *xml, struct tkit_setlist *l, struct tkit_diags *d)
{
        return tkit_read_memory(xml, strlen(xml), "mem.xml", TKIT_FORMAT_AUTO, l, d);
}

static void test_jcz_errors(void **state)
{
        (void)state;
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        /* A position that is not one: XML-VALUE at its line, nothing read. */
        assert_int_equal(read_jcz("<defs><tiles>\n<tile id=\"T\">\n<road>N Q</road>\n"
                                  "<field>NL NR EL ER SL SR WL WR</field></tile></tiles></defs>",
                                  &l, &d),
                         TKIT_E_INVALID);
        const struct tkit_diag *g = find_diag(&d, "XML-VALUE", "T");
        assert_non_null(g);
        assert_int_equal(g->line, 3);
        assert_int_equal(l.n, 0);
        /* Unknown elements in <sets>, refs without tile. */
        tkit_diags_clear(&d);
        assert_int_equal(read_jcz("<defs><sets><tile-set id=\"a\"><ref count=\"1\"/></tile-set>"
                                  "<bogus/></sets></defs>",
                                  &l, &d),
                         TKIT_E_INVALID);
        assert_non_null(find_diag(&d, "XML-UNKNOWN", NULL));
        assert_non_null(find_diag(&d, "XML-VALUE", NULL));
        /* A tile in no tile-set is kept in FILESTEM:unlisted, with a note. */
        tkit_diags_clear(&d);
        assert_int_equal(read_jcz("<defs><tiles><tile id=\"T\"><city>N E S W</city></tile></tiles>"
                                  "</defs>",
                                  &l, &d),
                         0);
        assert_int_equal(l.n, 1);
        assert_string_equal(l.sets[0]->id, "mem:unlisted");
        assert_int_equal(l.sets[0]->ntiles, 1);
        assert_int_equal(d.errors, 0);
        assert_true(d.n >= 1);
        /* Markers keep their text; nested elements and unknown ref attributes are warned about. */
        tkit_setlist_finish(&l);
        tkit_setlist_init(&l);
        tkit_diags_clear(&d);
        assert_int_equal(read_jcz("<defs><tiles><tile id=\"T\"><city>N E S W</city>\n"
                                  "<wagon-move kind=\"x\"><neighbouring>E  S\n W</neighbouring>"
                                  "</wagon-move></tile></tiles><sets><tile-set id=\"s\">"
                                  "<ref tile=\"T\" count=\"1\" colour=\"red\"/></tile-set></sets>"
                                  "</defs>",
                                  &l, &d),
                         0);
        assert_int_equal(l.sets[0]->tiles[0].nextra, 1);
        assert_string_equal(l.sets[0]->tiles[0].extra[0].name, "wagon-move");
        assert_string_equal(l.sets[0]->tiles[0].extra[0].value, "kind=x text=E S W");
        assert_int_equal(d.warnings, 2);
        /* A field naming both halves and an inner field is refused; I and II are inner. */
        tkit_diags_clear(&d);
        assert_int_equal(read_jcz("<defs><tiles><tile id=\"T\"><city>N S</city><city>E W</city>"
                                  "<field city=\"N E\">I</field><field city=\"S\">II SL</field>"
                                  "</tile></tiles></defs>",
                                  &l, &d),
                         TKIT_E_INVALID);
        assert_non_null(find_diag(&d, "XML-VALUE", "T"));
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* ------------------------------------------------------------------ bundled data */

static void test_bundled_tilesets_clean(void **state)
{
        (void)state;
        char *dir = src_path("tilesets");
        DIR *dp = opendir(dir);
        if (!dp)
                fail_msg("%s: %s", dir, strerror(errno));
        char *paths[64];
        size_t n = 0;
        struct dirent *e;
        while ((e = readdir(dp)) && n < 64) {
                size_t len = strlen(e->d_name);
                if (len > 4 && strcmp(e->d_name + len - 4, ".xml") == 0)
                        paths[n++] = tkit_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(dp);
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        int rrc;
        int rc = read_and_check((const char *const *)paths, n, &l, &d, &rrc);
        if (rc || rrc)
                tkit_test_print_diags(&d);
        assert_int_equal(rrc, 0);
        assert_int_equal(rc, 0);
        assert_int_equal(d.errors, 0);
        assert_int_equal(l.n, n);
        for (size_t i = 0; i < n; i++)
                free(paths[i]);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        free(dir);
}

/* ------------------------------------------------------------------ JCloisterZone */

struct jcz {
        char *paths[64];
        size_t n;
};

static int jcz_setup(void **state)
{
        const char *dir = env("TKIT_JCZ_DIR");
        struct jcz *j = tkit_xcalloc(1, sizeof *j);
        *state = j;
        DIR *dp = dir ? opendir(dir) : NULL;
        if (!dp) {
                fprintf(stderr, "JCloisterZone's files (TKIT_JCZ_DIR=%s): %s\n",
                        dir ? dir : "unset", dir ? strerror(errno) : "run through meson");
                return -1;
        }
        struct dirent *e;
        while ((e = readdir(dp)) && j->n < 64) {
                size_t len = strlen(e->d_name);
                if (len > 4 && strcmp(e->d_name + len - 4, ".xml") == 0)
                        j->paths[j->n++] = tkit_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(dp);
        if (j->n == 0) {
                fprintf(stderr, "%s: no JCloisterZone files\n", dir);
                return -1;
        }
        /* Alphabetical, as a shell glob gives them. */
        for (size_t a = 0; a < j->n; a++)
                for (size_t b = a + 1; b < j->n; b++)
                        if (strcmp(j->paths[a], j->paths[b]) > 0) {
                                char *t = j->paths[a];
                                j->paths[a] = j->paths[b];
                                j->paths[b] = t;
                        }
        return 0;
}

static int jcz_teardown(void **state)
{
        struct jcz *j = *state;
        for (size_t i = 0; i < j->n; i++)
                free(j->paths[i]);
        free(j);
        return 0;
}

static const char *jcz_path(struct jcz *j, const char *base)
{
        for (size_t i = 0; i < j->n; i++) {
                const char *s = strrchr(j->paths[i], '/');
                if (s && strcmp(s + 1, base) == 0)
                        return j->paths[i];
        }
        return NULL;
}

static void test_jcz_all_files(void **state)
{
        struct jcz *j = *state;
        assert_int_equal(j->n, 30);
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        int rrc;
        read_and_check((const char *const *)j->paths, j->n, &l, &d, &rrc);
        assert_int_equal(rrc, 0);
        /* 358 tile definitions in 51 tile-sets. */
        struct tkit_buf seen;
        tkit_buf_init(&seen);
        tkit_buf_puts(&seen, "\n");
        size_t distinct = 0;
        for (size_t i = 0; i < l.n; i++) {
                assert_string_equal(l.sets[i]->source_format, "jcz");
                for (size_t k = 0; k < l.sets[i]->ntiles; k++) {
                        char *key = tkit_xasprintf("\n%s\n", l.sets[i]->tiles[k].id);
                        if (!strstr(seen.data, key)) {
                                tkit_buf_puts(&seen, key + 1);
                                distinct++;
                        }
                        free(key);
                }
        }
        tkit_buf_finish(&seen);
        assert_int_equal(l.n, 51);
        assert_int_equal(distinct, 358);
        /* Exactly the known data errors (see the top of this file), and no unresolved refs. */
        for (size_t i = 0; i < d.n; i++) {
                const struct tkit_diag *g = &d.v[i];
                assert_true(g->rule == NULL || strcmp(g->rule, "JCZ-REF") != 0);
                if (g->severity != TKIT_SEV_ERROR)
                        continue;
                bool known = strcmp(g->rule, "FIELD-TOUCH-MISSING") == 0 &&
                             strcmp(g->tile, "DG/CCc+.p") == 0;
                if (!known) {
                        tkit_test_print_diags(&d);
                        fail_msg("unexpected error on JCloisterZone data");
                }
        }
        assert_null(find_diag(&d, "FIELD-TOUCH-FAR", NULL));
        assert_null(find_diag(&d, "GEO-OVERPASS", NULL));
        assert_non_null(find_diag(&d, "FIELD-TOUCH-MISSING", "DG/CCc+.p"));
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

static const struct tkit_tile *tile_in(const struct tkit_setlist *l, const char *id)
{
        for (size_t i = 0; i < l->n; i++) {
                int k = tkit_set_find_tile(l->sets[i], id);
                if (k >= 0)
                        return &l->sets[i]->tiles[k];
        }
        return NULL;
}

static const struct tkit_feature *feature_in(const struct tkit_tile *t, const char *id)
{
        int k = tkit_tile_find_feature(t, id);
        assert_true(k >= 0);
        return &t->features[k];
}

/* What the reader makes of JCloisterZone's special cases. */
static void test_jcz_reading(void **state)
{
        struct jcz *j = *state;
        const char *files[] = {"river.xml", "abbey_and_mayor.xml", "traders_and_builders.xml",
                               "count.xml", "basic.xml",           "festival.xml",
                               "flier.xml"};
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
                const char *p = jcz_path(j, files[i]);
                if (!p)
                        fail_msg("no %s among JCloisterZone's files", files[i]);
                assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &l, &d), 0);
        }
        /* basic:1 has 24 types and 72 tiles; the city cap road tile is read as written. */
        const struct tkit_set *basic = tkit_setlist_find(&l, "basic:1");
        assert_non_null(basic);
        assert_int_equal(basic->ntiles, 24);
        assert_int_equal(tkit_set_tile_total(basic), 72);
        const struct tkit_tile *t = tile_in(&l, "BA/RCr");
        assert_int_equal(t->basis, TKIT_BASIS_EXTERNAL);
        assert_int_equal(feature_in(t, "city-1")->mask, m("N"));
        assert_int_equal(feature_in(t, "road-1")->mask, m("WM EM"));
        const struct tkit_feature *f = feature_in(t, "field-1");
        assert_int_equal(f->mask, m("EL WR"));
        assert_int_equal(f->ntouches, 1);
        assert_string_equal(f->touches[0], "city-1");
        /* Markers are kept. */
        t = tile_in(&l, "BA/LR");
        assert_string_equal(feature_in(t, "road-1")->extra[0].name, "wagon-move");
        t = tile_in(&l, "FL/F.d");
        assert_string_equal(t->extra[0].name, "flying-machine");
        assert_string_equal(t->extra[0].value, "direction=NW");
        /* Rivers: groups and ends; the road bridge over the river and the city arch over it. */
        t = tile_in(&l, "RI/s");
        assert_int_equal(t->group, TKIT_GROUP_RIVER);
        assert_int_equal(feature_in(t, "river-1")->end, TKIT_END_SOURCE);
        assert_int_equal(feature_in(tile_in(&l, "RI.1/I.e"), "river-1")->end, TKIT_END_LAKE);
        t = tile_in(&l, "RI.1/RIrI");
        assert_true(feature_in(t, "road-1")->overpass);
        assert_false(feature_in(t, "river-1")->overpass);
        assert_non_null(strstr(t->provenance, "overpass"));
        t = tile_in(&l, "RI.2/CIcI");
        assert_true(feature_in(t, "city-1")->overpass);
        /* Tunnel under a city; two roads crossing (the later one on top); two cities crossing. */
        t = tile_in(&l, "AM/CRcr+");
        assert_true(feature_in(t, "road-1")->overpass);
        assert_false(feature_in(t, "city-1")->overpass);
        t = tile_in(&l, "TB/RRrr");
        assert_false(feature_in(t, "road-1")->overpass);
        assert_true(feature_in(t, "road-2")->overpass);
        t = tile_in(&l, "AM/CCcc+");
        assert_true(feature_in(t, "city-2")->overpass);
        /* A city bridging over a city that touches one side: known from the art. */
        const struct tkit_tile *t2 = tile_in(&l, "AM/CCc+");
        assert_true(feature_in(t2, "city-2")->overpass);
        assert_false(feature_in(t2, "city-1")->overpass);
        assert_non_null(strstr(t2->provenance, "bridges over"));
        /* Inner fields I and II; city="N W" names two cities by their sides. */
        f = feature_in(t, "field-2");
        assert_int_equal(f->mask, 0);
        assert_int_equal(f->ntouches, 2);
        t = tile_in(&l, "FE/CCc"); /* <tile> directly under <defs> */
        assert_non_null(t);
        /* The City of Carcassonne: a block, its open edges are no error. */
        t = tile_in(&l, "CO/1");
        assert_int_equal(t->group, TKIT_GROUP_FORTRESS);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* winter.xml uses the tiles of basic.xml: alone it is incomplete (JCZ-REF errors), read with
 * basic.xml its set is complete. */
static void test_jcz_link(void **state)
{
        struct jcz *j = *state;
        const char *winter = jcz_path(j, "winter.xml"), *basic = jcz_path(j, "basic.xml");
        assert_non_null(winter);
        assert_non_null(basic);
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        int rrc;
        const char *one[] = {winter};
        read_and_check(one, 1, &l, &d, &rrc);
        assert_int_equal(rrc, 0);
        size_t refs = 0;
        for (size_t i = 0; i < d.n; i++)
                refs += d.v[i].rule && strcmp(d.v[i].rule, "JCZ-REF") == 0;
        assert_int_equal(refs, 24);
        assert_int_equal(d.errors, 24); /* errors: the set cannot be built */
        assert_non_null(strstr(find_diag(&d, "JCZ-REF", NULL)->message, "give the file that"));
        assert_int_equal(l.sets[0]->ntiles, 12);
        tkit_diags_clear(&d);
        tkit_setlist_finish(&l);
        tkit_setlist_init(&l);
        const char *two[] = {winter, basic}; /* the order does not matter */
        read_and_check(two, 2, &l, &d, &rrc);
        assert_null(find_diag(&d, "JCZ-REF", NULL));
        const struct tkit_set *w = tkit_setlist_find(&l, "winter");
        assert_int_equal(w->ntiles, 36);
        assert_int_equal(tkit_set_tile_total(w), 84);
        /* Findings on a borrowed tile point into winter.xml, at the ref. */
        const struct tkit_tile *t = &w->tiles[tkit_set_find_tile(w, "BA/L")];
        assert_int_equal(t->line, 80);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* Errors planted into a copy of basic.xml are reported with the right rule, tile and line. */
struct plant {
        const char *rule, *tile;
        const char *from, *to; /* replace the first `from` by `to` */
        const char *line_at;   /* the reported line is the one holding this text (after) */
};

static const struct plant plants[] = {
    {"REF-TOUCH", "BA/RCr", "<field city=\"N\">EL WR</field>", "<field city=\"S\">EL WR</field>",
     "<field city=\"S\">EL WR</field>"},
    {"GEO-COVER", "BA/RCr", "<field>ER SL SR WL</field>\n    </tile>\n\n",
     "<field>ER SL SR</field>\n    </tile>\n\n", "<tile id=\"BA/RCr\">"},
    {"GEO-OVERLAP", "BA/RCr", "<field>ER SL SR WL</field>", "<field>ER SL SR WL EL</field>",
     "<field>ER SL SR WL EL</field>"},
    {"FIELD-TOUCH-MISSING", "BA/RCr", "<field city=\"N\">EL WR</field>", "<field>EL WR</field>",
     "<field>EL WR</field>"},
    {"GEO-CROSS", "BA/RCr", "<field city=\"N\">EL WR</field>\n      <field>ER SL SR WL</field>",
     "<field city=\"N\">EL WR ER</field>\n      <field>SL SR WL</field>",
     "<field city=\"N\">EL WR ER</field>"},
    {"ID-DUP", "BA/L", "<tile id=\"BA/LR\">", "<tile id=\"BA/L\">",
     "<tile id=\"BA/L\">\n      <monastery wagon-move"},
    {"COUNT-RANGE", "BA/L", "<ref count=\"4\" tile=\"BA/L\" />",
     "<ref count=\"0\" tile=\"BA/L\" />", "<ref count=\"0\" tile=\"BA/L\" />"},
};

static void test_jcz_planted(void **state)
{
        struct jcz *j = *state;
        const char *basic = jcz_path(j, "basic.xml");
        assert_non_null(basic);
        char *orig = read_all(basic, NULL);
        assert_non_null(orig);
        char dir[] = "/tmp/tkit-rules-XXXXXX";
        assert_non_null(mkdtemp(dir));
        for (size_t i = 0; i < sizeof plants / sizeof plants[0]; i++) {
                const struct plant *p = &plants[i];
                const char *at = strstr(orig, p->from);
                if (!at)
                        fail_msg("basic.xml no longer contains %s", p->from);
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_buf_add(&b, orig, (size_t)(at - orig));
                tkit_buf_puts(&b, p->to);
                tkit_buf_puts(&b, at + strlen(p->from));
                char *path = tkit_xasprintf("%s/basic-%zu.xml", dir, i);
                assert_true(write_all(path, b.data));
                int want = line_of(b.data, p->line_at);
                assert_true(want > 0);
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                int rrc;
                const char *paths[] = {path};
                read_and_check(paths, 1, &l, &d, &rrc);
                const struct tkit_diag *g = find_diag(&d, p->rule, p->tile);
                if (!g || g->line != want || strcmp(g->file, path) != 0) {
                        tkit_test_print_diags(&d);
                        fail_msg("planted %s in %s: want line %d", p->rule, p->tile, want);
                }
                assert_int_equal(g->severity, TKIT_SEV_ERROR);
                unlink(path);
                free(path);
                tkit_buf_finish(&b);
                tkit_diags_finish(&d);
                tkit_setlist_finish(&l);
        }
        rmdir(dir);
        free(orig);
}

/* ------------------------------------------------------------------ the commands */

/* Runs the tilekit binary with `args` (words, '...' quoted) from the source root through
 * tkit_run(); a copy of its stdout in *out (caller frees); returns the exit status. */
static int run(const char *args, char **out)
{
        const char *root = env("TKIT_SOURCE_ROOT");
        struct tkit_run r = {.cwd = root ? root : "."};
        int st = tkit_run_line(&r, tkit_test_env("TILEKIT"), "%s", args);
        *out = tkit_xstrdup(r.out);
        tkit_run_finish(&r);
        return st;
}

static void test_cli_check(void **state)
{
        (void)state;
        char *out;
        assert_int_equal(run("check --list-rules", &out), 0);
        for (size_t i = 0; i < tkit_rules_count; i++)
                assert_non_null(strstr(out, tkit_check_rule_id(tkit_rules[i].rule)));
        free(out);
        assert_int_equal(run("check --list-rules --json", &out), 0);
        assert_non_null(strstr(out, "\"id\": \"GEO-CROSS\""));
        free(out);
        assert_int_equal(run("check tests/rules/fixtures/GEO-CROSS.good.xml", &out), 0);
        assert_string_equal(out, "");
        free(out);
        assert_int_equal(run("check tests/rules/fixtures/GEO-CROSS.bad.xml", &out), 1);
        assert_non_null(strstr(out, "tests/rules/fixtures/GEO-CROSS.bad.xml:5: error: [GEO-CROSS] "
                                    "tile U: field 'a' crosses road 'r'"));
        /* the hint is a command to copy: the file as given, quoted */
        assert_non_null(strstr(out,
                               "(see: tilekit render tile 'U' --tiles "
                               "'tests/rules/fixtures/GEO-CROSS.bad.xml' --debug -o tile.png)"));
        free(out);
        assert_int_equal(run("check --json tests/rules/fixtures/GEO-CROSS.bad.xml", &out), 1);
        assert_true(out[0] == '[');
        assert_non_null(strstr(out, "GEO-CROSS"));
        free(out);
        /* Warnings fail only with --werror. */
        assert_int_equal(run("check tests/rules/fixtures/TYPE-DUP.bad.xml", &out), 0);
        assert_non_null(strstr(out, "warning: [TYPE-DUP]"));
        free(out);
        assert_int_equal(run("check --werror tests/rules/fixtures/TYPE-DUP.bad.xml", &out), 1);
        free(out);
        assert_int_equal(run("check no/such/file.xml", &out), 2);
        free(out);
        assert_int_equal(run("check --no-such-option x.xml", &out), 2);
        free(out);
        assert_int_equal(run("check --format nonsense x.xml", &out), 2);
        free(out);
        assert_int_equal(run("check --help", &out), 0);
        assert_non_null(strstr(out, "--list-rules"));
        free(out);
        assert_int_equal(run("help check", &out), 0);
        free(out);
}

/* Stores findings in a database and checks sets imported there. */
static void test_cli_check_db(void **state)
{
        (void)state;
        char dir[] = "/tmp/tkit-rules-db-XXXXXX";
        assert_non_null(mkdtemp(dir));
        char *out;
        char *cmd = tkit_xasprintf("import --db %s/t.db tests/rules/fixtures/TYPE-DUP.bad.xml "
                                   "tests/rules/fixtures/FIELD-TOUCH-MISSING.good.xml",
                                   dir);
        assert_int_equal(run(cmd, &out), 0);
        free(cmd);
        free(out);
        cmd = tkit_xasprintf("check --db %s/t.db", dir);
        assert_int_equal(run(cmd, &out), 0);
        assert_non_null(strstr(out, "[TYPE-DUP]"));
        free(out);
        free(cmd);
        cmd = tkit_xasprintf("check --db %s/t.db --set fx-touch-missing", dir);
        assert_int_equal(run(cmd, &out), 0);
        assert_string_equal(out, "");
        free(out);
        free(cmd);
        cmd = tkit_xasprintf("check --db %s/t.db --set no-such-set", dir);
        assert_int_equal(run(cmd, &out), 1);
        free(out);
        free(cmd);
        /* A stored set compares equal to the file it was imported from. */
        cmd = tkit_xasprintf(
            "diff --db %s/t.db db:fx-type-dup tests/rules/fixtures/TYPE-DUP.bad.xml", dir);
        assert_int_equal(run(cmd, &out), 0);
        free(out);
        free(cmd);
        cmd = tkit_xasprintf(
            "diff --db %s/t.db db:no-such-set tests/rules/fixtures/TYPE-DUP.bad.xml", dir);
        assert_int_equal(run(cmd, &out), 1); /* a missing set is wrong data: 1, as everywhere */
        free(out);
        free(cmd);
        /* The findings are stored: the TYPE-DUP warning is in the database, with its set. */
        char *db = tkit_xasprintf("%s/t.db", dir);
        assert_int_equal(
            query_long(db, "SELECT count(*) FROM findings WHERE rule = 'TYPE-DUP'"
                           " AND severity = 'warning' AND set_id = 'fx-type-dup' AND tile = 'E2'"),
            1);
        free(db);
        remove_tree(dir);
}

static void test_cli_diff(void **state)
{
        struct jcz *j = *state;
        char *out;
        /* The same set against itself, and a rotated duplicate (E2) against the original. */
        assert_int_equal(run("diff tests/rules/fixtures/GEO-CROSS.good.xml "
                             "tests/rules/fixtures/GEO-CROSS.good.xml",
                             &out),
                         0);
        assert_string_equal(out, "");
        free(out);
        /* Both ways round: A and B change places. */
        static const char *const dup[2] = {"tests/rules/fixtures/TYPE-DUP.good.xml",
                                           "tests/rules/fixtures/TYPE-DUP.bad.xml"};
        for (int k = 0; k < 2; k++) {
                char *cmd = tkit_xasprintf("diff %s %s", dup[k], dup[!k]);
                char *b = tkit_xasprintf("%s B: only in %s (sides FFFF, count 2)",
                                         k ? "extra" : "missing", k ? "B" : "A");
                char *e2 = tkit_xasprintf("%s E2: only in %s (sides FCFF, count 1)",
                                          k ? "missing" : "extra", k ? "A" : "B");
                assert_int_equal(run(cmd, &out), 1);
                assert_non_null(strstr(out, b));
                assert_non_null(strstr(out, e2));
                assert_null(strstr(out, "E E")); /* E is the same in both */
                free(out);
                free(cmd);
                free(b);
                free(e2);
        }
        assert_int_equal(run("diff tests/rules/fixtures/SET-START.good.xml "
                             "tests/rules/fixtures/ILLUSTRATION.good.xml",
                             &out),
                         1);
        assert_non_null(strstr(out, "changed E E: group=land symbols= illustrations= vs "
                                    "group=land symbols= illustrations=GT"));
        free(out);
        assert_int_equal(run("diff onlyone.xml", &out), 2);
        free(out);
        /* A file that cannot be read, on either side, is exit 2 (not a difference). */
        assert_int_equal(run("diff no/such.xml tests/rules/fixtures/TYPE-DUP.good.xml", &out), 2);
        assert_string_equal(out, "");
        free(out);
        assert_int_equal(run("diff tests/rules/fixtures/TYPE-DUP.good.xml no/such.xml", &out), 2);
        assert_string_equal(out, "");
        free(out);
        /* JCloisterZone's basic:1 is the bundled base game, type for type. */
        char *cmd = tkit_xasprintf("diff '%s#basic:1' tilesets/base.xml", jcz_path(j, "basic.xml"));
        assert_int_equal(run(cmd, &out), 0);
        free(out);
        free(cmd);
        cmd = tkit_xasprintf("diff --json '%s#basic:1' '%s#basic:2'", jcz_path(j, "basic.xml"),
                             jcz_path(j, "basic.xml"));
        assert_int_equal(run(cmd, &out), 1);
        assert_non_null(strstr(out, "{\"kind\": \"count\", \"a\": \"BA/C\", \"b\": \"BA/C\", "
                                    "\"count_a\": 5, \"count_b\": 4"));
        assert_non_null(strstr(out, "{\"kind\": \"extra\", \"a\": null, \"b\": \"BA/CG\""));
        free(out);
        free(cmd);
        cmd = tkit_xasprintf("diff '%s' tilesets/base.xml", jcz_path(j, "basic.xml"));
        assert_int_equal(run(cmd, &out), 2); /* two sets in the file: choose one */
        free(out);
        free(cmd);
}

/* Replaces the first `from` in *text by `to`; fails the test when there is none. */
static void edit(char **text, const char *from, const char *to)
{
        char *p = strstr(*text, from);
        if (!p)
                fail_msg("no '%s' to edit", from);
        char *e = tkit_xasprintf("%.*s%s%s", (int)(p - *text), *text, to, p + strlen(from));
        free(*text);
        *text = e;
}

/* A tile file with edits made, written into a directory of its own for a command to check. */
struct edited {
        char *text, *dir, *file;
};

/* Reads PATH, makes each edit {from, to} in turn and writes the result as NAME. */
static void edited_write(struct edited *e, const char *path, const char *name,
                         const char *const edits[][2], size_t n)
{
        e->text = read_all(path, NULL);
        assert_non_null(e->text);
        for (size_t i = 0; i < n; i++)
                edit(&e->text, edits[i][0], edits[i][1]);
        e->dir = make_temp_dir();
        e->file = tkit_xasprintf("%s/%s", e->dir, name);
        assert_true(write_all(e->file, e->text));
}

static void edited_remove(struct edited *e)
{
        unlink(e->file);
        free(e->file);
        remove_tree(e->dir);
        free(e->dir);
        free(e->text);
}

/* `tilekit check FILE` fails and prints each of the `n` lines of want[] (freed). */
static void check_prints(struct tkit_run *r, const char *file, char **want, size_t n)
{
        assert_int_equal(tkit_run_line(r, tkit_test_env("TILEKIT"), "check '%s'", file), 1);
        for (size_t i = 0; i < n; i++) {
                if (!strstr(r->out, want[i]))
                        fail_msg("want '%s' in:\n%s", want[i], r->out);
                free(want[i]);
        }
}

/* The same in a JCloisterZone file: a bad <ref> count, a field naming a side with no city and a
 * position listed twice, all in one run, with their lines and the valid sides. */
static void test_jcz_every_error_one_run(void **state)
{
        (void)state;
        static const char *const edits[][2] = {
            {"<ref count=\"4\" tile=\"BA/L\" />", "<ref count=\"-1\" tile=\"BA/L\" />"},
            {"<field city=\"N\">EL WR</field>", "<field city=\"S\">EL WR</field>"},
            {"<field city=\"N\">SL</field>", "<field city=\"N\">SL SL</field>"},
        };
        char *path = tkit_xasprintf("%s/basic.xml", env("TKIT_JCZ_DIR"));
        struct edited e;
        edited_write(&e, path, "basic.xml", edits, 3);
        free(path);
        char *want[3];
        want[0] = tkit_xasprintf("%s:%d: error: [COUNT-RANGE] tile BA/L: count=\"-1\" on <ref>: a "
                                 "tile has 1 to 1000 copies in the box",
                                 e.file, line_of(e.text, "count=\"-1\""));
        want[1] = tkit_xasprintf("%s:%d: error: [REF-TOUCH] tile BA/RCr: field 'field-1' "
                                 "city=\"S\": there is no city on side S; city=\"...\" names "
                                 "sides a city covers: N\n",
                                 e.file, line_of(e.text, "city=\"S\""));
        want[2] = tkit_xasprintf("%s:%d: error: [XML-VALUE] tile BA/CccR+: 'SL' is listed twice",
                                 e.file, line_of(e.text, "SL SL"));
        struct tkit_run r = {0};
        check_prints(&r, e.file, want, 3);
        assert_non_null(strstr(r.err, ": 3 errors, 0 warnings"));
        tkit_run_finish(&r);
        edited_remove(&e);
}

/* Every catalogue id has a page in the docs built into the library, and every page an id; the
 * command prints the page from anywhere (no source tree), and an unknown id is a usage error that
 * names the close ones. */
static void test_explain(void **state)
{
        (void)state;
        for (size_t i = 0; i < tkit_rules_count; i++) {
                size_t len = 0;
                const char *page = tkit_rule_page(tkit_check_rule_id(tkit_rules[i].rule), &len);
                if (!page)
                        fail_msg("no page '### `%s`' in docs/rules.md", tkit_check_rule_id(tkit_rules[i].rule));
                char *head = tkit_xasprintf("### `%s`\n", tkit_check_rule_id(tkit_rules[i].rule));
                assert_memory_equal(page, head, strlen(head));
                for (size_t k = 1; k < len; k++) /* one page, not the next one too */
                        if (page[k - 1] == '\n' && page[k] == '#')
                                fail_msg("the page of %s runs into a heading", tkit_check_rule_id(tkit_rules[i].rule));
                free(head);
        }
        size_t pages = 0;
        for (const char *p = tkit_rules_doc(NULL); (p = strstr(p, "\n### `")) != NULL; p += 6) {
                char id[64];
                size_t n = strcspn(p + 6, "`");
                assert_true(n < sizeof id);
                memcpy(id, p + 6, n);
                id[n] = '\0';
                if (!tkit_rule_find(id))
                        fail_msg("page '%s' in docs/rules.md has no catalogue entry", id);
                pages++;
        }
        assert_int_equal(pages, tkit_rules_count);
        size_t len;
        assert_null(tkit_rule_page("GEO", &len));
        assert_null(tkit_rule_page("", &len));
        const char *close[8];
        assert_true(tkit_rules_close("GEO-COVR", close, 8) >= 1);
        assert_string_equal(close[0], "GEO-COVER");
        struct tkit_run r = {.cwd = "/"};
        assert_int_equal(tkit_run_line(&r, tkit_test_env("TILEKIT"), "check --explain REF-TOUCH"),
                         0);
        assert_non_null(strstr(r.out, "### `REF-TOUCH`\n"));
        assert_non_null(strstr(r.out, "**A field's touches name cities of its tile.**"));
        assert_null(strstr(r.out, "COUNT-RANGE`")); /* the next page is not printed */
        tkit_run_finish(&r);
        r = (struct tkit_run){.cwd = "/"};
        assert_int_equal(tkit_run_line(&r, tkit_test_env("TILEKIT"), "check --explain GEO-COVR"),
                         2);
        assert_string_equal(r.out, "");
        assert_non_null(strstr(r.err, "no rule 'GEO-COVR' in the catalogue: did you mean "
                                      "GEO-COVER"));
        tkit_run_finish(&r);
        r = (struct tkit_run){.cwd = "/"};
        assert_int_equal(tkit_run_line(&r, tkit_test_env("TILEKIT"), "check --help"), 0);
        assert_non_null(strstr(r.out, "--explain RULE"));
        tkit_run_finish(&r);
}

/* ------------------------------------------------------------------ issue 25: every error */

/* Three independent errors on three tiles (a count the reader takes, a dangling touches for
 * tkit_set_validate, a position in two fields for the tile rules) come out of one run, each
 * with the line of what is wrong; before, each hid the next. Without recovery (import) the
 * reader still appends nothing. */
static void test_every_error_one_run(void **state)
{
        (void)state;
        static const char *const edits[][2] = {
            {"<tile id=\"cloister-2\" count=\"1\">", "<tile id=\"cloister-2\" count=\"-1\">"},
            {"<field id=\"f\" at=\"E S W\" touches=\"c\"/>",
             "<field id=\"f\" at=\"E S W\" touches=\"c x\"/>"},
            {"<field id=\"f2\" at=\"ER S WL\"/>", "<field id=\"f2\" at=\"ER S WL EL\"/>"},
        };
        char *path = src_path("tilesets/castles-bridges.xml");
        struct edited e;
        edited_write(&e, path, "cb.xml", edits, 3);
        free(path);
        char *want[3];
        want[0] = tkit_xasprintf("%s:%d: error: [COUNT-RANGE] tile cloister-2: tile count -1 is "
                                 "outside 1..1000: a tile has 1 to 1000 copies in the box",
                                 e.file, line_of(e.text, "count=\"-1\""));
        want[1] = tkit_xasprintf("%s:%d: error: [REF-TOUCH] tile cloister-1: field 'f' touches "
                                 "'x', which is not a feature of this tile: touches=\"...\" names "
                                 "cities of the tile; the tile's cities are 'c'\n",
                                 e.file, line_of(e.text, "touches=\"c x\""));
        want[2] = tkit_xasprintf("%s:%d: error: [GEO-OVERLAP] tile village-2: EL is in both",
                                 e.file, line_of(e.text, "WL EL"));
        struct tkit_run r = {0};
        check_prints(&r, e.file, want, 3);
        /* the position in two fields also puts f2 on both sides of the village's roads: the
         * topology rule says so too (FIELD-CUT, same line), a fourth error of the same run */
        assert_non_null(strstr(r.out, "error: [FIELD-CUT] tile village-2: field 'f2'"));
        assert_non_null(strstr(r.err, ": 4 errors, 0 warnings"));
        tkit_run_finish(&r);
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        assert_int_equal(tkit_read_file(e.file, TKIT_FORMAT_AUTO, &l, &d), TKIT_E_INVALID);
        assert_int_equal(l.n, 0);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
        tkit_diags_init(&d);
        l.recover = true;
        assert_int_equal(tkit_read_file(e.file, TKIT_FORMAT_AUTO, &l, &d), TKIT_E_INVALID);
        assert_int_equal(l.n, 1);
        assert_true(l.sets[0]->broken);
        size_t nbroken = 0;
        for (size_t i = 0; i < l.sets[0]->ntiles; i++)
                nbroken += l.sets[0]->tiles[i].broken;
        assert_int_equal(nbroken, 2); /* cloister-1 and cloister-2; village-2 reads well */
        assert_false(l.sets[0]->tiles[tkit_set_find_tile(l.sets[0], "village-2")].broken);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
        edited_remove(&e);
}

/* tilekit diff on a bundled set with three tiles changed in place: each is reported as changed,
 * naming its features and how they differ, never as missing plus extra. */
static void test_cli_diff_changed(void **state)
{
        (void)state;
        static const char *const edits[][2] = {
            {"<road id=\"r1\" at=\"E\" end=\"village\"/>\n    <road id=\"r2\" at=\"W\" "
             "end=\"village\"/>",
             "<road id=\"r1\" at=\"N\" end=\"village\"/>\n    <road id=\"r2\" at=\"W\" "
             "end=\"village\" inn=\"yes\"/>"},
            {"<field id=\"f\" at=\"E S W\" touches=\"c\"/>",
             "<field id=\"f\" at=\"E S W\"/>\n    <garden id=\"g\"/>"},
            {"<tile id=\"tower-1\" count=\"1\"", "<tile id=\"tower-1\" count=\"2\""},
        };
        char *path = src_path("tilesets/castles-bridges.xml");
        struct edited e;
        edited_write(&e, path, "cb.xml", edits, 3);
        const char *file = e.file;
        struct tkit_run r = {0};
        assert_int_equal(tkit_run_line(&r, tkit_test_env("TILEKIT"), "diff '%s' '%s'", path, file),
                         1);
        assert_string_equal(r.out,
                            "count tower-1 tower-1: count 1 vs 2\n"
                            "changed cloister-1 cloister-1: f: touches c vs -; g: only in B "
                            "(garden inner)\n"
                            "changed village-2 village-2: r1: positions EM vs NM; r2: attributes "
                            "end=village vs end=village inn\n");
        assert_non_null(strstr(r.err, "13 same, 1 with other counts, 2 changed, 0 different, 0 "
                                      "only in A, 0 only in B"));
        tkit_run_finish(&r);
        r = (struct tkit_run){0};
        assert_int_equal(
            tkit_run_line(&r, tkit_test_env("TILEKIT"), "diff --json '%s' '%s'", path, file), 1);
        assert_non_null(strstr(r.out, "{\"kind\": \"changed\", \"a\": \"village-2\", \"b\": "
                                      "\"village-2\""));
        tkit_run_finish(&r);
        edited_remove(&e);
        free(path);
}

/* ------------------------------------------------------------------ issue 11 */

/* A misspelled value of an attribute the JCloisterZone reader interprets is an error naming the
 * attribute and the value, never read as false. */
static void test_jcz_strict_values(void **state)
{
        (void)state;
        static const char *const bad[][2] = {
            {"<city besieged=\"maybe\">N</city>", "besieged=\"maybe\""},
            {"<city cathedral=\"ja\">N</city>", "cathedral=\"ja\""},
            {"<road inn=\"tru\">N S</road>", "inn=\"tru\""},
            {"<road tunnel=\"2\">N S</road>", "tunnel=\"2\""},
            {"<city pennants=\"one\">N</city>", "pennants=\"one\""},
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
                char *xml = tkit_xasprintf("<defs><tiles><tile id=\"T/A\">%s</tile></tiles></defs>",
                                           bad[i][0]);
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                assert_int_equal(read_jcz(xml, &l, &d), TKIT_E_INVALID);
                const struct tkit_diag *g = find_diag(&d, "XML-VALUE", NULL);
                assert_non_null(g);
                assert_non_null(strstr(g->message, bad[i][1]));
                tkit_diags_finish(&d);
                tkit_setlist_finish(&l);
                free(xml);
        }
        /* false is false, group must be a known one */
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        assert_int_equal(
            read_jcz("<defs><tiles><tile id=\"T/A\"><city besieged=\"false\">N</city>"
                     "<field city=\"N\">EL ER SL SR WL WR</field></tile></tiles></defs>",
                     &l, &d),
            0);
        assert_int_equal(l.sets[0]->tiles[0].features[0].besieger, TKIT_BESIEGER_NONE);
        assert_int_equal(read_jcz("<defs><tiles><tile id=\"T/B\" group=\"rivr\"><road>N</road>"
                                  "</tile></tiles></defs>",
                                  &l, &d),
                         TKIT_E_INVALID);
        assert_non_null(strstr(find_diag(&d, "XML-VALUE", NULL)->message, "group=\"rivr\""));
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

/* TYPE-DUP over many types: every repeat is found (no cutoff), against the first of its type,
 * with the turn between them. */
static void test_type_dup_many(void **state)
{
        (void)state;
        struct tkit_set *s = tkit_set_create("many");
        s->file = tkit_xstrdup("many.xml");
        s->source_format = tkit_xstrdup("tilekit");
        char id[32];
        for (int i = 0; i < 5000; i++) {
                snprintf(id, sizeof id, "T%d", i);
                struct tkit_tile *t = tkit_set_add_tile(s, id);
                t->line = i + 1;
                /* a city on 1..4 sides (i / 4 % 4) from side i % 4, (i / 16) % 100 pennants */
                int sides = 1 + (i / 4) % 4;
                uint16_t cm = 0;
                for (int k = 0; k < sides; k++)
                        cm |= (uint16_t)TKIT_MASK_SIDE((i + k) % 4);
                struct tkit_feature *c = tkit_tile_add_feature(t, TKIT_CITY, "c");
                c->mask = cm;
                c->pennants = (i / 16) % 100;
                if (cm != TKIT_MASK_ALL)
                        tkit_tile_add_feature(t, TKIT_FIELD, "f")->mask =
                            (uint16_t)(TKIT_MASK_HALVES & ~cm);
        }
        struct tkit_diags d;
        tkit_diags_init(&d);
        d.limit = 0;
        tkit_check_set(s, NULL, 0, &d);
        size_t dups = 0;
        for (size_t i = 0; i < d.n; i++)
                dups += d.v[i].rule && strcmp(d.v[i].rule, "TYPE-DUP") == 0;
        /* 4 side counts x 100 pennant counts; the four turns of one are the same type */
        size_t types = 400;
        assert_int_equal(dups, 5000 - types);
        const struct tkit_diag *g = find_diag(&d, "TYPE-DUP", NULL);
        assert_string_equal(g->tile, "T1");
        assert_non_null(strstr(g->message, "'T0' (line 1) turned 90"));
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

/* River tiles without a source among the set and what it requires are used only with a river
 * source: alone they are no error; with a source loaded they must close its river. */
static void test_river_optional(void **state)
{
        (void)state;
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        char *base = src_path("tilesets/base.xml"), *cb = src_path("tilesets/castles-bridges.xml");
        char *river = src_path("tilesets/river.xml");
        int rrc;
        const char *two[] = {base, cb};
        read_and_check(two, 2, &l, &d, &rrc);
        assert_int_equal(rrc, 0);
        assert_null(find_diag(&d, "RIVER-CHAIN", NULL));
        assert_int_equal(d.errors, 0);
        tkit_diags_clear(&d);
        tkit_setlist_finish(&l);
        tkit_setlist_init(&l);
        const char *three[] = {base, cb, river};
        read_and_check(three, 3, &l, &d, &rrc);
        assert_null(find_diag(&d, "RIVER-CHAIN", NULL));
        /* a second source among the loaded sets: the chain no longer closes, and it is said */
        struct tkit_set *extra = tkit_set_create("extra-source");
        extra->file = tkit_xstrdup("extra.xml");
        extra->source_format = tkit_xstrdup("tilekit");
        struct tkit_tile *t = tkit_set_add_tile(extra, "S");
        struct tkit_feature *f = tkit_tile_add_feature(t, TKIT_RIVER, "w");
        f->mask = (uint16_t)(1u << TKIT_POS(TKIT_S, TKIT_M));
        f->end = TKIT_END_SOURCE;
        tkit_setlist_add(&l, extra);
        tkit_diags_clear(&d);
        tkit_check_set(tkit_setlist_find(&l, "castles-bridges"), &l, 0, &d);
        const struct tkit_diag *g = find_diag(&d, "RIVER-CHAIN", NULL);
        assert_non_null(g);
        assert_non_null(strstr(g->message, "2 sources (with the river sources loaded)"));
        free(base);
        free(cb);
        free(river);
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_jcz_strict_values),
            cmocka_unit_test(test_type_dup_many),
            cmocka_unit_test(test_river_optional),
            cmocka_unit_test(test_catalogue_unique),
            cmocka_unit_test(test_every_rule_has_fixtures),
            cmocka_unit_test(test_docs_agree),
            cmocka_unit_test(test_topology_messages),
            cmocka_unit_test(test_cross_and_separate),
            cmocka_unit_test(test_inner_field),
            cmocka_unit_test(test_crossing_separates),
            cmocka_unit_test(test_barriers_at_the_feature_limit),
            cmocka_unit_test(test_same_type),
            cmocka_unit_test(test_manifest_kinds),
            cmocka_unit_test(test_jcz_errors),
            cmocka_unit_test(test_piece_cell_cover),
            cmocka_unit_test(test_set_compare),
            cmocka_unit_test(test_bundled_tilesets_clean),
            cmocka_unit_test_setup_teardown(test_jcz_all_files, jcz_setup, jcz_teardown),
            cmocka_unit_test_setup_teardown(test_jcz_reading, jcz_setup, jcz_teardown),
            cmocka_unit_test_setup_teardown(test_jcz_link, jcz_setup, jcz_teardown),
            cmocka_unit_test_setup_teardown(test_jcz_planted, jcz_setup, jcz_teardown),
            cmocka_unit_test(test_cli_check),
            cmocka_unit_test(test_every_error_one_run),
            cmocka_unit_test(test_jcz_every_error_one_run),
            cmocka_unit_test(test_explain),
            cmocka_unit_test(test_cli_diff_changed),
            cmocka_unit_test(test_cli_check_db),
            cmocka_unit_test_setup_teardown(test_cli_diff, jcz_setup, jcz_teardown),
        };
        return cmocka_run_group_tests_name("rules", tests, NULL, NULL);
}
