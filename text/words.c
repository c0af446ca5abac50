/* The words: colours, feature kinds, defense posts, figures, counted nouns, in en ro cs uk.
 *
 * Sources (docs/glossary.md has the term-by-term list): Romanian — Castles & Bridges and Siege &
 * Defense rulebooks, C3.1 2025 ("cartonaș", "meeple"/"meepleși", "cavaler", "călător",
 * "fermier", "călugăr", "abate", "domniță", "cetate", "hambar", "pod", "postul de apărare",
 * "spațiul meeple", "încasezi", "evaluarea finală", "finalizezi"), Besiegers / Cathars / Siege
 * 1st edition ("oraș asediat", "blazon"); Czech — Siege & Defense C3.1, Mindok 2025 ("kartička",
 * "družiník", "rytíř", "lupič", "sedlák", "mnich", "opat", "hradby", "políčko pro sedláky",
 * "protiútok", "závěrečné vyhodnocení", "uzavřené město", "Modrý hráč získá"), and its list of
 * other expansions ("Hostince a katedrály", "Mosty a hrady"); Ukrainian — the Ukrainian
 * edition of Siege & Defense (2025) as its Russian-language summary words it ("підданий",
 * "аванпост", "комірка", "запас", "контратака"), rendered in Ukrainian. */
#include "text-private.h"

#include <stdlib.h>
#include <string.h>

const char *tkit_lang_name(enum tkit_lang l)
{
        static const char *const names[NL] = {"en", "ro", "cs", "uk"};
        return (unsigned)l < NL ? names[l] : "?";
}

int tkit_lang_parse(const char *s)
{
        for (int l = 0; s && l < NL; l++)
                if (strcmp(s, tkit_lang_name((enum tkit_lang)l)) == 0)
                        return l;
        return -1;
}

const char *tkit_lang_choices(void)
{
        return "en, ro, cs, uk";
}

/* ---------------------------------------------------------------- plurals */

/* 0: the form after 1; 1: a few; 2: many. */
static int plural_class(enum tkit_lang l, int n)
{
        int a = abs(n), m10 = a % 10, m100 = a % 100;
        switch (l) {
        case TKIT_LANG_RO:
                return a == 1 ? 0 : (a == 0 || (m100 >= 1 && m100 <= 19)) ? 1 : 2;
        case TKIT_LANG_CS:
                return a == 1 ? 0 : (a >= 2 && a <= 4) ? 1 : 2;
        case TKIT_LANG_UK:
                if (m10 == 1 && m100 != 11)
                        return 0;
                return m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 1 : 2;
        default:
                return a == 1 ? 0 : 1;
        }
}

static const char *const nouns[N_COUNT][NL][3] = {
    [N_POINT] = {{"point", "points", "points"},
                 {"punct", "puncte", "de puncte"},
                 {"bod", "body", "bodů"},
                 {"очко", "очки", "очок"}},
    [N_TILE] = {{"tile", "tiles", "tiles"},
                {"cartonaș", "cartonașe", "de cartonașe"},
                {"kartička", "kartičky", "kartiček"},
                {"плитка", "плитки", "плиток"}},
    [N_BRIDGE] = {{"bridge", "bridges", "bridges"},
                  {"pod", "poduri", "de poduri"},
                  {"most", "mosty", "mostů"},
                  {"міст", "мости", "мостів"}},
    [N_PENNANT] = {{"pennant", "pennants", "pennants"},
                   {"blazon", "blazoane", "de blazoane"},
                   {"erb", "erby", "erbů"},
                   {"герб", "герби", "гербів"}},
    [N_AROUND] = {{"tile around", "tiles around", "tiles around"},
                  {"cartonaș în jur", "cartonașe în jur", "de cartonașe în jur"},
                  {"okolní kartička", "okolní kartičky", "okolních kartiček"},
                  {"сусідня плитка", "сусідні плитки", "сусідніх плиток"}},
    [N_CITY_DONE] = {{"completed city", "completed cities", "completed cities"},
                     {"oraș finalizat", "orașe finalizate", "de orașe finalizate"},
                     {"uzavřené město", "uzavřená města", "uzavřených měst"},
                     {"завершене місто", "завершені міста", "завершених міст"}},
    [N_BESIEGED] = {{"besieged", "besieged", "besieged"},
                    {"asediat", "asediate", "asediate"},
                    {"obléhané", "obléhaná", "obléhaných"},
                    {"в облозі", "в облозі", "в облозі"}},
    [N_FARMER] = {{"farmer", "farmers", "farmers"},
                  {"fermier", "fermieri", "de fermieri"},
                  {"sedlák", "sedláci", "sedláků"},
                  {"селянин", "селяни", "селян"}},
    [N_KNIGHT] = {{"knight", "knights", "knights"},
                  {"cavaler", "cavaleri", "de cavaleri"},
                  {"rytíř", "rytíři", "rytířů"},
                  {"лицар", "лицарі", "лицарів"}},
    [N_OTHER_MAIDEN] = {{"other maiden", "other maidens", "other maidens"},
                        {"altă domniță", "alte domnițe", "de alte domnițe"},
                        {"další dvorní dáma", "další dvorní dámy", "dalších dvorních dam"},
                        {"інша панна", "інші панни", "інших панн"}},
    [N_MEEPLE] = {{"meeple", "meeples", "meeples"},
                  {"meeple", "meepleși", "de meepleși"},
                  {"družiník", "družiníci", "družiníků"},
                  {"підданий", "піддані", "підданих"}},
    [N_GO_BACK] = {{"goes back", "go back", "go back"},
                   {"se întoarce", "se întorc", "se întorc"},
                   {"se vrací", "se vracejí", "se vrací"},
                   {"повертається", "повертаються", "повертаються"}},
    [N_FIGURE] = {{"figure", "figures", "figures"},
                  {"figură", "figuri", "de figuri"},
                  {"figurka", "figurky", "figurek"},
                  {"фігурка", "фігурки", "фігурок"}},
    [N_ROAD] = {{"road", "roads", "roads"},
                {"drum", "drumuri", "de drumuri"},
                {"cesta", "cesty", "cest"},
                {"дорога", "дороги", "доріг"}},
    [N_CATAPULT] = {{"catapult", "catapults", "catapults"},
                    {"catapultă", "catapulte", "de catapulte"},
                    {"katapult", "katapulty", "katapultů"},
                    {"катапульта", "катапульти", "катапульт"}},
};

/* The nouns a text outside text/ may count by name (tkit_text_counted; book's `|NOUN`). */
static const struct {
        const char *name;
        enum tkit_t_noun noun;
} counted_names[] = {
    {"point", N_POINT},     {"tile", N_TILE},         {"bridge", N_BRIDGE},
    {"pennant", N_PENNANT}, {"city", N_CITY_DONE},    {"farmer", N_FARMER},
    {"knight", N_KNIGHT},   {"meeple", N_MEEPLE},     {"figure", N_FIGURE},
    {"road", N_ROAD},       {"catapult", N_CATAPULT},
};

char *tkit_text_counted(enum tkit_lang l, const char *noun, long n)
{
        for (size_t i = 0; noun && i < sizeof counted_names / sizeof *counted_names; i++)
                if (strcmp(noun, counted_names[i].name) == 0) {
                        enum tkit_lang ll = (unsigned)l < NL ? l : TKIT_LANG_EN;
                        /* the plural rules read |n|, its last two digits and whether it is
                         * 0..4: a huge n keeps its last two digits */
                        int k = n >= -1000000 && n <= 1000000 ? (int)n
                                                              : 1000000 + (int)labs(n % 100);
                        return tkit_xasprintf("%ld %s", n,
                                              tkit_t_form(ll, counted_names[i].noun, k));
                }
        return NULL;
}

const char *tkit_text_counted_nouns(void)
{
        return "point, tile, bridge, pennant, city, farmer, knight, meeple, figure, road, "
               "catapult";
}

const char *tkit_t_form(enum tkit_lang l, enum tkit_t_noun noun, int n)
{
        return nouns[noun][l][plural_class(l, n)];
}

void tkit_t_counted(struct tkit_buf *b, enum tkit_lang l, enum tkit_t_noun noun, int n)
{
        tkit_buf_printf(b, "%d %s", n, tkit_t_form(l, noun, n));
}

char *tkit_text_points(enum tkit_lang l, int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_t_counted(&b, (unsigned)l < NL ? l : TKIT_LANG_EN, N_POINT, n);
        return tkit_buf_steal(&b);
}

/* ---------------------------------------------------------------- colours */

/* as names, as the adjective of "player", in the genitive */
static const char *const colours[TKIT_COLOUR_COUNT][NL][3] = {
    [TKIT_COLOUR_RED] = {{"Red", "Red", "Red"},
                         {"Roșu", "roșu", "roșu"},
                         {"Červený", "červený", "červeného"},
                         {"Червоний", "червоний", "червоного"}},
    [TKIT_COLOUR_BLUE] = {{"Blue", "Blue", "Blue"},
                          {"Albastru", "albastru", "albastru"},
                          {"Modrý", "modrý", "modrého"},
                          {"Синій", "синій", "синього"}},
    [TKIT_COLOUR_GREEN] = {{"Green", "Green", "Green"},
                           {"Verde", "verde", "verde"},
                           {"Zelený", "zelený", "zeleného"},
                           {"Зелений", "зелений", "зеленого"}},
    [TKIT_COLOUR_YELLOW] = {{"Yellow", "Yellow", "Yellow"},
                            {"Galben", "galben", "galben"},
                            {"Žlutý", "žlutý", "žlutého"},
                            {"Жовтий", "жовтий", "жовтого"}},
    [TKIT_COLOUR_BLACK] = {{"Black", "Black", "Black"},
                           {"Negru", "negru", "negru"},
                           {"Černý", "černý", "černého"},
                           {"Чорний", "чорний", "чорного"}},
    [TKIT_COLOUR_GREY] = {{"Grey", "Grey", "Grey"},
                          {"Gri", "gri", "gri"},
                          {"Šedý", "šedý", "šedého"},
                          {"Сірий", "сірий", "сірого"}},
    [TKIT_COLOUR_PINK] = {{"Pink", "Pink", "Pink"},
                          {"Roz", "roz", "roz"},
                          {"Růžový", "růžový", "růžového"},
                          {"Рожевий", "рожевий", "рожевого"}},
    [TKIT_COLOUR_PURPLE] = {{"Purple", "Purple", "Purple"},
                            {"Mov", "mov", "mov"},
                            {"Fialový", "fialový", "fialového"},
                            {"Фіолетовий", "фіолетовий", "фіолетового"}},
};

/* The initial of the colour word; two letters where two colours of a language share one. */
static const char *const letters[NL][TKIT_COLOUR_COUNT] = {
    {"R", "B", "G", "Y", "K", "E", "P", "V"},
    {"R", "A", "V", "G", "N", "Gr", "Rz", "M"},
    {"Č", "M", "Z", "Ž", "Čn", "Š", "R", "F"},
    {"Ч", "С", "З", "Ж", "Чн", "Ср", "Р", "Ф"},
};

static bool known(enum tkit_lang l, int colour)
{
        return (unsigned)l < NL && colour >= 0 && colour < TKIT_COLOUR_COUNT;
}

const char *tkit_text_colour(enum tkit_lang l, int colour)
{
        return known(l, colour) ? colours[colour][l][0] : "?";
}

const char *tkit_t_colour_adj(enum tkit_lang l, int colour)
{
        return known(l, colour) ? colours[colour][l][1] : "?";
}

const char *tkit_t_colour_gen(enum tkit_lang l, int colour)
{
        return known(l, colour) ? colours[colour][l][2] : "?";
}

const char *tkit_text_player_letter(enum tkit_lang l, int colour)
{
        return known(l, colour) ? letters[l][colour] : "?";
}

/* ---------------------------------------------------------------- features */

static const struct tkit_t_feature features[TKIT_FEATURE_KIND_COUNT][NL] = {
    [TKIT_CITY] = {{"city", "The city", "is completed", "the city"},
                   {"oraș", "Orașul", "este finalizat", "oraș"},
                   {"město", "Město", "je uzavřené", "město"},
                   {"місто", "Місто", "завершено", "місто"}},
    [TKIT_ROAD] = {{"road", "The road", "is completed", "the road"},
                   {"drum", "Drumul", "este finalizat", "drum"},
                   {"cesta", "Cesta", "je uzavřená", "cestu"},
                   {"дорога", "Дорогу", "завершено", "дорогу"}},
    [TKIT_FIELD] = {{"field", "The field", "is completed", "the field"},
                    {"câmp", "Câmpul", "este finalizat", "câmp"},
                    {"louka", "Louka", "je uzavřená", "louku"},
                    {"поле", "Поле", "завершено", "поле"}},
    [TKIT_RIVER] = {{"river", "The river", "is completed", "the river"},
                    {"râu", "Râul", "este finalizat", "râu"},
                    {"řeka", "Řeka", "je uzavřená", "řeku"},
                    {"річка", "Річку", "завершено", "річку"}},
    [TKIT_CLOISTER] = {{"cloister", "The cloister", "is completed", "the cloister"},
                       {"mănăstire", "Mănăstirea", "este finalizată", "mănăstire"},
                       {"klášter", "Klášter", "je dokončený", "klášter"},
                       {"монастир", "Монастир", "завершено", "монастир"}},
    [TKIT_GARDEN] = {{"garden", "The garden", "is completed", "the garden"},
                     {"grădină", "Grădina", "este finalizată", "grădină"},
                     {"zahrada", "Zahrada", "je dokončená", "zahradu"},
                     {"сад", "Сад", "завершено", "сад"}},
};

static const struct tkit_t_feature no_feature = {"?", "?", "?", "?"};

const struct tkit_t_feature *tkit_t_feature(enum tkit_lang l, enum tkit_feature_kind k)
{
        return (unsigned)k < TKIT_FEATURE_KIND_COUNT && (unsigned)l < NL ? &features[k][l]
                                                                         : &no_feature;
}

const char *tkit_text_feature(enum tkit_lang l, enum tkit_feature_kind k)
{
        return tkit_t_feature(l, k)->name;
}

/* ---------------------------------------------------------------- posts */

static const struct tkit_t_post posts[3][NL] = {
    [TKIT_POST_KNIGHTS] = {{"knights post", "knights post", "at the knights post",
                            "to the knights post", "knight", "knight"},
                           {"postul de apărare al cavalerilor",
                            "postului de apărare al cavalerilor",
                            "la postul de apărare al cavalerilor",
                            "la postul de apărare al cavalerilor", "cavaler", "cavaler"},
                           {"hradby rytířů", "hradeb rytířů", "na hradbách rytířů",
                            "k hradbám rytířů", "rytíře", "rytíře"},
                           {"аванпост лицарів", "аванпосту лицарів", "на аванпості лицарів",
                            "до аванпосту лицарів", "лицаря", "лицарів"}},
    [TKIT_POST_TRAVELERS] = {{"travelers post", "travelers post", "at the travelers post",
                              "to the travelers post", "traveler", "traveler"},
                             {"postul de apărare al călătorilor",
                              "postului de apărare al călătorilor",
                              "la postul de apărare al călătorilor",
                              "la postul de apărare al călătorilor", "călător", "călător"},
                             {"hradby lupičů", "hradeb lupičů", "na hradbách lupičů",
                              "k hradbám lupičů", "lupiče", "lupiče"},
                             {"аванпост мандрівників", "аванпосту мандрівників",
                              "на аванпості мандрівників", "до аванпосту мандрівників",
                              "мандрівника", "мандрівників"}},
    [TKIT_POST_MONKS] = {{"monks post", "monks post", "at the monks post", "to the monks post",
                          "monk or abbot", "monk or abbot"},
                         {"postul de apărare al călugărilor și abaților",
                          "postului de apărare al călugărilor și abaților",
                          "la postul de apărare al călugărilor și abaților",
                          "la postul de apărare al călugărilor și abaților", "călugăr sau abate",
                          "călugăr sau abate"},
                         {"hradby mnichů a opatů", "hradeb mnichů a opatů",
                          "na hradbách mnichů a opatů", "k hradbám mnichů a opatů",
                          "mnicha nebo opata", "mnicha ani opata"},
                         {"аванпост монахів і абатів", "аванпосту монахів і абатів",
                          "на аванпості монахів і абатів", "до аванпосту монахів і абатів",
                          "монаха чи абата", "монахів чи абатів"}},
};

static const struct tkit_t_post no_post = {"?", "?", "?", "?", "?", "?"};

const struct tkit_t_post *tkit_t_post(enum tkit_lang l, int post)
{
        return post >= 0 && post < 3 && (unsigned)l < NL ? &posts[post][l] : &no_post;
}

const char *tkit_text_post(enum tkit_lang l, int post)
{
        return tkit_t_post(l, post)->nom;
}

/* ---------------------------------------------------------------- figures */

static const struct tkit_t_role roles[R_COUNT][NL] = {
    [R_MEEPLE] = {{"meeple", "The meeple", "The meeple", "removed"},
                  {"meeple", "Meepleul", "Meepleul", "îndepărtat"},
                  {"družiník", "Družiník", "Družiník", "odstraněn"},
                  {"підданий", "Підданий", "Підданого", ""}},
    [R_KNIGHT] = {{"knight", "The knight", "The knight", "removed"},
                  {"cavaler", "Cavalerul", "Cavalerul", "îndepărtat"},
                  {"rytíř", "Rytíř", "Rytíř", "odstraněn"},
                  {"лицар", "Лицар", "Лицаря", ""}},
    [R_TRAVELER] = {{"traveler", "The traveler", "The traveler", "removed"},
                    {"călător", "Călătorul", "Călătorul", "îndepărtat"},
                    {"lupič", "Lupič", "Lupič", "odstraněn"},
                    {"мандрівник", "Мандрівник", "Мандрівника", ""}},
    [R_FARMER] = {{"farmer", "The farmer", "The farmer", "removed"},
                  {"fermier", "Fermierul", "Fermierul", "îndepărtat"},
                  {"sedlák", "Sedlák", "Sedlák", "odstraněn"},
                  {"селянин", "Селянин", "Селянина", ""}},
    [R_MONK] = {{"monk", "The monk", "The monk", "removed"},
                {"călugăr", "Călugărul", "Călugărul", "îndepărtat"},
                {"mnich", "Mnich", "Mnich", "odstraněn"},
                {"монах", "Монах", "Монаха", ""}},
    [R_ABBOT] = {{"abbot", "The abbot", "The abbot", "removed"},
                 {"abate", "Abatele", "Abatele", "îndepărtat"},
                 {"opat", "Opat", "Opat", "odstraněn"},
                 {"абат", "Абат", "Абата", ""}},
    [R_BIG_MEEPLE] = {{"big meeple", "The big meeple", "The big meeple", "removed"},
                      {"meeple mare", "Meepleul mare", "Meepleul mare", "îndepărtat"},
                      {"velký družiník", "Velký družiník", "Velký družiník", "odstraněn"},
                      {"великий підданий", "Великий підданий", "Великого підданого", ""}},
    [R_PIG] = {{"pig", "The pig", "The pig", "removed"},
               {"porc", "Porcul", "Porcul", "îndepărtat"},
               {"prase", "Prase", "Prase", "odstraněno"},
               {"свиня", "Свиня", "Свиню", ""}},
    [R_MAIDEN] = {{"maiden", "The maiden", "The maiden", "removed"},
                  {"domniță", "Domnița", "Domnița", "îndepărtată"},
                  {"dvorní dáma", "Dvorní dáma", "Dvorní dáma", "odstraněna"},
                  {"панна", "Панна", "Панну", ""}},
    [R_BARN_FARMER] = {{"farmer on a barn", "The farmer on the barn", "The farmer on the barn",
                        "removed"},
                       {"fermier de pe hambar", "Fermierul de pe hambar", "Fermierul de pe hambar",
                        "îndepărtat"},
                       {"sedlák na stodole", "Sedlák na stodole", "Sedlák na stodole", "odstraněn"},
                       {"селянин на коморі", "Селянин на коморі", "Селянина на коморі", ""}},
};

enum tkit_t_role_id tkit_t_role_of(enum tkit_figure_kind k, enum tkit_feature_kind on,
                                   enum tkit_figure_at at)
{
        if (at == TKIT_AT_CASTLE)
                return R_MAIDEN;
        if (at == TKIT_AT_BARN)
                return R_BARN_FARMER;
        switch (k) {
        case TKIT_FIGURE_BIG_MEEPLE:
                return R_BIG_MEEPLE;
        case TKIT_FIGURE_ABBOT:
                return R_ABBOT;
        case TKIT_FIGURE_PIG:
                return R_PIG;
        default:
                break;
        }
        switch (on) {
        case TKIT_CITY:
                return R_KNIGHT;
        case TKIT_ROAD:
                return R_TRAVELER;
        case TKIT_FIELD:
                return R_FARMER;
        case TKIT_CLOISTER:
                return R_MONK;
        default:
                return R_MEEPLE;
        }
}

const struct tkit_t_role *tkit_t_role(enum tkit_lang l, enum tkit_t_role_id r)
{
        return &roles[(unsigned)r < R_COUNT ? r : R_MEEPLE][(unsigned)l < NL ? l : 0];
}

const char *tkit_text_figure(enum tkit_lang l, enum tkit_figure_kind k, enum tkit_feature_kind on,
                             enum tkit_figure_at at)
{
        return tkit_t_role(l, tkit_t_role_of(k, on, at))->name;
}

/* ---------------------------------------------------------------- fixed terms */

static const char *const terms[TKIT_TERM_COUNT][NL] = {
    [TKIT_TERM_PLAYERS] = {"Players", "Jucători", "Hráči", "Гравці"},
    [TKIT_TERM_FINAL] = {"final scoring", "evaluarea finală", "závěrečné vyhodnocení",
                         "підсумковий підрахунок очок"},
    [TKIT_TERM_TILE_PLACED] = {"tile placed", "cartonașul plasat", "přiložená kartička",
                               "викладена плитка"},
    [TKIT_TERM_NEW] = {"new this turn", "nou în această tură", "nové v tomto tahu",
                       "нове в цьому ході"},
    [TKIT_TERM_RETURNED] = {"goes back to the supply", "se întoarce în rezervă",
                            "vrací se do zásoby", "повертається до запасу"},
    [TKIT_TERM_REMOVED] = {"removed from the board", "îndepărtat de pe suprafața de joc",
                           "odstraněno z herního plánu", "знято з ігрового поля"},
    [TKIT_TERM_CHOICE] = {"the player removes one of these, by choice",
                          "jucătorul îndepărtează una dintre acestea, la alegere",
                          "hráč odstraní jednu z nich podle své volby",
                          "гравець знімає одну з них на свій вибір"},
    [TKIT_TERM_MOVED] = {"the figure moves there", "figura se mută acolo", "figurka se přesune sem",
                         "фігурка переходить туди"},
    [TKIT_TERM_ADVANCE] = {"the siege symbol sends a catapult there",
                           "simbolul de asediu trimite acolo o catapultă",
                           "symbol dobývání posílá katapult sem",
                           "символ облоги посилає туди катапульту"},
};

const char *tkit_text_term(enum tkit_lang l, enum tkit_text_term t)
{
        return (unsigned)t < TKIT_TERM_COUNT && (unsigned)l < NL ? terms[t][l] : "?";
}
