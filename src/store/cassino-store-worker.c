/* cassino-store-worker.c: one database thread fed by a queue
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include "cassino-store-worker.h"

typedef struct {
  CassinoStoreFunc     func;     /* NULL: the thread stops */
  gpointer             data;
  GDestroyNotify       data_free;
  GTask               *task;     /* a pushed job with a callback, or NULL */
  /* run(): the caller waits for done */
  gboolean             wait;
  gboolean             done;
  gboolean             ok;
  GError              *error;
  guint64              serial;   /* in the order queued */
} Job;

struct _CassinoStoreWorker
{
  GObject       parent_instance;

  CassinoStore *store;      /* touched by the thread only */
  char         *path;       /* to open on the thread, or NULL */
  CassinoStoreOpenFlags open_flags;
  GError       *open_error; /* it could not be opened */
  guint64       n_queued;   /* jobs ever queued */
  guint64       failed_upto; /* jobs queued by the last failed open fail with it */
  GThread      *thread;
  GMutex        mutex;
  GCond         cond;       /* a job was queued, or one is over */
  GQueue        queue;      /* of Job */
  guint         n_pending;  /* queued or running */
};

G_DEFINE_FINAL_TYPE (CassinoStoreWorker, cassino_store_worker, G_TYPE_OBJECT)

static void
job_free (Job *job)
{
  if (job->data_free && job->data)
    job->data_free (job->data);
  g_clear_error (&job->error);
  g_free (job);
}

/* Runs @job and counts it done (n_pending) before anyone waiting on it
 * can see it finished, so that run() never returns with its own job still
 * counted as pending. */
static void
run_job (CassinoStoreWorker *self,
         Job                *job)
{
  GError *error = NULL;
  gboolean ok;

  if (self->store)
    ok = job->func (self->store, job->data, &error);
  else
    {
      error = g_error_copy (self->open_error);
      ok = FALSE;
    }

  g_assert (ok == (error == NULL));
  if (job->task)
    {
      if (ok)
        g_task_return_boolean (job->task, TRUE);
      else
        g_task_return_error (job->task, error);
      g_clear_object (&job->task);
      g_free (job);    /* the data belongs to the task now */
    }
  else if (job->wait)
    {
      g_mutex_lock (&self->mutex);
      job->ok = ok;
      job->error = error;
      job->done = TRUE;    /* the waiter frees it from here on */
      self->n_pending--;
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->mutex);
      return;
    }
  else
    {
      if (error)
        g_debug ("a store job failed: %s", error->message);
      g_clear_error (&error);
      job_free (job);
    }
  g_mutex_lock (&self->mutex);
  self->n_pending--;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
}

/* Open the store at the path (on the worker thread).  After a failure
 * (another program kept it locked past the busy timeout) every job tries
 * again, so that the worker comes to life once the lock is gone. */
static void
open_store (CassinoStoreWorker *self,
            Job                *job)
{
  if (self->store != NULL || self->path == NULL)
    return;
  /* every job that waited for that open fails with it, at once: only the
   * ones queued after it try again */
  if (job != NULL && self->open_error != NULL && job->serial <= self->failed_upto)
    return;
  g_clear_error (&self->open_error);
  self->store = cassino_store_open_full (self->path, self->open_flags, &self->open_error);
  if (self->store == NULL)
    {
      g_debug ("%s", self->open_error->message);
      g_mutex_lock (&self->mutex);
      self->failed_upto = self->n_queued;
      g_mutex_unlock (&self->mutex);
    }
}

static gpointer
worker_thread (gpointer data)
{
  CassinoStoreWorker *self = data;

  open_store (self, NULL);
  for (;;)
    {
      Job *job;

      g_mutex_lock (&self->mutex);
      while ((job = g_queue_pop_head (&self->queue)) == NULL)
        g_cond_wait (&self->cond, &self->mutex);
      g_mutex_unlock (&self->mutex);

      if (job->func == NULL)
        {
          job_free (job);
          return NULL;
        }
      open_store (self, job);
      run_job (self, job);
    }
}

static void
queue_job (CassinoStoreWorker *self,
           Job                *job)
{
  g_mutex_lock (&self->mutex);
  job->serial = ++self->n_queued;
  g_queue_push_tail (&self->queue, job);
  if (job->func)
    self->n_pending++;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
}

static void
cassino_store_worker_dispose (GObject *object)
{
  CassinoStoreWorker *self = CASSINO_STORE_WORKER (object);

  if (self->thread)
    {
      /* behind every job queued: nothing pushed is dropped */
      queue_job (self, g_new0 (Job, 1));
      g_thread_join (g_steal_pointer (&self->thread));
    }
  g_clear_object (&self->store);

  G_OBJECT_CLASS (cassino_store_worker_parent_class)->dispose (object);
}

static void
cassino_store_worker_finalize (GObject *object)
{
  CassinoStoreWorker *self = CASSINO_STORE_WORKER (object);

  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);
  g_free (self->path);
  g_clear_error (&self->open_error);

  G_OBJECT_CLASS (cassino_store_worker_parent_class)->finalize (object);
}

static void
cassino_store_worker_class_init (CassinoStoreWorkerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cassino_store_worker_dispose;
  object_class->finalize = cassino_store_worker_finalize;
}

static void
cassino_store_worker_init (CassinoStoreWorker *self)
{
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  g_queue_init (&self->queue);
}

CassinoStoreWorker *
cassino_store_worker_new (CassinoStore *store)
{
  CassinoStoreWorker *self;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  self = g_object_new (CASSINO_TYPE_STORE_WORKER, NULL);
  self->store = g_object_ref (store);
  self->thread = g_thread_new ("cassino-store", worker_thread, self);
  return self;
}

CassinoStoreWorker *
cassino_store_worker_new_for_path (const char *path)
{
  return cassino_store_worker_new_for_path_full (path, CASSINO_STORE_OPEN_DEFAULT);
}

CassinoStoreWorker *
cassino_store_worker_new_for_path_full (const char            *path,
                                        CassinoStoreOpenFlags  flags)
{
  CassinoStoreWorker *self;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CASSINO_TYPE_STORE_WORKER, NULL);
  self->path = g_strdup (path);
  self->open_flags = flags;
  self->thread = g_thread_new ("cassino-store", worker_thread, self);
  return self;
}

CassinoStore *
cassino_store_worker_reopen (CassinoStoreWorker     *self,
                             CassinoStoreOpenFlags   flags,
                             GError                **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (CASSINO_IS_STORE_WORKER (self), NULL);
  g_return_val_if_fail (g_thread_self () == self->thread, NULL);

  path = g_strdup (self->store ? cassino_store_get_path (self->store) : self->path);
  if (path == NULL)
    {
      g_set_error_literal (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                           "the worker has no file to open again");
      return NULL;
    }
  /* the connection to the file as it was goes first: a damaged file is
   * moved aside by the open */
  g_clear_object (&self->store);
  self->store = cassino_store_open_full (path, flags, error);
  if (self->store == NULL)
    {
      /* the jobs after this one open it again, as for a worker made for a
       * path (the failure is this job's to tell) */
      g_free (self->path);
      self->path = g_steal_pointer (&path);
      self->open_flags = CASSINO_STORE_OPEN_DEFAULT;
      g_clear_error (&self->open_error);
    }
  return self->store;
}

void
cassino_store_worker_push (CassinoStoreWorker  *self,
                           CassinoStoreFunc     func,
                           gpointer             data,
                           GDestroyNotify       data_free,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  Job *job;

  g_return_if_fail (CASSINO_IS_STORE_WORKER (self));
  g_return_if_fail (func != NULL);

  job = g_new0 (Job, 1);
  job->func = func;
  job->data = data;
  if (callback)
    {
      job->task = g_task_new (NULL, NULL, callback, user_data);
      g_task_set_source_tag (job->task, cassino_store_worker_push);
      g_task_set_task_data (job->task, data, data_free);
    }
  else
    job->data_free = data_free;
  queue_job (self, job);
}

gboolean
cassino_store_worker_push_finish (GAsyncResult        *result,
                                  GError             **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cassino_store_worker_push, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gpointer
cassino_store_worker_get_job_data (GAsyncResult *result)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_get_task_data (G_TASK (result));
}

gboolean
cassino_store_worker_run (CassinoStoreWorker   *self,
                          CassinoStoreFunc      func,
                          gpointer              data,
                          GError              **error)
{
  Job *job;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_STORE_WORKER (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);
  g_return_val_if_fail (g_thread_self () != self->thread, FALSE);

  job = g_new0 (Job, 1);
  job->func = func;
  job->data = data;
  job->wait = TRUE;
  queue_job (self, job);

  g_mutex_lock (&self->mutex);
  while (!job->done)
    g_cond_wait (&self->cond, &self->mutex);
  g_mutex_unlock (&self->mutex);

  ok = job->ok;
  if (job->error)
    g_propagate_error (error, g_steal_pointer (&job->error));
  job_free (job);
  return ok;
}

void
cassino_store_worker_drain (CassinoStoreWorker *self)
{
  g_return_if_fail (CASSINO_IS_STORE_WORKER (self));

  g_mutex_lock (&self->mutex);
  while (self->n_pending > 0)
    g_cond_wait (&self->cond, &self->mutex);
  g_mutex_unlock (&self->mutex);
}

guint
cassino_store_worker_get_n_pending (CassinoStoreWorker *self)
{
  guint n;

  g_return_val_if_fail (CASSINO_IS_STORE_WORKER (self), 0);

  g_mutex_lock (&self->mutex);
  n = self->n_pending;
  g_mutex_unlock (&self->mutex);
  return n;
}
