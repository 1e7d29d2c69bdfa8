/* cassino-cli-simulate-db.c: recording simulated games in the store
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include "cassino-cli-db.h"
#include "cassino-cli-simulate.h"
#include "cassino-store.h"
#include "cassino-store-record.h"

static gboolean
record_game (CassinoGame  *game,
             gpointer      user_data,
             GError      **error)
{
  CassinoStore *store = user_data;
  g_autoptr(GError) local = NULL;

  if (cassino_store_record_game (store, game, 0, CASSINO_STORE_SOURCE_SIMULATED, &local) > 0)
    return TRUE;
  /* the same seed and seats make the same game: already there is fine */
  if (g_error_matches (local, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_DUPLICATE))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

gboolean
cassino_simulate_open_recorder (CassinoSimulateOptions  *opts,
                                const char              *path,
                                GError                 **error)
{
  /* checked whole, however large: a damaged file is salvaged before a
   * game is written to it */
  CassinoStore *store = cassino_store_open_full (path, CASSINO_STORE_OPEN_CHECK_ALL |
                                                       CASSINO_STORE_OPEN_KEEP_NON_DATABASE, error);

  if (store == NULL)
    return FALSE;
  cassino_cli_report_salvage ("simulate", store);
  opts->record = record_game;
  opts->record_data = store;
  return TRUE;
}

void
cassino_simulate_close_recorder (CassinoSimulateOptions *opts)
{
  g_clear_object (&opts->record_data);
}
