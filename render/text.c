/* Every text of every picture through Pango (PangoCairo), as the book sets its pages: shaping,
 * measuring and line breaking come from the library. A cairo context carries the font of the
 * texts drawn next (tkit_render_font). A text is shaped once in the process, kept with its glyphs
 * (a cache, guarded for threads), and drawn with cairo_show_glyphs. One font map serves the whole
 * process (tkit_render_font_map). */
#include "render/render-private.h"

#include <pango/pangocairo.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* LeakSanitizer's suppressions for a program that draws (read only in a sanitizer build). Once
 * Pango has its font map, fontconfig is left to the end of the process (tkit_render_cleanup),
 * with the configuration it parsed held where LeakSanitizer does not look, as valgrind's
 * suppression in tests/valgrind.supp says too. Only fontconfig's own allocations are named; a
 * leaked cairo or Pango object is still reported through its own. Weak, so that a program with
 * suppressions of its own (fuzz/fuzz-book.c) keeps them. */
const char *__lsan_default_suppressions(void);
__attribute__((used, weak)) const char *__lsan_default_suppressions(void)
{
        return "leak:libfontconfig.so\n";
}

PangoFontMap *tkit_render_font_map(void)
{
        /* Never freed: a freed map is finished by Pango's own thread, which raced with the end of
         * the process (render/common.c, tkit_render_fonts_shared). One map also keeps the fonts
         * loaded from one picture to the next. */
        static PangoFontMap *fm;
        if (!fm) {
                tkit_render_fonts_shared();
                fm = pango_cairo_font_map_new();
                pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(fm), 72);
        }
        return fm;
}

PangoContext *tkit_render_pango_context(void)
{
        PangoContext *pc = pango_font_map_create_context(tkit_render_font_map());
        /* hinting and subpixel order would otherwise come from the user's fontconfig setup */
        cairo_font_options_t *fo = cairo_font_options_create();
        cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
        cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
        cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
        pango_cairo_context_set_font_options(pc, fo);
        cairo_font_options_destroy(fo);
        return pc;
}

/* Pango keeps font sizes in whole 1/1024ths: a picture drawn in tile units (a symbol's "?" is
 * 0.08 units) would lose its sizes to rounding. So every text is shaped at REF units and measured
 * and drawn in a space scaled by size / REF: with the metrics unhinted, a width is the same at
 * every scale. */
#define REF 100.0
/* Texts the process keeps shaped. Past it a text is shaped for its one use and let go: the cap
 * bounds memory (a chapter of thousands of pictures), never what is drawn. */
#define SHAPED_MAX 8192

struct glyph_run {
        cairo_font_face_t *face; /* of the run's font (the kept layout holds it) */
        cairo_glyph_t *glyphs;   /* at REF, from the text's start on its baseline */
        int n;
};

/* A text shaped in one weight: what pango_cairo_show_layout would draw, kept. */
struct shaped {
        char *key; /* 'r' or 'b' (the weight), then the text */
        PangoLayout *layout;
        double width; /* at REF */
        struct glyph_run *runs;
        size_t nruns, capruns;
};

/* The process's texts, shaped. Entries are never changed or freed once made, so a pointer to one
 * stays good without the lock. */
static struct {
        pthread_mutex_t lock;
        PangoContext *pc;
        PangoFontDescription *font[2]; /* regular, bold; at REF */
        PangoLayout *lines;            /* for breaking paragraphs */
        struct shaped **v;
        size_t n, cap;
        struct tkit_index index; /* of v[]->key */
} cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

static PangoFontDescription *font_at_ref(bool bold)
{
        PangoFontDescription *fd = pango_font_description_from_string(RENDER_FONT);
        pango_font_description_set_absolute_size(fd, REF * PANGO_SCALE);
        pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
        return fd;
}

/* Made on first use; the lock held. */
static void cache_init(void)
{
        if (cache.pc)
                return;
        cache.pc = tkit_render_pango_context();
        cache.font[0] = font_at_ref(false);
        cache.font[1] = font_at_ref(true);
        cache.lines = pango_layout_new(cache.pc);
        pango_layout_set_wrap(cache.lines, PANGO_WRAP_WORD);
        tkit_index_init(&cache.index);
}

static const char *shaped_key(const void *ctx, size_t i)
{
        (void)ctx;
        return cache.v[i]->key;
}

/* The glyphs of the layout's one line, run by run, placed from the text's start on its baseline:
 * drawn with cairo_show_glyphs, a text costs what cairo's own text did. */
static void keep_glyphs(struct shaped *sh)
{
        PangoLayoutIter *it = pango_layout_get_iter(sh->layout);
        do {
                PangoLayoutRun *run = pango_layout_iter_get_run_readonly(it);
                if (!run)
                        continue;
                PangoRectangle ext;
                pango_layout_iter_get_run_extents(it, NULL, &ext);
                cairo_scaled_font_t *sf =
                    pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(run->item->analysis.font));
                if (!sf)
                        continue;
                struct glyph_run *gr = TKIT_PUSH(sh->runs, sh->nruns, sh->capruns);
                gr->face = cairo_scaled_font_get_font_face(sf);
                gr->glyphs = tkit_xcalloc((size_t)run->glyphs->num_glyphs + 1, sizeof *gr->glyphs);
                gr->n = 0;
                double x = (double)ext.x / PANGO_SCALE;
                for (int g = 0; g < run->glyphs->num_glyphs; g++) {
                        const PangoGlyphInfo *gi = &run->glyphs->glyphs[g];
                        if (!(gi->glyph & PANGO_GLYPH_UNKNOWN_FLAG) && gi->glyph != PANGO_GLYPH_EMPTY)
                                gr->glyphs[gr->n++] = (cairo_glyph_t){
                                    gi->glyph, x + (double)gi->geometry.x_offset / PANGO_SCALE,
                                    (double)gi->geometry.y_offset / PANGO_SCALE};
                        x += (double)gi->geometry.width / PANGO_SCALE;
                }
        } while (pango_layout_iter_next_run(it));
        pango_layout_iter_free(it);
}

/* `key` (taken) shaped now (the lock held); the caller owns the result. */
static struct shaped *shape(char *key)
{
        struct shaped *sh = tkit_xcalloc(1, sizeof *sh);
        sh->key = key;
        sh->layout = pango_layout_new(cache.pc);
        pango_layout_set_font_description(sh->layout, cache.font[key[0] == 'b']);
        pango_layout_set_text(sh->layout, key + 1, -1);
        PangoRectangle logical;
        pango_layout_get_extents(sh->layout, NULL, &logical);
        sh->width = (double)logical.width / PANGO_SCALE;
        keep_glyphs(sh);
        return sh;
}

static void shaped_free(struct shaped *sh)
{
        for (size_t r = 0; r < sh->nruns; r++)
                free(sh->runs[r].glyphs);
        free(sh->runs);
        free(sh->key);
        g_object_unref(sh->layout);
        free(sh);
}

/* `text` in the weight `bold`: kept, or (*owned set: the caller frees it) shaped for this use
 * only when the cache is full. */
static const struct shaped *shaped(const char *text, bool bold, struct shaped **owned)
{
        /* the key on the stack for a usual text: a hit, the common case, allocates nothing */
        char small[256], *key = small;
        size_t n = strlen(text);
        if (n + 2 > sizeof small)
                key = tkit_xmalloc(n + 2);
        key[0] = bold ? 'b' : 'r';
        memcpy(key + 1, text, n + 1);
        *owned = NULL;
        pthread_mutex_lock(&cache.lock);
        cache_init();
        long i = tkit_index_find(&cache.index, key, shaped_key, NULL);
        struct shaped *sh;
        if (i >= 0) {
                sh = cache.v[i];
                if (key != small)
                        free(key);
        } else {
                sh = shape(key == small ? tkit_xstrdup(small) : key); /* it keeps the key */
                if (cache.n < SHAPED_MAX) {
                        *TKIT_PUSH(cache.v, cache.n, cache.cap) = sh;
                        tkit_index_add(&cache.index, sh->key, cache.n - 1);
                } else {
                        *owned = sh;
                }
        }
        pthread_mutex_unlock(&cache.lock);
        return sh;
}

/* ---------------------------------------------------------------- a context's font */

/* The font a cairo context draws its texts in. */
struct text_font {
        double size;
        bool bold;
};

static const cairo_user_data_key_t font_key;

static struct text_font *font_of(cairo_t *cr)
{
        struct text_font *f = cairo_get_user_data(cr, &font_key);
        if (!f) {
                f = tkit_xcalloc(1, sizeof *f);
                f->size = 10;
                cairo_set_user_data(cr, &font_key, f, free);
        }
        return f;
}

void tkit_render_font(cairo_t *cr, double size, bool bold)
{
        struct text_font *f = font_of(cr);
        f->size = size;
        f->bold = bold;
}

double tkit_render_font_size(cairo_t *cr, bool *bold)
{
        struct text_font *f = font_of(cr);
        if (bold)
                *bold = f->bold;
        return f->size;
}

double tkit_render_text_width(cairo_t *cr, const char *text)
{
        struct text_font *f = font_of(cr);
        struct shaped *owned;
        double w = shaped(text, f->bold, &owned)->width * (f->size / REF);
        if (owned)
                shaped_free(owned);
        return w;
}

void tkit_render_text_show(cairo_t *cr, const char *text)
{
        struct text_font *f = font_of(cr);
        double x, y, k = f->size / REF;
        cairo_get_current_point(cr, &x, &y);
        struct shaped *owned;
        const struct shaped *sh = shaped(text, f->bold, &owned);
        /* cairo_show_text's convention: the current point is on the baseline, and it moves on to
         * the end of the text. The glyphs at REF, scaled to the size and put there. */
        cairo_glyph_t mine[64];
        for (size_t r = 0; r < sh->nruns; r++) {
                const struct glyph_run *gr = &sh->runs[r];
                cairo_glyph_t *g = gr->n <= 64 ? mine : tkit_xmalloc((size_t)gr->n * sizeof *g);
                for (int i = 0; i < gr->n; i++)
                        g[i] = (cairo_glyph_t){gr->glyphs[i].index, x + gr->glyphs[i].x * k,
                                               y + gr->glyphs[i].y * k};
                cairo_set_font_face(cr, gr->face);
                cairo_set_font_size(cr, f->size);
                cairo_show_glyphs(cr, g, gr->n);
                if (g != mine)
                        free(g);
        }
        cairo_move_to(cr, x + sh->width * k, y);
        if (owned)
                shaped_free(owned);
}

size_t tkit_render_text_lines(cairo_t *cr, const char *text, double maxw, const char *lang,
                              void (*fn)(void *ctx, const char *line, size_t len), void *ctx)
{
        struct text_font *f = font_of(cr);
        double k = f->size / REF;
        pthread_mutex_lock(&cache.lock);
        cache_init();
        PangoLayout *l = cache.lines; /* breaking lines needs widths only: at REF, unscaled */
        pango_layout_set_font_description(l, cache.font[f->bold]);
        PangoAttrList *attrs = pango_attr_list_new();
        pango_attr_list_insert(attrs, pango_attr_language_new(pango_language_from_string(lang)));
        pango_layout_set_attributes(l, attrs);
        pango_attr_list_unref(attrs);
        pango_layout_set_width(l, (int)(maxw / k * PANGO_SCALE));
        pango_layout_set_text(l, text, -1);
        int n = pango_layout_get_line_count(l);
        size_t *cut = tkit_xcalloc((size_t)n * 2 + 1, sizeof *cut);
        for (int i = 0; i < n; i++) {
                const PangoLayoutLine *line = pango_layout_get_line_readonly(l, i);
                size_t start = (size_t)line->start_index, len = (size_t)line->length;
                while (len && text[start + len - 1] == ' ') /* the space the line ends with */
                        len--;
                cut[2 * i] = start;
                cut[2 * i + 1] = len;
        }
        pango_layout_set_attributes(l, NULL);
        pango_layout_set_text(l, "", 0);
        pthread_mutex_unlock(&cache.lock);
        for (int i = 0; i < n; i++) /* outside the lock: `fn` may measure */
                fn(ctx, text + cut[2 * i], cut[2 * i + 1]);
        free(cut);
        return (size_t)n;
}
