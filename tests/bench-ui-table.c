/* bench-ui-table.c: frames of the table while cards travel (a program
 * that prints figures, not a test; BENCHMARKS.md)
 *
 *   xvfb-run -a -s '-screen 0 1280x800x24' dbus-run-session -- \
 *     _build/tests/bench-ui-table [--games N] [--speed fast|normal|slow]
 *
 * A real window at 1280 × 800 plays whole games, the player's seat moved
 * by the program (the last legal move, after 0.3 s, as a person takes a
 * moment) and the computer's by the computer,
 * with the animations of the preferences.  Every frame the window draws
 * is timed from the frame clock's "before-paint" to its "after-paint"
 * (layout, snapshot and rendering: the work a frame costs), and the
 * figures are printed for the frames drawn while a card was travelling,
 * and apart for the first frame of each move (the one that also shows
 * the move's result: the costliest).
 *
 * --locked holds the database's write lock from another connection (BEGIN
 * EXCLUSIVE, as another program would) for the whole run, keeps the
 * frame clock ticking, and prints the intervals between frames (a frame
 * that waited for the disk shows as a long one) and how long the moves
 * queued meanwhile took to reach the disk once the lock was released.
 *
 * --verbose lists every frame over 16 ms (or BENCH_REPORT_MS), split into
 * its phases, with its time on the monotonic clock: `perf record -k mono`
 * then finds what the slow frames did (perf script --time).
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "cassino-application.h"
#include "cassino-game-setup.h"
#include "cassino-table-view.h"
#include "cassino-window.h"

static gint64 frame_start;
static gint64 phase_update, phase_layout, phase_paint;
static GArray *frame_ms;      /* double: frames drawn during animations */
static GArray *all_ms;        /* double: every frame */
static GArray *first_ms;      /* double: the first frame of each move */
static CassinoTableView *table;
static CassinoGameController *the_controller;
static gboolean verbose;
static GArray *interval_ms;   /* double: between frames, --locked */
static gint64 last_tick;
static gboolean was_animating;
static guint frames_into_move;

static double getenv_threshold (void);

static void
on_before_paint_cb (GdkFrameClock *clock,
                    gpointer       user_data)
{
  frame_start = g_get_monotonic_time ();
}

/* "update", "layout" and "paint": the time each was reached */
static void
on_phase_cb (GdkFrameClock *clock,
             gpointer       user_data)
{
  *(gint64 *) user_data = g_get_monotonic_time ();
}

static void
on_after_paint_cb (GdkFrameClock *clock,
                   gpointer       user_data)
{
  double ms;

  if (frame_start == 0)
    return;
  ms = (g_get_monotonic_time () - frame_start) / 1000.0;
  g_array_append_val (all_ms, ms);
  if (cassino_table_view_is_animating (table))
    g_array_append_val (frame_ms, ms);
  frames_into_move = was_animating ? frames_into_move + 1 : 0;
  was_animating = cassino_table_view_is_animating (table);
  if (was_animating && frames_into_move == 0)
    g_array_append_val (first_ms, ms);
  if (verbose && ms > (getenv_threshold ()))
    {
      const CassinoGame *game = cassino_game_controller_get_game (the_controller);
      const CassinoDeal *deal = game ? cassino_game_get_current_deal (game) : NULL;

      gint64 now = g_get_monotonic_time ();

      /* GTK's own handlers of "layout" and "paint" were connected first,
       * so those marks fall at the end of each phase */
      g_print ("  a frame of %.1f ms (ticks + layout %.1f, snapshot + render %.1f, rest %.1f; %s; deal %u, play %u; at %.6f s)\n", ms,
               phase_update && phase_layout ? (phase_layout - phase_update) / 1000.0 : 0.0,
               phase_layout && phase_paint ? (phase_paint - phase_layout) / 1000.0 : 0.0,
               phase_paint ? (now - phase_paint) / 1000.0 : 0.0,
               !was_animating ? "no card travelling" :
               frames_into_move == 0 ? "the first of a move" : "during a move",
               deal ? deal->number : 0, deal ? deal->plays->len : 0,
               frame_start / 1e6);
    }
  frame_start = phase_update = phase_layout = phase_paint = 0;
}

static double
getenv_threshold (void)
{
  const char *t = g_getenv ("BENCH_REPORT_MS");

  return t ? g_ascii_strtod (t, NULL) : 16.0;
}

/* --locked: the frame clock ticks all along; the time between ticks */
static gboolean
on_tick_cb (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       user_data)
{
  gint64 now = g_get_monotonic_time ();

  if (last_tick)
    {
      double ms = (now - last_tick) / 1000.0;

      g_array_append_val (interval_ms, ms);
    }
  last_tick = now;
  return G_SOURCE_CONTINUE;
}

static gint64
count_moves (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n = -1;

  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2 (db, "SELECT count(*) FROM moves", -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW)
    n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

static void
set_true_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
print_figures_over (const char *what,
                    GArray     *ms,
                    double      limit)
{
  guint over = 0;

  if (ms->len == 0)
    {
      g_print ("%-28s no frames\n", what);
      return;
    }
  g_array_sort (ms, compare_double);
  for (guint i = 0; i < ms->len; i++)
    over += g_array_index (ms, double, i) > limit;
  g_print ("%-28s %u frames: median %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms; %u over %.0f ms\n",
           what, ms->len,
           g_array_index (ms, double, ms->len / 2),
           g_array_index (ms, double, (guint) (ms->len * 0.95)),
           g_array_index (ms, double, (guint) (ms->len * 0.99)),
           g_array_index (ms, double, ms->len - 1), over, limit);
}

static void
print_figures (const char *what,
               GArray     *ms)
{
  print_figures_over (what, ms, 16.0);
}

int
main (int   argc,
      char *argv[])
{
  int games = 2;
  gboolean locked = FALSE;
  sqlite3 *lock = NULL;
  guint plays = 0;
  g_autofree char *speed = NULL;
  GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, "Games to play (default 2)", "N" },
    { "speed", 's', 0, G_OPTION_ARG_STRING, &speed, "Animation speed: fast, normal (default) or slow", "SPEED" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "List every frame over 16 ms", NULL },
    { "locked", 'l', 0, G_OPTION_ARG_NONE, &locked, "Another connection holds the write lock all along", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— time the table's frames while cards travel");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *tmpdir = NULL;
  g_autofree char *database = NULL;
  CassinoApplication *app;
  CassinoWindow *window;
  CassinoGameController *controller;
  guint moves = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  gtk_init ();
  adw_init ();

  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_string (settings, "animation-speed", speed ? speed : "normal");
  frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  all_ms = g_array_new (FALSE, FALSE, sizeof (double));
  first_ms = g_array_new (FALSE, FALSE, sizeof (double));
  interval_ms = g_array_new (FALSE, FALSE, sizeof (double));

  tmpdir = g_dir_make_tmp ("cassino-bench-table-XXXXXX", &error);
  database = g_build_filename (tmpdir, "bench.db", NULL);
  app = cassino_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  window = cassino_window_new (GTK_APPLICATION (app), database);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  table = cassino_window_get_table_view (window);
  controller = cassino_window_get_controller (window);
  the_controller = controller;
  {
    GdkFrameClock *clock = gdk_surface_get_frame_clock (gtk_native_get_surface (GTK_NATIVE (window)));

    g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint_cb), NULL);
    g_signal_connect (clock, "update", G_CALLBACK (on_phase_cb), &phase_update);
    g_signal_connect (clock, "layout", G_CALLBACK (on_phase_cb), &phase_layout);
    g_signal_connect (clock, "paint", G_CALLBACK (on_phase_cb), &phase_paint);
    g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), NULL);
  }
  if (locked)
    {
      if (sqlite3_open (database, &lock) != SQLITE_OK ||
          sqlite3_exec (lock, "BEGIN EXCLUSIVE", NULL, NULL, NULL) != SQLITE_OK)
        {
          g_printerr ("%s: cannot take the lock: %s\n", database, sqlite3_errmsg (lock));
          return 1;
        }
      gtk_widget_add_tick_callback (GTK_WIDGET (window), on_tick_cb, NULL, NULL);
    }

  for (int g = 0; g < games; g++)
    {
      g_autoptr(CassinoGameSetup) setup = cassino_game_setup_new_default ("Bench");

      if (!cassino_game_controller_start (controller, setup, 1000 + (guint64) g, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      while (cassino_game_get_state (cassino_game_controller_get_game (controller)) != CASSINO_GAME_OVER)
        {
          const CassinoGame *game = cassino_game_controller_get_game (controller);

          g_main_context_iteration (NULL, TRUE);
          if (cassino_table_view_is_animating (table))
            continue;
          if (cassino_game_get_state (game) == CASSINO_GAME_DEAL_OVER)
            gtk_widget_activate_action (GTK_WIDGET (window), "win.next-deal", NULL);
          else if (cassino_game_get_state (game) == CASSINO_GAME_PLAYING &&
                   cassino_game_controller_is_human_turn (controller))
            {
              CassinoMoveList list;
              gboolean waited = FALSE;

              /* a player takes a moment before a move: the window's idle
               * work (drawing faces ahead) happens then, as with a person */
              g_timeout_add_once (300, set_true_cb, &waited);
              while (!waited)
                g_main_context_iteration (NULL, TRUE);

              cassino_move_list_init (&list);
              cassino_game_legal_moves (game, &list);
              if (list.len > 0 && cassino_game_controller_play_move (controller, &list.moves[list.len - 1], NULL))
                moves++;
              cassino_move_list_clear (&list);
            }
        }
      for (guint d = 0; d < cassino_game_get_n_deals (cassino_game_controller_get_game (controller)); d++)
        plays += cassino_game_get_deal (cassino_game_controller_get_game (controller), d)->plays->len;
    }

  g_print ("games %d, your moves %u, animation speed %s, window 1280 × 800\n",
           games, moves, speed ? speed : "normal");
  print_figures ("frames while cards travel", frame_ms);
  print_figures ("the first frame of a move", first_ms);
  print_figures ("every frame", all_ms);
  if (locked)
    {
      gint64 before = count_moves (database);
      gint64 released;
      gint64 saved;

      /* a frame every 16.7 ms at 60 Hz: over 33 ms, a frame was missed */
      print_figures_over ("between frames, locked", interval_ms, 33.4);
      sqlite3_exec (lock, "COMMIT", NULL, NULL, NULL);
      sqlite3_close (lock);
      released = g_get_monotonic_time ();
      while ((saved = count_moves (database)) < (gint64) plays &&
             g_get_monotonic_time () - released < 30 * G_USEC_PER_SEC)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (1000);
        }
      g_print ("moves in the database: %" G_GINT64_FORMAT " while locked, %" G_GINT64_FORMAT
               " of %u %.0f ms after the lock was released\n",
               before, saved, plays, (g_get_monotonic_time () - released) / 1000.0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (database);
  {
    g_autofree char *wal = g_strconcat (database, "-wal", NULL);
    g_autofree char *shm = g_strconcat (database, "-shm", NULL);

    g_unlink (wal);
    g_unlink (shm);
  }
  g_rmdir (tmpdir);
  return 0;
}
