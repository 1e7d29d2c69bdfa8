/* cassino-window-learn.c: the window's ways into the tutorial and the
 * daily deal
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <glib/gi18n.h>

#include "cassino-window-private.h"
#include "cassino-a11y.h"
#include "cassino-ai.h"
#include "cassino-daily.h"
#include "cassino-daily-window.h"
#include "cassino-tutorial-window.h"

CassinoTutorialWindow *
cassino_window_open_tutorial (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);

  if (self->tutorial_window == NULL)
    {
      self->tutorial_window = GTK_WINDOW (cassino_tutorial_window_new (GTK_WINDOW (self), self->settings));
      g_object_add_weak_pointer (G_OBJECT (self->tutorial_window), (gpointer *) &self->tutorial_window);
    }
  gtk_window_present (self->tutorial_window);
  return CASSINO_TUTORIAL_WINDOW (self->tutorial_window);
}

gboolean
cassino_window_start_daily (CassinoWindow  *self,
                            CassinoPreset   preset,
                            const GDate    *date,
                            GError        **error)
{
  g_autofree char *setting = NULL;
  g_autofree char *name = NULL;
  g_autofree char *day = NULL;
  g_autoptr(CassinoGameSetup) setup = NULL;
  const char *tags[5];

  g_return_val_if_fail (CASSINO_IS_WINDOW (self), FALSE);

  setting = g_settings_get_string (self->settings, "player-name");
  name = cassino_game_setup_default_player_name (setting);
  setup = cassino_game_setup_new_default (name);
  setup->preset = preset;
  g_free (setup->options);
  setup->options = g_strdup_printf ("\"%s\"", cassino_preset_to_string (preset));
  setup->n_players = CASSINO_DAILY_N_PLAYERS;
  setup->seats[1].level = CASSINO_DAILY_LEVEL;

  day = cassino_daily_format_date (date);
  tags[0] = CASSINO_DAILY_TAG;
  tags[1] = day;
  tags[2] = CASSINO_DAILY_PRESET_TAG;
  tags[3] = cassino_preset_to_string (preset);
  tags[4] = NULL;
  if (!cassino_game_controller_start_tagged (self->controller, setup, cassino_daily_seed (date, preset),
                                             CASSINO_DAILY_FIRST_DEALER, tags, error))
    return FALSE;
  self->records_dirty = TRUE;
  adw_view_stack_set_visible_child_name (self->view_stack, "table");
  gtk_window_present (GTK_WINDOW (self));
  {
    /* Translators: a toast; the date (YYYY-MM-DD), then the rules' name */
    g_autofree char *text = g_strdup_printf (_("Daily deal of %s: %s"),
                                             day, cassino_preset_get_title (preset));

    _cassino_window_toast (self, text);
  }
  return TRUE;
}

static void
on_daily_play_cb (CassinoDailyWindow *dialog,
                  guint               preset,
                  CassinoWindow      *self)
{
  g_autoptr(GError) error = NULL;
  GDate today;

  cassino_daily_today (&today);
  if (!cassino_window_start_daily (self, (CassinoPreset) preset, &today, &error))
    {
      _cassino_window_toast (self, error->message);
      return;
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
}

CassinoDailyWindow *
cassino_window_open_daily (CassinoWindow *self)
{
  CassinoPreset preset = CASSINO_PRESET_CLASSIC;
  const CassinoGameSetup *setup;

  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);

  if (self->daily_window == NULL)
    {
      setup = cassino_game_controller_get_setup (self->controller);
      if (setup && (cassino_preset_get_player_counts (setup->preset) & (1u << CASSINO_DAILY_N_PLAYERS)))
        preset = setup->preset;
      self->daily_window = GTK_WINDOW (cassino_daily_window_new (GTK_WINDOW (self), self->database, preset));
      g_object_add_weak_pointer (G_OBJECT (self->daily_window), (gpointer *) &self->daily_window);
      g_signal_connect_object (self->daily_window, "play", G_CALLBACK (on_daily_play_cb), self, 0);
    }
  gtk_window_present (self->daily_window);
  return CASSINO_DAILY_WINDOW (self->daily_window);
}

static void
tutorial_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  /* taken: the offer has done its work */
  gtk_revealer_set_reveal_child (self->tutorial_banner, FALSE);
  g_settings_set_boolean (self->settings, "tutorial-offered", TRUE);
  cassino_window_open_tutorial (self);
}

static void
on_tutorial_banner_close_cb (CassinoWindow *self)
{
  gtk_revealer_set_reveal_child (self->tutorial_banner, FALSE);
  g_settings_set_boolean (self->settings, "tutorial-offered", TRUE);
}

static void
daily_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  cassino_window_open_daily (CASSINO_WINDOW (widget));
}

void
_cassino_window_learn_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, tutorial_banner);
  gtk_widget_class_bind_template_callback (widget_class, on_tutorial_banner_close_cb);
  gtk_widget_class_install_action (widget_class, "win.tutorial", NULL, tutorial_activated);
  gtk_widget_class_install_action (widget_class, "win.daily", NULL, daily_activated);
}

/* The first launch: the table with a new game, and an offer of the
 * tutorial above the pages until it is taken or dismissed, at this launch
 * or a later one (it was used up as soon as it showed: a player who
 * quit without answering never saw it again).  A banner, not a toast: a
 * toast that stays would cover the play strip's prompt (and hold the
 * game's own toasts back). */
void
_cassino_window_learn_first_launch (CassinoWindow *self)
{
  if (g_settings_get_boolean (self->settings, "tutorial-offered"))
    return;
  gtk_revealer_set_reveal_child (self->tutorial_banner, TRUE);
}

void
_cassino_window_learn_dispose (CassinoWindow *self)
{
  if (self->tutorial_window)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->tutorial_window), (gpointer *) &self->tutorial_window);
      gtk_window_destroy (self->tutorial_window);
      self->tutorial_window = NULL;
    }
  if (self->daily_window)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->daily_window), (gpointer *) &self->daily_window);
      gtk_window_destroy (self->daily_window);
      self->daily_window = NULL;
    }
}
