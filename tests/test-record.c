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
  /* a Rules object's JSON: its own line and column, in our words (it read
   * "<data>:1:30: Parse error: …"), a NUL escape refused (read as the
   * string before it) */
  expect_error ("[Cassino \"1\"]\n[Rules \"{\\\"preset\\\":\\\"classic\\\",\\\"target\\\":99999999999999999999999}\"]\n"
                "Deal 1 dealer 0 seed 1\n", CASSINO_RECORD_ERROR_RULES,
                "line 2, column 1: invalid JSON at line 1, column 30: a whole number too large to read");
  expect_error ("[Cassino \"1\"]\n[Rules \"{\\\"preset\\\":\\\"classic\\\\u0000x\\\"}\"]\n"
                "Deal 1 dealer 0 seed 1\n", CASSINO_RECORD_ERROR_RULES,
                "a string holds the character U+0000");
  expect_error ("[Rules \"classic\"\n", CASSINO_RECORD_ERROR_SYNTAX, "line 1");
  expect_error ("[Rules \"classic]\n", CASSINO_RECORD_ERROR_SYNTAX, "unterminated");
  expect_error ("[Players \"9\"]\n1. S0 7h\n", CASSINO_RECORD_ERROR_SYNTAX, "Players");
  expect_error ("[Rules \"classic\"]\nDeal 1 dealer 0 seed 1\nDeck Ac 2c\n", CASSINO_RECORD_ERROR_SYNTAX, "line 3");
  expect_error ("[Rules \"classic\"]\nDeal 1 dealer 0 seed 1\nDeck Ac Zz\n", CASSINO_RECORD_ERROR_SYNTAX, "line 3, column 9");
  expect_error ("[Rules \"classic\"]\n1. S0 7h\n", CASSINO_RECORD_ERROR_SYNTAX, "before the first Deal");
  expect_error ("[Cassino \"2\"]\n[Rules \"classic\"]\nDeal 1 dealer 0 seed 1\n", CASSINO_RECORD_ERROR_SYNTAX, "version");
  /* tags and no deal: it read as a game of no deal, and importing a file
   * of such tags recorded empty games */
  expect_error ("[Cassino \"1\"]\n[Rules \"classic\"]\n", CASSINO_RECORD_ERROR_SYNTAX,
                "line 1, column 1: this game has tags but no deal");
  expect_error ("[Cassino \"1\"]\n", CASSINO_RECORD_ERROR_SYNTAX, "but no deal");

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

/* --- hostile and wrong records (issue 15) --------------------------------- */

/* The 1-based line of the first line of @text that starts with @prefix. */
static guint
line_of (const char *text,
         const char *prefix)
{
  guint line = 1;

  for (const char *p = text; *p; p = strchr (p, '\n') + 1)
    {
      if (g_str_has_prefix (p, prefix))
        return line;
      if (strchr (p, '\n') == NULL)
        break;
      line++;
    }
  g_error ("no line “%s” in the record", prefix);
  return 0;
}

/* @text with its first line starting with @prefix replaced by @line
 * (NULL: removed) or, with @after, @line inserted after it. */
static char *
edit_line (const char *text,
           const char *prefix,
           const char *line,
           gboolean    after)
{
  const char *start = text;
  const char *end;

  while (!g_str_has_prefix (start, prefix))
    {
      start = strchr (start, '\n');
      g_assert_nonnull (start);
      start++;
    }
  end = strchr (start, '\n');
  g_assert_nonnull (end);
  if (after)
    return g_strdup_printf ("%.*s%s\n%s", (int) (end + 1 - text), text, line, end + 1);
  if (line == NULL)
    return g_strdup_printf ("%.*s%s", (int) (start - text), text, end + 1);
  return g_strdup_printf ("%.*s%s%s", (int) (start - text), text, line, end);
}

static char *
written_game (guint64 seed)
{
  CassinoRules r;
  CassinoGame *game;
  char *text;

  g_assert_true (cassino_rules_parse (&r, "classic", 2, NULL));
  game = test_random_game (&r, seed);
  text = cassino_record_write (game);
  cassino_game_unref (game);
  return text;
}

static void
expect_error_at (const char *text,
                 int         code,
                 guint       line,
                 guint       column,
                 const char *what)
{
  g_autofree char *where = g_strdup_printf ("line %u, column %u: ", line, column);

  expect_error (text, code, where);
  expect_error (text, code, what);
}

/* A tag given twice is an error at the second, naming the first; Seat is
 * once a seat, names are compared without case. */
static void
test_record_duplicate_tags (void)
{
  g_autofree char *text = written_game (9);
  guint seat1 = line_of (text, "[Seat \"1\"");
  guint players = line_of (text, "[Players");

  {
    g_autofree char *bad = edit_line (text, "[Seat \"1\"", "[Seat \"1\" \"Mallory\" \"human\"]", TRUE);

    expect_error_at (bad, CASSINO_RECORD_ERROR_SYNTAX, seat1 + 1, 1, "first is on line");
    expect_error (bad, -1, "Seat");
  }
  {
    g_autofree char *bad = edit_line (text, "[Seat \"1\"", "  [Seat \"01\" \"Mallory\" \"human\"]", TRUE);

    expect_error_at (bad, CASSINO_RECORD_ERROR_SYNTAX, seat1 + 1, 3, "Seat");
  }
  {
    g_autofree char *bad = edit_line (text, "[Seat \"1\"", "[players \"2\"]", TRUE);
    g_autofree char *first = g_strdup_printf ("first is on line %u", players);

    expect_error_at (bad, CASSINO_RECORD_ERROR_SYNTAX, seat1 + 1, 1, first);
  }
  {
    g_autofree char *bad = edit_line (text, "[Seat \"1\"", "[Rules \"royal\"]", TRUE);

    expect_error_at (bad, CASSINO_RECORD_ERROR_SYNTAX, seat1 + 1, 1, "Rules");
  }
  /* a Seat tag without values, twice */
  {
    g_autofree char *bad = edit_line (text, "[Seat \"1\"", "[Seat]\n[Seat]", TRUE);

    expect_error_at (bad, CASSINO_RECORD_ERROR_SYNTAX, seat1 + 2, 1, "a second Seat tag");
  }
  /* one tag of each name per game: a second game may repeat them */
  {
    g_autofree char *two = g_strconcat (text, "\n", text, NULL);
    g_autoptr(GPtrArray) games = cassino_record_read (two, -1, NULL);

    g_assert_nonnull (games);
    g_assert_cmpuint (games->len, ==, 2);
  }
}

/* Deals count from 1, each the one after the last. */
static void
test_record_deal_number (void)
{
  g_autofree char *text = written_game (9);
  guint deal1 = line_of (text, "Deal 1 ");
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  char *p;

  first = g_strdup (text);
  p = strstr (first, "\nDeal 1 ");
  p[6] = '5';
  expect_error_at (first, CASSINO_RECORD_ERROR_SYNTAX, deal1, 1, "deal 1 of the game, not “5”");

  second = g_strdup (text);
  p = strstr (second, "\nDeal 2 ");
  g_assert_nonnull (p);
  p[6] = '3';
  expect_error_at (second, CASSINO_RECORD_ERROR_SYNTAX, line_of (text, "Deal 2 "), 1,
                   "deal 2 of the game, not “3”");
}

/* §4.2: "#" is part of a capture: missing or extra, the record is wrong. */
static void
test_record_sweep_mark (void)
{
  g_autofree char *text = NULL;
  g_autofree char *sweep_line = NULL;
  g_autofree char *capture_line = NULL;
  guint64 seed;

  /* a game with a sweep and a capture that is not one */
  for (seed = 1; seed < 200; seed++)
    {
      g_clear_pointer (&text, g_free);
      text = written_game (seed);
      if (strstr (text, " #\n") && strstr (text, " x "))
        break;
    }
  g_assert_cmpuint (seed, <, 200);
  for (const char *p = text; *p; p = strchr (p, '\n') + 1)
    {
      const char *end = strchr (p, '\n');
      g_autofree char *line = g_strndup (p, end - p);

      if (g_ascii_isdigit (*p) && g_str_has_suffix (line, " #") && sweep_line == NULL)
        sweep_line = g_steal_pointer (&line);
      else if (g_ascii_isdigit (*p) && strstr (line, " x ") && capture_line == NULL)
        capture_line = g_steal_pointer (&line);
    }
  g_assert_nonnull (sweep_line);
  g_assert_nonnull (capture_line);

  /* a sweep written without its mark */
  {
    g_autofree char *unmarked = g_strndup (sweep_line, strlen (sweep_line) - 2);
    g_autofree char *bad = edit_line (text, sweep_line, unmarked, FALSE);

    expect_error_at (bad, CASSINO_RECORD_ERROR_MISMATCH, line_of (text, sweep_line),
                     g_utf8_strlen (unmarked, -1) + 1, "ends with “#”");
  }
  /* a capture marked as a sweep it is not */
  {
    g_autofree char *marked = g_strconcat (capture_line, " #", NULL);
    g_autofree char *bad = edit_line (text, capture_line, marked, FALSE);

    expect_error_at (bad, CASSINO_RECORD_ERROR_MISMATCH, line_of (text, capture_line),
                     g_utf8_strlen (capture_line, -1) + 2, "leaves cards on the table");
  }
  /* and as written, it reads */
  {
    g_autoptr(GPtrArray) games = cassino_record_read (text, -1, NULL);

    g_assert_nonnull (games);
  }
}

/* What a tag says wrong is reported at the tag's line, not where the
 * reader found out (the end of the game, the first Deal line). */
static void
test_record_tag_errors_at_tag (void)
{
  g_autofree char *text = written_game (9);
  static const struct {
    const char *prefix;
    const char *line;
    int         code;
    const char *what;
  } cases[] = {
    { "[Score ",   "[Score \"0-0\"]",          CASSINO_RECORD_ERROR_MISMATCH, "Score tag says “0-0”" },
    { "[Result ",  "[Result \"draw\"]",        CASSINO_RECORD_ERROR_MISMATCH, "Result tag says “draw”" },
    { "[Value ",   "[Value \"7\"]",            CASSINO_RECORD_ERROR_MISMATCH, "Value tag says “7”" },
    { "[Ending ",  "[Ending \"single-deal\"]", CASSINO_RECORD_ERROR_MISMATCH, "Ending tag says “single-deal”" },
    { "[Rules ",   "[Rules \"clasic\"]",       CASSINO_RECORD_ERROR_RULES,    "unknown preset “clasic”" },
    { "[Players ", "[Players \"5\"]",          CASSINO_RECORD_ERROR_SYNTAX,   "Players “5”" },
    { "[Dealer ",  "[Dealer \"4\"]",           CASSINO_RECORD_ERROR_SYNTAX,   "Dealer “4”" },
    { "[Seed ",    "[Seed \"x\"]",             CASSINO_RECORD_ERROR_SYNTAX,   "Seed “x”" },
    { "[Cassino ", "[Cassino \"2\"]",          CASSINO_RECORD_ERROR_SYNTAX,   "version “2”" },
  };
  /* the game's times: a day or an instant that is none is named at its
   * tag; a part of a day may be unknown ("??", as PGN writes it) */
  static const struct {
    const char *line;
    const char *what;   /* NULL: read */
  } times[] = {
    { "[Date \"2026.13.45\"]",          "Date “2026.13.45” is not a day" },
    { "[Date \"2026.02.30\"]",          "Date “2026.02.30” is not a day" },
    { "[Date \"yesterday\"]",           "Date “yesterday” is not a day" },
    { "[Date \"2026.11.25x\"]",         "Date “2026.11.25x” is not a day" },
    { "[Start \"yesterday\"]",          "Start “yesterday” is not a time" },
    { "[Start \"2026-11-25T25:00:00Z\"]", "Start “2026-11-25T25:00:00Z” is not a time" },
    { "[End \"2026.13.01\"]",           "End “2026.13.01” is not a time" },
    { "[Date \"2026.11.25\"]",          NULL },
    { "[Date \"2026-11-25\"]",          NULL },
    { "[Date \"2026.??.??\"]",          NULL },
    { "[Date \"????.??.??\"]",          NULL },
    { "[Date \"\"]",                    NULL },
    { "[Start \"2026-11-25T13:20:48Z\"]", NULL },
    { "[Start \"2026-11-25T14:20:48+01:00\"]", NULL },
    { "[End \"2026-11-25\"]",           NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *bad = edit_line (text, cases[i].prefix, cases[i].line, FALSE);

      expect_error_at (bad, cases[i].code, line_of (text, cases[i].prefix), 1, cases[i].what);
    }
  for (guint i = 0; i < G_N_ELEMENTS (times); i++)
    {
      g_autofree char *with = edit_line (text, "[Rules ", times[i].line, FALSE);

      g_test_message ("%s", times[i].line);
      if (times[i].what)
        expect_error_at (with, CASSINO_RECORD_ERROR_SYNTAX, line_of (text, "[Rules "), 1, times[i].what);
      else
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) games = cassino_record_read (with, -1, &error);

          g_assert_no_error (error);
          g_assert_cmpuint (games->len, ==, 1);
        }
    }
}

/* 100,000 tags read back, every one, in order (reading them was
 * quadratic: BENCHMARKS.md times it). */
static void
test_record_many_tags (void)
{
  g_autofree char *text = written_game (9);
  GString *many = g_string_new (NULL);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *names;
  const guint n = 100000;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (many, "[Extra%u \"value %u\"]\n", i, i);
  {
    g_autofree char *with = edit_line (text, "[Rules ", many->str, TRUE);

    games = cassino_record_read (with, -1, &error);
  }
  g_string_free (many, TRUE);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  names = cassino_game_get_tag_names (games->pdata[0]);
  g_assert_cmpuint (names->len, >=, n);
  for (guint i = 0, k = 0; i < names->len; i++)
    if (g_str_has_prefix (names->pdata[i], "Extra"))
      {
        g_autofree char *name = g_strdup_printf ("Extra%u", k);
        g_autofree char *value = g_strdup_printf ("value %u", k);

        g_assert_cmpstr (names->pdata[i], ==, name);
        g_assert_cmpstr (cassino_game_get_tag (games->pdata[0], name), ==, value);
        k++;
      }
}

/* A Rules tag nested 100,000 deep is refused before json-glib recurses
 * (it overflowed the stack), at the tag's line. */
static void
test_record_deep_rules (void)
{
  g_autofree char *text = written_game (9);
  GString *tag = g_string_new ("[Rules \"{\\\"preset\\\":\\\"classic\\\",\\\"x\\\":");
  g_autofree char *bad = NULL;

  for (guint i = 0; i < 100000; i++)
    g_string_append_c (tag, '[');
  g_string_append (tag, "}\"]");
  bad = edit_line (text, "[Rules ", tag->str, FALSE);
  g_string_free (tag, TRUE);
  expect_error_at (bad, CASSINO_RECORD_ERROR_RULES, line_of (text, "[Rules "), 1, "nested deeper than 32");
}

/* A bad line of 9 MB is quoted in the error cut to 80 characters. */
static void
test_record_long_line_cut (void)
{
  g_autofree char *text = written_game (9);
  g_autofree char *junk = g_strnfill (9 * 1024 * 1024, 'z');
  g_autofree char *quoted = g_strdup_printf ("“%.80s…”", junk);
  static const char *const where[] = { "Deck ", "Tally S0", "1. S" };

  for (guint i = 0; i < G_N_ELEMENTS (where); i++)
    {
      g_autofree char *bad = edit_line (text, where[i], junk, TRUE);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) games = cassino_record_read (bad, -1, &error);

      g_assert_null (games);
      g_assert_nonnull (strstr (error->message, quoted));
      g_assert_cmpuint (strlen (error->message), <, 200);
    }
  /* a 9 MB move and a 9 MB tag value */
  {
    g_autofree char *move = g_strconcat ("1. S", junk, NULL);
    g_autofree char *line1 = g_strndup (strstr (text, "\n1. S") + 1, 5);
    g_autofree char *bad = NULL;
    g_autofree char *tag = g_strdup_printf ("[Players \"%s\"]", junk);
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) games = NULL;

    g_free (move);
    move = g_strconcat (line1, " ", junk, NULL);
    bad = edit_line (text, line1, move, FALSE);
    games = cassino_record_read (bad, -1, &error);
    g_assert_null (games);
    g_assert_cmpuint (strlen (error->message), <, 300);
    g_clear_error (&error);
    g_clear_pointer (&bad, g_free);
    bad = edit_line (text, "[Players ", tag, FALSE);
    games = cassino_record_read (bad, -1, &error);
    g_assert_null (games);
    g_assert_nonnull (strstr (error->message, quoted));
    g_assert_cmpuint (strlen (error->message), <, 200);
  }
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
  g_test_add_func ("/cassino/record/duplicate-tags", test_record_duplicate_tags);
  g_test_add_func ("/cassino/record/deal-number", test_record_deal_number);
  g_test_add_func ("/cassino/record/sweep-mark", test_record_sweep_mark);
  g_test_add_func ("/cassino/record/tag-errors-at-tag", test_record_tag_errors_at_tag);
  g_test_add_func ("/cassino/record/many-tags", test_record_many_tags);
  g_test_add_func ("/cassino/record/deep-rules", test_record_deep_rules);
  g_test_add_func ("/cassino/record/long-line-cut", test_record_long_line_cut);

  return g_test_run ();
}
