/* A new scene to fill in (tilekit scene new): a valid scene as written — one tile on the board, a
 * second one placed by the move, two players, no figure, no points expected — with a comment
 * before each element saying what goes there and which command tells the ids to write. The tiles
 * come from the sets asked for, so that the file already passes `tilekit scene check` and
 * `tilekit score`; every later edit can be checked at once. Comments are not kept by the
 * canonical writer (tkit_scene_write), so this text is written here, element by element. */
#include "formats-private.h"
#include "tkit-formats.h"

#include <stdlib.h>
#include <string.h>

/* The sets in play: those asked for, after the sets they require (a scene lists both). */
static void add_set(const struct tkit_set ***v, size_t *n, size_t *cap, const struct tkit_set *s)
{
        for (size_t i = 0; i < *n; i++)
                if ((*v)[i] == s)
                        return;
        *TKIT_PUSH(*v, *n, *cap) = s;
}

static const struct tkit_set *find(struct tkit_set *const *all, size_t nall, const char *id)
{
        for (size_t i = 0; i < nall; i++)
                if (strcmp(all[i]->id, id) == 0)
                        return all[i];
        return NULL;
}

static void in_play(struct tkit_set *const *all, size_t nall, struct tkit_set *const *asked,
                    size_t nasked, const struct tkit_set ***v, size_t *n)
{
        size_t cap = 0;
        for (size_t i = 0; i < nasked; i++) {
                for (size_t r = 0; r < asked[i]->nrequires; r++) {
                        const struct tkit_set *q = find(all, nall, asked[i]->requires[r]);
                        if (q)
                                add_set(v, n, &cap, q);
                }
                add_set(v, n, &cap, asked[i]);
        }
}

/* A land tile without siege symbols: placing it asks for nothing more than the tile. */
static bool plain_land(const struct tkit_tile *t)
{
        return t->group == TKIT_GROUP_LAND && t->nsymbols == 0 && t->nfeatures > 0;
}

/* The board's tile: a start tile, else the first plain land tile of the sets in play. */
static bool pick_start(const struct tkit_set *const *v, size_t n, const struct tkit_set **set,
                       const struct tkit_tile **tile)
{
        for (int pass = 0; pass < 2; pass++)
                for (size_t k = 0; k < n; k++)
                        for (size_t i = 0; i < v[k]->ntiles; i++) {
                                const struct tkit_tile *t = &v[k]->tiles[i];
                                if (plain_land(t) && (pass || t->start)) {
                                        *set = v[k];
                                        *tile = t;
                                        return true;
                                }
                        }
        return false;
}

/* The move's tile: from the set asked for last (the expansion the scene is about) backwards, a
 * plain land tile with a copy left whose west side, turned, shows what the board tile's east
 * side shows. */
static bool pick_move(const struct tkit_set *const *v, size_t n, const struct tkit_tile *start,
                      const struct tkit_set **set, const struct tkit_tile **tile, int *rot)
{
        enum tkit_side_type east = TKIT_CODE_SIDE(tkit_tile_side_code(start, 0), 1);
        for (size_t k = n; k-- > 0;)
                for (size_t i = 0; i < v[k]->ntiles; i++) {
                        const struct tkit_tile *t = &v[k]->tiles[i];
                        if (!plain_land(t) || (t == start && t->count < 2))
                                continue;
                        for (int r = 0; r < 4; r++)
                                if (TKIT_CODE_SIDE(tkit_tile_side_code(t, r), 3) == east) {
                                        *set = v[k];
                                        *tile = t;
                                        *rot = r;
                                        return true;
                                }
                }
        return false;
}

static void line(struct tkit_buf *b, const char *s)
{
        tkit_buf_puts(b, s);
        tkit_buf_puts(b, "\n");
}

static void header(struct tkit_buf *b)
{
        line(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
        line(b, "<!--");
        line(b, "  A new scene (docs/scene.md): one moment of a game, as a rulebook example "
                "shows it.");
        line(b, "  As written it is valid: one tile on the board, a second one placed by the "
                "move, two");
        line(b, "  players, no figure, no points. Change it from the top and check it after "
                "each step:");
        line(b, "    tilekit scene check FILE    the format, the values, the references inside "
                "the file");
        line(b, "    tilekit score FILE          the rules: the board, the move, what it scores");
        /* a comment cannot hold two hyphens in a row: short options, or the options named */
        line(b, "  Tile ids:                     tilekit list tiles -s SETS");
        line(b, "  Feature ids, turned:          tilekit list features -s SET -t ID -r DEG");
        line(b, "  The tile drawn with its ids:  tilekit render tile ID, options set, rotation, "
                "debug and -o");
        line(b, "                                (docs/scene.md, \"Finding the ids\")");
        line(b, "-->");
}

static void texts(struct tkit_buf *b)
{
        line(b, "  <!-- The rulebook example: title, edition, year, language, section or example "
                "number,");
        line(b, "       e.g. Castles &amp; Bridges rulebook, C3.1 2025, Romanian, Example 2. -->");
        line(b, "  <!-- <source>...</source> -->");
        line(b, "  <!-- What the text does not say and you invented (the tiles of a road whose "
                "length only");
        line(b, "       is given, the other players...). -->");
        line(b, "  <!-- <invented>...</invented> -->");
        line(b, "  <!-- The caption under the picture, in every language it is printed in, saying "
                "only what");
        line(b, "       the rulebook says (the points the rules give go to the legend by "
                "themselves). -->");
        line(b, "  <!-- <caption lang=\"en\">...</caption> -->");
        line(b, "  <!-- <caption lang=\"ro\">...</caption> -->");
        line(b, "  <!-- <caption lang=\"cs\">...</caption> -->");
        line(b, "  <!-- <caption lang=\"uk\">...</caption> -->");
        line(b, "  <!-- Words for authors, never printed: computations, readings, quotations. -->");
        line(b, "  <!-- <note lang=\"en\">...</note> -->");
}

static void sets_and_players(struct tkit_buf *b, const struct tkit_set *const *v, size_t n)
{
        line(b, "  <!-- The sets in play (the sets they require included). -->");
        tkit_buf_puts(b, "  <sets>");
        for (size_t i = 0; i < n; i++) {
                tkit_buf_puts(b, i ? " " : "");
                tkit_buf_put_escaped(b, v[i]->id, TKIT_ESC_XML_TEXT);
        }
        line(b, "</sets>");
        line(b, "  <!-- Options where the rulebooks differ (docs/scoring.md). -->");
        line(b, "  <!-- <option name=\"escape\" value=\"city-tile\"/> -->");
        line(b, "  <!-- The players in turn order: how the example names each one, and a colour "
                "(red blue");
        line(b, "       green yellow black grey pink purple). -->");
        line(b, "  <players>");
        line(b, "    <player id=\"you\" colour=\"red\"/>");
        line(b, "    <player id=\"blue\" colour=\"blue\"/>");
        line(b, "  </players>");
}

static void tile_elem(struct tkit_buf *b, const char *indent, const struct tkit_set *s,
                      const struct tkit_tile *t, int x, int rot)
{
        tkit_buf_printf(b, "%s<tile", indent);
        tkit_xml_attr(b, "set", s->id);
        tkit_xml_attr(b, "id", t->id);
        tkit_buf_printf(b, " x=\"%d\" y=\"0\" rotation=\"%d\"/>\n", x, rot * 90);
}

static void board(struct tkit_buf *b, const struct tkit_set *s, const struct tkit_tile *t)
{
        line(b, "  <!-- The board before the move: x grows east, y grows south, rotation in "
                "degrees");
        line(b, "       clockwise; a fortress half is a <piece>; then <castle> and <barn>. -->");
        line(b, "  <board>");
        tile_elem(b, "    ", s, t, 0, 0);
        line(b, "  </board>");
        line(b, "  <!-- The figures on the board: kind meeple, big-meeple, abbot or pig; the "
                "place is a cell");
        line(b, "       and a feature of its tile (an id of tilekit list features, a position "
                "such as N or");
        line(b, "       EL of the board, as the tile lies after its rotation, or cloister, garden, "
                "bridge),");
        line(b, "       or castle=\"ID\" or barn=\"ID\". -->");
        tkit_buf_puts(b, "  <!-- <figures><figure player=\"you\" kind=\"meeple\" x=\"0\" y=\"0\"");
        tkit_xml_attr(b, "feature", t->features[0].id);
        line(b, "/></figures> -->");
        line(b, "  <!-- Siege & Defense: the defense posts, one token per row space the face "
                "prints, a");
        line(b, "       player or - (tilekit list features -s siege-defense -t fortress-west "
                "shows them). -->");
        line(b, "  <!-- posts: <posts><post kind=\"knights\"><row>you - - -</row></post></posts> "
                "-->");
}

static void move(struct tkit_buf *b, const struct tkit_set *s, const struct tkit_tile *t, int rot)
{
        line(b, "  <!-- The move: the tile drawn and where it goes, then the turn in its order "
                "(<choice>,");
        line(b, "       <figure kind feature>, <recall-abbot/>, <take-maiden>, <bonus>, <build>, "
                "<escape>,");
        line(b, "       <remove>); or <move end=\"true\"/> for the end of the game. -->");
        line(b, "  <move player=\"you\">");
        tile_elem(b, "    ", s, t, 1, rot);
        tkit_buf_puts(b, "    <!-- <figure kind=\"meeple\"");
        tkit_xml_attr(b, "feature", t->features[0].id);
        line(b, "/> -->");
        line(b, "  </move>");
        line(b, "  <!-- What the move gives: the points of each player, and counts of events "
                "(completed-road,");
        line(b, "       returned, ...); tilekit score compares them with what the rules give. "
                "-->");
        line(b, "  <expect>");
        line(b, "    <points player=\"you\" value=\"0\"/>");
        line(b, "    <points player=\"blue\" value=\"0\"/>");
        line(b, "  </expect>");
        line(b, "  <!-- Numbered marks in the picture, with a text in each of en ro cs uk for the "
                "legend. -->");
        line(b, "  <!-- <callout number=\"1\" x=\"0\" y=\"0\"><text lang=\"en\">...</text>"
                "<text lang=\"ro\">...</text><text lang=\"cs\">...</text>"
                "<text lang=\"uk\">...</text></callout> -->");
}

int tkit_scene_skeleton(struct tkit_set *const *all, size_t nall, struct tkit_set *const *asked,
                        size_t nasked, const char *id, struct tkit_buf *out, struct tkit_diags *d)
{
        const struct tkit_set **v = NULL;
        size_t n = 0;
        in_play(all, nall, asked, nasked, &v, &n);
        const struct tkit_set *s0 = NULL, *s1 = NULL;
        const struct tkit_tile *t0 = NULL, *t1 = NULL;
        int rot = 0;
        if (!pick_start(v, n, &s0, &t0) || !pick_move(v, n, t0, &s1, &t1, &rot)) {
                tkit_diags_add(d, TKIT_SEV_ERROR, NULL, 0, NULL, NULL, NULL,
                               "the sets asked for have no land tile without siege symbols to "
                               "start the scene with (add the base game)");
                free(v);
                return TKIT_E_INVALID;
        }
        header(out);
        tkit_buf_puts(out, "<scene format=\"1\"");
        tkit_xml_attr(out, "id", id);
        line(out, ">");
        texts(out);
        sets_and_players(out, v, n);
        board(out, s0, t0);
        move(out, s1, t1, rot);
        line(out, "</scene>");
        free(v);
        return 0;
}
