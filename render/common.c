/* Palette, text, translations of the fixed sheet texts, output surfaces. */
#include "render/render-private.h"
#include "text/tkit-text.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const uint32_t palette[TKIT_COLOR_COUNT] = {
    [TKIT_COLOR_FIELD] = 0x8dbf4e,     [TKIT_COLOR_CITY] = 0xd9b36f,
    [TKIT_COLOR_WALL] = 0x6b5440,      [TKIT_COLOR_ROAD] = 0xf6f0df,
    [TKIT_COLOR_ROAD_EDGE] = 0x7a6a55, [TKIT_COLOR_RIVER] = 0x4a95d6,
    [TKIT_COLOR_CLOISTER] = 0xf2e8d0,  [TKIT_COLOR_ROOF] = 0xb5452e,
    [TKIT_COLOR_GARDEN] = 0x3e7d2a,    [TKIT_COLOR_PENNANT] = 0x2a5db0,
    [TKIT_COLOR_MARKER] = 0xe8730c,
};

uint32_t tkit_render_color(enum tkit_render_color c)
{
        return (unsigned)c < TKIT_COLOR_COUNT ? palette[c] : 0;
}

/* Set once Pango has a font map. Pango ties cairo's fonts and fontconfig's caches to a font map
 * and hands fontconfig work to a thread of the map's own that is never joined (pango 1.50); when
 * a map was freed, that thread could free it (and its cairo fonts) later, and now and then a
 * reference stayed behind: cairo's reset of its caches and FcFini then aborted on their
 * assertions at exit (seen in CI, at the end of a book test). So a process that typesets keeps
 * one font map for its life (render/text.c), and its caches are left as they are at exit: they stay
 * reachable, and what fontconfig keeps from parsing its configuration is named to the leak
 * checkers (tests/valgrind.supp, __lsan_default_suppressions in render/text.c). */
static bool fonts_shared;

void tkit_render_fonts_shared(void)
{
        /* fontconfig read here, on this thread: Pango's thread then finds it ready and does not
         * parse the configuration at the same time as cairo on this one */
        FcInit();
        fonts_shared = true;
}

void tkit_render_cleanup(void)
{
        if (fonts_shared)
                return;
        cairo_debug_reset_static_data();
        FcFini();
}

void tkit_render_set_rgb(cairo_t *cr, uint32_t rgb)
{
        cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                             (rgb & 0xff) / 255.0);
}

void tkit_render_set_color(cairo_t *cr, enum tkit_render_color c)
{
        tkit_render_set_rgb(cr, tkit_render_color(c));
}

cairo_t *tkit_render_create(cairo_surface_t *s)
{
        /* hinting and subpixel order would otherwise come from the user's fontconfig setup */
        cairo_font_options_t *fo = cairo_font_options_create();
        cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
        cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
        cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
        cairo_t *cr = cairo_create(s);
        cairo_set_font_options(cr, fo);
        cairo_font_options_destroy(fo);
        return cr;
}

double tkit_render_text_center(cairo_t *cr, double x, double y, const char *text)
{
        double w = tkit_render_text_width(cr, text);
        cairo_move_to(cr, x - w / 2, y);
        tkit_render_text_show(cr, text);
        cairo_new_path(cr);
        return w;
}

/* Length of the longest prefix of `s` (whole UTF-8 characters) that fits `maxw` with "…": the
 * widths only grow with the prefix, so a binary search over the character starts. */
static size_t fit_prefix(cairo_t *cr, const char *s, double maxw)
{
        size_t n = strlen(s), nstarts = 0;
        size_t *starts = tkit_xmalloc((n + 1) * sizeof *starts);
        for (size_t i = 1; i <= n; i++)
                if (i == n || ((unsigned char)s[i] & 0xc0) != 0x80)
                        starts[nstarts++] = i;
        char *buf = tkit_xmalloc(n + 4);
        size_t lo = 0, hi = nstarts, best = 0; /* starts[0..lo) fit */
        while (lo < hi) {
                size_t mid = (lo + hi) / 2, i = starts[mid];
                memcpy(buf, s, i);
                memcpy(buf + i, "\xe2\x80\xa6", 4);
                if (tkit_render_text_width(cr, buf) > maxw) {
                        hi = mid;
                } else {
                        best = i;
                        lo = mid + 1;
                }
        }
        free(buf);
        free(starts);
        return best;
}

void tkit_render_text_fit(cairo_t *cr, double x, double y, double maxw, const char *text,
                          bool centered)
{
        bool bold;
        double size = tkit_render_font_size(cr, &bold);
        double w = tkit_render_text_width(cr, text);
        char *owned = NULL;
        if (w > maxw) {
                double k = maxw / w;
                if (k < 0.6)
                        k = 0.6;
                tkit_render_font(cr, size * k, bold);
                w = tkit_render_text_width(cr, text);
                if (w > maxw) {
                        size_t n = fit_prefix(cr, text, maxw);
                        owned = tkit_xasprintf("%.*s\xe2\x80\xa6", (int)n, text);
                        text = owned;
                        w = tkit_render_text_width(cr, text);
                }
        }
        cairo_move_to(cr, centered ? x - w / 2 : x, y);
        tkit_render_text_show(cr, text);
        cairo_new_path(cr);
        tkit_render_font(cr, size, bold);
        free(owned);
}

/* ---------------------------------------------------------------- languages */

bool tkit_render_lang_known(const char *lang)
{
        return tkit_lang_parse(lang) >= 0; /* the languages of text/ */
}

/* ---------------------------------------------------------------- output files */

enum tkit_image_format tkit_image_format_from_path(const char *path)
{
        const char *dot = path ? strrchr(path, '.') : NULL;
        if (!dot)
                return TKIT_IMAGE_AUTO;
        if (strcasecmp(dot, ".png") == 0)
                return TKIT_IMAGE_PNG;
        if (strcasecmp(dot, ".svg") == 0)
                return TKIT_IMAGE_SVG;
        if (strcasecmp(dot, ".pdf") == 0)
                return TKIT_IMAGE_PDF;
        return TKIT_IMAGE_AUTO;
}

/* cairo's write callback: every byte goes to the caller's stream, and a short write is an error
 * that cairo carries to the surface's status (checked on close). */
static cairo_status_t out_write(void *closure, const unsigned char *data, unsigned int len)
{
        struct render_out *o = closure;
        if (o->err)
                return CAIRO_STATUS_WRITE_ERROR;
        if (o->lang) { /* kept until close, for the language's update */
                tkit_buf_add(&o->pdf, (const char *)data, len);
                return CAIRO_STATUS_SUCCESS;
        }
        if (len && fwrite(data, 1, len, o->f) != len) {
                o->err = errno ? errno : EIO;
                return CAIRO_STATUS_WRITE_ERROR;
        }
        o->written += len;
        return CAIRO_STATUS_SUCCESS;
}

static void out_error(const struct render_out *o, cairo_status_t st, struct tkit_diags *d)
{
        tkit_diags_add(d, TKIT_SEV_ERROR, o->path, 0, NULL, NULL, NULL, "cannot write: %s",
                       o->err ? strerror(o->err) : cairo_status_to_string(st));
}

int tkit_render_out_open(struct render_out *o, FILE *f, const char *name,
                         enum tkit_image_format fmt, double width, double height,
                         struct tkit_diags *d)
{
        memset(o, 0, sizeof(*o));
        if (fmt == TKIT_IMAGE_AUTO)
                fmt = tkit_image_format_from_path(name);
        o->fmt = fmt;
        o->path = name;
        o->f = f;
        switch (fmt) {
        case TKIT_IMAGE_PNG:
                o->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(width + 0.5),
                                                        (int)(height + 0.5));
                break;
        case TKIT_IMAGE_SVG:
                o->surface = cairo_svg_surface_create_for_stream(out_write, o, width, height);
                break;
        case TKIT_IMAGE_PDF:
                o->surface = cairo_pdf_surface_create_for_stream(out_write, o, width, height);
                break;
        default:
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL,
                               "unknown image format: use a .png, .svg or .pdf file name");
                return TKIT_E_USAGE;
        }
        if (cairo_surface_status(o->surface) != CAIRO_STATUS_SUCCESS) {
                out_error(o, cairo_surface_status(o->surface), d);
                cairo_surface_destroy(o->surface);
                o->surface = NULL;
                return TKIT_E_IO;
        }
        if (fmt == TKIT_IMAGE_PDF) {
                cairo_pdf_surface_set_metadata(o->surface, CAIRO_PDF_METADATA_CREATOR,
                                               "tilekit " TKIT_VERSION);
                /* cairo stamps the current time otherwise: same input, same bytes */
                cairo_pdf_surface_set_metadata(o->surface, CAIRO_PDF_METADATA_CREATE_DATE,
                                               "2000-01-01T00:00:00Z");
        }
        cairo_surface_set_fallback_resolution(o->surface, 300, 300);
        return 0;
}

void tkit_render_out_set_lang(struct render_out *o, const char *lang)
{
        if (o->fmt != TKIT_IMAGE_PDF || !lang)
                return;
        o->lang = lang;
        tkit_buf_init(&o->pdf);
}

/* A PDF with a language: cairo's bytes, then the update that adds /Lang. */
static void out_flush_pdf(struct render_out *o)
{
        if (!o->err)
                o->err = tkit_pdf_write_lang(o->f, o->pdf.data, o->pdf.len, o->written, o->lang);
        tkit_buf_finish(&o->pdf);
        o->lang = NULL;
}

int tkit_render_out_close(struct render_out *o, struct tkit_diags *d)
{
        if (!o->surface)
                return TKIT_E_IO;
        cairo_status_t st;
        if (o->fmt == TKIT_IMAGE_PNG) {
                cairo_surface_flush(o->surface);
                st = cairo_surface_write_to_png_stream(o->surface, out_write, o);
        } else {
                cairo_surface_finish(o->surface);
                st = cairo_surface_status(o->surface);
                if (o->lang)
                        out_flush_pdf(o);
        }
        if (st == CAIRO_STATUS_SUCCESS && o->err)
                st = CAIRO_STATUS_WRITE_ERROR;
        int rc = 0;
        if (st != CAIRO_STATUS_SUCCESS) {
                out_error(o, st, d);
                rc = TKIT_E_IO;
        }
        cairo_surface_destroy(o->surface);
        o->surface = NULL;
        return rc;
}

int tkit_render_mem_open(struct tkit_render_mem *m)
{
        m->data = NULL;
        m->len = 0;
        m->f = open_memstream(&m->data, &m->len);
        if (!m->f)
                abort(); /* only fails for lack of memory */
        return 0;
}

int tkit_render_mem_save(struct tkit_render_mem *m, const char *path, int rc, struct tkit_diags *d)
{
        if (fclose(m->f) != 0)
                abort(); /* a memory stream fails only for lack of memory */
        FILE *f = rc == 0 ? fopen(path, "wb") : NULL;
        if (rc == 0) {
                int e = 0;
                if (!f)
                        e = errno;
                else if (fwrite(m->data, 1, m->len, f) != m->len || fflush(f) != 0)
                        e = errno ? errno : EIO;
                if (f && fclose(f) != 0 && !e)
                        e = errno;
                if (e) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL,
                                       "cannot write: %s", strerror(e));
                        rc = TKIT_E_IO;
                }
        }
        free(m->data);
        return rc;
}

int tkit_render_tile_stream(const struct tkit_tile *t, int rot, int px, unsigned flags, FILE *f,
                            const char *path, enum tkit_image_format fmt, struct tkit_diags *d)
{
        if (px < 8 || px > 8192) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, t->id,
                               "tile size %d out of range 8..8192", px);
                return TKIT_E_USAGE;
        }
        struct render_out o;
        int rc = tkit_render_out_open(&o, f, path, fmt, px, px, d);
        if (rc)
                return rc;
        cairo_t *cr = tkit_render_create(o.surface);
        tkit_render_tile(cr, t, rot, 0, 0, px, 0, flags);
        cairo_destroy(cr);
        return tkit_render_out_close(&o, d);
}

int tkit_render_piece_stream(const struct tkit_piece *p, int face, int px, unsigned flags, FILE *f,
                             const char *path, enum tkit_image_format fmt, struct tkit_diags *d)
{
        if (px < 8 || px > 4096 || p->width <= 0 || p->height <= 0 || (long)px * p->width > 20000 ||
            (long)px * p->height > 20000) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, p->id,
                               "piece size %d per cell out of range", px);
                return TKIT_E_USAGE;
        }
        struct render_out o;
        int rc = tkit_render_out_open(&o, f, path, fmt, (double)px * p->width,
                                      (double)px * p->height, d);
        if (rc)
                return rc;
        cairo_t *cr = tkit_render_create(o.surface);
        tkit_render_piece(cr, p, face, 0, 0, px, 0, flags);
        cairo_destroy(cr);
        return tkit_render_out_close(&o, d);
}

int tkit_render_tile_file(const struct tkit_tile *t, int rot, int px, unsigned flags,
                          const char *path, enum tkit_image_format fmt, struct tkit_diags *d)
{
        struct tkit_render_mem m;
        tkit_render_mem_open(&m);
        int rc = tkit_render_tile_stream(t, rot, px, flags, m.f, path, fmt, d);
        return tkit_render_mem_save(&m, path, rc, d);
}

int tkit_render_piece_file(const struct tkit_piece *p, int face, int px, unsigned flags,
                           const char *path, enum tkit_image_format fmt, struct tkit_diags *d)
{
        struct tkit_render_mem m;
        tkit_render_mem_open(&m);
        int rc = tkit_render_piece_stream(p, face, px, flags, m.f, path, fmt, d);
        return tkit_render_mem_save(&m, path, rc, d);
}
