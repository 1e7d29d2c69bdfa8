/* cassino-score-sheet.h: the score of a deal, and the end of a game
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cassino-game-controller.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_SCORE_SHEET (cassino_score_sheet_get_type ())
G_DECLARE_FINAL_TYPE (CassinoScoreSheet, cassino_score_sheet, CASSINO, SCORE_SHEET, GtkWidget)

/* Show the last finished deal of the controller's game. */
void         cassino_score_sheet_update     (CassinoScoreSheet     *self,
                                             CassinoGameController *controller);
/* Give the keyboard focus to the button that goes on. */
void         cassino_score_sheet_focus_default (CassinoScoreSheet *self);
const char  *cassino_score_sheet_get_title  (CassinoScoreSheet     *self);
/* A side's name over a column of scores: wraps rather than being cut,
 * the whole name in its tooltip. */
/* The categories a fishing game's scoring lists, in its count order,
 * ending with CASSINO_N_ALL_CATEGORIES; NULL for Cassino's scorings. */
const CassinoCategory *cassino_score_sheet_family_categories (const CassinoRules *rules);
/* A category's title in the game's words ("Coins", "Scope", "Tablas"). */
const char  *cassino_score_sheet_category_title (const CassinoRules *rules,
                                                 CassinoCategory     category);

/* The heading of @side's column: its name, a partnership one name above
 * the other (both partnerships alike: "root & Bruno" wrapped where
 * "Anna & Chiara" did not). */
GtkWidget   *cassino_score_sheet_side_header_new (CassinoGameController *controller,
                                                  guint                  side,
                                                  const char            *css_class);

G_END_DECLS
