/* cassino-score.c: scoring a deal (rules.md §6)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-score.h"

static const struct {
  const char *id;
  const char *title;
} categories[CASSINO_N_ALL_CATEGORIES] = {
  /* Translators: scoring category: the most cards captured */
  [CASSINO_CATEGORY_CARDS]          = { "cards",          NC_("category", "Cards") },
  /* Translators: scoring category: spades captured */
  [CASSINO_CATEGORY_SPADES]         = { "spades",         NC_("category", "Spades") },
  /* Translators: scoring category: the ten of diamonds */
  [CASSINO_CATEGORY_BIG_CASSINO]    = { "big-cassino",    NC_("category", "Big Cassino") },
  /* Translators: scoring category: the two of spades */
  [CASSINO_CATEGORY_LITTLE_CASSINO] = { "little-cassino", NC_("category", "Little Cassino") },
  /* Translators: scoring category */
  [CASSINO_CATEGORY_ACES]           = { "aces",           NC_("category", "Aces") },
  /* Translators: scoring category: clearing the table */
  [CASSINO_CATEGORY_SWEEPS]         = { "sweeps",         NC_("category", "Sweeps") },
  /* Translators: scoring category (Diamond Cassino) */
  [CASSINO_CATEGORY_DIAMONDS]       = { "diamonds",       NC_("category", "Diamonds") },
  /* Translators: scoring category (Diamond Cassino): the seven of diamonds */
  [CASSINO_CATEGORY_SEVEN_DIAMONDS] = { "seven-diamonds", NC_("category", "Seven of Diamonds") },
  /* Translators: scoring category (Diamond Cassino): all four sevens, sixes or aces */
  [CASSINO_CATEGORY_FOUR_OF_RANK]   = { "fours",          NC_("category", "Fours") },
  /* Translators: scoring category (Scopa): the best card of each suit */
  [CASSINO_CATEGORY_PRIMIERA]       = { "primiera",       NC_("category", "Primiera") },
  /* Translators: scoring category: the two of clubs */
  [CASSINO_CATEGORY_TWO_CLUBS]      = { "two-clubs",      NC_("category", "Two of Clubs") },
  /* Translators: scoring category: tens and court cards, one point each */
  [CASSINO_CATEGORY_HONOURS]        = { "honours",        NC_("category", "Tens and Courts") },
  /* Translators: scoring category (Pasur): seven clubs or more */
  [CASSINO_CATEGORY_CLUBS]          = { "clubs",          NC_("category", "Clubs") },
  /* Translators: scoring category (Pasur): each jack */
  [CASSINO_CATEGORY_JACKS]          = { "jacks",          NC_("category", "Jacks") },
};

const char *
cassino_category_to_string (CassinoCategory category)
{
  g_return_val_if_fail (category < CASSINO_N_ALL_CATEGORIES, NULL);
  return categories[category].id;
}

const char *
cassino_category_get_title (CassinoCategory category)
{
  g_return_val_if_fail (category < CASSINO_N_ALL_CATEGORIES, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "category", categories[category].title);
}

guint
cassino_scoring_base_total (const CassinoRules *rules)
{
  switch (rules->scoring)
    {
    case CASSINO_SCORING_SPADE:
      return 24;
    case CASSINO_SCORING_DIAMOND:
      return 9;
    case CASSINO_SCORING_SCOPA:
      return 4;
    case CASSINO_SCORING_XERI:
      return 21;
    case CASSINO_SCORING_TABLANETTE:
      return 25;
    case CASSINO_SCORING_CALLABRA:
      return 1;
    case CASSINO_SCORING_PASUR:
      return 20;     /* with two sides: one of them has seven clubs */
    case CASSINO_SCORING_DILOTI:
    case CASSINO_SCORING_CLASSIC:
    default:
      return 11;
    }
}

static void
add_event (CassinoDealScore *score,
           guint             side,
           CassinoCategory   category,
           CassinoCard       card,
           guint             points)
{
  CassinoScoreEvent *e;

  if (points == 0)
    return;
  g_assert (score->n_events < G_N_ELEMENTS (score->events));
  e = &score->events[score->n_events++];
  e->side = side;
  e->category = category;
  e->card = card;
  e->points = points;
  score->points[side][category] += points;
  score->total[side] += points;
}

static gint
side_holding (const CassinoCards *piles,
              guint               n_sides,
              CassinoCard         card)
{
  for (guint s = 0; s < n_sides; s++)
    if (piles[s] & CASSINO_CARD_BIT (card))
      return (gint) s;
  return -1;
}

static void
score_card (CassinoDealScore   *score,
            const CassinoCards *piles,
            CassinoCategory     category,
            CassinoCard         card,
            guint               points)
{
  gint side = side_holding (piles, score->n_sides, card);

  if (side >= 0)
    add_event (score, (guint) side, category, card, points);
}

/*
 * "Most" of something: the side with strictly more than every other scores,
 * when it is decided.  @out_count is how many of the cards in question are
 * still out; with @at_end they are all accounted for.
 */
static void
score_most (CassinoDealScore *score,
            const guint      *counts,
            guint             out_count,
            CassinoCategory   category,
            guint             points)
{
  for (guint s = 0; s < score->n_sides; s++)
    {
      gboolean secured = TRUE;

      for (guint t = 0; t < score->n_sides && secured; t++)
        if (t != s && counts[t] + out_count >= counts[s])
          secured = FALSE;
      if (secured)
        {
          add_event (score, s, category, CASSINO_NO_CARD, points);
          return;
        }
    }
}

guint
cassino_primiera (CassinoCards pile)
{
  /* by rank: A 16, 2 12, 3 13, 4 14, 5 15, 6 18, 7 21, 8-10 none, J Q K 10 */
  static const guint8 points[14] = { 0, 16, 12, 13, 14, 15, 18, 21, 0, 0, 0, 10, 10, 10 };
  guint total = 0;

  for (guint suit = 0; suit < 4; suit++)
    {
      guint best = 0;
      CassinoCard card;

      CASSINO_CARDS_FOREACH (card, pile & cassino_cards_of_suit (suit))
        best = MAX (best, points[CASSINO_CARD_RANK (card)]);
      if (best == 0)
        return 0;
      total += best;
    }
  return total;
}

static void
score_each (CassinoDealScore   *score,
            const CassinoRules *rules,
            const CassinoCards *piles,
            CassinoCategory     category,
            CassinoCards        cards,
            guint               points)
{
  CassinoCard card;

  CASSINO_CARDS_FOREACH (card, cards & rules->deck_cards)
    score_card (score, piles, category, card, points);
}

#define TWO_CLUBS CASSINO_CARD (2, CASSINO_SUIT_CLUBS)
#define RANKS(lo, hi) (((CassinoCards) G_GUINT64_CONSTANT (0xFFFFFFFFFFFFF) >> (4 * (13 - (hi)))) & \
                       ~(((CassinoCards) 1 << (4 * ((lo) - 1))) - 1))

/* family.md §2's scorings, sweeps apart */
static void
score_family (CassinoDealScore   *score,
              const CassinoRules *rules,
              const CassinoCards *piles,
              guint               out_count,
              CassinoCards        out_cards,
              gboolean            at_end)
{
  guint n_sides = rules->n_sides;
  CassinoCards aces = cassino_cards_of_rank (1);

  switch (rules->scoring)
    {
    case CASSINO_SCORING_SCOPA:
      {
        CassinoCards coins = cassino_cards_of_suit (CASSINO_SUIT_DIAMONDS);
        guint prim[CASSINO_MAX_SIDES];

        score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 1);
        score_most (score, score->n_diamonds, at_end ? 0 : cassino_cards_count (out_cards & coins),
                    CASSINO_CATEGORY_DIAMONDS, 1);
        score_card (score, piles, CASSINO_CATEGORY_SEVEN_DIAMONDS,
                    CASSINO_CARD (7, CASSINO_SUIT_DIAMONDS), 1);
        if (at_end)
          {
            gint best = -1;
            gboolean tie = FALSE;

            for (guint s = 0; s < n_sides; s++)
              {
                prim[s] = cassino_primiera (piles[s]);
                if (prim[s] == 0)
                  continue;
                if (best < 0 || prim[s] > prim[best])
                  {
                    best = (gint) s;
                    tie = FALSE;
                  }
                else if (prim[s] == prim[best])
                  tie = TRUE;
              }
            if (best >= 0 && !tie)
              add_event (score, (guint) best, CASSINO_CATEGORY_PRIMIERA, CASSINO_NO_CARD, 1);
          }
      }
      break;

    case CASSINO_SCORING_XERI:
      score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 3);
      score_card (score, piles, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_BIG_CASSINO, 2);
      score_card (score, piles, CASSINO_CATEGORY_TWO_CLUBS, TWO_CLUBS, 1);
      score_each (score, rules, piles, CASSINO_CATEGORY_HONOURS,
                  RANKS (10, 13) & ~CASSINO_CARD_BIT (CASSINO_BIG_CASSINO), 1);
      break;

    case CASSINO_SCORING_DILOTI:
      score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 4);
      score_card (score, piles, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_BIG_CASSINO, 2);
      score_card (score, piles, CASSINO_CATEGORY_LITTLE_CASSINO, CASSINO_LITTLE_CASSINO, 1);
      score_each (score, rules, piles, CASSINO_CATEGORY_ACES, aces, 1);
      break;

    case CASSINO_SCORING_TABLANETTE:
      score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 3);
      score_each (score, rules, piles, CASSINO_CATEGORY_ACES, aces, 1);
      score_each (score, rules, piles, CASSINO_CATEGORY_HONOURS, RANKS (10, 13), 1);
      score_card (score, piles, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_BIG_CASSINO, 1);
      score_card (score, piles, CASSINO_CATEGORY_TWO_CLUBS, TWO_CLUBS, 1);
      break;

    case CASSINO_SCORING_CALLABRA:
      score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 1);
      break;

    case CASSINO_SCORING_PASUR:
      {
        CassinoCards clubs = cassino_cards_of_suit (CASSINO_SUIT_CLUBS);

        for (guint s = 0; s < n_sides; s++)
          if (cassino_cards_count (piles[s] & clubs) >= 7)
            add_event (score, s, CASSINO_CATEGORY_CLUBS, CASSINO_NO_CARD, 7);
        score_card (score, piles, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_BIG_CASSINO, 3);
        score_card (score, piles, CASSINO_CATEGORY_TWO_CLUBS, TWO_CLUBS, 2);
        score_each (score, rules, piles, CASSINO_CATEGORY_ACES, aces, 1);
        score_each (score, rules, piles, CASSINO_CATEGORY_JACKS, cassino_cards_of_rank (CASSINO_RANK_JACK), 1);
      }
      break;

    default:
      g_assert_not_reached ();
    }
}

static const CassinoSuit ace_order[] = {
  CASSINO_SUIT_SPADES, CASSINO_SUIT_CLUBS, CASSINO_SUIT_HEARTS, CASSINO_SUIT_DIAMONDS,
};

static void
score_common (CassinoDealScore   *score,
              const CassinoRules *rules,
              const CassinoCards *piles,
              const guint8       *sweeps,
              const guint16      *sweep_points,
              const guint8       *sweep_order,
              guint               n_sweep_order,
              CassinoCards        out_cards,
              gboolean            at_end)
{
  guint n_sides = rules->n_sides;
  CassinoCards spades = cassino_cards_of_suit (CASSINO_SUIT_SPADES);
  CassinoCards diamonds = cassino_cards_of_suit (CASSINO_SUIT_DIAMONDS);
  guint out_count = at_end ? 0 : cassino_cards_count (out_cards);

  memset (score, 0, sizeof *score);
  score->n_sides = n_sides;
  for (guint s = 0; s < n_sides; s++)
    {
      score->n_cards[s] = cassino_cards_count (piles[s]);
      score->n_spades[s] = cassino_cards_count (piles[s] & spades);
      score->n_diamonds[s] = cassino_cards_count (piles[s] & diamonds);
      score->n_sweeps[s] = sweeps ? sweeps[s] : 0;
    }

  switch (rules->scoring)
    {
    case CASSINO_SCORING_CLASSIC:
      score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 3);
      score_most (score, score->n_spades,
                  at_end ? 0 : cassino_cards_count (out_cards & spades),
                  CASSINO_CATEGORY_SPADES, 1);
      score_card (score, piles, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_BIG_CASSINO, 2);
      score_card (score, piles, CASSINO_CATEGORY_LITTLE_CASSINO, CASSINO_LITTLE_CASSINO, 1);
      for (guint i = 0; i < G_N_ELEMENTS (ace_order); i++)
        score_card (score, piles, CASSINO_CATEGORY_ACES, CASSINO_CARD (1, ace_order[i]), 1);
      break;

    case CASSINO_SCORING_SPADE:
      /* most cards is counted at the end of the deal, even counting as you go */
      if (at_end)
        score_most (score, score->n_cards, 0, CASSINO_CATEGORY_CARDS, 3);
      for (guint rank = 1; rank <= 13; rank++)
        score_card (score, piles, CASSINO_CATEGORY_SPADES,
                    CASSINO_CARD (rank, CASSINO_SUIT_SPADES), rank == CASSINO_RANK_JACK ? 2 : 1);
      score_card (score, piles, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_BIG_CASSINO, 2);
      score_card (score, piles, CASSINO_CATEGORY_LITTLE_CASSINO, CASSINO_LITTLE_CASSINO, 1);
      for (guint i = 0; i < G_N_ELEMENTS (ace_order); i++)
        score_card (score, piles, CASSINO_CATEGORY_ACES, CASSINO_CARD (1, ace_order[i]), 1);
      break;

    case CASSINO_SCORING_DIAMOND:
      {
        static const guint four_ranks[] = { 7, 6, 1 };

        score_most (score, score->n_cards, out_count, CASSINO_CATEGORY_CARDS, 1);
        score_most (score, score->n_diamonds,
                    at_end ? 0 : cassino_cards_count (out_cards & diamonds),
                    CASSINO_CATEGORY_DIAMONDS, 1);
        score_card (score, piles, CASSINO_CATEGORY_SEVEN_DIAMONDS,
                    CASSINO_CARD (7, CASSINO_SUIT_DIAMONDS), 1);
        for (guint i = 0; i < G_N_ELEMENTS (four_ranks); i++)
          for (guint s = 0; s < n_sides; s++)
            if ((piles[s] & cassino_cards_of_rank (four_ranks[i])) ==
                cassino_cards_of_rank (four_ranks[i]))
              add_event (score, s, CASSINO_CATEGORY_FOUR_OF_RANK,
                         CASSINO_CARD (four_ranks[i], CASSINO_SUIT_CLUBS), 2);
      }
      break;

    default:
      score_family (score, rules, piles, out_count, out_cards, at_end);
      break;
    }

  /* sweeps last, in the order they were made */
  if (rules->scoring >= CASSINO_SCORING_SCOPA && rules->scoring != CASSINO_SCORING_SCOPA)
    {
      /* worth more than one point each: each side's sweeps in one go */
      static const guint8 plain[] = {
        [CASSINO_SCORING_XERI] = 10, [CASSINO_SCORING_DILOTI] = 10,
        [CASSINO_SCORING_TABLANETTE] = 0, [CASSINO_SCORING_CALLABRA] = 0,
        [CASSINO_SCORING_PASUR] = 5,
      };

      for (guint s = 0; s < n_sides; s++)
        {
          guint points = sweep_points ? sweep_points[s] : sweeps[s] * plain[rules->scoring];

          while (points > 0)
            {
              guint chunk = MIN (points, 200u);

              add_event (score, s, CASSINO_CATEGORY_SWEEPS, CASSINO_NO_CARD, chunk);
              points -= chunk;
            }
        }
    }
  else if (sweep_order)
    {
      for (guint i = 0; i < n_sweep_order; i++)
        add_event (score, sweep_order[i], CASSINO_CATEGORY_SWEEPS, CASSINO_NO_CARD, 1);
    }
  else
    for (guint s = 0; s < n_sides; s++)
      for (guint k = 0; k < sweeps[s]; k++)
        add_event (score, s, CASSINO_CATEGORY_SWEEPS, CASSINO_NO_CARD, 1);
}

void
cassino_deal_score_compute (CassinoDealScore   *score,
                            const CassinoRules *rules,
                            const CassinoCards *piles,
                            const guint8       *sweeps,
                            const guint8       *sweep_order,
                            guint               n_sweep_order)
{
  cassino_deal_score_compute_points (score, rules, piles, sweeps, NULL, sweep_order, n_sweep_order);
}

void
cassino_deal_score_compute_points (CassinoDealScore   *score,
                                   const CassinoRules *rules,
                                   const CassinoCards *piles,
                                   const guint8       *sweeps,
                                   const guint16      *sweep_points,
                                   const guint8       *sweep_order,
                                   guint               n_sweep_order)
{
  score_common (score, rules, piles, sweeps, sweep_points, sweep_order, n_sweep_order, 0, TRUE);
}

void
cassino_deal_score_secured (CassinoDealScore   *score,
                            const CassinoRules *rules,
                            const CassinoCards *piles,
                            const guint8       *sweeps,
                            CassinoCards        out_cards,
                            gboolean            at_end)
{
  score_common (score, rules, piles, sweeps, NULL, NULL, 0, out_cards, at_end);
}
