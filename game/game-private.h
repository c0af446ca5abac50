/* Internals of the rules engine: the board resolved from a scene (cells, features as union-find
 * nodes, figures on nodes) and the helpers the phases of a move share. */
#ifndef TKIT_GAME_PRIVATE_H
#define TKIT_GAME_PRIVATE_H

#include "game/tkit-game.h"

/* One board cell: a tile, or one cell of a multi-cell piece. */
struct g_cell {
        int x, y;
        const struct tkit_tile *def;
        const struct tkit_set *set;
        int rot;              /* quarter turns clockwise */
        int bridge;           /* 0 none, 1 NS, 2 EW (board axes) */
        int piece;            /* index of the piece placement in the scene's tiles, or -1 */
        int node0;            /* first node: def->features in order, then the bridge road */
        int owner[TKIT_NPOS]; /* node owning each board position, -1 for none */
        int line;
        bool placed; /* the tile of the move */
};

/* A feature across the board: a union-find root and what the engine knows of it. */
struct g_group {
        enum tkit_feature_kind kind;
        int tiles;   /* distinct cells */
        int printed; /* roads: cells with a printed segment */
        int bridges; /* roads: bridges */
        int pennants;
        int open; /* board positions facing an empty cell */
        bool inn, cathedral, besieged, fortress, castle;
        bool touches_placed; /* has a node on the placed cell */
};

/* A figure resolved: its node (feature figures), or castle / barn. */
struct g_fig {
        struct tkit_scene_figure f; /* copy of the scene's (feature string owned) */
        int node;                   /* -1 unless at a feature */
        bool gone;                  /* returned or removed during the move */
        bool placed;                /* the move's figure */
        int index;                  /* index among the scene's figures, -1 for the placed one */
        bool maiden_new;            /* became a maiden on the castle built this turn */
};

struct g_post {
        enum tkit_post kind;
        int spaces; /* row spaces in play */
        int *row;   /* player or -1; `nrow` entries */
        size_t nrow;
        int *stack;
        size_t nstack, capstack;
        bool catapult;
        bool present; /* the post exists on the fortress in play */
        int line;
        const struct tkit_post_def *def; /* its spaces as the face in play prints them */
        const char *face;
};

/* One placement of the scene (a tile or a whole piece, the move's included), for the copy count. */
struct g_use {
        const void *what; /* the tile or piece definition */
        const char *id, *set;
        int count; /* copies in its set's box */
        bool is_piece;
        int line;
        int order; /* index among the uses: ties keep the scene's order */
};

struct g_board {
        const struct tkit_scene *sc;
        struct tkit_set *const *sets;
        size_t nsets;
        unsigned rules; /* union of the sets' rule flags */
        const char *file;
        struct g_cell *cells;
        size_t ncells, capcells;
        int *hash; /* open addressing: cell index + 1, 0 empty */
        size_t hcap;
        int *parent; /* union-find over nodes */
        int *node_cell, *node_feat;
        size_t nnodes, capnodes;
        struct g_group *groups; /* indexed by root node */
        struct g_fig *figs;
        size_t nfigs, capfigs;
        struct g_use *uses; /* in scene order, the move's last */
        size_t nuses, capuses;
        struct g_post posts[3];
        bool counter[3];    /* counterattack due at the post */
        int catapults_left; /* in the supply */
        int castle_root;    /* the city a castle is built on this turn, -1 */
        bool barn_pending;  /* a barn was built: it scores in phase 3 */
        int nplayers;
        int *strength, *figline;                 /* per root and player (score.c) */
        int *mstart, *mlist;                     /* nodes grouped by root (events.c) */
        const struct tkit_scene_tile *memo_tile; /* the last tile looked up (board.c) */
        const void *memo_what;
        const struct tkit_set *memo_set;
        int active;
        int placed_cell; /* cell index of the move's tile, -1 */
        int castles_built, barns_built, bridges_built;
        uint64_t removals_used; /* the move's <remove>s an attack took (at most 64: SCENE-LIMIT) */
        struct tkit_diags *d;
};

/* board.c */
int tkit_g_board_build(struct g_board *b, const struct tkit_scene *sc, struct tkit_set *const *sets,
                       size_t nsets, struct tkit_diags *d);
void tkit_g_board_finish(struct g_board *b);
int tkit_g_cell_at(const struct g_board *b, int x, int y); /* cell index or -1 */
int tkit_g_find(struct g_board *b, int node);
void tkit_g_analyse(struct g_board *b); /* fills groups from the current cells */
/* The node a figure's place names on cell `ci` ("c1", "N", "WL", "cloister", "bridge"), -1 with
 * *err (may be NULL) saying why: tkit_place_resolve() of the model, the reading render/ shares. */
int tkit_g_resolve_place(const struct g_board *b, int ci, const char *spec,
                         enum tkit_place_error *err);
/* The node `spec` names on cell (x, y); -1 after an error `rule` at `line`: "WHAT at (x, y): no
 * feature 'city' on base/D (rotation 90); features: ..." (the choices listed), or no tile there. */
int tkit_g_place_or_error(struct g_board *b, int x, int y, const char *spec,
                          enum tkit_game_rule rule, int line, const char *what);
const struct tkit_feature *tkit_g_node_feature(const struct g_board *b, int node);
enum tkit_feature_kind tkit_g_node_kind(const struct g_board *b, int node);
void tkit_g_error(struct g_board *b, int line, enum tkit_game_rule rule, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The player's id for diagnostics (English, for authors; events carry indexes). */
const char *tkit_g_player_name(const struct g_board *b, int p);
bool tkit_g_has_rules(const struct g_board *b, unsigned flag);

/* The rule options a scene may set (<option name= value=>, docs/scene.md): one table of names
 * and values (game/validate.c), each value the index of its word. */
enum g_option { G_OPT_ATTACK_PROTECT, G_OPT_ESCAPE, G_OPT_COUNT };
enum { G_PROTECT_POST = 0, G_PROTECT_ROW = 1 };              /* attack-protect */
enum { G_ESCAPE_BESIEGER_TILE = 0, G_ESCAPE_CITY_TILE = 1 }; /* escape */
/* The value the scene sets for option `o`, or -1 when it sets none (validated: a known word). */
int tkit_g_option(const struct g_board *b, enum g_option o);
/* Occupied cells among the 8 around (x, y). */
int tkit_g_neighbours(const struct g_board *b, int x, int y);

/* validate.c */
int tkit_g_validate(struct g_board *b);

/* layout.c: the board as a game makes it */
void tkit_g_check_connected(struct g_board *b); /* SCENE-DETACHED */
void tkit_g_check_copies(struct g_board *b);    /* SCENE-COPIES */
void tkit_g_check_supply(struct g_board *b);    /* SCENE-SUPPLY (supply.c) */

/* score.c: feature values, majority */
struct g_ctx {
        struct g_board *b;
        struct tkit_game_result *r;
        enum tkit_game_phase phase;
};
bool tkit_g_complete(struct g_board *b, int root);
void tkit_g_stats_build(struct g_board *b);
void tkit_g_stats_fig(struct g_board *b, int fi, int sign); /* +1 joins, -1 leaves */
int tkit_g_strength(const struct g_board *b, int root, int player);
/* Scores the group `root` for its majority, returns its figures; `final` picks end values. */
void tkit_g_score_group(struct g_ctx *c, int root, bool final);
void tkit_g_score_fields(struct g_ctx *c);
/* The value of group `root` (`final`: at the end of the game); `e`, when not NULL, receives what
 * the value counts (tiles, bridges, pennants, neighbours, inn, cathedral, besieged, at_end). */
int tkit_g_group_value(struct g_board *b, int root, bool final, struct tkit_game_event *e);

/* posts.c */
void tkit_g_siege_draw(struct g_ctx *c);
void tkit_g_bonus(struct g_ctx *c, int placed_fig);
void tkit_g_counterattacks(struct g_ctx *c);
void tkit_g_final_counterattacks(struct g_ctx *c);

/* after.c: the scene after the move */
struct tkit_scene *tkit_g_after(struct g_board *b);

/* events.c */
/* A new event of the current phase (points are added to the player's total); the caller fills
 * the rest. The pointer is valid until the next event. */
struct tkit_game_event *tkit_g_event(struct g_ctx *c, enum tkit_game_event_kind kind,
                                     enum tkit_game_rule rule, int player, int points, int line);
void tkit_g_event_places(struct g_ctx *c, struct tkit_game_event *e, int root);
void tkit_g_return_fig(struct g_ctx *c, int fi, enum tkit_game_rule rule, bool removed);

#endif
