/* The words of the reference sheet and of the board: headings, rule modules, tile groups, tokens,
 * the manifest's kinds and the symbols' legend, in en ro cs uk, each table indexed by its enum so
 * that a missing word is a missing initializer (tests/text/test-sheet-words checks every cell).
 *
 * Sources as for words.c (docs/glossary.md): Romanian from Castles & Bridges and Siege & Defense
 * C3.1 2025 ("cartonaș", "cetate", "hambar", "pod", "postul de apărare") and Besiegers / Cathars
 * 1st edition ("oraș asediat", "blazon" as "stemă"); Czech from Siege & Defense C3.1 ("kartička",
 * "hradby", "erb"); Ukrainian as the scenes' captions ("плитка", "аванпост", "місто в облозі"). */
#include "text-private.h"

#include <stddef.h>

static const char *const sheet_words[TKIT_SW_COUNT][NL] = {
    [TKIT_SW_TILES] = {"Tiles", "Cartonașe", "Kartičky", "Плитки"},
    [TKIT_SW_TILE_TYPES] = {"Tile types", "Tipuri de cartonașe", "Druhy kartiček", "Типи плиток"},
    [TKIT_SW_PIECES] = {"Pieces", "Piese compuse", "Vícedílné díly", "Складені елементи"},
    [TKIT_SW_TOKENS] = {"Tokens", "Jetoane", "Žetony", "Жетони"},
    [TKIT_SW_MANIFEST] = {"Manifest", "Conținutul cutiei", "Obsah krabice", "Вміст коробки"},
    [TKIT_SW_NOTES] = {"Notes", "Note", "Poznámky", "Примітки"},
    [TKIT_SW_PAGE] = {"Page", "Pagina", "Strana", "Сторінка"},
    [TKIT_SW_EDITION] = {"Edition", "Ediția", "Vydání", "Видання"},
    [TKIT_SW_YEAR] = {"Year", "Anul", "Rok", "Рік"},
    [TKIT_SW_RULES] = {"Rules", "Reguli", "Pravidla", "Правила"},
    [TKIT_SW_REQUIRES] = {"Requires", "Necesită", "Vyžaduje", "Потребує"},
    [TKIT_SW_PENNANTS] = {"Pennants", "Steme", "Erby", "Герби"},
    [TKIT_SW_RECONSTRUCTED] = {"Reconstructed tiles", "Cartonașe reconstituite",
                               "Rekonstruované kartičky", "Реконструйовані плитки"},
    [TKIT_SW_POST_ROWS] = {"Post rows: how many spaces is our reconstruction;",
                           "Rândurile posturilor: numărul de spații este reconstituit de noi;",
                           "Hradby: počet políček je naše rekonstrukce;",
                           "Ряди постів: кількість клітинок — наша реконструкція;"},
    [TKIT_SW_POST_ROWS_2] = {"the rulebooks describe only the dark 3 and 5+ spaces.",
                             "regulile descriu numai spațiile întunecate 3 și 5+.",
                             "pravidla popisují jen tmavá políčka 3 a 5+.",
                             "правила описують лише темні клітинки 3 і 5+."},
    [TKIT_SW_SYMBOLS] = {"Symbols", "Simboluri", "Symboly", "Символи"},
    [TKIT_SW_R_MARKS] = {"R marks a reconstructed tile: its geometry is not certain.",
                         "R marchează un cartonaș reconstituit: geometria lui nu este sigură.",
                         "R značí rekonstruovanou kartičku: její tvar není jistý.",
                         "R позначає реконструйовану плитку: її геометрія не певна."},
    [TKIT_SW_SUMMARY] = {"Summary", "Rezumat", "Přehled", "Підсумок"},
    [TKIT_SW_SEED] = {"seed", "sămânța", "semínko", "зерно"},
    [TKIT_SW_PLACED] = {"placed", "așezate", "položeno", "викладено"},
    [TKIT_SW_DISCARDED] = {"discarded", "puse deoparte", "odloženo", "відкладено"},
    [TKIT_SW_DISCARDED_TITLE] = {"Discarded", "Puse deoparte", "Odložené", "Відкладені"},
};

/* Bit i of enum tkit_rules_flag: the rule module as the rulebooks name what it adds. */
static const char *const rules_words[][NL] = {
    {"river", "râu", "řeka", "річка"},
    {"bridges", "poduri", "mosty", "мости"},
    {"castles", "cetăți", "hrady", "замки"},
    {"barns", "hambare", "stodoly", "комори"},
    {"siege symbols", "simboluri de asediu", "symboly obléhání", "символи облоги"},
    {"fortress", "fortăreață", "pevnost", "фортеця"},
    {"besiegers", "asediatori", "obléhatelé", "облогові табори"},
    {"villages", "sate", "vesnice", "села"},
    {"escape through a city tile", "evadarea printr-un cartonaș cu oraș",
     "útěk přes kartičku s městem", "втеча через плитку з містом"},
};
_Static_assert(sizeof rules_words / sizeof rules_words[0] == 9, "one line per rules flag");

static const char *const group_words[TKIT_GROUP_COUNT][NL] = {
    [TKIT_GROUP_LAND] = {"land", "teren", "krajina", "суходіл"},
    [TKIT_GROUP_RIVER] = {"river", "râu", "řeka", "річка"},
    [TKIT_GROUP_FORTRESS] = {"fortress", "fortăreață", "pevnost", "фортеця"},
};

static const char *const token_words[TKIT_TOKEN_COUNT][NL] = {
    [TKIT_TOKEN_CASTLE] = {"castle", "cetate", "hrad", "замок"},
    [TKIT_TOKEN_BARN] = {"barn", "hambar", "stodola", "комора"},
    [TKIT_TOKEN_BRIDGE] = {"bridge", "pod", "most", "міст"},
    [TKIT_TOKEN_CATAPULT] = {"catapult", "catapultă", "katapult", "катапульта"},
    [TKIT_TOKEN_MEEPLE] = {"meeple", "meeple", "družiník", "підданий"},
    [TKIT_TOKEN_BIG_MEEPLE] = {"big meeple", "meeple mare", "velký družiník", "великий підданий"},
    [TKIT_TOKEN_PIG] = {"pig", "porc", "prase", "свиня"},
};

/* A manifest line's kind, followed by what it counts when it names one (after a colon). */
static const char *const expect_words[TKIT_EXPECT_COUNT][NL] = {
    [TKIT_EXPECT_TILES] = {"tiles", "cartonașe", "kartičky", "плитки"},
    [TKIT_EXPECT_TYPES] = {"tile types", "tipuri de cartonașe", "druhy kartiček", "типи плиток"},
    [TKIT_EXPECT_FEATURE] = {"features", "elemente", "prvky", "елементи"},
    [TKIT_EXPECT_ILLUSTRATION] = {"illustrations", "ilustrații", "ilustrace", "ілюстрації"},
    [TKIT_EXPECT_PENNANTS] = {"pennants", "steme", "erby", "герби"},
    [TKIT_EXPECT_SYMBOL_TILES] = {"tiles with symbols", "cartonașe cu simboluri",
                                  "kartičky se symboly", "плитки із символами"},
    [TKIT_EXPECT_SYMBOLS] = {"symbols", "simboluri", "symboly", "символи"},
    [TKIT_EXPECT_BESIEGED] = {"tiles with a besieged city", "cartonașe cu oraș asediat",
                              "kartičky s obléhaným městem", "плитки з містом в облозі"},
    [TKIT_EXPECT_PIECES] = {"pieces", "piese compuse", "vícedílné díly", "складені елементи"},
    [TKIT_EXPECT_POSTS] = {"defense posts", "posturi de apărare", "hradby", "аванпости"},
    [TKIT_EXPECT_FEATURE_TILES] = {"tiles showing", "cartonașe cu", "kartičky s prvkem",
                                   "плитки з елементом"},
};

/* The legend of the siege symbols: whose post each one names. */
static const char *const symbol_words[TKIT_POST_COUNT][NL] = {
    [TKIT_POST_KNIGHTS] = {"knights", "cavaleri", "rytíři", "лицарі"},
    [TKIT_POST_TRAVELERS] = {"travelers", "călători", "lupiči", "мандрівники"},
    [TKIT_POST_MONKS] = {"monks & abbots", "călugări și abați", "mniši a opati", "монахи й абати"},
    [TKIT_POST_ANY] = {"any post", "orice post de apărare", "libovolné hradby",
                       "будь-який аванпост"},
};

/* Road ends a manifest counts ("village ×4" in the rulebooks' lists); the others are features. */
static const char *const end_words[TKIT_END_OTHER + 1][NL] = {
    [TKIT_END_VILLAGE] = {"village", "sat", "vesnice", "село"},
    [TKIT_END_CROSSING] = {"crossing", "intersecție", "křižovatka", "перехрестя"},
    [TKIT_END_LAKE] = {"lake", "lac", "jezero", "озеро"},
    [TKIT_END_SOURCE] = {"source", "izvor", "pramen", "джерело"},
};

/* The illustrations by letter (model: G B T W E S C), as Castles & Bridges' tile list names them.
 */
static const struct {
        char letter;
        const char *w[NL];
} illus_words[] = {
    {'G', {"garden", "grădină", "zahrada", "сад"}},
    {'B', {"farmhouse", "gospodărie țărănească", "statek", "хутір"}},
    {'T', {"water tower", "turn de apă", "vodárna", "водонапірна вежа"}},
    {'W', {"robbers", "tâlhari", "loupežníci", "розбійники"}},
    {'E', {"donkey stable", "grajd pentru măgari", "stáj pro osly", "стайня для віслюків"}},
    {'S', {"pig stable", "grajd pentru porci", "chlívek pro prasata", "свинарник"}},
    {'C', {"cattle stable", "grajd pentru vite", "kravín", "корівник"}},
};

static enum tkit_lang lang_or_en(enum tkit_lang l)
{
        return (unsigned)l < NL ? l : TKIT_LANG_EN;
}

const char *tkit_text_sheet(enum tkit_lang l, enum tkit_sheet_word w)
{
        return (unsigned)w < TKIT_SW_COUNT ? sheet_words[w][lang_or_en(l)] : "?";
}

const char *tkit_text_rules_module(enum tkit_lang l, unsigned single_flag)
{
        for (unsigned i = 0; i < sizeof rules_words / sizeof rules_words[0]; i++)
                if (single_flag == 1u << i)
                        return rules_words[i][lang_or_en(l)];
        return "?";
}

const char *tkit_text_group(enum tkit_lang l, enum tkit_group g)
{
        return (unsigned)g < TKIT_GROUP_COUNT ? group_words[g][lang_or_en(l)] : "?";
}

const char *tkit_text_token(enum tkit_lang l, enum tkit_token_kind k)
{
        return (unsigned)k < TKIT_TOKEN_COUNT ? token_words[k][lang_or_en(l)] : "?";
}

const char *tkit_text_expect(enum tkit_lang l, enum tkit_expect_what w)
{
        return (unsigned)w < TKIT_EXPECT_COUNT ? expect_words[w][lang_or_en(l)] : "?";
}

const char *tkit_text_symbol(enum tkit_lang l, enum tkit_post p)
{
        return (unsigned)p < TKIT_POST_COUNT ? symbol_words[p][lang_or_en(l)] : "?";
}

const char *tkit_text_illustration(enum tkit_lang l, char letter)
{
        for (size_t i = 0; i < sizeof illus_words / sizeof illus_words[0]; i++)
                if (illus_words[i].letter == letter)
                        return illus_words[i].w[lang_or_en(l)];
        return NULL;
}

/* What a manifest line's `of` names, in the language: a feature kind, a road end, a post or an
 * illustration letter (the model's names for them); NULL when it is none of these, and the
 * caller prints the data's own word. */
const char *tkit_text_expect_of(enum tkit_lang l, enum tkit_expect_what w, const char *of)
{
        if (!of)
                return NULL;
        l = lang_or_en(l);
        if (w == TKIT_EXPECT_ILLUSTRATION)
                return of[0] && !of[1] ? tkit_text_illustration(l, of[0]) : NULL;
        if (w == TKIT_EXPECT_SYMBOLS) {
                int p = tkit_post_parse(of);
                return p >= 0 ? symbol_words[p][l] : NULL;
        }
        int k = tkit_feature_kind_parse(of);
        if (k >= 0)
                return tkit_text_feature(l, (enum tkit_feature_kind)k);
        int e = tkit_end_parse(of);
        if (e >= 0 && e <= TKIT_END_OTHER && end_words[e][l])
                return end_words[e][l];
        return NULL;
}

/* For the table test: every word of every table in `l`, NULL for a missing one (counted). */
size_t tkit_text_sheet_missing(enum tkit_lang l)
{
        size_t miss = 0;
        l = lang_or_en(l);
        for (int i = 0; i < TKIT_SW_COUNT; i++)
                miss += !sheet_words[i][l] || !*sheet_words[i][l];
        for (size_t i = 0; i < sizeof rules_words / sizeof rules_words[0]; i++)
                miss += !rules_words[i][l] || !*rules_words[i][l];
        for (int i = 0; i < TKIT_GROUP_COUNT; i++)
                miss += !group_words[i][l];
        for (int i = 0; i < TKIT_TOKEN_COUNT; i++)
                miss += !token_words[i][l];
        for (int i = 0; i < TKIT_EXPECT_COUNT; i++)
                miss += !expect_words[i][l];
        for (int i = 0; i < TKIT_POST_COUNT; i++)
                miss += !symbol_words[i][l];
        for (size_t i = 0; i < sizeof illus_words / sizeof illus_words[0]; i++)
                miss += !illus_words[i].w[l];
        static const enum tkit_end ends[] = {TKIT_END_VILLAGE, TKIT_END_CROSSING, TKIT_END_LAKE,
                                             TKIT_END_SOURCE};
        for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++)
                miss += !end_words[ends[i]][l];
        return miss;
}
