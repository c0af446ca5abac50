/* Where a figure stands, read one way for every module: a feature id, a side or position of the
 * board (after rotation), or a word; and the tile a scene's <tile> names. game/ and render/ both
 * call these (model/tkit-scene.h). */
#include "game/tkit-place.h"

#include <stdlib.h>
#include <string.h>

/* The board position `pos` on a cell turned `rot` with bridge `bridge`: the feature owning it,
 * TKIT_PLACE_BRIDGE where the bridge lies (the middles of the sides it joins), or -1. */
static int owner(const struct tkit_tile *t, int rot, int bridge, int pos)
{
        if (bridge && TKIT_POS_PART(pos) == TKIT_M &&
            TKIT_POS_SIDE(pos) % 2 == (bridge == 1 ? 0 : 1))
                return TKIT_PLACE_BRIDGE;
        return tkit_tile_owner(t, tkit_pos_rotate(pos, -rot), false);
}

static int fail(enum tkit_place_error *err, enum tkit_place_error why)
{
        if (err)
                *err = why;
        return TKIT_PLACE_NONE;
}

/* "cloister", "garden": the tile's only feature of that kind. */
static int only_kind(const struct tkit_tile *t, enum tkit_feature_kind k,
                     enum tkit_place_error *err)
{
        int hit = -1;
        for (size_t i = 0; i < t->nfeatures; i++)
                if (t->features[i].kind == k) {
                        if (hit >= 0)
                                return fail(err, TKIT_PLACE_AMBIGUOUS);
                        hit = (int)i;
                }
        return hit >= 0 ? hit : fail(err, TKIT_PLACE_NO_FEATURE);
}

/* A side: its middle's owner; on a field side, the one feature both halves belong to. */
static int side(const struct tkit_tile *t, int rot, int bridge, int s, enum tkit_place_error *err)
{
        int m = owner(t, rot, bridge, TKIT_POS(s, TKIT_M));
        if (m != -1)
                return m;
        int l = owner(t, rot, bridge, TKIT_POS(s, TKIT_L));
        int r = owner(t, rot, bridge, TKIT_POS(s, TKIT_R));
        if (l >= 0 && r >= 0 && l != r)
                return fail(err, TKIT_PLACE_AMBIGUOUS);
        int o = l >= 0 ? l : r;
        return o >= 0 ? o : fail(err, TKIT_PLACE_EMPTY);
}

int tkit_place_resolve(const struct tkit_tile *t, int rotation, int bridge, const char *spec,
                       enum tkit_place_error *err)
{
        if (err)
                *err = TKIT_PLACE_OK;
        if (!t || !spec || !*spec)
                return fail(err, TKIT_PLACE_UNKNOWN);
        int rot = ((rotation % 4) + 4) % 4;
        int f = tkit_tile_find_feature(t, spec);
        if (f >= 0)
                return f;
        if (strcmp(spec, "bridge") == 0)
                return bridge ? TKIT_PLACE_BRIDGE : fail(err, TKIT_PLACE_NO_FEATURE);
        if (strcmp(spec, "cloister") == 0)
                return only_kind(t, TKIT_CLOISTER, err);
        if (strcmp(spec, "garden") == 0)
                return only_kind(t, TKIT_GARDEN, err);
        int s = tkit_side_parse(spec);
        if (s >= 0)
                return side(t, rot, bridge, s, err);
        int pos = tkit_pos_parse(spec);
        if (pos < 0)
                return fail(err, TKIT_PLACE_UNKNOWN);
        int o = owner(t, rot, bridge, pos);
        return o != -1 ? o : fail(err, TKIT_PLACE_EMPTY);
}

unsigned tkit_feature_board_sides(const struct tkit_feature *f, int rotation)
{
        uint16_t m = tkit_mask_rotate(f->mask, rotation);
        unsigned sides = 0;
        for (int s = 0; s < 4; s++)
                if (m & (1u << TKIT_POS(s, TKIT_M)))
                        sides |= 1u << s;
        return sides;
}

/* "c1 (city, N), r (road, E W), f1 (field)" */
static void choices(struct tkit_buf *b, const struct tkit_tile *t, int rot, int bridge)
{
        for (size_t i = 0; i < t->nfeatures; i++) {
                const struct tkit_feature *f = &t->features[i];
                tkit_buf_printf(b, "%s%s (%s", i ? ", " : "", f->id,
                                tkit_feature_kind_name(f->kind));
                unsigned sides = tkit_feature_board_sides(f, rot);
                for (int s = 0, first = 1; s < 4; s++)
                        if (sides >> s & 1u) {
                                tkit_buf_printf(b, "%s%c", first ? ", " : " ", tkit_side_letter(s));
                                first = 0;
                        }
                tkit_buf_puts(b, ")");
        }
        if (bridge)
                tkit_buf_printf(b, "%sbridge (road, %s)", t->nfeatures ? ", " : "",
                                bridge == 1 ? "N S" : "E W");
}

char *tkit_place_message(const struct tkit_tile *t, const char *set, int rotation, int bridge,
                         const char *spec, enum tkit_place_error err)
{
        static const char *const what[] = {
            [TKIT_PLACE_OK] = "no feature",
            [TKIT_PLACE_UNKNOWN] = "no feature",
            [TKIT_PLACE_EMPTY] = "nothing at",
            [TKIT_PLACE_AMBIGUOUS] = "more than one feature at",
            [TKIT_PLACE_NO_FEATURE] = "nothing to call",
        };
        int rot = ((rotation % 4) + 4) % 4;
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_printf(&b, "%s '%s' on %s%s%s (rotation %d); features: ",
                        (unsigned)err <= TKIT_PLACE_NO_FEATURE ? what[err] : what[0],
                        spec ? spec : "", set ? set : "", set ? "/" : "", t ? t->id : "?",
                        rot * 90);
        if (t)
                choices(&b, t, rot, bridge);
        tkit_buf_puts(&b, "; or a side N E S W or a position NL ... WR of the board, or the word "
                          "cloister, garden or bridge where the tile has one");
        return tkit_buf_steal(&b);
}

/* ---------------------------------------------------------------- the tile a scene names */

static const struct tkit_set *set_named(struct tkit_set *const *sets, size_t n, const char *id)
{
        for (size_t i = 0; i < n; i++)
                if (strcmp(sets[i]->id, id) == 0)
                        return sets[i];
        return NULL;
}

static const void *def_in(const struct tkit_set *s, const struct tkit_scene_tile *t)
{
        if (!t->is_piece) {
                int k = tkit_set_find_tile(s, t->tile);
                return k >= 0 ? &s->tiles[k] : NULL;
        }
        for (size_t p = 0; p < s->npieces; p++)
                if (strcmp(s->pieces[p].id, t->tile) == 0)
                        return &s->pieces[p];
        return NULL;
}

static void consider(const struct tkit_set *s, const struct tkit_scene_tile *t, const void **found,
                     const struct tkit_set **set, int *hits)
{
        if (!s || (t->set && strcmp(t->set, s->id) != 0))
                return;
        const void *d = def_in(s, t);
        if (!d)
                return;
        if (!*found) {
                *found = d;
                *set = s;
        }
        (*hits)++;
}

const void *tkit_scene_find_def(const struct tkit_scene *s, struct tkit_set *const *sets,
                                size_t nsets, const struct tkit_scene_tile *t,
                                const struct tkit_set **set, int *hits)
{
        const void *found = NULL;
        *set = NULL;
        *hits = 0;
        if (!t->tile)
                return NULL;
        if (s->nsets)
                for (size_t i = 0; i < s->nsets; i++)
                        consider(set_named(sets, nsets, s->sets[i]), t, &found, set, hits);
        else
                for (size_t i = 0; i < nsets; i++)
                        consider(sets[i], t, &found, set, hits);
        return found;
}
