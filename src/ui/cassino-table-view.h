/* cassino-table-view.h: the table, its players, and the hand
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cassino-game-controller.h"
#include "cassino-card-widget.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_TABLE_VIEW (cassino_table_view_get_type ())
G_DECLARE_FINAL_TYPE (CassinoTableView, cassino_table_view, CASSINO, TABLE_VIEW, GtkWidget)

CassinoTableView *cassino_table_view_new (void);

void         cassino_table_view_set_controller   (CassinoTableView      *self,
                                                  CassinoGameController *controller);
CassinoGameController *cassino_table_view_get_controller (CassinoTableView *self);

/* How long a card takes to travel, in milliseconds (0: no animation). */
void         cassino_table_view_set_animation_duration (CassinoTableView *self,
                                                        guint             duration_ms);
void         cassino_table_view_set_four_color   (CassinoTableView *self,
                                                  gboolean          four_color);

/* List the controller's candidate moves in a popover to choose from. */
void         cassino_table_view_show_chooser     (CassinoTableView *self);
/* The keyboard focus to the hand, now or when the next hand is dealt (a
 * click on Play or Undo left it on a button that has nothing more to do) */
void         cassino_table_view_focus_hand       (CassinoTableView *self);
gboolean     cassino_table_view_is_chooser_visible (CassinoTableView *self);

/* For keyboard focus and tests: the widget of a hand card, or of the table
 * item holding @card (NULL when there is none). */
CassinoCardWidget *cassino_table_view_get_hand_card (CassinoTableView *self,
                                                     CassinoCard       card);
CassinoCardWidget *cassino_table_view_get_table_item (CassinoTableView *self,
                                                      CassinoCard       card);
/* Whether a card is travelling. */
gboolean     cassino_table_view_is_animating     (CassinoTableView *self);
/* The @i-th card in flight and where it is drawn now, in the view's
 * coordinates; FALSE when there is no such card or it has not started. */
gboolean     cassino_table_view_get_flight       (CassinoTableView *self,
                                                  guint             i,
                                                  CassinoCard      *card,
                                                  graphene_rect_t  *rect);

G_END_DECLS
