/* cassino-coach.h: told after each of your moves when a clearly better one existed
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cassino-game-controller.h"
#include "cassino-review.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_COACH (cassino_coach_get_type ())
G_DECLARE_FINAL_TYPE (CassinoCoach, cassino_coach, CASSINO, COACH, GObject)

/*
 * The coach watches @controller's "move-played": when it is enabled, each
 * move of a person is judged off the main thread by the game review's own
 * judgement (cassino_review_judge(): the same search, seed and thresholds,
 * so the coach, the review and the hint agree), and "advice" is emitted
 * with the verdict in words when the move was at least a mistake.
 */
CassinoCoach *cassino_coach_new         (CassinoGameController *controller);
gboolean      cassino_coach_get_enabled (CassinoCoach *self);
void          cassino_coach_set_enabled (CassinoCoach *self,
                                         gboolean      enabled);
/* Moves being judged now (for tests). */
guint         cassino_coach_get_pending (CassinoCoach *self);
/* The last verdict on a person's move (advice or not), for tests; FALSE
 * if there is none. */
gboolean      cassino_coach_get_last_verdict (CassinoCoach      *self,
                                              CassinoReviewMove *out);

G_END_DECLS
