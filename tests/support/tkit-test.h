/* Small utilities every test program shares: whole-file I/O, temporary directories, running
 * a shell command with its standard output captured, and skips that meson can see. Linked as
 * `test_support_dep`. */
#ifndef TKIT_TEST_SUPPORT_H
#define TKIT_TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>

/* Whole file contents, NUL-terminated (caller frees), or NULL; *len set when not NULL. */
char *read_all(const char *path, size_t *len);
bool write_all(const char *path, const char *data);
/* A fresh empty directory under $TMPDIR (caller frees the path; remove_tree removes it). */
char *make_temp_dir(void);
void remove_tree(const char *path);
/* Runs `cmd` with /bin/sh; its standard output goes to *out (caller frees; NULL to drop it).
 * Returns the exit status, or -1 when the command did not exit normally. */
int run_shell(const char *cmd, char **out);

/* Exit status of the programs in $TKIT_CHILD_WRAPPER (valgrind) when they found an error. */
#define TKIT_WRAPPER_ERROR 97

/* Runs the program `argv[0]` (a path) with `argv` (NULL-terminated), prefixed by the words of
 * $TKIT_CHILD_WRAPPER when set (the `valgrind` test setup sets it, so that CLI tests check the
 * binary they spawn too). Standard output and error go through files in `dir` into *out and
 * *err (caller frees both). The child runs without TILEKIT_DB; with `as_nobody` and when run as
 * root it drops to user nobody (root ignores file modes). Returns the exit status, or -1 when the
 * child did not exit normally. */
int run_program(const char *const *argv, const char *dir, bool as_nobody, char **out, char **err);

/* The number the query `sql` returns (its first row, first column), read from the SQLite file
 * `db` opened read-only; fails the current test when the query does not run. */
long query_long(const char *db, const char *sql);

/* Skips. A test may skip only when an optional external tool is not installed, never because
 * the code under test failed. cmocka 1.1.5's skip() leaves the exit status at 0, so meson would
 * call the program a pass: tkit_test_tool() counts the skip and tkit_test_status() turns the
 * count into the exit status 77 (meson: SKIP) when nothing failed. */

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
