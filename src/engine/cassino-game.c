/* cassino-game.c: deals, game scoring, the end of a game, rubbers
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-game.h"
#include "cassino-rng.h"

G_DEFINE_QUARK (cassino-game-error-quark, cassino_game_error)

struct _CassinoGame {
  gint             ref_count;
  CassinoRules     rules;
  guint64          seed;
  guint            first_dealer;
  CassinoSeat      seats[CASSINO_MAX_PLAYERS];
  GPtrArray       *tag_names;     /* char*, owned */
  GHashTable      *tags;          /* name -> value */

  GPtrArray       *deals;         /* CassinoDeal* */
  CassinoPosition  pos;
  CassinoGameState state;
  guint            scores[CASSINO_MAX_SIDES];
  guint            scores_before[CASSINO_MAX_SIDES];  /* at the start of the current deal */
  /* count as you go: the scoring items of the current deal already credited */
  CassinoCards     credited_cards[CASSINO_N_ALL_CATEGORIES]; /* items of one card (a spade, an ace, a four) */
  guint            credited_most;                         /* bit per category: its "most" */
  guint8           credited_sweeps[CASSINO_MAX_SIDES];
  guint8           sweep_order[64];
  guint            n_sweep_order;
  int              winner;
  guint            value;
  const char      *ending;
};

static void
deal_free (gpointer data)
{
  CassinoDeal *deal = data;

  g_array_unref (deal->plays);
  g_free (deal);
}

static void
forget_credited (CassinoGame *game)
{
  memset (game->credited_cards, 0, sizeof game->credited_cards);
  game->credited_most = 0;
  memset (game->credited_sweeps, 0, sizeof game->credited_sweeps);
}

CassinoGame *
cassino_game_new (const CassinoRules *rules,
                  guint64             seed,
                  guint               first_dealer)
{
  CassinoGame *game = g_new0 (CassinoGame, 1);

  g_return_val_if_fail (rules != NULL, NULL);

  game->ref_count = 1;
  game->rules = *rules;
  game->seed = seed;
  game->first_dealer = first_dealer % rules->n_players;
  game->tag_names = g_ptr_array_new_with_free_func (g_free);
  game->tags = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  game->deals = g_ptr_array_new_with_free_func (deal_free);
  game->state = CASSINO_GAME_PLAYING;
  game->winner = -1;
  game->value = 1;
  game->pos.rules = &game->rules;
  game->pos.deal_over = TRUE;
  return game;
}

CassinoGame *
cassino_game_ref (CassinoGame *game)
{
  g_atomic_int_inc (&game->ref_count);
  return game;
}

void
cassino_game_unref (CassinoGame *game)
{
  if (game == NULL || !g_atomic_int_dec_and_test (&game->ref_count))
    return;
  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    {
      g_free (game->seats[i].name);
      g_free (game->seats[i].level);
    }
  g_hash_table_unref (game->tags);
  g_ptr_array_unref (game->tag_names);
  g_ptr_array_unref (game->deals);
  g_free (game);
}

CassinoGame *
cassino_game_copy (const CassinoGame *game)
{
  CassinoGame *copy = g_new0 (CassinoGame, 1);

  *copy = *game;
  copy->ref_count = 1;
  copy->pos.rules = &copy->rules;
  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    {
      copy->seats[i].name = g_strdup (game->seats[i].name);
      copy->seats[i].level = g_strdup (game->seats[i].level);
    }
  copy->tag_names = g_ptr_array_new_with_free_func (g_free);
  copy->tags = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  for (guint i = 0; i < game->tag_names->len; i++)
    cassino_game_set_tag (copy, game->tag_names->pdata[i],
                          g_hash_table_lookup (game->tags, game->tag_names->pdata[i]));
  copy->deals = g_ptr_array_new_with_free_func (deal_free);
  for (guint i = 0; i < game->deals->len; i++)
    {
      const CassinoDeal *d = game->deals->pdata[i];
      CassinoDeal *nd = g_new (CassinoDeal, 1);

      *nd = *d;
      nd->plays = g_array_copy (d->plays);
      g_ptr_array_add (copy->deals, nd);
    }
  return copy;
}

void
cassino_game_set_seat (CassinoGame     *game,
                       guint            seat,
                       const char      *name,
                       CassinoSeatKind  kind,
                       const char      *level)
{
  g_return_if_fail (seat < game->rules.n_players);

  g_free (game->seats[seat].name);
  g_free (game->seats[seat].level);
  game->seats[seat].name = g_strdup (name);
  game->seats[seat].kind = kind;
  game->seats[seat].level = g_strdup (level);
}

const CassinoSeat *
cassino_game_get_seat (const CassinoGame *game,
                       guint              seat)
{
  g_return_val_if_fail (seat < game->rules.n_players, NULL);
  return &game->seats[seat];
}

void
cassino_game_set_tag (CassinoGame *game,
                      const char  *name,
                      const char  *value)
{
  gpointer key;

  g_return_if_fail (name != NULL);

  /* the table's key is the string of tag_names: found by hashing, not by
   * walking the names (a record with many tags reads in linear time) */
  if (!g_hash_table_lookup_extended (game->tags, name, &key, NULL))
    {
      key = g_strdup (name);
      g_ptr_array_add (game->tag_names, key);
    }
  g_hash_table_insert (game->tags, key, g_strdup (value ? value : ""));
}

const char *
cassino_game_get_tag (const CassinoGame *game,
                      const char        *name)
{
  return g_hash_table_lookup (game->tags, name);
}

GPtrArray *
cassino_game_get_tag_names (const CassinoGame *game)
{
  return game->tag_names;
}

const CassinoRules *
cassino_game_get_rules (const CassinoGame *game)
{
  return &game->rules;
}

guint64
cassino_game_get_seed (const CassinoGame *game)
{
  return game->seed;
}

guint
cassino_game_get_first_dealer (const CassinoGame *game)
{
  return game->first_dealer;
}

guint64
cassino_game_deal_seed (guint64 game_seed,
                        guint   deal_number)
{
  return cassino_mix64 (game_seed ^ cassino_mix64 (deal_number));
}

void
cassino_deal_deck_for_seed (const CassinoRules *rules,
                            guint64             deal_seed,
                            guint8             *deck)
{
  CassinoRng rng;
  guint n = 0;
  CassinoCard card;

  CASSINO_CARDS_FOREACH (card, rules->deck_cards)
    deck[n++] = card;
  cassino_rng_init (&rng, deal_seed);
  cassino_rng_shuffle (&rng, deck, n);

  /* family.md §1: a first table that calls for a redeal voids the deal;
   * the cards are shuffled again (the deck returned is the one played).
   * The family deals hands first, so the table cards follow them. */
  if (rules->table_redeal != CASSINO_TABLE_REDEAL_NONE)
    {
      guint start = rules->n_players * rules->hand_size;

      for (guint tries = 0; tries < 1000 && start + rules->table_initial <= n &&
           cassino_rules_table_redeal (rules, deck + start, rules->table_initial); tries++)
        cassino_rng_shuffle (&rng, deck, n);
    }
}

static void
begin_deal (CassinoGame  *game,
            guint         dealer,
            guint64       seed,
            const guint8 *deck,
            guint         deck_len)
{
  CassinoDeal *deal = g_new0 (CassinoDeal, 1);

  deal->number = game->deals->len + 1;
  deal->dealer = dealer;
  deal->seed = seed;
  memcpy (deal->deck, deck, deck_len);
  deal->deck_len = deck_len;
  deal->plays = g_array_new (FALSE, FALSE, sizeof (CassinoPlay));
  deal->last_cards_side = -1;
  g_ptr_array_add (game->deals, deal);

  cassino_position_deal (&game->pos, &game->rules, deck, deck_len, dealer);
  memcpy (game->scores_before, game->scores, sizeof game->scores);
  forget_credited (game);
  game->n_sweep_order = 0;
  game->state = CASSINO_GAME_PLAYING;
}

void
cassino_game_start (CassinoGame *game)
{
  guint8 deck[CASSINO_N_CARDS];
  guint dealer = game->first_dealer;
  guint number = game->deals->len + 1;
  guint64 seed = cassino_game_deal_seed (game->seed, number);

  g_return_if_fail (game->deals->len == 0 || game->state == CASSINO_GAME_DEAL_OVER);

  if (game->deals->len > 0)
    {
      const CassinoDeal *prev = g_ptr_array_index (game->deals, game->deals->len - 1);

      dealer = (prev->dealer + 1) % game->rules.n_players;
    }
  cassino_deal_deck_for_seed (&game->rules, seed, deck);
  begin_deal (game, dealer, seed, deck, game->rules.deck);
}

gboolean
cassino_game_next_deal (CassinoGame  *game,
                        GError      **error)
{
  if (game->state != CASSINO_GAME_DEAL_OVER)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   _("the deal is not over"));
      return FALSE;
    }
  cassino_game_start (game);
  return TRUE;
}

gboolean
cassino_game_start_deal_with_deck (CassinoGame   *game,
                                   guint          dealer,
                                   guint64        seed,
                                   const guint8  *deck,
                                   guint          deck_len,
                                   GError       **error)
{
  CassinoCards seen = 0;

  if (game->deals->len > 0 && game->state != CASSINO_GAME_DEAL_OVER)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   _("a deal is still being played"));
      return FALSE;
    }
  if (dealer >= game->rules.n_players)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   _("dealer %u is not a seat of a %u-player game"), dealer, game->rules.n_players);
      return FALSE;
    }
  for (guint i = 0; i < deck_len; i++)
    {
      if (deck[i] >= CASSINO_N_CARDS || !(game->rules.deck_cards & CASSINO_CARD_BIT (deck[i])))
        {
          g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                       _("the deck holds a card that is not in this game’s deck"));
          return FALSE;
        }
      if (seen & CASSINO_CARD_BIT (deck[i]))
        {
          g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                       _("the deck holds %s twice"), cassino_card_to_string (deck[i]));
          return FALSE;
        }
      seen |= CASSINO_CARD_BIT (deck[i]);
    }
  if (seen != game->rules.deck_cards)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   _("the deck has %u cards, not %u"), deck_len, game->rules.deck);
      return FALSE;
    }

  begin_deal (game, dealer, seed, deck, deck_len);
  return TRUE;
}

CassinoGameState
cassino_game_get_state (const CassinoGame *game)
{
  return game->state;
}

const CassinoPosition *
cassino_game_get_position (const CassinoGame *game)
{
  return &game->pos;
}

guint
cassino_game_get_to_move (const CassinoGame *game)
{
  return game->pos.to_move;
}

void
cassino_game_legal_moves (const CassinoGame *game,
                          CassinoMoveList   *out)
{
  if (game->state != CASSINO_GAME_PLAYING)
    return;
  cassino_position_legal_moves (&game->pos, out);
}

guint
cassino_game_get_score (const CassinoGame *game,
                        guint              side)
{
  g_return_val_if_fail (side < game->rules.n_sides, 0);
  return game->scores[side];
}

guint
cassino_game_get_n_deals (const CassinoGame *game)
{
  return game->deals->len;
}

const CassinoDeal *
cassino_game_get_deal (const CassinoGame *game,
                       guint              index)
{
  g_return_val_if_fail (index < game->deals->len, NULL);
  return g_ptr_array_index (game->deals, index);
}

const CassinoDeal *
cassino_game_get_current_deal (const CassinoGame *game)
{
  if (game->deals->len == 0)
    return NULL;
  return g_ptr_array_index (game->deals, game->deals->len - 1);
}

int
cassino_game_get_winner (const CassinoGame *game)
{
  return game->winner;
}

guint
cassino_game_get_value (const CassinoGame *game)
{
  return game->value;
}

const char *
cassino_game_get_ending (const CassinoGame *game)
{
  return game->ending;
}

static CassinoCards
out_cards (const CassinoGame *game)
{
  CassinoCards piles = 0;

  for (guint s = 0; s < game->rules.n_sides; s++)
    piles |= game->pos.piles[s];
  return game->rules.deck_cards & ~piles;
}

void
cassino_game_get_deal_tally (const CassinoGame *game,
                             CassinoDealScore  *out)
{
  const CassinoDeal *deal = cassino_game_get_current_deal (game);

  if (deal && deal->finished)
    {
      *out = deal->score;
      return;
    }
  if (game->rules.count_as_you_go)
    cassino_deal_score_secured (out, &game->rules, game->pos.piles, game->pos.sweeps,
                                out_cards (game), game->pos.deal_over);
  else
    /* what the piles would score if the deal ended now */
    cassino_deal_score_compute_points (out, &game->rules, game->pos.piles, game->pos.sweeps,
                                       game->pos.sweep_points, game->sweep_order, game->n_sweep_order);
}

static void
finish_game (CassinoGame *game,
             int          winner,
             const char  *ending)
{
  game->state = CASSINO_GAME_OVER;
  game->winner = winner;
  game->ending = ending;
  game->value = 1;

  if (winner >= 0 && game->rules.lurch_below > 0)
    {
      guint best_loser = 0;

      for (guint s = 0; s < game->rules.n_sides; s++)
        if ((int) s != winner)
          best_loser = MAX (best_loser, game->scores[s]);
      if (best_loser < game->rules.lurch_below)
        game->value = 2;
    }
}

/* The side that alone has the highest of @values, or -1. */
static int
unique_max (const guint *values,
            guint        n)
{
  int best = -1;
  gboolean tie = FALSE;

  for (guint s = 0; s < n; s++)
    {
      if (best < 0 || values[s] > values[best])
        {
          best = (int) s;
          tie = FALSE;
        }
      else if (values[s] == values[best])
        tie = TRUE;
    }
  return tie ? -1 : best;
}

/* Count as you go (rules.md §6): credit the scoring items secured by
 * @piles and not credited yet, each item whole, in count order; the game
 * ends, with @ending, as soon as a side reaches the target, and the items
 * not yet credited are dropped.  @at_end: the deal is over and counted
 * (the "most" categories are decided).  Returns TRUE when the game is over. */
static gboolean
credit_secured (CassinoGame        *game,
                const CassinoCards *piles,
                gboolean            at_end,
                const char         *ending)
{
  CassinoDealScore secured;
  CassinoCards taken = 0;
  guint sweeps_seen[CASSINO_MAX_SIDES] = { 0 };
  CassinoDeal *deal = (CassinoDeal *) cassino_game_get_current_deal (game);

  for (guint s = 0; s < game->rules.n_sides; s++)
    taken |= piles[s];
  cassino_deal_score_secured (&secured, &game->rules, piles, game->pos.sweeps,
                              game->rules.deck_cards & ~taken, at_end);

  for (guint i = 0; i < secured.n_events; i++)
    {
      const CassinoScoreEvent *e = &secured.events[i];

      if (e->category == CASSINO_CATEGORY_SWEEPS)
        {
          if (sweeps_seen[e->side]++ < game->credited_sweeps[e->side])
            continue;
          game->credited_sweeps[e->side]++;
        }
      else if (e->card != CASSINO_NO_CARD)
        {
          if (game->credited_cards[e->category] & CASSINO_CARD_BIT (e->card))
            continue;
          game->credited_cards[e->category] |= CASSINO_CARD_BIT (e->card);
        }
      else
        {
          if (game->credited_most & (1u << e->category))
            continue;
          game->credited_most |= 1u << e->category;
        }

      game->scores[e->side] += e->points;
      deal->game_points[e->side] += e->points;
      if (game->scores[e->side] >= game->rules.target)
        {
          finish_game (game, e->side, ending);
          return TRUE;
        }
    }
  return FALSE;
}

/* The deal was played to the last card: its score and last cards. */
static void
close_deal (CassinoGame *game,
            CassinoDeal *deal)
{
  cassino_deal_score_compute_points (&deal->score, &game->rules, game->pos.piles, game->pos.sweeps,
                                     game->pos.sweep_points, game->sweep_order, game->n_sweep_order);
  deal->finished = TRUE;
  deal->last_cards = game->pos.last_cards;
  deal->last_cards_side = game->pos.last_cards_side;
}

static void
score_finished_deal (CassinoGame *game,
                     CassinoDeal *deal)
{
  const CassinoRules *r = &game->rules;
  guint n_sides = r->n_sides;
  guint reached = 0;

  close_deal (game, deal);

  if (r->count_as_you_go)
    {
      /* the count at the end of the deal: last cards, most cards */
      if (credit_secured (game, game->pos.piles, TRUE, "target"))
        return;
      game->state = CASSINO_GAME_DEAL_OVER;
      return;
    }

  if (r->target == 0)
    {
      for (guint s = 0; s < n_sides; s++)
        {
          game->scores[s] += deal->score.total[s];
          deal->game_points[s] = deal->score.total[s];
        }
      finish_game (game, unique_max (deal->score.total, n_sides), "single-deal");
      return;
    }

  if (r->game_scoring == CASSINO_GAME_SCORING_DIFFERENCE)
    {
      int w = unique_max (deal->score.total, n_sides);

      if (w >= 0)
        {
          guint others = 0;

          for (guint s = 0; s < n_sides; s++)
            if ((int) s != w)
              others += deal->score.total[s];
          if (deal->score.total[w] > others)
            {
              deal->game_points[w] = deal->score.total[w] - others;
              game->scores[w] += deal->game_points[w];
            }
        }
    }
  else
    for (guint s = 0; s < n_sides; s++)
      {
        deal->game_points[s] = deal->score.total[s];
        game->scores[s] += deal->score.total[s];
      }

  for (guint s = 0; s < n_sides; s++)
    if (game->scores[s] >= r->target)
      reached++;

  if (reached == 0)
    {
      game->state = CASSINO_GAME_DEAL_OVER;
      return;
    }

  if (reached == 1 || r->game_scoring == CASSINO_GAME_SCORING_DIFFERENCE)
    {
      finish_game (game, unique_max (game->scores, n_sides), "target");
      return;
    }

  if (r->at_target == CASSINO_AT_TARGET_COUNT_ORDER)
    {
      guint running[CASSINO_MAX_SIDES];

      memcpy (running, game->scores_before, sizeof running);
      for (guint i = 0; i < deal->score.n_events; i++)
        {
          const CassinoScoreEvent *e = &deal->score.events[i];

          running[e->side] += e->points;
          if (running[e->side] >= r->target)
            {
              finish_game (game, e->side, "target");
              return;
            }
        }
      g_assert_not_reached ();
    }
  else
    {
      int w = unique_max (game->scores, n_sides);

      if (w >= 0)
        finish_game (game, w, "target");
      else
        game->state = CASSINO_GAME_DEAL_OVER;   /* equal: another deal */
    }
}

/* Apply a move known to be legal, with all the game's bookkeeping. */
static void
apply_play (CassinoGame       *game,
            const CassinoMove *move)
{
  CassinoDeal *deal = (CassinoDeal *) cassino_game_get_current_deal (game);
  CassinoPlay play;
  guint seat = game->pos.to_move;
  guint side = cassino_rules_side_of (&game->rules, seat);
  guint sweeps_before = game->pos.sweeps[side];

  play.move = *move;
  play.seat = seat;
  cassino_position_apply (&game->pos, move, NULL);
  /* the sweep flag as it really was */
  if (move->type == CASSINO_MOVE_CAPTURE)
    {
      if (game->pos.sweeps[side] > sweeps_before)
        play.move.flags |= CASSINO_MOVE_FLAG_SWEEP;
      else
        play.move.flags &= ~CASSINO_MOVE_FLAG_SWEEP;
      if (game->pos.sweeps[side] > sweeps_before &&
          game->n_sweep_order < G_N_ELEMENTS (game->sweep_order))
        game->sweep_order[game->n_sweep_order++] = side;
    }
  g_array_append_val (deal->plays, play);

  if (game->rules.count_as_you_go)
    {
      /* what the move itself secured, during play: on the last play of a
       * deal, without the last cards, which the end-of-deal count gives */
      CassinoCards piles[CASSINO_MAX_SIDES];

      memcpy (piles, game->pos.piles, sizeof piles);
      if (game->pos.deal_over && game->pos.last_cards_side >= 0)
        piles[game->pos.last_cards_side] &= ~game->pos.last_cards;
      if (credit_secured (game, piles, FALSE, "count-as-you-go"))
        {
          if (game->pos.deal_over)
            close_deal (game, deal);
          return;
        }
    }

  if (game->pos.deal_over)
    score_finished_deal (game, deal);
}

gboolean
cassino_game_play (CassinoGame        *game,
                   const CassinoMove  *move,
                   GError            **error)
{
  if (game->state != CASSINO_GAME_PLAYING)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   game->state == CASSINO_GAME_OVER ? _("the game is over") : _("the deal is over"));
      return FALSE;
    }
  if (!cassino_position_is_legal (&game->pos, move))
    {
      g_autofree char *why = cassino_game_explain_illegal (game, move);
      g_autofree char *text = cassino_move_to_notation (move);

      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_ILLEGAL_MOVE,
                   "%s: %s", text, why ? why : _("not a legal move"));
      return FALSE;
    }
  apply_play (game, move);
  return TRUE;
}

gboolean
cassino_game_can_undo (const CassinoGame *game)
{
  const CassinoDeal *deal = cassino_game_get_current_deal (game);

  return deal != NULL && deal->plays->len > 0 && game->state == CASSINO_GAME_PLAYING;
}

gboolean
cassino_game_undo (CassinoGame  *game,
                   GError      **error)
{
  CassinoDeal *deal = (CassinoDeal *) cassino_game_get_current_deal (game);
  g_autoptr(GArray) plays = NULL;

  if (!cassino_game_can_undo (game))
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_CANNOT_UNDO,
                   _("there is no play of this deal to take back"));
      return FALSE;
    }

  /* replay the deal without its last play */
  plays = g_steal_pointer (&deal->plays);
  deal->plays = g_array_new (FALSE, FALSE, sizeof (CassinoPlay));
  memset (deal->game_points, 0, sizeof deal->game_points);
  memcpy (game->scores, game->scores_before, sizeof game->scores);
  forget_credited (game);
  game->n_sweep_order = 0;
  cassino_position_deal (&game->pos, &game->rules, deal->deck, deal->deck_len, deal->dealer);
  for (guint i = 0; i + 1 < plays->len; i++)
    apply_play (game, &g_array_index (plays, CassinoPlay, i).move);
  return TRUE;
}

/* Explanations */

static char *
value_name (guint value)
{
  return g_strdup_printf ("%u", value);
}

/* Whether @move would be legal if the builds of @seat were another's
 * (nothing to keep a card for). */
static gboolean
legal_but_for_own_builds (const CassinoPosition *pos,
                          guint                  seat,
                          const CassinoMove     *move)
{
  CassinoPosition other = *pos;

  for (guint i = 0; i < other.n_builds; i++)
    if (other.builds[i].owner == (gint8) seat)
      other.builds[i].owner = (gint8) ((seat + 1) % pos->rules->n_players);
  return cassino_position_is_legal (&other, move);
}

/* Why a court card (no number value) cannot take or build with the
 * table cards of @move. */
static char *
court_reason (const CassinoPosition *pos,
              const CassinoMove     *move)
{
  const CassinoRules *r = pos->rules;
  CassinoCards own_rank = 0;
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, pos->loose & move->set)
    if (CASSINO_CARD_RANK (c) == CASSINO_CARD_RANK (move->card))
      own_rank |= CASSINO_CARD_BIT (c);
  /* a card of another rank, or a build, among them */
  if (own_rank != move->set || r->court_capture != CASSINO_COURT_CAPTURE_ONE)
    return g_strdup (_("A court card takes only cards of its own rank."));
  return g_strdup (_("A court card takes only one card of its rank, or all three."));
}

char *
cassino_game_explain_illegal (const CassinoGame *game,
                              const CassinoMove *move)
{
  const CassinoPosition *pos = &game->pos;
  const CassinoRules *r = &game->rules;
  guint seat = pos->to_move;
  CassinoCards hand = pos->hands[seat];
  CassinoCards table = cassino_position_table_cards (pos);
  guint32 owned = 0;

  if (game->state != CASSINO_GAME_PLAYING)
    return g_strdup (_("The deal is over."));
  if (cassino_position_is_legal (pos, move))
    return NULL;
  if (move->type == CASSINO_MOVE_CLAIM)
    return g_strdup (_("There is nothing to claim."));
  if (move->card >= CASSINO_N_CARDS || !(hand & CASSINO_CARD_BIT (move->card)))
    return g_strdup (_("That card is not in your hand."));
  if ((move->set & ~table) != 0)
    return g_strdup (_("Those cards are not all on the table."));

  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].owner == (gint8) seat)
      owned |= 1u << pos->builds[i].value;

  if (move->type == CASSINO_MOVE_TRAIL && owned && !r->trail_with_own_build)
    {
      g_autofree char *v = value_name ((guint) __builtin_ctz (owned));

      /* Translators: %s is a build's value, e.g. "8" */
      return g_strdup_printf (_("You own the %s-build: you may not trail while you have a build on the table."), v);
    }

  /* a build of the player's that the move leaves without a card to take
   * it: the reason when the move is otherwise sound (a ten on another's
   * 9-build is refused for what it is, not for the 10-build the ten
   * should stay for) */
  for (guint i = 0; i < pos->n_builds && legal_but_for_own_builds (pos, seat, move); i++)
    {
      const CassinoBuild *b = &pos->builds[i];
      CassinoCards rest = hand & ~CASSINO_CARD_BIT (move->card);
      gboolean still_held = FALSE;
      CassinoCard c;

      if (b->owner != (gint8) seat || (move->set & b->cards))
        continue;
      CASSINO_CARDS_FOREACH (c, rest)
        if (r->card_values[c] & (1u << b->value))
          still_held = TRUE;
      if (!still_held)
        {
          g_autofree char *v = value_name (b->value);

          /* Translators: both %s are a build's value, e.g. "You own the 8-build: you must keep an 8" */
          return g_strdup_printf (_("You own the %s-build: you must keep a card to take it (%s)."), v, v);
        }
    }

  if (move->type == CASSINO_MOVE_BUILD)
    {
      CassinoCards rest = hand & ~CASSINO_CARD_BIT (move->card);
      gboolean held = FALSE;
      CassinoCard c;

      if (!r->building)
        return g_strdup (_("These rules have no building."));
      /* a court card with table cards is a capture to the player (the
       * tutorial's K♣ on 6♣ said "cannot be built with") */
      if (r->card_values[move->card] == 0)
        return court_reason (pos, move);
      /* (a damaged record's value may be any number) */
      CASSINO_CARDS_FOREACH (c, rest)
        if (move->value < 32 && (r->card_values[c] & (1u << move->value)))
          held = TRUE;
      if (!held)
        {
          g_autofree char *v = value_name (move->value);

          /* Translators: %s is a value, e.g. "You need another card of 8 in your hand to build 8" */
          return g_strdup_printf (_("To build %s you must keep a card of that value in your hand."), v);
        }
      for (guint i = 0; i < pos->n_builds; i++)
        if (pos->builds[i].multiple && (pos->builds[i].cards & move->set) &&
            pos->builds[i].value != move->value)
          return g_strdup (_("A multiple build can never be raised."));
      for (guint i = 0; i < pos->n_builds; i++)
        if (!r->increase_own_build && pos->builds[i].owner == (gint8) seat &&
            (pos->builds[i].cards & move->set) && pos->builds[i].value != move->value)
          return g_strdup (_("Under these rules you may not raise your own build."));
      return g_strdup (_("Those cards do not make that build."));
    }

  if (move->type == CASSINO_MOVE_CAPTURE)
    {
      /* Xeri: no sums, the pile's top card or, with a jack, the pile */
      if (r->capture_mode == CASSINO_CAPTURE_MODE_PILE)
        return r->jack_sweeps != CASSINO_JACK_SWEEPS_NO
               ? g_strdup (_("You take the pile’s top card with a card of the same rank, or the whole pile with a jack."))
               : g_strdup (_("You take the pile’s top card with a card of the same rank."));
      /* Pasur: the card played and the cards taken make 11 */
      if (r->sum_target == CASSINO_SUM_TARGET_11 && r->card_values[move->card] != 0)
        return g_strdup (_("The card you play and the cards you take must add up to 11."));
      if (r->card_values[move->card] == 0)
        return court_reason (pos, move);
      {
        CassinoCard c;

        CASSINO_CARDS_FOREACH (c, pos->loose & move->set)
          if (r->card_values[c] == 0)
            return g_strdup (_("A court card is taken only by a court card of its rank."));
      }
      /* one card: there is nothing to add up */
      if (cassino_cards_count (move->set) == 1 && (pos->loose & move->set))
        return g_strdup (_("A card takes a card of its own value, or cards that add up to it."));
      return g_strdup (_("Those cards do not add up to the card you play."));
    }

  return g_strdup (_("That is not a legal move."));
}

/* Rubbers */

void
cassino_rubber_init (CassinoRubber      *rubber,
                     const CassinoRules *rules)
{
  memset (rubber, 0, sizeof *rubber);
  rubber->n_sides = rules->n_sides;
  rubber->games_needed = rules->rubber_games / 2 + 1;
  rubber->winner = -1;
}

gboolean
cassino_rubber_add_game (CassinoRubber     *rubber,
                         const CassinoGame *game)
{
  int w = cassino_game_get_winner (game);

  g_return_val_if_fail (cassino_game_get_state (game) == CASSINO_GAME_OVER, rubber->finished);

  if (rubber->finished)
    return TRUE;
  rubber->n_games++;
  if (w < 0)
    return FALSE;    /* a drawn game does not count */
  rubber->games_won[w]++;
  rubber->points[w] += cassino_game_get_value (game);
  if (rubber->games_won[w] >= rubber->games_needed)
    {
      rubber->finished = TRUE;
      rubber->winner = w;
    }
  return rubber->finished;
}
