/* Merging the simulator rows of shard databases (one file per parallel run) into one. */
#include "db-private.h"

#include <stdlib.h>

/* The shard must be a tilekit database of this schema version: its tables are read by name. */
static int check_shard(struct tkit_db *db, const char *path, struct tkit_diags *d)
{
        struct tkit_db *shard = NULL;
        int err = tkit_db_open(path, TKIT_DB_READONLY, &shard, d);
        tkit_db_close(shard);
        return err;
}

static const char *const merge_sql[] = {
    "INSERT INTO main.layouts (layout_id, seed, sets, players, created, stats_json)"
    " SELECT layout_id + ?1, seed, sets, players, created, stats_json FROM shard.layouts",
    "INSERT INTO main.placements (layout_id, seq, set_id, tile_id, x, y, rotation, bridge)"
    " SELECT layout_id + ?1, seq, set_id, tile_id, x, y, rotation, bridge FROM shard.placements",
    "INSERT INTO main.discards (layout_id, seq, set_id, tile_id, after)"
    " SELECT layout_id + ?1, seq, set_id, tile_id, after FROM shard.discards",
};

/* Shard ids + offset follow the largest stored id: offset = max(main) - min(shard) + 1. */
static int layout_offset(struct tkit_db *db, sqlite3_int64 *offset, struct tkit_diags *d)
{
        sqlite3_stmt *st = NULL;
        if (tkit_db_prepare(db,
                            "SELECT coalesce((SELECT max(layout_id) FROM main.layouts), 0)"
                            " - coalesce((SELECT min(layout_id) FROM shard.layouts), 1) + 1",
                            &st, d) < 0)
                return TKIT_E_DB;
        int rc = sqlite3_step(st);
        if (rc == SQLITE_ROW)
                *offset = sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
        return rc == SQLITE_ROW ? 0 : tkit_dbi_report(db, rc, d, "merging layouts");
}

static int copy_rows(struct tkit_db *db, sqlite3_int64 offset, int *merged, struct tkit_diags *d)
{
        for (size_t i = 0; i < sizeof merge_sql / sizeof merge_sql[0]; i++) {
                sqlite3_stmt *st = NULL;
                if (tkit_db_prepare(db, merge_sql[i], &st, d) < 0)
                        return TKIT_E_DB;
                int rc = sqlite3_bind_int64(st, 1, offset);
                if (rc == SQLITE_OK)
                        rc = sqlite3_step(st);
                if (i == 0 && merged)
                        *merged = sqlite3_changes(db->sql);
                sqlite3_finalize(st);
                if (rc != SQLITE_DONE)
                        return tkit_dbi_report(db, rc, d, "merging layouts");
        }
        return 0;
}

int tkit_db_merge_layouts(struct tkit_db *db, const char *shard_path, int *merged,
                          struct tkit_diags *d)
{
        sqlite3_stmt *st = NULL;
        sqlite3_int64 offset = 0;
        int err;
        if (merged)
                *merged = 0;
        if ((err = check_shard(db, shard_path, d)) < 0)
                return err;
        /* ATTACH cannot run inside a transaction: attach first, then one write transaction. */
        if (tkit_db_prepare(db, "ATTACH DATABASE ? AS shard", &st, d) < 0)
                return TKIT_E_DB;
        int rc = sqlite3_bind_text(st, 1, shard_path, -1, SQLITE_STATIC);
        if (rc == SQLITE_OK)
                rc = sqlite3_step(st);
        sqlite3_finalize(st);
        if (rc != SQLITE_DONE)
                return tkit_dbi_report(db, rc, d, "cannot attach %s", shard_path);
        err = tkit_dbi_begin(db, d);
        if (!err)
                err = layout_offset(db, &offset, d);
        if (!err)
                err = copy_rows(db, offset, merged, d);
        if (!err)
                err = tkit_dbi_commit(db, d);
        if (err) {
                tkit_dbi_rollback(db);
                if (merged)
                        *merged = 0;
        }
        sqlite3_exec(db->sql, "DETACH DATABASE shard", NULL, NULL, NULL);
        return err;
}
