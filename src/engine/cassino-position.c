/* cassino-position.c: dealing, legal moves (rules.md §4), applying moves
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <stdlib.h>

#include "cassino-position.h"

G_DEFINE_QUARK (cassino-position-error-quark, cassino_position_error)

/* Move lists */

void
cassino_move_list_init (CassinoMoveList *list)
{
  list->moves = list->inline_moves;
  list->len = 0;
  list->alloc = G_N_ELEMENTS (list->inline_moves);
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
  CassinoCards  inline_items[32];
} SetList;

static void
set_list_init (SetList *l)
{
  l->items = l->inline_items;
  l->len = 0;
  l->alloc = G_N_ELEMENTS (l->inline_items);
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

static void
set_list_sort_unique (SetList *l)
{
  guint j = 0;

  if (l->len < 2)
    return;
  qsort (l->items, l->len, sizeof (CassinoCards), compare_u64);
  for (guint i = 1; i < l->len; i++)
    if (l->items[i] != l->items[j])
      l->items[++j] = l->items[i];
  l->len = j + 1;
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

  deal_hand (pos, TRUE);
}

gboolean
cassino_position_is_last_play (const CassinoPosition *pos)
{
  guint in_hands = 0;

  if (cassino_position_stock_count (pos) > 0)
    return FALSE;
  for (guint i = 0; i < pos->rules->n_players; i++)
    in_hands += cassino_cards_count (pos->hands[i]);
  return in_hands == 1;
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

static void
sums_dfs (const Summand *s,
          guint          n,
          guint          i,
          guint          remaining,
          CassinoCards   mask,
          guint          count,
          guint          max_builds,
          SetList       *out)
{
  for (guint j = i; j < n; j++)
    {
      guint32 vals = s[j].values;
      guint builds_left = max_builds;

      if ((guint) __builtin_ctz (vals) > remaining)
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
          else
            sums_dfs (s, n, j + 1, remaining - w, mask | s[j].mask, count + 1,
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
  g->have_sums = g->have_bsums = g->have_extras = 0;

  g->n_loose = 0;
  CASSINO_CARDS_FOREACH (card, pos->loose & r->numeric_cards)
    {
      Summand *s = &g->loose[g->n_loose++];

      s->mask = CASSINO_CARD_BIT (card);
      s->values = r->card_values[card];
      s->is_build = FALSE;
    }
  qsort (g->loose, g->n_loose, sizeof (Summand), compare_summands);

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
      qsort (g->with_builds, g->n_with_builds, sizeof (Summand), compare_summands);
    }
}

static void
gen_clear (Gen *g)
{
  for (guint v = 0; v <= 16; v++)
    {
      if (g->have_sums & (1u << v))
        set_list_clear (&g->sums[v]);
      if (g->have_bsums & (1u << v))
        set_list_clear (&g->bsums[v]);
      if (g->have_extras & (1u << v))
        set_list_clear (&g->extras[v]);
    }
}

/* Loose-only sums of two or more cards to @v. */
static const SetList *
gen_sums (Gen   *g,
          guint  v)
{
  if (!(g->have_sums & (1u << v)))
    {
      set_list_init (&g->sums[v]);
      sums_dfs (g->loose, g->n_loose, 0, v, 0, 0, 0, &g->sums[v]);
      set_list_sort_unique (&g->sums[v]);
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
      sums_dfs (g->with_builds, g->n_with_builds, 0, v, 0, 0, CASSINO_MAX_BUILDS, &g->bsums[v]);
      set_list_sort_unique (&g->bsums[v]);
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

/* Every union of disjoint groups from @groups (from @i on), added to @out. */
static void
unions_dfs (const CassinoCards *groups,
            guint               n,
            guint               i,
            CassinoCards        used,
            SetList            *out)
{
  for (guint j = i; j < n; j++)
    if (!(groups[j] & used))
      {
        CassinoCards u = used | groups[j];

        set_list_add (out, u);
        unions_dfs (groups, n, j + 1, u, out);
      }
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

static void
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
        unions_dfs (groups, n_groups, 0, 0, &takes);
      if (groups != groups_inline)
        g_free (groups);

      /* emit per value so the value field is meaningful; duplicates across
       * values are removed by the final sort */
      set_list_sort_unique (&takes);
      for (guint i = 0; i < takes.len; i++)
        emit_capture (g, card, takes.items[i], v, out);
      takes.len = 0;
    }

  set_list_clear (&takes);
}

static void
emit_build (Gen             *g,
            CassinoCard      card,
            guint            value,
            CassinoCards     use,
            gboolean         multiple,
            CassinoMoveList *out)
{
  CassinoMove *m;
  guint32 owned;

  /* §4.4 with the new build counted; builds merged into it are gone */
  owned = g->owned ? owned_values (g->pos, g->seat, use) : 0;
  owned |= 1u << value;
  if (!hand_covers (g->rules, g->hand & ~CASSINO_CARD_BIT (card), owned))
    return;

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

  sums_dfs (g->loose, g->n_loose, 0, t, 0, 1, 0, cores);   /* count starts at 1: one card is enough */

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
          sums_dfs (g->loose, g->n_loose, 0, t - b->value, 0, 1, 0, &rest);
          for (guint k = 0; k < rest.len; k++)
            set_list_add (cores, rest.items[k] | b->cards);
          set_list_clear (&rest);
        }
    }
  set_list_sort_unique (cores);
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
          SetList cores;
          const SetList *extras = NULL;
          SetList unions;

          targets &= targets - 1;

          set_list_init (&cores);
          gen_cores (g, V - vc, &cores);

          set_list_init (&unions);
          if (r->multiple_builds)
            {
              extras = gen_extras (g, V);
              if (extras->len > 0)
                unions_dfs (extras->items, extras->len, 0, 0, &unions);
            }

          for (guint i = 0; i < cores.len; i++)
            {
              CassinoCards core = cores.items[i];

              if (core != 0)
                emit_build (g, card, V, core, FALSE, out);
              for (guint k = 0; k < unions.len; k++)
                if (!(unions.items[k] & core))
                  emit_build (g, card, V, core | unions.items[k], TRUE, out);
            }

          set_list_clear (&unions);
          set_list_clear (&cores);
        }
    }
}

static int
move_compare_qsort (const void *a,
                    const void *b)
{
  return cassino_move_compare (a, b);
}

int
cassino_move_compare (const CassinoMove *a,
                      const CassinoMove *b)
{
  static const int type_order[] = { 1, 2, 3, 0 };  /* claim first */
  int c;

  if (a->type != b->type)
    return type_order[a->type] - type_order[b->type];
  if (a->card != b->card)
    return a->card < b->card ? -1 : 1;
  c = cassino_cards_compare (a->set, b->set);
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

gboolean
cassino_move_equal (const CassinoMove *a,
                    const CassinoMove *b)
{
  return a->type == b->type && cassino_move_compare (a, b) == 0;
}

void
cassino_position_legal_moves_for_hand (const CassinoPosition *pos,
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
  guint j;

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

  /* captures (§4.2) */
  if (!cassino_position_table_empty (pos))
    CASSINO_CARDS_FOREACH (card, hand)
      gen_captures_for_card (&g, card, out);

  /* builds (§4.3) */
  if (r->building && !cassino_position_table_empty (pos))
    CASSINO_CARDS_FOREACH (card, hand)
      gen_builds_for_card (&g, card, out);

  gen_clear (&g);

  /* canonical order, each distinct move once */
  if (out->len - first > 1)
    {
      qsort (out->moves + first, out->len - first, sizeof (CassinoMove), move_compare_qsort);
      j = first;
      for (guint i = first + 1; i < out->len; i++)
        if (cassino_move_compare (&out->moves[i], &out->moves[j]) != 0)
          out->moves[++j] = out->moves[i];
      out->len = j + 1;
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
  gboolean found = FALSE;

  if (pos->deal_over)
    return FALSE;
  if (move->type != CASSINO_MOVE_CLAIM &&
      (move->card >= CASSINO_N_CARDS ||
       !(pos->hands[pos->to_move] & CASSINO_CARD_BIT (move->card))))
    return FALSE;

  cassino_move_list_init (&list);
  cassino_position_legal_moves (pos, &list);
  for (guint i = 0; i < list.len && !found; i++)
    if (list.moves[i].type == move->type &&
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
      break;

    case CASSINO_MOVE_CAPTURE:
      pos->hands[seat] &= ~CASSINO_CARD_BIT (card);
      remove_from_table (pos, move->set);
      pos->piles[side] |= move->set | CASSINO_CARD_BIT (card);
      pos->last_capturer = seat;
      if (cassino_position_table_empty (pos) && r->sweeps &&
          !(last_play && !r->sweep_on_last_play))
        pos->sweeps[side]++;
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
  g_set_error (error, CASSINO_POSITION_ERROR, CASSINO_POSITION_ERROR_NOTATION,
               "“%s”: %s", text, why);
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

  tokens = g_strsplit_set (text, " \t", -1);
  /* squeeze empty tokens */
  for (guint k = 0; tokens[k]; k++)
    if (tokens[k][0] != '\0')
      {
        char *t = tokens[k];

        tokens[k] = NULL;
        tokens[n++] = t;
      }
  for (guint k = n; tokens[k]; k++)
    ;
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
