/* `tilekit render scene` and `render board --scene` (cmd-render-scene.c), called from
 * cmd-render.c's dispatch. */
#ifndef TKIT_CMD_RENDER_SCENE_H
#define TKIT_CMD_RENDER_SCENE_H

#include <stdbool.h>

/* argv[1] is "scene" or "board"; runs the whole command and returns its exit status. */
int tkit_cmd_render_scene(int argc, char **argv);
/* True for "render board ... --scene FILE ...". */
bool tkit_render_wants_scene(int argc, char **argv);

#endif
