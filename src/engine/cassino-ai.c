/* cassino-ai.c: computer players from beginner to master, and hints
 *
 * Every level sees only a CassinoView: its own hand, the table, the piles,
 * the counts of the other hands and the stock, and the set of cards it has
 * not seen.
 *
 * - beginner and easy judge a move by what it takes now (static card
 *   values); beginner slips now and then.
 * - medium counts cards: a card is worth its named points plus what it
 *   adds to "most cards" / "most spades" as the counts stand in this deal
 *   (values_init_counting); a move is worth what it takes, minus what the
 *   next opponent can expect to take after it over the unseen cards (a
 *   build it owns is a sure take), plus part of what the seat can take next
 *   with the cards it keeps (expected_reply, medium_value).
 * - hard and expert deal the unseen cards at random (determinization),
 *   play every candidate move on the same sampled deals for a few plies
 *   with a one-ply policy that sees the sampled hands, and judge the cut
 *   with evaluate_cut() (named points, sweeps, the expected "most"
 *   categories, builds credited to their owners); the best mean wins
 *   (perfect-information Monte Carlo with short playouts: full playouts to
 *   the end of the deal were measured to be too noisy).  Expert samples
 *   more, looks at more candidates and, once it can see every card left
 *   (the last hand of a two-sided deal), solves the rest exactly.
 * - master is the same search on a budget (time in the app, sampled deals
 *   in the CLI): every legal move a candidate, the weaker half dropped
 *   every MASTER_HALVING deals, playouts to the end of the hand, and once
 *   the stock is out every sampled deal solved exactly (the last hand of
 *   three or more players).  Hints are master's search.
 * - from medium up, a move that another legal move with the same card
 *   dominates is never made (drop_dominated()).
 * - the sampled deals are consistent with what the seat has seen: the
 *   owner of a build holds a card that takes it, and the plays the others
 *   made in this hand weigh the deals (a player who trailed while a card
 *   it might hold could have taken points probably does not hold that
 *   card: Inference, sample_consistent()).  Measured: knowing the other
 *   hand outright is worth about two points a deal against easy, and this
 *   reading wins back a third of a point of it.
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

static void
view_copy (CassinoView       *dest,
           const CassinoView *src)
{
  *dest = *src;
  if (src->history)
    dest->history = g_array_copy (src->history);
}

/* Tuning constants (measured with cassino-cli simulate; BENCHMARKS.md) */

#define MOST_SIGMA_SLOPE   0.8f   /* spread of a "most" race: slope * sqrt(cards left) + base */
#define MOST_SIGMA_BASE    1.0f
#define PARTNER_SHARE      0.5f   /* a partner's capture next, as a share of one's own */
#define POLICY_FOLLOW      0.5f   /* playouts: weight of what the mover can take next */
#define MEDIUM_FOLLOW      0.6f   /* medium: weight of what the seat can take next */
#define HARD_SAMPLES       16
#define EXPERT_SAMPLES     48
#define HARD_CANDIDATES    6
#define EXPERT_CANDIDATES  10
/* hints: the expert's search with more sampled deals and every candidate
 * searched; sampling noise then no longer decides near ties (a 48-deal
 * search now and then preferred trailing an ace to a worthless ten).  A
 * time limit stops it only after the expert's own number of deals. */
#define HINT_SAMPLES       1024
#define HINT_CANDIDATES    32
/* master: sampled deals without a time limit (the CLI's default), the
 * most it samples within a time limit, how often the weakest half of the
 * candidates is dropped, and the solver's limits: nodes for one sampled
 * deal (every candidate) before playouts take over, and for a deal where
 * every card is known */
#define MASTER_SAMPLES     320
#define MASTER_MAX_SAMPLES 100000
#define MASTER_HALVING     64
#define MASTER_MIN_ACTIVE  3
#define MASTER_EXACT_NODES 60000
#define MASTER_SOLVE_NODES 8000000
#define MASTER_EXACT_TOTAL 3000000
#define PRIOR_PULL         0.05   /* search: pull of the one-ply judgement on near ties */
#define HORIZON_PER_SEAT   2      /* playout plies per player before the cut */
#define HORIZON_HAND_END   G_MAXUINT  /* playouts to the end of the hand (master) */
#define INFERENCE_SKILL    4.0f   /* how surely the others take what is worth taking */
#define INFERENCE_TRIES    32     /* sampled deals tried for each one kept */

/* Card values: what capturing a card is worth */

typedef struct {
  const CassinoRules *rules;
  float               card[CASSINO_N_CARDS];  /* points for capturing it */
  float               sweep;
} Values;

/* The points a card scores by name under @r (not the "most" categories). */
static float
named_points (const CassinoRules *r,
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
static void
values_init (Values             *v,
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
      val = per_card + named_points (r, c);
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
static void
values_init_counting (Values             *v,
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
      val = named_points (r, c) + unit_cards;
      if (suit_cards & CASSINO_CARD_BIT (c))
        val += unit_suit;
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

/* The immediate worth of a move for the greedy levels: what it takes, plus
 * a share of what a build of its own promises, minus what a trail gives
 * away. */
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

/* What a move takes now, for the counting levels. */
static inline float
taken_now (const Values      *v,
           const CassinoMove *m)
{
  switch (m->type)
    {
    case CASSINO_MOVE_CLAIM:
      return values_of (v, m->set);
    case CASSINO_MOVE_CAPTURE:
      return values_of (v, m->set | CASSINO_CARD_BIT (m->card)) +
             ((m->flags & CASSINO_MOVE_FLAG_SWEEP) ? v->sweep : 0);
    default:
      return 0;
    }
}

/* The best that @hand can take for @seat in @pos (claims included). */
static float
best_capture (const Values          *v,
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

/* Sampling the unseen cards (determinization) */

/* Reading the others' plays.  A seat's hand now was dealt at the start of
 * this hand, so every play it made since then was made holding these
 * cards: a player who trailed while holding a card that could have taken
 * something worth having probably did not hold that card.  The plays of
 * the current hand are replayed (the table at the deal's start is every
 * card now on the table or in a pile that nobody played), and a sampled
 * deal is kept with the odds that the players would have made those plays
 * with the hands it gives them (exp (-SKILL × the value they left)). */

#define MAX_OBSERVATIONS 24

typedef struct {
  CassinoPosition before;    /* hands empty */
  guint8          seat;
  float           value;     /* what the play was worth to its player */
  float           gain;      /* the play as the easy level judges moves */
  gboolean        last_play;
} Observation;

typedef struct {
  const Values *v;
  const Values *plain;       /* the easy level's values */
  const gint8  *seat_levels; /* CassinoView.levels */
  float         skill;
  guint         n;
  Observation   obs[MAX_OBSERVATIONS];
} Inference;

/* A seat shown as the easy computer plays the move that takes most now
 * (move_gain), nothing else: its plays say exactly what it did not hold,
 * and in a sampled deal its moves can be foreseen. */
#define EASY_SKILL 12.0f

static gboolean
plays_greedy (const gint8 *seat_levels,
              guint        seat)
{
  return seat_levels && seat < CASSINO_MAX_PLAYERS && seat_levels[seat] == CASSINO_LEVEL_EASY;
}

/* The easy level's move for @seat holding @hand in @pos, and its gain. */
static float
greedy_move (const Values          *plain,
             const CassinoPosition *pos,
             guint                  seat,
             CassinoCards           hand,
             gboolean               last_play,
             CassinoMoveList       *scratch,
             CassinoMove           *out)
{
  float best = -G_MAXFLOAT;

  scratch->len = 0;
  cassino_position_legal_moves_for_hand (pos, seat, hand, last_play, scratch);
  for (guint i = 0; i < scratch->len; i++)
    {
      float g = move_gain (plain, pos, &scratch->moves[i], last_play);

      if (g > best)
        {
          best = g;
          if (out)
            *out = scratch->moves[i];
        }
    }
  return best;
}

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

static void
inference_init (Inference         *inf,
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
          o->gain = move_gain (plain, &p, &pl->move, FALSE);
        }
      /* keep some hand non-empty so that nothing is dealt or ended */
      p.hands[pl->seat] = bit;
      p.hands[keeper] |= bit;
      cassino_position_apply (&p, &pl->move, NULL);
      k++;
    }
}

/* The odds of the observed plays with the hands of @sample. */
static float
inference_weight (const Inference       *inf,
                  const CassinoPosition *sample,
                  CassinoMoveList       *scratch)
{
  float missed = 0;

  for (guint i = 0; i < inf->n; i++)
    {
      const Observation *o = &inf->obs[i];
      float best;

      if (plays_greedy (inf->seat_levels, o->seat))
        {
          /* what it played was its greediest move, or it did not hold
           * the cards that would have given a greedier one */
          CassinoCards hand = sample->hands[o->seat];

          best = greedy_move (inf->plain, &o->before, o->seat, hand, o->last_play, scratch, NULL);
          if (best > o->gain + 0.001f)
            missed += (EASY_SKILL / inf->skill) * (best - o->gain);
          continue;
        }
      best = best_capture (inf->v, &o->before, o->seat, sample->hands[o->seat], FALSE, scratch);
      if (best > o->value)
        missed += best - o->value;
    }
  return expf (-inf->skill * missed);
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

/* Deal the unseen cards at random among the other hands and the stock,
 * consistently with what the seat knows: the owner of a build holds a
 * card that takes it (rejection sampling, so that the deals keep their
 * true odds; after many misses a taker is put into the hand). */
#define SAMPLE_TRIES 64

static void
sample_position (const CassinoView *view,
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
static void
sample_consistent (const CassinoView *view,
                   const Inference   *inf,
                   CassinoRng        *rng,
                   CassinoMoveList   *scratch,
                   CassinoPosition   *out)
{
  CassinoPosition best_pos;
  float best_w = -1;

  if (inf->n == 0)
    {
      sample_position (view, rng, out);
      return;
    }
  for (guint t = 0; t < INFERENCE_TRIES; t++)
    {
      float w;

      sample_position (view, rng, out);
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

/* Evaluation of a finished deal for @side: its points minus the best
 * other side's. */
static float
evaluate_deal (const CassinoPosition *pos,
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
static float
evaluate_cut (const CassinoPosition *pos,
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
    return evaluate_deal (pos, side);
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
        named[s] += named_points (r, c);
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
  reply = best_capture (v, &after, next, after.hands[next],
                        cassino_position_is_last_play (&after), scratch);
  if (cassino_rules_side_of (r, next) == mover_side)
    reply = -PARTNER_SHARE * reply;
  follow = after.hand_number == pos->hand_number ?
           best_capture (v, &after, mover, after.hands[mover], FALSE, scratch) : 0;
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
  if (plain && plays_greedy (seat_levels, pos->to_move) && list->len > 1)
    {
      gboolean last = cassino_position_is_last_play (pos);

      for (guint i = 0; i < list->len; i++)
        {
          float g = move_gain (plain, pos, &list->moves[i], last);

          if (g > best)
            {
              best = g;
              best_i = i;
            }
        }
      *out = list->moves[best_i];
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

static float
playout (const Values    *v,
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
  return evaluate_cut (pos, side);
}

/* A candidate move of the root search: the one-ply judgement, and the sum
 * and number of its searched values */
typedef struct {
  CassinoMove move;
  float       prior;
  double      total;
  guint       n;
  gboolean    dominated;   /* kept only to be valued (an evaluation), never chosen */
} Candidate;

/* Exact solver for positions where every card left is known */

typedef struct {
  guint         side;
  guint64       nodes;
  guint64       max_nodes;
  gboolean      aborted;
  GCancellable *cancellable;
  gint64        deadline;   /* monotonic µs, 0: none */
  const Values *plain;      /* with seat_levels: a seat known to play the */
  const gint8  *seat_levels;/* easy level's way makes the easy level's move */
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
  if (s->plain && plays_greedy (s->seat_levels, pos->to_move) && list.len > 1)
    {
      /* its move is known: the greediest */
      gboolean last = cassino_position_is_last_play (pos);
      float top = -G_MAXFLOAT;
      guint top_i = 0;

      for (guint i = 0; i < list.len; i++)
        {
          float g = move_gain (s->plain, pos, &list.moves[i], last);

          if (g > top)
            {
              top = g;
              top_i = i;
            }
        }
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
static gboolean
solve_candidates (Solver                *s,
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

/* Heuristics of the card-counting level */

/* What @opp can expect to take from the table of @pos, not knowing its
 * hand: the best capture of each unseen card, weighted by the chance that
 * @opp holds it (the expected best of its @opp_hand cards). */
static float
expected_reply (const Values          *v,
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

/* The position after the seat's move @m, as far as the seat can tell:
 * no cards dealt (the view has no stock order), the deal not ended (the
 * other hands are unknown, not empty). */
static void
view_apply (const CassinoView *view,
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

/* The card-counting one-ply judgement: what the move takes now, minus what
 * the next opponent can expect to take after it, plus part of what the
 * seat can take next with the cards it keeps (a build of its own, a card
 * it trailed to pair later). */
static float
medium_value (const Values      *v,
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
  view_apply (view, m, &after);

  if (cassino_rules_side_of (r, next) != side)
    reply = expected_reply (v, &after, next, view->unseen, view->hand_sizes[next], scratch, NULL);
  if (rest)
    follow = best_capture (v, &after, view->seat, rest, FALSE, scratch);
  if (m->type == CASSINO_MOVE_TRAIL)
    gain -= 0.01f * v->card[m->card];
  return gain - reply + MEDIUM_FOLLOW * follow;
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
      return HARD_SAMPLES;
    case CASSINO_LEVEL_EXPERT:
      return EXPERT_SAMPLES;
    default:
      return 0;
    }
}

static guint
candidate_limit (CassinoLevel level,
                 gboolean     hint)
{
  if (hint)
    return HINT_CANDIDATES;
  return level == CASSINO_LEVEL_EXPERT ? EXPERT_CANDIDATES : HARD_CANDIDATES;
}


static int
compare_candidates (const void *a,
                    const void *b)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->dominated != y->dominated)
    return x->dominated ? 1 : -1;
  if (x->prior != y->prior)
    return x->prior > y->prior ? -1 : 1;
  return cassino_move_compare (&x->move, &y->move);
}

/* Candidates by their search mean (with the pull of the one-ply
 * judgement), best first. */
static int
compare_means (const void *a,
               const void *b)
{
  const Candidate *x = a;
  const Candidate *y = b;
  double mx = (x->n ? x->total / x->n : -G_MAXDOUBLE) + PRIOR_PULL * x->prior;
  double my = (y->n ? y->total / y->n : -G_MAXDOUBLE) + PRIOR_PULL * y->prior;

  if (mx != my)
    return mx > my ? -1 : 1;
  return cassino_move_compare (&x->move, &y->move);
}

/* Whether move @b does everything @a does and more, with the same card:
 * a capture that takes a strict superset, the extra cards all loose (the
 * same builds taken); or a build of the same value that also merges
 * whole builds of that value which the seat's side owns (rules.md §3). */
static gboolean
move_dominates (const CassinoPosition *pos,
                guint                  seat,
                const CassinoMove     *b,
                const CassinoMove     *a)
{
  const CassinoRules *r = pos->rules;
  CassinoCards extra;

  if (a->type != b->type || a->card != b->card || (a->set & ~b->set) || a->set == b->set)
    return FALSE;
  extra = b->set & ~a->set;
  switch (a->type)
    {
    case CASSINO_MOVE_CAPTURE:
      return (extra & ~pos->loose) == 0;
    case CASSINO_MOVE_BUILD:
      if (a->value != b->value)
        return FALSE;
      for (guint i = 0; i < pos->n_builds; i++)
        {
          const CassinoBuild *bd = &pos->builds[i];
          CassinoCards in = extra & bd->cards;

          if (!in)
            continue;
          if (in != bd->cards || bd->value != a->value || bd->owner < 0 ||
              cassino_rules_side_of (r, (guint) bd->owner) != cassino_rules_side_of (r, seat))
            return FALSE;
          extra &= ~bd->cards;
        }
      return extra == 0;
    default:
      return FALSE;
    }
}

/* Drop the moves another legal move dominates (move_dominates()): taking
 * less than the same card could take, or a second build of a value the
 * side already owns instead of merging it.  Taking more never leaves the
 * next player more to take, and a merged build cannot be raised, so the
 * dominated move is never better; keeping it would only let move ordering
 * or sampling noise choose it. */
static void
drop_dominated (const CassinoPosition *pos,
                guint                  seat,
                CassinoMoveList       *list,
                gboolean              *out_dominated)
{
  guint n = 0;

  for (guint i = 0; i < list->len; i++)
    {
      gboolean dominated = FALSE;

      for (guint j = 0; j < list->len && !dominated; j++)
        dominated = j != i && move_dominates (pos, seat, &list->moves[j], &list->moves[i]);
      if (out_dominated)
        out_dominated[i] = dominated;   /* kept, marked */
      else if (!dominated)
        list->moves[n++] = list->moves[i];
    }
  if (!out_dominated)
    list->len = n;
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
  CassinoPosition after;
  CassinoMoveList scratch;
  Values named;
  CassinoCard c;

  /* points in the hint are the card's named points, plus 3 … per card
   * would be a guess: count only what scores by name */
  named.rules = r;
  named.sweep = v->sweep;
  for (guint i = 0; i < CASSINO_N_CARDS; i++)
    named.card[i] = named_points (r, i);

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
        reason->points_taken += (guint) floorf (named.card[c] + 0.01f);
      reason->sweep = (m->flags & CASSINO_MOVE_FLAG_SWEEP) != 0;
    }
  if (m->type == CASSINO_MOVE_BUILD)
    CASSINO_CARDS_FOREACH (c, view->unseen)
      if (r->card_values[c] & (1u << m->value))
        reason->build_unseen_takers++;

  cassino_move_list_init (&scratch);
  view_apply (view, m, &after);
  if (cassino_rules_side_of (r, next) != cassino_rules_side_of (r, view->seat))
    expected_reply (&named, &after, next, view->unseen, view->hand_sizes[next], &scratch,
                    &reason->leaves_sweep);
  cassino_move_list_clear (&scratch);
  CASSINO_CARDS_FOREACH (c, after.loose)
    reason->exposed_points += (guint) floorf (named.card[c] + 0.01f);
}

/* moves an evaluation does not search: the first is the choice, the rest
 * are never played (a Cassino! claim is always taken) */
static void
append_values (GArray            *all,
               const CassinoMove *moves,
               guint              n,
               guint              chosen)
{
  for (guint i = 0; i < n; i++)
    g_array_append_vals (all, &(CassinoAiMoveValue) { moves[i], i < chosen ? 0.0 : -G_MAXDOUBLE }, 1);
}

static gboolean
choose_internal (const CassinoView     *view,
                 CassinoLevel           level,
                 gboolean               hint,
                 const CassinoAiBudget *budget,
                 guint64                seed,
                 GCancellable          *cancellable,
                 CassinoAiReason       *out,
                 GArray                *all)
{
  const CassinoPosition *pos = &view->pos;
  const CassinoRules *r = pos->rules;
  guint side = cassino_rules_side_of (r, view->seat);
  CassinoMoveList list, scratch;
  Values v, counting;
  CassinoRng rng;
  gint64 start = g_get_monotonic_time ();
  Candidate *cands = NULL;
  guint n_cands, n_choosable = 0;
  gboolean *dominated;
  guint best = 0;
  guint iterations = 0;
  gboolean ok = TRUE;

  values_init (&v, r);
  values_init_counting (&counting, r, pos->piles, side);
  cassino_rng_init (&rng, seed ^ G_GUINT64_CONSTANT (0x5ca1ab1e));
  memset (out, 0, sizeof *out);

  cassino_move_list_init (&list);
  cassino_move_list_init (&scratch);
  cassino_position_legal_moves_for_hand (pos, view->seat, pos->hands[view->seat],
                                         view_is_last_play (view), &list);
  if (list.len == 0)
    {
      cassino_move_list_clear (&list);
      return FALSE;
    }

  /* an evaluation values the dominated moves too, but never chooses one */
  dominated = g_new0 (gboolean, list.len);
  if (level >= CASSINO_LEVEL_MEDIUM)
    drop_dominated (pos, view->seat, &list, all ? dominated : NULL);

  /* a Cassino! claim is free cards: always take it */
  if (list.moves[0].type == CASSINO_MOVE_CLAIM || list.len == 1)
    {
      fill_reason (&v, view, &list.moves[0], out);
      if (all)
        append_values (all, list.moves, list.len, 1);
      cassino_move_list_clear (&list);
      g_free (dominated);
      return TRUE;
    }

  n_cands = list.len;
  cands = g_new0 (Candidate, n_cands);
  for (guint i = 0; i < n_cands; i++)
    {
      cands[i].move = list.moves[i];
      cands[i].dominated = dominated[i];
      n_choosable += !dominated[i];
      switch (level)
        {
        case CASSINO_LEVEL_BEGINNER:
        case CASSINO_LEVEL_EASY:
          cands[i].prior = move_gain (&v, pos, &list.moves[i], FALSE);
          break;
        default:
          cands[i].prior = medium_value (&counting, view, &list.moves[i], &scratch);
          break;
        }
    }
  cassino_move_list_clear (&list);
  cassino_move_list_clear (&scratch);
  g_free (dominated);
  /* best first by the one-ply judgement, dominated moves last */
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
      for (guint i = 0; all && i < n_cands; i++)
        g_array_append_vals (all, &(CassinoAiMoveValue) { cands[i].move, cands[i].prior }, 1);
      break;

    case CASSINO_LEVEL_HARD:
    case CASSINO_LEVEL_EXPERT:
    case CASSINO_LEVEL_MASTER:
    default:
      {
        gboolean master = level == CASSINO_LEVEL_MASTER;
        /* an evaluation searches every move, and chooses among those the
         * level would search: its choice is the level's (the hint's) */
        guint choose_limit = master ? n_choosable : MIN (n_choosable, candidate_limit (level, hint));
        guint limit = all ? n_cands : choose_limit;
        guint time_ms = budget ? budget->time_ms : 0;
        guint max_iter = budget && budget->iterations ? budget->iterations :
                         hint ? HINT_SAMPLES :
                         master ? (time_ms ? MASTER_MAX_SAMPLES : MASTER_SAMPLES) :
                         default_iterations (level);
        /* a hint is never a shallower search than the expert's move */
        guint min_iter = hint ? MIN (max_iter, EXPERT_SAMPLES) : 1;
        /* master stops with a tenth of its time to spare (the reason, the
         * thread); the others at the limit */
        gint64 deadline = time_ms ? start + (gint64) time_ms * (master ? 900 : 1000) : 0;
        guint horizon = HORIZON_PER_SEAT * r->n_players;
        guint active = MIN (limit, n_cands);
        double pull = PRIOR_PULL;
        /* master solves every sampled deal exactly once the stock is out
         * (the last hand of three or more players), while that fits */
        gboolean exact_samples = master && view->stock_count == 0;
        guint64 exact_nodes = 0;
        Inference inf;
        float *vals;

        /* master plays every sampled deal out to the end of the hand,
         * where every hand is empty and the cut misses nothing held (not
         * where every play draws: no hand ends before the deal does) */
        if (master && !r->draw_after_play)
          horizon = HORIZON_HAND_END;
        vals = g_new (float, n_cands);

        if ((level == CASSINO_LEVEL_EXPERT || master) && view_is_perfect (view))
          {
            /* exact: every card left is known */
            Solver s = { side, 0, master ? MASTER_SOLVE_NODES : 4000000, FALSE, cancellable,
                         time_ms ? start + (gint64) time_ms * 1000 * 2 / 3 : 0,
                         &v, view->levels };
            CassinoPosition exact;
            float best_val = -G_MAXFLOAT;

            sample_position (view, &rng, &exact);
            if (solve_candidates (&s, &exact, cands, n_cands, vals))
              {
                for (guint i = 0; i < n_cands; i++)
                  {
                    if (vals[i] > best_val && !cands[i].dominated)
                      {
                        best_val = vals[i];
                        best = i;
                      }
                    if (all)
                      g_array_append_vals (all, &(CassinoAiMoveValue) { cands[i].move, vals[i] }, 1);
                  }
                out->value = best_val;
                out->iterations = (guint) MIN (s.nodes, G_MAXUINT);
                g_free (vals);
                break;
              }
            if (g_cancellable_is_cancelled (cancellable))
              {
                ok = FALSE;
                g_free (vals);
                break;
              }
            /* too big to solve: fall back to sampling */
            for (guint i = 0; i < n_cands; i++)
              cands[i].total = cands[i].n = 0;
            best = 0;
            exact_samples = FALSE;
          }

        cassino_move_list_init (&scratch);
        inference_init (&inf, view, &counting, &v);
        for (iterations = 0; iterations < max_iter; iterations++)
          {
            CassinoPosition sample;
            gboolean solved = FALSE;

            if (g_cancellable_is_cancelled (cancellable))
              {
                ok = FALSE;
                break;
              }
            if (deadline && iterations >= min_iter && g_get_monotonic_time () >= deadline)
              break;
            /* without a time limit, the exact samples stop at a number of
             * nodes (reproducible) */
            if (!deadline && exact_nodes > MASTER_EXACT_TOTAL && iterations >= min_iter)
              break;

            /* the same sampled deal for every candidate: fair comparison */
            sample_consistent (view, &inf, &rng, &scratch, &sample);
            if (exact_samples)
              {
                Solver s = { side, 0, MASTER_EXACT_NODES, FALSE, cancellable, deadline,
                             &v, view->levels };

                solved = solve_candidates (&s, &sample, cands, active, vals);
                exact_nodes += s.nodes;
                if (!solved)
                  {
                    if (s.nodes <= s.max_nodes)
                      {
                        /* cancelled or out of time: this deal does not count */
                        if (g_cancellable_is_cancelled (cancellable))
                          ok = FALSE;
                        break;
                      }
                    /* too big to solve in the budget: playouts from now on */
                    exact_samples = FALSE;
                  }
              }
            if (!solved)
              {
                gboolean late = FALSE;

                for (guint i = 0; i < active && !late; i++)
                  {
                    CassinoPosition p = sample;

                    cassino_position_apply (&p, &cands[i].move, NULL);
                    vals[i] = playout (&counting, &v, view->levels, &p, side, horizon);
                    /* master: a deal not finished in time does not count */
                    late = master && deadline && iterations >= min_iter && (i & 7) == 7 &&
                           g_get_monotonic_time () >= deadline;
                  }
                if (late)
                  break;
              }
            for (guint i = 0; i < active; i++)
              {
                cands[i].total += vals[i];
                cands[i].n++;
              }

            /* master: now and then the weaker half of the candidates is
             * dropped, and its samples go to the rest */
            if (master && !hint && (iterations + 1) % MASTER_HALVING == 0 &&
                active > MASTER_MIN_ACTIVE)
              {
                guint keep = MAX (MASTER_MIN_ACTIVE, (active + 1) / 2);

                qsort (cands, active, sizeof (Candidate), compare_means);
                active = keep;
              }
          }

        cassino_move_list_clear (&scratch);
        g_free (vals);
        if (ok && cands[0].n == 0)
          {
            /* not one deal in the time: the one-ply judgement */
            best = 0;
            out->value = cands[0].prior;
            out->iterations = 0;
          }
        else if (ok)
          {
            double best_mean = -G_MAXDOUBLE;

            for (guint i = 0; i < active; i++)
              {
                /* a small pull towards the heuristic breaks near-ties sensibly */
                double mean = cands[i].n ? cands[i].total / cands[i].n : -G_MAXDOUBLE;

                mean += pull * cands[i].prior;
                if (all)
                  g_array_append_vals (all, &(CassinoAiMoveValue) { cands[i].move, mean }, 1);
                if (mean > best_mean && i < choose_limit)
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

  return choose_internal (view, level, FALSE, budget, seed, cancellable, out_reason, NULL);
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
                 GCancellable          *cancellable,
                 CassinoAiReason       *out_reason)
{
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (out_reason != NULL, FALSE);

  return choose_internal (view, CASSINO_LEVEL_MASTER, TRUE, budget, seed, cancellable, out_reason, NULL);
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

  if (!choose_internal (view, level, TRUE, budget, seed, cancellable, &reason, all))
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
      {
        /* Translators: part of the reason for a capture, e.g. "3 cards"; it goes
         * into "Take %s with %s: %s…" below */
        g_autofree char *cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards",
                                                               reason->cards_taken),
                                                  reason->cards_taken);

        if (reason->points_taken && reason->sweep)
          /* Translators: the reason for a capture: the cards taken, the card played,
           * "3 cards" and the points, e.g. "Take 7♦ 2♥ A♥ with 10♣: 3 cards, 2 points and a sweep." */
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "Take %s with %s: %s, %u point and a sweep.",
                                                  "Take %s with %s: %s, %u points and a sweep.",
                                                  reason->points_taken),
                                  set, card, cards, reason->points_taken);
        else if (reason->points_taken)
          /* Translators: the reason for a capture, e.g. "Take 7♦ 2♥ A♥ with 10♣: 3 cards, 2 points." */
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "Take %s with %s: %s, %u point.",
                                                  "Take %s with %s: %s, %u points.",
                                                  reason->points_taken),
                                  set, card, cards, reason->points_taken);
        else if (reason->sweep)
          /* Translators: the reason for a capture, e.g. "Take 7♦ 2♥ with 9♣: 2 cards and a sweep." */
          g_string_append_printf (s, _("Take %s with %s: %s and a sweep."), set, card, cards);
        else
          /* Translators: the reason for a capture, e.g. "Take 7♦ 2♥ with 9♣: 2 cards." */
          g_string_append_printf (s, _("Take %s with %s: %s."), set, card, cards);
      }
      break;

    case CASSINO_MOVE_BUILD:
      if (reason->build_unseen_takers == 0)
        {
          if (m->flags & CASSINO_MOVE_FLAG_MULTIPLE)
            /* Translators: "Build 5 with 5♦ on 5♣ (a multiple build). It is safe: …" */
            g_string_append_printf (s, _("Build %u with %s on %s (a multiple build). "
                                         "It is safe: every card that could take it has been seen."),
                                    m->value, card, set);
          else
            /* Translators: "Build 8 with 5♥ on 3♣. It is safe: …" */
            g_string_append_printf (s, _("Build %u with %s on %s. "
                                         "It is safe: every card that could take it has been seen."),
                                    m->value, card, set);
        }
      else if (m->flags & CASSINO_MOVE_FLAG_MULTIPLE)
        /* Translators: "Build 5 with 5♦ on 5♣ (a multiple build). 2 cards that could take it are still unseen." */
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                "Build %u with %s on %s (a multiple build). "
                                                "%u card that could take it is still unseen.",
                                                "Build %u with %s on %s (a multiple build). "
                                                "%u cards that could take it are still unseen.",
                                                reason->build_unseen_takers),
                                m->value, card, set, reason->build_unseen_takers);
      else
        /* Translators: "Build 8 with 5♥ on 3♣. 2 cards that could take it are still unseen." */
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                "Build %u with %s on %s. "
                                                "%u card that could take it is still unseen.",
                                                "Build %u with %s on %s. "
                                                "%u cards that could take it are still unseen.",
                                                reason->build_unseen_takers),
                                m->value, card, set, reason->build_unseen_takers);
      break;

    case CASSINO_MOVE_TRAIL:
    default:
      if (reason->leaves_sweep)
        /* Translators: "Trail 7♥. Careful: …" */
        g_string_append_printf (s, _("Trail %s. Careful: the next player may be able to sweep."), card);
      else if (reason->exposed_points)
        /* Translators: "Trail 7♥. 2 points are left on the table." */
        g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                "Trail %s. %u point is left on the table.",
                                                "Trail %s. %u points are left on the table.",
                                                reason->exposed_points),
                                card, reason->exposed_points);
      else
        /* Translators: "Trail 7♥. Nothing of value is left exposed." */
        g_string_append_printf (s, _("Trail %s. Nothing of value is left exposed."), card);
      break;
    }
  (void) rules;
  return g_string_free (s, FALSE);
}
