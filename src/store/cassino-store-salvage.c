/* cassino-store-salvage.c: copying what can still be read out of a damaged database
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * SQLite 3.40's recovery API (ext/recover, sqlite3_recover_init()) is not
 * part of the library Debian 12 ships, so the salvage is a copy of our own:
 * game by game, table by table, row by row.  Every read is a seek by key
 * (a game's id, a deal's id), so a damaged page costs the games whose rows
 * are on it and no others; a game is copied whole (its row, seats, sides,
 * tags, deals, moves and deal scores, with the players, rule set and
 * rubber it names) or not at all.  The derived tables (statistics,
 * ratings) are not copied: they are computed again from what was saved.
 *
 * A game whose own row in games is on a damaged page (a leaf of games
 * holds some thirty of them) is rebuilt when the rest of it can be read:
 * the indexes on games still hold its rules, start, key, rubber and
 * whether it was being played, its first deal holds its first dealer and
 * (undone from the deal's) its seed, and its replay gives its result
 * (_cassino_store_salvage_finish()).  Only when it ended is lost: a
 * finished game rebuilt so ends when it started.
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <inttypes.h>

#include "cassino-rng.h"
#include "cassino-store-private.h"
#include "cassino-store-record.h"

typedef struct {
  sqlite3       *src;
  CassinoSqlite *dst;
  GHashTable    *copied;   /* "table:id" of the parent rows copied or tried */
  GHashTable    *known;    /* game ids the file still names somewhere (gint64*) */
  GHashTable    *columns;  /* table -> GHashTable of the column names of @dst */
  GHashTable    *selects;  /* SQL -> sqlite3_stmt* on @src */
  GHashTable    *traces;   /* game id -> GameTrace: what the indexes on games hold */
  GHashTable    *rulesets; /* rule set id -> RulesetTrace: its index's entry */
  GHashTable    *seats;    /* game id -> GArray of ChildTrace: the index on game_seats */
  GHashTable    *deals;    /* game id -> GArray of ChildTrace: the index on deals */
  GArray        *verify;   /* the games to be replayed before they are kept */
  GHashTable    *players;  /* player id -> CassinoScannedPlayer, read when first needed */
  const char    *path;     /* the damaged file */
} Salvage;

/* A game's row of a child table as an index holds it: a number and an id
 * (a seat and its player, from the index on game_seats; a deal's number
 * and id, from the index on deals). */
typedef struct {
  guint   number;
  gint64  id;
} ChildTrace;

/* A rule set as its index (options, n_players) holds it. */
typedef struct {
  char  *options;
  guint  n_players;
} RulesetTrace;

static void
ruleset_trace_free (gpointer data)
{
  RulesetTrace *t = data;

  g_free (t->options);
  g_free (t);
}

/* A game's row as the indexes on games still hold it. */
typedef struct {
  gint64    ruleset_id;    /* 0: not in the index */
  gint64    started;
  gboolean  start_known;
  char     *key;
  gint64    rubber_id;
  gboolean  playing;
} GameTrace;

static void
game_trace_free (gpointer data)
{
  GameTrace *t = data;

  g_free (t->key);
  g_free (t);
}

static void
finalize_statement (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

/* A statement on the damaged file, prepared once; NULL when it cannot be
 * (its schema is damaged). */
static sqlite3_stmt *
src_prepare (Salvage    *s,
             const char *sql)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (s->selects, sql);

  if (stmt != NULL)
    {
      sqlite3_reset (stmt);
      sqlite3_clear_bindings (stmt);
      return stmt;
    }
  if (sqlite3_prepare_v2 (s->src, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      sqlite3_finalize (stmt);
      return NULL;
    }
  g_hash_table_insert (s->selects, g_strdup (sql), stmt);
  return stmt;
}

/* The columns @table has in the new database (a set of names). */
static GHashTable *
dst_columns (Salvage    *s,
             const char *table)
{
  GHashTable *set = g_hash_table_lookup (s->columns, table);
  g_autofree char *sql = NULL;
  sqlite3_stmt *stmt = NULL;

  if (set != NULL)
    return set;
  set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sql = g_strdup_printf ("SELECT name FROM pragma_table_info ('%s')", table);
  if (sqlite3_prepare_v2 (cassino_sqlite_get_handle (s->dst), sql, -1, &stmt, NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      g_hash_table_add (set, g_strdup ((const char *) sqlite3_column_text (stmt, 0)));
  sqlite3_finalize (stmt);
  g_hash_table_insert (s->columns, g_strdup (table), set);
  return set;
}

/* Copy the rows of @table whose @column is @key from the damaged file into
 * the new database, the columns both have.  FALSE when a row cannot be
 * read (a damaged page) or written; @out_rows counts the rows copied. */
static gboolean
copy_rows (Salvage    *s,
           const char *table,
           const char *column,
           gint64      key,
           guint      *out_rows)
{
  g_autofree char *select = g_strdup_printf ("SELECT * FROM \"%s\" WHERE \"%s\" = ?1", table, column);
  GHashTable *wanted = dst_columns (s, table);
  sqlite3_stmt *stmt = src_prepare (s, select);
  guint rows = 0;
  int rc = SQLITE_ERROR;

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, key);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      g_autoptr(GString) params = g_string_new (NULL);
      g_autoptr(GArray) from = g_array_new (FALSE, FALSE, sizeof (int));
      g_autofree char *insert = NULL;
      sqlite3_stmt *ins;

      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        {
          const char *name = sqlite3_column_name (stmt, i);

          if (!g_hash_table_contains (wanted, name))
            continue;
          g_string_append_printf (names, "%s\"%s\"", from->len ? ", " : "", name);
          g_string_append_printf (params, "%s?%u", from->len ? ", " : "", from->len + 1);
          g_array_append_val (from, i);
        }
      insert = g_strdup_printf ("INSERT OR IGNORE INTO \"%s\" (%s) VALUES (%s)", table, names->str, params->str);
      ins = cassino_sqlite_prepare (s->dst, insert, NULL);
      if (ins == NULL)
        break;
      for (guint i = 0; i < from->len; i++)
        sqlite3_bind_value (ins, (int) i + 1, sqlite3_column_value (stmt, g_array_index (from, int, i)));
      if (!cassino_sqlite_step_done (s->dst, ins, NULL))
        break;
      rows++;
    }
  sqlite3_reset (stmt);
  if (out_rows)
    *out_rows = rows;
  return rc == SQLITE_DONE;
}

/* The root page of the table or index @name of the damaged file, or 0. */
static gint64
src_root_page (Salvage    *s,
               const char *name)
{
  sqlite3_stmt *stmt = src_prepare (s, "SELECT rootpage FROM sqlite_master WHERE name = ?1");
  gint64 page = 0;

  if (stmt == NULL)
    return 0;
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    page = sqlite3_column_int64 (stmt, 0);
  sqlite3_reset (stmt);
  return page;
}

/* A rule set or a player whose own row cannot be read, made again from
 * what its indexes hold: a rule set's options and player count (its
 * preset is the options'), a human's name or a computer's level; a player
 * in neither index was a human taken off the list (archived).  A player's
 * name is then a seat's of its games (saved before it), and it was added
 * when the first of those began. */
static gboolean
rebuild_parent (Salvage    *s,
                const char *table,
                gint64      id)
{
  if (g_str_equal (table, "rulesets"))
    {
      const RulesetTrace *t = g_hash_table_lookup (s->rulesets, &id);
      CassinoRules rules;

      return t != NULL && cassino_rules_parse (&rules, t->options, t->n_players, NULL) &&
             cassino_sqlite_run (s->dst, NULL, "INSERT OR IGNORE INTO rulesets (id, preset, n_players, options) "
                                 "VALUES (?1, ?2, ?3, ?4)", "itnt", id, cassino_preset_to_string (rules.preset),
                                 (int) t->n_players, t->options);
    }
  if (g_str_equal (table, "players"))
    {
      const CassinoScannedPlayer *p;
      sqlite3_stmt *stmt;
      g_autofree char *name = NULL;
      gint64 created = 0;

      if (s->players == NULL)
        s->players = _cassino_store_scan_players (s->path, (guint32) src_root_page (s, "players_human_name"),
                                                  (guint32) src_root_page (s, "players_computer"));
      p = g_hash_table_lookup (s->players, &id);
      stmt = cassino_sqlite_prepare (s->dst, "SELECT gs.name, g.started FROM game_seats gs JOIN games g "
                                             "ON g.id = gs.game_id WHERE gs.player_id = ?1 "
                                             "ORDER BY g.started LIMIT 1", NULL);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, id);
      if (sqlite3_step (stmt) == SQLITE_ROW)
        {
          name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
          created = sqlite3_column_int64 (stmt, 1);
        }
      sqlite3_reset (stmt);
      if (p != NULL && p->name != NULL)
        {
          g_free (name);
          name = g_strdup (p->name);
        }
      if (name == NULL)
        return FALSE;
      return cassino_sqlite_run (s->dst, NULL, "INSERT OR IGNORE INTO players (id, kind, name, level, "
                                 "engine_version, archived, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                                 "intttni", id, p != NULL && p->computer, name,
                                 p != NULL && p->computer ? p->level : NULL,
                                 p != NULL && p->computer ? p->engine_version : NULL, p == NULL, created);
    }
  return FALSE;
}

/* A row another row refers to (a player, a rule set, a rubber), copied
 * once, or made again from its indexes (rebuild_parent()).  FALSE when it
 * cannot be read or is not there. */
static gboolean
copy_parent (Salvage    *s,
             const char *table,
             gint64      id)
{
  g_autofree char *key = g_strdup_printf ("%s:%" PRId64, table, id);
  gpointer done;
  guint rows = 0;
  gboolean ok;

  if (g_hash_table_lookup_extended (s->copied, key, NULL, &done))
    return GPOINTER_TO_INT (done);
  ok = copy_rows (s, table, "id", id, &rows) && rows == 1;
  if (!ok)
    ok = rebuild_parent (s, table, id);
  else if (g_str_equal (table, "rubbers"))
    ok = copy_rows (s, "rubber_sides", "rubber_id", id, NULL);
  g_hash_table_insert (s->copied, g_steal_pointer (&key), GINT_TO_POINTER (ok));
  return ok;
}

/* The integers of the first column of @sql, as far as they can be read. */
static void
collect_ids (Salvage    *s,
             const char *sql,
             GHashTable *into)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (s->src, sql, -1, &stmt, NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      {
        gint64 id = sqlite3_column_int64 (stmt, 0);

        g_hash_table_add (into, g_memdup2 (&id, sizeof id));
      }
  sqlite3_finalize (stmt);
}

/* The rows of @sql (a game's id, a number, an id: read through an index
 * alone), as far as they can be read, by game into @into. */
static void
collect_children (Salvage    *s,
                  const char *sql,
                  GHashTable *into)
{
  sqlite3_stmt *stmt = NULL;

  if (sqlite3_prepare_v2 (s->src, sql, -1, &stmt, NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      {
        gint64 game = sqlite3_column_int64 (stmt, 0);
        ChildTrace t = { (guint) CLAMP (sqlite3_column_int64 (stmt, 1), 0, G_MAXUINT),
                         sqlite3_column_int64 (stmt, 2) };
        GArray *rows = g_hash_table_lookup (into, &game);

        if (rows == NULL)
          {
            rows = g_array_new (FALSE, FALSE, sizeof (ChildTrace));
            g_hash_table_insert (into, g_memdup2 (&game, sizeof game), rows);
          }
        g_array_append_val (rows, t);
      }
  sqlite3_finalize (stmt);
}

/* What the indexes on games hold of each game, read through the indexes
 * alone (covering), as far as each can be read. */
static void
collect_traces (Salvage *s)
{
  sqlite3_stmt *rulesets = NULL;

  static const char *const reads[] = {
    "SELECT id, ruleset_id FROM games INDEXED BY games_ruleset",
    "SELECT id, started FROM games INDEXED BY games_started",
    "SELECT id, game_key FROM games INDEXED BY sqlite_autoindex_games_1",
    "SELECT id, rubber_id FROM games INDEXED BY games_rubber WHERE rubber_id IS NOT NULL",
    "SELECT id, 1 FROM games INDEXED BY games_playing WHERE state = 'playing'",
  };

  for (guint r = 0; r < G_N_ELEMENTS (reads); r++)
    {
      sqlite3_stmt *stmt = NULL;

      if (sqlite3_prepare_v2 (s->src, reads[r], -1, &stmt, NULL) == SQLITE_OK)
        while (sqlite3_step (stmt) == SQLITE_ROW)
          {
            gint64 id = sqlite3_column_int64 (stmt, 0);
            GameTrace *t = g_hash_table_lookup (s->traces, &id);

            if (t == NULL)
              {
                t = g_new0 (GameTrace, 1);
                g_hash_table_insert (s->traces, g_memdup2 (&id, sizeof id), t);
              }
            switch (r)
              {
              case 0:
                t->ruleset_id = sqlite3_column_int64 (stmt, 1);
                break;
              case 1:
                t->started = sqlite3_column_int64 (stmt, 1);
                t->start_known = TRUE;
                break;
              case 2:
                g_free (t->key);
                t->key = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
                break;
              case 3:
                t->rubber_id = sqlite3_column_int64 (stmt, 1);
                break;
              default:
                t->playing = TRUE;
                break;
              }
          }
      sqlite3_finalize (stmt);
    }

  if (sqlite3_prepare_v2 (s->src, "SELECT id, options, n_players FROM rulesets "
                                  "INDEXED BY sqlite_autoindex_rulesets_1", -1, &rulesets, NULL) == SQLITE_OK)
    while (sqlite3_step (rulesets) == SQLITE_ROW)
      {
        gint64 id = sqlite3_column_int64 (rulesets, 0);
        RulesetTrace *t = g_new0 (RulesetTrace, 1);

        t->options = g_strdup ((const char *) sqlite3_column_text (rulesets, 1));
        t->n_players = (guint) CLAMP (sqlite3_column_int64 (rulesets, 2), 0, G_MAXUINT);
        g_hash_table_replace (s->rulesets, g_memdup2 (&id, sizeof id), t);
      }
  sqlite3_finalize (rulesets);

  collect_children (s, "SELECT game_id, number, id FROM deals INDEXED BY sqlite_autoindex_deals_1", s->deals);
  collect_children (s, "SELECT game_id, seat, player_id FROM game_seats INDEXED BY game_seats_player", s->seats);
}

static gint64
query_max (Salvage    *s,
           const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value = 0;

  if (sqlite3_prepare_v2 (s->src, sql, -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

/* The ids the rows just copied into the new database name in @sql. */
static GArray *
dst_ids (Salvage    *s,
         const char *sql,
         gint64      key)
{
  return cassino_sqlite_query_ids (s->dst, NULL, sql, "i", key);
}

/* The row of game @id, whose own is lost, made again in the new database
 * from @trace and its first deal (copied before it); its result and, when
 * the index had none, its key are the replay's
 * (_cassino_store_salvage_finish()). */
static gboolean
insert_traced_game (Salvage         *s,
                    gint64           id,
                    const GameTrace *trace)
{
  CassinoSqlite *dst = s->dst;
  sqlite3_stmt *first = NULL;
  g_autofree char *key = trace->key ? g_strdup (trace->key) : g_strdup_printf ("salvaged:%" PRId64, id);
  guint64 seed;
  gint64 dealer, number;
  gboolean ok;

  first = cassino_sqlite_prepare (dst, "SELECT number, dealer, seed FROM deals WHERE game_id = ?1 "
                                       "ORDER BY number LIMIT 1", NULL);
  if (first == NULL)
    return FALSE;
  sqlite3_bind_int64 (first, 1, id);
  if (sqlite3_step (first) != SQLITE_ROW)
    {
      sqlite3_reset (first);
      return FALSE;     /* not one deal: nothing to replay */
    }
  number = sqlite3_column_int64 (first, 0);
  dealer = sqlite3_column_int64 (first, 1);
  /* a deal's seed is cassino_game_deal_seed (the game's, its number) */
  seed = cassino_unmix64 ((guint64) sqlite3_column_int64 (first, 2)) ^ cassino_mix64 ((guint64) number);
  sqlite3_reset (first);

  ok = cassino_sqlite_run (dst, NULL,
                           "INSERT INTO games (id, game_key, ruleset_id, rubber_id, seed, first_dealer, "
                           "state, started) VALUES (?1, ?2, ?3, nullif (?4, 0), ?5, ?6, ?7, ?8)",
                           "itiiiiti", id, key, trace->ruleset_id, trace->rubber_id, (gint64) seed, dealer,
                           trace->playing ? "playing" : "abandoned", trace->started);
  if (ok && !trace->start_known && g_hash_table_contains (dst_columns (s, "games"), "start_known"))
    ok = cassino_sqlite_run (dst, NULL, "UPDATE games SET start_known = 0 WHERE id = ?1", "i", id);
  return ok;
}

/* The seats of game @id (of rule set @ruleset, copied), whose own rows
 * cannot be read, made again from the index on game_seats: each seat's
 * player; its side the rules'; its name the player's (a seat's name is
 * the player's but for a player renamed since). */
static gboolean
rebuild_seats (Salvage *s,
               gint64   id,
               gint64   ruleset)
{
  GArray *seats = g_hash_table_lookup (s->seats, &id);
  g_autoptr(GArray) counts = dst_ids (s, "SELECT n_players FROM rulesets WHERE id = ?1", ruleset);
  sqlite3_stmt *options;
  CassinoRules rules;
  gboolean parsed;

  if (seats == NULL || counts == NULL || counts->len != 1 ||
      (gint64) seats->len != g_array_index (counts, gint64, 0))
    return FALSE;
  options = cassino_sqlite_prepare (s->dst, "SELECT options FROM rulesets WHERE id = ?1", NULL);
  if (options == NULL)
    return FALSE;
  sqlite3_bind_int64 (options, 1, ruleset);
  parsed = sqlite3_step (options) == SQLITE_ROW &&
           cassino_rules_parse (&rules, (const char *) sqlite3_column_text (options, 0), seats->len, NULL);
  sqlite3_reset (options);
  if (!parsed)
    return FALSE;
  for (guint i = 0; i < seats->len; i++)
    {
      const ChildTrace *t = &g_array_index (seats, ChildTrace, i);

      /* (a seat, and its player's id) */
      if (t->number >= rules.n_players || !copy_parent (s, "players", t->id))
        return FALSE;
      if (!cassino_sqlite_run (s->dst, NULL, "INSERT OR IGNORE INTO game_seats (game_id, seat, side, player_id, name) "
                               "SELECT ?1, ?2, ?3, id, name FROM players WHERE id = ?4", "inni", id, (int) t->number,
                               (int) cassino_rules_side_of (&rules, t->number), t->id))
        return FALSE;
    }
  return TRUE;
}

/* The deals of game @id (its row and rule set copied), whose own rows
 * cannot be read, made again from the index on deals (each deal's number
 * and id; the moves name the id) and the game: a deal's seed and deck
 * follow from the game's seed, its dealer from the first.  Whether each
 * was played to its end is the replay's, which also tells whether the
 * decks were right (a game dealt otherwise does not replay, and is not
 * kept). */
static gboolean
rebuild_deals (Salvage *s,
               gint64   id)
{
  GArray *deals = g_hash_table_lookup (s->deals, &id);
  sqlite3_stmt *stmt;
  CassinoRules rules;
  guint64 seed = 0;
  guint first_dealer = 0;
  gboolean parsed = FALSE;

  if (deals == NULL || deals->len == 0)
    return FALSE;
  stmt = cassino_sqlite_prepare (s->dst, "SELECT r.options, r.n_players, g.seed, g.first_dealer FROM games g "
                                         "JOIN rulesets r ON r.id = g.ruleset_id WHERE g.id = ?1", NULL);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, id);
  if (sqlite3_step (stmt) == SQLITE_ROW)
    {
      parsed = cassino_rules_parse (&rules, (const char *) sqlite3_column_text (stmt, 0),
                                    (guint) sqlite3_column_int (stmt, 1), NULL);
      seed = (guint64) sqlite3_column_int64 (stmt, 2);
      first_dealer = (guint) sqlite3_column_int (stmt, 3);
    }
  sqlite3_reset (stmt);
  if (!parsed || first_dealer >= rules.n_players)
    return FALSE;
  for (guint i = 0; i < deals->len; i++)
    {
      const ChildTrace *t = &g_array_index (deals, ChildTrace, i);
      guint64 deal_seed = cassino_game_deal_seed (seed, t->number);
      guint8 deck[CASSINO_N_CARDS];

      if (t->number == 0 || t->number > 1000)
        return FALSE;
      cassino_deal_deck_for_seed (&rules, deal_seed, deck);
      stmt = cassino_sqlite_prepare (s->dst, "INSERT OR IGNORE INTO deals (id, game_id, number, dealer, seed, deck, "
                                             "finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)", NULL);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, t->id);
      sqlite3_bind_int64 (stmt, 2, id);
      sqlite3_bind_int (stmt, 3, (int) t->number);
      sqlite3_bind_int (stmt, 4, (int) ((first_dealer + t->number - 1) % rules.n_players));
      sqlite3_bind_int64 (stmt, 5, (gint64) deal_seed);
      sqlite3_bind_blob (stmt, 6, deck, (int) MIN (rules.deck, CASSINO_N_CARDS), SQLITE_TRANSIENT);
      if (!cassino_sqlite_step_done (s->dst, stmt, NULL))
        return FALSE;
    }
  if (s->verify != NULL)
    g_array_append_val (s->verify, id);
  return TRUE;
}

/* Copy game @id whole; with @trace its row is lost, and made again from
 * the rest.  FALSE: some of it cannot be read. */
static gboolean
copy_game (Salvage         *s,
           gint64           id,
           const GameTrace *trace)
{
  g_autoptr(GArray) refs = NULL;
  g_autoptr(GArray) deals = NULL;
  guint seats = 0;
  gboolean seats_read, deals_read;

  if ((trace == NULL && !copy_rows (s, "games", "id", id, NULL)))
    return FALSE;
  seats_read = copy_rows (s, "game_seats", "game_id", id, &seats) && seats > 0;
  /* the sides' scores are the replay's when they cannot be read
   * (_cassino_store_salvage_finish()) */
  if (!copy_rows (s, "game_sides", "game_id", id, NULL))
    cassino_sqlite_run (s->dst, NULL, "DELETE FROM game_sides WHERE game_id = ?1", "i", id);
  /* its tags (Event, GameId, …) go with a page that cannot be read: the
   * game is whole without them (its deals and moves are the game) */
  if (!copy_rows (s, "game_tags", "game_id", id, NULL))
    cassino_sqlite_run (s->dst, NULL, "DELETE FROM game_tags WHERE game_id = ?1", "i", id);
  deals_read = copy_rows (s, "deals", "game_id", id, NULL);
  if (!deals_read)
    cassino_sqlite_run (s->dst, NULL, "DELETE FROM deals WHERE game_id = ?1", "i", id);
  /* (a game whose row and deals are both lost is lost) */
  if ((trace != NULL && (!deals_read || !insert_traced_game (s, id, trace))))
    return FALSE;

  refs = dst_ids (s, "SELECT ruleset_id FROM games WHERE id = ?1", id);
  if (refs == NULL || refs->len != 1 || !copy_parent (s, "rulesets", g_array_index (refs, gint64, 0)))
    return FALSE;
  if ((!seats_read && !rebuild_seats (s, id, g_array_index (refs, gint64, 0))) ||
      (!deals_read && !rebuild_deals (s, id)))
    return FALSE;
  g_clear_pointer (&refs, g_array_unref);
  refs = dst_ids (s, "SELECT player_id FROM game_seats WHERE game_id = ?1", id);
  for (guint i = 0; refs && i < refs->len; i++)
    if (!copy_parent (s, "players", g_array_index (refs, gint64, i)))
      return FALSE;
  g_clear_pointer (&refs, g_array_unref);
  refs = dst_ids (s, "SELECT rubber_id FROM games WHERE id = ?1 AND rubber_id IS NOT NULL", id);
  for (guint i = 0; refs && i < refs->len; i++)
    {
      gint64 rubber = g_array_index (refs, gint64, i);
      g_autoptr(GArray) ruleset = dst_ids (s, "SELECT ruleset_id FROM rubbers WHERE id = ?1", rubber);

      /* a rubber that cannot be read: the game stays, outside any rubber */
      if (!copy_parent (s, "rubbers", rubber) || ruleset == NULL || ruleset->len != 1 ||
          !copy_parent (s, "rulesets", g_array_index (ruleset, gint64, 0)))
        cassino_sqlite_run (s->dst, NULL, "UPDATE games SET rubber_id = NULL WHERE id = ?1", "i", id);
    }

  deals = dst_ids (s, "SELECT id FROM deals WHERE game_id = ?1", id);
  if (deals == NULL)
    return FALSE;
  for (guint i = 0; i < deals->len; i++)
    {
      gint64 deal = g_array_index (deals, gint64, i);

      if (!copy_rows (s, "moves", "deal_id", deal, NULL))
        return FALSE;
      /* a deal's score is the replay's when it cannot be read */
      if (!copy_rows (s, "deal_scores", "deal_id", deal, NULL))
        cassino_sqlite_run (s->dst, NULL, "DELETE FROM deal_scores WHERE deal_id = ?1", "i", deal);
    }
  /* a rebuilt game whose every seat is a computer's was simulated; the
   * others are taken for played (an imported one then counts as played) */
  if (trace != NULL)
    return cassino_sqlite_run (s->dst, NULL,
                               "UPDATE games SET source = 'simulated' WHERE id = ?1 AND NOT EXISTS "
                               "(SELECT 1 FROM game_seats gs JOIN players p ON p.id = gs.player_id "
                               "WHERE gs.game_id = ?1 AND p.kind = 0)", "i", id);
  return TRUE;
}

/* Open the damaged file to read it.  Without a -wal file beside it there
 * is nothing but the file to read: it is opened immutable, so that SQLite
 * leaves no -wal or -shm file of its own beside it. */
static sqlite3 *
open_damaged (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
  g_autofree char *immutable = uri ? g_strconcat (uri, "?immutable=1", NULL) : NULL;
  sqlite3 *db = NULL;
  int rc;

  if (immutable && !g_file_test (wal, G_FILE_TEST_EXISTS))
    rc = sqlite3_open_v2 (immutable, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL);
  else
    rc = sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL);
  if (rc != SQLITE_OK)
    g_clear_pointer (&db, sqlite3_close);
  return db;
}

guint
_cassino_store_salvage_version (const char *damaged)
{
  sqlite3 *db = open_damaged (damaged);
  sqlite3_stmt *stmt = NULL;
  guint version = 0;

  if (db != NULL &&
      sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    version = (guint) CLAMP (sqlite3_column_int64 (stmt, 0), 0, G_MAXUINT);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return version;
}

gboolean
_cassino_store_salvage (const char     *damaged,
                        CassinoSqlite  *dst,
                        guint          *out_saved,
                        guint          *out_lost,
                        GArray         *out_rebuilt,
                        GArray         *out_verify,
                        gboolean        verify_all,
                        GError        **error)
{
  Salvage s = { NULL, dst, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, damaged };
  gint64 last;
  guint saved = 0, lost = 0;
  gboolean ok;

  *out_saved = *out_lost = 0;
  s.src = open_damaged (damaged);
  if (s.src == NULL)
    return TRUE;      /* nothing can be read: nothing to save */
  s.copied = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.known = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  s.columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_hash_table_unref);
  s.selects = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_statement);
  s.traces = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, game_trace_free);
  s.rulesets = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, ruleset_trace_free);
  s.seats = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  s.deals = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) g_array_unref);
  s.verify = out_verify;

  /* Which games there were: the table, its index and the tables that
   * name a game, each read as far as it can be. */
  collect_ids (&s, "SELECT id FROM games", s.known);
  collect_ids (&s, "SELECT id FROM games INDEXED BY games_started", s.known);
  collect_ids (&s, "SELECT game_id FROM game_seats", s.known);
  collect_ids (&s, "SELECT game_id FROM deals", s.known);
  collect_traces (&s);
  last = MAX (query_max (&s, "SELECT seq FROM sqlite_sequence WHERE name = 'games'"),
              query_max (&s, "SELECT max(id) FROM games"));
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, s.known);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      last = MAX (last, *(gint64 *) key);
  }

  ok = cassino_sqlite_exec (dst, "PRAGMA foreign_keys = OFF", error) &&
       cassino_sqlite_begin (dst, error);
  if (ok)
    {
      for (gint64 id = 1; id <= last; id++)
        {
          sqlite3_stmt *probe = src_prepare (&s, "SELECT 1 FROM games WHERE id = ?1");
          const GameTrace *trace = NULL;
          int rc = SQLITE_ERROR;
          g_autoptr(GArray) there = cassino_sqlite_query_ids (dst, NULL, "SELECT id FROM games WHERE id = ?1",
                                                              "i", id);

          /* saved already (by a first pass, through SQLite's b-trees) */
          if (there != NULL && there->len > 0)
            continue;

          if (probe != NULL)
            {
              sqlite3_bind_int64 (probe, 1, id);
              rc = sqlite3_step (probe);
              sqlite3_reset (probe);
            }
          if (rc == SQLITE_DONE && !g_hash_table_contains (s.known, &id))
            continue;                                    /* no such game (deleted) */
          if (rc != SQLITE_ROW)
            {
              /* its row is on a damaged page (or gone from a page that
               * is not): rebuilt when the file still names the game and
               * an index still holds its rules, else lost */
              if (!g_hash_table_contains (s.known, &id))
                continue;
              trace = g_hash_table_lookup (s.traces, &id);
              if (trace == NULL || trace->ruleset_id == 0)
                {
                  lost++;
                  continue;
                }
            }
          if (!cassino_sqlite_begin (dst, error))
            {
              ok = FALSE;
              break;
            }
          if (copy_game (&s, id, trace))
            {
              saved++;
              if (trace != NULL && out_rebuilt != NULL)
                g_array_append_val (out_rebuilt, id);
              if (out_verify != NULL && verify_all)
                g_array_append_val (out_verify, id);
              ok = cassino_sqlite_end (dst, TRUE, error);
            }
          else
            {
              lost++;
              cassino_sqlite_end (dst, FALSE, NULL);
            }
          if (!ok)
            break;
        }
      /* the players who have no game yet (a name chosen, no game played) */
      for (gint64 id = 1, n = query_max (&s, "SELECT max(seq) FROM sqlite_sequence WHERE name = 'players'");
           ok && id <= n; id++)
        copy_parent (&s, "players", id);
      if (ok)
        ok = cassino_sqlite_end (dst, TRUE, error);
      else if (cassino_sqlite_get_depth (dst) > 0)
        cassino_sqlite_end (dst, FALSE, NULL);
    }
  ok = cassino_sqlite_exec (dst, "PRAGMA foreign_keys = ON", ok ? error : NULL) && ok;

  g_hash_table_unref (s.selects);
  g_hash_table_unref (s.traces);
  g_hash_table_unref (s.rulesets);
  g_hash_table_unref (s.seats);
  g_hash_table_unref (s.deals);
  g_clear_pointer (&s.players, g_hash_table_unref);
  sqlite3_close (s.src);
  g_hash_table_unref (s.copied);
  g_hash_table_unref (s.known);
  g_hash_table_unref (s.columns);
  *out_saved = saved;
  *out_lost = lost;
  return ok;
}

/* Game @id, rebuilt, as its replay @game says it is. */
static gboolean
finish_rebuilt (CassinoSqlite      *db,
                gint64              id,
                const CassinoGame  *game,
                GError            **error)
{
  g_autofree char *key = cassino_store_compute_game_key (game);
  int winner = cassino_game_get_winner (game);

  /* the key the index had, else the one its content gives (unless
   * another game has it: then this is a copy of that one) */
  if (!cassino_sqlite_run (db, error,
                           "UPDATE games SET game_key = ?2 WHERE id = ?1 AND game_key LIKE 'salvaged:%' "
                           "AND NOT EXISTS (SELECT 1 FROM games WHERE game_key = ?2)",
                           "it", id, key))
    return FALSE;
  if (cassino_game_get_state (game) != CASSINO_GAME_OVER)
    /* not being played when the file was damaged: it had been left */
    return cassino_sqlite_run (db, error,
                               "UPDATE games SET termination = 'abandoned', ended = started "
                               "WHERE id = ?1 AND state = 'abandoned'", "i", id);
  if (!cassino_sqlite_run (db, error,
                           "UPDATE games SET state = 'finished', ended = started, termination = ?2, "
                           "winner_side = nullif (?3, -1), value = ?4 WHERE id = ?1",
                           "itnn", id, cassino_game_get_ending (game), winner,
                           (int) cassino_game_get_value (game)))
    return FALSE;
  return _cassino_store_write_sides (db, id, game, error);
}

/* The number @sql gives for game @id (bound as ?1), or -1. */
static gint64
count_for_game (CassinoSqlite *db,
                const char    *sql,
                gint64         id)
{
  sqlite3_stmt *stmt = cassino_sqlite_prepare (db, sql, NULL);
  gint64 value = -1;

  if (stmt == NULL)
    return -1;
  sqlite3_bind_int64 (stmt, 1, id);
  if (!cassino_sqlite_step_int64 (db, stmt, 0, &value, NULL))
    return -1;
  return value;
}

/* Whether game @id, read page by page, is whole: it replays, and as far
 * as its rows say it went (a page of its moves could be missing without
 * a read failing, as it would through SQLite's b-trees). */
static gboolean
scanned_game_whole (CassinoStore *store,
                    gint64        id)
{
  CassinoSqlite *db = _cassino_store_get_db (store);
  CassinoGame *game = cassino_store_load_game (store, id, NULL);
  gint64 finished_deals, finished, gaps;
  guint replayed = 0;
  gboolean whole;

  if (game == NULL)
    return FALSE;
  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    replayed += cassino_game_get_deal (game, d)->finished;
  finished_deals = count_for_game (db, "SELECT count(*) FROM deals WHERE game_id = ?1 AND finished", id);
  finished = count_for_game (db, "SELECT count(*) FROM games WHERE id = ?1 AND state = 'finished'", id);
  /* plies are numbered without a gap */
  gaps = count_for_game (db, "SELECT count(*) FROM deals d WHERE d.game_id = ?1 AND "
                             "(SELECT count(*) FROM moves m WHERE m.deal_id = d.id) != "
                             "coalesce ((SELECT max(ply) - min(ply) + 1 FROM moves m WHERE m.deal_id = d.id), 0)",
                         id);
  whole = finished_deals >= 0 && finished >= 0 && gaps == 0 && (gint64) replayed >= finished_deals &&
          (finished == 0 || cassino_game_get_state (game) == CASSINO_GAME_OVER);
  cassino_game_unref (game);
  return whole;
}

gboolean
_cassino_store_salvage_finish (CassinoStore  *store,
                               GArray        *ids,
                               GArray        *scanned,
                               guint         *n_saved,
                               guint         *n_lost,
                               GError       **error)
{
  CassinoSqlite *db = _cassino_store_get_db (store);
  g_autoptr(GArray) sideless = NULL;

  if (scanned)
    {
      for (guint i = 0; i < scanned->len; i++)
        {
          gint64 id = g_array_index (scanned, gint64, i);
          guint filled = 0;

          if (scanned_game_whole (store, id))
            continue;
          /* moves on an interior page of moves' b-tree are lost with it,
           * one here and there: found again by replaying */
          if (!_cassino_store_fill_move_gaps (store, id, &filled, error))
            return FALSE;
          if (filled > 0)
            g_debug ("game %" PRId64 ": %u lost moves found again", id, filled);
          if (filled > 0 && scanned_game_whole (store, id))
            continue;
          if (!cassino_sqlite_run (db, error, "DELETE FROM games WHERE id = ?1", "i", id))
            return FALSE;
          /* (a game named here whose copy failed after its deals were
           * made again is not there, and was counted lost already) */
          if (cassino_sqlite_changes (db) == 0)
            continue;
          if (*n_saved > 0)
            (*n_saved)--;
          (*n_lost)++;
        }
    }

  for (guint i = 0; ids && i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr(GError) local = NULL;
      CassinoGame *game = cassino_store_load_game (store, id, &local);
      gboolean ok;

      if (game == NULL)
        {
          /* kept as it was copied: History shows it and says why it
           * cannot be replayed */
          g_message ("game %" PRId64 " rebuilt from a damaged database does not replay: %s",
                     id, local->message);
          continue;
        }
      ok = finish_rebuilt (db, id, game, error);
      cassino_game_unref (game);
      if (!ok)
        return FALSE;
    }

  /* finished deals without their scores (on a damaged page): replayed */
  {
    /* (and the deals made again, which are not yet known to be finished) */
    g_autoptr(GArray) scoreless = cassino_sqlite_query_ids (db, error, "SELECT DISTINCT game_id FROM deals d "
                                                            "WHERE NOT finished OR NOT EXISTS "
                                                            "(SELECT 1 FROM deal_scores WHERE deal_id = d.id)", "");

    if (scoreless == NULL)
      return FALSE;
    for (guint i = 0; i < scoreless->len; i++)
      {
        gint64 id = g_array_index (scoreless, gint64, i);
        CassinoGame *game = cassino_store_load_game (store, id, NULL);
        gboolean ok = TRUE;

        for (guint d = 0; game && ok && d < cassino_game_get_n_deals (game); d++)
          {
            const CassinoDeal *deal = cassino_game_get_deal (game, d);
            g_autoptr(GArray) deal_id = cassino_sqlite_query_ids (db, error, "SELECT id FROM deals d WHERE "
                                                                  "game_id = ?1 AND number = ?2 AND "
                                                                  "(NOT finished OR NOT EXISTS (SELECT 1 FROM "
                                                                  "deal_scores WHERE deal_id = d.id))", "in", id,
                                                                  (int) deal->number);

            ok = deal_id != NULL;
            if (ok && deal_id->len == 1 && deal->finished)
              ok = _cassino_store_write_deal_score (store, g_array_index (deal_id, gint64, 0),
                                                    cassino_game_get_rules (game), deal, error);
          }
        if (game)
          cassino_game_unref (game);
        if (!ok)
          return FALSE;
      }
  }

  /* finished games without their sides' scores (a page of game_sides
   * read page by page is left out, _cassino_store_scan()): replayed */
  sideless = cassino_sqlite_query_ids (db, error, "SELECT id FROM games WHERE state = 'finished' AND NOT EXISTS "
                                                  "(SELECT 1 FROM game_sides WHERE game_id = games.id)", "");
  if (sideless == NULL)
    return FALSE;
  for (guint i = 0; i < sideless->len; i++)
    {
      gint64 id = g_array_index (sideless, gint64, i);
      CassinoGame *game = cassino_store_load_game (store, id, NULL);
      gboolean ok = game == NULL || _cassino_store_write_sides (db, id, game, error);

      if (game)
        cassino_game_unref (game);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

gboolean
_cassino_store_salvage_schema_readable (const char *damaged)
{
  sqlite3 *db = open_damaged (damaged);
  sqlite3_stmt *stmt = NULL;
  gboolean readable = db != NULL &&
    sqlite3_prepare_v2 (db, "SELECT id FROM games", -1, &stmt, NULL) == SQLITE_OK;

  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return readable;
}
