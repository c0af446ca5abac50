/*
 * tilekit — scenes: one moment of a game, stated for a rulebook example. A scene names the sets
 * in play, the players in turn order, the rule options, the board before the move (tiles, the
 * fortress pieces, bridges, castles, barns), the figures on it, the defense posts, the move being
 * made (or the end of the game), what the author expects it to score, and a caption per language.
 *
 * This header is part of the model: plain data, no I/O, nothing resolved. formats/ reads and
 * writes scenes as XML (docs/scene.md); game/ resolves a scene against the tile sets, validates it
 * and applies its move by the scoring rules (game/tkit-game.h); render/ draws it.
 *
 * Coordinates and rotations are those of the layout JSON (docs/layout-json.md): x grows east,
 * y grows south, rotation in degrees clockwise. A barn stands on a corner point: barn (x, y) is
 * the north-west corner of cell (x, y), where cells (x-1, y-1), (x, y-1), (x-1, y) and (x, y)
 * meet.
 *
 * Where a figure stands on a tile is written as the author wrote it: a feature id of the tile
 * definition ("c1") or a side or perimeter position as seen on the board, after rotation ("N",
 * "WL", "EM"), or one of the words "cloister", "garden" (the tile's only such feature) or
 * "bridge" (the road of a bridge on that cell); tkit_place_resolve() below is the one reading of
 * it, for game/ and render/ alike. A cell of a fortress piece is addressed by its board cell like
 * any tile.
 *
 * Memory: every pointer is owned by the struct holding it; tkit_scene_destroy() frees it all.
 * Player, castle and barn references are indexes into the scene's own arrays.
 */
#ifndef TKIT_SCENE_H
#define TKIT_SCENE_H

#include "model/tkit-model.h"

#define TKIT_SCENE_FORMAT 1
#define TKIT_SCENE_MAX_PLAYERS 6 /* the base game's 2-5, and 6 with expansions */

/* The figures of the base game and of the sets tilekit models. A maiden is a normal meeple
 * standing on a castle (TKIT_AT_CASTLE); a barn farmer is a normal meeple on a barn. */
enum tkit_figure_kind {
        TKIT_FIGURE_MEEPLE = 0,
        TKIT_FIGURE_BIG_MEEPLE,
        TKIT_FIGURE_ABBOT,
        TKIT_FIGURE_PIG,
        TKIT_FIGURE_KIND_COUNT
};
const char *tkit_figure_kind_name(enum tkit_figure_kind k); /* meeple big-meeple abbot pig */
int tkit_figure_kind_parse(const char *s);                  /* -1 when unknown */

enum tkit_figure_at {
        TKIT_AT_FEATURE = 0, /* a feature of the tile on cell (x, y) */
        TKIT_AT_CASTLE,      /* on castle `castle` (a maiden) */
        TKIT_AT_BARN,        /* on barn `barn` (a barn farmer) */
};

/* A figure on the board, or (in a move) the figure being placed, removed or returned. */
struct tkit_scene_figure {
        int player; /* index into scene->players */
        enum tkit_figure_kind kind;
        enum tkit_figure_at at;
        int x, y;      /* TKIT_AT_FEATURE: the cell */
        char *feature; /* TKIT_AT_FEATURE: feature id, position name, or cloister/garden/bridge */
        int castle;    /* TKIT_AT_CASTLE: index into scene->castles */
        int barn;      /* TKIT_AT_BARN: index into scene->barns */
        int line;
};

/* A tile or a multi-cell piece on the board (as a placement of the layout JSON). */
struct tkit_scene_tile {
        char *set;  /* may be NULL: the tile id is then looked up among every set in play */
        char *tile; /* tile id, or piece id when is_piece */
        bool is_piece;
        int x, y;                     /* a piece: its top-left cell after rotation */
        int rotation;                 /* 0 90 180 270 */
        enum tkit_bridge_axis bridge; /* on the board (tkit-model.h) */
        int line;
};

struct tkit_scene_castle {
        char *id;      /* as written, for references and messages */
        int x, y;      /* one cell of the castle's city */
        char *feature; /* the city on that cell (id or position name) */
        int line;
};

struct tkit_scene_barn {
        char *id;
        int x, y; /* the corner point: north-west corner of cell (x, y) */
        int line;
};

/* One defense post (Siege & Defense): who stands in each row space (in the order printed on the
 * fortress, -1 for an empty space), the meeple-space stack bottom to top, and the catapult. */
struct tkit_scene_post {
        enum tkit_post kind; /* knights travelers monks */
        int *row;            /* player index or -1, per row space */
        size_t nrow;
        int *stack; /* player indexes, bottom to top */
        size_t nstack;
        bool catapult;
        int line;
};

struct tkit_scene_player {
        char *id;     /* "red", "you", "blue": how the example names the player */
        char *colour; /* one of the colour names (tkit_colour_parse) */
        int line;
};

/* Player colours known to the renderer. */
const char *tkit_colour_name(int c); /* "?" past the end */
int tkit_colour_parse(const char *s); /* -1 when unknown */
enum {
        TKIT_COLOUR_RED = 0,
        TKIT_COLOUR_BLUE,
        TKIT_COLOUR_GREEN,
        TKIT_COLOUR_YELLOW,
        TKIT_COLOUR_BLACK,
        TKIT_COLOUR_GREY,
        TKIT_COLOUR_PINK,
        TKIT_COLOUR_PURPLE,
        TKIT_COLOUR_COUNT
};

/* A rule option in force (the variants where the rulebooks disagree), e.g.
 * attack-protect=post|row, escape=besieger-tile|city-tile. game/ knows the names and values. */
struct tkit_scene_option {
        char *name;
        char *value;
        int line;
};

/* What a building on the move builds (at most one a turn). */
enum tkit_build_kind {
        TKIT_BUILD_NONE = 0,
        TKIT_BUILD_BRIDGE, /* on the placed tile: placed.bridge gives the axis */
        TKIT_BUILD_CASTLE, /* on the city `build_feature` of the placed tile */
        TKIT_BUILD_BARN,   /* at corner (build_x, build_y); `farmer` says which farmer moves */
};

enum tkit_move_kind {
        TKIT_MOVE_NONE = 0, /* the scene only states a board (final scoring with --final) */
        TKIT_MOVE_TILE,     /* a tile is drawn (and, unless it has no legal place, placed) */
        TKIT_MOVE_END,      /* the end of the game: final counterattacks and final scoring */
};

/* The post bonus (Siege & Defense) taken after placing a figure. */
struct tkit_scene_bonus {
        bool taken;
        enum tkit_post post;
        bool stack; /* true: the meeple space (after a farmer); false: a row space */
        int space;  /* the row space index, -1 for the first free one */
        int line;
};

struct tkit_scene_move {
        enum tkit_move_kind kind;
        int player; /* the active player */
        int line;

        struct tkit_scene_tile placed; /* the drawn tile and where it goes (its x, y, rotation) */
        bool discarded;                /* drawn but fits nowhere: set aside */
        enum tkit_post choices[TKIT_MAX_SYMBOLS]; /* the post chosen for each "?" symbol: the
                                                     k-th choice for the tile's k-th "?" */
        size_t nchoices;

        bool has_figure; /* a figure placed on the placed tile: figure.x/y are the placed cell */
        struct tkit_scene_figure figure;
        bool recall_abbot;     /* instead of placing: the abbot is taken back and scored */
        int take_maiden;       /* castle index of the maiden taken back (R11), or -1 */
        struct tkit_scene_bonus bonus;

        enum tkit_build_kind build;
        char *build_feature; /* castle: the city on the placed tile */
        int build_x, build_y; /* barn: the corner point */
        struct tkit_scene_figure farmer; /* barn: the farmer that moves onto it (at = feature);
                                            none when farmer.feature is NULL */

        bool escape; /* a knight escapes from a besieged city (1st edition) */
        struct tkit_scene_figure escaping;

        /* Attacks: the figure each player without a meeple at the post removes, when the scene
         * decides (otherwise game/ reports the choice as open). */
        struct tkit_scene_figure *removals;
        size_t nremovals, capremovals;
};

/* What the author expects the move to give; checked by `tilekit score`. */
struct tkit_scene_expect_points {
        int player;
        int points;
        int line;
};
struct tkit_scene_expect_count {
        char *what;   /* "completed-road", "completed-city", "returned", "removed", ... (game/) */
        int player;   /* -1: any player */
        int count;
        int line;
};

/* A numbered callout for the picture (a step of the example, or a thing its text points at): at
 * a cell, a feature of it, or a defense post. */
struct tkit_scene_callout {
        int number;
        int x, y;                /* the cell pointed at (post < 0) */
        char *feature;           /* may be NULL: the cell itself */
        int post;                /* enum tkit_post: the post pointed at, or -1: the cell */
        struct tkit_name *texts; /* per language */
        size_t ntexts;
        int line;
};

struct tkit_scene {
        char *id;
        char *file; /* where it was read from; may be NULL */
        int line;
        char *source;   /* the rulebook example it states, as a reader finds it; may be NULL */
        char *invented; /* which details of the layout the author had to invent; may be NULL */
        int caption_line; /* the line of the first <caption>, 0 when there is none */

        char **sets; /* ids of the sets in play */
        size_t nsets;
        struct tkit_scene_option *options;
        size_t noptions;
        struct tkit_scene_player *players; /* in turn order */
        size_t nplayers;

        struct tkit_scene_tile *tiles; /* the board before the move, in any order */
        size_t ntiles;
        char *face; /* the fortress face in use (a face id of the pieces), may be NULL */
        bool has_show; /* the author names the cells the picture keeps (its crop) */
        int show[4];   /* x0, y0, x1, y1: corners, inclusive */
        struct tkit_scene_castle *castles;
        size_t ncastles;
        struct tkit_scene_barn *barns;
        size_t nbarns;
        struct tkit_scene_figure *figures;
        size_t nfigures;
        struct tkit_scene_post *posts;
        size_t nposts;
        int catapults_left; /* -1 when not stated: the sets' count minus those on the posts */

        struct tkit_scene_move move;

        bool has_expect;
        struct tkit_scene_expect_points *expect_points;
        size_t nexpect_points;
        struct tkit_scene_expect_count *expect_counts;
        size_t nexpect_counts;

        struct tkit_name *captions; /* per language (en ro cs uk) */
        size_t ncaptions;
        struct tkit_name *notes;
        size_t nnotes;
        struct tkit_scene_callout *callouts;
        size_t ncallouts;

        /* capacities behind the arrays above; do not touch */
        size_t capsets, capoptions, capplayers, captiles, capcastles, capbarns, capfigures,
            capposts, capexpect_points, capexpect_counts, capcallouts;
};

/* A zeroed scene (move NONE, take_maiden -1, catapults_left -1); destroy accepts NULL. */
struct tkit_scene *tkit_scene_create(const char *id);
void tkit_scene_destroy(struct tkit_scene *s);
/* Frees the move and resets it to none (move NONE, take_maiden -1, player -1). */
void tkit_scene_move_clear(struct tkit_scene *s);
/* A deep copy, owned by the caller. */
struct tkit_scene *tkit_scene_copy(const struct tkit_scene *s);

void tkit_scene_figure_finish(struct tkit_scene_figure *f);
void tkit_scene_figure_copy(struct tkit_scene_figure *dst, const struct tkit_scene_figure *src);

/* Adders: each appends a zeroed element (strings duplicated) and returns it; the pointer is valid
 * until the next add of the same kind. */
void tkit_scene_add_set(struct tkit_scene *s, const char *id);
struct tkit_scene_player *tkit_scene_add_player(struct tkit_scene *s, const char *id,
                                                const char *colour);
struct tkit_scene_option *tkit_scene_add_option(struct tkit_scene *s, const char *name,
                                                const char *value);
struct tkit_scene_tile *tkit_scene_add_tile(struct tkit_scene *s, const char *set,
                                            const char *tile);
struct tkit_scene_castle *tkit_scene_add_castle(struct tkit_scene *s, const char *id);
struct tkit_scene_barn *tkit_scene_add_barn(struct tkit_scene *s, const char *id);
struct tkit_scene_figure *tkit_scene_add_figure(struct tkit_scene *s);
struct tkit_scene_post *tkit_scene_add_post(struct tkit_scene *s, enum tkit_post kind);
struct tkit_scene_figure *tkit_scene_add_removal(struct tkit_scene *s);
struct tkit_scene_expect_points *tkit_scene_add_expect_points(struct tkit_scene *s);
struct tkit_scene_expect_count *tkit_scene_add_expect_count(struct tkit_scene *s,
                                                            const char *what);
struct tkit_scene_callout *tkit_scene_add_callout(struct tkit_scene *s);
void tkit_scene_post_push_row(struct tkit_scene_post *p, int player);
void tkit_scene_add_caption(struct tkit_scene *s, const char *lang, const char *text);
void tkit_scene_add_note(struct tkit_scene *s, const char *lang, const char *text);
void tkit_scene_callout_add_text(struct tkit_scene_callout *c, const char *lang, const char *text);
/* The caption (or note) in exactly `lang`, else NULL: no fallback to another language (text/
 * reports a missing translation, tkit_text_check_scene). */
const char *tkit_scene_caption(const struct tkit_scene *s, const char *lang);
const char *tkit_scene_note(const struct tkit_scene *s, const char *lang);
void tkit_scene_post_push_stack(struct tkit_scene_post *p, int player);

/* ---------------------------------------------------------------- rule ids of scene documents
 *
 * What the scene reader (formats/) and the translation check (text/) report about a scene file:
 * one list, one enumeration (docs/scene.md). The rules engine's own SCENE-* ids (a tile or a
 * figure a scene names wrongly) are game/'s (game/tkit-event.h). */
#define TKIT_SCENE_RULES(X) \
        X(XML, "SCENE-XML") \
        X(DTD, "SCENE-DTD") \
        X(LIMIT, "SCENE-LIMIT") \
        X(UNKNOWN, "SCENE-UNKNOWN") \
        X(VALUE, "SCENE-VALUE") \
        X(REF, "SCENE-REF") \
        X(DUP, "SCENE-DUP") \
        X(PLACE, "SCENE-PLACE") \
        X(SCHEMA, "SCENE-SCHEMA") \
        X(TRANSLATION, "SCENE-TRANSLATION")
enum tkit_scene_rule {
#define TKIT_SCR_ENUM(e, id) TKIT_SCR_##e,
        TKIT_SCENE_RULES(TKIT_SCR_ENUM)
#undef TKIT_SCR_ENUM
        TKIT_SCENE_RULE_COUNT
};
/* "SCENE-LIMIT" for TKIT_SCR_LIMIT; NULL out of range. */
const char *tkit_scene_rule_id(enum tkit_scene_rule r);
/* The rule of an id, or -1. */
int tkit_scene_rule_parse(const char *id);

/* Lookups by id; -1 when absent. */
int tkit_scene_find_player(const struct tkit_scene *s, const char *id);
int tkit_scene_find_castle(const struct tkit_scene *s, const char *id);
int tkit_scene_find_barn(const struct tkit_scene *s, const char *id);
/* The option's value, or NULL when the scene does not set it. */
const char *tkit_scene_option(const struct tkit_scene *s, const char *name);

#endif
