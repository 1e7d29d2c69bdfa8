/* cassino-coach.c: told after each of your moves when a clearly better one existed
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <glib/gi18n.h>

#include "cassino-coach.h"

struct _CassinoCoach
{
  GObject                parent_instance;

  CassinoGameController *controller;   /* weak: the window owns both */
  GCancellable          *cancellable;  /* cancelled when the coach is turned off or goes */
  gboolean               enabled;
  guint                  pending;
  gboolean               has_verdict;
  CassinoReviewMove      verdict;
};

G_DEFINE_FINAL_TYPE (CassinoCoach, cassino_coach, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ENABLED,
  N_PROPS
};

enum {
  ADVICE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

typedef struct {
  CassinoGame       *game;       /* a copy, with the move played */
  guint              deal_index;
  guint              play_index;
  CassinoMove        move;
  const CassinoGame *live;       /* the controller's game then, only compared */
  CassinoReviewMove  verdict;
} CoachJob;

static void
coach_job_free (CoachJob *job)
{
  cassino_game_unref (job->game);
  g_free (job);
}

static void
coach_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CoachJob *job = task_data;
  g_autoptr(GError) error = NULL;
  CassinoGame *before = cassino_review_game_before (job->game, job->deal_index, job->play_index, &error);
  gboolean ok;

  if (before == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  ok = cassino_review_judge (before, &job->move, CASSINO_REVIEW_LEVEL, 0, cancellable, &job->verdict);
  cassino_game_unref (before);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "not judged");
}

static void
on_judged_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  CassinoCoach *self = CASSINO_COACH (source);
  CoachJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *advice = NULL;

  self->pending--;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The coach could not judge a move: %s", error->message);
      return;
    }
  self->verdict = job->verdict;
  self->has_verdict = TRUE;
  /* a new game since: the advice is about a game no longer on the table */
  if (!self->enabled || self->controller == NULL ||
      !cassino_game_controller_has_game (self->controller) ||
      cassino_game_controller_get_game (self->controller) != job->live)
    return;
  if (job->verdict.mark < CASSINO_REVIEW_MARK_MISTAKE)
    return;
  advice = cassino_review_move_advice (cassino_game_get_rules (job->game), &job->verdict);
  g_signal_emit (self, signals[ADVICE], 0, advice);
}

static void
on_move_played_cb (CassinoGameController *controller,
                   guint                  seat,
                   gpointer               move,
                   gpointer               before,
                   CassinoCoach          *self)
{
  const CassinoGame *game;
  const CassinoDeal *deal;
  g_autoptr(GTask) task = NULL;
  CoachJob *job;

  if (!self->enabled || !cassino_game_controller_seat_is_human (controller, seat))
    return;
  game = cassino_game_controller_get_game (controller);
  /* passed between people, the advice would show one player's cards to
   * the next: the coach stays quiet */
  for (guint s = 0, people = 0; game && s < cassino_game_get_rules (game)->n_players; s++)
    if (cassino_game_controller_seat_is_human (controller, s) && ++people > 1)
      return;
  deal = game ? cassino_game_get_current_deal (game) : NULL;
  /* the move is the last play of the current deal */
  if (deal == NULL || deal->plays->len == 0 ||
      g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1).seat != seat ||
      !cassino_move_equal (&g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1).move, move))
    return;

  job = g_new0 (CoachJob, 1);
  job->game = cassino_game_copy (game);
  job->deal_index = deal->number - 1;
  job->play_index = deal->plays->len - 1;
  job->move = *(const CassinoMove *) move;
  job->live = game;
  if (self->cancellable == NULL)
    self->cancellable = g_cancellable_new ();
  self->pending++;
  task = g_task_new (self, self->cancellable, on_judged_cb, NULL);
  g_task_set_source_tag (task, on_move_played_cb);
  g_task_set_task_data (task, job, (GDestroyNotify) coach_job_free);
  g_task_run_in_thread (task, coach_thread);
}

CassinoCoach *
cassino_coach_new (CassinoGameController *controller)
{
  CassinoCoach *self = g_object_new (CASSINO_TYPE_COACH, NULL);

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (controller), NULL);

  self->controller = controller;
  g_object_add_weak_pointer (G_OBJECT (controller), (gpointer *) &self->controller);
  g_signal_connect_object (controller, "move-played", G_CALLBACK (on_move_played_cb), self, 0);
  return self;
}

gboolean
cassino_coach_get_enabled (CassinoCoach *self)
{
  g_return_val_if_fail (CASSINO_IS_COACH (self), FALSE);
  return self->enabled;
}

void
cassino_coach_set_enabled (CassinoCoach *self,
                           gboolean      enabled)
{
  g_return_if_fail (CASSINO_IS_COACH (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  if (!enabled && self->cancellable)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

guint
cassino_coach_get_pending (CassinoCoach *self)
{
  g_return_val_if_fail (CASSINO_IS_COACH (self), 0);
  return self->pending;
}

gboolean
cassino_coach_get_last_verdict (CassinoCoach      *self,
                                CassinoReviewMove *out)
{
  g_return_val_if_fail (CASSINO_IS_COACH (self), FALSE);

  if (self->has_verdict && out)
    *out = self->verdict;
  return self->has_verdict;
}

static void
cassino_coach_dispose (GObject *object)
{
  CassinoCoach *self = CASSINO_COACH (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->controller)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->controller), (gpointer *) &self->controller);
      self->controller = NULL;
    }
  G_OBJECT_CLASS (cassino_coach_parent_class)->dispose (object);
}

static void
cassino_coach_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  CassinoCoach *self = CASSINO_COACH (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_coach_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  CassinoCoach *self = CASSINO_COACH (object);

  switch (prop_id)
    {
    case PROP_ENABLED:
      cassino_coach_set_enabled (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_coach_class_init (CassinoCoachClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cassino_coach_dispose;
  object_class->get_property = cassino_coach_get_property;
  object_class->set_property = cassino_coach_set_property;

  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CassinoCoach::advice:
   * @text: the verdict in words
   *
   * A person's move was at least a mistake.
   */
  signals[ADVICE] =
    g_signal_new ("advice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
cassino_coach_init (CassinoCoach *self)
{
}
