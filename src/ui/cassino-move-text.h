/* cassino-move-text.h: moves in words, for the action bar and the move log
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-position.h"

G_BEGIN_DECLS

/* What a move will do, for the player about to play it in @pos:
 * "Take 9♦ and 6♣ + 3♥ with 9♠", "Build 8 on 3♣ — you hold 8♠",
 * "Trail 7♥".  Newly allocated. */
char *cassino_move_text_describe (const CassinoPosition *pos,
                                  const CassinoMove     *move);

/* What @name did, for the move log: "Anna took 9♦ and 6♣ + 3♥ with 9♠".
 * @before is the position the move was played in.  Newly allocated. */
char *cassino_move_text_played   (const CassinoPosition *before,
                                  const char            *name,
                                  const CassinoMove     *move);

/* The groups of a capture or build, worded: "9♦ and 6♣ + 3♥". */
char *cassino_move_text_groups   (const CassinoPosition *pos,
                                  const CassinoMove     *move);

/* The word a game announces a sweep with: "Scopa!", "Xeri!", "Tabla!",
 * "Sur!"; NULL for Cassino's own variants (a plain "sweep").  Static,
 * translated. */
const char *cassino_move_text_sweep_word (const CassinoRules *rules);

/* Why @card may not trail under forced capture (family.md §2), with one
 * of the captures it must make instead, from @legal: "You must capture:
 * the 5♠ can take 5♣".  NULL when nothing forces a capture.  Newly
 * allocated. */
char *cassino_move_text_forced_capture (const CassinoPosition *pos,
                                        const CassinoMove     *legal,
                                        guint                  n_legal,
                                        CassinoCard            card);

/* At the end of a deal (@end, its last position): the seat that took the
 * cards left on the table, or -1 when they went out of play. */
int   cassino_move_text_last_cards_seat (const CassinoPosition *end);

/* The move log's line for them: "Anna took the last cards: 7♠ 2♦", @name
 * the taker's, NULL when nobody took them.  NULL when the table was
 * empty.  Newly allocated. */
char *cassino_move_text_last_cards      (const CassinoPosition *end,
                                         const char            *name);

G_END_DECLS
