/*
 * tilekit — what the rules engine says happened, as data: the rule ids of docs/scoring.md as one
 * enumeration with one table (id, documentation anchor, feature kinds), and the events of a move
 * as structures (rule, player, points, feature, tiles, counts, figures returned, removed or
 * converted, refusals with their reason). No sentences: text/tkit-text.h turns an event into
 * words in each language, so the engine (game/), the `score` command and the pictures (render/)
 * share one meaning for each event.
 *
 * They live in game/, which fills them; text/ (which words them) and render/ (which draws them)
 * build on game/ (docs/architecture.md).
 *
 * Memory: an event owns its `places` (freed by tkit_game_result_finish() in game/); every string
 * reached from this header is static.
 */
#ifndef TKIT_EVENT_H
#define TKIT_EVENT_H

#include "model/tkit-model.h"
#include "model/tkit-scene.h"

/* ---------------------------------------------------------------- what an event counts for
 *
 * The words of a scene's <count what=...> (docs/scoring.md, "Expectation words"), each the count
 * of the events that carry it: one list, one enumeration. */
#define TKIT_COUNT_WORDS(X) \
        X(COMPLETED_ROAD, "completed-road") \
        X(COMPLETED_CITY, "completed-city") \
        X(COMPLETED_CLOISTER, "completed-cloister") \
        X(COMPLETED_GARDEN, "completed-garden") \
        X(RETURNED, "returned") \
        X(REMOVED, "removed") \
        X(POST_RETURNED, "post-returned") \
        X(BRIDGE, "bridge") \
        X(CASTLE, "castle") \
        X(MAIDEN, "maiden") \
        X(BARN, "barn") \
        X(REFUSED, "refused") \
        X(CATAPULT, "catapult") \
        X(POST_ROW, "post-row") \
        X(POST_STACK, "post-stack") \
        X(ATTACK, "attack") \
        X(MUST_REMOVE, "must-remove") \
        X(COUNTERATTACK, "counterattack") \
        X(ESCAPE, "escape")
enum tkit_count {
        TKIT_COUNT_NONE = -1, /* an event that counts for no word */
#define TKIT_COUNT_ENUM(e, word) TKIT_COUNT_##e,
        TKIT_COUNT_WORDS(TKIT_COUNT_ENUM)
#undef TKIT_COUNT_ENUM
        TKIT_COUNT_COUNT
};
/* "completed-road" for TKIT_COUNT_COMPLETED_ROAD; NULL for TKIT_COUNT_NONE. */
const char *tkit_count_word(enum tkit_count c);
/* The count of a word, or TKIT_COUNT_NONE. */
enum tkit_count tkit_count_parse(const char *word);

/* ---------------------------------------------------------------- rule ids */

/* Every rule the engine applies or enforces: the scoring rules, then the scene diagnostics. */
enum tkit_game_rule {
        TKIT_GR_NONE = 0,
        TKIT_GR_SCORE_ROAD,
        TKIT_GR_SCORE_CITY,
        TKIT_GR_SCORE_CLOISTER,
        TKIT_GR_SCORE_GARDEN,
        TKIT_GR_SCORE_INN,
        TKIT_GR_SCORE_CATHEDRAL,
        TKIT_GR_SCORE_END,
        TKIT_GR_SCORE_FIELD,
        TKIT_GR_SCORE_PIG,
        TKIT_GR_ABBOT_RECALL,
        TKIT_GR_BRIDGE_MUST,
        TKIT_GR_BRIDGE_ROAD,
        TKIT_GR_BRIDGE_END,
        TKIT_GR_CASTLE_BUILD,
        TKIT_GR_MAIDEN_CONVERT,
        TKIT_GR_MAIDEN_TAKE,
        TKIT_GR_BARN_BUILD,
        TKIT_GR_BARN_SCORE,
        TKIT_GR_POST_ROW,
        TKIT_GR_POST_STACK,
        TKIT_GR_COUNTERATTACK,
        TKIT_GR_ADVANCE,
        TKIT_GR_ATTACK,
        TKIT_GR_FINAL_COUNTERATTACK,
        TKIT_GR_BESIEGED_CITY,
        TKIT_GR_BESIEGED_FIELD,
        TKIT_GR_ESCAPE,
        TKIT_GR_SCENE_FIRST, /* the scene diagnostics follow */
        TKIT_GR_SCENE_SET = TKIT_GR_SCENE_FIRST,
        TKIT_GR_SCENE_TILE,
        TKIT_GR_SCENE_ROTATION,
        TKIT_GR_SCENE_CELL,
        TKIT_GR_SCENE_DETACHED,
        TKIT_GR_SCENE_MOVE_CELL,
        TKIT_GR_SCENE_EDGE,
        TKIT_GR_SCENE_BRIDGE,
        TKIT_GR_SCENE_PLAYER,
        TKIT_GR_SCENE_COLOUR,
        TKIT_GR_SCENE_OPTION,
        TKIT_GR_SCENE_FIGURE,
        TKIT_GR_SCENE_FIGURE_KIND,
        TKIT_GR_SCENE_OCCUPIED,
        TKIT_GR_SCENE_FACE,
        TKIT_GR_SCENE_POST,
        TKIT_GR_SCENE_TOKEN,
        TKIT_GR_SCENE_COPIES,
        TKIT_GR_SCENE_CHOICE,
        TKIT_GR_SCENE_REMOVE,
        TKIT_GR_SCENE_BONUS,
        TKIT_GR_SCENE_BUILD,
        TKIT_GR_SCENE_CASTLE,
        TKIT_GR_SCENE_MAIDEN,
        TKIT_GR_SCENE_ABBOT,
        TKIT_GR_SCENE_ESCAPE,
        TKIT_GR_SCENE_SUPPLY,
        TKIT_GR_SCENE_EXPECT,
        TKIT_GR_COUNT
};

/* One row of the table. `kinds`: the feature kinds the rule is about, as bits 1u << kind
 * (0 for a rule about no feature: a post, a catapult, a scene diagnostic). */
struct tkit_game_rule_info {
        const char *id;     /* "SCORE-ROAD": the heading in docs/scoring.md */
        const char *anchor; /* "docs/scoring.md#score-road" */
        unsigned kinds;
};
/* The row of `r`; the row of TKIT_GR_NONE (id "", anchor "", kinds 0) past the end. */
const struct tkit_game_rule_info *tkit_game_rule_info(enum tkit_game_rule r);
/* The id ("SCORE-ROAD"); "" for TKIT_GR_NONE or out of range. */
const char *tkit_game_rule_id(enum tkit_game_rule r);
/* The rule of an id, or -1. */
int tkit_game_rule_parse(const char *id);
/* Whether the rule is about features of kind `k`. */
bool tkit_game_rule_applies(enum tkit_game_rule r, enum tkit_feature_kind k);

/* ---------------------------------------------------------------- events */

/* The phases of a turn, in order, and the end of the game. */
enum tkit_game_phase {
        TKIT_PHASE_DRAW = 0, /* siege symbols: catapults advance, attacks (before placing) */
        TKIT_PHASE_TILE,     /* phase 1: the tile is placed; bridge, castle or barn built */
        TKIT_PHASE_FIGURE,   /* phase 2: a figure placed (or the abbot recalled), post bonus */
        TKIT_PHASE_SCORE,    /* phase 3: counterattack, maiden, barn, then completed features */
        TKIT_PHASE_TURN_END, /* escape (1st edition) */
        TKIT_PHASE_FINAL,    /* end of the game: final counterattacks, then final scoring */
        TKIT_PHASE_COUNT
};
const char *
tkit_game_phase_name(enum tkit_game_phase p); /* draw tile figure score turn-end final */

enum tkit_game_event_kind {
        TKIT_EV_SCORE = 0,     /* `points` for `player`: a feature, a post, a barn, a maiden */
        TKIT_EV_COMPLETE,      /* a feature is completed (before it scores) */
        TKIT_EV_RETURN,        /* a figure, or the meeples of a post, go back to the supply */
        TKIT_EV_REMOVE,        /* an attack removes a figure (it goes back to the supply) */
        TKIT_EV_BUILD,         /* a bridge, castle or barn is built (`build`) */
        TKIT_EV_CONVERT,       /* a knight becomes a maiden, a farmer moves onto a barn (`at`) */
        TKIT_EV_ADVANCE,       /* a catapult advances to `post` */
        TKIT_EV_CATAPULT_OFF,  /* the catapult of `post` is removed */
        TKIT_EV_ATTACK,        /* `post` is attacked (its catapult space was taken) */
        TKIT_EV_COUNTERATTACK, /* the last row space of `post` is taken: a counterattack */
        TKIT_EV_POST,          /* `player` adds a meeple to `post` (row space or stack) */
        TKIT_EV_CHOICE,        /* `player` must remove one of `n.choices` figures (attack) */
        TKIT_EV_SPARED,        /* `player` has no meeple at `post` and no figure to remove */
        TKIT_EV_REFUSE,        /* an action the rules do not allow: `reason` */
        TKIT_EV_KIND_COUNT
};
const char *tkit_game_event_kind_name(enum tkit_game_event_kind k);

/* Why an action is refused (TKIT_EV_REFUSE). */
enum tkit_refusal {
        TKIT_REFUSE_NONE = 0,
        TKIT_REFUSE_CASTLE_NOT_TWO,      /* not a completed city of exactly two tiles */
        TKIT_REFUSE_CASTLE_FIGURE,       /* a figure other than a normal meeple in the city */
        TKIT_REFUSE_BARN_NOT_FOUR,       /* four tiles do not meet at the point */
        TKIT_REFUSE_BARN_NOT_FIELD,      /* a corner at the point is not field only */
        TKIT_REFUSE_BARN_NOT_PLACED,     /* the placed tile is not one of the four */
        TKIT_REFUSE_BARN_TAKEN,          /* a barn stands on the point already */
        TKIT_REFUSE_BARN_NO_FARMER,      /* no farmer of the builder (not on a barn) there */
        TKIT_REFUSE_ESCAPE_NOT_BESIEGED, /* the knight's city is not besieged */
        TKIT_REFUSE_ESCAPE_COMPLETE,     /* the knight's city is completed */
        TKIT_REFUSE_ESCAPE_NO_CLOISTER,  /* no cloister touches a besieger tile (`any_tile`: any
                                            tile) of the city */
        TKIT_REFUSE_NO_CATAPULT,         /* no catapult left in the supply to advance to `post` */
        TKIT_REFUSE_COUNT
};
const char *tkit_refusal_name(enum tkit_refusal r); /* "castle-not-two", ... (for JSON) */

/* A board place an event is about: a feature of the tile on cell (x, y) (index into that
 * cell's tile definition's features; TKIT_GAME_PLACE_CELL for the cell as a whole, e.g. a post or
 * a corner; TKIT_GAME_PLACE_BRIDGE for the bridge on that cell). */
#define TKIT_GAME_PLACE_CELL (-1)
#define TKIT_GAME_PLACE_BRIDGE (-2)
struct tkit_game_place {
        int x, y;
        int feature;
};

/* What an event counts; 0 where it does not apply. */
struct tkit_game_counts {
        int tiles;      /* a city's tiles; a road's tiles with a printed segment */
        int bridges;    /* bridges of a road */
        int pennants;   /* pennants of a city */
        int neighbours; /* tiles around a cloister or garden */
        int cities;     /* a field: completed cities it touches */
        int besieged;   /* a field: how many of those are besieged */
        int meeples;    /* a post: the player's meeples there (row and meeple space) */
        int farmers;    /* a barn's score: farmers on the board */
        int maidens;    /* a maiden taken back: the other maidens on the board */
        int knights;    /* a maiden taken back: knights on the board */
        int space;      /* a meeple added to a row: its space, from 1 */
        int spaces;     /* the row's spaces in play */
        int choices;    /* an open removal: the figures to choose from */
};

/* The counts by name, in the order `tilekit score --json` prints them ("counts"): the one table
 * the JSON and the value paths of `tilekit book` read. `feature`: the count describes the feature
 * an event is about (a road's tiles and bridges, a city's pennants, a cloister's neighbours, a
 * field's cities), not the figures or posts around it. */
struct tkit_game_count_info {
        const char *name; /* "tiles" */
        bool feature;
};
/* The rows, *n of them (static). */
const struct tkit_game_count_info *tkit_game_count_table(size_t *n);
/* The row of `name`, or -1. */
int tkit_game_count_parse(const char *name);
/* The value of row `i` in `c` (0 for an i out of range). */
int tkit_game_count_value(const struct tkit_game_counts *c, size_t i);

struct tkit_game_event {
        enum tkit_game_phase phase;
        enum tkit_game_event_kind kind;
        enum tkit_game_rule rule; /* the rule applied (docs/scoring.md) */
        int player;               /* index into the scene's players; -1 for nobody */
        int points;               /* SCORE only */
        /* the feature scored or completed, or where the figure concerned stood;
         * TKIT_FEATURE_KIND_COUNT for none */
        enum tkit_feature_kind feature_kind;
        int post;   /* enum tkit_post for post and catapult events, else -1 */
        int figure; /* index into the scene's figures (before the move), -1 for the figure the
                       move places or none */
        int symbol; /* ADVANCE: the siege symbol of the tile drawn that advances the catapult (its
                       index on the tile, left to right), else -1 */
        enum tkit_figure_kind figure_kind; /* RETURN, REMOVE, CONVERT: the figure */
        enum tkit_figure_at at;     /* RETURN, REMOVE: where it stood; CONVERT: where it goes */
        enum tkit_build_kind build; /* BUILD */
        enum tkit_refusal reason;   /* REFUSE */
        struct tkit_game_counts n;
        bool inn, cathedral, besieged; /* the feature's kind of value */
        bool pig;                      /* a field scored with the player's pig */
        bool at_end;                   /* scored by its value at the end of the game (incomplete) */
        bool nobody;                   /* COMPLETE: no figure stands on the feature */
        bool stack;                    /* POST: the meeple space, not a row space */
        bool any_tile; /* ESCAPE refusals: the rule variant where any tile of the city counts */
        struct tkit_game_place *places; /* the feature across its tiles (for tints and badges) */
        size_t nplaces;
        int *choices; /* CHOICE: the figures the player chooses among, as `figure` names them */
        size_t nchoices;
        int line;          /* line of the scene element concerned, 0 when none */
        enum tkit_count count; /* the expectation word it counts for; TKIT_COUNT_NONE for none */
};

#endif
