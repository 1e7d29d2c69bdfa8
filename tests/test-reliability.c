/* test-reliability.c: hostile surroundings for the store and cassino-cli
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What test-store.c does not already cover (garbage, truncated, newer,
 * foreign and schema-damaged files, a missing folder, a kill after 13
 * moves): a read-only data folder and a read-only file, a folder that
 * cannot be made, a full disk (max_page_count), a database locked by
 * another process; and cassino-cli's one-line message and exit status
 * for each of these and for the damaged files.  Every case also checks
 * that what was readable before is still there.
 *
 * File permissions do not apply to root: when run as root, the cases
 * that need them run in a subprocess (or spawn cassino-cli) as "nobody".
 */
#define G_LOG_DOMAIN "test-reliability"

#include "config.h"

#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gstdio.h>

#include "cassino-record.h"
#include "cassino-sqlite.h"
#include "cassino-store.h"
#include "cassino-store-export.h"
#include "cassino-store-history.h"
#include "cassino-store-private.h"
#include "cassino-store-record.h"
#include "test-store-util.h"

static const char *self_path;

/* --- helpers ------------------------------------------------------------ */

static gint64
query_int (const char *path,
           const char *sql)
{
  g_autoptr(GError) error = NULL;
  CassinoSqlite *db = cassino_sqlite_open (path, FALSE, &error);
  gint64 v = -1;

  g_assert_no_error (error);
  g_assert_true (cassino_sqlite_query_int64 (db, sql, 0, &v, &error));
  g_assert_no_error (error);
  cassino_sqlite_close (db);
  return v;
}

static char *
query_text (const char *path,
            const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char *text = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    text = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return text;
}

/* Every game of the file, replayed; returns the number of moves. */
static guint
count_loadable_moves (const char *path,
                      guint      *out_games)
{
  g_autoptr(GError) error = NULL;
  CassinoStore *store = cassino_store_open (path, &error);
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  sqlite3_stmt *stmt;
  guint moves = 0;

  g_assert_no_error (error);
  g_assert_null (cassino_store_get_moved_aside_path (store));
  stmt = cassino_sqlite_prepare (_cassino_store_get_db (store), "SELECT id FROM games ORDER BY id", &error);
  g_assert_no_error (error);
  while (cassino_sqlite_step (_cassino_store_get_db (store), stmt, &error) == CASSINO_SQLITE_ROW)
    g_ptr_array_add (ids, GINT_TO_POINTER ((gint) sqlite3_column_int64 (stmt, 0)));
  sqlite3_reset (stmt);
  for (guint i = 0; i < ids->len; i++)
    {
      CassinoGame *game = cassino_store_load_game (store, GPOINTER_TO_INT (ids->pdata[i]), &error);

      g_assert_no_error (error);
      for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
        moves += cassino_game_get_deal (game, d)->plays->len;
      cassino_game_unref (game);
    }
  if (out_games)
    *out_games = ids->len;
  g_assert_finalize_object (store);
  return moves;
}

static void
assert_integrity_ok (const char *path)
{
  g_autofree char *check = query_text (path, "PRAGMA integrity_check");

  g_assert_cmpstr (check, ==, "ok");
}

/* A database holding @n finished games and one unfinished game. */
static void
make_database (const char *path,
               guint       n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  CassinoStore *store = cassino_store_open (path, &error);
  CassinoGame *game;
  gboolean new_deal;
  gint64 id;

  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= n; seed++)
    {
      game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "easy");
      g_assert_cmpint (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      cassino_game_unref (game);
    }
  game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 99, "Alice", "easy");
  id = cassino_store_begin_game (store, game, 0, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 9; i++)
    {
      store_test_step (game, rand, &new_deal);
      g_assert_true (cassino_store_record_move (store, id, game, NULL, &error));
    }
  cassino_game_unref (game);
  g_assert_finalize_object (store);
}

static gboolean
is_root (void)
{
  return geteuid () == 0;
}

/* In a subprocess or a spawned child: become "nobody" when root, so that
 * permissions apply. */
static void
drop_root (gpointer user_data)
{
  struct passwd *pw;

  if (geteuid () != 0)
    return;
  pw = getpwnam ("nobody");
  if (pw == NULL || setgroups (0, NULL) != 0 || setgid (pw->pw_gid) != 0 || setuid (pw->pw_uid) != 0)
    _exit (77);
}

/* A folder others can enter (the subprocess may run as nobody). */
static char *
shared_tmpdir (void)
{
  char *dir = store_test_tmpdir ();

  g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
  return dir;
}

static void
rmdir_recursive (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  g_chmod (dir, 0755);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        rmdir_recursive (path);
      else
        g_unlink (path);
    }
  g_dir_close (d);
  g_rmdir (dir);
}

static guint
count_corrupt_files (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (strstr (name, ".corrupt-") != NULL)
      n++;
  g_dir_close (d);
  return n;
}

/* The cassino-cli that "nobody" runs: a copy in a folder of its own under
 * the temporary folder, since the build tree may be where nobody cannot
 * enter (a clone in root's home folder, mode 0700).  Made once, removed
 * at the end of main(). */
static char *nobody_dir;

static const char *
cli_for_nobody (void)
{
  static char *path;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  if (path != NULL)
    return path;
  nobody_dir = g_dir_make_tmp ("cassino-cli-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (nobody_dir, 0755), ==, 0);
  path = g_build_filename (nobody_dir, "cassino-cli", NULL);
  g_assert_true (g_file_get_contents (CASSINO_CLI, &contents, &len, &error));
  g_assert_true (g_file_set_contents_full (path, contents, (gssize) len, G_FILE_SET_CONTENTS_NONE, 0755, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return path;
}

/* Run cassino-cli; @as_nobody drops root first (and runs a copy it can
 * reach, from the temporary folder).  Returns the exit status;
 * *@out_err is standard error. */
static int
run_cli (const char * const *args,
         gboolean            as_nobody,
         char              **out_err)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  int status = -1;

  g_ptr_array_add (argv, (gpointer) (as_nobody && is_root () ? cli_for_nobody () : CASSINO_CLI));
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  /* run from "/": the current folder (the build tree) may be closed to nobody */
  g_spawn_sync (as_nobody ? "/" : NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                as_nobody ? drop_root : NULL, NULL, NULL, out_err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* One line on standard error that contains @what. */
static void
assert_one_line (const char *err,
                 const char *what)
{
  g_test_message ("cassino-cli said: %s", err);
  g_assert_true (g_str_has_prefix (err, "cassino-cli "));
  g_assert_true (g_str_has_suffix (err, "\n"));
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);   /* one line */
  if (what)
    g_assert_nonnull (strstr (err, what));
}

static char *
write_record (const char *dir)
{
  g_autofree char *text = NULL;
  char *path = g_build_filename (dir, "game.txt", NULL);
  CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 1234, "Bob", "medium");

  text = cassino_record_write (game);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_chmod (path, 0644);
  cassino_game_unref (game);
  return path;
}

/* --- a read-only data folder ---------------------------------------------- */

/* The folder cannot be written (so neither -wal nor -shm can be made) but
 * the file could be: the store refuses with a clear error, moves nothing
 * aside and changes nothing. */
static void
test_read_only_dir (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      CassinoStore *store;

      dir = g_strdup (g_getenv ("RELIABILITY_DIR"));
      path = g_build_filename (dir, "cassino.db", NULL);
      drop_root (NULL);
      g_assert_cmpint (g_access (dir, W_OK), !=, 0);
      store = cassino_store_open (path, &error);
      g_assert_null (store);
      g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
      g_assert_nonnull (strstr (error->message, path));
      g_printerr ("%s\n", error->message);
      return;
    }

  dir = shared_tmpdir ();
  path = g_build_filename (dir, "cassino.db", NULL);
  make_database (path, 3);
  g_assert_cmpuint (count_loadable_moves (path, NULL), >, 0);
  {
    guint games_before;
    guint moves_before = count_loadable_moves (path, &games_before);
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    gsize len_before, len_after;

    g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));
    /* the file is writable by whoever runs the subprocess; the folder not */
    g_assert_cmpint (g_chmod (path, 0666), ==, 0);
    g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
    g_setenv ("RELIABILITY_DIR", dir, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed ();
    g_test_trap_assert_stderr ("*Cannot*");

    /* and cassino-cli says so in one line, exit status 1 */
    {
      g_autofree char *err = NULL;
      const char *args[] = { "history", "--database", path, NULL };

      g_assert_cmpint (run_cli (args, TRUE, &err), ==, 1);
      assert_one_line (err, path);
    }

    g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
    g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
    g_assert_cmpmem (before, len_before, after, len_after);
    g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
    {
      guint games_after;

      g_assert_cmpuint (count_loadable_moves (path, &games_after), ==, moves_before);
      g_assert_cmpuint (games_after, ==, games_before);
    }
  }
  rmdir_recursive (dir);
}

/* A read-only file in a writable folder. */
static void
test_read_only_file (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      CassinoStore *store;

      dir = g_strdup (g_getenv ("RELIABILITY_DIR"));
      path = g_build_filename (dir, "cassino.db", NULL);
      drop_root (NULL);
      store = cassino_store_open (path, &error);
      g_assert_null (store);
      g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
      g_assert_nonnull (strstr (error->message, path));
      g_printerr ("%s\n", error->message);
      return;
    }

  dir = shared_tmpdir ();
  path = g_build_filename (dir, "cassino.db", NULL);
  make_database (path, 2);
  {
    guint games;
    guint moves = count_loadable_moves (path, &games);

    g_assert_cmpint (g_chmod (path, 0444), ==, 0);
    g_assert_cmpint (g_chmod (dir, 0777), ==, 0);
    g_setenv ("RELIABILITY_DIR", dir, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
    g_test_trap_assert_passed ();
    g_test_trap_assert_stderr ("*Cannot*");
    {
      g_autofree char *err = NULL;
      const char *args[] = { "stats", "--database", path, "--player", "Alice", NULL };

      g_assert_cmpint (run_cli (args, TRUE, &err), ==, 1);
      assert_one_line (err, path);
    }
    g_assert_cmpint (g_chmod (path, 0644), ==, 0);
    g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
    g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
    {
      guint games_after;

      g_assert_cmpuint (count_loadable_moves (path, &games_after), ==, moves);
      g_assert_cmpuint (games_after, ==, games);
    }
  }
  rmdir_recursive (dir);
}

/* A data folder that is missing is made (test-store: open-new, empty-file);
 * one that cannot be made is a clear error. */
static void
test_missing_dir (void)
{
  g_autofree char *dir = shared_tmpdir ();
  g_autofree char *record = write_record (dir);
  g_autofree char *missing = g_build_filename (dir, "a", "b", "cassino.db", NULL);
  g_autofree char *locked_parent = g_build_filename (dir, "ro", NULL);
  g_autofree char *unmakeable = g_build_filename (locked_parent, "sub", "cassino.db", NULL);
  g_autofree char *err = NULL;

  /* cassino-cli import makes the folders */
  {
    const char *args[] = { "import", "--database", missing, record, NULL };

    g_assert_cmpint (run_cli (args, FALSE, &err), ==, 0);
    g_assert_cmpuint (count_loadable_moves (missing, NULL), >, 0);
    g_clear_pointer (&err, g_free);
  }
  /* reading commands do not make a database just to read it */
  {
    g_autofree char *nowhere = g_build_filename (dir, "c", "cassino.db", NULL);
    g_autofree char *nowhere_dir = g_path_get_dirname (nowhere);
    const char *args[] = { "history", "--database", nowhere, NULL };

    g_assert_cmpint (run_cli (args, FALSE, &err), ==, 1);
    assert_one_line (err, nowhere);
    g_assert_false (g_file_test (nowhere_dir, G_FILE_TEST_EXISTS));
    g_clear_pointer (&err, g_free);
  }
  /* a folder that cannot be made */
  g_assert_cmpint (g_mkdir (locked_parent, 0555), ==, 0);
  {
    const char *args[] = { "import", "--database", unmakeable, record, NULL };

    g_assert_cmpint (run_cli (args, TRUE, &err), ==, 1);
    assert_one_line (err, "Cannot create the folder");
    g_clear_pointer (&err, g_free);
  }
  if (!is_root ())
    {
      g_autoptr(GError) error = NULL;
      CassinoStore *store = cassino_store_open (unmakeable, &error);

      g_assert_null (store);
      g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
    }
  rmdir_recursive (dir);
}

/* --- a full disk ------------------------------------------------------------ */

/* PRAGMA max_page_count at the page count the file has: the next page
 * SQLite needs is "disk full".  Recording fails with a clear error, rolls
 * back, and every move recorded before is there; with room again, the
 * game is synced and recording goes on. */
static void
test_disk_full (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *pragma = NULL;
  CassinoStore *store;
  CassinoSqlite *db;
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_game_unref);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  CassinoGame *game = NULL;
  gint64 id = 0, pages = 0;
  guint recorded = 0, failures = 0;
  gboolean ok = TRUE;

  make_database (path, 2);
  {
    guint before = count_loadable_moves (path, NULL);

    store = cassino_store_open (path, &error);
    g_assert_no_error (error);
    db = _cassino_store_get_db (store);
    g_assert_true (cassino_sqlite_query_int64 (db, "PRAGMA page_count", 0, &pages, &error));
    pragma = g_strdup_printf ("PRAGMA max_page_count = %" G_GINT64_FORMAT, pages);
    g_assert_true (cassino_sqlite_exec (db, pragma, &error));
    g_assert_no_error (error);

    /* record moves, one at a time as the app does, until the disk is full */
    for (guint64 seed = 500; ok && seed < 600; seed++)
      {
        gboolean new_deal;

        game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, seed, "Carol", "hard");
        g_ptr_array_add (games, game);
        id = cassino_store_begin_game (store, game, 0, NULL, &error);
        if (id <= 0)
          {
            ok = FALSE;
            break;
          }
        g_array_append_val (ids, id);
        while (ok && store_test_step (game, rand, &new_deal))
          {
            if (!new_deal && cassino_game_get_state (game) == CASSINO_GAME_PLAYING)
              ok = cassino_store_record_move (store, id, game, NULL, &error);
            else
              ok = cassino_store_sync_game (store, id, game, &error);
            if (ok && !new_deal)
              recorded++;
          }
        if (ok)
          ok = cassino_store_sync_game (store, id, game, &error);
      }
    g_assert_false (ok);
    g_test_message ("disk full after %u moves: %s", recorded, error->message);
    g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
    g_assert_nonnull (strstr (error->message, "full"));
    g_clear_error (&error);
    failures++;

    /* still full: the same again, and nothing half-written */
    if (cassino_game_get_state (game) != CASSINO_GAME_OVER && ids->len == games->len)
      {
        g_assert_false (cassino_store_sync_game (store, id, game, &error));
        g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
        g_clear_error (&error);
        failures++;
      }
    g_assert_finalize_object (store);

    /* what was committed is all there, and the file is sound */
    assert_integrity_ok (path);
    g_assert_cmpuint (count_loadable_moves (path, NULL), ==, before + recorded);

    /* room again: the game catches up from where the file stopped */
    store = cassino_store_open (path, &error);
    g_assert_no_error (error);
    if (ids->len == games->len)
      {
        CassinoGame *loaded;

        g_assert_true (cassino_store_sync_game (store, id, game, &error));
        g_assert_no_error (error);
        loaded = cassino_store_load_game (store, id, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (cassino_game_get_n_deals (loaded), ==, cassino_game_get_n_deals (game));
        g_assert_cmpuint (cassino_game_get_current_deal (loaded)->plays->len, ==,
                          cassino_game_get_current_deal (game)->plays->len);
        cassino_game_unref (loaded);
      }
    g_assert_finalize_object (store);
    assert_integrity_ok (path);
    g_assert_cmpuint (count_loadable_moves (path, NULL), >, before + recorded);
  }
  g_assert_cmpuint (failures, >=, 1);
  store_test_rmdir (dir);
}

/* --- a database locked by another process ----------------------------------- */

/* test-reliability --hold-lock PATH: BEGIN EXCLUSIVE, say "locked" on
 * standard output, hold it until standard input closes. */
static int
hold_lock (const char *path)
{
  sqlite3 *db = NULL;
  char c;

  if (sqlite3_open (path, &db) != SQLITE_OK ||
      sqlite3_exec (db, "BEGIN EXCLUSIVE; INSERT INTO players (kind, name, created) VALUES (0, 'Locker', 0)",
                    NULL, NULL, NULL) != SQLITE_OK)
    {
      g_printerr ("hold-lock: %s\n", sqlite3_errmsg (db));
      return 1;
    }
  g_print ("locked\n");
  fflush (stdout);
  while (read (STDIN_FILENO, &c, 1) > 0)
    ;
  sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
  sqlite3_close (db);
  return 0;
}

typedef struct {
  GPid pid;
  int  in;
} Locker;

static void
locker_start (Locker     *l,
              const char *path)
{
  g_autoptr(GError) error = NULL;
  const char *argv[] = { self_path, "--hold-lock", path, NULL };
  int out;
  char buf[8] = { 0 };

  g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                            &l->pid, &l->in, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (read (out, buf, 7), ==, 7);
  g_assert_cmpstr (buf, ==, "locked\n");
  close (out);
}

static void
locker_stop (Locker *l)
{
  int status;

  close (l->in);
  g_assert_cmpint (waitpid (l->pid, &status, 0), ==, l->pid);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  g_spawn_close_pid (l->pid);
}

static void
test_locked (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *record = write_record (dir);
  CassinoStore *store;
  CassinoGame *game, *loaded;
  gboolean new_deal;
  Locker locker;
  gint64 id, t0;
  guint moves;

  make_database (path, 1);
  moves = count_loadable_moves (path, NULL);
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 77, "Dan", "medium");
  id = cassino_store_begin_game (store, game, 0, NULL, &error);
  g_assert_no_error (error);
  store_test_step (game, rand, &new_deal);
  g_assert_true (cassino_store_record_move (store, id, game, NULL, &error));

  locker_start (&locker, path);

  /* the store waits for its busy timeout, then says who is in the way */
  store_test_step (game, rand, &new_deal);
  t0 = g_get_monotonic_time ();
  g_assert_false (cassino_store_record_move (store, id, game, NULL, &error));
  g_test_message ("locked: after %.1f s: %s", (g_get_monotonic_time () - t0) / 1e6, error->message);
  g_assert_cmpint (g_get_monotonic_time () - t0, >=, 4 * G_USEC_PER_SEC);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY);
  g_assert_nonnull (strstr (error->message, "locked"));
  g_clear_error (&error);

  /* cassino-cli: one line, exit status 1 */
  {
    g_autofree char *err = NULL;
    const char *args[] = { "import", "--database", path, record, NULL };

    g_assert_cmpint (run_cli (args, FALSE, &err), ==, 1);
    assert_one_line (err, "locked");
  }

  locker_stop (&locker);

  /* the lock gone, the game catches up; nothing was lost */
  g_assert_true (cassino_store_sync_game (store, id, game, &error));
  g_assert_no_error (error);
  loaded = cassino_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cassino_game_get_current_deal (loaded)->plays->len, ==, 2);
  cassino_game_unref (loaded);
  cassino_game_unref (game);
  g_assert_finalize_object (store);
  assert_integrity_ok (path);
  g_assert_cmpuint (count_loadable_moves (path, NULL), ==, moves + 2);
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM players WHERE name = 'Locker'"), ==, 0);
  store_test_rmdir (dir);
}

/* --- two stores of one database in a process, another process beside ------- */

/* Opening a second store of a database must not release the first one's
 * locks (it did: the header check closed a descriptor of its own).  Then
 * the CLI, writing beside and closing last as it thought, checkpointed
 * and deleted the WAL the app went on writing into: every move recorded
 * after that was lost, though record_move() said it was committed. */
static void
test_second_store (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *err = NULL;
  const char *simulate[] = { "simulate", "--db", path, "-n", "3", "-l", "easy,easy", NULL };
  CassinoStore *store, *second;
  CassinoGame *game;
  gboolean new_deal;
  gint64 id;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 21, "Eve", "easy");
  id = cassino_store_begin_game (store, game, 0, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      store_test_step (game, rand, &new_deal);
      g_assert_true (cassino_store_record_move (store, id, game, NULL, &error));
    }

  /* the history view's store, opened and closed */
  second = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_finalize_object (second);

  /* another process writes and closes */
  g_assert_cmpint (run_cli (simulate, FALSE, &err), ==, 0);

  for (guint i = 0; i < 3; i++)
    {
      store_test_step (game, rand, &new_deal);
      g_assert_true (cassino_store_record_move (store, id, game, NULL, &error));
    }

  /* seen from another process: every move */
  {
    const char *args[] = { "export", "--database", path, "--game", NULL, "-o", NULL, NULL };
    g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
    g_autofree char *out = g_build_filename (dir, "export.txt", NULL);
    g_autofree char *text = NULL;
    g_autoptr(GPtrArray) games = NULL;

    args[4] = id_text;
    args[6] = out;
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_cli (args, FALSE, &err), ==, 0);
    g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
    games = cassino_record_read (text, -1, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (games->len, ==, 1);
    g_assert_cmpuint (cassino_game_get_current_deal (games->pdata[0])->plays->len, ==, 5);
  }
  cassino_game_unref (game);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* --- cassino-cli on damaged files ------------------------------------------- */

static void
test_cli_damaged (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *err = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *contents = NULL;
  gsize len;
  const char *history[] = { "history", "--database", path, NULL };

  /* garbage: moved aside, said in one line, a new database works */
  {
    GString *garbage = g_string_new (NULL);

    for (guint i = 0; i < 300; i++)
      g_string_append (garbage, "not a database ");
    g_assert_true (g_file_set_contents (path, garbage->str, garbage->len, NULL));
    g_string_free (garbage, TRUE);
  }
  /* a command that only reads: exit 1 naming the file, nothing moved */
  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 1);
  assert_one_line (err, "damaged");
  g_assert_nonnull (strstr (err, path));
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  g_clear_pointer (&err, g_free);
  /* a writer moves it aside and says so */
  {
    g_autofree char *record = write_record (dir);
    const char *import[] = { "import", "--database", path, record, NULL };

    g_assert_cmpint (run_cli (import, FALSE, &err), ==, 0);
    g_test_message ("cassino-cli said: %s", err);
    g_assert_nonnull (strstr (err, "moved to"));
    g_assert_nonnull (strstr (err, "0 saved, 0 lost"));
    g_assert_cmpuint (count_corrupt_files (dir), ==, 1);
    g_clear_pointer (&err, g_free);
  }

  /* truncated: read-only commands leave it as it is, exit 1 */
  store_test_rmdir (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  make_database (path, 8);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (path, contents, (gssize) (len / 2), NULL));
  g_clear_pointer (&contents, g_free);
  {
    const char *stats[] = { "stats", "--database", path, NULL };
    const char *export[] = { "export", "--all", "--database", path, NULL };
    const char *const *readers[] = { history, stats, export };
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    gsize before_len = 0, after_len = 0;

    g_assert_true (g_file_get_contents (path, &before, &before_len, NULL));
    for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
      {
        g_assert_cmpint (run_cli (readers[i], FALSE, &err), ==, 1);
        assert_one_line (err, "damaged");
        g_assert_nonnull (strstr (err, path));
        g_clear_pointer (&err, g_free);
      }
    g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
    g_assert_cmpmem (before, before_len, after, after_len);
    g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  }

  /* newer: refused, left alone, exit status 1 */
  store_test_rmdir (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  make_database (path, 1);
  sql = g_strdup_printf ("PRAGMA user_version = %u", cassino_store_get_schema_version () + 1);
  {
    CassinoSqlite *db = cassino_sqlite_open (path, FALSE, NULL);

    g_assert_true (cassino_sqlite_exec (db, sql, NULL));
    cassino_sqlite_close (db);
  }
  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 1);
  assert_one_line (err, "newer");
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 2);
  g_clear_pointer (&err, g_free);

  /* foreign */
  store_test_rmdir (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  {
    CassinoSqlite *db = cassino_sqlite_open (path, TRUE, NULL);

    g_assert_true (cassino_sqlite_exec (db, "CREATE TABLE bookmarks (url TEXT)", NULL));
    cassino_sqlite_close (db);
  }
  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 1);
  assert_one_line (err, "another program");
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  g_clear_pointer (&err, g_free);

  /* a record file that is not one: bad input, exit status 2 */
  {
    g_autofree char *bad = g_build_filename (dir, "bad.txt", NULL);
    const char *validate[] = { "validate", bad, NULL };

    g_assert_true (g_file_set_contents (bad, "[Cassino \"1\"]\n[Rules \"nope\"]\n", -1, NULL));
    g_assert_cmpint (run_cli (validate, FALSE, &err), ==, 2);
    g_test_message ("cassino-cli said: %s", err);
    g_assert_nonnull (strstr (err, "line "));
    g_clear_pointer (&err, g_free);
  }
  store_test_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  self_path = argv[0];
  if (argc == 3 && g_str_equal (argv[1], "--hold-lock"))
    return hold_lock (argv[2]);

  /* no G_TEST_OPTION_ISOLATE_DIRS: nothing here reads the user's folders,
   * and GLib 2.74 leaks them (which LeakSanitizer's fast unwinder cannot
   * match to the g_set_user_dirs suppression) */
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/reliability/read-only-dir", test_read_only_dir);
  g_test_add_func ("/cassino/reliability/read-only-file", test_read_only_file);
  g_test_add_func ("/cassino/reliability/missing-dir", test_missing_dir);
  g_test_add_func ("/cassino/reliability/disk-full", test_disk_full);
  g_test_add_func ("/cassino/reliability/locked", test_locked);
  g_test_add_func ("/cassino/reliability/second-store", test_second_store);
  g_test_add_func ("/cassino/reliability/cli-damaged", test_cli_damaged);

  {
    int status = g_test_run ();

    if (nobody_dir != NULL)
      rmdir_recursive (nobody_dir);
    return status;
  }
}
