/* cassino-ai.c: the levels, and choosing a move (sync, async, hint)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-ai"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-ai-private.h"

static const struct {
  const char *id;
  const char *title;
  const char *summary;
} levels[CASSINO_N_LEVELS] = {
  /* Translators: a computer player's level */
  [CASSINO_LEVEL_BEGINNER] = { "beginner", NC_("level", "Beginner"),
                               N_("Knows the rules, misses things") },
  /* Translators: a computer player's level */
  [CASSINO_LEVEL_EASY]     = { "easy", NC_("level", "Easy"),
                               N_("Takes whatever is worth most right now") },
  /* Translators: a computer player's level */
  [CASSINO_LEVEL_MEDIUM]   = { "medium", NC_("level", "Medium"),
                               N_("Counts cards, guards the Cassinos, avoids leaving sweeps") },
  /* Translators: a computer player's level */
  [CASSINO_LEVEL_HARD]     = { "hard", NC_("level", "Hard"),
                               N_("Thinks through the hands you might hold") },
  /* Translators: a computer player's level */
  [CASSINO_LEVEL_EXPERT]   = { "expert", NC_("level", "Expert"),
                               N_("Searches deeper and plays the last hand perfectly") },
  /* Translators: a computer player's level, the strongest */
  [CASSINO_LEVEL_MASTER]   = { "master", NC_("level", "Master"),
                               N_("Takes its time: weighs thousands of possible hands and solves the end exactly") },
};

const char *
cassino_level_to_string (CassinoLevel level)
{
  g_return_val_if_fail (level < CASSINO_N_LEVELS, NULL);
  return levels[level].id;
}

gboolean
cassino_level_from_string (const char   *name,
                           CassinoLevel *out_level)
{
  for (guint i = 0; i < CASSINO_N_LEVELS; i++)
    if (g_strcmp0 (name, levels[i].id) == 0)
      {
        *out_level = i;
        return TRUE;
      }
  return FALSE;
}

const char *
cassino_level_get_title (CassinoLevel level)
{
  g_return_val_if_fail (level < CASSINO_N_LEVELS, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "level", levels[level].title);
}

const char *
cassino_level_get_summary (CassinoLevel level)
{
  g_return_val_if_fail (level < CASSINO_N_LEVELS, NULL);
  return g_dgettext (GETTEXT_PACKAGE, levels[level].summary);
}

typedef struct {
  CassinoView      view;
  CassinoLevel     level;
  CassinoAiBudget  budget;
  guint64          seed;
} ChooseData;

gboolean
cassino_ai_choose (const CassinoView     *view,
                   CassinoLevel           level,
                   const CassinoAiBudget *budget,
                   guint64                seed,
                   GCancellable          *cancellable,
                   CassinoAiReason       *out_reason)
{
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (level < CASSINO_N_LEVELS, FALSE);
  g_return_val_if_fail (out_reason != NULL, FALSE);

  return ai_choose (view, level, FALSE, budget, seed, cancellable, out_reason, NULL);
}

static void
choose_data_free (gpointer data)
{
  ChooseData *d = data;

  cassino_view_clear (&d->view);
  g_free ((gpointer) d->view.pos.rules);
  g_free (d);
}

static void
choose_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ChooseData *d = task_data;
  CassinoAiReason *reason = g_new0 (CassinoAiReason, 1);

  if (cassino_ai_choose (&d->view, d->level, &d->budget, d->seed, cancellable, reason))
    g_task_return_pointer (task, reason, g_free);
  else
    {
      g_free (reason);
      if (g_cancellable_is_cancelled (cancellable))
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      else
        g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "no legal move");
    }
}

void
cassino_ai_choose_async (const CassinoView     *view,
                         CassinoLevel           level,
                         const CassinoAiBudget *budget,
                         guint64                seed,
                         GCancellable          *cancellable,
                         GAsyncReadyCallback    callback,
                         gpointer               user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ChooseData *d = g_new0 (ChooseData, 1);
  CassinoRules *rules = g_new (CassinoRules, 1);

  *rules = *view->pos.rules;
  ai_view_copy (&d->view, view);
  d->view.pos.rules = rules;   /* the thread owns its own copy */
  d->level = level;
  if (budget)
    d->budget = *budget;
  d->seed = seed;

  g_task_set_source_tag (task, cassino_ai_choose_async);
  g_task_set_task_data (task, d, choose_data_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, choose_thread);
}

gboolean
cassino_ai_choose_finish (GAsyncResult     *result,
                          CassinoAiReason  *out_reason,
                          GError          **error)
{
  g_autofree CassinoAiReason *reason = NULL;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  reason = g_task_propagate_pointer (G_TASK (result), error);
  if (reason == NULL)
    return FALSE;
  if (out_reason)
    *out_reason = *reason;
  return TRUE;
}

gboolean
cassino_ai_hint (const CassinoView     *view,
                 const CassinoAiBudget *budget,
                 guint64                seed,
                 GCancellable          *cancellable,
                 CassinoAiReason       *out_reason)
{
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (out_reason != NULL, FALSE);

  return ai_choose (view, CASSINO_LEVEL_MASTER, TRUE, budget, seed, cancellable, out_reason, NULL);
}

void
cassino_ai_app_budget (CassinoLevel     level,
                       CassinoAiBudget *out_budget)
{
  out_budget->iterations = 0;
  out_budget->time_ms = level == CASSINO_LEVEL_MASTER ? CASSINO_AI_MASTER_TIME_MS : 900;
}

static int
compare_move_values (gconstpointer a,
                     gconstpointer b)
{
  const CassinoAiMoveValue *x = a;
  const CassinoAiMoveValue *y = b;

  if (x->value != y->value)
    return x->value > y->value ? -1 : 1;
  return cassino_move_compare (&x->move, &y->move);
}

GArray *
cassino_ai_evaluate (const CassinoView     *view,
                     CassinoLevel           level,
                     const CassinoAiBudget *budget,
                     guint64                seed,
                     GCancellable          *cancellable,
                     CassinoAiReason       *out_best)
{
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (CassinoAiMoveValue));
  CassinoAiReason reason;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (level < CASSINO_N_LEVELS, NULL);

  if (!ai_choose (view, level, TRUE, budget, seed, cancellable, &reason, all))
    return NULL;
  /* the search's choice first, whatever a near tie says; then by value */
  for (guint i = 0; i < all->len; i++)
    if (cassino_move_equal (&g_array_index (all, CassinoAiMoveValue, i).move, &reason.move))
      {
        CassinoAiMoveValue best = g_array_index (all, CassinoAiMoveValue, i);

        g_array_remove_index (all, i);
        g_array_sort (all, compare_move_values);
        g_array_prepend_val (all, best);
        break;
      }
  if (out_best)
    *out_best = reason;
  return g_steal_pointer (&all);
}
