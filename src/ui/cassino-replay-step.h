/* cassino-replay-step.h: one row of a replay's move list
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  CASSINO_REPLAY_ROW_DEAL,    /* a deal begins: who dealt */
  CASSINO_REPLAY_ROW_MOVE,    /* a play */
  CASSINO_REPLAY_ROW_SCORE,   /* the deal's score sheet */
} CassinoReplayRowKind;

#define CASSINO_TYPE_REPLAY_STEP (cassino_replay_step_get_type ())
G_DECLARE_FINAL_TYPE (CassinoReplayStep, cassino_replay_step, CASSINO, REPLAY_STEP, GObject)

/* Takes @text and @detail. */
CassinoReplayStep   *cassino_replay_step_new (CassinoReplayRowKind  kind,
                                              guint                 step,
                                              guint                 deal_number,
                                              char                 *text,
                                              char                 *detail);

CassinoReplayRowKind cassino_replay_step_get_kind        (CassinoReplayStep *self);
/* The replay step this row shows (cassino_replay_set_step()). */
guint                cassino_replay_step_get_step        (CassinoReplayStep *self);
guint                cassino_replay_step_get_deal_number (CassinoReplayStep *self);
const char          *cassino_replay_step_get_text        (CassinoReplayStep *self);
/* Think time, the computer's evaluation, hint and undo marks; may be NULL. */
const char          *cassino_replay_step_get_detail      (CassinoReplayStep *self);

G_END_DECLS
