/* test-daily.c: the daily deal's seed, deck and streaks
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-daily.h"
#include "cassino-game.h"

#include <string.h>

static void
date_of (const char *text,
         GDate      *out)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (cassino_daily_parse_date (text, out, &error));
  g_assert_no_error (error);
}

/* The first cards of deal 1 of the daily deal, as text. */
static char *
first_cards (const char    *day,
             CassinoPreset  preset,
             guint          n)
{
  CassinoRules rules;
  GDate date;
  guint8 deck[CASSINO_N_CARDS];
  GString *text = g_string_new (NULL);

  date_of (day, &date);
  g_assert_true (cassino_rules_init_preset (&rules, preset, CASSINO_DAILY_N_PLAYERS, NULL));
  cassino_deal_deck_for_seed (&rules, cassino_game_deal_seed (cassino_daily_seed (&date, preset), 1), deck);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s%s", i ? " " : "", cassino_card_to_string (deck[i]));
  return g_string_free (text, FALSE);
}

static void
test_daily_seed_text (void)
{
  GDate date;
  g_autofree char *text = NULL;

  date_of ("2026-11-24", &date);
  text = cassino_daily_seed_text (&date, CASSINO_PRESET_CLASSIC);
  g_assert_cmpstr (text, ==, "cassino-daily:2026-11-24:classic");
}

static void
test_daily_fixed_deck (void)
{
  /* computed once (SHA-256 of the text above, then the shuffle of
   * docs/record-format.md) and written here: the deal may never change */
  g_autofree char *classic = first_cards ("2026-11-24", CASSINO_PRESET_CLASSIC, 8);
  g_autofree char *again = first_cards ("2026-11-24", CASSINO_PRESET_CLASSIC, 8);
  GDate date;

  date_of ("2026-11-24", &date);
  g_assert_cmpuint (cassino_daily_seed (&date, CASSINO_PRESET_CLASSIC), ==, G_GUINT64_CONSTANT (5299592036290771458));
  g_assert_cmpstr (classic, ==, "As 7c Jd 4c Ks Js 6s Th");
  g_assert_cmpstr (again, ==, classic);
}

static void
test_daily_differs (void)
{
  g_autofree char *a = first_cards ("2026-11-24", CASSINO_PRESET_CLASSIC, 12);
  g_autofree char *b = first_cards ("2026-11-25", CASSINO_PRESET_CLASSIC, 12);
  g_autofree char *c = first_cards ("2026-11-24", CASSINO_PRESET_ROYAL, 12);
  GDate d1, d2;

  g_assert_cmpstr (a, !=, b);
  g_assert_cmpstr (a, !=, c);
  date_of ("2026-11-24", &d1);
  date_of ("2026-11-25", &d2);
  g_assert_cmpuint (cassino_daily_seed (&d1, CASSINO_PRESET_CLASSIC), !=,
                    cassino_daily_seed (&d2, CASSINO_PRESET_CLASSIC));
  g_assert_cmpuint (cassino_daily_seed (&d1, CASSINO_PRESET_CLASSIC), !=,
                    cassino_daily_seed (&d1, CASSINO_PRESET_AMERICAN));
}

static void
test_daily_bad_date (void)
{
  const char *bad[] = { "2026-13-01", "2026-02-30", "24.11.2026", "2026-11-24x", "", "2026-1-5" };
  GDate date;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (cassino_daily_parse_date (bad[i], &date, &error));
      g_assert_error (error, CASSINO_DAILY_ERROR, CASSINO_DAILY_ERROR_DATE);
      g_assert_nonnull (strstr (error->message, "YYYY-MM-DD"));
    }
}

static void
streaks_of (const char * const *days,
            const char         *today,
            guint              *current,
            guint              *longest)
{
  GDate dates[16], t;
  guint n = 0;

  for (; days[n]; n++)
    date_of (days[n], &dates[n]);
  date_of (today, &t);
  cassino_daily_streaks (dates, n, &t, current, longest);
}

static void
test_daily_streaks (void)
{
  const char *run[] = { "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", NULL };
  const char *gap[] = { "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-22", "2026-11-23",
                        "2026-11-24", "2026-11-24", NULL };
  const char *month[] = { "2026-02-27", "2026-02-28", "2026-03-01", NULL };
  const char *none[] = { NULL };
  guint cur, best;

  /* today not played yet: yesterday's run still counts */
  streaks_of (run, "2026-11-24", &cur, &best);
  g_assert_cmpuint (cur, ==, 4);
  g_assert_cmpuint (best, ==, 4);
  /* a day missed breaks it */
  streaks_of (run, "2026-11-25", &cur, &best);
  g_assert_cmpuint (cur, ==, 0);
  g_assert_cmpuint (best, ==, 4);
  /* a gap: the current run starts after it; two games on one day are one day */
  streaks_of (gap, "2026-11-24", &cur, &best);
  g_assert_cmpuint (cur, ==, 3);
  g_assert_cmpuint (best, ==, 3);
  /* across a month's end */
  streaks_of (month, "2026-03-01", &cur, &best);
  g_assert_cmpuint (cur, ==, 3);
  streaks_of (none, "2026-03-01", &cur, &best);
  g_assert_cmpuint (cur, ==, 0);
  g_assert_cmpuint (best, ==, 0);
}

/* The date is the player's local date: 23:30 UTC on the 23rd is already
 * the 24th in Berlin, and still the 23rd in New York. */
static void
test_daily_local_date (void)
{
  g_autoptr(GTimeZone) berlin = g_time_zone_new_identifier ("Europe/Berlin");
  g_autoptr(GTimeZone) new_york = g_time_zone_new_identifier ("America/New_York");
  g_autoptr(GDateTime) utc = g_date_time_new_utc (2026, 11, 23, 23, 30, 0);
  g_autoptr(GDateTime) in_berlin = NULL;
  g_autoptr(GDateTime) in_new_york = NULL;
  g_autofree char *b = NULL;
  g_autofree char *n = NULL;
  const char *played[] = { "2026-11-21", "2026-11-22", "2026-11-23", NULL };
  guint cur, best;

  g_assert_nonnull (berlin);
  g_assert_nonnull (new_york);
  in_berlin = g_date_time_to_timezone (utc, berlin);
  in_new_york = g_date_time_to_timezone (utc, new_york);
  b = g_date_time_format (in_berlin, "%Y-%m-%d");
  n = g_date_time_format (in_new_york, "%Y-%m-%d");
  g_assert_cmpstr (b, ==, "2026-11-24");
  g_assert_cmpstr (n, ==, "2026-11-23");

  /* in Berlin the streak stands open for today; in New York today is played */
  streaks_of (played, b, &cur, &best);
  g_assert_cmpuint (cur, ==, 3);
  streaks_of (played, n, &cur, &best);
  g_assert_cmpuint (cur, ==, 3);
  /* a day later in Berlin without a game: broken */
  streaks_of (played, "2026-11-25", &cur, &best);
  g_assert_cmpuint (cur, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cassino/daily/seed-text", test_daily_seed_text);
  g_test_add_func ("/cassino/daily/fixed-deck", test_daily_fixed_deck);
  g_test_add_func ("/cassino/daily/differs", test_daily_differs);
  g_test_add_func ("/cassino/daily/bad-date", test_daily_bad_date);
  g_test_add_func ("/cassino/daily/streaks", test_daily_streaks);
  g_test_add_func ("/cassino/daily/local-date", test_daily_local_date);
  return g_test_run ();
}
