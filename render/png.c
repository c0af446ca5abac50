/* PNG files through cairo's own writer (tilekit's dependencies are sqlite3, libxml2, cairo and
 * cmocka; libpng is only cairo's). Every write is checked: cairo hands the bytes to a callback,
 * which remembers the first failed write. */
#include "render/render-private.h"

#include <errno.h>
#include <string.h>

struct png_sink {
        FILE *f;
        int err;
};

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int len)
{
        struct png_sink *s = closure;
        if (!s->err && len && fwrite(data, 1, len, s->f) != len)
                s->err = errno ? errno : EIO;
        return s->err ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

int tkit_render_png_write(cairo_surface_t *s, FILE *f, const char *path, struct tkit_diags *d)
{
        cairo_surface_flush(s);
        struct png_sink sink = {f, 0};
        cairo_status_t st = cairo_surface_write_to_png_stream(s, sink_write, &sink);
        if (st != CAIRO_STATUS_SUCCESS || sink.err) {
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "cannot write: %s",
                               sink.err ? strerror(sink.err) : cairo_status_to_string(st));
                return TKIT_E_IO;
        }
        return 0;
}
