/* cassino-glicko.h: the Glicko-2 rating system
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Mark E. Glickman, "Example of the Glicko-2 system" (2013).  Ratings are
 * on the Glicko scale (1500 is an average new player).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CASSINO_GLICKO_DEFAULT_RATING     1500.0
#define CASSINO_GLICKO_DEFAULT_RD          350.0
#define CASSINO_GLICKO_DEFAULT_VOLATILITY    0.06
#define CASSINO_GLICKO_DEFAULT_TAU           0.5
/* Bounds that keep a long series of one-game rating periods with results
 * far from expectation (e.g. random play against anchored levels) from
 * diverging: the deviation never exceeds a new player's, the volatility
 * never exceeds 0.15.  Glickman's worked example is well inside both. */
#define CASSINO_GLICKO_MAX_VOLATILITY        0.15

typedef struct {
  double rating;
  double rd;
  double volatility;
} CassinoGlicko;

/* One game of a rating period against one opponent. */
typedef struct {
  double rating;    /* the opponent's rating and deviation */
  double rd;
  double score;     /* 1 won, 0.5 drawn, 0 lost */
} CassinoGlickoResult;

void cassino_glicko_init   (CassinoGlicko             *player);

/* The player's rating after a rating period with @n_results games
 * (none: only the deviation grows), within the bounds above.  @out may
 * be @player. */
void cassino_glicko_update (const CassinoGlicko       *player,
                            const CassinoGlickoResult *results,
                            guint                      n_results,
                            double                     tau,
                            CassinoGlicko             *out);

/* The expected score of @a against @b. */
double cassino_glicko_expected (const CassinoGlicko *a,
                                const CassinoGlicko *b);

G_END_DECLS
