/* cassino-history-view.h: every game played, newest first
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include "cassino-records.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_HISTORY_VIEW (cassino_history_view_get_type ())
G_DECLARE_FINAL_TYPE (CassinoHistoryView, cassino_history_view, CASSINO, HISTORY_VIEW, GtkWidget)

void          cassino_history_view_set_records (CassinoHistoryView *self,
                                                CassinoRecords     *records);

/* The filter row's choices (for tests and the window): the player and
 * opponent by position in the records' player list (-1: anyone), the
 * preset (-1: any), the result, the period in days (0: any), and the
 * search text. */
void          cassino_history_view_set_filter  (CassinoHistoryView *self,
                                                int                 player,
                                                int                 opponent,
                                                int                 preset,
                                                CassinoStoreResult  result,
                                                guint               days,
                                                const char         *search);

/* Whether the narrow list of two-line rows is shown instead of the
 * columns (windows narrower than the columns need). */
gboolean       cassino_history_view_is_narrow       (CassinoHistoryView *self);
GtkListView   *cassino_history_view_get_narrow_list (CassinoHistoryView *self);
GtkColumnView *cassino_history_view_get_column_view (CassinoHistoryView *self);
/* The text of column @column ("date", "variant", "players", "result",
 * "length") for row @position, as shown. */
char          *cassino_history_view_dup_cell_text  (CassinoHistoryView *self,
                                                    guint               position,
                                                    const char         *column);
/* Select a row. */
void           cassino_history_view_select       (CassinoHistoryView *self,
                                                  guint               position);
gint64         cassino_history_view_get_selected_id (CassinoHistoryView *self);
/* Put the keyboard in the search box (Ctrl+F). */
void           cassino_history_view_focus_search (CassinoHistoryView *self);

G_END_DECLS
