/* test-store-daily.c: the daily statistics read from recorded games
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "cassino-daily.h"
#include "cassino-record.h"
#include "cassino-store.h"
#include "cassino-store-daily.h"
#include "cassino-store-record.h"
#include "test-store-util.h"

/* A whole classic game tagged as the daily deal of @day (or not daily
 * when @day is NULL), recorded in @store. */
static gint64
record_daily (CassinoStore *store,
              const char   *day,
              guint64       seed)
{
  g_autoptr(GError) error = NULL;
  CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Tess", "medium");
  gint64 id;

  if (day)
    {
      cassino_game_set_tag (game, CASSINO_DAILY_TAG, day);
      cassino_game_set_tag (game, CASSINO_DAILY_PRESET_TAG, "classic");
    }
  id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  cassino_game_unref (game);
  return id;
}

static void
test_daily_stats (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "daily.db", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (path, &error);
  g_autoptr(CassinoDailyStats) stats = NULL;
  GDate today;
  gint best = -1;
  const char *days[] = { "2026-11-18", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-22" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (days); i++)
    record_daily (store, days[i], 100 + i);
  record_daily (store, NULL, 7);   /* an ordinary game: not daily */

  g_assert_true (cassino_daily_parse_date ("2026-11-23", &today, NULL));
  stats = cassino_store_get_daily_stats (store, &today, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stats);
  g_assert_cmpuint (stats->results->len, ==, 5);
  g_assert_cmpuint (stats->played, ==, 5);
  /* 20, 21, 22 in a row, today (23) not yet played */
  g_assert_cmpuint (stats->streak, ==, 3);
  g_assert_cmpuint (stats->longest, ==, 3);
  /* newest first, with the player's score */
  g_assert_cmpstr (((CassinoDailyResult *) stats->results->pdata[0])->date, ==, "2026-11-22");
  g_assert_cmpstr (((CassinoDailyResult *) stats->results->pdata[4])->date, ==, "2026-11-18");
  for (guint i = 0; i < stats->results->len; i++)
    {
      CassinoDailyResult *r = stats->results->pdata[i];

      g_assert_true (r->finished);
      g_assert_cmpstr (r->preset, ==, "classic");
      best = MAX (best, r->score);
    }
  g_assert_cmpint (stats->best_score, ==, best);
  g_assert_cmpint (stats->best_score, >=, 0);
  g_clear_pointer (&stats, cassino_daily_stats_free);

  /* two days later the streak is broken */
  g_assert_true (cassino_daily_parse_date ("2026-11-24", &today, NULL));
  stats = cassino_store_get_daily_stats (store, &today, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stats->streak, ==, 0);
  g_assert_cmpuint (stats->longest, ==, 3);

  /* a daily game's exported record says which daily deal it was */
  {
    CassinoDailyResult *r = stats->results->pdata[0];
    CassinoGame *game = cassino_store_load_game (store, r->game_id, &error);
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    text = cassino_record_write (game);
    g_assert_nonnull (strstr (text, "[Daily \"2026-11-22\"]"));
    g_assert_nonnull (strstr (text, "[DailyPreset \"classic\"]"));
    cassino_game_unref (game);
  }

  g_clear_object (&store);
  store_test_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cassino/store-daily/stats", test_daily_stats);
  return g_test_run ();
}
