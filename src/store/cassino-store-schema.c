/* cassino-store-schema.c: the schema and its migrations
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every version of the schema is one entry of migrations[]: the SQL that
 * takes a database from the version before to it.  An entry is never
 * edited once released; a change is a new entry.  PRAGMA user_version is
 * the number of entries applied; each runs in its own transaction.
 *
 * Raw records (players, rulesets, rubbers, games, deals, moves, scores)
 * are the truth.  Two tables are derived from them and can be rebuilt at
 * any time (cassino_store_rebuild_derived()):
 *  - seat_stats: one row per seat of a finished game, exactly the rows of
 *    the view v_seat_facts for that game, written when the game ends.  It
 *    is never updated afterwards, so there is no running total to drift;
 *    it only spares the statistics queries the joins over every move.
 *  - seat_opponents: one row per player and opponent of a finished game
 *    (the view v_seat_opponents), for head-to-head figures.
 *  - ratings: the Glicko-2 history, one row per rated player per game.
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include "cassino-store-private.h"
#include "cassino-store-schema.h"

/* Version 1 */
static const char migration_1[] =
  "PRAGMA application_id = 1128354643;\n"   /* 0x43415353, 'CASS' */

  /* Players: ids are never reused (AUTOINCREMENT).  A human is known by
   * name among the active humans; a computer by level and engine. */
  "CREATE TABLE players (\n"
  "  id             INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "  kind           INTEGER NOT NULL CHECK (kind IN (0, 1)),\n"  /* CassinoSeatKind */
  "  name           TEXT NOT NULL,\n"
  "  level          TEXT,\n"
  "  engine_version TEXT,\n"
  "  colour         TEXT,\n"
  "  avatar         TEXT,\n"
  "  archived       INTEGER NOT NULL DEFAULT 0,\n"
  "  created        INTEGER NOT NULL,\n"
  "  CHECK ((kind = 1) = (level IS NOT NULL))\n"
  ");\n"
  "CREATE UNIQUE INDEX players_human_name ON players (name) WHERE kind = 0 AND archived = 0;\n"
  "CREATE UNIQUE INDEX players_computer ON players (level, engine_version) WHERE kind = 1;\n"

  /* Rule sets: the preset and the options as cassino_rules_to_json(). */
  "CREATE TABLE rulesets (\n"
  "  id        INTEGER PRIMARY KEY,\n"
  "  preset    TEXT NOT NULL,\n"
  "  n_players INTEGER NOT NULL,\n"
  "  options   TEXT NOT NULL,\n"
  "  UNIQUE (options, n_players)\n"
  ");\n"

  "CREATE TABLE rubbers (\n"
  "  id           INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "  ruleset_id   INTEGER NOT NULL REFERENCES rulesets (id),\n"
  "  games_needed INTEGER NOT NULL,\n"      /* won by the first side to win this many */
  "  state        TEXT NOT NULL DEFAULT 'playing' CHECK (state IN ('playing', 'finished', 'abandoned')),\n"
  "  started      INTEGER NOT NULL,\n"
  "  ended        INTEGER,\n"
  "  winner_side  INTEGER\n"
  ");\n"
  "CREATE TABLE rubber_sides (\n"
  "  rubber_id INTEGER NOT NULL REFERENCES rubbers (id) ON DELETE CASCADE,\n"
  "  side      INTEGER NOT NULL,\n"
  "  games_won INTEGER NOT NULL,\n"
  "  points    INTEGER NOT NULL,\n"
  "  PRIMARY KEY (rubber_id, side)\n"
  ") WITHOUT ROWID;\n"

  /* Games.  Times are unix seconds (UTC).  game_key identifies a game
   * across databases (the GameId tag, or a hash of its content). */
  "CREATE TABLE games (\n"
  "  id           INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "  game_key     TEXT NOT NULL UNIQUE,\n"
  "  ruleset_id   INTEGER NOT NULL REFERENCES rulesets (id),\n"
  "  rubber_id    INTEGER REFERENCES rubbers (id) ON DELETE SET NULL,\n"
  "  seed         INTEGER NOT NULL,\n"
  "  first_dealer INTEGER NOT NULL,\n"
  "  source       TEXT NOT NULL DEFAULT 'played' CHECK (source IN ('played', 'simulated', 'imported')),\n"
  "  state        TEXT NOT NULL DEFAULT 'playing' CHECK (state IN ('playing', 'finished', 'abandoned')),\n"
  "  started      INTEGER NOT NULL,\n"
  "  ended        INTEGER,\n"
  "  termination  TEXT,\n"      /* target, single-deal, count-as-you-go, abandoned */
  "  winner_side  INTEGER,\n"   /* NULL: drawn, or not finished */
  "  value        INTEGER\n"    /* what the game is worth to the winner (2: lurched) */
  ");\n"
  "CREATE INDEX games_started ON games (started, id);\n"
  "CREATE INDEX games_playing ON games (state) WHERE state = 'playing';\n"
  "CREATE INDEX games_rubber ON games (rubber_id) WHERE rubber_id IS NOT NULL;\n"
  "CREATE INDEX games_ruleset ON games (ruleset_id);\n"

  "CREATE TABLE game_tags (\n"
  "  game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  name     TEXT NOT NULL,\n"
  "  position INTEGER NOT NULL,\n"
  "  value    TEXT NOT NULL,\n"
  "  PRIMARY KEY (game_id, name)\n"
  ") WITHOUT ROWID;\n"

  /* Who sat where; the name as it was then (renaming keeps history). */
  "CREATE TABLE game_seats (\n"
  "  game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  seat      INTEGER NOT NULL,\n"
  "  side      INTEGER NOT NULL,\n"
  "  player_id INTEGER NOT NULL REFERENCES players (id),\n"
  "  name      TEXT NOT NULL,\n"
  "  PRIMARY KEY (game_id, seat)\n"
  ") WITHOUT ROWID;\n"
  "CREATE INDEX game_seats_player ON game_seats (player_id, game_id);\n"

  /* The final game score of each side. */
  "CREATE TABLE game_sides (\n"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  side    INTEGER NOT NULL,\n"
  "  score   INTEGER NOT NULL,\n"
  "  PRIMARY KEY (game_id, side)\n"
  ") WITHOUT ROWID;\n"

  /* Deals: the full deck order, top first, one byte per card
   * (cassino-card.h indices). */
  "CREATE TABLE deals (\n"
  "  id              INTEGER PRIMARY KEY,\n"
  "  game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  number          INTEGER NOT NULL,\n"
  "  dealer          INTEGER NOT NULL,\n"
  "  seed            INTEGER NOT NULL,\n"
  "  deck            BLOB NOT NULL,\n"
  "  finished        INTEGER NOT NULL DEFAULT 0,\n"
  "  last_cards      INTEGER,\n"     /* card set that went to a side at the end */
  "  last_cards_side INTEGER,\n"
  "  UNIQUE (game_id, number)\n"
  ");\n"

  /* Moves: the record notation and the same move in columns.  cards is
   * the CassinoCards bit set of the table cards taken or used (a claim:
   * the cards claimed, trailed card included). */
  "CREATE TABLE moves (\n"
  "  deal_id   INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,\n"
  "  ply       INTEGER NOT NULL,\n"
  "  seat      INTEGER NOT NULL,\n"
  "  notation  TEXT NOT NULL,\n"
  "  type      INTEGER NOT NULL,\n"   /* 0 trail, 1 capture, 2 build, 3 claim */
  "  card      INTEGER NOT NULL,\n"
  "  cards     INTEGER NOT NULL,\n"
  "  value     INTEGER NOT NULL,\n"
  "  multiple  INTEGER NOT NULL,\n"
  "  sweep     INTEGER NOT NULL,\n"
  "  think_ms  INTEGER,\n"
  "  ai_value  REAL,\n"               /* the computer's evaluation of its move */
  "  hint_used INTEGER NOT NULL DEFAULT 0,\n"
  "  undo_used INTEGER NOT NULL DEFAULT 0,\n"
  "  PRIMARY KEY (deal_id, ply)\n"
  ") WITHOUT ROWID;\n"

  /* The score of a finished deal per side: points per category, what it
   * added to the game score, the counts, and the cards captured. */
  "CREATE TABLE deal_scores (\n"
  "  deal_id        INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,\n"
  "  side           INTEGER NOT NULL,\n"
  "  cards          INTEGER NOT NULL,\n"
  "  spades         INTEGER NOT NULL,\n"
  "  big_cassino    INTEGER NOT NULL,\n"
  "  little_cassino INTEGER NOT NULL,\n"
  "  aces           INTEGER NOT NULL,\n"
  "  sweeps         INTEGER NOT NULL,\n"
  "  diamonds       INTEGER NOT NULL,\n"
  "  seven_diamonds INTEGER NOT NULL,\n"
  "  fours          INTEGER NOT NULL,\n"
  "  total          INTEGER NOT NULL,\n"
  "  game_points    INTEGER NOT NULL,\n"
  "  n_cards        INTEGER NOT NULL,\n"
  "  n_spades       INTEGER NOT NULL,\n"
  "  n_diamonds     INTEGER NOT NULL,\n"
  "  n_sweeps       INTEGER NOT NULL,\n"
  "  pile           INTEGER NOT NULL,\n"
  "  PRIMARY KEY (deal_id, side)\n"
  ") WITHOUT ROWID;\n"

  /* Derived: see the top of this file. */
  "CREATE VIEW v_seat_facts AS " CASSINO_SEAT_FACTS_SELECT ("", "") ";\n"
  "CREATE TABLE seat_stats (\n"
  "  player_id        INTEGER NOT NULL,\n"
  "  ended            INTEGER NOT NULL,\n"
  "  game_id          INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  seat             INTEGER NOT NULL,\n"
  "  side             INTEGER NOT NULL,\n"
  "  preset           TEXT NOT NULL,\n"
  "  n_players        INTEGER NOT NULL,\n"
  "  rubber_id        INTEGER,\n"
  "  started          INTEGER NOT NULL,\n"
  "  result           INTEGER NOT NULL,\n"   /* 1 won, 0 drawn, -1 lost */
  "  score            INTEGER NOT NULL,\n"
  "  margin           INTEGER NOT NULL,\n"
  "  deals            INTEGER NOT NULL,\n"
  "  points           INTEGER NOT NULL,\n"
  "  p_cards          INTEGER NOT NULL,\n"
  "  p_spades         INTEGER NOT NULL,\n"
  "  p_big_cassino    INTEGER NOT NULL,\n"
  "  p_little_cassino INTEGER NOT NULL,\n"
  "  p_aces           INTEGER NOT NULL,\n"
  "  p_sweeps         INTEGER NOT NULL,\n"
  "  p_diamonds       INTEGER NOT NULL,\n"
  "  p_seven_diamonds INTEGER NOT NULL,\n"
  "  p_fours          INTEGER NOT NULL,\n"
  "  sweeps           INTEGER NOT NULL,\n"
  "  big_cassino      INTEGER NOT NULL,\n"   /* deals in which the side took Td */
  "  little_cassino   INTEGER NOT NULL,\n"   /* ... 2s */
  "  builds           INTEGER NOT NULL,\n"   /* builds the seat made */
  "  builds_taken     INTEGER NOT NULL,\n"   /* ... that the seat itself captured */
  "  PRIMARY KEY (player_id, ended, game_id, seat)\n"
  ") WITHOUT ROWID;\n"
  "CREATE UNIQUE INDEX seat_stats_game ON seat_stats (game_id, seat);\n"
  "CREATE VIEW v_seat_opponents AS " CASSINO_SEAT_OPPONENTS_SELECT ("") ";\n"
  "CREATE TABLE seat_opponents (\n"
  "  player_id   INTEGER NOT NULL,\n"
  "  opponent_id INTEGER NOT NULL,\n"
  "  game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  preset      TEXT NOT NULL,\n"
  "  n_players   INTEGER NOT NULL,\n"
  "  outcome     INTEGER NOT NULL,\n"
  "  PRIMARY KEY (player_id, opponent_id, game_id)\n"
  ") WITHOUT ROWID;\n"
  "CREATE INDEX seat_opponents_game ON seat_opponents (game_id);\n"

  "CREATE TABLE ratings (\n"
  "  id         INTEGER PRIMARY KEY,\n"
  "  player_id  INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,\n"
  "  preset     TEXT NOT NULL,\n"
  "  game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  time       INTEGER NOT NULL,\n"
  "  rating     REAL NOT NULL,\n"
  "  rd         REAL NOT NULL,\n"
  "  volatility REAL NOT NULL\n"
  ");\n"
  "CREATE INDEX ratings_player ON ratings (player_id, preset, id);\n"
  "CREATE INDEX ratings_game ON ratings (game_id);\n";

/* Version 2: when a game started is known to the second, or not.
 *
 * Before it, the app and cassino-cli recorded only a Date tag, and a game
 * was stored as starting at midnight UTC of that day: History said 00:00
 * and a 17-minute game lasted hours.  Games since record a Start tag.  A
 * game of before whose start is exactly a midnight and that has no Start
 * tag only knows its day: start_known = 0, its length unknown (and left
 * out of the time played).  The one repair there is material for: the
 * first game of a rubber started when its rubber did (rubbers always
 * recorded the instant).  Moves carry no times (only think_ms), so nothing
 * else can be told. */
static const char migration_2[] =
  "ALTER TABLE games ADD COLUMN start_known INTEGER NOT NULL DEFAULT 1;\n"
  "UPDATE games SET start_known = 0 WHERE started % 86400 = 0 AND NOT EXISTS "
  "  (SELECT 1 FROM game_tags t WHERE t.game_id = games.id AND t.name = 'Start');\n"
  "UPDATE games SET start_known = 1, "
  "  started = (SELECT r.started FROM rubbers r WHERE r.id = games.rubber_id) "
  "WHERE start_known = 0 AND rubber_id IS NOT NULL "
  "  AND id = (SELECT min(g.id) FROM games g WHERE g.rubber_id = games.rubber_id) "
  "  AND (SELECT r.started FROM rubbers r WHERE r.id = games.rubber_id) "
  "      BETWEEN started - 14 * 3600 AND started + 38 * 3600 "     /* the same day somewhere on Earth */
  "  AND (SELECT r.started FROM rubbers r WHERE r.id = games.rubber_id) <= coalesce(ended, 1 << 62);\n"
  "UPDATE seat_stats SET started = (SELECT g.started FROM games g WHERE g.id = seat_stats.game_id);\n";

/* Version 3 (review): stored game reviews, so that a second look is
 * instant, and the puzzles found in them with the player's tries.  A
 * review is the text of cassino_review_to_text(), keyed by what makes it
 * reproducible (the seats reviewed, the level and its number of deals);
 * a puzzle is the position before play @play_index of deal @deal_index
 * (0-based) of a recorded game, the decision as one line of
 * cassino_review_move_to_text(). */
static const char migration_review[] =
  "CREATE TABLE reviews (\n"
  "  game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  seats      INTEGER NOT NULL,\n"
  "  level      TEXT NOT NULL,\n"
  "  iterations INTEGER NOT NULL,\n"
  "  created    INTEGER NOT NULL,\n"
  "  review     TEXT NOT NULL,\n"
  "  PRIMARY KEY (game_id, seats, level, iterations)\n"
  ") WITHOUT ROWID;\n"
  "CREATE TABLE puzzles (\n"
  "  id         INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "  game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  deal_index INTEGER NOT NULL,\n"
  "  play_index INTEGER NOT NULL,\n"
  "  seat       INTEGER NOT NULL,\n"
  "  decision   TEXT NOT NULL,\n"
  "  created    INTEGER NOT NULL,\n"
  "  solved     INTEGER NOT NULL DEFAULT 0,\n"
  "  failed     INTEGER NOT NULL DEFAULT 0,\n"
  "  last_tried INTEGER,\n"
  "  UNIQUE (game_id, deal_index, play_index)\n"
  ");\n";

static const char *const migrations[] = {
  migration_1,
  migration_2,
  migration_review,
};

/* What must be there at each version (checked after opening). */
static const char *const objects_1[] = {
  "players", "rulesets", "rubbers", "rubber_sides", "games", "game_tags",
  "game_seats", "game_sides", "deals", "moves", "deal_scores",
  "v_seat_facts", "seat_stats", "v_seat_opponents", "seat_opponents", "ratings", NULL
};

static const char *const objects_review[] = {
  "players", "rulesets", "rubbers", "rubber_sides", "games", "game_tags",
  "game_seats", "game_sides", "deals", "moves", "deal_scores",
  "v_seat_facts", "seat_stats", "v_seat_opponents", "seat_opponents", "ratings",
  "reviews", "puzzles", NULL
};

static const char *const *const objects[] = {
  NULL,
  objects_1,
  objects_1,
  objects_review,
};

/* Cheap structural probes: each reads the right-hand edge of a b-tree,
 * where a truncated or half-written file breaks first. */
static const char *const probes_1[] = {
  "SELECT max(id) FROM players", "SELECT max(id) FROM games", "SELECT max(id) FROM deals",
  "SELECT max(deal_id) FROM moves", "SELECT max(deal_id) FROM deal_scores",
  "SELECT max(player_id) FROM seat_stats", "SELECT max(player_id) FROM seat_opponents",
  "SELECT max(id) FROM ratings",
  "SELECT max(game_id) FROM game_seats", NULL
};

static const char *const probes_2[] = {
  "SELECT max(start_known) FROM games", NULL
};

static const char *const probes_review[] = {
  "SELECT max(game_id) FROM reviews", "SELECT max(id) FROM puzzles", NULL
};

static const char *const *const probes[] = {
  NULL,
  probes_1,
  probes_2,
  probes_review,
};

G_STATIC_ASSERT (G_N_ELEMENTS (objects) == G_N_ELEMENTS (migrations) + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (probes) == G_N_ELEMENTS (migrations) + 1);

guint
_cassino_store_schema_n_versions (void)
{
  return G_N_ELEMENTS (migrations);
}

const char *
_cassino_store_schema_migration (guint version)
{
  g_return_val_if_fail (version >= 1 && version <= G_N_ELEMENTS (migrations), NULL);
  return migrations[version - 1];
}

gboolean
_cassino_store_migrate (CassinoSqlite  *db,
                        guint           target,
                        GError        **error)
{
  gint64 version;

  g_return_val_if_fail (target <= G_N_ELEMENTS (migrations), FALSE);

  if (!cassino_sqlite_query_int64 (db, "PRAGMA user_version", 0, &version, error))
    return FALSE;

  /* Each step reads the version again inside its write transaction:
   * another process creating or migrating the same file at the same
   * moment holds the write lock until it has committed, and a step it has
   * done is not done twice ("table players already exists"). */
  while (version < target)
    {
      g_autofree char *bump = g_strdup_printf ("PRAGMA user_version = %u", (guint) version + 1);
      gint64 now = 0;
      gboolean ok;

      if (!cassino_sqlite_begin (db, error))
        return FALSE;
      ok = cassino_sqlite_query_int64 (db, "PRAGMA user_version", 0, &now, error);
      if (ok && now == version)
        ok = cassino_sqlite_exec (db, migrations[version], error) &&
             cassino_sqlite_exec (db, bump, error);
      if (!cassino_sqlite_end (db, ok, ok ? error : NULL))
        {
          g_prefix_error (error, "migrating the database to version %u: ", (guint) version + 1);
          return FALSE;
        }
      if (now == version)
        g_debug ("%s: migrated to version %u", cassino_sqlite_get_path (db), (guint) version + 1);
      version = now == version ? version + 1 : now;
    }
  return TRUE;
}

gboolean
_cassino_store_schema_check (CassinoSqlite  *db,
                             guint           version,
                             GError        **error)
{
  sqlite3_stmt *stmt;

  g_return_val_if_fail (version < G_N_ELEMENTS (objects), FALSE);

  if (version == 0)
    return TRUE;

  stmt = cassino_sqlite_prepare (db, "SELECT count(*) FROM sqlite_schema WHERE name = ?1", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; objects[version][i] != NULL; i++)
    {
      gint64 n = 0;

      sqlite3_bind_text (stmt, 1, objects[version][i], -1, SQLITE_STATIC);
      if (!cassino_sqlite_step_int64 (db, stmt, 0, &n, error))
        return FALSE;
      if (n == 0)
        {
          g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT,
                       "the schema of version %u has no “%s”", version, objects[version][i]);
          return FALSE;
        }
    }
  for (guint i = 0; probes[version][i] != NULL; i++)
    {
      gint64 ignored;

      if (!cassino_sqlite_query_int64 (db, probes[version][i], 0, &ignored, error))
        return FALSE;
    }
  return TRUE;
}
