/* test-ui-dialogs.c: the preferences and the new game dialog's advanced
 * rules, in a real window under Xvfb
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cassino-application.h"
#include "cassino-card-widget.h"
#include "cassino-game-controller.h"
#include "cassino-new-game-dialog.h"
#include "cassino-preferences-window.h"
#include "cassino-table-view.h"
#include "cassino-toast.h"
#include "cassino-window.h"
#include "test-ui-util.h"

static CassinoApplication *the_app;

typedef struct {
  CassinoWindow *window;
  GSettings     *settings;
  char          *tmpdir;
  char          *database;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->tmpdir = g_dir_make_tmp ("cassino-ui-dialogs-XXXXXX", &error);
  g_assert_no_error (error);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);
  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_set_enum (f->settings, "animation-speed", 0);
  g_settings_set_string (f->settings, "player-name", "Tess");

  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  /* every window the test opened */
  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      gtk_window_destroy (w);
    }
  iterate (50);
  g_clear_object (&f->settings);
  ui_test_remove_dir (f->tmpdir);
  g_free (f->tmpdir);
  g_free (f->database);
}

/* Preferences → Default Game → Change… opens the new game dialog. */
static void
test_preferences_change (Fixture       *f,
                         gconstpointer  data)
{
  CassinoPreferencesWindow *preferences;
  GtkWidget *change;

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "preferences", NULL);
  iterate (50);
  preferences = ui_test_find_window (CASSINO_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)), 10);

  change = ui_test_find_button (GTK_WIDGET (preferences), "_Change…");
  g_assert_nonnull (change);
  g_assert_true (gtk_widget_is_sensitive (change));
  g_assert_null (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG));
  /* as a click: the button's activation plays out over 250 ms */
  g_assert_true (gtk_widget_activate (change));
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG) != NULL, 10);
}

/* Closing the preferences gives the keyboard back to the table, at the
 * card it was on.  (Under Xvfb without a window manager nothing makes the
 * window active again, so no focus shows anywhere until it is clicked:
 * the outside tester's "focus lost after Preferences".) */
static void
test_preferences_focus_back (Fixture       *f,
                             gconstpointer  data)
{
  CassinoPreferencesWindow *preferences;
  CassinoTableView *table = cassino_window_get_table_view (f->window);
  GtkWidget *before, *after;

  WAIT_FOR (cassino_game_controller_is_human_turn (cassino_window_get_controller (f->window)), 30);
  WAIT_FOR (!cassino_table_view_is_animating (table), 30);
  iterate (100);
  before = gtk_root_get_focus (GTK_ROOT (f->window));
  g_test_message ("focus before: %s", before ? G_OBJECT_TYPE_NAME (before) : "none");
  g_assert_true (CASSINO_IS_CARD_WIDGET (before));

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "preferences", NULL);
  iterate (50);
  preferences = ui_test_find_window (CASSINO_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)), 10);
  gtk_window_close (GTK_WINDOW (preferences));
  WAIT_FOR (ui_test_find_window (CASSINO_TYPE_PREFERENCES_WINDOW) == NULL, 10);
  iterate (100);
  after = gtk_root_get_focus (GTK_ROOT (f->window));
  g_test_message ("focus after: %s", after ? G_OBJECT_TYPE_NAME (after) : "none");
  g_assert_true (after == before);
}

/* The preferences name a default game with house rules as custom. */
static void
test_preferences_custom_game (Fixture       *f,
                              gconstpointer  data)
{
  CassinoPreferencesWindow *preferences;

  g_settings_set_string (f->settings, "last-game",
                         "{\"rules\":{\"preset\":\"american\",\"sweeps\":false},\"players\":2,"
                         "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"computer\",\"level\":\"hard\"}]}");
  preferences = cassino_preferences_window_new (GTK_WINDOW (f->window));
  gtk_window_present (GTK_WINDOW (preferences));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)), 10);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (preferences),
                              "Custom, based on American (1867) — Tess, Anna (Hard)"));

  g_settings_set_string (f->settings, "last-game", "{\"rules\":\"american\",\"players\":2}");
  iterate (20);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (preferences), "American (1867) — Tess, Anna (Medium)"));

  /* a name is shown as it is typed (the row read it as markup: "&" left
   * it empty, with a warning) */
  g_settings_set_string (f->settings, "last-game",
                         "{\"rules\":\"american\",\"players\":2,"
                         "\"seats\":[{\"kind\":\"human\"},{\"kind\":\"computer\",\"level\":\"hard\",\"name\":\"Rob & <Di>\"}]}");
  iterate (20);
  g_assert_true (ui_test_shows_text (GTK_WIDGET (preferences), "American (1867) — Tess, Rob & <Di> (Hard)"));
}

static CassinoNewGameDialog *
open_dialog (Fixture *f)
{
  CassinoNewGameDialog *dialog;

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "new-game", NULL);
  iterate (50);
  dialog = ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)), 10);
  return dialog;
}

/* The seats' drop-downs line up, so do the rows' edit icons beside them
 * ("Human" and "Computer · Medium" moved them sideways). */
static void
test_seat_rows_aligned (Fixture       *f,
                        gconstpointer  data)
{
  CassinoNewGameDialog *dialog;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  double left = -1;
  guint checked = 0;

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "new-game", NULL);
  iterate (50);
  dialog = ui_test_find_window (CASSINO_TYPE_NEW_GAME_DIALOG);
  g_assert_nonnull (dialog);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (dialog)), 10);
  iterate (50);
  ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
      graphene_rect_t r;

      if (!gtk_widget_get_mapped (rows->pdata[i]))
        continue;
      ui_test_collect (rows->pdata[i], GTK_TYPE_DROP_DOWN, kinds);
      g_assert_cmpuint (kinds->len, ==, 1);
      g_assert_true (gtk_widget_compute_bounds (kinds->pdata[0], GTK_WIDGET (dialog), &r));
      g_test_message ("seat %u: drop-down at x %.0f, %.0f wide", i + 1, r.origin.x, r.size.width);
      if (left < 0)
        left = r.origin.x;
      g_assert_cmpfloat_with_epsilon (r.origin.x, left, 0.5);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 2);
  /* each seat's list of players is named for its seat (every one was
   * "Choose a Player") */
  {
    g_autoptr(GPtrArray) people = g_ptr_array_new ();
    guint seat = 0;

    ui_test_collect (GTK_WIDGET (dialog), GTK_TYPE_MENU_BUTTON, people);
    for (guint i = 0; i < people->len; i++)
      if (g_strcmp0 (gtk_widget_get_tooltip_text (people->pdata[i]), "Choose a Player") == 0)
        {
          g_autofree char *expected = g_strdup_printf ("Choose a Player for Seat %u", ++seat);

          g_assert_cmpstr (g_object_get_data (people->pdata[i], "cassino-a11y-name"), ==, expected);
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (people->pdata[i]), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
        }
    g_assert_cmpuint (seat, >=, 2);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A game whose deal is the game (Xeri): its length reads "A single deal",
 * not "A game to the target" over "In this variant one deal is the
 * game"; the same in a game to a target (Scopa) is left alone. */
static void
test_length_single_deal (Fixture       *f,
                         gconstpointer  data)
{
  static const struct { CassinoPreset preset; CassinoFormat format; const char *subtitle; } cases[] = {
    { CASSINO_PRESET_XERI, CASSINO_FORMAT_SINGLE, "Most points after one deal wins" },
    { CASSINO_PRESET_CALLABRA, CASSINO_FORMAT_SINGLE, "Most points after one deal wins" },
    { CASSINO_PRESET_SCOPA, CASSINO_FORMAT_TARGET, "First to 11 points wins" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
      g_autoptr(CassinoGameSetup) shown = NULL;
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      CassinoNewGameDialog *dialog;
      AdwComboRow *length = NULL;

      setup->preset = cases[i].preset;
      g_free (setup->options);
      setup->options = g_strdup (cassino_preset_to_string (cases[i].preset));
      setup->format = CASSINO_FORMAT_TARGET;
      dialog = cassino_new_game_dialog_new (GTK_WINDOW (f->window), setup);
      gtk_window_present (GTK_WINDOW (dialog));
      iterate (50);
      ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
      for (guint r = 0; r < rows->len; r++)
        if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[r]), "_Length") == 0)
          length = rows->pdata[r];
      g_assert_nonnull (length);
      g_assert_cmpuint (adw_combo_row_get_selected (length), ==, cases[i].format);
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (length)), ==, cases[i].subtitle);
      shown = cassino_new_game_dialog_get_setup (dialog, NULL);
      g_assert_nonnull (shown);
      g_assert_cmpint (shown->format, ==, cases[i].format);
      /* chosen again: back to the single deal, said so */
      adw_combo_row_set_selected (length, CASSINO_FORMAT_TARGET);
      g_assert_cmpuint (adw_combo_row_get_selected (length), ==, cases[i].format);
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate (20);
    }

  /* the single deal is the game's: the next game with a target is played
   * to it (Xeri, then Diloti stayed "A single deal", and a Diloti of one
   * deal was dealt; after Callabra, Classic too) */
  for (guint from_setup = 0; from_setup < 2; from_setup++)
    {
      g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
      g_autoptr(CassinoGameSetup) shown = NULL;
      g_autoptr(GPtrArray) rows = g_ptr_array_new ();
      CassinoNewGameDialog *dialog;
      AdwComboRow *length = NULL, *game = NULL, *variant = NULL;

      setup->preset = from_setup ? CASSINO_PRESET_CALLABRA : CASSINO_PRESET_XERI;
      g_free (setup->options);
      setup->options = g_strdup (cassino_preset_to_string (setup->preset));
      setup->format = from_setup ? CASSINO_FORMAT_SINGLE : CASSINO_FORMAT_TARGET;
      dialog = cassino_new_game_dialog_new (GTK_WINDOW (f->window), setup);
      gtk_window_present (GTK_WINDOW (dialog));
      iterate (50);
      ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
      for (guint r = 0; r < rows->len; r++)
        {
          const char *title = adw_preferences_row_get_title (rows->pdata[r]);

          if (g_strcmp0 (title, "_Length") == 0)
            length = rows->pdata[r];
          else if (g_strcmp0 (title, "_Game") == 0)
            game = rows->pdata[r];
          else if (g_strcmp0 (title, "_Variant") == 0)
            variant = rows->pdata[r];
        }
      g_assert_nonnull (length);
      g_assert_nonnull (game);
      g_assert_nonnull (variant);
      g_assert_cmpuint (adw_combo_row_get_selected (length), ==, CASSINO_FORMAT_SINGLE);
      if (from_setup)
        adw_combo_row_set_selected (game, 0);          /* Cassino: Classic */
      else
        adw_combo_row_set_selected (variant, 1);       /* Diloti */
      iterate (20);
      shown = cassino_new_game_dialog_get_setup (dialog, NULL);
      g_assert_nonnull (shown);
      g_assert_cmpint (shown->preset, ==, from_setup ? CASSINO_PRESET_CLASSIC : CASSINO_PRESET_DILOTI);
      g_assert_cmpuint (adw_combo_row_get_selected (length), ==, CASSINO_FORMAT_TARGET);
      g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (length)), ==,
                       from_setup ? "First to 21 points wins" : "First to 61 points wins");
      /* a single deal the player chose stays */
      adw_combo_row_set_selected (length, CASSINO_FORMAT_SINGLE);
      adw_combo_row_set_selected (game, 4);            /* Callabra */
      iterate (20);
      adw_combo_row_set_selected (game, 0);
      iterate (20);
      g_assert_cmpuint (adw_combo_row_get_selected (length), ==, CASSINO_FORMAT_SINGLE);
      gtk_window_destroy (GTK_WINDOW (dialog));
      iterate (20);
    }
}

static GtkWidget *
option_control (CassinoNewGameDialog *dialog,
                const char           *name,
                GType                 type)
{
  GtkWidget *row = cassino_new_game_dialog_get_option_row (dialog, name);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  g_assert_nonnull (row);
  ui_test_collect (row, type, found);
  g_assert_cmpuint (found->len, >=, 1);
  return found->pdata[0];
}

static void
select_players (CassinoNewGameDialog *dialog,
                guint                 n)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "_Number of Players") == 0)
      {
        GListModel *model = adw_combo_row_get_model (rows->pdata[i]);

        for (guint k = 0; k < g_list_model_get_n_items (model); k++)
          {
            g_autoptr(GtkStringObject) item = g_list_model_get_item (model, k);

            if ((guint) atoi (gtk_string_object_get_string (item)) == n)
              {
                adw_combo_row_set_selected (rows->pdata[i], k);
                return;
              }
          }
      }
  g_assert_not_reached ();
}

/* At a phone's width (360 px) every value a row of the new game dialog
 * shows is whole: a value of several words wraps, and its rows grow to
 * hold every line ("A game to / the target" showed only "A game to"). */
static void
test_rules_narrow (Fixture       *f,
                   gconstpointer  data)
{
  CassinoNewGameDialog *dialog = open_dialog (f);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  guint checked = 0, wrapped = 0;

  ui_test_collect (GTK_WIDGET (dialog), ADW_TYPE_COMBO_ROW, rows);
  /* a German description, long enough to make the value wrap */
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "_Length") == 0)
      adw_action_row_set_subtitle (rows->pdata[i], "Wer zuerst 21 Punkte hat, gewinnt");
  ui_test_resize (GTK_WINDOW (dialog), 360, 640);
  iterate (200);
  ui_test_rows_whole (GTK_WIDGET (dialog), &checked, &wrapped);
  g_assert_cmpuint (checked, >=, 4);
  g_assert_cmpuint (wrapped, >=, 1);
}

/* Every advanced rule says in words what it does, not its key. */
static void
test_rules_in_words (Fixture       *f,
                     gconstpointer  data)
{
  CassinoNewGameDialog *dialog = open_dialog (f);
  const char *const *names = cassino_rules_option_names ();

  for (guint i = 0; names[i]; i++)
    {
      GtkWidget *row = cassino_new_game_dialog_get_option_row (dialog, names[i]);
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));

      g_test_message ("%s: %s", names[i], subtitle);
      g_assert_nonnull (subtitle);
      g_assert_cmpuint (strlen (subtitle), >, 20);
      g_assert_null (strchr (subtitle, '_'));
      g_assert_cmpstr (subtitle, !=, names[i]);
      g_assert_cmpstr (subtitle, !=, adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
    }
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (cassino_new_game_dialog_get_option_row (dialog, "hand_size"))),
                   ==, "How many cards each player gets at every deal");
}

/* An impossible setting: Deal cannot be pressed, the reason stands beside
 * the option; put right, all is as before. */
static void
test_rules_validate (Fixture       *f,
                     gconstpointer  data)
{
  CassinoNewGameDialog *dialog = open_dialog (f);
  GtkWidget *deal = ui_test_find_button (GTK_WIDGET (dialog), "_Deal");
  GtkWidget *hand = option_control (dialog, "hand_size", GTK_TYPE_SPIN_BUTTON);
  GtkWidget *hand_row = cassino_new_game_dialog_get_option_row (dialog, "hand_size");
  GtkWidget *target = option_control (dialog, "target", GTK_TYPE_SPIN_BUTTON);
  GtkWidget *count = option_control (dialog, "count_as_you_go", GTK_TYPE_SWITCH);
  const char *description = adw_action_row_get_subtitle (ADW_ACTION_ROW (hand_row));
  g_autofree char *saved = g_strdup (description);

  g_assert_nonnull (deal);
  g_assert_true (gtk_widget_is_sensitive (deal));
  g_assert_false (gtk_widget_has_css_class (hand_row, "impossible-option"));

  /* 5 cards each: 52 - 4 does not share out into hands of ten */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (hand), 5);
  iterate (20);
  g_assert_false (gtk_widget_is_sensitive (deal));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (hand_row)), ==,
                   "The stock must share out into equal hands for every player");
  g_assert_true (gtk_widget_has_css_class (hand_row, "impossible-option"));
  g_assert_true (ui_test_shows_label (hand_row, "The stock must share out into equal hands for every player"));
  /* not at the top of the dialog */
  g_assert_false (ui_test_shows_label (GTK_WIDGET (dialog), "option “hand_size”: the stock must share out into equal hands for every player"));

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (hand), 4);
  iterate (20);
  g_assert_true (gtk_widget_is_sensitive (deal));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (hand_row)), ==, saved);
  g_assert_false (gtk_widget_has_css_class (hand_row, "impossible-option"));

  /* counting as you go needs a target: with the target at 0 that option
   * is hidden, so the reason stands beside the target, just changed */
  gtk_switch_set_active (GTK_SWITCH (count), TRUE);
  iterate (20);
  g_assert_true (gtk_widget_is_sensitive (deal));
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (target), 0);
  iterate (20);
  g_assert_false (gtk_widget_is_sensitive (deal));
  g_assert_false (gtk_widget_get_visible (cassino_new_game_dialog_get_option_row (dialog, "count_as_you_go")));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (cassino_new_game_dialog_get_option_row (dialog, "target"))),
                   ==, "Points counted as they are made need a target");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (target), 21);
  iterate (20);
  g_assert_true (gtk_widget_is_sensitive (deal));
}

/* Two seats of one name: Deal refuses and says why (a three-player game
 * after a four-player one dealt with two "Anna", one player in the
 * records and two columns the score sheet could not tell apart). */
static void
test_seat_names_unique (Fixture       *f,
                        gconstpointer  data)
{
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Tess");
  g_autoptr(CassinoGameSetup) shown = NULL;
  g_autoptr(GError) error = NULL;
  CassinoNewGameDialog *dialog;

  setup->n_players = 3;
  for (guint i = 1; i < 3; i++)
    {
      g_free (setup->seats[i].name);
      setup->seats[i].name = g_strdup (i == 1 ? "Anna" : "anna");
      setup->seats[i].kind = CASSINO_SEAT_COMPUTER;
      setup->seats[i].level = CASSINO_LEVEL_EASY;
    }
  dialog = cassino_new_game_dialog_new (GTK_WINDOW (f->window), setup);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate (50);
  shown = cassino_new_game_dialog_get_setup (dialog, &error);
  g_assert_null (shown);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "Two seats are named “anna”: give each player a name of their own.");
  /* Deal says so in the dialog, and starts nothing */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "dialog.start", NULL));
  iterate (20);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (dialog), error->message));
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate (20);

  /* the seats that more players show get names no seat has: after a
   * game against Bruno, three and four players were "Tess, Bruno,
   * Bruno, Chiara" */
  g_clear_pointer (&setup, cassino_game_setup_free);
  g_clear_error (&error);
  setup = cassino_game_setup_new_default ("Tess");
  g_free (setup->seats[1].name);
  setup->seats[1].name = g_strdup ("Bruno");
  dialog = cassino_new_game_dialog_new (GTK_WINDOW (f->window), setup);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate (50);
  for (guint n = 3; n <= 4; n++)
    {
      g_autoptr(CassinoGameSetup) more = NULL;

      select_players (dialog, n);
      iterate (20);
      more = cassino_new_game_dialog_get_setup (dialog, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (more->n_players, ==, n);
      g_assert_cmpstr (more->seats[0].name, ==, "Tess");
      g_assert_cmpstr (more->seats[1].name, ==, "Bruno");
      for (guint i = 2; i < n; i++)
        for (guint j = 0; j < i; j++)
          g_assert_cmpstr (more->seats[i].name, !=, more->seats[j].name);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate (20);
}

/* The variant says "Custom, based on Classic" once a rule changes. */
static void
test_rules_custom (Fixture       *f,
                   gconstpointer  data)
{
  CassinoNewGameDialog *dialog = open_dialog (f);
  GtkWidget *sweeps = option_control (dialog, "sweeps", GTK_TYPE_SWITCH);
  g_autoptr(CassinoGameSetup) setup = NULL;

  g_assert_true (ui_test_shows_label (GTK_WIDGET (dialog), "Classic"));
  g_assert_false (ui_test_shows_label (GTK_WIDGET (dialog), "Custom, based on Classic"));
  gtk_switch_set_active (GTK_SWITCH (sweeps), FALSE);
  iterate (20);
  g_assert_true (ui_test_shows_label (GTK_WIDGET (dialog), "Custom, based on Classic"));
  setup = cassino_new_game_dialog_get_setup (dialog, NULL);
  g_assert_nonnull (strstr (setup->options, "\"sweeps\":false"));
  gtk_switch_set_active (GTK_SWITCH (sweeps), TRUE);
  iterate (20);
  g_assert_false (ui_test_shows_label (GTK_WIDGET (dialog), "Custom, based on Classic"));
  g_assert_true (ui_test_shows_label (GTK_WIDGET (dialog), "Classic"));
}

/* What does not apply is hidden: partners with two or three players,
 * drawing with more than two, a build's options without building, the
 * sweep on the last play without sweeps. */
static void
test_rules_hidden (Fixture       *f,
                   gconstpointer  data)
{
  CassinoNewGameDialog *dialog = open_dialog (f);
  GtkWidget *building = option_control (dialog, "building", GTK_TYPE_SWITCH);
  GtkWidget *sweeps = option_control (dialog, "sweeps", GTK_TYPE_SWITCH);

#define SHOWN(name) gtk_widget_get_visible (cassino_new_game_dialog_get_option_row (dialog, name))
  g_assert_false (SHOWN ("partnerships"));
  g_assert_true (SHOWN ("draw_after_play"));
  g_assert_false (SHOWN ("rubber_games"));
  select_players (dialog, 3);
  iterate (20);
  g_assert_false (SHOWN ("partnerships"));
  g_assert_false (SHOWN ("draw_after_play"));
  select_players (dialog, 4);
  iterate (20);
  g_assert_true (SHOWN ("partnerships"));
  g_assert_false (SHOWN ("draw_after_play"));

  g_assert_true (SHOWN ("multiple_builds"));
  gtk_switch_set_active (GTK_SWITCH (building), FALSE);
  iterate (20);
  g_assert_false (SHOWN ("multiple_builds"));
  g_assert_false (SHOWN ("increase_own_build"));
  g_assert_false (SHOWN ("trail_with_own_build"));
  g_assert_false (SHOWN ("builds_in_sums"));

  g_assert_true (SHOWN ("sweep_on_last_play"));
  gtk_switch_set_active (GTK_SWITCH (sweeps), FALSE);
  iterate (20);
  g_assert_false (SHOWN ("sweep_on_last_play"));
#undef SHOWN
}

/* A dimmed card (no legal move with it) is disabled for a screen reader. */
static void
test_card_dimmed_disabled (void)
{
  CassinoCardWidget *card = g_object_ref_sink (cassino_card_widget_new ());

  cassino_card_widget_set_card (card, 9);
  gtk_test_accessible_assert_role (card, GTK_ACCESSIBLE_ROLE_BUTTON);
  cassino_card_widget_set_marks (card, CASSINO_CARD_MARK_DIMMED);
  gtk_test_accessible_assert_state (card, GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
  cassino_card_widget_set_marks (card, CASSINO_CARD_MARK_NONE);
  gtk_test_accessible_assert_state (card, GTK_ACCESSIBLE_STATE_DISABLED, FALSE);
  cassino_card_widget_set_marks (card, CASSINO_CARD_MARK_DIMMED | CASSINO_CARD_MARK_SELECTED);
  gtk_test_accessible_assert_state (card, GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
  g_object_unref (card);
}

/* A build's tooltip shows the pointer what it is; a screen reader hears
 * that once, as its name, not a second time as its description. */
static void
test_build_named_once (void)
{
  CassinoCardWidget *build = g_object_ref_sink (cassino_card_widget_new ());
  CassinoCards cards;
  const char *name = "Build of 8 owned by Anna: 3♣ 5♥";

  g_assert_true (cassino_cards_parse ("3c 5h", &cards, NULL));
  cassino_card_widget_set_build (build, cards, 8, "Anna", FALSE);
  gtk_test_accessible_assert_property (build, GTK_ACCESSIBLE_PROPERTY_LABEL, name);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (build)), ==, name);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (build), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  /* and after a change of marks (the name is made again) */
  cassino_card_widget_set_marks (build, CASSINO_CARD_MARK_CHOSEN);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (build), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_object_unref (build);
}

/* Pixels of @window's rendering in the band @inner..@outer px outside
 * @r: how many are near white, how many near black. */
static void
count_ring (GtkWidget             *window,
            const graphene_rect_t *r,
            double                 inner,
            double                 outer,
            guint                 *n_light,
            guint                 *n_dark)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  int w = gtk_widget_get_width (window), h = gtk_widget_get_height (window);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  const guint8 *data;
  int stride;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  *n_light = *n_dark = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double dx = MAX (r->origin.x - x, x - (r->origin.x + r->size.width));
        double dy = MAX (r->origin.y - y, y - (r->origin.y + r->size.height));
        double d = MAX (dx, dy);
        guint32 px;
        double lum;

        if (d < inner || d > outer)
          continue;
        px = *(const guint32 *) (data + y * stride + x * 4);
        lum = (0.2126 * ((px >> 16) & 0xff) + 0.7152 * ((px >> 8) & 0xff) + 0.0722 * (px & 0xff)) / 255.0;
        if (lum > 0.9)
          (*n_light)++;
        else if (lum < 0.2)
          (*n_dark)++;
      }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The keyboard focus on a card is a ring that shows on the felt: white
 * and dark pixels around the card, where there were none. */
static void
test_card_focus_ring (Fixture       *f,
                      gconstpointer  data)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *felt = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  CassinoCardWidget *card = cassino_card_widget_new ();
  graphene_rect_t bounds;
  guint light_before, dark_before, light, dark;

  gtk_widget_add_css_class (felt, "felt");
  gtk_widget_set_size_request (GTK_WIDGET (card), 100, 140);
  gtk_widget_set_halign (GTK_WIDGET (card), GTK_ALIGN_CENTER);
  gtk_widget_set_valign (GTK_WIDGET (card), GTK_ALIGN_CENTER);
  gtk_widget_set_vexpand (GTK_WIDGET (card), TRUE);
  cassino_card_widget_set_card (card, 9);
  gtk_box_append (GTK_BOX (felt), GTK_WIDGET (card));
  gtk_window_set_child (GTK_WINDOW (window), felt);
  gtk_window_set_default_size (GTK_WINDOW (window), 260, 300);
  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (card)) && gtk_widget_get_width (GTK_WIDGET (card)) > 0, 10);
  iterate (50);
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (card), window, &bounds));

  count_ring (window, &bounds, 2, 14, &light_before, &dark_before);
  gtk_widget_set_state_flags (GTK_WIDGET (card), GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUSED, FALSE);
  iterate (50);
  count_ring (window, &bounds, 2, 14, &light, &dark);
  g_test_message ("around the card: %u light, %u dark pixels before; %u and %u focused",
                  light_before, dark_before, light, dark);
  /* a ring of at least 3 px white all round (the card is 100 × 140) */
  g_assert_cmpuint (light, >=, light_before + 3 * 2 * (100 + 140));
  g_assert_cmpuint (dark, >=, dark_before + 2 * (100 + 140));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A long message is a headline and a Details button (a toast is one line,
 * cut with "…": the reason went); the button opens all of it. */
static void
test_toast_details (Fixture       *f,
                    gconstpointer  data)
{
  const char *long_text = "This game could not be saved — Cassino keeps trying with every move. "
                          "The database “/tmp/a & b.db” is busy: another program is using it.";
  g_autofree char *rest = NULL;
  g_autofree char *head = NULL;
  g_autoptr(AdwToast) short_toast = NULL;
  g_autoptr(AdwToast) toast = NULL;
  g_autoptr(GList) before = NULL;
  g_autoptr(GList) after = NULL;
  AdwMessageDialog *dialog = NULL;

  /* the headline: the first break, after a few characters */
  {
    static const struct { const char *text, *head, *rest; } cases[] = {
      { "The game was not deleted: database is locked", "The game was not deleted", "Database is locked" },
      { "Note: the file “a.db”. Saved.", "Note: the file “a.db”", "Saved." },
      { "Das Spiel wurde nicht gelöscht: über die Datenbank", "Das Spiel wurde nicht gelöscht", "Über die Datenbank" },
      { "Dieses Spiel konnte nicht gespeichert werden – Cassino versucht es",
        "Dieses Spiel konnte nicht gespeichert werden", "Cassino versucht es" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        head = cassino_toast_split_headline (cases[i].text, &rest);
        g_assert_cmpstr (head, ==, cases[i].head);
        g_assert_cmpstr (rest, ==, cases[i].rest);
        g_clear_pointer (&head, g_free);
        g_clear_pointer (&rest, g_free);
      }
  }
  g_assert_null (cassino_toast_split_headline ("One sentence without any break at all", &rest));
  g_assert_null (rest);
  g_assert_null (cassino_toast_split_headline ("Trailing break: ", NULL));

  /* short: as it is, no button */
  short_toast = g_object_ref_sink (cassino_toast_new (GTK_WIDGET (f->window), "Game deleted: Tom & Jerry"));
  g_assert_cmpstr (adw_toast_get_title (short_toast), ==, "Game deleted: Tom &amp; Jerry");
  g_assert_null (adw_toast_get_button_label (short_toast));

  toast = g_object_ref_sink (cassino_toast_new (GTK_WIDGET (f->window), long_text));
  g_assert_cmpstr (adw_toast_get_title (toast), ==, "This game could not be saved");
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Details");

  before = gtk_window_list_toplevels ();
  g_signal_emit_by_name (toast, "button-clicked");
  iterate (50);
  after = gtk_window_list_toplevels ();
  for (GList *l = after; l; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && !g_list_find (before, l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (f->window));
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "This game could not be saved");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Cassino keeps trying with every move. The database “/tmp/a & b.db” is busy: "
                   "another program is using it.");
  g_assert_false (adw_message_dialog_get_body_use_markup (dialog));
  g_assert_nonnull (ui_test_find_button (GTK_WIDGET (dialog), "_Close"));
  adw_message_dialog_response (dialog, "close");
  iterate (50);
  g_clear_pointer (&after, g_list_free);
  after = gtk_window_list_toplevels ();
  g_assert_null (g_list_find (after, dialog));
}

int
main (int   argc,
      char *argv[])
{
  static GTestDBus *bus;   /* kept to the end: still reachable at exit, as the application holds its connection */
  int ret;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  /* accessible states readable by gtk_test_accessible_*() */
  g_setenv ("GTK_A11Y", "test", TRUE);
  bus = ui_test_bus_up ();
  the_app = ui_test_app_new (&argc, &argv);

#define ADD(path, func) \
  g_test_add ("/cassino/ui-dialogs/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)

  ADD ("preferences-change", test_preferences_change);
  ADD ("preferences-focus-back", test_preferences_focus_back);
  ADD ("length-single-deal", test_length_single_deal);
  ADD ("seat-rows-aligned", test_seat_rows_aligned);
  ADD ("preferences-custom-game", test_preferences_custom_game);
  ADD ("rules-in-words", test_rules_in_words);
  ADD ("rules-narrow", test_rules_narrow);
  ADD ("rules-validate", test_rules_validate);
  ADD ("rules-custom", test_rules_custom);
  ADD ("seat-names-unique", test_seat_names_unique);
  ADD ("rules-hidden", test_rules_hidden);
  ADD ("card-focus-ring", test_card_focus_ring);
  ADD ("toast-details", test_toast_details);
  g_test_add_func ("/cassino/ui-dialogs/card-dimmed-disabled", test_card_dimmed_disabled);
  g_test_add_func ("/cassino/ui-dialogs/build-named-once", test_build_named_once);

  ret = g_test_run ();
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  return ret;
}
