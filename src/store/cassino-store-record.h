/* cassino-store-record.h: recording games as they are played, and reading
 * them back
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The app records a game as it goes, one transaction per step, so that a
 * killed process loses at most the move being played:
 *
 *   id = cassino_store_begin_game (store, game, rubber_id, NULL, &error);
 *   cassino_store_begin_deal (store, id, game, &error);     after a deal starts
 *   cassino_store_record_move (store, id, game, &info, &error);  after each play
 *   cassino_store_end_deal (store, id, game, &error);       when the deal is scored
 *   cassino_store_end_game (store, id, game, &error);       when the game is over
 *
 * cassino_store_load_game() rebuilds the CassinoGame from the database by
 * replaying every deal through the engine, so a game interrupted at any
 * point reopens exactly where it was.  cassino_store_sync_game() records
 * whatever a game has that the database has not (it is what begin_game()
 * and record_game() use, and what to call after loading a game that was
 * killed between a move and the end of its deal).
 */
#pragma once

#include "cassino-store.h"

G_BEGIN_DECLS

/* What is known about a move beyond the move itself. */
typedef struct {
  gint      think_ms;        /* time taken, -1 when unknown */
  gboolean  has_evaluation;  /* a computer moved: its evaluation follows */
  double    evaluation;      /* CassinoAiReason.value */
  gboolean  hint_used;       /* the player asked for a hint before it */
  gboolean  undo_used;       /* it replaces a move that was taken back */
} CassinoStoreMoveInfo;

#define CASSINO_STORE_MOVE_INFO_INIT { -1, FALSE, 0.0, FALSE, FALSE }

typedef enum {
  CASSINO_STORE_SOURCE_PLAYED,     /* played in the app */
  CASSINO_STORE_SOURCE_SIMULATED,  /* cassino-cli simulate */
  CASSINO_STORE_SOURCE_IMPORTED,   /* from a game record */
} CassinoStoreSource;

/* Rubbers */

/* A new rubber for @rules (rubber_games).  Returns its id, or 0 with @error. */
gint64       cassino_store_begin_rubber   (CassinoStore        *store,
                                           const CassinoRules  *rules,
                                           GError             **error);
/* Record the outcome of a finished rubber. */
gboolean     cassino_store_end_rubber     (CassinoStore        *store,
                                           gint64               rubber_id,
                                           const CassinoRubber *rubber,
                                           GError             **error);
gboolean     cassino_store_abandon_rubber (CassinoStore        *store,
                                           gint64               rubber_id,
                                           GError             **error);
/* The ids of the games of a rubber, in order.
 * Returns: (transfer full) (element-type gint64) */
GArray      *cassino_store_get_rubber_games (CassinoStore      *store,
                                             gint64             rubber_id,
                                             GError           **error);

/* The games of rubber @rubber_id in order, up to (not including) game
 * @before (0: all of them): those that are over are added to @rubber
 * (initialised by the caller) and counted in *@out_played.  @out_last
 * (may be NULL) gets the last game read (transfer full) and @out_last_id
 * its id.  A game that cannot be read is skipped, its error message added
 * to @out_skipped (may be NULL).  FALSE with @error when the rubber's
 * games cannot be listed. */
gboolean     cassino_store_tally_rubber   (CassinoStore        *store,
                                           gint64               rubber_id,
                                           gint64               before,
                                           CassinoRubber       *rubber,
                                           guint               *out_played,
                                           CassinoGame        **out_last,
                                           gint64              *out_last_id,
                                           GPtrArray           *out_skipped,
                                           GError             **error);

/* Games, step by step */

/*
 * Record a new game: rules, seats, tags, and any deal and play @game
 * already has.  @player_ids (one per seat, may be NULL) names the players;
 * without it humans are found by seat name (cassino_store_ensure_human())
 * and computers by level.  @rubber_id is 0 for a game outside a rubber.
 * The game's key is its "GameId" tag when it has one, else a new UUID.
 * Returns the game id, or 0 with @error.
 */
gint64       cassino_store_begin_game     (CassinoStore        *store,
                                           const CassinoGame   *game,
                                           gint64               rubber_id,
                                           const gint64        *player_ids,
                                           GError             **error);
/* Record the current deal of @game (its dealer, seed and deck). */
gboolean     cassino_store_begin_deal     (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoGame   *game,
                                           GError             **error);
/* Record the last play of the current deal of @game, in its own
 * transaction.  @info may be NULL. */
gboolean     cassino_store_record_move    (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoGame   *game,
                                           const CassinoStoreMoveInfo *info,
                                           GError             **error);
/* After cassino_game_undo(): forget the plays of the current deal beyond
 * those @game still has.  The next move recorded should say undo_used. */
gboolean     cassino_store_retract_moves  (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoGame   *game,
                                           GError             **error);
/* Forget the plays of deal @deal_number of @game_id from the @n_plays-th
 * on (what cassino_store_retract_moves() does for the current deal).
 * CASSINO_STORE_ERROR_NOT_FOUND when that deal has not been recorded. */
gboolean     cassino_store_truncate_deal  (CassinoStore        *store,
                                           gint64               game_id,
                                           guint                deal_number,
                                           guint                n_plays,
                                           GError             **error);
/* Record the score of the current deal, which must be finished. */
gboolean     cassino_store_end_deal       (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoGame   *game,
                                           GError             **error);
/* Record the result of a game that is over (and its ratings). */
gboolean     cassino_store_end_game       (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoGame   *game,
                                           GError             **error);
/* The players gave up on an unfinished game: it is no longer offered for
 * resuming and counts in no statistic. */
gboolean     cassino_store_abandon_game   (CassinoStore        *store,
                                           gint64               game_id,
                                           GError             **error);

/* The user deleted a game from the history: the game, its deals, moves,
 * derived rows and ratings go, in one transaction.  When the game was
 * rated, the ratings of every game that ended after it are computed again
 * (ratings depend on the order of games).  A game of a rubber leaves the
 * rubber.  CASSINO_STORE_ERROR_NOT_FOUND when there is no such game. */
gboolean     cassino_store_delete_game    (CassinoStore        *store,
                                           gint64               game_id,
                                           GError             **error);

/* Bring the records of @game_id up to date with @game: missing deals and
 * plays, deal scores, the result.  One transaction. */
gboolean     cassino_store_sync_game      (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoGame   *game,
                                           GError             **error);

/* A whole game at once, in one transaction (cassino-cli simulate --db,
 * import).  The key is the GameId tag, else a hash of the rules, seats,
 * decks and moves; a game already present is not recorded again and is
 * CASSINO_STORE_ERROR_DUPLICATE.  Returns the new id, or 0 with @error. */
gint64       cassino_store_record_game    (CassinoStore        *store,
                                           const CassinoGame   *game,
                                           gint64               rubber_id,
                                           CassinoStoreSource   source,
                                           GError             **error);

/* Stamp a game that starts now: its Date tag (the local day, YYYY.MM.DD)
 * and its Start tag (the instant, UTC, "2026-03-01T20:15:00Z"), from
 * which the store records when it started (and, with the time it ends,
 * how long it lasted). */
void         cassino_store_stamp_start (CassinoGame *game);

/* The stable key of a game not yet recorded (GameId tag or content
 * hash).  Newly allocated. */
char        *cassino_store_compute_game_key (const CassinoGame *game);
/* The id of the game with @key, or 0 (no error) when there is none. */
gint64       cassino_store_find_game      (CassinoStore        *store,
                                           const char          *key,
                                           GError             **error);
/* The key of a recorded game.  Newly allocated, or NULL with @error. */
char        *cassino_store_get_game_key   (CassinoStore        *store,
                                           gint64               game_id,
                                           GError             **error);

/* Reading back */

/*
 * Rebuild a recorded game by replaying its deals and moves through the
 * engine: the same rules, seats, tags, decks and plays, in the state the
 * last recorded move left it.  The tag "GameId" holds the game's key.
 * Returns: (transfer full): the game, or NULL with @error
 * (CASSINO_STORE_ERROR_REPLAY when the records do not replay).
 */
CassinoGame *cassino_store_load_game      (CassinoStore        *store,
                                           gint64               game_id,
                                           GError             **error);

/* The extra information recorded with each move of a deal (1-based
 * @deal_number), in play order.
 * Returns: (transfer full) (element-type CassinoStoreMoveInfo) */
GArray      *cassino_store_get_move_infos (CassinoStore        *store,
                                           gint64               game_id,
                                           guint                deal_number,
                                           GError             **error);

/* A rubber and its standing. */
typedef struct {
  gint64   id;
  char    *preset;
  guint    n_players;
  guint    games_needed;
  gint64   started;
  GArray  *game_ids;         /* gint64, in order */
  char    *state;            /* "playing" or "finished" */
  gint64   ended;            /* 0 while it is played */
  int      winner_side;      /* -1 while it is played */
  guint    n_sides;
  char    *side_names[CASSINO_MAX_SIDES];  /* "Anna", or partners "Anna & Carl" */
  guint    games_won[CASSINO_MAX_SIDES];
  guint    points[CASSINO_MAX_SIDES];      /* the values of the games won */
} CassinoStoreRubberInfo;

typedef enum {
  CASSINO_STORE_RUBBERS_PLAYING  = 1 << 0,
  CASSINO_STORE_RUBBERS_FINISHED = 1 << 1,
  CASSINO_STORE_RUBBERS_ALL      = CASSINO_STORE_RUBBERS_PLAYING | CASSINO_STORE_RUBBERS_FINISHED,
} CassinoStoreRubberStates;

void         cassino_store_rubber_info_free (CassinoStoreRubberInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStoreRubberInfo, cassino_store_rubber_info_free)

/* Unfinished games (for "resume") are listed by
 * cassino_store_list_unfinished_games() in cassino-store-history.h.
 * Returns: (transfer full) (element-type CassinoStoreRubberInfo): the
 * rubbers still being played, newest first. */
GPtrArray   *cassino_store_list_unfinished_rubbers (CassinoStore  *store,
                                                    GError       **error);

/* Returns: (transfer full) (element-type CassinoStoreRubberInfo): the
 * rubbers in @states (abandoned ones never), those being played first,
 * then the most recently finished first. */
GPtrArray   *cassino_store_list_rubbers   (CassinoStore             *store,
                                           CassinoStoreRubberStates  states,
                                           GError                  **error);

G_END_DECLS
