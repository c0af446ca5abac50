/* The scene reader (docs/scene.md): walks the parsed tree strictly, like the tile-set reader,
 * and builds a struct tkit_scene. Players, castles and barns are resolved to indexes as they are
 * referenced (they are declared before anything refers to them); duplicate ids are found by
 * sorting at the end. Then the document is checked against the RelaxNG schema. Every problem is
 * reported, not only the first. */
#include "formats/scene-read-private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void tkit_sr_no_children(struct srd *r, const xmlNode *n)
{
        TKIT_XR_CHILDREN(&r->x, n, c)
        tkit_xr_unknown_child(&r->x, n, c, "");
}

/* Reports when `n` elements already fill a list of at most `max`; true when there is room. */
bool tkit_sr_room(struct srd *r, const xmlNode *c, size_t n, size_t max, const char *what)
{
        if (n < max)
                return true;
        for (size_t i = 0; i < r->nlimits; i++)
                if (r->limits[i] == what)
                        return false; /* once, not for every further element */
        if (r->nlimits < sizeof r->limits / sizeof *r->limits)
                r->limits[r->nlimits++] = what;
        tkit_xr_fail(&r->x, c, R_LIMIT, "more than %zu %s", max, what);
        return false;
}

static int parse_bool(const char *s)
{
        return strcmp(s, "true") == 0 ? 1 : strcmp(s, "false") == 0 ? 0 : -1;
}

bool tkit_sr_get_bool(struct srd *r, const xmlNode *n, const char *attr)
{
        return tkit_xr_enum(&r->x, n, attr, parse_bool, "true false") == 1;
}

static int parse_post(const char *s)
{
        int p = tkit_post_parse(s);
        return p == TKIT_POST_ANY ? -1 : p;
}

int tkit_sr_get_post(struct srd *r, const xmlNode *n, const char *attr)
{
        return tkit_xr_enum(&r->x, n, attr, parse_post, "knights travelers monks");
}

static bool get_coord(struct srd *r, const xmlNode *n, const char *attr, int *out)
{
        return tkit_xr_int(&r->x, n, attr, -TKIT_SCENE_MAX_COORD, TKIT_SCENE_MAX_COORD, out);
}

bool tkit_sr_get_cell(struct srd *r, const xmlNode *n, int *x, int *y)
{
        bool ok = get_coord(r, n, "x", x);
        return get_coord(r, n, "y", y) && ok;
}

static bool get_rotation(struct srd *r, const xmlNode *n, int *rot)
{
        if (!tkit_xr_int(&r->x, n, "rotation", 0, 270, rot))
                return false;
        if (*rot % 90 != 0) {
                tkit_xr_fail(&r->x, n, R_VALUE, "rotation=\"%d\" on <%s> is not 0, 90, 180 or 270",
                             *rot, (const char *)n->name);
                return false;
        }
        return true;
}

/* A copy of the id attribute, or NULL when absent or invalid (reported). */
char *tkit_sr_dup_id(struct srd *r, const xmlNode *n, const char *attr)
{
        return tkit_xstrdup(tkit_xr_id(&r->x, n, attr));
}

/* For the short lists (at most TKIT_SCENE_MAX_LIST entries), a scan finds a repeat: reports
 * `n` when `same` says entry i equals the new one. */
static bool repeated(struct srd *r, const xmlNode *n, size_t count,
                     bool (*same)(const struct tkit_scene *s, size_t i, const void *key),
                     const void *key, const char *what)
{
        for (size_t i = 0; i < count; i++)
                if (same(r->s, i, key)) {
                        tkit_xr_fail(&r->x, n, R_DUP, "a second %s", what);
                        return true;
                }
        return false;
}

static bool same_set(const struct tkit_scene *s, size_t i, const void *key)
{
        return strcmp(s->sets[i], key) == 0;
}

static bool same_option(const struct tkit_scene *s, size_t i, const void *key)
{
        return strcmp(s->options[i].name, key) == 0;
}

static bool same_player(const struct tkit_scene *s, size_t i, const void *key)
{
        return strcmp(s->players[i].id, key) == 0;
}

static bool same_colour(const struct tkit_scene *s, size_t i, const void *key)
{
        return strcmp(s->players[i].colour, key) == 0;
}

static bool same_post(const struct tkit_scene *s, size_t i, const void *key)
{
        return (int)s->posts[i].kind == *(const int *)key;
}

static bool same_callout(const struct tkit_scene *s, size_t i, const void *key)
{
        return s->callouts[i].number == *(const int *)key;
}

static bool same_points(const struct tkit_scene *s, size_t i, const void *key)
{
        return s->expect_points[i].player == *(const int *)key;
}

static bool same_count(const struct tkit_scene *s, size_t i, const void *key)
{
        const struct tkit_scene_expect_count *k = key, *e = &s->expect_counts[i];
        return e->player == k->player && strcmp(e->what, k->what) == 0;
}

/* ------------------------------------------------------------------ references */

static int player_ref(struct srd *r, const xmlNode *n, const char *id)
{
        int p = tkit_scene_find_player(r->s, id);
        if (p < 0 && tkit_native_valid_id(id))
                tkit_xr_fail(&r->x, n, R_REF, "player '%s' is not among the <players>", id);
        else if (p < 0)
                tkit_xr_fail(&r->x, n, R_VALUE, "'%.40s' is not a player id", id);
        return p;
}

int tkit_sr_get_player(struct srd *r, const xmlNode *n, const char *attr)
{
        const char *id = tkit_xr_prop(n, attr);
        return id ? player_ref(r, n, id) : -1;
}

/* Castles, barns and board cells, sorted for lookups and for finding duplicates in
 * O(n log n). */
struct key {
        const char *id; /* NULL for a cell */
        int x, y;
        int idx, line;
        int first; /* a duplicate: the line of the first one */
};

static int cmp_key(const void *pa, const void *pb)
{
        const struct key *a = pa, *b = pb;
        int c = a->id && b->id ? strcmp(a->id, b->id) : 0;
        if (c == 0)
                c = a->x != b->x   ? (a->x < b->x ? -1 : 1)
                    : a->y != b->y ? (a->y < b->y ? -1 : 1)
                                   : 0;
        return c ? c : a->idx - b->idx;
}

static struct key *sorted_keys(size_t n)
{
        return tkit_xcalloc(n ? n : 1, sizeof(struct key));
}

/* Index of the castle (or barn) with this id, or -1. */
static int find_key(const struct key *k, size_t n, const char *id)
{
        size_t lo = 0, hi = n;
        while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                int c = strcmp(id, k[mid].id);
                if (c == 0) {
                        while (mid > 0 && strcmp(id, k[mid - 1].id) == 0)
                                mid--; /* the first of duplicates */
                        return k[mid].idx;
                }
                if (c < 0)
                        hi = mid;
                else
                        lo = mid + 1;
        }
        return -1;
}

static int cmp_dup(const void *pa, const void *pb)
{
        const struct key *a = pa, *b = pb;
        return a->idx - b->idx;
}

/* Reports every key equal to an earlier one, in document order; `k` is sorted by cmp_key. */
static void report_dups(struct srd *r, const struct key *k, size_t n, const char *what)
{
        struct key *dups = sorted_keys(n);
        size_t nd = 0, first = 0;
        for (size_t i = 1; i < n; i++) {
                struct key a = k[first], b = k[i];
                a.idx = b.idx = 0;
                if (cmp_key(&a, &b) != 0) {
                        first = i;
                        continue;
                }
                dups[nd] = k[i];
                dups[nd++].first = k[first].line;
        }
        qsort(dups, nd, sizeof *dups, cmp_dup);
        for (size_t i = 0; i < nd; i++) {
                const struct key *e = &dups[i];
                if (e->id)
                        tkit_diags_add(r->x.d, TKIT_SEV_ERROR, r->x.file, e->line, R_DUP, NULL,
                                       NULL, "duplicate %s id '%s' (first at line %d)", what, e->id,
                                       e->first);
                else
                        tkit_diags_add(r->x.d, TKIT_SEV_ERROR, r->x.file, e->line, R_DUP, NULL,
                                       NULL, "a second tile on cell (%d, %d) (first at line %d)",
                                       e->x, e->y, e->first);
                r->x.errors++;
        }
        free(dups);
}

int tkit_sr_building_ref(struct srd *r, const xmlNode *n, const char *attr, bool castle)
{
        const char *id = tkit_xr_id(&r->x, n, attr);
        if (!id)
                return -1;
        int i = castle ? find_key(r->castles, r->ncastles, id) : find_key(r->barns, r->nbarns, id);
        if (i < 0)
                tkit_xr_fail(&r->x, n, R_REF, "%s '%s' is not on the <board>", attr, id);
        return i;
}

/* ------------------------------------------------------------------ figures */

/* Where a figure stands: x, y and feature; or castle; or barn (exactly one of them). */
static void read_place(struct srd *r, const xmlNode *n, struct tkit_scene_figure *f)
{
        bool cell = tkit_xr_prop(n, "x") || tkit_xr_prop(n, "y") || tkit_xr_prop(n, "feature");
        bool castle = tkit_xr_prop(n, "castle") != NULL, barn = tkit_xr_prop(n, "barn") != NULL;
        if (cell + castle + barn != 1) {
                tkit_xr_fail(&r->x, n, R_PLACE,
                             cell + castle + barn
                                 ? "<%s> stands on one place: x, y and feature; or castle; or barn"
                                 : "<%s> does not say where it stands (x, y and feature; castle; "
                                   "or barn)",
                             (const char *)n->name);
                return;
        }
        f->line = tkit_xr_line(n);
        if (castle) {
                f->at = TKIT_AT_CASTLE;
                f->castle = tkit_sr_building_ref(r, n, "castle", true);
        } else if (barn) {
                f->at = TKIT_AT_BARN;
                f->barn = tkit_sr_building_ref(r, n, "barn", false);
        } else if (!tkit_xr_prop(n, "x") || !tkit_xr_prop(n, "y") || !tkit_xr_prop(n, "feature")) {
                tkit_xr_fail(&r->x, n, R_PLACE, "<%s> needs x, y and feature together",
                             (const char *)n->name);
        } else {
                f->at = TKIT_AT_FEATURE;
                tkit_sr_get_cell(r, n, &f->x, &f->y);
                f->feature = tkit_sr_dup_id(r, n, "feature");
        }
}

int tkit_sr_get_kind(struct srd *r, const xmlNode *n)
{
        /* the figures of other expansions are named, so that a scene written for them learns
         * why it is refused (docs/scoring.md, "Rules tilekit cannot express") */
        return tkit_xr_enum(&r->x, n, "kind", tkit_figure_kind_parse,
                            "meeple big-meeple abbot pig (tilekit has no wagon, mayor, builder "
                            "or other figure: docs/scoring.md, \"Rules tilekit cannot express\")");
}

/* A <figure> of the board, or (removal) a <remove> of the move, whose kind defaults to meeple. */
void tkit_sr_read_figure_at(struct srd *r, const xmlNode *n, bool removal)
{
        static const char *const attrs[2][8] = {
            {"!player", "!kind", "x", "y", "feature", "castle", "barn", NULL},
            {"!player", "kind", "x", "y", "feature", "castle", "barn", NULL},
        };
        size_t have = removal ? r->s->move.nremovals : r->s->nfigures;
        if (!tkit_sr_room(r, n, have, removal ? TKIT_SCENE_MAX_LIST : TKIT_SCENE_MAX_FIGURES,
                          removal ? "removals" : "figures") ||
            !tkit_xr_attrs(&r->x, n, attrs[removal]))
                return;
        tkit_sr_no_children(r, n);
        struct tkit_scene_figure *f =
            removal ? tkit_scene_add_removal(r->s) : tkit_scene_add_figure(r->s);
        f->player = tkit_sr_get_player(r, n, "player");
        int k = tkit_sr_get_kind(r, n);
        f->kind = k > 0 ? (enum tkit_figure_kind)k : TKIT_FIGURE_MEEPLE;
        read_place(r, n, f);
}

/* An own figure on a feature of a cell (the barn's farmer, the escaping knight). */
void tkit_sr_read_on_feature(struct srd *r, const xmlNode *n, struct tkit_scene_figure *f)
{
        static const char *const attrs[] = {"!x", "!y", "!feature", NULL};
        if (!tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        f->player = r->s->move.player;
        f->kind = TKIT_FIGURE_MEEPLE;
        f->at = TKIT_AT_FEATURE;
        f->castle = f->barn = -1;
        f->line = tkit_xr_line(n);
        tkit_sr_get_cell(r, n, &f->x, &f->y);
        free(f->feature);
        f->feature = tkit_sr_dup_id(r, n, "feature");
}

/* ------------------------------------------------------------------ head of the scene */

static void read_text(struct srd *r, const xmlNode *n, char **out)
{
        static const char *const none[] = {NULL};
        tkit_xr_attrs(&r->x, n, none);
        free(*out);
        *out = tkit_xr_text(&r->x, n);
}

static void read_lang_text(struct srd *r, const xmlNode *n, struct tkit_name **v, size_t *nv)
{
        if (tkit_sr_room(r, n, *nv, TKIT_SCENE_MAX_LIST, "languages"))
                tkit_xr_name(&r->x, n, v, nv);
}

static bool set_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct srd *r = ctx;
        if (!tkit_native_valid_id(tok)) {
                tkit_xr_fail(x, n, R_VALUE, "'%s' in <sets> is not a set id", tok);
                return false;
        }
        char what[120];
        snprintf(what, sizeof what, "set '%s' in <sets>", tok);
        if (tkit_sr_room(r, n, r->s->nsets, TKIT_SCENE_MAX_LIST, "sets") &&
            !repeated(r, n, r->s->nsets, same_set, tok, what))
                tkit_scene_add_set(r->s, tok);
        return true;
}

static void read_sets(struct srd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        tkit_xr_attrs(&r->x, n, none);
        char *text = tkit_xr_text(&r->x, n);
        if (!text)
                return;
        if (tkit_xr_tokens(&r->x, n, text, set_token, r) && r->s->nsets == 0)
                tkit_xr_fail(&r->x, n, R_VALUE, "<sets> names no set");
        free(text);
}

static void read_option(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!name", "!value", NULL};
        if (!tkit_sr_room(r, n, r->s->noptions, TKIT_SCENE_MAX_LIST, "options") ||
            !tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        const char *name = tkit_xr_id(&r->x, n, "name");
        const char *value = tkit_xr_id(&r->x, n, "value");
        if (name && value &&
            !repeated(r, n, r->s->noptions, same_option, name, "<option> of that name"))
                tkit_scene_add_option(r->s, name, value)->line = tkit_xr_line(n);
}

static void read_player(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id", "!colour", NULL};
        if (!tkit_sr_room(r, n, r->s->nplayers, TKIT_SCENE_MAX_PLAYERS, "players") ||
            !tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        const char *id = tkit_xr_id(&r->x, n, "id");
        const char *colour = tkit_xr_prop(n, "colour");
        if (tkit_colour_parse(colour) < 0)
                tkit_xr_fail(&r->x, n, R_VALUE,
                             "colour=\"%.40s\" is not one of: red blue green yellow black grey "
                             "pink purple",
                             colour);
        else
                repeated(r, n, r->s->nplayers, same_colour, colour, "player of that colour");
        /* kept even with a bad colour, so that references to it do not add errors */
        if (id && !repeated(r, n, r->s->nplayers, same_player, id, "player of that id"))
                tkit_scene_add_player(r->s, id, colour)->line = tkit_xr_line(n);
}

static void read_players(struct srd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        tkit_xr_attrs(&r->x, n, none);
        bool any = false;
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "player"))
                        read_player(r, c);
                else
                        tkit_xr_unknown_child(&r->x, n, c, "");
                any = true;
        }
        if (!any)
                tkit_xr_fail(&r->x, n, R_VALUE, "<players> lists no player");
}

/* ------------------------------------------------------------------ board */

/* The attributes of a placed tile or piece shared by the board and the move. */
bool tkit_sr_read_tile_attrs(struct srd *r, const xmlNode *n, struct tkit_scene_tile *t,
                             bool bridge)
{
        const char *set = tkit_xr_id(&r->x, n, "set");
        const char *id = tkit_xr_id(&r->x, n, "id");
        free(t->set);
        free(t->tile);
        t->set = tkit_xstrdup(set);
        t->tile = tkit_xstrdup(id ? id : "");
        t->line = tkit_xr_line(n);
        bool cell = tkit_sr_get_cell(r, n, &t->x, &t->y);
        get_rotation(r, n, &t->rotation);
        if (bridge) {
                int a = tkit_xr_enum(&r->x, n, "bridge", tkit_bridge_axis_parse, "NS EW");
                t->bridge = a > 0 ? (enum tkit_bridge_axis)a : TKIT_BRIDGE_NONE;
        }
        return cell;
}

static void read_board_tile(struct srd *r, const xmlNode *n, bool piece)
{
        static const char *const tile_attrs[] = {"set",      "!id",    "!x", "!y",
                                                 "rotation", "bridge", NULL};
        static const char *const piece_attrs[] = {"set", "!id", "!x", "!y", "rotation", NULL};
        if (!tkit_sr_room(r, n, r->s->ntiles, TKIT_SCENE_MAX_TILES,
                          "tiles and pieces on the board") ||
            !tkit_xr_attrs(&r->x, n, piece ? piece_attrs : tile_attrs))
                return;
        tkit_sr_no_children(r, n);
        struct tkit_scene_tile *t = tkit_scene_add_tile(r->s, NULL, NULL);
        t->is_piece = piece;
        if (!tkit_sr_read_tile_attrs(r, n, t, !piece)) {
                /* reported; dropped, so that its cell is not taken for a duplicate */
                free(t->set);
                free(t->tile);
                r->s->ntiles--;
        }
}

static void read_castle(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id", "!x", "!y", "!feature", NULL};
        if (!tkit_sr_room(r, n, r->s->ncastles, TKIT_SCENE_MAX_BUILDINGS, "castles") ||
            !tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        const char *id = tkit_xr_id(&r->x, n, "id");
        struct tkit_scene_castle *c = tkit_scene_add_castle(r->s, id ? id : "");
        c->line = tkit_xr_line(n);
        tkit_sr_get_cell(r, n, &c->x, &c->y);
        c->feature = tkit_sr_dup_id(r, n, "feature");
}

static void read_barn(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!id", "!x", "!y", NULL};
        if (!tkit_sr_room(r, n, r->s->nbarns, TKIT_SCENE_MAX_BUILDINGS, "barns") ||
            !tkit_xr_attrs(&r->x, n, attrs))
                return;
        tkit_sr_no_children(r, n);
        const char *id = tkit_xr_id(&r->x, n, "id");
        struct tkit_scene_barn *b = tkit_scene_add_barn(r->s, id ? id : "");
        b->line = tkit_xr_line(n);
        tkit_sr_get_cell(r, n, &b->x, &b->y);
}

/* Sorts the castles and barns by id (for references) and reports duplicate ids, and tiles on
 * the same cell. Pieces are left out: their size is in the sets. */
static void index_board(struct srd *r)
{
        const struct tkit_scene *s = r->s;
        r->castles = sorted_keys(s->ncastles);
        for (size_t i = 0; i < s->ncastles; i++)
                if (s->castles[i].id[0])
                        r->castles[r->ncastles++] = (struct key){
                            .id = s->castles[i].id, .idx = (int)i, .line = s->castles[i].line};
        r->barns = sorted_keys(s->nbarns);
        for (size_t i = 0; i < s->nbarns; i++)
                if (s->barns[i].id[0])
                        r->barns[r->nbarns++] = (struct key){
                            .id = s->barns[i].id, .idx = (int)i, .line = s->barns[i].line};
        struct key *cells = sorted_keys(s->ntiles);
        size_t ncells = 0;
        for (size_t i = 0; i < s->ntiles; i++)
                if (!s->tiles[i].is_piece)
                        cells[ncells++] = (struct key){.x = s->tiles[i].x,
                                                       .y = s->tiles[i].y,
                                                       .idx = (int)i,
                                                       .line = s->tiles[i].line};
        qsort(r->castles, r->ncastles, sizeof *r->castles, cmp_key);
        qsort(r->barns, r->nbarns, sizeof *r->barns, cmp_key);
        qsort(cells, ncells, sizeof *cells, cmp_key);
        report_dups(r, cells, ncells, "tile");
        report_dups(r, r->castles, r->ncastles, "castle");
        report_dups(r, r->barns, r->nbarns, "barn");
        free(cells);
}

/* show="X0 Y0 X1 Y1": the cells a picture keeps, two corners, each a coordinate. */
static void read_show(struct srd *r, const xmlNode *n)
{
        const char *v = tkit_xr_prop(n, "show");
        if (!v)
                return;
        long k[4];
        int used = 0;
        char extra;
        bool ok = sscanf(v, " %ld %ld %ld %ld %n%c", &k[0], &k[1], &k[2], &k[3], &used, &extra) == 4;
        for (int i = 0; ok && i < 4; i++)
                ok = k[i] >= -TKIT_SCENE_MAX_COORD && k[i] <= TKIT_SCENE_MAX_COORD;
        if (!ok || k[0] > k[2] || k[1] > k[3]) {
                tkit_xr_fail(&r->x, n, R_VALUE,
                             "show=\"%.60s\" is not four whole numbers X0 Y0 X1 Y1 (the corners of "
                             "the cells kept, X0 <= X1, Y0 <= Y1, each within %d)",
                             v, TKIT_SCENE_MAX_COORD);
                return;
        }
        r->s->has_show = true;
        for (int i = 0; i < 4; i++)
                r->s->show[i] = (int)k[i];
}

static void read_board(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"face", "show", NULL};
        tkit_xr_attrs(&r->x, n, attrs);
        const char *face = tkit_xr_id(&r->x, n, "face");
        r->s->face = tkit_xstrdup(face);
        read_show(r, n);
        int stage = 0;
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                bool piece = tkit_xr_is(c, "piece");
                if (piece || tkit_xr_is(c, "tile")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 0, "<castle> and <barn>"))
                                read_board_tile(r, c, piece);
                } else if (tkit_xr_is(c, "castle")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, 1, "<barn>"))
                                read_castle(r, c);
                } else if (tkit_xr_is(c, "barn")) {
                        tkit_xr_in_order(&r->x, c, &stage, 2, "");
                        read_barn(r, c);
                } else {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                }
        }
        index_board(r);
}

static void read_figures(struct srd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        tkit_xr_attrs(&r->x, n, none);
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "figure"))
                        tkit_sr_read_figure_at(r, c, false);
                else
                        tkit_xr_unknown_child(&r->x, n, c, "");
        }
}

/* ------------------------------------------------------------------ posts */

struct space_ctx {
        struct srd *r;
        struct tkit_scene_post *p;
        bool stack;
};

static bool space_token(struct tkit_xr *x, const xmlNode *n, const char *tok, void *ctx)
{
        struct space_ctx *sc = ctx;
        size_t have = sc->stack ? sc->p->nstack : sc->p->nrow;
        if (!tkit_sr_room(sc->r, n, have, TKIT_SCENE_MAX_SPACES,
                          sc->stack ? "stack entries" : "row spaces"))
                return false;
        int p = -1;
        if (sc->stack || strcmp(tok, "-") != 0) {
                p = player_ref(sc->r, n, tok);
                if (p < 0)
                        return false;
        }
        if (sc->stack)
                tkit_scene_post_push_stack(sc->p, p);
        else
                tkit_scene_post_push_row(sc->p, p);
        return true;
}

static void read_spaces(struct srd *r, const xmlNode *n, struct tkit_scene_post *p, bool stack)
{
        static const char *const none[] = {NULL};
        tkit_xr_attrs(&r->x, n, none);
        char *text = tkit_xr_text(&r->x, n);
        struct space_ctx sc = {r, p, stack};
        tkit_xr_tokens(&r->x, n, text, space_token, &sc);
        free(text);
}

static void read_post(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!kind", "catapult", NULL};
        if (!tkit_sr_room(r, n, r->s->nposts, 3, "posts") || !tkit_xr_attrs(&r->x, n, attrs))
                return;
        int k = tkit_sr_get_post(r, n, "kind");
        if (k >= 0 && repeated(r, n, r->s->nposts, same_post, &k, "<post> of that kind"))
                return;
        struct tkit_scene_post *p =
            tkit_scene_add_post(r->s, k >= 0 ? (enum tkit_post)k : TKIT_POST_KNIGHTS);
        p->line = tkit_xr_line(n);
        p->catapult = tkit_sr_get_bool(r, n, "catapult");
        int stage = 0;
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                bool row = tkit_xr_is(c, "row");
                if (row || tkit_xr_is(c, "stack")) {
                        if (tkit_xr_in_order(&r->x, c, &stage, row ? 1 : 2,
                                             row ? "<stack>" : "the end of <post>"))
                                read_spaces(r, c, p, !row);
                } else {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                }
        }
}

static void read_posts(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"catapults-left", NULL};
        tkit_xr_attrs(&r->x, n, attrs);
        tkit_xr_int(&r->x, n, "catapults-left", 0, 99, &r->s->catapults_left);
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                if (tkit_xr_is(c, "post"))
                        read_post(r, c);
                else
                        tkit_xr_unknown_child(&r->x, n, c, "");
        }
}

/* ------------------------------------------------------------------ expect, callouts */

static int parse_word(const char *s)
{
        size_t n = strlen(s);
        bool ok = n > 0 && n <= TKIT_XR_MAX_ID && s[0] != '-' && s[n - 1] != '-' &&
                  !strstr(s, "--") && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
        return ok ? 0 : -1;
}

static void read_points(struct srd *r, const xmlNode *c)
{
        struct tkit_scene *s = r->s;
        int player = tkit_sr_get_player(r, c, "player");
        if (player >= 0)
                repeated(r, c, s->nexpect_points, same_points, &player, "<points> for that player");
        struct tkit_scene_expect_points *p = tkit_scene_add_expect_points(s);
        p->player = player;
        tkit_xr_int(&r->x, c, "value", -TKIT_SCENE_MAX_POINTS, TKIT_SCENE_MAX_POINTS, &p->points);
        p->line = tkit_xr_line(c);
}

static void read_count(struct srd *r, const xmlNode *c)
{
        struct tkit_scene *s = r->s;
        const char *what = tkit_xr_prop(c, "what");
        if (parse_word(what) < 0)
                tkit_xr_fail(&r->x, c, R_VALUE, "what=\"%.40s\" is not a word (a-z, 0-9, -)", what);
        struct tkit_scene_expect_count k = {.what = (char *)what,
                                            .player = tkit_sr_get_player(r, c, "player")};
        repeated(r, c, s->nexpect_counts, same_count, &k, "<count> of that what and player");
        struct tkit_scene_expect_count *e = tkit_scene_add_expect_count(s, what);
        e->player = k.player;
        tkit_xr_int(&r->x, c, "value", 0, TKIT_SCENE_MAX_POINTS, &e->count);
        e->line = tkit_xr_line(c);
}

static void read_expect(struct srd *r, const xmlNode *n)
{
        static const char *const none[] = {NULL};
        static const char *const points_attrs[] = {"!player", "!value", NULL};
        static const char *const count_attrs[] = {"!what", "player", "!value", NULL};
        tkit_xr_attrs(&r->x, n, none);
        struct tkit_scene *s = r->s;
        s->has_expect = true;
        int stage = 0;
        TKIT_XR_CHILDREN(&r->x, n, c)
        {
                bool points = tkit_xr_is(c, "points");
                if (!points && !tkit_xr_is(c, "count")) {
                        tkit_xr_unknown_child(&r->x, n, c, "");
                        continue;
                }
                if (!tkit_xr_in_order(&r->x, c, &stage, points ? 0 : 1, "<count>") ||
                    !tkit_sr_room(r, c, points ? s->nexpect_points : s->nexpect_counts,
                                  TKIT_SCENE_MAX_LIST, points ? "<points>" : "<count>") ||
                    !tkit_xr_attrs(&r->x, c, points ? points_attrs : count_attrs))
                        continue;
                tkit_sr_no_children(r, c);
                if (points)
                        read_points(r, c);
                else
                        read_count(r, c);
        }
}

static void read_callout(struct srd *r, const xmlNode *n)
{
        static const char *const attrs[] = {"!number", "x", "y", "feature", "post", NULL};
        if (!tkit_sr_room(r, n, r->s->ncallouts, TKIT_SCENE_MAX_LIST, "callouts") ||
            !tkit_xr_attrs(&r->x, n, attrs))
                return;
        int number = 0;
        if (tkit_xr_int(&r->x, n, "number", 1, 999, &number))
                repeated(r, n, r->s->ncallouts, same_callout, &number, "callout of that number");
        struct tkit_scene_callout *c = tkit_scene_add_callout(r->s);
        c->line = tkit_xr_line(n);
        c->number = number;
        bool cell = tkit_xr_prop(n, "x") || tkit_xr_prop(n, "y") || tkit_xr_prop(n, "feature");
        if (tkit_xr_prop(n, "post")) {
                if (cell)
                        tkit_xr_fail(&r->x, n, R_PLACE,
                                     "<callout> points at a cell (x, y, feature) or at a post, "
                                     "not both");
                c->post = tkit_sr_get_post(r, n, "post");
        } else if (!tkit_xr_prop(n, "x") || !tkit_xr_prop(n, "y")) {
                tkit_xr_fail(&r->x, n, R_PLACE,
                             "<callout> needs x and y (and may name a feature), or a post");
        } else {
                tkit_sr_get_cell(r, n, &c->x, &c->y);
                c->feature = tkit_sr_dup_id(r, n, "feature");
        }
        TKIT_XR_CHILDREN(&r->x, n, t)
        {
                if (tkit_xr_is(t, "text"))
                        read_lang_text(r, t, &c->texts, &c->ntexts);
                else
                        tkit_xr_unknown_child(&r->x, n, t, "");
        }
}

/* ------------------------------------------------------------------ the scene */

static void read_caption(struct srd *r, const xmlNode *c)
{
        if (!r->s->caption_line) /* where a translator's to-do list points (text/) */
                r->s->caption_line = tkit_xr_line(c);
        read_lang_text(r, c, &r->s->captions, &r->s->ncaptions);
}

static void read_note(struct srd *r, const xmlNode *c)
{
        read_lang_text(r, c, &r->s->notes, &r->s->nnotes);
}

static void read_source(struct srd *r, const xmlNode *c)
{
        read_text(r, c, &r->s->source);
}

static void read_invented(struct srd *r, const xmlNode *c)
{
        read_text(r, c, &r->s->invented);
}

/* The children of <scene>, in their order. */
static const struct part {
        const char *name;
        bool many;
        void (*read)(struct srd *r, const xmlNode *n);
} parts[] = {
    {"source", false, read_source},     {"invented", false, read_invented},
    {"caption", true, read_caption},    {"note", true, read_note},
    {"sets", false, read_sets},         {"option", true, read_option},
    {"players", false, read_players},   {"board", false, read_board},
    {"figures", false, read_figures},   {"posts", false, read_posts},
    {"move", false, tkit_sr_read_move}, {"expect", false, read_expect},
    {"callout", true, read_callout},
};
#define NPARTS (sizeof parts / sizeof *parts)

static void read_parts(struct srd *r, const xmlNode *root)
{
        int stage = 0;
        bool seen[NPARTS] = {false};
        TKIT_XR_CHILDREN(&r->x, root, c)
        {
                size_t i = 0;
                while (i < NPARTS && !tkit_xr_is(c, parts[i].name))
                        i++;
                if (i == NPARTS) {
                        tkit_xr_unknown_child(&r->x, root, c, "");
                } else if (seen[i] && !parts[i].many) {
                        tkit_xr_fail(&r->x, c, R_UNKNOWN, "a second <%s>", parts[i].name);
                } else if (tkit_xr_in_order(&r->x, c, &stage, (int)i,
                                            "the elements that follow it (docs/scene.md)")) {
                        seen[i] = true;
                        parts[i].read(r, c);
                }
        }
        if (!seen[4])
                tkit_xr_fail(&r->x, root, R_VALUE, "<scene> lacks <sets>: the sets in play");
}

static struct tkit_scene *build(xmlDoc *doc, const char *name, bool wide, struct tkit_diags *d)
{
        struct srd r = {.x = {.file = name,
                              .d = d,
                              .rule_unknown = R_UNKNOWN,
                              .rule_value = R_VALUE,
                              .rule_dup = R_DUP}};
        xmlNode *root = xmlDocGetRootElement(doc);
        if (!root || !tkit_xr_is(root, "scene")) {
                tkit_xr_fail(&r.x, root ? root : (xmlNode *)doc, R_UNKNOWN,
                             "the root element is <%s>, not <scene>",
                             root ? (const char *)root->name : "");
                return NULL;
        }
        /* UTF-8 only: another encoding would be converted silently and not written back */
        if (wide || (doc->encoding && strcasecmp((const char *)doc->encoding, "UTF-8") != 0 &&
                     strcasecmp((const char *)doc->encoding, "UTF8") != 0))
                tkit_xr_fail(&r.x, root, R_XML,
                             "the file is not in UTF-8, the only encoding of the "
                             "format");
        static const char *const attrs[] = {"!format", "!id", NULL};
        tkit_xr_attrs(&r.x, root, attrs);
        const char *fmt = tkit_xr_prop(root, "format");
        if (fmt && strcmp(fmt, "1") != 0)
                tkit_xr_fail(&r.x, root, R_VALUE,
                             "format=\"%.40s\" is not supported (this is format 1)", fmt);
        const char *id = tkit_xr_id(&r.x, root, "id");
        r.s = tkit_scene_create(id ? id : "");
        r.s->line = tkit_xr_line(root);
        r.s->file = tkit_xstrdup(name);
        read_parts(&r, root);
        tkit_xr_finish(&r.x);
        free(r.castles);
        free(r.barns);
        if (r.x.errors) {
                tkit_scene_destroy(r.s);
                return NULL;
        }
        return r.s;
}

static struct tkit_scene *read_memory(const char *data, size_t len, const char *name,
                                      struct tkit_diags *d, int *err)
{
        const struct tkit_xml_rules rules = {R_XML, R_DTD, R_LIMIT};
        if (!name)
                name = "<memory>";
        xmlDoc *doc = tkit_xml_parse_as(data ? data : "", data ? len : 0, name, &rules, d, err);
        if (!doc)
                return NULL;
        *err = TKIT_E_INVALID;
        bool wide = tkit_xml_wide_encoding((const unsigned char *)data, len);
        struct tkit_scene *s = build(doc, name, wide, d);
        /* The reader knows every rule the schema states; a schema error here means the two
         * disagree, and the schema wins. */
        if (s && tkit_schema_validate_doc(TKIT_SCHEMA_SCENE, doc, name, R_SCHEMA, d) != 0) {
                tkit_scene_destroy(s);
                s = NULL;
        }
        xmlFreeDoc(doc);
        return s;
}

struct tkit_scene *tkit_scene_read(const char *data, size_t len, const char *name,
                                   struct tkit_diags *d)
{
        int err;
        return read_memory(data, len, name, d, &err);
}

/* The scene in `data` as read (status `e`), which it frees; *err as the readers give it. */
static struct tkit_scene *read_input(int e, char *data, size_t len, const char *name,
                                     struct tkit_diags *d, int *err)
{
        struct tkit_scene *s = e ? NULL : read_memory(data, len, name, d, &e);
        free(data);
        if (err)
                *err = s ? 0 : e;
        return s;
}

struct tkit_scene *tkit_scene_read_stream(FILE *f, const char *name, struct tkit_diags *d, int *err)
{
        char *data = NULL;
        size_t len = 0;
        int e = tkit_read_input_stream(f, name, R_LIMIT, &data, &len, d);
        return read_input(e, data, len, name, d, err);
}

struct tkit_scene *tkit_scene_read_file(const char *path, struct tkit_diags *d, int *err)
{
        char *data = NULL;
        size_t len = 0;
        int e = tkit_read_input_file(path, R_LIMIT, &data, &len, d);
        return read_input(e, data, len, path, d, err);
}
