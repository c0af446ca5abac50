/*
 * tilekit — a rulebook chapter in CommonMark whose pictures are drawn from scenes and whose
 * numbers are computed by the rules engine (docs/book.md), typeset to PDF (cairo + Pango) or
 * written as one standalone HTML file (cmark's HTML, the pictures as inline SVG).
 *
 * Two extensions, both valid CommonMark that any Markdown viewer shows:
 * - a picture of a scene: an image whose target is a scene file (`![](../scenes/x.xml
 * "view=after")`), drawn by render/ (tkit_render_scene_*), captioned by its alt text or else by the
 * scene's caption in the chapter's language;
 * - a computed value: a code span `=SCENE:PATH` (the number the engine computes) or
 *   `N=SCENE:PATH` (N, and an error when the engine computes another number).
 *
 * Use: tkit_book_read() parses the chapter (no I/O), tkit_book_resolve() reads its scenes, applies
 * their moves and computes and checks every value, tkit_book_write() writes the PDF or the HTML.
 * Every problem goes to the caller's diagnostics sink as `CHAPTER:LINE:COLUMN: error: [BOOK-…]`
 * (column in characters); the library never prints. Output is deterministic: the same chapter,
 * scenes, sets and fonts give the same bytes (the PDF carries a fixed creation date).
 *
 * Memory: the book owns its parse tree, its scenes and their results; tkit_book_destroy() frees
 * them. The sets given to tkit_book_resolve() must outlive the book.
 */
#ifndef TKIT_BOOK_H
#define TKIT_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/tkit-model.h"
#include "model/tkit-scene.h"

enum tkit_book_format {
        TKIT_BOOK_NONE = 0,
        TKIT_BOOK_PDF,
        TKIT_BOOK_HTML,
};
/* By the output name's extension: .pdf, .html or .htm (any case); TKIT_BOOK_NONE otherwise. */
enum tkit_book_format tkit_book_format_from_path(const char *path);

/* Loads the scene a chapter names (`path` as resolved against the options' base directory);
 * returns NULL after reporting into `d`. The caller of tkit_book_resolve() may supply one (tests,
 * fuzzing); the default reads the file with formats/. The book destroys what it returns. */
typedef struct tkit_scene *(*tkit_book_load_fn)(void *ctx, const char *path, struct tkit_diags *d);

/* What the writes of a book share: the pictures' maps of each tile and the hyphenation patterns
 * of each language, worked out once. It points into the tile sets drawn: free it before them.
 * The patterns are looked for once per language (TILEKIT_HYPHEN_DIR as it was then). */
struct tkit_book_cache;
struct tkit_book_cache *tkit_book_cache_new(void);
void tkit_book_cache_free(struct tkit_book_cache *c); /* NULL is fine */

struct tkit_book_options {
        const char *lang; /* captions, hyphenation, HTML lang: en ro cs uk; NULL (the default):
                           * the chapter's own (tkit_book_lang) */
        double page_w_mm; /* page size, default A4 (210 x 297) */
        double page_h_mm;
        double margin_mm;       /* every side, default 20 */
        double tile_mm;         /* a picture's tile size unless it says otherwise, default 20 */
        const char *base_dir;   /* scene paths are relative to it; NULL: the chapter's directory */
        tkit_book_load_fn load; /* NULL: read scene files */
        void *load_ctx;
        /* NULL, or told of each picture resolved ("resolving") and drawn ("drawing"): `done` of
         * `total`, for a progress line (tilekit book on a terminal) */
        void (*progress)(void *ctx, const char *what, size_t done, size_t total);
        void *progress_ctx;
        /* NULL, or a cache kept across writes (tkit_book_cache_new); each write without one
         * makes its own */
        struct tkit_book_cache *cache;
};
void tkit_book_options_init(struct tkit_book_options *o);

/* Page sizes: "a4", "letter" (any case) or "WxHmm" (e.g. "170x240mm", 50..2000 each). Returns
 * false, leaving the outputs alone, when `s` is none of them. */
bool tkit_book_paper_parse(const char *s, double *w_mm, double *h_mm);

struct tkit_book;

/* Parses `len` bytes of CommonMark named `path` (for diagnostics and, by default, the directory
 * scenes are found in); finds the pictures and values and reports malformed ones (a picture not
 * alone in its paragraph, an unknown picture option, a value that is not `[N]=SCENE:PATH`).
 * Never NULL; the caller destroys it. Invalid UTF-8 is read as U+FFFD. */
struct tkit_book *tkit_book_read(const char *text, size_t len, const char *path,
                                 struct tkit_diags *d);
/* The same from a stream read to its end, or from a file opened as named (at most
 * TKIT_MAX_INPUT_BYTES of formats/tkit-formats.h). NULL when it cannot be read, with *err (may be
 * NULL) TKIT_E_IO or TKIT_E_LIMIT and the reason in `d`. */
struct tkit_book *tkit_book_read_stream(FILE *f, const char *name, struct tkit_diags *d, int *err);
struct tkit_book *tkit_book_read_file(const char *path, struct tkit_diags *d, int *err);
void tkit_book_destroy(struct tkit_book *b);
/* The language the chapter is set in: the options' when they name one, else the chapter's own
 * (a first-line comment `<!-- lang: cs -->`, else a file name NAME.cs.md), else "en". */
const char *tkit_book_lang(const struct tkit_book *b, const struct tkit_book_options *o);

/* Reads each scene the chapter names once, validates it and applies its move against `sets`
 * (game/tkit-game.h), computes every value and checks every assertion and caption. Reports every
 * problem (a missing or illegal scene, a scene that does not score as it expects, an unknown
 * value path, a failed assertion, a missing caption) at its place in the chapter. Returns 0, or
 * TKIT_E_INVALID when anything was reported as an error (then write refuses). */
int tkit_book_resolve(struct tkit_book *b, const struct tkit_book_options *o,
                      struct tkit_set *const *sets, size_t nsets, struct tkit_diags *d);

/* Writes the resolved chapter to `f` (`name` in diagnostics) as PDF (A4 or the page size of `o`,
 * pictures vector, text selectable, fonts embedded, page numbers) or as HTML5 (one file: the
 * pictures inline SVG, a print stylesheet). Every write is checked. Returns 0, TKIT_E_USAGE (bad
 * options, a book that did not resolve) or TKIT_E_IO. `pages`, when not NULL, receives the
 * number of PDF pages (1 for HTML). */
int tkit_book_write(const struct tkit_book *b, const struct tkit_book_options *o,
                    enum tkit_book_format fmt, FILE *f, const char *name, int *pages,
                    struct tkit_diags *d);

struct tkit_book_stats {
        size_t pictures, values, assertions, scenes;
};
void tkit_book_stats(const struct tkit_book *b, struct tkit_book_stats *s);
/* The path of the i-th scene read by tkit_book_resolve() (i < stats.scenes; NULL past them), as
 * it was opened: the command line refuses an output that is one of them (tools/output.c). */
const char *tkit_book_scene_path(const struct tkit_book *b, size_t i);

/* A value path evaluated on its own, as the chapter would (for tests and tools): `path` is the
 * part after the scene (`points:you`), on the engine's result `r` of `scene`. Returns 0 and sets
 * *value, or TKIT_E_INVALID with a message in *why (the caller frees it): what is wrong and,
 * after a newline when there is a list of them, what is valid ("no player 'bleu' in scene
 * cb-example-2\nthe players are you, blue"). A chapter reports the first line as the error and
 * the list as a note at the same place. */
struct tkit_game_result;
int tkit_book_value(const struct tkit_scene *scene, const struct tkit_game_result *r,
                    const char *path, long *value, char **why);

#endif
