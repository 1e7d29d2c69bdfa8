/* cassino-ai-eval.c: evaluation: what cards, moves and cut-off deals are worth
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

/* The points a card scores by name under @r (not the "most" categories). */
float
ai_named_points (const CassinoRules *r,
                 CassinoCard         c)
{
  guint rank = CASSINO_CARD_RANK (c);
  CassinoSuit suit = CASSINO_CARD_SUIT (c);
  float val = 0;

  switch (r->scoring)
    {
    case CASSINO_SCORING_CLASSIC:
    case CASSINO_SCORING_DILOTI:    /* the same named points */
      if (c == CASSINO_BIG_CASSINO)
        val += 2;
      if (c == CASSINO_LITTLE_CASSINO)
        val += 1;
      if (rank == 1)
        val += 1;
      break;
    case CASSINO_SCORING_SPADE:
      if (suit == CASSINO_SUIT_SPADES)
        val += rank == CASSINO_RANK_JACK ? 2 : 1;
      if (c == CASSINO_BIG_CASSINO)
        val += 2;
      if (c == CASSINO_LITTLE_CASSINO)
        val += 1;
      if (rank == 1)
        val += 1;
      break;
    case CASSINO_SCORING_DIAMOND:
      if (c == CASSINO_CARD (7, CASSINO_SUIT_DIAMONDS))
        val += 1;
      if (rank == 7 || rank == 6 || rank == 1)
        val += 0.35f;
      break;
    /* the fishing family (family.md §2) */
    case CASSINO_SCORING_SCOPA:
      if (c == CASSINO_CARD (7, CASSINO_SUIT_DIAMONDS))   /* the settebello */
        val += 1;
      /* primiera: the sevens, sixes and aces that decide it */
      if (rank == 7)
        val += 0.3f;
      else if (rank == 6)
        val += 0.15f;
      else if (rank == 1)
        val += 0.1f;
      break;
    case CASSINO_SCORING_XERI:
      if (c == CASSINO_BIG_CASSINO)
        val += 2;
      else if (rank >= 10)
        val += 1;
      if (c == CASSINO_CARD (2, CASSINO_SUIT_CLUBS))
        val += 1;
      break;
    case CASSINO_SCORING_TABLANETTE:
      if (rank == 1 || rank >= 10)
        val += 1;
      if (c == CASSINO_BIG_CASSINO)
        val += 1;
      if (c == CASSINO_CARD (2, CASSINO_SUIT_CLUBS))
        val += 1;
      break;
    case CASSINO_SCORING_PASUR:
      if (c == CASSINO_BIG_CASSINO)
        val += 3;
      if (c == CASSINO_CARD (2, CASSINO_SUIT_CLUBS))
        val += 2;
      if (rank == 1 || rank == CASSINO_RANK_JACK)
        val += 1;
      break;
    case CASSINO_SCORING_CALLABRA:
    default:
      break;
    }
  return val;
}

/* The "most" categories of @r's scoring: most cards, and the suit that
 * scores for most of it (spades, diamonds/coins; Pasur's seven clubs, which
 * with two sides is "most clubs"). */
static void
most_categories (const CassinoRules *r,
                 float              *cards_points,
                 CassinoCards       *suit_cards,
                 float              *suit_points)
{
  CassinoSuit suit = CASSINO_SUIT_SPADES;

  *suit_points = 0;
  switch (r->scoring)
    {
    case CASSINO_SCORING_CLASSIC:
      *cards_points = 3;
      *suit_points = 1;
      break;
    case CASSINO_SCORING_SPADE:
    case CASSINO_SCORING_XERI:
    case CASSINO_SCORING_TABLANETTE:
      *cards_points = 3;
      break;
    case CASSINO_SCORING_DIAMOND:
    case CASSINO_SCORING_SCOPA:
      *cards_points = 1;
      *suit_points = 1;
      suit = CASSINO_SUIT_DIAMONDS;
      break;
    case CASSINO_SCORING_DILOTI:
      *cards_points = 4;
      break;
    case CASSINO_SCORING_CALLABRA:
      *cards_points = 1;
      break;
    case CASSINO_SCORING_PASUR:
    default:
      *cards_points = 0;
      *suit_points = 7;
      suit = CASSINO_SUIT_CLUBS;
      break;
    }
  *suit_cards = cassino_cards_of_suit (suit) & r->deck_cards;
}

/* What a sweep is worth, about: the exact worth of a Tablanette sweep
 * depends on the capture (twice the capturing value at least). */
static float
sweep_worth (const CassinoRules *r)
{
  if (!r->sweeps)
    return 0;
  switch (r->scoring)
    {
    case CASSINO_SCORING_XERI:
    case CASSINO_SCORING_DILOTI:
      return 10;
    case CASSINO_SCORING_PASUR:
      return 5;
    case CASSINO_SCORING_TABLANETTE:
      return 20;
    case CASSINO_SCORING_CALLABRA:
      /* it ends the deal: what it takes and the most cards it secures */
      return 0.3f;
    default:
      return 1;
    }
}

/* Static values, the same all deal long: the greedy levels' view. */
void
ai_values_init (Values             *v,
                const CassinoRules *r)
{
  float per_card;

  float cards_points, suit_points;
  CassinoCards suit_cards;

  v->rules = r;
  v->sweep = sweep_worth (r);
  most_categories (r, &cards_points, &suit_cards, &suit_points);
  per_card = cards_points / (r->deck / 2.0f + 1);

  for (guint c = 0; c < CASSINO_N_CARDS; c++)
    {
      float val;
      CassinoSuit suit = CASSINO_CARD_SUIT (c);

      if (!(r->deck_cards & CASSINO_CARD_BIT (c)))
        {
          v->card[c] = 0;
          continue;
        }
      val = per_card + ai_named_points (r, c);
      if (r->scoring == CASSINO_SCORING_CLASSIC && suit == CASSINO_SUIT_SPADES)
        val += 1.0f / 7.0f;
      if (r->scoring == CASSINO_SCORING_DIAMOND && suit == CASSINO_SUIT_DIAMONDS)
        val += 1.0f / 5.0f;
      if (r->family && (suit_cards & CASSINO_CARD_BIT (c)))
        val += suit_points / (cassino_cards_count (suit_cards) / 2.0f + 1);
      v->card[c] = val;
    }
}

/* What one more card is worth in a "most" category of @points, when the
 * counter's side leads the best other side by @gap with @left cards of the
 * category still to be taken: the change one card makes to the expected
 * points (a normal model of how the rest will split). */
static float
most_unit (float points,
           int   gap,
           guint left)
{
  float sigma, z;

  if (points <= 0 || left == 0 || gap > (int) left || -gap > (int) left)
    return 0;
  sigma = MOST_SIGMA_SLOPE * sqrtf ((float) left) + MOST_SIGMA_BASE;
  z = (float) gap / sigma;
  return 2.0f * points * expf (-0.5f * z * z) / (sigma * 2.5066283f);
}

/* Values for the card-counting levels: the named points, plus what a card
 * adds towards "most cards" / "most spades" as the counts stand in this
 * deal for @side. */
void
ai_values_init_counting (Values             *v,
                         const CassinoRules *r,
                         const CassinoCards *piles,
                         guint               side)
{
  CassinoCards taken = 0;
  int mine_cards = 0, other_cards = 0, mine_suit = 0, other_suit = 0;
  float unit_cards, unit_suit = 0;
  float cards_points, suit_points;
  CassinoCards suit_cards;

  most_categories (r, &cards_points, &suit_cards, &suit_points);
  v->rules = r;
  v->sweep = sweep_worth (r);

  for (guint s = 0; s < r->n_sides; s++)
    {
      int n = (int) cassino_cards_count (piles[s]);
      int ns = (int) cassino_cards_count (piles[s] & suit_cards);

      taken |= piles[s];
      if (s == side)
        {
          mine_cards = n;
          mine_suit = ns;
        }
      else
        {
          other_cards = MAX (other_cards, n);
          other_suit = MAX (other_suit, ns);
        }
    }

  unit_cards = most_unit (cards_points, mine_cards - other_cards,
                                            cassino_cards_count (r->deck_cards & ~taken));
  unit_suit = most_unit (suit_points, mine_suit - other_suit,
                                           cassino_cards_count (suit_cards & ~taken));

  for (guint c = 0; c < CASSINO_N_CARDS; c++)
    {
      float val;

      if (!(r->deck_cards & CASSINO_CARD_BIT (c)))
        {
          v->card[c] = 0;
          continue;
        }
      val = ai_named_points (r, c) + unit_cards;
      if (suit_cards & CASSINO_CARD_BIT (c))
        val += unit_suit;
      v->card[c] = val;
    }
}

/* The immediate worth of a move for the greedy levels: what it takes, plus
 * a share of what a build of its own promises, minus what a trail gives
 * away. */
float
ai_move_gain (const Values          *v,
              const CassinoPosition *pos,
              const CassinoMove     *m,
              gboolean               last_play)
{
  switch (m->type)
    {
    case CASSINO_MOVE_CLAIM:
      return values_of (v, m->set) + 5;
    case CASSINO_MOVE_CAPTURE:
      {
        float g = values_of (v, m->set | CASSINO_CARD_BIT (m->card)) + 0.05f;

        if (m->flags & CASSINO_MOVE_FLAG_SWEEP)
          g += v->sweep;
        return g;
      }
    case CASSINO_MOVE_BUILD:
      /* worth most of its cards later, if nobody steals it */
      return 0.5f * values_of (v, m->set | CASSINO_CARD_BIT (m->card)) + 0.02f;
    case CASSINO_MOVE_TRAIL:
    default:
      return -0.6f * v->card[m->card] - 0.01f * (float) CASSINO_CARD_RANK (m->card) / 13.0f;
    }
}

/* The best that @hand can take for @seat in @pos (claims included). */
float
ai_best_capture (const Values          *v,
                 const CassinoPosition *pos,
                 guint                  seat,
                 CassinoCards           hand,
                 gboolean               last_play,
                 CassinoMoveList       *scratch)
{
  float best = 0;

  if (hand == 0 && pos->claim_seat != (gint8) seat)
    return 0;
  scratch->len = 0;
  cassino_position_legal_moves_for_hand (pos, seat, hand, last_play, scratch);
  for (guint i = 0; i < scratch->len; i++)
    {
      float g = taken_now (v, &scratch->moves[i]);

      best = MAX (best, g);
    }
  return best;
}

/* Evaluation of a finished deal for @side: its points minus the best
 * other side's. */
float
ai_evaluate_deal (const CassinoPosition *pos,
                  guint                  side)
{
  const CassinoRules *r = pos->rules;
  CassinoDealScore score;
  float best_other = -1;

  cassino_deal_score_compute_points (&score, r, pos->piles, pos->sweeps, pos->sweep_points, NULL, 0);
  for (guint s = 0; s < r->n_sides; s++)
    if (s != side)
      best_other = MAX (best_other, (float) score.total[s]);
  return (float) score.total[side] - best_other;
}

/* The expected final score of a "most" category of @points for the side
 * leading by @gap with @left cards of it still to be taken (normal model,
 * as most_unit()); exact when nothing is left. */
static float
most_expect (float points,
             int   gap,
             guint left)
{
  float sigma;

  if (points <= 0)
    return 0;
  if (left == 0 || gap > (int) left || -gap > (int) left)
    return gap > 0 ? points : gap < 0 ? -points : 0;
  sigma = MOST_SIGMA_SLOPE * sqrtf ((float) left) + MOST_SIGMA_BASE;
  return points * erff ((float) gap / (sigma * 1.4142136f));
}

/* A deal cut off before its end, for @side: the points its piles hold by
 * name and sweeps, and what the "most" categories are likely to be worth,
 * minus the same for the best other side.  Exact at the end of a deal
 * (apart from count-order subtleties of several "most" ties). */
float
ai_evaluate_cut (const CassinoPosition *pos,
                 guint                  side)
{
  const CassinoRules *r = pos->rules;
  CassinoCards suit_cards;
  float cards_points, suit_points;
  CassinoCards taken = 0;
  float named[CASSINO_MAX_SIDES];
  int n_cards[CASSINO_MAX_SIDES], n_suit[CASSINO_MAX_SIDES];
  float best_other = -G_MAXFLOAT;
  int other_cards = -1, other_suit = -1;
  float total;
  CassinoCards piles[CASSINO_MAX_SIDES];

  if (pos->deal_over)
    return ai_evaluate_deal (pos, side);
  most_categories (r, &cards_points, &suit_cards, &suit_points);

  /* a build will most likely go to its owner, who holds a card to take it */
  memcpy (piles, pos->piles, sizeof piles);
  for (guint b = 0; b < pos->n_builds; b++)
    piles[cassino_rules_side_of (r, pos->builds[b].owner)] |= pos->builds[b].cards;

  for (guint s = 0; s < r->n_sides; s++)
    {
      CassinoCard c;

      /* the family's sweeps are worth what they scored (a xeri 10 ...) */
      named[s] = !r->sweeps ? 0 : r->family && r->scoring != CASSINO_SCORING_SCOPA
                   ? pos->sweep_points[s] : pos->sweeps[s];
      CASSINO_CARDS_FOREACH (c, piles[s])
        named[s] += ai_named_points (r, c);
      n_cards[s] = (int) cassino_cards_count (piles[s]);
      n_suit[s] = (int) cassino_cards_count (piles[s] & suit_cards);
      taken |= piles[s];
      if (s != side)
        {
          best_other = MAX (best_other, named[s]);
          other_cards = MAX (other_cards, n_cards[s]);
          other_suit = MAX (other_suit, n_suit[s]);
        }
    }
  total = named[side] - best_other;
  total += most_expect (cards_points, n_cards[side] - other_cards,
                        cassino_cards_count (r->deck_cards & ~taken));
  total += most_expect (suit_points, n_suit[side] - other_suit,
                        cassino_cards_count (suit_cards & ~taken));
  return total;
}

/* Heuristics of the card-counting level */

/* What @opp can expect to take from the table of @pos, not knowing its
 * hand: the best capture of each unseen card, weighted by the chance that
 * @opp holds it (the expected best of its @opp_hand cards). */
float
ai_expected_reply (const Values          *v,
                   const CassinoPosition *pos,
                   guint                  opp,
                   CassinoCards           unseen,
                   guint                  opp_hand,
                   CassinoMoveList       *scratch,
                   gboolean              *out_sweep_risk)
{
  const CassinoRules *r = pos->rules;
  float gains[CASSINO_N_CARDS];
  guint n = 0;
  guint n_unseen = cassino_cards_count (unseen);
  float p, expected = 0, none = 1, certain = 0, sure = 0;
  gboolean sweep_risk = FALSE;

  if (out_sweep_risk)
    *out_sweep_risk = FALSE;
  if (pos->deal_over)
    return 0;
  /* a Cassino! claim needs no card */
  if (pos->claim_seat == (gint8) opp && pos->claim_set)
    certain = values_of (v, pos->claim_set);
  if (n_unseen == 0 || opp_hand == 0 || cassino_position_table_empty (pos))
    return certain;

  p = MIN (1.0f, (float) opp_hand / (float) n_unseen);

  /* a build of its own it can surely take: it holds a card of its value */
  for (guint b = 0; b < pos->n_builds; b++)
    if (pos->builds[b].owner == (gint8) opp)
      {
        CassinoCard c;

        CASSINO_CARDS_FOREACH (c, unseen)
          if (r->card_values[c] & (1u << pos->builds[b].value))
            {
              scratch->len = 0;
              cassino_position_legal_moves_for_hand (pos, opp, CASSINO_CARD_BIT (c), FALSE, scratch);
              for (guint i = 0; i < scratch->len; i++)
                if (scratch->moves[i].type == CASSINO_MOVE_CAPTURE &&
                    (scratch->moves[i].set & pos->builds[b].cards))
                  {
                    float g = values_of (v, scratch->moves[i].set | CASSINO_CARD_BIT (c));

                    if (scratch->moves[i].flags & CASSINO_MOVE_FLAG_SWEEP)
                      g += v->sweep;
                    sure = MAX (sure, g);
                  }
            }
      }

  for (guint rank = 1; rank <= 13; rank++)
    {
      CassinoCards of_rank = unseen & cassino_cards_of_rank (rank);
      guint32 done_values[4];
      float done_best[4];
      guint n_done = 0;
      CassinoCard c;

      CASSINO_CARDS_FOREACH (c, of_rank)
        {
          float best = -1;
          gboolean sweep = FALSE;

          /* cards of a rank capture alike unless their values differ */
          for (guint k = 0; k < n_done; k++)
            if (done_values[k] == r->card_values[c])
              best = done_best[k];
          if (best < 0)
            {
              best = 0;
              scratch->len = 0;
              cassino_position_legal_moves_for_hand (pos, opp, CASSINO_CARD_BIT (c), FALSE, scratch);
              for (guint i = 0; i < scratch->len; i++)
                if (scratch->moves[i].type == CASSINO_MOVE_CAPTURE)
                  {
                    float g = values_of (v, scratch->moves[i].set) + 1e-3f;

                    if (scratch->moves[i].flags & CASSINO_MOVE_FLAG_SWEEP)
                      {
                        g += v->sweep;
                        sweep = TRUE;
                      }
                    best = MAX (best, g);
                  }
              done_values[n_done] = r->card_values[c];
              done_best[n_done++] = best;
              sweep_risk |= sweep;
            }
          if (best > 0)
            gains[n++] = best + v->card[c];
        }
    }

  /* the expected best of the opponent's cards, best first */
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (gains[j] > gains[i])
        {
          float t = gains[i];

          gains[i] = gains[j];
          gains[j] = t;
        }
  for (guint i = 0; i < n; i++)
    {
      expected += MAX (gains[i] - sure, 0) * p * none;
      none *= (1 - p);
    }
  if (out_sweep_risk)
    *out_sweep_risk = sweep_risk;
  return certain + sure + expected;
}

/* The card-counting one-ply judgement: what the move takes now, minus what
 * the next opponent can expect to take after it, plus part of what the
 * seat can take next with the cards it keeps (a build of its own, a card
 * it trailed to pair later). */
float
ai_medium_value (const Values      *v,
                 const CassinoView *view,
                 const CassinoMove *m,
                 CassinoMoveList   *scratch)
{
  const CassinoPosition *pos = &view->pos;
  const CassinoRules *r = pos->rules;
  guint side = cassino_rules_side_of (r, view->seat);
  guint next = (view->seat + 1) % r->n_players;
  CassinoPosition after;
  float gain = taken_now (v, m);
  float reply = 0, follow = 0;
  CassinoCards rest = pos->hands[view->seat] & ~CASSINO_CARD_BIT (m->card);

  if (m->type == CASSINO_MOVE_CLAIM)
    rest = pos->hands[view->seat];
  ai_view_apply (view, m, &after);

  if (cassino_rules_side_of (r, next) != side)
    reply = ai_expected_reply (v, &after, next, view->unseen, view->hand_sizes[next], scratch, NULL);
  if (rest)
    follow = ai_best_capture (v, &after, view->seat, rest, FALSE, scratch);
  if (m->type == CASSINO_MOVE_TRAIL)
    gain -= 0.01f * v->card[m->card];
  return gain - reply + MEDIUM_FOLLOW * follow;
}
