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

#include <errno.h>
#include <fcntl.h>
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

  db = store_test_open_reader (path);
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
  test_remove_tree (dir);
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
  test_remove_tree (dir);
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
  test_remove_tree (dir);
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

/* A folder given as the database: every command says so in words. */
static void
test_cli_folder (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  const char *history[] = { "history", "--database", dir, NULL };
  const char *simulate[] = { "simulate", "--games", "1", "--db", dir, NULL };
  g_autofree char *expected = g_strdup_printf ("Cannot open the database “%s”: it is a folder, not a file.", dir);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 1);
  assert_one_line (err, expected);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (simulate, FALSE, &err), ==, 1);
  g_assert_nonnull (strstr (err, expected));
  store_test_rmdir (dir);
}

/* A device, a pipe, or a link to one, given as the database: said in
 * words (SQLite's "disk I/O error" said nothing of what was wrong, and a
 * pipe could wait for a writer), and left as it was. */
static void
test_cli_not_regular (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *null_link = g_build_filename (dir, "null.db", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.db", NULL);
  const char *paths[] = { null_link, fifo };

  g_assert_cmpint (symlink ("/dev/null", null_link), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      const char *history[] = { "history", "--database", paths[i], NULL };
      const char *simulate[] = { "simulate", "--games", "1", "--db", paths[i], NULL };
      g_autofree char *expected = g_strdup_printf ("Cannot open the database “%s”: it is not a regular file "
                                                   "(a device, a pipe or a socket).", paths[i]);
      g_autofree char *err = NULL;
      GStatBuf st;

      g_assert_cmpint (run_cli (history, FALSE, &err), ==, 1);
      assert_one_line (err, expected);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run_cli (simulate, FALSE, &err), ==, 1);
      g_assert_nonnull (strstr (err, expected));
      g_assert_cmpint (g_lstat (paths[i], &st), ==, 0);
      g_assert_true (i == 0 ? S_ISLNK (st.st_mode) : S_ISFIFO (st.st_mode));
    }
  /* nothing written beside them */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (d))
      n++;
    g_assert_cmpuint (n, ==, 2);
  }
  store_test_rmdir (dir);
}

/* A file too large to be checked whole at open (past 16 MiB) with a
 * damaged page: a writer (simulate --db, import) checks it whole first,
 * moves it aside and saves its games, instead of failing "malformed" at
 * its first write. */
static void
test_cli_damaged_large (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *err = NULL;
  const char *simulate[] = { "simulate", "--games", "1", "--db", path, NULL };

  store_test_fill (path, 4);
  store_test_pad (path);
  store_test_damage_object (path, "games_started", 0x5a);

  g_assert_cmpint (run_cli (simulate, FALSE, &err), ==, 0);
  g_test_message ("cassino-cli said: %s", err);
  g_assert_nonnull (strstr (err, "moved to"));
  g_assert_nonnull (strstr (err, "4 saved, 0 lost"));
  g_assert_cmpuint (count_corrupt_files (dir), ==, 1);
  /* the four games and the two simulated */
  {
    g_autofree char *games = query_text (path, "SELECT count(*) FROM games");

    g_assert_cmpstr (games, ==, "6");
  }
  store_test_rmdir (dir);
}

/* An index lacking games (its pages whole): `history` read 2 of 4 games
 * and said nothing.  Now a command that only reads refuses, naming the
 * index and leaving the file as it is; a writer builds the index again,
 * says so, and loses nothing. */
static void
test_cli_damaged_index (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *err = NULL;
  g_autofree char *check = NULL;
  const char *history[] = { "history", "--database", path, NULL };
  const char *simulate[] = { "simulate", "--games", "1", "--db", path, NULL };

  store_test_fill (path, 4);
  store_test_damage_index (path, "games_started", "id < 3");

  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 1);
  g_test_message ("cassino-cli said: %s", err);
  assert_one_line (err, "has a damaged index (integrity_check: row 3 missing from index games_started");
  g_assert_nonnull (strstr (err, "It has been left as it is;"));
  check = query_text (path, "PRAGMA quick_check");
  g_assert_cmpstr (check, ==, "ok");
  g_clear_pointer (&check, g_free);
  check = query_text (path, "PRAGMA integrity_check");
  g_assert_cmpstr (check, ==, "row 3 missing from index games_started");
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_cli (simulate, FALSE, &err), ==, 0);
  g_test_message ("cassino-cli said: %s", err);
  g_assert_nonnull (strstr (err, "cassino-cli simulate: the database’s indexes did not match its games; "
                                 "they were built again, and no game was lost"));
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  assert_integrity_ok (path);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&check, g_free);

  /* the four games and the two simulated, all read through the index */
  check = query_text (path, "SELECT count(*) FROM games INDEXED BY games_started WHERE started IS NOT NULL");
  g_assert_cmpstr (check, ==, "6");
  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 0);
  store_test_rmdir (dir);
}


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

  /* garbage: moved aside, said in one line, a new database works.  Two
   * pages of it, as a database written over from its first byte (a file
   * of a size no page divides was never a database: cassino-cli leaves
   * it alone, tests/test-cli-files.sh) */
  {
    GString *garbage = g_string_new (NULL);

    for (guint i = 0; i < 600; i++)
      g_string_append (garbage, "not a database ");
    g_string_truncate (garbage, 8192);
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

/* --- cassino-cli against hostile files and inputs (issue 15) ---------------- */

typedef struct {
  gboolean    as_nobody;
  const char *stdout_path;   /* NULL: captured */
} CliSetup;

static void
cli_child_setup (gpointer user_data)
{
  const CliSetup *setup = user_data;

  if (setup->stdout_path)
    {
      int fd = open (setup->stdout_path, O_WRONLY);

      if (fd < 0 || dup2 (fd, STDOUT_FILENO) < 0)
        _exit (78);
      close (fd);
    }
  if (setup->as_nobody)
    drop_root (NULL);
}

/* Run cassino-cli with its standard output captured in *@out, or sent to
 * @stdout_path (e.g. /dev/full).  Returns the exit status. */
static int
run_cli_out (const char * const *args,
             gboolean            as_nobody,
             const char         *stdout_path,
             char              **out,
             char              **err)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  CliSetup setup = { as_nobody, stdout_path };
  int status = -1;

  g_ptr_array_add (argv, (gpointer) CASSINO_CLI);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, 0, cli_child_setup, &setup,
                stdout_path ? NULL : out, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* `export --all` with one game whose record cannot be read back wrote
 * nothing and exited 2.  Now the others are written, the game left out is
 * named on standard error, and the status (1) says not all were. */
static void
test_cli_export_damaged_game (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  const char *all[] = { "export", "--database", path, "--all", NULL };
  const char *one[] = { "export", "--database", path, "--game", "2", NULL };

  store_test_fill (path, 3);
  store_test_break_game (path, 2);

  g_assert_cmpint (run_cli_out (all, FALSE, NULL, &out, &err), ==, 1);
  assert_one_line (err, "cassino-cli export: left out: Game 2, deal 1, move 1 does not replay: unknown move type");
  games = cassino_record_read (out, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* that game alone: nothing to write */
  g_assert_cmpint (run_cli_out (one, FALSE, NULL, &out, &err), ==, 2);
  assert_one_line (err, "Game 2, deal 1, move 1 does not replay: unknown move type");
  g_assert_cmpstr (out, ==, "");
  store_test_rmdir (dir);
}

static gboolean
is_symlink (const char *path)
{
  GStatBuf st;

  return g_lstat (path, &st) == 0 && S_ISLNK (st.st_mode);
}

/* export -o renamed its output over whatever the path was: the database
 * became a text file.  Now the database (itself, through a link or a hard
 * link, its -wal or -shm), a link, a FIFO and a folder are refused with
 * exit 2 and left as they were; a regular file is replaced as before. */
static void
test_cli_export_output (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *soft = g_build_filename (dir, "link.db", NULL);
  g_autofree char *hard = g_build_filename (dir, "hard.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling", NULL);
  g_autofree char *sub = g_build_filename (dir, "folder", NULL);
  g_autofree char *regular = g_build_filename (dir, "old.txt", NULL);
  const char *refused[] = { path, soft, hard, wal, shm, fifo, dangling, sub };
  guint games, moves;

  make_database (path, 3);
  moves = count_loadable_moves (path, &games);
  g_assert_cmpint (symlink ("cassino.db", soft), ==, 0);
  g_assert_cmpint (link (path, hard), ==, 0);
  g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
  g_assert_cmpint (symlink ("nowhere.txt", dangling), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    for (guint through_link = 0; through_link < 2; through_link++)
      {
        const char *args[] = { "export", "--database", through_link ? soft : path, "--all",
                               "-o", refused[i], NULL };
        g_autofree char *err = NULL;

        g_assert_cmpint (run_cli (args, FALSE, &err), ==, 2);
        assert_one_line (err, refused[i]);
        /* a link is refused as one, whatever it points to */
        g_assert_nonnull (strstr (err, (i == 0 || i >= 2) && i < 5 ? "would overwrite the database"
                                                                     : "not a regular file"));
        /* the CSV export writes the same way */
        args[3] = "--csv=games";
        g_clear_pointer (&err, g_free);
        g_assert_cmpint (run_cli (args, FALSE, &err), ==, 2);
        assert_one_line (err, refused[i]);
      }

  /* all as it was */
  g_assert_true (is_symlink (soft));
  g_assert_true (is_symlink (dangling));
  g_assert_false (g_file_test (dangling, G_FILE_TEST_EXISTS));
  {
    GStatBuf st;

    g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
    g_assert_true (S_ISFIFO (st.st_mode));
    g_assert_cmpint (g_lstat (hard, &st), ==, 0);
    g_assert_cmpint (st.st_nlink, ==, 2);
  }
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  assert_integrity_ok (path);
  {
    guint games_after;

    g_assert_cmpuint (count_loadable_moves (path, &games_after), ==, moves);
    g_assert_cmpuint (games_after, ==, games);
  }

  /* an existing regular file is replaced */
  {
    const char *args[] = { "export", "--database", path, "--all", "-o", regular, NULL };
    g_autofree char *err = NULL;
    g_autofree char *text = NULL;
    g_autoptr(GPtrArray) read = NULL;

    g_assert_true (g_file_set_contents (regular, "old", -1, NULL));
    g_assert_cmpint (run_cli (args, FALSE, &err), ==, 0);
    g_assert_cmpstr (err, ==, "");
    g_assert_true (g_file_get_contents (regular, &text, NULL, NULL));
    read = cassino_record_read (text, -1, NULL);
    g_assert_nonnull (read);
    g_assert_cmpuint (read->len, ==, games);
  }
  store_test_rmdir (dir);
}

/* Another database (not the one open) as the file an export,
 * `simulate --records` or `play --record` writes: refused, its games all there (both
 * renamed a record file over it: every game lost, exit 0).  Its -wal
 * too; a record file is still replaced. */
static void
test_cli_output_other_database (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *other = g_build_filename (dir, "other.db", NULL);
  g_autofree char *other_wal = g_build_filename (dir, "other-wal", NULL);
  guint games, moves;

  make_database (path, 2);
  make_database (other, 3);
  moves = count_loadable_moves (other, &games);
  /* a write-ahead log kept beside a copy: its first page, as SQLite writes it */
  {
    static const guint8 header[32] = { 0x37, 0x7f, 0x06, 0x82, 0x00, 0x2d, 0xe2, 0x18 };

    g_assert_true (g_file_set_contents (other_wal, (const char *) header, sizeof header, NULL));
  }

  for (guint target = 0; target < 2; target++)
    {
      const char *out = target ? other_wal : other;
      const char *export[] = { "export", "--database", path, "--all", "-o", out, NULL };
      const char *csv[] = { "export", "--database", path, "--csv=games", "-o", out, NULL };
      const char *records[] = { "simulate", "--games", "1", "--levels", "easy,easy", "--records", out, NULL };
      const char *records_db[] = { "simulate", "--games", "1", "--levels", "easy,easy", "--db", path,
                                   "--records", out, NULL };
      const char *play[] = { "play", "--seed", "1", "--record", out, NULL };
      const char **runs[] = { export, csv, records, records_db, play };

      for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
        {
          g_autofree char *err = NULL;
          g_autofree char *expected = g_strdup_printf ("“%s” is a database (an SQLite file) and would be lost; "
                                                       "choose another file", out);

          g_assert_cmpint (run_cli (runs[i], FALSE, &err), ==, 2);
          assert_one_line (err, expected);
        }
    }
  assert_integrity_ok (other);
  {
    guint games_after;

    g_assert_cmpuint (count_loadable_moves (other, &games_after), ==, moves);
    g_assert_cmpuint (games_after, ==, games);
  }

  /* a record file is replaced as before */
  {
    g_autofree char *text = NULL;
    g_autofree char *err = NULL;
    g_autofree char *record = g_build_filename (dir, "games.txt", NULL);
    const char *records[] = { "simulate", "--games", "1", "--levels", "easy,easy", "--records", record, NULL };

    g_assert_true (g_file_set_contents (record, "old", -1, NULL));
    g_assert_cmpint (run_cli (records, FALSE, &err), ==, 0);
    g_assert_true (g_file_get_contents (record, &text, NULL, NULL));
    g_assert_true (g_str_has_prefix (text, "[Cassino \"1\"]"));
  }
  store_test_rmdir (dir);
}

/* "[" × 100,000 overflowed json-glib's stack in every JSON reader. */
static void
test_cli_deep_json (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *position = g_build_filename (dir, "deep.json", NULL);
  g_autofree char *position2 = g_build_filename (dir, "deep-rules.json", NULL);
  g_autofree char *record = g_build_filename (dir, "deep.txt", NULL);
  g_autofree char *brackets = g_strnfill (100000, '[');
  g_autofree char *deep_rules = g_strdup_printf ("{\"preset\":\"classic\",\"x\":%s}", brackets);

  g_assert_true (g_file_set_contents (position, brackets, -1, NULL));
  {
    g_autofree char *text = g_strdup_printf ("{\"rules\":%s,\"hand\":[\"7h\"],\"table\":[]}", deep_rules);

    g_assert_true (g_file_set_contents (position2, text, -1, NULL));
  }
  {
    CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 4, "Bob", "easy");
    g_autofree char *text = cassino_record_write (game);
    GString *quoted = g_string_new ("[Rules \"");
    g_autofree char *bad = NULL;
    char *rules = strstr (text, "[Rules \"classic\"]");

    for (const char *p = deep_rules; *p; p++)
      {
        if (*p == '"')
          g_string_append_c (quoted, '\\');
        g_string_append_c (quoted, *p);
      }
    g_string_append (quoted, "\"]");
    g_assert_nonnull (rules);
    *rules = '\0';
    bad = g_strconcat (text, quoted->str, rules + strlen ("[Rules \"classic\"]"), NULL);
    g_assert_true (g_file_set_contents (record, bad, -1, NULL));
    g_string_free (quoted, TRUE);
    cassino_game_unref (game);
  }

  {
    const char *legal[] = { "legal", position, NULL };
    const char *legal2[] = { "legal", position2, NULL };
    const char *choose[] = { "choose", "--level", "easy", position, NULL };
    const char *const *cases[] = { legal, legal2, choose };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autofree char *err = NULL;

        g_assert_cmpint (run_cli (cases[i], FALSE, &err), ==, 2);
        assert_one_line (err, "nested deeper than 32 levels");
      }
  }
  {
    const char *validate[] = { "validate", record, NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (run_cli (validate, FALSE, &err), ==, 2);
    g_test_message ("cassino-cli said: %s", err);
    g_assert_nonnull (strstr (err, "line 2, column 1: "));   /* [Cassino "1"], then [Rules …] */
    g_assert_nonnull (strstr (err, "nested deeper than 32 levels"));
  }
  make_database (path, 2);
  {
    const char *import[] = { "import", "--database", path, record, NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (run_cli (import, FALSE, &err), ==, 2);
    assert_one_line (err, "nested deeper than 32 levels");
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 3);
  }
  /* a database whose stored rules hold it */
  {
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    const char *export[] = { "export", "--database", path, "--all", NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE rulesets SET options = ?", -1, &stmt, NULL), ==, SQLITE_OK);
    sqlite3_bind_text (stmt, 1, deep_rules, -1, SQLITE_STATIC);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
    sqlite3_finalize (stmt);
    sqlite3_close (db);
    /* every game is left out, each named (the export writes those it can
     * read, here none) */
    g_assert_cmpint (run_cli (export, FALSE, &err), ==, 1);
    g_test_message ("cassino-cli said: %s", err);
    {
      g_auto(GStrv) lines = g_strsplit (err, "\n", -1);

      g_assert_cmpuint (g_strv_length (lines), ==, 3 + 1);
      for (guint i = 0; i < 3; i++)
        {
          g_assert_true (g_str_has_prefix (lines[i], "cassino-cli export: left out: Game "));
          g_assert_nonnull (strstr (lines[i], "nested deeper than 32 levels"));
        }
    }
    g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 3);
  }
  store_test_rmdir (dir);
}

/* history > /dev/full exited 0: every command checks its output. */
static void
test_cli_stdout_full (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *record = write_record (dir);
  g_autofree char *position = g_build_filename (dir, "pos.json", NULL);
  const char *history[] = { "history", "--database", path, NULL };
  const char *history_json[] = { "history", "--database", path, "--json", NULL };
  const char *stats[] = { "stats", "--database", path, NULL };
  const char *export[] = { "export", "--database", path, "--all", NULL };
  const char *csv[] = { "export", "--database", path, "--csv", "stats", NULL };
  const char *legal[] = { "legal", position, NULL };
  const char *choose[] = { "choose", "--level", "easy", position, NULL };
  const char *validate[] = { "validate", record, NULL };
  const char *import[] = { "import", "--database", path, record, NULL };
  const char *simulate[] = { "simulate", "-n", "1", "-l", "easy,easy", NULL };
  const char *list[] = { "choose", "--list", NULL };
  const char *help[] = { "history", "--help", NULL };
  const char *version[] = { "--version", NULL };
  const char *const *cases[] = { history, history_json, stats, export, csv, legal, choose, validate,
                                 import, simulate, list, help, version };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  make_database (path, 2);
  g_assert_true (g_file_set_contents (position, "{\"rules\":\"classic\",\"hand\":[\"7h\",\"8c\"],\"table\":[\"7c\"]}",
                                      -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_test_message ("cassino-cli %s > /dev/full", cases[i][0]);
      g_assert_cmpint (run_cli_out (cases[i], FALSE, "/dev/full", NULL, &err), ==, 1);
      g_assert_nonnull (strstr (err, "cannot write to standard output"));
      /* and with room, the same command succeeds */
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (run_cli_out (cases[i], FALSE, "/dev/null", NULL, &err), ==, 0);
    }
  store_test_rmdir (dir);
}

/* Messages that said the wrong thing. */
static void
test_cli_messages (void)
{
  g_autofree char *dir = shared_tmpdir ();
  g_autofree char *locked = g_build_filename (dir, "locked", NULL);
  g_autofree char *path = g_build_filename (locked, "cassino.db", NULL);
  g_autofree char *record = write_record (dir);
  g_autofree char *bad = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *position = g_build_filename (dir, "pos.json", NULL);

  /* a folder that cannot be entered is not "no database" */
  g_assert_cmpint (g_mkdir (locked, 0755), ==, 0);
  make_database (path, 1);
  g_assert_cmpint (g_chmod (locked, is_root () ? 0700 : 0), ==, 0);
  {
    const char *history[] = { "history", "--database", path, NULL };
    g_autofree char *err = NULL;

    g_assert_cmpint (run_cli (history, TRUE, &err), ==, 1);
    assert_one_line (err, path);
    g_assert_null (strstr (err, "there is no database"));
    g_assert_nonnull (strstr (err, "Permission denied"));
  }
  g_assert_cmpint (g_chmod (locked, 0755), ==, 0);
  g_assert_cmpint (query_int (path, "SELECT count(*) FROM games"), ==, 2);

  /* 99999999999999999999999999999 is not "-1" */
  {
    const char *legal[] = { "legal", position, NULL };
    g_autofree char *err = NULL;

    g_assert_true (g_file_set_contents (position, "{\"rules\":\"classic\",\"to_move\":99999999999999999999999999999,"
                                        "\"hand\":[\"7h\"],\"table\":[]}", -1, NULL));
    g_assert_cmpint (run_cli (legal, FALSE, &err), ==, 2);
    assert_one_line (err, "line 1, column 30");
    g_assert_nonnull (strstr (err, "too large"));
    g_assert_null (strstr (err, "-1"));
  }

  /* simulate names the option out of range ("--players 2-6, --games,
   * --jobs positive" was said of a negative --iterations too) */
  {
    static const struct { const char *option, *value, *said; } cases[] = {
      { "--players", "7", "--players: a number from 2 to 6" },
      { "--games", "0", "--games: a positive number" },
      { "--jobs", "0", "--jobs: a positive number" },
      { "--iterations", "-1", "--iterations: a positive number" },
      { "--time-ms", "-5", "--time-ms: a positive number of milliseconds" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        const char *simulate[] = { "simulate", cases[i].option, cases[i].value, NULL };
        g_autofree char *err = NULL;

        g_assert_cmpint (run_cli (simulate, FALSE, &err), ==, 2);
        assert_one_line (err, cases[i].said);
      }
  }

  /* history: one line per game, whatever a name holds (a line break
   * from a damaged or foreign file split the line) */
  {
    g_autofree char *named = g_build_filename (dir, "named.db", NULL);
    const char *history[] = { "history", "--database", named, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    g_auto(GStrv) lines = NULL;
    sqlite3 *db = NULL;

    store_test_fill (named, 2);
    g_assert_cmpint (sqlite3_open (named, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "UPDATE game_seats SET name = 'Ann' || char(10) || 'e' || char(9) || 'B' "
                                       "WHERE seat = 0", NULL, NULL, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
    g_assert_cmpint (run_cli_out (history, FALSE, NULL, &out, &err), ==, 0);
    g_test_message ("cassino-cli history: %s", out);
    lines = g_strsplit (g_strchomp (out), "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 2);
    for (guint i = 0; i < 2; i++)
      g_assert_nonnull (strstr (lines[i], "Ann e B, "));
  }

  /* import of a file that is not a record: not "failed 0" */
  {
    const char *import[] = { "import", "--database", path, bad, record, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_true (g_file_set_contents (bad, "[Cassino \"1\"]\n[Rules \"nope\"]\n", -1, NULL));
    g_assert_cmpint (run_cli_out (import, FALSE, NULL, &out, &err), ==, 2);
    g_test_message ("cassino-cli said: %s%s", out, err);
    g_assert_cmpstr (out, ==, "imported 1, skipped 0 (already present), failed 0; 1 file not imported\n");
    g_assert_nonnull (strstr (err, "bad.txt: Not a game record: line 2, column 1: unknown preset “nope”"));
  }

  /* an empty file (or one of blank lines) says so, not "the text holds
   * no game record" */
  {
    g_autofree char *empty = g_build_filename (dir, "empty.txt", NULL);
    const char *import[] = { "import", "--database", path, empty, NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_true (g_file_set_contents (empty, " \n\r\n\t\n", -1, NULL));
    g_assert_cmpint (run_cli_out (import, FALSE, NULL, &out, &err), ==, 2);
    g_assert_cmpstr (out, ==, "imported 0, skipped 0 (already present), failed 0; 1 file not imported\n");
    assert_one_line (err, "empty.txt: Nothing to import: the file is empty");
  }

  /* a file whose second record does not read: the first is imported
   * (the third, the same game again, is skipped), the second is a failure
   * named by its line in the file (the whole file was refused) */
  {
    g_autofree char *mixed = g_build_filename (dir, "mixed.txt", NULL);
    g_autofree char *fresh = g_build_filename (dir, "fresh.db", NULL);
    const char *import[] = { "import", "--database", fresh, mixed, NULL };
    g_autofree char *good = NULL;
    g_autofree char *text = NULL;
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;
    guint good_lines = 0;

    g_assert_true (g_file_get_contents (record, &good, NULL, NULL));
    for (const char *p = good; *p; p++)
      good_lines += *p == '\n';
    text = g_strdup_printf ("%s\n[Cassino \"1\"]\n[Rules \"nope\"]\n\n%s", good,
                            strstr (good, "[Cassino"));
    g_assert_true (g_file_set_contents (mixed, text, -1, NULL));
    g_assert_cmpint (run_cli_out (import, FALSE, NULL, &out, &err), ==, 1);
    g_test_message ("cassino-cli said: %s%s", out, err);
    g_assert_cmpstr (out, ==, "imported 1, skipped 1 (already present), failed 1\n");
    {
      g_autofree char *expected = g_strdup_printf ("mixed.txt: record 2: line %u, column 1: unknown preset “nope”",
                                                   good_lines + 3);

      g_assert_nonnull (strstr (err, expected));
    }
  }

  /* a bad line of 9 MB is not echoed whole */
  {
    g_autofree char *text = NULL;
    g_autofree char *junk = g_strnfill (9 * 1024 * 1024, 'q');
    g_autofree char *with = NULL;
    const char *validate[] = { "validate", bad, NULL };
    g_autofree char *err = NULL;

    g_assert_true (g_file_get_contents (record, &text, NULL, NULL));
    with = g_strconcat (text, junk, "\n", NULL);
    g_assert_true (g_file_set_contents (bad, with, -1, NULL));
    g_assert_cmpint (run_cli (validate, FALSE, &err), ==, 2);
    g_test_message ("cassino-cli said: %s", err);
    g_assert_cmpuint (strlen (err), <, 300);
    g_assert_nonnull (strstr (err, "…”"));
  }
  test_remove_tree (dir);
}

/* A full disk said "disk I/O error" when SQLite met ENOSPC outside a plain
 * write (syncing, growing the WAL index).  A VFS that fails writes as such
 * a disk does: the store says the disk is full. */
static sqlite3_vfs enospc_vfs;
static sqlite3_vfs *enospc_real;
static gboolean enospc_now;
/* the file kinds' methods (database, journal…), each with xWrite wrapped */
static struct {
  const sqlite3_io_methods *real;
  sqlite3_io_methods        wrapped;
} enospc_methods[8];

static int
enospc_write (sqlite3_file *file,
              const void   *data,
              int           amount,
              sqlite3_int64 offset)
{
  guint i = 0;

  if (enospc_now)
    {
      errno = ENOSPC;
      return SQLITE_IOERR_WRITE;
    }
  while (file->pMethods != &enospc_methods[i].wrapped)
    i++;
  return enospc_methods[i].real->xWrite (file, data, amount, offset);
}

static int
enospc_open (sqlite3_vfs  *vfs,
             const char   *name,
             sqlite3_file *file,
             int           flags,
             int          *out_flags)
{
  int rc = enospc_real->xOpen (enospc_real, name, file, flags, out_flags);
  guint i = 0;

  if (rc != SQLITE_OK || file->pMethods == NULL)
    return rc;
  while (enospc_methods[i].real != NULL && enospc_methods[i].real != file->pMethods)
    i++;
  g_assert_cmpuint (i, <, G_N_ELEMENTS (enospc_methods));
  if (enospc_methods[i].real == NULL)
    {
      enospc_methods[i].real = file->pMethods;
      enospc_methods[i].wrapped = *file->pMethods;
      enospc_methods[i].wrapped.xWrite = enospc_write;
    }
  file->pMethods = &enospc_methods[i].wrapped;
  return rc;
}

static int
enospc_last_error (sqlite3_vfs *vfs,
                   int          n,
                   char        *text)
{
  return enospc_now ? ENOSPC : enospc_real->xGetLastError (enospc_real, n, text);
}

static void
test_disk_full_enospc (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  CassinoStore *store;
  CassinoGame *game;
  gboolean new_deal;
  guint moves;
  gint64 id;

  make_database (path, 1);
  moves = count_loadable_moves (path, NULL);
  enospc_real = sqlite3_vfs_find (NULL);
  enospc_vfs = *enospc_real;
  enospc_vfs.zName = "cassino-test-enospc";
  enospc_vfs.xOpen = enospc_open;
  enospc_vfs.xGetLastError = enospc_last_error;
  g_assert_cmpint (sqlite3_vfs_register (&enospc_vfs, 1), ==, SQLITE_OK);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 31, "Fay", "easy");
  id = cassino_store_begin_game (store, game, 0, NULL, &error);
  g_assert_no_error (error);
  store_test_step (game, rand, &new_deal);
  g_assert_true (cassino_store_record_move (store, id, game, NULL, &error));

  enospc_now = TRUE;
  store_test_step (game, rand, &new_deal);
  g_assert_false (cassino_store_record_move (store, id, game, NULL, &error));
  g_test_message ("no space left: %s", error->message);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
  g_assert_nonnull (strstr (error->message, "the disk is full"));
  g_assert_null (strstr (error->message, "I/O error"));
  g_clear_error (&error);
  enospc_now = FALSE;

  /* room again: the game catches up */
  g_assert_true (cassino_store_sync_game (store, id, game, &error));
  g_assert_no_error (error);
  g_assert_finalize_object (store);
  cassino_game_unref (game);
  g_assert_cmpint (sqlite3_vfs_unregister (&enospc_vfs), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_vfs_register (enospc_real, 1), ==, SQLITE_OK);
  assert_integrity_ok (path);
  g_assert_cmpuint (count_loadable_moves (path, NULL), ==, moves + 2);
  store_test_rmdir (dir);
}

/* user_version = -1 was taken for an old schema and written to. */
static void
test_negative_user_version (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize len_before, len_after;
  const char *history[] = { "history", "--database", path, NULL };
  const char *simulate[] = { "simulate", "--db", path, "-n", "1", "-l", "easy,easy", NULL };
  const char *import[] = { "import", "--database", path, NULL, NULL };
  g_autofree char *record = write_record (dir);
  const char *const *cases[] = { history, simulate, import };

  import[3] = record;
  make_database (path, 1);
  {
    CassinoSqlite *db = cassino_sqlite_open (path, FALSE, NULL);

    g_assert_true (cassino_sqlite_exec (db, "PRAGMA user_version = -1", NULL));
    cassino_sqlite_close (db);
  }
  g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *err = NULL;

      g_assert_cmpint (run_cli (cases[i], FALSE, &err), ==, 1);
      assert_one_line (err, "another program");
    }
  {
    g_autoptr(GError) error = NULL;
    CassinoStore *store = cassino_store_open (path, &error);

    g_assert_null (store);
    g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_FOREIGN);
  }
  g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
  g_assert_cmpmem (before, len_before, after, len_after);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  g_assert_cmpint (query_int (path, "PRAGMA user_version"), ==, -1);
  store_test_rmdir (dir);
}

/* --players 0 was taken for "any number". */
static void
test_cli_players_zero (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  const char *history[] = { "history", "--database", path, "--players=0", NULL };
  const char *stats[] = { "stats", "--database", path, "--players", "0", NULL };
  const char *history_ok[] = { "history", "--database", path, "--players=2", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = NULL;

  make_database (path, 1);
  g_assert_cmpint (run_cli (history, FALSE, &err), ==, 2);
  assert_one_line (err, "--players");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (stats, FALSE, &err), ==, 2);
  assert_one_line (err, "--players");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli_out (history_ok, FALSE, NULL, &out, &err), ==, 0);
  g_assert_cmpuint (strlen (out), >, 0);
  store_test_rmdir (dir);
}

/* A player named =HYPERLINK(…) was a live formula in the CSV. */
static void
test_csv_neutralised (void)
{
  static const char *const names[] = {
    "=HYPERLINK(\"http://example.com/x\",\"Click\")", "+1+2", "-3+4", "@SUM(A1)", "\tTab", "\rCR",
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  CassinoStore *store = cassino_store_open (path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 40 + i, names[i], "easy");

      g_assert_cmpint (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  for (guint which = 0; which < 2; which++)
    {
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
      g_autofree char *csv = NULL;
      g_auto(GStrv) lines = NULL;
      gboolean ok = which == 0 ? cassino_store_export_games_csv (store, NULL, out, &error)
                               : cassino_store_export_stats_csv (store, out, &error);

      g_assert_no_error (error);
      g_assert_true (ok);
      g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, &error));
      g_assert_true (g_output_stream_close (out, NULL, &error));
      csv = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
      g_test_message ("%s", csv);
      /* each name, neutralised, in its cell (quoted where it must be) */
      g_assert_nonnull (strstr (csv, ",\"'=HYPERLINK(\"\"http://example.com/x\"\",\"\"Click\"\")\","));
      g_assert_nonnull (strstr (csv, ",'+1+2,"));
      g_assert_nonnull (strstr (csv, ",'-3+4,"));
      g_assert_nonnull (strstr (csv, ",'@SUM(A1),"));
      g_assert_nonnull (strstr (csv, ",'\tTab,"));
      g_assert_nonnull (strstr (csv, ",\"'\rCR\","));
      /* no cell begins with a formula character (numbers aside) */
      lines = g_strsplit (csv, "\n", -1);
      for (guint l = 0; lines[l]; l++)
        {
          g_auto(GStrv) cells = g_strsplit (lines[l], ",", -1);

          for (guint c = 0; cells[c]; c++)
            {
              const char *cell = cells[c][0] == '"' ? cells[c] + 1 : cells[c];

              if (cell[0] == '-' && g_ascii_isdigit (cell[1]))
                continue;
              g_assert_null (strchr ("=+-@\t", cell[0] ? cell[0] : 'x'));
            }
        }
    }
  g_assert_finalize_object (store);

  /* cassino-cli export --csv writes the same */
  {
    const char *args[] = { "export", "--database", path, "--csv", "games", NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (run_cli_out (args, FALSE, NULL, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, ",\"'=HYPERLINK("));
    g_assert_null (strstr (out, ",\"=HYPERLINK("));
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
  g_test_add_func ("/cassino/reliability/cli-folder", test_cli_folder);
  g_test_add_func ("/cassino/reliability/cli-not-regular", test_cli_not_regular);
  g_test_add_func ("/cassino/reliability/cli-damaged-large", test_cli_damaged_large);
  g_test_add_func ("/cassino/reliability/cli-damaged-index", test_cli_damaged_index);
  g_test_add_func ("/cassino/reliability/cli-export-damaged-game", test_cli_export_damaged_game);
  /* cassino-cli against hostile files and inputs (issue 15) */
  g_test_add_func ("/cassino/reliability/cli-export-output", test_cli_export_output);
  g_test_add_func ("/cassino/reliability/cli-output-other-database", test_cli_output_other_database);
  g_test_add_func ("/cassino/reliability/cli-deep-json", test_cli_deep_json);
  g_test_add_func ("/cassino/reliability/cli-stdout-full", test_cli_stdout_full);
  g_test_add_func ("/cassino/reliability/cli-messages", test_cli_messages);
  g_test_add_func ("/cassino/reliability/disk-full-enospc", test_disk_full_enospc);
  g_test_add_func ("/cassino/reliability/negative-user-version", test_negative_user_version);
  g_test_add_func ("/cassino/reliability/cli-players-zero", test_cli_players_zero);
  g_test_add_func ("/cassino/reliability/csv-neutralised", test_csv_neutralised);

  {
    int status = g_test_run ();

    if (nobody_dir != NULL)
      test_remove_tree (nobody_dir);
    return status;
  }
}
