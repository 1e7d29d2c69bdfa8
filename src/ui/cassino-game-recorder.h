/* cassino-game-recorder.h: the game controller's line to the store
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "cassino-game.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_GAME_RECORDER (cassino_game_recorder_get_type ())
G_DECLARE_FINAL_TYPE (CassinoGameRecorder, cassino_game_recorder, CASSINO, GAME_RECORDER, GObject)

CassinoGameRecorder *cassino_game_recorder_new (void);

/* Open the database at @path (NULL: record nothing).  A failure is
 * reported by the "failed" signal and recording is off. */
gboolean     cassino_game_recorder_open          (CassinoGameRecorder *self,
                                                  const char          *path);
gboolean     cassino_game_recorder_is_open       (CassinoGameRecorder *self);

/* Each step of a game, recorded as it happens. */
void         cassino_game_recorder_start         (CassinoGameRecorder *self,
                                                  CassinoGame         *game,
                                                  gboolean             in_rubber);
void         cassino_game_recorder_play          (CassinoGameRecorder *self,
                                                  const CassinoGame   *game,
                                                  guint                seat,
                                                  const CassinoMove   *move);
void         cassino_game_recorder_deal_over     (CassinoGameRecorder *self,
                                                  const CassinoGame   *game);
void         cassino_game_recorder_deal_started  (CassinoGameRecorder *self,
                                                  const CassinoGame   *game);
void         cassino_game_recorder_hint          (CassinoGameRecorder *self,
                                                  const CassinoGame   *game);
void         cassino_game_recorder_undo          (CassinoGameRecorder *self,
                                                  const CassinoGame   *game);
void         cassino_game_recorder_rubber_over   (CassinoGameRecorder *self,
                                                  const CassinoRubber *rubber);
void         cassino_game_recorder_abandon       (CassinoGameRecorder *self,
                                                  const CassinoGame   *game);

/* The newest unfinished game of the store, replayed to where it stopped,
 * and from then on the game being recorded.  NULL when there is none.
 * Returns: (transfer full) */
CassinoGame *cassino_game_recorder_load_unfinished (CassinoGameRecorder *self);

gint64       cassino_game_recorder_get_game_id   (CassinoGameRecorder *self);

G_END_DECLS
