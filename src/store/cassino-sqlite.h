/* cassino-sqlite.h: a small SQLite connection and statement API
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Epiphany's shape (lib/ephy-sqlite-connection.c), mended: stepping a
 * statement says row / done / error apart, statements are prepared once and
 * cached, transactions nest with savepoints and a failed one is rolled back,
 * every failure is a GError.
 *
 * A CassinoSqlite is used by one thread at a time.
 */
#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

#define CASSINO_SQLITE_ERROR (cassino_sqlite_error_quark ())
GQuark cassino_sqlite_error_quark (void);

/* Error codes of CASSINO_SQLITE_ERROR are SQLite's primary result codes
 * (SQLITE_BUSY, SQLITE_CORRUPT, SQLITE_NOTADB, ...). */

typedef enum {
  CASSINO_SQLITE_ROW,    /* a row is ready: read it with sqlite3_column_*() */
  CASSINO_SQLITE_DONE,   /* the statement has finished */
  CASSINO_SQLITE_ERROR_STEP,  /* it failed: the GError says why */
} CassinoSqliteStep;

typedef struct _CassinoSqlite CassinoSqlite;

/* Open (creating when @create) the database at @path, or ":memory:".
 * Nothing is read yet: a file that is not a database fails on the first
 * statement, not here.  Free with cassino_sqlite_close(). */
CassinoSqlite *cassino_sqlite_open    (const char     *path,
                                       gboolean        create,
                                       GError        **error);
/* Finalize the cached statements and close.  NULL is accepted. */
void           cassino_sqlite_close   (CassinoSqlite  *db);

sqlite3       *cassino_sqlite_get_handle (CassinoSqlite *db);
const char    *cassino_sqlite_get_path   (CassinoSqlite *db);

/* Run one or more statements that return no rows of interest. */
gboolean       cassino_sqlite_exec    (CassinoSqlite  *db,
                                       const char     *sql,
                                       GError        **error);

/* A prepared statement for @sql, from the cache: reset, bindings cleared,
 * owned by @db (do not finalize it).  NULL with @error on failure. */
sqlite3_stmt  *cassino_sqlite_prepare (CassinoSqlite  *db,
                                       const char     *sql,
                                       GError        **error);

/* Step @stmt.  On DONE and ERROR the statement is reset. */
CassinoSqliteStep cassino_sqlite_step (CassinoSqlite  *db,
                                       sqlite3_stmt   *stmt,
                                       GError        **error);

/* Step a statement that must finish without a row (INSERT, UPDATE...). */
gboolean       cassino_sqlite_step_done (CassinoSqlite *db,
                                         sqlite3_stmt  *stmt,
                                         GError       **error);

/* Step a query of one number (a count, a sum): its first row's first
 * column in @out_value, @default_value without a row or for NULL; the
 * statement is reset.  FALSE with @error. */
gboolean       cassino_sqlite_step_int64 (CassinoSqlite *db,
                                          sqlite3_stmt  *stmt,
                                          gint64         default_value,
                                          gint64        *out_value,
                                          GError       **error);

/* Prepare @sql, bind its parameters ?1, ?2… from the arguments, one per
 * letter of @types: 'i' a gint64, 'n' an int, 'd' a double, 't' a string
 * (NULL binds NULL), and step it to the end (an INSERT, UPDATE or DELETE).
 * FALSE with @error.  cassino_sqlite_changes() then tells how many rows it
 * changed. */
gboolean       cassino_sqlite_run     (CassinoSqlite  *db,
                                       GError        **error,
                                       const char     *sql,
                                       const char     *types,
                                       ...);

/* The first column of every row of @sql (bound as for
 * cassino_sqlite_run()) as integers: a GArray of gint64, or NULL with
 * @error.  Returns: (transfer full) */
GArray        *cassino_sqlite_query_ids (CassinoSqlite  *db,
                                         GError        **error,
                                         const char     *sql,
                                         const char     *types,
                                         ...);

/* The first column of the first row of @sql as an integer; @default_value
 * when there is no row.  FALSE on error. */
gboolean       cassino_sqlite_query_int64 (CassinoSqlite *db,
                                           const char    *sql,
                                           gint64         default_value,
                                           gint64        *out_value,
                                           GError       **error);

/* Transactions nest: the outermost is BEGIN IMMEDIATE ... COMMIT, inner
 * ones are savepoints.  end() commits when @success, else rolls back (and
 * then always returns FALSE); a failed commit is rolled back too. */
gboolean       cassino_sqlite_begin   (CassinoSqlite  *db,
                                       GError        **error);
gboolean       cassino_sqlite_end     (CassinoSqlite  *db,
                                       gboolean        success,
                                       GError        **error);
guint          cassino_sqlite_get_depth (CassinoSqlite *db);

/* The body of a transaction: FALSE with @error to roll it back. */
typedef gboolean (*CassinoSqliteFunc) (CassinoSqlite  *db,
                                       gpointer        data,
                                       GError        **error);

/* Run @func (@db, @data) inside one transaction, the one place that
 * begins, commits or rolls back: BEGIN IMMEDIATE when @write (the write
 * lock first, so that it never fails half-way for another writer), BEGIN
 * otherwise (one consistent snapshot for several reads); a savepoint when
 * a transaction is already open.  Committed when @func returns TRUE,
 * rolled back otherwise (and when the commit fails). */
gboolean       cassino_sqlite_transact (CassinoSqlite      *db,
                                        gboolean            write,
                                        CassinoSqliteFunc   func,
                                        gpointer            data,
                                        GError            **error);

gint64         cassino_sqlite_last_insert_rowid (CassinoSqlite *db);
int            cassino_sqlite_changes (CassinoSqlite *db);

/* Set @error from the connection's last error (@what says what failed). */
void           cassino_sqlite_set_error (CassinoSqlite *db,
                                         int            code,
                                         const char    *what,
                                         GError       **error);

G_END_DECLS
