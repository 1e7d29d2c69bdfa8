/* cassino-soak.h: random deals of every preset with the engine's invariants
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-game.h"

typedef struct {
  guint64 deals;
  guint64 plays;
  guint64 moves_checked;
  guint   configurations;
} CassinoSoakReport;

guint    cassino_soak_n_configurations (void);
/* Play @n_deals random deals spread over every preset and player count,
 * checking the invariants at every play; FALSE with an error naming the
 * seed, the preset and what broke. */
/* @n_deals random deals of one rule set. */
gboolean cassino_soak_run_rules (const CassinoRules *rules,
                                 guint64             n_deals,
                                 guint64             seed,
                                 CassinoSoakReport  *report,
                                 GError            **error);
gboolean cassino_soak_run (guint64             n_deals,
                           guint64             seed,
                           CassinoSoakReport  *report,
                           GError            **error);
