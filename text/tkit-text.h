/*
 * tilekit — every sentence and term a reader sees about the game, in English, Romanian, Czech and
 * Ukrainian: the events of the rules engine (game/tkit-event.h) as sentences, the legend's lines
 * (players, their letters), the names of features, figures, defense posts and tokens, and the
 * check that a scene's own texts (captions, callouts) exist in every language. The words are the
 * rulebooks' (docs/glossary.md gives the source of each term); the grammar of the player called
 * "you" (the reader, as the rulebooks' examples say) is this module's business: the engine only
 * says which player. Depends on model/ only.
 *
 * Memory: functions returning `char *` give a string the caller frees; `const char *` results are
 * static.
 */
#ifndef TKIT_TEXT_H
#define TKIT_TEXT_H

#include "game/tkit-event.h"
#include "model/tkit-model.h"
#include "model/tkit-scene.h"

enum tkit_lang { TKIT_LANG_EN = 0, TKIT_LANG_RO, TKIT_LANG_CS, TKIT_LANG_UK, TKIT_LANG_COUNT };
/* "en" "ro" "cs" "uk"; parse gives -1 for anything else. */
const char *tkit_lang_name(enum tkit_lang l);
int tkit_lang_parse(const char *s);
/* "en, ro, cs, uk": the choices, for messages. */
const char *tkit_lang_choices(void);

/* ---------------------------------------------------------------- players */

/* The colour as a name ("Blue", "Albastru", "Modrý", "Синій"); "?" for an unknown colour. */
const char *tkit_text_colour(enum tkit_lang l, int colour);
/* The letter printed on a player's figures for greyscale print, in the language's colour words
 * (UTF-8, one or two letters; distinct over all colours of a language): "B", "A", "M", "С". */
const char *tkit_text_player_letter(enum tkit_lang l, int colour);
/* Whether the scene's player `p` is the reader ("you" in the rulebooks' examples). */
bool tkit_text_is_you(const struct tkit_scene *s, int p);
/* Whether the sentences about player p address the reader: the player "you", except in Czech,
 * whose rulebook tells its examples in the third person ("Červený hráč získá 12 bodů", while its
 * rules say "vy"): a picture's legend reads as the example beside it. */
bool tkit_text_to_reader(const struct tkit_scene *s, int p, enum tkit_lang l);
/* How a sentence names player `p` as its subject: "Blue", "Jucătorul albastru", "Modrý hráč",
 * "Синій гравець"; for the reader "You", "Tu", "Vy", "Ви"; "Nobody" ... for -1. */
char *tkit_text_player(const struct tkit_scene *s, int p, enum tkit_lang l);
/* The legend's first line: "Players: you (Red, R), Blue (B)"; NULL for a scene without players. */
char *tkit_text_players_line(const struct tkit_scene *s, enum tkit_lang l);
/* One player of that line, as a picture's key names them beside a figure of theirs: "you (Red, R)",
 * "Blue (B)"; without the letter ("you (Red)", "Blue") where the figures carry greyscale patterns
 * instead of letters, so that the key says what the figures show. "?" for an unknown player. */
char *tkit_text_player_key(const struct tkit_scene *s, int p, enum tkit_lang l, bool letter);

/* ---------------------------------------------------------------- terms */

/* The noun of a feature kind, lower case: "road", "drum", "cesta", "дорога". */
const char *tkit_text_feature(enum tkit_lang l, enum tkit_feature_kind k);
/* A defense post: "knights post", "postul de apărare al cavalerilor", "hradby rytířů",
 * "аванпост лицарів" (tkit_post values; "?" for others). */
const char *tkit_text_post(enum tkit_lang l, int post);
/* What a figure is called where it stands: a meeple on a city is a knight, on a road a traveler,
 * on a field a farmer, on a cloister a monk; on a castle a maiden; other kinds by their kind.
 * Lower case: "traveler", "călător", "lupič", "мандрівник". */
const char *tkit_text_figure(enum tkit_lang l, enum tkit_figure_kind k, enum tkit_feature_kind on,
                             enum tkit_figure_at at);
/* "6 points", "6 puncte", "6 bodů", "6 очок" (the plural each language takes after n). */
char *tkit_text_points(enum tkit_lang l, int n);
/* n and a noun named by its English singular in the language's form after n: ("meeple", 2) is
 * "2 meeples", "2 meepleși", "2 družiníci", "2 піддані"; "city" is a completed city. NULL when
 * `noun` is not one of tkit_text_counted_nouns(). The caller frees it. */
char *tkit_text_counted(enum tkit_lang l, const char *noun, long n);
const char *tkit_text_counted_nouns(void); /* "point, tile, ...": for messages and docs */

/* The fixed words of a scene picture. */
enum tkit_text_term {
        TKIT_TERM_PLAYERS = 0, /* "Players" */
        TKIT_TERM_FINAL,       /* "final scoring" */
        /* the key of a picture's marks */
        TKIT_TERM_TILE_PLACED, /* "tile placed": its frame */
        TKIT_TERM_NEW,         /* "new this turn": the ring around what the move adds */
        TKIT_TERM_RETURNED,    /* "goes back to the supply": a figure or meeple that leaves */
        TKIT_TERM_REMOVED,     /* "removed from the board": by an attack; a catapult removed */
        TKIT_TERM_CHOICE,      /* the "?" ring: the player removes one of the figures ringed */
        TKIT_TERM_MOVED,       /* the arrow from a faint figure: it moves there */
        TKIT_TERM_ADVANCE,     /* the arrow from a siege symbol: a catapult goes there */
        TKIT_TERM_COUNT
};
const char *tkit_text_term(enum tkit_lang l, enum tkit_text_term t);

/* ---------------------------------------------------------------- events */

/* One sentence for event `e` of scene `s`'s move, in `l`: "Blue scores 6 points for the road
 * (3 tiles, 1 bridge)." Every event kind has one. */
char *tkit_text_event(const struct tkit_scene *s, const struct tkit_game_event *e,
                      enum tkit_lang l);

/* ---------------------------------------------------------------- a scene's own texts */

/* The caption (or a callout's text) in exactly `l`; NULL when the scene has none in `l` (no
 * fallback: a missing translation is an error, tkit_text_check_scene). */
const char *tkit_text_caption(const struct tkit_scene *s, enum tkit_lang l);
const char *tkit_text_callout(const struct tkit_scene_callout *c, enum tkit_lang l);
/* Reports each caption and callout text of `s` missing in `l` (or, with l < 0, in any of the four
 * languages) while another language has it: rule SCENE-TRANSLATION at the element's line. Returns
 * the number of errors added. */
size_t tkit_text_check_scene(const struct tkit_scene *s, int l, struct tkit_diags *d);
/* A translator's check (`tilekit scene check [--lang L]`): every caption and callout that has a
 * text must have one in each language the scene has (the union of its captions' and callouts'
 * languages, any BCP 47 tag) and, when `want` is not NULL, in `want` too. Each text missing is one
 * SCENE-TRANSLATION error at its element's line, quoting the text to translate (the English one,
 * else the first); a scene with more than TKIT_TEXT_MAX_LANGS languages is one SCENE-LIMIT error.
 * Notes are for authors and not checked. Returns the number of errors added. */
#define TKIT_TEXT_MAX_LANGS 64
size_t tkit_text_check_langs(const struct tkit_scene *s, const char *want, struct tkit_diags *d);

/* ---------------------------------------------------------------- the sheet and the board */

/* The fixed words of a reference sheet (render sheet) and of a board (render board). */
enum tkit_sheet_word {
        TKIT_SW_TILES = 0,        /* "Tiles": the summary's total */
        TKIT_SW_TILE_TYPES,       /* "Tile types" */
        TKIT_SW_PIECES,           /* "Pieces": multi-cell pieces */
        TKIT_SW_TOKENS,           /* "Tokens" */
        TKIT_SW_MANIFEST,         /* "Manifest": what the rulebook says the box holds */
        TKIT_SW_NOTES,            /* "Notes": the authors' notes, with render sheet --notes */
        TKIT_SW_PAGE,             /* "Page" */
        TKIT_SW_EDITION,          /* "Edition" */
        TKIT_SW_YEAR,             /* "Year" */
        TKIT_SW_RULES,            /* "Rules": the rule modules a set brings */
        TKIT_SW_REQUIRES,         /* "Requires": the sets it needs */
        TKIT_SW_PENNANTS,         /* "Pennants" */
        TKIT_SW_RECONSTRUCTED,    /* "Reconstructed tiles" */
        TKIT_SW_POST_ROWS,        /* the warning on reconstructed post rows, first line */
        TKIT_SW_POST_ROWS_2,      /* and its second line */
        TKIT_SW_SYMBOLS,          /* "Symbols": the legend's heading */
        TKIT_SW_R_MARKS,          /* what the (R) of a label means */
        TKIT_SW_SUMMARY,          /* "Summary" */
        TKIT_SW_SEED,             /* the board's header: "seed 7" */
        TKIT_SW_PLACED,           /* "72 placed" */
        TKIT_SW_DISCARDED,        /* "2 discarded" */
        TKIT_SW_DISCARDED_TITLE,  /* "Discarded (2)": the heading of the tiles put aside */
        TKIT_SW_COUNT
};
const char *tkit_text_sheet(enum tkit_lang l, enum tkit_sheet_word w);
/* A rule module (one flag of enum tkit_rules_flag): "bridges", "poduri", "mosty", "мости". */
const char *tkit_text_rules_module(enum tkit_lang l, unsigned single_flag);
const char *tkit_text_group(enum tkit_lang l, enum tkit_group g);        /* "land", "teren" */
const char *tkit_text_token(enum tkit_lang l, enum tkit_token_kind k);  /* "barn", "hambar" */
const char *tkit_text_expect(enum tkit_lang l, enum tkit_expect_what w); /* a manifest kind */
/* A siege symbol in the legend: whose post it names ("knights", "cavaleri"). */
const char *tkit_text_symbol(enum tkit_lang l, enum tkit_post p);
/* An illustration by its letter (G B T W E S C): "water tower", "turn de apă"; NULL if unknown. */
const char *tkit_text_illustration(enum tkit_lang l, char letter);
/* What a manifest line of kind `w` counts, `of` being the data's word (a feature kind, a road
 * end, a post, an illustration letter), in `l`; NULL when the word is none the text knows. */
const char *tkit_text_expect_of(enum tkit_lang l, enum tkit_expect_what w, const char *of);
/* How many words of these tables `l` lacks (0 in every language: tests/text). */
size_t tkit_text_sheet_missing(enum tkit_lang l);

#endif
