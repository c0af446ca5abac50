/* libFuzzer target for the chapter reader of tilekit book (book/tkit-book.h, docs/book.md): any
 * bytes are read as a chapter; every finding of the reader sits at a line and column inside the
 * text; the chapter is resolved against the scenes of scenes/ (served from memory by their file
 * name, so the input names no file that is read) and the bundled tile sets; a chapter that
 * resolves with few pictures is written as HTML (and, when short, as PDF), which must succeed and
 * hold one <figure> per picture. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book/tkit-book.h"
#include "fuzz-sets.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
const char *__lsan_default_suppressions(void);

/* Font caches that live as long as the process (tilekit book frees cairo's at exit with
 * tkit_render_cleanup(), which a fuzzer cannot call between inputs): cairo's toy font faces and
 * fontconfig's patterns, made again whenever a chapter's text needs a character no font seen so
 * far has. LeakSanitizer sees them as lost; nothing else is suppressed. Fontconfig is matched by
 * its module: ASan's fast unwinder (frame pointers; the slow one, needed to see the frames
 * inside these libraries, took three quarters of the time) stops at its first frame there, and
 * tilekit calls fontconfig only to start and end it (render/common.c). A leak of cairo's own objects (patterns, surfaces) is
 * still reported. */
const char *__lsan_default_suppressions(void)
{
        return "leak:cairo_toy_font_face_create\nleak:libfontconfig.so\n";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What is written, and when: drawing the scenes is most of the time an input takes (the area
 * map of every tile, in HTML and again in PDF), so chapters are written only while small. */
enum {
        FUZZ_HTML_PICTURES = 3, /* HTML: chapters of up to 3 pictures (ids across pictures) */
        FUZZ_PDF_PICTURES = 1,  /* PDF: up to 1 picture ... */
        FUZZ_PDF_BYTES = 2048,  /* ... in up to 2 KB of text */
};

/* What the writes share (the tiles' maps, the hyphenation patterns), kept across inputs, since the
 * sets live as long as the process: most of the time of a write went to reading the same
 * patterns and working out the same tiles again. Made anew every CACHE_INPUTS inputs, because each new tile size adds figure spots to it. */
enum { CACHE_INPUTS = 2000 };
static struct tkit_book_cache *cache;
static size_t cache_uses;

static struct tkit_setlist sets;
static struct tkit_scene **scenes;
static char **names;
static size_t nscenes, capscenes, capnames, nnames;

/* Every scene of DIR/../scenes, kept by file name. */
static void read_scenes(const char *tiles)
{
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/../scenes", tiles);
        DIR *dh = opendir(dir);
        if (!dh)
                abort();
        for (struct dirent *e; (e = readdir(dh)) != NULL;) {
                size_t n = strlen(e->d_name);
                if (n < 5 || strcmp(e->d_name + n - 4, ".xml") != 0)
                        continue;
                char path[8192];
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                struct tkit_diags d;
                tkit_diags_init(&d);
                struct tkit_scene *s = tkit_scene_read_file(path, &d, NULL);
                tkit_diags_finish(&d);
                if (!s)
                        continue; /* scene.rng and the like */
                *TKIT_PUSH(scenes, nscenes, capscenes) = s;
                *TKIT_PUSH(names, nnames, capnames) = tkit_xstrdup(e->d_name);
        }
        closedir(dh);
        if (!nscenes)
                abort();
}

static void write_and_check(struct tkit_book *b, const struct tkit_book_options *o,
                            enum tkit_book_format fmt, size_t pictures);
static struct tkit_scene *load(void *ctx, const char *path, struct tkit_diags *d);

/* cairo and fontconfig keep their fonts for the life of the process: made once here, they do not
 * count as leaks of the first input that draws text. */
static void warm_up(void)
{
        static const char md[] = "# Warm *up* **now** `code`\n\n"
                                 "![](cb-example-2.xml \"view=after\")\n\n"
                                 "![](sd-example-8.xml)\n\n"
                                 "> `=cb-example-2:points:you` [x](y)\n";
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_book *b = tkit_book_read(md, sizeof md - 1, "warm.md", &d);
        struct tkit_book_options o;
        tkit_book_options_init(&o);
        o.load = load;
        o.tile_mm = 8;
        o.cache = cache;
        if (tkit_book_resolve(b, &o, sets.sets, sets.n, &d) != 0)
                abort();
        write_and_check(b, &o, TKIT_BOOK_HTML, 2);
        write_and_check(b, &o, TKIT_BOOK_PDF, 2);
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
        (void)argc;
        (void)argv;
        const char *dir = fuzz_read_tilesets(&sets);
        read_scenes(dir);
        cache = tkit_book_cache_new();
        warm_up();
        return 0;
}

/* The loader of the book: a copy of the scene whose file name ends the path, else an error. */
static struct tkit_scene *load(void *ctx, const char *path, struct tkit_diags *d)
{
        (void)ctx;
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        for (size_t i = 0; i < nscenes; i++)
                if (strcmp(names[i], base) == 0)
                        return tkit_scene_copy(scenes[i]);
        tkit_diags_add(d, TKIT_SEV_ERROR, path, 0, NULL, NULL, NULL, "no such scene");
        return NULL;
}

static size_t count_lines(const uint8_t *data, size_t size)
{
        size_t n = 1;
        for (size_t i = 0; i < size; i++)
                n += data[i] == '\n' || (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n'));
        return n;
}

/* A block taller than a page once typeset is known only when the PDF is set (docs/book.md,
 * BOOK-LIMIT): a refusal, not a failure to write, when every finding says so at a line. */
static bool refused_for_height(const struct tkit_diags *d)
{
        for (size_t i = 0; i < d->n; i++)
                if (!d->v[i].rule || strcmp(d->v[i].rule, "BOOK-LIMIT") != 0 || d->v[i].line < 1)
                        return false;
        return d->n > 0;
}

static void write_and_check(struct tkit_book *b, const struct tkit_book_options *o,
                            enum tkit_book_format fmt, size_t pictures)
{
        char *out = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&out, &len);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = tkit_book_write(b, o, fmt, f, "fuzz.out", NULL, &d);
        fclose(f);
        if (rc != 0 && fmt == TKIT_BOOK_PDF && refused_for_height(&d)) {
                tkit_diags_finish(&d);
                free(out);
                return;
        }
        if (rc != 0 || len == 0) {
                fprintf(stderr, "fuzz-book: a resolved chapter was not written (%d)\n", rc);
                __builtin_trap();
        }
        if (fmt == TKIT_BOOK_HTML) {
                size_t figures = 0;
                for (const char *s = strstr(out, "<figure "); s; s = strstr(s + 1, "<figure "))
                        figures++;
                if (figures != pictures || strncmp(out, "<!DOCTYPE html>", 15) != 0)
                        __builtin_trap();
        } else if (strncmp(out, "%PDF-", 5) != 0) {
                __builtin_trap();
        }
        tkit_diags_finish(&d);
        free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        d.limit = 0;
        struct tkit_book *b = tkit_book_read((const char *)data, size, "fuzz.md", &d);
        size_t lines = count_lines(data, size);
        for (size_t i = 0; i < d.n; i++) /* every finding of the reader points into the text */
                if (d.v[i].line < 1 || (size_t)d.v[i].line > lines || d.v[i].column < 1 ||
                    (size_t)d.v[i].column > size + 1)
                        __builtin_trap();
        struct tkit_book_options o;
        tkit_book_options_init(&o);
        o.load = load;
        o.tile_mm = 8; /* small pictures: faster */
        if (++cache_uses % CACHE_INPUTS == 0) {
                tkit_book_cache_free(cache);
                cache = tkit_book_cache_new();
        }
        o.cache = cache;
        if (tkit_book_resolve(b, &o, sets.sets, sets.n, &d) == 0) {
                struct tkit_book_stats st;
                tkit_book_stats(b, &st);
                if (st.pictures <= FUZZ_HTML_PICTURES)
                        write_and_check(b, &o, TKIT_BOOK_HTML, st.pictures);
                if (st.pictures <= FUZZ_PDF_PICTURES && size <= FUZZ_PDF_BYTES)
                        write_and_check(b, &o, TKIT_BOOK_PDF, st.pictures);
        } else if (d.errors == 0) {
                __builtin_trap(); /* refused without saying why */
        }
        tkit_book_destroy(b);
        tkit_diags_finish(&d);
        return 0;
}
