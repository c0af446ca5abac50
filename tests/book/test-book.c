/* Tests of tilekit book (book/, tools/cmd-book.c, docs/book/): value paths against the engine
 * and against `tilekit score --json`; the count words against docs/scoring.md; every language of
 * the example chapter builds as PDF and HTML, pdftotext finds each of its paragraphs with the
 * computed numbers in place and each caption; the HTML is well-formed, parses as HTML and holds
 * one inline SVG per picture with ids unique over the page; bad chapters fail with every
 * FILE:LINE:COLUMN and write nothing; outputs are byte-identical from run to run.
 * Environment: TKIT_EXE, TKIT_SOURCE (the source tree), TKIT_TILESETS; pdftotext and xmllint from
 * $PATH (optional: the tests that need them skip). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include "book/tkit-book.h"
#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "render/tkit-render.h"
#include "text/tkit-text.h"
#include "tkit-test.h"

static struct tkit_setlist sets;
static char *tmpdir;
static const char *const langs[] = {"en", "ro", "cs"};

static int setup(void **state)
{
        (void)state;
        static const char *const names[] = {"base",          "river",     "castles-bridges",
                                            "siege-defense", "besiegers", "inns-cathedrals",
                                            "cathars",       "siege-rgg", "traders-builders", NULL};
        tkit_test_sets_load(&sets, names);
        tmpdir = make_temp_dir();
        return tmpdir ? 0 : -1;
}

static void free_jscenes(void);

static int teardown(void **state)
{
        (void)state;
        free_jscenes();
        tkit_setlist_finish(&sets);
        remove_tree(tmpdir);
        tkit_render_cleanup(); /* cairo's font caches: a clean exit for leak checkers */
        free(tmpdir);
        return 0;
}

static char *src_path(const char *rel)
{
        return tkit_xasprintf("%s/%s", tkit_test_env("TKIT_SOURCE"), rel);
}

/* ---------------------------------------------------------------- values */

struct applied {
        struct tkit_scene *s;
        struct tkit_game_result r;
};

static void apply(const char *rel, struct applied *a)
{
        char *p = src_path(rel);
        struct tkit_diags d;
        tkit_diags_init(&d);
        a->s = tkit_scene_read_file(p, &d, NULL);
        assert_non_null(a->s);
        tkit_game_result_init(&a->r);
        assert_int_equal(tkit_game_apply(a->s, sets.sets, sets.n, false, &a->r, &d), 0);
        tkit_diags_finish(&d);
        free(p);
}

static void applied_finish(struct applied *a)
{
        tkit_game_result_finish(&a->r);
        tkit_scene_destroy(a->s);
}

static long value_ok(const struct applied *a, const char *path)
{
        long v = -1;
        char *why = NULL;
        int rc = tkit_book_value(a->s, &a->r, path, &v, &why);
        if (rc)
                fail_msg("%s: %s", path, why);
        return v;
}

static char *value_error(const struct applied *a, const char *path)
{
        long v;
        char *why = NULL;
        assert_int_equal(tkit_book_value(a->s, &a->r, path, &v, &why), TKIT_E_INVALID);
        assert_non_null(why);
        return why;
}

static void test_values(void **state)
{
        (void)state;
        struct applied a;
        apply("scenes/cb-example-2.xml", &a);
        assert_int_equal(value_ok(&a, "points:you"), 6);
        assert_int_equal(value_ok(&a, "points:blue"), 0);
        assert_int_equal(value_ok(&a, "rule:BRIDGE-ROAD:you"), 6);
        assert_int_equal(value_ok(&a, "rule:BRIDGE-ROAD"), 6);
        assert_int_equal(value_ok(&a, "rule:SCORE-CITY"), 0);
        assert_int_equal(value_ok(&a, "count:completed-road"), 1);
        assert_int_equal(value_ok(&a, "count:returned:you"), 1);
        assert_int_equal(value_ok(&a, "count:returned:blue"), 0);
        assert_int_equal(value_ok(&a, "events"), 3);
        assert_int_equal(value_ok(&a, "events:you"), 2);
        char *why = value_error(&a, "points:yuo");
        assert_non_null(strstr(why, "the players are you, blue"));
        free(why);
        why = value_error(&a, "count:retruned");
        assert_non_null(strstr(why, "no count 'retruned'"));
        free(why);
        why = value_error(&a, "rule:BRIDGE-RAOD");
        assert_non_null(strstr(why, "no rule 'BRIDGE-RAOD'"));
        free(why);
        free(value_error(&a, "points"));
        free(value_error(&a, "points:you:blue"));
        free(value_error(&a, "count::you"));
        free(value_error(&a, "score:you"));
        applied_finish(&a);

        apply("scenes/sd-example-8.xml", &a);
        assert_int_equal(value_ok(&a, "rule:COUNTERATTACK"), 21);
        assert_int_equal(value_ok(&a, "rule:COUNTERATTACK:yellow"), 3);
        assert_int_equal(value_ok(&a, "count:post-returned"), 3);
        assert_int_equal(value_ok(&a, "count:counterattack"), 1);
        applied_finish(&a);
}

/* points:PLAYER equals the "points" of `tilekit score --json` for every player of every rulebook
 * example: the book reports what score reports. */
static void test_values_match_score(void **state)
{
        (void)state;
        static const char *const scenes[] = {
            "cb-example-1", "cb-example-2", "cb-example-3", "cb-example-4", "cb-example-5",
            "cb-example-6", "cb-example-7", "cb-example-8", "cb-example-9", "sd-example-3",
            "sd-example-7", "sd-example-8", "sd-example-9", "sd-example-10"};
        for (size_t i = 0; i < sizeof scenes / sizeof *scenes; i++) {
                char *rel = tkit_xasprintf("scenes/%s.xml", scenes[i]);
                char *p = src_path(rel);
                const char *argv[] = {tkit_test_env("TKIT_EXE"), "score", "--json", p, NULL};
                struct tkit_run r = {0};
                assert_int_equal(tkit_run(&r, argv), 0);
                char *out = r.out, *err = r.err; /* handed over: freed below */
                struct applied a;
                apply(rel, &a);
                for (size_t k = 0; k < a.s->nplayers; k++) {
                        char *path = tkit_xasprintf("points:%s", a.s->players[k].id);
                        char *json =
                            tkit_xasprintf("\"%s\": %ld", a.s->players[k].id, value_ok(&a, path));
                        const char *pts = strstr(out, "\"points\": {");
                        assert_non_null(pts);
                        if (!strstr(pts, json))
                                fail_msg("%s: %s not in %s", rel, json, pts);
                        free(json);
                        free(path);
                }
                applied_finish(&a);
                free(out);
                free(err);
                free(p);
                free(rel);
        }
}

/* The count words of the book are exactly those docs/scoring.md lists. */
static void test_count_words_documented(void **state)
{
        (void)state;
        char *p = src_path("docs/scoring.md");
        char *doc = read_all(p, NULL);
        assert_non_null(doc);
        const char *sec = strstr(doc, "## Expectation words");
        assert_non_null(sec);
        const char *end = strstr(sec + 3, "\n## ");
        struct applied a;
        apply("scenes/cb-example-2.xml", &a);
        size_t n = 0;
        char *why = value_error(&a, "count:none-such");
        for (const char *s = strchr(sec, '`'); s && (!end || s < end); s = strchr(s, '`')) {
                const char *e = strchr(s + 1, '`');
                assert_non_null(e);
                char *word = tkit_xstrndup(s + 1, (size_t)(e - s - 1));
                if (word[0] == '<') { /* `<expect>` */
                        free(word);
                        s = e + 1;
                        continue;
                }
                char *path = tkit_xasprintf("count:%s", word);
                value_ok(&a, path);
                char *listed = tkit_xasprintf(" %s", word);
                assert_non_null(strstr(why, listed));
                n++;
                free(listed);
                free(path);
                free(word);
                s = e + 1;
        }
        /* and no word the documentation does not list: as many commas as words, less one */
        size_t commas = 0;
        for (const char *s = strstr(why, "the words are"); s && *s; s++)
                commas += *s == ',';
        assert_true(n >= 10);
        assert_int_equal(commas + 1, n);
        free(why);
        applied_finish(&a);
        free(doc);
        free(p);
}

/* ---------------------------------------------------------------- paths against score --json
 *
 * Each path kind is checked on every scene of scenes/ and every player (and all players, every
 * post, every feature kind and count) against what `tilekit score --json` prints: the expected
 * numbers are computed here from the JSON text, independently of book/values.c. */

/* One event of `score --json`, as its text. */
struct jevent {
        char *line;
};

struct jscene {
        char *file;
        char *head; /* the scene's first line (its points when it has no events) */
        struct jevent *ev;
        size_t n, cap;
        struct applied a;
};

static struct jscene *jscenes;
static size_t njscenes;

/* The string value of "key" in an event line, or NULL for null (the caller frees). */
static char *jstr(const char *line, const char *key)
{
        char *pat = tkit_xasprintf("\"%s\": ", key);
        const char *s = strstr(line, pat);
        assert_non_null(s);
        s += strlen(pat);
        free(pat);
        if (strncmp(s, "null", 4) == 0)
                return NULL;
        assert_true(*s == '"');
        const char *e = strchr(s + 1, '"');
        return tkit_xstrndup(s + 1, (size_t)(e - s - 1));
}

static bool jis(const char *line, const char *key, const char *want)
{
        char *v = jstr(line, key);
        bool same = v && want && strcmp(v, want) == 0;
        free(v);
        return same;
}

/* A number after "key": in `s` (0 when the key is absent: counts that do not apply). */
static long jnum_in(const char *s, const char *end, const char *key)
{
        char *pat = tkit_xasprintf("\"%s\": ", key);
        const char *h = strstr(s, pat);
        long v = 0;
        if (h && (!end || h < end))
                v = strtol(h + strlen(pat), NULL, 10);
        free(pat);
        return v;
}

static long jpoints(const char *line)
{
        return jnum_in(line, NULL, "points");
}

/* A count of the event's "counts" object. */
static long jcount(const char *line, const char *name)
{
        const char *c = strstr(line, "\"counts\": {");
        assert_non_null(c);
        return jnum_in(c, strchr(c, '}'), name);
}

/* The event's "places" array as text. */
static char *jplaces(const char *line)
{
        const char *p = strstr(line, "\"places\": [");
        assert_non_null(p);
        const char *e = strstr(p, "]}");
        return tkit_xstrndup(p, (size_t)(e - p));
}

/* Every scene of scenes/ scored by one `tilekit score --json` run, and applied here. */
static void load_jscenes(void)
{
        if (jscenes)
                return;
        char *dir = src_path("scenes");
        char *cmd = tkit_xasprintf("'%s' score --json '%s'/*.xml", tkit_test_env("TKIT_EXE"), dir);
        char *out = NULL;
        assert_int_equal(run_shell(cmd, &out), 0);
        size_t cap = 0;
        for (char *l = out; l && *l;) {
                char *nl = strchr(l, '\n');
                if (nl)
                        *nl = '\0';
                if (strncmp(l, "  {\"file\": \"", 12) == 0) {
                        struct jscene *s = TKIT_PUSH(jscenes, njscenes, cap);
                        memset(s, 0, sizeof *s);
                        s->file = tkit_xstrndup(l + 12, (size_t)(strchr(l + 12, '"') - l - 12));
                        s->head = tkit_xstrdup(l);
                        char *rel = tkit_xasprintf("scenes/%s", strrchr(s->file, '/') + 1);
                        apply(rel, &s->a);
                        free(rel);
                } else if (strncmp(l, "    {\"phase\": ", 14) == 0) {
                        struct jscene *s = &jscenes[njscenes - 1];
                        TKIT_PUSH(s->ev, s->n, s->cap)->line = tkit_xstrdup(l);
                }
                l = nl ? nl + 1 : NULL;
        }
        assert_true(njscenes >= 60);
        free(out);
        free(cmd);
        free(dir);
}

/* At the end of the program (the scenes are loaded once for every test that reads them). */
static void free_jscenes(void)
{
        for (size_t i = 0; i < njscenes; i++) {
                for (size_t k = 0; k < jscenes[i].n; k++)
                        free(jscenes[i].ev[k].line);
                free(jscenes[i].ev);
                free(jscenes[i].file);
                free(jscenes[i].head);
                applied_finish(&jscenes[i].a);
        }
        free(jscenes);
        jscenes = NULL;
        njscenes = 0;
}

/* The players of a scene as selectors: each id, then NULL (every player). */
static const char *player_sel(const struct jscene *s, size_t k)
{
        return k < s->a.s->nplayers ? s->a.s->players[k].id : NULL;
}

/* The path `fmt` with ":PLAYER" appended for a player, evaluated by the book. */
static long book_path(const struct jscene *s, const char *base, const char *player)
{
        char *path = player ? tkit_xasprintf("%s:%s", base, player) : tkit_xstrdup(base);
        long v = value_ok(&s->a, path);
        free(path);
        return v;
}

static void expect_path(const struct jscene *s, const char *base, const char *player, long want)
{
        long got = book_path(s, base, player);
        if (got != want)
                fail_msg("%s: %s%s%s: the book computes %ld, score --json says %ld", s->file, base,
                         player ? ":" : "", player ? player : "", got, want);
}

static bool of(const char *line, const char *player)
{
        return !player || jis(line, "player", player);
}

/* rule:RULE[:PLAYER]: the points of score events with that rule, for every rule of the table. */
static void test_path_rule(void **state)
{
        (void)state;
        load_jscenes();
        long nonzero = 0;
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (int r = TKIT_GR_NONE + 1; r < TKIT_GR_SCENE_FIRST; r++) {
                        const char *id = tkit_game_rule_id((enum tkit_game_rule)r);
                        char *base = tkit_xasprintf("rule:%s", id);
                        for (size_t k = 0; k <= s->a.s->nplayers; k++) {
                                const char *pl = player_sel(s, k);
                                long want = 0;
                                for (size_t e = 0; e < s->n; e++)
                                        if (jis(s->ev[e].line, "kind", "score") &&
                                            jis(s->ev[e].line, "rule", id) && of(s->ev[e].line, pl))
                                                want += jpoints(s->ev[e].line);
                                expect_path(s, base, pl, want);
                                nonzero += want != 0;
                        }
                        free(base);
                }
        }
        assert_true(nonzero > 40);
}

/* count:WHAT[:PLAYER]: the events whose "count" is WHAT, for every word of the engine. */
static void test_path_count(void **state)
{
        (void)state;
        load_jscenes();
        size_t nw;
        const char *const *words = tkit_game_count_words(&nw);
        long nonzero = 0;
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (size_t w = 0; w < nw; w++) {
                        char *base = tkit_xasprintf("count:%s", words[w]);
                        for (size_t k = 0; k <= s->a.s->nplayers; k++) {
                                const char *pl = player_sel(s, k);
                                long want = 0;
                                for (size_t e = 0; e < s->n; e++)
                                        want += jis(s->ev[e].line, "count", words[w]) &&
                                                of(s->ev[e].line, pl);
                                expect_path(s, base, pl, want);
                                nonzero += want != 0;
                        }
                        free(base);
                }
        }
        assert_true(nonzero > 60);
}

/* events[:PLAYER]: the length of "events", or the events whose "player" is PLAYER. */
static void test_path_events(void **state)
{
        (void)state;
        load_jscenes();
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (size_t k = 0; k <= s->a.s->nplayers; k++) {
                        const char *pl = player_sel(s, k);
                        long want = 0;
                        for (size_t e = 0; e < s->n; e++)
                                want += of(s->ev[e].line, pl);
                        expect_path(s, "events", pl, want);
                }
        }
}

/* figures:returned|removed[:PLAYER]: "return" events (one figure each; at a post, its
 * "meeples") and "remove" events. */
static void test_path_figures(void **state)
{
        (void)state;
        load_jscenes();
        long returned = 0, removed = 0, from_posts = 0;
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (size_t k = 0; k <= s->a.s->nplayers; k++) {
                        const char *pl = player_sel(s, k);
                        long ret = 0, rem = 0;
                        for (size_t e = 0; e < s->n; e++) {
                                const char *l = s->ev[e].line;
                                if (!of(l, pl))
                                        continue;
                                rem += jis(l, "kind", "remove");
                                if (!jis(l, "kind", "return"))
                                        continue;
                                char *post = jstr(l, "post");
                                ret += post ? jcount(l, "meeples") : 1;
                                from_posts += post && jcount(l, "meeples") > 1;
                                free(post);
                        }
                        expect_path(s, "figures:returned", pl, ret);
                        expect_path(s, "figures:removed", pl, rem);
                        returned += ret;
                        removed += rem;
                }
        }
        assert_true(returned > 30 && removed > 3 && from_posts > 0);
        /* the chapter's sentence: the 4 meeples go back */
        struct applied a;
        apply("scenes/sd-example-8.xml", &a);
        assert_int_equal(value_ok(&a, "figures:returned:you"), 4);
        assert_int_equal(value_ok(&a, "figures:returned"), 7);
        applied_finish(&a);
}

/* catapults:advanced|removed[:POST]: "advance" and "catapult-off" events (at POST). */
static void test_path_catapults(void **state)
{
        (void)state;
        load_jscenes();
        static const char *const posts[] = {"knights", "travelers", "monks", NULL};
        long advanced = 0, removed = 0;
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (size_t k = 0; k < 4; k++) {
                        long adv = 0, off = 0;
                        for (size_t e = 0; e < s->n; e++) {
                                const char *l = s->ev[e].line;
                                if (posts[k] && !jis(l, "post", posts[k]))
                                        continue;
                                adv += jis(l, "kind", "advance");
                                off += jis(l, "kind", "catapult-off");
                        }
                        expect_path(s, "catapults:advanced", posts[k], adv);
                        expect_path(s, "catapults:removed", posts[k], off);
                        advanced += adv;
                        removed += off;
                }
        }
        assert_true(advanced > 0 && removed > 10);
}

/* meeples:POST[:PLAYER]: the "meeples" of the "score" events at POST; a post the move does not
 * score is an error naming the posts it does score. */
static void test_path_meeples(void **state)
{
        (void)state;
        load_jscenes();
        static const char *const posts[] = {"knights", "travelers", "monks"};
        size_t checked = 0, refused = 0;
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (size_t p = 0; p < 3; p++) {
                        char *base = tkit_xasprintf("meeples:%s", posts[p]);
                        bool scored = false;
                        for (size_t e = 0; e < s->n; e++)
                                scored |= jis(s->ev[e].line, "kind", "score") &&
                                          jis(s->ev[e].line, "post", posts[p]);
                        if (!scored) {
                                char *why = value_error(&s->a, base);
                                assert_non_null(strstr(why, "(posts scored: "));
                                free(why);
                                refused++;
                                free(base);
                                continue;
                        }
                        for (size_t k = 0; k <= s->a.s->nplayers; k++) {
                                const char *pl = player_sel(s, k);
                                long want = 0;
                                for (size_t e = 0; e < s->n; e++) {
                                        const char *l = s->ev[e].line;
                                        if (jis(l, "kind", "score") && jis(l, "post", posts[p]) &&
                                            of(l, pl))
                                                want += jcount(l, "meeples");
                                }
                                expect_path(s, base, pl, want);
                                checked++;
                        }
                        free(base);
                }
        }
        assert_true(checked > 20 && refused > 100);
        struct applied a;
        apply("scenes/sd-example-8.xml", &a);
        assert_int_equal(value_ok(&a, "meeples:monks:you"), 4);
        assert_int_equal(value_ok(&a, "meeples:monks"), 7);
        char *why = value_error(&a, "meeples:knights");
        assert_string_equal(why, "no attack or counterattack scores the knights post in this move "
                                 "(posts scored: monks)");
        free(why);
        applied_finish(&a);
}

/* Whether score event e of s is the first of the selected ones with its "places". */
static bool first_place(const struct jscene *s, size_t e, const char *kind, const char *player)
{
        char *mine = jplaces(s->ev[e].line);
        bool first = true;
        for (size_t j = 0; j < e && first; j++) {
                const char *l = s->ev[j].line;
                if (!jis(l, "kind", "score") || !jis(l, "feature", kind) || !of(l, player))
                        continue;
                char *theirs = jplaces(l);
                first = strcmp(theirs, mine) != 0;
                free(theirs);
        }
        free(mine);
        return first;
}

/* feature:KIND:COUNT[:PLAYER]: COUNT of the "score" events about a KIND feature on the board
 * (non-empty "places"), each feature (its places) once; none is an error. */
static void test_path_feature(void **state)
{
        (void)state;
        load_jscenes();
        size_t nc;
        const struct tkit_game_count_info *counts = tkit_game_count_table(&nc);
        long nonzero = 0, ties = 0;
        size_t refused = 0;
        for (size_t i = 0; i < njscenes; i++) {
                const struct jscene *s = &jscenes[i];
                for (int kind = 0; kind < TKIT_FEATURE_KIND_COUNT; kind++) {
                        const char *kn = tkit_feature_kind_name((enum tkit_feature_kind)kind);
                        for (size_t c = 0; c < nc; c++) {
                                if (!counts[c].feature)
                                        continue;
                                char *base = tkit_xasprintf("feature:%s:%s", kn, counts[c].name);
                                for (size_t k = 0; k <= s->a.s->nplayers; k++) {
                                        const char *pl = player_sel(s, k);
                                        long want = 0;
                                        size_t features = 0, events = 0;
                                        for (size_t e = 0; e < s->n; e++) {
                                                const char *l = s->ev[e].line;
                                                if (!jis(l, "kind", "score") ||
                                                    !jis(l, "feature", kn) || !of(l, pl) ||
                                                    strstr(l, "\"places\": []"))
                                                        continue;
                                                events++;
                                                if (!first_place(s, e, kn, pl))
                                                        continue;
                                                features++;
                                                want += jcount(l, counts[c].name);
                                        }
                                        if (!features) {
                                                char *path = pl ? tkit_xasprintf("%s:%s", base, pl)
                                                                : tkit_xstrdup(base);
                                                char *why = value_error(&s->a, path);
                                                assert_non_null(strstr(why, "(features "));
                                                free(why);
                                                free(path);
                                                refused++;
                                                continue;
                                        }
                                        expect_path(s, base, pl, want);
                                        nonzero += want != 0;
                                        ties += events > features;
                                }
                                free(base);
                        }
                }
        }
        assert_true(nonzero > 40 && ties > 0 && refused > 1000);
        struct applied a;
        apply("scenes/cb-example-3.xml", &a); /* both players score the one road */
        assert_int_equal(value_ok(&a, "feature:road:tiles"), 7);
        assert_int_equal(value_ok(&a, "feature:road:bridges"), 2);
        assert_int_equal(value_ok(&a, "feature:road:bridges:blue"), 2);
        char *why = value_error(&a, "feature:city:tiles");
        assert_string_equal(why, "the move scores no city (features scored: road)");
        free(why);
        applied_finish(&a);
}

/* Every unknown name lists the valid ones after a newline (the chapter's note). */
static void test_path_errors(void **state)
{
        (void)state;
        struct applied a;
        apply("scenes/sd-example-8.xml", &a);
        static const struct {
                const char *path, *want;
        } cases[] = {
            {"points:bleu", "no player 'bleu' in scene sd-example-8\nthe players are blue, you, "
                            "yellow"},
            {"rule:FOO", "no rule 'FOO'\nthe rules are SCORE-ROAD, SCORE-CITY, "},
            {"rule:SCENE-SET", "no rule 'SCENE-SET'\n"},
            {"count:foo", "no count 'foo'\nthe words are completed-road, "},
            {"figures:lost", "no figures 'lost'\nthe paths are figures:returned[:PLAYER] and "
                             "figures:removed[:PLAYER]"},
            {"catapults:flew", "no catapults 'flew'\nthe paths are catapults:advanced[:POST] and "
                               "catapults:removed[:POST]"},
            {"catapults:advanced:any", "no post 'any'\nthe posts are knights, travelers, monks"},
            {"meeples:walls", "no post 'walls'\nthe posts are knights, travelers, monks"},
            {"feature:roads:tiles", "no feature kind 'roads'\nthe kinds are city, road, field, "
                                    "river, cloister, garden"},
            {"feature:road:meeples", "no count 'meeples' of a feature\nthe counts are tiles, "
                                     "bridges, pennants, neighbours, cities, besieged"},
            {"feature:road", "feature takes a feature kind, a count and maybe a player: "
                             "feature:KIND:COUNT[:PLAYER]\nthe kinds are city, "},
            {"score:you", "unknown path 'score'\nthe paths are points:PLAYER, rule:RULE[:PLAYER], "
                          "count:WHAT[:PLAYER], events[:PLAYER], "
                          "figures:returned|removed[:PLAYER], catapults:advanced|removed[:POST], "
                          "meeples:POST[:PLAYER], feature:KIND:COUNT[:PLAYER]"},
            {"feature:road:tiles:you:x", "'feature:road:tiles:you:x' has too many fields"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
                char *why = value_error(&a, cases[i].path);
                if (strncmp(why, cases[i].want, strlen(cases[i].want)) != 0)
                        fail_msg("%s: got\n%s\nwant\n%s", cases[i].path, why, cases[i].want);
                free(why);
        }
        /* the rules listed are the table's scoring rules, the last one included */
        char *why = value_error(&a, "rule:FOO");
        assert_non_null(strstr(why, ", ESCAPE"));
        assert_null(strstr(why, "SCENE-"));
        free(why);
        applied_finish(&a);
}

/* "figures:returned|removed[:PLAYER]" as "figures:returned[:PLAYER]" and
 * "figures:removed[:PLAYER]": the rows of the table of paths. */
static size_t spell_out(const char *syntax, char **out, size_t max)
{
        const char *bar = strchr(syntax, '|');
        if (!bar) {
                out[0] = tkit_xstrdup(syntax);
                return 1;
        }
        const char *start = bar;
        while (start > syntax && start[-1] != ':')
                start--;
        size_t end = strcspn(start, "[");
        char *alts = tkit_xstrndup(start, end);
        size_t n = 0;
        char *save = NULL;
        for (char *t = strtok_r(alts, "|", &save); t && n < max; t = strtok_r(NULL, "|", &save))
                out[n++] =
                    tkit_xasprintf("%.*s%s%s", (int)(start - syntax), syntax, t, start + end);
        free(alts);
        return n;
}

/* docs/book.md: every path the book knows (as the unknown-path note lists them) has its row in
 * the table of paths, and every line of the examples table prints the number the engine
 * computes. */
static void test_paths_documented(void **state)
{
        (void)state;
        char *p = src_path("docs/book.md");
        char *doc = read_all(p, NULL);
        assert_non_null(doc);
        struct applied a;
        apply("scenes/cb-example-2.xml", &a);
        char *why = value_error(&a, "no-such-path");
        applied_finish(&a);
        const char *list = strstr(why, "\nthe paths are ");
        assert_non_null(list);
        size_t rows = 0;
        for (const char *s = list + strlen("\nthe paths are "); *s;) {
                size_t n = strcspn(s, ",");
                char *syntax = tkit_xstrndup(s, n);
                char *alt[8];
                size_t k = spell_out(syntax, alt, 8);
                for (size_t i = 0; i < k; i++) {
                        char *row = tkit_xasprintf("\n| `%s` |", alt[i]);
                        if (!strstr(doc, row))
                                fail_msg("docs/book.md has no row for the path %s", alt[i]);
                        rows++;
                        free(row);
                        free(alt[i]);
                }
                free(syntax);
                s += n;
                while (*s == ',' || *s == ' ')
                        s++;
        }
        assert_int_equal(rows, 10);
        free(why);
        /* the examples: | `` `=SCENE:PATH` `` | N | */
        const char *table = strstr(doc, "\n| value | prints |");
        assert_non_null(table);
        size_t examples = 0;
        for (const char *l = strstr(table, "\n| `` `="); l; l = strstr(l + 1, "\n| `` `=")) {
                const char *colon = strchr(l + 8, ':');
                const char *end = strstr(l, "` ``");
                assert_true(colon && end && colon < end);
                char *id = tkit_xstrndup(l + 8, (size_t)(colon - l - 8));
                char *path = tkit_xstrndup(colon + 1, (size_t)(end - colon - 1));
                long want = strtol(end + strlen("` `` | "), NULL, 10);
                char *rel = tkit_xasprintf("scenes/%s.xml", id);
                apply(rel, &a);
                long got = value_ok(&a, path);
                if (got != want)
                        fail_msg("docs/book.md: `=%s:%s` prints %ld, not %ld", id, path, got, want);
                applied_finish(&a);
                examples++;
                free(rel);
                free(path);
                free(id);
                const char *next = strchr(l + 1, '\n');
                if (!next || strncmp(next, "\n| `` `=", 8) != 0)
                        break; /* the end of the table */
        }
        assert_true(examples >= 18);
        free(doc);
        free(p);
}

/* ---------------------------------------------------------------- reading */

/* A chapter that is not UTF-8 is refused at its first bad byte (fuzz-book, issue 21: a heading
 * with 0xFF bytes was read, resolved, and then could not be written). */
static void test_not_utf8(void **state)
{
        (void)state;
        static const char md[] = "# Cet\xc4\x83\xc8\x9bi\n\nAb\xc3\xa9"
                                 "c \xff\xff here\n";
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, sizeof md - 1, "ch.md", &d);
        assert_int_equal(d.errors, 1);
        char *m = tkit_diag_format(&d.v[0]);
        assert_string_equal(m, "ch.md:3:6: error: [BOOK-TEXT] byte 0xff is not UTF-8 text (a "
                               "chapter is UTF-8)");
        free(m);
        struct tkit_book_options o;
        tkit_book_options_init(&o);
        assert_int_not_equal(tkit_book_resolve(b, &o, NULL, 0, &d), 0);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
}

static void test_read_errors(void **state)
{
        (void)state;
        const char *md = "# T\n"
                         "\n"
                         "Text ![](a.xml) around.\n"
                         "\n"
                         "![](b.xml \"view=sideways tile-mm=3 full\")\n"
                         "\n"
                         "Ok `=x` and `9999999999999999999999=a:points:you` and `a = b` and "
                         "`=a: b`.\n"
                         "\n"
                         "- Ünïcödé `=` then ![](photo.png)\n";
        struct tkit_diags d;
        tkit_diags_init(&d);
        d.limit = 0;
        struct tkit_book *b = tkit_book_read(md, strlen(md), "ch.md", &d);
        const char *want[] = {
            "ch.md:3:6: error: [BOOK-PICTURE-ALONE]",
            "ch.md:5:1: error: [BOOK-PICTURE-OPTION] view=sideways",
            "ch.md:5:1: error: [BOOK-PICTURE-OPTION] tile-mm=3",
            "ch.md:7:5: error: [BOOK-VALUE-SYNTAX] `=x`",
            "ch.md:7:14: error: [BOOK-VALUE-SYNTAX] `9999999999999999999999=a:points:you`",
            "ch.md:7:68: error: [BOOK-VALUE-SYNTAX] `=a: b`",
            "ch.md:9:12: error: [BOOK-VALUE-SYNTAX] `=`",
            "ch.md:9:20: error: [BOOK-IMAGE] 'photo.png'",
        };
        char *all = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&all, &len);
        for (size_t i = 0; i < d.n; i++) {
                char *m = tkit_diag_format(&d.v[i]);
                fprintf(f, "%s\n", m);
                free(m);
        }
        fclose(f);
        for (size_t i = 0; i < sizeof want / sizeof *want; i++)
                if (!strstr(all, want[i]))
                        fail_msg("missing '%s' in:\n%s", want[i], all);
        assert_int_equal(d.errors, sizeof want / sizeof *want);
        struct tkit_book_stats st;
        tkit_book_stats(b, &st);
        assert_int_equal(st.pictures, 2);
        assert_int_equal(st.values, 4); /* `a = b` is code */
        /* a book with read errors never writes */
        assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), TKIT_E_INVALID);
        assert_int_equal(tkit_book_write(b, NULL, TKIT_BOOK_HTML, stdout, "x.html", NULL, &d),
                         TKIT_E_USAGE);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        free(all);
}

/* ---------------------------------------------------------------- the command */

static int book(const char *chapter, const char *lang, const char *out, char **so, char **se)
{
        const char *argv[] = {tkit_test_env("TKIT_EXE"), "book", chapter, "--lang", lang,
                              out ? "-o" : "--check",    out,    NULL};
        struct tkit_run r = {0};
        int rc = tkit_run(&r, argv);
        *so = r.out; /* handed over: the caller frees them */
        *se = r.err;
        return rc;
}

/* Whitespace collapsed to single spaces. */
static char *squeeze(const char *s)
{
        char *o = tkit_xmalloc(strlen(s) + 1), *q = o;
        bool space = true;
        for (; *s; s++) {
                bool ws = *s == ' ' || *s == '\n' || *s == '\t' || *s == '\f' || *s == '\r';
                if (ws && !space)
                        *q++ = ' ';
                else if (!ws)
                        *q++ = *s;
                space = ws;
        }
        while (q > o && q[-1] == ' ')
                q--;
        *q = '\0';
        return o;
}

/* Without hyphens: a word hyphenated at a line's end ("lupi-" "či") reads as pdftotext prints
 * it, and a hyphen the text has may end a line as well; compared without any. */
static void drop_hyphens(char *s)
{
        char *o = s;
        for (; *s; s++)
                if (*s != '-')
                        *o++ = *s;
        *o = '\0';
}

/* pdftotext's text of every page without its last line (the page number), joined; a line or a
 * page that ends with a hyphen (or the soft hyphen where Pango hyphenated) joined to the next. */
static char *pdf_text(const char *pdf)
{
        char *cmd = tkit_xasprintf("'%s' -enc UTF-8 '%s' -", tkit_test_tool("pdftotext"), pdf);
        char *out = NULL;
        assert_int_equal(run_shell(cmd, &out), 0);
        free(cmd);
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (char *page = out; page && *page;) {
                char *ff = strchr(page, '\f');
                size_t n = ff ? (size_t)(ff - page) : strlen(page);
                while (n && page[n - 1] == '\n')
                        n--;
                size_t keep = n;
                while (keep && page[keep - 1] != '\n')
                        keep--; /* the page number's line goes */
                while (keep && page[keep - 1] == '\n')
                        keep--;
                /* a word hyphenated across the page break: its halves joined */
                size_t cut = keep && page[keep - 1] == '-'                          ? 1
                             : keep >= 2 && strncmp(page + keep - 2, "\xc2\xad", 2) == 0 ? 2
                                                                                      : 0;
                keep -= cut;
                for (size_t k = 0; k < keep; k++) {
                        /* Pango's hyphen at a U+00AD is printed as U+00AD */
                        size_t h = page[k] == '-'                              ? 1
                                   : strncmp(page + k, "\xc2\xad", 2) == 0 ? 2
                                                                             : 0;
                        if (h && k + h < keep && page[k + h] == '\n')
                                k += h; /* the hyphen and the line break */
                        else
                                tkit_buf_add(&b, page + k, 1);
                }
                if (!cut)
                        tkit_buf_puts(&b, " ");
                page = ff ? ff + 1 : NULL;
        }
        char *s = squeeze(b.data ? b.data : "");
        tkit_buf_finish(&b);
        free(out);
        return s;
}

/* The chapter's paragraphs as a reader sees them: each value code span replaced by the number
 * the engine computes for it (through tkit_book_value on the scene it names), code spans by their
 * text; headings and pictures left out. */
static char **expected_paragraphs(const char *md, const char *lang, size_t *n)
{
        char **v = NULL;
        size_t cap = 0;
        *n = 0;
        const char *s = md;
        while (*s) {
                const char *e = strstr(s, "\n\n");
                size_t len = e ? (size_t)(e - s) : strlen(s);
                char *para = tkit_xstrndup(s, len);
                s += len;
                while (*s == '\n')
                        s++;
                if (para[0] == '#' || para[0] == '!' || !para[0] ||
                    strncmp(para, "<!--", 4) == 0) { /* the settings comment is not printed */
                        free(para);
                        continue;
                }
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (const char *p = para; *p;) {
                        const char *tick = strchr(p, '`');
                        if (!tick) {
                                tkit_buf_puts(&b, p);
                                break;
                        }
                        tkit_buf_add(&b, p, (size_t)(tick - p));
                        const char *close = strchr(tick + 1, '`');
                        assert_non_null(close);
                        char *code = tkit_xstrndup(tick + 1, (size_t)(close - tick - 1));
                        const char *eq = strchr(code, '=');
                        if (eq && strchr(eq, ':')) {
                                const char *colon = strchr(eq, ':');
                                char *id = tkit_xstrndup(eq + 1, (size_t)(colon - eq - 1));
                                char *rel = tkit_xasprintf("scenes/%s.xml", id);
                                struct applied a;
                                apply(rel, &a);
                                /* `|NOUN`: the number with its noun, in text/'s plural */
                                char *path = tkit_xstrdup(colon + 1), *bar = strchr(path, '|');
                                if (bar)
                                        *bar = '\0';
                                long num = value_ok(&a, path);
                                char *txt = bar ? tkit_text_counted(
                                                    (enum tkit_lang)tkit_lang_parse(lang),
                                                    bar + 1, num)
                                              : tkit_xasprintf("%ld", num);
                                assert_non_null(txt);
                                tkit_buf_puts(&b, txt);
                                free(txt);
                                free(path);
                                applied_finish(&a);
                                free(rel);
                                free(id);
                        } else {
                                tkit_buf_puts(&b, code);
                        }
                        free(code);
                        p = close + 1;
                }
                *TKIT_PUSH(v, *n, cap) = squeeze(b.data);
                tkit_buf_finish(&b);
                free(para);
        }
        return v;
}

static void check_pdf_text(const char *pdf, const char *md, const char *lang)
{
        char *text = pdf_text(pdf);
        size_t n;
        char **paras = expected_paragraphs(md, lang, &n);
        assert_true(n >= 15);
        drop_hyphens(text);
        for (size_t i = 0; i < n; i++) {
                drop_hyphens(paras[i]);
                if (!strstr(text, paras[i]))
                        fail_msg("%s: paragraph not in the PDF text:\n%s", lang, paras[i]);
                free(paras[i]);
        }
        free(paras);
        /* every caption, in the chapter's language */
        for (const char *s = strstr(md, "](../../scenes/"); s;
             s = strstr(s + 1, "](../../scenes/")) {
                const char *e = strstr(s, ".xml");
                char *rel = tkit_xasprintf("scenes/%.*s.xml", (int)(e - s - 15), s + 15);
                struct applied a;
                apply(rel, &a);
                const char *cap = NULL;
                for (size_t k = 0; k < a.s->ncaptions; k++)
                        if (strcmp(a.s->captions[k].lang, lang) == 0)
                                cap = a.s->captions[k].text;
                assert_non_null(cap);
                char *want = squeeze(cap);
                drop_hyphens(want);
                if (!strstr(text, want))
                        fail_msg("%s: caption of %s not in the PDF text:\n%s", lang, rel, want);
                free(want);
                applied_finish(&a);
                free(rel);
        }
        free(text);
}

static void test_example_chapter_pdf(void **state)
{
        (void)state;
        tkit_test_tool("pdftotext");
        for (size_t i = 0; i < sizeof langs / sizeof *langs; i++) {
                char *rel = tkit_xasprintf("docs/book/examples.%s.md", langs[i]);
                char *ch = src_path(rel);
                char *pdf = tkit_xasprintf("%s/examples.%s.pdf", tmpdir, langs[i]);
                char *so = NULL, *se = NULL;
                int rc = book(ch, langs[i], pdf, &so, &se);
                if (rc != 0)
                        fail_msg("%s: exit %d: %s", rel, rc, se);
                assert_non_null(strstr(so, "19 pictures"));
                /* the chapter's language in the catalog, after cairo's bytes */
                size_t plen;
                char *bytes = read_all(pdf, &plen), *want = tkit_xasprintf("/Lang (%s)", langs[i]);
                assert_non_null(bytes);
                assert_true(tkit_test_has_bytes(bytes, plen, want));
                free(want);
                free(bytes);
                char *md = read_all(ch, NULL);
                check_pdf_text(pdf, md, langs[i]);
                free(md);
                free(so);
                free(se);
                free(pdf);
                free(ch);
                free(rel);
        }
}

static size_t count_of(const char *hay, const char *needle)
{
        size_t n = 0;
        for (const char *s = strstr(hay, needle); s; s = strstr(s + 1, needle))
                n++;
        return n;
}

/* Every id="…" of the page once. */
static void ids_unique(const char *html)
{
        size_t n = 0, cap = 0;
        char **ids = NULL;
        for (const char *s = strstr(html, " id=\""); s; s = strstr(s + 1, " id=\"")) {
                const char *e = strchr(s + 5, '"');
                char *id = tkit_xstrndup(s + 5, (size_t)(e - s - 5));
                for (size_t k = 0; k < n; k++)
                        if (strcmp(ids[k], id) == 0)
                                fail_msg("id '%s' twice", id);
                *TKIT_PUSH(ids, n, cap) = id;
        }
        assert_true(n >= 19); /* the pictures' figures at least */
        for (size_t k = 0; k < n; k++)
                free(ids[k]);
        free(ids);
}

/* The SVG document of the first picture from `at`: the page's <img> holds it as a base64 data:
 * URI. *next: where the picture ends. To free. */
static char *img_svg(const char *at, const char **next)
{
        static const char uri[] = "src=\"data:image/svg+xml;base64,";
        const char *s = strstr(at, uri);
        assert_non_null(s);
        s += strlen(uri);
        struct tkit_buf b;
        tkit_buf_init(&b);
        unsigned long v = 0;
        int bits = 0;
        for (; *s && *s != '"' && *s != '='; s++) {
                const char *k = strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
                                       *s);
                assert_non_null(k);
                v = v << 6 | (unsigned long)(k - "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                 "0123456789+/");
                bits += 6;
                if (bits >= 8) {
                        char c = (char)(v >> (bits - 8) & 0xff);
                        tkit_buf_add(&b, &c, 1);
                        bits -= 8;
                }
        }
        *next = s;
        return tkit_buf_steal(&b);
}

/* The body of an SVG document (after its <svg …> tag, before </svg>), whitespace squeezed and
 * cairo's surface numbers (a counter over the process) made equal: what render scene draws. */
static char *svg_body(const char *svg)
{
        const char *open = strstr(svg, "<svg ");
        assert_non_null(open);
        const char *end = strstr(open, "</svg>");
        assert_non_null(end);
        const char *body = strchr(open, '>');
        assert_non_null(body);
        struct tkit_buf b;
        tkit_buf_init(&b);
        for (const char *s = body + 1; s < end;) {
                if (strncmp(s, "surface", 7) == 0) {
                        tkit_buf_puts(&b, "surface#");
                        for (s += 7; *s >= '0' && *s <= '9';)
                                s++;
                } else {
                        tkit_buf_add(&b, s++, 1);
                }
        }
        char *out = squeeze(b.data);
        tkit_buf_finish(&b);
        return out;
}

/* A picture's SVG document is well-formed XML (xmllint, no network). */
static void svg_parses(const char *svg)
{
        char *path = tkit_xasprintf("%s/picture.svg", tmpdir);
        assert_true(write_all(path, svg));
        char *cmd = tkit_xasprintf("'%s' --nonet --noout '%s' 2>&1", tkit_test_tool("xmllint"), path);
        char *out = NULL;
        if (run_shell(cmd, &out) != 0 || (out && *out))
                fail_msg("the picture's SVG does not parse: %s", out ? out : "");
        free(out);
        free(cmd);
        free(path);
}

/* xmllint --html knows HTML 4: it may only complain about the names of HTML5 and SVG elements.
 * --memory: libxml2 2.9.14's HTML push parser reports "error parsing attribute name" for a
 * correct attribute that straddles its input buffer (one byte more in front and it is gone); read
 * whole, the file parses as it is. */
static void html_parses(const char *html)
{
        const char *x = tkit_test_tool("xmllint");
        char *cmd = tkit_xasprintf("'%s' --html --memory --noout '%s' 2>&1", x, html);
        char *out = NULL;
        assert_int_equal(run_shell(cmd, &out), 0);
        static const char *const ok[] = {
            "main",    "figure", "figcaption", "svg",      "defs",           "g",
            "symbol",  "path",   "use",        "clippath", "rect",           "image",
            "pattern", "mask",   "circle",     "ellipse",  "line",           "polyline",
            "polygon", "text",   "title",      "desc",     "lineargradient", "radialgradient",
            "stop",    "filter"};
        for (char *l = out; l && *l;) {
                char *nl = strchr(l, '\n');
                if (nl)
                        *nl = '\0';
                const char *err = strstr(l, "error : ");
                if (err) {
                        bool fine = false;
                        for (size_t k = 0; k < sizeof ok / sizeof *ok && !fine; k++) {
                                char *m = tkit_xasprintf("error : Tag %s invalid", ok[k]);
                                fine = strstr(l, m) != NULL;
                                free(m);
                        }
                        if (!fine)
                                fail_msg("xmllint --html: %s", l);
                }
                l = nl ? nl + 1 : NULL;
        }
        free(out);
        free(cmd);
        /* and well-formed XML (the HTML is written as polyglot XHTML), with one img per picture */
        cmd = tkit_xasprintf("'%s' --noout '%s' 2>&1", x, html);
        out = NULL;
        if (run_shell(cmd, &out) != 0)
                fail_msg("not well-formed: %s", out);
        free(out);
        free(cmd);
        cmd = tkit_xasprintf("'%s' --xpath \"count(//*[local-name()='img'][@class='tk-svg'])\" '%s'", x, html);
        out = NULL;
        assert_int_equal(run_shell(cmd, &out), 0);
        assert_string_equal(out, "19\n");
        free(out);
        free(cmd);
}

/* The HTML's key of the marks (docs/book.md): after the title (key: chapter) with every mark the
 * pictures use, under each picture's caption with its own (key: pictures), or none; each mark's
 * swatch an SVG image beside its words. The chapter: cb-example-2 (a tile placed, a traveler
 * going back) and sd-example-9 (a catapult advanced from its symbol, meeples going back, a
 * catapult removed). */
static char *key_html(const char *front)
{
        char *a = src_path("scenes/cb-example-2.xml"), *b = src_path("scenes/sd-example-9.xml");
        char *md = tkit_xasprintf("%s\n# Title\n\n![](%s)\n\nText.\n\n![](%s)\n\nMore.\n", front,
                                  a, b);
        char *ch = tkit_xasprintf("%s/key.md", tmpdir), *out = tkit_xasprintf("%s/key.html", tmpdir);
        assert_true(write_all(ch, md));
        char *so = NULL, *se = NULL;
        if (book(ch, "en", out, &so, &se) != 0)
                fail_msg("%s", se);
        char *html = read_all(out, NULL);
        assert_non_null(html);
        free(so);
        free(se);
        free(out);
        free(ch);
        free(md);
        free(a);
        free(b);
        return html;
}

/* The words of the key list that starts at `at` (its end: *end). */
static char *key_words(const char *at, const char **end)
{
        const char *close = strstr(at, "</ul>");
        assert_non_null(close);
        *end = close;
        struct tkit_buf w;
        tkit_buf_init(&w);
        for (const char *li = strstr(at, "<li>"); li && li < close; li = strstr(li + 1, "<li>")) {
                const char *img = strstr(li, "<img class=\"tk-swatch\" alt=\"\" src=\"data:image/svg+xml;base64,");
                const char *txt = img ? strstr(img, "/>") : NULL;
                const char *stop = txt ? strstr(txt, "</li>") : NULL;
                assert_non_null(stop);
                tkit_buf_add(&w, txt + 2, (size_t)(stop - txt - 2));
                tkit_buf_puts(&w, "|");
        }
        return tkit_buf_steal(&w);
}

static void test_html_key(void **state)
{
        (void)state;
        char *html = key_html("");
        assert_null(strstr(html, "tk-key\"")); /* no key by default */
        free(html);
        html = key_html("<!-- key: chapter -->");
        assert_int_equal(count_of(html, "<ul class=\"tk-key\">"), 1);
        const char *k = strstr(html, "</h1>\n<ul class=\"tk-key\">"), *end;
        assert_non_null(k);
        char *w = key_words(k, &end);
        assert_string_equal(w, "tile placed|new this turn|goes back to the supply|removed from the "
                               "board|the siege symbol sends a catapult there|");
        free(w);
        free(html);
        html = key_html("<!-- key: pictures -->");
        assert_int_equal(count_of(html, "<ul class=\"tk-key\">"), 2);
        k = strstr(html, "</figcaption>\n<ul class=\"tk-key\">");
        assert_non_null(k);
        w = key_words(k, &end);
        assert_string_equal(w, "tile placed|goes back to the supply|");
        free(w);
        k = strstr(end, "</figcaption>\n<ul class=\"tk-key\">");
        assert_non_null(k);
        w = key_words(k, &end);
        assert_string_equal(w, "tile placed|new this turn|goes back to the supply|removed from the "
                               "board|the siege symbol sends a catapult there|");
        free(w);
        free(html);
}

static void test_example_chapter_html(void **state)
{
        (void)state;
        for (size_t i = 0; i < sizeof langs / sizeof *langs; i++) {
                char *rel = tkit_xasprintf("docs/book/examples.%s.md", langs[i]);
                char *ch = src_path(rel);
                char *out = tkit_xasprintf("%s/examples.%s.html", tmpdir, langs[i]);
                char *so = NULL, *se = NULL;
                if (book(ch, langs[i], out, &so, &se) != 0)
                        fail_msg("%s: %s", rel, se);
                char *html = read_all(out, NULL);
                assert_non_null(html);
                assert_int_equal(count_of(html, "<figure class=\"tk-picture"), 19);
                /* C&B Examples 4 to 9 beside their text */
                assert_int_equal(count_of(html, "<figure class=\"tk-picture tk-beside\""), 6);
                assert_int_equal(count_of(html, "<img class=\"tk-svg\" alt=\""), 19);
                assert_int_equal(count_of(html, "<ul class=\"tk-key\">"), 1); /* key: chapter */
                assert_int_equal(count_of(html, "src=\"data:image/svg+xml;base64,"),
                                 19 + count_of(html, "<img class=\"tk-swatch\""));
                assert_null(strstr(html, "<svg")); /* no picture inlined: none shares cairo's ids */
                const char *next;
                char *doc = img_svg(html, &next); /* each a whole SVG document */
                assert_non_null(strstr(doc, "<?xml"));
                /* the caption, for screen readers (a key's swatch has none: its words follow) */
                assert_null(strstr(html, "<img class=\"tk-svg\" alt=\"\""));
                svg_parses(doc);
                free(doc);
                assert_int_equal(count_of(html, "<figcaption>"), 19);
                /* 27: cb-example-1 is a picture only, with no values */
                assert_int_equal(count_of(html, "class=\"tk-value\""), 27);
                char *lang = tkit_xasprintf(
                    "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"%s\"", langs[i]);
                assert_non_null(strstr(html, lang));
                assert_non_null(strstr(html, "@media print"));
                assert_null(strstr(html, "<?xml"));
                ids_unique(html);
                html_parses(out);
                free(lang);
                free(html);
                free(so);
                free(se);
                free(out);
                free(ch);
                free(rel);
        }
}

static bool has_bytes(const char *hay, size_t n, const char *needle)
{
        size_t k = strlen(needle);
        for (size_t i = 0; i + k <= n; i++)
                if (memcmp(hay + i, needle, k) == 0)
                        return true;
        return false;
}

static void test_deterministic(void **state)
{
        (void)state;
        char *ch = src_path("docs/book/examples.cs.md");
        static const char *const ext[] = {"pdf", "html"};
        for (size_t k = 0; k < 2; k++) {
                char *one = tkit_xasprintf("%s/one.%s", tmpdir, ext[k]);
                char *two = tkit_xasprintf("%s/two.%s", tmpdir, ext[k]);
                char *so = NULL, *se = NULL;
                assert_int_equal(book(ch, "cs", one, &so, &se), 0);
                free(so);
                free(se);
                assert_int_equal(book(ch, "cs", two, &so, &se), 0);
                free(so);
                free(se);
                size_t la, lb;
                char *a = read_all(one, &la), *b = read_all(two, &lb);
                assert_non_null(a);
                assert_non_null(b);
                assert_int_equal(la, lb);
                assert_memory_equal(a, b, la);
                if (k == 0) /* the fixed date, not the time of the run */
                        assert_true(has_bytes(a, la, "/CreationDate (20000101000000Z)"));
                free(a);
                free(b);
                free(one);
                free(two);
        }
        free(ch);
}

/* view=before|during|after draws what `render scene --state` draws, three different pictures;
 * an unknown view lists the three. */
static void test_views(void **state)
{
        (void)state;
        static const char *const views[] = {"before", "during", "after"};
        char *scene = src_path("scenes/sd-example-9.xml");
        struct tkit_buf md;
        tkit_buf_init(&md);
        tkit_buf_puts(&md, "# Views\n");
        for (size_t i = 0; i < 3; i++)
                tkit_buf_printf(&md, "\n![](%s \"view=%s tile-mm=20\")\n", scene, views[i]);
        char *ch = tkit_xasprintf("%s/views.md", tmpdir);
        assert_true(write_all(ch, md.data));
        char *out = tkit_xasprintf("%s/views.html", tmpdir);
        char *so = NULL, *se = NULL;
        if (book(ch, "en", out, &so, &se) != 0)
                fail_msg("%s", se);
        free(so);
        free(se);
        char *html = read_all(out, NULL);
        char *bodies[3];
        const char *at = html;
        for (size_t i = 0; i < 3; i++) {
                char *doc = img_svg(at, &at);
                bodies[i] = svg_body(doc);
                free(doc);
                char *svg = tkit_xasprintf("%s/view-%s.svg", tmpdir, views[i]);
                const char *argv[] = {tkit_test_env("TKIT_EXE"),
                                      "render",
                                      "scene",
                                      scene,
                                      "--state",
                                      views[i],
                                      "--tile-mm",
                                      "20",
                                      "--no-caption",
                                      "-o",
                                      svg,
                                      NULL};
                struct tkit_run r = {0};
                assert_int_equal(tkit_run(&r, argv), 0);
                tkit_run_finish(&r);
                char *alone = read_all(svg, NULL);
                char *want = svg_body(alone);
                if (strcmp(bodies[i], want) != 0)
                        fail_msg("view=%s differs from render scene --state %s", views[i],
                                 views[i]);
                free(want);
                free(alone);
                free(svg);
        }
        assert_string_not_equal(bodies[0], bodies[1]);
        assert_string_not_equal(bodies[1], bodies[2]);
        assert_string_not_equal(bodies[0], bodies[2]);
        for (size_t i = 0; i < 3; i++)
                free(bodies[i]);
        free(html);
        /* an unknown view lists render's three */
        tkit_buf_finish(&md);
        tkit_buf_init(&md);
        tkit_buf_printf(&md, "![](%s \"view=sideways\")\n", scene);
        assert_true(write_all(ch, md.data));
        assert_int_equal(book(ch, "en", NULL, &so, &se), 1);
        assert_non_null(strstr(se, ":1:1: error: [BOOK-PICTURE-OPTION] view=sideways: the views "
                                   "are during, before or after"));
        free(so);
        free(se);
        tkit_buf_finish(&md);
        free(out);
        free(ch);
        free(scene);
}

/* ---------------------------------------------------------------- a failed cairo context */

static cairo_status_t discard(void *closure, const unsigned char *data, unsigned int length)
{
        (void)closure;
        (void)data;
        (void)length;
        return CAIRO_STATUS_SUCCESS;
}

/* A scene drawn on a cairo context that has failed (as the book's PDF context did when Pango's
 * text with invalid UTF-8 failed it: fuzz-book, issue 21) draws nothing and leaks nothing: cairo
 * 1.16's cairo_get_source() of a failed context makes a pattern that nobody frees, so render/
 * sets patterns of its own. The leak shows under the sanitizers and valgrind (tools/run-tests.sh),
 * which check this program at its exit; here, the context keeps its error. */
static void test_render_failed_context(void **state)
{
        (void)state;
        struct applied a;
        apply("scenes/cb-example-3.xml", &a); /* a road hatched over 7 tiles */
        cairo_surface_t *s = cairo_pdf_surface_create_for_stream(discard, NULL, 600, 600);
        cairo_t *cr = cairo_create(s);
        cairo_restore(cr); /* with no save: the context fails */
        assert_int_equal(cairo_status(cr), CAIRO_STATUS_INVALID_RESTORE);
        struct tkit_scene_render_options ro;
        tkit_scene_render_options_init(&ro);
        ro.px = 40;
        ro.caption = false;
        struct tkit_scene_picture pic = {0};
        struct tkit_diags d;
        tkit_diags_init(&d);
        tkit_render_scene_cairo(cr, a.s, &a.r, sets.sets, sets.n, &ro, &pic, &d);
        assert_int_equal(cairo_status(cr), CAIRO_STATUS_INVALID_RESTORE);
        assert_true(pic.nmarks > 0); /* it was laid out: every hatch was set */
        tkit_scene_picture_finish(&pic);
        tkit_diags_finish(&d);
        cairo_destroy(cr);
        cairo_surface_destroy(s);
        applied_finish(&a);
}

/* A chapter with a wrong assertion, a missing scene, an unknown path and more: every error at its
 * FILE:LINE:COLUMN, exit 1, and the output (existing or not) left as it was. */
static void test_bad_chapter(void **state)
{
        (void)state;
        char *scenes = src_path("scenes");
        char *md = tkit_xasprintf(
            "# Bad\n"
            "\n"
            "![](%s/cb-example-2.xml)\n"
            "\n"
            "You score `7=cb-example-2:points:you` points, blue `=cb-example-2:points:bleu`.\n"
            "\n"
            "![](%s/no-such-scene.xml)\n"
            "\n"
            "> Quoted `=cb-example-9:points:you` and `=cb-example-2:count:bridges`.\n"
            "\n"
            "Also `=%s/cb-example-3.xml:points:you` is fine and `=cb-example-2:points:you` too.\n",
            scenes, scenes, scenes);
        char *ch = tkit_xasprintf("%s/bad.md", tmpdir);
        assert_true(write_all(ch, md));
        char *out = tkit_xasprintf("%s/bad.pdf", tmpdir);
        assert_true(write_all(out, "old"));
        char *so = NULL, *se = NULL;
        assert_int_equal(book(ch, "en", out, &so, &se), 1);
        const char *want[] = {
            ":5:12: error: [BOOK-VALUE-ASSERT] `7=cb-example-2:points:you`: the text says 7, the "
            "engine computes 6",
            ":5:53: error: [BOOK-VALUE-PATH] `=cb-example-2:points:bleu`: no player 'bleu'",
            ":7:1: error: [BOOK-SCENE-MISSING]",
            ":9:11: error: [BOOK-VALUE-SCENE] `=cb-example-9:points:you`",
            ":9:42: error: [BOOK-VALUE-PATH] `=cb-example-2:count:bridges`",
        };
        for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
                char *line = tkit_xasprintf("%s%s", ch, want[i]);
                if (!strstr(se, line))
                        fail_msg("missing '%s' in:\n%s", line, se);
                free(line);
        }
        assert_int_equal(count_of(se, "[BOOK-"), 5);
        /* in the order of the chapter */
        assert_true(strstr(se, ":5:12:") < strstr(se, ":7:1:"));
        assert_true(strstr(se, ":7:1:") < strstr(se, ":9:11:"));
        char *kept = read_all(out, NULL);
        assert_string_equal(kept, "old");
        free(kept);
        free(so);
        free(se);
        /* --check reports the same and writes nothing */
        assert_int_equal(book(ch, "en", NULL, &so, &se), 1);
        assert_int_equal(count_of(se, "[BOOK-"), 5);
        free(so);
        free(se);
        free(out);
        free(ch);
        free(md);
        free(scenes);
}

/* An illegal scene, and a caption missing in the chapter's language (the alt text gives one). */
static void test_scene_problems(void **state)
{
        (void)state;
        char *good = src_path("scenes/cb-example-2.xml");
        char *xml = read_all(good, NULL);
        assert_non_null(xml);
        /* the road tile moved away from the board: the board is no longer in one piece */
        char *illegal = tkit_xstrdup(xml);
        char *at = strstr(illegal, "id=\"U\" x=\"1\"");
        assert_non_null(at);
        memcpy(at, "id=\"U\" x=\"7\"", 12);
        char *ill = tkit_xasprintf("%s/illegal.xml", tmpdir);
        assert_true(write_all(ill, illegal));
        /* no Czech caption */
        char *nocs = tkit_xstrdup(xml);
        char *cs = strstr(nocs, "<caption lang=\"cs\">");
        assert_non_null(cs);
        memcpy(cs + 15, "xx", 2);
        char *nc = tkit_xasprintf("%s/nocs.xml", tmpdir);
        assert_true(write_all(nc, nocs));
        char *ch = tkit_xasprintf("%s/scenes.md", tmpdir);
        assert_true(write_all(ch, "![](illegal.xml)\n\n![](nocs.xml)\n\n"
                                  "![Vlastní popisek](nocs.xml)\n"));
        char *out = tkit_xasprintf("%s/scenes.html", tmpdir);
        char *so = NULL, *se = NULL;
        assert_int_equal(book(ch, "cs", out, &so, &se), 1);
        char *l1 = tkit_xasprintf("%s:1:1: error: [BOOK-SCENE-ILLEGAL]", ch);
        char *l3 = tkit_xasprintf("%s:3:1: error: [BOOK-CAPTION] scene cb-example-2 has no "
                                  "caption in 'cs'",
                                  ch);
        assert_non_null(strstr(se, l1));
        assert_non_null(strstr(se, l3));
        assert_int_equal(count_of(se, "[BOOK-"), 2);
        assert_non_null(strstr(se, "[SCENE-")); /* the scene's own finding, at its line */
        struct stat st;
        assert_int_not_equal(stat(out, &st), 0);
        free(so);
        free(se);
        /* with the illegal picture gone, the alt text is the caption, its value computed */
        assert_true(write_all(ch, "![](nocs.xml \"view=after\")\n\n"
                                  "![Vlastní popisek](nocs.xml)\n"));
        assert_int_equal(book(ch, "cs", out, &so, &se), 1);
        free(so);
        free(se);
        assert_true(write_all(ch, "![Vlastní popisek: `=cb-example-2:points:you` bodů](nocs.xml "
                                  "\"view=after tile-mm=12\")\n"));
        assert_int_equal(book(ch, "cs", out, &so, &se), 0);
        char *html = read_all(out, NULL);
        assert_non_null(strstr(html, "<figcaption>Vlastní popisek: 6 bodů</figcaption>"));
        free(html);
        free(so);
        free(se);
        free(out);
        free(l1);
        free(l3);
        free(ch);
        free(nc);
        free(nocs);
        free(ill);
        free(illegal);
        free(xml);
        free(good);
}

static void test_options(void **state)
{
        (void)state;
        double w = 0, h = 0;
        assert_true(tkit_book_paper_parse("A4", &w, &h));
        assert_true(w == 210 && h == 297);
        assert_true(tkit_book_paper_parse("letter", &w, &h));
        assert_true(tkit_book_paper_parse("170x240mm", &w, &h));
        assert_true(w == 170 && h == 240);
        assert_false(tkit_book_paper_parse("170x240", &w, &h));
        assert_false(tkit_book_paper_parse("10x240mm", &w, &h));
        assert_false(tkit_book_paper_parse("a5", &w, &h));
        assert_int_equal(tkit_book_format_from_path("x.PDF"), TKIT_BOOK_PDF);
        assert_int_equal(tkit_book_format_from_path("x.htm"), TKIT_BOOK_HTML);
        assert_int_equal(tkit_book_format_from_path("x.md"), TKIT_BOOK_NONE);
        /* usage errors: exit 2 */
        char *ch = src_path("docs/book/examples.en.md");
        const char *exe = tkit_test_env("TKIT_EXE");
        const char *bad[][7] = {
            /* NULL-terminated: 7 for 6 words */
            {exe, "book", ch, "-o", "x.txt", NULL},
            {exe, "book", ch, NULL},
            {exe, "book", ch, "--check", "--paper", "a5"},
            {exe, "book", ch, "--check", "--lang", "de"},
            {exe, "book", ch, "--check", "--tile-mm", "2"},
        };
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
                struct tkit_run r = {0};
                assert_int_equal(tkit_run(&r, bad[i]), 2);
                tkit_run_finish(&r);
        }
        /* the output may not be the chapter */
        char *copy = tkit_xasprintf("%s/self.html", tmpdir);
        assert_true(write_all(copy, "# x\n"));
        const char *self[] = {exe, "book", copy, "-o", copy, NULL};
        struct tkit_run r = {0};
        assert_int_equal(tkit_run(&r, self), 2);
        assert_non_null(strstr(r.err, "would overwrite the input"));
        tkit_run_finish(&r);
        free(copy);
        free(ch);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_values),
            cmocka_unit_test(test_values_match_score),
            cmocka_unit_test(test_count_words_documented),
            cmocka_unit_test(test_path_rule),
            cmocka_unit_test(test_path_count),
            cmocka_unit_test(test_path_events),
            cmocka_unit_test(test_path_figures),
            cmocka_unit_test(test_path_catapults),
            cmocka_unit_test(test_path_meeples),
            cmocka_unit_test(test_path_feature),
            cmocka_unit_test(test_path_errors),
            cmocka_unit_test(test_paths_documented),
            cmocka_unit_test(test_read_errors),
            cmocka_unit_test(test_not_utf8),
            cmocka_unit_test(test_example_chapter_pdf),
            cmocka_unit_test(test_example_chapter_html),
            cmocka_unit_test(test_html_key),
            cmocka_unit_test(test_deterministic),
            cmocka_unit_test(test_views),
            cmocka_unit_test(test_render_failed_context),
            cmocka_unit_test(test_bad_chapter),
            cmocka_unit_test(test_scene_problems),
            cmocka_unit_test(test_options),
        };
        return tkit_test_status(cmocka_run_group_tests(tests, setup, teardown));
}
