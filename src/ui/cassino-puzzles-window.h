/* cassino-puzzles-window.h: find the best play, in positions from your own games
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-position.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_PUZZLES_WINDOW (cassino_puzzles_window_get_type ())
G_DECLARE_FINAL_TYPE (CassinoPuzzlesWindow, cassino_puzzles_window, CASSINO, PUZZLES_WINDOW, AdwWindow)

/* The puzzles of the database at @path, the least tried first. */
CassinoPuzzlesWindow *cassino_puzzles_window_new (GtkWindow  *parent,
                                                  const char *path);

/* For tests: "loading", "empty" or "puzzle"; the choices (one row per
 * legal play, in the order of the moves array); whether the shown puzzle
 * was answered, its best play and whether it was found; the verdict shown. */
const char  *cassino_puzzles_window_get_state   (CassinoPuzzlesWindow *self);
GtkListBox  *cassino_puzzles_window_get_choices (CassinoPuzzlesWindow *self);
GArray      *cassino_puzzles_window_get_moves   (CassinoPuzzlesWindow *self);
gboolean     cassino_puzzles_window_get_answer  (CassinoPuzzlesWindow *self,
                                                 CassinoMove          *out_best,
                                                 gboolean             *out_solved);
const char  *cassino_puzzles_window_get_verdict (CassinoPuzzlesWindow *self);

G_END_DECLS
