/* cassino-rng.h: the project's own portable PRNG (xoshiro256**)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/*
 * xoshiro256** seeded through splitmix64: the same sequence on every
 * platform and GLib version, so a seed names one deck order forever.
 * (docs/record-format.md describes the shuffle exactly.)
 */
typedef struct {
  guint64 s[4];
} CassinoRng;

void     cassino_rng_init     (CassinoRng *rng,
                               guint64     seed);
guint64  cassino_rng_next     (CassinoRng *rng);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
guint32  cassino_rng_below    (CassinoRng *rng,
                               guint32     bound);
/* Uniform in [0, 1). */
double   cassino_rng_double   (CassinoRng *rng);
/* Fisher–Yates, from the last element down. */
void     cassino_rng_shuffle  (CassinoRng *rng,
                               guint8     *items,
                               guint       n_items);
/* splitmix64 step: a well-mixed function of @x, used to derive seeds. */
guint64  cassino_mix64        (guint64     x);
/* The @x that cassino_mix64() maps to @z (it is a bijection). */
guint64  cassino_unmix64      (guint64     z);

G_END_DECLS
