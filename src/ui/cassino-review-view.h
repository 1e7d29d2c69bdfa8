/* cassino-review-view.h: a game reviewed move by move
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-review.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_REVIEW_VIEW (cassino_review_view_get_type ())
G_DECLARE_FINAL_TYPE (CassinoReviewView, cassino_review_view, CASSINO, REVIEW_VIEW, GtkWidget)

/*
 * Review @game (every deal and play, as recorded) for all its seats off
 * the main thread, with progress and Cancel.  With a database @path and
 * the game's @game_id there, a stored review is shown at once and a new
 * one is stored (with its puzzles); @game may then be NULL: the game is
 * read from the database, off the main thread too.  Anything running
 * before is cancelled.
 * "show-position" asks for the replay at a move.
 */
void          cassino_review_view_start     (CassinoReviewView *self,
                                             const char        *path,
                                             gint64             game_id,
                                             const CassinoGame *game);
void          cassino_review_view_cancel    (CassinoReviewView *self);

/* "running", "stopped" or "result" */
const char   *cassino_review_view_get_state (CassinoReviewView *self);
/* The review shown, or NULL; whether it came from the database. */
const CassinoReview *cassino_review_view_get_review (CassinoReviewView *self,
                                                     gboolean          *out_stored);
gint64        cassino_review_view_get_game_id (CassinoReviewView *self);
/* The seat whose moves are listed; choose another. */
guint         cassino_review_view_get_seat  (CassinoReviewView *self);
void          cassino_review_view_set_seat  (CassinoReviewView *self,
                                             guint              seat);
/* What the replay shows at move @play_index of deal @deal_index of the
 * seat reviewed: the move and the review's verdict ("Next, Tess trailed
 * 3♣. The game review: Mistake, about 0.9 points lost. Better: …"), or
 * NULL. */
char         *cassino_review_view_dup_move_note (CassinoReviewView *self,
                                                 guint              deal_index,
                                                 guint              play_index);
GtkListBox   *cassino_review_view_get_summary_list (CassinoReviewView *self);
GtkListBox   *cassino_review_view_get_costly_list  (CassinoReviewView *self);
GtkListBox   *cassino_review_view_get_moves_list   (CassinoReviewView *self);

G_END_DECLS
