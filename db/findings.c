/* Check findings: replaced per set, in one transaction. */
#include "db-private.h"

#include <stdlib.h>

static int del_findings(struct tkit_db *db, sqlite3_stmt *del, const char *set,
                        struct tkit_diags *d)
{
        int rc = tkit_dbi_bind(del, "t", set);
        if (rc == SQLITE_OK)
                rc = tkit_dbi_step_done(del);
        else
                sqlite3_clear_bindings(del);
        return rc == SQLITE_DONE ? 0
                                 : tkit_dbi_report(db, rc, d, "deleting the findings of '%s'", set);
}

static int put_finding(struct tkit_db *db, sqlite3_stmt *ins, const struct tkit_diag *g,
                       const char *set, struct tkit_diags *d)
{
        int rc = tkit_dbi_bind(ins, "ttttitt", set, tkit_severity_name(g->severity), g->rule,
                               g->file, g->line, g->tile, g->message ? g->message : "");
        if (rc == SQLITE_OK)
                rc = tkit_dbi_step_done(ins);
        else
                sqlite3_clear_bindings(ins);
        return rc == SQLITE_DONE ? 0 : tkit_dbi_report(db, rc, d, "storing a finding");
}

int tkit_db_store_findings(struct tkit_db *db, const struct tkit_diags *found,
                           const char *const *set_ids, size_t nsets, struct tkit_diags *d)
{
        sqlite3_stmt *del = NULL, *del_null = NULL, *ins = NULL;
        int err = TKIT_E_DB;
        if (tkit_db_prepare(db, "DELETE FROM findings WHERE set_id = ?", &del, d) < 0 ||
            tkit_db_prepare(db, "DELETE FROM findings WHERE set_id IS NULL", &del_null, d) < 0 ||
            tkit_db_prepare(db,
                            "INSERT INTO findings (set_id, severity, rule, file, line, tile,"
                            " message) VALUES (?, ?, ?, ?, ?, ?, ?)",
                            &ins, d) < 0)
                goto out;
        if (tkit_dbi_begin(db, d) < 0)
                goto out;
        for (size_t i = 0; i < nsets; i++)
                if (del_findings(db, del, set_ids[i], d) < 0)
                        goto rollback;
        int rc = tkit_dbi_step_done(del_null);
        if (rc != SQLITE_DONE) {
                tkit_dbi_report(db, rc, d, "deleting findings");
                goto rollback;
        }
        for (size_t i = 0; i < found->n; i++) {
                const struct tkit_diag *g = &found->v[i];
                const char *set = g->set ? g->set : nsets == 1 ? set_ids[0] : NULL;
                if (put_finding(db, ins, g, set, d) < 0)
                        goto rollback;
        }
        err = tkit_dbi_commit(db, d);
        goto out;
rollback:
        tkit_dbi_rollback(db);
out:
        sqlite3_finalize(del);
        sqlite3_finalize(del_null);
        sqlite3_finalize(ins);
        return err;
}
