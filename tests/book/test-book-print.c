/* Pages like a rulebook's (docs/book.md, "Language" and "The outputs"): where the chapter's
 * language comes from, what a picture without a caption in it does, the hyphenation points the
 * PDF gets from the system's patterns, the Czech rule that a one-letter preposition or
 * conjunction never ends a line, and, measured on the laid-out pages, no widow or orphan line and
 * no picture apart from the paragraph that introduces it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "book/book-private.h"
#include "formats/tkit-formats.h"
#include "render/tkit-render.h"
#include "text/tkit-text.h"
#include "tkit-test.h"

static struct tkit_setlist sets;
static char *tmpdir;

static int setup(void **state)
{
        (void)state;
        static const char *const names[] = {"base",          "river",     "castles-bridges",
                                            "siege-defense", "besiegers", "inns-cathedrals",
                                            "cathars",       "siege-rgg", NULL};
        tkit_test_sets_load(&sets, names);
        tmpdir = make_temp_dir();
        return tmpdir ? 0 : -1;
}

static int teardown(void **state)
{
        (void)state;
        tkit_setlist_finish(&sets);
        remove_tree(tmpdir);
        tkit_render_cleanup(); /* cairo's font caches: a clean exit for leak checkers */
        free(tmpdir);
        return 0;
}

static const char *lang_of(const char *md, const char *path, const char *opt, size_t *errors)
{
        static char got[16];
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, strlen(md), path, &d);
        struct tkit_book_options o;
        tkit_book_options_init(&o);
        o.lang = opt;
        snprintf(got, sizeof got, "%s", tkit_book_lang(b, &o));
        *errors = d.errors;
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        return got;
}

static void test_lang_sources(void **state)
{
        (void)state;
        size_t e;
        assert_string_equal(lang_of("# T\n", "ch.md", NULL, &e), "en");
        assert_string_equal(lang_of("# T\n", "dir.cs/examples.ro.md", NULL, &e), "ro");
        assert_string_equal(lang_of("# T\n", "examples.de.md", NULL, &e), "en");
        assert_string_equal(lang_of("<!-- lang: cs -->\n# T\n", "ch.md", NULL, &e), "cs");
        assert_int_equal(e, 0);
        assert_string_equal(lang_of("<!-- lang: cs; key: chapter -->\n", "x.ro.md", NULL, &e),
                            "cs");
        assert_int_equal(e, 0);
        /* the comment wins over the name, --lang over both */
        assert_string_equal(lang_of("<!--\nlang: uk\n-->\n# T\n", "x.ro.md", NULL, &e), "uk");
        assert_string_equal(lang_of("<!-- lang: cs -->\n# T\n", "x.ro.md", "en", &e), "en");
        /* a comment that is not the first line is text, not front matter */
        assert_string_equal(lang_of("# T\n\n<!-- lang: cs -->\n", "ch.md", NULL, &e), "en");
        /* an unknown or empty language is an error at line 1 */
        struct tkit_diags d;
        tkit_diags_init(&d);
        const char *md = "<!-- lang: de -->\n# T\n";
        struct tkit_book *b = tkit_book_read(md, strlen(md), "ch.md", &d);
        assert_int_equal(d.errors, 1);
        char *m = tkit_diag_format(&d.v[0]);
        if (!strstr(m, "ch.md:1:12: error: [BOOK-LANG] unknown language 'de'"))
                fail_msg("%s", m);
        free(m);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        lang_of("<!-- lang: -->\n", "ch.md", NULL, &e);
        assert_int_equal(e, 1);
}

/* The chapter's rule ids are one table (book/read.c), and docs/book.md documents exactly them:
 * each id of the table in its "Errors" table, and no BOOK-* id the table does not have. */
static void test_rule_table(void **state)
{
        (void)state;
        char *path = tkit_xasprintf("%s/docs/book.md", tkit_test_env("TKIT_SOURCE"));
        size_t n = 0;
        char *doc = read_all(path, &n);
        assert_non_null(doc);
        for (int r = 0; r < BOOK_R_COUNT; r++) {
                const char *id = tkit_book_rule_id((enum book_rule)r);
                char *row = tkit_xasprintf("| `%s` |", id);
                if (!strstr(doc, row))
                        fail_msg("%s is not in the Errors table of docs/book.md", id);
                free(row);
                for (int k = 0; k < r; k++)
                        assert_string_not_equal(id, tkit_book_rule_id((enum book_rule)k));
        }
        for (const char *s = strstr(doc, "BOOK-"); s; s = strstr(s + 1, "BOOK-")) {
                size_t len = 5;
                while ((s[len] >= 'A' && s[len] <= 'Z') || (s[len] == '-' && s[len + 1] >= 'A' &&
                                                             s[len + 1] <= 'Z'))
                        len++;
                bool known = false;
                for (int r = 0; r < BOOK_R_COUNT && !known; r++)
                        known = strlen(tkit_book_rule_id((enum book_rule)r)) == len &&
                                strncmp(s, tkit_book_rule_id((enum book_rule)r), len) == 0;
                if (!known)
                        fail_msg("docs/book.md names %.*s, no rule of the book", (int)len, s);
        }
        assert_string_equal(tkit_book_rule_id(BOOK_R_COUNT), "BOOK-?");
        free(doc);
        free(path);
}

/* The findings of the first comment point at the value they are about, line and column (a
 * column of 0 was given before: found by the book fuzz target). */
static void test_comment_findings_positions(void **state)
{
        (void)state;
        static const struct {
                const char *md, *where;
        } cases[] = {
            {"<!-- key: arteph c-->\n\n", "ch.md:1:11: error: [BOOK-KEY] 'key: arteph'"},
            {"<!--\n  key: x -->\n", "ch.md:2:8: error: [BOOK-KEY]"},
            {"<!-- lang: de -->\n", "ch.md:1:12: error: [BOOK-LANG] unknown language 'de'"},
            {"<!-- é lang: -->\n", "ch.md:1:14: error: [BOOK-LANG] the chapter's first comment"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_book *b =
                    tkit_book_read(cases[i].md, strlen(cases[i].md), "ch.md", &d);
                assert_int_equal(d.errors, 1);
                char *m = tkit_diag_format(&d.v[0]);
                if (!strstr(m, cases[i].where))
                        fail_msg("%s: got %s", cases[i].where, m);
                free(m);
                tkit_book_destroy(b);
                tkit_diags_finish(&d);
        }
}

/* A chapter named .ro.md, built without --lang, whose scene has no Romanian caption: an error,
 * not the English caption. */
static void test_caption_in_chapter_lang(void **state)
{
        (void)state;
        char *src = tkit_xasprintf("%s/scenes/cb-example-2.xml", tkit_test_env("TKIT_SOURCE"));
        size_t n = 0;
        char *xml = read_all(src, &n);
        assert_non_null(xml);
        char *ro = strstr(xml, "  <caption lang=\"ro\">");
        assert_non_null(ro);
        char *end = strstr(ro, "</caption>\n") + strlen("</caption>\n");
        memmove(ro, end, strlen(end) + 1);
        char *scene = tkit_xasprintf("%s/noro.xml", tmpdir);
        assert_true(write_all(scene, xml));
        char *md = tkit_xasprintf("# T\n\n![](%s)\n\nText.\n", scene);
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, strlen(md), "ch.ro.md", &d);
        assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), TKIT_E_INVALID);
        assert_int_equal(d.errors, 1);
        char *m = tkit_diag_format(&d.v[0]);
        assert_non_null(strstr(m, "[BOOK-CAPTION]"));
        assert_non_null(strstr(m, "no caption in 'ro'"));
        free(m);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        /* the same chapter in English has its caption */
        tkit_diags_init(&d);
        b = tkit_book_read(md, strlen(md), "ch.en.md", &d);
        assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), 0);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        free(md);
        free(scene);
        free(xml);
        free(src);
}

static char *tie(const char *s, bool markup)
{
        return tkit_book_ties(s, markup);
}

static void test_ties(void **state)
{
        (void)state;
        static const char *const cases[][2] = {
            {"cesta a most", "cesta a\u00a0most"},
            {"V kapli i u cesty", "V\u00a0kapli i\u00a0u\u00a0cesty"},
            {"Z hradu s rytířem k městu o dvou", "Z\u00a0hradu s\u00a0rytířem "
                                                  "k\u00a0městu o\u00a0dvou"},
            /* not a one-letter word, not one of the eight, a letter at a word's end */
            {"ka b", "ka b"},
            {"b c", "b c"},
            {"x), a e", "x), a\u00a0e"},
            {"ža ž", "ža ž"},
            {"(a b", "(a\u00a0b"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
                char *got = tie(cases[i][0], false);
                if (strcmp(got, cases[i][1]) != 0)
                        fail_msg("'%s' -> '%s', want '%s'", cases[i][0], got, cases[i][1]);
                free(got);
        }
        /* in markup, tags are transparent and an entity is punctuation */
        char *got = tie("<i>a</i> <b>most</b> &amp; v dom", true);
        assert_string_equal(got, "<i>a</i>\u00a0<b>most</b> &amp; v\u00a0dom");
        free(got);
        /* the HTML of a Czech chapter too, across the source's line breaks; not in English */
        static const char md[] = "Cesta a\nmost, v domě, *k řece*.\n";
        for (int cs = 0; cs < 2; cs++) {
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_book *b =
                    tkit_book_read(md, sizeof md - 1, cs ? "ch.cs.md" : "ch.en.md", &d);
                assert_int_equal(tkit_book_resolve(b, NULL, NULL, 0, &d), 0);
                char *html = NULL;
                size_t len = 0;
                FILE *f = open_memstream(&html, &len);
                assert_int_equal(tkit_book_write(b, NULL, TKIT_BOOK_HTML, f, "x.html", NULL, &d),
                                 0);
                fclose(f);
                const char *want = cs ? "<p>Cesta a\u00a0most, v\u00a0domě, <em>k\u00a0řece</em>.</p>"
                                      : "<p>Cesta a\nmost, v domě, <em>k řece</em>.</p>";
                if (!strstr(html, want))
                        fail_msg("%s: no '%s' in:\n%s", cs ? "cs" : "en", want, html);
                free(html);
                tkit_book_destroy(b);
                tkit_diags_finish(&d);
        }
        assert_true(tkit_book_ties_lang("cs"));
        assert_true(tkit_book_ties_lang("sk"));
        assert_false(tkit_book_ties_lang("ro"));
        assert_false(tkit_book_ties_lang(NULL));
}

/* Hyphenation points where the language's patterns put them; nothing for short words, numbers, or
 * a language without patterns. */
static void test_hyphenate(void **state)
{
        (void)state;
        static const char *const cases[][3] = {
            {"cs", "Vyhodnocení hradu", "Vy\u00adhodno\u00adcení hra\u00addu"},
            {"ro", "cartonașele", "car\u00adto\u00adna\u00adșe\u00adle"},
            {"en", "completed 12345 roads", "com\u00adpleted 12345 roads"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
                struct book_hyph *h = tkit_book_hyph_open(cases[i][0]);
                if (!h)
                        skip(); /* the patterns (hyphen-cs, hyphen-ro, hyphen-en-us) missing */
                struct tkit_buf out;
                tkit_buf_init(&out);
                tkit_book_hyphenate(h, cases[i][1], &out);
                if (strcmp(out.data, cases[i][2]) != 0)
                        fail_msg("%s: '%s' -> '%s', want '%s'", cases[i][0], cases[i][1],
                                 out.data, cases[i][2]);
                tkit_buf_finish(&out);
                tkit_book_hyph_close(h);
        }
        assert_null(tkit_book_hyph_open("xx"));
        struct tkit_buf out;
        tkit_buf_init(&out);
        tkit_book_hyphenate(NULL, "unhyphenated", &out);
        assert_string_equal(out.data, "unhyphenated");
        tkit_buf_finish(&out);
}

/* The first or last line of `block` among the placed rows. */
static const struct book_placed *line_of(const struct book_placed *v, size_t n, int block,
                                         bool last)
{
        const struct book_placed *r = NULL;
        for (size_t i = 0; i < n; i++)
                if (!v[i].picture && v[i].block == block && (!r || last))
                        r = &v[i];
        return r;
}

/* Checks one layout whose pages end `bottom` points from their top; returns the page breaks that
 * fall inside a paragraph. */
static int check_pages(const struct book_placed *v, size_t n, double bottom, const char *what)
{
        int inside = 0;
        for (size_t i = 0; i < n; i++) {
                const struct book_placed *r = &v[i];
                /* nothing runs past the foot of its page (a picture beside the text did) */
                if (r->y + r->h > bottom + 0.01)
                        fail_msg("%s: block %d%s ends %.1f pt below the foot of page %d", what,
                                 r->block, r->picture ? " (a picture)" : "",
                                 r->y + r->h - bottom, r->page + 1);
                if (r->picture) {
                        if (r->with < 0)
                                continue;
                        const struct book_placed *l = line_of(v, n, r->with, r->with < r->block);
                        if (!l || l->page != r->page)
                                fail_msg("%s: picture %d on page %d, its paragraph %d on %d", what,
                                         r->block, r->page + 1, r->with, l ? l->page + 1 : 0);
                        continue;
                }
                if (i + 1 >= n || v[i + 1].block != r->block || v[i + 1].page == r->page)
                        continue;
                /* a page break inside the block, after line r->line */
                if (r->heading)
                        fail_msg("%s: heading %d split", what, r->block);
                if (r->line == 0 && r->lines > 1)
                        fail_msg("%s: orphan: the first line of paragraph %d alone at the foot of "
                                 "page %d",
                                 what, r->block, r->page + 1);
                if (r->line == r->lines - 2)
                        fail_msg("%s: widow: the last line of paragraph %d alone at the head of "
                                 "page %d",
                                 what, r->block, r->page + 2);
                inside++;
        }
        /* a heading on the page of what follows it */
        for (size_t i = 0; i + 1 < n; i++)
                if (v[i].heading && v[i + 1].block != v[i].block && v[i + 1].page != v[i].page)
                        fail_msg("%s: heading %d at the foot of page %d", what, v[i].block,
                                 v[i].page + 1);
        return inside;
}

static void test_no_widows(void **state)
{
        (void)state;
        static const char *const langs[] = {"en", "ro", "cs"};
        static const char *const papers[] = {"a4", "148x210mm", "120x170mm", "110x150mm",
                                             "letter"};
        int inside = 0, pictures_with = 0;
        for (size_t i = 0; i < sizeof langs / sizeof *langs; i++) {
                char *ch = tkit_xasprintf("%s/docs/book/examples.%s.md",
                                          tkit_test_env("TKIT_SOURCE"), langs[i]);
                struct tkit_diags d;
                tkit_diags_init(&d);
                int err = 0;
                struct tkit_book *b = tkit_book_read_file(ch, &d, &err);
                assert_non_null(b);
                assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), 0);
                for (size_t k = 0; k < sizeof papers / sizeof *papers; k++) {
                        struct tkit_book_options o;
                        tkit_book_options_init(&o);
                        assert_true(tkit_book_paper_parse(papers[k], &o.page_w_mm, &o.page_h_mm));
                        o.margin_mm = 15;
                        struct book_placed *v = NULL;
                        size_t n = 0;
                        int pages = tkit_book_layout_pdf(b, &o, &v, &n, &d);
                        assert_true(pages > 1);
                        char *what = tkit_xasprintf("%s on %s", langs[i], papers[k]);
                        double bottom = (o.page_h_mm - o.margin_mm) * 72 / 25.4;
                        inside += check_pages(v, n, bottom, what);
                        for (size_t r = 0; r < n; r++)
                                pictures_with += v[r].picture && v[r].with >= 0;
                        free(what);
                        free(v);
                }
                assert_int_equal(d.errors, 0);
                tkit_book_destroy(b);
                tkit_diags_finish(&d);
                free(ch);
        }
        /* the pages did break paragraphs (else the test measured nothing) */
        assert_true(inside > 10);
        assert_int_equal(pictures_with, 19 * 3 * 5);
}

/* The plural forms of text/ for counted nouns, by each language's rule. */
static void test_counted(void **state)
{
        (void)state;
        static const struct {
                enum tkit_lang l;
                const char *noun;
                long n;
                const char *want;
        } cases[] = {
            {TKIT_LANG_EN, "meeple", 1, "1 meeple"},
            {TKIT_LANG_EN, "meeple", 0, "0 meeples"},
            {TKIT_LANG_RO, "meeple", 2, "2 meepleși"},
            {TKIT_LANG_RO, "meeple", 1, "1 meeple"},
            {TKIT_LANG_RO, "point", 19, "19 puncte"},
            {TKIT_LANG_RO, "point", 20, "20 de puncte"},
            {TKIT_LANG_RO, "point", 101, "101 puncte"},
            {TKIT_LANG_CS, "meeple", 2, "2 družiníci"},
            {TKIT_LANG_CS, "meeple", 5, "5 družiníků"},
            {TKIT_LANG_CS, "figure", 1, "1 figurka"},
            {TKIT_LANG_CS, "point", 22, "22 bodů"},
            {TKIT_LANG_UK, "point", 21, "21 очко"},
            {TKIT_LANG_UK, "point", 22, "22 очки"},
            {TKIT_LANG_UK, "point", 12, "12 очок"},
            {TKIT_LANG_UK, "catapult", 3, "3 катапульти"},
            {TKIT_LANG_RO, "road", 10000000021, "10000000021 de drumuri"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
                char *got = tkit_text_counted(cases[i].l, cases[i].noun, cases[i].n);
                assert_non_null(got);
                if (strcmp(got, cases[i].want) != 0)
                        fail_msg("%s %ld: '%s', want '%s'", cases[i].noun, cases[i].n, got,
                                 cases[i].want);
                free(got);
        }
        assert_null(tkit_text_counted(TKIT_LANG_EN, "meeples", 2));
        assert_null(tkit_text_counted(TKIT_LANG_EN, NULL, 2));
}

/* `=SCENE:PATH|NOUN` prints the number with its noun in the chapter's language, in the text and
 * in an alt caption; an unknown noun is an error at the value. */
static void test_value_nouns(void **state)
{
        (void)state;
        char *md = tkit_xasprintf(
            "# T\n\n![Zpět: `=sd-example-8:figures:returned:you|meeple`](%s/scenes/"
            "sd-example-8.xml)\n\nVrací se `4=sd-example-8:figures:returned:you|meeple` a "
            "`=sd-example-8:figures:returned|figure`, `=sd-example-8:points:you`.\n",
            tkit_test_env("TKIT_SOURCE"));
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, strlen(md), "ch.cs.md", &d);
        assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), 0);
        char *html = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&html, &len);
        assert_int_equal(tkit_book_write(b, NULL, TKIT_BOOK_HTML, f, "x.html", NULL, &d), 0);
        fclose(f);
        assert_non_null(strstr(html, "|meeple\">4 družiníci</span> a\u00a0")); /* cs: tied */
        assert_non_null(strstr(html, "|figure\">7 figurek</span>"));
        assert_non_null(strstr(html, "points:you\">12</span>"));
        assert_non_null(strstr(html, "<figcaption>Zpět: 4 družiníci</figcaption>"));
        free(html);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        const char *bad = "Text `=x:points:you|meeples`.\n";
        tkit_diags_init(&d);
        b = tkit_book_read(bad, strlen(bad), "ch.md", &d);
        assert_int_equal(d.errors, 1);
        char *m = tkit_diag_format(&d.v[0]);
        assert_non_null(strstr(m, "ch.md:1:7: error: [BOOK-VALUE-SYNTAX] `=x:points:you|meeples`: "
                                  "unknown noun 'meeples'"));
        free(m);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        free(md);
}

/* Lays out a chapter of a title, cb-example-2 (a tile placed, a traveler going back) and
 * sd-example-9 (an attack: meeples go back, a catapult is removed), with `front` as its first
 * line. */
static struct book_placed *key_layout(const char *front, size_t *n, size_t *errors)
{
        const char *src = tkit_test_env("TKIT_SOURCE");
        char *md = tkit_xasprintf("%s\n# Title\n\n![](%s/scenes/cb-example-2.xml)\n\nText.\n\n"
                                  "![](%s/scenes/sd-example-9.xml)\n\nMore text.\n",
                                  front, src, src);
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, strlen(md), "ch.md", &d);
        struct book_placed *v = NULL;
        *n = 0;
        if (d.errors == 0) {
                assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), 0);
                struct tkit_book_options o;
                tkit_book_options_init(&o);
                assert_true(tkit_book_layout_pdf(b, &o, &v, n, &d) >= 1);
        }
        *errors = d.errors;
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        free(md);
        return v;
}

static const struct book_placed *nth_picture(const struct book_placed *v, size_t n, int k)
{
        for (size_t i = 0; i < n; i++)
                if (v[i].picture && k-- == 0)
                        return &v[i];
        return NULL;
}

/* The key of the marks: once after the title (key: chapter) with every mark the pictures use,
 * under each picture with its own (key: pictures), or none. */
static void test_key(void **state)
{
        (void)state;
        const unsigned placed = 1u << TKIT_KEY_TILE_PLACED, back = 1u << TKIT_KEY_RETURNED,
                       removed = 1u << TKIT_KEY_REMOVED;
        size_t n, e;
        struct book_placed *none = key_layout("", &n, &e);
        const struct book_placed *p0 = nth_picture(none, n, 0), *p1 = nth_picture(none, n, 1);
        assert_non_null(p0);
        assert_non_null(p1);
        /* the marks each picture uses, from its map */
        assert_int_equal(p0->marks & (placed | back | removed), placed | back);
        assert_true(p1->marks & back);
        assert_true(p1->marks & removed);
        for (size_t i = 0; i < n; i++)
                assert_false(none[i].key);
        assert_true(p0->key_h == 0);
        size_t nc;
        struct book_placed *ch = key_layout("<!-- key: chapter -->", &nc, &e);
        assert_int_equal(e, 0);
        size_t keys = 0;
        for (size_t i = 0; i < nc; i++)
                if (ch[i].key) {
                        keys++;
                        assert_true(i > 0 && ch[i - 1].heading); /* after the title */
                        assert_int_equal(ch[i].marks, p0->marks | p1->marks);
                        assert_true(ch[i].h > 5);
                }
        assert_int_equal(keys, 1);
        assert_true(nth_picture(ch, nc, 0)->key_h == 0);
        size_t np;
        struct book_placed *pics = key_layout("<!-- lang: en\nkey: pictures -->", &np, &e);
        assert_int_equal(e, 0);
        for (int k = 0; k < 2; k++) {
                const struct book_placed *with = nth_picture(pics, np, k),
                                         *without = nth_picture(none, n, k);
                assert_true(with->key_h > 5);
                assert_true(fabs(with->h - without->h - with->key_h) < 0.01);
        }
        for (size_t i = 0; i < np; i++)
                assert_false(pics[i].key);
        free(none);
        free(ch);
        free(pics);
        /* an unknown setting is an error, nothing laid out */
        assert_null(key_layout("<!-- key: margin -->", &n, &e));
        assert_int_equal(e, 1);
}

/* A picture `beside` its text: at most 45 % of the column, the paragraphs after it set in the
 * room it leaves, on its page, and what follows them below its foot; another picture that is not
 * beside takes the whole column. */
static void test_beside(void **state)
{
        (void)state;
        const char *src = tkit_test_env("TKIT_SOURCE");
        char *md = tkit_xasprintf(
            "# T\n\n## One\n\n![](%s/scenes/cb-example-6.xml \"beside\")\n\nShort text beside "
            "the picture, long enough to take two lines or three in the room the picture leaves "
            "for it on the page.\n\nA second paragraph.\n\n## Two\n\n![](%s/scenes/"
            "cb-example-6.xml)\n\nText.\n",
            src, src);
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, strlen(md), "ch.md", &d);
        assert_int_equal(d.errors, 0);
        assert_int_equal(tkit_book_resolve(b, NULL, sets.sets, sets.n, &d), 0);
        struct tkit_book_options o;
        tkit_book_options_init(&o);
        struct book_placed *v = NULL;
        size_t n = 0;
        assert_int_equal(tkit_book_layout_pdf(b, &o, &v, &n, &d), 1);
        const struct book_placed *side = nth_picture(v, n, 0), *whole = nth_picture(v, n, 1);
        double column = (210 - 40) * 72 / 25.4;
        assert_true(side->beside_w > 20 && side->beside_w <= column * 0.45 + 0.01);
        assert_true(whole->beside_w == 0);
        size_t beside = 0;
        const struct book_placed *two = NULL;
        for (size_t i = 0; i < n; i++) {
                if (v[i].shift > 0) {
                        beside++;
                        assert_true(fabs(v[i].shift - side->beside_w - 12) < 0.01);
                        assert_int_equal(v[i].page, side->page);
                        assert_true(v[i].y < side->y + side->h);
                }
                if (v[i].heading && v[i].y > side->y && !two)
                        two = &v[i];
        }
        assert_true(beside >= 3); /* both paragraphs: the second starts beside it too */
        assert_non_null(two);
        assert_true(two->y >= side->y + side->h); /* "Two" below the picture's foot */
        free(v);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        free(md);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_lang_sources),
            cmocka_unit_test(test_comment_findings_positions),
            cmocka_unit_test(test_rule_table),
            cmocka_unit_test(test_caption_in_chapter_lang),
            cmocka_unit_test(test_ties),
            cmocka_unit_test(test_hyphenate),
            cmocka_unit_test(test_no_widows),
            cmocka_unit_test(test_counted),
            cmocka_unit_test(test_value_nouns),
            cmocka_unit_test(test_key),
            cmocka_unit_test(test_beside),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
