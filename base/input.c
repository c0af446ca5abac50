/* The one rule by which tilekit opens a file to read (base/tkit-base.h, tkit_input_open): a
 * regular file only. A FIFO with no writer, a terminal or a device never ends (or never starts):
 * opening it without O_NONBLOCK would already block, so the file is opened non-blocking, looked
 * at with fstat() and refused unless regular; only then is the descriptor made blocking again.
 * This is the only I/O of base/ and model/: every reader above (formats, the book, the art of render, the
 * layouts of sim) opens its files here, so that none of them can hang on a planted FIFO. */
#define _GNU_SOURCE
#include "base/tkit-base.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *tkit_file_kind(unsigned mode)
{
        mode_t m = (mode_t)mode;
        return S_ISDIR(m)    ? "a directory"
               : S_ISFIFO(m) ? "a FIFO"
               : S_ISCHR(m)  ? "a character device"
               : S_ISBLK(m)  ? "a block device"
               : S_ISSOCK(m) ? "a socket"
                             : "not a regular file";
}

FILE *tkit_input_open(const char *path, const char *shown, struct tkit_diags *d)
{
        const char *name = shown ? shown : path;
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        struct stat st;
        int err = fd < 0 ? errno : fstat(fd, &st) != 0 ? errno : 0;
        if (!err && !S_ISREG(st.st_mode)) {
                if (d)
                        tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL,
                                       "cannot open %s: it is %s, not a file (name a regular "
                                       "file)",
                                       name, tkit_file_kind(st.st_mode));
                close(fd);
                return NULL;
        }
        int fl = err ? -1 : fcntl(fd, F_GETFL);
        if (!err && (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0))
                err = errno;
        FILE *f = err ? NULL : fdopen(fd, "rb");
        if (!f) {
                err = err ? err : errno;
                if (fd >= 0)
                        close(fd);
                if (d)
                        tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL,
                                       "cannot open %s: %s", name, strerror(err));
        }
        return f;
}
