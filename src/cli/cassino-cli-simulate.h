/* cassino-cli-simulate.h
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cassino-ai.h"

G_BEGIN_DECLS

/* Called (under a lock, one at a time) with every finished game. */
typedef gboolean (*CassinoSimulateRecordFunc) (CassinoGame  *game,
                                               gpointer      user_data,
                                               GError      **error);

typedef struct {
  CassinoRules              rules;
  CassinoLevel              levels[CASSINO_MAX_SIDES];
  guint                     n_levels;
  CassinoAiBudget           budget;
  /* per side: its budget ("master:300" gives 300 sampled deals; else
   * @budget), whether it follows the hints ("hint"), its name as given */
  CassinoAiBudget           budgets[CASSINO_MAX_SIDES];
  gboolean                  hints[CASSINO_MAX_SIDES];
  char                      names[CASSINO_MAX_SIDES][32];
  guint64                   seed;
  guint                     games;
  gboolean                  mirror;
  guint                     jobs;
  CassinoSimulateRecordFunc record;
  gpointer                  record_data;
} CassinoSimulateOptions;

CassinoGame *cassino_simulate_game (const CassinoRules    *rules,
                                    const CassinoLevel    *side_levels,
                                    const CassinoAiBudget *side_budgets,
                                    const gboolean        *side_hints,
                                    guint64                game_seed,
                                    GArray                *times_us_per_side[],
                                    GError               **error);

int          cassino_simulate_run  (const CassinoSimulateOptions *opts,
                                    GString                      *records,
                                    gboolean                      json);

/* Recording into a database (cassino-cli-simulate-db.c). */
gboolean     cassino_simulate_open_recorder  (CassinoSimulateOptions  *opts,
                                              const char              *path,
                                              GError                 **error);
void         cassino_simulate_close_recorder (CassinoSimulateOptions  *opts);

G_END_DECLS
