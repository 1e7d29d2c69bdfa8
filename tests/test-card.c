/* test-card.c: cards, card sets, the PRNG
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"

#define GOLDEN_DECK_12345 "3c 7d Kd Kc 3d Ks Qc Js"

static void
test_card_index (void)
{
  /* canonical order: A low to K, then c d h s */
  g_assert_cmpuint (CASSINO_CARD (1, CASSINO_SUIT_CLUBS), ==, 0);
  g_assert_cmpuint (CASSINO_CARD (1, CASSINO_SUIT_SPADES), ==, 3);
  g_assert_cmpuint (CASSINO_CARD (2, CASSINO_SUIT_CLUBS), ==, 4);
  g_assert_cmpuint (CASSINO_CARD (13, CASSINO_SUIT_SPADES), ==, 51);
  g_assert_cmpuint (CASSINO_CARD_RANK (CASSINO_BIG_CASSINO), ==, 10);
  g_assert_cmpint (CASSINO_CARD_SUIT (CASSINO_BIG_CASSINO), ==, CASSINO_SUIT_DIAMONDS);
  g_assert_cmpuint (cassino_cards_count (cassino_cards_of_suit (CASSINO_SUIT_HEARTS)), ==, 13);
  g_assert_cmpuint (cassino_cards_count (cassino_cards_of_rank (7)), ==, 4);
  g_assert_cmpuint (cassino_cards_count (CASSINO_ALL_CARDS), ==, 52);
}

static void
test_card_parse (void)
{
  CassinoCard c;
  const char *end;
  CassinoCards set;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (cassino_card_parse ("Td", &c, &end));
  g_assert_cmpuint (c, ==, CASSINO_BIG_CASSINO);
  g_assert_true (cassino_card_parse ("10D", &c, &end));
  g_assert_cmpuint (c, ==, CASSINO_BIG_CASSINO);
  g_assert_true (cassino_card_parse ("2S", &c, &end));
  g_assert_cmpuint (c, ==, CASSINO_LITTLE_CASSINO);
  g_assert_true (cassino_card_parse ("ah", &c, &end));
  g_assert_cmpstr (cassino_card_to_string (c), ==, "Ah");
  g_assert_false (cassino_card_parse ("1c", &c, &end));
  g_assert_false (cassino_card_parse ("Zc", &c, &end));
  g_assert_false (cassino_card_parse ("7x", &c, &end));
  g_assert_false (cassino_card_parse ("", &c, &end));

  for (guint i = 0; i < 52; i++)
    {
      g_assert_true (cassino_card_parse (cassino_card_to_string (i), &c, &end));
      g_assert_cmpuint (c, ==, i);
    }

  g_assert_true (cassino_cards_parse ("9s 3h, 6c Td", &set, NULL));
  text = cassino_cards_to_string (set, " ");
  g_assert_cmpstr (text, ==, "3h 6c 9s Td");
  g_assert_false (cassino_cards_parse ("9s 9s", &set, &error));
  g_assert_error (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_NOTATION);
}

static void
test_card_compare (void)
{
  /* by length, then card by card */
  g_assert_cmpint (cassino_cards_compare (test_cards ("Kc"), test_cards ("Ac 2c")), <, 0);
  g_assert_cmpint (cassino_cards_compare (test_cards ("Ac 3c"), test_cards ("Ac 2d")), >, 0);
  g_assert_cmpint (cassino_cards_compare (test_cards ("3h 6c"), test_cards ("3h 6c")), ==, 0);
  g_assert_cmpint (cassino_cards_compare_lex (test_cards ("Ac"), test_cards ("Ac 2c")), <, 0);
  g_assert_cmpint (cassino_cards_compare_lex (test_cards ("Ac 2c"), test_cards ("Ac")), >, 0);
  g_assert_cmpint (cassino_cards_compare_lex (test_cards ("2c"), test_cards ("Ac 9c")), >, 0);
}

static void
test_rng_portable (void)
{
  CassinoRng rng;
  guint8 deck[52];
  guint64 first;

  /* fixed outputs: the same on every platform, forever (records rely on it) */
  cassino_rng_init (&rng, 1);
  first = cassino_rng_next (&rng);
  cassino_rng_init (&rng, 1);
  g_assert_cmpuint (cassino_rng_next (&rng), ==, first);
  g_assert_cmpuint (cassino_mix64 (0), ==, G_GUINT64_CONSTANT (0xE220A8397B1DCDAF));
  /* and undone (a damaged database's salvage finds a game's seed from its first deal's) */
  g_assert_cmpuint (cassino_unmix64 (G_GUINT64_CONSTANT (0xE220A8397B1DCDAF)), ==, 0);
  for (guint64 x = 1, i = 0; i < 1000; i++, x = x * G_GUINT64_CONSTANT (6364136223846793005) + 1442695040888963407)
    g_assert_cmpuint (cassino_unmix64 (cassino_mix64 (x)), ==, x);

  for (guint i = 0; i < 52; i++)
    deck[i] = i;
  cassino_rng_init (&rng, 42);
  cassino_rng_shuffle (&rng, deck, 52);
  {
    guint64 seen = 0;

    for (guint i = 0; i < 52; i++)
      seen |= G_GUINT64_CONSTANT (1) << deck[i];
    g_assert_cmpuint (seen, ==, CASSINO_ALL_CARDS);
  }
  /* bounded values stay in range and cover it */
  {
    guint counts[6] = { 0 };

    for (guint i = 0; i < 6000; i++)
      counts[cassino_rng_below (&rng, 6)]++;
    for (guint i = 0; i < 6; i++)
      g_assert_cmpuint (counts[i], >, 800);
  }
}

static void
test_rng_golden (void)
{
  CassinoRules rules;
  guint8 deck[52];
  GString *s = g_string_new (NULL);

  /* The deck of seed 12345 under classic: this string must never change,
   * or every stored record's seeds would name other deals. */
  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL));
  cassino_deal_deck_for_seed (&rules, 12345, deck);
  for (guint i = 0; i < 8; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", cassino_card_to_string (deck[i]));
  g_test_message ("deck of 12345 starts %s", s->str);
  g_assert_cmpstr (s->str, ==, GOLDEN_DECK_12345);
  g_string_free (s, TRUE);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/card/index", test_card_index);
  g_test_add_func ("/cassino/card/parse", test_card_parse);
  g_test_add_func ("/cassino/card/compare", test_card_compare);
  g_test_add_func ("/cassino/card/rng-portable", test_rng_portable);
  g_test_add_func ("/cassino/card/rng-golden", test_rng_golden);

  return g_test_run ();
}
