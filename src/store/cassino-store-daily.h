/* cassino-store-daily.h: the daily deals played, and their statistics
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-store.h"

G_BEGIN_DECLS

/* One daily deal played (a recorded game with the Daily tag). */
typedef struct {
  gint64    game_id;
  char     *date;          /* "YYYY-MM-DD", the player's local date */
  char     *preset;
  gboolean  finished;
  gint      score;         /* side 0: the player */
  gint      opponent_score;
  gint      winner_side;   /* -1: drawn or not finished */
} CassinoDailyResult;

typedef struct {
  GPtrArray *results;      /* CassinoDailyResult, newest date first */
  guint      streak;       /* days in a row up to today (or yesterday) */
  guint      longest;
  gint       best_score;   /* -1: no finished daily game */
  guint      played;       /* finished daily games */
  guint      won;
} CassinoDailyStats;

void               cassino_daily_stats_free (CassinoDailyStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoDailyStats, cassino_daily_stats_free)

/* The daily results of @store and their streaks counted up to @today (the
 * player's local date).  Only finished games count for the streak and
 * the best score; unfinished ones are listed (to be resumed).
 * Returns: (transfer full): the statistics, or NULL with @error set. */
CassinoDailyStats *cassino_store_get_daily_stats (CassinoStore  *store,
                                                  const GDate   *today,
                                                  GError       **error);

G_END_DECLS
