/* cassino-store-ratings.c: Glicko-2 ratings per player and preset
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include "cassino-store-private.h"
#include "cassino-store-ratings.h"

#define ANCHOR_RD 30.0

static const struct {
  const char *level;
  double      rating;
} anchors[] = {
  { "beginner", 1000.0 },
  { "easy",     1300.0 },
  { "medium",   1600.0 },
  { "hard",     1900.0 },
  { "expert",   2200.0 },
  { "master",   2400.0 },
};

void
cassino_store_get_level_anchor (const char    *level,
                                CassinoGlicko *out)
{
  out->rating = 1600.0;
  out->rd = ANCHOR_RD;
  out->volatility = CASSINO_GLICKO_DEFAULT_VOLATILITY;
  for (guint i = 0; level && i < G_N_ELEMENTS (anchors); i++)
    if (g_ascii_strcasecmp (level, anchors[i].level) == 0)
      out->rating = anchors[i].rating;
}

void
cassino_store_rating_free (CassinoStoreRating *rating)
{
  if (rating == NULL)
    return;
  g_free (rating->name);
  g_free (rating->preset);
  g_free (rating);
}

/* The latest rating of a human, or the default; FALSE on error. */
static gboolean
current_rating (CassinoStore   *store,
                gint64          player_id,
                const char     *preset,
                CassinoGlicko  *out,
                guint          *out_games,
                GError        **error)
{
  sqlite3_stmt *stmt;

  cassino_glicko_init (out);
  if (out_games)
    *out_games = 0;
  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT rating, rd, volatility FROM ratings "
                                 "WHERE player_id = ?1 AND preset = ?2 ORDER BY id DESC LIMIT 1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, player_id);
  sqlite3_bind_text (stmt, 2, preset, -1, SQLITE_TRANSIENT);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      out->rating = sqlite3_column_double (stmt, 0);
      out->rd = sqlite3_column_double (stmt, 1);
      out->volatility = sqlite3_column_double (stmt, 2);
      sqlite3_reset (stmt);
      break;
    case CASSINO_SQLITE_DONE:
      return TRUE;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }

  if (out_games)
    {
      stmt = cassino_sqlite_prepare (store->db,
                                     "SELECT count(*) FROM ratings WHERE player_id = ?1 AND preset = ?2",
                                     error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, player_id);
      sqlite3_bind_text (stmt, 2, preset, -1, SQLITE_TRANSIENT);
      if (cassino_sqlite_step (store->db, stmt, error) != CASSINO_SQLITE_ROW)
        return FALSE;
      *out_games = (guint) sqlite3_column_int (stmt, 0);
      sqlite3_reset (stmt);
    }
  return TRUE;
}

typedef struct {
  gint64        player_id;
  guint         side;
  gboolean      computer;
  CassinoGlicko before;
} RatedSeat;

gboolean
_cassino_store_rate_game (CassinoStore  *store,
                          gint64         game_id,
                          GError       **error)
{
  RatedSeat seats[8];
  guint n = 0;
  g_autofree char *preset = NULL;
  gint64 ended = 0;
  int winner = -1;
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT s.player_id, s.side, p.kind, p.level, r.preset, "
                                 "coalesce(g.winner_side, -1), g.ended "
                                 "FROM games g JOIN rulesets r ON r.id = g.ruleset_id "
                                 "JOIN game_seats s ON s.game_id = g.id JOIN players p ON p.id = s.player_id "
                                 "WHERE g.id = ?1 AND g.state = 'finished' ORDER BY s.seat", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        if (n < G_N_ELEMENTS (seats))
          {
            RatedSeat *s = &seats[n++];

            s->player_id = sqlite3_column_int64 (stmt, 0);
            s->side = (guint) sqlite3_column_int (stmt, 1);
            s->computer = sqlite3_column_int (stmt, 2) != 0;
            if (s->computer)
              cassino_store_get_level_anchor (_cassino_column_text (stmt, 3), &s->before);
            if (preset == NULL)
              preset = _cassino_column_dup (stmt, 4);
            winner = sqlite3_column_int (stmt, 5);
            ended = sqlite3_column_int64 (stmt, 6);
          }
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return FALSE;
      }

  for (guint i = 0; i < n; i++)
    if (!seats[i].computer &&
        !current_rating (store, seats[i].player_id, preset, &seats[i].before, NULL, error))
      return FALSE;

  for (guint i = 0; i < n; i++)
    {
      CassinoGlickoResult results[8];
      CassinoGlicko after;
      guint n_results = 0;
      gboolean seen = FALSE;

      if (seats[i].computer)
        continue;
      for (guint k = 0; k < i; k++)
        if (seats[k].player_id == seats[i].player_id)
          seen = TRUE;
      if (seen)
        continue;
      for (guint j = 0; j < n; j++)
        {
          if (seats[j].side == seats[i].side || seats[j].player_id == seats[i].player_id)
            continue;
          results[n_results].rating = seats[j].before.rating;
          results[n_results].rd = seats[j].before.rd;
          results[n_results].score = winner == (int) seats[i].side ? 1.0
                                   : winner == (int) seats[j].side ? 0.0 : 0.5;
          n_results++;
        }
      if (n_results == 0)
        continue;
      cassino_glicko_update (&seats[i].before, results, n_results,
                             CASSINO_GLICKO_DEFAULT_TAU, &after);

      if (!cassino_sqlite_run (store->db, error,
                               "INSERT INTO ratings (player_id, preset, game_id, time, rating, rd, volatility) "
                               "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                               "itiiddd", seats[i].player_id, preset, game_id, ended,
                               after.rating, after.rd, after.volatility))
        return FALSE;
    }
  return TRUE;
}

CassinoStoreRating *
cassino_store_get_rating (CassinoStore  *store,
                          gint64         player_id,
                          const char    *preset,
                          GError       **error)
{
  g_autoptr(CassinoStorePlayer) player = NULL;
  CassinoStoreRating *rating;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);
  g_return_val_if_fail (preset != NULL, NULL);

  player = cassino_store_get_player (store, player_id, error);
  if (player == NULL)
    return NULL;
  rating = g_new0 (CassinoStoreRating, 1);
  rating->player_id = player_id;
  rating->name = g_strdup (player->name);
  rating->preset = g_strdup (preset);
  if (player->kind == CASSINO_SEAT_COMPUTER)
    {
      rating->anchored = TRUE;
      cassino_store_get_level_anchor (player->level, &rating->glicko);
      return rating;
    }
  if (!current_rating (store, player_id, preset, &rating->glicko, &rating->games, error))
    {
      _cassino_store_convert_error (error);
      cassino_store_rating_free (rating);
      return NULL;
    }
  return rating;
}

static gboolean
read_rating_point (CassinoStore            *store,
                   sqlite3_stmt            *stmt,
                   CassinoStoreRatingPoint *p)
{
  p->game_id = sqlite3_column_int64 (stmt, 0);
  p->time = sqlite3_column_int64 (stmt, 1);
  p->glicko.rating = sqlite3_column_double (stmt, 2);
  p->glicko.rd = sqlite3_column_double (stmt, 3);
  p->glicko.volatility = sqlite3_column_double (stmt, 4);
  return TRUE;
}

/* The ids of the player's ratings for @preset, oldest first: a walk of
 * the index ratings_player alone. */
static GArray *
rating_ids (CassinoStore  *store,
            gint64         player_id,
            const char    *preset,
            GError       **error)
{
  return cassino_sqlite_query_ids (store->db, error,
                                   "SELECT id FROM ratings WHERE player_id = ?1 AND preset = ?2 ORDER BY id",
                                   "it", player_id, preset);
}

GArray *
cassino_store_get_rating_history (CassinoStore  *store,
                                  gint64         player_id,
                                  const char    *preset,
                                  guint          max_points,
                                  GError       **error)
{
  g_autoptr(GArray) points = g_array_new (FALSE, TRUE, sizeof (CassinoStoreRatingPoint));
  g_autoptr(GArray) ids = NULL;
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);
  g_return_val_if_fail (preset != NULL, NULL);
  g_return_val_if_fail (max_points != 1, NULL);

  if (max_points > 0)
    {
      ids = rating_ids (store, player_id, preset, error);
      if (ids == NULL)
        goto failed;
    }

  if (ids != NULL && ids->len > max_points)
    {
      /* the first, the last and evenly spaced ones between: one lookup
       * each, rather than reading every row */
      stmt = cassino_sqlite_prepare (store->db,
                                     "SELECT game_id, time, rating, rd, volatility FROM ratings WHERE id = ?1",
                                     error);
      if (stmt == NULL)
        goto failed;
      for (guint i = 0; i < max_points; i++)
        {
          guint k = (guint) (((guint64) i * (ids->len - 1)) / (max_points - 1));
          CassinoStoreRatingPoint p;

          sqlite3_bind_int64 (stmt, 1, g_array_index (ids, gint64, k));
          switch (cassino_sqlite_step (store->db, stmt, error))
            {
            case CASSINO_SQLITE_ROW:
              read_rating_point (store, stmt, &p);
              g_array_append_val (points, p);
              sqlite3_reset (stmt);
              break;
            case CASSINO_SQLITE_DONE:
              break;     /* deleted since the ids were read: leave it out */
            case CASSINO_SQLITE_ERROR_STEP:
            default:
              goto failed;
            }
        }
      return g_steal_pointer (&points);
    }

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT game_id, time, rating, rd, volatility FROM ratings "
                                 "WHERE player_id = ?1 AND preset = ?2 ORDER BY id", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, player_id);
  sqlite3_bind_text (stmt, 2, preset, -1, SQLITE_TRANSIENT);
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          CassinoStoreRatingPoint p;

          read_rating_point (store, stmt, &p);
          g_array_append_val (points, p);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return g_steal_pointer (&points);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}

GPtrArray *
cassino_store_list_ratings (CassinoStore  *store,
                            const char    *preset,
                            GError       **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_store_rating_free);
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);
  g_return_val_if_fail (preset != NULL, NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT r.player_id, p.name, r.rating, r.rd, r.volatility, c.n "
                                 "FROM (SELECT player_id, max(id) AS last, count(*) AS n FROM ratings "
                                 "      WHERE preset = ?1 GROUP BY player_id) c "
                                 "JOIN ratings r ON r.id = c.last JOIN players p ON p.id = r.player_id "
                                 "WHERE p.archived = 0 ORDER BY r.rating DESC", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_text (stmt, 1, preset, -1, SQLITE_TRANSIENT);
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          CassinoStoreRating *r = g_new0 (CassinoStoreRating, 1);

          r->player_id = sqlite3_column_int64 (stmt, 0);
          r->name = _cassino_column_dup (stmt, 1);
          r->preset = g_strdup (preset);
          r->glicko.rating = sqlite3_column_double (stmt, 2);
          r->glicko.rd = sqlite3_column_double (stmt, 3);
          r->glicko.volatility = sqlite3_column_double (stmt, 4);
          r->games = (guint) sqlite3_column_int (stmt, 5);
          g_ptr_array_add (list, r);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return g_steal_pointer (&list);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}

static gboolean
rebuild_ratings (CassinoStore  *store,
                 gpointer       data,
                 GError       **error)
{
  g_autoptr(GArray) ids = NULL;

  if (!cassino_sqlite_exec (store->db, "DELETE FROM ratings", error))
    return FALSE;
  ids = cassino_sqlite_query_ids (store->db, error,
                                  "SELECT id FROM games WHERE state = 'finished' ORDER BY ended, id", "");
  if (ids == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    if (!_cassino_store_rate_game (store, g_array_index (ids, gint64, i), error))
      return FALSE;
  return TRUE;
}

gboolean
cassino_store_rebuild_ratings (CassinoStore  *store,
                               GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  return cassino_store_transact (store, rebuild_ratings, NULL, error);
}
