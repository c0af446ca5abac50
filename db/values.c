/* The values of a row read from the database, checked as they are read: the set loader (load.c)
 * and the layouts (layouts.c) take a database as input like any file, so each column is checked
 * for its storage class, its range as a 64-bit integer before it is narrowed, text within
 * TKIT_MAX_TEXT without NUL bytes, and the syntax of ids, one way for both. */
#include "db-private.h"

#include <stdlib.h>
#include <string.h>

void tkit_dbi_bad(struct tkit_dbi_row *r, const char *fmt, ...)
{
        va_list ap;
        va_start(ap, fmt);
        char *msg = tkit_xvasprintf(fmt, ap);
        va_end(ap);
        char *set = tkit_dbi_quoted(r->set_id);
        if (set[0] && !strstr(r->where, "set_id '"))
                tkit_diags_add(r->d, TKIT_SEV_ERROR, r->db->path, 0, r->rule, r->set_id, NULL,
                               "%s (set '%s'): %s", r->where, set, msg);
        else
                tkit_diags_add(r->d, TKIT_SEV_ERROR, r->db->path, 0, r->rule, NULL, NULL, "%s: %s",
                               r->where, msg);
        free(set);
        free(msg);
        if (!r->err)
                r->err = r->bad_err;
}

char *tkit_dbi_quoted(const char *s)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "");
        size_t i = 0;
        for (; s && s[i] && i < 80; i++) {
                unsigned char ch = (unsigned char)s[i];
                if (ch < 0x20 || ch >= 0x7f || ch == '\\')
                        tkit_buf_printf(&b, "\\x%02x", ch);
                else
                        tkit_buf_add(&b, s + i, 1);
        }
        if (s && s[i])
                tkit_buf_puts(&b, "...");
        return tkit_buf_steal(&b);
}

static const char *type_name(int type)
{
        switch (type) {
        case SQLITE_INTEGER:
                return "an integer";
        case SQLITE_FLOAT:
                return "a real number";
        case SQLITE_TEXT:
                return "text";
        case SQLITE_BLOB:
                return "a blob";
        default:
                return "NULL";
        }
}

bool tkit_dbi_check_int(struct tkit_dbi_row *r, const char *name, long long v, long long min,
                        long long max)
{
        if (v >= min && v <= max)
                return true;
        tkit_dbi_bad(r, "%s %lld is outside %lld..%lld", name, v, min, max);
        return false;
}

bool tkit_dbi_col_int(struct tkit_dbi_row *r, sqlite3_stmt *st, int i, const char *name,
                      long long min, long long max, long long *v)
{
        int type = sqlite3_column_type(st, i);
        if (type != SQLITE_INTEGER) {
                tkit_dbi_bad(r, "%s is %s, not an integer", name, type_name(type));
                return false;
        }
        *v = sqlite3_column_int64(st, i);
        return tkit_dbi_check_int(r, name, *v, min, max);
}

const char *tkit_dbi_col_text(struct tkit_dbi_row *r, sqlite3_stmt *st, int i, const char *name,
                              bool null_ok)
{
        int type = sqlite3_column_type(st, i);
        if (type == SQLITE_NULL && null_ok)
                return NULL;
        if (type != SQLITE_TEXT) {
                tkit_dbi_bad(r, "%s is %s, not text", name, type_name(type));
                return NULL;
        }
        /* the length first: text is only converted (and copied) when it is within the limit */
        int n = sqlite3_column_bytes(st, i);
        if (n > TKIT_MAX_TEXT) {
                tkit_dbi_bad(r, "%s is %d bytes long; the limit is %d", name, n, TKIT_MAX_TEXT);
                return NULL;
        }
        const char *s = (const char *)sqlite3_column_text(st, i);
        if (!s || strlen(s) != (size_t)n) {
                tkit_dbi_bad(r, "%s holds a NUL byte", name);
                return NULL;
        }
        return s;
}

bool tkit_dbi_check_id(struct tkit_dbi_row *r, const char *name, const char *s)
{
        if (tkit_id_valid(s))
                return true;
        char *q = tkit_dbi_quoted(s);
        tkit_dbi_bad(r, "%s '%s' is not an id ([A-Za-z0-9][A-Za-z0-9._:/@+!-]*, up to %d bytes)",
                     name, q, TKIT_MAX_ID);
        free(q);
        return false;
}
