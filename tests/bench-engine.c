/* bench-engine: speed of the rules engine (figures for BENCHMARKS.md)
 *
 *   bench-engine [GAMES]
 *   bench-engine tags
 *
 * 1. Random self-play of classic two-player games to 21 on one core.
 * 2. Legal-move generation over positions from that play: mean per position.
 * 3. The crowded table: 16 low cards and 3 builds.
 * 4. Random self-play of every preset of the fishing family (family.md),
 *    whole games (to the target; one deal when the target is 0), per preset.
 *
 *   bench-engine GAMES family [PRESET]     only 4 (of one preset)
 *
 * "tags": a game record with 100,000 to 800,000 tags, written and read
 * back (reading was quadratic in the number of tags: issue 15).
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cassino-game.h"
#include "cassino-position-json.h"
#include "cassino-record.h"
#include "cassino-rng.h"

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

static int
bench_tags (void)
{
  static const guint sizes[] = { 100000, 200000, 400000, 800000 };
  CassinoRules rules;

  cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      CassinoGame *game = cassino_game_new (&rules, 1, 0);
      g_autoptr(GPtrArray) read = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      double t0, t_write, t_read;

      t0 = now ();
      for (guint k = 0; k < sizes[i]; k++)
        {
          char name[32], value[32];

          g_snprintf (name, sizeof name, "Tag%u", k);
          g_snprintf (value, sizeof value, "value %u", k);
          cassino_game_set_tag (game, name, value);
        }
      text = cassino_record_write (game);
      t_write = now () - t0;
      t0 = now ();
      read = cassino_record_read (text, -1, &error);
      t_read = now () - t0;
      if (read == NULL || cassino_game_get_tag_names (read->pdata[0])->len < sizes[i])
        {
          g_printerr ("tags: %s\n", error ? error->message : "tags lost");
          return 1;
        }
      printf ("record with %u tags (%.1f MB): set and written in %.0f ms, read in %.0f ms (%.2f µs a tag)\n",
              sizes[i], strlen (text) / 1e6, t_write * 1e3, t_read * 1e3, t_read * 1e6 / sizes[i]);
      cassino_game_unref (game);
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  guint games;
  CassinoRules rules;
  CassinoRng rng;
  CassinoMoveList list;
  guint64 plays = 0, deals = 0;
  double t0, t;
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (CassinoPosition));
  guint64 moves_total = 0;

  if (argc > 1 && g_str_equal (argv[1], "tags"))
    return bench_tags ();
  games = argc > 1 ? (guint) atoi (argv[1]) : 20000;

  cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL);
  cassino_rng_init (&rng, 1);
  cassino_move_list_init (&list);

  if (argc > 2 && g_str_equal (argv[2], "family"))
    goto family;

  /* 1. random self-play, whole games to 21, straight on the position */
  t0 = now ();
  for (guint g = 0; g < games; g++)
    {
      guint scores[2] = { 0, 0 };
      guint dealer = g & 1;

      while (scores[0] < 21 && scores[1] < 21)
        {
          CassinoPosition pos;
          guint8 deck[52];
          CassinoDealScore score;

          cassino_deal_deck_for_seed (&rules, cassino_rng_next (&rng), deck);
          cassino_position_deal (&pos, &rules, deck, 52, dealer);
          while (!pos.deal_over)
            {
              list.len = 0;
              cassino_position_legal_moves (&pos, &list);
              if ((plays & 63) == 0 && positions->len < 20000)
                g_array_append_val (positions, pos);
              cassino_position_apply (&pos, &list.moves[cassino_rng_below (&rng, list.len)], NULL);
              plays++;
            }
          cassino_deal_score_compute (&score, &rules, pos.piles, pos.sweeps, NULL, 0);
          scores[0] += score.total[0];
          scores[1] += score.total[1];
          dealer ^= 1;
          deals++;
        }
    }
  t = now () - t0;
  printf ("random self-play: %u classic 2-player games to 21 (%" G_GUINT64_FORMAT " deals, %"
          G_GUINT64_FORMAT " plays) in %.3f s = %.0f games/s, %.0f ns/play\n",
          games, deals, plays, t, games / t, t * 1e9 / plays);

  if (argc > 2 && g_str_equal (argv[2], "selfplay"))
    return 0;

  /* 2. legal moves over positions from real play */
  t0 = now ();
  for (guint rep = 0; rep < 5; rep++)
    for (guint i = 0; i < positions->len; i++)
      {
        list.len = 0;
        cassino_position_legal_moves (&g_array_index (positions, CassinoPosition, i), &list);
        moves_total += list.len;
      }
  t = now () - t0;
  printf ("legal moves: %u positions from play, mean %.0f ns per position (%.1f moves each)\n",
          positions->len, t * 1e9 / (5.0 * positions->len), moves_total / (5.0 * positions->len));

  /* 3. the crowded table */
  {
    CassinoJsonPosition pos;
    const char *json =
      "{\"rules\":\"classic\",\"hand\":[\"Tc\",\"9c\",\"8c\",\"7c\"],\"table\":["
      "\"Ac\",\"Ad\",\"Ah\",\"As\",\"2c\",\"2d\",\"2h\",\"2s\",\"3c\",\"3d\",\"3h\",\"3s\",\"4c\",\"4d\",\"4h\",\"4s\","
      "{\"build\":[\"5c\",\"5d\"],\"value\":10,\"owner\":1},"
      "{\"build\":[\"6c\",\"6d\"],\"value\":6,\"owner\":1,\"multiple\":true},"
      "{\"build\":[\"7d\",\"7h\"],\"value\":7,\"owner\":1,\"multiple\":true}]}";
    double worst = 0;
    guint n = 0;

    if (!cassino_json_position_parse (&pos, json, -1, NULL))
      return 1;
    for (guint rep = 0; rep < 10; rep++)
      {
        list.len = 0;
        t0 = now ();
        cassino_position_legal_moves_for_hand (&pos.view.pos, 0, pos.view.pos.hands[0], FALSE, &list);
        t = now () - t0;
        worst = MAX (worst, t);
        n = list.len;
      }
    printf ("crowded table (16 low cards, 3 builds, hand T 9 8 7): %u legal moves, worst of 10 runs %.2f ms\n",
            n, worst * 1e3);
    cassino_json_position_clear (&pos);
  }

family:
  /* 4. the fishing family: whole random games, straight on the position */
  for (guint p = CASSINO_FIRST_FAMILY_PRESET; p < CASSINO_N_ALL_PRESETS; p++)
    {
      guint n_players = (guint) __builtin_ctz (cassino_preset_get_player_counts (p));
      guint64 fplays = 0, fdeals = 0;
      guint n_sides;

      if (argc > 3 && !g_str_equal (argv[3], cassino_preset_to_string (p)))
        continue;
      cassino_rules_init_preset (&rules, p, n_players, NULL);
      n_sides = rules.n_sides;
      t0 = now ();
      for (guint g = 0; g < games; g++)
        {
          guint scores[CASSINO_MAX_SIDES] = { 0 };
          guint dealer = g % n_players;
          gboolean over = FALSE;

          while (!over)
            {
              CassinoPosition pos;
              guint8 deck[52];
              CassinoDealScore score;
              guint best = 0, n_best = 0;

              cassino_deal_deck_for_seed (&rules, cassino_rng_next (&rng), deck);
              cassino_position_deal (&pos, &rules, deck, rules.deck, dealer);
              while (!pos.deal_over)
                {
                  list.len = 0;
                  cassino_position_legal_moves (&pos, &list);
                  cassino_position_apply (&pos, &list.moves[cassino_rng_below (&rng, list.len)], NULL);
                  fplays++;
                }
              cassino_deal_score_compute_points (&score, &rules, pos.piles, pos.sweeps,
                                                 pos.sweep_points, NULL, 0);
              for (guint s2 = 0; s2 < n_sides; s2++)
                {
                  scores[s2] += score.total[s2];
                  if (scores[s2] > best)
                    best = scores[s2], n_best = 1;
                  else if (scores[s2] == best)
                    n_best++;
                }
              /* target 0: one deal; otherwise another deal on a tie at the top */
              over = rules.target == 0 || (best >= rules.target && n_best == 1) || fdeals > 1000000;
              dealer = (dealer + 1) % n_players;
              fdeals++;
            }
        }
      t = now () - t0;
      printf ("random self-play: %u %s %u-player games (%" G_GUINT64_FORMAT " deals, %" G_GUINT64_FORMAT
              " plays) in %.3f s = %.0f games/s, %.0f ns/play\n",
              games, cassino_preset_to_string (p), n_players, fdeals, fplays, t, games / t,
              t * 1e9 / fplays);
    }

  cassino_move_list_clear (&list);
  g_array_unref (positions);
  return 0;
}
