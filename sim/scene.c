/* A layout as a scene (model/tkit-scene.h): the board of a simulated game, for a rulebook
 * picture or as the start of a hand-written example. */
#include "sim/tkit-sim.h"

#include <inttypes.h>
#include <stdlib.h>

struct tkit_scene *tkit_layout_to_scene(const struct tkit_layout *l)
{
        char *id = tkit_xasprintf("layout-seed-%" PRIu64, l->seed);
        struct tkit_scene *s = tkit_scene_create(id);
        free(id);
        s->source =
            tkit_xasprintf("tilekit simulate, seed %" PRIu64 ", %d players", l->seed, l->players);
        for (size_t i = 0; i < l->nsets; i++)
                tkit_scene_add_set(s, l->sets[i]);
        /* players named after their colours, in the colours' order, so that figures can be added
         * by hand; a layout of more players than a scene holds keeps the first ones */
        for (int i = 0; i < l->players && i < TKIT_SCENE_MAX_PLAYERS; i++)
                tkit_scene_add_player(s, tkit_colour_name(i), tkit_colour_name(i));
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                struct tkit_scene_tile *t = tkit_scene_add_tile(s, p->set, p->tile);
                t->is_piece = p->is_piece;
                t->x = p->x;
                t->y = p->y;
                t->rotation = p->rotation;
                t->bridge = p->is_piece ? TKIT_BRIDGE_NONE : p->bridge;
        }
        return s;
}
