/* test-ui-learn.c: the tutorial and the daily deal, through the window
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cassino-application.h"
#include "cassino-daily.h"
#include "cassino-history-view.h"
#include "cassino-lesson.h"
#include "cassino-window.h"
#include "test-ui-util.h"

static CassinoApplication *the_app;
static GTestDBus *bus;

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

  f->tmpdir = g_dir_make_tmp ("cassino-learn-XXXXXX", &error);
  g_assert_no_error (error);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);
  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_reset (f->settings, "tutorial-completed");
  g_settings_reset (f->settings, "tutorial-offered");
  g_settings_set_enum (f->settings, "animation-speed", 0);
  g_settings_set_boolean (f->settings, "confirm-moves", FALSE);
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
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate (50);
  g_clear_object (&f->settings);
  ui_test_remove_dir (f->tmpdir);
  g_free (f->tmpdir);
  g_free (f->database);
}

/* The rows of the tutorial's lesson list. */
static GPtrArray *
lesson_rows (CassinoTutorialWindow *tutorial)
{
  GPtrArray *rows = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (tutorial), ADW_TYPE_ACTION_ROW, rows);
  return rows;
}

/* Focus @card's widget (in the hand, or on the table) and press Space. */
static void
press_card (CassinoTutorialWindow *tutorial,
            const char            *card_text,
            gboolean               in_hand)
{
  CassinoTableView *table = cassino_tutorial_window_get_table_view (tutorial);
  CassinoCard card;
  const char *end;
  GtkWidget *w;

  g_assert_true (cassino_card_parse (card_text, &card, &end));
  w = GTK_WIDGET (in_hand ? cassino_table_view_get_hand_card (table, card) :
                  cassino_table_view_get_table_item (table, card));
  g_assert_nonnull (w);
  WAIT_FOR (gtk_widget_get_mapped (w) && !cassino_table_view_is_animating (table), 20);
  g_assert_true (gtk_widget_grab_focus (w));
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_space));
}

/* The first launch's offer of the tutorial stays until taken or
 * dismissed, above the table: it covers nothing (the play strip's prompt
 * is whole beside it), holds no toast back (the daily deal's news shows
 * while it stays), its close button is named, and once dismissed it is
 * gone for good and still in the menu. */
static void
test_offer_gives_way (Fixture       *f,
                      gconstpointer  data)
{
  const char *offer = "New to Cassino? Learn it in short lessons on real deals.";
  GtkWidget *label, *prompt, *close = NULL;
  graphene_rect_t a, b;

  WAIT_FOR (ui_test_maps_label (GTK_WIDGET (f->window), offer), 10);
  WAIT_FOR (cassino_window_get_prompt_text (f->window) != NULL &&
            ui_test_find_mapped_label (GTK_WIDGET (f->window), cassino_window_get_prompt_text (f->window)), 10);
  /* it stays, beside the prompt, not over it */
  iterate (1500);
  label = ui_test_find_mapped_label (GTK_WIDGET (f->window), offer);
  g_assert_nonnull (label);
  prompt = ui_test_find_mapped_label (GTK_WIDGET (f->window), cassino_window_get_prompt_text (f->window));
  g_assert_nonnull (prompt);
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (f->window), &a));
  g_assert_true (gtk_widget_compute_bounds (prompt, GTK_WIDGET (f->window), &b));
  g_assert_false (graphene_rect_intersection (&a, &b, NULL));
  g_assert_cmpfloat (a.origin.y + a.size.height, <=, b.origin.y);

  {
    g_autoptr(GError) error = NULL;
    g_autofree char *day = NULL;
    g_autofree char *news = NULL;
    GDate today;

    cassino_daily_today (&today);
    day = cassino_daily_format_date (&today);
    news = g_strdup_printf ("Daily deal of %s: Classic", day);
    g_assert_true (cassino_window_start_daily (f->window, CASSINO_PRESET_CLASSIC, &today, &error));
    g_assert_no_error (error);
    /* the news is shown at once, and the offer stays */
    WAIT_FOR (ui_test_maps_label (GTK_WIDGET (f->window), news), 10);
    g_assert_true (ui_test_maps_label (GTK_WIDGET (f->window), offer));
  }

  /* dismissed with its named close button */
  {
    g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

    ui_test_collect (GTK_WIDGET (f->window), GTK_TYPE_BUTTON, buttons);
    for (guint i = 0; i < buttons->len; i++)
      if (gtk_widget_get_mapped (buttons->pdata[i]) &&
          gtk_widget_get_parent (buttons->pdata[i]) == gtk_widget_get_parent (label) &&
          g_strcmp0 (gtk_button_get_icon_name (buttons->pdata[i]), "window-close-symbolic") == 0)
        close = buttons->pdata[i];
  }
  g_assert_nonnull (close);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (close), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Dismiss");
  /* not answered yet: the next launch offers it again */
  g_assert_false (g_settings_get_boolean (f->settings, "tutorial-offered"));
  {
    CassinoWindow *second = cassino_window_new (GTK_APPLICATION (the_app), f->database);

    gtk_window_present (GTK_WINDOW (second));
    WAIT_FOR (ui_test_maps_label (GTK_WIDGET (second), offer), 10);
    gtk_window_destroy (GTK_WINDOW (second));
    iterate (50);
  }
  g_signal_emit_by_name (close, "clicked");
  WAIT_FOR (!ui_test_maps_label (GTK_WIDGET (f->window), offer), 10);
  /* answered: not offered again */
  g_assert_true (g_settings_get_boolean (f->settings, "tutorial-offered"));
  {
    CassinoWindow *third = cassino_window_new (GTK_APPLICATION (the_app), f->database);

    gtk_window_present (GTK_WINDOW (third));
    WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (third)), 10);
    iterate (500);
    g_assert_false (ui_test_maps_label (GTK_WIDGET (third), offer));
    gtk_window_destroy (GTK_WINDOW (third));
    iterate (50);
  }

  /* and it is still offered in the menu */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tutorial", NULL));
}

/* The first-launch offer leads to the tutorial; the pairing lesson is
 * played on its table with the keyboard: a legal move that is not the
 * lesson's is refused with the lesson's words, an illegal one with the
 * engine's reason, the intended moves complete it, and the list says so. */
static void
test_tutorial_pairing (Fixture       *f,
                       gconstpointer  data)
{
  const CassinoLesson *lesson = cassino_lesson_find ("pairing");
  CassinoTutorialWindow *tutorial;
  CassinoGameController *c;
  CassinoTableView *table;
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(GPtrArray) images = g_ptr_array_new ();
  g_auto(GStrv) done = NULL;
  const CassinoGame *game;
  guint plays;

  /* the first launch offers it until it is answered: taken here */
  g_assert_false (g_settings_get_boolean (f->settings, "tutorial-offered"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tutorial", NULL));
  g_assert_true (g_settings_get_boolean (f->settings, "tutorial-offered"));
  tutorial = cassino_window_open_tutorial (f->window);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (tutorial)), 10);
  rows = lesson_rows (tutorial);
  g_assert_cmpuint (rows->len, ==, cassino_lesson_count ());
  g_assert_cmpstr (adw_preferences_row_get_title (rows->pdata[0]), ==, "1. Pairing");
  /* its Play button is named without the mnemonic before any lesson
   * runs (a screen reader heard "_Play Play") */
  {
    GtkWidget *play = ui_test_find_button (GTK_WIDGET (tutorial), "_Play");

    g_assert_nonnull (play);
    /* (GTK 4.8 names it by its label child, "Play", when the label
     * property with the raw "_Play" is not set besides) */
    if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (play), GTK_ACCESSIBLE_PROPERTY_LABEL))
      {
        g_autofree char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (play),
                                                                     GTK_ACCESSIBLE_PROPERTY_LABEL, "\001");

        g_assert_cmpstr (value, ==, "undefined");
      }
  }

  /* open the first lesson from its row */
  g_signal_emit_by_name (gtk_widget_get_parent (rows->pdata[0]), "row-activated", rows->pdata[0]);
  g_assert_cmpstr (cassino_tutorial_window_get_instruction (tutorial), ==, lesson->steps[0].instruction);
  c = cassino_tutorial_window_get_controller (tutorial);
  table = cassino_tutorial_window_get_table_view (tutorial);
  /* the screen reader hears the instruction with the table */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (table), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       lesson->steps[0].instruction);
  game = cassino_game_controller_get_game (c);
  g_assert_true (cassino_game_controller_is_human_turn (c));
  plays = cassino_game_get_current_deal (game)->plays->len;

  /* an illegal choice: the engine's reason, and Play does nothing */
  press_card (tutorial, "9c", TRUE);
  press_card (tutorial, "7c", FALSE);
  g_assert_cmpstr (cassino_tutorial_window_get_prompt (tutorial), ==,
                   "A card takes a card of its own value, or cards that add up to it.");
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
  g_assert_cmpuint (cassino_game_get_current_deal (game)->plays->len, ==, plays);
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Escape));

  /* a legal move that is not the lesson's: refused, and said why */
  press_card (tutorial, "Ks", TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.play", NULL));
  g_assert_cmpstr (cassino_tutorial_window_get_prompt (tutorial), ==, lesson->steps[0].not_this);
  g_assert_cmpuint (cassino_game_get_current_deal (game)->plays->len, ==, plays);
  g_assert_false (cassino_tutorial_window_get_step_done (tutorial));
  /* (Play clicked: the keyboard goes on from the hand) */
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (tutorial));

    g_assert_true (focus && gtk_widget_is_ancestor (focus, GTK_WIDGET (table)));
  }
  /* Escape with the focus off the table (the window's own Escape): the
   * choice is cleared and the lesson stays (it went back to the list, the
   * lesson's progress lost); a second Escape would go back */
  g_assert_cmpint (cassino_game_controller_get_selected (c), !=, CASSINO_NO_CARD);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.back", NULL));
  g_assert_cmpint (cassino_game_controller_get_selected (c), ==, CASSINO_NO_CARD);
  iterate (50);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (table)));
  g_assert_cmpuint (cassino_game_get_current_deal (game)->plays->len, ==, plays);

  /* the lesson's move, by keyboard: 7♥ then 7♣, Enter */
  press_card (tutorial, "7h", TRUE);
  press_card (tutorial, "7c", FALSE);
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
  g_assert_true (cassino_tutorial_window_get_step_done (tutorial));
  g_assert_cmpstr (cassino_tutorial_window_get_instruction (tutorial), ==, lesson->steps[0].praise);
  /* the computer does not play on: the lesson waits for Next */
  g_assert_cmpuint (cassino_game_get_current_deal (cassino_game_controller_get_game (c))->plays->len, ==, plays + 1);

  /* the test */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.next", NULL));
  g_assert_cmpuint (cassino_tutorial_window_get_step (tutorial), ==, 1);
  g_assert_false (cassino_tutorial_window_get_step_done (tutorial));
  press_card (tutorial, "Kc", TRUE);
  press_card (tutorial, "Kd", FALSE);
  g_assert_true (ui_test_send_key (GTK_WIDGET (table), GDK_KEY_Return));
  g_assert_true (cassino_tutorial_window_get_step_done (tutorial));

  /* progress stored */
  done = g_settings_get_strv (f->settings, "tutorial-completed");
  g_assert_true (g_strv_contains ((const char * const *) done, "pairing"));

  /* Next Lesson: the second lesson opens */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.next", NULL));
  g_assert_cmpstr (cassino_tutorial_window_get_instruction (tutorial), ==,
                   cassino_lesson_find ("summing")->steps[0].instruction);

  /* back to the list: the first lesson is marked completed, for the screen reader too */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.back", NULL));
  g_ptr_array_unref (rows);
  rows = lesson_rows (tutorial);
  ui_test_collect (rows->pdata[0], GTK_TYPE_IMAGE, images);
  g_assert_cmpuint (images->len, >=, 1);
  g_assert_cmpstr (gtk_image_get_icon_name (images->pdata[images->len - 1]), ==, "object-select-symbolic");
  gtk_window_destroy (GTK_WINDOW (tutorial));
}

/* Every lesson can be completed through the tutorial window, each step by
 * one of its answers played on the lesson's controller.  A lesson's last
 * step is headed "Test", and its instruction does not say it again. */
static void
test_tutorial_all_lessons (Fixture       *f,
                           gconstpointer  data)
{
  CassinoTutorialWindow *tutorial = cassino_window_open_tutorial (f->window);
  CassinoGameController *c = cassino_tutorial_window_get_controller (tutorial);
  g_auto(GStrv) done = NULL;

  for (guint l = 0; l < cassino_lesson_count (); l++)
    {
      const CassinoLesson *lesson = cassino_lesson_get (l);

      cassino_tutorial_window_open_lesson (tutorial, l);
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          CassinoMoveList list;
          gboolean played = FALSE;

          g_assert_cmpuint (cassino_tutorial_window_get_step (tutorial), ==, s);
          if (s + 1 == lesson->n_steps && lesson->n_steps > 1)
            {
              g_assert_true (ui_test_shows_label (GTK_WIDGET (tutorial), "Test"));
              g_assert_false (g_str_has_prefix (cassino_tutorial_window_get_instruction (tutorial), "Test"));
            }
          cassino_move_list_init (&list);
          cassino_game_legal_moves (cassino_game_controller_get_game (c), &list);
          for (guint i = 0; i < list.len && !played; i++)
            if (cassino_lesson_step_is_answer (&lesson->steps[s], &list.moves[i]))
              {
                g_autoptr(GError) error = NULL;

                g_assert_true (cassino_game_controller_select_card (c, list.moves[i].card));
                if (list.moves[i].set)
                  cassino_game_controller_toggle_item (c, list.moves[i].set);
                if (cassino_game_controller_play_selection (c) == CASSINO_PLAY_CHOOSE)
                  {
                    GArray *cands = cassino_game_controller_get_candidates (c);

                    for (guint k = 0; k < cands->len; k++)
                      if (cassino_move_equal (&g_array_index (cands, CassinoMove, k), &list.moves[i]))
                        g_assert_true (cassino_game_controller_play_candidate (c, k));
                  }
                played = TRUE;
              }
          cassino_move_list_clear (&list);
          g_assert_true (played);
          g_assert_true (cassino_tutorial_window_get_step_done (tutorial));
          g_assert_cmpstr (cassino_tutorial_window_get_instruction (tutorial), ==, lesson->steps[s].praise);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.next", NULL));
        }
    }
  done = g_settings_get_strv (f->settings, "tutorial-completed");
  g_assert_cmpuint (g_strv_length (done), ==, cassino_lesson_count ());
  gtk_window_destroy (GTK_WINDOW (tutorial));
}

/* Today's daily deal from its window: the game on the table is dealt from
 * the documented seed, the player first, against a medium computer, and
 * is tagged; the daily window then lists it. */
static void
test_daily_start (Fixture       *f,
                  gconstpointer  data)
{
  CassinoDailyWindow *daily;
  CassinoGameController *c = cassino_window_get_controller (f->window);
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autofree char *day = NULL;
  g_auto(GStrv) history = NULL;
  const CassinoGame *game;
  const CassinoDeal *deal;
  CassinoRules rules;
  guint8 deck[CASSINO_N_CARDS];
  GtkWidget *play = NULL;
  GDate today;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.daily", NULL));
  daily = cassino_window_open_daily (f->window);
  WAIT_FOR (cassino_daily_window_is_loaded (daily), 20);
  g_assert_cmpstr (cassino_daily_window_get_streak_text (daily), ==, "0 days");
  g_assert_cmpstr (cassino_daily_window_get_best_text (daily), ==, "None yet");
  g_assert_cmpint (cassino_daily_window_get_preset (daily), ==, CASSINO_PRESET_CLASSIC);

  ui_test_collect (GTK_WIDGET (daily), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), "_Play Today’s Deal") == 0)
      play = buttons->pdata[i];
  g_assert_nonnull (play);
  g_signal_emit_by_name (play, "clicked");

  cassino_daily_today (&today);
  day = cassino_daily_format_date (&today);
  game = cassino_game_controller_get_game (c);
  g_assert_cmpstr (cassino_game_get_tag (game, "Daily"), ==, day);
  g_assert_cmpstr (cassino_game_get_tag (game, "DailyPreset"), ==, "classic");
  g_assert_cmpuint (cassino_game_get_seed (game), ==, cassino_daily_seed (&today, CASSINO_PRESET_CLASSIC));
  g_assert_cmpuint (cassino_game_get_first_dealer (game), ==, 1);
  g_assert_cmpstr (cassino_game_get_seat (game, 1)->level, ==, "medium");
  deal = cassino_game_get_deal (game, 0);
  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL));
  cassino_deal_deck_for_seed (&rules, cassino_game_deal_seed (cassino_daily_seed (&today, CASSINO_PRESET_CLASSIC), 1), deck);
  g_assert_cmpmem (deal->deck, 52, deck, 52);
  g_assert_cmpuint (cassino_game_get_to_move (game), ==, 0);
  {
    g_autofree char *toast = g_strdup_printf ("Daily deal of %s: Classic", day);

    g_assert_cmpstr (cassino_window_get_last_toast (f->window), ==, toast);
  }

  /* one move made, so the game stays; the daily window lists it unfinished */
  WAIT_FOR (cassino_game_controller_is_human_turn (c), 20);
  {
    CassinoMoveList list;

    cassino_move_list_init (&list);
    cassino_game_legal_moves (game, &list);
    g_assert_true (cassino_game_controller_play_move (c, &list.moves[0], NULL));
    cassino_move_list_clear (&list);
  }
  daily = cassino_window_open_daily (f->window);
  WAIT_FOR (cassino_daily_window_is_loaded (daily), 20);
  history = cassino_daily_window_get_history_texts (daily);
  g_assert_cmpuint (g_strv_length (history), ==, 1);
  g_assert_true (g_str_has_prefix (history[0], day));
  g_assert_nonnull (strstr (history[0], "Not finished"));
  gtk_window_destroy (GTK_WINDOW (daily));

  /* History marks it, as the daily window says ("tagged Daily", and
   * nothing in its row said so) */
  cassino_window_set_top_page (f->window, "history");
  {
    CassinoHistoryView *view = cassino_window_get_history_view (f->window);
    g_autofree char *variant = NULL;

    WAIT_FOR (view != NULL, 5);
    variant = ui_test_history_cell_text (view, 0, "variant");
    g_assert_cmpstr (variant, ==, "Classic, 2 players · Daily deal");
  }
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

  g_test_add ("/cassino/ui-learn/offer-gives-way", Fixture, NULL, fixture_setup, test_offer_gives_way, fixture_teardown);
  g_test_add ("/cassino/ui-learn/tutorial-pairing", Fixture, NULL, fixture_setup, test_tutorial_pairing, fixture_teardown);
  g_test_add ("/cassino/ui-learn/tutorial-all-lessons", Fixture, NULL, fixture_setup, test_tutorial_all_lessons, fixture_teardown);
  g_test_add ("/cassino/ui-learn/daily-start", Fixture, NULL, fixture_setup, test_daily_start, fixture_teardown);
  status = g_test_run ();
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  return status;
}
