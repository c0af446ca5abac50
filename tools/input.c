/* What the command line reads ("-" is stdin: the library opens paths as they are named) and how
 * it shows text from a database on a terminal. */
#include "cli.h"
#include "progress.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "sim/tkit-sim.h"

static bool is_stdin(const char *path)
{
        return strcmp(path, "-") == 0;
}

int cli_read_files(const char *const *paths, size_t n, enum tkit_format fmt,
                   struct tkit_setlist *out, struct tkit_diags *d)
{
        return cli_read_files_progress(paths, n, fmt, out, d, NULL);
}

int cli_read_files_progress(const char *const *paths, size_t n, enum tkit_format fmt,
                            struct tkit_setlist *out, struct tkit_diags *d,
                            struct cli_progress *progress)
{
        int worst = TKIT_OK;
        bool stdin_read = false;
        size_t nstdin = 0;
        for (size_t i = 0; i < n; i++)
                nstdin += is_stdin(paths[i]);
        if (nstdin > 1) { /* refused before anything is read (cli_inputs_stdin_once) */
                tkit_diags_add(d, TKIT_SEV_ERROR, "<stdin>", 0, NULL, NULL, NULL,
                               "standard input ('-') is named %zu times; it can be read only once",
                               nstdin);
                return TKIT_E_USAGE;
        }
        for (size_t i = 0; i < n; i++) {
                int rc;
                if (is_stdin(paths[i]) && stdin_read) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, "<stdin>", 0, NULL, NULL, NULL,
                                       "standard input ('-') can be read only once");
                        rc = TKIT_E_USAGE;
                } else if (is_stdin(paths[i])) {
                        stdin_read = true;
                        rc = tkit_read_stream(stdin, "<stdin>", fmt, out, d);
                } else {
                        rc = tkit_read_file(paths[i], fmt, out, d);
                }
                if (progress)
                        cli_progress_step(progress, i + 1, n);
                /* an input that cannot be read at all outranks one that is merely invalid */
                if (rc < 0 && (worst == TKIT_OK || cli_exit_for(rc) > cli_exit_for(worst)))
                        worst = rc;
        }
        tkit_jcz_link(out);
        return worst;
}

struct tkit_layout *cli_read_layout(const char *path, struct tkit_set *const *sets, size_t nsets,
                                    struct tkit_diags *d, int *status)
{
        const char *name = is_stdin(path) ? "<stdin>" : path;
        FILE *f = is_stdin(path) ? stdin : tkit_input_open(path, NULL, d);
        int err = f ? 0 : EIO; /* reported by tkit_input_open */
        struct tkit_layout *l = NULL;
        if (!err) {
                l = tkit_layout_read_json_stream(f, name, sets, nsets, d);
                if (ferror(f))
                        err = EIO; /* reported by the reader */
        }
        if (f && f != stdin)
                fclose(f);
        *status = l ? TKIT_EXIT_OK : err ? TKIT_EXIT_USAGE : TKIT_EXIT_FAIL;
        return l;
}

/* One helper for the whole program (base/diag.c), also used by every diagnostic. */
char *cli_text_escape(const char *s)
{
        return tkit_text_escape(s, false);
}

char *cli_utf8_clean(const char *s)
{
        return tkit_text_escape(s, true);
}
