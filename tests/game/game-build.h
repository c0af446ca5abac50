/* Scene builders for the engine tests and the benchmark: short calls over the model adders (the
 * bundled tile sets: tkit_test_sets_load of tests/support). */
#ifndef TKIT_GAME_BUILD_H
#define TKIT_GAME_BUILD_H

#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "model/tkit-scene.h"

/* A scene with the sets (space separated) and players "id:colour" (space separated). */
static inline struct tkit_scene *gb_scene(const char *sets, const char *players)
{
        struct tkit_scene *s = tkit_scene_create("test");
        s->file = tkit_xstrdup("test.xml");
        char *buf = tkit_xstrdup(sets);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
                tkit_scene_add_set(s, t);
        free(buf);
        buf = tkit_xstrdup(players);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
                char *colon = strchr(t, ':');
                *colon = 0;
                tkit_scene_add_player(s, t, colon + 1);
        }
        free(buf);
        return s;
}

static inline struct tkit_scene_tile *gb_tile(struct tkit_scene *s, const char *set, const char *id,
                                              int x, int y, int rot)
{
        struct tkit_scene_tile *t = tkit_scene_add_tile(s, set, id);
        t->x = x;
        t->y = y;
        t->rotation = rot;
        t->line = (int)s->ntiles + 10;
        return t;
}

static inline struct tkit_scene_tile *gb_piece(struct tkit_scene *s, const char *id, int x, int y)
{
        struct tkit_scene_tile *t = gb_tile(s, "siege-defense", id, x, y, 0);
        t->is_piece = true;
        return t;
}

static inline struct tkit_scene_figure *gb_fig(struct tkit_scene *s, const char *player,
                                               enum tkit_figure_kind kind, int x, int y,
                                               const char *feature)
{
        struct tkit_scene_figure *f = tkit_scene_add_figure(s);
        f->player = tkit_scene_find_player(s, player);
        f->kind = kind;
        f->at = TKIT_AT_FEATURE;
        f->x = x;
        f->y = y;
        f->feature = tkit_xstrdup(feature);
        f->line = 100 + (int)s->nfigures;
        return f;
}

static inline struct tkit_scene_figure *gb_maiden(struct tkit_scene *s, const char *player,
                                                  int castle)
{
        struct tkit_scene_figure *f = tkit_scene_add_figure(s);
        f->player = tkit_scene_find_player(s, player);
        f->at = TKIT_AT_CASTLE;
        f->castle = castle;
        f->line = 100 + (int)s->nfigures;
        return f;
}

static inline void gb_castle(struct tkit_scene *s, const char *id, int x, int y,
                             const char *feature)
{
        struct tkit_scene_castle *k = tkit_scene_add_castle(s, id);
        k->x = x;
        k->y = y;
        k->feature = tkit_xstrdup(feature);
        k->line = 90;
}

static inline struct tkit_scene_move *gb_move(struct tkit_scene *s, const char *player,
                                              const char *set, const char *id, int x, int y,
                                              int rot)
{
        struct tkit_scene_move *m = &s->move;
        m->kind = TKIT_MOVE_TILE;
        m->player = tkit_scene_find_player(s, player);
        m->line = 200;
        m->placed.set = tkit_xstrdup(set);
        m->placed.tile = tkit_xstrdup(id);
        m->placed.x = x;
        m->placed.y = y;
        m->placed.rotation = rot;
        m->placed.line = 201;
        return m;
}

static inline void gb_move_fig(struct tkit_scene *s, enum tkit_figure_kind kind,
                               const char *feature)
{
        s->move.has_figure = true;
        s->move.figure.kind = kind;
        s->move.figure.at = TKIT_AT_FEATURE;
        s->move.figure.feature = tkit_xstrdup(feature);
        s->move.figure.line = 202;
}

static inline struct tkit_scene_post *gb_post(struct tkit_scene *s, enum tkit_post kind,
                                              const char *row, const char *stack, bool catapult)
{
        struct tkit_scene_post *p = tkit_scene_add_post(s, kind);
        p->catapult = catapult;
        p->line = 80;
        char *buf = tkit_xstrdup(row);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
                tkit_scene_post_push_row(p,
                                         strcmp(t, "-") == 0 ? -1 : tkit_scene_find_player(s, t));
        free(buf);
        buf = tkit_xstrdup(stack);
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
                tkit_scene_post_push_stack(p, tkit_scene_find_player(s, t));
        free(buf);
        return p;
}

/* The assembled fortress: west half at (0, 0), east half at (2, 0). */
static inline void gb_fortress(struct tkit_scene *s)
{
        gb_piece(s, "fortress-west", 0, 0);
        gb_piece(s, "fortress-east", 2, 0);
}

#endif
