/* test-record.c: game records, written and read back
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"
#include "cassino-record.h"

static void
assert_same_game (CassinoGame *a,
                  CassinoGame *b)
{
  const CassinoRules *r = cassino_game_get_rules (a);

  g_assert_true (cassino_rules_equal (r, cassino_game_get_rules (b)));
  g_assert_cmpint (cassino_game_get_state (a), ==, cassino_game_get_state (b));
  g_assert_cmpint (cassino_game_get_winner (a), ==, cassino_game_get_winner (b));
  g_assert_cmpuint (cassino_game_get_n_deals (a), ==, cassino_game_get_n_deals (b));
  for (guint s = 0; s < r->n_sides; s++)
    g_assert_cmpuint (cassino_game_get_score (a, s), ==, cassino_game_get_score (b, s));
  for (guint d = 0; d < cassino_game_get_n_deals (a); d++)
    {
      const CassinoDeal *x = cassino_game_get_deal (a, d);
      const CassinoDeal *y = cassino_game_get_deal (b, d);

      g_assert_cmpuint (x->plays->len, ==, y->plays->len);
      g_assert_cmpmem (x->deck, x->deck_len, y->deck, y->deck_len);
      g_assert_cmpuint (x->seed, ==, y->seed);
      g_assert_cmpmem (x->score.total, sizeof x->score.total, y->score.total, sizeof y->score.total);
    }
}

static void
round_trip (const char *rules_text,
            guint       players,
            guint       n)
{
  CassinoRules r;

  g_assert_true (cassino_rules_parse (&r, rules_text, players, NULL));
  for (guint64 seed = 1; seed <= n; seed++)
    {
      CassinoGame *game = test_random_game (&r, seed * 31);
      g_autofree char *text = NULL;
      g_autofree char *text2 = NULL;
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(GError) error = NULL;

      cassino_game_set_tag (game, "Event", "Round trip");
      cassino_game_set_tag (game, "Date", "2026.11.21");
      text = cassino_record_write (game);
      games = cassino_record_read (text, -1, &error);
      if (games == NULL)
        g_error ("%s\n%s", error->message, text);
      g_assert_cmpuint (games->len, ==, 1);
      assert_same_game (game, games->pdata[0]);
      g_assert_cmpstr (cassino_game_get_tag (games->pdata[0], "Event"), ==, "Round trip");
      text2 = cassino_record_write (games->pdata[0]);
      g_assert_cmpstr (text, ==, text2);
      cassino_game_unref (game);
    }
}

static void
test_record_round_trip (void)
{
  static const struct { const char *rules; guint players; } cases[] = {
    { "classic", 2 }, { "classic", 3 }, { "classic", 4 }, { "english", 2 }, { "english", 4 },
    { "american", 2 }, { "american", 6 }, { "twenty-one", 3 }, { "royal", 2 }, { "royal-ace14", 4 },
    { "spade", 2 }, { "diamond", 3 }, { "draw", 2 }, { "german", 2 }, { "house", 2 }, { "house", 4 },
    { "{\"preset\":\"classic\",\"court_capture\":\"all\",\"target\":15}", 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    round_trip (cases[i].rules, cases[i].players, 4);
}

static void
test_record_unfinished_and_many (void)
{
  CassinoRules r;
  CassinoGame *game;
  CassinoMoveList list;
  GString *both = g_string_new (NULL);
  g_autofree char *one = NULL;
  g_autoptr(GPtrArray) games = NULL;
  CassinoGame *finished;

  g_assert_true (cassino_rules_parse (&r, "classic", 2, NULL));
  game = cassino_game_new (&r, 8, 0);
  cassino_game_set_seat (game, 0, "Ann \"the quick\"", CASSINO_SEAT_HUMAN, NULL);
  cassino_game_set_seat (game, 1, "Cassino", CASSINO_SEAT_COMPUTER, "expert");
  cassino_game_start (game);
  cassino_move_list_init (&list);
  for (guint i = 0; i < 13; i++)
    {
      list.len = 0;
      cassino_game_legal_moves (game, &list);
      cassino_game_play (game, &list.moves[list.len / 2], NULL);
    }
  cassino_move_list_clear (&list);
  one = cassino_record_write (game);
  g_assert_nonnull (strstr (one, "[Result \"*\"]"));
  finished = test_random_game (&r, 3);
  {
    g_autofree char *two = cassino_record_write (finished);

    g_string_append (both, one);
    g_string_append (both, two);
  }
  games = cassino_record_read (both->str, both->len, NULL);
  g_assert_nonnull (games);
  g_assert_cmpuint (games->len, ==, 2);
  assert_same_game (game, games->pdata[0]);
  assert_same_game (finished, games->pdata[1]);
  g_assert_cmpstr (cassino_game_get_seat (games->pdata[0], 0)->name, ==, "Ann \"the quick\"");
  g_assert_cmpint (cassino_game_get_seat (games->pdata[0], 1)->kind, ==, CASSINO_SEAT_COMPUTER);
  g_assert_cmpstr (cassino_game_get_seat (games->pdata[0], 1)->level, ==, "expert");
  g_string_free (both, TRUE);
  cassino_game_unref (game);
  cassino_game_unref (finished);
}

static void
test_record_tolerant (void)
{
  CassinoRules r;
  CassinoGame *game;
  g_autofree char *text = NULL;
  g_autofree char *messy = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  GString *s;

  g_assert_true (cassino_rules_parse (&r, "classic", 2, NULL));
  game = test_random_game (&r, 5);
  text = cassino_record_write (game);

  /* CRLF, comments, extra spaces, unknown tags, upper case cards and 10 */
  s = g_string_new ("; a comment line\r\n[Site \"Somewhere\"]\r\n{ a brace comment }\r\n");
  for (const char *p = text; *p; p++)
    {
      if (*p == '\n')
        g_string_append (s, "  \r\n");
      else if (*p == 'T' && p[1] && strchr ("cdhs", p[1]) && (p == text || p[-1] == ' '))
        g_string_append (s, "10");
      else
        g_string_append_c (s, *p);
    }
  messy = g_string_free (s, FALSE);
  games = cassino_record_read (messy, -1, &error);
  g_assert_no_error (error);
  assert_same_game (game, games->pdata[0]);
  cassino_game_unref (game);
}

static void
expect_error (const char *text,
              int         code,
              const char *where)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = cassino_record_read (text, -1, &error);

  g_assert_null (games);
  g_assert_nonnull (error);
  if (code >= 0)
    g_assert_error (error, CASSINO_RECORD_ERROR, code);
  if (!strstr (error->message, where))
    g_error ("expected “%s” in “%s”", where, error->message);
}

static void
test_record_errors (void)
{
  CassinoRules r;
  CassinoGame *game;
  g_autofree char *text = NULL;
  char *p;

  expect_error ("", CASSINO_RECORD_ERROR_SYNTAX, "no game");
  expect_error ("hello", CASSINO_RECORD_ERROR_SYNTAX, "line 1, column 1");
  expect_error ("[Rules \"nope\"]\nDeal 1 dealer 0 seed 1\n", CASSINO_RECORD_ERROR_RULES, "nope");
  expect_error ("[Rules \"classic\"\n", CASSINO_RECORD_ERROR_SYNTAX, "line 1");
  expect_error ("[Rules \"classic]\n", CASSINO_RECORD_ERROR_SYNTAX, "unterminated");
  expect_error ("[Players \"9\"]\n1. S0 7h\n", CASSINO_RECORD_ERROR_SYNTAX, "Players");
  expect_error ("[Rules \"classic\"]\nDeal 1 dealer 0 seed 1\nDeck Ac 2c\n", CASSINO_RECORD_ERROR_SYNTAX, "line 3");
  expect_error ("[Rules \"classic\"]\nDeal 1 dealer 0 seed 1\nDeck Ac Zz\n", CASSINO_RECORD_ERROR_SYNTAX, "line 3, column 9");
  expect_error ("[Rules \"classic\"]\n1. S0 7h\n", CASSINO_RECORD_ERROR_SYNTAX, "before the first Deal");
  expect_error ("[Cassino \"2\"]\n[Rules \"classic\"]\nDeal 1 dealer 0 seed 1\n", CASSINO_RECORD_ERROR_SYNTAX, "version");

  g_assert_true (cassino_rules_parse (&r, "classic", 2, NULL));
  game = test_random_game (&r, 9);
  text = cassino_record_write (game);

  /* a changed score is a mismatch */
  {
    g_autofree char *bad = g_strdup (text);

    p = strstr (bad, "[Score \"");
    g_assert_nonnull (p);
    p += 8;
    *p = *p == '9' ? '8' : '9';
    expect_error (bad, CASSINO_RECORD_ERROR_MISMATCH, "Score");
  }
  /* a changed Last line or Value tag is a mismatch */
  {
    g_autofree char *bad = g_strdup (text);

    p = strstr (bad, "\nLast S");
    if (p)
      {
        p[7] = p[7] == '0' ? '1' : '0';
        expect_error (bad, CASSINO_RECORD_ERROR_MISMATCH, "last cards");
      }
  }
  {
    g_autofree char *bad = g_strdup (text);

    p = strstr (bad, "[Value \"");
    g_assert_nonnull (p);
    p[8] = p[8] == '1' ? '2' : '1';
    expect_error (bad, CASSINO_RECORD_ERROR_MISMATCH, "Value");
  }
  /* a move out of turn */
  {
    g_autofree char *bad = g_strdup (text);

    p = strstr (bad, "\n2. S");
    g_assert_nonnull (p);
    p[5] = p[5] == '0' ? '1' : '0';
    expect_error (bad, CASSINO_RECORD_ERROR_ILLEGAL, "turn");
  }
  /* an illegal move: the first move names a card nobody holds there */
  {
    g_autofree char *bad = g_strdup (text);
    char *line = strstr (bad, "\n1. S");
    char *end = strchr (line + 1, '\n');
    g_autofree char *fixed = NULL;

    *line = '\0';
    fixed = g_strdup_printf ("%s\n1. S%c Zc%s", bad, line[5], end);
    expect_error (fixed, CASSINO_RECORD_ERROR_SYNTAX, "card");
  }
  cassino_game_unref (game);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/record/round-trip", test_record_round_trip);
  g_test_add_func ("/cassino/record/unfinished-and-many", test_record_unfinished_and_many);
  g_test_add_func ("/cassino/record/tolerant", test_record_tolerant);
  g_test_add_func ("/cassino/record/errors", test_record_errors);

  return g_test_run ();
}
