/* Small utilities every test program shares: whole-file I/O, temporary directories, and running
 * a shell command with its standard output captured. Linked as `test_support_dep`. */
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

#endif
