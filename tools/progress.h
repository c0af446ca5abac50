/* Progress of long work (simulate --store, import, render sheet, book) on standard error: only
 * when it is a terminal, never in a pipe or a file, and never after -q/--quiet, which main()
 * takes for every command before the command sees its arguments (cli_take_quiet). One line,
 * rewritten in place ("\r"), at most about 10 times a second, ended by a newline. */
#ifndef TKIT_PROGRESS_H
#define TKIT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* -q/--quiet was given: no progress (and, where a command has one, no summary either). */
extern bool cli_quiet;

/* Removes every -q and --quiet before the first "--" from argv (argc updated, argv[argc] NULL)
 * and sets cli_quiet; an argument that is the value of the option before it (a long option of
 * the command's table that takes one, without "=": "--set -q", or a short one alone: "-o -q")
 * is left alone. */
void cli_take_quiet(int *argc, char **argv);

struct cli_progress {
        bool on;          /* stderr is a terminal and not quiet */
        bool shown;       /* something is on the line */
        const char *what; /* "storing layouts" */
        struct timespec last;
};
/* Starts a progress line saying `what` (a string that outlives `p`). */
void cli_progress_start(struct cli_progress *p, const char *what);
/* `done` of `total` (total 0: unknown, the count alone); shown when 0.1 s passed since the last
 * one, or when done == total. */
void cli_progress_step(struct cli_progress *p, size_t done, size_t total);
/* Ends the line (a newline when something was shown). */
void cli_progress_end(struct cli_progress *p);

#endif
