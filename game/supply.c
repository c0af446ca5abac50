/* Figures per player within what the boxes give (SCENE-SUPPLY): a scene must state a moment of a
 * game that can happen, and no player ever has more figures of a kind than the sets in play put
 * in their colour. */
#include "game-private.h"

#include <string.h>

/* The base game gives every colour 8 meeples, one of which counts the score on the track: 7 to
 * play. A box may add meeples for every colour: Siege & Defense's 12 meeples are 2 for each of
 * the 6 colours (read from a set with the fortress rule: its meeple tokens over 6 colours).
 * Inns & Cathedrals' 8 meeples are a sixth colour, not more per player, so they add nothing. */
enum { BASE_MEEPLES = 7, COLOURS = 6 };

static int set_index(const struct g_board *b, const char *id)
{
        for (size_t s = 0; s < b->nsets; s++)
                if (strcmp(b->sets[s]->id, id) == 0)
                        return (int)s;
        return -1;
}

/* How many figures of kind k one player has, from the sets in play. */
static int per_player(const struct g_board *b, enum tkit_figure_kind k)
{
        if (k != TKIT_FIGURE_MEEPLE)
                return 1; /* one big meeple, abbot or pig per colour */
        int n = BASE_MEEPLES;
        for (size_t i = 0; i < b->sc->nsets; i++) {
                int s = set_index(b, b->sc->sets[i]);
                if (s >= 0 && (b->sets[s]->rules & TKIT_RULES_FORTRESS))
                        n += tkit_set_token_count(b->sets[s], TKIT_TOKEN_MEEPLE) / COLOURS;
        }
        return n;
}

/* Counts, per player and kind, the figures a scene has in use: those on the board and at the
 * posts (`move` false), or with what the move adds (the figure placed, the post bonus). */
static void count_in_use(const struct g_board *b, int *n, bool move)
{
        const struct tkit_scene *sc = b->sc;
        int np = b->nplayers;
#define ADD(pl, k)                                                                                 \
        do {                                                                                       \
                if ((pl) >= 0 && (pl) < np && (unsigned)(k) < TKIT_FIGURE_KIND_COUNT)              \
                        n[(pl) * TKIT_FIGURE_KIND_COUNT + (int)(k)]++;                             \
        } while (0)
        for (size_t i = 0; i < sc->nfigures; i++)
                ADD(sc->figures[i].player, sc->figures[i].kind);
        for (size_t p = 0; p < sc->nposts; p++) {
                for (size_t r = 0; r < sc->posts[p].nrow; r++)
                        ADD(sc->posts[p].row[r], TKIT_FIGURE_MEEPLE);
                for (size_t r = 0; r < sc->posts[p].nstack; r++)
                        ADD(sc->posts[p].stack[r], TKIT_FIGURE_MEEPLE);
        }
        if (!move || sc->move.kind != TKIT_MOVE_TILE)
                return;
        if (sc->move.has_figure)
                ADD(sc->move.player, sc->move.figure.kind);
        if (sc->move.bonus.taken)
                ADD(sc->move.player, TKIT_FIGURE_MEEPLE);
        /* a figure an attack removes at the draw is back in its owner's supply before the tile
         * is placed: it may be placed again */
        for (size_t i = 0; i < sc->move.nremovals; i++)
                if (sc->move.removals[i].player == sc->move.player &&
                    (unsigned)sc->move.removals[i].kind < TKIT_FIGURE_KIND_COUNT)
                        n[sc->move.player * TKIT_FIGURE_KIND_COUNT + sc->move.removals[i].kind]--;
#undef ADD
}

static void report(struct g_board *b, const int *n, bool move)
{
        for (int pl = 0; pl < b->nplayers; pl++)
                for (int k = 0; k < TKIT_FIGURE_KIND_COUNT; k++) {
                        int have = per_player(b, (enum tkit_figure_kind)k);
                        int used = n[pl * TKIT_FIGURE_KIND_COUNT + k];
                        if (used <= have)
                                continue;
                        tkit_g_error(b, move ? b->sc->move.line : b->sc->players[pl].line,
                                     TKIT_GR_SCENE_SUPPLY,
                                     "player '%s' has %d %s%s in use%s (on the board and at the posts), "
                                     "the sets in play give each player %d: remove some, or add "
                                     "the set that brings more",
                                     tkit_g_player_name(b, pl), used,
                                     tkit_figure_kind_name((enum tkit_figure_kind)k),
                                     used == 1 ? "" : "s", move ? " after the move" : "", have);
                }
}

void tkit_g_check_supply(struct g_board *b)
{
        if (b->nplayers <= 0 || b->nplayers > TKIT_SCENE_MAX_PLAYERS)
                return; /* SCENE-PLAYER says so */
        int n[TKIT_SCENE_MAX_PLAYERS * TKIT_FIGURE_KIND_COUNT];
        size_t before = b->d->errors;
        memset(n, 0, sizeof(n));
        count_in_use(b, n, false);
        report(b, n, false);
        if (b->d->errors > before)
                return; /* over before the move: said once */
        memset(n, 0, sizeof(n));
        count_in_use(b, n, true);
        report(b, n, true);
}
