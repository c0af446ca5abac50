/* The syntax of ids, language tags and text: shared by every reader (native XML, JCloisterZone
 * XML, the database, scenes, chapters), so that what one accepts the others can hold and write
 * back. */
#include "base/tkit-base.h"

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

bool tkit_text_valid(const char *s, size_t n)
{
        if (n > TKIT_MAX_TEXT)
                return false;
        for (size_t i = 0; i < n;) {
                size_t k = tkit_utf8_char(s + i, n - i);
                if (!k || tkit_char_unfit(tkit_utf8_decode(s + i, k)))
                        return false;
                i += k;
        }
        return true;
}
