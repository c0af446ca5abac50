/* Validation of a scene: a legal board, figures where the rules allow them, posts within their
 * spaces, tokens within the sets' counts, options the engine knows. Every problem is reported. */
#include "game-private.h"

#include <stdlib.h>
#include <string.h>

static enum tkit_side_type side_shows(const struct g_board *b, const struct g_cell *c, int side)
{
        int n = c->owner[TKIT_POS(side, TKIT_M)];
        return n < 0 ? TKIT_SIDE_FIELD : tkit_feature_side_type(tkit_g_node_kind(b, n));
}

static const char *cell_name(const struct g_cell *c)
{
        return c->def->id;
}

/* Cell c and cell o beyond its side `side`: the sides fit (the model's rule, bridge ends
 * included); two bridges must not touch end to end. */
static void check_edge(struct g_board *b, const struct g_cell *c, int side, const struct g_cell *o)
{
        int back = (side + 2) % 4;
        enum tkit_side_type a = side_shows(b, c, side), t = side_shows(b, o, back);
        bool a_end = tkit_bridge_end((enum tkit_bridge_axis)c->bridge, side);
        bool t_end = tkit_bridge_end((enum tkit_bridge_axis)o->bridge, back);
        if (tkit_sides_fit(a, a_end, t, t_end))
                return;
        int line = o->placed ? o->line : c->line;
        if (a_end && t_end)
                tkit_g_error(b, line, TKIT_GR_SCENE_BRIDGE,
                             "the bridges at (%d, %d) and (%d, %d) touch", c->x, c->y, o->x, o->y);
        else
                tkit_g_error(b, line, TKIT_GR_SCENE_EDGE,
                             "tile '%s' at (%d, %d) shows %s on its %c side, tile '%s' at (%d, %d) "
                             "shows %s",
                             cell_name(c), c->x, c->y, tkit_side_type_name(a),
                             tkit_side_letter(side), cell_name(o), o->x, o->y,
                             tkit_side_type_name(t));
}

static void check_cells(struct g_board *b)
{
        for (size_t i = 0; i < b->ncells; i++) {
                struct g_cell *c = &b->cells[i];
                int at = tkit_g_cell_at(b, c->x, c->y);
                if (at != (int)i) {
                        tkit_g_error(b, c->line,
                                     c->placed ? TKIT_GR_SCENE_MOVE_CELL : TKIT_GR_SCENE_CELL,
                                     "cell (%d, %d) already holds tile '%s' (line %d)", c->x, c->y,
                                     cell_name(&b->cells[at]), b->cells[at].line);
                        continue;
                }
                for (int side = TKIT_E; side <= TKIT_S; side++) {
                        int j = tkit_g_cell_at(b, c->x + (side == TKIT_E), c->y + (side == TKIT_S));
                        if (j >= 0)
                                check_edge(b, c, side, &b->cells[j]);
                }
        }
}

/* The neighbour of cell c beyond its side `side`, or -1. */
static int neighbour(const struct g_board *b, const struct g_cell *c, int side)
{
        return tkit_g_cell_at(b, c->x + (side == TKIT_E) - (side == TKIT_W),
                              c->y + (side == TKIT_S) - (side == TKIT_N));
}

/* A bridge lies across two opposite field sides of its tile (that two bridges do not touch is a
 * rule of the edges: check_edge). */
static void check_bridges(struct g_board *b)
{
        for (size_t i = 0; i < b->ncells; i++) {
                const struct g_cell *c = &b->cells[i];
                if (!c->bridge)
                        continue;
                enum tkit_bridge_axis axis = (enum tkit_bridge_axis)c->bridge;
                if (!tkit_g_has_rules(b, TKIT_RULES_BRIDGES))
                        tkit_g_error(b, c->line, TKIT_GR_SCENE_BRIDGE,
                                     "no set in play has bridges");
                unsigned own = 1u << tkit_bridge_axis_on_tile(axis, c->rot);
                if (!(tkit_tile_bridge_axes(c->def) & own)) {
                        const char *name = tkit_bridge_axis_name(axis);
                        tkit_g_error(
                            b, c->line, TKIT_GR_SCENE_BRIDGE,
                            "tile '%s' has no field on both the %c and %c sides for a bridge",
                            cell_name(c), name[0], name[1]);
                }
        }
}

static void check_move_tile(struct g_board *b)
{
        const struct tkit_scene_move *m = &b->sc->move;
        if (b->placed_cell < 0)
                return;
        const struct g_cell *c = &b->cells[b->placed_cell];
        if (tkit_g_cell_at(b, c->x, c->y) != b->placed_cell)
                return; /* on an occupied cell: said already */
        bool touches = b->ncells == 1;
        for (int side = 0; side < 4; side++)
                touches |= neighbour(b, c, side) >= 0;
        if (!touches)
                tkit_g_error(b, m->placed.line, TKIT_GR_SCENE_MOVE_CELL,
                             "the tile placed at (%d, %d) touches no tile of the board", c->x,
                             c->y);
        if (c->bridge) {
                bool road = false;
                for (int side = 0; side < 4; side++) {
                        int j = tkit_bridge_end((enum tkit_bridge_axis)c->bridge, side)
                                    ? neighbour(b, c, side)
                                    : -1;
                        road |=
                            j >= 0 && side_shows(b, &b->cells[j], (side + 2) % 4) == TKIT_SIDE_ROAD;
                }
                if (!road)
                        tkit_g_error(b, m->placed.line, TKIT_GR_SCENE_BRIDGE,
                                     "a bridge is built only to continue an open road");
        }
}

static void check_players(struct g_board *b)
{
        const struct tkit_scene *sc = b->sc;
        /* a picture of tiles only (no figures, posts or move) needs no players (docs/scene.md) */
        bool tiles_only = !sc->nfigures && !sc->nposts && sc->move.kind == TKIT_MOVE_NONE;
        if ((sc->nplayers < 1 && !tiles_only) || sc->nplayers > TKIT_SCENE_MAX_PLAYERS)
                tkit_g_error(b, sc->line, TKIT_GR_SCENE_PLAYER, "%zu players: a scene has 1 to %d",
                             sc->nplayers, TKIT_SCENE_MAX_PLAYERS);
        for (size_t i = 0; i < sc->nplayers; i++)
                if (tkit_colour_parse(sc->players[i].colour) < 0)
                        tkit_g_error(b, sc->players[i].line, TKIT_GR_SCENE_COLOUR,
                                     "unknown colour '%s' for player '%s'; the colours: red, "
                                     "blue, green, yellow, black, grey, pink, purple",
                                     sc->players[i].colour ? sc->players[i].colour : "",
                                     sc->players[i].id);
        if (sc->move.kind == TKIT_MOVE_TILE &&
            (sc->move.player < 0 || (size_t)sc->move.player >= sc->nplayers))
                tkit_g_error(b, sc->move.line, TKIT_GR_SCENE_PLAYER,
                             "the move has no active player");
}

/* Which sets bring which figures: the base game only the meeple; the rest as documented in
 * docs/scoring.md (a garden brings the abbot; the big meeple and the pig come with a set whose
 * box holds their tokens, Inns & Cathedrals and Traders & Builders, or, for a set that states no
 * tokens at all, such as JCloisterZone's data, with an inn or a cathedral, a pig stable). A tile
 * that shows a pig stable does not put pigs in a box that lists its contents. */
static bool kind_available(const struct g_board *b, enum tkit_figure_kind k)
{
        if (k == TKIT_FIGURE_MEEPLE)
                return true;
        for (size_t i = 0; i < b->sc->nsets; i++)
                for (size_t s = 0; s < b->nsets; s++) {
                        const struct tkit_set *set = b->sets[s];
                        if (strcmp(set->id, b->sc->sets[i]) != 0)
                                continue;
                        if ((k == TKIT_FIGURE_BIG_MEEPLE || k == TKIT_FIGURE_PIG) && set->ntokens) {
                                if (tkit_set_token_count(set, k == TKIT_FIGURE_PIG
                                                                  ? TKIT_TOKEN_PIG
                                                                  : TKIT_TOKEN_BIG_MEEPLE) > 0)
                                        return true;
                                continue;
                        }
                        for (size_t t = 0; t < set->ntiles; t++) {
                                const struct tkit_tile *tl = &set->tiles[t];
                                if (k == TKIT_FIGURE_PIG && strchr(tl->illustrations, 'S'))
                                        return true;
                                for (size_t f = 0; f < tl->nfeatures; f++) {
                                        const struct tkit_feature *fe = &tl->features[f];
                                        if (k == TKIT_FIGURE_ABBOT && fe->kind == TKIT_GARDEN)
                                                return true;
                                        if (k == TKIT_FIGURE_BIG_MEEPLE &&
                                            (fe->inn || fe->cathedral))
                                                return true;
                                }
                        }
                }
        return false;
}

static const char *kind_needs(enum tkit_figure_kind k)
{
        switch (k) {
        case TKIT_FIGURE_ABBOT:
                return "a set with a garden";
        case TKIT_FIGURE_BIG_MEEPLE:
                return "a set with big meeples (Inns & Cathedrals)";
        case TKIT_FIGURE_PIG:
                return "a set whose box holds pigs, such as traders-builders";
        default:
                return "nothing";
        }
}

/* Whether a figure of kind k may stand on a feature of kind fk. */
static bool kind_fits(enum tkit_figure_kind k, enum tkit_feature_kind fk)
{
        switch (k) {
        case TKIT_FIGURE_ABBOT:
                return fk == TKIT_CLOISTER || fk == TKIT_GARDEN;
        case TKIT_FIGURE_PIG:
                return fk == TKIT_FIELD;
        default:
                return fk != TKIT_GARDEN && fk != TKIT_RIVER;
        }
}

/* The field a barn stands in: barn (x, y) is the north-west corner of cell (x, y). A barn
 * farmer is an ordinary farmer of that field. */
static int barn_field(struct g_board *b, const struct tkit_scene_barn *bn, int line)
{
        int ci = tkit_g_cell_at(b, bn->x, bn->y);
        int node = ci < 0 ? -1 : b->cells[ci].owner[TKIT_POS(TKIT_N, TKIT_L)];
        if (node < 0 || tkit_g_node_kind(b, node) != TKIT_FIELD) {
                tkit_g_error(b, line, TKIT_GR_SCENE_FIGURE,
                             "barn '%s' at (%d, %d) is not on a field corner", bn->id, bn->x,
                             bn->y);
                return -1;
        }
        return node;
}

/* Resolves one figure into b->figs; `placed` for the move's figure (on the placed cell). */
static void add_fig(struct g_board *b, const struct tkit_scene_figure *f, int index, bool placed)
{
        struct g_fig *g = TKIT_PUSH(b->figs, b->nfigs, b->capfigs);
        memset(g, 0, sizeof(*g));
        tkit_scene_figure_copy(&g->f, f);
        g->node = -1;
        g->index = index;
        g->placed = placed;
        if (f->player < 0 || f->player >= b->nplayers)
                tkit_g_error(b, f->line, TKIT_GR_SCENE_PLAYER,
                             "the figure belongs to no player of the scene");
        if ((unsigned)f->kind >= TKIT_FIGURE_KIND_COUNT)
                return;
        if (!kind_available(b, f->kind))
                tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE_KIND,
                             "no set in play has the %s (it needs %s)",
                             tkit_figure_kind_name(f->kind), kind_needs(f->kind));
        if (f->at == TKIT_AT_CASTLE) {
                if (f->castle < 0 || (size_t)f->castle >= b->sc->ncastles)
                        tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE, "no such castle");
                if (f->kind != TKIT_FIGURE_MEEPLE)
                        tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE,
                                     "only a normal meeple can be a maiden, not a %s",
                                     tkit_figure_kind_name(f->kind));
                return;
        }
        if (f->at == TKIT_AT_BARN) {
                if (f->barn < 0 || (size_t)f->barn >= b->sc->nbarns)
                        tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE, "no such barn");
                if (placed)
                        tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE,
                                     "a farmer is never placed directly on a barn");
                if (f->kind != TKIT_FIGURE_MEEPLE && f->kind != TKIT_FIGURE_BIG_MEEPLE)
                        tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE,
                                     "a %s cannot stand on a barn", tkit_figure_kind_name(f->kind));
                if (f->barn >= 0 && (size_t)f->barn < b->sc->nbarns)
                        g->node = barn_field(b, &b->sc->barns[f->barn], f->line);
                return;
        }
        g->node = tkit_g_place_or_error(b, f->x, f->y, f->feature, TKIT_GR_SCENE_FIGURE, f->line,
                                        placed ? "the figure placed" : "the figure");
        if (g->node < 0)
                return;
        int ci = b->node_cell[g->node];
        enum tkit_feature_kind fk = tkit_g_node_kind(b, g->node);
        if (!kind_fits(f->kind, fk))
                tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE, "a %s cannot stand on a %s",
                             tkit_figure_kind_name(f->kind), tkit_feature_kind_name(fk));
        if (b->cells[ci].piece >= 0)
                tkit_g_error(b, f->line, TKIT_GR_SCENE_FIGURE, "no figure stands on the fortress");
}

static void check_figures(struct g_board *b)
{
        const struct tkit_scene *sc = b->sc;
        for (size_t i = 0; i < sc->nfigures; i++)
                add_fig(b, &sc->figures[i], (int)i, false);
        if (sc->move.kind != TKIT_MOVE_TILE || !sc->move.has_figure)
                return;
        struct tkit_scene_figure f = sc->move.figure;
        if (b->placed_cell < 0) {
                tkit_g_error(b, f.line, TKIT_GR_SCENE_FIGURE, "a figure is placed but no tile is");
                return;
        }
        f.player = sc->move.player;
        if (f.at == TKIT_AT_FEATURE) {
                f.x = b->cells[b->placed_cell].x;
                f.y = b->cells[b->placed_cell].y;
        }
        size_t before = b->d->errors;
        add_fig(b, &f, -1, true);
        int node = b->figs[b->nfigs - 1].node;
        if (b->d->errors > before || node < 0)
                return;
        int root = tkit_g_find(b, node);
        for (size_t i = 0; i + 1 < b->nfigs; i++)
                if (b->figs[i].node >= 0 && tkit_g_find(b, b->figs[i].node) == root &&
                    b->figs[i].f.kind != TKIT_FIGURE_PIG)
                        tkit_g_error(b, f.line, TKIT_GR_SCENE_OCCUPIED,
                                     "the %s is already occupied (figure at line %d)",
                                     tkit_feature_kind_name(tkit_g_node_kind(b, node)),
                                     b->figs[i].f.line);
}

static int post_index(enum tkit_post k)
{
        return k == TKIT_POST_KNIGHTS ? 0 : k == TKIT_POST_TRAVELERS ? 1 : 2;
}

/* "front (2-3 players), back (4+ players)": the faces of a piece, for a diagnostic. */
static char *faces_list(const struct tkit_piece *p)
{
        char *out = tkit_xstrdup("");
        for (size_t f = 0; f < p->nfaces; f++) {
                const struct tkit_face *fc = &p->faces[f];
                char *range = fc->max_players == 0 ? tkit_xasprintf("%d+", fc->min_players)
                              : fc->max_players == fc->min_players
                                  ? tkit_xasprintf("%d", fc->min_players)
                                  : tkit_xasprintf("%d-%d", fc->min_players, fc->max_players);
                char *next = tkit_xasprintf("%s%s%s (%s players)", out, f ? ", " : "", fc->id, range);
                free(range);
                free(out);
                out = next;
        }
        return out;
}

/* The face in use follows the player count (S&D: the front for 2-3 players, the back for 4 or
 * more): a scene that names a face its players cannot use states a game that cannot happen. */
static const struct tkit_face *checked_face(struct g_board *b, const struct tkit_piece *p, int line)
{
        const struct tkit_face *fc = tkit_piece_face(p, b->sc->face, b->nplayers);
        if (fc && tkit_face_fits(fc, b->nplayers))
                return fc;
        if (b->nplayers == 0 && p->nfaces && (fc || !b->sc->face))
                return fc ? fc : &p->faces[0]; /* tiles only: the face named, else the first */
        char *faces = faces_list(p);
        if (!fc && b->sc->face)
                tkit_g_error(b, line, TKIT_GR_SCENE_FACE,
                             "piece '%s' has no face '%s'; its faces: %s", p->id, b->sc->face,
                             faces);
        else if (!fc)
                tkit_g_error(b, line, TKIT_GR_SCENE_FACE,
                             "piece '%s' has no face for %d player%s; its faces: %s", p->id,
                             b->nplayers, b->nplayers == 1 ? "" : "s", faces);
        else
                tkit_g_error(b, line, TKIT_GR_SCENE_FACE,
                             "face '%s' of piece '%s' is not played with %d player%s; its faces: "
                             "%s (leave <board face> out to take the one for the player count)",
                             fc->id, p->id, b->nplayers, b->nplayers == 1 ? "" : "s", faces);
        free(faces);
        return NULL;
}

static void load_post_defs(struct g_board *b)
{
        for (size_t i = 0; i < b->sc->ntiles; i++) {
                const struct tkit_scene_tile *t = &b->sc->tiles[i];
                if (!t->is_piece)
                        continue;
                const struct tkit_piece *p = NULL;
                for (size_t c = 0; c < b->ncells; c++)
                        if (b->cells[c].piece == (int)i)
                                for (size_t s = 0; s < b->nsets && !p; s++)
                                        for (size_t k = 0; k < b->sets[s]->npieces; k++)
                                                if (b->sets[s]->pieces[k].cells == b->cells[c].def)
                                                        p = &b->sets[s]->pieces[k];
                if (!p)
                        continue;
                const struct tkit_face *fc = checked_face(b, p, t->line);
                if (!fc)
                        continue;
                for (size_t k = 0; k < fc->nposts; k++) {
                        struct g_post *gp = &b->posts[post_index(fc->posts[k].kind)];
                        gp->present = true;
                        gp->kind = fc->posts[k].kind;
                        gp->def = &fc->posts[k];
                        gp->face = fc->id;
                        gp->spaces = tkit_post_row_spaces(&fc->posts[k], b->nplayers);
                        gp->nrow = (size_t)(fc->posts[k].plain + fc->posts[k].dark3 +
                                            fc->posts[k].fiveplus);
                        free(gp->row); /* a second copy of the piece (SCENE-COPIES) */
                        gp->row = tkit_xmalloc((gp->nrow + 1) * sizeof(int));
                        for (size_t r = 0; r < gp->nrow; r++)
                                gp->row[r] = -1;
                }
        }
}

static void check_posts(struct g_board *b)
{
        load_post_defs(b);
        for (size_t i = 0; i < b->sc->nposts; i++) {
                const struct tkit_scene_post *sp = &b->sc->posts[i];
                if ((unsigned)sp->kind >= TKIT_POST_ANY) {
                        tkit_g_error(b, sp->line, TKIT_GR_SCENE_POST, "not a defense post");
                        continue;
                }
                struct g_post *gp = &b->posts[post_index(sp->kind)];
                if (!gp->present) {
                        tkit_g_error(b, sp->line, TKIT_GR_SCENE_POST,
                                     "no fortress in play has the %s post",
                                     tkit_post_name(sp->kind));
                        continue;
                }
                gp->line = sp->line;
                gp->catapult = sp->catapult;
                /* a row is written whole, one token per printed space: a short row is not
                 * padded, so a forgotten space cannot shift the counting spaces */
                if (sp->nrow && sp->nrow != gp->nrow)
                        tkit_g_error(
                            b, sp->line, TKIT_GR_SCENE_POST,
                            "the row of the %s post lists %zu space%s, face '%s' prints %zu "
                            "(%d plain, %d dark '3' counting with 3 players, %d '5+' "
                            "counting with 5 or more): one token per space, '-' when empty",
                            tkit_post_name(sp->kind), sp->nrow, sp->nrow == 1 ? "" : "s", gp->face,
                            gp->nrow, gp->def->plain, gp->def->dark3, gp->def->fiveplus);
                for (size_t r = 0; r < sp->nrow; r++) {
                        if (sp->row[r] < 0)
                                continue;
                        if ((int)r >= gp->spaces)
                                tkit_g_error(b, sp->line, TKIT_GR_SCENE_POST,
                                             "row space %zu of the %s post does not count with %d "
                                             "players, yet holds a meeple",
                                             r + 1, tkit_post_name(sp->kind), b->nplayers);
                        else
                                gp->row[r] = sp->row[r];
                }
                for (size_t s = 0; s < sp->nstack; s++)
                        *TKIT_PUSH(gp->stack, gp->nstack, gp->capstack) = sp->stack[s];
        }
}

static int token_total(const struct g_board *b, enum tkit_token_kind k)
{
        int n = 0;
        for (size_t i = 0; i < b->sc->nsets; i++)
                for (size_t s = 0; s < b->nsets; s++)
                        if (strcmp(b->sets[s]->id, b->sc->sets[i]) == 0)
                                n += tkit_set_token_count(b->sets[s], k);
        return n;
}

/* The bridge axes tile `c` takes on the board: bit 1 NS, bit 2 EW (the model's bits are the
 * tile's own axes). */
static unsigned board_axes(const struct g_cell *c)
{
        unsigned own = tkit_tile_bridge_axes(c->def), board = 0;
        for (int axis = 0; axis < 2; axis++)
                if (own >> axis & 1u)
                        board |= 1u << (tkit_bridge_axis_on_board(axis, c->rot) - 1);
        return board;
}

/* A bridge on the move's tile is what <build what="bridge"/> builds: one without the other is
 * refused (a turn builds one thing, C&B "Additional notes"). */
static void check_bridge_build(struct g_board *b)
{
        const struct tkit_scene_move *m = &b->sc->move;
        if (m->kind != TKIT_MOVE_TILE || b->placed_cell < 0)
                return;
        const struct g_cell *c = &b->cells[b->placed_cell];
        if (c->bridge && m->build != TKIT_BUILD_BRIDGE) {
                tkit_g_error(b, m->placed.line, TKIT_GR_SCENE_BUILD,
                             "the move's tile has bridge=\"%s\" but the move builds %s: a bridge "
                             "on the placed tile is built by <build what=\"bridge\"/>, and a "
                             "turn builds one thing",
                             tkit_bridge_axis_name((enum tkit_bridge_axis)c->bridge),
                             m->build == TKIT_BUILD_CASTLE ? "a castle"
                             : m->build == TKIT_BUILD_BARN ? "a barn"
                                                           : "nothing");
        } else if (!c->bridge && m->build == TKIT_BUILD_BRIDGE) {
                unsigned axes = board_axes(c);
                tkit_g_error(b, m->line, TKIT_GR_SCENE_BUILD,
                             "<build what=\"bridge\"/> needs the bridge's axis on the move's "
                             "<tile>: %s (tile '%s' at rotation %d)",
                             axes == 3   ? "bridge=\"NS\" or bridge=\"EW\""
                             : axes == 1 ? "bridge=\"NS\", the one axis it takes"
                             : axes == 2 ? "bridge=\"EW\", the one axis it takes"
                                         : "none fits, it has no two opposite field sides",
                             c->def->id, c->rot * 90);
        }
}

/* Castles on the board stand on completed cities of two tiles; a turn builds at most one thing. */
static void check_buildings(struct g_board *b)
{
        const struct tkit_scene *sc = b->sc;
        for (size_t i = 0; i < sc->ncastles; i++) {
                const struct tkit_scene_castle *k = &sc->castles[i];
                char *what = tkit_xasprintf("castle '%s'", k->id);
                int n = tkit_g_place_or_error(b, k->x, k->y, k->feature, TKIT_GR_SCENE_CASTLE,
                                              k->line, what);
                free(what);
                if (n < 0)
                        continue;
                if (tkit_g_node_kind(b, n) != TKIT_CITY)
                        tkit_g_error(b, k->line, TKIT_GR_SCENE_CASTLE,
                                     "castle '%s': '%s' at (%d, %d) is a %s, not a city", k->id,
                                     k->feature, k->x, k->y,
                                     tkit_feature_kind_name(tkit_g_node_kind(b, n)));
                else if (b->groups[tkit_g_find(b, n)].tiles != 2)
                        tkit_g_error(b, k->line, TKIT_GR_SCENE_CASTLE,
                                     "castle '%s' stands on a city of %d tile%s, not 2", k->id,
                                     b->groups[tkit_g_find(b, n)].tiles,
                                     b->groups[tkit_g_find(b, n)].tiles == 1 ? "" : "s");
        }
        check_bridge_build(b);
}

static void check_tokens(struct g_board *b)
{
        const struct tkit_scene *sc = b->sc;
        int bridges = 0, catapults = 0;
        for (size_t i = 0; i < b->ncells; i++)
                bridges += b->cells[i].bridge != 0;
        for (int p = 0; p < 3; p++)
                catapults += b->posts[p].catapult;
        struct {
                enum tkit_token_kind k;
                int used;
                int line;
        } t[] = {
            {TKIT_TOKEN_CASTLE, (int)sc->ncastles + (sc->move.build == TKIT_BUILD_CASTLE),
             sc->move.line},
            {TKIT_TOKEN_BARN, (int)sc->nbarns + (sc->move.build == TKIT_BUILD_BARN), sc->move.line},
            {TKIT_TOKEN_BRIDGE, bridges, sc->move.line},
            {TKIT_TOKEN_CATAPULT, catapults, sc->line},
        };
        /* the catapults in the supply: as the scene says, else the sets' minus those on posts */
        b->catapults_left = sc->catapults_left >= 0
                                ? sc->catapults_left
                                : token_total(b, TKIT_TOKEN_CATAPULT) - catapults;
        /* catapults are conserved: one removed from a post goes back to the supply (S&D, "The
         * catapult"), so none ever leaves the game and the two always add up to the sets' */
        int all = token_total(b, TKIT_TOKEN_CATAPULT);
        if (sc->catapults_left >= 0 && catapults + b->catapults_left != all)
                tkit_g_error(b, sc->nposts ? sc->posts[0].line : sc->line, TKIT_GR_SCENE_TOKEN,
                             "%d catapult%s on posts and catapults-left=\"%d\", the sets in play "
                             "have %d: a catapult removed from a post goes back to the supply, so "
                             "the supply holds %d (leave catapults-left out to have it counted)",
                             catapults, catapults == 1 ? "" : "s", b->catapults_left, all,
                             all - catapults < 0 ? 0 : all - catapults);
        for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
                if (t[i].used > token_total(b, t[i].k))
                        tkit_g_error(b, t[i].line ? t[i].line : sc->line, TKIT_GR_SCENE_TOKEN,
                                     "%d %s tokens in use, the sets in play have %d", t[i].used,
                                     tkit_token_name(t[i].k), token_total(b, t[i].k));
}

/* The options: the name, then the words of its values in the order of their enum. */
static const char *const options[G_OPT_COUNT][3] = {
    [G_OPT_ATTACK_PROTECT] = {"attack-protect", "post", "row"},
    [G_OPT_ESCAPE] = {"escape", "besieger-tile", "city-tile"},
};

/* The value index of `o` ("row" -> 1), or -1 for an unknown option or word. */
static int option_value(const struct tkit_scene_option *o, enum g_option *which)
{
        for (int k = 0; k < G_OPT_COUNT; k++)
                if (strcmp(o->name, options[k][0]) == 0) {
                        *which = (enum g_option)k;
                        for (int v = 1; v < 3; v++)
                                if (strcmp(o->value, options[k][v]) == 0)
                                        return v - 1;
                }
        return -1;
}

int tkit_g_option(const struct g_board *b, enum g_option o)
{
        for (size_t i = 0; i < b->sc->noptions; i++) {
                enum g_option which = G_OPT_COUNT;
                int v = option_value(&b->sc->options[i], &which);
                if (which == o)
                        return v;
        }
        return -1;
}

static void check_options(struct g_board *b)
{
        for (size_t i = 0; i < b->sc->noptions; i++) {
                const struct tkit_scene_option *o = &b->sc->options[i];
                enum g_option which = G_OPT_COUNT;
                if (option_value(o, &which) >= 0)
                        continue;
                struct tkit_buf all;
                tkit_buf_init(&all);
                for (int k = 0; k < G_OPT_COUNT; k++)
                        tkit_buf_printf(&all, "%s%s=%s|%s", k ? ", " : "", options[k][0],
                                        options[k][1], options[k][2]);
                tkit_g_error(b, o->line, TKIT_GR_SCENE_OPTION,
                             "unknown option %s=%s; the options: %s", o->name, o->value, all.data);
                tkit_buf_finish(&all);
        }
}

int tkit_g_validate(struct g_board *b)
{
        size_t before = b->d->errors;
        check_players(b);
        check_options(b);
        check_cells(b);
        tkit_g_check_connected(b);
        check_bridges(b);
        check_move_tile(b);
        check_figures(b);
        check_posts(b);
        check_buildings(b);
        check_tokens(b);
        tkit_g_check_copies(b);
        tkit_g_check_supply(b);
        return b->d->errors > before ? TKIT_E_INVALID : 0;
}
