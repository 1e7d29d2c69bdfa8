/* cassino-store-review.c: stored game reviews and the puzzles found in them
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <inttypes.h>

#include "cassino-store-private.h"
#include "cassino-store-review.h"

/* The seats of game @game_id that a person played, as a bit set. */
static gboolean
human_seats (CassinoStore  *store,
             gint64         game_id,
             guint         *out_seats,
             GError       **error)
{
  g_autoptr(GArray) seats = NULL;

  seats = cassino_sqlite_query_ids (store->db, error,
                                    "SELECT s.seat FROM game_seats s JOIN players p ON p.id = s.player_id "
                                    "WHERE s.game_id = ?1 AND p.kind = 0", "i", game_id);
  if (seats == NULL)
    return FALSE;
  *out_seats = 0;
  for (guint i = 0; i < seats->len; i++)
    *out_seats |= 1u << g_array_index (seats, gint64, i);
  return TRUE;
}

gboolean
cassino_store_save_review (CassinoStore        *store,
                           gint64               game_id,
                           const CassinoReview *review,
                           GError             **error)
{
  g_autofree char *text = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  guint people = 0;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (review != NULL, FALSE);

  if (!cassino_sqlite_begin (store->db, error))
    goto failed;
  ok = TRUE;
    {
      g_autoptr(GArray) ids = cassino_sqlite_query_ids (store->db, error,
                                                        "SELECT id FROM games WHERE id = ?1", "i", game_id);

      ok = ids != NULL;
      if (ok && ids->len == 0)
        {
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                       _("There is no game %" PRId64 " to review"), (int64_t) game_id);
          ok = FALSE;
        }
    }
  text = cassino_review_to_text (review);
  ok = ok && cassino_sqlite_run (store->db, error,
                                 "INSERT OR REPLACE INTO reviews (game_id, seats, level, iterations, created, review) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", "intnit",
                                 game_id, (int) review->seats, cassino_level_to_string (review->level),
                                 (int) review->iterations, now, text);
  ok = ok && human_seats (store, game_id, &people, error);
  for (guint i = 0; ok && i < review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);
      g_autofree char *line = NULL;

      if (!(people & (1u << m->seat)) || !cassino_review_move_is_puzzle (m))
        continue;
      line = cassino_review_move_to_text (m);
      /* a review with more deals updates the answer, never the tries */
      ok = cassino_sqlite_run (store->db, error,
                               "INSERT INTO puzzles (game_id, deal_index, play_index, seat, decision, created) "
                               "VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
                               "ON CONFLICT (game_id, deal_index, play_index) DO UPDATE SET decision = excluded.decision",
                               "innnti", game_id, (int) m->deal_index, (int) m->play_index, (int) m->seat,
                               line, now);
    }
  if (!cassino_sqlite_end (store->db, ok, ok ? error : NULL))
    goto failed;
  return TRUE;

failed:
  _cassino_store_convert_error (error);
  return FALSE;
}

CassinoReview *
cassino_store_load_review (CassinoStore  *store,
                           gint64         game_id,
                           guint          seats,
                           CassinoLevel   level,
                           guint          iterations,
                           GError       **error)
{
  sqlite3_stmt *stmt;
  CassinoReview *review = NULL;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT review FROM reviews WHERE game_id = ?1 AND seats = ?2 "
                                 "AND level = ?3 AND iterations = ?4", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) seats);
  sqlite3_bind_text (stmt, 3, cassino_level_to_string (level), -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 4, (int) iterations);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      review = cassino_review_from_text (_cassino_column_text (stmt, 0), error);
      sqlite3_reset (stmt);
      return review;
    case CASSINO_SQLITE_DONE:
      return NULL;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      break;
    }

failed:
  _cassino_store_convert_error (error);
  return NULL;
}

GArray *
cassino_store_list_puzzles (CassinoStore  *store,
                            GError       **error)
{
  g_autoptr(GArray) puzzles = g_array_new (FALSE, TRUE, sizeof (CassinoStorePuzzle));
  sqlite3_stmt *stmt;
  CassinoSqliteStep step;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT id, game_id, decision, solved, failed, coalesce(last_tried, 0) "
                                 "FROM puzzles ORDER BY solved > 0, coalesce(last_tried, 0), id", error);
  if (stmt == NULL)
    goto failed;
  while ((step = cassino_sqlite_step (store->db, stmt, error)) == CASSINO_SQLITE_ROW)
    {
      CassinoStorePuzzle p = { 0 };

      p.id = sqlite3_column_int64 (stmt, 0);
      p.game_id = sqlite3_column_int64 (stmt, 1);
      if (!cassino_review_move_from_text (_cassino_column_text (stmt, 2), &p.decision))
        {
          g_warning ("Puzzle %" G_GINT64_FORMAT " cannot be read; left out", p.id);
          continue;
        }
      p.solved = (guint) sqlite3_column_int (stmt, 3);
      p.failed = (guint) sqlite3_column_int (stmt, 4);
      p.last_tried = sqlite3_column_int64 (stmt, 5);
      g_array_append_val (puzzles, p);
    }
  if (step == CASSINO_SQLITE_ERROR_STEP)
    goto failed;
  return g_steal_pointer (&puzzles);

failed:
  _cassino_store_convert_error (error);
  return NULL;
}

gboolean
cassino_store_record_puzzle_try (CassinoStore  *store,
                                 gint64         puzzle_id,
                                 gboolean       solved,
                                 GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!cassino_sqlite_run (store->db, error,
                           solved ? "UPDATE puzzles SET solved = solved + 1, last_tried = ?2 WHERE id = ?1"
                                  : "UPDATE puzzles SET failed = failed + 1, last_tried = ?2 WHERE id = ?1",
                           "ii", puzzle_id, g_get_real_time () / G_USEC_PER_SEC))
    {
      _cassino_store_convert_error (error);
      return FALSE;
    }
  if (cassino_sqlite_changes (store->db) == 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no puzzle %" PRId64), (int64_t) puzzle_id);
      return FALSE;
    }
  return TRUE;
}
