/* cassino-move-text.c: moves in words, for the action bar and the move log
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-move-text.h"

#include <glib/gi18n.h>

#include "cassino-card-art.h"

#define MAX_GROUPS 26

typedef struct {
  const CassinoRules *rules;
  guint               target;
  CassinoCards        groups[MAX_GROUPS];
  guint               n_groups;
  CassinoCards        core;        /* the core group of a build */
  gboolean            core_open;   /* a core group is still wanted */
  guint               core_target;
} Partition;

/* Whether the cards of @set can add up to @sum (each card choosing one of
 * its values). */
static gboolean
can_sum (const CassinoRules *rules,
         CassinoCards        set,
         guint               sum)
{
  guint64 sums = 1;  /* bit s: s reachable */
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, set)
    {
      guint64 next = 0;
      guint32 values = rules->card_values[c];

      if (values == 0)
        return FALSE;
      for (guint v = 1; v <= 16; v++)
        if (values & (1u << v))
          next |= sums << v;
      sums = next;
    }
  return sum < 64 && (sums & (G_GUINT64_CONSTANT (1) << sum)) != 0;
}

static gboolean
partition_rest (Partition    *p,
                CassinoCards  rest)
{
  CassinoCard first;
  CassinoCards others, sub;

  if (rest == 0)
    return !p->core_open;
  if (p->n_groups >= MAX_GROUPS)
    return FALSE;

  first = cassino_cards_first (rest);
  others = rest & ~CASSINO_CARD_BIT (first);

  /* every subset of the others, with the first card */
  sub = others;
  while (TRUE)
    {
      CassinoCards group = sub | CASSINO_CARD_BIT (first);

      if (p->core_open && can_sum (p->rules, group, p->core_target))
        {
          p->core_open = FALSE;
          p->core = group;
          if (partition_rest (p, others & ~sub))
            return TRUE;
          p->core_open = TRUE;
          p->core = 0;
        }
      if (can_sum (p->rules, group, p->target))
        {
          p->groups[p->n_groups++] = group;
          if (partition_rest (p, others & ~sub))
            return TRUE;
          p->n_groups--;
        }
      if (sub == 0)
        break;
      sub = (sub - 1) & others;
    }
  return FALSE;
}

static guint
first_value (const CassinoRules *rules,
             CassinoCard         card)
{
  guint32 values = rules->card_values[card];

  return values ? (guint) __builtin_ctz (values) : CASSINO_CARD_RANK (card);
}

/* A group, highest card first: "6♣ + 3♥". */
static void
append_group (GString    *s,
              CassinoCards group)
{
  gboolean first = TRUE;

  for (int c = CASSINO_N_CARDS - 1; c >= 0; c--)
    if (group & CASSINO_CARD_BIT (c))
      {
        if (!first)
          g_string_append (s, " + ");
        g_string_append (s, cassino_card_short_name ((CassinoCard) c));
        first = FALSE;
      }
}

static void
append_and (GString *s)
{
  if (s->len > 0)
    /* Translators: joins the groups of cards a move takes: "9♦ and 6♣ + 3♥" */
    g_string_append (s, C_("move groups", " and "));
}

static void
append_build (GString            *s,
              const CassinoBuild *b)
{
  g_autofree char *cards = cassino_cards_short_names (b->cards, " ");

  /* Translators: a build taken or used in a move, e.g. "the 8-build (3♣ 5♥)" */
  g_string_append_printf (s, C_("move groups", "the %u-build (%s)"), b->value, cards);
}

char *
cassino_move_text_groups (const CassinoPosition *pos,
                          const CassinoMove     *move)
{
  const CassinoRules *r = pos->rules;
  GString *s = g_string_new (NULL);
  CassinoCards loose = move->set & pos->loose;
  guint value = move->value ? move->value : first_value (r, move->card);
  Partition p = { .rules = r, .target = value };
  const CassinoBuild *core_build = NULL;

  if (move->type == CASSINO_MOVE_BUILD)
    {
      guint core_target = value;

      if (move->card < CASSINO_N_CARDS)
        {
          guint32 vals = r->card_values[move->card];
          guint v = vals ? (guint) __builtin_ctz (vals) : 0;

          /* pick the card's value that leaves a reachable core */
          for (guint cand = 1; cand <= 16; cand++)
            if ((vals & (1u << cand)) && cand <= value)
              {
                v = cand;
                break;
              }
          core_target = value - MIN (v, value);
        }
      for (guint i = 0; i < pos->n_builds; i++)
        {
          const CassinoBuild *b = &pos->builds[i];

          if ((b->cards & move->set) && !b->multiple && b->value < value &&
              core_build == NULL)
            {
              core_build = b;
              core_target -= MIN (core_target, b->value);
            }
        }
      p.core_open = core_target > 0;
      p.core_target = core_target;
    }

  if (!partition_rest (&p, loose))
    {
      /* cannot word it in groups: list the cards */
      g_autofree char *names = cassino_cards_short_names (move->set, " ");

      g_string_free (s, TRUE);
      return g_steal_pointer (&names);
    }

  if (move->type == CASSINO_MOVE_BUILD)
    {
      if (core_build)
        {
          append_build (s, core_build);
          if (p.core)
            {
              g_string_append (s, " + ");
              append_group (s, p.core);
            }
        }
      else if (p.core)
        append_group (s, p.core);
    }

  /* single cards (pairs) first, then the sums */
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < p.n_groups; i++)
      if ((cassino_cards_count (p.groups[i]) == 1) == (pass == 0))
        {
          append_and (s);
          append_group (s, p.groups[i]);
        }

  for (guint i = 0; i < pos->n_builds; i++)
    {
      const CassinoBuild *b = &pos->builds[i];

      if ((b->cards & move->set) && b != core_build)
        {
          append_and (s);
          append_build (s, b);
        }
    }

  return g_string_free (s, FALSE);
}

const char *
cassino_move_text_sweep_word (const CassinoRules *rules)
{
  switch (rules->scoring)
    {
    case CASSINO_SCORING_SCOPA:
      /* Translators: Scopa's sweep, announced; Italian players say "Scopa!" */
      return C_("sweep word", "Scopa!");
    case CASSINO_SCORING_XERI:
    case CASSINO_SCORING_DILOTI:
      /* Translators: the Greek games' sweep, announced; players say "Xeri!" */
      return C_("sweep word", "Xeri!");
    case CASSINO_SCORING_TABLANETTE:
      /* Translators: Tablanette's sweep, announced; players say "Tabla!" */
      return C_("sweep word", "Tabla!");
    case CASSINO_SCORING_PASUR:
      /* Translators: Pasur's sweep, announced; Persian players say "Sur!" */
      return C_("sweep word", "Sur!");
    case CASSINO_SCORING_CALLABRA:
      /* Translators: Callabra's sweep, which ends the deal */
      return C_("sweep word", "Sweep!");
    case CASSINO_SCORING_CLASSIC:
    case CASSINO_SCORING_SPADE:
    case CASSINO_SCORING_DIAMOND:
    default:
      return NULL;
    }
}

/* What a capture takes, worded; the pile as a whole in pile mode. */
static char *
capture_groups (const CassinoPosition *pos,
                const CassinoMove     *move)
{
  /* (a lone card is named: "Take 4♦ with 4♣ — Xeri!") */
  if (pos->rules->capture_mode == CASSINO_CAPTURE_MODE_PILE && cassino_cards_count (move->set) > 1)
    {
      guint n = cassino_cards_count (move->set);

      /* Translators: what a capture takes in Xeri: "Take the pile (5 cards) with 7♠" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the pile (%u card)", "the pile (%u cards)", n), n);
    }
  /* a jack's sweep of every table card */
  if (pos->rules->jack_sweeps != CASSINO_JACK_SWEEPS_NO && move->card < CASSINO_N_CARDS &&
      CASSINO_CARD_RANK (move->card) == CASSINO_RANK_JACK && pos->n_builds == 0 &&
      move->set == pos->loose && cassino_cards_count (move->set) > 1)
    {
      guint n = cassino_cards_count (move->set);

      /* Translators: what a jack takes in Tablanette or Pasur: "Take the whole table (4 cards) with J♣" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "the whole table (%u card)", "the whole table (%u cards)", n), n);
    }
  return cassino_move_text_groups (pos, move);
}

char *
cassino_move_text_forced_capture (const CassinoPosition *pos,
                                  const CassinoMove     *legal,
                                  guint                  n_legal,
                                  CassinoCard            card)
{
  const CassinoMove *take = NULL;
  g_autofree char *groups = NULL;

  /* (a pile's card has one outcome: nothing to explain) */
  if ((pos->rules->forced_capture == CASSINO_FORCED_CAPTURE_NONE &&
       pos->rules->jack_sweeps == CASSINO_JACK_SWEEPS_NO) ||
      pos->rules->capture_mode == CASSINO_CAPTURE_MODE_PILE)
    return NULL;
  /* no trail of @card is legal: a capture this card (or another) must make */
  for (guint i = 0; i < n_legal; i++)
    {
      if (legal[i].type == CASSINO_MOVE_TRAIL && legal[i].card == card)
        return NULL;
      if (legal[i].type == CASSINO_MOVE_CAPTURE &&
          (take == NULL || (take->card != card && legal[i].card == card)))
        take = &legal[i];
    }
  if (take == NULL)
    return NULL;
  /* every capture of that card, not one of them (the 4♥ "can take 7♦"
   * where 7♠ was as good): the first three */
  {
    g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
    guint more = 0;

    for (guint i = 0; i < n_legal; i++)
      if (legal[i].type == CASSINO_MOVE_CAPTURE && legal[i].card == take->card)
        {
          if (texts->len < 3)
            g_ptr_array_add (texts, capture_groups (pos, &legal[i]));
          else
            more++;
        }
    if (more > 0)
      /* Translators: after the captures listed, when there are more */
      g_ptr_array_add (texts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more", "%u more", more), more));
    g_ptr_array_add (texts, NULL);
    /* Translators: between the captures a card can make: "7♦ or 7♠" */
    groups = g_strjoinv (_(" or "), (char **) texts->pdata);
  }
  /* Translators: the action bar when a player tries to trail a card that
   * must capture: "You must capture: the 5♠ can take 5♣", or "… can take
   * 7♦ or 7♠" */
  return g_strdup_printf (_("You must capture: the %s can take %s"),
                          cassino_card_short_name (take->card), groups);
}

/* A card in hand, other than the one played, that can take @value. */
static CassinoCard
holder_card (const CassinoPosition *pos,
             const CassinoMove     *move)
{
  CassinoCards rest = pos->hands[pos->to_move] & ~CASSINO_CARD_BIT (move->card);
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, rest)
    if (pos->rules->card_values[c] & (1u << move->value))
      return c;
  return CASSINO_NO_CARD;
}

char *
cassino_move_text_describe (const CassinoPosition *pos,
                            const CassinoMove     *move)
{
  const char *card = move->card < CASSINO_N_CARDS ? cassino_card_short_name (move->card) : "";
  g_autofree char *groups = NULL;

  switch (move->type)
    {
    case CASSINO_MOVE_TRAIL:
      /* Translators: the action bar, before a move: put a card on the table */
      return g_strdup_printf (C_("move", "Trail %s"), card);

    case CASSINO_MOVE_CAPTURE:
      groups = capture_groups (pos, move);
      if ((move->flags & CASSINO_MOVE_FLAG_SWEEP) && cassino_move_text_sweep_word (pos->rules))
        /* Translators: the action bar, before a move: "Take 5♣ with 5♠ — Scopa!"; the
         * last %s is the game's sweep word */
        return g_strdup_printf (C_("move", "Take %s with %s — %s"), groups, card,
                                cassino_move_text_sweep_word (pos->rules));
      if (move->flags & CASSINO_MOVE_FLAG_SWEEP)
        /* Translators: the action bar, before a move: "Take 9♦ and 6♣ + 3♥ with 9♠ — a sweep!" */
        return g_strdup_printf (C_("move", "Take %s with %s — a sweep!"), groups, card);
      /* Translators: the action bar, before a move: "Take 9♦ and 6♣ + 3♥ with 9♠" */
      return g_strdup_printf (C_("move", "Take %s with %s"), groups, card);

    case CASSINO_MOVE_BUILD:
      {
        CassinoCard holder = holder_card (pos, move);
        const char *hold = holder != CASSINO_NO_CARD ? cassino_card_short_name (holder) : "?";

        groups = cassino_move_text_groups (pos, move);
        if (move->flags & CASSINO_MOVE_FLAG_MULTIPLE)
          /* Translators: the action bar: "Build 8 with 5♥ on 3♣ and 8♦ (multiple) — you hold 8♠" */
          return g_strdup_printf (C_("move", "Build %u with %s on %s (multiple) — you hold %s"),
                                  move->value, card, groups, hold);
        /* Translators: the action bar: "Build 8 with 5♥ on 3♣ — you hold 8♠" */
        return g_strdup_printf (C_("move", "Build %u with %s on %s — you hold %s"),
                                move->value, card, groups, hold);
      }

    case CASSINO_MOVE_CLAIM:
      {
        g_autofree char *names = cassino_cards_short_names (move->set, " ");

        /* Translators: the "Cassino!" claim of a missed capture */
        return g_strdup_printf (C_("move", "Cassino! Claim %s"), names);
      }

    default:
      return g_strdup ("");
    }
}

char *
cassino_move_text_played (const CassinoPosition *before,
                          const char            *name,
                          const CassinoMove     *move)
{
  const char *card = move->card < CASSINO_N_CARDS ? cassino_card_short_name (move->card) : "";
  g_autofree char *groups = NULL;

  switch (move->type)
    {
    case CASSINO_MOVE_TRAIL:
      /* Translators: the move log: "Anna trailed 7♥" */
      return g_strdup_printf (C_("move log", "%s trailed %s"), name, card);

    case CASSINO_MOVE_CAPTURE:
      groups = capture_groups (before, move);
      if ((move->flags & CASSINO_MOVE_FLAG_SWEEP) && cassino_move_text_sweep_word (before->rules))
        /* Translators: the move log: "Anna took 5♣ with 5♠ — Scopa!"; the last %s is
         * the game's sweep word */
        return g_strdup_printf (C_("move log", "%s took %s with %s — %s"), name, groups, card,
                                cassino_move_text_sweep_word (before->rules));
      if (move->flags & CASSINO_MOVE_FLAG_SWEEP)
        /* Translators: the move log: "Anna took 9♦ and 6♣ + 3♥ with 9♠ — a sweep" */
        return g_strdup_printf (C_("move log", "%s took %s with %s — a sweep"), name, groups, card);
      /* Translators: the move log: "Anna took 9♦ and 6♣ + 3♥ with 9♠" */
      return g_strdup_printf (C_("move log", "%s took %s with %s"), name, groups, card);

    case CASSINO_MOVE_BUILD:
      groups = cassino_move_text_groups (before, move);
      if (move->flags & CASSINO_MOVE_FLAG_MULTIPLE)
        /* Translators: the move log: "Anna built a multiple 8 with 5♥ on 3♣ and 8♦" */
        return g_strdup_printf (C_("move log", "%s built a multiple %u with %s on %s"),
                                name, move->value, card, groups);
      /* Translators: the move log: "Anna built 8 with 5♥ on 3♣" */
      return g_strdup_printf (C_("move log", "%s built %u with %s on %s"), name, move->value, card, groups);

    case CASSINO_MOVE_CLAIM:
      {
        g_autofree char *names = cassino_cards_short_names (move->set, " ");

        /* Translators: the move log: "Anna called Cassino! and claimed 7♥ 3♣ 4♦" */
        return g_strdup_printf (C_("move log", "%s called Cassino! and claimed %s"), name, names);
      }

    default:
      return g_strdup ("");
    }
}

int
cassino_move_text_last_cards_seat (const CassinoPosition *end)
{
  const CassinoRules *r = end->rules;

  if (!end->deal_over || end->last_cards_side < 0)
    return -1;
  /* rules.md §5: the last capturer, or in English 1792 the player of a
   * court played last */
  if (r->last_cards == CASSINO_LAST_CARDS_COURT_LAST && end->last_played_court)
    return end->last_player;
  return end->last_capturer;
}

char *
cassino_move_text_last_cards (const CassinoPosition *end,
                              const char            *name)
{
  g_autofree char *cards = NULL;

  if (!end->deal_over || end->last_cards == 0)
    return NULL;
  cards = cassino_cards_short_names (end->last_cards, " ");
  if (name == NULL)
    /* Translators: the move log at the end of a deal in which nobody
     * captured: the cards left on the table, "Out of play, as nobody captured: 7♠ 2♦" */
    return g_strdup_printf (C_("move log", "Out of play, as nobody captured: %s"), cards);
  /* Translators: the move log at the end of a deal: "Anna took the last cards: 7♠ 2♦" */
  return g_strdup_printf (C_("move log", "%s took the last cards: %s"), name, cards);
}
