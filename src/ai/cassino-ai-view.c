/* cassino-ai-view.c: the view: what one seat can see, and its moves as far as it can tell
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

/* Views */

void
cassino_view_init_from_position (CassinoView           *view,
                                 const CassinoPosition *pos,
                                 guint                  seat,
                                 const guint           *scores)
{
  const CassinoRules *r = pos->rules;
  CassinoCards seen;

  memset (view, 0, sizeof *view);
  view->pos = *pos;
  view->seat = seat;
  memset (view->levels, -1, sizeof view->levels);
  for (guint i = 0; i < r->n_players; i++)
    {
      view->hand_sizes[i] = cassino_cards_count (pos->hands[i]);
      if (i != seat)
        view->pos.hands[i] = 0;
    }
  view->stock_count = cassino_position_stock_count (pos);
  memset (view->pos.deck, 0, sizeof view->pos.deck);
  view->pos.deck_len = view->stock_count;
  view->pos.stock_pos = 0;

  seen = pos->hands[seat] | cassino_position_table_cards (pos);
  for (guint s = 0; s < r->n_sides; s++)
    seen |= pos->piles[s];
  view->unseen = r->deck_cards & ~seen;
  /* cards that went out of play cannot be in anyone's hand; only happens at
   * the end of a deal, when nothing is unseen anyway */
  if (scores)
    for (guint s = 0; s < r->n_sides; s++)
      view->scores[s] = scores[s];
}

void
cassino_view_init_from_game (CassinoView       *view,
                             const CassinoGame *game)
{
  const CassinoPosition *pos = cassino_game_get_position (game);
  const CassinoRules *r = cassino_game_get_rules (game);
  const CassinoDeal *deal = cassino_game_get_current_deal (game);
  guint scores[CASSINO_MAX_SIDES] = { 0 };

  for (guint s = 0; s < r->n_sides; s++)
    scores[s] = cassino_game_get_score (game, s);
  cassino_view_init_from_position (view, pos, pos->to_move, scores);
  if (deal)
    view->history = g_array_copy (deal->plays);
  /* who plays each seat is on show at the table */
  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *seat = cassino_game_get_seat (game, i);
      CassinoLevel level;

      if (seat && seat->kind == CASSINO_SEAT_COMPUTER && cassino_level_from_string (seat->level, &level))
        view->levels[i] = (gint8) level;
    }
}

void
cassino_view_clear (CassinoView *view)
{
  g_clear_pointer (&view->history, g_array_unref);
}

void
ai_view_copy (CassinoView       *dest,
              const CassinoView *src)
{
  *dest = *src;
  if (src->history)
    dest->history = g_array_copy (src->history);
}

/* Whether the seat knows every card still to be played: nothing in the
 * stock and all unseen cards in one other hand. */
gboolean
ai_view_is_perfect (const CassinoView *view)
{
  const CassinoRules *r = view->pos.rules;
  guint holders = 0;

  if (view->stock_count > 0)
    return FALSE;
  for (guint i = 0; i < r->n_players; i++)
    if (i != view->seat && view->hand_sizes[i] > 0)
      holders++;
  return holders <= 1;
}

/* Whether the seat is about to play the last card of the deal. */
gboolean
ai_view_is_last_play (const CassinoView *view)
{
  guint others = 0;

  if (view->stock_count > 0 || cassino_cards_count (view->pos.hands[view->seat]) != 1)
    return FALSE;
  for (guint i = 0; i < view->pos.rules->n_players; i++)
    if (i != view->seat)
      others += view->hand_sizes[i];
  return others == 0;
}

/* The position after the seat's move @m, as far as the seat can tell:
 * no cards dealt (the view has no stock order), the deal not ended (the
 * other hands are unknown, not empty). */
void
ai_view_apply (const CassinoView *view,
               const CassinoMove *m,
               CassinoPosition   *after)
{
  const CassinoRules *r = view->pos.rules;
  guint next = (view->seat + 1) % r->n_players;

  *after = view->pos;
  after->deck_len = 0;
  after->stock_pos = 0;
  after->hands[next] |= view->unseen;
  cassino_position_apply (after, m, NULL);
  after->hands[next] &= ~view->unseen;
  after->deal_over = FALSE;
  after->to_move = next;
}
