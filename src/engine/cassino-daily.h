/* cassino-daily.h: the daily deal, the same deck for everyone on a date
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-game.h"
#include "cassino-rules.h"

G_BEGIN_DECLS

/*
 * The daily deal of a date and a preset (docs/daily-deal.md):
 *
 *   text = "cassino-daily:" + date (YYYY-MM-DD, the player's local date)
 *          + ":" + preset name          e.g. "cassino-daily:2026-11-24:classic"
 *   seed = the first 8 bytes of SHA-256(text), read big-endian (0 -> 1)
 *
 * The seed is the game seed of an ordinary game: deal n is dealt from
 * deal_seed(seed, n) with the project's shuffle (cassino-rng.c), seat 1
 * deals first so that the player (seat 0) plays first, and the player
 * meets one computer at CASSINO_DAILY_LEVEL.  The game is recorded with
 * the tag "Daily" = the date and "DailyPreset" = the preset.
 */
#define CASSINO_DAILY_LEVEL         CASSINO_LEVEL_MEDIUM   /* cassino-ai.h (src/ai/) */
#define CASSINO_DAILY_N_PLAYERS     2
#define CASSINO_DAILY_FIRST_DEALER  1
#define CASSINO_DAILY_TAG           "Daily"
#define CASSINO_DAILY_PRESET_TAG    "DailyPreset"

#define CASSINO_DAILY_ERROR (cassino_daily_error_quark ())
GQuark cassino_daily_error_quark (void);

typedef enum {
  CASSINO_DAILY_ERROR_DATE,
} CassinoDailyError;

/* The text hashed for @date and @preset (newly allocated). */
char    *cassino_daily_seed_text (const GDate   *date,
                                  CassinoPreset  preset);
guint64  cassino_daily_seed      (const GDate   *date,
                                  CassinoPreset  preset);

/* "2026-11-24" into @out; a clear error otherwise. */
gboolean cassino_daily_parse_date (const char  *text,
                                   GDate       *out,
                                   GError     **error);
/* @date as "YYYY-MM-DD" (newly allocated). */
char    *cassino_daily_format_date (const GDate *date);
/* The player's local date now. */
void     cassino_daily_today       (GDate *out);

/*
 * Streaks over the dates a daily deal was played (any order, repeats
 * allowed): *current is the run of consecutive days that ends on @today,
 * or on the day before when today's deal is not played yet (0 otherwise);
 * *longest the longest run ever.  Either may be NULL.
 */
void     cassino_daily_streaks     (const GDate *dates,
                                    guint        n_dates,
                                    const GDate *today,
                                    guint       *current,
                                    guint       *longest);

G_END_DECLS
