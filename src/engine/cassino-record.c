/* cassino-record.c: writing and reading game records
 *
 * The format is described in docs/record-format.md.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <stdlib.h>

#include "cassino-input.h"
#include "cassino-record.h"

G_DEFINE_QUARK (cassino-record-error-quark, cassino_record_error)

#define RECORD_VERSION "1"

/* Tags the writer produces itself; other tags are copied from the game. */
static const char *const own_tags[] = {
  "Cassino", "Rules", "Players", "Seed", "Dealer", "Seat", "Result", "Score",
  "Value", "Ending", NULL,
};

static gboolean
is_own_tag (const char *name)
{
  /* as the reader finds tags: in any case ([RULES "classic"] is the
   * Rules tag, not a tag of its own to keep and write again) */
  for (guint i = 0; own_tags[i]; i++)
    if (g_ascii_strcasecmp (own_tags[i], name) == 0)
      return TRUE;
  return FALSE;
}

static void
append_quoted (GString    *s,
               const char *value)
{
  g_string_append_c (s, '"');
  for (const char *p = value ? value : ""; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (s, '\\');
      /* the reader takes a tab for a space: write it as one (a value
       * read back is the value written) */
      if (*p == '\n' || *p == '\r' || *p == '\t')
        g_string_append_c (s, ' ');
      else
        g_string_append_c (s, *p);
    }
  g_string_append_c (s, '"');
}

static void
append_tag (GString    *s,
            const char *name,
            const char *value)
{
  g_string_append_printf (s, "[%s ", name);
  append_quoted (s, value);
  g_string_append (s, "]\n");
}

static void
append_tally (GString                *s,
              const CassinoDealScore *score,
              guint                   side)
{
  g_string_append_printf (s, "Tally S%u", side);
  for (guint c = 0; c < CASSINO_N_ALL_CATEGORIES; c++)
    if (score->points[side][c])
      g_string_append_printf (s, " %s %u", cassino_category_to_string (c), score->points[side][c]);
  g_string_append_printf (s, " total %u\n", score->total[side]);
}

char *
cassino_record_write (const CassinoGame *game)
{
  const CassinoRules *rules = cassino_game_get_rules (game);
  GString *s = g_string_new (NULL);
  GPtrArray *tags = cassino_game_get_tag_names (game);
  g_autofree char *rules_json = cassino_rules_to_json (rules);
  g_autofree char *rules_text = NULL;
  char buf[64];

  append_tag (s, "Cassino", RECORD_VERSION);
  for (guint i = 0; i < tags->len; i++)
    if (!is_own_tag (tags->pdata[i]))
      append_tag (s, tags->pdata[i], cassino_game_get_tag (game, tags->pdata[i]));

  /* a bare preset name, or the JSON object of overrides */
  if (rules_json[0] == '"')
    rules_text = g_strndup (rules_json + 1, strlen (rules_json) - 2);
  else
    rules_text = g_strdup (rules_json);
  append_tag (s, "Rules", rules_text);
  g_snprintf (buf, sizeof buf, "%u", rules->n_players);
  append_tag (s, "Players", buf);
  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, cassino_game_get_seed (game));
  append_tag (s, "Seed", buf);
  g_snprintf (buf, sizeof buf, "%u", cassino_game_get_first_dealer (game));
  append_tag (s, "Dealer", buf);

  for (guint i = 0; i < rules->n_players; i++)
    {
      const CassinoSeat *seat = cassino_game_get_seat (game, i);

      g_string_append_printf (s, "[Seat \"%u\" ", i);
      append_quoted (s, seat->name ? seat->name : "");
      g_string_append (s, seat->kind == CASSINO_SEAT_COMPUTER ? " \"computer\"" : " \"human\"");
      if (seat->kind == CASSINO_SEAT_COMPUTER && seat->level)
        {
          g_string_append_c (s, ' ');
          append_quoted (s, seat->level);
        }
      g_string_append (s, "]\n");
    }

  if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
    {
      int winner = cassino_game_get_winner (game);
      GString *score = g_string_new (NULL);

      if (winner >= 0)
        g_snprintf (buf, sizeof buf, "%d", winner);
      else
        g_strlcpy (buf, "draw", sizeof buf);
      append_tag (s, "Result", buf);
      for (guint i = 0; i < rules->n_sides; i++)
        g_string_append_printf (score, "%s%u", i ? "-" : "", cassino_game_get_score (game, i));
      append_tag (s, "Score", score->str);
      g_string_free (score, TRUE);
      g_snprintf (buf, sizeof buf, "%u", cassino_game_get_value (game));
      append_tag (s, "Value", buf);
      append_tag (s, "Ending", cassino_game_get_ending (game));
    }
  else
    append_tag (s, "Result", "*");

  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (game, d);

      g_string_append_printf (s, "\nDeal %u dealer %u seed %" G_GUINT64_FORMAT "\nDeck",
                              deal->number, deal->dealer, deal->seed);
      for (guint i = 0; i < deal->deck_len; i++)
        g_string_append_printf (s, " %s", cassino_card_to_string (deal->deck[i]));
      g_string_append_c (s, '\n');

      for (guint i = 0; i < deal->plays->len; i++)
        {
          const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, i);
          g_autofree char *text = cassino_move_to_notation (&play->move);

          g_string_append_printf (s, "%u. S%u %s\n", i + 1, play->seat, text);
        }

      if (deal->finished)
        {
          if (deal->last_cards_side >= 0 && deal->last_cards)
            {
              g_autofree char *cards = cassino_cards_to_string (deal->last_cards, " ");

              g_string_append_printf (s, "Last S%d %s\n", deal->last_cards_side, cards);
            }
          for (guint side = 0; side < rules->n_sides; side++)
            append_tally (s, &deal->score, side);
        }
      if (deal->finished || cassino_game_get_state (game) == CASSINO_GAME_OVER)
        {
          g_string_append (s, "Points");
          for (guint side = 0; side < rules->n_sides; side++)
            g_string_append_printf (s, " %u", deal->game_points[side]);
          g_string_append_c (s, '\n');
        }
    }

  g_string_append_c (s, '\n');
  return g_string_free (s, FALSE);
}

/* Reading */

typedef struct {
  const char *text;
  const char *end;
  const char *line;        /* start of the current line */
  const char *line_end;
  guint       line_no;
  GError    **error;
  GPtrArray  *excerpts;    /* char*: what ex() gave out */
} Reader;

/* @text quoted back in a message, cut to CASSINO_EXCERPT_CHARS: a line of
 * 9 MB is not echoed whole.  Freed with the reader. */
static const char *
ex (Reader     *r,
    const char *text)
{
  char *e = cassino_input_excerpt (text ? text : "", -1);

  g_ptr_array_add (r->excerpts, e);
  return e;
}

static gboolean
located_error (Reader     *r,
               guint       line_no,
               guint       column,
               gint        code,
               const char *format,
               ...) G_GNUC_PRINTF (5, 6);

static gboolean
located_error (Reader     *r,
               guint       line_no,
               guint       column,
               gint        code,
               const char *format,
               ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (r->error, CASSINO_RECORD_ERROR, code, "line %u, column %u: %s",
               line_no, column, msg);
  return FALSE;
}

/* The column of @at in the current line (1 when NULL or elsewhere). */
static guint
column_at (Reader     *r,
           const char *at)
{
  if (at && at >= r->line && at <= r->line_end)
    return (guint) g_utf8_strlen (r->line, at - r->line) + 1;
  return 1;
}

/* An error on the current line, at @at; returns FALSE. */
#define reader_error(r, at, code, ...) \
  located_error ((r), (r)->line_no, column_at ((r), (at)), (code), __VA_ARGS__)

/* Advance to the next line; FALSE at the end of the text. */
static gboolean
reader_next_line (Reader *r)
{
  const char *p = r->line_end;

  if (r->line != NULL)
    {
      if (p >= r->end)
        return FALSE;
      p++;   /* skip '\n' */
    }
  else
    p = r->text;
  if (p > r->end || (p == r->end && r->line != NULL))
    return FALSE;
  r->line = p;
  r->line_end = memchr (p, '\n', r->end - p);
  if (r->line_end == NULL)
    r->line_end = r->end;
  r->line_no++;
  return TRUE;
}

/* The current line without comments and surrounding space (newly allocated),
 * and the offset of its first character in the line. */
static char *
reader_clean_line (Reader      *r,
                   gboolean    *in_brace,
                   const char **out_start)
{
  GString *s = g_string_new (NULL);
  const char *start = NULL;
  gboolean in_quote = FALSE;

  for (const char *p = r->line; p < r->line_end; p++)
    {
      char c = *p;

      if (*in_brace)
        {
          if (c == '}')
            *in_brace = FALSE;
          continue;
        }
      if (c == '\\' && in_quote && p + 1 < r->line_end)
        {
          g_string_append_c (s, c);
          g_string_append_c (s, *++p);
          continue;
        }
      if (c == '"')
        in_quote = !in_quote;
      if (!in_quote)
        {
          if (c == ';')
            break;
          if (c == '{')
            {
              *in_brace = TRUE;
              g_string_append_c (s, ' ');
              continue;
            }
        }
      if (c == '\r' || c == '\t')
        c = ' ';
      if (c == '\0')
        c = ' ';
      if (start == NULL && c != ' ')
        start = p;
      g_string_append_c (s, c);
    }

  *out_start = start ? start : r->line;
  return g_strstrip (g_string_free (s, FALSE));
}

/* Parse a tag line: [Name "v1" "v2" ...] */
static gboolean
parse_tag (Reader      *r,
           const char  *line,
           const char  *at,
           char       **out_name,
           GPtrArray  **out_values)
{
  const char *p = line + 1;
  const char *name_start;
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);

  while (*p == ' ')
    p++;
  name_start = p;
  while (g_ascii_isalnum (*p) || *p == '_' || *p == '-')
    p++;
  if (p == name_start)
    return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "a tag needs a name: [Name \"value\"]");
  *out_name = g_strndup (name_start, p - name_start);

  for (;;)
    {
      GString *v;

      while (*p == ' ')
        p++;
      if (*p == ']')
        {
          p++;
          break;
        }
      if (*p != '"')
        {
          g_clear_pointer (out_name, g_free);
          return reader_error (r, at + (p - line), CASSINO_RECORD_ERROR_SYNTAX,
                               "expected a quoted value or “]”");
        }
      p++;
      v = g_string_new (NULL);
      while (*p && *p != '"')
        {
          if (*p == '\\' && p[1])
            p++;
          g_string_append_c (v, *p++);
        }
      if (*p != '"')
        {
          g_string_free (v, TRUE);
          g_clear_pointer (out_name, g_free);
          return reader_error (r, at + (p - line), CASSINO_RECORD_ERROR_SYNTAX,
                               "unterminated quoted value");
        }
      p++;
      g_ptr_array_add (values, g_string_free (v, FALSE));
    }
  while (*p == ' ')
    p++;
  if (*p != '\0')
    {
      g_clear_pointer (out_name, g_free);
      return reader_error (r, at + (p - line), CASSINO_RECORD_ERROR_SYNTAX,
                           "unexpected text after the tag");
    }
  *out_values = g_steal_pointer (&values);
  return TRUE;
}

typedef struct {
  char      *name;
  GPtrArray *values;
  guint      line_no;
  guint      column;       /* of its "[" */
} Tag;

static void
tag_free (gpointer data)
{
  Tag *t = data;

  g_free (t->name);
  g_ptr_array_unref (t->values);
  g_free (t);
}

/* The tags of one game, in their order, and by key: the name in lower
 * case, and for Seat the seat too ("seat 1"), since a game has one Seat
 * tag a seat.  Each key once: a second is an error. */
typedef struct {
  GPtrArray  *list;        /* Tag*, owned */
  GHashTable *index;       /* key (owned) -> Tag* */
} Tags;

static Tags *
tags_new (void)
{
  Tags *tags = g_new0 (Tags, 1);

  tags->list = g_ptr_array_new_with_free_func (tag_free);
  tags->index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return tags;
}

static void
tags_free (Tags *tags)
{
  g_hash_table_unref (tags->index);
  g_ptr_array_unref (tags->list);
  g_free (tags);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Tags, tags_free)

static gboolean
parse_u64 (const char *text,
           guint64     max,
           guint64    *out)
{
  return text && g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL);
}

/* One part of a day: @len digits between @min and @max, or @len "?"
 * (unknown, as PGN writes it); *@known says which. */
static gboolean
day_part (const char *text,
          guint       len,
          guint       min,
          guint       max,
          guint      *value,
          gboolean   *known)
{
  guint q = 0, n = 0;

  for (guint i = 0; i < len; i++)
    {
      if (text[i] == '?')
        q++;
      else if (g_ascii_isdigit (text[i]))
        n = n * 10 + (guint) (text[i] - '0');
      else
        return FALSE;
    }
  *known = q == 0;
  *value = n;
  return q == len || (q == 0 && n >= min && n <= max);
}

/* A day as the Date tag writes it: YYYY.MM.DD (or YYYY-MM-DD), a part
 * unknown written "??" ("2026.??.??", "????.??.??"); a day that is
 * known whole must exist (no 2026.02.30). */
static gboolean
is_record_day (const char *text)
{
  guint y, m, d;
  gboolean yk, mk, dk;

  if (strlen (text) != 10 || (text[4] != '.' && text[4] != '-') || text[7] != text[4])
    return FALSE;
  if (!day_part (text, 4, 1, 9999, &y, &yk) || !day_part (text + 5, 2, 1, 12, &m, &mk) ||
      !day_part (text + 8, 2, 1, 31, &d, &dk))
    return FALSE;
  return !(yk && mk && dk) || g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y);
}

/* An instant as Start and End write it: ISO 8601 (the store reads any
 * offset, UTC if none), or a known day. */
static gboolean
is_record_instant (const char *text)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) dt = g_date_time_new_from_iso8601 (text, utc);

  return dt != NULL || (is_record_day (text) && strchr (text, '?') == NULL);
}

static char *
tag_key (const char *name,
         GPtrArray  *values)
{
  char *lower = g_ascii_strdown (name, -1);
  guint64 seat;

  if (g_str_equal (lower, "seat") && values->len > 0)
    {
      char *key = parse_u64 (values->pdata[0], G_MAXUINT64, &seat)
                  ? g_strdup_printf ("seat %" G_GUINT64_FORMAT, seat)
                  : g_strdup_printf ("seat %s", (const char *) values->pdata[0]);

      g_free (lower);
      return key;
    }
  return lower;
}

static const Tag *
tags_find (Tags       *tags,
           const char *name)
{
  g_autofree char *key = g_ascii_strdown (name, -1);

  return g_hash_table_lookup (tags->index, key);
}

static const char *
tag_value (Tags       *tags,
           const char *name,
           guint       index)
{
  const Tag *t = tags_find (tags, name);

  return t && index < t->values->len ? t->values->pdata[index] : NULL;
}

/* An error about the tag @t, at its line and column; returns FALSE. */
#define tag_error(r, t, code, ...) \
  located_error ((r), (t)->line_no, (t)->column, (code), __VA_ARGS__)

/* Build the game from its tags; an error is at the line of its tag. */
static CassinoGame *
game_from_tags (Reader *r,
                Tags   *tags)
{
  CassinoRules rules;
  guint64 players = 2, seed = 0, dealer = 0;
  const char *rules_text = tag_value (tags, "Rules", 0);
  const char *v;
  g_autoptr(GError) local = NULL;
  CassinoGame *game;

  v = tag_value (tags, "Cassino", 0);
  if (v && g_strcmp0 (v, RECORD_VERSION) != 0)
    {
      tag_error (r, tags_find (tags, "Cassino"), CASSINO_RECORD_ERROR_SYNTAX,
                 "record format version “%s” is newer than this program reads (%s)", ex (r, v), RECORD_VERSION);
      return NULL;
    }

  v = tag_value (tags, "Players", 0);
  if (v && (!parse_u64 (v, 6, &players) || players < 2 || players == 5))
    {
      tag_error (r, tags_find (tags, "Players"), CASSINO_RECORD_ERROR_SYNTAX,
                 "Players “%s” is not 2, 3, 4 or 6", ex (r, v));
      return NULL;
    }
  if (!cassino_rules_parse (&rules, rules_text ? rules_text : "classic", (guint) players, &local))
    {
      const Tag *t = tags_find (tags, "Rules");

      /* no Rules tag: classic, which the Players tag made impossible */
      if (t == NULL)
        t = tags_find (tags, "Players");
      tag_error (r, t, CASSINO_RECORD_ERROR_RULES, "%s", local->message);
      return NULL;
    }
  v = tag_value (tags, "Seed", 0);
  if (v && !parse_u64 (v, G_MAXUINT64, &seed))
    {
      tag_error (r, tags_find (tags, "Seed"), CASSINO_RECORD_ERROR_SYNTAX,
                 "Seed “%s” is not a number", ex (r, v));
      return NULL;
    }
  v = tag_value (tags, "Dealer", 0);
  if (v && (!parse_u64 (v, players - 1, &dealer)))
    {
      tag_error (r, tags_find (tags, "Dealer"), CASSINO_RECORD_ERROR_SYNTAX,
                 "Dealer “%s” is not a seat", ex (r, v));
      return NULL;
    }

  /* the game's times: a value that is no day or no instant would be
   * recorded as "started now" or "at an unknown time" without a word */
  v = tag_value (tags, "Date", 0);
  if (v && *v && !is_record_day (v))
    {
      tag_error (r, tags_find (tags, "Date"), CASSINO_RECORD_ERROR_SYNTAX,
                 "Date “%s” is not a day: write it YYYY.MM.DD, an unknown part as ??", ex (r, v));
      return NULL;
    }
  for (guint i = 0; i < 2; i++)
    {
      const char *name = i == 0 ? "Start" : "End";

      v = tag_value (tags, name, 0);
      if (v && *v && !is_record_instant (v))
        {
          tag_error (r, tags_find (tags, name), CASSINO_RECORD_ERROR_SYNTAX,
                     "%s “%s” is not a time: write it YYYY-MM-DDTHH:MM:SSZ", name, ex (r, v));
          return NULL;
        }
    }

  game = cassino_game_new (&rules, seed, (guint) dealer);
  for (guint i = 0; i < tags->list->len; i++)
    {
      Tag *t = tags->list->pdata[i];

      if (g_ascii_strcasecmp (t->name, "Seat") == 0)
        {
          guint64 seat;
          const char *kind = t->values->len > 2 ? t->values->pdata[2] : "human";

          if (t->values->len < 2 || !parse_u64 (t->values->pdata[0], players - 1, &seat))
            {
              tag_error (r, t, CASSINO_RECORD_ERROR_SYNTAX,
                         "a seat is written [Seat \"0\" \"Name\" \"human\"]");
              cassino_game_unref (game);
              return NULL;
            }
          cassino_game_set_seat (game, (guint) seat, t->values->pdata[1],
                                 g_ascii_strcasecmp (kind, "computer") == 0
                                   ? CASSINO_SEAT_COMPUTER : CASSINO_SEAT_HUMAN,
                                 t->values->len > 3 ? t->values->pdata[3] : NULL);
        }
      else if (!is_own_tag (t->name))
        cassino_game_set_tag (game, t->name, t->values->len ? t->values->pdata[0] : "");
    }
  return game;
}

/* The Result, Value, Ending and Score tags against the replay; a
 * difference is reported at the line of its tag. */
static gboolean
check_result (Reader      *r,
              CassinoGame *game,
              Tags        *tags)
{
  const Tag *result_tag = tags_find (tags, "Result");
  const char *result = tag_value (tags, "Result", 0);
  const char *score = tag_value (tags, "Score", 0);
  const CassinoRules *rules = cassino_game_get_rules (game);
  gboolean over = cassino_game_get_state (game) == CASSINO_GAME_OVER;

  if (result == NULL)
    return TRUE;

  if (g_strcmp0 (result, "*") == 0)
    {
      if (over)
        return tag_error (r, result_tag, CASSINO_RECORD_ERROR_MISMATCH,
                          "the Result tag says the game is unfinished, but the moves end it");
      return TRUE;
    }
  if (!over)
    return tag_error (r, result_tag, CASSINO_RECORD_ERROR_MISMATCH,
                      "the Result tag says “%s”, but the moves do not finish the game", ex (r, result));
  {
    int winner = cassino_game_get_winner (game);
    g_autofree char *expected = winner >= 0 ? g_strdup_printf ("%d", winner) : g_strdup ("draw");

    if (g_ascii_strcasecmp (result, expected) != 0)
      return tag_error (r, result_tag, CASSINO_RECORD_ERROR_MISMATCH,
                        "the Result tag says “%s”, but the moves give “%s”", ex (r, result), expected);
  }
  {
    const char *value = tag_value (tags, "Value", 0);
    const char *ending = tag_value (tags, "Ending", 0);
    g_autofree char *expected_value = g_strdup_printf ("%u", cassino_game_get_value (game));

    if (value && g_strcmp0 (value, expected_value) != 0)
      return tag_error (r, tags_find (tags, "Value"), CASSINO_RECORD_ERROR_MISMATCH,
                        "the Value tag says “%s”, but the moves give “%s”", ex (r, value), expected_value);
    if (ending && g_strcmp0 (ending, cassino_game_get_ending (game)) != 0)
      return tag_error (r, tags_find (tags, "Ending"), CASSINO_RECORD_ERROR_MISMATCH,
                        "the Ending tag says “%s”, but the game ended by “%s”", ex (r, ending),
                        cassino_game_get_ending (game));
  }
  if (score)
    {
      g_autoptr(GString) expected = g_string_new (NULL);

      for (guint i = 0; i < rules->n_sides; i++)
        g_string_append_printf (expected, "%s%u", i ? "-" : "", cassino_game_get_score (game, i));
      if (g_strcmp0 (score, expected->str) != 0)
        return tag_error (r, tags_find (tags, "Score"), CASSINO_RECORD_ERROR_MISMATCH,
                          "the Score tag says “%s”, but the moves give “%s”", ex (r, score), expected->str);
    }
  return TRUE;
}

/* A line "Deal N dealer D seed S" */
static gboolean
parse_deal_line (Reader     *r,
                 char      **words,
                 const char *at,
                 guint       number,
                 guint64    *dealer,
                 guint64    *seed)
{
  guint64 n;

  *dealer = G_MAXUINT64;
  *seed = 0;
  /* "Deal" alone: words[2] would be past the end */
  if (words[1] == NULL)
    return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "a deal line is “Deal 1 dealer 0 seed 123”");
  /* deals count from 1, each the one after the last (§4.1) */
  if (!parse_u64 (words[1], G_MAXUINT, &n) || n != number)
    return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "this is deal %u of the game, not “%s”",
                         number, ex (r, words[1]));
  for (guint i = 2; words[i]; i += 2)
    {
      if (words[i + 1] == NULL)
        return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "“%s” needs a value", ex (r, words[i]));
      if (g_ascii_strcasecmp (words[i], "dealer") == 0)
        {
          if (!parse_u64 (words[i + 1], 5, dealer))
            return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "dealer “%s” is not a seat",
                                 ex (r, words[i + 1]));
        }
      else if (g_ascii_strcasecmp (words[i], "seed") == 0)
        {
          if (!parse_u64 (words[i + 1], G_MAXUINT64, seed))
            return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "seed “%s” is not a number",
                                 ex (r, words[i + 1]));
        }
    }
  if (*dealer == G_MAXUINT64)
    return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "a deal line is “Deal 1 dealer 0 seed 123”");
  return TRUE;
}

static gboolean
check_tally (Reader      *r,
             CassinoGame *game,
             const char  *at,
             char       **words)
{
  const CassinoDeal *deal = cassino_game_get_current_deal (game);
  const CassinoRules *rules = cassino_game_get_rules (game);
  guint64 side;
  guint seen[CASSINO_N_ALL_CATEGORIES] = { 0 };

  if (deal == NULL || !deal->finished)
    return reader_error (r, at, CASSINO_RECORD_ERROR_MISMATCH, "a Tally line before the deal is over");
  if (words[1] == NULL || (words[1][0] != 'S' && words[1][0] != 's') ||
      !parse_u64 (words[1] + 1, rules->n_sides - 1, &side))
    return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "a Tally line names a side: Tally S0 ...");

  for (guint i = 2; words[i]; i += 2)
    {
      guint64 points;
      gboolean found = FALSE;

      if (words[i + 1] == NULL || !parse_u64 (words[i + 1], 1000, &points))
        return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "“%s” needs a number", ex (r, words[i]));
      if (g_ascii_strcasecmp (words[i], "total") == 0)
        {
          if (points != deal->score.total[side])
            return reader_error (r, at, CASSINO_RECORD_ERROR_MISMATCH,
                                 "side %u scored %u points, the record says %u",
                                 (guint) side, deal->score.total[side], (guint) points);
          continue;
        }
      for (guint c = 0; c < CASSINO_N_ALL_CATEGORIES; c++)
        if (g_ascii_strcasecmp (words[i], cassino_category_to_string (c)) == 0)
          {
            found = TRUE;
            seen[c] = (guint) points;
          }
      if (!found)
        return reader_error (r, at, CASSINO_RECORD_ERROR_SYNTAX, "unknown scoring category “%s”",
                             ex (r, words[i]));
    }
  for (guint c = 0; c < CASSINO_N_ALL_CATEGORIES; c++)
    if (seen[c] != deal->score.points[side][c])
      return reader_error (r, at, CASSINO_RECORD_ERROR_MISMATCH,
                           "side %u scored %u for %s, the record says %u", (guint) side,
                           deal->score.points[side][c], cassino_category_to_string (c), seen[c]);
  return TRUE;
}

GPtrArray *
cassino_record_read (const char  *text,
                     gssize       length,
                     GError     **error)
{
  Reader r = { 0 };
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_game_unref);
  g_autoptr(GPtrArray) excerpts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(Tags) tags = NULL;
  CassinoGame *game = NULL;
  gboolean in_brace = FALSE;
  gboolean expect_deck = FALSE;
  guint64 deal_dealer = 0, deal_seed = 0;
  guint ply = 0;

  g_return_val_if_fail (text != NULL, NULL);

  if (length < 0)
    length = strlen (text);
  if (!g_utf8_validate (text, length, NULL))
    {
      g_set_error (error, CASSINO_RECORD_ERROR, CASSINO_RECORD_ERROR_SYNTAX,
                   "the record is not UTF-8 text");
      return NULL;
    }
  r.text = text;
  r.end = text + length;
  r.error = error;
  r.excerpts = excerpts;

#define FAIL() G_STMT_START { g_clear_pointer (&game, cassino_game_unref); return NULL; } G_STMT_END

  while (reader_next_line (&r))
    {
      const char *at;
      g_autofree char *line = reader_clean_line (&r, &in_brace, &at);
      g_auto(GStrv) words = NULL;

      if (line[0] == '\0')
        continue;

      if (line[0] == '[')
        {
          char *name = NULL;
          GPtrArray *values = NULL;
          Tag *tag;
          char *key;
          const Tag *first;

          if (game != NULL)
            {
              /* tags after moves: the next game begins */
              if (!check_result (&r, game, tags))
                FAIL ();
              g_ptr_array_add (games, g_steal_pointer (&game));
              g_clear_pointer (&tags, tags_free);
            }
          if (!parse_tag (&r, line, at, &name, &values))
            FAIL ();
          if (tags == NULL)
            tags = tags_new ();
          tag = g_new0 (Tag, 1);
          tag->name = name;
          tag->values = values;
          tag->line_no = r.line_no;
          tag->column = column_at (&r, at);
          g_ptr_array_add (tags->list, tag);
          /* a tag given twice: which one would count? */
          key = tag_key (name, values);
          first = g_hash_table_lookup (tags->index, key);
          if (first != NULL)
            {
              if (g_ascii_strcasecmp (name, "Seat") == 0 && values->len > 0)
                tag_error (&r, tag, CASSINO_RECORD_ERROR_SYNTAX,
                           "a second Seat tag for seat “%s” (the first is on line %u)",
                           ex (&r, values->pdata[0]), first->line_no);
              else
                tag_error (&r, tag, CASSINO_RECORD_ERROR_SYNTAX,
                           "a second %s tag (the first is on line %u)", ex (&r, name), first->line_no);
              g_free (key);
              FAIL ();
            }
          g_hash_table_insert (tags->index, key, tag);
          continue;
        }

      words = g_strsplit (line, " ", -1);
      {
        /* drop empty words from repeated spaces */
        guint n = 0;

        for (guint k = 0; words[k]; k++)
          {
            if (words[k][0] != '\0')
              words[n++] = words[k];
            else
              g_free (words[k]);
          }
        words[n] = NULL;
      }

      if (game == NULL)
        {
          if (tags == NULL)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX,
                            "a record begins with its tags, e.g. [Rules \"classic\"]");
              FAIL ();
            }
          game = game_from_tags (&r, tags);
          if (game == NULL)
            FAIL ();
        }

      if (g_ascii_strcasecmp (words[0], "Deal") == 0)
        {
          if (!parse_deal_line (&r, words, at, cassino_game_get_n_deals (game) + 1,
                                &deal_dealer, &deal_seed))
            FAIL ();
          if (deal_dealer >= cassino_game_get_rules (game)->n_players)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "dealer %u is not a seat",
                            (guint) deal_dealer);
              FAIL ();
            }
          if (cassino_game_get_n_deals (game) > 0 &&
              cassino_game_get_state (game) != CASSINO_GAME_DEAL_OVER)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_MISMATCH,
                            "a new deal begins before the last one is over");
              FAIL ();
            }
          expect_deck = TRUE;
          continue;
        }

      if (g_ascii_strcasecmp (words[0], "Deck") == 0)
        {
          guint8 deck[CASSINO_N_CARDS];
          guint n = 0;
          g_autoptr(GError) local = NULL;

          if (!expect_deck)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "a Deck line must follow a Deal line");
              FAIL ();
            }
          for (guint k = 1; words[k]; k++)
            {
              CassinoCard card;
              const char *end;

              /* a word that is no card is named first (a 53rd word "Xx" was
               * "more than 52 cards") */
              if (!cassino_card_parse (words[k], &card, &end) || *end != '\0')
                {
                  const char *where = g_strstr_len (r.line, r.line_end - r.line, words[k]);

                  reader_error (&r, where, CASSINO_RECORD_ERROR_SYNTAX, "“%s” is not a card", ex (&r, words[k]));
                  FAIL ();
                }
              if (n == CASSINO_N_CARDS)
                {
                  reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "the deck has more than 52 cards");
                  FAIL ();
                }
              deck[n++] = card;
            }
          if (!cassino_game_start_deal_with_deck (game, (guint) deal_dealer, deal_seed, deck, n, &local))
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "%s", local->message);
              FAIL ();
            }
          expect_deck = FALSE;
          ply = 0;
          continue;
        }

      if (expect_deck)
        {
          reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "expected the Deck line of the deal");
          FAIL ();
        }

      if (g_ascii_isdigit (words[0][0]))
        {
          /* "12. S0 9s x 3h 6c" */
          guint64 number, seat;
          const char *move_start;
          g_autoptr(GError) local = NULL;
          CassinoMove move;
          const CassinoDeal *deal;
          const CassinoPlay *played;
          const char *dot = strchr (words[0], '.');

          if (dot == NULL || dot[1] != '\0' ||
              !g_ascii_string_to_unsigned (words[0], 10, 1, 100000, &number, NULL))
            {
              /* g_ascii_string_to_unsigned rejects the dot: parse by hand */
              char *num = g_strndup (words[0], dot ? (gsize) (dot - words[0]) : strlen (words[0]));
              gboolean ok = dot && dot[1] == '\0' &&
                            g_ascii_string_to_unsigned (num, 10, 1, 100000, &number, NULL);

              g_free (num);
              if (!ok)
                {
                  reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX,
                                "a move line is “12. S0 9s x 3h 6c”");
                  FAIL ();
                }
            }
          if (number != ply + 1)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "move %u follows move %u",
                            (guint) number, ply);
              FAIL ();
            }
          if (words[1] == NULL || (words[1][0] != 'S' && words[1][0] != 's') ||
              !parse_u64 (words[1] + 1, CASSINO_MAX_PLAYERS - 1, &seat))
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "the seat is written S0, S1, …");
              FAIL ();
            }
          if (cassino_game_get_n_deals (game) == 0)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "a move before the first Deal line");
              FAIL ();
            }
          if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_ILLEGAL, "a move after the end of the deal");
              FAIL ();
            }
          if (seat != cassino_game_get_to_move (game))
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_ILLEGAL, "it is S%u’s turn, not S%u’s",
                            cassino_game_get_to_move (game), (guint) seat);
              FAIL ();
            }
          move_start = strstr (line, words[1]) + strlen (words[1]);
          if (!cassino_move_parse_notation (move_start, &move, &local))
            {
              reader_error (&r, at + (move_start - line), CASSINO_RECORD_ERROR_SYNTAX, "%s", local->message);
              FAIL ();
            }
          deal = cassino_game_get_current_deal (game);
          if (!cassino_game_play (game, &move, &local))
            {
              reader_error (&r, at + (move_start - line), CASSINO_RECORD_ERROR_ILLEGAL, "%s", local->message);
              FAIL ();
            }
          /* §4.2: "#" is part of a capture, there exactly when it sweeps */
          played = &g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1);
          if ((played->move.flags ^ move.flags) & CASSINO_MOVE_FLAG_SWEEP)
            {
              if (move.flags & CASSINO_MOVE_FLAG_SWEEP)
                reader_error (&r, at + (strrchr (line, '#') - line), CASSINO_RECORD_ERROR_MISMATCH,
                              "“#” marks a sweep, but this capture leaves cards on the table");
              else
                reader_error (&r, at + strlen (line), CASSINO_RECORD_ERROR_MISMATCH,
                              "this capture sweeps the table: the move ends with “#”");
              FAIL ();
            }
          ply++;
          continue;
        }

      if (g_ascii_strcasecmp (words[0], "Tally") == 0)
        {
          if (!check_tally (&r, game, at, words))
            FAIL ();
          continue;
        }

      if (g_ascii_strcasecmp (words[0], "Points") == 0)
        {
          const CassinoDeal *deal = cassino_game_get_current_deal (game);
          const CassinoRules *rules = cassino_game_get_rules (game);

          if (deal == NULL)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "a Points line before any deal");
              FAIL ();
            }
          for (guint s = 0; s < rules->n_sides; s++)
            {
              guint64 p;

              if (words[s + 1] == NULL || !parse_u64 (words[s + 1], 100000, &p))
                {
                  reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "Points lists a number for each side");
                  FAIL ();
                }
              if (p != deal->game_points[s])
                {
                  reader_error (&r, at, CASSINO_RECORD_ERROR_MISMATCH,
                                "the deal gave side %u %u points, the record says %u",
                                s, deal->game_points[s], (guint) p);
                  FAIL ();
                }
            }
          continue;
        }

      if (g_ascii_strcasecmp (words[0], "Last") == 0)
        {
          /* "Last S1 4c 8d": checked against where the replay sent them */
          const CassinoDeal *deal = cassino_game_get_current_deal (game);
          guint64 side;
          CassinoCards cards = 0;

          if (deal == NULL || !deal->finished)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_MISMATCH, "a Last line before the deal is over");
              FAIL ();
            }
          if (words[1] == NULL || (words[1][0] != 'S' && words[1][0] != 's') ||
              !parse_u64 (words[1] + 1, CASSINO_MAX_SIDES - 1, &side))
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "a Last line names a side: Last S0 ...");
              FAIL ();
            }
          for (guint k = 2; words[k]; k++)
            {
              CassinoCard card;
              const char *end;

              if (!cassino_card_parse (words[k], &card, &end) || *end != '\0')
                {
                  reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "“%s” is not a card", ex (&r, words[k]));
                  FAIL ();
                }
              cards |= CASSINO_CARD_BIT (card);
            }
          if ((gint) side != deal->last_cards_side || cards != deal->last_cards)
            {
              reader_error (&r, at, CASSINO_RECORD_ERROR_MISMATCH,
                            "the last cards did not go there in the replay");
              FAIL ();
            }
          continue;
        }

      reader_error (&r, at, CASSINO_RECORD_ERROR_SYNTAX, "unexpected “%s”", ex (&r, words[0]));
      FAIL ();
    }

  if (game == NULL && tags != NULL)
    {
      /* tags and no deal: nothing to replay (a writer always writes the
       * first deal, dealt when the game begins); what is wrong with the
       * tags themselves is told first */
      game = game_from_tags (&r, tags);
      if (game == NULL)
        FAIL ();
      g_clear_pointer (&game, cassino_game_unref);
      tag_error (&r, (const Tag *) tags->list->pdata[0], CASSINO_RECORD_ERROR_SYNTAX,
                 "this game has tags but no deal (a “Deal 1” line and its “Deck” follow the tags)");
      FAIL ();
    }
  if (game != NULL)
    {
      if (!check_result (&r, game, tags))
        FAIL ();
      g_ptr_array_add (games, g_steal_pointer (&game));
    }
#undef FAIL

  if (games->len == 0)
    {
      g_set_error (error, CASSINO_RECORD_ERROR, CASSINO_RECORD_ERROR_SYNTAX,
                   "the text holds no game record");
      return NULL;
    }
  return g_steal_pointer (&games);
}
