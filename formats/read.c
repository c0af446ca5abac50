/* Reading tile files: size limit, safe XML parsing, and dispatch by root element.
 *
 * Safety: libxml2 runs with XML_PARSE_NONET and without NOENT / DTDLOAD / HUGE, so external
 * entities are never loaded and libxml2's own limits (depth, entity amplification, text size)
 * apply. On top of that any DOCTYPE stops the parser at once (rule XML-DTD): the format needs no
 * DTD, and a document that has none cannot declare entities, so nothing in the file can make the
 * parser read another file. */
#define _GNU_SOURCE /* memmem */
#include "formats-private.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

#define RULE_PARSE tkit_read_rule_id(TKIT_RR_XML_PARSE)
#define RULE_DTD tkit_read_rule_id(TKIT_RR_XML_DTD)
#define RULE_LIMIT tkit_read_rule_id(TKIT_RR_XML_LIMIT)
#define RULE_UNKNOWN tkit_read_rule_id(TKIT_RR_XML_UNKNOWN)

static const char *const format_names[] = {"auto", "tilekit", "jcz"};

const char *tkit_format_name(enum tkit_format f)
{
        return (unsigned)f < 3 ? format_names[f] : "?";
}

int tkit_format_parse(const char *s)
{
        for (int i = 0; s && i < 3; i++)
                if (strcmp(s, format_names[i]) == 0)
                        return i;
        if (s && strcmp(s, "native") == 0)
                return TKIT_FORMAT_NATIVE;
        return -1;
}

/* ------------------------------------------------------------------ libxml2 errors */

void tkit_xml_error_cb(void *data, TKIT_XML_ERROR *err)
{
        struct tkit_xml_errors *e = data;
        if (!e || !err || err->level == XML_ERR_NONE)
                return;
        enum tkit_severity sev = err->level == XML_ERR_WARNING ? TKIT_SEV_WARNING : TKIT_SEV_ERROR;
        const char *msg = err->message ? err->message : "unknown XML error";
        size_t n = strlen(msg);
        while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
                n--; /* libxml2 ends its messages with a newline */
        int line = err->line;
        if (line <= 0 && err->node && ((xmlNode *)err->node)->type == XML_ELEMENT_NODE)
                line = (int)xmlGetLineNo(err->node);
        /* One line per diagnostic: libxml2 sometimes adds a second line (the bad bytes). */
        char *one = tkit_xstrndup(msg, n);
        for (char *p = one; *p; p++)
                if (*p == '\n' || *p == '\r')
                        *p = ' ';
        tkit_diags_add(e->d, sev, e->name, line > 0 ? line : 0, e->rule, NULL, NULL, "%s", one);
        free(one);
        if (sev == TKIT_SEV_ERROR)
                e->errors++;
}

/* Unstructured messages only come from libxml2 internals that have no structured report (debug
 * output); the library never prints, so they are dropped. */
static void generic_sink(void *ctx, const char *msg, ...)
{
        (void)ctx;
        (void)msg;
}

void tkit_xml_errors_push(struct tkit_xml_errors *e, const char *name, const char *rule,
                          struct tkit_diags *d)
{
        e->name = name;
        e->d = d;
        e->rule = rule;
        e->errors = 0;
        e->saved_structured = xmlStructuredError;
        e->saved_structured_ctx = xmlStructuredErrorContext;
        e->saved_generic = xmlGenericError;
        e->saved_generic_ctx = xmlGenericErrorContext;
        /* A fallback for reports that do not go through the per-context handlers. */
        xmlSetStructuredErrorFunc(e, tkit_xml_error_cb);
        xmlSetGenericErrorFunc(NULL, generic_sink);
}

void tkit_xml_errors_pop(struct tkit_xml_errors *e)
{
        xmlSetStructuredErrorFunc(e->saved_structured_ctx, e->saved_structured);
        xmlSetGenericErrorFunc(e->saved_generic_ctx, e->saved_generic);
}

/* ------------------------------------------------------------------ parsing */

struct parse_state {
        struct tkit_xml_errors errs;
        int dtd_line; /* > 0 when a DOCTYPE was seen */
};

/* The parser context's user data is the context itself (SAX2 needs it); our state hangs off
 * _private. */
static void parser_error_cb(void *data, TKIT_XML_ERROR *err)
{
        xmlParserCtxt *ctxt = data;
        struct parse_state *st = ctxt ? ctxt->_private : NULL;
        if (st)
                tkit_xml_error_cb(&st->errs, err);
}

static void on_doctype(void *data, const xmlChar *name, const xmlChar *external_id,
                       const xmlChar *system_id)
{
        (void)name;
        (void)external_id;
        (void)system_id;
        xmlParserCtxt *ctxt = data;
        struct parse_state *st = ctxt->_private;
        st->dtd_line = ctxt->input ? ctxt->input->line : 1;
        if (st->dtd_line <= 0)
                st->dtd_line = 1;
        /* Stop before the internal subset is even read: no entity is ever declared. */
        xmlStopParser(ctxt);
}

/* The document is fed to libxml2 in chunks rather than as one memory block: libxml2 (without
 * XML_PARSE_HUGE, which stays off) refuses to look ahead over more than 10 MB of one buffer, and
 * chunked input lets it discard what it has parsed, so files up to TKIT_MAX_INPUT_BYTES work. */
struct mem_reader {
        const char *p;
        size_t left;
};

static int mem_read(void *ctx, char *buf, int len)
{
        struct mem_reader *m = ctx;
        size_t n = len > 0 ? (size_t)len : 0;
        if (n > m->left)
                n = m->left;
        memcpy(buf, m->p, n);
        m->p += n;
        m->left -= n;
        return (int)n;
}

static int mem_close(void *ctx)
{
        (void)ctx;
        return 0;
}

/* libxml2 gives an element the line on which its start tag ends; diagnostics should point at the
 * line where it starts. When the start tag has been read, the input still holds it (libxml2
 * re-reads a tag whose buffer moved), so the newlines between its '<' and the current position
 * are counted back. Lines from 65535 on are stored elsewhere and left alone. */
static void start_element(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                          const xmlChar *uri, int nb_namespaces, const xmlChar **namespaces,
                          int nb_attributes, int nb_defaulted, const xmlChar **attributes)
{
        xmlParserCtxt *ctxt = ctx;
        xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces, nb_attributes,
                              nb_defaulted, attributes);
        xmlNode *n = ctxt->node;
        if (!n || !ctxt->input || n->line >= 65535)
                return;
        int newlines = 0;
        for (const xmlChar *p = ctxt->input->cur; p > ctxt->input->base;) {
                p--;
                if (*p == '<') {
                        if (newlines < n->line)
                                n->line = (unsigned short)(n->line - newlines);
                        return;
                }
                newlines += *p == '\n';
        }
}

/* ------------------------------------------------------------------ the attribute pre-scan */

/* Where a start tag with too many attributes is, for the message. */
struct crowded_tag {
        size_t line;    /* of its '<' */
        size_t at;      /* offset of the name after '<' */
        size_t namelen; /* up to 80 bytes of it */
};

/* Offset just past the first `end` at or after `i`, or `len` when there is none. */
static size_t skip_past(const char *p, size_t len, size_t i, const char *end, size_t *line)
{
        size_t n = strlen(end);
        const char *hit = len - i >= n ? memmem(p + i, len - i, end, n) : NULL;
        size_t stop = hit ? (size_t)(hit - p) + n : len;
        for (const char *q = p + i; (q = memchr(q, '\n', (size_t)(p + stop - q))) != NULL; q++)
                (*line)++;
        return stop;
}

/* Counts the attributes of the start tag whose '<' is at `i` (an '=' outside quoted values is
 * one); returns the offset after it, sets *count. A '<' ends it too (libxml2 stops there). */
static size_t scan_start_tag(const char *p, size_t len, size_t i, size_t *count, size_t *line)
{
        char quote = 0;
        *count = 0;
        for (i++; i < len; i++) {
                char c = p[i];
                if (c == '\n')
                        (*line)++;
                else if (quote)
                        quote = c == quote ? 0 : quote;
                else if (c == '"' || c == '\'')
                        quote = c;
                else if (c == '=')
                        (*count)++;
                else if (c == '>' || c == '<')
                        return c == '>' ? i + 1 : i;
        }
        return len;
}

/* One pass over the bytes, before libxml2 parses them: false (and *where) at the first start tag
 * with more than TKIT_MAX_XML_ATTRIBUTES attributes. Comments, processing instructions and CDATA
 * sections are skipped whole; a DOCTYPE ends the scan (the parser stops there: XML-DTD). The
 * bytes of UTF-16 and UTF-32 files hold the same ASCII marks, so those are scanned alike. */
static bool attributes_bounded(const char *p, size_t len, struct crowded_tag *where)
{
        size_t line = 1, i = 0;
        while (i < len) {
                const char *lt = memchr(p + i, '<', len - i);
                if (!lt)
                        break;
                for (const char *q = p + i; (q = memchr(q, '\n', (size_t)(lt - q))) != NULL; q++)
                        line++;
                i = (size_t)(lt - p);
                const char *rest = p + i + 1;
                size_t left = len - i - 1;
                if (left >= 3 && memcmp(rest, "!--", 3) == 0)
                        i = skip_past(p, len, i + 4, "-->", &line);
                else if (left >= 8 && memcmp(rest, "![CDATA[", 8) == 0)
                        i = skip_past(p, len, i + 9, "]]>", &line);
                else if (left >= 1 && rest[0] == '?')
                        i = skip_past(p, len, i + 2, "?>", &line);
                else if (left >= 1 && rest[0] == '!')
                        return true; /* a DOCTYPE: the parser stops at it */
                else if (left >= 1 && rest[0] == '/')
                        i = skip_past(p, len, i + 2, ">", &line);
                else {
                        size_t count, at = line;
                        size_t next = scan_start_tag(p, len, i, &count, &line);
                        if (count > TKIT_MAX_XML_ATTRIBUTES) {
                                size_t n = 0;
                                while (n < left && n < 80 && rest[n] != ' ' && rest[n] != '\t' &&
                                       rest[n] != '\n' && rest[n] != '\r' && rest[n] != '>' &&
                                       rest[n] != '/' && (unsigned char)rest[n] >= 0x21 &&
                                       (unsigned char)rest[n] < 0x7f)
                                        n++;
                                *where = (struct crowded_tag){at, i + 1, n};
                                return false;
                        }
                        i = next;
                }
        }
        return true;
}

xmlDoc *tkit_xml_parse(const char *data, size_t len, const char *name, struct tkit_diags *d,
                       int *err)
{
        const struct tkit_xml_rules rules = {RULE_PARSE, RULE_DTD, RULE_LIMIT};
        return tkit_xml_parse_as(data, len, name, &rules, d, err);
}

xmlDoc *tkit_xml_parse_as(const char *data, size_t len, const char *name,
                          const struct tkit_xml_rules *rules, struct tkit_diags *d, int *err)
{
        *err = TKIT_E_LIMIT;
        if (len > TKIT_MAX_INPUT_BYTES) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, rules->limit, NULL, NULL,
                               "%zu bytes is more than the %u bytes allowed", len,
                               TKIT_MAX_INPUT_BYTES);
                return NULL;
        }
        struct crowded_tag tag;
        if (!attributes_bounded(data, len, &tag)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, tag.line > INT_MAX ? 0 : (int)tag.line,
                               rules->limit, NULL, NULL,
                               "<%.*s> has more than %u attributes (the limit for any element)",
                               (int)tag.namelen, data + tag.at, TKIT_MAX_XML_ATTRIBUTES);
                return NULL;
        }
        *err = TKIT_E_INVALID;
        struct parse_state st = {.dtd_line = 0};
        tkit_xml_errors_push(&st.errs, name, rules->parse, d);
        xmlDoc *doc = NULL;
        xmlParserCtxt *ctxt = xmlNewParserCtxt();
        if (!ctxt) {
                fprintf(stderr, "tilekit: out of memory\n");
                abort();
        }
        ctxt->_private = &st;
        ctxt->sax->serror = parser_error_cb;
        ctxt->sax->error = NULL;
        ctxt->sax->warning = NULL;
        ctxt->sax->internalSubset = on_doctype;
        ctxt->sax->startElementNs = start_element;
        struct mem_reader mr = {data, len};
        doc = xmlCtxtReadIO(ctxt, mem_read, mem_close, &mr, name, NULL,
                            XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA);
        if (st.dtd_line > 0) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, st.dtd_line, rules->dtd, NULL, NULL,
                               "DTDs and entities are not allowed");
                xmlFreeDoc(doc);
                doc = NULL;
        } else if (st.errs.errors > 0 || !doc) {
                if (st.errs.errors == 0)
                        tkit_diags_add(d, TKIT_SEV_ERROR, name, 1, rules->parse, NULL, NULL,
                                       "cannot parse the document");
                xmlFreeDoc(doc);
                doc = NULL;
        }
        xmlFreeParserCtxt(ctxt);
        tkit_xml_errors_pop(&st.errs);
        return doc;
}

/* ------------------------------------------------------------------ reading */

/* Whether the bytes are UTF-16 or UTF-32 (with or without a byte-order mark), which libxml2
 * would convert silently: the native format is UTF-8 only. */
bool tkit_xml_wide_encoding(const unsigned char *p, size_t len)
{
        return len >= 2 && ((p[0] == 0xfe && p[1] == 0xff) || (p[0] == 0xff && p[1] == 0xfe) ||
                            p[0] == 0 || p[1] == 0);
}

static int read_doc(xmlDoc *doc, const char *name, enum tkit_format fmt, bool wide,
                    struct tkit_setlist *out, struct tkit_diags *d)
{
        xmlNode *root = xmlDocGetRootElement(doc);
        if (fmt == TKIT_FORMAT_AUTO && root && !root->ns) {
                if (strcmp((const char *)root->name, "tileset") == 0)
                        fmt = TKIT_FORMAT_NATIVE;
                else if (strcmp((const char *)root->name, "defs") == 0)
                        fmt = TKIT_FORMAT_JCZ;
        }
        if (fmt == TKIT_FORMAT_NATIVE && wide) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 1, tkit_read_rule_id(TKIT_RR_XML_VALUE),
                               NULL, NULL, "the file is UTF-16 or UTF-32; the format is UTF-8");
                return TKIT_E_INVALID;
        }
        if (fmt == TKIT_FORMAT_NATIVE)
                return tkit_native_read_doc(doc, name, out, d);
        if (fmt == TKIT_FORMAT_JCZ)
                return tkit_jcz_read_doc(doc, name, out, d);
        tkit_diags_add(d, TKIT_SEV_ERROR, name, root ? (int)xmlGetLineNo(root) : 1, RULE_UNKNOWN,
                       NULL, NULL,
                       "unknown root element <%s>: expected <tileset> (tilekit) or <defs> "
                       "(JCloisterZone)",
                       root ? (const char *)root->name : "");
        return TKIT_E_INVALID;
}

int tkit_read_memory(const char *data, size_t len, const char *name, enum tkit_format fmt,
                     struct tkit_setlist *out, struct tkit_diags *d)
{
        if (!name)
                name = "<memory>";
        if ((unsigned)fmt > TKIT_FORMAT_JCZ || (!data && len))
                return TKIT_E_USAGE;
        int err;
        xmlDoc *doc = tkit_xml_parse(data ? data : "", len, name, d, &err);
        if (!doc)
                return err;
        /* Read into a list of our own, so that `out` gets everything or nothing (or, recovering,
         * what the reader kept). */
        struct tkit_setlist tmp;
        tkit_setlist_init(&tmp);
        tmp.recover = out->recover;
        int rc = read_doc(doc, name, fmt, tkit_xml_wide_encoding((const unsigned char *)data, len),
                          &tmp, d);
        xmlFreeDoc(doc);
        if (rc == 0 || out->recover)
                for (size_t i = 0; i < tmp.n; i++) {
                        tkit_setlist_add(out, tmp.sets[i]);
                        tmp.sets[i] = NULL;
                }
        for (size_t i = 0; i < tmp.n; i++)
                tkit_set_destroy(tmp.sets[i]);
        free(tmp.sets);
        return rc < 0 ? rc : 0;
}

/* Reads at most TKIT_MAX_INPUT_BYTES + 1 bytes, so that pipes are limited too. */
static int slurp(FILE *f, const char *path, const char *rule_limit, char **data, size_t *len,
                 struct tkit_diags *d)
{
        size_t cap = 64 * 1024, n = 0;
        struct stat sb;
        if (fstat(fileno(f), &sb) == 0 && S_ISREG(sb.st_mode)) {
                if ((unsigned long long)sb.st_size > TKIT_MAX_INPUT_BYTES) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, rule_limit, NULL, NULL,
                                       "file is %lld bytes, more than the %u bytes allowed",
                                       (long long)sb.st_size, TKIT_MAX_INPUT_BYTES);
                        return TKIT_E_LIMIT;
                }
                cap = (size_t)sb.st_size + 1;
        }
        char *buf = tkit_xmalloc(cap);
        for (;;) {
                if (n == cap)
                        buf = tkit_xrealloc(buf, cap *= 2);
                size_t got = fread(buf + n, 1, cap - n, f);
                n += got;
                if (n > TKIT_MAX_INPUT_BYTES) {
                        free(buf);
                        tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, rule_limit, NULL, NULL,
                                       "input is more than the %u bytes allowed",
                                       TKIT_MAX_INPUT_BYTES);
                        return TKIT_E_LIMIT;
                }
                if (got == 0)
                        break;
        }
        if (ferror(f)) {
                int e = errno;
                free(buf);
                tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "cannot read %s: %s",
                               path, strerror(e));
                return TKIT_E_IO;
        }
        *data = buf;
        *len = n;
        return 0;
}

int tkit_read_input_stream(FILE *f, const char *name, const char *rule_limit, char **data,
                           size_t *len, struct tkit_diags *d)
{
        struct stat sb;
        if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL,
                               "cannot read %s: is a directory", name);
                return TKIT_E_IO;
        }
        return slurp(f, name, rule_limit, data, len, d);
}

int tkit_read_input_file(const char *path, const char *rule_limit, char **data, size_t *len,
                         struct tkit_diags *d)
{
        if (!path)
                return TKIT_E_USAGE;
        FILE *f = tkit_input_open(path, NULL, d); /* a regular file only: never blocks */
        if (!f)
                return TKIT_E_IO;
        int rc = tkit_read_input_stream(f, path, rule_limit, data, len, d);
        fclose(f);
        return rc;
}

int tkit_read_stream(FILE *f, const char *name, enum tkit_format fmt, struct tkit_setlist *out,
                     struct tkit_diags *d)
{
        char *data = NULL;
        size_t len = 0;
        int rc = tkit_read_input_stream(f, name, RULE_LIMIT, &data, &len, d);
        if (rc == 0)
                rc = tkit_read_memory(data, len, name, fmt, out, d);
        free(data);
        return rc;
}

int tkit_read_file(const char *path, enum tkit_format fmt, struct tkit_setlist *out,
                   struct tkit_diags *d)
{
        char *data = NULL;
        size_t len = 0;
        int rc = tkit_read_input_file(path, RULE_LIMIT, &data, &len, d);
        if (rc == 0)
                rc = tkit_read_memory(data, len, path, fmt, out, d);
        free(data);
        return rc;
}

int tkit_read_files(const char *const *paths, size_t n, enum tkit_format fmt,
                    struct tkit_setlist *out, struct tkit_diags *d)
{
        int worst = TKIT_OK;
        for (size_t i = 0; i < n; i++) {
                int rc = tkit_read_file(paths[i], fmt, out, d);
                /* a file that cannot be read at all outranks one that is merely invalid */
                if (rc == TKIT_E_IO || (rc < 0 && worst == TKIT_OK))
                        worst = rc;
        }
        tkit_jcz_link(out);
        return worst;
}
