/* Benchmark (meson benchmark, not a test): reads every bundled tile set, then writes each back,
 * many times, and prints the time per pass.
 * With arguments, scaling runs at n and 2n on inputs generated in memory (issue 11):
 *   names N      read a set with N <name> elements (languages checked for repeats)
 *   jcz-link N   read N JCloisterZone files of 250 tiles, each tile-set referring to the tiles
 *                of the next file too, and link them (tkit_jcz_link)
 *   attributes N a tile set, a JCloisterZone file and a scene whose root element has N
 *                attributes (issue 21: libxml2 2.9 compared each with every earlier one; now
 *                refused past TKIT_MAX_XML_ATTRIBUTES by a pre-scan)
 *   attributes-at-limit N  a tile set of N <tile> elements with TKIT_MAX_XML_ATTRIBUTES
 *                attributes each: what is still parsed grows linearly */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "formats/tkit-formats.h"
#include "model/tkit-scene.h"

#ifndef TKIT_MAX_XML_ATTRIBUTES /* building against the library before issue 21 */
#define TKIT_MAX_XML_ATTRIBUTES 256u
#endif

static double now(void)
{
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *names_xml(int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<tileset format=\"1\" id=\"names\" rules=\"\">\n");
        for (int i = 0; i < n; i++)
                tkit_buf_printf(&b, "<name lang=\"x%d\">name %d</name>\n", i, i);
        tkit_buf_puts(&b, "<tile id=\"B\"><cloister id=\"m\"/><field id=\"f\" at=\"N E S W\"/>"
                          "</tile>\n</tileset>\n");
        return tkit_buf_steal(&b);
}

#define JCZ_TILES 250

/* File k of n: tiles F<k>/T<i>, one tile-set referring to them and to those of file k + 1. */
static char *jcz_xml(int k, int n)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<defs>\n<tiles>\n");
        for (int i = 0; i < JCZ_TILES; i++)
                tkit_buf_printf(&b,
                                "<tile id=\"F%d/T%d\"><road>N S</road>"
                                "<field>NL SR WL WR</field><field>NR SL EL ER</field></tile>\n",
                                k, i);
        tkit_buf_printf(&b, "</tiles>\n<sets>\n<tile-set id=\"f%d:1\">\n", k);
        for (int i = 0; i < JCZ_TILES; i++)
                tkit_buf_printf(&b,
                                "<ref tile=\"F%d/T%d\" count=\"2\"/>\n<ref tile=\"F%d/T%d\"/>\n", k,
                                i, (k + 1) % n, i);
        tkit_buf_puts(&b, "</tile-set>\n</sets>\n</defs>\n");
        return tkit_buf_steal(&b);
}

/* `head`, then n attributes a0="0" a1="1" ... on its root element, then `tail`. */
static char *attributes_xml(const char *head, int n, const char *tail)
{
        struct tkit_buf b;
        tkit_buf_init(&b);
        tkit_buf_puts(&b, head);
        for (int i = 0; i < n; i++)
                tkit_buf_printf(&b, " a%d=\"%d\"", i, i);
        tkit_buf_puts(&b, tail);
        return tkit_buf_steal(&b);
}

/* Reads `xml` as a tile set (or as a scene): the seconds it took; *refused: it was refused. */
static double time_read(const char *xml, bool scene, bool *refused)
{
        struct tkit_setlist l;
        struct tkit_diags d;
        tkit_setlist_init(&l);
        tkit_diags_init(&d);
        double t0 = now();
        if (scene) {
                struct tkit_scene *s = tkit_scene_read(xml, strlen(xml), "bench.xml", &d);
                *refused = s == NULL;
                tkit_scene_destroy(s);
        } else {
                *refused =
                    tkit_read_memory(xml, strlen(xml), "bench.xml", TKIT_FORMAT_AUTO, &l, &d) != 0;
        }
        double t = now() - t0;
        tkit_diags_finish(&d);
        tkit_setlist_finish(&l);
        return t;
}

static int attributes(int n)
{
        static const char *const kinds[][3] = {
            {"tile set", "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"a\"",
             ">\n</tileset>\n"},
            {"JCloisterZone", "<?xml version=\"1.0\"?>\n<defs", ">\n</defs>\n"},
            {"scene", "<?xml version=\"1.0\"?>\n<scene id=\"a\"", ">\n</scene>\n"},
        };
        for (int k = 1; k <= 2; k++)
                for (int i = 0; i < 3; i++) {
                        char *xml = attributes_xml(kinds[i][1], k * n, kinds[i][2]);
                        bool refused;
                        double t = time_read(xml, i == 2, &refused);
                        printf("attributes: %s, %d attributes on the root: %.3f s (%s)\n",
                               kinds[i][0], k * n, t, refused ? "refused" : "read");
                        free(xml);
                }
        return 0;
}

static int attributes_at_limit(int n)
{
        for (int k = 1; k <= 2; k++) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                tkit_buf_puts(&b, "<?xml version=\"1.0\"?>\n<tileset format=\"1\" id=\"a\">\n");
                for (int e = 0; e < k * n; e++) {
                        char *tag = attributes_xml("<tile", (int)TKIT_MAX_XML_ATTRIBUTES, "/>\n");
                        tkit_buf_puts(&b, tag);
                        free(tag);
                }
                tkit_buf_puts(&b, "</tileset>\n");
                bool refused;
                double t = time_read(b.data, false, &refused);
                printf("attributes-at-limit: %d elements of %u attributes (%.1f MiB): %.3f s\n",
                       k * n, TKIT_MAX_XML_ATTRIBUTES, (double)b.len / (1 << 20), t);
                tkit_buf_finish(&b);
        }
        return 0;
}

static int scaling(const char *what, int n)
{
        if (strcmp(what, "attributes") == 0)
                return attributes(n);
        if (strcmp(what, "attributes-at-limit") == 0)
                return attributes_at_limit(n);
        bool jcz = strcmp(what, "jcz-link") == 0;
        int rc = 0;
        for (int k = 1; k <= 2 && rc == 0; k++) {
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                double t0 = now(), t1;
                if (jcz) {
                        for (int f = 0; f < k * n && rc == 0; f++) {
                                char *xml = jcz_xml(f, k * n), name[32];
                                snprintf(name, sizeof name, "f%d.xml", f);
                                rc = tkit_read_memory(xml, strlen(xml), name, TKIT_FORMAT_JCZ, &l,
                                                      &d);
                                free(xml);
                        }
                        t1 = now();
                        rc = rc ? rc : tkit_jcz_link(&l); /* refs left unresolved */
                } else {
                        char *xml = names_xml(k * n);
                        t1 = now();
                        rc = tkit_read_memory(xml, strlen(xml), "names.xml", TKIT_FORMAT_AUTO, &l,
                                              &d);
                        free(xml);
                }
                double t2 = now();
                if (jcz)
                        printf("jcz-link: %d files of %d tiles: read %.3f s, link %.3f s\n", k * n,
                               JCZ_TILES, t1 - t0, t2 - t1);
                else
                        printf("names: %d <name> elements: read %.3f s\n", k * n, t2 - t1);
                if (rc)
                        tkit_diags_write(&d, stderr, false);
                tkit_diags_finish(&d);
                tkit_setlist_finish(&l);
        }
        tkit_formats_cleanup();
        return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
        if (argc > 2)
                return scaling(argv[1], atoi(argv[2]));
        const char *root = getenv("TKIT_SOURCE_ROOT");
        char *dir = tkit_xasprintf("%s/tilesets", root ? root : ".");
        char *files[64];
        int n = 0;
        DIR *dp = opendir(dir);
        if (!dp)
                return 1;
        for (struct dirent *e; (e = readdir(dp)) && n < 64;) {
                size_t len = strlen(e->d_name);
                if (len > 4 && strcmp(e->d_name + len - 4, ".xml") == 0)
                        files[n++] = tkit_xasprintf("%s/%s", dir, e->d_name);
        }
        closedir(dp);
        const int passes = 50;
        double t_read = 0, t_write = 0, t_first = 0;
        int tiles = 0, rc = 0;
        for (int p = 0; p < passes && rc == 0; p++) {
                struct tkit_setlist l;
                struct tkit_diags d;
                tkit_setlist_init(&l);
                tkit_diags_init(&d);
                double t0 = now();
                for (int i = 0; i < n && rc == 0; i++)
                        rc = tkit_read_file(files[i], TKIT_FORMAT_AUTO, &l, &d);
                double t1 = now();
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (size_t i = 0; i < l.n; i++)
                        tkit_native_write(l.sets[i], &b);
                double t2 = now();
                if (p == 0) {
                        t_first = t1 - t0; /* includes compiling the schema */
                        for (size_t i = 0; i < l.n; i++)
                                tiles += (int)l.sets[i]->ntiles;
                } else {
                        t_read += t1 - t0;
                }
                t_write += t2 - t1;
                if (rc)
                        tkit_diags_write(&d, stderr, false);
                tkit_buf_finish(&b);
                tkit_setlist_finish(&l);
                tkit_diags_finish(&d);
        }
        printf("%d files, %d tile types: first read %.2f ms (with schema compile), then %.2f ms "
               "per read of all, %.2f ms per write of all\n",
               n, tiles, t_first * 1e3, t_read * 1e3 / (passes - 1), t_write * 1e3 / passes);
        for (int i = 0; i < n; i++)
                free(files[i]);
        free(dir);
        tkit_formats_cleanup();
        return rc ? 1 : 0;
}
