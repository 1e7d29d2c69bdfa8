/* cassino-preferences-window.h: the preferences
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CASSINO_TYPE_PREFERENCES_WINDOW (cassino_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (CassinoPreferencesWindow, cassino_preferences_window, CASSINO, PREFERENCES_WINDOW, AdwPreferencesWindow)

CassinoPreferencesWindow *cassino_preferences_window_new (GtkWindow *parent);

G_END_DECLS
