/* cassino-score.h: scoring a deal (rules.md §6)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-position.h"

G_BEGIN_DECLS

/* Scoring categories, in the count order of rules.md §6 (cards, spades,
 * Big Cassino, Little Cassino, aces, sweeps), followed by the categories
 * only some scoring schemes have. */
typedef enum {
  CASSINO_CATEGORY_CARDS,          /* most cards */
  CASSINO_CATEGORY_SPADES,         /* most spades, or each spade (spade scoring) */
  CASSINO_CATEGORY_BIG_CASSINO,    /* Td */
  CASSINO_CATEGORY_LITTLE_CASSINO, /* 2s */
  CASSINO_CATEGORY_ACES,
  CASSINO_CATEGORY_SWEEPS,
  CASSINO_CATEGORY_DIAMONDS,       /* diamond scoring: most diamonds */
  CASSINO_CATEGORY_SEVEN_DIAMONDS, /* diamond scoring: 7d */
  CASSINO_CATEGORY_FOUR_OF_RANK,   /* diamond scoring: all four 7s, 6s or aces */
  /* the fishing family (family.md §2); not stored per category by the
   * store yet (its deal_scores table has the nine above), only in totals
   * and game records */
  CASSINO_CATEGORY_PRIMIERA,       /* scopa */
  CASSINO_CATEGORY_TWO_CLUBS,      /* 2c: xeri, tablanette, pasur */
  CASSINO_CATEGORY_HONOURS,        /* each T J Q K (xeri: but Td; tablanette) */
  CASSINO_CATEGORY_CLUBS,          /* pasur: seven clubs or more */
  CASSINO_CATEGORY_JACKS,          /* pasur: each jack */
  CASSINO_N_ALL_CATEGORIES
} CassinoCategory;

/* The categories of rules.md (the store's columns, the app's score sheet). */
#define CASSINO_N_CATEGORIES (CASSINO_CATEGORY_FOUR_OF_RANK + 1)

const char *cassino_category_to_string (CassinoCategory category);  /* "cards", ... */
const char *cassino_category_get_title (CassinoCategory category);  /* translated */

/*
 * One scoring event: @points to @side for @category, caused by @card where
 * a single card scores (CASSINO_NO_CARD otherwise).  A deal's events, in
 * count order, make its score.
 */
typedef struct {
  guint8      side;
  guint8      category;
  CassinoCard card;
  guint8      points;
} CassinoScoreEvent;

typedef struct {
  guint             n_sides;
  guint             points[CASSINO_MAX_SIDES][CASSINO_N_ALL_CATEGORIES];
  guint             total[CASSINO_MAX_SIDES];
  guint             n_cards[CASSINO_MAX_SIDES];    /* captured */
  guint             n_spades[CASSINO_MAX_SIDES];
  guint             n_diamonds[CASSINO_MAX_SIDES];
  /* sweeps made: a scoring that values them one by one (a xeri 10, a
   * Tablanette sweep by its cards) makes one event of each side's */
  guint             n_sweeps[CASSINO_MAX_SIDES];
  guint             n_events;
  CassinoScoreEvent events[64];
} CassinoDealScore;

/* Score a finished deal from its piles and sweeps.  @sweep_order lists the
 * side of each sweep in the order they were made (NULL: side order). */
void     cassino_deal_score_compute (CassinoDealScore   *score,
                                     const CassinoRules *rules,
                                     const CassinoCards *piles,
                                     const guint8       *sweeps,
                                     const guint8       *sweep_order,
                                     guint               n_sweep_order);

/* The same, with what each side's sweeps are worth (@sweep_points, as
 * CassinoPosition.sweep_points) for the scorings that value sweeps one by
 * one (xeri, diloti, tablanette, pasur); NULL counts each sweep at the
 * scoring's plain value. */
void     cassino_deal_score_compute_points (CassinoDealScore   *score,
                                            const CassinoRules *rules,
                                            const CassinoCards *piles,
                                            const guint8       *sweeps,
                                            const guint16      *sweep_points,
                                            const guint8       *sweep_order,
                                            guint               n_sweep_order);

/* Primiera (family.md §2): a side's total, 0 when it lacks a suit. */
guint    cassino_primiera (CassinoCards pile);

/* The points a deal without sweeps is worth when no "most" category is
 * tied: 11 (classic), 24 (spade); for diamond scoring the most it can be
 * (9: the fours may be split between sides). */
guint    cassino_scoring_base_total (const CassinoRules *rules);

/*
 * Count as you go (rules.md §6): the points of @side secured so far in a
 * deal that is still being played, given every pile and how many cards are
 * still out (in hands, the stock and on the table).  @at_end: the deal is
 * over, so every "most" category is decided.
 */
void     cassino_deal_score_secured (CassinoDealScore   *score,
                                     const CassinoRules *rules,
                                     const CassinoCards *piles,
                                     const guint8       *sweeps,
                                     CassinoCards        out_cards,
                                     gboolean            at_end);

G_END_DECLS
