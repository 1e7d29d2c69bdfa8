/* test-ui-window.c: the table in a real window, under Xvfb
 *
 * Drives the window through whole games against the computer with the
 * controller's public API and the window's actions: selecting, taking,
 * building, trailing, the move chooser, hints, undo, the score sheet, the
 * end of a game; the keyboard; pass and play; resuming from the database;
 * the new game dialog; and every template.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <signal.h>
#include <sqlite3.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "cassino-application.h"
#include "cassino-card-art.h"
#include "cassino-history-view.h"
#include "cassino-replay.h"
#include "cassino-replay-view.h"
#include "cassino-stats-view.h"
#include "cassino-game-controller.h"
#include "cassino-move-text.h"
#include "cassino-new-game-dialog.h"
#include "cassino-preferences-window.h"
#include "cassino-puzzles-window.h"
#include "cassino-score-sheet.h"
#include "cassino-seat-panel.h"
#include "cassino-store-history.h"
#include "cassino-store-record.h"
#include "cassino-table-view.h"
#include "cassino-felt.h"
#include "cassino-window.h"
#include "cassino-card-theme.h"
#include "cassino-column.h"
#include "cassino-test-util.h"
#include "test-card-theme-util.h"
#include "test-store-util.h"
#include "test-ui-util.h"

/* One application for the whole program: it is registered once. */
static CassinoApplication *the_app;

/* the user data folder of the whole program (a private card theme) */
static char *data_home;

typedef struct {
  CassinoApplication    *app;
  CassinoWindow         *window;
  CassinoGameController *controller;
  GSettings             *settings;
  char                  *tmpdir;
  char                  *database;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->tmpdir = g_dir_make_tmp ("cassino-ui-XXXXXX", &error);
  g_assert_no_error (error);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);

  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_set_enum (f->settings, "animation-speed", 0);   /* off */
  g_settings_set_boolean (f->settings, "confirm-moves", FALSE);
  g_settings_set_string (f->settings, "player-name", "Tess");

  f->app = g_object_ref (the_app);
}

/* The window made, not yet shown (the main loop has not turned). */
static void
make_window (Fixture *f)
{
  f->window = cassino_window_new (GTK_APPLICATION (f->app), f->database);
  f->controller = cassino_window_get_controller (f->window);
}

static void
show_window (Fixture *f)
{
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
}

static void
open_window (Fixture *f)
{
  make_window (f);
  show_window (f);
}

/* Whether the window's last toast says @text. */
static gboolean
last_toast_has (Fixture    *f,
                const char *text)
{
  const char *toast = cassino_window_get_last_toast (f->window);

  return toast != NULL && strstr (toast, text) != NULL;
}

static void
close_window (Fixture *f)
{
  if (f->window)
    {
      gtk_window_destroy (GTK_WINDOW (f->window));
      f->window = NULL;
      f->controller = NULL;
      iterate (50);
    }
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  close_window (f);
  g_clear_object (&f->app);
  g_clear_object (&f->settings);

  ui_test_remove_dir (f->tmpdir);
  g_free (f->tmpdir);
  g_free (f->database);
}

static CassinoGameSetup *
setup_vs_computer (CassinoLevel level,
                   const char  *preset)
{
  CassinoGameSetup *setup = cassino_game_setup_new_default ("Tess");

  setup->seats[1].level = level;
  if (preset)
    {
      CassinoRules rules;

      g_assert_true (cassino_preset_from_string (preset, &setup->preset));
      g_free (setup->options);
      setup->options = g_strdup_printf ("\"%s\"", preset);
      g_assert_true (cassino_rules_init_preset (&rules, setup->preset, 2, NULL));
    }
  return setup;
}

static const CassinoPosition *
pos_of (Fixture *f)
{
  return cassino_game_get_position (cassino_game_controller_get_game (f->controller));
}

static CassinoGameState
state_of (Fixture *f)
{
  return cassino_game_get_state (cassino_game_controller_get_game (f->controller));
}

/* Wait for the human's turn or for the deal to end. */
static void
wait_for_turn (Fixture *f)
{
  WAIT_FOR (cassino_game_controller_is_human_turn (f->controller) ||
            state_of (f) != CASSINO_GAME_PLAYING ||
            cassino_game_controller_get_pass_to (f->controller) >= 0, 60);
}

static void
activate (Fixture    *f,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
}

/* The legal moves of the human to move. */
static GArray *
legal_moves (Fixture *f)
{
  CassinoMoveList list;
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (CassinoMove));

  cassino_move_list_init (&list);
  cassino_game_legal_moves (cassino_game_controller_get_game (f->controller), &list);
  g_array_append_vals (moves, list.moves, list.len);
  cassino_move_list_clear (&list);
  return moves;
}

/* Make @move the way a player does: the hand card, then the table items
 * one by one (a build's cards as one item), checking the highlights and
 * the action bar on the way. */
static void
select_move (Fixture           *f,
             const CassinoMove *move)
{
  const CassinoPosition *pos = pos_of (f);
  CassinoTableView *table = cassino_window_get_table_view (f->window);
  CassinoCardWidget *hand_card;
  CassinoCards left = move->set;

  hand_card = cassino_table_view_get_hand_card (table, move->card);
  g_assert_nonnull (hand_card);
  g_assert_true (cassino_game_controller_select_card (f->controller, move->card));
  g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, move->card);
  g_assert_true (cassino_card_widget_get_marks (hand_card) & CASSINO_CARD_MARK_SELECTED);

  /* every card of the move is a lit target */
  g_assert_cmphex (cassino_game_controller_get_targets (f->controller) & move->set, ==, move->set);

  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].cards & left)
      {
        CassinoCardWidget *item = cassino_table_view_get_table_item (table, cassino_cards_first (pos->builds[i].cards));

        g_assert_nonnull (item);
        g_assert_true (cassino_card_widget_is_build (item));
        g_assert_true (cassino_card_widget_get_marks (item) & CASSINO_CARD_MARK_TARGET);
        g_assert_true (cassino_game_controller_toggle_item (f->controller, pos->builds[i].cards));
        g_assert_true (cassino_card_widget_get_marks (item) & CASSINO_CARD_MARK_CHOSEN);
        left &= ~pos->builds[i].cards;
      }
  while (left)
    {
      CassinoCard c = cassino_cards_first (left);
      CassinoCardWidget *item = cassino_table_view_get_table_item (table, c);

      g_assert_nonnull (item);
      g_assert_true (cassino_card_widget_get_marks (item) & CASSINO_CARD_MARK_TARGET);
      g_assert_true (cassino_game_controller_toggle_item (f->controller, CASSINO_CARD_BIT (c)));
      left &= left - 1;
    }
  g_assert_cmphex (cassino_game_controller_get_chosen (f->controller), ==, move->set);
}

/* Play @move through the window: select it, check the action bar says
 * exactly what will happen, press Play (choosing in the chooser when one
 * click means several moves). */
static void
play_through_window (Fixture           *f,
                     const CassinoMove *move)
{
  const CassinoDeal *deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
  guint plays = deal->plays->len;
  guint deal_number = deal->number;
  GArray *candidates;
  g_autofree char *expected = cassino_move_text_describe (pos_of (f), move);

  select_move (f, move);
  candidates = cassino_game_controller_get_candidates (f->controller);
  g_assert_cmpuint (candidates->len, >=, 1);
  if (candidates->len == 1)
    g_assert_cmpstr (cassino_window_get_action_text (f->window), ==, expected);

  activate (f, "win.play");
  if (candidates->len > 1)
    {
      CassinoTableView *table = cassino_window_get_table_view (f->window);

      g_assert_true (cassino_table_view_is_chooser_visible (table));
      /* each row named for a screen reader as it reads (they were
       * unnamed rows of "GtkListBox") */
      {
        g_autoptr(GPtrArray) rows = g_ptr_array_new ();

        ui_test_collect (GTK_WIDGET (table), GTK_TYPE_LIST_BOX_ROW, rows);
        g_assert_cmpuint (rows->len, ==, candidates->len);
        g_test_message ("the chooser: %u rows named", rows->len);
        for (guint i = 0; i < rows->len; i++)
          {
            g_autofree char *text = cassino_move_text_describe (pos_of (f), &g_array_index (candidates, CassinoMove, i));

            g_assert_cmpstr (g_object_get_data (rows->pdata[i], "cassino-a11y-name"), ==, text);
          }
      }
      for (guint i = 0; i < candidates->len; i++)
        if (cassino_move_equal (&g_array_index (candidates, CassinoMove, i), move))
          {
            g_assert_true (cassino_game_controller_play_candidate (f->controller, i));
            break;
          }
    }

  deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
  g_assert_true (deal->number != deal_number || deal->plays->len == plays + 1 ||
                 state_of (f) != CASSINO_GAME_PLAYING);
}

/* Play the first legal move @n times through the window, the computer
 * answering each; back at the player's turn. */
static void
play_first_moves (Fixture *f,
                  guint    n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GArray) legal = NULL;

      wait_for_turn (f);
      legal = legal_moves (f);
      play_through_window (f, &g_array_index (legal, CassinoMove, 0));
    }
  wait_for_turn (f);
}

/* Pick the move to play: a kind not tried yet first, so that a game shows
 * trails, captures and builds. */
static CassinoMove
pick_move (GArray    *moves,
           gboolean  *done)
{
  static const CassinoMoveType order[] = { CASSINO_MOVE_BUILD, CASSINO_MOVE_CAPTURE, CASSINO_MOVE_TRAIL };

  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    if (!done[order[k]])
      for (guint i = 0; i < moves->len; i++)
        if (g_array_index (moves, CassinoMove, i).type == order[k])
          return g_array_index (moves, CassinoMove, i);

  /* then the capture that takes most, else the first move */
  {
    CassinoMove best = g_array_index (moves, CassinoMove, 0);

    for (guint i = 0; i < moves->len; i++)
      {
        const CassinoMove *m = &g_array_index (moves, CassinoMove, i);

        if (m->type == CASSINO_MOVE_CAPTURE &&
            (best.type != CASSINO_MOVE_CAPTURE || cassino_cards_count (m->set) > cassino_cards_count (best.set)))
          best = *m;
      }
    return best;
  }
}

static CassinoScoreSheet *find_score_sheet (GtkWidget *widget);

/* The sheet opens at its top (its headline in view), the way on focused
 * and in view too, also the second time: a suggested button in the bar
 * below the sheet, not at its foot under the fold. */
static void
check_sheet_at_top (Fixture *f)
{
  g_autoptr(GPtrArray) scrollers = g_ptr_array_new ();
  GtkAdjustment *adj;
  GtkWidget *focus;
  graphene_rect_t bounds;

  ui_test_collect (GTK_WIDGET (find_score_sheet (GTK_WIDGET (f->window))), GTK_TYPE_SCROLLED_WINDOW, scrollers);
  g_assert_cmpuint (scrollers->len, >=, 1);
  iterate (100);
  adj = gtk_scrolled_window_get_vadjustment (scrollers->pdata[0]);
  /* at 1024 × 720 the sheet is taller than its page */
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_true (gtk_widget_has_css_class (focus, "suggested-action"));
  g_assert_true (gtk_widget_compute_bounds (focus, GTK_WIDGET (f->window), &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (f->window)));
}

static void
check_score_sheet (Fixture *f)
{
  const CassinoGame *game = cassino_game_controller_get_game (f->controller);
  const CassinoDeal *deal = cassino_game_get_current_deal (game);
  guint total = 0, sweeps = 0;

  WAIT_FOR (g_strcmp0 (cassino_window_get_page (f->window), "score") == 0, 10);
  check_sheet_at_top (f);
  g_assert_true (deal->finished);
  for (guint s = 0; s < deal->score.n_sides; s++)
    {
      total += deal->score.total[s];
      sweeps += deal->score.points[s][CASSINO_CATEGORY_SWEEPS];
    }

  /* rules.md §8.8: a classic deal is 11 points plus sweeps, less ties */
  g_assert_cmpuint (total, <=, 11 + sweeps);
}

/* Every text the score sheet shows, one a line. */
static char *
sheet_texts (CassinoScoreSheet *sheet)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GString *all = g_string_new (NULL);

  ui_test_collect (GTK_WIDGET (sheet), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_visible (labels->pdata[i]))
      g_string_append_printf (all, "%s\n", gtk_label_get_text (labels->pdata[i]));
  return g_string_free (all, FALSE);
}

/* Issue 14: the sheet says who took what, the game score and offers the
 * deal's replay; no internal check is shown. */
static void
check_sheet_texts (Fixture           *f,
                   CassinoScoreSheet *sheet,
                   gboolean           game_over)
{
  const CassinoGame *game = cassino_game_controller_get_game (f->controller);
  const CassinoDeal *deal = NULL;
  g_autofree char *texts = NULL;
  static const char *rows[] = { "\nCards\n", "\nSpades\n", "\nBig Cassino\n", "\nLittle Cassino\n",
                                "\nAces\n", "\nSweeps\n", "\nDeal total\n", "\nGame Score\n",
                                "\nTess\n", "\nReplay This Deal\n" };

  for (guint i = cassino_game_get_n_deals (game); i > 0 && deal == NULL; i--)
    if (cassino_game_get_deal (game, i - 1)->finished)
      deal = cassino_game_get_deal (game, i - 1);
  g_assert_nonnull (deal);
  texts = sheet_texts (sheet);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    if (strstr (texts, rows[i]) == NULL)
      g_error ("the score sheet lacks %s:\n%s", rows[i], texts);
  /* who took the cards: each side's count */
  for (guint s = 0; s < deal->score.n_sides; s++)
    {
      g_autofree char *cards = g_strdup_printf ("\n%u cards\n", deal->score.n_cards[s]);

      g_assert_nonnull (strstr (texts, cards));
    }
  /* who took the last cards */
  if (deal->last_cards_side >= 0 && deal->last_cards)
    g_assert_nonnull (strstr (texts, "\nLast cards\n"));
  /* no self-check for the player */
  g_assert_null (strstr (texts, "✓"));
  g_assert_null (strstr (texts, "must add up"));
  g_assert_null (strstr (texts, "for sweeps"));
  g_assert_cmpint (strstr (texts, "\nReplay the Game\n") != NULL, ==,
                   game_over && cassino_game_get_n_deals (game) > 1);
}

static CassinoScoreSheet *
find_score_sheet (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      CassinoScoreSheet *found;

      if (CASSINO_IS_SCORE_SHEET (child))
        return CASSINO_SCORE_SHEET (child);
      if ((found = find_score_sheet (child)))
        return found;
    }
  return NULL;
}

static void
test_full_game (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GError) error = NULL;
  gboolean done[4] = { FALSE, };
  gboolean hinted = FALSE, undone = FALSE;
  guint deals_seen = 0, human_moves = 0;
  CassinoScoreSheet *sheet;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4242, &error));
  g_assert_no_error (error);
  sheet = find_score_sheet (GTK_WIDGET (f->window));
  g_assert_nonnull (sheet);

  while (TRUE)
    {
      wait_for_turn (f);

      if (state_of (f) == CASSINO_GAME_OVER)
        break;

      if (state_of (f) == CASSINO_GAME_DEAL_OVER)
        {
          check_score_sheet (f);
          g_assert_nonnull (strstr (cassino_score_sheet_get_title (sheet), "Deal"));
          check_sheet_texts (f, sheet, FALSE);
          deals_seen++;
          activate (f, "win.next-deal");
          WAIT_FOR (g_strcmp0 (cassino_window_get_page (f->window), "table") == 0, 10);
          continue;
        }

      g_assert_cmpstr (cassino_window_get_page (f->window), ==, "table");

      /* a hint once: it becomes the selection, with its reason */
      if (!hinted && pos_of (f)->n_builds + cassino_cards_count (pos_of (f)->loose) >= 3)
        {
          CassinoMove hint;

          activate (f, "win.hint");
          WAIT_FOR (cassino_game_controller_get_hint (f->controller, &hint), 60);
          g_assert_nonnull (cassino_game_controller_get_hint_text (f->controller));
          g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, hint.card);
          g_assert_cmphex (cassino_game_controller_get_chosen (f->controller), ==, hint.set);
          g_assert_nonnull (strstr (cassino_window_get_prompt_text (f->window), "Hint"));
          g_assert_true (cassino_game_controller_get_hint_used (f->controller));
          cassino_game_controller_clear_selection (f->controller);
          hinted = TRUE;
        }

      {
        g_autoptr(GArray) moves = legal_moves (f);
        CassinoMove move = pick_move (moves, done);
        guint hand_before = pos_of (f)->hand_number;
        const CassinoDeal *deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
        guint plays_before = deal->plays->len;

        play_through_window (f, &move);
        done[move.type] = TRUE;
        human_moves++;

        /* undo once, after the computer answered within the same hand */
        if (!undone && human_moves >= 2 && state_of (f) == CASSINO_GAME_PLAYING)
          {
            wait_for_turn (f);
            if (state_of (f) == CASSINO_GAME_PLAYING &&
                pos_of (f)->hand_number == hand_before &&
                cassino_game_controller_can_undo (f->controller))
              {
                activate (f, "win.undo");
                deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
                g_assert_cmpuint (deal->plays->len, ==, plays_before);
                g_assert_true (cassino_game_controller_is_human_turn (f->controller));
                g_assert_true (cassino_game_controller_get_undo_used (f->controller));
                undone = TRUE;
                /* play it again */
                play_through_window (f, &move);
              }
          }
      }
    }

  g_assert_true (done[CASSINO_MOVE_TRAIL]);
  g_assert_true (done[CASSINO_MOVE_CAPTURE]);
  g_assert_true (done[CASSINO_MOVE_BUILD]);
  g_assert_true (hinted);
  g_assert_true (undone);
  g_assert_cmpuint (deals_seen, >=, 1);

  /* the end of the game: the sheet names the winner */
  WAIT_FOR (g_strcmp0 (cassino_window_get_page (f->window), "score") == 0, 10);
  check_sheet_at_top (f);
  {
    const CassinoGame *game = cassino_game_controller_get_game (f->controller);
    int winner = cassino_game_get_winner (game);

    if (winner >= 0)
      g_assert_nonnull (strstr (cassino_score_sheet_get_title (sheet),
                                cassino_game_controller_get_side_name (f->controller, (guint) winner)));
    g_assert_false (cassino_game_controller_can_undo (f->controller));
    check_sheet_texts (f, sheet, TRUE);

    /* the last deal's replay, from the sheet */
    {
      guint last = cassino_game_get_n_deals (game) - 1;
      CassinoReplay *replay;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.replay-deal", "i", (gint32) last));
      iterate (100);
      g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "history");
      replay = cassino_replay_view_get_replay (cassino_window_get_replay_view (f->window));
      g_assert_nonnull (replay);
      g_assert_cmpuint (cassino_replay_get_deal_index (replay), ==, last);
      g_assert_cmpuint (cassino_replay_get_n_plays (replay), ==, 0);
    }
  }
}

/* The move log in the side panel shows the controller's log, newest
 * first and not dimmed, at most twelve rows: whether the panel was open
 * during the moves (a row added at each) or opened after them. */
static GtkListBox *
find_move_log (Fixture *f)
{
  g_autoptr(GPtrArray) lists = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_LIST_BOX, lists);
  for (guint i = 0; i < lists->len; i++)
    if (g_strcmp0 (gtk_widget_get_name (lists->pdata[i]), "move-log") == 0)
      return lists->pdata[i];
  g_assert_not_reached ();
}

static void
check_move_log (Fixture *f)
{
  GPtrArray *log = cassino_game_controller_get_log (f->controller);
  GtkListBox *list = find_move_log (f);
  guint rows = 0;

  for (GtkListBoxRow *row; (row = gtk_list_box_get_row_at_index (list, (int) rows)); rows++)
    {
      GtkWidget *label = gtk_list_box_row_get_child (row);

      g_assert_cmpuint (rows, <, log->len);
      g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, log->pdata[log->len - 1 - rows]);
      g_assert_cmpint (gtk_widget_has_css_class (label, "dim-label"), ==, rows > 0);
    }
  g_assert_cmpuint (rows, ==, MIN (log->len, 12));
}

/* The main menu's "Show Move Log" is a check item, checked while the
 * log is shown (it read the same with the log open). */
static void
assert_log_menu_item (Fixture  *f,
                      gboolean  shown)
{
  g_autoptr(GPtrArray) menu_buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) widgets = g_ptr_array_new ();
  GtkMenuButton *menu = NULL;
  GtkWidget *item = NULL;
  gboolean log_shown;

  g_object_get (f->window, "log-shown", &log_shown, NULL);
  g_assert_cmpint (log_shown, ==, shown);
  ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_MENU_BUTTON, menu_buttons);
  for (guint i = 0; i < menu_buttons->len; i++)
    if (gtk_menu_button_get_primary (menu_buttons->pdata[i]))
      menu = menu_buttons->pdata[i];
  g_assert_nonnull (menu);
  gtk_menu_button_popup (menu);
  iterate (100);
  ui_test_collect (GTK_WIDGET (gtk_menu_button_get_popover (menu)), GTK_TYPE_WIDGET, widgets);
  /* (GtkModelButton, private: its "role" 1 is GTK_BUTTON_ROLE_CHECK) */
  for (guint i = 0; i < widgets->len && item == NULL; i++)
    if (GTK_IS_LABEL (widgets->pdata[i]) && g_str_equal (gtk_label_get_label (widgets->pdata[i]), "Show _Move Log"))
      item = gtk_widget_get_parent (widgets->pdata[i]);
  g_assert_nonnull (item);
  {
    int role = -1;
    gboolean active = !shown;

    g_object_get (item, "role", &role, "active", &active, NULL);
    g_assert_cmpint (role, ==, 1);
    g_assert_cmpint (active, ==, shown);
  }
  gtk_menu_button_popdown (menu);
  iterate (50);
}

static void
test_move_log (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  guint moves = 0;
  gboolean undone = FALSE;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 77, NULL));

  /* moves with the panel closed, then opened */
  play_first_moves (f, 3);
  assert_log_menu_item (f, FALSE);
  activate (f, "win.show-log");
  check_move_log (f);
  assert_log_menu_item (f, TRUE);

  /* the panel takes the room it needs, the table keeps the rest */
  {
    GtkWidget *panel = gtk_widget_get_ancestor (GTK_WIDGET (find_move_log (f)), GTK_TYPE_SCROLLED_WINDOW);

    g_assert_nonnull (panel);
    WAIT_FOR (gtk_widget_get_width (panel) > 0 && gtk_widget_get_mapped (panel), 5);
    iterate (300);   /* the panel slides in */
    g_assert_cmpint (gtk_widget_get_width (panel), <=, 340);
    g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (cassino_window_get_table_view (f->window))), >=,
                     gtk_widget_get_width (GTK_WIDGET (f->window)) - 360);
  }

  /* moves with it open: rows are added on top, the oldest fall off */
  while (moves < 14 && state_of (f) == CASSINO_GAME_PLAYING)
    {
      g_autoptr(GArray) legal = legal_moves (f);
      guint before = cassino_game_controller_get_log_serial (f->controller, NULL);

      play_through_window (f, &g_array_index (legal, CassinoMove, legal->len - 1));
      wait_for_turn (f);
      g_assert_cmpuint (cassino_game_controller_get_log_serial (f->controller, NULL), >, before);
      check_move_log (f);
      moves++;
    }
  g_assert_cmpuint (cassino_game_controller_get_log_serial (f->controller, NULL), >, 12);

  /* closed during a move, opened again */
  activate (f, "win.show-log");
  if (state_of (f) == CASSINO_GAME_PLAYING)
    {
      g_autoptr(GArray) legal = legal_moves (f);

      play_through_window (f, &g_array_index (legal, CassinoMove, 0));
      wait_for_turn (f);
    }
  activate (f, "win.show-log");
  check_move_log (f);

  /* an undo takes the plays it undid out of the log (they read as made),
   * and says it was used */
  g_assert_cmpint (state_of (f), ==, CASSINO_GAME_PLAYING);
  for (guint tries = 0; tries < 8 && !undone; tries++)
    {
      GPtrArray *log = cassino_game_controller_get_log (f->controller);
      g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GArray) legal = legal_moves (f);
      g_autofree char *took_back = NULL;

      for (guint i = 0; i < log->len; i++)
        g_ptr_array_add (before, g_strdup (log->pdata[i]));
      play_through_window (f, &g_array_index (legal, CassinoMove, 0));
      wait_for_turn (f);
      if (!cassino_game_controller_can_undo (f->controller))
        continue;
      g_assert_cmpuint (log->len, >, before->len);
      activate (f, "win.undo");
      took_back = g_strdup_printf ("%s took back a move", cassino_game_controller_get_seat_name (f->controller, 0));
      g_assert_cmpuint (log->len, ==, MIN (before->len + 1, 40));
      for (guint i = 0; i + 1 < log->len; i++)
        g_assert_cmpstr (log->pdata[i], ==, before->pdata[before->len - (log->len - 1) + i]);
      g_assert_cmpstr (log->pdata[log->len - 1], ==, took_back);
      check_move_log (f);
      undone = TRUE;
    }
  g_assert_true (undone);

  /* a new game starts a new log */
  {
    g_autoptr(CassinoGameSetup) again = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);

    g_assert_true (cassino_game_controller_start (f->controller, again, 78, NULL));
    wait_for_turn (f);
    check_move_log (f);
  }
}

/* With animations on, a played card travels: from the player's hand or
 * the computer's seat, moving from frame to frame, and lands where it
 * belongs (on the table, its place stays free until it has arrived, the
 * other cards of a build it makes still shown; a captured one goes to
 * the pile). */
static void
test_animation (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoTableView *table;
  guint own = 0, landed_on_table = 0, went_to_pile = 0, built = 0;

  g_settings_set_enum (f->settings, "animation-speed", 1);   /* fast */
  open_window (f);
  table = cassino_window_get_table_view (f->window);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 31, NULL));

  while (state_of (f) == CASSINO_GAME_PLAYING &&
         (own < 2 || landed_on_table == 0 || went_to_pile == 0 || built == 0))
    {
      CassinoCard card = CASSINO_NO_CARD;
      graphene_rect_t start, later;
      CassinoCardWidget *item;

      WAIT_FOR (cassino_table_view_is_animating (table) ||
                cassino_game_controller_is_human_turn (f->controller) ||
                state_of (f) != CASSINO_GAME_PLAYING, 60);

      if (!cassino_table_view_is_animating (table) && cassino_game_controller_is_human_turn (f->controller))
        {
          g_autoptr(GArray) legal = legal_moves (f);
          CassinoMove move = g_array_index (legal, CassinoMove, own % legal->len);
          GtkWidget *hand_card = GTK_WIDGET (cassino_table_view_get_hand_card (table, move.card));
          graphene_rect_t hand;

          /* as a person would: once the hand is on show */
          WAIT_FOR (gtk_widget_get_width (hand_card) > 0, 5);
          g_assert_true (gtk_widget_compute_bounds (hand_card, GTK_WIDGET (table), &hand));
          play_through_window (f, &move);
          WAIT_FOR (cassino_table_view_get_flight (table, 0, &card, &start), 5);
          /* it leaves from where it was in the hand (and may have
           * started on its way already) */
          g_assert_cmpint (card, ==, move.card);
          {
            graphene_point_t centre;

            graphene_rect_get_center (&start, &centre);
            graphene_rect_inset (&hand, 0, -hand.size.height / 3);
            g_assert_true (graphene_rect_contains_point (&hand, &centre));
          }
          own++;
        }
      else if (cassino_table_view_is_animating (table))
        WAIT_FOR (cassino_table_view_get_flight (table, 0, &card, &start) ||
                  !cassino_table_view_is_animating (table), 5);
      if (card == CASSINO_NO_CARD)
        continue;

      /* it moves */
      iterate (60);
      if (cassino_table_view_get_flight (table, 0, NULL, &later))
        g_assert_false (graphene_rect_equal (&start, &later));

      /* a card that stays on the table is not shown twice on the way */
      item = cassino_table_view_get_table_item (table, card);
      if (item && cassino_table_view_is_animating (table))
        {
          g_assert_cmpint (cassino_card_widget_get_missing (item), ==, card);
          g_assert_true (gtk_widget_get_visible (GTK_WIDGET (item)));
          g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (item)), ==, 1.0);
        }

      WAIT_FOR (!cassino_table_view_is_animating (table), 10);
      item = cassino_table_view_get_table_item (table, card);
      if (item)
        {
          g_assert_cmpint (cassino_card_widget_get_missing (item), ==, CASSINO_NO_CARD);
          landed_on_table++;
          if (cassino_card_widget_is_build (item))
            built++;
        }
      else
        {
          const CassinoPosition *pos = pos_of (f);
          gboolean in_pile = FALSE;

          for (guint s = 0; s < CASSINO_MAX_SIDES; s++)
            if (pos->piles[s] & CASSINO_CARD_BIT (card))
              in_pile = TRUE;
          g_assert_true (in_pile || state_of (f) != CASSINO_GAME_PLAYING);
          went_to_pile++;
        }
    }
  g_assert_cmpuint (own, >=, 2);
  g_assert_cmpuint (landed_on_table, >, 0);
  g_assert_cmpuint (went_to_pile, >, 0);
  g_assert_cmpuint (built, >, 0);
}

/* CassinoColumn: its width does not depend on its height (a wrapping
 * label in it is not measured at width after width), its children's
 * heights add up, and the ones that expand share what is left. */
static void
test_column (void)
{
  GtkWidget *column = g_object_ref_sink (cassino_column_new ());
  GtkWidget *prompt = gtk_label_new ("A prompt long enough to wrap over several lines when the column is narrow");
  GtkWidget *filler = gtk_label_new ("·");
  GtkWidget *last = gtk_label_new ("Bottom");
  GtkWidget *hidden = gtk_label_new ("Not shown");
  int min, nat, min2, nat2, label_min, label_nat, h_prompt, h_last, h_filler;
  graphene_rect_t r;

  gtk_label_set_wrap (GTK_LABEL (prompt), TRUE);
  gtk_widget_set_vexpand (filler, TRUE);
  gtk_widget_set_visible (hidden, FALSE);
  gtk_widget_set_parent (prompt, column);
  gtk_widget_set_parent (filler, column);
  gtk_widget_set_parent (hidden, column);
  gtk_widget_set_parent (last, column);

  g_assert_cmpint (gtk_widget_get_request_mode (column), ==, GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH);
  gtk_widget_measure (column, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  gtk_widget_measure (column, GTK_ORIENTATION_HORIZONTAL, 20, &min2, &nat2, NULL, NULL);
  g_assert_cmpint (min, ==, min2);
  g_assert_cmpint (nat, ==, nat2);
  gtk_widget_measure (prompt, GTK_ORIENTATION_HORIZONTAL, -1, &label_min, &label_nat, NULL, NULL);
  g_assert_cmpint (min, ==, label_min);
  g_assert_cmpint (nat, ==, label_nat);

  gtk_widget_measure (prompt, GTK_ORIENTATION_VERTICAL, 120, NULL, &h_prompt, NULL, NULL);
  gtk_widget_measure (filler, GTK_ORIENTATION_VERTICAL, 120, NULL, &h_filler, NULL, NULL);
  gtk_widget_measure (last, GTK_ORIENTATION_VERTICAL, 120, NULL, &h_last, NULL, NULL);
  gtk_widget_measure (column, GTK_ORIENTATION_VERTICAL, 120, NULL, &nat, NULL, NULL);
  g_assert_cmpint (nat, ==, h_prompt + h_filler + h_last);

  gtk_widget_allocate (column, 120, 400, -1, NULL);
  g_assert_true (gtk_widget_compute_bounds (prompt, column, &r));
  g_assert_cmpfloat (r.origin.y, ==, 0);
  g_assert_cmpfloat (r.size.height, ==, h_prompt);
  g_assert_true (gtk_widget_compute_bounds (filler, column, &r));
  g_assert_cmpfloat (r.origin.y, ==, h_prompt);
  g_assert_cmpfloat (r.size.height, ==, 400 - h_prompt - h_last);
  g_assert_true (gtk_widget_compute_bounds (last, column, &r));
  g_assert_cmpfloat (r.origin.y + r.size.height, ==, 400);

  g_object_unref (column);
}

/* Undo is refused once a new hand has been dealt. */
static void
test_undo_not_across_hands (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 99, NULL));
  while (state_of (f) == CASSINO_GAME_PLAYING && pos_of (f)->hand_number == 0)
    {
      g_autoptr(GArray) moves = NULL;

      wait_for_turn (f);
      if (state_of (f) != CASSINO_GAME_PLAYING || pos_of (f)->hand_number > 0)
        break;
      moves = legal_moves (f);
      g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
    }
  wait_for_turn (f);
  g_assert_cmpuint (pos_of (f)->hand_number, ==, 1);
  /* the human's last play was in the first hand: it stays played */
  if (pos_of (f)->plays > 0 && cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len > 0)
    {
      const CassinoDeal *deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
      const CassinoPlay *last = &g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1);

      if (last->seat != 0 || pos_of (f)->to_move == 0)
        g_assert_false (cassino_game_controller_can_undo (f->controller));
    }
}

/* Keyboard: arrows move between cards, Space selects, Enter plays. */
static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoTableView *table;
  GtkWidget *focus, *first;
  CassinoCard card;
  guint plays;
  g_autoptr(GArray) moves = NULL;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);
  iterate (100);

  /* focus the first hand card, then move right with the arrow (once the
   * hand is on screen: slow under valgrind) */
  card = cassino_cards_first (pos_of (f)->hands[cassino_game_controller_get_viewer (f->controller)]);
  first = GTK_WIDGET (cassino_table_view_get_hand_card (table, card));
  WAIT_FOR (!cassino_table_view_is_animating (table) && gtk_widget_get_mapped (first) &&
            gtk_widget_get_width (first) > 0, 60);
  iterate (100);
  g_assert_true (gtk_widget_grab_focus (first));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (table), GTK_DIR_RIGHT));
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (CASSINO_IS_CARD_WIDGET (focus));
  g_assert_true (focus != first);

  /* Space selects the focused card */
  g_assert_true (gtk_widget_grab_focus (first));
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_space));
  g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, card);
  /* Escape clears */
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Escape));
  g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, CASSINO_NO_CARD);

  /* Enter on a card not selected selects it, and plays nothing (it
   * played the card at once: a stray Enter trailed it) */
  {
    guint before = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;

    g_assert_true (gtk_widget_grab_focus (first));
    g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, CASSINO_NO_CARD);
    g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
    g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==,
                     cassino_card_widget_get_card (CASSINO_CARD_WIDGET (first)));
    g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                      ==, before);
    g_assert_false (cassino_table_view_is_chooser_visible (table));
    /* on another hand card than the one selected, Enter selects that one
     * (it played the selected card, not the one the ring was on) */
    {
      GtkWidget *other = NULL;

      for (CassinoCard c = 0; c < 52 && other == NULL; c++)
        if ((pos_of (f)->hands[cassino_game_controller_get_viewer (f->controller)] & CASSINO_CARD_BIT (c)) &&
            GTK_WIDGET (cassino_table_view_get_hand_card (table, c)) != first)
          other = GTK_WIDGET (cassino_table_view_get_hand_card (table, c));
      g_assert_nonnull (other);
      g_assert_true (gtk_widget_grab_focus (other));
      g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
      g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==,
                       cassino_card_widget_get_card (CASSINO_CARD_WIDGET (other)));
      g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                        ==, before);
    }
    g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Escape));
  }

  /* a card whose obvious move is one move, played with Space then Enter */
  moves = legal_moves (f);
  card = g_array_index (moves, CassinoMove, 0).card;
  for (guint i = 0; i < moves->len; i++)
    if (g_array_index (moves, CassinoMove, i).type == CASSINO_MOVE_TRAIL)
      card = g_array_index (moves, CassinoMove, i).card;
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (cassino_table_view_get_hand_card (table, card))));
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_space));
  g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, card);

  /* a table item chosen with Space too, then chosen again to undo it */
  if (cassino_game_controller_get_targets (f->controller))
    {
      CassinoCard t = cassino_cards_first (cassino_game_controller_get_targets (f->controller));
      GtkWidget *item = GTK_WIDGET (cassino_table_view_get_table_item (table, t));

      g_assert_true (gtk_widget_grab_focus (item));
      g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_space));
      g_assert_cmphex (cassino_game_controller_get_chosen (f->controller), !=, 0);
      g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_space));
      g_assert_cmphex (cassino_game_controller_get_chosen (f->controller), ==, 0);
    }

  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  if (cassino_game_controller_get_action_text (f->controller) == NULL)
    {
      /* no trail here: choose the first legal move's table cards */
      cassino_game_controller_clear_selection (f->controller);
      select_move (f, &g_array_index (moves, CassinoMove, 0));
    }
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
  if (cassino_table_view_is_chooser_visible (table))
    cassino_game_controller_play_candidate (f->controller, 0);
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                    ==, plays + 1);

  /* every card has an accessible name */
  {
    g_autofree char *name = cassino_card_full_name (CASSINO_CARD (7, CASSINO_SUIT_HEARTS));
    g_assert_cmpstr (name, ==, "Seven of hearts");
  }
}

/* What names @widget for a screen reader: its accessible label, a
 * relation to a label, its own text (a label's, a button's) or its
 * tooltip; NULL when nothing does. */
static char *
tab_stop_name (GtkWidget *widget)
{
  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
    {
      char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, "\001");

      if (value && !g_str_equal (value, "undefined"))
        return value;
      g_free (value);
    }
  if (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return g_strdup ("(labelled by another widget)");
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)))
    return g_strdup (gtk_label_get_text (GTK_LABEL (widget)));
  if (GTK_IS_BUTTON (widget) && gtk_button_get_label (GTK_BUTTON (widget)))
    return g_strdup (gtk_button_get_label (GTK_BUTTON (widget)));
  if (gtk_widget_get_tooltip_text (widget))
    return g_strdup (gtk_widget_get_tooltip_text (widget));
  return NULL;
}

/* Every Tab stop of the table page is a control the player can see:
 * mapped, of some size, and named for a screen reader (an empty coach
 * line, hidden, took a Tab; a stop with no ring looks like a lost focus). */
static void
test_tab_stops (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GPtrArray) seen = g_ptr_array_new ();
  GtkWidget *start;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, NULL));
  wait_for_turn (f);
  WAIT_FOR (!cassino_table_view_is_animating (cassino_window_get_table_view (f->window)), 30);
  iterate (200);
  start = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (start);
  for (guint i = 0; i < 60; i++)
    {
      GtkWidget *focus;
      g_autofree char *name = NULL;

      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD) ||
                     gtk_widget_child_focus (GTK_WIDGET (f->window), GTK_DIR_TAB_FORWARD));
      focus = gtk_root_get_focus (GTK_ROOT (f->window));
      g_assert_nonnull (focus);
      if (g_ptr_array_find (seen, focus, NULL))
        break;
      g_ptr_array_add (seen, focus);
      name = tab_stop_name (focus);
      g_test_message ("Tab %u: %s “%s” %d×%d", i + 1, G_OBJECT_TYPE_NAME (focus), name ? name : "",
                      gtk_widget_get_width (focus), gtk_widget_get_height (focus));
      g_assert_true (gtk_widget_get_mapped (focus));
      g_assert_cmpint (gtk_widget_get_width (focus), >, 1);
      g_assert_cmpint (gtk_widget_get_height (focus), >, 1);
      g_assert_true (name != NULL && *name != '\0');
    }
  g_assert_cmpuint (seen->len, >, 4);
}

/* After a move made by keyboard, and the computer's reply, the keyboard
 * focus is on a hand card and shows its ring (it sat on a card without
 * one, or nowhere, and the first Tab went to the second card). */
static void
test_keyboard_focus_after_move (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoTableView *table;
  g_autoptr(GArray) moves = NULL;
  GtkWidget *focus;
  guint plays;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);
  /* as after a key press (gtk_main_do_event() sets it) */
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_test_message ("focus at the start: %s", focus ? G_OBJECT_TYPE_NAME (focus) : "none");
  g_assert_true (CASSINO_IS_CARD_WIDGET (focus));

  moves = legal_moves (f);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  select_move (f, &g_array_index (moves, CassinoMove, moves->len - 1));
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (cassino_table_view_get_hand_card (table,
                                                     g_array_index (moves, CassinoMove, moves->len - 1).card))));
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
  if (cassino_table_view_is_chooser_visible (table))
    cassino_game_controller_play_candidate (f->controller, 0);
  WAIT_FOR (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len >= plays + 2, 30);
  wait_for_turn (f);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_test_message ("focus after the reply: %s", focus ? G_OBJECT_TYPE_NAME (focus) : "none");
  g_assert_true (CASSINO_IS_CARD_WIDGET (focus));
  g_assert_true (gtk_widget_get_parent (focus) == GTK_WIDGET (table));
  g_assert_true (gtk_widget_get_mapped (focus));
  g_assert_true (cassino_card_widget_shows_focus (CASSINO_CARD_WIDGET (focus)));
  /* GTK hides focus rings 3 s after the last key, and the other player
   * took longer: the card played by keyboard keeps its ring */
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), FALSE);
  iterate (50);
  g_assert_false (gtk_widget_get_state_flags (focus) & GTK_STATE_FLAG_FOCUS_VISIBLE);
  g_assert_true (cassino_card_widget_shows_focus (CASSINO_CARD_WIDGET (focus)));
  g_assert_true (cassino_card_widget_ring_drawn (CASSINO_CARD_WIDGET (focus)));
}

static GtkWidget *find_button_of (GtkWidget *widget, const char *action);

/* The focus in the hand, on a card of the table's */
static void
assert_focus_in_hand (Fixture *f)
{
  CassinoTableView *table = cassino_window_get_table_view (f->window);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

  g_test_message ("focus: %s", focus ? G_OBJECT_TYPE_NAME (focus) : "none");
  g_assert_true (CASSINO_IS_CARD_WIDGET (focus));
  g_assert_true (gtk_widget_get_parent (focus) == GTK_WIDGET (table));
  g_assert_true (gtk_widget_get_mapped (focus));
}

/* A move made with the Play button, and one taken back with the Undo
 * button: the keyboard goes on from the hand (the focus stayed on the
 * greyed Play button, Enter did nothing and Tab went to the header). */
static void
test_focus_after_buttons (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoTableView *table;
  g_autoptr(GArray) moves = NULL;
  const CassinoMove *move;
  GtkWidget *play, *undo;
  guint plays;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);

  /* a trail (one move: no chooser) chosen, then Play clicked */
  moves = legal_moves (f);
  move = NULL;
  for (guint i = 0; i < moves->len && !move; i++)
    if (g_array_index (moves, CassinoMove, i).type == CASSINO_MOVE_TRAIL)
      move = &g_array_index (moves, CassinoMove, i);
  g_assert_nonnull (move);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  select_move (f, move);
  play = find_button_of (GTK_WIDGET (f->window), "win.play");
  g_assert_true (gtk_widget_is_sensitive (play));
  g_assert_true (gtk_widget_grab_focus (play));
  g_assert_true (gtk_widget_activate (play));
  /* (once the played card has left the hand) */
  WAIT_FOR (CASSINO_IS_CARD_WIDGET (gtk_root_get_focus (GTK_ROOT (f->window))), 10);
  assert_focus_in_hand (f);
  WAIT_FOR (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len >= plays + 2, 30);
  wait_for_turn (f);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);
  assert_focus_in_hand (f);

  /* Undo clicked */
  undo = find_button_of (GTK_WIDGET (f->window), "win.undo");
  g_assert_true (gtk_widget_is_sensitive (undo));
  g_assert_true (gtk_widget_grab_focus (undo));
  g_assert_true (gtk_widget_activate (undo));
  WAIT_FOR (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len == plays, 10);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);
  assert_focus_in_hand (f);
}

/* A hint gives its card the keyboard focus, and Enter plays the hint
 * (the focus stayed on the card it was on, and Enter selected that card
 * instead: H then Enter never played the hint). */
/* Ctrl+Shift+C, listed among the shortcuts of every game, says why it
 * does nothing where there is nothing to claim (it was silent). */
static void
test_claim_says_why (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, NULL));
  wait_for_turn (f);
  g_assert_false (cassino_game_controller_can_claim (f->controller));
  activate (f, "win.claim");
  iterate (5);
  g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==,
                   "This game is played without calling “Cassino!”: it is a house rule of New Game’s Advanced Rules.");

  /* the house rule played, nothing missed at the first play */
  g_free (setup->options);
  setup->options = g_strdup ("{\"preset\":\"classic\",\"cassino_call\":true}");
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, NULL));
  wait_for_turn (f);
  g_assert_true (cassino_game_get_rules (cassino_game_controller_get_game (f->controller))->cassino_call);
  g_assert_false (cassino_game_controller_can_claim (f->controller));
  activate (f, "win.claim");
  iterate (5);
  g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==,
                   "Nothing to claim: “Cassino!” is called on your turn, when the player before you missed a capture.");
}

static void
test_hint_then_enter (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoTableView *table;
  CassinoMove hint;
  const CassinoDeal *deal;
  GtkWidget *other = NULL;
  guint plays;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);

  /* the hint's card, then the focus on another card of the hand */
  activate (f, "win.hint");
  WAIT_FOR (cassino_game_controller_get_hint (f->controller, &hint), 60);
  cassino_game_controller_clear_selection (f->controller);
  for (CassinoCard c = 0; c < 52 && other == NULL; c++)
    if ((pos_of (f)->hands[cassino_game_controller_get_viewer (f->controller)] & CASSINO_CARD_BIT (c)) && c != hint.card)
      other = GTK_WIDGET (cassino_table_view_get_hand_card (table, c));
  g_assert_nonnull (other);
  g_assert_true (gtk_widget_grab_focus (other));

  /* H again (the same position: the same hint) */
  activate (f, "win.hint");
  WAIT_FOR (cassino_game_controller_get_selected (f->controller) != CASSINO_NO_CARD, 60);
  g_assert_true (cassino_game_controller_get_hint (f->controller, &hint));
  g_assert_cmpint (cassino_game_controller_get_selected (f->controller), ==, hint.card);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) ==
                 GTK_WIDGET (cassino_table_view_get_hand_card (table, hint.card)));

  /* Enter plays it */
  deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
  plays = deal->plays->len;
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
  g_assert_false (cassino_table_view_is_chooser_visible (table));
  WAIT_FOR (deal->plays->len > plays, 10);
  g_assert_true (cassino_move_equal (&g_array_index (deal->plays, CassinoPlay, plays).move, &hint));
}

/* At the start (or after the pointer), the focused card shows no ring: the
 * first Tab or arrow shows it there instead of moving on unseen (the
 * first Tab went to the second card). */
static void
test_keyboard_first_key_shows_focus (Fixture       *f,
                                     gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoTableView *table;
  GtkWidget *focus;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), FALSE);
  iterate (100);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (CASSINO_IS_CARD_WIDGET (focus));
  WAIT_FOR (gtk_widget_get_mapped (focus), 10);
  iterate (50);
  g_assert_false (cassino_card_widget_ring_drawn (CASSINO_CARD_WIDGET (focus)));

  /* the first Tab: handled, the focus where it was, now with its ring */
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Tab));
  g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == focus);
  g_assert_true (cassino_card_widget_shows_focus (CASSINO_CARD_WIDGET (focus)));
  iterate (50);
  g_assert_true (cassino_card_widget_ring_drawn (CASSINO_CARD_WIDGET (focus)));
  /* the next one goes on (the window's: not the table's) */
  g_assert_false (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Tab));
}

/* Pass and play: two humans, the hand hidden between turns. */
static void
test_pass_and_play (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
  CassinoTableView *table;
  guint first;

  setup->n_players = 2;
  setup->seats[1].kind = CASSINO_SEAT_HUMAN;
  g_free (setup->seats[1].name);
  /* a name that is not markup (libadwaita reads the pass page's text as
   * markup: the "&" emptied it, with a warning) */
  setup->seats[1].name = g_strdup ("Ugo & <Zoe>");

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, NULL));
  table = cassino_window_get_table_view (f->window);

  for (guint turn = 0; turn < 4; turn++)
    {
      g_autoptr(GArray) moves = NULL;
      CassinoCard c;
      const CassinoPosition *pos = pos_of (f);

      /* the pass screen first, the hand face down behind it */
      g_assert_cmpint (cassino_game_controller_get_pass_to (f->controller), ==, pos->to_move);
      WAIT_FOR (g_strcmp0 (cassino_window_get_page (f->window), "pass") == 0, 5);
      {
        g_autofree char *shown = g_strdup_printf ("Hand the device to %s. Everyone else, look away: "
                                                  "their cards are about to show.",
                                                  pos->to_move == 0 ? "Tess" : "Ugo & <Zoe>");

        g_assert_true (ui_test_maps_text (GTK_WIDGET (f->window), shown));
      }
      g_assert_false (cassino_game_controller_is_human_turn (f->controller));
      g_assert_false (cassino_game_controller_get_hand_visible (f->controller));
      CASSINO_CARDS_FOREACH (c, pos->hands[cassino_game_controller_get_viewer (f->controller)])
        {
          CassinoCardWidget *w = cassino_table_view_get_hand_card (table, c);
          if (w)
            g_assert_true (cassino_card_widget_get_face_down (w));
        }

      first = pos->to_move;
      activate (f, "win.confirm-pass");
      g_assert_cmpstr (cassino_window_get_page (f->window), ==, "table");
      g_assert_cmpuint (cassino_game_controller_get_viewer (f->controller), ==, first);
      g_assert_true (cassino_game_controller_is_human_turn (f->controller));
      CASSINO_CARDS_FOREACH (c, pos->hands[first])
        g_assert_false (cassino_card_widget_get_face_down (cassino_table_view_get_hand_card (table, c)));

      moves = legal_moves (f);
      play_through_window (f, &g_array_index (moves, CassinoMove, moves->len - 1));
      g_assert_cmpuint (pos_of (f)->to_move, !=, first);
    }
}

/* The table's keys act only while the table is shown: h on the History
 * page asked for a hint nobody saw (and counted it as used), Ctrl+Z took
 * back a move out of sight. */
static void
test_table_keys_on_table_only (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GPtrArray) flaps = g_ptr_array_new ();
  gboolean log_shown;
  guint plays;

  open_window (f);
  /* the score and move log beside the table */
  ui_test_collect (GTK_WIDGET (f->window), ADW_TYPE_FLAP, flaps);
  g_assert_cmpuint (flaps->len, ==, 1);
  log_shown = adw_flap_get_reveal_flap (flaps->pdata[0]);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4711, NULL));
  wait_for_turn (f);
  {
    g_autoptr(GArray) moves = legal_moves (f);

    g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
  }
  wait_for_turn (f);
  g_assert_true (cassino_game_controller_is_human_turn (f->controller));
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;

  for (guint p = 0; p < 2; p++)
    {
      cassino_window_set_top_page (f->window, p == 0 ? "history" : "statistics");
      iterate (20);
      /* the keys' actions, as the bindings activate them */
      activate (f, "win.hint");
      activate (f, "win.undo");
      activate (f, "win.show-log");
      iterate (50);
      g_assert_false (cassino_game_controller_get_hint_used (f->controller));
      g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                        ==, plays);
      g_assert_true (adw_flap_get_reveal_flap (flaps->pdata[0]) == log_shown);
    }

  /* back on the table they work */
  cassino_window_set_top_page (f->window, "table");
  iterate (20);
  activate (f, "win.undo");
  WAIT_FOR (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len < plays, 10);
  wait_for_turn (f);
  activate (f, "win.hint");
  WAIT_FOR (cassino_game_controller_get_hint_used (f->controller), 60);
}

/* A click on the felt gives the keyboard back to the cards: with the
 * log's toggle focused, Enter toggled the log instead of playing the move
 * shown, and the arrows reached no card. */
static void
test_felt_click_focuses_cards (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GPtrArray) toggles = g_ptr_array_new ();
  CassinoTableView *table;
  GtkGesture *felt = NULL;
  GtkWidget *focus;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4711, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);

  /* the keyboard on a toolbar button (the log's toggle) */
  ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_TOGGLE_BUTTON, toggles);
  g_assert_cmpuint (toggles->len, >, 0);
  for (guint i = 0; i < toggles->len; i++)
    if (gtk_widget_get_mapped (toggles->pdata[i]) && gtk_widget_grab_focus (toggles->pdata[i]))
      break;
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_true (GTK_IS_TOGGLE_BUTTON (focus));

  /* a click on the felt (the table's own click, not a card's) */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (table));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c))
        felt = GTK_GESTURE (c);
    }
  g_assert_nonnull (felt);
  g_signal_emit_by_name (felt, "pressed", 1, 5.0, 5.0);
  focus = gtk_root_get_focus (GTK_ROOT (f->window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (table)));
  g_assert_true (CASSINO_IS_CARD_WIDGET (focus));
}

/* A game is recorded as it is played and resumes in a new window. */
static void
test_resume (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  guint plays;
  guint64 seed;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 31337, NULL));
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GArray) moves = NULL;

      wait_for_turn (f);
      moves = legal_moves (f);
      g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
    }
  wait_for_turn (f);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  seed = cassino_game_get_seed (cassino_game_controller_get_game (f->controller));
  g_assert_cmpuint (plays, >=, 5);
  close_window (f);

  /* a new window, as after a restart: the same game, the same moves */
  open_window (f);
  g_assert_true (cassino_game_controller_has_game (f->controller));
  g_assert_cmpuint (cassino_game_get_seed (cassino_game_controller_get_game (f->controller)), ==, seed);
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len, ==, plays);
  wait_for_turn (f);
  g_assert_true (cassino_game_controller_is_human_turn (f->controller));
}

/* The database refuses moves (as a full disk does): the player is told
 * once, play goes on, and when it accepts again the whole game is saved
 * and resumes in a new window. */
static void
test_record_failure (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  guint plays;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 2718, NULL));
  wait_for_turn (f);

  ui_test_exec_sql (f->database, "CREATE TRIGGER test_full BEFORE INSERT ON moves "
               "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;");
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GArray) moves = legal_moves (f);

      play_through_window (f, &g_array_index (moves, CassinoMove, 0));
      wait_for_turn (f);
      /* the database thread reports the refused write a moment later */
      WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 10);
      g_assert_nonnull (strstr (cassino_window_get_last_toast (f->window), "could not be saved"));
      g_assert_nonnull (strstr (cassino_window_get_last_toast (f->window), "disk is full"));
    }

  ui_test_exec_sql (f->database, "DROP TRIGGER test_full;");
  {
    g_autoptr(GArray) moves = legal_moves (f);

    play_through_window (f, &g_array_index (moves, CassinoMove, 0));
  }
  wait_for_turn (f);
  /* the catch-up's result comes back from the database thread */
  WAIT_FOR (last_toast_has (f, "saved again"), 10);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  g_assert_cmpuint (plays, >=, 6);
  close_window (f);

  /* nothing missing: the game resumes at the very move */
  open_window (f);
  g_assert_true (cassino_game_controller_has_game (f->controller));
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len, ==, plays);
}

/* The longest gap between two frames of the window's frame clock. */
typedef struct {
  gint64 last;
  gint64 longest;
  guint  frames;
} FrameGaps;

static gboolean
on_tick_cb (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  FrameGaps *gaps = user_data;
  gint64 now = g_get_monotonic_time ();

  if (gaps->last)
    gaps->longest = MAX (gaps->longest, now - gaps->last);
  gaps->last = now;
  gaps->frames++;
  return G_SOURCE_CONTINUE;
}

/* What @sql counts in the database at @path, read as another program
 * would. */
static gint64
count_saved (const char *path,
             const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  db = store_test_open_reader (path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

/* Moves in the database at @path. */
static gint64
count_saved_moves (const char *path)
{
  return count_saved (path, "SELECT count(*) FROM moves");
}

/* Moves of the games being played in the database at @path. */
static gint64
count_playing_moves (const char *path)
{
  return count_saved (path, "SELECT count(*) FROM moves JOIN deals ON deals.id = moves.deal_id "
                            "JOIN games ON games.id = deals.game_id WHERE games.state = 'playing'");
}

static guint
plays_of (Fixture *f)
{
  return cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
}

/* Three moves of the player against the computer while another program
 * holds the write lock.  Returns the longest frame gap, in µs. */
static gint64
play_while_locked (Fixture *f,
                   gint64  *out_saved_before)
{
  FrameGaps gaps = { 0 };
  guint tick;
  sqlite3 *lock;

  wait_for_turn (f);
  /* what was played so far is saved */
  WAIT_FOR (count_saved_moves (f->database) == plays_of (f), 10);
  *out_saved_before = count_saved_moves (f->database);

  tick = gtk_widget_add_tick_callback (GTK_WIDGET (f->window), on_tick_cb, &gaps, NULL);
  iterate (100);
  lock = ui_test_lock_writers (f->database);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GArray) moves = NULL;
      gint64 start;

      wait_for_turn (f);
      moves = legal_moves (f);
      start = g_get_monotonic_time ();
      g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
      /* the move is queued, not written: the click returns at once */
      g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
    }
  wait_for_turn (f);
  iterate (200);
  gtk_widget_remove_tick_callback (GTK_WIDGET (f->window), tick);

  /* nothing reached the disk while the lock lasted, and the window drew */
  g_assert_cmpint (count_saved_moves (f->database), ==, *out_saved_before);
  g_assert_cmpuint (plays_of (f), >=, *out_saved_before + 3);
  g_assert_cmpuint (gaps.frames, >=, 10);
  g_test_message ("longest frame gap while locked: %.1f ms over %u frames",
                  gaps.longest / 1000.0, gaps.frames);

  ui_test_unlock (lock);
  return gaps.longest;
}

/* Another program holds the database's write lock while the player
 * moves: the window goes on drawing (the busy timeout waits on the
 * database thread, not here), the moves are queued, and once the lock is
 * released every one of them is saved, and the game resumes there. */
static void
test_locked_database (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  gint64 saved_before, longest;
  guint plays;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4242, NULL));
  longest = play_while_locked (f, &saved_before);
  /* a freeze is the busy timeout, 5 s; a frame is 16 ms (the figures of
   * bench-ui-table --locked); here only "no freeze", on a loaded machine */
  g_assert_cmpint (longest, <, G_USEC_PER_SEC / 2);

  plays = plays_of (f);
  WAIT_FOR (count_saved_moves (f->database) == plays, 20);
  g_assert_null (cassino_window_get_last_toast (f->window));
  close_window (f);

  /* a new window while the lock is held again: reading does not wait for
   * it, the game resumes at the last move */
  {
    sqlite3 *lock = ui_test_lock_writers (f->database);
    gint64 start = g_get_monotonic_time ();

    open_window (f);
    g_test_message ("a window opened with the lock held in %.1f ms",
                    (g_get_monotonic_time () - start) / 1000.0);
    g_assert_true (cassino_game_controller_has_game (f->controller));
    g_assert_cmpuint (plays_of (f), ==, plays);
    ui_test_unlock (lock);
  }
}

/* The app starts while another program keeps the database to itself
 * (PRAGMA locking_mode=EXCLUSIVE: even reading waits): the window says the
 * game could not be saved and that Cassino keeps trying with every move —
 * and it does: once the other program lets go, every move made meanwhile
 * reaches the database and the window says so. */
static void
test_started_while_locked (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GError) error = NULL;
  sqlite3 *lock;
  guint plays;

  /* a database of the app's, then held by another program */
  {
    g_autoptr(CassinoStore) store = cassino_store_open (f->database, &error);

    g_assert_no_error (error);
  }
  lock = ui_test_lock_out_readers (f->database);
  {
    gint64 start = g_get_monotonic_time ();
    gint64 took;

    open_window (f);
    took = g_get_monotonic_time () - start;
    g_test_message ("the window was on screen after %" G_GINT64_FORMAT " ms", took / 1000);
    /* the recorder waits a second for the lock, not the 5 s of its
     * database thread, before the window shows */
    g_assert_cmpint (took, <, 4 * G_USEC_PER_SEC);
  }
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4242, NULL));
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GArray) moves = NULL;

      wait_for_turn (f);
      moves = legal_moves (f);
      g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
    }
  wait_for_turn (f);
  plays = plays_of (f);
  g_assert_cmpuint (plays, >=, 2);
  WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 20);
  /* what the player must know first (a toast is one line), then why */
  g_assert_true (g_str_has_prefix (cassino_window_get_last_toast (f->window),
                                   "This game could not be saved — Cassino keeps trying with every move. The database “"));
  g_assert_nonnull (strstr (cassino_window_get_last_toast (f->window), "” is busy: another program is using it"));
  /* as shown: the headline, whole, and Details for the reason (one line
   * of all of it was cut before the reason, with "…") */
  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (f->window), "This game could not be saved"), 5);
  g_assert_nonnull (ui_test_find_button (GTK_WIDGET (f->window), "_Details"));

  /* long enough for the game's start to fail on the database thread too
   * (the busy timeout is 5 s); the window goes on meanwhile */
  {
    guint ticks, ticker = ui_test_add_ticker (&ticks);

    iterate (7000);
    g_source_remove (ticker);
    g_test_message ("the 50 ms timeout fired %u times in 7 s of the lock", ticks);
    g_assert_cmpuint (ticks, >=, 50);
  }

  /* closing now would lose those moves (the window went, and the last
   * flush failed without a word): the window asks, and stays */
  g_assert_true (_cassino_window_has_unsaved_moves (f->window));
  gtk_window_close (GTK_WINDOW (f->window));
  iterate (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));
  {
    AdwMessageDialog *ask = ADW_MESSAGE_DIALOG (ui_test_find_window (ADW_TYPE_MESSAGE_DIALOG));

    g_assert_nonnull (ask);
    g_assert_cmpstr (adw_message_dialog_get_heading (ask), ==, "Quit Without Saving the Last Moves?");
    g_assert_cmpstr (adw_message_dialog_get_response_label (ask, "keep"), ==, "_Keep Playing");
    g_assert_cmpstr (adw_message_dialog_get_response_label (ask, "quit"), ==, "_Quit Anyway");
    adw_message_dialog_response (ask, "keep");
    iterate (100);
  }
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (f->window)));

  ui_test_unlock (lock);
  /* no further move: the recorder tries again by itself */
  WAIT_FOR (count_saved_moves (f->database) == plays, 40);
  WAIT_FOR (g_strcmp0 (cassino_window_get_last_toast (f->window), "The game is saved again, every move of it") == 0, 20);
  /* saved: the window closes without asking */
  g_assert_false (_cassino_window_has_unsaved_moves (f->window));
}

/* The app is killed while another program holds the lock and moves wait
 * in the queue: what was saved before is all there, and the game resumes
 * at the last saved move and goes on being recorded. */
static void
test_killed_while_locked (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *saved_path = g_build_filename (f->tmpdir, "saved-before", NULL);
  g_autofree char *text = NULL;
  gint64 saved_before;

  if (g_test_subprocess ())
    {
      g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
      g_autofree char *number = NULL;
      const char *parent_db = g_getenv ("CASSINO_TEST_DATABASE");
      sqlite3 *lock;

      g_assert_nonnull (parent_db);
      g_free (f->database);
      f->database = g_strdup (parent_db);
      open_window (f);
      g_assert_true (cassino_game_controller_start (f->controller, setup, 1789, NULL));
      wait_for_turn (f);
      {
        g_autoptr(GArray) moves = legal_moves (f);

        g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
      }
      wait_for_turn (f);
      WAIT_FOR (count_saved_moves (f->database) == plays_of (f), 10);
      saved_before = count_saved_moves (f->database);
      number = g_strdup_printf ("%" G_GINT64_FORMAT, saved_before);
      g_assert_true (g_file_set_contents (g_getenv ("CASSINO_TEST_SAVED"), number, -1, NULL));

      lock = ui_test_lock_writers (f->database);
      for (guint i = 0; i < 2; i++)
        {
          g_autoptr(GArray) moves = legal_moves (f);

          g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
          wait_for_turn (f);
        }
      g_assert_cmpuint (plays_of (f), >, saved_before);
      /* killed with moves in the queue and the lock still held (this
       * process's own temporary folders removed first: nothing else
       * would) */
      ui_test_remove_dir (f->tmpdir);
      test_remove_tree (data_home);
      raise (SIGKILL);
      ui_test_unlock (lock);
      return;
    }

  g_setenv ("CASSINO_TEST_DATABASE", f->database, TRUE);
  g_setenv ("CASSINO_TEST_SAVED", saved_path, TRUE);
  g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_failed ();
  g_unsetenv ("CASSINO_TEST_DATABASE");
  g_unsetenv ("CASSINO_TEST_SAVED");

  g_assert_true (g_file_get_contents (saved_path, &text, NULL, NULL));
  saved_before = g_ascii_strtoll (text, NULL, 10);
  g_assert_cmpint (saved_before, >, 0);
  g_assert_cmpint (count_saved_moves (f->database), ==, saved_before);

  /* it resumes at the last saved move, and records the next ones */
  open_window (f);
  g_assert_true (cassino_game_controller_has_game (f->controller));
  g_assert_cmpuint (plays_of (f), ==, saved_before);
  wait_for_turn (f);
  {
    g_autoptr(GArray) moves = legal_moves (f);

    g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
  }
  wait_for_turn (f);
  WAIT_FOR (count_saved_moves (f->database) == plays_of (f), 20);
  g_assert_cmpint (count_saved_moves (f->database), >, saved_before);
}

static AdwMessageDialog *
find_message_dialog (GtkWindow *parent)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (GTK_WINDOW (w)) == parent &&
          gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* A damaged database is moved aside, the player is told where it went,
 * and a new game starts on a new database. */
static void
test_damaged_database (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  AdwMessageDialog *dialog;
  const char *name;
  gboolean found = FALSE;

  g_file_set_contents (f->database, "SQLite format 3\0 this is not a database at all, only damage", -1, &error);
  g_assert_no_error (error);

  open_window (f);
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) != NULL, 10);
  dialog = find_message_dialog (GTK_WINDOW (f->window));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), ".corrupt-"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            cassino_game_controller_get_moved_aside_path (f->controller)));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "0 games saved, none lost."));

  dir = g_dir_open (f->tmpdir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)))
    if (strstr (name, ".corrupt-"))
      found = TRUE;
  g_assert_true (found);
  g_assert_true (cassino_game_controller_has_game (f->controller));

  adw_message_dialog_response (dialog, "close");
  gtk_window_close (GTK_WINDOW (dialog));
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) == NULL, 10);
}

/* A database with five games and one damaged page (the index of games by
 * date), opened by path as `cassino --database FILE` does: the window says
 * where the damaged file went and how many games were saved, and History
 * holds them.  @large: the file is padded past the size the open checks
 * whole (16 MiB), so that the damage is met by the game's first step
 * instead, on the database thread, while the game goes on. */
static void
check_salvage (Fixture    *f,
               gboolean    large,
               const char *damaged)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *body = NULL;
  g_autofree char *expected = NULL;
  AdwMessageDialog *dialog;
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  guint saved;

  store_test_fill (f->database, 5);
  if (large)
    store_test_pad (f->database);
  store_test_damage_object (f->database, damaged, 0x5a);

  if (large)
    {
      GStatBuf st;

      /* too large for the whole check at open: a step meets the damage */
      g_assert_cmpint (g_stat (f->database, &st), ==, 0);
      g_assert_cmpint (st.st_size, >, 16 * 1024 * 1024);
    }
  make_window (f);
  /* the window was made without waiting for the salvage (seconds for
   * 2,000 games): the database thread does it, and tells through the
   * main loop, which has not turned yet */
  g_assert_null (cassino_game_controller_get_moved_aside_path (f->controller));
  show_window (f);
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) != NULL, 20);
  dialog = find_message_dialog (GTK_WINDOW (f->window));
  body = g_strdup (adw_message_dialog_get_body (dialog));
  g_test_message ("the window said: %s", body);

  /* the new database holds what the dialog says: an index is built
   * again, the deals are made again from their index and the games'
   * seeds, the moves lost with the root page of their table (one here
   * and there: an interior page of a table WITHOUT ROWID holds rows) are
   * found again by replaying; a leaf of moves, a run of a deal's
   * moves, loses its games */
  db = store_test_open_reader (f->database);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM games WHERE state = 'finished'", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  saved = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  if (g_str_has_suffix (damaged, "/leaf"))
    g_assert_cmpuint (saved, <, 5);
  else
    g_assert_cmpuint (saved, ==, 5);
  /* each count with its plural: "4 games saved. 1 game could not be read." */
  expected = saved == 5 ? g_strdup_printf ("aside as “%s” and copied every game it could read into a new database: "
                                           "5 games saved, none lost.",
                                           cassino_game_controller_get_moved_aside_path (f->controller))
                        : g_strdup_printf ("aside as “%s” and copied every game it could read into a new database: "
                                           "%u %s saved. %u %s could not be read. Nothing was deleted",
                                           cassino_game_controller_get_moved_aside_path (f->controller),
                                           saved, saved == 1 ? "game" : "games",
                                           5 - saved, 5 - saved == 1 ? "game" : "games");
  g_assert_nonnull (strstr (body, expected));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Game Database Was Damaged");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));

  if (large)
    {
      CassinoHistoryModel *history;
      guint plays;
      /* the game on the table is recorded in the new database, whole,
       * and so is its next move; no toast says otherwise */
      const char *toast;
      g_autoptr(GArray) moves = NULL;

      wait_for_turn (f);
      plays = plays_of (f);
      WAIT_FOR (count_playing_moves (f->database) == plays, 20);
      moves = legal_moves (f);
      g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
      WAIT_FOR (count_playing_moves (f->database) == plays_of (f), 20);
      toast = cassino_window_get_last_toast (f->window);
      g_test_message ("last toast: %s", toast ? toast : "none");
      g_assert_true (toast == NULL || strstr (toast, "could not be") == NULL);
      g_assert_cmpuint (plays_of (f), >, plays);
      /* History reads the new file: the games saved and this one (the
       * old connection would read the file moved aside) */
      history = cassino_records_get_history (cassino_window_get_records (f->window));
      WAIT_FOR (g_list_model_get_n_items (G_LIST_MODEL (history)) == saved + 1, 20);
    }

  adw_message_dialog_response (dialog, "close");
  gtk_window_close (GTK_WINDOW (dialog));
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) == NULL, 10);
}

/* A database that cannot be opened at all (its path is a folder): the
 * game is played, and the toast says games are not saved, not that
 * Cassino keeps trying (nothing tries again). */
static void
test_database_unusable (Fixture       *f,
                        gconstpointer  data)
{
  const char *toast;

  g_assert_cmpint (g_mkdir (f->database, 0700), ==, 0);
  open_window (f);
  g_assert_false (cassino_game_controller_is_recording (f->controller));
  g_assert_true (cassino_game_controller_has_game (f->controller));
  WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 10);
  toast = cassino_window_get_last_toast (f->window);
  g_test_message ("the toast: %s", toast);
  g_assert_true (g_str_has_prefix (toast, "Games are not saved in this session — the database cannot be used. "
                                          "Cannot open the database “"));
  g_assert_true (g_str_has_suffix (toast, "”: it is a folder, not a file."));
  g_assert_null (strstr (toast, "keeps trying"));
  close_window (f);
  g_assert_cmpint (g_rmdir (f->database), ==, 0);
}

/* (a leaf of moves: games lost, and the dialog says how many) */
static void
test_damaged_database_salvaged (Fixture       *f,
                                gconstpointer  data)
{
  check_salvage (f, FALSE, data ? data : "games_started");
}

/* The same with a file too large to be checked whole at open: the
 * damage is met on the database thread, by the read of the game to
 * resume (the index of games by date), or by the new game's first write
 * (the deals, the moves), and the game on the table is recorded in the
 * new file. */
static void
test_damaged_while_playing (Fixture       *f,
                            gconstpointer  data)
{
  check_salvage (f, TRUE, data);
}

/* A game recorded by the app: History shows when it really started, in
 * local time (not 00:00, the midnight UTC of its date), and a length of
 * minutes, not hours. */
static void
test_history_start_time (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_BEGINNER, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) before = NULL;
  g_autoptr(GDateTime) after = NULL;
  g_autofree char *at_before = NULL;
  g_autofree char *at_after = NULL;
  g_autofree char *date = NULL;
  g_autofree char *length = NULL;
  CassinoHistoryView *history;

  open_window (f);
  setup->seats[0].kind = CASSINO_SEAT_COMPUTER;
  setup->seats[0].level = CASSINO_LEVEL_BEGINNER;
  setup->format = CASSINO_FORMAT_SINGLE;
  cassino_game_controller_set_move_delay (f->controller, 0);
  before = g_date_time_new_now_local ();
  g_assert_true (cassino_game_controller_start (f->controller, setup, 99, &error));
  g_assert_no_error (error);
  WAIT_FOR (state_of (f) == CASSINO_GAME_OVER, 60);
  after = g_date_time_new_now_local ();

  cassino_window_set_top_page (f->window, "history");
  history = cassino_window_get_history_view (f->window);
  WAIT_FOR (({ g_autofree char *r = ui_test_history_cell_text (history, 0, "result");
               r != NULL && strstr (r, "won") != NULL; }), 10);
  date = ui_test_history_cell_text (history, 0, "date");
  length = ui_test_history_cell_text (history, 0, "length");
  at_before = g_date_time_format (before, "%Y-%m-%d %H:%M");
  at_after = g_date_time_format (after, "%Y-%m-%d %H:%M");
  g_test_message ("History: started %s, %s (the game ran from %s to %s)", date, length, at_before, at_after);
  g_assert_true (g_strcmp0 (date, at_before) == 0 || g_strcmp0 (date, at_after) == 0);
  /* one deal of computers: under a minute (no minutes shown) or one, never
   * the hours since midnight */
  g_assert_true (g_str_equal (length, "1 deal") || g_str_equal (length, "1 deal · 1 min"));
  /* and the store holds the instants: start and end within the game */
  {
    g_autoptr(CassinoStore) store = cassino_store_open (f->database, &error);
    g_autoptr(GPtrArray) page = NULL;
    CassinoStoreHistoryFilter filter = { 0 };
    const CassinoStoreGameSummary *s;

    g_assert_no_error (error);
    page = cassino_store_get_history_page (store, &filter, NULL, 1, NULL, &error);
    g_assert_no_error (error);
    s = page->pdata[0];
    g_assert_true (s->start_known);
    g_assert_cmpint (s->started, >=, g_date_time_to_unix (before));
    g_assert_cmpint (s->ended, >=, s->started);
    g_assert_cmpint (s->ended, <=, g_date_time_to_unix (after) + 1);
  }
}

/* A card theme of gnome-cards-data chosen in the preferences draws the
 * cards; one that is not installed gives Cassino's own cards and says why. */
static void
test_card_theme (Fixture       *f,
                 gconstpointer  data)
{
  write_theme (g_get_user_data_dir (), "window_test.svg", NULL);
  open_window (f);
  g_assert_null (cassino_card_theme_get_current ());

  g_settings_set_string (f->settings, "card-theme", "window_test.svg");
  iterate (50);
  g_assert_nonnull (cassino_card_theme_get_current ());
  g_assert_cmpstr (cassino_card_theme_get_file_name (cassino_card_theme_get_current ()), ==, "window_test.svg");

  g_settings_set_string (f->settings, "card-theme", "gone_away.svgz");
  iterate (50);
  g_assert_null (cassino_card_theme_get_current ());
  g_assert_nonnull (strstr (cassino_window_get_last_toast (f->window), "gone_away.svgz"));

  g_settings_set_string (f->settings, "card-theme", "window_test.svg");
  iterate (50);
  g_assert_nonnull (cassino_card_theme_get_current ());
  g_settings_set_string (f->settings, "card-theme", "four-color");
  iterate (50);
  g_assert_null (cassino_card_theme_get_current ());
  g_settings_reset (f->settings, "card-theme");
}

/* Real input from the X server (xdotool), as a player gives it: the keys
 * H and Ctrl+Z, and a card dragged from the hand onto the table. */
static void
on_child_exited_cb (GPid     pid,
                    int      status,
                    gpointer user_data)
{
  *(int *) user_data = status;
  g_spawn_close_pid (pid);
}

static void
xdotool (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GPid pid;
  int status = -1;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  /* the window must keep drawing while xdotool waits for it */
  g_assert_true (g_spawn_async (NULL, (char **) argv->pdata, NULL,
                                G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_child_watch_add (pid, on_child_exited_cb, &status);
  WAIT_FOR (status != -1, 20);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static char *
window_xid (Fixture *f)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (f->window));

  return g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
}

/* The screen position of the middle of @widget. */
static void
screen_point (Fixture   *f,
              GtkWidget *widget,
              int       *out_x,
              int       *out_y)
{
  graphene_point_t p;
  double sx, sy;
  g_autofree char *xid = window_xid (f);
  g_autofree char *out = NULL;
  const char *argv[] = { "xdotool", "getwindowgeometry", "--shell", NULL, NULL };
  int wx = 0, wy = 0;

  argv[3] = xid;
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (f->window),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                                 gtk_widget_get_height (widget) / 2.0), &p));
  gtk_native_get_surface_transform (GTK_NATIVE (f->window), &sx, &sy);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL, NULL, NULL));
  {
    g_auto(GStrv) lines = g_strsplit (out, "\n", -1);

    for (guint i = 0; lines[i]; i++)
      {
        if (g_str_has_prefix (lines[i], "X="))
          wx = atoi (lines[i] + 2);
        if (g_str_has_prefix (lines[i], "Y="))
          wy = atoi (lines[i] + 2);
      }
  }
  *out_x = wx + (int) (p.x + sx);
  *out_y = wy + (int) (p.y + sy);
}

static gboolean
have_xdotool (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");

  return path != NULL;
}

static void
test_real_input (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autofree char *xid = NULL;
  CassinoTableView *table;
  CassinoMove capture = { 0 };
  gboolean found = FALSE;
  guint64 seed;
  guint plays_before_drag;

  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("needs an X server (xvfb-run)");
      return;
    }
  if (!have_xdotool ())
    {
      g_test_skip ("needs xdotool");
      return;
    }

  open_window (f);
  xid = window_xid (f);
  table = cassino_window_get_table_view (f->window);

  /* a deal where the player can capture a loose card at once */
  for (seed = 1; seed < 200 && !found; seed++)
    {
      g_autoptr(GArray) moves = NULL;

      g_assert_true (cassino_game_controller_start (f->controller, setup, seed, NULL));
      wait_for_turn (f);
      if (state_of (f) != CASSINO_GAME_PLAYING || !cassino_game_controller_is_human_turn (f->controller))
        continue;
      moves = legal_moves (f);
      for (guint i = 0; i < moves->len && !found; i++)
        {
          const CassinoMove *m = &g_array_index (moves, CassinoMove, i);

          if (m->type == CASSINO_MOVE_CAPTURE && cassino_cards_count (m->set) == 1 && pos_of (f)->n_builds == 0)
            {
              guint same = 0;

              /* one move only for that card on that item: a drop plays it */
              for (guint j = 0; j < moves->len; j++)
                same += g_array_index (moves, CassinoMove, j).card == m->card &&
                        (g_array_index (moves, CassinoMove, j).set & m->set) != 0;
              if (same == 1)
                {
                  capture = *m;
                  found = TRUE;
                }
            }
        }
    }
  g_assert_true (found);
  iterate (200);

  /* H: a hint */
  xdotool ((const char *[]) { "windowfocus", "--sync", xid, NULL });
  iterate (100);
  xdotool ((const char *[]) { "key", "h", NULL });
  WAIT_FOR (cassino_game_controller_get_hint_used (f->controller), 20);
  cassino_game_controller_clear_selection (f->controller);
  iterate (100);

  /* a drag from the hand onto the card it captures */
  plays_before_drag = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  {
    int x0, y0, x1, y1;
    guint plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
    g_autofree char *from_x = NULL, *from_y = NULL;

    screen_point (f, GTK_WIDGET (cassino_table_view_get_hand_card (table, capture.card)), &x0, &y0);
    screen_point (f, GTK_WIDGET (cassino_table_view_get_table_item (table, cassino_cards_first (capture.set))), &x1, &y1);
    from_x = g_strdup_printf ("%d", x0);
    from_y = g_strdup_printf ("%d", y0);
    g_test_message ("drag from %d,%d to %d,%d", x0, y0, x1, y1);
    cassino_game_controller_clear_selection (f->controller);
    xdotool ((const char *[]) { "mousemove", "--sync", from_x, from_y, "mousedown", "1", NULL });
    iterate (100);
    /* in steps, as a hand moves: the drag starts past a threshold, and
     * the drop target follows the pointer */
    for (int step = 1; step <= 12; step++)
      {
        g_autofree char *x = g_strdup_printf ("%d", x0 + (x1 - x0) * step / 12);
        g_autofree char *y = g_strdup_printf ("%d", y0 + (y1 - y0) * step / 12);

        xdotool ((const char *[]) { "mousemove", x, y, NULL });
        iterate (40);
      }
    iterate (200);
    xdotool ((const char *[]) { "mouseup", "1", NULL });
    WAIT_FOR (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len > plays, 20);
    g_assert_true (cassino_move_equal (&g_array_index (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays,
                                                       CassinoPlay, plays).move, &capture));
  }

  /* Ctrl+Z: the capture taken back, once the computer has answered */
  wait_for_turn (f);
  g_assert_true (cassino_game_controller_can_undo (f->controller));
  xdotool ((const char *[]) { "windowfocus", "--sync", xid, "key", "ctrl+z", NULL });
  WAIT_FOR (cassino_game_controller_get_undo_used (f->controller), 20);
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len, ==,
                    plays_before_drag);
}

/* With "confirm moves" on, every way of making a move asks first: a
 * double click, a drop, Play. */
static void
test_confirm_moves (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GArray) moves = NULL;
  AdwMessageDialog *dialog;
  const CassinoMove *move;
  guint plays;

  g_settings_set_boolean (f->settings, "confirm-moves", TRUE);
  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 99, NULL));
  wait_for_turn (f);
  moves = legal_moves (f);
  move = &g_array_index (moves, CassinoMove, 0);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;

  /* a double click on a hand card: asked, and "Cancel" plays nothing */
  {
    CassinoPlayResult result = cassino_game_controller_play_card (f->controller, move->card);

    g_assert_true (result == CASSINO_PLAY_CONFIRM || result == CASSINO_PLAY_CHOOSE);
    if (result == CASSINO_PLAY_CHOOSE)
      g_assert_true (cassino_game_controller_play_candidate (f->controller, 0));
  }
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) != NULL, 10);
  dialog = find_message_dialog (GTK_WINDOW (f->window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Play This Move?");
  g_assert_true (cassino_game_controller_has_pending_move (f->controller));
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) == NULL, 10);
  g_assert_false (cassino_game_controller_has_pending_move (f->controller));
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len, ==, plays);

  /* a drop onto the table (or a trail): asked, and "Play" plays it */
  cassino_game_controller_clear_selection (f->controller);
  {
    CassinoPlayResult result = cassino_game_controller_drop_card (f->controller, move->card,
                                                                  move->type == CASSINO_MOVE_TRAIL ? 0 : move->set);

    if (result == CASSINO_PLAY_CHOOSE)
      {
        GArray *candidates = cassino_game_controller_get_candidates (f->controller);

        for (guint i = 0; i < candidates->len; i++)
          if (cassino_move_equal (&g_array_index (candidates, CassinoMove, i), move))
            g_assert_true (cassino_game_controller_play_candidate (f->controller, i));
      }
    else
      g_assert_cmpint (result, ==, CASSINO_PLAY_CONFIRM);
  }
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) != NULL, 10);
  dialog = find_message_dialog (GTK_WINDOW (f->window));
  adw_message_dialog_response (dialog, "play");
  gtk_window_close (GTK_WINDOW (dialog));
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len, ==, plays + 1);
  g_settings_set_boolean (f->settings, "confirm-moves", FALSE);
}

/* Software drawing when there is no graphics device. */
static void
test_lacks_gpu (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cassino-dri-XXXXXX", NULL);
  g_autofree char *node = g_build_filename (dir, "renderD128", NULL);
  g_autofree char *by_path = g_build_filename (dir, "by-path", NULL);

  g_assert_true (cassino_application_lacks_gpu ("/nonexistent/dri"));
  g_assert_true (cassino_application_lacks_gpu (dir));
  g_assert_cmpint (g_mkdir (by_path, 0755), ==, 0);
  g_assert_true (cassino_application_lacks_gpu (dir));
  g_assert_true (g_file_set_contents (node, "", 0, NULL));
  g_assert_false (cassino_application_lacks_gpu (dir));
  g_unlink (node);
  g_rmdir (by_path);
  g_rmdir (dir);
}

/* With no unfinished game, the app deals the default game at once. */
static void
test_default_game (Fixture       *f,
                   gconstpointer  data)
{
  const CassinoGame *game;
  const CassinoRules *r;

  open_window (f);
  g_assert_true (cassino_game_controller_has_game (f->controller));
  game = cassino_game_controller_get_game (f->controller);
  r = cassino_game_get_rules (game);
  g_assert_cmpint (r->preset, ==, CASSINO_PRESET_CLASSIC);
  g_assert_cmpuint (r->n_players, ==, 2);
  g_assert_cmpint (cassino_game_get_seat (game, 0)->kind, ==, CASSINO_SEAT_HUMAN);
  g_assert_cmpstr (cassino_game_get_seat (game, 0)->name, ==, "Tess");
  g_assert_cmpint (cassino_game_get_seat (game, 1)->kind, ==, CASSINO_SEAT_COMPUTER);
  g_assert_cmpstr (cassino_game_get_seat (game, 1)->level, ==, "medium");
}

/* The new game dialog lists every rule option and remembers the choice. */
static void
test_new_game_dialog (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
  g_autoptr(CassinoGameSetup) chosen = NULL;
  g_autoptr(GError) error = NULL;
  CassinoNewGameDialog *dialog;
  g_autofree char *json = NULL;
  guint n_options = g_strv_length ((char **) cassino_rules_option_names ());

  open_window (f);
  g_settings_set_string (f->settings, "last-game",
                         "{\"rules\":{\"preset\":\"american\",\"sweeps\":false},\"players\":2,"
                         "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"computer\",\"level\":\"hard\"}],"
                         "\"format\":\"single\"}");
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (f->app), "new-game"));
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  iterate (50);
  dialog = NULL;
  {
    GListModel *toplevels = gtk_window_get_toplevels ();

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

        if (CASSINO_IS_NEW_GAME_DIALOG (w))
          dialog = CASSINO_NEW_GAME_DIALOG (w);
      }
  }
  g_assert_nonnull (dialog);
  (void) setup;
  /* Enter deals: the keyboard starts on Deal, the default (it started on
   * Cancel, and Enter closed the window), and Enter in a name deals */
  {
    GtkWidget *deal = ui_test_find_button (GTK_WIDGET (dialog), "_Deal");
    g_autoptr(GPtrArray) rows = g_ptr_array_new ();

    g_assert_nonnull (deal);
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (dialog)) == deal);
    g_assert_true (gtk_window_get_default_widget (GTK_WINDOW (dialog)) == deal);
    ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
    g_assert_cmpuint (rows->len, >=, CASSINO_MAX_PLAYERS);
    for (guint i = 0; i < rows->len; i++)
      g_assert_true (adw_entry_row_get_activates_default (rows->pdata[i]));
  }

  g_assert_cmpuint (cassino_new_game_dialog_get_n_option_rows (dialog), ==, n_options);
  chosen = cassino_new_game_dialog_get_setup (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpint (chosen->preset, ==, CASSINO_PRESET_AMERICAN);
  g_assert_cmpint (chosen->format, ==, CASSINO_FORMAT_SINGLE);
  g_assert_nonnull (strstr (chosen->options, "\"sweeps\":false"));
  g_assert_cmpint (chosen->seats[1].level, ==, CASSINO_LEVEL_HARD);

  /* a seat's name from the player list: Tess played the game dealt at
   * start, so she is in it; picking her makes the seat hers */
  {
    g_autoptr(GPtrArray) menus = g_ptr_array_new ();
    g_autoptr(GPtrArray) people = g_ptr_array_new ();
    g_autoptr(CassinoGameSetup) picked = NULL;
    GtkWidget *popover;

    ui_test_collect (GTK_WIDGET (dialog), GTK_TYPE_MENU_BUTTON, menus);
    for (guint i = menus->len; i-- > 0;)
      if (g_strcmp0 (gtk_widget_get_tooltip_text (menus->pdata[i]), "Choose a Player") != 0)
        g_ptr_array_remove_index (menus, i);
    g_assert_cmpuint (menus->len, ==, CASSINO_MAX_PLAYERS);
    /* (the players are listed on the database thread) */
    WAIT_FOR (gtk_widget_get_visible (menus->pdata[1]), 10);
    popover = GTK_WIDGET (gtk_menu_button_get_popover (menus->pdata[1]));
    ui_test_collect (popover, GTK_TYPE_BUTTON, people);
    g_assert_cmpuint (people->len, ==, 1);
    g_assert_cmpstr (gtk_button_get_label (people->pdata[0]), ==, "Tess");
    g_signal_emit_by_name (people->pdata[0], "clicked");
    /* seat 1 is Tess's already: Deal refuses two seats of one name */
    picked = cassino_new_game_dialog_get_setup (dialog, &error);
    g_assert_null (picked);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
    /* seat 1 named otherwise, seat 2 is hers */
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      GtkEditable *first = NULL;

      ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
      for (guint i = 0; i < rows->len && first == NULL; i++)
        if (g_strcmp0 (gtk_editable_get_text (rows->pdata[i]), "Tess") == 0)
          first = rows->pdata[i];
      g_assert_nonnull (first);
      gtk_editable_set_text (first, "Ulla");
    }
    picked = cassino_new_game_dialog_get_setup (dialog, &error);
    g_assert_no_error (error);
    g_assert_cmpint (picked->seats[1].kind, ==, CASSINO_SEAT_HUMAN);
    g_assert_cmpstr (picked->seats[1].name, ==, "Tess");
    g_assert_cmpstr (picked->seats[0].name, ==, "Ulla");
  }

  /* starting from the dialog deals that game and remembers it; the
   * keyboard goes to the hand (it stayed on the New Game button that
   * opened the dialog, and Space opened it again) */
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
    GtkWidget *plus = NULL;

    ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_actionable_get_action_name (buttons->pdata[i]), "app.new-game") == 0 &&
          gtk_widget_get_mapped (buttons->pdata[i]))
        plus = buttons->pdata[i];
    g_assert_nonnull (plus);
    gtk_widget_grab_focus (plus);
    g_assert_true (gtk_window_get_focus (GTK_WINDOW (f->window)) == plus);
  }
  g_settings_set_string (f->settings, "last-game", "{}");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate (50);
  {
    GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (f->window));

    g_assert_true (CASSINO_IS_CARD_WIDGET (focus));
    g_assert_true (cassino_table_view_get_hand_card (cassino_window_get_table_view (f->window),
                                                     cassino_card_widget_get_card (CASSINO_CARD_WIDGET (focus))) ==
                   CASSINO_CARD_WIDGET (focus));
  }
  g_assert_cmpint (cassino_game_get_rules (cassino_game_controller_get_game (f->controller))->preset,
                   ==, CASSINO_PRESET_AMERICAN);
  g_assert_false (cassino_game_get_rules (cassino_game_controller_get_game (f->controller))->sweeps);
  json = g_settings_get_string (f->settings, "last-game");
  g_assert_nonnull (strstr (json, "american"));
  g_assert_nonnull (strstr (json, "single"));
}

/* The widget that shows card @c, in the hand or on the table, and its
 * bounds in @table. */
static CassinoCardWidget *
card_bounds (CassinoTableView *table,
             CassinoCard       c,
             gboolean         *out_in_hand,
             graphene_rect_t  *out_bounds)
{
  CassinoCardWidget *w = cassino_table_view_get_hand_card (table, c);

  if (out_in_hand)
    *out_in_hand = w != NULL;
  if (w == NULL)
    w = cassino_table_view_get_table_item (table, c);
  g_assert_nonnull (w);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (w), GTK_WIDGET (table), out_bounds));
  return w;
}

/* A toast at a phone's width keeps clear of the Play button (toasts lie
 * over the bottom of the window, the view switcher; an overlay of the
 * pages alone, tried so that the switcher stays free, put Scopa's
 * "Scopa! — Anna" over Play at every sweep). */
static void
check_toast_clear_of_play (Fixture *f)
{
  g_autoptr(GPtrArray) overlays = g_ptr_array_new ();
  GtkWidget *toast_widget = NULL;
  GtkWidget *play = ui_test_find_button (GTK_WIDGET (f->window), "_Play");
  graphene_rect_t toast_r, play_r;
  AdwToast *toast;

  ui_test_collect (GTK_WIDGET (f->window), ADW_TYPE_TOAST_OVERLAY, overlays);
  g_assert_cmpuint (overlays->len, ==, 1);
  g_assert_nonnull (play);
  g_assert_true (gtk_widget_get_mapped (play));
  toast = adw_toast_new ("Scopa! — Anna, a name of some length");
  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (overlays->pdata[0], g_object_ref (toast));
  for (guint tries = 0; toast_widget == NULL && tries < 200; tries++)
    {
      iterate (10);
      for (GtkWidget *c = gtk_widget_get_first_child (overlays->pdata[0]); c; c = gtk_widget_get_next_sibling (c))
        if (g_str_equal (G_OBJECT_TYPE_NAME (c), "AdwToastWidget") && gtk_widget_get_mapped (c))
          toast_widget = c;
    }
  g_assert_nonnull (toast_widget);
  iterate (400); /* (it slides in) */
  g_assert_true (gtk_widget_compute_bounds (toast_widget, GTK_WIDGET (f->window), &toast_r));
  g_assert_true (gtk_widget_compute_bounds (play, GTK_WIDGET (f->window), &play_r));
  g_test_message ("toast y %.0f–%.0f, Play y %.0f–%.0f, window %d", toast_r.origin.y,
                  toast_r.origin.y + toast_r.size.height, play_r.origin.y, play_r.origin.y + play_r.size.height,
                  gtk_widget_get_height (GTK_WIDGET (f->window)));
  g_assert_cmpfloat (toast_r.size.height, >, 0);
  g_assert_false (graphene_rect_intersection (&toast_r, &play_r, NULL));
  adw_toast_dismiss (toast);
  g_object_unref (toast);
}

/* From 360 px wide: the hand and the table fit. */
static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  CassinoTableView *table;
  const CassinoPosition *pos;
  CassinoCard c;
  int width;

  open_window (f);
  ui_test_resize (GTK_WINDOW (f->window), 360, 700);
  table = cassino_window_get_table_view (f->window);
  width = gtk_widget_get_width (GTK_WIDGET (table));
  g_assert_cmpint (width, <=, 380);
  wait_for_turn (f);
  iterate (100);
  pos = pos_of (f);
  CASSINO_CARDS_FOREACH (c, pos->hands[cassino_game_controller_get_viewer (f->controller)] | pos->loose)
    {
      graphene_rect_t r;

      card_bounds (table, c, NULL, &r);
      g_assert_cmpfloat (r.origin.x, >=, 0);
      g_assert_cmpfloat (r.origin.x + r.size.width, <=, width + 0.5);
      g_assert_cmpfloat (r.size.width, >=, 40);
    }
  check_toast_clear_of_play (f);
}

/* A phone's window, 360 × 640 (a 360 × 720 screen less its top bar and
 * more): the window takes that height (the table asked for 420 px, and the
 * window stayed taller than the screen), every card lies inside the
 * table, and the table's cards are about as large as the hand's (they
 * were a strip of small ones beneath a hand a third of the height).  With
 * four players the three others stand side by side along the top, each
 * small (their subtitles took 200 px, and the table's cards lay over the
 * player's own panel). */
/* The window @want_w × @want_h (or as near as it can be): every card of the hand and the table lies
 * inside the table view and on no player's panel; the height of the
 * hand's largest card and the table's smallest. */
static void
check_cards_fit (Fixture *f,
                 int      want_w,
                 int      want_h,
                 double  *out_hand_h,
                 double  *out_table_h)
{
  CassinoTableView *table = cassino_window_get_table_view (f->window);
  g_autoptr(GPtrArray) panels = g_ptr_array_new ();
  const CassinoPosition *pos;
  CassinoCard c;
  int width, height;

  *out_hand_h = 0;
  *out_table_h = G_MAXDOUBLE;
  ui_test_resize (GTK_WINDOW (f->window), want_w, want_h);
  wait_for_turn (f);
  /* (with the tutorial's banner the window cannot be less than about
   * 600 px high at this width) */
  WAIT_FOR (gtk_widget_get_height (GTK_WIDGET (f->window)) <= MAX (want_h, 640), 10);
  iterate (100);
  g_test_message ("window %d × %d", gtk_widget_get_width (GTK_WIDGET (f->window)),
                  gtk_widget_get_height (GTK_WIDGET (f->window)));
  width = gtk_widget_get_width (GTK_WIDGET (table));
  height = gtk_widget_get_height (GTK_WIDGET (table));
  pos = pos_of (f);
  g_assert_cmpuint (cassino_cards_count (pos->loose), >, 0);
  ui_test_collect (GTK_WIDGET (table), CASSINO_TYPE_SEAT_PANEL, panels);
  g_assert_cmpuint (panels->len, ==, cassino_game_get_rules (cassino_game_controller_get_game (f->controller))->n_players);
  CASSINO_CARDS_FOREACH (c, pos->hands[cassino_game_controller_get_viewer (f->controller)] | pos->loose)
    {
      gboolean in_hand;
      graphene_rect_t r, card;
      CassinoCardWidget *w = card_bounds (table, c, &in_hand, &r);

      g_assert_cmpfloat (r.origin.x, >=, 0);
      g_assert_cmpfloat (r.origin.y, >=, 0);
      g_assert_cmpfloat (r.origin.x + r.size.width, <=, width + 0.5);
      g_assert_cmpfloat (r.origin.y + r.size.height, <=, height + 0.5);
      /* on no player's panel */
      for (guint i = 0; i < panels->len; i++)
        {
          graphene_rect_t p;

          g_assert_true (gtk_widget_compute_bounds (panels->pdata[i], GTK_WIDGET (table), &p));
          graphene_rect_inset (&p, 1, 1);
          g_assert_false (graphene_rect_intersection (&r, &p, NULL));
        }
      cassino_card_widget_get_card_rect (w, &card);
      if (in_hand)
        *out_hand_h = MAX (*out_hand_h, card.size.height);
      else
        *out_table_h = MIN (*out_table_h, card.size.height);
    }
  g_test_message ("hand cards %.0f px high, table cards %.0f px", *out_hand_h, *out_table_h);
}


/* A phone's window, 360 × 640, with the tutorial's banner, a hint in the
 * action bar and every text as long as the German one (the longest of
 * the translations): the action bar's words lie wholly above the view
 * switcher.  The table asked for 340 px at least, and at this size the
 * window's content was taller than the window: the hint's last line
 * lay under the switcher. */
static void
test_phone_long_texts (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_BEGINNER, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *felt = NULL, *prompt = NULL, *banner = NULL;
  graphene_rect_t felt_r, prompt_r;
  CassinoMove hint;
  int min, nat;

  g_settings_reset (f->settings, "tutorial-offered");
  open_window (f);
  cassino_game_controller_set_move_delay (f->controller, 0);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, &error));
  g_assert_no_error (error);
  ui_test_resize (GTK_WINDOW (f->window), 360, 640);
  wait_for_turn (f);
  cassino_game_controller_request_hint (f->controller);
  WAIT_FOR (cassino_game_controller_get_hint (f->controller, &hint), 30);
  iterate (100);

  /* the German words, as long as any translation's */
  ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *l = labels->pdata[i];

      if (g_str_has_prefix (gtk_label_get_text (l), "New to Cassino?"))
        {
          banner = GTK_WIDGET (l);
          gtk_label_set_text (l, "Neu bei Cassino? Lernen Sie es in kurzen Lektionen an echten Runden.");
        }
      else if (gtk_widget_has_css_class (GTK_WIDGET (l), "action-text"))
        gtk_label_set_text (l, "7♥ + A♥ mit B♦ nehmen");
      else if (gtk_widget_has_css_class (GTK_WIDGET (l), "prompt-text"))
        {
          prompt = GTK_WIDGET (l);
          gtk_label_set_text (l, "Tipp: A♥ 7♥ mit B♦ nehmen: 3 Karten.");
        }
    }
  g_assert_nonnull (banner);
  g_assert_nonnull (prompt);
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

    ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Tutorial") == 0)
        gtk_button_set_label (buttons->pdata[i], "_Einführung");
      else if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Play") == 0)
        gtk_button_set_label (buttons->pdata[i], "_Spielen");
  }
  g_assert_true (gtk_widget_is_visible (banner) && gtk_widget_is_visible (prompt));
  iterate (200);
  ui_test_resize (GTK_WINDOW (f->window), 360, 640);
  iterate (200);
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (banner))), >=, 4);
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (prompt))), >=, 2);

  felt = gtk_widget_get_ancestor (prompt, CASSINO_TYPE_FELT);
  g_assert_nonnull (felt);
  g_assert_true (gtk_widget_compute_bounds (felt, GTK_WIDGET (f->window), &felt_r));
  g_assert_true (gtk_widget_compute_bounds (prompt, GTK_WIDGET (f->window), &prompt_r));
  gtk_widget_measure (felt, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (felt), &min, &nat, NULL, NULL);
  g_test_message ("window %d × %d; the table and action bar %.0f px high, need %d; the hint's words end at %.0f, "
                  "the action bar at %.0f", gtk_widget_get_width (GTK_WIDGET (f->window)),
                  gtk_widget_get_height (GTK_WIDGET (f->window)), felt_r.size.height, min,
                  prompt_r.origin.y + prompt_r.size.height, felt_r.origin.y + felt_r.size.height);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (f->window)), <=, 640);
  g_assert_cmpint (min, <=, (int) felt_r.size.height);
  g_assert_cmpfloat (prompt_r.origin.y + prompt_r.size.height, <=, felt_r.origin.y + felt_r.size.height);
}

/* Every mapped button, drop-down, entry and label of @page lies within
 * the window's width; the first that does not, or NULL. */
static GtkWidget *
first_cut_short (Fixture   *f,
                 GtkWidget *page,
                 int        width)
{
  g_autoptr(GPtrArray) widgets = g_ptr_array_new ();

  ui_test_collect (page, GTK_TYPE_WIDGET, widgets);
  for (guint i = 0; i < widgets->len; i++)
    {
      GtkWidget *w = widgets->pdata[i];
      graphene_rect_t r;

      if (!(GTK_IS_BUTTON (w) || GTK_IS_DROP_DOWN (w) || GTK_IS_LABEL (w) || GTK_IS_SEARCH_ENTRY (w)) ||
          !gtk_widget_get_mapped (w) || gtk_widget_get_ancestor (w, GTK_TYPE_SCROLLED_WINDOW) ||
          !gtk_widget_compute_bounds (w, GTK_WIDGET (f->window), &r))
        continue;
      if (r.origin.x < -0.5 || r.origin.x + r.size.width > width + 0.5)
        {
          g_test_message ("%s “%s” lies at %.0f..%.0f of %d", G_OBJECT_TYPE_NAME (w),
                          GTK_IS_LABEL (w) ? gtk_label_get_text (GTK_LABEL (w)) :
                          GTK_IS_BUTTON (w) && gtk_button_get_label (GTK_BUTTON (w)) ?
                          gtk_button_get_label (GTK_BUTTON (w)) : "",
                          r.origin.x, r.origin.x + r.size.width, width);
          return w;
        }
    }
  return NULL;
}

/* In German (the longest of the translations), with the tutorial's
 * banner, in a phone's window (360 × 640): the table, the history, the
 * statistics and a replay fit, nothing cut off at either side or at the
 * bottom.  The end of a game's replay buttons made the window at least
 * 532 px wide, the history's bar of buttons 397 px, and the replay's
 * controls every page 639 px high (the view switcher along the bottom
 * was cut off).  Run by the test ui-german (LANGUAGE=de, the build
 * tree's translations). */
static void
test_narrow_german (Fixture       *f,
                    gconstpointer  data)
{
  static const char *pages[] = { "table", "history", "statistics", "replay" };
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_BEGINNER, NULL);
  gint64 game_id;

  g_assert_cmpstr (C_("button", "Re_sume"), ==, "_Fortsetzen");   /* German indeed */
  g_settings_reset (f->settings, "tutorial-offered");   /* the banner shown */
  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, &error));
  g_assert_no_error (error);
  WAIT_FOR ((game_id = cassino_game_controller_get_game_id (f->controller)) > 0, 10);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *page;
      int width;

      if (g_str_equal (pages[i], "replay"))
        g_assert_true (cassino_window_open_replay (f->window, game_id, &error));
      else
        cassino_window_set_top_page (f->window, pages[i]);
      g_assert_no_error (error);
      ui_test_resize (GTK_WINDOW (f->window), 360, 640);
      iterate (200);
      width = gtk_widget_get_width (GTK_WIDGET (f->window));
      page = g_str_equal (pages[i], "history") ? GTK_WIDGET (cassino_window_get_history_view (f->window)) :
             g_str_equal (pages[i], "statistics") ? GTK_WIDGET (cassino_window_get_stats_view (f->window)) :
             g_str_equal (pages[i], "replay") ? GTK_WIDGET (cassino_window_get_replay_view (f->window)) :
             GTK_WIDGET (cassino_window_get_table_view (f->window));
      {
        int min_h, nat_h;

        gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_VERTICAL, width, &min_h, &nat_h, NULL, NULL);
        g_test_message ("%s: window %d × %d px, at least %d px high", pages[i], width,
                        gtk_widget_get_height (GTK_WIDGET (f->window)), min_h);
        /* (the view switcher along the bottom was cut off) */
        g_assert_cmpint (min_h, <=, gtk_widget_get_height (GTK_WIDGET (f->window)));
      }
      g_assert_cmpint (width, <=, 370);
      g_assert_null (first_cut_short (f, page, width));
      g_assert_null (first_cut_short (f, GTK_WIDGET (f->window), width));
      /* a field's placeholder whole ("Nach Name su…" in History) */
      {
        g_autoptr(GPtrArray) texts = g_ptr_array_new ();
        guint checked = 0;

        ui_test_collect (page, GTK_TYPE_TEXT, texts);
        for (guint k = 0; k < texts->len; k++)
          {
            const char *placeholder = gtk_text_get_placeholder_text (texts->pdata[k]);
            g_autoptr(PangoLayout) layout = NULL;
            int w, h;

            if (placeholder == NULL || !gtk_widget_get_mapped (texts->pdata[k]))
              continue;
            layout = gtk_widget_create_pango_layout (texts->pdata[k], placeholder);
            pango_layout_get_pixel_size (layout, &w, &h);
            g_test_message ("%s: placeholder “%s”: %d px in %d", pages[i], placeholder, w,
                            gtk_widget_get_width (texts->pdata[k]));
            g_assert_cmpint (gtk_widget_get_width (texts->pdata[k]), >=, w);
            checked++;
          }
        if (g_str_equal (pages[i], "history"))
          g_assert_cmpuint (checked, ==, 1);
      }
      /* the header's title whole: the deal, the name giving way ("Cas…"
       * over "Classi…").  With GNOME's window buttons (close only; GTK's
       * own default adds minimize and maximize, and leaves room for no
       * word at 360 px) */
      if (g_str_equal (pages[i], "table"))
        {
          GtkSettings *settings = gtk_settings_get_default ();
          g_autofree char *layout = NULL;
          GtkWidget *deal;

          g_object_get (settings, "gtk-decoration-layout", &layout, NULL);
          g_object_set (settings, "gtk-decoration-layout", "appmenu:close", NULL);
          iterate (100);
          deal = ui_test_find_mapped_label (GTK_WIDGET (f->window), "Runde 1");
          g_assert_nonnull (deal);
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (deal))));
          g_assert_null (ui_test_find_mapped_label (GTK_WIDGET (f->window), "Cassino"));
          g_object_set (settings, "gtk-decoration-layout", layout, NULL);
          iterate (50);
        }
    }

  /* the new game dialog: every value its rows show is whole ("Bis zum
   * Ziel" showed "Bis zum") */
  {
    CassinoNewGameDialog *dialog;
    guint checked = 0, wrapped = 0;

    g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
    WAIT_FOR ((dialog = ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG)) &&
              gtk_widget_get_mapped (GTK_WIDGET (dialog)), 10);
    ui_test_resize (GTK_WINDOW (dialog), 360, 640);
    iterate (200);
    ui_test_rows_whole (GTK_WIDGET (dialog), &checked, &wrapped);
    g_assert_cmpuint (checked, >=, 4);
    g_assert_cmpuint (wrapped, >=, 1);   /* (the descriptions) */
    /* and each seat's row shows its title and name whole, beside who
     * plays it ("Platz 2" showed "Pla…" beside "Computer · Mittel"): the
     * drop-down shows an icon and the level */
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      guint seats = 0;

      ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
      for (guint i = 0; i < rows->len; i++)
        {
          g_autoptr(GPtrArray) labels = g_ptr_array_new ();
          g_autoptr(GPtrArray) texts = g_ptr_array_new ();
          g_autoptr(GPtrArray) kinds = g_ptr_array_new ();

          if (!gtk_widget_get_mapped (rows->pdata[i]))
            continue;
          ui_test_collect (rows->pdata[i], GTK_TYPE_LABEL, labels);
          for (guint k = 0; k < labels->len; k++)
            if (gtk_widget_get_mapped (labels->pdata[k]))
              {
                g_test_message ("seat row label “%s”", gtk_label_get_text (labels->pdata[k]));
                g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (labels->pdata[k])));
              }
          ui_test_collect (rows->pdata[i], GTK_TYPE_TEXT, texts);
          for (guint k = 0; k < texts->len; k++)
            {
              const char *name = gtk_editable_get_text (texts->pdata[k]);
              g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (texts->pdata[k], name);
              int w, h;

              pango_layout_get_pixel_size (layout, &w, &h);
              g_test_message ("seat name “%s”: %d px in %d", name, w, gtk_widget_get_width (texts->pdata[k]));
              g_assert_cmpint (gtk_widget_get_width (texts->pdata[k]), >=, w);
            }
          ui_test_collect (rows->pdata[i], GTK_TYPE_DROP_DOWN, kinds);
          g_assert_cmpuint (kinds->len, ==, 1);
          seats++;
        }
      g_assert_cmpuint (seats, >=, 2);
    }
    /* the advanced rules' choices: short enough for their one line
     * ("Reihum zählen, Erster gewinnt" showed "Reihum zählen, Erster g…") */
    {
      static const char *names[] = { "deck", "court_values", "court_capture", "ace_values", "big_cassino_values",
                                     "little_cassino_values", "last_cards", "scoring", "game_scoring", "at_target" };
      guint choices = 0;

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          GtkWidget *row = cassino_new_game_dialog_get_option_row (dialog, names[i]);
          GListModel *model;

          g_assert_true (ADW_IS_COMBO_ROW (row));
          model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
          for (guint k = 0; k < g_list_model_get_n_items (model); k++)
            {
              g_autoptr(GtkStringObject) item = g_list_model_get_item (model, k);
              const char *text = gtk_string_object_get_string (item);

              g_test_message ("%s: “%s”", names[i], text);
              g_assert_cmpint (g_utf8_strlen (text, -1), <=, 24);
              choices++;
            }
        }
      g_assert_cmpuint (choices, >=, 20);
      {
        GtkWidget *row = cassino_new_game_dialog_get_option_row (dialog, "at_target");
        g_autoptr(GtkStringObject) first = g_list_model_get_item (adw_combo_row_get_model (ADW_COMBO_ROW (row)), 0);

        g_assert_cmpstr (gtk_string_object_get_string (first), ==, "Zählfolge");
      }
    }
    /* each game family's name whole on its row ("Griechisch: Xeri und …",
     * "Italienisch: Scopa und Sc…") */
    {
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      AdwComboRow *game = NULL;

      ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
      for (guint i = 0; i < rows->len && !game; i++)
        if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "Sp_iel") == 0)
          game = rows->pdata[i];
      g_assert_nonnull (game);
      for (guint i = 0; i < g_list_model_get_n_items (adw_combo_row_get_model (game)); i++)
        {
          g_autoptr(GtkStringObject) item = g_list_model_get_item (adw_combo_row_get_model (game), i);
          g_autoptr(GPtrArray) labels = g_ptr_array_new ();
          guint seen = 0;

          adw_combo_row_set_selected (game, i);
          iterate (50);
          ui_test_collect (GTK_WIDGET (game), GTK_TYPE_LABEL, labels);
          for (guint k = 0; k < labels->len; k++)
            if (gtk_widget_get_mapped (labels->pdata[k]) &&
                g_strcmp0 (gtk_label_get_text (labels->pdata[k]), gtk_string_object_get_string (item)) == 0)
              {
                g_test_message ("game family “%s”", gtk_label_get_text (labels->pdata[k]));
                g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (labels->pdata[k])));
                seen++;
              }
          g_assert_cmpuint (seen, ==, 1);
        }
    }
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  /* the other windows of the menu */
  {
    static const char *actions[] = { "app.preferences", "win.tutorial", "win.daily", "win.puzzles",
                                     "win.players", "win.rubbers" };

    for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
      {
        g_autoptr(GList) before = gtk_window_list_toplevels ();
        GtkWindow *opened = NULL;
        int width, min_h, nat_h;

        g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), actions[i], NULL));
        for (gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
             opened == NULL && g_get_monotonic_time () < end; )
          {
            g_autoptr(GList) now = NULL;

            iterate (10);
            now = gtk_window_list_toplevels ();
            for (GList *l = now; l; l = l->next)
              if (!g_list_find (before, l->data) && gtk_widget_get_mapped (l->data) &&
                  !GTK_IS_TOOLTIP (l->data) && GTK_IS_WINDOW (l->data) && l->data != (gpointer) f->window &&
                  gtk_window_get_transient_for (l->data) == GTK_WINDOW (f->window))
                opened = l->data;
          }
        g_assert_nonnull (opened);
        ui_test_resize (opened, 360, 640);
        iterate (200);
        width = gtk_widget_get_width (GTK_WIDGET (opened));
        gtk_widget_measure (GTK_WIDGET (opened), GTK_ORIENTATION_VERTICAL, width, &min_h, &nat_h, NULL, NULL);
        g_test_message ("%s: %s %d × %d px, at least %d px high", actions[i], G_OBJECT_TYPE_NAME (opened), width,
                        gtk_widget_get_height (GTK_WIDGET (opened)), min_h);
        g_assert_cmpint (width, <=, 370);
        g_assert_cmpint (min_h, <=, gtk_widget_get_height (GTK_WIDGET (opened)));
        g_assert_null (first_cut_short (f, GTK_WIDGET (opened), width));
        gtk_window_destroy (opened);
        iterate (20);
      }
  }
}

static void
test_phone (Fixture       *f,
            gconstpointer  data)
{
  /* players, and 10 + players: the tutorial was offered before (no banner) */
  guint n_players = GPOINTER_TO_UINT (data) % 10;
  gboolean banner = GPOINTER_TO_UINT (data) < 10;
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_BEGINNER, NULL);
  g_autoptr(GError) error = NULL;
  double hand_h, table_h;

  if (banner)
    g_settings_reset (f->settings, "tutorial-offered");
  else
    g_settings_set_boolean (f->settings, "tutorial-offered", TRUE);
  open_window (f);
  cassino_game_controller_set_move_delay (f->controller, 0);
  setup->n_players = n_players;
  for (guint i = 2; i < n_players; i++)
    {
      setup->seats[i].kind = CASSINO_SEAT_COMPUTER;
      setup->seats[i].level = CASSINO_LEVEL_BEGINNER;
      setup->seats[i].name = g_strdup_printf ("Computer %u", i);
    }
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, &error));
  g_assert_no_error (error);

  check_cards_fit (f, 360, 640, &hand_h, &table_h);
  /* (five cards in a row of 360 px: smaller there) */
  g_assert_cmpfloat (table_h, >=, 40);
  g_assert_cmpfloat (hand_h, >=, 50);

  /* with four players the others along the top are small: their cards in
   * hand in words ("4 in hand"), no card back, no subtitle (they were
   * 120 px high and more, and left the table a strip of small cards) */
  if (n_players == 4)
    {
      CassinoTableView *table = cassino_window_get_table_view (f->window);
      g_autoptr(GPtrArray) panels = g_ptr_array_new ();
      guint viewer = cassino_game_controller_get_viewer (f->controller);
      const CassinoPosition *pos = pos_of (f);
      guint others = 0;

      ui_test_collect (GTK_WIDGET (table), CASSINO_TYPE_SEAT_PANEL, panels);
      for (guint i = 0; i < panels->len; i++)
        {
          g_autoptr(GPtrArray) labels = g_ptr_array_new ();
          g_autofree char *count = NULL;
          int h = gtk_widget_get_height (panels->pdata[i]);
          gboolean said = FALSE;
          guint seat = G_MAXUINT;

          ui_test_collect (panels->pdata[i], GTK_TYPE_LABEL, labels);
          for (guint k = 0; k < labels->len; k++)
            if (gtk_widget_get_mapped (labels->pdata[k]))
              for (guint t = 0; t < n_players; t++)
                if (g_strcmp0 (gtk_label_get_label (labels->pdata[k]),
                               cassino_game_controller_get_seat_name (f->controller, t)) == 0)
                  seat = t;
          if (seat == viewer || seat == G_MAXUINT)
            continue;
          others++;
          count = g_strdup_printf ("%u in hand", cassino_cards_count (pos->hands[seat]));
          for (guint k = 0; k < labels->len; k++)
            if (gtk_widget_get_mapped (labels->pdata[k]) &&
                g_strcmp0 (gtk_label_get_label (labels->pdata[k]), count) == 0)
              said = TRUE;
          g_test_message ("seat %u: %d px high, “%s” %s", seat, h, count, said ? "shown" : "not shown");
          g_assert_true (said);
          g_assert_cmpint (h, <=, 100);
        }
      g_assert_cmpuint (others, ==, 3);
    }

  /* shorter still, where the height limits the cards and not the width
   * (with the tutorial's banner or without it, as earlier tests left it):
   * the table's cards as large as the hand's, about */
  if (n_players == 2)
    {
      check_cards_fit (f, 360, 560, &hand_h, &table_h);
      g_assert_cmpfloat (table_h, >=, 0.8 * hand_h);
    }
}

/* A deal of Classic from the cards the eldest hand (seat 0) and the table
 * should get (4 each, seat 1 deals): the rest of the deck in order. */
static CassinoDeal *
deal_with_cards (const char *hand,
                 const char *other,
                 const char *table)
{
  CassinoDeal *deal = g_new0 (CassinoDeal, 1);
  CassinoCards h = 0, o = 0, t = 0, used;
  CassinoCard c;
  guint8 first[12];
  guint n = 0;

  g_assert_true (cassino_cards_parse (hand, &h, NULL));
  g_assert_true (cassino_cards_parse (other, &o, NULL));
  g_assert_true (cassino_cards_parse (table, &t, NULL));
  used = h | o | t;
  g_assert_cmpuint (cassino_cards_count (used), ==, 12);
  /* four rounds of one card: eldest, dealer, table */
  for (guint round = 0; round < 4; round++)
    {
      CassinoCards *sets[] = { &h, &o, &t };

      for (guint k = 0; k < 3; k++)
        {
          c = cassino_cards_first (*sets[k]);
          *sets[k] &= ~CASSINO_CARD_BIT (c);
          first[n++] = (guint8) c;
        }
    }
  deal->number = 1;
  deal->dealer = 1;
  memcpy (deal->deck, first, n);
  for (c = 0; c < 52; c++)
    if (!(used & CASSINO_CARD_BIT (c)))
      deal->deck[n++] = (guint8) c;
  deal->deck_len = n;
  return deal;
}

/* Issue 14: a hint names one move; Play then plays exactly that move, with
 * no "Which move?" chooser, even where the hinted cards make several moves
 * (4♣ on 4♥: take it, build 8 for the 8♠, or a multiple build of 4). */
static void
test_hint_then_play (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, "classic");
  g_autofree CassinoDeal *deal = deal_with_cards ("4d 4c 8s Kh", "2c 3d 6h 7s", "4h Qc 9d Ks");
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GError) error = NULL;
  CassinoTableView *table;
  const CassinoDeal *current;
  CassinoMove hint;
  guint fitting = 0;

  open_window (f);
  table = cassino_window_get_table_view (f->window);
  g_assert_true (cassino_game_controller_start_deal (f->controller, setup, deal, &error));
  g_assert_no_error (error);
  wait_for_turn (f);
  g_assert_true (cassino_game_controller_is_human_turn (f->controller));
  g_assert_cmphex (pos_of (f)->hands[0], ==, test_cards ("4d 4c 8s Kh"));

  activate (f, "win.hint");
  WAIT_FOR (cassino_game_controller_get_hint (f->controller, &hint), 60);
  g_assert_nonnull (strstr (cassino_game_controller_get_hint_text (f->controller), "Hint: "));

  /* the hinted card and table cards make more than one move */
  moves = legal_moves (f);
  for (guint i = 0; i < moves->len; i++)
    {
      const CassinoMove *m = &g_array_index (moves, CassinoMove, i);

      if (m->card == hint.card && m->set == hint.set && m->type != CASSINO_MOVE_CLAIM)
        fitting++;
    }
  g_assert_cmpuint (fitting, >, 1);
  g_assert_cmpuint (cassino_game_controller_get_candidates (f->controller)->len, ==, 1);
  {
    g_autofree char *expected = cassino_move_text_describe (pos_of (f), &hint);

    g_assert_cmpstr (cassino_window_get_action_text (f->window), ==, expected);
  }

  /* the same cards chosen again by hand (after Escape) make every move
   * they make, not the hint's alone: a build is not hidden by a hint */
  cassino_game_controller_clear_selection (f->controller);
  g_assert_true (cassino_game_controller_select_card (f->controller, hint.card));
  {
    CassinoCard c;

    CASSINO_CARDS_FOREACH (c, hint.set)
      g_assert_true (cassino_game_controller_toggle_item (f->controller, CASSINO_CARD_BIT (c)));
  }
  g_assert_cmphex (cassino_game_controller_get_chosen (f->controller), ==, hint.set);
  g_assert_cmpuint (cassino_game_controller_get_candidates (f->controller)->len, ==, fitting);
  {
    g_autofree char *expected = g_strdup_printf ("%u moves fit: choose one", fitting);

    g_assert_cmpstr (cassino_window_get_action_text (f->window), ==, expected);
  }

  /* asked again, the hint makes its selection and names its one move */
  activate (f, "win.hint");
  WAIT_FOR (cassino_game_controller_get_candidates (f->controller)->len == 1, 60);
  g_assert_true (cassino_game_controller_get_hint (f->controller, &hint));

  activate (f, "win.play");
  g_assert_false (cassino_table_view_is_chooser_visible (table));
  current = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
  g_assert_cmpuint (current->plays->len, >=, 1);
  g_assert_cmpuint (g_array_index (current->plays, CassinoPlay, 0).seat, ==, 0);
  g_assert_true (cassino_move_equal (&g_array_index (current->plays, CassinoPlay, 0).move, &hint));
}

static const char four_players[] =
  "{\"rules\":\"classic\",\"players\":4,\"seats\":[{\"kind\":\"human\"},"
  "{\"kind\":\"computer\",\"level\":\"easy\",\"name\":\"Bruno\"},"
  "{\"kind\":\"computer\",\"level\":\"easy\",\"name\":\"Carla\"},"
  "{\"kind\":\"computer\",\"level\":\"easy\",\"name\":\"Dario\"}],\"format\":\"single\"}";

/* The panel of the seat at @place among the table's seat panels. */
static GtkWidget *
panel_at (CassinoTableView *table,
          CassinoSeatPlace  place)
{
  g_autoptr(GPtrArray) panels = g_ptr_array_new ();
  GtkWidget *found = NULL;

  ui_test_collect (GTK_WIDGET (table), CASSINO_TYPE_SEAT_PANEL, panels);
  for (guint i = 0; i < panels->len; i++)
    if (cassino_seat_panel_get_place (panels->pdata[i]) == place)
      {
        g_assert_null (found);
        found = panels->pdata[i];
      }
  g_assert_nonnull (found);
  return found;
}

/* A hinted card, lifted and with the keyboard focus, keeps its rings
 * (drawn outside it) clear of the player's panel above the hand where the
 * window has the room (they hid its "spades"); at a phone's size the
 * lifted card itself stays clear (its rings pass behind the panel, drawn
 * over the hand). */
static void
test_hand_rings_clear_panel (Fixture       *f,
                             gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  static const int sizes[][2] = { { 1100, 760 }, { 360, 720 } };
  CassinoTableView *table;
  CassinoMove hint;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 11, NULL));
  wait_for_turn (f);
  table = cassino_window_get_table_view (f->window);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      GtkWidget *card;
      graphene_rect_t panel_b, card_b, face;

      ui_test_resize (GTK_WINDOW (f->window), sizes[s][0], sizes[s][1]);
      WAIT_FOR (!cassino_table_view_is_animating (table), 30);
      iterate (200);
      activate (f, "win.hint");
      WAIT_FOR (cassino_game_controller_get_hint (f->controller, &hint) &&
                cassino_game_controller_get_selected (f->controller) == hint.card, 60);
      iterate (50);
      card = GTK_WIDGET (cassino_table_view_get_hand_card (table, hint.card));
      g_assert_true (gtk_root_get_focus (GTK_ROOT (f->window)) == card);
      g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_NONE), GTK_WIDGET (table), &panel_b));
      g_assert_true (gtk_widget_compute_bounds (card, GTK_WIDGET (table), &card_b));
      cassino_card_widget_get_card_rect (CASSINO_CARD_WIDGET (card), &face);
      /* the lifted face is at the widget's top; its rings reach above it */
      if (s == 0)
        g_assert_cmpfloat (card_b.origin.y + face.origin.y - cassino_card_widget_get_mark_outset (face.size.width),
                           >=, panel_b.origin.y + panel_b.size.height);
      else
        g_assert_cmpfloat (card_b.origin.y + face.origin.y, >=, panel_b.origin.y + panel_b.size.height);
      cassino_game_controller_clear_selection (f->controller);
    }
}

/* Issue 14: with four players and the side panel open, the others sit
 * where they are at the table (not stacked along the top), the tally's
 * partnership headers are whole, and a narrow window keeps them in order
 * with arrows. */
static void
test_four_players_panel (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_from_json (four_players, "Tess", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  CassinoTableView *table;
  graphene_rect_t l, o, r, items = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  const CassinoPosition *pos;
  CassinoCard c;
  gboolean first = TRUE;
  guint headers = 0;

  g_assert_nonnull (setup);
  open_window (f);
  ui_test_resize (GTK_WINDOW (f->window), 1280, 800);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, &error));
  g_assert_no_error (error);
  activate (f, "win.show-log");
  iterate (400);
  table = cassino_window_get_table_view (f->window);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), >=, 1260);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (table)), <, 1000);

  g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_LEFT), GTK_WIDGET (table), &l));
  g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_OPPOSITE), GTK_WIDGET (table), &o));
  g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_RIGHT), GTK_WIDGET (table), &r));
  pos = pos_of (f);
  CASSINO_CARDS_FOREACH (c, pos->loose)
    {
      graphene_rect_t b;

      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (cassino_table_view_get_table_item (table, c)),
                                                GTK_WIDGET (table), &b));
      if (first)
        items = b;
      else
        graphene_rect_union (&items, &b, &items);
      first = FALSE;
    }
  g_assert_false (first);
  /* left of the table's cards, above them, right of them */
  g_assert_cmpfloat (l.origin.x + l.size.width, <=, items.origin.x);
  g_assert_cmpfloat (o.origin.y + o.size.height, <=, items.origin.y);
  g_assert_cmpfloat (r.origin.x, >=, items.origin.x + items.size.width);
  /* the sides beside the cards, the opposite over the table's middle (not
   * the loose cards' middle: the computers may have added cards by now) */
  g_assert_cmpfloat (l.origin.y + l.size.height, >, items.origin.y);
  g_assert_cmpfloat (r.origin.y + r.size.height, >, items.origin.y);
  g_assert_cmpfloat (o.origin.x, <, gtk_widget_get_width (GTK_WIDGET (table)) / 2.0);
  g_assert_cmpfloat (o.origin.x + o.size.width, >, gtk_widget_get_width (GTK_WIDGET (table)) / 2.0);
  g_assert_false (cassino_seat_panel_get_arrow_visible (CASSINO_SEAT_PANEL (panel_at (table, CASSINO_SEAT_PLACE_LEFT))));
  /* the tally's headers: whole partnership names, not cut, and both
   * alike, one name above the other (one wrapped, the other did not) */
  ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      const char *text = gtk_label_get_label (label);
      const char *name;

      if (!gtk_widget_get_mapped (GTK_WIDGET (label)) || !gtk_widget_get_ancestor (GTK_WIDGET (label), GTK_TYPE_GRID))
        continue;
      if (g_strcmp0 (text, "Tess &\nCarla") == 0)
        name = "Tess & Carla";
      else if (g_strcmp0 (text, "Bruno &\nDario") == 0)
        name = "Bruno & Dario";
      else
        continue;
      headers++;
      g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (label)), ==, 2);
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (label)), ==, name);
    }
  g_assert_cmpuint (headers, ==, 2);

  /* 360 px: all along the top, in their order, with arrows */
  ui_test_resize (GTK_WINDOW (f->window), 360, 760);
  activate (f, "win.show-log");
  iterate (600);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (table)), <=, 380);
  g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_LEFT), GTK_WIDGET (table), &l));
  g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_OPPOSITE), GTK_WIDGET (table), &o));
  g_assert_true (gtk_widget_compute_bounds (panel_at (table, CASSINO_SEAT_PLACE_RIGHT), GTK_WIDGET (table), &r));
  g_assert_cmpfloat (l.origin.x + l.size.width, <=, o.origin.x);
  g_assert_cmpfloat (o.origin.x + o.size.width, <=, r.origin.x);
  g_assert_cmpfloat (r.origin.x + r.size.width, <=, gtk_widget_get_width (GTK_WIDGET (table)));
  g_assert_cmpfloat (l.origin.y, ==, o.origin.y);
  g_assert_cmpfloat (r.origin.y, ==, o.origin.y);
  g_assert_true (cassino_seat_panel_get_arrow_visible (CASSINO_SEAT_PANEL (panel_at (table, CASSINO_SEAT_PLACE_LEFT))));
  g_assert_true (cassino_seat_panel_get_arrow_visible (CASSINO_SEAT_PANEL (panel_at (table, CASSINO_SEAT_PLACE_OPPOSITE))));
  g_assert_true (cassino_seat_panel_get_arrow_visible (CASSINO_SEAT_PANEL (panel_at (table, CASSINO_SEAT_PLACE_RIGHT))));
  /* the arrow says it in words too */
  {
    g_autoptr(GPtrArray) images = g_ptr_array_new ();
    gboolean said = FALSE;

    ui_test_collect (panel_at (table, CASSINO_SEAT_PLACE_LEFT), GTK_TYPE_IMAGE, images);
    for (guint i = 0; i < images->len; i++)
      if (gtk_widget_get_mapped (images->pdata[i]) &&
          g_strcmp0 (gtk_widget_get_tooltip_text (images->pdata[i]), "on your left") == 0)
        said = TRUE;
    g_assert_true (said);
  }
}

/* Issue 14: the new game dialog says who partners whom. */
static void
test_new_game_partners (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_from_json (four_players, "Tess", NULL);
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *dialog;
  AdwPreferencesGroup *players = NULL;

  dialog = GTK_WIDGET (cassino_new_game_dialog_new (NULL, setup));
  ui_test_collect (dialog, ADW_TYPE_PREFERENCES_GROUP, groups);
  for (guint i = 0; i < groups->len; i++)
    if (g_strcmp0 (adw_preferences_group_get_title (groups->pdata[i]), "Players") == 0)
      players = groups->pdata[i];
  g_assert_nonnull (players);
  g_assert_cmpstr (adw_preferences_group_get_description (players), ==, "You and Carla against Bruno and Dario");

  /* a new name is said at once */
  ui_test_collect (GTK_WIDGET (players), ADW_TYPE_ENTRY_ROW, rows);
  g_assert_cmpuint (rows->len, >=, 4);
  gtk_editable_set_text (GTK_EDITABLE (rows->pdata[2]), "Chiara");
  g_assert_cmpstr (adw_preferences_group_get_description (players), ==, "You and Chiara against Bruno and Dario");

  /* no partners: nothing said */
  {
    g_autoptr(GPtrArray) rows2 = g_ptr_array_new ();
    g_autoptr(GPtrArray) switches = g_ptr_array_new ();
    GtkWidget *partnerships = NULL;

    ui_test_collect (dialog, ADW_TYPE_ACTION_ROW, rows2);
    for (guint i = 0; i < rows2->len; i++)
      if (g_strcmp0 (adw_preferences_row_get_title (rows2->pdata[i]), "Partners sit opposite") == 0)
        ui_test_collect (rows2->pdata[i], GTK_TYPE_SWITCH, switches);
    g_assert_cmpuint (switches->len, ==, 1);
    partnerships = switches->pdata[0];
    g_assert_true (gtk_switch_get_active (GTK_SWITCH (partnerships)));
    gtk_switch_set_active (GTK_SWITCH (partnerships), FALSE);
    g_assert_cmpstr (adw_preferences_group_get_description (players) ?
                     adw_preferences_group_get_description (players) : "", ==, "");
    gtk_switch_set_active (GTK_SWITCH (partnerships), TRUE);
    g_assert_cmpstr (adw_preferences_group_get_description (players), ==, "You and Chiara against Bruno and Dario");
  }

  /* a name is said as it is typed (the heading is markup: "&" left it
   * empty, with a warning) */
  gtk_editable_set_text (GTK_EDITABLE (rows->pdata[2]), "Chi & <Lu>");
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    gboolean said = FALSE;

    /* (the dialog is not on screen) */
    ui_test_collect (GTK_WIDGET (players), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      said |= g_strcmp0 (gtk_label_get_text (labels->pdata[i]), "You and Chi & <Lu> against Bruno and Dario") == 0;
    g_assert_true (said);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Every template builds. */
static void
test_templates (Fixture       *f,
                gconstpointer  data)
{
  GType types[] = {
    CASSINO_TYPE_SEAT_PANEL,
    CASSINO_TYPE_SCORE_SHEET,
    CASSINO_TYPE_TABLE_VIEW,
    CASSINO_TYPE_CARD_WIDGET,
    CASSINO_TYPE_HISTORY_VIEW,
    CASSINO_TYPE_REPLAY_VIEW,
    CASSINO_TYPE_REVIEW_VIEW,
    CASSINO_TYPE_STATS_VIEW,
  };
  g_autoptr(GtkBuilder) builder = NULL;
  g_auto(GStrv) children = NULL;
  g_autoptr(GError) error = NULL;
  guint n_ui = 0;

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      GtkWidget *widget = g_object_ref_sink (g_object_new (types[i], NULL));
      g_assert_true (GTK_IS_WIDGET (widget));
      g_object_unref (widget);
    }
  {
    GtkWidget *w = GTK_WIDGET (cassino_preferences_window_new (NULL));
    gtk_window_destroy (GTK_WINDOW (w));
  }
  {
    g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
    GtkWidget *w = GTK_WIDGET (cassino_new_game_dialog_new (NULL, setup));
    gtk_window_destroy (GTK_WINDOW (w));
  }
  gtk_window_destroy (GTK_WINDOW (cassino_tutorial_window_new (NULL, f->settings)));
  gtk_window_destroy (GTK_WINDOW (cassino_daily_window_new (NULL, NULL, CASSINO_PRESET_CLASSIC)));
  {
    GtkWidget *w = GTK_WIDGET (cassino_puzzles_window_new (NULL, f->database));
    gtk_window_destroy (GTK_WINDOW (w));
  }
  open_window (f);

  builder = gtk_builder_new_from_resource (APPLICATION_PATH "/gtk/help-overlay.ui");
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay")));
  {
    /* the shortcuts window lists the keys of History and the replay too */
    static const char *const listed[] = { "Left Right Up Down Tab", "Delete", "Left Right", "Home End",
                                          "Escape <Alt>Left", "<Control>f", "action:app.new-game" };
    GSList *objects = gtk_builder_get_objects (builder);

    for (guint i = 0; i < G_N_ELEMENTS (listed); i++)
      {
        gboolean found = FALSE;

        for (GSList *l = objects; l; l = l->next)
          {
            g_autofree char *accel = NULL;
            g_autofree char *action = NULL;

            if (!GTK_IS_SHORTCUTS_SHORTCUT (l->data))
              continue;
            g_object_get (l->data, "accelerator", &accel, "action-name", &action, NULL);
            if (g_str_has_prefix (listed[i], "action:") ? g_strcmp0 (action, listed[i] + 7) == 0
                                                        : g_strcmp0 (accel, listed[i]) == 0)
              found = TRUE;
          }
        if (!found)
          g_error ("the shortcuts window does not list %s", listed[i]);
      }
    g_slist_free (objects);
  }

  /* every .ui of the resource is one of the above */
  children = g_resources_enumerate_children (APPLICATION_PATH "/", 0, &error);
  g_assert_no_error (error);
  for (guint i = 0; children[i]; i++)
    if (g_str_has_suffix (children[i], ".ui"))
      n_ui++;
  g_assert_cmpuint (n_ui, ==, 12);
}

/* The games (or rubbers) of the database in @state (NULL: all), as
 * another program would count them. */
static guint
count_rows (Fixture    *f,
            const char *table,
            const char *state)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM %s WHERE ?1 IS NULL OR state = ?1", table);
  guint n;

  g_assert_cmpint (sqlite3_open (f->database, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, state, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = (guint) sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

static guint
count_games (Fixture    *f,
             const char *state)
{
  return count_rows (f, "games", state);
}

/* Press New Game as the player does; return the question asked, or NULL
 * when the New Game dialog opened at once. */
static AdwMessageDialog *
press_new_game (Fixture *f)
{
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "new-game", NULL);
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) || ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG), 10);
  return find_message_dialog (GTK_WINDOW (f->window));
}

static void
answer (Fixture          *f,
        AdwMessageDialog *dialog,
        const char       *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_close (GTK_WINDOW (dialog));
  WAIT_FOR (find_message_dialog (GTK_WINDOW (f->window)) == NULL, 10);
}

/* Deal the game of the New Game dialog. */
static void
deal_from_dialog (Fixture *f)
{
  CassinoNewGameDialog *dialog = ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG);

  g_assert_nonnull (dialog);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) == NULL, 10);
}

static guint
history_rows (Fixture *f)
{
  GtkColumnView *view = cassino_history_view_get_column_view (cassino_window_get_history_view (f->window));

  ui_test_wait_history (cassino_window_get_history_view (f->window));
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (view)));
}

static GtkWidget *
find_button_of (GtkWidget  *widget,
                const char *action)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  ui_test_collect (widget, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (buttons->pdata[i]), action) == 0)
      return buttons->pdata[i];
  g_assert_not_reached ();
}

/* New Game while a game is played asks first: Keep Playing leaves it on
 * the table, Start New Game keeps it unfinished, to be resumed from
 * History.  The game dealt at launch, which nobody played, is not asked
 * about and leaves no row behind. */
static void
test_new_game_confirm (Fixture       *f,
                       gconstpointer  data)
{
  CassinoHistoryView *history;
  AdwMessageDialog *dialog;
  gint64 old_id;
  guint plays;

  /* a first launch, then New Game at once */
  open_window (f);
  wait_for_turn (f);
  g_assert_cmpuint (count_games (f, NULL), ==, 1);
  g_assert_false (cassino_game_controller_in_progress (f->controller));
  g_assert_null (press_new_game (f));
  deal_from_dialog (f);
  g_assert_cmpuint (count_games (f, NULL), ==, 1);
  g_assert_cmpuint (count_games (f, "abandoned"), ==, 0);
  history = cassino_window_get_history_view (f->window);
  cassino_window_set_top_page (f->window, "history");
  WAIT_FOR (history_rows (f) == 1, 10);
  {
    g_autofree char *result = ui_test_history_cell_text (history, 0, "result");

    g_assert_cmpstr (result, ==, "Unfinished");
  }
  cassino_window_set_top_page (f->window, "table");

  /* a move played: New Game asks */
  play_first_moves (f, 1);
  g_assert_true (cassino_game_controller_in_progress (f->controller));
  old_id = cassino_game_controller_get_game_id (f->controller);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  /* (History seen since that move: what it shows next is the new game) */
  cassino_window_set_top_page (f->window, "history");
  iterate (100);
  g_assert_cmpuint (history_rows (f), ==, 1);
  cassino_window_set_top_page (f->window, "table");

  dialog = press_new_game (f);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Start a New Game?");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "The game in progress is kept: you can resume it from History.");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "keep"), ==, "_Keep Playing");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "new"), ==, "_Start New Game");
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "keep");
  g_assert_null (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG));

  /* Keep Playing: the same game, nothing else */
  answer (f, dialog, "keep");
  iterate (50);
  g_assert_null (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpint (cassino_game_controller_get_game_id (f->controller), ==, old_id);
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                    ==, plays);

  /* Start New Game: the dialog, a new game, the old one unfinished */
  dialog = press_new_game (f);
  g_assert_nonnull (dialog);
  answer (f, dialog, "new");
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
  deal_from_dialog (f);
  g_assert_cmpint (cassino_game_controller_get_game_id (f->controller), !=, old_id);
  g_assert_cmpuint (count_games (f, "abandoned"), ==, 0);
  g_assert_cmpuint (count_games (f, "playing"), ==, 2);

  /* History: the old game can be resumed, and comes back as it was */
  cassino_window_set_top_page (f->window, "history");
  WAIT_FOR (history_rows (f) == 2, 10);
  for (guint row = 0; row < 2; row++)
    {
      ui_test_history_select (history, row);
      if (cassino_history_view_get_selected_id (history) == old_id)
        break;
    }
  g_assert_cmpint (cassino_history_view_get_selected_id (history), ==, old_id);
  {
    GtkWidget *resume = find_button_of (GTK_WIDGET (history), "history.resume");

    g_assert_true (gtk_widget_get_sensitive (resume));
    g_signal_emit_by_name (resume, "clicked");
  }
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) == old_id, 10);
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "table");
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                    >=, plays);
}

/* A rubber dealt at launch and never played goes with its game: no
 * rubber left to continue that has no game. */
static void
test_unplayed_rubber (Fixture       *f,
                      gconstpointer  data)
{
  g_settings_set_string (f->settings, "last-game",
                         "{\"rules\":\"classic\",\"players\":2,\"seats\":[{\"kind\":\"human\"},"
                         "{\"kind\":\"computer\",\"level\":\"easy\"}],\"format\":\"rubber\"}");
  open_window (f);
  wait_for_turn (f);
  g_assert_nonnull (cassino_game_controller_get_rubber (f->controller));
  g_assert_cmpuint (count_rows (f, "rubbers", "playing"), ==, 1);
  g_assert_null (press_new_game (f));
  deal_from_dialog (f);
  g_assert_nonnull (cassino_game_controller_get_rubber (f->controller));
  g_assert_cmpuint (count_games (f, NULL), ==, 1);
  g_assert_cmpuint (count_rows (f, "rubbers", "playing"), ==, 1);
  g_assert_cmpuint (count_rows (f, "rubbers", NULL), ==, 2);

  /* one played in stays, and the new game begins a rubber of its own */
  play_first_moves (f, 1);
  answer (f, press_new_game (f), "new");
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
  deal_from_dialog (f);
  g_assert_cmpuint (count_games (f, "playing"), ==, 2);
  g_assert_cmpuint (count_rows (f, "rubbers", "playing"), ==, 2);
}

/* What @sql (one "?1" bound to @id) reads first from the database. */
static gint64
query_int64 (Fixture    *f,
             const char *sql,
             gint64      id)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  db = store_test_open_reader (f->database);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return value;
}

/* The rubber of game @game_id in the database. */
static gint64
rubber_of (Fixture *f,
           gint64   game_id)
{
  return query_int64 (f, "SELECT rubber_id FROM games WHERE id = ?1", game_id);
}

/* Moves of game @game_id in the database. */
static gint64
saved_moves_of (Fixture *f,
                gint64   game_id)
{
  return query_int64 (f, "SELECT count(*) FROM moves m JOIN deals d ON d.id = m.deal_id WHERE d.game_id = ?1",
                      game_id);
}

/* Resuming a game from History, or continuing a rubber, puts aside the
 * game on the table: when no person played in it, it leaves no
 * "Unfinished" row (nor a rubber it alone began), as with New Game. */
static void
test_resume_leaves_no_unplayed (Fixture       *f,
                                gconstpointer  data)
{
  CassinoHistoryView *history;
  gint64 played_id, rubber_id;

  g_settings_set_string (f->settings, "last-game",
                         "{\"rules\":\"classic\",\"players\":2,\"seats\":[{\"kind\":\"human\"},"
                         "{\"kind\":\"computer\",\"level\":\"easy\"}],\"format\":\"rubber\"}");
  open_window (f);
  wait_for_turn (f);
  play_first_moves (f, 1);
  played_id = cassino_game_controller_get_game_id (f->controller);
  rubber_id = rubber_of (f, played_id);
  g_assert_cmpint (rubber_id, >, 0);

  /* a new game nobody plays, then Resume of the first from History */
  answer (f, press_new_game (f), "new");
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
  deal_from_dialog (f);
  wait_for_turn (f);
  WAIT_FOR (count_games (f, "playing") == 2, 10);
  g_assert_cmpuint (count_rows (f, "rubbers", "playing"), ==, 2);
  history = cassino_window_get_history_view (f->window);
  cassino_window_set_top_page (f->window, "history");
  WAIT_FOR (history_rows (f) == 2, 10);
  ui_test_history_select (history, 1);
  g_assert_cmpint (cassino_history_view_get_selected_id (history), ==, played_id);
  g_signal_emit_by_name (find_button_of (GTK_WIDGET (history), "history.resume"), "clicked");
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) == played_id, 10);
  /* the game put aside goes on the recorder's database thread */
  WAIT_FOR (count_games (f, NULL) == 1, 10);
  g_assert_cmpuint (count_rows (f, "rubbers", "playing"), ==, 1);
  cassino_window_set_top_page (f->window, "history");
  WAIT_FOR (history_rows (f) == 1, 10);
  {
    g_autofree char *result = ui_test_history_cell_text (history, 0, "result");

    g_assert_cmpstr (result, ==, "Unfinished");
    g_assert_cmpint (cassino_history_view_get_selected_id (history), ==, played_id);
  }
  cassino_window_set_top_page (f->window, "table");

  /* again, and the rubber continued from the Rubbers window's button */
  answer (f, press_new_game (f), "new");
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
  deal_from_dialog (f);
  wait_for_turn (f);
  WAIT_FOR (count_games (f, NULL) == 2, 10);
  cassino_window_continue_rubber (f->window, rubber_id);
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) == played_id, 10);
  WAIT_FOR (count_games (f, NULL) == 1, 10);
  g_assert_cmpuint (count_games (f, "playing"), ==, 1);
  g_assert_cmpuint (count_rows (f, "rubbers", "playing"), ==, 1);

  /* a game someone played in stays */
  play_first_moves (f, 1);
  answer (f, press_new_game (f), "new");
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
  deal_from_dialog (f);
  wait_for_turn (f);
  play_first_moves (f, 1);
  cassino_window_continue_rubber (f->window, rubber_id);
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) == played_id, 10);
  WAIT_FOR (count_games (f, "playing") == 2, 10);
  iterate (100);
  g_assert_cmpuint (count_games (f, "playing"), ==, 2);
}

/* History's Resume while another program holds the write lock and a move
 * of the game on the table waits behind it: the click returns at once and
 * the main loop goes round (the game is read on the records' thread, not
 * behind the recorder's queue); the resumed game is on the table during
 * the lock; after the release the queued move is saved to its own game
 * and the resumed game's next move to the resumed game. */
static void
test_resume_while_locked (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  CassinoHistoryView *history;
  gint64 first_id, second_id, first_saved, second_saved;
  sqlite3 *lock;
  guint turns;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4242, NULL));
  play_first_moves (f, 1);
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) != 0, 10);
  first_id = cassino_game_controller_get_game_id (f->controller);
  WAIT_FOR (saved_moves_of (f, first_id) == plays_of (f), 10);
  first_saved = saved_moves_of (f, first_id);

  g_assert_true (cassino_game_controller_start (f->controller, setup, 4343, NULL));
  play_first_moves (f, 1);
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) != 0 &&
            cassino_game_controller_get_game_id (f->controller) != first_id, 10);
  second_id = cassino_game_controller_get_game_id (f->controller);
  WAIT_FOR (saved_moves_of (f, second_id) == plays_of (f), 10);

  /* another program writes; one more move waits behind it */
  lock = ui_test_lock_writers (f->database);
  play_first_moves (f, 1);
  second_saved = plays_of (f);
  g_assert_cmpint (saved_moves_of (f, second_id), <, second_saved);

  history = cassino_window_get_history_view (f->window);
  cassino_window_set_top_page (f->window, "history");
  {
    gint64 start = g_get_monotonic_time ();
    gint64 took;

    g_signal_emit_by_name (history, "resume-game", first_id);
    took = g_get_monotonic_time () - start;
    g_test_message ("Resume returned after %" G_GINT64_FORMAT " ms", took / 1000);
    /* at once: the old code waited for the queued move (5 s of the lock) */
    g_assert_cmpint (took, <, 2 * G_USEC_PER_SEC);
  }
  turns = ui_test_count_turns (1000);
  g_test_message ("the main loop turned %u times in the second after Resume", turns);
  g_assert_cmpuint (turns, >=, 50);
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) == first_id, 10);
  g_assert_cmpstr (cassino_window_get_top_page (f->window), ==, "table");
  g_assert_cmpuint (plays_of (f), ==, (guint) first_saved);

  ui_test_unlock (lock);
  WAIT_FOR (saved_moves_of (f, second_id) == second_saved, 20);
  g_assert_cmpint (saved_moves_of (f, first_id), ==, first_saved);
  play_first_moves (f, 1);
  WAIT_FOR (saved_moves_of (f, first_id) == plays_of (f), 20);
  g_assert_cmpint (saved_moves_of (f, second_id), ==, second_saved);
  g_assert_cmpuint (count_games (f, "playing"), ==, 2);
}

/* A game put aside (New Game) while another program's lock outlasts the
 * busy timeout, its last move not saved: after the release that move
 * reaches the database with no further move of that game, and the new
 * game is recorded too. */
static void
test_left_while_locked (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  gint64 first_id;
  guint first_plays;
  sqlite3 *lock;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4242, NULL));
  play_first_moves (f, 1);
  WAIT_FOR (cassino_game_controller_get_game_id (f->controller) != 0, 10);
  first_id = cassino_game_controller_get_game_id (f->controller);
  WAIT_FOR (saved_moves_of (f, first_id) == plays_of (f), 10);

  lock = ui_test_lock_writers (f->database);
  play_first_moves (f, 1);
  first_plays = plays_of (f);
  /* New Game at once.  The steps queued behind the lock each give up
   * after the 5 s busy timeout: the player's move, the computer's, then
   * the catch-up of the game put aside (at 15 s), then the new game's
   * start */
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4343, NULL));
  iterate (16500);
  g_assert_cmpint (saved_moves_of (f, first_id), <, first_plays);

  ui_test_unlock (lock);
  WAIT_FOR (saved_moves_of (f, first_id) == first_plays, 20);
  WAIT_FOR (count_games (f, "playing") == 2, 20);
}

/* After a restart the move log is the one of live play, line for line:
 * every move, who deals, who took the last cards, the end of a deal. */
static void
test_resume_log (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  gboolean last_cards_seen = FALSE;
  GPtrArray *log;

  open_window (f);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 5150, NULL));

  /* deals played to their end until one leaves cards on the table */
  while (!last_cards_seen)
    {
      wait_for_turn (f);
      g_assert_cmpint (state_of (f), !=, CASSINO_GAME_OVER);
      if (state_of (f) == CASSINO_GAME_DEAL_OVER)
        {
          const CassinoGame *game = cassino_game_controller_get_game (f->controller);
          const CassinoDeal *deal = cassino_game_get_current_deal (game);
          const CassinoPosition *end = pos_of (f);
          g_autofree char *over = g_strdup_printf ("Deal %u is over", deal->number);
          g_autofree char *cards = cassino_cards_short_names (end->last_cards, " ");
          int taker = -1;

          log = cassino_game_controller_get_log (f->controller);
          g_assert_cmpstr (log->pdata[log->len - 1], ==, over);
          /* the last capture's player took what was left */
          for (guint i = 0; i < deal->plays->len; i++)
            if (g_array_index (deal->plays, CassinoPlay, i).move.type == CASSINO_MOVE_CAPTURE)
              taker = g_array_index (deal->plays, CassinoPlay, i).seat;
          if (end->last_cards != 0 && taker >= 0)
            {
              g_autofree char *line = g_strdup_printf ("%s took the last cards: %s",
                                                       cassino_game_controller_get_seat_name (f->controller, (guint) taker),
                                                       cards);

              g_assert_cmpstr (log->pdata[log->len - 2], ==, line);
              last_cards_seen = TRUE;
            }
          else
            g_assert_null (strstr (log->pdata[log->len - 2], "last cards"));
          activate (f, "win.next-deal");
          continue;
        }
      {
        g_autoptr(GArray) moves = legal_moves (f);

        g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
      }
    }
  /* and a few moves into the next deal */
  play_first_moves (f, 2);
  log = cassino_game_controller_get_log (f->controller);
  g_assert_cmpuint (log->len, >, 12);
  for (guint i = 0; i < log->len; i++)
    g_ptr_array_add (before, g_strdup (log->pdata[i]));
  close_window (f);

  /* a restart on the same database */
  open_window (f);
  log = cassino_game_controller_get_log (f->controller);
  g_assert_cmpuint (log->len, ==, before->len);
  for (guint i = 0; i < log->len; i++)
    g_assert_cmpstr (log->pdata[i], ==, before->pdata[i]);
  activate (f, "win.show-log");
  check_move_log (f);
}

/* Undo takes the move out of the record without a word about saving; the
 * recovery after a failed save still says the game is saved again, and
 * then it is. */
static guint recovered_count;

static void
on_recovered_cb (CassinoGameController *controller,
                 gpointer               user_data)
{
  recovered_count++;
}

static void
play_and_undo (Fixture *f)
{
  guint plays;

  wait_for_turn (f);
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  play_first_moves (f, 1);
  g_assert_true (cassino_game_controller_can_undo (f->controller));
  activate (f, "win.undo");
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                    ==, plays);
}

static void
test_undo_says_nothing_of_saving (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  guint plays;

  open_window (f);
  g_signal_connect (f->controller, "record-recovered", G_CALLBACK (on_recovered_cb), NULL);
  recovered_count = 0;
  g_assert_true (cassino_game_controller_start (f->controller, setup, 4711, NULL));

  /* twice, undo: no toast at all; the action bar says it */
  for (guint i = 0; i < 2; i++)
    {
      play_and_undo (f);
      iterate (50);
      g_assert_cmpuint (recovered_count, ==, 0);
      g_assert_null (cassino_window_get_last_toast (f->window));
      g_assert_cmpstr (cassino_window_get_prompt_text (f->window), ==,
                       "Move taken back — this game records that undo was used");
    }
  /* choosing a card: the usual prompts again */
  cassino_game_controller_select_card (f->controller, cassino_cards_first (pos_of (f)->hands[0]));
  g_assert_cmpstr (cassino_window_get_prompt_text (f->window), !=,
                   "Move taken back — this game records that undo was used");
  cassino_game_controller_clear_selection (f->controller);

  /* a save fails, then an undo brings the record up to date: a real
   * recovery, and it says so */
  ui_test_exec_sql (f->database, "CREATE TRIGGER test_full BEFORE INSERT ON moves "
                    "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;");
  {
    g_autoptr(GArray) moves = legal_moves (f);

    play_through_window (f, &g_array_index (moves, CassinoMove, 0));
  }
  wait_for_turn (f);
  /* the refusal comes back from the database thread */
  WAIT_FOR (last_toast_has (f, "could not be saved"), 10);
  ui_test_exec_sql (f->database, "DROP TRIGGER test_full;");
  activate (f, "win.undo");
  /* the catch-up runs on the database thread: its result comes back */
  WAIT_FOR (recovered_count > 0, 10);
  g_assert_cmpuint (recovered_count, ==, 1);
  g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, "The game is saved again, every move of it");

  /* both kinds of undo left the record as the table is */
  plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;
  close_window (f);
  open_window (f);
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len,
                    ==, plays);
}

/* A greyed Undo says why, in its tooltip and to a screen reader. */
static void
check_undo_tooltip (Fixture    *f,
                    const char *expected)
{
  GtkWidget *undo = find_button_of (GTK_WIDGET (f->window), "win.undo");

  g_assert_cmpint (gtk_widget_get_sensitive (undo), ==, g_strcmp0 (expected, "Undo") == 0);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (undo), ==, expected);
  if (g_strcmp0 (expected, "Undo") == 0)
    g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (undo), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  else
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (undo), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
}

static void
play_first_move (Fixture *f)
{
  g_autoptr(GArray) moves = legal_moves (f);

  g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (moves, CassinoMove, 0), NULL));
}

static void
test_undo_tooltip (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_EASY, NULL);
  g_autoptr(CassinoGameSetup) draw = setup_vs_computer (CASSINO_LEVEL_EASY, "draw");
  g_autoptr(CassinoGameSetup) people = cassino_game_setup_new_default ("Tess");
  gboolean seen_new_hand = FALSE, seen_deal_over = FALSE;

  open_window (f);
  /* seat 0 deals: the computer leads, and Tess has not played yet */
  for (guint64 seed = 1; ; seed++)
    {
      g_assert_true (cassino_game_controller_start (f->controller, setup, seed, NULL));
      if (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->dealer == 0)
        break;
    }
  wait_for_turn (f);
  check_undo_tooltip (f, "You have not played in this deal yet");
  play_first_move (f);
  wait_for_turn (f);
  check_undo_tooltip (f, "Undo");

  /* to the next hand, and to the end of the deal */
  while (!seen_deal_over)
    {
      wait_for_turn (f);
      if (state_of (f) == CASSINO_GAME_DEAL_OVER)
        {
          check_undo_tooltip (f, "You can’t undo once the deal is over");
          seen_deal_over = TRUE;
          break;
        }
      if (pos_of (f)->hand_number > 0 && !seen_new_hand)
        {
          const CassinoDeal *deal = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller));
          CassinoPosition replay;
          gboolean played_this_hand = FALSE;

          /* Tess's last play was in the hand before */
          cassino_position_deal (&replay, pos_of (f)->rules, deal->deck, deal->deck_len, deal->dealer);
          for (guint i = 0; i < deal->plays->len; i++)
            {
              const CassinoPlay *p = &g_array_index (deal->plays, CassinoPlay, i);

              if (p->seat == 0 && replay.hand_number == pos_of (f)->hand_number)
                played_this_hand = TRUE;
              cassino_position_apply (&replay, &p->move, NULL);
            }
          if (!played_this_hand)
            {
              check_undo_tooltip (f, "You can’t undo once new cards are dealt");
              seen_new_hand = TRUE;
            }
        }
      play_first_move (f);
    }
  g_assert_true (seen_new_hand);

  /* the game over */
  while (state_of (f) != CASSINO_GAME_OVER)
    {
      wait_for_turn (f);
      if (state_of (f) == CASSINO_GAME_DEAL_OVER)
        activate (f, "win.next-deal");
      else if (state_of (f) == CASSINO_GAME_PLAYING)
        play_first_move (f);
    }
  iterate (50);
  check_undo_tooltip (f, "You can’t undo once the game is over");

  /* Draw Cassino: every play shows a new card */
  g_assert_true (cassino_game_controller_start (f->controller, draw, 3, NULL));
  wait_for_turn (f);
  play_first_move (f);
  wait_for_turn (f);
  check_undo_tooltip (f, "You can’t undo in this variant: every play draws a new card");

  /* two people at one table */
  people->seats[1].kind = CASSINO_SEAT_HUMAN;
  g_free (people->seats[1].name);
  people->seats[1].name = g_strdup ("Ugo");
  g_assert_true (cassino_game_controller_start (f->controller, people, 11, NULL));
  check_undo_tooltip (f, "You can’t undo when several people play at this table");
}

/* Moves in words. */
static void
test_move_text (void)
{
  CassinoRules rules;
  CassinoPosition pos;
  guint8 deck[52];
  CassinoMove move = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *build = NULL;
  g_autofree char *trail = NULL;

  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL));
  for (guint i = 0; i < 52; i++)
    deck[i] = (guint8) i;
  cassino_position_deal (&pos, &rules, deck, 52, 1);
  /* table: 9d 6c 3h, hand of seat 0: 9s 8s */
  pos.loose = CASSINO_CARD_BIT (CASSINO_CARD (9, CASSINO_SUIT_DIAMONDS)) |
              CASSINO_CARD_BIT (CASSINO_CARD (6, CASSINO_SUIT_CLUBS)) |
              CASSINO_CARD_BIT (CASSINO_CARD (3, CASSINO_SUIT_HEARTS));
  pos.n_builds = 0;
  pos.to_move = 0;
  pos.hands[0] = CASSINO_CARD_BIT (CASSINO_CARD (9, CASSINO_SUIT_SPADES)) |
                 CASSINO_CARD_BIT (CASSINO_CARD (8, CASSINO_SUIT_SPADES)) |
                 CASSINO_CARD_BIT (CASSINO_CARD (5, CASSINO_SUIT_HEARTS));

  move.type = CASSINO_MOVE_CAPTURE;
  move.card = CASSINO_CARD (9, CASSINO_SUIT_SPADES);
  move.set = pos.loose;
  move.value = 9;
  text = cassino_move_text_describe (&pos, &move);
  g_assert_cmpstr (text, ==, "Take 9♦ and 6♣ + 3♥ with 9♠");

  move.type = CASSINO_MOVE_BUILD;
  move.card = CASSINO_CARD (5, CASSINO_SUIT_HEARTS);
  move.set = CASSINO_CARD_BIT (CASSINO_CARD (3, CASSINO_SUIT_HEARTS));
  move.value = 8;
  build = cassino_move_text_describe (&pos, &move);
  g_assert_cmpstr (build, ==, "Build 8 with 5♥ on 3♥ — you hold 8♠");

  move.type = CASSINO_MOVE_TRAIL;
  move.set = 0;
  move.card = CASSINO_CARD (8, CASSINO_SUIT_SPADES);
  trail = cassino_move_text_describe (&pos, &move);
  g_assert_cmpstr (trail, ==, "Trail 8♠");

  /* Pasur: a card that must capture names every capture it can make (it
   * named 7♦ where 7♠ was as good) */
  {
    CassinoRules pasur;
    CassinoPosition p;
    CassinoMoveList list;
    g_autofree char *why = NULL;

    g_assert_true (cassino_rules_init_preset (&pasur, CASSINO_PRESET_PASUR, 2, NULL));
    cassino_position_deal (&p, &pasur, deck, 52, 1);
    p.loose = CASSINO_CARD_BIT (CASSINO_CARD (7, CASSINO_SUIT_DIAMONDS)) |
              CASSINO_CARD_BIT (CASSINO_CARD (7, CASSINO_SUIT_SPADES));
    p.n_builds = 0;
    p.to_move = 0;
    p.hands[0] = CASSINO_CARD_BIT (CASSINO_CARD (4, CASSINO_SUIT_HEARTS)) |
                 CASSINO_CARD_BIT (CASSINO_CARD (13, CASSINO_SUIT_CLUBS));
    cassino_move_list_init (&list);
    cassino_position_legal_moves (&p, &list);
    why = cassino_move_text_forced_capture (&p, list.moves, list.len, CASSINO_CARD (4, CASSINO_SUIT_HEARTS));
    g_assert_cmpstr (why, ==, "You must capture: the 4♥ can take 7♦ or 7♠");
    cassino_move_list_clear (&list);
  }

  /* the end of the deal: who took the cards left on the table */
  {
    CassinoRules english;
    g_autofree char *taken = NULL;
    g_autofree char *lost = NULL;

    pos.deal_over = TRUE;
    pos.last_cards = CASSINO_CARD_BIT (CASSINO_CARD (7, CASSINO_SUIT_SPADES)) |
                     CASSINO_CARD_BIT (CASSINO_CARD (2, CASSINO_SUIT_DIAMONDS));
    pos.last_cards_side = 1;
    pos.last_capturer = 1;
    pos.last_player = 0;
    pos.last_played_court = TRUE;
    g_assert_cmpint (cassino_move_text_last_cards_seat (&pos), ==, 1);
    taken = cassino_move_text_last_cards (&pos, "Anna");
    g_assert_true (g_str_has_prefix (taken, "Anna took the last cards: "));
    g_assert_nonnull (strstr (taken, "7♠"));
    g_assert_nonnull (strstr (taken, "2♦"));

    /* English 1792: a court played last takes them */
    g_assert_true (cassino_rules_init_preset (&english, CASSINO_PRESET_ENGLISH, 2, NULL));
    g_assert_cmpint (english.last_cards, ==, CASSINO_LAST_CARDS_COURT_LAST);
    pos.rules = &english;
    g_assert_cmpint (cassino_move_text_last_cards_seat (&pos), ==, 0);
    pos.rules = &rules;

    /* nobody captured: out of play */
    pos.last_cards_side = -1;
    pos.last_capturer = CASSINO_NO_SEAT;
    g_assert_cmpint (cassino_move_text_last_cards_seat (&pos), ==, -1);
    lost = cassino_move_text_last_cards (&pos, NULL);
    g_assert_true (g_str_has_prefix (lost, "Out of play, as nobody captured: "));

    /* an empty table: nothing to say */
    pos.last_cards = 0;
    g_assert_null (cassino_move_text_last_cards (&pos, "Anna"));
  }
}

/* Not unreffed: that would wait for the app's connection.  Static, so it
 * stays reachable to the end (no leak report). */
static GTestDBus *bus;

/* The unfinished game to resume cannot be read back (a move of an
 * unknown type): a new game is dealt, and the toast says so.  It said
 * "This game could not be saved — Cassino keeps trying with every move",
 * which was not so: the new game is saved, and nothing tries again. */
static void
test_unresumable (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  CassinoGame *game = store_test_new_game (CASSINO_PRESET_CLASSIC, 2, 5, "Tess", "medium");
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  gboolean new_deal;
  gint64 id;

  for (guint i = 0; i < 6; i++)
    g_assert_true (store_test_step (game, rand, &new_deal));
  store = cassino_store_open (f->database, &error);
  g_assert_no_error (error);
  id = cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  cassino_game_unref (game);
  store_test_break_game (f->database, id);

  open_window (f);
  expected = g_strdup_printf ("Your unfinished game could not be resumed, so a new one is dealt; the old one is "
                              "kept in History. Game %" G_GINT64_FORMAT ", deal 1, move 1 does not replay: "
                              "unknown move type", id);
  WAIT_FOR (cassino_window_get_last_toast (f->window) != NULL, 10);
  g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, expected);
  g_assert_cmpint (cassino_game_controller_get_game_id (f->controller), !=, id);
  /* the new game is saved; the old one is there as it was */
  wait_for_turn (f);
  WAIT_FOR (count_games (f, "playing") == 2, 10);
  iterate (50);
  g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, expected);
}

/* An index of the database lacks games (its pages whole: only
 * PRAGMA integrity_check sees it), so History, which reads through it,
 * listed 3 of 5 games without a word.  The database thread builds it
 * again at start-up: History lists all five, a toast says so, and no
 * dialog speaks of a file moved aside (nothing was). */
static void
test_damaged_index_at_start (Fixture       *f,
                             gconstpointer  data)
{
  const char *toast;

  store_test_fill (f->database, 5);
  store_test_damage_index (f->database, "games_started", "id < 3");
  open_window (f);
  WAIT_FOR (last_toast_has (f, "built again"), 20);
  toast = cassino_window_get_last_toast (f->window);
  g_test_message ("the toast: %s", toast);
  g_assert_cmpstr (toast, ==, "The game database’s indexes were damaged and have been built again; "
                              "no game was lost");
  g_assert_null (cassino_game_controller_get_moved_aside_path (f->controller));
  g_assert_true (cassino_game_controller_get_indexes_rebuilt (f->controller));
  iterate (50);
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window)));
  /* the five games and the one dealt at launch */
  cassino_window_set_top_page (f->window, "history");
  WAIT_FOR (history_rows (f) == 6, 20);
  g_assert_cmpuint (count_games (f, "finished"), ==, 5);
}

/* The same in a file too large for the whole check at open: the index
 * of the games being played lost the game on the table while it was
 * played, and the step that finishes it fails as "malformed".  The file
 * is checked whole on the database thread, the index built again, the
 * step made again: the game is saved finished, no failure is told. */
static void
test_damaged_index_while_playing (Fixture       *f,
                                  gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_vs_computer (CASSINO_LEVEL_BEGINNER, "xeri");
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  gint64 id;

  store_test_fill (f->database, 5);
  store_test_pad (f->database);
  open_window (f);
  cassino_game_controller_set_move_delay (f->controller, 0);
  g_assert_true (cassino_game_controller_start (f->controller, setup, 7, &error));
  g_assert_no_error (error);
  play_first_moves (f, 1);
  id = cassino_game_controller_get_game_id (f->controller);
  WAIT_FOR (count_games (f, "playing") >= 1 && count_playing_moves (f->database) == plays_of (f), 20);
  where = g_strdup_printf ("id <> %" G_GINT64_FORMAT, id);
  store_test_damage_index (f->database, "games_playing", where);

  /* Xeri is one deal: played to its end */
  while (state_of (f) == CASSINO_GAME_PLAYING)
    {
      g_autoptr(GArray) legal = NULL;

      wait_for_turn (f);
      if (state_of (f) != CASSINO_GAME_PLAYING)
        break;
      legal = legal_moves (f);
      g_assert_true (cassino_game_controller_play_move (f->controller, &g_array_index (legal, CassinoMove, 0),
                                                        NULL));
    }
  WAIT_FOR (last_toast_has (f, "built again"), 30);
  g_assert_null (cassino_game_controller_get_moved_aside_path (f->controller));
  g_assert_null (find_message_dialog (GTK_WINDOW (f->window)));
  WAIT_FOR (count_games (f, "finished") == 6, 20);
  {
    sqlite3 *db = store_test_open_reader (f->database);
    sqlite3_stmt *stmt = NULL;

    g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT state FROM games WHERE id = ?1", -1, &stmt, NULL), ==,
                     SQLITE_OK);
    sqlite3_bind_int64 (stmt, 1, id);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpstr ((const char *) sqlite3_column_text (stmt, 0), ==, "finished");
    sqlite3_finalize (stmt);
    sqlite3_close (db);
  }
  g_assert_null (strstr (cassino_window_get_last_toast (f->window), "could not be"));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  /* card themes are looked for in the data folders: a private one */
  data_home = g_dir_make_tmp ("cassino-ui-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  /* no screen reader's bus, but accessible properties kept (to be read
   * back with gtk_test_accessible_*) */
  g_setenv ("GTK_A11Y", "test", TRUE);

  the_app = ui_test_start_app (&argc, &argv, &bus);
  /* the test ui-german: the build tree's translations (LANGUAGE=de) */
  if (g_getenv ("CASSINO_LOCALEDIR"))
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, g_getenv ("CASSINO_LOCALEDIR"));
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
      g_test_add ("/cassino/ui/narrow-german", Fixture, NULL, fixture_setup, test_narrow_german, fixture_teardown);
    }

  g_test_add_func ("/cassino/ui/move-text", test_move_text);
  g_test_add_func ("/cassino/ui/lacks-gpu", test_lacks_gpu);
  g_test_add_func ("/cassino/ui/column", test_column);
  g_test_add ("/cassino/ui/templates", Fixture, NULL, fixture_setup, test_templates, fixture_teardown);
  g_test_add ("/cassino/ui/default-game", Fixture, NULL, fixture_setup, test_default_game, fixture_teardown);
  g_test_add ("/cassino/ui/full-game", Fixture, NULL, fixture_setup, test_full_game, fixture_teardown);
  g_test_add ("/cassino/ui/animation", Fixture, NULL, fixture_setup, test_animation, fixture_teardown);
  g_test_add ("/cassino/ui/move-log", Fixture, NULL, fixture_setup, test_move_log, fixture_teardown);
  g_test_add ("/cassino/ui/undo-not-across-hands", Fixture, NULL, fixture_setup, test_undo_not_across_hands, fixture_teardown);
  g_test_add ("/cassino/ui/keyboard", Fixture, NULL, fixture_setup, test_keyboard, fixture_teardown);
  g_test_add ("/cassino/ui/tab-stops", Fixture, NULL, fixture_setup, test_tab_stops, fixture_teardown);
  g_test_add ("/cassino/ui/keyboard-focus-after-move", Fixture, NULL, fixture_setup, test_keyboard_focus_after_move, fixture_teardown);
  g_test_add ("/cassino/ui/focus-after-buttons", Fixture, NULL, fixture_setup, test_focus_after_buttons, fixture_teardown);
  g_test_add ("/cassino/ui/hint-then-enter", Fixture, NULL, fixture_setup, test_hint_then_enter, fixture_teardown);
  g_test_add ("/cassino/ui/keyboard-first-key-shows-focus", Fixture, NULL, fixture_setup, test_keyboard_first_key_shows_focus, fixture_teardown);
  g_test_add ("/cassino/ui/pass-and-play", Fixture, NULL, fixture_setup, test_pass_and_play, fixture_teardown);
  g_test_add ("/cassino/ui/table-keys-on-table-only", Fixture, NULL, fixture_setup, test_table_keys_on_table_only, fixture_teardown);
  g_test_add ("/cassino/ui/felt-click-focuses-cards", Fixture, NULL, fixture_setup, test_felt_click_focuses_cards, fixture_teardown);
  g_test_add ("/cassino/ui/resume", Fixture, NULL, fixture_setup, test_resume, fixture_teardown);
  g_test_add ("/cassino/ui/record-failure", Fixture, NULL, fixture_setup, test_record_failure, fixture_teardown);
  g_test_add ("/cassino/ui/resume-leaves-no-unplayed", Fixture, NULL, fixture_setup, test_resume_leaves_no_unplayed, fixture_teardown);
  g_test_add ("/cassino/ui/locked-database", Fixture, NULL, fixture_setup, test_locked_database, fixture_teardown);
  g_test_add ("/cassino/ui/left-while-locked", Fixture, NULL, fixture_setup, test_left_while_locked, fixture_teardown);
  g_test_add ("/cassino/ui/resume-while-locked", Fixture, NULL, fixture_setup, test_resume_while_locked, fixture_teardown);
  g_test_add ("/cassino/ui/started-while-locked", Fixture, NULL, fixture_setup, test_started_while_locked, fixture_teardown);
  g_test_add ("/cassino/ui/killed-while-locked", Fixture, NULL, fixture_setup, test_killed_while_locked, fixture_teardown);
  g_test_add ("/cassino/ui/confirm-moves", Fixture, NULL, fixture_setup, test_confirm_moves, fixture_teardown);
  g_test_add ("/cassino/ui/real-input", Fixture, NULL, fixture_setup, test_real_input, fixture_teardown);
  g_test_add ("/cassino/ui/card-theme", Fixture, NULL, fixture_setup, test_card_theme, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-database", Fixture, NULL, fixture_setup, test_damaged_database, fixture_teardown);
  g_test_add ("/cassino/ui/database-unusable", Fixture, NULL, fixture_setup,
              test_database_unusable, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-database-salvaged", Fixture, NULL, fixture_setup,
              test_damaged_database_salvaged, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-while-playing/index", Fixture, "games_started", fixture_setup,
              test_damaged_while_playing, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-while-playing/deals", Fixture, "deals", fixture_setup,
              test_damaged_while_playing, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-while-playing/moves", Fixture, "moves", fixture_setup,
              test_damaged_while_playing, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-database-salvaged/moves-leaf", Fixture, "moves/leaf", fixture_setup,
              test_damaged_database_salvaged, fixture_teardown);
  g_test_add ("/cassino/ui/unresumable", Fixture, NULL, fixture_setup, test_unresumable, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-index/at-start", Fixture, NULL, fixture_setup,
              test_damaged_index_at_start, fixture_teardown);
  g_test_add ("/cassino/ui/damaged-index/while-playing", Fixture, NULL, fixture_setup,
              test_damaged_index_while_playing, fixture_teardown);
  g_test_add ("/cassino/ui/history-start-time", Fixture, NULL, fixture_setup,
              test_history_start_time, fixture_teardown);
  g_test_add ("/cassino/ui/new-game-dialog", Fixture, NULL, fixture_setup, test_new_game_dialog, fixture_teardown);
  g_test_add ("/cassino/ui/claim-says-why", Fixture, NULL, fixture_setup, test_claim_says_why, fixture_teardown);
  g_test_add ("/cassino/ui/hand-rings-clear-panel", Fixture, NULL, fixture_setup, test_hand_rings_clear_panel, fixture_teardown);
  g_test_add ("/cassino/ui/narrow", Fixture, NULL, fixture_setup, test_narrow, fixture_teardown);
  g_test_add ("/cassino/ui/phone/long-texts", Fixture, NULL, fixture_setup, test_phone_long_texts,
              fixture_teardown);
  g_test_add ("/cassino/ui/phone/2", Fixture, GUINT_TO_POINTER (2), fixture_setup, test_phone, fixture_teardown);
  g_test_add ("/cassino/ui/phone/4", Fixture, GUINT_TO_POINTER (4), fixture_setup, test_phone, fixture_teardown);
  g_test_add ("/cassino/ui/phone/2-no-banner", Fixture, GUINT_TO_POINTER (12), fixture_setup, test_phone,
              fixture_teardown);
  g_test_add ("/cassino/ui/phone/4-no-banner", Fixture, GUINT_TO_POINTER (14), fixture_setup, test_phone,
              fixture_teardown);
  g_test_add ("/cassino/ui/new-game-confirm", Fixture, NULL, fixture_setup, test_new_game_confirm, fixture_teardown);
  g_test_add ("/cassino/ui/unplayed-rubber", Fixture, NULL, fixture_setup, test_unplayed_rubber, fixture_teardown);
  g_test_add ("/cassino/ui/resume-log", Fixture, NULL, fixture_setup, test_resume_log, fixture_teardown);
  g_test_add ("/cassino/ui/undo-says-nothing-of-saving", Fixture, NULL, fixture_setup, test_undo_says_nothing_of_saving, fixture_teardown);
  g_test_add ("/cassino/ui/undo-tooltip", Fixture, NULL, fixture_setup, test_undo_tooltip, fixture_teardown);
  g_test_add ("/cassino/ui/hint-then-play", Fixture, NULL, fixture_setup, test_hint_then_play, fixture_teardown);
  g_test_add ("/cassino/ui/four-players-panel", Fixture, NULL, fixture_setup, test_four_players_panel, fixture_teardown);
  g_test_add ("/cassino/ui/new-game-partners", Fixture, NULL, fixture_setup, test_new_game_partners, fixture_teardown);

  ret = g_test_run ();
  g_clear_object (&the_app);
  /* the application keeps the bus connection: stop without waiting for it */
  g_test_dbus_stop (bus);
  test_remove_tree (data_home);
  g_free (data_home);
  return ret;
}
