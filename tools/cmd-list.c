/* tilekit list: the stored sets, or the tiles of one set, as text or JSON. */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"

void tkit_help_list(FILE *out)
{
        fprintf(out,
                "Usage: tilekit list sets [--db FILE] [--json | --ids]\n"
                "       tilekit list tiles --set ID [--db FILE] [--json]\n"
                "\n"
                "Lists the sets stored in the database (id, tile types, tiles, pieces, format,\n"
                "name), or the tiles of one set (id, count, group, sides N E S W as a code like\n"
                "CRFR: C city, R road, F field, W river; names).\n"
                "\n"
                "Options:\n"
                "  --db FILE        the database (default: $TILEKIT_DB, else tilekit.db)\n"
                "  -s, --set ID     the set whose tiles to list\n"
                "  --json           one JSON array on standard output\n"
                "  --ids            set ids only, one a line (for scripts)\n"
                "  -h, --help       show this help\n"
                "  --version        show the version\n"
                "\n"
                "Text from the database is shown with control characters and invalid UTF-8\n"
                "bytes as \\xHH (a backslash as \\\\); JSON output is always valid UTF-8 (an\n"
                "invalid byte becomes U+FFFD).\n"
                "\n"
                "Exit status: 0 ok; 1 no such set or a database error; 2 bad usage or a database\n"
                "that cannot be opened.\n");
}

/* Text from a database goes to a terminal: control characters and invalid UTF-8 escaped. */
static void text(struct tkit_buf *b, const char *fmt_s, const char *s)
{
        char *e = cli_text_escape(s);
        tkit_buf_printf(b, fmt_s, e);
        free(e);
}

/* A JSON string that is valid UTF-8 whatever the database holds. */
static void jstr(struct tkit_buf *b, const char *s)
{
        if (!s) {
                tkit_json_string(b, NULL);
                return;
        }
        char *c = cli_utf8_clean(s);
        tkit_json_string(b, c);
        free(c);
}

static const char *display_name(const struct tkit_name *v, size_t n)
{
        for (size_t i = 0; i < n; i++)
                if (strcmp(v[i].lang, "en") == 0)
                        return v[i].text;
        return n ? v[0].text : "";
}

static void json_names(struct tkit_buf *b, const struct tkit_name *v, size_t n)
{
        tkit_buf_puts(b, "{");
        for (size_t i = 0; i < n; i++) {
                tkit_buf_puts(b, i ? ", " : "");
                jstr(b, v[i].lang);
                tkit_buf_puts(b, ": ");
                jstr(b, v[i].text);
        }
        tkit_buf_puts(b, "}");
}

static void set_line(struct tkit_buf *b, const struct tkit_set *s, bool json, bool first)
{
        if (!json) {
                text(b, "%-20s", s->id);
                tkit_buf_printf(b, " %5zu %6d %6zu  ", s->ntiles, tkit_set_tile_total(s),
                                s->npieces);
                text(b, "%-8s", s->source_format);
                text(b, " %s\n", display_name(s->names, s->nnames));
                return;
        }
        tkit_buf_puts(b, first ? "\n  {\"id\": " : ",\n  {\"id\": ");
        jstr(b, s->id);
        tkit_buf_puts(b, ", \"names\": ");
        json_names(b, s->names, s->nnames);
        tkit_buf_puts(b, ", \"edition\": ");
        jstr(b, s->edition);
        tkit_buf_printf(b, ", \"year\": %d, \"format\": ", s->year);
        jstr(b, s->source_format);
        tkit_buf_puts(b, ", \"file\": ");
        jstr(b, s->file);
        tkit_buf_printf(b, ", \"types\": %zu, \"tiles\": %d, \"pieces\": %zu}", s->ntiles,
                        tkit_set_tile_total(s), s->npieces);
}

/* Set ids alone, one a line: what scripts loop over. */
static int list_set_ids(struct tkit_db *db, struct tkit_buf *b, struct tkit_diags *d)
{
        char **ids = NULL;
        size_t n = 0;
        int err = tkit_db_set_ids(db, &ids, &n, d);
        for (size_t i = 0; i < n && !err; i++)
                text(b, "%s\n", ids[i]);
        tkit_db_free_ids(ids, n);
        return err;
}

static int list_sets(struct tkit_db *db, bool json, struct tkit_buf *b, struct tkit_diags *d)
{
        char **ids = NULL;
        size_t n = 0;
        int err = tkit_db_set_ids(db, &ids, &n, d);
        if (!json)
                tkit_buf_printf(b, "%-20s %5s %6s %6s  %-8s %s\n", "SET", "TYPES", "TILES",
                                "PIECES", "FORMAT", "NAME");
        else
                tkit_buf_puts(b, "[");
        for (size_t i = 0; i < n && !err; i++) {
                struct tkit_set *s = NULL;
                if ((err = tkit_db_load_set(db, ids[i], &s, d)) == 0)
                        set_line(b, s, json, i == 0);
                tkit_set_destroy(s);
        }
        if (json)
                tkit_buf_puts(b, n ? "\n]\n" : "]\n");
        tkit_db_free_ids(ids, n);
        return err;
}

static void tile_line(struct tkit_buf *b, const struct tkit_tile *t, bool json, bool first,
                      int width)
{
        char sides[TKIT_SIDE_CODE_SIZE];
        tkit_side_code_string(tkit_tile_side_code(t, 0), sides, sizeof sides);
        if (!json) {
                char *id = cli_text_escape(t->id);
                tkit_buf_printf(b, "%-*s %5d  %-8s %-5s %-5s ", width, id, t->count,
                                tkit_group_name(t->group), sides, t->start ? "yes" : "");
                free(id);
                for (size_t i = 0; i < t->nnames; i++) {
                        tkit_buf_puts(b, i ? "; " : "");
                        text(b, "%s: ", t->names[i].lang);
                        text(b, "%s", t->names[i].text);
                }
                tkit_buf_puts(b, "\n");
                return;
        }
        tkit_buf_puts(b, first ? "\n  {\"id\": " : ",\n  {\"id\": ");
        jstr(b, t->id);
        tkit_buf_printf(b, ", \"count\": %d, \"group\": \"%s\", \"sides\": \"%s\", \"start\": %s",
                        t->count, tkit_group_name(t->group), sides, t->start ? "true" : "false");
        tkit_buf_puts(b, ", \"names\": ");
        json_names(b, t->names, t->nnames);
        tkit_buf_puts(b, "}");
}

static int list_tiles(struct tkit_db *db, const char *id, bool json, struct tkit_buf *b,
                      struct tkit_diags *d)
{
        struct tkit_set *s = NULL;
        int err = tkit_db_load_set(db, id, &s, d);
        if (err)
                return err;
        int width = 4; /* the id column fits the longest id */
        for (size_t i = 0; i < s->ntiles; i++)
                if ((int)strlen(s->tiles[i].id) > width)
                        width = (int)strlen(s->tiles[i].id);
        if (json)
                tkit_buf_puts(b, "[");
        else
                tkit_buf_printf(b, "%-*s %5s  %-8s %-5s %-5s %s\n", width, "TILE", "COUNT", "GROUP",
                                "SIDES", "START", "NAMES");
        for (size_t i = 0; i < s->ntiles; i++)
                tile_line(b, &s->tiles[i], json, i == 0, width);
        if (json)
                tkit_buf_puts(b, s->ntiles ? "\n]\n" : "]\n");
        tkit_set_destroy(s);
        return 0;
}

int tkit_cmd_list(int argc, char **argv)
{
        static const struct option longopts[] = {
            {"db", required_argument, NULL, 'd'},
            {"set", required_argument, NULL, 's'},
            {"json", no_argument, NULL, 'j'},
            {"help", no_argument, NULL, 'h'},
            {"version", no_argument, NULL, 'V'},
            {"ids", no_argument, NULL, 'i'},
            {NULL, 0, NULL, 0},
        };
        const char *dbpath = cli_default_db(), *set = NULL;
        bool json = false, ids_only = false;
        int c;
        optind = 1;
        while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
                switch (c) {
                case 'd':
                        dbpath = optarg;
                        break;
                case 's':
                        if (cli_one_set("list", &set, optarg))
                                return TKIT_EXIT_USAGE;
                        break;
                case 'j':
                        json = true;
                        break;
                case 'i':
                        ids_only = true;
                        break;
                case 'h':
                        tkit_help_list(stdout);
                        return TKIT_EXIT_OK;
                case 'V':
                        return cli_version();
                default:
                        return cli_usage_error("list", "bad option");
                }
        }
        if (optind != argc - 1)
                return cli_usage_error("list", "say what to list: 'sets' or 'tiles'");
        const char *what = argv[optind];
        bool tiles = strcmp(what, "tiles") == 0;
        if (!tiles && strcmp(what, "sets") != 0)
                return cli_usage_error("list", "cannot list '%s': 'sets' or 'tiles'", what);
        if (tiles && !set)
                return cli_usage_error("list", "'list tiles' needs --set ID");

        struct tkit_diags d;
        struct tkit_db *db = NULL;
        struct tkit_buf out;
        int status = TKIT_EXIT_OK, err;
        tkit_diags_init(&d);
        tkit_buf_init(&out);
        if ((err = tkit_db_open(dbpath, TKIT_DB_READONLY, &db, &d)) == 0)
                err = tiles      ? list_tiles(db, set, json, &out, &d)
                      : ids_only ? list_set_ids(db, &out, &d)
                                 : list_sets(db, json, &out, &d);
        status = cli_exit_for(err);
        if (status == TKIT_EXIT_OK && out.data)
                fputs(out.data, stdout);
        cli_print_diags(&d);
        tkit_buf_finish(&out);
        tkit_db_close(db);
        tkit_diags_finish(&d);
        return status;
}
