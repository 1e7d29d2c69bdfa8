/* cassino-store-ratings.h: Glicko-2 ratings per player and preset
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every finished game is a rating period for each human in it: they are
 * rated against each player on another side (1 when their side won, 0
 * when that player's side won, 0.5 otherwise), per preset.  Computer
 * levels are anchored reference players with fixed ratings, so that a
 * rating means the same thing on every machine.  Every update is kept
 * (one row per player per game) for graphs.
 */
#pragma once

#include "cassino-glicko.h"
#include "cassino-store.h"

G_BEGIN_DECLS

typedef struct {
  gint64         player_id;
  char          *name;
  char          *preset;
  CassinoGlicko  glicko;
  guint          games;       /* rated games */
  gboolean       anchored;    /* a computer level: fixed */
} CassinoStoreRating;

typedef struct {
  gint64         game_id;
  gint64         time;        /* when the game ended, unix seconds */
  CassinoGlicko  glicko;      /* after that game */
} CassinoStoreRatingPoint;

void                cassino_store_rating_free (CassinoStoreRating *rating);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStoreRating, cassino_store_rating_free)

/* The fixed rating of a computer level ("beginner" ... "expert"). */
void                cassino_store_get_level_anchor (const char    *level,
                                                    CassinoGlicko *out);

/* The current rating of a player for @preset (the default rating when
 * unrated).  Returns: (transfer full), or NULL with @error. */
CassinoStoreRating *cassino_store_get_rating   (CassinoStore  *store,
                                                gint64         player_id,
                                                const char    *preset,
                                                GError       **error);
/* Returns: (transfer full) (element-type CassinoStoreRatingPoint): the
 * rating after each rated game, oldest first.  With @max_points > 1 and
 * more games than that, only @max_points of them: the first, the last and
 * evenly spaced ones between (what a graph can show).  0: every game. */
GArray             *cassino_store_get_rating_history (CassinoStore  *store,
                                                      gint64         player_id,
                                                      const char    *preset,
                                                      guint          max_points,
                                                      GError       **error);
/* Returns: (transfer full) (element-type CassinoStoreRating): every rated
 * human for @preset, best first. */
GPtrArray          *cassino_store_list_ratings (CassinoStore  *store,
                                                const char    *preset,
                                                GError       **error);
/* Recompute every rating from the game results, in the order the games
 * ended. */
gboolean            cassino_store_rebuild_ratings (CassinoStore  *store,
                                                   GError       **error);

G_END_DECLS
