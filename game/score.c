/* What a feature is worth, who holds the majority on it, and the fields at the end of the game. */
#include "game-private.h"

#include <stdlib.h>
#include <string.h>

static bool cloister_like(enum tkit_feature_kind k)
{
        return k == TKIT_CLOISTER || k == TKIT_GARDEN;
}

bool tkit_g_complete(struct g_board *b, int root)
{
        const struct g_group *g = &b->groups[root];
        if (cloister_like(g->kind)) {
                const struct g_cell *c = &b->cells[b->node_cell[root]];
                return tkit_g_neighbours(b, c->x, c->y) == 8;
        }
        return g->open == 0 || g->castle || g->fortress;
}

/* What a feature counts, for the event that scores or completes it. */
static void group_counts(struct g_board *b, int root, struct tkit_game_event *e)
{
        const struct g_group *g = &b->groups[root];
        e->feature_kind = g->kind;
        e->inn = g->inn;
        e->cathedral = g->cathedral;
        e->besieged = g->besieged;
        switch (g->kind) {
        case TKIT_ROAD:
                e->n.tiles = g->printed;
                e->n.bridges = g->bridges;
                break;
        case TKIT_CITY:
                e->n.tiles = g->tiles;
                e->n.pennants = g->pennants;
                break;
        case TKIT_CLOISTER:
        case TKIT_GARDEN: {
                const struct g_cell *c = &b->cells[b->node_cell[root]];
                e->n.neighbours = tkit_g_neighbours(b, c->x, c->y);
                break;
        }
        default:
                break;
        }
}

/* The value of a feature (complete in play, or at the end of the game). */
int tkit_g_group_value(struct g_board *b, int root, bool final, struct tkit_game_event *e)
{
        const struct g_group *g = &b->groups[root];
        bool done = tkit_g_complete(b, root) && !final;
        if (e) {
                group_counts(b, root, e);
                e->at_end = !done;
        }
        switch (g->kind) {
        case TKIT_ROAD: {
                int per = done && g->inn ? 2 : 1;
                if (!done && g->inn)
                        return 0;
                return g->printed * per + g->bridges * (done ? 3 : 1);
        }
        case TKIT_CITY: {
                int units = g->tiles + g->pennants;
                if (!done)
                        return g->cathedral || g->besieged ? 0 : units;
                if (g->besieged)
                        return units * (g->cathedral ? 2 : 1);
                return units * (g->cathedral ? 3 : 2);
        }
        case TKIT_CLOISTER:
        case TKIT_GARDEN: {
                const struct g_cell *c = &b->cells[b->node_cell[root]];
                return 1 + tkit_g_neighbours(b, c->x, c->y);
        }
        default:
                return 0;
        }
}

static int fig_strength(const struct g_fig *f)
{
        switch (f->f.kind) {
        case TKIT_FIGURE_BIG_MEEPLE:
                return 2;
        case TKIT_FIGURE_PIG:
                return 0;
        default:
                return 1;
        }
}

/* Per feature and player: strength, a pig, the line of a figure; kept as figures leave. */
void tkit_g_stats_build(struct g_board *b)
{
        size_t n = (b->nnodes + 1) * TKIT_SCENE_MAX_PLAYERS;
        free(b->strength);
        free(b->figline);
        b->strength = tkit_xcalloc(n, sizeof(*b->strength));
        b->figline = tkit_xcalloc(n, sizeof(*b->figline));
        for (size_t i = 0; i < b->nfigs; i++)
                tkit_g_stats_fig(b, (int)i, 1);
}

void tkit_g_stats_fig(struct g_board *b, int fi, int sign)
{
        const struct g_fig *f = &b->figs[fi];
        if (!b->strength || f->node < 0 || f->f.player < 0 || f->f.player >= b->nplayers)
                return;
        size_t k = (size_t)tkit_g_find(b, f->node) * TKIT_SCENE_MAX_PLAYERS + (size_t)f->f.player;
        if (f->f.kind == TKIT_FIGURE_PIG)
                b->figline[k] |= sign > 0 ? 1 << 30 : 0; /* the pig flag */
        else
                b->strength[k] += sign * fig_strength(f);
        if (sign > 0 && !(b->figline[k] & ((1 << 30) - 1)))
                b->figline[k] |= f->f.line & ((1 << 30) - 1);
}

int tkit_g_strength(const struct g_board *b, int root, int player)
{
        return b->strength[(size_t)root * TKIT_SCENE_MAX_PLAYERS + (size_t)player];
}

static bool has_pig(const struct g_board *b, int root, int player)
{
        return b->figline[(size_t)root * TKIT_SCENE_MAX_PLAYERS + (size_t)player] & (1 << 30);
}

static int farmer_line(const struct g_board *b, int root, int player)
{
        return b->figline[(size_t)root * TKIT_SCENE_MAX_PLAYERS + (size_t)player] & ((1 << 30) - 1);
}

/* Players holding the majority: their mask; 0 when nobody stands there. */
static unsigned winners(const struct g_board *b, int root)
{
        int best = 0;
        unsigned mask = 0;
        for (int p = 0; p < b->nplayers; p++) {
                int s = tkit_g_strength(b, root, p);
                if (s > best) {
                        best = s;
                        mask = 1u << p;
                } else if (s == best && s > 0) {
                        mask |= 1u << p;
                }
        }
        return mask;
}

static enum tkit_game_rule score_rule(const struct g_group *g)
{
        switch (g->kind) {
        case TKIT_ROAD:
                return g->inn       ? TKIT_GR_SCORE_INN
                       : g->bridges ? TKIT_GR_BRIDGE_ROAD
                                    : TKIT_GR_SCORE_ROAD;
        case TKIT_CITY:
                return g->besieged    ? TKIT_GR_BESIEGED_CITY
                       : g->cathedral ? TKIT_GR_SCORE_CATHEDRAL
                                      : TKIT_GR_SCORE_CITY;
        case TKIT_GARDEN:
                return TKIT_GR_SCORE_GARDEN;
        default:
                return TKIT_GR_SCORE_CLOISTER;
        }
}

/* At the end of the game the rule that fixes the value: an inn, a cathedral, a siege (nothing),
 * bridges (1 each); else the plain final scoring. */
static enum tkit_game_rule final_rule(const struct g_group *g)
{
        if (g->kind == TKIT_ROAD)
                return g->inn       ? TKIT_GR_SCORE_INN
                       : g->bridges ? TKIT_GR_BRIDGE_END
                                    : TKIT_GR_SCORE_END;
        if (g->kind == TKIT_CITY && (g->besieged || g->cathedral))
                return score_rule(g);
        return TKIT_GR_SCORE_END;
}

static enum tkit_count complete_word(enum tkit_feature_kind k)
{
        switch (k) {
        case TKIT_ROAD:
                return TKIT_COUNT_COMPLETED_ROAD;
        case TKIT_CITY:
                return TKIT_COUNT_COMPLETED_CITY;
        case TKIT_GARDEN:
                return TKIT_COUNT_COMPLETED_GARDEN;
        default:
                return TKIT_COUNT_COMPLETED_CLOISTER;
        }
}

void tkit_g_score_group(struct g_ctx *c, int root, bool final)
{
        struct g_board *b = c->b;
        const struct g_group *g = &b->groups[root];
        enum tkit_game_rule rule = final ? final_rule(g) : score_rule(g);
        unsigned win = winners(b, root);
        int line = 0;
        for (int p = 0; p < b->nplayers && !line; p++)
                line = farmer_line(b, root, p);
        if (!final) {
                struct tkit_game_event *e = tkit_g_event(c, TKIT_EV_COMPLETE, rule, -1, 0, line);
                tkit_g_group_value(b, root, final, e);
                e->nobody = !win;
                e->count = complete_word(g->kind);
                tkit_g_event_places(c, e, root);
        }
        for (int p = 0; p < b->nplayers; p++) {
                if (!(win >> p & 1u))
                        continue;
                struct tkit_game_event *e = tkit_g_event(c, TKIT_EV_SCORE, rule, p, 0, line);
                int v = tkit_g_group_value(b, root, final, e);
                e->points = v;
                c->r->points[p] += v;
                tkit_g_event_places(c, e, root);
        }
        if (!final)
                for (size_t i = 0; i < b->nfigs; i++)
                        if (!b->figs[i].gone && b->figs[i].node >= 0 &&
                            tkit_g_find(b, b->figs[i].node) == root)
                                tkit_g_return_fig(c, (int)i, rule, false);
}

struct pair {
        int field, city;
};

static int pair_cmp(const void *a, const void *b)
{
        const struct pair *x = a, *y = b;
        if (x->field != y->field)
                return x->field < y->field ? -1 : 1;
        return (x->city > y->city) - (x->city < y->city);
}

/* Every (field, completed city) that touch, each once, sorted by field. */
static struct pair *field_cities(struct g_board *b, size_t *n)
{
        struct pair *v = NULL;
        size_t cap = 0;
        *n = 0;
        for (size_t i = 0; i < b->ncells; i++) {
                const struct g_cell *c = &b->cells[i];
                for (size_t f = 0; f < c->def->nfeatures; f++) {
                        const struct tkit_feature *fe = &c->def->features[f];
                        if (fe->kind != TKIT_FIELD)
                                continue;
                        for (size_t t = 0; t < fe->ntouches; t++) {
                                int k = tkit_tile_find_feature(c->def, fe->touches[t]);
                                if (k < 0)
                                        continue;
                                int city = tkit_g_find(b, c->node0 + k);
                                if (!tkit_g_complete(b, city))
                                        continue;
                                struct pair *p = TKIT_PUSH(v, *n, cap);
                                p->field = tkit_g_find(b, c->node0 + (int)f);
                                p->city = city;
                        }
                }
        }
        if (*n)
                qsort(v, *n, sizeof(*v), pair_cmp);
        size_t w = 0;
        for (size_t i = 0; i < *n; i++)
                if (!w || pair_cmp(&v[w - 1], &v[i]) != 0)
                        v[w++] = v[i];
        *n = w;
        return v;
}

static void score_field(struct g_ctx *c, int root, const struct pair *v, size_t n)
{
        struct g_board *b = c->b;
        int cities = 0, besieged = 0;
        for (size_t i = 0; i < n; i++) {
                cities++;
                besieged += b->groups[v[i].city].besieged;
        }
        unsigned win = winners(b, root);
        for (int p = 0; p < b->nplayers; p++) {
                if (!(win >> p & 1u))
                        continue;
                bool pig = has_pig(b, root, p);
                int pts = (cities - besieged) * (pig ? 4 : 3) + besieged * (pig ? 8 : 6);
                enum tkit_game_rule rule = besieged ? TKIT_GR_BESIEGED_FIELD
                                           : pig    ? TKIT_GR_SCORE_PIG
                                                    : TKIT_GR_SCORE_FIELD;
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_SCORE, rule, p, pts, farmer_line(b, root, p));
                e->feature_kind = TKIT_FIELD;
                e->n.cities = cities;
                e->n.besieged = besieged;
                e->pig = pig;
                tkit_g_event_places(c, e, root);
        }
}

void tkit_g_score_fields(struct g_ctx *c)
{
        struct g_board *b = c->b;
        size_t n;
        struct pair *v = field_cities(b, &n);
        bool *done = tkit_xcalloc(b->nnodes + 1, sizeof(*done));
        for (size_t i = 0; i < b->nfigs; i++) {
                const struct g_fig *f = &b->figs[i];
                if (f->gone || f->node < 0 || tkit_g_node_kind(b, f->node) != TKIT_FIELD)
                        continue;
                int root = tkit_g_find(b, f->node);
                if (done[root])
                        continue;
                done[root] = true;
                struct pair key = {root, -1};
                size_t lo = 0, hi = n;
                while (lo < hi) { /* first pair of this field */
                        size_t mid = (lo + hi) / 2;
                        if (pair_cmp(&v[mid], &key) < 0)
                                lo = mid + 1;
                        else
                                hi = mid;
                }
                size_t end = lo;
                while (end < n && v[end].field == root)
                        end++;
                /* no field touches a completed city: v is NULL (n = 0), and NULL + 0 is
                 * undefined behaviour in C (UBSan reports it) */
                score_field(c, root, v ? v + lo : NULL, end - lo);
        }
        free(done);
        free(v);
}
