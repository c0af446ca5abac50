/* Art manifests (model/tkit-art.h): plain data, no I/O. */
#include "model/tkit-art.h"
#include "model/tkit-model.h"

#include <stdlib.h>
#include <string.h>

struct tkit_art *tkit_art_create(const char *file)
{
        struct tkit_art *a = tkit_xcalloc(1, sizeof *a);
        a->file = tkit_xstrdup(file);
        const char *slash = file ? strrchr(file, '/') : NULL;
        a->dir = slash ? tkit_xstrndup(file, (size_t)(slash - file) + (slash == file))
                       : tkit_xstrdup(".");
        a->tile_mm = 45;
        return a;
}

void tkit_art_destroy(struct tkit_art *a)
{
        if (!a)
                return;
        for (size_t i = 0; i < a->nimages; i++) {
                free(a->images[i].set);
                free(a->images[i].tile);
                free(a->images[i].file);
        }
        free(a->images);
        free(a->file);
        free(a->dir);
        free(a);
}

struct tkit_art_image *tkit_art_add_image(struct tkit_art *a, const char *set, const char *tile,
                                          const char *file)
{
        struct tkit_art_image *img = TKIT_PUSH(a->images, a->nimages, a->capimages);
        *img = (struct tkit_art_image){
            tkit_xstrdup(set), tkit_xstrdup(tile), tkit_xstrdup(file), 0, 0, 0};
        return img;
}

char *tkit_art_image_path(const struct tkit_art *a, const struct tkit_art_image *img)
{
        if (!img->file)
                return tkit_xstrdup("");
        if (img->file[0] == '/' || !a->dir || strcmp(a->dir, ".") == 0)
                return tkit_xstrdup(img->file);
        return tkit_xasprintf("%s%s%s", a->dir, a->dir[strlen(a->dir) - 1] == '/' ? "" : "/",
                              img->file);
}

const struct tkit_art_image *tkit_art_find(const struct tkit_art *a, const char *set,
                                           const char *tile)
{
        for (size_t i = 0; a && set && tile && i < a->nimages; i++)
                if (strcmp(a->images[i].set, set) == 0 && strcmp(a->images[i].tile, tile) == 0)
                        return &a->images[i];
        return NULL;
}
