/* cassino-replay-step.c: one row of a replay's move list
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-replay-step.h"

struct _CassinoReplayStep
{
  GObject               parent_instance;

  CassinoReplayRowKind  kind;
  guint                 step;
  guint                 deal_number;
  char                 *text;
  char                 *detail;
};

G_DEFINE_FINAL_TYPE (CassinoReplayStep, cassino_replay_step, G_TYPE_OBJECT)

static void
cassino_replay_step_finalize (GObject *object)
{
  CassinoReplayStep *self = CASSINO_REPLAY_STEP (object);

  g_free (self->text);
  g_free (self->detail);

  G_OBJECT_CLASS (cassino_replay_step_parent_class)->finalize (object);
}

static void
cassino_replay_step_class_init (CassinoReplayStepClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cassino_replay_step_finalize;
}

static void
cassino_replay_step_init (CassinoReplayStep *self)
{
}

CassinoReplayStep *
cassino_replay_step_new (CassinoReplayRowKind  kind,
                         guint                 step,
                         guint                 deal_number,
                         char                 *text,
                         char                 *detail)
{
  CassinoReplayStep *self = g_object_new (CASSINO_TYPE_REPLAY_STEP, NULL);

  self->kind = kind;
  self->step = step;
  self->deal_number = deal_number;
  self->text = text;
  self->detail = detail;
  return self;
}

CassinoReplayRowKind
cassino_replay_step_get_kind (CassinoReplayStep *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_STEP (self), CASSINO_REPLAY_ROW_MOVE);
  return self->kind;
}

guint
cassino_replay_step_get_step (CassinoReplayStep *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_STEP (self), 0);
  return self->step;
}

guint
cassino_replay_step_get_deal_number (CassinoReplayStep *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_STEP (self), 0);
  return self->deal_number;
}

const char *
cassino_replay_step_get_text (CassinoReplayStep *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_STEP (self), NULL);
  return self->text;
}

const char *
cassino_replay_step_get_detail (CassinoReplayStep *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_STEP (self), NULL);
  return self->detail;
}
