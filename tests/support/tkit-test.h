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

#endif
