/* cassino-position.h: the state of a deal, legal moves, applying moves
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-card.h"
#include "cassino-rules.h"

G_BEGIN_DECLS

#define CASSINO_MAX_PLAYERS 6
#define CASSINO_MAX_SIDES   6
#define CASSINO_MAX_BUILDS  26   /* every build holds two cards or more */
#define CASSINO_NO_SEAT     ((gint8) -1)

#define CASSINO_POSITION_ERROR (cassino_position_error_quark ())
GQuark cassino_position_error_quark (void);

typedef enum {
  CASSINO_POSITION_ERROR_INVALID,
  CASSINO_POSITION_ERROR_ILLEGAL_MOVE,
  CASSINO_POSITION_ERROR_NOTATION,
} CassinoPositionError;

/* A build on the table (rules.md §3). */
typedef struct {
  CassinoCards cards;
  guint8       value;
  gint8        owner;      /* seat */
  guint8       multiple;
  guint8       _pad;
} CassinoBuild;

typedef enum {
  CASSINO_MOVE_TRAIL,
  CASSINO_MOVE_CAPTURE,
  CASSINO_MOVE_BUILD,
  CASSINO_MOVE_CLAIM,     /* the "Cassino!" claim of rules.md §4.5 */
} CassinoMoveType;

enum {
  CASSINO_MOVE_FLAG_MULTIPLE = 1 << 0,  /* build: the new build is multiple */
  CASSINO_MOVE_FLAG_SWEEP    = 1 << 1,  /* capture: scores a sweep */
};

/*
 * One move.  @set is the table cards a capture takes or a build uses (cards
 * of merged or increased builds included); for a claim, the table cards
 * claimed (the trailed card included).  @value is the new build's value; for
 * a capture it is informational (a value of the played card that makes it).
 */
typedef struct {
  CassinoCards set;
  guint8       type;
  CassinoCard  card;
  guint8       value;
  guint8       flags;
  guint32      _pad;
} CassinoMove;

typedef struct {
  CassinoMove *moves;
  guint        len;
  guint        alloc;
  /* Set when the table is so crowded that listing every distinct move
   * would take too long (more than CASSINO_MAX_MOVE_SETS ways to take or
   * build from one card): the list then holds a subset of the legal
   * moves.  Ordinary play never comes near it; see is_legal(). */
  gboolean     truncated;
  CassinoMove  inline_moves[64];
} CassinoMoveList;

#define CASSINO_MAX_MOVE_SETS 60000

void cassino_move_list_init  (CassinoMoveList *list);
void cassino_move_list_clear (CassinoMoveList *list);

/*
 * The state of one deal as every seat would see it if all cards were face
 * up.  Plain struct: copy it with assignment (copy-make) or use
 * apply()/undo().
 */
typedef struct {
  const CassinoRules *rules;

  CassinoCards  hands[CASSINO_MAX_PLAYERS];
  CassinoCards  loose;                   /* loose cards on the table */
  guint8        n_builds;
  CassinoBuild  builds[CASSINO_MAX_BUILDS];
  CassinoCards  piles[CASSINO_MAX_SIDES];
  guint8        sweeps[CASSINO_MAX_SIDES];
  /* what the sweeps are worth when the scoring values them one by one
   * (family.md §2: a xeri 10 or 20, a Tablanette sweep (groups + 1) × v) */
  guint16       sweep_points[CASSINO_MAX_SIDES];

  /* capture_mode "pile": the top card of the stack in @loose */
  CassinoCard   pile_top;
  /* sweep_ends_deal: hands and stock left unplayed, out of play */
  CassinoCards  out_of_play;

  guint8        deck[CASSINO_N_CARDS];   /* the shuffled deck, top first */
  guint8        deck_len;
  guint8        stock_pos;               /* next card to deal from deck */

  guint8        dealer;
  guint8        to_move;
  gint8         last_capturer;           /* seat, or CASSINO_NO_SEAT */
  guint8        last_played_court;       /* the last card played was a court */
  gint8         last_player;             /* seat that played last */
  guint8        plays;                   /* plays made in this deal */
  guint8        hand_number;             /* 0 = first hand */
  guint8        deal_over;

  /* Set when the deal ends: the table cards that went to a side at the end
   * (rules.md §5) and that side, or -1 when they went out of play. */
  CassinoCards  last_cards;
  gint8         last_cards_side;

  /* rules.md §4.5: a trail that could have captured, open to a claim by
   * @claim_seat before it plays. */
  gint8         claim_seat;
  CassinoCard   claim_card;              /* the trailed card */
  CassinoCards  claim_set;               /* what may be claimed, claim_card included */
} CassinoPosition;

/* Start a deal: hands and table from @deck (@deck_len cards, top first). */
void      cassino_position_deal        (CassinoPosition    *pos,
                                        const CassinoRules *rules,
                                        const guint8       *deck,
                                        guint               deck_len,
                                        guint               dealer);

/* Table helpers */
static inline CassinoCards
cassino_position_table_cards (const CassinoPosition *pos)
{
  CassinoCards all = pos->loose;
  for (guint i = 0; i < pos->n_builds; i++)
    all |= pos->builds[i].cards;
  return all;
}

static inline gboolean
cassino_position_table_empty (const CassinoPosition *pos)
{
  return pos->loose == 0 && pos->n_builds == 0;
}

/* The stock: cards not yet dealt. */
static inline guint
cassino_position_stock_count (const CassinoPosition *pos)
{
  return (guint) pos->deck_len - pos->stock_pos;
}

/* What one sweep by @move (a capture that empties the table) is worth
 * under @pos's scoring, judged before the move: 1 for most scorings, 10 or
 * 20 for a xeri, (groups + 1) × v in Tablanette (family.md §2). */
guint     cassino_position_sweep_value (const CassinoPosition *pos,
                                        const CassinoMove     *move);

/* Whether the next play is the last card of the deal. */
gboolean  cassino_position_is_last_play (const CassinoPosition *pos);

/* Whether @seat owns a build on the table. */
gboolean  cassino_position_owns_build  (const CassinoPosition *pos,
                                        guint                  seat);

/* All legal moves of the player to move, in cli.md's canonical order, each
 * distinct move once.  A pending claim (rules.md §4.5) is listed first. */
void      cassino_position_legal_moves (const CassinoPosition *pos,
                                        CassinoMoveList       *out);

/* The same for a hand that need not be the position's: for cassino-cli
 * legal, which knows only the hand of the player to move. */
void      cassino_position_legal_moves_for_hand (const CassinoPosition *pos,
                                                 guint                  seat,
                                                 CassinoCards           hand,
                                                 gboolean               last_play,
                                                 CassinoMoveList       *out);

/* Whether @move is legal for the player to move.  Exact however crowded
 * the table: it lists only the moves with the cards @move names. */
gboolean  cassino_position_is_legal    (const CassinoPosition *pos,
                                        const CassinoMove     *move);

/*
 * Apply a legal move (no check: use is_legal() on untrusted input) and
 * advance the deal: the turn passes, new hands are dealt when all hands are
 * empty, and after the last play the last cards go to their side
 * (deal_over becomes TRUE).  @undo may be NULL; otherwise it receives what
 * cassino_position_undo() needs.
 */
typedef struct {
  CassinoPosition before;
} CassinoUndo;

void      cassino_position_apply       (CassinoPosition   *pos,
                                        const CassinoMove *move,
                                        CassinoUndo       *undo);
void      cassino_position_undo        (CassinoPosition   *pos,
                                        const CassinoUndo *undo);

/* Canonical move order of cli.md. */
int       cassino_move_compare         (const CassinoMove *a,
                                        const CassinoMove *b);
gboolean  cassino_move_equal           (const CassinoMove *a,
                                        const CassinoMove *b);

/* Move notation of the game record (docs/record-format.md):
 *   7h                trail
 *   9s x 3h 6c 9d 9h   capture (a trailing '#' marks a sweep)
 *   5h b8 3c          build of 8, single
 *   5d m5 5c          build of 5, multiple
 *   claim 7h 3c 4d    a Cassino! claim
 * to_notation returns a newly allocated string. parse_notation fills the
 * move's fields from the text alone; is_legal() says if it fits a position. */
char     *cassino_move_to_notation     (const CassinoMove *move);
gboolean  cassino_move_parse_notation  (const char        *text,
                                        CassinoMove       *out_move,
                                        GError           **error);

/* One move as the JSON object of cli.md, without a trailing newline. */
char     *cassino_move_to_json         (const CassinoMove *move);

G_END_DECLS
