/* test-ui-recorder.c: the app's line to the store when the store fails
 *
 * A database that refuses a step (busy, disk full) must not leave a gap
 * in the saved game: once it accepts writes again, the next step writes
 * everything that was missed, and the saved game replays to the end.
 * The failure is injected from a second connection with a trigger that
 * aborts every insert into (or delete from) the moves table.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <sqlite3.h>

#include "cassino-game-recorder.h"
#include "cassino-store.h"
#include "cassino-store-record.h"
#include "cassino-record.h"
#include "test-store-util.h"
#include "test-ui-util.h"

typedef struct {
  char                *dir;
  char                *path;
  CassinoGameRecorder *recorder;
  guint                n_failed;
  char                *last_message;
} Fixture;

static void
on_failed (CassinoGameRecorder *recorder,
           const char          *message,
           Fixture             *f)
{
  f->n_failed++;
  g_free (f->last_message);
  f->last_message = g_strdup (message);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "games.db", NULL);
  f->recorder = cassino_game_recorder_new ();
  g_signal_connect (f->recorder, "failed", G_CALLBACK (on_failed), f);
  g_assert_true (cassino_game_recorder_open (f->recorder, f->path));
  g_assert_cmpuint (f->n_failed, ==, 0);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->recorder);
  store_test_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
  g_free (f->last_message);
}

static void
break_moves (Fixture *f)
{
  ui_test_exec_sql (f->path,
            "CREATE TRIGGER test_full_insert BEFORE INSERT ON moves "
            "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"
            "CREATE TRIGGER test_full_delete BEFORE DELETE ON moves "
            "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;");
}

static void
mend_moves (Fixture *f)
{
  ui_test_exec_sql (f->path, "DROP TRIGGER test_full_insert; DROP TRIGGER test_full_delete;");
}

/* One step as the game controller takes it: a new deal or one play. */
static gboolean
step (Fixture     *f,
      CassinoGame *game,
      GRand       *rand)
{
  gboolean new_deal;
  gboolean more = store_test_step (game, rand, &new_deal);

  if (!more)
    return FALSE;
  if (new_deal)
    cassino_game_recorder_deal_started (f->recorder, game);
  else
    {
      const CassinoDeal *deal = cassino_game_get_current_deal (game);
      const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1);

      cassino_game_recorder_play (f->recorder, game, play->seat, &play->move, 10, FALSE, 0.0);
      if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING)
        cassino_game_recorder_deal_over (f->recorder, game);
    }
  /* the database thread has tried it, and its result is back */
  cassino_game_recorder_wait (f->recorder);
  return TRUE;
}

static void
assert_saved (Fixture     *f,
              CassinoGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (f->path, &error);
  CassinoGame *loaded;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_no_error (error);
  loaded = cassino_store_load_game (store, cassino_game_recorder_get_game_id (f->recorder), &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  g_assert_cmpuint (cassino_game_get_n_deals (loaded), ==, cassino_game_get_n_deals (game));
  for (guint i = 0; i < cassino_game_get_n_deals (game); i++)
    g_assert_cmpuint (cassino_game_get_deal (loaded, i)->plays->len, ==,
                      cassino_game_get_deal (game, i)->plays->len);
  /* the same record, but for the GameId the store gave the game */
  a = cassino_record_write (game);
  b = cassino_record_write (loaded);
  g_assert_nonnull (strstr (b, "[GameId "));
  g_assert_cmpstr (strstr (a, "[Rules "), ==, strstr (b, "[Rules "));
  cassino_game_unref (loaded);
}

/* Moves refused in the middle of a deal are written with the next move. */
static void
test_gap_in_deal (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 5, "Ann", "easy");

  cassino_game_recorder_start (f->recorder, game, FALSE);
  cassino_game_recorder_wait (f->recorder);
  g_assert_cmpint (cassino_game_recorder_get_game_id (f->recorder), >, 0);
  for (guint i = 0; i < 3; i++)
    g_assert_true (step (f, game, rand));

  break_moves (f);
  for (guint i = 0; i < 3; i++)
    g_assert_true (step (f, game, rand));
  g_assert_cmpuint (f->n_failed, >=, 1);
  g_assert_nonnull (strstr (f->last_message, "full"));

  mend_moves (f);
  f->n_failed = 0;
  g_assert_true (step (f, game, rand));
  g_assert_cmpuint (f->n_failed, ==, 0);
  assert_saved (f, game);

  /* and the game goes on, recorded to its end, as one that replays */
  while (step (f, game, rand))
    ;
  g_assert_cmpuint (f->n_failed, ==, 0);
  assert_saved (f, game);
  cassino_game_unref (game);
}

/* A refusal across the end of a deal and the start of the next: the deal
 * score and the new deal are written by the catch-up. */
static void
test_gap_across_deals (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 9, "Ann", "easy");

  cassino_game_recorder_start (f->recorder, game, FALSE);
  cassino_game_recorder_wait (f->recorder);
  while (cassino_game_get_state (game) == CASSINO_GAME_PLAYING &&
         cassino_position_stock_count (cassino_game_get_position (game)) > 0)
    g_assert_true (step (f, game, rand));

  break_moves (f);
  while (cassino_game_get_n_deals (game) < 2)
    g_assert_true (step (f, game, rand));
  g_assert_true (step (f, game, rand));
  g_assert_cmpuint (f->n_failed, >=, 1);

  mend_moves (f);
  f->n_failed = 0;
  g_assert_true (step (f, game, rand));
  g_assert_cmpuint (f->n_failed, ==, 0);
  assert_saved (f, game);
  cassino_game_unref (game);
}

/* An undo the database refused (it kept the taken-back move), then more
 * moves: the catch-up takes the stale move out before writing. */
static void
test_gap_after_undo (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 13, "Ann", "easy");

  cassino_game_recorder_start (f->recorder, game, FALSE);
  cassino_game_recorder_wait (f->recorder);
  for (guint i = 0; i < 4; i++)
    g_assert_true (step (f, game, rand));

  break_moves (f);
  g_assert_true (cassino_game_undo (game, &error));
  g_assert_no_error (error);
  cassino_game_recorder_undo (f->recorder, game);
  cassino_game_recorder_wait (f->recorder);
  g_assert_cmpuint (f->n_failed, ==, 1);
  mend_moves (f);

  f->n_failed = 0;
  for (guint i = 0; i < 3; i++)
    g_assert_true (step (f, game, rand));
  g_assert_cmpuint (f->n_failed, ==, 0);
  assert_saved (f, game);
  cassino_game_unref (game);
}

/* A refusal that is the last thing before the player quits: flush()
 * writes it when the database accepts again, and says whether it could. */
static void
test_flush (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_ROYAL, 2, 17, "Ann", "easy");

  cassino_game_recorder_start (f->recorder, game, FALSE);
  cassino_game_recorder_wait (f->recorder);
  g_assert_true (cassino_game_recorder_flush (f->recorder, game));
  g_assert_true (step (f, game, rand));

  break_moves (f);
  g_assert_true (step (f, game, rand));
  g_assert_false (cassino_game_recorder_flush (f->recorder, game));
  mend_moves (f);
  g_assert_true (cassino_game_recorder_flush (f->recorder, game));
  assert_saved (f, game);
  cassino_game_unref (game);
}

static void
on_recovered (CassinoGameRecorder *recorder,
              guint               *n_recovered)
{
  (*n_recovered)++;
}

/* The database refuses steps, then accepts again while the player makes
 * no move (a lock released, space freed): the recorder tries again by
 * itself, the whole game reaches the disk and "recovered" says so, with
 * no more "failed" from the tries in between. */
static void
test_retry_without_a_move (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 21, "Ann", "easy");
  guint n_recovered = 0, n_failed;
  gint64 end;

  g_signal_connect (f->recorder, "recovered", G_CALLBACK (on_recovered), &n_recovered);
  cassino_game_recorder_start (f->recorder, game, FALSE);
  cassino_game_recorder_wait (f->recorder);
  for (guint i = 0; i < 3; i++)
    g_assert_true (step (f, game, rand));

  break_moves (f);
  for (guint i = 0; i < 3; i++)
    g_assert_true (step (f, game, rand));
  g_assert_cmpuint (f->n_failed, >=, 1);
  n_failed = f->n_failed;

  /* a try while it still refuses: not told again */
  end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_cmpuint (f->n_failed, ==, n_failed);
  g_assert_cmpuint (n_recovered, ==, 0);

  mend_moves (f);
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (n_recovered == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_cmpuint (n_recovered, ==, 1);
  g_assert_cmpuint (f->n_failed, ==, n_failed);
  assert_saved (f, game);
  cassino_game_unref (game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cassino/recorder/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("gap-in-deal", test_gap_in_deal);
  ADD ("gap-across-deals", test_gap_across_deals);
  ADD ("gap-after-undo", test_gap_after_undo);
  ADD ("flush", test_flush);
  ADD ("retry-without-a-move", test_retry_without_a_move);
#undef ADD

  return g_test_run ();
}
