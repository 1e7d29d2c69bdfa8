/* cassino-window-review.c: the window's game review and coach
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-window-private.h"
#include "cassino-puzzles-window.h"

#include <glib/gi18n.h>

static void
on_show_position_cb (CassinoReviewView *view,
                     guint              deal_index,
                     guint              play_index,
                     guint              seat,
                     CassinoWindow     *self)
{
  CassinoReplayAt at = { TRUE, (int) seat, (int) deal_index, (int) play_index };
  gint64 game_id = cassino_review_view_get_game_id (view);
  g_autoptr(CassinoReplay) replay = NULL;

  /* the review's verdict goes with the replay: it said nothing of what
   * was better */
  g_free (self->replay_note);
  self->replay_note = cassino_review_view_dup_move_note (view, deal_index, play_index);
  /* a recorded game: read on the database thread */
  if (game_id > 0 && self->records)
    {
      _cassino_window_load_replay (self, game_id, &at);
      return;
    }
  if (!cassino_game_controller_has_game (self->controller))
    {
      _cassino_window_toast (self, _("The game cannot be replayed."));
      return;
    }
  {
    CassinoGame *copy = cassino_game_copy (cassino_game_controller_get_game (self->controller));

    replay = cassino_replay_new (copy, NULL);
    cassino_game_unref (copy);
  }
  _cassino_window_show_replay (self, replay, -1);
  /* what the reviewed player saw then */
  cassino_replay_view_set_seat_view (self->replay_view, (int) seat);
  cassino_replay_view_go_to_move (self->replay_view, deal_index, play_index);
  cassino_replay_view_set_note (self->replay_view, self->replay_note);
  self->replay_from_review = TRUE;
}

void
_cassino_window_show_review (CassinoWindow     *self,
                             gint64             game_id,
                             const CassinoGame *game)
{
  _cassino_window_ensure_history (self);
  if (self->review_view == NULL)
    {
      self->review_view = g_object_new (CASSINO_TYPE_REVIEW_VIEW, NULL);
      gtk_stack_add_named (self->history_stack, GTK_WIDGET (self->review_view), "review");
      g_signal_connect (self->review_view, "show-position", G_CALLBACK (on_show_position_cb), self);
    }
  cassino_review_view_start (self->review_view, self->records ? cassino_records_get_path (self->records) : NULL,
                             game_id, game);
  self->replay_from_review = FALSE;
  adw_view_stack_set_visible_child_name (self->view_stack, "history");
  gtk_stack_set_visible_child_name (self->history_stack, "review");
  gtk_widget_grab_focus (GTK_WIDGET (self->review_view));
}

/* After a game: the score sheet's Review */
static void
review_game_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  if (!cassino_game_controller_has_game (self->controller))
    return;
  _cassino_window_show_review (self, cassino_game_controller_get_game_id (self->controller),
                               cassino_game_controller_get_game (self->controller));
}

static void
on_advice_cb (CassinoCoach  *coach,
              const char    *text,
              CassinoWindow *self)
{
  g_autofree char *line = NULL;

  /* Translators: the coach's word after a move, e.g. "Coach: Mistake, about 0.9 points lost. Better: …" */
  line = g_strdup_printf (_("Coach: %s"), text);
  /* under the table, above the action bar: it never blocks play and
   * stays until the next move of a person or Dismiss */
  gtk_label_set_label (self->coach_label, line);
  gtk_revealer_set_reveal_child (self->coach_revealer, TRUE);
}

static void
on_move_played_cb (CassinoGameController *controller,
                   guint                  seat,
                   gpointer               move,
                   gpointer               before,
                   CassinoWindow         *self)
{
  /* the advice was about the move before */
  if (cassino_game_controller_seat_is_human (controller, seat))
    gtk_revealer_set_reveal_child (self->coach_revealer, FALSE);
}

static void
dismiss_coach_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  gtk_revealer_set_reveal_child (self->coach_revealer, FALSE);
}

const char *
cassino_window_get_coach_text (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);

  if (!gtk_revealer_get_reveal_child (self->coach_revealer))
    return NULL;
  return gtk_label_get_label (self->coach_label);
}

static void
puzzles_activated (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);
  CassinoPuzzlesWindow *puzzles;

  if (self->records == NULL)
    {
      _cassino_window_toast (self, _("No games are recorded."));
      return;
    }
  puzzles = cassino_puzzles_window_new (GTK_WINDOW (self), cassino_records_get_path (self->records));
  gtk_window_present (GTK_WINDOW (puzzles));
}

void
_cassino_window_review_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.review-game", NULL, review_game_activated);
  gtk_widget_class_install_action (widget_class, "win.puzzles", NULL, puzzles_activated);
  gtk_widget_class_install_action (widget_class, "win.dismiss-coach", NULL, dismiss_coach_activated);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, coach_revealer);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, coach_label);
}

void
_cassino_window_review_init (CassinoWindow *self)
{
  self->coach = cassino_coach_new (self->controller);
  g_settings_bind (self->settings, "coach", self->coach, "enabled", G_SETTINGS_BIND_GET);
  g_signal_connect (self->coach, "advice", G_CALLBACK (on_advice_cb), self);
  g_signal_connect (self->controller, "move-played", G_CALLBACK (on_move_played_cb), self);
}

void
_cassino_window_review_dispose (CassinoWindow *self)
{
  if (self->review_view)
    cassino_review_view_cancel (self->review_view);
  g_clear_object (&self->coach);
}

CassinoReviewView *
cassino_window_get_review_view (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return self->review_view;
}

CassinoCoach *
cassino_window_get_coach (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return self->coach;
}
