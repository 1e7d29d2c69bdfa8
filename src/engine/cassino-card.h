/* cassino-card.h: cards and card sets
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * A card is an index 0..51 in canonical order (rules.md §1): rank-major,
 * A low to K, then suit c d h s.  index = (rank - 1) * 4 + suit.
 * A set of cards is a bit set: bit i is card i, so ascending bit order is
 * canonical order.
 */
typedef guint8  CassinoCard;
typedef guint64 CassinoCards;

#define CASSINO_N_CARDS     52
#define CASSINO_NO_CARD     ((CassinoCard) 0xff)
#define CASSINO_ALL_CARDS   ((CassinoCards) G_GUINT64_CONSTANT (0xFFFFFFFFFFFFF))

typedef enum {
  CASSINO_SUIT_CLUBS,
  CASSINO_SUIT_DIAMONDS,
  CASSINO_SUIT_HEARTS,
  CASSINO_SUIT_SPADES,
} CassinoSuit;

enum {
  CASSINO_RANK_ACE   = 1,
  CASSINO_RANK_TEN   = 10,
  CASSINO_RANK_JACK  = 11,
  CASSINO_RANK_QUEEN = 12,
  CASSINO_RANK_KING  = 13,
};

#define CASSINO_CARD(rank, suit)   ((CassinoCard) (((rank) - 1) * 4 + (suit)))
#define CASSINO_CARD_RANK(card)    ((guint) ((card) >> 2) + 1)
#define CASSINO_CARD_SUIT(card)    ((CassinoSuit) ((card) & 3))
#define CASSINO_CARD_BIT(card)     (G_GUINT64_CONSTANT (1) << (card))

/* The cards that score by name. */
#define CASSINO_BIG_CASSINO     CASSINO_CARD (10, CASSINO_SUIT_DIAMONDS)
#define CASSINO_LITTLE_CASSINO  CASSINO_CARD (2, CASSINO_SUIT_SPADES)

/* Every card of one suit / one rank. */
CassinoCards cassino_cards_of_suit (CassinoSuit suit);
#define cassino_cards_of_rank(rank) \
  ((CassinoCards) G_GUINT64_CONSTANT (0xF) << (((rank) - 1) * 4))

static inline guint
cassino_cards_count (CassinoCards set)
{
  /* SWAR popcount: the builtin is a library call on baseline x86-64 */
  set = set - ((set >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  set = (set & G_GUINT64_CONSTANT (0x3333333333333333)) +
        ((set >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  set = (set + (set >> 4)) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F);
  return (guint) ((set * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* The lowest card of a non-empty set. */
static inline CassinoCard
cassino_cards_first (CassinoCards set)
{
  return (CassinoCard) __builtin_ctzll (set);
}

#define CASSINO_CARDS_FOREACH(card, set) \
  for (CassinoCards _cs_##card = (set); \
       _cs_##card != 0 && (((card) = cassino_cards_first (_cs_##card)), TRUE); \
       _cs_##card &= _cs_##card - 1)

/* Canonical comparison of two card lists (rules.md §1 and cli.md): by
 * length, then card by card.  Returns <0, 0, >0. */
int cassino_cards_compare (CassinoCards a,
                           CassinoCards b);

/* Lexicographic comparison card by card, ignoring length first. */
int cassino_cards_compare_lex (CassinoCards a,
                               CassinoCards b);

/* Parsing and formatting in the short notation ("Td", "2s"). The parser also
 * accepts "10" for T and upper-case suits. */
gboolean     cassino_card_parse    (const char  *text,
                                    CassinoCard *out_card,
                                    const char **out_end);
const char  *cassino_card_to_string (CassinoCard card);   /* static string */
char        *cassino_cards_to_string (CassinoCards set,
                                      const char  *separator);
gboolean     cassino_cards_parse   (const char    *text,
                                    CassinoCards  *out_set,
                                    GError       **error);

G_END_DECLS
