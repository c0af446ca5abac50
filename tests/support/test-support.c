#define _XOPEN_SOURCE 700 /* nftw, popen */
#include "tkit-test.h"

#include <fcntl.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

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

static void child(const char *const *argv, int o, int e, bool as_nobody, const char *dir)
{
        if (dup2(o, 1) < 0 || dup2(e, 2) < 0)
                _exit(127);
        unsetenv("TILEKIT_DB");
        if (as_nobody && getuid() == 0) {
                setenv("TMPDIR", dir, 1); /* valgrind's temporary files */
                if (setgid(65534) != 0 || setuid(65534) != 0)
                        _exit(126);
        }
        execvp(argv[0], (char *const *)argv);
        _exit(127);
}

int run_program(const char *const *argv, const char *dir, bool as_nobody, char **out, char **err)
{
        size_t n = 0;
        while (argv[n])
                n++;
        const char *wrap = getenv("TKIT_CHILD_WRAPPER");
        char *words = tkit_xstrdup(wrap ? wrap : "");
        const char **full = tkit_xcalloc(n + strlen(words) / 2 + 2, sizeof *full);
        size_t k = 0;
        for (char *save = NULL, *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
                full[k++] = w;
        memcpy(full + k, argv, (n + 1) * sizeof *argv);
        char *paths[2] = {tkit_xasprintf("%s/stdout-XXXXXX", dir),
                          tkit_xasprintf("%s/stderr-XXXXXX", dir)};
        int o = mkstemp(paths[0]), e = mkstemp(paths[1]);
        int status = -1;
        pid_t pid = o >= 0 && e >= 0 ? fork() : -1;
        if (pid == 0)
                child(full, o, e, as_nobody, dir);
        if (pid > 0 && waitpid(pid, &status, 0) != pid)
                status = -1;
        if (o >= 0)
                close(o);
        if (e >= 0)
                close(e);
        *out = read_all(paths[0], NULL);
        *err = read_all(paths[1], NULL);
        for (int i = 0; i < 2; i++) {
                unlink(paths[i]);
                free(paths[i]);
        }
        free(full);
        free(words);
        return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
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
