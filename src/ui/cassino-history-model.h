/* cassino-history-model.h: the history as a lazily paged GListModel
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include "cassino-history-item.h"
#include "cassino-store.h"
#include "cassino-store-worker.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_HISTORY_MODEL (cassino_history_model_get_type ())
G_DECLARE_FINAL_TYPE (CassinoHistoryModel, cassino_history_model, CASSINO, HISTORY_MODEL, GObject)

/* Pages of this many games are read when first asked for. */
#define CASSINO_HISTORY_PAGE_SIZE 50

/* A GListModel of CassinoHistoryItem over @store's games (newest first by
 * default).  Only the count is read up front; a page is read from the
 * store when one of its items is first asked for, and at most a few dozen
 * pages are kept. */
CassinoHistoryModel *cassino_history_model_new        (CassinoStore *store);
/* The same with everything on @worker (see set_worker()) from the start:
 * the first count too; the list is empty and loading
 * (cassino_history_model_is_loading()) until it comes. */
CassinoHistoryModel *cassino_history_model_new_for_worker (CassinoStoreWorker *worker);

/* NULL for a model made for a worker. */
CassinoStore *cassino_history_model_get_store         (CassinoHistoryModel *self);

/* The filter (copied; NULL: every game).  Reloads. */
void         cassino_history_model_set_filter         (CassinoHistoryModel              *self,
                                                       const CassinoStoreHistoryFilter  *filter);
const CassinoStoreHistoryFilter *cassino_history_model_get_filter (CassinoHistoryModel *self);

/* Read the count again and drop the pages (after games were recorded). */
void         cassino_history_model_reload             (CassinoHistoryModel *self);

/* Pages read from the store since the model was made (for tests and the
 * benchmark). */
guint        cassino_history_model_get_pages_read     (CassinoHistoryModel *self);

/* Deletes, pages and counts run on @worker (a connection of its own to
 * the same database), in order: committing a delete returns at once, a
 * page not read yet shows "Loading…" rows (cassino_history_item_is_loading())
 * replaced when it comes, and a reload keeps the rows shown until the new
 * count is there.  Without a worker everything is read at once. */
void         cassino_history_model_set_worker         (CassinoHistoryModel *self,
                                                       CassinoStoreWorker  *worker);

/* Delete with undo: the game disappears from the list at once; it is
 * deleted from the store by commit_delete(), or comes back with
 * cancel_delete().  Only one game waits at a time: asking to delete
 * another commits the first.  With a worker, commit_delete() queues the
 * delete and the game stays out of the list meanwhile; should it fail,
 * the game comes back and "failed" says why.  @position_hint: where the game was last
 * seen.  FALSE when @game_id is not in the list. */
gboolean     cassino_history_model_hide_for_delete    (CassinoHistoryModel  *self,
                                                       gint64                game_id,
                                                       guint                 position_hint,
                                                       GError              **error);
gint64       cassino_history_model_get_pending_delete (CassinoHistoryModel *self);
/* Whether pages or a count are on their way. */
gboolean     cassino_history_model_is_loading         (CassinoHistoryModel *self);
/* A count is under way on the database thread (the rows shown stay until
 * it comes: none at first); "counted" says when it is back. */
gboolean     cassino_history_model_is_counting        (CassinoHistoryModel *self);
/* Why the last count failed (the busy database, a damaged file), or NULL. */
const char  *cassino_history_model_get_count_error    (CassinoHistoryModel *self);
/* Deletes committed and queued on the database thread, not yet done. */
guint        cassino_history_model_get_n_deleting     (CassinoHistoryModel *self);
void         cassino_history_model_cancel_delete      (CassinoHistoryModel *self);
gboolean     cassino_history_model_commit_delete      (CassinoHistoryModel  *self,
                                                       GError              **error);

/* The position of @game_id among the loaded pages, or -1. */
int          cassino_history_model_find_loaded        (CassinoHistoryModel *self,
                                                       gint64               game_id);

G_END_DECLS
