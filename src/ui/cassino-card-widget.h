/* cassino-card-widget.h: one card, a face-down hand, the stock or a build
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cassino-card-art.h"
#include "cassino-card.h"

G_BEGIN_DECLS

#define CASSINO_TYPE_CARD_WIDGET (cassino_card_widget_get_type ())
G_DECLARE_FINAL_TYPE (CassinoCardWidget, cassino_card_widget, CASSINO, CARD_WIDGET, GtkWidget)

/* How a card widget is highlighted. */
typedef enum {
  CASSINO_CARD_MARK_NONE     = 0,
  CASSINO_CARD_MARK_SELECTED = 1 << 0,  /* the hand card chosen to play */
  CASSINO_CARD_MARK_TARGET   = 1 << 1,  /* a table item the selected card can use */
  CASSINO_CARD_MARK_CHOSEN   = 1 << 2,  /* a table item picked for the move */
  CASSINO_CARD_MARK_HINT     = 1 << 3,  /* part of the suggested move */
  CASSINO_CARD_MARK_DIMMED   = 1 << 4,  /* no legal move with it */
} CassinoCardMarks;

/* Fraction of a build widget's height under the fan for the owner's name. */
#define CASSINO_CARD_WIDGET_BUILD_BAND 0.2

CassinoCardWidget *cassino_card_widget_new        (void);

/* A single card (face up, or face down with @face_down). */
void         cassino_card_widget_set_card        (CassinoCardWidget *self,
                                                  CassinoCard        card);
CassinoCard  cassino_card_widget_get_card        (CassinoCardWidget *self);
/* A pile of @cards (Xeri's table, capture_mode "pile"): @top face up, the
 * others as edges behind it, the depth in a badge. */
void         cassino_card_widget_set_pile        (CassinoCardWidget *self,
                                                  CassinoCards       cards,
                                                  CassinoCard        top);
/* The pile's depth (0 for a card that is not a pile; a badge shows it from 2). */
guint        cassino_card_widget_get_pile_depth  (CassinoCardWidget *self);
void         cassino_card_widget_set_face_down   (CassinoCardWidget *self,
                                                  gboolean           face_down);
gboolean     cassino_card_widget_get_face_down   (CassinoCardWidget *self);

/* A build: its cards fanned, a value badge, the owner under it, and a lock
 * when it is multiple. */
void         cassino_card_widget_set_build       (CassinoCardWidget *self,
                                                  CassinoCards       cards,
                                                  guint              value,
                                                  const char        *owner_name,
                                                  gboolean           multiple);
gboolean     cassino_card_widget_is_build        (CassinoCardWidget *self);
/* @cards fanned face up, without a badge (a hand shown in a replay). */
void         cassino_card_widget_set_fan         (CassinoCardWidget *self,
                                                  CassinoCards       cards);
/* The table cards the widget stands for (one bit for a loose card). */
CassinoCards cassino_card_widget_get_cards       (CassinoCardWidget *self);

/* A stack of @count backs (the stock, an opponent's hand); 0 shows none. */
/* What the widget is when its cards do not say it ("The stock"): its
 * tooltip, and the start of its accessible name. */
void         cassino_card_widget_set_name        (CassinoCardWidget *self,
                                                  const char        *name);
const char  *cassino_card_widget_get_name        (CassinoCardWidget *self);
void         cassino_card_widget_set_keyboard    (CassinoCardWidget *self,
                                                  gboolean           keyboard);
gboolean     cassino_card_widget_shows_focus     (CassinoCardWidget *self);
gboolean     cassino_card_widget_ring_drawn      (CassinoCardWidget *self);
void         cassino_card_widget_set_stack       (CassinoCardWidget *self,
                                                  guint              count);

void         cassino_card_widget_set_missing (CassinoCardWidget *self,
                                              CassinoCard        card);
CassinoCard  cassino_card_widget_get_missing (CassinoCardWidget *self);
void         cassino_card_widget_set_marks       (CassinoCardWidget *self,
                                                  CassinoCardMarks   marks);
CassinoCardMarks cassino_card_widget_get_marks   (CassinoCardWidget *self);

/* Hand cards are allocated with room above them to rise when selected. */
/* How far a card's marks (hint and focus rings) reach outside a card
 * @card_width wide. */
double       cassino_card_widget_get_mark_outset (double             card_width);
void         cassino_card_widget_set_liftable    (CassinoCardWidget *self,
                                                  gboolean           liftable);
void         cassino_card_widget_set_four_color  (CassinoCardWidget *self,
                                                  gboolean           four_color);

/* The rectangle the card itself (not the lift room) occupies, in widget
 * coordinates. */
void         cassino_card_widget_get_card_rect   (CassinoCardWidget *self,
                                                  graphene_rect_t   *out_rect);

/* A card in flight: its size changes every frame, so its drawings are
 * not kept. */
/* How the widget draws its cards now (style, colours). */
CassinoCardArtFlags cassino_card_widget_get_art_flags (CassinoCardWidget *self);

G_END_DECLS
