/* cassino-cli-simulate.c: games between computer levels
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cassino-cli.h"
#include "cassino-cli-db.h"
#include "cassino-ai.h"
#include "cassino-record.h"
#include "cassino-rng.h"
#include "cassino-store-record.h"
#include "cassino-cli-simulate.h"
#include "cassino-store-export.h"

#define MAX_DEALS_PER_GAME 500

typedef struct {
  guint    games;
  guint    wins;
  guint    draws;
  guint64  points;      /* deal points scored */
  guint64  deals;
  GArray  *times_us;    /* gint64 per decision */
} EntryStats;

typedef struct {
  CassinoRules       rules;
  CassinoLevel       levels[CASSINO_MAX_SIDES];
  guint              n_entries;
  CassinoAiBudget    budgets[CASSINO_MAX_SIDES];
  gboolean           hints[CASSINO_MAX_SIDES];
  char               names[CASSINO_MAX_SIDES][32];
  guint64            seed;
  guint              n_seeds;
  gboolean           mirror;
  CassinoSimulateRecordFunc record;
  gpointer           record_data;
  GMutex             lock;
  guint              next_seed;
  EntryStats         stats[CASSINO_MAX_SIDES];
  GString           *records;
  guint              failures;
} Sim;

/* Play one game; @rotation shifts which entry sits on which side. */
CassinoGame *
cassino_simulate_game (const CassinoRules    *rules,
                       const CassinoLevel    *side_levels,
                       const CassinoAiBudget *side_budgets,
                       const gboolean        *side_hints,
                       guint64                game_seed,
                       GArray                *times_us_per_side[],
                       GError               **error)
{
  CassinoGame *game = cassino_game_new (rules, game_seed, (guint) (game_seed % rules->n_players));
  guint ply = 0;

  for (guint seat = 0; seat < rules->n_players; seat++)
    {
      CassinoLevel level = side_levels[cassino_rules_side_of (rules, seat)];
      g_autofree char *name = g_strdup_printf ("%s %u", cassino_level_get_title (level), seat + 1);

      cassino_game_set_seat (game, seat, name, CASSINO_SEAT_COMPUTER, cassino_level_to_string (level));
    }
  cassino_game_set_tag (game, "Event", "Simulation");
  cassino_store_stamp_start (game);
  cassino_game_start (game);

  while (cassino_game_get_state (game) != CASSINO_GAME_OVER)
    {
      CassinoView view;
      CassinoAiReason reason;
      guint seat, side;
      gint64 t0;

      if (cassino_game_get_state (game) == CASSINO_GAME_DEAL_OVER)
        {
          if (cassino_game_get_n_deals (game) >= MAX_DEALS_PER_GAME)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           "game %" G_GUINT64_FORMAT " did not end after %u deals",
                           game_seed, MAX_DEALS_PER_GAME);
              cassino_game_unref (game);
              return NULL;
            }
          cassino_game_next_deal (game, NULL);
          continue;
        }

      seat = cassino_game_get_to_move (game);
      side = cassino_rules_side_of (rules, seat);
      cassino_view_init_from_game (&view, game);
      t0 = g_get_monotonic_time ();
      if (side_hints && side_hints[side] ?
          !cassino_ai_hint (&view, &side_budgets[side],
                            cassino_mix64 (game_seed + ply * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)),
                            NULL, &reason) :
          !cassino_ai_choose (&view, side_levels[side], &side_budgets[side],
                              cassino_mix64 (game_seed + ply * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)),
                              NULL, &reason))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "no legal move (seed %" G_GUINT64_FORMAT ")",
                       game_seed);
          cassino_view_clear (&view);
          cassino_game_unref (game);
          return NULL;
        }
      if (times_us_per_side && times_us_per_side[side])
        {
          gint64 dt = g_get_monotonic_time () - t0;

          g_array_append_val (times_us_per_side[side], dt);
        }
      cassino_view_clear (&view);
      if (!cassino_game_play (game, &reason.move, error))
        {
          cassino_game_unref (game);
          return NULL;
        }
      ply++;
    }
  return game;
}

static void
run_seed (Sim   *sim,
          guint  index)
{
  guint n_sides = sim->rules.n_sides;
  guint rotations = sim->mirror ? n_sides : 1;
  guint64 game_seed = cassino_mix64 (sim->seed + index);

  for (guint rot = 0; rot < rotations; rot++)
    {
      CassinoLevel side_levels[CASSINO_MAX_SIDES];
      CassinoAiBudget side_budgets[CASSINO_MAX_SIDES];
      gboolean side_hints[CASSINO_MAX_SIDES];
      guint entry_of_side[CASSINO_MAX_SIDES];
      GArray *times[CASSINO_MAX_SIDES];
      g_autoptr(GError) error = NULL;
      CassinoGame *game;
      int winner;

      for (guint s = 0; s < n_sides; s++)
        {
          entry_of_side[s] = (s + rot) % n_sides;
          side_levels[s] = sim->levels[entry_of_side[s]];
          side_budgets[s] = sim->budgets[entry_of_side[s]];
          side_hints[s] = sim->hints[entry_of_side[s]];
          times[s] = g_array_new (FALSE, FALSE, sizeof (gint64));
        }

      game = cassino_simulate_game (&sim->rules, side_levels, side_budgets, side_hints, game_seed,
                                    times, &error);

      g_mutex_lock (&sim->lock);
      if (game == NULL)
        {
          fprintf (stderr, "cassino-cli simulate: %s\n", error->message);
          sim->failures++;
        }
      else
        {
          winner = cassino_game_get_winner (game);
          for (guint s = 0; s < n_sides; s++)
            {
              EntryStats *st = &sim->stats[entry_of_side[s]];

              st->games++;
              if (winner < 0)
                st->draws++;
              else if ((guint) winner == s)
                st->wins++;
              for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
                {
                  const CassinoDeal *deal = cassino_game_get_deal (game, d);

                  if (deal->finished)
                    {
                      st->points += deal->score.total[s];
                      st->deals++;
                    }
                }
              g_array_append_vals (st->times_us, times[s]->data, times[s]->len);
            }
          if (sim->records)
            {
              g_autofree char *text = cassino_record_write (game);

              g_string_append (sim->records, text);
            }
          if (sim->record)
            {
              g_autoptr(GError) rec_error = NULL;

              if (!sim->record (game, sim->record_data, &rec_error))
                {
                  fprintf (stderr, "cassino-cli simulate: recording failed: %s\n", rec_error->message);
                  sim->failures++;
                }
            }
          cassino_game_unref (game);
        }
      g_mutex_unlock (&sim->lock);

      for (guint s = 0; s < n_sides; s++)
        g_array_unref (times[s]);
    }
}

static gpointer
worker (gpointer data)
{
  Sim *sim = data;

  for (;;)
    {
      guint index;

      g_mutex_lock (&sim->lock);
      index = sim->next_seed++;
      g_mutex_unlock (&sim->lock);
      if (index >= sim->n_seeds)
        break;
      run_seed (sim, index);
    }
  return NULL;
}

static int
compare_i64 (const void *a,
             const void *b)
{
  gint64 x = *(const gint64 *) a;
  gint64 y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static double
percentile_ms (GArray *times,
               double  q)
{
  guint i;

  if (times->len == 0)
    return 0;
  i = (guint) floor (q * (times->len - 1) + 0.5);
  return g_array_index (times, gint64, i) / 1000.0;
}

/* Wilson score interval, 95% */
static void
wilson (guint   k,
        guint   n,
        double *lo,
        double *hi)
{
  const double z = 1.959964;
  double p, denom, centre, half;

  if (n == 0)
    {
      *lo = *hi = 0;
      return;
    }
  p = (double) k / n;
  denom = 1 + z * z / n;
  centre = (p + z * z / (2.0 * n)) / denom;
  half = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / denom;
  *lo = centre - half;
  *hi = centre + half;
}

/* A number in JSON: a point before the decimals whatever the locale says
 * (LC_NUMERIC de_DE printed "0,03", which is not JSON).  @slot picks one
 * of the buffers, so that several go into one printf(). */
static char json_numbers[8][G_ASCII_DTOSTR_BUF_SIZE];
#define JSON_NUM(slot, format, value) \
  g_ascii_formatd (json_numbers[slot], G_ASCII_DTOSTR_BUF_SIZE, (format), (value))

int
cassino_simulate_run (const CassinoSimulateOptions *opts,
                      GString                      *records,
                      gboolean                      json)
{
  Sim sim = { 0 };
  GThread *threads[64];
  guint jobs = CLAMP (opts->jobs, 1, G_N_ELEMENTS (threads));
  gint64 t0 = g_get_monotonic_time ();
  double elapsed;

  sim.rules = opts->rules;
  sim.n_entries = opts->n_levels;
  memcpy (sim.levels, opts->levels, sizeof sim.levels);
  memcpy (sim.budgets, opts->budgets, sizeof sim.budgets);
  memcpy (sim.hints, opts->hints, sizeof sim.hints);
  memcpy (sim.names, opts->names, sizeof sim.names);
  sim.seed = opts->seed;
  sim.n_seeds = opts->games;
  sim.mirror = opts->mirror;
  sim.record = opts->record;
  sim.record_data = opts->record_data;
  sim.records = records;
  g_mutex_init (&sim.lock);
  for (guint e = 0; e < CASSINO_MAX_SIDES; e++)
    sim.stats[e].times_us = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (jobs == 1)
    worker (&sim);
  else
    {
      for (guint j = 0; j < jobs; j++)
        threads[j] = g_thread_new ("simulate", worker, &sim);
      for (guint j = 0; j < jobs; j++)
        g_thread_join (threads[j]);
    }
  elapsed = (g_get_monotonic_time () - t0) / 1e6;

  if (json)
    printf ("{\"rules\": \"%s\", \"players\": %u, \"seeds\": %u, \"mirrored\": %s, \"seconds\": %s, \"entries\": [",
            cassino_preset_to_string (opts->rules.preset), opts->rules.n_players, opts->games,
            opts->mirror ? "true" : "false", JSON_NUM (0, "%.2f", elapsed));
  else
    {
      printf ("simulate: %s, %u players, %u seeds%s, seed %" G_GUINT64_FORMAT ", %.1f s\n",
              cassino_preset_to_string (opts->rules.preset), opts->rules.n_players, opts->games,
              opts->mirror ? " (mirrored)" : "", opts->seed, elapsed);
      printf ("%-3s %-9s %6s %6s %6s %7s %17s %9s %10s %8s %8s\n", "#", "level", "games", "wins",
              "draws", "win%", "95% CI", "pts/deal", "median ms", "p95 ms", "max ms");
    }

  for (guint e = 0; e < sim.n_entries; e++)
    {
      EntryStats *st = &sim.stats[e];
      double lo, hi;
      double win = st->games ? 100.0 * st->wins / st->games : 0;
      double ppd = st->deals ? (double) st->points / st->deals : 0;

      g_array_sort (st->times_us, compare_i64);
      wilson (st->wins, st->games, &lo, &hi);
      if (json)
        printf ("%s{\"level\": \"%s\", \"games\": %u, \"wins\": %u, \"draws\": %u, \"win_pct\": %s, "
                "\"ci95\": [%s, %s], \"points_per_deal\": %s, \"median_ms\": %s, "
                "\"p95_ms\": %s, \"max_ms\": %s}",
                e ? ", " : "", sim.names[e], st->games, st->wins, st->draws,
                JSON_NUM (0, "%.2f", win), JSON_NUM (1, "%.2f", 100 * lo), JSON_NUM (2, "%.2f", 100 * hi),
                JSON_NUM (3, "%.3f", ppd), JSON_NUM (4, "%.3f", percentile_ms (st->times_us, 0.5)),
                JSON_NUM (5, "%.3f", percentile_ms (st->times_us, 0.95)),
                JSON_NUM (6, "%.3f", percentile_ms (st->times_us, 1.0)));
      else
        printf ("%-3u %-9s %6u %6u %6u %6.1f%% [%6.1f%%, %6.1f%%] %9.2f %10.2f %8.2f %8.2f\n",
                e + 1, sim.names[e], st->games, st->wins, st->draws,
                win, 100 * lo, 100 * hi, ppd, percentile_ms (st->times_us, 0.5),
                percentile_ms (st->times_us, 0.95), percentile_ms (st->times_us, 1.0));
      g_array_unref (st->times_us);
    }
  if (json)
    printf ("]}\n");
  for (guint e = sim.n_entries; e < CASSINO_MAX_SIDES; e++)
    g_array_unref (sim.stats[e].times_us);
  g_mutex_clear (&sim.lock);
  return sim.failures ? 1 : 0;
}

int
cassino_cli_simulate (int    argc,
                      char **argv)
{
  g_autofree char *rules_text = NULL;
  g_autofree char *levels_text = NULL;
  g_autofree char *database = NULL;
  g_autofree char *records_path = NULL;
  int players = 2, games = 100, jobs = 1, iterations = 0, time_ms = 0;
  gint64 seed = 1;
  gboolean no_mirror = FALSE, json = FALSE;
  GOptionEntry entries[] = {
    { "rules", 'r', 0, G_OPTION_ARG_STRING, &rules_text, "Preset name or JSON object of options (default classic)", "RULES" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, "Number of players (default 2)", "N" },
    { "levels", 'l', 0, G_OPTION_ARG_STRING, &levels_text, "Levels, one per side, comma separated (default expert,easy)", "A,B" },
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, "Number of seeds; mirrored, each is played once per seating (default 100)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "First seed (default 1)", "N" },
    { "no-mirror", 0, 0, G_OPTION_ARG_NONE, &no_mirror, "Play each seed once only", NULL },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs, "Threads to use (default 1)", "N" },
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations, "Search budget for hard, expert and master (sampled deals per move); one side's own: --levels master:300,expert", "N" },
    { "time-ms", 0, 0, G_OPTION_ARG_INT, &time_ms, "Time limit per decision in ms (not reproducible)", "MS" },
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &database, "Record every game into this database", "PATH" },
    { "database", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &database, NULL, NULL },
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records_path, "Write every game record to this file", "FILE" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print the results as JSON", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— play games between computer levels");
  g_autoptr(GError) error = NULL;
  CassinoSimulateOptions opts = { 0 };
  g_auto(GStrv) names = NULL;
  g_autoptr(GString) records = NULL;
  int status;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "cassino-cli simulate: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      g_autofree char *quoted = cassino_input_excerpt (argv[1], -1);

      fprintf (stderr, "cassino-cli simulate: unexpected argument “%s”; every setting is an option (--help)\n", quoted);
      return 2;
    }
  {
    /* the first option out of range, named */
    const char *bad = players < 2 || players > 6 ? "--players: a number from 2 to 6"
                      : games < 1 ? "--games: a positive number"
                      : jobs < 1 ? "--jobs: a positive number"
                      : iterations < 0 ? "--iterations: a positive number (0: the level's own)"
                      : time_ms < 0 ? "--time-ms: a positive number of milliseconds (0: no limit)"
                      : NULL;

    if (bad)
      {
        fprintf (stderr, "cassino-cli simulate: %s\n", bad);
        return 2;
      }
  }
  if (!cassino_rules_parse (&opts.rules, rules_text ? rules_text : "classic", (guint) players, &error))
    {
      fprintf (stderr, "cassino-cli simulate: rules: %s\n", error->message);
      return 2;
    }

  names = g_strsplit (levels_text ? levels_text : "expert,easy", ",", -1);
  opts.n_levels = g_strv_length (names);
  if (opts.n_levels != opts.rules.n_sides)
    {
      fprintf (stderr, "cassino-cli simulate: --levels needs one level per side (%u)\n", opts.rules.n_sides);
      return 2;
    }
  opts.budget.iterations = (guint) iterations;
  opts.budget.time_ms = (guint) time_ms;
  for (guint i = 0; i < opts.n_levels; i++)
    {
      /* LEVEL[:ITERATIONS]; "hint" follows every hint (master's search) */
      char *name = g_strstrip (names[i]);
      char *colon = strchr (name, ':');
      guint64 n = 0;

      opts.budgets[i] = opts.budget;
      if (colon)
        {
          *colon = '\0';
          if (!g_ascii_string_to_unsigned (colon + 1, 10, 1, G_MAXUINT, &n, NULL))
            {
              g_autofree char *quoted = cassino_input_excerpt (colon + 1, -1);
              g_autofree char *quoted_name = cassino_input_excerpt (name, -1);

              fprintf (stderr, "cassino-cli simulate: --levels: “%s” after “%s:” is not a number of sampled deals\n",
                       quoted, quoted_name);
              return 2;
            }
          opts.budgets[i].iterations = (guint) n;
        }
      opts.hints[i] = g_strcmp0 (name, "hint") == 0;
      if (!opts.hints[i] && !cassino_level_from_string (name, &opts.levels[i]))
        {
          g_autofree char *quoted = cassino_input_excerpt (name, -1);

          fprintf (stderr, "cassino-cli simulate: unknown level “%s” (see cassino-cli choose --list)\n", quoted);
          return 2;
        }
      if (opts.hints[i])
        opts.levels[i] = CASSINO_LEVEL_MASTER;
      if (colon)
        g_snprintf (opts.names[i], sizeof opts.names[i], "%s:%" G_GUINT64_FORMAT, name, n);
      else
        g_strlcpy (opts.names[i], name, sizeof opts.names[i]);
    }
  opts.seed = (guint64) seed;
  opts.games = (guint) games;
  opts.mirror = !no_mirror;
  opts.jobs = (guint) jobs;

  /* the records never go over the database they are recorded into */
  if (records_path && !cassino_store_check_output ("--records", records_path, database, &error))
    {
      fprintf (stderr, "cassino-cli simulate: %s\n", error->message);
      return 2;
    }
  if (database)
    {
      if (!cassino_simulate_open_recorder (&opts, database, &error))
        {
          fprintf (stderr, "cassino-cli simulate: %s\n", error->message);
          return 1;
        }
    }
  if (records_path)
    records = g_string_new (NULL);

  status = cassino_simulate_run (&opts, records, json);

  if (database)
    cassino_simulate_close_recorder (&opts);
  if (records && !g_file_set_contents (records_path, records->str, records->len, &error))
    {
      fprintf (stderr, "cassino-cli simulate: %s\n", error->message);
      return 1;
    }
  return status;
}
