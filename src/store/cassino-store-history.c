/* cassino-store-history.c: the list of games, page by page
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <inttypes.h>

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-store-history.h"
#include "cassino-store-private.h"

void
cassino_store_game_summary_free (CassinoStoreGameSummary *summary)
{
  if (summary == NULL)
    return;
  g_free (summary->key);
  g_free (summary->preset);
  g_free (summary->state);
  g_free (summary->termination);
  g_free (summary->daily);
  for (guint i = 0; i < summary->n_seats; i++)
    g_free (summary->seats[i].name);
  g_free (summary);
}

/* The score of a game not finished (no final score is written): the
 * game points of its finished deals, per side; @s->n_deals_scored of
 * them. */
static gboolean
running_scores (CassinoSqlite           *db,
                gint64                   game_id,
                CassinoStoreGameSummary *s,
                GError                 **error)
{
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (db,
                                 "SELECT ds.side, sum(ds.game_points), count(*) FROM deal_scores ds "
                                 "JOIN deals d ON d.id = ds.deal_id "
                                 "WHERE d.game_id = ?1 AND d.finished GROUP BY ds.side",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (;;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          int side = sqlite3_column_int (stmt, 0);
          gint64 points = sqlite3_column_int64 (stmt, 1);

          if (side >= 0 && side < (int) G_N_ELEMENTS (s->scores) && side < (int) s->n_sides)
            {
              s->scores[side] = (guint) CLAMP (points, 0, G_MAXINT);
              s->n_deals_scored = MAX (s->n_deals_scored, (guint) sqlite3_column_int (stmt, 2));
            }
        }
        break;
      case CASSINO_SQLITE_DONE:
        return TRUE;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return FALSE;
      }
}

static CassinoStoreGameSummary *
get_summary (CassinoStore  *store,
             gint64         game_id,
             GError       **error)
{
  CassinoSqlite *db = store->db;
  g_autoptr(CassinoStoreGameSummary) s = NULL;
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (db,
                                 /* a game whose rules are missing (a damaged file) is
                                  * still listed, its variant "?": only its replay fails */
                                 "SELECT g.game_key, coalesce(g.rubber_id, 0), coalesce(r.preset, '?'), "
                                 "coalesce(r.n_players, (SELECT count(*) FROM game_seats s WHERE s.game_id = g.id)), "
                                 "g.started, coalesce(g.ended, 0), g.state, g.termination, "
                                 "coalesce(g.winner_side, -1), coalesce(g.value, 0), "
                                 "(SELECT count(*) FROM deals d WHERE d.game_id = g.id), g.start_known, "
                                 "(SELECT t.value FROM game_tags t WHERE t.game_id = g.id AND t.name = 'Daily') "
                                 "FROM games g LEFT JOIN rulesets r ON r.id = g.ruleset_id WHERE g.id = ?1",
                                 error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  switch (cassino_sqlite_step (db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      s = g_new0 (CassinoStoreGameSummary, 1);
      s->id = game_id;
      s->key = _cassino_column_dup (stmt, 0);
      s->rubber_id = sqlite3_column_int64 (stmt, 1);
      s->preset = _cassino_column_dup (stmt, 2);
      s->n_players = (guint) sqlite3_column_int (stmt, 3);
      s->started = sqlite3_column_int64 (stmt, 4);
      s->ended = sqlite3_column_int64 (stmt, 5);
      s->state = _cassino_column_dup (stmt, 6);
      s->termination = _cassino_column_dup (stmt, 7);
      s->winner_side = sqlite3_column_int (stmt, 8);
      s->value = (guint) sqlite3_column_int (stmt, 9);
      s->n_deals = (guint) sqlite3_column_int (stmt, 10);
      s->start_known = sqlite3_column_int (stmt, 11) != 0;
      s->daily = _cassino_column_dup (stmt, 12);
      sqlite3_reset (stmt);
      break;
    case CASSINO_SQLITE_DONE:
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no game %" PRId64 "."), game_id);
      return NULL;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return NULL;
    }

  stmt = cassino_sqlite_prepare (db,
                                 "SELECT s.player_id, s.name, s.side, p.kind FROM game_seats s "
                                 "JOIN players p ON p.id = s.player_id WHERE s.game_id = ?1 ORDER BY s.seat",
                                 error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        if (s->n_seats < G_N_ELEMENTS (s->seats))
          {
            CassinoStoreSeatSummary *seat = &s->seats[s->n_seats++];

            seat->player_id = sqlite3_column_int64 (stmt, 0);
            seat->name = _cassino_column_dup (stmt, 1);
            seat->side = (guint) sqlite3_column_int (stmt, 2);
            seat->computer = sqlite3_column_int (stmt, 3) != 0;
            s->n_sides = MAX (s->n_sides, seat->side + 1);
          }
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return NULL;
      }

  stmt = cassino_sqlite_prepare (db, "SELECT side, score FROM game_sides WHERE game_id = ?1", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (;;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          int side = sqlite3_column_int (stmt, 0);

          if (side >= 0 && side < (int) G_N_ELEMENTS (s->scores))
            s->scores[side] = (guint) sqlite3_column_int (stmt, 1);
        }
        break;
      case CASSINO_SQLITE_DONE:
        if (g_strcmp0 (s->state, "finished") != 0 && !running_scores (db, game_id, s, error))
          return NULL;
        return g_steal_pointer (&s);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return NULL;
      }
}

CassinoStoreGameSummary *
cassino_store_get_game_summary (CassinoStore  *store,
                                gint64         game_id,
                                GError       **error)
{
  CassinoStoreGameSummary *s;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  s = get_summary (store, game_id, error);
  if (s == NULL)
    _cassino_store_convert_error (error);
  return s;
}

/* The conditions of a filter; parameters ?1..?7 (see bind_filter()). */
#define HISTORY_WHERE \
  "(?1 = 0 OR EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.player_id = ?1)) " \
  "AND (?2 = 0 OR EXISTS (SELECT 1 FROM game_seats o WHERE o.game_id = g.id AND o.player_id = ?2 " \
  "     AND o.side NOT IN (SELECT m.side FROM game_seats m WHERE m.game_id = g.id AND m.player_id = ?1))) " \
  "AND (?3 IS NULL OR g.ruleset_id IN (SELECT id FROM rulesets WHERE " CASSINO_STORE_PRESET_IN ("preset", "?3") ")) " \
  "AND (?4 = 0 OR g.ruleset_id IN (SELECT id FROM rulesets WHERE n_players = ?4)) " \
  "AND (?5 = 0 OR g.started >= ?5) AND (?6 = 0 OR g.started < ?6) " \
  "AND CASE ?7 " \
  "  WHEN 0 THEN 1 " \
  "  WHEN 1 THEN g.state = 'finished' AND g.winner_side IS NOT NULL AND (?1 = 0 OR g.winner_side IN " \
  "       (SELECT m.side FROM game_seats m WHERE m.game_id = g.id AND m.player_id = ?1)) " \
  "  WHEN 2 THEN g.state = 'finished' AND g.winner_side IS NOT NULL AND (?1 = 0 OR g.winner_side NOT IN " \
  "       (SELECT m.side FROM game_seats m WHERE m.game_id = g.id AND m.player_id = ?1)) " \
  "  WHEN 3 THEN g.state = 'finished' AND g.winner_side IS NULL " \
  "  WHEN 4 THEN g.state = 'playing' " \
  "  ELSE g.state = 'finished' END " \
  "AND (?11 IS NULL OR EXISTS (SELECT 1 FROM game_seats n WHERE n.game_id = g.id " \
  "     AND n.name LIKE ?11 ESCAPE '\\')) "

static void
bind_filter (sqlite3_stmt                     *stmt,
             const CassinoStoreHistoryFilter  *filter)
{
  static const CassinoStoreHistoryFilter none = { 0 };

  if (filter == NULL)
    filter = &none;
  sqlite3_bind_int64 (stmt, 1, filter->player_id);
  sqlite3_bind_int64 (stmt, 2, filter->opponent_id);
  _cassino_bind_text_or_null (stmt, 3, filter->preset);
  sqlite3_bind_int (stmt, 4, (int) filter->n_players);
  sqlite3_bind_int64 (stmt, 5, filter->since);
  sqlite3_bind_int64 (stmt, 6, filter->until);
  sqlite3_bind_int (stmt, 7, (int) filter->result);
  if (filter->name && *filter->name)
    {
      GString *like = g_string_new ("%");

      for (const char *p = filter->name; *p; p++)
        {
          if (*p == '%' || *p == '_' || *p == '\\')
            g_string_append_c (like, '\\');
          g_string_append_c (like, *p);
        }
      g_string_append_c (like, '%');
      sqlite3_bind_text (stmt, 11, like->str, (int) like->len, SQLITE_TRANSIENT);
      g_string_free (like, TRUE);
    }
  else
    sqlite3_bind_null (stmt, 11);
}

typedef struct {
  const CassinoStoreHistoryFilter *filter;
  CassinoStoreHistoryCursor        from;
  guint                            limit;
  CassinoStoreHistoryCursor       *out_next;
  GPtrArray                       *page;
} HistoryPage;

/* The page's ids, then their summaries: one snapshot. */
static gboolean
read_history_page (CassinoStore  *store,
                   gpointer       data,
                   GError       **error)
{
  static const char newest_first[] =
    "SELECT g.id, g.started FROM games g WHERE " HISTORY_WHERE
    "AND (?8 = 0 OR (g.started, g.id) < (?9, ?8)) "
    "ORDER BY g.started DESC, g.id DESC LIMIT ?10";
  static const char oldest_first[] =
    "SELECT g.id, g.started FROM games g WHERE " HISTORY_WHERE
    "AND (?8 = 0 OR (g.started, g.id) > (?9, ?8)) "
    "ORDER BY g.started, g.id LIMIT ?10";
  HistoryPage *job = data;
  const CassinoStoreHistoryFilter *filter = job->filter;
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  CassinoStoreHistoryCursor last = { 0 };
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (store->db, filter && filter->oldest_first ? oldest_first : newest_first,
                                 error);
  if (stmt == NULL)
    return FALSE;
  bind_filter (stmt, filter);
  sqlite3_bind_int64 (stmt, 8, job->from.id);
  sqlite3_bind_int64 (stmt, 9, job->from.started);
  sqlite3_bind_int64 (stmt, 10, (gint64) job->limit + 1);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        if (ids->len < job->limit)
          {
            gint64 id = sqlite3_column_int64 (stmt, 0);

            g_array_append_val (ids, id);
            last.id = id;
            last.started = sqlite3_column_int64 (stmt, 1);
          }
        else if (job->out_next)
          *job->out_next = last;      /* there is a next page */
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return FALSE;
      }

  for (guint i = 0; i < ids->len; i++)
    {
      CassinoStoreGameSummary *s = get_summary (store, g_array_index (ids, gint64, i), error);

      if (s == NULL)
        return FALSE;
      g_ptr_array_add (job->page, s);
    }
  return TRUE;
}

GPtrArray *
cassino_store_get_history_page (CassinoStore                     *store,
                                const CassinoStoreHistoryFilter  *filter,
                                const CassinoStoreHistoryCursor  *cursor,
                                guint                             limit,
                                CassinoStoreHistoryCursor        *out_next,
                                GError                          **error)
{
  g_autoptr(GPtrArray) page = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_store_game_summary_free);
  HistoryPage job = { filter, { 0 }, limit, out_next, page };

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  if (cursor)
    job.from = *cursor;    /* @out_next may be @cursor */
  if (out_next)
    memset (out_next, 0, sizeof *out_next);
  if (limit == 0)
    return g_steal_pointer (&page);
  if (!cassino_store_read (store, read_history_page, &job, error))
    return NULL;
  return g_steal_pointer (&page);
}

gboolean
cassino_store_count_history (CassinoStore                     *store,
                             const CassinoStoreHistoryFilter  *filter,
                             guint                            *out_count,
                             GError                          **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  stmt = cassino_sqlite_prepare (store->db, "SELECT count(*) FROM games g WHERE " HISTORY_WHERE, error);
  if (stmt == NULL)
    goto failed;
  bind_filter (stmt, filter);
  if (cassino_sqlite_step (store->db, stmt, error) != CASSINO_SQLITE_ROW)
    goto failed;
  *out_count = (guint) sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return TRUE;

failed:
  _cassino_store_convert_error (error);
  return FALSE;
}

gboolean
cassino_store_get_history_cursor (CassinoStore                     *store,
                                  const CassinoStoreHistoryFilter  *filter,
                                  guint                             offset,
                                  CassinoStoreHistoryCursor        *out_cursor,
                                  GError                          **error)
{
  static const char newest_first[] =
    "SELECT g.id, g.started FROM games g WHERE " HISTORY_WHERE
    "ORDER BY g.started DESC, g.id DESC LIMIT 1 OFFSET ?10";
  static const char oldest_first[] =
    "SELECT g.id, g.started FROM games g WHERE " HISTORY_WHERE
    "ORDER BY g.started, g.id LIMIT 1 OFFSET ?10";
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (out_cursor != NULL, FALSE);

  memset (out_cursor, 0, sizeof *out_cursor);
  if (offset == 0)
    return TRUE;

  stmt = cassino_sqlite_prepare (store->db, filter && filter->oldest_first ? oldest_first : newest_first,
                                 error);
  if (stmt == NULL)
    goto failed;
  bind_filter (stmt, filter);
  sqlite3_bind_int64 (stmt, 10, (gint64) offset - 1);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      out_cursor->id = sqlite3_column_int64 (stmt, 0);
      out_cursor->started = sqlite3_column_int64 (stmt, 1);
      sqlite3_reset (stmt);
      return TRUE;
    case CASSINO_SQLITE_DONE:
      return TRUE;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      break;
    }

failed:
  _cassino_store_convert_error (error);
  return FALSE;
}

GPtrArray *
cassino_store_list_unfinished_games (CassinoStore  *store,
                                     GError       **error)
{
  CassinoStoreHistoryFilter filter = { 0 };
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_store_game_summary_free);
  CassinoStoreHistoryCursor cursor = { 0 };

  filter.result = CASSINO_STORE_RESULT_UNFINISHED;
  do
    {
      g_autoptr(GPtrArray) page = cassino_store_get_history_page (store, &filter, &cursor, 100,
                                                                  &cursor, error);

      if (page == NULL)
        return NULL;
      g_ptr_array_extend_and_steal (all, g_steal_pointer (&page));
    }
  while (cursor.id != 0);
  return g_steal_pointer (&all);
}
