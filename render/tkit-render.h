/*
 * tilekit — drawing with cairo: tile art from the geometry alone, multi-cell pieces with their
 * defense posts, printable reference sheets (PDF) and board pictures (PNG, SVG, PDF).
 *
 * Nothing here reads tile data: callers pass model structs (model/tkit-model.h). Output is
 * deterministic: the same input gives the same bytes (PNG, SVG) and the same pages (PDF; the
 * PDF carries no creation date). Text uses the "DejaVu Sans" face through fontconfig (Debian
 * package fonts-dejavu-core), which covers Latin diacritics and Cyrillic.
 *
 * Drawing functions take a cairo context and leave its state as they found it. File functions
 * return 0 or a negative enum tkit_error and report into the caller's struct tkit_diags.
 * Each comes in two forms: `*_stream` writes to the caller's FILE * (every write checked; the
 * caller flushes and closes it, and names it with `path` in diagnostics and, for
 * TKIT_IMAGE_AUTO, for the format), and the plain form writes the file `path` in place, but only
 * after the whole picture was made (refused options leave the file alone). The command line
 * writes through the stream forms and its own output helper (temporary file, rename).
 */
#ifndef TKIT_RENDER_H
#define TKIT_RENDER_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model/tkit-model.h"
#include "model/tkit-scene.h"
#include "game/tkit-game.h" /* enum tkit_scene_state: the moment a picture shows */

struct tkit_layout;
struct tkit_game_result;

/* ---------------------------------------------------------------- colours */

/* The palette of the tile art, so that tests and legends can name a colour. */
enum tkit_render_color {
        TKIT_COLOR_FIELD = 0,
        TKIT_COLOR_CITY,
        TKIT_COLOR_WALL,
        TKIT_COLOR_ROAD,
        TKIT_COLOR_ROAD_EDGE,
        TKIT_COLOR_RIVER,
        TKIT_COLOR_CLOISTER,
        TKIT_COLOR_ROOF,
        TKIT_COLOR_GARDEN,
        TKIT_COLOR_PENNANT,
        TKIT_COLOR_MARKER, /* the frame around reconstructed tiles */
        TKIT_COLOR_COUNT
};
/* 0xRRGGBB; 0 for an unknown value. */
uint32_t tkit_render_color(enum tkit_render_color c);

/* Frees the font caches cairo and fontconfig keep for the life of the process, so that leak
 * checkers (valgrind, LeakSanitizer) see a clean exit. Call at most once, at exit, when no cairo
 * object is alive any more; nothing may be drawn afterwards. */
void tkit_render_cleanup(void);

/* Before the one Pango font map of the process: reads fontconfig's configuration on the calling
 * thread, and makes tkit_render_cleanup() leave cairo's and fontconfig's caches alone, which the
 * font map and its fontconfig thread hold until the process ends. */
void tkit_render_fonts_shared(void);
/* The one Pango font map of the process (never freed; its first use calls
 * tkit_render_fonts_shared), and a new context on it whose font options do not depend on the
 * user's fontconfig setup: the pictures' texts and the book's pages are set with them. */
struct _PangoFontMap *tkit_render_font_map(void);
struct _PangoContext *tkit_render_pango_context(void);

/* ---------------------------------------------------------------- tile and piece art */

enum tkit_render_flag {
        TKIT_RENDER_DEBUG = 1u << 0,     /* perimeter positions with the feature owning each */
        TKIT_RENDER_FRAME = 1u << 1,     /* a thin dark line on the tile's edge */
        TKIT_RENDER_NO_MARKER = 1u << 2, /* do not mark reconstructed tiles */
        TKIT_RENDER_NO_BADGES = 1u << 3, /* no siege symbols, no illustrations */
        TKIT_RENDER_NO_ILLUSTRATIONS = 1u << 4, /* siege symbols, but no illustrations */
};

/* Draws `t` turned `rot` quarter turns clockwise into the square with top-left corner (x, y)
 * and side `size` (user units of `cr`). Art that touches an edge is continued `bleed` units
 * beyond it (for printing; 0 for none) and everything is clipped to the square plus bleed.
 * Badges (siege symbols bottom-left in their order, the illustrations as small pictures
 * top-right, five to a row) and text stay upright whatever the rotation. */
void tkit_render_tile(cairo_t *cr, const struct tkit_tile *t, int rot, double x, double y,
                      double size, double bleed, unsigned flags);

/* The publisher's own tile art: the images of an art manifest (model/tkit-art.h, read by
 * formats/), loaded and found by tile for the sets given. Images of sets not given are skipped;
 * an image of a tile its set does not have is a warning (ART-TILE); an image that cannot be read
 * as PNG is an error (ART-IMAGE) and gives NULL: not a regular file (a FIFO is refused before it
 * can block), not a PNG (no signature), damaged, or over the limits below, read from its header
 * before anything is decoded. Each file is decoded once, however many entries name it, and only
 * when a tile drawn needs it (tkit_render_art_decoded). Destroy accepts NULL. */
#define TKIT_RENDER_ART_MAX_SIDE 16384                /* pixels on a side */
#define TKIT_RENDER_ART_MAX_PIXELS (32 * 1024 * 1024) /* in all: 128 MiB decoded (4 bytes each) */
struct tkit_art;
struct tkit_render_art;
struct tkit_render_art *tkit_render_art_create(const struct tkit_art *a,
                                               struct tkit_set *const *sets, size_t nsets,
                                               struct tkit_diags *d);
void tkit_render_art_destroy(struct tkit_render_art *r);
bool tkit_render_art_has(const struct tkit_render_art *r, const struct tkit_tile *t);
size_t tkit_render_art_count(const struct tkit_render_art *r); /* tiles with an image */
/* Image files decoded so far: a file is decoded the first time a tile drawn needs it (its
 * header was checked by _create), never for tiles not drawn. */
size_t tkit_render_art_decoded(const struct tkit_render_art *r);
/* How many image files failed to decode when a tile needed them (damaged PNG data, a file that
 * changed since it was checked): those tiles were drawn with tilekit's art, so a caller that
 * drew with `r` checks this before keeping the picture. Each is reported once as ART-IMAGE into
 * `d`. */
size_t tkit_render_art_failed(const struct tkit_render_art *r, struct tkit_diags *d);
/* A warning (ART-MISSING) when `r` is not NULL and has no image of `t` (of set `set`, may be
 * NULL), reported for `file`: the tile falls back to tilekit's art. */
void tkit_render_art_missing(const struct tkit_render_art *r, const struct tkit_tile *t,
                             const char *set, const char *file, struct tkit_diags *d);
/* The same from the publisher's image of the tile when `art` has one (tkit_render_art_create),
 * with our art's teaching marks on top; our art alone when `art` is NULL or has none. */
void tkit_render_tile_art(cairo_t *cr, const struct tkit_render_art *art, const struct tkit_tile *t,
                          int rot, double x, double y, double size, double bleed, unsigned flags);

/* Draws a multi-cell piece (cells of side `cell`, cell (0, 0) at (x, y)). When `face` is a valid
 * index into p->faces, its defense posts are drawn over the art: per post a symbol, the row
 * spaces (plain light, the dark "3" and "5+" spaces marked), the meeple space and the catapult
 * space. `face` -1 draws the art alone. */
void tkit_render_piece(cairo_t *cr, const struct tkit_piece *p, int face, double x, double y,
                       double cell, double bleed, unsigned flags);

/* ---------------------------------------------------------------- files */

enum tkit_image_format {
        TKIT_IMAGE_AUTO = 0, /* from the file name's extension */
        TKIT_IMAGE_PNG,
        TKIT_IMAGE_SVG,
        TKIT_IMAGE_PDF,
};
/* By extension (.png .svg .pdf, any case); TKIT_IMAGE_AUTO when none of them. */
enum tkit_image_format tkit_image_format_from_path(const char *path);

/* Writes one tile as an image of `px` × `px` pixels (points for SVG and PDF). */
int tkit_render_tile_file(const struct tkit_tile *t, int rot, int px, unsigned flags,
                          const char *path, enum tkit_image_format fmt, struct tkit_diags *d);
int tkit_render_tile_stream(const struct tkit_tile *t, int rot, int px, unsigned flags, FILE *f,
                            const char *path, enum tkit_image_format fmt, struct tkit_diags *d);

/* Writes one multi-cell piece (with face `face`, or -1 for the art alone), `px` per cell. */
int tkit_render_piece_file(const struct tkit_piece *p, int face, int px, unsigned flags,
                           const char *path, enum tkit_image_format fmt, struct tkit_diags *d);
int tkit_render_piece_stream(const struct tkit_piece *p, int face, int px, unsigned flags, FILE *f,
                             const char *path, enum tkit_image_format fmt, struct tkit_diags *d);

/* ---------------------------------------------------------------- reference sheets */

enum tkit_paper { TKIT_PAPER_A4 = 0, TKIT_PAPER_LETTER, TKIT_PAPER_COUNT };
/* "a4", "letter" (any case); parse returns -1 when unknown. */
const char *tkit_paper_name(enum tkit_paper p);
int tkit_paper_parse(const char *s);
/* Page size in points (1/72 inch). */
void tkit_paper_size(enum tkit_paper p, double *width_pt, double *height_pt);

/* What the label under each tile says. */
enum tkit_label_flag {
        TKIT_LABEL_ID = 1u << 0,
        TKIT_LABEL_COUNT = 1u << 1, /* "×N" */
        TKIT_LABEL_NAME = 1u << 2,  /* in the sheet's language, else none (the id stands) */
        TKIT_LABEL_SET = 1u << 3,
        TKIT_LABEL_ALL = 0xfu,
};
/* Parses "id,count,name,set" (any subset, comma separated; "none" for 0). -1 when bad. */
int tkit_label_parse(const char *s);

/* Languages of the fixed sheet texts. */
bool tkit_render_lang_known(const char *lang); /* "en" "ro" "cs" "uk" */

struct tkit_sheet_options {
        enum tkit_paper paper;
        double tile_mm;   /* trim size of a tile, default 45 (the real tile) */
        double bleed_mm;  /* art beyond the trim line, default 3 */
        double margin_mm; /* page margin, default 10 */
        bool crop_marks;  /* default true: short lines outside the bleed on each trim line */
        bool summary;     /* default true: a summary page in front of each set's tiles */
        const char *lang; /* every word printed (text/), names: en ro cs uk, default "en" */
        unsigned labels;  /* enum tkit_label_flag, default all */
        bool notes;       /* default false: the manifest's notes (authors' words, English) */
        unsigned flags;   /* enum tkit_render_flag for the art */
        const struct tkit_render_art *art; /* the publisher's tile images, or NULL */
        /* NULL, or told of each page finished (1, 2, ...), for a progress line */
        void (*progress)(void *ctx, int page);
        void *progress_ctx;
};
void tkit_sheet_options_init(struct tkit_sheet_options *o);

/* Writes a PDF: for each set, its summary page, then its tiles (each type once, labelled with
 * its count) and its pieces (one picture per face), at their real size. Returns 0, TKIT_E_USAGE
 * (options that leave no room for one tile, unknown language), TKIT_E_IO. `pages`, when not
 * NULL, receives the number of pages written. */
int tkit_render_sheet(const struct tkit_set *const *sets, size_t nsets,
                      const struct tkit_sheet_options *o, const char *path, int *pages,
                      struct tkit_diags *d);
int tkit_render_sheet_stream(const struct tkit_set *const *sets, size_t nsets,
                             const struct tkit_sheet_options *o, FILE *f, const char *path,
                             int *pages, struct tkit_diags *d);

/* ---------------------------------------------------------------- boards */

struct tkit_board_options {
        int px;         /* pixels (points for SVG, PDF) per tile, default 64 */
        bool grid;      /* default true: thin lines between cells */
        bool coords;    /* default true: column numbers above, row numbers left */
        bool bridges;   /* default true: bridges (Castles & Bridges) drawn across their tiles */
        bool discarded; /* default true: the tiles that fitted nowhere, listed under the board */
        unsigned flags; /* enum tkit_render_flag for the art */
        const struct tkit_render_art *art; /* the publisher's tile images, or NULL */
        const char *lang; /* the header's and the discards' words (text/): en ro cs uk, or NULL
                             for en; an unknown language gives en (the command checks --lang) */
};
void tkit_board_options_init(struct tkit_board_options *o);

/* Largest picture side accepted, in pixels. */
#define TKIT_BOARD_MAX_PX 20000

/* Draws a resolved layout (model/tkit-layout.h: every placement has its def or piece) as PNG, SVG or
 * PDF. Cells whose tile is not resolved are drawn as grey squares with their id. Returns 0,
 * TKIT_E_USAGE (bad options, unknown format, picture larger than TKIT_BOARD_MAX_PX), TKIT_E_IO. */
int tkit_render_board(const struct tkit_layout *l, const struct tkit_board_options *o,
                      const char *path, enum tkit_image_format fmt, struct tkit_diags *d);
int tkit_render_board_stream(const struct tkit_layout *l, const struct tkit_board_options *o,
                             FILE *f, const char *path, enum tkit_image_format fmt,
                             struct tkit_diags *d);
/* Where board cell (x, y) has its top-left corner in that picture (pixels / points), and the
 * picture's size; for annotations and tests. */
void tkit_board_cell_origin(const struct tkit_layout *l, const struct tkit_board_options *o, int x,
                            int y, double *px, double *py, double *width, double *height);

/* ---------------------------------------------------------------- feature areas */

/* The feature of `t` (turned `rot` quarter turns clockwise) whose drawn area holds the point
 * (u, v) of the tile's square (0..1, board orientation: u east, v south), as the art draws it;
 * -1 on a wall, a road or river edge, or where no feature is drawn. */
int tkit_render_feature_at(const struct tkit_tile *t, int rot, double u, double v);
/* The same for the n × n points ((i + 0.5) / n, (j + 0.5) / n), row by row into out[j * n + i]
 * (n from 1 to 1000): one area map for all of them. */
void tkit_render_feature_grid(const struct tkit_tile *t, int rot, int n, int *out);

/* ---------------------------------------------------------------- scenes */

/* Player colours (TKIT_COLOUR_* of model/tkit-scene.h) as 0xRRGGBB, and the letter printed on
 * the player's figures for greyscale print, from the colour's word in `lang` (en ro cs uk; UTF-8,
 * one or two letters: text/tkit-text.h). */
uint32_t tkit_render_player_rgb(int colour);
const char *tkit_render_player_letter(int colour, const char *lang);


struct tkit_render_art;


/* What the legend under a scene picture holds (render scene --legend). */
enum tkit_scene_legend {
        TKIT_LEGEND_FULL = 0, /* the caption, the key, a line per event, the callouts */
        TKIT_LEGEND_KEY,      /* the caption and the key, and what explains a numbered callout
                                 (a refused action, the scene's callouts): for a page whose text
                                 tells the events */
        TKIT_LEGEND_NONE,     /* nothing under the picture (as caption = false) */
};
int tkit_scene_legend_parse(const char *s); /* full key none; -1 when unknown */

/* What a scene picture works out per tile and rotation (where on the tile each feature lies, and
 * the spots for figures on it), kept across pictures so that a book or a gallery works it out
 * once per tile. It points into the tile sets drawn: free it before them. Not thread-safe. */
struct tkit_render_cache;
struct tkit_render_cache *tkit_render_cache_new(void);
void tkit_render_cache_free(struct tkit_render_cache *c); /* NULL is fine */

struct tkit_scene_render_options {
        double px;        /* one tile: pixels for PNG, points for SVG and PDF; default 127.56
                             (45 mm, the real tile, in points) */
        double unit_pt;   /* points per picture unit: 1 for SVG and PDF (default), 72 / dpi
                             for PNG. Text is never smaller than 6 pt, and figures, badges and
                             posts have floors in points, so small tiles stay legible */
        const char *lang; /* caption, legend and labels: en ro cs uk; default en */
        enum tkit_scene_state state;
        bool full;        /* every tile; default: the tiles around what the move is about */
        bool coords;      /* column and row numbers (default false) */
        bool transparent; /* PNG: no background outside the tiles (default false) */
        bool caption;     /* default true: the caption and the legend of the events */
        enum tkit_scene_legend legend; /* with the caption: what the legend holds (default full) */
        unsigned flags;   /* enum tkit_render_flag for the tile art */
        const struct tkit_render_art *art; /* the publisher's tile images, or NULL */
        struct tkit_render_cache *cache;   /* kept across pictures, or NULL: one per picture */
};
void tkit_scene_render_options_init(struct tkit_scene_render_options *o);

/* The unit of a picture's map: the PNG's pixels, or the points of SVG and PDF. */
enum tkit_picture_unit { TKIT_UNIT_PT = 0, TKIT_UNIT_PX };
const char *tkit_picture_unit_name(enum tkit_picture_unit u); /* "pt", "px" */

/* What landed where in a scene picture (the picture map), in picture units. */
enum tkit_scene_mark_kind {
        TKIT_MARK_FIGURE = 0, /* a figure on the board */
        TKIT_MARK_POST,       /* a figure in a defense post's row or meeple space */
        TKIT_MARK_BADGE,      /* a points badge of a scored feature or post */
        TKIT_MARK_CALLOUT,    /* a numbered callout */
        TKIT_MARK_TOKEN,      /* a castle, a barn, a bridge or a catapult (`what`) */
        TKIT_MARK_TILE,       /* a tile or a cell of a piece */
        TKIT_MARK_SYMBOL,     /* a symbol of the art (`what`), or a post's catapult space */
        TKIT_MARK_POST_SPACE, /* a row space or the meeple space of a post */
        TKIT_MARK_TEXT,       /* a line of text */
        TKIT_MARK_REFUSED,    /* the red cross of a refused action */
        TKIT_MARK_NEW_TILE,   /* the frame around the tile placed: the box is its outer edge */
        TKIT_MARK_KEY,        /* a swatch of the legend's key (`what`): a player's figure as the
                                 picture draws it (`player`, `letter` when figures carry
                                 letters), or a mark of the picture: new-tile, new, returned,
                                 removed, choice, moved */
        TKIT_MARK_ARROW,      /* a figure the move moves (onto a castle or a barn): the box is
                                 where it stood, drawn faint, `line` the arrow from there to where
                                 it goes (2 points); `cell_x`, `cell_y`, `feature`: where it stood.
                                 Or (`post` >= 0) a catapult the move advances: the box is the
                                 siege symbol that sends it, the arrow ends at the catapult */
        TKIT_MARK_KIND_COUNT
};
#define TKIT_ARROW_POINTS 8 /* the most points of an arrow's way */
struct tkit_scene_mark {
        enum tkit_scene_mark_kind kind;
        enum tkit_figure_kind figure; /* FIGURE, POST */
        bool lying;                   /* a farmer lies on its field */
        int player;                   /* index into the scene's players, or -1 */
        int cell_x, cell_y;           /* board cell (FIGURE, BADGE, CALLOUT, TILE, SYMBOL) */
        int feature;                  /* feature index on that cell's tile, -1 for none */
        int rotation;                 /* the cell's rotation in quarter turns */
        const struct tkit_tile *tile; /* the cell's tile definition, or NULL */
        double x, y;                  /* the spot: centre of the box */
        double u, v;                  /* the spot in the cell (0..1) */
        double x0, y0, x1, y1;        /* the box */
        double probe_x, probe_y;      /* FIGURE, POST: a point showing the player's colour */
        int points;                   /* BADGE */
        int number;                   /* CALLOUT, REFUSED */
        int index;          /* FIGURE: index into the scene's figures; -1 for the one placed.
                               SYMBOL: a siege symbol's place on its tile, left to right (the
                               engine's tkit_game_event.symbol); -1 for other symbols */
        bool removed;       /* FIGURE, the move shown: an attack removes it (a red disc with a white
                               cross); TOKEN: the catapult is removed */
        bool returned;      /* FIGURE, POST, the move shown: it goes back to its owner's supply
                               (a white disc with a dark arrow turning back) */
        bool is_new;        /* FIGURE, POST, TOKEN, TILE: placed, moved or built by the move */
        bool choice;        /* FIGURE, the move shown: its owner must remove one of the figures so
                               marked (a dashed ring in the owner's colour with a "?") */
        const char *what;   /* SYMBOL, TOKEN, REFUSED, KEY: what it is (static); FIGURE: its role */
        enum tkit_token_kind token; /* TOKEN: castle, barn, bridge (the move's, outlined on its
                                       tile) or catapult; `what` is tkit_token_name(token) */
        const char *letter; /* KEY of a player: the letter on the player's figures, or NULL */
        int post;           /* POST, POST_SPACE, BADGE at a post, REFUSED at a post, ARROW of a
                               catapult: enum tkit_post, else -1 */
        double size_pt;     /* TEXT: the font size in points */
        char *text;         /* TEXT: the line (owned) */
        bool leader;        /* BADGE: a line joins it to (ax, ay), what it is about, far away */
        double ax, ay;
        double scale;   /* FIGURE: drawn at this share of its size (1; less in a city as small
                           as a cap, so that it stands on the city) */
        double line[2 * TKIT_ARROW_POINTS]; /* ARROW: its points (nline), x and y: straight runs
                                               drawn with rounded corners */
        int nline;
        double bow; /* ARROW of 2 points: it bows this share of its length to its left (a
                       quadratic curve) */
};
struct tkit_scene_picture {
        double width, height;
        enum tkit_picture_unit unit; /* px (PNG) or pt (SVG, PDF) */
        const char *lang;
        double letter_pt; /* the size of the players' letters on figures, in points; 0 when
                             figures carry greyscale patterns instead (small tiles) */
        struct tkit_scene_mark *marks;
        size_t nmarks, capmarks;
};
void tkit_scene_picture_finish(struct tkit_scene_picture *p);
/* The marks of a picture's key, as the legend draws them beside their words (tkit_text_term
 * TKIT_TERM_TILE_PLACED + mark): the frame of the tile placed, the ring of what the move adds,
 * the disc of a figure going back to the supply, the disc of one removed, the "?" ring of a
 * choice, the arrow of a figure moved, the arrow of a catapult from its siege symbol. */
enum tkit_scene_key_mark {
        TKIT_KEY_TILE_PLACED = 0,
        TKIT_KEY_NEW,
        TKIT_KEY_RETURNED,
        TKIT_KEY_REMOVED,
        TKIT_KEY_CHOICE, /* the "?" ring of the figures a player chooses among */
        TKIT_KEY_MOVED,  /* the arrow from where a figure stood to where the move puts it */
        TKIT_KEY_ADVANCE, /* the arrow from a siege symbol to the catapult it sends */
        TKIT_KEY_COUNT
};
/* Draws mark `m`'s swatch centred at (x, y), `size` high (a key outside the picture: the
 * book's key of the marks). */
void tkit_scene_key_swatch(cairo_t *cr, enum tkit_scene_key_mark m, double x, double y,
                           double size);
/* The picture map as JSON (docs/render.md): {"width", "height", "unit", "items": [...]}, every
 * mark with its kind and box; `s` is the scene drawn (for players' ids and colours). */
void tkit_scene_picture_json(const struct tkit_scene_picture *p, const struct tkit_scene *s,
                             struct tkit_buf *out);

/* Draws `scene` in the state o->state (the move shown, before it, or after it: r->after) with
 * the teaching marks of the engine's result `r` (may be NULL): the features scored hatched in
 * the scorer's colour with a points badge, post scores as badges at the post, the callouts the
 * scene declares, the defense posts the example concerns under the fortress piece they belong
 * to, and under the picture the caption and a legend of the events in o->lang. `sets` are the
 * sets in play. Writes PNG, SVG or PDF; `pic`, when not NULL, receives where everything landed
 * (the picture map). Returns 0, TKIT_E_USAGE (bad options, the move shown or after without a
 * result, unknown format, picture too large: checked before anything is placed), TKIT_E_IO.
 * Tiles and features that do not resolve are drawn as grey squares or left out, with a
 * warning. */
int tkit_render_scene(const struct tkit_scene *scene, const struct tkit_game_result *r,
                      struct tkit_set *const *sets, size_t nsets,
                      const struct tkit_scene_render_options *o, const char *path,
                      enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                      struct tkit_diags *d);
int tkit_render_scene_stream(const struct tkit_scene *scene, const struct tkit_game_result *r,
                             struct tkit_set *const *sets, size_t nsets,
                             const struct tkit_scene_render_options *o, FILE *f, const char *path,
                             enum tkit_image_format fmt, struct tkit_scene_picture *pic,
                             struct tkit_diags *d);

/* The same picture drawn into the caller's `cr` (PDF pages of tilekit book), its top-left corner
 * at the user-space origin, in user units (o->px per tile); the background is painted over the
 * picture's box. `pic` receives its size (and the marks). The state of `cr` is kept. Returns 0 or
 * TKIT_E_USAGE, as above. */
int tkit_render_scene_cairo(cairo_t *cr, const struct tkit_scene *scene,
                            const struct tkit_game_result *r, struct tkit_set *const *sets,
                            size_t nsets, const struct tkit_scene_render_options *o,
                            struct tkit_scene_picture *pic, struct tkit_diags *d);

/* A board picture (tkit_render_board) carrying the tokens and figures of `scene` (render board
 * --scene): those whose cell holds a tile of the layout and whose feature resolves on it; the
 * others are reported as warnings. */
int tkit_render_board_scene_stream(const struct tkit_layout *l, const struct tkit_scene *scene,
                                   const struct tkit_board_options *o, FILE *f, const char *path,
                                   enum tkit_image_format fmt, struct tkit_diags *d);

/* The language of a PDF that cairo wrote, whose bytes from offset `base` on are (pdf, len) (the
 * catalog, the cross-reference table and the trailer come last): appends to `out` an incremental
 * update (PDF 32000-1, 7.5.6) that gives its catalog /Lang (`lang`, a language tag), to be written
 * after cairo's bytes, which stay as they are (cairo 1.16 has no key for it). False, and nothing
 * appended, when `lang` is not a tag or the bytes are not laid out as cairo writes them. */
bool tkit_pdf_lang_update(const char *pdf, size_t len, size_t base, const char *lang,
                          struct tkit_buf *out);
/* Writes (pdf, len), cairo's bytes from offset `base` on, and the update that gives the PDF
 * `lang` to f; 0, or the errno of a write that failed. */
int tkit_pdf_write_lang(FILE *f, const char *pdf, size_t len, size_t base, const char *lang);

#endif
