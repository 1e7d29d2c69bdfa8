/* cassino-puzzles-window.c: find the best play, in positions from your own games
 *
 * The puzzles are the decisions of a person where the game review found
 * one play clearly best (cassino_store_save_review()).  Each is shown as
 * the player saw it (cassino_review_game_before(): the recorded game
 * replayed to just before the play), with every legal play to choose
 * from; the answer is the review's, explained, and each try is stored.
 * The database is read and written in GTask threads, each with its own
 * connection, as the statistics are.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <glib/gi18n.h>

#include "cassino-a11y.h"
#include "cassino-puzzles-window.h"
#include "cassino-card-art.h"
#include "cassino-move-text.h"
#include "cassino-store-record.h"
#include "cassino-store-review.h"
#include "cassino-ui-resources.h"

struct _CassinoPuzzlesWindow
{
  AdwWindow           parent_instance;

  GtkStack           *stack;
  GtkLabel           *source_label;
  GtkListBox         *position_list;
  GtkListBox         *choices_list;
  GtkWidget          *answer_box;
  GtkScrolledWindow  *scroller;
  GtkLabel           *verdict_label;
  GtkLabel           *answer_label;
  GtkLabel           *tally_label;

  char               *path;
  GCancellable       *cancellable;
  guint               index;        /* into the list, wrapping */
  guint               n_puzzles;
  guint               n_solved;     /* puzzles solved at least once */
  CassinoStorePuzzle  puzzle;
  CassinoGame        *before;       /* the position of the puzzle */
  GArray             *moves;        /* CassinoMove, as the choices list */
  gboolean            answered;
  gboolean            focus_choices;    /* the next puzzle shown takes the focus */
  gboolean            last_solved;
};

G_DEFINE_FINAL_TYPE (CassinoPuzzlesWindow, cassino_puzzles_window, ADW_TYPE_WINDOW)

/* Loading one puzzle */

typedef struct {
  char               *path;
  guint               index;
  guint               n_puzzles;
  guint               n_solved;
  CassinoStorePuzzle  puzzle;
  CassinoGame        *before;
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_free (job->path);
  g_clear_pointer (&job->before, cassino_game_unref);
  g_free (job);
}

static void
load_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadJob *job = task_data;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GArray) puzzles = NULL;
  g_autoptr(GError) error = NULL;

  store = cassino_store_open_full (job->path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  if (store)
    puzzles = cassino_store_list_puzzles (store, &error);
  if (puzzles == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  job->n_puzzles = puzzles->len;
  for (guint i = 0; i < puzzles->len; i++)
    if (g_array_index (puzzles, CassinoStorePuzzle, i).solved > 0)
      job->n_solved++;
  /* a puzzle whose game no longer replays is passed over */
  for (guint tries = 0; tries < puzzles->len && job->before == NULL; tries++)
    {
      CassinoGame *game;

      job->index %= puzzles->len;
      job->puzzle = g_array_index (puzzles, CassinoStorePuzzle, job->index);
      game = cassino_store_load_game (store, job->puzzle.game_id, &error);
      if (game)
        {
          job->before = cassino_review_game_before (game, job->puzzle.decision.deal_index,
                                                    job->puzzle.decision.play_index, &error);
          cassino_game_unref (game);
        }
      if (job->before == NULL)
        {
          g_warning ("Puzzle %" G_GINT64_FORMAT " is left out: %s", job->puzzle.id, error->message);
          g_clear_error (&error);
          job->index++;
        }
    }
  g_task_return_boolean (task, TRUE);
}

static void
add_info_row (GtkListBox *list,
              const char *title,
              const char *text)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *name = g_strdup_printf ("%s: %s", title, text);

  /* the cards are what matters: they are the row's title, what they are
   * the subtitle; a screen reader reads "Your hand: 3♠ 6♥" */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  /* that name alone: GTK 4.8 adds the row's title label after it (its
   * labelled-by), and the cards were read twice ("Your hand: 3♠ 6♥ 3♠ 6♥") */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_append (list, row);
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static void
update_tally (CassinoPuzzlesWindow *self)
{
  g_autofree char *overall = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *text = NULL;

  /* Translators: the puzzles page: how many puzzles there are and how many were solved */
  overall = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u puzzle, %u solved", "%u puzzles, %u solved",
                                          self->n_puzzles),
                             self->n_puzzles, self->n_solved);
  /* Translators: this puzzle's tries, e.g. "This one: found 1, missed 2" */
  mine = g_strdup_printf (_("This one: found %u, missed %u"), self->puzzle.solved, self->puzzle.failed);
  text = g_strdup_printf ("%s · %s", overall, mine);
  gtk_label_set_label (self->tally_label, text);
}

static void on_choice_activated_cb (AdwActionRow *row, CassinoPuzzlesWindow *self);

static void
show_puzzle (CassinoPuzzlesWindow *self)
{
  const CassinoPosition *pos = cassino_game_get_position (self->before);
  const CassinoRules *r = cassino_game_get_rules (self->before);
  const CassinoDeal *deal = cassino_game_get_current_deal (self->before);
  guint seat = self->puzzle.decision.seat;
  const CassinoSeat *who = cassino_game_get_seat (self->before, seat);
  g_autofree char *source = NULL;
  g_autofree char *hand = cassino_cards_short_names (pos->hands[seat], " ");
  GString *table = g_string_new (NULL);
  GString *scores = g_string_new (NULL);
  g_autofree char *stock = NULL;
  CassinoMoveList list;

  self->answered = FALSE;
  gtk_widget_set_visible (self->answer_box, FALSE);

  /* Translators: where a puzzle comes from: the player, the deal and the move */
  source = g_strdup_printf (_("From a game of yours: %s to play, deal %u, move %u."),
                            who && who->name ? who->name : "", deal ? deal->number : 1,
                            self->puzzle.decision.play_index + 1);
  gtk_label_set_label (self->source_label, source);

  clear_list (self->position_list);
  add_info_row (self->position_list, _("Your hand"), hand);
  if (pos->loose)
    {
      g_autofree char *loose = cassino_cards_short_names (pos->loose, " ");

      g_string_append (table, loose);
    }
  for (guint b = 0; b < pos->n_builds; b++)
    {
      g_autofree char *cards = cassino_cards_short_names (pos->builds[b].cards, " ");
      const CassinoSeat *owner = cassino_game_get_seat (self->before, (guint) pos->builds[b].owner);

      if (table->len)
        g_string_append (table, ", ");
      /* Translators: a build on the table in a puzzle: its value, cards and owner, e.g. "the 8-build (3♣ 5♥) of Anna" */
      g_string_append_printf (table, _("the %u-build (%s) of %s"), pos->builds[b].value, cards,
                              owner && owner->name ? owner->name : "");
    }
  if (table->len == 0)
    /* Translators: nothing on the table */
    g_string_append (table, _("empty"));
  add_info_row (self->position_list, _("Table"), table->str);
  g_string_free (table, TRUE);

  /* Translators: cards still to be dealt, in a puzzle */
  stock = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", cassino_position_stock_count (pos)),
                           cassino_position_stock_count (pos));
  add_info_row (self->position_list, _("Stock"), stock);
  for (guint s = 0; s < r->n_sides; s++)
    g_string_append_printf (scores, "%s%u", s ? " – " : "", cassino_game_get_score (self->before, s));
  add_info_row (self->position_list, _("Game score"), scores->str);
  g_string_free (scores, TRUE);

  clear_list (self->choices_list);
  g_array_set_size (self->moves, 0);
  cassino_move_list_init (&list);
  cassino_game_legal_moves (self->before, &list);
  for (guint i = 0; i < list.len; i++)
    {
      g_autofree char *text = cassino_move_text_describe (pos, &list.moves[i]);
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "move-index", GUINT_TO_POINTER (i));
      g_signal_connect (row, "activated", G_CALLBACK (on_choice_activated_cb), self);
      gtk_list_box_append (self->choices_list, row);
      g_array_append_val (self->moves, list.moves[i]);
    }
  cassino_move_list_clear (&list);
  update_tally (self);
  gtk_stack_set_visible_child_name (self->stack, "puzzle");
  /* after Next Puzzle (which the answer takes away): the new puzzle from
   * its top, the focus on its first play */
  if (self->focus_choices)
    {
      GtkWidget *first = gtk_widget_get_first_child (GTK_WIDGET (self->choices_list));

      self->focus_choices = FALSE;
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
      if (first)
        gtk_widget_grab_focus (first);
    }
}

static void
on_loaded_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  CassinoPuzzlesWindow *self = CASSINO_PUZZLES_WINDOW (source);
  LoadJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_warning ("Puzzles cannot be read: %s", error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  self->n_puzzles = job->n_puzzles;
  self->n_solved = job->n_solved;
  if (job->before == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  self->index = job->index;
  self->puzzle = job->puzzle;
  g_clear_pointer (&self->before, cassino_game_unref);
  self->before = g_steal_pointer (&job->before);
  show_puzzle (self);
}

static void
load (CassinoPuzzlesWindow *self,
      guint                 index)
{
  g_autoptr(GTask) task = NULL;
  LoadJob *job = g_new0 (LoadJob, 1);

  job->path = g_strdup (self->path);
  job->index = index;
  task = g_task_new (self, self->cancellable, on_loaded_cb, NULL);
  g_task_set_source_tag (task, load);
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, load_thread);
}

/* Answering */

typedef struct {
  char     *path;
  gint64    puzzle_id;
  gboolean  solved;
} TryJob;

static void
try_job_free (TryJob *job)
{
  g_free (job->path);
  g_free (job);
}

static void
try_thread (GTask        *task,
            gpointer      source,
            gpointer      task_data,
            GCancellable *cancellable)
{
  TryJob *job = task_data;
  g_autoptr(CassinoStore) store = NULL;
  g_autoptr(GError) error = NULL;

  store = cassino_store_open_full (job->path, CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  if (store == NULL || !cassino_store_record_puzzle_try (store, job->puzzle_id, job->solved, &error))
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, TRUE);
}

static void
on_try_recorded_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("The try is not kept: %s", error->message);
}

static void
mark_row (GtkWidget  *row,
          const char *icon,
          const char *label,
          const char *css)
{
  GtkWidget *image = gtk_image_new_from_icon_name (icon);

  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_add_css_class (image, css);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), image);
}

static gboolean
focus_next_cb (gpointer user_data)
{
  CassinoPuzzlesWindow *self = user_data;

  if (self->answered)
    gtk_widget_grab_focus (gtk_widget_get_last_child (self->answer_box));
  return G_SOURCE_REMOVE;
}

static void
answer (CassinoPuzzlesWindow *self,
        guint                 index)
{
  const CassinoReviewMove *d = &self->puzzle.decision;
  const CassinoRules *r = cassino_game_get_rules (self->before);
  const CassinoMove *chosen = &g_array_index (self->moves, CassinoMove, index);
  gboolean solved = cassino_move_equal (chosen, &d->best.move);
  g_autofree char *reason = cassino_ai_reason_to_string (r, &d->best);
  g_autofree char *gap = g_strdup_printf ("%.1f", d->gap);
  GString *text = g_string_new (NULL);
  g_autoptr(GTask) task = NULL;
  TryJob *job;
  guint i = 0;

  if (self->answered)
    return;
  self->answered = TRUE;
  self->last_solved = solved;

  /* mark the choice and the answer */
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->choices_list)); row;
       row = gtk_widget_get_next_sibling (row), i++)
    {
      const CassinoMove *m = &g_array_index (self->moves, CassinoMove, i);

      if (cassino_move_equal (m, &d->best.move))
        mark_row (row, "object-select-symbolic", _("The best play"), "success");
      else if (i == index)
        mark_row (row, "window-close-symbolic", _("Your choice"), "error");
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
    }

  gtk_label_set_label (self->verdict_label, solved ? _("Solved!") : _("Not this one"));
  /* Translators: the answer of a puzzle: the best play with its reason, and how far behind every other play is */
  g_string_append_printf (text, _("The best play: %s Every other play gives up at least %s points."), reason, gap);
  if (!cassino_move_equal (&d->played, &d->best.move))
    {
      g_autofree char *played = cassino_move_text_describe (cassino_game_get_position (self->before), &d->played);
      g_autofree char *lost = g_strdup_printf ("%.1f", d->loss);

      g_string_append_c (text, '\n');
      /* Translators: what was played in the game a puzzle comes from, e.g. "In the game: Trail 7♥, about 1.2 points lost." */
      g_string_append_printf (text, _("In the game: %s, about %s points lost."), played, lost);
    }
  gtk_label_set_label (self->answer_label, text->str);
  g_string_free (text, TRUE);
  gtk_widget_set_visible (self->answer_box, TRUE);

  if (solved)
    {
      if (self->puzzle.solved == 0)
        self->n_solved++;
      self->puzzle.solved++;
    }
  else
    self->puzzle.failed++;
  update_tally (self);
  /* once the answer has its place: Next Puzzle takes the focus, and the
   * answer scrolls into view */
  g_idle_add_full (G_PRIORITY_LOW, focus_next_cb, g_object_ref (self), g_object_unref);

  job = g_new0 (TryJob, 1);
  job->path = g_strdup (self->path);
  job->puzzle_id = self->puzzle.id;
  job->solved = solved;
  task = g_task_new (self, self->cancellable, on_try_recorded_cb, NULL);
  g_task_set_source_tag (task, answer);
  g_task_set_task_data (task, job, (GDestroyNotify) try_job_free);
  g_task_run_in_thread (task, try_thread);
}

static void
on_choice_activated_cb (AdwActionRow         *row,
                        CassinoPuzzlesWindow *self)
{
  answer (self, GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "move-index")));
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoPuzzlesWindow *self = CASSINO_PUZZLES_WINDOW (widget);

  self->focus_choices = TRUE;
  load (self, self->index + 1);
}

/* No puzzles yet: to the History of the window it came from, where a
 * game is reviewed; this window has done its part. */
static void
open_history_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));

  if (parent)
    gtk_widget_activate_action (GTK_WIDGET (parent), "win.show-history", NULL);
  gtk_window_close (GTK_WINDOW (widget));
}

CassinoPuzzlesWindow *
cassino_puzzles_window_new (GtkWindow  *parent,
                            const char *path)
{
  CassinoPuzzlesWindow *self = g_object_new (CASSINO_TYPE_PUZZLES_WINDOW, "transient-for", parent, NULL);

  self->path = g_strdup (path);
  load (self, 0);
  return self;
}

const char *
cassino_puzzles_window_get_state (CassinoPuzzlesWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_PUZZLES_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

GtkListBox *
cassino_puzzles_window_get_choices (CassinoPuzzlesWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_PUZZLES_WINDOW (self), NULL);
  return self->choices_list;
}

gboolean
cassino_puzzles_window_get_answer (CassinoPuzzlesWindow *self,
                                   CassinoMove          *out_best,
                                   gboolean             *out_solved)
{
  g_return_val_if_fail (CASSINO_IS_PUZZLES_WINDOW (self), FALSE);

  if (self->before == NULL)
    return FALSE;
  if (out_best)
    *out_best = self->puzzle.decision.best.move;
  if (out_solved)
    *out_solved = self->last_solved;
  return self->answered;
}

const char *
cassino_puzzles_window_get_verdict (CassinoPuzzlesWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_PUZZLES_WINDOW (self), NULL);
  return self->answered ? gtk_label_get_label (self->verdict_label) : NULL;
}

GArray *
cassino_puzzles_window_get_moves (CassinoPuzzlesWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_PUZZLES_WINDOW (self), NULL);
  return self->moves;
}

static void
cassino_puzzles_window_dispose (GObject *object)
{
  CassinoPuzzlesWindow *self = CASSINO_PUZZLES_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_PUZZLES_WINDOW);
  G_OBJECT_CLASS (cassino_puzzles_window_parent_class)->dispose (object);
}

static void
cassino_puzzles_window_finalize (GObject *object)
{
  CassinoPuzzlesWindow *self = CASSINO_PUZZLES_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->before, cassino_game_unref);
  g_clear_pointer (&self->moves, g_array_unref);
  g_free (self->path);
  G_OBJECT_CLASS (cassino_puzzles_window_parent_class)->finalize (object);
}

static void
cassino_puzzles_window_class_init (CassinoPuzzlesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_puzzles_window_dispose;
  object_class->finalize = cassino_puzzles_window_finalize;

  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-puzzles-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, source_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, position_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, choices_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, answer_box);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, scroller);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, answer_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoPuzzlesWindow, tally_label);
  gtk_widget_class_install_action (widget_class, "puzzles.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "puzzles.open-history", NULL, open_history_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cassino_puzzles_window_init (CassinoPuzzlesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* buttons with a mnemonic named without it ("Open _History Open History") */
  cassino_a11y_name_controls (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->moves = g_array_new (FALSE, FALSE, sizeof (CassinoMove));
}
