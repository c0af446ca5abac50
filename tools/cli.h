/* Shared bits of the `tilekit` command line: the command table, exit codes, option helpers, the
 * inputs ("-" is stdin) and the outputs (stdout and files, every write checked).
 * Each subcommand lives in its own cmd-*.c file and only parses options and calls the library.
 *
 * Adding a command: write cmd-NAME.c with tkit_cmd_NAME() and tkit_help_NAME(), add
 * CLI_COMMAND(NAME) below and a line to cli_commands[] (cli.c), the file to meson.build, and
 * docs/man/tilekit-NAME.1 (tests/cli checks it). Write files only through cli_output_*(). */
#ifndef TKIT_CLI_H
#define TKIT_CLI_H

#include <getopt.h>
#include <glob.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "formats/tkit-formats.h"
#include "model/tkit-model.h"

/* The one exit-code table of every command (README "Exit status", docs/man/tilekit.1). */
enum {
        TKIT_EXIT_OK = 0,
        TKIT_EXIT_FAIL = 1,  /* the data is wrong: findings, a missing set, an illegal layout,
                                invalid input; or an output that cannot be written */
        TKIT_EXIT_USAGE = 2, /* bad command line (also: an output that is one of the inputs), or
                                an input that cannot be opened or read */
};

/* The database used when --db is not given: $TILEKIT_DB, else "tilekit.db". */
const char *cli_default_db(void);
/* --db FILE of every command: sets *db to `arg`, or refuses "-" (SQLite opens a database by its
 * file name, so standard input cannot be one: it would make a file named "-"): 0, or 2 after a
 * usage message naming `cmd`. (An empty name, which SQLite takes for a temporary database, is
 * refused where the database is opened: db/.) */
int cli_db_option(const char *cmd, const char **db, const char *arg);

/* Prints "tilekit COMMAND: message" and "Try 'tilekit COMMAND --help'." to stderr; returns 2.
 * The message is shown as cli_shown(…, 400) shows it: arguments it quotes cannot put control
 * characters on the terminal or fill it. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The usage error for getopt_long()'s '?' (main() turns getopt's own messages off: they quote
 * the argument raw): "unknown option 'ARG'" or "option 'ARG' needs a value", from optind, optopt
 * and the short options `optstring` of the call; returns 2. */
int cli_bad_option(const char *cmd, char *const *argv, const char *optstring);
/* `s` for a message: cli_text_escape()d, and over `max` bytes its start and end around
 * "[... N bytes left out ...]". Returns a string to free. */
char *cli_shown(const char *s, size_t max);
/* Prints "tilekit: message" to stderr; returns 1. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints every diagnostic to stderr, compiler style. */
void cli_print_diags(const struct tkit_diags *d);
/* Parses a whole decimal number in [min, max]: digits with an optional leading '-', nothing
 * else (no blanks, no '+'); false when it is not one. */
bool cli_parse_long(const char *s, long min, long max, long *out);
/* The same for an unsigned 64-bit number (seeds): digits only. */
bool cli_parse_u64(const char *s, uint64_t *out);
/* The argument of --lang: 0 (and *lang, when not NULL), or the usage error of `cmd` that lists
 * the languages. */
int cli_parse_lang(const char *cmd, const char *arg, int *lang);
/* The exit status for a library error (the table above): 0 for none; 2 for TKIT_E_IO (an input
 * that cannot be opened or read) and TKIT_E_USAGE; 1 for everything else, TKIT_E_NOTFOUND (no
 * such set) included. A failed write is reported by the output helpers, never mapped here. */
int cli_exit_for(int err);
/* Prints "tilekit VERSION" to stdout; returns 0. */
int cli_version(void);

/* The sets a command works on: read from tile-set files, or loaded from a database. */
struct cli_sets {
        struct tkit_setlist all; /* owns every set read or loaded */
        struct tkit_set **sel;   /* the selection, in the order asked for (not owned) */
        size_t nsel, capsel;
        char **ids; /* ids asked for with --set ("a,b" lists add up); none: every set */
        size_t nids, capids;
        char *where; /* where cli_sets_load() looked, for messages ("the database 'x.db'") */
};
void cli_sets_init(struct cli_sets *cs);
void cli_sets_finish(struct cli_sets *cs);
/* Adds the ids of a comma-separated list ("base,river"), as given to --set. Returns 0, or 2 after
 * a usage message naming `cmd` when the list has an empty id (",", "a,,b", ""). */
int cli_sets_add_ids(struct cli_sets *cs, const char *cmd, const char *list);
/* For commands that work on one set (export, list tiles): takes `arg` as *set; 0, or 2 after a
 * usage message when a set was given already or `arg` is empty or a list. */
int cli_one_set(const char *cmd, const char **set, const char *arg);
/* Refuses an id asked for twice (in one list or across several --set): 0, or 2 after a usage
 * message naming `cmd`. Sorts a copy: O(n log n). cli_sets_load() calls it before reading
 * anything, so every command that takes --set refuses duplicates in the same way. */
int cli_sets_check_ids(const struct cli_sets *cs, const char *cmd);
/* Where every command that reads tile sets finds them, in this order: the tile-set `files`
 * (--tiles; with `fmt`; "-" is stdin); else the database `db` (--db; NULL when not given), else
 * $TILEKIT_DB, else ./tilekit.db when it exists; else the bundled tile files (cli_bundled_tiles).
 * From a database, those asked for are loaded (read-only), else every stored set. A set id
 * defined twice in the files read is an error (as for import). Then selects the sets asked for,
 * else all; a set not found is reported with where it was looked for (cs->where). Diagnostics go
 * to `d`. Returns an exit status: 0, 1 (invalid data, a set defined twice, no such set) or 2 (an
 * id asked for twice, a file or the database cannot be opened). */
int cli_sets_load(struct cli_sets *cs, const char *cmd, const char *const *files, size_t nfiles,
                  enum tkit_format fmt, const char *db, struct tkit_diags *d);

/* Every set the scene `s` names is in `cs` (loaded by cli_sets_load): 0, or 1 after
 * "SCENE:LINE: error: [SCENE-SET] set 'X' is not in WHERE" into `d` for each one missing (a
 * missing set is wrong data, exit 1, in every command that reads scenes). */
struct tkit_scene;
int cli_scene_sets(const struct tkit_scene *s, const struct cli_sets *cs, struct tkit_diags *d);
/* Reads a scene file ("-": standard input, "<stdin>" in messages); NULL with *status 2 when it
 * cannot be opened or read, 1 when it is invalid (every problem in `d`); *status 0 otherwise. */
struct tkit_scene *cli_read_scene(const char *path, struct tkit_diags *d, int *status);

/* The bundled tile files, for commands that need sets a scene names when no database is there:
 * when `db` is NULL and neither $TILEKIT_DB nor ./tilekit.db exists, globs the files shipped
 * with tilekit ($TILEKIT_DATA_DIR, else the source tree it was built from): the files NAME.xml
 * of tilesets/ (our own sets only: third_party/ is never read at run time) into `g` and returns
 * true (the caller globfree()s it; it may hold no paths when the files are
 * gone); otherwise leaves `g` empty and returns false: the database is the place to look. */
bool cli_bundled_tiles(const char *db, glob_t *g);

/* ---------------------------------------------------------------- inputs */

/* Reads tile-set files like tkit_read_files() (JCloisterZone references linked across them), with
 * "-" meaning stdin (at most once). Returns a library error code (0, TKIT_E_IO worst). */
int cli_read_files(const char *const *paths, size_t n, enum tkit_format fmt,
                   struct tkit_setlist *out, struct tkit_diags *d);
/* The same, with a step of `progress` (tools/progress.h; may be NULL) after each file. */
struct cli_progress;
int cli_read_files_progress(const char *const *paths, size_t n, enum tkit_format fmt,
                            struct tkit_setlist *out, struct tkit_diags *d,
                            struct cli_progress *progress);
/* Reads a layout JSON file ("-": stdin) and resolves and replays it against `sets` when `nsets`
 * > 0 (tkit_layout_read_json). NULL on error, with *status 2 (cannot open or read) or 1. */
struct tkit_layout;
struct tkit_layout *cli_read_layout(const char *path, struct tkit_set *const *sets, size_t nsets,
                                    struct tkit_diags *d, int *status);

/* Text for a terminal: control characters as \xHH and invalid UTF-8 bytes as \xHH, so that a
 * database cannot send escape sequences to it. Returns a string to free. */
char *cli_text_escape(const char *s);
/* Valid UTF-8 for JSON: each invalid byte becomes U+FFFD. Returns a string to free. */
char *cli_utf8_clean(const char *s);

/* ---------------------------------------------------------------- standard output
 *
 * main() wraps the command in cli_stdout_init() / cli_stdout_finish(): stdout then goes through a
 * stream that keeps the errno of its first failed write. A failed write or final flush prints
 * "<stdout>: error: cannot write: <strerror>" once and turns exit status 0 into 1; commands just
 * printf(). */
void cli_stdout_init(void);
/* Flushes stdout now (before writing to stderr, to keep the order): 0, or 1 after the message. */
int cli_stdout_flush(void);
/* Flushes and closes stdout; returns `status`, or 1 instead of 0 when writing failed. */
int cli_stdout_finish(int status);

/* ---------------------------------------------------------------- output files
 *
 * Every file a command writes goes through one struct cli_output, opened only once everything
 * else was validated:
 *
 *     struct cli_inputs in = {0};              // the files this command reads
 *     cli_inputs_add(&in, dbpath);             // NULL and "-" are ignored
 *     struct cli_output o;
 *     int rc = cli_output_open(&o, path, &in); // prints its error; returns 0, 1 or 2
 *     if (rc == 0) {
 *             bool ok = library_write(o.f, ...) == 0;  // or fwrite / fprintf to o.f
 *             rc = cli_output_close(&o, ok);   // ok false: discard, the target stays as it was
 *     }
 *     cli_inputs_finish(&in);
 *
 * or, for a buffer made in memory: rc = cli_output_buffer(path, &in, data, len).
 *
 * What the path names decides how it is written:
 * - "-": standard output (checked as above);
 * - the same file as an input (by device and inode; for a name not there yet, by directory and
 *   name): refused, exit 2, "PATH: error: the output would overwrite the input 'IN'";
 * - a device, FIFO or socket (also through a symbolic link): written directly, never replaced;
 * - a regular file, or a name not there yet: a temporary file ".tkit-XXXXXX" made with mkstemp()
 *   (O_EXCL: never follows a planted link) in the same directory, given the old file's mode (and,
 *   for root, owner), written, flushed, fsync'ed and renamed over the target only when all that
 *   succeeded; on failure it is removed and the target stays as it was;
 * - a symbolic link to a regular file: the link stays, the file it points to is replaced as above;
 *   a dangling link or a link to a directory is refused (cannot write);
 * - a symbolic link anywhere on the path that belongs to neither the caller nor the owner of the
 *   sticky world-writable directory it is in (/tmp): refused, exit 2 (the kernel's
 *   protected_symlinks rule, applied whatever the system's setting);
 * - a regular file with several hard links, or in a directory where no temporary file can be
 *   made: the output is kept in memory and written over the file in place once complete (every
 *   name sees the new content), after the space for it was reserved (fallocate): where it cannot
 *   be (a full disk, a file system that cannot reserve or writes copies: btrfs, ZFS), nothing is
 *   written, exit 1, and the file stays as it was.
 * A temporary file is removed when the command is ended by SIGTERM, SIGINT, SIGHUP, SIGQUIT or
 * SIGPIPE.
 * A failure prints "PATH: error: cannot write: <strerror>" and gives exit status 1.
 * The struct must stay where it is between open and close (the stream points into it). */
struct cli_inputs {
        const char **v;
        size_t n, cap;
        size_t nstdin; /* how many times "-" (standard input) was added */
};
void cli_inputs_add(struct cli_inputs *in, const char *path);
void cli_inputs_finish(struct cli_inputs *in);
/* Standard input can be read once: every command collects its input arguments ("-" is standard
 * input in each of them: files, --tiles, --layout, --verify, scenes) and refuses a second "-"
 * before reading anything: 0, or 2 after "tilekit CMD: standard input ('-') is named N times; it
 * can be read only once". */
int cli_inputs_stdin_once(const struct cli_inputs *in, const char *cmd);

struct cli_fdout { /* private: a stream on a file descriptor that keeps its first errno */
        int fd, err;
};
enum cli_output_mode { CLI_OUT_STDOUT, CLI_OUT_DIRECT, CLI_OUT_REPLACE, CLI_OUT_IN_PLACE };
struct cli_output {
        FILE *f;          /* write here */
        const char *name; /* for messages: the path given, "<stdout>" for "-" */
        /* private */
        enum cli_output_mode mode;
        char *target, *tmp;
        struct cli_fdout fdo;
        char *mem;
        size_t memlen;
        const char *in_place_why; /* why the file is written in place, for messages */
};
int cli_output_open(struct cli_output *o, const char *path, const struct cli_inputs *in);
/* Only the check that `path` is none of the inputs (0, or 2 after the message), for commands that
 * change something (a database) before they write the output: call it first. */
int cli_output_check(const char *path, const struct cli_inputs *in);
/* Whether the names `a` and `b` stand for the same file, by the rule above (device and inode,
 * links resolved; a name not there yet by its directory and last component). */
bool cli_same_file(const char *a, const char *b);
/* Finishes the output: with `ok`, flushes, checks and puts it in place (0, or 1 after the error);
 * without, discards it (0). */
int cli_output_close(struct cli_output *o, bool ok);
int cli_output_buffer(const char *path, const struct cli_inputs *in, const void *data, size_t len);
/* A document that a reader with a size limit must read back (a layout, a tile set) is not
 * written over that limit: 0, or 1 after "PATH: error: [RULE] not written: ..." with the
 * reader's rule id. Writers check their readers' limits before writing. */
int cli_output_within(const char *path, size_t len, size_t max, const char *rule);

/* One option of a command (tools/options.h parses them). A table ends with {NULL}. */
struct cli_opt {
        const char *name; /* long name, without "--" */
        char letter;      /* short option ('o' for -o), or 0 */
        bool value;       /* takes a value (--name VALUE, --name=VALUE, -o VALUE) */
        int code;         /* handed to the command's handler: the letter, or 256 and above */
};

struct cli_command {
        const char *name;
        const char *summary;
        int (*run)(int argc, char **argv); /* argv[0] is the command name */
        void (*help)(FILE *out);
        /* The command's own options (tools/options.h), the second table NULL or the options of
         * its subcommands; the shared groups it takes (CLI_DB, CLI_TILES, ...); its subcommands
         * ("sheet board tile scene"; NULL: none). Parsing, shell completion and -q/--quiet all
         * read these. */
        const struct cli_opt *options, *options2;
        unsigned groups;
        const char *subcommands;
};

#define CLI_COMMAND(name)                                                                          \
        int tkit_cmd_##name(int argc, char **argv);                                                \
        void tkit_help_##name(FILE *out);                                                          \
        extern const struct cli_opt tkit_opts_##name[];
CLI_COMMAND(import)
CLI_COMMAND(export)
CLI_COMMAND(list)
CLI_COMMAND(check)
CLI_COMMAND(diff)
CLI_COMMAND(simulate)
CLI_COMMAND(render)
CLI_COMMAND(bench)
CLI_COMMAND(scene)
CLI_COMMAND(score)
CLI_COMMAND(book)
CLI_COMMAND(completion)
#undef CLI_COMMAND
extern const struct cli_opt tkit_opts_render_scene[];

const struct cli_command *cli_find_command(const char *name);
extern const struct cli_command cli_commands[];

#endif
