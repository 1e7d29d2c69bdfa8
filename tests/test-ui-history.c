/* test-ui-history.c: history, replay, statistics, export and import in a
 * real window, under Xvfb
 *
 * A seeded set of games is recorded into a temporary database with the
 * store; the window must list them with the right results (worked out
 * here from the engine's games, not from the store), filter them, replay
 * each step to the engine's own position, show the store's statistics,
 * export and import them into a fresh database, and delete with undo.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <sqlite3.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cassino-application.h"
#include "cassino-chart.h"
#include "cassino-game-family.h"
#include "cassino-game-setup.h"
#include "cassino-history-view.h"
#include "cassino-replay-step.h"
#include "cassino-move-text.h"
#include "cassino-new-game-dialog.h"
#include "cassino-record.h"
#include "cassino-records.h"
#include "cassino-replay-view.h"
#include "cassino-stats-view.h"
#include "cassino-store-history.h"
#include "cassino-store-record.h"
#include "cassino-window.h"
#include "test-store-util.h"
#include "test-ui-util.h"

#define N_GAMES 12
/* the window deals a game of its own at once: the newest, unfinished */
#define N_ROWS (N_GAMES + 1)

static CassinoApplication *the_app;
static GTestDBus *bus;

typedef struct {
  CassinoWindow *window;
  GSettings     *settings;
  char          *tmpdir;
  char          *database;
  CassinoGame   *games[N_GAMES];   /* as recorded, oldest first */
  gint64         ids[N_GAMES];
} Fixture;

/* Game i: Tess against a computer, or (every third) Uma against one. */
static const char *
human_of (guint i)
{
  return i % 3 == 2 ? "Uma" : "Tess";
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStore *store;

  f->tmpdir = g_dir_make_tmp ("cassino-ui-history-XXXXXX", &error);
  g_assert_no_error (error);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);

  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_set_enum (f->settings, "animation-speed", 0);
  g_settings_set_string (f->settings, "player-name", "Tess");

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < N_GAMES; i++)
    {
      g_autofree char *start = g_strdup_printf ("2026-03-%02uT09:00:00Z", i + 1);
      g_autofree char *end = g_strdup_printf ("2026-03-%02uT09:20:00Z", i + 1);

      f->games[i] = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 700 + i, human_of (i), "medium");
      cassino_game_set_tag (f->games[i], "Start", start);
      cassino_game_set_tag (f->games[i], "End", end);
      f->ids[i] = cassino_store_record_game (store, f->games[i], 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
    }
  g_assert_finalize_object (store);
}

static void
open_window (Fixture *f)
{
  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
  cassino_window_set_top_page (f->window, "history");
  iterate (50);
  /* the players are listed on the database thread */
  WAIT_FOR (g_list_model_get_n_items (cassino_records_get_player_names (cassino_window_get_records (f->window))) > 0, 10);
  ui_test_wait_history (cassino_window_get_history_view (f->window));
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  if (f->window)
    {
      gtk_window_destroy (GTK_WINDOW (f->window));
      iterate (50);
    }
  for (guint i = 0; i < N_GAMES; i++)
    cassino_game_unref (f->games[i]);
  g_clear_object (&f->settings);
  test_remove_tree (f->tmpdir);
  g_free (f->database);
  g_free (f->tmpdir);
}

static guint
n_rows (Fixture *f)
{
  GtkColumnView *view = cassino_history_view_get_column_view (cassino_window_get_history_view (f->window));

  ui_test_wait_history (cassino_window_get_history_view (f->window));
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view)));
}

/* "Tess won 23–11", worked out from the engine's game */
static char *
expected_result (CassinoGame *game)
{
  int winner = cassino_game_get_winner (game);
  g_autofree char *score = g_strdup_printf ("%u–%u", cassino_game_get_score (game, 0), cassino_game_get_score (game, 1));

  if (winner < 0)
    return g_strdup_printf ("Draw %s", score);
  return g_strdup_printf ("%s won %s", cassino_game_get_seat (game, (guint) winner)->name, score);
}

/* A game left unfinished shows the score of the deals it played:
 * "Unfinished 7–5", the score the table showed when it was left. */
static void
test_history_unfinished_score (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 31, "Tess", "medium");
  CassinoStore *store;
  gboolean new_deal;
  guint moves = 0;

  /* the first deal played out, three plays of the second */
  while (cassino_game_get_n_deals (game) < 2 || moves < 3)
    {
      g_assert_true (store_test_step (game, rand, &new_deal));
      if (cassino_game_get_n_deals (game) == 2 && !new_deal)
        moves++;
    }
  cassino_game_set_tag (game, "Start", "2026-04-01T09:00:00Z");
  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
  g_assert_finalize_object (store);

  /* (the window resumes it: the newest game not finished) */
  open_window (f);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS);
  {
    CassinoHistoryView *view = cassino_window_get_history_view (f->window);
    g_autofree char *result = ui_test_history_cell_text (view, 0, "result");
    g_autofree char *expected = g_strdup_printf ("Unfinished %u–%u", cassino_game_get_score (game, 0),
                                                 cassino_game_get_score (game, 1));

    g_assert_cmpuint (cassino_game_get_score (game, 0) + cassino_game_get_score (game, 1), >, 0);
    g_assert_cmpstr (result, ==, expected);
  }
  cassino_game_unref (game);
}

static void
test_history_lists_games (Fixture       *f,
                          gconstpointer  data)
{
  CassinoHistoryView *view;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "history");
  g_assert_cmpuint (n_rows (f), ==, N_ROWS);
  {
    g_autofree char *result = ui_test_history_cell_text (view, 0, "result");

    g_assert_cmpstr (result, ==, "Unfinished");
  }

  /* newest first, each with its players, its result and its length */
  for (guint row = 1; row < N_ROWS; row++)
    {
      CassinoGame *game = f->games[N_GAMES - row];
      g_autofree char *result = ui_test_history_cell_text (view, row, "result");
      g_autofree char *expected = expected_result (game);
      g_autofree char *players = ui_test_history_cell_text (view, row, "players");
      g_autofree char *expected_players = g_strdup_printf ("%s – Computer 1", human_of (N_GAMES - row));
      g_autofree char *length = ui_test_history_cell_text (view, row, "length");
      g_autofree char *expected_length = g_strdup_printf ("%u deals · 20 min", cassino_game_get_n_deals (game));
      g_autofree char *variant = ui_test_history_cell_text (view, row, "variant");

      g_assert_cmpstr (result, ==, expected);
      g_assert_cmpstr (players, ==, expected_players);
      g_assert_cmpstr (length, ==, expected_length);
      g_assert_cmpstr (variant, ==, "Classic, 2 players");
    }
}

static void
test_history_filters (Fixture       *f,
                      gconstpointer  data)
{
  CassinoHistoryView *view;
  CassinoRecords *records;
  int tess = -1, uma = -1;
  guint tess_won = 0, tess_games = 0, uma_games = 0;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  records = cassino_window_get_records (f->window);
  for (guint i = 0; i < g_list_model_get_n_items (cassino_records_get_player_names (records)); i++)
    {
      const char *name = gtk_string_list_get_string (GTK_STRING_LIST (cassino_records_get_player_names (records)), i);

      if (g_strcmp0 (name, "Tess") == 0)
        tess = (int) i;
      if (g_strcmp0 (name, "Uma") == 0)
        uma = (int) i;
    }
  g_assert_cmpint (tess, >=, 0);
  g_assert_cmpint (uma, >=, 0);
  for (guint i = 0; i < N_GAMES; i++)
    {
      if (g_str_equal (human_of (i), "Uma"))
        uma_games++;
      else
        {
          tess_games++;
          if (cassino_game_get_winner (f->games[i]) == 0)
            tess_won++;
        }
    }

  cassino_history_view_set_filter (view, tess, -1, -1, CASSINO_STORE_RESULT_ANY, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, tess_games + 1);
  cassino_history_view_set_filter (view, tess, -1, -1, CASSINO_STORE_RESULT_WON, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, tess_won);
  for (guint row = 0; row < tess_won; row++)
    {
      g_autofree char *result = ui_test_history_cell_text (view, row, "result");

      g_assert_true (g_str_has_prefix (result, "Won "));
    }
  cassino_history_view_set_filter (view, tess, -1, -1, CASSINO_STORE_RESULT_LOST, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, tess_games - tess_won);
  /* against Uma: never */
  cassino_history_view_set_filter (view, tess, uma, -1, CASSINO_STORE_RESULT_ANY, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, 0);
  /* another variant */
  cassino_history_view_set_filter (view, -1, -1, CASSINO_PRESET_ROYAL, CASSINO_STORE_RESULT_ANY, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, 0);
  /* the games of March 2026 are more than 7 days old only if today is later */
  cassino_history_view_set_filter (view, -1, -1, -1, CASSINO_STORE_RESULT_ANY, 0, "um");
  g_assert_cmpuint (n_rows (f), ==, uma_games);
  cassino_history_view_set_filter (view, -1, -1, -1, CASSINO_STORE_RESULT_UNFINISHED, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, 1);
  cassino_history_view_set_filter (view, -1, -1, -1, CASSINO_STORE_RESULT_FINISHED, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, N_GAMES);
  cassino_history_view_set_filter (view, -1, -1, -1, CASSINO_STORE_RESULT_ANY, 7, NULL);
  g_assert_cmpuint (n_rows (f), ==, 1);
  cassino_history_view_set_filter (view, -1, -1, -1, CASSINO_STORE_RESULT_ANY, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS);
}

static void
assert_same_position (const CassinoPosition *a,
                      const CassinoPosition *b,
                      guint                  step)
{
  for (guint s = 0; s < a->rules->n_players; s++)
    g_assert_cmphex (a->hands[s], ==, b->hands[s]);
  g_assert_cmphex (a->loose, ==, b->loose);
  g_assert_cmpuint (a->n_builds, ==, b->n_builds);
  for (guint i = 0; i < a->n_builds; i++)
    {
      g_assert_cmphex (a->builds[i].cards, ==, b->builds[i].cards);
      g_assert_cmpuint (a->builds[i].value, ==, b->builds[i].value);
      g_assert_cmpint (a->builds[i].owner, ==, b->builds[i].owner);
    }
  for (guint s = 0; s < a->rules->n_sides; s++)
    {
      g_assert_cmphex (a->piles[s], ==, b->piles[s]);
      g_assert_cmpuint (a->sweeps[s], ==, b->sweeps[s]);
    }
  g_assert_cmpuint (a->to_move, ==, b->to_move);
  g_assert_cmpuint (a->stock_pos, ==, b->stock_pos);
  (void) step;
}

/* Another program records a game of a new player, Abe, listed before
 * everyone; the window's records read the players again. */
static void
add_first_player (Fixture        *f,
                  CassinoRecords *records,
                  guint64         seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (f->database, &error);
  GListModel *names = cassino_records_get_player_names (records);
  guint n_names = g_list_model_get_n_items (names);
  CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, seed, "Abe", "medium");

  g_assert_no_error (error);
  cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  cassino_game_unref (game);
  cassino_records_refresh (records);
  WAIT_FOR (g_list_model_get_n_items (names) == n_names + 1, 10);
  iterate (50);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 0), ==, "Abe");
}

/* The records change under a chosen filter (a game saved, a player
 * renamed, another program adding one): the players' lists are read anew
 * and the player chosen stays chosen. */
static void
test_history_filter_kept (Fixture       *f,
                          gconstpointer  data)
{
  CassinoHistoryView *view;
  CassinoRecords *records;
  GListModel *names;
  guint tess_games = 0, n_names;
  int tess = -1, uma = -1;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  records = cassino_window_get_records (f->window);
  names = cassino_records_get_player_names (records);
  n_names = g_list_model_get_n_items (names);
  for (guint i = 0; i < n_names; i++)
    {
      const char *name = gtk_string_list_get_string (GTK_STRING_LIST (names), i);

      if (g_strcmp0 (name, "Tess") == 0)
        tess = (int) i;
      if (g_strcmp0 (name, "Uma") == 0)
        uma = (int) i;
    }
  g_assert_cmpint (tess, >=, 0);
  g_assert_cmpint (uma, >=, 0);
  for (guint i = 0; i < N_GAMES; i++)
    if (!g_str_equal (human_of (i), "Uma"))
      tess_games++;

  cassino_history_view_set_filter (view, tess, -1, -1, CASSINO_STORE_RESULT_ANY, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, tess_games + 1);

  /* a game of a new player, Abe, listed before Tess, saved by another
   * program; the window reads the records again */
  add_first_player (f, records, 777);
  /* still Tess's games, worded for her */
  g_assert_cmpuint (n_rows (f), ==, tess_games + 1);
  g_assert_cmpint (cassino_history_model_get_filter (cassino_records_get_history (records))->player_id, ==,
                   cassino_records_get_player_id (records, (guint) tess + 1));
  for (guint row = 0; row < tess_games + 1; row++)
    {
      g_autofree char *result = ui_test_history_cell_text (view, row, "result");

      g_assert_true (g_str_has_prefix (result, "Won ") || g_str_has_prefix (result, "Lost ") ||
                     g_str_has_prefix (result, "Draw ") || g_str_equal (result, "Unfinished"));
    }

  /* Tess against Uma (never): both kept */
  cassino_history_view_set_filter (view, tess + 1, uma + 1, -1, CASSINO_STORE_RESULT_ANY, 0, NULL);
  g_assert_cmpuint (n_rows (f), ==, 0);
  cassino_records_refresh (records);
  iterate (50);
  g_assert_cmpuint (n_rows (f), ==, 0);
}

/* Whether a mapped label under @widget begins with @prefix. */
static gboolean
shows_label_starting (GtkWidget  *widget,
                      const char *prefix)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  ui_test_collect (widget, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]) &&
        g_str_has_prefix (gtk_label_get_label (labels->pdata[i]), prefix))
      return TRUE;
  return FALSE;
}

static void
test_replay_steps (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoGame *game = f->games[4];
  CassinoReplayView *view;
  CassinoReplay *replay;
  CassinoGameController *controller;
  CassinoGame *engine;
  guint step = 0;
  guint n_last_cards = 0;

  open_window (f);
  g_assert_true (cassino_window_open_replay (f->window, f->ids[4], &error));
  g_assert_no_error (error);
  view = cassino_window_get_replay_view (f->window);
  ui_test_wait_replay (view);
  replay = cassino_replay_view_get_replay (view);
  controller = cassino_replay_view_get_controller (view);
  g_assert_true (cassino_game_controller_is_replay (controller));
  g_assert_true (cassino_game_controller_get_all_hands (controller));
  g_assert_false (cassino_game_controller_is_human_turn (controller));
  cassino_table_view_set_animation_duration (cassino_replay_view_get_table_view (view), 0);

  /* the engine plays the recorded game again beside the replay; each
   * "next" (the → key's action) must show its position */
  engine = cassino_game_new (cassino_game_get_rules (game), cassino_game_get_seed (game),
                             cassino_game_get_first_dealer (game));
  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (game, d);

      g_assert_true (cassino_game_start_deal_with_deck (engine, deal->dealer, deal->seed, deal->deck,
                                                        deal->deck_len, &error));
      g_assert_no_error (error);
      if (step > 0)
        {
          gtk_widget_activate_action (GTK_WIDGET (view), "replay.next", NULL);
          iterate (1);
        }
      g_assert_cmpuint (cassino_replay_get_step (replay), ==, step);
      assert_same_position (cassino_game_get_position (cassino_game_controller_get_game (controller)),
                            cassino_game_get_position (engine), step);
      for (guint p = 0; p < deal->plays->len; p++)
        {
          g_assert_true (cassino_game_play (engine, &g_array_index (deal->plays, CassinoPlay, p).move, &error));
          gtk_widget_activate_action (GTK_WIDGET (view), "replay.next", NULL);
          iterate (1);
          step++;
          g_assert_cmpuint (cassino_replay_get_step (replay), ==, step);
          assert_same_position (cassino_game_get_position (cassino_game_controller_get_game (controller)),
                                cassino_game_get_position (engine), step);
          /* counted as the game review counts (it said "57 / 196") */
          {
            g_autofree char *where = g_strdup_printf ("Deal %u, move %u · ", d + 1, p + 1);

            g_assert_true (shows_label_starting (GTK_WIDGET (view), where));
          }
        }
      /* the deal's last step says who took the last cards (its table is
       * empty, the piles hold them) */
      if (deal->finished && deal->plays->len > 0)
        {
          const CassinoPosition *end = cassino_game_get_position (engine);
          int taker = cassino_move_text_last_cards_seat (end);
          g_autofree char *last = cassino_move_text_last_cards (end, taker >= 0 ?
                                                                cassino_game_get_seat (game, (guint) taker)->name : NULL);
          g_autoptr(CassinoReplayStep) row = g_list_model_get_item (cassino_replay_get_rows (replay),
                                                                    cassino_replay_get_row_of_step (replay, step));

          if (last)
            {
              g_assert_nonnull (cassino_replay_step_get_detail (row));
              g_assert_nonnull (strstr (cassino_replay_step_get_detail (row), last));
              n_last_cards++;
            }
        }
      step++;
    }
  g_assert_cmpuint (n_last_cards, >, 0);
  g_assert_cmpuint (step, ==, cassino_replay_get_n_steps (replay));
  cassino_game_unref (engine);

  /* Home, and a click on a row of the move list */
  gtk_widget_activate_action (GTK_WIDGET (view), "replay.first", NULL);
  g_assert_cmpuint (cassino_replay_get_step (replay), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (view), "replay.last", NULL);
  g_assert_cmpuint (cassino_replay_get_step (replay), ==, cassino_replay_get_n_steps (replay) - 1);
  gtk_selection_model_select_item (gtk_list_view_get_model (cassino_replay_view_get_move_list (view)), 3, TRUE);
  g_assert_cmpuint (cassino_replay_get_step (replay), ==, 3);
  /* Export Game suggests a name that says which game (it was
   * "cassino-game.cassino" whatever the game) */
  {
    g_autofree char *name = cassino_window_dup_export_game_name (f->window, f->ids[4]);
    g_autoptr(GDateTime) started = NULL;
    g_autofree char *day = NULL;
    g_autofree char *expected = NULL;
    int position = cassino_history_model_find_loaded (cassino_records_get_history (cassino_window_get_records (f->window)),
                                                      f->ids[4]);

    g_assert_cmpint (position, >=, 0);
    {
      g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (cassino_records_get_history (
                                                                    cassino_window_get_records (f->window))),
                                                                  (guint) position);

      started = g_date_time_new_from_unix_local (cassino_history_item_get_summary (item)->started);
      day = g_date_time_format (started, "%Y-%m-%d");
      expected = g_strdup_printf ("cassino-%s-%s.cassino", cassino_history_item_get_summary (item)->preset, day);
    }
    g_assert_cmpstr (name, ==, expected);
  }

  /* a row is chosen by a click or a key, not by the pointer passing over
   * it (single-click-activate selects rows under the pointer: the replay
   * jumped to wherever it crossed the list) */
  g_assert_false (gtk_list_view_get_single_click_activate (cassino_replay_view_get_move_list (view)));
  /* a move's facts: an evaluation that rounds to nothing is +0.00 (the
   * list said "-0.00") */
  {
    static const struct { double e; const char *text; } cases[] = {
      { -0.001, "0.4 s · evaluation +0.00" }, { 0.004, "0.4 s · evaluation +0.00" },
      { -0.006, "0.4 s · evaluation -0.01" }, { 1.5, "0.4 s · evaluation +1.50" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        CassinoStoreMoveInfo info = { 400, TRUE, cases[i].e, FALSE, FALSE };
        g_autofree char *text = cassino_replay_move_info_text (&info);

        g_assert_cmpstr (text, ==, cases[i].text);
      }
  }

  /* one seat's view: the others' hands face down */
  cassino_replay_view_set_seat_view (view, 1);
  g_assert_false (cassino_game_controller_get_all_hands (controller));
  g_assert_cmpuint (cassino_game_controller_get_viewer (controller), ==, 1);

  /* play the deal again: a new game on the table from the same deck */
  gtk_widget_activate_action (GTK_WIDGET (view), "replay.play-again", NULL);
  iterate (20);
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "table");
  {
    const CassinoDeal *now = cassino_game_get_current_deal (cassino_game_controller_get_game (cassino_window_get_controller (f->window)));
    const CassinoDeal *then = cassino_game_get_deal (game, 0);

    g_assert_cmpmem (now->deck, now->deck_len, then->deck, then->deck_len);
    g_assert_cmpuint (now->dealer, ==, then->dealer);
  }
}

static void
test_statistics (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStatsView *view;
  CassinoRecords *records;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  g_autofree char *games = NULL, *wins = NULL, *ppd = NULL, *pct = NULL;
  gint64 tess, nell;
  int position;

  /* Nell has played nothing yet */
  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  nell = cassino_store_add_human (store, "Nell", &error);
  g_assert_no_error (error);

  open_window (f);
  cassino_window_set_top_page (f->window, "statistics");
  view = cassino_window_get_stats_view (f->window);
  records = cassino_window_get_records (f->window);

  tess = cassino_store_find_human (store, "Tess", &error);
  st = cassino_store_get_player_stats (store, tess, NULL, CASSINO_STORE_STATS_DEFAULT, &error);
  g_assert_no_error (error);
  position = cassino_records_find_player (records, tess);
  g_assert_cmpint (position, >=, 0);

  cassino_stats_view_show (view, position, -1, -1, 0);
  g_assert_true (cassino_stats_view_is_loading (view));
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "stats");

  games = g_strdup_printf ("%u", st->games);
  wins = g_strdup_printf ("%u", st->wins);
  ppd = g_strdup_printf ("%.2f", st->points_per_deal);
  pct = g_strdup_printf ("%.1f %%", st->win_percent);
  g_assert_cmpuint (st->games, ==, 8);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "games"), ==, games);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "wins"), ==, wins);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "points-per-deal"), ==, ppd);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "win-percent"), ==, pct);
  /* time played to the nearest minute, as History rounds a game's length */
  {
    gint64 minutes = (st->time_played + 30) / 60;
    g_autofree char *played = minutes >= 60 ? g_strdup_printf ("%" G_GINT64_FORMAT " h %" G_GINT64_FORMAT " min",
                                                               minutes / 60, minutes % 60)
                                            : g_strdup_printf ("%" G_GINT64_FORMAT " min", minutes);

    g_test_message ("time played: %" G_GINT64_FORMAT " s", st->time_played);
    g_assert_cmpstr (cassino_stats_view_get_figure (view, "time-played"), ==, played);
  }
  {
    static const struct { gint64 s; const char *text; } durations[] = {
      { 0, "0 min" }, { 29, "0 min" }, { 273, "5 min" }, { 3569, "59 min" }, { 3570, "1 h 0 min" },
      { 9600, "2 h 40 min" }, { 9629, "2 h 40 min" }, { 9630, "2 h 41 min" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
      {
        g_autofree char *text = cassino_stats_view_format_duration (durations[i].s);

        g_assert_cmpstr (text, ==, durations[i].text);
      }
  }
  for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
    if (st->category_points[c])
      {
        g_autofree char *key = g_strdup_printf ("category-%u", c);
        g_autofree char *text = g_strdup_printf ("%.1f %%", st->category_percent[c]);

        g_assert_cmpstr (cassino_stats_view_get_figure (view, key), ==, text);
      }
  for (guint i = 0; i < st->head_to_head->len; i++)
    {
      CassinoStoreHeadToHead *h = st->head_to_head->pdata[i];
      g_autofree char *key = g_strdup_printf ("h2h-%" G_GINT64_FORMAT, h->opponent_id);
      g_autofree char *text = g_strdup_printf ("%u – %u – %u", h->wins, h->draws, h->losses);

      g_assert_cmpstr (cassino_stats_view_get_figure (view, key), ==, text);
    }
  /* the graphs: one rating per game, the months, every game in the histogram */
  g_assert_cmpuint (cassino_chart_get_n_values (CASSINO_CHART (cassino_stats_view_get_chart (view, "rating"))), ==, 8);
  {
    CassinoChart *points = CASSINO_CHART (cassino_stats_view_get_chart (view, "points"));
    double sum = 0;

    for (guint i = 0; i < cassino_chart_get_n_values (points); i++)
      sum += cassino_chart_get_value (points, i);
    g_assert_cmpfloat (sum, ==, 8);
  }

  /* filtered to a variant nobody played: the empty page says what to do */
  cassino_stats_view_show (view, position, -1, CASSINO_PRESET_ROYAL, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "empty");
  g_assert_true (ui_test_maps_label (GTK_WIDGET (view), "Tess has no finished game with these filters yet. "
                                     "Play one from the Table, or choose “Any” above."));

  /* no game at all, and no filter to set back to "Any" */
  position = cassino_records_find_player (records, nell);
  g_assert_cmpint (position, >=, 0);
  cassino_stats_view_show (view, position, -1, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "empty");
  g_assert_true (ui_test_maps_label (GTK_WIDGET (view), "Nell has no finished game yet. Play one from the Table."));
  {
    g_autoptr(GPtrArray) pages = g_ptr_array_new ();

    /* the Statistics tab's own icon (a bar chart), not the Table's grid */
    ui_test_collect (GTK_WIDGET (view), ADW_TYPE_STATUS_PAGE, pages);
    g_assert_cmpuint (pages->len, ==, 1);
    g_assert_cmpstr (adw_status_page_get_icon_name (pages->pdata[0]), ==, "cassino-statistics-symbolic");
    /* a bar chart of the app's own, found in its resources */
    g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (view))),
                                            "cassino-statistics-symbolic"));
  }
}

/* The Statistics page opens on the user (the player name of the
 * Preferences), not on the first name of the list: "Abe", added in
 * Players and with no game, showed "No Games Here Yet". */
static void
test_statistics_opens_on_user (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStatsView *view;
  CassinoStore *store;

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cassino_store_add_human (store, "Abe", &error), >, 0);
  g_assert_finalize_object (store);

  open_window (f);
  cassino_window_set_top_page (f->window, "statistics");
  view = cassino_window_get_stats_view (f->window);
  WAIT_FOR (g_strcmp0 (cassino_stats_view_get_page (view), "stats") == 0 ||
            g_strcmp0 (cassino_stats_view_get_page (view), "empty") == 0, 10);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "stats");
  g_assert_true (ui_test_maps_label (GTK_WIDGET (view), "Tess"));
}

/* The length column: minutes rounded, none under half a minute (it said
 * "0 min"), and none for a game without a known start. */
static void
test_length_text (void)
{
  static const struct { gint64 seconds; gboolean start_known; const char *text; } cases[] = {
    { 0, TRUE, "3 deals" },
    { 20, TRUE, "3 deals" },
    { 29, TRUE, "3 deals" },
    { 30, TRUE, "3 deals · 1 min" },
    { 90, TRUE, "3 deals · 2 min" },
    { 725, TRUE, "3 deals · 12 min" },
    { 725, FALSE, "3 deals · length unknown" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CassinoStoreGameSummary *summary = g_new0 (CassinoStoreGameSummary, 1);
      g_autoptr(CassinoHistoryItem) item = NULL;
      g_autofree char *text = NULL;

      summary->n_deals = 3;
      summary->started = 1790000000;
      summary->start_known = cases[i].start_known;
      summary->ended = summary->started + cases[i].seconds;
      item = cassino_history_item_new (summary);
      text = cassino_history_item_dup_length_text (item);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Record @n Scopa games of @name against Medium (seeds from @seed) in the
 * fixture's database; returns the player's id. */
static gint64
record_scopa_games (CassinoStore *store,
                    const char   *name,
                    guint64       seed,
                    guint         n)
{
  g_autoptr(GError) error = NULL;
  gint64 id;

  for (guint i = 0; i < n; i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_SCOPA, 2, seed + i, name, "medium");

      cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  id = cassino_store_find_human (store, name, &error);
  g_assert_no_error (error);
  return id;
}

/* The window open on Statistics; the position of player @id in its list. */
static int
open_statistics (Fixture *f,
                 gint64   id)
{
  int position;

  open_window (f);
  cassino_window_set_top_page (f->window, "statistics");
  position = cassino_records_find_player (cassino_window_get_records (f->window), id);
  g_assert_cmpint (position, >=, 0);
  return position;
}

/* With a variant chosen, the headline tiles are the ones its scoring has:
 * Scopa's settebello, no Big or Little Cassino, no builds; Cassino's
 * with classic or with any variant. */
static void
test_statistics_family (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStatsView *view;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  CassinoStoreStatsFilter scopa = { "scopa", 0 };
  g_autofree char *seven = NULL;
  gint64 tess, dora;
  int position;

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  tess = record_scopa_games (store, "Tess", 900, 6);
  for (guint i = 0; i < 4; i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_DILOTI, 2, 700 + i, "Dora", "medium");

      cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }
  dora = cassino_store_find_human (store, "Dora", &error);
  g_assert_no_error (error);
  st = cassino_store_get_player_stats (store, tess, &scopa, CASSINO_STORE_STATS_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->games, ==, 6);
  g_assert_cmpuint (st->deals, >, 0);

  position = open_statistics (f, tess);
  view = cassino_window_get_stats_view (f->window);

  cassino_stats_view_show (view, position, -1, CASSINO_PRESET_SCOPA, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "stats");
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "games"), ==, "6");
  g_assert_null (cassino_stats_view_get_figure (view, "big-cassino"));
  g_assert_null (cassino_stats_view_get_figure (view, "little-cassino"));
  g_assert_null (cassino_stats_view_get_figure (view, "builds-taken"));
  g_assert_nonnull (cassino_stats_view_get_figure (view, "sweeps-per-deal"));
  seven = g_strdup_printf ("%.1f %%", 100.0 * st->category_points[CASSINO_CATEGORY_SEVEN_DIAMONDS] / st->deals);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "seven-diamonds"), ==, seven);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Settebello (7♦) taken"));
  g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Big Cassino (10♦) taken"));
  /* sweeps in Scopa's word (it said "Sweeps per deal" in every game) */
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Scope per deal"));
  g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Sweeps per deal"));
  /* where the points came from adds up: primiera has its row */
  {
    guint named = 0;
    g_autofree char *other = NULL;

    for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
      named += st->category_points[c];
    g_assert_cmpuint (st->points, >, named);
    other = g_strdup_printf ("%.1f %%", 100.0 * (st->points - named) / st->points);
    g_assert_cmpstr (cassino_stats_view_get_figure (view, "category-other"), ==, other);
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Primiera"));
    /* in Scopa's words */
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Scope"));
    g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Seven of Diamonds"));
  }

  /* classic: Cassino's tiles */
  cassino_stats_view_show (view, position, -1, CASSINO_PRESET_CLASSIC, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_nonnull (cassino_stats_view_get_figure (view, "big-cassino"));
  g_assert_nonnull (cassino_stats_view_get_figure (view, "little-cassino"));
  g_assert_nonnull (cassino_stats_view_get_figure (view, "builds-taken"));
  g_assert_null (cassino_stats_view_get_figure (view, "seven-diamonds"));
  g_assert_null (cassino_stats_view_get_figure (view, "category-other"));
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Sweeps per deal"));

  /* any variant: the categories of both, each over the deals of the
   * variants that have it (Scopa's deck has no 10♦, Cassino no settebello) */
  {
    CassinoStoreStatsFilter classic = { "classic", 0 };
    g_autoptr(CassinoStoreStats) any = cassino_store_get_player_stats (store, tess, NULL, CASSINO_STORE_STATS_DEFAULT, &error);
    g_autoptr(CassinoStoreStats) cst = cassino_store_get_player_stats (store, tess, &classic, CASSINO_STORE_STATS_DEFAULT, &error);
    g_autofree char *big = NULL;

    g_assert_no_error (error);
    g_assert_cmpuint (cst->deals, >, 0);
    g_assert_cmpuint (any->deals, ==, cst->deals + st->deals);
    g_assert_cmpuint (any->big_cassino_deals, ==, cst->deals);
    g_assert_cmpuint (any->seven_diamonds_deals, ==, st->deals);
    g_assert_null (any->only_preset);
    g_assert_cmpfloat_with_epsilon (any->big_cassino_percent, cst->big_cassino_percent, 1e-9);
    /* a Scopa deal's 2♠ is no Little Cassino */
    g_assert_cmpuint (any->little_cassino, ==, cst->little_cassino);
    g_assert_cmpfloat_with_epsilon (any->little_cassino_percent, cst->little_cassino_percent, 1e-9);
    g_assert_cmpfloat_with_epsilon (any->seven_diamonds_percent, st->seven_diamonds_percent, 1e-9);
    g_assert_cmpfloat_with_epsilon (any->sweeps_per_deal, (double) any->sweeps / any->deals, 1e-9);

    cassino_stats_view_show (view, position, -1, -1, 0);
    WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
    big = g_strdup_printf ("%.1f %%", cst->big_cassino_percent);
    g_assert_cmpstr (cassino_stats_view_get_figure (view, "big-cassino"), ==, big);
    /* (Scopa has no 10♦: every 10♦ counted is a Big Cassino) */
    g_assert_false (any->big_cassino_family);
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Big Cassino (10♦) taken"));
    g_assert_cmpstr (cassino_stats_view_get_figure (view, "seven-diamonds"), ==, seven);
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Settebello (7♦) taken"));
    g_assert_nonnull (cassino_stats_view_get_figure (view, "builds-taken"));
    /* the rating is a game's, and says which (it read "Rating", with the
     * most played game's figure) */
    {
      g_autofree char *rating = NULL;
      CassinoPreset preset;
      g_autoptr(CassinoStoreRating) scopa_rating = cassino_store_get_rating (store, tess, "scopa", NULL);
      g_autoptr(CassinoStoreRating) classic_rating = cassino_store_get_rating (store, tess, "classic", NULL);

      g_autofree char *scopa_figure = scopa_rating ? g_strdup_printf ("%.0f ± %.0f", scopa_rating->glicko.rating,
                                                                      scopa_rating->glicko.rd) : NULL;

      g_assert_true (scopa_rating != NULL || classic_rating != NULL);
      g_assert_nonnull (cassino_stats_view_get_figure (view, "rating"));
      g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Rating"));
      preset = g_strcmp0 (cassino_stats_view_get_figure (view, "rating"), scopa_figure) == 0
               ? CASSINO_PRESET_SCOPA : CASSINO_PRESET_CLASSIC;
      rating = g_strdup_printf ("Rating in %s", cassino_preset_get_title (preset));
      g_assert_true (ui_test_shows_label (GTK_WIDGET (view), rating));
    }
  }

  /* Diloti: the ten of diamonds and the two of spades by its own names
   * (its score sheet's), not the Cassinos */
  {
    WAIT_FOR ((position = cassino_records_find_player (cassino_window_get_records (f->window), dora)) >= 0, 10);
    cassino_stats_view_show (view, position, -1, CASSINO_PRESET_DILOTI, 0);
    WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
    g_assert_nonnull (cassino_stats_view_get_figure (view, "big-cassino"));
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Ten of diamonds (10♦) taken"));
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Two of spades (2♠) taken"));
    g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Big Cassino (10♦) taken"));
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Rating in Diloti"));
  }
}

/* History's filter bar, the replay's controls and the statistics' tiles:
 * no Tab stop is a flow box's own child (an unseen stop, named
 * "GtkFlowBoxChild", before each filter and control). */
static void
test_no_flow_box_stops (Fixture       *f,
                        gconstpointer  data)
{
  static const char *pages[] = { "history", "statistics" };
  g_autoptr(GError) error = NULL;

  open_window (f);
  for (guint p = 0; p < G_N_ELEMENTS (pages) + 1; p++)
    {
      GtkWidget *start;
      guint stops = 0;

      if (p < G_N_ELEMENTS (pages))
        cassino_window_set_top_page (f->window, pages[p]);
      else
        {
          g_assert_true (cassino_window_open_replay (f->window, f->ids[2], &error));
          g_assert_no_error (error);
          ui_test_wait_replay (cassino_window_get_replay_view (f->window));
        }
      iterate (200);
      start = gtk_root_get_focus (GTK_ROOT (f->window));
      for (guint i = 0; i < 40; i++)
        {
          GtkWidget *focus;

          if (!gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD))
            break;
          focus = gtk_root_get_focus (GTK_ROOT (f->window));
          if (focus == start)
            break;
          g_assert_false (GTK_IS_FLOW_BOX_CHILD (focus));
          stops++;
        }
      g_test_message ("%s: %u Tab stops", p < G_N_ELEMENTS (pages) ? pages[p] : "replay", stops);
      g_assert_cmpuint (stops, >, 3);
    }
}

/* The position of @text in the string list @model, or -1 */
static int
string_list_index (GListModel *model,
                   const char *text)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), text))
      return (int) i;
  return -1;
}

/* The records change while Statistics shows a player compared with
 * another (here another program records a game of a new player, listed
 * before both): both stay chosen, and the comparison stays on the page. */
static void
test_statistics_kept (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (f->database, &error);
  g_autoptr(CassinoStoreStats) tess_stats = NULL;
  g_autofree char *games = NULL;
  CassinoStatsView *view;
  CassinoRecords *records;
  gint64 tess, uma;
  int position;

  g_assert_no_error (error);
  tess = cassino_store_find_human (store, "Tess", &error);
  uma = cassino_store_find_human (store, "Uma", &error);
  g_assert_no_error (error);
  tess_stats = cassino_store_get_player_stats (store, tess, NULL, CASSINO_STORE_STATS_DEFAULT, &error);
  g_assert_no_error (error);
  games = g_strdup_printf ("%u", tess_stats->games);

  position = open_statistics (f, tess);
  view = cassino_window_get_stats_view (f->window);
  records = cassino_window_get_records (f->window);
  cassino_stats_view_show (view, position, cassino_records_find_player (records, uma), -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_nonnull (cassino_stats_view_get_figure (view, "compare-0"));

  add_first_player (f, records, 778);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  /* still Tess, still against Uma */
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "games"), ==, games);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Tess and Uma"));
  g_assert_nonnull (cassino_stats_view_get_figure (view, "compare-0"));

  /* "Compare with" offers everyone but the player shown (Tess was
   * offered to compare Tess with) */
  {
    g_autoptr(GPtrArray) drop_downs = g_ptr_array_new ();
    GtkDropDown *player = NULL, *compare = NULL;

    ui_test_collect (GTK_WIDGET (view), GTK_TYPE_DROP_DOWN, drop_downs);
    for (guint i = 0; i < drop_downs->len; i++)
      {
        GListModel *model = gtk_drop_down_get_model (drop_downs->pdata[i]);

        if (GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) > 0 &&
            g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), "Compare with nobody"))
          compare = drop_downs->pdata[i];
        else if (GTK_IS_STRING_LIST (model) && string_list_index (model, "Tess") >= 0)
          player = drop_downs->pdata[i];
      }
    g_assert_nonnull (compare);
    g_assert_nonnull (player);
    g_assert_cmpint (string_list_index (gtk_drop_down_get_model (compare), "Tess"), <, 0);
    g_assert_cmpint (string_list_index (gtk_drop_down_get_model (compare), "Uma"), >, 0);
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (compare)),
                                                 gtk_drop_down_get_selected (compare)), ==, "Uma");
    /* Uma shown: Tess offered, Uma not, and nobody compared */
    gtk_drop_down_set_selected (player, (guint) string_list_index (gtk_drop_down_get_model (player), "Uma"));
    WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
    g_assert_cmpint (string_list_index (gtk_drop_down_get_model (compare), "Uma"), <, 0);
    g_assert_cmpint (string_list_index (gtk_drop_down_get_model (compare), "Tess"), >, 0);
    g_assert_cmpuint (gtk_drop_down_get_selected (compare), ==, 0);
    g_assert_null (cassino_stats_view_get_figure (view, "compare-0"));
    /* Tess chosen to compare with: her figures beside Uma's */
    gtk_drop_down_set_selected (compare, (guint) string_list_index (gtk_drop_down_get_model (compare), "Tess"));
    WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
    g_assert_nonnull (cassino_stats_view_get_figure (view, "compare-0"));
    g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Uma and Tess"));
  }
}

/* No rubber being played: the Rubbers window offers to start one, and
 * its button opens the New Game dialog on "A rubber" (after the question
 * that keeps the game in progress, here answered "Start New Game"). */
static void
test_new_rubber (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = NULL;
  g_autoptr(GError) error = NULL;
  GtkWindow *rubbers, *question = NULL;
  GtkWidget *start;
  CassinoNewGameDialog *dialog = NULL;

  open_window (f);
  /* from the Statistics page, as a player who looks at the standing */
  cassino_window_set_top_page (f->window, "statistics");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.rubbers", NULL));
  WAIT_FOR (find_toplevel ("Rubbers") != NULL, 10);
  rubbers = find_toplevel ("Rubbers");
  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (rubbers), "No rubber is being played."), 10);
  start = ui_test_find_button (GTK_WIDGET (rubbers), "_New Rubber…");
  g_assert_nonnull (start);
  g_signal_emit_by_name (start, "clicked");
  WAIT_FOR (find_toplevel ("Rubbers") == NULL, 10);

  /* a game is on the table: the question first, then the dialog */
  for (guint tries = 0; tries < 200 && dialog == NULL; tries++)
    {
      GListModel *tops = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
        {
          g_autoptr(GObject) top = g_list_model_get_item (tops, i);

          if (CASSINO_IS_NEW_GAME_DIALOG (top))
            dialog = CASSINO_NEW_GAME_DIALOG (top);
          else if (ADW_IS_MESSAGE_DIALOG (top) && question == NULL)
            {
              question = GTK_WINDOW (top);
              adw_message_dialog_response (ADW_MESSAGE_DIALOG (top), "new");
            }
        }
      iterate (50);
    }
  g_assert_nonnull (dialog);
  setup = cassino_new_game_dialog_get_setup (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (setup->format, ==, CASSINO_FORMAT_RUBBER);
  /* the last game was to a target (a "rubber" of one game in its options):
   * the length shown is the best of three that will be played, not "the
   * first to win 1 game" */
  {
    CassinoRules rules;

    g_assert_true (cassino_rules_parse (&rules, setup->options, setup->n_players, &error));
    g_assert_cmpuint (rules.rubber_games, ==, 3);
  }
  g_assert_true (ui_test_shows_label (GTK_WIDGET (dialog), "The first to win 2 games wins the rubber"));
  /* the rubber's length is not a change of rules: the variant is still
   * Classic (it read "Custom, based on Classic") */
  g_assert_true (ui_test_shows_label (GTK_WIDGET (dialog), "Classic"));
  g_assert_false (ui_test_shows_label (GTK_WIDGET (dialog), "Custom, based on Classic"));
  /* the dialog says what it starts (it said "New Game") */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "New Rubber");

  /* dealt: the table shows the game (it stayed on Statistics) */
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "statistics");
  g_signal_emit_by_name (dialog, "start-game", setup);
  iterate (20);
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "table");
}

/* A player of family games only sees, with any variant, no Cassino tile:
 * a Scopa player never took Big Cassino (0 %), it is not in the deck. */
static void
test_statistics_family_only (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStatsView *view;
  CassinoRecords *records;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(CassinoStoreStats) st = NULL;
  g_autofree char *seven = NULL;
  g_autofree char *sweeps = NULL;
  gint64 sofia;
  int position;

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  sofia = record_scopa_games (store, "Sofia", 950, 4);
  st = cassino_store_get_player_stats (store, sofia, NULL, CASSINO_STORE_STATS_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (st->games, ==, 4);
  g_assert_cmpuint (st->big_cassino_deals, ==, 0);
  g_assert_cmpuint (st->little_cassino_deals, ==, 0);
  g_assert_cmpuint (st->building_games, ==, 0);
  g_assert_cmpuint (st->seven_diamonds_deals, ==, st->deals);
  g_assert_true (st->seven_diamonds_settebello);
  g_assert_cmpstr (st->only_preset, ==, "scopa");

  position = open_statistics (f, sofia);
  view = cassino_window_get_stats_view (f->window);
  records = cassino_window_get_records (f->window);

  cassino_stats_view_show (view, position, -1, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "stats");
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "games"), ==, "4");
  g_assert_null (cassino_stats_view_get_figure (view, "big-cassino"));
  g_assert_null (cassino_stats_view_get_figure (view, "little-cassino"));
  g_assert_null (cassino_stats_view_get_figure (view, "builds-taken"));
  g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Big Cassino (10♦) taken"));
  seven = g_strdup_printf ("%.1f %%", st->seven_diamonds_percent);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "seven-diamonds"), ==, seven);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Settebello (7♦) taken"));
  sweeps = g_strdup_printf ("%.2f", st->sweeps_per_deal);
  g_assert_cmpstr (cassino_stats_view_get_figure (view, "sweeps-per-deal"), ==, sweeps);
  /* every game Scopa: where the points came from, in Scopa's words */
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Primiera"));
  g_assert_true (ui_test_shows_label (GTK_WIDGET (view), "Scope"));
  g_assert_false (ui_test_shows_label (GTK_WIDGET (view), "Other categories"));

  /* compared with a Cassino player: "—" where Sofia's games have no such category */
  {
    int other = cassino_records_find_player (records, cassino_store_find_human (store, "Tess", NULL));
    const char *big;

    g_assert_cmpint (other, >=, 0);
    cassino_stats_view_show (view, position, other, -1, 0);
    WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
    big = cassino_stats_view_get_figure (view, "compare-4");
    g_assert_nonnull (big);
    g_assert_true (g_str_has_prefix (big, "—  ·  "));
  }
}

/* The game filter (History's or Statistics') under @root: the drop-down
 * whose first choice is "Any variant". */
static GtkDropDown *
find_game_filter (GtkWidget *root)
{
  g_autoptr(GPtrArray) drop_downs = g_ptr_array_new ();

  ui_test_collect (root, GTK_TYPE_DROP_DOWN, drop_downs);
  for (guint i = 0; i < drop_downs->len; i++)
    {
      GListModel *model = gtk_drop_down_get_model (drop_downs->pdata[i]);

      if (GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) > 0 &&
          g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), "Any variant"))
        return drop_downs->pdata[i];
    }
  g_error ("no game filter");
}

/* The game filter's open list, its first rows (those further down are
 * made as it scrolls; cassino_game_filter_is_indented() is checked for
 * every choice in test-ui-history's family-filter): a family's games a
 * step to the right of its choice of them all, the others not; the check
 * mark beside @chosen's row alone. */
static void
check_game_filter_list (GtkDropDown *drop_down,
                        const char  *chosen)
{
  static const struct { const char *label; gboolean indented; } rows[] = {
    { "Any variant", FALSE }, { "Every Cassino variant", FALSE }, { "Classic", TRUE },
    { "English (1792)", TRUE },
  };
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  guint checked = 0;

  g_signal_emit_by_name (drop_down, "activate");
  iterate (300);
  ui_test_collect (GTK_WIDGET (drop_down), GTK_TYPE_LABEL, labels);
  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      GtkWidget *label = NULL;

      for (guint i = 0; i < labels->len && label == NULL; i++)
        if (g_str_equal (gtk_label_get_label (labels->pdata[i]), rows[r].label) &&
            gtk_widget_get_mapped (labels->pdata[i]) && gtk_widget_get_next_sibling (labels->pdata[i]))
          label = labels->pdata[i];
      if (label == NULL)
        g_error ("no row “%s” in the open list", rows[r].label);
      g_assert_cmpint (gtk_widget_get_margin_start (label), ==, rows[r].indented ? 18 : 0);
      {
        GtkWidget *check = gtk_widget_get_next_sibling (label);
        gboolean is_chosen = g_str_equal (rows[r].label, chosen);

        g_assert_true (GTK_IS_IMAGE (check));
        g_assert_cmpfloat (gtk_widget_get_opacity (check), ==, is_chosen ? 1.0 : 0.0);
        checked += is_chosen;
      }
    }
  g_assert_cmpuint (checked, ==, 1);
  g_signal_emit_by_name (drop_down, "activate"); /* (closes it) */
  iterate (100);
}

/* @label's choice selected in the game filter under @root */
static void
choose_game_filter (GtkWidget  *root,
                    const char *label)
{
  GtkDropDown *filter = find_game_filter (root);
  GListModel *choices = gtk_drop_down_get_model (filter);

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), label))
      {
        gtk_drop_down_set_selected (filter, i);
        return;
      }
  g_error ("the game filter has no choice “%s”", label);
}

/* History and Statistics filter by a family of games as well as by one
 * game: "Scopa and both Scopones" lists Scopa's and Scopone's games,
 * "Xeri and Diloti" Diloti's, "Every Cassino variant" the classic ones;
 * each family's choice comes before its games. */
static void
test_family_filter (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = NULL;
  CassinoHistoryView *view;
  CassinoStatsView *stats;
  GListModel *choices;
  gint64 tess;
  int position;

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  tess = record_scopa_games (store, "Tess", 900, 3);
  for (guint i = 0; i < 4; i++)
    {
      /* two Scopone games of Tess's, two Diloti games of Dora's */
      CassinoGame *game = i < 2 ? store_test_random_game (CASSINO_PRESET_SCOPONE, 4, 600 + i, "Tess", "medium")
                                : store_test_random_game (CASSINO_PRESET_DILOTI, 2, 700 + i, "Dora", "medium");

      cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
      g_assert_no_error (error);
      cassino_game_unref (game);
    }

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS + 7);

  /* the choices, each family's before its games */
  choices = gtk_drop_down_get_model (find_game_filter (GTK_WIDGET (view)));
  {
    static const char *const expected[] = {
      "Any variant", "Every Cassino variant", "Classic", NULL,
    };
    static const char *const italian[] = {
      "Scopa and both Scopones", "Scopa", "Scopone", "Scopone scientifico", "Xeri and Diloti", "Xeri", "Diloti",
      "Tablanette", "Callabra", "Pasur",
    };
    guint n = g_list_model_get_n_items (choices);

    for (guint i = 0; expected[i]; i++)
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), ==, expected[i]);
    g_assert_cmpuint (n, ==, 1 + 1 + CASSINO_N_PRESETS + G_N_ELEMENTS (italian));
    for (guint i = 0; i < G_N_ELEMENTS (italian); i++)
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (choices), n - G_N_ELEMENTS (italian) + i), ==,
                       italian[i]);
    /* listed a step to the right: the games of a family of several */
    for (guint i = 0; i < n; i++)
      {
        const char *choice = gtk_string_list_get_string (GTK_STRING_LIST (choices), i);
        gboolean family_choice = i < 2 || g_str_equal (choice, "Scopa and both Scopones") ||
                                 g_str_equal (choice, "Xeri and Diloti") || g_str_equal (choice, "Tablanette") ||
                                 g_str_equal (choice, "Callabra") || g_str_equal (choice, "Pasur");

        g_assert_cmpint (cassino_game_filter_is_indented (i), ==, !family_choice);
      }
    g_assert_false (cassino_game_filter_is_indented (n));
  }

  choose_game_filter (GTK_WIDGET (view), "Scopa and both Scopones");
  g_assert_cmpuint (n_rows (f), ==, 5);
  for (guint row = 0; row < 5; row++)
    {
      g_autofree char *variant = ui_test_history_cell_text (view, row, "variant");

      g_assert_true (g_str_has_prefix (variant, "Scopa") || g_str_has_prefix (variant, "Scopone"));
    }
  choose_game_filter (GTK_WIDGET (view), "Scopa");
  g_assert_cmpuint (n_rows (f), ==, 3);
  choose_game_filter (GTK_WIDGET (view), "Xeri and Diloti");
  g_assert_cmpuint (n_rows (f), ==, 2);
  choose_game_filter (GTK_WIDGET (view), "Every Cassino variant");
  g_assert_cmpuint (n_rows (f), ==, N_ROWS);
  check_game_filter_list (find_game_filter (GTK_WIDGET (view)), "Every Cassino variant");
  choose_game_filter (GTK_WIDGET (view), "Callabra");
  g_assert_cmpuint (n_rows (f), ==, 0);
  choose_game_filter (GTK_WIDGET (view), "Any variant");
  g_assert_cmpuint (n_rows (f), ==, N_ROWS + 7);

  /* Statistics: Tess's five Italian games; the rating of the one most
   * played among them */
  cassino_window_set_top_page (f->window, "statistics");
  stats = cassino_window_get_stats_view (f->window);
  position = cassino_records_find_player (cassino_window_get_records (f->window), tess);
  g_assert_cmpint (position, >=, 0);
  cassino_stats_view_show (stats, position, -1, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (stats), 10);
  choose_game_filter (GTK_WIDGET (stats), "Scopa and both Scopones");
  WAIT_FOR (!cassino_stats_view_is_loading (stats), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (stats), ==, "stats");
  g_assert_cmpstr (cassino_stats_view_get_figure (stats, "games"), ==, "5");
  g_assert_true (ui_test_shows_label (GTK_WIDGET (stats), "Rating in Scopa"));
  g_assert_null (cassino_stats_view_get_figure (stats, "big-cassino"));
  choose_game_filter (GTK_WIDGET (stats), "Every Cassino variant");
  WAIT_FOR (!cassino_stats_view_is_loading (stats), 10);
  {
    guint tess_games = 0;
    g_autofree char *games = NULL;

    for (guint i = 0; i < N_GAMES; i++)
      tess_games += g_str_equal (human_of (i), "Tess");
    games = g_strdup_printf ("%u", tess_games);
    g_assert_cmpstr (cassino_stats_view_get_figure (stats, "games"), ==, games);
  }
  g_assert_true (ui_test_shows_label (GTK_WIDGET (stats), "Rating in Classic"));
  g_assert_nonnull (cassino_stats_view_get_figure (stats, "big-cassino"));
}

/* At 360 px the history is a list of two-line rows: the players and the
 * result, then date · variant · length; nothing is cut short. */
static void
test_history_narrow (Fixture       *f,
                     gconstpointer  data)
{
  CassinoHistoryView *view;
  GtkWidget *list;
  guint n_checked = 0;
  int width;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  g_assert_false (cassino_history_view_is_narrow (view));

  ui_test_resize (GTK_WINDOW (f->window), 360, 700);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 380);
  g_assert_true (cassino_history_view_is_narrow (view));
  list = GTK_WIDGET (cassino_history_view_get_narrow_list (view));
  g_assert_true (gtk_widget_is_drawable (list));
  width = gtk_widget_get_width (list);

  for (GtkWidget *row = gtk_widget_get_first_child (list); row; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_widget_get_first_child (row);
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();
      g_autofree char *players = NULL, *result = NULL, *date = NULL, *variant = NULL;
      graphene_rect_t bounds;
      GtkLabel *details;
      int position = -1;

      if (!GTK_IS_BOX (box) || !gtk_widget_get_mapped (box))
        continue;
      ui_test_collect (box, GTK_TYPE_LABEL, labels);
      g_assert_cmpuint (labels->len, ==, 3);
      /* which game: the row whose players and result these are */
      for (guint r = 0; r < N_ROWS && position < 0; r++)
        {
          g_autofree char *p = ui_test_history_cell_text (view, r, "players");
          g_autofree char *d = ui_test_history_cell_text (view, r, "date");

          if (g_strcmp0 (gtk_label_get_label (labels->pdata[0]), p) == 0 &&
              g_str_has_prefix (gtk_label_get_label (labels->pdata[2]), d))
            position = (int) r;
        }
      g_assert_cmpint (position, >=, 0);
      players = ui_test_history_cell_text (view, position, "players");
      result = ui_test_history_cell_text (view, position, "result");
      date = ui_test_history_cell_text (view, position, "date");
      variant = ui_test_history_cell_text (view, position, "variant");
      g_assert_cmpstr (gtk_label_get_label (labels->pdata[1]), ==, result);
      details = labels->pdata[2];
      g_assert_true (g_str_has_prefix (gtk_label_get_label (details), date));
      g_assert_nonnull (strstr (gtk_label_get_label (details), variant));
      /* one name for the row, as it reads (AT-SPI heard an unnamed row) */
      {
        g_autofree char *name = g_strdup_printf ("%s, %s, %s", players, result, gtk_label_get_label (details));

        g_assert_cmpstr (g_object_get_data (G_OBJECT (box), "cassino-a11y-name"), ==, name);
      }

      /* the result beside the players; the details under both */
      {
        graphene_rect_t a, b, c;

        g_assert_true (gtk_widget_compute_bounds (labels->pdata[0], list, &a));
        g_assert_true (gtk_widget_compute_bounds (labels->pdata[1], list, &b));
        g_assert_true (gtk_widget_compute_bounds (labels->pdata[2], list, &c));
        g_assert_cmpfloat (b.origin.x, >=, a.origin.x + a.size.width);
        g_assert_cmpfloat (c.origin.y, >=, MAX (a.origin.y + a.size.height, b.origin.y + b.size.height) - 0.5);
      }
      for (guint i = 0; i < labels->len; i++)
        {
          GtkLabel *label = labels->pdata[i];

          g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
          g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (label), list, &bounds));
          g_assert_cmpfloat (bounds.origin.x, >=, 0);
          g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, width + 0.5);
        }
      n_checked++;
    }
  g_assert_cmpuint (n_checked, >=, 5);

  /* wide again: the columns */
  ui_test_resize (GTK_WINDOW (f->window), 1024, 720);
  g_assert_false (cassino_history_view_is_narrow (view));
}

/* The axis ticks of the graphs: distinct round numbers covering the data,
 * whole numbers for counts. */
static void
test_chart_ticks (void)
{
  struct {
    double   lo, hi;
    gboolean integer;
    double   first, step;
    guint    n;
  } cases[] = {
    { 0, 1, TRUE, 0, 1, 2 },          /* one game: 0 and 1, not 1, 1, 0, 0, 0 */
    { 0, 1, FALSE, 0, 0.5, 3 },
    { 0, 3, TRUE, 0, 1, 4 },
    { 0, 4, TRUE, 0, 1, 5 },
    { 0, 7, TRUE, 0, 2, 5 },
    { 0, 100, TRUE, 0, 50, 3 },
    { 0, 23, TRUE, 0, 10, 4 },
    { 1210, 2290, TRUE, 1000, 500, 4 },
    { 1493.5, 1506.5, TRUE, 1490, 5, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double first, step;
      guint n = cassino_chart_nice_ticks (cases[i].lo, cases[i].hi, cases[i].integer, 5, &first, &step);

      g_test_message ("%g..%g: %g + %g × %u", cases[i].lo, cases[i].hi, first, step, n);
      g_assert_cmpfloat_with_epsilon (first, cases[i].first, 1e-9);
      g_assert_cmpfloat_with_epsilon (step, cases[i].step, 1e-9);
      g_assert_cmpuint (n, ==, cases[i].n);
    }

  /* any range: at most 5 ticks, distinct, round, covering it */
  for (guint i = 0; i < 2000; i++)
    {
      double lo = g_test_rand_double_range (-3000, 3000);
      double hi = lo + g_test_rand_double_range (0.001, 5000);
      gboolean integer = i % 2 == 0;
      double first, step, mantissa;
      guint n = cassino_chart_nice_ticks (lo, hi, integer, 5, &first, &step);

      g_assert_cmpuint (n, >=, 2);
      g_assert_cmpuint (n, <=, 5);
      g_assert_cmpfloat (step, >, 0);
      g_assert_cmpfloat (first, <=, lo + 1e-9);
      g_assert_cmpfloat (first + step * (n - 1), >=, hi - 1e-9);
      if (integer)
        g_assert_cmpfloat (step, ==, floor (step));
      mantissa = step / pow (10, floor (log10 (step) + 1e-9));
      g_assert_true (fabs (mantissa - 1) < 1e-6 || fabs (mantissa - 2) < 1e-6 ||
                     fabs (mantissa - 5) < 1e-6);
    }
}

/* A player with one game: each graph says to play more instead of drawing
 * a sliver; one with eight games sees the graphs. */
static void
test_statistics_few_games (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 991, "Vera", "medium");
  const char *few = "Play a few more games to see a trend";
  const char *charts[] = { "rating", "months", "points" };
  CassinoStatsView *view;
  CassinoRecords *records;
  gint64 vera, tess;

  {
    g_autoptr(CassinoStore) store = cassino_store_open (f->database, &error);

    g_assert_no_error (error);
    cassino_game_set_tag (game, "Start", "2026-04-01T09:00:00Z");
    cassino_game_set_tag (game, "End", "2026-04-01T09:20:00Z");
    cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
    g_assert_no_error (error);
    vera = cassino_store_find_human (store, "Vera", &error);
    tess = cassino_store_find_human (store, "Tess", &error);
    g_assert_no_error (error);
    cassino_game_unref (game);
  }
  open_window (f);
  cassino_window_set_top_page (f->window, "statistics");
  view = cassino_window_get_stats_view (f->window);
  records = cassino_window_get_records (f->window);

  cassino_stats_view_show (view, cassino_records_find_player (records, vera), -1, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (view), ==, "stats");
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      GtkWidget *chart = cassino_stats_view_get_chart (view, charts[i]);
      GtkWidget *frame;

      g_assert_nonnull (chart);
      frame = gtk_widget_get_ancestor (chart, GTK_TYPE_FRAME);
      g_assert_false (gtk_widget_get_visible (chart));
      g_assert_true (ui_test_shows_label (frame, few));
    }

  cassino_stats_view_show (view, cassino_records_find_player (records, tess), -1, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (view), 10);
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      GtkWidget *chart = cassino_stats_view_get_chart (view, charts[i]);

      g_assert_nonnull (chart);
      g_assert_true (gtk_widget_get_visible (chart));
      g_assert_false (ui_test_shows_label (gtk_widget_get_ancestor (chart, GTK_TYPE_FRAME), few));
    }
}

static char *
history_keys (CassinoStore *store)
{
  g_autoptr(GError) error = NULL;
  CassinoStoreHistoryCursor cursor = { 0 };
  GString *keys = g_string_new (NULL);

  do
    {
      g_autoptr(GPtrArray) page = cassino_store_get_history_page (store, NULL, &cursor, 5, &cursor, &error);

      g_assert_no_error (error);
      for (guint i = 0; i < page->len; i++)
        {
          CassinoStoreGameSummary *s = page->pdata[i];

          g_string_append_printf (keys, "%s %s %d %u-%u %" G_GINT64_FORMAT "\n", s->key, s->state, s->winner_side,
                                  s->scores[0], s->scores[1], s->started);
        }
    }
  while (cursor.id != 0);
  return g_string_free (keys, FALSE);
}

static void
test_export_import (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *records_path = g_build_filename (f->tmpdir, "all.cassino", NULL);
  g_autofree char *fresh_path = g_build_filename (f->tmpdir, "fresh.db", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (records_path);
  g_autoptr(CassinoRecords) fresh = NULL;
  g_autoptr(CassinoStore) a = NULL;
  g_autoptr(CassinoStore) b = NULL;
  g_autofree char *keys_a = NULL, *keys_b = NULL;
  CassinoStoreImportReport report = { 0 };
  guint count = 0;

  open_window (f);
  g_assert_true (cassino_records_export_records (cassino_window_get_records (f->window), CASSINO_STORE_EXPORT_ALL, 0,
                                                 file, &count, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count, ==, N_ROWS);

  fresh = cassino_records_new (fresh_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (cassino_records_get_history (fresh))), ==, 0);
  g_assert_true (cassino_records_import_records (fresh, file, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report.imported, ==, N_ROWS);
  g_assert_cmpuint (report.failed, ==, 0);
  cassino_store_import_report_clear (&report);
  /* the count is read again on the database thread */
  WAIT_FOR (g_list_model_get_n_items (G_LIST_MODEL (cassino_records_get_history (fresh))) == N_ROWS, 10);

  a = cassino_store_open (f->database, &error);
  b = cassino_store_open (fresh_path, &error);
  g_assert_no_error (error);
  keys_a = history_keys (a);
  keys_b = history_keys (b);
  g_assert_cmpstr (keys_a, ==, keys_b);

  /* importing again skips every game */
  g_assert_true (cassino_records_import_records (fresh, file, &report, &error));
  g_assert_cmpuint (report.imported, ==, 0);
  g_assert_cmpuint (report.skipped, ==, N_ROWS);
  cassino_store_import_report_clear (&report);
}

/* Export All Games and Export Statistics onto the game database itself
 * (the file chooser's Replace), a link to it or its -wal: refused, the
 * toast says why, and every game is still there (the database became the
 * export's text, and the next start salvaged 0 games). */
static void
test_export_not_over_database (Fixture       *f,
                               gconstpointer  data)
{
  g_autofree char *link = g_build_filename (f->tmpdir, "link.db", NULL);
  g_autofree char *wal = g_strconcat (f->database, "-wal", NULL);
  const char *paths[] = { f->database, link, wal };

  open_window (f);
  g_assert_cmpint (symlink (f->database, link), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    for (guint csv = 0; csv < 2; csv++)
      {
        g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
        g_autoptr(GError) error = NULL;
        CassinoRecords *records = cassino_window_get_records (f->window);
        guint count = 0;

        g_test_message ("%s%s", paths[i], csv ? ", CSV" : "");
        if (csv)
          g_assert_false (cassino_records_export_stats_csv (records, file, &error));
        else
          g_assert_false (cassino_records_export_records (records, CASSINO_STORE_EXPORT_ALL, 0, file,
                                                          &count, NULL, &error));
        g_assert_nonnull (error);
        if (i == 1)
          g_assert_true (g_str_has_suffix (error->message, "” is not a regular file (a link, a device or a folder); "
                                                           "it is left alone"));
        else
          g_assert_cmpstr (error->message, ==, "That is the game database: choose another file");
      }
  /* through the window: the toast */
  {
    g_autoptr(GFile) file = g_file_new_for_path (f->database);
    g_autoptr(CassinoStore) store = NULL;
    g_autoptr(GError) error = NULL;

    cassino_window_export_records (f->window, CASSINO_STORE_EXPORT_ALL, 0, file);
    WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 20);
    g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, "That is the game database: choose another file");
    store = cassino_store_open_full (f->database, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
    g_assert_no_error (error);
    {
      g_autofree char *keys = history_keys (store);
      g_auto(GStrv) lines = g_strsplit (keys, "\n", -1);

      /* (one line a game, and an empty string after the last) */
      g_assert_cmpuint (g_strv_length (lines), ==, N_ROWS + 1);
    }
  }
  /* another database, a copy kept aside: as the database itself */
  {
    g_autofree char *other = g_build_filename (f->tmpdir, "copy.db", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (other);
    g_autoptr(GError) error = NULL;
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    gsize before_len, after_len;

    {
      g_autoptr(CassinoStore) copy = cassino_store_open (other, &error);

      g_assert_no_error (error);
    }
    g_assert_true (g_file_get_contents (other, &before, &before_len, NULL));
    cassino_window_export_records (f->window, CASSINO_STORE_EXPORT_ALL, 0, file);
    WAIT_FOR (g_strcmp0 (cassino_window_get_last_toast (f->window),
                         "That file is a database, which the export would replace: choose another file") == 0, 20);
    g_assert_true (g_file_get_contents (other, &after, &after_len, NULL));
    g_assert_cmpmem (before, before_len, after, after_len);
  }
}

/* A game whose record cannot be read back: Export All Games writes the
 * others and the toast names the one left out; exporting that game alone
 * fails, says why, and leaves the file it was to replace as it was (a
 * failed export used to leave the file half written). */
static void
test_export_damaged_game (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->tmpdir, "all.cassino", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *expected = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) games = NULL;
  const char *toast;

  open_window (f);
  store_test_break_game (f->database, f->ids[4]);

  /* the file chooser opens in Documents or the home folder (it opened
   * in the program's working folder), then where the last file went */
  {
    g_autoptr(GFile) folder = cassino_window_dup_file_folder (f->window);
    g_autofree char *where = g_file_get_path (folder);
    const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

    g_assert_true (g_strcmp0 (where, g_get_home_dir ()) == 0 || g_strcmp0 (where, documents) == 0);
  }
  cassino_window_export_records (f->window, CASSINO_STORE_EXPORT_ALL, 0, file);
  {
    g_autoptr(GFile) folder = cassino_window_dup_file_folder (f->window);
    g_autofree char *where = g_file_get_path (folder);

    g_assert_cmpstr (where, ==, f->tmpdir);
  }
  WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 20);
  toast = cassino_window_get_last_toast (f->window);
  g_test_message ("the toast: %s", toast);
  expected = g_strdup_printf ("%u games exported · one game could not be read and was left out: "
                              "Game %" G_GINT64_FORMAT ", deal 1, move 1 does not replay: unknown move type",
                              N_ROWS - 1, f->ids[4]);
  g_assert_cmpstr (toast, ==, expected);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  games = cassino_record_read (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, N_ROWS - 1);
  g_clear_pointer (&expected, g_free);

  /* that game alone, over the file just written */
  cassino_window_export_records (f->window, CASSINO_STORE_EXPORT_GAME, f->ids[4], file);
  expected = g_strdup_printf ("Game %" G_GINT64_FORMAT ", deal 1, move 1 does not replay: unknown move type",
                              f->ids[4]);
  WAIT_FOR (g_strcmp0 (cassino_window_get_last_toast (f->window), expected) == 0, 20);
  {
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (path, &after, NULL, &error));
    g_assert_cmpstr (after, ==, text);
  }
}

/* Importing a file whose second record does not read imported nothing;
 * the other records are imported, and the toast names the one that
 * failed, and where. */
static void
test_import_one_bad_record (Fixture       *f,
                            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->tmpdir, "three.cassino", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *second = NULL;
  const char *toast;

  /* three games of another database: the fixture's 8th, 9th and 10th
   * written out, the second with a move of a card nobody holds */
  for (guint i = 7; i < 10; i++)
    {
      CassinoGame *game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 900 + i, "Vic", "easy");
      g_autofree char *record = cassino_record_write (game);

      cassino_game_unref (game);
      if (i == 8)
        {
          char *move = strstr (record, "\n1. ");

          g_assert_nonnull (move);
          second = g_strdup_printf ("%.*s\n1. S0 Zz%s", (int) (move - record), record, strchr (move + 1, '\n'));
          g_string_append (text, second);
        }
      else
        g_string_append (text, record);
      g_string_append_c (text, '\n');
    }
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));

  open_window (f);
  cassino_window_import_records (f->window, file);
  WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 20);
  toast = cassino_window_get_last_toast (f->window);
  g_test_message ("the toast: %s", toast);
  g_assert_true (g_str_has_prefix (toast, "Imported 2 games · 0 already there · 1 failed. The first that failed: "
                                          "record 2: line "));
  /* as shown: the counts, ended as the toast without a failure ends (no
   * full stop), the reason behind Details */
  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (f->window), "Imported 2 games · 0 already there · 1 failed"), 5);
  g_assert_nonnull (ui_test_find_button (GTK_WIDGET (f->window), "_Details"));
}

/* A seat's name with line breaks (a damaged or foreign file) made its
 * History row three lines high; every row stays one line. */
static void
test_name_one_line (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  sqlite3 *db = NULL;
  int plain = 0, odd = 0;

  g_assert_cmpint (sqlite3_open (f->database, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE game_seats SET name = 'Line1' || char(10) || 'Line2' || char(10) || "
                                     "'Line3' WHERE seat = 1 AND game_id = (SELECT max(id) FROM games)",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  open_window (f);
  iterate (100);
  ui_test_collect (GTK_WIDGET (cassino_history_view_get_column_view (cassino_window_get_history_view (f->window))),
                   GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      const char *text = gtk_label_get_label (labels->pdata[i]);
      int h = gtk_widget_get_height (labels->pdata[i]);

      if (strstr (text, "Line1"))
        odd = MAX (odd, h);
      else if (strstr (text, "Tess"))
        plain = MAX (plain, h);
    }
  g_test_message ("a row's players: %d px high; with the line breaks: %d px", plain, odd);
  g_assert_cmpint (plain, >, 0);
  g_assert_cmpint (odd, ==, plain);
}

typedef struct {
  CassinoStoreImportReport report;
  gboolean                 done;
} Imported;

static void
on_imported_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Imported *imported = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (cassino_records_import_records_finish (CASSINO_RECORDS (source), result,
                                                        &imported->report, &error));
  g_assert_no_error (error);
  imported->done = TRUE;
}

/* An import while another program holds the database's write lock: it
 * waits on the records' database thread, the window's main loop goes on,
 * and when the lock is released every game is imported and shown. */
static void
test_import_while_locked (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *records_path = g_build_filename (f->tmpdir, "all.cassino", NULL);
  g_autofree char *fresh_path = g_build_filename (f->tmpdir, "fresh.db", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (records_path);
  g_autoptr(CassinoRecords) fresh = NULL;
  Imported imported = { { 0 } };
  sqlite3 *lock = NULL;
  guint count = 0, turns = 0;
  gint64 start;

  open_window (f);
  g_assert_true (cassino_records_export_records (cassino_window_get_records (f->window), CASSINO_STORE_EXPORT_ALL, 0,
                                                 file, &count, NULL, &error));
  g_assert_cmpuint (count, ==, N_ROWS);
  fresh = cassino_records_new (fresh_path, &error);
  g_assert_no_error (error);

  lock = ui_test_lock_writers (fresh_path);
  start = g_get_monotonic_time ();
  cassino_records_import_records_async (fresh, file, on_imported_cb, &imported);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
  while (g_get_monotonic_time () - start < G_USEC_PER_SEC)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      turns++;
    }
  /* a second of the main loop going round, the import still waiting */
  g_assert_cmpuint (turns, >, 100);
  g_assert_false (imported.done);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (cassino_records_get_history (fresh))), ==, 0);

  g_assert_cmpint (sqlite3_exec (lock, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (lock);
  WAIT_FOR (imported.done, 20);
  g_assert_cmpuint (imported.report.imported, ==, N_ROWS);
  g_assert_cmpuint (imported.report.failed, ==, 0);
  /* the count is read again on the database thread */
  WAIT_FOR (g_list_model_get_n_items (G_LIST_MODEL (cassino_records_get_history (fresh))) == N_ROWS, 10);
  cassino_store_import_report_clear (&imported.report);
}

static guint
store_count (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (f->database, &error);
  guint count = 0;

  g_assert_no_error (error);
  g_assert_true (cassino_store_count_history (store, NULL, &count, &error));
  return count;
}

static void
test_delete_undo (Fixture       *f,
                  gconstpointer  data)
{
  CassinoHistoryView *view;
  gint64 first, second;

  open_window (f);
  view = cassino_window_get_history_view (f->window);

  ui_test_history_select (view, 3);
  first = cassino_history_view_get_selected_id (view);
  g_assert_cmpint (first, ==, f->ids[N_GAMES - 3]);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  /* nothing is deleted while the toast offers Undo */
  g_assert_cmpuint (store_count (f), ==, N_ROWS);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.undo-delete", NULL);
  iterate (20);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS);
  g_assert_cmpuint (store_count (f), ==, N_ROWS);
  {
    g_autofree char *result = ui_test_history_cell_text (view, 3, "result");
    g_autofree char *expected = expected_result (f->games[N_GAMES - 3]);

    g_assert_cmpstr (result, ==, expected);
  }

  /* delete it; deleting another lets the first go for real */
  ui_test_history_select (view, 3);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  iterate (20);
  ui_test_history_select (view, 1);
  second = cassino_history_view_get_selected_id (view);
  g_assert_cmpint (second, ==, f->ids[N_GAMES - 1]);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  /* the first delete is queued on the database thread */
  WAIT_FOR (cassino_history_model_get_n_deleting (cassino_records_get_history (cassino_window_get_records (f->window))) == 0, 10);
  g_assert_cmpuint (store_count (f), ==, N_ROWS - 1);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 2);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.undo-delete", NULL);
  iterate (20);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  /* closing the window does not delete the one brought back */
  gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  iterate (50);
  g_assert_cmpuint (store_count (f), ==, N_ROWS - 1);
}

/* Whether game @id is in the database, read as another program would
 * (this does not wait for a lock). */
static gboolean
game_on_disk (Fixture *f,
              gint64   id)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean found;

  db = store_test_open_reader (f->database);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT 1 FROM games WHERE id = ?1", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  found = sqlite3_step (stmt) == SQLITE_ROW;
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return found;
}

/* Deleting a game while another program holds the database's write lock:
 * nothing is deleted while Undo is offered, then the delete is queued on
 * the records' database thread; the window's main loop goes on, the game
 * stays out of the list, and once the lock is released it is gone from
 * the disk. */
/* Two deletes one right after the other (a double press of Delete): the
 * first game goes, the second waits for Undo in the same toast, nothing
 * crashes (libadwaita 1.2 did when the first toast was dismissed while it
 * was still coming in). */
static void
test_delete_twice_quickly (Fixture       *f,
                           gconstpointer  data)
{
  CassinoHistoryView *view;
  CassinoHistoryModel *model;
  gint64 first, second;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  model = cassino_records_get_history (cassino_window_get_records (f->window));
  ui_test_history_select (view, 3);
  first = cassino_history_view_get_selected_id (view);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  ui_test_history_select (view, 1);
  second = cassino_history_view_get_selected_id (view);
  g_assert_cmpint (second, !=, first);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  iterate (500);   /* the toast's animation runs */
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 2);
  g_assert_cmpint (cassino_history_model_get_pending_delete (model), ==, second);
  WAIT_FOR (!game_on_disk (f, first), 10);
  /* Undo brings back the second only */
  gtk_widget_activate_action (GTK_WIDGET (view), "history.undo-delete", NULL);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  g_assert_true (game_on_disk (f, second));
  iterate (200);
}

/* A delete the database refuses (another program keeps the lock past
 * the 5 s busy timeout): the game comes back to the list and the toast
 * says first that it was not deleted (it said "database is locked"). */
static void
test_delete_refused (Fixture       *f,
                     gconstpointer  data)
{
  const char *body = "Another program is using the game database. Try again in a moment.";
  GtkWidget *details;
  GtkWindow *dialog;
  CassinoHistoryView *view;
  CassinoHistoryModel *model;
  sqlite3 *lock;
  gint64 id;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  model = cassino_records_get_history (cassino_window_get_records (f->window));
  ui_test_history_select (view, 2);
  id = cassino_history_view_get_selected_id (view);
  lock = ui_test_lock_writers (f->database);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  /* as when its toast goes without Undo */
  cassino_history_model_commit_delete (model, NULL);
  WAIT_FOR (cassino_history_model_get_n_deleting (model) == 0, 30);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS);
  g_assert_true (game_on_disk (f, id));
  /* what happened, whole, on the toast; why, one click away */
  WAIT_FOR (ui_test_maps_text (GTK_WIDGET (view), "The game was not deleted"), 10);
  details = ui_test_find_button (GTK_WIDGET (view), "_Details");
  g_assert_nonnull (details);
  g_assert_true (gtk_widget_get_mapped (details));
  g_signal_emit_by_name (details, "clicked");
  WAIT_FOR ((dialog = ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG)) != NULL, 5);
  g_assert_true (gtk_window_get_transient_for (dialog) == GTK_WINDOW (f->window));
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, "The game was not deleted");
  g_assert_cmpstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), ==, body);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  ui_test_unlock (lock);
}

static void
test_delete_while_locked (Fixture       *f,
                          gconstpointer  data)
{
  CassinoHistoryView *view;
  CassinoHistoryModel *model;
  sqlite3 *lock = NULL;
  gint64 first, second, start;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  model = cassino_records_get_history (cassino_window_get_records (f->window));
  ui_test_history_select (view, 3);
  first = cassino_history_view_get_selected_id (view);
  g_assert_cmpint (first, ==, f->ids[N_GAMES - 3]);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  iterate (100);

  lock = ui_test_lock_writers (f->database);
  /* deleting another lets the first go: it is queued, not waited for */
  ui_test_history_select (view, 1);
  second = cassino_history_view_get_selected_id (view);
  g_assert_cmpint (second, ==, f->ids[N_GAMES - 1]);
  start = g_get_monotonic_time ();
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
  g_assert_cmpuint (cassino_history_model_get_n_deleting (model), ==, 1);
  /* a second of the main loop going round, the delete still waiting */
  g_assert_cmpuint (ui_test_count_turns (1000), >, 100);
  g_assert_cmpuint (cassino_history_model_get_n_deleting (model), ==, 1);
  g_assert_true (game_on_disk (f, first));
  /* both out of the list; the second comes back with Undo */
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 2);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.undo-delete", NULL);
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  {
    g_autofree char *result = ui_test_history_cell_text (view, 3, "result");
    g_autofree char *expected = expected_result (f->games[N_GAMES - 4]);

    /* the rows after it moved up */
    g_assert_cmpstr (result, ==, expected);
  }

  g_assert_cmpint (sqlite3_exec (lock, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (lock);
  WAIT_FOR (cassino_history_model_get_n_deleting (model) == 0, 20);
  g_assert_false (game_on_disk (f, first));
  g_assert_true (game_on_disk (f, second));
  g_assert_cmpuint (n_rows (f), ==, N_ROWS - 1);
  for (guint row = 1; row < N_ROWS - 1; row++)
    {
      g_autofree char *result = ui_test_history_cell_text (view, row, "result");
      guint game = row < 3 ? N_GAMES - row : N_GAMES - row - 1;
      g_autofree char *expected = expected_result (f->games[game]);

      g_assert_cmpstr (result, ==, expected);
    }
}

/* A game of a best-of-three rubber, played with random moves. */
static CassinoGame *
rubber_game (const CassinoRules *rules,
             guint64             seed)
{
  CassinoGame *game = cassino_game_new (rules, seed, (guint) (seed % 2));
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  gboolean new_deal;

  cassino_game_set_seat (game, 0, "Tess", CASSINO_SEAT_HUMAN, NULL);
  cassino_game_set_seat (game, 1, "Computer 1", CASSINO_SEAT_COMPUTER, "easy");
  cassino_game_start (game);
  while (store_test_step (game, rand, &new_deal))
    ;
  return game;
}

/* Ctrl+F, from any page, puts the keyboard in the history's search box. */
static void
test_find_key (Fixture       *f,
               gconstpointer  data)
{
  CassinoHistoryView *view;
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  GtkWidget *search = NULL;

  open_window (f);
  view = cassino_window_get_history_view (f->window);
  /* the one on screen (the drop-downs' lists have their own) */
  ui_test_collect (GTK_WIDGET (view), GTK_TYPE_SEARCH_ENTRY, entries);
  for (guint i = 0; i < entries->len; i++)
    if (gtk_widget_get_mapped (entries->pdata[i]))
      {
        g_assert_null (search);
        search = entries->pdata[i];
      }
  g_assert_nonnull (search);

  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *focus;

      cassino_window_set_top_page (f->window, i == 0 ? "table" : "statistics");
      iterate (20);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.find", NULL));
      iterate (20);
      g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "history");
      focus = gtk_root_get_focus (GTK_ROOT (f->window));
      g_assert_nonnull (focus);
      g_assert_true (focus == search || gtk_widget_is_ancestor (focus, search));
    }
}

/* A game of @rules between @names (the first a person, the others the
 * easy computer), played to its end. */
static CassinoGame *
named_game (const CassinoRules *rules,
            const char *const  *names,
            guint64             seed)
{
  CassinoGame *game = cassino_game_new (rules, seed, 0);
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) seed);
  gboolean new_deal;

  for (guint s = 0; s < rules->n_players; s++)
    cassino_game_set_seat (game, s, names[s], s == 0 ? CASSINO_SEAT_HUMAN : CASSINO_SEAT_COMPUTER,
                           s == 0 ? NULL : "easy");
  cassino_game_start (game);
  while (store_test_step (game, rand, &new_deal))
    ;
  return game;
}

/* Names are shown as they are typed wherever they appear.  libadwaita
 * reads a toast's title, a status page's description, a preferences
 * group's heading and a row's title as markup: a name with "&" or "<"
 * left the line empty, with a warning (fatal in the tests).  Here such
 * names go through the history's delete toast, the Rubbers window and the
 * statistics (the opponents' rows, the comparison's heading, the empty
 * page), each checked as the user reads it. */
static void
test_names_not_markup (Fixture       *f,
                       gconstpointer  data)
{
  static const char *const names[] = { "Tom & Jerry", "<Ann>", "Bo & Cy", "Dee" };
  g_autoptr(GError) error = NULL;
  CassinoStore *store;
  CassinoRules rules;
  CassinoHistoryView *view;
  CassinoStatsView *stats;
  CassinoRecords *records;
  GtkWindow *window;
  gint64 pair_id, rubber_id, tom, ann;
  int tom_at, ann_at;
  g_autofree char *standing = NULL;
  gboolean found = FALSE;

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  /* partners "Tom & Jerry" and "Bo & Cy" (the side "Tom & Jerry & Bo & Cy") */
  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 4, &error));
  {
    CassinoGame *game = named_game (&rules, names, 41);

    pair_id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
    g_assert_no_error (error);
    cassino_game_unref (game);
  }
  /* a rubber of Tom & Jerry against <Ann>, being played */
  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_ENGLISH, 2, &error));
  rules.rubber_games = 3;
  rubber_id = cassino_store_begin_rubber (store, &rules, &error);
  g_assert_no_error (error);
  {
    CassinoGame *game = named_game (&rules, names, 42);

    g_assert_cmpint (cassino_store_record_game (store, game, rubber_id, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
    g_assert_no_error (error);
    cassino_game_unref (game);
  }
  tom = cassino_store_find_human (store, names[0], &error);
  g_assert_cmpint (tom, >, 0);
  g_assert_finalize_object (store);

  open_window (f);
  view = cassino_window_get_history_view (f->window);

  /* History: the partnership game deleted, its players in the toast */
  for (guint i = 0; i <= N_ROWS + 2 && !found; i++)
    {
      ui_test_history_select (view, i);
      found = cassino_history_view_get_selected_id (view) == pair_id;
    }
  g_assert_true (found);
  gtk_widget_activate_action (GTK_WIDGET (view), "history.delete", NULL);
  iterate (50);
  {
    g_autofree char *players = ui_test_history_cell_text (view, 0, "players");
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();

    found = FALSE;
    ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (g_str_has_prefix (gtk_label_get_text (labels->pdata[i]), "Game deleted: "))
        {
          const char *shown = gtk_label_get_text (labels->pdata[i]);

          g_assert_nonnull (strstr (shown, "Tom & Jerry"));
          g_assert_nonnull (strstr (shown, "<Ann>"));
          g_assert_nonnull (strstr (shown, "Bo & Cy"));
          found = TRUE;
        }
    g_assert_true (found);
  }
  gtk_widget_activate_action (GTK_WIDGET (view), "history.undo-delete", NULL);
  iterate (20);

  /* Rubbers: the standing names both sides */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.rubbers", NULL));
  WAIT_FOR (find_toplevel ("Rubbers") != NULL, 10);
  window = find_toplevel ("Rubbers");
  WAIT_FOR (!ui_test_shows_label (GTK_WIDGET (window), "Loading…"), 10);
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();

    ui_test_collect (GTK_WIDGET (window), ADW_TYPE_EXPANDER_ROW, rows);
    g_assert_cmpuint (rows->len, ==, 1);
    standing = g_strdup (adw_preferences_row_get_title (rows->pdata[0]));
    /* "English · Tom & Jerry 1 · <Ann> 0" */
    g_assert_nonnull (strstr (standing, " · Tom & Jerry "));
    g_assert_nonnull (strstr (standing, " · <Ann> "));
    g_assert_true (ui_test_maps_text (GTK_WIDGET (window), standing));
  }
  gtk_window_destroy (window);
  iterate (20);

  /* Statistics: Tom & Jerry's opponents, the comparison with <Ann>, and
   * the empty page that names Tom & Jerry */
  cassino_window_set_top_page (f->window, "statistics");
  stats = cassino_window_get_stats_view (f->window);
  records = cassino_window_get_records (f->window);
  WAIT_FOR (cassino_records_find_player (records, tom) >= 0, 10);
  tom_at = cassino_records_find_player (records, tom);
  cassino_stats_view_show (stats, tom_at, -1, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (stats), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (stats), ==, "stats");
  /* (the opponents' rows; Bo & Cy is a partner) */
  g_assert_true (ui_test_maps_text (GTK_WIDGET (stats), "<Ann>"));

  ann = 0;
  for (guint i = 0; i < g_list_model_get_n_items (cassino_records_get_player_names (records)); i++)
    {
      g_autoptr(GtkStringObject) name = g_list_model_get_item (cassino_records_get_player_names (records), i);

      if (g_strcmp0 (gtk_string_object_get_string (name), "<Ann>") == 0)
        ann = cassino_records_get_player_id (records, i);
    }
  g_assert_cmpint (ann, >, 0);
  ann_at = cassino_records_find_player (records, ann);
  cassino_stats_view_show (stats, tom_at, ann_at, -1, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (stats), 10);
  g_assert_true (ui_test_maps_text (GTK_WIDGET (stats), "Tom & Jerry and <Ann>"));

  cassino_stats_view_show (stats, tom_at, -1, CASSINO_PRESET_ROYAL, 0);
  WAIT_FOR (!cassino_stats_view_is_loading (stats), 10);
  g_assert_cmpstr (cassino_stats_view_get_page (stats), ==, "empty");
  g_assert_true (ui_test_maps_text (GTK_WIDGET (stats), "Tom & Jerry has no finished game with these filters yet. "
                                    "Play one from the Table, or choose “Any” above."));
}

/* The rubbers: a finished one with its winner and standing, one being
 * played that can be continued, each with its games. */
static void
test_rubbers (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  CassinoStore *store;
  CassinoRules rules;
  CassinoRubber rubber;
  gint64 done_id, open_id, open_game;
  GtkWindow *window;
  AdwExpanderRow *done_row = NULL, *open_row = NULL;
  g_autofree char *done_title = NULL;
  g_autofree char *done_subtitle = NULL;
  guint64 seed = 900;

  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_ENGLISH, 2, &error));
  rules.rubber_games = 3;   /* best of three */
  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);

  done_id = cassino_store_begin_rubber (store, &rules, &error);
  cassino_rubber_init (&rubber, &rules);
  while (!rubber.finished)
    {
      CassinoGame *game = rubber_game (&rules, seed++);

      g_assert_cmpint (cassino_store_record_game (store, game, done_id, CASSINO_STORE_SOURCE_PLAYED, &error), >, 0);
      cassino_rubber_add_game (&rubber, game);
      cassino_game_unref (game);
    }
  g_assert_true (cassino_store_end_rubber (store, done_id, &rubber, &error));
  g_assert_no_error (error);

  open_id = cassino_store_begin_rubber (store, &rules, &error);
  {
    CassinoGame *game = rubber_game (&rules, seed++);

    open_game = cassino_store_record_game (store, game, open_id, CASSINO_STORE_SOURCE_PLAYED, &error);
    g_assert_no_error (error);
    cassino_game_unref (game);
  }
  g_assert_finalize_object (store);

  open_window (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.rubbers", NULL));
  WAIT_FOR (find_toplevel ("Rubbers") != NULL, 10);
  window = find_toplevel ("Rubbers");
  /* (read on the database thread) */
  WAIT_FOR (!ui_test_shows_label (GTK_WIDGET (window), "Loading…"), 10);

  ui_test_collect (GTK_WIDGET (window), ADW_TYPE_EXPANDER_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 2);
  for (guint i = 0; i < rows->len; i++)
    {
      AdwExpanderRow *row = rows->pdata[i];

      if (strstr (adw_expander_row_get_subtitle (row), "Won by"))
        done_row = row;
      else
        open_row = row;
    }
  g_assert_nonnull (done_row);
  g_assert_nonnull (open_row);

  /* "English · Tess 2 · Computer 1 1", "Won by Tess with 2 points · date" */
  done_title = g_strdup_printf ("Tess %u · Computer 1 %u", rubber.games_won[0], rubber.games_won[1]);
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (done_row)), done_title));
  done_subtitle = g_strdup_printf ("Won by %s with %u point", rubber.winner == 0 ? "Tess" : "Computer 1",
                                   rubber.points[rubber.winner]);
  g_assert_true (g_str_has_prefix (adw_expander_row_get_subtitle (done_row), done_subtitle));
  g_assert_nonnull (strstr (adw_expander_row_get_subtitle (open_row), "1 game played · 2 wins take it"));

  /* the games of the finished one, each with its result */
  {
    g_autoptr(GPtrArray) games = g_ptr_array_new ();

    ui_test_collect (GTK_WIDGET (done_row), ADW_TYPE_ACTION_ROW, games);
    /* (the expander's own header is an action row too) */
    for (guint i = games->len; i-- > 0;)
      if (!g_str_has_prefix (adw_preferences_row_get_title (games->pdata[i]), "Game "))
        g_ptr_array_remove_index (games, i);
    g_assert_cmpuint (games->len, ==, rubber.n_games);
    for (guint i = 0; i < games->len; i++)
      g_assert_true (strstr (adw_action_row_get_subtitle (games->pdata[i]), " won, ") ||
                     g_str_has_prefix (adw_action_row_get_subtitle (games->pdata[i]), "Drawn"));
  }

  /* Continue: the table, in the rubber's second game */
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    CassinoGameController *controller = cassino_window_get_controller (f->window);
    GtkButton *cont = NULL;

    ui_test_collect (GTK_WIDGET (open_row), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Continue") == 0)
        cont = buttons->pdata[i];
    g_assert_nonnull (cont);
    g_signal_emit_by_name (cont, "clicked");
    WAIT_FOR (find_toplevel ("Rubbers") == NULL, 10);
    /* read on the records' database thread, then the table */
    WAIT_FOR (g_strcmp0 (cassino_window_get_top_page (f->window), "table") == 0, 10);
    g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, NULL);
    g_assert_nonnull (cassino_game_controller_get_rubber (controller));
    g_assert_cmpuint (cassino_game_controller_get_rubber (controller)->n_games, ==, 1);
    /* the new game's id comes back from the database thread */
    WAIT_FOR (cassino_game_controller_get_game_id (controller) != 0, 10);
    g_assert_cmpint (cassino_game_controller_get_game_id (controller), >, open_game);
  }
}

/* A player's picture: scaled down and kept beside the database, shown
 * in the players window and on the statistics page, replaced and removed
 * without leaving files behind; a file that is no picture is refused. */
/* Whether @window shows @name's picture in a button that offers to
 * change it. */
static gboolean
shows_picture_of (GtkWindow  *window,
                  const char *name)
{
  g_autoptr(GPtrArray) avatars = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (window), ADW_TYPE_AVATAR, avatars);
  for (guint i = 0; i < avatars->len; i++)
    if (g_strcmp0 (adw_avatar_get_text (avatars->pdata[i]), name) == 0 &&
        adw_avatar_get_custom_image (avatars->pdata[i]) != NULL &&
        gtk_widget_get_ancestor (avatars->pdata[i], GTK_TYPE_MENU_BUTTON) != NULL)
      return TRUE;
  return FALSE;
}

static void
test_player_picture (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkPixbuf) big = gdk_pixbuf_new (GDK_COLORSPACE_RGB, TRUE, 8, 400, 300);
  g_autofree char *png = g_build_filename (f->tmpdir, "me.png", NULL);
  g_autofree char *text = g_build_filename (f->tmpdir, "notes.png", NULL);
  g_autoptr(GFile) png_file = g_file_new_for_path (png);
  g_autoptr(GFile) text_file = g_file_new_for_path (text);
  g_autofree char *first = NULL;
  CassinoRecords *records;
  gint64 tess;

  gdk_pixbuf_fill (big, 0xff8000ff);
  g_assert_true (gdk_pixbuf_save (big, png, "png", &error, NULL));
  g_assert_true (g_file_set_contents (text, "not a picture", -1, &error));

  open_window (f);
  records = cassino_window_get_records (f->window);
  {
    g_autoptr(GPtrArray) players = cassino_records_list_players (records, FALSE, &error);

    tess = 0;
    for (guint i = 0; i < players->len; i++)
      if (g_str_equal (((CassinoStorePlayer *) players->pdata[i])->name, "Tess"))
        tess = ((CassinoStorePlayer *) players->pdata[i])->id;
    g_assert_cmpint (tess, >, 0);
  }

  g_assert_true (cassino_records_set_player_picture (records, tess, png_file, &error));
  g_assert_no_error (error);
  {
    g_autoptr(CassinoStorePlayer) p = cassino_records_get_player (records, tess, &error);
    g_autoptr(GdkPixbuf) kept = NULL;
    g_autofree char *dir = g_path_get_dirname (p->avatar);
    g_autofree char *expected_dir = g_build_filename (f->tmpdir, "avatars", NULL);
    GtkWidget *avatar;

    g_assert_cmpstr (dir, ==, expected_dir);
    kept = gdk_pixbuf_new_from_file (p->avatar, &error);
    g_assert_no_error (error);
    g_assert_cmpint (gdk_pixbuf_get_width (kept), ==, 192);
    g_assert_cmpint (gdk_pixbuf_get_height (kept), ==, 144);
    first = g_strdup (p->avatar);

    avatar = g_object_ref_sink (cassino_records_new_avatar (p, 48));
    g_assert_nonnull (adw_avatar_get_custom_image (ADW_AVATAR (avatar)));
    g_object_unref (avatar);
  }

  /* the colour keeps the picture */
  g_assert_true (cassino_records_set_player_colour (records, tess, "#336699", &error));
  {
    g_autoptr(CassinoStorePlayer) p = cassino_records_get_player (records, tess, &error);

    g_assert_cmpstr (p->avatar, ==, first);
    g_assert_cmpstr (p->colour, ==, "#336699");
  }

  /* not a picture: refused, the old one kept */
  g_assert_false (cassino_records_set_player_picture (records, tess, text_file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "cannot be used"));
  g_clear_error (&error);
  {
    g_autoptr(CassinoStorePlayer) p = cassino_records_get_player (records, tess, &error);

    g_assert_cmpstr (p->avatar, ==, first);
    g_assert_true (g_file_test (first, G_FILE_TEST_EXISTS));
  }

  /* the players window shows it, in a button that offers to change it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.players", NULL));
  WAIT_FOR (find_toplevel ("Players") != NULL, 10);
  /* (the players are read on the database thread) */
  WAIT_FOR (shows_picture_of (find_toplevel ("Players"), "Tess"), 10);
  gtk_window_destroy (find_toplevel ("Players"));

  /* replaced: the first file goes; removed: the second goes too */
  g_assert_true (cassino_records_set_player_picture (records, tess, png_file, &error));
  g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));
  {
    g_autoptr(CassinoStorePlayer) p = cassino_records_get_player (records, tess, &error);
    g_autofree char *second = g_strdup (p->avatar);

    g_assert_true (g_file_test (second, G_FILE_TEST_EXISTS));
    g_assert_true (cassino_records_set_player_picture (records, tess, NULL, &error));
    g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
  }
  {
    g_autoptr(CassinoStorePlayer) p = cassino_records_get_player (records, tess, &error);

    g_assert_null (p->avatar);
  }
  g_unlink (png);
  g_unlink (text);
}

/* Whether a toast shown under @widget says @word. */
static gboolean
toast_says (GtkWidget  *widget,
            const char *word)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  ui_test_collect (widget, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (labels->pdata[i]), word) != NULL &&
        gtk_widget_get_ancestor (labels->pdata[i], ADW_TYPE_TOAST_OVERLAY) != NULL &&
        gtk_widget_get_ancestor (labels->pdata[i], ADW_TYPE_PREFERENCES_ROW) == NULL)
      return TRUE;
  return FALSE;
}

/* Adding a player whose name is taken is refused where it was typed: the
 * field turns red and the Players window says why (a bell alone said
 * nothing); a name that is free clears the field and is listed. */
static void
test_add_player_taken (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWindow *players;
  AdwEntryRow *add = NULL;

  open_window (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.players", NULL));
  WAIT_FOR (find_toplevel ("Players") != NULL, 10);
  players = find_toplevel ("Players");
  ui_test_collect (GTK_WIDGET (players), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "Add a Player") == 0)
      add = rows->pdata[i];
  g_assert_nonnull (add);

  gtk_editable_set_text (GTK_EDITABLE (add), "Tess");
  g_signal_emit_by_name (add, "apply");
  WAIT_FOR (gtk_widget_has_css_class (GTK_WIDGET (add), "error"), 10);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (add)), ==, "Tess");
  /* the toast of the Players window */
  WAIT_FOR (toast_says (GTK_WIDGET (players), "Tess"), 10);

  /* typing another name takes the red away */
  gtk_editable_set_text (GTK_EDITABLE (add), "Uli");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (add), "error"));
  g_signal_emit_by_name (add, "apply");
  WAIT_FOR (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (add)), "") == 0, 10);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (add), "error"));
  gtk_window_destroy (players);
}

/* The user renamed in Players is renamed in the settings too: the name
 * in Preferences and the seats New Game offers again (a new game dealt
 * the old name, a second player of it). */
static void
test_rename_user (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
  g_autofree char *json = NULL;
  GtkWindow *players;
  AdwEntryRow *tess = NULL;

  json = cassino_game_setup_to_json (setup);
  g_settings_set_string (f->settings, "last-game", json);
  g_clear_pointer (&json, g_free);
  open_window (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.players", NULL));
  WAIT_FOR (find_toplevel ("Players") != NULL, 10);
  players = find_toplevel ("Players");
  for (guint tries = 0; tess == NULL && tries < 100; tries++)
    {
      iterate (50);
      g_ptr_array_set_size (rows, 0);
      ui_test_collect (GTK_WIDGET (players), ADW_TYPE_ENTRY_ROW, rows);
      for (guint i = 0; i < rows->len; i++)
        if (g_strcmp0 (gtk_editable_get_text (rows->pdata[i]), "Tess") == 0)
          tess = rows->pdata[i];
    }
  if (tess == NULL)
    for (guint i = 0; i < rows->len; i++)
      g_test_message ("row: %s", gtk_editable_get_text (rows->pdata[i]));
  g_assert_nonnull (tess);
  gtk_editable_set_text (GTK_EDITABLE (tess), "Tessa");
  g_signal_emit_by_name (tess, "apply");
  WAIT_FOR (({ g_autofree char *name = g_settings_get_string (f->settings, "player-name");
               g_strcmp0 (name, "Tessa") == 0; }), 10);
  /* New Game's seats: the user's by the new name */
  json = g_settings_get_string (f->settings, "last-game");
  g_assert_null (strstr (json, "\"Tess\""));
  {
    g_autofree char *setting = g_settings_get_string (f->settings, "player-name");
    g_autofree char *name = cassino_game_setup_default_player_name (setting);
    g_autoptr(CassinoGameSetup) again = cassino_game_setup_from_json (json, name, NULL);

    g_assert_nonnull (again);
    g_assert_cmpstr (again->seats[0].name, ==, "Tessa");
  }
  gtk_window_destroy (players);
}

/* The mapped button of History's action bar for @action, or NULL. */
static GtkWidget *
mapped_history_button (Fixture    *f,
                       const char *action)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (cassino_window_get_history_view (f->window)), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (buttons->pdata[i]), action) == 0 &&
        gtk_widget_get_mapped (buttons->pdata[i]))
      return buttons->pdata[i];
  return NULL;
}

/* History's Review button says "Review" where it fits, and at a phone's
 * width shows an icon of its own that the app carries (a magnifier under
 * the search field read as Search). */
static void
test_review_button_icon (Fixture       *f,
                         gconstpointer  data)
{
  GtkWidget *review;
  GtkIconTheme *theme;
  graphene_rect_t b;

  open_window (f);
  review = mapped_history_button (f, "history.review");
  g_assert_nonnull (review);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (review)), ==, "Re_view");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (review), ==, "Review Game: What Should Have Been Played?");

  ui_test_resize (GTK_WINDOW (f->window), 360, 720);
  iterate (200);
  review = mapped_history_button (f, "history.review");
  g_assert_nonnull (review);
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (review)), ==, "cassino-review-symbolic");
  theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (review));
  g_assert_true (gtk_icon_theme_has_icon (theme, "cassino-review-symbolic"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (review), ==, "Review Game: What Should Have Been Played?");
  /* inside the window, as Replay is */
  g_assert_true (gtk_widget_compute_bounds (mapped_history_button (f, "history.open"), GTK_WIDGET (f->window), &b));
  g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (GTK_WIDGET (f->window)));
}

/* The row of the Players window that names @name, or NULL. */
static AdwEntryRow *
players_row (GtkWindow  *players,
             const char *name)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (players), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (gtk_editable_get_text (rows->pdata[i]), name) == 0 &&
        g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "Add a Player") != 0)
      return rows->pdata[i];
  return NULL;
}

/* Whether the entry row @row shows its apply button. */
static gboolean
shows_apply_button (AdwEntryRow *row)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (row), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_icon_name (buttons->pdata[i]), "adw-entry-apply-symbolic") == 0 &&
        gtk_widget_is_visible (buttons->pdata[i]))
      return TRUE;
  return FALSE;
}

static gboolean
focus_within (GtkWindow *window,
              GtkWidget *widget)
{
  GtkWidget *focus = gtk_window_get_focus (window);

  return focus && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The Players window keeps the keyboard where it was: a player added
 * leaves the field empty without an apply button (it showed one that
 * did nothing), a field emptied by hand hides it too, and a rename or an
 * archive keeps the focus on that player's row (it went to the first
 * row's picture when the rows were made again). */
static void
test_players_focus_kept (Fixture       *f,
                         gconstpointer  data)
{
  GtkWindow *players;
  AdwEntryRow *add = NULL, *wim, *xena;
  GtkWidget *archive;

  open_window (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.players", NULL));
  WAIT_FOR (find_toplevel ("Players") != NULL, 10);
  players = find_toplevel ("Players");
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();

    ui_test_collect (GTK_WIDGET (players), ADW_TYPE_ENTRY_ROW, rows);
    for (guint i = 0; i < rows->len; i++)
      if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "Add a Player") == 0)
        add = rows->pdata[i];
  }
  g_assert_nonnull (add);

  /* two players added, typed with the focus in the field */
  gtk_widget_grab_focus (GTK_WIDGET (add));
  gtk_editable_set_text (GTK_EDITABLE (add), "Wim");
  g_assert_true (shows_apply_button (add));
  g_signal_emit_by_name (add, "apply");
  WAIT_FOR (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (add)), "") == 0, 10);
  g_assert_nonnull (players_row (players, "Wim"));
  g_assert_false (shows_apply_button (add));
  gtk_editable_set_text (GTK_EDITABLE (add), "Xena");
  g_signal_emit_by_name (add, "apply");
  WAIT_FOR (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (add)), "") == 0, 10);
  g_assert_nonnull (players_row (players, "Xena"));
  g_assert_false (shows_apply_button (add));

  /* a field emptied by hand offers nothing to apply */
  gtk_editable_set_text (GTK_EDITABLE (add), "Y");
  g_assert_true (shows_apply_button (add));
  gtk_editable_set_text (GTK_EDITABLE (add), "");
  g_assert_false (shows_apply_button (add));

  /* Xena renamed from her row: the focus stays on her row */
  xena = players_row (players, "Xena");
  wim = players_row (players, "Wim");
  g_assert_nonnull (wim);
  gtk_widget_grab_focus (GTK_WIDGET (xena));
  g_assert_true (focus_within (players, GTK_WIDGET (xena)));
  gtk_editable_set_text (GTK_EDITABLE (xena), "Xenia");
  g_signal_emit_by_name (xena, "apply");
  /* (the rows are made again when the rename is stored) */
  WAIT_FOR (players_row (players, "Xenia") != NULL && players_row (players, "Xenia") != xena, 10);
  g_assert_true (focus_within (players, GTK_WIDGET (players_row (players, "Xenia"))));

  /* Veronika archived with her row's button: the focus is on the button
   * that brings her back */
  xena = players_row (players, "Xenia");
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

    archive = NULL;
    ui_test_collect (GTK_WIDGET (xena), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_button_get_icon_name (buttons->pdata[i]), "cassino-archive-symbolic") == 0)
        archive = buttons->pdata[i];
  }
  g_assert_nonnull (archive);
  gtk_widget_grab_focus (archive);
  g_signal_emit_by_name (archive, "clicked");
  WAIT_FOR (players_row (players, "Xenia") != NULL &&
            players_row (players, "Xenia") != xena, 10);
  {
    GtkWidget *focus = gtk_window_get_focus (players);

    g_assert_true (GTK_IS_BUTTON (focus));
    g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (focus)), ==, "edit-undo-symbolic");
    g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (players_row (players, "Xenia"))));
  }
  gtk_window_destroy (players);
}

/* @n games of Vic's begun in the database at @path; the first's and the
 * newest's ids. */
static void
begin_games (const char *path,
             guint       n,
             gint64     *first_id,
             gint64     *newest_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = cassino_store_open (path, &error);
  gint64 id = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 900 + i, "Vic", "easy");

      id = cassino_store_begin_game (store, game, 0, NULL, &error);
      g_assert_no_error (error);
      if (i == 0 && first_id)
        *first_id = id;
      cassino_game_unref (game);
    }
  if (newest_id)
    *newest_id = id;
}

static void
test_lazy_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cassino-ui-lazy-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "lazy.db", NULL);
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(CassinoHistoryModel) model = NULL;
  guint n = 3 * CASSINO_HISTORY_PAGE_SIZE + 7;
  gint64 last_id = 0;

  g_assert_no_error (error);
  begin_games (path, n, NULL, &last_id);
  store = cassino_store_open (path, &error);
  g_assert_no_error (error);
  model = cassino_history_model_new (store);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  g_assert_cmpuint (cassino_history_model_get_pages_read (model), ==, 0);
  {
    g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), n - 1);
    g_autoptr(CassinoHistoryItem) first = g_list_model_get_item (G_LIST_MODEL (model), 0);

    /* a jump to the end reads one page, not the ones before */
    g_assert_nonnull (item);
    g_assert_cmpuint (cassino_history_model_get_pages_read (model), ==, 2);
    g_assert_cmpint (cassino_history_item_get_id (first), ==, last_id);
    g_assert_true (cassino_history_item_is_unfinished (first));
  }
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), n));
  g_clear_object (&model);
  g_assert_finalize_object (g_steal_pointer (&store));
  test_remove_tree (dir);
}

/* History paging while another program holds the write lock and a
 * delete waits for it on the records' database thread: a page not read
 * yet shows "Loading…" rows at once (the main loop goes on), and the
 * games once the lock is released, the deleted one gone. */
static void
test_paging_while_locked (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cassino-ui-paging-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "paging.db", NULL);
  g_autoptr(CassinoRecords) records = NULL;
  CassinoHistoryModel *model;
  guint n = 3 * CASSINO_HISTORY_PAGE_SIZE + 7, changed = 0;
  gint64 first_id = 0, newest_id = 0, start;
  sqlite3 *lock = NULL;

  g_assert_no_error (error);
  begin_games (path, n, &first_id, &newest_id);
  records = cassino_records_new (path, &error);
  g_assert_no_error (error);
  model = cassino_records_get_history (records);
  /* the first count comes from the database thread */
  WAIT_FOR (!cassino_history_model_is_loading (model), 10);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  g_signal_connect_swapped (model, "items-changed", G_CALLBACK (g_atomic_int_inc), &changed);
  {
    g_autoptr(CassinoHistoryItem) top = g_list_model_get_item (G_LIST_MODEL (model), 0);

    WAIT_FOR (!cassino_history_model_is_loading (model), 10);
  }

  lock = ui_test_lock_writers (path);
  /* the newest game deleted: queued behind the lock */
  g_assert_true (cassino_history_model_hide_for_delete (model, newest_id, 0, &error));
  g_assert_true (cassino_history_model_commit_delete (model, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n - 1);

  /* a jump to the end: "Loading…" at once */
  start = g_get_monotonic_time ();
  {
    g_autoptr(CassinoHistoryItem) last = g_list_model_get_item (G_LIST_MODEL (model), n - 2);
    g_autofree char *date = cassino_history_item_dup_date_text (last);

    g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
    g_assert_true (cassino_history_item_is_loading (last));
    g_assert_cmpint (cassino_history_item_get_id (last), ==, 0);
    g_assert_cmpstr (date, ==, "Loading…");
  }
  changed = 0;
  /* a second of the main loop going round, the page still waiting */
  g_assert_cmpuint (ui_test_count_turns (1000), >, 100);
  g_assert_true (cassino_history_model_is_loading (model));
  g_assert_cmpuint (changed, ==, 0);

  g_assert_cmpint (sqlite3_exec (lock, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (lock);
  WAIT_FOR (!cassino_history_model_is_loading (model) && cassino_history_model_get_n_deleting (model) == 0, 20);
  /* the loading rows were replaced, and say so */
  g_assert_cmpuint (changed, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n - 1);
  {
    g_autoptr(CassinoHistoryItem) last = g_list_model_get_item (G_LIST_MODEL (model), n - 2);
    g_autoptr(CassinoHistoryItem) top = NULL;

    g_assert_false (cassino_history_item_is_loading (last));
    g_assert_cmpint (cassino_history_item_get_id (last), ==, first_id);
    top = g_list_model_get_item (G_LIST_MODEL (model), 0);
    WAIT_FOR (!cassino_history_model_is_loading (model), 10);
    g_clear_object (&top);
    top = g_list_model_get_item (G_LIST_MODEL (model), 0);
    g_assert_cmpint (cassino_history_item_get_id (top), ==, newest_id - 1);
  }
  g_clear_object (&records);
  test_remove_tree (dir);
}

/* Another program holds the database, keeping readers out, when the
 * window opens.  (In WAL mode it can take such a lock only while no other
 * connection is open: at start-up, not once the window's connections
 * are.)  The window opens, not waiting for the records; the history,
 * a game's replay and the rubbers show that they are loading and the main
 * loop goes round (a 50 ms timeout fires); after the release the right
 * data comes. */
static void
test_window_while_locked (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoHistoryView *history;
  CassinoReplayView *view;
  GtkStack *stack;
  GtkWindow *rubbers;
  CassinoReplay *replay;
  sqlite3 *lock;
  gint64 start, took;
  guint ticks, ticker;

  lock = ui_test_lock_out_readers (f->database);
  start = g_get_monotonic_time ();
  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  took = g_get_monotonic_time () - start;
  /* (the recorder still opens its connection on the main thread) */
  g_test_message ("the window, locked: made in %.1f ms", took / 1000.0);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
  cassino_window_set_top_page (f->window, "history");
  history = cassino_window_get_history_view (f->window);
  view = cassino_window_get_replay_view (f->window);
  stack = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (view)));

  ticker = ui_test_add_ticker (&ticks);
  iterate (300);
  /* the history: loading, not "No Games Yet" */
  g_assert_true (ui_test_maps_label (GTK_WIDGET (history), "Loading the Games…"));
  g_assert_false (ui_test_maps_label (GTK_WIDGET (history), "No Games Yet"));
  g_assert_true (ui_test_maps_label (GTK_WIDGET (history), "Loading…"));

  /* a game's replay: at once, "Loading the Game…" */
  start = g_get_monotonic_time ();
  g_assert_true (cassino_window_open_replay (f->window, f->ids[4], &error));
  took = g_get_monotonic_time () - start;
  g_assert_no_error (error);
  g_test_message ("open a game, locked: the call took %.1f ms", took / 1000.0);
  g_assert_cmpint (took, <, G_USEC_PER_SEC / 2);
  iterate (300);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "loading");
  g_assert_true (ui_test_maps_label (GTK_WIDGET (f->window), "Loading the Game…"));

  /* the rubbers: a window at once, "Loading…" in it */
  start = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.rubbers", NULL));
  took = g_get_monotonic_time () - start;
  g_test_message ("Rubbers, locked: the action took %.1f ms", took / 1000.0);
  g_assert_cmpint (took, <, G_USEC_PER_SEC / 2);
  WAIT_FOR (find_toplevel ("Rubbers") != NULL, 10);
  rubbers = find_toplevel ("Rubbers");
  iterate (500);
  g_assert_true (ui_test_maps_label (GTK_WIDGET (rubbers), "Loading…"));
  g_test_message ("the 50 ms timeout fired %u times in the 1.1 s locked", ticks);
  g_assert_cmpuint (ticks, >=, 10);

  ui_test_unlock (lock);
  WAIT_FOR (!ui_test_maps_label (GTK_WIDGET (rubbers), "Loading…"), 20);
  g_assert_true (ui_test_maps_label (GTK_WIDGET (rubbers), "No rubber is being played."));
  gtk_window_destroy (rubbers);
  ui_test_wait_replay (view);
  g_source_remove (ticker);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "replay");
  replay = cassino_replay_view_get_replay (view);
  g_assert_cmpint (cassino_replay_get_game_id (replay), ==, f->ids[4]);
  g_assert_cmpuint (cassino_game_get_n_deals (cassino_replay_get_source (replay)), ==,
                    cassino_game_get_n_deals (f->games[4]));
  /* the recorder could not open the file at start; its database thread
   * did once the lock went: the game dealt at start is recorded like any
   * game on the table, nothing else changed */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.close-replay", NULL);
  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (history), "13 games"), 20);
  ui_test_wait_history (history);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (cassino_history_view_get_column_view (history)))),
                    ==, N_GAMES + 1);
}

/* The same when the lock outlasts the busy timeout: the window says what
 * failed (a toast for the game, a page for the history with Try Again),
 * goes back to the list, and loses nothing; after the release Try Again
 * lists the games. */
static void
test_window_lock_timeout (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  CassinoHistoryView *history;
  CassinoReplayView *view;
  GtkStack *stack;
  GtkWidget *again = NULL;
  sqlite3 *lock;

  lock = ui_test_lock_out_readers (f->database);
  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
  cassino_window_set_top_page (f->window, "history");
  history = cassino_window_get_history_view (f->window);
  view = cassino_window_get_replay_view (f->window);
  stack = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (view)));

  g_assert_true (cassino_window_open_replay (f->window, f->ids[2], &error));
  /* the store's busy timeout is 5 s */
  WAIT_FOR (g_strcmp0 (gtk_stack_get_visible_child_name (stack), "loading") != 0, 20);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "list");
  g_assert_nonnull (cassino_window_get_last_toast (f->window));
  g_assert_true (g_str_has_prefix (cassino_window_get_last_toast (f->window), "The game could not be opened: The database"));
  g_assert_nonnull (strstr (cassino_window_get_last_toast (f->window), "is busy"));
  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (history), "The Games Could Not Be Read"), 20);
  g_assert_false (ui_test_maps_label (GTK_WIDGET (history), "No Games Yet"));

  ui_test_unlock (lock);
  ui_test_collect (GTK_WIDGET (history), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Try Again") == 0 &&
        gtk_widget_is_visible (buttons->pdata[i]))
      again = buttons->pdata[i];
  g_assert_nonnull (again);
  g_signal_emit_by_name (again, "clicked");
  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (history), "12 games"), 20);
  ui_test_wait_history (history);
  /* and the players, for the filters */
  WAIT_FOR (g_list_model_get_n_items (cassino_records_get_player_names (cassino_window_get_records (f->window))) > 0, 10);
  /* nothing lost: every game is there, and opens */
  g_assert_true (cassino_window_open_replay (f->window, f->ids[2], &error));
  ui_test_wait_replay (view);
  g_assert_cmpint (cassino_replay_get_game_id (cassino_replay_view_get_replay (view)), ==, f->ids[2]);
}

/* The history view applies its filter again whenever the records change
 * (a refresh, the first players list): the same filter reads nothing
 * again; a different one does, and cassino_records_refresh() reloads once. */
static void
test_same_filter_no_reread (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cassino-ui-filter-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "filter.db", NULL);
  g_autoptr(CassinoRecords) records = NULL;
  CassinoHistoryModel *model;
  CassinoStoreHistoryFilter filter = { 0 };

  g_assert_no_error (error);
  begin_games (path, 3, NULL, NULL);
  records = cassino_records_new (path, &error);
  g_assert_no_error (error);
  model = cassino_records_get_history (records);
  WAIT_FOR (!cassino_history_model_is_counting (model), 20);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);

  /* the filter it has ("" and NULL are both any name): no count */
  filter.name = "";
  cassino_history_model_set_filter (model, &filter);
  g_assert_false (cassino_history_model_is_counting (model));
  cassino_history_model_set_filter (model, NULL);
  g_assert_false (cassino_history_model_is_counting (model));

  /* another one: counted */
  filter.result = CASSINO_STORE_RESULT_FINISHED;
  cassino_history_model_set_filter (model, &filter);
  g_assert_true (cassino_history_model_is_counting (model));
  WAIT_FOR (!cassino_history_model_is_counting (model), 20);
  cassino_history_model_set_filter (model, NULL);
  WAIT_FOR (!cassino_history_model_is_counting (model), 20);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);

  g_clear_object (&records);
  ui_test_remove_dir (dir);
}

/* A game deleted by another connection between the count and the read of
 * its page (the recorder putting aside an unplayed game while the history
 * is shown): the row the page lacks is "Loading…", never NULL (GTK unrefs
 * what a list model gives), and the count read again drops it. */
static void
test_page_shorter_than_count (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cassino-ui-short-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "short.db", NULL);
  g_autoptr(CassinoRecords) records = NULL;
  CassinoHistoryModel *model;
  gint64 newest = 0;

  g_assert_no_error (error);
  begin_games (path, 3, NULL, &newest);
  records = cassino_records_new (path, &error);
  g_assert_no_error (error);
  model = cassino_records_get_history (records);
  WAIT_FOR (!cassino_history_model_is_counting (model), 20);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);

  /* another connection deletes the newest game; then the page is read */
  {
    g_autoptr(CassinoStore) store = cassino_store_open (path, &error);

    g_assert_no_error (error);
    g_assert_true (cassino_store_delete_game (store, newest, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(CassinoHistoryItem) first = g_list_model_get_item (G_LIST_MODEL (model), 0);

    g_assert_true (cassino_history_item_is_loading (first));
  }
  WAIT_FOR (!cassino_history_model_is_loading (model), 20);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 3);
  {
    g_autoptr(CassinoHistoryItem) last = g_list_model_get_item (G_LIST_MODEL (model), 2);

    g_assert_nonnull (last);
    g_assert_true (cassino_history_item_is_loading (last));
  }
  /* counted again: two rows, both read */
  WAIT_FOR (!cassino_history_model_is_counting (model) &&
            g_list_model_get_n_items (G_LIST_MODEL (model)) == 2, 20);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_nonnull (item);
    }
  WAIT_FOR (!cassino_history_model_is_loading (model), 20);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_false (cassino_history_item_is_loading (item));
      g_assert_cmpint (cassino_history_item_get_id (item), !=, newest);
    }

  g_clear_object (&records);
  ui_test_remove_dir (dir);
}

/* Opening the records (the window's history and players) while another
 * program keeps readers out: no wait, the list is loading, the main loop
 * goes round; after the release the count and the players come. */
static void
test_open_records_while_locked (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cassino-ui-open-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "open.db", NULL);
  g_autoptr(CassinoRecords) records = NULL;
  CassinoHistoryModel *model;
  GListModel *names;
  sqlite3 *lock;
  gint64 start, took;
  guint ticks, ticker, n = 7;

  g_assert_no_error (error);
  begin_games (path, n, NULL, NULL);
  lock = ui_test_lock_out_readers (path);
  ticker = ui_test_add_ticker (&ticks);
  start = g_get_monotonic_time ();
  records = cassino_records_new (path, &error);
  took = g_get_monotonic_time () - start;
  g_assert_no_error (error);
  g_assert_nonnull (records);
  g_test_message ("open the records, locked: the call took %.1f ms", took / 1000.0);
  g_assert_cmpint (took, <, G_USEC_PER_SEC / 2);
  model = cassino_records_get_history (records);
  names = cassino_records_get_player_names (records);
  iterate (1000);
  g_test_message ("the 50 ms timeout fired %u times in the second after", ticks);
  g_assert_cmpuint (ticks, >=, 10);
  g_assert_true (cassino_history_model_is_loading (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (names), ==, 0);

  ui_test_unlock (lock);
  WAIT_FOR (!cassino_history_model_is_loading (model) && g_list_model_get_n_items (names) > 0, 20);
  g_source_remove (ticker);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n);
  {
    gboolean vic = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (names); i++)
      vic |= g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), "Vic") == 0;
    g_assert_true (vic);
  }
  g_clear_object (&records);
  test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("TZ", "UTC", TRUE);

  the_app = ui_test_start_app (&argc, &argv, &bus);

#define ADD(path, func) \
  g_test_add ("/cassino/ui-history/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  g_test_add_func ("/cassino/ui-history/lazy-model", test_lazy_model);
  g_test_add_func ("/cassino/ui-history/paging-while-locked", test_paging_while_locked);
  ADD ("lists-games", test_history_lists_games);
  ADD ("review-button-icon", test_review_button_icon);
  ADD ("unfinished-score", test_history_unfinished_score);
  ADD ("narrow", test_history_narrow);
  ADD ("filters", test_history_filters);
  ADD ("filter-kept", test_history_filter_kept);
  ADD ("replay-steps", test_replay_steps);
  ADD ("statistics", test_statistics);
  ADD ("statistics-few-games", test_statistics_few_games);
  ADD ("statistics-family", test_statistics_family);
  ADD ("family-filter", test_family_filter);
  ADD ("statistics-family-only", test_statistics_family_only);
  ADD ("new-rubber", test_new_rubber);
  ADD ("statistics-kept", test_statistics_kept);
  ADD ("rename-user", test_rename_user);
  ADD ("players-focus-kept", test_players_focus_kept);
  ADD ("no-flow-box-stops", test_no_flow_box_stops);
  g_test_add_func ("/cassino/ui-history/chart-ticks", test_chart_ticks);
  g_test_add_func ("/cassino/ui-history/length-text", test_length_text);
  ADD ("export-import", test_export_import);
  ADD ("export-damaged-game", test_export_damaged_game);
  ADD ("export-not-over-database", test_export_not_over_database);
  ADD ("delete-refused", test_delete_refused);
  ADD ("name-one-line", test_name_one_line);
  ADD ("import-one-bad-record", test_import_one_bad_record);
  ADD ("import-while-locked", test_import_while_locked);
  ADD ("delete-undo", test_delete_undo);
  ADD ("delete-twice-quickly", test_delete_twice_quickly);
  ADD ("delete-while-locked", test_delete_while_locked);
  ADD ("rubbers", test_rubbers);
  ADD ("player-picture", test_player_picture);
  g_test_add_func ("/cassino/ui-history/open-records-while-locked", test_open_records_while_locked);
  g_test_add_func ("/cassino/ui-history/same-filter-no-reread", test_same_filter_no_reread);
  g_test_add_func ("/cassino/ui-history/page-shorter-than-count", test_page_shorter_than_count);
  ADD ("names-not-markup", test_names_not_markup);
  ADD ("find-key", test_find_key);
  ADD ("statistics-opens-on-user", test_statistics_opens_on_user);
  ADD ("add-player-taken", test_add_player_taken);
  ADD ("window-while-locked", test_window_while_locked);
  ADD ("window-lock-timeout", test_window_lock_timeout);

  ret = g_test_run ();
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  return ret;
}
