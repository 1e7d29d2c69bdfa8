/* test-invariants.c: invariants over random play of every preset
 *
 * A seeded share runs here; `cassino-soak` runs the long version.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-test-util.h"
#include "cassino-soak.h"

static void
test_invariants_all_presets (void)
{
  CassinoSoakReport report;
  g_autoptr(GError) error = NULL;
  guint deals = g_test_slow () ? 100000 : 4000;

  if (!cassino_soak_run (deals, 20261121, &report, &error))
    g_error ("%s", error->message);
  g_test_message ("%" G_GUINT64_FORMAT " deals, %" G_GUINT64_FORMAT " plays, %" G_GUINT64_FORMAT " moves checked",
                  report.deals, report.plays, report.moves_checked);
  g_assert_cmpuint (report.deals, ==, deals);
  g_assert_cmpuint (report.configurations, ==, cassino_soak_n_configurations ());
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cassino/invariants/all-presets", test_invariants_all_presets);

  return g_test_run ();
}
