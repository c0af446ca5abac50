/* Bad input, end to end: the real `tilekit` binary on broken, hostile and absurd files (XML,
 * JCloisterZone XML, layout JSON) and on databases it must refuse; every case must fail with
 * exit 1 or 2, name the file (and the line, where there is one) on the first line of stderr, keep
 * stderr short, and leave the database byte for byte as it was. A few cases need the library
 * (a full disk: max_page_count is per connection), and tests/badinput/crashes/ replays every
 * input the fuzzers crashed on through the same checks as the fuzz targets.
 *
 * Environment: TILEKIT (the binary), TKIT_SOURCE_ROOT, TKIT_EXTERNAL, TMPDIR; TKIT_CHILD_WRAPPER
 * (set by `meson test --setup valgrind`): a command the binary is run under, e.g. valgrind; its
 * exit status 97 means it found an error (docs/hardening.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../db/helpers.h"
#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "fuzz/fuzz-dbmutate.h"
#include "fuzz/fuzz-roundtrip.h"
#include "sim/tkit-sim.h"

#define MAX_STDERR 4096 /* a clear error is short, whatever the size of the input */

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

struct fx {
        char *dir;
        const char *tilekit, *root, *external;
        struct tkit_run r; /* the last run; out and err point into it */
        char *out, *err;
        int n;
        bool unprivileged; /* run the next child without root's power over file modes */
};

static int setup(void **state)
{
        struct fx *f = tkit_xcalloc(1, sizeof *f);
        f->tilekit = getenv("TILEKIT");
        f->root = getenv("TKIT_SOURCE_ROOT");
        f->external = getenv("TKIT_EXTERNAL");
        f->dir = make_temp_dir();
        if (!f->tilekit || !f->root || !f->external || !f->dir) /* the vendored data too */
                return -1;
        *state = f;
        return 0;
}

static int teardown(void **state)
{
        struct fx *f = *state;
        remove_tree(f->dir);
        free(f->dir);
        tkit_run_finish(&f->r);
        free(f);
        tkit_formats_cleanup();
        return 0;
}

static char *tmp_path(struct fx *f, const char *name)
{
        return tkit_xasprintf("%s/%d-%s", f->dir, f->n++, name);
}

static void write_bytes(const char *path, const char *data, size_t len)
{
        FILE *fp = fopen(path, "wb");
        assert_non_null(fp);
        assert_int_equal(fwrite(data, 1, len, fp), len);
        assert_int_equal(fclose(fp), 0);
}

/* Runs `tilekit ARGS...` (NULL-terminated) with tkit_run() (tests/support: the wrapper, the
 * capture); returns the exit status, output in f->out and f->err. */
static int run(struct fx *f, ...)
{
        f->r.unprivileged = f->unprivileged;
        va_list ap;
        va_start(ap, f);
        int rc = tkit_run_vargs(&f->r, f->tilekit, ap);
        va_end(ap);
        f->out = f->r.out;
        f->err = f->r.err;
        return rc;
}

/* The first line of stderr starts with "FILE:" (line < 0), "FILE:LINE:" (line > 0) or
 * "FILE:N:" for some N (line == 0); stderr stays short; nothing claims success. */
static void assert_names(struct fx *f, int rc, const char *file, int line)
{
        if (rc != 1 && rc != 2)
                fprintf(stderr, "exit %d for %s:\n%.2000s\n", rc, file, f->err);
        assert_true(rc == 1 || rc == 2);
        size_t n = strlen(file), len = strlen(f->err);
        if (len > MAX_STDERR || strncmp(f->err, file, n) != 0 || f->err[n] != ':')
                fprintf(stderr, "stderr for %s (%zu bytes):\n%.600s\n", file, len, f->err);
        assert_true(len <= MAX_STDERR);
        assert_true(strncmp(f->err, file, n) == 0 && f->err[n] == ':');
        if (line > 0) {
                char *want = tkit_xasprintf("%s:%d:", file, line);
                if (strncmp(f->err, want, strlen(want)) != 0)
                        fprintf(stderr, "want %s, got:\n%.300s\n", want, f->err);
                assert_true(strncmp(f->err, want, strlen(want)) == 0);
                free(want);
        } else if (line == 0) {
                char *end = NULL;
                long l = strtol(f->err + n + 1, &end, 10);
                assert_true(l > 0 && *end == ':');
        }
        assert_null(strstr(f->out, "imported"));
}

/* The same for `tilekit check`, whose findings are its output (stdout). */
static void assert_names_out(struct fx *f, int rc, const char *file, int line)
{
        char *err = f->err;
        f->err = f->out;
        f->out = err;
        assert_names(f, rc, file, line);
}

/* ------------------------------------------------------------------ a database to protect */

struct snap {
        char *dump;  /* every row and the schema (tests/db/helpers.c) */
        char *bytes; /* the file itself */
        size_t len;
};

static void take(const char *db, struct snap *s)
{
        s->dump = dump_file(db, DUMP_KEEP_TIME);
        s->bytes = read_all(db, &s->len);
        assert_non_null(s->dump);
        assert_non_null(s->bytes);
}

static void assert_unchanged(const char *db, struct snap *before)
{
        struct snap now;
        take(db, &now);
        assert_string_equal(before->dump, now.dump);
        assert_int_equal(before->len, now.len);
        assert_memory_equal(before->bytes, now.bytes, now.len);
        free(now.dump);
        free(now.bytes);
}

static void snap_free(struct snap *s)
{
        free(s->dump);
        free(s->bytes);
}

/* A database holding the base set. */
static char *base_db(struct fx *f)
{
        char *db = tmp_path(f, "base.db");
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        int rc = run(f, "import", "--quiet", "--db", db, base, NULL);
        if (rc != 0)
                fprintf(stderr, "%s", f->err);
        assert_int_equal(rc, 0);
        free(base);
        return db;
}

/* `tilekit import --db DB FILE` must fail naming FILE (at `line`, see assert_names) and leave
 * DB as it was. */
static void import_refused(struct fx *f, const char *db, const char *file, int line,
                           const char *format)
{
        struct snap s;
        take(db, &s);
        int rc = format ? run(f, "import", "--db", db, "--format", format, file, NULL)
                        : run(f, "import", "--db", db, file, NULL);
        assert_names(f, rc, file, line);
        assert_unchanged(db, &s);
        snap_free(&s);
}

/* Writes `len` bytes to a new file under the temporary directory; returns its path. */
static char *bad_file(struct fx *f, const char *name, const char *data, size_t len)
{
        char *p = tmp_path(f, name);
        write_bytes(p, data, len);
        return p;
}

/* A one-tile native set with the given tileset id, tile id, count and extra root attributes. */
static char *small_set(const char *set, const char *tile, const char *count, const char *extra)
{
        return tkit_xasprintf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                              "<tileset format=\"1\" id=\"%s\" edition=\"1st\"%s>\n"
                              "  <name lang=\"en\">Bad input</name>\n"
                              "  <tile id=\"%s\" count=\"%s\">\n"
                              "    <cloister id=\"m\"/>\n"
                              "    <road id=\"r\" at=\"S\" end=\"cloister\"/>\n"
                              "    <field id=\"f\" at=\"N E S W\"/>\n"
                              "  </tile>\n"
                              "</tileset>\n",
                              set, extra, tile, count);
}

static void refuse_text(struct fx *f, const char *db, const char *name, const char *text, int line)
{
        char *p = bad_file(f, name, text, strlen(text));
        import_refused(f, db, p, line, NULL);
        free(p);
}

/* ------------------------------------------------------------------ XML */

static void test_small_set_is_valid(void **state)
{
        /* The template of the cases below must itself import, or they would prove nothing. */
        struct fx *f = *state;
        char *db = tmp_path(f, "ok.db");
        char *xml = small_set("ok", "A", "2", "");
        char *p = bad_file(f, "ok.xml", xml, strlen(xml));
        assert_int_equal(run(f, "import", "--db", db, p, NULL), 0);
        free(xml);
        free(p);
        free(db);
}

static void test_empty_truncated(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        refuse_text(f, db, "empty.xml", "", 0);
        refuse_text(f, db, "blank.xml", "\n\n   \n", 0);
        refuse_text(f, db, "decl-only.xml", "<?xml version=\"1.0\"?>\n", 0);
        /* a real set cut at every 997th byte: always refused, always with a line */
        char *path = tkit_xasprintf("%s/tilesets/castles-bridges.xml", f->root);
        size_t len = 0;
        char *whole = read_all(path, &len);
        assert_non_null(whole);
        for (size_t cut = 997; cut < len - 20; cut += 997 * 3) {
                char *p = bad_file(f, "truncated.xml", whole, cut);
                import_refused(f, db, p, 0, NULL);
                free(p);
        }
        free(whole);
        free(path);
        free(db);
}

static void test_encoding(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        refuse_text(f, db, "utf8.xml",
                    "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"a\xff\xfe\" "
                    "edition=\"x\"/>\n",
                    2);
        refuse_text(f, db, "utf8-overlong.xml",
                    "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"a\" edition=\"x\">\n"
                    "<name lang=\"en\">\xc0\xaf</name></tileset>\n",
                    3);
        refuse_text(f, db, "latin1.xml",
                    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<tileset format=\"1\" "
                    "id=\"a\" edition=\"x\"><name lang=\"en\">caf\xe9</name></tileset>\n",
                    0);
        static const char nul[] = "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"x\" "
                                  "edition=\"e\"><name lang=\"en\">a\0b</name></tileset>\n";
        char *p = bad_file(f, "nul.xml", nul, sizeof nul - 1);
        import_refused(f, db, p, 2, NULL);
        free(p);
        refuse_text(f, db, "charref.xml",
                    "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"x\" edition=\"e\">\n"
                    "<name lang=\"en\">&#1;</name></tileset>\n",
                    3);
        free(db);
}

static void test_deep_nesting(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"deep\">\n");
        for (int i = 0; i < 100000; i++)
                tkit_buf_puts(&b, "<tile>");
        for (int i = 0; i < 100000; i++)
                tkit_buf_puts(&b, "</tile>");
        tkit_buf_puts(&b, "</tileset>\n");
        char *p = bad_file(f, "deep.xml", b.data, b.len);
        import_refused(f, db, p, 0, NULL);
        free(p);
        tkit_buf_finish(&b);
        free(db);
}

static void test_megabyte_attributes(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        enum { MB = 1024 * 1024 };
        char *big = tkit_xmalloc(MB + 1);
        memset(big, 'x', MB);
        big[MB] = '\0';
        /* a megabyte id: refused, and the message does not quote all of it */
        char *xml = small_set(big, "A", "1", "");
        refuse_text(f, db, "long-id.xml", xml, 2);
        free(xml);
        xml = small_set("ok", big, "1", "");
        refuse_text(f, db, "long-tile-id.xml", xml, 4);
        free(xml);
        /* a megabyte list of the same side: one clear error, not half a million */
        for (size_t i = 0; i + 1 < MB; i += 2)
                memcpy(big + i, "N ", 2);
        char *list = tkit_xasprintf("%.*s", MB - 2, big);
        xml = tkit_xasprintf("<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"ok\" "
                             "edition=\"e\">\n<name lang=\"en\">n</name>\n"
                             "<tile id=\"A\" count=\"1\"><cloister id=\"m\"/>\n"
                             "<field id=\"f\" at=\"%s\"/></tile></tileset>\n",
                             list);
        refuse_text(f, db, "long-at.xml", xml, 5);
        free(xml);
        free(list);
        /* a 20 MB file: over TKIT_MAX_INPUT_BYTES */
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"big\">\n<!--");
        for (int i = 0; i < 20; i++)
                tkit_buf_add(&b, big, MB);
        tkit_buf_puts(&b, "--></tileset>\n");
        char *p = bad_file(f, "huge.xml", b.data, b.len);
        import_refused(f, db, p, -1, NULL);
        free(p);
        tkit_buf_finish(&b);
        free(big);
        free(db);
}

static void test_entities(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        refuse_text(f, db, "bomb.xml",
                    "<?xml version=\"1.0\"?>\n"
                    "<!DOCTYPE tileset [\n"
                    " <!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
                    " <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
                    " <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n"
                    " <!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\n"
                    " <!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">\n"
                    " <!ENTITY g \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">\n"
                    "]>\n"
                    "<tileset format=\"1\" id=\"bomb\" edition=\"e\"><name lang=\"en\">&g;&g;&g;"
                    "</name></tileset>\n",
                    2);
        /* external entities: refused, and never read (the secret must not show anywhere) */
        char *secret = tmp_path(f, "secret.txt");
        assert_true(write_all(secret, "SECRET-4711\n"));
        char *xxe = tkit_xasprintf("<?xml version=\"1.0\"?>\n"
                                   "<!DOCTYPE tileset [ <!ENTITY e SYSTEM \"file://%s\"> ]>\n"
                                   "<tileset format=\"1\" id=\"xxe\" edition=\"e\">"
                                   "<name lang=\"en\">&e;</name></tileset>\n",
                                   secret);
        refuse_text(f, db, "xxe.xml", xxe, 2);
        assert_null(strstr(f->err, "SECRET"));
        free(xxe);
        xxe = tkit_xasprintf("<?xml version=\"1.0\"?>\n"
                             "<!DOCTYPE tileset [ <!ENTITY %% p SYSTEM \"file://%s\"> %%p; ]>\n"
                             "<tileset format=\"1\" id=\"xxe\" edition=\"e\"/>\n",
                             secret);
        refuse_text(f, db, "xxe-param.xml", xxe, 2);
        assert_null(strstr(f->err, "SECRET"));
        free(xxe);
        refuse_text(f, db, "dtd-net.xml",
                    "<?xml version=\"1.0\"?>\n"
                    "<!DOCTYPE tileset SYSTEM \"http://127.0.0.1:9/tileset.dtd\">\n"
                    "<tileset format=\"1\" id=\"net\" edition=\"e\"/>\n",
                    2);
        xxe = tkit_xasprintf("<?xml version=\"1.0\"?>\n"
                             "<tileset format=\"1\" id=\"xi\" edition=\"e\" "
                             "xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n"
                             "<xi:include href=\"%s\" parse=\"text\"/></tileset>\n",
                             secret);
        refuse_text(f, db, "xinclude.xml", xxe, 0);
        assert_null(strstr(f->err, "SECRET"));
        free(xxe);
        /* the same through the JCloisterZone reader */
        xxe = tkit_xasprintf("<?xml version=\"1.0\"?>\n"
                             "<!DOCTYPE defs [ <!ENTITY e SYSTEM \"file://%s\"> ]>\n"
                             "<defs><tiles><tile id=\"&e;\"/></tiles></defs>\n",
                             secret);
        refuse_text(f, db, "jcz-xxe.xml", xxe, 2);
        assert_null(strstr(f->err, "SECRET"));
        free(xxe);
        free(secret);
        free(db);
}

static void test_counts(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        static const char *const counts[] = {
            "-1", "0",   "1001", "2147483648", "99999999999999999999999", " 3", "0x10",
            "+2", "1e3", "",     "3.0"};
        for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
                char *xml = small_set("counts", "A", counts[i], "");
                refuse_text(f, db, "count.xml", xml, 4);
                free(xml);
        }
        /* manifest and token counts, piece sizes */
        refuse_text(f, db, "expect.xml",
                    "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"e\" edition=\"e\">\n"
                    "<name lang=\"en\">n</name>\n<manifest>\n"
                    "<expect what=\"tiles\" count=\"-5\"/>\n</manifest></tileset>\n",
                    5);
        refuse_text(f, db, "piece.xml",
                    "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"p\" edition=\"e\">\n"
                    "<name lang=\"en\">n</name>\n"
                    "<piece id=\"P\" count=\"1\" width=\"0\" height=\"4294967297\"/>\n"
                    "</tileset>\n",
                    4);
        free(db);
}

static void test_odd_ids(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        static const char *const ids[] = {"a b", "../x", "\xc3\xa9", "",      "a'b",  "-a",
                                          "a;b", "x\"",  "a&amp;b",  "a%s%n", "tab\t"};
        for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
                char *xml = small_set(ids[i], "A", "1", "");
                refuse_text(f, db, "set-id.xml", xml, 2);
                free(xml);
                xml = small_set("ok", ids[i], "1", "");
                refuse_text(f, db, "tile-id.xml", xml, 4);
                free(xml);
        }
        /* duplicate tile ids, a set that requires itself */
        refuse_text(f, db, "dup.xml",
                    "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"d\" edition=\"e\">\n"
                    "<name lang=\"en\">n</name>\n"
                    "<tile id=\"A\" count=\"1\"><cloister id=\"m\"/><field id=\"f\" at=\"N E S "
                    "W\"/></tile>\n"
                    "<tile id=\"A\" count=\"1\"><cloister id=\"m\"/><field id=\"f\" at=\"N E S "
                    "W\"/></tile>\n</tileset>\n",
                    5);
        char *xml = small_set("self", "A", "1", " requires=\"base self\"");
        refuse_text(f, db, "self.xml", xml, 2);
        free(xml);
        refuse_text(f, db, "root.xml", "<?xml version=\"1.0\"?>\n<html><body/></html>\n", 2);
        /* a good file and a bad one: nothing of either is imported */
        char *river = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        char *bad = bad_file(f, "second.xml", "<tileset", 8);
        struct snap s;
        take(db, &s);
        assert_names(f, run(f, "import", "--db", db, river, bad, NULL), bad, 1);
        assert_unchanged(db, &s);
        snap_free(&s);
        free(bad);
        free(river);
        free(db);
}

static void test_jcz(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        refuse_text(f, db, "jcz-count.xml",
                    "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n"
                    "<tile id=\"BA/X\"><road>S</road></tile>\n</tiles>\n<sets>\n"
                    "<tile-set id=\"x\"><ref tile=\"BA/X\" count=\"-3\"/></tile-set>\n"
                    "</sets>\n</defs>\n",
                    7);
        refuse_text(f, db, "jcz-odd-id.xml",
                    "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n"
                    "<tile id=\"BA/X Y\"><road>S</road></tile>\n</tiles>\n</defs>\n",
                    4);
        refuse_text(f, db, "jcz-odd-set.xml",
                    "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n"
                    "<tile id=\"BA/X\"><road>S</road></tile>\n</tiles>\n<sets>\n"
                    "<tile-set id=\"a;b\"><ref tile=\"BA/X\" count=\"1\"/></tile-set>\n"
                    "</sets>\n</defs>\n",
                    7);
        if (f->external) {
                char *path = tkit_xasprintf("%s/jcloisterzone/basic.xml", f->external);
                size_t len = 0;
                char *whole = read_all(path, &len);
                assert_non_null(whole);
                if (whole) {
                        char *p = bad_file(f, "jcz-truncated.xml", whole, len / 2);
                        import_refused(f, db, p, 0, NULL);
                        import_refused(f, db, p, 0, "jcz");
                        free(p);
                        /* a JCloisterZone file forced through the native reader */
                        import_refused(f, db, path, 0, "tilekit");
                        free(whole);
                }
                free(path);
        }
        free(db);
}

/* Tiles in no <tile-set> go to a set named after the file: an odd file name must still give an
 * id that exports and imports again. */
/* JCloisterZone files hold a few dozen tiles; the reader looks tiles up by scanning, so a file
 * of 100 000 (4 MB) took 18 s and 16 MB minutes: more than 1000 are refused. */
static void test_jcz_many_tiles(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n");
        int ntiles = getenv("TKIT_CHILD_WRAPPER") ? 2000 : 100000; /* valgrind: memory, not time */
        for (int i = 0; i < ntiles; i++)
                tkit_buf_printf(&b, "<tile id=\"T%d\"><road>S</road></tile>\n", i);
        tkit_buf_puts(&b, "</tiles>\n</defs>\n");
        char *p = bad_file(f, "jcz-many.xml", b.data, b.len);
        import_refused(f, db, p, 1004, NULL);
        assert_non_null(strstr(f->err, "1000"));
        free(p);
        tkit_buf_finish(&b);
        free(db);
}

static void test_jcz_odd_file_name(void **state)
{
        struct fx *f = *state;
        static const char jcz[] = "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n"
                                  "<tile id=\"BA/X\"><road>S</road></tile>\n</tiles>\n</defs>\n";
        static const char *const names[] = {"my tiles.xml", "_x\xc3\xa9#.xml",
                                            "a-very-long-file-name-that-goes-on-and-on-and-on-"
                                            "beyond-any-id-limit.xml"};
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
                char *p = tmp_path(f, names[i]);
                write_bytes(p, jcz, strlen(jcz));
                char *db = tmp_path(f, "jcz.db"), *db2 = tmp_path(f, "again.db");
                char *xml = tmp_path(f, "export.xml");
                assert_int_equal(run(f, "import", "--quiet", "--db", db, p, NULL), 0);
                size_t n = 0;
                char **ids = NULL;
                struct tkit_db *h = NULL;
                struct tkit_diags d;
                tkit_diags_init(&d);
                assert_int_equal(tkit_db_open(db, TKIT_DB_READONLY, &h, &d), 0);
                assert_int_equal(tkit_db_set_ids(h, &ids, &n, &d), 0);
                tkit_db_close(h);
                assert_int_equal(n, 1);
                int rc = run(f, "export", "--db", db, "--set", ids[0], "-o", xml, NULL);
                assert_int_equal(rc, 0);
                rc = run(f, "import", "--quiet", "--db", db2, xml, NULL);
                if (rc != 0)
                        fprintf(stderr, "%s", f->err);
                assert_int_equal(rc, 0);
                tkit_db_free_ids(ids, n);
                tkit_diags_finish(&d);
                free(p);
                free(db);
                free(db2);
                free(xml);
        }
}

/* Every command that reads tile files or a database, on a few bad ones: same clear refusal. */
static void test_every_command(void **state)
{
        struct fx *f = *state;
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        char *png = tmp_path(f, "out.png");
        char *xml = small_set("self", "A", "1", " requires=\"self\"");
        char *files[] = {bad_file(f, "empty.xml", "", 0), bad_file(f, "self.xml", xml, strlen(xml)),
                         bad_file(f, "root.xml", "<x/>", 4)};
        free(xml);
        for (size_t i = 0; i < 3; i++) {
                const char *p = files[i];
                assert_names_out(f, run(f, "check", p, NULL), p, 0);
                assert_names(f, run(f, "diff", p, base, NULL), p, 0);
                assert_names(f, run(f, "diff", base, p, NULL), p, 0);
                assert_names(f, run(f, "simulate", "--tiles", p, NULL), p, 0);
                assert_names(f, run(f, "render", "tile", "A", "--tiles", p, "-o", png, NULL), p, 0);
                /* a tile file where a database belongs, and a text file as a layout */
                assert_names(f, run(f, "list", "--db", p, "sets", NULL), p, -1);
                assert_names(f, run(f, "export", "--db", p, "--set", "base", NULL), p, -1);
                assert_names(f, run(f, "check", "--db", p, NULL), p, -1);
                assert_names(f, run(f, "simulate", "--db", p, "--set", "base", NULL), p, -1);
                assert_names(
                    f, run(f, "render", "board", "--tiles", base, "--layout", p, "-o", png, NULL),
                    p, -1);
        }
        for (size_t i = 0; i < 3; i++)
                free(files[i]);
        free(png);
        free(base);
}

/* ------------------------------------------------------------------ layouts */

static void verify_refused(struct fx *f, const char *name, const char *json, int line)
{
        char *p = bad_file(f, name, json, strlen(json));
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        int rc = run(f, "simulate", "--tiles", base, "--verify", p, NULL);
        assert_names(f, rc, p, line);
        free(base);
        free(p);
}

#define LAYOUT_HEAD "{\n  \"seed\": 1,\n  \"sets\": [\"base\"],\n  \"players\": 2,\n"

static void test_layouts(void **state)
{
        struct fx *f = *state;
        /* the head itself is fine: the start tile alone verifies */
        static const char good[] = LAYOUT_HEAD "  \"placements\": [\n"
                                               "    {\"tile\": \"D\", \"x\": 0, \"y\": 0, "
                                               "\"rotation\": 0}\n  ],\n  \"discarded\": []\n}\n";
        char *p = bad_file(f, "good.json", good, strlen(good));
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        int rc = run(f, "simulate", "--tiles", base, "--verify", p, NULL);
        if (rc != 0)
                fprintf(stderr, "%s", f->err);
        assert_int_equal(rc, 0);
        free(p);
        verify_refused(f, "unknown-tile.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"ZZ\", \"x\": 0, \"y\": 0, \"rotation\": 0}\n"
                                   "  ],\n  \"discarded\": []\n}\n",
                       -1);
        verify_refused(f, "unknown-set.json",
                       "{\n  \"seed\": 1,\n  \"sets\": [\"nosuch\"],\n  \"players\": 2,\n"
                       "  \"placements\": [],\n  \"discarded\": []\n}\n",
                       -1);
        /* the start tile and a second one that touches nothing */
        verify_refused(f, "detached.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"D\", \"x\": 0, \"y\": 0, \"rotation\": 0},\n"
                                   "    {\"tile\": \"D\", \"x\": 5, \"y\": 5, \"rotation\": 0}\n"
                                   "  ],\n  \"discarded\": []\n}\n",
                       -1);
        verify_refused(f, "same-cell.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"D\", \"x\": 0, \"y\": 0, \"rotation\": 0},\n"
                                   "    {\"tile\": \"D\", \"x\": 0, \"y\": 0, \"rotation\": 0}\n"
                                   "  ],\n  \"discarded\": []\n}\n",
                       -1);
        /* D's city (east) against D's road side (west after 180°): the sides do not match */
        verify_refused(f, "mismatch.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"D\", \"x\": 0, \"y\": 0, \"rotation\": 0},\n"
                                   "    {\"tile\": \"B\", \"x\": 1, \"y\": 0, \"rotation\": 0}\n"
                                   "  ],\n  \"discarded\": []\n}\n",
                       -1);
        verify_refused(f, "rotation.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"D\", \"x\": 0, \"y\": 0, \"rotation\": 45}\n"
                                   "  ],\n  \"discarded\": []\n}\n",
                       6);
        verify_refused(f, "huge-x.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"D\", \"x\": 99999999999999999999, \"y\": 0, "
                                   "\"rotation\": 0}\n  ],\n  \"discarded\": []\n}\n",
                       6);
        verify_refused(f, "float-x.json",
                       LAYOUT_HEAD "  \"placements\": [\n"
                                   "    {\"tile\": \"D\", \"x\": 1e400, \"y\": 0, "
                                   "\"rotation\": 0}\n  ],\n  \"discarded\": []\n}\n",
                       6);
        verify_refused(f, "truncated.json", LAYOUT_HEAD "  \"placements\": [\n    {\"ti", 0);
        verify_refused(f, "empty.json", "", -1);
        /* invalid UTF-8 in a string of an otherwise correct layout: refused as such */
        static const char *const bad_utf8[] = {
            "\xff", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "\x80"};
        for (size_t i = 0; i < sizeof bad_utf8 / sizeof *bad_utf8; i++) {
                char *json =
                    tkit_xasprintf(LAYOUT_HEAD "  \"placements\": [\n"
                                               "    {\"tile\": \"D%s\", \"x\": 0, \"y\": 0, "
                                               "\"rotation\": 0}\n  ],\n"
                                               "  \"discarded\": []\n}\n",
                                   bad_utf8[i]);
                verify_refused(f, "utf8.json", json, 6);
                assert_non_null(strstr(f->err, "UTF-8"));
                free(json);
        }
        verify_refused(f, "unknown-key.json", "{\n\"seed\": 1, \"sets\": [\"base\"], \"x\": 1}\n",
                       2);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "{\"seed\": ");
        for (int i = 0; i < 100000; i++)
                tkit_buf_puts(&b, "[");
        verify_refused(f, "deep.json", b.data, 1);
        tkit_buf_finish(&b);
        free(base);
}

/* ------------------------------------------------------------------ databases */

static void test_db_not_sqlite(void **state)
{
        struct fx *f = *state;
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        char *db = tmp_path(f, "text.db");
        assert_true(write_all(db, "this is not a database\n"));
        struct snap s = {.bytes = read_all(db, &s.len)};
        int rc = run(f, "import", "--db", db, base, NULL);
        assert_names(f, rc, db, -1);
        size_t len = 0;
        char *now = read_all(db, &len);
        assert_int_equal(len, s.len);
        assert_memory_equal(now, s.bytes, len);
        free(now);
        free(s.bytes);
        /* a tilekit database cut in half (a copy interrupted, a full disk outside tilekit) */
        char *full = base_db(f);
        char *half = tmp_path(f, "half.db");
        size_t flen = 0;
        char *bytes = read_all(full, &flen);
        write_bytes(half, bytes, flen / 2);
        free(bytes);
        take(half, &s);
        assert_names(f, run(f, "import", "--db", half, base, NULL), half, -1);
        assert_unchanged(half, &s);
        assert_names(f, run(f, "list", "--db", half, "sets", NULL), half, -1);
        snap_free(&s);
        free(half);
        free(full);
        /* a directory, a missing directory */
        assert_names(f, run(f, "import", "--db", f->dir, base, NULL), f->dir, -1);
        char *missing = tkit_xasprintf("%s/no/such/dir.db", f->dir);
        assert_names(f, run(f, "import", "--db", missing, base, NULL), missing, -1);
        free(missing);
        /* a SQLite file of some other program */
        char *other = tmp_path(f, "other.db");
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(other, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, "CREATE TABLE notes(x); INSERT INTO notes VALUES (1)",
                                      NULL, NULL, NULL),
                         SQLITE_OK);
        sqlite3_close(h);
        take(other, &s);
        rc = run(f, "import", "--db", other, base, NULL);
        assert_names(f, rc, other, -1);
        assert_unchanged(other, &s);
        snap_free(&s);
        free(other);
        free(db);
        free(base);
}

static void test_db_read_only(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        char *river = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        assert_int_equal(chmod(db, 0444), 0);
        struct snap s;
        take(db, &s);
        f->unprivileged = true; /* root writes read-only files: not the child */
        int rc = run(f, "import", "--db", db, river, NULL);
        f->unprivileged = false;
        assert_names(f, rc, db, -1);
        assert_unchanged(db, &s);
        snap_free(&s);
        free(river);
        free(db);
}

/* `tilekit import` while another connection holds a lock, taken by `hold` (and, with `read`, a
 * row read and kept): refused naming the database and saying `want`, and nothing changed. */
static void import_while_held(struct fx *f, const char *hold, bool read, const char *want)
{
        char *db = base_db(f);
        char *river = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        struct snap s;
        take(db, &s);
        sqlite3 *h = NULL;
        sqlite3_stmt *st = NULL;
        assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
        assert_int_equal(sqlite3_exec(h, hold, NULL, NULL, NULL), SQLITE_OK);
        if (read) {
                assert_int_equal(sqlite3_prepare_v2(h, "SELECT * FROM tiles", -1, &st, NULL),
                                 SQLITE_OK);
                assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        }
        int rc = run(f, "import", "--db", db, river, NULL);
        sqlite3_finalize(st);
        assert_int_equal(sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
        assert_names(f, rc, db, -1);
        if (!strstr(f->err, want))
                fprintf(stderr, "want '%s' in:\n%s", want, f->err);
        assert_non_null(strstr(f->err, want));
        assert_unchanged(db, &s);
        snap_free(&s);
        free(river);
        free(db);
}

/* another writer holds a write transaction (with a change not yet committed) */
static void test_db_locked(void **state)
{
        import_while_held(*state, "BEGIN IMMEDIATE; DELETE FROM tiles", false, "another writer");
}

static void test_db_newer_schema(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        char *river = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
        char *sql = tkit_xasprintf("PRAGMA user_version = %d", TKIT_DB_SCHEMA_VERSION + 1);
        assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(h);
        free(sql);
        struct snap s;
        take(db, &s);
        int rc = run(f, "import", "--db", db, river, NULL);
        assert_names(f, rc, db, -1);
        assert_unchanged(db, &s);
        rc = run(f, "list", "--db", db, "sets", NULL);
        assert_names(f, rc, db, -1);
        assert_unchanged(db, &s);
        snap_free(&s);
        free(river);
        free(db);
}

/* A full disk in the middle of an import (max_page_count is per connection, so through the
 * library): refused naming the database, nothing changed; with room, the same import works. */
static void test_db_full(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        static const char *const names[] = {"river", "castles-bridges", "siege-defense"};
        for (size_t i = 0; i < 3; i++) {
                char *p = tkit_xasprintf("%s/tilesets/%s.xml", f->root, names[i]);
                assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &sets, &d), 0);
                free(p);
        }
        struct snap s;
        take(db, &s);
        struct tkit_db *h = NULL;
        assert_int_equal(tkit_db_open(db, 0, &h, &d), 0);
        sqlite3_stmt *st = NULL;
        assert_int_equal(sqlite3_prepare_v2(tkit_db_handle(h), "PRAGMA page_count", -1, &st, NULL),
                         SQLITE_OK);
        assert_int_equal(sqlite3_step(st), SQLITE_ROW);
        int pages = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
        char *sql = tkit_xasprintf("PRAGMA max_page_count = %d", pages + 2);
        assert_int_equal(tkit_db_exec(h, sql, &d), 0);
        free(sql);
        assert_int_equal(tkit_db_import(h, &sets, &d), TKIT_E_DB);
        assert_true(d.errors > 0);
        assert_non_null(d.v[0].file);
        assert_string_equal(d.v[0].file, db);
        tkit_db_close(h);
        assert_unchanged(db, &s);
        /* with room it works, so the failure above was the disk */
        tkit_diags_clear(&d);
        assert_int_equal(tkit_db_open(db, 0, &h, &d), 0);
        assert_int_equal(tkit_db_import(h, &sets, &d), 0);
        tkit_db_close(h);
        snap_free(&s);
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
        free(db);
}

/* As many tile types as fit in the 16 MiB limit (about 340 000): read in bounded time (the
 * duplicate-id check was quadratic: hours), and a duplicate at the very end is still reported
 * with the line of the first. Through the library, to keep the suite fast. */
static void test_many_tile_types(void **state)
{
        (void)state;
        /* under valgrind or AddressSanitizer (which check memory, not time) a tenth is enough:
         * the plain build checks the time */
        const int NTILES = getenv("TKIT_CHILD_WRAPPER") || UNDER_ASAN ? 34000 : 340000;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"many\">\n");
        for (int i = 0; i < NTILES; i++)
                tkit_buf_printf(&b, "<tile id=\"T%d\">\n <cloister id=\"m\"/></tile>\n", i);
        size_t body = b.len;
        tkit_buf_puts(&b, "</tileset>\n");
        assert_true(b.len <= TKIT_MAX_INPUT_BYTES);
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        assert_int_equal(tkit_read_memory(b.data, b.len, "many.xml", TKIT_FORMAT_NATIVE, &sets, &d),
                         0);
        assert_int_equal(sets.n, 1);
        assert_int_equal(sets.sets[0]->ntiles, NTILES);
        tkit_setlist_finish(&sets);
        /* the same with T7 again at the end */
        b.len = body;
        tkit_buf_puts(&b, "<tile id=\"T7\">\n <cloister id=\"m\"/></tile>\n</tileset>\n");
        assert_int_equal(tkit_read_memory(b.data, b.len, "many.xml", TKIT_FORMAT_NATIVE, &sets, &d),
                         TKIT_E_INVALID);
        assert_int_equal(sets.n, 0);
        assert_int_equal(d.errors, 1);
        assert_string_equal(d.v[0].rule, "ID-DUP");
        /* libxml2 keeps lines above 65535 only on text nodes (XML_PARSE_BIG_LINES); an
         * element's comes from its first text child, here the line after the tag */
        assert_in_range(d.v[0].line, 2 * NTILES + 3, 2 * NTILES + 4);
        assert_non_null(strstr(d.v[0].message, "first at line 17)"));
        tkit_diags_finish(&d);
        tkit_buf_finish(&b);
}

/* ------------------------------------------------------------------ fuzzer crashes */

/* fuzz/fuzz-roundtrip.h: canonical write, native read, same model, same bytes. */
static void round_trip(const struct tkit_setlist *sets)
{
        for (size_t i = 0; i < sets->n; i++) {
                char *why = NULL;
                if (!round_trip_ok(sets->sets[i], &why))
                        fail_msg("set '%s': %s", sets->sets[i]->id, why);
        }
}

/* The checks of the fuzz targets (fuzz/fuzz-*.c), run on one input. */
static void replay_reader(const char *data, size_t len, enum tkit_format fmt, bool import)
{
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        int rc = tkit_read_memory(data, len, "crash.xml", fmt, &sets, &d);
        assert_true((rc == 0) == (d.errors == 0));
        if (rc != 0)
                assert_int_equal(sets.n, 0);
        if (!import) {
                round_trip(&sets);
                char *why = NULL; /* also with no set read: the writer gets none (fuzz-native) */
                if (!jcz_round_trip_ok(&sets, &why))
                        fail_msg("%s", why);
        }
        if (rc == 0 && import) {
                tkit_jcz_link(&sets);
                struct tkit_db *db = NULL;
                assert_int_equal(tkit_db_open(":memory:", TKIT_DB_CREATE | TKIT_DB_MEMORY, &db, &d),
                                 0);
                rc = tkit_db_import(db, &sets, &d);
                assert_int_not_equal(rc, TKIT_E_DB);
                /* refused as invalid: only for a duplicate id, never for a set the reader and
                 * the linker made that the loader would refuse (fuzz-import) */
                if (rc == TKIT_E_INVALID && !fuzz_sets_valid(&sets))
                        fail_msg("the import refused a set the reader accepted:\n%s", data);
                for (size_t i = 0; rc == 0 && i < sets.n; i++) {
                        struct tkit_set *back = NULL;
                        assert_int_equal(tkit_db_load_set(db, sets.sets[i]->id, &back, &d), 0);
                        char *why = NULL;
                        if (!tkit_set_equal(sets.sets[i], back, &why))
                                fprintf(stderr, "import/load differ: %s\n", why);
                        assert_true(tkit_set_equal(sets.sets[i], back, NULL));
                        free(why);
                        tkit_set_destroy(back);
                }
                /* fuzz-import also imports again (replacing) and deletes everything */
                if (rc == 0) {
                        assert_int_equal(tkit_db_import(db, &sets, &d), 0);
                        for (size_t i = 0; i < sets.n; i++)
                                assert_int_equal(tkit_db_delete_set(db, sets.sets[i]->id, &d), 0);
                        char **ids = NULL;
                        size_t n = 0;
                        assert_int_equal(tkit_db_set_ids(db, &ids, &n, &d), 0);
                        assert_int_equal(n, 0);
                        tkit_db_free_ids(ids, n);
                        /* and then the database as input (fuzz/fuzz-dbmutate.h) */
                        char *why = NULL;
                        assert_int_equal(tkit_db_import(db, &sets, &d), 0);
                        if (!mutate_and_load(db, (const uint8_t *)data, len, &why))
                                fail_msg("%s", why);
                }
                tkit_db_close(db);
        }
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
}

static void replay_layout(struct fx *f, const char *data, size_t len)
{
        struct tkit_setlist sets;
        struct tkit_diags d;
        tkit_setlist_init(&sets);
        tkit_diags_init(&d);
        static const char *const names[] = {"base", "river", "castles-bridges", "siege-defense"};
        for (size_t i = 0; i < 4; i++) {
                char *p = tkit_xasprintf("%s/tilesets/%s.xml", f->root, names[i]);
                assert_int_equal(tkit_read_file(p, TKIT_FORMAT_AUTO, &sets, &d), 0);
                free(p);
        }
        for (size_t nsets = 0; nsets <= sets.n; nsets += sets.n) {
                struct tkit_layout *l =
                    tkit_layout_read_json(data, len, "crash.json", sets.sets, nsets, &d);
                if (l) {
                        struct tkit_buf a, b;
                        tkit_buf_init(&a);
                        tkit_buf_init(&b);
                        tkit_layout_write_json(l, &a);
                        struct tkit_layout *l2 = tkit_layout_read_json(a.data, a.len, "again.json",
                                                                       sets.sets, nsets, &d);
                        if (!l2) {
                                tkit_diags_write(&d, stderr, false);
                                fprintf(stderr, "written (%zu sets):\n%.2000s\n", nsets, a.data);
                        }
                        assert_non_null(l2);
                        tkit_layout_write_json(l2, &b);
                        assert_int_equal(a.len, b.len);
                        assert_memory_equal(a.data, b.data, a.len);
                        tkit_layout_destroy(l2);
                        tkit_buf_finish(&a);
                        tkit_buf_finish(&b);
                }
                tkit_layout_destroy(l);
                if (sets.n == 0)
                        break;
        }
        tkit_setlist_finish(&sets);
        tkit_diags_finish(&d);
}

static void test_fuzz_crashes(void **state)
{
        struct fx *f = *state;
        char *dir = tkit_xasprintf("%s/tests/badinput/crashes", f->root);
        DIR *dh = opendir(dir);
        assert_non_null(dh);
        struct dirent *e;
        while ((e = readdir(dh)) != NULL) {
                if (e->d_name[0] == '.' || strcmp(e->d_name, "README") == 0)
                        continue;
                char *p = tkit_xasprintf("%s/%s", dir, e->d_name);
                size_t len = 0;
                char *data = read_all(p, &len);
                assert_non_null(data);
                const char *n = e->d_name;
                if (strncmp(n, "native-", 7) == 0)
                        replay_reader(data, len, TKIT_FORMAT_NATIVE, false);
                else if (strncmp(n, "jcz-", 4) == 0)
                        replay_reader(data, len, TKIT_FORMAT_JCZ, false);
                else if (strncmp(n, "import-", 7) == 0)
                        replay_reader(data, len, TKIT_FORMAT_AUTO, true);
                else if (strncmp(n, "layout-", 7) == 0)
                        replay_layout(f, data, len);
                else
                        fail_msg("%s: name must start with the fuzz target", n);
                free(data);
                free(p);
        }
        closedir(dh);
        free(dir);
        /* the same checks hold on the seeds (and keep every replay path in use) */
        static const char *const seeds[][2] = {
            {"native", "tilesets/siege-defense.xml"},
            {"import", "tilesets/castles-bridges.xml"},
            {"import", "fuzz/seeds/import/siege-defense-changed-2.xml"}, /* changes the db */
            {"layout", "fuzz/seeds/layout/siege-4.json"},
        };
        for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
                char *p = tkit_xasprintf("%s/%s", f->root, seeds[i][1]);
                size_t len = 0;
                char *data = read_all(p, &len);
                assert_non_null(data);
                if (strcmp(seeds[i][0], "layout") == 0)
                        replay_layout(f, data, len);
                else
                        replay_reader(data, len, TKIT_FORMAT_AUTO, seeds[i][0][0] == 'i');
                free(data);
                free(p);
        }
        if (f->external) {
                char *p = tkit_xasprintf("%s/jcloisterzone/river.xml", f->external);
                size_t len = 0;
                char *data = read_all(p, &len);
                assert_non_null(data);
                if (data) {
                        replay_reader(data, len, TKIT_FORMAT_JCZ, false);
                        replay_reader(data, len, TKIT_FORMAT_AUTO, true);
                }
                free(data);
                free(p);
        }
}

/* ================================================================== the database as input
 * (issue 11, items 1 and 7). A database is input like any file: crafted with the SQLite API here,
 * every command that loads sets must refuse it with exit 1, naming the database and the rule,
 * without crashing, hanging or allocating from the bad value. Names under which SQLite keeps
 * nothing are refused; an interrupted writer's hot journal is rolled back (or what to do said);
 * a read-only directory and a reader's lock are named as such. */

/* A database holding base and siege-defense (a set with pieces and posts). */
static char *siege_db(struct fx *f)
{
        char *db = tmp_path(f, "siege.db");
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        char *sd = tkit_xasprintf("%s/tilesets/siege-defense.xml", f->root);
        int rc = run(f, "import", "--quiet", "--db", db, base, sd, NULL);
        if (rc != 0)
                fprintf(stderr, "%s", f->err);
        assert_int_equal(rc, 0);
        free(sd);
        free(base);
        return db;
}

static void db_sql(const char *db, const char *sql)
{
        sqlite3 *h = NULL;
        assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
        int rc = sqlite3_exec(h, sql, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
                fprintf(stderr, "%s: %s\n", sql, sqlite3_errmsg(h));
        assert_int_equal(rc, SQLITE_OK);
        sqlite3_close(h);
}

/* Exit 1, the first line of stderr "DB: error: [RULE] ..." containing `text`. */
static void assert_db_refused(struct fx *f, int rc, const char *db, const char *rule,
                              const char *text)
{
        assert_names(f, rc, db, -1);
        char *want = tkit_xasprintf("%s: error: [%s] ", db, rule);
        size_t first = strcspn(f->err, "\n");
        bool ok = rc == 1 && strncmp(f->err, want, strlen(want)) == 0 && strstr(f->err, text) &&
                  (size_t)(strstr(f->err, text) - f->err) < first;
        if (!ok)
                fprintf(stderr, "exit %d, want 1 and %s...%s, got:\n%.600s\n", rc, want, text,
                        f->err);
        assert_true(ok);
        free(want);
}

struct db_case {
        const char *sql, *rule, *text;
};

static const struct db_case db_cases[] = {
    {"UPDATE pieces SET width = 65536, height = 65536 WHERE piece_id = 'fortress-west'", "DB-VALUE",
     "width 65536 is outside 1..16"},
    {"UPDATE posts SET plain = 2000000000", "DB-VALUE", "plain 2000000000 is outside 0..1000"},
    {"UPDATE tiles SET count = 100000000 WHERE piece_key IS NULL", "COUNT-RANGE",
     "is outside 1..1000"},
    {"UPDATE tiles SET count = 4294967297 WHERE piece_key IS NULL", "DB-VALUE",
     "count 4294967297 is outside"},
    {"UPDATE features SET mask = 65535", "DB-VALUE", "mask 65535 is outside 0..4095"},
    {"UPDATE tiles SET tile_id = tile_id || CAST(x'ff' AS TEXT) WHERE piece_key IS NULL",
     "DB-VALUE", "is not an id"},
    {"UPDATE faces SET max_players = -7", "DB-VALUE", "max_players -7 is outside 0..99"},
};

/* simulate, render tile, render sheet and export on a crafted database. */
static void loaders_refuse(struct fx *f, const char *db, const struct db_case *c, const char *out)
{
        char *png = tkit_xasprintf("%s.png", out), *pdf = tkit_xasprintf("%s.pdf", out);
        assert_db_refused(f, run(f, "simulate", "--db", db, "--set", "siege-defense", NULL), db,
                          c->rule, c->text);
        assert_db_refused(f,
                          run(f, "render", "tile", "fortress-west", "--db", db, "--set",
                              "siege-defense", "-o", png, NULL),
                          db, c->rule, c->text);
        assert_db_refused(
            f, run(f, "render", "sheet", "--db", db, "--set", "siege-defense", "-o", pdf, NULL), db,
            c->rule, c->text);
        assert_db_refused(f,
                          run(f, "export", "--db", db, "--set", "siege-defense", "-o", out, NULL),
                          db, c->rule, c->text);
        free(pdf);
        free(png);
}

/* Commands that load sets from a database, on every crafted case: all of them on the two cases
 * of the issue (a heap overflow, a hang); the loader is the same for all, and valgrind is slow. */
static void test_db_crafted_values(void **state)
{
        struct fx *f = *state;
        char *clean = siege_db(f);
        size_t len = 0;
        char *bytes = read_all(clean, &len);
        char *out = tmp_path(f, "out");
        for (size_t i = 0; i < sizeof db_cases / sizeof *db_cases; i++) {
                const struct db_case *c = &db_cases[i];
                char *db = tmp_path(f, "crafted.db");
                write_bytes(db, bytes, len);
                db_sql(db, c->sql);
                struct snap s;
                take(db, &s);
                assert_db_refused(f, run(f, "list", "sets", "--db", db, NULL), db, c->rule,
                                  c->text);
                assert_db_refused(f, run(f, "check", "--db", db, NULL), db, c->rule, c->text);
                if (i < 2)
                        loaders_refuse(f, db, c, out);
                assert_unchanged(db, &s);
                snap_free(&s);
                free(db);
        }
        /* the same file untouched is fine: the refusals were about the crafted values */
        assert_int_equal(run(f, "export", "--db", clean, "--set", "siege-defense", "-o", out, NULL),
                         0);
        free(out);
        free(bytes);
        free(clean);
}

static void test_db_crafted_schema_version(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        db_sql(db, "PRAGMA user_version = -1");
        struct snap s;
        take(db, &s);
        int rc = run(f, "list", "sets", "--db", db, NULL);
        assert_names(f, rc, db, -1);
        assert_non_null(strstr(f->err, "schema version -1 is not a version"));
        char *river = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        assert_names(f, run(f, "import", "--db", db, river, NULL), db, -1);
        assert_unchanged(db, &s);
        snap_free(&s);
        free(river);
        free(db);
}

/* ':memory:', '' and file: URIs kept nothing while import and simulate --store said they had. */
static void test_db_names_that_keep_nothing(void **state)
{
        struct fx *f = *state;
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        char *uri = tkit_xasprintf("file:%s/x.db?mode=memory", f->dir);
        const char *names[] = {":memory:", "", uri, "file::memory:"};
        for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
                int rc = run(f, "import", "--db", names[i], base, NULL);
                assert_names(f, rc, names[i], -1);
                rc = run(f, "simulate", "--store", "--db", names[i], "--tiles", base, NULL);
                assert_names(f, rc, names[i], -1);
                assert_non_null(strstr(f->err, "name a file"));
        }
        char *x = tkit_xasprintf("%s/x.db", f->dir);
        assert_int_equal(access(x, F_OK), -1);
        free(x);
        free(uri);
        free(base);
}

/* A writer killed in the middle of a transaction (SIGINT during import or simulate --store)
 * leaves a hot journal that a read-only connection cannot roll back. */
static void interrupted_writer(const char *db)
{
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
                sqlite3 *h = NULL;
                /* a one-page cache writes the change into the file before any commit */
                if (sqlite3_open(db, &h) != SQLITE_OK ||
                    sqlite3_exec(h, "PRAGMA cache_size = 1; BEGIN; DELETE FROM features;", NULL,
                                 NULL, NULL) != SQLITE_OK)
                        _exit(1);
                raise(SIGKILL);
        }
        int status = 0;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        assert_true(WIFSIGNALED(status));
        char *journal = tkit_xasprintf("%s-journal", db);
        assert_int_equal(access(journal, F_OK), 0);
        free(journal);
}

static void test_db_hot_journal(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        char *want = dump_file(db, DUMP_KEEP_TIME);
        interrupted_writer(db);
        /* who may not write the file is told what to do, and nothing changes */
        assert_int_equal(chmod(db, 0444), 0);
        size_t len0 = 0, len1 = 0;
        char *before = read_all(db, &len0);
        f->unprivileged = true;
        int rc = run(f, "list", "sets", "--db", db, NULL);
        f->unprivileged = false;
        assert_names(f, rc, db, -1);
        assert_non_null(strstr(f->err, "hot journal"));
        assert_non_null(strstr(f->err, "as a user who may write"));
        assert_null(strstr(f->err, "attempt to write a readonly database"));
        char *after = read_all(db, &len1);
        assert_int_equal(len0, len1);
        assert_memory_equal(before, after, len0);
        /* who may, reads: the interrupted transaction is rolled back on the way */
        assert_int_equal(chmod(db, 0644), 0);
        rc = run(f, "list", "sets", "--db", db, NULL);
        if (rc != 0)
                fprintf(stderr, "%s", f->err);
        assert_int_equal(rc, 0);
        char *journal = tkit_xasprintf("%s-journal", db);
        assert_int_equal(access(journal, F_OK), -1);
        char *now = dump_file(db, DUMP_KEEP_TIME);
        assert_string_equal(want, now);
        free(now);
        free(journal);
        free(after);
        free(before);
        free(want);
        free(db);
}

/* A writable file in a read-only directory: SQLite cannot create its journal. */
static void test_db_read_only_directory(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        char *sub = tmp_path(f, "ro");
        assert_int_equal(mkdir(sub, 0755), 0);
        char *inside = tkit_xasprintf("%s/base.db", sub);
        assert_int_equal(rename(db, inside), 0);
        assert_int_equal(chmod(inside, 0666), 0);
        assert_int_equal(chmod(sub, 0555), 0);
        struct snap s;
        take(inside, &s);
        char *river = tkit_xasprintf("%s/tilesets/river.xml", f->root);
        f->unprivileged = true;
        int rc = run(f, "import", "--db", inside, river, NULL);
        f->unprivileged = false;
        assert_names(f, rc, inside, -1);
        char *want = tkit_xasprintf("the directory '%s' is read-only", sub);
        if (!strstr(f->err, want))
                fprintf(stderr, "%s", f->err);
        assert_non_null(strstr(f->err, want));
        assert_unchanged(inside, &s);
        chmod(sub, 0755);
        snap_free(&s);
        free(want);
        free(river);
        free(inside);
        free(sub);
        free(db);
}

/* A connection that only reads holds up an import's commit: not "another writer". */
static void test_db_locked_by_reader(void **state)
{
        struct fx *f = *state;
        import_while_held(f, "BEGIN", true, "still reading");
        assert_null(strstr(f->err, "writer"));
}
/* ================================================================== end of the database as input
 */

/* ================================================================== issue 11, command line
 * (helper h11cli): outputs, the exit-code table, --set duplicates. Run through tkit_run so that
 * the valgrind setup checks the children on these paths too; tests/cli/test-cli-io.sh has the
 * full list. */

static void test_cli_exit_table(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f);
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        char *png = tmp_path(f, "none.png");
        struct snap s;
        take(db, &s);
        /* a read-only database to store findings in: 2, as import gives */
        assert_int_equal(chmod(db, 0444), 0);
        f->unprivileged = true;
        int rc = run(f, "check", "--db", db, "--set", "base", NULL);
        f->unprivileged = false;
        assert_int_equal(rc, 2);
        assert_non_null(strstr(f->err, db));
        assert_int_equal(chmod(db, 0644), 0);
        /* an output that is the database: refused, exit 2, the database as it was */
        rc = run(f, "export", "--db", db, "--set", "base", "-o", db, NULL);
        assert_int_equal(rc, 2);
        assert_names(f, rc, db, -1);
        assert_unchanged(db, &s);
        /* a layout that cannot be opened: 2 from both commands that read layouts */
        assert_int_equal(run(f, "simulate", "--db", db, "--set", "base", "--verify",
                             "/nonexistent/l.json", NULL),
                         2);
        assert_names(f, 2, "/nonexistent/l.json", -1);
        assert_int_equal(
            run(f, "render", "board", "--layout", "/nonexistent/l.json", "-o", png, NULL), 2);
        assert_names(f, 2, "/nonexistent/l.json", -1);
        /* a missing set: 1 from diff and bench too */
        assert_int_equal(run(f, "diff", "--db", db, "db:nope", base, NULL), 1);
        assert_int_equal(run(f, "bench", "--tiles", base, "--base", "nope", "--games", "1", NULL),
                         1);
        /* a full device: 1, with the reason */
        assert_int_equal(run(f, "export", "--db", db, "--set", "base", "-o", "/dev/full", NULL), 1);
        assert_non_null(strstr(f->err, "/dev/full: error: cannot write: No space left on device"));
        /* --set duplicates: refused before anything is read; a set read twice: ID-DUP */
        assert_int_equal(run(f, "simulate", "--db", db, "--set", "base,base", NULL), 2);
        assert_int_equal(
            run(f, "render", "sheet", "--db", db, "--set", "base,base", "-o", png, NULL), 2);
        assert_true(access(png, F_OK) != 0);
        rc = run(f, "check", base, base, NULL);
        assert_int_equal(rc, 1);
        assert_non_null(strstr(f->out, "[ID-DUP] set 'base' is given twice"));
        /* the same file twice for render too: ID-DUP, 1, nothing written */
        assert_int_equal(
            run(f, "render", "tile", "--tiles", base, "--tiles", base, "D", "-o", png, NULL), 1);
        assert_true(access(png, F_OK) != 0);
        assert_unchanged(db, &s);
        snap_free(&s);
        free(png);
        free(base);
        free(db);
}

/* ================================================================== end of issue 11, command line
 */
/* ================================================================== issue 11 (library side)
 * Repeated sets in a layout, the per-file limit of the diagnostics sink, long ids, strict
 * JCloisterZone values. Kept together here so that other blocks can be appended after it. */

/* Diagnostics of a run stay within the sink's limit: TKIT_DIAGS_LIMIT lines of about 200 bytes
 * per file, and the note that says how many more there were. */
#define ISSUE11_MAX_OUTPUT (TKIT_DIAGS_LIMIT * 400 + 4096)

static void test_issue11_layout_set_twice(void **state)
{
        struct fx *f = *state;
        /* the layout reader refuses it, at the line of the second one */
        verify_refused(
            f, "set-twice.json",
            "{\n  \"seed\": 1,\n  \"sets\": [\"base\",\n  \"base\"],\n  \"players\": 2,\n"
            "  \"placements\": [],\n  \"discarded\": []\n}\n",
            4);
        assert_non_null(strstr(f->err, "listed twice"));
}

static void test_issue11_one_cell_many_times(void **state)
{
        struct fx *f = *state;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, LAYOUT_HEAD "  \"placements\": [\n");
        int n = getenv("TKIT_CHILD_WRAPPER") ? 2000 : 20000;
        for (int i = 0; i < n; i++)
                tkit_buf_printf(&b, "%s    {\"tile\": \"B\", \"x\": 0, \"y\": 0, \"rotation\": 0}",
                                i ? ",\n" : "");
        tkit_buf_puts(&b, "\n  ],\n  \"discarded\": []\n}\n");
        char *p = bad_file(f, "one-cell.json", b.data, b.len);
        char *base = tkit_xasprintf("%s/tilesets/base.xml", f->root);
        int rc = run(f, "simulate", "--tiles", base, "--verify", p, NULL);
        assert_int_equal(rc, 1);
        assert_true(strncmp(f->err, p, strlen(p)) == 0);
        assert_true(strlen(f->err) < ISSUE11_MAX_OUTPUT);
        assert_non_null(strstr(f->err, "more findings not shown"));
        assert_null(strstr(f->err, "SIM-DETACHED")); /* a used cell is not also detached */
        free(base);
        free(p);
        tkit_buf_finish(&b);
}

static void test_issue11_check_many_findings(void **state)
{
        struct fx *f = *state;
        char *xml = tkit_test_many_findings_set(1000);
        char *p = bad_file(f, "many-findings.xml", xml, strlen(xml));
        int rc = run(f, "check", p, NULL);
        assert_int_equal(rc, 1);
        assert_true(strlen(f->out) < ISSUE11_MAX_OUTPUT);
        /* 1000 GEO-COVER errors and, the tiles being of one type, 999 TYPE-DUP warnings */
        char *note =
            tkit_xasprintf("%s: note: %d more findings not shown (%d errors, 999 warnings)", p,
                           1999 - TKIT_DIAGS_LIMIT, 1000 - TKIT_DIAGS_LIMIT);
        if (!strstr(f->out, note))
                fprintf(stderr, "%.2000s\n", f->out + strlen(f->out) / 2);
        assert_non_null(strstr(f->out, note));
        assert_non_null(strstr(f->err, "1000 errors")); /* every one is counted */
        free(note);
        free(p);
        free(xml);
}

/* A 2 MiB id in a JCloisterZone <ref> to nowhere: JCZ-REF is an error and quotes a bounded
 * part of it. */
static void test_issue11_long_ref(void **state)
{
        struct fx *f = *state;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(
            &b, "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n"
                "<tile id=\"T/L\"><monastery/><field>NL NR EL ER SL SR WL WR</field></tile>\n"
                "</tiles>\n<sets>\n<tile-set id=\"fx:1\">\n<ref tile=\"T/L\"/>\n<ref tile=\"");
        for (int i = 0; i < (2 << 20); i++)
                tkit_buf_add(&b, "x", 1);
        tkit_buf_puts(&b, "\"/>\n</tile-set>\n</sets>\n</defs>\n");
        char *p = bad_file(f, "long-ref.xml", b.data, b.len);
        int rc = run(f, "check", p, NULL);
        assert_int_equal(rc, 1);
        assert_non_null(strstr(f->out, "error: [JCZ-REF]"));
        assert_non_null(strstr(f->out, "give the file that defines"));
        assert_true(strlen(f->out) < MAX_STDERR);
        assert_true(strlen(f->err) < MAX_STDERR);
        free(p);
        tkit_buf_finish(&b);
}

static void test_issue11_jcz_misspelled(void **state)
{
        struct fx *f = *state;
        static const char jcz[] = "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n<tile id=\"T/C\">\n"
                                  "<city besieged=\"maybe\">N</city>\n"
                                  "<field city=\"N\">EL ER SL SR WL WR</field>\n</tile>\n"
                                  "</tiles>\n</defs>\n";
        char *p = bad_file(f, "besieged-maybe.xml", jcz, strlen(jcz));
        int rc = run(f, "check", p, NULL);
        assert_int_equal(rc, 1);
        char *want = tkit_xasprintf("%s:5: error: [XML-VALUE]", p);
        assert_non_null(strstr(f->out, want));
        assert_non_null(strstr(f->out, "besieged=\"maybe\""));
        free(want);
        free(p);
}

/* ================================================================== end of issue 11 block */

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_small_set_is_valid),
            cmocka_unit_test(test_empty_truncated),
            cmocka_unit_test(test_encoding),
            cmocka_unit_test(test_deep_nesting),
            cmocka_unit_test(test_megabyte_attributes),
            cmocka_unit_test(test_entities),
            cmocka_unit_test(test_counts),
            cmocka_unit_test(test_odd_ids),
            cmocka_unit_test(test_jcz),
            cmocka_unit_test(test_jcz_many_tiles),
            cmocka_unit_test(test_jcz_odd_file_name),
            cmocka_unit_test(test_every_command),
            cmocka_unit_test(test_layouts),
            cmocka_unit_test(test_db_not_sqlite),
            cmocka_unit_test(test_db_read_only),
            cmocka_unit_test(test_db_locked),
            cmocka_unit_test(test_db_newer_schema),
            cmocka_unit_test(test_db_full),
            cmocka_unit_test(test_many_tile_types),
            cmocka_unit_test(test_fuzz_crashes),
            /* the database as input */
            cmocka_unit_test(test_db_crafted_values),
            cmocka_unit_test(test_db_crafted_schema_version),
            cmocka_unit_test(test_db_names_that_keep_nothing),
            cmocka_unit_test(test_db_hot_journal),
            cmocka_unit_test(test_db_read_only_directory),
            cmocka_unit_test(test_db_locked_by_reader),
            cmocka_unit_test(test_cli_exit_table), /* issue 11, command line */
            /* issue 11 (library side) */
            cmocka_unit_test(test_issue11_layout_set_twice),
            cmocka_unit_test(test_issue11_one_cell_many_times),
            cmocka_unit_test(test_issue11_check_many_findings),
            cmocka_unit_test(test_issue11_long_ref),
            cmocka_unit_test(test_issue11_jcz_misspelled),
        };
        return cmocka_run_group_tests(tests, setup, teardown);
}
