/* Everything the command line writes: standard output and output files (see cli.h).
 *
 * Writes go through glibc's fopencookie() streams over plain file descriptors, so that the errno
 * of the first failed write is kept: a stdio stream forgets it once its buffer is dropped, and a
 * later fflush() with nothing left to write succeeds. That is how a write to /dev/full ends in
 * "cannot write: No space left on device" and not in exit status 0. */
#define _GNU_SOURCE
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---------------------------------------------------------------- checked streams */

static ssize_t fdout_write(void *cookie, const char *buf, size_t n)
{
        struct cli_fdout *o = cookie;
        size_t done = 0;
        while (done < n) {
                ssize_t w = write(o->fd, buf + done, n - done);
                if (w < 0 && errno == EINTR)
                        continue;
                if (w <= 0) {
                        if (!o->err)
                                o->err = w < 0 ? errno : EIO;
                        /* 0, not -1: fopencookie(3) says a write function must not return a
                         * negative value; glibc's fwrite reads past the caller's buffer when it
                         * does (found by valgrind on `export -o /dev/full`) */
                        return 0;
                }
                done += (size_t)w;
        }
        return (ssize_t)n;
}

static int fdout_close(void *cookie)
{
        struct cli_fdout *o = cookie;
        if (close(o->fd) != 0 && !o->err && errno != EINTR)
                o->err = errno;
        return o->err ? -1 : 0;
}

/* A write-only stream on `fd` that records the first error in `o->err`; closing it closes fd. */
static FILE *fdout_open(struct cli_fdout *o, int fd)
{
        static const cookie_io_functions_t io = {NULL, fdout_write, NULL, fdout_close};
        o->fd = fd;
        o->err = 0;
        FILE *f = fopencookie(o, "w", io);
        if (!f)
                abort(); /* fails only for lack of memory */
        return f;
}

/* Flushes `f`; returns 0 or the errno of the first failed write. */
static int fdout_flush(FILE *f, const struct cli_fdout *o)
{
        int rc = fflush(f);
        if (o->err)
                return o->err;
        return rc != 0 || ferror(f) ? EIO : 0;
}

static void write_error(const char *name, int err)
{
        fprintf(stderr, "%s: error: cannot write: %s\n", name, strerror(err));
}

/* ---------------------------------------------------------------- standard output */

static struct cli_fdout stdout_state;
static FILE *stdout_saved;   /* the C library's own, put back at the end */
static bool stdout_reported; /* its failure is reported once, wherever it shows first */

void cli_stdout_init(void)
{
        int fd = dup(STDOUT_FILENO);
        if (fd < 0)
                return; /* no stdout at all: leave the standard stream, it fails on writing */
        FILE *f = fdout_open(&stdout_state, fd);
        setvbuf(f, NULL, isatty(fd) ? _IOLBF : _IOFBF, BUFSIZ);
        stdout_saved = stdout;
        stdout = f;
}

int cli_stdout_flush(void)
{
        int err = fdout_flush(stdout, &stdout_state);
        if (!err)
                return TKIT_EXIT_OK;
        if (!stdout_reported)
                write_error("<stdout>", err);
        stdout_reported = true;
        return TKIT_EXIT_FAIL;
}

int cli_stdout_finish(int status)
{
        int rc = cli_stdout_flush();
        if (stdout_saved) {
                int closed = fclose(stdout);
                stdout = stdout_saved;
                if (closed != 0 && rc == TKIT_EXIT_OK) {
                        if (!stdout_reported)
                                write_error("<stdout>", stdout_state.err ? stdout_state.err : EIO);
                        stdout_reported = true;
                        rc = TKIT_EXIT_FAIL;
                }
        }
        return status == TKIT_EXIT_OK ? rc : status;
}

/* ---------------------------------------------------------------- inputs */

void cli_inputs_add(struct cli_inputs *in, const char *path)
{
        if (path && strcmp(path, "-") != 0)
                *TKIT_PUSH(in->v, in->n, in->cap) = path;
}

void cli_inputs_finish(struct cli_inputs *in)
{
        free(in->v);
        memset(in, 0, sizeof *in);
}

/* What a name stands for: an existing file by device and inode; a name not there (yet) by its
 * directory's device and inode and its last component. */
struct file_id {
        bool exists;
        dev_t dev;
        ino_t ino;
        char *base;
};

static void file_id(const char *path, struct file_id *id)
{
        struct stat st;
        memset(id, 0, sizeof *id);
        if (stat(path, &st) == 0) {
                id->exists = true;
                id->dev = st.st_dev;
                id->ino = st.st_ino;
                return;
        }
        const char *slash = strrchr(path, '/');
        char *dir = slash ? tkit_xstrndup(path, (size_t)(slash - path) + 1) : tkit_xstrdup(".");
        id->base = tkit_xstrdup(slash ? slash + 1 : path);
        if (stat(dir, &st) == 0) {
                id->dev = st.st_dev;
                id->ino = st.st_ino;
        } else {
                free(id->base);
                id->base = tkit_xstrdup(path); /* no directory either: compare the names */
        }
        free(dir);
}

static bool same_file(const struct file_id *a, const struct file_id *b)
{
        if (a->exists != b->exists || a->dev != b->dev || a->ino != b->ino)
                return false;
        return a->exists || strcmp(a->base, b->base) == 0;
}

/* The input that `path` names too, or NULL. */
static const char *clashing_input(const char *path, const struct cli_inputs *in)
{
        if (!in)
                return NULL;
        struct file_id out, id;
        file_id(path, &out);
        const char *hit = NULL;
        for (size_t i = 0; i < in->n && !hit; i++) {
                file_id(in->v[i], &id);
                if (same_file(&out, &id))
                        hit = in->v[i];
                free(id.base);
        }
        free(out.base);
        return hit;
}

/* ---------------------------------------------------------------- outputs */

static int open_error(struct cli_output *o, int err)
{
        write_error(o->name, err);
        free(o->target);
        free(o->tmp);
        o->target = o->tmp = NULL;
        o->f = NULL;
        return TKIT_EXIT_FAIL;
}

/* A device, FIFO or socket (also behind a symbolic link): written directly, never replaced. */
static int open_direct(struct cli_output *o, const char *path)
{
        int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        if (fd < 0)
                return open_error(o, errno);
        o->mode = CLI_OUT_DIRECT;
        o->f = fdout_open(&o->fdo, fd);
        return TKIT_EXIT_OK;
}

/* A file that cannot simply be replaced (several hard links, or a directory we may not create
 * in): the output is kept in memory and written over the file, in place, once complete. */
static int open_in_place(struct cli_output *o)
{
        o->mode = CLI_OUT_IN_PLACE;
        o->f = open_memstream(&o->mem, &o->memlen);
        if (!o->f)
                abort(); /* only for lack of memory */
        return TKIT_EXIT_OK;
}

/* A regular file (existing or new): a temporary file next to it, renamed over it on success.
 * mkstemp() creates with O_EXCL, so nothing planted under the temporary name is followed; its
 * name is short, so any name that fits the directory works. */
static int open_replace(struct cli_output *o, const struct stat *old)
{
        const char *slash = strrchr(o->target, '/');
        o->tmp = slash ? tkit_xasprintf("%.*s/.tkit-XXXXXX", (int)(slash - o->target), o->target)
                       : tkit_xstrdup(".tkit-XXXXXX");
        int fd = mkstemp(o->tmp);
        if (fd < 0) {
                int err = errno;
                free(o->tmp);
                o->tmp = NULL;
                if (old && (err == EACCES || err == EPERM || err == EROFS) &&
                    access(o->target, W_OK) == 0)
                        return open_in_place(o);
                return open_error(o, err);
        }
        mode_t mode;
        if (old) {
                mode = old->st_mode & 07777;
                if (old->st_uid != geteuid() || old->st_gid != getegid())
                        (void)!fchown(fd, old->st_uid, old->st_gid); /* root keeps the owner */
        } else {
                mode_t mask = umask(0);
                umask(mask);
                mode = 0666 & ~mask;
        }
        if (fchmod(fd, mode) != 0) {
                int err = errno;
                close(fd);
                unlink(o->tmp);
                return open_error(o, err);
        }
        o->mode = CLI_OUT_REPLACE;
        o->f = fdout_open(&o->fdo, fd);
        return TKIT_EXIT_OK;
}

int cli_output_check(const char *path, const struct cli_inputs *in)
{
        const char *input = strcmp(path, "-") == 0 ? NULL : clashing_input(path, in);
        if (!input)
                return TKIT_EXIT_OK;
        fprintf(stderr, "%s: error: the output would overwrite the input '%s'\n", path, input);
        return TKIT_EXIT_USAGE;
}

int cli_output_open(struct cli_output *o, const char *path, const struct cli_inputs *in)
{
        memset(o, 0, sizeof *o);
        o->name = path;
        if (strcmp(path, "-") == 0) {
                o->name = "<stdout>";
                o->mode = CLI_OUT_STDOUT;
                o->f = stdout;
                return TKIT_EXIT_OK;
        }
        int rc = cli_output_check(path, in);
        if (rc)
                return rc;
        struct stat lst, st;
        if (lstat(path, &lst) != 0) {
                if (errno != ENOENT)
                        return open_error(o, errno);
                o->target = tkit_xstrdup(path);
                return open_replace(o, NULL);
        }
        if (S_ISLNK(lst.st_mode)) {
                /* the link stays: what it points to is written (replaced, when a regular file) */
                if (stat(path, &st) != 0)
                        return open_error(o, errno); /* dangling: ENOENT */
                if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
                        return open_direct(o, path);
                if (S_ISDIR(st.st_mode))
                        return open_error(o, EISDIR);
                o->target = realpath(path, NULL);
                if (!o->target)
                        return open_error(o, errno);
        } else if (S_ISDIR(lst.st_mode)) {
                return open_error(o, EISDIR);
        } else if (!S_ISREG(lst.st_mode)) {
                return open_direct(o, path);
        } else {
                st = lst;
                o->target = tkit_xstrdup(path);
        }
        if (access(o->target, W_OK) != 0) /* a write-protected file is not silently replaced */
                return open_error(o, errno);
        if (st.st_nlink > 1)
                return open_in_place(o); /* renaming would cut the other names off */
        return open_replace(o, &st);
}

/* Writes the memory copy over the target (several hard links, or no temporary file possible). */
static int write_in_place(struct cli_output *o)
{
        int fd = open(o->target, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
                return errno;
        struct cli_fdout fo;
        FILE *f = fdout_open(&fo, fd);
        fwrite(o->mem, 1, o->memlen, f);
        int err = fdout_flush(f, &fo);
        if (!err && fsync(fd) != 0 && errno != EINVAL)
                err = errno;
        if (fclose(f) != 0 && !err)
                err = fo.err ? fo.err : EIO;
        return err;
}

/* Flushes, syncs and closes the temporary file, then renames it over the target. */
static int finish_replace(struct cli_output *o, bool ok)
{
        int err = fdout_flush(o->f, &o->fdo);
        if (!err && ok && fsync(o->fdo.fd) != 0)
                err = errno;
        if (fclose(o->f) != 0 && !err)
                err = o->fdo.err ? o->fdo.err : EIO;
        if (ok && !err && rename(o->tmp, o->target) != 0)
                err = errno;
        if (!ok || err)
                unlink(o->tmp);
        return err;
}

int cli_output_close(struct cli_output *o, bool ok)
{
        int err = 0;
        switch (o->mode) {
        case CLI_OUT_STDOUT:
                return ok ? cli_stdout_flush() : TKIT_EXIT_OK;
        case CLI_OUT_DIRECT:
                err = fdout_flush(o->f, &o->fdo);
                if (fclose(o->f) != 0 && !err)
                        err = o->fdo.err ? o->fdo.err : EIO;
                break;
        case CLI_OUT_REPLACE:
                err = finish_replace(o, ok);
                break;
        case CLI_OUT_IN_PLACE:
                if (fclose(o->f) != 0)
                        abort(); /* a memory stream fails only for lack of memory */
                if (ok)
                        err = write_in_place(o);
                free(o->mem);
                break;
        }
        free(o->target);
        free(o->tmp);
        o->f = NULL;
        o->target = o->tmp = NULL;
        if (ok && err) {
                write_error(o->name, err);
                return TKIT_EXIT_FAIL;
        }
        return TKIT_EXIT_OK;
}

int cli_output_buffer(const char *path, const struct cli_inputs *in, const void *data, size_t len)
{
        struct cli_output o;
        int rc = cli_output_open(&o, path, in);
        if (rc)
                return rc;
        if (len)
                fwrite(data, 1, len, o.f);
        return cli_output_close(&o, true);
}

int cli_output_within(const char *path, size_t len, size_t max, const char *rule)
{
        if (len <= max)
                return TKIT_EXIT_OK;
        fprintf(stderr,
                "%s: error: [%s] not written: %zu bytes is more than the %zu bytes its reader "
                "takes\n",
                strcmp(path, "-") == 0 ? "<stdout>" : path, rule, len, max);
        return TKIT_EXIT_FAIL;
}
