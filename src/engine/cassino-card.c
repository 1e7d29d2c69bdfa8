/* cassino-card.c
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>

#include "cassino-card.h"
#include "cassino-position.h"

static const char rank_chars[] = "A23456789TJQK";
static const char suit_chars[] = "cdhs";

CassinoCards
cassino_cards_of_suit (CassinoSuit suit)
{
  return G_GUINT64_CONSTANT (0x1111111111111) << suit;
}

int
cassino_cards_compare_lex (CassinoCards a,
                           CassinoCards b)
{
  CassinoCards diff = a ^ b;
  CassinoCards low;

  if (diff == 0)
    return 0;

  low = diff & (~diff + 1);
  /* The first card where the sorted lists differ: if @a has it, @a's list
   * has the smaller card at that position — unless @b's list ended there. */
  if (a & low)
    {
      /* b lacks the card; b is a prefix of a iff b has nothing above it */
      if ((b & ~(low - 1)) == 0)
        return 1;
      return -1;
    }
  else
    {
      if ((a & ~(low - 1)) == 0)
        return -1;
      return 1;
    }
}

int
cassino_cards_compare (CassinoCards a,
                       CassinoCards b)
{
  guint na = cassino_cards_count (a);
  guint nb = cassino_cards_count (b);

  if (na != nb)
    return na < nb ? -1 : 1;
  return cassino_cards_compare_lex (a, b);
}

gboolean
cassino_card_parse (const char   *text,
                    CassinoCard  *out_card,
                    const char  **out_end)
{
  const char *p = text;
  const char *found;
  guint rank;
  guint suit;

  if (p == NULL || *p == '\0')
    return FALSE;

  if (p[0] == '1' && p[1] == '0')
    {
      rank = 10;
      p += 2;
    }
  else
    {
      char c = g_ascii_toupper (*p);

      if (c == '\0' || (found = strchr (rank_chars, c)) == NULL)
        return FALSE;
      rank = (guint) (found - rank_chars) + 1;
      p++;
    }

  if (*p == '\0' || (found = strchr (suit_chars, g_ascii_tolower (*p))) == NULL)
    return FALSE;
  suit = (guint) (found - suit_chars);
  p++;

  if (out_card)
    *out_card = CASSINO_CARD (rank, suit);
  if (out_end)
    *out_end = p;
  return TRUE;
}

const char *
cassino_card_to_string (CassinoCard card)
{
  static char names[CASSINO_N_CARDS][3];
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      for (guint i = 0; i < CASSINO_N_CARDS; i++)
        {
          names[i][0] = rank_chars[CASSINO_CARD_RANK (i) - 1];
          names[i][1] = suit_chars[CASSINO_CARD_SUIT (i)];
          names[i][2] = '\0';
        }
      g_once_init_leave (&initialized, 1);
    }

  if (card >= CASSINO_N_CARDS)
    return "??";
  return names[card];
}

char *
cassino_cards_to_string (CassinoCards  set,
                         const char   *separator)
{
  GString *str = g_string_new (NULL);
  CassinoCard card;

  CASSINO_CARDS_FOREACH (card, set)
    {
      if (str->len > 0 && separator)
        g_string_append (str, separator);
      g_string_append (str, cassino_card_to_string (card));
    }

  return g_string_free (str, FALSE);
}

gboolean
cassino_cards_parse (const char    *text,
                     CassinoCards  *out_set,
                     GError       **error)
{
  CassinoCards set = 0;
  const char *p = text;

  while (*p)
    {
      CassinoCard card;
      const char *end;

      if (g_ascii_isspace (*p) || *p == ',')
        {
          p++;
          continue;
        }
      if (!cassino_card_parse (p, &card, &end))
        {
          g_set_error (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_NOTATION,
                       "“%.*s” is not a card", (int) strcspn (p, " ,"), p);
          return FALSE;
        }
      if (set & CASSINO_CARD_BIT (card))
        {
          g_set_error (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_NOTATION,
                       "card %s appears twice", cassino_card_to_string (card));
          return FALSE;
        }
      set |= CASSINO_CARD_BIT (card);
      p = end;
    }

  *out_set = set;
  return TRUE;
}
