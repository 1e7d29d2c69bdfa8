/* test-ui-util.h: helpers shared by the UI tests
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <sqlite3.h>

#include "cassino-application.h"
#include "cassino-history-model.h"
#include "cassino-history-view.h"
#include "test-tmp-util.h"

/* A private session bus, so that GtkApplication has one (DISPLAY is
 * kept: g_test_dbus_up() unsets it).  Stop it with g_test_dbus_stop(). */
static inline GTestDBus *
ui_test_bus_up (void)
{
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
  GTestDBus *bus = g_test_dbus_new (G_TEST_DBUS_NONE);

  g_test_dbus_up (bus);
  if (display)
    g_setenv ("DISPLAY", display, TRUE);
  return bus;
}

/* GTK and libadwaita started, and the test program's one application,
 * registered (it can be only once). */
static inline CassinoApplication *
ui_test_app_new (int    *argc,
                 char ***argv)
{
  g_autoptr(GError) error = NULL;
  CassinoApplication *app;

  gtk_test_init (argc, argv, NULL);
  adw_init ();
  app = cassino_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}

/* Every widget of @type under @widget (itself included), depth first. */
static inline void
ui_test_collect (GtkWidget *widget,
                 GType      type,
                 GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    ui_test_collect (child, type, found);
}

typedef enum {
  UI_TEST_LABEL_VISIBLE = 1 << 0,   /* visible (else: mapped, on screen) */
  UI_TEST_LABEL_TEXT    = 1 << 1,   /* as the user reads it, markup taken out (else: the label as set) */
} UiTestLabelMatch;

/* The label under @widget that reads @text, visible or on screen as
 * @how says (mapped: of a stack, only the visible page's are), or NULL. */
static inline GtkWidget *
ui_test_find_label_how (GtkWidget        *widget,
                        const char       *text,
                        UiTestLabelMatch  how)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  ui_test_collect (widget, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = labels->pdata[i];
      const char *shown = (how & UI_TEST_LABEL_TEXT) ? gtk_label_get_text (label) : gtk_label_get_label (label);

      if (g_strcmp0 (shown, text) == 0 &&
          ((how & UI_TEST_LABEL_VISIBLE) ? gtk_widget_is_visible (GTK_WIDGET (label))
                                         : gtk_widget_get_mapped (GTK_WIDGET (label))))
        return GTK_WIDGET (label);
    }
  return NULL;
}

/* Whether a visible label under @widget reads @text. */
static inline gboolean
ui_test_shows_label (GtkWidget  *widget,
                     const char *text)
{
  return ui_test_find_label_how (widget, text, UI_TEST_LABEL_VISIBLE) != NULL;
}

/* The label under @widget reading @text that is on screen, or NULL. */
static inline GtkWidget *
ui_test_find_mapped_label (GtkWidget  *widget,
                           const char *text)
{
  return ui_test_find_label_how (widget, text, 0);
}

/* The button under @widget whose label is @label (mnemonic included),
 * or NULL. */
static inline GtkWidget *
ui_test_find_button (GtkWidget  *widget,
                     const char *label)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  ui_test_collect (widget, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_button_get_label (buttons->pdata[i]), label) == 0)
      return buttons->pdata[i];
  return NULL;
}

/* Whether a label under @widget reading @text is on screen. */
static inline gboolean
ui_test_maps_label (GtkWidget  *widget,
                    const char *text)
{
  return ui_test_find_mapped_label (widget, text) != NULL;
}

/* Whether a label under @widget that is on screen shows @text as the
 * user reads it (markup taken out: "Tom &amp; Jerry" shows "Tom & Jerry"). */
static inline gboolean
ui_test_maps_text (GtkWidget  *widget,
                   const char *text)
{
  return ui_test_find_label_how (widget, text, UI_TEST_LABEL_TEXT) != NULL;
}

/* Whether a visible label under @widget shows @text as the user reads it
 * (markup taken out), on screen or not. */
static inline gboolean
ui_test_shows_text (GtkWidget  *widget,
                    const char *text)
{
  return ui_test_find_label_how (widget, text, UI_TEST_LABEL_VISIBLE | UI_TEST_LABEL_TEXT) != NULL;
}

/* Run @sql on the database at @path through a connection of its own (as
 * another program would: to damage or lock it under the app's feet). */
static inline void
ui_test_exec_sql (const char *path,
                  const char *sql)
{
  sqlite3 *db = NULL;
  char *message = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  if (sqlite3_exec (db, sql, NULL, NULL, &message) != SQLITE_OK)
    g_error ("%s: %s", sql, message);
  sqlite3_close (db);
}

/* Another program holds the database at @path the way that keeps even
 * its readers out (WAL mode or not): PRAGMA locking_mode=EXCLUSIVE and a
 * write, its transaction left open.  A reader then gets SQLITE_BUSY
 * until the busy timeout (checked here with a second connection).  Let go
 * with ui_test_unlock(). */
static inline sqlite3 *
ui_test_lock_out_readers (const char *path)
{
  sqlite3 *db = NULL, *probe = NULL;
  char *message = NULL;
  int rc;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  if (sqlite3_exec (db, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; "
                    "CREATE TABLE IF NOT EXISTS other_program (x); INSERT INTO other_program VALUES (1);",
                    NULL, NULL, &message) != SQLITE_OK)
    g_error ("lock: %s", message);
  g_assert_cmpint (sqlite3_open (path, &probe), ==, SQLITE_OK);
  rc = sqlite3_exec (probe, "SELECT count(*) FROM sqlite_master", NULL, NULL, NULL);
  sqlite3_close (probe);
  g_assert_cmpint (rc, ==, SQLITE_BUSY);
  return db;
}

/* Take the database's write lock as another program would (BEGIN
 * EXCLUSIVE on a connection of its own; readers in WAL mode go on) and
 * keep it until ui_test_unlock().  It waits for a writer the app may have
 * at that moment (its database thread opening or migrating the file in
 * the background). */
static inline sqlite3 *
ui_test_lock_writers (const char *path)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 20000);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN EXCLUSIVE", NULL, NULL, NULL), ==, SQLITE_OK);
  return db;
}

static inline void
ui_test_unlock (sqlite3 *db)
{
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static inline gboolean
ui_test_tick (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* A 50 ms timeout source counting into @ticks: how often it fired tells
 * whether the main loop went round (a wait on the main thread holds it). */
static inline guint
ui_test_add_ticker (guint *ticks)
{
  *ticks = 0;
  return g_timeout_add (50, ui_test_tick, ticks);
}

/* Iterate the main loop until @cond holds (or fail after @seconds). */
#define WAIT_FOR(cond, seconds)                                             \
  G_STMT_START {                                                            \
    gint64 _end = g_get_monotonic_time () + (seconds) * G_USEC_PER_SEC;     \
    while (!(cond))                                                         \
      {                                                                     \
        if (g_get_monotonic_time () > _end)                                 \
          g_error ("timed out waiting for %s", #cond);                      \
        g_main_context_iteration (NULL, FALSE);                             \
        g_usleep (200);                                                     \
      }                                                                     \
  } G_STMT_END

/* Iterate the main loop for @ms milliseconds. */
static inline void
iterate (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
}

/* The visible toplevel window titled @title, or NULL. */
static inline GtkWindow *
find_toplevel (const char *title)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_visible (GTK_WIDGET (w)) && g_strcmp0 (gtk_window_get_title (w), title) == 0)
        return w;
    }
  return NULL;
}

/* Remove @dir and everything in it. */
static inline void
ui_test_remove_dir (const char *dir)
{
  test_remove_tree (dir);
}

/* GTK and libadwaita started on a private session bus (so that
 * GtkApplication has one), and the application registered once for the
 * whole program.  @bus: kept until the end, then g_test_dbus_stop() (the
 * application holds its connection). */
static inline CassinoApplication *
ui_test_start_app (int        *argc,
                   char     ***argv,
                   GTestDBus **bus)
{
  *bus = ui_test_bus_up ();
  return ui_test_app_new (argc, argv);
}

/* Every mapped label of every combo row below @root (title, subtitle and
 * the value it shows) is whole: as high as its lines, and inside its row.
 * Counts the labels in @out_checked, those of several lines in
 * @out_wrapped. */
static inline void
ui_test_rows_whole (GtkWidget *root,
                    guint     *out_checked,
                    guint     *out_wrapped)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect (root, ADW_TYPE_COMBO_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new ();

      if (!gtk_widget_get_mapped (rows->pdata[i]))
        continue;
      ui_test_collect (rows->pdata[i], GTK_TYPE_LABEL, labels);
      for (guint k = 0; k < labels->len; k++)
        {
          GtkLabel *l = labels->pdata[k];
          int w, h;
          int row_h = gtk_widget_get_height (rows->pdata[i]);

          if (!gtk_widget_get_mapped (GTK_WIDGET (l)))
            continue;
          pango_layout_get_pixel_size (gtk_label_get_layout (l), &w, &h);
          g_test_message ("“%s”: %d lines, %d px high in %d px (row %d px)", gtk_label_get_text (l),
                          pango_layout_get_line_count (gtk_label_get_layout (l)), h,
                          gtk_widget_get_height (GTK_WIDGET (l)), row_h);
          g_assert_cmpint (h, <=, gtk_widget_get_height (GTK_WIDGET (l)));
          /* inside every widget it is in, up to its row (one that hides
           * what overflows it would cut the label off) */
          for (GtkWidget *p = gtk_widget_get_parent (GTK_WIDGET (l)); p; p = gtk_widget_get_parent (p))
            {
              graphene_rect_t in;

              g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (l), p, &in));
              if (in.origin.y < -0.5 || in.origin.y + in.size.height > gtk_widget_get_height (p) + 0.5)
                g_error ("“%s” (%.0f..%.0f) lies outside its %s (%d px high)", gtk_label_get_text (l),
                         in.origin.y, in.origin.y + in.size.height, G_OBJECT_TYPE_NAME (p),
                         gtk_widget_get_height (p));
              if (p == rows->pdata[i])
                break;
            }
          *out_wrapped += pango_layout_get_line_count (gtk_label_get_layout (l)) > 1;
          (*out_checked)++;
        }
    }
}

/* Resize the mapped @window to @width × @height and wait until it has that
 * width.  Without a window manager, a size asked for just after the window
 * is mapped can be undone by the configure event of the map, so the size
 * is asked for again until it holds (or fail after 10 s). */
static inline void
ui_test_resize (GtkWindow *window,
                int        width,
                int        height)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (;;)
    {
      gint64 ask_again = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

      gtk_window_set_default_size (window, width, height);
      while (g_get_monotonic_time () < ask_again)
        {
          if (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - width) <= 20)
            {
              iterate (100);   /* the children laid out at that width */
              return;
            }
          g_main_context_iteration (NULL, FALSE);
          g_usleep (200);
        }
      if (g_get_monotonic_time () > end)
        g_error ("the window did not take the width %d (it is %d)", width,
                 gtk_widget_get_width (GTK_WIDGET (window)));
      /* ask with another size first, so that the request is new */
      gtk_window_set_default_size (window, width + 1, height);
      iterate (20);
    }
}

/* The history's pages and counts come from the database thread: wait
 * until every row of @view has been read ("Loading…" no more). */
static inline void
ui_test_wait_history (CassinoHistoryView *view)
{
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (cassino_history_view_get_column_view (view)));
  CassinoHistoryModel *model;
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  if (rows == NULL)
    return;
  model = CASSINO_HISTORY_MODEL (gtk_single_selection_get_model (GTK_SINGLE_SELECTION (rows)));
  for (;;)
    {
      gboolean loading = cassino_history_model_is_loading (model);

      for (guint i = 0; !loading && i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (rows, i);

          loading = item && cassino_history_item_is_loading (item);
        }
      if (!loading)
        return;
      if (g_get_monotonic_time () > end)
        g_error ("the history is still loading");
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
}

static inline char *
ui_test_history_cell_text (CassinoHistoryView *view,
                           guint               position,
                           const char         *column)
{
  ui_test_wait_history (view);
  return cassino_history_view_dup_cell_text (view, position, column);
}

static inline void
ui_test_history_select (CassinoHistoryView *view,
                        guint               position)
{
  ui_test_wait_history (view);
  cassino_history_view_select (view, position);
}

/* Turn the main loop for @ms milliseconds, sleeping 1 ms between turns:
 * how many times it turned (a frozen loop turns a few times at most). */
static inline guint
ui_test_count_turns (guint ms)
{
  gint64 start = g_get_monotonic_time ();
  guint turns = 0;

  while (g_get_monotonic_time () - start < (gint64) ms * 1000)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
      turns++;
    }
  return turns;
}

/* A recorded game's replay is read on the database thread: wait until
 * @replay_view's page no longer shows "Loading the Game…" (or fail after
 * 20 s). */
static inline void
ui_test_wait_replay (gpointer replay_view)
{
  GtkStack *stack = GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (replay_view)));

  WAIT_FOR (g_strcmp0 (gtk_stack_get_visible_child_name (stack), "loading") != 0, 20);
}

/* The visible window of @type (a GtkWindow subclass), or NULL. */
static inline gpointer
ui_test_find_window (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not owned */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return w;
    }
  return NULL;
}

/* Press @keyval on @widget as its key controllers see it; whether one
 * handled it. */
static inline gboolean
ui_test_send_key (GtkWidget *widget,
                  guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        g_signal_emit_by_name (c, "key-pressed", keyval, 0, 0, &handled);
    }
  return handled;
}
