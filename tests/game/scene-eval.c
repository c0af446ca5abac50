/* What tilekit makes of a scene file, in one process for many files: the helper of
 * test-elements.py, which asks for hundreds of variants of a few scenes and compares what each
 * gives. The tile sets are read once; each request runs the library as the commands do, in
 * process: the commands would start a process (and read every set) per variant.
 *
 * Usage: scene-eval TILESET.xml... ; then one request a line on standard input, one answer a line
 * on standard output (a JSON string):
 *   score PATH    what `tilekit scene check PATH` and `tilekit score --json PATH` give: the
 *                 reader's status, its diagnostics and the missing translations; the engine's
 *                 status, every event as `score --json` writes it (tkit_game_event_json), the
 *                 points, the expectations' diagnostics
 *   picture PATH  what `tilekit render scene PATH --lang en` draws: its status and the picture
 *                 (PDF: the same bytes for the same picture within a process, which SVG is not),
 *                 as its length and a 64-bit FNV-1a hash
 * Exit status 0, or 2 for a set that does not read or a request it does not know. */
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tkit-formats.h"
#include "game/tkit-game.h"
#include "render/tkit-render.h"
#include "text/tkit-text.h"

static void put_diags(struct tkit_buf *b, const struct tkit_diags *d)
{
        for (size_t i = 0; i < d->n; i++) {
                char *m = tkit_diag_format(&d->v[i]);
                tkit_buf_printf(b, "%s\n", m);
                free(m);
        }
}

/* `scene check`: the reader and the translations (the command's exit status follows from them). */
static void check(struct tkit_buf *b, const char *path)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        int err = 0;
        struct tkit_scene *s = tkit_scene_read_file(path, &d, &err);
        int missing = s ? tkit_text_check_scene(s, -1, &d) : 0;
        tkit_buf_printf(b, "check: read %d, translations %d\n", s ? 0 : err, missing);
        put_diags(b, &d);
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
}

/* The scene of `path` read (*s, or NULL) and its move played as `score` and `render scene` play
 * it, without final scoring: 0, or the reader's or the engine's error. */
static int play(const char *path, const struct tkit_setlist *sets, struct tkit_scene **s,
                struct tkit_game_result *r, struct tkit_diags *d)
{
        int err = 0;
        *s = tkit_scene_read_file(path, d, &err);
        tkit_game_result_init(r);
        return *s ? tkit_game_apply(*s, sets->sets, sets->n, false, r, d) : err;
}

/* `score --json`: the engine's result. */
static void score(struct tkit_buf *b, const char *path, const struct tkit_setlist *sets)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s;
        struct tkit_game_result r;
        int rc = play(path, sets, &s, &r, &d);
        int expect = s && !rc ? tkit_game_check_expect(s, &r, &d) : 0;
        tkit_buf_printf(b, "score: %d, expect %d\n", rc, expect);
        for (size_t i = 0; s && !rc && i < r.nevents; i++) {
                tkit_game_event_json(b, s, &r.events[i]);
                tkit_buf_puts(b, "\n");
        }
        for (size_t p = 0; s && !rc && p < s->nplayers; p++)
                tkit_buf_printf(b, "%s %d\n", s->players[p].id, r.points[p]);
        put_diags(b, &d);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
}

static uint64_t fnv1a(const char *data, size_t len)
{
        uint64_t h = 0xcbf29ce484222325ull;
        for (size_t i = 0; i < len; i++)
                h = (h ^ (unsigned char)data[i]) * 0x100000001b3ull;
        return h;
}

/* `render scene --lang en`: the move shown, drawn as the command draws a PDF. */
static void picture(struct tkit_buf *b, const char *path, const struct tkit_setlist *sets)
{
        struct tkit_diags d;
        tkit_diags_init(&d);
        struct tkit_scene *s;
        struct tkit_game_result r;
        int rc = play(path, sets, &s, &r, &d);
        char *data = NULL;
        size_t len = 0;
        if (!rc) {
                FILE *f = open_memstream(&data, &len);
                if (!f)
                        abort();
                struct tkit_scene_render_options o;
                tkit_scene_render_options_init(&o);
                o.px = 45.0 * 72 / 25.4; /* as the command computes --tile-mm 45 for a PDF */
                rc = tkit_render_scene_stream(s, &r, sets->sets, sets->n, &o, f, "s.pdf",
                                              TKIT_IMAGE_PDF, NULL, &d);
                if (fclose(f) != 0)
                        abort();
        }
        tkit_buf_printf(b, "picture: %d, %zu bytes, %016llx\n", rc, rc ? 0 : len,
                        rc ? 0ull : (unsigned long long)fnv1a(data, len));
        free(data);
        tkit_game_result_finish(&r);
        tkit_scene_destroy(s);
        tkit_diags_finish(&d);
}

static int answer(const char *line, const struct tkit_setlist *sets)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "");
        if (strncmp(line, "score ", 6) == 0) {
                check(&b, line + 6);
                score(&b, line + 6, sets);
        } else if (strncmp(line, "picture ", 8) == 0) {
                picture(&b, line + 8, sets);
        } else {
                fprintf(stderr, "scene-eval: unknown request '%s'\n", line);
                tkit_buf_finish(&b);
                return 2;
        }
        struct tkit_buf out;
        tkit_buf_init(&out);
        tkit_json_string(&out, b.data);
        printf("%s\n", out.data);
        fflush(stdout);
        tkit_buf_finish(&out);
        tkit_buf_finish(&b);
        return 0;
}

int main(int argc, char **argv)
{
        struct tkit_setlist sets;
        tkit_setlist_init(&sets);
        struct tkit_diags d;
        tkit_diags_init(&d);
        int rc = 0;
        for (int i = 1; i < argc && !rc; i++)
                if (tkit_read_file(argv[i], TKIT_FORMAT_AUTO, &sets, &d) != 0)
                        rc = 2;
        tkit_diags_write(&d, stderr, false);
        tkit_diags_finish(&d);
        char *line = NULL;
        size_t cap = 0;
        ssize_t n;
        while (!rc && (n = getline(&line, &cap, stdin)) > 0) {
                if (line[n - 1] == '\n')
                        line[n - 1] = 0;
                rc = answer(line, &sets);
        }
        free(line);
        tkit_setlist_finish(&sets);
        tkit_render_cleanup(); /* fontconfig's caches: a clean exit for leak checkers */
        return rc;
}
