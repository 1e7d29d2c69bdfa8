/* cassino-daily-window.h: today's daily deal and the daily statistics
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-rules.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_DAILY_WINDOW (cassino_daily_window_get_type ())
G_DECLARE_FINAL_TYPE (CassinoDailyWindow, cassino_daily_window, CASSINO, DAILY_WINDOW, AdwWindow)

/* The statistics are read from the database at @database (NULL: none),
 * off the main thread.  "play" (preset as guint) asks the game window to
 * start today's deal of that preset. */
CassinoDailyWindow *cassino_daily_window_new (GtkWindow     *parent,
                                              const char    *database,
                                              CassinoPreset  preset);

CassinoPreset cassino_daily_window_get_preset   (CassinoDailyWindow *self);
/* Whether the statistics have been read (for tests). */
gboolean      cassino_daily_window_is_loaded    (CassinoDailyWindow *self);
/* The texts shown: the streak row's value and the history rows' titles. */
const char   *cassino_daily_window_get_streak_text (CassinoDailyWindow *self);
const char   *cassino_daily_window_get_best_text   (CassinoDailyWindow *self);
GStrv         cassino_daily_window_get_history_texts (CassinoDailyWindow *self);

G_END_DECLS
