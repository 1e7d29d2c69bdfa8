/* cassino-test-util.h: helpers shared by the engine tests
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>
#include <glib.h>

#include "cassino-position-json.h"
#include "cassino-rng.h"

/* The legal moves of a JSON position (cli.md shape). */
static inline void
test_legal_from_json (const char          *json,
                      CassinoJsonPosition *pos,
                      CassinoMoveList     *list)
{
  g_autoptr(GError) error = NULL;

  if (!cassino_json_position_parse (pos, json, -1, &error))
    g_error ("bad test position: %s\n%s", error->message, json);
  cassino_move_list_init (list);
  cassino_position_legal_moves_for_hand (&pos->view.pos, pos->view.seat,
                                         pos->view.pos.hands[pos->view.seat],
                                         pos->last_play, list);
}

static inline CassinoMove
test_move (const char *notation)
{
  g_autoptr(GError) error = NULL;
  CassinoMove m;

  if (!cassino_move_parse_notation (notation, &m, &error))
    g_error ("bad test move %s: %s", notation, error->message);
  return m;
}

static inline gboolean
test_has_move (const CassinoMoveList *list,
               const char            *notation)
{
  CassinoMove m = test_move (notation);

  for (guint i = 0; i < list->len; i++)
    if (list->moves[i].type == m.type && cassino_move_compare (&list->moves[i], &m) == 0)
      return TRUE;
  return FALSE;
}

static inline guint
test_count_type (const CassinoMoveList *list,
                 CassinoMoveType        type)
{
  guint n = 0;

  for (guint i = 0; i < list->len; i++)
    if (list->moves[i].type == type)
      n++;
  return n;
}

static inline char *
test_list_to_string (const CassinoMoveList *list)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < list->len; i++)
    {
      g_autofree char *t = cassino_move_to_notation (&list->moves[i]);

      g_string_append_printf (s, "%s%s", i ? " | " : "", t);
    }
  return g_string_free (s, FALSE);
}

static inline CassinoCards
test_cards (const char *text)
{
  CassinoCards set = 0;
  g_autoptr(GError) error = NULL;

  if (!cassino_cards_parse (text, &set, &error))
    g_error ("bad test cards %s: %s", text, error->message);
  return set;
}

/* Play a whole game with uniformly random legal moves. */
static inline CassinoGame *
test_random_game (const CassinoRules *rules,
                  guint64             seed)
{
  CassinoGame *game = cassino_game_new (rules, seed, (guint) (seed % rules->n_players));
  CassinoRng rng;
  CassinoMoveList list;

  cassino_rng_init (&rng, seed * 7 + 1);
  cassino_move_list_init (&list);
  for (guint i = 0; i < rules->n_players; i++)
    cassino_game_set_seat (game, i, i == 0 ? "Ann" : "Bo", CASSINO_SEAT_HUMAN, NULL);
  cassino_game_start (game);
  while (cassino_game_get_state (game) != CASSINO_GAME_OVER)
    {
      if (cassino_game_get_state (game) == CASSINO_GAME_DEAL_OVER)
        {
          if (cassino_game_get_n_deals (game) > 300)
            break;
          g_assert_true (cassino_game_next_deal (game, NULL));
          continue;
        }
      list.len = 0;
      cassino_game_legal_moves (game, &list);
      g_assert_cmpuint (list.len, >, 0);
      g_assert_true (cassino_game_play (game, &list.moves[cassino_rng_below (&rng, list.len)], NULL));
    }
  cassino_move_list_clear (&list);
  return game;
}
