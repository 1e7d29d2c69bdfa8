/* cassino-review.h: what should I have played?  A recorded game reviewed
 * move by move by the strongest computer player
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cassino-ai.h"

G_BEGIN_DECLS

#define CASSINO_REVIEW_ERROR (cassino_review_error_quark ())
GQuark cassino_review_error_quark (void);

typedef enum {
  CASSINO_REVIEW_ERROR_REPLAY,    /* the recorded game does not replay */
  CASSINO_REVIEW_ERROR_PARSE,     /* a stored review cannot be read */
} CassinoReviewError;

/*
 * Thresholds, in expected points lost against the best move.  The unit is
 * the search's: the deal's margin, the side's points minus the best other
 * side's (one point is an ace or the Little Cassino; an ace left to the
 * opponent instead of taken swings the margin by 2; a whole classic deal
 * has 11 points).  Below the first the move is as good as the best: two moves
 * closer than 0.3 swap places from one set of sampled deals to the next
 * (BENCHMARKS.md, "review noise").  0.7 is most of a point: an ace given
 * away half the time.  1.5 is more than a sure point: a Cassino or a sweep
 * thrown away.  The coach and the puzzles use the same figures.
 */
#define CASSINO_REVIEW_INACCURACY  0.3
#define CASSINO_REVIEW_MISTAKE     0.7
#define CASSINO_REVIEW_BLUNDER     1.5
/* a puzzle: the best move ahead of every other by at least a mistake */
#define CASSINO_REVIEW_PUZZLE_GAP  CASSINO_REVIEW_MISTAKE
/* accuracy: each decision scores 100 · e^(−loss / this), forced moves
 * (one legal move) are not counted */
#define CASSINO_REVIEW_ACCURACY_SCALE 1.0

/* The review's search: the strongest level there is, searching every move
 * over the same sampled deals.  The default number of deals keeps a whole
 * classic game under ten seconds on one core (BENCHMARKS.md). */
#define CASSINO_REVIEW_LEVEL       ((CassinoLevel) (CASSINO_N_LEVELS - 1))
#define CASSINO_REVIEW_ITERATIONS  1024   /* the hint's number of deals (HINT_SAMPLES) */

typedef enum {
  CASSINO_REVIEW_MARK_GOOD,
  CASSINO_REVIEW_MARK_INACCURACY,
  CASSINO_REVIEW_MARK_MISTAKE,
  CASSINO_REVIEW_MARK_BLUNDER,
} CassinoReviewMark;

/* One decision of a reviewed seat. */
typedef struct {
  guint            deal_index;   /* 0-based index into the game's deals */
  guint            play_index;   /* 0-based index into the deal's plays: the position before it */
  guint            seat;
  guint            n_moves;      /* legal moves there (1: forced) */
  CassinoMove      played;
  double           loss;         /* expected points lost against the best move, >= 0 */
  double           gap;          /* how far the best move is ahead of the next best */
  CassinoReviewMark mark;
  CassinoAiReason  best;         /* the best move and why */
} CassinoReviewMove;

typedef struct {
  CassinoLevel level;
  guint        iterations;       /* sampled deals per decision */
  guint        seats;            /* bit set of the reviewed seats */
  GArray      *moves;            /* CassinoReviewMove, in the order played */
} CassinoReview;

/* Called from the reviewing thread after each decision. */
typedef void (*CassinoReviewProgressFunc) (guint    done,
                                           guint    total,
                                           gpointer user_data);

CassinoReviewMark cassino_review_mark_for_loss (double loss);
/* "Blunder", translated; NULL for a good move */
const char       *cassino_review_mark_to_string (CassinoReviewMark mark);
/* "??", "?", "?!" or "" */
const char       *cassino_review_mark_symbol   (CassinoReviewMark mark);

/* The verdict in words, translated, for the review and the coach alike
 * ("Mistake, about 0.9 points lost. Better: Take 7♦ with 7♣: 2 cards.");
 * NULL for a good move.  Newly allocated. */
char       *cassino_review_move_advice   (const CassinoRules      *rules,
                                          const CassinoReviewMove *move);

/* The seed of the search at the position before play @play_index of deal
 * number @deal_number (1-based): the hint's, so that a hint, the coach and
 * the review at one position search the same deals. */
guint64     cassino_review_seed          (guint64 game_seed,
                                          guint   deal_number,
                                          guint   play_index);

/* Judge @move, about to be played by the player to move in @game, with
 * what that seat can see only (cassino_view_init_from_game()).  The coach
 * calls this; the review calls it at every decision.  @iterations 0: the
 * default.  FALSE if there is no legal move or @cancellable was cancelled.
 * @out's deal and play indexes are those of @game's current deal. */
gboolean    cassino_review_judge         (const CassinoGame  *game,
                                          const CassinoMove  *move,
                                          CassinoLevel        level,
                                          guint               iterations,
                                          GCancellable       *cancellable,
                                          CassinoReviewMove  *out);

/* Replay @game (every deal and play, as recorded) and judge every decision
 * of the seats in @seats (a bit per seat).  Reproducible: the same game,
 * level and iterations give the same review.  Returns a new review (free
 * with cassino_review_free()) or NULL with @error (G_IO_ERROR_CANCELLED when
 * cancelled). */
CassinoReview *cassino_review_run        (const CassinoGame         *game,
                                          guint                      seats,
                                          CassinoLevel               level,
                                          guint                      iterations,
                                          GCancellable              *cancellable,
                                          CassinoReviewProgressFunc  progress,
                                          gpointer                   user_data,
                                          GError                   **error);
void        cassino_review_free          (CassinoReview *review);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoReview, cassino_review_free)

/* A new game (same seats and seed) replayed from @source up to just before
 * play @play_index of deal @deal_index (both 0-based): where the coach and
 * a puzzle judge a move.  NULL with @error if @source has no such play or
 * does not replay. */
CassinoGame *cassino_review_game_before  (const CassinoGame  *source,
                                          guint               deal_index,
                                          guint               play_index,
                                          GError            **error);

/* The number of decisions the seats in @seats took in @game. */
guint       cassino_review_count_decisions (const CassinoGame *game,
                                            guint              seats);

/* Per seat: accuracy in percent (-1 when the seat had no real choice), the
 * number of inaccuracies, mistakes and blunders. */
double      cassino_review_get_accuracy  (const CassinoReview *review,
                                          guint                seat);
guint       cassino_review_count_marks   (const CassinoReview *review,
                                          guint                seat,
                                          CassinoReviewMark    mark);
/* The indexes (into review->moves) of the seat's up to @max costliest moves
 * that lost at least an inaccuracy's worth, costliest first.  Returns how
 * many. */
guint       cassino_review_get_costliest (const CassinoReview *review,
                                          guint                seat,
                                          guint               *out_indexes,
                                          guint                max);
/* Whether a decision makes a puzzle: one move clearly best. */
gboolean    cassino_review_move_is_puzzle (const CassinoReviewMove *move);

/* One decision as one line of text, and back (FALSE if it is not one). */
char          *cassino_review_move_to_text   (const CassinoReviewMove *move);
gboolean       cassino_review_move_from_text (const char              *line,
                                              CassinoReviewMove       *out);

/* A review as text for the store, and back. */
char          *cassino_review_to_text    (const CassinoReview *review);
CassinoReview *cassino_review_from_text  (const char          *text,
                                          GError             **error);

G_END_DECLS
