/* The rule catalogue: one entry per check, in the order of docs/rules.md. Ids are stable: tests,
 * databases (stored findings) and users' scripts refer to them. */
#include "rules/tkit-rules.h"

#include <string.h>

#define E TKIT_SEV_ERROR
#define W TKIT_SEV_WARNING

const struct tkit_rule_info tkit_rules[TKIT_CR_COUNT] = {
    /* ---- identity and references: run by every reader (model/validate.c) */
    {TKIT_CR_ID_DUP, E, TKIT_SCOPE_READ, true,
     "ids are unique (tiles and pieces in a set, features in a tile)",
     "Two tiles or pieces of one set, or two features of one tile, have the same id. Ids are "
     "how findings, databases and diffs name things, so they must be unique. Rename one."},
    {TKIT_CR_REF_TOUCH, E, TKIT_SCOPE_READ, true, "a field's touches name cities of its tile",
     "A field lists in touches (JCloisterZone: city=\"...\") something that is not a city of "
     "the same tile: a typo, a city that was removed, or a side with no city on it."},
    {TKIT_CR_COUNT_RANGE, E, TKIT_SCOPE_READ, true,
     "counts are whole numbers in 1..1000 (tokens 0..1000)",
     "A tile, piece or token count is missing, not a number, or absurd. Counts are copies in "
     "the box; a tile with count 0 does not exist and should be removed."},
    {TKIT_CR_JCZ_REF, E, TKIT_SCOPE_SET, true, "a JCloisterZone tile-set's references resolve",
     "A JCloisterZone <tile-set> refers to a tile defined neither in its own file nor in any "
     "other file read in the same run (JCloisterZone's winter.xml uses the tiles of basic.xml). "
     "The set is incomplete until that file is read too: pass both files."},

    /* ---- tile geometry */
    {TKIT_CR_GEO_MASK, E, TKIT_SCOPE_TILE, true, "features sit where their kind can sit",
     "A city covers whole sides, a road or river only side middles, a field only half edges "
     "(or nothing: an inner field), a cloister or garden no perimeter position at all; cities, "
     "roads and rivers touch at least one side."},
    {TKIT_CR_GEO_COVER, E, TKIT_SCOPE_TILE, true, "every half edge belongs to a field or a city",
     "Each of the eight half edges NL NR EL ER SL SR WL WR must belong to some feature: the "
     "field on that side of a road, river or field side, or the city covering the side. An "
     "uncovered half edge leaves a hole in the farm network. (Not applied to the pieces of "
     "JCloisterZone's City of Carcassonne, whose edges towards the city quarters are open.)"},
    {TKIT_CR_GEO_OVERLAP, E, TKIT_SCOPE_TILE, true, "no perimeter position belongs to two features",
     "A half edge listed in two fields, a side claimed by two cities, a road on a city side: "
     "the features of a tile partition its perimeter."},
    {TKIT_CR_GEO_CROSS, E, TKIT_SCOPE_TILE, true, "features do not cross unless one is an overpass",
     "Two features whose positions interleave around the perimeter (a b a b) must cross each "
     "other, which a flat tile cannot show. One of them has to be an overpass on a layer of "
     "its own (a road on a bridge, a road in a tunnel, a city arch over a river); say so with "
     "overpass=\"yes\", or fix the positions. The JCloisterZone reader marks the layered "
     "feature itself where its data describes such a tile (tunnels, bridges) and says so in "
     "the tile's provenance."},
    {TKIT_CR_GEO_OVERPASS, W, TKIT_SCOPE_TILE, true,
     "an overpass crosses something or bridges a field–city link",
     "A feature declared as an overpass crosses no other feature and does not lie between a "
     "field and a city the field borders (as a city bridging over another city does): the "
     "flag changes nothing in the geometry and is probably wrong."},
    {TKIT_CR_FIELD_TOUCH_MISSING, E, TKIT_SCOPE_TILE, true,
     "a field lists every city it borders on the perimeter",
     "Walking around the perimeter, a field's half edge next to a city's side (with nothing in "
     "between) means the field borders that city, so farmers there score it. The field does "
     "not list that city in touches: farm scores would be wrong."},
    {TKIT_CR_FIELD_TOUCH_FAR, E, TKIT_SCOPE_TILE, true, "a field lists only cities it can border",
     "A field lists a city that another feature separates it from: a road, river, city or "
     "field whose positions cut the perimeter so that the field and the city lie in different "
     "arcs (a planar tile cannot let them meet). For an inner field, all cities it lists must "
     "share one such region. Overpass features are on their own layer and separate nothing."},
    {TKIT_CR_FIELD_CUT, E, TKIT_SCOPE_TILE, true, "a field lies on one side of every wall",
     "A field is one connected region, but its positions lie on both sides of a road or river "
     "running through the tile, of a city joining two sides, of roads ending together at a "
     "crossing or village, or of a road with the city or river it ends at. Split it into one "
     "field per side (and check touches)."},
    {TKIT_CR_FIELD_SPLIT, E, TKIT_SCOPE_TILE, true, "two fields meet only where a divider is declared",
     "Two different fields hold the positions on either side of a corner, of the middle of a "
     "side that no road, river or city crosses, or of the end of a river at its source or lake. "
     "Nothing stands between them there, so on the tile they "
     "are one piece of land. Make them one field, or, where the art draws a fence or hedge "
     "between them, declare it on the tile: dividers=\"SE\". JCloisterZone data cannot say it: its "
     "reader declares the divider wherever two of its fields meet."},
    {TKIT_CR_FIELD_DIVIDER, E, TKIT_SCOPE_TILE, true, "a declared divider lies where two fields meet",
     "A divider (dividers=\"...\" on the tile) lies at a corner or side middle where the positions "
     "on either "
     "side are not two different fields (a city, a road running through, the same field): it "
     "divides nothing. Remove it or fix the fields."},
    {TKIT_CR_ATTR_KIND, E, TKIT_SCOPE_TILE, true, "attributes belong to the right kind of feature",
     "Pennants, besieger symbols and cathedrals are on cities; inns and junctions on roads; "
     "road ends on roads and rivers; touches on fields; overpasses on roads, rivers or "
     "cities. Pennants are never negative."},
    {TKIT_CR_ROAD_END, E, TKIT_SCOPE_TILE, false, "roads and rivers that touch one side say how they end",
     "A road or river touching exactly one side ends inside the tile; end=\"...\" says how "
     "(village, cloister, city, crossing, river bank; source or lake for a river), which "
     "decides field splits and scoring. A road through two sides does not end; an end at a "
     "cloister, city or river needs one on the tile; source and lake are river ends. Not "
     "applied to JCloisterZone data, which does not state road ends."},
    {TKIT_CR_ROAD_JUNCTION, E, TKIT_SCOPE_TILE, false,
     "a road through three or more sides is a declared junction",
     "One road touching three or four sides is a junction that does not end (junction=\"yes\"); "
     "roads that end at a crossing are separate roads with end=\"crossing\". The flag on a "
     "road through fewer sides is an error. Not applied to JCloisterZone data, which has no "
     "junction flag."},
    {TKIT_CR_SYMBOL_COUNT, E, TKIT_SCOPE_TILE, true, "a tile shows at most 2 siege symbols",
     "Siege & Defense tiles carry one or two siege symbols, resolved left to right."},
    {TKIT_CR_ILLUSTRATION, E, TKIT_SCOPE_TILE, true, "illustration letters are known and not repeated",
     "Illustration letters are G garden, B farmhouse, T water tower, W robbers, E donkey "
     "stable, S pig stable, C cattle stable; each at most once per tile."},

    /* ---- set level */
    {TKIT_CR_SET_MANIFEST, E, TKIT_SCOPE_SET, false, "the tiles add up to what the manifest promises",
     "Every <expect> line of the manifest (tiles, types, features, road ends, illustrations, "
     "pennants, symbol tiles, symbols, besieged tiles, pieces, posts) is compared with what "
     "the tiles say, counting copies. JCloisterZone data has no manifest."},
    {TKIT_CR_SET_TOKENS, E, TKIT_SCOPE_SET, false, "the set has the tokens its rule modules need",
     "A set bringing bridges, castles, barns, siege symbols or the fortress into play needs "
     "bridge, castle, barn or catapult tokens (error); tokens for a module the set does not "
     "bring into play are a warning. JCloisterZone data lists no tokens."},
    {TKIT_CR_SET_RULES, E, TKIT_SCOPE_SET, false, "tiles use only the rule modules their set declares",
     "Siege symbols need rules=\"siege-symbols\", besieged cities \"besiegers\", village road "
     "ends \"villages\", pieces \"fortress\" (errors); river tiles without \"river\" and a "
     "declared module nothing uses are warnings. JCloisterZone data declares no modules."},
    {TKIT_CR_SET_START, E, TKIT_SCOPE_SET, false, "at most one tile type is the start tile",
     "start=\"yes\" marks the type one of whose copies starts the game; two such types make "
     "the start ambiguous. JCloisterZone data does not mark the start tile."},
    {TKIT_CR_RIVER_CHAIN, E, TKIT_SCOPE_SET, true, "the river runs from one source to closed ends",
     "Over the river tiles of a set and the sets it requires (copies and pieces counted), "
     "there is exactly one source, and the river ends add up so that a river can be closed: "
     "each tile adds (river sides - 2), and a river from one source to lakes sums to -2 "
     "(a fork needs one more lake). Skipped, with a note, when a required set is not loaded."},
    {TKIT_CR_SIDE_MATCH, W, TKIT_SCOPE_SET, true, "every side type that occurs can be matched",
     "A side type (city, road, field, river) that occurs only once among all the tiles in "
     "play (the set, the sets it requires, or every set checked when it requires none) can "
     "never face a matching side, so that tile can only be placed next to nothing."},
    {TKIT_CR_TYPE_DUP, W, TKIT_SCOPE_SET, true, "no two tile types are the same up to rotation",
     "Two tile definitions show the same features, attributes and markers up to rotation: "
     "they are one type, and their counts should be added, unless the art differs in a way "
     "the model cannot say (then say it in the provenance and ignore the warning)."},
    {TKIT_CR_PIECE_SEAM, E, TKIT_SCOPE_SET, false, "the internal seams of a piece match",
     "Cells of a multi-cell piece (the Siege & Defense fortress) that touch must show the same "
     "side type along the seam, and a feature crossing the seam has the same id in both cells."},
    {TKIT_CR_PIECE_POSTS, E, TKIT_SCOPE_SET, false,
     "defense posts have row spaces for every player count",
     "Each face of a piece has one post of each kind (knights, travelers, monks & abbots), each "
     "with at least one row space for every player count the face is for, a meeple space and "
     "a catapult space; the faces together cover 2, 3, 4 and 5+ players exactly once."},
};

const size_t tkit_rules_count = sizeof tkit_rules / sizeof tkit_rules[0];

const struct tkit_rule_info *tkit_rule_find(const char *id)
{
        enum tkit_check_rule r = tkit_check_rule_parse(id);
        return r == TKIT_CR_NONE ? NULL : &tkit_rules[r];
}

static const char *scope_name(enum tkit_rule_scope s)
{
        return s == TKIT_SCOPE_TILE ? "tile" : s == TKIT_SCOPE_SET ? "set" : "read";
}

void tkit_rules_write(FILE *out, bool json)
{
        if (!json) {
                for (size_t i = 0; i < tkit_rules_count; i++) {
                        const struct tkit_rule_info *r = &tkit_rules[i];
                        fprintf(out, "%-20s %-7s %-4s %s%s\n", tkit_check_rule_id(r->rule),
                                tkit_severity_name(r->severity), scope_name(r->scope), r->summary,
                                r->jcz ? "" : " (not on JCZ data)");
                }
                return;
        }
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "[");
        for (size_t i = 0; i < tkit_rules_count; i++) {
                const struct tkit_rule_info *r = &tkit_rules[i];
                tkit_buf_puts(&b, i ? ",\n {\"id\": " : "{\"id\": ");
                tkit_json_string(&b, tkit_check_rule_id(r->rule));
                tkit_buf_printf(&b, ", \"severity\": \"%s\", \"scope\": \"%s\", \"jcz\": %s",
                                tkit_severity_name(r->severity), scope_name(r->scope),
                                r->jcz ? "true" : "false");
                tkit_buf_puts(&b, ", \"summary\": ");
                tkit_json_string(&b, r->summary);
                tkit_buf_puts(&b, ", \"explanation\": ");
                tkit_json_string(&b, r->explanation);
                tkit_buf_puts(&b, "}");
        }
        tkit_buf_puts(&b, "]\n");
        fputs(b.data, out);
        tkit_buf_finish(&b);
}
