/* A hash index from strings to array positions. It stores only positions and hashes: the keys
 * stay in the caller's array (a tile's id, a name's language), read back through a callback, so
 * nothing is copied and an entry never outlives or disagrees with its element. */
#include "base/tkit-base.h"

#include <stdlib.h>
#include <string.h>

uint32_t tkit_hash_str(const char *s)
{
        uint32_t h = 2166136261u; /* FNV-1a */
        for (const unsigned char *p = (const unsigned char *)s; *p; p++)
                h = (h ^ *p) * 16777619u;
        return h;
}

void tkit_index_init(struct tkit_index *x)
{
        memset(x, 0, sizeof *x);
}

void tkit_index_finish(struct tkit_index *x)
{
        free(x->slot);
        free(x->hash);
        tkit_index_init(x);
}

static void put(struct tkit_index *x, uint32_t h, size_t value)
{
        size_t i = h & (x->cap - 1);
        while (x->slot[i])
                i = (i + 1) & (x->cap - 1);
        x->slot[i] = value + 1;
        x->hash[i] = h;
}

static void grow(struct tkit_index *x)
{
        struct tkit_index old = *x;
        x->cap = old.cap ? old.cap * 2 : 16;
        x->slot = tkit_xcalloc(x->cap, sizeof *x->slot);
        x->hash = tkit_xcalloc(x->cap, sizeof *x->hash);
        for (size_t i = 0; i < old.cap; i++)
                if (old.slot[i])
                        put(x, old.hash[i], old.slot[i] - 1);
        free(old.slot);
        free(old.hash);
}

long tkit_index_find_hash(const struct tkit_index *x, uint32_t h,
                          bool (*match)(const void *ctx, size_t position), const void *ctx)
{
        long best = -1;
        if (!x->cap)
                return best;
        /* growing reorders a probe chain, so the smallest position matching wins, not the first */
        for (size_t i = h & (x->cap - 1); x->slot[i]; i = (i + 1) & (x->cap - 1))
                if (x->hash[i] == h && (best < 0 || x->slot[i] - 1 < (size_t)best) &&
                    match(ctx, x->slot[i] - 1))
                        best = (long)(x->slot[i] - 1);
        return best;
}

struct key_match {
        const char *key;
        const char *(*key_of)(const void *ctx, size_t position);
        const void *ctx;
};

static bool same_key(const void *ctx, size_t position)
{
        const struct key_match *m = ctx;
        const char *k = m->key_of(m->ctx, position);
        return k && strcmp(k, m->key) == 0;
}

long tkit_index_find(const struct tkit_index *x, const char *key,
                     const char *(*key_of)(const void *ctx, size_t position), const void *ctx)
{
        if (!key)
                return -1;
        struct key_match m = {key, key_of, ctx};
        return tkit_index_find_hash(x, tkit_hash_str(key), same_key, &m);
}

void tkit_index_add_hash(struct tkit_index *x, uint32_t h, size_t position)
{
        if (2 * (x->n + 1) > x->cap)
                grow(x);
        put(x, h, position);
        x->n++;
}

void tkit_index_add(struct tkit_index *x, const char *key, size_t position)
{
        tkit_index_add_hash(x, tkit_hash_str(key ? key : ""), position);
}
