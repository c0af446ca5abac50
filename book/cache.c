/* What the writes of a book share (book/tkit-book.h, struct tkit_book_cache): the pictures' tile
 * maps (render's cache) and the hyphenation patterns of each language, read once instead of once
 * a write (reading the patterns took most of the time of a short chapter's PDF). */
#include "book/book-private.h"

#include "render/tkit-render.h"

#include <stdlib.h>
#include <string.h>

struct hyph_entry {
        char *lang;
        struct book_hyph *h; /* NULL: no patterns for it (looked for once) */
};

struct tkit_book_cache {
        struct tkit_render_cache *maps;
        struct hyph_entry *hyph;
        size_t nhyph, caphyph;
};

struct tkit_book_cache *tkit_book_cache_new(void)
{
        struct tkit_book_cache *c = tkit_xcalloc(1, sizeof *c);
        c->maps = tkit_render_cache_new();
        return c;
}

void tkit_book_cache_free(struct tkit_book_cache *c)
{
        if (!c)
                return;
        tkit_render_cache_free(c->maps);
        for (size_t i = 0; i < c->nhyph; i++) {
                free(c->hyph[i].lang);
                tkit_book_hyph_close(c->hyph[i].h);
        }
        free(c->hyph);
        free(c);
}

struct tkit_render_cache *tkit_book_cache_maps(struct tkit_book_cache *c)
{
        return c ? c->maps : NULL;
}

struct book_hyph *tkit_book_cache_hyph(struct tkit_book_cache *c, const char *lang)
{
        for (size_t i = 0; i < c->nhyph; i++)
                if (strcmp(c->hyph[i].lang, lang) == 0)
                        return c->hyph[i].h;
        struct hyph_entry *e = TKIT_PUSH(c->hyph, c->nhyph, c->caphyph);
        e->lang = tkit_xstrdup(lang);
        e->h = tkit_book_hyph_open(lang);
        return e->h;
}
