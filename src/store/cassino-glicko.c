/* cassino-glicko.c: the Glicko-2 rating system
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-store"

#include "config.h"

#include <math.h>

#include "cassino-glicko.h"

#define SCALE    173.7178
#define EPSILON  0.000001

void
cassino_glicko_init (CassinoGlicko *player)
{
  player->rating = CASSINO_GLICKO_DEFAULT_RATING;
  player->rd = CASSINO_GLICKO_DEFAULT_RD;
  player->volatility = CASSINO_GLICKO_DEFAULT_VOLATILITY;
}

static double
g_of (double phi)
{
  return 1.0 / sqrt (1.0 + 3.0 * phi * phi / (G_PI * G_PI));
}

static double
expected (double mu,
          double mu_j,
          double phi_j)
{
  return 1.0 / (1.0 + exp (-g_of (phi_j) * (mu - mu_j)));
}

double
cassino_glicko_expected (const CassinoGlicko *a,
                         const CassinoGlicko *b)
{
  return expected ((a->rating - 1500.0) / SCALE, (b->rating - 1500.0) / SCALE,
                   sqrt (a->rd * a->rd + b->rd * b->rd) / SCALE);
}

typedef struct {
  double delta2, phi2, v, a, tau2;
} VolatilityF;

static double
volatility_f (const VolatilityF *p,
              double             x)
{
  double ex = exp (x);
  double d = p->phi2 + p->v + ex;

  return ex * (p->delta2 - p->phi2 - p->v - ex) / (2.0 * d * d) - (x - p->a) / p->tau2;
}

void
cassino_glicko_update (const CassinoGlicko       *player,
                       const CassinoGlickoResult *results,
                       guint                      n_results,
                       double                     tau,
                       CassinoGlicko             *out)
{
  double mu = (player->rating - 1500.0) / SCALE;
  double phi = player->rd / SCALE;
  double sigma = player->volatility;
  double v_inv = 0.0, sum = 0.0;
  double v, delta, A, B, fA, fB, sigma2, phi_star, phi2;
  VolatilityF f;

  if (n_results == 0)
    {
      out->rating = player->rating;
      out->rd = MIN (sqrt (phi * phi + sigma * sigma) * SCALE, CASSINO_GLICKO_DEFAULT_RD);
      out->volatility = sigma;
      return;
    }

  /* steps 3 and 4 */
  for (guint j = 0; j < n_results; j++)
    {
      double mu_j = (results[j].rating - 1500.0) / SCALE;
      double phi_j = results[j].rd / SCALE;
      double g = g_of (phi_j);
      double e = expected (mu, mu_j, phi_j);

      v_inv += g * g * e * (1.0 - e);
      sum += g * (results[j].score - e);
    }
  v = 1.0 / v_inv;
  delta = v * sum;

  /* step 5: the new volatility (Illinois algorithm) */
  f.delta2 = delta * delta;
  f.phi2 = phi * phi;
  f.v = v;
  f.a = log (sigma * sigma);
  f.tau2 = tau * tau;
  A = f.a;
  if (f.delta2 > f.phi2 + v)
    B = log (f.delta2 - f.phi2 - v);
  else
    {
      guint k = 1;

      while (volatility_f (&f, f.a - k * tau) < 0.0)
        k++;
      B = f.a - k * tau;
    }
  fA = volatility_f (&f, A);
  fB = volatility_f (&f, B);
  while (fabs (B - A) > EPSILON)
    {
      double C = A + (A - B) * fA / (fB - fA);
      double fC = volatility_f (&f, C);

      if (fC * fB <= 0.0)
        {
          A = B;
          fA = fB;
        }
      else
        fA /= 2.0;
      B = C;
      fB = fC;
    }
  sigma2 = exp (A / 2.0);

  /* steps 6 to 8 */
  phi_star = sqrt (phi * phi + sigma2 * sigma2);
  phi2 = 1.0 / sqrt (1.0 / (phi_star * phi_star) + 1.0 / v);
  out->rating = (mu + phi2 * phi2 * sum) * SCALE + 1500.0;
  out->rd = MIN (phi2 * SCALE, CASSINO_GLICKO_DEFAULT_RD);
  out->volatility = MIN (sigma2, CASSINO_GLICKO_MAX_VOLATILITY);
}
