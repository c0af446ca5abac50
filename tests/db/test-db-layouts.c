/* The simulator's rows in the database (db/layouts.c): a layout stored and read back is the same,
 * a layout the database could not give back is refused before anything is stored, and every
 * hand-edited value the loader cannot trust is reported as DB-VALUE with its table and row. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "db/tkit-db.h"

static const char *sets2[] = {"base", "castles-bridges"};

static struct tkit_db_placement good_placements[] = {
    {"base", "D", 0, 0, 0, TKIT_BRIDGE_NONE},
    {"castles-bridges", "plain-1", 1, 0, 90, TKIT_BRIDGE_NS},
    {NULL, "W", -1, 0, 270, TKIT_BRIDGE_NONE},
    {"base", "E", 0, -1, 180, TKIT_BRIDGE_EW},
};
static struct tkit_db_discard good_discards[] = {{"base", "X", 3}, {NULL, "A", 4}};

/* A layout using every kind of value: two sets, a placement without a set, both bridge axes,
 * discards, statistics. */
static struct tkit_db_layout good_layout(void)
{
        struct tkit_db_layout l = {0};
        l.seed = UINT64_MAX - 5; /* above 2^63: stored negative, read back the same */
        l.sets = sets2;
        l.nsets = 2;
        l.players = 5;
        l.stats_json = "{\"placed\": 4}";
        l.placements = good_placements;
        l.nplacements = 4;
        l.discards = good_discards;
        l.ndiscards = 2;
        return l;
}

static const char *str(const char *s)
{
        return s ? s : "(null)";
}

static struct tkit_db *open_memory(struct tkit_diags *d)
{
        struct tkit_db *db = NULL;
        assert_int_equal(tkit_db_open(":memory:", TKIT_DB_CREATE | TKIT_DB_MEMORY, &db, d), 0);
        return db;
}

static int count_layouts(struct tkit_db *db)
{
        struct tkit_db_layout l;
        struct tkit_diags d;
        tkit_diags_init(&d);
        int n = 0;
        for (int64_t id = 1; id < 20; id++)
                if (tkit_db_load_layout(db, id, &l, &d) == 0) {
                        n++;
                        tkit_db_layout_finish(&l);
                }
        tkit_diags_finish(&d);
        return n;
}

static void test_roundtrip(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_db *db = open_memory(&d);
        struct tkit_db_layout l = good_layout(), r;
        int64_t id = 0;
        assert_int_equal(tkit_db_store_layout(db, &l, &id, &d), 0);
        assert_int_equal(id, 1);
        assert_int_equal(tkit_db_load_layout(db, id, &r, &d), 0);
        assert_true(r.seed == l.seed);
        assert_int_equal(r.players, 5);
        assert_int_equal(r.nsets, 2);
        assert_string_equal(r.sets[0], "base");
        assert_string_equal(r.sets[1], "castles-bridges");
        assert_string_equal(r.stats_json, l.stats_json);
        assert_int_equal(r.nplacements, l.nplacements);
        for (size_t i = 0; i < l.nplacements; i++) {
                const struct tkit_db_placement *a = &l.placements[i], *b = &r.placements[i];
                assert_string_equal(str(a->set), str(b->set));
                assert_string_equal(a->tile, b->tile);
                assert_int_equal(a->x, b->x);
                assert_int_equal(a->y, b->y);
                assert_int_equal(a->rotation, b->rotation);
                assert_int_equal(a->bridge, b->bridge);
        }
        assert_int_equal(r.ndiscards, 2);
        for (size_t i = 0; i < l.ndiscards; i++) {
                assert_string_equal(str(l.discards[i].set), str(r.discards[i].set));
                assert_string_equal(l.discards[i].tile, r.discards[i].tile);
                assert_int_equal(l.discards[i].after, r.discards[i].after);
        }
        tkit_db_layout_finish(&r);
        assert_int_equal(d.errors, 0);

        /* without statistics, and no layout 2 */
        l.stats_json = NULL;
        l.ndiscards = 0;
        assert_int_equal(tkit_db_store_layout(db, &l, &id, &d), 0);
        assert_int_equal(tkit_db_load_layout(db, id, &r, &d), 0);
        assert_null(r.stats_json);
        assert_int_equal(r.ndiscards, 0);
        tkit_db_layout_finish(&r);
        assert_int_equal(tkit_db_load_layout(db, 99, &r, &d), TKIT_E_NOTFOUND);
        assert_int_equal(d.errors, 1);
        assert_string_equal(d.v[0].message, "no layout 99");
        tkit_db_close(db);
        tkit_diags_finish(&d);
}

/* Breaks one value of a good layout (case k); how the refusal's message begins, or NULL past the
 * last case. */
static const char *break_value(int k, struct tkit_db_layout *l, struct tkit_db_placement *p,
                               struct tkit_db_discard *c)
{
        static const char *dup[] = {"base", "base"}, *comma[] = {"base", "a,b"};
        switch (k) {
        case 0:
                l->nsets = 0;
                return "layout to store: no set is in play";
        case 1:
                l->sets = dup;
                return "layout to store: set 'base' is listed twice";
        case 2:
                l->sets = comma;
                return "layout to store: set 'a,b' is not an id";
        case 3:
                l->players = 0;
                return "layout to store: players 0 is outside 1..100";
        case 4:
                l->players = 101;
                return "layout to store: players 101 is outside 1..100";
        case 5:
                l->stats_json = "\xc0\xaf";
                return "layout to store: the statistics are not UTF-8 text";
        case 6:
                p[2].x = TKIT_MAX_COORD + 1;
                return "layout to store: placement 3: x 1000001 is outside -1000000..1000000";
        case 7:
                p[3].y = -TKIT_MAX_COORD - 1;
                return "layout to store: placement 4: y -1000001 is outside -1000000..1000000";
        case 8:
                p[1].rotation = 45;
                return "layout to store: placement 2: rotation 45 is not 0, 90, 180 or 270";
        case 9:
                p[0].bridge = (enum tkit_bridge_axis)3;
                return "layout to store: placement 1: bridge 3 is outside 0..2";
        case 10:
                p[0].tile = "";
                return "layout to store: placement 1: tile_id '' is not an id";
        case 11:
                p[1].set = "two words";
                return "layout to store: placement 2: set_id 'two words' is not an id";
        case 12:
                c[1].after = -1;
                return "layout to store: discard 2: after -1 is outside 0..2147483647";
        case 13:
                c[0].tile = "x\x01";
                return "layout to store: discard 1: tile_id 'x\\x01' is not an id";
        default:
                return NULL;
        }
}

/* What the loader would refuse is refused before anything is stored. */
static void test_store_refuses(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_db *db = open_memory(&d);
        const char *want;
        for (int k = 0;; k++) {
                struct tkit_db_layout l = good_layout();
                struct tkit_db_placement p[4];
                struct tkit_db_discard c[2];
                memcpy(p, good_placements, sizeof p);
                memcpy(c, good_discards, sizeof c);
                l.placements = p;
                l.discards = c;
                if (!(want = break_value(k, &l, p, c)))
                        break;
                int64_t id = -7;
                tkit_diags_clear(&d);
                assert_int_equal(tkit_db_store_layout(db, &l, &id, &d), TKIT_E_USAGE);
                assert_int_equal(id, -7);
                assert_int_equal(d.errors, 1);
                if (strncmp(d.v[0].message, want, strlen(want)) != 0)
                        fail_msg("case %d: \"%s\", expected \"%s\"", k, d.v[0].message, want);
                assert_int_equal(count_layouts(db), 0);
        }
        tkit_db_close(db);
        tkit_diags_finish(&d);
}

/* A value edited by hand, and how the message that reports it begins (after "DB-VALUE"). */
static const struct {
        const char *sql;
        const char *message;
} hand_edits[] = {
    {"UPDATE layouts SET seed = 'x'", "layouts row 1: seed is text, not an integer"},
    {"UPDATE layouts SET sets = X'00'", "layouts row 1: sets is a blob, not text"},
    {"UPDATE layouts SET sets = ''", "layouts row 1: set '' is not an id"},
    {"UPDATE layouts SET sets = 'base,,river'", "layouts row 1: set '' is not an id"},
    {"UPDATE layouts SET sets = 'base,river,base'", "layouts row 1: set 'base' is listed twice"},
    {"UPDATE layouts SET sets = CAST(X'62610063' AS TEXT)", "layouts row 1: sets holds a NUL byte"},
    {"UPDATE layouts SET players = 0", "layouts row 1: players 0 is outside 1..100"},
    {"UPDATE layouts SET players = 2.5", "layouts row 1: players is a real number, not an integer"},
    {"UPDATE layouts SET players = 4294967298",
     "layouts row 1: players 4294967298 is outside 1..100"},
    {"UPDATE layouts SET stats_json = CAST(X'C0AF' AS TEXT)",
     "layouts row 1: stats_json is not UTF-8 text"},
    {"UPDATE layouts SET stats_json = X'7B7D'", "layouts row 1: stats_json is a blob, not text"},
    {"UPDATE placements SET x = 1000001 WHERE seq = 2",
     "placements row (layout 1, seq 2): x 1000001 is outside -1000000..1000000"},
    {"UPDATE placements SET y = 'north' WHERE seq = 0",
     "placements row (layout 1, seq 0): y is text, not an integer"},
    {"UPDATE placements SET rotation = 45 WHERE seq = 1",
     "placements row (layout 1, seq 1): rotation 45 is not 0, 90, 180 or 270"},
    {"UPDATE placements SET rotation = 4294967386 WHERE seq = 1",
     "placements row (layout 1, seq 1): rotation 4294967386 is not 0, 90, 180 or 270"},
    {"UPDATE placements SET bridge = 'ns' WHERE seq = 1",
     "placements row (layout 1, seq 1): bridge 'ns' is not one of: NS EW (or NULL for none)"},
    {"UPDATE placements SET bridge = X'4E53' WHERE seq = 1",
     "placements row (layout 1, seq 1): bridge is a blob, not text"},
    {"UPDATE placements SET tile_id = 'two words' WHERE seq = 3",
     "placements row (layout 1, seq 3): tile_id 'two words' is not an id ([A-Za-z0-9][A-Za-z0-9._:/"
     "@+!-]*, up to 64 bytes)"},
    {"UPDATE placements SET set_id = X'35' WHERE seq = 0",
     "placements row (layout 1, seq 0): set_id is a blob, not text"},
    {"UPDATE placements SET seq = 'first' WHERE seq = 0",
     "placements row (layout 1, seq 0): seq is text, not an integer"},
    {"UPDATE discards SET after = -1 WHERE seq = 1",
     "discards row (layout 1, seq 1): after -1 is outside 0..2147483647"},
    {"UPDATE discards SET after = 2147483648 WHERE seq = 0",
     "discards row (layout 1, seq 0): after 2147483648 is outside 0..2147483647"},
    {"UPDATE discards SET tile_id = CAST(X'58005A' AS TEXT) WHERE seq = 0",
     "discards row (layout 1, seq 0): tile_id holds a NUL byte"},
};

/* A database is input: every hand-edited value above ends the load with DB-VALUE, its table and
 * row, and leaves nothing to free. */
static void test_load_checks(void **state)
{
        (void)state;
        struct tkit_diags d;
        tkit_diags_init(&d);
        for (size_t k = 0; k < sizeof hand_edits / sizeof *hand_edits; k++) {
                struct tkit_db *db = open_memory(&d);
                struct tkit_db_layout l = good_layout(), r;
                int64_t id = 0;
                assert_int_equal(tkit_db_store_layout(db, &l, &id, &d), 0);
                assert_int_equal(tkit_db_exec(db, hand_edits[k].sql, &d), 0);
                tkit_diags_clear(&d);
                int rc = tkit_db_load_layout(db, id, &r, &d);
                if (rc != TKIT_E_INVALID || d.errors != 1)
                        fail_msg("%s: rc %d, %zu errors", hand_edits[k].sql, rc, d.errors);
                assert_string_equal(d.v[0].rule, "DB-VALUE");
                assert_string_equal(d.v[0].file, ":memory:");
                if (strncmp(d.v[0].message, hand_edits[k].message, strlen(hand_edits[k].message)) !=
                    0)
                        fail_msg("%s: \"%s\", expected \"%s\"", hand_edits[k].sql, d.v[0].message,
                                 hand_edits[k].message);
                assert_int_equal(r.nplacements, 0);
                assert_null(r.placements);
                tkit_db_close(db);
                tkit_diags_clear(&d);
        }
        tkit_diags_finish(&d);
}

int main(void)
{
        const struct CMUnitTest tests[] = {
            cmocka_unit_test(test_roundtrip),
            cmocka_unit_test(test_store_refuses),
            cmocka_unit_test(test_load_checks),
        };
        return cmocka_run_group_tests(tests, NULL, NULL);
}
