/* cassino-tutorial-window.h: the tutorial's lessons, played on the table
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-game-controller.h"
#include "cassino-table-view.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_TUTORIAL_WINDOW (cassino_tutorial_window_get_type ())
G_DECLARE_FINAL_TYPE (CassinoTutorialWindow, cassino_tutorial_window, CASSINO, TUTORIAL_WINDOW, AdwWindow)

/* The lessons are marked done in @settings' "tutorial-completed". */
CassinoTutorialWindow *cassino_tutorial_window_new (GtkWindow *parent,
                                                    GSettings *settings);

/* Open lesson @index at its first step (the list when out of range). */
void         cassino_tutorial_window_open_lesson    (CassinoTutorialWindow *self,
                                                     guint                  index);
/* For tests and the screen reader's view of it: what the page shows. */
CassinoTableView      *cassino_tutorial_window_get_table_view (CassinoTutorialWindow *self);
CassinoGameController *cassino_tutorial_window_get_controller (CassinoTutorialWindow *self);
const char  *cassino_tutorial_window_get_instruction (CassinoTutorialWindow *self);
const char  *cassino_tutorial_window_get_prompt      (CassinoTutorialWindow *self);
/* The lesson's step (0-based) and whether the player has made its move. */
guint        cassino_tutorial_window_get_step        (CassinoTutorialWindow *self);
gboolean     cassino_tutorial_window_get_step_done   (CassinoTutorialWindow *self);

G_END_DECLS
