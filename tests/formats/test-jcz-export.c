/* The JCloisterZone writer (formats/jcz-write.c) and `tilekit export --format jcz`:
 * - every vendored JCloisterZone file (every .xml of third_party/jcloisterzone, globbed when the
 * test runs) survives read -> export -> read as the same sets, alone and with all files linked, and
 *   a second export gives the same bytes (the fuzzers' check, fuzz/fuzz-roundtrip.h);
 * - the bundled sets export to files that compare equal with JCloisterZone's own sets, through
 *   the library and through `tilekit diff`;
 * - what JCloisterZone cannot express is warned about (JCZ-LOSSY), and --werror makes it fatal;
 * - the mapping itself, case by case, on small sets.
 * Environment: TKIT_SOURCE_ROOT, TKIT_EXTERNAL (third_party), TILEKIT (the binary), TMPDIR. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "fuzz/fuzz-roundtrip.h"
#include "rules/tkit-rules.h"
#include "tkit-test.h"

static const char *env(const char *name)
{
        const char *v = getenv(name);
        if (!v)
                fail_msg("%s is not set", name);
        return v;
}

static char *jcz_path(const char *file)
{
        return tkit_xasprintf("%s/jcloisterzone/%s", env("TKIT_EXTERNAL"), file);
}

static char *tileset_path(const char *file)
{
        return tkit_xasprintf("%s/tilesets/%s", env("TKIT_SOURCE_ROOT"), file);
}

static void read_ok(const char *path, struct tkit_setlist *l)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_read_file(path, TKIT_FORMAT_AUTO, l, &d);
        if (rc != 0)
                fail_msg("%s: %s", path, d.n ? tkit_diag_format(&d.v[0]) : "read failed");
        tkit_diags_finish(&d);
}

static void read_mem_ok(const char *xml, struct tkit_setlist *l)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_read_memory(xml, strlen(xml), "mem.xml", TKIT_FORMAT_AUTO, l, &d);
        if (rc != 0)
                fail_msg("%s", d.n ? tkit_diag_format(&d.v[0]) : "read failed");
        tkit_diags_finish(&d);
}

/* Exports `l`, expects `rc`, returns the text (caller frees) and the diagnostics in `d`. */
static char *export_list(const struct tkit_setlist *l, struct tkit_diags *d, int want_rc)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        int rc = tkit_jcz_write((const struct tkit_set *const *)l->sets, l->n, &b, d);
        if (rc != want_rc) {
                for (size_t i = 0; i < d->n; i++)
                        fprintf(stderr, "%s\n", tkit_diag_format(&d->v[i]));
                fail_msg("tkit_jcz_write returned %d, expected %d", rc, want_rc);
        }
        tkit_buf_puts(&b, "");
        return tkit_buf_steal(&b);
}

static void round_trip(const struct tkit_setlist *l, const char *what)
{
        char *why = NULL;
        if (!jcz_round_trip_ok(l, &why))
                fail_msg("%s: %s", what, why);
}

/* "tilekit diff --markers" between every set and its read-back copy: no difference. */
static void no_diff(const struct tkit_setlist *a, const struct tkit_setlist *b)
{
        assert_int_equal(a->n, b->n);
        for (size_t i = 0; i < a->n; i++) {
                struct tkit_set_diff r;
                tkit_set_diff_init(&r);
                tkit_set_compare(a->sets[i], b->sets[i], TKIT_SAME_MARKERS, &r);
                for (size_t k = 0; k < r.n; k++)
                        fprintf(stderr, "%s: %s\n", a->sets[i]->id, r.v[k].what);
                assert_int_equal(r.n, 0);
                assert_int_equal(r.same, (int)a->sets[i]->ntiles);
                tkit_set_diff_finish(&r);
        }
}

/* Every set of `l`, exported without a warning, reads back with no difference. */
static void lossless(const struct tkit_setlist *l, const char *what)
{
        struct tkit_diags d;
        struct tkit_setlist back;
        tkit_diags_init(&d);
        tkit_setlist_init(&back);
        char *xml = export_list(l, &d, 0);
        if (d.n)
                fail_msg("%s: %s", what, tkit_diag_format(&d.v[0]));
        read_mem_ok(xml, &back);
        no_diff(l, &back);
        round_trip(l, what);
        tkit_setlist_finish(&back);
        tkit_diags_finish(&d);
        free(xml);
}

static glob_t vendored(void)
{
        glob_t g;
        char *pattern = jcz_path("*.xml");
        assert_int_equal(glob(pattern, 0, NULL, &g), 0);
        free(pattern);
        assert_int_equal(g.gl_pathc, 30);
        return g;
}

/* ------------------------------------------------------------------ vendored files */

static void test_vendored_alone(void **state)
{
        (void)state;
        glob_t g = vendored();
        for (size_t i = 0; i < g.gl_pathc; i++) {
                struct tkit_setlist l;
                tkit_setlist_init(&l);
                read_ok(g.gl_pathv[i], &l);
                lossless(&l, g.gl_pathv[i]);
                tkit_setlist_finish(&l);
        }
        globfree(&g);
}

/* All files read together (winter.xml's refs resolve to basic.xml's tiles): each file's sets
 * export into one self-contained file, and all 30 files into one. */
static void test_vendored_linked(void **state)
{
        (void)state;
        glob_t g = vendored();
        struct tkit_setlist all;
        struct tkit_diags d;
        tkit_setlist_init(&all);
        tkit_diags_init(&d);
        assert_int_equal(
            tkit_read_files((const char *const *)g.gl_pathv, g.gl_pathc, TKIT_FORMAT_JCZ, &all, &d),
            0);
        for (size_t i = 0; i < g.gl_pathc; i++) {
                struct tkit_setlist part;
                tkit_setlist_init(&part);
                for (size_t k = 0; k < all.n; k++)
                        if (strcmp(all.sets[k]->file, g.gl_pathv[i]) == 0)
                                tkit_setlist_add(&part, all.sets[k]);
                assert_true(part.n > 0);
                lossless(&part, g.gl_pathv[i]);
                for (size_t k = 0; k < part.n; k++)
                        for (size_t m = 0; m < part.sets[k]->nextra; m++)
                                assert_string_not_equal(part.sets[k]->extra[m].name, "jcz-ref");
                part.n = 0; /* borrowed */
                tkit_setlist_finish(&part);
        }
        lossless(&all, "all 30 files");
        tkit_setlist_finish(&all);
        tkit_diags_finish(&d);
        globfree(&g);
}

/* The crashes the fuzzers found, through the JCloisterZone round trip too. */
static void test_fuzz_crashes(void **state)
{
        (void)state;
        glob_t g;
        char *pattern = tkit_xasprintf("%s/tests/badinput/crashes/*", env("TKIT_SOURCE_ROOT"));
        int rc = glob(pattern, 0, NULL, &g);
        free(pattern);
        assert_true(rc == 0 || rc == GLOB_NOMATCH);
        for (size_t i = 0; rc == 0 && i < g.gl_pathc; i++) {
                const char *p = g.gl_pathv[i];
                if (strlen(p) < 4 || strcmp(p + strlen(p) - 4, ".xml") != 0)
                        continue;
                size_t len;
                char *data = read_all(p, &len);
                assert_non_null(data);
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                if (tkit_read_memory(data, len, p, TKIT_FORMAT_AUTO, &l, &d) == 0)
                        round_trip(&l, p);
                tkit_setlist_finish(&l);
                tkit_diags_finish(&d);
                free(data);
        }
        if (rc == 0)
                globfree(&g);
}

/* ------------------------------------------------------------------ bundled sets */

static struct tkit_set *find(struct tkit_setlist *l, const char *id)
{
        struct tkit_set *s = tkit_setlist_find(l, id);
        if (!s)
                fail_msg("no set %s", id);
        return s;
}

static void test_bundled_equal_jcz(void **state)
{
        (void)state;
        static const struct {
                const char *ours, *id, *jcz_file, *jcz_id;
        } pairs[] = {{"base.xml", "base", "basic.xml", "basic:1"},
                     {"river.xml", "river", "river.xml", "river/1:1"},
                     {"besiegers.xml", "besiegers", "siege.xml", "siege/besiegers"},
                     {"cathars.xml", "cathars", "siege.xml", "siege/cathars"},
                     {"siege-rgg.xml", "siege-rgg", "siege.xml", "siege/cathars"}};
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
                struct tkit_setlist ours, jcz, back;
                struct tkit_diags d;
                tkit_setlist_init(&ours);
                tkit_setlist_init(&jcz);
                tkit_setlist_init(&back);
                tkit_diags_init(&d);
                char *p = tileset_path(pairs[i].ours), *q = jcz_path(pairs[i].jcz_file);
                read_ok(p, &ours);
                read_ok(q, &jcz);
                struct tkit_buf b;
                tkit_buf_init(&b);
                const struct tkit_set *s = find(&ours, pairs[i].id);
                assert_true(tkit_jcz_write(&s, 1, &b, &d) > 0); /* names, provenance at least */
                read_mem_ok(b.data, &back);
                struct tkit_set_diff r;
                tkit_set_diff_init(&r);
                tkit_set_compare(back.sets[0], find(&jcz, pairs[i].jcz_id), TKIT_SAME_IGNORE_ENDS,
                                 &r);
                for (size_t k = 0; k < r.n; k++)
                        fprintf(stderr, "%s: %s\n", pairs[i].id, r.v[k].what);
                assert_int_equal(r.n, 0);
                tkit_set_diff_finish(&r);
                round_trip(&ours, p);
                free(p);
                free(q);
                tkit_buf_finish(&b);
                tkit_setlist_finish(&ours);
                tkit_setlist_finish(&jcz);
                tkit_setlist_finish(&back);
                tkit_diags_finish(&d);
        }
}

/* Whether some JCZ-LOSSY warning of `d` contains `text`. */
static bool warned(const struct tkit_diags *d, const char *text)
{
        for (size_t i = 0; i < d->n; i++)
                if (d->v[i].severity == TKIT_SEV_WARNING && d->v[i].rule &&
                    strcmp(d->v[i].rule, TKIT_RULE_JCZ_LOSSY) == 0 && strstr(d->v[i].message, text))
                        return true;
        return false;
}

static void test_bundled_lossy(void **state)
{
        (void)state;
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        char *cb = tileset_path("castles-bridges.xml"), *sd = tileset_path("siege-defense.xml");
        read_ok(cb, &l);
        read_ok(sd, &l);
        /* 16 + 18 tiles, 2 pieces, 2 sets */
        char *xml = export_list(&l, &d, 16 + 18 + 2 + 2);
        assert_true(warned(&d, "road r2 (end=village)"));       /* C&B village-1 */
        assert_true(warned(&d, "siege symbols (knights any)")); /* S&D inner-2 */
        assert_true(warned(&d, "piece fortress-west"));
        assert_true(warned(&d, "defense posts"));
        assert_true(warned(&d, "illustrations (T)"));
        assert_true(warned(&d, "road r (junction)"));
        assert_true(warned(&d, "provenance"));
        assert_true(warned(&d, "manifest"));
        /* every warning points at its source file and line */
        for (size_t i = 0; i < d.n; i++) {
                assert_non_null(d.v[i].file);
                assert_true(d.v[i].line > 0);
        }
        round_trip(&l, "castles-bridges + siege-defense");
        free(xml);
        free(cb);
        free(sd);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
}

/* ------------------------------------------------------------------ the mapping */

#define NATIVE_HEAD "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"%s\">\n"

static char *export_native(const char *body, const char *id, struct tkit_diags *d)
{
        char *xml = tkit_xasprintf(NATIVE_HEAD "%s</tileset>\n", id, body);
        struct tkit_setlist l;
        tkit_setlist_init(&l);
        read_mem_ok(xml, &l);
        free(xml);
        struct tkit_buf b;
        tkit_buf_init(&b);
        assert_true(tkit_jcz_write((const struct tkit_set *const *)l.sets, l.n, &b, d) >= 0);
        round_trip(&l, id);
        tkit_setlist_finish(&l);
        return tkit_buf_steal(&b);
}

static void test_mapping_features(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *xml = export_native("<tile id=\"t\" count=\"3\">\n"
                                  "<city id=\"c1\" at=\"N W\" pennants=\"2\" cathedral=\"yes\"/>\n"
                                  "<city id=\"c2\" at=\"E\" besieged=\"besieger\"/>\n"
                                  "<road id=\"r\" at=\"S\" inn=\"yes\"/>\n"
                                  "<field id=\"f1\" at=\"SL\" touches=\"c2 c1\"/>\n"
                                  "<field id=\"f2\" at=\"SR\"/>\n"
                                  "<field id=\"in\" touches=\"c1\"/>\n"
                                  "<cloister id=\"m\"/>\n<garden id=\"g\"/>\n"
                                  "</tile>\n",
                                  "my-set", &d);
        assert_int_equal(d.n, 0); /* nothing lost */
        tkit_test_has(xml, "<tile id=\"MS/t\">\n"
                           "      <city pennants=\"2\" cathedral=\"true\">N W</city>\n"
                           "      <city besieged=\"true\">E</city>\n"
                           "      <road inn=\"true\">S</road>\n"
                           "      <field city=\"E N\">SL</field>\n"
                           "      <field>SR</field>\n"
                           "      <field city=\"N\">I</field>\n"
                           "      <monastery />\n"
                           "      <garden />\n"
                           "    </tile>\n");
        tkit_test_has(xml, "<tile-set id=\"my-set\">\n"
                           "      <ref count=\"3\" tile=\"MS/t\" />\n");
        free(xml);
        tkit_diags_finish(&d);
}

static void test_mapping_river_groups(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *xml =
            export_native("<tile id=\"s\" group=\"river\"><river id=\"w\" at=\"E\" end=\"source\"/>"
                          "<field id=\"f\" at=\"N S W EL ER\"/></tile>\n"
                          "<tile id=\"l\" group=\"river\"><river id=\"w\" at=\"W\" end=\"lake\"/>"
                          "<field id=\"f\" at=\"N E S WL WR\"/></tile>\n"
                          "<tile id=\"y\" group=\"river\"><river id=\"w\" at=\"W N E\"/>"
                          "<field id=\"f1\" at=\"WR NL\"/><field id=\"f2\" at=\"NR EL\"/>"
                          "<field id=\"f3\" at=\"ER S WL\"/></tile>\n"
                          "<tile id=\"b\" group=\"river\"><river id=\"w\" at=\"N S\"/>"
                          "<road id=\"r\" at=\"E W\" overpass=\"yes\"/>"
                          "<field id=\"f1\" at=\"NR EL\"/><field id=\"f2\" at=\"ER SL\"/>"
                          "<field id=\"f3\" at=\"SR WL\"/><field id=\"f4\" at=\"WR NL\"/></tile>\n",
                          "river", &d);
        assert_int_equal(d.n, 0);
        tkit_test_has(xml, "<tile id=\"RI/s\" group=\"river-spring\">");
        tkit_test_has(xml, "<tile id=\"RI/l\" group=\"river-lake\">");
        tkit_test_has(xml, "<tile id=\"RI/y\" group=\"river-fork\">");
        /* the bridge: JCloisterZone's reader infers the road's overpass, nothing is lost */
        tkit_test_has(xml, "<tile id=\"RI/b\" group=\"river\">");
        free(xml);
        tkit_diags_finish(&d);
}

static void test_mapping_lossy(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        char *xml = export_native(
            "<name lang=\"en\">Lossy</name>\n"
            "<tile id=\"v\" start=\"yes\" symbols=\"knights any\" illustrations=\"G W\">\n"
            "<name lang=\"en\">Village</name>\n"
            "<provenance basis=\"reconstructed\">guessed</provenance>\n"
            "<road id=\"r\" at=\"S\" end=\"village\"/>\n"
            "<road id=\"o\" at=\"N\" overpass=\"yes\"/>\n"
            "<city id=\"c\" at=\"E\" besieged=\"cathar\"/>\n"
            "<field id=\"f\" at=\"NL NR SL SR W EL ER\" touches=\"c\"/>\n"
            "</tile>\n",
            "lossy", &d);
        assert_int_equal(d.warnings, 2); /* one for the tile, one for the set */
        assert_true(warned(&d, "written as LO/v; left out of the JCloisterZone file: names; "
                               "provenance; start tile; siege symbols (knights any); "
                               "illustrations (G W); road r (end=village); road o (overpass); "
                               "city c (besieged=cathar (read back as besieger))"));
        assert_true(warned(&d, "set lossy: left out of the JCloisterZone file: names"));
        free(xml);
        tkit_diags_finish(&d);
}

/* JCloisterZone markers: tile attributes stay attributes, elements stay elements, feature
 * attributes stay attributes; all come back as the same markers. */
static void test_mapping_markers(void **state)
{
        (void)state;
        static const char jcz[] =
            "<defs><tiles>\n"
            "<tile id=\"X/1\" wind-rose=\"NW\" max=\"1\">\n"
            "  <road wagon-move=\"a\" tunnel=\"true\">N S</road>\n"
            "  <city pennants=\"1\" princess=\"yes\">E</city>\n"
            "  <field city=\"E\">NR SR</field><field>NL SL</field>\n"
            "  <tower/>\n  <watchtower bonus=\"1/city\" />\n  <mage>a  b</mage>\n"
            "  <flying-machine direction=\"W\" x=\"1 y=2\"/>\n"
            "</tile></tiles>\n"
            "<sets><tile-set id=\"x:1\" max=\"2\"><ref tile=\"X/1\" count=\"2\"/>"
            "<ref tile=\"ELSE/2\" count=\"3\"/><remove tile=\"X/9\"/>"
            "<requires expansion=\"BASIC\"/></tile-set></sets></defs>\n";
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        read_mem_ok(jcz, &l);
        char *xml = export_list(&l, &d, 0);
        tkit_test_has(xml, "<tile id=\"X/1\" wind-rose=\"NW\" max=\"1\">\n");
        tkit_test_has(xml, "<road wagon-move=\"a\" tunnel=\"true\">N S</road>");
        tkit_test_has(xml, "<city pennants=\"1\" princess=\"yes\">E</city>");
        tkit_test_has(xml, "      <tower />\n"
                           "      <watchtower bonus=\"1/city\" />\n"
                           "      <mage>a b</mage>\n"
                           "      <flying-machine direction=\"W\" x=\"1\" y=\"2\" />\n");
        tkit_test_has(xml, "<tile-set id=\"x:1\" max=\"2\">\n"
                           "      <ref count=\"2\" tile=\"X/1\" />\n"
                           "      <ref count=\"3\" tile=\"ELSE/2\" />\n"
                           "      <remove tile=\"X/9\" />\n"
                           "      <requires expansion=\"BASIC\" />\n");
        lossless(&l, "markers");
        free(xml);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
}

/* Tile ids: sets sharing a JCloisterZone tile write it once; a different tile with the same id
 * is renamed with a warning; native sets with the same initials get numbered prefixes. */
static void test_ids(void **state)
{
        (void)state;
        static const char a[] = "<defs><tiles><tile id=\"T/1\"><city>N</city>"
                                "<field city=\"N\">EL ER SL SR WL WR</field></tile></tiles>"
                                "<sets><tile-set id=\"a:1\"><ref tile=\"T/1\"/></tile-set>"
                                "<tile-set id=\"a:2\"><ref tile=\"T/1\" count=\"2\"/></tile-set>"
                                "</sets></defs>";
        static const char b[] = "<defs><tiles><tile id=\"T/1\"><monastery/>"
                                "<field>NL NR EL ER SL SR WL WR</field></tile></tiles>"
                                "<sets><tile-set id=\"b:1\"><ref tile=\"T/1\"/></tile-set>"
                                "</sets></defs>";
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        read_mem_ok(a, &l);
        read_mem_ok(b, &l);
        read_mem_ok("<tileset format=\"1\" id=\"cas\"><tile id=\"t\"><cloister id=\"m\"/>"
                    "<field id=\"f\" at=\"N E S W\"/></tile></tileset>",
                    &l);
        read_mem_ok("<tileset format=\"1\" id=\"cat\"><tile id=\"t\"><cloister id=\"m\"/>"
                    "<field id=\"f\" at=\"N E S W\"/></tile></tileset>",
                    &l);
        char *xml = export_list(&l, &d, 1);
        assert_int_equal(d.warnings, 1);
        assert_true(warned(&d, "written as T/1.2; left out of the JCloisterZone file: its id "
                               "(another set defines it differently)"));
        char *first = strstr(xml, "<tile id=\"T/1\">");
        assert_non_null(first);
        assert_null(strstr(first + 1, "<tile id=\"T/1\">")); /* shared, written once */
        tkit_test_has(xml, "<tile id=\"CA/t\">");
        tkit_test_has(xml, "<tile id=\"CA2/t\">");
        tkit_test_has(xml, "<tile-set id=\"a:2\">\n      <ref count=\"2\" tile=\"T/1\" />");
        tkit_test_has(xml, "<tile-set id=\"b:1\">\n      <ref count=\"1\" tile=\"T/1.2\" />");
        round_trip(&l, "ids");
        free(xml);
        tkit_setlist_finish(&l);
        tkit_diags_finish(&d);
}

static void test_errors(void **state)
{
        (void)state;
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        read_mem_ok("<tileset format=\"1\" id=\"s\"><tile id=\"t\"><cloister id=\"m\"/></tile>"
                    "</tileset>",
                    &l);
        read_mem_ok("<tileset format=\"1\" id=\"s\"><tile id=\"u\"><cloister id=\"m\"/></tile>"
                    "</tileset>",
                    &l);
        free(export_list(&l, &d, TKIT_E_INVALID));
        assert_int_equal(d.errors, 1);
        tkit_setlist_finish(&l);
        /* more distinct tiles than the reader takes from one file */
        tkit_diags_clear(&d);
        struct tkit_set *s = tkit_set_create("big");
        for (int i = 0; i <= TKIT_JCZ_MAX_TILES; i++) {
                char id[16];
                snprintf(id, sizeof id, "t%d", i);
                struct tkit_tile *t = tkit_set_add_tile(s, id);
                tkit_tile_add_feature(t, TKIT_CLOISTER, "m");
                tkit_tile_add_extra(t, "n", id, 0); /* every tile a different definition */
        }
        struct tkit_buf b;
        tkit_buf_init(&b);
        assert_int_equal(tkit_jcz_write((const struct tkit_set *const *)&s, 1, &b, &d),
                         TKIT_E_LIMIT);
        assert_int_equal(b.len, 0);
        assert_int_equal(d.errors, 1);
        s->ntiles = TKIT_JCZ_MAX_TILES; /* at the limit it works (the last tile leaks not: */
        tkit_tile_finish(&s->tiles[TKIT_JCZ_MAX_TILES]); /* freed here) */
        tkit_diags_clear(&d);
        assert_int_equal(tkit_jcz_write((const struct tkit_set *const *)&s, 1, &b, &d), 0);
        /* a stream that cannot take it */
        FILE *full = fopen("/dev/full", "w");
        if (full) {
                assert_int_equal(
                    tkit_jcz_write_stream((const struct tkit_set *const *)&s, 1, full, &d),
                    TKIT_E_IO);
                fclose(full);
        }
        FILE *tmp = tmpfile();
        assert_non_null(tmp);
        assert_int_equal(tkit_jcz_write_stream((const struct tkit_set *const *)&s, 1, tmp, &d), 0);
        assert_int_equal(ftell(tmp), (long)b.len);
        fclose(tmp);
        tkit_buf_finish(&b);
        tkit_set_destroy(s);
        tkit_diags_finish(&d);
}

/* ------------------------------------------------------------------ the command */

static int tilekit(char **err, ...)
{
        const char *argv[24];
        int argc = 0;
        va_list ap;
        va_start(ap, err);
        argv[argc++] = env("TILEKIT");
        while (argc < 23 && (argv[argc] = va_arg(ap, const char *)))
                argc++;
        va_end(ap);
        argv[argc] = NULL;
        struct tkit_run r = {0};
        int rc = tkit_run(&r, argv);
        if (err)
                *err = tkit_xstrdup(r.err);
        tkit_run_finish(&r);
        return rc;
}

static void test_cli(void **state)
{
        (void)state;
        char *dir = make_temp_dir();
        assert_non_null(dir);
        static const struct {
                const char *ours, *jcz;
        } pairs[] = {{"base.xml", "basic.xml#basic:1"},
                     {"river.xml", "river.xml#river/1:1"},
                     {"besiegers.xml", "siege.xml#siege/besiegers"},
                     {"cathars.xml", "siege.xml#siege/cathars"},
                     {"siege-rgg.xml", "siege.xml#siege/cathars"}};
        char *out = tkit_xasprintf("%s/out.xml", dir), *err = NULL;
        for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
                char *p = tileset_path(pairs[i].ours), *q = jcz_path(pairs[i].jcz);
                assert_int_equal(
                    tilekit(NULL, "export", "--format", "jcz", "--tiles", p, "-o", out, NULL), 0);
                assert_int_equal(tilekit(NULL, "diff", out, q, NULL), 0);
                free(p);
                free(q);
        }
        /* Castles & Bridges, Siege & Defense: warnings, and with --werror nothing written */
        const char *lossy[] = {"castles-bridges.xml", "siege-defense.xml"};
        for (size_t i = 0; i < 2; i++) {
                char *p = tileset_path(lossy[i]);
                remove(out);
                assert_int_equal(
                    tilekit(&err, "export", "-f", "jcz", "--tiles", p, "-o", out, NULL), 0);
                tkit_test_has(err, ": warning: [JCZ-LOSSY] tile ");
                tkit_test_has(err, i ? "siege symbols" : "end=village");
                free(err);
                remove(out);
                assert_int_equal(tilekit(&err, "export", "--format", "jcz", "--werror", "--tiles",
                                         p, "-o", out, NULL),
                                 1);
                tkit_test_has(err, ": error: [JCZ-LOSSY] ");
                tkit_test_has(err, "out.xml: error: not written: ");
                assert_null(read_all(out, NULL));
                free(err);
                free(p);
        }
        /* from the database: two sets into one file, ids kept for the JCloisterZone one */
        char *db = tkit_xasprintf("%s/t.db", dir), *base = tileset_path("base.xml"),
             *river = jcz_path("river.xml");
        assert_int_equal(tilekit(NULL, "import", "--db", db, base, river, NULL), 0);
        assert_int_equal(tilekit(NULL, "export", "--db", db, "--format", "jcz", "--set",
                                 "base,river/1:1", "-o", out, NULL),
                         0);
        char *text = read_all(out, NULL);
        assert_non_null(text);
        tkit_test_has(text, "<tile-set id=\"base\">");
        tkit_test_has(text, "<tile-set id=\"river/1:1\">");
        tkit_test_has(text, "<tile id=\"RI.1/CICI\" group=\"river\">");
        free(text);
        char *q = jcz_path("river.xml#river/1:1"), *o2 = tkit_xasprintf("%s#river/1:1", out);
        assert_int_equal(tilekit(NULL, "diff", "--markers", o2, q, NULL), 0);
        /* usage: an unknown format; several sets in the tilekit format */
        assert_int_equal(
            tilekit(NULL, "export", "--format", "xyz", "--db", db, "--set", "base", NULL), 2);
        assert_int_equal(tilekit(NULL, "export", "--db", db, "--set", "base,river/1:1", NULL), 2);
        free(q);
        free(o2);
        free(db);
        free(base);
        free(river);
        free(out);
        remove_tree(dir);
        free(dir);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_vendored_alone),
            cmocka_unit_test(test_vendored_linked),
            cmocka_unit_test(test_fuzz_crashes),
            cmocka_unit_test(test_bundled_equal_jcz),
            cmocka_unit_test(test_bundled_lossy),
            cmocka_unit_test(test_mapping_features),
            cmocka_unit_test(test_mapping_river_groups),
            cmocka_unit_test(test_mapping_lossy),
            cmocka_unit_test(test_mapping_markers),
            cmocka_unit_test(test_ids),
            cmocka_unit_test(test_errors),
            cmocka_unit_test(test_cli),
        };
        int failed = cmocka_run_group_tests(tests, NULL, NULL);
        tkit_formats_cleanup();
        return failed;
}
