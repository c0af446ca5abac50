/* PNG files written with libpng directly: cairo's own writer compresses with libpng's defaults
 * (every filter tried on every row, zlib level 6), which took most of the time of a scene
 * picture. The "sub" filter and zlib level 1 make files a little larger and several times
 * faster; the output stays the same bytes for the same picture. */
#include "render/render-private.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct png_sink {
        FILE *f;
        int err;
};

static void sink_write(png_structp png, png_bytep data, size_t len)
{
        struct png_sink *s = png_get_io_ptr(png);
        if (!s->err && len && fwrite(data, 1, len, s->f) != len)
                s->err = errno ? errno : EIO;
}

static void sink_flush(png_structp png)
{
        (void)png;
}

/* One row of premultiplied native-endian ARGB32 as straight RGBA. */
static void row_rgba(const unsigned char *src, unsigned char *dst, int w)
{
        for (int x = 0; x < w; x++) {
                uint32_t p;
                memcpy(&p, src + 4 * x, 4);
                unsigned a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
                if (a && a != 255) {
                        r = (r * 255 + a / 2) / a;
                        g = (g * 255 + a / 2) / a;
                        b = (b * 255 + a / 2) / a;
                }
                dst[4 * x] = (unsigned char)r;
                dst[4 * x + 1] = (unsigned char)g;
                dst[4 * x + 2] = (unsigned char)b;
                dst[4 * x + 3] = (unsigned char)a;
        }
}

static int encode(png_structp png, png_infop info, cairo_surface_t *s, unsigned char *row)
{
        if (setjmp(png_jmpbuf(png)))
                return -1;
        int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
        int stride = cairo_image_surface_get_stride(s);
        const unsigned char *data = cairo_image_surface_get_data(s);
        png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
        png_set_compression_level(png, 1);
        png_write_info(png, info);
        for (int y = 0; y < h; y++) {
                row_rgba(data + (size_t)y * (size_t)stride, row, w);
                png_write_row(png, row);
        }
        png_write_end(png, info);
        return 0;
}

int tkit_render_png_write(cairo_surface_t *s, FILE *f, const char *path, struct tkit_diags *d)
{
        cairo_surface_flush(s);
        struct png_sink sink = {f, 0};
        png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
        png_infop info = png ? png_create_info_struct(png) : NULL;
        if (!info)
                abort(); /* libpng fails here only for lack of memory */
        png_set_write_fn(png, &sink, sink_write, sink_flush);
        unsigned char *row = tkit_xmalloc((size_t)cairo_image_surface_get_width(s) * 4 + 1);
        int rc = encode(png, info, s, row);
        png_destroy_write_struct(&png, &info);
        free(row);
        if (rc || sink.err) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "cannot write: %s",
                               sink.err ? strerror(sink.err) : "PNG encoding failed");
                return TKIT_E_IO;
        }
        return 0;
}
