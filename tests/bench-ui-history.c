/* bench-ui-history.c: the history and statistics pages over a large
 * database (a program that prints figures, not a test; BENCHMARKS.md)
 *
 *   _build/tests/bench-store --games 100000 --database /tmp/b/bench.db --keep
 *   xvfb-run -a _build/tests/bench-ui-history --database /tmp/b/bench.db
 *
 * Times, in a real window: opening the history (the store, the count, the
 * first page and the first frame drawn), scrolling it (a page at a time
 * and jumps to anywhere: the longest frame), and opening a player's
 * statistics page (from the choice to the page built, the worker thread
 * included).
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>

#include "cassino-history-view.h"
#include "cassino-records.h"
#include "cassino-stats-view.h"

static guint frames;

static void
on_after_paint_cb (GdkFrameClock *clock,
                   gpointer       user_data)
{
  frames++;
}

/* Iterate until a frame has been painted after now; returns the time it
 * took in milliseconds. */
static double
wait_frame (void)
{
  gint64 start = g_get_monotonic_time ();
  guint before = frames;

  while (frames == before && g_get_monotonic_time () - start < 5 * G_USEC_PER_SEC)
    g_main_context_iteration (NULL, TRUE);
  return (g_get_monotonic_time () - start) / 1000.0;
}

static GtkScrolledWindow *
find_scrolled (GtkWidget *widget)
{
  for (GtkWidget *w = widget; w; w = gtk_widget_get_parent (w))
    if (GTK_IS_SCROLLED_WINDOW (w))
      return GTK_SCROLLED_WINDOW (w);
  return NULL;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *database = NULL;
  char *player = NULL;
  GOptionEntry entries[] = {
    { "database", 'd', 0, G_OPTION_ARG_FILENAME, &database, "Database (filled by bench-store)", "PATH" },
    { "player", 'p', 0, G_OPTION_ARG_STRING, &player, "Player of the statistics page (default: Alice)", "NAME" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— time the history and statistics pages");
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoRecords) records = NULL;
  g_autoptr(GArray) frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  GtkWidget *window;
  CassinoHistoryView *history;
  CassinoStatsView *stats;
  GtkScrolledWindow *scrolled;
  GtkAdjustment *adj;
  gint64 t0;
  double open_ms, first_frame_ms, jump_max = 0, jump_sum = 0, stats_ms, stats_frame_ms;
  guint n_games, n_jumps = 20, pages_before;
  int position = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || database == NULL)
    {
      g_printerr ("%s\n", error ? error->message : "--database is needed");
      return 1;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_init ();
  adw_init ();

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1024, 720);
  history = g_object_new (CASSINO_TYPE_HISTORY_VIEW, NULL);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (history));
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  g_signal_connect (gdk_surface_get_frame_clock (gtk_native_get_surface (GTK_NATIVE (window))),
                    "after-paint", G_CALLBACK (on_after_paint_cb), NULL);
  wait_frame ();

  /* open: the records (store + count), the view, the first frame with rows */
  t0 = g_get_monotonic_time ();
  records = cassino_records_new (database, &error);
  if (records == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  cassino_history_view_set_records (history, records);
  open_ms = (g_get_monotonic_time () - t0) / 1000.0;
  /* the count, then the players, come from the database thread */
  while (cassino_history_model_is_counting (cassino_records_get_history (records)))
    g_main_context_iteration (NULL, TRUE);
  {
    gint64 end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

    while (g_list_model_get_n_items (cassino_records_get_player_names (records)) == 0 &&
           g_get_monotonic_time () < end)
      g_main_context_iteration (NULL, FALSE);
  }
  wait_frame ();
  first_frame_ms = (g_get_monotonic_time () - t0) / 1000.0;
  n_games = g_list_model_get_n_items (G_LIST_MODEL (cassino_records_get_history (records)));

  /* scrolling: 200 steps of a screenful, each step's frame timed */
  scrolled = find_scrolled (GTK_WIDGET (cassino_history_view_get_column_view (history)));
  adj = gtk_scrolled_window_get_vadjustment (scrolled);
  wait_frame ();
  for (guint i = 0; i < 200; i++)
    {
      double ms;

      t0 = g_get_monotonic_time ();
      gtk_adjustment_set_value (adj, gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj) / 4);
      wait_frame ();
      ms = (g_get_monotonic_time () - t0) / 1000.0;
      g_array_append_val (frame_ms, ms);
    }
  g_array_sort (frame_ms, compare_double);

  /* jumps anywhere (dragging the scroll bar) */
  pages_before = cassino_history_model_get_pages_read (cassino_records_get_history (records));
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (7);

    for (guint i = 0; i < n_jumps; i++)
      {
        double ms;

        t0 = g_get_monotonic_time ();
        gtk_adjustment_set_value (adj, g_rand_double (rand) * (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj)));
        wait_frame ();
        ms = (g_get_monotonic_time () - t0) / 1000.0;
        jump_sum += ms;
        jump_max = MAX (jump_max, ms);
      }
  }

  /* statistics: from the choice to the page built */
  stats = g_object_new (CASSINO_TYPE_STATS_VIEW, NULL);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (stats));
  cassino_stats_view_set_records (stats, records);
  while (cassino_stats_view_is_loading (stats))
    g_main_context_iteration (NULL, TRUE);
  wait_frame ();
  {
    GListModel *names = cassino_records_get_player_names (records);

    for (guint i = 0; i < g_list_model_get_n_items (names); i++)
      if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), player ? player : "Alice") == 0)
        position = (int) i;
  }
  t0 = g_get_monotonic_time ();
  cassino_stats_view_show (stats, position, -1, -1, 0);
  while (cassino_stats_view_is_loading (stats))
    g_main_context_iteration (NULL, TRUE);
  stats_ms = (g_get_monotonic_time () - t0) / 1000.0;
  wait_frame ();
  stats_frame_ms = (g_get_monotonic_time () - t0) / 1000.0;

  g_print ("games in the history        %u\n", n_games);
  g_print ("history open (the call: the store and the count are read on the database thread) %.1f ms; "
           "first frame with rows %.1f ms\n", open_ms, first_frame_ms);
  g_print ("scroll, 200 steps of 1/4 screen: median %.1f ms, p95 %.1f ms, max %.1f ms a frame\n",
           g_array_index (frame_ms, double, frame_ms->len / 2),
           g_array_index (frame_ms, double, frame_ms->len * 95 / 100),
           g_array_index (frame_ms, double, frame_ms->len - 1));
  g_print ("jumps anywhere (%u): mean %.1f ms, max %.1f ms to the frame (%u pages read)\n",
           n_jumps, jump_sum / n_jumps, jump_max,
           cassino_history_model_get_pages_read (cassino_records_get_history (records)) - pages_before);
  g_print ("statistics page (%s, all games): computed %.1f ms, drawn %.1f ms\n",
           player ? player : "Alice", stats_ms, stats_frame_ms);

  gtk_window_destroy (GTK_WINDOW (window));
  g_free (player);
  return 0;
}
