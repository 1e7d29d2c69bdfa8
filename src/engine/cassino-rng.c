/* cassino-rng.c
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include "cassino-rng.h"

guint64
cassino_mix64 (guint64 x)
{
  guint64 z = x + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* the inverse of x ^ (x >> shift) */
static guint64
unshift_xor (guint64 y,
             guint   shift)
{
  guint64 x = y;

  for (guint done = shift; done < 64; done += shift)
    x = y ^ (x >> shift);
  return x;
}

/* the inverse of an odd number modulo 2^64 (Newton's iteration) */
static guint64
inverse_odd (guint64 a)
{
  guint64 x = a;

  for (guint i = 0; i < 5; i++)
    x *= 2 - a * x;
  return x;
}

guint64
cassino_unmix64 (guint64 z)
{
  z = unshift_xor (z, 31) * inverse_odd (G_GUINT64_CONSTANT (0x94D049BB133111EB));
  z = unshift_xor (z, 27) * inverse_odd (G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9));
  return unshift_xor (z, 30) - G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
}

void
cassino_rng_init (CassinoRng *rng,
                  guint64     seed)
{
  guint64 x = seed;

  for (guint i = 0; i < 4; i++)
    {
      rng->s[i] = cassino_mix64 (x);
      x += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
    }
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

guint64
cassino_rng_next (CassinoRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  return result;
}

guint32
cassino_rng_below (CassinoRng *rng,
                   guint32     bound)
{
  /* Rejection sampling on the top 32 bits: portable and unbiased. */
  guint32 limit;

  g_return_val_if_fail (bound > 0, 0);

  limit = G_MAXUINT32 - (G_MAXUINT32 % bound);
  for (;;)
    {
      guint32 r = (guint32) (cassino_rng_next (rng) >> 32);

      if (r < limit)
        return r % bound;
    }
}

double
cassino_rng_double (CassinoRng *rng)
{
  return (double) (cassino_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}

void
cassino_rng_shuffle (CassinoRng *rng,
                     guint8     *items,
                     guint       n_items)
{
  for (guint i = n_items; i > 1; i--)
    {
      guint j = cassino_rng_below (rng, i);
      guint8 tmp = items[i - 1];

      items[i - 1] = items[j];
      items[j] = tmp;
    }
}
