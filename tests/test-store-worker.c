/* test-store-worker.c: the database thread and the transaction wrapper
 *
 * CassinoStoreWorker runs its jobs one at a time in the order they were
 * pushed, on a thread of its own, hands their results back in the
 * caller's main context, and runs every queued job before it goes.
 * cassino_store_transact() commits all of a body or none of it, nests as
 * a savepoint, and turns SQLite's errors into the store's.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "cassino-store.h"
#include "cassino-store-private.h"
#include "cassino-store-worker.h"
#include "test-store-util.h"

typedef struct {
  char         *dir;
  char         *path;
  CassinoStore *store;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "games.db", NULL);
  f->store = cassino_store_open (f->path, &error);
  g_assert_no_error (error);
  g_assert_true (cassino_sqlite_exec (_cassino_store_get_db (f->store),
                                      "CREATE TABLE test_log (n INTEGER NOT NULL)", NULL));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->store);
  store_test_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static gint64
count_rows (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gint64 n;

  db = store_test_open_reader (path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM test_log", -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

/* A job: note which thread ran it and in what order, and log a row. */
typedef struct {
  guint      n;
  GArray    *ran;        /* guint: the order the jobs ran in */
  GThread   *thread;
  gboolean   fail;
} Job;

static gboolean
log_job (CassinoStore  *store,
         gpointer       data,
         GError       **error)
{
  Job *job = data;

  job->thread = g_thread_self ();
  g_array_append_val (job->ran, job->n);
  if (job->fail)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID, "job %u fails", job->n);
      return FALSE;
    }
  return cassino_sqlite_run (_cassino_store_get_db (store), error,
                             "INSERT INTO test_log (n) VALUES (?1)", "n", (int) job->n);
}

typedef struct {
  GArray  *done;         /* guint: the order the results came back in */
  GThread *main_thread;
  guint    n_failed;
} Results;

static void
on_job_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Results *results = user_data;
  Job *job = cassino_store_worker_get_job_data (result);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_thread_self () == results->main_thread);
  g_assert_true (job->thread != results->main_thread);
  if (cassino_store_worker_push_finish (result, &error))
    g_assert_no_error (error);
  else
    {
      g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID);
      results->n_failed++;
    }
  g_array_append_val (results->done, job->n);
}

/* Jobs run on the worker thread in the order pushed; their results come
 * back in this thread, in the same order; run() waits behind them. */
static void
test_order (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(CassinoStoreWorker) worker = cassino_store_worker_new (f->store);
  g_autoptr(GArray) ran = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) done = g_array_new (FALSE, FALSE, sizeof (guint));
  Results results = { done, g_thread_self (), 0 };
  Job last = { 1000, ran, NULL, FALSE };

  for (guint i = 0; i < 200; i++)
    {
      Job *job = g_new0 (Job, 1);

      job->n = i;
      job->ran = ran;
      job->fail = i % 50 == 7;
      cassino_store_worker_push (worker, log_job, job, g_free, on_job_done_cb, &results);
    }
  /* behind all of them */
  g_assert_true (cassino_store_worker_run (worker, log_job, &last, NULL));
  g_assert_cmpuint (cassino_store_worker_get_n_pending (worker), ==, 0);
  g_assert_cmpuint (ran->len, ==, 201);
  for (guint i = 0; i < ran->len; i++)
    g_assert_cmpuint (g_array_index (ran, guint, i), ==, i < 200 ? i : 1000);
  g_assert_true (last.thread != g_thread_self ());
  g_assert_cmpint (count_rows (f->path), ==, 201 - 4);

  /* the results are due in this main context, and come in order */
  g_assert_cmpuint (done->len, ==, 0);
  while (done->len < 200)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < done->len; i++)
    g_assert_cmpuint (g_array_index (done, guint, i), ==, i);
  g_assert_cmpuint (results.n_failed, ==, 4);
}

/* Letting go of the worker runs what is still queued: nothing pushed is
 * dropped, even while another program holds the lock for a while. */
static void
test_drains_on_dispose (Fixture       *f,
                        gconstpointer  data)
{
  CassinoStoreWorker *worker = cassino_store_worker_new (f->store);
  g_autoptr(GArray) ran = g_array_new (FALSE, FALSE, sizeof (guint));
  sqlite3 *lock = NULL;

  g_assert_cmpint (sqlite3_open (f->path, &lock), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (lock, "BEGIN EXCLUSIVE", NULL, NULL, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < 20; i++)
    {
      Job *job = g_new0 (Job, 1);

      job->n = i;
      job->ran = ran;
      cassino_store_worker_push (worker, log_job, job, g_free, NULL, NULL);
    }
  /* the first job waits for the lock; the others wait behind it */
  g_usleep (G_USEC_PER_SEC / 5);
  g_assert_cmpuint (cassino_store_worker_get_n_pending (worker), >, 0);
  g_assert_cmpint (count_rows (f->path), ==, 0);
  g_assert_cmpint (sqlite3_exec (lock, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (lock);

  g_assert_finalize_object (worker);
  g_assert_cmpuint (ran->len, ==, 20);
  g_assert_cmpint (count_rows (f->path), ==, 20);
}

/* A worker with a connection of its own, opened on its thread; one that
 * cannot be opened fails every job with the reason. */
static void
test_for_path (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ran = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree char *folder = g_build_filename (f->dir, "a-folder.db", NULL);
  Job job = { 7, ran, NULL, FALSE };
  CassinoStoreWorker *worker = cassino_store_worker_new_for_path (f->path);

  g_assert_true (cassino_store_worker_run (worker, log_job, &job, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count_rows (f->path), ==, 1);
  g_assert_finalize_object (worker);

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  worker = cassino_store_worker_new_for_path (folder);
  g_assert_false (cassino_store_worker_run (worker, log_job, &job, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN);
  g_assert_cmpuint (ran->len, ==, 1);
  g_assert_finalize_object (worker);
  g_rmdir (folder);
}

static void
on_busy_job_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  guint *n_busy = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_false (cassino_store_worker_push_finish (result, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY);
  (*n_busy)++;
}

/* A worker whose file another program keeps locked, readers out
 * (locking_mode=EXCLUSIVE), when it opens it: the jobs that waited for
 * that open fail with "busy" (none of them runs, each without a busy
 * timeout of its own); the next job, after the release, opens the file
 * and runs. */
static void
test_open_again_after_busy (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ran = g_array_new (FALSE, FALSE, sizeof (guint));
  Job first = { 1, ran, NULL, FALSE }, second = { 2, ran, NULL, FALSE }, third = { 3, ran, NULL, FALSE };
  CassinoStoreWorker *worker;
  sqlite3 *lock = NULL;
  guint n_busy = 0;

  g_clear_object (&f->store);
  g_assert_cmpint (sqlite3_open (f->path, &lock), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (lock, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; "
                                 "INSERT INTO test_log (n) VALUES (99)", NULL, NULL, NULL), ==, SQLITE_OK);

  worker = cassino_store_worker_new_for_path_full (f->path, CASSINO_STORE_OPEN_NO_SALVAGE);
  cassino_store_worker_push (worker, log_job, &first, NULL, on_busy_job_done_cb, &n_busy);
  cassino_store_worker_push (worker, log_job, &second, NULL, on_busy_job_done_cb, &n_busy);
  while (n_busy < 2)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ran->len, ==, 0);

  g_assert_cmpint (sqlite3_exec (lock, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (lock), ==, SQLITE_OK);
  g_assert_true (cassino_store_worker_run (worker, log_job, &third, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ran->len, ==, 1);
  g_assert_cmpint (count_rows (f->path), ==, 1);
  g_assert_finalize_object (worker);
}

/* The transaction wrapper: all or nothing, nested bodies are savepoints,
 * errors come out as the store's. */
static gboolean
insert_then_fail (CassinoStore  *store,
                  gpointer       data,
                  GError       **error)
{
  if (!cassino_sqlite_run (_cassino_store_get_db (store), error, "INSERT INTO test_log (n) VALUES (1)", ""))
    return FALSE;
  /* an SQLite error: NOT NULL constraint */
  return cassino_sqlite_run (_cassino_store_get_db (store), error, "INSERT INTO test_log (n) VALUES (NULL)", "");
}

static gboolean
insert_and_nest (CassinoStore  *store,
                 gpointer       data,
                 GError       **error)
{
  g_autoptr(GError) inner = NULL;

  if (!cassino_sqlite_run (_cassino_store_get_db (store), error, "INSERT INTO test_log (n) VALUES (2)", ""))
    return FALSE;
  /* a failing body inside: only its part is undone */
  g_assert_false (cassino_store_transact (store, insert_then_fail, NULL, &inner));
  g_assert_error (inner, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID);
  g_assert_cmpuint (cassino_sqlite_get_depth (_cassino_store_get_db (store)), ==, 1);
  return TRUE;
}

static void
test_transact (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  CassinoSqlite *db = _cassino_store_get_db (f->store);
  gint64 n = -1;

  g_assert_false (cassino_store_transact (f->store, insert_then_fail, NULL, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "NOT NULL"));
  g_clear_error (&error);
  g_assert_cmpuint (cassino_sqlite_get_depth (db), ==, 0);
  g_assert_cmpint (count_rows (f->path), ==, 0);

  g_assert_true (cassino_store_transact (f->store, insert_and_nest, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cassino_sqlite_get_depth (db), ==, 0);
  g_assert_true (cassino_sqlite_query_int64 (db, "SELECT group_concat (n) FROM test_log", 0, &n, NULL));
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (count_rows (f->path), ==, 1);

  /* another program holds the lock past the busy timeout: a clear
   * "busy", nothing half-written */
  {
    sqlite3 *lock = NULL;

    sqlite3_busy_timeout (cassino_sqlite_get_handle (db), 50);
    g_assert_cmpint (sqlite3_open (f->path, &lock), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (lock, "BEGIN EXCLUSIVE", NULL, NULL, NULL), ==, SQLITE_OK);
    g_assert_false (cassino_store_transact (f->store, insert_and_nest, NULL, &error));
    g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY);
    g_assert_cmpuint (cassino_sqlite_get_depth (db), ==, 0);
    sqlite3_exec (lock, "ROLLBACK", NULL, NULL, NULL);
    sqlite3_close (lock);
  }
  g_assert_cmpint (count_rows (f->path), ==, 1);
}

/* Another program that keeps its write lock for a while: taken on a
 * thread of its own, released after @hold_ms. */
typedef struct {
  const char *path;
  guint       hold_ms;
  gint        taken;   /* atomic */
} Holder;

static gpointer
hold_lock_thread (gpointer data)
{
  Holder *h = data;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (h->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN EXCLUSIVE; INSERT INTO test_log (n) VALUES (7)", NULL, NULL, NULL), ==, SQLITE_OK);
  g_atomic_int_set (&h->taken, 1);
  g_usleep (h->hold_ms * 1000);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  return NULL;
}

/* CASSINO_STORE_OPEN_NO_WAIT (the window's first open): refused as busy
 * after a short wait, not the five seconds of a step; once open, the store
 * waits for another program's lock as long as any store does. */
static void
test_open_no_wait (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = NULL;
  Holder holder = { f->path, 1500, 0 };
  GThread *thread;
  sqlite3 *lock = NULL;
  gint64 start, took;

  g_clear_object (&f->store);
  g_assert_cmpint (sqlite3_open (f->path, &lock), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (lock, "PRAGMA locking_mode=EXCLUSIVE; BEGIN EXCLUSIVE; "
                                 "INSERT INTO test_log (n) VALUES (99)", NULL, NULL, NULL), ==, SQLITE_OK);
  start = g_get_monotonic_time ();
  store = cassino_store_open_full (f->path, CASSINO_STORE_OPEN_NO_WAIT, &error);
  took = g_get_monotonic_time () - start;
  g_assert_null (store);
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY);
  g_test_message ("refused after %" G_GINT64_FORMAT " ms", took / 1000);
  /* a second (the busy handler sleeps: a loaded machine adds little),
   * well short of 5 s */
  g_assert_cmpint (took, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpint (sqlite3_exec (lock, "ROLLBACK", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (lock), ==, SQLITE_OK);
  g_clear_error (&error);

  store = cassino_store_open_full (f->path, CASSINO_STORE_OPEN_NO_WAIT, &error);
  g_assert_no_error (error);
  /* another program writes for 1.5 s: the store's write waits for it */
  thread = g_thread_new ("holder", hold_lock_thread, &holder);
  while (!g_atomic_int_get (&holder.taken))
    g_usleep (1000);
  g_assert_true (cassino_sqlite_run (_cassino_store_get_db (store), &error,
                                     "INSERT INTO test_log (n) VALUES (1)", ""));
  g_assert_no_error (error);
  g_thread_join (thread);
  g_assert_cmpint (count_rows (f->path), ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cassino/store-worker/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("order", test_order);
  ADD ("drains-on-dispose", test_drains_on_dispose);
  ADD ("for-path", test_for_path);
  ADD ("open-again-after-busy", test_open_again_after_busy);
  ADD ("open-no-wait", test_open_no_wait);
  ADD ("transact", test_transact);
#undef ADD

  return g_test_run ();
}
