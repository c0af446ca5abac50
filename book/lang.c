/* The chapter's language and what it changes on the page (docs/book.md, "Language"): where the
 * language comes from (--lang, the chapter's first-line comment `<!-- lang: cs -->`, the file
 * name `NAME.cs.md`), hyphenation points from the system's hyphenation patterns (libhyphen, the
 * LibreOffice patterns in /usr/share/hyphen: Pango breaks a word only where the text allows it,
 * and it has no patterns of its own), and the Czech and Slovak rule that a one-letter preposition
 * or conjunction never ends a line. No I/O except reading the patterns. */
#include "book/book-private.h"

#include "text/tkit-text.h"

#include <glib.h>
#include <hyphen.h>
#include <stdlib.h>
#include <string.h>

#define HYPHEN_DIR "/usr/share/hyphen"
#define MIN_WORD 5 /* letters; shorter words are not worth a hyphen */
#define EDGE_MIN 2 /* letters kept together at either end of a word */
#define MAX_WORD 64

/* ---------------------------------------------------------------- where the language comes from */

/* `NAME value` (`lang: cs`, `key: chapter`) in an HTML comment that opens the chapter (cmark's
 * safe mode leaves it out of both outputs, and Markdown viewers do not show it). Returns the
 * value's length (0: NAME names nothing), -1 when there is no such comment or no NAME in it;
 * *at is the value's byte offset. */
static long comment_value(const char *text, size_t len, const char *name, size_t *at)
{
        if (len < 4 || memcmp(text, "<!--", 4) != 0)
                return -1;
        const char *end = g_strstr_len(text, (gssize)len, "-->");
        const char *key = g_strstr_len(text, end ? (gssize)(end - text) : (gssize)len, name);
        if (!key)
                return -1;
        const char *s = key + strlen(name);
        while (*s == ' ' || *s == '\t')
                s++;
        const char *stop = end ? end : text + len; /* the value ends with the comment */
        size_t n = 0;
        while (s + n < stop && (g_ascii_isalnum(s[n]) || s[n] == '-' || s[n] == '_'))
                n++;
        *at = (size_t)(s - text);
        return (long)n;
}

/* NAME.xx.md: the last dotted part before the extension, when it is a language tilekit knows. */
static char *name_lang(const char *path)
{
        const char *base = path ? strrchr(path, '/') : NULL;
        base = base ? base + 1 : path;
        const char *ext = base ? strrchr(base, '.') : NULL;
        if (!ext || ext == base)
                return NULL;
        const char *dot = ext;
        while (dot > base && dot[-1] != '.')
                dot--;
        if (dot == base)
                return NULL;
        char *tag = tkit_xstrndup(dot, (size_t)(ext - dot));
        if (!tkit_render_lang_known(tag)) {
                free(tag);
                return NULL;
        }
        return tag;
}

/* `key: chapter|pictures|none`: where the key of the marks goes (docs/book.md). */
static void find_key(struct tkit_book *b, struct tkit_diags *d)
{
        static const char *const names[] = {"none", "chapter", "pictures"};
        size_t at = 0;
        long n = comment_value(b->text, b->len, "key:", &at);
        if (n < 0)
                return;
        for (size_t i = 0; i < sizeof names / sizeof *names; i++)
                if ((size_t)n == strlen(names[i]) && memcmp(b->text + at, names[i], (size_t)n) == 0) {
                        b->key = (enum book_key)i;
                        return;
                }
        int line, column;
        tkit_book_offset_pos(b, at, &line, &column);
        tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, line, column, tkit_book_rule_id(BOOK_R_KEY),
                       "'key: %.*s' in the chapter's first comment: write key: chapter (once, "
                       "after the title), key: pictures (under each picture) or key: none",
                       (int)n, b->text + at);
}

void tkit_book_find_lang(struct tkit_book *b, struct tkit_diags *d)
{
        size_t at = 0;
        find_key(b, d);
        long n = comment_value(b->text, b->len, "lang:", &at);
        if (n > 0) {
                char *tag = tkit_xstrndup(b->text + at, (size_t)n);
                if (tkit_render_lang_known(tag)) {
                        b->lang = tag;
                        return;
                }
                int line, column;
                tkit_book_offset_pos(b, at, &line, &column);
                tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, line, column, tkit_book_rule_id(BOOK_R_LANG),
                               "unknown language '%s' in the chapter's first comment: write one "
                               "of %s (<!-- lang: cs -->)",
                               tag, tkit_lang_choices());
                free(tag);
                return;
        }
        if (n == 0) {
                int line, column;
                tkit_book_offset_pos(b, at, &line, &column);
                tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, line, column, tkit_book_rule_id(BOOK_R_LANG),
                               "the chapter's first comment names no language after 'lang:' "
                               "(<!-- lang: cs -->)");
        }
        b->lang = name_lang(b->file);
}

const char *tkit_book_lang(const struct tkit_book *b, const struct tkit_book_options *o)
{
        if (o && o->lang)
                return o->lang;
        return b && b->lang ? b->lang : "en";
}

/* ---------------------------------------------------------------- hyphenation */

struct book_hyph {
        HyphenDict *dict;
        bool utf8; /* the patterns' encoding: UTF-8, else one byte a letter (ISO-8859-x) */
};

struct book_hyph *tkit_book_hyph_open(const char *lang)
{
        const char *dir = getenv("TILEKIT_HYPHEN_DIR");
        char *path = tkit_xasprintf("%s/hyph_%s.dic", dir && *dir ? dir : HYPHEN_DIR, lang);
        HyphenDict *dict = hnj_hyphen_load(path);
        free(path);
        if (!dict)
                return NULL;
        struct book_hyph *h = tkit_xcalloc(1, sizeof *h);
        h->dict = dict;
        h->utf8 = g_ascii_strcasecmp(dict->cset, "UTF-8") == 0;
        return h;
}

void tkit_book_hyph_close(struct book_hyph *h)
{
        if (!h)
                return;
        hnj_hyphen_free(h->dict);
        free(h);
}

/* Marks in `cut` (one flag per letter of the word) where it may break: after letter i. */
static bool word_points(struct book_hyph *h, const char *word, size_t bytes, size_t letters,
                        bool *cut)
{
        char *low = g_utf8_strdown(word, (gssize)bytes);
        char *enc = h->utf8 ? g_strdup(low)
                            : g_convert(low, -1, h->dict->cset, "UTF-8", NULL, NULL, NULL);
        g_free(low);
        if (!enc)
                return false; /* a letter the patterns' encoding has not: left whole */
        size_t n = strlen(enc);
        char *marks = g_malloc0(n + 5);
        char **rep = NULL;
        int *pos = NULL, *cuts = NULL;
        bool ok = hnj_hyphen_hyphenate3(h->dict, enc, (int)n, marks, NULL, &rep, &pos, &cuts,
                                        EDGE_MIN, EDGE_MIN, EDGE_MIN, EDGE_MIN) == 0;
        if (rep) { /* non-standard breaks (a letter that changes) are not used */
                for (size_t i = 0; i < n; i++)
                        free(rep[i]);
                free(rep);
        }
        free(pos);
        free(cuts);
        /* libhyphen gives one mark a letter: of a UTF-8 pattern file it counts characters, and
         * the other encodings have one byte a letter */
        for (size_t i = 0; ok && i < n && i < letters; i++)
                cut[i] = marks[i] & 1;
        g_free(marks);
        g_free(enc);
        return ok;
}

static void hyphenate_word(struct book_hyph *h, const char *w, size_t bytes, struct tkit_buf *out)
{
        size_t letters = (size_t)g_utf8_strlen(w, (gssize)bytes);
        bool cut[MAX_WORD] = {false};
        if (letters < MIN_WORD || letters > MAX_WORD || !word_points(h, w, bytes, letters, cut)) {
                tkit_buf_add(out, w, bytes);
                return;
        }
        const char *s = w;
        for (size_t i = 0; i < letters; i++) {
                const char *next = g_utf8_next_char(s);
                tkit_buf_add(out, s, (size_t)(next - s));
                if (cut[i] && i + 1 < letters)
                        tkit_buf_puts(out, "\xc2\xad"); /* U+00AD: Pango breaks and hyphenates here */
                s = next;
        }
}

void tkit_book_hyphenate(struct book_hyph *h, const char *text, struct tkit_buf *out)
{
        if (!text)
                return;
        if (!h) {
                tkit_buf_puts(out, text);
                return;
        }
        const char *s = text;
        while (*s) {
                const char *e = s;
                while (*e && g_unichar_isalpha(g_utf8_get_char(e)))
                        e = g_utf8_next_char(e);
                if (e > s) {
                        hyphenate_word(h, s, (size_t)(e - s), out);
                        s = e;
                        continue;
                }
                e = g_utf8_next_char(s);
                tkit_buf_add(out, s, (size_t)(e - s));
                s = e;
        }
}

/* ---------------------------------------------------------------- one-letter words (cs, sk) */

bool tkit_book_ties_lang(const char *lang)
{
        return lang && (strcmp(lang, "cs") == 0 || strcmp(lang, "sk") == 0);
}

static bool one_letter_word(gunichar c)
{
        return c < 0x80 && strchr("aiksouvzAIKSOUVZ", (int)c) != NULL;
}

/* A blank after a one-letter preposition or conjunction becomes a no-break space (U+00A0), so the
 * word starts the next line instead of ending this one. In Pango markup (`markup`), tags are
 * transparent (`<i>a</i> b`) and an entity counts as punctuation. */
char *tkit_book_ties(const char *text, bool markup)
{
        struct tkit_buf out;
        tkit_buf_init(&out);
        /* what precedes the blank: the last visible character and whether it stands alone */
        gunichar last = 0;
        bool alone = false, before_was_word = false;
        for (const char *s = text ? text : ""; *s;) {
                if (markup && *s == '<') {
                        const char *e = strchr(s, '>');
                        e = e ? e + 1 : s + strlen(s);
                        tkit_buf_add(&out, s, (size_t)(e - s));
                        s = e;
                        continue;
                }
                if (markup && *s == '&') {
                        const char *e = strchr(s, ';');
                        e = e ? e + 1 : s + 1;
                        tkit_buf_add(&out, s, (size_t)(e - s));
                        s = e;
                        last = '&';
                        before_was_word = false;
                        alone = false;
                        continue;
                }
                gunichar c = g_utf8_get_char(s);
                const char *e = g_utf8_next_char(s);
                if (c == ' ' && alone && one_letter_word(last)) {
                        tkit_buf_puts(&out, "\xc2\xa0");
                } else {
                        tkit_buf_add(&out, s, (size_t)(e - s));
                }
                bool word = g_unichar_isalnum(c);
                alone = word && !before_was_word;
                before_was_word = word;
                last = c;
                s = e;
        }
        return tkit_buf_steal(&out);
}

/* ---------------------------------------------------------------- numbers with their noun */

void tkit_book_value_noun(struct tkit_book *b, struct book_value *v, struct tkit_diags *d)
{
        char *bar = strchr(v->path, '|');
        if (!bar)
                return;
        *bar = '\0';
        char *check = tkit_text_counted(TKIT_LANG_EN, bar + 1, 1);
        if (check) {
                v->noun = tkit_xstrdup(bar + 1);
                free(check);
                return;
        }
        tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, v->line, v->column, tkit_book_rule_id(BOOK_R_VALUE_SYNTAX),
                          "`%s`: unknown noun '%s' after '|'; the nouns are %s", v->text, bar + 1,
                          tkit_text_counted_nouns());
}

char *tkit_book_value_print(const struct book_value *v, const char *lang)
{
        int l = tkit_lang_parse(lang);
        char *s = v->noun ? tkit_text_counted(l < 0 ? TKIT_LANG_EN : (enum tkit_lang)l, v->noun,
                                              v->value)
                          : NULL;
        return s ? s : tkit_xasprintf("%ld", v->value);
}

bool tkit_book_tie_at_end(const char *s, size_t len)
{
        if (!len || !one_letter_word((unsigned char)s[len - 1]))
                return false;
        if (len == 1)
                return true;
        unsigned char c = (unsigned char)s[len - 2];
        /* a blank, a tag's end, an opening bracket or quote, a no-break space (0xC2 0xA0) */
        return c == ' ' || c == '\n' || c == '>' || c == '(' || c == '"' || c == 0xa0;
}
