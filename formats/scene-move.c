/* The <move> of a scene (docs/scene.md): the tile placed, the figure or token placed, moved or
 * returned, and the choices the player makes, read as strictly as the rest of the scene. */
#include "formats/scene-read-private.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void read_move_tile(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"set",      "!id",    "x",         "y",
                                            "rotation", "bridge", "discarded", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        struct tkit_scene_move *m = &r->s->move;
        m->discarded = tkit_sr_get_bool(r, n, "discarded");
        bool x = tkit_xr_prop(n, "x"), y = tkit_xr_prop(n, "y");
        if (m->discarded && (x || y || tkit_xr_prop(n, "rotation") || tkit_xr_prop(n, "bridge")))
                tkit_xr_fail(&r->x, n, R_PLACE,
                             "a discarded tile has no x, y, rotation or bridge: it is not placed");
        else if (!m->discarded && !(x && y))
                tkit_xr_fail(&r->x, n, R_PLACE,
                             "the drawn tile needs x and y (or discarded=\"true\")");
        tkit_sr_read_tile_attrs(r, n, &m->placed, true);
}

static void read_move_figure(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!kind", "!feature", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        struct tkit_scene_move *m = &r->s->move;
        struct tkit_scene_figure *f = &m->figure;
        m->has_figure = true;
        int k = tkit_sr_get_kind(r, n);
        f->kind = k > 0 ? (enum tkit_figure_kind)k : TKIT_FIGURE_MEEPLE;
        f->player = m->player;
        f->at = TKIT_AT_FEATURE;
        f->castle = f->barn = -1;
        /* on the placed tile: its cell, whatever the order of reading */
        f->x = m->placed.x;
        f->y = m->placed.y;
        f->feature = tkit_sr_dup_id(r, n, "feature");
        f->line = tkit_xr_line(n);
}

static void read_bonus(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!post", "!space", "index", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        static const char *const spaces[] = {"row", "stack"};
        struct tkit_scene_bonus *b = &r->s->move.bonus;
        int p = tkit_sr_get_post(r, n, "post");
        const char *sp = tkit_xr_prop(n, "space");
        b->taken = true;
        b->post = p >= 0 ? (enum tkit_post)p : TKIT_POST_KNIGHTS;
        b->stack = strcmp(sp, spaces[1]) == 0;
        if (!b->stack && strcmp(sp, spaces[0]) != 0)
                tkit_xr_fail(&r->x, n, R_VALUE,
                             "space=\"%.40s\" on <bonus> is not one of: row stack", sp);
        b->space = -1;
        tkit_xr_int(&r->x, n, "index", 0, TKIT_SCENE_MAX_SPACES - 1, &b->space);
        b->line = tkit_xr_line(n);
}

static int parse_build(const char *s)
{
        static const char *const words[] = {"bridge", "castle", "barn"};
        for (int i = 0; i < 3; i++)
                if (strcmp(s, words[i]) == 0)
                        return TKIT_BUILD_BRIDGE + i;
        return -1;
}

static void read_build(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[][5] = {
            {"!what", "feature", "x", "y", NULL}, /* what unknown: any */
            {"!what", NULL},
            {"!what", "!feature", NULL},
            {"!what", "!x", "!y", NULL},
        };
        struct tkit_scene_move *m = &r->s->move;
        int w = tkit_xr_prop(n, "what")
                    ? tkit_xr_enum(&r->x, n, "what", parse_build, "bridge castle barn")
                    : -1;
        if (!tkit_xr_attrs(&r->x, n, attrs[w > 0 ? w : 0]) || w < 0)
                return;
        m->build = (enum tkit_build_kind)w;
        m->build_feature = tkit_sr_dup_id(r, n, "feature");
        tkit_sr_get_cell(r, n, &m->build_x, &m->build_y);
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (w == TKIT_BUILD_BARN && tkit_xr_is(c, "farmer") && !m->farmer.line)
                        tkit_sr_read_on_feature(r, c, &m->farmer);
                else
                        tkit_xr_unknown_child(
                            &r->x, n, c, w == TKIT_BUILD_BARN ? " (one <farmer> at most)" : "");
        }
}

static void read_simple_step(struct srd *r, const xmlNode *c)
{
        static const char *const none[] = {NULL};
        static const char *const choice_attrs[] = {"!post", NULL};
        static const char *const maiden_attrs[] = {"!castle", NULL};
        struct tkit_scene_move *m = &r->s->move;
        if (tkit_xr_is(c, "choice")) {
                if (!tkit_sr_room(r, c, m->nchoices, TKIT_MAX_SYMBOLS, "choices") ||
                    !tkit_xr_attrs(&r->x, c, choice_attrs))
                        return;
                int p = tkit_sr_get_post(r, c, "post");
                m->choices[m->nchoices++] = p >= 0 ? (enum tkit_post)p : TKIT_POST_KNIGHTS;
        } else if (tkit_xr_is(c, "recall-abbot")) {
                tkit_xr_attrs(&r->x, c, none);
                m->recall_abbot = true;
        } else if (tkit_xr_attrs(&r->x, c, maiden_attrs)) { /* take-maiden */
                m->take_maiden = tkit_sr_building_ref(r, c, "castle", true);
        }
        tkit_sr_no_children(r, c);
}

/* The steps of a move, in the order of a turn; each at most once except choice and remove. */
static const struct step {
        const char *name;
        int stage;
        bool many;
} steps[] = {
    {"tile", 0, false},         {"choice", 1, true},       {"figure", 2, false},
    {"recall-abbot", 2, false}, {"take-maiden", 3, false}, {"bonus", 4, false},
    {"build", 5, false},        {"escape", 6, false},      {"remove", 7, true},
};
#define NSTEPS (sizeof steps / sizeof *steps)

static void read_step(struct srd *r, const xmlNode *c, size_t i)
{
        struct tkit_scene_move *m = &r->s->move;
        switch (i) {
        case 0:
                read_move_tile(r, c);
                break;
        case 2:
                read_move_figure(r, c);
                break;
        case 5:
                read_bonus(r, c);
                break;
        case 6:
                read_build(r, c);
                break;
        case 7:
                m->escape = true;
                tkit_sr_read_on_feature(r, c, &m->escaping);
                break;
        case 8:
                tkit_sr_read_figure_at(r, c, true);
                break;
        default:
                read_simple_step(r, c);
                break;
        }
}

static void read_move_steps(struct srd *r, const xmlNode *n)
{
        int stage = 0;
        bool seen[NSTEPS + 1] = {false};
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                size_t i = 0;
                while (i < NSTEPS && !tkit_xr_is(c, steps[i].name))
                        i++;
                if (i == NSTEPS) {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                        continue;
                }
                /* a figure and recall-abbot exclude each other: one stage, one slot */
                size_t slot = i == 3 ? 2 : i;
                if (seen[slot] && !steps[i].many) {
                        tkit_xr_fail(&r->x, c, R_UNKNOWN, "%s <%s> in <move>%s",
                                     slot == 2 ? "a second figure step:" : "a second",
                                     (const char *)c->name,
                                     slot == 2 ? " (a move places a <figure> or recalls the "
                                                 "abbot, not both or twice)"
                                               : "");
                        continue;
                }
                seen[slot] = true;
                if (tkit_xr_in_order(&r->x, c, &stage, steps[i].stage,
                                     "the steps that follow it in a turn (docs/scene.md)"))
                        read_step(r, c, i);
        }
        if (!seen[0])
                tkit_xr_fail(&r->x, n, R_VALUE, "<move> lacks the drawn <tile>");
}

void tkit_sr_read_move(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"end", "player", NULL};
        tkit_xr_attrs(&r->x, n, attrs);
        struct tkit_scene_move *m = &r->s->move;
        m->line = tkit_xr_line(n);
        if (tkit_sr_get_bool(r, n, "end")) {
                m->kind = TKIT_MOVE_END;
                if (tkit_xr_prop(n, "player"))
                        tkit_xr_fail(&r->x, n, R_VALUE,
                                     "<move end=\"true\"> has no player: the game is over");
                tkit_sr_no_children(r, n);
                return;
        }
        m->kind = TKIT_MOVE_TILE;
        if (!tkit_xr_prop(n, "player"))
                tkit_xr_fail(&r->x, n, R_VALUE,
                             "<move> lacks the required attribute 'player' (or end=\"true\")");
        m->player = tkit_sr_get_player(r, n, "player");
        read_move_steps(r, n);
}
