/* test-ui-settings.c: the Players window and the Preferences, under Xvfb
 *
 * What a player sees there: every player's colour on the swatch and on the
 * initials from the start, the archive button, the name the game calls the
 * player by, and a preview of each card theme.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "cassino-application.h"
#include "cassino-game-controller.h"
#include "cassino-game-setup.h"
#include "cassino-records.h"
#include "cassino-window.h"
#include "test-card-theme-util.h"
#include "test-store-util.h"
#include "test-ui-util.h"

static CassinoApplication *the_app;
static char *data_home;

typedef struct {
  CassinoWindow *window;
  GSettings     *settings;
  char          *tmpdir;
  char          *database;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->tmpdir = g_dir_make_tmp ("cassino-ui-settings-XXXXXX", NULL);
  f->database = g_build_filename (f->tmpdir, "cassino.db", NULL);
  f->settings = g_settings_new (APPLICATION_ID);
  g_settings_reset (f->settings, "last-game");
  g_settings_reset (f->settings, "card-theme");
  g_settings_set_enum (f->settings, "animation-speed", 0);
  g_settings_set_string (f->settings, "player-name", "");

  f->window = cassino_window_new (GTK_APPLICATION (the_app), f->database);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1024, 720);
  gtk_window_present (GTK_WINDOW (f->window));
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (f->window)), 10);
  WAIT_FOR (cassino_game_controller_has_game (cassino_window_get_controller (f->window)), 10);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  iterate (50);
  g_clear_object (&f->settings);
  ui_test_remove_dir (f->tmpdir);
  g_free (f->tmpdir);
  g_free (f->database);
}

/* The pixels of @widget as drawn on screen (cairo ARGB32, premultiplied). */
static guchar *
render_widget (GtkWidget *widget,
               int       *width,
               int       *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GskRenderNode *node;
  GdkTexture *texture;
  guchar *data;

  /* a loaded machine may not have laid the window out yet */
  WAIT_FOR (gtk_widget_get_mapped (widget) &&
            gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0, 10);
  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  for (int tries = 0;; tries++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      gdk_paintable_snapshot (paintable, snapshot, *width, *height);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node)
        break;
      g_assert_cmpint (tries, <, 500);   /* not drawn after 10 s */
      iterate (20);
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  data = g_malloc (*width * *height * 4);
  gdk_texture_download (texture, data, *width * 4);
  g_object_unref (texture);
  gsk_render_node_unref (node);
  return data;
}

/* The colour at @x, @y of a rendering, as "#rrggbb" (opaque pixels). */
static char *
pixel_at (const guchar *data,
          int           width,
          int           x,
          int           y)
{
  const guchar *p = data + (y * width + x) * 4;   /* B G R A, little-endian ARGB32 */

  return g_strdup_printf ("#%02x%02x%02x", p[2], p[1], p[0]);
}

static gboolean
close_to (const char *colour,
          const char *expected)
{
  GdkRGBA a, b;

  g_assert_true (gdk_rgba_parse (&a, colour));
  g_assert_true (gdk_rgba_parse (&b, expected));
  return fabs (a.red - b.red) < 0.04 && fabs (a.green - b.green) < 0.04 && fabs (a.blue - b.blue) < 0.04;
}

/* The row of @group (a widget tree) whose player is @id. */
static GtkWidget *
player_widget (GPtrArray *widgets,
               gint64     id)
{
  for (guint i = 0; i < widgets->len; i++)
    if ((gint64) GPOINTER_TO_SIZE (g_object_get_data (widgets->pdata[i], "player-id")) == id)
      return widgets->pdata[i];
  return NULL;
}

/* The players window: each player's swatch shows a colour from the start
 * (the palette's, by player id, until one is chosen), different players
 * different ones; the initials are drawn on it; a chosen colour replaces
 * it; the archive button shows an archive, not a folder. */
static void
test_players_window (Fixture       *f,
                     gconstpointer  data)
{
  static const char *const palette[] = {
    "#3584e4", "#2ec27e", "#e5a50a", "#e66100", "#e01b24", "#9141ac", "#986a44",
  };
  CassinoRecords *records = cassino_window_get_records (f->window);
  g_autoptr(GError) error = NULL;
  gint64 mara = cassino_records_add_player (records, "Mara", &error);
  gint64 bruno = cassino_records_add_player (records, "Bruno", &error);
  gint64 ids[2] = { mara, bruno };
  g_autofree char *first_colour = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (mara, >, 0);
  g_assert_cmpint (bruno, >, mara);

  for (guint round = 0; round < 2; round++)
    {
      g_autoptr(GPtrArray) swatches = g_ptr_array_new ();
      g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
      g_autoptr(GPtrArray) avatars = g_ptr_array_new ();
      GtkWindow *players;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.players", NULL));
      WAIT_FOR ((players = find_toplevel ("Players")) != NULL, 10);
      WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (players)), 10);
      iterate (100);
      ui_test_collect (GTK_WIDGET (players), GTK_TYPE_COLOR_BUTTON, swatches);
      ui_test_collect (GTK_WIDGET (players), GTK_TYPE_BUTTON, buttons);
      ui_test_collect (GTK_WIDGET (players), ADW_TYPE_AVATAR, avatars);

      for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
        {
          GtkWidget *swatch = player_widget (swatches, ids[i]);
          GtkWidget *archive = NULL;
          GtkWidget *avatar = NULL;
          GdkRGBA rgba;
          g_autofree char *shown = NULL;
          g_autofree char *centre = NULL;
          g_autofree guchar *pixels = NULL;
          const char *expected = palette[(ids[i] - 1) % G_N_ELEMENTS (palette)];
          int width, height;

          if (round == 1 && ids[i] == mara)
            expected = "#336699";
          g_assert_nonnull (swatch);
          G_GNUC_BEGIN_IGNORE_DEPRECATIONS
          gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (swatch), &rgba);
          G_GNUC_END_IGNORE_DEPRECATIONS
          shown = g_strdup_printf ("#%02x%02x%02x", (guint) (rgba.red * 255 + 0.5),
                                   (guint) (rgba.green * 255 + 0.5), (guint) (rgba.blue * 255 + 0.5));
          g_assert_cmpstr (shown, ==, expected);
          if (i == 0 && round == 0)
            first_colour = g_strdup (shown);
          else if (round == 0)
            g_assert_cmpstr (shown, !=, first_colour);

          /* the initials on the same colour: left of the letter, inside the circle */
          for (guint a = 0; a < avatars->len; a++)
            {
              GtkWidget *row = gtk_widget_get_ancestor (avatars->pdata[a], ADW_TYPE_ENTRY_ROW);

              if (row && (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "player-id")) == ids[i])
                avatar = avatars->pdata[a];
            }
          g_assert_nonnull (avatar);
          pixels = render_widget (avatar, &width, &height);
          centre = pixel_at (pixels, width, width / 5, height / 2);
          if (!close_to (centre, expected))
            g_error ("the initials of player %" G_GINT64_FORMAT " are on %s, not %s", ids[i], centre, expected);

          /* archive: its own icon, said in words */
          for (guint b = 0; b < buttons->len; b++)
            if ((gint64) GPOINTER_TO_SIZE (g_object_get_data (buttons->pdata[b], "player-id")) == ids[i] &&
                g_strcmp0 (gtk_widget_get_tooltip_text (buttons->pdata[b]),
                           "Archive — hidden from lists, records kept") == 0)
              archive = buttons->pdata[b];
          g_assert_nonnull (archive);
          g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (archive)), ==, "cassino-archive-symbolic");
          g_assert_true (gtk_icon_theme_has_icon (gtk_icon_theme_get_for_display (gtk_widget_get_display (archive)),
                                                  "cassino-archive-symbolic"));
          g_assert_cmpstr (gtk_widget_get_tooltip_text (archive), ==, "Archive — hidden from lists, records kept");
        }

      gtk_window_destroy (players);
      iterate (50);
      /* Mara chooses her colour: the next time it is hers */
      g_assert_true (cassino_records_set_player_colour (records, mara, "#336699", &error));
    }
}

/* The name of player @id in the database, read as another program would
 * (this does not wait for a lock). */
static char *
name_on_disk (Fixture *f,
              gint64   id)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char *name;

  db = store_test_open_reader (f->database);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT name FROM players WHERE id = ?1", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (stmt, 1, id);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  name = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return name;
}

static gboolean
lists_name (CassinoRecords *records,
            const char     *name)
{
  GListModel *names = cassino_records_get_player_names (records);

  for (guint i = 0; i < g_list_model_get_n_items (names); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), name) == 0)
      return TRUE;
  return FALSE;
}

/* The Players window's entry row of player @id, or NULL. */
static GtkWidget *
players_row (GtkWindow *players,
             gint64     id)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect (GTK_WIDGET (players), ADW_TYPE_ENTRY_ROW, rows);
  return player_widget (rows, id);
}

/* Renaming a player while another program holds the database's write
 * lock: the rename is queued on the records' database thread, the main
 * loop goes on, and once the lock is released the new name is on disk,
 * in the lists and in the Players window. */
static void
test_rename_while_locked (Fixture       *f,
                          gconstpointer  data)
{
  CassinoRecords *records = cassino_window_get_records (f->window);
  g_autoptr(GError) error = NULL;
  gint64 mara = cassino_records_add_player (records, "Mara", &error);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  GtkWindow *players;
  GtkWidget *row;
  sqlite3 *lock = NULL;
  gint64 start;

  g_assert_no_error (error);
  g_assert_true (lists_name (records, "Mara"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.players", NULL));
  WAIT_FOR ((players = find_toplevel ("Players")) != NULL, 10);
  WAIT_FOR ((row = players_row (players, mara)) != NULL, 10);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "Mara");

  lock = ui_test_lock_writers (f->database);
  gtk_editable_set_text (GTK_EDITABLE (row), "Marta");
  start = g_get_monotonic_time ();
  g_signal_emit_by_name (row, "apply");
  /* queued, not written: the apply returns at once */
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC / 2);
  /* a second of the main loop going round, the rename still waiting */
  g_assert_cmpuint (ui_test_count_turns (1000), >, 100);
  before = name_on_disk (f, mara);
  g_assert_cmpstr (before, ==, "Mara");
  g_assert_true (lists_name (records, "Mara"));

  g_assert_cmpint (sqlite3_exec (lock, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (lock);
  WAIT_FOR (lists_name (records, "Marta"), 20);
  g_assert_false (lists_name (records, "Mara"));
  after = name_on_disk (f, mara);
  g_assert_cmpstr (after, ==, "Marta");
  WAIT_FOR ((row = players_row (players, mara)) != NULL, 10);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "Marta");
  gtk_window_destroy (players);
  iterate (50);
}

/* Preferences: "Your Name" shows the name the game calls the player by
 * when none is set; typing a name sets it; the default name or nothing
 * written back leaves the setting empty. */
static void
test_preferences_name (Fixture       *f,
                       gconstpointer  data)
{
  CassinoGameController *controller = cassino_window_get_controller (f->window);
  const CassinoGame *game = cassino_game_controller_get_game (controller);
  const char *in_game = cassino_game_get_seat (game, 0)->name;
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autofree char *setting = NULL;
  GtkWindow *preferences;
  GtkEditable *name_row = NULL;

  g_assert_cmpstr (in_game, !=, "");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (the_app), "preferences"));
  g_action_group_activate_action (G_ACTION_GROUP (the_app), "preferences", NULL);
  WAIT_FOR ((preferences = find_toplevel ("Preferences")) != NULL, 10);
  ui_test_collect (GTK_WIDGET (preferences), ADW_TYPE_ENTRY_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "Your _Name") == 0)
      name_row = rows->pdata[i];
  g_assert_nonnull (name_row);

  g_assert_cmpstr (gtk_editable_get_text (name_row), ==, in_game);
  g_assert_cmpstr (gtk_editable_get_text (name_row), ==, g_get_real_name ());

  gtk_editable_set_text (name_row, "Mara");
  setting = g_settings_get_string (f->settings, "player-name");
  g_assert_cmpstr (setting, ==, "Mara");
  g_free (setting);

  gtk_editable_set_text (name_row, in_game);
  setting = g_settings_get_string (f->settings, "player-name");
  g_assert_cmpstr (setting, ==, "");
  g_free (setting);

  /* typed over letter by letter: the field is never refilled meanwhile */
  gtk_editable_set_text (name_row, "");
  setting = g_settings_get_string (f->settings, "player-name");
  g_assert_cmpstr (setting, ==, "");
  iterate (50);
  g_assert_cmpstr (gtk_editable_get_text (name_row), ==, "");
  gtk_editable_insert_text (name_row, "B", -1, &(int) { 0 });
  gtk_editable_insert_text (name_row, "o", -1, &(int) { 1 });
  g_free (setting);
  setting = g_settings_get_string (f->settings, "player-name");
  g_assert_cmpstr (gtk_editable_get_text (name_row), ==, "Bo");
  g_assert_cmpstr (setting, ==, "Bo");

  gtk_window_destroy (preferences);
  iterate (50);
}

/* Preferences: the card theme chooser shows two cards of each theme, the
 * chosen one beside its name and every one in the list. */
static void
test_card_theme_preview (Fixture       *f,
                         gconstpointer  data)
{
  g_autoptr(GPtrArray) combos = g_ptr_array_new ();
  g_autoptr(GPtrArray) previews = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GtkWindow *preferences;
  GtkWidget *row = NULL;
  const char *keys[] = { "", "four-color", "window_test.svg" };

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "preferences", NULL);
  WAIT_FOR ((preferences = find_toplevel ("Preferences")) != NULL, 10);
  WAIT_FOR (gtk_widget_get_mapped (GTK_WIDGET (preferences)), 10);
  ui_test_collect (GTK_WIDGET (preferences), ADW_TYPE_COMBO_ROW, combos);
  for (guint i = 0; i < combos->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (combos->pdata[i]), "_Cards") == 0)
      row = combos->pdata[i];
  g_assert_nonnull (row);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (row))), ==, 3);

  /* the list of themes */
  gtk_widget_activate (row);
  iterate (300);
  ui_test_collect (row, GTK_TYPE_DRAWING_AREA, previews);
  for (guint i = 0; i < previews->len; i++)
    {
      GtkWidget *preview = previews->pdata[i];
      const char *key = g_object_get_data (G_OBJECT (preview), "card-theme");
      g_autofree guchar *pixels = NULL;
      int width, height;

      if (key == NULL || !gtk_widget_get_mapped (preview) || !gtk_widget_has_css_class (preview, "card-theme-preview"))
        continue;
      pixels = render_widget (preview, &width, &height);
      g_assert_cmpint (width, >=, 2 * 24);
      /* the middle of each card */
      {
        g_autofree char *left = pixel_at (pixels, width, width / 4, height / 2);
        g_autofree char *right = pixel_at (pixels, width, 3 * width / 4, height / 2);

        g_hash_table_replace (seen, g_strdup (key), g_strdup_printf ("%s %s", left, right));
      }
    }
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (!g_hash_table_contains (seen, keys[i]))
      g_error ("no preview of the card theme “%s”", keys[i]);
  /* the test theme: the A♣ red, every other card green */
  g_assert_cmpstr (g_hash_table_lookup (seen, "window_test.svg"), ==, "#ff0000 #00ff00");
  /* Cassino's cards: white faces, in two colours or in four */
  g_assert_cmpstr (g_hash_table_lookup (seen, ""), !=, g_hash_table_lookup (seen, "window_test.svg"));

  gtk_window_destroy (preferences);
  iterate (50);
}

int
main (int   argc,
      char *argv[])
{
  static GTestDBus *bus;   /* kept to the end (still reachable at exit): the application holds its connection */
  int ret;

  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  data_home = g_dir_make_tmp ("cassino-ui-settings-data-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  write_theme (data_home, "window_test.svg", NULL);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  the_app = ui_test_start_app (&argc, &argv, &bus);

  g_test_add ("/cassino/ui-settings/players-window", Fixture, NULL, fixture_setup, test_players_window, fixture_teardown);
  g_test_add ("/cassino/ui-settings/rename-while-locked", Fixture, NULL, fixture_setup, test_rename_while_locked, fixture_teardown);
  g_test_add ("/cassino/ui-settings/preferences-name", Fixture, NULL, fixture_setup, test_preferences_name, fixture_teardown);
  g_test_add ("/cassino/ui-settings/card-theme-preview", Fixture, NULL, fixture_setup, test_card_theme_preview, fixture_teardown);

  ret = g_test_run ();
  g_clear_object (&the_app);
  g_test_dbus_stop (bus);
  {
    g_autofree char *theme = g_build_filename (data_home, "aisleriot", "cards", "window_test.svg", NULL);
    g_autofree char *cards = g_build_filename (data_home, "aisleriot", "cards", NULL);
    g_autofree char *aisleriot = g_build_filename (data_home, "aisleriot", NULL);

    g_unlink (theme);
    g_rmdir (cards);
    g_rmdir (aisleriot);
    g_rmdir (data_home);
  }
  return ret;
}
