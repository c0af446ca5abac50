/* Siege & Defense: catapults advancing, attacks, the post bonus, counterattacks and the final
 * counterattacks. */
#include "game-private.h"

#include <stdlib.h>
#include <string.h>

static int post_slot(enum tkit_post k)
{
        return k == TKIT_POST_KNIGHTS ? 0 : k == TKIT_POST_TRAVELERS ? 1 : 2;
}

static int at_post(const struct g_post *p, int player, bool row_only)
{
        int n = 0;
        for (size_t i = 0; i < p->nrow; i++)
                n += p->row[i] == player;
        if (!row_only)
                for (size_t i = 0; i < p->nstack; i++)
                        n += p->stack[i] == player;
        return n;
}

/* Every player 3 per own meeple at the post. */
static void post_score(struct g_ctx *c, struct g_post *p, enum tkit_game_rule rule)
{
        struct g_board *b = c->b;
        for (int pl = 0; pl < b->nplayers; pl++) {
                int n = at_post(p, pl, false);
                if (!n)
                        continue;
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_SCORE, rule, pl, 3 * n, p->line);
                e->post = (int)p->kind;
                e->n.meeples = n;
        }
}

/* The post's meeples go back, its catapult is removed. */
static void post_clear(struct g_ctx *c, struct g_post *p, enum tkit_game_rule rule)
{
        struct g_board *b = c->b;
        for (int pl = 0; pl < b->nplayers; pl++) {
                int n = at_post(p, pl, false);
                if (!n)
                        continue;
                struct tkit_game_event *e = tkit_g_event(c, TKIT_EV_RETURN, rule, pl, 0, p->line);
                e->post = (int)p->kind;
                e->n.meeples = n;
                e->figure_kind = TKIT_FIGURE_MEEPLE;
                e->count = TKIT_COUNT_POST_RETURNED;
        }
        for (size_t i = 0; i < p->nrow; i++)
                p->row[i] = -1;
        p->nstack = 0;
        if (p->catapult) {
                p->catapult = false;
                b->catapults_left++; /* back to the supply */
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_CATAPULT_OFF, rule, -1, 0, p->line);
                e->post = (int)p->kind;
        }
}

static void resolve_post(struct g_ctx *c, struct g_post *p, enum tkit_game_rule rule)
{
        post_score(c, p, rule);
        post_clear(c, p, rule);
}

/* Whether figure f is of the kind an attack on post k takes. */
static bool fig_of_post(const struct g_board *b, const struct g_fig *f, enum tkit_post k)
{
        if (f->gone || f->node < 0 || f->f.at != TKIT_AT_FEATURE || f->f.kind == TKIT_FIGURE_PIG)
                return false;
        enum tkit_feature_kind fk = tkit_g_node_kind(b, f->node);
        switch (k) {
        case TKIT_POST_KNIGHTS:
                return fk == TKIT_CITY;
        case TKIT_POST_TRAVELERS:
                return fk == TKIT_ROAD;
        default:
                return fk == TKIT_CLOISTER || fk == TKIT_GARDEN;
        }
}

/* The figures an attack on post k takes, for diagnostics. */
static const char *post_figures(enum tkit_post k)
{
        return k == TKIT_POST_KNIGHTS     ? "knight"
               : k == TKIT_POST_TRAVELERS ? "traveler"
                                          : "monk or abbot";
}

/* The figure the scene names for player pl's removal: -1 when it names none, -2 after an error.
 * The <remove> is marked as taken; one left at the end of the draw is an error (siege_check). */
static int named_removal(struct g_board *b, int pl, enum tkit_post k)
{
        const struct tkit_scene_move *m = &b->sc->move;
        for (size_t i = 0; i < m->nremovals && i < 64; i++) {
                const struct tkit_scene_figure *r = &m->removals[i];
                if (r->player != pl || (b->removals_used >> i & 1u))
                        continue;
                b->removals_used |= (uint64_t)1 << i;
                int node = tkit_g_place_or_error(b, r->x, r->y, r->feature, TKIT_GR_SCENE_REMOVE,
                                                 r->line, "the removal");
                if (node < 0)
                        return -2;
                for (size_t f = 0; f < b->nfigs; f++)
                        if (b->figs[f].f.player == pl && b->figs[f].node == node &&
                            fig_of_post(b, &b->figs[f], k))
                                return (int)f;
                tkit_g_error(b, r->line, TKIT_GR_SCENE_REMOVE,
                             "%s has no %s at (%d, %d) '%s' to remove", tkit_g_player_name(b, pl),
                             post_figures(k), r->x, r->y, r->feature ? r->feature : "");
                return -2;
        }
        return -1;
}

static void attack_removals(struct g_ctx *c, struct g_post *p, bool row_only)
{
        struct g_board *b = c->b;
        for (int k = 0; k < b->nplayers; k++) {
                int pl = (b->active + k) % b->nplayers;
                if (at_post(p, pl, row_only))
                        continue;
                int only = -1, n = 0;
                for (size_t f = 0; f < b->nfigs; f++)
                        if (b->figs[f].f.player == pl && fig_of_post(b, &b->figs[f], p->kind)) {
                                only = (int)f;
                                n++;
                        }
                if (n == 0) {
                        tkit_g_event(c, TKIT_EV_SPARED, TKIT_GR_ATTACK, pl, 0, p->line)->post =
                            (int)p->kind;
                        continue;
                }
                /* a figure the scene names must be one the attack may take; with one only, the
                 * scene need not name it */
                int named = named_removal(b, pl, p->kind);
                int pick = named != -1 ? named : n == 1 ? only : -1;
                if (pick >= 0) {
                        tkit_g_return_fig(c, pick, TKIT_GR_ATTACK, true);
                } else if (pick == -1) {
                        struct tkit_game_event *e =
                            tkit_g_event(c, TKIT_EV_CHOICE, TKIT_GR_ATTACK, pl, 0, p->line);
                        e->post = (int)p->kind;
                        e->n.choices = n;
                        e->count = TKIT_COUNT_MUST_REMOVE;
                        e->choices = tkit_xmalloc((size_t)n * sizeof *e->choices);
                        for (size_t f = 0; f < b->nfigs; f++)
                                if (b->figs[f].f.player == pl &&
                                    fig_of_post(b, &b->figs[f], p->kind))
                                        e->choices[e->nchoices++] = b->figs[f].index;
                }
        }
}

static void attack(struct g_ctx *c, struct g_post *p)
{
        bool row_only = tkit_g_option(c->b, G_OPT_ATTACK_PROTECT) == G_PROTECT_ROW;
        struct tkit_game_event *e = tkit_g_event(c, TKIT_EV_ATTACK, TKIT_GR_ATTACK, -1, 0, p->line);
        e->post = (int)p->kind;
        e->count = TKIT_COUNT_ATTACK;
        post_score(c, p, TKIT_GR_ATTACK);
        attack_removals(c, p, row_only);
        post_clear(c, p, TKIT_GR_ATTACK);
}

/* More <choice>s than "?" symbols on the drawn tile: the rest would choose nothing. */
static void extra_choices(struct g_board *b, size_t asked)
{
        const struct tkit_scene_move *m = &b->sc->move;
        if (m->nchoices > asked)
                tkit_g_error(b, m->line, TKIT_GR_SCENE_CHOICE,
                             "%zu <choice> for a drawn tile with %zu '?' siege symbol%s (in play): "
                             "a choice is made only for a '?'",
                             m->nchoices, asked, asked == 1 ? "" : "s");
}

static void siege_draw(struct g_ctx *c)
{
        struct g_board *b = c->b;
        const struct tkit_scene_move *m = &b->sc->move;
        if (b->placed_cell < 0 && !m->discarded)
                return;
        const struct tkit_tile *t = NULL;
        if (b->placed_cell >= 0)
                t = b->cells[b->placed_cell].def;
        if (!t || !tkit_g_has_rules(b, TKIT_RULES_SIEGE_SYMBOLS)) {
                extra_choices(b, 0);
                return;
        }
        size_t asked = 0; /* the k-th <choice> is for the k-th "?" */
        for (size_t i = 0; i < t->nsymbols; i++) {
                enum tkit_post k = t->symbols[i];
                if (k == TKIT_POST_ANY) {
                        if (asked >= m->nchoices || m->choices[asked] == TKIT_POST_ANY) {
                                tkit_g_error(b, m->placed.line, TKIT_GR_SCENE_CHOICE,
                                             "symbol %zu of tile '%s' is '?': say which post "
                                             "(<choice post=\"knights|travelers|monks\"/>)",
                                             i + 1, t->id);
                                asked++;
                                continue;
                        }
                        k = m->choices[asked++];
                }
                struct g_post *p = &b->posts[post_slot(k)];
                if (!p->present)
                        continue;
                if (p->catapult) {
                        attack(c, p);
                        continue;
                }
                if (b->catapults_left <= 0) {
                        struct tkit_game_event *e =
                            tkit_g_event(c, TKIT_EV_REFUSE, TKIT_GR_ADVANCE, -1, 0, m->placed.line);
                        e->post = (int)k;
                        e->reason = TKIT_REFUSE_NO_CATAPULT;
                        continue;
                }
                b->catapults_left--;
                p->catapult = true;
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_ADVANCE, TKIT_GR_ADVANCE, -1, 0, m->placed.line);
                e->post = (int)k;
                e->symbol = (int)i;
                e->count = TKIT_COUNT_CATAPULT;
        }
        extra_choices(b, asked);
}

/* Drawing the tile: catapults advance, attacks happen. A <remove> no attack took says something
 * the rules do not do (a protected player, a maiden, a figure of another kind, no attack at all):
 * an error, never silently dropped. */
void tkit_g_siege_draw(struct g_ctx *c)
{
        struct g_board *b = c->b;
        siege_draw(c);
        const struct tkit_scene_move *m = &b->sc->move;
        for (size_t i = 0; i < m->nremovals && i < 64; i++)
                if (!(b->removals_used >> i & 1u))
                        tkit_g_error(b, m->removals[i].line, TKIT_GR_SCENE_REMOVE,
                                     "no attack of this move makes %s remove a figure (a player "
                                     "with a meeple at the attacked post removes none; a maiden "
                                     "is never removed)",
                                     tkit_g_player_name(b, m->removals[i].player));
}

/* The post a placed figure earns a row space at, or -1 (a farmer: the meeple space only). */
static int row_post_for(const struct g_board *b, const struct g_fig *f)
{
        switch (tkit_g_node_kind(b, f->node)) {
        case TKIT_CITY:
                return TKIT_POST_KNIGHTS;
        case TKIT_ROAD:
                return TKIT_POST_TRAVELERS;
        case TKIT_CLOISTER:
        case TKIT_GARDEN:
                return TKIT_POST_MONKS;
        default:
                return -1;
        }
}

static void row_full(struct g_ctx *c, struct g_post *p)
{
        int used = 0;
        for (int i = 0; i < p->spaces && (size_t)i < p->nrow; i++)
                used += p->row[i] >= 0;
        if (used < p->spaces)
                return;
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_COUNTERATTACK, TKIT_GR_COUNTERATTACK, c->b->active, 0, p->line);
        e->post = (int)p->kind;
        e->n.spaces = p->spaces;
        e->count = TKIT_COUNT_COUNTERATTACK;
        c->b->counter[post_slot(p->kind)] = true;
}

void tkit_g_bonus(struct g_ctx *c, int placed_fig)
{
        struct g_board *b = c->b;
        const struct tkit_scene_bonus *bn = &b->sc->move.bonus;
        if (!bn->taken)
                return;
        struct g_post *p =
            (unsigned)bn->post < TKIT_POST_ANY ? &b->posts[post_slot(bn->post)] : NULL;
        if (!p || !p->present || placed_fig < 0) {
                tkit_g_error(b, bn->line, TKIT_GR_SCENE_BONUS, "%s",
                             placed_fig < 0 ? "a post bonus needs a figure placed on the tile"
                                            : "no such post on the fortress in play");
                return;
        }
        const struct g_fig *f = &b->figs[placed_fig];
        if (f->node < 0 || f->f.kind == TKIT_FIGURE_PIG) {
                tkit_g_error(b, bn->line, TKIT_GR_SCENE_BONUS, "a %s earns no post bonus",
                             f->node < 0 ? "maiden" : "pig");
                return;
        }
        int want = row_post_for(b, f);
        if (bn->stack) {
                if (want >= 0)
                        tkit_g_error(b, bn->line, TKIT_GR_SCENE_BONUS,
                                     "only a farmer earns a place on a meeple space");
                else
                        *TKIT_PUSH(p->stack, p->nstack, p->capstack) = b->active;
                struct tkit_game_event *e =
                    tkit_g_event(c, TKIT_EV_POST, TKIT_GR_POST_STACK, b->active, 0, bn->line);
                e->post = (int)p->kind;
                e->stack = true;
                e->n.meeples = 1;
                e->count = TKIT_COUNT_POST_STACK;
                return;
        }
        if (want != (int)p->kind) {
                tkit_g_error(b, bn->line, TKIT_GR_SCENE_BONUS,
                             "this figure earns no space at the %s post", tkit_post_name(p->kind));
                return;
        }
        int space = bn->space;
        for (int i = 0; space < 0 && i < p->spaces; i++)
                if (p->row[i] < 0)
                        space = i;
        if (space < 0 || space >= p->spaces || p->row[space] >= 0) {
                tkit_g_error(b, bn->line, TKIT_GR_SCENE_BONUS,
                             "no free row space %d at the %s post", space + 1,
                             tkit_post_name(p->kind));
                return;
        }
        p->row[space] = b->active;
        struct tkit_game_event *e =
            tkit_g_event(c, TKIT_EV_POST, TKIT_GR_POST_ROW, b->active, 0, bn->line);
        e->post = (int)p->kind;
        e->n.meeples = 1;
        e->n.space = space + 1;
        e->n.spaces = p->spaces;
        e->count = TKIT_COUNT_POST_ROW;
        row_full(c, p);
}

void tkit_g_counterattacks(struct g_ctx *c)
{
        for (int i = 0; i < 3; i++)
                if (c->b->counter[i])
                        resolve_post(c, &c->b->posts[i], TKIT_GR_COUNTERATTACK);
}

void tkit_g_final_counterattacks(struct g_ctx *c)
{
        for (int i = 0; i < 3; i++)
                if (c->b->posts[i].present)
                        resolve_post(c, &c->b->posts[i], TKIT_GR_FINAL_COUNTERATTACK);
}
