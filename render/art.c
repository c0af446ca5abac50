/* The publisher's own tile art (placeholder: filled in below). */
#include "render/render-private.h"

void tkit_render_tile_art(cairo_t *cr, const struct tkit_render_art *art, const struct tkit_tile *t,
                          int rot, double x, double y, double size, double bleed, unsigned flags)
{
        (void)art;
        tkit_render_tile(cr, t, rot, x, y, size, bleed, flags);
}
