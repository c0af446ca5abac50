/* Progress lines on a terminal and -q/--quiet (progress.h). */
#include "progress.h"
#include "cli.h"
#include "options.h"

#include <string.h>
#include <unistd.h>

bool cli_quiet;

/* Whether `arg` is an option of `c` that takes its value in the next argument: a long one
 * without "=" ("--set"), or a short one alone ("-o"). */
static bool takes_next(const struct cli_command *c, const char *arg)
{
        const struct cli_opt *o = cli_find_option(c, arg);
        return o && o->value;
}

void cli_take_quiet(int *argc, char **argv)
{
        const struct cli_command *c = *argc > 1 ? cli_find_command(argv[1]) : NULL;
        int out = 1;
        bool rest = false; /* after "--": operands only */
        for (int i = 1; i < *argc; i++) {
                const char *a = argv[i];
                bool value =
                    i > 1 && takes_next(c, argv[i - 1]) && out > 0 && argv[out - 1] == argv[i - 1];
                if (!rest && !value && (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)) {
                        cli_quiet = true;
                        continue;
                }
                rest |= strcmp(a, "--") == 0;
                argv[out++] = argv[i];
        }
        argv[out] = NULL;
        *argc = out;
}

void cli_progress_start(struct cli_progress *p, const char *what)
{
        memset(p, 0, sizeof *p);
        p->on = !cli_quiet && isatty(STDERR_FILENO);
        p->what = what;
}

void cli_progress_step(struct cli_progress *p, size_t done, size_t total)
{
        if (!p->on)
                return;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double since =
            (double)(now.tv_sec - p->last.tv_sec) + (double)(now.tv_nsec - p->last.tv_nsec) / 1e9;
        if (p->shown && since < 0.1 && done != total)
                return;
        p->last = now;
        cli_stdout_flush(); /* stdout may be the same terminal */
        if (total)
                fprintf(stderr, "\r%s: %zu/%zu (%d%%)", p->what, done, total,
                        (int)(100.0 * (double)done / (double)total));
        else
                fprintf(stderr, "\r%s: %zu", p->what, done);
        fflush(stderr);
        p->shown = true;
}

void cli_progress_end(struct cli_progress *p)
{
        if (p->on && p->shown)
                fputc('\n', stderr);
        p->shown = false;
}
