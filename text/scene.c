/* A scene's words: the players' line of a legend, the scene's own captions and callouts in one
 * language (no fallback), and the check that each of them exists in every language. */
#include "text-private.h"

#include <stdlib.h>
#include <string.h>

static const char *const you_word[NL] = {"you", "tu", "vy", "ви"};

char *tkit_text_player_key(const struct tkit_scene *s, int p, enum tkit_lang l, bool letter)
{
        if (p < 0 || (size_t)p >= s->nplayers)
                return tkit_xstrdup("?");
        l = (unsigned)l < NL ? l : TKIT_LANG_EN;
        int c = tkit_colour_parse(s->players[p].colour);
        const char *name = tkit_text_colour(l, c), *letter_of = tkit_text_player_letter(l, c);
        if (tkit_text_to_reader(s, p, l))
                return letter ? tkit_xasprintf("%s (%s, %s)", you_word[l], name, letter_of)
                              : tkit_xasprintf("%s (%s)", you_word[l], name);
        return letter ? tkit_xasprintf("%s (%s)", name, letter_of) : tkit_xstrdup(name);
}

char *tkit_text_players_line(const struct tkit_scene *s, enum tkit_lang l)
{
        if (!s->nplayers)
                return NULL;
        l = (unsigned)l < NL ? l : TKIT_LANG_EN;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "%s:", tkit_text_term(l, TKIT_TERM_PLAYERS));
        for (size_t i = 0; i < s->nplayers; i++) {
                char *k = tkit_text_player_key(s, (int)i, l, true);
                tkit_buf_printf(&b, "%s %s", i ? "," : "", k);
                free(k);
        }
        return tkit_buf_steal(&b);
}

static const char *exactly(const struct tkit_name *v, size_t n, enum tkit_lang l)
{
        for (size_t i = 0; (unsigned)l < NL && i < n; i++)
                if (v[i].lang && strcmp(v[i].lang, tkit_lang_name(l)) == 0)
                        return v[i].text;
        return NULL;
}

const char *tkit_text_caption(const struct tkit_scene *s, enum tkit_lang l)
{
        return exactly(s->captions, s->ncaptions, l);
}

const char *tkit_text_callout(const struct tkit_scene_callout *c, enum tkit_lang l)
{
        return exactly(c->texts, c->ntexts, l);
}

/* The languages of `v` among the four; 0 when it has none of them. */
static unsigned langs_of(const struct tkit_name *v, size_t n)
{
        unsigned m = 0;
        for (int l = 0; l < NL; l++)
                m |= exactly(v, n, (enum tkit_lang)l) ? 1u << l : 0;
        return m;
}

static size_t missing(const struct tkit_scene *s, const struct tkit_name *v, size_t n, int line,
                      const char *what, int want, struct tkit_diags *d)
{
        unsigned have = langs_of(v, n);
        if (!have)
                return 0;
        size_t errors = 0;
        for (int l = 0; l < NL; l++) {
                if ((want >= 0 && l != want) || (have >> l & 1u))
                        continue;
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (int k = 0; k < NL; k++)
                        if (have >> k & 1u)
                                tkit_buf_printf(&b, "%s%s", b.len ? " " : "",
                                                tkit_lang_name((enum tkit_lang)k));
                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, line, tkit_scene_rule_id(TKIT_SCR_TRANSLATION), NULL, NULL,
                               "%s has no text in '%s' (it has %s): a picture in that language "
                               "would print nothing there",
                               what, tkit_lang_name((enum tkit_lang)l), b.data);
                tkit_buf_finish(&b);
                errors++;
        }
        return errors;
}

size_t tkit_text_check_scene(const struct tkit_scene *s, int l, struct tkit_diags *d)
{
        int cline = s->caption_line ? s->caption_line : s->line;
        size_t n = missing(s, s->captions, s->ncaptions, cline, "the caption", l, d);
        for (size_t i = 0; i < s->ncallouts; i++) {
                const struct tkit_scene_callout *c = &s->callouts[i];
                char *what = tkit_xasprintf("callout %d", c->number);
                n += missing(s, c->texts, c->ntexts, c->line, what, l, d);
                free(what);
        }
        return n;
}

/* ---------------------------------------------------------------- a translator's languages */

/* The languages a scene has, in the order first seen: a tag in the union of its captions' and
 * callouts' languages. Bounded (TKIT_TEXT_MAX_LANGS) so that the check stays linear in the
 * scene. */
struct langset {
        const char *tag[TKIT_TEXT_MAX_LANGS];
        size_t n;
        bool over;
};

static bool has_tag(const struct tkit_name *v, size_t n, const char *tag)
{
        for (size_t i = 0; i < n; i++)
                if (v[i].lang && strcmp(v[i].lang, tag) == 0)
                        return true;
        return false;
}

static void langs_add(struct langset *ls, const char *tag)
{
        for (size_t i = 0; i < ls->n; i++)
                if (strcmp(ls->tag[i], tag) == 0)
                        return;
        if (ls->n == TKIT_TEXT_MAX_LANGS)
                ls->over = true;
        else
                ls->tag[ls->n++] = tag;
}

static void langs_of_texts(struct langset *ls, const struct tkit_name *v, size_t n)
{
        for (size_t i = 0; i < n; i++)
                if (v[i].lang)
                        langs_add(ls, v[i].lang);
}

/* What the translator translates from: the English text, else the first one, cut to a line. */
static char *source_text(const struct tkit_name *v, size_t n)
{
        const char *t = NULL;
        for (size_t i = 0; i < n && !t; i++)
                if (v[i].lang && strcmp(v[i].lang, "en") == 0)
                        t = v[i].text;
        t = t ? t : v[0].text;
        t = t ? t : "";
        size_t len = strlen(t), max = 72;
        if (len <= max)
                return tkit_xstrdup(t);
        while (max > 0 && ((unsigned char)t[max] & 0xC0) == 0x80)
                max--; /* not inside a UTF-8 sequence */
        return tkit_xasprintf("%.*s...", (int)max, t);
}

/* One element's texts (`v`, at `line`) against the required languages. */
static size_t todo(const struct tkit_scene *s, const struct tkit_name *v, size_t n, int line,
                   const char *what, const struct langset *need, struct tkit_diags *d)
{
        if (!n)
                return 0;
        size_t errors = 0;
        for (size_t l = 0; l < need->n; l++) {
                if (has_tag(v, n, need->tag[l]))
                        continue;
                struct tkit_buf have;
                tkit_buf_init(&have);
                for (size_t i = 0; i < n; i++)
                        tkit_buf_printf(&have, "%s%s", i ? " " : "", v[i].lang);
                char *src = source_text(v, n);
                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, line, tkit_scene_rule_id(TKIT_SCR_TRANSLATION), NULL, NULL,
                               "%s has no text in '%s' (it has %s); to translate: \"%s\"", what,
                               need->tag[l], have.data, src);
                free(src);
                tkit_buf_finish(&have);
                errors++;
        }
        return errors;
}

size_t tkit_text_check_langs(const struct tkit_scene *s, const char *want, struct tkit_diags *d)
{
        struct langset need = {.n = 0};
        if (want)
                langs_add(&need, want);
        langs_of_texts(&need, s->captions, s->ncaptions);
        for (size_t i = 0; i < s->ncallouts; i++)
                langs_of_texts(&need, s->callouts[i].texts, s->callouts[i].ntexts);
        if (need.over) {
                tkit_diags_add(d, TKIT_SEV_ERROR, s->file, s->line, tkit_scene_rule_id(TKIT_SCR_LIMIT), NULL, NULL,
                               "more than %d languages in the captions and callouts: not "
                               "checked", TKIT_TEXT_MAX_LANGS);
                return 1;
        }
        int cline = s->caption_line ? s->caption_line : s->line;
        size_t n = todo(s, s->captions, s->ncaptions, cline, "the caption", &need, d);
        for (size_t i = 0; i < s->ncallouts; i++) {
                const struct tkit_scene_callout *c = &s->callouts[i];
                char *what = tkit_xasprintf("callout %d", c->number);
                n += todo(s, c->texts, c->ntexts, c->line, what, &need, d);
                free(what);
        }
        return n;
}
