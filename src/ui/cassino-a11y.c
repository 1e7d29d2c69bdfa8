/* cassino-a11y.c: accessible names GTK 4.8 does not give
 *
 * GTK 4.8 names a button with a mnemonic label by the raw label and the
 * label's text together ("_Play Play"), an icon button by its image's
 * class ("GtkImage"; tooltips are not used), and a switch or a spin
 * button by its class even when a row's title labels it.  These names are
 * set here as the accessible label property, which GTK reads first.
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

static void
name_one (GtkWidget *widget)
{
  const char *named = g_object_get_data (G_OBJECT (widget), NAME_KEY);
  g_autofree char *name = NULL;

  if (named)
    {
      if (GTK_IS_DROP_DOWN (widget) || GTK_IS_MENU_BUTTON (widget))
        name_inner_buttons (widget, named);
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

      if (label && *label && gtk_button_get_use_underline (GTK_BUTTON (widget)))
        name = cassino_a11y_strip_mnemonic (label);
      else if ((label == NULL || *label == '\0') && GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (widget))))
        {
          name = g_strdup (gtk_widget_get_tooltip_text (widget));
          /* a toast's close button has neither label nor tooltip */
          if (name == NULL && in_toast (widget))
            name = g_strdup (_("Close"));
        }
    }
  else if (GTK_IS_SWITCH (widget) || GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget))
    {
      name = row_title (widget);
      if (name == NULL)
        name = g_strdup (gtk_widget_get_tooltip_text (widget));
    }

  if (name == NULL || *name == '\0')
    return;
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  if (GTK_IS_DROP_DOWN (widget) || GTK_IS_MENU_BUTTON (widget))
    name_inner_buttons (widget, name);
}

static gboolean
name_toasts_cb (gpointer data)
{
  g_autoptr(GtkWidget) overlay = g_weak_ref_get (data);

  if (overlay)
    cassino_a11y_name_controls (overlay);
  return G_SOURCE_REMOVE;
}

static void
free_weak_ref (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
on_toast_dismissed_cb (AdwToast        *toast,
                       AdwToastOverlay *overlay)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  /* the next toast in the queue is shown now; the overlay is not kept
   * alive for it (it must go with its window) */
  g_weak_ref_init (ref, overlay);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, name_toasts_cb, ref, free_weak_ref);
}

void
cassino_a11y_add_toast (AdwToastOverlay *overlay,
                        AdwToast        *toast)
{
  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (ADW_IS_TOAST (toast));

  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed_cb), overlay, 0);
  adw_toast_overlay_add_toast (overlay, toast);
  cassino_a11y_name_controls (GTK_WIDGET (overlay));
}

void
cassino_a11y_name_controls (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  name_one (root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child; child = gtk_widget_get_next_sibling (child))
    cassino_a11y_name_controls (child);
}
