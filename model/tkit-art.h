/*
 * tilekit — an art manifest: the publisher's own picture of each tile, one PNG image per set and
 * tile id, with the image's rotation (how far the picture is turned clockwise from the tile as
 * the tile set defines it) and its bleed (art beyond the trim line on every side, in
 * millimetres of a tile printed `tile_mm` wide). formats/ reads it from XML (docs/render.md,
 * "The publisher's art"); render/ draws tiles from the images.
 *
 * Memory: every pointer is owned by the struct holding it; tkit_art_destroy() frees it all.
 */
#ifndef TKIT_ART_H
#define TKIT_ART_H

#include <stddef.h>

#define TKIT_ART_MAX_IMAGES 100000

struct tkit_art_image {
        char *set;    /* the set id */
        char *tile;   /* the tile id in that set */
        char *file;   /* the PNG, as written: relative to the manifest's folder unless absolute */
        int rotation; /* 0 90 180 270: the picture shows the tile turned this far clockwise */
        double bleed_mm; /* art beyond the trim line on each side */
        int line;
};

struct tkit_art {
        char *file;     /* where the manifest was read from; may be NULL */
        char *dir;      /* its folder ("." when none), for the images' relative paths */
        double tile_mm; /* the trim size the bleed is measured against (default 45) */
        struct tkit_art_image *images;
        size_t nimages, capimages;
};

/* An empty manifest (tile_mm 45) for `file` (may be NULL); destroy accepts NULL. */
struct tkit_art *tkit_art_create(const char *file);
void tkit_art_destroy(struct tkit_art *a);
/* Appends an image (strings copied, rotation 0, bleed 0); valid until the next add. */
struct tkit_art_image *tkit_art_add_image(struct tkit_art *a, const char *set, const char *tile,
                                          const char *file);
/* The image's path: its file joined to the manifest's folder unless absolute (caller frees). */
char *tkit_art_image_path(const struct tkit_art *a, const struct tkit_art_image *img);
/* The image for set `set` and tile `tile`, or NULL. */
const struct tkit_art_image *tkit_art_find(const struct tkit_art *a, const char *set,
                                           const char *tile);

#endif
