/* One sentence per engine event, in en ro cs uk: a template per kind of sentence and language, in
 * the third person and for the reader ("you": Romanian second person singular as the rulebook
 * addresses the player, Ukrainian "ви"; Czech tells its examples in the third person, see
 * tkit_text_to_reader), filled from the event's structure. */
#include "text-private.h"

#include <stdlib.h>
#include <string.h>

/* A sentence in each language: [lang][0] about a player, [lang][1] about the reader. Slots:
 * {P} the player as subject, {p} the same after a colon, {G} the player as possessor, {N} the
 * points, {W} what scored ("for" form and counts), {V} the feature as subject with its counts,
 * {X} "is completed", {R} the figure as subject, {A} the figure as object (Ukrainian), {D}
 * "removed", {K} the post, {Q} of the post, {L} at the post, {T} to the post, {C} which figure,
 * {Z} no figure, {m} meeples, {v} "go back", {n} a count, {s} "space/spaces", {H} the attack's
 * name, {F} " in the final scoring", {o} other maidens, {k} knights, {f} farmers. */
typedef const char *const sentence[NL][2];

static sentence score_feature = {
    {"{P} scores {N} for {W}{F}.", "You score {N} for {W}{F}."},
    {"{P} încasează {N} pentru {W}{F}.", "Încasezi {N} pentru {W}{F}."},
    {"{P} získá {N} za {W}{F}.", "Získáte {N} za {W}{F}."},
    {"{P} отримує {N} за {W}{F}.", "Ви отримуєте {N} за {W}{F}."},
};
static sentence score_post = {
    {"{H}: {p} scores {N} ({n} × 3) {L}.", "{H}: you score {N} ({n} × 3) {L}."},
    {"{H}: {p} încasează {n} × 3 = {N} {L}.", "{H}: încasezi {n} × 3 = {N} {L}."},
    {"{H}: {p} získá {N} ({n} × 3) {L}.", "{H}: získáte {N} ({n} × 3) {L}."},
    {"{H}: {p} отримує {N} ({n} × 3) {L}.", "{H}: ви отримуєте {N} ({n} × 3) {L}."},
};
static sentence score_barn = {
    {"{P} scores {N} for the barn: {f} on the board.",
     "You score {N} for the barn: {f} on the board."},
    {"{P} încasează {N} pentru hambar: {f} pe suprafața de joc.",
     "Încasezi {N} pentru hambar: {f} pe suprafața de joc."},
    {"{P} získá {N} za stodolu: {f} na herním plánu.",
     "Získáte {N} za stodolu: {f} na herním plánu."},
    {"{P} отримує {N} за комору: {f} на ігровому полі.",
     "Ви отримуєте {N} за комору: {f} на ігровому полі."},
};
static sentence score_maiden = {
    {"{P} takes a maiden back and scores {N}: 1 for her, {o}, {k}.",
     "You take a maiden back and score {N}: 1 for her, {o}, {k}."},
    /* ro, cs: "pentru" and "za" govern the accusative, which the counted nouns ({o}, {k}) are
     * not in: they stand as a count in brackets after the rule, in the nominative */
    {"{P} își ia domnița înapoi și încasează {N}: 1 pentru ea și câte 1 pentru fiecare altă "
     "domniță și fiecare cavaler ({o}, {k}).",
     "Îți iei domnița înapoi și încasezi {N}: 1 pentru ea și câte 1 pentru fiecare altă domniță "
     "și fiecare cavaler ({o}, {k})."},
    {"{P} si vezme dvorní dámu zpět a získá {N}: 1 za ni a po 1 za každou další dvorní dámu a "
     "každého rytíře ({o}, {k}).",
     "Vezmete si dvorní dámu zpět a získáte {N}: 1 za ni a po 1 za každou další dvorní dámu a "
     "každého rytíře ({o}, {k})."},
    {"{P} забирає панну й отримує {N}: 1 за неї, {o}, {k}.",
     "Ви забираєте панну й отримуєте {N}: 1 за неї, {o}, {k}."},
};
static sentence score_abbot = {
    {"{P} takes the abbot back and scores {N} for {W}.",
     "You take the abbot back and score {N} for {W}."},
    {"{P} își retrage abatele și încasează {N} pentru {W}.",
     "Îți retragi abatele și încasezi {N} pentru {W}."},
    {"{P} si vezme opata zpět a získá {N} za {W}.", "Vezmete si opata zpět a získáte {N} za {W}."},
    {"{P} забирає абата й отримує {N} за {W}.", "Ви забираєте абата й отримуєте {N} за {W}."},
};
static sentence complete = {
    {"{V} {X}.", "{V} {X}."},
    {"{V} {X}.", "{V} {X}."},
    {"{V} {X}.", "{V} {X}."},
    {"{V} {X}.", "{V} {X}."},
};
static const char *const nobody[NL] = {
    " No figure stands on it.",
    " Niciun meeple nu se află acolo.",
    " Nestojí tam žádná figurka.",
    " Там немає жодної фігурки.",
};
static sentence return_figure = {
    {"{R} goes back to {G} supply.", "{R} goes back to your supply."},
    {"{R} se întoarce în rezerva {G}.", "{R} se întoarce în rezerva ta."},
    {"{R} se vrací do zásoby {G}.", "{R} se vrací do vaší zásoby."},
    {"{R} повертається до запасу {G}.", "{R} повертається до вашого запасу."},
};
static sentence escaped = {
    {"{R} escapes from the besieged city and goes back to {G} supply.",
     "{R} escapes from the besieged city and goes back to your supply."},
    {"{R} evadează din orașul asediat și se întoarce în rezerva {G}.",
     "{R} evadează din orașul asediat și se întoarce în rezerva ta."},
    {"{R} uteče z obléhaného města a vrací se do zásoby {G}.",
     "{R} uteče z obléhaného města a vrací se do vaší zásoby."},
    {"{R} тікає з міста в облозі й повертається до запасу {G}.",
     "{R} тікає з міста в облозі й повертається до вашого запасу."},
};
static sentence return_post = {
    {"{m} from the {K} {v} to {G} supply.", "{m} from the {K} {v} to your supply."},
    {"{m} de la {K} {v} în rezerva {G}.", "{m} de la {K} {v} în rezerva ta."},
    {"{m} z {Q} {v} do zásoby {G}.", "{m} z {Q} {v} do vaší zásoby."},
    {"{m} з {Q} {v} до запасу {G}.", "{m} з {Q} {v} до вашого запасу."},
};
static sentence removed = {
    {"{R} is removed from the board and goes back to {G} supply.",
     "{R} is removed from the board and goes back to your supply."},
    {"{R} este {D} de pe suprafața de joc și se întoarce în rezerva {G}.",
     "{R} este {D} de pe suprafața de joc și se întoarce în rezerva ta."},
    {"{R} je {D} z herního plánu a vrací se do zásoby {G}.",
     "{R} je {D} z herního plánu a vrací se do vaší zásoby."},
    {"{A} знято з ігрового поля й повернуто до запасу {G}.",
     "{A} знято з ігрового поля й повернуто до вашого запасу."},
};
static sentence build_bridge = {
    {"{P} builds a bridge on the tile.", "You build a bridge on the tile."},
    {"{P} construiește un pod pe cartonaș.", "Construiești un pod pe cartonaș."},
    {"{P} postaví most na kartičce.", "Postavíte most na kartičce."},
    {"{P} будує міст на плитці.", "Ви будуєте міст на плитці."},
};
static sentence build_castle = {
    {"{P} builds a castle on the completed city.", "You build a castle on the completed city."},
    {"{P} construiește o cetate pe orașul finalizat.",
     "Construiești o cetate pe orașul finalizat."},
    {"{P} postaví hrad na uzavřeném městě.", "Postavíte hrad na uzavřeném městě."},
    {"{P} будує замок на завершеному місті.", "Ви будуєте замок на завершеному місті."},
};
static sentence build_barn = {
    {"{P} builds a barn where four field corners meet.",
     "You build a barn where four field corners meet."},
    {"{P} construiește un hambar în punctul unde se ating cele 4 colțuri de câmp.",
     "Construiești un hambar în punctul unde se ating cele 4 colțuri de câmp."},
    {"{P} postaví stodolu v bodě, kde se stýkají 4 rohy louky.",
     "Postavíte stodolu v bodě, kde se stýkají 4 rohy louky."},
    {"{P} будує комору в точці, де сходяться 4 кути поля.",
     "Ви будуєте комору в точці, де сходяться 4 кути поля."},
};
static sentence to_maiden = {
    {"{G} knight becomes a maiden on the castle.", "Your knight becomes a maiden on the castle."},
    {"Cavalerul {G} devine domniță pe cetate.", "Cavalerul tău devine domniță pe cetate."},
    {"Rytíř {G} se stává dvorní dámou na hradu.", "Váš rytíř se stává dvorní dámou na hradu."},
    {"Лицар {G} стає панною в замку.", "Ваш лицар стає панною в замку."},
};
static sentence to_barn = {
    {"{G} farmer moves onto the barn.", "Your farmer moves onto the barn."},
    {"Fermierul {G} se mută pe hambar.", "Fermierul tău se mută pe hambar."},
    {"Sedlák {G} přechází na stodolu.", "Váš sedlák přechází na stodolu."},
    {"Селянин {G} переходить на комору.", "Ваш селянин переходить на комору."},
};
static sentence advance = {
    {"A catapult is placed on the catapult space of the {K}.",
     "A catapult is placed on the catapult space of the {K}."},
    {"O catapultă este plasată pe spațiul de catapultă al {Q}.",
     "O catapultă este plasată pe spațiul de catapultă al {Q}."},
    {"Katapult je umístěn na políčko pro katapult u {Q}.",
     "Katapult je umístěn na políčko pro katapult u {Q}."},
    {"Катапульту поставлено в комірку катапульти {Q}.",
     "Катапульту поставлено в комірку катапульти {Q}."},
};
static sentence catapult_off = {
    {"The catapult of the {K} is removed.", "The catapult of the {K} is removed."},
    {"Catapulta {Q} este îndepărtată.", "Catapulta {Q} este îndepărtată."},
    {"Katapult u {Q} je odstraněn.", "Katapult u {Q} je odstraněn."},
    {"Катапульту {Q} прибрано.", "Катапульту {Q} прибрано."},
};
static sentence attack = {
    {"The catapult space of the {K} is already taken: the post is attacked.",
     "The catapult space of the {K} is already taken: the post is attacked."},
    {"Spațiul de catapultă al {Q} este deja ocupat: postul de apărare este atacat.",
     "Spațiul de catapultă al {Q} este deja ocupat: postul de apărare este atacat."},
    {"Políčko pro katapult u {Q} je už obsazené: útok na {K}.",
     "Políčko pro katapult u {Q} je už obsazené: útok na {K}."},
    {"Комірка катапульти {Q} уже зайнята: аванпост атакують.",
     "Комірка катапульти {Q} уже зайнята: аванпост атакують."},
};
static sentence counterattack = {
    {"{P} takes the last free row space of the {K} and triggers a counterattack.",
     "You take the last free row space of the {K} and trigger a counterattack."},
    {"{P} ocupă ultimul spațiu liber din rândul {Q} și declanșează un contraatac.",
     "Ocupi ultimul spațiu liber din rândul {Q} și declanșezi un contraatac."},
    {"{P} obsadí poslední volné políčko {Q} a vyvolá protiútok.",
     "Obsadíte poslední volné políčko {Q} a vyvoláte protiútok."},
    {"{P} займає останню вільну комірку в ряду {Q} і активує контратаку.",
     "Ви займаєте останню вільну комірку в ряду {Q} і активуєте контратаку."},
};
static sentence post_row = {
    {"{P} adds a meeple to the row of the {K} (space {s}).",
     "You add a meeple to the row of the {K} (space {s})."},
    {"{P} plasează un meeple în rândul {Q} (spațiul {s}).",
     "Plasezi un meeple în rândul {Q} (spațiul {s})."},
    {"{P} umístí družiníka na {K} (políčko {s}).", "Umístíte družiníka na {K} (políčko {s})."},
    {"{P} розміщує підданого в ряду {Q} (комірка {s}).",
     "Ви розміщуєте підданого в ряду {Q} (комірка {s})."},
};
static sentence post_stack = {
    {"{P} adds a meeple to the meeple space of the {K}.",
     "You add a meeple to the meeple space of the {K}."},
    {"{P} plasează un meeple pe spațiul meeple al {Q}.",
     "Plasezi un meeple pe spațiul meeple al {Q}."},
    {"{P} položí družiníka na políčko pro sedláky u {Q}.",
     "Položíte družiníka na políčko pro sedláky u {Q}."},
    {"{P} розміщує підданого в комірці підданого {Q}.",
     "Ви розміщуєте підданого в комірці підданого {Q}."},
};
static sentence choice = {
    {"{P} has no meeple {L} and must choose which {C} to remove ({n} on the board).",
     "You have no meeple {L} and must choose which {C} to remove ({n} on the board)."},
    {"{P} nu are niciun meeple {L} și trebuie să aleagă ce {C} îndepărtează ({n} pe suprafața "
     "de joc).",
     "Nu ai niciun meeple {L} și trebuie să alegi ce {C} îndepărtezi ({n} pe suprafața de "
     "joc)."},
    {"{P} nemá {L} žádného družiníka a musí si vybrat, kterého {C} odstraní ({n} na herním "
     "plánu).",
     "Nemáte {L} žádného družiníka a musíte si vybrat, kterého {C} odstraníte ({n} na herním "
     "plánu)."},
    {"{P} не має підданих {L} і має вибрати, якого {C} прибрати ({n} на ігровому полі).",
     "Ви не маєте підданих {L} і маєте вибрати, якого {C} прибрати ({n} на ігровому полі)."},
};
static sentence spared = {
    {"{P} has no meeple {L} and no {Z} on the board: nothing is removed.",
     "You have no meeple {L} and no {Z} on the board: nothing is removed."},
    {"{P} nu are niciun meeple {L} și niciun {Z} pe suprafața de joc: nu îndepărtează nimic.",
     "Nu ai niciun meeple {L} și niciun {Z} pe suprafața de joc: nu îndepărtezi nimic."},
    {"{P} nemá {L} žádného družiníka ani na herním plánu žádného {Z}: nemusí dělat nic.",
     "Nemáte {L} žádného družiníka ani na herním plánu žádného {Z}: nemusíte dělat nic."},
    {"{P} не має підданих {L} і {Z} на ігровому полі: нічого не прибирає.",
     "Ви не маєте підданих {L} і {Z} на ігровому полі: нічого не прибираєте."},
};

/* Refusals are about the rule, not a person: one sentence per language. */
static const char *const refusals[TKIT_REFUSE_COUNT][NL] = {
    [TKIT_REFUSE_NONE] = {"", "", "", ""},
    [TKIT_REFUSE_CASTLE_NOT_TWO] =
        {"No castle: the city is not a completed city of exactly two tiles.",
         "Nu se construiește nicio cetate: orașul nu este un oraș finalizat ce constă din exact "
         "2 segmente de oraș.",
         "Hrad postavit nelze: město není uzavřené město z přesně 2 kartiček.",
         "Замок збудувати не можна: місто не є завершеним містом рівно з 2 плиток."},
    [TKIT_REFUSE_CASTLE_FIGURE] =
        {"No castle: a figure other than a normal meeple stands in the city.",
         "Nu se construiește nicio cetate: în oraș se află un pion altul decât un meeple "
         "obișnuit.",
         "Hrad postavit nelze: ve městě stojí jiná figurka než standardní družiník.",
         "Замок збудувати не можна: у місті стоїть фігурка, що не є звичайним підданим."},
    [TKIT_REFUSE_BARN_NOT_FOUR] =
        {"No barn: four tiles do not meet at the point.",
         "Nu se construiește niciun hambar: în punct nu se ating 4 cartonașe.",
         "Stodolu postavit nelze: v bodě se nestýkají 4 kartičky.",
         "Комору збудувати не можна: у точці не сходяться 4 плитки."},
    [TKIT_REFUSE_BARN_NOT_FIELD] =
        {"No barn: a corner at the point is not field only (a city wall).",
         "Nu se construiește niciun hambar: un colț din punct nu prezintă numai câmp (un zid de "
         "oraș).",
         "Stodolu postavit nelze: jeden z rohů v bodě není jen louka (hradba města).",
         "Комору збудувати не можна: один із кутів у точці не є лише полем (міська стіна)."},
    [TKIT_REFUSE_BARN_NOT_PLACED] =
        {"No barn: the placed tile is not one of the four at the point.",
         "Nu se construiește niciun hambar: cartonașul plasat nu este unul dintre cele 4 din "
         "punct.",
         "Stodolu postavit nelze: přiložená kartička není jednou ze 4 kartiček v bodě.",
         "Комору збудувати не можна: викладена плитка не є однією з 4 плиток у точці."},
    [TKIT_REFUSE_BARN_TAKEN] =
        {"No barn: a barn stands on that point already.",
         "Nu se construiește niciun hambar: în acel punct se află deja un hambar.",
         "Stodolu postavit nelze: v tom bodě už stodola stojí.",
         "Комору збудувати не можна: у цій точці вже стоїть комора."},
    [TKIT_REFUSE_BARN_NO_FARMER] =
        {"No barn: the builder has no farmer on that field who is not on a barn yet.",
         "Nu se construiește niciun hambar: pe acel câmp nu se află niciun fermier al "
         "constructorului care să nu fi fost mutat deja pe un hambar.",
         "Stodolu postavit nelze: stavitel nemá na té louce žádného sedláka, který by ještě "
         "nebyl na stodole.",
         "Комору збудувати не можна: на цьому полі немає селянина будівника, який ще не стоїть "
         "на коморі."},
    [TKIT_REFUSE_ESCAPE_NOT_BESIEGED] = {"No escape: the knight's city is not besieged.",
                                         "Nicio evadare: orașul cavalerului nu este asediat.",
                                         "Útěk není možný: rytířovo město není obléhané.",
                                         "Втеча неможлива: місто лицаря не в облозі."},
    [TKIT_REFUSE_ESCAPE_COMPLETE] = {"No escape: the knight's city is completed.",
                                     "Nicio evadare: orașul cavalerului este finalizat.",
                                     "Útěk není možný: rytířovo město je uzavřené.",
                                     "Втеча неможлива: місто лицаря завершене."},
    [TKIT_REFUSE_ESCAPE_NO_CLOISTER] =
        {"No escape: no cloister touches a besieger tile of the city.",
         "Nicio evadare: nicio mănăstire nu se învecinează cu un cartonaș asediator al "
         "orașului.",
         "Útěk není možný: žádný klášter nesousedí s kartičkou dobyvatelů tohoto města.",
         "Втеча неможлива: жоден монастир не межує з плиткою облоги цього міста."},
    [TKIT_REFUSE_NO_CATAPULT] = {"No catapult is left in the supply for the {K}.",
                                 "Nu a mai rămas nicio catapultă în rezervă pentru {K}.",
                                 "V zásobě nezbyl žádný katapult pro {K}.",
                                 "У запасі не залишилося катапульти для {Q}."},
};
/* The Rio Grande variant's escape refusal: any tile of the city would do. */
static const char *const no_cloister_any[NL] = {
    "No escape: no cloister touches a tile of the city.",
    "Nicio evadare: nicio mănăstire nu se învecinează cu un cartonaș al orașului.",
    "Útěk není možný: žádný klášter nesousedí s žádnou kartičkou tohoto města.",
    "Втеча неможлива: жоден монастир не межує з жодною плиткою цього міста.",
};

static const char *const attacks[3][NL] = {
    {"Attack", "Atac", "Útok", "Атака"},
    {"Counterattack", "Contraatac", "Protiútok", "Контратака"},
    {"Final counterattack", "Contraatac final", "Poslední protiútok", "Фінальна контратака"},
};
static const char *const final_suffix[NL] = {
    " in the final scoring",
    " la evaluarea finală",
    " při závěrečném vyhodnocení",
    " під час підсумкового підрахунку очок",
};
static const char *const flags[4][NL] = {
    {"inn", "han", "hostinec", "корчма"},
    {"cathedral", "catedrală", "katedrála", "собор"},
    {"besieged", "asediat", "obléhané", "в облозі"},
    {"pig", "porc", "prase", "свиня"},
};

/* ---------------------------------------------------------------- building a sentence */

struct slots {
        const char *v[128];
        char *own[16]; /* strings made for this sentence, freed after */
        size_t nown;
};

static const char *keep(struct slots *s, char *str)
{
        s->own[s->nown++] = str;
        return str;
}

static void slots_free(struct slots *s)
{
        for (size_t i = 0; i < s->nown; i++)
                free(s->own[i]);
}

void tkit_t_fill(struct tkit_buf *b, const char *tpl, const char *const v[128])
{
        for (const char *p = tpl; *p; p++) {
                if (p[0] == '{' && p[1] && p[2] == '}' && (unsigned char)p[1] < 128) {
                        const char *x = v[(unsigned char)p[1]];
                        tkit_buf_puts(b, x ? x : "?");
                        p += 2;
                } else {
                        tkit_buf_add(b, p, 1);
                }
        }
}

/* "(3 tiles, 1 bridge, inn)": what a feature's value counts. */
static void counts(struct tkit_buf *b, const struct tkit_game_event *e, enum tkit_lang l)
{
        const struct tkit_game_counts *n = &e->n;
        size_t start = b->len;
        switch (e->feature_kind) {
        case TKIT_ROAD:
                tkit_t_counted(b, l, N_TILE, n->tiles);
                if (n->bridges) {
                        tkit_buf_puts(b, ", ");
                        tkit_t_counted(b, l, N_BRIDGE, n->bridges);
                }
                break;
        case TKIT_CITY:
                tkit_t_counted(b, l, N_TILE, n->tiles);
                if (n->pennants) {
                        tkit_buf_puts(b, ", ");
                        tkit_t_counted(b, l, N_PENNANT, n->pennants);
                }
                break;
        case TKIT_CLOISTER:
        case TKIT_GARDEN:
                tkit_t_counted(b, l, N_AROUND, n->neighbours);
                break;
        case TKIT_FIELD:
                tkit_t_counted(b, l, N_CITY_DONE, n->cities);
                if (n->besieged) {
                        tkit_buf_puts(b, ", ");
                        tkit_t_counted(b, l, N_BESIEGED, n->besieged);
                }
                break;
        default:
                break;
        }
        bool on[4] = {e->inn, e->cathedral, e->besieged && e->feature_kind == TKIT_CITY, e->pig};
        for (int i = 0; i < 4; i++)
                if (on[i])
                        tkit_buf_printf(b, "%s%s", b->len > start ? ", " : "", flags[i][l]);
}

/* The feature with its counts, after "for" ({W}) or as a subject ({V}). */
static char *feature_phrase(const struct tkit_game_event *e, enum tkit_lang l, bool subject)
{
        const struct tkit_t_feature *f = tkit_t_feature(l, e->feature_kind);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, subject ? f->subject : f->object);
        tkit_buf_puts(&b, " (");
        size_t at = b.len;
        counts(&b, e, l);
        if (b.len == at)
                b.len -= 2, b.data[b.len] = 0; /* nothing counted: no brackets */
        else
                tkit_buf_puts(&b, ")");
        return tkit_buf_steal(&b);
}

static int colour_of(const struct tkit_scene *s, int p)
{
        return p >= 0 && (size_t)p < s->nplayers ? tkit_colour_parse(s->players[p].colour) : -1;
}

bool tkit_text_is_you(const struct tkit_scene *s, int p)
{
        return p >= 0 && (size_t)p < s->nplayers && s->players[p].id &&
               strcmp(s->players[p].id, "you") == 0;
}

bool tkit_text_to_reader(const struct tkit_scene *s, int p, enum tkit_lang l)
{
        return l != TKIT_LANG_CS && tkit_text_is_you(s, p);
}

static const char *const nobody_subject[NL] = {"Nobody", "Nimeni", "Nikdo", "Ніхто"};
static const char *const you_subject[NL] = {"You", "Tu", "Vy", "Ви"};

/* The player as a subject: sentence-initial (`upper`) or after a colon. */
static char *player_subject(const struct tkit_scene *s, int p, enum tkit_lang l, bool upper)
{
        if (p < 0 || (size_t)p >= s->nplayers)
                return tkit_xstrdup(nobody_subject[l]);
        int c = colour_of(s, p);
        switch (l) {
        case TKIT_LANG_RO:
                return tkit_xasprintf("%s %s", upper ? "Jucătorul" : "jucătorul",
                                      tkit_t_colour_adj(l, c));
        case TKIT_LANG_CS:
                return tkit_xasprintf("%s hráč",
                                      upper ? tkit_text_colour(l, c) : tkit_t_colour_adj(l, c));
        case TKIT_LANG_UK:
                return tkit_xasprintf("%s гравець",
                                      upper ? tkit_text_colour(l, c) : tkit_t_colour_adj(l, c));
        default:
                return tkit_xstrdup(tkit_text_colour(l, c));
        }
}

char *tkit_text_player(const struct tkit_scene *s, int p, enum tkit_lang l)
{
        l = (unsigned)l < NL ? l : TKIT_LANG_EN;
        return tkit_text_to_reader(s, p, l) ? tkit_xstrdup(you_subject[l])
                                      : player_subject(s, p, l, true);
}

/* "Blue's", "jucătorului albastru", "modrého hráče", "синього гравця". */
static char *player_possessor(const struct tkit_scene *s, int p, enum tkit_lang l)
{
        int c = colour_of(s, p);
        switch (l) {
        case TKIT_LANG_RO:
                return tkit_xasprintf("jucătorului %s", tkit_t_colour_gen(l, c));
        case TKIT_LANG_CS:
                return tkit_xasprintf("%s hráče", tkit_t_colour_gen(l, c));
        case TKIT_LANG_UK:
                return tkit_xasprintf("%s гравця", tkit_t_colour_gen(l, c));
        default:
                return tkit_xasprintf("%s's", tkit_text_colour(l, c));
        }
}

static void set_player(struct slots *v, const struct tkit_scene *s, int p, enum tkit_lang l)
{
        v->v['P'] = keep(v, player_subject(s, p, l, true));
        v->v['p'] = keep(v, player_subject(s, p, l, false));
        v->v['G'] = keep(v, player_possessor(s, p, l));
}

static void set_post(struct slots *v, int post, enum tkit_lang l)
{
        const struct tkit_t_post *t = tkit_t_post(l, post);
        v->v['K'] = t->nom;
        v->v['Q'] = t->gen;
        v->v['L'] = t->at;
        v->v['T'] = t->to;
        v->v['C'] = t->which;
        v->v['Z'] = t->none;
}

static char *counted(enum tkit_lang l, enum tkit_t_noun noun, int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_t_counted(&b, l, noun, n);
        return tkit_buf_steal(&b);
}

/* The sentence a score event takes, with its slots. */
static sentence *score_sentence(const struct tkit_game_event *e, struct slots *v, enum tkit_lang l)
{
        switch (e->rule) {
        case TKIT_GR_ATTACK:
        case TKIT_GR_COUNTERATTACK:
        case TKIT_GR_FINAL_COUNTERATTACK:
                v->v['H'] = attacks[e->rule == TKIT_GR_ATTACK          ? 0
                                    : e->rule == TKIT_GR_COUNTERATTACK ? 1
                                                                       : 2][l];
                v->v['n'] = keep(v, tkit_xasprintf("%d", e->n.meeples));
                return &score_post;
        case TKIT_GR_BARN_SCORE:
                v->v['f'] = keep(v, counted(l, N_FARMER, e->n.farmers));
                return &score_barn;
        case TKIT_GR_MAIDEN_TAKE:
                v->v['o'] = keep(v, counted(l, N_OTHER_MAIDEN, e->n.maidens));
                v->v['k'] = keep(v, counted(l, N_KNIGHT, e->n.knights));
                return &score_maiden;
        case TKIT_GR_ABBOT_RECALL:
                return &score_abbot;
        default:
                v->v['F'] = e->phase == TKIT_PHASE_FINAL ? final_suffix[l] : "";
                return &score_feature;
        }
}

static sentence *build_sentence(const struct tkit_game_event *e)
{
        switch (e->build) {
        case TKIT_BUILD_CASTLE:
                return &build_castle;
        case TKIT_BUILD_BARN:
                return &build_barn;
        default:
                return &build_bridge;
        }
}

/* The figure an event is about, as subject and object. */
static void set_figure(struct slots *v, const struct tkit_game_event *e, enum tkit_lang l)
{
        const struct tkit_t_role *r =
            tkit_t_role(l, tkit_t_role_of(e->figure_kind, e->feature_kind, e->at));
        v->v['R'] = r->subject;
        v->v['A'] = r->object;
        v->v['D'] = r->removed;
}

/* The sentence of a figure or the meeples of a post going back. */
static sentence *return_sentence(const struct tkit_game_event *e, struct slots *v, enum tkit_lang l)
{
        if (e->post >= 0) {
                v->v['m'] = keep(v, counted(l, N_MEEPLE, e->n.meeples));
                v->v['v'] = tkit_t_form(l, N_GO_BACK, e->n.meeples);
                return &return_post;
        }
        return e->rule == TKIT_GR_ESCAPE ? &escaped : &return_figure;
}

static sentence *sentence_of(const struct tkit_game_event *e, struct slots *v, enum tkit_lang l)
{
        switch (e->kind) {
        case TKIT_EV_SCORE:
                return score_sentence(e, v, l);
        case TKIT_EV_COMPLETE:
                return &complete;
        case TKIT_EV_RETURN:
                return return_sentence(e, v, l);
        case TKIT_EV_REMOVE:
                return &removed;
        case TKIT_EV_BUILD:
                return build_sentence(e);
        case TKIT_EV_CONVERT:
                return e->at == TKIT_AT_BARN ? &to_barn : &to_maiden;
        case TKIT_EV_ADVANCE:
                return &advance;
        case TKIT_EV_CATAPULT_OFF:
                return &catapult_off;
        case TKIT_EV_ATTACK:
                return &attack;
        case TKIT_EV_COUNTERATTACK:
                return &counterattack;
        case TKIT_EV_POST:
                v->v['s'] = keep(v, tkit_xasprintf("%d/%d", e->n.space, e->n.spaces));
                return e->stack ? &post_stack : &post_row;
        case TKIT_EV_CHOICE:
                v->v['n'] = keep(v, tkit_xasprintf("%d", e->n.choices));
                return &choice;
        case TKIT_EV_SPARED:
                return &spared;
        default:
                return NULL;
        }
}

static char *refusal(const struct tkit_game_event *e, struct slots *v, enum tkit_lang l)
{
        const char *tpl = (unsigned)e->reason < TKIT_REFUSE_COUNT ? refusals[e->reason][l] : "?";
        if (e->reason == TKIT_REFUSE_ESCAPE_NO_CLOISTER && e->any_tile)
                tpl = no_cloister_any[l];
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_t_fill(&b, tpl, v->v);
        return tkit_buf_steal(&b);
}

char *tkit_text_event(const struct tkit_scene *s, const struct tkit_game_event *e, enum tkit_lang l)
{
        l = (unsigned)l < NL ? l : TKIT_LANG_EN;
        struct slots v;
        memset(&v, 0, sizeof v);
        set_player(&v, s, e->player, l);
        set_post(&v, e->post, l);
        set_figure(&v, e, l);
        v.v['N'] = keep(&v, tkit_text_points(l, e->points));
        v.v['W'] = keep(&v, feature_phrase(e, l, false));
        v.v['V'] = keep(&v, feature_phrase(e, l, true));
        v.v['X'] = tkit_t_feature(l, e->feature_kind)->done;
        v.v['F'] = "";
        char *out;
        if (e->kind == TKIT_EV_REFUSE) {
                out = refusal(e, &v, l);
        } else {
                sentence *st = sentence_of(e, &v, l);
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_t_fill(&b, st ? (*st)[l][tkit_text_to_reader(s, e->player, l)] : "?", v.v);
                if (e->kind == TKIT_EV_COMPLETE && e->nobody)
                        tkit_buf_puts(&b, nobody[l]);
                out = tkit_buf_steal(&b);
        }
        slots_free(&v);
        return out;
}
