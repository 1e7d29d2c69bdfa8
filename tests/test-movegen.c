/* test-movegen.c: legal moves (rules.md §4), one test per option
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"

typedef struct {
  CassinoJsonPosition pos;
  CassinoMoveList     list;
} Fixture;

static void
legal (Fixture    *f,
       const char *json)
{
  test_legal_from_json (json, &f->pos, &f->list);
}

static void
done (Fixture *f)
{
  cassino_move_list_clear (&f->list);
  cassino_json_position_clear (&f->pos);
}

static void
test_canonical_order (void)
{
  Fixture f;
  g_autofree char *text = NULL;

  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"Kc\",\"9h\",\"3s\",\"Ts\"],"
             "\"table\":[\"6c\",\"9d\",\"Kd\",{\"build\":[\"3c\",\"5h\"],\"value\":8,\"owner\":1,\"multiple\":false}]}");
  text = test_list_to_string (&f.list);
  /* trails by card, then captures, then builds (cli.md) */
  g_assert_cmpstr (text, ==,
                   "3s | 9h | Ts | Kc | "
                   "9h x 9d | Kc x Kd | "
                   "3s b9 6c | 3s m9 6c 9d");
  done (&f);
}

static void
test_dedupe (void)
{
  Fixture f;

  /* 4c+4d+2h and 6? — two ways of grouping the same cards for a ten:
   * (4c 6h)(4d ...) — build a case where one set has two partitions */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"Tc\"],\"table\":[\"2c\",\"8c\",\"3d\",\"7d\"]}");
  /* {2c 8c 3d 7d} = (2+8)(3+7) = (2+... ) only once */
  {
    guint n = 0;

    for (guint i = 0; i < f.list.len; i++)
      if (f.list.moves[i].set == test_cards ("2c 8c 3d 7d"))
        n++;
    g_assert_cmpuint (n, ==, 1);
  }
  g_assert_true (test_has_move (&f.list, "Tc x 2c 8c"));
  g_assert_true (test_has_move (&f.list, "Tc x 3d 7d"));
  done (&f);

  /* two fives and a ten: the tens may be built with either five */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"5h\",\"Th\"],\"table\":[\"5c\",\"5d\"]}");
  for (guint i = 0; i < f.list.len; i++)
    for (guint j = i + 1; j < f.list.len; j++)
      g_assert_cmpint (cassino_move_compare (&f.list.moves[i], &f.list.moves[j]), <, 0);
  done (&f);
}

static void
test_sweep_flag (void)
{
  Fixture f;

  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"9s\"],\"table\":[\"4c\",\"5d\"],\"last_play\":false}");
  g_assert_true (test_has_move (&f.list, "9s x 4c 5d #"));
  g_assert_true (f.list.moves[f.list.len - 1].flags & CASSINO_MOVE_FLAG_SWEEP);
  done (&f);

  /* sweep_on_last_play false (classic): no sweep on the last card */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"9s\"],\"table\":[\"4c\",\"5d\"],\"last_play\":true}");
  g_assert_false (f.list.moves[f.list.len - 1].flags & CASSINO_MOVE_FLAG_SWEEP);
  done (&f);

  legal (&f, "{\"rules\":{\"preset\":\"classic\",\"sweep_on_last_play\":true},\"hand\":[\"9s\"],"
             "\"table\":[\"4c\",\"5d\"],\"last_play\":true}");
  g_assert_true (f.list.moves[f.list.len - 1].flags & CASSINO_MOVE_FLAG_SWEEP);
  done (&f);

  /* sweeps: false */
  legal (&f, "{\"rules\":{\"preset\":\"classic\",\"sweeps\":false},\"hand\":[\"9s\"],\"table\":[\"4c\",\"5d\"]}");
  g_assert_false (f.list.moves[f.list.len - 1].flags & CASSINO_MOVE_FLAG_SWEEP);
  done (&f);
}

static void
test_court_capture_all (void)
{
  Fixture f;

  legal (&f, "{\"rules\":\"house\",\"hand\":[\"Ks\"],\"table\":[\"Kd\",\"Kh\"]}");
  g_assert_cmpuint (test_count_type (&f.list, CASSINO_MOVE_CAPTURE), ==, 3);
  g_assert_true (test_has_move (&f.list, "Ks x Kd Kh #"));
  done (&f);
}

static void
test_numeric_courts (void)
{
  Fixture f;

  /* royal: courts pair any number and build */
  legal (&f, "{\"rules\":\"royal\",\"hand\":[\"Ks\",\"Jc\"],\"table\":[\"Kd\",\"Kh\",\"2c\"]}");
  g_assert_true (test_has_move (&f.list, "Ks x Kd Kh"));
  g_assert_true (test_has_move (&f.list, "Jc b13 2c"));
  done (&f);

  /* classic: a jack never builds */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"Ks\",\"Jc\"],\"table\":[\"Kd\",\"2c\"]}");
  g_assert_cmpuint (test_count_type (&f.list, CASSINO_MOVE_BUILD), ==, 0);
  done (&f);
}

static void
test_ace_values (void)
{
  Fixture f;

  legal (&f, "{\"rules\":\"royal-ace14\",\"hand\":[\"Ah\"],\"table\":[\"Kc\",\"Ad\",\"6s\"]}");
  g_assert_true (test_has_move (&f.list, "Ah x Ad"));
  g_assert_true (test_has_move (&f.list, "Ah x Ad Kc"));     /* 13 + 1 = 14 */
  g_assert_false (test_has_move (&f.list, "Ah x Kc"));
  done (&f);

  legal (&f, "{\"rules\":\"royal\",\"hand\":[\"Ah\"],\"table\":[\"Kc\",\"Ad\"]}");
  g_assert_false (test_has_move (&f.list, "Ah x Ad Kc"));
  done (&f);
}

static void
test_cassino_values (void)
{
  Fixture f;

  legal (&f, "{\"rules\":\"german\",\"hand\":[\"Td\",\"2s\"],\"table\":[\"9c\",\"7d\",\"8h\",\"Th\"]}");
  g_assert_true (test_has_move (&f.list, "Td x 7d 9c"));   /* as 16 */
  g_assert_true (test_has_move (&f.list, "Td x Th"));      /* as 10, a pair */
  g_assert_true (test_has_move (&f.list, "2s x 7d 8h"));   /* as 15 */
  done (&f);

  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"Td\",\"2s\"],\"table\":[\"9c\",\"7d\",\"8h\"]}");
  g_assert_false (test_has_move (&f.list, "Td x 7d 9c"));
  g_assert_false (test_has_move (&f.list, "2s x 7d 8h"));
  done (&f);
}

static void
test_building_off (void)
{
  Fixture f;

  legal (&f, "{\"rules\":\"english\",\"hand\":[\"3h\",\"8c\"],\"table\":[\"5c\"]}");
  g_assert_cmpuint (test_count_type (&f.list, CASSINO_MOVE_BUILD), ==, 0);
  done (&f);
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"3h\",\"8c\"],\"table\":[\"5c\"]}");
  g_assert_true (test_has_move (&f.list, "3h b8 5c"));
  done (&f);
}

static void
test_multiple_builds_off (void)
{
  Fixture f;

  legal (&f, "{\"rules\":{\"preset\":\"classic\",\"multiple_builds\":false},"
             "\"hand\":[\"5h\",\"5d\",\"3s\"],\"table\":[\"5c\",\"2c\"]}");
  for (guint i = 0; i < f.list.len; i++)
    g_assert_false (f.list.moves[i].flags & CASSINO_MOVE_FLAG_MULTIPLE);
  g_assert_true (test_has_move (&f.list, "3s b5 2c"));
  done (&f);

  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"5h\",\"5d\",\"3s\"],\"table\":[\"5c\",\"2c\"]}");
  g_assert_true (test_has_move (&f.list, "5h m5 5c"));
  g_assert_true (test_has_move (&f.list, "3s m5 2c 5c"));
  done (&f);
}

static void
test_multiple_not_raised (void)
{
  Fixture f;

  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"3h\",\"8c\",\"5s\"],"
             "\"table\":[{\"build\":[\"5c\",\"5d\"],\"value\":5,\"owner\":1,\"multiple\":true}]}");
  g_assert_false (test_has_move (&f.list, "3h b8 5c 5d"));
  g_assert_true (test_has_move (&f.list, "5s x 5c 5d #"));
  done (&f);

  /* a single build of 5 can be raised to 8 */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"3h\",\"8c\"],"
             "\"table\":[{\"build\":[\"2c\",\"3d\"],\"value\":5,\"owner\":1,\"multiple\":false}]}");
  g_assert_true (test_has_move (&f.list, "3h b8 2c 3d"));
  done (&f);
}

static void
test_trail_with_own_build (void)
{
  Fixture f;
  const char *table = "\"table\":[\"Kc\",{\"build\":[\"3c\",\"5h\"],\"value\":8,\"owner\":0}]";
  g_autofree char *classic = g_strdup_printf ("{\"rules\":\"classic\",\"hand\":[\"8d\",\"2s\"],%s}", table);
  g_autofree char *american = g_strdup_printf ("{\"rules\":\"american\",\"hand\":[\"8d\",\"2s\"],%s}", table);

  legal (&f, classic);
  g_assert_cmpuint (test_count_type (&f.list, CASSINO_MOVE_TRAIL), ==, 0);
  done (&f);
  legal (&f, american);
  g_assert_true (test_has_move (&f.list, "2s"));
  g_assert_false (test_has_move (&f.list, "8d"));   /* would leave the build without an eight */
  done (&f);
}

static void
test_builds_in_sums (void)
{
  Fixture f;
  const char *table = "\"table\":[\"5c\",{\"build\":[\"2c\",\"Ah\"],\"value\":3,\"owner\":1}]";
  g_autofree char *american = g_strdup_printf ("{\"rules\":\"american\",\"hand\":[\"8d\"],%s}", table);
  g_autofree char *classic = g_strdup_printf ("{\"rules\":\"classic\",\"hand\":[\"8d\"],%s}", table);

  legal (&f, american);
  g_assert_true (test_has_move (&f.list, "8d x Ah 2c 5c #"));
  done (&f);
  legal (&f, classic);
  g_assert_false (test_has_move (&f.list, "8d x Ah 2c 5c #"));
  done (&f);
}

static void
test_deck_40 (void)
{
  CassinoJsonPosition pos;
  g_autoptr(GError) error = NULL;

  g_assert_false (cassino_json_position_parse (&pos, "{\"rules\":\"diamond\",\"hand\":[\"Kc\"],\"table\":[]}",
                                               -1, &error));
  g_assert_nonnull (strstr (error->message, "Kc"));
}

static void
test_merge_builds (void)
{
  Fixture f;

  /* playing 3 on a loose 5 makes 8, merging an opponent's 8-build: multiple */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"3h\",\"8c\"],"
             "\"table\":[\"5d\",{\"build\":[\"2c\",\"6d\"],\"value\":8,\"owner\":1}]}");
  g_assert_true (test_has_move (&f.list, "3h b8 5d"));
  g_assert_true (test_has_move (&f.list, "3h m8 2c 5d 6d"));
  done (&f);
}

static void
test_ownership_changes (void)
{
  CassinoJsonPosition pos;
  CassinoMove m = test_move ("3h b8 2c 3c");
  CassinoPosition p;

  g_assert_true (cassino_json_position_parse (&pos, "{\"rules\":\"classic\",\"hand\":[\"3h\",\"8c\"],"
                                              "\"table\":[{\"build\":[\"2c\",\"3c\"],\"value\":5,\"owner\":1}]}",
                                              -1, NULL));
  p = pos.view.pos;
  g_assert_true (cassino_position_is_legal (&p, &m));
  cassino_position_apply (&p, &m, NULL);
  g_assert_cmpuint (p.n_builds, ==, 1);
  g_assert_cmpint (p.builds[0].owner, ==, 0);
  g_assert_cmpuint (p.builds[0].value, ==, 8);
  g_assert_false (p.builds[0].multiple);
  g_assert_cmpuint (p.builds[0].cards, ==, test_cards ("2c 3c 3h"));
  cassino_json_position_clear (&pos);
}

static void
test_undo (void)
{
  CassinoRules rules;
  CassinoGame *game;
  CassinoMoveList list;

  g_assert_true (cassino_rules_init_preset (&rules, CASSINO_PRESET_CLASSIC, 2, NULL));
  game = cassino_game_new (&rules, 99, 0);
  cassino_game_start (game);
  cassino_move_list_init (&list);
  for (guint step = 0; step < 40; step++)
    {
      CassinoPosition before = *cassino_game_get_position (game);
      CassinoPosition p = before;
      CassinoUndo undo;

      list.len = 0;
      cassino_position_legal_moves (&p, &list);
      for (guint i = 0; i < list.len; i++)
        {
          cassino_position_apply (&p, &list.moves[i], &undo);
          cassino_position_undo (&p, &undo);
          g_assert_cmpmem (&p, sizeof p, &before, sizeof before);
        }
      g_assert_true (cassino_game_play (game, &list.moves[step % list.len], NULL));
    }
  cassino_move_list_clear (&list);
  cassino_game_unref (game);
}

static void
test_notation (void)
{
  const char *good[] = { "7h", "9s x 3h 6c 9d 9h", "9s x 4c 5d #", "5h b8 3c", "5d m5 5c",
                         "claim 7h x 3c 4d" };
  const char *bad[] = { "", "x", "7h y", "7h x", "7h b 3c", "7h b99 3c", "7h x 7h", "zz",
                        "claim 7h", "7h x 3c 3c", "7h b8" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      CassinoMove m;
      g_autofree char *text = NULL;

      g_assert_true (cassino_move_parse_notation (good[i], &m, NULL));
      text = cassino_move_to_notation (&m);
      g_assert_cmpstr (text, ==, good[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      CassinoMove m;
      g_autoptr(GError) error = NULL;

      g_assert_false (cassino_move_parse_notation (bad[i], &m, &error));
      g_assert_error (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_NOTATION);
    }
  /* tolerant: case and 10 */
  {
    CassinoMove m;

    g_assert_true (cassino_move_parse_notation ("10D X 7C 3H", &m, NULL));
    g_assert_cmpuint (m.card, ==, CASSINO_BIG_CASSINO);
    g_assert_cmpint (m.type, ==, CASSINO_MOVE_CAPTURE);
  }
}

static void
test_crowded (void)
{
  Fixture f;
  guint captures;

  /* the crowded table of the benchmark: 16 low cards and 3 builds */
  legal (&f, "{\"rules\":\"classic\",\"hand\":[\"Tc\",\"9c\",\"8c\",\"7c\"],\"table\":["
             "\"Ac\",\"Ad\",\"Ah\",\"As\",\"2c\",\"2d\",\"2h\",\"2s\",\"3c\",\"3d\",\"3h\",\"3s\",\"4c\",\"4d\",\"4h\",\"4s\","
             "{\"build\":[\"5c\",\"5d\"],\"value\":10,\"owner\":1},"
             "{\"build\":[\"6c\",\"6d\"],\"value\":6,\"owner\":1,\"multiple\":true},"
             "{\"build\":[\"7d\",\"7h\"],\"value\":7,\"owner\":1,\"multiple\":true}]}");
  captures = test_count_type (&f.list, CASSINO_MOVE_CAPTURE);
  g_test_message ("%u moves, %u captures", f.list.len, captures);
  g_assert_cmpuint (captures, >, 1000);
  for (guint i = 1; i < f.list.len; i++)
    g_assert_cmpint (cassino_move_compare (&f.list.moves[i - 1], &f.list.moves[i]), <, 0);
  done (&f);
}

/* Illegal moves are refused exactly, also where the list would be cut short. */
static void
test_is_legal (void)
{
  CassinoJsonPosition pos;
  CassinoMove m;

  g_assert_true (cassino_json_position_parse (&pos, "{\"rules\":\"classic\",\"hand\":[\"Ks\",\"9s\"],"
                                              "\"table\":[\"Kd\",\"Kh\",\"Kc\",\"4c\",\"5d\"]}", -1, NULL));
  m = test_move ("Ks x Kd");
  g_assert_false (cassino_position_is_legal (&pos.view.pos, &m));   /* three kings: all or none */
  m = test_move ("Ks x Kc Kd Kh");
  g_assert_true (cassino_position_is_legal (&pos.view.pos, &m));
  m = test_move ("9s x 4c 5d");
  g_assert_true (cassino_position_is_legal (&pos.view.pos, &m));
  m = test_move ("9s x 4c");
  g_assert_false (cassino_position_is_legal (&pos.view.pos, &m));
  m = test_move ("9s b9 4c 5d");
  g_assert_false (cassino_position_is_legal (&pos.view.pos, &m));  /* c alone does not count */
  m = test_move ("8s");
  g_assert_false (cassino_position_is_legal (&pos.view.pos, &m));  /* not in hand */
  cassino_json_position_clear (&pos);
}

/* A table of forty loose cards (everybody trailed): the list is cut short
 * and says so, and still every listed move is legal. */
static void
test_overcrowded (void)
{
  CassinoRules r;
  CassinoPosition pos;
  CassinoMoveList list;
  CassinoCards low = 0;
  CassinoCard c;
  guint n = 0;

  g_assert_true (cassino_rules_parse (&r, "classic", 2, NULL));
  memset (&pos, 0, sizeof pos);
  pos.rules = &r;
  pos.last_capturer = pos.last_player = pos.claim_seat = -1;
  CASSINO_CARDS_FOREACH (c, CASSINO_ALL_CARDS)
    if (CASSINO_CARD_RANK (c) <= 10 && n < 36 && c != cassino_cards_first (test_cards ("Tc")))
      {
        low |= CASSINO_CARD_BIT (c);
        n++;
      }
  pos.loose = low & ~test_cards ("Tc 9c 8c 7c");
  pos.hands[0] = test_cards ("Tc 9c 8c 7c");
  pos.hands[1] = test_cards ("Kc Kd Kh Ks");
  cassino_move_list_init (&list);
  cassino_position_legal_moves (&pos, &list);
  g_assert_true (list.truncated);
  g_assert_cmpuint (list.len, >, 1000);
  for (guint i = 0; i < list.len; i += list.len / 50)
    g_assert_true (cassino_position_is_legal (&pos, &list.moves[i]));
  cassino_move_list_clear (&list);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/movegen/canonical-order", test_canonical_order);
  g_test_add_func ("/cassino/movegen/dedupe", test_dedupe);
  g_test_add_func ("/cassino/movegen/sweep-flag", test_sweep_flag);
  g_test_add_func ("/cassino/movegen/court-capture-all", test_court_capture_all);
  g_test_add_func ("/cassino/movegen/numeric-courts", test_numeric_courts);
  g_test_add_func ("/cassino/movegen/ace-values", test_ace_values);
  g_test_add_func ("/cassino/movegen/cassino-values", test_cassino_values);
  g_test_add_func ("/cassino/movegen/building-off", test_building_off);
  g_test_add_func ("/cassino/movegen/multiple-builds-off", test_multiple_builds_off);
  g_test_add_func ("/cassino/movegen/multiple-not-raised", test_multiple_not_raised);
  g_test_add_func ("/cassino/movegen/trail-with-own-build", test_trail_with_own_build);
  g_test_add_func ("/cassino/movegen/builds-in-sums", test_builds_in_sums);
  g_test_add_func ("/cassino/movegen/deck-40", test_deck_40);
  g_test_add_func ("/cassino/movegen/merge-builds", test_merge_builds);
  g_test_add_func ("/cassino/movegen/ownership-changes", test_ownership_changes);
  g_test_add_func ("/cassino/movegen/undo", test_undo);
  g_test_add_func ("/cassino/movegen/notation", test_notation);
  g_test_add_func ("/cassino/movegen/crowded", test_crowded);
  g_test_add_func ("/cassino/movegen/is-legal", test_is_legal);
  g_test_add_func ("/cassino/movegen/overcrowded", test_overcrowded);

  return g_test_run ();
}
