/* cassino-card-art.h: the cards, drawn by Cassino
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <gtk/gtk.h>

#include "cassino-card.h"

G_BEGIN_DECLS

/* Cards are 5:7 (63 × 88 mm is close to it). */
#define CASSINO_CARD_ASPECT (7.0 / 5.0)

typedef enum {
  CASSINO_CARD_ART_DARK       = 1 << 0,  /* the dark style: dim the white a little */
  CASSINO_CARD_ART_FOUR_COLOR = 1 << 1,  /* clubs green, diamonds blue */
} CassinoCardArtFlags;

/* Draw one card face (or its back) filling the rectangle 0,0 @width × @height. */
void         cassino_card_art_draw_face (cairo_t             *cr,
                                         CassinoCard          card,
                                         double               width,
                                         double               height,
                                         CassinoCardArtFlags  flags);
void         cassino_card_art_draw_back (cairo_t             *cr,
                                         double               width,
                                         double               height,
                                         CassinoCardArtFlags  flags);
/* Draw every face and the back at @width × @height and @scale into the
 * cache, one card a call: @next is the card to draw (start at 0); returns
 * the next one, or CASSINO_N_CARDS + 1 when all are done. */
/* A card lying on the table at @width × @height (its shadow below it), as
 * a render node drawn once: a card in flight is this node, moved and
 * scaled from frame to frame.  The node's bounds leave room for the
 * shadow around 0,0 @width × @height. */
GskRenderNode *cassino_card_art_node_new (CassinoCard          card,
                                          int                  width,
                                          int                  height,
                                          int                  scale,
                                          CassinoCardArtFlags  flags);
/* The shadow under a card at 0,0 @width × @height. */
void         cassino_card_art_draw_shadow (cairo_t          *cr,
                                           double            width,
                                           double            height);
guint        cassino_card_art_prepare   (guint                next,
                                         double               width,
                                         double               height,
                                         double               scale,
                                         CassinoCardArtFlags  flags);

/* A suit symbol centred on @x,@y, @size high, in the current source. */
void         cassino_card_art_suit_path (cairo_t             *cr,
                                         CassinoSuit          suit,
                                         double               x,
                                         double               y,
                                         double               size);
/* The suit's ink colour. */
void         cassino_card_art_suit_color (CassinoSuit          suit,
                                          CassinoCardArtFlags  flags,
                                          double              *rgb);
/* The path of the card's rounded outline. */
void         cassino_card_art_outline   (cairo_t             *cr,
                                         double               width,
                                         double               height);

/* Short names: "7♥", "10♦".  Static strings. */
const char  *cassino_card_short_name    (CassinoCard card);
const char  *cassino_card_rank_label    (CassinoCard card);   /* "A", "10", "K" (translated) */
const char  *cassino_suit_symbol        (CassinoSuit suit);   /* "♣" */
/* Full name for screen readers: "Seven of hearts".  Newly allocated. */
char        *cassino_card_full_name     (CassinoCard card);
/* Cards as "6♣ 3♥", in canonical order.  Newly allocated. */
char        *cassino_cards_short_names  (CassinoCards cards,
                                         const char  *separator);

G_END_DECLS
