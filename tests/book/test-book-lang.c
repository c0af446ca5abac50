/* The chapter's language (docs/book.md, "Language"): where it comes from, what a picture without
 * a caption in it does, the hyphenation points the PDF gets from the system's patterns, and the
 * Czech rule that a one-letter preposition or conjunction never ends a line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "book/book-private.h"
#include "formats/tkit-formats.h"
#include "render/tkit-render.h"
#include "tkit-test.h"

static struct tkit_setlist sets;
static char *tmpdir;

static int setup(void **state)
{
        (void)state;
        static const char *const names[] = {"base", "river", "castles-bridges", NULL};
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
        if (!strstr(m, "ch.md:1: error: [BOOK-LANG] unknown language 'de'"))
                fail_msg("%s", m);
        free(m);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        lang_of("<!-- lang: -->\n", "ch.md", NULL, &e);
        assert_int_equal(e, 1);
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

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_lang_sources),
            cmocka_unit_test(test_caption_in_chapter_lang),
            cmocka_unit_test(test_ties),
            cmocka_unit_test(test_hyphenate),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
