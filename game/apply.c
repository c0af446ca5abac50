/* A move, phase by phase: draw (siege symbols), tile (buildings), figure (and post bonus, abbot),
 * scoring (counterattack, maiden, barn, completed features), turn end (escape); and the end of
 * the game. Then the scene after the move. */
#include "game-private.h"

#include <stdlib.h>
#include <string.h>

static int placed_fig(const struct g_board *b)
{
        for (size_t i = 0; i < b->nfigs; i++)
                if (b->figs[i].placed)
                        return (int)i;
        return -1;
}

/* <build what="bridge"/>: the bridge on the placed tile (its axis is the tile's `bridge`; the
 * validation refused a bridge without the build, or the build without an axis). */
static void build_bridge(struct g_ctx *c)
{
        struct g_board *b = c->b;
        if (b->placed_cell < 0 || !b->cells[b->placed_cell].bridge)
                return;
        struct tkit_game_event *e = tkit_g_event(c, TKIT_EV_BUILD, TKIT_GR_BRIDGE_MUST, b->active,
                                                 0, b->sc->move.placed.line);
        e->build = TKIT_BUILD_BRIDGE;
        e->feature_kind = TKIT_ROAD;
        e->count = TKIT_COUNT_BRIDGE;
        const struct g_cell *cl = &b->cells[b->placed_cell];
        e->places = tkit_xmalloc(sizeof(*e->places));
        e->nplaces = 1;
        e->places[0] = (struct tkit_game_place){cl->x, cl->y, TKIT_GAME_PLACE_BRIDGE};
        b->bridges_built++;
}

static struct tkit_game_event *refuse(struct g_ctx *c, enum tkit_game_rule rule,
                                      enum tkit_refusal why)
{
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_REFUSE, rule, c->b->active, 0, c->b->sc->move.line);
        e->reason = why;
        e->count = TKIT_COUNT_REFUSED;
        return e;
}

/* A castle on a city of exactly two tiles that the placed tile completes. */
static void build_castle(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (b->placed_cell < 0)
                return;
        int node = tkit_g_place_or_error(b, m->placed.x, m->placed.y, m->build_feature,
                                         TKIT_GR_SCENE_BUILD, m->line, "the castle");
        if (node < 0)
                return;
        if (tkit_g_node_kind(b, node) != TKIT_CITY) {
                tkit_g_error(b, m->line, TKIT_GR_SCENE_BUILD,
                             "the castle: '%s' on the placed tile is a %s, not a city",
                             m->build_feature, tkit_feature_kind_name(tkit_g_node_kind(b, node)));
                return;
        }
        if (!tkit_g_has_rules(b, TKIT_RULES_CASTLES)) {
                tkit_g_error(b, m->line, TKIT_GR_SCENE_BUILD, "no set in play has castles");
                return;
        }
        int root = tkit_g_find(b, node);
        struct g_group *g = &b->groups[root];
        if (!tkit_g_complete(b, root) || g->tiles != 2) {
                refuse(c, TKIT_GR_CASTLE_BUILD, TKIT_REFUSE_CASTLE_NOT_TWO)->build =
                    TKIT_BUILD_CASTLE;
                return;
        }
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (!f->gone && f->node >= 0 && tkit_g_find(b, f->node) == root &&
                    f->f.kind != TKIT_FIGURE_MEEPLE) {
                        refuse(c, TKIT_GR_CASTLE_BUILD, TKIT_REFUSE_CASTLE_FIGURE)->build =
                            TKIT_BUILD_CASTLE;
                        return;
                }
        }
        g->castle = true;
        b->castles_built++;
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_BUILD, TKIT_GR_CASTLE_BUILD, b->active, 0, m->line);
        e->build = TKIT_BUILD_CASTLE;
        e->feature_kind = TKIT_CITY;
        e->n.tiles = g->tiles;
        e->count = TKIT_COUNT_CASTLE;
        tkit_g_event_places(c, e, root);
        b->castle_root = root;
}

/* Normal meeples in the new castle's city become maidens (phase 1, or the figure of phase 2). */
static void castle_maidens(struct g_ctx *c)
{
        struct g_board *b = c->b;
        if (b->castle_root < 0)
                return;
        for (size_t i = 0; i < b->nfigs; i++) {
                struct g_fig *f = &b->figs[i];
                if (f->gone || f->node < 0 || tkit_g_find(b, f->node) != b->castle_root)
                        continue;
                int index = f->index;
                tkit_g_stats_fig(b, (int)i, -1);
                f->maiden_new = true;
                f->f.at = TKIT_AT_CASTLE;
                f->f.castle = (int)b->sc->ncastles;
                f->node = -1;
                struct tkit_game_event *e = tkit_g_event(c, TKIT_EV_CONVERT, TKIT_GR_MAIDEN_CONVERT,
                                                         f->f.player, 0, f->f.line);
                e->figure = index;
                e->figure_kind = f->f.kind;
                e->feature_kind = TKIT_CITY;
                e->at = TKIT_AT_CASTLE;
                e->count = TKIT_COUNT_MAIDEN;
        }
}

/* Corner positions of the four cells around corner point (x, y), NW cell first. */
static const int corner_cell[4][2] = {{-1, -1}, {0, -1}, {-1, 0}, {0, 0}};
static const int corner_pos[4][2] = {{5, 6}, {8, 9}, {2, 3}, {0, 11}};

static int barn_field(struct g_board *b, int x, int y, enum tkit_refusal *why)
{
        int field = -1;
        bool has_placed = false;
        for (int k = 0; k < 4; k++) {
                int ci = tkit_g_cell_at(b, x + corner_cell[k][0], y + corner_cell[k][1]);
                if (ci < 0) {
                        *why = TKIT_REFUSE_BARN_NOT_FOUR;
                        return -1;
                }
                has_placed |= ci == b->placed_cell;
                for (int p = 0; p < 2; p++) {
                        int n = b->cells[ci].owner[corner_pos[k][p]];
                        if (n < 0 || tkit_g_node_kind(b, n) != TKIT_FIELD) {
                                *why = TKIT_REFUSE_BARN_NOT_FIELD;
                                return -1;
                        }
                        field = tkit_g_find(b, n);
                }
        }
        if (!has_placed) {
                *why = TKIT_REFUSE_BARN_NOT_PLACED;
                return -1;
        }
        return field;
}

static int barn_farmer(struct g_board *b, int field)
{
        const struct tkit_scene_figure *want = &b->sc->move.farmer;
        int wnode = -1;
        if (want->feature) {
                wnode = tkit_g_place_or_error(b, want->x, want->y, want->feature,
                                              TKIT_GR_SCENE_BUILD, want->line, "the barn's farmer");
                if (wnode < 0)
                        return -2;
        }
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone || f->node < 0 || f->f.at != TKIT_AT_FEATURE ||
                    f->f.player != b->active || f->f.kind == TKIT_FIGURE_PIG ||
                    tkit_g_find(b, f->node) != field)
                        continue;
                if (wnode < 0 || f->node == wnode)
                        return (int)i;
        }
        return -1;
}

/* The builder's pig goes back when its farmer moves onto the barn (C&B, with Traders & Builders:
 * the pig keeps company with a farmer standing in its field): unless another farmer of the
 * builder still stands in that field, the builder's pig there returns to the supply. */
static void barn_pig(struct g_ctx *c, int field)
{
        struct g_board *b = c->b;
        int pig = -1;
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone || f->node < 0 || f->f.at != TKIT_AT_FEATURE ||
                    f->f.player != b->active || tkit_g_find(b, f->node) != field)
                        continue;
                if (f->f.kind != TKIT_FIGURE_PIG)
                        return; /* a farmer of the builder still stands there */
                pig = (int)i;
        }
        if (pig >= 0)
                tkit_g_return_fig(c, pig, TKIT_GR_BARN_BUILD, false);
}

static void build_barn(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (!tkit_g_has_rules(b, TKIT_RULES_BARNS)) {
                tkit_g_error(b, m->line, TKIT_GR_SCENE_BUILD, "no set in play has barns");
                return;
        }
        enum tkit_refusal why = TKIT_REFUSE_NONE;
        int field = barn_field(b, m->build_x, m->build_y, &why);
        for (size_t i = 0; i < b->sc->nbarns && !why; i++)
                if (b->sc->barns[i].x == m->build_x && b->sc->barns[i].y == m->build_y)
                        why = TKIT_REFUSE_BARN_TAKEN;
        int fi = field < 0 ? -1 : barn_farmer(b, field);
        if (fi == -2)
                return; /* the farmer named is nowhere: said */
        if (field >= 0 && fi < 0 && !why)
                why = TKIT_REFUSE_BARN_NO_FARMER;
        if (why) {
                refuse(c, TKIT_GR_BARN_BUILD, why)->build = TKIT_BUILD_BARN;
                return;
        }
        b->barns_built++;
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_BUILD, TKIT_GR_BARN_BUILD, b->active, 0, m->line);
        e->build = TKIT_BUILD_BARN;
        e->feature_kind = TKIT_FIELD;
        e->count = TKIT_COUNT_BARN;
        tkit_g_event_places(c, e, field);
        struct g_fig *f = &b->figs[fi];
        enum tkit_figure_kind kind = f->f.kind;
        f->f.at = TKIT_AT_BARN;
        f->f.barn = (int)b->sc->nbarns;
        e = tkit_g_event(c, TKIT_EV_CONVERT, TKIT_GR_BARN_BUILD, b->active, 0, f->f.line);
        e->figure = f->index;
        e->figure_kind = kind;
        e->feature_kind = TKIT_FIELD;
        e->at = TKIT_AT_BARN;
        b->barn_pending = true;
        barn_pig(c, field);
}

static void barn_score(struct g_ctx *c)
{
        struct g_board *b = c->b;
        if (!b->barn_pending)
                return;
        int n = 0;
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                n += !f->gone && f->node >= 0 && f->f.kind != TKIT_FIGURE_PIG &&
                     f->f.kind != TKIT_FIGURE_ABBOT && tkit_g_node_kind(b, f->node) == TKIT_FIELD;
        }
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_SCORE, TKIT_GR_BARN_SCORE, b->active, n, b->sc->move.line);
        e->feature_kind = TKIT_FIELD;
        e->n.farmers = n;
}

static void take_maiden(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (m->take_maiden < 0)
                return;
        if (m->has_figure || m->recall_abbot) {
                tkit_g_error(b, m->line, TKIT_GR_SCENE_MAIDEN,
                             "a maiden is taken back only in a turn without a figure placed");
                return;
        }
        int mi = -1, knights = 0, maidens = 0;
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone)
                        continue;
                if (f->f.at == TKIT_AT_CASTLE) {
                        maidens++;
                        if (f->f.castle == m->take_maiden && f->f.player == b->active &&
                            !f->maiden_new)
                                mi = (int)i;
                } else if (f->node >= 0 && f->f.at == TKIT_AT_FEATURE &&
                           tkit_g_node_kind(b, f->node) == TKIT_CITY &&
                           f->f.kind != TKIT_FIGURE_PIG) {
                        knights++;
                }
        }
        if (mi < 0) {
                tkit_g_error(b, m->line, TKIT_GR_SCENE_MAIDEN, "%s has no maiden on that castle",
                             tkit_g_player_name(b, b->active));
                return;
        }
        int pts = maidens + knights;
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_SCORE, TKIT_GR_MAIDEN_TAKE, b->active, pts, m->line);
        e->n.maidens = maidens - 1;
        e->n.knights = knights;
        tkit_g_return_fig(c, mi, TKIT_GR_MAIDEN_TAKE, false);
}

static void recall_abbot(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (!m->recall_abbot)
                return;
        if (m->has_figure) {
                tkit_g_error(b, m->line, TKIT_GR_SCENE_ABBOT,
                             "the abbot is taken back instead of placing a figure, not as well");
                return;
        }
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone || f->f.kind != TKIT_FIGURE_ABBOT || f->f.player != b->active ||
                    f->node < 0)
                        continue;
                int root = tkit_g_find(b, f->node);
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_SCORE, TKIT_GR_ABBOT_RECALL, b->active, 0, m->line);
                int v = tkit_g_group_value(b, root, true, e);
                e->points = v;
                c->r->points[b->active] += v;
                e->at_end = false; /* scored "as if the game ended", in play */
                tkit_g_event_places(c, e, root);
                tkit_g_return_fig(c, (int)i, TKIT_GR_ABBOT_RECALL, false);
                return;
        }
        tkit_g_error(b, m->line, TKIT_GR_SCENE_ABBOT, "%s has no abbot on the board",
                     tkit_g_player_name(b, b->active));
}

static void add_root(int **v, size_t *n, size_t *cap, int root)
{
        for (size_t i = 0; i < *n; i++)
                if ((*v)[i] == root)
                        return;
        *TKIT_PUSH(*v, *n, *cap) = root;
}

/* The features the placed tile completes: its roads and cities, and the cloisters and gardens
 * on it and around it. */
static void score_completed(struct g_ctx *c)
{
        struct g_board *b = c->b;
        if (b->placed_cell < 0)
                return;
        const struct g_cell *pc = &b->cells[b->placed_cell];
        int *roots = NULL;
        size_t n = 0, cap = 0;
        for (size_t f = 0; f <= pc->def->nfeatures; f++) {
                int node = pc->node0 + (int)f;
                if (f == pc->def->nfeatures && !pc->bridge)
                        continue;
                enum tkit_feature_kind k = tkit_g_node_kind(b, node);
                int root = tkit_g_find(b, node);
                if ((k == TKIT_ROAD || k == TKIT_CITY) && !b->groups[root].castle &&
                    tkit_g_complete(b, root))
                        add_root(&roots, &n, &cap, root);
        }
        for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                        int ci = tkit_g_cell_at(b, pc->x + dx, pc->y + dy);
                        if (ci < 0)
                                continue;
                        const struct g_cell *cl = &b->cells[ci];
                        for (size_t f = 0; f < cl->def->nfeatures; f++) {
                                enum tkit_feature_kind k = cl->def->features[f].kind;
                                int node = cl->node0 + (int)f;
                                if ((k == TKIT_CLOISTER || k == TKIT_GARDEN) &&
                                    tkit_g_complete(b, tkit_g_find(b, node)))
                                        add_root(&roots, &n, &cap, tkit_g_find(b, node));
                        }
                }
        for (size_t i = 0; i < n; i++)
                tkit_g_score_group(c, roots[i], false);
        free(roots);
}

static bool has_cloister(const struct tkit_tile *t)
{
        for (size_t f = 0; f < t->nfeatures; f++)
                if (t->features[f].kind == TKIT_CLOISTER)
                        return true;
        return false;
}

/* Escape (1st edition): the active player's knight leaves a besieged, incomplete city when a
 * cloister touches a besieger tile of it (or, by option, any tile of it). */
static bool escape_route(struct g_board *b, int root, bool any_tile)
{
        for (size_t i = 0; i < b->ncells; i++) {
                const struct g_cell *cl = &b->cells[i];
                bool in = false;
                for (size_t f = 0; f < cl->def->nfeatures && !in; f++)
                        in = tkit_g_find(b, cl->node0 + (int)f) == root &&
                             (any_tile || cl->def->features[f].besieger != TKIT_BESIEGER_NONE);
                for (int dy = -1; in && dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++) {
                                int ci = tkit_g_cell_at(b, cl->x + dx, cl->y + dy);
                                if ((dx || dy) && ci >= 0 && has_cloister(b->cells[ci].def))
                                        return true;
                        }
        }
        return false;
}

/* The escape variant: the scene's option, else the sets' rule flag (the Rio Grande set says
 * escape-city-tile). */
static bool escape_any_tile(const struct g_board *b)
{
        int opt = tkit_g_option(b, G_OPT_ESCAPE);
        if (opt >= 0)
                return opt == G_ESCAPE_CITY_TILE;
        return tkit_g_has_rules(b, TKIT_RULES_ESCAPE_CITY_TILE);
}

static void escape(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (!m->escape)
                return;
        const struct tkit_scene_figure *w = &m->escaping;
        int node = tkit_g_place_or_error(b, w->x, w->y, w->feature, TKIT_GR_SCENE_ESCAPE, w->line,
                                         "the escape");
        if (node < 0)
                return;
        int fi = -1;
        for (size_t i = 0; i < b->nfigs; i++)
                if (!b->figs[i].gone && b->figs[i].node == node &&
                    b->figs[i].f.player == b->active && !b->figs[i].placed)
                        fi = (int)i;
        if (fi < 0 || tkit_g_node_kind(b, node) != TKIT_CITY) {
                tkit_g_error(b, w->line, TKIT_GR_SCENE_ESCAPE, "no knight of %s there",
                             tkit_g_player_name(b, b->active));
                return;
        }
        int root = tkit_g_find(b, node);
        bool any = escape_any_tile(b);
        enum tkit_refusal why = !b->groups[root].besieged     ? TKIT_REFUSE_ESCAPE_NOT_BESIEGED
                                : tkit_g_complete(b, root)    ? TKIT_REFUSE_ESCAPE_COMPLETE
                                : !escape_route(b, root, any) ? TKIT_REFUSE_ESCAPE_NO_CLOISTER
                                                              : TKIT_REFUSE_NONE;
        if (why) {
                struct tkit_game_event *e = refuse(c, TKIT_GR_ESCAPE, why);
                e->any_tile = any;
                e->feature_kind = TKIT_CITY;
                e->figure = b->figs[fi].index;
                e->figure_kind = b->figs[fi].f.kind;
                return;
        }
        tkit_g_return_fig(c, fi, TKIT_GR_ESCAPE, false);
        c->r->events[c->r->nevents - 1].count = TKIT_COUNT_ESCAPE;
}

static void play_move(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        c->phase = TKIT_PHASE_DRAW;
        tkit_g_siege_draw(c);
        c->phase = TKIT_PHASE_TILE;
        if (m->build == TKIT_BUILD_BRIDGE)
                build_bridge(c);
        else if (m->build == TKIT_BUILD_CASTLE)
                build_castle(c);
        else if (m->build == TKIT_BUILD_BARN)
                build_barn(c);
        castle_maidens(c);
        c->phase = TKIT_PHASE_FIGURE;
        recall_abbot(c);
        tkit_g_bonus(c, placed_fig(b));
        c->phase = TKIT_PHASE_SCORE;
        tkit_g_counterattacks(c);
        take_maiden(c);
        barn_score(c);
        score_completed(c);
        c->phase = TKIT_PHASE_TURN_END;
        escape(c);
}

static void play_final(struct g_ctx *c)
{
        struct g_board *b = c->b;
        c->phase = TKIT_PHASE_FINAL;
        tkit_g_final_counterattacks(c);
        bool *done = tkit_xcalloc(b->nnodes + 1, sizeof(*done));
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone || f->node < 0 || f->f.at != TKIT_AT_FEATURE)
                        continue;
                int root = tkit_g_find(b, f->node);
                enum tkit_feature_kind k = b->groups[root].kind;
                if (done[root] || k == TKIT_FIELD)
                        continue;
                done[root] = true;
                tkit_g_score_group(c, root, !tkit_g_complete(b, root));
        }
        free(done);
        tkit_g_score_fields(c);
}

/* Where each figure stands before the move, as the engine resolved it. */
static void figure_places(const struct g_board *b, struct tkit_game_result *r)
{
        r->figures = tkit_xcalloc(b->nfigs + 1, sizeof(*r->figures));
        r->nfigures = b->nfigs;
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                struct tkit_game_place *p = &r->figures[i];
                if (f->f.at != TKIT_AT_FEATURE || f->node < 0) {
                        *p = (struct tkit_game_place){f->f.x, f->f.y, TKIT_GAME_PLACE_CELL};
                        continue;
                }
                const struct g_cell *c = &b->cells[b->node_cell[f->node]];
                int feat = b->node_feat[f->node];
                *p = (struct tkit_game_place){c->x, c->y, feat < 0 ? TKIT_GAME_PLACE_BRIDGE : feat};
        }
}

int tkit_game_validate(const struct tkit_scene *scene, struct tkit_set *const *sets, size_t nsets,
                       struct tkit_diags *d)
{
        struct g_board b;
        int rc = tkit_g_board_build(&b, scene, sets, nsets, d);
        if (rc == 0)
                rc = tkit_g_validate(&b);
        tkit_g_board_finish(&b);
        return rc;
}

int tkit_game_apply(const struct tkit_scene *scene, struct tkit_set *const *sets, size_t nsets,
                    bool final, struct tkit_game_result *r, struct tkit_diags *d)
{
        struct g_board b;
        size_t before = d->errors;
        int rc = tkit_g_board_build(&b, scene, sets, nsets, d);
        if (rc == 0)
                rc = tkit_g_validate(&b);
        if (rc == 0) {
                figure_places(&b, r);
                struct g_ctx c = {&b, r, TKIT_PHASE_DRAW};
                tkit_g_stats_build(&b);
                b.castle_root = -1;
                if (scene->move.kind == TKIT_MOVE_TILE)
                        play_move(&c);
                if (final || scene->move.kind == TKIT_MOVE_END)
                        play_final(&c);
                if (d->errors == before)
                        r->after = tkit_g_after(&b);
        }
        tkit_g_board_finish(&b);
        return d->errors > before ? TKIT_E_INVALID : 0;
}
