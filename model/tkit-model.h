/*
 * tilekit — the tile model: perimeter positions, rotation, features, tiles, multi-cell pieces,
 * tile sets and manifests. No I/O; every other module depends on this one, it depends on none.
 *
 * Geometry. A square tile has four sides N E S W (0..3). Each side has three perimeter positions,
 * left half, middle and right half, "left" and "right" as seen looking outward from the centre.
 * Position index = side * 3 + part, so the twelve indices run clockwise from the top-left corner:
 *   0 NL  1 NM  2 NR  3 EL  4 EM  5 ER  6 SL  7 SM  8 SR  9 WL  10 WM  11 WR
 * A set of positions is a 12-bit mask. A city on a side covers all three positions; a road or a
 * river covers the middle only (its two halves belong to fields); a field lists half edges (L/R).
 * The middle of a side with no road, river or city belongs to no feature: the side is a field side.
 *
 * Rotation by r quarter turns clockwise maps side s to side (s + r) % 4 and keeps the part.
 * Across a shared edge, position (s, p) faces ((s + 2) % 4, 2 - p): EL (north half of the east
 * side) touches WR (north half of the west side) of the eastern neighbour.
 *
 * Memory: every pointer inside these structs is owned by the struct that holds it and is freed by
 * tkit_set_destroy() / tkit_tile_finish() and friends. Strings are UTF-8, NUL-terminated.
 */
#ifndef TKIT_MODEL_H
#define TKIT_MODEL_H

#include "base/tkit-base.h"

/* ---------------------------------------------------------------- geometry */

enum tkit_side { TKIT_N = 0, TKIT_E = 1, TKIT_S = 2, TKIT_W = 3 };
enum tkit_part { TKIT_L = 0, TKIT_M = 1, TKIT_R = 2 };

#define TKIT_NPOS 12
#define TKIT_POS(side, part) ((side)*3 + (part))
#define TKIT_POS_SIDE(pos) ((pos) / 3)
#define TKIT_POS_PART(pos) ((pos) % 3)
#define TKIT_MASK_ALL 0x0fffu
#define TKIT_MASK_MIDDLES 0x0492u                             /* NM EM SM WM */
#define TKIT_MASK_HALVES (TKIT_MASK_ALL & ~TKIT_MASK_MIDDLES) /* L and R of every side */
#define TKIT_MASK_SIDE(side) (0x7u << ((side)*3))

/* "NL", "NM", ... "WR"; NULL for an invalid index. */
const char *tkit_pos_name(int pos);
/* Parses "NL" etc.; returns the index or -1. */
int tkit_pos_parse(const char *s);
/* 'N', 'E', 'S', 'W' */
char tkit_side_letter(int side);
/* Parses "N" etc.; returns 0..3 or -1. */
int tkit_side_parse(const char *s);

/* Divider points (struct tkit_tile.dividers): "NE" "SE" "SW" "NW" for the corners, "N" "E" "S"
 * "W" for side middles. */
#define TKIT_DIVIDER_CORNERS 0x0924u /* bits 2 5 8 11 */
#define TKIT_DIVIDER_ALL (TKIT_DIVIDER_CORNERS | TKIT_MASK_MIDDLES)
/* The name of divider point `bit` ("NE", "N", ...), NULL when it is no divider point. */
const char *tkit_divider_name(int bit);
/* Parses a divider point name; the bit or -1. */
int tkit_divider_parse(const char *s);
/* "N SE", the points of a divider mask clockwise from N, into buf (TKIT_DIVIDERS_STR_SIZE fits
 * all eight); "" for none. Returns buf. */
#define TKIT_DIVIDERS_STR_SIZE 32
const char *tkit_dividers_str(uint16_t dividers, char *buf, size_t size);

/* Quarter turns clockwise, any integer (negative and > 3 are reduced mod 4). */
uint16_t tkit_mask_rotate(uint16_t mask, int quarter_turns);
/* Inline: the rules engine turns every position of every cell on each move. */
static inline int tkit_pos_rotate(int pos, int quarter_turns)
{
        return (pos + 3 * (quarter_turns & 3)) % TKIT_NPOS; /* & 3: mod 4, negatives too */
}
int tkit_side_rotate(int side, int quarter_turns);
/* The position of the neighbour that touches `pos` across the edge. */
int tkit_pos_facing(int pos);
/* Number of sides a mask touches (any of its three positions). */
int tkit_mask_sides(uint16_t mask);
int tkit_popcount16(uint16_t m);
/* Two disjoint position sets cross when they interleave around the perimeter (a b a b): the
 * features cannot both lie flat on the tile, one must be an overpass. */
bool tkit_masks_cross(uint16_t a, uint16_t b);

/* What a side shows. Two bits each, so a tile's four sides pack into one byte. */
enum tkit_side_type {
        TKIT_SIDE_FIELD = 0,
        TKIT_SIDE_ROAD = 1,
        TKIT_SIDE_CITY = 2,
        TKIT_SIDE_RIVER = 3,
};
/* 'F', 'R', 'C', 'W' (W for water, as the river is called in four-letter side codes) */
char tkit_side_type_letter(enum tkit_side_type t);
const char *tkit_side_type_name(enum tkit_side_type t);
/* Plain placement rule: two facing sides fit when they show the same thing (tkit_sides_fit adds
 * bridges). */
bool tkit_sides_compatible(enum tkit_side_type a, enum tkit_side_type b);

/* ---------------------------------------------------------------- bridges */

/* A bridge (Castles & Bridges) lies across two opposite field sides of a tile and carries a road
 * from one to the other. Its axis is the one seen on the board, after rotation: NS joins the
 * board's north and south sides. */
enum tkit_bridge_axis { TKIT_BRIDGE_NONE = 0, TKIT_BRIDGE_NS = 1, TKIT_BRIDGE_EW = 2 };
const char *tkit_bridge_axis_name(enum tkit_bridge_axis a); /* "" "NS" "EW" */
int tkit_bridge_axis_parse(const char *s);                  /* "NS" "EW" -> axis, else -1 */
/* Whether board side `side` (0..3) is one of the two ends of a bridge on axis `a`. */
bool tkit_bridge_end(enum tkit_bridge_axis a, int side);
/* The board axis of a bridge along the tile's own axis `tile_axis` (0: its N and S sides, 1: its
 * E and W sides, as the bits of tkit_tile_bridge_axes) on a tile turned `rot` quarter turns; and
 * back, the tile's own axis (0 or 1) under board axis `a` (NS or EW). */
enum tkit_bridge_axis tkit_bridge_axis_on_board(int tile_axis, int rot);
int tkit_bridge_axis_on_tile(enum tkit_bridge_axis a, int rot);

/* ---------------------------------------------------------------- vocabularies */

enum tkit_feature_kind {
        TKIT_CITY = 0,
        TKIT_ROAD,
        TKIT_FIELD,
        TKIT_RIVER,
        TKIT_CLOISTER,
        TKIT_GARDEN,
        TKIT_FEATURE_KIND_COUNT
};

/* How a road or river that touches exactly one side ends inside the tile. */
enum tkit_end {
        TKIT_END_NONE = 0, /* not stated (roads through two sides; JCloisterZone data) */
        TKIT_END_VILLAGE,
        TKIT_END_CLOISTER,
        TKIT_END_CITY,
        TKIT_END_CROSSING, /* several roads meet and end, as on base tiles W and X */
        TKIT_END_LAKE,
        TKIT_END_SOURCE,
        TKIT_END_RIVER, /* a road that ends at the river bank */
        TKIT_END_OTHER,
        TKIT_END_COUNT
};

/* The besieger symbol printed in a city (Besiegers / Cathars / Siege, 1st edition). */
enum tkit_besieger { TKIT_BESIEGER_NONE = 0, TKIT_BESIEGER_BESIEGER, TKIT_BESIEGER_CATHAR };

/* Defense posts and the siege symbols that name them (Siege & Defense). */
enum tkit_post {
        TKIT_POST_KNIGHTS = 0,
        TKIT_POST_TRAVELERS,
        TKIT_POST_MONKS, /* monks & abbots */
        TKIT_POST_ANY,   /* the "?" symbol: any post, the drawer's choice; not a post itself */
        TKIT_POST_COUNT
};

enum tkit_group { TKIT_GROUP_LAND = 0, TKIT_GROUP_RIVER, TKIT_GROUP_FORTRESS, TKIT_GROUP_COUNT };

/* How far a tile's definition can be trusted. */
enum tkit_basis {
        TKIT_BASIS_UNSTATED = 0,
        TKIT_BASIS_WELL_KNOWN,    /* the well-known published tile */
        TKIT_BASIS_SOURCE,        /* stated by the source rulebook text */
        TKIT_BASIS_RECONSTRUCTED, /* geometry or symbols invented to fit the rules: not certain */
        TKIT_BASIS_EXTERNAL,      /* read from another program's data */
        TKIT_BASIS_COUNT
};

/* Names for the enums above, as used in XML, SQL and JSON; *_parse returns -1 when unknown. */
const char *tkit_feature_kind_name(enum tkit_feature_kind k);
int tkit_feature_kind_parse(const char *s);
const char *tkit_end_name(enum tkit_end e);
int tkit_end_parse(const char *s);
const char *tkit_besieger_name(enum tkit_besieger b); /* "" for NONE */
int tkit_besieger_parse(const char *s);
const char *tkit_post_name(enum tkit_post p); /* knights travelers monks any */
int tkit_post_parse(const char *s);
const char *tkit_group_name(enum tkit_group g);
int tkit_group_parse(const char *s);
const char *tkit_basis_name(enum tkit_basis b);
int tkit_basis_parse(const char *s);

/* Illustration letters: G garden, B farmhouse, T water tower, W robbers, E donkey stable,
 * S pig stable, C cattle stable. Returns the English name, or NULL when the letter is unknown. */
const char *tkit_illustration_name(char letter);

/* ---------------------------------------------------------------- small records */

/* A name in one language. */
struct tkit_name {
        char *lang; /* BCP 47 tag: "en", "ro", "cs", "uk" */
        char *text;
};

/* Something the input said that the model has no field for (JCloisterZone markers, mostly).
 * Kept, never dropped, and written back on export. */
struct tkit_attr {
        char *name;
        char *value;
        int line;
};

/* ---------------------------------------------------------------- features */

struct tkit_feature {
        char *id; /* unique within its tile (or piece) */
        enum tkit_feature_kind kind;
        uint16_t
            mask; /* perimeter positions; 0 for inner features (cloister, garden, inner field) */
        int line; /* source line, 0 when unknown */

        /* city */
        int pennants;
        enum tkit_besieger besieger;
        bool cathedral;

        /* road and river */
        enum tkit_end end; /* meaningful when the feature touches exactly one side */
        bool junction;     /* a road through three or more sides that does not end (declared) */
        bool overpass;     /* crosses other features on a bridge, on a layer of its own */
        bool inn;

        /* field: the ids of the cities it borders on the tile, as written (resolved by the checker)
         */
        char **touches;
        size_t ntouches;

        struct tkit_attr *extra;
        size_t nextra;
};

void tkit_feature_finish(struct tkit_feature *f);
/* Deep copy into caller memory. */
void tkit_feature_copy(struct tkit_feature *dst, const struct tkit_feature *src);
void tkit_feature_add_touch(struct tkit_feature *f, const char *city_id);
void tkit_feature_add_extra(struct tkit_feature *f, const char *name, const char *value, int line);

/* ---------------------------------------------------------------- tiles */

#define TKIT_MAX_SYMBOLS 8 /* the rules allow 2; room to read and report more */
#define TKIT_MAX_ILLUSTRATIONS 8

struct tkit_tile {
        char *id;  /* unique within its set */
        int line;  /* source line of the tile element */
        int count; /* copies in the box */
        enum tkit_group group;
        bool start; /* the start tile of the base game (one of its `count` copies starts) */

        struct tkit_feature *features;
        size_t nfeatures, capfeatures;

        enum tkit_post symbols[TKIT_MAX_SYMBOLS]; /* siege symbols, left to right */
        size_t nsymbols;
        char illustrations[TKIT_MAX_ILLUSTRATIONS + 1]; /* letters, NUL-terminated, in order */
        /* Field dividers drawn only in the art (a fence, a hedge): bit p set means a divider at
         * the point after perimeter position p clockwise, where two fields meet. Bits 2 5 8 11
         * are the corners NE SE SW NW; bits 1 4 7 10 the middles of sides N E S W (a field side,
         * or the end of a road that ends on the tile). See TKIT_DIVIDER_*. */
        uint16_t dividers;

        struct tkit_name *names;
        size_t nnames;
        enum tkit_basis basis;
        char *provenance; /* free text: where this definition comes from, what is uncertain */

        struct tkit_attr *extra;
        size_t nextra;
        /* the reader or tkit_set_validate_marking() found an error in this definition (only in
         * sets read with tkit_setlist.recover): the checker leaves the tile out of later rules */
        bool broken;
};

void tkit_tile_init(struct tkit_tile *t);
void tkit_tile_finish(struct tkit_tile *t);
void tkit_tile_copy(struct tkit_tile *dst, const struct tkit_tile *src);
/* Appends a zeroed feature (end NONE, besieger NONE) and returns it; the pointer is valid until
 * the next add. */
struct tkit_feature *tkit_tile_add_feature(struct tkit_tile *t, enum tkit_feature_kind kind,
                                           const char *id);
/* Index of the feature with this id, or -1. */
int tkit_tile_find_feature(const struct tkit_tile *t, const char *id);
void tkit_tile_add_name(struct tkit_tile *t, const char *lang, const char *text);
const char *tkit_tile_name(const struct tkit_tile *t, const char *lang); /* NULL when absent */
void tkit_tile_add_extra(struct tkit_tile *t, const char *name, const char *value, int line);

/* Index of the feature owning `pos`, or -1; the first one when the data is inconsistent.
 * Overpass features are skipped when `skip_overpass` is set. */
int tkit_tile_owner(const struct tkit_tile *t, int pos, bool skip_overpass);
/* Where fields meet (model/topology.c). Divider point `bit` lies between perimeter positions
 * *before and *after. It is open when nothing stands there: a corner, the middle of a side no
 * road, river or city covers, or the end of a river at its source or lake (the field goes round).
 * tkit_tile_field_at: the field owning `pos`, or -1. tkit_tile_field_meetings: the divider points
 * where two different fields meet with nothing between them, as a divider mask. */
void tkit_divider_sides(int bit, int *before, int *after);
bool tkit_tile_point_open(const struct tkit_tile *t, int bit);
int tkit_tile_field_at(const struct tkit_tile *t, int pos);
uint16_t tkit_tile_field_meetings(const struct tkit_tile *t);
/* What a side shows when a feature of kind `k` owns its middle (field for the rest). */
enum tkit_side_type tkit_feature_side_type(enum tkit_feature_kind k);
/* What side `side` shows (unrotated): from the feature owning its middle position. */
enum tkit_side_type tkit_tile_side(const struct tkit_tile *t, int side);
/* The four sides as seen on the board after `rot` quarter turns clockwise, packed two bits each:
 * bits 0-1 board north, 2-3 east, 4-5 south, 6-7 west. */
uint8_t tkit_tile_side_code(const struct tkit_tile *t, int rot);
#define TKIT_CODE_SIDE(code, side) ((enum tkit_side_type)(((code) >> (2 * (side))) & 3u))
/* "CRFR": the four side letters N E S W of a side code, written into `buf` of `size` bytes (cut to
 * fit; TKIT_SIDE_CODE_SIZE always fits), NUL-terminated when size > 0; returns buf. */
#define TKIT_SIDE_CODE_SIZE 5
char *tkit_side_code_string(uint8_t code, char *buf, size_t size);
/* Smallest code over the four rotations: equal for tiles whose sides are equal up to rotation. */
uint8_t tkit_side_code_canonical(uint8_t code);
/* Total pennants on the tile. */
int tkit_tile_pennants(const struct tkit_tile *t);
/* Field on two opposite sides (N+S or E+W): Castles & Bridges lets a bridge cross it.
 * Bit 0: N-S pair is field; bit 1: E-W pair is field. */
unsigned tkit_tile_bridge_axes(const struct tkit_tile *t);

/* ---------------------------------------------------------------- multi-cell pieces */

/* One defense post on a fortress face: the row's spaces by class, then the single spaces. */
struct tkit_post_def {
        enum tkit_post kind; /* never TKIT_POST_ANY */
        int plain;           /* row spaces that always count */
        int dark3;           /* dark "3" spaces: count with exactly 3 players */
        int fiveplus;        /* "5+" spaces: count with 5 or more players */
        int meeple;          /* meeple (farmer) spaces: stacking, usually 1 */
        int catapult;        /* catapult spaces, usually 1 */
        int line;
};
/* Row spaces in play for `players` players. */
int tkit_post_row_spaces(const struct tkit_post_def *p, int players);
/* Whether row space i as printed (plain spaces, then dark "3", then "5+") counts for `players`
 * players: the row's spaces in play are those for which it does. */
bool tkit_post_space_counts(const struct tkit_post_def *p, int i, int players);

/* One face of a double-sided piece. */
struct tkit_face {
        char *id;
        int min_players, max_players; /* max 0 = no upper bound ("4+") */
        struct tkit_post_def *posts;
        size_t nposts;
        int line;
};

/* A w×h piece placed as one unit (the Siege & Defense fortress is 3×2 or 2×3 cells). Each cell is
 * a tile definition of its own; a feature spanning several cells has the same id in each. */
struct tkit_piece {
        char *id;
        int line;
        int count;
        int width, height;
        struct tkit_tile *cells; /* width * height, row-major: cell (x, y) at y * width + x */
        struct tkit_face *faces;
        size_t nfaces;
        struct tkit_name *names;
        size_t nnames;
        enum tkit_basis basis;
        char *provenance;
};

void tkit_piece_finish(struct tkit_piece *p);
/* The face of a piece in use — the one rule the engine, the scene pictures and the boards read:
 * the face named `id` (a scene's `face`), else the first face played with `players` (S&D: the
 * front for 2-3 players, the back for 4 or more); NULL when there is none. */
bool tkit_face_fits(const struct tkit_face *f, int players);
const struct tkit_face *tkit_piece_face(const struct tkit_piece *p, const char *id, int players);
struct tkit_tile *tkit_piece_cell(struct tkit_piece *p, int x, int y);
const struct tkit_tile *tkit_piece_cell_const(const struct tkit_piece *p, int x, int y);

/* Where cell (cx, cy) of piece `p` lies when the piece is turned `rot` quarter turns clockwise:
 * its offset (*dx, *dy) from the piece's top-left board cell (x grows east, y south). */
void tkit_piece_cell_offset(const struct tkit_piece *p, int rot, int cx, int cy, int *dx, int *dy);

/* ---------------------------------------------------------------- joins: the edge table
 *
 * How tiles side by side make one board: the one definition that the simulator (sim/), its
 * verifier and the rules engine (game/) share, in model/edge.c.
 *  1. Sides. Two facing sides fit when tkit_sides_fit() says so: they show the same thing; the
 *     end of a bridge shows a road, and two bridge ends never meet.
 *  2. Positions. Across an edge, position `pos` touches tkit_pos_facing(pos).
 *  3. Features. Each perimeter position has one owner, tkit_tile_join_owner(); a bridge owns the
 *     middle positions of its two ends, as a road. The owners of two facing positions are one
 *     feature when tkit_features_join() says so. A feature is closed when none of its positions
 *     faces an empty cell (the scoring rules call a closed city or road completed).
 *  4. Pieces. The cells of one multi-cell piece are one picture: features with the same id in
 *     several cells are one feature (tkit_piece_cells_join()); the edges between its cells join
 *     like any others.
 */

/* Whether two facing sides fit: each a side type, and whether it is the end of a bridge. */
bool tkit_sides_fit(enum tkit_side_type a, bool a_bridge_end, enum tkit_side_type b,
                    bool b_bridge_end);
/* The feature of `t` that joins across the edge at perimeter position `pos` (the tile's own
 * numbering, before rotation), or -1: the feature whose mask holds `pos`; when several do (an
 * overpass drawn over another feature), the first road or river among them, which lies on top. */
int tkit_tile_join_owner(const struct tkit_tile *t, int pos);
/* tkit_tile_join_owner() of every position at once, into owner[0..TKIT_NPOS-1]. */
void tkit_tile_join_owners(const struct tkit_tile *t, int owner[TKIT_NPOS]);
/* Whether features of kinds `a` and `b` facing each other across an edge are one feature: the
 * same kind, and one that reaches the perimeter (city, road, field, river). */
bool tkit_features_join(enum tkit_feature_kind a, enum tkit_feature_kind b);
/* Inside one multi-cell piece: the feature of cell `b` that is one feature with feature `f` of
 * cell `a` (two cells of the same piece): the one with the same id, or -1. */
int tkit_piece_cells_join(const struct tkit_tile *a, int f, const struct tkit_tile *b);

/* ---------------------------------------------------------------- tile sets */

enum tkit_token_kind {
        TKIT_TOKEN_CASTLE = 0,
        TKIT_TOKEN_BARN,
        TKIT_TOKEN_BRIDGE,
        TKIT_TOKEN_CATAPULT,
        TKIT_TOKEN_MEEPLE,
        TKIT_TOKEN_BIG_MEEPLE, /* a figure in the box (Inns & Cathedrals), not a board token */
        TKIT_TOKEN_PIG,        /* a figure in the box (Traders & Builders), one per colour */
        TKIT_TOKEN_COUNT
};
/* castle barn bridge catapult meeple big-meeple pig */
const char *tkit_token_name(enum tkit_token_kind k);
int tkit_token_parse(const char *s);

struct tkit_token {
        enum tkit_token_kind kind;
        int count;
        int line;
};

/* What the rulebook promises, compared by the checker with what the tiles say. Counts are over
 * copies in the box (a tile with count 3 counts 3 times). */
enum tkit_expect_what {
        TKIT_EXPECT_TILES = 0,     /* tiles (of `group`, or all when group is -1) */
        TKIT_EXPECT_TYPES,         /* distinct tile definitions */
        TKIT_EXPECT_FEATURE,       /* features of kind `of` (feature kind name), or road ends `of`
                                      (end name, e.g. "village") */
        TKIT_EXPECT_ILLUSTRATION,  /* tiles showing illustration letter `of` */
        TKIT_EXPECT_PENNANTS,      /* pennants in all */
        TKIT_EXPECT_SYMBOL_TILES,  /* tiles with at least one siege symbol */
        TKIT_EXPECT_SYMBOLS,       /* siege symbols naming post `of` ("any" for "?"), or all */
        TKIT_EXPECT_BESIEGED,      /* tiles with a besieged city */
        TKIT_EXPECT_PIECES,        /* multi-cell pieces */
        TKIT_EXPECT_POSTS,         /* defense posts on each face of the pieces, summed per face */
        TKIT_EXPECT_FEATURE_TILES, /* tiles showing a feature of kind `of`, or road end `of`: how
                                      rulebooks list contents ("village ×4") */
        TKIT_EXPECT_COUNT
};
const char *tkit_expect_name(enum tkit_expect_what w);
int tkit_expect_parse(const char *s);

struct tkit_expect {
        enum tkit_expect_what what;
        char *of;  /* NULL when not applicable */
        int group; /* enum tkit_group, or -1 for all */
        int count;
        char *note; /* where the rulebook says so, free text, may be NULL */
        int line;
};

/* Rule modules a set brings into play (what a checker and a simulator must apply to it). */
enum tkit_rules_flag {
        TKIT_RULES_RIVER = 1u << 0,
        TKIT_RULES_BRIDGES = 1u << 1,
        TKIT_RULES_CASTLES = 1u << 2,
        TKIT_RULES_BARNS = 1u << 3,
        TKIT_RULES_SIEGE_SYMBOLS = 1u << 4,
        TKIT_RULES_FORTRESS = 1u << 5,
        TKIT_RULES_BESIEGERS = 1u << 6,
        TKIT_RULES_VILLAGES = 1u << 7,
        /* a variant, not a module: a knight escapes a besieged city through a cloister touching
         * any tile of it, not only a besieger tile (Rio Grande Games' Siege rules) */
        TKIT_RULES_ESCAPE_CITY_TILE = 1u << 8,
};
#define TKIT_RULES_LAST TKIT_RULES_ESCAPE_CITY_TILE /* the highest flag */
/* "river bridges castles barns siege-symbols fortress besiegers villages escape-city-tile" */
const char *tkit_rules_flag_name(unsigned single_flag);
int tkit_rules_flag_parse(const char *s); /* the flag, or -1 */

struct tkit_set {
        char *id;   /* "base", "river", "castles-bridges", JCloisterZone ids like "basic:1" */
        char *file; /* where it was read from; may be NULL */
        int line;
        char *edition;   /* may be NULL */
        int year;        /* 0 when unknown */
        unsigned rules;  /* enum tkit_rules_flag bits */
        char **requires; /* ids of sets it is played with */
        size_t nrequires;
        struct tkit_name *names;
        size_t nnames;
        struct tkit_tile *tiles;
        size_t ntiles, captiles;
        struct tkit_piece *pieces;
        size_t npieces, cappieces;
        struct tkit_token *tokens;
        size_t ntokens;
        struct tkit_expect *manifest;
        size_t nmanifest;
        char *source_format; /* "tilekit" or "jcz" */
        struct tkit_attr *extra;
        size_t nextra;
        /* tkit_set_find_tile's index of tiles[0 .. nindexed), extended as tiles are added */
        struct tkit_index tile_index;
        size_t nindexed;
        /* the reader found errors in it (only with tkit_setlist.recover): the checker runs the
         * tile rules on the tiles that are not broken, and no set rule */
        bool broken;
};

/* Returns a zeroed set owned by the caller; destroy accepts NULL. */
struct tkit_set *tkit_set_create(const char *id);
void tkit_set_destroy(struct tkit_set *s);
struct tkit_tile *tkit_set_add_tile(struct tkit_set *s, const char *id); /* initialised, count 1 */
struct tkit_piece *tkit_set_add_piece(struct tkit_set *s, const char *id, int width, int height);
void tkit_set_add_name(struct tkit_set *s, const char *lang, const char *text);
const char *tkit_set_name(const struct tkit_set *s, const char *lang); /* NULL when absent */
void tkit_set_add_token(struct tkit_set *s, enum tkit_token_kind kind, int count, int line);
int tkit_set_token_count(const struct tkit_set *s, enum tkit_token_kind kind); /* 0 if absent */
struct tkit_expect *tkit_set_add_expect(struct tkit_set *s, enum tkit_expect_what what,
                                        const char *of, int group, int count);
void tkit_set_add_require(struct tkit_set *s, const char *id);
/* Index of the first tile with id `id`, or -1; O(1) on average through a hash index the set
 * builds on first use and extends as tiles are appended. So a tile's id must not change once a
 * lookup has seen it (set ids as tkit_set_add_tile does; a tile replaced by a copy with the same
 * id is fine). */
int tkit_set_find_tile(const struct tkit_set *s, const char *id);
int tkit_set_tile_total(const struct tkit_set *s); /* sum of counts */

/* ---------------------------------------------------------------- the checker's rule ids
 *
 * The ids of the rule catalogue (rules/catalogue.c, docs/rules.md), in its order: one list, one
 * enumeration. The readers report the identity checks (ID-DUP, REF-TOUCH, COUNT-RANGE) and the
 * JCloisterZone reader JCZ-REF; the checker (rules/) the rest. Ids are stable: databases
 * (stored findings) and users' scripts name them. */
#define TKIT_CHECK_RULES(X) \
        X(ID_DUP, "ID-DUP") \
        X(REF_TOUCH, "REF-TOUCH") \
        X(COUNT_RANGE, "COUNT-RANGE") \
        X(JCZ_REF, "JCZ-REF") \
        X(GEO_MASK, "GEO-MASK") \
        X(GEO_COVER, "GEO-COVER") \
        X(GEO_OVERLAP, "GEO-OVERLAP") \
        X(GEO_CROSS, "GEO-CROSS") \
        X(GEO_OVERPASS, "GEO-OVERPASS") \
        X(FIELD_TOUCH_MISSING, "FIELD-TOUCH-MISSING") \
        X(FIELD_TOUCH_FAR, "FIELD-TOUCH-FAR") \
        X(FIELD_CUT, "FIELD-CUT") \
        X(FIELD_SPLIT, "FIELD-SPLIT") \
        X(FIELD_DIVIDER, "FIELD-DIVIDER") \
        X(ATTR_KIND, "ATTR-KIND") \
        X(ROAD_END, "ROAD-END") \
        X(ROAD_JUNCTION, "ROAD-JUNCTION") \
        X(SYMBOL_COUNT, "SYMBOL-COUNT") \
        X(ILLUSTRATION, "ILLUSTRATION") \
        X(SET_MANIFEST, "SET-MANIFEST") \
        X(SET_TOKENS, "SET-TOKENS") \
        X(SET_RULES, "SET-RULES") \
        X(SET_START, "SET-START") \
        X(RIVER_CHAIN, "RIVER-CHAIN") \
        X(SIDE_MATCH, "SIDE-MATCH") \
        X(TYPE_DUP, "TYPE-DUP") \
        X(PIECE_SEAM, "PIECE-SEAM") \
        X(PIECE_POSTS, "PIECE-POSTS")
enum tkit_check_rule {
        TKIT_CR_NONE = -1, /* a finding of no rule (a note about the run) */
#define TKIT_CR_ENUM(e, id) TKIT_CR_##e,
        TKIT_CHECK_RULES(TKIT_CR_ENUM)
#undef TKIT_CR_ENUM
        TKIT_CR_COUNT
};
/* "GEO-MASK" for TKIT_CR_GEO_MASK; NULL for TKIT_CR_NONE (and anything out of range). */
const char *tkit_check_rule_id(enum tkit_check_rule r);
/* The rule of an id, or TKIT_CR_NONE. */
enum tkit_check_rule tkit_check_rule_parse(const char *id);

/* The ids the readers report before any rule of the checker runs: the tile set XML (native and
 * JCloisterZone, docs/format.md, in its table's order), the publisher's art manifest and its
 * images (docs/render.md), the database read back (docs/schema.md). One list, one enumeration. */
#define TKIT_READ_RULES(X) \
        X(XML_LIMIT, "XML-LIMIT") \
        X(XML_PARSE, "XML-PARSE") \
        X(XML_DTD, "XML-DTD") \
        X(XML_UNKNOWN, "XML-UNKNOWN") \
        X(XML_VALUE, "XML-VALUE") \
        X(XML_SCHEMA, "XML-SCHEMA") \
        X(ART_XML, "ART-XML") \
        X(ART_DTD, "ART-DTD") \
        X(ART_LIMIT, "ART-LIMIT") \
        X(ART_UNKNOWN, "ART-UNKNOWN") \
        X(ART_VALUE, "ART-VALUE") \
        X(ART_DUP, "ART-DUP") \
        X(ART_SCHEMA, "ART-SCHEMA") \
        X(ART_IMAGE, "ART-IMAGE") \
        X(ART_TILE, "ART-TILE") \
        X(ART_MISSING, "ART-MISSING") \
        X(DB_VALUE, "DB-VALUE")
enum tkit_read_rule {
#define TKIT_RR_ENUM(e, id) TKIT_RR_##e,
        TKIT_READ_RULES(TKIT_RR_ENUM)
#undef TKIT_RR_ENUM
        TKIT_READ_RULE_COUNT
};
/* "XML-VALUE" for TKIT_RR_XML_VALUE; NULL out of range. */
const char *tkit_read_rule_id(enum tkit_read_rule r);
/* The rule of an id, or -1. */
int tkit_read_rule_parse(const char *id);

/* ---------------------------------------------------------------- limits */

/* The documented limits of every value of the model (docs/format.md, docs/schema.md; the limits
 * of ids, language tags and text are base/tkit-base.h's). Every
 * reader enforces them before it allocates anything from a value: the XML readers as they parse,
 * the database loader (db/load.c) on each column it reads, with the same bounds and the same
 * tkit_set_validate() afterwards. */

/* Largest count of copies (tiles, pieces, tokens) accepted anywhere: beyond it, data is absurd. */
#define TKIT_MAX_COUNT 1000
#define TKIT_MAX_FEATURES 64      /* features on one tile or cell */
#define TKIT_MAX_PIECE_SIDE 16    /* cells along each side of a piece */
#define TKIT_MAX_PENNANTS 99      /* pennants of one city */
#define TKIT_MAX_PLAYERS 99       /* players of a piece face */
#define TKIT_MAX_POST_SPACES TKIT_MAX_COUNT /* spaces of each class of a defense post */
#define TKIT_MAX_YEAR 9999
#define TKIT_MAX_COORD 1000000           /* |x| and |y| of a board cell: layouts and scenes */
#define TKIT_MAX_LAYOUT_PLAYERS 100      /* players a simulated layout records */

/* Whether `of` suits a manifest entry `what` (docs/format.md, manifest table). */
bool tkit_expect_of_valid(enum tkit_expect_what what, const char *of);

/* Identity and reference checks every reader runs before handing a set on: ids unique (rule
 * ID-DUP), a field's `touches` name cities of its tile (REF-TOUCH), counts in 1..TKIT_MAX_COUNT
 * (COUNT-RANGE). Reports into `d`; returns 0 or TKIT_E_INVALID. */
int tkit_set_validate(const struct tkit_set *s, struct tkit_diags *d);
/* The same, marking each tile (or every cell of a piece) it finds an error in as broken and the
 * set as broken when it finds any: for readers in recovery mode (tkit_setlist.recover). */
int tkit_set_validate_marking(struct tkit_set *s, struct tkit_diags *d);

/* A list of sets, as read from one or more files. */
struct tkit_setlist {
        struct tkit_set **sets;
        size_t n, cap;
        /* Set by `tilekit check` before reading: a reader that finds errors still appends what it
         * read, with the broken tiles (and the set, tkit_set.broken) marked, so that one run
         * reports every error. Readers still return TKIT_E_INVALID; nobody else sets it. */
        bool recover;
};
void tkit_setlist_init(struct tkit_setlist *l);
void tkit_setlist_finish(struct tkit_setlist *l);                  /* destroys the sets */
void tkit_setlist_add(struct tkit_setlist *l, struct tkit_set *s); /* takes ownership */
struct tkit_set *tkit_setlist_find(const struct tkit_setlist *l, const char *id);

#endif
