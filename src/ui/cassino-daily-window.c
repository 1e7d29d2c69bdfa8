/* cassino-daily-window.c: today's daily deal and the daily statistics
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-a11y.h"
#include "cassino-daily-window.h"

#include <glib/gi18n.h>

#include "cassino-daily.h"
#include "cassino-store-daily.h"
#include "cassino-plain-text.h"

struct _CassinoDailyWindow
{
  AdwWindow         parent_instance;

  AdwPreferencesGroup *today_group;
  AdwComboRow      *preset_row;
  GtkLabel         *streak_label;
  GtkLabel         *longest_label;
  GtkLabel         *best_label;
  GtkLabel         *won_label;
  GtkListBox       *history_list;

  char             *database;
  GArray           *presets;        /* CassinoPreset, as in preset_row */
  GCancellable     *cancellable;
  gboolean          loaded;
};

G_DEFINE_FINAL_TYPE (CassinoDailyWindow, cassino_daily_window, ADW_TYPE_WINDOW)

enum {
  PLAY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

CassinoPreset
cassino_daily_window_get_preset (CassinoDailyWindow *self)
{
  guint i;

  g_return_val_if_fail (CASSINO_IS_DAILY_WINDOW (self), CASSINO_PRESET_CLASSIC);
  i = adw_combo_row_get_selected (self->preset_row);
  return i < self->presets->len ? g_array_index (self->presets, CassinoPreset, i) : CASSINO_PRESET_CLASSIC;
}

static void
update_today (CassinoDailyWindow *self)
{
  GDate today;
  g_autofree char *day = NULL;
  g_autofree char *title = NULL;

  cassino_daily_today (&today);
  day = cassino_daily_format_date (&today);
  /* Translators: %s is today's date, YYYY-MM-DD */
  title = g_strdup_printf (_("Today’s Deal: %s"), day);
  adw_preferences_group_set_title (self->today_group, title);
}

static void
on_play_clicked_cb (CassinoDailyWindow *self)
{
  g_signal_emit (self, signals[PLAY], 0, (guint) cassino_daily_window_get_preset (self));
}

/* Loading the statistics, off the main thread */

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *path = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = NULL;
  CassinoDailyStats *stats;
  GDate today;

  /* the window's recorder is the one connection that may set a damaged
   * file aside */
  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  if (store == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  cassino_daily_today (&today);
  stats = cassino_store_get_daily_stats (store, &today, &error);
  if (stats == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, stats, (GDestroyNotify) cassino_daily_stats_free);
}

static void
show_stats (CassinoDailyWindow      *self,
            const CassinoDailyStats *stats)
{
  GtkWidget *child;
  g_autofree char *streak = NULL;
  g_autofree char *longest = NULL;
  g_autofree char *best = NULL;
  g_autofree char *won = NULL;

  /* Translators: a streak of daily games, e.g. "3 days" */
  streak = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u day", "%u days", stats->streak), stats->streak);
  longest = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u day", "%u days", stats->longest), stats->longest);
  best = stats->best_score >= 0 ? g_strdup_printf ("%d", stats->best_score) : g_strdup (_("None yet"));
  /* Translators: daily games won of those played, e.g. "2 of 5" */
  won = g_strdup_printf (_("%u of %u"), stats->won, stats->played);
  gtk_label_set_label (self->streak_label, streak);
  gtk_label_set_label (self->longest_label, longest);
  gtk_label_set_label (self->best_label, best);
  gtk_label_set_label (self->won_label, won);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list))))
    gtk_list_box_remove (self->history_list, child);
  for (guint i = 0; stats->results && i < stats->results->len; i++)
    {
      const CassinoDailyResult *r = stats->results->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      CassinoPreset preset;
      const char *rules = cassino_preset_from_string (r->preset, &preset) ? cassino_preset_get_title (preset) : r->preset;
      g_autofree char *title = g_strdup_printf ("%s — %s", r->date, rules);
      g_autofree char *subtitle = NULL;

      if (!r->finished)
        subtitle = g_strdup (_("Not finished: resume it from History"));
      else
        /* Translators: a daily result: your score, the computer's, and the outcome */
        subtitle = g_strdup_printf (_("%d to %d — %s"), r->score, r->opponent_score,
                                    r->winner_side == 0 ? _("won") : r->winner_side < 0 ? _("drawn") : _("lost"));
      /* (a variant the file names, as it is) */
      cassino_plain_row (row);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_list_box_append (self->history_list, row);
    }
  if (stats->results == NULL || stats->results->len == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No daily deal played yet"));
      gtk_list_box_append (self->history_list, row);
    }
}

static void
on_loaded_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoDailyStats) stats = g_task_propagate_pointer (G_TASK (result), &error);
  CassinoDailyWindow *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = CASSINO_DAILY_WINDOW (source);
  if (stats == NULL)
    {
      CassinoDailyStats empty = { 0 };

      g_warning ("Cannot read the daily results: %s", error->message);
      empty.best_score = -1;
      show_stats (self, &empty);
    }
  else
    show_stats (self, stats);
  self->loaded = TRUE;
}

static void
load (CassinoDailyWindow *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->database == NULL)
    {
      CassinoDailyStats empty = { 0 };

      empty.best_score = -1;
      show_stats (self, &empty);
      self->loaded = TRUE;
      return;
    }
  task = g_task_new (self, self->cancellable, on_loaded_cb, NULL);
  g_task_set_task_data (task, g_strdup (self->database), g_free);
  g_task_run_in_thread (task, load_thread);
}

/* GObject */

static void
cassino_daily_window_dispose (GObject *object)
{
  CassinoDailyWindow *self = CASSINO_DAILY_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_DAILY_WINDOW);
  G_OBJECT_CLASS (cassino_daily_window_parent_class)->dispose (object);
}

static void
cassino_daily_window_finalize (GObject *object)
{
  CassinoDailyWindow *self = CASSINO_DAILY_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->presets, g_array_unref);
  g_free (self->database);
  G_OBJECT_CLASS (cassino_daily_window_parent_class)->finalize (object);
}

static void
cassino_daily_window_class_init (CassinoDailyWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_daily_window_dispose;
  object_class->finalize = cassino_daily_window_finalize;

  /**
   * CassinoDailyWindow::play:
   * @preset: the CassinoPreset chosen
   */
  signals[PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cassinogame/Cassino/cassino-daily-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, today_group);
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, preset_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, streak_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, longest_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, best_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, won_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoDailyWindow, history_list);
  gtk_widget_class_bind_template_callback (widget_class, on_play_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cassino_daily_window_init (CassinoDailyWindow *self)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  /* buttons with a mnemonic named without it ("Open _History Open History") */
  cassino_a11y_name_controls (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->presets = g_array_new (FALSE, FALSE, sizeof (CassinoPreset));
  for (CassinoPreset p = CASSINO_PRESET_CLASSIC; p <= CASSINO_PRESET_HOUSE; p++)
    if (cassino_preset_get_player_counts (p) & (1u << CASSINO_DAILY_N_PLAYERS))
      {
        g_array_append_val (self->presets, p);
        gtk_string_list_append (titles, cassino_preset_get_title (p));
      }
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (titles));
  update_today (self);
}

CassinoDailyWindow *
cassino_daily_window_new (GtkWindow     *parent,
                          const char    *database,
                          CassinoPreset  preset)
{
  CassinoDailyWindow *self = g_object_new (CASSINO_TYPE_DAILY_WINDOW,
                                           "transient-for", parent,
                                           "application", parent ? gtk_window_get_application (parent) : NULL,
                                           NULL);

  self->database = g_strdup (database);
  for (guint i = 0; i < self->presets->len; i++)
    if (g_array_index (self->presets, CassinoPreset, i) == preset)
      adw_combo_row_set_selected (self->preset_row, i);
  load (self);
  return self;
}

gboolean
cassino_daily_window_is_loaded (CassinoDailyWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_DAILY_WINDOW (self), FALSE);
  return self->loaded;
}

const char *
cassino_daily_window_get_streak_text (CassinoDailyWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_DAILY_WINDOW (self), NULL);
  return gtk_label_get_label (self->streak_label);
}

const char *
cassino_daily_window_get_best_text (CassinoDailyWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_DAILY_WINDOW (self), NULL);
  return gtk_label_get_label (self->best_label);
}

GStrv
cassino_daily_window_get_history_texts (CassinoDailyWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (CASSINO_IS_DAILY_WINDOW (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->history_list)); row;
       row = gtk_widget_get_next_sibling (row))
    if (ADW_IS_ACTION_ROW (row))
      {
        g_autofree char *text = g_strdup_printf ("%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                                 adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) ?
                                                 adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) : "");

        g_strv_builder_add (builder, text);
      }
  return g_strv_builder_end (builder);
}
