/* cassino-a11y.c: accessible names GTK 4.8 does not give
 *
 * GTK 4.8 names a button with a mnemonic label by the raw label and the
 * label's text together ("_Play Play"), an icon button by its image's
 * class ("GtkImage"; tooltips are not used), and a switch or a spin
 * button by its class even when a row's title labels it.  These names are
 * set here as the accessible label property, which GTK reads first, on
 * every control as it is mapped (an emission hook on GtkWidget::map, so
 * that rows built after a window opens, and the windows GTK and
 * libadwaita build, are named too), and again when a button's label
 * changes.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-a11y.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#define NAME_KEY "cassino-a11y-name"
#define WATCHED_KEY "cassino-a11y-watched"
/* the name given here (not by the code), to give it once */
#define AUTO_KEY "cassino-a11y-auto"

char *
cassino_a11y_strip_mnemonic (const char *label)
{
  GString *s;

  if (label == NULL)
    return NULL;
  s = g_string_sized_new (strlen (label));
  for (const char *p = label; *p; p++)
    {
      if (*p == '_')
        {
          if (p[1] == '_')
            g_string_append_c (s, '_'), p++;
          continue;
        }
      g_string_append_c (s, *p);
    }
  return g_string_free (s, FALSE);
}

void
cassino_a11y_set_name (GtkWidget  *widget,
                       const char *name)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  g_object_set_data_full (G_OBJECT (widget), NAME_KEY, g_strdup (name), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

/* The title of the preferences row @widget sits in, without mnemonic. */
static char *
row_title (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW);
  const char *title;

  if (row == NULL)
    return NULL;
  title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  if (title == NULL || *title == '\0')
    return NULL;
  return adw_preferences_row_get_use_underline (ADW_PREFERENCES_ROW (row)) ?
         cassino_a11y_strip_mnemonic (title) : g_strdup (title);
}

/* The buttons inside @widget (a drop-down's, a menu button's) take its name. */
static void
name_inner_buttons (GtkWidget  *widget,
                    const char *name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && g_object_get_data (G_OBJECT (child), NAME_KEY) == NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      else if (!GTK_IS_POPOVER (child))
        name_inner_buttons (child, name);
    }
}

/* Whether @widget is part of a toast (libadwaita's AdwToastWidget). */
static gboolean
in_toast (GtkWidget *widget)
{
  for (GtkWidget *w = widget; w; w = gtk_widget_get_parent (w))
    if (g_str_equal (G_OBJECT_TYPE_NAME (w), "AdwToastWidget"))
      return TRUE;
  return FALSE;
}

/* The name of an icon button that has neither label nor tooltip (GTK's
 * and libadwaita's own: the shortcuts window's search, the about
 * window's back button), from its standard icon. */
static char *
icon_name_words (GtkWidget *image)
{
  static const struct { const char *icon; const char *name; } names[] = {
    { "edit-find-symbolic", N_("Search") },
    { "go-previous-symbolic", N_("Back") },
    { "go-previous-symbolic-rtl", N_("Back") },
    { "go-next-symbolic", N_("Forward") },
    { "window-close-symbolic", N_("Close") },
    { "open-menu-symbolic", N_("Main Menu") },
  };
  const char *icon;

  if (!GTK_IS_IMAGE (image))
    return NULL;
  icon = gtk_image_get_icon_name (GTK_IMAGE (image));
  for (gsize i = 0; icon && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (icon, names[i].icon))
      return g_strdup (_(names[i].name));
  return NULL;
}

static gboolean
is_colour_button (GtkWidget *widget)
{
  gboolean is;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  is = GTK_IS_COLOR_BUTTON (widget);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return is;
}

static void name_one (GtkWidget *widget);

static void
on_label_changed_cb (GtkWidget  *widget,
                     GParamSpec *pspec,
                     gpointer    unused)
{
  name_one (widget);
}

static void
name_one (GtkWidget *widget)
{
  const char *named = g_object_get_data (G_OBJECT (widget), NAME_KEY);
  g_autofree char *name = NULL;

  if (named)
    {
      if (GTK_IS_DROP_DOWN (widget))
        name_inner_buttons (widget, named);
      return;
    }

  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkColumnListView"))
    {
      /* a column view's rows are a list inside it: named as the view is */
      GtkWidget *view = gtk_widget_get_parent (widget);

      named = view ? g_object_get_data (G_OBJECT (view), NAME_KEY) : NULL;
      if (named && g_strcmp0 (g_object_get_data (G_OBJECT (widget), AUTO_KEY), named) != 0)
        {
          g_object_set_data_full (G_OBJECT (widget), AUTO_KEY, g_strdup (named), g_free);
          gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, named, -1);
        }
      return;
    }

  if (GTK_IS_MENU_BUTTON (widget))
    {
      const char *label = gtk_menu_button_get_label (GTK_MENU_BUTTON (widget));

      if (label && *label)
        name = gtk_menu_button_get_use_underline (GTK_MENU_BUTTON (widget)) ?
               cassino_a11y_strip_mnemonic (label) : g_strdup (label);
      else
        name = g_strdup (gtk_widget_get_tooltip_text (widget));
    }
  else if (GTK_IS_BUTTON (widget) && !GTK_IS_MENU_BUTTON (gtk_widget_get_parent (widget)) &&
           gtk_widget_get_ancestor (widget, GTK_TYPE_DROP_DOWN) == NULL)
    {
      const char *label = gtk_button_get_label (GTK_BUTTON (widget));

      /* the label may change (Next → Finish): the name follows it */
      if (g_object_get_data (G_OBJECT (widget), WATCHED_KEY) == NULL)
        {
          g_object_set_data (G_OBJECT (widget), WATCHED_KEY, GINT_TO_POINTER (TRUE));
          g_signal_connect (widget, "notify::label", G_CALLBACK (on_label_changed_cb), NULL);
          g_signal_connect (widget, "notify::use-underline", G_CALLBACK (on_label_changed_cb), NULL);
        }
      if (label && *label)
        {
          /* GTK 4.8 names it by its label child (labelled-by, the text
           * without the underscore) followed by the label property, which
           * it sets to the raw label when it has a mnemonic ("_Play
           * Play"): without that property the label child's text is the
           * name ("Play") */
          if (gtk_button_get_use_underline (GTK_BUTTON (widget)))
            gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
          return;
        }
      else if (GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (widget))))
        {
          /* a label set as the child (the about window's version) */
          GtkLabel *child = GTK_LABEL (gtk_button_get_child (GTK_BUTTON (widget)));

          if (g_object_get_data (G_OBJECT (child), WATCHED_KEY) == NULL)
            {
              g_object_set_data (G_OBJECT (child), WATCHED_KEY, GINT_TO_POINTER (TRUE));
              g_signal_connect_object (child, "notify::label", G_CALLBACK (on_label_changed_cb),
                                       widget, G_CONNECT_SWAPPED);
            }
          name = gtk_label_get_use_underline (child) ? cassino_a11y_strip_mnemonic (gtk_label_get_label (child)) :
                                                       g_strdup (gtk_label_get_text (child));
        }
      else if (GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))))
        {
          name = g_strdup (gtk_widget_get_tooltip_text (widget));
          /* a toast's close button has neither label nor tooltip */
          if (name == NULL && in_toast (widget))
            name = g_strdup (_("Close"));
          if (name == NULL)
            name = icon_name_words (gtk_button_get_child (GTK_BUTTON (widget)));
        }
    }
  else if (is_colour_button (widget))
    {
      /* a button inside, named by the colour button's tooltip or row */
      name = g_strdup (gtk_widget_get_tooltip_text (widget));
      if (name == NULL)
        name = row_title (widget);
      if (name && *name)
        name_inner_buttons (widget, name);
      return;
    }
  else if (ADW_IS_VIEW_SWITCHER (widget))
    {
      /* Translators: what a screen reader calls a window's row of page
       * buttons (Table, History, Statistics) */
      name = g_strdup (C_("accessible", "Pages"));
    }
  else if (GTK_IS_SEARCH_ENTRY (widget))
    {
      /* named by what it searches ("Search by name"), not "GtkSearchEntry" */
      g_object_get (widget, "placeholder-text", &name, NULL);
    }
  else if (GTK_IS_SWITCH (widget) || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget))
    {
      GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_ACTION_ROW);

      /* the row it activates labels it too (labelled-by its title):
       * GTK 4.8 would say both ("Coach Coach"), and only that relation
       * while the row is not shown ("GtkSwitch" in a folded expander);
       * the title as the label property alone says it once, always */
      if (row && adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row)) == widget)
        gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      name = row_title (widget);
      if (name == NULL)
        name = g_strdup (gtk_widget_get_tooltip_text (widget));
    }

  if (name == NULL || *name == '\0')
    return;
  if (g_strcmp0 (g_object_get_data (G_OBJECT (widget), AUTO_KEY), name) == 0)
    return;   /* named so already (mapped again) */

  g_object_set_data_full (G_OBJECT (widget), AUTO_KEY, g_strdup (name), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (GTK_IS_DROP_DOWN (widget))
    name_inner_buttons (widget, name);
}

static gboolean
on_map_hook (GSignalInvocationHint *hint,
             guint                  n_params,
             const GValue          *params,
             gpointer               unused)
{
  GObject *object = g_value_get_object (&params[0]);

  if (GTK_IS_WIDGET (object))
    name_one (GTK_WIDGET (object));
  return TRUE;   /* stay */
}

void
cassino_a11y_watch (void)
{
  static gsize installed;

  if (g_once_init_enter (&installed))
    {
      /* (the class must exist for its signals to be found) */
      g_type_class_ref (GTK_TYPE_WIDGET);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                                  on_map_hook, NULL, NULL);
      g_once_init_leave (&installed, 1);
    }
}

void
cassino_a11y_name_controls (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  cassino_a11y_watch ();

  /* a flow box that only lays controls out: its children are no Tab stops
   * of their own (an unseen stop named "GtkFlowBoxChild" before each
   * filter of History and each replay control) */
  if (GTK_IS_FLOW_BOX_CHILD (root) && GTK_IS_FLOW_BOX (gtk_widget_get_parent (root)) &&
      gtk_flow_box_get_selection_mode (GTK_FLOW_BOX (gtk_widget_get_parent (root))) == GTK_SELECTION_NONE)
    gtk_widget_set_focusable (root, FALSE);

  name_one (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    cassino_a11y_name_controls (child);
}
