/* The canonical writer of scenes (docs/scene.md, "Canonical form"): the XML declaration,
 * two-space indentation, the elements in the order of the format, attributes in the order of
 * its tables, rotation always written, false booleans and empty containers omitted. Writing the
 * same scene twice gives the same bytes, and reading the output gives an equal scene. */
#include "formats-private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *player_id(const struct tkit_scene *s, int p)
{
        return p >= 0 && (size_t)p < s->nplayers ? s->players[p].id : "?";
}

static const char *castle_id(const struct tkit_scene *s, int c)
{
        return c >= 0 && (size_t)c < s->ncastles ? s->castles[c].id : "?";
}

static void open_tag(struct tkit_buf *b, int depth, const char *name)
{
        for (int i = 0; i < depth; i++)
                tkit_buf_puts(b, "  ");
        tkit_buf_printf(b, "<%s", name);
}

static void text_element(struct tkit_buf *b, int depth, const char *name, const char *lang,
                         const char *text)
{
        open_tag(b, depth, name);
        if (lang)
                tkit_xml_attr(b, "lang", lang);
        tkit_buf_puts(b, ">");
        tkit_buf_put_escaped(b, text, TKIT_ESC_XML_TEXT);
        tkit_buf_printf(b, "</%s>\n", name);
}

static void texts(struct tkit_buf *b, int depth, const char *name, const struct tkit_name *v,
                  size_t n)
{
        for (size_t i = 0; i < n; i++)
                text_element(b, depth, name, v[i].lang, v[i].text);
}

static void cell(struct tkit_buf *b, int x, int y)
{
        tkit_xml_attr_int(b, "x", x);
        tkit_xml_attr_int(b, "y", y);
}

static void on_feature(struct tkit_buf *b, int x, int y, const char *feature)
{
        cell(b, x, y);
        tkit_xml_attr(b, "feature", feature);
}

static void place(struct tkit_buf *b, const struct tkit_scene *s, const struct tkit_scene_figure *f)
{
        if (f->at == TKIT_AT_CASTLE)
                tkit_xml_attr(b, "castle", castle_id(s, f->castle));
        else if (f->at == TKIT_AT_BARN)
                tkit_xml_attr(b, "barn",
                              f->barn >= 0 && (size_t)f->barn < s->nbarns ? s->barns[f->barn].id
                                                                          : "?");
        else
                on_feature(b, f->x, f->y, f->feature);
}

static void tile_attrs(struct tkit_buf *b, const struct tkit_scene_tile *t, bool placed)
{
        if (t->set && t->set[0])
                tkit_xml_attr(b, "set", t->set);
        tkit_xml_attr(b, "id", t->tile);
        if (!placed) {
                tkit_buf_puts(b, " discarded=\"true\"");
                return;
        }
        cell(b, t->x, t->y);
        tkit_xml_attr_int(b, "rotation", t->rotation);
        if (t->bridge == TKIT_BRIDGE_NS || t->bridge == TKIT_BRIDGE_EW)
                tkit_xml_attr(b, "bridge", tkit_bridge_axis_name(t->bridge));
}

/* ------------------------------------------------------------------ head and board */

/* An empty element with two string attributes. */
static void pair(struct tkit_buf *b, int depth, const char *name, const char *a, const char *va,
                 const char *c, const char *vc)
{
        open_tag(b, depth, name);
        tkit_xml_attr(b, a, va);
        tkit_xml_attr(b, c, vc);
        tkit_buf_puts(b, "/>\n");
}

static void put_head(struct tkit_buf *b, const struct tkit_scene *s)
{
        if (s->source && s->source[0])
                text_element(b, 1, "source", NULL, s->source);
        if (s->invented && s->invented[0])
                text_element(b, 1, "invented", NULL, s->invented);
        texts(b, 1, "caption", s->captions, s->ncaptions);
        texts(b, 1, "note", s->notes, s->nnotes);
        tkit_buf_puts(b, "  <sets>");
        for (size_t i = 0; i < s->nsets; i++) {
                tkit_buf_puts(b, i ? " " : "");
                tkit_buf_put_escaped(b, s->sets[i], TKIT_ESC_XML_TEXT);
        }
        tkit_buf_puts(b, "</sets>\n");
        for (size_t i = 0; i < s->noptions; i++)
                pair(b, 1, "option", "name", s->options[i].name, "value", s->options[i].value);
        if (!s->nplayers)
                return;
        tkit_buf_puts(b, "  <players>\n");
        for (size_t i = 0; i < s->nplayers; i++)
                pair(b, 2, "player", "id", s->players[i].id, "colour", s->players[i].colour);
        tkit_buf_puts(b, "  </players>\n");
}

static void put_board(struct tkit_buf *b, const struct tkit_scene *s)
{
        bool face = s->face && s->face[0];
        if (!face && !s->has_show && !s->ntiles && !s->ncastles && !s->nbarns)
                return;
        open_tag(b, 1, "board");
        if (face)
                tkit_xml_attr(b, "face", s->face);
        if (s->has_show)
                tkit_buf_printf(b, " show=\"%d %d %d %d\"", s->show[0], s->show[1], s->show[2],
                                s->show[3]);
        if (!s->ntiles && !s->ncastles && !s->nbarns) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        tkit_buf_puts(b, ">\n");
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_scene_tile *t = &s->tiles[i];
                open_tag(b, 2, t->is_piece ? "piece" : "tile");
                struct tkit_scene_tile u = *t;
                if (t->is_piece)
                        u.bridge = TKIT_BRIDGE_NONE;
                tile_attrs(b, &u, true);
                tkit_buf_puts(b, "/>\n");
        }
        for (size_t i = 0; i < s->ncastles; i++) {
                open_tag(b, 2, "castle");
                tkit_xml_attr(b, "id", s->castles[i].id);
                on_feature(b, s->castles[i].x, s->castles[i].y, s->castles[i].feature);
                tkit_buf_puts(b, "/>\n");
        }
        for (size_t i = 0; i < s->nbarns; i++) {
                open_tag(b, 2, "barn");
                tkit_xml_attr(b, "id", s->barns[i].id);
                cell(b, s->barns[i].x, s->barns[i].y);
                tkit_buf_puts(b, "/>\n");
        }
        tkit_buf_puts(b, "  </board>\n");
}

static void put_figures(struct tkit_buf *b, const struct tkit_scene *s)
{
        if (!s->nfigures)
                return;
        tkit_buf_puts(b, "  <figures>\n");
        for (size_t i = 0; i < s->nfigures; i++) {
                const struct tkit_scene_figure *f = &s->figures[i];
                open_tag(b, 2, "figure");
                tkit_xml_attr(b, "player", player_id(s, f->player));
                tkit_xml_attr(b, "kind", tkit_figure_kind_name(f->kind));
                place(b, s, f);
                tkit_buf_puts(b, "/>\n");
        }
        tkit_buf_puts(b, "  </figures>\n");
}

static void spaces(struct tkit_buf *b, const struct tkit_scene *s, const char *name, const int *v,
                   size_t n)
{
        if (!n)
                return;
        tkit_buf_printf(b, "      <%s>", name);
        for (size_t i = 0; i < n; i++) {
                tkit_buf_puts(b, i ? " " : "");
                tkit_buf_put_escaped(b, v[i] < 0 ? "-" : player_id(s, v[i]), TKIT_ESC_XML_TEXT);
        }
        tkit_buf_printf(b, "</%s>\n", name);
}

static void put_posts(struct tkit_buf *b, const struct tkit_scene *s)
{
        if (!s->nposts && s->catapults_left < 0)
                return;
        open_tag(b, 1, "posts");
        if (s->catapults_left >= 0)
                tkit_xml_attr_int(b, "catapults-left", s->catapults_left);
        if (!s->nposts) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        tkit_buf_puts(b, ">\n");
        for (size_t i = 0; i < s->nposts; i++) {
                const struct tkit_scene_post *p = &s->posts[i];
                open_tag(b, 2, "post");
                tkit_xml_attr(b, "kind", tkit_post_name(p->kind));
                if (p->catapult)
                        tkit_buf_puts(b, " catapult=\"true\"");
                if (!p->nrow && !p->nstack) {
                        tkit_buf_puts(b, "/>\n");
                        continue;
                }
                tkit_buf_puts(b, ">\n");
                spaces(b, s, "row", p->row, p->nrow);
                spaces(b, s, "stack", p->stack, p->nstack);
                tkit_buf_puts(b, "    </post>\n");
        }
        tkit_buf_puts(b, "  </posts>\n");
}

/* ------------------------------------------------------------------ the move */

static void put_build(struct tkit_buf *b, const struct tkit_scene_move *m)
{
        static const char *const what[] = {"", "bridge", "castle", "barn"};
        if (m->build <= TKIT_BUILD_NONE || m->build > TKIT_BUILD_BARN)
                return;
        open_tag(b, 2, "build");
        tkit_xml_attr(b, "what", what[m->build]);
        if (m->build == TKIT_BUILD_CASTLE)
                tkit_xml_attr(b, "feature", m->build_feature);
        if (m->build != TKIT_BUILD_BARN) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        cell(b, m->build_x, m->build_y);
        if (!m->farmer.feature) {
                tkit_buf_puts(b, "/>\n");
                return;
        }
        tkit_buf_puts(b, ">\n");
        open_tag(b, 3, "farmer");
        on_feature(b, m->farmer.x, m->farmer.y, m->farmer.feature);
        tkit_buf_puts(b, "/>\n    </build>\n");
}

static void put_steps(struct tkit_buf *b, const struct tkit_scene *s)
{
        const struct tkit_scene_move *m = &s->move;
        for (size_t i = 0; i < m->nchoices && i < TKIT_MAX_SYMBOLS; i++) {
                open_tag(b, 2, "choice");
                tkit_xml_attr(b, "post", tkit_post_name(m->choices[i]));
                tkit_buf_puts(b, "/>\n");
        }
        if (m->has_figure) {
                open_tag(b, 2, "figure");
                tkit_xml_attr(b, "kind", tkit_figure_kind_name(m->figure.kind));
                tkit_xml_attr(b, "feature", m->figure.feature);
                tkit_buf_puts(b, "/>\n");
        } else if (m->recall_abbot) {
                tkit_buf_puts(b, "    <recall-abbot/>\n");
        }
        if (m->take_maiden >= 0) {
                open_tag(b, 2, "take-maiden");
                tkit_xml_attr(b, "castle", castle_id(s, m->take_maiden));
                tkit_buf_puts(b, "/>\n");
        }
        if (m->bonus.taken) {
                open_tag(b, 2, "bonus");
                tkit_xml_attr(b, "post", tkit_post_name(m->bonus.post));
                tkit_xml_attr(b, "space", m->bonus.stack ? "stack" : "row");
                if (m->bonus.space >= 0)
                        tkit_xml_attr_int(b, "index", m->bonus.space);
                tkit_buf_puts(b, "/>\n");
        }
        put_build(b, m);
        if (m->escape) {
                open_tag(b, 2, "escape");
                on_feature(b, m->escaping.x, m->escaping.y, m->escaping.feature);
                tkit_buf_puts(b, "/>\n");
        }
        for (size_t i = 0; i < m->nremovals; i++) {
                const struct tkit_scene_figure *f = &m->removals[i];
                open_tag(b, 2, "remove");
                tkit_xml_attr(b, "player", player_id(s, f->player));
                if (f->kind != TKIT_FIGURE_MEEPLE)
                        tkit_xml_attr(b, "kind", tkit_figure_kind_name(f->kind));
                place(b, s, f);
                tkit_buf_puts(b, "/>\n");
        }
}

static void put_move(struct tkit_buf *b, const struct tkit_scene *s)
{
        const struct tkit_scene_move *m = &s->move;
        if (m->kind == TKIT_MOVE_END) {
                tkit_buf_puts(b, "  <move end=\"true\"/>\n");
                return;
        }
        if (m->kind != TKIT_MOVE_TILE)
                return;
        open_tag(b, 1, "move");
        tkit_xml_attr(b, "player", player_id(s, m->player));
        tkit_buf_puts(b, ">\n");
        open_tag(b, 2, "tile");
        tile_attrs(b, &m->placed, !m->discarded);
        tkit_buf_puts(b, "/>\n");
        put_steps(b, s);
        tkit_buf_puts(b, "  </move>\n");
}

/* ------------------------------------------------------------------ expect, callouts */

static void put_expect(struct tkit_buf *b, const struct tkit_scene *s)
{
        if (!s->has_expect)
                return;
        if (!s->nexpect_points && !s->nexpect_counts) {
                tkit_buf_puts(b, "  <expect/>\n");
                return;
        }
        tkit_buf_puts(b, "  <expect>\n");
        for (size_t i = 0; i < s->nexpect_points; i++) {
                open_tag(b, 2, "points");
                tkit_xml_attr(b, "player", player_id(s, s->expect_points[i].player));
                tkit_xml_attr_int(b, "value", s->expect_points[i].points);
                tkit_buf_puts(b, "/>\n");
        }
        for (size_t i = 0; i < s->nexpect_counts; i++) {
                const struct tkit_scene_expect_count *c = &s->expect_counts[i];
                open_tag(b, 2, "count");
                tkit_xml_attr(b, "what", c->what);
                if (c->player >= 0)
                        tkit_xml_attr(b, "player", player_id(s, c->player));
                tkit_xml_attr_int(b, "value", c->count);
                tkit_buf_puts(b, "/>\n");
        }
        tkit_buf_puts(b, "  </expect>\n");
}

static void put_callouts(struct tkit_buf *b, const struct tkit_scene *s)
{
        for (size_t i = 0; i < s->ncallouts; i++) {
                const struct tkit_scene_callout *c = &s->callouts[i];
                open_tag(b, 1, "callout");
                tkit_xml_attr_int(b, "number", c->number);
                if (c->post >= 0) {
                        tkit_xml_attr(b, "post", tkit_post_name((enum tkit_post)c->post));
                } else {
                        cell(b, c->x, c->y);
                        if (c->feature && c->feature[0])
                                tkit_xml_attr(b, "feature", c->feature);
                }
                if (!c->ntexts) {
                        tkit_buf_puts(b, "/>\n");
                        continue;
                }
                tkit_buf_puts(b, ">\n");
                texts(b, 2, "text", c->texts, c->ntexts);
                tkit_buf_puts(b, "  </callout>\n");
        }
}

void tkit_scene_write(const struct tkit_scene *s, struct tkit_buf *out)
{
        tkit_buf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<scene format=\"1\"");
        tkit_xml_attr(out, "id", s->id);
        tkit_buf_puts(out, ">\n");
        put_head(out, s);
        put_board(out, s);
        put_figures(out, s);
        put_posts(out, s);
        put_move(out, s);
        put_expect(out, s);
        put_callouts(out, s);
        tkit_buf_puts(out, "</scene>\n");
}

int tkit_scene_write_checked(const struct tkit_scene *s, const char *name, struct tkit_buf *out,
                             struct tkit_diags *d)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_scene_write(s, &b);
        struct tkit_diags back;
        tkit_diags_init(&back);
        back.limit = 0;
        struct tkit_scene *again = tkit_scene_read(b.data, b.len, name, &back);
        int rc = 0;
        if (!again) {
                /* what the reader says, under the reader's rule ids (SCENE-LIMIT for a limit) */
                rc = TKIT_E_INVALID;
                for (size_t i = 0; i < back.n; i++) {
                        const struct tkit_diag *g = &back.v[i];
                        if (g->severity != TKIT_SEV_ERROR)
                                continue;
                        if (tkit_scene_rule_parse(g->rule) == TKIT_SCR_LIMIT)
                                rc = TKIT_E_LIMIT;
                        tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, g->rule, NULL, NULL,
                                       "not written: the scene reader would refuse it: %s",
                                       g->message);
                }
        } else {
                tkit_buf_add(out, b.data, b.len);
        }
        tkit_scene_destroy(again);
        tkit_diags_finish(&back);
        tkit_buf_finish(&b);
        return rc;
}

/* Writes `b` to `f`; 0 or the errno of the failure (EIO when stdio set none). */
int tkit_scene_write_stream(const struct tkit_scene *s, FILE *f, const char *name,
                            struct tkit_diags *d)
{
        if (!s || !f)
                return TKIT_E_USAGE;
        struct tkit_buf b;
        tkit_buf_init(&b);
        int rc = tkit_scene_write_checked(s, name, &b, d);
        if (rc == 0)
                rc = tkit_write_buf_stream(&b, f, name, d);
        tkit_buf_finish(&b);
        return rc;
}

int tkit_scene_write_file(const struct tkit_scene *s, const char *path, struct tkit_diags *d)
{
        if (!s || !path)
                return TKIT_E_USAGE;
        struct tkit_buf b;
        tkit_buf_init(&b);
        int rc = tkit_scene_write_checked(s, path, &b, d);
        if (rc == 0)
                rc = tkit_write_buf_file(&b, path, d);
        tkit_buf_finish(&b);
        return rc;
}
