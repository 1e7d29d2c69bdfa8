/* cassino-records.c: the history, statistics and players of the store,
 * for the views
 *
 * The views never touch the store: they read these models and call these
 * functions.  Statistics are computed in a worker thread with a
 * connection of its own (a CassinoStore is used by one thread at a time);
 * everything else (the history's pages and counts, the players, replays,
 * rubbers, import and export) is a job for one CassinoStoreWorker, whose
 * thread opens the records' connection: the main thread never opens,
 * reads or writes the file, so another program's lock (even one that
 * keeps readers out: PRAGMA locking_mode=EXCLUSIVE) never holds it.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-records.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gi18n.h>

#include <string.h>
#include <gtk/gtk.h>
#include <adwaita.h>

#include "cassino-store-record.h"
#include "cassino-store-worker.h"

struct _CassinoRecords
{
  GObject              parent_instance;

  char                *path;
  CassinoStoreWorker  *worker;    /* every read and write */
  CassinoHistoryModel *history;
  GtkStringList       *player_names;
  GArray              *player_ids;   /* gint64 */
  GPtrArray           *players;      /* CassinoStorePlayer, every one, as last read */
};

G_DEFINE_FINAL_TYPE (CassinoRecords, cassino_records, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
cassino_records_dispose (GObject *object)
{
  CassinoRecords *self = CASSINO_RECORDS (object);

  if (self->history)
    cassino_history_model_commit_delete (self->history, NULL);
  g_clear_object (&self->history);
  g_clear_object (&self->player_names);
  /* an import or export still queued is finished first */
  g_clear_object (&self->worker);

  G_OBJECT_CLASS (cassino_records_parent_class)->dispose (object);
}

static void
cassino_records_finalize (GObject *object)
{
  CassinoRecords *self = CASSINO_RECORDS (object);

  g_free (self->path);
  g_clear_pointer (&self->player_ids, g_array_unref);
  g_clear_pointer (&self->players, g_ptr_array_unref);

  G_OBJECT_CLASS (cassino_records_parent_class)->finalize (object);
}

static void
cassino_records_class_init (CassinoRecordsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cassino_records_dispose;
  object_class->finalize = cassino_records_finalize;

  /**
   * CassinoRecords::changed:
   *
   * Games or players changed: views read again what they show.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cassino_records_init (CassinoRecords *self)
{
  self->player_names = gtk_string_list_new (NULL);
  self->player_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
}

static CassinoStoreWorker *get_worker (CassinoRecords *self);

static CassinoStorePlayer *
player_copy (const CassinoStorePlayer *p)
{
  CassinoStorePlayer *copy = g_new0 (CassinoStorePlayer, 1);

  *copy = *p;
  copy->name = g_strdup (p->name);
  copy->level = g_strdup (p->level);
  copy->engine_version = g_strdup (p->engine_version);
  copy->colour = g_strdup (p->colour);
  copy->avatar = g_strdup (p->avatar);
  return copy;
}

/* The active players' names and ids from @players (every player, in the
 * store's order; the archived ones are left out). */
static void
apply_players (CassinoRecords *self,
               GPtrArray      *players)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->player_names));

  if (players)
    {
      g_clear_pointer (&self->players, g_ptr_array_unref);
      self->players = g_ptr_array_ref (players);
    }
  g_array_set_size (self->player_ids, 0);
  for (guint i = 0; players && i < players->len; i++)
    {
      CassinoStorePlayer *p = players->pdata[i];

      if (p->archived)
        continue;

      g_ptr_array_add (names, p->name);
      g_array_append_val (self->player_ids, p->id);
    }
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->player_names, 0, old, (const char *const *) names->pdata);
}

CassinoRecords *
cassino_records_new (const char  *path,
                     GError     **error)
{
  g_autoptr(CassinoRecords) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CASSINO_TYPE_RECORDS, NULL);
  self->path = g_strdup (path);
  /* the first count and the players are read on the database thread
   * (which opens the file: a failure comes back with each job) */
  self->history = cassino_history_model_new_for_worker (get_worker (self));
  cassino_records_list_players_async (self, NULL, NULL);
  return g_steal_pointer (&self);
}

const char *
cassino_records_get_path (CassinoRecords *self)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return self->path;
}

CassinoHistoryModel *
cassino_records_get_history (CassinoRecords *self)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return self->history;
}

void
cassino_records_refresh (CassinoRecords *self)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));

  cassino_history_model_reload (self->history);
  /* the lists follow when the database thread has read them */
  cassino_records_list_players_async (self, NULL, NULL);
  g_signal_emit (self, signals[CHANGED], 0);
}

GListModel *
cassino_records_get_player_names (CassinoRecords *self)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return G_LIST_MODEL (self->player_names);
}

gint64
cassino_records_get_player_id (CassinoRecords *self,
                               guint           position)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), 0);

  if (position >= self->player_ids->len)
    return 0;
  return g_array_index (self->player_ids, gint64, position);
}

int
cassino_records_find_player (CassinoRecords *self,
                             gint64          player_id)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), -1);

  for (guint i = 0; i < self->player_ids->len; i++)
    if (g_array_index (self->player_ids, gint64, i) == player_id)
      return (int) i;
  return -1;
}

/* Players are changed by jobs for the records' database thread (the
 * window never waits for the disk or another program's lock); each job
 * lists every player afterwards, for the views. */

typedef enum {
  PLAYER_LIST,
  PLAYER_ADD,
  PLAYER_RENAME,
  PLAYER_ARCHIVE,
  PLAYER_COLOUR,
  PLAYER_PICTURE,
} PlayerJobKind;

typedef struct {
  PlayerJobKind  kind;
  gint64         id;        /* PLAYER_ADD: the new one's */
  char          *name;
  char          *colour;
  gboolean       archived;
  GFile         *image;     /* NULL: no picture */
  char          *avatar_dir;
  GPtrArray     *players;   /* CassinoStorePlayer, every one, afterwards */
} PlayerJob;

static void
player_job_free (gpointer data)
{
  PlayerJob *job = data;

  g_free (job->name);
  g_free (job->colour);
  g_clear_object (&job->image);
  g_free (job->avatar_dir);
  g_clear_pointer (&job->players, g_ptr_array_unref);
  g_free (job);
}

static PlayerJob *
player_job_new (CassinoRecords *self,
                PlayerJobKind   kind,
                gint64          player_id)
{
  PlayerJob *job = g_new0 (PlayerJob, 1);

  job->kind = kind;
  job->id = player_id;
  return job;
}

static char *avatar_dir (CassinoRecords *self);

/* On the database thread: a new picture for the player, from @image,
 * scaled to at most 192 pixels and kept as PNG in @dir; the one it
 * replaces is deleted when Cassino made it. */
static gboolean
set_picture (CassinoStore  *store,
             PlayerJob     *job,
             GError       **error)
{
  g_autoptr(CassinoStorePlayer) player = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *source = NULL;
  g_autofree char *parent = NULL;

  player = cassino_store_get_player (store, job->id, error);
  if (player == NULL)
    return FALSE;

  if (job->image != NULL)
    {
      source = g_file_get_path (job->image);
      /* square-ish and small: an avatar is drawn at 32 to 96 pixels */
      pixbuf = source ? gdk_pixbuf_new_from_file_at_scale (source, 192, 192, TRUE, error) : NULL;
      if (pixbuf == NULL)
        {
          if (source == NULL)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _("The picture must be a local file."));
          else
            g_prefix_error (error, _("This picture cannot be used: "));
          return FALSE;
        }
      if (g_mkdir_with_parents (job->avatar_dir, 0755) != 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Cannot make the folder %s: %s"), job->avatar_dir, g_strerror (saved));
          return FALSE;
        }
      /* a new name each time, so that nothing shows a stale copy */
      name = g_strdup_printf ("player-%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT ".png",
                              job->id, g_get_real_time ());
      path = g_build_filename (job->avatar_dir, name, NULL);
      if (!gdk_pixbuf_save (pixbuf, path, "png", error, NULL))
        return FALSE;
    }

  if (!cassino_store_set_player_look (store, job->id, player->colour, path, error))
    {
      if (path)
        g_unlink (path);
      return FALSE;
    }
  /* the picture it replaces, when Cassino made it */
  parent = player->avatar ? g_path_get_dirname (player->avatar) : NULL;
  if (parent && g_str_equal (parent, job->avatar_dir))
    g_unlink (player->avatar);
  return TRUE;
}

static gboolean
run_player_job (CassinoStore  *store,
                gpointer       data,
                GError       **error)
{
  PlayerJob *job = data;
  gboolean ok = TRUE;

  switch (job->kind)
    {
    case PLAYER_LIST:
      break;
    case PLAYER_ADD:
      job->id = cassino_store_add_human (store, job->name, error);
      ok = job->id != 0;
      break;
    case PLAYER_RENAME:
      ok = cassino_store_rename_player (store, job->id, job->name, error);
      break;
    case PLAYER_ARCHIVE:
      ok = cassino_store_set_player_archived (store, job->id, job->archived, error);
      break;
    case PLAYER_COLOUR:
      {
        /* the picture kept */
        g_autoptr(CassinoStorePlayer) player = cassino_store_get_player (store, job->id, error);

        ok = player && cassino_store_set_player_look (store, job->id, job->colour, player->avatar, error);
      }
      break;
    case PLAYER_PICTURE:
      ok = set_picture (store, job, error);
      break;
    default:
      g_assert_not_reached ();
    }
  if (!ok)
    return FALSE;
  job->players = cassino_store_list_players (store, TRUE, error);
  return job->players != NULL;
}

/* Back on the main thread: the lists show the players as they are now. */
static void
players_changed (CassinoRecords *self,
                 PlayerJob      *job)
{
  g_autoptr(GArray) old_ids = g_array_copy (self->player_ids);

  apply_players (self, job->players);
  if (job->kind == PLAYER_LIST)
    {
      /* the first list (or one that found players added meanwhile, by
       * another program): the views offer them */
      if (old_ids->len != self->player_ids->len ||
          (old_ids->len > 0 &&
           memcmp (old_ids->data, self->player_ids->data, old_ids->len * sizeof (gint64)) != 0))
        g_signal_emit (self, signals[CHANGED], 0);
      return;
    }
  /* names shown in the history may change */
  cassino_history_model_reload (self->history);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_player_job_done_cb (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlayerJob *job = g_task_get_task_data (task);
  GError *error = NULL;

  if (!cassino_store_worker_push_finish (result, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  players_changed (g_task_get_source_object (task), job);
  g_task_return_boolean (task, TRUE);
}

/* @func (@job) on the records' database thread; @done gets a task (of
 * @source_tag, holding the job) to return the result to @callback. */
static void
push_task (CassinoRecords      *self,
           CassinoStoreFunc     func,
           gpointer             job,
           GDestroyNotify       job_free,
           gpointer             source_tag,
           GAsyncReadyCallback  done,
           GAsyncReadyCallback  callback,
           gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, job, job_free);
  cassino_store_worker_push (get_worker (self), func, job, NULL, done, task);
}

static void
push_player_job (CassinoRecords      *self,
                 PlayerJob           *job,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  push_task (self, run_player_job, job, player_job_free, push_player_job, on_player_job_done_cb,
             callback, user_data);
}

/* The same job, waited for (tests). */
static gboolean
run_player_job_now (CassinoRecords  *self,
                    PlayerJob       *job,
                    GError         **error)
{
  gboolean ok = cassino_store_worker_run (get_worker (self), run_player_job, job, error);

  if (ok)
    players_changed (self, job);
  return ok;
}

static gboolean
player_job_now (CassinoRecords  *self,
                PlayerJob       *job,
                GError         **error)
{
  gboolean ok = run_player_job_now (self, job, error);

  player_job_free (job);
  return ok;
}

GPtrArray *
cassino_records_player_job_finish (CassinoRecords  *self,
                                   GAsyncResult    *result,
                                   gint64          *out_player_id,
                                   GError         **error)
{
  PlayerJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  job = g_task_get_task_data (G_TASK (result));
  if (out_player_id)
    *out_player_id = job->id;
  return g_ptr_array_ref (job->players);
}

void
cassino_records_list_players_async (CassinoRecords      *self,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  push_player_job (self, player_job_new (self, PLAYER_LIST, 0), callback, user_data);
}

void
cassino_records_add_player_async (CassinoRecords      *self,
                                  const char          *name,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  PlayerJob *job;

  g_return_if_fail (CASSINO_IS_RECORDS (self));

  job = player_job_new (self, PLAYER_ADD, 0);
  job->name = g_strdup (name);
  push_player_job (self, job, callback, user_data);
}

void
cassino_records_rename_player_async (CassinoRecords      *self,
                                     gint64               player_id,
                                     const char          *name,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  PlayerJob *job;

  g_return_if_fail (CASSINO_IS_RECORDS (self));

  job = player_job_new (self, PLAYER_RENAME, player_id);
  job->name = g_strdup (name);
  push_player_job (self, job, callback, user_data);
}

void
cassino_records_set_player_archived_async (CassinoRecords      *self,
                                           gint64               player_id,
                                           gboolean             archived,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data)
{
  PlayerJob *job;

  g_return_if_fail (CASSINO_IS_RECORDS (self));

  job = player_job_new (self, PLAYER_ARCHIVE, player_id);
  job->archived = archived;
  push_player_job (self, job, callback, user_data);
}

void
cassino_records_set_player_colour_async (CassinoRecords      *self,
                                         gint64               player_id,
                                         const char          *colour,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  PlayerJob *job;

  g_return_if_fail (CASSINO_IS_RECORDS (self));

  job = player_job_new (self, PLAYER_COLOUR, player_id);
  job->colour = g_strdup (colour);
  push_player_job (self, job, callback, user_data);
}

static PlayerJob *
picture_job_new (CassinoRecords *self,
                 gint64          player_id,
                 GFile          *image)
{
  PlayerJob *job = player_job_new (self, PLAYER_PICTURE, player_id);

  job->image = image ? g_object_ref (image) : NULL;
  job->avatar_dir = avatar_dir (self);
  return job;
}

void
cassino_records_set_player_picture_async (CassinoRecords      *self,
                                          gint64               player_id,
                                          GFile               *image,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  push_player_job (self, picture_job_new (self, player_id, image), callback, user_data);
}

GPtrArray *
cassino_records_list_players (CassinoRecords  *self,
                              gboolean         include_archived,
                              GError         **error)
{
  PlayerJob *job;
  GPtrArray *players = NULL;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);

  job = player_job_new (self, PLAYER_LIST, 0);
  if (run_player_job_now (self, job, error))
    {
      players = g_ptr_array_new_with_free_func ((GDestroyNotify) cassino_store_player_free);
      for (guint i = 0; i < job->players->len; i++)
        {
          CassinoStorePlayer *p = job->players->pdata[i];

          if (include_archived || !p->archived)
            g_ptr_array_add (players, player_copy (p));
        }
    }
  player_job_free (job);
  return players;
}

GPtrArray *
cassino_records_get_players (CassinoRecords *self)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return self->players;
}

gint64
cassino_records_add_player (CassinoRecords  *self,
                            const char      *name,
                            GError         **error)
{
  PlayerJob *job;
  gint64 id;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), 0);

  job = player_job_new (self, PLAYER_ADD, 0);
  job->name = g_strdup (name);
  id = run_player_job_now (self, job, error) ? job->id : 0;
  player_job_free (job);
  return id;
}

gboolean
cassino_records_rename_player (CassinoRecords  *self,
                               gint64           player_id,
                               const char      *name,
                               GError         **error)
{
  PlayerJob *job;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = player_job_new (self, PLAYER_RENAME, player_id);
  job->name = g_strdup (name);
  return player_job_now (self, job, error);
}

gboolean
cassino_records_set_player_archived (CassinoRecords *self,
                                     gint64          player_id,
                                     gboolean        archived,
                                     GError        **error)
{
  PlayerJob *job;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = player_job_new (self, PLAYER_ARCHIVE, player_id);
  job->archived = archived;
  return player_job_now (self, job, error);
}

gboolean
cassino_records_set_player_colour (CassinoRecords  *self,
                                   gint64           player_id,
                                   const char      *colour,
                                   GError         **error)
{
  PlayerJob *job;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = player_job_new (self, PLAYER_COLOUR, player_id);
  job->colour = g_strdup (colour);
  return player_job_now (self, job, error);
}

gboolean
cassino_records_set_player_picture (CassinoRecords  *self,
                                    gint64           player_id,
                                    GFile           *image,
                                    GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);
  return player_job_now (self, picture_job_new (self, player_id, image), error);
}

CassinoStorePlayer *
cassino_records_get_player (CassinoRecords  *self,
                            gint64           player_id,
                            GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);

  /* as the database thread last listed them: never a wait here */
  for (guint i = 0; self->players && i < self->players->len; i++)
    {
      CassinoStorePlayer *p = self->players->pdata[i];

      if (p->id == player_id)
        return player_copy (p);
    }
  g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
               "player %" G_GINT64_FORMAT " is not known (yet)", player_id);
  return NULL;
}

/* Pictures of players live beside the database, in avatars/. */
static char *
avatar_dir (CassinoRecords *self)
{
  g_autofree char *dir = g_path_get_dirname (self->path);

  return g_build_filename (dir, "avatars", NULL);
}

/* Colours for players who have not chosen one, by their id: the GNOME
 * palette's blue, green, yellow, orange, red, purple and brown. */
static const char *const default_colours[] = {
  "#3584e4", "#2ec27e", "#e5a50a", "#e66100", "#e01b24", "#9141ac", "#986a44",
};

void
cassino_records_player_colour (const CassinoStorePlayer *player,
                               GdkRGBA                  *out)
{
  if (player->colour && gdk_rgba_parse (out, player->colour))
    return;
  gdk_rgba_parse (out, default_colours[(guint64) MAX (player->id - 1, 0) % G_N_ELEMENTS (default_colours)]);
}

/* The CSS class that paints an avatar in @rgba, its rule added to the
 * display once.  Returns: the class name (owned by the table) */
static const char *
colour_class (const GdkRGBA *rgba)
{
  static GHashTable *classes;   /* class name set */
  g_autofree char *name = g_strdup_printf ("player-colour-%02x%02x%02x",
                                           (guint) (rgba->red * 255 + 0.5), (guint) (rgba->green * 255 + 0.5),
                                           (guint) (rgba->blue * 255 + 0.5));
  const char *found;

  if (classes == NULL)
    classes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  found = g_hash_table_lookup (classes, name);
  if (found == NULL)
    {
      g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();
      g_autofree char *colour = gdk_rgba_to_string (rgba);
      /* the initials in white or black, as reads best */
      g_autofree char *css = g_strdup_printf ("avatar.%s, .%s avatar { background-image: none; "
                                              "background-color: %s; color: %s; }",
                                              name, name, colour,
                                              0.299 * rgba->red + 0.587 * rgba->green + 0.114 * rgba->blue > 0.6 ?
                                              "rgba(0,0,0,0.8)" : "white");

      gtk_css_provider_load_from_data (provider, css, -1);
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      found = g_strdup (name);
      g_hash_table_insert (classes, (char *) found, (char *) found);
    }
  return found;
}

GtkWidget *
cassino_records_new_avatar (const CassinoStorePlayer *player,
                            int                       size)
{
  GtkWidget *avatar = adw_avatar_new (size, player->name, TRUE);
  GdkRGBA rgba;

  /* the initials on the player's colour */
  cassino_records_player_colour (player, &rgba);
  gtk_widget_add_css_class (avatar, colour_class (&rgba));
  if (player->avatar)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GdkTexture) texture = gdk_texture_new_from_filename (player->avatar, &error);

      /* a picture that went away: the initials */
      if (texture)
        adw_avatar_set_custom_image (ADW_AVATAR (avatar), GDK_PAINTABLE (texture));
      else
        g_debug ("Picture of %s: %s", player->name, error->message);
    }
  return avatar;
}

/* Replays and rubbers: read on the records' database thread too. */

typedef enum {
  READ_REPLAY,
  READ_RUBBERS,
  READ_GAME,
  READ_RUBBER,
} ReadKind;

typedef struct {
  ReadKind       kind;
  gint64         id;
  CassinoRecordsGame *opened;
  CassinoReplay *replay;
  GPtrArray     *rubbers;     /* CassinoStoreRubberInfo */
  GHashTable    *summaries;   /* game id (gint64 *) -> CassinoStoreGameSummary */
} ReadJob;

static void
read_job_free (gpointer data)
{
  ReadJob *job = data;

  g_clear_pointer (&job->opened, cassino_records_game_free);
  g_clear_object (&job->replay);
  g_clear_pointer (&job->rubbers, g_ptr_array_unref);
  g_clear_pointer (&job->summaries, g_hash_table_unref);
  g_free (job);
}

void
cassino_records_game_free (CassinoRecordsGame *game)
{
  if (game == NULL)
    return;
  g_free (game->state);
  g_clear_pointer (&game->game, cassino_game_unref);
  g_clear_pointer (&game->skipped, g_ptr_array_unref);
  g_free (game);
}

static CassinoRecordsGame *
records_game_new (void)
{
  CassinoRecordsGame *opened = g_new0 (CassinoRecordsGame, 1);

  opened->skipped = g_ptr_array_new_with_free_func (g_free);
  return opened;
}

/* On the database thread: a game to resume and its rubber's standing. */
static gboolean
open_game (CassinoStore  *store,
          gpointer       data,
          GError       **error)
{
  ReadJob *job = data;
  g_autoptr(CassinoStoreGameSummary) summary = cassino_store_get_game_summary (store, job->id, error);
  CassinoRecordsGame *opened;

  if (summary == NULL)
    return FALSE;
  opened = job->opened = records_game_new ();
  opened->game_id = job->id;
  opened->rubber_id = summary->rubber_id;
  opened->state = g_strdup (summary->state);
  opened->game = cassino_store_load_game (store, job->id, error);
  if (opened->game == NULL)
    return FALSE;
  cassino_rubber_init (&opened->rubber, cassino_game_get_rules (opened->game));
  return opened->rubber_id == 0 ||
         cassino_store_tally_rubber (store, opened->rubber_id, job->id, &opened->rubber, &opened->played,
                                     NULL, NULL, opened->skipped, error);
}

/* On the database thread: a rubber's last game and its standing. */
static gboolean
open_rubber (CassinoStore  *store,
            gpointer       data,
            GError       **error)
{
  ReadJob *job = data;
  g_autoptr(GArray) ids = cassino_store_get_rubber_games (store, job->id, error);
  g_autoptr(CassinoStoreGameSummary) summary = NULL;
  CassinoRecordsGame *opened;
  CassinoGame *first;

  if (ids == NULL)
    return FALSE;
  if (ids->len == 0)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                   _("This rubber has no recorded game."));
      return FALSE;
    }
  first = cassino_store_load_game (store, g_array_index (ids, gint64, 0), error);
  if (first == NULL)
    return FALSE;
  opened = job->opened = records_game_new ();
  opened->rubber_id = job->id;
  cassino_rubber_init (&opened->rubber, cassino_game_get_rules (first));
  cassino_game_unref (first);
  if (!cassino_store_tally_rubber (store, job->id, 0, &opened->rubber, &opened->played,
                                   &opened->game, &opened->game_id, opened->skipped, error))
    return FALSE;
  if (opened->game == NULL)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                   _("The games of this rubber could not be loaded."));
      return FALSE;
    }
  summary = cassino_store_get_game_summary (store, opened->game_id, error);
  if (summary == NULL)
    return FALSE;
  opened->state = g_strdup (summary->state);
  return TRUE;
}

static gboolean
run_read_job (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  ReadJob *job = data;

  if (job->kind == READ_REPLAY)
    {
      job->replay = cassino_replay_new_from_store (store, job->id, error);
      return job->replay != NULL;
    }
  /* a game to go on with and its rubber's standing: one snapshot */
  if (job->kind == READ_GAME)
    return cassino_store_read (store, open_game, job, error);
  if (job->kind == READ_RUBBER)
    return cassino_store_read (store, open_rubber, job, error);
  job->rubbers = cassino_store_list_rubbers (store, CASSINO_STORE_RUBBERS_ALL, error);
  if (job->rubbers == NULL)
    return FALSE;
  job->summaries = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                          (GDestroyNotify) cassino_store_game_summary_free);
  for (guint i = 0; i < job->rubbers->len; i++)
    {
      CassinoStoreRubberInfo *info = job->rubbers->pdata[i];

      for (guint g = 0; g < info->game_ids->len; g++)
        {
          gint64 id = g_array_index (info->game_ids, gint64, g);
          CassinoStoreGameSummary *summary = cassino_store_get_game_summary (store, id, NULL);

          /* a game gone meanwhile is left out */
          if (summary)
            g_hash_table_insert (job->summaries, g_memdup2 (&id, sizeof id), summary);
        }
    }
  return TRUE;
}

static void on_job_done_cb (GObject *source, GAsyncResult *result, gpointer user_data);

static void
push_read_job (CassinoRecords      *self,
               ReadKind             kind,
               gint64               id,
               gpointer             source_tag,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  ReadJob *job = g_new0 (ReadJob, 1);

  job->kind = kind;
  job->id = id;
  push_task (self, run_read_job, job, read_job_free, source_tag, on_job_done_cb, callback, user_data);
}

void
cassino_records_load_replay_async (CassinoRecords      *self,
                                   gint64               game_id,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  push_read_job (self, READ_REPLAY, game_id, cassino_records_load_replay_async, callback, user_data);
}

CassinoReplay *
cassino_records_load_replay_finish (CassinoRecords  *self,
                                    GAsyncResult    *result,
                                    GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cassino_records_load_replay_async, NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  return g_steal_pointer (&((ReadJob *) g_task_get_task_data (G_TASK (result)))->replay);
}

void
cassino_records_list_rubbers_async (CassinoRecords      *self,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  push_read_job (self, READ_RUBBERS, 0, cassino_records_list_rubbers_async, callback, user_data);
}

GPtrArray *
cassino_records_list_rubbers_finish (CassinoRecords  *self,
                                     GAsyncResult    *result,
                                     GHashTable     **out_summaries,
                                     GError         **error)
{
  ReadJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cassino_records_list_rubbers_async, NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  job = g_task_get_task_data (G_TASK (result));
  if (out_summaries)
    *out_summaries = g_steal_pointer (&job->summaries);
  return g_steal_pointer (&job->rubbers);
}

void
cassino_records_open_game_async (CassinoRecords      *self,
                                 gint64               game_id,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  push_read_job (self, READ_GAME, game_id, cassino_records_open_game_async, callback, user_data);
}

void
cassino_records_open_rubber_async (CassinoRecords      *self,
                                   gint64               rubber_id,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  push_read_job (self, READ_RUBBER, rubber_id, cassino_records_open_rubber_async, callback, user_data);
}

CassinoRecordsGame *
cassino_records_open_finish (CassinoRecords  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == cassino_records_open_game_async ||
                        g_task_get_source_tag (G_TASK (result)) == cassino_records_open_rubber_async, NULL);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return NULL;
  return g_steal_pointer (&((ReadJob *) g_task_get_task_data (G_TASK (result)))->opened);
}

/* Statistics */

void
cassino_stats_result_free (CassinoStatsResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->stats, cassino_store_stats_free);
  g_clear_pointer (&result->rating, cassino_store_rating_free);
  g_free (result->rating_preset);
  g_clear_pointer (&result->rating_history, g_array_unref);
  g_clear_pointer (&result->months, g_array_unref);
  g_clear_pointer (&result->histogram, g_array_unref);
  g_free (result);
}

typedef struct {
  char                    *path;
  gint64                   player_id;
  char                    *preset;
  CassinoStoreStatsFilter  filter;
} StatsData;

static void
stats_data_free (StatsData *data)
{
  g_free (data->path);
  g_free (data->preset);
  g_free (data);
}

/* The graphs of a statistics page: the month series, the points-per-deal
 * histogram and the rating history. */
static gboolean
compute_graphs (CassinoStore                   *store,
                gint64                          player_id,
                const CassinoStoreStatsFilter  *filter,
                CassinoStatsResult             *result,
                GError                        **error)
{
  g_autoptr(CassinoStorePlayer) player = NULL;
  g_autoptr(CassinoStorePlayerSeries) series = NULL;

  series = cassino_store_get_player_series (store, player_id, filter, CASSINO_STATS_HISTOGRAM_BINS, error);
  if (series == NULL)
    return FALSE;
  result->months = g_steal_pointer (&series->months);
  result->histogram = g_steal_pointer (&series->histogram);

  /* the rating of the preset chosen, else of the one most played (of
   * the family chosen, or of all) */
  if (filter && filter->preset && !strchr (filter->preset, ','))
    result->rating_preset = g_strdup (filter->preset);
  else if (series->top_preset)
    result->rating_preset = g_steal_pointer (&series->top_preset);
  else
    result->rating_preset = g_strdup ("classic");
  player = cassino_store_get_player (store, player_id, NULL);
  if (player && player->kind == CASSINO_SEAT_HUMAN)
    {
      result->rating = cassino_store_get_rating (store, player_id, result->rating_preset, NULL);
      result->rating_history = cassino_store_get_rating_history (store, player_id, result->rating_preset,
                                                                 CASSINO_STATS_RATING_POINTS, NULL);
    }
  if (result->rating_history == NULL)
    result->rating_history = g_array_new (FALSE, FALSE, sizeof (CassinoStoreRatingPoint));
  return TRUE;
}

static CassinoStatsResult *
compute_stats (CassinoStore                   *store,
               gint64                          player_id,
               const CassinoStoreStatsFilter  *filter,
               GError                        **error)
{
  g_autoptr(CassinoStatsResult) result = g_new0 (CassinoStatsResult, 1);
  gint64 start = g_get_monotonic_time ();

  result->stats = cassino_store_get_player_stats (store, player_id, filter, CASSINO_STORE_STATS_DEFAULT, error);
  if (result->stats == NULL ||
      !compute_graphs (store, player_id, filter, result, error))
    return NULL;
  result->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  return g_steal_pointer (&result);
}

/* In the worker: the graphs in a second thread with a connection of its
 * own, while this one reads the headline figures (the two passes take
 * about as long as each other; on two cores the page is ready in the time
 * of one). */
typedef struct {
  StatsData          *data;
  CassinoStatsResult *result;
  GError             *error;
} GraphsJob;

static gpointer
graphs_thread (gpointer user_data)
{
  GraphsJob *job = user_data;
  g_autoptr(CassinoStore) store = cassino_store_open_full (job->data->path, CASSINO_STORE_OPEN_NO_SALVAGE,
                                                           &job->error);

  if (store != NULL)
    compute_graphs (store, job->data->player_id, &job->data->filter, job->result, &job->error);
  return NULL;
}

static void
stats_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  StatsData *data = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(CassinoStatsResult) result = g_new0 (CassinoStatsResult, 1);
  GraphsJob job = { data, result, NULL };
  gint64 start = g_get_monotonic_time ();
  GThread *graphs;

  graphs = g_thread_new ("cassino-stats-graphs", graphs_thread, &job);
  store = cassino_store_open_full (data->path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  if (store != NULL)
    result->stats = cassino_store_get_player_stats (store, data->player_id, &data->filter,
                                                    CASSINO_STORE_STATS_DEFAULT, &error);
  g_thread_join (graphs);

  if (error == NULL && job.error != NULL)
    error = g_steal_pointer (&job.error);
  g_clear_error (&job.error);
  if (error != NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  result->seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_task_return_pointer (task, g_steal_pointer (&result), (GDestroyNotify) cassino_stats_result_free);
}

void
cassino_records_load_stats_async (CassinoRecords                *self,
                                  gint64                         player_id,
                                  const CassinoStoreStatsFilter *filter,
                                  GCancellable                  *cancellable,
                                  GAsyncReadyCallback            callback,
                                  gpointer                       user_data)
{
  g_autoptr(GTask) task = NULL;
  StatsData *data;

  g_return_if_fail (CASSINO_IS_RECORDS (self));

  data = g_new0 (StatsData, 1);
  data->path = g_strdup (self->path);
  data->player_id = player_id;
  if (filter)
    {
      data->preset = g_strdup (filter->preset);
      data->filter.n_players = filter->n_players;
    }
  data->filter.preset = data->preset;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, cassino_records_load_stats_async);
  g_task_set_task_data (task, data, (GDestroyNotify) stats_data_free);
  g_task_run_in_thread (task, stats_thread);
}

CassinoStatsResult *
cassino_records_load_stats_finish (CassinoRecords  *self,
                                   GAsyncResult    *result,
                                   GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

CassinoStatsResult *
cassino_records_load_stats (CassinoRecords                *self,
                            gint64                         player_id,
                            const CassinoStoreStatsFilter *filter,
                            GError                       **error)
{
  g_autoptr(CassinoStore) store = NULL;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);

  /* (tests and benchmarks: a connection of its own, as the threads have) */
  store = cassino_store_open_full (self->path, CASSINO_STORE_OPEN_NO_SALVAGE, error);
  return store ? compute_stats (store, player_id, filter, error) : NULL;
}

/* Export and import: jobs for the records' database thread (a connection
 * of its own, opened by the thread when first needed), so that a large
 * file, a slow disk or another program's lock never holds the window. */

typedef enum {
  FILE_EXPORT_RECORDS,
  FILE_EXPORT_STATS_CSV,
  FILE_IMPORT_RECORDS,
} FileJobKind;

typedef struct {
  FileJobKind               kind;
  GFile                    *file;
  CassinoStoreExportScope   scope;
  gint64                    id;
  guint                     count;
  GPtrArray                *skipped;   /* export: the games left out, why */
  CassinoStoreImportReport  report;
} FileJob;

static void
file_job_free (gpointer data)
{
  FileJob *job = data;

  g_clear_object (&job->file);
  g_clear_pointer (&job->skipped, g_ptr_array_unref);
  cassino_store_import_report_clear (&job->report);
  g_free (job);
}

static FileJob *
file_job_new (FileJobKind  kind,
              GFile       *file)
{
  FileJob *job = g_new0 (FileJob, 1);

  job->kind = kind;
  job->file = g_object_ref (file);
  return job;
}

static FileJob *
export_job_new (CassinoStoreExportScope  scope,
                gint64                   id,
                GFile                   *file)
{
  FileJob *job = file_job_new (FILE_EXPORT_RECORDS, file);

  job->scope = scope;
  job->id = id;
  return job;
}

/* The import's counts change hands. */
static void
take_report (FileJob                  *job,
             CassinoStoreImportReport *report)
{
  if (report == NULL)
    return;
  *report = job->report;
  memset (&job->report, 0, sizeof job->report);
}

/* On the database thread. */
static gboolean
run_file_job (CassinoStore  *store,
              gpointer       data,
              GError       **error)
{
  FileJob *job = data;
  g_autoptr(GFileOutputStream) out = NULL;

  if (job->kind == FILE_IMPORT_RECORDS)
    {
      g_autofree char *text = NULL;
      gsize length = 0;

      if (!g_file_load_contents (job->file, NULL, &text, &length, NULL, error))
        return FALSE;
      return cassino_store_import_records (store, text, (gssize) length, &job->report, error);
    }

  /* never over the game database itself (the file chooser's Replace
   * would have turned every game into the export's text) */
  if (g_file_peek_path (job->file) &&
      !cassino_store_check_output (NULL, g_file_peek_path (job->file), cassino_store_get_path (store), error))
    return FALSE;
  out = g_file_replace (job->file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);
  if (out == NULL)
    return FALSE;
  if (job->kind == FILE_EXPORT_RECORDS
      ? !cassino_store_export_records (store, job->scope, job->id, G_OUTPUT_STREAM (out), &job->count,
                                       &job->skipped, error)
      : !cassino_store_export_stats_csv (store, G_OUTPUT_STREAM (out), error))
    {
      /* a failed export leaves the file it was to replace as it was: the
       * new one is written aside and only a close moves it in place, so
       * the close is cancelled (an output stream left unclosed would be
       * closed, and moved in place, when it is freed) */
      g_autoptr(GCancellable) cancel = g_cancellable_new ();

      g_cancellable_cancel (cancel);
      g_output_stream_close (G_OUTPUT_STREAM (out), cancel, NULL);
      return FALSE;
    }
  return g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error);
}

static CassinoStoreWorker *
get_worker (CassinoRecords *self)
{
  if (self->worker == NULL)
    /* the recorder opened the file first: only it moves a damaged one */
    self->worker = cassino_store_worker_new_for_path_full (self->path, CASSINO_STORE_OPEN_NO_SALVAGE);
  return self->worker;
}

/* Back on the main thread: a job's result becomes the task's. */
static void
on_job_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  gboolean ok = cassino_store_worker_push_finish (result, &error);

  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
on_file_job_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GTask *task = user_data;
  FileJob *job = g_task_get_task_data (task);

  if (job->kind == FILE_IMPORT_RECORDS)
    cassino_records_refresh (g_task_get_source_object (task));
  on_job_done_cb (source, result, task);
}

static void
push_file_job (CassinoRecords      *self,
               FileJob             *job,
               gpointer             source_tag,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  push_task (self, run_file_job, job, file_job_free, source_tag, on_file_job_done_cb, callback, user_data);
}

/* The same job, waited for (tests). */
static gboolean
run_file_job_now (CassinoRecords  *self,
                  FileJob         *job,
                  GError         **error)
{
  gboolean ok = cassino_store_worker_run (get_worker (self), run_file_job, job, error);

  if (job->kind == FILE_IMPORT_RECORDS)
    cassino_records_refresh (self);
  return ok;
}

void
cassino_records_export_records_async (CassinoRecords           *self,
                                      CassinoStoreExportScope   scope,
                                      gint64                    id,
                                      GFile                    *file,
                                      GAsyncReadyCallback       callback,
                                      gpointer                  user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  g_return_if_fail (G_IS_FILE (file));

  push_file_job (self, export_job_new (scope, id, file), cassino_records_export_records_async,
                 callback, user_data);
}

gboolean
cassino_records_export_records_finish (CassinoRecords  *self,
                                       GAsyncResult    *result,
                                       guint           *out_count,
                                       GPtrArray      **out_skipped,
                                       GError         **error)
{
  FileJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (out_count)
    *out_count = job->count;
  if (out_skipped)
    *out_skipped = job->skipped ? g_ptr_array_ref (job->skipped) : NULL;
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
cassino_records_export_records (CassinoRecords           *self,
                                CassinoStoreExportScope   scope,
                                gint64                    id,
                                GFile                    *file,
                                guint                    *out_count,
                                GPtrArray               **out_skipped,
                                GError                  **error)
{
  FileJob *job;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = export_job_new (scope, id, file);
  ok = run_file_job_now (self, job, error);
  if (out_count)
    *out_count = job->count;
  if (out_skipped)
    *out_skipped = g_steal_pointer (&job->skipped);
  file_job_free (job);
  return ok;
}

void
cassino_records_export_stats_csv_async (CassinoRecords      *self,
                                        GFile               *file,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  g_return_if_fail (G_IS_FILE (file));

  push_file_job (self, file_job_new (FILE_EXPORT_STATS_CSV, file),
                 cassino_records_export_stats_csv_async, callback, user_data);
}

gboolean
cassino_records_export_stats_csv_finish (CassinoRecords  *self,
                                         GAsyncResult    *result,
                                         GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
cassino_records_export_stats_csv (CassinoRecords  *self,
                                  GFile           *file,
                                  GError         **error)
{
  FileJob *job;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = file_job_new (FILE_EXPORT_STATS_CSV, file);
  ok = run_file_job_now (self, job, error);
  file_job_free (job);
  return ok;
}

void
cassino_records_import_records_async (CassinoRecords      *self,
                                      GFile               *file,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_return_if_fail (CASSINO_IS_RECORDS (self));
  g_return_if_fail (G_IS_FILE (file));

  push_file_job (self, file_job_new (FILE_IMPORT_RECORDS, file),
                 cassino_records_import_records_async, callback, user_data);
}

gboolean
cassino_records_import_records_finish (CassinoRecords            *self,
                                       GAsyncResult              *result,
                                       CassinoStoreImportReport  *report,
                                       GError                   **error)
{
  FileJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  job = g_task_get_task_data (G_TASK (result));
  take_report (job, report);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
cassino_records_import_records (CassinoRecords            *self,
                                GFile                     *file,
                                CassinoStoreImportReport  *report,
                                GError                   **error)
{
  FileJob *job;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = file_job_new (FILE_IMPORT_RECORDS, file);
  ok = run_file_job_now (self, job, error);
  take_report (job, report);
  file_job_free (job);
  return ok;
}
