/* The words for every enum, shared by the XML format, the database and JSON output, so that one
 * vocabulary is spoken everywhere. */
#include "tkit-model.h"

#include <string.h>

#define NAME_TABLE(fn_name, fn_parse, type, ...)                                                   \
        static const char *const fn_name##_tab[] = {__VA_ARGS__};                                  \
        const char *fn_name(type v)                                                                \
        {                                                                                          \
                int n = (int)(sizeof fn_name##_tab / sizeof fn_name##_tab[0]);                     \
                return (int)v >= 0 && (int)v < n ? fn_name##_tab[v] : "?";                         \
        }                                                                                          \
        int fn_parse(const char *s)                                                                \
        {                                                                                          \
                return tkit_word_index(fn_name##_tab,                                                       \
                              (int)(sizeof fn_name##_tab / sizeof fn_name##_tab[0]), s);           \
        }

NAME_TABLE(tkit_feature_kind_name, tkit_feature_kind_parse, enum tkit_feature_kind, "city", "road",
           "field", "river", "cloister", "garden")
NAME_TABLE(tkit_end_name, tkit_end_parse, enum tkit_end, "none", "village", "cloister", "city",
           "crossing", "lake", "source", "river", "other")
NAME_TABLE(tkit_besieger_name, tkit_besieger_parse, enum tkit_besieger, "", "besieger", "cathar")
NAME_TABLE(tkit_post_name, tkit_post_parse, enum tkit_post, "knights", "travelers", "monks", "any")
NAME_TABLE(tkit_group_name, tkit_group_parse, enum tkit_group, "land", "river", "fortress")
NAME_TABLE(tkit_basis_name, tkit_basis_parse, enum tkit_basis, "unstated", "well-known", "source",
           "reconstructed", "external")
NAME_TABLE(tkit_token_name, tkit_token_parse, enum tkit_token_kind, "castle", "barn", "bridge",
           "catapult", "meeple", "big-meeple", "pig")
NAME_TABLE(tkit_expect_name, tkit_expect_parse, enum tkit_expect_what, "tiles", "types", "feature",
           "illustration", "pennants", "symbol-tiles", "symbols", "besieged", "pieces", "posts",
           "feature-tiles")
static const char *const rules_flags[] = {"river",     "bridges",  "castles",
                                          "barns",     "siege-symbols", "fortress",
                                          "besiegers", "villages", "escape-city-tile"};

const char *tkit_rules_flag_name(unsigned single_flag)
{
        for (unsigned i = 0; i < sizeof rules_flags / sizeof rules_flags[0]; i++)
                if (single_flag == 1u << i)
                        return rules_flags[i];
        return "?";
}

int tkit_rules_flag_parse(const char *s)
{
        int i = tkit_word_index(rules_flags, (int)(sizeof rules_flags / sizeof rules_flags[0]), s);
        return i < 0 ? -1 : (int)(1u << i);
}

const char *tkit_illustration_name(char letter)
{
        switch (letter) {
        case 'G':
                return "garden";
        case 'B':
                return "farmhouse";
        case 'T':
                return "water tower";
        case 'W':
                return "robbers";
        case 'E':
                return "donkey stable";
        case 'S':
                return "pig stable";
        case 'C':
                return "cattle stable";
        default:
                return NULL;
        }
}

static const char *const check_rule_ids[TKIT_CR_COUNT] = {
#define ID(e, id) [TKIT_CR_##e] = id,
    TKIT_CHECK_RULES(ID)
#undef ID
};

const char *tkit_check_rule_id(enum tkit_check_rule r)
{
        return r >= 0 && r < TKIT_CR_COUNT ? check_rule_ids[r] : NULL;
}

static const char *const read_rule_ids[TKIT_READ_RULE_COUNT] = {
#define ID(e, id) [TKIT_RR_##e] = id,
    TKIT_READ_RULES(ID)
#undef ID
};

const char *tkit_read_rule_id(enum tkit_read_rule r)
{
        return (unsigned)r < TKIT_READ_RULE_COUNT ? read_rule_ids[r] : NULL;
}

int tkit_read_rule_parse(const char *id)
{
        return tkit_word_index(read_rule_ids, TKIT_READ_RULE_COUNT, id);
}

enum tkit_check_rule tkit_check_rule_parse(const char *id)
{
        int i = tkit_word_index(check_rule_ids, TKIT_CR_COUNT, id);
        return i < 0 ? TKIT_CR_NONE : (enum tkit_check_rule)i;
}
