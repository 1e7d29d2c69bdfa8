/* test-ui-review.c: the game review, the coach and the puzzles in a real
 * window, under Xvfb
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cassino-application.h"
#include "cassino-coach.h"
#include "cassino-game-setup.h"
#include "cassino-history-view.h"
#include "cassino-puzzles-window.h"
#include "cassino-replay-view.h"
#include "cassino-review-view.h"
#include "cassino-store-record.h"
#include "cassino-store-review.h"
#include "cassino-window.h"
#include "test-store-util.h"
#include "test-ui-util.h"

static CassinoApplication *the_app;
static GTestDBus *bus;

typedef struct {
  CassinoWindow *window;
  GSettings     *settings;
  char          *tmpdir;
  char          *database;
  CassinoGame   *game;      /* Tess against a computer, recorded */
  gint64         game_id;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoStore *store;

  f->tmpdir = g_dir_make_tmp ("cassino-ui-review-XXXXXX", &error);
  g_assert_no_error (error);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);

  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_reset (f->settings, "coach");
  g_settings_set_enum (f->settings, "animation-speed", 0);
  g_settings_set_string (f->settings, "player-name", "Tess");

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  /* random moves: mistakes to find, positions with one clear answer */
  f->game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 4242, "Tess", "medium");
  f->game_id = cassino_store_record_game (store, f->game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  g_assert_finalize_object (store);
}

static void
open_window (Fixture *f)
{
  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
  iterate (50);
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
  cassino_game_unref (f->game);
  g_settings_reset (f->settings, "coach");
  g_clear_object (&f->settings);
  store_test_rmdir (f->tmpdir);
  g_free (f->database);
  g_free (f->tmpdir);
}

/* the history row of game @id */
static guint
row_of_game (Fixture *f,
             gint64   id)
{
  CassinoHistoryView *view = cassino_window_get_history_view (f->window);
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (cassino_history_view_get_column_view (view)));

  ui_test_wait_history (view);   /* pages come from the database thread */
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      cassino_history_view_select (view, i);
      if (cassino_history_view_get_selected_id (view) == id)
        return i;
    }
  g_error ("game %" G_GINT64_FORMAT " is not listed", id);
  return 0;
}

static GtkWidget *
nth_row (GtkListBox *list,
         guint       n)
{
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list));

  while (row && n--)
    row = gtk_widget_get_next_sibling (row);
  g_assert_nonnull (row);
  return row;
}

static guint
n_rows (GtkListBox *list)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row; row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

static void
review_from_history (Fixture *f)
{
  CassinoHistoryView *history;

  cassino_window_set_top_page (f->window, "history");
  iterate (50);
  history = cassino_window_get_history_view (f->window);
  WAIT_FOR (gtk_widget_is_sensitive (GTK_WIDGET (history)) &&
            g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (
              cassino_history_view_get_column_view (history)))) >= 2, 10);
  cassino_history_view_select (history, row_of_game (f, f->game_id));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (history), "history.review", NULL));
  g_assert_nonnull (cassino_window_get_review_view (f->window));
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "history");
}

/* History → Review: the progress page, then the summary with each seat's
 * accuracy as the engine works it out, the costliest moves one click from
 * the replay at that position, Back to the review; a second look is read
 * from the database. */
static void
test_review_from_history (Fixture       *f,
                          gconstpointer  data)
{
  CassinoReviewView *view;
  g_autoptr(CassinoReview) expected = NULL;
  const CassinoReview *shown;
  gboolean stored = TRUE;
  guint idx[3];
  guint n_costly;
  CassinoReplayView *replay_view;
  CassinoReplay *replay;
  const CassinoReviewMove *first;

  open_window (f);
  review_from_history (f);
  view = cassino_window_get_review_view (f->window);
  g_assert_cmpstr (cassino_review_view_get_state (view), ==, "running");
  WAIT_FOR (g_strcmp0 (cassino_review_view_get_state (view), "result") == 0, 120);

  shown = cassino_review_view_get_review (view, &stored);
  g_assert_false (stored);
  expected = cassino_review_run (f->game, 0x3, CASSINO_REVIEW_LEVEL, CASSINO_REVIEW_ITERATIONS, NULL, NULL, NULL, NULL);
  {
    g_autofree char *a = cassino_review_to_text (expected);
    g_autofree char *b = cassino_review_to_text (shown);

    g_assert_cmpstr (a, ==, b);
  }

  /* the summary: one row per player with the accuracy the engine gives */
  g_assert_cmpuint (n_rows (cassino_review_view_get_summary_list (view)), ==, 2);
  for (guint s = 0; s < 2; s++)
    {
      AdwActionRow *row = ADW_ACTION_ROW (nth_row (cassino_review_view_get_summary_list (view), s));
      g_autofree char *accuracy = g_strdup_printf ("Accuracy %.0f %% · ", cassino_review_get_accuracy (expected, s));

      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                       cassino_game_get_seat (f->game, s)->name);
      g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (row), accuracy));
    }
  /* Tess's moves are listed: hers is the person's seat */
  g_assert_cmpuint (cassino_review_view_get_seat (view), ==, 0);
  g_assert_cmpuint (n_rows (cassino_review_view_get_moves_list (view)), ==,
                    cassino_review_count_decisions (f->game, 0x1));

  /* the three costliest, costliest first, each worded as the coach would */
  n_costly = cassino_review_get_costliest (expected, 0, idx, 3);
  g_assert_cmpuint (n_costly, ==, 3);
  g_assert_cmpuint (n_rows (cassino_review_view_get_costly_list (view)), ==, n_costly);
  for (guint i = 0; i < n_costly; i++)
    {
      AdwActionRow *row = ADW_ACTION_ROW (nth_row (cassino_review_view_get_costly_list (view), i));
      const CassinoReviewMove *m = &g_array_index (expected->moves, CassinoReviewMove, idx[i]);
      g_autofree char *advice = cassino_review_move_advice (cassino_game_get_rules (f->game), m);
      g_autofree char *prefix = g_strdup_printf ("Deal %u, move %u: Tess ", m->deal_index + 1, m->play_index + 1);

      g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, advice);
      g_assert_true (g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), prefix));
      g_assert_true (g_str_has_prefix (advice, "Blunder, about ") || g_str_has_prefix (advice, "Mistake, about ") ||
                     g_str_has_prefix (advice, "Inaccuracy, about "));
    }

  /* one click: the replay at that position, as Tess saw it */
  first = &g_array_index (expected->moves, CassinoReviewMove, idx[0]);
  g_signal_emit_by_name (nth_row (cassino_review_view_get_costly_list (view), 0), "activated");
  iterate (50);
  replay_view = cassino_window_get_replay_view (f->window);
  ui_test_wait_replay (replay_view);
  g_assert_true (gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (replay_view)))) ==
                 GTK_WIDGET (replay_view));
  replay = cassino_replay_view_get_replay (replay_view);
  g_assert_cmpuint (cassino_replay_get_step (replay), ==,
                    cassino_replay_get_deal_step (replay, first->deal_index) + first->play_index);
  {
    CassinoGame *at = cassino_replay_get_game (replay);
    const CassinoDeal *deal = cassino_game_get_current_deal (at);

    g_assert_cmpuint (deal->number, ==, first->deal_index + 1);
    g_assert_cmpuint (deal->plays->len, ==, first->play_index);
    g_assert_cmpuint (cassino_game_get_to_move (at), ==, 0);
  }
  /* with the review's verdict, while the replay is at that move (the
   * replay said nothing of what was better) */
  {
    g_autofree char *advice = cassino_review_move_advice (cassino_game_get_rules (f->game), first);
    g_autofree char *note = NULL;
    const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (nth_row (cassino_review_view_get_costly_list (view), 0)));
    const char *played = strstr (title, ": ") + 2;   /* "Deal 2, move 5: Tess trailed 3♣" */

    note = g_strdup_printf ("Next, %s. The game review: %s", played, advice);
    g_assert_cmpstr (cassino_replay_view_get_note (replay_view), ==, note);
    g_assert_true (ui_test_maps_label (GTK_WIDGET (replay_view), note));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (replay_view), "replay.next", NULL));
    iterate (5);
    g_assert_null (cassino_replay_view_get_note (replay_view));
    g_assert_false (ui_test_maps_label (GTK_WIDGET (replay_view), note));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (replay_view), "replay.previous", NULL));
    iterate (5);
    g_assert_cmpstr (cassino_replay_view_get_note (replay_view), ==, note);
    g_assert_true (ui_test_maps_label (GTK_WIDGET (replay_view), note));
  }

  /* Back: the review again */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.close-replay", NULL));
  iterate (50);
  g_assert_true (gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (view)))) ==
                 GTK_WIDGET (view));

  /* a second look: from the database, at once */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.close-replay", NULL));
  iterate (50);
  review_from_history (f);
  WAIT_FOR (g_strcmp0 (cassino_review_view_get_state (view), "result") == 0, 10);
  cassino_review_view_get_review (view, &stored);
  g_assert_true (stored);
}

/* A whole game against the computer, then the score sheet's Review: the
 * game just played, reviewed and stored. */
static void
test_review_after_game (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
  CassinoGameController *c;
  CassinoReviewView *view;
  const CassinoReview *review;
  gboolean stored = TRUE;
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;

  open_window (f);
  c = cassino_window_get_controller (f->window);
  setup->seats[1].level = CASSINO_LEVEL_EASY;
  g_assert_true (cassino_game_controller_start (c, setup, 31, NULL));
  for (;;)
    {
      CassinoGameState state;

      g_assert_cmpint (g_get_monotonic_time (), <, end);
      iterate (2);
      state = cassino_game_get_state (cassino_game_controller_get_game (c));
      if (state == CASSINO_GAME_OVER)
        break;
      if (state == CASSINO_GAME_DEAL_OVER)
        {
          if (g_strcmp0 (cassino_window_get_page (f->window), "score") == 0)
            g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.next-deal", NULL));
          continue;
        }
      if (cassino_game_controller_is_human_turn (c))
        {
          CassinoMoveList list;

          cassino_move_list_init (&list);
          cassino_game_legal_moves (cassino_game_controller_get_game (c), &list);
          g_assert_true (cassino_game_controller_play_move (c, &list.moves[0], NULL));
          cassino_move_list_clear (&list);
        }
    }
  WAIT_FOR (g_strcmp0 (cassino_window_get_page (f->window), "score") == 0, 10);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.review-game", NULL));
  view = cassino_window_get_review_view (f->window);
  g_assert_nonnull (view);
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "history");
  WAIT_FOR (g_strcmp0 (cassino_review_view_get_state (view), "result") == 0, 120);
  review = cassino_review_view_get_review (view, &stored);
  g_assert_false (stored);
  g_assert_cmpint (cassino_review_view_get_game_id (view), ==, cassino_game_controller_get_game_id (c));
  g_assert_cmpuint (review->moves->len, ==, cassino_review_count_decisions (cassino_game_controller_get_game (c), 0x3));
  g_assert_cmpuint (n_rows (cassino_review_view_get_summary_list (view)), ==, 2);

  /* stored with the game */
  {
    g_autoptr(CassinoStore) store = cassino_store_open (f->database, NULL);
    g_autoptr(CassinoReview) back = NULL;

    g_assert_nonnull (store);
    back = cassino_store_load_review (store, cassino_game_controller_get_game_id (c), 0x3,
                                      CASSINO_REVIEW_LEVEL, CASSINO_REVIEW_ITERATIONS, NULL);
    g_assert_nonnull (back);
    g_assert_cmpuint (back->moves->len, ==, review->moves->len);
  }
}

/* Cancel stops the review and says so; nothing is stored. */
static void
test_review_cancel (Fixture       *f,
                    gconstpointer  data)
{
  CassinoReviewView *view;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(CassinoReview) none = NULL;
  g_autoptr(GError) error = NULL;

  open_window (f);
  review_from_history (f);
  view = cassino_window_get_review_view (f->window);
  g_assert_cmpstr (cassino_review_view_get_state (view), ==, "running");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "review.cancel", NULL));
  WAIT_FOR (g_strcmp0 (cassino_review_view_get_state (view), "stopped") == 0, 30);
  g_assert_null (cassino_review_view_get_review (view, NULL));

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  none = cassino_store_load_review (store, f->game_id, 0x3, CASSINO_REVIEW_LEVEL, CASSINO_REVIEW_ITERATIONS, &error);
  g_assert_no_error (error);
  g_assert_null (none);
}

static gboolean
wait_for_turn (Fixture *f)
{
  CassinoGameController *c = cassino_window_get_controller (f->window);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < end)
    {
      const CassinoGame *game = cassino_game_controller_get_game (c);

      if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING)
        return FALSE;
      if (cassino_game_controller_is_human_turn (c))
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
  g_error ("the computer never played");
  return FALSE;
}

/* The coach: after a move of the person that the review calls a mistake,
 * a toast with the review's own words; its verdict on every move is the
 * review's; nothing blocks play. */
static void
test_coach (Fixture       *f,
            gconstpointer  data)
{
  CassinoGameController *c;
  CassinoCoach *coach;
  gboolean advised = FALSE;

  g_settings_set_boolean (f->settings, "coach", TRUE);
  open_window (f);
  c = cassino_window_get_controller (f->window);
  coach = cassino_window_get_coach (f->window);
  g_assert_true (cassino_coach_get_enabled (coach));

  /* a hint names the move the coach and the review call best */
  g_assert_true (wait_for_turn (f));
  cassino_game_controller_request_hint (c);
  {
    CassinoMove hint;
    CassinoReviewMove judged;

    WAIT_FOR (cassino_game_controller_get_hint (c, &hint), 30);
    g_assert_true (cassino_review_judge (cassino_game_controller_get_game (c), &hint, CASSINO_REVIEW_LEVEL, 0,
                                         NULL, &judged));
    g_assert_true (cassino_move_equal (&judged.best.move, &hint));
    g_assert_cmpfloat (judged.loss, ==, 0.0);
  }

  for (guint turn = 0; turn < 24 && !advised && wait_for_turn (f); turn++)
    {
      const CassinoGame *game = cassino_game_controller_get_game (c);
      CassinoGame *before = cassino_game_copy (game);
      CassinoReviewMove verdict, expected;
      CassinoMoveList list;
      CassinoMove worst;

      /* the worst move the review knows of */
      cassino_move_list_init (&list);
      cassino_game_legal_moves (before, &list);
      worst = list.moves[0];
      {
        double worst_loss = -1;

        for (guint i = 0; i < list.len; i++)
          {
            CassinoReviewMove j;

            g_assert_true (cassino_review_judge (before, &list.moves[i], CASSINO_REVIEW_LEVEL, 0, NULL, &j));
            if (j.loss > worst_loss)
              {
                worst_loss = j.loss;
                worst = list.moves[i];
              }
          }
      }
      cassino_move_list_clear (&list);
      g_assert_true (cassino_review_judge (before, &worst, CASSINO_REVIEW_LEVEL, 0, NULL, &expected));

      g_assert_true (cassino_game_controller_play_move (c, &worst, NULL));
      /* play goes on while the coach thinks */
      WAIT_FOR (cassino_coach_get_pending (coach) == 0, 30);
      g_assert_true (cassino_coach_get_last_verdict (coach, &verdict));
      g_assert_cmpfloat (verdict.loss, ==, expected.loss);
      g_assert_cmpint (verdict.mark, ==, expected.mark);
      g_assert_true (cassino_move_equal (&verdict.best.move, &expected.best.move));
      iterate (20);
      if (expected.mark >= CASSINO_REVIEW_MARK_MISTAKE)
        {
          g_autofree char *advice = cassino_review_move_advice (cassino_game_get_rules (before), &expected);
          g_autofree char *toast = g_strdup_printf ("Coach: %s", advice);

          g_assert_cmpstr (cassino_window_get_coach_text (f->window), ==, toast);
          advised = TRUE;
        }
      cassino_game_unref (before);
    }
  g_assert_true (advised);

  /* dismissed */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.dismiss-coach", NULL));
  g_assert_null (cassino_window_get_coach_text (f->window));

  /* turned off: silent */
  g_settings_set_boolean (f->settings, "coach", FALSE);
  g_assert_false (cassino_coach_get_enabled (coach));
}

/* Pass and play: the next player takes the device; their turn. */
static void
take_the_device (CassinoGameController *c)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!cassino_game_controller_is_human_turn (c))
    {
      if (cassino_game_controller_get_pass_to (c) >= 0)
        cassino_game_controller_confirm_pass (c);
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      iterate (5);
    }
}

/* Passed between two people, the coach stays quiet: its advice would show
 * one player's cards to the next. */
static void
test_coach_quiet_between_people (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
  CassinoGameController *c;
  CassinoCoach *coach;
  CassinoMoveList list;

  g_settings_set_boolean (f->settings, "coach", TRUE);
  open_window (f);
  c = cassino_window_get_controller (f->window);
  coach = cassino_window_get_coach (f->window);
  g_free (setup->seats[1].name);
  setup->seats[1].name = g_strdup ("Uma");
  setup->seats[1].kind = CASSINO_SEAT_HUMAN;
  g_assert_true (cassino_game_controller_start (c, setup, 99, NULL));
  take_the_device (c);

  for (guint turn = 0; turn < 2; turn++)
    {
      cassino_move_list_init (&list);
      cassino_game_legal_moves (cassino_game_controller_get_game (c), &list);
      g_assert_true (cassino_game_controller_play_move (c, &list.moves[list.len - 1], NULL));
      cassino_move_list_clear (&list);
      g_assert_cmpuint (cassino_coach_get_pending (coach), ==, 0);
      iterate (50);
      g_assert_false (cassino_coach_get_last_verdict (coach, NULL));
      g_assert_null (cassino_window_get_coach_text (f->window));
      take_the_device (c);
    }
}

static guint
failed_tries (CassinoStore *store)
{
  g_autoptr(GArray) puzzles = cassino_store_list_puzzles (store, NULL);
  guint n = 0;

  g_assert_nonnull (puzzles);
  for (guint i = 0; i < puzzles->len; i++)
    n += g_array_index (puzzles, CassinoStorePuzzle, i).failed;
  return n;
}

/* Puzzles: made by a review of one's own game, answered in the window,
 * each try stored. */
static void
test_puzzles (Fixture       *f,
              gconstpointer  data)
{
  CassinoPuzzlesWindow *puzzles;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GError) error = NULL;
  GArray *moves;
  CassinoMove best;
  gboolean solved = TRUE;
  guint wrong = 0;

  open_window (f);
  /* none before a review */
  puzzles = cassino_puzzles_window_new (GTK_WINDOW (f->window), f->database);
  gtk_window_present (GTK_WINDOW (puzzles));
  WAIT_FOR (g_strcmp0 (cassino_puzzles_window_get_state (puzzles), "loading") != 0, 10);
  g_assert_cmpstr (cassino_puzzles_window_get_state (puzzles), ==, "empty");
  /* the empty page leads to where puzzles come from: the History */
  {
    GtkWidget *open_history = ui_test_find_button (GTK_WIDGET (puzzles), "Open _History");

    g_assert_nonnull (open_history);
    g_assert_true (gtk_widget_get_mapped (open_history));
    g_object_add_weak_pointer (G_OBJECT (puzzles), (gpointer *) &puzzles);
    g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "table");
    g_signal_emit_by_name (open_history, "clicked");
    WAIT_FOR (puzzles == NULL, 10);
    g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "history");
    cassino_window_set_top_page (f->window, "table");
  }

  review_from_history (f);
  WAIT_FOR (g_strcmp0 (cassino_review_view_get_state (cassino_window_get_review_view (f->window)), "result") == 0, 120);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.puzzles", NULL));
  puzzles = NULL;
  for (GList *l = gtk_window_list_toplevels (); l; l = g_list_delete_link (l, l))
    if (CASSINO_IS_PUZZLES_WINDOW (l->data))
      puzzles = l->data;
  g_assert_nonnull (puzzles);
  WAIT_FOR (g_strcmp0 (cassino_puzzles_window_get_state (puzzles), "loading") != 0, 10);
  g_assert_cmpstr (cassino_puzzles_window_get_state (puzzles), ==, "puzzle");
  /* the position's rows are named once ("Your hand: 3♠ 6♥"): not also
   * by their title label, which read the cards twice */
  {
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();
    guint named = 0;

    ui_test_collect (GTK_WIDGET (puzzles), ADW_TYPE_ACTION_ROW, rows);
    for (guint i = 0; i < rows->len; i++)
      if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (rows->pdata[i]), GTK_ACCESSIBLE_PROPERTY_LABEL))
        {
          g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (rows->pdata[i]),
                                                            GTK_ACCESSIBLE_RELATION_LABELLED_BY));
          named++;
        }
    g_assert_cmpuint (named, >=, 3);
  }

  /* a wrong answer */
  g_assert_false (cassino_puzzles_window_get_answer (puzzles, &best, NULL));
  moves = cassino_puzzles_window_get_moves (puzzles);
  g_assert_cmpuint (moves->len, >=, 2);
  while (cassino_move_equal (&g_array_index (moves, CassinoMove, wrong), &best))
    wrong++;
  g_signal_emit_by_name (nth_row (cassino_puzzles_window_get_choices (puzzles), wrong), "activated");
  g_assert_true (cassino_puzzles_window_get_answer (puzzles, NULL, &solved));
  g_assert_false (solved);
  g_assert_cmpstr (cassino_puzzles_window_get_verdict (puzzles), ==, "Not this one");

  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  WAIT_FOR (failed_tries (store) == 1, 10);

  /* Next Puzzle, from the foot of the answer: the next one shows from its
   * top, the focus on its first play (not left on the pane, where the
   * button that went away had it) */
  {
    GtkWidget *choices = GTK_WIDGET (cassino_puzzles_window_get_choices (puzzles));
    GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_ancestor (choices, GTK_TYPE_SCROLLED_WINDOW));
    GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (scroller);
    GtkWidget *focus;

    gtk_window_set_default_size (GTK_WINDOW (puzzles), 600, 360);
    iterate (20);
    WAIT_FOR (gtk_adjustment_get_upper (v) > gtk_adjustment_get_page_size (v), 10);
    gtk_adjustment_set_value (v, gtk_adjustment_get_upper (v));
    iterate (10);
    g_assert_cmpfloat (gtk_adjustment_get_value (v), >, 0);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (puzzles), "puzzles.next", NULL));
    WAIT_FOR (!cassino_puzzles_window_get_answer (puzzles, NULL, NULL), 10);
    iterate (20);
    g_assert_cmpfloat (gtk_adjustment_get_value (v), ==, 0);
    focus = gtk_window_get_focus (GTK_WINDOW (puzzles));
    g_assert_nonnull (focus);
    g_assert_true (focus == gtk_widget_get_first_child (choices) ||
                   gtk_widget_is_ancestor (focus, gtk_widget_get_first_child (choices)));
  }
  gtk_window_destroy (GTK_WINDOW (puzzles));
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  /* accessible properties readable (gtk_test_accessible_*()) */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_setenv ("TZ", "UTC", TRUE);

  {
    g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));

    bus = g_test_dbus_new (G_TEST_DBUS_NONE);
    g_test_dbus_up (bus);
    if (display)
      g_setenv ("DISPLAY", display, TRUE);
  }

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  {
    g_autoptr(GError) error = NULL;

    the_app = cassino_application_new ();
    g_application_set_flags (G_APPLICATION (the_app), G_APPLICATION_NON_UNIQUE);
    g_application_register (G_APPLICATION (the_app), NULL, &error);
    g_assert_no_error (error);
  }

#define ADD(path, func) \
  g_test_add ("/cassino/ui-review/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("review-from-history", test_review_from_history);
  ADD ("review-after-game", test_review_after_game);
  ADD ("review-cancel", test_review_cancel);
  ADD ("coach", test_coach);
  ADD ("coach-quiet-between-people", test_coach_quiet_between_people);
  ADD ("puzzles", test_puzzles);

  {
    int ret = g_test_run ();

    g_clear_object (&the_app);
    g_test_dbus_stop (bus);
    return ret;
  }
}
