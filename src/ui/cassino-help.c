/* cassino-help.c: showing the user help (help:cassino)
 *
 * The help is Mallard, installed in <datadir>/help/<lang>/cassino and read
 * by the viewer of help: URIs, Yelp.  In the Flatpak the help is in
 * /app/share/help, which only a viewer inside the sandbox can read: a
 * yelp in the sandbox (the runtime's) is started there when there is one,
 * else the URI goes through the portal as GTK sends it.  Elsewhere the
 * desktop's handler of help: URIs is asked; when there is none, GTK would
 * only say "Operation not supported", so the app says what is missing and
 * how to get it.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-help.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#define HELP_URI "help:" GETTEXT_PACKAGE

static void
show_problem (GtkWindow  *parent,
              const char *heading,
              const char *body)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (parent, heading, body));

  adw_message_dialog_add_response (dialog, "close", _("_OK"));
  adw_message_dialog_set_default_response (dialog, "close");
  adw_message_dialog_set_close_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
show_viewer_missing (GtkWindow *parent)
{
  show_problem (parent, _("No Help Viewer Installed"),
                /* Translators: "yelp" is the name of the package, keep it */
                _("Cassino’s help is read with Yelp, the GNOME help viewer, which is not "
                  "installed. Install the Yelp help viewer (the package “yelp”, from "
                  "Software or your system’s package manager), then press F1 again."));
}

static void
on_help_shown_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GtkWindow) parent = user_data;
  g_autoptr(GError) error = NULL;

  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;
  g_message ("could not show %s: %s", HELP_URI, error->message);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED) ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    show_viewer_missing (parent);
  else
    {
      /* Translators: %s is the reason the help viewer gave */
      g_autofree char *body = g_strdup_printf (_("The help viewer could not be started: %s. "
                                                 "Installing the Yelp help viewer (the package "
                                                 "“yelp”) again may help."),
                                               error->message);

      show_problem (parent, _("Help Could Not Be Opened"), body);
    }
}

/* In the Flatpak: a yelp in the sandbox reads /app/share/help. */
static gboolean
show_in_sandbox (void)
{
  g_autofree char *yelp = NULL;
  const char *argv[] = { NULL, HELP_URI, NULL };
  g_autoptr(GError) error = NULL;

  if (!g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    return FALSE;
  yelp = g_find_program_in_path ("yelp");
  if (yelp == NULL)
    return FALSE;
  argv[0] = yelp;
  if (!g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &error))
    {
      g_message ("could not start %s: %s", yelp, error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * cassino_help_dev_dir:
 * @root: the build tree's help laid out as installed (CASSINO_HELP_DIR)
 * @languages: the user's languages, most wanted first
 *   (g_get_language_names())
 *
 * Returns: (transfer full) (nullable): the folder of the first of
 *   @languages the help has (C, English, at the latest), or %NULL.
 */
char *
cassino_help_dev_dir (const char         *root,
                      const char * const *languages)
{
  for (guint i = 0; languages && languages[i]; i++)
    {
      g_autofree char *dir = g_build_filename (root, languages[i], NULL);
      g_autofree char *index = g_build_filename (dir, "index.page", NULL);

      if (g_file_test (index, G_FILE_TEST_EXISTS))
        return g_steal_pointer (&dir);
    }
  {
    g_autofree char *dir = g_build_filename (root, "C", NULL);
    g_autofree char *index = g_build_filename (dir, "index.page", NULL);

    return g_file_test (index, G_FILE_TEST_EXISTS) ? g_steal_pointer (&dir) : NULL;
  }
}

/* From the build tree (build-aux/run): help:cassino is found only once
 * installed ("Document Not Found"), so Yelp opens the build's copy by
 * its path, in the user's language. */
static gboolean
show_from_build_tree (void)
{
  const char *root = g_getenv ("CASSINO_HELP_DIR");
  g_autofree char *dir = NULL;
  g_autofree char *yelp = NULL;
  const char *argv[] = { NULL, NULL, NULL };
  g_autoptr(GError) error = NULL;

  if (root == NULL || *root == '\0')
    return FALSE;
  dir = cassino_help_dev_dir (root, (const char * const *) g_get_language_names ());
  yelp = g_find_program_in_path ("yelp");
  if (dir == NULL || yelp == NULL)
    return FALSE;
  argv[0] = yelp;
  argv[1] = dir;
  if (!g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &error))
    {
      g_message ("could not start %s: %s", yelp, error->message);
      return FALSE;
    }
  return TRUE;
}

void
cassino_help_show (GtkWindow *parent)
{
  g_autoptr(GAppInfo) viewer = NULL;

  if (show_in_sandbox () || show_from_build_tree ())
    return;

  /* nobody handles help: URIs: say so, not GTK's "Operation not supported" */
  viewer = g_app_info_get_default_for_uri_scheme ("help");
  if (viewer == NULL && !g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      show_viewer_missing (parent);
      return;
    }
  gtk_show_uri_full (parent, HELP_URI, GDK_CURRENT_TIME, NULL, on_help_shown_cb,
                     parent ? g_object_ref (parent) : NULL);
}
