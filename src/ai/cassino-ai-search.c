/* cassino-ai-search.c: the root search of every level: candidates, sampling, playouts, master's budget
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

static guint
default_iterations (CassinoLevel level)
{
  switch (level)
    {
    case CASSINO_LEVEL_HARD:
      return HARD_SAMPLES;
    case CASSINO_LEVEL_EXPERT:
      return EXPERT_SAMPLES;
    default:
      return 0;
    }
}

static guint
candidate_limit (CassinoLevel level,
                 gboolean     hint)
{
  if (hint)
    return HINT_CANDIDATES;
  return level == CASSINO_LEVEL_EXPERT ? EXPERT_CANDIDATES : HARD_CANDIDATES;
}

static int
compare_candidates (const void *a,
                    const void *b)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->dominated != y->dominated)
    return x->dominated ? 1 : -1;
  if (x->prior != y->prior)
    return x->prior > y->prior ? -1 : 1;
  return cassino_move_compare (&x->move, &y->move);
}

/* Candidates by their search mean (with the pull of the one-ply
 * judgement), best first. */
static int
compare_means (const void *a,
               const void *b)
{
  const Candidate *x = a;
  const Candidate *y = b;
  double mx = (x->n ? x->total / x->n : -G_MAXDOUBLE) + PRIOR_PULL * x->prior;
  double my = (y->n ? y->total / y->n : -G_MAXDOUBLE) + PRIOR_PULL * y->prior;

  if (mx != my)
    return mx > my ? -1 : 1;
  return cassino_move_compare (&x->move, &y->move);
}

/* Whether move @b does everything @a does and more, with the same card:
 * a capture that takes a strict superset, the extra cards all loose (the
 * same builds taken); or a build of the same value that also merges
 * whole builds of that value which the seat's side owns (rules.md §3). */
static gboolean
move_dominates (const CassinoPosition *pos,
                guint                  seat,
                const CassinoMove     *b,
                const CassinoMove     *a)
{
  const CassinoRules *r = pos->rules;
  CassinoCards extra;

  if (a->type != b->type || a->card != b->card || (a->set & ~b->set) || a->set == b->set)
    return FALSE;
  extra = b->set & ~a->set;
  switch (a->type)
    {
    case CASSINO_MOVE_CAPTURE:
      return (extra & ~pos->loose) == 0;
    case CASSINO_MOVE_BUILD:
      if (a->value != b->value)
        return FALSE;
      for (guint i = 0; i < pos->n_builds; i++)
        {
          const CassinoBuild *bd = &pos->builds[i];
          CassinoCards in = extra & bd->cards;

          if (!in)
            continue;
          if (in != bd->cards || bd->value != a->value || bd->owner < 0 ||
              cassino_rules_side_of (r, (guint) bd->owner) != cassino_rules_side_of (r, seat))
            return FALSE;
          extra &= ~bd->cards;
        }
      return extra == 0;
    default:
      return FALSE;
    }
}

/* Drop the moves another legal move dominates (move_dominates()): taking
 * less than the same card could take, or a second build of a value the
 * side already owns instead of merging it.  Taking more never leaves the
 * next player more to take, and a merged build cannot be raised, so the
 * dominated move is never better; keeping it would only let move ordering
 * or sampling noise choose it. */
static void
drop_dominated (const CassinoPosition *pos,
                guint                  seat,
                CassinoMoveList       *list,
                gboolean              *out_dominated)
{
  guint n = 0;

  for (guint i = 0; i < list->len; i++)
    {
      gboolean dominated = FALSE;

      for (guint j = 0; j < list->len && !dominated; j++)
        dominated = j != i && move_dominates (pos, seat, &list->moves[j], &list->moves[i]);
      if (out_dominated)
        out_dominated[i] = dominated;   /* kept, marked */
      else if (!dominated)
        list->moves[n++] = list->moves[i];
    }
  if (!out_dominated)
    list->len = n;
}

/* The moves a level judges at most.  A crowded table (twenty loose cards:
 * 174,060 legal moves, most of them one ten taking a different handful)
 * made the dominance check above, which compares every move with every
 * other, take minutes.  Past this many, each card and kind of move keeps
 * its share, those that take the most cards first: a move taking fewer
 * cards with the same card is the one another move can dominate, and a
 * move taking more never is. */
#define AI_MAX_MOVES 2048

typedef struct {
  guint  index;
  guint  group;    /* card and kind of move */
  guint  n_cards;
} Ranked;

static int
compare_ranked (gconstpointer a,
                gconstpointer b)
{
  const Ranked *x = a, *y = b;

  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  if (x->n_cards != y->n_cards)
    return x->n_cards > y->n_cards ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

static int
compare_index (gconstpointer a,
               gconstpointer b)
{
  const Ranked *x = a, *y = b;

  return x->index < y->index ? -1 : x->index > y->index;
}

/* Keep at most about AI_MAX_MOVES of @list (every group's share, at least
 * one move of each card and kind), in the list's order. */
static void
keep_largest (CassinoMoveList *list)
{
  Ranked *ranked;
  guint n_groups = 0, share, n = 0, kept = 0;

  if (list->len <= AI_MAX_MOVES)
    return;
  ranked = g_new (Ranked, list->len);
  for (guint i = 0; i < list->len; i++)
    {
      const CassinoMove *m = &list->moves[i];

      ranked[i] = (Ranked) { i, (guint) m->card * 8 + (guint) m->type, cassino_cards_count (m->set) };
    }
  qsort (ranked, list->len, sizeof *ranked, compare_ranked);
  for (guint i = 0; i < list->len; i++)
    n_groups += i == 0 || ranked[i].group != ranked[i - 1].group;
  share = MAX (AI_MAX_MOVES / n_groups, 1);
  for (guint i = 0; i < list->len; i++)
    {
      n = (i == 0 || ranked[i].group != ranked[i - 1].group) ? 0 : n + 1;
      if (n < share)
        ranked[kept++] = ranked[i];
    }
  qsort (ranked, kept, sizeof *ranked, compare_index);
  for (guint i = 0; i < kept; i++)
    list->moves[i] = list->moves[ranked[i].index];
  list->len = kept;
  g_free (ranked);
}

/* moves an evaluation does not search: the first is the choice, the rest
 * are never played (a Cassino! claim is always taken) */
static void
append_values (GArray            *all,
               const CassinoMove *moves,
               guint              n,
               guint              chosen)
{
  for (guint i = 0; i < n; i++)
    g_array_append_vals (all, &(CassinoAiMoveValue) { moves[i], i < chosen ? 0.0 : -G_MAXDOUBLE }, 1);
}

gboolean
ai_choose (const CassinoView     *view,
           CassinoLevel           level,
           gboolean               hint,
           const CassinoAiBudget *budget,
           guint64                seed,
           GCancellable          *cancellable,
           CassinoAiReason       *out,
           GArray                *all)
{
  const CassinoPosition *pos = &view->pos;
  const CassinoRules *r = pos->rules;
  guint side = cassino_rules_side_of (r, view->seat);
  CassinoMoveList list, scratch;
  Values v, counting;
  CassinoRng rng;
  gint64 start = g_get_monotonic_time ();
  Candidate *cands = NULL;
  guint n_cands, n_choosable = 0;
  gboolean *dominated;
  guint best = 0;
  guint iterations = 0;
  gboolean ok = TRUE;

  ai_values_init (&v, r);
  ai_values_init_counting (&counting, r, pos->piles, side);
  cassino_rng_init (&rng, seed ^ G_GUINT64_CONSTANT (0x5ca1ab1e));
  memset (out, 0, sizeof *out);

  cassino_move_list_init (&list);
  cassino_move_list_init (&scratch);
  cassino_position_legal_moves_for_hand (pos, view->seat, pos->hands[view->seat],
                                         ai_view_is_last_play (view), &list);
  if (list.len == 0)
    {
      cassino_move_list_clear (&list);
      return FALSE;
    }

  if (level >= CASSINO_LEVEL_MEDIUM)
    keep_largest (&list);
  /* an evaluation values the dominated moves too, but never chooses one */
  dominated = g_new0 (gboolean, list.len);
  if (level >= CASSINO_LEVEL_MEDIUM)
    drop_dominated (pos, view->seat, &list, all ? dominated : NULL);

  /* a Cassino! claim is free cards: always take it */
  if (list.moves[0].type == CASSINO_MOVE_CLAIM || list.len == 1)
    {
      ai_fill_reason (&v, view, &list.moves[0], out);
      if (all)
        append_values (all, list.moves, list.len, 1);
      cassino_move_list_clear (&list);
      g_free (dominated);
      return TRUE;
    }

  n_cands = list.len;
  cands = g_new0 (Candidate, n_cands);
  for (guint i = 0; i < n_cands; i++)
    {
      cands[i].move = list.moves[i];
      cands[i].dominated = dominated[i];
      n_choosable += !dominated[i];
      switch (level)
        {
        case CASSINO_LEVEL_BEGINNER:
        case CASSINO_LEVEL_EASY:
          cands[i].prior = ai_move_gain (&v, pos, &list.moves[i], FALSE);
          break;
        default:
          cands[i].prior = ai_medium_value (&counting, view, &list.moves[i], &scratch);
          break;
        }
    }
  cassino_move_list_clear (&list);
  cassino_move_list_clear (&scratch);
  g_free (dominated);
  /* best first by the one-ply judgement, dominated moves last */
  qsort (cands, n_cands, sizeof (Candidate), compare_candidates);

  switch (level)
    {
    case CASSINO_LEVEL_BEGINNER:
      {
        /* human-like slips: now and then a random move, or a capture missed */
        double roll = cassino_rng_double (&rng);

        if (roll < 0.25)
          best = cassino_rng_below (&rng, n_cands);
        else if (roll < 0.45 && n_cands > 1)
          best = 1 + cassino_rng_below (&rng, MIN (n_cands - 1, 3));
        else
          best = 0;
        out->value = cands[best].prior;
      }
      break;

    case CASSINO_LEVEL_EASY:
    case CASSINO_LEVEL_MEDIUM:
      best = 0;
      out->value = cands[0].prior;
      for (guint i = 0; all && i < n_cands; i++)
        g_array_append_vals (all, &(CassinoAiMoveValue) { cands[i].move, cands[i].prior }, 1);
      break;

    case CASSINO_LEVEL_HARD:
    case CASSINO_LEVEL_EXPERT:
    case CASSINO_LEVEL_MASTER:
    default:
      {
        gboolean master = level == CASSINO_LEVEL_MASTER;
        /* an evaluation searches every move, and chooses among those the
         * level would search: its choice is the level's (the hint's) */
        guint choose_limit = MIN (n_choosable, master ? MASTER_CANDIDATES : candidate_limit (level, hint));
        guint limit = all ? n_cands : choose_limit;
        guint time_ms = budget ? budget->time_ms : 0;
        guint max_iter = budget && budget->iterations ? budget->iterations :
                         hint ? HINT_SAMPLES :
                         master ? (time_ms ? MASTER_MAX_SAMPLES : MASTER_SAMPLES) :
                         default_iterations (level);
        /* a hint is never a shallower search than the expert's move */
        guint min_iter = hint ? MIN (max_iter, EXPERT_SAMPLES) : 1;
        /* master stops with a tenth of its time to spare (the reason, the
         * thread); the others at the limit */
        gint64 deadline = time_ms ? start + (gint64) time_ms * (master ? 900 : 1000) : 0;
        guint horizon = HORIZON_PER_SEAT * r->n_players;
        guint active = MIN (limit, n_cands);
        double pull = PRIOR_PULL;
        /* master solves every sampled deal exactly once the stock is out
         * (the last hand of three or more players), while that fits */
        gboolean exact_samples = master && view->stock_count == 0;
        guint64 exact_nodes = 0;
        Inference inf;
        float *vals;

        /* master plays every sampled deal out to the end of the hand,
         * where every hand is empty and the cut misses nothing held (not
         * where every play draws: no hand ends before the deal does) */
        if (master && !r->draw_after_play)
          horizon = HORIZON_HAND_END;
        vals = g_new (float, n_cands);

        if ((level == CASSINO_LEVEL_EXPERT || master) && ai_view_is_perfect (view))
          {
            /* exact: every card left is known */
            Solver s = { side, 0, master ? MASTER_SOLVE_NODES : 4000000, FALSE, cancellable,
                         time_ms ? start + (gint64) time_ms * 1000 * 2 / 3 : 0,
                         &v, view->levels };
            CassinoPosition exact;
            float best_val = -G_MAXFLOAT;

            ai_sample_position (view, &rng, &exact);
            if (ai_solve_candidates (&s, &exact, cands, n_cands, vals))
              {
                for (guint i = 0; i < n_cands; i++)
                  {
                    if (vals[i] > best_val && !cands[i].dominated)
                      {
                        best_val = vals[i];
                        best = i;
                      }
                    if (all)
                      g_array_append_vals (all, &(CassinoAiMoveValue) { cands[i].move, vals[i] }, 1);
                  }
                out->value = best_val;
                out->iterations = (guint) MIN (s.nodes, G_MAXUINT);
                g_free (vals);
                break;
              }
            if (g_cancellable_is_cancelled (cancellable))
              {
                ok = FALSE;
                g_free (vals);
                break;
              }
            /* too big to solve: fall back to sampling */
            for (guint i = 0; i < n_cands; i++)
              cands[i].total = cands[i].n = 0;
            best = 0;
            exact_samples = FALSE;
          }

        cassino_move_list_init (&scratch);
        ai_inference_init (&inf, view, &counting, &v);
        for (iterations = 0; iterations < max_iter; iterations++)
          {
            CassinoPosition sample;
            gboolean solved = FALSE;

            if (g_cancellable_is_cancelled (cancellable))
              {
                ok = FALSE;
                break;
              }
            if (deadline && iterations >= min_iter && g_get_monotonic_time () >= deadline)
              break;
            /* without a time limit, the exact samples stop at a number of
             * nodes (reproducible) */
            if (!deadline && iterations >= min_iter &&
                exact_nodes > (hint ? MASTER_EXACT_HINT : MASTER_EXACT_TOTAL))
              break;

            /* the same sampled deal for every candidate: fair comparison */
            ai_sample_consistent (view, &inf, &rng, &scratch, &sample);
            if (exact_samples)
              {
                Solver s = { side, 0, MASTER_EXACT_NODES, FALSE, cancellable, deadline,
                             &v, view->levels };

                solved = ai_solve_candidates (&s, &sample, cands, active, vals);
                exact_nodes += s.nodes;
                if (!solved)
                  {
                    if (s.nodes <= s.max_nodes)
                      {
                        /* cancelled or out of time: this deal does not count */
                        if (g_cancellable_is_cancelled (cancellable))
                          ok = FALSE;
                        break;
                      }
                    /* too big to solve in the budget: playouts from now on */
                    exact_samples = FALSE;
                  }
              }
            if (!solved)
              {
                gboolean late = FALSE;

                for (guint i = 0; i < active && !late; i++)
                  {
                    CassinoPosition p = sample;

                    cassino_position_apply (&p, &cands[i].move, NULL);
                    vals[i] = ai_playout (&counting, &v, view->levels, &p, side, horizon);
                    /* a deal not finished in time does not count, not
                     * even the first (on a crowded table one deal can take
                     * a second: then the one-ply judgement chooses) */
                    late = deadline && g_get_monotonic_time () >= deadline;
                  }
                if (late)
                  break;
              }
            for (guint i = 0; i < active; i++)
              {
                cands[i].total += vals[i];
                cands[i].n++;
              }

            /* master: now and then the weaker half of the candidates is
             * dropped, and its samples go to the rest */
            if (master && !hint && (iterations + 1) % MASTER_HALVING == 0 &&
                active > MASTER_MIN_ACTIVE)
              {
                guint keep = MAX (MASTER_MIN_ACTIVE, (active + 1) / 2);

                qsort (cands, active, sizeof (Candidate), compare_means);
                active = keep;
              }
          }

        cassino_move_list_clear (&scratch);
        g_free (vals);
        if (ok && cands[0].n == 0)
          {
            /* not one deal in the time: the one-ply judgement */
            best = 0;
            out->value = cands[0].prior;
            out->iterations = 0;
          }
        else if (ok)
          {
            double best_mean = -G_MAXDOUBLE;

            for (guint i = 0; i < active; i++)
              {
                /* a small pull towards the heuristic breaks near-ties sensibly */
                double mean = cands[i].n ? cands[i].total / cands[i].n : -G_MAXDOUBLE;

                mean += pull * cands[i].prior;
                if (all)
                  g_array_append_vals (all, &(CassinoAiMoveValue) { cands[i].move, mean }, 1);
                if (mean > best_mean && i < choose_limit)
                  {
                    best_mean = mean;
                    best = i;
                  }
              }
            out->value = best_mean;
            out->iterations = iterations;
          }
      }
      break;
    }

  if (ok)
    {
      double value = out->value;
      guint iters = out->iterations;

      ai_fill_reason (&v, view, &cands[best].move, out);
      out->value = value;
      out->iterations = iters;
      out->elapsed_ms = (guint) ((g_get_monotonic_time () - start) / 1000);
    }
  g_free (cands);
  return ok;
}
