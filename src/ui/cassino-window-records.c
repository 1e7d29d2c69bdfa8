/* cassino-window-records.c: the window's history, replay, statistics,
 * players, rubbers, export and import
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-window-private.h"

#include <glib/gi18n.h>

#include <string.h>

#include "cassino-a11y.h"
#include "cassino-store-history.h"
#include "cassino-store-record.h"
#include "cassino-plain-text.h"
#include "cassino-toast.h"

#define toast(self, text) _cassino_window_toast ((self), (text))

/* Whether games are recorded (a database is open); the player is told
 * when not. */
static gboolean
have_records (CassinoWindow *self)
{
  if (self->records != NULL)
    return TRUE;
  toast (self, _("No games are recorded."));
  return FALSE;
}

static void
update_header (CassinoWindow *self)
{
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);
  gboolean table = g_strcmp0 (page, "table") == 0;
  /* the replay or the review: Back goes back */
  gboolean replay = g_strcmp0 (page, "history") == 0 &&
                    g_strcmp0 (gtk_stack_get_visible_child_name (self->history_stack), "list") != 0;

  /* (only the table page exists before the others are first shown) */

  gtk_widget_set_visible (self->undo_button, table);
  gtk_widget_set_visible (self->hint_button, table);
  gtk_widget_set_visible (self->new_game_button, !replay);
  gtk_widget_set_visible (self->back_button, replay);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-replay", replay);
  _cassino_window_update_actions (self);
}

/* What shows while a game is read on the database thread. */
static GtkWidget *
loading_page_new (void)
{
  GtkWidget *page = adw_status_page_new ();
  GtkWidget *spinner = gtk_spinner_new ();

  gtk_spinner_set_spinning (GTK_SPINNER (spinner), TRUE);
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_widget_set_halign (spinner, GTK_ALIGN_CENTER);
  adw_status_page_set_child (ADW_STATUS_PAGE (page), spinner);
  /* Translators: shown while a recorded game is read from the disk (or
   * waits for another program to let go of the database) */
  adw_status_page_set_title (ADW_STATUS_PAGE (page), _("Loading the Game…"));
  return page;
}

static void on_open_game_cb (CassinoHistoryView *view, gint64 game_id, CassinoWindow *self);
static void on_resume_game_cb (CassinoHistoryView *view, gint64 game_id, CassinoWindow *self);
static void on_export_game_cb (CassinoHistoryView *view, gint64 game_id, CassinoWindow *self);
static void on_review_game_cb (CassinoHistoryView *view, gint64 game_id, CassinoWindow *self);
static void on_play_deal_again_cb (CassinoReplayView *view, guint deal_index, CassinoWindow *self);

void
_cassino_window_ensure_history (CassinoWindow *self)
{
  g_autofree char *theme = NULL;

  if (self->history_view)
    return;
  self->history_view = g_object_new (CASSINO_TYPE_HISTORY_VIEW, NULL);
  self->replay_view = g_object_new (CASSINO_TYPE_REPLAY_VIEW, NULL);
  gtk_stack_add_named (self->history_stack, GTK_WIDGET (self->history_view), "list");
  gtk_stack_add_named (self->history_stack, GTK_WIDGET (self->replay_view), "replay");
  gtk_stack_add_named (self->history_stack, loading_page_new (), "loading");
  gtk_stack_set_visible_child_name (self->history_stack, "list");
  g_signal_connect (self->history_view, "open-game", G_CALLBACK (on_open_game_cb), self);
  g_signal_connect (self->history_view, "resume-game", G_CALLBACK (on_resume_game_cb), self);
  g_signal_connect (self->history_view, "export-game", G_CALLBACK (on_export_game_cb), self);
  g_signal_connect (self->history_view, "review-game", G_CALLBACK (on_review_game_cb), self);
  g_signal_connect (self->replay_view, "play-deal-again", G_CALLBACK (on_play_deal_again_cb), self);
  g_signal_connect_swapped (self->history_stack, "notify::visible-child", G_CALLBACK (update_header), self);
  theme = g_settings_get_string (self->settings, "card-theme");
  cassino_table_view_set_four_color (cassino_replay_view_get_table_view (self->replay_view),
                                     g_strcmp0 (theme, "four-color") == 0);
  if (self->records)
    cassino_history_view_set_records (self->history_view, self->records);
}

void
_cassino_window_ensure_stats (CassinoWindow *self)
{
  if (self->stats_view)
    return;
  self->stats_view = g_object_new (CASSINO_TYPE_STATS_VIEW, NULL);
  adw_bin_set_child (self->stats_bin, GTK_WIDGET (self->stats_view));
  if (self->records)
    cassino_stats_view_set_records (self->stats_view, self->records);
}

static void
on_page_changed_cb (AdwViewStack  *stack,
                    GParamSpec    *pspec,
                    CassinoWindow *self)
{
  const char *page = adw_view_stack_get_visible_child_name (stack);

  if (g_strcmp0 (page, "history") == 0)
    _cassino_window_ensure_history (self);
  else if (g_strcmp0 (page, "statistics") == 0)
    _cassino_window_ensure_stats (self);

  /* games were played since the views last looked */
  if (self->records && self->records_dirty && g_strcmp0 (page, "table") != 0)
    {
      self->records_dirty = FALSE;
      cassino_records_refresh (self->records);
    }
  update_header (self);
}

static void
on_move_played_cb (CassinoGameController *controller,
                   guint                  seat,
                   gpointer               move,
                   gpointer               before,
                   CassinoWindow         *self)
{
  self->records_dirty = TRUE;
}

/* A step of the game reached the database (after the move, from the
 * database thread): a history or statistics page on show reads it now
 * (unless a delete waits for its Undo toast: reading again would bring
 * the row back), the others when they are shown. */
static void
on_record_saved_cb (CassinoGameController *controller,
                    CassinoWindow         *self)
{
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);

  self->records_dirty = TRUE;
  if (self->records && g_strcmp0 (page, "table") != 0 &&
      cassino_history_model_get_pending_delete (cassino_records_get_history (self->records)) == 0)
    {
      self->records_dirty = FALSE;
      cassino_records_refresh (self->records);
    }
}

/* History and replay */

typedef struct {
  CassinoWindow   *window;
  guint            serial;
  CassinoReplayAt  at;
} ReplayRequest;

static void
on_replay_loaded_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  ReplayRequest *req = user_data;
  CassinoWindow *self = req->window;
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoReplay) replay = cassino_records_load_replay_finish (CASSINO_RECORDS (source), result, &error);

  /* Back was taken, or another game asked for, meanwhile */
  if (req->serial != self->replay_serial || self->history_stack == NULL ||
      g_strcmp0 (gtk_stack_get_visible_child_name (self->history_stack), "loading") != 0)
    goto out;
  if (replay == NULL)
    {
      /* Translators: a recorded game could not be read; %s says why
       * (e.g. the database is busy) */
      g_autofree char *text = g_strdup_printf (_("The game could not be opened: %s"), error->message);

      toast (self, text);
      gtk_stack_set_visible_child_name (self->history_stack, req->at.from_review ? "review" : "list");
      goto out;
    }
  _cassino_window_show_replay (self, replay, req->at.play_index < 0 ? req->at.deal_index : -1);
  if (req->at.from_review)
    {
      /* what the reviewed player saw then */
      cassino_replay_view_set_seat_view (self->replay_view, req->at.seat);
      cassino_replay_view_go_to_move (self->replay_view, (guint) req->at.deal_index, (guint) req->at.play_index);
      cassino_replay_view_set_note (self->replay_view, self->replay_note);
    }
out:
  g_object_unref (req->window);
  g_free (req);
}

void
_cassino_window_load_replay (CassinoWindow         *self,
                             gint64                 game_id,
                             const CassinoReplayAt *at)
{
  ReplayRequest *req = g_new0 (ReplayRequest, 1);

  req->window = g_object_ref (self);
  req->serial = ++self->replay_serial;
  req->at = *at;
  self->replay_from_review = at->from_review;
  _cassino_window_ensure_history (self);
  cassino_replay_view_set_autoplay (self->replay_view, 0);
  adw_view_stack_set_visible_child_name (self->view_stack, "history");
  gtk_stack_set_visible_child_name (self->history_stack, "loading");
  update_header (self);
  cassino_records_load_replay_async (self->records, game_id, on_replay_loaded_cb, req);
}

gboolean
cassino_window_open_replay (CassinoWindow  *self,
                            gint64          game_id,
                            GError        **error)
{
  CassinoReplayAt at = { FALSE, -1, -1, -1 };

  g_return_val_if_fail (CASSINO_IS_WINDOW (self), FALSE);

  if (self->records == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _("No games are recorded."));
      return FALSE;
    }
  _cassino_window_load_replay (self, game_id, &at);
  return TRUE;
}

void
_cassino_window_show_replay (CassinoWindow *self,
                             CassinoReplay *replay,
                             int            deal_index)
{
  _cassino_window_ensure_history (self);
  cassino_replay_view_set_replay (self->replay_view, replay);
  if (deal_index >= 0)
    cassino_replay_view_go_to_deal (self->replay_view, (guint) deal_index);
  adw_view_stack_set_visible_child_name (self->view_stack, "history");
  gtk_stack_set_visible_child_name (self->history_stack, "replay");
  update_header (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->replay_view));
}

static void
on_open_game_cb (CassinoHistoryView *view,
                 gint64              game_id,
                 CassinoWindow      *self)
{
  g_autoptr(GError) error = NULL;

  if (!cassino_window_open_replay (self, game_id, &error))
    toast (self, error->message);
}

static void
on_review_game_cb (CassinoHistoryView *view,
                   gint64              game_id,
                   CassinoWindow      *self)
{
  if (!have_records (self))
    return;
  /* the game is read with the review, off the main thread */
  _cassino_window_show_review (self, game_id, NULL);
}

/* Resume and Continue Rubber: the game is read on the records' database
 * thread ("Loading the Game…" meanwhile, the window goes on; Back drops
 * it), then the table takes it over at once and the recorder follows in
 * order behind its queued steps. */

typedef struct {
  CassinoWindow *window;
  guint          serial;
  gboolean       rubber;
} OpenRequest;

static void
on_game_opened_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  OpenRequest *req = user_data;
  CassinoWindow *self = req->window;
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoRecordsGame) opened = cassino_records_open_finish (CASSINO_RECORDS (source), result, &error);
  gboolean ok = FALSE;

  /* Back was taken, or another game asked for, meanwhile */
  if (req->serial != self->replay_serial || self->history_stack == NULL ||
      g_strcmp0 (gtk_stack_get_visible_child_name (self->history_stack), "loading") != 0)
    goto out;
  if (opened && req->rubber)
    ok = cassino_game_controller_continue_rubber_opened (self->controller, opened->rubber_id, opened->game_id,
                                                         opened->game, &opened->rubber, opened->played, &error);
  else if (opened)
    ok = cassino_game_controller_resume_opened (self->controller, opened->game_id, opened->rubber_id,
                                                opened->state, opened->game, &opened->rubber,
                                                opened->played, &error);
  gtk_stack_set_visible_child_name (self->history_stack, "list");
  if (!ok)
    {
      toast (self, error->message);
      update_header (self);
      goto out;
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "table");
  if (opened->skipped->len > 0)
    {
      /* a game of the rubber could not be read: its result is missing
       * from the standing */
      g_autofree char *text = g_strdup_printf (_("The game could not be opened: %s"),
                                               (const char *) opened->skipped->pdata[0]);

      toast (self, text);
    }
out:
  g_object_unref (req->window);
  g_free (req);
}

static void
open_game (CassinoWindow *self,
           gint64         id,
           gboolean       rubber)
{
  OpenRequest *req;

  if (!have_records (self))
    return;
  req = g_new0 (OpenRequest, 1);
  req->window = g_object_ref (self);
  req->serial = ++self->replay_serial;
  req->rubber = rubber;
  _cassino_window_ensure_history (self);
  cassino_replay_view_set_autoplay (self->replay_view, 0);
  self->replay_from_review = FALSE;
  adw_view_stack_set_visible_child_name (self->view_stack, "history");
  gtk_stack_set_visible_child_name (self->history_stack, "loading");
  update_header (self);
  if (rubber)
    cassino_records_open_rubber_async (self->records, id, on_game_opened_cb, req);
  else
    cassino_records_open_game_async (self->records, id, on_game_opened_cb, req);
}

void
cassino_window_continue_rubber (CassinoWindow *self,
                                gint64         rubber_id)
{
  g_return_if_fail (CASSINO_IS_WINDOW (self));
  open_game (self, rubber_id, TRUE);
}

static void
on_resume_game_cb (CassinoHistoryView *view,
                   gint64              game_id,
                   CassinoWindow      *self)
{
  open_game (self, game_id, FALSE);
}

static void
close_replay_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  if (self->replay_view == NULL)
    return;
  cassino_replay_view_set_autoplay (self->replay_view, 0);
  /* a replay still being read is dropped when it comes */
  self->replay_serial++;
  /* from a move of the review, back to the review; from the review, its
   * work stops */
  if (self->replay_from_review &&
      (g_strcmp0 (gtk_stack_get_visible_child_name (self->history_stack), "replay") == 0 ||
       g_strcmp0 (gtk_stack_get_visible_child_name (self->history_stack), "loading") == 0))
    {
      self->replay_from_review = FALSE;
      gtk_stack_set_visible_child_name (self->history_stack, "review");
    }
  else
    {
      if (self->review_view)
        cassino_review_view_cancel (self->review_view);
      gtk_stack_set_visible_child_name (self->history_stack, "list");
    }
  update_header (self);
}

static void
on_play_deal_again_cb (CassinoReplayView *view,
                       guint              deal_index,
                       CassinoWindow     *self)
{
  CassinoReplay *replay = cassino_replay_view_get_replay (view);
  CassinoGame *source = cassino_replay_get_source (replay);
  const CassinoDeal *deal = cassino_game_get_deal (source, deal_index);
  const CassinoRules *r = cassino_game_get_rules (source);
  g_autoptr(CassinoGameSetup) setup = g_new0 (CassinoGameSetup, 1);
  g_autoptr(GError) error = NULL;

  setup->preset = r->preset;
  setup->options = cassino_rules_to_json (r);
  setup->n_players = r->n_players;
  setup->format = r->target == 0 ? CASSINO_FORMAT_SINGLE :
                  r->rubber_games > 1 ? CASSINO_FORMAT_RUBBER : CASSINO_FORMAT_TARGET;
  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (source, i);

      setup->seats[i].name = g_strdup (s && s->name ? s->name : cassino_game_setup_computer_name (i));
      setup->seats[i].kind = s ? s->kind : CASSINO_SEAT_COMPUTER;
      setup->seats[i].level = CASSINO_LEVEL_MEDIUM;
      if (s && s->level)
        cassino_level_from_string (s->level, &setup->seats[i].level);
    }
  if (deal == NULL || !cassino_game_controller_start_deal (self->controller, setup, deal, &error))
    {
      toast (self, error ? error->message : _("This deal cannot be played again."));
      return;
    }
  self->records_dirty = TRUE;
  gtk_stack_set_visible_child_name (self->history_stack, "list");
  adw_view_stack_set_visible_child_name (self->view_stack, "table");
  /* Translators: a toast after "Play this deal again" */
  toast (self, _("The same cards, dealt again: your turn to do better"));
}

/* Files */

typedef enum {
  FILE_EXPORT_GAME,
  FILE_EXPORT_RUBBER,
  FILE_EXPORT_ALL,
  FILE_EXPORT_STATS,
  FILE_IMPORT,
} FileJob;

/* What an export of records says: how many games it wrote, and which
 * it left out because they could not be read (the first, and how many). */
static char *
export_message (guint      count,
                GPtrArray *skipped)
{
  /* Translators: a toast after exporting game records */
  g_autofree char *exported = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game exported",
                                                            "%u games exported", count), count);

  if (skipped == NULL || skipped->len == 0)
    return g_steal_pointer (&exported);
  if (skipped->len == 1)
    /* Translators: a toast after exporting game records when one game could not
     * be read: "12 games exported", then why, e.g. "Game 5, deal 1, move 4 does not replay: …" */
    return g_strdup_printf (_("%s · one game could not be read and was left out: %s"),
                            exported, (const char *) skipped->pdata[0]);
  /* Translators: the same with several games left out: "12 games exported",
   * their number, and why the first could not be read */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s · %u game could not be read and was left out; the first: %s",
                                       "%s · %u games could not be read and were left out; the first: %s",
                                       skipped->len),
                          exported, skipped->len, (const char *) skipped->pdata[0]);
}

/* An export or import is over (it ran on the records' database thread):
 * say how it went. */
static void
on_file_job_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(CassinoWindow) self = user_data;
  CassinoRecords *records = CASSINO_RECORDS (source);
  gpointer what = g_task_get_source_tag (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  guint count = 0;

  if (what == cassino_records_export_stats_csv_async)
    {
      if (cassino_records_export_stats_csv_finish (records, result, &error))
        message = g_strdup (_("Statistics exported"));
    }
  else if (what == cassino_records_import_records_async)
    {
      CassinoStoreImportReport report = { 0 };

      if (cassino_records_import_records_finish (records, result, &report, &error))
        {
          /* each count with its own plural */
          /* Translators: the first part of the toast after an import, e.g. "Imported 3 games" */
          g_autofree char *imported = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u game",
                                                                    "Imported %u games", report.imported),
                                                       report.imported);
          /* Translators: the games an import found already recorded, e.g. "2 already there" */
          g_autofree char *skipped = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u already there",
                                                                   "%u already there", report.skipped),
                                                      report.skipped);
          /* Translators: the games an import could not read, e.g. "1 failed" */
          g_autofree char *failed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u failed",
                                                                  "%u failed", report.failed),
                                                     report.failed);

          /* Translators: the toast after an import: imported, already there, failed */
          message = g_strdup_printf (C_("import counts", "%s · %s · %s"), imported, skipped, failed);
        }
      if (message && report.failed > 0 && report.messages && report.messages->len > 0)
        {
          /* Translators: after the import's counts, why the first game that
           * failed did, e.g. "record 2: line 199, column 1: …" */
          char *why = g_strdup_printf (_("%s. The first that failed: %s"), message,
                                       (const char *) report.messages->pdata[0]);

          g_free (message);
          message = why;
        }
      cassino_store_import_report_clear (&report);
    }
  else
    {
      g_autoptr(GPtrArray) skipped = NULL;

      if (cassino_records_export_records_finish (records, result, &count, &skipped, &error))
        message = export_message (count, skipped);
    }
  toast (self, error ? error->message : message);
}

/* Export… once its file is chosen (tests: without the file chooser). */
GFile *
cassino_window_dup_file_folder (CassinoWindow *self)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);

  if (self->file_folder)
    return g_object_ref (self->file_folder);
  if (documents && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

static void
remember_file_folder (CassinoWindow *self,
                      GFile         *file)
{
  GFile *parent = g_file_get_parent (file);

  if (parent)
    {
      g_clear_object (&self->file_folder);
      self->file_folder = parent;
    }
}

void
cassino_window_export_records (CassinoWindow           *self,
                               CassinoStoreExportScope  scope,
                               gint64                   id,
                               GFile                   *file)
{
  g_return_if_fail (CASSINO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (!have_records (self))
    return;
  remember_file_folder (self, file);
  cassino_records_export_records_async (self->records, scope, id, file, on_file_job_done_cb, g_object_ref (self));
}

/* Import… once its file is chosen (tests: without the file chooser). */
void
cassino_window_import_records (CassinoWindow *self,
                               GFile         *file)
{
  g_return_if_fail (CASSINO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (!have_records (self))
    return;
  remember_file_folder (self, file);
  cassino_records_import_records_async (self->records, file, on_file_job_done_cb, g_object_ref (self));
}

static void
on_file_chosen_cb (GtkNativeDialog *dialog,
                   int              response,
                   CassinoWindow   *self)
{
  FileJob job = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "job"));
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "id"));
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT && self->records)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      switch (job)
        {
        case FILE_EXPORT_GAME:
        case FILE_EXPORT_RUBBER:
        case FILE_EXPORT_ALL:
          cassino_window_export_records (self,
                                         job == FILE_EXPORT_GAME ? CASSINO_STORE_EXPORT_GAME :
                                         job == FILE_EXPORT_RUBBER ? CASSINO_STORE_EXPORT_RUBBER :
                                         CASSINO_STORE_EXPORT_ALL,
                                         id, file);
          break;
        case FILE_EXPORT_STATS:
          remember_file_folder (self, file);
          cassino_records_export_stats_csv_async (self->records, file, on_file_job_done_cb, g_object_ref (self));
          break;
        case FILE_IMPORT:
          cassino_window_import_records (self, file);
          break;
        default:
          break;
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/* The name an export suggests: a game's says what and when
 * ("cassino-scopa-2026-11-25.cassino"; it was "cassino-game.cassino"
 * whatever the game), from the history's row when it is loaded (no
 * database read on the main thread). */
static char *
export_file_name (CassinoWindow *self,
                  FileJob        job,
                  gint64         id)
{
  CassinoHistoryModel *model = self->records ? cassino_records_get_history (self->records) : NULL;
  int position = model && job == FILE_EXPORT_GAME ? cassino_history_model_find_loaded (model, id) : -1;

  if (job == FILE_EXPORT_ALL)
    return g_strdup ("cassino-games.cassino");
  if (job == FILE_EXPORT_RUBBER)
    return g_strdup ("cassino-rubber.cassino");
  if (position >= 0)
    {
      g_autoptr(CassinoHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (model), (guint) position);
      const CassinoStoreGameSummary *summary = item ? cassino_history_item_get_summary (item) : NULL;
      g_autoptr(GDateTime) started = summary ? g_date_time_new_from_unix_local (summary->started) : NULL;

      if (summary && summary->preset && started)
        {
          g_autofree char *day = g_date_time_format (started, "%Y-%m-%d");
          g_autofree char *preset = g_strdelimit (g_strdup (summary->preset), "/\\:", '-');

          return g_strdup_printf ("cassino-%s-%s.cassino", preset, day);
        }
    }
  return g_strdup ("cassino-game.cassino");
}

char *
cassino_window_dup_export_game_name (CassinoWindow *self,
                                     gint64         id)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return export_file_name (self, FILE_EXPORT_GAME, id);
}

static void
choose_file (CassinoWindow *self,
             FileJob        job,
             gint64         id)
{
  gboolean save = job != FILE_IMPORT;
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  const char *title;

  if (!have_records (self))
    return;
  switch (job)
    {
    case FILE_EXPORT_GAME: title = _("Export Game"); break;
    case FILE_EXPORT_RUBBER: title = _("Export Rubber"); break;
    case FILE_EXPORT_ALL: title = _("Export All Games"); break;
    case FILE_EXPORT_STATS: title = _("Export Statistics"); break;
    case FILE_IMPORT: default: title = _("Import Game Records"); break;
    }
  dialog = gtk_file_chooser_native_new (title, GTK_WINDOW (self),
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Export") : _("_Import"), _("_Cancel"));
  if (job == FILE_EXPORT_STATS)
    {
      gtk_file_filter_set_name (filter, _("CSV Files"));
      gtk_file_filter_add_pattern (filter, "*.csv");
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), "cassino-statistics.csv");
    }
  else
    {
      gtk_file_filter_set_name (filter, _("Game Records"));
      gtk_file_filter_add_pattern (filter, "*.cassino");
      gtk_file_filter_add_pattern (filter, "*.txt");
      if (save)
        {
          g_autofree char *name = export_file_name (self, job, id);

          gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
        }
    }
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  {
    g_autoptr(GFile) folder = cassino_window_dup_file_folder (self);

    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
  }
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "job", GINT_TO_POINTER (job));
  g_object_set_data (G_OBJECT (dialog), "id", GSIZE_TO_POINTER ((gsize) id));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_file_chosen_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_export_game_cb (CassinoHistoryView *view,
                   gint64              game_id,
                   CassinoWindow      *self)
{
  choose_file (self, FILE_EXPORT_GAME, game_id);
}

static void
file_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  if (g_str_equal (action_name, "win.import"))
    choose_file (self, FILE_IMPORT, 0);
  else if (g_str_equal (action_name, "win.export-all"))
    choose_file (self, FILE_EXPORT_ALL, 0);
  else
    choose_file (self, FILE_EXPORT_STATS, 0);
}

/* Players */

static void fill_players (AdwPreferencesGroup *group, CassinoWindow *self, GPtrArray *players);

/* A change of the Players window, on its way to the database thread: the
 * window goes on meanwhile, and shows the players again when it is done. */
typedef struct {
  CassinoWindow       *window;
  AdwPreferencesGroup *group;
  GtkWidget           *widget;   /* what was used: the bell on failure */
  gboolean             toast;    /* a failure is told in words */
  gboolean             clear;    /* the entry is emptied when it worked */
  char                *old_name; /* a rename: the name it had */
  char                *new_name;
} PlayersEdit;

static PlayersEdit *
players_edit_new (CassinoWindow *self,
                  GtkWidget     *widget)
{
  PlayersEdit *edit = g_new0 (PlayersEdit, 1);

  edit->window = g_object_ref (self);
  edit->widget = g_object_ref (widget);
  edit->group = g_object_ref (g_object_get_data (G_OBJECT (widget), "group"));
  return edit;
}

static void
on_refused_name_changed_cb (GtkEditable *editable,
                            gpointer     data)
{
  gtk_widget_remove_css_class (GTK_WIDGET (editable), "error");
  g_signal_handlers_disconnect_by_func (editable, on_refused_name_changed_cb, data);
}

/* A player renamed is renamed where the settings name them too: the
 * name in Preferences, when it is the user's, and the seats of the game
 * New Game offers again (a new game dealt "root" after root became
 * Carl, a second player of the old name). */
static void
rename_in_settings (CassinoWindow *self,
                    const char    *old_name,
                    const char    *new_name)
{
  g_autofree char *setting = g_settings_get_string (self->settings, "player-name");
  g_autofree char *user = cassino_game_setup_default_player_name (setting);
  g_autofree char *json = g_settings_get_string (self->settings, "last-game");
  g_autoptr(CassinoGameSetup) setup = NULL;

  if (g_strcmp0 (user, old_name) == 0)
    g_settings_set_string (self->settings, "player-name", new_name);
  setup = json && *json ? cassino_game_setup_from_json (json, new_name, NULL) : NULL;
  if (setup)
    {
      gboolean changed = FALSE;

      for (guint i = 0; i < setup->n_players; i++)
        if (g_strcmp0 (setup->seats[i].name, old_name) == 0)
          {
            g_free (setup->seats[i].name);
            setup->seats[i].name = g_strdup (new_name);
            changed = TRUE;
          }
      if (changed)
        {
          g_autofree char *again = cassino_game_setup_to_json (setup);

          g_settings_set_string (self->settings, "last-game", again);
        }
    }
}

/* Text set in a row without the apply button it would show: the row
 * was applied (an added player's name cleared), or it is empty (apply
 * would do nothing). */
static void
entry_row_set_text_applied (AdwEntryRow *row,
                            const char  *text)
{
  adw_entry_row_set_show_apply_button (row, FALSE);
  if (text)
    gtk_editable_set_text (GTK_EDITABLE (row), text);
  adw_entry_row_set_show_apply_button (row, TRUE);
}

static void
on_player_name_changed_cb (GtkEditable *editable,
                           gpointer     data)
{
  const char *text = gtk_editable_get_text (editable);

  if (text == NULL || *text == '\0')
    entry_row_set_text_applied (ADW_ENTRY_ROW (editable), NULL);
}

/* The control of player @id that had the focus before the rows were
 * made again gets it back in the new row: a rename, a colour or an
 * archive left the focus on the first row's picture. */
static void
refocus_player (AdwPreferencesGroup *group,
                gint64               id,
                const char          *role)
{
  GPtrArray *rows = g_object_get_data (G_OBJECT (group), "rows");

  for (guint i = 0; rows && i < rows->len; i++)
    if ((gint64) GPOINTER_TO_SIZE (g_object_get_data (rows->pdata[i], "player-id")) == id)
      {
        GtkWidget *target = role ? g_object_get_data (rows->pdata[i], role) : rows->pdata[i];

        gtk_widget_grab_focus (target ? target : rows->pdata[i]);
        return;
      }
}

static void
on_players_edited_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  PlayersEdit *edit = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) players = cassino_records_player_job_finish (CASSINO_RECORDS (source), result,
                                                                    NULL, &error);

  if (players == NULL)
    {
      GtkRoot *root = gtk_widget_get_root (edit->widget);

      gtk_widget_error_bell (edit->widget);
      if (edit->toast)
        toast (edit->window, error->message);
      else
        {
          /* a name refused (one already listed, say) is said where it
           * was typed: the field turns red and the Players window says
           * why (a bell alone said nothing) */
          gtk_widget_add_css_class (edit->widget, "error");
          /* red until the name is changed */
          g_signal_handlers_disconnect_by_func (edit->widget, on_refused_name_changed_cb, NULL);
          g_signal_connect (edit->widget, "changed", G_CALLBACK (on_refused_name_changed_cb), NULL);
          if (ADW_IS_PREFERENCES_WINDOW (root))
            adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (root), cassino_toast_new (GTK_WIDGET (root), error->message));
          else
            toast (edit->window, error->message);
        }
    }
  else
    {
      GtkRoot *root = gtk_widget_get_root (edit->widget);
      GtkWidget *focus = GTK_IS_WINDOW (root) ? gtk_window_get_focus (GTK_WINDOW (root)) : NULL;
      gboolean focused = focus && (focus == edit->widget || gtk_widget_is_ancestor (focus, edit->widget));
      gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (edit->widget), "player-id"));

      gtk_widget_remove_css_class (edit->widget, "error");
      /* cleared for the next name, without an apply button that would
       * add nothing */
      if (edit->clear)
        entry_row_set_text_applied (ADW_ENTRY_ROW (edit->widget), "");
      if (edit->old_name && edit->new_name)
        rename_in_settings (edit->window, edit->old_name, edit->new_name);
      fill_players (edit->group, edit->window, players);
      if (focused && id != 0)
        refocus_player (edit->group, id, g_object_get_data (G_OBJECT (edit->widget), "focus-role"));
    }
  g_object_unref (edit->window);
  g_object_unref (edit->group);
  g_object_unref (edit->widget);
  g_free (edit->old_name);
  g_free (edit->new_name);
  g_free (edit);
}

static void
on_rename_applied_cb (AdwEntryRow   *row,
                      CassinoWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (row), "player-id"));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (row));

  if (name && *name)
    {
      PlayersEdit *edit = players_edit_new (self, GTK_WIDGET (row));
      GPtrArray *players = cassino_records_get_players (self->records);

      for (guint i = 0; players && i < players->len; i++)
        if (((const CassinoStorePlayer *) players->pdata[i])->id == id)
          edit->old_name = g_strdup (((const CassinoStorePlayer *) players->pdata[i])->name);
      edit->new_name = g_strdup (name);
      cassino_records_rename_player_async (self->records, id, name, on_players_edited_cb, edit);
    }
}

static void
on_archive_clicked_cb (GtkButton     *button,
                       CassinoWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "player-id"));
  gboolean archived = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "archived"));

  cassino_records_set_player_archived_async (self->records, id, !archived, on_players_edited_cb,
                                             players_edit_new (self, GTK_WIDGET (button)));
}

static void
on_colour_set_cb (GtkColorButton *button,
                  CassinoWindow  *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "player-id"));
  GdkRGBA rgba;
  g_autofree char *colour = NULL;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  G_GNUC_END_IGNORE_DEPRECATIONS
  colour = g_strdup_printf ("#%02x%02x%02x", (guint) (rgba.red * 255 + 0.5),
                            (guint) (rgba.green * 255 + 0.5), (guint) (rgba.blue * 255 + 0.5));
  /* the picture's initials take the colour */
  cassino_records_set_player_colour_async (self->records, id, colour, on_players_edited_cb,
                                           players_edit_new (self, GTK_WIDGET (button)));
}

static void
on_add_applied_cb (AdwEntryRow   *row,
                   CassinoWindow *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (row));
  PlayersEdit *edit;

  if (name == NULL || *name == '\0')
    return;
  edit = players_edit_new (self, GTK_WIDGET (row));
  edit->clear = TRUE;
  cassino_records_add_player_async (self->records, name, on_players_edited_cb, edit);
}

/* Pictures */

static void
on_picture_chosen_cb (GtkNativeDialog *dialog,
                      int              response,
                      CassinoWindow   *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "player-id"));
  AdwPreferencesGroup *group = g_object_get_data (G_OBJECT (dialog), "group");

  if (response == GTK_RESPONSE_ACCEPT && self->records)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      PlayersEdit *edit = g_new0 (PlayersEdit, 1);

      edit->window = g_object_ref (self);
      edit->group = g_object_ref (group);
      edit->widget = g_object_ref (GTK_WIDGET (group));
      edit->toast = TRUE;
      cassino_records_set_player_picture_async (self->records, id, file, on_players_edited_cb, edit);
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (group);
}

static void
on_choose_picture_cb (GtkButton     *button,
                      CassinoWindow *self)
{
  GtkFileChooserNative *dialog;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkWidget *menu = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_MENU_BUTTON);
  GtkRoot *root;

  if (menu)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (menu));
  root = gtk_widget_get_root (GTK_WIDGET (button));
  dialog = gtk_file_chooser_native_new (_("Choose a Picture"), GTK_WINDOW (root),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Choose"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Pictures"));
  gtk_file_filter_add_pixbuf_formats (filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data (G_OBJECT (dialog), "player-id", g_object_get_data (G_OBJECT (button), "player-id"));
  g_object_set_data (G_OBJECT (dialog), "group", g_object_ref (g_object_get_data (G_OBJECT (button), "group")));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_picture_chosen_cb), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_remove_picture_cb (GtkButton     *button,
                      CassinoWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "player-id"));
  AdwPreferencesGroup *group = g_object_get_data (G_OBJECT (button), "group");
  GtkWidget *menu = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_MENU_BUTTON);
  PlayersEdit *edit = g_new0 (PlayersEdit, 1);

  if (menu)
    gtk_menu_button_popdown (GTK_MENU_BUTTON (menu));
  edit->window = g_object_ref (self);
  edit->group = g_object_ref (group);
  edit->widget = g_object_ref (GTK_WIDGET (group));
  edit->toast = TRUE;
  cassino_records_set_player_picture_async (self->records, id, NULL, on_players_edited_cb, edit);
}

/* The player's picture, or the initials of the name, in a button that
 * offers to change it. */
static GtkWidget *
picture_button (CassinoWindow            *self,
                AdwPreferencesGroup      *group,
                const CassinoStorePlayer *p)
{
  GtkWidget *menu = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *choose = gtk_button_new_with_mnemonic (_("_Choose a Picture…"));
  g_autofree char *tooltip = NULL;

  gtk_menu_button_set_child (GTK_MENU_BUTTON (menu), cassino_records_new_avatar (p, 32));
  gtk_widget_add_css_class (menu, "flat");
  gtk_widget_add_css_class (menu, "circular");
  gtk_widget_set_valign (menu, GTK_ALIGN_CENTER);
  /* Translators: the tooltip of a player's picture, e.g. "Anna’s picture" */
  tooltip = g_strdup_printf (_("%s’s picture"), p->name);
  gtk_widget_set_tooltip_text (menu, tooltip);

  gtk_widget_add_css_class (box, "menu");
  gtk_widget_add_css_class (choose, "flat");
  g_object_set_data (G_OBJECT (choose), "player-id", GSIZE_TO_POINTER ((gsize) p->id));
  g_object_set_data (G_OBJECT (choose), "group", group);
  g_signal_connect (choose, "clicked", G_CALLBACK (on_choose_picture_cb), self);
  gtk_box_append (GTK_BOX (box), choose);
  if (p->avatar)
    {
      GtkWidget *remove = gtk_button_new_with_mnemonic (_("_Remove the Picture"));

      gtk_widget_add_css_class (remove, "flat");
      g_object_set_data (G_OBJECT (remove), "player-id", GSIZE_TO_POINTER ((gsize) p->id));
      g_object_set_data (G_OBJECT (remove), "group", group);
      g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_picture_cb), self);
      gtk_box_append (GTK_BOX (box), remove);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (menu), popover);
  return menu;
}

static void
fill_players (AdwPreferencesGroup *group,
              CassinoWindow       *self,
              GPtrArray           *players)
{
  GPtrArray *rows = g_object_get_data (G_OBJECT (group), "rows");

  for (guint i = 0; rows && i < rows->len; i++)
    adw_preferences_group_remove (group, rows->pdata[i]);
  if (rows == NULL)
    {
      rows = g_ptr_array_new ();
      g_object_set_data_full (G_OBJECT (group), "rows", rows, (GDestroyNotify) g_ptr_array_unref);
    }
  g_ptr_array_set_size (rows, 0);

  for (guint i = 0; players && i < players->len; i++)
    {
      CassinoStorePlayer *p = players->pdata[i];
      GtkWidget *row, *archive, *colour, *avatar;
      GdkRGBA rgba;

      if (p->kind != CASSINO_SEAT_HUMAN)
        continue;
      row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     p->archived ? _("Archived — renaming keeps the history") :
                                                   _("Name — renaming keeps the history"));
      gtk_editable_set_text (GTK_EDITABLE (row), p->name);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "player-id", GSIZE_TO_POINTER ((gsize) p->id));
      g_object_set_data (G_OBJECT (row), "group", group);
      g_signal_connect (row, "apply", G_CALLBACK (on_rename_applied_cb), self);
      g_signal_connect_after (row, "changed", G_CALLBACK (on_player_name_changed_cb), NULL);

      avatar = picture_button (self, group, p);
      adw_entry_row_add_prefix (ADW_ENTRY_ROW (row), avatar);

      /* the player's colour from the start: the palette's until chosen */
      cassino_records_player_colour (p, &rgba);
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      colour = gtk_color_button_new_with_rgba (&rgba);
      G_GNUC_END_IGNORE_DEPRECATIONS
      gtk_widget_set_valign (colour, GTK_ALIGN_CENTER);
      {
        /* Translators: the tooltip of a player's colour, e.g. "Anna’s colour" */
        g_autofree char *colour_tip = g_strdup_printf (_("%s’s colour"), p->name);

        gtk_widget_set_tooltip_text (colour, colour_tip);
      }
      g_object_set_data (G_OBJECT (colour), "player-id", GSIZE_TO_POINTER ((gsize) p->id));
      g_object_set_data (G_OBJECT (colour), "group", group);
      g_signal_connect (colour, "color-set", G_CALLBACK (on_colour_set_cb), self);
      g_object_set_data (G_OBJECT (colour), "focus-role", (gpointer) "colour");
      g_object_set_data (G_OBJECT (row), "colour", colour);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), colour);

      archive = gtk_button_new_from_icon_name (p->archived ? "edit-undo-symbolic" : "cassino-archive-symbolic");
      gtk_widget_set_valign (archive, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (archive, "flat");
      gtk_widget_set_tooltip_text (archive, p->archived ? _("Bring Back") : _("Archive — hidden from lists, records kept"));
      cassino_a11y_set_name (archive,
                             /* Translators: a button that hides a player from the lists */
                             p->archived ? _("Bring Back") : C_("player", "Archive"));
      g_object_set_data (G_OBJECT (archive), "player-id", GSIZE_TO_POINTER ((gsize) p->id));
      g_object_set_data (G_OBJECT (archive), "archived", GINT_TO_POINTER (p->archived));
      g_object_set_data (G_OBJECT (archive), "group", group);
      g_signal_connect (archive, "clicked", G_CALLBACK (on_archive_clicked_cb), self);
      g_object_set_data (G_OBJECT (archive), "focus-role", (gpointer) "archive");
      g_object_set_data (G_OBJECT (row), "archive", archive);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), archive);

      adw_preferences_group_add (group, row);
      g_ptr_array_add (rows, row);
    }
}

static void
players_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);
  GtkWidget *window, *page, *group, *add_group, *add_row;

  if (!have_records (self))
    return;
  window = adw_preferences_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Players"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (window), FALSE);
  page = adw_preferences_page_new ();
  /* (the one page's switcher button is named by it) */
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Players"));

  add_group = adw_preferences_group_new ();
  add_row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (add_row), _("Add a Player"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (add_row), TRUE);
  g_signal_connect (add_row, "apply", G_CALLBACK (on_add_applied_cb), self);
  g_signal_connect_after (add_row, "changed", G_CALLBACK (on_player_name_changed_cb), NULL);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (add_group), add_row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (add_group));

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("People Who Play Here"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group),
                                         _("Pick their names when you start a game. Computer players are listed in the statistics."));
  g_object_set_data (G_OBJECT (add_row), "group", group);
  g_object_set_data (G_OBJECT (group), "group", group);
  /* read on the database thread; the rows come when it answers */
  cassino_records_list_players_async (self->records, on_players_edited_cb, players_edit_new (self, group));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));
}

/* Rubbers */

static void
on_continue_rubber_cb (GtkButton     *button,
                       CassinoWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "rubber-id"));

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))));
  open_game (self, id, TRUE);
}

/* No rubber yet: the New Game dialog, open on "A rubber" */
static void
on_new_rubber_cb (GtkButton     *button,
                  CassinoWindow *self)
{
  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))));
  _cassino_window_new_game_as (self, CASSINO_FORMAT_RUBBER);
}

static void
on_see_game_cb (GtkButton     *button,
                CassinoWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (button), "game-id"));
  g_autoptr(GError) error = NULL;

  gtk_window_destroy (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))));
  if (!cassino_window_open_replay (self, id, &error))
    toast (self, error->message);
}

/* "Anna 2 · Bruno 1" */
static char *
rubber_standing (const CassinoStoreRubberInfo *info)
{
  GString *standing = g_string_new (NULL);

  for (guint side = 0; side < info->n_sides; side++)
    {
      if (side)
        g_string_append (standing, " · ");
      /* Translators: a side and the games it won in a rubber, e.g. "Anna 2" */
      g_string_append_printf (standing, C_("rubber standing", "%s %u"),
                              info->side_names[side] ? info->side_names[side] : "?",
                              info->games_won[side]);
    }
  return g_string_free (standing, FALSE);
}

static char *
rubber_game_subtitle (const CassinoStoreGameSummary *s)
{
  GString *scores;

  if (g_strcmp0 (s->state, "finished") != 0)
    return g_strdup (_("Being played"));
  scores = g_string_new (NULL);
  for (guint side = 0; side < s->n_sides; side++)
    g_string_append_printf (scores, side ? "–%u" : "%u", s->scores[side]);
  if (s->winner_side >= 0)
    for (guint k = 0; k < s->n_seats; k++)
      if (s->seats[k].side == (guint) s->winner_side)
        {
          /* Translators: a finished game of a rubber: the winner and the
           * final scores, e.g. "Anna won, 21–14" */
          g_autofree char *text = g_strdup_printf (_("%s won, %s"), s->seats[k].name, scores->str);

          g_string_free (scores, TRUE);
          return g_steal_pointer (&text);
        }
  {
    /* Translators: a drawn game of a rubber and its scores, e.g. "Drawn, 21–21" */
    g_autofree char *text = g_strdup_printf (_("Drawn, %s"), scores->str);

    g_string_free (scores, TRUE);
    return g_steal_pointer (&text);
  }
}

static GtkWidget *
rubber_row (CassinoWindow                *self,
            GHashTable                   *summaries,
            const CassinoStoreRubberInfo *info)
{
  GtkWidget *row = adw_expander_row_new ();
  gboolean playing = g_str_equal (info->state, "playing");
  g_autofree char *standing = rubber_standing (info);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  CassinoPreset preset;
  const char *preset_title;

  preset_title = cassino_preset_from_string (info->preset, &preset) ? cassino_preset_get_title (preset) : info->preset;
  title = standing[0] ? g_strdup_printf ("%s · %s", preset_title, standing) : g_strdup (preset_title);
  /* the players' names */
  cassino_plain_row (row);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);

  if (playing)
    {
      GtkWidget *cont = gtk_button_new_with_mnemonic (_("_Continue"));

      /* Translators: how far a rubber is: games played (the plural follows it) and
       * games needed to win it, e.g. "3 games played · 2 wins take it" */
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "%u game played · %u wins take it",
                                               "%u games played · %u wins take it",
                                               info->game_ids->len),
                                  info->game_ids->len, info->games_needed);
      gtk_widget_set_valign (cont, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (cont, "suggested-action");
      g_object_set_data (G_OBJECT (cont), "rubber-id", GSIZE_TO_POINTER ((gsize) info->id));
      g_signal_connect (cont, "clicked", G_CALLBACK (on_continue_rubber_cb), self);
      adw_expander_row_add_action (ADW_EXPANDER_ROW (row), cont);
    }
  else
    {
      g_autoptr(GDateTime) ended = g_date_time_new_from_unix_local (info->ended);
      g_autofree char *date = ended ? g_date_time_format (ended, _("%Y-%m-%d")) : g_strdup ("");
      const char *winner = info->winner_side >= 0 && (guint) info->winner_side < info->n_sides
                           ? info->side_names[info->winner_side] : NULL;

      if (winner)
        /* Translators: a finished rubber: its winner, the points they made
         * (the plural follows them) and the date, e.g. "Won by Anna with 3 points · 2026-11-21" */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "Won by %s with %u point · %s",
                                                 "Won by %s with %u points · %s",
                                                 info->points[info->winner_side]),
                                    winner, info->points[info->winner_side], date);
      else
        /* Translators: a finished rubber without a winner, and its date */
        subtitle = g_strdup_printf (_("Finished · %s"), date);
    }
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), subtitle);

  for (guint g = 0; g < info->game_ids->len; g++)
    {
      gint64 game_id = g_array_index (info->game_ids, gint64, g);
      CassinoStoreGameSummary *s = g_hash_table_lookup (summaries, &game_id);
      GtkWidget *game_row, *see;
      g_autofree char *game_title = NULL;
      g_autofree char *game_subtitle = NULL;

      if (s == NULL)
        continue;
      game_row = adw_action_row_new ();
      cassino_plain_row (game_row);
      /* Translators: a game of a rubber, e.g. "Game 2" */
      game_title = g_strdup_printf (_("Game %u"), g + 1);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (game_row), game_title);
      game_subtitle = rubber_game_subtitle (s);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (game_row), game_subtitle);
      see = gtk_button_new_with_label (_("Replay"));
      gtk_widget_set_valign (see, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (see), "game-id", GSIZE_TO_POINTER ((gsize) game_id));
      g_signal_connect (see, "clicked", G_CALLBACK (on_see_game_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (game_row), see);
      adw_expander_row_add_row (ADW_EXPANDER_ROW (row), game_row);
    }
  return row;
}

/* The rubbers, read on the database thread, fill the window's page (if
 * it is still open); a failure says so in its place. */
static void
on_rubbers_listed_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GtkWidget) page = user_data;   /* a reference */
  g_autoptr(GHashTable) summaries = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) rubbers = cassino_records_list_rubbers_finish (CASSINO_RECORDS (source), result,
                                                                       &summaries, &error);
  GtkWidget *window = gtk_widget_get_ancestor (page, ADW_TYPE_PREFERENCES_WINDOW);
  CassinoWindow *self = window ? g_object_get_data (G_OBJECT (window), "cassino-window") : NULL;
  GtkWidget *loading = g_object_get_data (G_OBJECT (page), "loading");
  GtkWidget *playing, *finished;
  guint n_playing = 0, n_finished = 0;

  if (self == NULL)
    return;   /* closed meanwhile */
  adw_preferences_page_remove (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (loading));
  if (rubbers == NULL)
    {
      GtkWidget *group = adw_preferences_group_new ();
      GtkWidget *row = adw_action_row_new ();
      /* Translators: the Rubbers window when the database could not be
       * read; %s says why (e.g. the database is busy) */
      g_autofree char *text = g_strdup_printf (_("The rubbers could not be read: %s"), error->message);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_add_css_class (row, "error");
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
      return;
    }

  playing = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (playing), _("Being Played"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (playing),
                                         _("A rubber is won by the first side to win a majority of its games. Finished rubbers count in the statistics."));
  finished = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (finished), _("Finished"));

  for (guint i = 0; i < rubbers->len; i++)
    {
      CassinoStoreRubberInfo *info = rubbers->pdata[i];
      gboolean is_playing = g_str_equal (info->state, "playing");

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (is_playing ? playing : finished),
                                 rubber_row (self, summaries, info));
      if (is_playing)
        n_playing++;
      else
        n_finished++;
    }
  if (n_playing == 0)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *start = gtk_button_new_with_mnemonic (_("_New Rubber…"));

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No rubber is being played."));
      gtk_widget_set_valign (start, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (start, "suggested-action");
      g_signal_connect (start, "clicked", G_CALLBACK (on_new_rubber_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), start);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (playing), row);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (playing));
  if (n_finished > 0)
    adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (finished));
  else
    {
      /* never shown: let go of the floating group */
      g_object_ref_sink (finished);
      g_object_unref (finished);
    }
}

static void
rubbers_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);
  GtkWidget *window, *page, *loading, *row, *spinner;

  if (!have_records (self))
    return;
  window = adw_preferences_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Rubbers"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (window), FALSE);
  /* (for the rows' buttons: gone with the window) */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (window), TRUE);
  g_object_set_data (G_OBJECT (window), "cassino-window", self);
  page = adw_preferences_page_new ();
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("Rubbers"));

  /* read on the database thread: "Loading…" until it answers */
  loading = adw_preferences_group_new ();
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Loading…"));
  spinner = gtk_spinner_new ();
  gtk_spinner_set_spinning (GTK_SPINNER (spinner), TRUE);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), spinner);
  gtk_widget_add_css_class (row, "dim-label");
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (loading), row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (loading));
  g_object_set_data (G_OBJECT (page), "loading", loading);

  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  cassino_records_list_rubbers_async (self->records, on_rubbers_listed_cb, g_object_ref (page));
  gtk_window_present (GTK_WINDOW (window));
}

/* The window's side */

/* Ctrl+F: the history's search box, from any page (a replay or review
 * open in the history goes back to the list first). */
static void
find_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  cassino_window_set_top_page (self, "history");
  _cassino_window_ensure_history (self);
  /* (a move of the review goes back to the review, then the list) */
  for (guint i = 0; i < 3 && g_strcmp0 (gtk_stack_get_visible_child_name (self->history_stack), "list") != 0; i++)
    close_replay_activated (widget, NULL, NULL);
  cassino_history_view_focus_search (self->history_view);
}

/* To the History page (from the Puzzles window's empty page). */
static void
show_history_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  cassino_window_set_top_page (CASSINO_WINDOW (widget), "history");
}

void
_cassino_window_records_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.close-replay", NULL, close_replay_activated);
  gtk_widget_class_install_action (widget_class, "win.import", NULL, file_activated);
  gtk_widget_class_install_action (widget_class, "win.export-all", NULL, file_activated);
  gtk_widget_class_install_action (widget_class, "win.export-stats", NULL, file_activated);
  gtk_widget_class_install_action (widget_class, "win.players", NULL, players_activated);
  gtk_widget_class_install_action (widget_class, "win.rubbers", NULL, rubbers_activated);
  gtk_widget_class_install_action (widget_class, "win.show-history", NULL, show_history_activated);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.close-replay", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.close-replay", NULL);
}

/* With the view switcher at the bottom (a narrow window), a toast lies
 * over the switcher alone: at its usual height it stood half over the
 * Play button above it (style.css, .over-switcher-bar). */
static void
on_switcher_bar_reveal_cb (CassinoWindow *self)
{
  if (adw_view_switcher_bar_get_reveal (self->switcher_bar))
    gtk_widget_add_css_class (GTK_WIDGET (self->toast_overlay), "over-switcher-bar");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->toast_overlay), "over-switcher-bar");
}

void
_cassino_window_records_init (CassinoWindow *self)
{
  g_object_bind_property (self->window_title, "title-visible", self->switcher_bar, "reveal",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect_swapped (self->switcher_bar, "notify::reveal", G_CALLBACK (on_switcher_bar_reveal_cb), self);
  on_switcher_bar_reveal_cb (self);
  g_signal_connect (self->view_stack, "notify::visible-child", G_CALLBACK (on_page_changed_cb), self);
  g_signal_connect (self->controller, "move-played", G_CALLBACK (on_move_played_cb), self);
  g_signal_connect (self->controller, "record-saved", G_CALLBACK (on_record_saved_cb), self);
  update_header (self);
}

void
_cassino_window_records_open (CassinoWindow *self)
{
  g_autoptr(GError) error = NULL;
  gboolean has = FALSE;

  if (self->database)
    {
      self->records = cassino_records_new (self->database, &error);
      if (self->records == NULL)
        toast (self, error->message);
    }
  has = self->records != NULL;
  if (self->history_view)
    cassino_history_view_set_records (self->history_view, self->records);
  if (self->stats_view)
    cassino_stats_view_set_records (self->stats_view, self->records);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-all", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-stats", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.players", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.rubbers", has);
}

void
_cassino_window_records_dispose (CassinoWindow *self)
{
  if (self->history_view)
    cassino_history_view_set_records (self->history_view, NULL);
  if (self->stats_view)
    cassino_stats_view_set_records (self->stats_view, NULL);
  g_clear_object (&self->records);
}

CassinoRecords *
cassino_window_get_records (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return self->records;
}

const char *
cassino_window_get_top_page (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return adw_view_stack_get_visible_child_name (self->view_stack);
}

void
cassino_window_set_top_page (CassinoWindow *self,
                             const char    *name)
{
  g_return_if_fail (CASSINO_IS_WINDOW (self));
  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

CassinoHistoryView *
cassino_window_get_history_view (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  _cassino_window_ensure_history (self);
  return self->history_view;
}

CassinoReplayView *
cassino_window_get_replay_view (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  _cassino_window_ensure_history (self);
  return self->replay_view;
}

CassinoStatsView *
cassino_window_get_stats_view (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  _cassino_window_ensure_stats (self);
  return self->stats_view;
}
