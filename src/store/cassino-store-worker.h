/* cassino-store-worker.h: one database thread fed by a queue
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Epiphany's history service shape (lib/history/ephy-history-service.c):
 * a CassinoStoreWorker owns a CassinoStore and a thread; from then on only
 * that thread touches the store.  Jobs are run one at a time in the order
 * they were pushed, so the caller never waits for the disk (or for another
 * program's lock: the busy timeout runs on the worker), and their results
 * come back to the caller's main context with a GTask.
 */
#pragma once

#include <gio/gio.h>

#include "cassino-store.h"

G_BEGIN_DECLS

/* A job is a CassinoStoreFunc run on the worker thread with the worker's
 * store; @data is the job's own (input and output).  The store's calls
 * each run in their own transaction (cassino_store_transact()); a job that
 * must be one transaction runs its calls through cassino_store_transact()
 * itself. */

#define CASSINO_TYPE_STORE_WORKER (cassino_store_worker_get_type ())
G_DECLARE_FINAL_TYPE (CassinoStoreWorker, cassino_store_worker, CASSINO, STORE_WORKER, GObject)

/* A worker for @store (a reference is taken: the caller must not use the
 * store any more).  Disposing of the worker runs every job still queued
 * (nothing pushed is dropped), then stops the thread.
 * Returns: (transfer full) */
CassinoStoreWorker *cassino_store_worker_new       (CassinoStore        *store);
/* A worker with a connection of its own to the database at @path, opened
 * by the worker thread (cassino_store_open()); when it cannot be opened,
 * every job fails with the reason.
 * Returns: (transfer full) */
CassinoStoreWorker *cassino_store_worker_new_for_path (const char       *path);
/* The same, opened with @flags (cassino_store_open_full()): the opening
 * too waits on that thread, never on the caller's. */
CassinoStoreWorker *cassino_store_worker_new_for_path_full (const char            *path,
                                                            CassinoStoreOpenFlags  flags);

/* Queue @func (@data, freed with @data_free when the job is over) behind
 * every job pushed before.  @callback, if not NULL, is called in the
 * thread-default main context of the caller when it has run; there,
 * cassino_store_worker_push_finish() gives the result and
 * cassino_store_worker_get_job_data() the data. */
void                cassino_store_worker_push      (CassinoStoreWorker  *self,
                                                    CassinoStoreFunc     func,
                                                    gpointer             data,
                                                    GDestroyNotify       data_free,
                                                    GAsyncReadyCallback  callback,
                                                    gpointer             user_data);
gboolean            cassino_store_worker_push_finish (GAsyncResult       *result,
                                                      GError            **error);
/* The @data given to push() (owned by the job). */
gpointer            cassino_store_worker_get_job_data (GAsyncResult     *result);

/* Run @func (@data) on the worker after every job pushed before, and wait
 * for it: for what the caller cannot go on without (loading a game).  */
gboolean            cassino_store_worker_run       (CassinoStoreWorker  *self,
                                                    CassinoStoreFunc     func,
                                                    gpointer             data,
                                                    GError             **error);

/* On the worker thread, from inside a job: close the worker's store and
 * open its file again with @flags.  The job goes on with the store
 * returned (owned by the worker; the one the job was given is gone).
 * With CASSINO_STORE_OPEN_CHECK_ALL this is how a job that met a damaged
 * page (CASSINO_STORE_ERROR_CORRUPT) has the file checked, moved aside
 * and salvaged (cassino_store_get_moved_aside_path() on the new store).
 * Returns NULL with @error when it cannot be opened: the jobs queued
 * after it open it again. */
CassinoStore       *cassino_store_worker_reopen    (CassinoStoreWorker    *self,
                                                    CassinoStoreOpenFlags  flags,
                                                    GError               **error);

/* Wait until every job pushed so far has run (their callbacks are then
 * due in their main contexts, not yet called). */
void                cassino_store_worker_drain     (CassinoStoreWorker  *self);

/* Jobs pushed and not yet over. */
guint               cassino_store_worker_get_n_pending (CassinoStoreWorker *self);

G_END_DECLS
