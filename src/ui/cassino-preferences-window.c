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

#include "cassino-a11y.h"
#include "cassino-card-art.h"
#include "cassino-card-theme.h"
#include "cassino-game-setup.h"
#include "cassino-plain-text.h"

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
  GHashTable           *preview_themes; /* file name -> CassinoCardTheme, or NULL: cannot be read */
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
  g_autofree char *variant = NULL;
  CassinoRules rules;
  GString *s;

  if (setup == NULL)
    return;
  variant = cassino_rules_parse (&rules, setup->options, setup->n_players, NULL) ?
            cassino_game_setup_dup_variant_title (&rules) : g_strdup (cassino_preset_get_title (setup->preset));
  s = g_string_new (variant);
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
  /* the players' names */
  cassino_plain_row (self->default_game_row);
  adw_action_row_set_subtitle (self->default_game_row, s->str);
  g_string_free (s, TRUE);
}

static void
cassino_preferences_window_dispose (GObject *object)
{
  CassinoPreferencesWindow *self = CASSINO_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->card_themes, g_ptr_array_unref);
  g_clear_pointer (&self->preview_themes, g_hash_table_unref);
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

/* "Your Name": the field shows the name the game calls the player by,
 * also when the setting is empty (the default: the user's real name);
 * the default name, or nothing, written there keeps the setting empty.
 * Written one way only: the field is not refilled while it is edited. */
static GVariant *
text_to_name (const GValue       *value,
              const GVariantType *expected_type,
              gpointer            user_data)
{
  g_autofree char *text = g_strstrip (g_strdup (g_value_get_string (value)));
  g_autofree char *default_name = cassino_game_setup_default_player_name (NULL);

  if (g_str_equal (text, default_name))
    return g_variant_new_string ("");
  return g_variant_new_string (text);
}

static void
unref_theme_or_null (gpointer theme)
{
  if (theme)
    g_object_unref (theme);
}

/* Card themes: each shown with two of its cards (the A♣ and K♦, which
 * the four-colour cards draw green and blue). */
#define PREVIEW_CARD_WIDTH 30
#define PREVIEW_CARD_HEIGHT 42
#define PREVIEW_GAP 4

static void
draw_theme_preview (GtkDrawingArea *area,
                    cairo_t        *cr,
                    int             width,
                    int             height,
                    gpointer        user_data)
{
  CassinoPreferencesWindow *self = user_data;
  const char *key = g_object_get_data (G_OBJECT (area), "card-theme");
  static const CassinoCard cards[] = {
    CASSINO_CARD (1, CASSINO_SUIT_CLUBS), CASSINO_CARD (CASSINO_RANK_KING, CASSINO_SUIT_DIAMONDS),
  };
  CassinoCardTheme *theme = NULL;
  CassinoCardArtFlags flags = 0;

  if (key == NULL)
    return;
  if (*key && !g_str_equal (key, "four-color"))
    {
      if (!g_hash_table_lookup_extended (self->preview_themes, key, NULL, (gpointer *) &theme))
        {
          g_autoptr(GError) error = NULL;

          theme = cassino_card_theme_new (key, &error);
          if (theme == NULL)
            g_debug ("Card theme %s: %s", key, error->message);
          g_hash_table_insert (self->preview_themes, g_strdup (key), theme);
        }
    }
  if (g_str_equal (key, "four-color"))
    flags |= CASSINO_CARD_ART_FOUR_COLOR;
  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    flags |= CASSINO_CARD_ART_DARK;

  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      cairo_save (cr);
      cairo_translate (cr, i * (PREVIEW_CARD_WIDTH + PREVIEW_GAP), (height - PREVIEW_CARD_HEIGHT) / 2);
      if (theme)
        cassino_card_theme_draw (theme, cr, cards[i], PREVIEW_CARD_WIDTH, PREVIEW_CARD_HEIGHT);
      else
        cassino_card_art_draw_face (cr, cards[i], PREVIEW_CARD_WIDTH, PREVIEW_CARD_HEIGHT, flags);
      cairo_restore (cr);
    }
}

static void
on_theme_item_setup_cb (GtkSignalListItemFactory *factory,
                        GtkListItem              *item,
                        CassinoPreferencesWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *preview = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (preview), 2 * PREVIEW_CARD_WIDTH + PREVIEW_GAP);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (preview), PREVIEW_CARD_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (preview), draw_theme_preview, self, NULL);
  gtk_widget_add_css_class (preview, "card-theme-preview");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (box), preview);
  gtk_box_append (GTK_BOX (box), label);
  gtk_list_item_set_child (item, box);
}

static void
on_theme_item_bind_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       CassinoPreferencesWindow *self)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *preview = gtk_widget_get_first_child (box);
  guint position = gtk_list_item_get_position (item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_last_child (box)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  g_object_set_data_full (G_OBJECT (preview), "card-theme",
                          g_strdup (position < self->card_themes->len ? self->card_themes->pdata[position] : NULL),
                          g_free);
  gtk_widget_queue_draw (preview);
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
  self->preview_themes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                (GDestroyNotify) unref_theme_or_null);
  {
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (on_theme_item_setup_cb), self);
    g_signal_connect (factory, "bind", G_CALLBACK (on_theme_item_bind_cb), self);
    adw_combo_row_set_factory (self->card_theme_row, factory);
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
  {
    g_autofree char *setting = g_settings_get_string (self->settings, "player-name");
    g_autofree char *name = cassino_game_setup_default_player_name (setting);

    gtk_editable_set_text (GTK_EDITABLE (self->player_name_row), name);
  }
  g_settings_bind_with_mapping (self->settings, "player-name", self->player_name_row, "text",
                                G_SETTINGS_BIND_SET, NULL, text_to_name, NULL, NULL);

  cassino_a11y_name_controls (GTK_WIDGET (self));

  g_signal_connect_object (self->settings, "changed::last-game",
                           G_CALLBACK (on_last_game_changed_cb), self, 0);
  on_last_game_changed_cb (self->settings, "last-game", self);
}

CassinoPreferencesWindow *
cassino_preferences_window_new (GtkWindow *parent)
{
  /* the window's application gives its buttons the app actions
   * ("Change…" is app.new-game); transient-for alone does not */
  return g_object_new (CASSINO_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "application", parent ? gtk_window_get_application (parent) : NULL,
                       NULL);
}
