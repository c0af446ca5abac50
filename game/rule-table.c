/* The rule ids of the rules engine (one table) and the names of phases, event kinds and refusal
 * reasons (game/tkit-event.h). */
#include "game/tkit-event.h"

#include <stddef.h>
#include <string.h>

#define K(kind) (1u << (kind))
#define ROADS K(TKIT_ROAD)
#define CITIES K(TKIT_CITY)
#define FIELDS K(TKIT_FIELD)
#define CLOISTERS (K(TKIT_CLOISTER) | K(TKIT_GARDEN))
/* the figures a post takes: knights, travelers, monks and abbots */
#define POST_KINDS (CITIES | ROADS | CLOISTERS)

/* The anchor of a heading "### SCORE-ROAD" as Markdown renderers make it. */
#define ROW(id, anchor, kinds)                                                                     \
        {                                                                                          \
                id, "docs/scoring.md#" anchor, kinds                                               \
        }

static const struct tkit_game_rule_info table[TKIT_GR_COUNT] = {
    [TKIT_GR_NONE] = {"", "", 0},
    [TKIT_GR_SCORE_ROAD] = ROW("SCORE-ROAD", "score-road", ROADS),
    [TKIT_GR_SCORE_CITY] = ROW("SCORE-CITY", "score-city", CITIES),
    [TKIT_GR_SCORE_CLOISTER] = ROW("SCORE-CLOISTER", "score-cloister", K(TKIT_CLOISTER)),
    [TKIT_GR_SCORE_GARDEN] = ROW("SCORE-GARDEN", "score-garden", K(TKIT_GARDEN)),
    [TKIT_GR_SCORE_INN] = ROW("SCORE-INN", "score-inn", ROADS),
    [TKIT_GR_SCORE_CATHEDRAL] = ROW("SCORE-CATHEDRAL", "score-cathedral", CITIES),
    [TKIT_GR_SCORE_END] = ROW("SCORE-END", "score-end", ROADS | CITIES | CLOISTERS),
    [TKIT_GR_SCORE_FIELD] = ROW("SCORE-FIELD", "score-field", FIELDS),
    [TKIT_GR_SCORE_PIG] = ROW("SCORE-PIG", "score-pig", FIELDS),
    [TKIT_GR_ABBOT_RECALL] = ROW("ABBOT-RECALL", "abbot-recall", CLOISTERS),
    [TKIT_GR_BRIDGE_MUST] = ROW("BRIDGE-MUST", "bridge-must", ROADS),
    [TKIT_GR_BRIDGE_ROAD] = ROW("BRIDGE-ROAD", "bridge-road", ROADS),
    [TKIT_GR_BRIDGE_END] = ROW("BRIDGE-END", "bridge-end", ROADS),
    [TKIT_GR_CASTLE_BUILD] = ROW("CASTLE-BUILD", "castle-build", CITIES),
    [TKIT_GR_MAIDEN_CONVERT] = ROW("MAIDEN-CONVERT", "maiden-convert", CITIES),
    [TKIT_GR_MAIDEN_TAKE] = ROW("MAIDEN-TAKE", "maiden-take", CITIES),
    [TKIT_GR_BARN_BUILD] = ROW("BARN-BUILD", "barn-build", FIELDS),
    [TKIT_GR_BARN_SCORE] = ROW("BARN-SCORE", "barn-score", FIELDS),
    [TKIT_GR_POST_ROW] = ROW("POST-ROW", "post-row", POST_KINDS),
    [TKIT_GR_POST_STACK] = ROW("POST-STACK", "post-stack", FIELDS),
    [TKIT_GR_COUNTERATTACK] = ROW("COUNTERATTACK", "counterattack", 0),
    [TKIT_GR_ADVANCE] = ROW("ADVANCE", "advance", 0),
    [TKIT_GR_ATTACK] = ROW("ATTACK", "attack", POST_KINDS),
    [TKIT_GR_FINAL_COUNTERATTACK] = ROW("FINAL-COUNTERATTACK", "final-counterattack", 0),
    [TKIT_GR_BESIEGED_CITY] = ROW("BESIEGED-CITY", "besieged-city", CITIES),
    [TKIT_GR_BESIEGED_FIELD] = ROW("BESIEGED-FIELD", "besieged-field", FIELDS),
    [TKIT_GR_ESCAPE] = ROW("ESCAPE", "escape", CITIES),
    [TKIT_GR_SCENE_SET] = ROW("SCENE-SET", "scene-set", 0),
    [TKIT_GR_SCENE_TILE] = ROW("SCENE-TILE", "scene-tile", 0),
    [TKIT_GR_SCENE_ROTATION] = ROW("SCENE-ROTATION", "scene-rotation", 0),
    [TKIT_GR_SCENE_CELL] = ROW("SCENE-CELL", "scene-cell", 0),
    [TKIT_GR_SCENE_DETACHED] = ROW("SCENE-DETACHED", "scene-detached", 0),
    [TKIT_GR_SCENE_MOVE_CELL] = ROW("SCENE-MOVE-CELL", "scene-move-cell", 0),
    [TKIT_GR_SCENE_EDGE] = ROW("SCENE-EDGE", "scene-edge", 0),
    [TKIT_GR_SCENE_BRIDGE] = ROW("SCENE-BRIDGE", "scene-bridge", 0),
    [TKIT_GR_SCENE_PLAYER] = ROW("SCENE-PLAYER", "scene-player", 0),
    [TKIT_GR_SCENE_COLOUR] = ROW("SCENE-COLOUR", "scene-colour", 0),
    [TKIT_GR_SCENE_OPTION] = ROW("SCENE-OPTION", "scene-option", 0),
    [TKIT_GR_SCENE_FIGURE] = ROW("SCENE-FIGURE", "scene-figure", 0),
    [TKIT_GR_SCENE_FIGURE_KIND] = ROW("SCENE-FIGURE-KIND", "scene-figure-kind", 0),
    [TKIT_GR_SCENE_OCCUPIED] = ROW("SCENE-OCCUPIED", "scene-occupied", 0),
    [TKIT_GR_SCENE_FACE] = ROW("SCENE-FACE", "scene-face", 0),
    [TKIT_GR_SCENE_POST] = ROW("SCENE-POST", "scene-post", 0),
    [TKIT_GR_SCENE_TOKEN] = ROW("SCENE-TOKEN", "scene-token", 0),
    [TKIT_GR_SCENE_COPIES] = ROW("SCENE-COPIES", "scene-copies", 0),
    [TKIT_GR_SCENE_CHOICE] = ROW("SCENE-CHOICE", "scene-choice", 0),
    [TKIT_GR_SCENE_REMOVE] = ROW("SCENE-REMOVE", "scene-remove", 0),
    [TKIT_GR_SCENE_BONUS] = ROW("SCENE-BONUS", "scene-bonus", 0),
    [TKIT_GR_SCENE_BUILD] = ROW("SCENE-BUILD", "scene-build", 0),
    [TKIT_GR_SCENE_CASTLE] = ROW("SCENE-CASTLE", "scene-castle", 0),
    [TKIT_GR_SCENE_MAIDEN] = ROW("SCENE-MAIDEN", "scene-maiden", 0),
    [TKIT_GR_SCENE_ABBOT] = ROW("SCENE-ABBOT", "scene-abbot", 0),
    [TKIT_GR_SCENE_ESCAPE] = ROW("SCENE-ESCAPE", "scene-escape", 0),
    [TKIT_GR_SCENE_SUPPLY] = ROW("SCENE-SUPPLY", "scene-supply", 0),
    [TKIT_GR_SCENE_EXPECT] = ROW("SCENE-EXPECT", "scene-expect", 0),
};

const struct tkit_game_rule_info *tkit_game_rule_info(enum tkit_game_rule r)
{
        return (unsigned)r < TKIT_GR_COUNT ? &table[r] : &table[TKIT_GR_NONE];
}

const char *tkit_game_rule_id(enum tkit_game_rule r)
{
        return tkit_game_rule_info(r)->id;
}

int tkit_game_rule_parse(const char *id)
{
        for (int r = 1; id && r < TKIT_GR_COUNT; r++)
                if (strcmp(table[r].id, id) == 0)
                        return r;
        return -1;
}

bool tkit_game_rule_applies(enum tkit_game_rule r, enum tkit_feature_kind k)
{
        return (unsigned)k < 32 && (tkit_game_rule_info(r)->kinds & (1u << k)) != 0;
}

const char *tkit_game_phase_name(enum tkit_game_phase p)
{
        static const char *const names[] = {"draw", "tile", "figure", "score", "turn-end", "final"};
        return (unsigned)p < TKIT_PHASE_COUNT ? names[p] : "?";
}

const char *tkit_game_event_kind_name(enum tkit_game_event_kind k)
{
        static const char *const names[TKIT_EV_KIND_COUNT] = {
            "score",        "complete", "return",        "remove", "build",  "convert", "advance",
            "catapult-off", "attack",   "counterattack", "post",   "choice", "spared",  "refuse"};
        return (unsigned)k < TKIT_EV_KIND_COUNT ? names[k] : "?";
}

const char *tkit_refusal_name(enum tkit_refusal r)
{
        static const char *const names[TKIT_REFUSE_COUNT] = {
            "",
            "castle-not-two",
            "castle-figure",
            "barn-not-four",
            "barn-not-field",
            "barn-not-placed",
            "barn-taken",
            "barn-no-farmer",
            "escape-not-besieged",
            "escape-complete",
            "escape-no-cloister",
            "no-catapult",
        };
        return (unsigned)r < TKIT_REFUSE_COUNT ? names[r] : "?";
}

/* struct tkit_game_counts by name, in its order; `feature`: about the feature itself. */
static const struct tkit_game_count_info count_rows[] = {
    {"tiles", true},    {"bridges", true},  {"pennants", true}, {"neighbours", true},
    {"cities", true},   {"besieged", true}, {"meeples", false}, {"farmers", false},
    {"maidens", false}, {"knights", false}, {"space", false},   {"spaces", false},
    {"choices", false},
};
#define C(f) offsetof(struct tkit_game_counts, f)
static const size_t count_offsets[] = {
    C(tiles),   C(bridges), C(pennants), C(neighbours), C(cities), C(besieged), C(meeples),
    C(farmers), C(maidens), C(knights),  C(space),      C(spaces), C(choices),
};
#undef C
#define NCOUNTS (sizeof count_rows / sizeof count_rows[0])
/* every int of the structure has its row and its name */
_Static_assert(NCOUNTS * sizeof(int) == sizeof(struct tkit_game_counts),
               "a count of struct tkit_game_counts has no row");
_Static_assert(sizeof count_offsets / sizeof count_offsets[0] == NCOUNTS,
               "count_rows and count_offsets differ");

const struct tkit_game_count_info *tkit_game_count_table(size_t *n)
{
        *n = NCOUNTS;
        return count_rows;
}

int tkit_game_count_parse(const char *name)
{
        for (size_t i = 0; name && i < NCOUNTS; i++)
                if (strcmp(count_rows[i].name, name) == 0)
                        return (int)i;
        return -1;
}

int tkit_game_count_value(const struct tkit_game_counts *c, size_t i)
{
        int v = 0;
        if (i < NCOUNTS)
                memcpy(&v, (const char *)c + count_offsets[i], sizeof v);
        return v;
}
