/* The diagnostics writer (formats/diag-write.c): the lines and the JSON array of a sink, the note
 * per file of what the sink did not keep, and a failed write reported, not lost. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "formats/tkit-formats.h"

static char *text_of(const struct tkit_diags *d, bool json)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "");
        tkit_diags_format(d, json, &b);
        return tkit_buf_steal(&b);
}

static void test_lines(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *t = text_of(&d, false);
        assert_string_equal(t, "");
        free(t);
        t = text_of(&d, true);
        assert_string_equal(t, "[]\n");
        free(t);
        tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", 3, "GEO-COVER", "base", "D", "gap at %s", "NM");
        tkit_diags_add(&d, TKIT_SEV_WARNING, NULL, 0, NULL, NULL, NULL, "plain \"quoted\"");
        t = text_of(&d, false);
        assert_string_equal(t, "a.xml:3: error: [GEO-COVER] tile D: gap at NM\n"
                               "warning: plain \"quoted\"\n");
        free(t);
        t = text_of(&d, true);
        assert_string_equal(t, "[\n  {\"severity\": \"error\", \"file\": \"a.xml\", \"line\": 3, "
                               "\"rule\": \"GEO-COVER\", \"set\": \"base\", \"tile\": \"D\", "
                               "\"message\": \"gap at NM\"},\n"
                               "  {\"severity\": \"warning\", \"file\": null, \"line\": 0, "
                               "\"rule\": null, \"set\": null, \"tile\": null, "
                               "\"message\": \"plain \\\"quoted\\\"\"}\n]\n");
        free(t);
        /* a column, where known (a chapter of tilekit book), in both forms */
        tkit_diags_clear(&d);
        tkit_diags_add_at(&d, TKIT_SEV_ERROR, "ch.md", 4, 7, "BOOK-X", "odd");
        t = text_of(&d, false);
        assert_string_equal(t, "ch.md:4:7: error: [BOOK-X] odd\n");
        free(t);
        t = text_of(&d, true);
        assert_non_null(strstr(t, "\"line\": 4, \"column\": 7, \"rule\": \"BOOK-X\""));
        free(t);
        tkit_diags_finish(&d);
}

/* What the sink did not keep is said once per file, after the findings it kept, in both forms. */
static void test_hidden_note(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        for (int i = 0; i < 250; i++)
                tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", i + 1, "R", NULL, NULL, "bad %d", i);
        tkit_diags_add(&d, TKIT_SEV_WARNING, "b.xml", 1, "R", NULL, NULL, "w");
        char *t = text_of(&d, false);
        assert_non_null(strstr(t, "a.xml:100: error: [R] bad 99\nb.xml:1: warning: [R] w\n"
                                  "a.xml: note: 150 more findings not shown (150 errors): at "
                                  "most 100 are shown per file\n"));
        assert_null(strstr(t, "bad 100"));
        free(t);
        t = text_of(&d, true);
        assert_non_null(strstr(t, "{\"severity\": \"note\", \"file\": \"a.xml\", \"line\": 0, "
                                  "\"rule\": null, \"set\": null, \"tile\": null, \"message\": "
                                  "\"150 more findings not shown (150 errors): at most 100 are "
                                  "shown per file\"}\n]\n"));
        free(t);
        tkit_diags_finish(&d);
}

/* Written to a stream as formatted; a full device is an error the caller sees. */
static void test_write(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", 1, "R", NULL, NULL, "bad");
        FILE *f = tmpfile();
        assert_non_null(f);
        assert_int_equal(tkit_diags_write(&d, f, false), 0);
        rewind(f);
        char line[64] = "";
        assert_non_null(fgets(line, sizeof line, f));
        assert_string_equal(line, "a.xml:1: error: [R] bad\n");
        fclose(f);
        FILE *full = fopen("/dev/full", "w");
        if (full) {
                assert_int_equal(tkit_diags_write(&d, full, true), TKIT_E_IO);
                fclose(full);
        }
        tkit_diags_finish(&d);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_lines),
            cmocka_unit_test(test_hidden_note),
            cmocka_unit_test(test_write),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
