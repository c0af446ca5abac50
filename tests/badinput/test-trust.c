/* Issue 21, end to end: the real `tilekit` binary where trust was still missing. A failed write
 * cuts no output short (a full tmpfs, written in place), symbolic links in shared directories,
 * odd files as the database, attribute floods, writers that check their readers' limits, the
 * JCloisterZone export of markers it cannot carry, every finding stored, JSON from odd file
 * names, temporary files on SIGTERM, usage errors that quote arguments safely, standard input and
 * exit codes in every command, and children that run without root's power over file modes.
 *
 * Every child runs through tkit_run() (tests/support). Environment: TILEKIT (the binary),
 * TKIT_SOURCE_ROOT, TMPDIR. Tests that need to mount a small tmpfs skip, saying so, only where
 * mounting is impossible (not root, or no privilege). */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "formats/tkit-formats.h"
#include "model/tkit-model.h"
#include "tkit-test.h"

struct fx {
        char *dir; /* a fresh directory, mode 0755 */
        const char *tk, *root;
        struct tkit_run r;
        char *mnt; /* a tmpfs mounted here by the test, unmounted by teardown */
};

static int setup(void **state)
{
        struct fx *f = tkit_xcalloc(1, sizeof *f);
        f->tk = getenv("TILEKIT");
        f->root = getenv("TKIT_SOURCE_ROOT");
        f->dir = make_temp_dir();
        if (!f->tk || !f->root || !f->dir)
                return -1;
        chmod(f->dir, 0755);
        *state = f;
        return 0;
}

static int teardown(void **state)
{
        struct fx *f = *state;
        if (f->mnt) {
                umount2(f->mnt, MNT_DETACH);
                free(f->mnt);
        }
        remove_tree(f->dir);
        free(f->dir);
        tkit_run_finish(&f->r);
        free(f);
        return 0;
}

static char *path_in(struct fx *f, const char *name)
{
        return tkit_xasprintf("%s/%s", f->dir, name);
}

static char *src(struct fx *f, const char *rel)
{
        return tkit_xasprintf("%s/%s", f->root, rel);
}

/* Runs `tilekit ARGS...` (NULL-terminated) through tkit_run(); f->r holds the output. */
static int tk(struct fx *f, ...)
{
        va_list ap;
        va_start(ap, f);
        int rc = tkit_run_vargs(&f->r, f->tk, ap);
        va_end(ap);
        return rc;
}

static void write_text(const char *path, const char *text)
{
        assert_true(write_all(path, text));
}

/* A database holding the base set. */
static char *base_db(struct fx *f, const char *dir)
{
        char *db = tkit_xasprintf("%s/base.db", dir);
        char *base = src(f, "tilesets/base.xml");
        tkit_run_expect(&f->r, tk(f, "import", "--quiet", "--db", db, base, NULL), 0);
        free(base);
        return db;
}

/* Mounts a tmpfs of `size` (e.g. "64k") on a new directory `name` (mode 1777); skips the test,
 * saying why, when this process may not mount. */
static char *small_disk(struct fx *f, const char *name, const char *size)
{
        char *m = path_in(f, name);
        assert_int_equal(mkdir(m, 0755), 0);
        char *opts = tkit_xasprintf("size=%s,mode=1777", size);
        int rc = mount("tkit-test", m, "tmpfs", MS_NOSUID | MS_NODEV, opts);
        int err = errno;
        free(opts);
        if (rc != 0) {
                char *why = tkit_xasprintf("cannot mount a tmpfs (%s): a full disk cannot be "
                                           "made here (run the tests as root)",
                                           strerror(err));
                rmdir(m);
                free(m);
                tkit_test_skip(why);
        }
        f->mnt = tkit_xstrdup(m);
        return m;
}

/* Fills the file system holding `dir` to the last block. */
static void fill(const char *dir)
{
        char *p = tkit_xasprintf("%s/fill", dir);
        int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        assert_true(fd >= 0);
        char block[4096] = {0};
        while (write(fd, block, sizeof block) > 0)
                ;
        while (write(fd, block, 1) > 0)
                ;
        close(fd);
        free(p);
}

/* ================================================================== item 1: in place, full disk */

/* An output with two names on a full disk: nothing is cut short, both names keep the old bytes
 * (before: "No space left on device" and 4 096 bytes of cut XML under both names). With room,
 * both names get the whole output. */
static void test_in_place_hard_links_full_disk(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f, f->dir);
        char *m = small_disk(f, "disk", "64k");
        char *out = tkit_xasprintf("%s/out.xml", m), *other = tkit_xasprintf("%s/b.xml", m);
        write_text(out, "<old/>\n");
        assert_int_equal(link(out, other), 0);
        fill(m);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", out, NULL), 1);
        tkit_test_has(f->r.err, "cannot be reserved");
        tkit_test_has(f->r.err, "several hard links");
        for (int i = 0; i < 2; i++) {
                char *now = read_all(i ? other : out, NULL);
                assert_string_equal(now, "<old/>\n");
                free(now);
        }
        struct stat st;
        assert_int_equal(stat(out, &st), 0);
        assert_int_equal(st.st_nlink, 2);
        /* with room: written in place, both names see the whole output */
        char *fillp = tkit_xasprintf("%s/fill", m);
        unlink(fillp);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", out, NULL), 0);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", NULL), 0);
        char *b = read_all(other, NULL);
        assert_string_equal(b, f->r.out);
        free(b);
        free(fillp);
        free(out);
        free(other);
        free(m);
        free(db);
}

/* A writable file in a directory where no temporary file can be made, on a full disk: the same
 * (the child runs without root's power over modes, so the directory's 0555 holds for it). */
static void test_in_place_no_temp_full_disk(void **state)
{
        struct fx *f = *state;
        char *db = base_db(f, f->dir);
        char *m = small_disk(f, "disk", "64k");
        char *sub = tkit_xasprintf("%s/ro", m);
        assert_int_equal(mkdir(sub, 0755), 0);
        char *out = tkit_xasprintf("%s/out.xml", sub);
        write_text(out, "<old/>\n");
        assert_int_equal(chmod(out, 0666), 0);
        assert_int_equal(chmod(sub, 0555), 0);
        fill(m);
        f->r.unprivileged = true;
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", out, NULL), 1);
        f->r.unprivileged = false;
        tkit_test_has(f->r.err, "no temporary file can be made");
        char *now = read_all(out, NULL);
        assert_string_equal(now, "<old/>\n");
        free(now);
        chmod(sub, 0755);
        free(out);
        free(sub);
        free(m);
        free(db);
}

/* ================================================================== item 2: protected symlinks */

/* Skips unless root: only root can plant a link owned by someone else. */
static void need_root(void)
{
        if (geteuid() != 0)
                tkit_test_skip("a symbolic link owned by another user can only be made as root");
}

static void test_protected_symlinks(void **state)
{
        struct fx *f = *state;
        need_root();
        char *db = base_db(f, f->dir);
        char *shared = path_in(f, "shared"), *secret = path_in(f, "secret");
        assert_int_equal(mkdir(shared, 0755), 0);
        assert_int_equal(chmod(shared, 01777), 0);
        write_text(secret, "root only\n");
        assert_int_equal(chmod(secret, 0600), 0);
        /* planted by user nobody: refused, exit 2, the file it points to unchanged */
        char *planted = tkit_xasprintf("%s/out.xml", shared);
        assert_int_equal(symlink(secret, planted), 0);
        assert_int_equal(lchown(planted, 65534, 65534), 0);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", planted, NULL),
                        2);
        tkit_test_has(f->r.err, "will not follow the symbolic link");
        tkit_test_has(f->r.err, "protected_symlinks");
        char *now = read_all(secret, NULL);
        assert_string_equal(now, "root only\n");
        free(now);
        /* the same through a planted directory link on the way */
        char *dirlink = tkit_xasprintf("%s/d", shared), *via = tkit_xasprintf("%s/d/x.xml", shared);
        assert_int_equal(symlink(f->dir, dirlink), 0);
        assert_int_equal(lchown(dirlink, 65534, 65534), 0);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", via, NULL), 2);
        char *x = path_in(f, "x.xml");
        assert_int_not_equal(access(x, F_OK), 0);
        /* a link of one's own is followed (the file it points to is replaced) */
        char *mine = tkit_xasprintf("%s/mine.xml", shared), *target = path_in(f, "target.xml");
        write_text(target, "<old/>\n");
        assert_int_equal(symlink(target, mine), 0);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", mine, NULL), 0);
        now = read_all(target, NULL);
        tkit_test_has(now, "<tileset");
        free(now);
        /* and one of the directory's owner: the directory belongs to nobody, so does the link */
        assert_int_equal(chown(shared, 65534, 65534), 0);
        tkit_run_expect(&f->r, tk(f, "export", "--db", db, "--set", "base", "-o", planted, NULL),
                        0);
        now = read_all(secret, NULL);
        tkit_test_has(now, "<tileset");
        free(now);
        free(mine);
        free(target);
        free(x);
        free(dirlink);
        free(via);
        free(planted);
        free(shared);
        free(secret);
        free(db);
}

/* ================================================================== item 5: the database */

static void test_db_not_a_file(void **state)
{
        struct fx *f = *state;
        char *fifo = path_in(f, "fifo.db"), *scene = src(f, "scenes/cb-example-2.xml");
        char *out = path_in(f, "out.xml"), *base = src(f, "tilesets/base.xml");
        assert_int_equal(mkfifo(fifo, 0644), 0);
        f->r.timeout = 30; /* before: every one of these waited forever for a writer */
        tkit_run_expect(&f->r, tk(f, "list", "sets", "--db", fifo, NULL), 2);
        tkit_test_has(f->r.err, "it is a FIFO, not a file");
        tkit_run_expect(&f->r, tk(f, "export", "--db", fifo, "--set", "base", "-o", out, NULL), 2);
        tkit_run_expect(&f->r, tk(f, "score", "--db", fifo, scene, NULL), 2);
        tkit_run_expect(&f->r, tk(f, "check", "--db", fifo, "--set", "base", NULL), 2);
        tkit_run_expect(&f->r, tk(f, "import", "--db", fifo, base, NULL), 2);
        tkit_run_expect(&f->r, tk(f, "simulate", "--db", fifo, "--set", "base", NULL), 2);
        tkit_test_has(f->r.err, fifo);
        /* a character device: refused, and no NAME-journal made beside it */
        char *dev = path_in(f, "dev.db"), *journal = path_in(f, "dev.db-journal");
        if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) == 0) {
                tkit_run_expect(&f->r, tk(f, "import", "--db", dev, base, NULL), 2);
                tkit_test_has(f->r.err, "character device");
                tkit_run_expect(&f->r, tk(f, "list", "sets", "--db", dev, NULL), 2);
                assert_int_not_equal(access(journal, F_OK), 0);
        } else {
                assert_int_equal(errno, EPERM); /* not root: /dev/null stands in, read only */
                tkit_run_expect(&f->r, tk(f, "list", "sets", "--db", "/dev/null", NULL), 2);
                tkit_test_has(f->r.err, "character device");
        }
        /* a journal that is a FIFO: refused too, before SQLite would open it */
        char *db = base_db(f, f->dir), *j = tkit_xasprintf("%s-journal", db);
        assert_int_equal(mkfifo(j, 0644), 0);
        tkit_run_expect(&f->r, tk(f, "list", "sets", "--db", db, NULL), 2);
        tkit_test_has(f->r.err, "journal");
        f->r.timeout = 0;
        free(j);
        free(db);
        free(dev);
        free(journal);
        free(fifo);
        free(scene);
        free(out);
        free(base);
}

/* ================================================================== item 4: attribute floods */

/* `head` + n attributes + `tail` into a file. */
static char *attributes_file(struct fx *f, const char *name, const char *head, int n,
                             const char *tail)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, head);
        for (int i = 0; i < n; i++)
                tkit_buf_printf(&b, "%sa%d=\"%d\"", i % 8 ? " " : "\n  ", i, i);
        tkit_buf_puts(&b, tail);
        char *p = path_in(f, name);
        write_text(p, b.data);
        tkit_buf_finish(&b);
        return p;
}

static void test_attribute_limit(void **state)
{
        struct fx *f = *state;
        static const struct {
                const char *name, *head, *tail, *cmd, *rule;
        } kinds[] = {
            {"set.xml", "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"a\"",
             ">\n</tileset>\n", "check", "[XML-LIMIT]"},
            {"jcz.xml", "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n<tile id=\"A/B\"",
             "/>\n</tiles>\n</defs>\n", "check", "[XML-LIMIT]"},
            {"scene.xml", "<?xml version=\"1.0\"?>\n<scene format=\"1\" id=\"a\"", ">\n</scene>\n",
             "scene", "[SCENE-LIMIT]"},
        };
        for (size_t i = 0; i < 3; i++) {
                char *p = attributes_file(f, kinds[i].name, kinds[i].head,
                                          (int)TKIT_MAX_XML_ATTRIBUTES + 1, kinds[i].tail);
                int rc = strcmp(kinds[i].cmd, "check") == 0 ? tk(f, "check", p, NULL)
                                                            : tk(f, "scene", "check", p, NULL);
                tkit_run_expect(&f->r, rc, 1);
                const char *text = strcmp(kinds[i].cmd, "check") == 0 ? f->r.out : f->r.err;
                char *want = tkit_xasprintf("%s:%d: error: %s <", p, i == 1 ? 4 : 2, kinds[i].rule);
                tkit_test_has(text, want);
                tkit_test_has(text, "more than 256 attributes");
                free(want);
                /* at the limit: read, and refused for what the attributes are, not their number */
                free(p);
                p = attributes_file(f, kinds[i].name, kinds[i].head, 250, kinds[i].tail);
                rc = strcmp(kinds[i].cmd, "check") == 0 ? tk(f, "check", p, NULL)
                                                        : tk(f, "scene", "check", p, NULL);
                assert_null(strstr(f->r.out, "more than 256 attributes"));
                assert_null(strstr(f->r.err, "more than 256 attributes"));
                free(p);
        }
        /* 100 000 attributes (40 s in libxml2 2.9 before): refused at once */
        char *p = attributes_file(f, "huge.xml", kinds[0].head, 100000, kinds[0].tail);
        char *db = path_in(f, "x.db");
        f->r.timeout = 30;
        tkit_run_expect(&f->r, tk(f, "import", "--db", db, p, NULL), 1);
        assert_int_not_equal(access(db, F_OK), 0);
        free(db);
        f->r.timeout = 0;
        tkit_test_has(f->r.err, "[XML-LIMIT]");
        free(p);
}

/* ================================================================== item 6: writers and readers */

/* A layout of 11 000 tiles (each type fits anywhere): `scene from-layout` refuses to write a
 * scene `scene check` would refuse (before: written, exit 0, then SCENE-LIMIT on reading). */
static void test_scene_writer_limit(void **state)
{
        struct fx *f = *state;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<tileset format=\"1\" id=\"big\" edition=\"1st\">\n"
                          "  <name lang=\"en\">Big</name>\n");
        for (int i = 0; i < 11; i++)
                tkit_buf_printf(&b,
                                "  <tile id=\"T%d\" count=\"1000\"%s><cloister id=\"m\"/>"
                                "<field id=\"f\" at=\"N E S W\"/></tile>\n",
                                i, i ? "" : " start=\"yes\"");
        tkit_buf_puts(&b, "</tileset>\n");
        char *set = path_in(f, "big.xml"), *layout = path_in(f, "big.json");
        char *scene = path_in(f, "big-scene.xml");
        write_text(set, b.data);
        tkit_buf_finish(&b);
        tkit_run_expect(
            &f->r, tk(f, "simulate", "--tiles", set, "--seed", "1", "--json", layout, NULL), 0);
        tkit_run_expect(
            &f->r, tk(f, "scene", "from-layout", layout, "--tiles", set, "-o", scene, NULL), 1);
        tkit_test_has(f->r.err, "[SCENE-LIMIT]");
        tkit_test_has(f->r.err, "more than 10000 tiles");
        assert_int_not_equal(access(scene, F_OK), 0);
        free(set);
        free(layout);
        free(scene);
}

/* ================================================================== item 8: JCloisterZone markers
 */

static void test_jcz_markers_it_cannot_carry(void **state)
{
        struct fx *f = *state;
        char *set = path_in(f, "markers.xml"), *out = path_in(f, "jcz.xml");
        write_text(set, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<tileset format=\"1\" id=\"g\" edition=\"1st\">\n"
                        "  <name lang=\"en\">Markers</name>\n"
                        "  <tile id=\"A\" count=\"2\">\n"
                        "    <cloister id=\"m\"/>\n"
                        "    <road id=\"r\" at=\"S\" end=\"cloister\">\n"
                        "      <marker name=\"tunnel\" value=\"maybe\"/>\n"
                        "    </road>\n"
                        "    <field id=\"f\" at=\"N E S W\"/>\n"
                        "    <marker name=\"group\" value=\"x\"/>\n"
                        "  </tile>\n"
                        "</tileset>\n");
        tkit_run_expect(&f->r, tk(f, "check", set, NULL), 0);
        /* before: "the JCloisterZone output does not read back as written ... (a bug in
         * tilekit)", exit 1, no file name */
        tkit_run_expect(&f->r, tk(f, "export", "--format", "jcz", "--tiles", set, "-o", out, NULL),
                        0);
        char *want = tkit_xasprintf("%s:4: warning: [JCZ-LOSSY] tile A:", set);
        tkit_test_has(f->r.err, want);
        tkit_test_has(f->r.err, "marker group=\"x\"");
        tkit_test_has(f->r.err, "marker tunnel=\"maybe\"");
        tkit_run_expect(&f->r, tk(f, "check", out, NULL), 0);
        tkit_run_expect(
            &f->r, tk(f, "export", "--format", "jcz", "--werror", "--tiles", set, "-o", out, NULL),
            1);
        free(want);
        free(set);
        free(out);
}

/* ================================================================== item 9: every finding stored
 */

static void test_findings_all_stored(void **state)
{
        struct fx *f = *state;
        char *xml = tkit_test_many_findings_set(1000);
        char *set = path_in(f, "many.xml"), *db = path_in(f, "many.db");
        write_text(set, xml);
        free(xml);
        tkit_run_expect(&f->r, tk(f, "import", "--quiet", "--db", db, set, NULL), 0);
        tkit_run_expect(&f->r, tk(f, "check", "--db", db, "--set", "many", NULL), 1);
        tkit_test_has(f->r.err, "1000 errors, 999 warnings");
        tkit_test_has(f->r.out, "more findings not shown"); /* the output stays bounded */
        /* before: 100 rows */
        assert_int_equal(query_long(db, "SELECT count(*) FROM findings WHERE severity = 'error'"),
                         1000);
        assert_int_equal(query_long(db, "SELECT count(*) FROM findings WHERE severity = 'warning'"),
                         999);
        free(set);
        free(db);
}

/* ================================================================== item 10: JSON from odd names
 */

static void assert_utf8(const char *s)
{
        if (!tkit_text_valid(s, strlen(s)))
                fail_msg("not UTF-8:\n%.2000s", s);
}

static void test_json_strict(void **state)
{
        struct fx *f = *state;
        char *set = tkit_xasprintf("%s/bad\xff\xfe.xml", f->dir);
        char *scene = tkit_xasprintf("%s/scene\xff.xml", f->dir);
        char *bad = src(f, "tests/rules/fixtures/GEO-CROSS.bad.xml");
        char *good = src(f, "scenes/cb-example-2.xml");
        char *text = read_all(bad, NULL);
        write_text(set, text);
        free(text);
        text = read_all(good, NULL);
        write_text(scene, text);
        free(text);
        tkit_run_expect(&f->r, tk(f, "check", "--json", set, NULL), 1);
        assert_utf8(f->r.out);
        tkit_test_has(f->r.out, "bad\\ufffd\\ufffd.xml");
        tkit_run_expect(&f->r, tk(f, "score", "--json", scene, NULL), 0);
        assert_utf8(f->r.out);
        tkit_test_has(f->r.out, "scene\\ufffd.xml");
        free(set);
        free(scene);
        free(bad);
        free(good);
}

/* ================================================================== item 11: small ones */

/* SIGTERM while a picture is drawn: the temporary file goes (before: .tkit-XXXXXX stayed). */
struct watch {
        int fd;
        bool seen;
};

static void term_on_temp(int pid, void *ctx)
{
        struct watch *w = ctx;
        char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
        struct pollfd p = {w->fd, POLLIN, 0};
        while (!w->seen && poll(&p, 1, 60000) > 0) {
                ssize_t n = read(w->fd, buf, sizeof buf);
                for (char *q = buf; n > 0 && q < buf + n;) {
                        struct inotify_event *e = (struct inotify_event *)q;
                        if (e->len && strncmp(e->name, ".tkit-", 6) == 0)
                                w->seen = true;
                        q += sizeof *e + e->len;
                }
        }
        kill(pid, SIGTERM);
}

static int count_temps(const char *dir)
{
        DIR *d = opendir(dir);
        assert_non_null(d);
        int n = 0;
        for (struct dirent *e; (e = readdir(d));)
                n += strncmp(e->d_name, ".tkit-", 6) == 0;
        closedir(d);
        return n;
}

static void test_sigterm_leaves_no_temporary(void **state)
{
        struct fx *f = *state;
        char *outdir = path_in(f, "pics");
        assert_int_equal(mkdir(outdir, 0755), 0);
        char *png = tkit_xasprintf("%s/board.png", outdir), *base = src(f, "tilesets/base.xml");
        char *river = src(f, "tilesets/river.xml"), *cb = src(f, "tilesets/castles-bridges.xml");
        struct watch w = {inotify_init1(IN_CLOEXEC), false};
        assert_true(w.fd >= 0);
        assert_true(inotify_add_watch(w.fd, outdir, IN_CREATE) >= 0);
        f->r.started = term_on_temp;
        f->r.started_ctx = &w;
        f->r.signal_ok = true;
        int rc = tk(f, "render", "board", "--tiles", base, "--tiles", river, "--tiles", cb,
                    "--seed", "3", "--px", "256", "-o", png, NULL);
        f->r.started = NULL;
        f->r.signal_ok = false;
        close(w.fd);
        assert_true(w.seen);
        /* ended by the signal it was sent, and nothing left behind */
        assert_int_equal(rc, -1);
        assert_int_equal(f->r.signal, SIGTERM);
        assert_int_equal(count_temps(outdir), 0);
        assert_int_not_equal(access(png, F_OK), 0);
        free(png);
        free(base);
        free(river);
        free(cb);
        free(outdir);
}

/* Usage errors quote arguments escaped and bounded (before: a newline in --lang printed raw, a
 * 100 KB argument in full). */
static void test_usage_errors_quote_safely(void **state)
{
        struct fx *f = *state;
        tkit_run_expect(&f->r,
                        tk(f, "render", "sheet", "--tiles", "x.xml", "--lang", "x\ny\x1b[31m", "-o",
                           "a.pdf", NULL),
                        2);
        tkit_test_has(f->r.err, "'x\\x0ay\\x1b[31m'");
        /* two lines: the message and "Try ..." */
        const char *nl = strchr(f->r.err, '\n');
        assert_non_null(nl);
        assert_non_null(strstr(nl + 1, "Try 'tilekit render --help'"));
        char *huge = tkit_xcalloc(100001, 1);
        memset(huge, 'x', 100000);
        char *opt = tkit_xasprintf("--%s", huge);
        static const char *const cmds[][2] = {
            {"check", "x"},  {"simulate", "x"},  {"render", "sheet"},
            {"score", "x"},  {"scene", "check"}, {"list", "sets"},
            {"import", "x"}, {"export", "x"},    {"diff", "x"}};
        for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
                tkit_run_expect(&f->r, tk(f, cmds[i][0], cmds[i][1], opt, NULL), 2);
                assert_true(f->r.err_len < 1024);
                tkit_test_has(f->r.err, "unknown option '--xxxx");
                tkit_test_has(f->r.err, "bytes left out");
        }
        tkit_run_expect(&f->r, tk(f, "check", "--format", huge, "x.xml", NULL), 2);
        assert_true(f->r.err_len < 1024);
        tkit_run_expect(&f->r, tk(f, huge, NULL), 2);
        assert_true(f->r.err_len < 1024);
        tkit_run_expect(&f->r, tk(f, "check", "--db", NULL), 2);
        tkit_test_has(f->r.err, "option '--db' needs a value");
        free(opt);
        free(huge);
}

/* A full disk during `simulate --store`: the error, and no "cannot rollback - no transaction is
 * active" after it (SQLite had rolled back already). */
static void test_store_full_disk(void **state)
{
        struct fx *f = *state;
        char *m = small_disk(f, "disk", "512k");
        char *db = base_db(f, m);
        fill(m);
        tkit_run_expect(
            &f->r,
            tk(f, "simulate", "--db", db, "--set", "base", "--count", "200", "--store", NULL), 1);
        tkit_test_has(f->r.err, "full");
        assert_null(strstr(f->r.err, "rollback"));
        assert_null(strstr(f->r.err, "ROLLBACK"));
        free(db);
        free(m);
}

/* ================================================================== item 7: stdin, exit codes */

/* '-' named twice: refused before anything is read, exit 2, by every command that reads inputs. */
static void test_stdin_once(void **state)
{
        struct fx *f = *state;
        char *base = src(f, "tilesets/base.xml"), *scene = src(f, "scenes/cb-example-2.xml");
        char *png = path_in(f, "x.png"), *db = base_db(f, f->dir);
        char *layout = path_in(f, "l.json");
        tkit_run_expect(
            &f->r, tk(f, "simulate", "--tiles", base, "--seed", "1", "--json", layout, NULL), 0);
        f->r.input = read_all(scene, &f->r.input_len);
        const char *twice[][12] = {
            {"score", "-", "-", NULL},
            {"score", "--tiles", "-", "-", NULL},
            {"check", "-", "-", NULL},
            {"import", "--db", db, "-", "-", NULL},
            {"diff", "-", "-", NULL},
            {"export", "--tiles", "-", "--tiles", "-", "-o", png, NULL},
            {"simulate", "--tiles", "-", "--verify", "-", NULL},
            {"render", "board", "--tiles", "-", "--layout", "-", "-o", png, NULL},
            {"render", "scene", "-", "--tiles", "-", "-o", png, NULL},
            {"scene", "check", "-", "-", NULL},
            {"scene", "from-layout", "-", "--tiles", "-", NULL},
            {"bench", "--tiles", "-", "-", NULL},
        };
        for (size_t i = 0; i < sizeof twice / sizeof *twice; i++) {
                const char *argv[16] = {f->tk};
                for (size_t k = 0; twice[i][k]; k++)
                        argv[k + 1] = twice[i][k];
                int rc = tkit_run(&f->r, argv);
                if (rc != 2 || !strstr(f->r.err, "standard input ('-')"))
                        fail_msg("%s %s: exit %d:\n%s", twice[i][0], twice[i][1], rc, f->r.err);
                assert_null(strstr(f->r.out, "points:"));
        }
        /* render scene reads '-' as every command does (before: "cannot open -") */
        tkit_run_expect(&f->r, tk(f, "render", "scene", "-", "-o", png, NULL), 0);
        assert_int_equal(access(png, R_OK), 0);
        free((char *)f->r.input);
        f->r.input = NULL;
        free(layout);
        free(base);
        free(scene);
        free(png);
        free(db);
}

/* A scene naming a set that is not where the command looks: 1 everywhere, saying where (before:
 * 2 in score, 1 in render scene --db, 2 in render scene --tiles). */
static void test_missing_set_exit_1(void **state)
{
        struct fx *f = *state;
        char *scene = src(f, "scenes/cb-example-2.xml"), *base = src(f, "tilesets/base.xml");
        char *db = base_db(f, f->dir), *png = path_in(f, "x.png");
        char *where_db = tkit_xasprintf("is not in the database '%s'", db);
        tkit_run_expect(&f->r, tk(f, "score", "--db", db, scene, NULL), 1);
        tkit_test_has(f->r.err, "[SCENE-SET] set 'castles-bridges'");
        tkit_test_has(f->r.err, where_db);
        tkit_run_expect(&f->r, tk(f, "score", "--tiles", base, scene, NULL), 1);
        tkit_test_has(f->r.err, "is not in the tile files given");
        tkit_run_expect(&f->r, tk(f, "render", "scene", scene, "--db", db, "-o", png, NULL), 1);
        tkit_test_has(f->r.err, where_db);
        tkit_run_expect(&f->r, tk(f, "render", "scene", scene, "--tiles", base, "-o", png, NULL),
                        1);
        tkit_test_has(f->r.err, "is not in the tile files given");
        tkit_run_expect(&f->r, tk(f, "check", "--db", db, scene, NULL), 1);
        /* no database anywhere: the bundled sets for every command (before: render scene said
         * "cannot open the database") */
        char *empty = path_in(f, "empty");
        assert_int_equal(mkdir(empty, 0755), 0);
        f->r.cwd = empty;
        tkit_run_expect(&f->r, tk(f, "render", "scene", scene, "-o", png, NULL), 0);
        tkit_run_expect(&f->r, tk(f, "score", scene, NULL), 0);
        tkit_run_expect(&f->r, tk(f, "simulate", "--set", "base", "--seed", "1", NULL), 0);
        /* bundled sets without the one named: 1, saying where they were looked for */
        char *data = path_in(f, "data"), *ts = path_in(f, "data/tilesets");
        assert_int_equal(mkdir(data, 0755), 0);
        assert_int_equal(mkdir(ts, 0755), 0);
        char *copy = tkit_xasprintf("%s/base.xml", ts), *text = read_all(base, NULL);
        write_text(copy, text);
        char *env = tkit_xasprintf("TILEKIT_DATA_DIR=%s", data);
        const char *envs[] = {env, NULL};
        f->r.env = envs;
        tkit_run_expect(&f->r, tk(f, "score", scene, NULL), 1);
        tkit_test_has(f->r.err, "is not in the bundled tile sets");
        tkit_run_expect(&f->r, tk(f, "render", "scene", scene, "-o", png, NULL), 1);
        tkit_test_has(f->r.err, "is not in the bundled tile sets");
        f->r.env = NULL;
        f->r.cwd = NULL;
        free(env);
        free(copy);
        free(text);
        free(ts);
        free(data);
        free(empty);
        free(where_db);
        free(scene);
        free(base);
        free(db);
        free(png);
}

/* ================================================================== item 12: children and modes */

/* A child without root's power over file modes still reaches a program under a directory only
 * root may enter (a clone under /root, mode 0700): before, the tests ran it as nobody (exit 127).
 */
static void test_child_reaches_0700(void **state)
{
        struct fx *f = *state;
        char *closed = path_in(f, "closed"), *copy = path_in(f, "closed/tilekit");
        assert_int_equal(mkdir(closed, 0700), 0);
        size_t len = 0;
        char *bin = read_all(f->tk, &len);
        assert_non_null(bin);
        int fd = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0755);
        assert_true(fd >= 0);
        assert_int_equal(write(fd, bin, len), (ssize_t)len);
        assert_int_equal(close(fd), 0);
        free(bin);
        const char *argv[] = {copy, "--version", NULL};
        f->r.unprivileged = true;
        tkit_run_expect(&f->r, tkit_run(&f->r, argv), 0);
        tkit_test_has(f->r.out, "tilekit ");
        /* and it is without the power: a read-only file stays unwritable for it */
        char *db = base_db(f, closed);
        assert_int_equal(chmod(db, 0444), 0);
        char *river = src(f, "tilesets/river.xml");
        tkit_run_expect(&f->r, tk(f, "import", "--db", db, river, NULL), 2);
        tkit_test_has(f->r.err, "read-only");
        f->r.unprivileged = false;
        free(river);
        free(db);
        free(closed);
        free(copy);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test_setup_teardown(test_in_place_hard_links_full_disk, setup, teardown),
            cmocka_unit_test_setup_teardown(test_in_place_no_temp_full_disk, setup, teardown),
            cmocka_unit_test_setup_teardown(test_protected_symlinks, setup, teardown),
            cmocka_unit_test_setup_teardown(test_db_not_a_file, setup, teardown),
            cmocka_unit_test_setup_teardown(test_attribute_limit, setup, teardown),
            cmocka_unit_test_setup_teardown(test_scene_writer_limit, setup, teardown),
            cmocka_unit_test_setup_teardown(test_jcz_markers_it_cannot_carry, setup, teardown),
            cmocka_unit_test_setup_teardown(test_findings_all_stored, setup, teardown),
            cmocka_unit_test_setup_teardown(test_json_strict, setup, teardown),
            cmocka_unit_test_setup_teardown(test_sigterm_leaves_no_temporary, setup, teardown),
            cmocka_unit_test_setup_teardown(test_usage_errors_quote_safely, setup, teardown),
            cmocka_unit_test_setup_teardown(test_store_full_disk, setup, teardown),
            cmocka_unit_test_setup_teardown(test_stdin_once, setup, teardown),
            cmocka_unit_test_setup_teardown(test_missing_set_exit_1, setup, teardown),
            cmocka_unit_test_setup_teardown(test_child_reaches_0700, setup, teardown),
        };
        return tkit_test_status(cmocka_run_group_tests(tests, NULL, NULL));
}
