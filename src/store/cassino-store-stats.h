/* cassino-store-stats.h: a player's statistics, derived by SQL
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Statistics are computed on demand from the per-game facts of
 * v_seat_facts (see cassino-store-schema.c): nothing is kept as a running
 * total.  Only finished games count; abandoned and unfinished games do not.
 * Points, categories, sweeps and the Cassinos are those of the player's
 * side (a partnership shares them); builds are the player's own.
 *
 * A computer player is one player per level and engine version, so when
 * the same level sits in two seats of one game, both seats count for it.
 */
#pragma once

#include "cassino-score.h"
#include "cassino-store.h"

G_BEGIN_DECLS

typedef struct {
  const char *preset;      /* a preset name, or several separated by commas (a
                            * family of games: "xeri,diloti"); NULL for every
                            * preset */
  guint       n_players;   /* 2, 3, 4, 6, or 0 for any */
} CassinoStoreStatsFilter;

typedef struct {
  gint64  opponent_id;
  char   *name;            /* the opponent's current name */
  guint   games;
  guint   wins;            /* the player's side won */
  guint   draws;           /* neither side won */
  guint   losses;          /* the opponent's side won */
} CassinoStoreHeadToHead;

typedef struct {
  gint64     player_id;
  char      *name;

  guint      games;
  guint      wins;
  guint      draws;
  guint      losses;
  double     win_percent;             /* wins / games × 100 */

  guint      rubbers;                 /* finished rubbers played */
  guint      rubbers_won;

  guint      deals;                   /* deals played to the end */
  guint      points;                  /* deal points of the player's side */
  double     points_per_deal;
  guint      category_points[CASSINO_N_CATEGORIES];
  double     category_percent[CASSINO_N_CATEGORIES];  /* share of @points × 100 */
  /* A category counts over the deals of the variants that have it: a
   * player of Cassino and Scopa took the 10♦ in some share of the Cassino
   * deals (Scopa's deck has no 10).  The *_deals fields count those deals;
   * 0: no variant played has it (the statistics page shows no tile). */
  guint      sweeps;
  guint      sweep_deals;             /* deals of variants that score sweeps */
  double     sweeps_per_deal;         /* sweeps / @sweep_deals */
  guint      big_cassino;             /* deals in which the side took Td */
  guint      big_cassino_deals;       /* deals of variants that score Td */
  double     big_cassino_percent;     /* of @big_cassino_deals × 100 */
  gboolean   big_cassino_family;      /* some of those deals are of a fishing game
                                       * (Xeri, Diloti, …: there the 10♦ is no Cassino) */
  guint      little_cassino;
  guint      little_cassino_deals;
  double     little_cassino_percent;
  gboolean   little_cassino_family;   /* some of those deals are of a fishing game (Diloti) */
  guint      seven_diamonds_deals;    /* deals of variants that score 7d */
  double     seven_diamonds_percent;  /* deals the side took it, of those × 100 */
  gboolean   seven_diamonds_settebello;  /* every one of them Scopa's (the settebello) */
  guint      building_games;          /* games of variants with building */
  char      *only_preset;             /* the one preset of all the games counted,
                                       * NULL when there are several (or none) */
  guint      builds;                  /* builds the player made */
  guint      builds_taken;            /* ... that the player then captured */
  double     builds_taken_percent;

  int        current_streak;          /* > 0: wins in a row, < 0: losses; 0: last game drawn or none */
  guint      longest_win_streak;
  guint      longest_loss_streak;

  gint64     best_game_id;            /* the win by the widest margin, 0 if no win */
  int        best_game_margin;
  guint      best_game_score;

  gint64     time_played;             /* seconds, start to end of each game whose start
                                       * is known (not those recorded with a date only) */

  GPtrArray *head_to_head;            /* CassinoStoreHeadToHead, most games first */
} CassinoStoreStats;

void               cassino_store_stats_free (CassinoStoreStats *stats);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStoreStats, cassino_store_stats_free)

typedef enum {
  CASSINO_STORE_STATS_DEFAULT  = 0,
  /* compute from the raw records (the view v_seat_facts) rather than the
   * per-game rows written when games end: slow, for checking */
  CASSINO_STORE_STATS_FROM_RAW = 1 << 0,
} CassinoStoreStatsFlags;

/* Returns: (transfer full): the statistics of @player_id over the games
 * @filter (may be NULL) selects, or NULL with @error. */
CassinoStoreStats *cassino_store_get_player_stats (CassinoStore                   *store,
                                                   gint64                          player_id,
                                                   const CassinoStoreStatsFilter  *filter,
                                                   CassinoStoreStatsFlags          flags,
                                                   GError                        **error);

/* Games and wins of a player per calendar month, oldest first, for the
 * "win % by month" graph: a game counts in the local month it ended in. */
typedef struct {
  guint   year;
  guint   month;               /* 1..12 */
  guint   games;
  guint   wins;
} CassinoStoreMonth;

/* Returns: (transfer full) (element-type CassinoStoreMonth), or NULL with
 * @error. */
GArray            *cassino_store_get_player_months (CassinoStore                   *store,
                                                    gint64                          player_id,
                                                    const CassinoStoreStatsFilter  *filter,
                                                    GError                        **error);

/* How the player's games spread over points per deal (the side's deal
 * points of a game divided by its deals): element i counts the games with
 * a mean in [i / 2, (i + 1) / 2), the last element everything above.
 * Returns: (transfer full) (element-type guint), @n_bins long, or NULL
 * with @error. */
GArray            *cassino_store_get_points_per_deal_histogram (CassinoStore                   *store,
                                                                gint64                          player_id,
                                                                const CassinoStoreStatsFilter  *filter,
                                                                guint                           n_bins,
                                                                GError                        **error);

/* What a statistics page draws, in a single pass over the player's
 * games: the month series and the points-per-deal histogram above, and
 * the preset the player played most (NULL without games). */
typedef struct {
  GArray *months;          /* CassinoStoreMonth */
  GArray *histogram;       /* guint, @n_bins long */
  char   *top_preset;
} CassinoStorePlayerSeries;

void               cassino_store_player_series_free (CassinoStorePlayerSeries *series);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStorePlayerSeries, cassino_store_player_series_free)

/* Returns: (transfer full), or NULL with @error.  @n_bins may be 0. */
CassinoStorePlayerSeries *cassino_store_get_player_series (CassinoStore                   *store,
                                                           gint64                          player_id,
                                                           const CassinoStoreStatsFilter  *filter,
                                                           guint                           n_bins,
                                                           GError                        **error);

/* The (preset, player count) pairs a player has finished games in, as
 * "preset/N" strings.  Returns: (transfer full). */
GStrv              cassino_store_get_player_groups (CassinoStore  *store,
                                                    gint64         player_id,
                                                    GError       **error);

/* Rewrite every derived row (per-game facts and ratings) from the raw
 * records. */
gboolean           cassino_store_rebuild_derived  (CassinoStore  *store,
                                                   GError       **error);

G_END_DECLS
