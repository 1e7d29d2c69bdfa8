/* cassino-ai-sampling.c: sampling the unseen cards, weighted by what the others' plays reveal
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
observed_value (const Values      *v,
                const CassinoMove *m)
{
  switch (m->type)
    {
    case CASSINO_MOVE_CAPTURE:
    case CASSINO_MOVE_CLAIM:
      return taken_now (v, m);
    case CASSINO_MOVE_BUILD:
      return 0.5f * values_of (v, m->set | CASSINO_CARD_BIT (m->card));
    default:
      return 0;
    }
}

void
ai_inference_init (Inference         *inf,
                   const CassinoView *view,
                   const Values      *v,
                   const Values      *plain)
{
  const CassinoRules *r = view->pos.rules;
  CassinoPosition p;
  CassinoCards played = 0, table0;
  guint per_hand = r->n_players * r->hand_size;
  guint first, k = 0;

  inf->v = v;
  inf->plain = plain;
  inf->seat_levels = view->levels;
  inf->skill = INFERENCE_SKILL;
  inf->n = 0;
  inf->check_legal = r->capture_mode != CASSINO_CAPTURE_MODE_PILE;
  if (!view->history || r->draw_after_play || inf->skill <= 0)
    return;

  for (guint i = 0; i < view->history->len; i++)
    {
      const CassinoPlay *pl = &g_array_index (view->history, CassinoPlay, i);

      if (pl->move.type != CASSINO_MOVE_CLAIM)
        played |= CASSINO_CARD_BIT (pl->move.card);
    }
  table0 = cassino_position_table_cards (&view->pos);
  for (guint s = 0; s < r->n_sides; s++)
    table0 |= view->pos.piles[s];
  table0 &= ~played;

  memset (&p, 0, sizeof p);
  p.rules = r;
  p.loose = table0;
  p.last_capturer = CASSINO_NO_SEAT;
  p.last_player = CASSINO_NO_SEAT;
  p.claim_seat = CASSINO_NO_SEAT;
  p.last_cards_side = -1;
  p.dealer = view->pos.dealer;
  first = view->pos.hand_number * per_hand;

  for (guint i = 0; i < view->history->len; i++)
    {
      const CassinoPlay *pl = &g_array_index (view->history, CassinoPlay, i);
      CassinoCards bit = CASSINO_CARD_BIT (pl->move.card);
      guint keeper = (pl->seat + 1) % r->n_players;

      if (pl->move.type == CASSINO_MOVE_CLAIM)
        {
          p.to_move = pl->seat;
          cassino_position_apply (&p, &pl->move, NULL);
          continue;
        }
      memset (p.hands, 0, sizeof p.hands);
      p.to_move = pl->seat;
      if (k >= first && pl->seat != view->seat && inf->n < MAX_OBSERVATIONS)
        {
          Observation *o = &inf->obs[inf->n++];

          o->before = p;
          o->seat = pl->seat;
          o->value = observed_value (v, &pl->move);
          o->last_play = FALSE;
          o->move = pl->move;
          o->index = i;
          o->played_since = 0;
        }
      /* keep some hand non-empty so that nothing is dealt or ended */
      p.hands[pl->seat] = bit;
      p.hands[keeper] |= bit;
      cassino_position_apply (&p, &pl->move, NULL);
      k++;
    }

  /* the hand a seat held at each of its plays: the cards it holds now and
   * those it played since */
  for (guint j = 0; j < inf->n; j++)
    for (guint i = inf->obs[j].index; i < view->history->len; i++)
      {
        const CassinoPlay *pl = &g_array_index (view->history, CassinoPlay, i);

        if (pl->seat == inf->obs[j].seat && pl->move.type != CASSINO_MOVE_CLAIM)
          inf->obs[j].played_since |= CASSINO_CARD_BIT (pl->move.card);
      }
}

/* Whether the observed play was legal for its seat holding @hand then:
 * forced captures (Callabra, Scopa, Pasur, Diloti's courts) make a trail
 * say that no card of the hand could capture, a build that the hand held a
 * card of its value. */
static gboolean
observed_play_legal (const Observation *o,
                     CassinoCards       hand,
                     CassinoMoveList   *scratch)
{
  scratch->len = 0;
  cassino_position_legal_moves_for_hand (&o->before, o->seat, hand, o->last_play, scratch);
  for (guint i = 0; i < scratch->len; i++)
    {
      const CassinoMove *m = &scratch->moves[i];

      /* the replayed table does not know the stock: flags may differ */
      if (m->type == o->move.type && m->card == o->move.card && m->set == o->move.set &&
          m->value == o->move.value)
        return TRUE;
    }
  return FALSE;
}

/* The odds of the observed plays with the hands of @sample. */
static float
inference_weight (const Inference       *inf,
                  const CassinoPosition *sample,
                  CassinoMoveList       *scratch)
{
  float missed = 0;
  float odds = 1;

  for (guint i = 0; i < inf->n; i++)
    {
      const Observation *o = &inf->obs[i];
      float best;

      /* (the replay does not follow a pile's top card: no check there) */
      if (inf->check_legal &&
          !observed_play_legal (o, sample->hands[o->seat] | o->played_since, scratch))
        {
          odds *= ILLEGAL_PLAY_ODDS;
          continue;
        }

      if (ai_plays_greedy (inf->seat_levels, o->seat))
        {
          /* the easy level's play is foreseeable: with the hand of the
           * sampled deal (the cards it holds now and those it played
           * since) it would have made exactly this play, or the deal
           * gave it the wrong cards */
          CassinoCards hand = sample->hands[o->seat] | o->played_since;
          CassinoMove m;

          ai_greedy_move (inf->plain, &o->before, o->seat, hand, o->last_play, scratch, &m);
          if (m.type != o->move.type || m.card != o->move.card || m.set != o->move.set ||
              m.value != o->move.value)
            odds *= EASY_OTHER_PLAY_ODDS;
          continue;
        }
      best = ai_best_capture (inf->v, &o->before, o->seat, sample->hands[o->seat], FALSE, scratch);
      if (best > o->value)
        missed += best - o->value;
    }
  return odds * expf (-inf->skill * missed);
}

/* Whether @hand can take every build @seat owns in @pos (rules.md §4.4:
 * an owner always holds a card of each of its builds' values). */
static gboolean
hand_fits_builds (const CassinoPosition *pos,
                  guint                  seat,
                  CassinoCards           hand)
{
  const CassinoRules *r = pos->rules;

  for (guint b = 0; b < pos->n_builds; b++)
    if (pos->builds[b].owner == (gint8) seat)
      {
        gboolean found = FALSE;
        CassinoCard c;

        CASSINO_CARDS_FOREACH (c, hand)
          if (r->card_values[c] & (1u << pos->builds[b].value))
            {
              found = TRUE;
              break;
            }
        if (!found)
          return FALSE;
      }
  return TRUE;
}

void
ai_sample_position (const CassinoView *view,
                    CassinoRng        *rng,
                    CassinoPosition   *out)
{
  const CassinoRules *r = view->pos.rules;
  guint8 cards[CASSINO_N_CARDS];
  guint n = 0;
  CassinoCard c;
  gboolean owners = FALSE;

  *out = view->pos;
  for (guint b = 0; b < view->pos.n_builds; b++)
    if (view->pos.builds[b].owner != (gint8) view->seat)
      owners = TRUE;

  CASSINO_CARDS_FOREACH (c, view->unseen)
    cards[n++] = c;

  for (guint attempt = 0; ; attempt++)
    {
      guint k = 0;
      gboolean fits = TRUE;

      cassino_rng_shuffle (rng, cards, n);
      for (guint i = 0; i < r->n_players; i++)
        {
          if (i == view->seat)
            continue;
          out->hands[i] = 0;
          for (guint j = 0; j < view->hand_sizes[i] && k < n; j++)
            out->hands[i] |= CASSINO_CARD_BIT (cards[k++]);
          if (owners && !hand_fits_builds (&view->pos, i, out->hands[i]))
            fits = FALSE;
        }
      out->deck_len = 0;
      out->stock_pos = 0;
      for (guint j = 0; j < view->stock_count && k < n; j++)
        out->deck[out->deck_len++] = cards[k++];
      if (fits || attempt >= SAMPLE_TRIES)
        break;
    }

  if (owners)
    /* still no fit: swap a taker from elsewhere into each owner's hand */
    for (guint b = 0; b < view->pos.n_builds; b++)
      {
        gint8 owner = view->pos.builds[b].owner;
        guint value = view->pos.builds[b].value;
        CassinoCards pool = 0;
        CassinoCard give, take;

        if (owner == (gint8) view->seat || owner < 0 ||
            hand_fits_builds (&view->pos, (guint) owner, out->hands[owner]) ||
            out->hands[owner] == 0)
          continue;
        for (guint i = 0; i < r->n_players; i++)
          if (i != view->seat && i != (guint) owner)
            pool |= out->hands[i];
        for (guint j = 0; j < out->deck_len; j++)
          pool |= CASSINO_CARD_BIT (out->deck[j]);
        give = CASSINO_N_CARDS;
        CASSINO_CARDS_FOREACH (c, pool)
          if (r->card_values[c] & (1u << value))
            {
              give = c;
              break;
            }
        if (give == CASSINO_N_CARDS)
          continue;
        /* the owner's card that goes the other way: its lowest */
        take = (CassinoCard) __builtin_ctzll (out->hands[owner]);
        out->hands[owner] = (out->hands[owner] & ~CASSINO_CARD_BIT (take)) | CASSINO_CARD_BIT (give);
        for (guint i = 0; i < r->n_players; i++)
          if (i != view->seat && i != (guint) owner && (out->hands[i] & CASSINO_CARD_BIT (give)))
            out->hands[i] = (out->hands[i] & ~CASSINO_CARD_BIT (give)) | CASSINO_CARD_BIT (take);
        for (guint j = 0; j < out->deck_len; j++)
          if (out->deck[j] == give)
            out->deck[j] = take;
      }
}

/* A sampled deal, kept with the odds of the plays it explains. */
void
ai_sample_consistent (const CassinoView *view,
                      const Inference   *inf,
                      CassinoRng        *rng,
                      CassinoMoveList   *scratch,
                      CassinoPosition   *out)
{
  CassinoPosition best_pos;
  float best_w = -1;

  if (inf->n == 0)
    {
      ai_sample_position (view, rng, out);
      return;
    }
  for (guint t = 0; t < INFERENCE_TRIES; t++)
    {
      float w;

      ai_sample_position (view, rng, out);
      w = inference_weight (inf, out, scratch);
      if (cassino_rng_double (rng) < w)
        return;
      if (w > best_w)
        {
          best_w = w;
          best_pos = *out;
        }
    }
  *out = best_pos;
}
