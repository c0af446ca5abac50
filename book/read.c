/* Reading a chapter: cmark's parse tree, and in it the pictures of scenes and the computed values
 * (docs/book.md), each with its place in the source for diagnostics. No I/O here. */
#include "book/book-private.h"

#include "formats/tkit-formats.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

enum tkit_book_format tkit_book_format_from_path(const char *path)
{
        const char *dot = path ? strrchr(path, '.') : NULL;
        if (dot && strcasecmp(dot, ".pdf") == 0)
                return TKIT_BOOK_PDF;
        if (dot && (strcasecmp(dot, ".html") == 0 || strcasecmp(dot, ".htm") == 0))
                return TKIT_BOOK_HTML;
        return TKIT_BOOK_NONE;
}

const char *tkit_book_rule_id(enum book_rule r)
{
        static const char *const ids[BOOK_R_COUNT] = {
            [BOOK_R_VALUE_ASSERT] = "BOOK-VALUE-ASSERT",
            [BOOK_R_VALUE_PATH] = "BOOK-VALUE-PATH",
            [BOOK_R_VALUE_SCENE] = "BOOK-VALUE-SCENE",
            [BOOK_R_VALUE_SYNTAX] = "BOOK-VALUE-SYNTAX",
            [BOOK_R_SCENE_MISSING] = "BOOK-SCENE-MISSING",
            [BOOK_R_SCENE_ILLEGAL] = "BOOK-SCENE-ILLEGAL",
            [BOOK_R_SCENE_EXPECT] = "BOOK-SCENE-EXPECT",
            [BOOK_R_CAPTION] = "BOOK-CAPTION",
            [BOOK_R_PICTURE_OPTION] = "BOOK-PICTURE-OPTION",
            [BOOK_R_PICTURE_ALONE] = "BOOK-PICTURE-ALONE",
            [BOOK_R_IMAGE] = "BOOK-IMAGE",
            [BOOK_R_TEXT] = "BOOK-TEXT",
            [BOOK_R_LIMIT] = "BOOK-LIMIT",
            [BOOK_R_LANG] = "BOOK-LANG",
            [BOOK_R_KEY] = "BOOK-KEY",
        };
        return (unsigned)r < BOOK_R_COUNT ? ids[r] : "BOOK-?";
}

void tkit_book_options_init(struct tkit_book_options *o)
{
        memset(o, 0, sizeof *o);
        o->lang = NULL; /* the chapter's */
        o->page_w_mm = 210;
        o->page_h_mm = 297;
        o->margin_mm = 20;
        o->tile_mm = 20;
}

bool tkit_book_paper_parse(const char *s, double *w_mm, double *h_mm)
{
        if (!s)
                return false;
        if (strcasecmp(s, "a4") == 0) {
                *w_mm = 210;
                *h_mm = 297;
                return true;
        }
        if (strcasecmp(s, "letter") == 0) {
                *w_mm = 215.9;
                *h_mm = 279.4;
                return true;
        }
        char *end;
        errno = 0;
        double w = strtod(s, &end);
        if (errno || end == s || (*end != 'x' && *end != 'X'))
                return false;
        const char *hs = end + 1;
        double h = strtod(hs, &end);
        if (errno || end == hs || strcmp(end, "mm") != 0)
                return false;
        if (!(w >= 50 && w <= 2000 && h >= 50 && h <= 2000))
                return false;
        *w_mm = w;
        *h_mm = h;
        return true;
}

/* ---------------------------------------------------------------- positions */

enum { COL_BLOCK = 64 };

static bool lead_byte(char c)
{
        return ((unsigned char)c & 0xc0) != 0x80;
}

/* The start of every line and the characters before every block: one pass. */
static void index_lines(struct tkit_book *b)
{
        size_t cap = 0, chars = 0;
        *TKIT_PUSH(b->line_start, b->nlines, cap) = 0;
        b->chars_before = tkit_xmalloc((b->len / COL_BLOCK + 1) * sizeof *b->chars_before);
        for (size_t i = 0; i < b->len; i++) {
                if (i % COL_BLOCK == 0)
                        b->chars_before[i / COL_BLOCK] = chars;
                chars += lead_byte(b->text[i]);
                if (b->text[i] == '\n' ||
                    (b->text[i] == '\r' && (i + 1 == b->len || b->text[i + 1] != '\n')))
                        *TKIT_PUSH(b->line_start, b->nlines, cap) = i + 1;
        }
        if (b->len % COL_BLOCK == 0)
                b->chars_before[b->len / COL_BLOCK] = chars;
}

/* Characters in text[0, pos): at most COL_BLOCK bytes counted. */
static size_t chars_to(const struct tkit_book *b, size_t pos)
{
        size_t chars = b->chars_before[pos / COL_BLOCK];
        for (size_t i = pos / COL_BLOCK * COL_BLOCK; i < pos; i++)
                chars += lead_byte(b->text[i]);
        return chars;
}

void tkit_book_node_pos(const struct tkit_book *b, cmark_node *n, int *line, int *column)
{
        *line = cmark_node_get_start_line(n);
        int bytecol = cmark_node_get_start_column(n);
        *column = bytecol;
        if (*line < 1 || (size_t)*line > b->nlines || bytecol < 1)
                return;
        /* columns in characters: the UTF-8 lead bytes between the line's start and the node */
        size_t start = b->line_start[*line - 1], end = start + (size_t)bytecol - 1;
        end = end > b->len ? b->len : end;
        *column = (int)(chars_to(b, end) - chars_to(b, start)) + 1;
}

/* The line and column (in characters, from 1) of the byte at `pos`: a binary search of the lines. */
void tkit_book_offset_pos(const struct tkit_book *b, size_t pos, int *line, int *column)
{
        pos = pos > b->len ? b->len : pos;
        size_t lo = 0, hi = b->nlines; /* the last line that starts at or before pos */
        while (hi - lo > 1) {
                size_t mid = lo + (hi - lo) / 2;
                if (b->line_start[mid] <= pos)
                        lo = mid;
                else
                        hi = mid;
        }
        *line = (int)lo + 1;
        *column = (int)(chars_to(b, pos) - chars_to(b, b->line_start[lo])) + 1;
}

/* ---------------------------------------------------------------- pictures */

static bool is_scene_target(const char *url)
{
        size_t n = url ? strlen(url) : 0;
        return n > 4 && strcasecmp(url + n - 4, ".xml") == 0;
}

/* Whether `n` is only white space or a line break (what may surround a picture). */
static bool blank_inline(cmark_node *n)
{
        cmark_node_type t = cmark_node_get_type(n);
        if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
                return true;
        if (t != CMARK_NODE_TEXT)
                return false;
        for (const char *s = cmark_node_get_literal(n); s && *s; s++)
                if (*s != ' ' && *s != '\t')
                        return false;
        return true;
}

static bool alone_in_paragraph(cmark_node *image)
{
        cmark_node *para = cmark_node_parent(image);
        if (!para || cmark_node_get_type(para) != CMARK_NODE_PARAGRAPH)
                return false;
        for (cmark_node *c = cmark_node_first_child(para); c; c = cmark_node_next(c))
                if (c != image && !blank_inline(c))
                        return false;
        return true;
}

static void picture_error(struct tkit_diags *d, const struct tkit_book *b,
                          const struct book_picture *p, const char *rule, const char *fmt,
                          const char *arg)
{
        tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, p->line, p->column, rule, fmt, arg);
}

/* render's views (tkit_scene_state_name), joined: "during|before|after" or "during, before or
 * after". */
static char *view_names(const char *sep, const char *last)
{
        struct tkit_buf o;
        tkit_buf_init(&o);
        for (int i = 0; i <= TKIT_SCENE_AFTER; i++)
                tkit_buf_printf(&o, "%s%s",
                                i == 0                  ? ""
                                : i == TKIT_SCENE_AFTER ? last
                                                        : sep,
                                tkit_scene_state_name((enum tkit_scene_state)i));
        return tkit_buf_steal(&o);
}

/* The options of a picture that are one word each, and the flag each sets. */
static bool flag_option(struct book_picture *p, const char *opt)
{
        static const struct {
                const char *word;
                size_t offset;
        } flags[] = {
            {"full", offsetof(struct book_picture, full)},
            {"grid", offsetof(struct book_picture, grid)},
            {"beside", offsetof(struct book_picture, beside)},
        };
        for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
                if (strcmp(opt, flags[i].word) == 0) {
                        *(bool *)((char *)p + flags[i].offset) = true;
                        return true;
                }
        return false;
}

/* One option of the title: tile-mm=MM, view=during|before|after, full, grid, beside. */
static void picture_option(struct tkit_book *b, struct book_picture *p, const char *opt,
                           struct tkit_diags *d)
{
        const char *eq = strchr(opt, '=');
        size_t klen = eq ? (size_t)(eq - opt) : strlen(opt);
        const char *v = eq ? eq + 1 : NULL;
        if (klen == 7 && strncmp(opt, "tile-mm", 7) == 0 && v) {
                char *end;
                errno = 0;
                double mm = strtod(v, &end);
                if (errno || end == v || *end || !(mm >= 5 && mm <= 100))
                        picture_error(d, b, p, tkit_book_rule_id(BOOK_R_PICTURE_OPTION),
                                      "tile-mm=%s: give a size in millimetres, 5..100", v);
                else
                        p->tile_mm = mm;
        } else if (klen == 4 && strncmp(opt, "view", 4) == 0 && v) {
                int view = tkit_scene_state_parse(v); /* render's names: one table */
                if (view >= 0) {
                        p->view = (enum tkit_scene_state)view;
                } else {
                        char *views = view_names(", ", " or ");
                        tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, p->line, p->column,
                                          tkit_book_rule_id(BOOK_R_PICTURE_OPTION), "view=%s: the views are %s", v,
                                          views);
                        free(views);
                }
        } else if (flag_option(p, opt)) {
                ; /* full, grid, beside */
        } else {
                char *views = view_names("|", "|");
                tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, p->line, p->column,
                                  tkit_book_rule_id(BOOK_R_PICTURE_OPTION),
                                  "unknown picture option '%s': the options are tile-mm=MM, "
                                  "view=%s, full, grid and beside",
                                  opt, views);
                free(views);
        }
}

static void picture_options(struct tkit_book *b, struct book_picture *p, const char *title,
                            struct tkit_diags *d)
{
        char *copy = tkit_xstrdup(title ? title : "");
        char *save = NULL;
        for (char *t = strtok_r(copy, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
                picture_option(b, p, t, d);
        free(copy);
}

static void add_picture(struct tkit_book *b, cmark_node *image, struct tkit_diags *d)
{
        struct book_picture *p = TKIT_PUSH(b->pictures, b->npictures, b->cappictures);
        memset(p, 0, sizeof *p);
        p->image = image;
        p->scene = -1;
        p->target = tkit_xstrdup(cmark_node_get_url(image));
        tkit_book_node_pos(b, image, &p->line, &p->column);
        picture_options(b, p, cmark_node_get_title(image), d);
        if (alone_in_paragraph(image)) {
                p->para = cmark_node_parent(image);
                cmark_node_set_user_data(p->para, (void *)(uintptr_t)b->npictures);
        } else
                picture_error(d, b, p, tkit_book_rule_id(BOOK_R_PICTURE_ALONE),
                              "the picture of %s must stand alone in its paragraph (a blank line "
                              "before and after it)",
                              p->target);
}

/* ---------------------------------------------------------------- values */

/* A code span is a value when it starts with '=' or with an integer and '='. */
static bool looks_like_value(const char *s)
{
        if (!s)
                return false;
        const char *p = s + (*s == '-');
        while (*p >= '0' && *p <= '9')
                p++;
        return *p == '=' && (p == s || p > s + (*s == '-'));
}

/* Whether the code span `n` was written with a blank after its opening backticks (`` ` =x ` ``):
 * CommonMark strips one blank from each side, so its text no longer shows it; the source does.
 * That is the documented way to show code that starts with `=` without it being a value. */
static bool padded_span(const struct tkit_book *b, cmark_node *n)
{
        int line = cmark_node_get_start_line(n), col = cmark_node_get_start_column(n);
        if (line < 1 || (size_t)line > b->nlines || col < 1)
                return false;
        size_t i = b->line_start[line - 1] + (size_t)col - 1;
        while (i < b->len && b->text[i] == '`')
                i++;
        return i < b->len && (b->text[i] == ' ' || b->text[i] == '\n' || b->text[i] == '\r');
}

static void value_error(struct tkit_diags *d, const struct tkit_book *b, const struct book_value *v,
                        const char *why)
{
        tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, v->line, v->column, tkit_book_rule_id(BOOK_R_VALUE_SYNTAX),
                          "`%s`: %s; a value is written `=SCENE:PATH` or `N=SCENE:PATH`", v->text,
                          why);
}

static void add_value(struct tkit_book *b, cmark_node *code, struct tkit_diags *d)
{
        struct book_value *v = TKIT_PUSH(b->values, b->nvalues, b->capvalues);
        memset(v, 0, sizeof *v);
        v->code = code;
        v->scene = -1;
        cmark_node_set_user_data(code, (void *)(uintptr_t)b->nvalues);
        v->text = tkit_xstrdup(cmark_node_get_literal(code));
        tkit_book_node_pos(b, code, &v->line, &v->column);
        const char *eq = strchr(v->text, '=');
        if (eq != v->text) {
                char *end;
                errno = 0;
                v->expected = strtol(v->text, &end, 10);
                if (errno || end != eq) {
                        value_error(d, b, v, "the number before '=' is out of range");
                        return;
                }
                v->assert = true;
        }
        const char *ref = eq + 1, *colon = strchr(ref, ':');
        if (!colon || colon == ref || !colon[1]) {
                value_error(d, b, v, "no scene or no path");
                return;
        }
        for (const char *s = ref; *s; s++)
                if (*s == ' ' || *s == '\t') {
                        value_error(d, b, v, "a value holds no blanks");
                        return;
                }
        v->scene_ref = tkit_xstrndup(ref, (size_t)(colon - ref));
        v->path = tkit_xstrdup(colon + 1);
        tkit_book_value_noun(b, v, d);
}

/* Any other image: the chapter draws scenes only (a photo would need a file next to the HTML). */
static void image_error(const struct tkit_book *b, cmark_node *n, struct tkit_diags *d)
{
        int line, column;
        tkit_book_node_pos(b, n, &line, &column);
        tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, line, column, tkit_book_rule_id(BOOK_R_IMAGE),
                          "'%s' is not a scene: a picture is drawn from a scene file (*.xml)",
                          cmark_node_get_url(n));
}

/* ---------------------------------------------------------------- the chapter */

static void dir_of(struct tkit_book *b, const char *path)
{
        const char *slash = path ? strrchr(path, '/') : NULL;
        b->dir = slash ? tkit_xstrndup(path, (size_t)(slash - path) + 1) : tkit_xstrdup("");
}

/* Reports the character `cp` (written as `how`) at line:column; false when too many were. */
static bool bad_char(const struct tkit_book *b, int line, int column, uint32_t cp, const char *how,
                     size_t *reported, struct tkit_diags *d)
{
        enum { MAX_REPORTED = 20 }; /* then the first ones say what to do */
        if ((*reported)++ < MAX_REPORTED)
                tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, line, column, tkit_book_rule_id(BOOK_R_TEXT),
                                  "U+%04" PRIX32 "%s is %s, not text: remove it", cp, how,
                                  tkit_char_unfit(cp));
        return *reported < MAX_REPORTED;
}

/* A chapter is UTF-8 text (the PDF's text layout takes nothing else) of characters every output
 * takes: the first byte that is not UTF-8, or a NUL, and every control character or
 * noncharacter (tkit_char_unfit) is reported at its line and column (BOOK-TEXT). Found by
 * fuzz-book: a heading with 0xFF bytes was read, then could not be written. Returns whether all
 * was text. */
static bool check_utf8(const struct tkit_book *b, struct tkit_diags *d)
{
        const unsigned char *u = (const unsigned char *)b->text;
        size_t line = 1, column = 1, reported = 0;
        for (size_t i = 0; i < b->len;) {
                size_t n = tkit_utf8_char((const char *)u + i, b->len - i);
                if (!n) {
                        tkit_diags_add_at(
                            d, TKIT_SEV_ERROR, b->file, (int)line, (int)column, tkit_book_rule_id(BOOK_R_TEXT),
                            "byte 0x%02x is not UTF-8 text (a chapter is UTF-8)", u[i]);
                        return false;
                }
                uint32_t cp = tkit_utf8_decode((const char *)u + i, n);
                if (tkit_char_unfit(cp) &&
                    !bad_char(b, (int)line, (int)column, cp, "", &reported, d))
                        return false;
                bool nl = u[i] == '\n' || (u[i] == '\r' && (i + 1 == b->len || u[i + 1] != '\n'));
                line += nl;
                column = nl ? 1 : column + 1;
                i += n;
        }
        return reported == 0;
}

/* The same for what cmark decoded: a character reference (`&#1;`, `&#xFFFE;`) becomes the
 * character in the text, the link or the title. Reported at the node's place. */
static void check_decoded(const struct tkit_book *b, cmark_node *n, size_t *reported,
                          struct tkit_diags *d)
{
        const char *texts[] = {cmark_node_get_literal(n), cmark_node_get_url(n),
                               cmark_node_get_title(n)};
        for (size_t k = 0; k < sizeof texts / sizeof *texts; k++) {
                const unsigned char *p = (const unsigned char *)texts[k];
                for (size_t n8; p && *p; p += n8 ? n8 : 1) {
                        n8 = tkit_utf8_char((const char *)p, SIZE_MAX);
                        /* cmark writes &#xFFFE; and &#xFFFF; as one byte that is not UTF-8 */
                        uint32_t cp = n8 ? tkit_utf8_decode((const char *)p, n8) : 0xfffe;
                        int line, column;
                        if (!tkit_char_unfit(cp))
                                continue;
                        tkit_book_node_pos(b, n, &line, &column);
                        if (!bad_char(b, line, column, cp, " (from a character reference)",
                                      reported, d))
                                return;
                }
        }
}

struct tkit_book *tkit_book_read(const char *text, size_t len, const char *path,
                                 struct tkit_diags *d)
{
        size_t errors = d->errors;
        struct tkit_book *b = tkit_xcalloc(1, sizeof *b);
        b->file = tkit_xstrdup(path ? path : "<stdin>");
        dir_of(b, path);
        b->text = tkit_xstrndup(text ? text : "", text ? len : 0);
        b->len = text ? len : 0;
        index_lines(b);
        bool text_ok = check_utf8(b, d);
        size_t decoded_bad = 0;
        tkit_book_find_lang(b, d);
        b->doc = cmark_parse_document(b->text, b->len, CMARK_OPT_SOURCEPOS);
        if (!b->doc)
                abort(); /* cmark fails only for lack of memory */
        cmark_iter *it = cmark_iter_new(b->doc);
        cmark_event_type ev;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
                cmark_node *n = cmark_iter_get_node(it);
                if (ev != CMARK_EVENT_ENTER)
                        continue;
                cmark_node_type t = cmark_node_get_type(n);
                if (text_ok) /* else reported once, in the source */
                        check_decoded(b, n, &decoded_bad, d);
                if (t == CMARK_NODE_IMAGE && is_scene_target(cmark_node_get_url(n)))
                        add_picture(b, n, d);
                else if (t == CMARK_NODE_IMAGE)
                        image_error(b, n, d);
                else if (t == CMARK_NODE_CODE && looks_like_value(cmark_node_get_literal(n)) &&
                         !padded_span(b, n))
                        add_value(b, n, d);
        }
        cmark_iter_free(it);
        b->read_errors = d->errors - errors;
        return b;
}

struct tkit_book *tkit_book_read_stream(FILE *f, const char *name, struct tkit_diags *d, int *err)
{
        struct tkit_buf text;
        tkit_buf_init(&text);
        char chunk[65536];
        size_t n;
        int rc = 0;
        while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
                if (text.len + n > TKIT_MAX_INPUT_BYTES) { /* pipes too: counted as read */
                        tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, tkit_book_rule_id(BOOK_R_LIMIT), NULL, NULL,
                                       "larger than %u bytes", TKIT_MAX_INPUT_BYTES);
                        rc = TKIT_E_LIMIT;
                        break;
                }
                tkit_buf_add(&text, chunk, n);
        }
        if (!rc && ferror(f)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL, "cannot read: %s",
                               strerror(errno ? errno : EIO));
                rc = TKIT_E_IO;
        }
        struct tkit_book *b = rc ? NULL : tkit_book_read(text.data, text.len, name, d);
        tkit_buf_finish(&text);
        if (err)
                *err = rc;
        return b;
}

struct tkit_book *tkit_book_read_file(const char *path, struct tkit_diags *d, int *err)
{
        FILE *f = tkit_input_open(path, NULL, d); /* a regular file only: never blocks */
        if (!f) {
                if (err)
                        *err = TKIT_E_IO;
                return NULL;
        }
        struct tkit_book *b = tkit_book_read_stream(f, path, d, err);
        fclose(f);
        return b;
}

void tkit_book_destroy(struct tkit_book *b)
{
        if (!b)
                return;
        for (size_t i = 0; i < b->npictures; i++) {
                free(b->pictures[i].target);
                free(b->pictures[i].caption);
        }
        for (size_t i = 0; i < b->nvalues; i++) {
                free(b->values[i].text);
                free(b->values[i].scene_ref);
                free(b->values[i].path);
                free(b->values[i].noun);
        }
        for (size_t i = 0; i < b->nscenes; i++) {
                free(b->scenes[i].path);
                tkit_game_result_finish(&b->scenes[i].r);
                tkit_scene_destroy(b->scenes[i].scene);
        }
        free(b->pictures);
        free(b->values);
        free(b->scenes);
        cmark_node_free(b->doc);
        free(b->line_start);
        free(b->chars_before);
        free(b->text);
        free(b->dir);
        free(b->lang);
        free(b->file);
        free(b);
}

void tkit_book_stats(const struct tkit_book *b, struct tkit_book_stats *s)
{
        memset(s, 0, sizeof *s);
        s->pictures = b->npictures;
        s->values = b->nvalues;
        s->scenes = b->nscenes;
        for (size_t i = 0; i < b->nvalues; i++)
                s->assertions += b->values[i].assert;
}

const char *tkit_book_scene_path(const struct tkit_book *b, size_t i)
{
        return i < b->nscenes ? b->scenes[i].path : NULL;
}

/* The nodes of pictures and values carry their index + 1 as cmark's user data. */
const struct book_value *tkit_book_value_of(const struct tkit_book *b, cmark_node *code)
{
        uintptr_t i = (uintptr_t)cmark_node_get_user_data(code);
        return i && i <= b->nvalues && b->values[i - 1].code == code ? &b->values[i - 1] : NULL;
}

const struct book_picture *tkit_book_picture_of(const struct tkit_book *b, cmark_node *para)
{
        uintptr_t i = (uintptr_t)cmark_node_get_user_data(para);
        return i && i <= b->npictures && b->pictures[i - 1].para == para ? &b->pictures[i - 1]
                                                                         : NULL;
}

/* ---------------------------------------------------------------- text */

static void plain(const struct tkit_book *b, cmark_node *n, struct tkit_buf *out)
{
        cmark_iter *it = cmark_iter_new(n);
        cmark_event_type ev;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
                cmark_node *c = cmark_iter_get_node(it);
                if (ev != CMARK_EVENT_ENTER)
                        continue;
                switch (cmark_node_get_type(c)) {
                case CMARK_NODE_TEXT:
                        tkit_buf_puts(out, cmark_node_get_literal(c));
                        break;
                case CMARK_NODE_CODE: {
                        const struct book_value *v = tkit_book_value_of(b, c);
                        if (v && v->ok) {
                                char *s = tkit_book_value_print(
                                    v, b->resolved_lang[0] ? b->resolved_lang : "en");
                                tkit_buf_puts(out, s);
                                free(s);
                        } else
                                tkit_buf_puts(out, cmark_node_get_literal(c));
                        break;
                }
                case CMARK_NODE_SOFTBREAK:
                case CMARK_NODE_LINEBREAK:
                        tkit_buf_puts(out, " ");
                        break;
                default:
                        break;
                }
        }
        cmark_iter_free(it);
        tkit_buf_puts(out, "");
}

char *tkit_book_plain_text(const struct tkit_book *b, cmark_node *n)
{
        struct tkit_buf out;
        tkit_buf_init(&out);
        cmark_node *c = cmark_node_first_child(n);
        for (; c; c = cmark_node_next(c))
                plain(b, c, &out);
        tkit_buf_puts(&out, "");
        return tkit_buf_steal(&out);
}

char *tkit_book_title(const struct tkit_book *b)
{
        for (cmark_node *n = cmark_node_first_child(b->doc); n; n = cmark_node_next(n))
                if (cmark_node_get_type(n) == CMARK_NODE_HEADING)
                        return tkit_book_plain_text(b, n);
        return NULL;
}
