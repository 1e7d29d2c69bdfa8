/* test-review.c: the game review and the coach's verdicts
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cassino-test-util.h"
#include "cassino-review.h"
#include "cassino-rng.h"

#define TEST_ITERATIONS 8

static CassinoGame *
random_game (const char *preset,
             guint       players,
             guint64     seed)
{
  CassinoRules r;

  g_assert_true (cassino_rules_parse (&r, preset, players, NULL));
  return test_random_game (&r, seed);
}

static void
test_marks (void)
{
  g_assert_cmpint (cassino_review_mark_for_loss (0.0), ==, CASSINO_REVIEW_MARK_GOOD);
  g_assert_cmpint (cassino_review_mark_for_loss (0.29), ==, CASSINO_REVIEW_MARK_GOOD);
  g_assert_cmpint (cassino_review_mark_for_loss (0.3), ==, CASSINO_REVIEW_MARK_INACCURACY);
  g_assert_cmpint (cassino_review_mark_for_loss (0.7), ==, CASSINO_REVIEW_MARK_MISTAKE);
  g_assert_cmpint (cassino_review_mark_for_loss (1.49), ==, CASSINO_REVIEW_MARK_MISTAKE);
  g_assert_cmpint (cassino_review_mark_for_loss (1.5), ==, CASSINO_REVIEW_MARK_BLUNDER);
  g_assert_cmpstr (cassino_review_mark_to_string (CASSINO_REVIEW_MARK_BLUNDER), ==, "Blunder");
  g_assert_null (cassino_review_mark_to_string (CASSINO_REVIEW_MARK_GOOD));
  g_assert_cmpstr (cassino_review_mark_symbol (CASSINO_REVIEW_MARK_MISTAKE), ==, "?");
}

/* The same game, level and number of deals: the same review, to the bit. */
static void
test_reproducible (void)
{
  static const struct { const char *preset; guint players; } cases[] = {
    { "classic", 2 }, { "royal", 3 }, { "classic", 4 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      CassinoGame *game = random_game (cases[c].preset, cases[c].players, 3 + c);
      g_autoptr(CassinoReview) a = NULL;
      g_autoptr(CassinoReview) b = NULL;
      g_autofree char *ta = NULL;
      g_autofree char *tb = NULL;
      g_autoptr(GError) error = NULL;
      guint graded = 0;

      a = cassino_review_run (game, 1u << 0, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      b = cassino_review_run (game, 1u << 0, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (a->moves->len, ==, cassino_review_count_decisions (game, 1u << 0));
      g_assert_cmpuint (a->moves->len, >, 0);
      ta = cassino_review_to_text (a);
      tb = cassino_review_to_text (b);
      g_assert_cmpstr (ta, ==, tb);

      /* random play makes mistakes; the review finds some */
      for (guint i = 0; i < a->moves->len; i++)
        {
          const CassinoReviewMove *m = &g_array_index (a->moves, CassinoReviewMove, i);

          g_assert_cmpuint (m->seat, ==, 0);
          g_assert_cmpfloat (m->loss, >=, 0.0);
          g_assert_cmpint (m->mark, ==, cassino_review_mark_for_loss (m->loss));
          if (m->n_moves > 1 && m->loss > 0)
            graded++;
          /* the best move loses nothing */
          if (cassino_move_equal (&m->played, &m->best.move))
            g_assert_cmpfloat (m->loss, ==, 0.0);
        }
      g_assert_cmpuint (graded, >, 0);
      g_assert_cmpuint (cassino_review_count_marks (a, 0, CASSINO_REVIEW_MARK_BLUNDER) +
                        cassino_review_count_marks (a, 0, CASSINO_REVIEW_MARK_MISTAKE), >, 0);
      cassino_game_unref (game);
    }
}

/* a different number of deals is a different review (the figure matters) */
static void
test_iterations_matter (void)
{
  CassinoGame *game = random_game ("classic", 2, 11);
  g_autoptr(CassinoReview) a = cassino_review_run (game, 1, CASSINO_REVIEW_LEVEL, 4, NULL, NULL, NULL, NULL);
  g_autoptr(CassinoReview) b = cassino_review_run (game, 1, CASSINO_REVIEW_LEVEL, 32, NULL, NULL, NULL, NULL);
  g_autofree char *ta = cassino_review_to_text (a);
  g_autofree char *tb = cassino_review_to_text (b);

  g_assert_cmpstr (ta, !=, tb);
  g_assert_cmpuint (a->iterations, ==, 4);
  g_assert_cmpuint (b->iterations, ==, 32);
  cassino_game_unref (game);
}

/* Replay deal @d of @source on @deck up to play @p into @game (a new game with
 * the same seats); FALSE if a play is not legal with that deck. */
static gboolean
replay_with_deck (const CassinoGame *source,
                  guint              d,
                  guint              p,
                  const guint8      *deck,
                  CassinoGame      **out_game)
{
  const CassinoRules *r = cassino_game_get_rules (source);
  const CassinoDeal *deal = cassino_game_get_deal (source, d);
  CassinoGame *game = cassino_game_new (r, cassino_game_get_seed (source), cassino_game_get_first_dealer (source));

  for (guint i = 0; i < r->n_players; i++)
    cassino_game_set_seat (game, i, cassino_game_get_seat (source, i)->name, CASSINO_SEAT_HUMAN, NULL);
  /* the earlier deals as recorded, for the scores */
  for (guint e = 0; e <= d; e++)
    {
      const CassinoDeal *de = cassino_game_get_deal (source, e);
      guint n = e < d ? de->plays->len : p;

      g_assert_true (cassino_game_start_deal_with_deck (game, de->dealer, de->seed,
                                                        e < d ? de->deck : deck, de->deck_len, NULL));
      for (guint k = 0; k < n; k++)
        if (!cassino_game_play (game, &g_array_index (de->plays, CassinoPlay, k).move, NULL))
          {
            cassino_game_unref (game);
            return FALSE;
          }
    }
  (void) deal;
  *out_game = game;
  return TRUE;
}

/* The verdict on a move does not change when the cards its seat cannot see
 * (the other hands and the stock) are dealt differently. */
static void
test_no_cheating (void)
{
  static const struct { const char *preset; guint players; } cases[] = {
    { "classic", 2 }, { "classic", 4 }, { "royal", 3 }, { "draw", 2 },
  };
  guint compared = 0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint64 seed = 1; seed <= 4; seed++)
      {
        CassinoGame *source = random_game (cases[c].preset, cases[c].players, seed);
        const CassinoDeal *deal = cassino_game_get_deal (source, 0);
        guint p = (guint) (3 + seed * 2) % deal->plays->len;
        CassinoGame *real = NULL;
        CassinoGame *other = NULL;
        const CassinoMove *played = &g_array_index (deal->plays, CassinoPlay, p).move;
        CassinoView va, vb;
        CassinoReviewMove ja, jb;
        CassinoRng rng;
        gboolean ok = FALSE;

        g_assert_true (replay_with_deck (source, 0, p, deal->deck, &real));
        cassino_view_init_from_game (&va, real);
        g_assert_cmpuint (cassino_cards_count (va.unseen), >, 1);

        /* deal the unseen cards again, where they lay in the deck, until
         * the plays so far replay */
        cassino_rng_init (&rng, seed * 31 + c);
        for (guint attempt = 0; attempt < 200 && !ok; attempt++)
          {
            guint8 deck[CASSINO_N_CARDS];
            guint8 pool[CASSINO_N_CARDS];
            guint slots[CASSINO_N_CARDS];
            guint n = 0;

            memcpy (deck, deal->deck, deal->deck_len);
            for (guint i = 0; i < deal->deck_len; i++)
              if (va.unseen & CASSINO_CARD_BIT (deck[i]))
                {
                  slots[n] = i;
                  pool[n++] = deck[i];
                }
            cassino_rng_shuffle (&rng, pool, n);
            for (guint i = 0; i < n; i++)
              deck[slots[i]] = pool[i];
            if (memcmp (deck, deal->deck, deal->deck_len) == 0)
              continue;
            ok = replay_with_deck (source, 0, p, deck, &other);
          }
        g_assert_true (ok);

        /* the seat sees the same: its view is the same, byte for byte */
        cassino_view_init_from_game (&vb, other);
        g_assert_cmpuint (va.history->len, ==, vb.history->len);
        for (guint i = 0; i < va.history->len; i++)
          {
            g_assert_true (cassino_move_equal (&g_array_index (va.history, CassinoPlay, i).move,
                                               &g_array_index (vb.history, CassinoPlay, i).move));
            g_assert_cmpuint (g_array_index (va.history, CassinoPlay, i).seat, ==,
                              g_array_index (vb.history, CassinoPlay, i).seat);
          }
        cassino_view_clear (&va);
        cassino_view_clear (&vb);
        g_assert_true (cassino_rules_equal (va.pos.rules, vb.pos.rules));
        va.pos.rules = vb.pos.rules = NULL;   /* each game has its own copy */
        g_assert_cmpmem (&va, sizeof va, &vb, sizeof vb);
        /* but the hidden cards differ */
        g_assert_true (memcmp (cassino_game_get_position (real)->hands,
                               cassino_game_get_position (other)->hands,
                               sizeof cassino_game_get_position (real)->hands) != 0 ||
                       memcmp (cassino_game_get_position (real)->deck,
                               cassino_game_get_position (other)->deck,
                               sizeof cassino_game_get_position (real)->deck) != 0);

        g_assert_true (cassino_review_judge (real, played, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, NULL, &ja));
        g_assert_true (cassino_review_judge (other, played, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, NULL, &jb));
        g_assert_cmpmem (&ja, sizeof ja - sizeof ja.best, &jb, sizeof jb - sizeof jb.best);
        g_assert_true (cassino_move_equal (&ja.best.move, &jb.best.move));
        compared++;
        cassino_game_unref (real);
        cassino_game_unref (other);
        cassino_game_unref (source);
      }
  g_assert_cmpuint (compared, ==, 16);
}

/* The coach judges a move as it is played (cassino_review_judge() on the
 * game just before it); its verdict is the review's for that move. */
static void
test_coach_equals_review (void)
{
  CassinoGame *source = random_game ("classic", 2, 5);
  g_autoptr(CassinoReview) review = cassino_review_run (source, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS,
                                                        NULL, NULL, NULL, NULL);
  guint checked = 0;

  g_assert_nonnull (review);
  for (guint i = 0; i < review->moves->len; i += 5)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);
      CassinoGame *game;
      CassinoReviewMove coach;

      game = cassino_review_game_before (source, m->deal_index, m->play_index, NULL);
      g_assert_nonnull (game);
      g_assert_cmpuint (cassino_game_get_to_move (game), ==, m->seat);
      g_assert_true (cassino_review_judge (game, &m->played, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, NULL, &coach));
      g_assert_cmpfloat (coach.loss, ==, m->loss);
      g_assert_cmpint (coach.mark, ==, m->mark);
      g_assert_true (cassino_move_equal (&coach.best.move, &m->best.move));
      checked++;
      cassino_game_unref (game);
    }
  g_assert_cmpuint (checked, >, 5);
  g_assert_null (cassino_review_game_before (source, 99, 0, NULL));
  cassino_game_unref (source);
}

/* The strongest level's evaluation names the hint's move first (the same
 * search, the same seed): hints and the review agree. */
static void
test_evaluate_agrees_with_hint (void)
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      CassinoGame *source = random_game ("classic", 2, seed);
      const CassinoDeal *deal = cassino_game_get_deal (source, 0);
      CassinoGame *game = NULL;
      CassinoView view;
      CassinoAiReason hint, best;
      CassinoAiBudget budget = { TEST_ITERATIONS * 4, 0 };
      g_autoptr(GArray) values = NULL;
      guint64 s = cassino_review_seed (seed, 1, 4);

      g_assert_true (replay_with_deck (source, 0, 4, deal->deck, &game));
      cassino_view_init_from_game (&view, game);
      g_assert_true (cassino_ai_hint (&view, &budget, s, NULL, &hint));
      values = cassino_ai_evaluate (&view, CASSINO_REVIEW_LEVEL, &budget, s, NULL, &best);
      g_assert_nonnull (values);
      g_assert_true (cassino_move_equal (&hint.move, &best.move));
      g_assert_true (cassino_move_equal (&g_array_index (values, CassinoAiMoveValue, 0).move, &hint.move));
      for (guint i = 1; i < values->len; i++)
        g_assert_cmpfloat (g_array_index (values, CassinoAiMoveValue, i).value, <=,
                           g_array_index (values, CassinoAiMoveValue, i - 1).value);
      cassino_view_clear (&view);
      cassino_game_unref (game);
      cassino_game_unref (source);
    }
}

/* The same on a crowded table, with more legal moves than a hint searches:
 * the review's best move is still the hint's. */
static void
test_evaluate_agrees_with_hint_crowded (void)
{
  static const char json[] =
    "{\"rules\":\"classic\",\"hand\":[\"Th\",\"9h\",\"8h\",\"7h\"],"
    "\"table\":[\"Ac\",\"2c\",\"3c\",\"4c\",\"5c\",\"6c\",\"Ad\",\"2d\"],\"stock\":20}";
  CassinoJsonPosition pos;
  CassinoMoveList list;
  /* one sampled deal: noisy enough that a move the hint does not search
   * now and then comes out on top */
  CassinoAiBudget budget = { 1, 0 };

  test_legal_from_json (json, &pos, &list);
  g_assert_cmpuint (list.len, >, 32);
  cassino_move_list_clear (&list);
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      CassinoAiReason hint, best;
      g_autoptr(GArray) values = NULL;

      g_assert_true (cassino_ai_hint (&pos.view, &budget, seed, NULL, &hint));
      values = cassino_ai_evaluate (&pos.view, CASSINO_REVIEW_LEVEL, &budget, seed, NULL, &best);
      g_assert_nonnull (values);
      g_assert_cmpuint (values->len, >, 32);
      g_assert_true (cassino_move_equal (&hint.move, &best.move));
      g_assert_true (cassino_move_equal (&g_array_index (values, CassinoAiMoveValue, 0).move, &hint.move));
    }
  cassino_json_position_clear (&pos);
}

static void
test_summary (void)
{
  CassinoGame *source = random_game ("classic", 2, 7);
  g_autoptr(CassinoReview) review = cassino_review_run (source, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS,
                                                        NULL, NULL, NULL, NULL);
  guint idx[3];

  for (guint seat = 0; seat < 2; seat++)
    {
      double acc = cassino_review_get_accuracy (review, seat);
      guint n = cassino_review_get_costliest (review, seat, idx, 3);
      double worst = 0;

      g_assert_cmpfloat (acc, >, 0.0);
      g_assert_cmpfloat (acc, <, 100.0);   /* random play is never perfect */
      g_assert_cmpuint (n, ==, 3);
      for (guint i = 0; i < review->moves->len; i++)
        {
          const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);

          if (m->seat == seat)
            worst = MAX (worst, m->loss);
        }
      g_assert_cmpfloat (g_array_index (review->moves, CassinoReviewMove, idx[0]).loss, ==, worst);
      for (guint i = 0; i < n; i++)
        {
          const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, idx[i]);

          g_assert_cmpuint (m->seat, ==, seat);
          g_assert_cmpfloat (m->loss, >=, CASSINO_REVIEW_INACCURACY);
          if (i > 0)
            g_assert_cmpfloat (m->loss, <=, g_array_index (review->moves, CassinoReviewMove, idx[i - 1]).loss);
        }
    }
  /* a seat that was not reviewed has no figure */
  g_assert_cmpfloat (cassino_review_get_accuracy (review, 3), ==, -1.0);
  cassino_game_unref (source);
}

static void
test_text (void)
{
  CassinoGame *source = random_game ("royal", 2, 9);
  g_autoptr(CassinoReview) review = cassino_review_run (source, 0x1, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS,
                                                        NULL, NULL, NULL, NULL);
  g_autofree char *text = cassino_review_to_text (review);
  g_autoptr(CassinoReview) back = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;

  back = cassino_review_from_text (text, &error);
  g_assert_no_error (error);
  again = cassino_review_to_text (back);
  g_assert_cmpstr (text, ==, again);
  g_assert_cmpuint (back->moves->len, ==, review->moves->len);
  g_assert_cmpfloat (cassino_review_get_accuracy (back, 0), ==, cassino_review_get_accuracy (review, 0));

  g_clear_pointer (&back, cassino_review_free);
  back = cassino_review_from_text ("cassino-review 1 expert 8 1\n0 0 0 3 bad\n", &error);
  g_assert_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_PARSE);
  g_assert_null (back);
  cassino_game_unref (source);
}

static void
on_progress_cb (guint    done,
                guint    total,
                gpointer user_data)
{
  GCancellable *cancellable = user_data;

  g_assert_cmpuint (done, <=, total);
  if (done == 3)
    g_cancellable_cancel (cancellable);
}

static void
test_cancel (void)
{
  CassinoGame *source = random_game ("classic", 2, 2);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  CassinoReview *review;

  review = cassino_review_run (source, 0x1, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, cancellable,
                               on_progress_cb, cancellable, &error);
  g_assert_null (review);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  cassino_game_unref (source);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/review/marks", test_marks);
  g_test_add_func ("/cassino/review/reproducible", test_reproducible);
  g_test_add_func ("/cassino/review/iterations-matter", test_iterations_matter);
  g_test_add_func ("/cassino/review/no-cheating", test_no_cheating);
  g_test_add_func ("/cassino/review/coach-equals-review", test_coach_equals_review);
  g_test_add_func ("/cassino/review/evaluate-agrees-with-hint", test_evaluate_agrees_with_hint);
  g_test_add_func ("/cassino/review/evaluate-agrees-with-hint-crowded", test_evaluate_agrees_with_hint_crowded);
  g_test_add_func ("/cassino/review/summary", test_summary);
  g_test_add_func ("/cassino/review/text", test_text);
  g_test_add_func ("/cassino/review/cancel", test_cancel);
  return g_test_run ();
}
