/* test-ui-help.c: Help (F1) in a real window, under Xvfb
 *
 * The program runs in data and configuration folders of its own, so that
 * which program shows help: URIs is up to the test: at first none (as on a
 * system without Yelp), then a stand-in viewer that writes down the URI it
 * was given.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cassino-application.h"
#include "cassino-help.h"
#include "cassino-window.h"
#include "test-ui-util.h"

static CassinoApplication *the_app;
static char *tmpdir;

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return ADW_MESSAGE_DIALOG (window);
    }
  return NULL;
}

static CassinoWindow *
open_window (void)
{
  g_autofree char *database = g_build_filename (tmpdir, "cassino.db", NULL);
  CassinoWindow *window = cassino_window_new (GTK_APPLICATION (the_app), database);

  gtk_window_present (GTK_WINDOW (window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (window)), 10);
  return window;
}

/* No program shows help: URIs: F1 says what is missing and how to get it,
 * not GTK's "Operation not supported". */
static void
test_no_viewer (void)
{
  CassinoWindow *window;
  AdwMessageDialog *dialog;
  g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");

  g_assert_null (viewer);
  window = open_window ();
  g_action_group_activate_action (G_ACTION_GROUP (the_app), "help", NULL);
  WAIT_FOR ((dialog = find_message_dialog ()) != NULL, 10);

  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "No Help Viewer Installed");
  g_assert_cmpstr (adw_message_dialog_get_body (dialog), ==,
                   "Cassino’s help is read with Yelp, the GNOME help viewer, which is not "
                   "installed. Install the Yelp help viewer (the package “yelp”, from "
                   "Software or your system’s package manager), then press F1 again.");
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "not supported"));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));

  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With a viewer of help: URIs, F1 starts it with help:cassino and says
 * nothing more.  GIO reads the applications once: the viewer is installed
 * before a new process of this program starts (in the same folders). */
static void
test_viewer (void)
{
  g_autofree char *script = g_build_filename (tmpdir, "viewer", NULL);
  g_autofree char *launched = g_build_filename (tmpdir, "launched", NULL);
  g_autofree char *desktop = g_build_filename (tmpdir, "home", "applications",
                                               "cassino-test-help-viewer.desktop", NULL);
  g_autofree char *mimeapps = g_build_filename (tmpdir, "home", "applications", "mimeapps.list", NULL);

  if (g_test_subprocess ())
    {
      g_autofree char *contents = NULL;
      g_autoptr(GAppInfo) viewer = g_app_info_get_default_for_uri_scheme ("help");
      CassinoWindow *window;

      g_assert_nonnull (viewer);
      window = open_window ();
      g_action_group_activate_action (G_ACTION_GROUP (the_app), "help", NULL);
      WAIT_FOR (g_file_test (launched, G_FILE_TEST_EXISTS), 20);
      g_assert_true (g_file_get_contents (launched, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "help:cassino\n");
      g_assert_null (find_message_dialog ());
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  else
    {
      g_autofree char *script_text = g_strdup_printf ("#!/bin/sh\necho \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                                                      launched, launched, launched);
      g_autofree char *desktop_text = g_strdup_printf ("[Desktop Entry]\nType=Application\n"
                                                       "Name=Test Help Viewer\nExec=%s %%u\n"
                                                       "MimeType=x-scheme-handler/help;\n", script);

      g_assert_true (g_file_set_contents (script, script_text, -1, NULL));
      g_assert_cmpint (g_chmod (script, 0755), ==, 0);
      g_assert_true (g_file_set_contents (desktop, desktop_text, -1, NULL));
      g_assert_true (g_file_set_contents (mimeapps, "[Default Applications]\n"
                                          "x-scheme-handler/help=cassino-test-help-viewer.desktop\n",
                                          -1, NULL));
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unlink (launched);
      g_unlink (desktop);
      g_unlink (mimeapps);
      g_unlink (script);
      g_test_trap_assert_passed ();
    }
}

/* Run from the build tree (meson devenv sets CASSINO_HELP_DIR), F1 opens
 * the build's help by its path, in the user's language: help:cassino is
 * found only once installed, and Yelp said "Document Not Found". */
static void
test_build_tree (void)
{
  g_autofree char *root = g_build_filename (tmpdir, "help-dev", NULL);
  g_autofree char *bin = g_build_filename (tmpdir, "bin", NULL);
  g_autofree char *launched = g_build_filename (tmpdir, "launched-yelp", NULL);
  static const char *langs[] = { "C", "de" };

  if (g_test_subprocess ())
    {
      g_autofree char *contents = NULL;
      g_autofree char *expected = g_strdup_printf ("%s/de\n", root);
      CassinoWindow *window;

      window = open_window ();
      g_action_group_activate_action (G_ACTION_GROUP (the_app), "help", NULL);
      WAIT_FOR (g_file_test (launched, G_FILE_TEST_EXISTS), 20);
      g_assert_true (g_file_get_contents (launched, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, expected);
      g_assert_null (find_message_dialog ());
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (langs); i++)
    {
      g_autofree char *dir = g_build_filename (root, langs[i], NULL);
      g_autofree char *index = g_build_filename (dir, "index.page", NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      g_assert_true (g_file_set_contents (index, "<page/>", -1, NULL));
    }
  /* the language chosen: the first the help has, else C, else none */
  {
    const char *german[] = { "de_DE.UTF-8", "de_DE", "de", "C", NULL };
    const char *french[] = { "fr_FR", "fr", NULL };
    g_autofree char *de = cassino_help_dev_dir (root, german);
    g_autofree char *fr = cassino_help_dev_dir (root, french);
    g_autofree char *none = cassino_help_dev_dir (bin, french);
    g_autofree char *want_de = g_build_filename (root, "de", NULL);
    g_autofree char *want_c = g_build_filename (root, "C", NULL);

    g_assert_cmpstr (de, ==, want_de);
    g_assert_cmpstr (fr, ==, want_c);
    g_assert_null (none);
  }
  /* a stand-in yelp that writes down what it was given */
  {
    g_autofree char *yelp = g_build_filename (bin, "yelp", NULL);
    g_autofree char *text = g_strdup_printf ("#!/bin/sh\necho \"$1\" > '%s.part' && mv '%s.part' '%s'\n",
                                             launched, launched, launched);
    g_autofree char *path = g_strdup_printf ("%s:%s", bin, g_getenv ("PATH"));

    g_assert_cmpint (g_mkdir_with_parents (bin, 0755), ==, 0);
    g_assert_true (g_file_set_contents (yelp, text, -1, NULL));
    g_assert_cmpint (g_chmod (yelp, 0755), ==, 0);
    g_setenv ("PATH", path, TRUE);
    g_setenv ("CASSINO_HELP_DIR", root, TRUE);
    g_setenv ("LANGUAGE", "de", TRUE);
    g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_unsetenv ("CASSINO_HELP_DIR");
    g_unsetenv ("LANGUAGE");
    g_unlink (launched);
    g_unlink (yelp);
    g_rmdir (bin);
    for (guint i = 0; i < G_N_ELEMENTS (langs); i++)
      {
        g_autofree char *dir = g_build_filename (root, langs[i], NULL);
        g_autofree char *index = g_build_filename (dir, "index.page", NULL);

        g_unlink (index);
        g_rmdir (dir);
      }
    g_rmdir (root);
    g_test_trap_assert_passed ();
  }
}

/* From the build tree (meson devenv sets CASSINO_ICON_DIR), the app's
 * icon is found (About showed a broken image): not installed here, it is
 * not in the theme without it. */
static void
test_icon_from_build_tree (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  if (g_test_subprocess ())
    {
      g_assert_true (gtk_icon_theme_has_icon (theme, APPLICATION_ID));
      return;
    }
  g_assert_false (gtk_icon_theme_has_icon (theme, APPLICATION_ID));
  {
    g_autofree char *icons = g_test_build_filename (G_TEST_DIST, "..", "data", "icons", NULL);

    g_setenv ("CASSINO_ICON_DIR", icons, TRUE);
    g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_unsetenv ("CASSINO_ICON_DIR");
    g_test_trap_assert_passed ();
  }
}

int
main (int   argc,
      char *argv[])
{
  static GTestDBus *bus;   /* kept to the end (still reachable at exit): the application holds its connection */
  g_autofree char *share = NULL;
  gboolean owner = FALSE;
  int ret;

  /* folders of our own (one set for this program and its subprocesses):
   * no system application handles help: URIs here; the icons and MIME
   * types stay the system's */
  tmpdir = g_strdup (g_getenv ("CASSINO_UI_HELP_DIR"));
  if (tmpdir == NULL)
    {
      tmpdir = g_dir_make_tmp ("cassino-ui-help-XXXXXX", NULL);
      share = g_build_filename (tmpdir, "share", NULL);
      for (guint i = 0; i < 3; i++)
        {
          static const char *const dirs[] = { "home/applications", "config", "share" };
          g_autofree char *dir = g_build_filename (tmpdir, dirs[i], NULL);

          g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
        }
      for (guint i = 0; i < 2; i++)
        {
          static const char *const linked[] = { "icons", "mime" };
          g_autofree char *target = g_build_filename ("/usr/share", linked[i], NULL);
          g_autofree char *link = g_build_filename (share, linked[i], NULL);

          g_assert_cmpint (symlink (target, link), ==, 0);
        }
      g_setenv ("CASSINO_UI_HELP_DIR", tmpdir, TRUE);
      owner = TRUE;
    }
  {
    g_autofree char *home = g_build_filename (tmpdir, "home", NULL);
    g_autofree char *config = g_build_filename (tmpdir, "config", NULL);

    g_free (share);
    share = g_build_filename (tmpdir, "share", NULL);
    g_setenv ("XDG_DATA_HOME", home, TRUE);
    g_setenv ("XDG_DATA_DIRS", share, TRUE);
    g_setenv ("XDG_CONFIG_HOME", config, TRUE);
    g_setenv ("XDG_CONFIG_DIRS", config, TRUE);
  }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);

  the_app = ui_test_start_app (&argc, &argv, &bus);

  g_test_add_func ("/cassino/ui-help/no-viewer", test_no_viewer);
  g_test_add_func ("/cassino/ui-help/viewer", test_viewer);
  g_test_add_func ("/cassino/ui-help/build-tree", test_build_tree);
  g_test_add_func ("/cassino/ui-help/icon-from-build-tree", test_icon_from_build_tree);

  ret = g_test_run ();
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  if (owner)
    {
      static const char *const paths[] = {
        "share/icons", "share/mime", "share", "home/applications", "home", "config", "cassino.db-wal",
        "cassino.db-shm", "cassino.db",
      };

      for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
        {
          g_autofree char *path = g_build_filename (tmpdir, paths[i], NULL);

          g_remove (path);
        }
      g_rmdir (tmpdir);
    }
  g_free (tmpdir);
  return ret;
}
