/* Perimeter positions, rotation and side matching: the arithmetic the checker and the simulator
 * share. See the comment at the top of tkit-model.h for the numbering. */
#include "tkit-model.h"

#include <stdio.h>
#include <string.h>

static const char *const pos_names[TKIT_NPOS] = {
    "NL", "NM", "NR", "EL", "EM", "ER", "SL", "SM", "SR", "WL", "WM", "WR",
};
static const char side_letters[4] = {'N', 'E', 'S', 'W'};

const char *tkit_pos_name(int pos)
{
        return pos >= 0 && pos < TKIT_NPOS ? pos_names[pos] : NULL;
}

int tkit_pos_parse(const char *s)
{
        for (int i = 0; i < TKIT_NPOS; i++)
                if (strcmp(s, pos_names[i]) == 0)
                        return i;
        return -1;
}

char tkit_side_letter(int side)
{
        return side >= 0 && side < 4 ? side_letters[side] : '?';
}

int tkit_side_parse(const char *s)
{
        if (!s[0] || s[1])
                return -1;
        for (int i = 0; i < 4; i++)
                if (s[0] == side_letters[i])
                        return i;
        return -1;
}

const char *tkit_divider_name(int bit)
{
        static const char *const names[TKIT_NPOS] = {NULL, "N", "NE", NULL, "E", "SE",
                                                     NULL, "S", "SW", NULL, "W", "NW"};
        return bit >= 0 && bit < TKIT_NPOS ? names[bit] : NULL;
}

int tkit_divider_parse(const char *s)
{
        for (int b = 0; b < TKIT_NPOS; b++)
                if (tkit_divider_name(b) && strcmp(s, tkit_divider_name(b)) == 0)
                        return b;
        return -1;
}

const char *tkit_dividers_str(uint16_t dividers, char *buf, size_t size)
{
        size_t len = 0;
        if (size)
                buf[0] = '\0';
        for (int b = 0; b < TKIT_NPOS; b++) {
                const char *n = tkit_divider_name(b);
                if (!n || !(dividers & (1u << b)))
                        continue;
                int w = snprintf(buf + len, size - len, "%s%s", len ? " " : "", n);
                if (w < 0 || (size_t)w >= size - len)
                        break;
                len += (size_t)w;
        }
        return buf;
}

static int mod4(int r)
{
        return ((r % 4) + 4) % 4;
}

uint16_t tkit_mask_rotate(uint16_t mask, int quarter_turns)
{
        unsigned sh = 3u * (unsigned)mod4(quarter_turns);
        unsigned m = mask & TKIT_MASK_ALL;
        return (uint16_t)(((m << sh) | (m >> (12u - sh))) & TKIT_MASK_ALL);
}

int tkit_side_rotate(int side, int quarter_turns)
{
        return (side + mod4(quarter_turns)) % 4;
}

int tkit_pos_facing(int pos)
{
        return TKIT_POS((TKIT_POS_SIDE(pos) + 2) % 4, 2 - TKIT_POS_PART(pos));
}

int tkit_popcount16(uint16_t m)
{
        int n = 0;
        for (; m; m &= (uint16_t)(m - 1))
                n++;
        return n;
}

int tkit_mask_sides(uint16_t mask)
{
        int n = 0;
        for (int s = 0; s < 4; s++)
                if (mask & TKIT_MASK_SIDE(s))
                        n++;
        return n;
}

char tkit_side_type_letter(enum tkit_side_type t)
{
        static const char l[4] = {'F', 'R', 'C', 'W'};
        return (unsigned)t < 4 ? l[t] : '?';
}

const char *tkit_side_type_name(enum tkit_side_type t)
{
        static const char *const n[4] = {"field", "road", "city", "river"};
        return (unsigned)t < 4 ? n[t] : "?";
}

bool tkit_sides_compatible(enum tkit_side_type a, enum tkit_side_type b)
{
        return a == b;
}

char *tkit_side_code_string(uint8_t code, char *buf, size_t size)
{
        if (size == 0)
                return buf;
        size_t n = size - 1 < 4 ? size - 1 : 4;
        for (size_t s = 0; s < n; s++)
                buf[s] = tkit_side_type_letter(TKIT_CODE_SIDE(code, s));
        buf[n] = '\0';
        return buf;
}

uint8_t tkit_side_code_canonical(uint8_t code)
{
        uint8_t best = code;
        for (int r = 1; r < 4; r++) {
                /* rotating the board view by one side is a 2-bit rotation of the byte */
                uint8_t c = (uint8_t)((code << (2 * r)) | (code >> (8 - 2 * r)));
                if (c < best)
                        best = c;
        }
        return best;
}

bool tkit_masks_cross(uint16_t a, uint16_t b)
{
        char seq[TKIT_NPOS];
        int n = 0;
        for (int p = 0; p < TKIT_NPOS; p++) {
                bool ia = a & (1u << p), ib = b & (1u << p);
                if (ia == ib)
                        continue; /* in neither, or shared (an overlap, reported elsewhere) */
                char ch = ia ? 'a' : 'b';
                if (n == 0 || seq[n - 1] != ch)
                        seq[n++] = ch;
        }
        while (n > 1 && seq[0] == seq[n - 1])
                n--;
        return n >= 4;
}
