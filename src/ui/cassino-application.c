/* cassino-application.c: the application
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-application.h"

#include "cassino-a11y.h"

#include <glib/gi18n.h>

#include "cassino-game-controller.h"
#include "cassino-help.h"
#include "cassino-preferences-window.h"
#include "cassino-store.h"
#include "cassino-store-history.h"
#include "cassino-window.h"

struct _CassinoApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  char           *database;
  char           *page;
  gint64          replay;
};

G_DEFINE_FINAL_TYPE (CassinoApplication, cassino_application, ADW_TYPE_APPLICATION)

static CassinoWindow *
get_window (CassinoApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (CASSINO_IS_WINDOW (window))
    return CASSINO_WINDOW (window);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (CASSINO_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

/* CASSINO_DEBUG_RESUME=1 (build-aux/crash-test): the window says on
 * standard error which game it resumed and at which move, so that a test
 * can check it against the database.  Nothing else reads this. */
static gint64
newest_unfinished_game (const char *path)
{
  g_autoptr(CassinoStore) store = path ? cassino_store_open_full (path, CASSINO_STORE_OPEN_NO_SALVAGE, NULL) : NULL;
  g_autoptr(GPtrArray) games = store ? cassino_store_list_unfinished_games (store, NULL) : NULL;

  if (games == NULL || games->len == 0)
    return 0;
  return ((CassinoStoreGameSummary *) games->pdata[0])->id;
}

static void
debug_resume (CassinoWindow *window,
              gint64         resumed)
{
  CassinoGameController *controller = cassino_window_get_controller (window);
  const CassinoGame *game;
  guint moves = 0;

  if (!cassino_game_controller_has_game (controller))
    {
      g_printerr ("cassino: no game\n");
      return;
    }
  game = cassino_game_controller_get_game (controller);
  for (guint i = 0; i < cassino_game_get_n_deals (game); i++)
    moves += cassino_game_get_deal (game, i)->plays->len;
  if (resumed > 0)
    g_printerr ("cassino: resumed game %" G_GINT64_FORMAT " at move %u (seed %" G_GUINT64_FORMAT ")\n",
                resumed, moves, cassino_game_get_seed (game));
  else
    g_printerr ("cassino: started a new game (seed %" G_GUINT64_FORMAT ")\n",
                cassino_game_get_seed (game));
}

gboolean
cassino_application_lacks_gpu (const char *dri_dir)
{
  g_autoptr(GDir) dir = g_dir_open (dri_dir, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    if (g_str_has_prefix (name, "renderD") || g_str_has_prefix (name, "card"))
      return FALSE;
  return TRUE;
}

/* CASSINO_DEBUG_TIMING (tests/bench-launch.sh): the wall-clock time of
 * the first frame painted, in ms, on standard error. */
static void
on_first_frame_cb (GdkFrameClock *clock,
                   gpointer       user_data)
{
  g_printerr ("cassino: first frame drawn at %" G_GINT64_FORMAT " ms\n", g_get_real_time () / 1000);
  g_signal_handlers_disconnect_by_func (clock, on_first_frame_cb, user_data);
}

static void
on_window_realize_cb (GtkWidget *window,
                      gpointer   user_data)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (on_first_frame_cb), NULL);
}

static void
cassino_application_activate (GApplication *application)
{
  CassinoApplication *self = CASSINO_APPLICATION (application);
  CassinoWindow *window = get_window (self);

  if (window == NULL)
    {
      const char *path;
      gboolean debug = g_getenv ("CASSINO_DEBUG_RESUME") != NULL;
      gint64 resumed = 0;

      if (self->database == NULL)
        self->database = cassino_store_get_default_path ();
      path = g_strcmp0 (self->database, "none") == 0 ? NULL : self->database;
      if (debug)
        resumed = newest_unfinished_game (path);
      window = cassino_window_new (GTK_APPLICATION (self), path);
      if (g_getenv ("CASSINO_DEBUG_TIMING"))
        g_signal_connect (window, "realize", G_CALLBACK (on_window_realize_cb), NULL);
      if (debug)
        debug_resume (window, resumed);
      if (self->page)
        cassino_window_set_top_page (window, self->page);
      if (self->replay > 0)
        cassino_window_open_replay (window, self->replay, NULL);
    }
  gtk_window_present (GTK_WINDOW (window));
}

/* @path as compared between two launches ("none" as it is). */
static char *
canonical_database (const char *path)
{
  char *real;

  if (g_strcmp0 (path, "none") == 0)
    return g_strdup (path);
  real = realpath (path, NULL);
  if (real != NULL)
    {
      char *copy = g_strdup (real);

      free (real);
      return copy;
    }
  return g_canonicalize_filename (path, NULL);
}

static void
on_database_change_state_cb (GSimpleAction *action,
                             GVariant      *value,
                             gpointer       user_data)
{
  /* read only: which database this process records into */
}

static int
cassino_application_handle_local_options (GApplication *application,
                                          GVariantDict *options)
{
  CassinoApplication *self = CASSINO_APPLICATION (application);
  g_autofree char *database = NULL;

  if (g_variant_dict_lookup (options, "version", "b", NULL))
    {
      g_print ("cassino %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_lookup (options, "page", "s", &self->page) &&
      !g_strv_contains ((const char *const[]) { "table", "history", "statistics", NULL }, self->page))
    {
      /* Translators: the app's --page option was given a page it does
       * not have; keep the three names as they are (they are what the
       * option takes) */
      g_printerr (_("cassino: there is no page “%s”: the pages are table, history and statistics\n"),
                  self->page);
      return 1;
    }
  if (g_variant_dict_lookup (options, "replay", "x", &self->replay) && self->replay <= 0)
    {
      g_autofree char *given = g_strdup_printf ("%" G_GINT64_FORMAT, self->replay);

      /* Translators: the app's --replay option was given 0 or less (%s) */
      g_printerr (_("cassino: --replay takes the ID of a recorded game (1 or more, as "
                    "cassino-cli history lists them), not %s\n"), given);
      return 1;
    }
  if (g_variant_dict_lookup (options, "database", "^ay", &database))
    {
      g_autoptr(GError) error = NULL;

      cassino_application_set_database (self, database);
      /* Cassino running already, on another database: this launch would
       * only bring up its window, which goes on recording into its own
       * file; say so instead of doing it without a word */
      if (g_application_register (application, NULL, &error) && g_application_get_is_remote (application))
        {
          g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (application), "database");
          g_autofree char *wanted = canonical_database (database);

          if (state != NULL && g_strcmp0 (g_variant_get_string (state, NULL), wanted) != 0)
            {
              /* Translators: the app's --database option while Cassino runs on
               * another database; the first %s is its file, the second the one given */
              g_printerr (_("cassino: Cassino is already running with the database %s; quit it "
                            "before starting it with %s\n"),
                          g_variant_get_string (state, NULL), database);
              return 1;
            }
        }
    }
  return -1;
}

/* Actions */

static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GApplication *application = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (application));

  /* close the windows so that they stop the computer players; a window
   * whose last moves are not saved asks first, and the application stays
   * while it does (it quits when its last window has gone) */
  while (windows)
    {
      GtkWindow *window = windows->data;
      windows = windows->next;
      gtk_window_close (window);
    }
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l; l = l->next)
    if (CASSINO_IS_WINDOW (l->data) && _cassino_window_has_unsaved_moves (l->data))
      return;
  g_application_quit (application);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  CassinoApplication *self = user_data;
  const char *developers[] = {
    /* Translators: the authors' collective name in the About window */
    _("The Cassino developers"),
    NULL
  };
  GtkWidget *about;
  g_autofree char *copyright = NULL;

  /* Translators: the copyright line of the About window; %s is the year */
  copyright = g_strdup_printf (_("© %s The Cassino developers"), "2026");

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", _("Cassino"),
                        "application-icon", APPLICATION_ID,
                        /* Translators: the authors' collective name in the About window */
                        "developer-name", _("The Cassino developers"),
                        "version", PACKAGE_VERSION,
                        "website", "https://github.com/cassinogame/cassino",
                        "issue-url", "https://github.com/cassinogame/cassino/issues",
                        "comments", _("The classic fishing card game: capture by pairing and summing, build, call and sweep the table."),
                        "developers", developers,
                        /* Translators: put your names here, one a line */
                        "translator-credits", _("translator-credits"),
                        "copyright", copyright,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  /* Translators: a credits section of the About window: the rule books the game follows */
  adw_about_window_add_credit_section (ADW_ABOUT_WINDOW (about), _("Rules from"),
                                       (const char *[]) { "Robert Long, The Laws of Cassino (1792)",
                                                          "Trumps, The American Hoyle (1867, 1880)",
                                                          "R. F. Foster, Foster’s Complete Hoyle (1897)",
                                                          "John McLeod, pagat.com",
                                                          NULL });
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  CassinoApplication *self = user_data;
  CassinoPreferencesWindow *preferences;

  preferences = cassino_preferences_window_new (gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  CassinoApplication *self = user_data;

  cassino_help_show (gtk_application_get_active_window (GTK_APPLICATION (self)));
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  CassinoApplication *self = user_data;
  CassinoWindow *window = get_window (self);

  if (window == NULL)
    {
      g_application_activate (G_APPLICATION (self));
      window = get_window (self);
    }
  if (window)
    cassino_window_new_game (window);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
  { "help", help_activated },
  { "new-game", new_game_activated },
};

/* Colour scheme: the setting drives AdwStyleManager */

static gboolean
scheme_from_setting (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  const char *nick = g_variant_get_string (variant, NULL);

  if (g_strcmp0 (nick, "light") == 0)
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_LIGHT);
  else if (g_strcmp0 (nick, "dark") == 0)
    g_value_set_enum (value, ADW_COLOR_SCHEME_FORCE_DARK);
  else
    g_value_set_enum (value, ADW_COLOR_SCHEME_PREFER_LIGHT);
  return TRUE;
}

static void
cassino_application_startup (GApplication *application)
{
  CassinoApplication *self = CASSINO_APPLICATION (application);

  G_APPLICATION_CLASS (cassino_application_parent_class)->startup (application);
  /* every control named for a screen reader as it is shown */
  cassino_a11y_watch ();
  /* from the build tree (meson devenv): the app's icons where they are
   * (About showed a broken image) */
  {
    const char *icons = g_getenv ("CASSINO_ICON_DIR");
    GdkDisplay *display = gdk_display_get_default ();

    if (icons && *icons && display)
      gtk_icon_theme_add_search_path (gtk_icon_theme_get_for_display (display), icons);
  }

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  {
    /* the database this process records into, for a second launch to
     * compare with its --database */
    g_autofree char *path = self->database ? g_strdup (self->database) : cassino_store_get_default_path ();
    g_autofree char *canonical = canonical_database (path);
    g_autoptr(GSimpleAction) action = g_simple_action_new_stateful ("database", NULL,
                                                                   g_variant_new_string (canonical));

    g_signal_connect (action, "change-state", G_CALLBACK (on_database_change_state_cb), NULL);
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  }
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", (const char *[]) { "<Control>q", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-game", (const char *[]) { "<Control>n", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", (const char *[]) { "<Control>comma", NULL });
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", (const char *[]) { "F1", NULL });

  self->settings = g_settings_new (APPLICATION_ID);
  g_settings_bind_with_mapping (self->settings, "color-scheme",
                                adw_style_manager_get_default (), "color-scheme",
                                G_SETTINGS_BIND_GET, scheme_from_setting, NULL, NULL, NULL);
}

static void
cassino_application_dispose (GObject *object)
{
  CassinoApplication *self = CASSINO_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cassino_application_parent_class)->dispose (object);
}

static void
cassino_application_finalize (GObject *object)
{
  CassinoApplication *self = CASSINO_APPLICATION (object);

  g_free (self->database);
  g_free (self->page);

  G_OBJECT_CLASS (cassino_application_parent_class)->finalize (object);
}

static void
cassino_application_class_init (CassinoApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = cassino_application_dispose;
  object_class->finalize = cassino_application_finalize;
  app_class->activate = cassino_application_activate;
  app_class->startup = cassino_application_startup;
  app_class->handle_local_options = cassino_application_handle_local_options;
}

static void
cassino_application_init (CassinoApplication *self)
{
  static const GOptionEntry options[] = {
    { "database", 0, 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Record games in the database at PATH (“none”: record nothing)"), N_("PATH") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Show the version and quit"), NULL },
    { "page", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Open on page NAME: table, history or statistics"), N_("NAME") },
    { "replay", 0, 0, G_OPTION_ARG_INT64, NULL, N_("Replay the recorded game ID"), N_("ID") },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

CassinoApplication *
cassino_application_new (void)
{
  return g_object_new (CASSINO_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "resource-base-path", APPLICATION_PATH,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       NULL);
}

const char *
cassino_application_get_database (CassinoApplication *self)
{
  g_return_val_if_fail (CASSINO_IS_APPLICATION (self), NULL);
  return self->database;
}

void
cassino_application_set_database (CassinoApplication *self,
                                  const char         *path)
{
  g_return_if_fail (CASSINO_IS_APPLICATION (self));

  g_free (self->database);
  self->database = g_strdup (path);
}
