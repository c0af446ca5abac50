/* Small utilities every test program shares: whole-file I/O, temporary directories, running
 * a shell command with its standard output captured, and skips that meson can see. Linked as
 * `test_support_dep`. */
#ifndef TKIT_TEST_SUPPORT_H
#define TKIT_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdarg.h>

/* Whole file contents, NUL-terminated (caller frees), or NULL; *len set when not NULL. */
char *read_all(const char *path, size_t *len);
/* Whether `needle` occurs in the n bytes at buf (which may hold NUL bytes: a PDF, a PNG). */
bool tkit_test_has_bytes(const char *buf, size_t n, const char *needle);
bool write_all(const char *path, const char *data);
/* A fresh empty directory under $TMPDIR (caller frees the path; remove_tree removes it). */
char *make_temp_dir(void);
void remove_tree(const char *path);
/* Runs `cmd` with /bin/sh; its standard output goes to *out (caller frees; NULL to drop it).
 * Returns the exit status, or -1 when the command did not exit normally. For tools other than
 * tilekit (pdftotext, sqlite3): tilekit itself is run with tkit_run(). */
int run_shell(const char *cmd, char **out);

/* Exit status of the programs in $TKIT_CHILD_WRAPPER (valgrind) when they found an error. */
#define TKIT_WRAPPER_ERROR 97

/* ---------------------------------------------------------------- running tilekit
 *
 * The one way every test runs the tilekit binary (or any program it spawns):
 *
 *     struct tkit_run r = {.cwd = dir};             // options; zero means the default
 *     const char *argv[] = {exe, "list", "sets", NULL};
 *     assert_int_equal(tkit_run(&r, argv), 0);      // r.out, r.err: what it wrote
 *     assert_int_equal(tkit_run_line(&r, exe, "check '%s'", path), 1);   // or as words
 *     tkit_run_finish(&r);
 *
 * Standard output and error are captured whole (buffers that grow, also with NUL bytes: *_len),
 * standard input gets `input` (or nothing: end of file at once). The child runs without
 * TILEKIT_DB (unless `keep_db_env`), in its own process group; one still running after `timeout`
 * seconds is killed with its group and the run fails the test ("timed out"), as does a child
 * killed by a signal unless `signal_ok`.
 *
 * Under $TKIT_CHILD_WRAPPER (the valgrind test setup sets it: a command such as valgrind
 * --error-exitcode=97) the program runs under that command; its exit status 97 fails the test
 * with the wrapper's report. $TKIT_CHILD_WRAPPER_EVERY=N (N > 1) wraps only every Nth run of
 * the test program (the 1st, the N+1st, ...): the quick valgrind pass of tools/run-tests.sh
 * samples the command-line tests this way, the full one (--full-valgrind) wraps every run. */
struct tkit_run {
        /* set before tkit_run() */
        const char *cwd;   /* the child's working directory (NULL: the test's) */
        const char *input; /* standard input: input_len bytes (NULL: empty) */
        size_t input_len;
        bool unprivileged;      /* as root: without the capabilities that let root ignore file
                                   modes (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER), still
                                   uid 0, so it reaches whatever root's mode bits allow */
        bool native;            /* never under $TKIT_CHILD_WRAPPER (a child the test must time) */
        bool keep_db_env;       /* keep $TILEKIT_DB */
        bool signal_ok;         /* the child may die by a signal (status -1, `signal` set) */
        int timeout;            /* seconds; 0: 300 (x20 under the wrapper) */
        const char *const *env; /* NULL-terminated "NAME=VALUE" to set in the child, or NULL */
        /* called in the test once the child runs, before its output is read (to signal it) */
        void (*started)(int pid, void *ctx);
        void *started_ctx;
        /* filled by tkit_run(); tkit_run() and tkit_run_finish() free them */
        char *out, *err; /* NUL-terminated */
        size_t out_len, err_len;
        int status; /* exit status, or -1 (a signal) */
        int signal;
        bool wrapped; /* this run went through $TKIT_CHILD_WRAPPER */
};
/* Runs argv[0] (a path, or a name looked up in $PATH) with `argv`; returns r->status. */
int tkit_run(struct tkit_run *r, const char *const *argv);
/* The same with `exe` and the words of a printf-style line: split on blanks, '...' quotes a
 * word (no other shell syntax); with `exe` NULL the first word is the program. */
int tkit_run_line(struct tkit_run *r, const char *exe, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same with the arguments after `exe` as words, NULL-terminated:
 *     tkit_run_args(&r, exe, "list", "sets", NULL)   (at most 62 of them) */
int tkit_run_args(struct tkit_run *r, const char *exe, ...) __attribute__((sentinel));
int tkit_run_vargs(struct tkit_run *r, const char *exe, va_list ap);
/* Whether case `i` of a long list of like cases runs: always, but under the quick valgrind pass of
 * tools/run-tests.sh ($TKIT_CHILD_WRAPPER set, $TKIT_CHILD_WRAPPER_EVERY=N > 1) one in N
 * (i % N == 0), as for the children. For unit-test programs whose own process does the heavy
 * work case after case (drawing every scene, laying out games): the plain and sanitizer suites
 * and the full valgrind pass run every case. */
bool tkit_test_sampled(size_t i);
/* That N (1 when every case runs): for the counts a sampled test expects. */
size_t tkit_test_sample_every(void);
/* Frees the captured output (the struct can be used again). */
void tkit_run_finish(struct tkit_run *r);
/* Fails the test when a run's exit status `rc` is not `want`, showing what it printed. */
void tkit_run_expect(const struct tkit_run *r, int rc, int want);
/* Fails the test when `want` is not in `text`, showing the text. */
void tkit_test_has(const char *text, const char *want);

/* A command-line test's fixture: the binary ($TILEKIT), the source tree ($TKIT_SOURCE_ROOT), a
 * fresh directory and the last run. tkit_cli_setup/teardown are cmocka group or test fixtures
 * (*state is the struct tkit_cli); setup fails when either variable is unset. */
struct tkit_cli {
        char *dir;
        const char *tk, *root;
        struct tkit_run r;
};
int tkit_cli_setup(void **state);
int tkit_cli_teardown(void **state);
/* DIR/NAME (caller frees). */
char *tkit_cli_path(const struct tkit_cli *c, const char *name);
/* Writes `text` to DIR/NAME, failing the test when it cannot; returns the path (caller frees). */
char *tkit_cli_put(const struct tkit_cli *c, const char *name, const char *text);
/* Runs `tilekit ARGS...` (NULL-terminated) into c->r; returns the exit status. */
int tkit_cli_run(struct tkit_cli *c, ...) __attribute__((sentinel));

/* Prints every diagnostic of `d` (struct tkit_diags), compiler style, through cmocka. */
struct tkit_diags;
void tkit_test_print_diags(const struct tkit_diags *d);

/* The files of `dir` whose names end in `suffix`, as full paths in name order: a NULL-terminated
 * list (*count, when not NULL, its length) for tkit_test_files_free(). Fails the running test
 * when `dir` cannot be read. */
char **tkit_test_files(const char *dir, const char *suffix, size_t *count);
void tkit_test_files_free(char **files);

/* ---------------------------------------------------------------- the bundled tile sets */

struct tkit_setlist;
/* Reads tile sets of the bundled folder $TKIT_TILESETS (tilesets/) into `l`, which this
 * initialises: NAME.xml for each of `names` (NULL-terminated), or with `names` NULL every *.xml
 * there, in name order. Fails the running test (or group setup) naming a file that does not read,
 * with its diagnostics. */
void tkit_test_sets_load(struct tkit_setlist *l, const char *const *names);
/* The files tkit_test_sets_load(l, NULL) reads, as the words "--tiles 'PATH' --tiles 'PATH' ..."
 * for tkit_run_line() (static storage): the command given the same sets as the test. */
const char *tkit_test_tiles_args(void);
/* For the tests that play or draw over every bundled set: a cmocka group setup that reads them
 * all into tkit_test_sets (tkit_test_sets_load(&tkit_test_sets, NULL)), and its teardown. */
extern struct tkit_setlist tkit_test_sets;
int tkit_test_sets_setup(void **state);
int tkit_test_sets_teardown(void **state);
/* A tile set "many" of `n` tiles of one type ("t0" ...), each a city on its north side that
 * covers nothing else: n GEO-COVER errors and n - 1 TYPE-DUP warnings, for the limits on
 * findings. The caller frees the XML text. */
char *tkit_test_many_findings_set(int n);

/* The number the query `sql` returns (its first row, first column), read from the SQLite file
 * `db` opened read-only; fails the current test when the query does not run. */
long query_long(const char *db, const char *sql);

/* Skips. A test may skip only when an optional external tool is not installed, never because
 * the code under test failed. cmocka 1.1.5's skip() leaves the exit status at 0, so meson would
 * call the program a pass: tkit_test_tool() counts the skip and tkit_test_status() turns the
 * count into the exit status 77 (meson: SKIP) when nothing failed. */

/* Skips the current cmocka test, saying why on stderr: only for what the machine cannot do at
 * all (mounting a file system without the privilege), never for a failure of the code. */
void tkit_test_skip(const char *why);
/* The full path of the program `name` found in $PATH (static storage, valid until the next
 * call); when there is none, says so on stderr and skips the current cmocka test. */
const char *tkit_test_tool(const char *name);
/* The exit status of a test program whose cmocka run returned `failed`: 1 when something
 * failed, 77 when some test skipped, 0 otherwise. */
int tkit_test_status(int failed);
/* The value of the environment variable `name`, which the test's meson.build sets: fails the
 * current test (not a skip) when it is unset or empty. */
const char *tkit_test_env(const char *name);

#endif
