/* cassino-history-item.h: one game of the history list
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "cassino-store-history.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_HISTORY_ITEM (cassino_history_item_get_type ())
G_DECLARE_FINAL_TYPE (CassinoHistoryItem, cassino_history_item, CASSINO, HISTORY_ITEM, GObject)

/* Takes @summary. */
CassinoHistoryItem *cassino_history_item_new (CassinoStoreGameSummary *summary);
/* A row whose game is still being read: its id is 0, its date column
 * says "Loading…", the others are empty. */
CassinoHistoryItem *cassino_history_item_new_loading (void);
gboolean     cassino_history_item_is_loading    (CassinoHistoryItem *self);

/* NULL while loading. */
const CassinoStoreGameSummary *cassino_history_item_get_summary (CassinoHistoryItem *self);
gint64       cassino_history_item_get_id        (CassinoHistoryItem *self);
gboolean     cassino_history_item_is_unfinished (CassinoHistoryItem *self);

/* The texts of the list's columns, translated; newly allocated. */
char        *cassino_history_item_dup_date_text    (CassinoHistoryItem *self);
char        *cassino_history_item_dup_preset_text  (CassinoHistoryItem *self);
char        *cassino_history_item_dup_players_text (CassinoHistoryItem *self);
/* The result as seen by @player_id (0: who won). */
char        *cassino_history_item_dup_result_text  (CassinoHistoryItem *self,
                                                    gint64              player_id);
char        *cassino_history_item_dup_length_text  (CassinoHistoryItem *self);

/* -1 lost, 0 drawn or unfinished, 1 won, for @player_id; 0 when the player
 * did not sit in the game. */
int          cassino_history_item_get_outcome     (CassinoHistoryItem *self,
                                                   gint64              player_id);

G_END_DECLS
