/* cassino-ai-endgame.c: the exact solver, for deals where every card left is known
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

static float
solve (Solver          *s,
       CassinoPosition *pos,
       float            alpha,
       float            beta)
{
  CassinoMoveList list;
  gboolean maximize;
  float best;

  if (pos->deal_over)
    return ai_evaluate_deal (pos, s->side);
  if (++s->nodes > s->max_nodes ||
      ((s->nodes & 1023) == 0 &&
       (g_cancellable_is_cancelled (s->cancellable) ||
        (s->deadline && g_get_monotonic_time () > s->deadline))))
    {
      s->aborted = TRUE;
      return 0;
    }

  maximize = cassino_rules_side_of (pos->rules, pos->to_move) == s->side;
  best = maximize ? -G_MAXFLOAT : G_MAXFLOAT;

  cassino_move_list_init (&list);
  cassino_position_legal_moves (pos, &list);
  if (s->plain && ai_plays_greedy (s->seat_levels, pos->to_move) && list.len > 1)
    {
      /* its move is known: the greediest */
      guint top_i = ai_greedy_pick (s->plain, pos, &list, NULL);

      list.moves[0] = list.moves[top_i];
      list.len = 1;
    }
  /* captures first: better cut-offs */
  for (guint pass = 0; pass < 2 && !s->aborted; pass++)
    for (guint i = 0; i < list.len && !s->aborted; i++)
      {
        const CassinoMove *m = &list.moves[i];
        gboolean first_pass = m->type == CASSINO_MOVE_CAPTURE || m->type == CASSINO_MOVE_CLAIM;
        CassinoUndo undo;
        float val;

        if ((pass == 0) != first_pass)
          continue;
        cassino_position_apply (pos, m, &undo);
        val = solve (s, pos, alpha, beta);
        cassino_position_undo (pos, &undo);
        if (maximize)
          {
            best = MAX (best, val);
            alpha = MAX (alpha, val);
          }
        else
          {
            best = MIN (best, val);
            beta = MIN (beta, val);
          }
        if (alpha >= beta)
          goto done;
      }
done:
  cassino_move_list_clear (&list);
  return best;
}

/* The exact value of every candidate move in @pos (every card known) into
 * @vals; FALSE if the solver was stopped (nodes, time, cancelled). */
gboolean
ai_solve_candidates (Solver                *s,
                     const CassinoPosition *pos,
                     const Candidate       *cands,
                     guint                  n_cands,
                     float                 *vals)
{
  for (guint i = 0; i < n_cands && !s->aborted; i++)
    {
      CassinoPosition p = *pos;

      cassino_position_apply (&p, &cands[i].move, NULL);
      vals[i] = solve (s, &p, -G_MAXFLOAT, G_MAXFLOAT);
    }
  return !s->aborted;
}
