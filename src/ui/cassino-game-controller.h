/* cassino-game-controller.h: the one place a click becomes a move
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "cassino-ai.h"
#include "cassino-game.h"
#include "cassino-game-setup.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_GAME_CONTROLLER (cassino_game_controller_get_type ())
G_DECLARE_FINAL_TYPE (CassinoGameController, cassino_game_controller, CASSINO, GAME_CONTROLLER, GObject)

/* What asking to play did. */
typedef enum {
  CASSINO_PLAY_NOTHING,   /* no move: the prompt says why */
  CASSINO_PLAY_PLAYED,    /* one move, played */
  CASSINO_PLAY_CHOOSE,    /* several moves fit: get_candidates() lists them */
  CASSINO_PLAY_CONFIRM,   /* one move, waiting for "confirm-move" to be answered */
} CassinoPlayResult;

CassinoGameController *cassino_game_controller_new (void);

/* The database every game is recorded in (may be NULL: nothing recorded). */
void         cassino_game_controller_set_store_path (CassinoGameController *self,
                                                     const char            *path);
/* Where the store moved a damaged database when it opened, or NULL. */
const char  *cassino_game_controller_get_moved_aside_path (CassinoGameController *self);
/* Whether games are being recorded: a database was given and opened, or
 * is being waited for (another program's lock).  FALSE when it could not
 * be opened at all (a folder, no permission, a newer schema). */
gboolean     cassino_game_controller_is_recording (CassinoGameController *self);
/* How many of its games were saved and lost; FALSE when nothing was moved. */
gboolean     cassino_game_controller_get_salvage_counts (CassinoGameController *self,
                                                         guint                 *out_saved,
                                                         guint                 *out_lost);
/* Whether the database's indexes were found out of step with its games
 * and built again (nothing moved, no game lost). */
gboolean     cassino_game_controller_get_indexes_rebuilt (CassinoGameController *self);
/* Resume the unfinished game of the store, if there is one. */
gboolean     cassino_game_controller_resume        (CassinoGameController *self);
/* Resume unfinished game @game_id (of rubber @rubber_id, 0: none), and
 * continue a rubber (its unfinished last game @last_id, or its next game),
 * with what the records' database thread read (the window never waits for
 * the disk): the record's @state, and @standing, the rubber's @played
 * games over before it (for a rubber, all of them).  The game on the
 * table, if unfinished, stays so (or goes if nobody played in it); the
 * recorder takes over in order behind its queued steps. */
gboolean     cassino_game_controller_resume_opened (CassinoGameController  *self,
                                                    gint64                  game_id,
                                                    gint64                  rubber_id,
                                                    const char             *state,
                                                    const CassinoGame      *game,
                                                    const CassinoRubber    *standing,
                                                    guint                   played,
                                                    GError                **error);
gboolean     cassino_game_controller_continue_rubber_opened (CassinoGameController  *self,
                                                             gint64                  rubber_id,
                                                             gint64                  last_id,
                                                             const CassinoGame      *last,
                                                             const CassinoRubber    *standing,
                                                             guint                   played,
                                                             GError                **error);
/* "Play this deal again": a new game of @setup whose first deal is dealt
 * from @deal's deck by its dealer. */
gboolean     cassino_game_controller_start_deal    (CassinoGameController  *self,
                                                    const CassinoGameSetup *setup,
                                                    const CassinoDeal      *deal,
                                                    GError                **error);

/* Replays: a controller that only shows @game (no computer, no recording,
 * no moves), with the hand of @viewer at the bottom, and every hand face
 * up with @all_hands.  show_replay_move() shows the next position and
 * animates @move. */
void         cassino_game_controller_show_replay   (CassinoGameController *self,
                                                    CassinoGame           *game,
                                                    guint                  viewer,
                                                    gboolean               all_hands);
void         cassino_game_controller_show_replay_move (CassinoGameController *self,
                                                       CassinoGame           *game,
                                                       guint                  seat,
                                                       const CassinoMove     *move,
                                                       const CassinoPosition *before);
gboolean     cassino_game_controller_is_replay     (CassinoGameController *self);
gboolean     cassino_game_controller_get_all_hands (CassinoGameController *self);
/* The number of the game in its rubber (1-based). */
guint        cassino_game_controller_get_game_number (CassinoGameController *self);
/* Lessons (the tutorial): show @game (transfer full) to be played by
 * seat 0, with no computer moving on its own and nothing recorded.  Each
 * move the player makes is first given to @check: a move it refuses (it
 * returns why, newly allocated) is not played, its reason becomes the
 * prompt and "move-refused" is emitted with it. */
typedef char *(*CassinoMoveCheckFunc) (const CassinoGame *game,
                                       const CassinoMove *move,
                                       gpointer           user_data);
void         cassino_game_controller_show_lesson   (CassinoGameController *self,
                                                    CassinoGame           *game,
                                                    CassinoMoveCheckFunc   check,
                                                    gpointer               user_data);
/* The store's id of the game being recorded, or 0. */
gint64       cassino_game_controller_get_game_id   (CassinoGameController *self);

/* Milliseconds a computer waits before it plays, so that a player can
 * follow (the animation speed); 0 plays at once. */
void         cassino_game_controller_set_move_delay (CassinoGameController *self,
                                                     guint                  delay_ms);
guint        cassino_game_controller_get_move_delay (CassinoGameController *self);

/* A new game; @seed 0 picks one.  The current game, if any, stays
 * unfinished in the record (to be resumed from the history), unless no
 * one played in it: then it is deleted. */
gboolean     cassino_game_controller_start         (CassinoGameController  *self,
                                                    const CassinoGameSetup *setup,
                                                    guint64                 seed,
                                                    GError                **error);
/* The same with @first_dealer, and record tags @tags (name, value, …,
 * NULL): the daily deal. */
gboolean     cassino_game_controller_start_tagged  (CassinoGameController  *self,
                                                    const CassinoGameSetup *setup,
                                                    guint64                 seed,
                                                    guint                   first_dealer,
                                                    const char *const      *tags,
                                                    GError                **error);
gboolean     cassino_game_controller_has_game      (CassinoGameController *self);
gboolean     cassino_game_controller_in_progress   (CassinoGameController *self);
const CassinoGame *cassino_game_controller_get_game (CassinoGameController *self);
const CassinoGameSetup *cassino_game_controller_get_setup (CassinoGameController *self);
/* The name of @seat. */
const char  *cassino_game_controller_get_seat_name (CassinoGameController *self,
                                                    guint                  seat);
gboolean     cassino_game_controller_seat_is_human (CassinoGameController *self,
                                                    guint                  seat);
/* The side's name over a score sheet's column: a partnership one name
 * above the other (newly allocated). */
char        *cassino_game_controller_dup_side_heading (CassinoGameController *self,
                                                       guint                  side);
const char  *cassino_game_controller_get_side_name (CassinoGameController *self,
                                                    guint                  side);

/* The seat whose hand is shown face up at the bottom of the table. */
guint        cassino_game_controller_get_viewer    (CassinoGameController *self);
/* Whether the viewer's hand may be shown (not while the device is being
 * passed, nor before the first player of a pass-and-play game took it). */
gboolean     cassino_game_controller_get_hand_visible (CassinoGameController *self);
/* Pass and play: the seat the device must be handed to, or -1. */
int          cassino_game_controller_get_pass_to   (CassinoGameController *self);
void         cassino_game_controller_confirm_pass  (CassinoGameController *self);

/* Whether the viewer may play now (a human's turn, nothing pending). */
gboolean     cassino_game_controller_is_human_turn (CassinoGameController *self);
gboolean     cassino_game_controller_is_thinking   (CassinoGameController *self);

/* Selection: a hand card, then table items (a loose card's bit, or a
 * build's cards). */
gboolean     cassino_game_controller_select_card   (CassinoGameController *self,
                                                    CassinoCard            card);
CassinoCard  cassino_game_controller_get_selected  (CassinoGameController *self);
gboolean     cassino_game_controller_toggle_item   (CassinoGameController *self,
                                                    CassinoCards           item);
CassinoCards cassino_game_controller_get_chosen    (CassinoGameController *self);
void         cassino_game_controller_clear_selection (CassinoGameController *self);
/* Table cards that some legal move of the selected card uses (with what is
 * chosen so far). */
CassinoCards cassino_game_controller_get_targets   (CassinoGameController *self);
/* Hand cards of the viewer that have a legal move. */
CassinoCards cassino_game_controller_get_playable  (CassinoGameController *self);

/* The action bar: exactly what Play will do, or NULL; and a prompt or an
 * explanation (@is_error) of why the choice is not a move. */
const char  *cassino_game_controller_get_action_text (CassinoGameController *self);
const char  *cassino_game_controller_get_prompt    (CassinoGameController *self,
                                                    gboolean              *is_error);

CassinoPlayResult cassino_game_controller_play_selection (CassinoGameController *self);
/* Double-click: the obvious move of @card. */
CassinoPlayResult cassino_game_controller_play_card  (CassinoGameController *self,
                                                      CassinoCard            card);
/* Drag and drop of @card on a table @item (0: the bare table, a trail). */
CassinoPlayResult cassino_game_controller_drop_card  (CassinoGameController *self,
                                                      CassinoCard            card,
                                                      CassinoCards           item);
/* With confirmation on (the "confirm-moves" preference), a move the
 * player makes in any way (Play, Enter, a double click, a drop, the
 * chooser) is not played at once: "confirm-move" is emitted with its
 * description, and the answer is confirm_move (TRUE: play it). */
void         cassino_game_controller_set_confirm_moves (CassinoGameController *self,
                                                        gboolean               confirm);
gboolean     cassino_game_controller_has_pending_move (CassinoGameController *self);
gboolean     cassino_game_controller_confirm_move     (CassinoGameController *self,
                                                       gboolean               play);

/* The moves to choose from after CASSINO_PLAY_CHOOSE (CassinoMove). */
GArray      *cassino_game_controller_get_candidates (CassinoGameController *self);
gboolean     cassino_game_controller_play_candidate (CassinoGameController *self,
                                                     guint                  index);
/* Play @move for the viewer. */
gboolean     cassino_game_controller_play_move     (CassinoGameController  *self,
                                                    const CassinoMove      *move,
                                                    GError                **error);

/* "Cassino!" (rules.md §4.5) */
gboolean     cassino_game_controller_can_claim     (CassinoGameController *self);
gboolean     cassino_game_controller_claim         (CassinoGameController *self);

/* Hint: computed off the main thread; the hint's move becomes the
 * selection and get_hint_text() gives its reason. */
gboolean     cassino_game_controller_can_hint      (CassinoGameController *self);
void         cassino_game_controller_request_hint  (CassinoGameController *self);
gboolean     cassino_game_controller_get_hint      (CassinoGameController *self,
                                                    CassinoMove           *out_move);
const char  *cassino_game_controller_get_hint_text (CassinoGameController *self);
gboolean     cassino_game_controller_get_hint_used (CassinoGameController *self);
/* TRUE once after a hint has made its move the selection: the view then
 * gives the hinted card the keyboard focus, so that Enter plays the hint
 * (it selected the card the focus was on instead) */
gboolean     cassino_game_controller_take_hint_focus (CassinoGameController *self);

/* Undo against computers: back to before the viewer's last play, within
 * the hand being played. */
gboolean     cassino_game_controller_can_undo      (CassinoGameController *self);
const char  *cassino_game_controller_get_undo_blocked (CassinoGameController *self);
gboolean     cassino_game_controller_undo          (CassinoGameController *self);
gboolean     cassino_game_controller_get_undo_used (CassinoGameController *self);

/* After a deal: the next one.  After a game of a rubber: the next game. */
gboolean     cassino_game_controller_next_deal     (CassinoGameController *self);
gboolean     cassino_game_controller_can_next_game (CassinoGameController *self);
gboolean     cassino_game_controller_next_game     (CassinoGameController *self);
/* The rubber being played, or NULL. */
const CassinoRubber *cassino_game_controller_get_rubber (CassinoGameController *self);

/* The move log, oldest first (strings). */
GPtrArray   *cassino_game_controller_get_log       (CassinoGameController *self);
guint        cassino_game_controller_get_log_serial (CassinoGameController *self,
                                                     guint                 *epoch);

/* Stop the computer (closing the window). */
void         cassino_game_controller_stop          (CassinoGameController *self);

G_END_DECLS
