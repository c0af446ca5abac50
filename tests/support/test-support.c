#define _GNU_SOURCE /* nftw, popen, pipe2 */
#include "tkit-test.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <linux/capability.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "formats/tkit-formats.h"
#include "model/tkit-model.h"

static char *read_stream(FILE *f, size_t *len)
{
        struct tkit_buf b;
        char chunk[65536];
        size_t n;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "");
        while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
                tkit_buf_add(&b, chunk, n);
        if (len)
                *len = b.len;
        return tkit_buf_steal(&b);
}

char *read_all(const char *path, size_t *len)
{
        FILE *f = fopen(path, "rb");
        if (!f)
                return NULL;
        char *s = read_stream(f, len);
        fclose(f);
        return s;
}

bool write_all(const char *path, const char *data)
{
        FILE *f = fopen(path, "wb");
        if (!f)
                return false;
        bool ok = fputs(data, f) >= 0;
        return fclose(f) == 0 && ok;
}

char *make_temp_dir(void)
{
        const char *tmp = getenv("TMPDIR");
        char *path = tkit_xasprintf("%s/tkit-test-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(path)) {
                free(path);
                return NULL;
        }
        return path;
}

static int rm_one(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
        (void)sb;
        (void)flag;
        (void)ftw;
        return remove(path);
}

void remove_tree(const char *path)
{
        if (path)
                nftw(path, rm_one, 8, FTW_DEPTH | FTW_PHYS);
}

int run_shell(const char *cmd, char **out)
{
        FILE *p = popen(cmd, "r");
        if (!p)
                return -1;
        char *s = read_stream(p, NULL);
        int st = pclose(p);
        if (out)
                *out = s;
        else
                free(s);
        return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* ---------------------------------------------------------------- running tilekit */

/* The capabilities that let root ignore file modes, dropped from the bounding set (which an
 * exec'ed root program gets as its permitted set) and from the current sets; the process stays
 * uid 0 and reaches what root's mode bits allow (a clone under a 0700 /root too). */
static int drop_file_capabilities(void)
{
        static const int caps[] = {CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER};
        struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
        struct __user_cap_data_struct d[2];
        if (syscall(SYS_capget, &h, d) != 0)
                return -1;
        for (size_t i = 0; i < sizeof caps / sizeof *caps; i++) {
                if (prctl(PR_CAPBSET_DROP, caps[i], 0, 0, 0) != 0)
                        return -1;
                uint32_t bit = 1u << (caps[i] & 31);
                d[caps[i] >> 5].effective &= ~bit;
                d[caps[i] >> 5].permitted &= ~bit;
                d[caps[i] >> 5].inheritable &= ~bit;
        }
        return (int)syscall(SYS_capset, &h, d);
}

static void child_fail(const char *what, const char *arg)
{
        dprintf(2, "tkit_run: %s %s: %s\n", what, arg ? arg : "", strerror(errno));
        _exit(127);
}

static void child(const struct tkit_run *r, const char *const *argv, const int in[2],
                  const int out[2], const int err[2])
{
        setpgid(0, 0); /* killed as a group on a timeout (valgrind's helpers too) */
        if (dup2(in[0], 0) < 0 || dup2(out[1], 1) < 0 || dup2(err[1], 2) < 0)
                _exit(127);
        signal(SIGPIPE, SIG_DFL);
        if (r->cwd && chdir(r->cwd) != 0)
                child_fail("cannot enter", r->cwd);
        if (!r->keep_db_env)
                unsetenv("TILEKIT_DB");
        for (const char *const *e = r->env; e && *e; e++)
                if (putenv((char *)*e) != 0)
                        child_fail("cannot set", *e);
        if (r->unprivileged && geteuid() == 0 && drop_file_capabilities() != 0)
                child_fail("cannot drop the capabilities that ignore file modes", NULL);
        execvp(argv[0], (char *const *)argv);
        child_fail("cannot run", argv[0]);
}

/* Whether this run goes under $TKIT_CHILD_WRAPPER ($TKIT_CHILD_WRAPPER_EVERY: a sample). */
static bool wrap_this_run(const struct tkit_run *r)
{
        static unsigned long runs;
        const char *wrap = getenv("TKIT_CHILD_WRAPPER");
        if (r->native || !wrap || !*wrap)
                return false;
        const char *every = getenv("TKIT_CHILD_WRAPPER_EVERY");
        unsigned long n = every && *every ? strtoul(every, NULL, 10) : 1;
        return n <= 1 || runs++ % n == 0;
}

size_t tkit_test_sample_every(void)
{
        const char *wrap = getenv("TKIT_CHILD_WRAPPER");
        const char *every = getenv("TKIT_CHILD_WRAPPER_EVERY");
        unsigned long n = every && *every ? strtoul(every, NULL, 10) : 1;
        return !wrap || !*wrap || n <= 1 ? 1 : (size_t)n;
}

bool tkit_test_sampled(size_t i)
{
        return i % tkit_test_sample_every() == 0;
}

/* argv prefixed by the words of $TKIT_CHILD_WRAPPER when `wrap`; *words to free. */
static const char **full_argv(const char *const *argv, bool wrap, char **words)
{
        size_t n = 0;
        while (argv[n])
                n++;
        *words = tkit_xstrdup(wrap ? getenv("TKIT_CHILD_WRAPPER") : "");
        const char **full = tkit_xcalloc(n + strlen(*words) / 2 + 2, sizeof *full);
        size_t k = 0;
        for (char *save = NULL, *w = strtok_r(*words, " ", &save); w;
             w = strtok_r(NULL, " ", &save))
                full[k++] = w;
        memcpy(full + k, argv, (n + 1) * sizeof *argv);
        return full;
}

struct capture {
        struct tkit_buf out, err;
        const char *in;
        size_t inleft;
};

/* Moves bytes between the child's pipes and the buffers until both outputs are closed or the
 * deadline passes; false on the deadline. */
static bool pump(int fds[3], struct capture *c, long long deadline_ms)
{
        char chunk[65536];
        while (fds[1] >= 0 || fds[2] >= 0) {
                struct pollfd p[3];
                for (int i = 0; i < 3; i++)
                        p[i] = (struct pollfd){fds[i], i == 0 ? POLLOUT : POLLIN, 0};
                struct timespec now;
                clock_gettime(CLOCK_MONOTONIC, &now);
                long long left = deadline_ms - (now.tv_sec * 1000LL + now.tv_nsec / 1000000);
                if (left <= 0)
                        return false;
                int rc = poll(p, 3, left > 1000000 ? 1000000 : (int)left);
                if (rc < 0 && errno != EINTR)
                        return false;
                if (fds[0] >= 0 && p[0].revents) {
                        ssize_t w = c->inleft ? write(fds[0], c->in, c->inleft) : 0;
                        if (w > 0) {
                                c->in += w;
                                c->inleft -= (size_t)w;
                        }
                        if (w < 0 || !c->inleft) { /* all written, or the child stopped reading */
                                close(fds[0]);
                                fds[0] = -1;
                        }
                }
                for (int i = 1; i < 3; i++) {
                        if (fds[i] < 0 || !p[i].revents)
                                continue;
                        ssize_t got = read(fds[i], chunk, sizeof chunk);
                        if (got > 0) {
                                tkit_buf_add(i == 1 ? &c->out : &c->err, chunk, (size_t)got);
                        } else if (got == 0 || errno != EINTR) {
                                close(fds[i]);
                                fds[i] = -1;
                        }
                }
        }
        return true;
}

int tkit_run(struct tkit_run *r, const char *const *argv)
{
        tkit_run_finish(r);
        r->wrapped = wrap_this_run(r);
        char *words;
        const char **full = full_argv(argv, r->wrapped, &words);
        int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1};
        if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
                fail_msg("tkit_run: pipe: %s", strerror(errno));
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0)
                fail_msg("tkit_run: fork: %s", strerror(errno));
        if (pid == 0)
                child(r, full, in, out, err);
        close(in[0]);
        close(out[1]);
        close(err[1]);
        if (r->started)
                r->started(pid, r->started_ctx);
        int fds[3] = {in[1], out[0], err[0]};
        fcntl(in[1], F_SETFL, O_NONBLOCK);
        struct capture c = {.in = r->input ? r->input : "", .inleft = r->input ? r->input_len : 0};
        tkit_buf_init(&c.out);
        tkit_buf_init(&c.err);
        tkit_buf_puts(&c.out, "");
        tkit_buf_puts(&c.err, "");
        int timeout = r->timeout > 0 ? r->timeout : 300;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long deadline = now.tv_sec * 1000LL + now.tv_nsec / 1000000 +
                             (long long)timeout * (r->wrapped ? 10 : 1) * 1000;
        /* SIGPIPE: a child that exits before reading all its input must not kill the test */
        void (*old)(int) = signal(SIGPIPE, SIG_IGN);
        bool done = pump(fds, &c, deadline);
        signal(SIGPIPE, old);
        if (!done)
                kill(-pid, SIGKILL);
        for (int i = 0; i < 3; i++)
                if (fds[i] >= 0)
                        close(fds[i]);
        int st = 0;
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
                ;
        r->out_len = c.out.len;
        r->err_len = c.err.len;
        r->out = tkit_buf_steal(&c.out);
        r->err = tkit_buf_steal(&c.err);
        r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        r->signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
        free(full);
        free(words);
        if (!done)
                fail_msg("%s %s: timed out after %d s; stderr so far:\n%.2000s", argv[0],
                         argv[1] ? argv[1] : "", timeout, r->err);
        if (r->status < 0 && !r->signal_ok)
                fail_msg("%s %s: killed by signal %d; stderr:\n%.2000s", argv[0],
                         argv[1] ? argv[1] : "", r->signal, r->err);
        if (r->wrapped && r->status == TKIT_WRAPPER_ERROR) {
                /* whole, to stderr: cmocka cuts a message at about 1,000 bytes, and valgrind's
                 * report of what counts comes after pages of "possibly lost" records */
                fprintf(stderr, "TKIT_CHILD_WRAPPER's report on %s %s:\n%s\n", argv[0],
                        argv[1] ? argv[1] : "", r->err);
                fail_msg("TKIT_CHILD_WRAPPER found errors in %s %s (its report above)", argv[0],
                         argv[1] ? argv[1] : "");
        }
        return r->status;
}

/* Splits `line` into words: blanks separate, '...' quotes (no other shell syntax). */
static char **split_words(const char *line, size_t *n)
{
        char **v = NULL;
        size_t cap = 0;
        *n = 0;
        const char *p = line;
        for (;;) {
                while (*p == ' ' || *p == '\t' || *p == '\n')
                        p++;
                if (!*p)
                        break;
                struct tkit_buf w;
                tkit_buf_init(&w);
                tkit_buf_puts(&w, "");
                while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
                        if (*p == '\'') {
                                const char *end = strchr(p + 1, '\'');
                                if (!end)
                                        fail_msg("tkit_run_line: unbalanced quote in: %s", line);
                                tkit_buf_add(&w, p + 1, (size_t)(end - p - 1));
                                p = end + 1;
                        } else {
                                tkit_buf_add(&w, p++, 1);
                        }
                }
                *TKIT_PUSH(v, *n, cap) = tkit_buf_steal(&w);
        }
        return v;
}

int tkit_run_line(struct tkit_run *r, const char *exe, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        struct tkit_buf line;
        tkit_buf_init(&line);
        tkit_buf_vprintf(&line, fmt, ap);
        va_end(ap);
        size_t n;
        char **words = split_words(line.data ? line.data : "", &n);
        const char **argv = tkit_xcalloc(n + 2, sizeof *argv);
        size_t k = 0;
        if (exe)
                argv[k++] = exe;
        for (size_t i = 0; i < n; i++)
                argv[k++] = words[i];
        if (!argv[0])
                fail_msg("tkit_run_line: no program in '%s'", line.data ? line.data : "");
        int rc = tkit_run(r, argv);
        for (size_t i = 0; i < n; i++)
                free(words[i]);
        free(words);
        free(argv);
        tkit_buf_finish(&line);
        return rc;
}

int tkit_run_vargs(struct tkit_run *r, const char *exe, va_list ap)
{
        const char *argv[64];
        int argc = 0;
        argv[argc++] = exe;
        while ((argv[argc] = va_arg(ap, const char *)) != NULL)
                if (++argc == 63)
                        fail_msg("tkit_run_args: more than 62 arguments");
        return tkit_run(r, argv);
}

int tkit_run_args(struct tkit_run *r, const char *exe, ...)
{
        va_list ap;
        va_start(ap, exe);
        int rc = tkit_run_vargs(r, exe, ap);
        va_end(ap);
        return rc;
}

void tkit_run_finish(struct tkit_run *r)
{
        free(r->out);
        free(r->err);
        r->out = r->err = NULL;
        r->out_len = r->err_len = 0;
}

void tkit_run_expect(const struct tkit_run *r, int rc, int want)
{
        if (rc != want)
                fail_msg("exit %d, want %d; stderr:\n%.3000s\nstdout:\n%.1000s", rc, want,
                         r->err ? r->err : "", r->out ? r->out : "");
}

void tkit_test_has(const char *text, const char *want)
{
        if (!strstr(text, want))
                fail_msg("'%s' not in:\n%.3000s", want, text);
}

int tkit_cli_setup(void **state)
{
        struct tkit_cli *c = tkit_xcalloc(1, sizeof *c);
        *state = c;
        c->tk = getenv("TILEKIT");
        c->root = getenv("TKIT_SOURCE_ROOT");
        c->dir = make_temp_dir();
        return c->tk && c->root && c->dir ? 0 : -1;
}

int tkit_cli_teardown(void **state)
{
        struct tkit_cli *c = *state;
        if (c->dir)
                remove_tree(c->dir);
        free(c->dir);
        tkit_run_finish(&c->r);
        free(c);
        return 0;
}

char *tkit_cli_path(const struct tkit_cli *c, const char *name)
{
        return tkit_xasprintf("%s/%s", c->dir, name);
}

char *tkit_cli_put(const struct tkit_cli *c, const char *name, const char *text)
{
        char *p = tkit_cli_path(c, name);
        if (!write_all(p, text))
                fail_msg("cannot write %s", p);
        return p;
}

int tkit_cli_run(struct tkit_cli *c, ...)
{
        va_list ap;
        va_start(ap, c);
        int rc = tkit_run_vargs(&c->r, c->tk, ap);
        va_end(ap);
        return rc;
}

static int cmp_name(const void *a, const void *b)
{
        return strcmp(*(char *const *)a, *(char *const *)b);
}

char **tkit_test_files(const char *dir, const char *suffix, size_t *count)
{
        DIR *dd = opendir(dir);
        if (!dd)
                fail_msg("%s: %s", dir, strerror(errno));
        char **v = NULL;
        size_t n = 0, cap = 0, ls = strlen(suffix);
        struct dirent *e;
        while ((e = readdir(dd))) {
                size_t len = strlen(e->d_name);
                if (len > ls && strcmp(e->d_name + len - ls, suffix) == 0)
                        *TKIT_PUSH(v, n, cap) = tkit_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(dd);
        qsort(v, n, sizeof *v, cmp_name);
        if (count)
                *count = n;
        *TKIT_PUSH(v, n, cap) = NULL;
        return v;
}

void tkit_test_files_free(char **files)
{
        for (size_t i = 0; files && files[i]; i++)
                free(files[i]);
        free(files);
}

/* Every *.xml of the bundled folder, in name order. */
static char **bundled_files(void)
{
        return tkit_test_files(tkit_test_env("TKIT_TILESETS"), ".xml", NULL);
}

void tkit_test_print_diags(const struct tkit_diags *d)
{
        for (size_t i = 0; i < d->n; i++) {
                char *m = tkit_diag_format(&d->v[i]);
                print_message("%s\n", m);
                free(m);
        }
}

static void read_set_file(struct tkit_setlist *l, const char *path)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        if (tkit_read_file(path, TKIT_FORMAT_AUTO, l, &d) != 0) {
                tkit_test_print_diags(&d);
                fail_msg("%s: the bundled tile set does not read", path);
        }
        tkit_diags_finish(&d);
}

void tkit_test_sets_load(struct tkit_setlist *l, const char *const *names)
{
        tkit_setlist_init(l);
        if (names) {
                for (size_t i = 0; names[i]; i++) {
                        char *p =
                            tkit_xasprintf("%s/%s.xml", tkit_test_env("TKIT_TILESETS"), names[i]);
                        read_set_file(l, p);
                        free(p);
                }
                return;
        }
        char **files = bundled_files();
        for (size_t i = 0; files[i]; i++)
                read_set_file(l, files[i]);
        tkit_test_files_free(files);
}

const char *tkit_test_tiles_args(void)
{
        static char *args;
        if (!args) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_buf_puts(&b, "");
                char **files = bundled_files();
                for (size_t i = 0; files[i]; i++)
                        tkit_buf_printf(&b, "%s--tiles '%s'", i ? " " : "", files[i]);
                tkit_test_files_free(files);
                args = tkit_buf_steal(&b);
        }
        return args;
}

long query_long(const char *db, const char *sql)
{
        sqlite3 *h = NULL;
        sqlite3_stmt *st = NULL;
        if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
            sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK ||
            sqlite3_step(st) != SQLITE_ROW) {
                char why[512];
                snprintf(why, sizeof why, "%s", sqlite3_errmsg(h));
                sqlite3_finalize(st);
                sqlite3_close(h);
                fail_msg("%s: %s: %s", db, sql, why);
        }
        long n = (long)sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        sqlite3_close(h);
        return n;
}

static int skipped; /* tests skipped for a missing tool, over the whole program */

void tkit_test_skip(const char *why)
{
        fprintf(stderr, "SKIP: %s\n", why);
        skipped++;
        skip();
}

const char *tkit_test_tool(const char *name)
{
        static char found[4096];
        const char *path = getenv("PATH");
        for (const char *p = path ? path : ""; *p;) {
                size_t len = strcspn(p, ":");
                int n = snprintf(found, sizeof found, "%.*s/%s", (int)len, len ? p : ".", name);
                if (n > 0 && (size_t)n < sizeof found && access(found, X_OK) == 0)
                        return found;
                p += len + (p[len] == ':');
        }
        fprintf(stderr, "SKIP: %s is not installed (sh tools/deps.sh installs it)\n", name);
        skipped++;
        skip();
        return NULL; /* not reached: skip() leaves the test */
}

int tkit_test_status(int failed)
{
        if (failed)
                return 1;
        return skipped ? 77 : 0;
}

const char *tkit_test_env(const char *name)
{
        const char *v = getenv(name);
        if (!v || !*v)
                fail_msg("%s is not set: run the tests through meson", name);
        return v;
}

char *tkit_test_many_findings_set(int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<tileset format=\"1\" id=\"many\" rules=\"\">\n");
        for (int i = 0; i < n; i++)
                tkit_buf_printf(
                    &b, "<tile id=\"t%d\" count=\"1\"><city id=\"c\" at=\"N\"/></tile>\n", i);
        tkit_buf_puts(&b, "</tileset>\n");
        return tkit_buf_steal(&b);
}

struct tkit_setlist tkit_test_sets;

int tkit_test_sets_setup(void **state)
{
        (void)state;
        tkit_test_sets_load(&tkit_test_sets, NULL);
        return 0;
}

int tkit_test_sets_teardown(void **state)
{
        (void)state;
        tkit_setlist_finish(&tkit_test_sets);
        return 0;
}

bool tkit_test_has_bytes(const char *buf, size_t n, const char *needle)
{
        size_t k = strlen(needle);
        for (size_t i = 0; buf && i + k <= n; i++)
                if (memcmp(buf + i, needle, k) == 0)
                        return true;
        return false;
}
