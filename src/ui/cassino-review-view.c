/* cassino-review-view.c: a game reviewed move by move
 *
 * The review runs in a GTask thread with its own connection to the
 * database (as the statistics do): a stored review is read back, else the
 * game is reviewed (cassino_review_run()) and the result stored with its
 * puzzles.  Progress reaches the view through two atomic counters that a
 * timeout reads; Cancel cancels the task's GCancellable.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <glib/gi18n.h>

#include "cassino-a11y.h"
#include "cassino-review-view.h"
#include "cassino-ui-resources.h"
#include "cassino-move-text.h"
#include "cassino-store-record.h"
#include "cassino-store-review.h"
#include "cassino-plain-text.h"


typedef struct {
  gint done;
  gint total;
} Progress;

struct _CassinoReviewView
{
  GtkWidget          parent_instance;

  GtkStack          *stack;
  AdwStatusPage     *running_page;
  AdwStatusPage     *stopped_page;
  GtkProgressBar    *progress_bar;
  GtkLabel          *title_label;
  GtkLabel          *explain_label;
  GtkListBox        *summary_list;
  GtkListBox        *costly_list;
  GtkListBox        *moves_list;
  AdwPreferencesGroup *moves_group;

  GCancellable      *cancellable;
  Progress          *progress;       /* shared with the running task (atomic rc box) */
  guint              progress_source;

  char              *path;
  gint64             game_id;
  CassinoGame       *game;           /* of the review shown */
  CassinoGame       *last_game;      /* the game given to the last start, for Review Again */
  CassinoReview     *review;
  GPtrArray         *texts;          /* per reviewed move: what was played, in words */
  gboolean           stored;
  guint              seat;
};

G_DEFINE_FINAL_TYPE (CassinoReviewView, cassino_review_view, GTK_TYPE_WIDGET)

enum {
  SHOW_POSITION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The task */

typedef struct {
  char        *path;
  gint64       game_id;
  CassinoGame *game;       /* NULL: read from the database */
  Progress    *progress;
} Job;

typedef struct {
  CassinoGame   *game;
  CassinoReview *review;
  GPtrArray     *texts;
  gboolean       stored;
} Result;

static void
job_free (Job *job)
{
  g_free (job->path);
  g_clear_pointer (&job->game, cassino_game_unref);
  g_atomic_rc_box_release (job->progress);
  g_free (job);
}

static void
result_free (Result *result)
{
  g_clear_pointer (&result->game, cassino_game_unref);
  cassino_review_free (result->review);
  g_clear_pointer (&result->texts, g_ptr_array_unref);
  g_free (result);
}

static void
on_progress (guint    done,
             guint    total,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_atomic_int_set (&progress->total, (gint) total);
  g_atomic_int_set (&progress->done, (gint) done);
}

/* What each reviewed decision played, in words ("Anna trailed 7♥"). */
static GPtrArray *
played_texts (const CassinoGame   *game,
              const CassinoReview *review)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);
      CassinoGame *before = cassino_review_game_before (game, m->deal_index, m->play_index, NULL);
      const CassinoSeat *seat = cassino_game_get_seat (game, m->seat);

      g_ptr_array_add (texts, before ? cassino_move_text_played (cassino_game_get_position (before),
                                                                 seat ? seat->name : "", &m->played)
                                     : g_strdup (""));
      if (before)
        cassino_game_unref (before);
    }
  return texts;
}

static void
review_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GError) error = NULL;
  Result *result = g_new0 (Result, 1);
  guint seats;

  if (job->path && job->game_id > 0)
    {
      store = cassino_store_open_full (job->path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
      if (store == NULL && job->game == NULL)
        {
          result_free (result);
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      if (store == NULL)
        {
          g_warning ("The review is not kept: %s", error->message);
          g_clear_error (&error);
        }
    }
  /* the recorded game, from the database: not on the main thread */
  result->game = job->game ? cassino_game_ref (job->game) : cassino_store_load_game (store, job->game_id, &error);
  if (result->game == NULL)
    {
      result_free (result);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* every seat: an accuracy for each */
  seats = (1u << cassino_game_get_rules (result->game)->n_players) - 1;
  g_atomic_int_set (&job->progress->total, (gint) cassino_review_count_decisions (result->game, seats));

  if (store)
    {
      result->review = cassino_store_load_review (store, job->game_id, seats, CASSINO_REVIEW_LEVEL,
                                                  CASSINO_REVIEW_ITERATIONS, &error);
      if (error)
        {
          g_warning ("A stored review cannot be read; reviewing again: %s", error->message);
          g_clear_error (&error);
        }
      result->stored = result->review != NULL;
    }
  if (result->review == NULL)
    {
      result->review = cassino_review_run (result->game, seats, CASSINO_REVIEW_LEVEL, CASSINO_REVIEW_ITERATIONS,
                                           cancellable, on_progress, job->progress, &error);
      if (result->review == NULL)
        {
          result_free (result);
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      if (store && !cassino_store_save_review (store, job->game_id, result->review, &error))
        {
          g_warning ("The review is not kept: %s", error->message);
          g_clear_error (&error);
        }
    }
  result->texts = played_texts (result->game, result->review);
  g_task_return_pointer (task, result, (GDestroyNotify) result_free);
}

/* Showing it */

static char *
move_title (CassinoReviewView       *self,
            guint                    index)
{
  const CassinoReviewMove *m = &g_array_index (self->review->moves, CassinoReviewMove, index);

  /* Translators: a move in the game review: the deal, the move's number in
   * it, and what was played ("Anna trailed 7♥") */
  return g_strdup_printf (_("Deal %u, move %u: %s"), m->deal_index + 1, m->play_index + 1,
                          (const char *) g_ptr_array_index (self->texts, index));
}

static char *
move_verdict (CassinoReviewView       *self,
              const CassinoReviewMove *m)
{
  char *advice = cassino_review_move_advice (cassino_game_get_rules (self->game), m);

  if (advice)
    return advice;
  if (m->n_moves < 2)
    return g_strdup (_("The only legal move."));
  if (m->loss < 0.05)
    return g_strdup (_("The best move."));
  {
    g_autofree char *lost = g_strdup_printf ("%.1f", m->loss);

    /* Translators: a move close to the best; %s is the expected points lost, e.g. "0.2" */
    return g_strdup_printf (_("Good, within %s points of the best."), lost);
  }
}

static void
on_move_row_activated_cb (AdwActionRow      *row,
                          CassinoReviewView *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "move-index"));
  const CassinoReviewMove *m;

  if (self->review == NULL || index >= self->review->moves->len)
    return;
  m = &g_array_index (self->review->moves, CassinoReviewMove, index);
  g_signal_emit (self, signals[SHOW_POSITION], 0, m->deal_index, m->play_index, m->seat);
}

static GtkWidget *
move_row_new (CassinoReviewView *self,
              guint              index)
{
  const CassinoReviewMove *m = &g_array_index (self->review->moves, CassinoReviewMove, index);
  g_autofree char *title = move_title (self, index);
  g_autofree char *verdict = move_verdict (self, m);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *mark = gtk_label_new (cassino_review_mark_symbol (m->mark));
  GtkWidget *go = gtk_image_new_from_icon_name ("go-next-symbolic");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), verdict);
  gtk_widget_set_size_request (mark, 24, -1);
  gtk_widget_add_css_class (mark, "heading");
  if (m->mark >= CASSINO_REVIEW_MARK_MISTAKE)
    gtk_widget_add_css_class (mark, "error");
  else if (m->mark == CASSINO_REVIEW_MARK_INACCURACY)
    gtk_widget_add_css_class (mark, "warning");
  /* the mark is in the subtitle's words too */
  gtk_accessible_update_state (GTK_ACCESSIBLE (mark), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), mark);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), go);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (row, _("Show this move in the replay"));
  g_object_set_data (G_OBJECT (row), "move-index", GUINT_TO_POINTER (index));
  g_signal_connect (row, "activated", G_CALLBACK (on_move_row_activated_cb), self);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void fill_summary (CassinoReviewView *self);

static void
fill_moves (CassinoReviewView *self)
{
  guint idx[3];
  guint n;
  const CassinoSeat *seat = cassino_game_get_seat (self->game, self->seat);
  g_autofree char *title = NULL;

  clear_list (self->costly_list);
  clear_list (self->moves_list);

  n = cassino_review_get_costliest (self->review, self->seat, idx, G_N_ELEMENTS (idx));
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->costly_list, move_row_new (self, idx[i]));
  if (n == 0)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No move lost as much as 0.3 points."));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_append (self->costly_list, row);
    }

  for (guint i = 0; i < self->review->moves->len; i++)
    if (g_array_index (self->review->moves, CassinoReviewMove, i).seat == self->seat)
      gtk_list_box_append (self->moves_list, move_row_new (self, i));

  /* Translators: the heading of the game review's list of one player's moves */
  title = g_strdup_printf (_("Every Move of %s"), seat && seat->name ? seat->name : "");
  cassino_plain_group_set_title (self->moves_group, title);
}

static void
on_seat_row_activated_cb (AdwActionRow      *row,
                          CassinoReviewView *self)
{
  cassino_review_view_set_seat (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "seat")));
}

/* "1 inaccuracy, 2 mistakes, no blunders" */
static char *
marks_text (guint inacc,
            guint mistakes,
            guint blunders)
{
  /* Translators: counts in the game review's summary of a player */
  g_autofree char *a = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u inaccuracy", "%u inaccuracies", inacc), inacc);
  g_autofree char *b = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u mistake", "%u mistakes", mistakes), mistakes);
  g_autofree char *c = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u blunder", "%u blunders", blunders), blunders);

  /* Translators: the three counts above, joined */
  return g_strdup_printf (_("%s, %s, %s"), a, b, c);
}

static void
fill_summary (CassinoReviewView *self)
{
  const CassinoRules *r = cassino_game_get_rules (self->game);

  clear_list (self->summary_list);
  for (guint s = 0; s < r->n_players; s++)
    {
      const CassinoSeat *seat = cassino_game_get_seat (self->game, s);
      double accuracy = cassino_review_get_accuracy (self->review, s);
      guint inacc = cassino_review_count_marks (self->review, s, CASSINO_REVIEW_MARK_INACCURACY);
      guint mistakes = cassino_review_count_marks (self->review, s, CASSINO_REVIEW_MARK_MISTAKE);
      guint blunders = cassino_review_count_marks (self->review, s, CASSINO_REVIEW_MARK_BLUNDER);
      g_autofree char *acc = NULL;
      g_autofree char *counts = NULL;
      g_autofree char *subtitle = NULL;
      GtkWidget *row;
      GtkWidget *check;

      if (!(self->review->seats & (1u << s)))
        continue;
      if (accuracy < 0)
        acc = g_strdup (_("No choice to make"));
      else
        /* Translators: the game review's accuracy of a player, e.g. "Accuracy 87 %" */
        acc = g_strdup_printf (_("Accuracy %.0f %%"), accuracy);
      counts = marks_text (inacc, mistakes, blunders);
      subtitle = g_strdup_printf ("%s · %s", acc, counts);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), seat && seat->name ? seat->name : "");
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      check = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_widget_set_visible (check, s == self->seat);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Moves listed below"), -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "seat", GUINT_TO_POINTER (s));
      g_signal_connect (row, "activated", G_CALLBACK (on_seat_row_activated_cb), self);
      gtk_list_box_append (self->summary_list, row);
    }
}

static void
show_result (CassinoReviewView *self)
{
  const CassinoRules *r = cassino_game_get_rules (self->game);
  g_autofree char *explain = NULL;

  /* the person's seat first: the first seat a person played */
  self->seat = 0;
  for (guint s = r->n_players; s-- > 0;)
    {
      const CassinoSeat *seat = cassino_game_get_seat (self->game, s);

      if (seat && seat->kind == CASSINO_SEAT_HUMAN)
        self->seat = s;
    }

  gtk_label_set_label (self->title_label, _("Game Review"));
  /* Translators: how the game review judged; %s is the computer level ("Expert") */
  explain = g_strdup_printf (_("The %s computer player judged every move from what its player could see "
                               "then, never the hidden cards. Points lost are expected points of the "
                               "deal’s margin (your side’s points minus the other side’s) given up "
                               "against the best move: an inaccuracy from 0.3, a mistake from 0.7, "
                               "a blunder from 1.5."),
                             cassino_level_get_title (self->review->level));
  gtk_label_set_label (self->explain_label, explain);
  fill_summary (self);
  fill_moves (self);
  gtk_stack_set_visible_child_name (self->stack, "result");
}

static void
stop_progress (CassinoReviewView *self)
{
  g_clear_handle_id (&self->progress_source, g_source_remove);
  g_clear_pointer (&self->progress, g_atomic_rc_box_release);
}

static gboolean
on_progress_tick_cb (gpointer user_data)
{
  CassinoReviewView *self = user_data;
  gint done = g_atomic_int_get (&self->progress->done);
  gint total = g_atomic_int_get (&self->progress->total);
  g_autofree char *text = NULL;

  if (total > 0)
    {
      gtk_progress_bar_set_fraction (self->progress_bar, (double) done / total);
      /* Translators: the game review's progress, e.g. "Move 12 of 48" */
      text = g_strdup_printf (_("Move %d of %d"), done, total);
      gtk_progress_bar_set_text (self->progress_bar, text);
    }
  return G_SOURCE_CONTINUE;
}

static void
on_review_ready_cb (GObject      *source,
                    GAsyncResult *res,
                    gpointer      user_data)
{
  CassinoReviewView *self = CASSINO_REVIEW_VIEW (source);
  g_autoptr(GError) error = NULL;
  Result *result = g_task_propagate_pointer (G_TASK (res), &error);
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (res));

  /* an older review, replaced by a newer one: its result is not wanted */
  if (cancellable != self->cancellable)
    {
      if (result)
        result_free (result);
      return;
    }
  stop_progress (self);
  g_clear_object (&self->cancellable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.cancel", FALSE);

  if (result == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        adw_status_page_set_description (self->stopped_page, _("The review was cancelled."));
      else
        cassino_plain_status_page_set_description (self->stopped_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "stopped");
      return;
    }
  g_clear_pointer (&self->review, cassino_review_free);
  g_clear_pointer (&self->texts, g_ptr_array_unref);
  g_clear_pointer (&self->game, cassino_game_unref);
  self->game = g_steal_pointer (&result->game);
  self->review = g_steal_pointer (&result->review);
  self->texts = g_steal_pointer (&result->texts);
  self->stored = result->stored;
  result_free (result);
  show_result (self);
}

void
cassino_review_view_start (CassinoReviewView *self,
                           const char        *path,
                           gint64             game_id,
                           const CassinoGame *game)
{
  g_autoptr(GTask) task = NULL;
  Job *job;

  g_return_if_fail (CASSINO_IS_REVIEW_VIEW (self));
  g_return_if_fail (game != NULL || (path != NULL && game_id > 0));

  cassino_review_view_cancel (self);
  stop_progress (self);
  job = g_new0 (Job, 1);
  /* (copied before the view's own copy goes: @game may be it) */
  job->game = game ? cassino_game_copy (game) : NULL;
  if (game != self->last_game)
    {
      g_clear_pointer (&self->last_game, cassino_game_unref);
      self->last_game = job->game ? cassino_game_ref (job->game) : NULL;
    }
  g_clear_pointer (&self->game, cassino_game_unref);
  g_clear_pointer (&self->review, cassino_review_free);
  if (path != self->path)
    {
      g_free (self->path);
      self->path = g_strdup (path);
    }
  self->game_id = game_id;

  self->cancellable = g_cancellable_new ();
  self->progress = g_atomic_rc_box_new0 (Progress);
  job->path = g_strdup (path);
  job->game_id = game_id;
  job->progress = g_atomic_rc_box_acquire (self->progress);

  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  on_progress_tick_cb (self);
  self->progress_source = g_timeout_add (100, on_progress_tick_cb, self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.cancel", TRUE);
  gtk_stack_set_visible_child_name (self->stack, "running");

  task = g_task_new (self, self->cancellable, on_review_ready_cb, NULL);
  g_task_set_source_tag (task, cassino_review_view_start);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, review_thread);
}

void
cassino_review_view_cancel (CassinoReviewView *self)
{
  g_return_if_fail (CASSINO_IS_REVIEW_VIEW (self));

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

const char *
cassino_review_view_get_state (CassinoReviewView *self)
{
  g_return_val_if_fail (CASSINO_IS_REVIEW_VIEW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

const CassinoReview *
cassino_review_view_get_review (CassinoReviewView *self,
                                gboolean          *out_stored)
{
  g_return_val_if_fail (CASSINO_IS_REVIEW_VIEW (self), NULL);

  if (out_stored)
    *out_stored = self->stored;
  return self->review;
}

gint64
cassino_review_view_get_game_id (CassinoReviewView *self)
{
  g_return_val_if_fail (CASSINO_IS_REVIEW_VIEW (self), 0);
  return self->game_id;
}

guint
cassino_review_view_get_seat (CassinoReviewView *self)
{
  g_return_val_if_fail (CASSINO_IS_REVIEW_VIEW (self), 0);
  return self->seat;
}

void
cassino_review_view_set_seat (CassinoReviewView *self,
                              guint              seat)
{
  g_return_if_fail (CASSINO_IS_REVIEW_VIEW (self));

  if (self->review == NULL || !(self->review->seats & (1u << seat)) || seat == self->seat)
    return;
  self->seat = seat;
  fill_summary (self);
  fill_moves (self);
}

GtkListBox *
cassino_review_view_get_summary_list (CassinoReviewView *self)
{
  return self->summary_list;
}

GtkListBox *
cassino_review_view_get_costly_list (CassinoReviewView *self)
{
  return self->costly_list;
}

GtkListBox *
cassino_review_view_get_moves_list (CassinoReviewView *self)
{
  return self->moves_list;
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  cassino_review_view_cancel (CASSINO_REVIEW_VIEW (widget));
}

static void
restart_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CassinoReviewView *self = CASSINO_REVIEW_VIEW (widget);

  if (self->path && self->game_id > 0)
    cassino_review_view_start (self, self->path, self->game_id, NULL);
  else if (self->last_game)
    cassino_review_view_start (self, self->path, self->game_id, self->last_game);
}

static void
cassino_review_view_dispose (GObject *object)
{
  CassinoReviewView *self = CASSINO_REVIEW_VIEW (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  stop_progress (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_REVIEW_VIEW);
  G_OBJECT_CLASS (cassino_review_view_parent_class)->dispose (object);
}

static void
cassino_review_view_finalize (GObject *object)
{
  CassinoReviewView *self = CASSINO_REVIEW_VIEW (object);

  g_clear_pointer (&self->game, cassino_game_unref);
  g_clear_pointer (&self->last_game, cassino_game_unref);
  g_clear_pointer (&self->review, cassino_review_free);
  g_clear_pointer (&self->texts, g_ptr_array_unref);
  g_free (self->path);
  G_OBJECT_CLASS (cassino_review_view_parent_class)->finalize (object);
}

static void
cassino_review_view_class_init (CassinoReviewViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_review_view_dispose;
  object_class->finalize = cassino_review_view_finalize;

  /**
   * CassinoReviewView::show-position:
   * @deal_index: 0-based
   * @play_index: 0-based, the position before that play
   * @seat: whose move it was
   *
   * Show the replay at a reviewed move.
   */
  signals[SHOW_POSITION] =
    g_signal_new ("show-position", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_UINT);

  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-review-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, running_page);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, stopped_page);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, title_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, explain_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, summary_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, costly_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, moves_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoReviewView, moves_group);
  gtk_widget_class_install_action (widget_class, "review.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "review.restart", NULL, restart_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "review.cancel", NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cassino_review_view_init (CassinoReviewView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* buttons with a mnemonic named without it ("Open _History Open History") */
  cassino_a11y_name_controls (GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.cancel", FALSE);
}

char *
cassino_review_view_dup_move_note (CassinoReviewView *self,
                                   guint              deal_index,
                                   guint              play_index)
{
  g_return_val_if_fail (CASSINO_IS_REVIEW_VIEW (self), NULL);

  for (guint i = 0; self->review && i < self->review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (self->review->moves, CassinoReviewMove, i);

      if (m->deal_index == deal_index && m->play_index == play_index)
        {
          g_autofree char *verdict = move_verdict (self, m);

          /* Translators: under a replay opened from the game review, at
           * the position of a move: the move made next and the review's
           * verdict on it, e.g. "Next, Tess trailed 3♣. The game review:
           * Mistake, about 0.9 points lost. Better: Take 7♦ with 7♣: 2 cards." */
          return g_strdup_printf (_("Next, %s. The game review: %s"),
                                  (const char *) g_ptr_array_index (self->texts, i), verdict);
        }
    }
  return NULL;
}
