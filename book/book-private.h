/* Internals shared by the book module's files: the parsed chapter with its pictures, values and
 * scenes (read.c, resolve.c), the value paths (values.c), the writers (pdf.c, html.c). */
#ifndef TKIT_BOOK_PRIVATE_H
#define TKIT_BOOK_PRIVATE_H

#include <cmark.h>

#include "book/tkit-book.h"
#include "game/tkit-game.h"
#include "render/tkit-render.h"

/* The rules of a chapter (docs/book.md, "Errors"): one enum, one table of ids (book/read.c). */
enum book_rule {
        BOOK_R_VALUE_ASSERT = 0,
        BOOK_R_VALUE_PATH,
        BOOK_R_VALUE_SCENE,
        BOOK_R_VALUE_SYNTAX,
        BOOK_R_SCENE_MISSING,
        BOOK_R_SCENE_ILLEGAL,
        BOOK_R_SCENE_EXPECT,
        BOOK_R_CAPTION,
        BOOK_R_PICTURE_OPTION,
        BOOK_R_PICTURE_ALONE,
        BOOK_R_IMAGE,
        BOOK_R_TEXT,
        BOOK_R_LIMIT,
        BOOK_R_LANG,
        BOOK_R_KEY,
        BOOK_R_COUNT
};
const char *tkit_book_rule_id(enum book_rule r);

enum book_scene_state {
        BOOK_SCENE_MISSING = 0, /* cannot be read */
        BOOK_SCENE_ILLEGAL,     /* the engine refuses it */
        BOOK_SCENE_EXPECT,      /* it does not score as its <expect> says */
        BOOK_SCENE_OK,
};

/* A scene the chapter names (by picture or value), read and applied once. */
struct book_scene {
        char *path; /* as resolved (base directory + the target as written) */
        struct tkit_scene *scene;
        struct tkit_game_result r;
        enum book_scene_state state;
};

struct book_picture {
        cmark_node *image, *para; /* the image and the paragraph it stands alone in */
        int line, column;
        char *target;               /* as written */
        double tile_mm;             /* 0: the options' */
        enum tkit_scene_state view; /* view=before|during|after: render's moments of a scene */
        bool full, grid;
        bool beside; /* set beside the text that follows it, on the page's outer side */
        int scene;     /* index into scenes, -1 until resolved */
        char *caption; /* the alt text, else the scene's caption in the chapter's language */
};

struct book_value {
        cmark_node *code;
        int line, column;
        char *text;  /* the code span as written */
        bool assert; /* N=... */
        long expected;
        char *scene_ref; /* a picture's scene id, or a scene file (.xml) */
        char *path;      /* what follows the scene, up to a '|' */
        char *noun;      /* `|NOUN`: the number printed with its noun (tkit_text_counted), or NULL */
        int scene;       /* -1 until resolved */
        long value;
        bool ok;
};

/* Where the key of the marks goes: the chapter's `key:` (docs/book.md, "The key of the marks"). */
enum book_key { BOOK_KEY_NONE = 0, BOOK_KEY_CHAPTER, BOOK_KEY_PICTURES };

struct tkit_book {
        char *file; /* the chapter's name */
        char *lang; /* the chapter's own language (first-line comment, file name), or NULL */
        enum book_key key;
        char resolved_lang[16]; /* the language it was resolved in: values with nouns in text */
        char *dir;  /* its directory, with a trailing '/', or "" */
        cmark_node *doc;
        size_t *line_start; /* byte offset of each line (1-based lines: line_start[line - 1]) */
        size_t nlines;
        /* characters (UTF-8 lead bytes) before each block of COL_BLOCK bytes: a node's column is
         * counted from the block it is in, not from its line's start (which made N values on
         * one line quadratic) */
        size_t *chars_before;
        char *text; /* the source, for columns in characters */
        size_t len;
        struct book_picture *pictures;
        size_t npictures, cappictures;
        struct book_value *values;
        size_t nvalues, capvalues;
        struct book_scene *scenes;
        size_t nscenes, capscenes;
        struct tkit_set *const *sets;
        size_t nsets;
        size_t read_errors; /* errors tkit_book_read() reported */
        bool resolved;      /* read and resolved with no error */
};

/* Where a node starts, in lines and characters (cmark counts bytes). */
void tkit_book_node_pos(const struct tkit_book *b, cmark_node *n, int *line, int *column);
/* The line and column of the byte at `pos` of the chapter's text. */
void tkit_book_offset_pos(const struct tkit_book *b, size_t pos, int *line, int *column);
/* The value's text (the number) for a code span that is a value, else NULL. */
const struct book_value *tkit_book_value_of(const struct tkit_book *b, cmark_node *code);
/* The value as printed in `lang`: "6", or with its noun "2 meepleși"; the caller frees it. */
char *tkit_book_value_print(const struct book_value *v, const char *lang);
/* The picture whose paragraph is `para`, else NULL. */
const struct book_picture *tkit_book_picture_of(const struct tkit_book *b, cmark_node *para);
/* Render options for a picture at `tile_mm` (points per tile). */
struct tkit_scene_render_options;
void tkit_book_render_options(const struct tkit_book *b, const struct book_picture *p,
                              const struct tkit_book_options *o,
                              struct tkit_scene_render_options *ro);
/* key.c: the marks a picture uses, read off its picture map (1 << enum tkit_scene_key_mark; the
 * ring of what the move adds only in the move shown), and the key of `marks` as an HTML list:
 * each mark's swatch (an SVG data: URI) beside its words in `lang`. Nothing for no marks. */
unsigned tkit_book_picture_marks(const struct tkit_scene_picture *pic, enum tkit_scene_state view);
void tkit_book_key_html(struct tkit_buf *o, unsigned marks, const char *lang);
/* The text of the first heading (for titles), or NULL; the caller frees it. */
char *tkit_book_title(const struct tkit_book *b);
/* Text of an inline subtree, values replaced by their numbers; the caller frees it. */
char *tkit_book_plain_text(const struct tkit_book *b, cmark_node *n);

/* A value's `|NOUN` (lang.c): taken off its path into v->noun, an unknown noun reported. */
void tkit_book_value_noun(struct tkit_book *b, struct book_value *v, struct tkit_diags *d);
/* lang.c: the chapter's language (read from its first comment or its file name, into b->lang),
 * hyphenation points (U+00AD) from the system's patterns, and no-break spaces after Czech and
 * Slovak one-letter words. */
void tkit_book_find_lang(struct tkit_book *b, struct tkit_diags *d);
struct book_hyph;
struct book_hyph *tkit_book_hyph_open(const char *lang); /* NULL: no patterns for it */
/* The cache's pieces (book/cache.c): the maps for the pictures' options (NULL without a cache),
 * and the patterns of `lang`, opened the first time (NULL: none), owned by the cache. */
struct tkit_render_cache *tkit_book_cache_maps(struct tkit_book_cache *c);
struct book_hyph *tkit_book_cache_hyph(struct tkit_book_cache *c, const char *lang);
void tkit_book_hyph_close(struct book_hyph *h);
void tkit_book_hyphenate(struct book_hyph *h, const char *text, struct tkit_buf *out);
bool tkit_book_ties_lang(const char *lang);
char *tkit_book_ties(const char *text, bool markup); /* the caller frees it */
/* Whether `s` (len bytes) ends with a one-letter word that a following line break must not
 * leave at a line's end (the HTML's soft breaks). */
bool tkit_book_tie_at_end(const char *s, size_t len);

/* What the PDF's layout placed where, for tests: each line of text and each picture (with its
 * caption) on its page. */
struct book_placed {
        bool picture;
        bool key;           /* the chapter's key of the marks (key: chapter) */
        unsigned marks;     /* a picture's or the key's marks: 1 << enum tkit_scene_key_mark */
        double key_h;       /* a picture: the height of the key under it (key: pictures) */
        double beside_w;    /* a picture beside the text: its width, else 0 */
        double shift;       /* a line beside such a picture: the room it leaves for it */
        bool heading;       /* a line of a heading */
        int block;          /* the paragraph, heading, code block or picture (in chapter order) */
        int line, lines;    /* a line's place in its block (0-based) and the block's lines */
        int with;           /* a picture: the paragraph it is kept with, -1 when none */
        int page;           /* 0-based */
        double y, h;        /* points from the page's top */
};
/* Lays out the resolved chapter as tkit_book_write_pdf() would; returns the number of pages and
 * the placed rows (the caller frees them), or -1 after reporting into `d`. */
int tkit_book_layout_pdf(const struct tkit_book *b, const struct tkit_book_options *o,
                         struct book_placed **placed, size_t *n, struct tkit_diags *d);
/* The PDF's body text size in points, and the most characters a page of the options' size can
 * hold in it (at 0.3 em a character and 1.3 lines: more than any real text fits): a paragraph,
 * heading or code block over it is refused (BOOK-LIMIT) before it is shaped, in --check too;
 * one that fits that but not a page once laid out is refused by the PDF writer. Never a page
 * cut short in silence, never a million-character word shaped for minutes. */
#define BOOK_BODY_SIZE 10.5
size_t tkit_book_page_chars(const struct tkit_book_options *o);
/* Reports (BOOK-LIMIT, at the block's line) every block over tkit_book_page_chars(). */
void tkit_book_check_blocks(const struct tkit_book *b, const struct tkit_book_options *o,
                            struct tkit_diags *d);

/* The writers, called by tkit_book_write, which gives them a cache (o->cache) when the caller
 * gave none. */
int tkit_book_write_pdf(const struct tkit_book *b, const struct tkit_book_options *o, FILE *f,
                        const char *name, int *pages, struct tkit_diags *d);
int tkit_book_write_html(const struct tkit_book *b, const struct tkit_book_options *o, FILE *f,
                         const char *name, struct tkit_diags *d);

#endif
