/* cassino-new-game-dialog.h: choose rules, seats and format
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-game-setup.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_NEW_GAME_DIALOG (cassino_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (CassinoNewGameDialog, cassino_new_game_dialog, CASSINO, NEW_GAME_DIALOG, AdwWindow)

/* A dialog starting from @setup.  It emits "start-game" with the
 * CassinoGameSetup chosen; the receiver closes it. */
CassinoNewGameDialog *cassino_new_game_dialog_new (GtkWindow              *parent,
                                                   const CassinoGameSetup *setup);

/* What the dialog shows now (transfer full), or NULL with @error when the
 * advanced options do not make a valid game. */
CassinoGameSetup     *cassino_new_game_dialog_get_setup (CassinoNewGameDialog  *self,
                                                         GError               **error);

/* Number of rule option rows shown in the advanced section. */
/* The people of the player list, offered as the names of the seats
 * (NULL-terminated; NULL or empty: none to offer). */
void                  cassino_new_game_dialog_set_people (CassinoNewGameDialog *self,
                                                          const char *const    *names);
guint                 cassino_new_game_dialog_get_n_option_rows (CassinoNewGameDialog *self);
/* The row of the rules.md option @name (for tests), or NULL. */
GtkWidget            *cassino_new_game_dialog_get_option_row (CassinoNewGameDialog *self,
                                                              const char           *name);

G_END_DECLS
