/* The board of a scene: its tiles and pieces as cells, their features as union-find nodes joined
 * across matching edges (and across the cells of one piece), and the groups those nodes form. */
#include "game-private.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void tkit_g_error(struct g_board *b, int line, enum tkit_game_rule rule, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(b->d, TKIT_SEV_ERROR, b->file, line, tkit_game_rule_id(rule), NULL, NULL,
                        fmt, ap);
        va_end(ap);
}

const char *tkit_g_player_name(const struct g_board *b, int p)
{
        if (p < 0 || (size_t)p >= b->sc->nplayers)
                return "nobody";
        return b->sc->players[p].id;
}

bool tkit_g_has_rules(const struct g_board *b, unsigned flag)
{
        return (b->rules & flag) != 0;
}

static size_t cell_hash(int x, int y, size_t cap)
{
        uint64_t k =
            (uint64_t)(uint32_t)x * 0x9E3779B97F4A7C15ull ^ (uint32_t)y * 0xC2B2AE3D27D4EB4Full;
        return (size_t)(k ^ (k >> 29)) & (cap - 1);
}

int tkit_g_cell_at(const struct g_board *b, int x, int y)
{
        if (!b->hcap)
                return -1;
        for (size_t h = cell_hash(x, y, b->hcap);; h = (h + 1) & (b->hcap - 1)) {
                int v = b->hash[h];
                if (!v)
                        return -1;
                if (b->cells[v - 1].x == x && b->cells[v - 1].y == y)
                        return v - 1;
        }
}

static void hash_rebuild(struct g_board *b)
{
        size_t cap = 16;
        while (cap < 2 * b->ncells + 2)
                cap *= 2;
        free(b->hash);
        b->hash = tkit_xcalloc(cap, sizeof(*b->hash));
        b->hcap = cap;
        for (size_t i = 0; i < b->ncells; i++) {
                size_t h = cell_hash(b->cells[i].x, b->cells[i].y, cap);
                while (b->hash[h])
                        h = (h + 1) & (cap - 1);
                b->hash[h] = (int)i + 1;
        }
}

int tkit_g_find(struct g_board *b, int n)
{
        while (b->parent[n] != n) {
                b->parent[n] = b->parent[b->parent[n]];
                n = b->parent[n];
        }
        return n;
}

static void unite(struct g_board *b, int x, int y)
{
        x = tkit_g_find(b, x);
        y = tkit_g_find(b, y);
        if (x != y)
                b->parent[x > y ? x : y] = x < y ? x : y;
}

const struct tkit_feature *tkit_g_node_feature(const struct g_board *b, int node)
{
        const struct g_cell *c = &b->cells[b->node_cell[node]];
        int f = b->node_feat[node];
        return f < 0 ? NULL : &c->def->features[f];
}

enum tkit_feature_kind tkit_g_node_kind(const struct g_board *b, int node)
{
        const struct tkit_feature *f = tkit_g_node_feature(b, node);
        return f ? f->kind : TKIT_ROAD; /* the bridge node */
}

/* A set in play by id: loaded and named by the scene. */
static const struct tkit_set *set_in_play(const struct g_board *b, const char *id)
{
        for (size_t i = 0; i < b->nsets; i++)
                if (strcmp(b->sets[i]->id, id) == 0)
                        return b->sets[i];
        return NULL;
}

/* The tile (or piece) a scene tile names (tkit_scene_find_def: render/ finds the same); reports
 * why not. */
static const void *lookup(struct g_board *b, const struct tkit_scene_tile *t,
                          const struct tkit_set **out)
{
        int hits;
        const void *found = tkit_scene_find_def(b->sc, b->sets, b->nsets, t, out, &hits);
        if (hits == 1)
                return found;
        if (t->set && !set_in_play(b, t->set))
                tkit_g_error(b, t->line, TKIT_GR_SCENE_SET, "set '%s' is not in play or not loaded",
                             t->set);
        else if (hits == 0)
                tkit_g_error(b, t->line, TKIT_GR_SCENE_TILE, "no %s '%s' in the sets in play",
                             t->is_piece ? "piece" : "tile", t->tile);
        else
                tkit_g_error(b, t->line, TKIT_GR_SCENE_TILE,
                             "tile '%s' is in several sets in play: say which with set=", t->tile);
        return NULL;
}

static int add_cell(struct g_board *b, const struct tkit_tile *def, const struct tkit_set *set,
                    int x, int y, int rot, int line)
{
        struct g_cell *c = TKIT_PUSH(b->cells, b->ncells, b->capcells);
        memset(c, 0, sizeof(*c));
        c->x = x;
        c->y = y;
        c->def = def;
        c->set = set;
        c->rot = rot;
        c->piece = -1;
        c->line = line;
        return (int)(b->ncells - 1);
}

static bool rotation_ok(struct g_board *b, const struct tkit_scene_tile *t)
{
        if (t->rotation % 90 == 0 && t->rotation >= 0 && t->rotation < 360)
                return true;
        tkit_g_error(b, t->line, TKIT_GR_SCENE_ROTATION, "rotation %d is not 0, 90, 180 or 270",
                     t->rotation);
        return false;
}

static void add_placement(struct g_board *b, const struct tkit_scene_tile *t, int index)
{
        const struct tkit_set *set = NULL;
        const void *what;
        /* boards repeat tiles: the previous lookup answers most of them */
        const struct tkit_scene_tile *prev = b->memo_tile;
        if (prev && prev->is_piece == t->is_piece && strcmp(prev->tile, t->tile) == 0 &&
            (prev->set && t->set ? strcmp(prev->set, t->set) == 0 : prev->set == t->set)) {
                what = b->memo_what;
                set = b->memo_set;
        } else {
                what = lookup(b, t, &set);
                b->memo_tile = what ? t : NULL;
                b->memo_what = what;
                b->memo_set = set;
        }
        if (!what || !rotation_ok(b, t))
                return;
        struct g_use *u = TKIT_PUSH(b->uses, b->nuses, b->capuses);
        u->what = what;
        u->is_piece = t->is_piece;
        u->id = t->is_piece ? ((const struct tkit_piece *)what)->id
                            : ((const struct tkit_tile *)what)->id;
        u->count = t->is_piece ? ((const struct tkit_piece *)what)->count
                               : ((const struct tkit_tile *)what)->count;
        u->set = set->id;
        u->line = t->line;
        u->order = (int)b->nuses - 1;
        int r = t->rotation / 90;
        if (!t->is_piece) {
                int ci = add_cell(b, what, set, t->x, t->y, r, t->line);
                b->cells[ci].bridge = t->bridge;
                b->cells[ci].placed = index < 0;
                return;
        }
        const struct tkit_piece *p = what;
        for (int cy = 0; cy < p->height; cy++)
                for (int cx = 0; cx < p->width; cx++) {
                        int bx, by;
                        tkit_piece_cell_offset(p, r, cx, cy, &bx, &by);
                        int ci = add_cell(b, tkit_piece_cell_const(p, cx, cy), set, t->x + bx,
                                          t->y + by, r, t->line);
                        b->cells[ci].piece = index;
                }
}

/* Node numbering and the owner of each board position (the model's edge table: tkit-model.h,
 * "joins"). */
static void make_nodes(struct g_board *b)
{
        size_t n = 0;
        for (size_t i = 0; i < b->ncells; i++) {
                b->cells[i].node0 = (int)n;
                n += b->cells[i].def->nfeatures + 1;
        }
        b->nnodes = n;
        b->parent = tkit_xmalloc((n + 1) * sizeof(int));
        b->node_cell = tkit_xmalloc((n + 1) * sizeof(int));
        b->node_feat = tkit_xmalloc((n + 1) * sizeof(int));
        for (size_t i = 0; i < b->ncells; i++) {
                struct g_cell *c = &b->cells[i];
                for (size_t f = 0; f <= c->def->nfeatures; f++) {
                        int node = c->node0 + (int)f;
                        b->parent[node] = node;
                        b->node_cell[node] = (int)i;
                        b->node_feat[node] = f < c->def->nfeatures ? (int)f : -1;
                }
                int own[TKIT_NPOS];
                tkit_tile_join_owners(c->def, own);
                for (int p = 0; p < TKIT_NPOS; p++)
                        c->owner[tkit_pos_rotate(p, c->rot)] = own[p] < 0 ? -1 : c->node0 + own[p];
                /* a bridge owns the middles of its two ends, as a road */
                for (int side = 0; side < 4; side++)
                        if (tkit_bridge_end((enum tkit_bridge_axis)c->bridge, side))
                                c->owner[TKIT_POS(side, TKIT_M)] =
                                    c->node0 + (int)c->def->nfeatures;
        }
}

/* The features the cells of one piece share are one feature; edges join the rest. */
static void join(struct g_board *b)
{
        for (size_t i = 0; i < b->ncells; i++) {
                const struct g_cell *c = &b->cells[i];
                if (c->piece >= 0 && i + 1 < b->ncells) {
                        for (size_t j = i + 1; j < b->ncells && b->cells[j].piece == c->piece; j++)
                                for (size_t f = 0; f < c->def->nfeatures; f++) {
                                        int g =
                                            tkit_piece_cells_join(c->def, (int)f, b->cells[j].def);
                                        if (g >= 0)
                                                unite(b, c->node0 + (int)f, b->cells[j].node0 + g);
                                }
                }
                for (int side = TKIT_E; side <= TKIT_S; side++) {
                        int nx = c->x + (side == TKIT_E), ny = c->y + (side == TKIT_S);
                        int j = tkit_g_cell_at(b, nx, ny);
                        if (j < 0)
                                continue;
                        for (int part = 0; part < 3; part++) {
                                int pos = TKIT_POS(side, part);
                                int a = c->owner[pos];
                                int o = b->cells[j].owner[tkit_pos_facing(pos)];
                                if (a >= 0 && o >= 0 &&
                                    tkit_features_join(tkit_g_node_kind(b, a),
                                                       tkit_g_node_kind(b, o)))
                                        unite(b, a, o);
                        }
                }
        }
}

int tkit_g_resolve_place(const struct g_board *b, int ci, const char *spec,
                         enum tkit_place_error *err)
{
        const struct g_cell *c = &b->cells[ci];
        int f = tkit_place_resolve(c->def, c->rot, c->bridge, spec, err);
        if (f == TKIT_PLACE_BRIDGE)
                return c->node0 + (int)c->def->nfeatures;
        return f >= 0 ? c->node0 + f : -1;
}

int tkit_g_place_or_error(struct g_board *b, int x, int y, const char *spec,
                          enum tkit_game_rule rule, int line, const char *what)
{
        int ci = tkit_g_cell_at(b, x, y);
        if (ci < 0) {
                tkit_g_error(b, line, rule, "%s at (%d, %d): no tile on that cell", what, x, y);
                return -1;
        }
        enum tkit_place_error err;
        int node = tkit_g_resolve_place(b, ci, spec, &err);
        if (node >= 0)
                return node;
        const struct g_cell *c = &b->cells[ci];
        char *m =
            tkit_place_message(c->def, c->set ? c->set->id : NULL, c->rot, c->bridge, spec, err);
        tkit_g_error(b, line, rule, "%s at (%d, %d): %s", what, x, y, m);
        free(m);
        return -1;
}

int tkit_g_neighbours(const struct g_board *b, int x, int y)
{
        int n = 0;
        for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                        n += (dx || dy) && tkit_g_cell_at(b, x + dx, y + dy) >= 0;
        return n;
}

static void group_cell(struct g_board *b, int ci, int *last, int *lastp)
{
        const struct g_cell *c = &b->cells[ci];
        for (size_t f = 0; f <= c->def->nfeatures; f++) {
                int node = c->node0 + (int)f;
                bool is_bridge = f == c->def->nfeatures;
                if (is_bridge && !c->bridge)
                        continue;
                int r = tkit_g_find(b, node);
                struct g_group *g = &b->groups[r];
                if (is_bridge) {
                        g->kind = TKIT_ROAD;
                        g->bridges++;
                } else {
                        const struct tkit_feature *fe = &c->def->features[f];
                        g->kind = fe->kind;
                        g->pennants += fe->pennants;
                        g->inn |= fe->inn;
                        g->cathedral |= fe->cathedral;
                        g->besieged |= fe->besieger != TKIT_BESIEGER_NONE;
                        if (lastp[r] != ci) {
                                lastp[r] = ci;
                                g->printed++;
                        }
                }
                g->fortress |= c->piece >= 0;
                g->touches_placed |= c->placed;
                if (last[r] != ci) {
                        last[r] = ci;
                        g->tiles++;
                }
        }
        for (int p = 0; p < TKIT_NPOS; p++) {
                if (c->owner[p] < 0)
                        continue;
                int side = TKIT_POS_SIDE(p);
                int nx = c->x + (side == TKIT_E) - (side == TKIT_W);
                int ny = c->y + (side == TKIT_S) - (side == TKIT_N);
                if (tkit_g_cell_at(b, nx, ny) < 0)
                        b->groups[tkit_g_find(b, c->owner[p])].open++;
        }
}

void tkit_g_analyse(struct g_board *b)
{
        free(b->groups);
        b->groups = tkit_xcalloc(b->nnodes + 1, sizeof(*b->groups));
        int *last = tkit_xmalloc((b->nnodes + 1) * sizeof(int));
        int *lastp = tkit_xmalloc((b->nnodes + 1) * sizeof(int));
        for (size_t i = 0; i <= b->nnodes; i++)
                last[i] = lastp[i] = -1;
        for (size_t i = 0; i < b->ncells; i++)
                group_cell(b, (int)i, last, lastp);
        free(last);
        free(lastp);
        for (size_t i = 0; i < b->sc->ncastles; i++) {
                const struct tkit_scene_castle *k = &b->sc->castles[i];
                int ci = tkit_g_cell_at(b, k->x, k->y);
                int n = ci < 0 ? -1 : tkit_g_resolve_place(b, ci, k->feature, NULL);
                if (n >= 0)
                        b->groups[tkit_g_find(b, n)].castle = true;
        }
}

static void collect_sets(struct g_board *b)
{
        for (size_t i = 0; i < b->sc->nsets; i++) {
                const struct tkit_set *s = set_in_play(b, b->sc->sets[i]);
                if (s)
                        b->rules |= s->rules;
                else
                        tkit_g_error(b, b->sc->line, TKIT_GR_SCENE_SET, "set '%s' is not loaded",
                                     b->sc->sets[i]);
        }
}

int tkit_g_board_build(struct g_board *b, const struct tkit_scene *sc, struct tkit_set *const *sets,
                       size_t nsets, struct tkit_diags *d)
{
        memset(b, 0, sizeof(*b));
        b->sc = sc;
        b->sets = sets;
        b->nsets = nsets;
        b->d = d;
        b->file = sc->file;
        b->nplayers = (int)sc->nplayers;
        b->active = sc->move.player;
        b->placed_cell = -1;
        size_t before = d->errors;
        collect_sets(b);
        for (size_t i = 0; i < sc->ntiles; i++)
                add_placement(b, &sc->tiles[i], (int)i);
        if (sc->move.kind == TKIT_MOVE_TILE && !sc->move.discarded) {
                size_t n = b->ncells;
                add_placement(b, &sc->move.placed, -1);
                if (b->ncells > n)
                        b->placed_cell = (int)n;
        }
        hash_rebuild(b);
        make_nodes(b);
        join(b);
        tkit_g_analyse(b);
        return d->errors > before ? TKIT_E_INVALID : 0;
}

void tkit_g_board_finish(struct g_board *b)
{
        free(b->cells);
        free(b->hash);
        free(b->parent);
        free(b->node_cell);
        free(b->node_feat);
        free(b->groups);
        free(b->strength);
        free(b->mstart);
        free(b->mlist);
        free(b->figline);
        for (size_t i = 0; i < b->nfigs; i++)
                tkit_scene_figure_finish(&b->figs[i].f);
        free(b->figs);
        free(b->uses);
        for (int p = 0; p < 3; p++) {
                free(b->posts[p].row);
                free(b->posts[p].stack);
        }
}
