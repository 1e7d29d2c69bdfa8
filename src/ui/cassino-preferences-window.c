/* cassino-preferences-window.c: the preferences
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-preferences-window.h"

#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-card-theme.h"
#include "cassino-game-setup.h"

struct _CassinoPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  AdwComboRow          *color_scheme_row;
  AdwComboRow          *card_theme_row;
  AdwComboRow          *animation_row;
  GtkSwitch            *confirm_switch;
  GtkSwitch            *coach_switch;
  AdwEntryRow          *player_name_row;
  AdwActionRow         *default_game_row;

  GPtrArray            *card_themes;    /* card-theme values, in the order of the row */
};

G_DEFINE_FINAL_TYPE (CassinoPreferencesWindow, cassino_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static const char *const color_schemes[] = { "default", "light", "dark", NULL };
static const char *const speeds[] = { "off", "fast", "normal", "slow", NULL };

static gboolean
nick_to_index (GValue   *value,
               GVariant *variant,
               gpointer  user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i]; i++)
    if (g_strcmp0 (nicks[i], nick) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
index_to_nick (const GValue       *value,
               const GVariantType *expected_type,
               gpointer            user_data)
{
  const char *const *nicks = user_data;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[i]);
}

static void
on_last_game_changed_cb (GSettings                *settings,
                         const char               *key,
                         CassinoPreferencesWindow *self)
{
  g_autofree char *json = g_settings_get_string (settings, "last-game");
  g_autofree char *name_setting = g_settings_get_string (settings, "player-name");
  g_autofree char *name = cassino_game_setup_default_player_name (name_setting);
  g_autoptr(CassinoGameSetup) setup = cassino_game_setup_from_json (json, name, NULL);
  GString *s;

  if (setup == NULL)
    return;
  s = g_string_new (cassino_preset_get_title (setup->preset));
  g_string_append (s, " — ");
  for (guint i = 0; i < setup->n_players; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      if (setup->seats[i].kind == CASSINO_SEAT_COMPUTER)
        /* Translators: a computer seat in the summary of the default game, e.g. "Anna (Medium)" */
        g_string_append_printf (s, _("%s (%s)"), setup->seats[i].name,
                                cassino_level_get_title (setup->seats[i].level));
      else
        g_string_append (s, setup->seats[i].name);
    }
  adw_action_row_set_subtitle (self->default_game_row, s->str);
  g_string_free (s, TRUE);
}

static void
cassino_preferences_window_dispose (GObject *object)
{
  CassinoPreferencesWindow *self = CASSINO_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->card_themes, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), CASSINO_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (cassino_preferences_window_parent_class)->dispose (object);
}

static void
cassino_preferences_window_class_init (CassinoPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_preferences_window_dispose;

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, color_scheme_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, card_theme_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, animation_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, confirm_switch);
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, coach_switch);
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, player_name_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoPreferencesWindow, default_game_row);
}

static gboolean
theme_to_index (GValue   *value,
                GVariant *variant,
                gpointer  user_data)
{
  GPtrArray *card_themes = user_data;
  const char *theme = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < card_themes->len; i++)
    if (g_strcmp0 (card_themes->pdata[i], theme) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
index_to_theme (const GValue       *value,
                const GVariantType *expected_type,
                gpointer            user_data)
{
  GPtrArray *card_themes = user_data;
  guint i = g_value_get_uint (value);

  return g_variant_new_string (i < card_themes->len ? card_themes->pdata[i] : "");
}

static void
cassino_preferences_window_init (CassinoPreferencesWindow *self)
{
  g_autoptr(GtkStringList) themes = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) installed = cassino_card_theme_list_installed ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APPLICATION_ID);

  /* Cassino's own cards, then the themes of gnome-cards-data */
  self->card_themes = g_ptr_array_new_with_free_func (g_free);
  /* Translators: a card theme: the cards Cassino draws itself */
  gtk_string_list_append (themes, _("Cassino"));
  g_ptr_array_add (self->card_themes, g_strdup (""));
  /* Translators: a card theme: clubs green and diamonds blue */
  gtk_string_list_append (themes, _("Cassino, four colours"));
  g_ptr_array_add (self->card_themes, g_strdup ("four-color"));
  for (guint i = 0; i < installed->len; i++)
    {
      CassinoCardThemeInfo *info = installed->pdata[i];

      gtk_string_list_append (themes, info->title);
      g_ptr_array_add (self->card_themes, g_strdup (info->file_name));
    }
  adw_combo_row_set_model (self->card_theme_row, G_LIST_MODEL (themes));
  if (installed->len > 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->card_theme_row),
                                 _("Cassino’s own cards, or a theme installed with AisleRiot’s card sets"));

  g_settings_bind_with_mapping (self->settings, "color-scheme", self->color_scheme_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_to_index, index_to_nick,
                                (gpointer) color_schemes, NULL);
  g_settings_bind_with_mapping (self->settings, "animation-speed", self->animation_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, nick_to_index, index_to_nick,
                                (gpointer) speeds, NULL);
  g_settings_bind_with_mapping (self->settings, "card-theme", self->card_theme_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, theme_to_index, index_to_theme,
                                g_ptr_array_ref (self->card_themes), (GDestroyNotify) g_ptr_array_unref);
  g_settings_bind (self->settings, "confirm-moves", self->confirm_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "coach", self->coach_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "player-name", self->player_name_row, "text", G_SETTINGS_BIND_DEFAULT);

  g_signal_connect_object (self->settings, "changed::last-game",
                           G_CALLBACK (on_last_game_changed_cb), self, 0);
  on_last_game_changed_cb (self->settings, "last-game", self);
}

CassinoPreferencesWindow *
cassino_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (CASSINO_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       NULL);
}
