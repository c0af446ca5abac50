/* The words of scene pictures in en, ro, cs, uk: player colours, features, posts, and one legend
 * line per engine event, composed from the event's kind, rule id, feature kind, post, player
 * and points (never translated from the engine's English sentence). */
#include "render/render-private.h"
#include "game/tkit-game.h"

#include <stdlib.h>
#include <string.h>

enum { EN = 0, RO, CS, UK, NLANG };

static int lang_index(const char *lang)
{
        static const char *const names[NLANG] = {"en", "ro", "cs", "uk"};
        for (int i = 0; lang && i < NLANG; i++)
                if (strcmp(lang, names[i]) == 0)
                        return i;
        return EN;
}

static const char *const colour_words[TKIT_COLOUR_COUNT][NLANG] = {
    {"Red", "Roșu", "Červený", "Червоний"},     {"Blue", "Albastru", "Modrý", "Синій"},
    {"Green", "Verde", "Zelený", "Зелений"},    {"Yellow", "Galben", "Žlutý", "Жовтий"},
    {"Black", "Negru", "Černý", "Чорний"},      {"Grey", "Gri", "Šedý", "Сірий"},
    {"Pink", "Roz", "Růžový", "Рожевий"},       {"Purple", "Mov", "Fialový", "Фіолетовий"},
};

static const char *const feature_words[TKIT_FEATURE_KIND_COUNT][NLANG] = {
    {"city", "oraș", "město", "місто"},         {"road", "drum", "cesta", "дорога"},
    {"field", "câmp", "louka", "поле"},         {"river", "râu", "řeka", "річка"},
    {"cloister", "mănăstire", "klášter", "монастир"}, {"garden", "grădină", "zahrada", "сад"},
};

/* The defense posts as each edition names them: Siege & Defense rulebook, C3.1 2025, Romanian
 * ("postul de apărare al cavalerilor / călătorilor / călugărilor și abaților") and Czech ("hradby
 * rytířů / lupičů / mnichů a opatů"); Ukrainian as the scenes' captions say them. */
static const char *const post_words[3][NLANG] = {
    {"knights post", "postul de apărare al cavalerilor", "hradby rytířů", "пост лицарів"},
    {"travelers post", "postul de apărare al călătorilor", "hradby lupičů", "пост мандрівників"},
    {"monks post", "postul de apărare al călugărilor și abaților", "hradby mnichů a opatů",
     "пост ченців і абатів"},
};

/* Fixed phrases, by key. The words follow the rulebooks (Romanian: Castles & Bridges and Siege &
 * Defense, C3.1 2025 — "meeple", "cetate", "abate", "fermier", "domniță", "hambar", "pod";
 * Czech: Siege & Defense, C3.1 — "družiník", "sedlák", "opat", "katapult", "protiútok") and, in
 * Ukrainian, the scenes' captions ("підданий", "селянин", "панна", "комора", "замок"). */
static const char *const phrases[][NLANG + 1] = {
    {"players", "Players", "Jucători", "Hráči", "Гравці"},
    {"final", "final scoring", "punctaj final", "závěrečné bodování", "фінальний підрахунок"},
    {"return", "the figure goes back to its owner", "pionul se întoarce în rezervă",
     "figurka se vrací do zásoby majitele", "фігурка повертається до власника"},
    {"remove", "the figure is removed", "pionul este îndepărtat din joc", "figurka je odstraněna",
     "фігурку знято з гри"},
    {"build", "builds", "construiește", "staví", "будує"},
    {"bridge", "a bridge", "un pod", "most", "міст"},
    {"castle", "a castle", "o cetate", "hrad", "замок"},
    {"barn", "a barn", "un hambar", "stodolu", "комору"},
    {"maiden", "the meeple becomes a maiden", "meepleul devine domniță",
     "družiník se stává dvorní dámou", "підданий стає панною"},
    {"barn-farmer", "the farmer moves onto the barn", "fermierul se mută pe hambar",
     "sedlák přechází na stodolu", "селянин переходить на комору"},
    {"convert", "a figure changes its role", "un pion își schimbă rolul", "figurka mění roli",
     "фігурка змінює роль"},
    {"catapult", "catapult", "catapulta", "katapult", "катапульта"},
    {"catapult-removed", "the catapult is removed", "catapulta este îndepărtată",
     "katapult je odstraněn", "катапульту прибрано"},
    {"choice", "a choice is left open", "o alegere rămâne deschisă", "volba zůstává otevřená",
     "вибір залишається відкритим"},
    {"nobody", "Nobody", "Nimeni", "Nikdo", "Ніхто"},
    {"counterattack", "counterattack", "contraatac", "protiútok", "контратака"},
    {"attack", "attack", "atac", "útok", "атака"},
    {"maiden-score", "maiden", "domniță", "dvorní dáma", "панна"},
    {"barn-score", "barn", "hambar", "stodola", "комора"},
    {"abbot", "abbot taken back", "abatele retras", "opat vzat zpět", "абата забрано"},
    {"bridge-end", "bridges of an unfinished road", "podurile unui drum neterminat",
     "mosty nedokončené cesty", "мости незавершеної дороги"},
};

const char *tkit_render_scene_word(const char *key, const char *lang)
{
        for (size_t i = 0; i < sizeof phrases / sizeof phrases[0]; i++)
                if (strcmp(phrases[i][0], key) == 0)
                        return phrases[i][1 + lang_index(lang)];
        return key;
}

const char *tkit_render_colour_word(int colour, const char *lang)
{
        if (colour < 0 || colour >= TKIT_COLOUR_COUNT)
                return "?";
        return colour_words[colour][lang_index(lang)];
}

/* "points" with the plural each language needs after n. */
static const char *points_word(int n, int l)
{
        int a = abs(n), m10 = a % 10, m100 = a % 100;
        switch (l) {
        case RO:
                return a == 1 ? "punct" : (a == 0 || (m100 >= 1 && m100 <= 19)) ? "puncte"
                                                                                 : "de puncte";
        case CS:
                return a == 1 ? "bod" : (a >= 2 && a <= 4) ? "body" : "bodů";
        case UK:
                if (m10 == 1 && m100 != 11)
                        return "очко";
                return (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) ? "очки" : "очок";
        default:
                return a == 1 ? "point" : "points";
        }
}

static const char *player_word(const struct tkit_scene *s, int player, const char *lang)
{
        if (player < 0 || (size_t)player >= s->nplayers)
                return tkit_render_scene_word("nobody", lang);
        return tkit_render_colour_word(tkit_colour_parse(s->players[player].colour), lang);
}

/* Rule ids are words like CASTLE-BUILD (docs/scoring.md). */
static bool rule_has(const struct tkit_game_event *e, const char *word)
{
        return e->rule && strstr(e->rule, word);
}

/* What a score is for when the rule says more than the feature kind. */
static const char *score_key(const struct tkit_game_event *e)
{
        if (rule_has(e, "COUNTERATTACK"))
                return "counterattack";
        if (rule_has(e, "ATTACK"))
                return "attack";
        if (rule_has(e, "MAIDEN"))
                return "maiden-score";
        if (rule_has(e, "BARN"))
                return "barn-score";
        if (rule_has(e, "ABBOT"))
                return "abbot";
        if (rule_has(e, "BRIDGE-END"))
                return "bridge-end";
        return NULL;
}

static char *what_scored(const struct tkit_game_event *e, const char *lang, int l)
{
        const char *key = score_key(e);
        if (key && e->post >= 0 && e->post < 3)
                return tkit_xasprintf("%s, %s", tkit_render_scene_word(key, lang),
                                      post_words[e->post][l]);
        if (key)
                return tkit_xstrdup(tkit_render_scene_word(key, lang));
        if (e->post >= 0 && e->post < 3)
                return tkit_xstrdup(post_words[e->post][l]);
        if ((unsigned)e->feature_kind < TKIT_FEATURE_KIND_COUNT)
                return tkit_xstrdup(feature_words[e->feature_kind][l]);
        return tkit_xstrdup("");
}

static char *build_text(const struct tkit_game_event *e, const char *lang)
{
        const char *obj = rule_has(e, "BRIDGE")   ? "bridge"
                          : rule_has(e, "CASTLE") ? "castle"
                          : rule_has(e, "BARN")   ? "barn"
                                                  : NULL;
        const char *v = tkit_render_scene_word("build", lang);
        return obj ? tkit_xasprintf("%s %s", v, tkit_render_scene_word(obj, lang))
                   : tkit_xstrdup(v);
}

static char *catapult_text(const struct tkit_game_event *e, const char *lang, int l)
{
        if (!rule_has(e, "ADVANCE") || e->post < 0 || e->post > 2)
                return tkit_xstrdup(tkit_render_scene_word("catapult-removed", lang));
        return tkit_xasprintf("%s \xe2\x86\x92 %s", tkit_render_scene_word("catapult", lang),
                              post_words[e->post][l]);
}

char *tkit_render_event_text(const struct tkit_scene *s, const struct tkit_game_event *e,
                             const char *lang)
{
        int l = lang_index(lang);
        const char *who = player_word(s, e->player, lang);
        char *what = NULL, *line = NULL;
        switch (e->kind) {
        case TKIT_EV_SCORE:
                what = what_scored(e, lang, l);
                line = tkit_xasprintf("%s: %+d %s \xe2\x80\x94 %s%s%s%s", who, e->points,
                                      points_word(e->points, l), what,
                                      e->phase == TKIT_PHASE_FINAL ? " (" : "",
                                      e->phase == TKIT_PHASE_FINAL
                                          ? tkit_render_scene_word("final", lang)
                                          : "",
                                      e->phase == TKIT_PHASE_FINAL ? ")" : "");
                break;
        case TKIT_EV_RETURN:
        case TKIT_EV_REMOVE:
        case TKIT_EV_CHOICE:
                line = tkit_xasprintf("%s: %s", who,
                                      tkit_render_scene_word(e->kind == TKIT_EV_RETURN ? "return"
                                                             : e->kind == TKIT_EV_REMOVE
                                                                 ? "remove"
                                                                 : "choice",
                                                             lang));
                break;
        case TKIT_EV_BUILD:
                what = build_text(e, lang);
                line = tkit_xasprintf("%s: %s", who, what);
                break;
        case TKIT_EV_CONVERT:
                line = tkit_xasprintf("%s: %s", who,
                                      tkit_render_scene_word(rule_has(e, "BARN")     ? "barn-farmer"
                                                             : rule_has(e, "MAIDEN") ? "maiden"
                                                                                     : "convert",
                                                             lang));
                break;
        case TKIT_EV_CATAPULT:
                line = catapult_text(e, lang, l);
                break;
        default: /* notes are English sentences of the engine: only the English legend has them */
                line = l == EN && e->text ? tkit_xstrdup(e->text) : NULL;
                break;
        }
        free(what);
        return line;
}
