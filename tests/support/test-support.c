#define _XOPEN_SOURCE 700 /* nftw, popen */
#include "tkit-test.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

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
