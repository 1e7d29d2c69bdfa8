/* cassino-seat-panel.h: a player at the table: name, hand, pile, sweeps
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cassino-card.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_SEAT_PANEL (cassino_seat_panel_get_type ())
G_DECLARE_FINAL_TYPE (CassinoSeatPanel, cassino_seat_panel, CASSINO, SEAT_PANEL, GtkBox)

/* Where a seat sits, seen from the viewer's chair. */
typedef enum {
  CASSINO_SEAT_PLACE_NONE,       /* the viewer's own, or no place told */
  CASSINO_SEAT_PLACE_LEFT,
  CASSINO_SEAT_PLACE_OPPOSITE,
  CASSINO_SEAT_PLACE_RIGHT,
} CassinoSeatPlace;

CassinoSeatPanel *cassino_seat_panel_new (void);

/* The seat's place at the table: said to screen readers and, with
 * @show_arrow, shown as an arrow beside the name (where the panels' places
 * on screen cannot say it, in a narrow window).  @upright stacks the hand
 * above the words, for a panel at a side of the table. */
void       cassino_seat_panel_set_place (CassinoSeatPanel *self,
                                         CassinoSeatPlace  place,
                                         gboolean          upright,
                                         gboolean          show_arrow);
CassinoSeatPlace cassino_seat_panel_get_place (CassinoSeatPanel *self);
gboolean   cassino_seat_panel_get_arrow_visible (CassinoSeatPanel *self);

/* The suit the pile line counts: spades (Cassino), coins (Scopa), clubs
 * (Pasur), or none (-1: the other fishing games). */
void       cassino_seat_panel_set_counted_suit (CassinoSeatPanel *self,
                                                int               suit);
/* The game's word for its sweeps on the pile line ("Scope", "Xeri"), or
 * NULL for "sweeps". */
void       cassino_seat_panel_set_sweep_word   (CassinoSeatPanel *self,
                                                const char       *word);

/* Everything the panel shows about one seat. */
void       cassino_seat_panel_update (CassinoSeatPanel *self,
                                      const char       *name,
                                      const char       *subtitle,
                                      guint             hand_count,
                                      gboolean          show_hand,
                                      CassinoCards      pile,
                                      guint             sweeps,
                                      gboolean          dealer,
                                      gboolean          to_move,
                                      gboolean          thinking);

/* A replay with every hand shown: the hand face up instead of a count
 * (0 with @face_up FALSE goes back to the count). */
void       cassino_seat_panel_show_cards (CassinoSeatPanel *self,
                                          gboolean          face_up,
                                          CassinoCards      hand);

/* Where cards fly from (the hand) and to (the pile). */
GtkWidget *cassino_seat_panel_get_hand_widget (CassinoSeatPanel *self);

G_END_DECLS
