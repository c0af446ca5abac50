/* Issue 29, items 1 to 6, end to end: chapters, art and maps lose nothing and hang nothing. An
 * output through a link onto a scene the chapter draws or an image the art manifest names, and a
 * map onto the picture, refused before anything is written; FIFOs as a chapter's scene, an art
 * manifest or an image refused, not waited on; text a page cannot hold, control characters and
 * noncharacters refused at their line; PNG headers checked before decoding; arguments quoted
 * safely in data errors; the documented escape of a code span that is not a value.
 *
 * Every child runs through tkit_run() (tests/support) with a timeout: before, several of these
 * blocked forever or ran for minutes. Environment: TILEKIT, TKIT_SOURCE_ROOT, TMPDIR. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/tkit-model.h"
#include "tkit-test.h"

/* Every child gets a timeout: a FIFO or a million-character word once took forever. */
static int setup(void **state)
{
        int rc = tkit_cli_setup(state);
        struct tkit_cli *f = *state;
        f->r.cwd = f->dir;
        f->r.timeout = 60;
        return rc;
}

/* A copy of the bundled scene cb-example-2 as NAME. */
static char *scene_copy(struct tkit_cli *f, const char *name)
{
        char *from = tkit_xasprintf("%s/scenes/cb-example-2.xml", f->root);
        char *text = read_all(from, NULL);
        assert_non_null(text);
        char *p = tkit_cli_put(f, name, text);
        free(text);
        free(from);
        return p;
}

static void same_content(const char *path, const char *want)
{
        char *now = read_all(path, NULL);
        assert_non_null(now);
        assert_string_equal(now, want);
        free(now);
}

/* ================================================================== outputs onto inputs */

static void test_book_output_onto_scene(void **state)
{
        struct tkit_cli *f = *state;
        char *scene = scene_copy(f, "s.xml");
        char *before = read_all(scene, NULL);
        char *ch = tkit_cli_put(f, "ch.md", "# Roads\n\n![](s.xml)\n");
        char *sym = tkit_cli_path(f, "sym.html"), *hard = tkit_cli_path(f, "hard.pdf");
        assert_int_equal(symlink(scene, sym), 0);
        assert_int_equal(link(scene, hard), 0);
        /* before: the scene was replaced by the HTML, exit 0 */
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "-o", sym, NULL), 2);
        tkit_test_has(f->r.err, "would overwrite the input");
        tkit_test_has(f->r.err, "s.xml");
        same_content(scene, before);
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "-o", hard, NULL), 2);
        same_content(scene, before);
        /* a fresh name is written */
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "-o", "new.html", NULL), 0);
        free(before);
        free(scene);
        free(ch);
        free(sym);
        free(hard);
}

/* A PNG of tile A of the base set, and a manifest naming it; returns the manifest's path. */
static char *art_fixture(struct tkit_cli *f, char **png)
{
        *png = tkit_cli_path(f, "a.png");
        tkit_run_expect(
            &f->r, tkit_cli_run(f, "render", "tile", "A", "--set", "base", "-o", *png, NULL), 0);
        return tkit_cli_put(f, "art.xml",
                            "<art format=\"1\" tile-mm=\"45\">\n"
                            "  <image set=\"base\" tile=\"A\" file=\"a.png\"/>\n</art>\n");
}

static void test_render_output_onto_art_image(void **state)
{
        struct tkit_cli *f = *state;
        char *png, *art = art_fixture(f, &png);
        size_t len = 0;
        char *before = read_all(png, &len);
        char *scene = scene_copy(f, "s.xml");
        char *o = tkit_cli_path(f, "o.png"), *m = tkit_cli_path(f, "m.json"),
             *pdf = tkit_cli_path(f, "o.pdf");
        assert_int_equal(symlink(png, o), 0);
        assert_int_equal(symlink(png, m), 0);
        assert_int_equal(link(png, pdf), 0);
        tkit_run_expect(&f->r,
                        tkit_cli_run(f, "render", "scene", scene, "--art", art, "-o", o, NULL), 2);
        tkit_test_has(f->r.err, "would overwrite the input");
        tkit_run_expect(&f->r,
                        tkit_cli_run(f, "render", "scene", scene, "--art", art, "-o", "p.png",
                                     "--map", m, NULL),
                        2);
        assert_int_not_equal(access("p.png", F_OK), 0);
        tkit_run_expect(
            &f->r,
            tkit_cli_run(f, "render", "sheet", "--set", "base", "--art", art, "-o", pdf, NULL), 2);
        size_t now_len = 0;
        char *now = read_all(png, &now_len);
        assert_int_equal(now_len, len);
        assert_memory_equal(now, before, len);
        free(now);
        free(before);
        free(png);
        free(art);
        free(scene);
        free(o);
        free(m);
        free(pdf);
}

static void test_map_onto_picture_refused_first(void **state)
{
        struct tkit_cli *f = *state;
        char *scene = scene_copy(f, "s.xml");
        char *p = tkit_cli_path(f, "p.png");
        /* before: the picture was written, then the map refused */
        tkit_run_expect(
            &f->r, tkit_cli_run(f, "render", "scene", scene, "-o", p, "--map", "./p.png", NULL), 2);
        tkit_test_has(f->r.err, "--map and -o name the same file");
        assert_int_not_equal(access(p, F_OK), 0);
        free(scene);
        free(p);
}

/* ================================================================== FIFOs */

static void test_fifos_refused(void **state)
{
        struct tkit_cli *f = *state;
        char *fifo = tkit_cli_path(f, "f.xml"), *png = NULL, *art = art_fixture(f, &png);
        assert_int_equal(mkfifo(fifo, 0644), 0);
        char *ch = tkit_cli_put(f, "ch.md", "# F\n\n![](f.xml)\n");
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "--check", NULL), 1);
        tkit_test_has(f->r.err, "it is a FIFO, not a file");
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", fifo, "--check", NULL), 2);
        tkit_test_has(f->r.err, "FIFO");
        char *scene = scene_copy(f, "s.xml");
        tkit_run_expect(
            &f->r, tkit_cli_run(f, "render", "scene", scene, "--art", fifo, "-o", "x.png", NULL),
            2);
        tkit_test_has(f->r.err, "FIFO");
        char *fart = tkit_cli_put(
            f, "fart.xml",
            "<art format=\"1\"><image set=\"base\" tile=\"A\" file=\"f.xml\"/></art>\n");
        tkit_run_expect(
            &f->r,
            tkit_cli_run(f, "render", "sheet", "--set", "base", "--art", fart, "-o", "x.pdf", NULL),
            2);
        tkit_test_has(f->r.err, "ART-IMAGE");
        tkit_test_has(f->r.err, "FIFO");
        tkit_run_expect(&f->r, tkit_cli_run(f, "check", fifo, NULL), 2);
        free(fifo);
        free(png);
        free(art);
        free(ch);
        free(scene);
        free(fart);
}

/* ================================================================== images */

static void test_png_limits(void **state)
{
        struct tkit_cli *f = *state;
        char *png, *art = art_fixture(f, &png);
        size_t len = 0;
        unsigned char *data = (unsigned char *)read_all(png, &len);
        assert_true(len > 24);
        /* the IHDR declares 23000 x 23000: refused from the header, nothing decoded */
        const unsigned char big[8] = {0, 0, 0x59, 0xd8, 0, 0, 0x59, 0xd8};
        memcpy(data + 16, big, sizeof big);
        FILE *out = fopen(png, "wb");
        assert_non_null(out);
        assert_int_equal(fwrite(data, 1, len, out), len);
        assert_int_equal(fclose(out), 0);
        tkit_run_expect(
            &f->r,
            tkit_cli_run(f, "render", "sheet", "--set", "base", "--art", art, "-o", "x.pdf", NULL),
            2);
        tkit_test_has(f->r.err, "ART-IMAGE");
        tkit_test_has(f->r.err, "declares 23000 x 23000 pixels");
        /* not a PNG: said so, not "out of memory" */
        free(tkit_cli_put(f, "a.png", "GIF89a not a png at all\n"));
        tkit_run_expect(
            &f->r,
            tkit_cli_run(f, "render", "sheet", "--set", "base", "--art", art, "-o", "x.pdf", NULL),
            2);
        tkit_test_has(f->r.err, "not a PNG file");
        assert_null(strstr(f->r.err, "out of memory"));
        free(data);
        free(png);
        free(art);
}

/* ================================================================== text */

static void test_text_a_page_cannot_hold(void **state)
{
        struct tkit_cli *f = *state;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "# Long\n\nA short one.\n\n");
        for (int i = 0; i < 80000; i++)
                tkit_buf_puts(&b, "word ");
        tkit_buf_puts(&b, "\n\n");
        for (int i = 0; i < 1000000; i++)
                tkit_buf_add(&b, "x", 1);
        tkit_buf_puts(&b, "\n");
        char *ch = tkit_cli_put(f, "long.md", b.data);
        tkit_buf_finish(&b);
        /* before: a PDF with 20 words of the paragraph, exit 0; the word was shaped for minutes */
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "-o", "long.pdf", NULL), 1);
        tkit_test_has(f->r.err,
                      "long.md:5:1: error: [BOOK-LIMIT] this paragraph has 399999 characters");
        tkit_test_has(f->r.err, "long.md:7:1: error: [BOOK-LIMIT]");
        assert_int_not_equal(access("long.pdf", F_OK), 0);
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "--check", NULL), 1);
        tkit_test_has(f->r.err, "BOOK-LIMIT");
        /* under the estimate, taller than a page once typeset: refused by the PDF writer */
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "# Wide\n\n");
        for (int i = 0; i < 900; i++)
                tkit_buf_puts(&b, "WWWWWWW ");
        tkit_buf_puts(&b, "\n");
        char *wide = tkit_cli_put(f, "wide.md", b.data);
        tkit_buf_finish(&b);
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", wide, "-o", "wide.pdf", NULL), 1);
        tkit_test_has(f->r.err, "wide.md:3:1: error: [BOOK-LIMIT] this block is");
        assert_int_not_equal(access("wide.pdf", F_OK), 0);
        free(ch);
        free(wide);
}

static void test_characters_every_output_takes(void **state)
{
        struct tkit_cli *f = *state;
        char *ch = tkit_cli_put(f, "c.md",
                                "# C\n\nab\001c and \xef\xbf\xbe and \xef\xb7\x90.\n\n"
                                "x &#1; y &#xFDD0; z\n");
        /* before: --check passed; the HTML was not well-formed, cairo aborted on the PDF */
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "--check", NULL), 1);
        tkit_test_has(f->r.err, "c.md:3:3: error: [BOOK-TEXT] U+0001 is a control character");
        tkit_test_has(f->r.err, "c.md:3:10: error: [BOOK-TEXT] U+FFFE is a noncharacter");
        tkit_test_has(f->r.err, "c.md:3:16: error: [BOOK-TEXT] U+FDD0 is a noncharacter");
        char *refs =
            tkit_cli_put(f, "r.md", "# R\n\nx &#1; y &#xFDD0; z `&#1;` is code\n\n&#xFFFE;\n");
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", refs, "-o", "r.html", NULL), 1);
        tkit_test_has(f->r.err, "r.md:3:1: error: [BOOK-TEXT] U+0001 (from a character reference)");
        tkit_test_has(f->r.err, "U+FDD0 (from a character reference) is a noncharacter");
        /* cmark wrote it as the byte 0xFE: HTML that is not UTF-8 */
        tkit_test_has(f->r.err, "r.md:5:1: error: [BOOK-TEXT] U+FFFE (from a character reference)");
        assert_int_not_equal(access("r.html", F_OK), 0);
        char *fine = tkit_cli_put(f, "ok.md", "# OK\n\ntab\there, `&#1;` in code, \xc3\xa9.\n");
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", fine, "-o", "ok.html", NULL), 0);
        free(ch);
        free(refs);
        free(fine);
}

/* The XML readers take what XML 1.0 takes, which is more than a picture or a page can: a C1
 * control or a noncharacter in a scene's caption (raw or as a character reference) or a tile
 * set's text is refused at reading, at its element's line, by the same definition the book uses
 * (tkit_char_unfit). Before, only the book refused them. */
static void test_xml_characters_every_output_takes(void **state)
{
        struct tkit_cli *f = *state;
        char *from = tkit_xasprintf("%s/scenes/cb-example-2.xml", f->root);
        char *text = read_all(from, NULL);
        assert_non_null(text);
        char *caption = strstr(text, "score 6 points");
        assert_non_null(caption);
        memcpy(caption, "\xef\xb7\x90", 3); /* U+FDD0 over "sco" */
        free(tkit_cli_put(f, "nc.xml", text));
        tkit_run_expect(&f->r, tkit_cli_run(f, "scene", "check", "nc.xml", NULL), 1);
        tkit_test_has(f->r.err,
                      "nc.xml:5: error: [SCENE-VALUE] <caption> holds U+FDD0, a noncharacter");
        tkit_run_expect(&f->r, tkit_cli_run(f, "render", "scene", "nc.xml", "-o", "nc.png", NULL),
                        1);
        assert_int_not_equal(access("nc.png", F_OK), 0);
        char *set = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        char *tiles = read_all(set, NULL);
        assert_non_null(tiles);
        char *name = strstr(tiles, "note=\"well-known River I contents: 12 tiles\"");
        assert_non_null(name);
        memcpy(name + 6, "&#x85;", 6); /* a C1 control (NEL) over "well-k" */
        free(tkit_cli_put(f, "r.xml", tiles));
        tkit_run_expect(&f->r, tkit_cli_run(f, "check", "r.xml", NULL), 1);
        tkit_test_has(f->r.out,
                      "error: [XML-VALUE] attribute 'note' of <expect> holds U+0085, a control "
                      "character, not text");
        /* JCloisterZone's reader too (found by fuzz-jcz: a tile reference with a C1 control was
         * kept, and the native form of the set could not be read back) */
        free(tkit_cli_put(f, "j.xml",
                          "<defs><sets><tile-set id=\"x\"><ref count=\"1\" tile=\"DG/R\xc2\x8d.v\"/>"
                          "</tile-set></sets></defs>\n"));
        tkit_run_expect(&f->r, tkit_cli_run(f, "check", "j.xml", NULL), 1);
        tkit_test_has(f->r.out, "j.xml:1: error: [XML-VALUE] attribute 'tile' of <ref> holds "
                                "U+008D, a control character, not text");
        tkit_run_expect(&f->r, tkit_cli_run(f, "export", "--tiles", "j.xml", "-o", "j2.xml", NULL),
                        1);
        assert_int_not_equal(access("j2.xml", F_OK), 0);
        free(tiles);
        free(set);
        free(text);
        free(from);
}

static void test_code_span_escape(void **state)
{
        struct tkit_cli *f = *state;
        char *ch = tkit_cli_put(f, "e.md",
                                "# E\n\nshow `` ` =x ` `` and ` =y ` as code; `=z` is a value\n");
        tkit_run_expect(&f->r, tkit_cli_run(f, "book", ch, "--check", NULL), 1);
        tkit_test_has(f->r.err, "e.md:3:40: error: [BOOK-VALUE-SYNTAX] `=z`");
        assert_null(strstr(f->r.err, "`=x`"));
        assert_null(strstr(f->r.err, "`=y`"));
        free(ch);
}

/* ================================================================== messages */

static void test_data_errors_quote_safely(void **state)
{
        struct tkit_cli *f = *state;
        /* check writes its findings to standard output, the others to standard error */
        tkit_run_expect(&f->r, tkit_cli_run(f, "check", "no\033[31mred\nline.xml", NULL), 2);
        tkit_test_has(f->r.out, "no\\x1b[31mred\\x0aline.xml: error: cannot open");
        assert_null(strchr(f->r.out, '\033'));
        /* before: the ESC and the newline reached the terminal raw */
        char *scene = scene_copy(f, "s.xml");
        tkit_run_expect(&f->r,
                        tkit_cli_run(f, "render", "scene", scene, "--art", "x\033]0;title\a.xml",
                                     "-o", "p.png", NULL),
                        2);
        tkit_test_has(f->r.err, "x\\x1b]0;title\\x07.xml");
        assert_null(strchr(f->r.err, '\033'));
        /* before: a 100 KB path was printed whole, twice */
        char *longp = tkit_xcalloc(102401, 1);
        memset(longp, 'a', 102400);
        tkit_run_expect(
            &f->r, tkit_cli_run(f, "render", "scene", scene, "--art", longp, "-o", "p.png", NULL),
            2);
        tkit_test_has(f->r.err, "bytes left out of 102400");
        assert_true(f->r.err_len < 4000);
        free(longp);
        free(scene);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test_setup_teardown(test_book_output_onto_scene, setup, tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_render_output_onto_art_image, setup,
                                            tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_map_onto_picture_refused_first, setup,
                                            tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_fifos_refused, setup, tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_png_limits, setup, tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_text_a_page_cannot_hold, setup, tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_characters_every_output_takes, setup,
                                            tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_xml_characters_every_output_takes, setup,
                                            tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_code_span_escape, setup, tkit_cli_teardown),
            cmocka_unit_test_setup_teardown(test_data_errors_quote_safely, setup,
                                            tkit_cli_teardown),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
