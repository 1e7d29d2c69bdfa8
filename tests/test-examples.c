/* test-examples.c: every worked example of rules.md §8
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"

/* 1. Table 6c 9d 3h 9h Jc, playing 9s (classic): one legal capture takes
 *    6c 3h 9d 9h; Jc cannot be taken by a nine. */
static void
test_example_1 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;
  CassinoCards jack = test_cards ("Jc");
  guint all = 0;

  test_legal_from_json ("{\"rules\":\"classic\",\"hand\":[\"9s\"],"
                        "\"table\":[\"6c\",\"9d\",\"3h\",\"9h\",\"Jc\"]}", &pos, &list);
  g_assert_true (test_has_move (&list, "9s x 3h 6c 9d 9h"));
  for (guint i = 0; i < list.len; i++)
    {
      if (list.moves[i].type != CASSINO_MOVE_CAPTURE)
        continue;
      g_assert_false (list.moves[i].set & jack);
      if (list.moves[i].set == test_cards ("6c 9d 3h 9h"))
        all++;
    }
  g_assert_cmpuint (all, ==, 1);
  /* the groups: pair 9d, pair 9h, sum 6c+3h, and every combination */
  g_assert_cmpuint (test_count_type (&list, CASSINO_MOVE_CAPTURE), ==, 7);
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

/* 2. Tc takes 7d 2h Ah by summing. */
static void
test_example_2 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;

  test_legal_from_json ("{\"rules\":\"classic\",\"hand\":[\"Tc\"],\"table\":[\"7d\",\"2h\",\"Ah\"]}",
                        &pos, &list);
  g_assert_true (test_has_move (&list, "Tc x Ah 2h 7d"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

static void
play_checked (CassinoPosition *pos,
              const char      *notation)
{
  CassinoMove m = test_move (notation);
  CassinoMoveList list;

  cassino_move_list_init (&list);
  cassino_position_legal_moves (pos, &list);
  if (!cassino_position_is_legal (pos, &m))
    {
      g_autofree char *l = test_list_to_string (&list);

      g_error ("%s is not legal; legal: %s", notation, l);
    }
  cassino_move_list_clear (&list);
  cassino_position_apply (pos, &m, NULL);
}

/* 3. Building up (19th-century laws). */
static void
building_up (CassinoPreset preset)
{
  CassinoRules rules;
  CassinoPosition pos;
  guint8 deck[52];
  guint n = 0;
  CassinoCard c;
  CassinoCards used = test_cards ("6c 2d 9h Kc 7s Ts Ah Ad Kd Qd Jh Qc");

  g_assert_true (cassino_rules_init_preset (&rules, preset, 2, NULL));
  /* a deck whose deal gives: non-dealer (seat 0) 6c 2d 9h Kc, dealer 7s Ts Ah Ad,
   * table Kd Qd Jh Qc (one card each, in rounds: seat 0, seat 1, table) */
  {
    const char *order[] = { "6c", "7s", "Kd", "2d", "Ts", "Qd", "9h", "Ah", "Jh", "Kc", "Ad", "Qc" };

    for (guint i = 0; i < G_N_ELEMENTS (order); i++)
      deck[n++] = cassino_cards_first (test_cards (order[i]));
    CASSINO_CARDS_FOREACH (c, CASSINO_ALL_CARDS & ~used)
      deck[n++] = c;
  }
  cassino_position_deal (&pos, &rules, deck, n, 1);
  g_assert_cmpuint (pos.hands[0], ==, test_cards ("6c 2d 9h Kc"));
  g_assert_cmpuint (pos.hands[1], ==, test_cards ("7s Ts Ah Ad"));
  g_assert_cmpuint (pos.loose, ==, test_cards ("Kd Qd Jh Qc"));

  play_checked (&pos, "6c");              /* non-dealer plays a six */
  play_checked (&pos, "Ah b7 6c");        /* dealer: "Seven" */
  g_assert_cmpuint (pos.n_builds, ==, 1);
  g_assert_cmpint (pos.builds[0].owner, ==, 1);
  play_checked (&pos, "2d b9 6c Ah");     /* non-dealer: "Nine" */
  g_assert_cmpint (pos.builds[0].owner, ==, 0);
  g_assert_cmpuint (pos.builds[0].value, ==, 9);
  play_checked (&pos, "Ad b10 6c 2d Ah"); /* dealer: "Ten" (legal even without raising one's own) */
  g_assert_cmpuint (pos.builds[0].value, ==, 10);
  play_checked (&pos, "Kc x Kd");
  play_checked (&pos, "Ts x 6c 2d Ad Ah");
  g_assert_cmpuint (pos.n_builds, ==, 0);
  g_assert_cmpuint (pos.piles[1], ==, test_cards ("6c 2d Ad Ah Ts"));
}

static void
test_example_3 (void)
{
  building_up (CASSINO_PRESET_CLASSIC);
  building_up (CASSINO_PRESET_AMERICAN);   /* increase_own_build: false */
}

/* Under increase_own_build false, raising one's own build directly is not. */
static void
test_example_3_own (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;

  test_legal_from_json ("{\"rules\":\"american\",\"hand\":[\"Ah\",\"8c\",\"7d\"],"
                        "\"table\":[{\"build\":[\"6c\",\"Ad\"],\"value\":7,\"owner\":0,\"multiple\":false}]}",
                        &pos, &list);
  g_assert_false (test_has_move (&list, "Ah b8 6c Ad"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);

  test_legal_from_json ("{\"rules\":\"classic\",\"hand\":[\"Ah\",\"8c\",\"7d\"],"
                        "\"table\":[{\"build\":[\"6c\",\"Ad\"],\"value\":7,\"owner\":0,\"multiple\":false}]}",
                        &pos, &list);
  g_assert_true (test_has_move (&list, "Ah b8 6c Ad"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

/* 4. Calling: holding two fives with a five on the table, play one onto it:
 *    a multiple build of 5 that only a five can take and that can never be
 *    raised. */
static void
test_example_4 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;
  CassinoPosition p;
  CassinoMove call = test_move ("5h m5 5c");

  test_legal_from_json ("{\"rules\":\"american\",\"hand\":[\"5h\",\"5d\"],\"table\":[\"5c\",\"Kd\"]}",
                        &pos, &list);
  g_assert_true (test_has_move (&list, "5h m5 5c"));
  g_assert_false (test_has_move (&list, "5h b5 5c"));
  cassino_move_list_clear (&list);

  p = pos.view.pos;
  p.hands[1] = test_cards ("3c 8d 2h 9s");
  cassino_position_apply (&p, &call, NULL);
  g_assert_cmpuint (p.n_builds, ==, 1);
  g_assert_true (p.builds[0].multiple);
  g_assert_cmpuint (p.builds[0].value, ==, 5);

  /* the opponent holding 3, 8, 2 and 9: nothing takes or raises the fives */
  cassino_move_list_init (&list);
  cassino_position_legal_moves (&p, &list);
  for (guint i = 0; i < list.len; i++)
    g_assert_false (list.moves[i].set & p.builds[0].cards);
  cassino_move_list_clear (&list);

  /* with a five it can take it */
  p.hands[1] = test_cards ("5s 8d");
  cassino_move_list_init (&list);
  cassino_position_legal_moves (&p, &list);
  g_assert_true (test_has_move (&list, "5s x 5c 5h"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

/* 5. Build safety */
static void
test_example_5 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;
  CassinoCards eight = test_cards ("8c");

  test_legal_from_json ("{\"rules\":\"classic\",\"hand\":[\"8c\",\"3d\"],"
                        "\"table\":[\"3h\",\"5s\",{\"build\":[\"3c\",\"5h\"],\"value\":8,\"owner\":0}]}",
                        &pos, &list);
  g_assert_cmpuint (test_count_type (&list, CASSINO_MOVE_TRAIL), ==, 0);
  for (guint i = 0; i < list.len; i++)
    if (list.moves[i].card == cassino_cards_first (eight))
      {
        g_assert_cmpint (list.moves[i].type, ==, CASSINO_MOVE_CAPTURE);
        g_assert_true ((list.moves[i].set & test_cards ("3c 5h")) == test_cards ("3c 5h"));
      }
  /* 8c takes the build, alone or with 3h+5s */
  g_assert_true (test_has_move (&list, "8c x 3c 5h"));
  g_assert_true (test_has_move (&list, "8c x 3c 3h 5h 5s"));
  g_assert_false (test_has_move (&list, "8c x 3h 5s"));
  /* 3d may still capture 3h: the eight stays in hand */
  g_assert_true (test_has_move (&list, "3d x 3h"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

/* 6. Courts (classic) */
static void
test_example_6 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;

  test_legal_from_json ("{\"rules\":\"classic\",\"hand\":[\"Ks\"],\"table\":[\"Kd\",\"Kh\"]}", &pos, &list);
  g_assert_cmpuint (test_count_type (&list, CASSINO_MOVE_CAPTURE), ==, 2);
  g_assert_true (test_has_move (&list, "Ks x Kd"));
  g_assert_true (test_has_move (&list, "Ks x Kh"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);

  test_legal_from_json ("{\"rules\":\"classic\",\"hand\":[\"Ks\"],\"table\":[\"Kd\",\"Kh\",\"Kc\"]}", &pos, &list);
  g_assert_cmpuint (test_count_type (&list, CASSINO_MOVE_CAPTURE), ==, 1);
  g_assert_true (test_has_move (&list, "Ks x Kc Kd Kh"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

/* 7. Royal: Q takes 7 5 or A J; a build of 13 needs a king in hand. */
static void
test_example_7 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;

  test_legal_from_json ("{\"rules\":\"royal\",\"hand\":[\"Qs\"],\"table\":[\"7c\",\"5d\",\"Ah\",\"Jc\"]}",
                        &pos, &list);
  g_assert_true (test_has_move (&list, "Qs x 5d 7c"));
  g_assert_true (test_has_move (&list, "Qs x Ah Jc"));
  g_assert_true (test_has_move (&list, "Qs x Ah 5d 7c Jc"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);

  test_legal_from_json ("{\"rules\":\"royal\",\"hand\":[\"Kc\",\"6d\"],\"table\":[\"7h\"]}", &pos, &list);
  g_assert_true (test_has_move (&list, "6d b13 7h"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);

  test_legal_from_json ("{\"rules\":\"royal\",\"hand\":[\"Qc\",\"6d\"],\"table\":[\"7h\"]}", &pos, &list);
  g_assert_false (test_has_move (&list, "6d b13 7h"));
  g_assert_cmpuint (test_count_type (&list, CASSINO_MOVE_BUILD), ==, 0);
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

/* 8. A full classic deal without sweeps scores 11 (minus tied categories),
 *    with s sweeps 11 + s; a spade deal 24. */
static void
check_deal_totals (CassinoPreset preset,
                   guint         players,
                   guint         base)
{
  CassinoRules rules;
  guint checked = 0;

  g_assert_true (cassino_rules_init_preset (&rules, preset, players, NULL));
  rules.target = 0;
  rules.count_as_you_go = FALSE;
  g_assert_true (cassino_rules_finish (&rules, NULL));

  for (guint64 seed = 1; seed <= 60; seed++)
    {
      CassinoGame *game = test_random_game (&rules, seed);
      const CassinoDeal *deal = cassino_game_get_deal (game, 0);
      guint total = 0, sweeps = 0, expected = base;
      guint max_cards = 0, n_max_cards = 0, max_spades = 0, n_max_spades = 0;

      g_assert_true (deal->finished);
      for (guint s = 0; s < rules.n_sides; s++)
        {
          total += deal->score.total[s];
          sweeps += deal->score.points[s][CASSINO_CATEGORY_SWEEPS];
          if (deal->score.n_cards[s] > max_cards)
            max_cards = deal->score.n_cards[s], n_max_cards = 1;
          else if (deal->score.n_cards[s] == max_cards)
            n_max_cards++;
          if (deal->score.n_spades[s] > max_spades)
            max_spades = deal->score.n_spades[s], n_max_spades = 1;
          else if (deal->score.n_spades[s] == max_spades)
            n_max_spades++;
        }
      if (n_max_cards > 1)
        expected -= 3;
      if (preset != CASSINO_PRESET_SPADE && n_max_spades > 1)
        expected -= 1;
      g_assert_cmpuint (total, ==, expected + sweeps);
      checked++;
      cassino_game_unref (game);
    }
  g_assert_cmpuint (checked, ==, 60);
}

static void
test_example_8 (void)
{
  check_deal_totals (CASSINO_PRESET_CLASSIC, 2, 11);
  check_deal_totals (CASSINO_PRESET_CLASSIC, 3, 11);
  check_deal_totals (CASSINO_PRESET_CLASSIC, 4, 11);
  check_deal_totals (CASSINO_PRESET_SPADE, 2, 24);
  check_deal_totals (CASSINO_PRESET_SPADE, 4, 24);
}

/* 9. German (§4.4): one card cannot answer for two values. */
static void
test_example_9 (void)
{
  CassinoJsonPosition pos;
  CassinoMoveList list;
  g_autofree char *text = NULL;

  test_legal_from_json ("{\"rules\":\"german\",\"hand\":[\"Td\",\"4c\"],"
                        "\"table\":[\"6h\",{\"build\":[\"9c\",\"7d\"],\"value\":16,\"owner\":0}]}",
                        &pos, &list);
  text = test_list_to_string (&list);
  g_assert_false (test_has_move (&list, "4c b10 6h"));
  g_assert_cmpuint (test_count_type (&list, CASSINO_MOVE_TRAIL), ==, 0);
  g_assert_cmpuint (list.len, ==, 1);
  g_assert_true (test_has_move (&list, "Td x 7d 9c"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);

  test_legal_from_json ("{\"rules\":\"german\",\"hand\":[\"Td\",\"Tc\",\"4c\"],"
                        "\"table\":[\"6h\",{\"build\":[\"9c\",\"7d\"],\"value\":16,\"owner\":0}]}",
                        &pos, &list);
  g_assert_true (test_has_move (&list, "4c b10 6h"));
  cassino_move_list_clear (&list);
  cassino_json_position_clear (&pos);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/examples/1-pairs-and-sums", test_example_1);
  g_test_add_func ("/cassino/examples/2-summing", test_example_2);
  g_test_add_func ("/cassino/examples/3-building-up", test_example_3);
  g_test_add_func ("/cassino/examples/3-increase-own-build", test_example_3_own);
  g_test_add_func ("/cassino/examples/4-calling", test_example_4);
  g_test_add_func ("/cassino/examples/5-build-safety", test_example_5);
  g_test_add_func ("/cassino/examples/6-courts", test_example_6);
  g_test_add_func ("/cassino/examples/7-royal", test_example_7);
  g_test_add_func ("/cassino/examples/8-deal-totals", test_example_8);
  g_test_add_func ("/cassino/examples/9-german-ownership", test_example_9);

  return g_test_run ();
}
