/* cassino-store-record.c: recording games and reading them back
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-store-record.h"
#include "cassino-store-private.h"

static gint64
now_seconds (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* A time tag of a record ("2026-03-01T20:15:00Z", "2026-03-01"), or 0. */
static gint64
parse_time_tag (const CassinoGame *game,
                const char        *name)
{
  const char *text = cassino_game_get_tag (game, name);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) dt = NULL;
  int y, m, d;

  if (text == NULL || *text == '\0')
    return 0;
  dt = g_date_time_new_from_iso8601 (text, utc);
  if (dt == NULL && sscanf (text, "%d-%d-%d", &y, &m, &d) == 3)
    dt = g_date_time_new_utc (y, m, d, 0, 0, 0);
  if (dt == NULL && sscanf (text, "%d.%d.%d", &y, &m, &d) == 3)
    dt = g_date_time_new_utc (y, m, d, 0, 0, 0);
  return dt ? g_date_time_to_unix (dt) : 0;
}

void
cassino_store_stamp_start (CassinoGame *game)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autoptr(GDateTime) utc = g_date_time_to_utc (now);
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  g_autofree char *start = g_date_time_format (utc, "%Y-%m-%dT%H:%M:%SZ");

  g_return_if_fail (game != NULL);

  cassino_game_set_tag (game, "Date", date);
  cassino_game_set_tag (game, "Start", start);
}

static gint64
ensure_ruleset (CassinoStore        *store,
                const CassinoRules  *rules,
                GError             **error)
{
  CassinoSqlite *db = store->db;
  g_autofree char *options = cassino_rules_to_json (rules);
  sqlite3_stmt *stmt;
  gint64 id = 0;

  if (!cassino_sqlite_run (db, error,
                           "INSERT OR IGNORE INTO rulesets (preset, n_players, options) VALUES (?1, ?2, ?3)",
                           "tnt", cassino_preset_to_string (rules->preset), (int) rules->n_players, options))
    return 0;

  stmt = cassino_sqlite_prepare (db, "SELECT id FROM rulesets WHERE options = ?1 AND n_players = ?2",
                                 error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, options, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int (stmt, 2, (int) rules->n_players);
  if (cassino_sqlite_step (db, stmt, error) != CASSINO_SQLITE_ROW)
    return 0;
  id = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return id;
}

/* Rubbers */

typedef struct {
  const CassinoRules *rules;
  gint64              id;
} BeginRubber;

static gboolean
begin_rubber (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  BeginRubber *b = data;
  gint64 ruleset = ensure_ruleset (store, b->rules, error);

  if (ruleset == 0 ||
      !cassino_sqlite_run (store->db, error,
                           "INSERT INTO rubbers (ruleset_id, games_needed, started) VALUES (?1, ?2, ?3)",
                           "ini", ruleset, (int) (MAX (b->rules->rubber_games, 1) / 2 + 1), now_seconds ()))
    return FALSE;
  b->id = cassino_sqlite_last_insert_rowid (store->db);
  return TRUE;
}

gint64
cassino_store_begin_rubber (CassinoStore        *store,
                            const CassinoRules  *rules,
                            GError             **error)
{
  BeginRubber b = { rules, 0 };

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);
  g_return_val_if_fail (rules != NULL, 0);

  return cassino_store_transact (store, begin_rubber, &b, error) ? b.id : 0;
}

typedef struct {
  gint64               id;
  const CassinoRubber *rubber;
} EndRubber;

static gboolean
end_rubber (CassinoStore  *store,
            gpointer       data,
            GError       **error)
{
  EndRubber *e = data;
  const CassinoRubber *rubber = e->rubber;

  /* winner_side stays NULL for a rubber without a winner */
  if (!cassino_sqlite_run (store->db, error,
                           "UPDATE rubbers SET state = 'finished', ended = ?2, winner_side = nullif (?3, -1) "
                           "WHERE id = ?1",
                           "iin", e->id, now_seconds (), rubber->winner >= 0 ? rubber->winner : -1))
    return FALSE;
  if (cassino_sqlite_changes (store->db) == 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no rubber %" PRId64 "."), e->id);
      return FALSE;
    }
  for (guint s = 0; s < rubber->n_sides; s++)
    if (!cassino_sqlite_run (store->db, error,
                             "INSERT OR REPLACE INTO rubber_sides (rubber_id, side, games_won, points) "
                             "VALUES (?1, ?2, ?3, ?4)",
                             "innn", e->id, (int) s, (int) rubber->games_won[s], (int) rubber->points[s]))
      return FALSE;
  return TRUE;
}

gboolean
cassino_store_end_rubber (CassinoStore        *store,
                          gint64               rubber_id,
                          const CassinoRubber *rubber,
                          GError             **error)
{
  EndRubber e = { rubber_id, rubber };

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (rubber != NULL, FALSE);

  return cassino_store_transact (store, end_rubber, &e, error);
}

gboolean
cassino_store_abandon_rubber (CassinoStore  *store,
                              gint64         rubber_id,
                              GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!cassino_sqlite_run (store->db, error,
                           "UPDATE rubbers SET state = 'abandoned', ended = ?2 WHERE id = ?1 AND state = 'playing'",
                           "ii", rubber_id, now_seconds ()))
    goto failed;
  return TRUE;

failed:
  _cassino_store_convert_error (error);
  return FALSE;
}

GArray *
cassino_store_get_rubber_games (CassinoStore  *store,
                                gint64         rubber_id,
                                GError       **error)
{
  GArray *ids;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  ids = cassino_sqlite_query_ids (store->db, error,
                                  "SELECT id FROM games WHERE rubber_id = ?1 ORDER BY started, id",
                                  "i", rubber_id);
  if (ids == NULL)
    _cassino_store_convert_error (error);
  return ids;
}

typedef struct {
  gint64          rubber_id;
  gint64          before;
  CassinoRubber  *rubber;
  guint           played;
  CassinoGame    *last;
  gint64          last_id;
  GPtrArray      *skipped;
} Tally;

static gboolean
tally_rubber (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  Tally *t = data;
  g_autoptr(GArray) ids = cassino_store_get_rubber_games (store, t->rubber_id, error);

  if (ids == NULL)
    return FALSE;
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(GError) local = NULL;
      CassinoGame *game;

      if (id == t->before)
        break;
      game = cassino_store_load_game (store, id, &local);
      if (game == NULL)
        {
          if (t->skipped)
            g_ptr_array_add (t->skipped, g_strdup (local->message));
          continue;
        }
      if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
        {
          cassino_rubber_add_game (t->rubber, game);
          t->played++;
        }
      g_clear_pointer (&t->last, cassino_game_unref);
      t->last = game;
      t->last_id = id;
    }
  return TRUE;
}

gboolean
cassino_store_tally_rubber (CassinoStore   *store,
                            gint64          rubber_id,
                            gint64          before,
                            CassinoRubber  *rubber,
                            guint          *out_played,
                            CassinoGame   **out_last,
                            gint64         *out_last_id,
                            GPtrArray      *out_skipped,
                            GError        **error)
{
  Tally t = { rubber_id, before, rubber, 0, NULL, 0, out_skipped };
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (rubber != NULL, FALSE);

  /* every game of the rubber from one snapshot */
  ok = cassino_store_read (store, tally_rubber, &t, error);
  if (out_played)
    *out_played = ok ? t.played : 0;
  if (out_last_id)
    *out_last_id = ok ? t.last_id : 0;
  if (out_last && ok)
    *out_last = g_steal_pointer (&t.last);
  else if (out_last)
    *out_last = NULL;
  g_clear_pointer (&t.last, cassino_game_unref);
  return ok;
}

void
cassino_store_rubber_info_free (CassinoStoreRubberInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->preset);
  g_free (info->state);
  g_clear_pointer (&info->game_ids, g_array_unref);
  for (guint s = 0; s < G_N_ELEMENTS (info->side_names); s++)
    g_free (info->side_names[s]);
  g_free (info);
}

/* Rows of (side, games won, points) from @sql (bound to the rubber's id)
 * into @info's standing.  Returns how many rows there were, or -1 with
 * @error. */
static int
read_standing (CassinoStore           *store,
               CassinoStoreRubberInfo *info,
               const char             *sql,
               GError                **error)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (store->db, sql, error);
  int n = 0;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, info->id);
  for (;;)
    {
      CassinoSqliteStep step = cassino_sqlite_step (store->db, stmt, error);
      guint side;

      if (step == CASSINO_SQLITE_DONE)
        return n;
      if (step != CASSINO_SQLITE_ROW)
        return -1;
      n++;
      side = (guint) sqlite3_column_int (stmt, 0);
      if (side >= CASSINO_MAX_SIDES)
        continue;
      info->games_won[side] = (guint) sqlite3_column_int (stmt, 1);
      info->points[side] = (guint) sqlite3_column_int (stmt, 2);
      info->n_sides = MAX (info->n_sides, side + 1);
    }
}

/* Who plays for each side (the seats of the rubber's first game, partners
 * joined by " & "), and the standing: games won and their value per side.
 * A finished rubber has its standing as it was recorded at its end. */
static gboolean
read_rubber_sides (CassinoStore           *store,
                   CassinoStoreRubberInfo *info,
                   GError                **error)
{
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT side, name FROM game_seats WHERE game_id = "
                                 "(SELECT id FROM games WHERE rubber_id = ?1 ORDER BY started, id LIMIT 1) "
                                 "ORDER BY seat", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, info->id);
  for (;;)
    {
      CassinoSqliteStep step = cassino_sqlite_step (store->db, stmt, error);
      guint side;

      if (step == CASSINO_SQLITE_DONE)
        break;
      if (step != CASSINO_SQLITE_ROW)
        return FALSE;
      side = (guint) sqlite3_column_int (stmt, 0);
      if (side >= CASSINO_MAX_SIDES)
        continue;
      info->n_sides = MAX (info->n_sides, side + 1);
      if (info->side_names[side] == NULL)
        info->side_names[side] = _cassino_column_dup (stmt, 1);
      else
        {
          /* Translators: partners in a rubber's list, e.g. "Anna & Carl" */
          char *both = g_strdup_printf (_("%s & %s"), info->side_names[side], _cassino_column_text (stmt, 1));

          g_free (info->side_names[side]);
          info->side_names[side] = both;
        }
    }

  if (g_str_equal (info->state, "finished"))
    {
      int n = read_standing (store, info,
                             "SELECT side, games_won, points FROM rubber_sides WHERE rubber_id = ?1", error);

      if (n != 0)
        return n > 0;
    }

  /* still being played: count its finished games (a drawn one counts for
   * nobody) */
  return read_standing (store, info,
                        "SELECT winner_side, count(*), sum(coalesce(value, 1)) FROM games "
                        "WHERE rubber_id = ?1 AND state = 'finished' AND winner_side IS NOT NULL "
                        "GROUP BY winner_side", error) >= 0;
}

typedef struct {
  CassinoStoreRubberStates  states;
  GPtrArray                *list;
} ListRubbers;

/* The rubbers, their games and sides from one snapshot. */
static gboolean
list_rubbers (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  ListRubbers *job = data;
  GPtrArray *list = job->list;
  sqlite3_stmt *stmt;

  /* being played first, then by when they were last played */
  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT b.id, r.preset, r.n_players, b.games_needed, b.started, "
                                 "b.state, b.ended, b.winner_side "
                                 "FROM rubbers b JOIN rulesets r ON r.id = b.ruleset_id "
                                 "WHERE (b.state = 'playing' AND ?1 & 1) OR (b.state = 'finished' AND ?1 & 2) "
                                 "ORDER BY b.state = 'playing' DESC, coalesce(b.ended, b.started) DESC, b.id DESC",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int (stmt, 1, (int) job->states);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          CassinoStoreRubberInfo *info = g_new0 (CassinoStoreRubberInfo, 1);

          info->id = sqlite3_column_int64 (stmt, 0);
          info->preset = _cassino_column_dup (stmt, 1);
          info->n_players = (guint) sqlite3_column_int (stmt, 2);
          info->games_needed = (guint) sqlite3_column_int (stmt, 3);
          info->started = sqlite3_column_int64 (stmt, 4);
          info->state = _cassino_column_dup (stmt, 5);
          info->ended = sqlite3_column_int64 (stmt, 6);
          info->winner_side = sqlite3_column_type (stmt, 7) == SQLITE_NULL ? -1 : sqlite3_column_int (stmt, 7);
          g_ptr_array_add (list, info);
        }
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return FALSE;
      }
  for (guint i = 0; i < list->len; i++)
    {
      CassinoStoreRubberInfo *info = list->pdata[i];

      info->game_ids = cassino_store_get_rubber_games (store, info->id, error);
      if (info->game_ids == NULL || !read_rubber_sides (store, info, error))
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
cassino_store_list_rubbers (CassinoStore             *store,
                            CassinoStoreRubberStates  states,
                            GError                  **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_store_rubber_info_free);
  ListRubbers job = { states, list };

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  if (!cassino_store_read (store, list_rubbers, &job, error))
    return NULL;
  return g_steal_pointer (&list);
}

GPtrArray *
cassino_store_list_unfinished_rubbers (CassinoStore  *store,
                                       GError       **error)
{
  return cassino_store_list_rubbers (store, CASSINO_STORE_RUBBERS_PLAYING, error);
}

/* Keys */

/* "sha256:…" of what the game is: its rules, seats, decks and moves (not
 * its tags). */
static char *
content_key (const CassinoGame *game)
{
  const CassinoRules *rules = cassino_game_get_rules (game);
  g_autoptr(GChecksum) sum = NULL;
  g_autofree char *options = NULL;

  sum = g_checksum_new (G_CHECKSUM_SHA256);
  options = cassino_rules_to_json (rules);
  g_checksum_update (sum, (const guchar *) "cassino-game 1\n", -1);
  g_checksum_update (sum, (const guchar *) options, -1);
  for (guint s = 0; s < rules->n_players; s++)
    {
      const CassinoSeat *seat = cassino_game_get_seat (game, s);
      g_autofree char *line = g_strdup_printf ("\nseat %u %d %s %s", s, seat->kind,
                                               seat->name ? seat->name : "",
                                               seat->level ? seat->level : "");

      g_checksum_update (sum, (const guchar *) line, -1);
    }
  for (guint i = 0; i < cassino_game_get_n_deals (game); i++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (game, i);
      g_autofree char *line = g_strdup_printf ("\ndeal %u %u ", deal->number, deal->dealer);

      g_checksum_update (sum, (const guchar *) line, -1);
      g_checksum_update (sum, deal->deck, deal->deck_len);
      for (guint p = 0; p < deal->plays->len; p++)
        {
          const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, p);
          g_autofree char *text = cassino_move_to_notation (&play->move);
          g_autofree char *entry = g_strdup_printf ("\n%u %s", play->seat, text);

          g_checksum_update (sum, (const guchar *) entry, -1);
        }
    }
  return g_strconcat ("sha256:", g_checksum_get_string (sum), NULL);
}

char *
cassino_store_compute_game_key (const CassinoGame *game)
{
  const char *tag = cassino_game_get_tag (game, "GameId");
  g_autofree char *content = NULL;

  if (tag == NULL || *tag == '\0')
    return content_key (game);
  /* a key of the content that the content does not give was edited or
   * copied from another game: the content decides (a record of game 2
   * carrying game 1's GameId kept game 1 out of the database) */
  if (g_str_has_prefix (tag, "sha256:"))
    {
      content = content_key (game);
      if (!g_str_equal (content, tag))
        return g_steal_pointer (&content);
    }
  return g_strdup (tag);
}

gint64
cassino_store_find_game (CassinoStore  *store,
                         const char    *key,
                         GError       **error)
{
  gint64 id = 0;
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);
  g_return_val_if_fail (key != NULL, 0);

  stmt = cassino_sqlite_prepare (store->db, "SELECT id FROM games WHERE game_key = ?1", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      return id;
    case CASSINO_SQLITE_DONE:
      return 0;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      break;
    }
failed:
  _cassino_store_convert_error (error);
  return 0;
}

char *
cassino_store_get_game_key (CassinoStore  *store,
                            gint64         game_id,
                            GError       **error)
{
  sqlite3_stmt *stmt;
  char *key;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db, "SELECT game_key FROM games WHERE id = ?1", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, game_id);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      key = _cassino_column_dup (stmt, 0);
      sqlite3_reset (stmt);
      return key;
    case CASSINO_SQLITE_DONE:
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no game %" PRId64 "."), game_id);
      return NULL;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      break;
    }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}

/* Writing, inside a transaction */

static gint64
seat_player (CassinoStore       *store,
             const CassinoSeat  *seat,
             const char         *name,
             GError            **error)
{
  if (seat->kind == CASSINO_SEAT_COMPUTER)
    return cassino_store_ensure_computer (store, seat->level ? seat->level : "unknown",
                                          NULL, name, error);
  return cassino_store_ensure_human (store, name, error);
}

static gint64
insert_game (CassinoStore        *store,
             const CassinoGame   *game,
             const char          *key,
             gint64               rubber_id,
             const gint64        *player_ids,
             CassinoStoreSource   source,
             GError             **error)
{
  static const char *const sources[] = { "played", "simulated", "imported" };
  CassinoSqlite *db = store->db;
  const CassinoRules *rules = cassino_game_get_rules (game);
  GPtrArray *tag_names = cassino_game_get_tag_names (game);
  sqlite3_stmt *stmt;
  gint64 ruleset, game_id, started;
  gboolean start_known;

  ruleset = ensure_ruleset (store, rules, error);
  if (ruleset == 0)
    return 0;

  /* The instant it started: its Start tag (the app and cassino-cli write
   * one).  A record with only a Date knows its day, not its time; one with
   * neither started now if it is played now, and at an unknown time if it
   * is imported. */
  started = parse_time_tag (game, "Start");
  start_known = started != 0;
  if (started == 0)
    started = parse_time_tag (game, "Date");
  if (started == 0)
    {
      started = now_seconds ();
      start_known = source != CASSINO_STORE_SOURCE_IMPORTED;
    }

  stmt = cassino_sqlite_prepare (db,
                                 "INSERT INTO games (game_key, ruleset_id, rubber_id, seed, first_dealer, "
                                 "source, started, start_known) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, key, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 2, ruleset);
  if (rubber_id > 0)
    sqlite3_bind_int64 (stmt, 3, rubber_id);
  else
    sqlite3_bind_null (stmt, 3);
  sqlite3_bind_int64 (stmt, 4, (gint64) cassino_game_get_seed (game));
  sqlite3_bind_int (stmt, 5, (int) cassino_game_get_first_dealer (game));
  sqlite3_bind_text (stmt, 6, sources[source], -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 7, started);
  sqlite3_bind_int (stmt, 8, start_known ? 1 : 0);
  if (!cassino_sqlite_step_done (db, stmt, error))
    return 0;
  game_id = cassino_sqlite_last_insert_rowid (db);

  for (guint s = 0; s < rules->n_players; s++)
    {
      const CassinoSeat *seat = cassino_game_get_seat (game, s);
      g_autofree char *name = seat->name && *seat->name ? g_strdup (seat->name)
                                                         : g_strdup_printf (_("Player %u"), s + 1);
      gint64 player = player_ids && player_ids[s] > 0 ? player_ids[s] : seat_player (store, seat, name, error);

      if (player == 0)
        return 0;
      if (!cassino_sqlite_run (db, error,
                               "INSERT INTO game_seats (game_id, seat, side, player_id, name) "
                               "VALUES (?1, ?2, ?3, ?4, ?5)",
                               "innit", game_id, (int) s, (int) cassino_rules_side_of (rules, s), player, name))
        return 0;
    }

  for (guint i = 0; tag_names && i < tag_names->len; i++)
    {
      const char *name = tag_names->pdata[i];

      if (g_str_equal (name, "GameId"))
        continue;
      if (!cassino_sqlite_run (db, error,
                               "INSERT OR REPLACE INTO game_tags (game_id, name, position, value) "
                               "VALUES (?1, ?2, ?3, ?4)",
                               "itnt", game_id, name, (int) i, cassino_game_get_tag (game, name)))
        return 0;
    }
  return game_id;
}

/* The id of deal @number of @game_id, inserting it from @deal when
 * missing; 0 on error. */
static gint64
ensure_deal (CassinoStore       *store,
             gint64              game_id,
             const CassinoDeal  *deal,
             gboolean           *out_finished,
             GError            **error)
{
  CassinoSqlite *db = store->db;
  sqlite3_stmt *stmt;
  gint64 id;

  *out_finished = FALSE;
  stmt = cassino_sqlite_prepare (db, "SELECT id, finished FROM deals WHERE game_id = ?1 AND number = ?2",
                                 error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) deal->number);
  switch (cassino_sqlite_step (db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      id = sqlite3_column_int64 (stmt, 0);
      *out_finished = sqlite3_column_int (stmt, 1) != 0;
      sqlite3_reset (stmt);
      return id;
    case CASSINO_SQLITE_DONE:
      break;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return 0;
    }

  stmt = cassino_sqlite_prepare (db, "INSERT INTO deals (game_id, number, dealer, seed, deck) "
                                     "VALUES (?1, ?2, ?3, ?4, ?5)", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) deal->number);
  sqlite3_bind_int (stmt, 3, (int) deal->dealer);
  sqlite3_bind_int64 (stmt, 4, (gint64) deal->seed);
  sqlite3_bind_blob (stmt, 5, deal->deck, (int) deal->deck_len, SQLITE_TRANSIENT);
  if (!cassino_sqlite_step_done (db, stmt, error))
    return 0;
  return cassino_sqlite_last_insert_rowid (db);
}

static gboolean
insert_move (CassinoStore                *store,
             gint64                       deal_id,
             guint                        ply,
             const CassinoPlay           *play,
             const CassinoStoreMoveInfo  *info,
             GError                     **error)
{
  CassinoSqlite *db = store->db;
  const CassinoMove *m = &play->move;
  g_autofree char *notation = cassino_move_to_notation (m);
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (db,
                                 "INSERT INTO moves (deal_id, ply, seat, notation, type, card, cards, value, "
                                 "multiple, sweep, think_ms, ai_value, hint_used, undo_used) "
                                 "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                                 error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, deal_id);
  sqlite3_bind_int (stmt, 2, (int) ply);
  sqlite3_bind_int (stmt, 3, play->seat);
  sqlite3_bind_text (stmt, 4, notation, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 5, m->type);
  sqlite3_bind_int (stmt, 6, m->card);
  sqlite3_bind_int64 (stmt, 7, (gint64) m->set);
  sqlite3_bind_int (stmt, 8, m->value);
  sqlite3_bind_int (stmt, 9, (m->flags & CASSINO_MOVE_FLAG_MULTIPLE) ? 1 : 0);
  sqlite3_bind_int (stmt, 10, (m->flags & CASSINO_MOVE_FLAG_SWEEP) ? 1 : 0);
  if (info && info->think_ms >= 0)
    sqlite3_bind_int (stmt, 11, info->think_ms);
  else
    sqlite3_bind_null (stmt, 11);
  if (info && info->has_evaluation)
    sqlite3_bind_double (stmt, 12, info->evaluation);
  else
    sqlite3_bind_null (stmt, 12);
  sqlite3_bind_int (stmt, 13, info && info->hint_used ? 1 : 0);
  sqlite3_bind_int (stmt, 14, info && info->undo_used ? 1 : 0);
  /* the statement holds the notation only until it is reset */
  return cassino_sqlite_step_done (db, stmt, error);
}

/* The piles and sweeps of a deal, by replaying it. */
static void
replay_deal (const CassinoRules *rules,
             const CassinoDeal  *deal,
             CassinoPosition    *pos)
{
  cassino_position_deal (pos, rules, deal->deck, deal->deck_len, deal->dealer);
  for (guint p = 0; p < deal->plays->len; p++)
    cassino_position_apply (pos, &g_array_index (deal->plays, CassinoPlay, p).move, NULL);
}

gboolean
_cassino_store_write_deal_score (CassinoStore        *store,
                                 gint64               deal_id,
                                 const CassinoRules  *rules,
                                 const CassinoDeal   *deal,
                                 GError             **error)
{
  CassinoSqlite *db = store->db;
  const CassinoDealScore *sc = &deal->score;
  CassinoPosition pos;
  sqlite3_stmt *stmt;

  replay_deal (rules, deal, &pos);

  for (guint s = 0; s < rules->n_sides; s++)
    {
      stmt = cassino_sqlite_prepare (db,
                                     "INSERT OR REPLACE INTO deal_scores (deal_id, side, cards, spades, "
                                     "big_cassino, little_cassino, aces, sweeps, diamonds, seven_diamonds, "
                                     "fours, total, game_points, n_cards, n_spades, n_diamonds, n_sweeps, pile) "
                                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, "
                                     "?15, ?16, ?17, ?18)", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, deal_id);
      sqlite3_bind_int (stmt, 2, (int) s);
      for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
        sqlite3_bind_int (stmt, 3 + (int) c, (int) sc->points[s][c]);
      sqlite3_bind_int (stmt, 12, (int) sc->total[s]);
      sqlite3_bind_int (stmt, 13, (int) deal->game_points[s]);
      sqlite3_bind_int (stmt, 14, (int) sc->n_cards[s]);
      sqlite3_bind_int (stmt, 15, (int) sc->n_spades[s]);
      sqlite3_bind_int (stmt, 16, (int) sc->n_diamonds[s]);
      sqlite3_bind_int (stmt, 17, pos.sweeps[s]);
      sqlite3_bind_int64 (stmt, 18, (gint64) pos.piles[s]);
      if (!cassino_sqlite_step_done (db, stmt, error))
        return FALSE;
    }

  stmt = cassino_sqlite_prepare (db, "UPDATE deals SET finished = 1, last_cards = ?2, last_cards_side = ?3 "
                                     "WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, deal_id);
  sqlite3_bind_int64 (stmt, 2, (gint64) deal->last_cards);
  if (deal->last_cards_side >= 0)
    sqlite3_bind_int (stmt, 3, deal->last_cards_side);
  else
    sqlite3_bind_null (stmt, 3);
  return cassino_sqlite_step_done (db, stmt, error);
}

gboolean
_cassino_store_write_sides (CassinoSqlite      *db,
                            gint64              game_id,
                            const CassinoGame  *game,
                            GError            **error)
{
  const CassinoRules *rules = cassino_game_get_rules (game);

  for (guint side = 0; side < rules->n_sides; side++)
    if (!cassino_sqlite_run (db, error,
                             "INSERT OR REPLACE INTO game_sides (game_id, side, score) VALUES (?1, ?2, ?3)",
                             "inn", game_id, (int) side, (int) cassino_game_get_score (game, side)))
      return FALSE;
  return TRUE;
}

static gboolean
write_result (CassinoStore       *store,
              gint64              game_id,
              const CassinoGame  *game,
              GError            **error)
{
  CassinoSqlite *db = store->db;
  int winner = cassino_game_get_winner (game);
  gint64 ended = parse_time_tag (game, "End");
  sqlite3_stmt *stmt;

  /* Its End tag; else a game played or simulated here ends now, and an
   * imported record that does not say when it ended has no known
   * duration: it ends when it started. */
  stmt = cassino_sqlite_prepare (db,
                                 "UPDATE games SET state = 'finished', "
                                 "ended = max(started, CASE WHEN ?2 > 0 THEN ?2 "
                                 "WHEN source = 'imported' THEN started ELSE ?6 END), "
                                 "termination = ?3, winner_side = ?4, value = ?5 WHERE id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int64 (stmt, 2, ended);
  sqlite3_bind_int64 (stmt, 6, now_seconds ());
  _cassino_bind_text_or_null (stmt, 3, cassino_game_get_ending (game));
  if (winner >= 0)
    sqlite3_bind_int (stmt, 4, winner);
  else
    sqlite3_bind_null (stmt, 4);
  sqlite3_bind_int (stmt, 5, (int) cassino_game_get_value (game));
  if (!cassino_sqlite_step_done (db, stmt, error))
    return FALSE;

  return _cassino_store_write_sides (db, game_id, game, error) &&
         _cassino_store_derive_game (store, game_id, error) &&
         _cassino_store_rate_game (store, game_id, error);
}

static gboolean
game_state (CassinoStore  *store,
            gint64         game_id,
            char         **out_state,
            GError       **error)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (store->db, "SELECT state FROM games WHERE id = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      *out_state = _cassino_column_dup (stmt, 0);
      sqlite3_reset (stmt);
      return TRUE;
    case CASSINO_SQLITE_DONE:
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no game %" PRId64 "."), game_id);
      return FALSE;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }
}

static gboolean
count_moves (CassinoStore  *store,
             gint64         deal_id,
             guint         *out_n,
             GError       **error)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (store->db,
                                               "SELECT count(*) FROM moves WHERE deal_id = ?1", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, deal_id);
  if (cassino_sqlite_step (store->db, stmt, error) != CASSINO_SQLITE_ROW)
    return FALSE;
  *out_n = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_reset (stmt);
  return TRUE;
}

/* Everything @game has that the records of @game_id lack. */
static gboolean
sync_game (CassinoStore       *store,
           gint64              game_id,
           const CassinoGame  *game,
           GError            **error)
{
  const CassinoRules *rules = cassino_game_get_rules (game);
  g_autofree char *state = NULL;

  if (!game_state (store, game_id, &state, error))
    return FALSE;
  if (g_str_equal (state, "finished") && cassino_game_get_state (game) == CASSINO_GAME_OVER)
    return TRUE;    /* already recorded to the end */
  if (!g_str_equal (state, "playing"))
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("Game %" PRId64 " is no longer being played."), game_id);
      return FALSE;
    }

  for (guint i = 0; i < cassino_game_get_n_deals (game); i++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (game, i);
      gboolean finished;
      gint64 deal_id = ensure_deal (store, game_id, deal, &finished, error);
      guint n_moves;

      if (deal_id == 0 || !count_moves (store, deal_id, &n_moves, error))
        return FALSE;
      if (n_moves > deal->plays->len)
        {
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                       _("Deal %u of game %" PRId64 " has more moves recorded than played."),
                       deal->number, game_id);
          return FALSE;
        }
      for (guint p = n_moves; p < deal->plays->len; p++)
        if (!insert_move (store, deal_id, p, &g_array_index (deal->plays, CassinoPlay, p), NULL, error))
          return FALSE;
      if (deal->finished && !finished &&
          !_cassino_store_write_deal_score (store, deal_id, rules, deal, error))
        return FALSE;
    }

  if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
    return write_result (store, game_id, game, error);
  return TRUE;
}

/* What the transactions that write a whole game work on. */
typedef struct {
  const CassinoGame  *game;
  gint64              game_id;
  gint64              rubber_id;
  const gint64       *player_ids;
  const char         *key;
  CassinoStoreSource  source;
} GameJob;

static gboolean
sync_game_job (CassinoStore  *store,
               gpointer       data,
               GError       **error)
{
  GameJob *job = data;

  return sync_game (store, job->game_id, job->game, error);
}

gboolean
cassino_store_sync_game (CassinoStore       *store,
                         gint64              game_id,
                         const CassinoGame  *game,
                         GError            **error)
{
  GameJob job = { .game = game, .game_id = game_id };

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  if (!cassino_store_transact (store, sync_game_job, &job, error))
    return FALSE;
  store->cache_game_id = 0;
  return TRUE;
}

/* A new game and everything it holds so far. */
static gboolean
insert_game_job (CassinoStore  *store,
                 gpointer       data,
                 GError       **error)
{
  GameJob *job = data;

  job->game_id = insert_game (store, job->game, job->key, job->rubber_id, job->player_ids,
                              job->source, error);
  return job->game_id != 0 && sync_game (store, job->game_id, job->game, error);
}

static CassinoGame *load_game (CassinoStore  *store,
                               gint64         game_id,
                               guint         *n_filled,
                               GError       **error);

/* The same, unless a game of the same key is recorded already. */
static gboolean
record_game_job (CassinoStore  *store,
                 gpointer       data,
                 GError       **error)
{
  GameJob *job = data;
  GError *local = NULL;
  gint64 found = cassino_store_find_game (store, job->key, &local);

  if (local)
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  if (found != 0)
    {
      CassinoGame *recorded = NULL;
      g_autofree char *ours = NULL;
      g_autofree char *theirs = NULL;

      /* a GameId of a game played here ("uuid:…") names it, whatever its
       * record says since: the content is compared, so that an edited
       * record is not taken for the game it was (it was skipped without a
       * word) */
      if (!g_str_has_prefix (job->key, "sha256:"))
        {
          recorded = load_game (store, found, NULL, &local);
          if (recorded == NULL)
            {
              g_propagate_error (error, local);
              return FALSE;
            }
          ours = content_key (recorded);
          theirs = content_key (job->game);
          cassino_game_unref (recorded);
          if (!g_str_equal (ours, theirs))
            {
              g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                           /* Translators: %s is the record's GameId tag, then the game's number */
                           _("Its GameId “%s” is that of game %" PRId64 ", which differs from it (seats, cards "
                             "or moves); it was not imported. Without the GameId tag it is imported as a game "
                             "of its own."),
                           job->key, found);
              return FALSE;
            }
        }
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE,
                   _("This game is already recorded (game %" PRId64 ")."), found);
      return FALSE;
    }
  return insert_game_job (store, job, error);
}

gint64
cassino_store_begin_game (CassinoStore       *store,
                          const CassinoGame  *game,
                          gint64              rubber_id,
                          const gint64       *player_ids,
                          GError            **error)
{
  const char *tag;
  g_autofree char *key = NULL;
  g_autofree char *uuid = NULL;
  GameJob job = { NULL };

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);
  g_return_val_if_fail (game != NULL, 0);

  tag = cassino_game_get_tag (game, "GameId");
  uuid = g_uuid_string_random ();
  key = tag && *tag ? g_strdup (tag) : g_strconcat ("uuid:", uuid, NULL);

  job.game = game;
  job.rubber_id = rubber_id;
  job.player_ids = player_ids;
  job.key = key;
  job.source = CASSINO_STORE_SOURCE_PLAYED;
  return cassino_store_transact (store, insert_game_job, &job, error) ? job.game_id : 0;
}

gint64
cassino_store_record_game (CassinoStore       *store,
                           const CassinoGame  *game,
                           gint64              rubber_id,
                           CassinoStoreSource  source,
                           GError            **error)
{
  g_autofree char *key = NULL;
  GameJob job = { NULL };

  g_return_val_if_fail (CASSINO_IS_STORE (store), 0);
  g_return_val_if_fail (game != NULL, 0);

  key = cassino_store_compute_game_key (game);
  job.game = game;
  job.rubber_id = rubber_id;
  job.key = key;
  job.source = source;
  return cassino_store_transact (store, record_game_job, &job, error) ? job.game_id : 0;
}

static gint64
current_deal_id (CassinoStore       *store,
                 gint64              game_id,
                 guint               deal_number,
                 GError            **error)
{
  sqlite3_stmt *stmt;

  if (store->cache_game_id == game_id && store->cache_deal_number == deal_number)
    return store->cache_deal_id;

  stmt = cassino_sqlite_prepare (store->db, "SELECT id FROM deals WHERE game_id = ?1 AND number = ?2", error);
  if (stmt == NULL)
    return 0;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) deal_number);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      store->cache_game_id = game_id;
      store->cache_deal_number = deal_number;
      store->cache_deal_id = sqlite3_column_int64 (stmt, 0);
      sqlite3_reset (stmt);
      return store->cache_deal_id;
    case CASSINO_SQLITE_DONE:
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("Deal %u of game %" PRId64 " has not been recorded."),
                   deal_number, game_id);
      return 0;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return 0;
    }
}

gboolean
cassino_store_begin_deal (CassinoStore       *store,
                          gint64              game_id,
                          const CassinoGame  *game,
                          GError            **error)
{
  const CassinoDeal *deal;
  gboolean finished;
  gint64 deal_id;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  deal = cassino_game_get_current_deal (game);
  if (deal == NULL)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("The game has no deal yet."));
      return FALSE;
    }
  /* one statement: its own transaction */
  deal_id = ensure_deal (store, game_id, deal, &finished, error);
  if (deal_id == 0)
    {
      _cassino_store_convert_error (error);
      return FALSE;
    }
  store->cache_game_id = game_id;
  store->cache_deal_number = deal->number;
  store->cache_deal_id = deal_id;
  return TRUE;
}

gboolean
cassino_store_record_move (CassinoStore                *store,
                           gint64                       game_id,
                           const CassinoGame           *game,
                           const CassinoStoreMoveInfo  *info,
                           GError                     **error)
{
  const CassinoDeal *deal;
  gint64 deal_id;
  guint ply;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  deal = cassino_game_get_current_deal (game);
  if (deal == NULL || deal->plays->len == 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("There is no move to record."));
      return FALSE;
    }
  ply = deal->plays->len - 1;
  deal_id = current_deal_id (store, game_id, deal->number, error);
  /* a single INSERT in autocommit mode: committed when it returns */
  if (deal_id == 0 ||
      !insert_move (store, deal_id, ply, &g_array_index (deal->plays, CassinoPlay, ply), info, error))
    {
      store->cache_game_id = 0;
      _cassino_store_convert_error (error);
      return FALSE;
    }
  return TRUE;
}

gboolean
cassino_store_retract_moves (CassinoStore       *store,
                             gint64              game_id,
                             const CassinoGame  *game,
                             GError            **error)
{
  const CassinoDeal *deal;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  deal = cassino_game_get_current_deal (game);
  if (deal == NULL)
    return TRUE;
  return cassino_store_truncate_deal (store, game_id, deal->number, deal->plays->len, error);
}

typedef struct {
  gint64 game_id;
  guint  deal_number;
  guint  n_plays;
} TruncateDeal;

static gboolean
truncate_deal (CassinoStore  *store,
               gpointer       data,
               GError       **error)
{
  TruncateDeal *t = data;
  gint64 deal_id = current_deal_id (store, t->game_id, t->deal_number, error);

  return deal_id != 0 &&
         cassino_sqlite_run (store->db, error, "DELETE FROM moves WHERE deal_id = ?1 AND ply >= ?2",
                             "in", deal_id, (int) t->n_plays);
}

gboolean
cassino_store_truncate_deal (CassinoStore  *store,
                             gint64         game_id,
                             guint          deal_number,
                             guint          n_plays,
                             GError       **error)
{
  TruncateDeal t = { game_id, deal_number, n_plays };

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  return cassino_store_transact (store, truncate_deal, &t, error);
}

gboolean
cassino_store_end_deal (CassinoStore       *store,
                        gint64              game_id,
                        const CassinoGame  *game,
                        GError            **error)
{
  const CassinoDeal *deal;

  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  deal = cassino_game_get_current_deal (game);
  if (deal == NULL || !deal->finished)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("The deal is not finished."));
      return FALSE;
    }
  return cassino_store_sync_game (store, game_id, game, error);
}

gboolean
cassino_store_end_game (CassinoStore       *store,
                        gint64              game_id,
                        const CassinoGame  *game,
                        GError            **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);
  g_return_val_if_fail (game != NULL, FALSE);

  if (cassino_game_get_state (game) != CASSINO_GAME_OVER)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID,
                   _("The game is not over."));
      return FALSE;
    }
  return cassino_store_sync_game (store, game_id, game, error);
}

gboolean
cassino_store_abandon_game (CassinoStore  *store,
                            gint64         game_id,
                            GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  if (!cassino_sqlite_run (store->db, error,
                           "UPDATE games SET state = 'abandoned', termination = 'abandoned', "
                           "ended = max(started, ?2) WHERE id = ?1 AND state = 'playing'",
                           "ii", game_id, now_seconds ()))
    goto failed;
  if (cassino_sqlite_changes (store->db) == 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no unfinished game %" PRId64 "."), game_id);
      return FALSE;
    }
  return TRUE;

failed:
  _cassino_store_convert_error (error);
  return FALSE;
}

/* Delete a game; the ratings of the games rated after it are computed
 * again without it. */
static gboolean
delete_game (CassinoStore  *store,
             gpointer       data,
             GError       **error)
{
  gint64 game_id = *(gint64 *) data;
  g_autoptr(GArray) later = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt;
  gboolean rated = FALSE;
  gint64 ended = 0;

  if (store->cache_game_id == game_id)
    {
      store->cache_game_id = 0;
      store->cache_deal_id = 0;
      store->cache_deal_number = 0;
    }

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT coalesce(ended, 0), "
                                 "EXISTS (SELECT 1 FROM ratings r WHERE r.game_id = g.id) "
                                 "FROM games g WHERE g.id = ?1", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, game_id);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      ended = sqlite3_column_int64 (stmt, 0);
      rated = sqlite3_column_int (stmt, 1) != 0;
      sqlite3_reset (stmt);
      break;
    case CASSINO_SQLITE_DONE:
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("There is no game %" PRId64 "."), game_id);
      return FALSE;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }

  /* the games rated after it, in the order ratings are computed */
  if (rated)
    {
      g_clear_pointer (&later, g_array_unref);
      later = cassino_sqlite_query_ids (store->db, error,
                                        "SELECT id FROM games WHERE state = 'finished' AND id != ?1 "
                                        "AND (ended, id) >= (?2, ?1) ORDER BY ended, id",
                                        "ii", game_id, ended);
      if (later == NULL)
        return FALSE;
      for (guint i = 0; i < later->len; i++)
        if (!cassino_sqlite_run (store->db, error, "DELETE FROM ratings WHERE game_id = ?1",
                                 "i", g_array_index (later, gint64, i)))
          return FALSE;
    }

  if (!cassino_sqlite_run (store->db, error, "DELETE FROM games WHERE id = ?1", "i", game_id))
    return FALSE;
  for (guint i = 0; i < later->len; i++)
    if (!_cassino_store_rate_game (store, g_array_index (later, gint64, i), error))
      return FALSE;
  return TRUE;
}

gboolean
cassino_store_delete_game (CassinoStore  *store,
                           gint64         game_id,
                           GError       **error)
{
  g_return_val_if_fail (CASSINO_IS_STORE (store), FALSE);

  return cassino_store_transact (store, delete_game, &game_id, error);
}

/* Reading back */

static gboolean
replay_error (GError     **error,
              gint64       game_id,
              guint        deal,
              int          ply,
              const char  *why)
{
  if (ply >= 0)
    g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                 _("Game %" PRId64 ", deal %u, move %d does not replay: %s"),
                 game_id, deal, ply + 1, why);
  else
    g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                 _("Game %" PRId64 ", deal %u does not replay: %s"), game_id, deal, why);
  return FALSE;
}

/* One row of moves, as read. */
typedef struct {
  int         ply;
  guint       seat;
  CassinoMove move;
} MoveRow;

/* The rows of deal @deal_id, by ply, or NULL. */
static GArray *
read_move_rows (CassinoStore  *store,
                gint64         deal_id,
                GError       **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, TRUE, sizeof (MoveRow));
  sqlite3_stmt *stmt;

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT ply, seat, type, card, cards, value, multiple, sweep "
                                 "FROM moves WHERE deal_id = ?1 ORDER BY ply", error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, deal_id);
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          MoveRow row = { 0 };

          row.ply = sqlite3_column_int (stmt, 0);
          row.seat = (guint) sqlite3_column_int (stmt, 1);
          row.move.type = (guint8) MIN (sqlite3_column_int (stmt, 2), 255);
          row.move.card = (CassinoCard) sqlite3_column_int (stmt, 3);
          row.move.set = (CassinoCards) sqlite3_column_int64 (stmt, 4);
          row.move.value = (guint8) sqlite3_column_int (stmt, 5);
          if (sqlite3_column_int (stmt, 6))
            row.move.flags |= CASSINO_MOVE_FLAG_MULTIPLE;
          if (sqlite3_column_int (stmt, 7))
            row.move.flags |= CASSINO_MOVE_FLAG_SWEEP;
          g_array_append_val (rows, row);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return g_steal_pointer (&rows);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        return NULL;
      }
}

static gboolean
replay_moves (CassinoStore  *store,
              gint64         game_id,
              guint          number,
              gint64         deal_id,
              CassinoGame   *game,
              GError       **error)
{
  g_autoptr(GArray) rows = read_move_rows (store, deal_id, error);

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      const MoveRow *row = &g_array_index (rows, MoveRow, i);
      g_autoptr(GError) local = NULL;

      if (row->ply != (int) i)
        return replay_error (error, game_id, number, (int) i, _("a move is missing"));
      if (row->move.type > CASSINO_MOVE_CLAIM)
        return replay_error (error, game_id, number, row->ply, _("unknown move type"));
      if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING ||
          cassino_game_get_to_move (game) != row->seat)
        return replay_error (error, game_id, number, row->ply, _("not that seat’s turn"));
      if (!cassino_game_play (game, &row->move, &local))
        return replay_error (error, game_id, number, row->ply, local->message);
    }
  return TRUE;
}

/* Filling the gaps a damaged page left in a deal's moves (salvage).
 *
 * The moves are a table WITHOUT ROWID: an interior page of its b-tree holds
 * whole rows, one move of some deal for each page below it.  When such a
 * page is lost, each of those deals misses a move in the middle.  The move
 * is found again by trying every legal move there: one fits when every
 * later move of the deal replays, the deal ends if it ended, and each side
 * has the pile, the sweeps and the last cards its recorded score says.
 * Where more than one fits (a card trailed and later taken with the cards
 * beside it, or the same cards built), they differ in nothing the record
 * holds: the first in the moves' canonical order is kept. */

#define FILL_MAX_GAPS 4         /* missing plies in one deal */
#define FILL_BUDGET   20000     /* candidate moves tried in one deal */
#define FILL_COUNT    8         /* ways that fit, counted up to */

typedef struct {
  int         ply;
  CassinoPlay play;
} FilledPlay;

typedef struct {
  const MoveRow *rows;
  guint          n_rows;
  gboolean       must_end;      /* the deal ended: finished, or followed */
  gboolean       has_piles;
  CassinoCards   piles[CASSINO_MAX_SIDES];
  guint          sweeps[CASSINO_MAX_SIDES];
  gboolean       has_last;      /* the cards left at the end, and whose */
  CassinoCards   last_cards;
  int            last_cards_side;
  guint          budget;
  FilledPlay     path[FILL_MAX_GAPS];
  guint          n_path;
  guint          n_found;       /* ways that fit, up to FILL_COUNT */
  gboolean       incomplete;    /* not every way was tried */
  FilledPlay     found[FILL_MAX_GAPS];
  guint          n_found_plays;
} Fit;

/* Whether the deal just ended on @game as the record says it did. */
static gboolean
fit_end (const Fit         *fit,
         const CassinoGame *game)
{
  const CassinoRules *rules = cassino_game_get_rules (game);
  const CassinoDeal *deal = cassino_game_get_current_deal (game);
  CassinoPosition pos;

  if (fit->has_last && (deal->last_cards != fit->last_cards ||
                        (deal->last_cards_side >= 0 ? deal->last_cards_side : -1) != fit->last_cards_side))
    return FALSE;
  if (!fit->has_piles)
    return TRUE;
  replay_deal (rules, deal, &pos);
  for (guint s = 0; s < rules->n_sides; s++)
    if (pos.piles[s] != fit->piles[s] || pos.sweeps[s] != fit->sweeps[s])
      return FALSE;
  return TRUE;
}

/* One more way fits: the first is kept. */
static void
fit_found (Fit *fit)
{
  if (fit->n_found++ > 0)
    return;
  memcpy (fit->found, fit->path, sizeof fit->path);
  fit->n_found_plays = fit->n_path;
}

/* Replay the rows of @fit from @idx (ply @ply) on @game, which it may
 * change, trying every legal move where a ply is missing. */
static void
fit_rest (Fit         *fit,
          CassinoGame *game,
          guint        idx,
          int          ply)
{
  CassinoMoveList legal;

  while (idx < fit->n_rows && fit->rows[idx].ply == ply)
    {
      if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING ||
          cassino_game_get_to_move (game) != fit->rows[idx].seat ||
          !cassino_game_play (game, &fit->rows[idx].move, NULL))
        return;
      idx++;
      ply++;
    }
  if (idx < fit->n_rows && fit->rows[idx].ply < ply)
    return;                     /* two rows of one ply */
  if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING)
    {
      if (idx == fit->n_rows && fit_end (fit, game))
        fit_found (fit);
      return;
    }
  if (idx == fit->n_rows && !fit->must_end)
    {
      /* a deal still being played: what is there fits */
      fit_found (fit);
      return;
    }
  /* a ply is missing here (or at the end of a deal that ended): no more
   * than FILL_MAX_GAPS in all, and each card still to come is a ply,
   * unless a sweep can end the deal (a deal whose moves are all gone is
   * not searched for) */
  {
    const CassinoPosition *pos = cassino_game_get_position (game);
    gboolean to_the_end = idx == fit->n_rows && !pos->rules->sweep_ends_deal;
    guint missing = idx < fit->n_rows ? (guint) (fit->rows[idx].ply - ply) :
                    to_the_end ? cassino_position_stock_count (pos) : 1;

    for (guint seat = 0; to_the_end && seat < pos->rules->n_players; seat++)
      missing += cassino_cards_count (pos->hands[seat]);
    if (fit->n_path + MAX (missing, 1) > FILL_MAX_GAPS)
      return;
  }
  cassino_move_list_init (&legal);
  cassino_game_legal_moves (game, &legal);
  for (guint i = 0; i < legal.len && fit->n_found < FILL_COUNT && fit->budget > 0; i++)
    {
      CassinoGame *next = cassino_game_copy (game);

      fit->budget--;
      fit->path[fit->n_path].ply = ply;
      fit->path[fit->n_path].play.seat = (guint8) cassino_game_get_to_move (game);
      fit->path[fit->n_path].play.move = legal.moves[i];
      if (cassino_game_play (next, &legal.moves[i], NULL))
        {
          fit->n_path++;
          fit_rest (fit, next, idx, ply + 1);
          fit->n_path--;
        }
      cassino_game_unref (next);
    }
  /* a list cut short could miss the move: nothing is filled then */
  if (legal.truncated || fit->budget == 0)
    fit->incomplete = TRUE;
  cassino_move_list_clear (&legal);
}

/* Fill the plies missing from deal @deal_id, about to be replayed on
 * @game, when a way fits (see above: of several, the first); *@n_filled counts them. */
static gboolean
fill_deal_gaps (CassinoStore       *store,
                gint64              deal_id,
                const CassinoGame  *game,
                gboolean            must_end,
                guint              *n_filled,
                GError            **error)
{
  const CassinoRules *rules = cassino_game_get_rules (game);
  g_autoptr(GArray) rows = read_move_rows (store, deal_id, error);
  g_autofree Fit *fit = g_new0 (Fit, 1);
  gboolean whole = TRUE;
  CassinoGame *copy;
  sqlite3_stmt *stmt;
  guint n_piles = 0;

  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len && whole; i++)
    whole = g_array_index (rows, MoveRow, i).ply == (int) i;
  if (whole && !must_end)
    return TRUE;

  stmt = cassino_sqlite_prepare (store->db, "SELECT side, pile, n_sweeps FROM deal_scores WHERE deal_id = ?1 "
                                            "AND pile IS NOT NULL", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, deal_id);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          int side = sqlite3_column_int (stmt, 0);

          if (side >= 0 && (guint) side < rules->n_sides)
            {
              fit->piles[side] = (CassinoCards) sqlite3_column_int64 (stmt, 1);
              fit->sweeps[side] = (guint) sqlite3_column_int (stmt, 2);
              n_piles++;
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

  stmt = cassino_sqlite_prepare (store->db, "SELECT last_cards, coalesce (last_cards_side, -1) FROM deals "
                                            "WHERE id = ?1 AND last_cards IS NOT NULL", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, deal_id);
  switch (cassino_sqlite_step (store->db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      fit->has_last = TRUE;
      fit->last_cards = (CassinoCards) sqlite3_column_int64 (stmt, 0);
      fit->last_cards_side = sqlite3_column_int (stmt, 1);
      sqlite3_reset (stmt);
      break;
    case CASSINO_SQLITE_DONE:
      break;
    case CASSINO_SQLITE_ERROR_STEP:
    default:
      return FALSE;
    }

  fit->rows = (const MoveRow *) rows->data;
  fit->n_rows = rows->len;
  fit->must_end = must_end;
  fit->has_piles = n_piles == rules->n_sides;
  fit->budget = FILL_BUDGET;
  copy = cassino_game_copy (game);
  fit_rest (fit, copy, 0, 0);
  cassino_game_unref (copy);
  if (fit->n_found == 0 || fit->incomplete)
    return TRUE;
  if (fit->n_found > 1)
    g_debug ("deal %" PRId64 ": %s%u ways fit the record, the first kept", deal_id,
             fit->n_found == FILL_COUNT ? "at least " : "", fit->n_found);
  for (guint i = 0; i < fit->n_found_plays; i++)
    if (!insert_move (store, deal_id, (guint) fit->found[i].ply, &fit->found[i].play, NULL, error))
      return FALSE;
  *n_filled += fit->n_found_plays;
  return TRUE;
}

static CassinoGame *
load_game (CassinoStore  *store,
           gint64         game_id,
           guint         *n_filled,
           GError       **error)
{
  CassinoSqlite *db = store->db;
  g_autoptr(GError) local = NULL;
  g_autoptr(GArray) deal_rows = NULL;
  sqlite3_stmt *stmt;
  CassinoRules rules;
  CassinoGame *game = NULL;
  g_autofree char *options = NULL;
  g_autofree char *key = NULL;
  guint n_players;
  guint64 seed;
  guint first_dealer;
  typedef struct {
    gint64  id;
    guint   number;
    guint   dealer;
    guint64 seed;
    guint8  deck[CASSINO_N_CARDS];
    guint   deck_len;
    gboolean finished;
  } DealRow;
  gboolean game_finished = FALSE;

  stmt = cassino_sqlite_prepare (db,
                                 "SELECT r.options, r.n_players, g.seed, g.first_dealer, g.game_key, "
                                 "r.id IS NULL, g.ruleset_id, g.state = 'finished' "
                                 "FROM games g LEFT JOIN rulesets r ON r.id = g.ruleset_id WHERE g.id = ?1",
                                 error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, game_id);
  switch (cassino_sqlite_step (db, stmt, error))
    {
    case CASSINO_SQLITE_ROW:
      if (sqlite3_column_int (stmt, 5))
        {
          /* the game's rules are gone (a damaged file): the game cannot
           * be replayed, but it is there */
          gint64 ruleset = sqlite3_column_int64 (stmt, 6);

          sqlite3_reset (stmt);
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                       /* Translators: the game's number, then the number of its missing rules */
                       _("Game %" PRId64 " cannot be replayed: its rules (%" PRId64 ") are missing from "
                         "the database"), game_id, ruleset);
          return NULL;
        }
      options = _cassino_column_dup (stmt, 0);
      n_players = (guint) sqlite3_column_int (stmt, 1);
      seed = (guint64) sqlite3_column_int64 (stmt, 2);
      first_dealer = (guint) sqlite3_column_int (stmt, 3);
      key = _cassino_column_dup (stmt, 4);
      game_finished = sqlite3_column_int (stmt, 7) != 0;
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

  if (!cassino_rules_parse (&rules, options, n_players, &local))
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                   _("Game %" PRId64 " has rules this version does not know: %s"),
                   game_id, local->message);
      return NULL;
    }
  game = cassino_game_new (&rules, seed, first_dealer);

  stmt = cassino_sqlite_prepare (db,
                                 "SELECT s.seat, s.name, p.kind, p.level FROM game_seats s "
                                 "JOIN players p ON p.id = s.player_id WHERE s.game_id = ?1 ORDER BY s.seat",
                                 error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          guint seat = (guint) sqlite3_column_int (stmt, 0);

          if (seat < n_players)
            cassino_game_set_seat (game, seat, _cassino_column_text (stmt, 1),
                                   sqlite3_column_int (stmt, 2) ? CASSINO_SEAT_COMPUTER : CASSINO_SEAT_HUMAN,
                                   _cassino_column_text (stmt, 3));
        }
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }

  stmt = cassino_sqlite_prepare (db, "SELECT name, value FROM game_tags WHERE game_id = ?1 ORDER BY position",
                                 error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        cassino_game_set_tag (game, _cassino_column_text (stmt, 0), _cassino_column_text (stmt, 1));
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }
  cassino_game_set_tag (game, "GameId", key);

  /* read the deals first: replaying uses other statements */
  deal_rows = g_array_new (FALSE, TRUE, sizeof (DealRow));
  stmt = cassino_sqlite_prepare (db, "SELECT id, number, dealer, seed, deck, finished FROM deals "
                                     "WHERE game_id = ?1 ORDER BY number", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, game_id);
  for (gboolean more = TRUE; more;)
    switch (cassino_sqlite_step (db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          DealRow row = { 0 };
          int len = sqlite3_column_bytes (stmt, 4);

          row.id = sqlite3_column_int64 (stmt, 0);
          row.number = (guint) sqlite3_column_int (stmt, 1);
          row.dealer = (guint) sqlite3_column_int (stmt, 2);
          row.seed = (guint64) sqlite3_column_int64 (stmt, 3);
          row.deck_len = (guint) CLAMP (len, 0, CASSINO_N_CARDS);
          if (row.deck_len > 0)
            memcpy (row.deck, sqlite3_column_blob (stmt, 4), row.deck_len);
          row.finished = sqlite3_column_int (stmt, 5) != 0;
          g_array_append_val (deal_rows, row);
        }
        break;
      case CASSINO_SQLITE_DONE:
        more = FALSE;
        break;
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }

  for (guint i = 0; i < deal_rows->len; i++)
    {
      const DealRow *row = &g_array_index (deal_rows, DealRow, i);

      if (row->number != i + 1)
        {
          replay_error (error, game_id, i + 1, -1, _("the deal is missing"));
          goto failed;
        }
      if (i > 0 && cassino_game_get_state (game) != CASSINO_GAME_DEAL_OVER)
        {
          replay_error (error, game_id, row->number, -1, _("the deal before it did not end"));
          goto failed;
        }
      if (!cassino_game_start_deal_with_deck (game, row->dealer, row->seed, row->deck,
                                              row->deck_len, &local))
        {
          replay_error (error, game_id, row->number, -1, local->message);
          goto failed;
        }
      if (n_filled != NULL &&
          !fill_deal_gaps (store, row->id, game,
                           row->finished || i + 1 < deal_rows->len || game_finished, n_filled, error))
        goto failed;
      if (!replay_moves (store, game_id, row->number, row->id, game, error))
        goto failed;
    }
  return game;

failed:
  cassino_game_unref (game);
  return NULL;
}

gboolean
_cassino_store_fill_move_gaps (CassinoStore  *store,
                               gint64         game_id,
                               guint         *n_filled,
                               GError       **error)
{
  g_autoptr(GError) local = NULL;
  CassinoGame *game;

  *n_filled = 0;
  game = load_game (store, game_id, n_filled, &local);
  if (game != NULL)
    cassino_game_unref (game);
  else if (!g_error_matches (local, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY))
    {
      /* (a game that does not replay is judged by the caller) */
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

typedef struct {
  gint64       game_id;
  CassinoGame *game;
} LoadGame;

/* The game, its deals and moves from one snapshot: a move recorded
 * meanwhile by another connection is in all of it or in none. */
static gboolean
load_game_job (CassinoStore  *store,
               gpointer       data,
               GError       **error)
{
  LoadGame *load = data;

  load->game = load_game (store, load->game_id, NULL, error);
  return load->game != NULL;
}

CassinoGame *
cassino_store_load_game (CassinoStore  *store,
                         gint64         game_id,
                         GError       **error)
{
  LoadGame load = { game_id, NULL };

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  return cassino_store_read (store, load_game_job, &load, error) ? load.game : NULL;
}

GArray *
cassino_store_get_move_infos (CassinoStore  *store,
                              gint64         game_id,
                              guint          deal_number,
                              GError       **error)
{
  g_autoptr(GArray) infos = g_array_new (FALSE, TRUE, sizeof (CassinoStoreMoveInfo));
  sqlite3_stmt *stmt;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  stmt = cassino_sqlite_prepare (store->db,
                                 "SELECT m.think_ms, m.ai_value, m.hint_used, m.undo_used "
                                 "FROM deals d JOIN moves m ON m.deal_id = d.id "
                                 "WHERE d.game_id = ?1 AND d.number = ?2 ORDER BY m.ply", error);
  if (stmt == NULL)
    goto failed;
  sqlite3_bind_int64 (stmt, 1, game_id);
  sqlite3_bind_int (stmt, 2, (int) deal_number);
  for (;;)
    switch (cassino_sqlite_step (store->db, stmt, error))
      {
      case CASSINO_SQLITE_ROW:
        {
          CassinoStoreMoveInfo info = CASSINO_STORE_MOVE_INFO_INIT;

          if (sqlite3_column_type (stmt, 0) != SQLITE_NULL)
            info.think_ms = sqlite3_column_int (stmt, 0);
          if (sqlite3_column_type (stmt, 1) != SQLITE_NULL)
            {
              info.has_evaluation = TRUE;
              info.evaluation = sqlite3_column_double (stmt, 1);
            }
          info.hint_used = sqlite3_column_int (stmt, 2) != 0;
          info.undo_used = sqlite3_column_int (stmt, 3) != 0;
          g_array_append_val (infos, info);
        }
        break;
      case CASSINO_SQLITE_DONE:
        return g_steal_pointer (&infos);
      case CASSINO_SQLITE_ERROR_STEP:
      default:
        goto failed;
      }
failed:
  _cassino_store_convert_error (error);
  return NULL;
}
