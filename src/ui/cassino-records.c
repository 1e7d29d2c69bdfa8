/* cassino-records.c: the history, statistics and players of the store,
 * for the views
 *
 * The views never touch the store: they read these models and call these
 * functions.  Statistics are computed in a worker thread with a
 * connection of its own (a CassinoStore is used by one thread at a time);
 * import and export are jobs for a CassinoStoreWorker, with one more.
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
  CassinoStore        *store;
  CassinoStoreWorker  *worker;    /* files: import and export */
  CassinoHistoryModel *history;
  GtkStringList       *player_names;
  GArray              *player_ids;   /* gint64 */
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
  g_clear_object (&self->store);
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

static void
read_players (CassinoRecords *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = cassino_store_list_players (self->store, FALSE, &error);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint old = g_list_model_get_n_items (G_LIST_MODEL (self->player_names));

  g_array_set_size (self->player_ids, 0);
  if (players == NULL)
    g_debug ("Players: %s", error->message);
  for (guint i = 0; players && i < players->len; i++)
    {
      CassinoStorePlayer *p = players->pdata[i];

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
  /* the recorder opened the file first: only it moves a damaged one */
  self->store = cassino_store_open_full (path, CASSINO_STORE_OPEN_NO_SALVAGE, error);
  if (self->store == NULL)
    return NULL;
  self->history = cassino_history_model_new (self->store);
  read_players (self);
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
  read_players (self);
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

GPtrArray *
cassino_records_list_players (CassinoRecords  *self,
                              gboolean         include_archived,
                              GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return cassino_store_list_players (self->store, include_archived, error);
}

static gboolean
players_changed (CassinoRecords *self,
                 gboolean        ok)
{
  if (ok)
    {
      read_players (self);
      /* names shown in the history may change */
      cassino_history_model_reload (self->history);
      g_signal_emit (self, signals[CHANGED], 0);
    }
  return ok;
}

gint64
cassino_records_add_player (CassinoRecords  *self,
                            const char      *name,
                            GError         **error)
{
  gint64 id;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), 0);

  id = cassino_store_add_human (self->store, name, error);
  players_changed (self, id != 0);
  return id;
}

gboolean
cassino_records_rename_player (CassinoRecords  *self,
                               gint64           player_id,
                               const char      *name,
                               GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);
  return players_changed (self, cassino_store_rename_player (self->store, player_id, name, error));
}

gboolean
cassino_records_set_player_archived (CassinoRecords *self,
                                     gint64          player_id,
                                     gboolean        archived,
                                     GError        **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);
  return players_changed (self, cassino_store_set_player_archived (self->store, player_id, archived, error));
}

gboolean
cassino_records_set_player_look (CassinoRecords  *self,
                                 gint64           player_id,
                                 const char      *colour,
                                 const char      *avatar,
                                 GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);
  return players_changed (self, cassino_store_set_player_look (self->store, player_id, colour, avatar, error));
}

CassinoStorePlayer *
cassino_records_get_player (CassinoRecords  *self,
                            gint64           player_id,
                            GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return cassino_store_get_player (self->store, player_id, error);
}

/* Pictures of players live beside the database, in avatars/. */
static char *
avatar_dir (CassinoRecords *self)
{
  g_autofree char *dir = g_path_get_dirname (self->path);

  return g_build_filename (dir, "avatars", NULL);
}

static gboolean
is_own_avatar (CassinoRecords *self,
               const char     *path)
{
  g_autofree char *dir = avatar_dir (self);
  g_autofree char *parent = path ? g_path_get_dirname (path) : NULL;

  return parent && g_str_equal (parent, dir);
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

gboolean
cassino_records_set_player_colour (CassinoRecords  *self,
                                   gint64           player_id,
                                   const char      *colour,
                                   GError         **error)
{
  g_autoptr(CassinoStorePlayer) player = NULL;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  player = cassino_store_get_player (self->store, player_id, error);
  if (player == NULL)
    return FALSE;
  return cassino_records_set_player_look (self, player_id, colour, player->avatar, error);
}

gboolean
cassino_records_set_player_picture (CassinoRecords  *self,
                                    gint64           player_id,
                                    GFile           *image,
                                    GError         **error)
{
  g_autoptr(CassinoStorePlayer) player = NULL;
  g_autoptr(GdkPixbuf) pixbuf = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  g_autofree char *source = NULL;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  player = cassino_store_get_player (self->store, player_id, error);
  if (player == NULL)
    return FALSE;

  if (image != NULL)
    {
      source = g_file_get_path (image);
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
      dir = avatar_dir (self);
      if (g_mkdir_with_parents (dir, 0755) != 0)
        {
          int saved = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Cannot make the folder %s: %s"), dir, g_strerror (saved));
          return FALSE;
        }
      /* a new name each time, so that nothing shows a stale copy */
      name = g_strdup_printf ("player-%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT ".png",
                              player_id, g_get_real_time ());
      path = g_build_filename (dir, name, NULL);
      if (!gdk_pixbuf_save (pixbuf, path, "png", error, NULL))
        return FALSE;
    }

  if (!cassino_records_set_player_look (self, player_id, player->colour, path, error))
    {
      if (path)
        g_unlink (path);
      return FALSE;
    }
  /* the picture it replaces, when Cassino made it */
  if (player->avatar && is_own_avatar (self, player->avatar))
    g_unlink (player->avatar);
  return TRUE;
}

CassinoStoreGameSummary *
cassino_records_get_game_summary (CassinoRecords  *self,
                                  gint64           game_id,
                                  GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return cassino_store_get_game_summary (self->store, game_id, error);
}

CassinoReplay *
cassino_records_load_replay (CassinoRecords  *self,
                             gint64           game_id,
                             GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return cassino_replay_new_from_store (self->store, game_id, error);
}

GPtrArray *
cassino_records_list_rubbers (CassinoRecords  *self,
                              GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return cassino_store_list_rubbers (self->store, CASSINO_STORE_RUBBERS_ALL, error);
}

GPtrArray *
cassino_records_list_unfinished_rubbers (CassinoRecords  *self,
                                         GError         **error)
{
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return cassino_store_list_unfinished_rubbers (self->store, error);
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

  /* the rating of the preset chosen, else of the one most played */
  if (filter && filter->preset)
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
  g_return_val_if_fail (CASSINO_IS_RECORDS (self), NULL);
  return compute_stats (self->store, player_id, filter, error);
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
  CassinoStoreImportReport  report;
} FileJob;

static void
file_job_free (gpointer data)
{
  FileJob *job = data;

  g_clear_object (&job->file);
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

  out = g_file_replace (job->file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);
  if (out == NULL)
    return FALSE;
  if (job->kind == FILE_EXPORT_RECORDS
      ? !cassino_store_export_records (store, job->scope, job->id, G_OUTPUT_STREAM (out), &job->count, error)
      : !cassino_store_export_stats_csv (store, G_OUTPUT_STREAM (out), error))
    return FALSE;
  return g_output_stream_close (G_OUTPUT_STREAM (out), NULL, error);
}

static CassinoStoreWorker *
get_worker (CassinoRecords *self)
{
  if (self->worker == NULL)
    self->worker = cassino_store_worker_new_for_path (self->path);
  return self->worker;
}

/* Back on the main thread: a job's result becomes the task's. */
static void
on_file_job_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  FileJob *job = g_task_get_task_data (task);
  GError *error = NULL;
  gboolean ok = cassino_store_worker_push_finish (result, &error);

  if (job->kind == FILE_IMPORT_RECORDS)
    cassino_records_refresh (g_task_get_source_object (task));
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
push_file_job (CassinoRecords      *self,
               FileJob             *job,
               gpointer             source_tag,
               GAsyncReadyCallback  callback,
               gpointer             user_data)
{
  GTask *task = g_task_new (self, NULL, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, job, file_job_free);
  cassino_store_worker_push (get_worker (self), run_file_job, job, NULL, on_file_job_done_cb, task);
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
                                       GError         **error)
{
  FileJob *job;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  job = g_task_get_task_data (G_TASK (result));
  if (out_count)
    *out_count = job->count;
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
cassino_records_export_records (CassinoRecords           *self,
                                CassinoStoreExportScope   scope,
                                gint64                    id,
                                GFile                    *file,
                                guint                    *out_count,
                                GError                  **error)
{
  FileJob *job;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_RECORDS (self), FALSE);

  job = export_job_new (scope, id, file);
  ok = run_file_job_now (self, job, error);
  if (out_count)
    *out_count = job->count;
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
