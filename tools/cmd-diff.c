/* tilekit diff: compare two tile sets type by type, up to rotation. */
#include "cli.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "db/tkit-db.h"
#include "formats/tkit-formats.h"
#include "rules/tkit-rules.h"

void tkit_help_diff(FILE *out)
{
        fprintf(
            out,
            "Usage: tilekit diff [OPTION...] A B\n"
            "Compare two tile sets type by type: tile types are matched up to rotation, and\n"
            "the report lists types with different counts, types that differ (sides,\n"
            "features, field-city links, pennants, symbols, illustrations), and types only\n"
            "in A (missing from B) or only in B (extra).\n"
            "\n"
            "A and B are each:\n"
            "  FILE            a tile-set file defining one set (tilekit or JCloisterZone)\n"
            "  FILE#SET        set SET of a file defining several (basic.xml#basic:1)\n"
            "  db:SET          set SET stored in the database\n"
            "\n"
            "  --db FILE       database for db:SET (default: $TILEKIT_DB or tilekit.db)\n"
            "  --format F      input format of FILEs: auto (default), tilekit, jcz\n"
            "  --markers       also compare markers (JCloisterZone extras)\n"
            "  --json          the report as one JSON object on stdout\n"
            "  -h, --help      this help\n"
            "  --version       print the version\n"
            "\n"
            "Road ends and junction flags are ignored when either set comes from\n"
            "JCloisterZone data, which does not state them. Exit status: 0 the sets are the\n"
            "same, 1 they differ (or a failure), 2 usage error or a file that cannot be read.\n");
}

struct side {
        struct tkit_setlist files; /* what was read for it */
        struct tkit_set *owned;    /* loaded from the database */
        const struct tkit_set *set;
};

/* Loads one operand; returns 0, 1 (invalid) or 2 (cannot read / no such set / usage). */
static int load(const char *arg, const char *dbpath, enum tkit_format fmt, struct side *s,
                struct tkit_diags *d)
{
        tkit_setlist_init(&s->files);
        if (strncmp(arg, "db:", 3) == 0) {
                struct tkit_db *db = NULL;
                if (tkit_db_open(dbpath ? dbpath : cli_default_db(), TKIT_DB_READONLY, &db, d) < 0)
                        return 2;
                int rc = tkit_db_load_set(db, arg + 3, &s->owned, d);
                tkit_db_close(db);
                s->set = s->owned;
                return rc == 0 ? 0 : rc == TKIT_E_NOTFOUND ? 2 : 1;
        }
        const char *hash = strrchr(arg, '#');
        char *path = hash ? tkit_xstrndup(arg, (size_t)(hash - arg)) : tkit_xstrdup(arg);
        if (hash)
                hash++;
        int rc = tkit_read_file(path, fmt, &s->files, d);
        free(path);
        if (rc < 0)
                return rc == TKIT_E_INVALID ? 1 : 2;
        tkit_jcz_link(&s->files);
        if (hash) {
                s->set = tkit_setlist_find(&s->files, hash);
                if (!s->set) {
                        tkit_diags_add(d, TKIT_SEV_ERROR, arg, 0, NULL, NULL, NULL,
                                       "no set '%s' in this file", hash);
                        return 2;
                }
                return 0;
        }
        if (s->files.n != 1) {
                struct tkit_buf b;
                tkit_buf_init(&b);
                for (size_t i = 0; i < s->files.n; i++)
                        tkit_buf_printf(&b, " %s", s->files.sets[i]->id);
                tkit_diags_add(d, TKIT_SEV_ERROR, arg, 0, NULL, NULL, NULL,
                               "the file defines %zu sets; choose one with FILE#SET:%s", s->files.n,
                               b.data ? b.data : "");
                tkit_buf_finish(&b);
                return 2;
        }
        s->set = s->files.sets[0];
        return 0;
}

static void side_finish(struct side *s)
{
        tkit_setlist_finish(&s->files);
        tkit_set_destroy(s->owned);
}

struct report {
        bool json;
        int counts, different, missing, extra, same;
        struct tkit_buf out;
        const char *sep;
};

static void item(struct report *r, const char *kind, const struct tkit_tile *a,
                 const struct tkit_tile *b, const char *what)
{
        if (!r->json) {
                if (a && b)
                        tkit_buf_printf(&r->out, "%s %s %s: %s\n", kind, a->id, b->id, what);
                else
                        tkit_buf_printf(&r->out, "%s %s: %s\n", kind, a ? a->id : b->id, what);
                return;
        }
        tkit_buf_printf(&r->out, "%s{\"kind\": \"%s\", \"a\": ", r->sep, kind);
        r->sep = ",\n  ";
        if (a)
                tkit_json_string(&r->out, a->id);
        else
                tkit_buf_puts(&r->out, "null");
        tkit_buf_puts(&r->out, ", \"b\": ");
        if (b)
                tkit_json_string(&r->out, b->id);
        else
                tkit_buf_puts(&r->out, "null");
        tkit_buf_printf(&r->out, ", \"count_a\": %d, \"count_b\": %d, \"what\": ", a ? a->count : 0,
                        b ? b->count : 0);
        tkit_json_string(&r->out, what);
        tkit_buf_puts(&r->out, "}");
}

static void compare(const struct tkit_set *A, const struct tkit_set *B, unsigned flags,
                    struct report *r)
{
        int *match_a = tkit_xcalloc(A->ntiles + 1, sizeof *match_a);
        bool *used_b = tkit_xcalloc(B->ntiles + 1, sizeof *used_b);
        char what[160];
        for (size_t i = 0; i < A->ntiles; i++) {
                match_a[i] = -1;
                for (size_t j = 0; j < B->ntiles && match_a[i] < 0; j++)
                        if (!used_b[j] &&
                            tkit_tile_same_type(&A->tiles[i], &B->tiles[j], flags) >= 0) {
                                match_a[i] = (int)j;
                                used_b[j] = true;
                        }
                if (match_a[i] < 0)
                        continue;
                const struct tkit_tile *b = &B->tiles[match_a[i]];
                if (A->tiles[i].count != b->count) {
                        snprintf(what, sizeof what, "count %d vs %d", A->tiles[i].count, b->count);
                        item(r, "count", &A->tiles[i], b, what);
                        r->counts++;
                } else {
                        r->same++;
                }
        }
        /* Unmatched types with the same sides up to rotation are reported as different. */
        for (size_t i = 0; i < A->ntiles; i++) {
                if (match_a[i] >= 0)
                        continue;
                uint8_t ca = tkit_side_code_canonical(tkit_tile_side_code(&A->tiles[i], 0));
                for (size_t j = 0; j < B->ntiles; j++) {
                        if (used_b[j] ||
                            tkit_side_code_canonical(tkit_tile_side_code(&B->tiles[j], 0)) != ca)
                                continue;
                        struct tkit_buf b;
                        tkit_buf_init(&b);
                        tkit_tile_describe_diff(&A->tiles[i], &B->tiles[j], flags, &b);
                        if (A->tiles[i].count != B->tiles[j].count)
                                tkit_buf_printf(&b, "; count %d vs %d", A->tiles[i].count,
                                                B->tiles[j].count);
                        item(r, "different", &A->tiles[i], &B->tiles[j], b.data ? b.data : "");
                        tkit_buf_finish(&b);
                        r->different++;
                        match_a[i] = (int)j;
                        used_b[j] = true;
                        break;
                }
        }
        char code[5];
        for (size_t i = 0; i < A->ntiles; i++)
                if (match_a[i] < 0) {
                        snprintf(what, sizeof what, "only in A (sides %s, count %d)",
                                 tkit_side_code_string(tkit_tile_side_code(&A->tiles[i], 0), code),
                                 A->tiles[i].count);
                        item(r, "missing", &A->tiles[i], NULL, what);
                        r->missing++;
                }
        for (size_t j = 0; j < B->ntiles; j++)
                if (!used_b[j]) {
                        snprintf(what, sizeof what, "only in B (sides %s, count %d)",
                                 tkit_side_code_string(tkit_tile_side_code(&B->tiles[j], 0), code),
                                 B->tiles[j].count);
                        item(r, "extra", NULL, &B->tiles[j], what);
                        r->extra++;
                }
        free(match_a);
        free(used_b);
}

static bool is_jcz(const struct tkit_set *s)
{
        return s->source_format && strcmp(s->source_format, "jcz") == 0;
}

int tkit_cmd_diff(int argc, char **argv)
{
        enum { O_DB = 256, O_FORMAT, O_JSON, O_MARKERS, O_VERSION };
        static const struct option longopts[] = {
            {"db", required_argument, NULL, O_DB},
            {"format", required_argument, NULL, O_FORMAT},
            {"json", no_argument, NULL, O_JSON},
            {"markers", no_argument, NULL, O_MARKERS},
            {"help", no_argument, NULL, 'h'},
            {"version", no_argument, NULL, O_VERSION},
            {NULL, 0, NULL, 0},
        };
        const char *db = NULL;
        enum tkit_format fmt = TKIT_FORMAT_AUTO;
        bool json = false;
        unsigned flags = 0;
        int c, f;
        optind = 1;
        while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
                switch (c) {
                case O_DB:
                        db = optarg;
                        break;
                case O_FORMAT:
                        f = tkit_format_parse(optarg);
                        if (f < 0)
                                return cli_usage_error("diff", "unknown format '%s'", optarg);
                        fmt = (enum tkit_format)f;
                        break;
                case O_JSON:
                        json = true;
                        break;
                case O_MARKERS:
                        flags |= TKIT_SAME_MARKERS;
                        break;
                case 'h':
                        tkit_help_diff(stdout);
                        return TKIT_EXIT_OK;
                case O_VERSION:
                        return cli_version();
                default:
                        return cli_usage_error("diff", "bad option");
                }
        }
        if (argc - optind != 2)
                return cli_usage_error("diff", "expected two sets to compare, A and B");
        struct side a = {0}, b = {0};
        struct tkit_diags d;
        tkit_diags_init(&d);
        int ra = load(argv[optind], db, fmt, &a, &d);
        int rb = load(argv[optind + 1], db, fmt, &b, &d);
        int status;
        if (ra || rb) {
                cli_print_diags(&d);
                status = ra > rb ? ra : rb;
                goto out;
        }
        if (is_jcz(a.set) || is_jcz(b.set))
                flags |= TKIT_SAME_IGNORE_ENDS;
        struct report r = {.json = json, .sep = "\n  "};
        tkit_buf_init(&r.out);
        compare(a.set, b.set, flags, &r);
        if (json) {
                printf("{\"a\": ");
                struct tkit_buf h;
                tkit_buf_init(&h);
                tkit_json_string(&h, a.set->id);
                tkit_buf_puts(&h, ", \"b\": ");
                tkit_json_string(&h, b.set->id);
                printf("%s, \"same\": %d, \"items\": [%s]}\n", h.data, r.same,
                       r.out.data ? r.out.data : "");
                tkit_buf_finish(&h);
        } else {
                fputs(r.out.data ? r.out.data : "", stdout);
        }
        fflush(stdout);
        fprintf(stderr,
                "tilekit diff: %s vs %s: %d same, %d with other counts, %d different, %d only in "
                "A, %d only in B\n",
                a.set->id, b.set->id, r.same, r.counts, r.different, r.missing, r.extra);
        status = r.counts || r.different || r.missing || r.extra ? TKIT_EXIT_FAIL : TKIT_EXIT_OK;
        tkit_buf_finish(&r.out);
out:
        tkit_diags_finish(&d);
        side_finish(&a);
        side_finish(&b);
        return status;
}
