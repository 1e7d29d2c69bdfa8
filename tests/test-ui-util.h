/* test-ui-util.h: helpers shared by the UI tests
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include <sqlite3.h>

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

/* Run the main loop for @ms milliseconds. */
static inline void
ui_test_iterate (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (200);
    }
}

/* Run the main loop until @cond holds; fail after @seconds. */
#define UI_TEST_WAIT_FOR(cond, seconds)                                     \
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
