/* test-store.c: the store: schema, migrations, recording, resuming,
 * statistics, ratings, history, export and import, damaged files
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <gio/gio.h>

#include "cassino-glicko.h"
#include "cassino-record.h"
#include "cassino-store.h"
#include "cassino-store-export.h"
#include "cassino-store-history.h"
#include "cassino-store-private.h"
#include "cassino-store-worker.h"
#include "cassino-store-ratings.h"
#include "cassino-store-record.h"
#include "cassino-store-stats.h"
#include "test-store-util.h"

typedef struct {
  char         *dir;
  char         *path;
  CassinoStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "cassino.db", NULL);
  f->store = cassino_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->store);
  g_assert_null (cassino_store_get_moved_aside_path (f->store));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  if (f->store)
    g_assert_finalize_object (f->store);
  store_test_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

static void
reopen (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_finalize_object (f->store);
  f->store = cassino_store_open (f->path, &error);
  g_assert_no_error (error);
}

static gint64
query_int (CassinoStore *store,
           const char   *sql)
{
  g_autoptr(GError) error = NULL;
  gint64 value = -1;

  g_assert_true (cassino_sqlite_query_int64 (_cassino_store_get_db (store), sql, -1, &value, &error));
  g_assert_no_error (error);
  return value;
}

static void
exec_sql (CassinoStore *store,
          const char   *sql)
{
  g_autoptr(GError) error = NULL;

  cassino_sqlite_exec (_cassino_store_get_db (store), sql, &error);
  g_assert_no_error (error);
}

/* Two games are the same game: seats, deals, decks, plays, scores, state. */
static void
assert_games_equal (const CassinoGame *a,
                    const CassinoGame *b)
{
  const CassinoRules *rules = cassino_game_get_rules (a);
  const CassinoPosition *pa, *pb;

  g_assert_true (cassino_rules_equal (rules, cassino_game_get_rules (b)));
  g_assert_cmpuint (cassino_game_get_seed (a), ==, cassino_game_get_seed (b));
  g_assert_cmpuint (cassino_game_get_first_dealer (a), ==, cassino_game_get_first_dealer (b));
  for (guint s = 0; s < rules->n_players; s++)
    {
      const CassinoSeat *sa = cassino_game_get_seat (a, s);
      const CassinoSeat *sb = cassino_game_get_seat (b, s);

      g_assert_cmpstr (sa->name, ==, sb->name);
      g_assert_cmpint (sa->kind, ==, sb->kind);
      g_assert_cmpstr (sa->level, ==, sb->level);
    }
  g_assert_cmpuint (cassino_game_get_n_deals (a), ==, cassino_game_get_n_deals (b));
  for (guint d = 0; d < cassino_game_get_n_deals (a); d++)
    {
      const CassinoDeal *da = cassino_game_get_deal (a, d);
      const CassinoDeal *db = cassino_game_get_deal (b, d);

      g_assert_cmpuint (da->number, ==, db->number);
      g_assert_cmpuint (da->dealer, ==, db->dealer);
      g_assert_cmpuint (da->seed, ==, db->seed);
      g_assert_cmpmem (da->deck, da->deck_len, db->deck, db->deck_len);
      g_assert_cmpuint (da->plays->len, ==, db->plays->len);
      for (guint p = 0; p < da->plays->len; p++)
        {
          const CassinoPlay *xa = &g_array_index (da->plays, CassinoPlay, p);
          const CassinoPlay *xb = &g_array_index (db->plays, CassinoPlay, p);

          g_assert_cmpuint (xa->seat, ==, xb->seat);
          g_assert_cmpuint (xa->move.type, ==, xb->move.type);
          g_assert_cmpuint (xa->move.card, ==, xb->move.card);
          g_assert_cmpuint (xa->move.set, ==, xb->move.set);
          /* a capture's value is informational and not in the record notation */
          if (xa->move.type == CASSINO_MOVE_BUILD)
            g_assert_cmpuint (xa->move.value, ==, xb->move.value);
          g_assert_cmpuint (xa->move.flags, ==, xb->move.flags);
        }
      g_assert_cmpint (da->finished, ==, db->finished);
      if (da->finished)
        for (guint s = 0; s < rules->n_sides; s++)
          {
            g_assert_cmpuint (da->score.total[s], ==, db->score.total[s]);
            g_assert_cmpuint (da->game_points[s], ==, db->game_points[s]);
          }
    }
  g_assert_cmpint (cassino_game_get_state (a), ==, cassino_game_get_state (b));
  for (guint s = 0; s < rules->n_sides; s++)
    g_assert_cmpuint (cassino_game_get_score (a, s), ==, cassino_game_get_score (b, s));
  if (cassino_game_get_state (a) == CASSINO_GAME_OVER)
    {
      g_assert_cmpint (cassino_game_get_winner (a), ==, cassino_game_get_winner (b));
      g_assert_cmpuint (cassino_game_get_value (a), ==, cassino_game_get_value (b));
    }
  pa = cassino_game_get_position (a);
  pb = cassino_game_get_position (b);
  g_assert_cmpuint (pa->to_move, ==, pb->to_move);
  g_assert_cmpuint (pa->loose, ==, pb->loose);
  g_assert_cmpuint (pa->n_builds, ==, pb->n_builds);
  for (guint s = 0; s < rules->n_players; s++)
    g_assert_cmpuint (pa->hands[s], ==, pb->hands[s]);
  for (guint s = 0; s < rules->n_sides; s++)
    g_assert_cmpuint (pa->piles[s], ==, pb->piles[s]);
}

/* Opening and the schema */

static void
test_open_new (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *mode = NULL;
  sqlite3_stmt *stmt;
  CassinoSqlite *db = _cassino_store_get_db (f->store);

  g_assert_true (g_file_test (f->path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (query_int (f->store, "PRAGMA user_version"), ==, cassino_store_get_schema_version ());
  g_assert_cmpint (query_int (f->store, "PRAGMA application_id"), ==, CASSINO_STORE_APPLICATION_ID);
  g_assert_cmpint (query_int (f->store, "PRAGMA foreign_keys"), ==, 1);
  g_assert_cmpint (query_int (f->store, "PRAGMA synchronous"), ==, 1);   /* NORMAL */
  g_assert_cmpint (query_int (f->store, "PRAGMA busy_timeout"), >=, 1000);
  stmt = cassino_sqlite_prepare (db, "PRAGMA journal_mode", NULL);
  g_assert_nonnull (stmt);
  g_assert_cmpint (cassino_sqlite_step (db, stmt, NULL), ==, CASSINO_SQLITE_ROW);
  mode = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_reset (stmt);
  g_assert_cmpstr (mode, ==, "wal");

  g_assert_true (cassino_store_check_integrity (f->store, NULL));

  /* opening again keeps everything */
  g_assert_cmpint (cassino_store_add_human (f->store, "Alice", NULL), ==, 1);
  reopen (f);
  g_assert_cmpint (cassino_store_find_human (f->store, "Alice", NULL), ==, 1);
  g_assert_null (cassino_store_get_moved_aside_path (f->store));
}

static void
test_default_path (void)
{
  g_autofree char *path = cassino_store_get_default_path ();
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "cassino", "cassino.db", NULL);

  g_assert_cmpstr (path, ==, expected);
}

static void
test_sqlite_api (void)
{
  g_autoptr(GError) error = NULL;
  CassinoSqlite *db = cassino_sqlite_open (":memory:", TRUE, &error);
  sqlite3_stmt *stmt, *again;
  gint64 n = 0;

  g_assert_no_error (error);
  g_assert_true (cassino_sqlite_exec (db, "CREATE TABLE t (x INTEGER NOT NULL)", &error));

  /* statements are cached */
  stmt = cassino_sqlite_prepare (db, "SELECT x FROM t", &error);
  again = cassino_sqlite_prepare (db, "SELECT x FROM t", &error);
  g_assert_true (stmt == again);

  /* done, row and error are told apart */
  g_assert_cmpint (cassino_sqlite_step (db, stmt, &error), ==, CASSINO_SQLITE_DONE);
  g_assert_no_error (error);
  stmt = cassino_sqlite_prepare (db, "INSERT INTO t (x) VALUES (?1)", &error);
  sqlite3_bind_null (stmt, 1);
  g_assert_cmpint (cassino_sqlite_step (db, stmt, &error), ==, CASSINO_SQLITE_ERROR_STEP);
  g_assert_error (error, CASSINO_SQLITE_ERROR, SQLITE_CONSTRAINT);
  g_clear_error (&error);

  /* a failed transaction is rolled back, nested ones with savepoints */
  g_assert_true (cassino_sqlite_begin (db, &error));
  g_assert_true (cassino_sqlite_exec (db, "INSERT INTO t VALUES (1)", &error));
  g_assert_true (cassino_sqlite_begin (db, &error));
  g_assert_true (cassino_sqlite_exec (db, "INSERT INTO t VALUES (2)", &error));
  g_assert_false (cassino_sqlite_end (db, FALSE, NULL));
  g_assert_true (cassino_sqlite_end (db, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (cassino_sqlite_query_int64 (db, "SELECT sum(x) FROM t", 0, &n, &error));
  g_assert_cmpint (n, ==, 1);

  g_assert_true (cassino_sqlite_begin (db, &error));
  g_assert_true (cassino_sqlite_exec (db, "INSERT INTO t VALUES (5)", &error));
  g_assert_false (cassino_sqlite_end (db, FALSE, NULL));
  g_assert_cmpuint (cassino_sqlite_get_depth (db), ==, 0);
  g_assert_true (cassino_sqlite_query_int64 (db, "SELECT sum(x) FROM t", 0, &n, &error));
  g_assert_cmpint (n, ==, 1);
  cassino_sqlite_close (db);
}

static void
test_players (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_autoptr(CassinoStorePlayer) p = NULL;
  gint64 alice, bob, alice2, comp, comp2;

  alice = cassino_store_add_human (f->store, "Alice", &error);
  g_assert_no_error (error);
  bob = cassino_store_ensure_human (f->store, "Bob", &error);
  g_assert_no_error (error);
  g_assert_cmpint (cassino_store_ensure_human (f->store, "Bob", &error), ==, bob);
  g_assert_cmpint (cassino_store_add_human (f->store, "Bob", &error), ==, 0);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_cmpint (cassino_store_add_human (f->store, "  ", &error), ==, 0);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID);
  g_clear_error (&error);

  comp = cassino_store_ensure_computer (f->store, "medium", "1.0", "Medium", &error);
  g_assert_no_error (error);
  g_assert_cmpint (cassino_store_ensure_computer (f->store, "medium", "1.0", NULL, &error), ==, comp);
  comp2 = cassino_store_ensure_computer (f->store, "medium", "1.1", NULL, &error);
  g_assert_cmpint (comp2, !=, comp);

  /* renaming */
  g_assert_false (cassino_store_rename_player (f->store, alice, "Bob", &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_true (cassino_store_rename_player (f->store, alice, "Alicia", &error));
  g_assert_no_error (error);
  p = cassino_store_get_player (f->store, alice, &error);
  g_assert_cmpstr (p->name, ==, "Alicia");
  g_assert_true (cassino_store_set_player_look (f->store, alice, "#ff0000", "avatar-cat", &error));
  g_clear_pointer (&p, cassino_store_player_free);
  p = cassino_store_get_player (f->store, alice, &error);
  g_assert_cmpstr (p->colour, ==, "#ff0000");
  g_assert_cmpstr (p->avatar, ==, "avatar-cat");

  /* archiving frees the name; ids are never reused */
  g_assert_true (cassino_store_set_player_archived (f->store, alice, TRUE, &error));
  alice2 = cassino_store_ensure_human (f->store, "Alicia", &error);
  g_assert_no_error (error);
  g_assert_cmpint (alice2, >, comp2);
  {
    gint64 zed = cassino_store_add_human (f->store, "Zed", &error);

    g_assert_cmpint (zed, >, alice2);
    exec_sql (f->store, "DELETE FROM players WHERE name = 'Zed'");
    g_assert_cmpint (cassino_store_add_human (f->store, "Zed", &error), >, zed);
  }
  g_assert_false (cassino_store_set_player_archived (f->store, alice, FALSE, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE);
  g_clear_error (&error);

  list = cassino_store_list_players (f->store, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 5);   /* Alicia, Bob, Zed, two computers */
  g_assert_cmpstr (((CassinoStorePlayer *) list->pdata[0])->name, ==, "Alicia");
  g_assert_cmpint (((CassinoStorePlayer *) list->pdata[0])->id, ==, alice2);
  g_clear_pointer (&list, g_ptr_array_unref);
  list = cassino_store_list_players (f->store, TRUE, &error);
  g_assert_cmpuint (list->len, ==, 6);

  g_assert_null (cassino_store_get_player (f->store, 999, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND);
}

/* Migrations: from every earlier version (0 = a new file) to the newest. */
static void
test_migrations (void)
{
  guint latest = cassino_store_get_schema_version ();

  g_assert_cmpuint (latest, >=, 1);
  g_assert_nonnull (_cassino_store_schema_migration (1));

  for (guint from = 0; from < latest; from++)
    {
      g_autofree char *dir = store_test_tmpdir ();
      g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
      g_autoptr(GError) error = NULL;
      CassinoSqlite *db = cassino_sqlite_open (path, TRUE, &error);
      CassinoStore *store;
      gint64 version = -1;

      g_assert_no_error (error);
      g_assert_true (_cassino_store_migrate (db, from, &error));
      g_assert_no_error (error);
      g_assert_true (cassino_sqlite_query_int64 (db, "PRAGMA user_version", -1, &version, &error));
      g_assert_cmpint (version, ==, from);
      if (from >= 1)
        {
          /* some data at that version must survive */
          g_assert_true (cassino_sqlite_exec (db, "INSERT INTO players (kind, name, created) "
                                                  "VALUES (0, 'Old', 1)", &error));
          g_assert_no_error (error);
        }
      cassino_sqlite_close (db);

      store = cassino_store_open (path, &error);
      g_assert_no_error (error);
      g_assert_null (cassino_store_get_moved_aside_path (store));
      g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, latest);
      g_assert_true (_cassino_store_schema_check (_cassino_store_get_db (store), latest, &error));
      g_assert_no_error (error);
      if (from >= 1)
        g_assert_cmpint (cassino_store_find_human (store, "Old", NULL), ==, 1);
      g_assert_finalize_object (store);
      store_test_rmdir (dir);
    }
}

/* A failing migration leaves the database at the version before it. */
static void
test_migration_rolls_back (void)
{
  g_autoptr(GError) error = NULL;
  CassinoSqlite *db = cassino_sqlite_open (":memory:", TRUE, &error);
  gint64 version = -1, n = -1;

  /* a table in the way makes version 1 fail half way */
  g_assert_true (cassino_sqlite_exec (db, "CREATE TABLE games (x)", &error));
  g_assert_false (_cassino_store_migrate (db, 1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (cassino_sqlite_query_int64 (db, "PRAGMA user_version", -1, &version, &error));
  g_assert_cmpint (version, ==, 0);
  g_assert_true (cassino_sqlite_query_int64 (db, "SELECT count(*) FROM sqlite_schema WHERE name = 'players'",
                                             -1, &n, &error));
  g_assert_cmpint (n, ==, 0);
  cassino_sqlite_close (db);
}

/* Recording */

static void
test_record_whole_game (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 42, "Alice", "medium");
  CassinoGame *game4 = store_test_random_game (CASSINO_PRESET_CLASSIC, 4, 43, "Alice", "easy");
  CassinoGame *loaded;
  g_autofree char *key = NULL;
  g_autoptr(CassinoStoreGameSummary) s = NULL;
  gint64 id, id4;

  id = cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_SIMULATED, &error);
  g_assert_no_error (error);
  g_assert_cmpint (id, >, 0);
  id4 = cassino_store_record_game (f->store, game4, 0, CASSINO_STORE_SOURCE_SIMULATED, &error);
  g_assert_no_error (error);

  /* the same game again is recognised */
  g_assert_cmpint (cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_SIMULATED, &error), ==, 0);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE);
  g_clear_error (&error);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM games"), ==, 2);

  key = cassino_store_compute_game_key (game);
  g_assert_true (g_str_has_prefix (key, "sha256:"));
  g_assert_cmpint (cassino_store_find_game (f->store, key, &error), ==, id);

  /* read back move for move */
  loaded = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_games_equal (game, loaded);
  g_assert_cmpstr (cassino_game_get_tag (loaded, "GameId"), ==, key);
  cassino_game_unref (loaded);
  loaded = cassino_store_load_game (f->store, id4, &error);
  g_assert_no_error (error);
  assert_games_equal (game4, loaded);
  cassino_game_unref (loaded);

  /* the rows themselves */
  {
    const CassinoDeal *d0 = cassino_game_get_deal (game, 0);
    const CassinoPlay *p0 = &g_array_index (d0->plays, CassinoPlay, 0);
    g_autofree char *notation = cassino_move_to_notation (&p0->move);
    g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM moves m JOIN deals d ON d.id = m.deal_id "
                                            "WHERE d.game_id = %" G_GINT64_FORMAT " AND d.number = 1 "
                                            "AND m.ply = 0 AND m.notation = '%s' AND m.card = %u "
                                            "AND m.type = %u AND m.seat = %u",
                                            id, notation, p0->move.card, p0->move.type, p0->seat);
    guint total_plays = 0;
    g_autofree char *count_sql = g_strdup_printf ("SELECT count(*) FROM moves m JOIN deals d ON d.id = m.deal_id "
                                                  "WHERE d.game_id = %" G_GINT64_FORMAT, id);
    g_autofree char *score_sql = g_strdup_printf ("SELECT sum(s.total) FROM deal_scores s JOIN deals d "
                                                  "ON d.id = s.deal_id WHERE d.game_id = %" G_GINT64_FORMAT
                                                  " AND s.side = 0", id);
    guint total0 = 0;

    g_assert_cmpint (query_int (f->store, sql), ==, 1);
    for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
      {
        const CassinoDeal *deal = cassino_game_get_deal (game, d);

        total_plays += deal->plays->len;
        if (deal->finished)
          total0 += deal->score.total[0];
      }
    g_assert_cmpint (query_int (f->store, count_sql), ==, total_plays);
    g_assert_cmpint (query_int (f->store, score_sql), ==, total0);
  }

  s = cassino_store_get_game_summary (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (s->state, ==, "finished");
  g_assert_cmpstr (s->preset, ==, "classic");
  g_assert_cmpuint (s->n_seats, ==, 2);
  g_assert_cmpstr (s->seats[0].name, ==, "Alice");
  g_assert_true (s->seats[1].computer);
  g_assert_cmpint (s->winner_side, ==, cassino_game_get_winner (game));
  g_assert_cmpuint (s->scores[0], ==, cassino_game_get_score (game, 0));
  g_assert_cmpuint (s->scores[1], ==, cassino_game_get_score (game, 1));
  g_assert_cmpuint (s->n_deals, ==, cassino_game_get_n_deals (game));

  cassino_game_unref (game);
  cassino_game_unref (game4);
}

/* The app's way: one step at a time, a transaction per move. */
static gint64
record_incrementally (CassinoStore *store,
                      CassinoGame  *game,
                      guint         max_moves,
                      GRand        *rand)
{
  g_autoptr(GError) error = NULL;
  gint64 id;
  guint moves = 0;
  gboolean new_deal;

  id = cassino_store_begin_game (store, game, 0, NULL, &error);
  g_assert_no_error (error);
  while (moves < max_moves && store_test_step (game, rand, &new_deal))
    {
      const CassinoDeal *deal = cassino_game_get_current_deal (game);

      if (new_deal)
        {
          g_assert_true (cassino_store_begin_deal (store, id, game, &error));
          g_assert_no_error (error);
          continue;
        }
      {
        CassinoStoreMoveInfo info = CASSINO_STORE_MOVE_INFO_INIT;

        info.think_ms = (gint) moves;
        info.hint_used = moves % 5 == 0;
        if (g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1).seat != 0)
          {
            info.has_evaluation = TRUE;
            info.evaluation = moves / 4.0;
          }
        g_assert_true (cassino_store_record_move (store, id, game, &info, &error));
        g_assert_no_error (error);
        moves++;
      }
      if (deal->finished)
        {
          g_assert_true (cassino_store_end_deal (store, id, game, &error));
          g_assert_no_error (error);
        }
      if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
        {
          g_assert_true (cassino_store_end_game (store, id, game, &error));
          g_assert_no_error (error);
        }
    }
  return id;
}

static void
test_record_incremental (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 3, 7, "Bob", "hard");
  CassinoGame *loaded;
  g_autoptr(GArray) infos = NULL;
  g_autoptr(CassinoStoreGameSummary) s = NULL;
  gint64 id;

  id = record_incrementally (f->store, game, G_MAXUINT, rand);
  g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);

  loaded = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_games_equal (game, loaded);
  cassino_game_unref (loaded);

  infos = cassino_store_get_move_infos (f->store, id, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (infos->len, ==, cassino_game_get_deal (game, 0)->plays->len);
  for (guint i = 0; i < infos->len; i++)
    {
      const CassinoStoreMoveInfo *info = &g_array_index (infos, CassinoStoreMoveInfo, i);
      guint seat = g_array_index (cassino_game_get_deal (game, 0)->plays, CassinoPlay, i).seat;

      g_assert_cmpint (info->think_ms, ==, (gint) i);
      g_assert_cmpint (info->hint_used, ==, i % 5 == 0);
      g_assert_cmpint (info->has_evaluation, ==, seat != 0);
      if (seat != 0)
        g_assert_cmpfloat_with_epsilon (info->evaluation, i / 4.0, 1e-9);
    }

  s = cassino_store_get_game_summary (f->store, id, &error);
  g_assert_cmpstr (s->state, ==, "finished");
  g_assert_true (g_str_has_prefix (s->key, "uuid:"));
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM seat_stats"), ==, 3);
  cassino_game_unref (game);
}

/* A game not finished has the score of its finished deals in its
 * summary (History shows "Unfinished 7–5"); none before its first deal
 * ends. */
static void
test_summary_running_score (Fixture       *f,
                            gconstpointer  data)
{
  for (guint max_moves = 5; max_moves <= 60; max_moves += 55)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GRand) rand = g_rand_new_with_seed (12);
      CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 12, "Ann", "easy");
      g_autoptr(CassinoStoreGameSummary) s = NULL;
      gint64 id;

      id = record_incrementally (f->store, game, max_moves, rand);
      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_PLAYING);
      s = cassino_store_get_game_summary (f->store, id, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (s->state, ==, "playing");
      g_assert_cmpuint (s->n_sides, ==, 2);
      g_assert_cmpuint (s->n_deals_scored, ==, cassino_game_get_n_deals (game) - 1);
      g_assert_cmpuint (s->n_deals_scored, ==, max_moves > 48 ? 1 : 0);
      for (guint side = 0; side < 2; side++)
        g_assert_cmpuint (s->scores[side], ==, cassino_game_get_score (game, side));
      if (max_moves > 48)
        g_assert_cmpuint (s->scores[0] + s->scores[1], >, 0);
      cassino_game_unref (game);
    }
}

static void
test_undo (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 11, "Ann", "easy");
  CassinoGame *loaded;
  CassinoStoreMoveInfo info = CASSINO_STORE_MOVE_INFO_INIT;
  g_autoptr(GArray) infos = NULL;
  gboolean new_deal;
  gint64 id;

  id = record_incrementally (f->store, game, 5, rand);
  g_assert_true (cassino_game_undo (game, &error));
  g_assert_true (cassino_store_retract_moves (f->store, id, game, &error));
  g_assert_no_error (error);
  g_assert_true (store_test_step (game, rand, &new_deal));
  info.undo_used = TRUE;
  g_assert_true (cassino_store_record_move (f->store, id, game, &info, &error));
  g_assert_no_error (error);

  loaded = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_games_equal (game, loaded);
  cassino_game_unref (loaded);
  infos = cassino_store_get_move_infos (f->store, id, 1, &error);
  g_assert_cmpuint (infos->len, ==, 5);
  g_assert_true (g_array_index (infos, CassinoStoreMoveInfo, 4).undo_used);
  g_assert_false (g_array_index (infos, CassinoStoreMoveInfo, 3).undo_used);
  cassino_game_unref (game);
}

/* Half a game, the program closed without ending it, reopened, resumed. */
static void
test_resume (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 99, "Alice", "medium");
  CassinoGame *loaded, *final;
  g_autoptr(GPtrArray) unfinished = NULL;
  gint64 id;
  gboolean new_deal;

  id = record_incrementally (f->store, game, 70, rand);   /* into the second deal */
  g_assert_cmpint (cassino_game_get_state (game), !=, CASSINO_GAME_OVER);
  g_assert_cmpuint (cassino_game_get_n_deals (game), >=, 2);

  reopen (f);
  unfinished = cassino_store_list_unfinished_games (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (unfinished->len, ==, 1);
  g_assert_cmpint (((CassinoStoreGameSummary *) unfinished->pdata[0])->id, ==, id);

  loaded = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_games_equal (game, loaded);

  /* go on with the loaded game: the same moves as the original */
  {
    g_autoptr(GRand) r1 = g_rand_new_with_seed (5);
    g_autoptr(GRand) r2 = g_rand_new_with_seed (5);
    gboolean nd1, nd2;

    cassino_game_unref (game);
    game = cassino_game_copy (loaded);
    while (store_test_step (game, r1, &nd1))
      ;
    while (store_test_step (loaded, r2, &nd2))
      {
        const CassinoDeal *deal = cassino_game_get_current_deal (loaded);

        if (nd2)
          g_assert_true (cassino_store_begin_deal (f->store, id, loaded, &error));
        else
          g_assert_true (cassino_store_record_move (f->store, id, loaded, NULL, &error));
        g_assert_no_error (error);
        if (!nd2 && deal->finished)
          g_assert_true (cassino_store_end_deal (f->store, id, loaded, &error));
        if (cassino_game_get_state (loaded) == CASSINO_GAME_OVER)
          g_assert_true (cassino_store_end_game (f->store, id, loaded, &error));
        g_assert_no_error (error);
      }
  }
  final = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_games_equal (game, final);
  assert_games_equal (loaded, final);
  g_clear_pointer (&unfinished, g_ptr_array_unref);
  unfinished = cassino_store_list_unfinished_games (f->store, &error);
  g_assert_cmpuint (unfinished->len, ==, 0);
  (void) new_deal;

  cassino_game_unref (game);
  cassino_game_unref (loaded);
  cassino_game_unref (final);
}

/* Killed between the last move of a deal and recording its score:
 * loading and syncing catch up. */
static void
test_resume_sync (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 3, "Alice", "medium");
  CassinoGame *loaded;
  gboolean new_deal;
  gint64 id;

  id = cassino_store_begin_game (f->store, game, 0, NULL, &error);
  g_assert_no_error (error);
  while (cassino_game_get_state (game) == CASSINO_GAME_PLAYING)
    {
      g_assert_true (store_test_step (game, rand, &new_deal));
      g_assert_true (cassino_store_record_move (f->store, id, game, NULL, &error));
    }
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM deal_scores"), ==, 0);
  reopen (f);
  loaded = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_games_equal (game, loaded);
  g_assert_cmpint (cassino_game_get_state (loaded), !=, CASSINO_GAME_PLAYING);
  g_assert_true (cassino_store_sync_game (f->store, id, loaded, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM deal_scores"), ==, 2);
  g_assert_cmpint (query_int (f->store, "SELECT finished FROM deals"), ==, 1);
  cassino_game_unref (loaded);
  cassino_game_unref (game);
}

/* A move committed is in the file even when the process is killed. */
static void
test_kill (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoGame *loaded;
  pid_t pid;
  int status;
  gint64 id;

  g_assert_finalize_object (f->store);
  f->store = NULL;

  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      CassinoStore *store = cassino_store_open (f->path, NULL);
      g_autoptr(GRand) rand = g_rand_new_with_seed (17);
      CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 17, "Alice", "medium");
      gboolean nd;
      gint64 gid;

      if (store == NULL)
        _exit (3);
      gid = cassino_store_begin_game (store, game, 0, NULL, NULL);
      for (guint i = 0; i < 13; i++)
        {
          store_test_step (game, rand, &nd);
          if (!cassino_store_record_move (store, gid, game, NULL, NULL))
            _exit (4);
        }
      kill (getpid (), SIGKILL);
      _exit (5);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);

  f->store = cassino_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (cassino_store_get_moved_aside_path (f->store));
  id = query_int (f->store, "SELECT id FROM games");
  loaded = cassino_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cassino_game_get_current_deal (loaded)->plays->len, ==, 13);
  cassino_game_unref (loaded);
}

static void
test_rubber (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoRules rules;
  CassinoRubber rubber;
  g_autoptr(GPtrArray) open_rubbers = NULL;
  g_autoptr(GArray) games = NULL;
  gint64 rid;
  guint64 seed = 100;

  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_ENGLISH, 4, &error));
  g_assert_cmpuint (rules.rubber_games, ==, 3);
  rid = cassino_store_begin_rubber (f->store, &rules, &error);
  g_assert_no_error (error);
  cassino_rubber_init (&rubber, &rules);

  open_rubbers = cassino_store_list_unfinished_rubbers (f->store, &error);
  g_assert_cmpuint (open_rubbers->len, ==, 1);
  g_clear_pointer (&open_rubbers, g_ptr_array_unref);

  while (!rubber.finished)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_ENGLISH, 4, seed++, "Alice", "easy");

      g_assert_cmpint (cassino_store_record_game (f->store, game, rid, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      g_assert_no_error (error);
      cassino_rubber_add_game (&rubber, game);
      cassino_game_unref (game);
      g_assert_cmpuint (seed, <, 200);

      /* the standing while it is played: counted from its games */
      if (!rubber.finished)
        {
          g_autoptr(GPtrArray) list = cassino_store_list_rubbers (f->store, CASSINO_STORE_RUBBERS_ALL, &error);
          CassinoStoreRubberInfo *info;

          g_assert_no_error (error);
          g_assert_cmpuint (list->len, ==, 1);
          info = list->pdata[0];
          g_assert_cmpstr (info->state, ==, "playing");
          g_assert_cmpint (info->winner_side, ==, -1);
          g_assert_cmpuint (info->n_sides, ==, 2);
          g_assert_cmpuint (info->game_ids->len, ==, rubber.n_games);
          for (guint side = 0; side < 2; side++)
            {
              g_assert_cmpuint (info->games_won[side], ==, rubber.games_won[side]);
              g_assert_cmpuint (info->points[side], ==, rubber.points[side]);
            }
          /* partners by seat: Alice (seat 0) with Computer 2 */
          g_assert_cmpstr (info->side_names[0], ==, "Alice & Computer 2");
          g_assert_cmpstr (info->side_names[1], ==, "Computer 1 & Computer 3");
        }
    }
  g_assert_true (cassino_store_end_rubber (f->store, rid, &rubber, &error));
  g_assert_no_error (error);
  games = cassino_store_get_rubber_games (f->store, rid, &error);
  g_assert_cmpuint (games->len, ==, rubber.n_games);
  open_rubbers = cassino_store_list_unfinished_rubbers (f->store, &error);
  g_assert_cmpuint (open_rubbers->len, ==, 0);
  g_assert_cmpint (query_int (f->store, "SELECT winner_side FROM rubbers"), ==, rubber.winner);

  /* finished: listed with its winner and recorded standing, after any
   * rubber being played */
  {
    g_autoptr(GPtrArray) list = NULL;
    CassinoStoreRubberInfo *info;
    gint64 second = cassino_store_begin_rubber (f->store, &rules, &error);

    g_assert_no_error (error);
    list = cassino_store_list_rubbers (f->store, CASSINO_STORE_RUBBERS_FINISHED, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (list->len, ==, 1);
    info = list->pdata[0];
    g_assert_cmpint (info->id, ==, rid);
    g_assert_cmpstr (info->state, ==, "finished");
    g_assert_cmpint (info->winner_side, ==, rubber.winner);
    g_assert_cmpint (info->ended, >, 0);
    g_assert_cmpuint (info->games_won[rubber.winner], ==, rules.rubber_games / 2 + 1);
    g_assert_cmpuint (info->points[rubber.winner], ==, rubber.points[rubber.winner]);
    g_clear_pointer (&list, g_ptr_array_unref);

    list = cassino_store_list_rubbers (f->store, CASSINO_STORE_RUBBERS_ALL, &error);
    g_assert_cmpuint (list->len, ==, 2);
    g_assert_cmpint (((CassinoStoreRubberInfo *) list->pdata[0])->id, ==, second);
    g_assert_cmpuint (((CassinoStoreRubberInfo *) list->pdata[0])->n_sides, ==, 0);
    g_assert_cmpint (((CassinoStoreRubberInfo *) list->pdata[1])->id, ==, rid);
  }
}


static gint64
utc (const char *iso)
{
  g_autoptr(GTimeZone) zone = g_time_zone_new_utc ();
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (iso, zone);

  g_assert_nonnull (dt);
  return g_date_time_to_unix (dt);
}

/* Schema 2: an old-format database (built with migration 1's SQL) whose
 * games were stored as starting at midnight UTC of their Date.  The
 * migration marks their start unknown (their length is left out of the
 * time played), keeps a real Start tag's midnight, and repairs the first
 * game of a rubber from the instant its rubber began. */
static void
test_migration_times (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *new_path = g_build_filename (dir, "new.db", NULL);
  g_autofree char *old_path = g_build_filename (dir, "old.db", NULL);
  g_autofree char *attach = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  g_autoptr(CassinoStoreGameSummary) summary = NULL;
  static const char *const times[3][2] = {
    { "2026-03-01T20:15:00Z", "2026-03-01T20:32:00Z" },   /* 17 min: will be a Date only */
    { "2026-03-02T00:00:00Z", "2026-03-02T00:10:00Z" },   /* a real start at midnight */
    { "2026-03-03T18:00:00Z", "2026-03-03T18:25:00Z" },   /* the first game of a rubber */
  };
  static const char *const tables[] = {
    "players", "rulesets", "rubbers", "rubber_sides", "game_tags", "game_seats", "game_sides",
    "deals", "moves", "deal_scores", "seat_stats", "seat_opponents", "ratings",
  };
  CassinoStore *store;
  CassinoSqlite *db;
  gint64 ids[3], rubber, alice;

  /* three games, recorded now with their times */
  store = cassino_store_open (new_path, &error);
  g_assert_no_error (error);
  {
    CassinoRules rules;

    g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL));
    rubber = cassino_store_begin_rubber (store, &rules, &error);
    g_assert_no_error (error);
  }
  for (guint i = 0; i < 3; i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 40 + i, "Alice", "easy");

      cassino_game_set_tag (game, "Start", times[i][0]);
      cassino_game_set_tag (game, "End", times[i][1]);
      ids[i] = cassino_store_record_game (store, game, i == 2 ? rubber : 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  g_assert_finalize_object (store);

  /* the same rows in a database of schema 1, as the old app left them */
  db = cassino_sqlite_open (old_path, TRUE, &error);
  g_assert_no_error (error);
  g_assert_true (_cassino_store_migrate (db, 1, &error));
  g_assert_no_error (error);
  attach = g_strdup_printf ("ATTACH '%s' AS n", new_path);
  g_assert_true (cassino_sqlite_exec (db, attach, &error));
  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *sql = g_strdup_printf ("INSERT INTO main.%s SELECT * FROM n.%s", tables[i], tables[i]);

      g_assert_true (cassino_sqlite_exec (db, sql, &error));
      g_assert_no_error (error);
    }
  g_assert_true (cassino_sqlite_exec (db,
                                      "INSERT INTO main.games SELECT id, game_key, ruleset_id, rubber_id, seed, "
                                      "first_dealer, source, state, started, ended, termination, winner_side, "
                                      "value FROM n.games", &error));
  g_assert_no_error (error);
  g_assert_true (cassino_sqlite_exec (db, "DETACH n", &error));
  g_assert_true (cassino_sqlite_run (db, &error,
                                     "UPDATE games SET started = started - started % 86400 WHERE id IN (?1, ?2)",
                                     "ii", ids[0], ids[2]));
  g_assert_true (cassino_sqlite_run (db, &error,
                                     "DELETE FROM game_tags WHERE game_id IN (?1, ?2) AND name IN ('Start', 'End')",
                                     "ii", ids[0], ids[2]));
  g_assert_true (cassino_sqlite_run (db, &error, "UPDATE rubbers SET started = ?2 WHERE id = ?1",
                                     "ii", rubber, utc (times[2][0])));
  g_assert_true (cassino_sqlite_exec (db, "UPDATE seat_stats SET started = "
                                          "(SELECT started FROM games WHERE id = seat_stats.game_id)", &error));
  g_assert_no_error (error);
  cassino_sqlite_close (db);

  store = cassino_store_open (old_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, cassino_store_get_schema_version ());
  g_assert_cmpint (cassino_store_get_schema_version (), >=, 2);

  /* the Date-only game: its day kept, its time and length unknown */
  summary = cassino_store_get_game_summary (store, ids[0], &error);
  g_assert_no_error (error);
  g_assert_false (summary->start_known);
  g_assert_cmpint (summary->started, ==, utc ("2026-03-01T00:00:00Z"));
  g_clear_pointer (&summary, cassino_store_game_summary_free);
  /* a Start tag at midnight is a real start */
  summary = cassino_store_get_game_summary (store, ids[1], &error);
  g_assert_true (summary->start_known);
  g_assert_cmpint (summary->started, ==, utc (times[1][0]));
  g_clear_pointer (&summary, cassino_store_game_summary_free);
  /* the first game of a rubber: repaired from the rubber's start */
  summary = cassino_store_get_game_summary (store, ids[2], &error);
  g_assert_true (summary->start_known);
  g_assert_cmpint (summary->started, ==, utc (times[2][0]));
  g_assert_cmpint (summary->ended, ==, utc (times[2][1]));
  g_clear_pointer (&summary, cassino_store_game_summary_free);
  {
    g_autofree char *sql = g_strdup_printf ("SELECT min(started) FROM seat_stats WHERE game_id = %" G_GINT64_FORMAT,
                                            ids[2]);

    g_assert_cmpint (query_int (store, sql), ==, utc (times[2][0]));
  }

  /* time played: 10 + 25 minutes; not the 20 h 32 min of the Date-only game */
  alice = cassino_store_find_human (store, "Alice", &error);
  st = cassino_store_get_player_stats (store, alice, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->games, ==, 3);
  g_assert_cmpint (st->time_played, ==, 35 * 60);
  g_clear_pointer (&st, cassino_store_stats_free);
  /* the same from the raw records (the statistics' own check) */
  st = cassino_store_get_player_stats (store, alice, NULL, CASSINO_STORE_STATS_FROM_RAW, &error);
  g_assert_no_error (error);
  g_assert_cmpint (st->time_played, ==, 35 * 60);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* Statistics: a fixture computed by hand (see the comments) */

static const char stats_fixture[] =
  "INSERT INTO rulesets (id, preset, n_players, options) VALUES "
  "  (1, 'classic', 2, '\"classic\"'), (2, 'classic', 3, '\"classic\"'), (3, 'royal', 2, '\"royal\"');"
  "INSERT INTO rubbers (id, ruleset_id, games_needed, state, started, ended, winner_side) VALUES "
  "  (1, 1, 2, 'finished', 900, 2300, 0);"
  /* id key ruleset rubber seed dealer source state started ended termination winner value start_known */
  "INSERT INTO games VALUES "
  "  (1, 'k1', 1, 1, 1, 0, 'played', 'finished', 1000, 1600, 'target', 0, 1, 1),"
  "  (2, 'k2', 1, 1, 2, 0, 'played', 'finished', 2000, 2300, 'target', 0, 1, 1),"
  "  (3, 'k3', 1, NULL, 3, 0, 'played', 'finished', 3000, 3400, 'target', 1, 1, 1),"
  "  (4, 'k4', 1, NULL, 4, 0, 'played', 'finished', 4000, 4100, 'target', NULL, 1, 1),"
  "  (5, 'k5', 2, NULL, 5, 0, 'played', 'finished', 5000, 5100, 'target', 2, 1, 1),"
  "  (6, 'k6', 3, NULL, 6, 0, 'played', 'finished', 6000, 6200, 'target', 1, 1, 1),"
  "  (7, 'k7', 3, NULL, 7, 0, 'played', 'finished', 7000, 7300, 'target', 0, 1, 1),"
  "  (8, 'k8', 1, NULL, 8, 0, 'played', 'playing', 8000, NULL, NULL, NULL, NULL, 1),"
  "  (9, 'k9', 1, NULL, 9, 0, 'played', 'abandoned', 9000, 9100, 'abandoned', NULL, NULL, 1);"
  /* Alice = 1 always seat 0 / side 0; Bob = 2; Carol = 3 */
  "INSERT INTO game_seats VALUES "
  "  (1, 0, 0, 1, 'Alice'), (1, 1, 1, 2, 'Bob'),"
  "  (2, 0, 0, 1, 'Alice'), (2, 1, 1, 2, 'Bob'),"
  "  (3, 0, 0, 1, 'Alice'), (3, 1, 1, 2, 'Bob'),"
  "  (4, 0, 0, 1, 'Alice'), (4, 1, 1, 2, 'Bob'),"
  "  (5, 0, 0, 1, 'Alice'), (5, 1, 1, 2, 'Bob'), (5, 2, 2, 3, 'Carol'),"
  "  (6, 0, 0, 1, 'Alice'), (6, 1, 1, 3, 'Carol'),"
  "  (7, 0, 0, 1, 'Alice'), (7, 1, 1, 3, 'Carol'),"
  "  (8, 0, 0, 1, 'Alice'), (8, 1, 1, 2, 'Bob'),"
  "  (9, 0, 0, 1, 'Alice'), (9, 1, 1, 2, 'Bob');"
  "INSERT INTO game_sides VALUES "
  "  (1, 0, 21), (1, 1, 15), (2, 0, 21), (2, 1, 12), (3, 0, 9), (3, 1, 25), (4, 0, 21), (4, 1, 21),"
  "  (5, 0, 10), (5, 1, 14), (5, 2, 21), (6, 0, 11), (6, 1, 21), (7, 0, 21), (7, 1, 20);"
  "INSERT INTO deals (id, game_id, number, dealer, seed, deck, finished) VALUES "
  "  (1, 1, 1, 0, 0, x'00', 1), (2, 1, 2, 1, 0, x'00', 1), (3, 2, 1, 0, 0, x'00', 1),"
  "  (4, 3, 1, 0, 0, x'00', 1), (5, 4, 1, 0, 0, x'00', 1), (6, 5, 1, 0, 0, x'00', 1),"
  "  (7, 6, 1, 0, 0, x'00', 1), (8, 7, 1, 0, 0, x'00', 1), (9, 8, 1, 0, 0, x'00', 1),"
  "  (10, 9, 1, 0, 0, x'00', 1), (11, 1, 3, 0, 0, x'00', 0);"
  /* deal side cards spades big little aces sweeps dia 7d fours total gp n_cards n_spades n_dia n_sweeps pile
   * Td is bit 37 (137438953472), 2s bit 7 (128) */
  "INSERT INTO deal_scores VALUES "
  "  (1, 0, 3, 1, 2, 0, 1, 2, 0, 0, 0, 9, 9, 30, 8, 5, 2, 137438953472),"
  "  (2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 3, 3, 20, 5, 5, 0, 128),"
  "  (3, 0, 3, 0, 2, 1, 0, 1, 0, 0, 0, 7, 7, 30, 5, 5, 1, 137438953600),"
  "  (4, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 2, 2, 20, 8, 5, 0, 0),"
  "  (5, 0, 3, 1, 0, 1, 2, 0, 0, 0, 0, 7, 7, 30, 8, 5, 0, 128),"
  "  (6, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 3, 3, 15, 3, 5, 1, 137438953472),"
  "  (7, 0, 3, 1, 0, 0, 2, 3, 0, 0, 0, 9, 9, 30, 8, 5, 3, 0),"
  "  (8, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 4, 4, 20, 5, 5, 0, 137438953600),"
  "  (9, 0, 3, 1, 2, 1, 4, 9, 0, 0, 0, 20, 20, 40, 9, 9, 9, 137438953600),"
  "  (10, 0, 3, 1, 2, 1, 4, 9, 0, 0, 0, 20, 20, 40, 9, 9, 9, 137438953600);"
  /* the opponents: 4 aces and a sweep every deal, nothing else */
  "INSERT INTO deal_scores SELECT id, 1, 0, 0, 0, 0, 4, 1, 0, 0, 0, 5, 5, 10, 2, 2, 1, 0 FROM deals "
  "  WHERE finished;"
  "INSERT INTO deal_scores SELECT 6, 2, 0, 0, 0, 0, 4, 1, 0, 0, 0, 5, 5, 10, 2, 2, 1, 0;"
  /* builds: game 1 deal 1: Alice builds with 5c (16) at ply 0 and takes it
   * at ply 2; Bob builds with 6c (20) at ply 3; Alice builds with 7c (24)
   * at ply 4 and Bob takes both at ply 5.  Game 5: Alice builds with 9c
   * (32), Bob takes it.  Game 8 (unfinished) has a build that must not count. */
  "INSERT INTO moves (deal_id, ply, seat, notation, type, card, cards, value, multiple, sweep) VALUES "
  "  (1, 0, 0, '', 2, 16, 4, 7, 0, 0),"
  "  (1, 1, 1, '', 0, 1, 0, 0, 0, 0),"
  "  (1, 2, 0, '', 1, 25, 65540, 7, 0, 0),"       /* 65540 = bits 2 and 16 */
  "  (1, 3, 1, '', 2, 20, 8, 8, 0, 0),"
  "  (1, 4, 0, '', 2, 24, 64, 9, 0, 0),"
  "  (1, 5, 1, '', 1, 33, 17826120, 9, 0, 0),"    /* bits 3, 6, 20, 24 */
  "  (6, 0, 0, '', 2, 32, 4, 10, 0, 0),"
  "  (6, 1, 1, '', 1, 36, 4294967300, 10, 0, 0)," /* bits 2, 32 */
  "  (9, 0, 0, '', 2, 16, 4, 7, 0, 0);";

static void
check_fixture_stats (CassinoStore           *store,
                     CassinoStoreStatsFlags  flags)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStoreStats) all = NULL;
  g_autoptr(CassinoStoreStats) classic2 = NULL;
  g_autoptr(CassinoStoreStats) royal = NULL;
  g_autoptr(CassinoStoreStats) bob = NULL;
  CassinoStoreStatsFilter f_classic2 = { "classic", 2 };
  CassinoStoreStatsFilter f_royal = { "royal", 0 };
  const CassinoStoreHeadToHead *h;

  /* Alice, everything: results by end time W W L D L L W */
  all = cassino_store_get_player_stats (store, 1, NULL, flags, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (all->name, ==, "Alice");
  g_assert_cmpuint (all->games, ==, 7);
  g_assert_cmpuint (all->wins, ==, 3);
  g_assert_cmpuint (all->draws, ==, 1);
  g_assert_cmpuint (all->losses, ==, 3);
  g_assert_cmpfloat_with_epsilon (all->win_percent, 300.0 / 7.0, 1e-9);
  g_assert_cmpuint (all->rubbers, ==, 1);
  g_assert_cmpuint (all->rubbers_won, ==, 1);
  /* deals 1-8: totals 9+3+7+2+7+3+9+4 */
  g_assert_cmpuint (all->deals, ==, 8);
  g_assert_cmpuint (all->points, ==, 44);
  g_assert_cmpfloat_with_epsilon (all->points_per_deal, 5.5, 1e-9);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_CARDS], ==, 12);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_SPADES], ==, 4);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_BIG_CASSINO], ==, 8);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_LITTLE_CASSINO], ==, 4);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_ACES], ==, 9);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_SWEEPS], ==, 7);
  g_assert_cmpuint (all->category_points[CASSINO_CATEGORY_DIAMONDS], ==, 0);
  g_assert_cmpfloat_with_epsilon (all->category_percent[CASSINO_CATEGORY_CARDS], 1200.0 / 44.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (all->category_percent[CASSINO_CATEGORY_ACES], 900.0 / 44.0, 1e-9);
  g_assert_cmpuint (all->sweeps, ==, 7);
  g_assert_cmpfloat_with_epsilon (all->sweeps_per_deal, 7.0 / 8.0, 1e-9);
  /* Td in deals 1, 3, 6, 8; 2s in deals 2, 3, 5, 8 */
  g_assert_cmpuint (all->big_cassino, ==, 4);
  g_assert_cmpfloat_with_epsilon (all->big_cassino_percent, 50.0, 1e-9);
  g_assert_cmpuint (all->little_cassino, ==, 4);
  g_assert_cmpfloat_with_epsilon (all->little_cassino_percent, 50.0, 1e-9);
  g_assert_cmpuint (all->builds, ==, 3);
  g_assert_cmpuint (all->builds_taken, ==, 1);
  g_assert_cmpfloat_with_epsilon (all->builds_taken_percent, 100.0 / 3.0, 1e-9);
  g_assert_cmpint (all->current_streak, ==, 1);
  g_assert_cmpuint (all->longest_win_streak, ==, 2);
  g_assert_cmpuint (all->longest_loss_streak, ==, 2);
  g_assert_cmpint (all->best_game_id, ==, 2);        /* 21-12 */
  g_assert_cmpint (all->best_game_margin, ==, 9);
  g_assert_cmpuint (all->best_game_score, ==, 21);
  g_assert_cmpint (all->time_played, ==, 600 + 300 + 400 + 100 + 100 + 200 + 300);
  g_assert_cmpuint (all->head_to_head->len, ==, 2);
  h = all->head_to_head->pdata[0];
  g_assert_cmpint (h->opponent_id, ==, 2);           /* Bob: W W L D, and D in game 5 */
  g_assert_cmpstr (h->name, ==, "Bob");
  g_assert_cmpuint (h->games, ==, 5);
  g_assert_cmpuint (h->wins, ==, 2);
  g_assert_cmpuint (h->draws, ==, 2);
  g_assert_cmpuint (h->losses, ==, 1);
  h = all->head_to_head->pdata[1];
  g_assert_cmpint (h->opponent_id, ==, 3);           /* Carol: L L W */
  g_assert_cmpuint (h->games, ==, 3);
  g_assert_cmpuint (h->wins, ==, 1);
  g_assert_cmpuint (h->draws, ==, 0);
  g_assert_cmpuint (h->losses, ==, 2);

  /* classic, two players: games 1-4, W W L D */
  classic2 = cassino_store_get_player_stats (store, 1, &f_classic2, flags, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (classic2->games, ==, 4);
  g_assert_cmpuint (classic2->wins, ==, 2);
  g_assert_cmpuint (classic2->draws, ==, 1);
  g_assert_cmpuint (classic2->losses, ==, 1);
  g_assert_cmpfloat_with_epsilon (classic2->win_percent, 50.0, 1e-9);
  g_assert_cmpuint (classic2->rubbers_won, ==, 1);
  g_assert_cmpuint (classic2->deals, ==, 5);
  g_assert_cmpuint (classic2->points, ==, 28);
  g_assert_cmpuint (classic2->sweeps, ==, 3);
  g_assert_cmpfloat_with_epsilon (classic2->big_cassino_percent, 40.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (classic2->little_cassino_percent, 60.0, 1e-9);
  g_assert_cmpuint (classic2->builds, ==, 2);
  g_assert_cmpuint (classic2->builds_taken, ==, 1);
  g_assert_cmpint (classic2->current_streak, ==, 0);
  g_assert_cmpuint (classic2->longest_win_streak, ==, 2);
  g_assert_cmpuint (classic2->longest_loss_streak, ==, 1);
  g_assert_cmpint (classic2->time_played, ==, 1400);
  g_assert_cmpuint (classic2->head_to_head->len, ==, 1);

  /* royal: L W */
  royal = cassino_store_get_player_stats (store, 1, &f_royal, flags, &error);
  g_assert_cmpuint (royal->games, ==, 2);
  g_assert_cmpuint (royal->rubbers, ==, 0);
  g_assert_cmpint (royal->best_game_id, ==, 7);
  g_assert_cmpint (royal->best_game_margin, ==, 1);
  g_assert_cmpint (royal->current_streak, ==, 1);
  g_assert_cmpuint (royal->longest_loss_streak, ==, 1);

  /* a family of games (the filter's "Scopa and both Scopones" is
   * "scopa,scopone,scopone-scientifico"): the games of each of its
   * presets, and only those */
  {
    CassinoStoreStatsFilter f_family = { "scopa,royal", 0 };
    CassinoStoreStatsFilter f_both = { "royal,classic", 0 };
    CassinoStoreStatsFilter f_none = { "xeri,diloti", 0 };
    g_autoptr(CassinoStoreStats) family = cassino_store_get_player_stats (store, 1, &f_family, flags, &error);
    g_autoptr(CassinoStoreStats) both = NULL;
    g_autoptr(CassinoStoreStats) none = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (family->games, ==, royal->games);
    g_assert_cmpuint (family->wins, ==, royal->wins);
    g_assert_cmpuint (family->deals, ==, royal->deals);
    g_assert_cmpuint (family->points, ==, royal->points);
    g_assert_cmpint (family->best_game_id, ==, royal->best_game_id);
    g_assert_cmpuint (family->head_to_head->len, ==, royal->head_to_head->len);
    g_assert_cmpstr (family->only_preset, ==, "royal");
    both = cassino_store_get_player_stats (store, 1, &f_both, flags, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (both->games, >, royal->games);
    g_assert_cmpuint (both->games, <=, all->games);
    g_assert_cmpuint (both->deals, >, royal->deals);
    g_assert_null (both->only_preset);
    none = cassino_store_get_player_stats (store, 1, &f_none, flags, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (none->games, ==, 0);
  }

  /* Bob: his side's points are the opponents' rows */
  bob = cassino_store_get_player_stats (store, 2, NULL, flags, &error);
  g_assert_cmpuint (bob->games, ==, 5);
  g_assert_cmpuint (bob->wins, ==, 1);
  g_assert_cmpuint (bob->deals, ==, 6);
  g_assert_cmpuint (bob->points, ==, 30);
  g_assert_cmpuint (bob->category_points[CASSINO_CATEGORY_ACES], ==, 24);
  g_assert_cmpuint (bob->builds, ==, 1);
  g_assert_cmpuint (bob->builds_taken, ==, 1);
  g_assert_cmpuint (bob->rubbers, ==, 1);
  g_assert_cmpuint (bob->rubbers_won, ==, 0);
  g_assert_cmpint (bob->current_streak, ==, -1);
}

static void
test_stats_fixture (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) groups = NULL;

  g_assert_cmpint (cassino_store_add_human (f->store, "Alice", NULL), ==, 1);
  g_assert_cmpint (cassino_store_add_human (f->store, "Bob", NULL), ==, 2);
  g_assert_cmpint (cassino_store_add_human (f->store, "Carol", NULL), ==, 3);
  exec_sql (f->store, stats_fixture);

  /* straight from the raw records */
  check_fixture_stats (f->store, CASSINO_STORE_STATS_FROM_RAW);

  /* from the per-game rows, as written when games end */
  g_assert_true (cassino_store_rebuild_derived (f->store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM seat_stats"), ==, 15);
  check_fixture_stats (f->store, CASSINO_STORE_STATS_DEFAULT);

  groups = cassino_store_get_player_groups (f->store, 1, &error);
  g_assert_cmpuint (g_strv_length (groups), ==, 3);
  g_assert_cmpstr (groups[0], ==, "classic/2");
  g_assert_cmpstr (groups[1], ==, "classic/3");
  g_assert_cmpstr (groups[2], ==, "royal/2");

  /* renaming keeps history, archiving keeps statistics */
  g_assert_true (cassino_store_rename_player (f->store, 1, "Alicia", &error));
  g_assert_true (cassino_store_set_player_archived (f->store, 1, TRUE, &error));
  {
    g_autoptr(CassinoStoreStats) st = cassino_store_get_player_stats (f->store, 1, NULL, 0, &error);
    g_autoptr(CassinoStoreGameSummary) s = cassino_store_get_game_summary (f->store, 1, &error);

    g_assert_cmpuint (st->games, ==, 7);
    g_assert_cmpstr (s->seats[0].name, ==, "Alice");
  }
}

/* The lines of the statistics' CSV export (@stats) or the games' */
static GStrv
export_csv_lines (CassinoStore *store,
                  gboolean      stats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autofree char *text = NULL;

  if (stats)
    g_assert_true (cassino_store_export_stats_csv (store, out, &error));
  else
    g_assert_true (cassino_store_export_games_csv (store, NULL, out, &error));
  g_assert_no_error (error);
  g_output_stream_write_all (out, "", 1, NULL, NULL, NULL);
  g_output_stream_close (out, NULL, NULL);
  text = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
  return g_strsplit (text, "\n", -1);
}

/* The 10♦ in fishing games' deals, and the statistics' CSV: in every row
 * the category columns (the Cassino
 * categories and other_points, the fishing games' own) add up to the
 * points, with Xeri, Scopa and Pasur games among the classic ones (Xeri's
 * tens and courts were counted nowhere). */
static void
test_stats_csv_adds_up (Fixture       *f,
                        gconstpointer  data)
{
  static const CassinoPreset presets[] = {
    CASSINO_PRESET_CLASSIC, CASSINO_PRESET_XERI, CASSINO_PRESET_SCOPA, CASSINO_PRESET_PASUR, CASSINO_PRESET_DILOTI,
  };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  int points_col = -1;
  guint n_rows = 0, n_other = 0;

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      CassinoGame *game = store_test_random_game (presets[i], 2, 40 + i, "Ida", "easy");

      cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  /* the 10♦ is counted in Xeri and Pasur deals too, where it is no Big
   * Cassino: the statistics say so (the page then names it "Ten of
   * diamonds"); in classic alone it is Big Cassino */
  {
    gint64 ida = cassino_store_find_human (f->store, "Ida", &error);
    CassinoStoreStatsFilter classic = { "classic", 0 };
    g_autoptr(CassinoStoreStats) any = cassino_store_get_player_stats (f->store, ida, NULL, CASSINO_STORE_STATS_DEFAULT, &error);
    g_autoptr(CassinoStoreStats) cst = cassino_store_get_player_stats (f->store, ida, &classic, CASSINO_STORE_STATS_DEFAULT, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (any->big_cassino_deals, >, cst->big_cassino_deals);
    g_assert_true (any->big_cassino_family);
    g_assert_cmpuint (cst->big_cassino_deals, >, 0);
    g_assert_false (cst->big_cassino_family);
    /* and Diloti's 2♠, no Little Cassino */
    g_assert_cmpuint (any->little_cassino_deals, >, cst->little_cassino_deals);
    g_assert_true (any->little_cassino_family);
    g_assert_false (cst->little_cassino_family);
  }
  lines = export_csv_lines (f->store, TRUE);
  header = g_strsplit (lines[0], ",", -1);
  for (guint c = 0; header[c]; c++)
    if (g_str_equal (header[c], "points"))
      points_col = (int) c;
  g_assert_cmpint (points_col, >=, 0);
  g_assert_true (g_strv_contains ((const char * const *) header, "other_points"));
  for (guint l = 1; lines[l] && *lines[l]; l++)
    {
      /* (no name here has a comma or a quote) */
      g_auto(GStrv) cells = g_strsplit (lines[l], ",", -1);
      guint64 sum = 0;

      g_assert_cmpuint (g_strv_length (cells), ==, g_strv_length (header));
      for (guint c = 0; header[c]; c++)
        if (g_str_has_suffix (header[c], "_points"))
          {
            sum += g_ascii_strtoull (cells[c], NULL, 10);
            if (g_str_equal (header[c], "other_points") && g_ascii_strtoull (cells[c], NULL, 10) > 0)
              n_other++;
          }
      g_test_message ("%s: points %s, categories %" G_GUINT64_FORMAT, cells[2], cells[points_col], sum);
      g_assert_cmpuint (sum, ==, g_ascii_strtoull (cells[points_col], NULL, 10));
      n_rows++;
    }
  g_assert_cmpuint (n_rows, >, 4);
  g_assert_cmpuint (n_other, >, 0);
}

/* Statistics of games recorded through the API match the engine's own
 * figures. */
static void
test_stats_recorded (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  g_autoptr(CassinoStoreStats) raw = NULL;
  guint games = 0, wins = 0, deals = 0, points = 0, sweeps = 0, builds = 0, big = 0;
  gint64 alice;

  for (guint64 seed = 1; seed <= 6; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "medium");

      g_assert_cmpint (cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      g_assert_no_error (error);
      games++;
      wins += cassino_game_get_winner (game) == 0;
      for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
        {
          const CassinoDeal *deal = cassino_game_get_deal (game, d);
          CassinoPosition pos;

          for (guint p = 0; p < deal->plays->len; p++)
            {
              const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, p);

              builds += play->seat == 0 && play->move.type == CASSINO_MOVE_BUILD;
            }
          if (!deal->finished)
            continue;
          deals++;
          points += deal->score.total[0];
          sweeps += deal->score.points[0][CASSINO_CATEGORY_SWEEPS];
          cassino_position_deal (&pos, cassino_game_get_rules (game), deal->deck, deal->deck_len, deal->dealer);
          for (guint p = 0; p < deal->plays->len; p++)
            cassino_position_apply (&pos, &g_array_index (deal->plays, CassinoPlay, p).move, NULL);
          big += (pos.piles[0] & CASSINO_CARD_BIT (CASSINO_BIG_CASSINO)) != 0;
        }
      cassino_game_unref (game);
    }

  alice = cassino_store_find_human (f->store, "Alice", &error);
  st = cassino_store_get_player_stats (f->store, alice, NULL, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->games, ==, games);
  g_assert_cmpuint (st->wins, ==, wins);
  g_assert_cmpuint (st->deals, ==, deals);
  g_assert_cmpuint (st->points, ==, points);
  g_assert_cmpuint (st->sweeps, ==, sweeps);
  g_assert_cmpuint (st->builds, ==, builds);
  g_assert_cmpuint (st->big_cassino, ==, big);
  g_assert_cmpuint (st->head_to_head->len, ==, 1);

  raw = cassino_store_get_player_stats (f->store, alice, NULL, CASSINO_STORE_STATS_FROM_RAW, &error);
  g_assert_cmpuint (raw->builds_taken, ==, st->builds_taken);
  g_assert_cmpuint (raw->points, ==, st->points);
}

/* Ratings */

static void
test_glicko_example (void)
{
  /* Glickman, "Example of the Glicko-2 system" */
  CassinoGlicko player = { 1500.0, 200.0, 0.06 };
  CassinoGlickoResult results[] = {
    { 1400.0,  30.0, 1.0 },
    { 1550.0, 100.0, 0.0 },
    { 1700.0, 300.0, 0.0 },
  };
  CassinoGlicko after;

  cassino_glicko_update (&player, results, G_N_ELEMENTS (results), 0.5, &after);
  g_assert_cmpfloat_with_epsilon (after.rating, 1464.06, 0.01);
  g_assert_cmpfloat_with_epsilon (after.rd, 151.52, 0.01);
  g_assert_cmpfloat_with_epsilon (after.volatility, 0.05999, 0.00001);

  /* no games: only the deviation grows */
  cassino_glicko_update (&player, NULL, 0, 0.5, &after);
  g_assert_cmpfloat (after.rating, ==, 1500.0);
  g_assert_cmpfloat_with_epsilon (after.rd, sqrt (200.0 * 200.0 / (173.7178 * 173.7178) + 0.0036) * 173.7178, 1e-9);
}

/* Ratings and statistics are per game: Scopa and Xeri games rate and
 * count apart from Cassino's (issue 16). */
static void
test_ratings_per_game (Fixture       *f,
                       gconstpointer  data)
{
  static const CassinoPreset presets[] = { CASSINO_PRESET_CLASSIC, CASSINO_PRESET_SCOPA, CASSINO_PRESET_XERI };
  guint played[G_N_ELEMENTS (presets)] = { 3, 2, 4 };
  g_autoptr(GError) error = NULL;
  gint64 alice;
  guint64 seed = 40;

  for (guint p = 0; p < G_N_ELEMENTS (presets); p++)
    for (guint i = 0; i < played[p]; i++)
      {
        CassinoGame *game = store_test_random_game (presets[p], 2, seed++, "Alice", "hard");

        g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
        g_assert_cmpint (cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
        g_assert_no_error (error);
        cassino_game_unref (game);
      }
  alice = cassino_store_find_human (f->store, "Alice", &error);
  for (guint p = 0; p < G_N_ELEMENTS (presets); p++)
    {
      const char *name = cassino_preset_to_string (presets[p]);
      g_autoptr(CassinoStoreRating) r = cassino_store_get_rating (f->store, alice, name, &error);
      g_autoptr(GArray) history = cassino_store_get_rating_history (f->store, alice, name, 0, &error);
      g_autoptr(CassinoStoreStats) st = NULL;
      CassinoStoreStatsFilter filter = { .preset = name };

      g_assert_no_error (error);
      g_assert_cmpstr (r->preset, ==, name);
      g_assert_cmpuint (r->games, ==, played[p]);
      g_assert_cmpuint (history->len, ==, played[p]);
      st = cassino_store_get_player_stats (f->store, alice, &filter, 0, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (st->games, ==, played[p]);
    }
  /* a game's rating moved only its own game's */
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM ratings r JOIN players p ON p.id = r.player_id "
                                        "WHERE p.name = 'Alice' AND r.preset = 'scopa'"), ==, 2);
}

static void
test_ratings (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStoreRating) r = NULL;
  g_autoptr(CassinoStoreRating) comp = NULL;
  g_autoptr(GArray) history = NULL;
  g_autoptr(GArray) rebuilt = NULL;
  g_autoptr(GPtrArray) board = NULL;
  CassinoGlicko anchor, expected;
  gint64 alice, computer;
  guint n_games = 0;

  cassino_glicko_init (&expected);
  for (guint64 seed = 20; seed < 26; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "hard");
      CassinoGlickoResult result;

      g_assert_cmpint (cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      cassino_store_get_level_anchor ("hard", &anchor);
      result.rating = anchor.rating;
      result.rd = anchor.rd;
      result.score = cassino_game_get_winner (game) == 0 ? 1.0 : cassino_game_get_winner (game) < 0 ? 0.5 : 0.0;
      cassino_glicko_update (&expected, &result, 1, CASSINO_GLICKO_DEFAULT_TAU, &expected);
      n_games++;
      cassino_game_unref (game);
    }
  alice = cassino_store_find_human (f->store, "Alice", &error);
  r = cassino_store_get_rating (f->store, alice, "classic", &error);
  g_assert_no_error (error);
  g_assert_false (r->anchored);
  g_assert_cmpuint (r->games, ==, n_games);
  g_assert_cmpfloat_with_epsilon (r->glicko.rating, expected.rating, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->glicko.rd, expected.rd, 1e-6);

  computer = query_int (f->store, "SELECT id FROM players WHERE kind = 1");
  comp = cassino_store_get_rating (f->store, computer, "classic", &error);
  g_assert_true (comp->anchored);
  g_assert_cmpfloat (comp->glicko.rating, ==, anchor.rating);

  history = cassino_store_get_rating_history (f->store, alice, "classic", 0, &error);
  g_assert_cmpuint (history->len, ==, n_games);
  g_assert_cmpfloat_with_epsilon (g_array_index (history, CassinoStoreRatingPoint, n_games - 1).glicko.rating,
                                  expected.rating, 1e-6);

  board = cassino_store_list_ratings (f->store, "classic", &error);
  g_assert_cmpuint (board->len, ==, 1);

  g_assert_true (cassino_store_rebuild_ratings (f->store, &error));
  rebuilt = cassino_store_get_rating_history (f->store, alice, "classic", 0, &error);
  g_assert_cmpuint (rebuilt->len, ==, n_games);
  for (guint i = 0; i < n_games; i++)
    g_assert_cmpfloat_with_epsilon (g_array_index (rebuilt, CassinoStoreRatingPoint, i).glicko.rating,
                                    g_array_index (history, CassinoStoreRatingPoint, i).glicko.rating, 1e-9);

  /* thinned for a graph: the first, the last, evenly spaced between */
  {
    g_autoptr(GArray) thin = cassino_store_get_rating_history (f->store, alice, "classic", 3, &error);
    g_autoptr(GArray) all = cassino_store_get_rating_history (f->store, alice, "classic", n_games + 5, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (n_games, >, 3);
    g_assert_cmpuint (thin->len, ==, 3);
    g_assert_cmpint (g_array_index (thin, CassinoStoreRatingPoint, 0).game_id, ==,
                     g_array_index (history, CassinoStoreRatingPoint, 0).game_id);
    g_assert_cmpint (g_array_index (thin, CassinoStoreRatingPoint, 1).game_id, ==,
                     g_array_index (history, CassinoStoreRatingPoint, (n_games - 1) / 2).game_id);
    g_assert_cmpint (g_array_index (thin, CassinoStoreRatingPoint, 2).game_id, ==,
                     g_array_index (history, CassinoStoreRatingPoint, n_games - 1).game_id);
    g_assert_cmpfloat (g_array_index (thin, CassinoStoreRatingPoint, 2).glicko.rating, ==,
                       g_array_index (history, CassinoStoreRatingPoint, n_games - 1).glicko.rating);
    g_assert_cmpuint (all->len, ==, n_games);
  }

  /* another preset starts afresh */
  g_clear_pointer (&r, cassino_store_rating_free);
  r = cassino_store_get_rating (f->store, alice, "royal", &error);
  g_assert_cmpfloat (r->glicko.rating, ==, CASSINO_GLICKO_DEFAULT_RATING);
  g_assert_cmpuint (r->games, ==, 0);
}

/* History */

static void
test_history (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStoreHistoryFilter filter = { 0 };
  CassinoStoreHistoryCursor cursor = { 0 };
  g_autoptr(GHashTable) seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  gint64 last_started = G_MAXINT64, last_id = G_MAXINT64;
  guint n_pages = 0, count = 0, won = 0, lost = 0, drawn = 0;
  gint64 alice, bob;

  g_assert_cmpint (cassino_store_add_human (f->store, "Alice", NULL), ==, 1);
  g_assert_cmpint (cassino_store_add_human (f->store, "Bob", NULL), ==, 2);
  g_assert_cmpint (cassino_store_add_human (f->store, "Carol", NULL), ==, 3);
  exec_sql (f->store, stats_fixture);
  /* 20 more games by Carol alone against the computer, some at the same time */
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_ROYAL, 2, seed, "Carol", "easy");
      g_autofree char *start = g_strdup_printf ("2026-01-%02uT10:00:00Z", (guint) (seed + 1) / 2);

      cassino_game_set_tag (game, "Start", start);
      g_assert_cmpint (cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      cassino_game_unref (game);
    }

  /* every game once, newest first, in pages of 7 */
  do
    {
      g_autoptr(GPtrArray) page = cassino_store_get_history_page (f->store, NULL, &cursor, 7, &cursor, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (page->len, <=, 7);
      for (guint i = 0; i < page->len; i++)
        {
          CassinoStoreGameSummary *s = page->pdata[i];

          g_assert_false (g_hash_table_contains (seen, &s->id));
          g_hash_table_add (seen, &s->id);
          g_assert_true (s->started < last_started || (s->started == last_started && s->id < last_id));
          last_started = s->started;
          last_id = s->id;
        }
      /* the summaries stay alive with the hash table's keys */
      g_ptr_array_set_free_func (page, NULL);
      n_pages++;
    }
  while (cursor.id != 0);
  g_assert_cmpuint (g_hash_table_size (seen), ==, 29);
  g_assert_cmpuint (n_pages, ==, 5);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, seen);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      cassino_store_game_summary_free ((CassinoStoreGameSummary *) ((char *) key - G_STRUCT_OFFSET (CassinoStoreGameSummary, id)));
  }
  g_assert_true (cassino_store_count_history (f->store, NULL, &count, &error));
  g_assert_cmpuint (count, ==, 29);

  /* filters, relative to Alice */
  alice = 1;
  bob = 2;
  filter.player_id = alice;
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 9);
  filter.result = CASSINO_STORE_RESULT_WON;
  g_assert_true (cassino_store_count_history (f->store, &filter, &won, &error));
  filter.result = CASSINO_STORE_RESULT_LOST;
  g_assert_true (cassino_store_count_history (f->store, &filter, &lost, &error));
  filter.result = CASSINO_STORE_RESULT_DRAWN;
  g_assert_true (cassino_store_count_history (f->store, &filter, &drawn, &error));
  g_assert_cmpuint (won, ==, 3);
  g_assert_cmpuint (lost, ==, 3);
  g_assert_cmpuint (drawn, ==, 1);
  filter.result = CASSINO_STORE_RESULT_UNFINISHED;
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 1);

  filter.result = CASSINO_STORE_RESULT_ANY;
  filter.opponent_id = bob;
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 7);    /* 1-5, 8, 9 */
  filter.preset = "classic";
  filter.n_players = 2;
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 6);
  filter.since = 2000;
  filter.until = 4000;
  {
    g_autoptr(GPtrArray) page = NULL;

    filter.oldest_first = TRUE;
    page = cassino_store_get_history_page (f->store, &filter, NULL, 10, &cursor, &error);
    g_assert_cmpuint (page->len, ==, 2);
    g_assert_cmpint (((CassinoStoreGameSummary *) page->pdata[0])->id, ==, 2);
    g_assert_cmpint (((CassinoStoreGameSummary *) page->pdata[1])->id, ==, 3);
    g_assert_cmpint (cursor.id, ==, 0);
  }

  /* Carol's recorded games, by preset and dates */
  memset (&filter, 0, sizeof filter);
  filter.player_id = 3;
  filter.preset = "royal";
  filter.since = 1767225600;   /* 2026-01-01 */
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 20);
  /* a family of games: several presets, separated by commas; a name is
   * matched whole ("roya" is no preset, "royal" not "royal-ace14") */
  {
    static const struct { const char *presets; guint count; } families[] = {
      { "scopa,royal", 20 }, { "royal,scopa", 20 }, { "xeri,diloti", 0 }, { "roya", 0 },
      { "royal-ace14", 0 }, { "oyal", 0 }, { "royal,classic", 20 },   /* (all her recorded games are royal) */
    };

    for (guint i = 0; i < G_N_ELEMENTS (families); i++)
      {
        filter.preset = families[i].presets;
        g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
        g_assert_cmpuint (count, ==, families[i].count);
      }
    /* Alice's classic games against Bob, with another preset beside */
    memset (&filter, 0, sizeof filter);
    filter.player_id = alice;
    filter.opponent_id = bob;
    filter.n_players = 2;
    filter.preset = "scopa,classic";
    g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
    g_assert_cmpuint (count, ==, 6);
    memset (&filter, 0, sizeof filter);
    filter.player_id = 3;
    filter.preset = "royal";
    filter.since = 1767225600;
  }
  filter.until = 1767225600 + 2 * 86400;  /* Jan 1st and 2nd */
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 4);
}

/* Export and import */

static char *
export_to_string (CassinoStore            *store,
                  CassinoStoreExportScope  scope,
                  gint64                   id,
                  guint                   *out_count)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  g_assert_true (cassino_store_export_records (store, scope, id, out, out_count, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

/* The history's name search and random access (the app's lazy list), and
 * deleting a game: its rows go, later ratings are computed again. */
/* The month of a game is the local month it ended in, to the minute, and
 * the one-pass series agrees with the months and histogram asked alone
 * and with the points and deals of every game. */
static void
test_player_series (Fixture       *f,
                    gconstpointer  data)
{
  /* ends in UTC, and the local month nine hours ahead */
  static const struct { const char *end; guint month; } games[] = {
    { "2026-01-31T14:59:00Z", 1 },   /* 23:59 on the 31st */
    { "2026-01-31T15:00:00Z", 2 },   /* midnight: February */
    { "2026-01-31T20:00:00Z", 2 },
    { "2026-02-27T10:00:00Z", 2 },
    { "2026-02-28T15:30:00Z", 3 },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStorePlayerSeries) series = NULL;
  GArray *months, *bins;
  g_autoptr(GArray) months_alone = NULL;
  g_autoptr(GArray) bins_alone = NULL;
  g_autofree char *old_tz = g_strdup (g_getenv ("TZ"));
  guint expected_bins[12] = { 0, };
  guint per_month[13] = { 0, };
  gint64 ivy;

  /* a fixed zone that needs no tz database: UTC+9 */
  g_setenv ("TZ", "JST-9", TRUE);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 700 + i, "Ivy", "easy");
      guint deals = cassino_game_get_n_deals (game);
      gint points = 0;

      cassino_game_set_tag (game, "Start", "2026-01-01T00:00:00Z");
      cassino_game_set_tag (game, "End", games[i].end);
      cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      for (guint d = 0; d < deals; d++)
        {
          const CassinoDeal *deal = cassino_game_get_deal (game, d);

          if (deal->finished)
            points += (gint) deal->score.total[0];
        }
      expected_bins[CLAMP (2 * points / (gint) deals, 0, 11)]++;
      per_month[games[i].month]++;
      cassino_game_unref (game);
    }

  ivy = cassino_store_find_human (f->store, "Ivy", &error);
  g_assert_no_error (error);
  series = cassino_store_get_player_series (f->store, ivy, NULL, 12, &error);
  g_assert_no_error (error);
  months = series->months;
  bins = series->histogram;

  g_assert_cmpuint (months->len, ==, 3);
  for (guint i = 0; i < months->len; i++)
    {
      CassinoStoreMonth *m = &g_array_index (months, CassinoStoreMonth, i);

      g_assert_cmpuint (m->year, ==, 2026);
      g_assert_cmpuint (m->month, ==, i + 1);
      g_assert_cmpuint (m->games, ==, per_month[i + 1]);
    }
  g_assert_cmpuint (bins->len, ==, 12);
  for (guint i = 0; i < 12; i++)
    g_assert_cmpuint (g_array_index (bins, guint, i), ==, expected_bins[i]);
  g_assert_cmpstr (series->top_preset, ==, "classic");


  months_alone = cassino_store_get_player_months (f->store, ivy, NULL, &error);
  g_assert_no_error (error);
  bins_alone = cassino_store_get_points_per_deal_histogram (f->store, ivy, NULL, 12, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (months_alone->data, months_alone->len * sizeof (CassinoStoreMonth),
                   months->data, months->len * sizeof (CassinoStoreMonth));
  g_assert_cmpmem (bins_alone->data, bins_alone->len * sizeof (guint),
                   bins->data, bins->len * sizeof (guint));

  /* more royal games than classic ones: royal is the most played */
  for (guint i = 0; i < G_N_ELEMENTS (games) + 1; i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_ROYAL, 2, 800 + i, "Ivy", "easy");

      cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  {
    g_autoptr(CassinoStorePlayerSeries) more = cassino_store_get_player_series (f->store, ivy, NULL, 0, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (more->top_preset, ==, "royal");
    g_assert_cmpuint (more->histogram->len, ==, 0);
  }

  if (old_tz)
    g_setenv ("TZ", old_tz, TRUE);
  else
    g_unsetenv ("TZ");
}

static void
test_history_search_delete (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStoreHistoryFilter filter = { 0 };
  CassinoStoreHistoryCursor cursor = { 0 }, at = { 0 };
  gint64 ids[12];
  guint count = 0;
  gint64 dora;
  g_autoptr(CassinoStoreRating) before = NULL;
  g_autoptr(CassinoStoreRating) after = NULL;
  g_autoptr(CassinoStoreRating) rebuilt = NULL;
  g_autoptr(GArray) months = NULL;
  g_autoptr(GArray) bins = NULL;
  CassinoStoreStatsFilter all = { NULL, 0 };
  guint in_bins = 0, in_months = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 300 + i,
                                                  i % 3 == 0 ? "Dora" : "Edgar_%", "medium");
      g_autofree char *start = g_strdup_printf ("2026-02-%02uT10:00:00Z", i + 1);
      g_autofree char *end = g_strdup_printf ("2026-02-%02uT11:00:00Z", i + 1);

      cassino_game_set_tag (game, "Start", start);
      cassino_game_set_tag (game, "End", end);
      ids[i] = cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }

  /* search by a seat's name: case-insensitive, % and _ are literal */
  filter.name = "dor";
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 4);
  filter.name = "_%";
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 8);
  filter.name = "Computer";
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 12);
  filter.name = "";
  g_assert_true (cassino_store_count_history (f->store, &filter, &count, &error));
  g_assert_cmpuint (count, ==, 12);

  /* the cursor at an offset is the one the pages before it end with */
  for (guint offset = 0; offset <= 12; offset += 3)
    {
      g_autoptr(GPtrArray) page = NULL;

      g_assert_true (cassino_store_get_history_cursor (f->store, NULL, offset, &at, &error));
      if (offset < 12)
        {
          g_assert_cmpint (at.id, ==, cursor.id);
          g_assert_cmpint (at.started, ==, cursor.started);
        }
      page = cassino_store_get_history_page (f->store, NULL, &cursor, 3, &cursor, &error);
      g_assert_no_error (error);
      if (offset < 12)
        g_assert_cmpint (((CassinoStoreGameSummary *) page->pdata[0])->id, ==, ids[11 - offset]);
    }
  g_assert_true (cassino_store_get_history_cursor (f->store, NULL, 40, &at, &error));
  g_assert_cmpint (at.id, ==, 0);

  /* months and points per deal cover every finished game */
  dora = cassino_store_find_human (f->store, "Dora", &error);
  months = cassino_store_get_player_months (f->store, dora, &all, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < months->len; i++)
    {
      CassinoStoreMonth *m = &g_array_index (months, CassinoStoreMonth, i);

      g_assert_cmpuint (m->year, ==, 2026);
      in_months += m->games;
    }
  g_assert_cmpuint (in_months, ==, 4);
  bins = cassino_store_get_points_per_deal_histogram (f->store, dora, &all, 12, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bins->len, ==, 12);
  for (guint i = 0; i < bins->len; i++)
    in_bins += g_array_index (bins, guint, i);
  g_assert_cmpuint (in_bins, ==, 4);

  /* delete Dora's first game: the later ratings are those of a database
   * that never had it */
  before = cassino_store_get_rating (f->store, dora, "classic", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (before->games, ==, 4);
  g_assert_true (cassino_store_delete_game (f->store, ids[0], &error));
  g_assert_no_error (error);
  g_assert_false (cassino_store_delete_game (f->store, ids[0], &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_assert_true (cassino_store_count_history (f->store, NULL, &count, &error));
  g_assert_cmpuint (count, ==, 11);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM deals WHERE game_id = 1"), ==, 0);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM seat_stats WHERE game_id = 1"), ==, 0);
  after = cassino_store_get_rating (f->store, dora, "classic", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (after->games, ==, 3);
  g_assert_true (cassino_store_rebuild_ratings (f->store, &error));
  rebuilt = cassino_store_get_rating (f->store, dora, "classic", &error);
  g_assert_cmpfloat_with_epsilon (after->glicko.rating, rebuilt->glicko.rating, 1e-9);
  g_assert_cmpfloat_with_epsilon (after->glicko.rd, rebuilt->glicko.rd, 1e-9);
  g_assert_cmpfloat (fabs (after->glicko.rating - before->glicko.rating), >, 1e-6);
}

/* @text with the first @from replaced by @to. */
static char *
replace_first (const char *text,
               const char *from,
               const char *to)
{
  const char *at = strstr (text, from);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, to, at + strlen (from));
}

/* The GameId of a record names its game only when the record is that
 * game: an edited record of a game played here is not skipped as "already
 * present" without a word, and a record carrying another game's content
 * key is imported as the game it is (it kept that game out). */
static void
test_import_game_id_checked (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  CassinoGame *played = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 9, "Dan", "easy");
  CassinoGame *a = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 61, "Eve", "medium");
  CassinoGame *b = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 62, "Eve", "medium");
  CassinoStoreImportReport report = { 0 };
  g_autofree char *played_text = NULL, *edited = NULL, *a_text = NULL, *b_text = NULL;
  g_autofree char *a_key = NULL, *b_key = NULL, *forged = NULL;
  g_autofree char *dir2 = store_test_tmpdir ();
  g_autofree char *path2 = g_build_filename (dir2, "other.db", NULL);
  CassinoStore *other;
  gint64 played_id, a_id, b_id;
  guint count = 0;

  played_id = record_incrementally (f->store, played, 30, rand);
  a_id = cassino_store_record_game (f->store, a, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  b_id = cassino_store_record_game (f->store, b, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  played_text = export_to_string (f->store, CASSINO_STORE_EXPORT_GAME, played_id, &count);
  a_text = export_to_string (f->store, CASSINO_STORE_EXPORT_GAME, a_id, &count);
  b_text = export_to_string (f->store, CASSINO_STORE_EXPORT_GAME, b_id, &count);
  a_key = cassino_store_get_game_key (f->store, a_id, &error);
  b_key = cassino_store_get_game_key (f->store, b_id, &error);
  {
    g_autofree char *played_key = cassino_store_get_game_key (f->store, played_id, &error);

    /* (a game played here: its key is no hash of its moves) */
    g_assert_no_error (error);
    g_assert_true (g_str_has_prefix (played_key, "uuid:"));
  }

  /* the record as it was: already there */
  g_assert_true (cassino_store_import_records (f->store, played_text, -1, &report, &error));
  g_assert_cmpuint (report.skipped, ==, 1);
  g_assert_cmpuint (report.failed, ==, 0);
  cassino_store_import_report_clear (&report);

  /* a seat renamed in it: refused, saying why */
  edited = replace_first (played_text, "\"Dan\"", "\"Danielle\"");
  g_assert_true (cassino_store_import_records (f->store, edited, -1, &report, &error));
  g_assert_cmpuint (report.imported, ==, 0);
  g_assert_cmpuint (report.skipped, ==, 0);
  g_assert_cmpuint (report.failed, ==, 1);
  {
    g_autofree char *said = g_strdup_printf ("is that of game %" G_GINT64_FORMAT ", which differs from it", played_id);

    g_assert_nonnull (strstr (report.messages->pdata[0], said));
  }
  cassino_store_import_report_clear (&report);

  /* game b's record with game a's key, then a's own record: both games */
  forged = replace_first (b_text, b_key, a_key);
  other = cassino_store_open (path2, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_import_records (other, forged, -1, &report, &error));
  g_assert_cmpuint (report.imported, ==, 1);
  cassino_store_import_report_clear (&report);
  g_assert_true (cassino_store_import_records (other, a_text, -1, &report, &error));
  g_assert_cmpuint (report.imported, ==, 1);
  g_assert_cmpuint (report.skipped, ==, 0);
  cassino_store_import_report_clear (&report);
  g_assert_cmpint (cassino_store_find_game (other, a_key, &error), >, 0);
  g_assert_cmpint (cassino_store_find_game (other, b_key, &error), >, 0);

  g_assert_finalize_object (other);
  store_test_rmdir (dir2);
  cassino_game_unref (played);
  cassino_game_unref (a);
  cassino_game_unref (b);
}

static void
test_export_import (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir2 = store_test_tmpdir ();
  g_autofree char *path2 = g_build_filename (dir2, "other.db", NULL);
  CassinoStore *other;
  CassinoStoreImportReport report = { 0 };
  g_autofree char *all = NULL;
  g_autofree char *one = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (8);
  CassinoGame *unfinished = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 8, "Dan", "easy");
  g_autoptr(GPtrArray) parsed = NULL;
  gint64 ids[4];
  guint count = 0;

  for (guint i = 0; i < 3; i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 50 + i, "Dan", "medium");

      ids[i] = cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  ids[3] = record_incrementally (f->store, unfinished, 20, rand);
  cassino_game_unref (unfinished);

  all = export_to_string (f->store, CASSINO_STORE_EXPORT_ALL, 0, &count);
  g_assert_cmpuint (count, ==, 4);
  one = export_to_string (f->store, CASSINO_STORE_EXPORT_GAME, ids[1], &count);
  g_assert_cmpuint (count, ==, 1);
  parsed = cassino_record_read (one, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (parsed->len, ==, 1);

  other = cassino_store_open (path2, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_import_records (other, all, -1, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report.imported, ==, 4);
  g_assert_cmpuint (report.skipped, ==, 0);
  g_assert_cmpuint (report.failed, ==, 0);

  /* a second time: everything is already there */
  cassino_store_import_report_clear (&report);
  g_assert_true (cassino_store_import_records (other, all, -1, &report, &error));
  g_assert_cmpuint (report.imported, ==, 0);
  g_assert_cmpuint (report.skipped, ==, 4);
  cassino_store_import_report_clear (&report);
  g_assert_true (cassino_store_import_records (f->store, one, -1, &report, &error));
  g_assert_cmpuint (report.skipped, ==, 1);
  cassino_store_import_report_clear (&report);

  /* the same games, move for move, with their times */
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *key = cassino_store_get_game_key (f->store, ids[i], &error);
      gint64 id2 = cassino_store_find_game (other, key, &error);
      CassinoGame *a = cassino_store_load_game (f->store, ids[i], &error);
      CassinoGame *b = cassino_store_load_game (other, id2, &error);
      g_autoptr(CassinoStoreGameSummary) sa = cassino_store_get_game_summary (f->store, ids[i], &error);
      g_autoptr(CassinoStoreGameSummary) sb = cassino_store_get_game_summary (other, id2, &error);

      g_assert_no_error (error);
      g_assert_cmpint (id2, >, 0);
      assert_games_equal (a, b);
      g_assert_cmpint (sa->started, ==, sb->started);
      g_assert_cmpstr (sa->state, ==, sb->state);
      cassino_game_unref (a);
      cassino_game_unref (b);
    }

  /* not a record at all */
  g_assert_false (cassino_store_import_records (other, "[Cassino \"1\"]\nDeal nonsense", -1, &report, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpint (query_int (other, "SELECT count(*) FROM games"), ==, 4);

  {
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

    g_assert_false (cassino_store_export_records (f->store, CASSINO_STORE_EXPORT_RUBBER, 77, out, NULL, NULL, &error));
    g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }

  /* CSV */
  {
    g_auto(GStrv) lines = export_csv_lines (f->store, FALSE);

    g_assert_cmpuint (g_strv_length (lines), ==, 6);   /* header, 4 games, "" */
    g_assert_true (g_str_has_prefix (lines[0], "id,key,started,ended,preset,players,state"));
    g_assert_nonnull (strstr (lines[1], ",Dan,"));
    g_assert_nonnull (strstr (lines[4], ",playing,"));
  }
  {
    g_auto(GStrv) lines = export_csv_lines (f->store, TRUE);
    g_autofree char *dan_all = NULL;

    g_assert_true (g_str_has_prefix (lines[0], "player_id,name,preset,players,games,wins"));
    /* Dan: all, classic/2; the computer: all, classic/2 */
    g_assert_cmpuint (g_strv_length (lines), ==, 6);
    dan_all = g_strdup_printf ("%" G_GINT64_FORMAT ",Dan,all,0,3,",
                               cassino_store_find_human (f->store, "Dan", NULL));
    g_assert_true (g_str_has_prefix (lines[1], dan_all));
  }

  g_assert_finalize_object (other);
  store_test_rmdir (dir2);
}

/* Damaged files */

static guint
count_corrupt_files (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while ((name = g_dir_read_name (d)) != NULL)
    if (strstr (name, ".corrupt-") != NULL)
      n++;
  g_dir_close (d);
  return n;
}

static void
test_corrupt_garbage (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autoptr(GString) garbage = g_string_new (NULL);
  g_autofree char *moved_text = NULL;
  g_autofree char *moved_wal = NULL;
  CassinoStore *store;
  const char *moved;

  for (guint i = 0; i < 400; i++)
    g_string_append (garbage, "this is not a database. ");
  g_assert_true (g_file_set_contents (path, garbage->str, garbage->len, NULL));
  g_assert_true (g_file_set_contents (wal, "not a wal", -1, NULL));

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  moved = cassino_store_get_moved_aside_path (store);
  g_assert_nonnull (moved);
  g_assert_true (g_str_has_prefix (moved, path));
  g_assert_nonnull (strstr (moved, ".corrupt-"));
  g_assert_true (g_file_get_contents (moved, &moved_text, NULL, NULL));
  g_assert_cmpstr (moved_text, ==, garbage->str);
  moved_wal = g_strconcat (moved, "-wal", NULL);
  g_assert_true (g_file_test (moved_wal, G_FILE_TEST_EXISTS));

  /* a working new database */
  g_assert_cmpint (cassino_store_add_human (store, "Alice", &error), ==, 1);
  g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, cassino_store_get_schema_version ());
  g_assert_finalize_object (store);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 2);

  /* and it opens again without being moved */
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_null (cassino_store_get_moved_aside_path (store));
  g_assert_cmpint (cassino_store_find_human (store, "Alice", NULL), ==, 1);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

static void
test_corrupt_truncated (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *contents = NULL;
  gsize len;
  CassinoStore *store;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 8; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "easy");

      g_assert_cmpint (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      cassino_game_unref (game);
    }
  g_assert_finalize_object (store);

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 16 * 4096);
  g_assert_true (g_file_set_contents (path, contents, (gssize) (len / 2), NULL));

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cassino_store_get_moved_aside_path (store));
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM games"), ==, 0);
  g_assert_finalize_object (store);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 1);
  store_test_rmdir (dir);
}

static void
test_corrupt_newer (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *sql = g_strdup_printf ("PRAGMA user_version = %u", cassino_store_get_schema_version () + 1);
  CassinoStore *store;
  CassinoSqlite *db;
  gint64 version = 0;

  store = cassino_store_open (path, &error);
  g_assert_cmpint (cassino_store_add_human (store, "Alice", &error), ==, 1);
  g_assert_finalize_object (store);
  db = cassino_sqlite_open (path, FALSE, &error);
  g_assert_true (cassino_sqlite_exec (db, sql, &error));
  cassino_sqlite_close (db);

  store = cassino_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "newer"));
  g_clear_error (&error);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);

  db = cassino_sqlite_open (path, FALSE, &error);
  g_assert_true (cassino_sqlite_query_int64 (db, "PRAGMA user_version", 0, &version, &error));
  g_assert_cmpint (version, ==, cassino_store_get_schema_version () + 1);
  g_assert_true (cassino_sqlite_query_int64 (db, "SELECT count(*) FROM players", 0, &version, &error));
  g_assert_cmpint (version, ==, 1);
  cassino_sqlite_close (db);
  store_test_rmdir (dir);
}

static void
test_corrupt_foreign (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "places.sqlite", NULL);
  CassinoSqlite *db;
  CassinoStore *store;

  db = cassino_sqlite_open (path, TRUE, &error);
  g_assert_true (cassino_sqlite_exec (db, "CREATE TABLE bookmarks (url TEXT)", &error));
  cassino_sqlite_close (db);

  store = cassino_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_FOREIGN);
  g_clear_error (&error);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  store_test_rmdir (dir);
}

/* A schema that does not match its version is damage too. */
static void
test_corrupt_schema (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  CassinoStore *store;
  CassinoSqlite *db;

  store = cassino_store_open (path, &error);
  g_assert_finalize_object (store);
  db = cassino_sqlite_open (path, FALSE, &error);
  g_assert_true (cassino_sqlite_exec (db, "DROP TABLE ratings", &error));
  cassino_sqlite_close (db);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cassino_store_get_moved_aside_path (store));
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM ratings"), ==, 0);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

static void
test_empty_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "sub", "dir", "cassino.db", NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  CassinoStore *store;

  /* missing folders are made; an empty file is a new database */
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_finalize_object (store);
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_null (cassino_store_get_moved_aside_path (store));
  g_assert_finalize_object (store);
  g_assert_cmpuint (count_corrupt_files (parent), ==, 0);
  g_unlink (path);
  {
    g_autofree char *wal = g_strconcat (path, "-wal", NULL);
    g_autofree char *shm = g_strconcat (path, "-shm", NULL);
    g_autofree char *sub = g_path_get_dirname (parent);

    g_unlink (wal);
    g_unlink (shm);
    g_rmdir (parent);
    g_rmdir (sub);
  }
  store_test_rmdir (dir);
}

static void
test_unreadable (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  CassinoStore *store;

  if (geteuid () == 0)
    {
      g_test_skip ("file permissions do not apply to root");
      return;
    }
  dir = store_test_tmpdir ();
  path = g_build_filename (dir, "cassino.db", NULL);
  store = cassino_store_open (path, &error);
  g_assert_finalize_object (store);
  g_assert_cmpint (g_chmod (path, 0), ==, 0);
  store = cassino_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  g_chmod (path, 0600);
  store_test_rmdir (dir);
}

/* Whether every row of game @id can be read in @db (the test's own
 * queries, not the store's): its row, seats, sides, tags, deals, and the
 * moves and scores of each deal. */
static gboolean
game_readable (sqlite3 *db,
               gint64   id)
{
  static const char *const by_game[] = {
    "SELECT * FROM games WHERE id = ?1", "SELECT * FROM game_seats WHERE game_id = ?1",
    "SELECT * FROM game_sides WHERE game_id = ?1", "SELECT * FROM game_tags WHERE game_id = ?1",
  };
  g_autoptr(GArray) deals = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = NULL;
  int rc;

  for (guint i = 0; i < G_N_ELEMENTS (by_game); i++)
    {
      g_assert_cmpint (sqlite3_prepare_v2 (db, by_game[i], -1, &stmt, NULL), ==, SQLITE_OK);
      sqlite3_bind_int64 (stmt, 1, id);
      while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
        ;
      sqlite3_finalize (stmt);
      if (rc != SQLITE_DONE)
        return FALSE;
    }
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT id FROM deals WHERE game_id = ?1", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint64 deal = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (deals, deal);
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    return FALSE;
  for (guint d = 0; d < deals->len; d++)
    for (guint i = 0; i < 2; i++)
      {
        g_assert_cmpint (sqlite3_prepare_v2 (db, i ? "SELECT * FROM deal_scores WHERE deal_id = ?1"
                                                   : "SELECT * FROM moves WHERE deal_id = ?1",
                                             -1, &stmt, NULL), ==, SQLITE_OK);
        sqlite3_bind_int64 (stmt, 1, g_array_index (deals, gint64, d));
        while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
          ;
        sqlite3_finalize (stmt);
        if (rc != SQLITE_DONE)
          return FALSE;
      }
  return TRUE;
}

/* The pages of @name (a table or an index) in the database open as @db,
 * of @pagetype ("leaf", "internal"; NULL: every page), in page order. */
static GArray *
object_pages (sqlite3    *db,
              const char *name,
              const char *pagetype)
{
  GArray *pages = g_array_new (FALSE, FALSE, sizeof (gint64));
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT pageno FROM dbstat WHERE name = ?1 "
                                           "AND (?2 IS NULL OR pagetype = ?2) ORDER BY pageno",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, pagetype, -1, SQLITE_STATIC);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint64 page = sqlite3_column_int64 (stmt, 0);

      g_array_append_val (pages, page);
    }
  sqlite3_finalize (stmt);
  return pages;
}

/* Games 1 to @n of @store replay, each to its end. */
static void
assert_games_over (CassinoStore *store,
                   gint64        n)
{
  for (gint64 id = 1; id <= n; id++)
    {
      g_autoptr(GError) error = NULL;
      CassinoGame *game = cassino_store_load_game (store, id, &error);

      g_assert_no_error (error);
      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
      cassino_game_unref (game);
    }
}

/* The plays of every deal of @game. */
static guint
plays_of_game (CassinoGame *game)
{
  guint n = 0;

  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    n += cassino_game_get_deal (game, d)->plays->len;
  return n;
}

/* One damaged page of a 20-game database: the games on the other pages
 * are saved into the new database (whole: each replays), the damaged
 * file is kept, and the counts told are true. */
/* A salvage cut short (the program killed while it copied): the file
 * moved aside is there, and at the database's name a sound file with some
 * of the games or none, which the next open took for the database ("0
 * games", and nothing said).  A reader says so; the next open that may
 * salvage starts again from the file moved aside. */
static void
test_salvage_cut_short (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *moved = g_build_filename (dir, "cassino.db.corrupt-20261125-120000", NULL);
  g_autofree char *marker = g_build_filename (dir, "cassino.db.salvaging", NULL);
  CassinoStore *store;
  guint saved = 0, lost = 0;

  store_test_fill (path, 20);
  /* the state a kill leaves: moved aside, a new file begun, the marker */
  g_assert_cmpint (g_rename (path, moved), ==, 0);
  store_test_fill (path, 0);
  g_assert_true (g_file_set_contents (marker, "cassino.db.corrupt-20261125-120000", -1, &error));

  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  g_assert_null (store);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "was being saved from the damaged file"));
  g_clear_error (&error);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
  g_assert_cmpuint (saved, ==, 20);
  g_assert_cmpuint (lost, ==, 0);
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM games"), ==, 20);
  g_assert_false (g_file_test (marker, G_FILE_TEST_EXISTS));
  g_assert_finalize_object (store);

  /* done: the next open is a plain one */
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (cassino_store_get_salvage_counts (store, NULL, NULL));
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* Every page of the games table and of their tags zeroed: every deal and
 * move still reads, so every game is made again from them, without its
 * tags (a game whose tags could not be copied was thrown away whole: "0
 * saved, 20 lost"). */
static void
test_salvage_games_and_tags (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autoptr(GArray) pages = NULL;
  g_autoptr(GArray) tag_pages = NULL;
  CassinoStore *store;
  sqlite3 *db;
  gint64 page_size;
  guint saved = 0, lost = 0;

  store_test_fill (path, 20);
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  page_size = query_int (store, "PRAGMA page_size");
  g_assert_finalize_object (store);
  db = store_test_open_reader (path);
  pages = object_pages (db, "games", "leaf");
  tag_pages = object_pages (db, "game_tags", "leaf");
  sqlite3_close (db);
  g_assert_cmpuint (tag_pages->len, >, 0);
  g_array_append_vals (pages, tag_pages->data, tag_pages->len);
  for (guint i = 0; i < pages->len; i++)
    store_test_damage_page (path, g_array_index (pages, gint64, i), page_size, 0);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
  g_test_message ("%u pages zeroed: %u saved, %u lost", pages->len, saved, lost);
  g_assert_cmpuint (saved, ==, 20);
  g_assert_cmpuint (lost, ==, 0);
  assert_games_over (store, 20);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* Bits flipped here and there in a leaf page of the moves (a failing
 * disk, not a page overwritten): SQLite reads such a page without an
 * error, with moves left out or their text garbled.  Every game the
 * salvage keeps replays whole, with all its moves; the others are counted
 * lost ("60 saved, 0 lost" kept games cut short, and games that did not
 * replay).  Twelve trials, each on the same database with other bits. */
static void
test_salvage_bit_flips (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *pristine = g_build_filename (dir, "pristine.db", NULL);
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autoptr(GHashTable) moves = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GArray) leaves = NULL;
  g_autofree char *original = NULL;
  gsize length = 0;
  CassinoStore *store;
  sqlite3 *db;
  gint64 page_size;
  guint damaged_trials = 0;

  store = cassino_store_open (pristine, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "easy");
      gint64 id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);

      g_assert_no_error (error);
      g_hash_table_insert (moves, GINT_TO_POINTER ((gint) id), GUINT_TO_POINTER (plays_of_game (game)));
      cassino_game_unref (game);
    }
  page_size = query_int (store, "PRAGMA page_size");
  g_assert_finalize_object (store);
  db = store_test_open_reader (pristine);
  leaves = object_pages (db, "moves", "leaf");
  sqlite3_close (db);
  g_assert_true (g_file_get_contents (pristine, &original, &length, &error));

  for (guint trial = 0; trial < 12; trial++)
    {
      g_autoptr(GRand) rand = g_rand_new_with_seed (2342 + trial);
      gint64 page = g_array_index (leaves, gint64, (trial * 7) % leaves->len);
      g_autofree char *bytes = g_memdup2 (original, length);
      guint saved = 0, lost = 0;

      for (guint k = 0; k < 19; k++)
        {
          gsize at = (gsize) ((page - 1) * page_size) + (gsize) g_rand_int_range (rand, 0, (gint32) page_size);

          bytes[at] ^= (char) (1 << g_rand_int_range (rand, 0, 8));
        }
      g_assert_true (g_file_set_contents (path, bytes, (gssize) length, &error));
      store = cassino_store_open (path, &error);
      g_assert_no_error (error);
      if (cassino_store_get_salvage_counts (store, &saved, &lost))
        {
          g_autoptr(GArray) ids = cassino_sqlite_query_ids (_cassino_store_get_db (store), &error,
                                                            "SELECT id FROM games ORDER BY id", "");

          damaged_trials++;
          g_test_message ("trial %u, page %" G_GINT64_FORMAT ": %u saved, %u lost", trial, page, saved, lost);
          g_assert_no_error (error);
          g_assert_cmpuint (saved + lost, ==, 20);
          g_assert_cmpuint (ids->len, ==, saved);
          for (guint i = 0; i < ids->len; i++)
            {
              gint64 id = g_array_index (ids, gint64, i);
              CassinoGame *game = cassino_store_load_game (store, id, &error);

              g_assert_no_error (error);
              g_assert_cmpuint (plays_of_game (game), ==,
                                GPOINTER_TO_UINT (g_hash_table_lookup (moves, GINT_TO_POINTER ((gint) id))));
              g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
              cassino_game_unref (game);
            }
          g_unlink (cassino_store_get_moved_aside_path (store));
        }
      g_assert_finalize_object (store);
      g_unlink (path);
    }
  g_test_message ("%u of 12 trials found the file damaged", damaged_trials);
  g_assert_cmpuint (damaged_trials, >, 0);
  store_test_rmdir (dir);
}

static void
test_salvage_one_page (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autoptr(GArray) leaves = NULL;
  g_autoptr(GHashTable) moves = g_hash_table_new (g_direct_hash, g_direct_equal);
  CassinoStore *store;
  sqlite3 *db = NULL;
  gint64 page_size, page;
  guint readable = 0, saved = 0, lost = 0;
  const char *moved;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "easy");
      gint64 id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      guint n = 0;

      g_assert_no_error (error);
      n = plays_of_game (game);
      g_hash_table_insert (moves, GINT_TO_POINTER ((gint) id), GUINT_TO_POINTER (n));
      cassino_game_unref (game);
    }
  page_size = query_int (store, "PRAGMA page_size");
  g_assert_finalize_object (store);     /* the last connection: WAL folded in */

  /* a leaf page of the moves table, in the middle, overwritten */
  db = store_test_open_reader (path);
  leaves = object_pages (db, "moves", "leaf");
  sqlite3_close (db);
  g_assert_cmpuint (leaves->len, >, 4);
  page = g_array_index (leaves, gint64, leaves->len / 2);
  store_test_damage_page (path, page, page_size, 0xa5);

  /* what can still be read, by the test's own queries */
  db = store_test_open_reader (path);
  for (gint64 id = 1; id <= 20; id++)
    readable += game_readable (db, id);
  sqlite3_close (db);
  g_test_message ("page %" G_GINT64_FORMAT " of %u moves leaves damaged: %u of 20 games readable",
                  page, leaves->len, readable);
  g_assert_cmpuint (readable, <, 20);
  g_assert_cmpuint (readable, >=, 17);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  moved = cassino_store_get_moved_aside_path (store);
  g_assert_nonnull (moved);
  g_assert_true (g_file_test (moved, G_FILE_TEST_IS_REGULAR));
  g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
  g_test_message ("salvage: %u saved, %u lost", saved, lost);
  g_assert_cmpuint (saved, >=, readable);
  g_assert_cmpuint (saved + lost, ==, 20);
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM games"), ==, saved);
  g_assert_true (cassino_store_check_integrity (store, &error));
  g_assert_no_error (error);
  /* every game saved is whole: it replays with all its moves */
  {
    g_autoptr(GArray) ids = cassino_sqlite_query_ids (_cassino_store_get_db (store), &error,
                                                      "SELECT id FROM games ORDER BY id", "");

    g_assert_no_error (error);
    for (guint i = 0; i < ids->len; i++)
      {
        gint64 id = g_array_index (ids, gint64, i);
        CassinoGame *game = cassino_store_load_game (store, id, &error);
        guint n = 0;

        g_assert_no_error (error);
        n = plays_of_game (game);
        g_assert_cmpuint (n, ==, GPOINTER_TO_UINT (g_hash_table_lookup (moves, GINT_TO_POINTER ((gint) id))));
        g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
        cassino_game_unref (game);
      }
  }
  /* the statistics are computed again from what was saved */
  g_assert_cmpint (query_int (store, "SELECT count(DISTINCT game_id) FROM seat_stats"), ==, saved);
  g_assert_finalize_object (store);

  /* and the new database opens again as it is */
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (cassino_store_get_salvage_counts (store, NULL, NULL));
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* Every row of @sql, one line each, its columns as text. */
static char *
table_rows (sqlite3    *db,
            const char *sql)
{
  GString *rows = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        g_string_append_printf (rows, "%s%s", i ? "|" : "",
                                sqlite3_column_type (stmt, i) == SQLITE_NULL ? "NULL"
                                : (const char *) sqlite3_column_text (stmt, i));
      g_string_append_c (rows, '\n');
    }
  sqlite3_finalize (stmt);
  return g_string_free (rows, FALSE);
}

/* Every row of game_sides, one line each. */
static char *
game_sides_rows (sqlite3 *db)
{
  GString *rows = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT game_id, side, score FROM game_sides ORDER BY 1, 2",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (rows, "%lld|%d|%d\n", (long long) sqlite3_column_int64 (stmt, 0),
                            sqlite3_column_int (stmt, 1), sqlite3_column_int (stmt, 2));
  sqlite3_finalize (stmt);
  return g_string_free (rows, FALSE);
}

/* Every game row of @store, each column as text, one line a game. */
static char *
games_rows (sqlite3 *db)
{
  GString *rows = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT id, game_key, ruleset_id, rubber_id, seed, first_dealer, "
                                           "source, state, started, termination, winner_side, value "
                                           "FROM games ORDER BY id", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int i = 0; i < sqlite3_column_count (stmt); i++)
        g_string_append_printf (rows, "%s%s", i ? "|" : "",
                                sqlite3_column_type (stmt, i) == SQLITE_NULL ? "NULL"
                                : (const char *) sqlite3_column_text (stmt, i));
      g_string_append_c (rows, '\n');
    }
  sqlite3_finalize (stmt);
  return g_string_free (rows, FALSE);
}

/* A damaged leaf page of games itself: the rows of some thirty games are
 * gone, but their seats, deals and moves are on other pages and the
 * indexes on games still hold their rules, start and key.  Every game is
 * rebuilt: the same row (the end's time aside: a game rebuilt so ends
 * when it started), the same moves, finished or not as it was. */
static void
test_salvage_games_page (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GArray) leaves = NULL;
  g_autoptr(GHashTable) moves = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  CassinoStore *store;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 page_size, unfinished = 0, abandoned = 0;
  guint unreadable = 0, saved = 0, lost = 0;
  const guint n_games = 70;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= n_games; seed++)
    {
      CassinoPreset preset = seed % 3 == 0 ? CASSINO_PRESET_SCOPA : CASSINO_PRESET_CLASSIC;
      CassinoGame *game;
      gint64 id;
      guint n = 0;

      if (seed == 20 || seed == 21)
        {
          /* one left being played, one given up */
          game = store_test_new_game (preset, 2, seed, "Alice", "easy");
          id = record_incrementally (store, game, 12, rand);
          if (seed == 20)
            unfinished = id;
          else
            {
              abandoned = id;
              g_assert_true (cassino_store_abandon_game (store, id, &error));
              g_assert_no_error (error);
            }
        }
      else
        {
          game = store_test_random_game (preset, 2, seed, "Alice", seed % 2 ? "easy" : "hard");
          id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
          g_assert_no_error (error);
        }
      n = plays_of_game (game);
      g_hash_table_insert (moves, GINT_TO_POINTER ((gint) id), GUINT_TO_POINTER (n));
      cassino_game_unref (game);
    }
  page_size = query_int (store, "PRAGMA page_size");
  g_assert_finalize_object (store);

  db = store_test_open_reader (path);
  before = games_rows (db);
  leaves = object_pages (db, "games", "leaf");
  sqlite3_close (db);
  g_assert_cmpuint (leaves->len, >=, 2);
  /* the first leaf: the unfinished and the abandoned game are on it */
  store_test_damage_page (path, g_array_index (leaves, gint64, 0), page_size, 0xa5);

  db = store_test_open_reader (path);
  for (gint64 id = 1; id <= n_games; id++)
    {
      g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT * FROM games WHERE id = ?1", -1, &stmt, NULL), ==, SQLITE_OK);
      sqlite3_bind_int64 (stmt, 1, id);
      unreadable += sqlite3_step (stmt) != SQLITE_ROW;
      if (id == unfinished || id == abandoned)
        g_assert_cmpint (sqlite3_reset (stmt), !=, SQLITE_OK);
      sqlite3_finalize (stmt);
    }
  sqlite3_close (db);
  g_test_message ("a leaf of games damaged: %u of %u game rows unreadable", unreadable, n_games);
  g_assert_cmpuint (unreadable, >=, 20);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
  g_assert_cmpuint (saved, ==, n_games);
  g_assert_cmpuint (lost, ==, 0);
  g_assert_true (cassino_store_check_integrity (store, &error));
  g_assert_no_error (error);
  after = games_rows (cassino_sqlite_get_handle (_cassino_store_get_db (store)));
  g_assert_cmpstr (after, ==, before);
  /* a rebuilt finished game ends when it started (its end is lost) */
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM games WHERE state = 'finished' AND ended IS NULL"), ==, 0);
  for (gint64 id = 1; id <= n_games; id++)
    {
      CassinoGame *game = cassino_store_load_game (store, id, &error);
      guint n = 0;

      g_assert_no_error (error);
      n = plays_of_game (game);
      g_assert_cmpuint (n, ==, GPOINTER_TO_UINT (g_hash_table_lookup (moves, GINT_TO_POINTER ((gint) id))));
      g_assert_cmpint (cassino_game_get_state (game) == CASSINO_GAME_OVER, ==,
                       id != unfinished && id != abandoned);
      cassino_game_unref (game);
    }
  {
    g_autoptr(GPtrArray) playing = cassino_store_list_unfinished_games (store, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (playing->len, ==, 1);
    g_assert_cmpint (((CassinoStoreGameSummary *) playing->pdata[0])->id, ==, unfinished);
  }
  g_assert_cmpint (query_int (store, "SELECT count(DISTINCT game_id) FROM seat_stats"), ==, n_games - 2);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* The first page damaged: SQLite's header and the schema (where every
 * table begins) are gone, and SQLite cannot open the file at all.  Read
 * page by page, every game is saved as it was: the same rows, the same
 * scores, the same moves; the unfinished game can be resumed.  Nothing is
 * left beside the file but the damaged one, moved aside. */
static void
test_salvage_first_page (gconstpointer data)
{
  gboolean and_moves = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *before = NULL, *after = NULL, *sides_before = NULL, *sides_after = NULL;
  g_autoptr(GHashTable) moves = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GDir) listing = NULL;
  CassinoStore *store;
  sqlite3 *db;
  gint64 page_size, unfinished = 0;
  guint saved = 0, lost = 0, files = 0;
  const char *name;
  const guint n_games = 30;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= n_games; seed++)
    {
      CassinoPreset preset = seed % 3 == 0 ? CASSINO_PRESET_SCOPA : seed % 3 == 1 ? CASSINO_PRESET_CLASSIC
                                                                                 : CASSINO_PRESET_XERI;
      CassinoGame *game;
      gint64 id;
      guint n = 0;

      if (seed == 7)
        {
          game = store_test_new_game (preset, 2, seed, "Alice", "easy");
          id = unfinished = record_incrementally (store, game, 9, rand);
        }
      else
        {
          game = store_test_random_game (preset, 2, seed, seed % 2 ? "Alice" : "Bob", "hard");
          cassino_game_set_tag (game, "Event", "Club night");
          id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
          g_assert_no_error (error);
        }
      n = plays_of_game (game);
      g_hash_table_insert (moves, GINT_TO_POINTER ((gint) id), GUINT_TO_POINTER (n));
      cassino_game_unref (game);
    }
  page_size = query_int (store, "PRAGMA page_size");
  g_assert_finalize_object (store);

  db = store_test_open_reader (path);
  before = games_rows (db);
  sides_before = game_sides_rows (db);
  if (and_moves)
    {
      /* and a leaf of moves in the middle: its games are not whole */
      g_autoptr(GArray) leaves = object_pages (db, "moves", "leaf");

      g_assert_cmpuint (leaves->len, >, 4);
      store_test_damage_page (path, g_array_index (leaves, gint64, leaves->len / 2), page_size, 0x5a);
    }
  sqlite3_close (db);
  store_test_damage_page (path, 1, page_size, 0xa5);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
  g_test_message ("read page by page: %u saved, %u lost", saved, lost);
  g_assert_cmpuint (saved + lost, ==, n_games);
  if (and_moves)
    {
      g_assert_cmpuint (lost, >=, 1);
      g_assert_cmpuint (saved, >=, n_games - 4);
    }
  else
    g_assert_cmpuint (lost, ==, 0);
  g_assert_true (cassino_store_check_integrity (store, &error));
  g_assert_no_error (error);
  db = cassino_sqlite_get_handle (_cassino_store_get_db (store));
  after = games_rows (db);
  sides_after = game_sides_rows (db);
  if (!and_moves)
    {
      g_assert_cmpstr (after, ==, before);
      g_assert_cmpstr (sides_after, ==, sides_before);
    }
  else
    {
      /* every game saved is as it was */
      g_auto(GStrv) lines = g_strsplit (after, "\n", -1);
      g_autofree char *all_before = g_strconcat ("\n", before, NULL);

      for (guint i = 0; lines[i] && *lines[i]; i++)
        {
          g_autofree char *line = g_strconcat ("\n", lines[i], "\n", NULL);

          g_assert_nonnull (strstr (all_before, line));
        }
    }
  for (gint64 id = 1; id <= n_games; id++)
    {
      CassinoGame *game = cassino_store_load_game (store, id, and_moves ? NULL : &error);
      guint n = 0;

      if (game == NULL && and_moves)
        continue;     /* one of the games lost */

      g_assert_no_error (error);
      n = plays_of_game (game);
      g_assert_cmpuint (n, ==, GPOINTER_TO_UINT (g_hash_table_lookup (moves, GINT_TO_POINTER ((gint) id))));
      if (id != unfinished)
        g_assert_cmpstr (cassino_game_get_tag (game, "Event"), ==, "Club night");
      cassino_game_unref (game);
    }
  g_assert_cmpint (query_int (store, "SELECT count(*) FROM players WHERE kind = 0"), ==, 2);
  g_assert_cmpint (query_int (store, "SELECT count(DISTINCT game_id) FROM seat_stats"), ==,
                   query_int (store, "SELECT count(*) FROM games WHERE state = 'finished'"));
  g_assert_finalize_object (store);

  /* the file read page by page is gone; the damaged one is kept */
  listing = g_dir_open (dir, 0, NULL);
  while ((name = g_dir_read_name (listing)))
    {
      g_test_message ("left: %s", name);
      g_assert_null (strstr (name, ".pages"));
      /* (the -wal and -shm beside it are the test's reader's) */
      files += strstr (name, ".corrupt-") != NULL && !g_str_has_suffix (name, "-wal") &&
               !g_str_has_suffix (name, "-shm");
    }
  g_assert_cmpuint (files, ==, 1);
  store_test_rmdir (dir);
}

/* Read page by page, a file is hostile input: page 1 gone and garbage
 * written over parts of other pages (cell pointers, lengths, overflow
 * page numbers), 40 times over.  The open never fails, and every game
 * saved replays. */
static void
test_salvage_scan_hostile (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *clean = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261125);
  CassinoStore *store;
  gsize len;
  gint64 page_size;
  guint total_saved = 0;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= 12; seed++)
    {
      CassinoGame *game = store_test_random_game (seed % 2 ? CASSINO_PRESET_CLASSIC : CASSINO_PRESET_SCOPA,
                                                  2, seed, "Alice", "easy");

      cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  page_size = query_int (store, "PRAGMA page_size");
  g_assert_finalize_object (store);
  g_assert_true (g_file_get_contents (path, &clean, &len, NULL));

  for (guint round = 0; round < 40; round++)
    {
      g_autofree char *damaged = g_memdup2 (clean, len);
      guint n_pages = (guint) (len / page_size);
      g_autoptr(GArray) ids = NULL;
      guint saved = 0, lost = 0;

      memset (damaged, 0xa5, page_size);
      for (guint p = 0; p < 4; p++)
        {
          gsize page = (gsize) g_rand_int_range (rand, 1, (gint32) n_pages);

          for (guint b = 0; b < 48; b++)
            damaged[page * page_size + (gsize) g_rand_int_range (rand, 0, (gint32) page_size)] =
              (char) g_rand_int_range (rand, 0, 256);
        }
      store_test_rmdir (dir);
      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, damaged, (gssize) len, NULL));

      store = cassino_store_open (path, &error);
      g_assert_no_error (error);
      g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
      /* (garbage that reads as a seat or a deal of a game that never
       * was can add to the games counted lost, never to those saved) */
      g_assert_cmpuint (saved, <=, 12);
      total_saved += saved;
      ids = cassino_sqlite_query_ids (_cassino_store_get_db (store), &error, "SELECT id FROM games", "");
      g_assert_no_error (error);
      g_assert_cmpuint (ids->len, ==, saved);
      for (guint i = 0; i < ids->len; i++)
        {
          CassinoGame *game = cassino_store_load_game (store, g_array_index (ids, gint64, i), &error);

          g_assert_no_error (error);
          g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
          cassino_game_unref (game);
        }
      g_assert_finalize_object (store);
    }
  g_test_message ("40 hostile files: %u games saved in all", total_saved);
  g_assert_cmpuint (total_saved, >, 40 * 6);
  store_test_rmdir (dir);
}

/* The root page of a table damaged: of deals (an interior page: through
 * SQLite's b-trees no game has a deal left), players or rule sets (each
 * game names them: every game was lost).  A second pass reads the deals
 * on their leaves, and a player or a rule set is made again from its
 * index; every game is saved as it was, and so are the players and rule
 * sets. */
static void
test_salvage_table_root (gconstpointer data)
{
  /* "deals+index": its index too, so that only the pages themselves hold
   * the deals; "…/all": every page of the table, so that only its index
   * is left */
  gboolean and_index = g_str_equal (data, "deals+index");
  gboolean all_pages = g_str_has_suffix (data, "/all");
  g_autofree char *table = and_index ? g_strdup ("deals") : g_strndup (data, strcspn (data, "/"));
  gint64 index_root = 0;
  g_autofree char *select = g_str_equal (table, "game_seats")
    ? g_strdup ("SELECT game_id, seat, side, player_id FROM game_seats ORDER BY 1, 2")
    : g_str_equal (table, "deals")
    ? g_strdup ("SELECT id, game_id, number, dealer, seed, hex (deck), finished, last_cards, last_cards_side "
                "FROM deals ORDER BY id")
    : g_str_equal (table, "moves")
    ? g_strdup ("SELECT deal_id, ply, seat, card FROM moves ORDER BY 1, 2")
    : g_strdup_printf ("SELECT %s FROM %s ORDER BY id", g_str_equal (table, "players")
                       ? "id, kind, name, level, engine_version, archived" : "*", table);
  g_autofree char *rows_before = NULL, *rows_after = NULL;
  /* moves: the whole rows, and the deals' scores */
  const char *moves_select = "SELECT * FROM moves ORDER BY deal_id, ply";
  const char *scores_select = "SELECT * FROM deal_scores ORDER BY deal_id, side";
  g_autofree char *moves_before = NULL, *scores_before = NULL;
  gint64 root_cells = 0;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *before = NULL, *after = NULL;
  CassinoStore *store;
  sqlite3 *db;
  gint64 page_size, root;
  guint saved = 0, lost = 0;
  const guint n_games = 60;

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  for (guint64 seed = 1; seed <= n_games; seed++)
    {
      /* "moves/family": the fishing games in turn (six cards a hand, a
       * sweep that ends the deal, single-deal games) */
      CassinoPreset preset = g_str_equal (data, "moves/family")
        ? CASSINO_FIRST_FAMILY_PRESET + (CassinoPreset) (seed % 8) : CASSINO_PRESET_CLASSIC;
      CassinoGame *game = store_test_random_game (preset, preset == CASSINO_PRESET_SCOPONE ||
                                                  preset == CASSINO_PRESET_SCOPONE_SCIENTIFICO ? 4 : 2,
                                                  seed, "Alice", "medium");

      cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  page_size = query_int (store, "PRAGMA page_size");
  {
    g_autofree char *sql = g_strdup_printf ("SELECT rootpage FROM sqlite_master WHERE name = '%s'", table);

    root = query_int (store, sql);
    index_root = query_int (store, "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_deals_1'");
  }
  g_assert_finalize_object (store);

  db = store_test_open_reader (path);
  before = games_rows (db);
  rows_before = table_rows (db, select);
  moves_before = table_rows (db, moves_select);
  scores_before = table_rows (db, scores_select);
  {
    sqlite3_stmt *stmt = NULL;

    g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT pagetype, ncell FROM dbstat WHERE name = ?1 AND pageno = ?2",
                                         -1, &stmt, NULL), ==, SQLITE_OK);
    sqlite3_bind_text (stmt, 1, table, -1, SQLITE_STATIC);
    sqlite3_bind_int64 (stmt, 2, root);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    root_cells = sqlite3_column_int64 (stmt, 1);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==,
                     g_str_equal (table, "deals") || g_str_equal (table, "moves") ? "internal" : "leaf");
    sqlite3_finalize (stmt);
    if (all_pages)
      {
        g_autoptr(GArray) pages = object_pages (db, table, NULL);

        for (guint i = 0; i < pages->len; i++)
          store_test_damage_page (path, g_array_index (pages, gint64, i), page_size, 0xa5);
      }
  }
  sqlite3_close (db);
  store_test_damage_page (path, root, page_size, 0xa5);
  if (and_index)
    store_test_damage_page (path, index_root, page_size, 0xa5);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_salvage_counts (store, &saved, &lost));
  g_assert_cmpuint (saved, ==, n_games);
  g_assert_cmpuint (lost, ==, 0);
  after = games_rows (cassino_sqlite_get_handle (_cassino_store_get_db (store)));
  g_assert_cmpstr (after, ==, before);
  rows_after = table_rows (cassino_sqlite_get_handle (_cassino_store_get_db (store)), select);
  g_assert_cmpstr (rows_after, ==, rows_before);
  if (g_str_equal (table, "moves"))
    {
      /* every move of the root page is found again: the same card from
       * the same seat, and the same piles, sweeps and scores at the end of
       * its deal; where the record cannot tell a trail from a build of
       * the same cards (or a capture of fewer cards, the rest going to
       * the same side at the end), the first in canonical order */
      sqlite3 *handle = cassino_sqlite_get_handle (_cassino_store_get_db (store));
      g_autofree char *scores_after = table_rows (handle, scores_select);
      g_autofree char *moves_after = table_rows (handle, moves_select);
      g_auto(GStrv) lines_before = g_strsplit (moves_before, "\n", -1);
      g_auto(GStrv) lines_after = g_strsplit (moves_after, "\n", -1);
      guint differ = 0;

      g_assert_cmpstr (scores_after, ==, scores_before);
      g_assert_cmpuint (g_strv_length (lines_after), ==, g_strv_length (lines_before));
      for (guint i = 0; lines_before[i]; i++)
        differ += !g_str_equal (lines_before[i], lines_after[i]);
      g_test_message ("%" G_GINT64_FORMAT " moves on the root page; %u found again otherwise", root_cells, differ);
      g_assert_cmpint (root_cells, >=, 40);
      g_assert_cmpint (differ * 4, <=, root_cells);
    }
  assert_games_over (store, n_games);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* A move missing from a deal (its page lost) is found again by replaying
 * the deal: in the middle of the first deal, and as its last move (in
 * Callabra a sweep that ends the deal with cards still in hand), in every
 * kind of game.  The same card from the same seat; the game replays to
 * the same scores. */
static void
test_fill_move_gaps (void)
{
  static const CassinoPreset presets[] = {
    CASSINO_PRESET_CLASSIC, CASSINO_PRESET_DRAW, CASSINO_PRESET_SCOPA, CASSINO_PRESET_XERI,
    CASSINO_PRESET_DILOTI, CASSINO_PRESET_TABLANETTE, CASSINO_PRESET_CALLABRA, CASSINO_PRESET_PASUR,
  };
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autoptr(GError) error = NULL;
  CassinoStore *store = cassino_store_open (path, &error);
  guint ended_with_cards = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    for (guint64 seed = 1; seed <= 3; seed++)
      for (guint last = 0; last <= 1; last++)
        {
          CassinoGame *game = store_test_random_game (presets[i], 2, seed + 10 * (1 - last), "Alice", "medium");
          CassinoGame *again;
          gint64 id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
          g_autofree char *deal_sql = NULL, *n_sql = NULL, *move_sql = NULL, *delete_sql = NULL;
          gint64 deal, n, ply, before;
          guint filled = 0;

          g_assert_no_error (error);
          deal_sql = g_strdup_printf ("SELECT id FROM deals WHERE game_id = %" G_GINT64_FORMAT " AND number = 1", id);
          deal = query_int (store, deal_sql);
          n_sql = g_strdup_printf ("SELECT count(*) FROM moves WHERE deal_id = %" G_GINT64_FORMAT, deal);
          n = query_int (store, n_sql);
          ply = last ? n - 1 : n / 2;
          move_sql = g_strdup_printf ("SELECT seat * 100 + card FROM moves WHERE deal_id = %" G_GINT64_FORMAT
                                      " AND ply = %" G_GINT64_FORMAT, deal, ply);
          before = query_int (store, move_sql);
          /* (a Callabra deal played out plays the 47 cards not on the table
           * at first: fewer, and a sweep ended it) */
          if (last && presets[i] == CASSINO_PRESET_CALLABRA)
            ended_with_cards += cassino_game_get_deal (game, 0)->plays->len < 52 - 5;
          delete_sql = g_strdup_printf ("DELETE FROM moves WHERE deal_id = %" G_GINT64_FORMAT
                                        " AND ply = %" G_GINT64_FORMAT, deal, ply);
          exec_sql (store, delete_sql);
          g_assert_true (_cassino_store_fill_move_gaps (store, id, &filled, &error));
          g_assert_no_error (error);
          g_test_message ("%s, seed %" G_GUINT64_FORMAT ": move %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT
                          ", %u filled", cassino_preset_to_string (presets[i]), seed + 10 * (1 - last), ply + 1, n, filled);
          g_assert_cmpuint (filled, ==, 1);
          g_assert_cmpint (query_int (store, move_sql), ==, before);
          again = cassino_store_load_game (store, id, &error);
          g_assert_no_error (error);
          g_assert_cmpint (cassino_game_get_state (again), ==, cassino_game_get_state (game));
          for (guint side = 0; side < 2; side++)
            g_assert_cmpuint (cassino_game_get_score (again, side), ==, cassino_game_get_score (game, side));
          cassino_game_unref (again);
          cassino_game_unref (game);
        }
  /* Callabra's first deals ended on a sweep, cards still in hand */
  g_assert_cmpuint (ended_with_cards, >, 0);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* A file too large to be checked whole at open (16 MiB) with a damaged
 * page: the open does not see it; CASSINO_STORE_OPEN_CHECK_ALL does, and
 * salvages; a worker's reopen() from inside a job hands the job the new
 * store. */
static gboolean
reopen_job (CassinoStore  *store,
            gpointer       data,
            GError       **error)
{
  CassinoStoreWorker **worker = data;
  CassinoStore *fresh;
  guint saved = 0, lost = 0;

  fresh = cassino_store_worker_reopen (*worker, CASSINO_STORE_OPEN_CHECK_ALL, error);
  if (fresh == NULL)
    return FALSE;
  g_assert_nonnull (cassino_store_get_moved_aside_path (fresh));
  g_assert_true (cassino_store_get_salvage_counts (fresh, &saved, &lost));
  g_assert_cmpuint (saved, ==, 5);
  g_assert_cmpuint (lost, ==, 0);
  return TRUE;
}

static gboolean
count_job (CassinoStore  *store,
           gpointer       data,
           GError       **error)
{
  *(gint64 *) data = query_int (store, "SELECT count(*) FROM games");
  return TRUE;
}

static void
test_check_all (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  CassinoStoreWorker *worker;
  CassinoStore *store;
  gint64 games = 0;

  store_test_fill (path, 5);
  store_test_pad (path);
  store_test_damage_object (path, "games_started", 0x5a);

  /* the open does not read the whole file: nothing is moved */
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_null (cassino_store_get_moved_aside_path (store));

  /* a job that meets the damage has the file reopened, checked whole */
  worker = cassino_store_worker_new (store);
  g_object_unref (store);
  g_assert_true (cassino_store_worker_run (worker, reopen_job, &worker, &error));
  g_assert_no_error (error);
  g_assert_true (cassino_store_worker_run (worker, count_job, &games, &error));
  g_assert_no_error (error);
  g_assert_cmpint (games, ==, 5);
  g_assert_finalize_object (worker);

  /* and the new file opens as it is, checked whole */
  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_CHECK_ALL, &error);
  g_assert_no_error (error);
  g_assert_null (cassino_store_get_moved_aside_path (store));
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* The first line of PRAGMA integrity_check on the file at @path. */
static char *
integrity_of (const char *path)
{
  sqlite3 *db = store_test_open_reader (path);
  sqlite3_stmt *stmt = NULL;
  char *line;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  line = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return line;
}

static guint
history_length (CassinoStore *store)
{
  CassinoStoreHistoryFilter filter = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) page = cassino_store_get_history_page (store, &filter, NULL, 100, NULL, &error);

  g_assert_no_error (error);
  return page->len;
}

/* An index that lacks rows of its table (every page whole: only
 * integrity_check sees it) hid games from History without a word.  An
 * open that may change the file builds it again, losing nothing and
 * moving nothing; one that may not (a program that only reads) fails,
 * naming the index, and leaves the file as it is. */
static void
test_index_rebuilt (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *line = NULL;
  CassinoStore *store;

  store_test_fill (path, 5);
  store_test_damage_index (path, "games_started", "id < 3");
  line = integrity_of (path);
  g_assert_cmpstr (line, ==, "row 3 missing from index games_started");

  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  g_assert_null (store);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "has a damaged index (integrity_check: row 3 missing from index "
                                            "games_started (and 3 more)): lists of games read through it "
                                            "would leave games out. It has been left as it is;"));
  g_clear_error (&error);
  g_free (line);
  line = integrity_of (path);
  g_assert_cmpstr (line, ==, "row 3 missing from index games_started");

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_indexes_rebuilt (store));
  g_assert_null (cassino_store_get_moved_aside_path (store));
  g_assert_false (cassino_store_get_salvage_counts (store, NULL, NULL));
  g_assert_cmpuint (history_length (store), ==, 5);
  g_assert_finalize_object (store);
  g_free (line);
  line = integrity_of (path);
  g_assert_cmpstr (line, ==, "ok");

  /* whole now: the next open has nothing to mend */
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (cassino_store_get_indexes_rebuilt (store));
  g_assert_finalize_object (store);

  /* a file too large for the whole check at open: found by the check a
   * failed step asks for (CASSINO_STORE_OPEN_CHECK_ALL) */
  store_test_pad (path);
  store_test_damage_index (path, "games_started", "id > 2");
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (cassino_store_get_indexes_rebuilt (store));
  g_assert_cmpuint (history_length (store), ==, 3);
  g_assert_finalize_object (store);
  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_CHECK_ALL, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_get_indexes_rebuilt (store));
  g_assert_null (cassino_store_get_moved_aside_path (store));
  g_assert_cmpuint (history_length (store), ==, 5);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* One game whose record cannot be read back (a move of an unknown type)
 * kept every other game from being exported: --all wrote nothing.  Now
 * it is left out, named with what is wrong, and the others are written;
 * asked for alone, it is an error. */
static void
test_export_leaves_out (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GPtrArray) skipped = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *text = NULL;
  CassinoStore *store;
  guint count = 0;

  store_test_fill (path, 3);
  store_test_break_game (path, 2);
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);

  g_assert_true (cassino_store_export_records (store, CASSINO_STORE_EXPORT_ALL, 0, out, &count, &skipped, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, 2);
  g_assert_nonnull (skipped);
  g_assert_cmpuint (skipped->len, ==, 1);
  g_assert_cmpstr (skipped->pdata[0], ==, "Game 2, deal 1, move 1 does not replay: unknown move type");
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  text = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                    g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
  games = cassino_record_read (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_clear_pointer (&skipped, g_ptr_array_unref);

  /* nothing left out: none said */
  {
    g_autoptr(GOutputStream) one = g_memory_output_stream_new_resizable ();

    g_assert_true (cassino_store_export_records (store, CASSINO_STORE_EXPORT_GAME, 3, one, &count, &skipped,
                                                 &error));
    g_assert_cmpuint (count, ==, 1);
    g_assert_null (skipped);
    g_assert_false (cassino_store_export_records (store, CASSINO_STORE_EXPORT_GAME, 2, one, &count, &skipped,
                                                  &error));
    g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY);
    g_assert_cmpstr (error->message, ==, "Game 2, deal 1, move 1 does not replay: unknown move type");
    g_assert_null (skipped);
  }
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* A game whose rules row is gone (a damaged file) made every page of
 * History that held it fail, "There is no game 2.": the other games of
 * the page were not listed.  It is listed now, its variant "?", and only
 * its replay fails, saying why; exporting all leaves it out. */
static void
test_missing_rules (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GPtrArray) skipped = NULL;
  g_autoptr(GPtrArray) page = NULL;
  CassinoStoreHistoryFilter filter = { 0 };
  CassinoStore *store;
  CassinoGame *game;
  sqlite3 *db = NULL;
  guint count = 0;

  store_test_fill (path, 3);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA foreign_keys = OFF; UPDATE games SET ruleset_id = 999 WHERE id = 2",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);

  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  page = cassino_store_get_history_page (store, &filter, NULL, 10, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (page->len, ==, 3);
  for (guint i = 0; i < page->len; i++)
    {
      const CassinoStoreGameSummary *s = page->pdata[i];

      g_assert_cmpstr (s->preset, ==, s->id == 2 ? "?" : "classic");
      g_assert_cmpuint (s->n_players, ==, 2);
    }

  game = cassino_store_load_game (store, 2, &error);
  g_assert_null (game);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY);
  g_assert_cmpstr (error->message, ==, "Game 2 cannot be replayed: its rules (999) are missing from the database");
  g_clear_error (&error);

  g_assert_true (cassino_store_export_records (store, CASSINO_STORE_EXPORT_ALL, 0, out, &count, &skipped, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, 2);
  g_assert_cmpuint (skipped->len, ==, 1);
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* A file of three records whose second does not read (a move of a card
 * that is not there): nothing was imported, the whole file refused at the
 * second's line.  The other two are imported, and the second is a
 * failure of the count, named by its number and the line in the file;
 * a file with no record that reads is still refused whole. */
static void
test_import_one_bad_record (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *from = g_build_filename (dir, "from.db", NULL);
  g_autofree char *to = g_build_filename (dir, "to.db", NULL);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GString) text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *expected = NULL;
  CassinoStoreImportReport report = { 0 };
  CassinoStore *store;
  guint second = 0, broken = 0;

  store_test_fill (from, 3);
  store = cassino_store_open (from, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_export_records (store, CASSINO_STORE_EXPORT_ALL, 0, out, NULL, NULL, &error));
  g_assert_finalize_object (store);
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  text = g_string_new_len (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                           (gssize) g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));

  /* the second record's first move becomes one of a card not in hand */
  lines = g_strsplit (text->str, "\n", -1);
  for (guint i = 0, n = 0; lines[i]; i++)
    {
      if (g_str_has_prefix (lines[i], "[Cassino "))
        {
          n++;
          if (n == 2)
            second = i + 1;
        }
      if (n == 2 && broken == 0 && g_str_has_prefix (lines[i], "1. "))
        {
          g_free (lines[i]);
          lines[i] = g_strdup ("1. S0 Zz");
          broken = i + 1;
        }
    }
  g_assert_cmpuint (second, >, 0);
  g_assert_cmpuint (broken, >, second);
  g_free (g_string_free (text, FALSE));
  text = g_string_new (NULL);
  for (guint i = 0; lines[i]; i++)
    g_string_append_printf (text, "%s%s", i ? "\n" : "", lines[i]);

  store = cassino_store_open (to, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_store_import_records (store, text->str, -1, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report.imported, ==, 2);
  g_assert_cmpuint (report.failed, ==, 1);
  g_assert_nonnull (report.messages);
  g_assert_cmpuint (report.messages->len, ==, 1);
  g_test_message ("%s", (char *) report.messages->pdata[0]);
  expected = g_strdup_printf ("record 2: line %u, column ", broken);
  g_assert_true (g_str_has_prefix (report.messages->pdata[0], expected));
  cassino_store_import_report_clear (&report);

  /* a { } comment of the third game that holds a line beginning with
   * [Cassino does not begin a game there (it cut the third game in two,
   * and neither half read) */
  {
    g_autoptr(GString) noted = g_string_new (NULL);
    guint n = 0;
    gboolean done = FALSE;

    for (guint i = 0; lines[i]; i++)
      {
        if (g_str_has_prefix (lines[i], "[Cassino "))
          n++;
        if (n == 3 && !done && g_str_has_prefix (lines[i], "1. "))
          {
            g_string_append (noted, "{ a note on the deal, quoting a record:\n"
                                    "[Cassino \"1\"] and its \"tags\" ; not a comment here\n"
                                    "}\n");
            done = TRUE;
          }
        g_string_append_printf (noted, "%s%s", lines[i], lines[i + 1] ? "\n" : "");
      }
    g_assert_true (done);
    g_assert_true (cassino_store_import_records (store, noted->str, -1, &report, &error));
    g_assert_no_error (error);
    /* (both imported above already) */
    g_assert_cmpuint (report.imported + report.skipped, ==, 2);
    g_assert_cmpuint (report.failed, ==, 1);
    cassino_store_import_report_clear (&report);
  }

  /* one record, and it does not read: refused whole, as before */
  {
    g_autofree char *one = g_strdup (text->str);
    const char *start = strstr (strstr (one, "[Cassino ") + 1, "[Cassino ");
    char *third = strstr (start + 1, "[Cassino ");

    *third = '\0';
    g_assert_false (cassino_store_import_records (store, start, -1, &report, &error));
    g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID);
    g_clear_error (&error);
  }
  g_assert_finalize_object (store);
  store_test_rmdir (dir);
}

/* A trigger in the file (Cassino makes none) would run with every write
 * of Cassino's: this one deleted the moves of every game saved before at
 * the next game recorded.  The file is refused, for writing and reading
 * alike, naming the trigger, and left as it was. */
static void
test_trigger_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "cassino.db", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  static const CassinoStoreOpenFlags flags[] = {
    CASSINO_STORE_OPEN_DEFAULT, CASSINO_STORE_OPEN_NO_SALVAGE, CASSINO_STORE_OPEN_CHECK_ALL,
  };
  sqlite3 *db = NULL;
  gsize len_before, len_after;

  store_test_fill (path, 3);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TRIGGER wipe AFTER INSERT ON games BEGIN DELETE FROM moves; END",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  g_assert_true (g_file_get_contents (path, &before, &len_before, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    {
      CassinoStore *store = cassino_store_open_full (path, flags[i], &error);

      g_assert_null (store);
      g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_FOREIGN);
      g_assert_nonnull (strstr (error->message, "holds a trigger, “wipe”, that Cassino did not make: it would "
                                                "run whenever Cassino writes, and could change or delete games. "
                                                "Cassino has left the file alone; remove the trigger to use it."));
      g_clear_error (&error);
    }
  g_assert_true (g_file_get_contents (path, &after, &len_after, NULL));
  g_assert_cmpmem (before, len_before, after, len_after);
  g_assert_cmpuint (count_corrupt_files (dir), ==, 0);
  store_test_rmdir (dir);
}

typedef struct {
  const char *path;
  guint64     seed;
  gint64      game_id;
  char       *error;
} Creator;

static gpointer
create_and_record (gpointer data)
{
  Creator *c = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (c->path, &error);

  if (store != NULL)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, c->seed, "Alice", "easy");

      c->game_id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      cassino_game_unref (game);
    }
  if (error)
    c->error = g_strdup (error->message);
  return NULL;
}

/* Two connections creating the same new database at the same moment:
 * both succeed and both games are recorded, round after round. */
static void
test_create_race (void)
{
  g_autofree char *dir = store_test_tmpdir ();

  for (guint round = 0; round < 25; round++)
    {
      g_autofree char *path = g_strdup_printf ("%s/race-%u.db", dir, round);
      Creator c[2] = { { path, 2 * round + 1, 0, NULL }, { path, 2 * round + 2, 0, NULL } };
      GThread *threads[2];
      g_autoptr(GError) error = NULL;
      CassinoStore *store;

      for (guint i = 0; i < 2; i++)
        threads[i] = g_thread_new ("creator", create_and_record, &c[i]);
      for (guint i = 0; i < 2; i++)
        g_thread_join (threads[i]);
      for (guint i = 0; i < 2; i++)
        {
          if (c[i].error)
            g_test_message ("round %u, creator %u: %s", round, i, c[i].error);
          g_assert_null (c[i].error);
          g_assert_cmpint (c[i].game_id, >, 0);
        }
      store = cassino_store_open (path, &error);
      g_assert_no_error (error);
      g_assert_false (cassino_store_get_salvage_counts (store, NULL, NULL));
      g_assert_cmpint (query_int (store, "SELECT count(*) FROM games"), ==, 2);
      g_assert_cmpint (query_int (store, "PRAGMA user_version"), ==, cassino_store_get_schema_version ());
      g_assert_finalize_object (store);
    }
  store_test_rmdir (dir);
}

static void
test_reset (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  gint64 alice;

  for (guint64 seed = 1; seed <= 2; seed++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Alice", "easy");

      g_assert_cmpint (cassino_store_record_game (f->store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      cassino_game_unref (game);
    }
  reopen (f);
  alice = cassino_store_find_human (f->store, "Alice", &error);
  st = cassino_store_get_player_stats (f->store, alice, NULL, 0, &error);
  g_assert_cmpuint (st->games, ==, 2);
  g_clear_pointer (&st, cassino_store_stats_free);

  g_assert_true (cassino_store_reset_statistics (f->store, &error));
  g_assert_no_error (error);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM games"), ==, 0);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM moves"), ==, 0);
  g_assert_cmpint (query_int (f->store, "SELECT count(*) FROM ratings"), ==, 0);
  g_assert_cmpint (cassino_store_find_human (f->store, "Alice", &error), ==, alice);
  st = cassino_store_get_player_stats (f->store, alice, NULL, 0, &error);
  g_assert_cmpuint (st->games, ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *home = NULL;
  int status;

  /* Our own temporary user folders rather than G_TEST_OPTION_ISOLATE_DIRS:
   * GLib 2.74 leaks those of every test case, and LeakSanitizer's fast
   * unwinder cannot match the leak to a suppression. */
  home = g_dir_make_tmp ("cassino-store-test-XXXXXX", NULL);
  {
    const char *dirs[] = { "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR" };

    g_assert_nonnull (home);
    for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
      {
        g_autofree char *dir = g_build_filename (home, dirs[i], NULL);

        g_mkdir_with_parents (dir, 0700);
        g_setenv (dirs[i], dir, TRUE);
      }
  }
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cassino/store/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("open-new", test_open_new);
  g_test_add_func ("/cassino/store/default-path", test_default_path);
  g_test_add_func ("/cassino/store/sqlite-api", test_sqlite_api);
  ADD ("players", test_players);
  g_test_add_func ("/cassino/store/migrations", test_migrations);
  g_test_add_func ("/cassino/store/migration-rolls-back", test_migration_rolls_back);
  g_test_add_func ("/cassino/store/migration-times", test_migration_times);
  ADD ("record-whole-game", test_record_whole_game);
  ADD ("record-incremental", test_record_incremental);
  ADD ("undo", test_undo);
  ADD ("summary-running-score", test_summary_running_score);
  ADD ("resume", test_resume);
  ADD ("resume-sync", test_resume_sync);
  ADD ("kill", test_kill);
  ADD ("rubber", test_rubber);
  ADD ("stats-fixture", test_stats_fixture);
  ADD ("stats-recorded", test_stats_recorded);
  ADD ("stats-csv-adds-up", test_stats_csv_adds_up);
  g_test_add_func ("/cassino/store/glicko-example", test_glicko_example);
  ADD ("ratings", test_ratings);
  ADD ("ratings-per-game", test_ratings_per_game);
  ADD ("history", test_history);
  ADD ("history-search-delete", test_history_search_delete);
  ADD ("player-series", test_player_series);
  ADD ("export-import", test_export_import);
  ADD ("import-game-id-checked", test_import_game_id_checked);
  g_test_add_func ("/cassino/store/corrupt-garbage", test_corrupt_garbage);
  g_test_add_func ("/cassino/store/corrupt-truncated", test_corrupt_truncated);
  g_test_add_func ("/cassino/store/salvage-one-page", test_salvage_one_page);
  g_test_add_func ("/cassino/store/salvage-bit-flips", test_salvage_bit_flips);
  g_test_add_func ("/cassino/store/salvage-cut-short", test_salvage_cut_short);
  g_test_add_func ("/cassino/store/salvage-games-and-tags", test_salvage_games_and_tags);
  g_test_add_func ("/cassino/store/salvage-games-page", test_salvage_games_page);
  g_test_add_data_func ("/cassino/store/salvage-first-page", GINT_TO_POINTER (FALSE), test_salvage_first_page);
  g_test_add_data_func ("/cassino/store/salvage-first-page-and-moves", GINT_TO_POINTER (TRUE),
                        test_salvage_first_page);
  g_test_add_func ("/cassino/store/salvage-scan-hostile", test_salvage_scan_hostile);
  g_test_add_data_func ("/cassino/store/salvage-root/deals", "deals", test_salvage_table_root);
  g_test_add_data_func ("/cassino/store/salvage-root/deals-and-index", "deals+index", test_salvage_table_root);
  g_test_add_data_func ("/cassino/store/salvage-root/deals-every-page", "deals/all", test_salvage_table_root);
  g_test_add_data_func ("/cassino/store/salvage-root/seats-every-page", "game_seats/all", test_salvage_table_root);
  /* (moves are a table WITHOUT ROWID: its root page holds moves of
   * many deals, which are found again by replaying) */
  g_test_add_func ("/cassino/store/fill-move-gaps", test_fill_move_gaps);
  g_test_add_data_func ("/cassino/store/salvage-root/moves", "moves", test_salvage_table_root);
  g_test_add_data_func ("/cassino/store/salvage-root/moves-family", "moves/family", test_salvage_table_root);
  g_test_add_data_func ("/cassino/store/salvage-root/players", "players", test_salvage_table_root);
  g_test_add_data_func ("/cassino/store/salvage-root/rulesets", "rulesets", test_salvage_table_root);
  g_test_add_func ("/cassino/store/check-all", test_check_all);
  g_test_add_func ("/cassino/store/index-rebuilt", test_index_rebuilt);
  g_test_add_func ("/cassino/store/trigger-refused", test_trigger_refused);
  g_test_add_func ("/cassino/store/export-leaves-out", test_export_leaves_out);
  g_test_add_func ("/cassino/store/missing-rules", test_missing_rules);
  g_test_add_func ("/cassino/store/import-one-bad-record", test_import_one_bad_record);
  g_test_add_func ("/cassino/store/create-race", test_create_race);
  g_test_add_func ("/cassino/store/corrupt-newer", test_corrupt_newer);
  g_test_add_func ("/cassino/store/corrupt-foreign", test_corrupt_foreign);
  g_test_add_func ("/cassino/store/corrupt-schema", test_corrupt_schema);
  g_test_add_func ("/cassino/store/empty-file", test_empty_file);
  g_test_add_func ("/cassino/store/unreadable", test_unreadable);
  ADD ("reset", test_reset);

  status = g_test_run ();
  test_remove_tree (home);
  return status;
}
