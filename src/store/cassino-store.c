/* cassino-store.c: opening the database, corruption, migrations, players
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "cassino-store.h"
#include "cassino-store-private.h"
#include "cassino-store-stats.h"

/* Files up to this size are fully checked (PRAGMA integrity_check) at open. */
#define CASSINO_STORE_WHOLE_CHECK_MAX_BYTES (16 * 1024 * 1024)

G_DEFINE_QUARK (cassino-store-error-quark, cassino_store_error)

G_DEFINE_FINAL_TYPE (CassinoStore, cassino_store, G_TYPE_OBJECT)

static void
cassino_store_finalize (GObject *object)
{
  CassinoStore *self = CASSINO_STORE (object);

  g_clear_pointer (&self->db, cassino_sqlite_close);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->moved_aside, g_free);

  G_OBJECT_CLASS (cassino_store_parent_class)->finalize (object);
}

static void
cassino_store_class_init (CassinoStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cassino_store_finalize;
}

static void
cassino_store_init (CassinoStore *self)
{
}

CassinoSqlite *
_cassino_store_get_db (CassinoStore *store)
{
  return store->db;
}

void
_cassino_store_convert_error (GError **error)
{
  GError *e;
  int code;

  if (error == NULL || *error == NULL || (*error)->domain != CASSINO_SQLITE_ERROR)
    return;
  e = *error;
  switch (e->code)
    {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = CASSINO_STORE_ERROR_BUSY;
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      code = CASSINO_STORE_ERROR_CORRUPT;
      break;
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_READONLY:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_AUTH:
      code = CASSINO_STORE_ERROR_OPEN;
      break;
    case SQLITE_CONSTRAINT:
      code = CASSINO_STORE_ERROR_INVALID;
      break;
    default:
      code = CASSINO_STORE_ERROR_SQL;
      break;
    }
  e->domain = CASSINO_STORE_ERROR;
  e->code = code;
}

typedef struct {
  CassinoStore     *store;
  CassinoStoreFunc  func;
  gpointer          data;
} Body;

static gboolean
run_body (CassinoSqlite  *db,
          gpointer        data,
          GError        **error)
{
  Body *body = data;

  return body->func (body->store, body->data, error);
}

static gboolean
transact (CassinoStore      *store,
          gboolean           write,
          CassinoStoreFunc   func,
          gpointer           data,
          GError           **error)
{
  Body body = { store, func, data };

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  if (cassino_sqlite_transact (store->db, write, run_body, &body, error))
    return TRUE;
  _cassino_store_convert_error (error);
  return FALSE;
}

gboolean
cassino_store_transact (CassinoStore      *store,
                        CassinoStoreFunc   func,
                        gpointer           data,
                        GError           **error)
{
  return transact (store, TRUE, func, data, error);
}

gboolean
cassino_store_read (CassinoStore      *store,
                    CassinoStoreFunc   func,
                    gpointer           data,
                    GError           **error)
{
  return transact (store, FALSE, func, data, error);
}

char *
cassino_store_get_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "cassino", "cassino.db", NULL);
}

const char *
cassino_store_get_path (CassinoStore *store)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);
  return store->path;
}

const char *
cassino_store_get_moved_aside_path (CassinoStore *store)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);
  return store->moved_aside;
}

guint
cassino_store_get_schema_version (void)
{
  return _cassino_store_schema_n_versions ();
}

/* Opening */

typedef enum {
  CHECK_OK,
  CHECK_CORRUPT,    /* move aside and start again */
  CHECK_REFUSE,     /* leave it alone, fail */
} CheckResult;

static gboolean
is_corruption (const GError *error)
{
  return error->domain == CASSINO_SQLITE_ERROR &&
         (error->code == SQLITE_CORRUPT || error->code == SQLITE_NOTADB ||
          error->code == SQLITE_FORMAT);
}

/* Whether @path is plainly not an SQLite database: a non-empty file
 * without the header.  The first bytes are read through SQLite's own file
 * layer, without a query (so that its -wal file is not touched), and
 * never with a descriptor of our own: closing any descriptor of the file
 * releases every POSIX lock this process holds on it, those of the
 * connections already open on it included (another store of the same
 * database in this process: the history view's).  Another process could
 * then take the database for its last user, checkpoint and delete the WAL
 * those connections go on writing into, and every move they record after
 * that is lost (https://www.sqlite.org/howtocorrupt.html, 2.2).  SQLite
 * keeps such descriptors open until the last lock on the file is gone. */
/* The first @n bytes of the regular file @path, read as above (through
 * SQLite, never with a descriptor of ours); how many were read, or -1
 * when it could not be read.  Its size in @out_size. */
int
_cassino_store_read_head (const char    *path,
                          char          *head,
                          int            n,
                          sqlite3_int64 *out_size)
{
  sqlite3 *db = NULL;
  sqlite3_file *file = NULL;
  sqlite3_int64 size = 0;
  int read = -1;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
      sqlite3_file_control (db, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK &&
      file != NULL && file->pMethods != NULL &&
      file->pMethods->xFileSize (file, &size) == SQLITE_OK)
    {
      read = (int) MIN (size, (sqlite3_int64) n);
      if (read > 0 && file->pMethods->xRead (file, head, read, 0) != SQLITE_OK)
        read = -1;
    }
  sqlite3_close (db);
  if (out_size)
    *out_size = size;
  return read;
}

/* Whether the @n bytes at @head open an SQLite database file. */
gboolean
_cassino_store_is_sqlite_header (const char *head,
                                 int         n)
{
  static const char magic[16] = "SQLite format 3";   /* and its NUL */

  return n >= (int) sizeof magic && memcmp (head, magic, sizeof magic) == 0;
}

static gboolean
lacks_sqlite_header (const char    *path,
                     sqlite3_int64 *out_size)
{
  char header[16] = { 0 };
  sqlite3_int64 size = 0;
  gboolean lacks = FALSE;
  int n;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  n = _cassino_store_read_head (path, header, sizeof header, &size);
  if (n > 0)
    lacks = !_cassino_store_is_sqlite_header (header, n);
  *out_size = size;
  return lacks;
}

/* Whether a line of PRAGMA integrity_check says that an index does not
 * hold exactly its table's rows (REINDEX mends that, losing nothing),
 * not that a page is damaged. */
static gboolean
is_index_complaint (const char *line)
{
  return strstr (line, " missing from index ") != NULL ||
         g_str_has_prefix (line, "wrong # of entries in index ") ||
         g_str_has_prefix (line, "non-unique entry in index ");
}

/* PRAGMA integrity_check: what quick_check reads (every page), and also
 * that every index holds exactly the rows of its table.  An index that
 * lacks rows hides games from every list read through it, without an
 * error; its updates fail as "malformed".  On damage, *@index_only tells
 * whether every complaint was of an index's entries. */
static gboolean
whole_check (CassinoSqlite  *db,
             gboolean       *index_only,
             GError        **error)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *stmt = cassino_sqlite_prepare (db, "PRAGMA integrity_check(20)", error);
  CassinoSqliteStep rc;

  *index_only = FALSE;
  if (stmt == NULL)
    return FALSE;
  while ((rc = cassino_sqlite_step (db, stmt, error)) == CASSINO_SQLITE_ROW)
    g_ptr_array_add (lines, _cassino_column_dup (stmt, 0));
  sqlite3_reset (stmt);
  if (rc != CASSINO_SQLITE_DONE)
    return FALSE;
  if (lines->len == 1 && g_strcmp0 (lines->pdata[0], "ok") == 0)
    return TRUE;

  *index_only = lines->len > 0;
  for (guint i = 0; i < lines->len; i++)
    {
      g_strdelimit (lines->pdata[i], "\r\n", ' ');
      if (!is_index_complaint (lines->pdata[i]))
        *index_only = FALSE;
    }
  /* the first complaint names the damage; how many more there are */
  if (lines->len >= 20)
    g_set_error (error, CASSINO_SQLITE_ERROR, SQLITE_CORRUPT, "integrity_check: %s (and more)",
                 (char *) lines->pdata[0]);
  else if (lines->len > 1)
    g_set_error (error, CASSINO_SQLITE_ERROR, SQLITE_CORRUPT, "integrity_check: %s (and %u more)",
                 (char *) lines->pdata[0], lines->len - 1);
  else
    g_set_error (error, CASSINO_SQLITE_ERROR, SQLITE_CORRUPT, "integrity_check: %s",
                 lines->len ? (char *) lines->pdata[0] : "no answer");
  return FALSE;
}

/* The indexes that integrity_check found out of step with their tables
 * built again from the tables (the games themselves are whole); TRUE when
 * the file then passes the whole check. */
static gboolean
rebuild_indexes (CassinoSqlite  *db,
                 const char     *path,
                 GError        **error)
{
  g_autoptr(GError) local = NULL;
  gboolean index_only;

  if (!cassino_sqlite_exec (db, "REINDEX", &local) || !whole_check (db, &index_only, &local))
    {
      g_debug ("%s: REINDEX did not mend it: %s", path, local->message);
      /* a failure to wait for is told as such; any other leaves the
       * damage found first to be told */
      if (g_error_matches (local, CASSINO_SQLITE_ERROR, SQLITE_BUSY) ||
          g_error_matches (local, CASSINO_SQLITE_ERROR, SQLITE_LOCKED))
        {
          g_clear_error (error);
          g_propagate_error (error, g_steal_pointer (&local));
        }
      return FALSE;
    }
  g_message ("%s: the indexes did not match the games (%s); they have been built again",
             path, (*error)->message);
  g_clear_error (error);
  return TRUE;
}

gboolean
cassino_store_check_integrity (CassinoStore  *store,
                               GError       **error)
{
  gboolean index_only;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!whole_check (store->db, &index_only, error))
    {
      _cassino_store_convert_error (error);
      return FALSE;
    }
  return TRUE;
}

/* How long another program's lock is waited for: any step, and an open
 * that may wait; an open with CASSINO_STORE_OPEN_NO_WAIT. */
#define BUSY_TIMEOUT_MS 5000
#define NO_WAIT_BUSY_MS 1000

/* Set the connection up, read and check the file, migrate. */
static CheckResult
open_and_check (const char     *path,
                guint           target,
                guint           busy_ms,
                gboolean        check_all,
                gboolean        may_repair,
                CassinoSqlite **out_db,
                gboolean       *out_rebuilt,
                gboolean       *out_index_only,
                GError        **error)
{
  g_autoptr(GError) local = NULL;
  CassinoSqlite *db;
  gint64 version = 0;
  gint64 app_id = 0;
  gint64 n_objects = 0;
  guint latest = _cassino_store_schema_n_versions ();
  sqlite3_stmt *stmt;
  gboolean is_memory = g_strcmp0 (path, ":memory:") == 0;
  gboolean index_only = FALSE;
  sqlite3_int64 size = 0;

  *out_db = NULL;
  *out_rebuilt = FALSE;
  *out_index_only = FALSE;
  if (!is_memory && lacks_sqlite_header (path, &size))
    {
      g_set_error (error, CASSINO_SQLITE_ERROR, SQLITE_NOTADB, "%s: not an SQLite database", path);
      return CHECK_CORRUPT;
    }
  db = cassino_sqlite_open (path, TRUE, &local);
  if (db == NULL)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                   _("Cannot open the database “%s”: %s"), path, local->message);
      return CHECK_REFUSE;
    }
  sqlite3_busy_timeout (cassino_sqlite_get_handle (db), (int) busy_ms);

  /* The first reads of the file: a file that is not a database fails
   * here.  One statement, so that the three are of the same moment even
   * while another process is creating the file. */
  stmt = cassino_sqlite_prepare (db,
                                 "SELECT (SELECT user_version FROM pragma_user_version), "
                                 "(SELECT application_id FROM pragma_application_id), "
                                 "(SELECT count(*) FROM sqlite_schema)", &local);
  if (stmt == NULL || cassino_sqlite_step (db, stmt, &local) != CASSINO_SQLITE_ROW)
    goto failed;
  version = sqlite3_column_int64 (stmt, 0);
  app_id = sqlite3_column_int64 (stmt, 1);
  n_objects = sqlite3_column_int64 (stmt, 2);
  sqlite3_reset (stmt);

  if (version > latest)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_TOO_NEW,
                   _("The database “%s” was written by a newer version of Cassino "
                     "(schema %" PRId64 ", this version knows up to %u). "
                     "It has been left as it is: update Cassino to use it."),
                   path, version, latest);
      cassino_sqlite_close (db);
      return CHECK_REFUSE;
    }
  /* a negative user_version is no schema of ours: refused, not written to */
  if ((app_id != 0 && app_id != CASSINO_STORE_APPLICATION_ID) ||
      (version == 0 && n_objects > 0 && app_id == 0) || version < 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_FOREIGN,
                   _("“%s” is a database of another program; Cassino has left it alone."),
                   path);
      cassino_sqlite_close (db);
      return CHECK_REFUSE;
    }

  /* Cassino makes no triggers: one in the file would run with every
   * write of ours (a DELETE FROM moves on each new game, say) */
  stmt = cassino_sqlite_prepare (db, "SELECT name FROM sqlite_schema WHERE type = 'trigger' ORDER BY name", &local);
  if (stmt == NULL)
    goto failed;
  switch (cassino_sqlite_step (db, stmt, &local))
    {
    case CASSINO_SQLITE_ROW:
      {
        g_autofree char *trigger = _cassino_column_dup (stmt, 0);

        sqlite3_reset (stmt);
        /* Translators: the first %s is a file, the second the trigger's name */
        g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_FOREIGN,
                     _("The database “%s” holds a trigger, “%s”, that Cassino did not make: it would "
                       "run whenever Cassino writes, and could change or delete games. Cassino has "
                       "left the file alone; remove the trigger to use it."),
                     path, trigger);
        cassino_sqlite_close (db);
        return CHECK_REFUSE;
      }
    case CASSINO_SQLITE_DONE:
      sqlite3_reset (stmt);
      break;
    default:
      goto failed;
    }

  if (!is_memory)
    {
      g_autofree char *mode = NULL;

      stmt = cassino_sqlite_prepare (db, "PRAGMA journal_mode = WAL", &local);
      if (stmt == NULL)
        goto failed;
      /* Switching a new file to WAL upgrades a read lock to a write lock,
       * which SQLite refuses at once (no busy timeout) while another
       * process creating the same file holds its write lock: wait for it
       * as the busy timeout would. */
      for (guint tries = 0; cassino_sqlite_step (db, stmt, &local) != CASSINO_SQLITE_ROW; tries++)
        {
          if (tries >= busy_ms / 10 || !g_error_matches (local, CASSINO_SQLITE_ERROR, SQLITE_BUSY))
            goto failed;
          g_clear_error (&local);
          g_usleep (10 * 1000);
        }
      mode = _cassino_column_dup (stmt, 0);
      sqlite3_reset (stmt);
      if (g_ascii_strcasecmp (mode, "wal") != 0)
        g_warning ("%s: journal mode is %s, not WAL", path, mode);
    }
  if (!cassino_sqlite_exec (db, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON", &local))
    goto failed;

  if (version > 0)
    {
      gint64 pages = 0, page_size = 0;

      if (!cassino_sqlite_query_int64 (db, "PRAGMA page_count", 0, &pages, &local) ||
          !cassino_sqlite_query_int64 (db, "PRAGMA page_size", 0, &page_size, &local))
        goto failed;
      /* A full check reads the whole file: at open only while that is
       * quick.  Larger files get the structural probes of the schema check
       * and the whole check with CASSINO_STORE_OPEN_CHECK_ALL or
       * cassino_store_check_integrity() when the caller can afford it. */
      if ((check_all || pages * page_size <= CASSINO_STORE_WHOLE_CHECK_MAX_BYTES) &&
          !whole_check (db, &index_only, &local))
        {
          /* indexes out of step with whole tables are built again, by an
           * open that may change the file; any other damage is salvaged */
          if (!index_only || !may_repair)
            goto failed;
          if (!rebuild_indexes (db, path, &local))
            {
              index_only = FALSE;
              goto failed;
            }
          *out_rebuilt = TRUE;
        }
      if (!_cassino_store_schema_check (db, (guint) version, &local))
        {
          if (local->domain == CASSINO_STORE_ERROR)
            {
              local->domain = CASSINO_SQLITE_ERROR;
              local->code = SQLITE_CORRUPT;
            }
          goto failed;
        }
    }

  if (version < target &&
      (!_cassino_store_migrate (db, target, &local) ||
       !_cassino_store_schema_check (db, target, &local)))
    goto failed;

  /* opened: from now on another program's lock is waited for as long
   * as a write may take */
  sqlite3_busy_timeout (cassino_sqlite_get_handle (db), BUSY_TIMEOUT_MS);
  *out_db = db;
  return CHECK_OK;

failed:
  cassino_sqlite_close (db);
  if (is_corruption (local))
    {
      *out_index_only = index_only;
      g_debug ("%s is corrupt: %s", path, local->message);
      g_propagate_error (error, g_steal_pointer (&local));
      return CHECK_CORRUPT;
    }
  if (local->domain == CASSINO_SQLITE_ERROR &&
      (local->code == SQLITE_BUSY || local->code == SQLITE_LOCKED))
    g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY,
                 _("The database “%s” is busy: another program is using it (%s)."),
                 path, local->message);
  else
    g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                 _("Cannot read the database “%s”: %s"), path, local->message);
  return CHECK_REFUSE;
}

/* Rename @path and its -wal and -shm files to PATH.corrupt-STAMP. */
static char *
move_aside (const char  *path,
            GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *target = g_strdup_printf ("%s.corrupt-%s", path, stamp);
  static const char *const suffixes[] = { "-wal", "-shm" };

  for (guint n = 2; g_file_test (target, G_FILE_TEST_EXISTS); n++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.corrupt-%s-%u", path, stamp, n);
    }

  if (g_rename (path, target) != 0)
    {
      int saved = errno;

      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT,
                   _("The database “%s” is damaged and could not be moved aside: %s"),
                   path, g_strerror (saved));
      return NULL;
    }
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *from = g_strconcat (path, suffixes[i], NULL);
      g_autofree char *to = g_strconcat (target, suffixes[i], NULL);

      if (g_file_test (from, G_FILE_TEST_EXISTS) && g_rename (from, to) != 0)
        g_warning ("could not move %s to %s: %s", from, to, g_strerror (errno));
    }
  g_message ("%s was damaged; it has been moved to %s", path, target);
  return g_steal_pointer (&target);
}

/* Remove the database file @path and the files SQLite keeps beside it. */
static void
remove_database_files (const char *path)
{
  static const char *const suffixes[] = { "", "-journal", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *file = g_strconcat (path, suffixes[i], NULL);

      g_unlink (file);
    }
}

/* While a salvage runs, PATH.salvaging names the file moved aside: a
 * salvage cut short (the program killed) left a sound database at PATH
 * with some of the games, or none, and nothing said so.  The next open
 * that may salvage starts it again from the file moved aside; a reader
 * says so and reads nothing. */
static char *
salvage_marker (const char *path)
{
  return g_strconcat (path, ".salvaging", NULL);
}

static char *
unfinished_salvage (const char *path)
{
  g_autofree char *marker = salvage_marker (path);
  g_autofree char *name = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *moved = NULL;

  if (!g_file_get_contents (marker, &name, NULL, NULL))
    return NULL;
  /* (its name beside the database, whatever folder the program ran in) */
  g_strchomp (name);
  moved = g_build_filename (dir, name, NULL);
  if (*name == '\0' || strchr (name, G_DIR_SEPARATOR) || !g_file_test (moved, G_FILE_TEST_IS_REGULAR))
    {
      /* the file moved aside is gone: nothing left to start again from */
      g_unlink (marker);
      return NULL;
    }
  return g_steal_pointer (&moved);
}

static CassinoStore *open_salvaging_now (const char  *path,
                                         const char  *moved,
                                         GError     **error);

/* The damaged database has been moved to @moved: start a new one at
 * @path and copy into it every game that can still be read. */
static CassinoStore *
open_salvaging (const char  *path,
                const char  *moved,
                GError     **error)
{
  g_autofree char *marker = salvage_marker (path);
  g_autofree char *name = g_path_get_basename (moved);
  CassinoStore *store;

  if (!g_file_set_contents (marker, name, -1, NULL))
    g_warning ("could not write %s: a salvage cut short would not be started again", marker);
  store = open_salvaging_now (path, moved, error);
  if (store != NULL)
    g_unlink (marker);
  return store;
}

static CassinoStore *
open_salvaging_now (const char  *path,
                    const char  *moved,
                    GError     **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(CassinoStore) store = NULL;
  guint latest = _cassino_store_schema_n_versions ();
  /* a file without SQLite's header holds nothing to read (and opening it
   * would only leave a -shm file beside it) */
  sqlite3_int64 moved_size = 0;
  gboolean readable = !lacks_sqlite_header (moved, &moved_size);
  /* without its header or its schema SQLite cannot read the file at all:
   * it is read page by page into a file beside it, and that is salvaged */
  g_autofree char *scanned = NULL;
  const char *source = moved;
  guint version;
  CassinoSqlite *db = NULL;
  gboolean rebuilt_index, index_only;
  g_autoptr(GArray) rebuilt = g_array_new (FALSE, FALSE, sizeof (gint64));
  /* the games to replay before they are kept: every one (a page whose
   * bits flipped reads without an error, with moves left out or their
   * text garbled: "60 saved, 0 lost" kept games that did not replay) */
  g_autoptr(GArray) to_verify = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (g_file_test (moved, G_FILE_TEST_IS_REGULAR) &&
      (!readable || !_cassino_store_salvage_schema_readable (moved)))
    {
      guint rows = 0;

      scanned = g_strconcat (moved, ".pages", NULL);
      remove_database_files (scanned);
      if (_cassino_store_scan (moved, scanned, &rows, &local))
        {
          g_message ("%s: its schema cannot be read; %u rows found reading it page by page", moved, rows);
          source = scanned;
          readable = TRUE;
        }
      else
        {
          g_warning ("reading %s page by page: %s", moved, local->message);
          g_clear_error (&local);
        }
    }
  version = readable ? _cassino_store_salvage_version (source) : 0;

  /* the copy is made at the schema of the damaged file, so that the
   * migrations after it treat the games saved as any others */
  if (version == 0 || version > latest)
    version = latest;
  if (open_and_check (path, version, BUSY_TIMEOUT_MS, FALSE, FALSE, &db, &rebuilt_index, &index_only, &local) != CHECK_OK)
    {
      if (scanned)
        remove_database_files (scanned);
      g_propagate_error (error, g_steal_pointer (&local));
      _cassino_store_convert_error (error);
      return NULL;
    }
  store = g_object_new (CASSINO_TYPE_STORE, NULL);
  store->db = db;
  store->path = g_strdup (path);
  store->moved_aside = g_strdup (moved);
  if (readable &&
      !_cassino_store_salvage (source, db, &store->n_salvaged, &store->n_lost, rebuilt, to_verify,
                               TRUE, &local))
    {
      /* the new database refused the copy: whatever it holds is sound,
       * the games are still in the file moved aside */
      g_warning ("salvaging %s: %s", moved, local->message);
      g_clear_error (&local);
    }
  /* games lost through SQLite's b-trees may still be whole on their own
   * pages: a damaged interior page of moves, say, hides every game's moves
   * from SQLite.  A second pass reads the file page by page for them. */
  if (scanned == NULL && store->n_lost > 0)
    {
      guint rows = 0, saved = 0, lost = 0;

      scanned = g_strconcat (moved, ".pages", NULL);
      remove_database_files (scanned);
      if (!_cassino_store_scan (moved, scanned, &rows, &local) ||
          !_cassino_store_salvage (scanned, db, &saved, &lost, rebuilt, to_verify, TRUE, &local))
        {
          g_warning ("reading %s page by page: %s", moved, local->message);
          g_clear_error (&local);
        }
      g_message ("%s: %u rows found reading it page by page, %u more games saved", moved, rows, saved);
      store->n_salvaged += saved;
      store->n_lost = store->n_lost > saved ? store->n_lost - saved : 0;
    }
  if (scanned)
    remove_database_files (scanned);
  if (!_cassino_store_migrate (db, latest, &local) ||
      !_cassino_store_schema_check (db, latest, &local) ||
      !_cassino_store_salvage_finish (store, rebuilt, to_verify, &store->n_salvaged, &store->n_lost,
                                      &local) ||
      ((store->n_salvaged > 0) && !cassino_store_rebuild_derived (store, &local)))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      _cassino_store_convert_error (error);
      return NULL;
    }
  g_message ("%s: %u games saved from the damaged database (%u of them rebuilt around a lost row), "
             "%u could not be read", path, store->n_salvaged, rebuilt->len, store->n_lost);
  return g_steal_pointer (&store);
}

CassinoStore *
cassino_store_open (const char  *path,
                    GError     **error)
{
  return cassino_store_open_full (path, CASSINO_STORE_OPEN_DEFAULT, error);
}

CassinoStore *
cassino_store_open_full (const char             *path,
                         CassinoStoreOpenFlags   flags,
                         GError                **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *moved = NULL;
  CassinoSqlite *db = NULL;
  CassinoStore *store;
  gboolean is_memory;
  gboolean rebuilt = FALSE, index_only = FALSE;
  gboolean no_salvage = (flags & CASSINO_STORE_OPEN_NO_SALVAGE) != 0;
  sqlite3_int64 size = 0;

  g_return_val_if_fail (path != NULL, NULL);

  is_memory = g_strcmp0 (path, ":memory:") == 0;
  if (!is_memory)
    {
      g_autofree char *dir = g_path_get_dirname (path);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved = errno;

          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                       _("Cannot create the folder “%s”: %s"), dir, g_strerror (saved));
          return NULL;
        }
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          /* Translators: %s is the path given as the database */
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                       _("Cannot open the database “%s”: it is a folder, not a file."), path);
          return NULL;
        }
      /* a device (/dev/null), a pipe or a socket, or a link to one:
       * SQLite says "disk I/O error" of them, or waits on a pipe */
      if (g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          /* Translators: %s is the path given as the database */
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                       _("Cannot open the database “%s”: it is not a regular file (a device, a pipe or a socket)."),
                       path);
          return NULL;
        }
      if (g_file_test (path, G_FILE_TEST_EXISTS) && g_access (path, R_OK | W_OK) != 0)
        {
          int saved = errno;

          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                       _("Cannot open the database “%s”: %s"), path, g_strerror (saved));
          return NULL;
        }
      /* SQLite writes whole pages (512 bytes and up): a file without its
       * header that no page size divides was never a database (a record
       * or notes named by mistake on a command line).  A database whose
       * first page is damaged keeps its size, and is salvaged. */
      if ((flags & CASSINO_STORE_OPEN_KEEP_NON_DATABASE) && lacks_sqlite_header (path, &size) && size % 512 != 0)
        {
          /* Translators: %s is a file */
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_FOREIGN,
                       _("“%s” is not a database (it is not an SQLite file); Cassino has left it alone."),
                       path);
          return NULL;
        }
    }

  if (!is_memory)
    {
      g_autofree char *unfinished = unfinished_salvage (path);

      if (unfinished != NULL && no_salvage)
        {
          /* Translators: the first %s is the database, the second the damaged file it was made from */
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT,
                       _("The database “%s” was being saved from the damaged file %s when the program "
                         "stopped. Cassino starts again the next time it records a game in it."),
                       path, unfinished);
          return NULL;
        }
      if (unfinished != NULL)
        {
          g_message ("%s: the salvage from %s was cut short; it starts again", path, unfinished);
          remove_database_files (path);
          return open_salvaging (path, unfinished, error);
        }
    }

  switch (open_and_check (path, _cassino_store_schema_n_versions (),
                          (flags & CASSINO_STORE_OPEN_NO_WAIT) ? NO_WAIT_BUSY_MS : BUSY_TIMEOUT_MS,
                          (flags & CASSINO_STORE_OPEN_CHECK_ALL) != 0, !no_salvage,
                          &db, &rebuilt, &index_only, &local))
    {
    case CHECK_OK:
      break;
    case CHECK_REFUSE:
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    case CHECK_CORRUPT:
    default:
      if (is_memory)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          _cassino_store_convert_error (error);
          return NULL;
        }
      if (no_salvage && index_only)
        {
          /* Translators: the first %s is a file, the second what SQLite found wrong */
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT,
                       _("The database “%s” has a damaged index (%s): lists of games read through "
                         "it would leave games out. It has been left as it is; Cassino builds the "
                         "index again, losing nothing, the next time it records a game in it."),
                       path, local->message);
          return NULL;
        }
      if (no_salvage)
        {
          /* Translators: the first %s is a file, the second what SQLite found wrong */
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT,
                       _("The database “%s” is damaged (%s). It has been left as it is; "
                         "Cassino saves what can still be read the next time it records a game in it."),
                       path, local->message);
          return NULL;
        }
      g_clear_error (&local);
      moved = move_aside (path, error);
      if (moved == NULL)
        return NULL;
      return open_salvaging (path, moved, error);
    }

  store = g_object_new (CASSINO_TYPE_STORE, NULL);
  store->db = db;
  store->path = g_strdup (path);
  store->indexes_rebuilt = rebuilt;
  return store;
}

gboolean
cassino_store_get_indexes_rebuilt (CassinoStore *store)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  return store->indexes_rebuilt;
}

gboolean
cassino_store_get_salvage_counts (CassinoStore *store,
                                  guint        *out_saved,
                                  guint        *out_lost)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (out_saved)
    *out_saved = store->n_salvaged;
  if (out_lost)
    *out_lost = store->n_lost;
  return store->moved_aside != NULL;
}

/* Players */

void
cassino_store_player_free (CassinoStorePlayer *player)
{
  if (player == NULL)
    return;
  g_free (player->name);
  g_free (player->level);
  g_free (player->engine_version);
  g_free (player->colour);
  g_free (player->avatar);
  g_free (player);
}

static gint64
now_seconds (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

static gboolean
check_name (const char  *name,
            GError     **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (name ? name : ""));

  if (*stripped == '\0')
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("A player needs a name."));
      return FALSE;
    }
  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("A player’s name must be valid UTF-8."));
      return FALSE;
    }
  return TRUE;
}

gint64
cassino_store_find_human (CassinoStore  *store,
                          const char    *name,
                          GError       **error)
{
  sqlite3_stmt *stmt;
  gint64 id = 0;

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);
  g_return_val_if_fail (name != NULL, 0);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT id FROM players WHERE kind = 0 AND archived = 0 AND name = ?1",
                                 error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_TRANSIENT);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      return id;
    case CASSINO_SQLITE_DONE:
      return 0;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      goto failed;
    }
failed:
  _cassino_store_convert_error (error);
  return 0;
}

/* A new player, looked for and added in one transaction (two programs
 * adding the same name at once make one player). */
typedef struct {
  const char *name;
  const char *level;
  const char *engine_version;
  gint64      id;
} AddPlayer;

static gboolean
add_human (CassinoStore  *store,
           gpointer       data,
           GError       **error)
{
  AddPlayer *add = data;
  GError *local = NULL;

  if (cassino_store_find_human (store, add->name, &local) != 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE,
                   _("There is already a player called “%s”."), add->name);
      return FALSE;
    }
  if (local)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (!cassino_sqlite_run (store->db, error,
                           "INSERT INTO players (kind, name, created) VALUES (0, ?1, ?2)",
                           "ti", add->name, now_seconds ()))
    return FALSE;
  add->id = cassino_sqlite_last_insert_rowid (store->db);
  return TRUE;
}

gint64
cassino_store_add_human (CassinoStore  *store,
                         const char    *name,
                         GError       **error)
{
  AddPlayer add = { name };

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);

  if (!check_name (name, error))
    return 0;
  return cassino_store_transact (store, add_human, &add, error) ? add.id : 0;
}

gint64
cassino_store_ensure_human (CassinoStore  *store,
                            const char    *name,
                            GError       **error)
{
  g_autoptr(GError) local = NULL;
  gint64 id;

  if (!check_name (name, error))
    return 0;
  id = cassino_store_find_human (store, name, &local);
  if (local)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return 0;
    }
  if (id != 0)
    return id;
  return cassino_store_add_human (store, name, error);
}

static gboolean
ensure_computer (CassinoStore  *store,
                 gpointer       data,
                 GError       **error)
{
  AddPlayer *add = data;
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT id FROM players WHERE kind = 1 AND level = ?1 AND engine_version = ?2",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_text (stmt, 1, add->level, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 2, add->engine_version, -1, SQLITE_TRANSIENT);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      add->id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      return TRUE;
    case CASSINO_SQLITE_DONE:
      break;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }

  if (!cassino_sqlite_run (store->db, error,
                           "INSERT INTO players (kind, name, level, engine_version, created) "
                           "VALUES (1, ?1, ?2, ?3, ?4)",
                           "ttti", add->name && *add->name ? add->name : add->level, add->level,
                           add->engine_version, now_seconds ()))
    return FALSE;
  add->id = cassino_sqlite_last_insert_rowid (store->db);
  return TRUE;
}

gint64
cassino_store_ensure_computer (CassinoStore  *store,
                               const char    *level,
                               const char    *engine_version,
                               const char    *name,
                               GError       **error)
{
  AddPlayer add = { name, level, engine_version ? engine_version : ENGINE_VERSION, 0 };

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);

  if (level == NULL || *level == '\0')
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("A computer player needs a level."));
      return 0;
    }
  return cassino_store_transact (store, ensure_computer, &add, error) ? add.id : 0;
}

static gboolean
update_player (CassinoStore  *store,
               const char    *sql,
               gint64         player_id,
               const char    *text1,
               const char    *text2,
               gint64         value,
               GError       **error)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (store->db, sql, error);

  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, player_id);
  if (text1 == NULL && text2 == NULL && sqlite3_bind_parameter_count (stmt) == 2)
    sqlite3_bind_int64 (stmt, 2, value);           /* a number */
  else
    {
      _cassino_bind_text_or_null (stmt, 2, text1);
      if (sqlite3_bind_parameter_count (stmt) >= 3)
        _cassino_bind_text_or_null (stmt, 3, text2);
    }
  if (!cassino_sqlite_step_done (store->db, stmt, error))
    goto failed;
  if (cassino_sqlite_changes (store->db) == 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no player %" PRId64 "."), player_id);
      return FALSE;
    }
  return TRUE;

failed:
  _cassino_store_convert_error (error);
  return FALSE;
}

gboolean
cassino_store_rename_player (CassinoStore  *store,
                             gint64         player_id,
                             const char    *name,
                             GError       **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(CassinoStorePlayer) player = NULL;
  gint64 other;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!check_name (name, error))
    return FALSE;
  player = cassino_store_get_player (store, player_id, error);
  if (player == NULL)
    return FALSE;
  if (player->kind == CASSINO_SEAT_HUMAN && !player->archived)
    {
      other = cassino_store_find_human (store, name, &local);
      if (local)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      if (other != 0 && other != player_id)
        {
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE,
                       _("There is already a player called “%s”."), name);
          return FALSE;
        }
    }
  return update_player (store, "UPDATE players SET name = ?2 WHERE id = ?1",
                        player_id, name, NULL, 0, error);
}

gboolean
cassino_store_set_player_archived (CassinoStore  *store,
                                   gint64         player_id,
                                   gboolean       archived,
                                   GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!archived)
    {
      g_autoptr(CassinoStorePlayer) player = cassino_store_get_player (store, player_id, error);
      g_autoptr(GError) local = NULL;
      gint64 other;

      if (player == NULL)
        return FALSE;
      if (player->kind == CASSINO_SEAT_HUMAN && player->archived)
        {
          other = cassino_store_find_human (store, player->name, &local);
          if (local)
            {
              g_propagate_error (error, g_steal_pointer (&local));
              return FALSE;
            }
          if (other != 0)
            {
              g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE,
                           _("There is already a player called “%s”."), player->name);
              return FALSE;
            }
        }
    }
  return update_player (store, "UPDATE players SET archived = ?2 WHERE id = ?1",
                        player_id, NULL, NULL, archived ? 1 : 0, error);
}

gboolean
cassino_store_set_player_look (CassinoStore  *store,
                               gint64         player_id,
                               const char    *colour,
                               const char    *avatar,
                               GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  return update_player (store, "UPDATE players SET colour = ?2, avatar = ?3 WHERE id = ?1",
                        player_id, colour, avatar, 0, error);
}

#define PLAYER_COLUMNS "id, kind, name, level, engine_version, colour, avatar, archived, created"

static CassinoStorePlayer *
player_from_row (sqlite3_stmt *stmt)
{
  CassinoStorePlayer *p = g_new0 (CassinoStorePlayer, 1);

  p->id = sqlite3_column_int64 (stmt, 0);
  p->kind = sqlite3_column_int (stmt, 1) ? CASSINO_SEAT_COMPUTER : CASSINO_SEAT_HUMAN;
  p->name = _cassino_column_dup (stmt, 2);
  p->level = _cassino_column_dup (stmt, 3);
  p->engine_version = _cassino_column_dup (stmt, 4);
  p->colour = _cassino_column_dup (stmt, 5);
  p->avatar = _cassino_column_dup (stmt, 6);
  p->archived = sqlite3_column_int (stmt, 7) != 0;
  p->created = sqlite3_column_int64 (stmt, 8);
  return p;
}

CassinoStorePlayer *
cassino_store_get_player (CassinoStore  *store,
                          gint64         player_id,
                          GError       **error)
{
  sqlite3_stmt *stmt;
  CassinoStorePlayer *p;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT " PLAYER_COLUMNS " FROM players WHERE id = ?1", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, player_id);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      p = player_from_row (stmt);
      sqlite3_reset (stmt);
      return p;
    case CASSINO_SQLITE_DONE:
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no player %" PRId64 "."), player_id);
      return NULL;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      goto failed;
    }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}

GPtrArray *
cassino_store_list_players (CassinoStore  *store,
                            gboolean       include_archived,
                            GError       **error)
{
  g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_store_player_free);
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT " PLAYER_COLUMNS " FROM players "
                                 "WHERE ?1 OR archived = 0 ORDER BY kind, name COLLATE NOCASE, id",
                                 error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int (stmt, 1, include_archived ? 1 : 0);
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        g_ptr_array_add (players, player_from_row (stmt));
        break;
      case CASSINO_SQLITE_DONE:
        return g_steal_pointer (&players);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}

static gboolean
reset_statistics (CassinoStore  *store,
                  gpointer       data,
                  GError       **error)
{
  return cassino_sqlite_exec (store->db,
                              "DELETE FROM ratings; DELETE FROM seat_stats; DELETE FROM seat_opponents; "
                              "DELETE FROM games; DELETE FROM rubbers; DELETE FROM rulesets",
                              error);
}

gboolean
cassino_store_reset_statistics (CassinoStore  *store,
                                GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!cassino_store_transact (store, reset_statistics, NULL, error))
    return FALSE;
  store->cache_game_id = 0;
  g_message ("%s: statistics reset by the user", store->path);
  return TRUE;
}
