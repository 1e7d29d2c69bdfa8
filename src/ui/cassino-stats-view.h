/* cassino-stats-view.h: a player's statistics, and two compared
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-records.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_STATS_VIEW (cassino_stats_view_get_type ())
G_DECLARE_FINAL_TYPE (CassinoStatsView, cassino_stats_view, CASSINO, STATS_VIEW, GtkWidget)

void          cassino_stats_view_set_records (CassinoStatsView *self,
                                              CassinoRecords   *records);
/* Show the player at @position of the records' player list; compare with
 * @compare (-1: nobody).  @preset -1: every preset; @n_players 0: any. */
void          cassino_stats_view_show        (CassinoStatsView *self,
                                              int               position,
                                              int               compare,
                                              int               preset,
                                              guint             n_players);
/* Whether a computation is running. */
gboolean      cassino_stats_view_is_loading  (CassinoStatsView *self);
/* The page shown: "empty", "loading" or "stats". */
const char   *cassino_stats_view_get_page    (CassinoStatsView *self);
/* The text shown for a headline figure: "games", "wins", "draws",
 * "losses", "win-percent", "points-per-deal", "sweeps-per-deal",
 * "big-cassino", "little-cassino", "builds-taken", "streak",
 * "longest-win-streak", "rubbers", "time-played", "rating"; a category
 * share "category-N"; a head-to-head line "h2h-ID". */
const char   *cassino_stats_view_get_figure  (CassinoStatsView *self,
                                              const char       *key);
/* The graphs: "rating", "months", "points". */
GtkWidget    *cassino_stats_view_get_chart   (CassinoStatsView *self,
                                              const char       *name);

/* Time played as the tiles say it: to the nearest minute, "2 h 5 min". */
char *cassino_stats_view_format_duration (gint64 seconds);

G_END_DECLS
