/* cassino-position.c: dealing, legal moves (rules.md §4), applying moves
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <stdlib.h>

#include "cassino-input.h"
#include "cassino-position.h"

G_DEFINE_QUARK (cassino-position-error-quark, cassino_position_error)

/* Insertion sort, for the short arrays of move generation (qsort's call
 * overhead dominates there).  @greater (a, b): whether *a sorts after *b. */
#define INSERTION_SORT(Type, array, n, greater) \
  G_STMT_START { \
    for (guint _i = 1; _i < (n); _i++) \
      { \
        Type _x = (array)[_i]; \
        guint _k = _i; \
        while (_k > 0 && greater (&(array)[_k - 1], &_x)) \
          { \
            (array)[_k] = (array)[_k - 1]; \
            _k--; \
          } \
        (array)[_k] = _x; \
      } \
  } G_STMT_END

/* Move lists */

void
cassino_move_list_init (CassinoMoveList *list)
{
  list->moves = list->inline_moves;
  list->len = 0;
  list->alloc = G_N_ELEMENTS (list->inline_moves);
  list->truncated = FALSE;
}

void
cassino_move_list_clear (CassinoMoveList *list)
{
  if (list->moves != list->inline_moves)
    g_free (list->moves);
  cassino_move_list_init (list);
}

static inline CassinoMove *
move_list_push (CassinoMoveList *list)
{
  if (G_UNLIKELY (list->len == list->alloc))
    {
      guint alloc = list->alloc * 2;

      if (list->moves == list->inline_moves)
        {
          list->moves = g_new (CassinoMove, alloc);
          memcpy (list->moves, list->inline_moves, sizeof list->inline_moves);
        }
      else
        list->moves = g_renew (CassinoMove, list->moves, alloc);
      list->alloc = alloc;
    }
  return &list->moves[list->len++];
}

/* Card sets used while generating: a growable array of masks. */
typedef struct {
  CassinoCards *items;
  guint         len;
  guint         alloc;
  gboolean      full;     /* CASSINO_MAX_MOVE_SETS reached: later sets dropped */
  CassinoCards  inline_items[12];
} SetList;

static void
set_list_init (SetList *l)
{
  l->items = l->inline_items;
  l->len = 0;
  l->alloc = G_N_ELEMENTS (l->inline_items);
  l->full = FALSE;
}

static void
set_list_clear (SetList *l)
{
  if (l->items != l->inline_items)
    g_free (l->items);
  set_list_init (l);
}

static inline void
set_list_add (SetList      *l,
              CassinoCards  set)
{
  if (G_UNLIKELY (l->len >= CASSINO_MAX_MOVE_SETS))
    {
      l->full = TRUE;
      return;
    }
  if (G_UNLIKELY (l->len == l->alloc))
    {
      guint alloc = l->alloc * 2;

      if (l->items == l->inline_items)
        {
          l->items = g_new (CassinoCards, alloc);
          memcpy (l->items, l->inline_items, sizeof l->inline_items);
        }
      else
        l->items = g_renew (CassinoCards, l->items, alloc);
      l->alloc = alloc;
    }
  l->items[l->len++] = set;
}

static int
compare_u64 (const void *a,
             const void *b)
{
  CassinoCards x = *(const CassinoCards *) a;
  CassinoCards y = *(const CassinoCards *) b;

  return x < y ? -1 : x > y;
}

#define U64_GREATER(a, b) (*(a) > *(b))

/* Sort @n sets ascending and drop repeats; returns the new count. */
static guint
sort_unique_sets (CassinoCards *items,
                  guint         n)
{
  guint j = 0;

  if (n < 2)
    return n;
  if (n <= 24)
    INSERTION_SORT (CassinoCards, items, n, U64_GREATER);
  else
    qsort (items, n, sizeof (CassinoCards), compare_u64);
  for (guint i = 1; i < n; i++)
    if (items[i] != items[j])
      items[++j] = items[i];
  return j + 1;
}

static void
set_list_sort_unique (SetList *l)
{
  l->len = sort_unique_sets (l->items, l->len);
}

/* Dealing */

static void
give_cards (CassinoPosition *pos,
            CassinoCards    *to,
            guint            n)
{
  for (guint i = 0; i < n && pos->stock_pos < pos->deck_len; i++)
    *to |= CASSINO_CARD_BIT (pos->deck[pos->stock_pos++]);
}

/*
 * The order of dealing (docs/record-format.md): from the top of the deck,
 * in rounds; each round gives every player deal_packet cards (eldest hand
 * first, the dealer last) and, in the first hand, deal_packet cards to the
 * table after the dealer, until hands and table are full.
 */
static void
deal_hand (CassinoPosition *pos,
           gboolean         first)
{
  const CassinoRules *r = pos->rules;
  guint n = r->n_players;
  guint eldest = (pos->dealer + 1) % n;
  guint given = 0;
  guint table = 0;
  guint table_target = first ? r->table_initial : 0;

  while (given < r->hand_size || table < table_target)
    {
      if (given < r->hand_size)
        {
          guint k = MIN (r->deal_packet, r->hand_size - given);

          for (guint i = 0; i < n; i++)
            give_cards (pos, &pos->hands[(eldest + i) % n], k);
          given += k;
        }
      if (table < table_target)
        {
          guint k = MIN (r->deal_packet, table_target - table);

          give_cards (pos, &pos->loose, k);
          table += k;
        }
    }
}

/*
 * family.md §1: hands first, in deal_packets from eldest, then (first hand)
 * the table cards one at a time; a later hand the stock cannot fill is
 * dealt one card at a time from eldest until the stock is empty.  With
 * table_jack "bury" a jack among the first table cards goes to the bottom
 * of the stock (the deck array is rearranged to the order actually dealt)
 * and the next stock card takes its place.
 */
static void
deal_hand_family (CassinoPosition *pos,
                  gboolean         first)
{
  const CassinoRules *r = pos->rules;
  guint n = r->n_players;
  guint eldest = (pos->dealer + 1) % n;

  if (!first && cassino_position_stock_count (pos) < n * r->hand_size)
    {
      for (guint i = 0; pos->stock_pos < pos->deck_len; i = (i + 1) % n)
        give_cards (pos, &pos->hands[(eldest + i) % n], 1);
      return;
    }

  for (guint given = 0; given < r->hand_size;)
    {
      guint k = MIN (r->deal_packet, r->hand_size - given);

      for (guint i = 0; i < n; i++)
        give_cards (pos, &pos->hands[(eldest + i) % n], k);
      given += k;
    }

  if (first && r->table_initial > 0)
    {
      guint start = pos->stock_pos;
      guint end = MIN (start + r->table_initial, (guint) pos->deck_len);
      guint buried = 0;

      if (r->table_jack == CASSINO_TABLE_JACK_BURY)
        for (guint i = start; i < end && buried < pos->deck_len;)
          {
            CassinoCard jack = pos->deck[i];

            if (CASSINO_CARD_RANK (jack) != CASSINO_RANK_JACK)
              {
                i++;
                continue;
              }
            memmove (&pos->deck[i], &pos->deck[i + 1], pos->deck_len - i - 1);
            pos->deck[pos->deck_len - 1] = jack;
            buried++;
          }
      for (guint i = start; i < end; i++)
        pos->loose |= CASSINO_CARD_BIT (pos->deck[i]);
      pos->stock_pos = end;
      pos->pile_top = pos->deck[end - 1];
    }
}

void
cassino_position_deal (CassinoPosition    *pos,
                       const CassinoRules *rules,
                       const guint8       *deck,
                       guint               deck_len,
                       guint               dealer)
{
  g_return_if_fail (deck_len <= CASSINO_N_CARDS);

  memset (pos, 0, sizeof *pos);
  pos->rules = rules;
  memcpy (pos->deck, deck, deck_len);
  pos->deck_len = deck_len;
  pos->dealer = dealer;
  pos->to_move = (dealer + 1) % rules->n_players;
  pos->last_capturer = CASSINO_NO_SEAT;
  pos->last_player = CASSINO_NO_SEAT;
  pos->claim_seat = CASSINO_NO_SEAT;
  pos->last_cards_side = -1;
  pos->pile_top = CASSINO_NO_CARD;

  if (rules->family)
    deal_hand_family (pos, TRUE);
  else
    deal_hand (pos, TRUE);
}

gboolean
cassino_position_is_last_play (const CassinoPosition *pos)
{
  CassinoCards in_hands = 0;

  if (cassino_position_stock_count (pos) > 0)
    return FALSE;
  /* the hands are disjoint: one card in all of them together */
  for (guint i = 0; i < pos->rules->n_players; i++)
    in_hands |= pos->hands[i];
  return in_hands != 0 && (in_hands & (in_hands - 1)) == 0;
}

gboolean
cassino_position_owns_build (const CassinoPosition *pos,
                             guint                  seat)
{
  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].owner == (gint8) seat)
      return TRUE;
  return FALSE;
}

/* Ownership (rules.md §4.4) */

static gboolean
match_values (const guint32 *card_values,
              guint          n_cards,
              guint          used,
              guint32        values)
{
  guint v;

  if (values == 0)
    return TRUE;
  v = (guint) __builtin_ctz (values);
  for (guint i = 0; i < n_cards; i++)
    if (!(used & (1u << i)) && (card_values[i] & (1u << v)))
      if (match_values (card_values, n_cards, used | (1u << i), values & (values - 1)))
        return TRUE;
  return FALSE;
}

/* Whether @hand can take every value in @values, a different card for each. */
static gboolean
hand_covers (const CassinoRules *rules,
             CassinoCards        hand,
             guint32             values)
{
  guint32 card_values[CASSINO_N_CARDS];
  guint n = 0;
  guint32 any = 0;
  gboolean single_valued = TRUE;
  CassinoCard card;

  if (values == 0)
    return TRUE;
  if ((guint) __builtin_popcount (values) > cassino_cards_count (hand))
    return FALSE;

  CASSINO_CARDS_FOREACH (card, hand)
    {
      guint32 v = rules->card_values[card] & values;

      if (v == 0)
        continue;
      card_values[n++] = v;
      any |= v;
      if (v & (v - 1))
        single_valued = FALSE;
    }

  if ((any & values) != values)
    return FALSE;
  if (single_valued)
    return TRUE;
  return match_values (card_values, n, 0, values);
}

static guint32
owned_values (const CassinoPosition *pos,
              guint                  seat,
              CassinoCards           except)
{
  guint32 values = 0;

  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].owner == (gint8) seat && !(pos->builds[i].cards & except))
      values |= 1u << pos->builds[i].value;
  return values;
}

/* Generation */

typedef struct {
  CassinoCards mask;
  guint32      values;
  guint8       is_build;
} Summand;

typedef struct {
  const CassinoPosition *pos;
  const CassinoRules    *rules;
  guint                  seat;
  CassinoCards           hand;
  gboolean               last_play;
  CassinoCards           table;
  guint32                owned;      /* values of builds the seat owns */

  /* loose numeric cards, and builds when builds_in_sums, sorted by lowest value */
  Summand                loose[CASSINO_N_CARDS];
  guint                  n_loose;
  Summand                with_builds[CASSINO_N_CARDS + CASSINO_MAX_BUILDS];
  guint                  n_with_builds;

  /* caches per value */
  guint32                have_sums;
  SetList                sums[17];         /* loose-only sums of >= 2 cards */
  guint32                have_bsums;
  SetList                bsums[17];        /* sums with builds as summands */
  guint32                have_extras;
  SetList                extras[17];       /* extra groups of a build of value V */
  guint32                have_unions;
  SetList                unions[17];       /* every union of disjoint extra groups */
  guint32                have_cores;
  SetList                cores[17];        /* cores of a build, by what the table adds */

  /* When the loose numeric cards are few and single-valued: the sum and
   * the cards of every subset of them. */
  gboolean               truncated;          /* some list hit CASSINO_MAX_MOVE_SETS */
  guint64                reach1;             /* bit v: some loose cards add up to v */
  guint64                reach2;             /* bit v: two or more loose cards add up to v */
  guint64                loose_suffix[CASSINO_N_CARDS + 1];  /* sums_dfs() on many loose cards */
  gboolean               subsets_tried;
  gboolean               have_subsets;
  guint8                 subset_sum[256];
  gboolean               subsets_multi;      /* some card has two values: use subset_reach */
  guint64                subset_reach[256];  /* bit v: the subset can add up to v */
  CassinoCards           subset_cards[256];
} Gen;

static int
compare_summands (const void *a,
                  const void *b)
{
  const Summand *x = a;
  const Summand *y = b;
  int vx = __builtin_ctz (x->values);
  int vy = __builtin_ctz (y->values);

  if (vx != vy)
    return vx - vy;
  return x->mask < y->mask ? -1 : x->mask > y->mask;
}

#define SUMMAND_GREATER(a, b) (compare_summands ((a), (b)) > 0)

static void
summands_sort (Summand *s,
               guint    n)
{
  INSERTION_SORT (Summand, s, n, SUMMAND_GREATER);
}

/* @suf (or NULL): bit t of suf[j], some of s[j..n-1] (or none) add up
 * to t; a branch that cannot be completed is not entered. */
static void
sums_dfs (const Summand *s,
          const guint64 *suf,
          guint          n,
          guint          i,
          guint          remaining,
          CassinoCards   mask,
          guint          count,
          guint          max_builds,
          SetList       *out)
{
  for (guint j = i; j < n && !out->full; j++)
    {
      guint32 vals = s[j].values;
      guint builds_left = max_builds;

      if ((guint) __builtin_ctz (vals) > remaining)
        break;
      if (suf && !((suf[j] >> remaining) & 1))
        break;
      if (s[j].is_build)
        {
          if (max_builds == 0)
            continue;
          builds_left--;
        }

      while (vals)
        {
          guint w = (guint) __builtin_ctz (vals);

          vals &= vals - 1;
          if (w > remaining)
            break;
          if (w == remaining)
            {
              if (count + 1 >= 2)
                set_list_add (out, mask | s[j].mask);
            }
          else if (!suf || ((suf[j + 1] >> (remaining - w)) & 1))
            sums_dfs (s, suf, n, j + 1, remaining - w, mask | s[j].mask, count + 1,
                      builds_left, out);
        }
    }
}

static void
gen_init (Gen                   *g,
          const CassinoPosition *pos,
          guint                  seat,
          CassinoCards           hand,
          gboolean               last_play)
{
  const CassinoRules *r = pos->rules;
  CassinoCard card;

  g->pos = pos;
  g->rules = r;
  g->seat = seat;
  g->hand = hand;
  g->last_play = last_play;
  g->table = cassino_position_table_cards (pos);
  g->owned = owned_values (pos, seat, 0);
  g->have_sums = g->have_bsums = g->have_extras = g->have_unions = g->have_cores = 0;

  {
    /* locals: the stores into g->loose must not make the compiler reload
     * the reach sets */
    guint n = 0;
    guint64 reach1 = 0, reach2 = 0;

    CASSINO_CARDS_FOREACH (card, pos->loose & r->numeric_cards)
      {
        Summand *s = &g->loose[n++];
        guint32 vals = r->card_values[card];

        s->mask = CASSINO_CARD_BIT (card);
        s->values = vals;
        s->is_build = FALSE;

        /* which sums are within reach at all: most queries can stop here */
        if (vals != 0 && (vals & (vals - 1)) == 0)
          {
            guint w = (guint) __builtin_ctz (vals);

            reach2 |= (reach1 | reach2) << w;
            reach1 |= (G_GUINT64_CONSTANT (1) << w) | (reach1 << w);
          }
        else
          {
            guint64 r1 = reach1, r2 = reach2;

            while (vals)
              {
                guint w = (guint) __builtin_ctz (vals);

                vals &= vals - 1;
                r2 |= (reach1 << w) | (reach2 << w);
                r1 |= (G_GUINT64_CONSTANT (1) << w) | (reach1 << w);
              }
            reach1 = r1;
            reach2 = r2;
          }
      }
    /* no sort needed: in card order, the lowest value of a card is its rank */
    g->n_loose = n;
    g->reach1 = reach1;
    g->reach2 = reach2;
  }

  g->have_subsets = FALSE;
  g->subsets_tried = FALSE;
  g->truncated = FALSE;

  g->n_with_builds = 0;
  if (r->builds_in_sums)
    {
      memcpy (g->with_builds, g->loose, g->n_loose * sizeof (Summand));
      g->n_with_builds = g->n_loose;
      for (guint i = 0; i < pos->n_builds; i++)
        {
          Summand *s = &g->with_builds[g->n_with_builds++];

          s->mask = pos->builds[i].cards;
          s->values = 1u << pos->builds[i].value;
          s->is_build = TRUE;
        }
      summands_sort (g->with_builds, g->n_with_builds);
    }
}

static void
clear_lists (SetList *lists,
             guint32  have)
{
  while (have)
    {
      guint v = (guint) __builtin_ctz (have);

      have &= have - 1;
      /* the generator goes away: only what was allocated needs freeing */
      if (lists[v].items != lists[v].inline_items)
        g_free (lists[v].items);
    }
}

static void
gen_clear (Gen *g)
{
  clear_lists (g->sums, g->have_sums);
  clear_lists (g->bsums, g->have_bsums);
  clear_lists (g->extras, g->have_extras);
  clear_lists (g->unions, g->have_unions);
  clear_lists (g->cores, g->have_cores);
}

#ifndef SUBSET_TABLE_MAX
#define SUBSET_TABLE_MAX 5
#endif

/* Every set of @min_count or more loose numeric cards adding up to @v. */
static void
build_subsets (Gen *g)
{
  gboolean single = TRUE;
  guint n_sub;

  g->subsets_tried = TRUE;
  if (g->n_loose > SUBSET_TABLE_MAX)
    {
      /* for the search: the sums within reach of each suffix of the cards */
      g->loose_suffix[g->n_loose] = 1;
      for (guint i = g->n_loose; i-- > 0;)
        {
          guint32 vals = g->loose[i].values;
          guint64 reach = g->loose_suffix[i + 1];

          while (vals)
            {
              reach |= g->loose_suffix[i + 1] << __builtin_ctz (vals);
              vals &= vals - 1;
            }
          g->loose_suffix[i] = reach;
        }
      return;
    }
  for (guint i = 0; i < g->n_loose && single; i++)
    single = (g->loose[i].values & (g->loose[i].values - 1)) == 0;

  n_sub = 1u << g->n_loose;
  g->have_subsets = TRUE;
  g->subsets_multi = !single;
  g->subset_sum[0] = 0;
  g->subset_reach[0] = 1;
  g->subset_cards[0] = 0;
  for (guint sub = 1; sub < n_sub; sub++)
    {
      guint low = (guint) __builtin_ctz (sub);

      g->subset_cards[sub] = g->subset_cards[sub & (sub - 1)] | g->loose[low].mask;
      if (single)
        g->subset_sum[sub] = g->subset_sum[sub & (sub - 1)] +
                             (guint8) __builtin_ctz (g->loose[low].values);
      else
        {
          /* alternative values (an ace 1 or 11): every sum within reach */
          guint32 vals = g->loose[low].values;
          guint64 reach = 0;

          while (vals)
            {
              reach |= g->subset_reach[sub & (sub - 1)] << __builtin_ctz (vals);
              vals &= vals - 1;
            }
          g->subset_reach[sub] = reach;
        }
    }
}

static void
loose_sums (Gen     *g,
            guint    v,
            guint    min_count,
            SetList *out)
{
  if (v >= 64 || !((min_count >= 2 ? g->reach2 : g->reach1) & (G_GUINT64_CONSTANT (1) << v)))
    return;
  if (!g->subsets_tried)
    build_subsets (g);
  if (g->have_subsets)
    {
      guint n_sub = 1u << g->n_loose;

      if (g->subsets_multi)
        {
          for (guint sub = 1; sub < n_sub; sub++)
            if (((g->subset_reach[sub] >> v) & 1) && (min_count < 2 || (sub & (sub - 1)) != 0))
              set_list_add (out, g->subset_cards[sub]);
          return;
        }
      for (guint sub = 1; sub < n_sub; sub++)
        if (g->subset_sum[sub] == v && (min_count < 2 || (sub & (sub - 1)) != 0))
          set_list_add (out, g->subset_cards[sub]);
      return;
    }
  sums_dfs (g->loose, g->loose_suffix, g->n_loose, 0, v, 0, min_count >= 2 ? 0 : 1, 0, out);
}

/* Loose-only sums of two or more cards to @v. */
static const SetList *
gen_sums (Gen   *g,
          guint  v)
{
  static const SetList no_sums = { .items = NULL, .len = 0 };

  /* most values are out of reach of two loose cards: nothing to list */
  if (v >= 64 || !(g->reach2 & (G_GUINT64_CONSTANT (1) << v)))
    return &no_sums;
  if (!(g->have_sums & (1u << v)))
    {
      set_list_init (&g->sums[v]);
      loose_sums (g, v, 2, &g->sums[v]);
      set_list_sort_unique (&g->sums[v]);
      g->truncated |= g->sums[v].full;
      g->have_sums |= 1u << v;
    }
  return &g->sums[v];
}

/* Sums of two or more summands to @v, builds counting at their value. */
static const SetList *
gen_build_sums (Gen   *g,
                guint  v)
{
  if (!(g->have_bsums & (1u << v)))
    {
      set_list_init (&g->bsums[v]);
      sums_dfs (g->with_builds, NULL, g->n_with_builds, 0, v, 0, 0, CASSINO_MAX_BUILDS, &g->bsums[v]);
      set_list_sort_unique (&g->bsums[v]);
      g->truncated |= g->bsums[v].full;
      g->have_bsums |= 1u << v;
    }
  return &g->bsums[v];
}

/* rules.md §4.3 extra groups of a build of value @v: a loose card of value
 * v, two or more loose cards adding up to v, or a build of value v. */
static const SetList *
gen_extras (Gen   *g,
            guint  v)
{
  if (!(g->have_extras & (1u << v)))
    {
      SetList *l = &g->extras[v];
      const SetList *sums = gen_sums (g, v);

      set_list_init (l);
      for (guint i = 0; i < g->n_loose; i++)
        if (g->loose[i].values & (1u << v))
          set_list_add (l, g->loose[i].mask);
      for (guint i = 0; i < sums->len; i++)
        set_list_add (l, sums->items[i]);
      for (guint i = 0; i < g->pos->n_builds; i++)
        if (g->pos->builds[i].value == v)
          set_list_add (l, g->pos->builds[i].cards);
      set_list_sort_unique (l);
      g->have_extras |= 1u << v;
    }
  return &g->extras[v];
}

/* A small open-addressing set of non-zero card sets. */
typedef struct {
  CassinoCards *slots;
  guint         mask;
  guint         len;
  CassinoCards  inline_slots[16];
} SetHash;

static void
set_hash_init (SetHash *h)
{
  h->slots = h->inline_slots;
  h->mask = G_N_ELEMENTS (h->inline_slots) - 1;
  h->len = 0;
  memset (h->slots, 0, sizeof h->inline_slots);
}

static void
set_hash_clear (SetHash *h)
{
  if (h->slots != h->inline_slots)
    g_free (h->slots);
}

static inline guint
set_hash_index (CassinoCards set,
                guint        mask)
{
  guint64 h = set * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  return (guint) (h ^ (h >> 29) ^ (h >> 41)) & mask;
}

/* Adds @set; FALSE when it was there already. */
static gboolean
set_hash_add (SetHash      *h,
              CassinoCards  set)
{
  guint i;

  if (G_UNLIKELY ((h->len + 1) * 2 > h->mask + 1))
    {
      CassinoCards *old = h->slots;
      guint old_size = h->mask + 1;

      h->mask = old_size * 8 - 1;
      h->slots = g_new0 (CassinoCards, h->mask + 1);
      for (guint k = 0; k < old_size; k++)
        if (old[k])
          {
            i = set_hash_index (old[k], h->mask);
            while (h->slots[i])
              i = (i + 1) & h->mask;
            h->slots[i] = old[k];
          }
      if (old != h->inline_slots)
        g_free (old);
    }

  i = set_hash_index (set, h->mask);
  while (h->slots[i])
    {
      if (h->slots[i] == set)
        return FALSE;
      i = (i + 1) & h->mask;
    }
  h->slots[i] = set;
  h->len++;
  return TRUE;
}

/*
 * Every union of disjoint groups, each set once, appended to @out.
 * Breadth first over the sets found so far: a set grows only by groups
 * whose lowest card is above its own lowest card (every union is still
 * reached: add its groups in the order of their lowest cards), and a set
 * reached twice is grown only once.  @groups must be sorted ascending.
 */
typedef struct {
  CassinoCards set;
  guint        min;
} Group;

static int
compare_groups (const void *a,
                const void *b)
{
  const Group *x = a;
  const Group *y = b;

  if (x->min != y->min)
    return x->min < y->min ? -1 : 1;
  return x->set < y->set ? -1 : x->set > y->set;
}

/* The same for a handful of groups: depth first, duplicates removed by a
 * linear search (cheaper than a hash table at this size). */
static void
small_unions_dfs (const CassinoCards *groups,
                  guint               n,
                  guint               i,
                  CassinoCards        used,
                  guint               first,
                  SetList            *out)
{
  for (guint j = i; j < n; j++)
    if (!(groups[j] & used))
      {
        CassinoCards u = used | groups[j];
        gboolean dup = FALSE;

        for (guint k = first; k < out->len && !dup; k++)
          dup = out->items[k] == u;
        if (!dup)
          set_list_add (out, u);
        small_unions_dfs (groups, n, j + 1, u, first, out);
      }
}

#define GROUP_GREATER(a, b) (compare_groups ((a), (b)) > 0)

static void
unions_of (const CassinoCards *groups,
           guint               n,
           SetList            *out)
{
  SetHash seen;

  /* the usual few groups, as small_unions_dfs() lists them */
  if (n == 1)
    {
      set_list_add (out, groups[0]);
      return;
    }
  if (n == 2 && groups[0] != groups[1] && groups[0] && groups[1])
    {
      set_list_add (out, groups[0]);
      if (!(groups[0] & groups[1]))
        set_list_add (out, groups[0] | groups[1]);
      set_list_add (out, groups[1]);
      return;
    }
  if (n <= 6)
    {
      small_unions_dfs (groups, n, 0, 0, out->len, out);
      return;
    }
  {
  guint first = out->len;
  Group inline_sorted[256];
  Group *sorted = n <= G_N_ELEMENTS (inline_sorted) ? inline_sorted : g_new (Group, n);
  guint starts[CASSINO_N_CARDS + 1];

  for (guint j = 0; j < n; j++)
    {
      sorted[j].set = groups[j];
      sorted[j].min = cassino_cards_first (groups[j]);
    }
  if (n <= 16)
    INSERTION_SORT (Group, sorted, n, GROUP_GREATER);
  else
    qsort (sorted, n, sizeof (Group), compare_groups);
  /* starts[c]: the first group whose lowest card is above c */
  for (guint c = 0, j = 0; c <= CASSINO_N_CARDS; c++)
    {
      while (j < n && sorted[j].min <= c)
        j++;
      starts[c] = j;
    }

  set_hash_init (&seen);
  for (guint j = 0; j < n; j++)
    if (set_hash_add (&seen, sorted[j].set))
      set_list_add (out, sorted[j].set);

  for (guint i = first; i < out->len && !out->full; i++)
    {
      CassinoCards s = out->items[i];

      for (guint j = starts[cassino_cards_first (s)]; j < n && !out->full; j++)
        if (!(sorted[j].set & s))
          {
            CassinoCards u = s | sorted[j].set;

            if (set_hash_add (&seen, u))
              set_list_add (out, u);
          }
    }
  set_hash_clear (&seen);
  if (sorted != inline_sorted)
    g_free (sorted);
  }
}

/* Every union of disjoint extra groups of value @v, each set once. */
static const SetList *
gen_extra_unions (Gen   *g,
                  guint  v)
{
  if (!(g->have_unions & (1u << v)))
    {
      const SetList *extras = gen_extras (g, v);

      set_list_init (&g->unions[v]);
      if (extras->len > 0)
        unions_of (extras->items, extras->len, &g->unions[v]);
      g->truncated |= g->unions[v].full;
      g->have_unions |= 1u << v;
    }
  return &g->unions[v];
}

static gboolean
capture_keeps_ownership (Gen          *g,
                         CassinoCard   card,
                         CassinoCards  take)
{
  guint32 owned = g->owned;

  if (owned == 0)
    return TRUE;
  owned = owned_values (g->pos, g->seat, take);
  return hand_covers (g->rules, g->hand & ~CASSINO_CARD_BIT (card), owned);
}

static inline void
emit_capture (Gen             *g,
              CassinoCard      card,
              CassinoCards     take,
              guint            value,
              CassinoMoveList *out)
{
  CassinoMove *m;

  if (!capture_keeps_ownership (g, card, take))
    return;

  m = move_list_push (out);
  m->type = CASSINO_MOVE_CAPTURE;
  m->card = card;
  m->set = take;
  m->value = value;
  m->flags = 0;
  m->_pad = 0;
  if (take == g->table && g->rules->sweeps &&
      !(g->last_play && !g->rules->sweep_on_last_play))
    m->flags |= CASSINO_MOVE_FLAG_SWEEP;
}

static void
gen_captures_for_card (Gen             *g,
                       CassinoCard      card,
                       CassinoMoveList *out)
{
  const CassinoRules *r = g->rules;
  const CassinoPosition *pos = g->pos;
  CassinoCards same_rank = pos->loose & cassino_cards_of_rank (CASSINO_CARD_RANK (card)) &
                           ~CASSINO_CARD_BIT (card);
  guint32 values = r->card_values[card];
  SetList takes;

  if (values == 0)
    {
      /* a pair-only court: pairing only (rules.md §4.2) */
      CassinoCard other;

      if (same_rank == 0)
        return;
      if (r->court_capture == CASSINO_COURT_CAPTURE_ONE)
        {
          if (cassino_cards_count (same_rank) == 3)
            emit_capture (g, card, same_rank, 0, out);
          else
            CASSINO_CARDS_FOREACH (other, same_rank)
              emit_capture (g, card, CASSINO_CARD_BIT (other), 0, out);
        }
      else
        {
          /* every non-empty subset */
          CassinoCards sub = same_rank;

          for (;;)
            {
              if (sub)
                emit_capture (g, card, sub, 0, out);
              if (sub == 0)
                break;
              sub = (sub - 1) & same_rank;
            }
        }
      return;
    }

  set_list_init (&takes);

  while (values)
    {
      guint v = (guint) __builtin_ctz (values);
      CassinoCards groups_inline[64];
      CassinoCards *groups = groups_inline;
      guint n_groups = 0;
      guint alloc = G_N_ELEMENTS (groups_inline);
      const SetList *sums;
      CassinoCard other;

      values &= values - 1;

#define ADD_GROUP(m) G_STMT_START { \
        if (n_groups == alloc) { \
          alloc *= 2; \
          if (groups == groups_inline) { \
            groups = g_new (CassinoCards, alloc); \
            memcpy (groups, groups_inline, sizeof groups_inline); \
          } else \
            groups = g_renew (CassinoCards, groups, alloc); \
        } \
        groups[n_groups++] = (m); \
      } G_STMT_END

      CASSINO_CARDS_FOREACH (other, same_rank)
        ADD_GROUP (CASSINO_CARD_BIT (other));
      for (guint i = 0; i < pos->n_builds; i++)
        if (pos->builds[i].value == v)
          ADD_GROUP (pos->builds[i].cards);
      sums = r->builds_in_sums ? gen_build_sums (g, v) : gen_sums (g, v);
      for (guint i = 0; i < sums->len; i++)
        ADD_GROUP (sums->items[i]);
#undef ADD_GROUP

      if (n_groups > 0)
        unions_of (groups, n_groups, &takes);
      g->truncated |= takes.full;
      if (groups != groups_inline)
        g_free (groups);

      /* emit per value so the value field is meaningful; duplicates across
       * values are removed by the final sort */
      for (guint i = 0; i < takes.len; i++)
        emit_capture (g, card, takes.items[i], v, out);
      takes.len = 0;
    }

  set_list_clear (&takes);
}

static inline void
emit_build (Gen             *g,
            CassinoCard      card,
            guint            value,
            CassinoCards     use,
            gboolean         multiple,
            CassinoMoveList *out)
{
  CassinoMove *m;
  guint32 owned;

  /* §4.4 with the new build counted; builds merged into it are gone.
   * (Without other builds of the player's there is nothing to check: the
   * value was chosen among those the rest of the hand can take.) */
  if (g->owned)
    {
      owned = owned_values (g->pos, g->seat, use) | (1u << value);
      if (!hand_covers (g->rules, g->hand & ~CASSINO_CARD_BIT (card), owned))
        return;
    }

  m = move_list_push (out);
  m->type = CASSINO_MOVE_BUILD;
  m->card = card;
  m->set = use;
  m->value = value;
  m->flags = multiple ? CASSINO_MOVE_FLAG_MULTIPLE : 0;
  m->_pad = 0;
}

/* All cores (rules.md §4.3) of value @t made of loose cards and at most one
 * single build (that may be increased by this seat). */
static void
gen_cores (Gen     *g,
           guint    t,
           SetList *cores)
{
  const CassinoRules *r = g->rules;
  const CassinoPosition *pos = g->pos;

  if (t == 0)
    {
      set_list_add (cores, 0);
      return;
    }

  loose_sums (g, t, 1, cores);

  for (guint i = 0; i < pos->n_builds; i++)
    {
      const CassinoBuild *b = &pos->builds[i];

      if (b->multiple || b->value > t)
        continue;
      if (!r->increase_own_build && b->owner == (gint8) g->seat)
        continue;
      if (b->value == t)
        set_list_add (cores, b->cards);
      else
        {
          SetList rest;

          set_list_init (&rest);
          loose_sums (g, t - b->value, 1, &rest);
          for (guint k = 0; k < rest.len; k++)
            set_list_add (cores, rest.items[k] | b->cards);
          set_list_clear (&rest);
        }
    }
  set_list_sort_unique (cores);
}

static const SetList *
gen_cached_cores (Gen   *g,
                  guint  t)
{
  if (!(g->have_cores & (1u << t)))
    {
      set_list_init (&g->cores[t]);
      gen_cores (g, t, &g->cores[t]);
      g->truncated |= g->cores[t].full;
      g->have_cores |= 1u << t;
    }
  return &g->cores[t];
}

static void
gen_builds_for_card (Gen             *g,
                     CassinoCard      card,
                     CassinoMoveList *out)
{
  const CassinoRules *r = g->rules;
  CassinoCards rest = g->hand & ~CASSINO_CARD_BIT (card);
  guint32 holdable = 0;
  guint32 card_values = r->card_values[card];
  CassinoCard other;

  if (card_values == 0)
    return;

  CASSINO_CARDS_FOREACH (other, rest)
    holdable |= r->card_values[other];
  holdable &= (2u << r->max_build) - 1;

  while (card_values)
    {
      guint vc = (guint) __builtin_ctz (card_values);
      guint32 targets = holdable & ~((1u << vc) - 1);

      card_values &= card_values - 1;

      while (targets)
        {
          guint V = (guint) __builtin_ctz (targets);
          const SetList *cores_list;
          const SetList *unions = NULL;
          SetHash seen;

          targets &= targets - 1;

          cores_list = gen_cached_cores (g, V - vc);
#define cores (*cores_list)
          if (r->multiple_builds && cores.len > 0)
            unions = gen_extra_unions (g, V);

          if (unions && unions->len == 0)
            unions = NULL;
          if (unions)
            set_hash_init (&seen);
          for (guint i = 0; i < cores.len; i++)
            {
              CassinoCards core = cores.items[i];

              if (core != 0)
                emit_build (g, card, V, core, FALSE, out);
              if (unions == NULL)
                continue;
              for (guint k = 0; k < unions->len; k++)
                if (!(unions->items[k] & core) && set_hash_add (&seen, core | unions->items[k]))
                  {
                    if (seen.len > CASSINO_MAX_MOVE_SETS)
                      {
                        g->truncated = TRUE;
                        break;
                      }
                    emit_build (g, card, V, core | unions->items[k], TRUE, out);
                  }
              if (g->truncated && unions && seen.len > CASSINO_MAX_MOVE_SETS)
                break;
            }
          if (unions)
            set_hash_clear (&seen);
#undef cores
        }
    }
}

/* Canonical order with precomputed keys: (type, card, size), then the
 * cards (lexicographic order of sorted lists = reverse order of the
 * bit-reversed sets), then (value, multiple). */
typedef struct {
  guint64     k1;
  guint64     k2;
  guint32     k3;
  CassinoMove move;
} KeyedMove;

static inline guint64
bit_reverse (guint64 x)
{
  x = ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555)) | ((x & G_GUINT64_CONSTANT (0x5555555555555555)) << 1);
  x = ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333)) | ((x & G_GUINT64_CONSTANT (0x3333333333333333)) << 2);
  x = ((x >> 4) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F)) | ((x & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F)) << 4);
  x = ((x >> 8) & G_GUINT64_CONSTANT (0x00FF00FF00FF00FF)) | ((x & G_GUINT64_CONSTANT (0x00FF00FF00FF00FF)) << 8);
  x = ((x >> 16) & G_GUINT64_CONSTANT (0x0000FFFF0000FFFF)) | ((x & G_GUINT64_CONSTANT (0x0000FFFF0000FFFF)) << 16);
  return (x >> 32) | (x << 32);
}

static const guint8 type_order[] = { 1, 2, 3, 0 };  /* claim first */

/* cassino_cards_compare(), inline: by count, then card by card (with
 * equal counts the lowest card that only one set holds decides). */
static inline int
cards_compare_inline (CassinoCards a,
                      CassinoCards b)
{
  guint na, nb;
  CassinoCards diff = a ^ b;

  if (diff == 0)
    return 0;
  na = cassino_cards_count (a);
  nb = cassino_cards_count (b);
  if (na != nb)
    return na < nb ? -1 : 1;
  return (a & diff & (~diff + 1)) ? -1 : 1;
}

static inline int
move_compare_inline (const CassinoMove *a,
                     const CassinoMove *b)
{
  int c;

  if (a->type != b->type)
    return (int) type_order[a->type] - (int) type_order[b->type];
  if (a->card != b->card)
    return a->card < b->card ? -1 : 1;
  c = cards_compare_inline (a->set, b->set);
  if (c != 0)
    return c;
  if (a->type == CASSINO_MOVE_BUILD)
    {
      if (a->value != b->value)
        return a->value < b->value ? -1 : 1;
      return (int) (a->flags & CASSINO_MOVE_FLAG_MULTIPLE) -
             (int) (b->flags & CASSINO_MOVE_FLAG_MULTIPLE);
    }
  return 0;
}

static int
keyed_compare (const void *a,
               const void *b)
{
  const KeyedMove *x = a;
  const KeyedMove *y = b;

  if (x->k1 != y->k1)
    return x->k1 < y->k1 ? -1 : 1;
  if (x->k2 != y->k2)
    return x->k2 < y->k2 ? -1 : 1;
  return x->k3 < y->k3 ? -1 : x->k3 > y->k3;
}

static inline void
move_key (const CassinoMove *m,
          KeyedMove         *k)
{
  k->k1 = ((guint64) type_order[m->type] << 16) | ((guint64) m->card << 8) |
          cassino_cards_count (m->set);
  k->k2 = ~bit_reverse (m->set);
  k->k3 = m->type == CASSINO_MOVE_BUILD
            ? ((guint32) m->value << 1) | (m->flags & CASSINO_MOVE_FLAG_MULTIPLE)
            : 0;
  k->move = *m;
}

#define KEYED_GREATER(a, b) (keyed_compare ((a), (b)) > 0)
#define MOVE_GREATER(a, b) (move_compare_inline ((a), (b)) > 0)

/* Sort @moves in canonical order and drop repeats; returns the new count. */
static guint
sort_unique_moves (CassinoMove *moves,
                   guint        n)
{
  KeyedMove inline_keyed[48];
  KeyedMove *keyed = n <= G_N_ELEMENTS (inline_keyed) ? inline_keyed : g_new (KeyedMove, n);
  guint j = 0;

  if (n == 0)
    return 0;
  if (n <= 6)
    {
      /* a handful: compare directly, no keys */
      if (keyed != inline_keyed)
        g_free (keyed);
      INSERTION_SORT (CassinoMove, moves, n, MOVE_GREATER);
      for (guint i = 1; i < n; i++)
        if (move_compare_inline (&moves[i], &moves[j]) != 0)
          moves[++j] = moves[i];
      return j + 1;
    }
  for (guint i = 0; i < n; i++)
    move_key (&moves[i], &keyed[i]);

  if (n <= G_N_ELEMENTS (inline_keyed))
    INSERTION_SORT (KeyedMove, keyed, n, KEYED_GREATER);
  else
    qsort (keyed, n, sizeof (KeyedMove), keyed_compare);

  moves[0] = keyed[0].move;
  for (guint i = 1; i < n; i++)
    if (keyed_compare (&keyed[i], &keyed[i - 1]) != 0)
      moves[++j] = keyed[i].move;
  if (keyed != inline_keyed)
    g_free (keyed);
  return j + 1;
}

int
cassino_move_compare (const CassinoMove *a,
                      const CassinoMove *b)
{
  return move_compare_inline (a, b);
}

gboolean
cassino_move_equal (const CassinoMove *a,
                    const CassinoMove *b)
{
  return a->type == b->type && cassino_move_compare (a, b) == 0;
}

/* One kind of move card by card: the list comes out in canonical order
 * when each card's moves are sorted among themselves. */
static inline void
moves_card_by_card (Gen             *g,
                    CassinoCards     hand,
                    void           (*gen_for_card) (Gen *, CassinoCard, CassinoMoveList *),
                    CassinoMoveList *out)
{
  CassinoCard card;

  CASSINO_CARDS_FOREACH (card, hand)
    {
      guint start = out->len;

      gen_for_card (g, card, out);
      if (out->len - start > 1)
        out->len = start + sort_unique_moves (out->moves + start, out->len - start);
    }
}

static void
classic_moves_for_hand (const CassinoPosition *pos,
                        guint                  seat,
                        CassinoCards           hand,
                        gboolean               last_play,
                        CassinoMoveList       *out)
{
  const CassinoRules *r = pos->rules;
  Gen g;
  CassinoCard card;
  guint first = out->len;
  gboolean can_trail;

  gen_init (&g, pos, seat, hand, last_play);

  /* a pending Cassino! claim */
  if (pos->claim_seat == (gint8) seat && pos->claim_set)
    {
      CassinoMove *m = move_list_push (out);

      memset (m, 0, sizeof *m);
      m->type = CASSINO_MOVE_CLAIM;
      m->card = pos->claim_card;
      m->set = pos->claim_set;
    }

  /* trails (§4.1) */
  can_trail = r->trail_with_own_build || g.owned == 0;
  if (can_trail)
    CASSINO_CARDS_FOREACH (card, hand)
      if (g.owned == 0 || hand_covers (r, hand & ~CASSINO_CARD_BIT (card), g.owned))
        {
          CassinoMove *m = move_list_push (out);

          memset (m, 0, sizeof *m);
          m->type = CASSINO_MOVE_TRAIL;
          m->card = card;
        }

  /* Captures (§4.2), then builds (§4.3), card by card: the list comes out
   * in canonical order when each card's moves are sorted among
   * themselves (and only there can a move repeat). */
  if (!cassino_position_table_empty (pos))
    {
      moves_card_by_card (&g, hand, gen_captures_for_card, out);
      if (r->building)
        moves_card_by_card (&g, hand, gen_builds_for_card, out);
    }

  out->truncated |= g.truncated;
  gen_clear (&g);
  (void) first;
}

/* The fishing family (family.md) */

#define JACKS   cassino_cards_of_rank (CASSINO_RANK_JACK)
/* numerals A-T and jacks: what a jack sweeps under jack_sweeps "numerals" */
#define NUMERALS_AND_JACKS (((CassinoCards) G_GUINT64_CONSTANT (0xFFFFFFFFFF)) | JACKS)

static gboolean
family_moves_active (const CassinoRules *r)
{
  return r->capture_mode == CASSINO_CAPTURE_MODE_PILE || r->family_captures ||
         r->jack_sweeps != CASSINO_JACK_SWEEPS_NO || r->forced_capture != CASSINO_FORCED_CAPTURE_NONE;
}

static gboolean
sweep_allowed (const CassinoRules *r,
               gboolean            last_play)
{
  return r->sweeps && !(last_play && !r->sweep_on_last_play);
}

static void
push_move (CassinoMoveList *out,
           guint            type,
           CassinoCard      card,
           CassinoCards     set,
           guint            value,
           gboolean         sweep)
{
  CassinoMove *m = move_list_push (out);

  /* one store of the whole move */
  *m = (CassinoMove) { .set = set, .type = type, .card = card, .value = value,
                       .flags = sweep ? CASSINO_MOVE_FLAG_SWEEP : 0, ._pad = 0 };
}

/* capture_mode "pile": one move a distinct card (family.md §2, reading 1) */
static void
pile_moves (const CassinoPosition *pos,
            CassinoCards           hand,
            gboolean               last_play,
            CassinoMoveList       *out)
{
  const CassinoRules *r = pos->rules;
  CassinoCards stack = pos->loose;
  gboolean lone = stack != 0 && (stack & (stack - 1)) == 0;
  guint top_rank = pos->pile_top != CASSINO_NO_CARD ? CASSINO_CARD_RANK (pos->pile_top) : 0;
  CassinoCards takers = 0;
  CassinoCard card;

  if (stack != 0)
    {
      if (top_rank)
        takers |= cassino_cards_of_rank (top_rank);
      if (r->jack_sweeps != CASSINO_JACK_SWEEPS_NO)
        takers |= JACKS;
    }
  CASSINO_CARDS_FOREACH (card, hand & ~takers)
    push_move (out, CASSINO_MOVE_TRAIL, card, 0, 0, FALSE);
  CASSINO_CARDS_FOREACH (card, hand & takers)
    {
      gboolean same = CASSINO_CARD_RANK (card) == top_rank;

      push_move (out, CASSINO_MOVE_CAPTURE, card, stack, 0,
                 lone && sweep_allowed (r, last_play) && (same || r->jack_sweep_scores));
    }
}

/*
 * Small tables (BENCHMARKS.md, third pass): at most SMALL_MAX_LOOSE loose
 * numeric cards and SMALL_MAX_BUILDS builds, no builds in sums: nearly
 * every position of play.  One pass over the loose cards gives, per value,
 * whether some capture, core or extra group of that value exists at all
 * (bit masks of the sums within reach), so a card or a build value with
 * nothing to take or use costs a mask test; the sets themselves are listed
 * once per value by a search that enters no branch it cannot complete,
 * and kept in one pool.  No list here can come near CASSINO_MAX_MOVE_SETS
 * (at most 3^10 ways to pair a core with extra groups), so nothing is
 * truncated; a move found twice (two groupings of the same cards) is
 * dropped by the per-card sort, as in the generic generator, whose lists
 * these are (tests/test-movegen-digest.c).
 */
#define SMALL_MAX_LOOSE  10
#define SMALL_MAX_BUILDS 4
#define SMALL_MAX_ITEMS  10

typedef struct {
  guint at;
  guint len;
} Span;

static const Span no_span = { 0, 0 };

typedef struct {
  const CassinoPosition *pos;
  const CassinoRules    *r;
  guint                  seat;
  CassinoCards           hand;
  CassinoCards           table;
  CassinoCards           loose;
  guint32                owned;      /* values of builds the seat owns */
  gboolean               sweep_ok;
  gboolean               hand_single; /* every card of the hand has one value */
  guint32                once, twice; /* values of one, two cards of the hand */

  guint                  n;          /* loose numeric cards, in card order */
  CassinoCards           lbit[SMALL_MAX_LOOSE];
  guint32                lvals[SMALL_MAX_LOOSE];
  /* bit t of suffix[i]: some of the cards from i on, or none, add up to t */
  guint32                suffix[SMALL_MAX_LOOSE + 1];
  guint32                reach1;      /* bit t: one or more loose cards add up to t */
  guint32                reach2;      /* two or more */
  gboolean               multi;       /* a loose card has two values */
  guint32                cap_reach;   /* a capture group of value t may exist */
  guint32                core_reach;  /* a core of value t > 0 exists */
  guint32                extra_reach; /* an extra group of value t exists */

  /* per value (< 32): sums of two or more loose cards, cores, unions of
   * extra groups (rules.md §4.3), as spans of the pool */
  guint32                have_sums, have_cores, have_unions;
  Span                   sums[32], cores[32], unions[32];

  CassinoCards          *pool;
  guint                  pool_len;
  guint                  pool_alloc;
  CassinoCards           pool_inline[128];
} Small;

/* Whether @pos's table fits the small-table generator; its number of
 * loose numeric cards in @n_loose. */
static inline gboolean
small_table_fits (const CassinoPosition *pos,
                  guint                 *n_loose)
{
  const CassinoRules *r = pos->rules;
  guint n;

  if (r->builds_in_sums || pos->n_builds > SMALL_MAX_BUILDS)
    return FALSE;
  n = cassino_cards_count (pos->loose & r->numeric_cards);
  *n_loose = n;
  return n <= SMALL_MAX_LOOSE && n + pos->n_builds <= SMALL_MAX_ITEMS;
}

static inline void
pool_push (Small        *s,
           CassinoCards  set)
{
  if (G_UNLIKELY (s->pool_len == s->pool_alloc))
    {
      s->pool_alloc *= 2;
      if (s->pool == s->pool_inline)
        {
          s->pool = g_new (CassinoCards, s->pool_alloc);
          memcpy (s->pool, s->pool_inline, sizeof s->pool_inline);
        }
      else
        s->pool = g_renew (CassinoCards, s->pool, s->pool_alloc);
    }
  s->pool[s->pool_len++] = set;
}

/* Whether build @b may be a core's build (rules.md §4.3): single, and not
 * the seat's own where increase_own_build is false. */
static inline gboolean
small_core_build (const Small        *s,
                  const CassinoBuild *b)
{
  return !b->multiple && (s->r->increase_own_build || b->owner != (gint8) s->seat);
}

static void
small_init (Small                 *s,
            const CassinoPosition *pos,
            guint                  n,
            guint                  seat,
            CassinoCards           hand,
            gboolean               last_play)
{
  const CassinoRules *r = pos->rules;
  CassinoCards loose = pos->loose & r->numeric_cards;
  guint32 suffix = 1, reach2 = 0, build_values = 0, core_reach;
  gboolean multi = FALSE;

  s->pos = pos;
  s->r = r;
  s->seat = seat;
  s->hand = hand;
  s->sweep_ok = sweep_allowed (r, last_play);
  s->hand_single = FALSE;   /* small_hand_values() */
  s->n = n;

  /* from the highest card down: the sums within reach of each suffix */
  s->suffix[n] = 1;
  for (guint i = n; i-- > 0;)
    {
      CassinoCard card = (CassinoCard) (63 - __builtin_clzll (loose));
      guint32 vals = r->card_values[card];
      guint32 next = suffix;

      loose &= ~CASSINO_CARD_BIT (card);
      s->lbit[i] = CASSINO_CARD_BIT (card);
      s->lvals[i] = vals;
      if ((vals & (vals - 1)) == 0)
        {
          guint w = (guint) __builtin_ctz (vals);

          reach2 |= (suffix & ~1u) << w;
          next |= suffix << w;
        }
      else
        {
          multi = TRUE;
          while (vals)
            {
              guint w = (guint) __builtin_ctz (vals);

              vals &= vals - 1;
              reach2 |= (suffix & ~1u) << w;
              next |= suffix << w;
            }
        }
      suffix = next;
      s->suffix[i] = suffix;
    }
  s->reach1 = suffix & ~1u;
  s->reach2 = reach2;
  s->multi = multi;

  s->table = s->loose = pos->loose;
  s->owned = 0;
  core_reach = s->reach1;
  for (guint i = 0; i < pos->n_builds; i++)
    {
      const CassinoBuild *b = &pos->builds[i];

      s->table |= b->cards;
      build_values |= 1u << b->value;
      if (b->owner == (gint8) seat)
        s->owned |= 1u << b->value;
      if (small_core_build (s, b))
        core_reach |= (1u | s->reach1) << b->value;
    }
  s->cap_reach = reach2 | build_values;
  s->core_reach = core_reach;
  s->extra_reach = s->reach1 | build_values;

  s->have_sums = s->have_cores = s->have_unions = 0;
  s->pool = s->pool_inline;
  s->pool_len = 0;
  s->pool_alloc = G_N_ELEMENTS (s->pool_inline);
}

static void
small_clear (Small *s)
{
  if (s->pool != s->pool_inline)
    g_free (s->pool);
}

/* The sets of two or more loose numeric cards adding up to @t, into the
 * pool: a depth-first search (with its own stack) that enters only the
 * branches it can complete. */
static void
small_sums_dfs (Small *s,
                guint  t)
{
  struct {
    guint        j;        /* the card tried at this depth */
    guint        rem;      /* what is left to add up */
    guint32      vals;     /* values of card j not tried yet */
    CassinoCards mask;     /* the cards taken above */
  } st[SMALL_MAX_LOOSE + 1];
  guint d = 0;

  st[0].j = 0;
  st[0].rem = t;
  st[0].vals = s->lvals[0];
  st[0].mask = 0;
  for (;;)
    {
      guint w, j = st[d].j, rem = st[d].rem;

      if (st[d].vals == 0)
        {
          /* the next card, if the cards from it on can still make rem */
          j++;
          if (j < s->n && ((s->suffix[j] >> rem) & 1))
            {
              st[d].j = j;
              st[d].vals = s->lvals[j];
              continue;
            }
          if (d == 0)
            return;
          d--;
          continue;
        }
      w = (guint) __builtin_ctz (st[d].vals);
      st[d].vals &= st[d].vals - 1;
      if (w >= rem)
        {
          if (w == rem && d > 0)
            pool_push (s, st[d].mask | s->lbit[j]);
          st[d].vals = 0;   /* its other values are higher */
        }
      else if ((s->suffix[j + 1] >> (rem - w)) & 1)
        {
          /* j + 1 < n: suffix[n] holds only 0 */
          st[d + 1].j = j + 1;
          st[d + 1].rem = rem - w;
          st[d + 1].vals = s->lvals[j + 1];
          st[d + 1].mask = st[d].mask | s->lbit[j];
          d++;
        }
    }
}

/* Every set of two or more loose numeric cards adding up to @t. */
static inline Span
small_sums (Small *s,
            guint  t)
{
  if (!((s->reach2 >> t) & 1))
    return no_span;
  if (!((s->have_sums >> t) & 1))
    {
      Span sp = { s->pool_len, 0 };

      small_sums_dfs (s, t);
      sp.len = s->pool_len - sp.at;
      if (s->multi)
        {
          /* two ways of counting the same cards (an ace as 1 or 11): once */
          sp.len = sort_unique_sets (s->pool + sp.at, sp.len);
          s->pool_len = sp.at + sp.len;
        }
      s->sums[t] = sp;
      s->have_sums |= 1u << t;
    }
  return s->sums[t];
}

/* Every set of one or more loose numeric cards adding up to @t (> 0),
 * each with @extra added. */
static void
small_push_loose_sums (Small        *s,
                       guint         t,
                       Span          sums,
                       CassinoCards  extra)
{
  if (!((s->reach1 >> t) & 1))
    return;
  for (guint i = 0; i < s->n; i++)
    if ((s->lvals[i] >> t) & 1)
      pool_push (s, s->lbit[i] | extra);
  for (guint k = 0; k < sums.len; k++)
    {
      CassinoCards set = s->pool[sums.at + k] | extra;

      pool_push (s, set);
    }
}

/* rules.md §4.3: the cores of value @t (> 0), as gen_cores(). */
static Span
small_cores (Small *s,
             guint  t)
{
  if (!((s->have_cores >> t) & 1))
    {
      const CassinoPosition *pos = s->pos;
      Span rest[SMALL_MAX_BUILDS] = { { 0, 0 } };
      Span base = small_sums (s, t);
      Span sp;

      /* the sums come first: the cores' span is pushed in one piece */
      for (guint i = 0; i < pos->n_builds; i++)
        if (small_core_build (s, &pos->builds[i]) && pos->builds[i].value < t)
          rest[i] = small_sums (s, t - pos->builds[i].value);

      sp.at = s->pool_len;
      small_push_loose_sums (s, t, base, 0);
      for (guint i = 0; i < pos->n_builds; i++)
        {
          const CassinoBuild *b = &pos->builds[i];

          if (!small_core_build (s, b) || b->value > t)
            continue;
          if (b->value == t)
            pool_push (s, b->cards);
          else
            small_push_loose_sums (s, t - b->value, rest[i], b->cards);
        }
      sp.len = s->pool_len - sp.at;
      s->cores[t] = sp;
      s->have_cores |= 1u << t;
    }
  return s->cores[t];
}

/* Every union of disjoint extra groups of a build of value @v (a loose
 * card of value v, two or more loose cards adding up to v, a build of
 * value v), each set once. */
static Span
small_unions (Small *s,
              guint  v)
{
  if (!((s->extra_reach >> v) & 1))
    return no_span;
  if (!((s->have_unions >> v) & 1))
    {
      const CassinoPosition *pos = s->pos;
      Span sums = small_sums (s, v);
      CassinoCards extras_inline[64];
      CassinoCards *extras = extras_inline;
      guint n = 0;
      SetList u;
      Span sp;

      if (s->n + sums.len + pos->n_builds > G_N_ELEMENTS (extras_inline))
        extras = g_new (CassinoCards, s->n + sums.len + pos->n_builds);
      for (guint i = 0; i < s->n; i++)
        if ((s->lvals[i] >> v) & 1)
          extras[n++] = s->lbit[i];
      for (guint k = 0; k < sums.len; k++)
        extras[n++] = s->pool[sums.at + k];
      for (guint i = 0; i < pos->n_builds; i++)
        if (pos->builds[i].value == v)
          extras[n++] = pos->builds[i].cards;

      set_list_init (&u);
      unions_of (extras, n, &u);
      sp.at = s->pool_len;
      for (guint k = 0; k < u.len; k++)
        pool_push (s, u.items[k]);
      sp.len = u.len;
      set_list_clear (&u);
      if (extras != extras_inline)
        g_free (extras);
      s->unions[v] = sp;
      s->have_unions |= 1u << v;
    }
  return s->unions[v];
}

/* §4.4 after playing @card: the builds the seat still owns (none of
 * them in @gone) and @add, each taken by a card of the rest of the hand.
 * With single-valued cards that is the rest's values covering them. */
static inline gboolean
small_keeps_ownership (Small        *s,
                       CassinoCard   card,
                       CassinoCards  gone,
                       guint32       add)
{
  guint32 need = owned_values (s->pos, s->seat, gone) | add;

  if (s->hand_single)
    {
      /* what the rest of the hand can take */
      guint32 rest = s->twice | (s->once & ~s->r->card_values[card]);

      return (need & ~rest) == 0;
    }
  return hand_covers (s->r, s->hand & ~CASSINO_CARD_BIT (card), need);
}

static inline void
small_emit_capture (Small           *s,
                    CassinoCard      card,
                    CassinoCards     take,
                    guint            value,
                    CassinoMoveList *out)
{
  CassinoMove *m;

  if (s->owned && !small_keeps_ownership (s, card, take, 0))
    return;
  m = move_list_push (out);
  *m = (CassinoMove) { .set = take, .type = CASSINO_MOVE_CAPTURE, .card = card, .value = value,
                       .flags = take == s->table && s->sweep_ok ? CASSINO_MOVE_FLAG_SWEEP : 0,
                       ._pad = 0 };
}

/* Whether card set @a comes before @b in canonical order (cli.md): by
 * count, then the lowest card that only one of them holds. */
static inline gboolean
small_set_before (CassinoCards a,
                  CassinoCards b)
{
  guint na = cassino_cards_count (a);
  guint nb = cassino_cards_count (b);
  CassinoCards diff = a ^ b;

  if (na != nb)
    return na < nb;
  return (a & diff & (~diff + 1)) != 0;
}

/* The captures of @card at @values (all but a pair-only court's);
 * whether they came out in canonical order, each once. */
static gboolean
small_captures_for_values (Small           *s,
                           CassinoCard      card,
                           CassinoCards     same_rank,
                           guint32          values,
                           CassinoMoveList *out)
{
  const CassinoPosition *pos = s->pos;
  guint start = out->len;
  gboolean sorted = TRUE;

  while (values)
    {
      guint v = (guint) __builtin_ctz (values);
      CassinoCards groups_inline[32];
      CassinoCards *groups = groups_inline;
      guint n_groups = 0;
      Span sums = small_sums (s, v);
      CassinoCard other;

      values &= values - 1;
      if (same_rank == 0 && !((s->cap_reach >> v) & 1))
        continue;
      if (sums.len + 3 + SMALL_MAX_BUILDS > G_N_ELEMENTS (groups_inline))
        groups = g_new (CassinoCards, sums.len + 3 + SMALL_MAX_BUILDS);
      CASSINO_CARDS_FOREACH (other, same_rank)
        groups[n_groups++] = CASSINO_CARD_BIT (other);
      for (guint i = 0; i < pos->n_builds; i++)
        if (pos->builds[i].value == v)
          groups[n_groups++] = pos->builds[i].cards;
      for (guint k = 0; k < sums.len; k++)
        groups[n_groups++] = s->pool[sums.at + k];

      /* a second value's captures need the sort (and may repeat) */
      if (n_groups > 0 && out->len > start)
        sorted = FALSE;
      if (n_groups == 1)
        small_emit_capture (s, card, groups[0], v, out);   /* the usual capture */
      else if (n_groups == 2)
        {
          /* distinct groups: each, then both, in canonical order */
          CassinoCards a = groups[0], b = groups[1];

          if (small_set_before (b, a))
            a = groups[1], b = groups[0];
          small_emit_capture (s, card, a, v, out);
          small_emit_capture (s, card, b, v, out);
          if (!(a & b))
            small_emit_capture (s, card, a | b, v, out);
        }
      else if (n_groups > 2)
        {
          SetList takes;

          set_list_init (&takes);
          unions_of (groups, n_groups, &takes);
          for (guint i = 0; i < takes.len; i++)
            small_emit_capture (s, card, takes.items[i], v, out);
          set_list_clear (&takes);
          sorted = FALSE;
        }
      if (groups != groups_inline)
        g_free (groups);
    }
  return sorted;
}

/* The captures of @card; whether they came out in canonical order. */
static gboolean
small_captures_for_card (Small           *s,
                         CassinoCard      card,
                         CassinoMoveList *out)
{
  const CassinoRules *r = s->r;
  /* the loose cards of its rank: a rank's four cards are bits 4(r-1)..4(r-1)+3 */
  CassinoCards same_rank = s->loose & (G_GUINT64_CONSTANT (0xF) << (card & ~3u)) &
                           ~CASSINO_CARD_BIT (card);
  guint32 values = r->card_values[card];
  CassinoCard other;

  if (values != 0)
    {
      /* nothing of any of its values on the table: no capture */
      if (same_rank != 0 || (values & s->cap_reach))
        return small_captures_for_values (s, card, same_rank, values, out);
      return TRUE;
    }

  /* a pair-only court: pairing only (rules.md §4.2) */
  if (same_rank == 0)
    return TRUE;
  if (r->court_capture == CASSINO_COURT_CAPTURE_ONE)
    {
      if (cassino_cards_count (same_rank) == 3)
        small_emit_capture (s, card, same_rank, 0, out);
      else
        CASSINO_CARDS_FOREACH (other, same_rank)
          small_emit_capture (s, card, CASSINO_CARD_BIT (other), 0, out);
      return TRUE;   /* single cards in card order, or one set */
    }
  for (CassinoCards sub = same_rank; sub; sub = (sub - 1) & same_rank)
    small_emit_capture (s, card, sub, 0, out);
  return FALSE;
}

static inline void
small_emit_build (Small           *s,
                  CassinoCard      card,
                  guint            value,
                  CassinoCards     use,
                  gboolean         multiple,
                  CassinoMoveList *out)
{
  CassinoMove *m;

  /* §4.4 with the new build counted, as emit_build() */
  if (s->owned && !small_keeps_ownership (s, card, use, 1u << value))
    return;
  m = move_list_push (out);
  *m = (CassinoMove) { .set = use, .type = CASSINO_MOVE_BUILD, .card = card, .value = value,
                       .flags = multiple ? CASSINO_MOVE_FLAG_MULTIPLE : 0, ._pad = 0 };
}

/* The builds of @card of value @V from @vc, its value: cores of V - vc,
 * alone and with extra groups. */
static void
small_builds_to (Small           *s,
                 CassinoCard      card,
                 guint            vc,
                 guint            V,
                 CassinoMoveList *out)
{
  static const CassinoCards no_table = 0;
  const CassinoCards *cores, *unions;
  guint n_cores;
  Span usp = { 0, 0 };

  if (V == vc)
    {
      /* the played card alone: calling, with extra groups only */
      usp = small_unions (s, V);
      cores = &no_table;
      n_cores = 1;
    }
  else
    {
      Span sp = small_cores (s, V - vc);

      if (s->r->multiple_builds)
        usp = small_unions (s, V);
      cores = s->pool + sp.at;   /* after small_unions(): the pool may have moved */
      n_cores = sp.len;
    }
  unions = s->pool + usp.at;

  for (guint i = 0; i < n_cores; i++)
    {
      CassinoCards core = cores[i];

      if (core != 0)
        small_emit_build (s, card, V, core, FALSE, out);
      for (guint k = 0; k < usp.len; k++)
        if (!(unions[k] & core))
          small_emit_build (s, card, V, core | unions[k], TRUE, out);
    }
}

/* @holdable: the values that the rest of the hand can take */
static void
small_builds_for_card (Small           *s,
                       CassinoCard      card,
                       guint32          holdable,
                       CassinoMoveList *out)
{
  const CassinoRules *r = s->r;
  guint32 card_values = r->card_values[card];

  while (card_values)
    {
      guint vc = (guint) __builtin_ctz (card_values);
      /* values V >= vc with a core of V - vc, or vc itself when calling */
      guint32 targets = holdable & ~((1u << vc) - 1) &
                        ((s->core_reach << vc) |
                         (r->multiple_builds ? s->extra_reach & (1u << vc) : 0));

      card_values &= card_values - 1;
      while (targets)
        {
          guint V = (guint) __builtin_ctz (targets);

          targets &= targets - 1;
          small_builds_to (s, card, vc, V, out);
        }
    }
}

/* Canonical order of one card's moves, repeats dropped (the first of
 * them kept, as sort_unique_moves()): by count, then by the lowest card
 * that only one of two sets holds, then a build's (value, multiple).  The
 * counts are taken once per move, not once per comparison. */
static inline gboolean
small_move_after (const CassinoMove *a,
                  guint              count_a,
                  const CassinoMove *b,
                  guint              count_b)
{
  CassinoCards diff;

  if (count_a != count_b)
    return count_a > count_b;
  diff = a->set ^ b->set;
  if (diff)
    return (b->set & diff & (~diff + 1)) != 0;
  if (a->type != CASSINO_MOVE_BUILD || a->value != b->value)
    return a->type == CASSINO_MOVE_BUILD && a->value > b->value;
  return (a->flags & CASSINO_MOVE_FLAG_MULTIPLE) > (b->flags & CASSINO_MOVE_FLAG_MULTIPLE);
}

static void
small_sort_moves (CassinoMoveList *out,
                  guint            start)
{
  CassinoMove *m = out->moves + start;
  guint n = out->len - start;
  guint8 count[32];
  guint j = 0;

  if (n > G_N_ELEMENTS (count))
    {
      out->len = start + sort_unique_moves (m, n);
      return;
    }
  for (guint i = 0; i < n; i++)
    count[i] = (guint8) cassino_cards_count (m[i].set);
  for (guint i = 1; i < n; i++)
    {
      CassinoMove x = m[i];
      guint8 cx = count[i];
      guint k = i;

      while (k > 0 && small_move_after (&m[k - 1], count[k - 1], &x, cx))
        {
          m[k] = m[k - 1];
          count[k] = count[k - 1];
          k--;
        }
      m[k] = x;
      count[k] = cx;
    }
  /* repeats are neighbours now */
  for (guint i = 1; i < n; i++)
    if (m[i].set != m[j].set ||
        (m[i].type == CASSINO_MOVE_BUILD &&
         (m[i].value != m[j].value ||
          ((m[i].flags ^ m[j].flags) & CASSINO_MOVE_FLAG_MULTIPLE))))
      m[++j] = m[i];
  out->len = start + j + 1;
}

static inline void
small_sort_card (CassinoMoveList *out,
                 guint            start)
{
  if (out->len - start > 1)
    small_sort_moves (out, start);
}

/* The values that one card of the hand can take, and two cards: what the
 * rest of the hand can take when one card is played (for builds and §4.4). */
static void
small_hand_values (Small *s)
{
  guint32 once = 0, twice = 0, multi = 0;
  CassinoCard card;

  CASSINO_CARDS_FOREACH (card, s->hand)
    {
      guint32 vals = s->r->card_values[card];

      twice |= once & vals;
      once |= vals;
      multi |= vals & (vals - 1);
    }
  s->hand_single = multi == 0;
  s->once = once;
  s->twice = twice;
}

/* classic_moves_for_hand() on a small table (@n loose numeric cards).
 * @jacks: sweeping jacks (family.md §2, reading 2) held besides @hand;
 * each has one move, made here in its place in the canonical order.
 * @no_trail: cards that a forced-capture rule forbids to trail. */
static void
small_moves_for_hand (const CassinoPosition *pos,
                      guint                  n,
                      guint                  seat,
                      CassinoCards           hand,
                      CassinoCards           jacks,
                      CassinoCards           no_trail,
                      gboolean               last_play,
                      CassinoMoveList       *out)
{
  const CassinoRules *r = pos->rules;
  Small s;
  CassinoCard card;
  CassinoCards trails = hand;
  CassinoCards jack_take = 0;
  CassinoCards capturers;
  gboolean jack_sweep = FALSE;

  small_init (&s, pos, n, seat, hand, last_play);

  /* a pending Cassino! claim */
  if (pos->claim_seat == (gint8) seat && pos->claim_set)
    push_move (out, CASSINO_MOVE_CLAIM, pos->claim_card, pos->claim_set, 0, FALSE);

  /* trails (§4.1); a jack trails when it has nothing to sweep */
  if (s.owned != 0)
    {
      trails = 0;
      if (r->trail_with_own_build)
        CASSINO_CARDS_FOREACH (card, hand)
          if (hand_covers (r, hand & ~CASSINO_CARD_BIT (card), s.owned))
            trails |= CASSINO_CARD_BIT (card);
    }
  if (jacks)
    {
      jack_take = r->jack_sweeps == CASSINO_JACK_SWEEPS_ALL ? s.table : pos->loose & NUMERALS_AND_JACKS;
      jack_sweep = jack_take == s.table && r->jack_sweep_scores && sweep_allowed (r, last_play);
      if (jack_take == 0)
        trails |= jacks;
    }
  CASSINO_CARDS_FOREACH (card, trails & ~no_trail)
    push_move (out, CASSINO_MOVE_TRAIL, card, 0, 0, FALSE);

  if (s.table == 0)
    {
      small_clear (&s);
      return;
    }

  /* captures (§4.2), then builds (§4.3), card by card: each card's moves
   * sorted among themselves make the canonical order.  Only the cards with
   * a loose card of their rank or something of one of their values on
   * the table can capture. */
  {
    CassinoCards loose = pos->loose;
    /* every card of each rank that has a loose card */
    CassinoCards ranks = ((loose | loose >> 1 | loose >> 2 | loose >> 3) &
                          G_GUINT64_CONSTANT (0x1111111111111)) * 0xF;

    capturers = hand & ranks;
    CASSINO_CARDS_FOREACH (card, hand & ~ranks)
      if (r->card_values[card] & s.cap_reach)
        capturers |= CASSINO_CARD_BIT (card);
  }
  if (r->building || s.owned)
    small_hand_values (&s);

  CASSINO_CARDS_FOREACH (card, capturers | (jack_take ? jacks : 0))
    {
      guint start = out->len;

      if (jacks & CASSINO_CARD_BIT (card))
        {
          push_move (out, CASSINO_MOVE_CAPTURE, card, jack_take, 0, jack_sweep);
          continue;
        }
      if (!small_captures_for_card (&s, card, out))
        small_sort_card (out, start);
    }
  if (r->building)
    {
      guint32 max_values = (2u << r->max_build) - 1;

      CASSINO_CARDS_FOREACH (card, hand)
        {
          guint start = out->len;
          guint32 rest = s.twice | (s.once & ~r->card_values[card]);

          small_builds_for_card (&s, card, rest & max_values, out);
          small_sort_card (out, start);
        }
    }
  small_clear (&s);
}

/* Drop the trails of @forbidden cards from the moves from @first on. */
static inline void
filter_trails (CassinoMoveList *out,
               guint            first,
               CassinoCards     forbidden)
{
  guint j = first;

  for (guint i = first; i < out->len; i++)
    if (out->moves[i].type != CASSINO_MOVE_TRAIL || !(forbidden & CASSINO_CARD_BIT (out->moves[i].card)))
      out->moves[j++] = out->moves[i];
  out->len = j;
}

/* family.md §2, reading 2: a jack's sweep set is its only move, put in
 * its place in the list of the moves from @first on (sorted). */
static void
add_jack_moves (const CassinoPosition *pos,
                CassinoCards           jacks,
                gboolean               last_play,
                guint                  first,
                CassinoMoveList       *out)
{
  const CassinoRules *r = pos->rules;
  CassinoCard card;

  CASSINO_CARDS_FOREACH (card, jacks)
    {
      CassinoCards table = cassino_position_table_cards (pos);
      CassinoCards take = r->jack_sweeps == CASSINO_JACK_SWEEPS_ALL
                            ? table : pos->loose & NUMERALS_AND_JACKS;
      CassinoMove m;
      guint at;

      if (take)
        push_move (out, CASSINO_MOVE_CAPTURE, card, take, 0,
                   take == table && r->jack_sweep_scores && sweep_allowed (r, last_play));
      else
        push_move (out, CASSINO_MOVE_TRAIL, card, 0, 0, FALSE);
      m = out->moves[out->len - 1];
      for (at = first; at < out->len - 1 && move_compare_inline (&out->moves[at], &m) < 0; at++)
        ;
      memmove (&out->moves[at + 1], &out->moves[at], (out->len - 1 - at) * sizeof m);
      out->moves[at] = m;
    }
}

/* Loose cards and builds, classic style, and sweeping @jacks besides
 * @hand: the small-table generator when the table fits it, the generic
 * one otherwise. */
static inline void
table_moves_for_hand (const CassinoPosition *pos,
                      guint                  seat,
                      CassinoCards           hand,
                      CassinoCards           jacks,
                      CassinoCards           no_trail,
                      gboolean               last_play,
                      CassinoMoveList       *out)
{
  guint first = out->len;
  guint n_loose;

  if (small_table_fits (pos, &n_loose))
    small_moves_for_hand (pos, n_loose, seat, hand, jacks, no_trail, last_play, out);
  else
    {
      classic_moves_for_hand (pos, seat, hand, last_play, out);
      if (jacks)
        add_jack_moves (pos, jacks, last_play, first, out);
      if (no_trail)
        filter_trails (out, first, no_trail);
    }
}

/* capture_groups, capture_priority, sum_target (no building, no builds) */
static void
family_captures_for_card (Gen             *g,
                          CassinoCard      card,
                          CassinoMoveList *out)
{
  const CassinoRules *r = g->rules;
  const CassinoPosition *pos = g->pos;
  CassinoCards loose = pos->loose;
  guint rank = CASSINO_CARD_RANK (card);
  guint32 values = r->card_values[card];
  gboolean one = r->capture_groups == CASSINO_CAPTURE_GROUPS_ONE;
  SetList takes;

  if (r->sum_target == CASSINO_SUM_TARGET_11 && rank <= 10)
    values = 1u << (11 - rank);      /* family.md reading 4: numerals sum to 11 - v */
  else if (values == 0)
    {
      /* a pair-only court, as classic (three of a rank together is one capture) */
      CassinoCards same = loose & cassino_cards_of_rank (rank);
      CassinoCard other;

      if (same == 0)
        return;
      if (cassino_cards_count (same) == 3 && r->court_capture == CASSINO_COURT_CAPTURE_ONE)
        emit_capture (g, card, same, 0, out);
      else
        CASSINO_CARDS_FOREACH (other, same)
          emit_capture (g, card, CASSINO_CARD_BIT (other), 0, out);
      return;
    }

  set_list_init (&takes);
  while (values)
    {
      guint v = (guint) __builtin_ctz (values);
      CassinoCards groups[64];
      guint n_groups = 0;
      CassinoCard other;

      values &= values - 1;
      CASSINO_CARDS_FOREACH (other, loose & r->numeric_cards)
        if ((r->card_values[other] & (1u << v)) &&
            (r->sum_target == CASSINO_SUM_TARGET_VALUE || CASSINO_CARD_RANK (other) <= 10))
          groups[n_groups++] = CASSINO_CARD_BIT (other);
      if (n_groups == 0 || r->capture_priority == CASSINO_CAPTURE_PRIORITY_NONE)
        {
          const SetList *sums = gen_sums (g, v);

          if (r->capture_priority == CASSINO_CAPTURE_PRIORITY_SINGLE)
            n_groups = 0;
          for (guint i = 0; i < sums->len; i++)
            {
              if (one || n_groups == G_N_ELEMENTS (groups))
                emit_capture (g, card, sums->items[i], v, out);
              else
                groups[n_groups++] = sums->items[i];
            }
        }
      else
        one = TRUE;   /* single-card priority: exactly one such card */
      if (one)
        for (guint i = 0; i < n_groups; i++)
          emit_capture (g, card, groups[i], v, out);
      else if (n_groups > 0)
        {
          unions_of (groups, n_groups, &takes);
          for (guint i = 0; i < takes.len; i++)
            emit_capture (g, card, takes.items[i], v, out);
          takes.len = 0;
        }
      one = r->capture_groups == CASSINO_CAPTURE_GROUPS_ONE;
    }
  set_list_clear (&takes);
}

static void
family_table_moves (const CassinoPosition *pos,
                    guint                  seat,
                    CassinoCards           hand,
                    gboolean               last_play,
                    CassinoMoveList       *out)
{
  Gen g;
  CassinoCard card;

  gen_init (&g, pos, seat, hand, last_play);
  CASSINO_CARDS_FOREACH (card, hand)
    push_move (out, CASSINO_MOVE_TRAIL, card, 0, 0, FALSE);
  if (!cassino_position_table_empty (pos))
    moves_card_by_card (&g, hand, family_captures_for_card, out);
  out->truncated |= g.truncated;
  gen_clear (&g);
}

/* forced_capture "courts" (family.md §2, reading 3): a court may not
 * trail while a loose court of its rank is on the table. */
static CassinoCards
courts_that_cannot_trail (const CassinoPosition *pos)
{
  CassinoCards forbidden = 0;

  for (guint rank = CASSINO_RANK_JACK; rank <= CASSINO_RANK_KING; rank++)
    if (pos->loose & cassino_cards_of_rank (rank))
      forbidden |= cassino_cards_of_rank (rank);
  return forbidden;
}

/* forced_capture "card" and "any" (family.md §2, reading 3): trails that
 * may not be made, judged from the captures listed */
static void
filter_forced_trails (const CassinoPosition *pos,
                      CassinoCards           hand,
                      CassinoMoveList       *out,
                      guint                  first)
{
  const CassinoRules *r = pos->rules;
  CassinoCards capturers = 0;
  CassinoCards forbidden;

  /* captures follow the trails: scan from the end */
  for (guint i = out->len; i > first && out->moves[i - 1].type != CASSINO_MOVE_TRAIL; i--)
    if (out->moves[i - 1].type == CASSINO_MOVE_CAPTURE)
      capturers |= CASSINO_CARD_BIT (out->moves[i - 1].card);
  forbidden = r->forced_capture == CASSINO_FORCED_CAPTURE_CARD ? capturers
              : capturers ? CASSINO_ALL_CARDS : 0;
  /* only the hand's cards trail */
  if ((forbidden & hand) != 0)
    filter_trails (out, first, forbidden);
}

void
cassino_position_legal_moves_for_hand (const CassinoPosition *pos,
                                       guint                  seat,
                                       CassinoCards           hand,
                                       gboolean               last_play,
                                       CassinoMoveList       *out)
{
  const CassinoRules *r = pos->rules;
  guint first = out->len;
  CassinoCards jacks = 0;

  if (!family_moves_active (r))
    {
      table_moves_for_hand (pos, seat, hand, 0, 0, last_play, out);
      return;
    }

  if (r->capture_mode == CASSINO_CAPTURE_MODE_PILE)
    pile_moves (pos, hand, last_play, out);
  else
    {
      if (r->jack_sweeps != CASSINO_JACK_SWEEPS_NO)
        jacks = hand & JACKS;
      if (r->family_captures)
        {
          family_table_moves (pos, seat, hand & ~jacks, last_play, out);
          if (jacks)
            add_jack_moves (pos, jacks, last_play, first, out);
        }
      else
        {
          /* "courts" is known before the moves are: trails not made at all */
          CassinoCards no_trail = 0;

          if (r->forced_capture == CASSINO_FORCED_CAPTURE_COURTS)
            no_trail = courts_that_cannot_trail (pos) & hand;
          table_moves_for_hand (pos, seat, hand & ~jacks, jacks, no_trail, last_play, out);
          if (r->forced_capture == CASSINO_FORCED_CAPTURE_COURTS)
            return;
        }
    }

  if (r->forced_capture == CASSINO_FORCED_CAPTURE_COURTS)
    {
      CassinoCards forbidden = courts_that_cannot_trail (pos) & hand;

      if (forbidden)
        filter_trails (out, first, forbidden);
    }
  else if (r->forced_capture != CASSINO_FORCED_CAPTURE_NONE)
    filter_forced_trails (pos, hand, out, first);
}

/* What a capture that empties the table scores as a sweep, before the
 * move; 0 when it is no sweep. */
static gboolean
capture_is_sweep (const CassinoPosition *pos,
                  const CassinoMove     *move,
                  gboolean               last_play)
{
  const CassinoRules *r = pos->rules;
  CassinoCards table = cassino_position_table_cards (pos);

  if (!sweep_allowed (r, last_play) || move->set != table)
    return FALSE;
  if (r->capture_mode == CASSINO_CAPTURE_MODE_PILE)
    return (table & (table - 1)) == 0 &&
           (pos->pile_top == CASSINO_NO_CARD ||
            CASSINO_CARD_RANK (move->card) == CASSINO_CARD_RANK (pos->pile_top) ||
            r->jack_sweep_scores);
  if (r->jack_sweeps != CASSINO_JACK_SWEEPS_NO && CASSINO_CARD_RANK (move->card) == CASSINO_RANK_JACK)
    return r->jack_sweep_scores;
  return TRUE;
}

/* Tablanette: the most groups of value @v that @set splits into exactly,
 * each a card of @card's rank or of value @v, or two or more numeric cards
 * adding up to @v; -1 when it does not split. */
static int
max_groups (const CassinoRules *r,
            CassinoCard         card,
            CassinoCards        set,
            guint               v)
{
  CassinoCard low;
  CassinoCards rest, sub;
  int best = -1;

  if (set == 0)
    return 0;
  low = cassino_cards_first (set);
  rest = set & ~CASSINO_CARD_BIT (low);
  /* every group holding the lowest card: the card and a subset of the rest */
  sub = rest;
  for (;;)
    {
      CassinoCards group = sub | CASSINO_CARD_BIT (low);
      gboolean ok;

      if (sub == 0)
        ok = CASSINO_CARD_RANK (low) == CASSINO_CARD_RANK (card) ||
             (r->card_values[low] & (1u << v));
      else
        {
          /* can the group add up to v, each card choosing a value? */
          guint64 reach = 1;
          CassinoCard c;

          ok = (group & ~r->numeric_cards) == 0;
          CASSINO_CARDS_FOREACH (c, ok ? group : 0)
            {
              guint64 next = 0;
              guint32 vals = r->card_values[c];

              while (vals)
                {
                  next |= reach << __builtin_ctz (vals);
                  vals &= vals - 1;
                }
              reach = next;
            }
          ok = ok && (reach & (G_GUINT64_CONSTANT (1) << v));
        }
      if (ok)
        {
          int k = max_groups (r, card, set & ~group, v);

          if (k >= 0 && k + 1 > best)
            best = k + 1;
        }
      if (sub == 0)
        break;
      sub = (sub - 1) & rest;
    }
  return best;
}

guint
cassino_position_sweep_value (const CassinoPosition *pos,
                              const CassinoMove     *move)
{
  const CassinoRules *r = pos->rules;

  switch (r->scoring)
    {
    case CASSINO_SCORING_XERI:
      return pos->pile_top != CASSINO_NO_CARD &&
             CASSINO_CARD_RANK (move->card) == CASSINO_RANK_JACK &&
             CASSINO_CARD_RANK (pos->pile_top) == CASSINO_RANK_JACK ? 20 : 10;
    case CASSINO_SCORING_DILOTI:
      return 10;
    case CASSINO_SCORING_PASUR:
      return 5;
    case CASSINO_SCORING_CALLABRA:
      return 0;
    case CASSINO_SCORING_TABLANETTE:
      {
        guint32 values = r->card_values[move->card];
        guint best = 0;

        while (values)
          {
            guint v = (guint) __builtin_ctz (values);
            int k;

            values &= values - 1;
            k = max_groups (r, move->card, move->set, v);
            if (k > 0)
              best = MAX (best, (guint) (k + 1) * v);
          }
        return best;
      }
    default:
      return 1;
    }
}

void
cassino_position_legal_moves (const CassinoPosition *pos,
                              CassinoMoveList       *out)
{
  if (pos->deal_over)
    return;
  cassino_position_legal_moves_for_hand (pos, pos->to_move, pos->hands[pos->to_move],
                                         cassino_position_is_last_play (pos), out);
}

gboolean
cassino_position_is_legal (const CassinoPosition *pos,
                           const CassinoMove     *move)
{
  CassinoMoveList list;
  CassinoPosition restricted;
  gboolean found = FALSE;
  guint seat = pos->to_move;
  guint j = 0;

  if (pos->deal_over || move->type > CASSINO_MOVE_CLAIM)
    return FALSE;
  if (move->type == CASSINO_MOVE_CLAIM)
    return pos->claim_seat == (gint8) seat && pos->claim_set != 0 &&
           move->set == pos->claim_set && move->card == pos->claim_card;
  if (move->card >= CASSINO_N_CARDS || !(pos->hands[seat] & CASSINO_CARD_BIT (move->card)))
    return FALSE;
  if (move->type == CASSINO_MOVE_TRAIL && move->set != 0)
    return FALSE;

  if (family_moves_active (pos->rules))
    {
      /* forced captures, priority and the pile depend on the whole table
       * and hand: the full list */
      cassino_move_list_init (&list);
      cassino_position_legal_moves (pos, &list);
      for (guint i = 0; i < list.len && !found; i++)
        found = cassino_move_equal (&list.moves[i], move);
      cassino_move_list_clear (&list);
      return found;
    }

  /* Only the moves with the cards the move names: the table cut down to
   * those cards (whole builds only), plus the builds the player owns, which
   * §4.4 needs.  Exact, and quick on the most crowded table. */
  restricted = *pos;
  restricted.loose = pos->loose & move->set;
  /* "one, or all three": a court's capture depends on every loose card of its rank */
  if (pos->rules->card_values[move->card] == 0)
    restricted.loose |= pos->loose & cassino_cards_of_rank (CASSINO_CARD_RANK (move->card));
  for (guint i = 0; i < pos->n_builds; i++)
    {
      const CassinoBuild *b = &pos->builds[i];

      if ((b->cards & move->set) == b->cards || b->owner == (gint8) seat)
        restricted.builds[j++] = *b;
      else if (b->cards & move->set)
        return FALSE;   /* part of a build */
    }
  restricted.n_builds = j;
  if ((move->set & ~cassino_position_table_cards (&restricted)) != 0)
    return FALSE;
  restricted.claim_seat = CASSINO_NO_SEAT;

  cassino_move_list_init (&list);
  cassino_position_legal_moves_for_hand (&restricted, seat, CASSINO_CARD_BIT (move->card) |
                                         pos->hands[seat], cassino_position_is_last_play (pos), &list);
  for (guint i = 0; i < list.len && !found; i++)
    if (list.moves[i].type == move->type && list.moves[i].card == move->card &&
        cassino_move_compare (&list.moves[i], move) == 0)
      found = TRUE;
  cassino_move_list_clear (&list);
  return found;
}

/* Applying moves */

static void
remove_from_table (CassinoPosition *pos,
                   CassinoCards     set)
{
  guint j = 0;

  pos->loose &= ~set;
  for (guint i = 0; i < pos->n_builds; i++)
    if (!(pos->builds[i].cards & set))
      pos->builds[j++] = pos->builds[i];
  pos->n_builds = j;
}

static void
add_build (CassinoPosition *pos,
           CassinoCards     cards,
           guint            value,
           guint            owner,
           gboolean         multiple)
{
  guint i = pos->n_builds;
  CassinoCard first = cassino_cards_first (cards);

  g_assert (pos->n_builds < CASSINO_MAX_BUILDS);

  /* keep builds in the order of their lowest card */
  while (i > 0 && cassino_cards_first (pos->builds[i - 1].cards) > first)
    {
      pos->builds[i] = pos->builds[i - 1];
      i--;
    }
  pos->builds[i].cards = cards;
  pos->builds[i].value = value;
  pos->builds[i].owner = owner;
  pos->builds[i].multiple = multiple;
  pos->builds[i]._pad = 0;
  pos->n_builds++;
}

/* The largest capture @card could have made (rules.md §4.5): most cards,
 * ties broken by the canonical order of the sets.  0 when none. */
static CassinoCards
best_capture (const CassinoPosition *pos,
              guint                  seat,
              CassinoCard            card)
{
  CassinoMoveList list;
  CassinoCards best = 0;

  cassino_move_list_init (&list);
  cassino_position_legal_moves_for_hand (pos, seat, pos->hands[seat], FALSE, &list);
  for (guint i = 0; i < list.len; i++)
    {
      const CassinoMove *m = &list.moves[i];

      if (m->type != CASSINO_MOVE_CAPTURE || m->card != card)
        continue;
      if (best == 0 ||
          cassino_cards_count (m->set) > cassino_cards_count (best) ||
          (cassino_cards_count (m->set) == cassino_cards_count (best) &&
           cassino_cards_compare_lex (m->set, best) < 0))
        best = m->set;
    }
  cassino_move_list_clear (&list);
  return best;
}

static void
end_deal (CassinoPosition *pos)
{
  const CassinoRules *r = pos->rules;
  CassinoCards rest = cassino_position_table_cards (pos);
  gint seat = pos->last_capturer;

  if (r->last_cards == CASSINO_LAST_CARDS_COURT_LAST && pos->last_played_court)
    seat = pos->last_player;

  pos->last_cards = rest;
  pos->last_cards_side = -1;
  if (seat >= 0)
    {
      guint side = cassino_rules_side_of (r, (guint) seat);

      pos->piles[side] |= rest;
      pos->last_cards_side = side;
    }
  pos->loose = 0;
  pos->n_builds = 0;
  pos->deal_over = TRUE;
  pos->claim_seat = CASSINO_NO_SEAT;
  pos->claim_set = 0;
}

void
cassino_position_apply (CassinoPosition   *pos,
                        const CassinoMove *move,
                        CassinoUndo       *undo)
{
  const CassinoRules *r = pos->rules;
  guint seat = pos->to_move;
  guint side = cassino_rules_side_of (r, seat);
  guint n = r->n_players;
  CassinoCard card = move->card;
  gboolean last_play;
  CassinoCards claim = 0;
  gboolean all_empty = TRUE;
  gboolean swept = FALSE;

  if (undo)
    memcpy (&undo->before, pos, sizeof *pos);

  if (move->type == CASSINO_MOVE_CLAIM)
    {
      pos->piles[side] |= move->set;
      remove_from_table (pos, move->set);
      pos->claim_seat = CASSINO_NO_SEAT;
      pos->claim_set = 0;
      return;
    }

  last_play = cassino_position_is_last_play (pos);
  pos->claim_seat = CASSINO_NO_SEAT;
  pos->claim_set = 0;

  switch (move->type)
    {
    case CASSINO_MOVE_TRAIL:
      if (r->cassino_call && !last_play && !cassino_position_table_empty (pos))
        claim = best_capture (pos, seat, card);
      pos->hands[seat] &= ~CASSINO_CARD_BIT (card);
      pos->loose |= CASSINO_CARD_BIT (card);
      pos->pile_top = card;
      break;

    case CASSINO_MOVE_CAPTURE:
      if (capture_is_sweep (pos, move, last_play))
        {
          guint points = r->family ? cassino_position_sweep_value (pos, move) : 1;

          pos->sweeps[side]++;
          pos->sweep_points[side] = (guint16) MIN (pos->sweep_points[side] + points, G_MAXUINT16);
          swept = TRUE;
        }
      pos->hands[seat] &= ~CASSINO_CARD_BIT (card);
      remove_from_table (pos, move->set);
      pos->piles[side] |= move->set | CASSINO_CARD_BIT (card);
      pos->last_capturer = seat;
      if (cassino_position_table_empty (pos))
        pos->pile_top = CASSINO_NO_CARD;
      break;

    case CASSINO_MOVE_BUILD:
      pos->hands[seat] &= ~CASSINO_CARD_BIT (card);
      remove_from_table (pos, move->set);
      add_build (pos, move->set | CASSINO_CARD_BIT (card), move->value, seat,
                 (move->flags & CASSINO_MOVE_FLAG_MULTIPLE) != 0);
      break;

    default:
      g_assert_not_reached ();
    }

  pos->last_played_court = CASSINO_CARD_RANK (card) > 10;
  pos->last_player = seat;
  pos->plays++;

  if (r->draw_after_play && pos->stock_pos < pos->deck_len)
    pos->hands[seat] |= CASSINO_CARD_BIT (pos->deck[pos->stock_pos++]);

  pos->to_move = (seat + 1) % n;

  if (swept && r->sweep_ends_deal)
    {
      /* family.md §2: the deal ends at once; hands and stock out of play */
      for (guint i = 0; i < n; i++)
        {
          pos->out_of_play |= pos->hands[i];
          pos->hands[i] = 0;
        }
      while (pos->stock_pos < pos->deck_len)
        pos->out_of_play |= CASSINO_CARD_BIT (pos->deck[pos->stock_pos++]);
    }

  if (claim)
    {
      guint next = pos->to_move;

      if (cassino_rules_side_of (r, next) != side)
        {
          pos->claim_seat = next;
          pos->claim_card = card;
          pos->claim_set = claim | CASSINO_CARD_BIT (card);
        }
    }

  for (guint i = 0; i < n; i++)
    if (pos->hands[i])
      {
        all_empty = FALSE;
        break;
      }

  if (all_empty)
    {
      if (pos->stock_pos < pos->deck_len && !r->draw_after_play)
        {
          pos->hand_number++;
          if (r->family)
            deal_hand_family (pos, FALSE);
          else
            deal_hand (pos, FALSE);
        }
      else
        end_deal (pos);
    }
}

void
cassino_position_undo (CassinoPosition   *pos,
                       const CassinoUndo *undo)
{
  memcpy (pos, &undo->before, sizeof *pos);
}

/* Notation */

char *
cassino_move_to_notation (const CassinoMove *move)
{
  GString *s = g_string_new (NULL);
  CassinoCard card;

  switch (move->type)
    {
    case CASSINO_MOVE_TRAIL:
      g_string_append (s, cassino_card_to_string (move->card));
      break;
    case CASSINO_MOVE_CAPTURE:
      g_string_append (s, cassino_card_to_string (move->card));
      g_string_append (s, " x");
      CASSINO_CARDS_FOREACH (card, move->set)
        g_string_append_printf (s, " %s", cassino_card_to_string (card));
      if (move->flags & CASSINO_MOVE_FLAG_SWEEP)
        g_string_append (s, " #");
      break;
    case CASSINO_MOVE_BUILD:
      g_string_append_printf (s, "%s %c%u", cassino_card_to_string (move->card),
                              (move->flags & CASSINO_MOVE_FLAG_MULTIPLE) ? 'm' : 'b',
                              move->value);
      CASSINO_CARDS_FOREACH (card, move->set)
        g_string_append_printf (s, " %s", cassino_card_to_string (card));
      break;
    case CASSINO_MOVE_CLAIM:
      g_string_append_printf (s, "claim %s x", cassino_card_to_string (move->card));
      CASSINO_CARDS_FOREACH (card, move->set & ~CASSINO_CARD_BIT (move->card))
        g_string_append_printf (s, " %s", cassino_card_to_string (card));
      break;
    default:
      g_assert_not_reached ();
    }
  return g_string_free (s, FALSE);
}

static gboolean
notation_error (GError     **error,
                const char  *text,
                const char  *why)
{
  g_autofree char *quoted = cassino_input_excerpt (text, -1);

  g_set_error (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_NOTATION,
               "“%s”: %s", quoted, why);
  return FALSE;
}

gboolean
cassino_move_parse_notation (const char   *text,
                             CassinoMove  *out_move,
                             GError      **error)
{
  g_auto(GStrv) tokens = NULL;
  guint n = 0;
  guint i = 0;
  CassinoMove m = { 0 };
  gboolean claim = FALSE;

  if (text == NULL)
    return notation_error (error, "", "empty move");

  tokens = g_strsplit_set (text, " \t\r\n", -1);
  /* squeeze out the empty words of repeated spaces */
  for (guint k = 0; tokens[k]; k++)
    {
      if (tokens[k][0] != '\0')
        tokens[n++] = tokens[k];
      else
        g_free (tokens[k]);
    }
  tokens[n] = NULL;

  if (n == 0)
    return notation_error (error, text, "empty move");

  if (g_ascii_strcasecmp (tokens[0], "claim") == 0)
    {
      claim = TRUE;
      i = 1;
    }

  if (i >= n)
    return notation_error (error, text, "the card played is missing");
  {
    const char *end;
    CassinoCard card;

    if (!cassino_card_parse (tokens[i], &card, &end) || *end != '\0')
      return notation_error (error, text, "the first word must be a card such as 7h");
    m.card = card;
    i++;
  }

  if (i == n)
    {
      if (claim)
        return notation_error (error, text, "a claim needs “x” and the cards claimed");
      m.type = CASSINO_MOVE_TRAIL;
      *out_move = m;
      return TRUE;
    }

  if (g_ascii_strcasecmp (tokens[i], "x") == 0)
    m.type = claim ? CASSINO_MOVE_CLAIM : CASSINO_MOVE_CAPTURE;
  else if (!claim && (tokens[i][0] == 'b' || tokens[i][0] == 'm' ||
                      tokens[i][0] == 'B' || tokens[i][0] == 'M'))
    {
      guint64 v;

      if (!g_ascii_string_to_unsigned (tokens[i] + 1, 10, 1, 16, &v, NULL))
        return notation_error (error, text, "a build is written b<value> or m<value>, e.g. b8");
      m.type = CASSINO_MOVE_BUILD;
      m.value = (guint8) v;
      if (g_ascii_tolower (tokens[i][0]) == 'm')
        m.flags |= CASSINO_MOVE_FLAG_MULTIPLE;
    }
  else
    return notation_error (error, text, "expected “x” (capture) or b<value>/m<value> (build) after the card");
  i++;

  for (; i < n; i++)
    {
      CassinoCard card;
      const char *end;

      if (m.type == CASSINO_MOVE_CAPTURE && strcmp (tokens[i], "#") == 0 && i == n - 1)
        {
          m.flags |= CASSINO_MOVE_FLAG_SWEEP;
          break;
        }
      if (!cassino_card_parse (tokens[i], &card, &end) || *end != '\0')
        return notation_error (error, text, "not a card in the list of table cards");
      if (card == m.card || (m.set & CASSINO_CARD_BIT (card)))
        return notation_error (error, text, "a card is named twice");
      m.set |= CASSINO_CARD_BIT (card);
    }

  if (m.set == 0)
    return notation_error (error, text, "no table cards are named");
  if (m.type == CASSINO_MOVE_CLAIM)
    m.set |= CASSINO_CARD_BIT (m.card);

  *out_move = m;
  return TRUE;
}

char *
cassino_move_to_json (const CassinoMove *move)
{
  GString *s = g_string_new (NULL);
  CassinoCard card;
  gboolean first = TRUE;
  static const char *type_names[] = { "trail", "capture", "build", "claim" };

  g_string_append_printf (s, "{\"play\": \"%s\", \"type\": \"%s\"",
                          cassino_card_to_string (move->card),
                          type_names[move->type]);
  switch (move->type)
    {
    case CASSINO_MOVE_TRAIL:
      break;
    case CASSINO_MOVE_CAPTURE:
    case CASSINO_MOVE_CLAIM:
      g_string_append (s, ", \"take\": [");
      CASSINO_CARDS_FOREACH (card, move->set)
        {
          g_string_append_printf (s, "%s\"%s\"", first ? "" : ", ", cassino_card_to_string (card));
          first = FALSE;
        }
      g_string_append (s, "]");
      if (move->type == CASSINO_MOVE_CAPTURE)
        g_string_append_printf (s, ", \"sweep\": %s",
                                (move->flags & CASSINO_MOVE_FLAG_SWEEP) ? "true" : "false");
      break;
    case CASSINO_MOVE_BUILD:
      g_string_append_printf (s, ", \"value\": %u, \"use\": [", move->value);
      CASSINO_CARDS_FOREACH (card, move->set)
        {
          g_string_append_printf (s, "%s\"%s\"", first ? "" : ", ", cassino_card_to_string (card));
          first = FALSE;
        }
      g_string_append_printf (s, "], \"multiple\": %s",
                              (move->flags & CASSINO_MOVE_FLAG_MULTIPLE) ? "true" : "false");
      break;
    default:
      g_assert_not_reached ();
    }
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}
