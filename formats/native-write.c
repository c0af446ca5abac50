/* The canonical writer of the native format (docs/format.md, "Canonical form"): the XML
 * declaration, two-space indentation, attributes in the order of the format's tables, defaults
 * omitted, positions clockwise with whole sides as letters. Writing the same model twice gives
 * the same bytes, and reading the output gives the same model back. */
#include "formats-private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ attributes */

void tkit_xml_attr(struct tkit_buf *b, const char *name, const char *value)
{
        tkit_buf_printf(b, " %s=\"", name);
        tkit_buf_put_escaped(b, value, TKIT_ESC_XML_ATTR);
        tkit_buf_puts(b, "\"");
}

void tkit_xml_attr_int(struct tkit_buf *b, const char *name, int value)
{
        tkit_buf_printf(b, " %s=\"%d\"", name, value);
}

static void attr_yes(struct tkit_buf *b, const char *name, bool value)
{
        if (value)
                tkit_buf_printf(b, " %s=\"yes\"", name);
}

static void indent(struct tkit_buf *b, int depth)
{
        for (int i = 0; i < depth; i++)
                tkit_buf_puts(b, "  ");
}

/* ------------------------------------------------------------------ pieces of a tile */

static void put_names(struct tkit_buf *b, const struct tkit_name *v, size_t n, int depth)
{
        for (size_t i = 0; i < n; i++) {
                indent(b, depth);
                tkit_buf_puts(b, "<name");
                tkit_xml_attr(b, "lang", v[i].lang);
                tkit_buf_puts(b, ">");
                tkit_buf_put_escaped(b, v[i].text, TKIT_ESC_XML_TEXT);
                tkit_buf_puts(b, "</name>\n");
        }
}

static void put_provenance(struct tkit_buf *b, enum tkit_basis basis, const char *note, int depth)
{
        if (basis == TKIT_BASIS_UNSTATED && (!note || !note[0]))
                return;
        indent(b, depth);
        tkit_buf_puts(b, "<provenance");
        tkit_xml_attr(b, "basis", tkit_basis_name(basis));
        if (note && note[0]) {
                tkit_buf_puts(b, ">");
                tkit_buf_put_escaped(b, note, TKIT_ESC_XML_TEXT);
                tkit_buf_puts(b, "</provenance>\n");
        } else {
                tkit_buf_puts(b, "/>\n");
        }
}

static void put_markers(struct tkit_buf *b, const struct tkit_attr *v, size_t n, int depth)
{
        for (size_t i = 0; i < n; i++) {
                indent(b, depth);
                tkit_buf_puts(b, "<marker");
                tkit_xml_attr(b, "name", v[i].name);
                tkit_xml_attr(b, "value", v[i].value);
                tkit_buf_puts(b, "/>\n");
        }
}

/* Positions clockwise; a side the kind's side letter covers exactly is written as the letter
 * (the reader's side_mask), anything else as position names, so every mask survives. */
static void put_at(struct tkit_buf *b, enum tkit_feature_kind kind, uint16_t mask)
{
        bool first = true;
        tkit_buf_puts(b, " at=\"");
        for (int side = 0; side < 4; side++) {
                uint16_t letter = tkit_native_side_mask(kind, side);
                uint16_t rest = mask & (uint16_t)TKIT_MASK_SIDE(side);
                bool whole = (rest & letter) == letter;
                uint16_t named = whole ? (uint16_t)(rest & ~letter) : rest;
                int letter_pos = 0;
                while (!(letter & (1u << letter_pos)))
                        letter_pos++;
                for (int part = 0; part < 3; part++) {
                        int pos = TKIT_POS(side, part);
                        if (whole && pos == letter_pos) {
                                tkit_buf_printf(b, "%s%c", first ? "" : " ",
                                                tkit_side_letter(side));
                                first = false;
                        }
                        if (named & (1u << pos)) {
                                tkit_buf_printf(b, "%s%s", first ? "" : " ", tkit_pos_name(pos));
                                first = false;
                        }
                }
        }
        tkit_buf_puts(b, "\"");
}

static void put_feature(struct tkit_buf *b, const struct tkit_feature *f, int depth)
{
        indent(b, depth);
        tkit_buf_printf(b, "<%s", tkit_feature_kind_name(f->kind));
        tkit_xml_attr(b, "id", f->id);
        bool positional = f->kind == TKIT_CITY || f->kind == TKIT_ROAD || f->kind == TKIT_RIVER ||
                          (f->kind == TKIT_FIELD && f->mask);
        if (positional)
                put_at(b, f->kind, f->mask & TKIT_MASK_ALL);
        switch (f->kind) {
        case TKIT_CITY:
                if (f->pennants)
                        tkit_xml_attr_int(b, "pennants", f->pennants);
                if (f->besieger != TKIT_BESIEGER_NONE)
                        tkit_xml_attr(b, "besieged", tkit_besieger_name(f->besieger));
                attr_yes(b, "cathedral", f->cathedral);
                attr_yes(b, "overpass", f->overpass);
                break;
        case TKIT_ROAD:
        case TKIT_RIVER:
                if (f->end != TKIT_END_NONE)
                        tkit_xml_attr(b, "end", tkit_end_name(f->end));
                if (f->kind == TKIT_ROAD)
                        attr_yes(b, "junction", f->junction);
                attr_yes(b, "overpass", f->overpass);
                if (f->kind == TKIT_ROAD)
                        attr_yes(b, "inn", f->inn);
                break;
        case TKIT_FIELD:
                if (f->ntouches) {
                        tkit_buf_puts(b, " touches=\"");
                        for (size_t i = 0; i < f->ntouches; i++) {
                                if (i)
                                        tkit_buf_puts(b, " ");
                                tkit_buf_put_escaped(b, f->touches[i], TKIT_ESC_XML_ATTR);
                        }
                        tkit_buf_puts(b, "\"");
                }
                break;
        default:
                break;
        }
        if (!f->nextra) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        tkit_buf_puts(b, ">\n");
        put_markers(b, f->extra, f->nextra, depth + 1);
        indent(b, depth);
        tkit_buf_printf(b, "</%s>\n", tkit_feature_kind_name(f->kind));
}

static void put_features(struct tkit_buf *b, const struct tkit_tile *t, int depth)
{
        for (size_t i = 0; i < t->nfeatures; i++)
                put_feature(b, &t->features[i], depth);
        put_markers(b, t->extra, t->nextra, depth);
}

/* dividers="SE N", clockwise from the north side's middle. */
static void write_dividers(struct tkit_buf *b, uint16_t dividers)
{
        if (!(dividers & TKIT_DIVIDER_ALL))
                return;
        tkit_buf_puts(b, " dividers=\"");
        bool first = true;
        for (int k = 0; k < TKIT_NPOS; k++)
                if ((dividers & (1u << k)) && tkit_divider_name(k)) {
                        tkit_buf_printf(b, "%s%s", first ? "" : " ", tkit_divider_name(k));
                        first = false;
                }
        tkit_buf_puts(b, "\"");
}

static void put_tile(struct tkit_buf *b, const struct tkit_tile *t)
{
        tkit_buf_puts(b, "  <tile");
        tkit_xml_attr(b, "id", t->id);
        if (t->count != 1)
                tkit_xml_attr_int(b, "count", t->count);
        if (t->group != TKIT_GROUP_LAND)
                tkit_xml_attr(b, "group", tkit_group_name(t->group));
        attr_yes(b, "start", t->start);
        if (t->nsymbols) {
                tkit_buf_puts(b, " symbols=\"");
                for (size_t i = 0; i < t->nsymbols && i < TKIT_MAX_SYMBOLS; i++)
                        tkit_buf_printf(b, "%s%s", i ? " " : "", tkit_post_name(t->symbols[i]));
                tkit_buf_puts(b, "\"");
        }
        if (t->illustrations[0]) {
                tkit_buf_puts(b, " illustrations=\"");
                for (size_t i = 0; t->illustrations[i] && i < TKIT_MAX_ILLUSTRATIONS; i++)
                        tkit_buf_printf(b, "%s%c", i ? " " : "", t->illustrations[i]);
                tkit_buf_puts(b, "\"");
        }
        write_dividers(b, t->dividers);
        bool empty = !t->nnames && t->basis == TKIT_BASIS_UNSTATED &&
                     (!t->provenance || !t->provenance[0]) && !t->nfeatures && !t->nextra;
        if (empty) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        tkit_buf_puts(b, ">\n");
        put_names(b, t->names, t->nnames, 2);
        put_provenance(b, t->basis, t->provenance, 2);
        put_features(b, t, 2);
        tkit_buf_puts(b, "  </tile>\n");
}

/* ------------------------------------------------------------------ pieces */

static void put_face(struct tkit_buf *b, const struct tkit_face *f)
{
        tkit_buf_puts(b, "    <face");
        tkit_xml_attr(b, "id", f->id);
        if (f->max_players == f->min_players)
                tkit_buf_printf(b, " players=\"%d\"", f->min_players);
        else if (f->max_players == 0)
                tkit_buf_printf(b, " players=\"%d-\"", f->min_players);
        else
                tkit_buf_printf(b, " players=\"%d-%d\"", f->min_players, f->max_players);
        if (!f->nposts) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        tkit_buf_puts(b, ">\n");
        for (size_t i = 0; i < f->nposts; i++) {
                const struct tkit_post_def *p = &f->posts[i];
                tkit_buf_puts(b, "      <post");
                tkit_xml_attr(b, "kind", tkit_post_name(p->kind));
                const char *names[] = {"plain", "dark3", "fiveplus", "meeple", "catapult"};
                const int values[] = {p->plain, p->dark3, p->fiveplus, p->meeple, p->catapult};
                for (int k = 0; k < 5; k++)
                        if (values[k])
                                tkit_xml_attr_int(b, names[k], values[k]);
                tkit_buf_puts(b, "/>\n");
        }
        tkit_buf_puts(b, "    </face>\n");
}

static void put_piece(struct tkit_buf *b, const struct tkit_piece *p)
{
        tkit_buf_puts(b, "  <piece");
        tkit_xml_attr(b, "id", p->id);
        tkit_xml_attr_int(b, "width", p->width);
        tkit_xml_attr_int(b, "height", p->height);
        if (p->count != 1)
                tkit_xml_attr_int(b, "count", p->count);
        tkit_buf_puts(b, ">\n");
        put_names(b, p->names, p->nnames, 2);
        put_provenance(b, p->basis, p->provenance, 2);
        for (int y = 0; y < p->height; y++)
                for (int x = 0; x < p->width; x++) {
                        const struct tkit_tile *c = tkit_piece_cell_const(p, x, y);
                        tkit_buf_printf(b, "    <cell x=\"%d\" y=\"%d\"", x, y);
                        if (!c->nfeatures && !c->nextra) {
                                tkit_buf_puts(b, "/>\n");
                                continue;
                        }
                        tkit_buf_puts(b, ">\n");
                        put_features(b, c, 3);
                        tkit_buf_puts(b, "    </cell>\n");
                }
        for (size_t i = 0; i < p->nfaces; i++)
                put_face(b, &p->faces[i]);
        tkit_buf_puts(b, "  </piece>\n");
}

/* ------------------------------------------------------------------ the set */

static void put_set_attrs(struct tkit_buf *b, const struct tkit_set *s)
{
        tkit_buf_puts(b, "<tileset format=\"1\"");
        tkit_xml_attr(b, "id", s->id);
        if (s->edition && s->edition[0])
                tkit_xml_attr(b, "edition", s->edition);
        if (s->year > 0)
                tkit_xml_attr_int(b, "year", s->year);
        if (s->rules) {
                bool first = true;
                tkit_buf_puts(b, " rules=\"");
                for (unsigned bit = 0; (1u << bit) <= TKIT_RULES_LAST; bit++)
                        if (s->rules & (1u << bit)) {
                                tkit_buf_printf(b, "%s%s", first ? "" : " ",
                                                tkit_rules_flag_name(1u << bit));
                                first = false;
                        }
                tkit_buf_puts(b, "\"");
        }
        if (s->nrequires) {
                tkit_buf_puts(b, " requires=\"");
                for (size_t i = 0; i < s->nrequires; i++) {
                        if (i)
                                tkit_buf_puts(b, " ");
                        tkit_buf_put_escaped(b, s->requires[i], TKIT_ESC_XML_ATTR);
                }
                tkit_buf_puts(b, "\"");
        }
        tkit_buf_puts(b, ">\n");
}

static void put_manifest(struct tkit_buf *b, const struct tkit_set *s)
{
        if (s->ntokens) {
                tkit_buf_puts(b, "  <tokens>\n");
                for (size_t i = 0; i < s->ntokens; i++) {
                        tkit_buf_puts(b, "    <token");
                        tkit_xml_attr(b, "kind", tkit_token_name(s->tokens[i].kind));
                        tkit_xml_attr_int(b, "count", s->tokens[i].count);
                        tkit_buf_puts(b, "/>\n");
                }
                tkit_buf_puts(b, "  </tokens>\n");
        }
        if (!s->nmanifest)
                return;
        tkit_buf_puts(b, "  <manifest>\n");
        for (size_t i = 0; i < s->nmanifest; i++) {
                const struct tkit_expect *e = &s->manifest[i];
                tkit_buf_puts(b, "    <expect");
                tkit_xml_attr(b, "what", tkit_expect_name(e->what));
                if (e->of)
                        tkit_xml_attr(b, "of", e->of);
                if (e->group >= 0)
                        tkit_xml_attr(b, "group", tkit_group_name((enum tkit_group)e->group));
                tkit_xml_attr_int(b, "count", e->count);
                if (e->note)
                        tkit_xml_attr(b, "note", e->note);
                tkit_buf_puts(b, "/>\n");
        }
        tkit_buf_puts(b, "  </manifest>\n");
}

void tkit_native_write(const struct tkit_set *s, struct tkit_buf *out)
{
        tkit_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        put_set_attrs(out, s);
        put_names(out, s->names, s->nnames, 1);
        put_manifest(out, s);
        for (size_t i = 0; i < s->ntiles; i++)
                put_tile(out, &s->tiles[i]);
        for (size_t i = 0; i < s->npieces; i++)
                put_piece(out, &s->pieces[i]);
        put_markers(out, s->extra, s->nextra, 1);
        tkit_buf_puts(out, "</tileset>\n");
}

/* The file is opened only once the whole document is made. Replacing a file safely (temporary
 * file, rename, symbolic links, `-` for stdout) is the caller's business: the command line does it
 * in its output helper (tools/output.c). */
int tkit_native_write_file(const struct tkit_set *s, const char *path)
{
        if (!s || !path)
                return TKIT_E_USAGE;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_native_write(s, &b);
        int rc = tkit_write_buf_file(&b, path, NULL);
        tkit_buf_finish(&b);
        return rc;
}

static int write_error(struct tkit_diags *d, const char *name, int e)
{
        if (d)
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL, "cannot write: %s",
                               strerror(e));
        return TKIT_E_IO;
}

int tkit_write_buf_stream(const struct tkit_buf *b, FILE *f, const char *name,
                          struct tkit_diags *d)
{
        errno = 0;
        bool ok = fwrite(b->data ? b->data : "", 1, b->len, f) == b->len && fflush(f) == 0;
        return ok ? 0 : write_error(d, name, errno ? errno : EIO);
}

int tkit_write_buf_file(const struct tkit_buf *b, const char *path, struct tkit_diags *d)
{
        FILE *f = fopen(path, "wb");
        if (!f)
                return write_error(d, path, errno);
        int rc = tkit_write_buf_stream(b, f, path, d);
        if (fclose(f) != 0 && rc == 0)
                rc = write_error(d, path, errno ? errno : EIO);
        return rc;
}
