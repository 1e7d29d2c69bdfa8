/* cassino-cli-play.c: a game in the terminal
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cassino-cli.h"
#include "cassino-ai.h"
#include "cassino-record.h"
#include "cassino-store-export.h"
#include "cassino-store-record.h"

static void
print_cards (const char   *label,
             CassinoCards  set)
{
  g_autofree char *text = cassino_cards_to_string (set, " ");

  printf ("%s%s\n", label, set ? text : "—");
}

/* "1 card", "2 cards" (the terminal game speaks English only) */
static const char *
plural (guint       n,
        const char *one,
        const char *many)
{
  return n == 1 ? one : many;
}

static void
print_position (CassinoGame *game,
                guint        human)
{
  const CassinoPosition *pos = cassino_game_get_position (game);
  const CassinoRules *r = cassino_game_get_rules (game);

  printf ("\n");
  for (guint s = 0; s < r->n_sides; s++)
    {
      guint points = cassino_game_get_score (game, s);
      guint cards = cassino_cards_count (pos->piles[s]);

      printf ("side %u: %u %s, %u %s taken, %u %s%s\n", s,
              points, plural (points, "point", "points"), cards, plural (cards, "card", "cards"),
              pos->sweeps[s], plural (pos->sweeps[s], "sweep", "sweeps"),
              cassino_rules_side_of (r, human) == s ? " (you)" : "");
    }
  for (guint i = 0; i < r->n_players; i++)
    if (i != human)
      {
        guint held = cassino_cards_count (pos->hands[i]);

        printf ("S%u %s: %u %s in hand%s\n", i, cassino_game_get_seat (game, i)->name,
                held, plural (held, "card", "cards"), pos->dealer == i ? " (dealer)" : "");
      }
  printf ("stock: %u\n", cassino_position_stock_count (pos));
  if (r->capture_mode == CASSINO_CAPTURE_MODE_PILE && pos->pile_top != CASSINO_NO_CARD)
    /* Xeri: only the top card of the stack can be taken (or any with a J) */
    printf ("pile: %u cards, top %s\n", cassino_cards_count (pos->loose), cassino_card_to_string (pos->pile_top));
  else
    print_cards ("table: ", pos->loose);
  for (guint b = 0; b < pos->n_builds; b++)
    {
      g_autofree char *cards = cassino_cards_to_string (pos->builds[b].cards, " ");

      printf ("       build of %u%s by S%d: %s\n", pos->builds[b].value,
              pos->builds[b].multiple ? " (multiple)" : "", pos->builds[b].owner, cards);
    }
  print_cards ("your hand: ", pos->hands[human]);
}

static void
print_deal_score (CassinoGame *game)
{
  const CassinoDeal *deal = cassino_game_get_current_deal (game);
  const CassinoRules *r = cassino_game_get_rules (game);

  if (deal == NULL || !deal->finished)
    return;
  printf ("\nDeal %u is over.\n", deal->number);
  for (guint s = 0; s < r->n_sides; s++)
    {
      printf ("side %u:", s);
      /* the fishing family's categories too (primiera, xeri, …) */
      for (guint c = 0; c < CASSINO_N_ALL_CATEGORIES; c++)
        if (deal->score.points[s][c])
          printf (" %s %u", cassino_category_to_string (c), deal->score.points[s][c]);
      printf (" — %u %s this deal, %u in the game\n", deal->score.total[s],
              plural (deal->score.total[s], "point", "points"), cassino_game_get_score (game, s));
    }
}

int
cassino_cli_play (int    argc,
                  char **argv)
{
  g_autofree char *rules_text = NULL;
  g_autofree char *level_name = NULL;
  g_autofree char *name = NULL;
  g_autofree char *record_path = NULL;
  int players = 2;
  gint64 seed = 0;
  GOptionEntry entries[] = {
    { "rules", 'r', 0, G_OPTION_ARG_STRING, &rules_text, "Preset name or JSON object of options", "RULES" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, "Number of players (you are seat 0)", "N" },
    { "level", 'l', 0, G_OPTION_ARG_STRING, &level_name, "Level of the computer players (default medium)", "LEVEL" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the deals (default: random)", "N" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, "Your name", "NAME" },
    { "record", 0, 0, G_OPTION_ARG_FILENAME, &record_path, "Write the game record here at the end", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— play a game against the computer in the terminal");
  g_autoptr(GError) error = NULL;
  CassinoRules rules;
  CassinoLevel level = CASSINO_LEVEL_MEDIUM;
  CassinoGame *game;
  const guint human = 0;
  char line[512];
  guint ply = 0;
  g_autofree char *default_db = cassino_store_get_default_path ();

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "cassino-cli play: %s\n", error->message);
      return 2;
    }
  if (!cassino_rules_parse (&rules, rules_text ? rules_text : "classic", (guint) players, &error))
    {
      fprintf (stderr, "cassino-cli play: rules: %s\n", error->message);
      return 2;
    }
  if (level_name && !cassino_level_from_string (level_name, &level))
    {
      g_autofree char *quoted = cassino_input_excerpt (level_name, -1);

      fprintf (stderr, "cassino-cli play: unknown level “%s”\n", quoted);
      return 2;
    }
  /* refused before the game, not after it: never over a database (the
   * user's own), a link, a device or a folder */
  if (record_path && !cassino_store_check_output ("--record", record_path, default_db, &error))
    {
      fprintf (stderr, "cassino-cli play: %s\n", error->message);
      return 2;
    }
  if (seed == 0)
    seed = g_get_real_time ();

  game = cassino_game_new (&rules, (guint64) seed, rules.n_players - 1);
  cassino_game_set_seat (game, human, name ? name : g_get_user_name (), CASSINO_SEAT_HUMAN, NULL);
  for (guint i = 1; i < rules.n_players; i++)
    {
      g_autofree char *cname = g_strdup_printf ("%s %u", cassino_level_get_title (level), i);

      cassino_game_set_seat (game, i, cname, CASSINO_SEAT_COMPUTER, cassino_level_to_string (level));
    }
  cassino_game_set_tag (game, "Event", "Terminal game");
  cassino_store_stamp_start (game);
  cassino_game_start (game);
  printf ("Cassino — %s, %u players, seed %" G_GINT64_FORMAT ". Type a move number or its notation; "
          "h for a hint, u to undo, q to quit.\n",
          cassino_preset_get_title (rules.preset), rules.n_players, seed);

  while (cassino_game_get_state (game) != CASSINO_GAME_OVER)
    {
      CassinoMoveList list;
      guint seat;

      if (cassino_game_get_state (game) == CASSINO_GAME_DEAL_OVER)
        {
          print_deal_score (game);
          cassino_game_next_deal (game, NULL);
          continue;
        }

      seat = cassino_game_get_to_move (game);
      if (seat != human)
        {
          CassinoView view;
          CassinoAiReason reason;
          g_autofree char *text = NULL;

          cassino_view_init_from_game (&view, game);
          cassino_ai_choose (&view, level, NULL, (guint64) seed + ply, NULL, &reason);
          cassino_view_clear (&view);
          text = cassino_move_to_notation (&reason.move);
          printf ("S%u %s plays %s\n", seat, cassino_game_get_seat (game, seat)->name, text);
          cassino_game_play (game, &reason.move, NULL);
          ply++;
          continue;
        }

      print_position (game, human);
      cassino_move_list_init (&list);
      cassino_game_legal_moves (game, &list);
      for (guint i = 0; i < list.len; i++)
        {
          g_autofree char *text = cassino_move_to_notation (&list.moves[i]);

          printf ("  %2u. %s\n", i + 1, text);
        }
      printf ("> ");
      fflush (stdout);
      if (fgets (line, sizeof line, stdin) == NULL)
        {
          cassino_move_list_clear (&list);
          break;
        }
      g_strstrip (line);

      if (g_str_equal (line, "q"))
        {
          cassino_move_list_clear (&list);
          break;
        }
      else if (g_str_equal (line, "h"))
        {
          CassinoView view;
          CassinoAiReason reason;
          g_autofree char *text = NULL;

          cassino_view_init_from_game (&view, game);
          cassino_ai_hint (&view, NULL, (guint64) seed + ply, NULL, &reason);
          cassino_view_clear (&view);
          text = cassino_ai_reason_to_string (&rules, &reason);
          printf ("hint: %s\n", text);
        }
      else if (g_str_equal (line, "u"))
        {
          /* take back until it is our turn again */
          gboolean any = FALSE;

          while (cassino_game_can_undo (game))
            {
              cassino_game_undo (game, NULL);
              any = TRUE;
              if (cassino_game_get_to_move (game) == human)
                break;
            }
          if (!any)
            printf ("nothing to undo in this deal\n");
        }
      else
        {
          guint64 n;
          CassinoMove move;
          g_autoptr(GError) move_error = NULL;

          if (g_ascii_string_to_unsigned (line, 10, 1, list.len, &n, NULL))
            move = list.moves[n - 1];
          else if (!cassino_move_parse_notation (line, &move, &move_error))
            {
              printf ("%s\n", move_error->message);
              cassino_move_list_clear (&list);
              continue;
            }
          if (!cassino_game_play (game, &move, &move_error))
            printf ("%s\n", move_error->message);
          else
            ply++;
        }
      cassino_move_list_clear (&list);
    }

  print_deal_score (game);
  if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
    {
      int w = cassino_game_get_winner (game);

      const char *ending = cassino_game_get_ending (game);

      if (w < 0)
        printf ("\nThe game is drawn.\n");
      else if ((guint) w == cassino_rules_side_of (&rules, human))
        printf ("\nYou win!\n");
      else
        printf ("\nSide %d wins.\n", w);
      /* rules.md §6: how the game ended, as the record's Ending tag says */
      printf ("Final score:");
      for (guint s = 0; s < rules.n_sides; s++)
        printf ("%s side %u %u", s ? "," : "", s, cassino_game_get_score (game, s));
      if (g_str_equal (ending, "count-as-you-go"))
        printf (" (count-as-you-go: the target of %u was reached during play)\n", rules.target);
      else if (g_str_equal (ending, "target"))
        printf (" (target: the target of %u was reached by the count at the end of deal %u)\n",
                rules.target, cassino_game_get_n_deals (game));
      else
        printf (" (%s)\n", ending);
    }
  if (record_path)
    {
      g_autofree char *text = cassino_record_write (game);

      if (!g_file_set_contents (record_path, text, -1, &error))
        {
          /* the game was played, its record not written: not a success */
          fprintf (stderr, "cassino-cli play: %s\n", error->message);
          cassino_game_unref (game);
          return 1;
        }
    }
  cassino_game_unref (game);
  return 0;
}
