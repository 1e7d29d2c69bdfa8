/* test-store-util.h: helpers shared by the store tests and the benchmark
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "cassino-game.h"
#include "cassino-store.h"
#include "cassino-store-record.h"
#include "test-tmp-util.h"

/* The database at @path opened read-only, as another program reading it
 * would: with a busy timeout, since a reader too can meet a lock for a
 * moment (the app's last connection folding the WAL in as it closes, or
 * recovering it as it opens). */
static inline sqlite3 *
store_test_open_reader (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 10000);
  return db;
}

/* A fresh temporary folder (removed by store_test_rmdir()). */
static inline char *
store_test_tmpdir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("cassino-store-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static inline void
store_test_rmdir (const char *dir)
{
  test_remove_tree (dir);
}

/* Damage page @page (from 1) of the database file @path: every byte of
 * it overwritten with @byte, as a bad sector or a stray write would. */
static inline void
store_test_damage_page (const char *path,
                        gint64      page,
                        gint64      page_size,
                        guint8      byte)
{
  FILE *file = fopen (path, "r+b");
  g_autofree char *junk = g_malloc (page_size);

  memset (junk, byte, page_size);
  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, (long) ((page - 1) * page_size), SEEK_SET), ==, 0);
  g_assert_cmpuint (fwrite (junk, 1, page_size, file), ==, (gsize) page_size);
  fclose (file);
}

/* A new game: seat 0 is the human @human, the others computers of
 * @level; the first deal is dealt. */
static inline CassinoGame *
store_test_new_game (CassinoPreset  preset,
                     guint          n_players,
                     guint64        seed,
                     const char    *human,
                     const char    *level)
{
  CassinoRules rules;
  CassinoGame *game;
  g_autoptr(GError) error = NULL;

  if (!cassino_rules_init_preset (&rules, preset, n_players, &error))
    g_error ("rules: %s", error->message);
  game = cassino_game_new (&rules, seed, (guint) (seed % n_players));
  for (guint s = 0; s < n_players; s++)
    {
      if (s == 0 && human)
        cassino_game_set_seat (game, s, human, CASSINO_SEAT_HUMAN, NULL);
      else
        {
          g_autofree char *name = g_strdup_printf ("Computer %u", s);

          cassino_game_set_seat (game, s, name, CASSINO_SEAT_COMPUTER, level);
        }
    }
  cassino_game_start (game);
  return game;
}

/* One step of a game played with random legal moves: a new deal when
 * the last one is over, else one play.  Returns FALSE when the game is
 * over.  *@out_new_deal says which it was. */
static inline gboolean
store_test_step (CassinoGame *game,
                 GRand       *rand,
                 gboolean    *out_new_deal)
{
  CassinoMoveList list;
  g_autoptr(GError) error = NULL;

  *out_new_deal = FALSE;
  switch (cassino_game_get_state (game))
    {
    case CASSINO_GAME_OVER:
      return FALSE;
    case CASSINO_GAME_DEAL_OVER:
      if (!cassino_game_next_deal (game, &error))
        g_error ("next deal: %s", error->message);
      *out_new_deal = TRUE;
      return TRUE;
    case CASSINO_GAME_PLAYING:
    default:
      break;
    }
  cassino_move_list_init (&list);
  cassino_game_legal_moves (game, &list);
  g_assert_cmpuint (list.len, >, 0);
  if (!cassino_game_play (game, &list.moves[g_rand_int_range (rand, 0, (gint32) list.len)], &error))
    g_error ("play: %s", error->message);
  cassino_move_list_clear (&list);
  return TRUE;
}

/* A whole game played with random legal moves (seeded). */
static inline CassinoGame *
store_test_random_game (CassinoPreset  preset,
                        guint          n_players,
                        guint64        seed,
                        const char    *human,
                        const char    *level)
{
  CassinoGame *game = store_test_new_game (preset, n_players, seed, human, level);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  gboolean new_deal;

  while (store_test_step (game, rand, &new_deal))
    if (cassino_game_get_n_deals (game) > 200)
      g_error ("a random game that does not end");
  return game;
}

/* @n finished games (classic, two players: Alice against easy, seeds 1
 * to @n) recorded into the database at @path, made if missing. */
static inline void
store_test_fill (const char *path,
                 guint       n)
{
  g_autoptr(GError) error = NULL;
  CassinoStore *store = cassino_store_open (path, &error);

  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= n; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "easy");

      g_assert_cmpint (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  g_assert_finalize_object (store);
}

/* The database at @path grown past the size the open checks whole (16
 * MiB) by a table of another program's. */
static inline void
store_test_pad (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 10000);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE padding (x); "
                                     "INSERT INTO padding VALUES (zeroblob(17 * 1024 * 1024))",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

/* The first move of game @game_id in the database at @path made one that
 * cannot be read back ("unknown move type"): a game whose record is
 * damaged while the file is whole. */
static inline void
store_test_break_game (const char *path,
                       gint64      game_id)
{
  sqlite3 *db = NULL;
  char *sql;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 10000);
  sql = sqlite3_mprintf ("UPDATE moves SET type = 9 WHERE ply = 0 AND deal_id = "
                         "(SELECT id FROM deals WHERE game_id = %lld AND number = 1)", (long long) game_id);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_changes (db), ==, 1);
  sqlite3_free (sql);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

/* The index @name of the database at @path left holding only the rows
 * @where picks (an SQL condition on its table), every page of it whole:
 * damage that only PRAGMA integrity_check finds.  Its definition is
 * changed, the index built again, and the definition put back. */
static inline void
store_test_damage_index (const char *path,
                         const char *name,
                         const char *where)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *sql = NULL;
  g_autofree char *partial = NULL;
  char *update;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 10000);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT sql FROM sqlite_schema WHERE type = 'index' AND name = ?1",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  sql = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  /* (a partial index's own condition is kept: AND the new one) */
  partial = strstr (sql, " WHERE ") ? g_strdup_printf ("%s AND (%s)", sql, where)
                                    : g_strdup_printf ("%s WHERE %s", sql, where);
  update = sqlite3_mprintf ("PRAGMA writable_schema = ON; "
                            "UPDATE sqlite_schema SET sql = %Q WHERE name = %Q", partial, name);
  g_assert_cmpint (sqlite3_exec (db, update, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_free (update);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);

  /* read again with the changed definition, and built by it */
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 10000);
  update = sqlite3_mprintf ("REINDEX %Q; PRAGMA writable_schema = ON; "
                            "UPDATE sqlite_schema SET sql = %Q WHERE name = %Q", name, sql, name);
  g_assert_cmpint (sqlite3_exec (db, update, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_free (update);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

/* The first page of the table or index @name of the database at @path
 * damaged (store_test_damage_page()). */
static inline void
store_test_damage_object (const char *path,
                          const char *name,
                          guint8      byte)
{
  sqlite3 *db = store_test_open_reader (path);
  sqlite3_stmt *stmt = NULL;
  gint64 page, page_size;
  /* "table/leaf": its first leaf page, else its root page */
  gboolean leaf = g_str_has_suffix (name, "/leaf");
  g_autofree char *object = g_strndup (name, strcspn (name, "/"));

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT pageno, (SELECT page_size FROM pragma_page_size) "
                                           "FROM dbstat WHERE name = ?1 AND (NOT ?2 OR pagetype = 'leaf') "
                                           "ORDER BY path", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, object, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 2, leaf);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  page = sqlite3_column_int64 (stmt, 0);
  page_size = sqlite3_column_int64 (stmt, 1);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  store_test_damage_page (path, page, page_size, byte);
}
