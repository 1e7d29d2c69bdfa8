/* cassino-game.h: a whole game, deal after deal, and rubbers
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-position.h"
#include "cassino-score.h"

G_BEGIN_DECLS

#define CASSINO_GAME_ERROR (cassino_game_error_quark ())
GQuark cassino_game_error_quark (void);

typedef enum {
  CASSINO_GAME_ERROR_ILLEGAL_MOVE,
  CASSINO_GAME_ERROR_WRONG_STATE,
  CASSINO_GAME_ERROR_CANNOT_UNDO,
} CassinoGameError;

typedef enum {
  CASSINO_GAME_PLAYING,     /* a deal is being played */
  CASSINO_GAME_DEAL_OVER,   /* the deal is scored; call next_deal() */
  CASSINO_GAME_OVER,
} CassinoGameState;

typedef enum {
  CASSINO_SEAT_HUMAN,
  CASSINO_SEAT_COMPUTER,
} CassinoSeatKind;

typedef struct {
  char            *name;
  CassinoSeatKind  kind;
  char            *level;     /* computer level name, NULL for humans */
} CassinoSeat;

/* One move as played, with who played it. */
typedef struct {
  CassinoMove move;
  guint8      seat;
} CassinoPlay;

/* One deal of the game, as it was dealt and played. */
typedef struct {
  guint            number;        /* 1-based */
  guint            dealer;
  guint64          seed;          /* 0 when the deck came from elsewhere */
  guint8           deck[CASSINO_N_CARDS];
  guint            deck_len;
  GArray          *plays;         /* CassinoPlay */
  gboolean         finished;      /* played to the last card */
  CassinoDealScore score;         /* valid when finished */
  guint            game_points[CASSINO_MAX_SIDES]; /* what the deal added to the game score */
  CassinoCards     last_cards;    /* cards that went to the last capturer */
  gint             last_cards_side;
} CassinoDeal;

typedef struct _CassinoGame CassinoGame;

/* A new game; no deal yet: call start() (or start_deal_with_deck()). */
CassinoGame *cassino_game_new          (const CassinoRules *rules,
                                        guint64             seed,
                                        guint               first_dealer);
CassinoGame *cassino_game_ref          (CassinoGame *game);
void         cassino_game_unref        (CassinoGame *game);
/* A copy that shares nothing with @game. */
CassinoGame *cassino_game_copy         (const CassinoGame *game);

void         cassino_game_set_seat     (CassinoGame     *game,
                                        guint            seat,
                                        const char      *name,
                                        CassinoSeatKind  kind,
                                        const char      *level);
const CassinoSeat *cassino_game_get_seat (const CassinoGame *game,
                                          guint              seat);

/* Tags of the record (Event, Date, ...) other than the seats and rules. */
void         cassino_game_set_tag      (CassinoGame *game,
                                        const char  *name,
                                        const char  *value);
const char  *cassino_game_get_tag      (const CassinoGame *game,
                                        const char        *name);
/* The tag names in the order they were set (do not free the array's strings). */
GPtrArray   *cassino_game_get_tag_names (const CassinoGame *game);

const CassinoRules *cassino_game_get_rules (const CassinoGame *game);
guint64      cassino_game_get_seed     (const CassinoGame *game);
guint        cassino_game_get_first_dealer (const CassinoGame *game);

/* Deal the first (or next) deal from the game seed. */
void         cassino_game_start        (CassinoGame *game);
/* Deal with a given deck order (replay, "play this deal again"). */
gboolean     cassino_game_start_deal_with_deck (CassinoGame  *game,
                                                guint         dealer,
                                                guint64       seed,
                                                const guint8 *deck,
                                                guint         deck_len,
                                                GError      **error);
/* After DEAL_OVER: the next deal, the dealer passing to the left. */
gboolean     cassino_game_next_deal    (CassinoGame  *game,
                                        GError      **error);

/* The deck order of deal number @number (1-based) for @seed: the project's
 * portable shuffle.  @deck receives rules->deck cards. */
void         cassino_deal_deck_for_seed (const CassinoRules *rules,
                                         guint64             deal_seed,
                                         guint8             *deck);
guint64      cassino_game_deal_seed    (guint64 game_seed,
                                        guint   deal_number);

CassinoGameState cassino_game_get_state (const CassinoGame *game);
const CassinoPosition *cassino_game_get_position (const CassinoGame *game);
guint        cassino_game_get_to_move  (const CassinoGame *game);

void         cassino_game_legal_moves  (const CassinoGame *game,
                                        CassinoMoveList   *out);
/* Play a move for the player to move; an illegal move is an error that
 * says why. */
gboolean     cassino_game_play         (CassinoGame        *game,
                                        const CassinoMove  *move,
                                        GError            **error);
/* Take back the last play of the current deal (not across deals). */
gboolean     cassino_game_undo         (CassinoGame  *game,
                                        GError      **error);
gboolean     cassino_game_can_undo     (const CassinoGame *game);

/* Game score so far, per side. */
guint        cassino_game_get_score    (const CassinoGame *game,
                                        guint              side);
/* The current deal's tally: with count_as_you_go, the points secured so
 * far; otherwise what the piles would score if the deal ended now (the
 * "most" categories going to whoever leads at this moment).  Once the
 * deal is over, its score. */
void         cassino_game_get_deal_tally (const CassinoGame *game,
                                          CassinoDealScore  *out);

guint        cassino_game_get_n_deals  (const CassinoGame *game);
const CassinoDeal *cassino_game_get_deal (const CassinoGame *game,
                                          guint              index);
const CassinoDeal *cassino_game_get_current_deal (const CassinoGame *game);

/* When GAME_OVER: the winning side, or -1 for a draw. */
int          cassino_game_get_winner   (const CassinoGame *game);
/* The game's value to the winner: 2 when lurched (rules.md §6), else 1. */
guint        cassino_game_get_value    (const CassinoGame *game);
/* Why the game ended: "target", "single-deal", "count-as-you-go". */
const char  *cassino_game_get_ending   (const CassinoGame *game);

/* Explain why @move is not legal in the current position, in words for a
 * player (translated), or NULL when it is legal. */
char        *cassino_game_explain_illegal (const CassinoGame *game,
                                           const CassinoMove *move);

/* A rubber (rules.md §6): won by the first side to win a majority of
 * rubber_games; its score is the sum of the values of the games it won. */
typedef struct {
  guint    n_sides;
  guint    games_needed;
  guint    n_games;
  guint    games_won[CASSINO_MAX_SIDES];
  guint    points[CASSINO_MAX_SIDES];
  gboolean finished;
  int      winner;
} CassinoRubber;

void         cassino_rubber_init       (CassinoRubber      *rubber,
                                        const CassinoRules *rules);
/* Count a finished game; returns TRUE when the rubber is decided. */
gboolean     cassino_rubber_add_game   (CassinoRubber     *rubber,
                                        const CassinoGame *game);

G_END_DECLS
