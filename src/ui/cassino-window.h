/* cassino-window.h: the main window
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-game-controller.h"
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

/* Open the new game dialog. */
void                   cassino_window_new_game       (CassinoWindow *self);

G_END_DECLS
