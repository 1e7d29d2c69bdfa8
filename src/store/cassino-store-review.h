/* cassino-store-review.h: stored game reviews and the puzzles found in them
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cassino-review.h"
#include "cassino-store.h"

G_BEGIN_DECLS

/* Store @review of game @game_id (replacing one with the same seats, level
 * and number of deals), and make a puzzle of each decision of a person's
 * seat where one move was clearly best (cassino_review_move_is_puzzle()),
 * keeping the tries of a puzzle already there.  FALSE with @error (nothing
 * stored then). */
gboolean       cassino_store_save_review  (CassinoStore        *store,
                                           gint64               game_id,
                                           const CassinoReview *review,
                                           GError             **error);
/* The stored review of game @game_id for exactly these seats, level and
 * number of deals.  NULL without @error when there is none; NULL with
 * @error when it cannot be read. */
CassinoReview *cassino_store_load_review  (CassinoStore        *store,
                                           gint64               game_id,
                                           guint                seats,
                                           CassinoLevel         level,
                                           guint                iterations,
                                           GError             **error);

typedef struct {
  gint64            id;
  gint64            game_id;
  CassinoReviewMove decision;   /* its deal, play, seat, the move played, the best and why */
  guint             solved;     /* times found */
  guint             failed;     /* times missed */
  gint64            last_tried; /* Unix time, 0 when never tried */
} CassinoStorePuzzle;

/* The puzzles, those never solved first, then the oldest tries first.
 * Returns: (transfer full) (element-type CassinoStorePuzzle), NULL with
 * @error. */
GArray        *cassino_store_list_puzzles (CassinoStore        *store,
                                           GError             **error);
/* Count one try of puzzle @puzzle_id.  FALSE with @error
 * (CASSINO_STORE_ERROR_NOT_FOUND when there is no such puzzle). */
gboolean       cassino_store_record_puzzle_try (CassinoStore   *store,
                                                gint64          puzzle_id,
                                                gboolean        solved,
                                                GError        **error);

G_END_DECLS
