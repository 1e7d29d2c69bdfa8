/* test-rules.c: presets and options
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"

static void
test_rules_classic (void)
{
  CassinoRules r;

  g_assert_true (cassino_rules_parse (&r, "classic", 2, NULL));
  g_assert_cmpuint (r.deck, ==, 52);
  g_assert_cmpuint (r.hand_size, ==, 4);
  g_assert_cmpuint (r.table_initial, ==, 4);
  g_assert_cmpuint (r.deal_packet, ==, 1);
  g_assert_false (r.draw_after_play);
  g_assert_cmpint (r.court_values, ==, CASSINO_COURTS_PAIR_ONLY);
  g_assert_cmpint (r.court_capture, ==, CASSINO_COURT_CAPTURE_ONE);
  g_assert_true (r.building && r.multiple_builds && r.increase_own_build);
  g_assert_false (r.trail_with_own_build || r.builds_in_sums);
  g_assert_true (r.sweeps);
  g_assert_false (r.sweep_on_last_play);
  g_assert_cmpint (r.last_cards, ==, CASSINO_LAST_CARDS_LAST_CAPTURER);
  g_assert_cmpint (r.scoring, ==, CASSINO_SCORING_CLASSIC);
  g_assert_cmpuint (r.target, ==, 21);
  g_assert_cmpint (r.game_scoring, ==, CASSINO_GAME_SCORING_CUMULATIVE);
  g_assert_cmpint (r.at_target, ==, CASSINO_AT_TARGET_COUNT_ORDER);
  g_assert_false (r.count_as_you_go);
  g_assert_cmpuint (r.lurch_below, ==, 0);
  g_assert_cmpuint (r.rubber_games, ==, 1);
  g_assert_false (r.cassino_call);
  g_assert_cmpuint (r.max_build, ==, 10);
  g_assert_cmpuint (r.n_sides, ==, 2);
  /* courts have no number */
  g_assert_cmpuint (r.card_values[cassino_cards_first (test_cards ("Kc"))], ==, 0);
  g_assert_cmpuint (r.card_values[CASSINO_BIG_CASSINO], ==, 1u << 10);
}

static void
test_rules_presets (void)
{
  CassinoRules r;

  g_assert_true (cassino_rules_parse (&r, "english", 2, NULL));
  g_assert_false (r.building);
  g_assert_cmpuint (r.target, ==, 11);
  g_assert_cmpint (r.game_scoring, ==, CASSINO_GAME_SCORING_DIFFERENCE);
  g_assert_cmpuint (r.lurch_below, ==, 6);
  g_assert_cmpint (r.last_cards, ==, CASSINO_LAST_CARDS_COURT_LAST);
  g_assert_cmpuint (r.rubber_games, ==, 1);
  g_assert_true (cassino_rules_parse (&r, "english", 4, NULL));
  g_assert_cmpuint (r.rubber_games, ==, 3);
  g_assert_cmpuint (r.n_sides, ==, 2);

  g_assert_true (cassino_rules_parse (&r, "american", 6, NULL));
  g_assert_cmpuint (r.target, ==, 0);
  g_assert_false (r.increase_own_build);
  g_assert_true (r.builds_in_sums && r.trail_with_own_build);
  g_assert_cmpuint (r.n_sides, ==, 3);
  g_assert_cmpuint (cassino_rules_side_of (&r, 4), ==, 1);

  g_assert_true (cassino_rules_parse (&r, "twenty-one", 3, NULL));
  g_assert_cmpuint (r.target, ==, 21);
  g_assert_true (r.count_as_you_go && r.builds_in_sums);

  g_assert_true (cassino_rules_parse (&r, "royal", 2, NULL));
  g_assert_cmpint (r.court_values, ==, CASSINO_COURTS_NUMERIC);
  g_assert_cmpuint (r.max_build, ==, 13);
  g_assert_cmpuint (r.ace_values, ==, 1u << 1);
  g_assert_true (cassino_rules_parse (&r, "royal-ace14", 2, NULL));
  g_assert_cmpuint (r.ace_values, ==, (1u << 1) | (1u << 14));
  g_assert_cmpuint (r.max_build, ==, 14);

  g_assert_true (cassino_rules_parse (&r, "spade", 2, NULL));
  g_assert_cmpint (r.scoring, ==, CASSINO_SCORING_SPADE);
  g_assert_cmpuint (r.target, ==, 61);
  g_assert_true (r.count_as_you_go);

  g_assert_true (cassino_rules_parse (&r, "diamond", 3, NULL));
  g_assert_cmpuint (r.deck, ==, 40);
  g_assert_cmpuint (r.hand_size, ==, 3);
  g_assert_cmpuint (cassino_cards_count (r.deck_cards), ==, 40);
  g_assert_cmpuint (r.target, ==, 11);

  g_assert_true (cassino_rules_parse (&r, "draw", 2, NULL));
  g_assert_true (r.draw_after_play);

  g_assert_true (cassino_rules_parse (&r, "german", 2, NULL));
  g_assert_cmpuint (r.max_build, ==, 16);
  g_assert_cmpuint (r.card_values[CASSINO_LITTLE_CASSINO], ==, (1u << 2) | (1u << 15));
  g_assert_cmpuint (r.target, ==, 11);

  g_assert_true (cassino_rules_parse (&r, "house", 4, NULL));
  g_assert_cmpuint (r.target, ==, 25);
  g_assert_cmpint (r.at_target, ==, CASSINO_AT_TARGET_ANOTHER_DEAL);
  g_assert_cmpint (r.court_capture, ==, CASSINO_COURT_CAPTURE_ALL);
  g_assert_true (r.cassino_call);
  g_assert_cmpuint (r.deal_packet, ==, 2);

  for (guint p = 0; p < CASSINO_N_PRESETS; p++)
    {
      g_assert_nonnull (cassino_preset_get_title (p));
      g_assert_nonnull (cassino_preset_get_summary (p));
      for (guint n = 2; n <= 6; n++)
        {
          g_autoptr(GError) error = NULL;
          gboolean ok = cassino_rules_init_preset (&r, p, n, &error);

          g_assert_true (ok == ((cassino_preset_get_player_counts (p) & (1u << n)) != 0));
        }
    }
}

static void
test_rules_json (void)
{
  CassinoRules r, r2;
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (cassino_rules_parse (&r, "{\"preset\":\"classic\",\"court_capture\":\"all\","
                                      "\"ace_values\":[1,14],\"target\":30,\"sweeps\":false}", 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (r.court_capture, ==, CASSINO_COURT_CAPTURE_ALL);
  g_assert_cmpuint (r.ace_values, ==, (1u << 1) | (1u << 14));
  g_assert_cmpuint (r.target, ==, 30);
  g_assert_false (r.sweeps);

  json = cassino_rules_to_json (&r);
  g_assert_true (cassino_rules_parse (&r2, json, 3, NULL));
  g_assert_true (cassino_rules_equal (&r, &r2));

  g_clear_pointer (&json, g_free);
  g_assert_true (cassino_rules_parse (&r, "\"royal\"", 2, NULL));
  json = cassino_rules_to_json (&r);
  g_assert_cmpstr (json, ==, "\"royal\"");

  for (const char *const *name = cassino_rules_option_names (); *name; name++)
    {
      g_autofree char *v = cassino_rules_get_option (&r, *name);

      g_assert_nonnull (v);
      g_assert_true (cassino_rules_set_option (&r2, *name, v, NULL));
    }
}

static void
expect_error (const char *text,
              guint       players,
              int         code,
              const char *mention)
{
  CassinoRules r;
  g_autoptr(GError) error = NULL;

  g_assert_false (cassino_rules_parse (&r, text, players, &error));
  g_assert_nonnull (error);
  if (code >= 0)
    g_assert_true (error->domain == CASSINO_RULES_ERROR && error->code == code);
  g_assert_nonnull (strstr (error->message, mention));
}

static void
test_rules_errors (void)
{
  expect_error ("clasic", 2, CASSINO_RULES_ERROR_UNKNOWN_PRESET, "clasic");
  expect_error ("{\"preset\":\"nope\"}", 2, CASSINO_RULES_ERROR_UNKNOWN_PRESET, "nope");
  expect_error ("{\"preset\":\"classic\",\"colour\":1}", 2, CASSINO_RULES_ERROR_UNKNOWN_OPTION, "colour");
  expect_error ("{\"preset\":\"classic\",\"court_capture\":\"some\"}", 2, CASSINO_RULES_ERROR_BAD_VALUE, "court_capture");
  expect_error ("{\"preset\":\"classic\",\"target\":\"x\"}", 2, CASSINO_RULES_ERROR_BAD_VALUE, "target");
  expect_error ("{\"preset\":\"classic\",\"building\":1}", 2, CASSINO_RULES_ERROR_BAD_VALUE, "building");
  expect_error ("{\"preset\":\"classic\",\"draw_after_play\":true}", 3, CASSINO_RULES_ERROR_IMPOSSIBLE, "draw_after_play");
  expect_error ("draw", 3, CASSINO_RULES_ERROR_IMPOSSIBLE, "players");
  expect_error ("classic", 6, CASSINO_RULES_ERROR_IMPOSSIBLE, "players");
  expect_error ("classic", 5, CASSINO_RULES_ERROR_IMPOSSIBLE, "players");
  /* the counts the preset allows, in its own words (not Cassino's 2, 3, 4
   * or 6 for a Scopa of five) */
  expect_error ("classic", 6, CASSINO_RULES_ERROR_IMPOSSIBLE, "the classic preset is played by 2, 3 or 4 players, not 6");
  expect_error ("scopa", 5, CASSINO_RULES_ERROR_IMPOSSIBLE, "the scopa preset is played by 2, 3 or 4 players, not 5");
  expect_error ("xeri", 3, CASSINO_RULES_ERROR_IMPOSSIBLE, "the xeri preset is played by 2 or 4 players, not 3");
  expect_error ("scopone", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "the scopone preset is played by 4 players, not 2");
  /* a damaged record's count, past any bit of the presets' sets (UBSan:
   * the shift was undefined) */
  expect_error ("classic", 33, CASSINO_RULES_ERROR_IMPOSSIBLE, "the classic preset is played by 2, 3 or 4 players, not 33");
  expect_error ("classic", 4294967173u, CASSINO_RULES_ERROR_IMPOSSIBLE,
                "the classic preset is played by 2, 3 or 4 players, not 4294967173");
  expect_error ("{\"preset\":\"classic\",\"deck\":48}", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "deck");
  expect_error ("{\"preset\":\"classic\",\"hand_size\":5}", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "hand_size");
  expect_error ("{\"preset\":\"classic\",\"deal_packet\":3}", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "deal_packet");
  expect_error ("{\"preset\":\"classic\",\"ace_values\":[14]}", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "ace_values");
  expect_error ("{\"preset\":\"classic\",\"ace_values\":[1,20]}", 2, CASSINO_RULES_ERROR_BAD_VALUE, "ace_values");
  expect_error ("{\"preset\":\"american\",\"count_as_you_go\":true}", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "count_as_you_go");
  expect_error ("{\"preset\":\"classic\",\"rubber_games\":2}", 2, CASSINO_RULES_ERROR_IMPOSSIBLE, "rubber_games");
  expect_error ("{\"preset\":\"classic\",\"target\":-1}", 2, CASSINO_RULES_ERROR_BAD_VALUE, "target");
  expect_error ("[1,2]", 2, -1, "");
  expect_error ("{\"preset\":", 2, -1, "");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/rules/classic", test_rules_classic);
  g_test_add_func ("/cassino/rules/presets", test_rules_presets);
  g_test_add_func ("/cassino/rules/json", test_rules_json);
  g_test_add_func ("/cassino/rules/errors", test_rules_errors);

  return g_test_run ();
}
