/* `tilekit render scene` and `render board --scene` (cmd-render-scene.c), called from
 * cmd-render.c's dispatch. */
#ifndef TKIT_CMD_RENDER_SCENE_H
#define TKIT_CMD_RENDER_SCENE_H

#include <stdbool.h>
#include <stddef.h>

/* argv[1] is "scene" or "board"; runs the whole command and returns its exit status. */
int tkit_cmd_render_scene(int argc, char **argv);
/* True for "render board ... --scene FILE ...". */
bool tkit_render_wants_scene(int argc, char **argv);

/* --art FILE: reads the art manifest and loads its images for the sets given (NULL path: none).
 * Prints the diagnostics; returns 0, or the exit status of a manifest or image that cannot be
 * read (2), or of an output (`outputs`, NULL ones skipped) that is one of its images (2, before
 * any image is decoded). The caller destroys *art with tkit_render_art_destroy(). */
struct tkit_set;
struct tkit_render_art;
int tkit_cli_load_art(const char *path, struct tkit_set *const *sets, size_t nsets,
                      const char *const *outputs, size_t nout, struct tkit_render_art **art);

#endif
