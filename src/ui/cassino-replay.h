/* cassino-replay.h: a recorded game, step by step
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cassino-game.h"
#include "cassino-store.h"
#include "cassino-store-record.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_REPLAY (cassino_replay_get_type ())
G_DECLARE_FINAL_TYPE (CassinoReplay, cassino_replay, CASSINO, REPLAY, GObject)

/*
 * A replay of @game (which holds every deal and play, as
 * cassino_store_load_game() gives it).  Step 0 is the first deal just
 * dealt; each play is a step; each later deal starts with a step of its
 * own, just dealt.  @infos (may be NULL) holds per deal a GArray of
 * CassinoStoreMoveInfo, as cassino_store_get_move_infos() gives them.
 */
CassinoReplay *cassino_replay_new        (CassinoGame  *game,
                                          GPtrArray    *infos);
/* Load game @game_id of @store with its move infos.  NULL with @error. */
CassinoReplay *cassino_replay_new_from_store (CassinoStore  *store,
                                              gint64         game_id,
                                              GError       **error);

gint64       cassino_replay_get_game_id  (CassinoReplay *self);
/* The whole game, as recorded. */
CassinoGame *cassino_replay_get_source   (CassinoReplay *self);

guint        cassino_replay_get_n_steps  (CassinoReplay *self);
guint        cassino_replay_get_step     (CassinoReplay *self);
void         cassino_replay_set_step     (CassinoReplay *self,
                                          guint          step);
gboolean     cassino_replay_next         (CassinoReplay *self);
gboolean     cassino_replay_previous     (CassinoReplay *self);

/* The game as it was at the current step (replayed through the engine).
 * Owned by the replay; valid until the step changes. */
CassinoGame *cassino_replay_get_game     (CassinoReplay *self);
/* The deal (index into the source's deals) and the plays of it made at
 * the current step. */
guint        cassino_replay_get_deal_index (CassinoReplay *self);
guint        cassino_replay_get_n_plays  (CassinoReplay *self);

/* The move list: CassinoReplayStep rows, deal headers and score sheets
 * among the moves. */
GListModel  *cassino_replay_get_rows     (CassinoReplay *self);
/* The step that shows deal @deal_index (0-based) just dealt. */
guint        cassino_replay_get_deal_step (CassinoReplay *self,
                                           guint          deal_index);
/* The row showing @step. */
guint        cassino_replay_get_row_of_step (CassinoReplay *self,
                                             guint          step);

/* A move's line of facts in the replay's list: its time, the computer's
 * evaluation, a hint or undo used (newly allocated, NULL: none). */
char *cassino_replay_move_info_text (const CassinoStoreMoveInfo *info);

G_END_DECLS
