/* bench-store.c: how fast the store is with many games
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fills a database with simulated games (random legal moves, classic, two
 * players, every tenth game four players), then prints the time to record
 * one move, to open the database and fetch the first history page, to
 * compute one player's statistics, and the file size per game.
 *
 *   bench-store [--games N] [--database PATH] [--keep]
 *
 * Targets (issue 5): move < 1 ms, first page < 20 ms, statistics < 100 ms
 * at 100,000 games.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <glib/gstdio.h>

#include "cassino-store.h"
#include "cassino-store-history.h"
#include "cassino-store-record.h"
#include "cassino-store-stats.h"
#include "test-store-util.h"

static const char *const levels[] = { "beginner", "easy", "medium", "hard", "expert" };

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static gint64
file_size (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 ? (gint64) st.st_size : 0;
}

int
main (int    argc,
      char **argv)
{
  gint64 n_games = 100000;
  g_autofree char *database = NULL;
  gboolean keep = FALSE;
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT64, &n_games, "Games to simulate (default 100000)", "N" },
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &database, "Database to fill (default: a temporary one)", "PATH" },
    { "keep", 'k', 0, G_OPTION_ARG_NONE, &keep, "Keep the database", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— benchmark the store");
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(GArray) move_times = g_array_new (FALSE, FALSE, sizeof (gint64));
  CassinoStore *store;
  gint64 t0, fill_us, existing = 0, alice;
  double mean = 0;
  gint64 p95, open_us, page_us, stats_us, stats_filtered_us, stats_family_us, size;
  guint64 seed;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-store: %s\n", error->message);
      return 2;
    }
  if (database == NULL)
    {
      dir = store_test_tmpdir ();
      database = g_build_filename (dir, "bench.db", NULL);
    }

  store = cassino_store_open (database, &error);
  if (store == NULL)
    {
      fprintf (stderr, "bench-store: %s\n", error->message);
      return 1;
    }
  {
    CassinoStoreHistoryFilter all = { 0 };
    guint count = 0;

    cassino_store_count_history (store, &all, &count, NULL);
    existing = count;
  }

  /* fill */
  printf ("filling %s with %" G_GINT64_FORMAT " games (%" G_GINT64_FORMAT " there already)\n",
          database, n_games, existing);
  t0 = g_get_monotonic_time ();
  for (seed = (guint64) existing + 1; seed <= (guint64) n_games; seed++)
    {
      guint n_players = seed % 10 == 0 ? 4 : 2;
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, n_players, seed * 7919,
                                                  "Alice", levels[seed % G_N_ELEMENTS (levels)]);
      g_autofree char *start = NULL;
      g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (1700000000 + (gint64) seed * 600);

      start = g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ");
      cassino_game_set_tag (game, "Start", start);
      if (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_SIMULATED, &error) == 0)
        {
          fprintf (stderr, "bench-store: game %" G_GUINT64_FORMAT ": %s\n", seed, error->message);
          return 1;
        }
      cassino_game_unref (game);
      if (seed % 10000 == 0)
        {
          printf ("  %" G_GUINT64_FORMAT " games, %.0f s\n", seed,
                  (g_get_monotonic_time () - t0) / 1e6);
          fflush (stdout);
        }
    }
  fill_us = g_get_monotonic_time () - t0;

  /* recording moves one at a time, as the app does, into the full database */
  for (guint g = 0; g < 40; g++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (g + 1);
      CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 1000000007ull + g, "Alice", "medium");
      gint64 id = cassino_store_begin_game (store, game, 0, NULL, &error);
      gboolean new_deal;

      if (id == 0)
        g_error ("%s", error->message);
      while (store_test_step (game, rand, &new_deal))
        {
          if (new_deal)
            cassino_store_begin_deal (store, id, game, NULL);
          else
            {
              CassinoStoreMoveInfo info = CASSINO_STORE_MOVE_INFO_INIT;
              gint64 t = g_get_monotonic_time (), dt;

              if (!cassino_store_record_move (store, id, game, &info, &error))
                g_error ("%s", error->message);
              dt = g_get_monotonic_time () - t;
              g_array_append_val (move_times, dt);
              if (cassino_game_get_current_deal (game)->finished)
                cassino_store_end_deal (store, id, game, NULL);
              if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
                cassino_store_end_game (store, id, game, NULL);
            }
        }
      cassino_game_unref (game);
    }
  for (guint i = 0; i < move_times->len; i++)
    mean += g_array_index (move_times, gint64, i);
  mean /= move_times->len;
  g_array_sort (move_times, compare_gint64);
  p95 = g_array_index (move_times, gint64, move_times->len * 95 / 100);

  alice = cassino_store_find_human (store, "Alice", NULL);
  g_assert_finalize_object (store);

  /* open and the first page */
  t0 = g_get_monotonic_time ();
  store = cassino_store_open (database, &error);
  if (store == NULL)
    g_error ("%s", error->message);
  open_us = g_get_monotonic_time () - t0;
  {
    g_autoptr(GPtrArray) page = cassino_store_get_history_page (store, NULL, NULL, 50, NULL, &error);

    if (page == NULL)
      g_error ("%s", error->message);
  }
  page_us = g_get_monotonic_time () - t0;

  /* a player's statistics (Alice played every game) */
  t0 = g_get_monotonic_time ();
  {
    g_autoptr(CassinoStoreStats) st = cassino_store_get_player_stats (store, alice, NULL, 0, &error);

    if (st == NULL)
      g_error ("%s", error->message);
    printf ("Alice: %u games, %u won, %u deals, %u builds\n", st->games, st->wins, st->deals, st->builds);
  }
  stats_us = g_get_monotonic_time () - t0;
  t0 = g_get_monotonic_time ();
  {
    CassinoStoreStatsFilter filter = { "classic", 2 };
    g_autoptr(CassinoStoreStats) st = cassino_store_get_player_stats (store, alice, &filter, 0, &error);

    if (st == NULL)
      g_error ("%s", error->message);
  }
  stats_filtered_us = g_get_monotonic_time () - t0;
  /* a family of games, as the app's filter gives it ("Every Cassino variant") */
  t0 = g_get_monotonic_time ();
  {
    CassinoStoreStatsFilter filter = { "classic,english,american,twenty-one,royal,royal-ace14,spade,"
                                       "diamond,draw,german,house", 0 };
    g_autoptr(CassinoStoreStats) st = cassino_store_get_player_stats (store, alice, &filter, 0, &error);

    if (st == NULL)
      g_error ("%s", error->message);
  }
  stats_family_us = g_get_monotonic_time () - t0;
  g_assert_finalize_object (store);

  {
    g_autofree char *wal = g_strconcat (database, "-wal", NULL);

    size = file_size (database) + file_size (wal);
  }

  printf ("\n");
  printf ("games in the database         %" G_GINT64_FORMAT "\n", MAX (n_games, existing) + 40);
  if (n_games > existing)
    printf ("fill (record_game, 1 txn/game) %.1f s, %.2f ms a game\n", fill_us / 1e6,
            fill_us / 1e3 / (double) (n_games - existing));
  printf ("record one move (1 txn/move)  mean %.1f µs, p95 %" G_GINT64_FORMAT " µs, max %" G_GINT64_FORMAT
          " µs (%u moves)\n", mean, p95, g_array_index (move_times, gint64, move_times->len - 1),
          move_times->len);
  printf ("open + first history page    %.1f ms (open %.1f ms)\n", page_us / 1e3, open_us / 1e3);
  printf ("one player's statistics      %.1f ms (all games), %.1f ms (classic, 2 players), "
          "%.1f ms (every Cassino variant)\n",
          stats_us / 1e3, stats_filtered_us / 1e3, stats_family_us / 1e3);
  printf ("file size                    %.1f MiB, %.0f bytes a game\n", size / 1048576.0,
          size / (double) (MAX (n_games, existing) + 40));

  if (dir && !keep)
    store_test_rmdir (dir);
  else
    printf ("kept %s\n", database);
  return 0;
}
