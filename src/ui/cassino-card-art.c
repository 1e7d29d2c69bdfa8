/* cassino-card-art.c: the cards, drawn by Cassino
 *
 * Vector drawing at the size asked for, so cards stay crisp from a phone
 * to a 4K screen.  Large corner indices first: the index is what a player
 * reads in a fanned hand and on a crowded table.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-card-art.h"
#include "cassino-card-theme.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

static const char *suit_symbols[] = { "♣", "♦", "♥", "♠" };

const char *
cassino_suit_symbol (CassinoSuit suit)
{
  g_return_val_if_fail (suit <= CASSINO_SUIT_SPADES, "");
  return suit_symbols[suit];
}

const char *
cassino_card_rank_label (CassinoCard card)
{
  static const char *ranks[] = {
    /* Translators: the index printed in the corner of a card: ace */
    NC_("card rank", "A"),
    "2", "3", "4", "5", "6", "7", "8", "9", "10",
    /* Translators: the index printed in the corner of a card: jack */
    NC_("card rank", "J"),
    /* Translators: the index printed in the corner of a card: queen */
    NC_("card rank", "Q"),
    /* Translators: the index printed in the corner of a card: king */
    NC_("card rank", "K"),
  };
  guint rank = CASSINO_CARD_RANK (card);

  g_return_val_if_fail (rank >= 1 && rank <= 13, "");
  if (rank == 1 || rank >= 11)
    return g_dpgettext2 (GETTEXT_PACKAGE, "card rank", ranks[rank - 1]);
  return ranks[rank - 1];
}

const char *
cassino_card_short_name (CassinoCard card)
{
  static char names[CASSINO_N_CARDS][16];
  static gsize init = 0;

  g_return_val_if_fail (card < CASSINO_N_CARDS, "");

  if (g_once_init_enter (&init))
    {
      for (CassinoCard c = 0; c < CASSINO_N_CARDS; c++)
        g_snprintf (names[c], sizeof names[c], "%s%s",
                    cassino_card_rank_label (c),
                    suit_symbols[CASSINO_CARD_SUIT (c)]);
      g_once_init_leave (&init, 1);
    }
  return names[card];
}

char *
cassino_card_full_name (CassinoCard card)
{
  static const char *rank_names[] = {
    NC_("card name", "Ace"), NC_("card name", "Two"), NC_("card name", "Three"),
    NC_("card name", "Four"), NC_("card name", "Five"), NC_("card name", "Six"),
    NC_("card name", "Seven"), NC_("card name", "Eight"), NC_("card name", "Nine"),
    NC_("card name", "Ten"), NC_("card name", "Jack"), NC_("card name", "Queen"),
    NC_("card name", "King"),
  };
  static const char *suit_names[] = {
    NC_("card name", "clubs"), NC_("card name", "diamonds"),
    NC_("card name", "hearts"), NC_("card name", "spades"),
  };

  g_return_val_if_fail (card < CASSINO_N_CARDS, NULL);

  /* Translators: a card's name for screen readers, e.g. "Seven of hearts":
   * %1$s is the rank, %2$s the suit */
  return g_strdup_printf (C_("card name", "%1$s of %2$s"),
                          g_dpgettext2 (GETTEXT_PACKAGE, "card name",
                                        rank_names[CASSINO_CARD_RANK (card) - 1]),
                          g_dpgettext2 (GETTEXT_PACKAGE, "card name",
                                        suit_names[CASSINO_CARD_SUIT (card)]));
}

char *
cassino_cards_short_names (CassinoCards cards,
                           const char  *separator)
{
  GString *s = g_string_new (NULL);
  CassinoCard c;

  CASSINO_CARDS_FOREACH (c, cards)
    {
      if (s->len > 0)
        g_string_append (s, separator);
      g_string_append (s, cassino_card_short_name (c));
    }
  return g_string_free (s, FALSE);
}

void
cassino_card_art_suit_color (CassinoSuit          suit,
                             CassinoCardArtFlags  flags,
                             double              *rgb)
{
  /* GNOME palette: Red 4, Blue 4, Green 5, Dark 4 */
  static const double red[3] = { 0xc0 / 255.0, 0x1c / 255.0, 0x28 / 255.0 };
  static const double black[3] = { 0x24 / 255.0, 0x1f / 255.0, 0x31 / 255.0 };
  static const double blue[3] = { 0x1a / 255.0, 0x5f / 255.0, 0xb4 / 255.0 };
  static const double green[3] = { 0x26 / 255.0, 0x8a / 255.0, 0x4a / 255.0 };
  const double *c;

  switch (suit)
    {
    case CASSINO_SUIT_CLUBS:
      c = (flags & CASSINO_CARD_ART_FOUR_COLOR) ? green : black;
      break;
    case CASSINO_SUIT_DIAMONDS:
      c = (flags & CASSINO_CARD_ART_FOUR_COLOR) ? blue : red;
      break;
    case CASSINO_SUIT_HEARTS:
      c = red;
      break;
    case CASSINO_SUIT_SPADES:
    default:
      c = black;
      break;
    }
  rgb[0] = c[0];
  rgb[1] = c[1];
  rgb[2] = c[2];
}

static void
heart_path (cairo_t *cr)
{
  cairo_move_to (cr, 0, 0.5);
  cairo_curve_to (cr, -0.12, 0.34, -0.5, 0.08, -0.5, -0.18);
  cairo_curve_to (cr, -0.5, -0.4, -0.33, -0.5, -0.22, -0.5);
  cairo_curve_to (cr, -0.1, -0.5, -0.02, -0.42, 0, -0.3);
  cairo_curve_to (cr, 0.02, -0.42, 0.1, -0.5, 0.22, -0.5);
  cairo_curve_to (cr, 0.33, -0.5, 0.5, -0.4, 0.5, -0.18);
  cairo_curve_to (cr, 0.5, 0.08, 0.12, 0.34, 0, 0.5);
  cairo_close_path (cr);
}

static void
stem_path (cairo_t *cr)
{
  cairo_move_to (cr, -0.04, 0.1);
  cairo_curve_to (cr, -0.04, 0.3, -0.12, 0.42, -0.24, 0.5);
  cairo_line_to (cr, 0.24, 0.5);
  cairo_curve_to (cr, 0.12, 0.42, 0.04, 0.3, 0.04, 0.1);
  cairo_close_path (cr);
}

void
cassino_card_art_suit_path (cairo_t     *cr,
                            CassinoSuit  suit,
                            double       x,
                            double       y,
                            double       size)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, size, size);

  switch (suit)
    {
    case CASSINO_SUIT_HEARTS:
      heart_path (cr);
      break;
    case CASSINO_SUIT_DIAMONDS:
      cairo_move_to (cr, 0, -0.5);
      cairo_curve_to (cr, 0.12, -0.3, 0.26, -0.14, 0.4, 0);
      cairo_curve_to (cr, 0.26, 0.14, 0.12, 0.3, 0, 0.5);
      cairo_curve_to (cr, -0.12, 0.3, -0.26, 0.14, -0.4, 0);
      cairo_curve_to (cr, -0.26, -0.14, -0.12, -0.3, 0, -0.5);
      cairo_close_path (cr);
      break;
    case CASSINO_SUIT_SPADES:
      cairo_save (cr);
      cairo_translate (cr, 0, -0.08);
      cairo_scale (cr, 1.0, -0.84);
      heart_path (cr);
      cairo_restore (cr);
      stem_path (cr);
      break;
    case CASSINO_SUIT_CLUBS:
    default:
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, -0.25, 0.22, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, -0.25, 0.06, 0.22, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0.25, 0.06, 0.22, 0, 2 * G_PI);
      cairo_new_sub_path (cr);
      cairo_arc (cr, 0, -0.02, 0.14, 0, 2 * G_PI);
      stem_path (cr);
      break;
    }

  cairo_restore (cr);
}

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   w,
              double   h,
              double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
cassino_card_art_outline (cairo_t *cr,
                          double   width,
                          double   height)
{
  rounded_rect (cr, 0.5, 0.5, width - 1, height - 1, MIN (width, height) * 0.07);
}

static void
fill_suit (cairo_t     *cr,
           CassinoSuit  suit,
           double       x,
           double       y,
           double       size,
           gboolean     upside_down)
{
  if (upside_down)
    {
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_rotate (cr, G_PI);
      cassino_card_art_suit_path (cr, suit, 0, 0, size);
      cairo_restore (cr);
    }
  else
    cassino_card_art_suit_path (cr, suit, x, y, size);
  cairo_fill (cr);
}

/* Pip positions of the numerals, in units of the pip area (0..1). */
typedef struct { double x, y; } Pip;

static const Pip pips_2[] = { { .5, 0 }, { .5, 1 } };
static const Pip pips_3[] = { { .5, 0 }, { .5, .5 }, { .5, 1 } };
static const Pip pips_4[] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
static const Pip pips_5[] = { { 0, 0 }, { 1, 0 }, { .5, .5 }, { 0, 1 }, { 1, 1 } };
static const Pip pips_6[] = { { 0, 0 }, { 1, 0 }, { 0, .5 }, { 1, .5 }, { 0, 1 }, { 1, 1 } };
static const Pip pips_7[] = { { 0, 0 }, { 1, 0 }, { .5, .25 }, { 0, .5 }, { 1, .5 }, { 0, 1 }, { 1, 1 } };
static const Pip pips_8[] = { { 0, 0 }, { 1, 0 }, { .5, .25 }, { 0, .5 }, { 1, .5 }, { .5, .75 }, { 0, 1 }, { 1, 1 } };
static const Pip pips_9[] = { { 0, 0 }, { 1, 0 }, { 0, 1. / 3 }, { 1, 1. / 3 }, { .5, .5 },
                              { 0, 2. / 3 }, { 1, 2. / 3 }, { 0, 1 }, { 1, 1 } };
static const Pip pips_10[] = { { 0, 0 }, { 1, 0 }, { .5, 1. / 6 }, { 0, 1. / 3 }, { 1, 1. / 3 },
                               { 0, 2. / 3 }, { 1, 2. / 3 }, { .5, 5. / 6 }, { 0, 1 }, { 1, 1 } };

static const struct { const Pip *pips; guint n; } pip_layouts[11] = {
  [2] = { pips_2, G_N_ELEMENTS (pips_2) },
  [3] = { pips_3, G_N_ELEMENTS (pips_3) },
  [4] = { pips_4, G_N_ELEMENTS (pips_4) },
  [5] = { pips_5, G_N_ELEMENTS (pips_5) },
  [6] = { pips_6, G_N_ELEMENTS (pips_6) },
  [7] = { pips_7, G_N_ELEMENTS (pips_7) },
  [8] = { pips_8, G_N_ELEMENTS (pips_8) },
  [9] = { pips_9, G_N_ELEMENTS (pips_9) },
  [10] = { pips_10, G_N_ELEMENTS (pips_10) },
};

static void
draw_text (cairo_t    *cr,
           const char *text,
           const char *family,
           int         weight,
           double      px,
           double      cx,
           double      top,
           double      squeeze)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_new ();
  PangoRectangle ink, logical;

  pango_font_description_set_family (desc, family);
  pango_font_description_set_weight (desc, weight);
  pango_font_description_set_absolute_size (desc, px * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);

  cairo_save (cr);
  /* centre the ink horizontally on @cx, its top at @top */
  cairo_translate (cr, cx, top);
  cairo_scale (cr, squeeze, 1.0);
  cairo_move_to (cr, -(ink.x + ink.width / 2.0), -ink.y);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);

  pango_font_description_free (desc);
  g_object_unref (layout);
}

static void
draw_index (cairo_t             *cr,
            CassinoCard          card,
            double               w,
            double               h)
{
  const char *rank = cassino_card_rank_label (card);
  double px = h * 0.19;
  double cx = w * 0.15;
  /* "10" is narrowed so that it is as tall as the other indices */
  double squeeze = strlen (rank) > 1 ? 0.72 : 1.0;

  draw_text (cr, rank, "Cantarell, Noto Sans, DejaVu Sans", PANGO_WEIGHT_BOLD,
             px, cx, h * 0.045, squeeze);
  fill_suit (cr, CASSINO_CARD_SUIT (card), cx, h * 0.265, h * 0.105, FALSE);
}

static void
draw_court (cairo_t             *cr,
            CassinoCard          card,
            double               w,
            double               h,
            const double        *ink,
            CassinoCardArtFlags  flags)
{
  double x0 = w * 0.29, y0 = h * 0.1, fw = w * 0.42 + w * 0.0, fh = h * 0.8;
  CassinoSuit suit = CASSINO_CARD_SUIT (card);

  fw = w - 2 * x0;

  /* a framed panel in the suit's colour, lightly tinted */
  rounded_rect (cr, x0, y0, fw, fh, w * 0.04);
  cairo_set_source_rgba (cr, ink[0], ink[1], ink[2], 0.1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);
  cairo_set_line_width (cr, MAX (1.0, w * 0.012));
  cairo_stroke (cr);

  rounded_rect (cr, x0 + w * 0.025, y0 + w * 0.025, fw - w * 0.05, fh - w * 0.05, w * 0.03);
  cairo_set_source_rgba (cr, 0xe5 / 255.0, 0xa5 / 255.0, 0x0a / 255.0, 0.9);
  cairo_set_line_width (cr, MAX (1.0, w * 0.008));
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);
  draw_text (cr, cassino_card_rank_label (card), "Cantarell, Noto Serif, DejaVu Serif",
             PANGO_WEIGHT_BOLD, h * 0.3, w / 2, h * 0.33, 1.0);
  fill_suit (cr, suit, x0 + fw * 0.28, y0 + fh * 0.14, fw * 0.3, FALSE);
  fill_suit (cr, suit, x0 + fw * 0.72, y0 + fh * 0.86, fw * 0.3, TRUE);
}

static void
draw_face_direct (cairo_t             *cr,
                            CassinoCard          card,
                            double               w,
                            double               h,
                            CassinoCardArtFlags  flags)
{
  double ink[3];
  guint rank;
  CassinoSuit suit;

  g_return_if_fail (card < CASSINO_N_CARDS);

  rank = CASSINO_CARD_RANK (card);
  suit = CASSINO_CARD_SUIT (card);
  cassino_card_art_suit_color (suit, flags, ink);

  cairo_save (cr);

  /* the paper */
  cassino_card_art_outline (cr, w, h);
  if (flags & CASSINO_CARD_ART_DARK)
    cairo_set_source_rgb (cr, 0xee / 255.0, 0xed / 255.0, 0xec / 255.0);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.28);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);

  /* the indices, top left and (turned) bottom right */
  draw_index (cr, card, w, h);
  cairo_save (cr);
  cairo_translate (cr, w, h);
  cairo_rotate (cr, G_PI);
  draw_index (cr, card, w, h);
  cairo_restore (cr);

  if (rank == 1)
    {
      double size = w * (suit == CASSINO_SUIT_SPADES ? 0.5 : 0.4);

      fill_suit (cr, suit, w / 2, h / 2, size, FALSE);
    }
  else if (rank <= 10)
    {
      double ax = w * 0.345, aw = w * 0.31;
      double ay = h * 0.2, ah = h * 0.6;
      double size = w * (rank >= 9 ? 0.145 : 0.17);

      for (guint i = 0; i < pip_layouts[rank].n; i++)
        {
          const Pip *p = &pip_layouts[rank].pips[i];

          fill_suit (cr, suit, ax + p->x * aw, ay + p->y * ah, size, p->y > 0.55);
        }
    }
  else
    draw_court (cr, card, w, h, ink, flags);

  cairo_restore (cr);
}

static void
draw_back_direct (cairo_t             *cr,
                            double               w,
                            double               h,
                            CassinoCardArtFlags  flags)
{
  double m = w * 0.07;
  double step;

  cairo_save (cr);

  cassino_card_art_outline (cr, w, h);
  cairo_set_source_rgb (cr, 0.98, 0.98, 0.97);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.3);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  rounded_rect (cr, m, m, w - 2 * m, h - 2 * m, w * 0.045);
  cairo_set_source_rgb (cr, 0x1c / 255.0, 0x5a / 255.0, 0x9e / 255.0);
  cairo_fill_preserve (cr);
  cairo_clip (cr);

  /* a lattice of thin light lines */
  cairo_set_source_rgba (cr, 1, 1, 1, 0.22);
  cairo_set_line_width (cr, MAX (0.6, w * 0.012));
  step = MAX (4.0, w * 0.09);
  for (double d = -h; d < w + h; d += step)
    {
      cairo_move_to (cr, d, 0);
      cairo_line_to (cr, d + h, h);
      cairo_move_to (cr, d, h);
      cairo_line_to (cr, d + h, 0);
    }
  cairo_stroke (cr);

  /* a centre medallion */
  cairo_set_source_rgb (cr, 0x1c / 255.0, 0x5a / 255.0, 0x9e / 255.0);
  cairo_arc (cr, w / 2, h / 2, w * 0.2, 0, 2 * G_PI);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.75);
  cairo_set_line_width (cr, MAX (0.8, w * 0.015));
  cairo_stroke (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.85);
  cassino_card_art_suit_path (cr, CASSINO_SUIT_SPADES, w / 2, h / 2, w * 0.2);
  cairo_fill (cr);

  cairo_restore (cr);
}

/* Cards drawn once per card, size, style and screen scale, then copied:
 * the table shows the same cards frame after frame, and drawing a face
 * (its pips and indices) costs far more than copying it.  Resizing the
 * window makes new sizes: past MAX_FACES the cache starts again. */
#define MAX_FACES 600

static GHashTable *faces;   /* gint64 key → cairo_surface_t */

static void
paint_cached (cairo_t             *cr,
              CassinoCard          card,
              double               w,
              double               h,
              CassinoCardArtFlags  flags)
{
  int width = (int) ceil (w), height = (int) ceil (h);
  double scale_x = 1.0, scale_y = 1.0, scale;
  gint64 key;
  cairo_surface_t *surface;

  if (width < 1 || height < 1)
    return;
  cairo_user_to_device_distance (cr, &scale_x, &scale_y);
  scale = CLAMP (MAX (fabs (scale_x), fabs (scale_y)), 1.0, 8.0);
  key = (gint64) card | ((gint64) MIN (width, 0xfff) << 8) | ((gint64) MIN (height, 0xfff) << 20) |
        ((gint64) flags << 32) | ((gint64) (scale * 16) << 40);

  if (faces == NULL)
    faces = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                   (GDestroyNotify) cairo_surface_destroy);
  surface = g_hash_table_lookup (faces, &key);
  if (surface == NULL)
    {
      gint64 *stored = g_new (gint64, 1);
      cairo_t *scr;

      if (g_hash_table_size (faces) >= MAX_FACES)
        g_hash_table_remove_all (faces);
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale), (int) ceil (height * scale));
      cairo_surface_set_device_scale (surface, scale, scale);
      scr = cairo_create (surface);
      if (card == CASSINO_NO_CARD)
        draw_back_direct (scr, width, height, flags);
      else
        draw_face_direct (scr, card, width, height, flags);
      cairo_destroy (scr);
      *stored = key;
      g_hash_table_insert (faces, stored, surface);
    }
  cairo_save (cr);
  cairo_scale (cr, w / width, h / height);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

/* A face, or the back (CASSINO_NO_CARD): the chosen theme's, else
 * Cassino's own from the cache. */
static void
draw_card (cairo_t             *cr,
           CassinoCard          card,
           double               w,
           double               h,
           CassinoCardArtFlags  flags)
{
  CassinoCardTheme *theme = cassino_card_theme_get_current ();

  if (theme)
    cassino_card_theme_draw (theme, cr, card, w, h);
  else
    paint_cached (cr, card, w, h, flags);
}

void
cassino_card_art_draw_face (cairo_t             *cr,
                            CassinoCard          card,
                            double               w,
                            double               h,
                            CassinoCardArtFlags  flags)
{
  draw_card (cr, card, w, h, flags);
}

void
cassino_card_art_draw_back (cairo_t             *cr,
                            double               w,
                            double               h,
                            CassinoCardArtFlags  flags)
{
  draw_card (cr, CASSINO_NO_CARD, w, h, flags);
}

guint
cassino_card_art_prepare (guint                next,
                          double               width,
                          double               height,
                          double               scale,
                          CassinoCardArtFlags  flags)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  if (next > CASSINO_N_CARDS || width < 1 || height < 1)
    return CASSINO_N_CARDS + 1;
  /* drawn onto a scratch surface of the screen's scale: the cache keeps it */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  draw_card (cr, next == CASSINO_N_CARDS ? CASSINO_NO_CARD : (CassinoCard) next, width, height, flags);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return next + 1;
}

void
cassino_card_art_draw_shadow (cairo_t *cr,
                              double   width,
                              double   height)
{
  cairo_save (cr);
  cairo_translate (cr, 0, MAX (1.0, height * 0.012));
  cassino_card_art_outline (cr, width, height);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
  cairo_fill (cr);
  cairo_restore (cr);
}

GskRenderNode *
cassino_card_art_node_new (CassinoCard          card,
                           int                  width,
                           int                  height,
                           int                  scale,
                           CassinoCardArtFlags  flags)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (-4, -4, width + 8, height + 8);
  GskRenderNode *node = gsk_cairo_node_new (&bounds);
  cairo_surface_t *image;
  cairo_t *cr;

  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, node);

  /* drawn into pixels once: the node keeps the image, and painting it
   * again is a copy, not the drawing again */
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                      (int) bounds.size.width * scale, (int) bounds.size.height * scale);
  cairo_surface_set_device_scale (image, scale, scale);
  cairo_surface_set_device_offset (image, -bounds.origin.x * scale, -bounds.origin.y * scale);
  cr = cairo_create (image);
  cassino_card_art_draw_shadow (cr, width, height);
  draw_card (cr, card, width, height, flags);
  cairo_destroy (cr);

  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (image);
  return node;
}
