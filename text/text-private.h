/* Internals of the text module: plurals, the word tables, a template filler. */
#ifndef TKIT_TEXT_PRIVATE_H
#define TKIT_TEXT_PRIVATE_H

#include "text/tkit-text.h"

#define NL TKIT_LANG_COUNT

/* A counted noun in each language: the form after 1, after "a few" (2-4; Romanian 2-19), after
 * "many" (Romanian 20 and more take "de"). */
enum tkit_t_noun {
        N_POINT = 0,
        N_TILE,
        N_BRIDGE,
        N_PENNANT,
        N_AROUND,
        N_CITY_DONE,
        N_BESIEGED,
        N_FARMER,
        N_KNIGHT,
        N_OTHER_MAIDEN,
        N_MEEPLE,
        N_GO_BACK, /* the verb "goes back" agreeing with a count */
        N_FIGURE,
        N_ROAD,
        N_CATAPULT,
        N_COUNT
};
/* "3 tiles": n and the noun in the form n takes. */
void tkit_t_counted(struct tkit_buf *b, enum tkit_lang l, enum tkit_t_noun noun, int n);
/* The form alone ("tiles" after 3). */
const char *tkit_t_form(enum tkit_lang l, enum tkit_t_noun noun, int n);

/* A feature kind: subject of "is completed" at the start of a sentence, that predicate, and the
 * form after "for" (Czech and Ukrainian "za" + accusative). */
struct tkit_t_feature {
        const char *name, *subject, *done, *object;
};
const struct tkit_t_feature *tkit_t_feature(enum tkit_lang l, enum tkit_feature_kind k);

/* A defense post: nominative (with article in English), genitive, and with the prepositions
 * "at" and "to" the rulebooks use. */
struct tkit_t_post {
        const char *nom, *gen, *at, *to;
        const char *which; /* "which knight": the figure an attack takes, as the object */
        const char *none;  /* "no knight": the same after a negation */
};
const struct tkit_t_post *tkit_t_post(enum tkit_lang l, int post);

/* A figure's role: subject at the start of a sentence, Ukrainian accusative (else the subject),
 * the participle "removed" agreeing with it. */
enum tkit_t_role_id {
        R_MEEPLE = 0,
        R_KNIGHT,
        R_TRAVELER,
        R_FARMER,
        R_MONK,
        R_ABBOT,
        R_BIG_MEEPLE,
        R_PIG,
        R_MAIDEN,
        R_BARN_FARMER,
        R_COUNT
};
struct tkit_t_role {
        const char *name, *subject, *object, *removed;
};
enum tkit_t_role_id tkit_t_role_of(enum tkit_figure_kind k, enum tkit_feature_kind on,
                                   enum tkit_figure_at at);
const struct tkit_t_role *tkit_t_role(enum tkit_lang l, enum tkit_t_role_id r);

/* The colour as the adjective of "player" ("albastru", "modrý", "синій"; English: the name)
 * and in the genitive ("modrého", "синього"; Romanian: the same). */
const char *tkit_t_colour_adj(enum tkit_lang l, int colour);
const char *tkit_t_colour_gen(enum tkit_lang l, int colour);

/* Appends `tpl` with each "{c}" replaced by v[c] (c a letter); "{{" is "{". */
void tkit_t_fill(struct tkit_buf *b, const char *tpl, const char *const v[128]);

#endif
