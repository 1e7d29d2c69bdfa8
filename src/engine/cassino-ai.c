/* cassino-ai.c: computer players from beginner to expert, and hints
 *
 * Every level sees only a CassinoView: its own hand, the table, the piles,
 * the counts of the other hands and the stock, and the set of cards it has
 * not seen.  The searching levels deal those unseen cards at random
 * (determinization), play the deal out, and keep the move that did best on
 * average over the same sampled deals (perfect-information Monte Carlo).
 * Once the seat can see everything that is left (the last hand of a
 * two-sided deal), an exact alpha-beta solver takes over.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-ai.h"
#include "cassino-rng.h"

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
}

void
cassino_view_clear (CassinoView *view)
{
  g_clear_pointer (&view->history, g_array_unref);
}

static void
view_copy (CassinoView       *dest,
           const CassinoView *src)
{
  *dest = *src;
  if (src->history)
    dest->history = g_array_copy (src->history);
}

/* Card values: what owning a card is worth, on average, under the rules */

typedef struct {
  const CassinoRules *rules;
  float               card[CASSINO_N_CARDS];  /* points for capturing it */
  float               sweep;
} Values;

static void
values_init (Values             *v,
             const CassinoRules *r)
{
  float per_card;

  v->rules = r;
  v->sweep = r->sweeps ? 1.0f : 0.0f;

  switch (r->scoring)
    {
    case CASSINO_SCORING_SPADE:
      per_card = 3.0f / (r->deck / 2.0f + 1);
      break;
    case CASSINO_SCORING_DIAMOND:
      per_card = 1.0f / (r->deck / 2.0f + 1);
      break;
    case CASSINO_SCORING_CLASSIC:
    default:
      per_card = 3.0f / (r->deck / 2.0f + 1);
      break;
    }

  for (guint c = 0; c < CASSINO_N_CARDS; c++)
    {
      float val = 0;
      guint rank = CASSINO_CARD_RANK (c);
      CassinoSuit suit = CASSINO_CARD_SUIT (c);

      if (!(r->deck_cards & CASSINO_CARD_BIT (c)))
        {
          v->card[c] = 0;
          continue;
        }
      val = per_card;
      switch (r->scoring)
        {
        case CASSINO_SCORING_CLASSIC:
          if (suit == CASSINO_SUIT_SPADES)
            val += 1.0f / 7.0f;
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
          if (suit == CASSINO_SUIT_DIAMONDS)
            val += 1.0f / 5.0f;
          if (c == CASSINO_CARD (7, CASSINO_SUIT_DIAMONDS))
            val += 1;
          if (rank == 7 || rank == 6 || rank == 1)
            val += 0.35f;
          break;
        default:
          break;
        }
      v->card[c] = val;
    }
}

static inline float
values_of (const Values *v,
           CassinoCards  set)
{
  float total = 0;
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, set)
    total += v->card[c];
  return total;
}

/* The immediate worth of a move for the mover: what it takes, plus a share
 * of what a build of its own promises, minus what a trail gives away. */
static float
move_gain (const Values          *v,
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

/* Sampling the unseen cards (determinization) */

static void
sample_position (const CassinoView *view,
                 CassinoRng        *rng,
                 CassinoPosition   *out)
{
  const CassinoRules *r = view->pos.rules;
  guint8 cards[CASSINO_N_CARDS];
  guint n = 0;
  guint k = 0;
  CassinoCard c;

  *out = view->pos;
  CASSINO_CARDS_FOREACH (c, view->unseen)
    cards[n++] = c;
  cassino_rng_shuffle (rng, cards, n);

  for (guint i = 0; i < r->n_players; i++)
    {
      if (i == view->seat)
        continue;
      out->hands[i] = 0;
      for (guint j = 0; j < view->hand_sizes[i] && k < n; j++)
        out->hands[i] |= CASSINO_CARD_BIT (cards[k++]);
    }
  out->deck_len = 0;
  out->stock_pos = 0;
  for (guint j = 0; j < view->stock_count && k < n; j++)
    out->deck[out->deck_len++] = cards[k++];
}

/* Evaluation of a finished (or cut off) deal for @side */

static float
evaluate_deal (const CassinoPosition *pos,
               guint                  side)
{
  const CassinoRules *r = pos->rules;
  CassinoDealScore score;
  float best_other = -1;

  cassino_deal_score_compute (&score, r, pos->piles, pos->sweeps, NULL, 0);
  for (guint s = 0; s < r->n_sides; s++)
    if (s != side)
      best_other = MAX (best_other, (float) score.total[s]);
  return (float) score.total[side] - best_other;
}

#ifndef PLAYOUT_NOISE
#define PLAYOUT_NOISE 0.0f
#endif

/* Playout policy: greedy with a little noise. */
static void
choose_greedy (const Values          *v,
               const CassinoPosition *pos,
               const CassinoMoveList *list,
               CassinoRng            *rng,
               float                  noise,
               CassinoMove           *out)
{
  float best = -G_MAXFLOAT;
  guint best_i = 0;
  gboolean last = cassino_position_is_last_play (pos);

  for (guint i = 0; i < list->len; i++)
    {
      float g = move_gain (v, pos, &list->moves[i], last);

      if (noise > 0)
        g += noise * (float) cassino_rng_double (rng);
      if (g > best)
        {
          best = g;
          best_i = i;
        }
    }
  *out = list->moves[best_i];
}

static float
playout (const Values    *v,
         CassinoPosition *pos,
         guint            side,
         CassinoRng      *rng)
{
  CassinoMoveList list;

  cassino_move_list_init (&list);
  while (!pos->deal_over)
    {
      CassinoMove m;

      list.len = 0;
      cassino_position_legal_moves (pos, &list);
      if (list.len == 0)
        break;   /* cannot happen (rules.md §4.4) */
      choose_greedy (v, pos, &list, rng, PLAYOUT_NOISE, &m);
      cassino_position_apply (pos, &m, NULL);
    }
  cassino_move_list_clear (&list);
  return evaluate_deal (pos, side);
}

/* Exact solver for positions where every card left is known */

typedef struct {
  const Values *values;
  guint         side;
  guint64       nodes;
  guint64       max_nodes;
  gboolean      aborted;
  GCancellable *cancellable;
} Solver;

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
    return evaluate_deal (pos, s->side);
  if (++s->nodes > s->max_nodes ||
      ((s->nodes & 1023) == 0 && g_cancellable_is_cancelled (s->cancellable)))
    {
      s->aborted = TRUE;
      return 0;
    }

  maximize = cassino_rules_side_of (pos->rules, pos->to_move) == s->side;
  best = maximize ? -G_MAXFLOAT : G_MAXFLOAT;

  cassino_move_list_init (&list);
  cassino_position_legal_moves (pos, &list);
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

/* Whether the seat knows every card still to be played: nothing in the
 * stock and all unseen cards in one other hand. */
static gboolean
view_is_perfect (const CassinoView *view)
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
static gboolean
view_is_last_play (const CassinoView *view)
{
  guint others = 0;

  if (view->stock_count > 0 || cassino_cards_count (view->pos.hands[view->seat]) != 1)
    return FALSE;
  for (guint i = 0; i < view->pos.rules->n_players; i++)
    if (i != view->seat)
      others += view->hand_sizes[i];
  return others == 0;
}

/* Heuristics for the one-ply levels */

/* What the next opponent can expect to take from the table after @pos was
 * reached: the best capture of each unseen card, weighted by the chance
 * that the opponent holds it. */
static float
expected_reply (const Values          *v,
                const CassinoPosition *pos,
                guint                  mover_side,
                CassinoCards           unseen,
                guint                  opp_hand,
                gboolean              *out_sweep_risk)
{
  const CassinoRules *r = pos->rules;
  float gains[CASSINO_N_CARDS];
  guint n = 0;
  guint n_unseen = cassino_cards_count (unseen);
  guint next = pos->to_move;
  float p, expected = 0, none = 1;
  CassinoCards done_ranks = 0;
  CassinoCard c;
  CassinoMoveList list;
  gboolean sweep_risk = FALSE;

  if (n_unseen == 0 || opp_hand == 0 || pos->deal_over ||
      cassino_rules_side_of (r, next) == mover_side ||
      cassino_position_table_empty (pos))
    {
      if (out_sweep_risk)
        *out_sweep_risk = FALSE;
      return 0;
    }

  p = MIN (1.0f, (float) opp_hand / (float) n_unseen);
  cassino_move_list_init (&list);

  CASSINO_CARDS_FOREACH (c, unseen)
    {
      /* cards of one rank capture alike, apart from the card itself */
      CassinoCards rank_bit = cassino_cards_of_rank (CASSINO_CARD_RANK (c));
      float best = 0;

      if ((done_ranks & rank_bit) && v->card[c] < 0.5f)
        {
          continue;
        }
      done_ranks |= rank_bit;

      list.len = 0;
      cassino_position_legal_moves_for_hand (pos, next, CASSINO_CARD_BIT (c), FALSE, &list);
      for (guint i = 0; i < list.len; i++)
        if (list.moves[i].type == CASSINO_MOVE_CAPTURE)
          {
            float g = values_of (v, list.moves[i].set | CASSINO_CARD_BIT (c));

            if (list.moves[i].flags & CASSINO_MOVE_FLAG_SWEEP)
              {
                g += v->sweep;
                sweep_risk = TRUE;
              }
            best = MAX (best, g);
          }
      if (best > 0)
        {
          /* count every card of this rank that is unseen */
          guint same = cassino_cards_count (unseen & rank_bit);

          for (guint k = 0; k < same && n < CASSINO_N_CARDS; k++)
            gains[n++] = best;
        }
    }
  cassino_move_list_clear (&list);

  /* expected maximum, best first */
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
      expected += gains[i] * p * none;
      none *= (1 - p);
    }
  if (out_sweep_risk)
    *out_sweep_risk = sweep_risk;
  return expected;
}

static float
medium_value (const Values      *v,
              const CassinoView *view,
              const CassinoMove *m)
{
  const CassinoPosition *pos = &view->pos;
  const CassinoRules *r = pos->rules;
  guint side = cassino_rules_side_of (r, view->seat);
  CassinoPosition after = *pos;
  float gain = move_gain (v, pos, m, cassino_position_is_last_play (pos));
  guint next = (view->seat + 1) % r->n_players;
  float reply;

  /* apply without dealing new cards (the view has no stock order) and
   * without ending the deal (the other hands are unknown, not empty) */
  after.deck_len = 0;
  after.stock_pos = 0;
  after.hands[next] |= view->unseen;
  cassino_position_apply (&after, m, NULL);
  after.deal_over = FALSE;
  after.to_move = next;

  reply = expected_reply (v, &after, side, view->unseen, view->hand_sizes[next], NULL);

  if (m->type == CASSINO_MOVE_BUILD)
    {
      /* a build is worth its cards when it survives; the reply above
       * already counts the chance it is stolen */
      gain = values_of (v, m->set | CASSINO_CARD_BIT (m->card)) * 0.9f + 0.1f;
    }
  return gain - reply;
}

/* Root search */

typedef struct {
  CassinoView      view;
  CassinoLevel     level;
  CassinoAiBudget  budget;
  guint64          seed;
} ChooseData;

static guint
default_iterations (CassinoLevel level)
{
  switch (level)
    {
    case CASSINO_LEVEL_HARD:
      return 24;
    case CASSINO_LEVEL_EXPERT:
      return 96;
    default:
      return 0;
    }
}

static guint
candidate_limit (CassinoLevel level)
{
  return level == CASSINO_LEVEL_EXPERT ? 14 : 8;
}

typedef struct {
  CassinoMove move;
  float       prior;
  double      total;
  guint       n;
} Candidate;

static int
compare_candidates (const void *a,
                    const void *b)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->prior != y->prior)
    return x->prior > y->prior ? -1 : 1;
  return cassino_move_compare (&x->move, &y->move);
}

static void
fill_reason (const Values          *v,
             const CassinoView     *view,
             const CassinoMove     *m,
             CassinoAiReason       *reason)
{
  const CassinoPosition *pos = &view->pos;
  const CassinoRules *r = pos->rules;
  guint next = (view->seat + 1) % r->n_players;
  CassinoPosition after = *pos;
  CassinoCard c;

  reason->move = *m;
  reason->points_taken = 0;
  reason->cards_taken = 0;
  reason->sweep = FALSE;
  reason->build_unseen_takers = 0;
  reason->leaves_sweep = FALSE;
  reason->exposed_points = 0;

  if (m->type == CASSINO_MOVE_CAPTURE || m->type == CASSINO_MOVE_CLAIM)
    {
      CassinoCards taken = m->set | (m->type == CASSINO_MOVE_CAPTURE ? CASSINO_CARD_BIT (m->card) : 0);

      reason->cards_taken = cassino_cards_count (taken);
      CASSINO_CARDS_FOREACH (c, taken)
        reason->points_taken += (guint) floorf (v->card[c] + 0.01f);
      reason->sweep = (m->flags & CASSINO_MOVE_FLAG_SWEEP) != 0;
    }
  if (m->type == CASSINO_MOVE_BUILD)
    CASSINO_CARDS_FOREACH (c, view->unseen)
      if (r->card_values[c] & (1u << m->value))
        reason->build_unseen_takers++;

  after.deck_len = 0;
  after.stock_pos = 0;
  after.hands[next] |= view->unseen;
  cassino_position_apply (&after, m, NULL);
  after.deal_over = FALSE;
  after.to_move = next;
  if (cassino_rules_side_of (r, next) != cassino_rules_side_of (r, view->seat))
    {
      expected_reply (v, &after, cassino_rules_side_of (r, view->seat), view->unseen,
                      view->hand_sizes[next], &reason->leaves_sweep);
    }
  CASSINO_CARDS_FOREACH (c, after.loose)
    reason->exposed_points += (guint) floorf (v->card[c] + 0.01f);
}

static gboolean
choose_internal (const CassinoView     *view,
                 CassinoLevel           level,
                 const CassinoAiBudget *budget,
                 guint64                seed,
                 GCancellable          *cancellable,
                 CassinoAiReason       *out)
{
  const CassinoPosition *pos = &view->pos;
  const CassinoRules *r = pos->rules;
  guint side = cassino_rules_side_of (r, view->seat);
  CassinoMoveList list;
  Values v;
  CassinoRng rng;
  gint64 start = g_get_monotonic_time ();
  Candidate *cands = NULL;
  guint n_cands;
  guint best = 0;
  guint iterations = 0;
  gboolean ok = TRUE;

  values_init (&v, r);
  cassino_rng_init (&rng, seed ^ G_GUINT64_CONSTANT (0x5ca1ab1e));
  memset (out, 0, sizeof *out);

  cassino_move_list_init (&list);
  cassino_position_legal_moves_for_hand (pos, view->seat, pos->hands[view->seat],
                                         view_is_last_play (view), &list);
  if (list.len == 0)
    {
      cassino_move_list_clear (&list);
      return FALSE;
    }

  /* a Cassino! claim is free cards: always take it */
  if (list.moves[0].type == CASSINO_MOVE_CLAIM || list.len == 1)
    {
      fill_reason (&v, view, &list.moves[0], out);
      cassino_move_list_clear (&list);
      return TRUE;
    }

  n_cands = list.len;
  cands = g_new0 (Candidate, n_cands);
  for (guint i = 0; i < n_cands; i++)
    {
      cands[i].move = list.moves[i];
      switch (level)
        {
        case CASSINO_LEVEL_BEGINNER:
        case CASSINO_LEVEL_EASY:
          cands[i].prior = move_gain (&v, pos, &list.moves[i], FALSE);
          break;
        default:
          cands[i].prior = medium_value (&v, view, &list.moves[i]);
          break;
        }
    }
  cassino_move_list_clear (&list);
  qsort (cands, n_cands, sizeof (Candidate), compare_candidates);

  switch (level)
    {
    case CASSINO_LEVEL_BEGINNER:
      {
        /* human-like slips: now and then a random move, or a capture missed */
        double roll = cassino_rng_double (&rng);

        if (roll < 0.25)
          best = cassino_rng_below (&rng, n_cands);
        else if (roll < 0.45 && n_cands > 1)
          best = 1 + cassino_rng_below (&rng, MIN (n_cands - 1, 3));
        else
          best = 0;
        out->value = cands[best].prior;
      }
      break;

    case CASSINO_LEVEL_EASY:
    case CASSINO_LEVEL_MEDIUM:
      best = 0;
      out->value = cands[0].prior;
      break;

    case CASSINO_LEVEL_HARD:
    case CASSINO_LEVEL_EXPERT:
    default:
      {
        guint limit = MIN (n_cands, candidate_limit (level));
        guint max_iter = budget && budget->iterations ? budget->iterations : default_iterations (level);
        guint time_ms = budget ? budget->time_ms : 0;

        if (view_is_perfect (view))
          {
            /* exact: every card left is known */
            Solver s = { &v, side, 0, level == CASSINO_LEVEL_EXPERT ? 4000000 : 400000, FALSE, cancellable };
            CassinoPosition exact;
            float best_val = -G_MAXFLOAT;

            sample_position (view, &rng, &exact);
            for (guint i = 0; i < n_cands && !s.aborted; i++)
              {
                CassinoPosition p = exact;
                float val;

                cassino_position_apply (&p, &cands[i].move, NULL);
                val = solve (&s, &p, -G_MAXFLOAT, G_MAXFLOAT);
                cands[i].total = val;
                cands[i].n = 1;
                if (!s.aborted && val > best_val)
                  {
                    best_val = val;
                    best = i;
                  }
              }
            if (!s.aborted)
              {
                out->value = best_val;
                out->iterations = (guint) MIN (s.nodes, G_MAXUINT);
                break;
              }
            if (g_cancellable_is_cancelled (cancellable))
              {
                ok = FALSE;
                break;
              }
            /* too big to solve: fall back to sampling */
            for (guint i = 0; i < n_cands; i++)
              cands[i].total = cands[i].n = 0;
          }

        for (iterations = 0; iterations < max_iter; iterations++)
          {
            CassinoPosition sample;
            guint64 playout_seed = cassino_rng_next (&rng);

            if (g_cancellable_is_cancelled (cancellable))
              {
                ok = FALSE;
                break;
              }
            if (time_ms && iterations > 0 &&
                (g_get_monotonic_time () - start) / 1000 >= (gint64) time_ms)
              break;

            sample_position (view, &rng, &sample);
            for (guint i = 0; i < limit; i++)
              {
                CassinoPosition p = sample;
                CassinoRng prng;

                /* the same playout randomness for every move: fair comparison */
                cassino_rng_init (&prng, playout_seed);
                cassino_position_apply (&p, &cands[i].move, NULL);
                cands[i].total += playout (&v, &p, side, &prng);
                cands[i].n++;
              }
          }

        if (ok)
          {
            double best_mean = -G_MAXDOUBLE;

            for (guint i = 0; i < limit; i++)
              {
                /* a small pull towards the heuristic breaks near-ties sensibly */
                double mean = cands[i].n ? cands[i].total / cands[i].n : -G_MAXDOUBLE;

                mean += 0.05 * cands[i].prior;
                if (mean > best_mean)
                  {
                    best_mean = mean;
                    best = i;
                  }
              }
            out->value = best_mean;
            out->iterations = iterations;
          }
      }
      break;
    }

  if (ok)
    {
      double value = out->value;
      guint iters = out->iterations;

      fill_reason (&v, view, &cands[best].move, out);
      out->value = value;
      out->iterations = iters;
      out->elapsed_ms = (guint) ((g_get_monotonic_time () - start) / 1000);
    }
  g_free (cands);
  return ok;
}

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

  return choose_internal (view, level, budget, seed, cancellable, out_reason);
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
  view_copy (&d->view, view);
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
                 CassinoAiReason       *out_reason)
{
  return cassino_ai_choose (view, CASSINO_LEVEL_EXPERT, budget, seed, NULL, out_reason);
}

/* Words */

static const char *
suit_symbol (CassinoSuit suit)
{
  static const char *symbols[] = { "♣", "♦", "♥", "♠" };

  return symbols[suit];
}

static char *
card_label (CassinoCard card)
{
  /* Translators: card ranks as printed on cards, in order A 2 3 … 10 J Q K,
   * separated by |; use your language's letters (e.g. German A|2|…|10|B|D|K) */
  const char *ranks = C_("card ranks", "A|2|3|4|5|6|7|8|9|10|J|Q|K");
  g_auto(GStrv) parts = g_strsplit (ranks, "|", -1);
  guint rank = CASSINO_CARD_RANK (card);
  const char *rank_text = g_strv_length (parts) == 13 ? parts[rank - 1] : "?";

  return g_strconcat (rank_text, suit_symbol (CASSINO_CARD_SUIT (card)), NULL);
}

static char *
cards_label (CassinoCards set)
{
  GString *s = g_string_new (NULL);
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, set)
    {
      g_autofree char *l = card_label (c);

      if (s->len)
        g_string_append (s, " ");
      g_string_append (s, l);
    }
  return g_string_free (s, FALSE);
}

char *
cassino_ai_reason_to_string (const CassinoRules    *rules,
                             const CassinoAiReason *reason)
{
  const CassinoMove *m = &reason->move;
  g_autofree char *card = card_label (m->card);
  g_autofree char *set = cards_label (m->set);
  GString *s = g_string_new (NULL);

  switch (m->type)
    {
    case CASSINO_MOVE_CLAIM:
      /* Translators: %s are cards */
      g_string_append_printf (s, _("Call “Cassino!” and claim %s."), set);
      break;

    case CASSINO_MOVE_CAPTURE:
      /* Translators: "Take 7♦ 2♥ A♥ with 10♣" */
      g_string_append_printf (s, _("Take %s with %s"), set, card);
      g_string_append (s, ": ");
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards",
                                              reason->cards_taken), reason->cards_taken);
      if (reason->points_taken)
        {
          g_string_append (s, ", ");
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE, "%u point", "%u points",
                                                  reason->points_taken), reason->points_taken);
        }
      if (reason->sweep)
        {
          g_string_append (s, ", ");
          g_string_append (s, _("and a sweep"));
        }
      g_string_append (s, ".");
      break;

    case CASSINO_MOVE_BUILD:
      if (m->flags & CASSINO_MOVE_FLAG_MULTIPLE)
        /* Translators: "Build 5 with 5♦ on 5♣ (a multiple build)" */
        g_string_append_printf (s, _("Build %u with %s on %s (a multiple build)."), m->value, card, set);
      else
        /* Translators: "Build 8 with 5♥ on 3♣" */
        g_string_append_printf (s, _("Build %u with %s on %s."), m->value, card, set);
      g_string_append (s, " ");
      if (reason->build_unseen_takers == 0)
        g_string_append (s, _("It is safe: every card that could take it has been seen."));
      else
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                "%u card that could take it is still unseen.",
                                                "%u cards that could take it are still unseen.",
                                                reason->build_unseen_takers),
                                reason->build_unseen_takers);
      break;

    case CASSINO_MOVE_TRAIL:
    default:
      /* Translators: "Trail 7♥" */
      g_string_append_printf (s, _("Trail %s."), card);
      if (reason->leaves_sweep)
        {
          g_string_append (s, " ");
          g_string_append (s, _("Careful: the next player may be able to sweep."));
        }
      else if (reason->exposed_points)
        {
          g_string_append (s, " ");
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "%u point is left on the table.",
                                                  "%u points are left on the table.",
                                                  reason->exposed_points),
                                  reason->exposed_points);
        }
      else
        {
          g_string_append (s, " ");
          g_string_append (s, _("Nothing of value is left exposed."));
        }
      break;
    }
  (void) rules;
  return g_string_free (s, FALSE);
}
