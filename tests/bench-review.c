/* bench-review: how long the game review takes (figures for BENCHMARKS.md)
 *
 *   bench-review [GAMES [ITERATIONS]]
 *
 * Whole classic two-player games to 21, played by two medium computer
 * players, each reviewed for seat 0 by the review's level at its default
 * number of sampled deals (or ITERATIONS) on the calling thread, one core.
 * Prints per game the decisions and seconds, then the mean time of 48
 * decisions (about one seat's share of a classic game) and the spread of
 * the verdicts: how often a second review with another seed changes a
 * move's mark ("review noise").
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cassino-review.h"

static CassinoGame *
play_game (guint64 seed)
{
  CassinoRules rules;
  CassinoGame *game;

  cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL);
  game = cassino_game_new (&rules, seed, (guint) (seed & 1));
  cassino_game_set_seat (game, 0, "North", CASSINO_SEAT_COMPUTER, "medium");
  cassino_game_set_seat (game, 1, "South", CASSINO_SEAT_COMPUTER, "medium");
  cassino_game_start (game);
  while (cassino_game_get_state (game) != CASSINO_GAME_OVER)
    {
      CassinoView view;
      CassinoAiReason reason;

      if (cassino_game_get_state (game) == CASSINO_GAME_DEAL_OVER)
        {
          if (!cassino_game_next_deal (game, NULL))
            break;
          continue;
        }
      cassino_view_init_from_game (&view, game);
      if (!cassino_ai_choose (&view, CASSINO_LEVEL_MEDIUM, NULL, seed, NULL, &reason) ||
          !cassino_game_play (game, &reason.move, NULL))
        g_error ("self-play failed");
      cassino_view_clear (&view);
    }
  return game;
}

/* @game replayed into a game with another seed: the same deals and plays,
 * other sampled deals for the review */
static CassinoGame *
reseed (const CassinoGame *game,
        guint64            seed)
{
  CassinoGame *copy = cassino_game_new (cassino_game_get_rules (game), seed,
                                        cassino_game_get_first_dealer (game));

  for (guint i = 0; i < cassino_game_get_rules (game)->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (game, i);

      cassino_game_set_seat (copy, i, s->name, s->kind, s->level);
    }
  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (game, d);

      if (!cassino_game_start_deal_with_deck (copy, deal->dealer, deal->seed, deal->deck, deal->deck_len, NULL))
        g_error ("replay failed");
      for (guint p = 0; p < deal->plays->len; p++)
        if (!cassino_game_play (copy, &g_array_index (deal->plays, CassinoPlay, p).move, NULL))
          g_error ("replay failed");
    }
  return copy;
}

int
main (int    argc,
      char **argv)
{
  guint games = argc > 1 ? (guint) atoi (argv[1]) : 3;
  guint iterations = argc > 2 ? (guint) atoi (argv[2]) : CASSINO_REVIEW_ITERATIONS;
  guint total_decisions = 0;
  double total_time = 0;
  guint noise_n = 0, noise_marks = 0, noise_over = 0;
  double noise_sum = 0;

  printf ("review of seat 0, level %s, %u sampled deals per decision, one thread\n",
          cassino_level_to_string (CASSINO_REVIEW_LEVEL), iterations);
  for (guint g = 0; g < games; g++)
    {
      CassinoGame *game = play_game (1000 + g);
      gint64 t0 = g_get_monotonic_time ();
      g_autoptr(GError) error = NULL;
      g_autoptr(CassinoReview) review = cassino_review_run (game, 1, CASSINO_REVIEW_LEVEL, iterations,
                                                            NULL, NULL, NULL, &error);
      double secs = (g_get_monotonic_time () - t0) / 1e6;

      if (review == NULL)
        g_error ("review failed: %s", error->message);
      printf ("game %u: %u deals, %u decisions, %.2f s, accuracy %.1f %%, %u mistakes, %u blunders\n",
              g + 1, cassino_game_get_n_deals (game), review->moves->len, secs,
              cassino_review_get_accuracy (review, 0),
              cassino_review_count_marks (review, 0, CASSINO_REVIEW_MARK_MISTAKE),
              cassino_review_count_marks (review, 0, CASSINO_REVIEW_MARK_BLUNDER));
      total_decisions += review->moves->len;
      total_time += secs;

      /* noise: the same game reviewed from other sampled deals */
      {
        CassinoGame *other = reseed (game, 77777 + g);
        g_autoptr(CassinoReview) again = cassino_review_run (other, 1, CASSINO_REVIEW_LEVEL, iterations,
                                                             NULL, NULL, NULL, NULL);

        for (guint i = 0; i < review->moves->len; i++)
          {
            const CassinoReviewMove *a = &g_array_index (review->moves, CassinoReviewMove, i);
            const CassinoReviewMove *b = &g_array_index (again->moves, CassinoReviewMove, i);
            double d = a->loss > b->loss ? a->loss - b->loss : b->loss - a->loss;

            if (a->n_moves < 2)
              continue;
            noise_n++;
            noise_sum += d;
            noise_marks += a->mark != b->mark;
            noise_over += d >= CASSINO_REVIEW_INACCURACY;
          }
        cassino_game_unref (other);
      }
      cassino_game_unref (game);
    }
  printf ("mean: %.1f ms per decision, %.2f s per 48 decisions\n",
          1000 * total_time / MAX (total_decisions, 1), 48 * total_time / MAX (total_decisions, 1));
  printf ("review noise over %u decisions with a choice: mean |difference of loss| %.3f points, "
          "%.1f %% differ by %.1f or more, %.1f %% change their mark\n",
          noise_n, noise_sum / MAX (noise_n, 1), 100.0 * noise_over / MAX (noise_n, 1),
          CASSINO_REVIEW_INACCURACY, 100.0 * noise_marks / MAX (noise_n, 1));
  return 0;
}
