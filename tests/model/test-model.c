/* Unit tests of the tile model: position names, rotation, facing positions, side codes, edge
 * compatibility, tile/set construction and copying, validation, diagnostics. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model/tkit-model.h"
#include "tkit-test.h"

static uint16_t side_mask(int side)
{
        return (uint16_t)TKIT_MASK_SIDE(side);
}

static uint16_t bit(const char *pos)
{
        int p = tkit_pos_parse(pos);
        assert_true(p >= 0);
        return (uint16_t)(1u << p);
}

static void test_position_names(void **state)
{
        (void)state;
        const char *expect[] = {"NL", "NM", "NR", "EL", "EM", "ER",
                                "SL", "SM", "SR", "WL", "WM", "WR"};
        for (int i = 0; i < TKIT_NPOS; i++) {
                assert_string_equal(tkit_pos_name(i), expect[i]);
                assert_int_equal(tkit_pos_parse(expect[i]), i);
        }
        assert_null(tkit_pos_name(12));
        assert_int_equal(tkit_pos_parse("NX"), -1);
        assert_int_equal(tkit_side_parse("W"), TKIT_W);
        assert_int_equal(tkit_side_parse("WW"), -1);
        assert_int_equal(tkit_side_parse(""), -1);
}

static void test_rotation(void **state)
{
        (void)state;
        /* one quarter turn clockwise: N -> E, and the part within the side is kept */
        assert_int_equal(tkit_pos_rotate(tkit_pos_parse("NL"), 1), tkit_pos_parse("EL"));
        assert_int_equal(tkit_pos_rotate(tkit_pos_parse("WR"), 1), tkit_pos_parse("NR"));
        assert_int_equal(tkit_pos_rotate(tkit_pos_parse("SM"), -1), tkit_pos_parse("EM"));
        assert_int_equal(tkit_pos_rotate(tkit_pos_parse("SM"), 7), tkit_pos_parse("EM"));
        assert_int_equal(tkit_mask_rotate(side_mask(TKIT_W), 1), side_mask(TKIT_N));
        assert_int_equal(tkit_mask_rotate(bit("WR") | bit("EL"), 2), bit("ER") | bit("WL"));
        for (int m = 0; m <= (int)TKIT_MASK_ALL; m += 37) {
                uint16_t mask = (uint16_t)m;
                assert_int_equal(tkit_mask_rotate(mask, 4), mask);
                assert_int_equal(tkit_mask_rotate(tkit_mask_rotate(mask, 1), 3), mask);
                assert_int_equal(tkit_popcount16(tkit_mask_rotate(mask, 1)), tkit_popcount16(mask));
        }
        assert_int_equal(tkit_side_rotate(TKIT_W, 1), TKIT_N);
}

static void test_facing(void **state)
{
        (void)state;
        /* EL, the north half of the east side, touches the eastern neighbour's WR (its north half)
         */
        assert_int_equal(tkit_pos_facing(tkit_pos_parse("EL")), tkit_pos_parse("WR"));
        assert_int_equal(tkit_pos_facing(tkit_pos_parse("ER")), tkit_pos_parse("WL"));
        assert_int_equal(tkit_pos_facing(tkit_pos_parse("NM")), tkit_pos_parse("SM"));
        assert_int_equal(tkit_pos_facing(tkit_pos_parse("NL")), tkit_pos_parse("SR"));
        for (int p = 0; p < TKIT_NPOS; p++) {
                assert_int_equal(tkit_pos_facing(tkit_pos_facing(p)), p);
                assert_int_not_equal(TKIT_POS_SIDE(tkit_pos_facing(p)), TKIT_POS_SIDE(p));
        }
}

/* Base tile D: city N, road W-E, field north of the road touches the city. */
static void build_d(struct tkit_tile *t)
{
        tkit_tile_init(t);
        t->id = tkit_xstrdup("D");
        struct tkit_feature *c = tkit_tile_add_feature(t, TKIT_CITY, "c");
        c->mask = side_mask(TKIT_N);
        struct tkit_feature *r = tkit_tile_add_feature(t, TKIT_ROAD, "r");
        r->mask = bit("WM") | bit("EM");
        struct tkit_feature *f1 = tkit_tile_add_feature(t, TKIT_FIELD, "f1");
        f1->mask = bit("WR") | bit("EL");
        tkit_feature_add_touch(f1, "c");
        struct tkit_feature *f2 = tkit_tile_add_feature(t, TKIT_FIELD, "f2");
        f2->mask = bit("ER") | bit("SL") | bit("SR") | bit("WL");
}

static void test_side_codes(void **state)
{
        (void)state;
        struct tkit_tile t;
        char buf[TKIT_SIDE_CODE_SIZE];
        build_d(&t);
        assert_int_equal(tkit_tile_side(&t, TKIT_N), TKIT_SIDE_CITY);
        assert_int_equal(tkit_tile_side(&t, TKIT_E), TKIT_SIDE_ROAD);
        assert_int_equal(tkit_tile_side(&t, TKIT_S), TKIT_SIDE_FIELD);
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(&t, 0), buf, sizeof buf),
                            "CRFR");
        /* after a quarter turn the city faces east */
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(&t, 1), buf, sizeof buf),
                            "RCRF");
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(&t, 2), buf, sizeof buf),
                            "FRCR");
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(&t, 3), buf, sizeof buf),
                            "RFRC");
        /* the buffer's size is respected: cut to fit, never written past, nothing when 0 */
        assert_string_equal(tkit_side_code_string(tkit_tile_side_code(&t, 0), buf, 3), "CR");
        assert_int_equal(buf[3], 'C'); /* left from "RFRC" */
        buf[0] = 'x';
        tkit_side_code_string(tkit_tile_side_code(&t, 0), buf, 0);
        assert_int_equal(buf[0], 'x');
        uint8_t canon = tkit_side_code_canonical(tkit_tile_side_code(&t, 0));
        for (int r = 1; r < 4; r++)
                assert_int_equal(tkit_side_code_canonical(tkit_tile_side_code(&t, r)), canon);
        assert_int_equal(tkit_tile_bridge_axes(&t), 0);
        assert_int_equal(tkit_tile_owner(&t, tkit_pos_parse("SL"), false), 3);
        assert_int_equal(tkit_tile_owner(&t, tkit_pos_parse("SM"), false), -1);
        tkit_tile_finish(&t);
}

static void test_compatibility(void **state)
{
        (void)state;
        for (int a = 0; a < 4; a++)
                for (int b = 0; b < 4; b++)
                        assert_int_equal(
                            tkit_sides_compatible((enum tkit_side_type)a, (enum tkit_side_type)b),
                            a == b);
}

static void test_bridge_axes(void **state)
{
        (void)state;
        struct tkit_tile t;
        tkit_tile_init(&t);
        struct tkit_feature *f = tkit_tile_add_feature(&t, TKIT_FIELD, "f");
        f->mask = TKIT_MASK_HALVES;
        tkit_tile_add_feature(&t, TKIT_CLOISTER, "m");
        assert_int_equal(tkit_tile_bridge_axes(&t), 3);
        struct tkit_feature *r = tkit_tile_add_feature(&t, TKIT_ROAD, "r");
        r->mask = bit("SM");
        r->end = TKIT_END_CLOISTER;
        assert_int_equal(tkit_tile_bridge_axes(&t), 2); /* only E-W stays field on both sides */
        tkit_tile_finish(&t);
}

static void test_copy_is_deep(void **state)
{
        (void)state;
        struct tkit_tile a, b;
        build_d(&a);
        tkit_tile_add_name(&a, "ro", "Oraș cu drum");
        tkit_tile_add_extra(&a, "wind-rose", "N", 7);
        tkit_tile_copy(&b, &a);
        tkit_tile_finish(&a);
        assert_string_equal(b.id, "D");
        assert_int_equal(b.nfeatures, 4);
        assert_string_equal(b.features[2].touches[0], "c");
        assert_string_equal(tkit_tile_name(&b, "ro"), "Oraș cu drum");
        assert_null(tkit_tile_name(&b, "cs"));
        assert_string_equal(b.extra[0].value, "N");
        tkit_tile_finish(&b);
}

static void test_validate(void **state)
{
        (void)state;
        struct tkit_set *s = tkit_set_create("t");
        struct tkit_diags d;
        tkit_diags_init(&d);
        s->file = tkit_xstrdup("t.xml");
        struct tkit_tile *t = tkit_set_add_tile(s, "D");
        tkit_tile_finish(t);
        build_d(t);
        t->line = 4;
        assert_int_equal(tkit_set_validate(s, &d), 0);
        assert_int_equal(d.n, 0);

        tkit_feature_add_touch(&s->tiles[0].features[3], "nowhere"); /* dangling */
        struct tkit_tile *dup = tkit_set_add_tile(s, "D");           /* duplicate id */
        dup->line = 9;
        dup->count = 0; /* absurd count */
        assert_int_equal(tkit_set_validate(s, &d), TKIT_E_INVALID);
        assert_int_equal(d.errors, 3);
        bool seen_dup = false, seen_ref = false, seen_count = false;
        for (size_t i = 0; i < d.n; i++) {
                seen_dup |= strcmp(d.v[i].rule, "ID-DUP") == 0 && d.v[i].line == 9;
                seen_ref |= strcmp(d.v[i].rule, "REF-TOUCH") == 0;
                seen_count |= strcmp(d.v[i].rule, "COUNT-RANGE") == 0;
        }
        assert_true(seen_dup && seen_ref && seen_count);
        tkit_diags_finish(&d);
        tkit_set_destroy(s);
}

static void test_diag_format(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", 12, "GEO-COVER", "base", "D", "half edge %s",
                       "SL");
        tkit_diags_add(&d, TKIT_SEV_WARNING, NULL, 0, NULL, NULL, NULL, "plain \"quoted\"");
        char *s = tkit_diag_format(&d.v[0]);
        assert_string_equal(s, "a.xml:12: error: [GEO-COVER] tile D: half edge SL");
        free(s);
        s = tkit_diag_format(&d.v[1]);
        assert_string_equal(s, "warning: plain \"quoted\"");
        free(s);
        assert_int_equal(d.errors, 1);
        assert_int_equal(d.warnings, 1);
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_json_string(&b, "a\"b\\c\n\x01");
        assert_string_equal(b.data, "\"a\\\"b\\\\c\\n\\u0001\"");
        tkit_buf_finish(&b);
        tkit_diags_finish(&d);
}

static void test_post_spaces(void **state)
{
        (void)state;
        struct tkit_post_def p = {.kind = TKIT_POST_KNIGHTS, .plain = 3, .dark3 = 1, .fiveplus = 2};
        assert_int_equal(tkit_post_row_spaces(&p, 2), 3);
        assert_int_equal(tkit_post_row_spaces(&p, 3), 4);
        assert_int_equal(tkit_post_row_spaces(&p, 4), 3);
        assert_int_equal(tkit_post_row_spaces(&p, 5), 5);
        assert_int_equal(tkit_post_row_spaces(&p, 6), 5);
        /* space by space as printed: 3 plain, the dark "3", two "5+"; the same sums */
        static const bool counts[][6] = {{1, 1, 1, 0, 0, 0}, {1, 1, 1, 1, 0, 0}, {1, 1, 1, 0, 1, 1}};
        static const int players[] = {2, 3, 5};
        for (int k = 0; k < 3; k++) {
                int n = 0;
                for (int i = -1; i < 7; i++) {
                        bool c = tkit_post_space_counts(&p, i, players[k]);
                        assert_int_equal(c, i >= 0 && i < 6 && counts[k][i]);
                        n += c;
                }
                assert_int_equal(n, tkit_post_row_spaces(&p, players[k]));
        }
}

/* The face in use: the one named, else the first for the player count (front 2-3, back 4+). */
static void test_piece_face(void **state)
{
        (void)state;
        struct tkit_face faces[2] = {{.id = "front", .min_players = 2, .max_players = 3},
                                     {.id = "back", .min_players = 4, .max_players = 0}};
        struct tkit_piece p = {.id = "fortress", .faces = faces, .nfaces = 2};
        assert_ptr_equal(tkit_piece_face(&p, NULL, 2), &faces[0]);
        assert_ptr_equal(tkit_piece_face(&p, NULL, 3), &faces[0]);
        assert_ptr_equal(tkit_piece_face(&p, NULL, 4), &faces[1]);
        assert_ptr_equal(tkit_piece_face(&p, NULL, 6), &faces[1]);
        assert_null(tkit_piece_face(&p, NULL, 1));
        assert_ptr_equal(tkit_piece_face(&p, "back", 2), &faces[1]); /* named: whatever the count */
        assert_null(tkit_piece_face(&p, "side", 2));
        assert_true(tkit_face_fits(&faces[1], 9));
        assert_false(tkit_face_fits(&faces[0], 4));
}

static void test_names_roundtrip(void **state)
{
        (void)state;
        for (int k = 0; k < TKIT_FEATURE_KIND_COUNT; k++)
                assert_int_equal(tkit_feature_kind_parse(tkit_feature_kind_name(k)), k);
        for (int e = 0; e < TKIT_END_COUNT; e++)
                assert_int_equal(tkit_end_parse(tkit_end_name(e)), e);
        for (int p = 0; p < TKIT_POST_COUNT; p++)
                assert_int_equal(tkit_post_parse(tkit_post_name(p)), p);
        for (int x = 0; x < TKIT_EXPECT_COUNT; x++)
                assert_int_equal(tkit_expect_parse(tkit_expect_name(x)), x);
        for (unsigned f = 1; f <= TKIT_RULES_LAST; f <<= 1)
                assert_int_equal(tkit_rules_flag_parse(tkit_rules_flag_name(f)), (int)f);
        assert_int_equal(tkit_end_parse("nonsense"), -1);
        assert_string_equal(tkit_illustration_name('T'), "water tower");
        assert_null(tkit_illustration_name('Z'));
}

static void test_piece_cells(void **state)
{
        (void)state;
        struct tkit_set *s = tkit_set_create("sd");
        struct tkit_piece *p = tkit_set_add_piece(s, "fortress", 3, 2);
        assert_int_equal(p->width * p->height, 6);
        assert_string_equal(tkit_piece_cell(p, 2, 1)->id, "fortress@2,1");
        assert_int_equal(tkit_piece_cell(p, 2, 1)->group, TKIT_GROUP_FORTRESS);
        assert_null(tkit_piece_cell(p, 3, 0));
        assert_null(tkit_piece_cell(p, 0, -1));
        tkit_set_destroy(s);
        tkit_set_destroy(NULL);
}

/* ---------------------------------------------------------------- the edge table (issue 17) */

/* The ends of a bridge and its axis through rotation: a bridge along the tile's own N-S sides lies
 * E-W on the board after a quarter turn, and back. */
static void test_bridge_axis(void **state)
{
        (void)state;
        assert_string_equal(tkit_bridge_axis_name(TKIT_BRIDGE_NS), "NS");
        assert_string_equal(tkit_bridge_axis_name(TKIT_BRIDGE_EW), "EW");
        assert_string_equal(tkit_bridge_axis_name(TKIT_BRIDGE_NONE), "");
        assert_int_equal(tkit_bridge_axis_parse("NS"), TKIT_BRIDGE_NS);
        assert_int_equal(tkit_bridge_axis_parse("EW"), TKIT_BRIDGE_EW);
        assert_int_equal(tkit_bridge_axis_parse("ns"), -1);
        assert_int_equal(tkit_bridge_axis_parse(""), -1);
        for (int side = 0; side < 4; side++) {
                assert_int_equal(tkit_bridge_end(TKIT_BRIDGE_NS, side), side == 0 || side == 2);
                assert_int_equal(tkit_bridge_end(TKIT_BRIDGE_EW, side), side == 1 || side == 3);
                assert_false(tkit_bridge_end(TKIT_BRIDGE_NONE, side));
        }
        for (int rot = 0; rot < 4; rot++)
                for (int axis = 0; axis < 2; axis++) {
                        enum tkit_bridge_axis a = tkit_bridge_axis_on_board(axis, rot);
                        assert_int_equal(a, (axis + rot) % 2 ? TKIT_BRIDGE_EW : TKIT_BRIDGE_NS);
                        assert_int_equal(tkit_bridge_axis_on_tile(a, rot), axis);
                }
}

/* A 3x2 piece turned a quarter: cell (0, 0) (north-west) goes to the north-east corner of the
 * 2x3 footprint, cell (2, 1) to the south-west; every turn covers the footprint exactly once. */
static void test_piece_cell_offset(void **state)
{
        (void)state;
        struct tkit_set *s = tkit_set_create("sd");
        struct tkit_piece *p = tkit_set_add_piece(s, "fortress", 3, 2);
        int dx, dy;
        tkit_piece_cell_offset(p, 1, 0, 0, &dx, &dy);
        assert_int_equal(dx, 1);
        assert_int_equal(dy, 0);
        tkit_piece_cell_offset(p, 1, 2, 1, &dx, &dy);
        assert_int_equal(dx, 0);
        assert_int_equal(dy, 2);
        tkit_piece_cell_offset(p, 2, 0, 0, &dx, &dy);
        assert_int_equal(dx, 2);
        assert_int_equal(dy, 1);
        tkit_piece_cell_offset(p, -1, 0, 0, &dx, &dy); /* -1 is 3 */
        assert_int_equal(dx, 0);
        assert_int_equal(dy, 2);
        for (int rot = 0; rot < 4; rot++) {
                int w = rot % 2 ? 2 : 3, h = rot % 2 ? 3 : 2, seen = 0;
                for (int cy = 0; cy < 2; cy++)
                        for (int cx = 0; cx < 3; cx++) {
                                tkit_piece_cell_offset(p, rot, cx, cy, &dx, &dy);
                                assert_true(dx >= 0 && dx < w && dy >= 0 && dy < h);
                                seen |= 1 << (dy * w + dx);
                        }
                assert_int_equal(seen, 0x3f);
        }
        tkit_set_destroy(s);
}

/* Sides fit when they show the same thing; a bridge end shows a road but meets no bridge end. */
static void test_sides_fit(void **state)
{
        (void)state;
        for (int a = 0; a < 4; a++)
                for (int b = 0; b < 4; b++) {
                        enum tkit_side_type ta = (enum tkit_side_type)a,
                                            tb = (enum tkit_side_type)b;
                        assert_int_equal(tkit_sides_fit(ta, false, tb, false), a == b);
                        assert_int_equal(tkit_sides_fit(ta, true, tb, false), b == TKIT_SIDE_ROAD);
                        assert_int_equal(tkit_sides_fit(ta, false, tb, true), a == TKIT_SIDE_ROAD);
                        assert_false(tkit_sides_fit(ta, true, tb, true));
                }
}

/* The owner of a position: the feature holding it, a road or river on top of any other. */
static void test_join_owner(void **state)
{
        (void)state;
        struct tkit_tile t;
        tkit_tile_init(&t);
        tkit_tile_add_feature(&t, TKIT_CITY, "c")->mask = side_mask(TKIT_E) | side_mask(TKIT_W);
        tkit_tile_add_feature(&t, TKIT_CLOISTER, "m");
        struct tkit_feature *r = tkit_tile_add_feature(&t, TKIT_ROAD, "r");
        r->mask = bit("NM") | bit("SM") | bit("EM"); /* over the city's east middle */
        r->overpass = true;
        tkit_tile_add_feature(&t, TKIT_FIELD, "f")->mask = bit("NL") | bit("NR");
        assert_int_equal(tkit_tile_join_owner(&t, tkit_pos_parse("EL")), 0);
        assert_int_equal(tkit_tile_join_owner(&t, tkit_pos_parse("EM")), 2);
        assert_int_equal(tkit_tile_join_owner(&t, tkit_pos_parse("NM")), 2);
        assert_int_equal(tkit_tile_join_owner(&t, tkit_pos_parse("NL")), 3);
        assert_int_equal(tkit_tile_join_owner(&t, tkit_pos_parse("SL")), -1);
        tkit_tile_finish(&t);
        for (int a = 0; a < TKIT_FEATURE_KIND_COUNT; a++)
                for (int b = 0; b < TKIT_FEATURE_KIND_COUNT; b++)
                        assert_int_equal(tkit_features_join((enum tkit_feature_kind)a,
                                                            (enum tkit_feature_kind)b),
                                         a == b && a != TKIT_CLOISTER && a != TKIT_GARDEN);
}

/* Two cells of one piece: the feature of the other cell with the same id. */
static void test_piece_cells_join(void **state)
{
        (void)state;
        struct tkit_set *s = tkit_set_create("sd");
        struct tkit_piece *p = tkit_set_add_piece(s, "fortress", 2, 1);
        struct tkit_tile *a = tkit_piece_cell(p, 0, 0), *b = tkit_piece_cell(p, 1, 0);
        tkit_tile_add_feature(a, TKIT_CITY, "keep")->mask = side_mask(TKIT_E);
        tkit_tile_add_feature(a, TKIT_FIELD, "land")->mask = side_mask(TKIT_N);
        tkit_tile_add_feature(b, TKIT_FIELD, "moat")->mask = side_mask(TKIT_S);
        tkit_tile_add_feature(b, TKIT_CITY, "keep")->mask = side_mask(TKIT_W);
        assert_int_equal(tkit_piece_cells_join(a, 0, b), 1);
        assert_int_equal(tkit_piece_cells_join(b, 1, a), 0);
        assert_int_equal(tkit_piece_cells_join(a, 1, b), -1);
        assert_int_equal(tkit_piece_cells_join(a, 2, b), -1);
        assert_int_equal(tkit_piece_cells_join(a, -1, b), -1);
        tkit_set_destroy(s);
}

/* ---------------------------------------------------------------- issue 11: the sink, lookups */

/* Per file at most `limit` findings are kept; all are counted; the rest is said once per file. */
static void test_diag_limit(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        assert_int_equal(d.limit, TKIT_DIAGS_LIMIT);
        for (int i = 0; i < 250; i++)
                tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", i + 1, "R", NULL, NULL, "bad %d", i);
        for (int i = 0; i < 3; i++)
                tkit_diags_add(&d, TKIT_SEV_WARNING, "b.xml", i + 1, "R", NULL, NULL, "w %d", i);
        tkit_diags_add(&d, TKIT_SEV_WARNING, "a.xml", 999, "R", NULL, NULL, "late");
        assert_int_equal(d.n, TKIT_DIAGS_LIMIT + 3);
        assert_int_equal(d.errors, 250);
        assert_int_equal(d.warnings, 4);
        assert_int_equal(d.hidden, 151);
        const char *file;
        size_t c[3];
        assert_true(tkit_diags_hidden_at(&d, 0, &file, c));
        assert_string_equal(file, "a.xml");
        assert_int_equal(c[TKIT_SEV_ERROR], 150);
        assert_int_equal(c[TKIT_SEV_WARNING], 1);
        assert_true(tkit_diags_hidden_at(&d, 1, &file, c));
        assert_int_equal(c[0] + c[1] + c[2], 0);
        assert_false(tkit_diags_hidden_at(&d, 2, &file, c));
        char *msg = tkit_diags_hidden_message((size_t[3]){0, 1, 150}, 100);
        assert_string_equal(msg, "151 more findings not shown (150 errors, 1 warning): at most 100 "
                                 "are shown per file");
        free(msg);
        /* written by formats/ (tests/formats/test-diag-write.c) */
        /* a limit of 0 keeps everything */
        tkit_diags_clear(&d);
        d.limit = 0;
        for (int i = 0; i < 250; i++)
                tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", i + 1, "R", NULL, NULL, "bad %d", i);
        assert_int_equal(d.n, 250);
        assert_int_equal(d.hidden, 0);
        tkit_diags_finish(&d);
}

/* An identical finding is kept and counted once; labels and messages are cut. */
static void test_diag_repeats_and_lengths(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        for (int i = 0; i < 100000; i++)
                tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", 7, "GEO", "s", "t", "same");
        tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", 7, "GEO", "s", "t2", "same");
        assert_int_equal(d.n, 2);
        assert_int_equal(d.errors, 2);
        size_t big = 1 << 20;
        char *id = malloc(big + 1);
        memset(id, 'x', big);
        memcpy(id + 76, "\xc3\xa9", 2); /* a two-byte character across the cut at 77 */
        id[big] = '\0';
        tkit_diags_add(&d, TKIT_SEV_ERROR, "a.xml", 8, "ID", NULL, id, "id '%s'", id);
        const struct tkit_diag *g = &d.v[2];
        assert_true(strlen(g->tile) <= TKIT_DIAG_MAX_LABEL);
        assert_string_equal(g->tile + strlen(g->tile) - 3, "...");
        assert_int_equal(strlen(g->tile), 76 + 3); /* cut before the é, not inside it */
        assert_true(strlen(g->message) <= TKIT_DIAG_MAX_MESSAGE);
        free(id);
        /* moved into another sink under a file name, hidden counts included */
        struct tkit_diags from, to;
        tkit_diags_init(&from);
        tkit_diags_init(&to);
        for (int i = 0; i < 130; i++)
                tkit_diags_add(&from, TKIT_SEV_ERROR, NULL, 0, "SIM", NULL, NULL, "e %d", i);
        tkit_diags_take(&to, &from, "l.json");
        assert_int_equal(from.n, 0);
        assert_int_equal(to.n, TKIT_DIAGS_LIMIT);
        assert_int_equal(to.errors, 130);
        assert_string_equal(to.v[0].file, "l.json");
        const char *file;
        size_t c[3];
        assert_true(tkit_diags_hidden_at(&to, 0, &file, c));
        assert_string_equal(file, "l.json");
        assert_int_equal(c[TKIT_SEV_ERROR], 30);
        tkit_diags_finish(&from);
        tkit_diags_finish(&to);
        tkit_diags_finish(&d);
}

static const char *const keys[] = {"b", "a", "b", "c"};

static const char *key_at(const void *ctx, size_t i)
{
        return ((const char *const *)ctx)[i];
}

/* The index finds the smallest position of a key, whatever order growth left them in. */
static void test_index(void **state)
{
        (void)state;
        struct tkit_index x;
        tkit_index_init(&x);
        assert_int_equal(tkit_index_find(&x, "a", key_at, keys), -1);
        for (size_t i = 0; i < 4; i++)
                tkit_index_add(&x, keys[i], i);
        assert_int_equal(tkit_index_find(&x, "b", key_at, keys), 0);
        assert_int_equal(tkit_index_find(&x, "a", key_at, keys), 1);
        assert_int_equal(tkit_index_find(&x, "c", key_at, keys), 3);
        assert_int_equal(tkit_index_find(&x, "d", key_at, keys), -1);
        tkit_index_finish(&x);
        /* tile lookups see tiles added after an earlier lookup; a repeated id gives the first */
        struct tkit_set *s = tkit_set_create("s");
        char id[32];
        for (int i = 0; i < 5000; i++) {
                snprintf(id, sizeof id, "T%d", i);
                tkit_set_add_tile(s, id);
                assert_int_equal(tkit_set_find_tile(s, id), i);
        }
        tkit_set_add_tile(s, "T17");
        assert_int_equal(tkit_set_find_tile(s, "T17"), 17);
        assert_int_equal(tkit_set_find_tile(s, "T5000"), -1);
        tkit_set_destroy(s);
}

/* One UTF-8 check for every reader and writer: each class of RFC 3629's table, both sides of
 * each boundary, and a character cut short by the bytes left. */
static void test_utf8_char(void **state)
{
        (void)state;
        static const struct {
                const char *s;
                size_t n;
        } c[] = {{"a", 1},
                 {"\x7f", 1},
                 {"", 0},
                 {"\x80", 0},
                 {"\xbf", 0},
                 {"\xc1\xbf", 0}, /* overlong 2 */
                 {"\xc2\x80", 2},
                 {"\xdf\xbf", 2},
                 {"\xc3", 0}, /* cut short */
                 {"\xc3(", 0},
                 {"\xe0\x9f\xbf", 0},
                 {"\xe0\xa0\x80", 3}, /* overlong 3 */
                 {"\xed\x9f\xbf", 3},
                 {"\xed\xa0\x80", 0},
                 {"\xef\xbf\xbd", 3}, /* surrogate */
                 {"\xf0\x8f\xbf\xbf", 0},
                 {"\xf0\x90\x80\x80", 4},
                 {"\xf4\x8f\xbf\xbf", 4},
                 {"\xf4\x90\x80\x80", 0},
                 {"\xf5\x80\x80\x80", 0},
                 {"\xff", 0}};
        for (size_t i = 0; i < sizeof c / sizeof *c; i++)
                if (tkit_utf8_char(c[i].s, SIZE_MAX) != c[i].n)
                        fail_msg("case %zu: %zu, not %zu", i, tkit_utf8_char(c[i].s, SIZE_MAX),
                                 c[i].n);
        assert_int_equal(tkit_utf8_char("\xe2\x82\xac", 2), 0); /* 3 bytes, 2 left */
        assert_int_equal(tkit_utf8_char("\xe2\x82\xac", 3), 3);
        assert_int_equal(tkit_utf8_char("a", 0), 0);
}

/* Text an XML document can hold: UTF-8 of XML 1.0 characters, within the length limit. */
static void test_text_valid(void **state)
{
        (void)state;
        static const char *const good[] = {"",
                                           "tab\tlf\ncr\r",
                                           "Cetăți",
                                           "\xef\xbf\xbd",
                                           "\xf4\x8f\xbf\xbd", /* U+10FFFD */
                                           "\xef\xb7\x8f",     /* U+FDCF */
                                           "\xc2\xa0"};        /* U+00A0, after the C1 block */
        static const char *const bad[] = {"\x01",
                                          "a\x1f"
                                          "b",
                                          "\xef\xbf\xbe",
                                          "\xef\xbf\xbf",
                                          "\xed\xa0\x80",
                                          "\xc0\xaf",
                                          "\x80",
                                          "\x7f",             /* DEL */
                                          "\xc2\x85",         /* NEL, a C1 control */
                                          "\xef\xb7\x90",     /* U+FDD0 */
                                          "\xf0\x9f\xbf\xbe", /* U+1FFFE */
                                          "\xf4\x8f\xbf\xbf"}; /* U+10FFFF */
        for (size_t i = 0; i < sizeof good / sizeof *good; i++)
                if (!tkit_text_valid(good[i], strlen(good[i])))
                        fail_msg("good %zu refused", i);
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
                if (tkit_text_valid(bad[i], strlen(bad[i])))
                        fail_msg("bad %zu taken", i);
        assert_false(tkit_text_valid("a\0b", 3)); /* NUL inside the length */
        char *big = tkit_xmalloc(TKIT_MAX_TEXT + 2);
        memset(big, 'a', TKIT_MAX_TEXT + 1);
        big[TKIT_MAX_TEXT + 1] = '\0';
        assert_true(tkit_text_valid(big, TKIT_MAX_TEXT));
        assert_false(tkit_text_valid(big, TKIT_MAX_TEXT + 1));
        free(big);
}

/* `s` through tkit_buf_put_escaped() with `flags` gives exactly `want`. */
static void check_escaped(const char *s, unsigned flags, const char *want)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_put_escaped(&b, s, flags);
        assert_string_equal(b.data ? b.data : "", want);
        tkit_buf_finish(&b);
}

/* The one escaper: what each caller's flags write (HTML text, Pango markup, SVG text, XML text
 * and attributes), byte for byte as the five escapers it replaced did. */
static void test_escaped(void **state)
{
        (void)state;
        const char *mix = "a&b<c>d\"e'f\tg\nh\ri\x01j\x7f";
        check_escaped(NULL, TKIT_ESC_XML_ATTR, "");
        check_escaped(mix, 0, "a&amp;b&lt;c&gt;d\"e'f\tg\nh\ri\x01j\x7f");
        check_escaped(mix, TKIT_ESC_QUOT, "a&amp;b&lt;c&gt;d&quot;e'f\tg\nh\ri\x01j\x7f");
        check_escaped(mix, TKIT_ESC_QUOT | TKIT_ESC_APOS | TKIT_ESC_CTRL,
                      "a&amp;b&lt;c&gt;d&quot;e&apos;f\tg\nh\xef\xbf\xbdi\xef\xbf\xbdj\x7f");
        check_escaped(mix, TKIT_ESC_XML_TEXT,
                      "a&amp;b&lt;c&gt;d\"e'f\tg\nh&#13;i\xef\xbf\xbdj\x7f");
        check_escaped(mix, TKIT_ESC_XML_ATTR,
                      "a&amp;b&lt;c&gt;d&quot;e'f&#9;g&#10;h&#13;i\xef\xbf\xbdj\x7f");
        /* UTF-8: kept as bytes unless XML is asked for, which checks it (one U+FFFD a bad byte) */
        const char *u = "\xc5\xa3 \xc3 \xef\xbf\xbe \xed\xa0\x80 \xf0\x9f\x90\x91";
        check_escaped(u, TKIT_ESC_CTRL, u);
        check_escaped(u, TKIT_ESC_XML_TEXT,
                      "\xc5\xa3 \xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd "
                      "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd \xf0\x9f\x90\x91");
}

/* The readers' ids are one list (TKIT_READ_RULES): the XML-* ids are the rows of docs/format.md's
 * table, in its order; each ART-* id is named in docs/render.md and DB-VALUE in docs/schema.md;
 * the parse finds each back. */
static void test_read_rule_ids(void **state)
{
        (void)state;
        const char *root = getenv("TKIT_SOURCE_ROOT");
        assert_non_null(root);
        static const char *const docs[] = {"docs/format.md", "docs/render.md", "docs/schema.md"};
        char *md[3];
        for (int k = 0; k < 3; k++) {
                char *path = tkit_xasprintf("%s/%s", root, docs[k]);
                md[k] = read_all(path, NULL);
                assert_non_null(md[k]);
                free(path);
        }
        const char *at = md[0];
        for (int r = 0; r < TKIT_READ_RULE_COUNT; r++) {
                const char *id = tkit_read_rule_id((enum tkit_read_rule)r);
                assert_int_equal(tkit_read_rule_parse(id), r);
                int doc = strncmp(id, "XML-", 4) == 0 ? 0 : strncmp(id, "ART-", 4) == 0 ? 1 : 2;
                char *want = tkit_xasprintf(doc == 0 ? "\n| `%s` |" : "%s", id);
                const char *hit = strstr(doc == 0 ? at : md[doc], want);
                if (!hit)
                        fail_msg("%s is not in %s%s", want, docs[doc],
                                 doc == 0 ? " (a row, after the row before)" : "");
                if (doc == 0)
                        at = hit + 1;
                free(want);
        }
        assert_int_equal(tkit_read_rule_parse("XML-NONE"), -1);
        assert_null(tkit_read_rule_id(TKIT_READ_RULE_COUNT));
        for (int k = 0; k < 3; k++)
                free(md[k]);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_diag_limit),
            cmocka_unit_test(test_diag_repeats_and_lengths),
            cmocka_unit_test(test_index),
            cmocka_unit_test(test_position_names),
            cmocka_unit_test(test_rotation),
            cmocka_unit_test(test_facing),
            cmocka_unit_test(test_side_codes),
            cmocka_unit_test(test_compatibility),
            cmocka_unit_test(test_bridge_axes),
            cmocka_unit_test(test_copy_is_deep),
            cmocka_unit_test(test_validate),
            cmocka_unit_test(test_diag_format),
            cmocka_unit_test(test_post_spaces), cmocka_unit_test(test_read_rule_ids),
            cmocka_unit_test(test_piece_face),
            cmocka_unit_test(test_names_roundtrip),
            cmocka_unit_test(test_piece_cells),
            cmocka_unit_test(test_bridge_axis),
            cmocka_unit_test(test_piece_cell_offset),
            cmocka_unit_test(test_sides_fit),
            cmocka_unit_test(test_join_owner),
            cmocka_unit_test(test_piece_cells_join),
            cmocka_unit_test(test_utf8_char),
            cmocka_unit_test(test_text_valid),
            cmocka_unit_test(test_escaped),
        };
        return cmocka_run_group_tests_name("model", tests, NULL, NULL);
}
