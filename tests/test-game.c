/* test-game.c: dealing, last cards, scoring, games, rubbers, claims
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"

static void
rules_for (CassinoRules *r,
           const char   *text,
           guint         players)
{
  g_autoptr(GError) error = NULL;

  if (!cassino_rules_parse (r, text, players, &error))
    g_error ("%s", error->message);
}

static void
identity_deck (guint8 *deck)
{
  for (guint i = 0; i < 52; i++)
    deck[i] = i;
}

static void
test_deal_order (void)
{
  CassinoRules r;
  CassinoPosition pos;
  guint8 deck[52];

  identity_deck (deck);
  /* packets of one: seat 0 (eldest, dealer 1), seat 1, table; four rounds */
  rules_for (&r, "classic", 2);
  cassino_position_deal (&pos, &r, deck, 52, 1);
  g_assert_cmpuint (pos.hands[0], ==, 0x249249ull & 0xFFF);     /* cards 0,3,6,9 */
  g_assert_cmpuint (pos.hands[0], ==, (1ull << 0) | (1ull << 3) | (1ull << 6) | (1ull << 9));
  g_assert_cmpuint (pos.hands[1], ==, (1ull << 1) | (1ull << 4) | (1ull << 7) | (1ull << 10));
  g_assert_cmpuint (pos.loose, ==, (1ull << 2) | (1ull << 5) | (1ull << 8) | (1ull << 11));
  g_assert_cmpuint (pos.to_move, ==, 0);
  g_assert_cmpuint (cassino_position_stock_count (&pos), ==, 40);

  /* packets of two (house) */
  rules_for (&r, "house", 2);
  cassino_position_deal (&pos, &r, deck, 52, 1);
  g_assert_cmpuint (pos.hands[0], ==, 0x3ull | (0x3ull << 6));
  g_assert_cmpuint (pos.hands[1], ==, (0x3ull << 2) | (0x3ull << 8));
  g_assert_cmpuint (pos.loose, ==, (0x3ull << 4) | (0x3ull << 10));

  /* dealer 0 of three: eldest is seat 1 */
  rules_for (&r, "classic", 3);
  cassino_position_deal (&pos, &r, deck, 52, 0);
  g_assert_cmpuint (pos.to_move, ==, 1);
  g_assert_true (pos.hands[1] & 1);

  /* diamond: three cards each, four on the table */
  rules_for (&r, "diamond", 2);
  {
    CassinoCard c;
    guint n = 0;

    CASSINO_CARDS_FOREACH (c, r.deck_cards)
      deck[n++] = c;
    cassino_position_deal (&pos, &r, deck, n, 1);
    g_assert_cmpuint (cassino_cards_count (pos.hands[0]), ==, 3);
    g_assert_cmpuint (cassino_cards_count (pos.loose), ==, 4);
    g_assert_cmpuint (cassino_position_stock_count (&pos), ==, 30);
  }
}

static void
test_next_hands_and_draw (void)
{
  CassinoRules r;
  CassinoGame *game;
  CassinoMoveList list;
  guint hands_seen = 0;

  /* classic: when both hands are empty, four more each, none to the table */
  rules_for (&r, "classic", 2);
  game = cassino_game_new (&r, 5, 1);
  cassino_game_start (game);
  cassino_move_list_init (&list);
  while (cassino_game_get_state (game) == CASSINO_GAME_PLAYING)
    {
      const CassinoPosition *pos = cassino_game_get_position (game);
      guint table_before = cassino_cards_count (cassino_position_table_cards (pos));

      if (pos->hands[0] == 0 && pos->hands[1] == 0)
        g_assert_not_reached ();
      if (cassino_cards_count (pos->hands[0]) == 4 && cassino_cards_count (pos->hands[1]) == 4)
        hands_seen++;
      list.len = 0;
      cassino_game_legal_moves (game, &list);
      g_assert_true (cassino_game_play (game, &list.moves[0], NULL));
      (void) table_before;
    }
  g_assert_cmpuint (hands_seen, ==, 6);
  cassino_game_unref (game);

  /* draw: the hand is refilled after every play while the stock lasts */
  rules_for (&r, "draw", 2);
  game = cassino_game_new (&r, 5, 1);
  cassino_game_start (game);
  for (guint i = 0; i < 30; i++)
    {
      const CassinoPosition *pos = cassino_game_get_position (game);
      guint seat = pos->to_move;

      list.len = 0;
      cassino_game_legal_moves (game, &list);
      g_assert_true (cassino_game_play (game, &list.moves[list.len - 1], NULL));
      pos = cassino_game_get_position (game);
      if (cassino_position_stock_count (pos) > 0)
        g_assert_cmpuint (cassino_cards_count (pos->hands[seat]), ==, 4);
    }
  cassino_move_list_clear (&list);
  cassino_game_unref (game);
}

static void
test_dealer_rotation (void)
{
  CassinoRules r;
  CassinoGame *game;

  rules_for (&r, "classic", 3);
  game = test_random_game (&r, 11);
  g_assert_cmpuint (cassino_game_get_n_deals (game), >, 1);
  for (guint d = 1; d < cassino_game_get_n_deals (game); d++)
    g_assert_cmpuint (cassino_game_get_deal (game, d)->dealer, ==,
                      (cassino_game_get_deal (game, d - 1)->dealer + 1) % 3);
  cassino_game_unref (game);
}

static void
test_last_cards (void)
{
  CassinoRules r;
  CassinoPosition pos;
  CassinoMove m;

  /* last-capturer: seat 0 captured earlier, seat 1 trails the last card */
  rules_for (&r, "classic", 2);
  memset (&pos, 0, sizeof pos);
  pos.rules = &r;
  pos.dealer = 1;
  pos.to_move = 1;
  pos.hands[1] = test_cards ("Kc");
  pos.loose = test_cards ("3d 5h");
  pos.last_capturer = 0;
  pos.last_player = 0;
  pos.claim_seat = -1;
  m = test_move ("Kc");
  g_assert_true (cassino_position_is_legal (&pos, &m));
  cassino_position_apply (&pos, &m, NULL);
  g_assert_true (pos.deal_over);
  g_assert_cmpuint (pos.piles[0], ==, test_cards ("3d 5h Kc"));
  g_assert_cmpint (pos.last_cards_side, ==, 0);
  g_assert_cmpuint (pos.sweeps[0], ==, 0);

  /* court-last (English): the court's player takes them instead */
  rules_for (&r, "english", 2);
  memset (&pos.piles, 0, sizeof pos.piles);
  pos.deal_over = FALSE;
  pos.to_move = 1;
  pos.hands[1] = test_cards ("Kc");
  pos.loose = test_cards ("3d 5h");
  pos.last_capturer = 0;
  cassino_position_apply (&pos, &m, NULL);
  g_assert_cmpuint (pos.piles[1], ==, test_cards ("3d 5h Kc"));

  /* nobody captured: out of play */
  rules_for (&r, "classic", 2);
  memset (&pos.piles, 0, sizeof pos.piles);
  pos.deal_over = FALSE;
  pos.to_move = 1;
  pos.hands[1] = test_cards ("Kc");
  pos.loose = test_cards ("3d 5h");
  pos.last_capturer = -1;
  cassino_position_apply (&pos, &m, NULL);
  g_assert_cmpuint (pos.piles[0] | pos.piles[1], ==, 0);
  g_assert_cmpint (pos.last_cards_side, ==, -1);
}

static void
test_score_classic (void)
{
  CassinoRules r;
  CassinoDealScore s;
  CassinoCards piles[2];
  guint8 sweeps[2] = { 1, 2 };
  guint8 order[3] = { 1, 0, 1 };

  rules_for (&r, "classic", 2);
  /* side 0: 27 cards with 7 spades, Td, As Ac; side 1 the rest */
  piles[0] = test_cards ("Td As Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc 3s 4s 5s 6s 7s 8s 2d 3d 4d 5d 6d 7d");
  piles[1] = CASSINO_ALL_CARDS & ~piles[0];
  cassino_deal_score_compute (&s, &r, piles, sweeps, order, 3);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_CARDS], ==, 3);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_SPADES], ==, 1);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_BIG_CASSINO], ==, 2);
  g_assert_cmpuint (s.points[1][CASSINO_CATEGORY_LITTLE_CASSINO], ==, 1);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_ACES], ==, 2);
  g_assert_cmpuint (s.points[1][CASSINO_CATEGORY_ACES], ==, 2);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_SWEEPS], ==, 1);
  g_assert_cmpuint (s.points[1][CASSINO_CATEGORY_SWEEPS], ==, 2);
  g_assert_cmpuint (s.total[0] + s.total[1], ==, 11 + 3);
  /* count order: cards, spades, Td, 2s, aces (s c h d), sweeps as made */
  g_assert_cmpuint (s.events[0].category, ==, CASSINO_CATEGORY_CARDS);
  g_assert_cmpuint (s.events[1].category, ==, CASSINO_CATEGORY_SPADES);
  g_assert_cmpuint (s.events[2].category, ==, CASSINO_CATEGORY_BIG_CASSINO);
  g_assert_cmpuint (s.events[3].category, ==, CASSINO_CATEGORY_LITTLE_CASSINO);
  g_assert_cmpuint (s.events[4].card, ==, cassino_cards_first (test_cards ("As")));
  g_assert_cmpuint (s.events[5].card, ==, cassino_cards_first (test_cards ("Ac")));
  g_assert_cmpuint (s.events[6].card, ==, cassino_cards_first (test_cards ("Ah")));
  g_assert_cmpuint (s.events[8].side, ==, 1);
  g_assert_cmpuint (s.events[9].side, ==, 0);

  /* a 26-26 tie in cards scores nobody */
  piles[0] = test_cards ("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd");
  piles[1] = CASSINO_ALL_CARDS & ~piles[0];
  sweeps[0] = sweeps[1] = 0;
  cassino_deal_score_compute (&s, &r, piles, sweeps, NULL, 0);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_CARDS] + s.points[1][CASSINO_CATEGORY_CARDS], ==, 0);
  g_assert_cmpuint (s.total[0] + s.total[1], ==, 8);
}

static void
test_score_spade_diamond (void)
{
  CassinoRules r;
  CassinoDealScore s;
  CassinoCards piles[2];
  guint8 sweeps[2] = { 0, 0 };

  rules_for (&r, "spade", 2);
  piles[0] = cassino_cards_of_suit (CASSINO_SUIT_SPADES) | test_cards ("Td Ac");
  piles[1] = CASSINO_ALL_CARDS & ~piles[0];
  cassino_deal_score_compute (&s, &r, piles, sweeps, NULL, 0);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_SPADES], ==, 14);    /* Js counts 2 */
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_BIG_CASSINO], ==, 2);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_LITTLE_CASSINO], ==, 1);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_ACES], ==, 2);
  g_assert_cmpuint (s.points[1][CASSINO_CATEGORY_CARDS], ==, 3);
  g_assert_cmpuint (s.total[0] + s.total[1], ==, 24);

  rules_for (&r, "diamond", 2);
  piles[0] = cassino_cards_of_rank (7) | cassino_cards_of_rank (1) | test_cards ("2d 3d 4d 5d 6d 8d 9d 2c 3c");
  piles[1] = r.deck_cards & ~piles[0];
  cassino_deal_score_compute (&s, &r, piles, sweeps, NULL, 0);
  /* 19 cards against 21: side 1 has most cards */
  g_assert_cmpuint (s.points[1][CASSINO_CATEGORY_CARDS], ==, 1);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_DIAMONDS], ==, 1);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_SEVEN_DIAMONDS], ==, 1);
  g_assert_cmpuint (s.points[0][CASSINO_CATEGORY_FOUR_OF_RANK], ==, 4);   /* sevens and aces */
  g_assert_cmpuint (s.total[0], ==, 6);
  g_assert_cmpuint (s.total[1], ==, 1);
}

/* Checks every finished game against rules.md §6, recomputed here. */
static void
check_game_scoring (const char *rules_text,
                    guint       players,
                    guint       n_games)
{
  CassinoRules r;

  rules_for (&r, rules_text, players);
  for (guint64 seed = 1; seed <= n_games; seed++)
    {
      CassinoGame *game = test_random_game (&r, seed);
      guint scores[CASSINO_MAX_SIDES] = { 0 };
      int winner = cassino_game_get_winner (game);

      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
      for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
        {
          const CassinoDeal *deal = cassino_game_get_deal (game, d);
          guint before[CASSINO_MAX_SIDES];

          memcpy (before, scores, sizeof before);
          if (!deal->finished)
            {
              /* only a count-as-you-go game ends mid-deal */
              g_assert_true (r.count_as_you_go);
              g_assert_cmpuint (d, ==, cassino_game_get_n_deals (game) - 1);
              for (guint s = 0; s < r.n_sides; s++)
                scores[s] += deal->game_points[s];
              continue;
            }
          if (r.count_as_you_go)
            {
              for (guint s = 0; s < r.n_sides; s++)
                {
                  g_assert_cmpuint (deal->game_points[s], <=, deal->score.total[s]);
                  scores[s] += deal->game_points[s];
                }
              if (d + 1 < cassino_game_get_n_deals (game))
                for (guint s = 0; s < r.n_sides; s++)
                  g_assert_cmpuint (deal->game_points[s], ==, deal->score.total[s]);
            }
          else if (r.game_scoring == CASSINO_GAME_SCORING_DIFFERENCE)
            {
              guint best = 0, n_best = 0, others = 0, w = 0;

              for (guint s = 0; s < r.n_sides; s++)
                {
                  if (deal->score.total[s] > best)
                    best = deal->score.total[s], n_best = 1, w = s;
                  else if (deal->score.total[s] == best)
                    n_best++;
                }
              for (guint s = 0; s < r.n_sides; s++)
                if (s != w)
                  others += deal->score.total[s];
              for (guint s = 0; s < r.n_sides; s++)
                {
                  guint expected = (s == w && n_best == 1 && best > others) ? best - others : 0;

                  g_assert_cmpuint (deal->game_points[s], ==, expected);
                  scores[s] += expected;
                }
            }
          else
            for (guint s = 0; s < r.n_sides; s++)
              {
                g_assert_cmpuint (deal->game_points[s], ==, deal->score.total[s]);
                scores[s] += deal->score.total[s];
              }

          /* the game ends exactly at the first deal where a side reaches the target */
          if (r.target > 0 && d + 1 < cassino_game_get_n_deals (game))
            {
              gboolean reached = FALSE;

              for (guint s = 0; s < r.n_sides; s++)
                if (scores[s] >= r.target)
                  reached = TRUE;
              if (reached)
                {
                  /* only "another deal" on equal totals goes on */
                  g_assert_cmpint (r.at_target, ==, CASSINO_AT_TARGET_ANOTHER_DEAL);
                }
            }

          if (d + 1 == cassino_game_get_n_deals (game) && r.target > 0 && !r.count_as_you_go)
            {
              guint n_reached = 0;

              for (guint s = 0; s < r.n_sides; s++)
                if (scores[s] >= r.target)
                  n_reached++;
              g_assert_cmpuint (n_reached, >=, 1);
              if (n_reached > 1 && r.at_target == CASSINO_AT_TARGET_COUNT_ORDER)
                {
                  guint running[CASSINO_MAX_SIDES];
                  int first = -1;

                  memcpy (running, before, sizeof running);
                  for (guint e = 0; e < deal->score.n_events && first < 0; e++)
                    {
                      running[deal->score.events[e].side] += deal->score.events[e].points;
                      if (running[deal->score.events[e].side] >= r.target)
                        first = deal->score.events[e].side;
                    }
                  g_assert_cmpint (winner, ==, first);
                }
              else if (n_reached == 1)
                g_assert_true (scores[winner] >= r.target);
            }
        }

      for (guint s = 0; s < r.n_sides; s++)
        g_assert_cmpuint (cassino_game_get_score (game, s), ==, scores[s]);
      if (r.target == 0)
        {
          g_assert_cmpuint (cassino_game_get_n_deals (game), ==, 1);
          g_assert_cmpstr (cassino_game_get_ending (game), ==, "single-deal");
        }
      if (r.count_as_you_go && winner >= 0)
        g_assert_cmpuint (scores[winner], >=, r.target);
      if (r.lurch_below && winner >= 0)
        {
          guint best_loser = 0;

          for (guint s = 0; s < r.n_sides; s++)
            if ((int) s != winner)
              best_loser = MAX (best_loser, scores[s]);
          g_assert_cmpuint (cassino_game_get_value (game), ==, best_loser < r.lurch_below ? 2 : 1);
        }
      cassino_game_unref (game);
    }
}

static void
test_game_cumulative (void)
{
  check_game_scoring ("classic", 2, 40);
  check_game_scoring ("classic", 3, 20);
  check_game_scoring ("classic", 4, 20);
  check_game_scoring ("{\"preset\":\"classic\",\"target\":11}", 2, 60);   /* more count-order ties */
}

static void
test_game_difference (void)
{
  check_game_scoring ("english", 2, 40);
  check_game_scoring ("english", 3, 30);
  check_game_scoring ("english", 4, 20);
}

static void
test_game_single_deal (void)
{
  check_game_scoring ("american", 2, 20);
  check_game_scoring ("american", 6, 10);
}

static void
test_game_count_as_you_go (void)
{
  guint mid = 0;
  CassinoRules r;

  check_game_scoring ("twenty-one", 2, 40);
  check_game_scoring ("spade", 2, 20);
  rules_for (&r, "twenty-one", 2);
  for (guint64 seed = 1; seed <= 40; seed++)
    {
      CassinoGame *game = test_random_game (&r, seed);
      const CassinoDeal *last = cassino_game_get_current_deal (game);

      /* rules.md §6: "count-as-you-go" when reached during play, "target"
       * only when reached by the count at the end of a deal */
      if (!last->finished)
        {
          mid++;
          g_assert_cmpstr (cassino_game_get_ending (game), ==, "count-as-you-go");
        }
      else
        g_assert_true (g_str_equal (cassino_game_get_ending (game), "count-as-you-go") ||
                       g_str_equal (cassino_game_get_ending (game), "target"));
      cassino_game_unref (game);
    }
  /* most games to 21 end in the middle of a deal */
  g_assert_cmpuint (mid, >, 10);
}

/* A deal for two (dealer seat 1) that starts with the given hands and
 * table; the rest of the deck follows in card order. */
static CassinoGame *
arranged_game (const char *rules_text,
               const char *hand0,
               const char *hand1,
               const char *table)
{
  CassinoRules r;
  CassinoGame *game;
  CassinoCards h0 = test_cards (hand0), h1 = test_cards (hand1), t = test_cards (table);
  CassinoCards rest;
  guint8 deck[CASSINO_N_CARDS];
  guint n = 0;
  CassinoCard c;

  rules_for (&r, rules_text, 2);
  rest = r.deck_cards & ~(h0 | h1 | t);
  g_assert_cmpuint (cassino_cards_count (h0), ==, r.hand_size);
  g_assert_cmpuint (cassino_cards_count (h1), ==, r.hand_size);
  g_assert_cmpuint (cassino_cards_count (t), ==, r.table_initial);
  /* packets of one: seat 0, seat 1, table, round after round */
  for (guint i = 0; i < MAX (r.hand_size, r.table_initial); i++)
    {
      if (i < r.hand_size)
        {
          deck[n++] = cassino_cards_first (h0);
          h0 &= h0 - 1;
          deck[n++] = cassino_cards_first (h1);
          h1 &= h1 - 1;
        }
      if (i < r.table_initial)
        {
          deck[n++] = cassino_cards_first (t);
          t &= t - 1;
        }
    }
  CASSINO_CARDS_FOREACH (c, rest)
    deck[n++] = c;
  game = cassino_game_new (&r, 1, 1);
  cassino_game_set_seat (game, 0, "Ann", CASSINO_SEAT_HUMAN, NULL);
  cassino_game_set_seat (game, 1, "Bo", CASSINO_SEAT_HUMAN, NULL);
  {
    g_autoptr(GError) error = NULL;

    if (!cassino_game_start_deal_with_deck (game, 1, 0, deck, n, &error))
      g_error ("%s", error->message);
  }
  return game;
}

static void
play_moves (CassinoGame *game,
            const char  *const *moves)
{
  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr(GError) error = NULL;
      CassinoMove m = test_move (moves[i]);

      if (!cassino_game_play (game, &m, &error))
        g_error ("%s: %s", moves[i], error->message);
    }
}

/* rules.md §6: the J♠ is one item worth 2, credited whole, so that the game
 * ends at the same score whatever was credited before it.  Side 0 has
 * 1 point (the 3♠ in one game, the A♣ in the other), needs 2, and takes
 * the J♠: 3 in both (it used to be 2 after the 3♠, the jack cut in two). */
static void
test_count_as_you_go_jack_whole (void)
{
  static const char *const histories[][2] = {
    { "3h 8c", "3h x 3s" },
    { "4c 8c", "4c x Ac 3d" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (histories); i++)
    {
      g_autofree char *hand0 = g_strdup_printf ("%s Jh 9c", histories[i][0]);
      CassinoGame *game = arranged_game ("{\"preset\":\"spade\",\"target\":2}",
                                         hand0, "Kd Qd 5c 6c",
                                         i == 0 ? "3s Js 4h 9h" : "Ac 3d Js 4h");
      const char *moves[] = { histories[i][1], "Kd", "Jh x Js", NULL };

      play_moves (game, moves);
      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
      g_assert_cmpint (cassino_game_get_winner (game), ==, 0);
      g_assert_cmpuint (cassino_game_get_score (game, 0), ==, 3);
      g_assert_cmpuint (cassino_game_get_current_deal (game)->game_points[0], ==, 3);
      g_assert_cmpstr (cassino_game_get_ending (game), ==, "count-as-you-go");
      cassino_game_unref (game);
    }
}

/* The example of the help (winning#as-you-go): the A♠ and the 5♠ taken
 * together are the spades A♠ then 5♠ (1 each), then the ace A♠ (1); the
 * game ends at the first that reaches the target, the rest dropped. */
static void
test_count_as_you_go_drops_rest (void)
{
  for (guint target = 1; target <= 3; target++)
    {
      g_autofree char *rules = g_strdup_printf ("{\"preset\":\"spade\",\"target\":%u}", target);
      CassinoGame *game = arranged_game (rules, "6h 8c 9c Tc", "Kd Qd 5c 7c", "As 5s 4h 9h");
      const char *moves[] = { "6h x As 5s", NULL };
      const CassinoDeal *deal;

      play_moves (game, moves);
      deal = cassino_game_get_current_deal (game);
      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
      g_assert_cmpuint (cassino_game_get_score (game, 0), ==, target);
      g_assert_cmpuint (deal->game_points[0], ==, target);
      g_assert_cmpstr (cassino_game_get_ending (game), ==, "count-as-you-go");
      cassino_game_unref (game);
    }
}

/* rules.md §6: the items of one move are credited in count order and the
 * rest is dropped once the target is reached.  Diamond scoring, counted as
 * you go: the 7♦ taking the other three sevens is the 7♦ (1), then the four
 * sevens (2); playing to 1, the game ends at 1, the sevens dropped. */
static void
test_count_as_you_go_diamond_order (void)
{
  CassinoGame *game = arranged_game ("{\"preset\":\"diamond\",\"count_as_you_go\":true,\"target\":1}",
                                     "7d 2c 3c", "9d 8d 8c", "7c 7h 7s 4h");
  const char *moves[] = { "7d x 7c 7h 7s", NULL };

  play_moves (game, moves);
  g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
  g_assert_cmpuint (cassino_game_get_score (game, 0), ==, 1);
  g_assert_cmpstr (cassino_game_get_ending (game), ==, "count-as-you-go");
  cassino_game_unref (game);

  /* to 2: the 7♦ (1), then the four sevens whole (2): 3 */
  game = arranged_game ("{\"preset\":\"diamond\",\"count_as_you_go\":true,\"target\":2}",
                        "7d 2c 3c", "9d 8d 8c", "7c 7h 7s 4h");
  play_moves (game, moves);
  g_assert_cmpuint (cassino_game_get_score (game, 0), ==, 3);
  cassino_game_unref (game);
}

/* Play the first deal of @rules_text (seed @seed) with random moves, except
 * that the last play of the deal is a trail: no score comes from it. */
static CassinoGame *
first_deal_trailing_last (const CassinoRules *r,
                          guint64             seed)
{
  CassinoGame *game = cassino_game_new (r, seed, 1);
  CassinoRng rng;
  CassinoMoveList list;

  cassino_rng_init (&rng, seed);
  cassino_move_list_init (&list);
  cassino_game_set_seat (game, 0, "Ann", CASSINO_SEAT_HUMAN, NULL);
  cassino_game_set_seat (game, 1, "Bo", CASSINO_SEAT_HUMAN, NULL);
  cassino_game_start (game);
  while (cassino_game_get_state (game) == CASSINO_GAME_PLAYING)
    {
      const CassinoMove *m;

      list.len = 0;
      cassino_game_legal_moves (game, &list);
      m = &list.moves[cassino_rng_below (&rng, list.len)];
      if (cassino_position_is_last_play (cassino_game_get_position (game)))
        for (guint i = 0; i < list.len; i++)
          if (list.moves[i].type == CASSINO_MOVE_TRAIL)
            m = &list.moves[i];
      g_assert_true (cassino_game_play (game, m, NULL));
    }
  cassino_move_list_clear (&list);
  return game;
}

/* rules.md §6: a target first reached by the count at the end of a deal
 * (most cards, last cards) ends the game as "target"; reached during play,
 * "count-as-you-go".  Spade deals to 999 give the points of play (the
 * scores before the last play, a trail) and those of the count; the same
 * deal to one point above the best score of play ends by the count. */
static void
test_count_as_you_go_end_of_deal (void)
{
  guint by_count = 0;

  for (guint64 seed = 1; seed <= 30; seed++)
    {
      CassinoRules r;
      CassinoGame *game;
      const CassinoDeal *deal;
      guint during_play = 0, after_count = 0;
      g_autofree char *text = NULL;

      rules_for (&r, "{\"preset\":\"spade\",\"target\":999}", 2);
      game = first_deal_trailing_last (&r, seed);
      deal = cassino_game_get_current_deal (game);
      g_assert_true (deal->finished);
      for (guint s = 0; s < 2; s++)
        {
          /* the count gives most cards and what the last cards hold */
          CassinoDealScore without;
          CassinoCards piles[CASSINO_MAX_SIDES];
          const CassinoPosition *pos = cassino_game_get_position (game);
          guint8 sweeps[CASSINO_MAX_SIDES] = { 0 };

          memcpy (piles, pos->piles, sizeof piles);
          if (deal->last_cards_side >= 0)
            piles[deal->last_cards_side] &= ~deal->last_cards;
          memcpy (sweeps, pos->sweeps, sizeof sweeps);
          cassino_deal_score_compute (&without, &r, piles, sweeps, NULL, 0);
          during_play = MAX (during_play, without.total[s] - without.points[s][CASSINO_CATEGORY_CARDS]);
          after_count = MAX (after_count, cassino_game_get_score (game, s));
        }
      cassino_game_unref (game);
      if (after_count <= during_play)
        continue;

      /* one above the best score of play: reached only by the count */
      text = g_strdup_printf ("{\"preset\":\"spade\",\"target\":%u}", during_play + 1);
      rules_for (&r, text, 2);
      game = first_deal_trailing_last (&r, seed);
      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
      g_assert_true (cassino_game_get_current_deal (game)->finished);
      g_assert_cmpstr (cassino_game_get_ending (game), ==, "target");
      g_assert_cmpuint (cassino_game_get_score (game, cassino_game_get_winner (game)), >=, during_play + 1);
      cassino_game_unref (game);
      by_count++;

      /* the best score of play: reached during play */
      g_free (text);
      text = g_strdup_printf ("{\"preset\":\"spade\",\"target\":%u}", during_play);
      rules_for (&r, text, 2);
      game = first_deal_trailing_last (&r, seed);
      g_assert_cmpint (cassino_game_get_state (game), ==, CASSINO_GAME_OVER);
      g_assert_cmpstr (cassino_game_get_ending (game), ==, "count-as-you-go");
      g_assert_cmpuint (cassino_game_get_score (game, cassino_game_get_winner (game)), >=, during_play);
      cassino_game_unref (game);
    }
  g_assert_cmpuint (by_count, >, 5);
}

static void
test_game_another_deal (void)
{
  check_game_scoring ("house", 2, 30);
  check_game_scoring ("house", 3, 10);
}

static void
test_game_other_presets (void)
{
  check_game_scoring ("royal", 2, 10);
  check_game_scoring ("royal-ace14", 3, 10);
  check_game_scoring ("diamond", 2, 20);
  check_game_scoring ("draw", 2, 20);
  check_game_scoring ("german", 2, 20);
}

static void
test_rubber (void)
{
  CassinoRules r;
  CassinoRubber rubber;
  guint games = 0;
  guint64 seed = 1;

  rules_for (&r, "english", 4);
  cassino_rubber_init (&rubber, &r);
  g_assert_cmpuint (rubber.games_needed, ==, 2);
  while (!rubber.finished)
    {
      CassinoGame *game = test_random_game (&r, seed++);

      cassino_rubber_add_game (&rubber, game);
      games++;
      cassino_game_unref (game);
    }
  g_assert_cmpuint (games, >=, 2);
  g_assert_cmpuint (games, <=, 3);
  g_assert_cmpuint (rubber.games_won[rubber.winner], ==, 2);
  g_assert_cmpuint (rubber.points[rubber.winner], >=, 2);
}

static void
test_claim (void)
{
  CassinoRules r;
  CassinoPosition pos;
  CassinoMoveList list;
  CassinoMove trail = test_move ("7h");

  rules_for (&r, "house", 2);
  memset (&pos, 0, sizeof pos);
  pos.rules = &r;
  pos.dealer = 1;
  pos.to_move = 0;
  pos.last_capturer = -1;
  pos.last_player = -1;
  pos.claim_seat = -1;
  pos.hands[0] = test_cards ("7h 9c");
  pos.hands[1] = test_cards ("Kd 2h");
  pos.loose = test_cards ("3c 4d 5s 2c");
  /* seat 0 trails a 7 that could have taken 3c 4d or 5s 2c */
  g_assert_true (cassino_position_is_legal (&pos, &trail));
  cassino_position_apply (&pos, &trail, NULL);
  g_assert_cmpint (pos.claim_seat, ==, 1);
  cassino_move_list_init (&list);
  cassino_position_legal_moves (&pos, &list);
  g_assert_cmpint (list.moves[0].type, ==, CASSINO_MOVE_CLAIM);
  /* the largest set: 3c 4d 5s 2c together (7 = 3+4 = 5+2) */
  g_assert_cmpuint (list.moves[0].set, ==, test_cards ("7h 3c 4d 5s 2c"));
  cassino_position_apply (&pos, &list.moves[0], NULL);
  g_assert_cmpuint (pos.piles[1], ==, test_cards ("7h 3c 4d 5s 2c"));
  g_assert_cmpuint (pos.to_move, ==, 1);       /* the claimant still plays */
  g_assert_cmpint (pos.last_capturer, ==, -1); /* a claim is not a capture */
  g_assert_cmpuint (pos.sweeps[1], ==, 0);
  list.len = 0;
  cassino_position_legal_moves (&pos, &list);
  g_assert_cmpint (list.moves[0].type, !=, CASSINO_MOVE_CLAIM);
  cassino_move_list_clear (&list);

  /* no claim without cassino_call */
  rules_for (&r, "classic", 2);
  pos.claim_seat = -1;
  pos.to_move = 0;
  pos.hands[0] = test_cards ("7h 9c");
  pos.loose = test_cards ("3c 4d");
  cassino_position_apply (&pos, &trail, NULL);
  g_assert_cmpint (pos.claim_seat, ==, -1);
}

static void
test_game_undo_and_explain (void)
{
  CassinoRules r;
  CassinoGame *game;
  CassinoMoveList list;
  g_autoptr(GError) error = NULL;
  CassinoPosition before;
  CassinoMove bad = test_move ("Ks");
  g_autofree char *why = NULL;

  rules_for (&r, "classic", 2);
  game = cassino_game_new (&r, 77, 1);
  cassino_game_start (game);
  g_assert_false (cassino_game_can_undo (game));
  before = *cassino_game_get_position (game);
  cassino_move_list_init (&list);
  cassino_game_legal_moves (game, &list);
  g_assert_true (cassino_game_play (game, &list.moves[0], NULL));
  g_assert_true (cassino_game_can_undo (game));
  g_assert_true (cassino_game_undo (game, NULL));
  g_assert_cmpmem (cassino_game_get_position (game), sizeof before, &before, sizeof before);
  g_assert_cmpuint (cassino_game_get_current_deal (game)->plays->len, ==, 0);
  cassino_move_list_clear (&list);

  /* an illegal move gets an explanation */
  if (before.hands[0] & test_cards ("Ks"))
    bad = test_move ("Kc");
  g_assert_false (cassino_game_play (game, &bad, &error));
  g_assert_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_ILLEGAL_MOVE);
  why = cassino_game_explain_illegal (game, &bad);
  g_assert_nonnull (why);

  /* a build of a value no card has (a damaged record's): explained, and
   * no shift out of range on the way (UBSan) */
  {
    g_autofree char *far = NULL;
    CassinoMove build = { 0 };
    CassinoCard c;
    CassinoCard table_card = CASSINO_NO_CARD;

    CASSINO_CARDS_FOREACH (c, before.loose)
      if (table_card == CASSINO_NO_CARD)
        table_card = c;
    build.type = CASSINO_MOVE_BUILD;
    build.card = CASSINO_NO_CARD;
    CASSINO_CARDS_FOREACH (c, before.hands[before.to_move])
      if (build.card == CASSINO_NO_CARD && r.card_values[c] != 0)
        build.card = c;
    g_assert_cmpint (build.card, !=, CASSINO_NO_CARD);
    build.set = CASSINO_CARD_BIT (table_card);
    build.value = 154;
    g_assert_false (cassino_game_play (game, &build, NULL));
    far = cassino_game_explain_illegal (game, &build);
    g_assert_cmpstr (far, ==, "To build 154 you must keep a card of that value in your hand.");
  }
  cassino_game_unref (game);
}

/* A game's own rule in the words of a refused capture: Xeri has no sums
 * (it said "Those cards do not add up to the card you play"), Pasur's
 * captures make 11, and a court card with another card is a capture, not
 * a build ("Court cards cannot be built with"). */
static void
test_explain_game_words (void)
{
  static const struct {
    const char *preset;
    guint       players;
    const char *said;
  } cases[] = {
    { "xeri", 2, "You take the pile’s top card with a card of the same rank, or the whole pile with a jack." },
    { "pasur", 2, "The card you play and the cards you take must add up to 11." },
    { "classic", 2, "A court card takes only cards of its own rank." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean found = FALSE;

      for (guint64 seed = 1; seed < 200 && !found; seed++)
        {
          CassinoRules r;
          CassinoGame *game;
          const CassinoPosition *pos;
          CassinoCards hand, table;
          CassinoCard c, t;

          rules_for (&r, cases[i].preset, cases[i].players);
          game = cassino_game_new (&r, seed, 1);
          cassino_game_start (game);
          pos = cassino_game_get_position (game);
          hand = pos->hands[pos->to_move];
          table = pos->loose;
          CASSINO_CARDS_FOREACH (c, hand)
            CASSINO_CARDS_FOREACH (t, table)
              {
                CassinoMove m = { 0 };
                g_autofree char *why = NULL;
                gboolean court = r.card_values[c] == 0;

                if (found || CASSINO_CARD_RANK (c) == CASSINO_CARD_RANK (t) || CASSINO_CARD_RANK (c) == CASSINO_RANK_JACK)
                  continue;
                /* classic: a court card; the others: a numeral; Xeri: the top card */
                if (g_str_equal (cases[i].preset, "classic") != court)
                  continue;
                if (r.capture_mode == CASSINO_CAPTURE_MODE_PILE && t != pos->pile_top)
                  continue;
                if (r.sum_target == CASSINO_SUM_TARGET_11 && r.card_values[t] != 0 &&
                    CASSINO_CARD_RANK (c) + CASSINO_CARD_RANK (t) == 11)
                  continue;
                m.type = g_str_equal (cases[i].preset, "classic") ? CASSINO_MOVE_BUILD : CASSINO_MOVE_CAPTURE;
                m.card = c;
                m.set = CASSINO_CARD_BIT (t);
                m.value = CASSINO_CARD_RANK (c) + CASSINO_CARD_RANK (t);
                g_assert_false (cassino_game_play (game, &m, NULL));
                why = cassino_game_explain_illegal (game, &m);
                g_assert_cmpstr (why, ==, cases[i].said);
                found = TRUE;
              }
          cassino_game_unref (game);
        }
      g_assert_true (found);
    }
}

/* A refused move is refused for what is wrong with it: a king does not
 * take a 5 (it was told of taking "one card of its rank, or all three"),
 * an 8 does not take a queen (it was "those cards do not add up"), a ten
 * does not take another's 9-build (it was "you own the 10-build: keep a
 * card to take it"), which stays the reason only for a move that is
 * otherwise sound. */
static void
test_explain_reasons (void)
{
  static const struct {
    const char *table;
    const char *before[3];
    const char *move;
    const char *said;
  } cases[] = {
    { "4d 5c Qh 3s", { NULL }, "Kd x 5c", "A court card takes only cards of its own rank." },
    { "4d 5c Qh 3s", { NULL }, "8s x Qh", "A court card is taken only by a court card of its rank." },
    { "4d 5c Qh 3s", { NULL }, "8s x 5c", "A card takes a card of its own value, or cards that add up to it." },
    { "4d 5c Qh 3s", { NULL }, "8s x 5c 4d", "Those cards do not add up to the card you play." },
    { "4d Ac Qh 3s", { "6h b10 4d", "5s b9 3s Ac", NULL }, "Tc x 5s 3s Ac",
      "Those cards do not add up to the card you play." },
    { "4d 7c Qh 3s", { "6h b10 4d", "Qs", NULL }, "Tc x 7c 3s",
      "You own the 10-build: you must keep a card to take it (10)." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CassinoGame *game = arranged_game ("classic", "Tc 6h 8s Kd", "5s 9h Qs 2d", cases[i].table);
      CassinoMove m = test_move (cases[i].move);
      g_autofree char *why = NULL;

      for (guint k = 0; cases[i].before[k]; k++)
        {
          CassinoMove b = test_move (cases[i].before[k]);
          g_autoptr(GError) error = NULL;

          if (!cassino_game_play (game, &b, &error))
            g_error ("%s: %s", cases[i].before[k], error->message);
        }
      g_assert_false (cassino_game_play (game, &m, NULL));
      why = cassino_game_explain_illegal (game, &m);
      g_assert_cmpstr (why, ==, cases[i].said);
      cassino_game_unref (game);
    }
}

static void
test_explain_own_build (void)
{
  CassinoRules r;
  CassinoGame *game;
  guint8 deck[52];
  CassinoCards first_hand;
  CassinoMove m;
  g_autofree char *why = NULL;
  const CassinoPosition *pos;
  CassinoMoveList list;
  gboolean built = FALSE;

  rules_for (&r, "classic", 2);
  /* find a seed where the eldest hand can build, then check the trail rule */
  for (guint64 seed = 1; seed < 500 && !built; seed++)
    {
      game = cassino_game_new (&r, seed, 1);
      cassino_game_start (game);
      cassino_move_list_init (&list);
      cassino_game_legal_moves (game, &list);
      for (guint i = 0; i < list.len && !built; i++)
        if (list.moves[i].type == CASSINO_MOVE_BUILD)
          {
            CassinoMove build = list.moves[i];

            g_assert_true (cassino_game_play (game, &build, NULL));
            /* the opponent trails if it can */
            list.len = 0;
            cassino_game_legal_moves (game, &list);
            if (list.moves[0].type != CASSINO_MOVE_TRAIL)
              break;
            g_assert_true (cassino_game_play (game, &list.moves[0], NULL));
            pos = cassino_game_get_position (game);
            if (cassino_position_owns_build (pos, 0))
              {
                CassinoCard c = cassino_cards_first (pos->hands[0]);

                memset (&m, 0, sizeof m);
                m.type = CASSINO_MOVE_TRAIL;
                m.card = c;
                why = cassino_game_explain_illegal (game, &m);
                g_assert_nonnull (why);
                g_assert_nonnull (strstr (why, "build"));
                built = TRUE;
              }
          }
      cassino_move_list_clear (&list);
      cassino_game_unref (game);
    }
  g_assert_true (built);
  (void) deck;
  (void) first_hand;
}

/* The running tally: what the piles would score now (or what is secured,
 * counting as you go). */
static void
test_deal_tally (void)
{
  CassinoRules r;
  CassinoGame *game;
  CassinoMoveList list;
  CassinoDealScore tally, expected;
  guint captured = 0;

  rules_for (&r, "classic", 2);
  game = cassino_game_new (&r, 21, 1);
  cassino_game_start (game);
  cassino_move_list_init (&list);
  for (guint i = 0; i < 20; i++)
    {
      const CassinoPosition *pos;

      list.len = 0;
      cassino_game_legal_moves (game, &list);
      g_assert_true (cassino_game_play (game, &list.moves[list.len - 1], NULL));
      pos = cassino_game_get_position (game);
      cassino_game_get_deal_tally (game, &tally);
      cassino_deal_score_compute (&expected, &r, pos->piles, pos->sweeps, NULL, 0);
      g_assert_cmpmem (tally.total, sizeof tally.total, expected.total, sizeof expected.total);
      captured += cassino_cards_count (pos->piles[0] | pos->piles[1]) > 0;
    }
  g_assert_cmpuint (captured, >, 0);
  cassino_game_unref (game);

  /* counting as you go: only what is secured; never more than the piles hold */
  rules_for (&r, "twenty-one", 2);
  game = cassino_game_new (&r, 21, 1);
  cassino_game_start (game);
  for (guint i = 0; i < 12; i++)
    {
      const CassinoPosition *pos;

      list.len = 0;
      cassino_game_legal_moves (game, &list);
      g_assert_true (cassino_game_play (game, &list.moves[list.len - 1], NULL));
      pos = cassino_game_get_position (game);
      cassino_game_get_deal_tally (game, &tally);
      g_assert_cmpuint (tally.points[0][CASSINO_CATEGORY_CARDS] + tally.points[1][CASSINO_CATEGORY_CARDS], ==,
                        MAX (cassino_cards_count (pos->piles[0]), cassino_cards_count (pos->piles[1])) > 26 ? 3 : 0);
      for (guint s = 0; s < 2; s++)
        g_assert_cmpuint (tally.total[s], ==, cassino_game_get_score (game, s));
    }
  cassino_move_list_clear (&list);
  cassino_game_unref (game);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/game/deal-order", test_deal_order);
  g_test_add_func ("/cassino/game/next-hands-and-draw", test_next_hands_and_draw);
  g_test_add_func ("/cassino/game/dealer-rotation", test_dealer_rotation);
  g_test_add_func ("/cassino/game/last-cards", test_last_cards);
  g_test_add_func ("/cassino/game/score-classic", test_score_classic);
  g_test_add_func ("/cassino/game/score-spade-diamond", test_score_spade_diamond);
  g_test_add_func ("/cassino/game/cumulative", test_game_cumulative);
  g_test_add_func ("/cassino/game/difference", test_game_difference);
  g_test_add_func ("/cassino/game/single-deal", test_game_single_deal);
  g_test_add_func ("/cassino/game/count-as-you-go", test_game_count_as_you_go);
  g_test_add_func ("/cassino/game/count-as-you-go-jack-whole", test_count_as_you_go_jack_whole);
  g_test_add_func ("/cassino/game/count-as-you-go-drops-rest", test_count_as_you_go_drops_rest);
  g_test_add_func ("/cassino/game/count-as-you-go-diamond-order", test_count_as_you_go_diamond_order);
  g_test_add_func ("/cassino/game/count-as-you-go-end-of-deal", test_count_as_you_go_end_of_deal);
  g_test_add_func ("/cassino/game/another-deal", test_game_another_deal);
  g_test_add_func ("/cassino/game/other-presets", test_game_other_presets);
  g_test_add_func ("/cassino/game/rubber", test_rubber);
  g_test_add_func ("/cassino/game/claim", test_claim);
  g_test_add_func ("/cassino/game/undo-and-explain", test_game_undo_and_explain);
  g_test_add_func ("/cassino/game/explain-own-build", test_explain_own_build);
  g_test_add_func ("/cassino/game/explain-reasons", test_explain_reasons);
  g_test_add_func ("/cassino/game/explain-game-words", test_explain_game_words);
  g_test_add_func ("/cassino/game/deal-tally", test_deal_tally);

  return g_test_run ();
}
