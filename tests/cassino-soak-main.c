/* cassino-soak: the long run of the engine invariants (issue: reliability)
 *
 *   cassino-soak [DEALS [SEED]]     default 1000000 deals
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "cassino-soak.h"

int
main (int    argc,
      char **argv)
{
  guint64 deals = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 1000000;
  guint64 seed = argc > 2 ? g_ascii_strtoull (argv[2], NULL, 10) : 1;
  CassinoSoakReport report;
  g_autoptr(GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  double secs;

  if (!cassino_soak_run (deals, seed, &report, &error))
    {
      fprintf (stderr, "cassino-soak: FAILED: %s\n", error->message);
      return 1;
    }
  secs = (g_get_monotonic_time () - t0) / 1e6;
  printf ("cassino-soak: %" G_GUINT64_FORMAT " deals over %u configurations, %" G_GUINT64_FORMAT
          " plays, %" G_GUINT64_FORMAT " legal moves checked, 0 failures, %.1f s\n",
          report.deals, report.configurations, report.plays, report.moves_checked, secs);
  return 0;
}
