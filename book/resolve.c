/* Resolving a chapter: each scene it names read and applied once, every value computed and every
 * assertion checked, every picture given its caption. Every problem is reported at its place in
 * the chapter (BOOK-* rules, docs/book.md); the scenes' own findings keep their FILE:LINE. */
#include "book/book-private.h"

#include "formats/tkit-formats.h"
#include "render/tkit-render.h"

#include <stdlib.h>
#include <string.h>

static const char *scene_key(const void *ctx, size_t i)
{
        return ((const struct tkit_book *)ctx)->scenes[i].path;
}

static struct tkit_scene *load_file(void *ctx, const char *path, struct tkit_diags *d)
{
        (void)ctx;
        return tkit_scene_read_file(path, d, NULL);
}

struct resolver {
        struct tkit_book *b;
        const struct tkit_book_options *o;
        struct tkit_diags *d;     /* the chapter's findings, sorted by place at the end */
        struct tkit_diags *found; /* the caller's sink: the scenes' own findings go here */
        struct tkit_index by_path;
};

static char *scene_path(const struct resolver *rs, const char *target)
{
        if (target[0] == '/')
                return tkit_xstrdup(target);
        const char *base = rs->o->base_dir;
        if (!base)
                return tkit_xasprintf("%s%s", rs->b->dir, target);
        size_t n = strlen(base);
        return tkit_xasprintf("%s%s%s", base, n && base[n - 1] != '/' ? "/" : "", target);
}

/* Reads and applies the scene `target` names, once per path; returns its index. Its own
 * findings (SCENE-*, with its FILE:LINE) go to the sink as they are. */
static int scene_for(struct resolver *rs, const char *target)
{
        struct tkit_book *b = rs->b;
        char *path = scene_path(rs, target);
        long k = tkit_index_find(&rs->by_path, path, scene_key, b);
        if (k >= 0) {
                free(path);
                return (int)k;
        }
        struct book_scene *s = TKIT_PUSH(b->scenes, b->nscenes, b->capscenes);
        memset(s, 0, sizeof *s);
        s->path = path;
        tkit_game_result_init(&s->r);
        tkit_index_add(&rs->by_path, path, b->nscenes - 1);
        tkit_book_load_fn load = rs->o->load ? rs->o->load : load_file;
        s->scene = load(rs->o->load_ctx, path, rs->found);
        s->state = BOOK_SCENE_MISSING;
        if (s->scene)
                s->state =
                    tkit_game_apply(s->scene, b->sets, b->nsets, false, &s->r, rs->found) != 0
                        ? BOOK_SCENE_ILLEGAL
                    : tkit_game_check_expect(s->scene, &s->r, rs->found) != 0 ? BOOK_SCENE_EXPECT
                                                                              : BOOK_SCENE_OK;
        return (int)(b->nscenes - 1);
}

/* Why a scene cannot be used, at a picture or value that names it. */
static void scene_error(struct resolver *rs, int line, int column, const struct book_scene *s)
{
        static const char *const why[] = {
            [BOOK_SCENE_MISSING] = "cannot be read",
            [BOOK_SCENE_ILLEGAL] = "is illegal",
            [BOOK_SCENE_EXPECT] = "does not score as its <expect> says",
        };
        static const enum book_rule rule[] = {
            [BOOK_SCENE_MISSING] = BOOK_R_SCENE_MISSING,
            [BOOK_SCENE_ILLEGAL] = BOOK_R_SCENE_ILLEGAL,
            [BOOK_SCENE_EXPECT] = BOOK_R_SCENE_EXPECT,
        };
        tkit_diags_add_at(rs->d, TKIT_SEV_ERROR, rs->b->file, line, column,
                          tkit_book_rule_id(rule[s->state]),
                          "scene %s %s (see its findings)", s->path, why[s->state]);
}

/* The scene's caption in exactly the chapter's language: a caption in another language is an
 * error, never a silent fallback (the alt text is the way to give one). */
static const char *caption_in(const struct tkit_scene *s, const char *lang)
{
        for (size_t i = 0; i < s->ncaptions; i++)
                if (s->captions[i].lang && strcmp(s->captions[i].lang, lang) == 0)
                        return s->captions[i].text;
        return NULL;
}

static void resolve_picture(struct resolver *rs, struct book_picture *p)
{
        p->scene = scene_for(rs, p->target);
        const struct book_scene *s = &rs->b->scenes[p->scene];
        if (s->state != BOOK_SCENE_OK) {
                scene_error(rs, p->line, p->column, s);
                return;
        }
        char *alt = tkit_book_plain_text(rs->b, p->image);
        const char *lang = tkit_book_lang(rs->b, rs->o);
        const char *cap = caption_in(s->scene, lang);
        if (alt[0]) {
                p->caption = alt;
                return;
        }
        free(alt);
        if (cap)
                p->caption = tkit_xstrdup(cap);
        else
                tkit_diags_add_at(rs->d, TKIT_SEV_ERROR, rs->b->file, p->line, p->column,
                                  tkit_book_rule_id(BOOK_R_CAPTION),
                                  "scene %s has no caption in '%s': add <caption lang=\"%s\"> "
                                  "to it or give the caption as the picture's alt text",
                                  s->scene->id, lang, lang);
}

static bool ends_with_xml(const char *s)
{
        size_t n = strlen(s);
        return n > 4 && strcmp(s + n - 4, ".xml") == 0;
}

/* A value's scene: a file (…xml), else the scene of a picture with that id. */
static int value_scene(struct resolver *rs, struct book_value *v)
{
        if (ends_with_xml(v->scene_ref))
                return scene_for(rs, v->scene_ref);
        const struct tkit_book *b = rs->b;
        for (size_t i = 0; i < b->npictures; i++) {
                int k = b->pictures[i].scene;
                if (k >= 0 && b->scenes[k].scene &&
                    strcmp(b->scenes[k].scene->id, v->scene_ref) == 0)
                        return k;
        }
        tkit_diags_add_at(rs->d, TKIT_SEV_ERROR, b->file, v->line, v->column, tkit_book_rule_id(BOOK_R_VALUE_SCENE),
                          "`%s`: no picture of a scene '%s' in this chapter; name a scene file "
                          "instead (`=../scenes/%s.xml:%s`)",
                          v->text, v->scene_ref, v->scene_ref, v->path);
        return -1;
}

static void resolve_value(struct resolver *rs, struct book_value *v)
{
        v->scene = value_scene(rs, v);
        if (v->scene < 0)
                return;
        const struct book_scene *s = &rs->b->scenes[v->scene];
        if (s->state != BOOK_SCENE_OK) {
                scene_error(rs, v->line, v->column, s);
                return;
        }
        char *why = NULL;
        if (tkit_book_value(s->scene, &s->r, v->path, &v->value, &why) != 0) {
                /* the problem as the error, the valid choices as a note (a long list would not
                 * fit one message) */
                char *choices = strchr(why, '\n');
                if (choices)
                        *choices++ = '\0';
                tkit_diags_add_at(rs->d, TKIT_SEV_ERROR, rs->b->file, v->line, v->column,
                                  tkit_book_rule_id(BOOK_R_VALUE_PATH), "`%s`: %s", v->text, why);
                if (choices)
                        tkit_diags_add_at(rs->d, TKIT_SEV_NOTE, rs->b->file, v->line, v->column,
                                          NULL, "%s", choices);
                free(why);
                return;
        }
        if (v->assert && v->expected != v->value) {
                tkit_diags_add_at(rs->d, TKIT_SEV_ERROR, rs->b->file, v->line, v->column,
                                  tkit_book_rule_id(BOOK_R_VALUE_ASSERT),
                                  "`%s`: the text says %ld, the engine computes %ld", v->text,
                                  v->expected, v->value);
                return;
        }
        v->ok = true;
}

/* By line and column; at one place the error before its note (qsort is not stable). */
static int by_place(const void *pa, const void *pb)
{
        const struct tkit_diag *a = pa, *b = pb;
        if (a->line != b->line)
                return a->line < b->line ? -1 : 1;
        if (a->column != b->column)
                return a->column < b->column ? -1 : 1;
        return a->severity > b->severity ? -1 : a->severity < b->severity;
}

int tkit_book_resolve(struct tkit_book *b, const struct tkit_book_options *o,
                      struct tkit_set *const *sets, size_t nsets, struct tkit_diags *d)
{
        struct tkit_book_options defaults;
        if (!o) {
                tkit_book_options_init(&defaults);
                o = &defaults;
        }
        size_t errors = d->errors;
        snprintf(b->resolved_lang, sizeof b->resolved_lang, "%s", tkit_book_lang(b, o));
        b->sets = sets;
        b->nsets = nsets;
        struct tkit_diags mine;
        tkit_diags_init(&mine);
        mine.limit = 0;
        struct resolver rs = {.b = b, .o = o, .d = &mine, .found = d};
        tkit_index_init(&rs.by_path);
        for (size_t i = 0; i < b->npictures; i++) {
                resolve_picture(&rs, &b->pictures[i]);
                if (o->progress)
                        o->progress(o->progress_ctx, "resolving", i + 1, b->npictures);
        }
        for (size_t i = 0; i < b->nvalues; i++)
                if (b->values[i].path) /* NULL: malformed, reported by tkit_book_read */
                        resolve_value(&rs, &b->values[i]);
        /* captions from alt texts hold values: taken again now that the values are known */
        for (size_t i = 0; i < b->npictures; i++) {
                struct book_picture *p = &b->pictures[i];
                char *alt = tkit_book_plain_text(b, p->image);
                if (alt[0] && p->caption) {
                        free(p->caption);
                        p->caption = alt;
                } else {
                        free(alt);
                }
        }
        tkit_index_finish(&rs.by_path);
        tkit_book_check_blocks(b, o, &mine);
        /* in the order of the chapter (pictures are resolved before values) */
        if (mine.n)
                qsort(mine.v, mine.n, sizeof *mine.v, by_place);
        tkit_diags_take(d, &mine, b->file);
        tkit_diags_finish(&mine);
        b->resolved = b->read_errors == 0 && d->errors == errors;
        return b->resolved ? 0 : TKIT_E_INVALID;
}

size_t tkit_book_page_chars(const struct tkit_book_options *o)
{
        const double mm = 72.0 / 25.4;
        double w = (o->page_w_mm - 2 * o->margin_mm) * mm;
        double h = (o->page_h_mm - 2 * o->margin_mm) * mm;
        if (w < 1 || h < 1)
                return 0;
        return (size_t)(w / (0.3 * BOOK_BODY_SIZE)) * (size_t)(h / (1.3 * BOOK_BODY_SIZE));
}

static size_t utf8_chars(const char *s)
{
        size_t n = 0;
        for (; s && *s; s++)
                n += ((unsigned char)*s & 0xc0) != 0x80;
        return n;
}

void tkit_book_check_blocks(const struct tkit_book *b, const struct tkit_book_options *o,
                            struct tkit_diags *d)
{
        size_t max = tkit_book_page_chars(o);
        cmark_iter *it = cmark_iter_new(b->doc);
        cmark_event_type ev;
        while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
                cmark_node *n = cmark_iter_get_node(it);
                cmark_node_type t = cmark_node_get_type(n);
                if (ev != CMARK_EVENT_ENTER || (t != CMARK_NODE_PARAGRAPH &&
                                                t != CMARK_NODE_HEADING && t != CMARK_NODE_CODE_BLOCK))
                        continue;
                char *text = t == CMARK_NODE_CODE_BLOCK ? NULL : tkit_book_plain_text(b, n);
                size_t chars = utf8_chars(text ? text : cmark_node_get_literal(n));
                free(text);
                if (max && chars <= max)
                        continue;
                int line, column;
                tkit_book_node_pos(b, n, &line, &column);
                tkit_diags_add_at(d, TKIT_SEV_ERROR, b->file, line, column, tkit_book_rule_id(BOOK_R_LIMIT),
                                  "this %s has %zu characters, more than a page holds (at most "
                                  "%zu on this paper): split it",
                                  t == CMARK_NODE_PARAGRAPH ? "paragraph"
                                  : t == CMARK_NODE_HEADING ? "heading"
                                                            : "code block",
                                  chars, max);
        }
        cmark_iter_free(it);
}

void tkit_book_render_options(const struct tkit_book *b, const struct book_picture *p,
                              const struct tkit_book_options *o,
                              struct tkit_scene_render_options *ro)
{
        (void)b;
        tkit_scene_render_options_init(ro);
        ro->px = (p->tile_mm > 0 ? p->tile_mm : o->tile_mm) * 72.0 / 25.4;
        ro->lang = tkit_book_lang(b, o);
        ro->state = p->view;
        ro->full = p->full;
        ro->coords = p->grid;
        ro->caption = false; /* the book sets the caption as text of its own */
        ro->cache = tkit_book_cache_maps(o->cache);
}

int tkit_book_write(const struct tkit_book *b, const struct tkit_book_options *o,
                    enum tkit_book_format fmt, FILE *f, const char *name, int *pages,
                    struct tkit_diags *d)
{
        struct tkit_book_options defaults;
        if (!o) {
                tkit_book_options_init(&defaults);
                o = &defaults;
        }
        if (!b->resolved) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL,
                               "%s has errors: nothing is written", b->file);
                return TKIT_E_USAGE;
        }
        if (pages)
                *pages = 1;
        if (fmt != TKIT_BOOK_PDF && fmt != TKIT_BOOK_HTML) {
                tkit_diags_add(d, TKIT_SEV_ERROR, name, 0, NULL, NULL, NULL,
                               "unknown output format: name the output *.pdf or *.html");
                return TKIT_E_USAGE;
        }
        /* the pictures of a chapter share most of their tiles: each is worked out once */
        struct tkit_book_options with_cache = *o;
        if (!o->cache)
                with_cache.cache = tkit_book_cache_new();
        int rc = fmt == TKIT_BOOK_PDF ? tkit_book_write_pdf(b, &with_cache, f, name, pages, d)
                                      : tkit_book_write_html(b, &with_cache, f, name, d);
        if (!o->cache)
                tkit_book_cache_free(with_cache.cache);
        return rc;
}
