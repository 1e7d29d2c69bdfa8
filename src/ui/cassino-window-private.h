/* cassino-window-private.h: what the window's files share
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cassino-window.h"
#include "cassino-game-setup.h"
#include "cassino-history-view.h"
#include "cassino-records.h"
#include "cassino-coach.h"
#include "cassino-replay-view.h"
#include "cassino-review-view.h"
#include "cassino-score-sheet.h"
#include "cassino-stats-view.h"

G_BEGIN_DECLS

struct _CassinoWindow
{
  AdwApplicationWindow   parent_instance;

  GSettings             *settings;
  CassinoGameController *controller;
  char                  *database;
  guint                  score_source;
  char                  *last_toast;
  GFile                 *file_folder;     /* where the last file was chosen */
  char                  *tally_key;        /* what the tally grid shows */
  gboolean               log_shown;        /* what the move log shows: */
  guint                  log_serial;       /* cassino_game_controller_get_log_serial () */
  guint                  log_epoch;
  AdwToast              *record_toast;     /* "could not be saved", while it lasts */
  gboolean               unsaved;          /* a step of the game could not be saved, and
                                            * none has been since */
  gboolean               quit_unsaved;     /* the player chose to close all the same */
  GtkRevealer           *tutorial_banner;  /* the first launch's offer */
  int                    new_game_format;  /* a CassinoFormat the next New Game dialog
                                            * opens with, or -1: the last game's */
  AdwToast              *sweep_toast;      /* the last sweep announced ("Scopa!"), while shown */

  /* template children */
  AdwToastOverlay       *toast_overlay;
  AdwViewSwitcherTitle  *window_title;
  AdwViewStack          *view_stack;
  AdwViewSwitcherBar    *switcher_bar;
  GtkStack              *history_stack;
  CassinoHistoryView    *history_view;
  CassinoReplayView     *replay_view;
  CassinoReviewView     *review_view;      /* made on first use */
  gboolean               replay_from_review;  /* Back from the replay returns to the review */
  char                  *replay_note;         /* the review's verdict, shown in that replay */
  guint                  replay_serial;       /* of the replay being read: a newer one, or Back, drops it */
  CassinoCoach          *coach;
  GtkRevealer           *coach_revealer;
  GtkLabel              *coach_label;
  CassinoStatsView      *stats_view;       /* made on first use, like the two above */
  AdwBin                *stats_bin;
  GtkWidget             *back_button;
  GtkWidget             *new_game_button;
  GtkWidget             *undo_button;
  GtkWidget             *hint_button;
  CassinoRecords        *records;
  gboolean               records_dirty;
  GtkStack              *stack;
  AdwFlap               *flap;
  GtkBox                *scoreboard;
  CassinoTableView      *table_view;
  GtkLabel              *action_label;
  GtkLabel              *prompt_label;
  GtkWidget             *claim_button;
  GtkWidget             *play_button;
  GtkWidget             *log_button;
  GtkGrid               *tally_grid;
  GtkListBox            *log_list;
  AdwStatusPage         *pass_page;
  GtkButton             *pass_button;
  CassinoScoreSheet     *score_sheet;

  GtkWindow             *tutorial_window;  /* weak: cassino-window-learn.c */
  GtkWindow             *daily_window;     /* weak */
};

/* The game's actions enabled as the game and the page shown allow. */
void _cassino_window_update_actions (CassinoWindow *self);

/* Show @text in a toast (and remember it: cassino_window_get_last_toast()). */
AdwToast *_cassino_window_toast (CassinoWindow *self,
                                 const char    *text);

/* cassino-window-records.c: history, replay, statistics, players, rubbers,
 * export and import.  The history, replay and statistics views are made
 * when first needed (they cost a sixth of the window's start). */
void _cassino_window_ensure_history (CassinoWindow *self);
/* Where a replay read on the database thread opens (the review's
 * "show position"), and where Back goes meanwhile. */
typedef struct {
  gboolean from_review;
  int      seat;        /* -1: every card shown */
  int      deal_index;  /* -1: the start of the game */
  int      play_index;  /* with deal_index: that move */
} CassinoReplayAt;

/* "Loading the Game…" at once, the replay when the database thread has
 * read it; a failure is toasted and Back taken. */
void _cassino_window_load_replay    (CassinoWindow         *self,
                                     gint64                 game_id,
                                     const CassinoReplayAt *at);
/* The replay view on @replay, at the start of deal @deal_index (-1: of the game). */
void _cassino_window_show_replay    (CassinoWindow *self,
                                     CassinoReplay *replay,
                                     int            deal_index);
void _cassino_window_ensure_stats   (CassinoWindow *self);
/* The review of @game (game @game_id of the database, 0 if it is not
 * recorded; NULL: read game @game_id), run or read back and shown on the
 * History page. */
void _cassino_window_show_review    (CassinoWindow     *self,
                                     gint64             game_id,
                                     const CassinoGame *game);
void _cassino_window_records_class_init (GtkWidgetClass *widget_class);
/* cassino-window-review.c: the game review and the coach */
void _cassino_window_review_class_init  (GtkWidgetClass *widget_class);
void _cassino_window_review_init        (CassinoWindow  *self);
void _cassino_window_review_dispose     (CassinoWindow  *self);
void _cassino_window_records_init       (CassinoWindow  *self);
void _cassino_window_records_open       (CassinoWindow  *self);
void _cassino_window_records_dispose    (CassinoWindow  *self);

/* cassino-window-learn.c: the tutorial and the daily deal */
void _cassino_window_new_game_as       (CassinoWindow  *self,
                                        CassinoFormat   format);
void _cassino_window_learn_class_init   (GtkWidgetClass *widget_class);
void _cassino_window_learn_first_launch (CassinoWindow  *self);
void _cassino_window_learn_dispose      (CassinoWindow  *self);

G_END_DECLS
