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
/* Where open() moved a damaged database before starting a new one, or
 * NULL. */
const char  *cassino_game_recorder_get_moved_aside_path (CassinoGameRecorder *self);
/* How many games of that damaged database were saved into the new one
 * and how many could not be read; FALSE when nothing was moved. */
gboolean     cassino_game_recorder_get_salvage_counts (CassinoGameRecorder *self,
                                                       guint               *out_saved,
                                                       guint               *out_lost);

/* Whether a step found the database's indexes out of step with its
 * tables and built them again (nothing moved aside, no game lost). */
gboolean     cassino_game_recorder_get_indexes_rebuilt (CassinoGameRecorder *self);

/* Each step of a game, recorded as it happens. */
void         cassino_game_recorder_start         (CassinoGameRecorder *self,
                                                  CassinoGame         *game,
                                                  gboolean             in_rubber);
/* @think_ms: how long the seat took (-1: unknown); @has_evaluation and
 * @evaluation: a computer's value of its move (CassinoAiReason.value). */
void         cassino_game_recorder_play          (CassinoGameRecorder *self,
                                                  const CassinoGame   *game,
                                                  guint                seat,
                                                  const CassinoMove   *move,
                                                  gint                 think_ms,
                                                  gboolean             has_evaluation,
                                                  double               evaluation);
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
/* Another game takes @game's place: with @keep it stays unfinished in the
 * store, brought up to date, to be resumed from the history; without (no
 * person played in it) it is deleted, with its rubber if that had no
 * other game. */
void         cassino_game_recorder_leave         (CassinoGameRecorder *self,
                                                  const CassinoGame   *game,
                                                  gboolean             keep);

/* The newest unfinished game of the store, replayed to where it stopped,
 * and from then on the game being recorded.  NULL when there is none.
 * Returns: (transfer full) */
CassinoGame *cassino_game_recorder_load_unfinished (CassinoGameRecorder *self);

/* The standing of the rubber the recorded game belongs to, from the games
 * of it finished before (the current one excluded), into @rubber
 * (initialised for @rules); *@out_game_number is the current game's number
 * in it.  FALSE when the game is not part of a rubber. */
gboolean     cassino_game_recorder_get_rubber_standing (CassinoGameRecorder *self,
                                                        const CassinoRules  *rules,
                                                        CassinoRubber       *rubber,
                                                        guint               *out_game_number);

/* When an earlier step of @game could not be written (database busy,
 * disk full), try again now to bring the database up to date.  Every step
 * does this by itself; call it before letting go of the game.  It waits
 * for every queued step.  Returns TRUE when the database holds all of
 * @game. */
gboolean     cassino_game_recorder_flush         (CassinoGameRecorder *self,
                                                  const CassinoGame   *game);
/* The steps are written by a database thread, in order, while the caller
 * goes on: wait until every step so far has been tried and its result
 * (the "failed" and "recovered" signals, the game's id) has come back. */
void         cassino_game_recorder_wait          (CassinoGameRecorder *self);
/* Steps queued and not yet written (or refused). */
guint        cassino_game_recorder_get_n_queued  (CassinoGameRecorder *self);
/* The store's id of the game being recorded; 0 until its first step has
 * been written. */
gint64       cassino_game_recorder_get_game_id   (CassinoGameRecorder *self);
gint64       cassino_game_recorder_get_rubber_id (CassinoGameRecorder *self);

/* @game (id @game_id, of rubber @rubber_id or 0), read from the database
 * by another connection, is the game recorded from now on (leave() the
 * game recorded before first).  Queued behind the steps before: the
 * window never waits. */
void         cassino_game_recorder_adopt_game   (CassinoGameRecorder *self,
                                                 gint64               game_id,
                                                 gint64               rubber_id,
                                                 const CassinoGame   *game);
/* Rubber @rubber_id goes on with a new game: the next start() in a
 * rubber records into it (leave() the game recorded before first). */
void         cassino_game_recorder_adopt_rubber (CassinoGameRecorder *self,
                                                 gint64               rubber_id);

G_END_DECLS
