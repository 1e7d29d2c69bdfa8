/* cassino-history-model.c: the history as a lazily paged GListModel
 *
 * The store pages the history by keyset (cassino-store-history.h): a page
 * starts from the cursor the page before it ended with.  A list view asks
 * for items around what is shown, so a page is read when the first of its
 * items is asked for; its cursor comes from the page before when that one
 * is loaded (scrolling), else from cassino_store_get_history_cursor() (a
 * jump: one index walk, no pages in between).  At most MAX_PAGES pages are
 * kept, the least recently used going first, so a list of 100,000 games
 * holds a few thousand at most.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <glib/gi18n.h>

#include "cassino-history-model.h"

#include <string.h>

#include "cassino-store-record.h"
#include "cassino-store-worker.h"

#define MAX_PAGES 40

typedef struct {
  guint                      index;
  GPtrArray                 *items;   /* CassinoHistoryItem */
  CassinoStoreHistoryCursor  next;    /* where the next page starts */
} Page;

struct _CassinoHistoryModel
{
  GObject                    parent_instance;

  CassinoStore              *store;
  CassinoStoreHistoryFilter  filter;  /* preset and name owned */

  guint                      count;   /* in the store, the hidden game included */
  GHashTable                *pages;   /* index -> Page */
  GQueue                     lru;     /* page indices, most recent first */
  guint                      pages_read;

  /* Games out of the list, by position in the store's order: the one
   * whose delete can still be undone, and those whose delete is queued on
   * the database thread (the store still has them until it has run). */
  GArray                    *hidden;  /* HiddenRow, by pos */
  CassinoStoreWorker        *worker;  /* deletes; NULL: at once */
  guint                      n_deleting;

  /* With a worker, pages and counts are jobs for it too: */
  guint                      generation;    /* of the pages: a new one when dropped */
  guint                      count_generation;
  guint                      counting;      /* count jobs under way */
  GHashTable                *requested;     /* page indices asked for, this generation */
  GHashTable                *placeholders;  /* page indices shown as "Loading…" */
  guint                      n_loading;     /* page and count jobs under way */
  char                      *count_error;   /* the last count failed: why */
};

typedef struct {
  gint64   id;
  guint    pos;       /* in the store's order */
  gboolean deleting;  /* queued; else waiting for Undo */
} HiddenRow;

static void cassino_history_model_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CassinoHistoryModel, cassino_history_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, cassino_history_model_list_model_init))

enum {
  FAILED,
  COUNTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
page_free (Page *page)
{
  g_ptr_array_unref (page->items);
  g_free (page);
}

static void
report (CassinoHistoryModel *self,
        const GError        *error)
{
  g_debug ("History: %s", error->message);
  g_signal_emit (self, signals[FAILED], 0, error->message);
}

static void request_page (CassinoHistoryModel *self,
                          guint                index);

static void
drop_pages (CassinoHistoryModel *self)
{
  g_hash_table_remove_all (self->pages);
  g_queue_clear (&self->lru);
  self->generation++;
  g_hash_table_remove_all (self->requested);
  /* rows shown as loading are read again (after a count: all of them) */
  if (self->worker != NULL && self->counting == 0)
    {
      g_autoptr(GList) shown = g_hash_table_get_keys (self->placeholders);

      for (GList *l = shown; l; l = l->next)
        request_page (self, GPOINTER_TO_UINT (l->data));
    }
}

static void
touch (CassinoHistoryModel *self,
       guint                index)
{
  g_queue_remove (&self->lru, GUINT_TO_POINTER (index));
  g_queue_push_head (&self->lru, GUINT_TO_POINTER (index));
  while (g_queue_get_length (&self->lru) > MAX_PAGES)
    g_hash_table_remove (self->pages, g_queue_pop_tail (&self->lru));
}

static Page *
get_page (CassinoHistoryModel *self,
          guint                index)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) summaries = NULL;
  CassinoStoreHistoryCursor cursor = { 0 };
  Page *page = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (index));
  Page *before;

  if (page)
    {
      touch (self, index);
      return page;
    }

  if (index > 0)
    {
      before = g_hash_table_lookup (self->pages, GUINT_TO_POINTER (index - 1));
      if (before && before->next.id != 0)
        cursor = before->next;
      else if (!cassino_store_get_history_cursor (self->store, &self->filter,
                                                  index * CASSINO_HISTORY_PAGE_SIZE, &cursor, &error))
        {
          report (self, error);
          return NULL;
        }
    }

  page = g_new0 (Page, 1);
  page->index = index;
  summaries = cassino_store_get_history_page (self->store, &self->filter, &cursor,
                                              CASSINO_HISTORY_PAGE_SIZE, &page->next, &error);
  if (summaries == NULL)
    {
      report (self, error);
      g_free (page);
      return NULL;
    }
  self->pages_read++;
  page->items = g_ptr_array_new_full (summaries->len, g_object_unref);
  /* the summaries change hands */
  g_ptr_array_set_free_func (summaries, NULL);
  for (guint i = 0; i < summaries->len; i++)
    g_ptr_array_add (page->items, cassino_history_item_new (summaries->pdata[i]));

  g_hash_table_insert (self->pages, GUINT_TO_POINTER (index), page);
  touch (self, index);
  return page;
}

/* GListModel */

static GType
cassino_history_model_get_item_type (GListModel *list)
{
  return CASSINO_TYPE_HISTORY_ITEM;
}

static guint
n_visible (CassinoHistoryModel *self)
{
  return self->count - MIN (self->hidden->len, self->count);
}

/* The list's position of store position @pos (not hidden itself). */
static guint
visible_of (CassinoHistoryModel *self,
            guint                pos)
{
  guint before = 0;

  for (guint i = 0; i < self->hidden->len; i++)
    if (g_array_index (self->hidden, HiddenRow, i).pos < pos)
      before++;
  return pos - before;
}

/* The store position of list position @position. */
static guint
store_of (CassinoHistoryModel *self,
          guint                position)
{
  for (guint i = 0; i < self->hidden->len; i++)
    if (g_array_index (self->hidden, HiddenRow, i).pos <= position)
      position++;
    else
      break;
  return position;
}

static int
find_hidden (CassinoHistoryModel *self,
             gint64               game_id)
{
  for (guint i = 0; i < self->hidden->len; i++)
    if (g_array_index (self->hidden, HiddenRow, i).id == game_id)
      return (int) i;
  return -1;
}

/* The row waiting for Undo, or -1. */
static int
find_undoable (CassinoHistoryModel *self)
{
  for (guint i = 0; i < self->hidden->len; i++)
    if (!g_array_index (self->hidden, HiddenRow, i).deleting)
      return (int) i;
  return -1;
}

static guint
cassino_history_model_get_n_items (GListModel *list)
{
  return n_visible (CASSINO_HISTORY_MODEL (list));
}

static void push_count (CassinoHistoryModel *self);

static gpointer
cassino_history_model_get_item (GListModel *list,
                                guint       position)
{
  CassinoHistoryModel *self = CASSINO_HISTORY_MODEL (list);
  Page *page;
  guint at;

  if (position >= n_visible (self))
    return NULL;
  position = store_of (self, position);

  if (self->worker != NULL &&
      !g_hash_table_contains (self->pages, GUINT_TO_POINTER (position / CASSINO_HISTORY_PAGE_SIZE)))
    {
      /* read on the database thread; "Loading…" until it is there */
      guint index = position / CASSINO_HISTORY_PAGE_SIZE;

      g_hash_table_add (self->placeholders, GUINT_TO_POINTER (index));
      if (self->counting == 0)
        request_page (self, index);
      return cassino_history_item_new_loading ();
    }
  page = get_page (self, position / CASSINO_HISTORY_PAGE_SIZE);
  at = position % CASSINO_HISTORY_PAGE_SIZE;
  if (page == NULL || at >= page->items->len)
    {
      /* the page holds fewer rows than the count said: another connection
       * (the recorder, another program) deleted a game between the two
       * reads.  Never NULL for a row of the list (GTK unrefs what it
       * gets): "Loading…" until the count, read again, says how many */
      if (self->worker != NULL && self->counting == 0)
        push_count (self);
      return cassino_history_item_new_loading ();
    }
  return g_object_ref (page->items->pdata[at]);
}

static void
cassino_history_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = cassino_history_model_get_item_type;
  iface->get_n_items = cassino_history_model_get_n_items;
  iface->get_item = cassino_history_model_get_item;
}

/* GObject */

static void
clear_filter (CassinoStoreHistoryFilter *filter)
{
  g_free ((char *) filter->preset);
  g_free ((char *) filter->name);
  memset (filter, 0, sizeof *filter);
}

static gboolean
filters_equal (const CassinoStoreHistoryFilter *a,
               const CassinoStoreHistoryFilter *b)
{
  CassinoStoreHistoryFilter none = { 0 };

  if (b == NULL)
    b = &none;
  /* "" and NULL both mean any name */
  return a->player_id == b->player_id && a->opponent_id == b->opponent_id &&
         g_strcmp0 (a->preset, b->preset) == 0 && a->n_players == b->n_players &&
         a->since == b->since && a->until == b->until && a->result == b->result &&
         a->oldest_first == b->oldest_first &&
         g_strcmp0 (a->name && *a->name ? a->name : NULL, b->name && *b->name ? b->name : NULL) == 0;
}

static void
cassino_history_model_finalize (GObject *object)
{
  CassinoHistoryModel *self = CASSINO_HISTORY_MODEL (object);

  g_clear_pointer (&self->pages, g_hash_table_unref);
  g_clear_pointer (&self->hidden, g_array_unref);
  g_clear_pointer (&self->requested, g_hash_table_unref);
  g_clear_pointer (&self->placeholders, g_hash_table_unref);
  g_clear_object (&self->worker);
  g_free (self->count_error);
  g_queue_clear (&self->lru);
  clear_filter (&self->filter);
  g_clear_object (&self->store);

  G_OBJECT_CLASS (cassino_history_model_parent_class)->finalize (object);
}

static void
cassino_history_model_class_init (CassinoHistoryModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cassino_history_model_finalize;

  /**
   * CassinoHistoryModel::failed:
   * @message: what went wrong
   *
   * The store could not be read.
   */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CassinoHistoryModel::counted:
   *
   * A count from the database thread came back (or failed:
   * cassino_history_model_get_count_error()).
   */
  signals[COUNTED] =
    g_signal_new ("counted", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cassino_history_model_init (CassinoHistoryModel *self)
{
  self->pages = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) page_free);
  self->hidden = g_array_new (FALSE, FALSE, sizeof (HiddenRow));
  self->requested = g_hash_table_new (NULL, NULL);
  self->placeholders = g_hash_table_new (NULL, NULL);
  g_queue_init (&self->lru);
}

/* Pages and counts on the database thread */

static void
copy_filter (CassinoStoreHistoryFilter       *to,
             const CassinoStoreHistoryFilter *from)
{
  *to = *from;
  to->preset = g_strdup (from->preset);
  to->name = g_strdup (from->name);
}

typedef struct {
  CassinoHistoryModel       *model;
  guint                      generation;
  guint                      index;     /* the page's; G_MAXUINT: the count */
  CassinoStoreHistoryFilter  filter;
  gboolean                   has_cursor;
  CassinoStoreHistoryCursor  cursor;
  CassinoStoreHistoryCursor  next;
  GPtrArray                 *summaries;
  guint                      count;
} ReadJob;

static void
read_job_free (gpointer data)
{
  ReadJob *job = data;

  clear_filter (&job->filter);
  g_clear_pointer (&job->summaries, g_ptr_array_unref);
  g_object_unref (job->model);
  g_free (job);
}

static ReadJob *
read_job_new (CassinoHistoryModel *self,
              guint                index)
{
  ReadJob *job = g_new0 (ReadJob, 1);

  job->model = g_object_ref (self);
  job->index = index;
  copy_filter (&job->filter, &self->filter);
  self->n_loading++;
  return job;
}

/* On the database thread. */
static gboolean
run_read_job (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  ReadJob *job = data;

  if (job->index == G_MAXUINT)
    return cassino_store_count_history (store, &job->filter, &job->count, error);
  if (job->index > 0 && !job->has_cursor &&
      !cassino_store_get_history_cursor (store, &job->filter, job->index * CASSINO_HISTORY_PAGE_SIZE,
                                         &job->cursor, error))
    return FALSE;
  job->summaries = cassino_store_get_history_page (store, &job->filter, &job->cursor,
                                                   CASSINO_HISTORY_PAGE_SIZE, &job->next, error);
  return job->summaries != NULL;
}

/* Back on the main thread: a page, shown where "Loading…" was. */
static void
on_page_read_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  ReadJob *job = cassino_store_worker_get_job_data (result);
  CassinoHistoryModel *self = job->model;
  g_autoptr(GError) error = NULL;
  gboolean ok = cassino_store_worker_push_finish (result, &error);
  guint first, last, hidden = 0;
  Page *page;

  self->n_loading--;
  if (job->generation != self->generation)
    return;    /* the pages were dropped meanwhile: asked for again */
  if (!ok)
    {
      g_hash_table_remove (self->placeholders, GUINT_TO_POINTER (job->index));
      report (self, error);
      return;
    }
  g_hash_table_remove (self->requested, GUINT_TO_POINTER (job->index));
  page = g_new0 (Page, 1);
  page->index = job->index;
  page->next = job->next;
  page->items = g_ptr_array_new_full (job->summaries->len, g_object_unref);
  /* the summaries change hands */
  g_ptr_array_set_free_func (job->summaries, NULL);
  for (guint i = 0; i < job->summaries->len; i++)
    g_ptr_array_add (page->items, cassino_history_item_new (job->summaries->pdata[i]));
  self->pages_read++;
  g_hash_table_insert (self->pages, GUINT_TO_POINTER (job->index), page);
  touch (self, job->index);

  if (!g_hash_table_remove (self->placeholders, GUINT_TO_POINTER (job->index)))
    return;
  first = job->index * CASSINO_HISTORY_PAGE_SIZE;
  last = MIN (first + CASSINO_HISTORY_PAGE_SIZE, self->count);
  if (last <= first)
    return;
  for (guint i = 0; i < self->hidden->len; i++)
    {
      guint pos = g_array_index (self->hidden, HiddenRow, i).pos;

      if (pos >= first && pos < last)
        hidden++;
    }
  if (last - first > hidden)
    g_list_model_items_changed (G_LIST_MODEL (self), visible_of (self, first),
                                last - first - hidden, last - first - hidden);
}

static void
request_page (CassinoHistoryModel *self,
              guint                index)
{
  ReadJob *job;
  Page *before;

  if (g_hash_table_contains (self->requested, GUINT_TO_POINTER (index)))
    return;
  g_hash_table_add (self->requested, GUINT_TO_POINTER (index));
  job = read_job_new (self, index);
  job->generation = self->generation;
  /* scrolling on: the page before says where this one starts */
  before = index > 0 ? g_hash_table_lookup (self->pages, GUINT_TO_POINTER (index - 1)) : NULL;
  if (before && before->next.id != 0)
    {
      job->cursor = before->next;
      job->has_cursor = TRUE;
    }
  cassino_store_worker_push (self->worker, run_read_job, job, read_job_free, on_page_read_cb, NULL);
}

/* Back on the main thread: the count, and the list read anew. */
static void
on_count_read_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ReadJob *job = cassino_store_worker_get_job_data (result);
  CassinoHistoryModel *self = job->model;
  g_autoptr(GError) error = NULL;
  gboolean ok = cassino_store_worker_push_finish (result, &error);
  guint old;

  self->n_loading--;
  self->counting--;
  if (job->generation != self->count_generation)
    return;    /* a newer reload is under way */
  g_clear_pointer (&self->count_error, g_free);
  if (!ok)
    {
      self->count_error = g_strdup (error->message);
      report (self, error);
      g_signal_emit (self, signals[COUNTED], 0);
      return;
    }
  if (self->n_deleting > 0)
    {
      /* deleted since it was asked for: the rows stay as they are until
       * the count after those deletes */
      push_count (self);
      return;
    }
  old = n_visible (self);
  g_array_set_size (self->hidden, 0);
  /* every row is replaced: none is loading any more */
  g_hash_table_remove_all (self->placeholders);
  drop_pages (self);
  self->count = job->count;
  if (old || self->count)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, self->count);
  g_signal_emit (self, signals[COUNTED], 0);
}

static void
push_count (CassinoHistoryModel *self)
{
  ReadJob *job = read_job_new (self, G_MAXUINT);

  self->counting++;
  job->generation = ++self->count_generation;
  cassino_store_worker_push (self->worker, run_read_job, job, read_job_free, on_count_read_cb, NULL);
}

gboolean
cassino_history_model_is_counting (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), FALSE);
  return self->counting > 0;
}

const char *
cassino_history_model_get_count_error (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), NULL);
  return self->counting > 0 ? NULL : self->count_error;
}

gboolean
cassino_history_model_is_loading (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), FALSE);
  return self->n_loading > 0;
}

CassinoHistoryModel *
cassino_history_model_new (CassinoStore *store)
{
  CassinoHistoryModel *self;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  self = g_object_new (CASSINO_TYPE_HISTORY_MODEL, NULL);
  self->store = g_object_ref (store);
  cassino_history_model_reload (self);
  return self;
}

CassinoHistoryModel *
cassino_history_model_new_for_worker (CassinoStoreWorker *worker)
{
  CassinoHistoryModel *self;

  g_return_val_if_fail (CASSINO_IS_STORE_WORKER (worker), NULL);

  self = g_object_new (CASSINO_TYPE_HISTORY_MODEL, NULL);
  self->worker = g_object_ref (worker);
  push_count (self);
  return self;
}

CassinoStore *
cassino_history_model_get_store (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), NULL);
  return self->store;
}

void
cassino_history_model_reload (CassinoHistoryModel *self)
{
  g_autoptr(GError) error = NULL;
  guint old, count = 0;

  g_return_if_fail (CASSINO_IS_HISTORY_MODEL (self));

  /* the count is read behind every delete queued before: the rows stay
   * as they are until it comes */
  if (self->worker != NULL)
    {
      push_count (self);
      return;
    }
  old = n_visible (self);
  g_array_set_size (self->hidden, 0);
  drop_pages (self);
  if (!cassino_store_count_history (self->store, &self->filter, &count, &error))
    report (self, error);
  self->count = count;
  if (old || count)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, count);
}

void
cassino_history_model_set_filter (CassinoHistoryModel              *self,
                                  const CassinoStoreHistoryFilter  *filter)
{
  g_return_if_fail (CASSINO_IS_HISTORY_MODEL (self));

  /* the same filter again (the view re-applies it whenever the records
   * change; whoever changed them reloads): nothing to read twice */
  if (filters_equal (&self->filter, filter))
    return;
  cassino_history_model_commit_delete (self, NULL);
  clear_filter (&self->filter);
  if (filter)
    {
      self->filter = *filter;
      self->filter.preset = g_strdup (filter->preset);
      self->filter.name = g_strdup (filter->name);
    }
  cassino_history_model_reload (self);
  /* nothing of the old filter is shown from now on */
  if (self->worker != NULL)
    drop_pages (self);
}

const CassinoStoreHistoryFilter *
cassino_history_model_get_filter (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), NULL);
  return &self->filter;
}

guint
cassino_history_model_get_pages_read (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), 0);
  return self->pages_read;
}

int
cassino_history_model_find_loaded (CassinoHistoryModel *self,
                                   gint64               game_id)
{
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), -1);

  if (find_hidden (self, game_id) >= 0)
    return -1;
  g_hash_table_iter_init (&iter, self->pages);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Page *page = value;

      for (guint i = 0; i < page->items->len; i++)
        if (cassino_history_item_get_id (page->items->pdata[i]) == game_id)
          return (int) visible_of (self, page->index * CASSINO_HISTORY_PAGE_SIZE + i);
    }
  return -1;
}

void
cassino_history_model_set_worker (CassinoHistoryModel *self,
                                  CassinoStoreWorker  *worker)
{
  g_return_if_fail (CASSINO_IS_HISTORY_MODEL (self));
  g_set_object (&self->worker, worker);
}

gboolean
cassino_history_model_hide_for_delete (CassinoHistoryModel  *self,
                                       gint64                game_id,
                                       guint                 position_hint,
                                       GError              **error)
{
  HiddenRow row = { game_id, 0, FALSE };
  guint at = 0;
  int pos;

  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), FALSE);

  if (!cassino_history_model_commit_delete (self, error))
    return FALSE;
  pos = cassino_history_model_find_loaded (self, game_id);
  if (pos < 0 && position_hint < n_visible (self) && self->worker != NULL)
    /* the pages were dropped (a delete done): the rows did not move */
    pos = (int) position_hint;
  else if (pos < 0 && position_hint < n_visible (self))
    {
      /* the pages were dropped (a delete committed): read the one it is on */
      g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self), position_hint);

      pos = cassino_history_model_find_loaded (self, game_id);
    }
  if (pos < 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   "game %" G_GINT64_FORMAT " is not in the list", game_id);
      return FALSE;
    }
  row.pos = store_of (self, (guint) pos);
  while (at < self->hidden->len && g_array_index (self->hidden, HiddenRow, at).pos < row.pos)
    at++;
  g_array_insert_val (self->hidden, at, row);
  g_list_model_items_changed (G_LIST_MODEL (self), (guint) pos, 1, 0);
  return TRUE;
}

gint64
cassino_history_model_get_pending_delete (CassinoHistoryModel *self)
{
  int i;

  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), 0);

  i = find_undoable (self);
  return i < 0 ? 0 : g_array_index (self->hidden, HiddenRow, i).id;
}

guint
cassino_history_model_get_n_deleting (CassinoHistoryModel *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), 0);
  return self->n_deleting;
}

/* Hidden row @i comes back into the list. */
static void
show_again (CassinoHistoryModel *self,
            guint                i)
{
  guint pos = g_array_index (self->hidden, HiddenRow, i).pos;

  g_array_remove_index (self->hidden, i);
  g_list_model_items_changed (G_LIST_MODEL (self), visible_of (self, pos), 0, 1);
}

void
cassino_history_model_cancel_delete (CassinoHistoryModel *self)
{
  int i;

  g_return_if_fail (CASSINO_IS_HISTORY_MODEL (self));

  i = find_undoable (self);
  if (i >= 0)
    show_again (self, (guint) i);
}

/* Hidden row @i is gone from the store: the list shows what the store
 * now holds (the same rows: only the pages move). */
static void
forget_deleted (CassinoHistoryModel *self,
                guint                i)
{
  guint pos = g_array_index (self->hidden, HiddenRow, i).pos;

  g_array_remove_index (self->hidden, i);
  for (guint j = 0; j < self->hidden->len; j++)
    if (g_array_index (self->hidden, HiddenRow, j).pos > pos)
      g_array_index (self->hidden, HiddenRow, j).pos--;
  if (self->count > 0)
    self->count--;
  drop_pages (self);
}

typedef struct {
  CassinoHistoryModel *model;
  gint64               id;
} DeleteJob;

static void
delete_job_free (gpointer data)
{
  DeleteJob *job = data;

  g_object_unref (job->model);
  g_free (job);
}

/* On the database thread. */
static gboolean
run_delete_job (CassinoStore  *store,
                gpointer       data,
                GError       **error)
{
  DeleteJob *job = data;

  return cassino_store_delete_game (store, job->id, error);
}

/* Back on the main thread. */
static void
on_delete_done_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  DeleteJob *job = cassino_store_worker_get_job_data (result);
  CassinoHistoryModel *self = job->model;
  g_autoptr(GError) error = NULL;
  gboolean ok = cassino_store_worker_push_finish (result, &error);
  int i = find_hidden (self, job->id);

  self->n_deleting--;
  if (i >= 0)
    {
      if (ok)
        forget_deleted (self, (guint) i);
      else
        show_again (self, (guint) i);
    }
  if (!ok)
    {
      /* what the player must know first (a toast is one line): the game
       * is still there; then why */
      g_autoptr(GError) told = NULL;

      if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY))
        told = g_error_new_literal (error->domain, error->code,
                                    _("The game was not deleted: another program is using the game "
                                      "database. Try again in a moment."));
      else
        /* Translators: %s is why, from the database */
        told = g_error_new (error->domain, error->code, _("The game was not deleted: %s"), error->message);
      report (self, told);
    }
}

gboolean
cassino_history_model_commit_delete (CassinoHistoryModel  *self,
                                     GError              **error)
{
  g_autoptr(GError) local_error = NULL;
  HiddenRow *row;
  DeleteJob *job;
  int i;

  g_return_val_if_fail (CASSINO_IS_HISTORY_MODEL (self), FALSE);

  i = find_undoable (self);
  if (i < 0)
    return TRUE;
  row = &g_array_index (self->hidden, HiddenRow, i);
  if (self->worker != NULL)
    {
      /* queued: the window does not wait for the disk or a lock; the row
       * stays hidden until the store no longer has it */
      row->deleting = TRUE;
      self->n_deleting++;
      job = g_new0 (DeleteJob, 1);
      job->model = g_object_ref (self);
      job->id = row->id;
      cassino_store_worker_push (self->worker, run_delete_job, job, delete_job_free, on_delete_done_cb, NULL);
      return TRUE;
    }
  if (!cassino_store_delete_game (self->store, row->id, &local_error))
    {
      report (self, local_error);
      show_again (self, (guint) i);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  forget_deleted (self, (guint) i);
  return TRUE;
}
