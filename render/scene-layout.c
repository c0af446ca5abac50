/* Scene pictures, stage 3: the layout (scene-layout.h). Everything on the board is placed in
 * order (scene-place.c, scene-posts.c, scene-arrows.c), then the legend's lines
 * (scene-legend.c); the area maps of the cells shown are made here, once per tile and rotation,
 * so that the drawing reads them. */
#include "render/scene-layout.h"

#include <stdlib.h>
#include <string.h>

struct tkit_scene_mark *tkit_scene_add_mark(struct scene_layout *lo, enum tkit_scene_mark_kind k)
{
        struct tkit_scene_mark *m = TKIT_PUSH(lo->out.marks, lo->out.nmarks, lo->out.capmarks);
        memset(m, 0, sizeof *m);
        m->kind = k;
        m->player = m->feature = m->post = -1;
        return m;
}

/* The symbols the art draws depend on the tile and its rotation only: measured once for both. */
const struct symbols *tkit_scene_cell_symbols(struct scene_layout *lo, const struct cell *c)
{
        if (!c->def)
                return NULL;
        for (size_t i = 0; i < lo->nsymbols; i++)
                if (lo->symbols[i].t == c->def && lo->symbols[i].rot == c->rot)
                        return &lo->symbols[i];
        struct symbols *s = TKIT_PUSH(lo->symbols, lo->nsymbols, lo->capsymbols);
        s->t = c->def;
        s->rot = c->rot;
        s->n =
            tkit_render_tile_symbols(c->def, c->rot, lo->st->o->flags, s->v, TKIT_MAX_TILE_SYMBOLS);
        s->n = s->n < TKIT_MAX_TILE_SYMBOLS ? s->n : TKIT_MAX_TILE_SYMBOLS;
        return s;
}

/* Area maps depend on the tile and its rotation only: cells that share both share one, and so do
 * the pictures drawn with one cache (a book's). */
struct tkit_area_map *tkit_scene_cell_map(struct scene_layout *lo, const struct cell *c)
{
        size_t i = (size_t)(c - lo->st->cells);
        if (lo->cellmaps[i] || !c->def)
                return lo->cellmaps[i];
        if (!lo->maps) {
                lo->maps = tkit_render_cache_new();
                lo->own_maps = true;
        }
        lo->cellmaps[i] = tkit_render_cache_map(lo->maps, c->def, c->rot);
        return lo->cellmaps[i];
}

/* Whether two scores are of one feature (a tie: several players score it). */
static bool same_feature(const struct tkit_game_event *a, const struct tkit_game_event *b)
{
        return a->kind == TKIT_EV_SCORE && b->kind == TKIT_EV_SCORE && a->player >= 0 &&
               b->player >= 0 && a->nplaces && b->nplaces && a->places[0].x == b->places[0].x &&
               a->places[0].y == b->places[0].y && a->places[0].feature == b->places[0].feature;
}

/* The places of score i on the cells shown. */
static void score_tints(struct scene_layout *lo, const struct tkit_game_result *r, size_t i)
{
        const struct tkit_game_event *e = &r->events[i];
        int k = 0, n = 0; /* scorer k of n of this feature */
        for (size_t j = 0; j < r->nevents; j++)
                if (same_feature(e, &r->events[j])) {
                        k += j < i;
                        n++;
                }
        for (size_t q = 0; q < e->nplaces; q++) {
                const struct tkit_game_place *pl = &e->places[q];
                const struct cell *c = tkit_scene_cell_at(lo->st, pl->x, pl->y);
                if (!c || !tkit_scene_shown(lo->pl, c->x, c->y))
                        continue;
                if (pl->feature < 0 && c->bridge)
                        *TKIT_PUSH(lo->tints, lo->ntints, lo->captints) =
                            (struct tint){c, NULL, -1, e->player, k, n};
                const struct tkit_area_map *map = tkit_scene_cell_map(lo, c);
                if (pl->feature >= 0 && map)
                        *TKIT_PUSH(lo->tints, lo->ntints, lo->captints) =
                            (struct tint){c, map, pl->feature, e->player, k, n};
        }
}

/* The features scored, hatched in the scorer's colour (not in the state before the move). */
static void place_tints(struct scene_layout *lo)
{
        const struct tkit_game_result *r = tkit_scene_points(lo->st);
        for (size_t i = 0; r && i < r->nevents; i++)
                if (r->events[i].kind == TKIT_EV_SCORE && r->events[i].player >= 0)
                        score_tints(lo, r, i);
}

void tkit_scene_layout_build(struct scene_layout *lo, const struct scene_plan *pl,
                             struct tkit_render_cache *cache, cairo_t *mcr)
{
        const struct scene_state *st = pl->st;
        *lo = (struct scene_layout){.st = st, .pl = pl, .maps = cache};
        lo->cellmaps = tkit_xcalloc(st->ncells + 1, sizeof *lo->cellmaps);
        lo->out.unit = pl->unit;
        lo->out.lang = st->o->lang;
        lo->out.letter_pt = pl->letter_pt;
        lo->out.width = pl->width;
        lo->out.height = pl->height;
        lo->ix = tkit_box_index_create();
        tkit_scene_place_all(lo);
        if (!mcr)
                return;
        tkit_scene_legend_place(lo, mcr);
        place_tints(lo);
}

void tkit_scene_layout_finish(struct scene_layout *lo)
{
        if (lo->own_maps)
                tkit_render_cache_free(lo->maps);
        free(lo->cellmaps);
        free(lo->symbols);
        tkit_box_index_destroy(lo->ix);
        for (size_t i = 0; lo->posts && i < lo->pl->nposts; i++)
                free(lo->posts[i].spaces);
        free(lo->posts);
        free(lo->line_y);
        free(lo->tints);
        tkit_scene_picture_finish(&lo->out);
}
