/* cassino-store-stats.c: a player's statistics, derived by SQL
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include "cassino-store-private.h"
#include "cassino-store-ratings.h"
#include "cassino-store-schema.h"
#include "cassino-store-stats.h"

gboolean
_cassino_store_derive_game (CassinoStore  *store,
                            gint64         game_id,
                            GError       **error)
{
  return cassino_sqlite_run (store->db, error, "DELETE FROM seat_stats WHERE game_id = ?1", "i", game_id) &&
         cassino_sqlite_run (store->db, error,
                             "INSERT INTO seat_stats "
                             CASSINO_SEAT_FACTS_SELECT ("AND d.game_id = ?1", "AND g.id = ?1"),
                             "i", game_id) &&
         cassino_sqlite_run (store->db, error, "DELETE FROM seat_opponents WHERE game_id = ?1", "i", game_id) &&
         cassino_sqlite_run (store->db, error,
                             "INSERT INTO seat_opponents " CASSINO_SEAT_OPPONENTS_SELECT ("AND g.id = ?1"),
                             "i", game_id);
}

static gboolean
rebuild_derived (CassinoStore  *store,
                 gpointer       data,
                 GError       **error)
{
  return cassino_sqlite_exec (store->db,
                              "DELETE FROM seat_stats; "
                              "INSERT INTO seat_stats SELECT * FROM v_seat_facts; "
                              "DELETE FROM seat_opponents; "
                              "INSERT INTO seat_opponents SELECT * FROM v_seat_opponents", error) &&
         cassino_store_rebuild_ratings (store, error);
}

gboolean
cassino_store_rebuild_derived (CassinoStore  *store,
                               GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  return cassino_store_transact (store, rebuild_derived, NULL, error);
}

void
cassino_store_stats_free (CassinoStoreStats *stats)
{
  if (stats == NULL)
    return;
  g_free (stats->name);
  g_free (stats->only_preset);
  g_clear_pointer (&stats->head_to_head, g_ptr_array_unref);
  g_free (stats);
}

static void
head_to_head_free (CassinoStoreHeadToHead *h)
{
  g_free (h->name);
  g_free (h);
}


static sqlite3_stmt *
prepare_filtered (CassinoStore                   *store,
                  const char                     *sql_format,
                  const char                     *source,
                  gint64                          player_id,
                  const CassinoStoreStatsFilter  *filter,
                  GError                        **error)
{
  /* the format only ever receives our own table and view names */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  g_autofree char *sql = g_strdup_printf (sql_format, source);
#pragma GCC diagnostic pop
  sqlite3_stmt *stmt = cassino_sqlite_prepare (store->db, sql, error);

  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, player_id);
  _cassino_bind_text_or_null (stmt, 2, filter ? filter->preset : NULL);
  sqlite3_bind_int (stmt, 3, filter ? (int) filter->n_players : 0);
  return stmt;
}

static double
ratio (double a,
       double b)
{
  return b > 0 ? a / b : 0.0;
}

/* The columns of the per-game pass, in order. */
enum {
  COL_RESULT, COL_DEALS, COL_POINTS, COL_CATEGORIES,
  COL_SWEEPS = COL_CATEGORIES + CASSINO_N_CATEGORIES,
  COL_BIG, COL_LITTLE, COL_BUILDS, COL_BUILDS_TAKEN, COL_DURATION,
  COL_GAME, COL_MARGIN, COL_SCORE, COL_RUBBER, COL_SIDE, COL_PRESET,
};

/* Which of the statistics' categories a variant has. */
typedef struct {
  gboolean sweeps, big_cassino, little_cassino, seven_diamonds, settebello, building, family;
} PresetCategories;

/* What a variant scores, from its rules: a side that took every card
 * scores each category the variant has.  A preset this version does not
 * know (a record of a later one) counts as classic. */
static void
preset_categories (const char       *name,
                   PresetCategories *out)
{
  static const guint counts[] = { 2, 4, 3, 6 };
  CassinoPreset preset = CASSINO_PRESET_CLASSIC;
  CassinoRules rules;
  CassinoDealScore score;
  CassinoCards piles[CASSINO_MAX_SIDES] = { 0 };
  guint8 sweeps[CASSINO_MAX_SIDES] = { 0 };
  gboolean known = FALSE;

  if (name == NULL || !cassino_preset_from_string (name, &preset))
    preset = CASSINO_PRESET_CLASSIC;
  /* any player count the variant allows: the scoring is the same */
  for (guint i = 0; i < G_N_ELEMENTS (counts) && !known; i++)
    known = cassino_rules_init_preset (&rules, preset, counts[i], NULL);
  if (!known)
    cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL);
  piles[0] = rules.deck_cards;
  cassino_deal_score_compute (&score, &rules, piles, sweeps, NULL, 0);
  out->sweeps = rules.sweeps;
  out->big_cassino = score.points[0][CASSINO_CATEGORY_BIG_CASSINO] > 0;
  out->little_cassino = score.points[0][CASSINO_CATEGORY_LITTLE_CASSINO] > 0;
  out->seven_diamonds = score.points[0][CASSINO_CATEGORY_SEVEN_DIAMONDS] > 0;
  out->settebello = rules.scoring == CASSINO_SCORING_SCOPA;
  out->building = rules.building;
  out->family = rules.family;
}

static gboolean
fill_stats (CassinoStore                   *store,
            CassinoStoreStats              *st,
            const CassinoStoreStatsFilter  *filter,
            gboolean                        from_raw,
            GError                        **error)
{
  CassinoSqlite *db = store->db;
  g_autoptr(GHashTable) rubbers = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) rubber_keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  /* preset name → PresetCategories, each variant worked out once */
  g_autoptr(GHashTable) presets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint seven_points = 0;
  sqlite3_stmt *stmt;
  int streak = 0;

  st->seven_diamonds_settebello = TRUE;

  /* One pass over the player's games in the order they ended: totals,
   * streaks, the best game and the rubbers played. */
  stmt = prepare_filtered (store,
                           "SELECT result, deals, points, p_cards, p_spades, p_big_cassino, "
                           "p_little_cassino, p_aces, p_sweeps, p_diamonds, p_seven_diamonds, p_fours, "
                           "sweeps, big_cassino, little_cassino, builds, builds_taken, "
                           /* the games whose start is known only to the day are
                            * taken off below (a look-up of every game here
                            * cost two thirds of the pass) */
                           "ended - started, "
                           "game_id, margin, score, rubber_id, side, preset "
                           "FROM %s WHERE player_id = ?1 AND (?2 IS NULL OR " CASSINO_STORE_PRESET_IN ("preset", "?2") ") "
                           "AND (?3 = 0 OR n_players = ?3) ORDER BY ended, game_id",
                           from_raw ? "v_seat_facts" : "seat_stats", st->player_id, filter, error);
  if (stmt == NULL)
    return FALSE;
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          int r = sqlite3_column_int (stmt, COL_RESULT);
          int margin = sqlite3_column_int (stmt, COL_MARGIN);
          guint score = (guint) sqlite3_column_int (stmt, COL_SCORE);
          guint deals = (guint) sqlite3_column_int (stmt, COL_DEALS);
          const char *preset = _cassino_column_text (stmt, COL_PRESET);
          PresetCategories *has = g_hash_table_lookup (presets, preset ? preset : "");

          if (has == NULL)
            {
              has = g_new0 (PresetCategories, 1);
              preset_categories (preset, has);
              g_hash_table_insert (presets, g_strdup (preset ? preset : ""), has);
            }

          st->games++;
          if (r > 0)
            {
              st->wins++;
              streak = streak > 0 ? streak + 1 : 1;
              st->longest_win_streak = MAX (st->longest_win_streak, (guint) streak);
              /* the widest margin; then the highest score; then the earliest */
              if (st->best_game_id == 0 || margin > st->best_game_margin ||
                  (margin == st->best_game_margin && score > st->best_game_score))
                {
                  st->best_game_id = sqlite3_column_int64 (stmt, COL_GAME);
                  st->best_game_margin = margin;
                  st->best_game_score = score;
                }
            }
          else if (r < 0)
            {
              st->losses++;
              streak = streak < 0 ? streak - 1 : -1;
              st->longest_loss_streak = MAX (st->longest_loss_streak, (guint) -streak);
            }
          else
            {
              st->draws++;
              streak = 0;
            }
          st->deals += deals;
          if (has->sweeps)
            st->sweep_deals += deals;
          if (has->big_cassino)
            {
              st->big_cassino_deals += deals;
              st->big_cassino_family |= has->family;
            }
          if (has->little_cassino)
            {
              st->little_cassino_deals += deals;
              st->little_cassino_family |= has->family;
            }
          if (has->seven_diamonds)
            {
              st->seven_diamonds_deals += deals;
              /* one point a deal: the deals in which the side took it */
              seven_points += (guint) sqlite3_column_int (stmt, COL_CATEGORIES + CASSINO_CATEGORY_SEVEN_DIAMONDS);
              st->seven_diamonds_settebello &= has->settebello;
            }
          if (has->building)
            st->building_games++;
          st->points += (guint) sqlite3_column_int (stmt, COL_POINTS);
          for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
            st->category_points[c] += (guint) sqlite3_column_int (stmt, COL_CATEGORIES + (int) c);
          /* only where the variant has the category: a Scopa player takes
           * the 2♠ too, but it is no Little Cassino there */
          if (has->sweeps)
            st->sweeps += (guint) sqlite3_column_int (stmt, COL_SWEEPS);
          if (has->big_cassino)
            st->big_cassino += (guint) sqlite3_column_int (stmt, COL_BIG);
          if (has->little_cassino)
            st->little_cassino += (guint) sqlite3_column_int (stmt, COL_LITTLE);
          st->builds += (guint) sqlite3_column_int (stmt, COL_BUILDS);
          st->builds_taken += (guint) sqlite3_column_int (stmt, COL_BUILDS_TAKEN);
          st->time_played += sqlite3_column_int64 (stmt, COL_DURATION);
          if (sqlite3_column_type (stmt, COL_RUBBER) != SQLITE_NULL)
            {
              /* rubber id and side in one key: sides are < 8 */
              gint64 key = sqlite3_column_int64 (stmt, COL_RUBBER) * 8 + sqlite3_column_int (stmt, COL_SIDE);

              g_array_append_val (rubber_keys, key);
            }
        }
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return FALSE;
      }
  st->current_streak = streak;

  /* a game whose start is known only to the day has no length: the few
   * (recorded before version 2 of the schema) are found from the games */
  {
    gint64 unknown;

    stmt = prepare_filtered (store,
                             "SELECT coalesce(sum(s.ended - s.started), 0) FROM games g CROSS JOIN %s s "
                             "ON s.game_id = g.id WHERE g.start_known = 0 AND s.player_id = ?1 "
                             "AND (?2 IS NULL OR " CASSINO_STORE_PRESET_IN ("s.preset", "?2") ") AND (?3 = 0 OR s.n_players = ?3)",
                             from_raw ? "v_seat_facts" : "seat_stats", st->player_id, filter, error);
    if (stmt == NULL || !cassino_sqlite_step_int64 (db, stmt, 0, &unknown, error))
      return FALSE;
    st->time_played -= unknown;
  }

  st->win_percent = 100.0 * ratio (st->wins, st->games);
  st->points_per_deal = ratio (st->points, st->deals);
  for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
    st->category_percent[c] = 100.0 * ratio (st->category_points[c], st->points);
  st->sweeps_per_deal = ratio (st->sweeps, st->sweep_deals);
  st->big_cassino_percent = 100.0 * ratio (st->big_cassino, st->big_cassino_deals);
  st->little_cassino_percent = 100.0 * ratio (st->little_cassino, st->little_cassino_deals);
  st->seven_diamonds_percent = 100.0 * ratio (seven_points, st->seven_diamonds_deals);
  st->seven_diamonds_settebello &= st->seven_diamonds_deals > 0;
  if (g_hash_table_size (presets) == 1)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, presets);
      if (g_hash_table_iter_next (&iter, &key, NULL) && *(const char *) key)
        st->only_preset = g_strdup (key);
    }
  st->builds_taken_percent = 100.0 * ratio (st->builds_taken, st->builds);

  /* rubbers: the finished ones among those played */
  for (guint i = 0; i < rubber_keys->len; i++)
    {
      gint64 *key = &g_array_index (rubber_keys, gint64, i);

      if (g_hash_table_contains (rubbers, key))
        continue;
      g_hash_table_add (rubbers, key);
      stmt = cassino_sqlite_prepare (db, "SELECT winner_side FROM rubbers WHERE id = ?1 AND state = 'finished'",
                                     error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, *key / 8);
      switch (cassino_sqlite_step (db, stmt, error))
        {
        case CASSINO_SQLITE_ROW:
          st->rubbers++;
          if (sqlite3_column_type (stmt, 0) != SQLITE_NULL && sqlite3_column_int64 (stmt, 0) == *key % 8)
            st->rubbers_won++;
          sqlite3_reset (stmt);
          break;
        case CASSINO_SQLITE_DONE:
          break;
        case CASSINO_SQLITE_ERROR_STEP:
        default:
          return FALSE;
        }
    }

  /* head to head */
  stmt = prepare_filtered (store,
                           "SELECT x.opponent_id, p.name, count(*), total(x.outcome = 1), "
                           "total(x.outcome = 0), total(x.outcome = -1) "
                           "FROM %s x JOIN players p ON p.id = x.opponent_id "
                           "WHERE x.player_id = ?1 AND (?2 IS NULL OR " CASSINO_STORE_PRESET_IN ("x.preset", "?2") ") "
                           "AND (?3 = 0 OR x.n_players = ?3) "
                           "GROUP BY x.opponent_id ORDER BY 3 DESC, p.name, x.opponent_id",
                           from_raw ? "v_seat_opponents" : "seat_opponents", st->player_id, filter, error);
  if (stmt == NULL)
    return FALSE;
  for (;;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          CassinoStoreHeadToHead *h = g_new0 (CassinoStoreHeadToHead, 1);

          h->opponent_id = sqlite3_column_int64 (stmt, 0);
          h->name = _cassino_column_dup (stmt, 1);
          h->games = (guint) sqlite3_column_int64 (stmt, 2);
          h->wins = (guint) sqlite3_column_int64 (stmt, 3);
          h->draws = (guint) sqlite3_column_int64 (stmt, 4);
          h->losses = (guint) sqlite3_column_int64 (stmt, 5);
          g_ptr_array_add (st->head_to_head, h);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return TRUE;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return FALSE;
      }
}

typedef struct {
  CassinoStoreStats             *st;
  const CassinoStoreStatsFilter *filter;
  gboolean                       from_raw;
} FillStats;

static gboolean
fill_stats_job (CassinoStore  *store,
                gpointer       data,
                GError       **error)
{
  FillStats *job = data;

  return fill_stats (store, job->st, job->filter, job->from_raw, error);
}

CassinoStoreStats *
cassino_store_get_player_stats (CassinoStore                   *store,
                                gint64                          player_id,
                                const CassinoStoreStatsFilter  *filter,
                                CassinoStoreStatsFlags          flags,
                                GError                        **error)
{
  g_autoptr(CassinoStorePlayer) player = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  FillStats job = { NULL, filter, (flags & CASSINO_STORE_STATS_FROM_RAW) != 0 };

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  player = cassino_store_get_player (store, player_id, error);
  if (player == NULL)
    return NULL;

  st = g_new0 (CassinoStoreStats, 1);
  st->player_id = player_id;
  st->name = g_strdup (player->name);
  st->head_to_head = g_ptr_array_new_with_free_func ((GDestroyNotify) head_to_head_free);

  /* one read transaction: every figure from the same snapshot */
  job.st = st;
  if (!cassino_store_read (store, fill_stats_job, &job, error))
    return NULL;
  return g_steal_pointer (&st);
}

GStrv
cassino_store_get_player_groups (CassinoStore  *store,
                                 gint64         player_id,
                                 GError       **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT DISTINCT preset, n_players FROM seat_stats WHERE player_id = ?1 "
                                 "ORDER BY preset, n_players", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, player_id);
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          g_autofree char *group = g_strdup_printf ("%s/%d", _cassino_column_text (stmt, 0),
                                                    sqlite3_column_int (stmt, 1));

          g_strv_builder_add (builder, group);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return g_strv_builder_end (builder);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}

/* The local calendar month of a UTC time.  Time zone offsets and their
 * changes fall on quarter hours, so the answer is the same within a
 * quarter hour: @cache keeps the last one. */
typedef struct {
  GTimeZone *tz;
  gint64     quarter;
  guint      year;
  guint      month;
} MonthCache;

static void
local_month (MonthCache *cache,
             gint64      time,
             guint      *year,
             guint      *month)
{
  gint64 quarter = time >= 0 ? time / 900 : (time - 899) / 900;

  if (quarter != cache->quarter)
    {
      int interval = g_time_zone_find_interval (cache->tz, G_TIME_TYPE_UNIVERSAL, time);
      gint64 local = time + g_time_zone_get_offset (cache->tz, MAX (interval, 0));
      GDate date;

      g_date_clear (&date, 1);
      /* days since 1970-01-01 (day 719163 of the Julian count GDate uses) */
      g_date_set_julian (&date, (guint32) (719163 + (local >= 0 ? local / 86400 : (local - 86399) / 86400)));
      cache->quarter = quarter;
      cache->year = g_date_get_year (&date);
      cache->month = g_date_get_month (&date);
    }
  *year = cache->year;
  *month = cache->month;
}

void
cassino_store_player_series_free (CassinoStorePlayerSeries *series)
{
  if (series == NULL)
    return;
  g_clear_pointer (&series->months, g_array_unref);
  g_clear_pointer (&series->histogram, g_array_unref);
  g_free (series->top_preset);
  g_free (series);
}

CassinoStorePlayerSeries *
cassino_store_get_player_series (CassinoStore                   *store,
                                 gint64                          player_id,
                                 const CassinoStoreStatsFilter  *filter,
                                 guint                           n_bins,
                                 GError                        **error)
{
  g_autoptr(CassinoStorePlayerSeries) series = g_new0 (CassinoStorePlayerSeries, 1);
  g_autoptr(GHashTable) presets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  MonthCache cache = { NULL, G_MININT64, 0, 0 };
  sqlite3_stmt *stmt;
  gboolean ok = FALSE;
  guint top = 0;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  series->months = g_array_new (FALSE, TRUE, sizeof (CassinoStoreMonth));
  series->histogram = g_array_sized_new (FALSE, TRUE, sizeof (guint), MAX (n_bins, 1));
  g_array_set_size (series->histogram, n_bins);
  cache.tz = g_time_zone_new_local ();

  /* one pass in the order of the table's key (player, time ended) */
  stmt = prepare_filtered (store,
                           "SELECT ended, result > 0, points, deals, preset "
                           "FROM %s WHERE player_id = ?1 AND (?2 IS NULL OR " CASSINO_STORE_PRESET_IN ("preset", "?2") ") "
                           "AND (?3 = 0 OR n_players = ?3) ORDER BY ended",
                           "seat_stats", player_id, filter, error);
  if (stmt == NULL)
    goto out;
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          GArray *months = series->months;
          gint64 deals = sqlite3_column_int64 (stmt, 3);
          const char *preset = _cassino_column_text (stmt, 4);
          CassinoStoreMonth *last = months->len ? &g_array_index (months, CassinoStoreMonth, months->len - 1) : NULL;
          gpointer count;
          guint year, month;

          local_month (&cache, sqlite3_column_int64 (stmt, 0), &year, &month);
          if (last == NULL || last->year != year || last->month != month)
            {
              CassinoStoreMonth m = { year, month, 0, 0 };

              g_array_append_val (months, m);
              last = &g_array_index (months, CassinoStoreMonth, months->len - 1);
            }
          last->games++;
          last->wins += sqlite3_column_int (stmt, 1) ? 1 : 0;

          if (deals > 0 && n_bins > 0)
            {
              /* truncated towards zero, as a mean of half points */
              gint64 bin = 2 * sqlite3_column_int64 (stmt, 2) / deals;

              g_array_index (series->histogram, guint, CLAMP (bin, 0, (gint64) n_bins - 1))++;
            }

          /* the most played preset (the first by name among equals) */
          count = g_hash_table_lookup (presets, preset);
          g_hash_table_insert (presets, g_strdup (preset), GUINT_TO_POINTER (GPOINTER_TO_UINT (count) + 1));
          if (GPOINTER_TO_UINT (count) + 1 > top ||
              (GPOINTER_TO_UINT (count) + 1 == top && g_strcmp0 (preset, series->top_preset) < 0))
            {
              top = GPOINTER_TO_UINT (count) + 1;
              if (g_strcmp0 (preset, series->top_preset) != 0)
                {
                  g_free (series->top_preset);
                  series->top_preset = g_strdup (preset);
                }
            }
        }
        break;
      case CASSINO_SQLITE_DONE:
        ok = TRUE;
        goto out;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto out;
      }

out:
  g_time_zone_unref (cache.tz);
  if (!ok)
    {
      _cassino_store_convert_error (error);
      return NULL;
    }
  return g_steal_pointer (&series);
}

GArray *
cassino_store_get_player_months (CassinoStore                   *store,
                                 gint64                          player_id,
                                 const CassinoStoreStatsFilter  *filter,
                                 GError                        **error)
{
  g_autoptr(CassinoStorePlayerSeries) series = cassino_store_get_player_series (store, player_id, filter, 0, error);

  return series ? g_steal_pointer (&series->months) : NULL;
}

GArray *
cassino_store_get_points_per_deal_histogram (CassinoStore                   *store,
                                             gint64                          player_id,
                                             const CassinoStoreStatsFilter  *filter,
                                             guint                           n_bins,
                                             GError                        **error)
{
  g_autoptr(CassinoStorePlayerSeries) series = NULL;

  g_return_val_if_fail (n_bins > 0, NULL);

  series = cassino_store_get_player_series (store, player_id, filter, n_bins, error);
  return series ? g_steal_pointer (&series->histogram) : NULL;
}
