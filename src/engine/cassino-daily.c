/* cassino-daily.c
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cassino-daily.h"

G_DEFINE_QUARK (cassino-daily-error-quark, cassino_daily_error)

char *
cassino_daily_format_date (const GDate *date)
{
  g_return_val_if_fail (date != NULL && g_date_valid (date), NULL);
  return g_strdup_printf ("%04u-%02u-%02u", (guint) g_date_get_year (date),
                          (guint) g_date_get_month (date), (guint) g_date_get_day (date));
}

char *
cassino_daily_seed_text (const GDate   *date,
                         CassinoPreset  preset)
{
  g_autofree char *day = cassino_daily_format_date (date);

  return g_strdup_printf ("cassino-daily:%s:%s", day, cassino_preset_to_string (preset));
}

guint64
cassino_daily_seed (const GDate   *date,
                    CassinoPreset  preset)
{
  g_autofree char *text = cassino_daily_seed_text (date, preset);
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize len = sizeof digest;
  guint64 seed = 0;

  g_checksum_update (sum, (const guchar *) text, (gssize) strlen (text));
  g_checksum_get_digest (sum, digest, &len);
  for (guint i = 0; i < 8; i++)
    seed = (seed << 8) | digest[i];
  return seed ? seed : 1;
}

gboolean
cassino_daily_parse_date (const char  *text,
                          GDate       *out,
                          GError     **error)
{
  guint y, m, d;
  char tail;

  g_date_clear (out, 1);
  if (text == NULL || strlen (text) != 10 || text[4] != '-' || text[7] != '-' ||
      sscanf (text, "%4u-%2u-%2u%c", &y, &m, &d, &tail) != 3 ||
      !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
    {
      g_set_error (error, CASSINO_DAILY_ERROR, CASSINO_DAILY_ERROR_DATE,
                   /* Translators: %s is what the user typed as a date */
                   _("“%s” is not a date of the form YYYY-MM-DD"), text ? text : "");
      return FALSE;
    }
  g_date_set_dmy (out, (GDateDay) d, (GDateMonth) m, (GDateYear) y);
  return TRUE;
}

void
cassino_daily_today (GDate *out)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  g_date_clear (out, 1);
  g_date_set_dmy (out, (GDateDay) g_date_time_get_day_of_month (now),
                  (GDateMonth) g_date_time_get_month (now),
                  (GDateYear) g_date_time_get_year (now));
}

static int
compare_julian (gconstpointer a,
                gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

void
cassino_daily_streaks (const GDate *dates,
                       guint        n_dates,
                       const GDate *today,
                       guint       *current,
                       guint       *longest)
{
  g_autofree guint32 *days = g_new (guint32, MAX (n_dates, 1));
  guint32 t = g_date_get_julian (today);
  guint n = 0, best = 0, run = 0, cur = 0;

  for (guint i = 0; i < n_dates; i++)
    if (g_date_valid (&dates[i]))
      days[n++] = g_date_get_julian (&dates[i]);
  qsort (days, n, sizeof *days, compare_julian);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0 && days[i] == days[i - 1])
        continue;
      run = (i > 0 && days[i] == days[i - 1] + 1) ? run + 1 : 1;
      best = MAX (best, run);
      /* the run reaching today, or yesterday while today is still open */
      if (days[i] == t || days[i] + 1 == t)
        cur = run;
      else if (days[i] > t)
        break;
    }
  if (current)
    *current = cur;
  if (longest)
    *longest = best;
}
