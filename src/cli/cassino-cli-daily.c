/* cassino-cli-daily.c: `cassino-cli daily`, the daily deal of a date
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include <stdio.h>

#include "cassino-cli.h"
#include "cassino-ai.h"
#include "cassino-daily.h"
#include "cassino-game.h"

static int
daily_bad_input (const char *message)
{
  fprintf (stderr, "cassino-cli daily: %s\n", message);
  return 2;
}

int
cassino_cli_daily (int    argc,
                   char **argv)
{
  g_autofree char *date_text = NULL;
  g_autofree char *rules_name = NULL;
  GOptionEntry entries[] = {
    { "date", 'd', 0, G_OPTION_ARG_STRING, &date_text, "The date (default: today, local time)", "YYYY-MM-DD" },
    { "rules", 'r', 0, G_OPTION_ARG_STRING, &rules_name, "A preset name (default: classic)", "PRESET" },
    { NULL }
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new ("— the daily deal of a date: its seed and first deck (JSON)");
  g_autoptr(GError) error = NULL;
  g_autofree char *day = NULL;
  g_autofree char *seed_text = NULL;
  CassinoPreset preset = CASSINO_PRESET_CLASSIC;
  CassinoRules rules;
  guint8 deck[CASSINO_N_CARDS];
  guint64 seed, deal_seed;
  GDate date;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return daily_bad_input (error->message);
  if (argc > 1)
    return daily_bad_input ("takes no arguments, only --date and --rules");
  if (rules_name && !cassino_preset_from_string (rules_name, &preset))
    {
      g_autofree char *quoted = cassino_input_excerpt (rules_name, -1);
      g_autofree char *msg = g_strdup_printf ("unknown preset “%s” (a name of rules.md §7)", quoted);

      return daily_bad_input (msg);
    }
  if (date_text == NULL)
    cassino_daily_today (&date);
  else if (!cassino_daily_parse_date (date_text, &date, &error))
    return daily_bad_input (error->message);
  if (!cassino_rules_init_preset (&rules, preset, CASSINO_DAILY_N_PLAYERS, &error))
    return daily_bad_input (error->message);

  day = cassino_daily_format_date (&date);
  seed_text = cassino_daily_seed_text (&date, preset);
  seed = cassino_daily_seed (&date, preset);
  deal_seed = cassino_game_deal_seed (seed, 1);
  cassino_deal_deck_for_seed (&rules, deal_seed, deck);

  printf ("{\"date\": \"%s\", \"rules\": \"%s\", \"seed_text\": \"%s\", "
          "\"seed\": \"%" G_GUINT64_FORMAT "\", \"players\": %u, \"dealer\": %u, "
          "\"levels\": [\"%s\"], \"deal\": 1, \"deal_seed\": \"%" G_GUINT64_FORMAT "\", \"deck\": [",
          day, cassino_preset_to_string (preset), seed_text, seed,
          CASSINO_DAILY_N_PLAYERS, CASSINO_DAILY_FIRST_DEALER,
          cassino_level_to_string (CASSINO_DAILY_LEVEL), deal_seed);
  for (guint i = 0; i < rules.deck; i++)
    printf ("%s\"%s\"", i ? ", " : "", cassino_card_to_string (deck[i]));
  printf ("]}\n");
  return 0;
}
