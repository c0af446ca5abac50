/* The strict tree walk shared by the native tile-set reader and the scene reader: attributes
 * checked against a list, child elements stepped through with stray text reported, whole
 * numbers, words and ids read as written or reported with the element's line. */
#include "formats-private.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int tkit_xr_line(const xmlNode *n)
{
        long l = n ? xmlGetLineNo(n) : 0;
        return l > 0 && l < 0x7fffffff ? (int)l : 0;
}

void tkit_xr_fail(struct tkit_xr *r, const xmlNode *n, const char *rule, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(r->d, TKIT_SEV_ERROR, r->file, tkit_xr_line(n), rule, r->set, r->item, fmt,
                        ap);
        va_end(ap);
        r->errors++;
}

bool tkit_xr_is(const xmlNode *n, const char *name)
{
        return n->type == XML_ELEMENT_NODE && !n->ns && strcmp((const char *)n->name, name) == 0;
}

/* Without a DTD an attribute holds one text node (character and predefined entity references
 * are already decoded). */
const char *tkit_xr_prop(const xmlNode *n, const char *name)
{
        for (const xmlAttr *a = n->properties; a; a = a->next)
                if (!a->ns && strcmp((const char *)a->name, name) == 0)
                        return a->children && a->children->content
                                   ? (const char *)a->children->content
                                   : "";
        return NULL;
}

/* Whether `s`, a text of element `n` (`attr` names the attribute, NULL for the element's text),
 * holds only characters every output takes (tkit_char_unfit); else reported at the element's
 * line with the first character that is not. libxml2 refuses the C0 controls and U+FFFE, U+FFFF
 * (XML 1.0) but takes the C1 controls and the other noncharacters, which a picture, a PDF or an
 * HTML page cannot. */
const char *tkit_xml_unfit(const char *s, uint32_t *cp)
{
        for (size_t k; s && *s; s += k ? k : 1) {
                k = tkit_utf8_char(s, SIZE_MAX);
                *cp = k ? tkit_utf8_decode(s, k) : 0xfffd;
                const char *why = tkit_char_unfit(*cp);
                if (why)
                        return why;
        }
        return NULL;
}

static bool fit_text(struct tkit_xr *r, const xmlNode *n, const char *s, const char *attr)
{
        uint32_t cp;
        const char *why = tkit_xml_unfit(s, &cp);
        if (!why)
                return true;
        tkit_xr_fail(r, n, r->rule_value, "%s%s%s<%s> holds U+%04" PRIX32 ", %s, not text: remove it",
                     attr ? "attribute '" : "", attr ? attr : "", attr ? "' of " : "",
                     (const char *)n->name, cp, why);
        return false;
}

bool tkit_xr_attrs(struct tkit_xr *r, const xmlNode *n, const char *const *allowed)
{
        bool ok = true;
        for (const xmlAttr *a = n->properties; a; a = a->next) {
                ok &= fit_text(r, n, a->children ? (const char *)a->children->content : NULL,
                               (const char *)a->name);
                bool known = false;
                for (const char *const *p = allowed; *p && !known; p++)
                        known = !a->ns && strcmp((const char *)a->name, *p + (**p == '!')) == 0;
                if (!known) {
                        tkit_xr_fail(r, n, r->rule_unknown, "unknown attribute '%s%s%s' on <%s>",
                                     a->ns && a->ns->prefix ? (const char *)a->ns->prefix : "",
                                     a->ns && a->ns->prefix ? ":" : "", (const char *)a->name,
                                     (const char *)n->name);
                }
        }
        for (const char *const *p = allowed; *p; p++)
                if (**p == '!' && !tkit_xr_prop(n, *p + 1)) {
                        tkit_xr_fail(r, n, r->rule_value, "<%s> lacks the required attribute '%s'",
                                     (const char *)n->name, *p + 1);
                        ok = false;
                }
        return ok;
}

static bool is_blank(const xmlChar *s)
{
        for (; s && *s; s++)
                if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
                        return false;
        return true;
}

/* libxml2 gives a text node the line where it ends; the reader wants where the text starts. */
static void text_error(struct tkit_xr *r, const xmlNode *parent, const xmlNode *n)
{
        const char *t = (const char *)n->content;
        t += strspn(t, " \t\r\n");
        int after = 0;
        for (const char *p = t; *p; p++)
                after += *p == '\n';
        int line = tkit_xr_line(n) - after;
        int shown = (int)strcspn(t, "\r\n");
        if (shown > 40)
                shown = 40;
        tkit_diags_add(r->d, TKIT_SEV_ERROR, r->file, line > 0 ? line : tkit_xr_line(parent),
                       r->rule_unknown, r->set, r->item, "unexpected text '%.*s' in <%s>", shown, t,
                       (const char *)parent->name);
        r->errors++;
}

xmlNode *tkit_xr_next(struct tkit_xr *r, const xmlNode *parent, xmlNode *n)
{
        for (; n; n = n->next) {
                if (n->type == XML_ELEMENT_NODE)
                        return n;
                if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) &&
                    !is_blank(n->content))
                        text_error(r, parent, n);
        }
        return NULL;
}

void tkit_xr_unknown_child(struct tkit_xr *r, const xmlNode *parent, const xmlNode *c,
                           const char *where)
{
        tkit_xr_fail(r, c, r->rule_unknown, "unexpected element <%s%s%s> in <%s>%s",
                     c->ns && c->ns->prefix ? (const char *)c->ns->prefix : "",
                     c->ns && c->ns->prefix ? ":" : "", (const char *)c->name,
                     (const char *)parent->name, where);
}

char *tkit_xr_text(struct tkit_xr *r, const xmlNode *n)
{
        for (const xmlNode *c = n->children; c; c = c->next)
                if (c->type == XML_ELEMENT_NODE) {
                        tkit_xr_unknown_child(r, n, c, ": only text is allowed here");
                        return NULL;
                }
        xmlChar *t = xmlNodeGetContent(n);
        char *s = tkit_xstrdup(t ? (const char *)t : "");
        xmlFree(t);
        if (!fit_text(r, n, s, NULL)) {
                free(s);
                return NULL;
        }
        return s;
}

/* ------------------------------------------------------------------ values */

bool tkit_native_valid_id(const char *s)
{
        return tkit_id_valid(s);
}

const char *tkit_xr_id(struct tkit_xr *r, const xmlNode *n, const char *attr)
{
        const char *v = tkit_xr_prop(n, attr);
        if (v && !tkit_native_valid_id(v)) {
                /* quote at most 80 bytes: a megabyte id must not make a megabyte message */
                tkit_xr_fail(r, n, r->rule_value,
                             "%s '%.80s%s' on <%s> is not an id ([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, "
                             "up to %d bytes)",
                             attr, v, strlen(v) > 80 ? "..." : "", (const char *)n->name,
                             TKIT_XR_MAX_ID);
                return NULL;
        }
        return v;
}

bool tkit_xr_int(struct tkit_xr *r, const xmlNode *n, const char *attr, int min, int max, int *out)
{
        const char *v = tkit_xr_prop(n, attr);
        if (!v)
                return true;
        /* a minus sign only where negative numbers make sense (coordinates, points) */
        bool neg = min < 0 && v[0] == '-';
        const char *digits = v + neg;
        long x = 0;
        size_t i = 0, zeros = strspn(digits, "0");
        if (zeros > 0 && digits[zeros] == '\0')
                zeros--; /* "0" and "000" are zero */
        for (i = zeros; digits[i] >= '0' && digits[i] <= '9' && i - zeros < 9; i++)
                x = x * 10 + (digits[i] - '0');
        if (i == 0 || digits[i] != '\0') {
                tkit_xr_fail(r, n, r->rule_value,
                             "%s=\"%.40s\" on <%s> is not a whole number (up to 9 digits)", attr, v,
                             (const char *)n->name);
                return false;
        }
        if (neg)
                x = -x;
        if (x < min || x > max) {
                tkit_xr_fail(r, n, r->rule_value, "%s=\"%s\" on <%s> is outside %d..%d", attr, v,
                             (const char *)n->name, min, max);
                return false;
        }
        *out = (int)x;
        return true;
}

int tkit_xr_enum(struct tkit_xr *r, const xmlNode *n, const char *attr, int (*parse)(const char *),
                 const char *choices)
{
        const char *v = tkit_xr_prop(n, attr);
        if (!v)
                return -1;
        int x = parse(v);
        if (x < 0)
                tkit_xr_fail(r, n, r->rule_value, "%s=\"%.40s\" on <%s> is not one of: %s", attr, v,
                             (const char *)n->name, choices);
        return x;
}

bool tkit_xr_tokens(struct tkit_xr *r, const xmlNode *n, const char *v, tkit_xr_token_fn *fn,
                    void *ctx)
{
        bool ok = true;
        int bad = 0;
        while (v && *v) {
                size_t skip = strspn(v, " \t\r\n");
                v += skip;
                size_t len = strcspn(v, " \t\r\n");
                if (!len)
                        break;
                char tok[80];
                if (len >= sizeof tok) {
                        tkit_xr_fail(r, n, r->rule_value,
                                     "list item '%.40s...' on <%s> is too long", v,
                                     (const char *)n->name);
                        return false;
                }
                memcpy(tok, v, len);
                tok[len] = '\0';
                /* a megabyte list of bad items gives a few errors, not a million */
                if (!fn(r, n, tok, ctx) && (ok = false, ++bad == 5))
                        return false;
                v += len;
        }
        return ok;
}

bool tkit_xr_in_order(struct tkit_xr *r, const xmlNode *c, int *stage, int want, const char *after)
{
        if (want < *stage) {
                tkit_xr_fail(r, c, r->rule_unknown, "<%s> is out of order: it must come before %s",
                             (const char *)c->name, after);
                return false;
        }
        *stage = want;
        return true;
}

bool tkit_xr_lang_ok(const char *lang)
{
        return tkit_lang_valid(lang);
}

static const char *name_lang(const void *v, size_t i)
{
        return ((const struct tkit_name *)v)[i].lang;
}

/* The index of the languages of list `v`: kept while names are added to the same list (names of
 * one element come together), rebuilt from the list otherwise, so the check stays linear. */
static struct tkit_index *langs_of(struct tkit_xr *r, const struct tkit_name *v, size_t n)
{
        if (r->langs_of != v || r->langs_n != n || !v) {
                tkit_index_finish(&r->langs);
                tkit_index_init(&r->langs);
                for (size_t i = 0; i < n; i++)
                        tkit_index_add(&r->langs, v[i].lang, i);
                r->langs_of = v;
                r->langs_n = n;
        }
        return &r->langs;
}

void tkit_xr_name(struct tkit_xr *r, const xmlNode *n, struct tkit_name **v, size_t *nv)
{
        static const char *const attrs[] = {"!lang", NULL};
        if (!tkit_xr_attrs(r, n, attrs))
                return;
        const char *lang = tkit_xr_prop(n, "lang");
        if (!tkit_xr_lang_ok(lang)) {
                tkit_xr_fail(r, n, r->rule_value,
                             "lang=\"%.40s\" is not a language tag (en, ro, pt-BR...)", lang);
                return;
        }
        struct tkit_index *langs = langs_of(r, *v, *nv);
        if (tkit_index_find(langs, lang, name_lang, *v) >= 0) {
                tkit_xr_fail(r, n, r->rule_dup ? r->rule_dup : r->rule_value,
                             "a second <%s> in language '%s'", (const char *)n->name, lang);
                return;
        }
        char *text = tkit_xr_text(r, n);
        if (!text)
                return;
        *v = tkit_xrealloc(*v, (*nv + 1) * sizeof **v);
        (*v)[*nv] = (struct tkit_name){tkit_xstrdup(lang), text};
        tkit_index_add(langs, lang, (*nv)++);
        r->langs_of = *v;
        r->langs_n = *nv;
}

void tkit_xr_finish(struct tkit_xr *r)
{
        tkit_index_finish(&r->langs);
        r->langs_of = NULL;
        r->langs_n = 0;
}

/* Reports the unfit character of `s`, a value of element `n` (`attr`, or its text). */
static size_t report_unfit(const xmlNode *n, const char *s, const char *attr, const char *file,
                           const char *rule, struct tkit_diags *d)
{
        uint32_t cp;
        const char *why = tkit_xml_unfit(s, &cp);
        if (!why)
                return 0;
        tkit_diags_add(d, TKIT_SEV_ERROR, file, n->line, rule, NULL, NULL,
                       "%s%s%s<%s> holds U+%04" PRIX32 ", %s, not text: remove it",
                       attr ? "attribute '" : "", attr ? attr : "",
                       attr ? "' of " : "", (const char *)n->name, cp, why);
        return 1;
}

size_t tkit_xml_check_text(const xmlNode *root, const char *file, const char *rule,
                           struct tkit_diags *d)
{
        size_t bad = 0;
        const xmlNode *n = root;
        while (n) {
                bool elem = n->type == XML_ELEMENT_NODE;
                for (const xmlAttr *a = elem ? n->properties : NULL; a; a = a->next)
                        if (a->children)
                                bad += report_unfit(n, (const char *)a->children->content,
                                                    (const char *)a->name, file, rule, d);
                if (n->type == XML_TEXT_NODE && n->parent)
                        bad += report_unfit(n->parent, (const char *)n->content, NULL, file, rule,
                                            d);
                if (elem && n->children) {
                        n = n->children;
                        continue;
                }
                while (n && n != root && !n->next)
                        n = n->parent;
                n = n && n != root ? n->next : NULL;
        }
        return bad;
}
