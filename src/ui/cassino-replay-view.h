/* cassino-replay-view.h: a recorded game on the table, step by step
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-replay.h"
#include "cassino-table-view.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_REPLAY_VIEW (cassino_replay_view_get_type ())
G_DECLARE_FINAL_TYPE (CassinoReplayView, cassino_replay_view, CASSINO, REPLAY_VIEW, GtkWidget)

void              cassino_replay_view_set_replay   (CassinoReplayView *self,
                                                    CassinoReplay     *replay);
CassinoReplay    *cassino_replay_view_get_replay   (CassinoReplayView *self);
CassinoTableView *cassino_replay_view_get_table_view (CassinoReplayView *self);
CassinoGameController *cassino_replay_view_get_controller (CassinoReplayView *self);
GtkListView      *cassino_replay_view_get_move_list (CassinoReplayView *self);

/* Show the start of deal @deal_index (0-based) of the replay's game. */
void              cassino_replay_view_go_to_deal    (CassinoReplayView *self,
                                                     guint              deal_index);
/* Show the position just before play @play_index (0-based) of deal
 * @deal_index (0-based). */
void              cassino_replay_view_go_to_move    (CassinoReplayView *self,
                                                     guint              deal_index,
                                                     guint              play_index);
/* A line shown while the replay is at the current step (the game
 * review's verdict on the move about to be made; NULL: none); the line,
 * or NULL when the replay is elsewhere. */
void              cassino_replay_view_set_note      (CassinoReplayView *self,
                                                     const char        *note);
const char       *cassino_replay_view_get_note      (CassinoReplayView *self);
/* -1: every hand face up; else the seat whose view is shown. */
void              cassino_replay_view_set_seat_view (CassinoReplayView *self,
                                                     int                seat);
/* Autoplay: milliseconds per step (0: stopped). */
void              cassino_replay_view_set_autoplay  (CassinoReplayView *self,
                                                     guint              interval_ms);
gboolean          cassino_replay_view_is_playing    (CassinoReplayView *self);

G_END_DECLS
