/* cassino-soak.c: random deals of every preset with the engine's invariants
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <gio/gio.h>

#include "cassino-soak.h"
#include "cassino-rng.h"

typedef struct {
  CassinoPreset preset;
  guint         players;
  gboolean      partnerships;
} Config;

static Config configs[96];
static guint n_configs;

static void
init_configs (void)
{
  if (n_configs)
    return;
  for (guint p = 0; p < CASSINO_N_ALL_PRESETS; p++)
    for (guint n = 2; n <= 6; n++)
      if (cassino_preset_get_player_counts (p) & (1u << n))
        {
          configs[n_configs++] = (Config) { p, n, TRUE };
          if (n == 4)
            configs[n_configs++] = (Config) { p, n, FALSE };
        }
}

guint
cassino_soak_n_configurations (void)
{
  init_configs ();
  return n_configs;
}

#define FAIL(...) G_STMT_START { \
    g_autofree char *_msg = g_strdup_printf (__VA_ARGS__); \
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s, %u players, deal seed %" G_GUINT64_FORMAT ", play %u: %s", \
                 cassino_preset_to_string (rules->preset), rules->n_players, deal_seed, ply, _msg); \
    cassino_move_list_clear (&list); \
    return FALSE; \
  } G_STMT_END

static gboolean
check_deal (const CassinoRules  *rules,
            guint64              deal_seed,
            CassinoSoakReport   *report,
            GError             **error)
{
  CassinoPosition pos;
  CassinoRng rng;
  guint8 deck[CASSINO_N_CARDS];
  CassinoMoveList list;
  guint ply = 0;
  guint total = 0;
  guint sweeps = 0;
  CassinoDealScore score;

  cassino_move_list_init (&list);
  cassino_rng_init (&rng, deal_seed);
  cassino_deal_deck_for_seed (rules, deal_seed, deck);
  cassino_position_deal (&pos, rules, deck, rules->deck, cassino_rng_below (&rng, rules->n_players));

  while (!pos.deal_over)
    {
      CassinoCards seen = 0;
      CassinoCards stock = 0;
      CassinoMove m;

      /* every card exactly once: hands, table, piles, stock */
      for (guint i = pos.stock_pos; i < pos.deck_len; i++)
        stock |= CASSINO_CARD_BIT (pos.deck[i]);
#define ADD(set) G_STMT_START { if (seen & (set)) FAIL ("a card is in two places"); seen |= (set); } G_STMT_END
      for (guint i = 0; i < rules->n_players; i++)
        ADD (pos.hands[i]);
      ADD (pos.loose);
      for (guint b = 0; b < pos.n_builds; b++)
        ADD (pos.builds[b].cards);
      for (guint s = 0; s < rules->n_sides; s++)
        ADD (pos.piles[s]);
      ADD (stock);
      ADD (pos.out_of_play);
#undef ADD
      if (seen != rules->deck_cards)
        FAIL ("cards are missing");

      /* every owned build can be taken by its owner, one card a value */
      for (guint b = 0; b < pos.n_builds; b++)
        {
          const CassinoBuild *build = &pos.builds[b];
          CassinoCards hand = pos.hands[build->owner];
          gboolean ok = FALSE;
          CassinoCard c;

          CASSINO_CARDS_FOREACH (c, hand)
            if (rules->card_values[c] & (1u << build->value))
              ok = TRUE;
          if (!ok)
            FAIL ("seat %d owns a build of %u it cannot take", build->owner, build->value);
        }

      list.len = 0;
      cassino_position_legal_moves (&pos, &list);
      if (list.len == 0)
        FAIL ("seat %u has no legal move", pos.to_move);
      for (guint i = 1; i < list.len; i++)
        if (cassino_move_compare (&list.moves[i - 1], &list.moves[i]) >= 0)
          FAIL ("moves out of canonical order or repeated");
      report->moves_checked += list.len;

      m = list.moves[cassino_rng_below (&rng, list.len)];
      if ((ply & 7) == 0)
        {
          CassinoPosition copy = pos;
          CassinoUndo undo;

          cassino_position_apply (&copy, &m, &undo);
          cassino_position_undo (&copy, &undo);
          if (memcmp (&copy, &pos, sizeof pos) != 0)
            FAIL ("undo did not restore the position");
          if (!cassino_position_is_legal (&pos, &m))
            FAIL ("a listed move is not legal");
        }
      cassino_position_apply (&pos, &m, NULL);
      ply++;
      report->plays++;
    }

  /* every card exactly once at the end too: piles and out of play */
  {
    CassinoCards all = pos.out_of_play;

    for (guint s = 0; s < rules->n_sides; s++)
      {
        if (all & pos.piles[s])
          FAIL ("a card is in two places at the end");
        all |= pos.piles[s];
      }
    if (all != rules->deck_cards)
      FAIL ("cards are missing at the end");
    if (pos.out_of_play && !rules->sweep_ends_deal)
      FAIL ("cards out of play without sweep_ends_deal");
  }

  /* the deal's points: 11 + sweeps (classic) or 24 + sweeps (spade), less ties */
  cassino_deal_score_compute_points (&score, rules, pos.piles, pos.sweeps, pos.sweep_points, NULL, 0);
  for (guint s = 0; s < rules->n_sides; s++)
    {
      total += score.total[s];
      sweeps += pos.sweeps[s];
    }
  if (rules->family)
    {
      /* family.md §2/§4: the base of the scoring, less what ties leave
       * unscored, plus every sweep at its worth */
      static const guint most_cards[] = {
        [CASSINO_SCORING_SCOPA] = 1, [CASSINO_SCORING_XERI] = 3, [CASSINO_SCORING_DILOTI] = 4,
        [CASSINO_SCORING_TABLANETTE] = 3, [CASSINO_SCORING_CALLABRA] = 1, [CASSINO_SCORING_PASUR] = 0,
      };
      guint expected = cassino_scoring_base_total (rules);
      guint max_cards = 0, n_max = 0, max_coins = 0, n_max_coins = 0, best_prim = 0, n_best_prim = 0;
      gboolean seven_clubs = FALSE;
      CassinoCards piles = 0;

      for (guint s = 0; s < rules->n_sides; s++)
        {
          guint coins = cassino_cards_count (pos.piles[s] & cassino_cards_of_suit (CASSINO_SUIT_DIAMONDS));
          guint prim = cassino_primiera (pos.piles[s]);

          piles |= pos.piles[s];
          if (score.n_cards[s] > max_cards)
            max_cards = score.n_cards[s], n_max = 1;
          else if (score.n_cards[s] == max_cards)
            n_max++;
          if (coins > max_coins)
            max_coins = coins, n_max_coins = 1;
          else if (coins == max_coins)
            n_max_coins++;
          if (prim > best_prim)
            best_prim = prim, n_best_prim = 1;
          else if (prim == best_prim && prim > 0)
            n_best_prim++;
          seven_clubs |= cassino_cards_count (pos.piles[s] & cassino_cards_of_suit (CASSINO_SUIT_CLUBS)) >= 7;
          expected += rules->scoring == CASSINO_SCORING_SCOPA ? pos.sweeps[s] : pos.sweep_points[s];
        }
      if (n_max > 1)
        expected -= most_cards[rules->scoring];
      if (rules->scoring == CASSINO_SCORING_SCOPA)
        {
          if (n_max_coins > 1)
            expected--;
          if (n_best_prim != 1)
            expected--;
        }
      if (rules->scoring == CASSINO_SCORING_PASUR && !seven_clubs)
        expected -= 7;
      if (rules->scoring == CASSINO_SCORING_CALLABRA && pos.sweep_points[0] + pos.sweep_points[1] > 0)
        FAIL ("a callabra sweep scored");
      if (piles == rules->deck_cards && total != expected)
        FAIL ("the deal scored %u points, expected %u", total, expected);
      if (piles != rules->deck_cards && total > expected)
        FAIL ("the deal scored %u points, more than %u", total, expected);
    }
  else if (rules->scoring != CASSINO_SCORING_DIAMOND)
    {
      guint expected = cassino_scoring_base_total (rules) + sweeps;
      guint max_cards = 0, n_max_cards = 0, max_spades = 0, n_max_spades = 0;
      CassinoCards piles = 0;

      for (guint s = 0; s < rules->n_sides; s++)
        {
          piles |= pos.piles[s];
          if (score.n_cards[s] > max_cards)
            max_cards = score.n_cards[s], n_max_cards = 1;
          else if (score.n_cards[s] == max_cards)
            n_max_cards++;
          if (score.n_spades[s] > max_spades)
            max_spades = score.n_spades[s], n_max_spades = 1;
          else if (score.n_spades[s] == max_spades)
            n_max_spades++;
        }
      if (n_max_cards > 1)
        expected -= 3;
      if (rules->scoring == CASSINO_SCORING_CLASSIC && n_max_spades > 1)
        expected -= 1;
      if (piles == rules->deck_cards && total != expected)
        FAIL ("the deal scored %u points, expected %u", total, expected);
    }
  else if (total > 9 + sweeps)
    FAIL ("a diamond deal scored %u points", total);

  cassino_move_list_clear (&list);
  report->deals++;
  return TRUE;
}

gboolean
cassino_soak_run_rules (const CassinoRules *rules,
                        guint64             n_deals,
                        guint64             seed,
                        CassinoSoakReport  *report,
                        GError            **error)
{
  memset (report, 0, sizeof *report);
  report->configurations = 1;
  for (guint64 d = 0; d < n_deals; d++)
    if (!check_deal (rules, cassino_mix64 (seed + d), report, error))
      return FALSE;
  return TRUE;
}

gboolean
cassino_soak_run (guint64             n_deals,
                  guint64             seed,
                  CassinoSoakReport  *report,
                  GError            **error)
{
  CassinoRules rules[96];

  init_configs ();
  memset (report, 0, sizeof *report);
  report->configurations = n_configs;
  for (guint i = 0; i < n_configs; i++)
    {
      g_return_val_if_fail (cassino_rules_init_preset (&rules[i], configs[i].preset, configs[i].players, error), FALSE);
      rules[i].partnerships = configs[i].partnerships;
      if (!cassino_rules_finish (&rules[i], error))
        return FALSE;
    }

  for (guint64 d = 0; d < n_deals; d++)
    if (!check_deal (&rules[d % n_configs], cassino_mix64 (seed + d), report, error))
      return FALSE;
  return TRUE;
}
