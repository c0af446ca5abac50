/*
 * tilekit — the base every module builds on: allocation, growable buffers and the one text
 * escaper, UTF-8, a hash index, error codes, the limits of ids, language tags and text, the
 * diagnostics sink, JSON strings, and the one rule for opening an input. It knows nothing of
 * tiles (model/ builds on it) and depends on the C library alone.
 */
#ifndef TKIT_BASE_H
#define TKIT_BASE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct tkit_diags;

/* ---------------------------------------------------------------- memory helpers */

/* Allocation never fails from the caller's point of view: out of memory aborts with a message. */
void *tkit_xmalloc(size_t n);
void *tkit_xcalloc(size_t n, size_t size);
void *tkit_xrealloc(void *p, size_t n);
char *tkit_xstrdup(const char *s); /* NULL gives NULL */
char *tkit_xstrndup(const char *s, size_t n);
char *tkit_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *tkit_xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Grows *v (of element size `size`) so that index `need - 1` is valid; *cap tracks capacity. */
void tkit_grow(void **v, size_t *cap, size_t need, size_t size);
#define TKIT_PUSH(arr, n, cap)                                                                     \
        (tkit_grow((void **)&(arr), &(cap), (n) + 1, sizeof(*(arr))), &(arr)[(n)++])

/* A growable string; init zeroes it, finish frees it. */
struct tkit_buf {
        char *data; /* always NUL-terminated once anything was appended */
        size_t len, cap;
};
void tkit_buf_init(struct tkit_buf *b);
void tkit_buf_finish(struct tkit_buf *b);
void tkit_buf_add(struct tkit_buf *b, const char *s, size_t n);
void tkit_buf_puts(struct tkit_buf *b, const char *s);
void tkit_buf_printf(struct tkit_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void tkit_buf_vprintf(struct tkit_buf *b, const char *fmt, va_list ap);
/* Hands the string to the caller (who frees it) and resets the buffer. Never NULL. */
char *tkit_buf_steal(struct tkit_buf *b);
/* The one escaper of text for XML, HTML and Pango markup: & < > always become entities; the
 * flags add what a caller's output needs. NULL appends nothing. */
enum {
        TKIT_ESC_QUOT = 1u << 0, /* " as &quot; (attribute values, HTML text as cmark writes it) */
        TKIT_ESC_APOS = 1u << 1, /* ' as &apos; (Pango markup) */
        TKIT_ESC_CTRL = 1u << 2, /* C0 bytes but tab and line feed as U+FFFD (Pango refuses them) */
        /* what XML 1.0 cannot carry (control characters, broken UTF-8, U+FFFE/FFFF) as U+FFFD, one
         * per bad byte, and carriage return as &#13; (a parser would drop it) */
        TKIT_ESC_XML = 1u << 3,
        TKIT_ESC_WS = 1u << 4, /* tab and line feed as &#9; &#10; (attributes: else normalised) */
        TKIT_ESC_XML_TEXT = TKIT_ESC_XML,
        TKIT_ESC_XML_ATTR = TKIT_ESC_XML | TKIT_ESC_QUOT | TKIT_ESC_WS,
};
void tkit_buf_put_escaped(struct tkit_buf *b, const char *s, unsigned flags);
/* `n` bytes of `s` in base64 (RFC 4648, with padding): a data: URI's payload. */
void tkit_buf_put_base64(struct tkit_buf *b, const void *s, size_t n);

/* The index of `word` in `words` (`n` of them, NULL entries skipped), or -1 (also for a NULL
 * word): the one lookup of every closed vocabulary's table. */
int tkit_word_index(const char *const *words, int n, const char *word);

/* Length (1 to 4) of the well-formed UTF-8 character at `p` within its `left` bytes (RFC 3629: no
 * overlong form, no surrogate, nothing past U+10FFFF), 0 when the bytes there are not one, at a
 * NUL or with nothing left. A NUL-terminated string may pass SIZE_MAX: a continuation byte is
 * never NUL, so the check stops at the terminator. */
size_t tkit_utf8_char(const char *p, size_t left);
/* The code point of the character of `n` bytes at `p`, which tkit_utf8_char() measured. */
uint32_t tkit_utf8_decode(const char *p, size_t n);
/* Why the character `cp` is not text that every output of tilekit takes, or NULL: "a control
 * character" (C0 but tab, line feed and carriage return; DEL; C1: not well-formed in the HTML,
 * refused by the PDF's text layout) or "a noncharacter" (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF:
 * never interchanged, and cairo aborted on them). The one definition for the book's, the XML
 * readers' and the database's text checks. */
const char *tkit_char_unfit(uint32_t cp);

/* A hash index from strings to positions in the caller's array (open addressing, FNV-1a). It
 * keeps positions and hashes only: key_of(ctx, position) gives the key of a position back, so a
 * key is never copied. Lookups and additions take O(1) on average, so scans by id stay linear. */
struct tkit_index {
        size_t *slot;   /* position + 1; 0 when empty */
        uint32_t *hash; /* hash of the slot's key */
        size_t cap, n;
};
uint32_t tkit_hash_str(const char *s);
void tkit_index_init(struct tkit_index *x);
void tkit_index_finish(struct tkit_index *x);
/* The smallest position added under `key`, or -1. */
long tkit_index_find(const struct tkit_index *x, const char *key,
                     const char *(*key_of)(const void *ctx, size_t position), const void *ctx);
/* Adds `position` under `key` (what key_of will give for it); a key added twice keeps both and
 * tkit_index_find returns the smaller position. */
void tkit_index_add(struct tkit_index *x, const char *key, size_t position);
/* The same with a hash the caller computes and a match callback: for composite keys. */
long tkit_index_find_hash(const struct tkit_index *x, uint32_t hash,
                          bool (*match)(const void *ctx, size_t position), const void *ctx);
void tkit_index_add_hash(struct tkit_index *x, uint32_t hash, size_t position);

/* ---------------------------------------------------------------- error codes */

enum tkit_error {
        TKIT_OK = 0,
        TKIT_E_INVALID = -1,  /* bad input data: diagnostics say why */
        TKIT_E_IO = -2,       /* cannot read or write a file */
        TKIT_E_DB = -3,       /* SQLite failure */
        TKIT_E_NOTFOUND = -4, /* no such set / tile / file */
        TKIT_E_USAGE = -5,    /* the caller passed nonsense */
        TKIT_E_LIMIT = -6,    /* input exceeds a documented limit */
};
const char *tkit_strerror(int err);

/* ---------------------------------------------------------------- limits of names and text
 * (the model's own limits: model/tkit-model.h) */

#define TKIT_MAX_NUMBER 999999999 /* any whole number as read (9 digits), before the checks */
#define TKIT_MAX_ID 64            /* bytes of an id (tkit_id_valid) */
#define TKIT_MAX_LANG 35          /* bytes of a language tag (tkit_lang_valid) */
#define TKIT_MAX_TEXT (16 * 1024 * 1024) /* bytes of any text: the XML readers' input limit */

/* An id: [A-Za-z0-9][A-Za-z0-9._:/@+!-]*, 1..TKIT_MAX_ID bytes. */
bool tkit_id_valid(const char *s);
/* A language tag as the formats take it: 2..TKIT_MAX_LANG letters, digits and inner single '-'. */
bool tkit_lang_valid(const char *s);
/* Text every output takes: `n` bytes of UTF-8 (RFC 3629: no overlong forms, surrogates or code
 * points above U+10FFFF), no NUL and no character tkit_char_unfit() refuses, at most
 * TKIT_MAX_TEXT bytes. */
bool tkit_text_valid(const char *s, size_t n);

/* ---------------------------------------------------------------- diagnostics */

enum tkit_severity { TKIT_SEV_NOTE = 0, TKIT_SEV_WARNING, TKIT_SEV_ERROR };
#define TKIT_SEV_COUNT 3 /* severities: the length of the per-severity counts below */
const char *tkit_severity_name(enum tkit_severity s); /* "note" "warning" "error" */

/* One finding: `file:line: severity: [RULE] tile ID: message` (`file:line:column:` when the
 * column is known: a chapter of tilekit book). */
struct tkit_diag {
        enum tkit_severity severity;
        char *file; /* may be NULL */
        int line;   /* 0 when unknown */
        char *rule; /* stable rule id, e.g. "GEO-COVER"; may be NULL for plain I/O errors */
        char *set;  /* may be NULL */
        char *tile; /* may be NULL */
        char *message;
        int column; /* 1-based, in characters; 0 when unknown (most findings) */
};

/* Findings kept per file by default (tkit_diags_init); like a compiler's error limit. */
#define TKIT_DIAGS_LIMIT 100
/* Longest set or tile label kept (bytes; longer ones are cut at a character and end in "..."),
 * and longest message. */
#define TKIT_DIAG_MAX_LABEL 80
#define TKIT_DIAG_MAX_MESSAGE 400

struct tkit_diags_state; /* private to base/diag.c */

/* The caller-supplied sink the library reports into; it never prints.
 * It keeps at most `limit` findings per file (0: all; findings without a file count as one
 * file); further ones are counted in `errors`/`warnings` and in `hidden`, and the writer
 * (formats/tkit-formats.h: tkit_diags_write; base/ has no output) ends with one line per such
 * file: "N more findings not shown". A finding
 * equal to one already kept (same severity, file, line, rule, set, tile and message) is dropped
 * and not counted: a repeated problem is reported once. Labels and messages are cut to the
 * lengths above. */
struct tkit_diags {
        struct tkit_diag *v;
        size_t n, cap;
        size_t errors, warnings; /* every finding, kept or not */
        size_t limit;            /* TKIT_DIAGS_LIMIT after tkit_diags_init; set 0 to keep all */
        size_t hidden;           /* findings counted but not kept */
        struct tkit_diags_state *state;
};
void tkit_diags_init(struct tkit_diags *d);
void tkit_diags_finish(struct tkit_diags *d);
void tkit_diags_clear(struct tkit_diags *d);
void tkit_diags_add(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                    const char *rule, const char *set, const char *tile, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
void tkit_diags_vadd(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                     const char *rule, const char *set, const char *tile, const char *fmt,
                     va_list ap);
/* A finding at a line and column (1-based, in characters) of `file`, with no set or tile. */
void tkit_diags_add_at(struct tkit_diags *d, enum tkit_severity sev, const char *file, int line,
                       int column, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));
/* `file:line[:column]: error: [RULE] tile ID: message`, without newline; caller frees. The file
 * and tile are shown by tkit_text_shown(, TKIT_SHOWN_MAX), the message by
 * tkit_text_shown(, 4 * TKIT_SHOWN_MAX), the backslash left as it is (a message may quote text
 * escaped already): what they quote cannot drive a terminal or fill it. */
char *tkit_diag_format(const struct tkit_diag *g);
/* Moves every finding of `from` into `to` (`from` is cleared), giving `file` to those that have
 * none; `to`'s limit applies, and what `from` hid is counted as hidden in `to` too. */
void tkit_diags_take(struct tkit_diags *to, struct tkit_diags *from, const char *file);
/* The i-th file that findings were reported about (in order of first finding; NULL for findings
 * without a file) and how many notes, warnings and errors of it were not kept (counts indexed
 * by enum tkit_severity, often all 0). Returns false past the last file. */
bool tkit_diags_hidden_at(const struct tkit_diags *d, size_t i, const char **file,
                          size_t counts[TKIT_SEV_COUNT]);
/* Counts findings of `file` that were not kept elsewhere as hidden in `d` (in errors, warnings
 * and hidden), e.g. when copying the kept findings of one sink into another. */
void tkit_diags_add_hidden(struct tkit_diags *d, const char *file,
                           const size_t counts[TKIT_SEV_COUNT]);
/* "N more findings not shown (E errors, W warnings): at most LIMIT are shown per file"; caller
 * frees. */
char *tkit_diags_hidden_message(const size_t counts[TKIT_SEV_COUNT], size_t limit);
/* The one way a text the user gave is quoted in a message (base/diag.c): control characters,
 * invalid UTF-8 bytes and the backslash escaped (\x1b, \xff, \\) and, over `max` bytes once
 * escaped, its start and end around "[... N bytes left out of LEN ...]". Caller frees. */
#define TKIT_SHOWN_MAX 400
char *tkit_text_shown(const char *s, size_t max);
/* The same escaping without shortening (`replace` false), or (`replace` true) valid UTF-8 for
 * JSON: each invalid byte becomes U+FFFD, nothing else changes. Caller frees. */
char *tkit_text_escape(const char *s, bool replace);
/* Appends `s` to `b` as a JSON string literal (quotes included), escaping as JSON requires; a
 * byte that is not part of valid UTF-8 becomes \ufffd, so that the output is always JSON. */
void tkit_json_string(struct tkit_buf *b, const char *s);

/* ---------------------------------------------------------------- opening an input
 *
 * The one rule of every reader (base/input.c): an input is a regular file. It is opened
 * non-blocking and checked with fstat() before anything is read, so that a FIFO, a terminal or a
 * device named as a tile set, a scene, a chapter, an art manifest, an image or a layout is
 * refused at once ("cannot open NAME: it is a FIFO, not a file") instead of blocking forever.
 * Returns a blocking stream to fclose(), or NULL after "NAME: error: cannot open NAME: ..." in `d`
 * (NAME is `shown`, or `path` when NULL; `d` may be NULL). */
FILE *tkit_input_open(const char *path, const char *shown, struct tkit_diags *d);
/* "a directory", "a FIFO", "a character device", ... for a st_mode that is not a regular file. */
const char *tkit_file_kind(unsigned mode);

#endif
