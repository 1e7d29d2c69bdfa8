/* cassino-cli-legal.c: legal, choose and validate
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cassino-cli.h"
#include "cassino-position-json.h"
#include "cassino-record.h"

static int
bad_input (const char *command,
           const char *message)
{
  fprintf (stderr, "cassino-cli %s: %s\n", command, message);
  return 2;
}

static gboolean
parse_options (GOptionContext  *context,
               const char      *command,
               int             *argc,
               char          ***argv,
               int             *status)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      *status = bad_input (command, error->message);
      return FALSE;
    }
  return TRUE;
}

static int
read_position (const char          *command,
               int                  argc,
               char               **argv,
               CassinoJsonPosition *pos)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;

  if (argc > 2)
    return bad_input (command, "give one position file, or none for standard input");
  /* a position is some hundred bytes, with the history of a deal some
   * kilobytes: a larger one is no position (json-glib would take about a
   * hundred times its size in memory: 3 GB for 30 MB) */
  text = cassino_cli_read_input_at_most (argc == 2 ? argv[1] : NULL, CASSINO_CLI_POSITION_LIMIT,
                                         "the position", &len, &error);
  if (text == NULL)
    return bad_input (command, error->message);
  if (!cassino_json_position_parse (pos, text, len, &error))
    return bad_input (command, error->message);
  return 0;
}

#define TOO_CROWDED "the table is too crowded: more than " G_STRINGIFY (CASSINO_MAX_MOVE_SETS) " ways to play one card"

/* The mover's legal moves into @list (initialised here); FALSE, @list
 * cleared, when a card has more ways to be played than are listed. */
static gboolean
legal_moves (CassinoJsonPosition *pos,
             CassinoMoveList     *list)
{
  cassino_move_list_init (list);
  cassino_position_legal_moves_for_hand (&pos->view.pos, pos->view.seat,
                                         pos->view.pos.hands[pos->view.seat],
                                         pos->last_play, list);
  if (!list->truncated)
    return TRUE;
  cassino_move_list_clear (list);
  return FALSE;
}

int
cassino_cli_legal (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("[FILE] — list the legal moves of a position");
  CassinoJsonPosition pos;
  CassinoMoveList list;
  GString *out;
  int status = 0;

  if (!parse_options (context, "legal", &argc, &argv, &status))
    return status;
  if ((status = read_position ("legal", argc, argv, &pos)) != 0)
    return status;

  if (!legal_moves (&pos, &list))
    {
      cassino_json_position_clear (&pos);
      return bad_input ("legal", TOO_CROWDED);
    }
  /* print all at once: never a partial list */
  out = g_string_new (NULL);
  for (guint i = 0; i < list.len; i++)
    {
      g_autofree char *json = cassino_move_to_json (&list.moves[i]);

      g_string_append (out, json);
      g_string_append_c (out, '\n');
    }
  fwrite (out->str, 1, out->len, stdout);
  g_string_free (out, TRUE);
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
  return 0;
}

int
cassino_cli_choose (int    argc,
                    char **argv)
{
  g_autofree char *level_name = NULL;
  gint64 seed = 0;
  gboolean list_levels = FALSE;
  gboolean explain = FALSE;
  int iterations = 0, time_ms = 0;
  GOptionEntry entries[] = {
    { "level", 'l', 0, G_OPTION_ARG_STRING, &level_name, "Computer level (see --list)", "LEVEL" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed for a reproducible choice", "N" },
    { "list", 0, 0, G_OPTION_ARG_NONE, &list_levels, "List the levels", NULL },
    { "explain", 0, 0, G_OPTION_ARG_NONE, &explain, "Also print the reason on standard error", NULL },
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations, "Search budget (sampled deals) for hard, expert and master", "N" },
    { "time-ms", 0, 0, G_OPTION_ARG_INT, &time_ms, "Time limit in ms (master: its time; not reproducible)", "MS" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("[FILE] — the move a computer level would make");
  CassinoJsonPosition pos;
  CassinoLevel level;
  CassinoAiReason reason;
  CassinoAiBudget budget = { 0 };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, "choose", &argc, &argv, &status))
    return status;

  if (list_levels)
    {
      for (guint i = 0; i < CASSINO_N_LEVELS; i++)
        printf ("%s\t%s\n", cassino_level_to_string (i), cassino_level_get_summary (i));
      return 0;
    }
  if (level_name == NULL)
    return bad_input ("choose", "--level is required (see --list)");
  if (!cassino_level_from_string (level_name, &level))
    {
      g_autofree char *quoted = cassino_input_excerpt (level_name, -1);
      g_autofree char *msg = g_strdup_printf ("unknown level “%s” (see --list)", quoted);
      return bad_input ("choose", msg);
    }
  if (iterations < 0)
    return bad_input ("choose", "--iterations must be positive");
  if (time_ms < 0)
    return bad_input ("choose", "--time-ms must be positive");
  budget.iterations = (guint) iterations;
  budget.time_ms = (guint) time_ms;

  if ((status = read_position ("choose", argc, argv, &pos)) != 0)
    return status;
  /* what legal refuses, choose refuses: its move could not be checked
   * against legal's list (and a search of such a table took minutes) */
  {
    CassinoMoveList list;

    if (!legal_moves (&pos, &list))
      {
        cassino_json_position_clear (&pos);
        return bad_input ("choose", TOO_CROWDED);
      }
    cassino_move_list_clear (&list);
  }

  if (!cassino_ai_choose (&pos.view, level, &budget, (guint64) seed, NULL, &reason))
    {
      cassino_json_position_clear (&pos);
      return bad_input ("choose", "the player to move has no legal move");
    }

  {
    g_autofree char *json = cassino_move_to_json (&reason.move);

    printf ("%s\n", json);
  }
  if (explain)
    {
      g_autofree char *text = cassino_ai_reason_to_string (&pos.rules, &reason);

      fprintf (stderr, "%s\n", text);
    }
  cassino_json_position_clear (&pos);
  return 0;
}

int
cassino_cli_validate (int    argc,
                      char **argv)
{
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print only errors", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE… — check game records");
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, "validate", &argc, &argv, &status))
    return status;
  if (argc < 2)
    return bad_input ("validate", "name one or more record files (- for standard input)");

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autoptr(GPtrArray) games = NULL;
      gsize len = 0;

      text = cassino_cli_read_input (argv[i], &len, &error);
      if (text)
        games = cassino_record_read (text, len, &error);
      if (games == NULL)
        {
          fprintf (stderr, "%s: %s\n", argv[i], error->message);
          status = 2;
          continue;
        }
      if (!quiet)
        for (guint g = 0; g < games->len; g++)
          {
            CassinoGame *game = games->pdata[g];
            const CassinoRules *rules = cassino_game_get_rules (game);
            GString *score = g_string_new (NULL);

            for (guint s = 0; s < rules->n_sides; s++)
              g_string_append_printf (score, "%s%u", s ? "-" : "", cassino_game_get_score (game, s));
            printf ("%s: game %u: %s, %u players, %u deals, %s, score %s\n", argv[i], g + 1,
                    cassino_preset_to_string (rules->preset), rules->n_players,
                    cassino_game_get_n_deals (game),
                    cassino_game_get_state (game) == CASSINO_GAME_OVER ? "finished" : "unfinished",
                    score->str);
            g_string_free (score, TRUE);
          }
    }
  return status;
}
