/* cassino-lesson.c: the tutorial's lessons and their checks
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-lesson.h"

#define STEPS(a) a, G_N_ELEMENTS (a)
#define P_CLASSIC CASSINO_PRESET_CLASSIC

/* --- the lessons ---------------------------------------------------------
 * Seat 0 is the player ("you"), seat 1 the computer.  Dealer 1: you play
 * first; dealer 0: the computer's prelude move comes first. */

static const CassinoLessonStep pairing[] = {
  { N_("Pairing: a card takes a table card of the same rank. Take the seven of clubs with your seven of hearts: select the 7♥ in your hand, then the 7♣ on the table, and play."),
    N_("Both sevens are yours now: captured cards count at the end of the deal."),
    N_("That is a legal move, but this lesson asks you to pair your seven with the seven on the table."),
    P_CLASSIC, 1, "7h Ks 4d 9c", "2c 3d 8h 5s", "7c Jd Qh 3h", 0, NULL, 0, "7h x 7c" },
  { N_("A court card (jack, queen, king) can only pair. Take a card with your king."),
    N_("Right: a king takes a king, and nothing else."),
    N_("That is a legal move, but it takes nothing with the king."),
    P_CLASSIC, 1, "Kc 5h 2d 8s", "3c 4d 9s 6h", "Kd 6c 9h Jc", 0, NULL, 0, "Kc x Kd" },
};

static const CassinoLessonStep summing[] = {
  { N_("Summing: loose number cards that add up to your card are taken together. Take the 4 and the 5 with your nine (4 + 5 = 9)."),
    N_("Four and five make nine: both are yours. An ace counts 1; courts never count in a sum."),
    N_("That is a legal move, but this lesson asks you to take 4 + 5 with the nine."),
    P_CLASSIC, 1, "9s 2h 6c Jd", "3d Ac 8c Qs", "4d 5h Qc 7s", 0, NULL, 0, "9s x 4d 5h" },
  { N_("Take two table cards that add up to your ten."),
    N_("Six and four make ten."),
    N_("That is a legal move, but it does not take two cards that make ten."),
    P_CLASSIC, 1, "Tc 7d 3s Kh", "2c 5c 9c Qd", "6h 4s Jc 8d", 0, NULL, 0, "Tc x 4s 6h" },
};

static const CassinoLessonStep groups[] = {
  { N_("Several groups at once: one card may take every group it can make — a pair and a sum together. Take the 8 and 5 + 3 with your eight."),
    N_("Three cards with one play: the 8 as a pair and 5 + 3 as a sum."),
    N_("That is legal, but you can take more: the 8 and 5 + 3 together."),
    P_CLASSIC, 1, "8c 2d Qs 6h", "4c 7h Jh Ad", "8d 5c 3h Ks", 0, NULL, 0, "8c x 3h 5c 8d" },
  { N_("Take as many cards as you can with one card."),
    N_("The 9 and 6 + 3: everything a nine can take here."),
    N_("That is legal, but one card can take more here."),
    P_CLASSIC, 1, "9h 4c Jh 2s", "Tc 5s 8c Kc", "9c 6d 3d Qd", 0, NULL, 0, "9h x 3d 6d 9c" },
};

static const CassinoLessonStep sweeps[] = {
  { N_("A sweep: taking every card on the table scores a point. Your seven can take 4 + 3 and 6 + A: clear the table."),
    N_("The table is empty: a sweep, one point. The next player can only trail."),
    N_("That is legal, but it leaves cards on the table: take them all for a sweep."),
    P_CLASSIC, 1, "7s 3c Kd 5h", "9d 2h Qc 8c", "4d 3h 6c Ac", 0, NULL, 0, "7s x Ac 3h 4d 6c" },
  { N_("Sweep the table."),
    N_("A sweep."),
    N_("That is legal, but it is not a sweep."),
    P_CLASSIC, 1, "Tc 2h 8s Qh", "5c 9s Jd 4h", "7d 3s 2c 8h", 0, NULL, 0, "Tc x 2c 3s 7d 8h" },
};

static const CassinoLessonStep building[] = {
  { N_("Building: put a card on table cards to make a total you can take on your next turn, with a card you keep. Put your 3 on the 7 to build 10 — your ten of spades will take it."),
    N_("Your build of 10 is on the table: next turn the ten takes it, unless your opponent takes it first with a ten."),
    N_("That is legal, but this lesson asks you to build 10 with the 3 on the 7."),
    P_CLASSIC, 1, "3h Ts 6c Kd", "5d Jc 8s 4h", "7d Qh 2c 9s", 0, NULL, 0, "3h b10 7d" },
  { N_("Make a build of 9 that your nine can take later."),
    N_("A build of 9, and you kept the nine to take it."),
    N_("That is legal, but it is not a build of 9."),
    P_CLASSIC, 1, "4s 9d 2h Jc", "6d 3c Qs 7c", "5c Kh 8d Ah", 0, NULL, 0, "4s b9 *;4s m9 *;Ah b9 *;Ah m9 *" },
};

static const CassinoLessonStep raising[] = {
  { N_("Raising a build: your opponent built 7 (2 + 5). Add your 2 to make it 9 — you hold a nine. The build is yours now."),
    N_("The 7 became 9 and is now yours: only a nine takes it."),
    N_("That is legal, but this lesson asks you to raise the 7-build to 9 with your 2."),
    P_CLASSIC, 0, "2h 9c Kd 4s", "2d 7s Qc 8h", "5c Jh 3d 6s", 0, "2d b7 5c", 0, "2h b9 2d 5c;2h m9 *" },
  { N_("American rules (1867) forbid raising a build you own. You built 6; try putting your 3 on it to make 9 — it is refused. Then take your build with the six."),
    N_("Under American rules you take your own build as it is; only an opponent may raise it."),
    N_("That is legal, but this lesson asks you to take your 6-build."),
    CASSINO_PRESET_AMERICAN, 1, "Ah 6s 3h 9d", "Kc 8d 4c Jh", "5c Qd 7h 2d", 0, "Ah b6 5c;Kc", 0, "6s x Ah 5c" },
  { N_("Classic rules: raise your opponent’s build to a value you can take."),
    N_("Raised and yours."),
    N_("That is legal, but it does not raise the opponent’s build."),
    P_CLASSIC, 0, "Ac 8s Qd 5d", "3c 7d Jc 9h", "4h Ks 6c Th", 0, "3c b7 4h", 0, "Ac b8 3c 4h;Ac m8 *" },
};

static const CassinoLessonStep calling[] = {
  { N_("Calling: with two fives in hand and a five on the table, put one five on it. The pile is a multiple build of 5: only a five takes it, and nobody can raise it."),
    N_("A multiple build of 5. It can never be raised, only taken by a five."),
    N_("That is legal, but this lesson asks you to put a five on the five."),
    P_CLASSIC, 1, "5h 5d 9c Ks", "8c Jd 6h Ac", "5c 2h 3s Qd", 0, NULL, 0, "5h m5 *;5d m5 *" },
  { N_("Build 8 with your 3 and the 5, and add the table’s other 8s to it (the 8 and 6 + 2): one multiple build of 8."),
    N_("Everything on the table is one build of 8, and your 8 will take it all."),
    N_("That is legal, but it is not a multiple build of 8 with your 3."),
    P_CLASSIC, 1, "3c 8h Js 9d", "Kc 4d Ts Ah", "5d 8c 6h 2s", 0, NULL, 0, "3c m8 *" },
};

static const CassinoLessonStep duties[] = {
  { N_("The build owner’s duties: you own a build of 8. While you do, you may not trail, and you must keep an 8 to take it. Try trailing the queen: it is refused. Take your build."),
    N_("Your build is taken: the owner must be able to take it, and usually does."),
    N_("That is legal, but this lesson asks you to take your 8-build with the eight."),
    P_CLASSIC, 1, "3d 8s 4c Qh", "Kc 7h 9s Ah", "5h Jd 2c 6d", 0, "3d b8 5h;Kc", 0, "8s x 3d 5h;8s x 2c 3d 5h 6d" },
  { N_("You own a build of 7. Make a legal move."),
    N_("Right: you took your build; while you own one you may not trail."),
    N_("That is legal, but take your build now."),
    P_CLASSIC, 1, "Ad 7c 2s Jh", "Qs 9c 4s Kd", "6h 8d Tc 3c", 0, "Ad b7 6h;Qs", 0, "7c x *" },
};

static const CassinoLessonStep last_cards[] = {
  { N_("The last cards: this is the last card of the deal. Whatever is left on the table goes to the player who captured last — now your opponent. Take the queen with your queen, and the ace, 2♠, 4♠ and 7♠ come to you as well."),
    N_("The deal is over: you captured last, so the cards left on the table went to you."),
    N_("That is legal, but a capture now brings you the rest of the table."),
    P_CLASSIC, 0, NULL, NULL, NULL, 7, NULL, 47, "Qc x Qs" },
  { N_("The last card of another deal. Your opponent captured last; make what is left on the table yours."),
    N_("Your jack took the jack, and the 6, 7 and 9 left on the table came with it."),
    N_("That is legal, but your opponent would get the cards left on the table."),
    P_CLASSIC, 0, NULL, NULL, NULL, 18, NULL, 47, "Js x Jd" },
};

static const CassinoLessonStep scoring[] = {
  { N_("Scoring: each deal counts most cards 3, most spades 1, Big Cassino (10♦) 2, Little Cassino (2♠) 1, each ace 1, each sweep 1. Take the card worth the most: the ten of diamonds."),
    N_("Big Cassino is yours: two points at the end of the deal."),
    N_("That is legal, but the ten of diamonds is worth two points."),
    P_CLASSIC, 1, "Tc 9s 5d 4h", "Qc 6d 8h Ks", "Td 2s 7c Kh", 0, NULL, 0, "Tc x Td" },
  { N_("Take the capture worth the most points (two aces are two points)."),
    N_("Two aces: two points."),
    N_("That is legal, but the aces are worth more."),
    P_CLASSIC, 1, "As 9d 4c Kh", "Jc 8s 3h 5c", "Ad 6c 3d Qs", 0, NULL, 0, "As x Ad" },
};

static const CassinoLessonStep variants[] = {
  { N_("Royal Cassino: courts count (J 11, Q 12, K 13) and build like numbers. Take 7 + 5 with your queen."),
    N_("A queen is 12 here, so it takes 7 + 5."),
    N_("That is legal, but this lesson asks you to take 7 + 5 with the queen."),
    CASSINO_PRESET_ROYAL, 1, "Qh 3c 8d 2s", "4d Tc 6h Ac", "7d 5c Kh 9s", 0, NULL, 0, "Qh x 5c 7d" },
  { N_("English Cassino (1792) has no building. Try building 10 with the 3 on the 7: it is refused. Then take the 7 with your seven."),
    N_("Without building, English Cassino is pairing and summing only; its target is 11 points."),
    N_("That is legal, but take the seven."),
    CASSINO_PRESET_ENGLISH, 1, "3h 7s Td Kd", "5d Jc 8s 4h", "7d Qh 2c 9s", 0, NULL, 0, "7s x 7d" },
  { N_("Royal rules: a king is 13. Take 9 + 4 with it."),
    N_("Thirteen: the king takes 9 + 4."),
    N_("That is legal, but the king can take 9 + 4."),
    CASSINO_PRESET_ROYAL, 1, "Ks 2h 6d Jc", "5s 8c 3d Td", "9h 4c Qs 7c", 0, NULL, 0, "Ks x 4c 9h" },
};

static const CassinoLesson lessons[] = {
  { "pairing", N_("Pairing"), N_("Take a card of the same rank"), STEPS (pairing) },
  { "summing", N_("Summing"), N_("Take cards that add up to your card"), STEPS (summing) },
  { "groups", N_("Several Groups at Once"), N_("A pair and a sum with one card"), STEPS (groups) },
  { "sweeps", N_("Sweeps"), N_("Clear the table for a point"), STEPS (sweeps) },
  { "building", N_("Building"), N_("Make a total to take next turn"), STEPS (building) },
  { "raising", N_("Raising a Build"), N_("Change a build’s value, and the American rule"), STEPS (raising) },
  { "calling", N_("Multiple Builds and Calling"), N_("Builds that can never be raised"), STEPS (calling) },
  { "duties", N_("The Build Owner’s Duties"), N_("No trailing, and keep a card to take it"), STEPS (duties) },
  { "last-cards", N_("The Last Cards"), N_("Who takes what is left on the table"), STEPS (last_cards) },
  { "scoring", N_("Scoring"), N_("Most cards, most spades, the Cassinos, aces, sweeps"), STEPS (scoring) },
  { "variants", N_("The Variants in Brief"), N_("Royal, English and American rules"), STEPS (variants) },
};

guint
cassino_lesson_count (void)
{
  return G_N_ELEMENTS (lessons);
}

const CassinoLesson *
cassino_lesson_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (lessons), NULL);
  return &lessons[index];
}

const CassinoLesson *
cassino_lesson_find (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (lessons); i++)
    if (g_strcmp0 (lessons[i].id, id) == 0)
      return &lessons[i];
  return NULL;
}

/* --- dealing a step -------------------------------------------------- */

/* The deck that deals @step's hands and table: where each deck position
 * lands is found by dealing the positions themselves (0, 1, 2, …). */
static gboolean
stack_deck (const CassinoRules      *rules,
            const CassinoLessonStep *step,
            guint8                  *deck,
            GError                 **error)
{
  CassinoCards want[3] = { 0 };
  const char *texts[3] = { step->player, step->computer, step->table };
  CassinoPosition probe;
  guint8 slots[CASSINO_N_CARDS];
  CassinoCards used = 0;
  CassinoCard c;
  guint n = 0;

  for (guint i = 0; i < 3; i++)
    {
      if (!cassino_cards_parse (texts[i], &want[i], error))
        return FALSE;
      if (want[i] & used)
        {
          g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                       "lesson deck: a card is given twice in “%s”", texts[i]);
          return FALSE;
        }
      used |= want[i];
    }

  /* deal card indices: deck position p holds "card" p */
  for (guint p = 0; p < rules->deck; p++)
    slots[p] = (guint8) p;
  cassino_position_deal (&probe, rules, slots, rules->deck, step->dealer);

  {
    CassinoCards places[3] = { probe.hands[0], probe.hands[1], probe.loose };

    memset (deck, 0xff, rules->deck);
    for (guint i = 0; i < 3; i++)
      {
        CassinoCards rest = want[i];
        guint p;

        if (cassino_cards_count (places[i]) != cassino_cards_count (want[i]))
          {
            g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                         "lesson deck: “%s” is not %u cards", texts[i], cassino_cards_count (places[i]));
            return FALSE;
          }
        CASSINO_CARDS_FOREACH (p, places[i])
          {
            c = (CassinoCard) __builtin_ctzll (rest);
            rest &= rest - 1;
            deck[p] = c;
          }
      }
  }
  /* the stock: the other cards in canonical order */
  CASSINO_CARDS_FOREACH (c, rules->deck_cards & ~used)
    {
      while (n < rules->deck && deck[n] != 0xff)
        n++;
      deck[n] = c;
    }
  return TRUE;
}

/* The prelude's plain policy: the capture taking most cards, else the
 * first trail, else the first legal move. */
static void
policy_move (const CassinoGame *game,
             CassinoMove       *out)
{
  CassinoMoveList list;
  const CassinoMove *best = NULL, *trail = NULL;

  cassino_move_list_init (&list);
  cassino_game_legal_moves (game, &list);
  for (guint i = 0; i < list.len; i++)
    {
      const CassinoMove *m = &list.moves[i];

      if (m->type == CASSINO_MOVE_CAPTURE &&
          (best == NULL || cassino_cards_count (m->set) > cassino_cards_count (best->set)))
        best = m;
      if (m->type == CASSINO_MOVE_TRAIL && trail == NULL)
        trail = m;
    }
  *out = best ? *best : trail ? *trail : list.moves[0];
  cassino_move_list_clear (&list);
}

CassinoGame *
cassino_lesson_step_new_game (const CassinoLessonStep  *step,
                              GError                  **error)
{
  CassinoRules rules;
  CassinoGame *game;
  guint8 deck[CASSINO_N_CARDS];
  guint64 seed = step->seed ? step->seed : 1;

  g_return_val_if_fail (step != NULL, NULL);

  if (!cassino_rules_init_preset (&rules, step->preset, 2, error))
    return NULL;
  if (step->seed)
    cassino_deal_deck_for_seed (&rules, step->seed, deck);
  else if (!stack_deck (&rules, step, deck, error))
    return NULL;

  game = cassino_game_new (&rules, seed, step->dealer);
  cassino_game_set_seat (game, 0, _("You"), CASSINO_SEAT_HUMAN, NULL);
  cassino_game_set_seat (game, 1, _("Opponent"), CASSINO_SEAT_COMPUTER, "medium");
  cassino_game_set_tag (game, "Event", "Tutorial");
  if (!cassino_game_start_deal_with_deck (game, step->dealer, step->seed, deck, rules.deck, error))
    goto fail;

  if (step->prelude)
    {
      g_auto(GStrv) moves = g_strsplit (step->prelude, ";", -1);

      for (guint i = 0; moves[i]; i++)
        {
          CassinoMove move;

          if (!cassino_move_parse_notation (moves[i], &move, error) ||
              !cassino_game_play (game, &move, error))
            goto fail;
        }
    }
  for (guint i = 0; i < step->auto_plays; i++)
    {
      CassinoMove move;

      policy_move (game, &move);
      if (!cassino_game_play (game, &move, error))
        goto fail;
    }
  if (cassino_game_get_state (game) != CASSINO_GAME_PLAYING || cassino_game_get_to_move (game) != 0)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   "lesson step: not the player's turn after the prelude");
      goto fail;
    }
  return game;

fail:
  cassino_game_unref (game);
  return NULL;
}

/* --- checking a move ---------------------------------------------------- */

static gboolean
matches (const char        *answer,
         const CassinoMove *move)
{
  g_autofree char *text = g_strstrip (g_strdup (answer));
  gsize len = strlen (text);
  CassinoMove want;

  if (len > 2 && g_str_has_suffix (text, " *"))
    {
      g_auto(GStrv) words = g_strsplit (text, " ", -1);
      CassinoCard card;
      const char *end;

      if (g_strv_length (words) != 3 || !cassino_card_parse (words[0], &card, &end) || *end)
        return FALSE;
      if (card != move->card)
        return FALSE;
      if (g_strcmp0 (words[1], "x") == 0)
        return move->type == CASSINO_MOVE_CAPTURE;
      if ((words[1][0] == 'b' || words[1][0] == 'm') && move->type == CASSINO_MOVE_BUILD)
        return (guint) g_ascii_strtoull (words[1] + 1, NULL, 10) == move->value &&
               ((words[1][0] == 'm') == ((move->flags & CASSINO_MOVE_FLAG_MULTIPLE) != 0));
      return FALSE;
    }
  if (!cassino_move_parse_notation (text, &want, NULL))
    return FALSE;
  if (want.type != move->type || want.card != move->card || want.set != move->set)
    return FALSE;
  if (want.type == CASSINO_MOVE_BUILD)
    return want.value == move->value &&
           (want.flags & CASSINO_MOVE_FLAG_MULTIPLE) == (move->flags & CASSINO_MOVE_FLAG_MULTIPLE);
  return TRUE;
}

gboolean
cassino_lesson_step_is_answer (const CassinoLessonStep *step,
                               const CassinoMove       *move)
{
  g_auto(GStrv) answers = g_strsplit (step->answers, ";", -1);

  for (guint i = 0; answers[i]; i++)
    if (matches (answers[i], move))
      return TRUE;
  return FALSE;
}

char *
cassino_lesson_step_check (const CassinoLessonStep *step,
                           const CassinoGame       *game,
                           const CassinoMove       *move)
{
  char *why = cassino_game_explain_illegal (game, move);

  if (why)
    return why;
  if (cassino_lesson_step_is_answer (step, move))
    return NULL;
  return g_strdup (_(step->not_this));
}
