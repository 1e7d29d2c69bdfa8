/* cassino-ai.h: computer players and hints
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cassino-game.h"

G_BEGIN_DECLS

typedef enum {
  CASSINO_LEVEL_BEGINNER,   /* legal moves with human-like slips */
  CASSINO_LEVEL_EASY,       /* greedy: most points and cards now */
  CASSINO_LEVEL_MEDIUM,     /* counts cards, guards the Cassinos and aces, avoids leaving sweeps */
  CASSINO_LEVEL_HARD,       /* search over sampled hidden hands */
  CASSINO_LEVEL_EXPERT,     /* deeper search, exact endgame */
  CASSINO_LEVEL_MASTER,     /* information-set search on a time budget */
  CASSINO_N_LEVELS
} CassinoLevel;

const char *cassino_level_to_string   (CassinoLevel  level);     /* "medium" */
gboolean    cassino_level_from_string (const char   *name,
                                       CassinoLevel *out_level);
const char *cassino_level_get_title   (CassinoLevel  level);     /* translated */
const char *cassino_level_get_summary (CassinoLevel  level);     /* translated */

/*
 * What one seat can see, and nothing more: its own hand, the table, every
 * side's captured cards, sweeps, the number of cards in every hand and in
 * the stock, the scores, and the plays of the deal so far.  The other
 * hands and the stock are known only as one set of unseen cards.
 * The computer players receive only this.
 */
typedef struct {
  CassinoPosition pos;       /* other hands empty, deck order unknown (zeroed) */
  guint           seat;
  guint8          hand_sizes[CASSINO_MAX_PLAYERS];
  guint           stock_count;
  CassinoCards    unseen;    /* other hands + stock */
  guint           scores[CASSINO_MAX_SIDES];
  GArray         *history;   /* CassinoPlay of the deal so far, may be NULL */
  /* each seat's player as the table shows it: a computer's level
   * (CassinoLevel), or -1 for a person (or not known) */
  gint8           levels[CASSINO_MAX_PLAYERS];
} CassinoView;

/* The view of @seat in a position where every card is known. */
void        cassino_view_init_from_position (CassinoView           *view,
                                             const CassinoPosition *pos,
                                             guint                  seat,
                                             const guint           *scores);
/* The view of the player to move in @game (history included). */
void        cassino_view_init_from_game     (CassinoView           *view,
                                             const CassinoGame     *game);
void        cassino_view_clear              (CassinoView           *view);

typedef struct {
  guint    iterations;   /* 0: the level's default (master with a time
                          * limit: as many as the time allows) */
  guint    time_ms;      /* 0: no time limit (deterministic for a seed) */
} CassinoAiBudget;

/* Master's time a move in the app, and the hint's */
#define CASSINO_AI_MASTER_TIME_MS 500
#define CASSINO_AI_HINT_TIME_MS   1500

/* The budget the app gives @level for one move: the level's own search,
 * never over 0.9 s; master uses CASSINO_AI_MASTER_TIME_MS. */
void        cassino_ai_app_budget   (CassinoLevel           level,
                                     CassinoAiBudget       *out_budget);

/* Why a move was chosen, for hints and the move log (the UI puts it into words). */
typedef struct {
  CassinoMove  move;
  double       value;          /* expected points for the seat's side (search) or heuristic score */
  guint        points_taken;   /* scoring points the move takes now */
  guint        cards_taken;
  gboolean     sweep;
  /* builds: how many cards that could take the build are still unseen */
  guint        build_unseen_takers;
  /* trails: whether the next player could sweep, and the points left exposed */
  gboolean     leaves_sweep;
  guint        exposed_points;
  guint        iterations;     /* searches done */
  guint        elapsed_ms;
} CassinoAiReason;

/* Choose a move for the seat of @view.  Deterministic for a seed when the
 * budget has no time limit.  Returns FALSE only if there is no legal move
 * or @cancellable was cancelled. */
gboolean    cassino_ai_choose       (const CassinoView     *view,
                                     CassinoLevel           level,
                                     const CassinoAiBudget *budget,
                                     guint64                seed,
                                     GCancellable          *cancellable,
                                     CassinoAiReason       *out_reason);

/* The same off the calling thread (GTask).  The view is copied. */
void        cassino_ai_choose_async  (const CassinoView     *view,
                                      CassinoLevel           level,
                                      const CassinoAiBudget *budget,
                                      guint64                seed,
                                      GCancellable          *cancellable,
                                      GAsyncReadyCallback    callback,
                                      gpointer               user_data);
gboolean    cassino_ai_choose_finish (GAsyncResult          *result,
                                      CassinoAiReason       *out_reason,
                                      GError               **error);

/* A hint for a human: the strongest level's (master's) choice with its
 * reason, from its search within @budget (without a limit of its own: as
 * many sampled deals as a deep search needs); a time limit in @budget
 * stops it only after as many deals as the expert samples, unless a deal
 * is still unfinished at the limit (a crowded table: then fewer deals, or
 * none and the one-ply judgement).  @budget may be NULL (or its iterations 0) for the hint's
 * default.  Returns FALSE if there is no legal move or @cancellable was
 * cancelled. */
gboolean    cassino_ai_hint          (const CassinoView     *view,
                                      const CassinoAiBudget *budget,
                                      guint64                seed,
                                      GCancellable          *cancellable,
                                      CassinoAiReason       *out_reason);

/* One legal move and what the search makes of it. */
typedef struct {
  CassinoMove move;
  double      value;   /* expected points for the seat's side; compare only within one evaluation */
} CassinoAiMoveValue;

/* Every legal move of the seat of @view with its value, as the search of
 * @level sees it (on a crowded table, past 2,048 legal moves, each card's
 * share of them, those taking most first): for the searching levels every move is searched over the
 * same sampled deals (the hint's search when @level is master's; a
 * NULL or zero @budget takes the hint's number of deals); easy and medium
 * give their one-move judgement, the beginner none (an empty array).  The
 * first element is the move the level chooses (among the moves it would
 * search: a move beyond them may come out higher), the rest follow best
 * first; a
 * move the level never plays (anything but an available Cassino! claim)
 * has the value -G_MAXDOUBLE.  @out_best (may be NULL) receives the
 * choice's reason.  Returns a new GArray of CassinoAiMoveValue (free with
 * g_array_unref()), or NULL if there is no legal move or @cancellable was
 * cancelled.  Deterministic for a seed when the budget has no time limit. */
GArray     *cassino_ai_evaluate      (const CassinoView     *view,
                                      CassinoLevel           level,
                                      const CassinoAiBudget *budget,
                                      guint64                seed,
                                      GCancellable          *cancellable,
                                      CassinoAiReason       *out_best);

/* The reason in words, translated ("Take 9♦ and 6♣ + 3♥: 4 cards, 1 point"). */
char       *cassino_ai_reason_to_string (const CassinoRules    *rules,
                                         const CassinoAiReason *reason);

G_END_DECLS
