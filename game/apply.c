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

static void build_bridge(struct g_ctx *c)
{
        struct g_board *b = c->b;
        if (b->placed_cell < 0 || !b->cells[b->placed_cell].bridge)
                return;
        const struct g_cell *cl = &b->cells[b->placed_cell];
        struct tkit_game_event *e = tkit_g_event(
            c, TKIT_EV_BUILD, "BRIDGE-MUST", b->active, 0, b->sc->move.placed.line,
            "%s %s a bridge: the tile's field sides %s continue a road",
            tkit_g_player_name(b, b->active), tkit_g_verb(b, b->active, "takes", "take"),
            cl->bridge == 1 ? "N and S" : "E and W");
        e->count = "bridge";
        b->bridges_built++;
}

static void refuse(struct g_ctx *c, const char *rule, const char *fmt, const char *why)
{
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_NOTE, rule, c->b->active, 0, c->b->sc->move.line, fmt, why);
        e->count = "refused";
}

/* A castle on a city of exactly two tiles that the placed tile completes. */
static void build_castle(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        int node =
            b->placed_cell < 0 ? -1 : tkit_g_resolve_place(b, b->placed_cell, m->build_feature);
        if (node < 0 || tkit_g_node_kind(b, node) != TKIT_CITY) {
                tkit_g_error(b, m->line, "SCENE-BUILD", "the placed tile has no city '%s'",
                             m->build_feature ? m->build_feature : "");
                return;
        }
        if (!tkit_g_has_rules(b, TKIT_RULES_CASTLES)) {
                tkit_g_error(b, m->line, "SCENE-BUILD", "no set in play has castles");
                return;
        }
        int root = tkit_g_find(b, node);
        struct g_group *g = &b->groups[root];
        if (!tkit_g_complete(b, root) || g->tiles != 2) {
                refuse(c, "CASTLE-BUILD", "no castle: %s",
                       "the city is not a completed city of "
                       "exactly two tiles");
                return;
        }
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (!f->gone && f->node >= 0 && tkit_g_find(b, f->node) == root &&
                    f->f.kind != TKIT_FIGURE_MEEPLE) {
                        refuse(c, "CASTLE-BUILD", "no castle: %s",
                               "a figure other than a normal "
                               "meeple stands in the city");
                        return;
                }
        }
        g->castle = true;
        b->castles_built++;
        struct tkit_game_event *e = tkit_g_event(
            c, TKIT_EV_BUILD, "CASTLE-BUILD", b->active, 0, m->line,
            "%s %s a castle on the completed city of 2 tiles", tkit_g_player_name(b, b->active),
            tkit_g_verb(b, b->active, "builds", "build"));
        e->count = "castle";
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
                struct tkit_game_event *e = tkit_g_event(
                    c, TKIT_EV_CONVERT, "MAIDEN-CONVERT", f->f.player, 0, f->f.line,
                    "%s knight becomes a maiden on the castle", tkit_g_poss(b, f->f.player));
                e->figure = index;
                e->count = "maiden";
        }
}

/* Corner positions of the four cells around corner point (x, y), NW cell first. */
static const int corner_cell[4][2] = {{-1, -1}, {0, -1}, {-1, 0}, {0, 0}};
static const int corner_pos[4][2] = {{5, 6}, {8, 9}, {2, 3}, {0, 11}};

static int barn_field(struct g_board *b, int x, int y, const char **why)
{
        int field = -1;
        bool has_placed = false;
        for (int k = 0; k < 4; k++) {
                int ci = tkit_g_cell_at(b, x + corner_cell[k][0], y + corner_cell[k][1]);
                if (ci < 0) {
                        *why = "four tiles do not meet at the point";
                        return -1;
                }
                has_placed |= ci == b->placed_cell;
                for (int p = 0; p < 2; p++) {
                        int n = b->cells[ci].owner[corner_pos[k][p]];
                        if (n < 0 || tkit_g_node_kind(b, n) != TKIT_FIELD) {
                                *why = "a corner at the point is not field only (a city wall)";
                                return -1;
                        }
                        field = tkit_g_find(b, n);
                }
        }
        if (!has_placed) {
                *why = "the placed tile is not one of the four at the point";
                return -1;
        }
        return field;
}

static int barn_farmer(struct g_board *b, int field)
{
        const struct tkit_scene_figure *want = &b->sc->move.farmer;
        int wnode = -1;
        if (want->feature) {
                int ci = tkit_g_cell_at(b, want->x, want->y);
                wnode = ci < 0 ? -1 : tkit_g_resolve_place(b, ci, want->feature);
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

static void build_barn(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (!tkit_g_has_rules(b, TKIT_RULES_BARNS)) {
                tkit_g_error(b, m->line, "SCENE-BUILD", "no set in play has barns");
                return;
        }
        const char *why = NULL;
        int field = barn_field(b, m->build_x, m->build_y, &why);
        int fi = field < 0 ? -1 : barn_farmer(b, field);
        if (field >= 0 && fi < 0)
                why = "no farmer of the builder (not on a barn) on that field";
        if (why) {
                refuse(c, "BARN-BUILD", "no barn: %s", why);
                return;
        }
        b->barns_built++;
        struct tkit_game_event *e = tkit_g_event(
            c, TKIT_EV_BUILD, "BARN-BUILD", b->active, 0, m->line,
            "%s %s a barn at the corner point (%d, %d)", tkit_g_player_name(b, b->active),
            tkit_g_verb(b, b->active, "builds", "build"), m->build_x, m->build_y);
        e->count = "barn";
        tkit_g_event_places(c, e, field);
        struct g_fig *f = &b->figs[fi];
        f->f.at = TKIT_AT_BARN;
        f->f.barn = (int)b->sc->nbarns;
        e = tkit_g_event(c, TKIT_EV_CONVERT, "BARN-BUILD", b->active, 0, f->f.line,
                         "%s farmer moves onto the barn", tkit_g_poss(b, b->active));
        e->figure = f->index;
        b->barn_pending = true;
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
        tkit_g_event(c, TKIT_EV_SCORE, "BARN-SCORE", b->active, n, b->sc->move.line,
                     "%s barn: %d farmer%s on the board: %d", tkit_g_poss(b, b->active), n,
                     n == 1 ? "" : "s", n);
}

static void take_maiden(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (m->take_maiden < 0)
                return;
        if (m->has_figure || m->recall_abbot) {
                tkit_g_error(b, m->line, "SCENE-MAIDEN",
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
                tkit_g_error(b, m->line, "SCENE-MAIDEN", "%s has no maiden on that castle",
                             tkit_g_player_name(b, b->active));
                return;
        }
        int pts = maidens + knights;
        tkit_g_event(c, TKIT_EV_SCORE, "MAIDEN-TAKE", b->active, pts, m->line,
                     "%s %s a maiden back: 1 for it, %d other maiden%s, %d knight%s: %d",
                     tkit_g_player_name(b, b->active), tkit_g_verb(b, b->active, "takes", "take"),
                     maidens - 1, maidens == 2 ? "" : "s", knights, knights == 1 ? "" : "s", pts);
        tkit_g_return_fig(c, mi, "MAIDEN-TAKE", false);
}

static void recall_abbot(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (!m->recall_abbot)
                return;
        if (m->has_figure) {
                tkit_g_error(b, m->line, "SCENE-ABBOT",
                             "the abbot is taken back instead of placing a figure, not as well");
                return;
        }
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone || f->f.kind != TKIT_FIGURE_ABBOT || f->f.player != b->active ||
                    f->node < 0)
                        continue;
                struct tkit_buf why;
                tkit_buf_init(&why);
                int root = tkit_g_find(b, f->node);
                int v = tkit_g_group_value(b, root, true, &why);
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_SCORE, "ABBOT-RECALL", b->active, v, m->line,
                                 "%s %s the abbot back: %s: %d", tkit_g_player_name(b, b->active),
                                 tkit_g_verb(b, b->active, "takes", "take"), why.data, v);
                e->feature_kind = tkit_g_node_kind(b, f->node);
                tkit_g_event_places(c, e, root);
                tkit_buf_finish(&why);
                tkit_g_return_fig(c, (int)i, "ABBOT-RECALL", false);
                return;
        }
        tkit_g_error(b, m->line, "SCENE-ABBOT", "%s has no abbot on the board",
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
                                if ((dx || dy) && ci >= 0 &&
                                    tkit_g_resolve_place(b, ci, "cloister") >= 0)
                                        return true;
                        }
        }
        return false;
}

static bool escape_any_tile(const struct g_board *b)
{
        const char *opt = tkit_scene_option(b->sc, "escape");
        if (opt)
                return strcmp(opt, "city-tile") == 0;
        for (size_t i = 0; i < b->sc->nsets; i++)
                if (strcmp(b->sc->sets[i], "siege-rgg") == 0)
                        return true;
        return false;
}

static void escape(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (!m->escape)
                return;
        const struct tkit_scene_figure *w = &m->escaping;
        int ci = tkit_g_cell_at(b, w->x, w->y);
        int node = ci < 0 ? -1 : tkit_g_resolve_place(b, ci, w->feature);
        int fi = -1;
        for (size_t i = 0; node >= 0 && i < b->nfigs; i++)
                if (!b->figs[i].gone && b->figs[i].node == node &&
                    b->figs[i].f.player == b->active && !b->figs[i].placed)
                        fi = (int)i;
        if (fi < 0 || tkit_g_node_kind(b, node) != TKIT_CITY) {
                tkit_g_error(b, w->line, "SCENE-ESCAPE", "no knight of %s there",
                             tkit_g_player_name(b, b->active));
                return;
        }
        int root = tkit_g_find(b, node);
        bool any = escape_any_tile(b);
        if (!b->groups[root].besieged || tkit_g_complete(b, root) || !escape_route(b, root, any)) {
                refuse(c, "ESCAPE", "no escape: %s",
                       any ? "no cloister touches a tile of an incomplete besieged city"
                           : "no cloister touches a besieger tile of an incomplete besieged city");
                return;
        }
        tkit_g_return_fig(c, fi, "ESCAPE", false);
        c->r->events[c->r->nevents - 1].count = "escape";
}

static void play_move(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        c->phase = TKIT_PHASE_DRAW;
        tkit_g_siege_draw(c);
        c->phase = TKIT_PHASE_TILE;
        build_bridge(c);
        if (m->build == TKIT_BUILD_CASTLE)
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
