/* cassino-store-daily.c: the daily deals played, derived from the records
 *
 * A daily game is an ordinary recorded game with the tag "Daily" (its
 * date) and "DailyPreset": the statistics are read from those, so there is
 * no table of their own to drift (conventions.md: derived with SQL).
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include "cassino-store-daily.h"
#include "cassino-store-private.h"
#include "cassino-daily.h"

static void
daily_result_free (gpointer data)
{
  CassinoDailyResult *r = data;

  g_free (r->date);
  g_free (r->preset);
  g_free (r);
}

void
cassino_daily_stats_free (CassinoDailyStats *stats)
{
  if (stats == NULL)
    return;
  g_clear_pointer (&stats->results, g_ptr_array_unref);
  g_free (stats);
}

CassinoDailyStats *
cassino_store_get_daily_stats (CassinoStore  *store,
                               const GDate   *today,
                               GError       **error)
{
  g_autoptr(CassinoDailyStats) stats = g_new0 (CassinoDailyStats, 1);
  g_autoptr(GArray) dates = g_array_new (FALSE, TRUE, sizeof (GDate));
  sqlite3_stmt *stmt;

  g_return_val_if_fail (store != NULL && today != NULL, NULL);

  stats->results = g_ptr_array_new_with_free_func (daily_result_free);
  stats->best_score = -1;
  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT g.id, t.value, coalesce(p.value, r.preset), g.state = 'finished', "
                                 "coalesce(s0.score, 0), coalesce(s1.score, 0), coalesce(g.winner_side, -1) "
                                 "FROM game_tags t JOIN games g ON g.id = t.game_id "
                                 "JOIN rulesets r ON r.id = g.ruleset_id "
                                 "LEFT JOIN game_tags p ON p.game_id = g.id AND p.name = 'DailyPreset' "
                                 "LEFT JOIN game_sides s0 ON s0.game_id = g.id AND s0.side = 0 "
                                 "LEFT JOIN game_sides s1 ON s1.game_id = g.id AND s1.side = 1 "
                                 "WHERE t.name = 'Daily' AND g.state != 'abandoned' "
                                 "ORDER BY t.value DESC, g.id DESC",
                                 error);
  if (stmt == NULL)
    return NULL;
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          CassinoDailyResult *r = g_new0 (CassinoDailyResult, 1);
          GDate date;

          r->game_id = sqlite3_column_int64 (stmt, 0);
          r->date = _cassino_column_dup (stmt, 1);
          r->preset = _cassino_column_dup (stmt, 2);
          r->finished = sqlite3_column_int (stmt, 3) != 0;
          r->score = sqlite3_column_int (stmt, 4);
          r->opponent_score = sqlite3_column_int (stmt, 5);
          r->winner_side = r->finished ? sqlite3_column_int (stmt, 6) : -1;
          g_ptr_array_add (stats->results, r);
          if (r->finished && cassino_daily_parse_date (r->date, &date, NULL))
            {
              g_array_append_val (dates, date);
              stats->played++;
              if (r->winner_side == 0)
                stats->won++;
              stats->best_score = MAX (stats->best_score, r->score);
            }
          break;
        }
      case CASSINO_SQLITE_DONE:
        cassino_daily_streaks ((const GDate *) dates->data, dates->len, today,
                               &stats->streak, &stats->longest);
        return g_steal_pointer (&stats);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return NULL;
      }
}
