/* Internals shared by the render module's files. */
#ifndef TKIT_RENDER_PRIVATE_H
#define TKIT_RENDER_PRIVATE_H

#include "render/tkit-render.h"

#define RENDER_FONT "DejaVu Sans"
#define MM_TO_PT (72.0 / 25.4)

/* Sets the source colour from the palette (with alpha 1). */
void render_set_color(cairo_t *cr, enum tkit_render_color c);
void render_set_rgb(cairo_t *cr, uint32_t rgb);

/* Font and font options that do not depend on the user's fontconfig settings. */
void render_font(cairo_t *cr, double size, bool bold);
/* A context on `s` whose font options do not depend on the user's fontconfig setup. */
cairo_t *render_create(cairo_surface_t *s);
/* Shows `text` with its centre at x (baseline y); returns the width drawn. */
double render_text_center(cairo_t *cr, double x, double y, const char *text);
/* Shows `text` from x, shrinking the font (down to 60 %) and then cutting it with "…" so that it
 * fits `maxw`. Restores the font size. */
void render_text_fit(cairo_t *cr, double x, double y, double maxw, const char *text, bool centered);

/* The glyph of a defense post / siege symbol, centred at (x, y), radius r (user units). */
void render_post_symbol(cairo_t *cr, enum tkit_post p, double x, double y, double r);

/* The defense posts of one face as a panel centred in the box (x, y, W, H); `cell` is the size
 * of one cell, which sets the size of the spaces. */
void render_face_panel(cairo_t *cr, const struct tkit_face *f, double x, double y, double W,
                       double H, double cell);

/* Translated fixed texts; `key` is the English text. Unknown keys come back unchanged. */
const char *render_tr(const char *lang, const char *key);

/* Creates a surface for `fmt` writing to the stream `f` (PNG: an image surface written on
 * close); `name` names the output in diagnostics and gives the format when `fmt` is AUTO. Every
 * write to `f` is checked: the first failure is kept in `err` (errno) and fails the close. */
struct render_out {
        enum tkit_image_format fmt;
        cairo_surface_t *surface;
        const char *path;
        FILE *f;
        int err;
};
int render_out_open(struct render_out *o, FILE *f, const char *name, enum tkit_image_format fmt,
                    double width, double height, struct tkit_diags *d);
/* Writes and releases the surface; returns 0 or TKIT_E_IO. */
int render_out_close(struct render_out *o, struct tkit_diags *d);

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

#endif
