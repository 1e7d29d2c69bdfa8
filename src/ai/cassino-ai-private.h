/* cassino-ai-private.h: the computer players' parts, shared inside src/ai/;
 * how the levels play, from beginner to master, and hints:
 *
 * Every level sees only a CassinoView: its own hand, the table, the piles,
 * the counts of the other hands and the stock, and the set of cards it has
 * not seen.
 *
 * - beginner and easy judge a move by what it takes now (static card
 *   values); beginner slips now and then.
 * - medium counts cards: a card is worth its named points plus what it
 *   adds to "most cards" / "most spades" as the counts stand in this deal
 *   (values_init_counting); a move is worth what it takes, minus what the
 *   next opponent can expect to take after it over the unseen cards (a
 *   build it owns is a sure take), plus part of what the seat can take next
 *   with the cards it keeps (expected_reply, medium_value).
 * - hard and expert deal the unseen cards at random (determinization),
 *   play every candidate move on the same sampled deals for a few plies
 *   with a one-ply policy that sees the sampled hands, and judge the cut
 *   with evaluate_cut() (named points, sweeps, the expected "most"
 *   categories, builds credited to their owners); the best mean wins
 *   (perfect-information Monte Carlo with short playouts: full playouts to
 *   the end of the deal were measured to be too noisy).  Expert samples
 *   more, looks at more candidates and, once it can see every card left
 *   (the last hand of a two-sided deal), solves the rest exactly.
 * - master is the same search on a budget (time in the app, sampled deals
 *   in the CLI): every legal move a candidate (the MASTER_CANDIDATES best
 *   by the one-ply judgement on a crowded table), the weaker half dropped
 *   every MASTER_HALVING deals, playouts to the end of the hand, and once
 *   the stock is out every sampled deal solved exactly (the last hand of
 *   three or more players).  Hints are master's search.
 * - from medium up, a move that another legal move with the same card
 *   dominates is never made (drop_dominated()).
 * - the sampled deals are consistent with what the seat has seen: the
 *   owner of a build holds a card that takes it, and the plays the others
 *   made in this hand weigh the deals (a player who trailed while a card
 *   it might hold could have taken points probably does not hold that
 *   card: Inference, sample_consistent()).  A seat shown as the easy
 *   computer is read exactly: a deal in which it would have played
 *   otherwise is all but ruled out (EASY_OTHER_PLAY_ODDS).  Measured:
 *   knowing the other hand outright is worth about two points a deal
 *   against easy, and this reading wins back a third of a point of it.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cassino-ai.h"
#include "cassino-rng.h"

G_BEGIN_DECLS

/* Tuning constants (measured with cassino-cli simulate; BENCHMARKS.md) */

#define MOST_SIGMA_SLOPE   0.8f   /* spread of a "most" race: slope * sqrt(cards left) + base */
#define MOST_SIGMA_BASE    1.0f
#define PARTNER_SHARE      0.5f   /* a partner's capture next, as a share of one's own */
#define POLICY_FOLLOW      0.5f   /* playouts: weight of what the mover can take next */
#define MEDIUM_FOLLOW      0.6f   /* medium: weight of what the seat can take next */
#define HARD_SAMPLES       16
#define EXPERT_SAMPLES     48
#define HARD_CANDIDATES    6
#define EXPERT_CANDIDATES  10

/* hints: the expert's search with more sampled deals and every candidate
 * searched; sampling noise then no longer decides near ties (a 48-deal
 * search now and then preferred trailing an ace to a worthless ten).  A
 * time limit stops it only after the expert's own number of deals. */
#define HINT_SAMPLES       1024
#define HINT_CANDIDATES    32

/* master: sampled deals without a time limit (the CLI's default), the
 * most it samples within a time limit, how often the weakest half of the
 * candidates is dropped, and the solver's limits: nodes for one sampled
 * deal (every candidate) before playouts take over, and for a deal where
 * every card is known */
#define MASTER_CANDIDATES  64     /* choosable moves searched, best first by the one-ply judgement */
#define MASTER_SAMPLES     320
#define MASTER_MAX_SAMPLES 100000
#define MASTER_HALVING     64
#define MASTER_MIN_ACTIVE  3
#define MASTER_EXACT_NODES 60000
#define MASTER_SOLVE_NODES 8000000
#define MASTER_EXACT_TOTAL 3000000
/* the same for hints and the review's evaluations without a time limit
 * (a review judges every decision of a game) */
#define MASTER_EXACT_HINT  600000
#define PRIOR_PULL         0.05   /* search: pull of the one-ply judgement on near ties */
#define HORIZON_PER_SEAT   2      /* playout plies per player before the cut */
#define HORIZON_HAND_END   G_MAXUINT  /* playouts to the end of the hand (master) */
#define INFERENCE_SKILL    4.0f   /* how surely the others take what is worth taking */
#define INFERENCE_TRIES    32     /* sampled deals tried for each one kept */

/* Card values: what capturing a card is worth */

typedef struct {
  const CassinoRules *rules;
  float               card[CASSINO_N_CARDS];  /* points for capturing it */
  float               sweep;
} Values;

static inline float
values_of (const Values *v,
           CassinoCards  set)
{
  float total = 0;
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, set)
    total += v->card[c];
  return total;
}

/* What a move takes now, for the counting levels. */
static inline float
taken_now (const Values      *v,
           const CassinoMove *m)
{
  switch (m->type)
    {
    case CASSINO_MOVE_CLAIM:
      return values_of (v, m->set);
    case CASSINO_MOVE_CAPTURE:
      return values_of (v, m->set | CASSINO_CARD_BIT (m->card)) +
             ((m->flags & CASSINO_MOVE_FLAG_SWEEP) ? v->sweep : 0);
    default:
      return 0;
    }
}

/* Sampling the unseen cards (determinization) */

/* Reading the others' plays.  A seat's hand now was dealt at the start of
 * this hand, so every play it made since then was made holding these
 * cards: a player who trailed while holding a card that could have taken
 * something worth having probably did not hold that card.  The plays of
 * the current hand are replayed (the table at the deal's start is every
 * card now on the table or in a pile that nobody played), and a sampled
 * deal is kept with the odds that the players would have made those plays
 * with the hands it gives them (exp (-SKILL × the value they left)). */

#define MAX_OBSERVATIONS 24

typedef struct {
  CassinoPosition before;    /* hands empty */
  guint8          seat;
  float           value;     /* what the play was worth to its player */
  gboolean        last_play;
  CassinoMove     move;
  guint           index;     /* its place in the deal's plays */
  CassinoCards    played_since;  /* the cards its seat played from it on */
} Observation;

typedef struct {
  const Values *v;
  const Values *plain;       /* the easy level's values */
  const gint8  *seat_levels; /* CassinoView.levels */
  float         skill;
  gboolean      check_legal; /* observed plays must be legal with the sampled hands */
  guint         n;
  Observation   obs[MAX_OBSERVATIONS];
} Inference;

/* A sampled deal that would have made an observed play illegal (a trail
 * while a forced capture was open, a build without a card to take it) is
 * all but ruled out: its odds are multiplied by this. */
#define ILLEGAL_PLAY_ODDS 1e-6f

/* A seat shown as the easy computer plays the move that takes most now
 * (ai_greedy_pick()), nothing else: its plays say exactly what it did not
 * hold — a trail, that every other card it held was of a higher rank —
 * and in a sampled deal its moves can be foreseen.  A sampled deal in
 * which it would have played otherwise keeps these odds (not nothing: the
 * replayed table does not know the stock, so a sweep's flag may differ). */
#define EASY_OTHER_PLAY_ODDS 1e-3f

/* Deal the unseen cards at random among the other hands and the stock,
 * consistently with what the seat knows: the owner of a build holds a
 * card that takes it (rejection sampling, so that the deals keep their
 * true odds; after many misses a taker is put into the hand). */
#define SAMPLE_TRIES 64

/* A candidate move of the root search: the one-ply judgement, and the sum
 * and number of its searched values */
typedef struct {
  CassinoMove move;
  float       prior;
  double      total;
  guint       n;
  gboolean    dominated;   /* kept only to be valued (an evaluation), never chosen */
} Candidate;

/* Exact solver for positions where every card left is known */

typedef struct {
  guint         side;
  guint64       nodes;
  guint64       max_nodes;
  gboolean      aborted;
  GCancellable *cancellable;
  gint64        deadline;   /* monotonic µs, 0: none */
  const Values *plain;      /* with seat_levels: a seat known to play the */
  const gint8  *seat_levels;/* easy level's way makes the easy level's move */
} Solver;

/* Root search */

/* cassino-ai-view.c: the view: what one seat can see, and its moves as far as it can tell */
void
ai_view_copy (CassinoView       *dest,
              const CassinoView *src);
gboolean
ai_view_is_perfect (const CassinoView *view);
gboolean
ai_view_is_last_play (const CassinoView *view);
void
ai_view_apply (const CassinoView *view,
               const CassinoMove *m,
               CassinoPosition   *after);

/* cassino-ai-eval.c: evaluation: what cards, moves and cut-off deals are worth */
float
ai_named_points (const CassinoRules *r,
                 CassinoCard         c);
void
ai_values_init (Values             *v,
                const CassinoRules *r);
void
ai_values_init_counting (Values             *v,
                         const CassinoRules *r,
                         const CassinoCards *piles,
                         guint               side);
float
ai_move_gain (const Values          *v,
              const CassinoPosition *pos,
              const CassinoMove     *m,
              gboolean               last_play);
float
ai_best_capture (const Values          *v,
                 const CassinoPosition *pos,
                 guint                  seat,
                 CassinoCards           hand,
                 gboolean               last_play,
                 CassinoMoveList       *scratch);
float
ai_evaluate_deal (const CassinoPosition *pos,
                  guint                  side);
float
ai_evaluate_cut (const CassinoPosition *pos,
                 guint                  side);
float
ai_expected_reply (const Values          *v,
                   const CassinoPosition *pos,
                   guint                  opp,
                   CassinoCards           unseen,
                   guint                  opp_hand,
                   CassinoMoveList       *scratch,
                   gboolean              *out_sweep_risk);
float
ai_medium_value (const Values      *v,
                 const CassinoView *view,
                 const CassinoMove *m,
                 CassinoMoveList   *scratch);

/* cassino-ai-sampling.c: sampling the unseen cards, weighted by what the others' plays reveal */
void
ai_inference_init (Inference         *inf,
                   const CassinoView *view,
                   const Values      *v,
                   const Values      *plain);
void
ai_sample_position (const CassinoView *view,
                    CassinoRng        *rng,
                    CassinoPosition   *out);
void
ai_sample_consistent (const CassinoView *view,
                      const Inference   *inf,
                      CassinoRng        *rng,
                      CassinoMoveList   *scratch,
                      CassinoPosition   *out);

/* cassino-ai-policy.c: the playout policy of the searching levels */
gboolean
ai_plays_greedy (const gint8 *seat_levels,
                 guint        seat);
guint
ai_greedy_pick (const Values          *plain,
                const CassinoPosition *pos,
                const CassinoMoveList *list,
                float                 *out_gain);
float
ai_greedy_move (const Values          *plain,
                const CassinoPosition *pos,
                guint                  seat,
                CassinoCards           hand,
                gboolean               last_play,
                CassinoMoveList       *scratch,
                CassinoMove           *out);
float
ai_playout (const Values    *v,
            const Values    *plain,
            const gint8     *seat_levels,
            CassinoPosition *pos,
            guint            side,
            guint            horizon);

/* cassino-ai-endgame.c: the exact solver, for deals where every card left is known */
gboolean
ai_solve_candidates (Solver                *s,
                     const CassinoPosition *pos,
                     const Candidate       *cands,
                     guint                  n_cands,
                     float                 *vals);

/* cassino-ai-search.c: the root search of every level: candidates, sampling, playouts, master's budget */
gboolean
ai_choose (const CassinoView     *view,
           CassinoLevel           level,
           gboolean               hint,
           const CassinoAiBudget *budget,
           guint64                seed,
           GCancellable          *cancellable,
           CassinoAiReason       *out,
           GArray                *all);

/* cassino-ai-reason.c: why a move was chosen, and the reason in words */
void
ai_fill_reason (const Values          *v,
                const CassinoView     *view,
                const CassinoMove     *m,
                CassinoAiReason       *reason);

G_END_DECLS
