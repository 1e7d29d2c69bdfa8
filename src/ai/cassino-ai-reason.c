/* cassino-ai-reason.c: why a move was chosen, and the reason in words
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

void
ai_fill_reason (const Values          *v,
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
    named.card[i] = ai_named_points (r, i);

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
  ai_view_apply (view, m, &after);
  if (cassino_rules_side_of (r, next) != cassino_rules_side_of (r, view->seat))
    ai_expected_reply (&named, &after, next, view->unseen, view->hand_sizes[next], &scratch,
                       &reason->leaves_sweep);
  cassino_move_list_clear (&scratch);
  CASSINO_CARDS_FOREACH (c, after.loose)
    reason->exposed_points += (guint) floorf (named.card[c] + 0.01f);
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

/* A sweep, in the game's own word ("a scopa") */
static const char *
a_sweep (const CassinoRules *rules)
{
  switch (rules->scoring)
    {
    case CASSINO_SCORING_SCOPA:
      /* Translators: what a capture that clears the table makes in Scopa,
       * in "Take 7♦ with 7♣: 2 cards and a scopa."; Italian players say "scopa" */
      return C_("a sweep", "a scopa");
    case CASSINO_SCORING_XERI:
    case CASSINO_SCORING_DILOTI:
      /* Translators: the same in the Greek games; players say "xeri" */
      return C_("a sweep", "a xeri");
    case CASSINO_SCORING_TABLANETTE:
      /* Translators: the same in Tablanette, where it scores the table's value */
      return C_("a sweep", "a tabla");
    case CASSINO_SCORING_PASUR:
      /* Translators: the same in Pasur; Persian players say "sur" */
      return C_("a sweep", "a sur");
    default:
      /* Translators: the same in Cassino, in "Take 7♦ with 7♣: 2 cards and a sweep." */
      return C_("a sweep", "a sweep");
    }
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
           * "3 cards", the points and "a sweep" (or the game's word: "a scopa"),
           * e.g. "Take 7♦ 2♥ A♥ with 10♣: 3 cards, 2 points and a sweep." */
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "Take %s with %s: %s, %u point and %s.",
                                                  "Take %s with %s: %s, %u points and %s.",
                                                  reason->points_taken),
                                  set, card, cards, reason->points_taken, a_sweep (rules));
        else if (reason->points_taken)
          /* Translators: the reason for a capture, e.g. "Take 7♦ 2♥ A♥ with 10♣: 3 cards, 2 points." */
          g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                                  "Take %s with %s: %s, %u point.",
                                                  "Take %s with %s: %s, %u points.",
                                                  reason->points_taken),
                                  set, card, cards, reason->points_taken);
        else if (reason->sweep)
          /* Translators: the reason for a capture, e.g. "Take 7♦ 2♥ with 9♣: 2 cards and a sweep."
           * (or the game's word: "and a scopa") */
          g_string_append_printf (s, _("Take %s with %s: %s and %s."), set, card, cards, a_sweep (rules));
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
        /* Translators: "Trail 7♥. Careful: the next player may be able to
         * make a sweep." — the second %s is the game's word ("a scopa", "a
         * tabla"; "a sweep" above) */
        g_string_append_printf (s, _("Trail %s. Careful: the next player may be able to make %s."),
                                card, a_sweep (rules));
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
