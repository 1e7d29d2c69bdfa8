/* cassino-store-history.h: the list of games, page by page
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pages are keyset-paged: each page ends with a cursor from which the next
 * one starts, so every page costs the same however far down the list it
 * is.  The UI wraps pages in a GListModel.
 */
#pragma once

#include "cassino-store.h"

G_BEGIN_DECLS

typedef enum {
  CASSINO_STORE_RESULT_ANY,
  CASSINO_STORE_RESULT_WON,         /* won by the player's side (any decided game with no player) */
  CASSINO_STORE_RESULT_LOST,        /* lost by the player's side (any decided game with no player) */
  CASSINO_STORE_RESULT_DRAWN,       /* finished without a winner */
  CASSINO_STORE_RESULT_UNFINISHED,  /* still being played */
  CASSINO_STORE_RESULT_FINISHED,    /* any finished game */
} CassinoStoreResult;

typedef struct {
  gint64              player_id;    /* games this player sat in; 0: any */
  gint64              opponent_id;  /* ... against this player (on another side); 0: any */
  const char         *preset;       /* a preset name, or several separated by
                                     * commas (a family of games); NULL: any */
  guint               n_players;    /* 0: any */
  gint64              since;        /* started at or after (unix seconds); 0: open */
  gint64              until;        /* started before; 0: open */
  CassinoStoreResult  result;       /* relative to @player_id */
  gboolean            oldest_first; /* default: newest first */
  const char         *name;         /* a seat's name (as it was then) contains this,
                                     * case-insensitively; NULL or "": any */
} CassinoStoreHistoryFilter;

/* Where a page starts: zeroed for the first page. */
typedef struct {
  gint64 started;
  gint64 id;
} CassinoStoreHistoryCursor;

typedef struct {
  gint64  player_id;
  char   *name;         /* as the seat was called in that game */
  guint   side;
  gboolean computer;
} CassinoStoreSeatSummary;

typedef struct {
  gint64                   id;
  char                    *key;
  gint64                   rubber_id;      /* 0: none */
  char                    *preset;
  guint                    n_players;
  gint64                   started;        /* unix seconds (UTC) */
  gboolean                 start_known;    /* FALSE: @started is only the day (midnight UTC of
                                            * the record's local Date): the time and the
                                            * length of the game are unknown */
  gint64                   ended;          /* 0 while playing */
  char                    *state;          /* "playing", "finished", "abandoned" */
  char                    *termination;    /* NULL while playing */
  int                      winner_side;    /* -1: none (draw or unfinished) */
  guint                    value;
  guint                    n_deals;        /* deals begun */
  guint                    n_seats;
  CassinoStoreSeatSummary  seats[6];
  guint                    n_sides;
  guint                    scores[6];      /* final scores; of a game not finished, the game
                                            * points of its finished deals */
  guint                    n_deals_scored; /* of a game not finished: its finished deals
                                            * (0: no score yet) */
  char                    *daily;          /* a daily deal: its day (the Daily tag,
                                            * "2026-11-25"); NULL: not one */
} CassinoStoreGameSummary;

void                     cassino_store_game_summary_free (CassinoStoreGameSummary *summary);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStoreGameSummary, cassino_store_game_summary_free)

/*
 * Up to @limit games that @filter (NULL: all) selects, after @cursor (NULL
 * or zeroed: from the start), sorted by start time.  @out_next (may be
 * NULL) receives the cursor of the next page; it is zeroed when this page
 * was the last.
 * Returns: (transfer full) (element-type CassinoStoreGameSummary), or
 * NULL with @error.
 */
GPtrArray               *cassino_store_get_history_page (CassinoStore                     *store,
                                                         const CassinoStoreHistoryFilter  *filter,
                                                         const CassinoStoreHistoryCursor  *cursor,
                                                         guint                             limit,
                                                         CassinoStoreHistoryCursor        *out_next,
                                                         GError                          **error);

/* How many games @filter selects. */
gboolean                 cassino_store_count_history   (CassinoStore                     *store,
                                                        const CassinoStoreHistoryFilter  *filter,
                                                        guint                            *out_count,
                                                        GError                          **error);

/* The cursor from which the page starting at position @offset (0-based,
 * in the order @filter sorts) is read: what cassino_store_get_history_page()
 * would have given as @out_next after the first @offset games.  Zeroed for
 * 0, and when @offset is past the end.  Costs one index walk of @offset
 * rows (about a millisecond per 100,000), so that a list can jump anywhere
 * without reading the pages before. */
gboolean                 cassino_store_get_history_cursor (CassinoStore                     *store,
                                                           const CassinoStoreHistoryFilter  *filter,
                                                           guint                             offset,
                                                           CassinoStoreHistoryCursor        *out_cursor,
                                                           GError                          **error);

/* Returns: (transfer full): one game, or NULL with @error. */
CassinoStoreGameSummary *cassino_store_get_game_summary (CassinoStore  *store,
                                                         gint64         game_id,
                                                         GError       **error);

/* The games still being played, newest first, for "resume".
 * Returns: (transfer full) (element-type CassinoStoreGameSummary) */
GPtrArray               *cassino_store_list_unfinished_games (CassinoStore  *store,
                                                              GError       **error);

G_END_DECLS
