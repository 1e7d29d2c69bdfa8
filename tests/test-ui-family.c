/* test-ui-family.c: the fishing family (issue 16) through the window: the
 * new game dialog's games, a deal of each played at the table, Xeri's
 * pile, the sweep words, forced captures, the score sheet's categories
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cassino-application.h"
#include "cassino-history-view.h"
#include "cassino-stats-view.h"
#include "cassino-card-widget.h"
#include "cassino-game-controller.h"
#include "cassino-move-text.h"
#include "cassino-new-game-dialog.h"
#include "cassino-score.h"
#include "cassino-score-sheet.h"
#include "cassino-seat-panel.h"
#include "cassino-table-view.h"
#include "cassino-window.h"
#include "test-ui-util.h"

static CassinoApplication *the_app;
static GTestDBus *bus;

typedef struct {
  CassinoWindow         *window;
  CassinoGameController *controller;
  GSettings             *settings;
  char                  *tmpdir;
  char                  *database;
  guint                  sweeps_seen;     /* sweeps announced in a toast */
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->tmpdir = g_dir_make_tmp ("cassino-family-XXXXXX", &error);
  g_assert_no_error (error);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);
  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_set_boolean (f->settings, "tutorial-offered", TRUE);
  g_settings_set_enum (f->settings, "animation-speed", 0);
  g_settings_set_boolean (f->settings, "confirm-moves", FALSE);
  g_settings_set_string (f->settings, "player-name", "Tess");

  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  f->controller = cassino_window_get_controller (f->window);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate (50);
  g_clear_object (&f->settings);
  ui_test_remove_dir (f->tmpdir);
  g_free (f->tmpdir);
  g_free (f->database);
}

static CassinoNewGameDialog *
open_dialog (Fixture *f)
{
  CassinoNewGameDialog *dialog;

  cassino_window_new_game (f->window);
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
  dialog = ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)), 10);
  return dialog;
}

static AdwComboRow *
combo_row (CassinoNewGameDialog *dialog,
           const char           *title)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), title) == 0)
      return rows->pdata[i];
  g_error ("no row %s", title);
  return NULL;
}

/* The choices of a row, joined with "|". */
static char *
choices (AdwComboRow *row)
{
  GListModel *model = adw_combo_row_get_model (row);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      g_string_append_printf (s, "%s%s", i ? "|" : "", gtk_string_object_get_string (item));
    }
  return g_string_free (s, FALSE);
}

static void
choose (AdwComboRow *row,
        const char  *text)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_str_equal (gtk_string_object_get_string (item), text))
        {
          adw_combo_row_set_selected (row, i);
          iterate (20);
          return;
        }
    }
  g_error ("no choice %s among %s", text, choices (row));
}

static GtkWidget *
advanced_row (CassinoNewGameDialog *dialog)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_EXPANDER_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 1);
  return rows->pdata[0];
}

static const struct {
  CassinoPreset preset;
  const char   *family;
  const char   *variant;
  const char   *players;     /* the counts the dialog offers */
} games[] = {
  { CASSINO_PRESET_SCOPA, "Scopa and Scopone", "Scopa", "2|3|4" },
  { CASSINO_PRESET_SCOPONE, "Scopa and Scopone", "Scopone", "4" },
  { CASSINO_PRESET_SCOPONE_SCIENTIFICO, "Scopa and Scopone", "Scopone scientifico", "4" },
  { CASSINO_PRESET_XERI, "Xeri and Diloti", "Xeri", "2|4" },
  { CASSINO_PRESET_DILOTI, "Xeri and Diloti", "Diloti", "2|4" },
  { CASSINO_PRESET_TABLANETTE, "Tablanette", "Tablanette", "2" },
  { CASSINO_PRESET_CALLABRA, "Callabra", "Callabra", "2|3|4" },
  { CASSINO_PRESET_PASUR, "Pasur", "Pasur", "2|3|4" },
};

/* The dialog offers the games as families, each variant with its
 * description and only the player counts its preset allows. */
static void
test_dialog_families (Fixture       *f,
                      gconstpointer  data)
{
  CassinoNewGameDialog *dialog = open_dialog (f);
  AdwComboRow *game = combo_row (dialog, "_Game");
  AdwComboRow *variant = combo_row (dialog, "_Variant");
  AdwComboRow *players = combo_row (dialog, "_Number of Players");
  g_autofree char *families = choices (game);

  g_assert_cmpstr (families, ==, "Cassino|Scopa and Scopone|Xeri and Diloti|"
                                 "Tablanette|Callabra|Pasur");
  g_assert_true (gtk_widget_get_visible (advanced_row (dialog)));

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(CassinoGameSetup) setup = NULL;
      g_autofree char *counts = NULL;
      g_autoptr(GError) error = NULL;

      choose (game, games[i].family);
      choose (variant, games[i].variant);
      counts = choices (players);
      /* no count the preset refuses */
      g_assert_cmpstr (counts, ==, games[i].players);
      g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (variant)),
                                cassino_preset_get_summary (games[i].preset)));
      g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (variant)), "For "));
      g_assert_nonnull (adw_action_row_get_subtitle (ADW_ACTION_ROW (game)));
      /* the family's games are played by their preset's rules */
      g_assert_false (gtk_widget_get_visible (advanced_row (dialog)));
      setup = cassino_new_game_dialog_get_setup (dialog, &error);
      g_assert_no_error (error);
      g_assert_cmpint (setup->preset, ==, games[i].preset);
    }

  choose (game, "Xeri and Diloti");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (variant)), "For 2 or 4 players"));
  choose (game, "Tablanette");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (variant)), "For two players"));

  /* Scopone: four in two partnerships, said as for Cassino */
  choose (game, "Scopa and Scopone");
  choose (variant, "Scopone");
  g_assert_nonnull (strstr (adw_preferences_group_get_description (
                              ADW_PREFERENCES_GROUP (gtk_widget_get_ancestor (GTK_WIDGET (players),
                                                                              ADW_TYPE_PREFERENCES_GROUP))),
                            " against "));

  /* back to Cassino: its house rules again */
  choose (game, "Cassino");
  {
    g_autofree char *variants = choices (variant);

    g_assert_cmpstr (variants, !=, "");
  }
  g_assert_true (gtk_widget_get_visible (advanced_row (dialog)));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static void
on_move_played_cb (CassinoGameController *controller,
                   guint                  seat,
                   const CassinoMove     *move,
                   const CassinoPosition *before,
                   Fixture               *f)
{
  const char *word = cassino_move_text_sweep_word (before->rules);

  if (move->type == CASSINO_MOVE_CAPTURE && (move->flags & CASSINO_MOVE_FLAG_SWEEP))
    {
      /* the window announced it in the game's word, with the sweeper */
      g_assert_nonnull (word);
      g_assert_nonnull (cassino_window_get_last_toast (f->window));
      g_assert_true (g_str_has_prefix (cassino_window_get_last_toast (f->window), word));
      g_assert_nonnull (strstr (cassino_window_get_last_toast (f->window),
                                cassino_game_controller_get_seat_name (controller, seat)));
      f->sweeps_seen++;
    }
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

/* Xeri's pile: one table item, its top card face up, the depth on it. */
static void
check_pile (Fixture *f)
{
  const CassinoPosition *pos = pos_of (f);
  CassinoTableView *table = cassino_window_get_table_view (f->window);
  CassinoCardWidget *item;
  guint n = cassino_cards_count (pos->loose);

  if (pos->rules->capture_mode != CASSINO_CAPTURE_MODE_PILE || n == 0)
    return;
  item = cassino_table_view_get_table_item (table, pos->pile_top);
  g_assert_nonnull (item);
  g_assert_cmpint (cassino_card_widget_get_card (item), ==, pos->pile_top);
  g_assert_cmphex (cassino_card_widget_get_cards (item), ==, pos->loose);
  g_assert_cmpuint (cassino_card_widget_get_pile_depth (item), ==, n);
  {
    CassinoCard c;

    /* every pile card is that one item */
    CASSINO_CARDS_FOREACH (c, pos->loose)
      g_assert_true (cassino_table_view_get_table_item (table, c) == item);
  }
}

/* Play @move the way a player does: the card, then (unless the card's
 * one move is taken at once: a pile, a jack's sweep) its table items. */
static void
play_through_window (Fixture           *f,
                     const CassinoMove *move)
{
  const CassinoPosition *pos = pos_of (f);
  g_autofree char *expected = cassino_move_text_describe (pos, move);
  GArray *candidates;
  CassinoCards left = move->set;
  guint plays = cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len;

  g_assert_true (cassino_game_controller_select_card (f->controller, move->card));
  candidates = cassino_game_controller_get_candidates (f->controller);
  if (move->type == CASSINO_MOVE_CAPTURE &&
      (pos->rules->capture_mode == CASSINO_CAPTURE_MODE_PILE ||
       (pos->rules->jack_sweeps != CASSINO_JACK_SWEEPS_NO && CASSINO_CARD_RANK (move->card) == CASSINO_RANK_JACK)))
    {
      /* one move: no table card to choose */
      g_assert_cmpuint (candidates->len, ==, 1);
      g_assert_true (cassino_move_equal (&g_array_index (candidates, CassinoMove, 0), move));
      left = 0;
    }
  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].cards & left)
      {
        g_assert_true (cassino_game_controller_toggle_item (f->controller, pos->builds[i].cards));
        left &= ~pos->builds[i].cards;
      }
  while (left)
    {
      g_assert_true (cassino_game_controller_toggle_item (f->controller, CASSINO_CARD_BIT (cassino_cards_first (left))));
      left &= left - 1;
    }
  candidates = cassino_game_controller_get_candidates (f->controller);
  g_assert_cmpuint (candidates->len, >=, 1);
  if (candidates->len == 1)
    {
      g_assert_cmpstr (cassino_window_get_action_text (f->window), ==, expected);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
    }
  else
    {
      guint k = 0;

      while (!cassino_move_equal (&g_array_index (candidates, CassinoMove, k), move))
        k++;
      g_assert_true (cassino_game_controller_play_candidate (f->controller, k));
    }
  g_assert_true (state_of (f) != CASSINO_GAME_PLAYING ||
                 cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len
                 == plays + 1);
}

/* A legal move that takes most (so that sweeps come), else the first. */
static CassinoMove
pick (Fixture *f)
{
  CassinoMoveList list;
  CassinoMove best;

  cassino_move_list_init (&list);
  cassino_game_legal_moves (cassino_game_controller_get_game (f->controller), &list);
  g_assert_cmpuint (list.len, >, 0);
  best = list.moves[0];
  for (guint i = 0; i < list.len; i++)
    if (list.moves[i].type == CASSINO_MOVE_CAPTURE &&
        (best.type != CASSINO_MOVE_CAPTURE || cassino_cards_count (list.moves[i].set) > cassino_cards_count (best.set)))
      best = list.moves[i];
  cassino_move_list_clear (&list);
  return best;
}

/* The seats' texts on the table, one a line. */
static char *
panel_texts (Fixture *f)
{
  g_autoptr(GPtrArray) panels = g_ptr_array_new ();
  GString *all = g_string_new ("\n");

  ui_test_collect (GTK_WIDGET (cassino_window_get_table_view (f->window)), CASSINO_TYPE_SEAT_PANEL, panels);
  g_assert_cmpuint (panels->len, >=, 2);
  for (guint p = 0; p < panels->len; p++)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      ui_test_collect (panels->pdata[p], GTK_TYPE_LABEL, labels);
      for (guint i = 0; i < labels->len; i++)
        if (gtk_widget_is_visible (labels->pdata[i]))
          g_string_append_printf (all, "%s\n", gtk_label_get_text (labels->pdata[i]));
    }
  return g_string_free (all, FALSE);
}

static char *
sheet_texts (Fixture *f)
{
  g_autoptr(GPtrArray) sheets = g_ptr_array_new ();
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GString *all = g_string_new ("\n");

  ui_test_collect (GTK_WIDGET (f->window), CASSINO_TYPE_SCORE_SHEET, sheets);
  g_assert_cmpuint (sheets->len, >=, 1);
  ui_test_collect (sheets->pdata[0], GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_is_visible (labels->pdata[i]))
      g_string_append_printf (all, "%s\n", gtk_label_get_text (labels->pdata[i]));
  return g_string_free (all, FALSE);
}

/* Each game of the family, started from the dialog and played to the end
 * of its first deal through the window. */
static void
test_play_each (Fixture       *f,
                gconstpointer  data)
{
  guint i = GPOINTER_TO_UINT (data);
  CassinoNewGameDialog *dialog;
  const CassinoRules *r;
  g_autofree char *texts = NULL;
  guint turns = 0;

  cassino_game_controller_set_move_delay (f->controller, 0);
  /* the same deal at every run: a random one let the computer, playing
   * first, end a Callabra deal with its first sweep before the player's
   * first turn (the first sweep ends the deal there) */
  g_random_set_seed (20261125 + i);
  dialog = open_dialog (f);
  choose (combo_row (dialog, "_Game"), games[i].family);
  choose (combo_row (dialog, "_Variant"), games[i].variant);
  gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL);
  iterate (50);
  r = cassino_game_get_rules (cassino_game_controller_get_game (f->controller));
  g_assert_cmpint (r->preset, ==, games[i].preset);
  g_assert_cmpstr (cassino_window_get_page (f->window), ==, "table");
  /* from the new game on: a computer's move in the game it replaced (a
   * classic sweep has no word) is not this game's */
  g_signal_connect (f->controller, "move-played", G_CALLBACK (on_move_played_cb), f);

  while (state_of (f) == CASSINO_GAME_PLAYING)
    {
      CassinoMove move;

      WAIT_FOR (cassino_game_controller_is_human_turn (f->controller) || state_of (f) != CASSINO_GAME_PLAYING, 60);
      if (state_of (f) != CASSINO_GAME_PLAYING)
        break;
      iterate (10);
      check_pile (f);
      if (turns == 0)
        {
          g_autofree char *seats = panel_texts (f);

          /* the pile line counts the game's suit: coins in Scopa, clubs
           * in Pasur, none in the others */
          g_assert_nonnull (strstr (seats, "\nPile "));
          g_assert_true ((strstr (seats, "\xc2\xa0" "coin") != NULL) == (r->scoring == CASSINO_SCORING_SCOPA));
          g_assert_true ((strstr (seats, "\xc2\xa0" "club") != NULL) == (r->scoring == CASSINO_SCORING_PASUR));
          g_assert_null (strstr (seats, "\xc2\xa0" "spade"));
          /* a count stays with its word where a narrow panel's pile
           * line wraps ("1" ended a line, "coin" began the next) */
          {
            g_autoptr(GPtrArray) labels = g_ptr_array_new ();

            ui_test_collect (GTK_WIDGET (cassino_window_get_table_view (f->window)), GTK_TYPE_LABEL, labels);
            for (guint k = 0; k < labels->len; k++)
              {
                PangoLayout *layout = gtk_label_get_layout (labels->pdata[k]);
                const char *text = pango_layout_get_text (layout);

                if (!g_str_has_prefix (text, "Pile ") || !gtk_widget_get_mapped (labels->pdata[k]))
                  continue;
                for (int line = 0; line + 1 < pango_layout_get_line_count (layout); line++)
                  {
                    PangoLayoutLine *l = pango_layout_get_line_readonly (layout, line);
                    const char *end = text + l->start_index + l->length;

                    while (end > text + l->start_index && end[-1] == ' ')
                      end--;
                    if (end > text && g_ascii_isdigit (end[-1]))
                      g_error ("“%s” breaks its line after a number", text);
                  }
              }
          }
          /* the stock's place: none where the whole pack is dealt at once
           * (the Scopones showed an empty outline all game long) */
          {
            g_autoptr(GPtrArray) cards = g_ptr_array_new ();
            gboolean stock_shown = FALSE;

            ui_test_collect (GTK_WIDGET (cassino_window_get_table_view (f->window)), CASSINO_TYPE_CARD_WIDGET, cards);
            for (guint k = 0; k < cards->len; k++)
              if (g_strcmp0 (cassino_card_widget_get_name (cards->pdata[k]), "The stock") == 0)
                {
                  /* its tooltip says so, and a screen reader too (it was
                   * cleared at the stock's first count) */
                  g_assert_cmpstr (gtk_widget_get_tooltip_text (cards->pdata[k]), ==, "The stock");
                  if (gtk_widget_get_visible (cards->pdata[k]))
                    {
                      g_autofree char *said =
                        g_strdup_printf ("The stock: %u cards face down",
                                         cassino_position_stock_count (cassino_game_get_position (
                                           cassino_game_controller_get_game (f->controller))));

                      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cards->pdata[k]),
                                                           GTK_ACCESSIBLE_PROPERTY_LABEL, said);
                    }
                  stock_shown = gtk_widget_get_visible (cards->pdata[k]);
                }
            g_assert_true (stock_shown == (r->deck > r->n_players * r->hand_size + r->table_initial));
            g_assert_true (stock_shown == (games[i].preset != CASSINO_PRESET_SCOPONE &&
                                           games[i].preset != CASSINO_PRESET_SCOPONE_SCIENTIFICO));
          }
        }
      move = pick (f);
      play_through_window (f, &move);
      turns++;
    }
  g_assert_cmpuint (turns, >, 0);
  g_assert_cmpint (state_of (f), !=, CASSINO_GAME_PLAYING);
  WAIT_FOR (g_strcmp0 (cassino_window_get_page (f->window), "score") == 0, 10);
  /* the way on has the focus, as the keyboard finds it (in Xeri, a
   * single deal, Enter did nothing at "Anna Wins!") */
  iterate (300);
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));

    g_assert_true (GTK_IS_BUTTON (focus));
    g_assert_true (gtk_widget_get_mapped (focus));
    g_assert_true (gtk_widget_has_css_class (focus, "suggested-action"));
    g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==,
                     state_of (f) == CASSINO_GAME_OVER ? "_New Game…" : "Next _Deal");
  }
  texts = sheet_texts (f);
  g_test_message ("%s: %u turns, %u sweeps announced; sheet:%s", games[i].variant, turns, f->sweeps_seen, texts);
  g_assert_nonnull (strstr (texts, "\nDeal total\n"));
  /* the sweeps each side made, counted one by one (a scoring that values
   * each xeri scored them in one and the sheet said "1 sweep") */
  if (r->sweeps)
    {
      const CassinoPosition *end = cassino_game_get_position (cassino_game_controller_get_game (f->controller));

      for (guint s = 0; s < r->n_sides; s++)
        if (end->sweeps[s])
          {
            /* under the game's own word ("Scope", "Xeri"), the count alone
             * (it said "2 sweeps" under "Scope") */
            gboolean own_word = g_strcmp0 (cassino_score_sheet_category_title (r, CASSINO_CATEGORY_SWEEPS),
                                           cassino_category_get_title (CASSINO_CATEGORY_SWEEPS)) != 0;
            g_autofree char *want = own_word
              ? g_strdup_printf ("\n× %u\n", end->sweeps[s])
              : g_strdup_printf ("\n%u sweep%s\n", end->sweeps[s], end->sweeps[s] > 1 ? "s" : "");

            /* (in Xeri, Diloti and Tablanette a side makes two here) */
            g_assert_nonnull (strstr (texts, want));
          }
    }
  switch (r->scoring)
    {
    case CASSINO_SCORING_SCOPA:
      g_assert_nonnull (strstr (texts, "\nPrimiera\n"));
      /* a side's primiera: its best card of each suit and their total,
       * "7♦ 7♥ 6♣ A♠ · 78" */
      {
        const CassinoGame *game = cassino_game_controller_get_game (f->controller);
        const CassinoPosition *end = cassino_game_get_position (game);
        gboolean any = FALSE;

        g_assert_true (end->deal_over);
        for (guint s = 0; s < r->n_sides; s++)
          any |= cassino_primiera (end->piles[s]) > 0;
        g_assert_true (g_regex_match_simple ("\n(\\S+ ){4}· [0-9]+\n", texts, 0, 0) == any);
      }
      g_assert_nonnull (strstr (texts, "\nSettebello (7♦)\n"));
      g_assert_nonnull (strstr (texts, "\nCoins\n"));
      g_assert_nonnull (strstr (texts, "\nScope\n"));
      break;
    case CASSINO_SCORING_XERI:
      g_assert_nonnull (strstr (texts, "\nTens and Courts\n"));
      g_assert_nonnull (strstr (texts, "\nXeri\n"));
      break;
    case CASSINO_SCORING_TABLANETTE:
      g_assert_nonnull (strstr (texts, "\nTablas\n"));
      g_assert_nonnull (strstr (texts, "\nTwo of Clubs\n"));
      break;
    case CASSINO_SCORING_PASUR:
      g_assert_nonnull (strstr (texts, "\nClubs\n"));
      g_assert_nonnull (strstr (texts, "\nJacks\n"));
      break;
    default:
      g_assert_nonnull (strstr (texts, "\nCards\n"));
      break;
    }
  g_signal_handlers_disconnect_by_func (f->controller, on_move_played_cb, f);
}

/* A deal of @preset for seed @seed with seat 0 to play first. */
static CassinoGame *
first_deal (CassinoPreset preset,
            guint64       seed)
{
  CassinoRules rules;
  CassinoGame *game;

  g_assert_true (cassino_rules_init_preset (&rules, preset, 2, NULL));
  game = cassino_game_new (&rules, seed, 1);
  cassino_game_start (game);
  return game;
}

static CassinoGameSetup *
setup_for (CassinoPreset preset)
{
  CassinoGameSetup *setup = cassino_game_setup_new_default ("Tess");

  setup->preset = preset;
  g_free (setup->options);
  setup->options = g_strdup_printf ("\"%s\"", cassino_preset_to_string (preset));
  return setup;
}

/* The first seed from 1 whose first deal of @preset gives seat 0 a move
 * that @want accepts; that move in @out. */
static guint64
find_seed (CassinoPreset preset,
           gboolean    (*want) (const CassinoPosition *pos, const CassinoMoveList *list, CassinoMove *out),
           CassinoMove  *out)
{
  for (guint64 seed = 1; seed < 20000; seed++)
    {
      CassinoGame *game = first_deal (preset, seed);
      const CassinoPosition *pos = cassino_game_get_position (game);
      CassinoMoveList list;
      gboolean found;

      cassino_move_list_init (&list);
      cassino_game_legal_moves (game, &list);
      found = pos->to_move == 0 && want (pos, &list, out);
      cassino_move_list_clear (&list);
      cassino_game_unref (game);
      if (found)
        return seed;
    }
  g_error ("no deal found");
  return 0;
}

/* a card with a capture whose trail is not legal */
static gboolean
want_forced (const CassinoPosition *pos,
             const CassinoMoveList *list,
             CassinoMove           *out)
{
  for (guint i = 0; i < list->len; i++)
    if (list->moves[i].type == CASSINO_MOVE_CAPTURE)
      {
        gboolean trail = FALSE;

        for (guint k = 0; k < list->len; k++)
          if (list->moves[k].type == CASSINO_MOVE_TRAIL && list->moves[k].card == list->moves[i].card)
            trail = TRUE;
        if (!trail)
          {
            *out = list->moves[i];
            return TRUE;
          }
      }
  return FALSE;
}

/* a card with a capture of one table card (a Tablanette jack takes
 * no single card) whose trail is legal too */
static gboolean
want_optional (const CassinoPosition *pos,
               const CassinoMoveList *list,
               CassinoMove           *out)
{
  for (guint i = 0; i < list->len; i++)
    if (list->moves[i].type == CASSINO_MOVE_CAPTURE && cassino_cards_count (list->moves[i].set) == 1)
      for (guint k = 0; k < list->len; k++)
        if (list->moves[k].type == CASSINO_MOVE_TRAIL && list->moves[k].card == list->moves[i].card)
          {
            *out = list->moves[i];
            return TRUE;
          }
  return FALSE;
}

static gboolean
want_sweep (const CassinoPosition *pos,
            const CassinoMoveList *list,
            CassinoMove           *out)
{
  for (guint i = 0; i < list->len; i++)
    if (list->moves[i].type == CASSINO_MOVE_CAPTURE && (list->moves[i].flags & CASSINO_MOVE_FLAG_SWEEP))
      {
        *out = list->moves[i];
        return TRUE;
      }
  return FALSE;
}

/* Scopa's forced capture: a card that can take may not trail, and the
 * action bar says which capture it must make. */
static void
test_forced_capture (Fixture       *f,
                     gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_for (CASSINO_PRESET_SCOPA);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *start = NULL;
  CassinoMove take;
  guint64 seed = find_seed (CASSINO_PRESET_SCOPA, want_forced, &take);
  gboolean is_error = FALSE;

  g_assert_true (cassino_game_controller_start_tagged (f->controller, setup, seed, 1, NULL, &error));
  g_assert_no_error (error);
  WAIT_FOR (cassino_game_controller_is_human_turn (f->controller), 10);
  g_assert_true (cassino_game_controller_select_card (f->controller, take.card));
  /* "You must capture: the 5♠ can take 5♣" */
  start = g_strdup_printf ("You must capture: the %s can take ", cassino_card_short_name (take.card));
  g_assert_true (g_str_has_prefix (cassino_game_controller_get_prompt (f->controller, &is_error), start));
  g_assert_true (g_str_has_prefix (cassino_window_get_prompt_text (f->window), start));
  {
    CassinoMoveList list;

    cassino_move_list_init (&list);
    cassino_game_legal_moves (cassino_game_controller_get_game (f->controller), &list);
    expected = cassino_move_text_forced_capture (pos_of (f), list.moves, list.len, take.card);
    cassino_move_list_clear (&list);
  }
  g_assert_cmpstr (cassino_window_get_prompt_text (f->window), ==, expected);

  /* trailing it (a drop on the bare table) is refused, the reason stays */
  cassino_game_controller_drop_card (f->controller, take.card, 0);
  iterate (20);
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (f->controller))->plays->len, ==, 0);
  g_assert_true (g_str_has_prefix (cassino_window_get_prompt_text (f->window), "You must capture: "));
}

/* A card that can take or trail: the action bar asks for table cards
 * to take, in the words of the game: "build on" only where building is
 * (Tablanette has none: it said "to take or build on" in every game). */
static void
test_choose_words (Fixture       *f,
                   gconstpointer  data)
{
  static const struct { CassinoPreset preset; const char *prompt; } cases[] = {
    { CASSINO_PRESET_TABLANETTE, "Or choose cards on the table to take" },
    { CASSINO_PRESET_CLASSIC, "Or choose cards on the table to take or build on" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CassinoGameSetup) setup = setup_for (cases[i].preset);
      g_autoptr(GError) error = NULL;
      CassinoMove take;
      guint64 seed = find_seed (cases[i].preset, want_optional, &take);
      gboolean is_error = TRUE;

      g_assert_true (cassino_game_controller_start_tagged (f->controller, setup, seed, 1, NULL, &error));
      g_assert_no_error (error);
      WAIT_FOR (cassino_game_controller_is_human_turn (f->controller), 10);
      g_assert_true (cassino_game_controller_select_card (f->controller, take.card));
      g_assert_cmpstr (cassino_game_controller_get_prompt (f->controller, &is_error), ==, cases[i].prompt);
      g_assert_false (is_error);
      g_assert_cmpstr (cassino_window_get_prompt_text (f->window), ==, cases[i].prompt);
    }
}

/* A sweep in Scopa: the action bar says "— Scopa!" before it, a toast
 * "Scopa! — Tess" after it, and the log in the game's word. */
static void
test_sweep_word (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_for (CASSINO_PRESET_SCOPA);
  g_autoptr(GError) error = NULL;
  CassinoMove sweep;
  guint64 seed = find_seed (CASSINO_PRESET_SCOPA, want_sweep, &sweep);

  g_signal_connect (f->controller, "move-played", G_CALLBACK (on_move_played_cb), f);
  g_assert_true (cassino_game_controller_start_tagged (f->controller, setup, seed, 1, NULL, &error));
  g_assert_no_error (error);
  WAIT_FOR (cassino_game_controller_is_human_turn (f->controller), 10);
  /* the hint takes the sweep, and says the word */
  {
    CassinoMove hint;

    cassino_game_controller_request_hint (f->controller);
    WAIT_FOR (cassino_game_controller_get_hint (f->controller, &hint), 30);
    g_assert_true (hint.flags & CASSINO_MOVE_FLAG_SWEEP);
    g_assert_true (g_str_has_prefix (cassino_game_controller_get_hint_text (f->controller), "Hint: "));
    g_assert_true (g_str_has_suffix (cassino_game_controller_get_hint_text (f->controller), " Scopa!"));
    sweep = hint;
    cassino_game_controller_clear_selection (f->controller);
  }
  play_through_window (f, &sweep);
  g_assert_cmpuint (f->sweeps_seen, ==, 1);
  g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, "Scopa! — Tess");
  /* the pile line counts it in the game's word, as the score sheet does */
  {
    g_autofree char *seats = panel_texts (f);

    /* (a count and its word held together by a no-break space) */
#define NBSP "\xc2\xa0"
    g_assert_true (g_regex_match_simple ("\nPile [0-9]+" NBSP "cards · [0-9]+" NBSP "coins? · Scope" NBSP "●\n", seats, 0, 0));
    g_assert_null (strstr (seats, "sweeps"));
  }
  g_signal_handlers_disconnect_by_func (f->controller, on_move_played_cb, f);
}

/* The side panel's tally of the deal lists Scopa's categories in its
 * words, not Cassino's. */
static void
test_side_tally (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = setup_for (CASSINO_PRESET_SCOPA);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GString *texts = g_string_new ("\n");

  ui_test_resize (GTK_WINDOW (f->window), 1280, 800);
  g_assert_true (cassino_game_controller_start_tagged (f->controller, setup, 3, 1, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-log", NULL));
  iterate (300);
  ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (gtk_widget_get_mapped (labels->pdata[i]) && gtk_widget_get_ancestor (labels->pdata[i], GTK_TYPE_GRID))
      g_string_append_printf (texts, "%s\n", gtk_label_get_label (labels->pdata[i]));
  g_assert_nonnull (strstr (texts->str, "\nCoins\n"));
  g_assert_nonnull (strstr (texts->str, "\nSettebello (7♦)\n"));
  g_assert_nonnull (strstr (texts->str, "\nPrimiera\n"));
  g_assert_nonnull (strstr (texts->str, "\nScope\n"));
  g_assert_null (strstr (texts->str, "\nBig Cassino\n"));
  g_assert_null (strstr (texts->str, "\nSpades\n"));
  g_string_free (texts, TRUE);
}

/* Whether a drop-down under @view offers @choice. */
static gboolean
offers (GtkWidget  *view,
        const char *choice)
{
  g_autoptr(GPtrArray) downs = g_ptr_array_new ();

  ui_test_collect (view, GTK_TYPE_DROP_DOWN, downs);
  for (guint i = 0; i < downs->len; i++)
    {
      GListModel *model = gtk_drop_down_get_model (downs->pdata[i]);

      for (guint k = 0; model && GTK_IS_STRING_LIST (model) && k < g_list_model_get_n_items (model); k++)
        if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), k), choice) == 0)
          return TRUE;
    }
  return FALSE;
}

/* History and Statistics filter by every game of the family. */
static void
test_filters (Fixture       *f,
              gconstpointer  data)
{
  GtkWidget *history, *stats;

  cassino_window_set_top_page (f->window, "history");
  iterate (100);
  cassino_window_set_top_page (f->window, "statistics");
  iterate (100);
  history = GTK_WIDGET (cassino_window_get_history_view (f->window));
  stats = GTK_WIDGET (cassino_window_get_stats_view (f->window));
  g_assert_nonnull (history);
  g_assert_nonnull (stats);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_assert_true (offers (history, cassino_preset_get_title (games[i].preset)));
      g_assert_true (offers (stats, cassino_preset_get_title (games[i].preset)));
    }
  g_assert_true (offers (history, "Classic"));
}

/* A seat's pile line keeps its sweep dots with their word: "Scope ●●"
 * broke between them in a narrow plate, the dots alone under it. */
static void
test_pile_line_dots (void)
{
  CassinoSeatPanel *panel = g_object_ref_sink (cassino_seat_panel_new ());
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  const char *line = NULL;

  cassino_seat_panel_set_counted_suit (panel, CASSINO_SUIT_DIAMONDS);
  cassino_seat_panel_set_sweep_word (panel, "Scope");
  cassino_seat_panel_update (panel, "Chiara", "Computer", 3, FALSE,
                             CASSINO_CARD_BIT (CASSINO_CARD (4, CASSINO_SUIT_DIAMONDS)) |
                             CASSINO_CARD_BIT (CASSINO_CARD (5, CASSINO_SUIT_DIAMONDS)) |
                             CASSINO_CARD_BIT (CASSINO_CARD (6, CASSINO_SUIT_DIAMONDS)),
                             2, FALSE, FALSE, FALSE);
  ui_test_collect (GTK_WIDGET (panel), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (labels->pdata[i]), "●"))
      line = gtk_label_get_text (labels->pdata[i]);
  g_assert_nonnull (line);
  g_test_message ("pile line: %s", line);
  g_assert_nonnull (strstr (line, "Scope\u00a0●●"));
  g_assert_null (strstr (line, "Scope ●"));
  g_object_unref (panel);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("GTK_A11Y", "test", TRUE);
  the_app = ui_test_start_app (&argc, &argv, &bus);

  g_test_add ("/cassino/ui-family/dialog-families", Fixture, NULL, fixture_setup, test_dialog_families, fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cassino/ui-family/play/%s", cassino_preset_to_string (games[i].preset));

      g_test_add (path, Fixture, GUINT_TO_POINTER (i), fixture_setup, test_play_each, fixture_teardown);
    }
  g_test_add ("/cassino/ui-family/forced-capture", Fixture, NULL, fixture_setup, test_forced_capture, fixture_teardown);
  g_test_add ("/cassino/ui-family/choose-words", Fixture, NULL, fixture_setup, test_choose_words, fixture_teardown);
  g_test_add ("/cassino/ui-family/sweep-word", Fixture, NULL, fixture_setup, test_sweep_word, fixture_teardown);
  g_test_add_func ("/cassino/ui-family/pile-line-dots", test_pile_line_dots);
  g_test_add ("/cassino/ui-family/filters", Fixture, NULL, fixture_setup, test_filters, fixture_teardown);
  g_test_add ("/cassino/ui-family/side-tally", Fixture, NULL, fixture_setup, test_side_tally, fixture_teardown);

  status = g_test_run ();
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  return status;
}
