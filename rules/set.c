/* Set-level rules: the manifest, tokens and rule modules, the start tile, the river chain,
 * matchable sides, duplicate types, JCloisterZone references, and multi-cell pieces. */
#include "rules-private.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ manifest */

static bool in_group(const struct tkit_tile *t, int group)
{
        return group < 0 || (int)t->group == group;
}

/* Features of a kind / road ends of a kind; with `per_tile`, tiles showing at least one. */
static int count_feature(const struct tkit_set *s, const struct tkit_expect *e, bool per_tile)
{
        int kind = tkit_feature_kind_parse(e->of ? e->of : "");
        int end = kind < 0 ? tkit_end_parse(e->of ? e->of : "") : -1;
        int n = 0;
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                if (!in_group(t, e->group))
                        continue;
                for (size_t j = 0; j < t->nfeatures; j++) {
                        const struct tkit_feature *f = &t->features[j];
                        if ((kind >= 0 && (int)f->kind == kind) ||
                            (end > 0 && (f->kind == TKIT_ROAD || f->kind == TKIT_RIVER) &&
                             (int)f->end == end)) {
                                n += t->count;
                                if (per_tile)
                                        break;
                        }
                }
        }
        return n;
}

static bool has_besieged(const struct tkit_tile *t)
{
        for (size_t j = 0; j < t->nfeatures; j++)
                if (t->features[j].kind == TKIT_CITY &&
                    t->features[j].besieger != TKIT_BESIEGER_NONE)
                        return true;
        return false;
}

static int count_symbols(const struct tkit_tile *t, const char *of)
{
        int post = of ? tkit_post_parse(of) : -1, n = 0;
        for (size_t k = 0; k < t->nsymbols; k++)
                n += post < 0 || (int)t->symbols[k] == post;
        return n;
}

/* What the tiles say for one manifest line. */
static int actual(const struct tkit_set *s, const struct tkit_expect *e)
{
        int n = 0;
        if (e->what == TKIT_EXPECT_FEATURE || e->what == TKIT_EXPECT_FEATURE_TILES)
                return count_feature(s, e, e->what == TKIT_EXPECT_FEATURE_TILES);
        if (e->what == TKIT_EXPECT_PIECES || e->what == TKIT_EXPECT_POSTS) {
                for (size_t i = 0; i < s->npieces; i++) {
                        const struct tkit_piece *p = &s->pieces[i];
                        if (e->what == TKIT_EXPECT_PIECES)
                                n += p->count;
                        else
                                for (size_t f = 0; f < p->nfaces; f++)
                                        n += p->count * (int)p->faces[f].nposts;
                }
                return n;
        }
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                if (!in_group(t, e->group))
                        continue;
                switch (e->what) {
                case TKIT_EXPECT_TILES:
                        n += t->count;
                        break;
                case TKIT_EXPECT_TYPES:
                        n++;
                        break;
                case TKIT_EXPECT_ILLUSTRATION:
                        n += e->of && e->of[0] && strchr(t->illustrations, e->of[0]) ? t->count : 0;
                        break;
                case TKIT_EXPECT_PENNANTS:
                        n += t->count * tkit_tile_pennants(t);
                        break;
                case TKIT_EXPECT_SYMBOL_TILES:
                        n += t->nsymbols ? t->count : 0;
                        break;
                case TKIT_EXPECT_SYMBOLS:
                        n += t->count * count_symbols(t, e->of);
                        break;
                case TKIT_EXPECT_BESIEGED:
                        n += has_besieged(t) ? t->count : 0;
                        break;
                default:
                        break;
                }
        }
        return n;
}

static void check_manifest(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        for (size_t i = 0; i < s->nmanifest; i++) {
                const struct tkit_expect *e = &s->manifest[i];
                int got = actual(s, e);
                if (got == e->count)
                        continue;
                tkit_ck_report(c, TKIT_SEV_ERROR, e->line, TKIT_CR_SET_MANIFEST,
                               "manifest expects %d for %s%s%s%s%s, the set has %d%s%s: correct the "
                               "<expect> or the tiles and counts it describes", e->count,
                               tkit_expect_name(e->what), e->of ? " of " : "", e->of ? e->of : "",
                               e->group >= 0 ? " in group " : "",
                               e->group >= 0 ? tkit_group_name((enum tkit_group)e->group) : "", got,
                               e->note ? " — " : "", e->note ? e->note : "");
        }
}

/* ------------------------------------------------------------------ tokens, modules, start */

static void check_tokens(struct tkit_ck *c)
{
        static const struct {
                unsigned flag;
                enum tkit_token_kind token;
        } need[] = {{TKIT_RULES_BRIDGES, TKIT_TOKEN_BRIDGE},
                    {TKIT_RULES_CASTLES, TKIT_TOKEN_CASTLE},
                    {TKIT_RULES_BARNS, TKIT_TOKEN_BARN},
                    {TKIT_RULES_SIEGE_SYMBOLS, TKIT_TOKEN_CATAPULT},
                    {TKIT_RULES_FORTRESS, TKIT_TOKEN_CATAPULT}};
        const struct tkit_set *s = c->set;
        for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
                if ((s->rules & need[i].flag) && tkit_set_token_count(s, need[i].token) <= 0)
                        tkit_ck_report(c, TKIT_SEV_ERROR, s->line, TKIT_CR_SET_TOKENS,
                                       "rules=\"%s\" needs %s tokens, the set has none: add <token "
                                       "kind=\"%s\" count=\"N\"/> or take %s out of rules",
                                       tkit_rules_flag_name(need[i].flag),
                                       tkit_token_name(need[i].token),
                                       tkit_token_name(need[i].token),
                                       tkit_rules_flag_name(need[i].flag));
        for (size_t k = 0; k < s->ntokens; k++) {
                const struct tkit_token *tok = &s->tokens[k];
                bool used = tok->kind == TKIT_TOKEN_MEEPLE || tok->kind == TKIT_TOKEN_BIG_MEEPLE ||
                            tok->kind == TKIT_TOKEN_PIG; /* figures: the base game's rules */
                for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
                        used = used || (need[i].token == tok->kind && (s->rules & need[i].flag));
                if (!used && tok->count > 0)
                        tkit_ck_report(c, TKIT_SEV_WARNING, tok->line, TKIT_CR_SET_TOKENS,
                                       "%d %s tokens, but the set brings no rule into play that "
                                       "uses them: remove the <token> or add its rule to rules",
                                       tok->count, tkit_token_name(tok->kind));
        }
}

static bool tile_has_end(const struct tkit_tile *t, enum tkit_end e)
{
        for (size_t j = 0; j < t->nfeatures; j++)
                if (t->features[j].kind == TKIT_ROAD && t->features[j].end == e)
                        return true;
        return false;
}

static bool tile_has_river(const struct tkit_tile *t)
{
        for (size_t j = 0; j < t->nfeatures; j++)
                if (t->features[j].kind == TKIT_RIVER)
                        return true;
        return t->group == TKIT_GROUP_RIVER;
}

static void check_modules(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        enum tkit_check_rule r = TKIT_CR_SET_RULES;
        bool symbols = false, besieged = false, villages = false, river = false;
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                const char *flag = NULL;
                if (t->nsymbols && !(s->rules & TKIT_RULES_SIEGE_SYMBOLS))
                        flag = "siege-symbols";
                else if (has_besieged(t) && !(s->rules & TKIT_RULES_BESIEGERS))
                        flag = "besiegers";
                else if (tile_has_end(t, TKIT_END_VILLAGE) && !(s->rules & TKIT_RULES_VILLAGES))
                        flag = "villages";
                if (flag) {
                        c->tile = t->id;
                        tkit_ck_report(
                            c, TKIT_SEV_ERROR, t->line, r,
                            "the tile needs rules=\"%s\", which the set does not declare", flag);
                        c->tile = NULL;
                }
                symbols = symbols || t->nsymbols;
                besieged = besieged || has_besieged(t);
                villages = villages || tile_has_end(t, TKIT_END_VILLAGE);
                river = river || tile_has_river(t);
        }
        if (s->npieces && !(s->rules & TKIT_RULES_FORTRESS))
                tkit_ck_report(c, TKIT_SEV_ERROR, s->pieces[0].line, r,
                               "the set has pieces but does not declare rules=\"fortress\"");
        if (river && !(s->rules & TKIT_RULES_RIVER))
                tkit_ck_report(c, TKIT_SEV_WARNING, s->line, r,
                               "the set has river tiles but does not declare rules=\"river\"");
        static const struct {
                unsigned flag;
                int which;
        } unused[] = {{TKIT_RULES_SIEGE_SYMBOLS, 0},
                      {TKIT_RULES_BESIEGERS, 1},
                      {TKIT_RULES_VILLAGES, 2},
                      {TKIT_RULES_FORTRESS, 3}};
        bool present[4] = {symbols, besieged, villages, s->npieces > 0};
        for (size_t i = 0; i < sizeof unused / sizeof unused[0]; i++)
                if ((s->rules & unused[i].flag) && !present[unused[i].which])
                        tkit_ck_report(c, TKIT_SEV_WARNING, s->line, r,
                                       "rules=\"%s\" is declared but no tile or piece uses it",
                                       tkit_rules_flag_name(unused[i].flag));
}

static void check_start(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        const struct tkit_tile *first = NULL;
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                if (!t->start)
                        continue;
                if (first) {
                        c->tile = t->id;
                        tkit_ck_report(c, TKIT_SEV_ERROR, t->line, TKIT_CR_SET_START,
                                       "a second start tile type (the first is '%s', line %d)",
                                       first->id, first->line);
                        c->tile = NULL;
                } else {
                        first = t;
                }
        }
}

/* ------------------------------------------------------------------ companions */

/* The sets in play with `s`: itself, the sets it requires (found in the context), or, when it
 * requires none, every set of the context. Returns false (with *missing set) when a required set
 * is not loaded. *v is allocated (caller frees, also on false). */
static bool companions(const struct tkit_set *s, const struct tkit_setlist *ctx,
                       const struct tkit_set ***v, size_t *n, const char **missing)
{
        size_t cap = 1 + s->nrequires + (ctx ? ctx->n : 0);
        *v = tkit_xcalloc(cap, sizeof **v);
        *n = 0;
        (*v)[(*n)++] = s;
        /* JCloisterZone names required expansions ("RIVER"), not tile-sets: not decidable. */
        for (size_t i = 0; i < s->nextra; i++)
                if (strcmp(s->extra[i].name, "jcz-requires") == 0) {
                        *missing = s->extra[i].value;
                        return false;
                }
        if (s->nrequires) {
                for (size_t i = 0; i < s->nrequires; i++) {
                        const struct tkit_set *r =
                            ctx ? tkit_setlist_find(ctx, s->requires[i]) : NULL;
                        if (!r) {
                                *missing = s->requires[i];
                                return false;
                        }
                        if (r != s)
                                (*v)[(*n)++] = r;
                }
                return true;
        }
        for (size_t i = 0; ctx && i < ctx->n; i++)
                if (ctx->sets[i] != s)
                        (*v)[(*n)++] = ctx->sets[i];
        return true;
}

/* ------------------------------------------------------------------ river */

struct river_sum {
        int sources, ends, tiles; /* ends: sum over copies of (river sides - 2) */
};

static void river_add(struct river_sum *r, const struct tkit_tile *t, int copies)
{
        uint16_t m = 0;
        bool source = false;
        for (size_t j = 0; j < t->nfeatures; j++)
                if (t->features[j].kind == TKIT_RIVER) {
                        m |= t->features[j].mask;
                        source = source || t->features[j].end == TKIT_END_SOURCE;
                }
        int sides = tkit_mask_sides(m);
        if (!sides)
                return;
        r->tiles += copies;
        r->sources += source ? copies : 0;
        r->ends += copies * (sides - 2);
}

/* A piece counts as one river stretch: the sides of its outer border the river crosses. */
static void river_add_piece(struct river_sum *r, const struct tkit_piece *p)
{
        int open = 0;
        bool source = false;
        for (int y = 0; y < p->height; y++)
                for (int x = 0; x < p->width; x++) {
                        const struct tkit_tile *t = tkit_piece_cell_const(p, x, y);
                        for (size_t j = 0; j < t->nfeatures; j++) {
                                const struct tkit_feature *f = &t->features[j];
                                if (f->kind != TKIT_RIVER)
                                        continue;
                                source = source || f->end == TKIT_END_SOURCE;
                                for (int sd = 0; sd < 4; sd++) {
                                        if (!(f->mask & (1u << TKIT_POS(sd, TKIT_M))))
                                                continue;
                                        int nx = x + (sd == TKIT_E) - (sd == TKIT_W);
                                        int ny = y + (sd == TKIT_S) - (sd == TKIT_N);
                                        open +=
                                            nx < 0 || ny < 0 || nx >= p->width || ny >= p->height;
                                }
                        }
                }
        if (!open)
                return;
        r->tiles += p->count;
        r->sources += source ? p->count : 0;
        r->ends += p->count * (open - 2);
}

static void river_add_set(struct river_sum *r, const struct tkit_set *s)
{
        for (size_t i = 0; i < s->ntiles; i++)
                river_add(r, &s->tiles[i], s->tiles[i].count);
        for (size_t i = 0; i < s->npieces; i++)
                river_add_piece(r, &s->pieces[i]);
}

/* River tiles without a source among the set and the sets it requires are used only when a
 * river source is in play (Castles & Bridges rulebook, C3.1 2025, Romanian: the new river tile
 * is shuffled in if you play with the River): they join the river of the loaded sets that have a
 * source, or, with none loaded, stay in the box. Returns false when no source is loaded. */
static bool join_loaded_river(struct river_sum *all, const struct tkit_set *const *v, size_t n,
                              const struct tkit_setlist *ctx)
{
        bool found = false;
        for (size_t i = 0; ctx && i < ctx->n; i++) {
                struct river_sum one = {0, 0, 0};
                river_add_set(&one, ctx->sets[i]);
                bool counted = false;
                for (size_t k = 0; k < n; k++)
                        counted = counted || v[k] == ctx->sets[i];
                if (!one.sources || counted)
                        continue;
                all->sources += one.sources;
                all->ends += one.ends;
                all->tiles += one.tiles;
                found = true;
        }
        return found;
}

static void check_river(struct tkit_ck *c, const struct tkit_setlist *ctx)
{
        const struct tkit_set *s = c->set;
        struct river_sum own = {0, 0, 0};
        river_add_set(&own, s);
        if (!own.tiles)
                return;
        const struct tkit_set **v = NULL;
        size_t n = 0;
        const char *missing = NULL;
        if (!companions(s, ctx, &v, &n, &missing)) {
                if (c->options & TKIT_CHECK_VERBOSE)
                        tkit_ck_report(c, TKIT_SEV_NOTE, s->line, TKIT_CR_RIVER_CHAIN,
                                       "river chain not checked: the required set '%s' is not "
                                       "loaded",
                                       missing);
                free(v);
                return;
        }
        struct river_sum all = own;
        /* Only required sets join the river: unrelated sets in the same run do not. */
        for (size_t k = 1; s->nrequires && k < n; k++)
                river_add_set(&all, v[k]);
        const char *with = s->nrequires ? " (with the sets it requires)" : "";
        if (!all.sources) {
                with = " (with the river sources loaded)";
                if (!join_loaded_river(&all, v, s->nrequires ? n : 1, ctx)) {
                        if (c->options & TKIT_CHECK_VERBOSE)
                                tkit_ck_report(c, TKIT_SEV_NOTE, s->line, TKIT_CR_RIVER_CHAIN,
                                               "no river source in play: the %d river tile%s "
                                               "stay%s in the box",
                                               own.tiles, own.tiles == 1 ? "" : "s",
                                               own.tiles == 1 ? "s" : "");
                        free(v);
                        return;
                }
        }
        free(v);
        if (all.sources != 1)
                tkit_ck_report(c, TKIT_SEV_ERROR, s->line, TKIT_CR_RIVER_CHAIN,
                               "the river has %d sources%s: it needs exactly one", all.sources,
                               with);
        else if (all.ends != -2)
                tkit_ck_report(c, TKIT_SEV_ERROR, s->line, TKIT_CR_RIVER_CHAIN,
                               "the river tiles%s cannot close: their ends add up to %d, a river "
                               "from one source to its lakes adds up to -2 (%s)",
                               with, all.ends,
                               all.ends > -2 ? "a lake is missing" : "too many lakes or ends");
}

/* ------------------------------------------------------------------ sides */

static void side_counts(const struct tkit_set *s, long counts[4], int first_side[4],
                        const char **first_tile)
{
        for (size_t i = 0; i < s->ntiles; i++) {
                const struct tkit_tile *t = &s->tiles[i];
                for (int sd = 0; sd < 4; sd++) {
                        enum tkit_side_type ty = tkit_tile_side(t, sd);
                        if (first_tile && !counts[ty]) {
                                first_tile[ty] = t->id;
                                first_side[ty] = t->line;
                        }
                        counts[ty] += t->count;
                }
        }
        for (size_t i = 0; i < s->npieces; i++) {
                const struct tkit_piece *p = &s->pieces[i];
                for (int y = 0; y < p->height; y++)
                        for (int x = 0; x < p->width; x++)
                                for (int sd = 0; sd < 4; sd++) {
                                        int nx = x + (sd == TKIT_E) - (sd == TKIT_W);
                                        int ny = y + (sd == TKIT_S) - (sd == TKIT_N);
                                        if (nx >= 0 && ny >= 0 && nx < p->width && ny < p->height)
                                                continue;
                                        enum tkit_side_type ty =
                                            tkit_tile_side(tkit_piece_cell_const(p, x, y), sd);
                                        if (first_tile && !counts[ty]) {
                                                first_tile[ty] = p->id;
                                                first_side[ty] = p->line;
                                        }
                                        counts[ty] += p->count;
                                }
        }
}

static void check_sides(struct tkit_ck *c, const struct tkit_setlist *ctx)
{
        const struct tkit_set *s = c->set;
        const struct tkit_set **v = NULL;
        size_t n = 0;
        const char *missing = NULL;
        if (!companions(s, ctx, &v, &n, &missing)) {
                if (c->options & TKIT_CHECK_VERBOSE)
                        tkit_ck_report(c, TKIT_SEV_NOTE, s->line, TKIT_CR_SIDE_MATCH,
                                       "sides not checked: the required set '%s' is not loaded",
                                       missing);
                free(v);
                return;
        }
        long own[4] = {0}, all[4] = {0};
        int line[4] = {0};
        const char *tile[4] = {NULL};
        side_counts(s, own, line, tile);
        for (size_t k = 1; k < n; k++)
                side_counts(v[k], all, line, NULL);
        free(v);
        for (int ty = 0; ty < 4; ty++)
                if (own[ty] == 1 && all[ty] == 0) {
                        c->tile = tile[ty];
                        tkit_ck_report(c, TKIT_SEV_WARNING, line[ty], TKIT_CR_SIDE_MATCH,
                                       "the only %s side among all tiles in play: it can never "
                                       "be matched",
                                       tkit_side_type_name((enum tkit_side_type)ty));
                        c->tile = NULL;
                }
}

/* ------------------------------------------------------------------ duplicates, references */

struct type_key {
        char *key;
        size_t tile;
};

static int cmp_type_key(const void *a, const void *b)
{
        const struct type_key *x = a, *y = b;
        int c = strcmp(x->key, y->key);
        return c ? c : (x->tile > y->tile) - (x->tile < y->tile);
}

/* Tiles sorted by a rotation-free key: each tile after the first of its key repeats that one. */
static void check_dups(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        struct type_key *v = tkit_xcalloc(s->ntiles + 1, sizeof *v);
        size_t *first = tkit_xcalloc(s->ntiles + 1, sizeof *first);
        for (size_t i = 0; i < s->ntiles; i++)
                v[i] = (struct type_key){tkit_tile_type_key(&s->tiles[i], TKIT_SAME_MARKERS), i};
        qsort(v, s->ntiles, sizeof *v, cmp_type_key);
        for (size_t i = 0; i < s->ntiles; i++) {
                bool same = i > 0 && strcmp(v[i].key, v[i - 1].key) == 0;
                first[v[i].tile] = same ? first[v[i - 1].tile] : v[i].tile;
        }
        for (size_t i = 0; i < s->ntiles; i++) {
                size_t j = first[i];
                int r = j == i ? -1
                               : tkit_tile_same_type(&s->tiles[j], &s->tiles[i], TKIT_SAME_MARKERS);
                if (r < 0)
                        continue;
                c->tile = s->tiles[i].id;
                tkit_ck_report(c, TKIT_SEV_WARNING, s->tiles[i].line, TKIT_CR_TYPE_DUP,
                               "same type as tile '%s' (line %d) turned %d° clockwise",
                               s->tiles[j].id, s->tiles[j].line, 90 * r);
                c->tile = NULL;
        }
        for (size_t i = 0; i < s->ntiles; i++)
                free(v[i].key);
        free(v);
        free(first);
}

static void check_refs(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        for (size_t i = 0; i < s->nextra; i++) {
                const struct tkit_attr *a = &s->extra[i];
                if (strcmp(a->name, "jcz-ref") != 0)
                        continue;
                /* The value is "TILE count=N" (formats/jcz.c). */
                const char *sp = strstr(a->value, " count=");
                int len = sp ? (int)(sp - a->value) : (int)strlen(a->value);
                tkit_ck_report(c, TKIT_SEV_ERROR, a->line, TKIT_CR_JCZ_REF,
                               "tile-set refers to tile '%.*s'%s (count %s), defined in none of "
                               "the files read: the set cannot be built without it; give the "
                               "file that defines '%.*s' too",
                               len > 80 ? 80 : len, a->value, len > 80 ? "..." : "",
                               sp ? sp + 7 : "?", len > 80 ? 80 : len, a->value);
        }
}

/* ------------------------------------------------------------------ pieces */

static const char *cell_label(const struct tkit_piece *p, int x, int y, char *buf)
{
        const struct tkit_tile *t = tkit_piece_cell_const(p, x, y);
        if (t->id && t->id[0])
                return t->id; /* "fort@1,0", as the model names cells */
        snprintf(buf, 96, "%s@%d,%d", p->id, x, y);
        return buf;
}

static void check_seam(struct tkit_ck *c, const struct tkit_piece *p, int x, int y, int side)
{
        int nx = x + (side == TKIT_E), ny = y + (side == TKIT_S);
        const struct tkit_tile *a = tkit_piece_cell_const(p, x, y);
        const struct tkit_tile *b = tkit_piece_cell_const(p, nx, ny);
        int other = (side + 2) % 4;
        char la[96], lb[96];
        enum tkit_side_type ta = tkit_tile_side(a, side), tb = tkit_tile_side(b, other);
        if (!tkit_sides_compatible(ta, tb)) {
                tkit_ck_report(c, TKIT_SEV_ERROR, a->line ? a->line : p->line, TKIT_CR_PIECE_SEAM,
                               "cell %s shows %s on side %c, but cell %s shows %s facing it",
                               cell_label(p, x, y, la), tkit_side_type_name(ta),
                               tkit_side_letter(side), cell_label(p, nx, ny, lb),
                               tkit_side_type_name(tb));
                return;
        }
        for (int part = 0; part < 3; part++) {
                int pa = TKIT_POS(side, part), pb = tkit_pos_facing(pa);
                int oa = tkit_tile_owner(a, pa, false), ob = tkit_tile_owner(b, pb, false);
                if (oa < 0 || ob < 0)
                        continue;
                const struct tkit_feature *fa = &a->features[oa], *fb = &b->features[ob];
                if (fa->kind == fb->kind && strcmp(fa->id, fb->id) == 0)
                        continue;
                tkit_ck_report(c, TKIT_SEV_ERROR, fb->line ? fb->line : p->line, TKIT_CR_PIECE_SEAM,
                               "%s '%s' of cell %s meets %s '%s' of cell %s at %s: a feature "
                               "crossing a seam has the same id in both cells",
                               tkit_feature_kind_name(fa->kind), fa->id, cell_label(p, x, y, la),
                               tkit_feature_kind_name(fb->kind), fb->id, cell_label(p, nx, ny, lb),
                               tkit_pos_name(pa));
        }
}

static const enum tkit_check_rule r_posts = TKIT_CR_PIECE_POSTS;

/* The face of piece `p` in play with `players` players (5 = 5 or more), or NULL. */
static const struct tkit_face *face_for(const struct tkit_piece *p, int players)
{
        for (size_t i = 0; i < p->nfaces; i++) {
                const struct tkit_face *f = &p->faces[i];
                int lo = f->min_players < 2 ? 2 : f->min_players;
                int hi = f->max_players == 0 || f->max_players > 5 ? 5 : f->max_players;
                if (players >= lo && players <= hi)
                        return f;
        }
        return NULL;
}

static void check_faces(struct tkit_ck *c, const struct tkit_piece *p)
{
        enum tkit_check_rule r = TKIT_CR_PIECE_POSTS;
        if (!p->nfaces) {
                if (c->set->rules & TKIT_RULES_FORTRESS)
                        tkit_ck_report(c, TKIT_SEV_ERROR, p->line, r,
                                       "piece has no faces with defense posts");
                return;
        }
        int covered[6] = {0}; /* players 2..5 (5 = 5+) */
        for (size_t i = 0; i < p->nfaces; i++) {
                const struct tkit_face *f = &p->faces[i];
                int lo = f->min_players < 2 ? 2 : f->min_players;
                int hi = f->max_players == 0 || f->max_players > 5 ? 5 : f->max_players;
                for (size_t j = 0; j < f->nposts; j++) {
                        const struct tkit_post_def *po = &f->posts[j];
                        const char *name = tkit_post_name(po->kind);
                        for (int pl = lo; pl <= hi; pl++)
                                if (tkit_post_row_spaces(po, pl) <= 0)
                                        tkit_ck_report(c, TKIT_SEV_ERROR, po->line, r,
                                                       "face '%s': the %s post has no row space "
                                                       "with %d%s players",
                                                       f->id, name, pl, pl == 5 ? "+" : "");
                        if (po->meeple < 1 || po->catapult < 1)
                                tkit_ck_report(c, TKIT_SEV_ERROR, po->line, r,
                                               "face '%s': the %s post needs a meeple space and a "
                                               "catapult space",
                                               f->id, name);
                }
                for (int pl = lo; pl <= hi; pl++)
                        covered[pl]++;
        }
        for (int pl = 2; pl <= 5; pl++)
                if (covered[pl] != 1)
                        tkit_ck_report(c, TKIT_SEV_ERROR, p->line, r,
                                       "%d faces are for %d%s players: exactly one must be",
                                       covered[pl], pl, pl == 5 ? "+" : "");
}

/* With every player count, the faces in play hold one post of each kind between them. */
static void check_posts_total(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        bool faces = false;
        for (size_t i = 0; i < s->npieces; i++)
                faces = faces || s->pieces[i].nfaces;
        if (!faces)
                return;
        for (int pl = 2; pl <= 5; pl++)
                for (int k = TKIT_POST_KNIGHTS; k <= TKIT_POST_MONKS; k++) {
                        int n = 0;
                        for (size_t i = 0; i < s->npieces; i++) {
                                const struct tkit_face *f = face_for(&s->pieces[i], pl);
                                for (size_t j = 0; f && j < f->nposts; j++)
                                        n += s->pieces[i].count * ((int)f->posts[j].kind == k);
                        }
                        if (n != 1)
                                tkit_ck_report(c, TKIT_SEV_ERROR, s->pieces[0].line, r_posts,
                                               "with %d%s players the pieces show %d %s posts: "
                                               "there must be exactly one",
                                               pl, pl == 5 ? "+" : "", n,
                                               tkit_post_name((enum tkit_post)k));
                }
}

static void check_pieces(struct tkit_ck *c)
{
        const struct tkit_set *s = c->set;
        for (size_t i = 0; i < s->npieces; i++) {
                const struct tkit_piece *p = &s->pieces[i];
                c->tile = p->id;
                for (int y = 0; y < p->height; y++)
                        for (int x = 0; x < p->width; x++) {
                                if (x + 1 < p->width)
                                        check_seam(c, p, x, y, TKIT_E);
                                if (y + 1 < p->height)
                                        check_seam(c, p, x, y, TKIT_S);
                        }
                check_faces(c, p);
                c->tile = NULL;
        }
        check_posts_total(c);
}

void tkit_check_set_rules(struct tkit_ck *c, const struct tkit_setlist *context)
{
        if (!c->jcz) {
                check_manifest(c);
                check_tokens(c);
                check_modules(c);
                check_start(c);
                check_pieces(c);
        } else {
                check_refs(c);
        }
        check_river(c, context);
        check_sides(c, context);
        check_dups(c);
}
