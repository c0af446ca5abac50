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
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#ifndef FALLOC_FL_KEEP_SIZE
#define FALLOC_FL_KEEP_SIZE 0x01
#endif
#ifndef FALLOC_FL_UNSHARE_RANGE
#define FALLOC_FL_UNSHARE_RANGE 0x40
#endif

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

/* "PATH: error: message" on stderr, shown as every diagnostic is (tkit_diag_format: control
 * characters escaped, a long path or message shortened with its length stated). */
static void path_error(const char *path, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void path_error(const char *path, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *msg = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        struct tkit_diag g = {TKIT_SEV_ERROR, (char *)path, 0, NULL, NULL, NULL, msg, 0};
        char *line = tkit_diag_format(&g);
        fprintf(stderr, "%s\n", line);
        free(line);
        free(msg);
}

static void write_error(const char *name, int err)
{
        path_error(name, "cannot write: %s", strerror(err));
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
        if (path && strcmp(path, "-") == 0)
                in->nstdin++;
        else if (path)
                *TKIT_PUSH(in->v, in->n, in->cap) = path;
}

int cli_inputs_stdin_once(const struct cli_inputs *in, const char *cmd)
{
        if (in->nstdin < 2)
                return TKIT_EXIT_OK;
        return cli_usage_error(
            cmd, "standard input ('-') is named %zu times; it can be read only once", in->nstdin);
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

bool cli_same_file(const char *a, const char *b)
{
        struct file_id x, y;
        file_id(a, &x);
        file_id(b, &y);
        bool same = same_file(&x, &y);
        free(x.base);
        free(y.base);
        return same;
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

/* ---------------------------------------------------------------- temporary files and signals
 *
 * A command stopped by a signal (SIGTERM during a long render, SIGINT, a closed pipe) must not
 * leave its temporary file behind: the open ones are listed here and a handler removes them
 * (unlink is async-signal-safe), then lets the signal end the process as it would have. */

#define MAX_TEMPS 8
static char *volatile temps[MAX_TEMPS];
static const int cleanup_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE};

static void remove_temps(int sig)
{
        for (int i = 0; i < MAX_TEMPS; i++)
                if (temps[i])
                        unlink(temps[i]);
        signal(sig, SIG_DFL);
        raise(sig);
}

/* Blocks the cleanup signals while the list changes (returns the old mask in *old). */
static void block_cleanup(sigset_t *old)
{
        sigset_t set;
        sigemptyset(&set);
        for (size_t i = 0; i < sizeof cleanup_signals / sizeof *cleanup_signals; i++)
                sigaddset(&set, cleanup_signals[i]);
        sigprocmask(SIG_BLOCK, &set, old);
}

/* Lists `path` (its template before mkstemp fills it in: an unlink of that name is harmless);
 * false when the list is full. */
static bool temp_register(char *path)
{
        static bool installed;
        sigset_t old;
        block_cleanup(&old);
        if (!installed) {
                for (size_t i = 0; i < sizeof cleanup_signals / sizeof *cleanup_signals; i++) {
                        struct sigaction sa, prev;
                        sigaction(cleanup_signals[i], NULL, &prev);
                        if (prev.sa_handler == SIG_IGN)
                                continue; /* ignored by whoever started us: stays ignored */
                        memset(&sa, 0, sizeof sa);
                        sa.sa_handler = remove_temps;
                        sigemptyset(&sa.sa_mask);
                        sigaction(cleanup_signals[i], &sa, NULL);
                }
                installed = true;
        }
        bool ok = false;
        for (int i = 0; i < MAX_TEMPS && !ok; i++)
                if (!temps[i]) {
                        temps[i] = path;
                        ok = true;
                }
        sigprocmask(SIG_SETMASK, &old, NULL);
        return ok;
}

static void temp_forget(const char *path)
{
        sigset_t old;
        block_cleanup(&old);
        for (int i = 0; i < MAX_TEMPS; i++)
                if (temps[i] == path)
                        temps[i] = NULL;
        sigprocmask(SIG_SETMASK, &old, NULL);
}

/* ---------------------------------------------------------------- symbolic links in shared
 * directories
 *
 * The kernel's protected_symlinks rule, applied whatever /proc/sys/fs/protected_symlinks says: in
 * a sticky world-writable directory (/tmp), a symbolic link is followed only when it belongs to
 * the directory's owner or to the caller. Otherwise anyone could plant /tmp/x/out.xml -> a file
 * only root may write, and root's output would replace it. */

/* 0, or 2 after the message, when the link `link` (lstat'ed as `lst`) in directory `dir` may not
 * be followed; `path` is the output named. */
static int check_link(const char *path, const char *link, const char *dir, const struct stat *lst)
{
        struct stat dst;
        if (stat(dir, &dst) != 0)
                return TKIT_EXIT_OK; /* the open that follows reports it */
        bool shared = (dst.st_mode & S_ISVTX) && (dst.st_mode & S_IWOTH);
        if (!shared || lst->st_uid == dst.st_uid || lst->st_uid == geteuid())
                return TKIT_EXIT_OK;
        path_error(path,
                   "will not follow the symbolic link '%s': it is in a sticky "
                   "world-writable directory and belongs to user %lu, who is neither the "
                   "directory's owner nor you (the kernel's protected_symlinks rule; see OUTPUT "
                   "FILES in tilekit(1))",
                   link, (unsigned long)lst->st_uid);
        return TKIT_EXIT_USAGE;
}

/* Every symbolic link on the way to `path` (each component, the last one too) checked. */
static int check_links(const char *path)
{
        char *prefix = tkit_xstrdup(path);
        size_t len = strlen(prefix);
        int rc = TKIT_EXIT_OK;
        for (size_t i = 1; i <= len && rc == TKIT_EXIT_OK; i++) {
                if (i < len && prefix[i] != '/')
                        continue;
                char saved = prefix[i];
                prefix[i] = '\0';
                struct stat lst;
                if (prefix[i - 1] != '/' && lstat(prefix, &lst) == 0 && S_ISLNK(lst.st_mode)) {
                        char *slash = strrchr(prefix, '/');
                        char *dir = !slash ? tkit_xstrdup(".")
                                    : slash == prefix
                                        ? tkit_xstrdup("/")
                                        : tkit_xstrndup(prefix, (size_t)(slash - prefix));
                        rc = check_link(path, prefix, dir, &lst);
                        free(dir);
                }
                prefix[i] = saved;
        }
        free(prefix);
        return rc;
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
 * in): the output is kept in memory and written over the file, in place, once complete and once
 * the space for it is reserved (write_in_place). `why` says which, for messages. */
static int open_in_place(struct cli_output *o, const char *why)
{
        o->mode = CLI_OUT_IN_PLACE;
        o->in_place_why = why;
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
        if (!temp_register(o->tmp)) {
                free(o->tmp);
                o->tmp = NULL;
                return open_error(o, EMFILE); /* more outputs at once than listed: none has */
        }
        int fd = mkstemp(o->tmp);
        if (fd < 0) {
                int err = errno;
                temp_forget(o->tmp);
                free(o->tmp);
                o->tmp = NULL;
                if (old && (err == EACCES || err == EPERM || err == EROFS) &&
                    access(o->target, W_OK) == 0)
                        return open_in_place(o, "no temporary file can be made in its directory");
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
                temp_forget(o->tmp);
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
        path_error(path, "the output would overwrite the input '%s'", input);
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
        if (!rc)
                rc = check_links(path);
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
        if (st.st_nlink > 1) /* renaming would cut the other names off */
                return open_in_place(o, "it has several hard links");
        return open_replace(o, &st);
}

/* File systems that write a changed block to a new place (copy on write): space reserved for a
 * file does not cover overwriting what it holds, so a full disk could still cut it short. */
static bool copy_on_write(int fd)
{
        struct statfs fs;
        if (fstatfs(fd, &fs) != 0)
                return false;
        switch ((unsigned long)fs.f_type) {
        case 0x9123683eUL: /* btrfs */
        case 0x2fc12fc1UL: /* zfs */
        case 0xca451a4eUL: /* bcachefs */
                return true;
        default:
                return false;
        }
}

/* Reserves the blocks for `len` bytes from the start of the file before a byte of it changes:
 * fallocate(2) without changing its size (nothing changes when it fails). XFS shares blocks
 * between copies (reflink): those are unshared first. 0, or an errno (ENOSPC, EDQUOT,
 * EOPNOTSUPP where the file system cannot reserve, ...). */
static int reserve(int fd, size_t len, off_t size)
{
        if (copy_on_write(fd))
                return EOPNOTSUPP;
        off_t keep = size < (off_t)len ? size : (off_t)len;
        if (keep > 0 && fallocate(fd, FALLOC_FL_UNSHARE_RANGE, 0, keep) != 0 &&
            errno != EOPNOTSUPP && errno != EINVAL)
                return errno;
        if (len && fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)len) != 0)
                return errno == ENOSYS ? EOPNOTSUPP : errno;
        return 0;
}

/* Writes the memory copy over the target in place (several hard links, or no temporary file
 * possible): the space is reserved first, so that a full disk refuses the write before anything
 * changes rather than cutting the file short (README, OUTPUT FILES in tilekit(1)); then every
 * byte is written from the start, the rest cut off, and the file synced. *reserving tells the
 * caller that the failure came from the reservation: the file is as it was. */
static int write_in_place(struct cli_output *o, bool *reserving)
{
        *reserving = true;
        int fd = open(o->target, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
                return errno;
        struct stat st;
        int err = fstat(fd, &st) != 0 ? errno : reserve(fd, o->memlen, st.st_size);
        if (!err)
                *reserving = false;
        for (size_t done = 0; !err && done < o->memlen;) {
                ssize_t w = pwrite(fd, o->mem + done, o->memlen - done, (off_t)done);
                if (w < 0 && errno == EINTR)
                        continue;
                if (w <= 0)
                        err = w < 0 ? errno : EIO;
                else
                        done += (size_t)w;
        }
        if (!err && st.st_size > (off_t)o->memlen && ftruncate(fd, (off_t)o->memlen) != 0)
                err = errno;
        if (!err && fsync(fd) != 0 && errno != EINVAL)
                err = errno;
        if (close(fd) != 0 && !err && errno != EINTR)
                err = errno;
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
        temp_forget(o->tmp);
        return err;
}

/* The refusal of an in-place write whose space could not be reserved: nothing was changed. */
static void in_place_error(const struct cli_output *o, int err)
{
        const char *how = err == EOPNOTSUPP
                              ? "this file system cannot reserve the space ahead, so a full disk "
                                "could cut the file short"
                              : strerror(err);
        path_error(o->name,
                   "cannot write: %s, so it would be written in place, and %zu bytes "
                   "cannot be reserved for it first: %s; the file is as it was (write to a new "
                   "name, or remove the other names)",
                   o->in_place_why, o->memlen, how);
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
                bool reserving = false;
                if (ok)
                        err = write_in_place(o, &reserving);
                if (ok && err && reserving) {
                        in_place_error(o, err);
                        free(o->mem);
                        free(o->target);
                        o->f = NULL;
                        o->target = NULL;
                        return TKIT_EXIT_FAIL;
                }
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
        path_error(strcmp(path, "-") == 0 ? "<stdout>" : path,
                   "[%s] not written: %zu bytes is more than the %zu bytes its reader takes", rule,
                   len, max);
        return TKIT_EXIT_FAIL;
}
