/* test-ui-names.c: every control named for a screen reader as it is shown
 *
 * cassino_a11y_watch() names controls when they are mapped, with no call
 * of the code that builds them: these tests build windows the way the
 * Players and Rubbers windows do (rows added after the window opened) and
 * read the accessible properties GTK 4.8 computes the name from.  What a
 * screen reader hears of the whole app is test-ui-a11y.py's part.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "cassino-a11y.h"
#include "cassino-seat-panel.h"

static void
iterate (guint n)
{
  for (guint i = 0; i < n; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* @widget's accessible label property is @expected (NULL: not set). */
static void
assert_label (GtkWidget  *widget,
              const char *expected)
{
  if (expected == NULL)
    {
      /* not set, or reset (GTK 4.8 keeps an undefined value then, which
       * no name is made of) */
      if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
        {
          /* (the check answers with the value it found when it differs) */
          g_autofree char *value = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                                       GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                                       "\001");
          g_assert_cmpstr (value, ==, "undefined");
        }
      return;
    }
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
}

static GtkWidget *
shown_window (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  iterate (50);
  return window;
}

/* A button with a mnemonic: GTK 4.8 gives it the raw label as its label
 * property besides the label child that names it ("_Play Play"); the
 * property goes, also when the label changes later (Next → Finish). */
static void
test_mnemonic_button (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *window = shown_window (box);
  GtkWidget *button = gtk_button_new_with_mnemonic ("_Next");
  GtkWidget *plain = gtk_button_new_with_label ("Resume");

  cassino_a11y_watch ();
  assert_label (button, "_Next");   /* GTK's own, before it is shown */
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), plain);
  iterate (50);
  g_assert_true (gtk_widget_get_mapped (button));
  assert_label (button, NULL);
  assert_label (plain, "Resume");   /* GTK's own, left alone */

  gtk_button_set_label (GTK_BUTTON (button), "_Finish");
  iterate (5);
  assert_label (button, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Icon buttons: by their tooltip; without one (GTK's and libadwaita's own
 * buttons) by their standard icon; a label set as a button's child by
 * its text, following it when it changes. */
static void
test_icon_and_child_buttons (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *window = shown_window (box);
  GtkWidget *archive = gtk_button_new_from_icon_name ("cassino-archive-symbolic");
  GtkWidget *search = gtk_toggle_button_new ();
  GtkWidget *version = gtk_button_new ();
  GtkWidget *version_label = gtk_label_new ("0.1.0");
  GtkWidget *named = gtk_button_new_from_icon_name ("edit-undo-symbolic");

  cassino_a11y_watch ();
  gtk_widget_set_tooltip_text (archive, "Archive — hidden from lists, records kept");
  gtk_button_set_icon_name (GTK_BUTTON (search), "edit-find-symbolic");
  gtk_button_set_child (GTK_BUTTON (version), version_label);
  gtk_widget_set_tooltip_text (named, "Bring Back — it is listed again");
  cassino_a11y_set_name (named, "Bring Back");
  gtk_box_append (GTK_BOX (box), archive);
  gtk_box_append (GTK_BOX (box), search);
  gtk_box_append (GTK_BOX (box), version);
  gtk_box_append (GTK_BOX (box), named);
  iterate (50);

  assert_label (archive, "Archive — hidden from lists, records kept");
  assert_label (search, "Search");
  assert_label (version, "0.1.0");
  assert_label (named, "Bring Back");   /* a name given is kept */

  gtk_label_set_label (GTK_LABEL (version_label), "0.2.0");
  iterate (5);
  assert_label (version, "0.2.0");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Players window's rows: added after the window opened, with a
 * picture menu button (named by its tooltip, its inner button left to
 * it), a colour button (whose inner button a screen reader reaches) and
 * a search entry named by its placeholder. */
static void
test_rows_added_later (void)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *window = shown_window (list);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *menu = gtk_menu_button_new ();
  GtkWidget *colour, *inner = NULL, *entry;
  GdkRGBA red = { 1, 0, 0, 1 };

  cassino_a11y_watch ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "avatar-default-symbolic");
  gtk_widget_set_tooltip_text (menu, "Anna’s picture");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  colour = gtk_color_button_new_with_rgba (&red);
  G_GNUC_END_IGNORE_DEPRECATIONS
  gtk_widget_set_tooltip_text (colour, "Anna’s colour");
  entry = gtk_search_entry_new ();
  g_object_set (entry, "placeholder-text", "Search by name", NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), "Anna");
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), menu);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), colour);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), entry);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  iterate (50);

  assert_label (menu, "Anna’s picture");
  for (GtkWidget *c = gtk_widget_get_first_child (colour); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c))
      inner = c;
  g_assert_nonnull (inner);
  assert_label (inner, "Anna’s colour");
  assert_label (entry, "Search by name");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A switch is named by its row's title.  One that its row activates is
 * also labelled by the row's title: that relation goes (GTK 4.8 would say
 * both, "Coach Coach", and only it while the row is not shown). */
static void
test_switch_rows (void)
{
  GtkWidget *list = gtk_list_box_new ();
  GtkWidget *window = shown_window (list);
  GtkWidget *activated_row = adw_action_row_new ();
  GtkWidget *activated = gtk_switch_new ();
  GtkWidget *other_row = adw_action_row_new ();
  GtkWidget *other = gtk_switch_new ();

  cassino_a11y_watch ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (activated_row), "_Coach");
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (activated_row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (activated_row), activated);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (activated_row), activated);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (other_row), "_Confirm Moves");
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (other_row), TRUE);
  adw_action_row_add_suffix (ADW_ACTION_ROW (other_row), other);
  gtk_list_box_append (GTK_LIST_BOX (list), activated_row);
  gtk_list_box_append (GTK_LIST_BOX (list), other_row);
  iterate (50);

  assert_label (activated, "Coach");
  g_assert_false (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (activated), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  assert_label (other, "Confirm Moves");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A toast's close button (no label, no tooltip) is "Close", for the toast
 * shown and for the one queued behind it, shown when the first goes. */
static GtkWidget *
toast_close_button (GtkWidget *overlay)
{
  GtkWidget *found = NULL;

  for (GtkWidget *c = gtk_widget_get_first_child (overlay); c && !found; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_BUTTON (c) && gtk_widget_get_mapped (c) &&
        gtk_widget_get_ancestor (c, ADW_TYPE_TOAST_OVERLAY) != NULL &&
        GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (c))))
      found = c;
    else
      found = toast_close_button (c);
  return found;
}

static void
test_toasts (void)
{
  GtkWidget *overlay = adw_toast_overlay_new ();
  GtkWidget *window = shown_window (overlay);
  AdwToast *first = adw_toast_new ("The game is saved again, every move of it");   /* the overlay's */
  AdwToast *second = adw_toast_new ("No games are recorded.");   /* the overlay's */
  GtkWidget *close;

  cassino_a11y_watch ();
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (overlay), gtk_label_new ("table"));
  /* the first goes by itself after a second, the second stays
   * (adw_toast_dismiss() with another toast queued crashes libadwaita 1.2
   * under MALLOC_PERTURB_, with or without Cassino's naming) */
  adw_toast_set_timeout (first, 1);
  adw_toast_set_timeout (second, 0);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), first);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), second);
  iterate (50);
  close = toast_close_button (overlay);
  g_assert_nonnull (close);
  assert_label (close, "Close");

  /* the first goes, the second shows */
  for (guint i = 0; i < 150; i++)
    {
      iterate (5);
      g_usleep (10000);
    }
  close = toast_close_button (overlay);
  g_assert_nonnull (close);
  assert_label (close, "Close");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A seat is said in words: its sweeps counted ("2 sweeps"), not the
 * dots of its pile line read out ("black circle black circle"). */
static void
test_seat_sweeps_said (void)
{
  CassinoSeatPanel *panel = g_object_ref_sink (g_object_new (CASSINO_TYPE_SEAT_PANEL, NULL));
  /* 12 cards, 3 of them spades */
  CassinoCards pile = 0;
  guint n = 0, spades = 0;

  for (guint c = 0; c < 52 && n < 12; c++)
    {
      CassinoCards bit = (CassinoCards) 1 << c;

      if (cassino_cards_count (bit & cassino_cards_of_suit (CASSINO_SUIT_SPADES)) > 0)
        {
          if (spades == 3)
            continue;
          spades++;
        }
      pile |= bit;
      n++;
    }
  g_assert_cmpuint (cassino_cards_count (pile & cassino_cards_of_suit (CASSINO_SUIT_SPADES)), ==, 3);

  cassino_seat_panel_update (panel, "Ann", NULL, 4, FALSE, pile, 2, FALSE, FALSE, FALSE);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (panel), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Ann: 4 in hand; Pile 12\u00a0cards · 3\u00a0spades; 2 sweeps");
  cassino_seat_panel_update (panel, "Ann", NULL, 4, FALSE, pile, 1, FALSE, FALSE, FALSE);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (panel), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Ann: 4 in hand; Pile 12\u00a0cards · 3\u00a0spades; 1 sweep");
  /* no sweep: the pile line as shown */
  cassino_seat_panel_update (panel, "Ann", NULL, 4, FALSE, pile, 0, FALSE, FALSE, FALSE);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (panel), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Ann: 4 in hand; Pile 12\u00a0cards · 3\u00a0spades");
  g_object_unref (panel);
}

int
main (int   argc,
      char *argv[])
{
  /* the test context: the properties a screen reader's name comes from,
   * without an accessibility bus */
  g_setenv ("GTK_A11Y", "test", TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/cassino/ui-names/mnemonic-button", test_mnemonic_button);
  g_test_add_func ("/cassino/ui-names/icon-and-child-buttons", test_icon_and_child_buttons);
  g_test_add_func ("/cassino/ui-names/rows-added-later", test_rows_added_later);
  g_test_add_func ("/cassino/ui-names/switch-rows", test_switch_rows);
  g_test_add_func ("/cassino/ui-names/toasts", test_toasts);
  g_test_add_func ("/cassino/ui-names/seat-sweeps-said", test_seat_sweeps_said);
  return g_test_run ();
}
