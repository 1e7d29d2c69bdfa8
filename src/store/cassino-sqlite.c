/* cassino-sqlite.c: a small SQLite connection and statement API
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include "cassino-sqlite.h"

#include <errno.h>
#include <stdarg.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (cassino-sqlite-error-quark, cassino_sqlite_error)

struct _CassinoSqlite {
  sqlite3    *handle;
  char       *path;
  GHashTable *statements;   /* SQL text (owned) -> sqlite3_stmt* */
  guint       depth;        /* open transactions */
};

static void
statement_free (gpointer data)
{
  sqlite3_finalize (data);
}

/* A full disk is said so: SQLite says "database or disk is full" for
 * SQLITE_FULL, and only "disk I/O error" when the disk fills while it
 * syncs or grows the WAL index (SQLITE_IOERR with ENOSPC: in
 * sqlite3_system_errno() where SQLite records it, else still in errno, as
 * @sys_errno taken straight after the call).  Either is SQLITE_FULL here.
 * Returns the code, *@msg the message to give. */
static int
explain (sqlite3     *handle,
         int          code,
         int          sys_errno,
         const char  *fallback,
         const char **msg)
{
  code &= 0xff;
  if (code == SQLITE_FULL ||
      (code == SQLITE_IOERR &&
       (sys_errno == ENOSPC || (handle && sqlite3_system_errno (handle) == ENOSPC))))
    {
      *msg = _("the disk is full (no room left to write the database)");
      return SQLITE_FULL;
    }
  *msg = fallback ? fallback : handle ? sqlite3_errmsg (handle) : sqlite3_errstr (code);
  return code;
}

void
cassino_sqlite_set_error (CassinoSqlite *db,
                          int            code,
                          const char    *what,
                          GError       **error)
{
  int sys_errno = errno;
  const char *msg;

  code = explain (db ? db->handle : NULL, code, sys_errno, NULL, &msg);
  g_set_error (error, CASSINO_SQLITE_ERROR, code, "%s: %s", what, msg);
}

CassinoSqlite *
cassino_sqlite_open (const char  *path,
                     gboolean     create,
                     GError     **error)
{
  CassinoSqlite *db;
  sqlite3 *handle = NULL;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);

  if (create)
    flags |= SQLITE_OPEN_CREATE;
  rc = sqlite3_open_v2 (path, &handle, flags, NULL);
  if (rc != SQLITE_OK)
    {
      g_set_error (error, CASSINO_SQLITE_ERROR, rc & 0xff, "%s: %s", path,
                   handle ? sqlite3_errmsg (handle) : sqlite3_errstr (rc));
      sqlite3_close (handle);
      return NULL;
    }
  sqlite3_extended_result_codes (handle, 0);

  db = g_new0 (CassinoSqlite, 1);
  db->handle = handle;
  db->path = g_strdup (path);
  db->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, statement_free);
  return db;
}

void
cassino_sqlite_close (CassinoSqlite *db)
{
  if (db == NULL)
    return;
  if (db->depth > 0)
    {
      g_warning ("closing %s with a transaction open: rolling back", db->path);
      sqlite3_exec (db->handle, "ROLLBACK", NULL, NULL, NULL);
    }
  g_hash_table_unref (db->statements);
  if (sqlite3_close (db->handle) != SQLITE_OK)
    g_warning ("closing %s: %s", db->path, sqlite3_errmsg (db->handle));
  g_free (db->path);
  g_free (db);
}

sqlite3 *
cassino_sqlite_get_handle (CassinoSqlite *db)
{
  return db->handle;
}

const char *
cassino_sqlite_get_path (CassinoSqlite *db)
{
  return db->path;
}

gboolean
cassino_sqlite_exec (CassinoSqlite  *db,
                     const char     *sql,
                     GError        **error)
{
  char *msg = NULL;
  int rc = sqlite3_exec (db->handle, sql, NULL, NULL, &msg);
  int sys_errno = errno;

  if (rc != SQLITE_OK)
    {
      const char *text;

      rc = explain (db->handle, rc, sys_errno, msg, &text);
      g_set_error (error, CASSINO_SQLITE_ERROR, rc, "%s", text);
      sqlite3_free (msg);
      return FALSE;
    }
  return TRUE;
}

sqlite3_stmt *
cassino_sqlite_prepare (CassinoSqlite  *db,
                        const char     *sql,
                        GError        **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (db->statements, sql);
  int rc;

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }

  rc = sqlite3_prepare_v3 (db->handle, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      cassino_sqlite_set_error (db, rc, "preparing a statement", error);
      sqlite3_finalize (stmt);
      return NULL;
    }
  g_hash_table_insert (db->statements, g_strdup (sql), stmt);
  return stmt;
}

CassinoSqliteStep
cassino_sqlite_step (CassinoSqlite  *db,
                     sqlite3_stmt   *stmt,
                     GError        **error)
{
  int rc = sqlite3_step (stmt);

  if (rc == SQLITE_ROW)
    return CASSINO_SQLITE_ROW;
  if (rc == SQLITE_DONE)
    {
      sqlite3_reset (stmt);
      return CASSINO_SQLITE_DONE;
    }
  /* sqlite3_reset() returns the same error again; keep the message first */
  cassino_sqlite_set_error (db, rc, "running a statement", error);
  sqlite3_reset (stmt);
  return CASSINO_SQLITE_ERROR_STEP;
}

gboolean
cassino_sqlite_step_done (CassinoSqlite  *db,
                          sqlite3_stmt   *stmt,
                          GError        **error)
{
  switch (cassino_sqlite_step (db, stmt, error))
    {
    case CASSINO_SQLITE_DONE:
      return TRUE;
    case CASSINO_SQLITE_ROW:
      sqlite3_reset (stmt);
      return TRUE;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }
}

gboolean
cassino_sqlite_step_int64 (CassinoSqlite  *db,
                           sqlite3_stmt   *stmt,
                           gint64          default_value,
                           gint64         *out_value,
                           GError        **error)
{
  *out_value = default_value;
  switch (cassino_sqlite_step (db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      if (sqlite3_column_type (stmt, 0) != SQLITE_NULL)
        *out_value = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      return TRUE;
    case CASSINO_SQLITE_DONE:
      return TRUE;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }
}

/* Prepare @sql and bind ?1, ?2… from @args, a letter of @types each. */
static sqlite3_stmt *
prepare_bound (CassinoSqlite  *db,
               GError        **error,
               const char     *sql,
               const char     *types,
               va_list         args)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (db, sql, error);
  int column = 1;

  if (stmt == NULL)
    return NULL;
  for (const char *t = types; *t; t++, column++)
    switch (*t)
      {
      case 'i':
        sqlite3_bind_int64 (stmt, column, va_arg (args, gint64));
        break;
      case 'n':
        sqlite3_bind_int (stmt, column, va_arg (args, int));
        break;
      case 'd':
        sqlite3_bind_double (stmt, column, va_arg (args, double));
        break;
      case 't':
        {
          const char *text = va_arg (args, const char *);

          if (text)
            sqlite3_bind_text (stmt, column, text, -1, SQLITE_TRANSIENT);
          else
            sqlite3_bind_null (stmt, column);
        }
        break;
      default:
        g_assert_not_reached ();
      }
  return stmt;
}

gboolean
cassino_sqlite_run (CassinoSqlite  *db,
                    GError        **error,
                    const char     *sql,
                    const char     *types,
                    ...)
{
  sqlite3_stmt *stmt;
  va_list args;

  va_start (args, types);
  stmt = prepare_bound (db, error, sql, types, args);
  va_end (args);
  return stmt != NULL && cassino_sqlite_step_done (db, stmt, error);
}

GArray *
cassino_sqlite_query_ids (CassinoSqlite  *db,
                          GError        **error,
                          const char     *sql,
                          const char     *types,
                          ...)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  va_list args;

  va_start (args, types);
  stmt = prepare_bound (db, error, sql, types, args);
  va_end (args);
  if (stmt == NULL)
    return NULL;
  for (;;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          gint64 id = sqlite3_column_int64 (stmt, 0);

          g_array_append_val (ids, id);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return g_steal_pointer (&ids);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return NULL;
      }
}

gboolean
cassino_sqlite_query_int64 (CassinoSqlite  *db,
                            const char     *sql,
                            gint64          default_value,
                            gint64         *out_value,
                            GError        **error)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (db, sql, error);

  *out_value = default_value;
  return stmt != NULL && cassino_sqlite_step_int64 (db, stmt, default_value, out_value, error);
}

static gboolean
begin (CassinoSqlite  *db,
       gboolean        write,
       GError        **error)
{
  g_autofree char *sql = NULL;

  if (db->depth == 0)
    sql = g_strdup (write ? "BEGIN IMMEDIATE" : "BEGIN");
  else
    sql = g_strdup_printf ("SAVEPOINT cassino_%u", db->depth);
  if (!cassino_sqlite_exec (db, sql, error))
    return FALSE;
  db->depth++;
  return TRUE;
}

gboolean
cassino_sqlite_begin (CassinoSqlite  *db,
                      GError        **error)
{
  return begin (db, TRUE, error);
}

gboolean
cassino_sqlite_end (CassinoSqlite  *db,
                    gboolean        success,
                    GError        **error)
{
  g_autofree char *sql = NULL;

  g_return_val_if_fail (db->depth > 0, FALSE);

  db->depth--;
  if (success)
    {
      if (db->depth == 0)
        sql = g_strdup ("COMMIT");
      else
        sql = g_strdup_printf ("RELEASE cassino_%u", db->depth);
      if (cassino_sqlite_exec (db, sql, error))
        return TRUE;
      g_clear_pointer (&sql, g_free);
      /* a failed COMMIT leaves the transaction open: roll it back */
    }

  if (db->depth == 0)
    sql = g_strdup ("ROLLBACK");
  else
    sql = g_strdup_printf ("ROLLBACK TO cassino_%u; RELEASE cassino_%u", db->depth, db->depth);
  if (sqlite3_get_autocommit (db->handle) == 0 || db->depth > 0)
    {
      char *msg = NULL;

      if (sqlite3_exec (db->handle, sql, NULL, NULL, &msg) != SQLITE_OK)
        g_warning ("rolling back: %s", msg);
      sqlite3_free (msg);
    }
  return FALSE;
}

gboolean
cassino_sqlite_transact (CassinoSqlite      *db,
                         gboolean            write,
                         CassinoSqliteFunc   func,
                         gpointer            data,
                         GError            **error)
{
  gboolean ok;

  g_return_val_if_fail (db != NULL, FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (!begin (db, write, error))
    return FALSE;
  ok = func (db, data, error);
  /* a failed body keeps its own error; a failed commit sets one */
  return cassino_sqlite_end (db, ok, ok ? error : NULL) && ok;
}

guint
cassino_sqlite_get_depth (CassinoSqlite *db)
{
  return db->depth;
}

gint64
cassino_sqlite_last_insert_rowid (CassinoSqlite *db)
{
  return sqlite3_last_insert_rowid (db->handle);
}

int
cassino_sqlite_changes (CassinoSqlite *db)
{
  return sqlite3_changes (db->handle);
}
