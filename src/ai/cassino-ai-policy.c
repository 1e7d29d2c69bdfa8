/* cassino-ai-policy.c: the playout policy of the searching levels
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

gboolean
ai_plays_greedy (const gint8 *seat_levels,
                 guint        seat)
{
  return seat_levels && seat < CASSINO_MAX_PLAYERS && seat_levels[seat] == CASSINO_LEVEL_EASY;
}

/* The easy level's choice among @list in @pos: the greatest gain, and of
 * equal gains the first in the canonical order, as ai_choose() picks it
 * (its candidates sorted by gain, then by cassino_move_compare()). */
guint
ai_greedy_pick (const Values          *plain,
                const CassinoPosition *pos,
                const CassinoMoveList *list,
                float                 *out_gain)
{
  float best = -G_MAXFLOAT;
  guint best_i = 0;

  for (guint i = 0; i < list->len; i++)
    {
      float g = ai_move_gain (plain, pos, &list->moves[i], FALSE);

      if (g > best || (g == best && cassino_move_compare (&list->moves[i], &list->moves[best_i]) < 0))
        {
          best = g;
          best_i = i;
        }
    }
  if (out_gain)
    *out_gain = best;
  return best_i;
}

/* The easy level's move for @seat holding @hand in @pos, and its gain. */
float
ai_greedy_move (const Values          *plain,
                const CassinoPosition *pos,
                guint                  seat,
                CassinoCards           hand,
                gboolean               last_play,
                CassinoMoveList       *scratch,
                CassinoMove           *out)
{
  float best = -G_MAXFLOAT;
  guint i;

  scratch->len = 0;
  cassino_position_legal_moves_for_hand (pos, seat, hand, last_play, scratch);
  if (scratch->len == 0)
    return best;
  i = ai_greedy_pick (plain, pos, scratch, &best);
  if (out)
    *out = scratch->moves[i];
  return best;
}

/* Playout policy of the searching levels.  Inside a sampled deal every
 * hand is known, so each player looks one move ahead: what it takes now,
 * minus the best the next player can take after it, plus part of what it
 * can take next with the cards it keeps. */
static float
policy_value (const Values          *v,
              const CassinoPosition *pos,
              const CassinoMove     *m,
              guint                  root_side,
              CassinoMoveList       *scratch)
{
  const CassinoRules *r = pos->rules;
  guint mover = pos->to_move;
  guint mover_side = cassino_rules_side_of (r, mover);
  CassinoPosition after = *pos;
  float g = taken_now (v, m);
  float reply, follow;
  guint next;

  cassino_position_apply (&after, m, NULL);
  if (after.deal_over)
    {
      /* the last cards go to their side */
      if (after.last_cards_side >= 0)
        {
          float lc = values_of (v, after.last_cards);

          g += (guint) after.last_cards_side == mover_side ? lc : -lc;
        }
      return g;
    }
  next = after.to_move;
  reply = ai_best_capture (v, &after, next, after.hands[next],
                           cassino_position_is_last_play (&after), scratch);
  if (cassino_rules_side_of (r, next) == mover_side)
    reply = -PARTNER_SHARE * reply;
  follow = after.hand_number == pos->hand_number ?
           ai_best_capture (v, &after, mover, after.hands[mover], FALSE, scratch) : 0;
  if (m->type == CASSINO_MOVE_TRAIL)
    g -= 0.01f * v->card[m->card];
  return g - reply + POLICY_FOLLOW * follow;
}

static void
choose_policy (const Values          *v,
               const Values          *plain,
               const gint8           *seat_levels,
               const CassinoPosition *pos,
               const CassinoMoveList *list,
               guint                  root_side,
               CassinoMoveList       *scratch,
               CassinoMove           *out)
{
  float best = -G_MAXFLOAT;
  guint best_i = 0;

  /* a seat known to play the easy level's way plays it here too */
  if (plain && ai_plays_greedy (seat_levels, pos->to_move) && list->len > 1)
    {
      *out = list->moves[ai_greedy_pick (plain, pos, list, NULL)];
      return;
    }

  if (list->len > 1)
    for (guint i = 0; i < list->len; i++)
      {
        float g = policy_value (v, pos, &list->moves[i], root_side, scratch);

        if (g > best)
          {
            best = g;
            best_i = i;
          }
      }
  *out = list->moves[best_i];
}

float
ai_playout (const Values    *v,
            const Values    *plain,
            const gint8     *seat_levels,
            CassinoPosition *pos,
            guint            side,
            guint            horizon)
{
  CassinoMoveList list, scratch;
  guint plies = 0;
  guint hand0 = pos->hand_number;

  cassino_move_list_init (&list);
  cassino_move_list_init (&scratch);
  while (!pos->deal_over)
    {
      CassinoMove m;

      if (horizon == HORIZON_HAND_END)
        {
          /* to the end of the hand, and at least as far as the others */
          if (plies++ >= HORIZON_PER_SEAT * pos->rules->n_players && pos->hand_number != hand0)
            break;
        }
      else if (horizon && plies++ >= horizon)
        break;
      list.len = 0;
      cassino_position_legal_moves (pos, &list);
      if (list.len == 0)
        break;   /* cannot happen (rules.md §4.4) */
      choose_policy (v, plain, seat_levels, pos, &list, side, &scratch, &m);
      cassino_position_apply (pos, &m, NULL);
    }
  cassino_move_list_clear (&scratch);
  cassino_move_list_clear (&list);
  return ai_evaluate_cut (pos, side);
}
