/* cassino-window.h: the main window
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-coach.h"
#include "cassino-game-controller.h"
#include "cassino-daily-window.h"
#include "cassino-tutorial-window.h"
#include "cassino-history-view.h"
#include "cassino-records.h"
#include "cassino-replay-view.h"
#include "cassino-review-view.h"
#include "cassino-stats-view.h"
#include "cassino-table-view.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_WINDOW (cassino_window_get_type ())
G_DECLARE_FINAL_TYPE (CassinoWindow, cassino_window, CASSINO, WINDOW, AdwApplicationWindow)

/* A window recording into the database at @database (NULL: none).  It
 * resumes the unfinished game, or deals the last game chosen. */
CassinoWindow         *cassino_window_new            (GtkApplication *application,
                                                      const char     *database);

CassinoGameController *cassino_window_get_controller (CassinoWindow *self);
CassinoTableView      *cassino_window_get_table_view (CassinoWindow *self);
/* The visible page: "table", "pass" or "score". */
const char            *cassino_window_get_page       (CassinoWindow *self);
/* The action bar's texts. */
const char            *cassino_window_get_action_text (CassinoWindow *self);
const char            *cassino_window_get_prompt_text (CassinoWindow *self);
/* What the last toast said (NULL before the first one). */
const char            *cassino_window_get_last_toast (CassinoWindow *self);

/* Whether moves of the game on the table could not be saved and the
 * player has not chosen to close all the same (closing asks first). */
gboolean               _cassino_window_has_unsaved_moves (CassinoWindow *self);
/* The views of the database (NULL without one). */
CassinoRecords        *cassino_window_get_records    (CassinoWindow *self);
/* Export… once its file is chosen: on the records' database thread, a
 * toast says how it went (tests: without the file chooser). */
void                   cassino_window_export_records (CassinoWindow           *self,
                                                      CassinoStoreExportScope  scope,
                                                      gint64                   id,
                                                      GFile                   *file);
/* The file name Export Game suggests for game @id: its variant and day
 * when History has its row ("cassino-scopa-2026-11-25.cassino"). */
char                  *cassino_window_dup_export_game_name (CassinoWindow *self,
                                                            gint64         id);
/* The folder the file chooser of Import and Export opens in: the one of
 * the last file chosen or written, else Documents, else the home folder
 * (it opened in the program's working folder). */
GFile                 *cassino_window_dup_file_folder (CassinoWindow *self);
/* Import… once its file is chosen, the same way. */
void                   cassino_window_import_records (CassinoWindow           *self,
                                                      GFile                   *file);
/* The top page: "table", "history" or "statistics"; history's sub-page
 * "list", "replay" or "review". */
const char            *cassino_window_get_top_page   (CassinoWindow *self);
void                   cassino_window_set_top_page   (CassinoWindow *self,
                                                      const char    *name);
CassinoHistoryView    *cassino_window_get_history_view (CassinoWindow *self);
CassinoReplayView     *cassino_window_get_replay_view  (CassinoWindow *self);
CassinoStatsView      *cassino_window_get_stats_view   (CassinoWindow *self);
/* The game review (NULL before the first) and the coach. */
CassinoReviewView     *cassino_window_get_review_view  (CassinoWindow *self);
CassinoCoach          *cassino_window_get_coach        (CassinoWindow *self);
/* The coach's advice on show under the table, or NULL. */
const char            *cassino_window_get_coach_text   (CassinoWindow *self);
/* Replay game @game_id in the history page. */
gboolean               cassino_window_open_replay    (CassinoWindow  *self,
                                                      gint64          game_id,
                                                      GError        **error);

/* Open the new game dialog; while a game is being played, after asking
 * (the game stays unfinished, to be resumed from the history). */
void                   cassino_window_new_game       (CassinoWindow *self);
/* The tutorial's window (made on first use) and the daily deal's. */
CassinoTutorialWindow *cassino_window_open_tutorial  (CassinoWindow *self);
CassinoDailyWindow    *cassino_window_open_daily     (CassinoWindow *self);
/* Start the daily deal of @date (the player's local date) and @preset. */
gboolean               cassino_window_start_daily    (CassinoWindow  *self,
                                                      CassinoPreset   preset,
                                                      const GDate    *date,
                                                      GError        **error);

/* What the Rubbers window's Continue does: rubber @rubber_id's
 * unfinished game, or its next, read off the main thread, then on the
 * table. */
void           cassino_window_continue_rubber (CassinoWindow *self,
                                               gint64         rubber_id);

G_END_DECLS
