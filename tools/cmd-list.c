/* tilekit list: the sets, the tiles of some sets, or the features of a tile turned as it lies on
 * the board (what a scene author needs to name a figure's place), as text or JSON. */
#include "cli.h"
#include "options.h"

#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"

void tkit_help_list(FILE *out)
{
        fprintf(out,
                "Usage: tilekit list sets [--db FILE | --tiles FILE...] [--json | --ids]\n"
                "       tilekit list tiles --set IDS [--db FILE | --tiles FILE...] [--json]\n"
                "       tilekit list features --set IDS [--tile ID] [--rotation DEG]\n"
                "                             [--db FILE | --tiles FILE...] [--json]\n"
                "\n"
                "Lists the sets (id, tile types, tiles, pieces, format, name), the tiles of the\n"
                "sets asked for (set, id, count, group, sides N E S W as a code like CRFR: C\n"
                "city, R road, F field, W river; names), or the features of their tiles: id,\n"
                "kind, the sides or positions each owns on the board once the tile is turned\n"
                "by --rotation, the same in the tile's own orientation, and what else it\n"
                "carries (pennants, inn, how a road ends, the cities a field touches...). For a\n"
                "piece (the fortress), the features of each cell and the defense posts of\n"
                "each face.\n"
                "\n"
                "Options:\n"
                "  -s, --set IDS    the sets (comma separated, repeatable)\n"
                "  -t, --tile ID    features: only this tile or piece\n"
                "  -r, --rotation DEG  features: turn the tile clockwise by 0, 90, 180 or 270\n"
                "                   degrees, as a scene's rotation= (default 0)\n"
                "  --tiles FILE     read the sets from this tile-set file (repeatable)\n"
                "  --db FILE        the database (default: $TILEKIT_DB, else tilekit.db); with\n"
                "                   neither --tiles nor --db, nor $TILEKIT_DB, nor ./tilekit.db:\n"
                "                   the bundled tile sets, as tilekit score reads them\n"
                "  --json           one JSON array on standard output\n"
                "  --ids            list sets: set ids only, one a line (for scripts)\n"
                "  -h, --help       show this help\n"
                "  --version        show the version\n"
                "\n"
                "Text from the database is shown with control characters and invalid UTF-8\n"
                "bytes as \\xHH (a backslash as \\\\); JSON output is always valid UTF-8 (an\n"
                "invalid byte becomes U+FFFD).\n"
                "\n"
                "Exit status: 0 ok; 1 no such set or tile, invalid tile data, or a database\n"
                "error; 2 bad usage, or a file or database that cannot be opened.\n");
}

/* Text from a database goes to a terminal: control characters and invalid UTF-8 escaped. */
static void text(struct tkit_buf *b, const char *fmt_s, const char *s)
{
        char *e = cli_text_escape(s);
        tkit_buf_printf(b, fmt_s, e);
        free(e);
}

/* A JSON string that is valid UTF-8 whatever the database holds. */
static void jstr(struct tkit_buf *b, const char *s)
{
        if (!s) {
                tkit_json_string(b, NULL);
                return;
        }
        char *c = cli_utf8_clean(s);
        tkit_json_string(b, c);
        free(c);
}

static const char *display_name(const struct tkit_name *v, size_t n)
{
        for (size_t i = 0; i < n; i++)
                if (strcmp(v[i].lang, "en") == 0)
                        return v[i].text;
        return n ? v[0].text : "";
}

static void json_names(struct tkit_buf *b, const struct tkit_name *v, size_t n)
{
        tkit_buf_puts(b, "{");
        for (size_t i = 0; i < n; i++) {
                tkit_buf_puts(b, i ? ", " : "");
                jstr(b, v[i].lang);
                tkit_buf_puts(b, ": ");
                jstr(b, v[i].text);
        }
        tkit_buf_puts(b, "}");
}

/* ---------------------------------------------------------------- sets */

static void set_line(struct tkit_buf *b, const struct tkit_set *s, bool json, bool first)
{
        if (!json) {
                text(b, "%-20s", s->id);
                tkit_buf_printf(b, " %5zu %6d %6zu  ", s->ntiles, tkit_set_tile_total(s),
                                s->npieces);
                text(b, "%-8s", s->source_format);
                text(b, " %s\n", display_name(s->names, s->nnames));
                return;
        }
        tkit_buf_puts(b, first ? "\n  {\"id\": " : ",\n  {\"id\": ");
        jstr(b, s->id);
        tkit_buf_puts(b, ", \"names\": ");
        json_names(b, s->names, s->nnames);
        tkit_buf_puts(b, ", \"edition\": ");
        jstr(b, s->edition);
        tkit_buf_printf(b, ", \"year\": %d, \"format\": ", s->year);
        jstr(b, s->source_format);
        tkit_buf_puts(b, ", \"file\": ");
        jstr(b, s->file);
        tkit_buf_printf(b, ", \"types\": %zu, \"tiles\": %d, \"pieces\": %zu}", s->ntiles,
                        tkit_set_tile_total(s), s->npieces);
}

static void list_sets(struct tkit_set *const *sets, size_t n, bool json, bool ids,
                      struct tkit_buf *b)
{
        if (ids) {
                for (size_t i = 0; i < n; i++)
                        text(b, "%s\n", sets[i]->id);
                return;
        }
        if (!json)
                tkit_buf_printf(b, "%-20s %5s %6s %6s  %-8s %s\n", "SET", "TYPES", "TILES",
                                "PIECES", "FORMAT", "NAME");
        else
                tkit_buf_puts(b, "[");
        for (size_t i = 0; i < n; i++)
                set_line(b, sets[i], json, i == 0);
        if (json)
                tkit_buf_puts(b, n ? "\n]\n" : "]\n");
}

/* ---------------------------------------------------------------- tiles */

static void tile_line(struct tkit_buf *b, const char *set, const struct tkit_tile *t, bool json,
                      bool first, int wset, int wid)
{
        char sides[TKIT_SIDE_CODE_SIZE];
        tkit_side_code_string(tkit_tile_side_code(t, 0), sides, sizeof sides);
        if (!json) {
                char *s = cli_text_escape(set), *id = cli_text_escape(t->id);
                tkit_buf_printf(b, "%-*s %-*s %5d  %-8s %-5s %-5s ", wset, s, wid, id, t->count,
                                tkit_group_name(t->group), sides, t->start ? "yes" : "");
                free(s);
                free(id);
                for (size_t i = 0; i < t->nnames; i++) {
                        tkit_buf_puts(b, i ? "; " : "");
                        text(b, "%s: ", t->names[i].lang);
                        text(b, "%s", t->names[i].text);
                }
                tkit_buf_puts(b, "\n");
                return;
        }
        tkit_buf_puts(b, first ? "\n  {\"id\": " : ",\n  {\"id\": ");
        jstr(b, t->id);
        tkit_buf_printf(b, ", \"count\": %d, \"group\": \"%s\", \"sides\": \"%s\", \"start\": %s",
                        t->count, tkit_group_name(t->group), sides, t->start ? "true" : "false");
        tkit_buf_puts(b, ", \"names\": ");
        json_names(b, t->names, t->nnames);
        tkit_buf_puts(b, ", \"set\": ");
        jstr(b, set);
        tkit_buf_puts(b, "}");
}

static void list_tiles(struct tkit_set *const *sets, size_t n, bool json, struct tkit_buf *b)
{
        int wset = 3, wid = 4; /* the columns fit the longest id */
        size_t total = 0;
        for (size_t k = 0; k < n; k++) {
                if ((int)strlen(sets[k]->id) > wset)
                        wset = (int)strlen(sets[k]->id);
                for (size_t i = 0; i < sets[k]->ntiles; i++)
                        if ((int)strlen(sets[k]->tiles[i].id) > wid)
                                wid = (int)strlen(sets[k]->tiles[i].id);
                total += sets[k]->ntiles;
        }
        if (json)
                tkit_buf_puts(b, "[");
        else
                tkit_buf_printf(b, "%-*s %-*s %5s  %-8s %-5s %-5s %s\n", wset, "SET", wid, "TILE",
                                "COUNT", "GROUP", "SIDES", "START", "NAMES");
        size_t row = 0;
        for (size_t k = 0; k < n; k++)
                for (size_t i = 0; i < sets[k]->ntiles; i++)
                        tile_line(b, sets[k]->id, &sets[k]->tiles[i], json, row++ == 0, wset, wid);
        if (json)
                tkit_buf_puts(b, total ? "\n]\n" : "]\n");
}

/* ---------------------------------------------------------------- features */

/* The positions of `mask` as a tile file writes them, clockwise from north: a side's letter when
 * the feature owns the whole side, both of its halves (a field) or its middle alone (a road or
 * river end), else the position names (NL, NM, NR ...). Each word goes through `put`. */
static void mask_words(uint16_t mask, void (*put)(struct tkit_buf *, const char *, bool),
                       struct tkit_buf *b)
{
        bool first = true;
        for (int side = 0; side < 4; side++) {
                uint16_t m = mask & (uint16_t)TKIT_MASK_SIDE(side);
                uint16_t l = (uint16_t)(1u << TKIT_POS(side, TKIT_L)),
                         mid = (uint16_t)(1u << TKIT_POS(side, TKIT_M)),
                         r = (uint16_t)(1u << TKIT_POS(side, TKIT_R));
                if (!m)
                        continue;
                if (m == (l | mid | r) || m == (l | r) || m == mid) {
                        char letter[2] = {tkit_side_letter(side), 0};
                        put(b, letter, first);
                        first = false;
                        continue;
                }
                for (int part = 0; part < 3; part++)
                        if (m >> TKIT_POS(side, part) & 1u) {
                                put(b, tkit_pos_name(TKIT_POS(side, part)), first);
                                first = false;
                        }
        }
}

static void put_text_word(struct tkit_buf *b, const char *w, bool first)
{
        tkit_buf_printf(b, "%s%s", first ? "" : " ", w);
}

static void put_json_word(struct tkit_buf *b, const char *w, bool first)
{
        tkit_buf_puts(b, first ? "" : ", ");
        tkit_json_string(b, w);
}

static char *mask_text(uint16_t mask)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        if (mask)
                mask_words(mask, put_text_word, &b);
        else
                tkit_buf_puts(&b, "(inner)");
        return b.data;
}

/* What a feature carries besides its positions, in words. */
static void feature_details(struct tkit_buf *b, const struct tkit_feature *f)
{
        const char *sep = "";
        if (f->pennants)
                tkit_buf_printf(b, "%s%d pennant%s", sep, f->pennants, f->pennants > 1 ? "s" : ""),
                    sep = "; ";
        if (f->besieger != TKIT_BESIEGER_NONE)
                tkit_buf_printf(b, "%sbesieged (%s)", sep, tkit_besieger_name(f->besieger)),
                    sep = "; ";
        if (f->cathedral)
                tkit_buf_printf(b, "%scathedral", sep), sep = "; ";
        if (f->inn)
                tkit_buf_printf(b, "%sinn", sep), sep = "; ";
        if (f->end != TKIT_END_NONE)
                tkit_buf_printf(b, "%sends at a %s", sep, tkit_end_name(f->end)), sep = "; ";
        if (f->junction)
                tkit_buf_printf(b, "%sjunction (does not end)", sep), sep = "; ";
        if (f->overpass)
                tkit_buf_printf(b, "%soverpass", sep), sep = "; ";
        if (f->ntouches) {
                tkit_buf_printf(b, "%stouches", sep);
                for (size_t i = 0; i < f->ntouches; i++)
                        text(b, " %s", f->touches[i]);
        }
}

static void feature_json(struct tkit_buf *b, const struct tkit_feature *f, int rot, bool first)
{
        tkit_buf_puts(b, first ? "{\"id\": " : ", {\"id\": ");
        jstr(b, f->id);
        tkit_buf_printf(b, ", \"kind\": \"%s\", \"sides\": [", tkit_feature_kind_name(f->kind));
        mask_words(tkit_mask_rotate(f->mask, rot), put_json_word, b);
        tkit_buf_puts(b, "], \"own_sides\": [");
        mask_words(f->mask, put_json_word, b);
        tkit_buf_printf(b, "], \"inner\": %s, \"pennants\": %d, \"besieged\": ",
                        f->mask ? "false" : "true", f->pennants);
        if (f->besieger != TKIT_BESIEGER_NONE)
                jstr(b, tkit_besieger_name(f->besieger));
        else
                tkit_buf_puts(b, "null");
        tkit_buf_printf(b, ", \"cathedral\": %s, \"inn\": %s, \"end\": ",
                        f->cathedral ? "true" : "false", f->inn ? "true" : "false");
        if (f->end != TKIT_END_NONE)
                jstr(b, tkit_end_name(f->end));
        else
                tkit_buf_puts(b, "null");
        tkit_buf_printf(b, ", \"junction\": %s, \"overpass\": %s, \"touches\": [",
                        f->junction ? "true" : "false", f->overpass ? "true" : "false");
        for (size_t i = 0; i < f->ntouches; i++) {
                tkit_buf_puts(b, i ? ", " : "");
                jstr(b, f->touches[i]);
        }
        tkit_buf_puts(b, "]}");
}

/* The features of one tile (or piece cell) as table rows; `cell` is NULL for a tile. */
static void feature_rows(struct tkit_buf *b, const struct tkit_tile *t, int rot, const int *cell,
                         int wid)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                char *id = cli_text_escape(f->id);
                char *board = mask_text(tkit_mask_rotate(f->mask, rot)), *own = mask_text(f->mask);
                tkit_buf_puts(b, "  ");
                if (cell) {
                        char at[32];
                        snprintf(at, sizeof at, "(%d, %d)", cell[0], cell[1]);
                        tkit_buf_printf(b, "%-9s ", at);
                }
                tkit_buf_printf(b, "%-*s %-9s %-14s %-14s ", wid, id,
                                tkit_feature_kind_name(f->kind), board, own);
                feature_details(b, f);
                tkit_buf_puts(b, "\n");
                free(id);
                free(board);
                free(own);
        }
}

static int id_width(const struct tkit_tile *t, int w)
{
        for (size_t i = 0; i < t->nfeatures; i++)
                if ((int)strlen(t->features[i].id) > w)
                        w = (int)strlen(t->features[i].id);
        return w;
}

/* The siege symbols, left to right, and the illustration letters: what a drawn tile does
 * besides its features. */
static void tile_extras(struct tkit_buf *b, const struct tkit_tile *t, bool json)
{
        if (json) {
                tkit_buf_puts(b, ", \"symbols\": [");
                for (size_t i = 0; i < t->nsymbols; i++)
                        tkit_buf_printf(b, "%s\"%s\"", i ? ", " : "",
                                        tkit_post_name(t->symbols[i]));
                tkit_buf_puts(b, "], \"illustrations\": ");
                jstr(b, t->illustrations);
                return;
        }
        for (size_t i = 0; i < t->nsymbols; i++)
                tkit_buf_printf(b, "%s%s", i ? " " : "; siege symbols ",
                                tkit_post_name(t->symbols[i]));
        if (t->illustrations[0])
                text(b, "; illustrations %s", t->illustrations);
}

static void tile_features(struct tkit_buf *b, const char *set, const struct tkit_tile *t, int rot,
                          bool json, bool first)
{
        char sides[TKIT_SIDE_CODE_SIZE], own[TKIT_SIDE_CODE_SIZE];
        tkit_side_code_string(tkit_tile_side_code(t, rot), sides, sizeof sides);
        tkit_side_code_string(tkit_tile_side_code(t, 0), own, sizeof own);
        if (json) {
                tkit_buf_puts(b, first ? "\n  {\"set\": " : ",\n  {\"set\": ");
                jstr(b, set);
                tkit_buf_puts(b, ", \"tile\": ");
                jstr(b, t->id);
                tkit_buf_printf(b,
                                ", \"piece\": false, \"rotation\": %d, \"sides\": \"%s\", "
                                "\"own_sides\": \"%s\"",
                                rot * 90, sides, own);
                tile_extras(b, t, true);
                tkit_buf_puts(b, ", \"features\": [");
                for (size_t i = 0; i < t->nfeatures; i++)
                        feature_json(b, &t->features[i], rot, i == 0);
                tkit_buf_puts(b, "]}");
                return;
        }
        tkit_buf_puts(b, first ? "" : "\n");
        text(b, "%s/", set);
        text(b, "%s", t->id);
        text(b, " (%s)", display_name(t->names, t->nnames));
        tkit_buf_printf(b, ", rotation %d: sides N E S W %s (own %s)", rot * 90, sides, own);
        tile_extras(b, t, false);
        tkit_buf_puts(b, "\n");
        int wid = id_width(t, 7);
        tkit_buf_printf(b, "  %-*s %-9s %-14s %-14s %s\n", wid, "FEATURE", "KIND", "BOARD SIDES",
                        "OWN SIDES", "DETAILS");
        feature_rows(b, t, rot, NULL, wid);
}

/* Where cell (cx, cy) of a w x h piece lies, relative to the piece's top-left cell on the board,
 * once the piece is turned `rot` quarter turns (as a scene places it: by its top-left cell). */
static void piece_cell_at(int w, int h, int cx, int cy, int rot, int out[2])
{
        switch (rot) {
        case 1:
                out[0] = h - 1 - cy, out[1] = cx;
                break;
        case 2:
                out[0] = w - 1 - cx, out[1] = h - 1 - cy;
                break;
        case 3:
                out[0] = cy, out[1] = w - 1 - cx;
                break;
        default:
                out[0] = cx, out[1] = cy;
        }
}

static void post_text(struct tkit_buf *b, const struct tkit_face *fc, bool reconstructed)
{
        tkit_buf_printf(b, "  face ");
        text(b, "%s", fc->id);
        if (fc->max_players)
                tkit_buf_printf(b, " (%d-%d players):\n", fc->min_players, fc->max_players);
        else
                tkit_buf_printf(b, " (%d or more players):\n", fc->min_players);
        for (size_t k = 0; k < fc->nposts; k++) {
                const struct tkit_post_def *p = &fc->posts[k];
                tkit_buf_printf(b,
                                "    %-9s row of %d spaces: %d plain, %d dark '3' (3 players), "
                                "%d '5+' (5 or more); %d meeple space, %d catapult space\n",
                                tkit_post_name(p->kind), p->plain + p->dark3 + p->fiveplus,
                                p->plain, p->dark3, p->fiveplus, p->meeple, p->catapult);
        }
        if (fc->nposts && reconstructed)
                tkit_buf_puts(b, "    (how many spaces a row has is our reconstruction: the "
                                 "rulebooks describe only the dark '3' and '5+' spaces)\n");
}

static void piece_features(struct tkit_buf *b, const char *set, const struct tkit_piece *p, int rot,
                           bool json, bool first)
{
        bool recon = p->basis == TKIT_BASIS_RECONSTRUCTED;
        if (json) {
                tkit_buf_puts(b, first ? "\n  {\"set\": " : ",\n  {\"set\": ");
                jstr(b, set);
                tkit_buf_puts(b, ", \"tile\": ");
                jstr(b, p->id);
                tkit_buf_printf(b, ", \"piece\": true, \"rotation\": %d, \"cells\": [", rot * 90);
                for (int cy = 0; cy < p->height; cy++)
                        for (int cx = 0; cx < p->width; cx++) {
                                int at[2];
                                piece_cell_at(p->width, p->height, cx, cy, rot, at);
                                const struct tkit_tile *t = tkit_piece_cell_const(p, cx, cy);
                                tkit_buf_printf(b, "%s{\"cell\": [%d, %d], \"features\": [",
                                                cx || cy ? ", " : "", at[0], at[1]);
                                for (size_t i = 0; t && i < t->nfeatures; i++)
                                        feature_json(b, &t->features[i], rot, i == 0);
                                tkit_buf_puts(b, "]}");
                        }
                tkit_buf_puts(b, "], \"faces\": [");
                for (size_t f = 0; f < p->nfaces; f++) {
                        const struct tkit_face *fc = &p->faces[f];
                        tkit_buf_puts(b, f ? ", {\"id\": " : "{\"id\": ");
                        jstr(b, fc->id);
                        tkit_buf_printf(b,
                                        ", \"min_players\": %d, \"max_players\": %d, "
                                        "\"posts\": [",
                                        fc->min_players, fc->max_players);
                        for (size_t k = 0; k < fc->nposts; k++) {
                                const struct tkit_post_def *q = &fc->posts[k];
                                tkit_buf_printf(
                                    b,
                                    "%s{\"kind\": \"%s\", \"plain\": %d, \"dark3\": %d, "
                                    "\"fiveplus\": %d, \"meeple\": %d, \"catapult\": %d, "
                                    "\"row_reconstructed\": %s}",
                                    k ? ", " : "", tkit_post_name(q->kind), q->plain, q->dark3,
                                    q->fiveplus, q->meeple, q->catapult, recon ? "true" : "false");
                        }
                        tkit_buf_puts(b, "]}");
                }
                tkit_buf_puts(b, "]}");
                return;
        }
        tkit_buf_puts(b, first ? "" : "\n");
        text(b, "%s/", set);
        text(b, "%s", p->id);
        text(b, " (%s)", display_name(p->names, p->nnames));
        tkit_buf_printf(b,
                        ", a piece of %dx%d cells, rotation %d; cells relative to its top-left "
                        "cell on the board\n",
                        p->width, p->height, rot * 90);
        int wid = 7;
        for (int cy = 0; cy < p->height; cy++)
                for (int cx = 0; cx < p->width; cx++) {
                        const struct tkit_tile *t = tkit_piece_cell_const(p, cx, cy);
                        if (t)
                                wid = id_width(t, wid);
                }
        tkit_buf_printf(b, "  %-9s %-*s %-9s %-14s %-14s %s\n", "CELL", wid, "FEATURE", "KIND",
                        "BOARD SIDES", "OWN SIDES", "DETAILS");
        for (int cy = 0; cy < p->height; cy++)
                for (int cx = 0; cx < p->width; cx++) {
                        int at[2];
                        piece_cell_at(p->width, p->height, cx, cy, rot, at);
                        const struct tkit_tile *t = tkit_piece_cell_const(p, cx, cy);
                        if (t)
                                feature_rows(b, t, rot, at, wid);
                }
        for (size_t f = 0; f < p->nfaces; f++)
                post_text(b, &p->faces[f], recon);
}

/* The ids of a set's tiles and pieces, for the message naming the valid choices. */
static void choices(struct tkit_buf *b, const struct tkit_set *s)
{
        for (size_t i = 0; i < s->ntiles; i++)
                text(b, i ? " %s" : "%s", s->tiles[i].id);
        for (size_t i = 0; i < s->npieces; i++)
                text(b, " %s", s->pieces[i].id);
}

static int list_features(struct tkit_set *const *sets, size_t n, const char *tile, int rot,
                         bool json, struct tkit_buf *b, struct tkit_diags *d)
{
        size_t shown = 0;
        if (json)
                tkit_buf_puts(b, "[");
        for (size_t k = 0; k < n; k++) {
                const struct tkit_set *s = sets[k];
                for (size_t i = 0; i < s->ntiles; i++)
                        if (!tile || strcmp(s->tiles[i].id, tile) == 0)
                                tile_features(b, s->id, &s->tiles[i], rot, json, shown++ == 0);
                for (size_t i = 0; i < s->npieces; i++)
                        if (!tile || strcmp(s->pieces[i].id, tile) == 0)
                                piece_features(b, s->id, &s->pieces[i], rot, json, shown++ == 0);
        }
        if (json)
                tkit_buf_puts(b, shown ? "\n]\n" : "]\n");
        if (tile && !shown) {
                struct tkit_buf c;
                tkit_buf_init(&c);
                for (size_t k = 0; k < n; k++) {
                        text(&c, k ? "; %s: " : "%s: ", sets[k]->id);
                        choices(&c, sets[k]);
                }
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, tile, NULL,
                               "no tile or piece '%s' in the sets asked for (%s)", tile,
                               c.data ? c.data : "");
                tkit_buf_finish(&c);
                return TKIT_EXIT_FAIL;
        }
        return TKIT_EXIT_OK;
}

/* ---------------------------------------------------------------- command line */

struct list_opts {
        struct cli_common com; /* --db, --tiles, --set */
        const char *tile;
        int rot;
        bool json, ids, rotation_given;
};

enum { O_JSON = 256, O_IDS };
/* The command's own options; --db, --tiles, --set, --help and --version are the shared ones
 * (options.h). -t is --tile here, so --tiles has no letter. */
const struct cli_opt tkit_opts_list[] = {
    {"tile", 't', true, 't'},
    {"rotation", 'r', true, 'r'},
    {"json", 0, false, O_JSON},
    {"ids", 0, false, O_IDS},
    {NULL},
};

static int on_option(void *ctx, int code, const char *arg)
{
        struct list_opts *o = ctx;
        long deg;
        switch (code) {
        case 't':
                o->tile = arg;
                return 0;
        case 'r':
                if (!cli_parse_long(arg, 0, 270, &deg) || deg % 90)
                        return cli_usage_error("list",
                                               "--rotation takes 0, 90, 180 or 270, not '%s'", arg);
                o->rot = (int)(deg / 90);
                o->rotation_given = true;
                return 0;
        case O_JSON:
                o->json = true;
                return 0;
        default: /* O_IDS */
                o->ids = true;
                return 0;
        }
}

/* The sets, found as every command finds them (cli_sets_load: --tiles, else the database, else
 * the bundled files). */
static int load(struct list_opts *o, struct tkit_diags *d)
{
        return cli_sets_load(&o->com.sets, "list", o->com.tiles, o->com.ntiles, TKIT_FORMAT_AUTO,
                             o->com.db, d);
}

static int check_usage(int argc, char **argv, const struct list_opts *o, const char **what)
{
        const struct cli_sets *cs = &o->com.sets;
        if (optind != argc - 1)
                return cli_usage_error("list", "say what to list: 'sets', 'tiles' or 'features'");
        *what = argv[optind];
        if (strcmp(*what, "sets") != 0 && strcmp(*what, "tiles") != 0 &&
            strcmp(*what, "features") != 0)
                return cli_usage_error("list", "cannot list '%s': 'sets', 'tiles' or 'features'",
                                       *what);
        bool sets = strcmp(*what, "sets") == 0, features = strcmp(*what, "features") == 0;
        if (!sets && !cs->nids)
                return cli_usage_error("list", "'list %s' needs --set IDS", *what);
        if (sets && cs->nids)
                return cli_usage_error("list", "'list sets' takes no --set");
        if (!features && (o->tile || o->rotation_given))
                return cli_usage_error("list", "--tile and --rotation are for 'list features'");
        if (!sets && o->ids)
                return cli_usage_error("list", "--ids is for 'list sets'");
        if (o->ids && o->json)
                return cli_usage_error("list", "--ids or --json, not both");
        if (o->com.ntiles && o->com.db)
                return cli_usage_error("list", "--tiles or --db, not both");
        return TKIT_EXIT_OK;
}

int tkit_cmd_list(int argc, char **argv)
{
        struct list_opts o = {0};
        cli_common_init(&o.com);
        const char *what = NULL;
        struct cli_parser p = {"list", tkit_opts_list, on_option, &o, NULL};
        int status = cli_parse_options(&p, argc, argv, &o.com);
        if (!status)
                status = check_usage(argc, argv, &o, &what);
        if (status) {
                cli_common_finish(&o.com);
                return status == CLI_DONE ? TKIT_EXIT_OK : status;
        }
        struct cli_sets *cs = &o.com.sets;
        struct tkit_diags d;
        struct tkit_buf out;
        tkit_diags_init(&d);
        tkit_buf_init(&out);
        status = load(&o, &d);
        if (status == TKIT_EXIT_OK) {
                if (strcmp(what, "sets") == 0)
                        list_sets(cs->sel, cs->nsel, o.json, o.ids, &out);
                else if (strcmp(what, "tiles") == 0)
                        list_tiles(cs->sel, cs->nsel, o.json, &out);
                else
                        status = list_features(cs->sel, cs->nsel, o.tile, o.rot, o.json, &out, &d);
        }
        if (status == TKIT_EXIT_OK && out.data)
                fputs(out.data, stdout);
        cli_print_diags(&d);
        tkit_buf_finish(&out);
        tkit_diags_finish(&d);
        cli_common_finish(&o.com);
        return status;
}
