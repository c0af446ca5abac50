/* Internals shared by the render module's files. */
#ifndef TKIT_RENDER_PRIVATE_H
#define TKIT_RENDER_PRIVATE_H

#include "render/tkit-render.h"

#define RENDER_FONT "DejaVu Sans"
#define MM_TO_PT (72.0 / 25.4)

/* Sets the source colour from the palette (with alpha 1). */
void tkit_render_set_color(cairo_t *cr, enum tkit_render_color c);
void tkit_render_set_rgb(cairo_t *cr, uint32_t rgb);

/* The texts of the pictures (render/text.c, through Pango). The font of the texts drawn next on
 * `cr`: RENDER_FONT at `size` user units, bold or regular. */
void tkit_render_font(cairo_t *cr, double size, bool bold);
/* The size of that font (and, unless NULL, whether bold). */
double tkit_render_font_size(cairo_t *cr, bool *bold);
/* The width (advance) of `text` on one line in that font. */
double tkit_render_text_width(cairo_t *cr, const char *text);
/* Shows `text` as cairo_show_text does: from the current point, on its baseline; the current
 * point moves on to the text's end. */
void tkit_render_text_show(cairo_t *cr, const char *text);
/* Breaks `text` into lines no wider than `maxw` in that font, as Pango breaks lines in `lang`
 * (a BCP 47 tag), at spaces; a word wider than `maxw` gets a line of its own. Calls `fn` with
 * each line (without the space it ends with), which must not measure or draw on `cr`; returns how
 * many. */
size_t tkit_render_text_lines(cairo_t *cr, const char *text, double maxw, const char *lang,
                              void (*fn)(void *ctx, const char *line, size_t len), void *ctx);
/* A context on `s` whose font options do not depend on the user's fontconfig setup. */
cairo_t *tkit_render_create(cairo_surface_t *s);
/* Shows `text` with its centre at x (baseline y); returns the width drawn. */
double tkit_render_text_center(cairo_t *cr, double x, double y, const char *text);
/* Shows `text` from x, shrinking the font (down to 60 %) and then cutting it with "…" so that it
 * fits `maxw`. Restores the font size. */
void tkit_render_text_fit(cairo_t *cr, double x, double y, double maxw, const char *text,
                          bool centered);

/* The glyph of a defense post / siege symbol, centred at (x, y), radius r (user units). */
/* The picture of illustration `code` (G B T W E S C: tkit_illustration_name) in the square of
 * side `size` centred on (x, y); false, drawing nothing, for a code that is none. */
bool tkit_render_illustration(cairo_t *cr, char code, double x, double y, double size);
void tkit_render_post_symbol(cairo_t *cr, enum tkit_post p, double x, double y, double r);

/* The defense posts of one face as a panel centred in the box (x, y, W, H); `cell` is the size
 * of one cell, which sets the size of the spaces. */
void tkit_render_face_panel(cairo_t *cr, const struct tkit_face *f, double x, double y, double W,
                            double H, double cell);

/* Creates a surface for `fmt` writing to the stream `f` (PNG: an image surface written on
 * close); `name` names the output in diagnostics and gives the format when `fmt` is AUTO. Every
 * write to `f` is checked: the first failure is kept in `err` (errno) and fails the close. */
struct render_out {
        enum tkit_image_format fmt;
        cairo_surface_t *surface;
        const char *path;
        FILE *f;
        int err;
        size_t written;      /* bytes written to f */
        const char *lang;    /* a PDF's language, or NULL */
        struct tkit_buf pdf; /* a PDF with a language: its bytes from `written` on, until close */
};
int tkit_render_out_open(struct render_out *o, FILE *f, const char *name,
                         enum tkit_image_format fmt, double width, double height,
                         struct tkit_diags *d);
/* A PDF's language (tkit_pdf_lang_update), set before anything is drawn. */
void tkit_render_out_set_lang(struct render_out *o, const char *lang);
/* Writes and releases the surface; returns 0 or TKIT_E_IO. */
int tkit_render_out_close(struct render_out *o, struct tkit_diags *d);

/* The functions taking a path render into memory first and write the file only when that
 * succeeded, so that refused options never create or truncate it. */
struct tkit_render_mem {
        char *data;
        size_t len;
        FILE *f; /* where to render */
};
int tkit_render_mem_open(struct tkit_render_mem *m);
/* Closes the memory stream; when `rc` is 0, writes what it holds to `path` (checked). Returns
 * `rc`, or TKIT_E_IO when the file cannot be written. */
int tkit_render_mem_save(struct tkit_render_mem *m, const char *path, int rc, struct tkit_diags *d);

/* ---------------------------------------------------------------- feature areas (areas.c) */

/* Values of the area map: what covers each point of a tile as the art draws it. */
enum {
        TKIT_AREA_NONE = 0,
        TKIT_AREA_BARRIER = 1,  /* a wall, a road or river edge: no feature */
        TKIT_AREA_FIELD = 2,    /* field before it is split among the tile's fields */
        TKIT_AREA_DECOR = 3,    /* a building or a city's mark drawn over a feature */
        TKIT_AREA_FEATURE0 = 4, /* feature i is TKIT_AREA_FEATURE0 + i */
};
/* Paints the area map of `t` into the unit square of `cr` (unrotated; the caller's matrix turns
 * it), with the same paths as the art (tile.c): value v as red v & 0xff, green v >> 8. */
void tkit_render_tile_areas(cairo_t *cr, const struct tkit_tile *t);

/* ---------------------------------------------------------------- boxes (boxes.c) */

/* A box in board cells (x right, y down) with the kind of what it holds (a bit of the caller's
 * choosing), for overlap tests. */
struct tkit_box {
        double x0, y0, x1, y1;
        unsigned kind;
};
bool tkit_box_overlap(const struct tkit_box *a, const struct tkit_box *b);
/* Boxes indexed by the unit cells they touch: adding and testing a box cost the boxes near it. */
struct tkit_box_index;
struct tkit_box_index *tkit_box_index_create(void);
void tkit_box_index_destroy(struct tkit_box_index *x);
/* Adds a copy of `b`; returns its id (0, 1, 2, ... in order). */
size_t tkit_box_index_add(struct tkit_box_index *x, struct tkit_box b);
const struct tkit_box *tkit_box_index_get(const struct tkit_box_index *x, size_t id);
size_t tkit_box_index_count(const struct tkit_box_index *x);
/* The id of a box of one of the `kinds` overlapping `b`, or -1 (x may be NULL). */
long tkit_box_index_hit(const struct tkit_box_index *x, struct tkit_box b, unsigned kinds);

/* ---------------------------------------------------------------- symbols of the art */

/* What the tile art draws that a figure or a badge must leave visible, and its box in the tile
 * square (0..1, board orientation: u east, v south). `what` is one of "pennant", "besieger",
 * "cathedral", "cloister", "garden", "village", "crossing", "inn", "siege-symbol",
 * "illustration" (static strings). */
/* The symbols the tile art draws: one vocabulary, one name each (the picture map's `what`). */
enum tkit_symbol {
        TKIT_SYM_PENNANT = 0,
        TKIT_SYM_BESIEGER,
        TKIT_SYM_CATHEDRAL,
        TKIT_SYM_CLOISTER,
        TKIT_SYM_GARDEN,
        TKIT_SYM_VILLAGE,
        TKIT_SYM_CROSSING,
        TKIT_SYM_INN,
        TKIT_SYM_ILLUSTRATION,
        TKIT_SYM_SIEGE,
        TKIT_SYM_COUNT
};
const char *tkit_symbol_name(enum tkit_symbol s);
/* A building a figure stands beside, not on (cloister, garden, inn, cathedral). */
bool tkit_symbol_is_building(enum tkit_symbol s);
struct tkit_tile_symbol {
        enum tkit_symbol kind;
        const char *what; /* tkit_symbol_name(kind) */
        int feature; /* the feature it belongs to, -1 for none */
        double u0, v0, u1, v1;
};
/* The symbols of `t` turned `rot` quarter turns, as tkit_render_tile() draws them with `flags`;
 * returns how many there are and writes up to `cap` of them. */
size_t tkit_render_tile_symbols(const struct tkit_tile *t, int rot, unsigned flags,
                                struct tkit_tile_symbol *out, size_t cap);
#define TKIT_MAX_TILE_SYMBOLS 32

/* The map of one tile at one rotation, in board orientation, AREA_W pixels a side. */
#define TKIT_AREA_W 96
struct tkit_area_spots; /* candidate spots sorted by merit, built on demand */
struct tkit_area_map {
        const struct tkit_tile *t;
        int rot;
        uint16_t lab[TKIT_AREA_W * TKIT_AREA_W];  /* TKIT_AREA_* value */
        uint16_t dist[TKIT_AREA_W * TKIT_AREA_W]; /* chamfer distance to another value, 3/px */
        struct tkit_area_spots *spots;
        size_t nspots, capspots;
};
struct tkit_area_map *tkit_area_map_create(const struct tkit_tile *t, int rot);
void tkit_area_map_destroy(struct tkit_area_map *m);
/* Writes cairo's SVG `svg` into `o` with `title` (the caption) and `desc` (the legend) as the
 * root's <title> and <desc> (each left out when NULL or empty). False when it holds no <svg>
 * element. */
bool tkit_svg_write(struct tkit_buf *o, const char *svg, size_t len, const char *title,
                    const char *desc);
/* The map of `t` at `rot` from the cache, made the first time it is asked for. */
struct tkit_area_map *tkit_render_cache_map(struct tkit_render_cache *c, const struct tkit_tile *t,
                                            int rot);
/* Feature index at (u, v) of the tile square (board orientation), or -1. */
int tkit_area_map_feature(const struct tkit_area_map *m, double u, double v);

/* A spot for a box of half extents (hw, hh) (tile units) on feature `fi` of the map of cell
 * (cx, cy): its centre on the feature, as clear of other features as can be, the box inside the
 * tile and off every box of `kinds` in `ix`. Writes the centre (tile units) and returns 0; 1 when
 * no spot avoided every box (the best is given anyway). fi < 0: anywhere on the tile. The
 * candidates of each (feature, size) are sorted once and kept in the map, so a placement costs
 * the spots tried, not the whole tile. */
int tkit_area_place(struct tkit_area_map *m, int fi, double hw, double hh, int cx, int cy,
                    const struct tkit_box_index *ix, unsigned kinds, double *u, double *v);
/* The map's pixels of feature `fi` hatched in colour `rgb` (0xRRGGBB): a light wash with bold
 * diagonal stripes, and along the area's edge inside the tile a dark line with a band of the
 * full colour, so that the area shows on any ground; transparent elsewhere; an ARGB32 surface
 * the caller destroys. Scorer `k` of `n` who score the same feature (a tie): the first hatches
 * as above, the others only stripes between the stripes before them, so every colour shows. */
cairo_surface_t *tkit_area_hatch(const struct tkit_area_map *m, int fi, uint32_t rgb, int k, int n);

/* ---------------------------------------------------------------- figures and tokens (figures.c)
 */

#include "model/tkit-scene.h"

/* Side of a figure's box in tile units, and its half extents (lying: flatter). */
double tkit_render_figure_size(enum tkit_figure_kind k);
void tkit_render_figure_extent(enum tkit_figure_kind k, bool lying, double *hw, double *hh);
/* Draws a figure centred at (x, y) in a box of side s, in the colour of `colour`
 * (TKIT_COLOUR_*), with a dark outline and the player's letter in `lang` (text/tkit-text.h: the
 * initial of the colour's word in that language). */
void tkit_render_figure(cairo_t *cr, enum tkit_figure_kind k, bool lying, int colour,
                        const char *lang, double x, double y, double s);
/* How a figure tells its player in greyscale: the letter; the player's greyscale pattern
 * (stripes, dots, a grid; red, yellow and black plain) for sizes where a letter would be too
 * small to read; or nothing (a legend's swatch next to the player's name and letter). */
enum tkit_figure_style {
        TKIT_FIGURE_LETTER = 0,
        TKIT_FIGURE_PATTERN,
        TKIT_FIGURE_PLAIN,
        TKIT_FIGURE_GHOST, /* where a figure stood before the move: its colour faint, a dashed
                              outline (no group or alpha of the whole: vector in SVG and PDF) */
};
void tkit_render_figure_styled(cairo_t *cr, enum tkit_figure_kind k, bool lying, int colour,
                               const char *lang, double x, double y, double s,
                               enum tkit_figure_style style);
/* A point of that figure that shows its plain colour. */
void tkit_render_figure_probe(enum tkit_figure_kind k, bool lying, double x, double y, double s,
                              double *px, double *py);
void tkit_render_castle(cairo_t *cr, double x, double y, double s);
void tkit_render_barn(cairo_t *cr, double x, double y, double s);
/* One row space of a defense post (piece.c): light, or dark with its label. */
void tkit_render_post_space(cairo_t *cr, double x, double y, double s, const char *dark_label);
void tkit_render_catapult(cairo_t *cr, double x, double y, double s);
/* The round catapult space of a post in the square (x, y, s), with the catapult on it or not. */
void tkit_render_catapult_space(cairo_t *cr, double x, double y, double s, bool catapult);
/* A grey square with the id of a tile that did not resolve (board.c). */
void tkit_render_unresolved(cairo_t *cr, double x, double y, double P, const char *id);
/* A bridge deck across the square (x, y, P) along the board axis (board.c). */
void tkit_render_bridge_deck(cairo_t *cr, double x, double y, double P, int axis);

/* Writes an ARGB32 image surface as PNG to `f` (png.c): 0, or TKIT_E_IO with a diagnostic. */
int tkit_render_png_write(cairo_surface_t *s, FILE *f, const char *path, struct tkit_diags *d);

/* ---------------------------------------------------------------- scene words (scene-text.c) */

struct tkit_game_event;
/* A fixed word of scene pictures by key ("players", "final", ...) in `lang`. */
const char *tkit_render_scene_word(const char *key, const char *lang);
/* "Blue", "Albastru", ... for a TKIT_COLOUR_* value. */
const char *tkit_render_colour_word(int colour, const char *lang);
/* One legend line for an event, in `lang` (caller frees); NULL when there is nothing to say. */
char *tkit_render_event_text(const struct tkit_scene *s, const struct tkit_game_event *e,
                             const char *lang);

/* Places and draws the tokens and figures of `scene` over a board picture whose cell (minx, miny)
 * has its top-left corner at (ox, oy), P a tile (board.c, render board --scene). */
struct tkit_layout;
void tkit_render_scene_overlay(cairo_t *cr, const struct tkit_scene *scene,
                               const struct tkit_layout *l, double ox, double oy, int minx,
                               int miny, double P, struct tkit_diags *d);

#endif
