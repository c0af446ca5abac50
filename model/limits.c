/* The syntax of ids, language tags and text, and which manifest entries take an `of`: shared by
 * every reader (native XML, JCloisterZone XML, the database), so that what one accepts the others
 * can hold and write back. */
#include "tkit-model.h"

#include <string.h>

bool tkit_id_valid(const char *s)
{
        size_t n = strlen(s);
        if (n == 0 || n > TKIT_MAX_ID)
                return false;
        for (size_t i = 0; i < n; i++) {
                char c = s[i];
                bool alnum =
                    (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
                if (!alnum && (i == 0 || !strchr("._:/@+!-", c)))
                        return false;
        }
        return true;
}

bool tkit_lang_valid(const char *s)
{
        size_t len = strlen(s);
        bool ok =
            len >= 2 && len <= TKIT_MAX_LANG &&
            strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-") == len;
        return ok && s[0] != '-' && s[len - 1] != '-' && !strstr(s, "--");
}

/* Length of the UTF-8 sequence at p (at most `left` bytes), or 0 when it is not valid. */
static size_t utf8_char(const unsigned char *u, size_t left, unsigned *cp)
{
        size_t n = u[0] < 0x80 ? 1 : u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : u[0] >= 0xc2 ? 2 : 0;
        if (!n || u[0] > 0xf4 || left < n)
                return 0;
        unsigned c = n == 1 ? u[0] : u[0] & (0x7fu >> n);
        for (size_t i = 1; i < n; i++) {
                if ((u[i] & 0xc0) != 0x80)
                        return 0;
                c = (c << 6) | (u[i] & 0x3fu);
        }
        static const unsigned least[5] = {0, 0, 0x80, 0x800, 0x10000};
        if (c < least[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
                return 0;
        *cp = c;
        return n;
}

bool tkit_text_valid(const char *s, size_t n)
{
        if (n > TKIT_MAX_TEXT)
                return false;
        const unsigned char *u = (const unsigned char *)s;
        for (size_t i = 0; i < n;) {
                unsigned c = 0;
                size_t k = utf8_char(u + i, n - i, &c);
                if (!k || (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0xfffe ||
                    c == 0xffff)
                        return false;
                i += k;
        }
        return true;
}

bool tkit_expect_of_valid(enum tkit_expect_what what, const char *of)
{
        switch (what) {
        case TKIT_EXPECT_FEATURE:
        case TKIT_EXPECT_FEATURE_TILES:
                return of && (tkit_feature_kind_parse(of) >= 0 || tkit_end_parse(of) > 0);
        case TKIT_EXPECT_ILLUSTRATION:
                return of && of[0] && !of[1] && tkit_illustration_name(of[0]);
        case TKIT_EXPECT_SYMBOLS:
                return !of || tkit_post_parse(of) >= 0;
        default:
                return !of;
        }
}
