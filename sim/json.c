/* Layouts as JSON (docs/layout-json.md): a writer with a fixed key order, and a small strict
 * reader written by hand: RFC 8259 syntax, bounded size and nesting, known keys only, every error
 * reported with its line. */
#include "sim/sim-private.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- writer */

static void write_stats(const struct tkit_layout_stats *s, struct tkit_buf *b)
{
        tkit_buf_puts(b, "{");
        for (int i = 0; i < TKIT_LAYOUT_NSTATS; i++)
                tkit_buf_printf(b, "%s\"%s\": %d", i ? ", " : "", tkit_layout_stats_name(i),
                                tkit_layout_stats_value(s, i));
        tkit_buf_printf(b, ", \"min_x\": %d, \"min_y\": %d, \"max_x\": %d, \"max_y\": %d}",
                        s->min_x, s->min_y, s->max_x, s->max_y);
}

void tkit_layout_write_json(const struct tkit_layout *l, struct tkit_buf *b)
{
        bool with_set = l->nsets != 1;
        tkit_buf_printf(b, "{\n  \"seed\": %llu,\n  \"sets\": [", (unsigned long long)l->seed);
        for (size_t i = 0; i < l->nsets; i++) {
                if (i)
                        tkit_buf_puts(b, ", ");
                tkit_json_string(b, l->sets[i]);
        }
        tkit_buf_printf(b, "],\n  \"players\": %d,\n  \"placements\": [", l->players);
        for (size_t i = 0; i < l->nplacements; i++) {
                const struct tkit_placement *p = &l->placements[i];
                tkit_buf_puts(b, i ? ",\n    {" : "\n    {");
                if (with_set && p->set) { /* the reader refuses "set": "" */
                        tkit_buf_puts(b, "\"set\": ");
                        tkit_json_string(b, p->set);
                        tkit_buf_puts(b, ", ");
                }
                tkit_buf_puts(b, "\"tile\": ");
                tkit_json_string(b, p->tile);
                if (p->is_piece)
                        tkit_buf_puts(b, ", \"piece\": true");
                tkit_buf_printf(b, ", \"x\": %d, \"y\": %d, \"rotation\": %d", p->x, p->y,
                                p->rotation);
                if (p->bridge != TKIT_BRIDGE_NONE)
                        tkit_buf_printf(b, ", \"bridge\": \"%s\"",
                                        tkit_bridge_axis_name(p->bridge));
                tkit_buf_puts(b, "}");
        }
        tkit_buf_puts(b, l->nplacements ? "\n  ],\n  \"discarded\": [" : "],\n  \"discarded\": [");
        for (size_t i = 0; i < l->ndiscards; i++) {
                const struct tkit_discard *d = &l->discards[i];
                tkit_buf_puts(b, i ? ",\n    {" : "\n    {");
                if (with_set && d->set) {
                        tkit_buf_puts(b, "\"set\": ");
                        tkit_json_string(b, d->set);
                        tkit_buf_puts(b, ", ");
                }
                tkit_buf_puts(b, "\"tile\": ");
                tkit_json_string(b, d->tile);
                tkit_buf_printf(b, ", \"after\": %d}", d->after);
        }
        tkit_buf_puts(b, l->ndiscards ? "\n  ]" : "]");
        if (l->has_stats) {
                tkit_buf_puts(b, ",\n  \"stats\": ");
                write_stats(&l->stats, b);
        }
        tkit_buf_puts(b, "\n}\n");
}

/* ---------------------------------------------------------------- reader: syntax */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
        enum jtype type;
        int line;
        bool b;
        char *s;         /* string value, or number text */
        char **keys;     /* objects */
        struct jv *kids; /* array elements / object values */
        size_t n, cap, capk;
};

/* Keys per JSON object (a layout's objects have at most 8): a documented limit, reported. */
#define MAX_KEYS 64

struct parser {
        const char *p, *end, *name;
        int line, depth;
        struct tkit_diags *d;
        bool failed;
};

static void jv_free(struct jv *v)
{
        free(v->s);
        for (size_t i = 0; i < v->n; i++) {
                jv_free(&v->kids[i]);
                if (v->keys)
                        free(v->keys[i]);
        }
        free(v->kids);
        free(v->keys);
}

__attribute__((format(printf, 3, 4))) static void perr(struct parser *ps, int line, const char *fmt,
                                                       ...)
{
        if (ps->failed)
                return;
        ps->failed = true;
        va_list ap;
        va_start(ap, fmt);
        tkit_diags_vadd(ps->d, TKIT_SEV_ERROR, ps->name, line, tkit_sim_rule_id(TKIT_SR_JSON), NULL, NULL, fmt, ap);
        va_end(ap);
}

static void skip_ws(struct parser *ps)
{
        while (ps->p < ps->end) {
                char c = *ps->p;
                if (c == '\n')
                        ps->line++;
                else if (c != ' ' && c != '\t' && c != '\r')
                        return;
                ps->p++;
        }
}

static bool parse_value(struct parser *ps, struct jv *v);

static int hexval(char c)
{
        if (c >= '0' && c <= '9')
                return c - '0';
        if (c >= 'a' && c <= 'f')
                return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
                return c - 'A' + 10;
        return -1;
}

static bool read_hex4(struct parser *ps, unsigned *out)
{
        if (ps->end - ps->p < 4) {
                perr(ps, ps->line, "truncated \\u escape");
                return false;
        }
        unsigned v = 0;
        for (int i = 0; i < 4; i++) {
                int h = hexval(ps->p[i]);
                if (h < 0) {
                        perr(ps, ps->line, "bad \\u escape");
                        return false;
                }
                v = v * 16 + (unsigned)h;
        }
        ps->p += 4;
        *out = v;
        return true;
}

static void put_utf8(struct tkit_buf *b, unsigned cp)
{
        char u[4];
        size_t n;
        if (cp < 0x80) {
                u[0] = (char)cp;
                n = 1;
        } else if (cp < 0x800) {
                u[0] = (char)(0xc0 | (cp >> 6));
                u[1] = (char)(0x80 | (cp & 0x3f));
                n = 2;
        } else if (cp < 0x10000) {
                u[0] = (char)(0xe0 | (cp >> 12));
                u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
                u[2] = (char)(0x80 | (cp & 0x3f));
                n = 3;
        } else {
                u[0] = (char)(0xf0 | (cp >> 18));
                u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
                u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
                u[3] = (char)(0x80 | (cp & 0x3f));
                n = 4;
        }
        tkit_buf_add(b, u, n);
}

static bool parse_escape(struct parser *ps, struct tkit_buf *b)
{
        char c = *ps->p++;
        const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
        const char *k = c ? strchr(from, c) : NULL;
        if (k) {
                tkit_buf_add(b, &to[k - from], 1);
                return true;
        }
        if (c != 'u') {
                perr(ps, ps->line, "bad escape '\\%c' in string", c);
                return false;
        }
        unsigned cp;
        if (!read_hex4(ps, &cp))
                return false;
        if (cp >= 0xd800 && cp < 0xdc00) {
                unsigned lo;
                if (ps->end - ps->p < 2 || ps->p[0] != '\\' || ps->p[1] != 'u') {
                        perr(ps, ps->line, "unpaired surrogate in string");
                        return false;
                }
                ps->p += 2;
                if (!read_hex4(ps, &lo))
                        return false;
                if (lo < 0xdc00 || lo > 0xdfff) {
                        perr(ps, ps->line, "unpaired surrogate in string");
                        return false;
                }
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
        } else if (cp >= 0xdc00 && cp < 0xe000) {
                perr(ps, ps->line, "unpaired surrogate in string");
                return false;
        } else if (cp == 0) {
                perr(ps, ps->line, "NUL character in string");
                return false;
        }
        put_utf8(b, cp);
        return true;
}

static bool parse_string(struct parser *ps, char **out)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        ps->p++; /* opening quote */
        for (;;) {
                if (ps->p >= ps->end) {
                        perr(ps, ps->line, "unterminated string");
                        break;
                }
                unsigned char c = (unsigned char)*ps->p;
                if (c == '"') {
                        ps->p++;
                        tkit_buf_add(&b, "", 0);
                        *out = tkit_buf_steal(&b);
                        return true;
                }
                if (c < 0x20) {
                        perr(ps, ps->line, "control character in string");
                        break;
                }
                if (c == '\\') {
                        ps->p++;
                        if (ps->p >= ps->end) {
                                perr(ps, ps->line, "unterminated string");
                                break;
                        }
                        if (!parse_escape(ps, &b))
                                break;
                        continue;
                }
                size_t n = c < 0x80 ? 1 : tkit_utf8_char(ps->p, (size_t)(ps->end - ps->p));
                if (!n) {
                        perr(ps, ps->line, "invalid UTF-8 in string");
                        break;
                }
                tkit_buf_add(&b, ps->p, n);
                ps->p += n;
        }
        tkit_buf_finish(&b);
        return false;
}

static bool parse_number(struct parser *ps, struct jv *v)
{
        const char *s = ps->p;
        const char *q = s;
        if (q < ps->end && *q == '-')
                q++;
        if (q >= ps->end || *q < '0' || *q > '9')
                goto bad;
        if (*q == '0')
                q++;
        else
                while (q < ps->end && *q >= '0' && *q <= '9')
                        q++;
        if (q < ps->end && *q == '.') {
                q++;
                if (q >= ps->end || *q < '0' || *q > '9')
                        goto bad;
                while (q < ps->end && *q >= '0' && *q <= '9')
                        q++;
        }
        if (q < ps->end && (*q == 'e' || *q == 'E')) {
                q++;
                if (q < ps->end && (*q == '+' || *q == '-'))
                        q++;
                if (q >= ps->end || *q < '0' || *q > '9')
                        goto bad;
                while (q < ps->end && *q >= '0' && *q <= '9')
                        q++;
        }
        if (q - s > 64) {
                perr(ps, ps->line, "number too long");
                return false;
        }
        v->type = J_NUM;
        v->s = tkit_xstrndup(s, (size_t)(q - s));
        ps->p = q;
        return true;
bad:
        perr(ps, ps->line, "malformed number");
        return false;
}

static bool parse_literal(struct parser *ps, struct jv *v, const char *word, enum jtype t, bool b)
{
        size_t n = strlen(word);
        if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) {
                perr(ps, ps->line, "unexpected character '%c'", *ps->p);
                return false;
        }
        ps->p += n;
        v->type = t;
        v->b = b;
        return true;
}

static bool parse_container(struct parser *ps, struct jv *v, bool object)
{
        char close = object ? '}' : ']';
        v->type = object ? J_OBJ : J_ARR;
        if (++ps->depth > TKIT_LAYOUT_MAX_DEPTH) {
                perr(ps, ps->line, "nesting deeper than %d", TKIT_LAYOUT_MAX_DEPTH);
                return false;
        }
        ps->p++;
        skip_ws(ps);
        if (ps->p < ps->end && *ps->p == close) {
                ps->p++;
                ps->depth--;
                return true;
        }
        for (;;) {
                char *key = NULL;
                if (object) {
                        skip_ws(ps);
                        if (ps->p >= ps->end || *ps->p != '"') {
                                perr(ps, ps->line, "expected a key string");
                                return false;
                        }
                        if (!parse_string(ps, &key))
                                return false;
                        /* layout objects have a handful of keys: the bound keeps the repeat
                         * check below from growing with the square of a hostile object */
                        if (v->n >= MAX_KEYS) {
                                perr(ps, ps->line, "an object with more than %d keys", MAX_KEYS);
                                free(key);
                                return false;
                        }
                        for (size_t i = 0; i < v->n; i++)
                                if (strcmp(v->keys[i], key) == 0) {
                                        perr(ps, ps->line, "duplicate key \"%.80s\"", key);
                                        free(key);
                                        return false;
                                }
                        skip_ws(ps);
                        if (ps->p >= ps->end || *ps->p != ':') {
                                perr(ps, ps->line, "expected ':' after key \"%.80s\"", key);
                                free(key);
                                return false;
                        }
                        ps->p++;
                }
                struct jv *kid = TKIT_PUSH(v->kids, v->n, v->cap);
                memset(kid, 0, sizeof(*kid));
                if (object) {
                        tkit_grow((void **)&v->keys, &v->capk, v->n, sizeof(*v->keys));
                        v->keys[v->n - 1] = key;
                }
                if (!parse_value(ps, kid))
                        return false;
                skip_ws(ps);
                if (ps->p < ps->end && *ps->p == ',') {
                        ps->p++;
                        continue;
                }
                if (ps->p < ps->end && *ps->p == close) {
                        ps->p++;
                        ps->depth--;
                        return true;
                }
                if (ps->p >= ps->end)
                        perr(ps, ps->line, "unexpected end of input (missing '%c')", close);
                else
                        perr(ps, ps->line, "expected ',' or '%c'", close);
                return false;
        }
}

static bool parse_value(struct parser *ps, struct jv *v)
{
        skip_ws(ps);
        v->line = ps->line;
        if (ps->p >= ps->end) {
                perr(ps, ps->line, "unexpected end of input");
                return false;
        }
        switch (*ps->p) {
        case '{':
                return parse_container(ps, v, true);
        case '[':
                return parse_container(ps, v, false);
        case '"':
                v->type = J_STR;
                return parse_string(ps, &v->s);
        case 't':
                return parse_literal(ps, v, "true", J_BOOL, true);
        case 'f':
                return parse_literal(ps, v, "false", J_BOOL, false);
        case 'n':
                return parse_literal(ps, v, "null", J_NULL, false);
        default:
                return parse_number(ps, v);
        }
}

/* ---------------------------------------------------------------- reader: meaning */

static const struct jv *get(const struct jv *o, const char *key)
{
        for (size_t i = 0; i < o->n; i++)
                if (strcmp(o->keys[i], key) == 0)
                        return &o->kids[i];
        return NULL;
}

static bool known_keys(struct parser *ps, const struct jv *o, const char *const *keys)
{
        for (size_t i = 0; i < o->n; i++) {
                bool ok = false;
                for (const char *const *k = keys; *k && !ok; k++)
                        ok = strcmp(*k, o->keys[i]) == 0;
                if (!ok) {
                        perr(ps, o->kids[i].line, "unknown key \"%s\"", o->keys[i]);
                        return false;
                }
        }
        return true;
}

static bool get_int(struct parser *ps, const struct jv *o, const char *key, bool required, long min,
                    long max, int *out)
{
        const struct jv *v = get(o, key);
        if (!v) {
                if (required)
                        perr(ps, o->line, "missing \"%s\"", key);
                return !required;
        }
        char *end;
        errno = 0;
        long n = v->type == J_NUM ? strtol(v->s, &end, 10) : 0;
        if (v->type != J_NUM || errno || *end || n < min || n > max) {
                perr(ps, v->line, "\"%s\" must be an integer in [%ld, %ld]", key, min, max);
                return false;
        }
        *out = (int)n;
        return true;
}

static const char *get_str(struct parser *ps, const struct jv *o, const char *key, bool required)
{
        const struct jv *v = get(o, key);
        if (!v) {
                if (required)
                        perr(ps, o->line, "missing \"%s\"", key);
                return NULL;
        }
        if (v->type != J_STR || !v->s[0]) {
                perr(ps, v->line, "\"%s\" must be a non-empty string", key);
                return NULL;
        }
        return v->s;
}

static const struct jv *get_array(struct parser *ps, const struct jv *o, const char *key)
{
        const struct jv *v = get(o, key);
        if (!v)
                perr(ps, o->line, "missing \"%s\"", key);
        else if (v->type != J_ARR)
                perr(ps, v->line, "\"%s\" must be an array", key);
        else
                return v;
        return NULL;
}

static bool read_placement(struct parser *ps, const struct jv *o, struct tkit_layout *l)
{
        static const char *const keys[] = {"set", "tile",     "piece",  "x",
                                           "y",   "rotation", "bridge", NULL};
        if (o->type != J_OBJ) {
                perr(ps, o->line, "a placement must be an object");
                return false;
        }
        if (!known_keys(ps, o, keys))
                return false;
        struct tkit_placement p = {0};
        const char *set = get(o, "set") ? get_str(ps, o, "set", true) : NULL;
        const char *tile = get_str(ps, o, "tile", true);
        int rot = 0;
        if (!tile || ps->failed)
                return false;
        const struct jv *pv = get(o, "piece");
        if (pv && pv->type != J_BOOL) {
                perr(ps, pv->line, "\"piece\" must be true or false");
                return false;
        }
        p.is_piece = pv && pv->b;
        if (!get_int(ps, o, "x", true, -TKIT_MAX_COORD, TKIT_MAX_COORD, &p.x) ||
            !get_int(ps, o, "y", true, -TKIT_MAX_COORD, TKIT_MAX_COORD, &p.y) ||
            !get_int(ps, o, "rotation", true, 0, 270, &rot))
                return false;
        if (rot % 90) {
                perr(ps, get(o, "rotation")->line, "\"rotation\" must be 0, 90, 180 or 270");
                return false;
        }
        p.rotation = rot;
        const char *br = get(o, "bridge") ? get_str(ps, o, "bridge", true) : NULL;
        if (ps->failed)
                return false;
        if (br) {
                int a = tkit_bridge_axis_parse(br);
                if (a < 0) {
                        perr(ps, get(o, "bridge")->line, "\"bridge\" must be \"NS\" or \"EW\"");
                        return false;
                }
                p.bridge = (enum tkit_bridge_axis)a;
        }
        p.set = set ? tkit_layout_intern(l, set) : NULL;
        p.tile = tkit_layout_intern(l, tile);
        *TKIT_PUSH(l->placements, l->nplacements, l->capplacements) = p;
        return true;
}

static bool read_discard(struct parser *ps, const struct jv *o, struct tkit_layout *l)
{
        static const char *const keys[] = {"set", "tile", "after", NULL};
        if (o->type != J_OBJ) {
                perr(ps, o->line, "a discarded tile must be an object");
                return false;
        }
        if (!known_keys(ps, o, keys))
                return false;
        struct tkit_discard d = {0};
        const char *set = get(o, "set") ? get_str(ps, o, "set", true) : NULL;
        const char *tile = get_str(ps, o, "tile", true);
        if (!tile || ps->failed || !get_int(ps, o, "after", true, 0, INT_MAX, &d.after))
                return false;
        d.set = set ? tkit_layout_intern(l, set) : NULL;
        d.tile = tkit_layout_intern(l, tile);
        *TKIT_PUSH(l->discards, l->ndiscards, l->capdiscards) = d;
        return true;
}

static bool read_stats(struct parser *ps, const struct jv *o, struct tkit_layout_stats *s)
{
        if (o->type != J_OBJ) {
                perr(ps, o->line, "\"stats\" must be an object");
                return false;
        }
        /* figures are recomputed by whoever needs them; here they are only checked for form */
        for (size_t i = 0; i < o->n; i++) {
                int v;
                if (!get_int(ps, o, o->keys[i], true, INT_MIN, INT_MAX, &v))
                        return false;
                if (strcmp(o->keys[i], "min_x") == 0)
                        s->min_x = v;
                else if (strcmp(o->keys[i], "min_y") == 0)
                        s->min_y = v;
                else if (strcmp(o->keys[i], "max_x") == 0)
                        s->max_x = v;
                else if (strcmp(o->keys[i], "max_y") == 0)
                        s->max_y = v;
                else if (strcmp(o->keys[i], "placed") == 0)
                        s->placed = v;
                else if (strcmp(o->keys[i], "cells") == 0)
                        s->cells = v;
                else if (strcmp(o->keys[i], "discarded") == 0)
                        s->discarded = v;
                else if (strcmp(o->keys[i], "bridges") == 0)
                        s->bridges = v;
                else if (strcmp(o->keys[i], "cities_completed") == 0)
                        s->cities_completed = v;
                else if (strcmp(o->keys[i], "roads_completed") == 0)
                        s->roads_completed = v;
                else if (strcmp(o->keys[i], "cloisters_completed") == 0)
                        s->cloisters_completed = v;
                else if (strcmp(o->keys[i], "castle_opportunities") == 0)
                        s->castle_opportunities = v;
                else if (strcmp(o->keys[i], "barn_opportunities") == 0)
                        s->barn_opportunities = v;
                else if (strcmp(o->keys[i], "symbols_knights") == 0)
                        s->symbols[TKIT_POST_KNIGHTS] = v;
                else if (strcmp(o->keys[i], "symbols_travelers") == 0)
                        s->symbols[TKIT_POST_TRAVELERS] = v;
                else if (strcmp(o->keys[i], "symbols_monks") == 0)
                        s->symbols[TKIT_POST_MONKS] = v;
                else if (strcmp(o->keys[i], "symbols_any") == 0)
                        s->symbols[TKIT_POST_ANY] = v;
                else if (strcmp(o->keys[i], "width") != 0 && strcmp(o->keys[i], "height") != 0) {
                        perr(ps, o->kids[i].line, "unknown key \"%s\" in \"stats\"", o->keys[i]);
                        return false;
                }
        }
        return true;
}

static bool read_seed(struct parser *ps, const struct jv *root, uint64_t *seed)
{
        const struct jv *v = get(root, "seed");
        if (!v) {
                perr(ps, root->line, "missing \"seed\"");
                return false;
        }
        char *end;
        errno = 0;
        unsigned long long n = v->type == J_NUM ? strtoull(v->s, &end, 10) : 0;
        if (v->type != J_NUM || errno || *end || v->s[0] == '-') {
                perr(ps, v->line, "\"seed\" must be an integer in [0, 2^64)");
                return false;
        }
        *seed = (uint64_t)n;
        return true;
}

static const char *layout_set(const void *l, size_t i)
{
        return ((const struct tkit_layout *)l)->sets[i];
}

/* "sets": non-empty strings, each once (a set played twice is not a game). */
static bool read_set_ids(struct parser *ps, const struct jv *sets, struct tkit_layout *l)
{
        struct tkit_index seen;
        tkit_index_init(&seen);
        bool ok = true;
        for (size_t i = 0; i < sets->n && ok; i++) {
                const struct jv *v = &sets->kids[i];
                if (v->type != J_STR || !v->s[0]) {
                        perr(ps, v->line, "set ids must be non-empty strings");
                        ok = false;
                } else if (tkit_index_find(&seen, v->s, layout_set, l) >= 0) {
                        perr(ps, v->line, "set '%.80s' is listed twice in \"sets\"", v->s);
                        ok = false;
                } else {
                        *TKIT_PUSH(l->sets, l->nsets, l->capsets) = tkit_xstrdup(v->s);
                        tkit_index_add(&seen, v->s, l->nsets - 1);
                }
        }
        tkit_index_finish(&seen);
        return ok;
}

static bool read_layout(struct parser *ps, const struct jv *root, struct tkit_layout *l)
{
        static const char *const keys[] = {"seed",      "sets",  "players", "placements",
                                           "discarded", "stats", NULL};
        if (root->type != J_OBJ) {
                perr(ps, root->line, "a layout must be a JSON object");
                return false;
        }
        if (!known_keys(ps, root, keys) || !read_seed(ps, root, &l->seed) ||
            !get_int(ps, root, "players", true, 1, TKIT_MAX_LAYOUT_PLAYERS, &l->players))
                return false;
        const struct jv *sets = get_array(ps, root, "sets");
        if (!sets)
                return false;
        if (!read_set_ids(ps, sets, l))
                return false;
        const struct jv *pl = get_array(ps, root, "placements");
        if (!pl)
                return false;
        for (size_t i = 0; i < pl->n; i++)
                if (!read_placement(ps, &pl->kids[i], l))
                        return false;
        const struct jv *dc = get_array(ps, root, "discarded");
        if (!dc)
                return false;
        for (size_t i = 0; i < dc->n; i++)
                if (!read_discard(ps, &dc->kids[i], l))
                        return false;
        const struct jv *st = get(root, "stats");
        if (st) {
                if (!read_stats(ps, st, &l->stats))
                        return false;
                l->has_stats = true;
        }
        /* a single set names every placement that does not say otherwise */
        for (size_t i = 0; i < l->nplacements; i++)
                if (!l->placements[i].set && l->nsets == 1)
                        l->placements[i].set = tkit_layout_intern(l, l->sets[0]);
        for (size_t i = 0; i < l->ndiscards; i++)
                if (!l->discards[i].set && l->nsets == 1)
                        l->discards[i].set = tkit_layout_intern(l, l->sets[0]);
        return true;
}

struct tkit_layout *tkit_layout_read_json(const char *data, size_t len, const char *name,
                                          struct tkit_set *const *sets, size_t nsets,
                                          struct tkit_diags *d)
{
        struct parser ps = {data, data + len, name, 1, 0, d, false};
        if (len > TKIT_LAYOUT_MAX_BYTES) {
                perr(&ps, 0, "layout larger than %u bytes", TKIT_LAYOUT_MAX_BYTES);
                return NULL;
        }
        if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
                ps.p += 3; /* a UTF-8 byte order mark is tolerated */
        struct jv root = {0};
        struct tkit_layout *l = NULL;
        if (!parse_value(&ps, &root))
                goto out;
        skip_ws(&ps);
        if (ps.p != ps.end) {
                perr(&ps, ps.line, "trailing characters after the layout");
                goto out;
        }
        if (memchr(data, '\0', len)) {
                perr(&ps, 0, "NUL byte in input");
                goto out;
        }
        l = tkit_layout_new();
        if (!read_layout(&ps, &root, l))
                goto fail;
        struct tkit_diags mine;
        tkit_diags_init(&mine);
        mine.limit = d->limit;
        bool bad = nsets > 0 && (tkit_layout_resolve(l, sets, nsets, &mine) < 0 ||
                                 tkit_layout_verify(l, sets, nsets, &mine) < 0);
        /* resolve and verify know no file: name this one in what they reported */
        tkit_diags_take(d, &mine, name);
        tkit_diags_finish(&mine);
        if (bad)
                goto fail;
        goto out;
fail:
        tkit_layout_destroy(l);
        l = NULL;
out:
        jv_free(&root);
        return l;
}

struct tkit_layout *tkit_layout_read_json_stream(FILE *f, const char *name,
                                                 struct tkit_set *const *sets, size_t nsets,
                                                 struct tkit_diags *d)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        char chunk[65536];
        size_t n;
        bool big = false;
        while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
                if (b.len + n > TKIT_LAYOUT_MAX_BYTES) {
                        big = true;
                        break;
                }
                tkit_buf_add(&b, chunk, n);
        }
        struct tkit_layout *l = NULL;
        if (ferror(f))
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL, "cannot read: %s",
                               strerror(errno));
        else if (big)
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, tkit_sim_rule_id(TKIT_SR_JSON), NULL, NULL,
                               "layout larger than %u bytes", TKIT_LAYOUT_MAX_BYTES);
        else
                l = tkit_layout_read_json(b.data ? b.data : "", b.len, name, sets, nsets, d);
        tkit_buf_finish(&b);
        return l;
}

struct tkit_layout *tkit_layout_read_json_file(const char *path, struct tkit_set *const *sets,
                                               size_t nsets, struct tkit_diags *d)
{
        FILE *f = tkit_input_open(path, NULL, d); /* a regular file only: never blocks */
        if (!f)
                return NULL;
        struct tkit_layout *l = tkit_layout_read_json_stream(f, path, sets, nsets, d);
        fclose(f);
        return l;
}
