/* cassino-card-widget.c: one card, a face-down hand, the stock or a build
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-card-widget.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "cassino-card-art.h"
#include "cassino-card-theme.h"

typedef enum {
  KIND_CARD,
  KIND_BUILD,
  KIND_STACK,
} Kind;

typedef struct {
  Kind                kind;
  CassinoCard         card;
  CassinoCards        cards;
  guint               value;
  gboolean            multiple;
  gboolean            fan;
  guint               count;
  gboolean            face_down;
  gboolean            liftable;
  CassinoCardMarks    marks;
  CassinoCardArtFlags flags;
  GtkStateFlags       focus;
  gboolean            keyboard;
  int                 width;
  int                 height;
  gconstpointer       theme;
  GdkRGBA             color;
  CassinoCard         missing;
} DrawnState;

struct _CassinoCardWidget
{
  GtkWidget         parent_instance;

  Kind              kind;
  CassinoCard       card;
  CassinoCards      cards;
  guint             value;
  char             *owner_name;
  gboolean          multiple;
  gboolean          fan;          /* a build drawn as a bare fan: a hand shown in a replay */
  guint             count;
  gboolean          face_down;
  gboolean          liftable;
  gboolean          four_color;
  CassinoCardMarks  marks;
  CassinoCard       missing;      /* on its way here: not drawn yet */
  char             *name;         /* what it is, when its cards do not say it ("The stock") */
  gboolean          keyboard;     /* played by keyboard: the focus ring stays */
  gboolean          ring_drawn;   /* the last drawing had the focus ring */

  /* the last drawing and what it showed: drawn again only when that
   * changes, so that a frame redraws only what moved */
  GskRenderNode    *node;
  DrawnState        drawn;
};

G_DEFINE_FINAL_TYPE (CassinoCardWidget, cassino_card_widget, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CARD,
  PROP_FACE_DOWN,
  PROP_MARKS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define LIFT 0.14  /* of the card's height */

static void
update_accessible (CassinoCardWidget *self)
{
  g_autofree char *label = NULL;

  switch (self->kind)
    {
    case KIND_CARD:
      if (self->face_down || self->card == CASSINO_NO_CARD)
        label = g_strdup (_("Card face down"));
      else if (self->count > 1)
        {
          g_autofree char *top = cassino_card_full_name (self->card);

          /* Translators: accessible name of Xeri's pile on the table, e.g.
           * "Pile of 5 cards, seven of hearts on top" */
          label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Pile of %u card, %s on top",
                                                "Pile of %u cards, %s on top", self->count),
                                   self->count, top);
        }
      else
        label = cassino_card_full_name (self->card);
      break;
    case KIND_STACK:
      label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card face down",
                                            "%u cards face down", self->count),
                               self->count);
      break;
    case KIND_BUILD:
      {
        g_autofree char *names = cassino_cards_short_names (self->cards, " ");

        if (self->fan)
          /* Translators: accessible name of a hand shown face up in a replay, e.g. "Cards: 3♣ 5♥" */
          label = g_strdup_printf (_("Cards: %s"), names);
        else if (self->multiple)
          /* Translators: accessible name of a build, e.g. "Multiple build of 8 owned by Anna: 3♣ 5♥ 8♦" */
          label = g_strdup_printf (_("Multiple build of %u owned by %s: %s"),
                                   self->value, self->owner_name, names);
        else
          /* Translators: accessible name of a build, e.g. "Build of 8 owned by Anna: 3♣ 5♥" */
          label = g_strdup_printf (_("Build of %u owned by %s: %s"),
                                   self->value, self->owner_name, names);
      }
      break;
    default:
      g_assert_not_reached ();
    }

  if (self->marks & CASSINO_CARD_MARK_SELECTED)
    {
      /* Translators: appended to a card's accessible name */
      char *more = g_strdup_printf (_("%s, selected"), label);
      g_free (label);
      label = more;
    }
  else if (self->marks & CASSINO_CARD_MARK_CHOSEN)
    {
      /* Translators: appended to a table card's accessible name */
      char *more = g_strdup_printf (_("%s, chosen"), label);
      g_free (label);
      label = more;
    }

  if (self->name)
    {
      /* Translators: accessible name of a card or stack with a name of
       * its own, e.g. "The stock: 30 cards face down" */
      char *more = g_strdup_printf (_("%s: %s"), self->name, label);

      g_free (label);
      label = more;
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  /* a dimmed card has no legal move: a screen reader says it is unavailable */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self),
                               GTK_ACCESSIBLE_STATE_DISABLED, (self->marks & CASSINO_CARD_MARK_DIMMED) != 0,
                               -1);
  /* (a name of its own stays its tooltip: the stock's "The stock" was
   * cleared at its first count) */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               self->kind == KIND_BUILD ? label : self->name);
  /* a build's tooltip is its name: a screen reader says it once (GTK
   * makes a tooltip the description too) */
  if (self->kind == KIND_BUILD)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static CassinoCardArtFlags
art_flags (CassinoCardWidget *self)
{
  CassinoCardArtFlags flags = 0;

  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    flags |= CASSINO_CARD_ART_DARK;
  if (self->four_color)
    flags |= CASSINO_CARD_ART_FOUR_COLOR;
  return flags;
}

void
cassino_card_widget_get_card_rect (CassinoCardWidget *self,
                                   graphene_rect_t   *out)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double ch, cw;

  if (self->kind == KIND_BUILD && !self->fan)
    h = h / (1.0 + CASSINO_CARD_WIDGET_BUILD_BAND);
  if (self->liftable)
    h = h / (1.0 + LIFT);

  ch = MIN (h, (self->kind == KIND_CARD ? w : w) * CASSINO_CARD_ASPECT);
  cw = ch / CASSINO_CARD_ASPECT;
  if (self->kind != KIND_CARD)
    {
      /* fans and stacks fill the width */
      ch = h;
      cw = MIN (w, ch / CASSINO_CARD_ASPECT);
    }

  graphene_rect_init (out, self->kind == KIND_CARD ? (w - cw) / 2 : 0,
                      self->liftable ? h * LIFT : 0, cw, ch);
  if (self->liftable && (self->marks & CASSINO_CARD_MARK_SELECTED))
    out->origin.y = 0;
}

static void
lookup_color (GtkWidget  *widget,
              const char *name,
              GdkRGBA    *out,
              const char *fallback)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, out))
    gdk_rgba_parse (out, fallback);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

/* Whether the focus ring is drawn: GTK shows the focus for three seconds
 * after the last key (gtk_window_set_focus_visible()), and the other
 * players take longer than that; a table played by keyboard keeps it, so
 * that the card the next key acts on can be seen when the turn comes. */
static gboolean
shows_focus (CassinoCardWidget *self)
{
  GtkStateFlags flags = gtk_widget_get_state_flags (GTK_WIDGET (self));

  return (flags & GTK_STATE_FLAG_FOCUS_VISIBLE) || (self->keyboard && (flags & GTK_STATE_FLAG_FOCUSED));
}

/* The marks of a card (or a fan) of @w × @h; the keyboard focus ring
 * goes around @focus_h of height (a build's whole, its owner's name
 * under the fan included: the ring around the fan alone crossed it). */
static double
mark_line_width (double w)
{
  return MAX (2.5, w * 0.045);
}

static double
focus_ring_width (double w)
{
  return MAX (3.0, w * 0.03);
}

double
cassino_card_widget_get_mark_outset (double card_width)
{
  double lw = mark_line_width (card_width);
  double ring = focus_ring_width (card_width);

  /* the focus ring outside the hint's (draw_highlight()), with its dark edges */
  return lw + 7 + ring / 2 + (ring + 3) / 2;
}

static void
draw_highlight (CassinoCardWidget *self,
                cairo_t           *cr,
                double             w,
                double             h,
                double             focus_h)
{
  GdkRGBA accent, hint;
  double lw = mark_line_width (w);

  lookup_color (GTK_WIDGET (self), "accent_color", &accent, "#3584e4");
  gdk_rgba_parse (&hint, "#f6d32d");

  if (self->marks & CASSINO_CARD_MARK_DIMMED)
    {
      cassino_card_art_outline (cr, w, h);
      cairo_set_source_rgba (cr, 0.2, 0.2, 0.2, 0.38);
      cairo_fill (cr);
    }

  if (self->marks & CASSINO_CARD_MARK_CHOSEN)
    {
      cassino_card_art_outline (cr, w, h);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.18);
      cairo_fill (cr);
    }

  if (self->marks & (CASSINO_CARD_MARK_SELECTED | CASSINO_CARD_MARK_CHOSEN | CASSINO_CARD_MARK_TARGET))
    {
      double pad = lw / 2 + 1;

      cairo_save (cr);
      cairo_translate (cr, -pad, -pad);
      cassino_card_art_outline (cr, w + 2 * pad, h + 2 * pad);
      cairo_restore (cr);
      if (self->marks & (CASSINO_CARD_MARK_SELECTED | CASSINO_CARD_MARK_CHOSEN))
        cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1.0);
      else
        {
          /* legal targets: a softer, dashed ring */
          double dash[] = { lw * 2, lw * 1.2 };
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.85);
        }
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  if (self->marks & CASSINO_CARD_MARK_CHOSEN)
    {
      /* a check badge in the top right corner */
      double r = MAX (8.0, w * 0.13);
      double cx = w - r * 0.6, cy = r * 0.6;

      cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1.0);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, r * 0.28);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, cx - r * 0.45, cy + r * 0.02);
      cairo_line_to (cr, cx - r * 0.1, cy + r * 0.38);
      cairo_line_to (cr, cx + r * 0.48, cy - r * 0.35);
      cairo_stroke (cr);
    }

  if (self->marks & CASSINO_CARD_MARK_HINT)
    {
      double pad = lw + 3;

      cairo_save (cr);
      cairo_translate (cr, -pad, -pad);
      cassino_card_art_outline (cr, w + 2 * pad, h + 2 * pad);
      cairo_restore (cr);
      cairo_set_source_rgba (cr, hint.red, hint.green, hint.blue, 1.0);
      cairo_set_line_width (cr, lw);
      cairo_stroke (cr);
    }

  if (shows_focus (self))
    {
      /* the keyboard focus: a white ring between dark edges, seen on the
       * felt, on a light or a dark card and beside the accent rings alike */
      double ring = focus_ring_width (w);
      double pad = lw + (self->marks & CASSINO_CARD_MARK_HINT ? 7 : 3) + ring / 2;

      cairo_save (cr);
      cairo_translate (cr, -pad, -pad);
      cassino_card_art_outline (cr, w + 2 * pad, focus_h + 2 * pad);
      cairo_restore (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.75);
      cairo_set_line_width (cr, ring + 3);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, ring);
      cairo_stroke (cr);
    }
}

/* A badge's figures, drawn once per text, size and screen scale: the
 * hand counts of the other players change at every move, and laying out
 * text costs more than copying it. */
typedef struct {
  cairo_surface_t *surface;
  double           x, y;        /* where its origin goes, from the centre */
} BadgeText;

#define MAX_BADGE_TEXTS 256

static GHashTable *badge_texts;   /* "text|size|scale" → BadgeText */

static void
badge_text_free (BadgeText *b)
{
  cairo_surface_destroy (b->surface);
  g_free (b);
}

static void
paint_badge_text (cairo_t    *cr,
                  double      cx,
                  double      cy,
                  double      r,
                  const char *text)
{
  double sx = 1.0, sy = 1.0, scale;
  int size = (int) round (r * 1.1 * 4);   /* quarter pixels */
  g_autofree char *key = NULL;
  BadgeText *b;

  cairo_user_to_device_distance (cr, &sx, &sy);
  scale = CLAMP (MAX (fabs (sx), fabs (sy)), 1.0, 8.0);
  key = g_strdup_printf ("%s|%d|%d", text, size, (int) (scale * 16));
  if (badge_texts == NULL)
    badge_texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) badge_text_free);
  b = g_hash_table_lookup (badge_texts, key);
  if (b == NULL)
    {
      cairo_surface_t *measure = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
      cairo_t *mcr = cairo_create (measure);
      PangoLayout *layout = pango_cairo_create_layout (mcr);
      PangoFontDescription *desc = pango_font_description_from_string ("Sans Bold");
      PangoRectangle ink;
      cairo_t *tcr;

      pango_font_description_set_absolute_size (desc, size / 4.0 * PANGO_SCALE);
      pango_layout_set_font_description (layout, desc);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_extents (layout, &ink, NULL);

      b = g_new0 (BadgeText, 1);
      b->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                               (int) ceil ((ink.width + 2) * scale),
                                               (int) ceil ((ink.height + 2) * scale));
      cairo_surface_set_device_scale (b->surface, scale, scale);
      b->x = -ink.width / 2.0 - 1;
      b->y = -ink.height / 2.0 - 1;
      tcr = cairo_create (b->surface);
      cairo_set_source_rgb (tcr, 1, 1, 1);
      cairo_move_to (tcr, 1 - ink.x, 1 - ink.y);
      pango_cairo_show_layout (tcr, layout);
      cairo_destroy (tcr);

      pango_font_description_free (desc);
      g_object_unref (layout);
      cairo_destroy (mcr);
      cairo_surface_destroy (measure);
      if (g_hash_table_size (badge_texts) >= MAX_BADGE_TEXTS)
        g_hash_table_remove_all (badge_texts);
      g_hash_table_insert (badge_texts, g_steal_pointer (&key), b);
    }
  {
    /* on whole pixels, as crisp as the text drawn there */
    double x = cx + b->x, y = cy + b->y;

    cairo_user_to_device (cr, &x, &y);
    x = round (x);
    y = round (y);
    cairo_device_to_user (cr, &x, &y);
    cairo_set_source_surface (cr, b->surface, x, y);
    cairo_paint (cr);
  }
}

static void
draw_badge (GtkWidget  *widget,
            cairo_t    *cr,
            double      cx,
            double      cy,
            double      r,
            const char *text,
            gboolean    accent,
            gboolean    lock)
{
  GdkRGBA bg;

  if (accent)
    lookup_color (widget, "accent_bg_color", &bg, "#3584e4");
  else
    gdk_rgba_parse (&bg, "#241f31");

  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, bg.red, bg.green, bg.blue, 0.95);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, MAX (1.0, r * 0.12));
  cairo_stroke (cr);

  paint_badge_text (cr, cx, cy, r, text);

  if (lock)
    {
      /* a small padlock below the badge: the build is multiple */
      double lx = cx, ly = cy + r * 1.45, s = r * 0.55;

      cairo_new_sub_path (cr);
      cairo_arc (cr, lx, ly - s * 0.35, s * 0.45, G_PI, 0);
      cairo_set_line_width (cr, s * 0.22);
      cairo_set_source_rgba (cr, bg.red, bg.green, bg.blue, 1);
      cairo_stroke (cr);
      cairo_rectangle (cr, lx - s * 0.7, ly - s * 0.35, s * 1.4, s * 1.05);
      cairo_fill (cr);
    }
}

static void
draw_text_band (GtkWidget  *widget,
                cairo_t    *cr,
                double      w,
                double      top,
                double      h,
                const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans Bold");
  PangoRectangle logical;
  GdkRGBA fg;

  pango_font_description_set_absolute_size (desc, CLAMP (h * 0.62, 9.0, 16.0) * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) (w * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_extents (layout, NULL, &logical);
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha);
  cairo_move_to (cr, 0, top + (h - logical.height) / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

static void
cassino_card_widget_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  CassinoCardWidget *self = CASSINO_CARD_WIDGET (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  CassinoCardArtFlags flags = art_flags (self);
  graphene_rect_t rect, bounds;
  cairo_t *cr;
  cairo_surface_t *image;
  int scale;
  DrawnState state;

  if (w < 2 || h < 2)
    return;

  memset (&state, 0, sizeof state);
  state.kind = self->kind;
  state.card = self->card;
  state.cards = self->cards;
  state.value = self->value;
  state.multiple = self->multiple;
  state.fan = self->fan;
  state.count = self->count;
  state.face_down = self->face_down;
  state.liftable = self->liftable;
  state.marks = self->marks;
  state.missing = self->missing;
  state.flags = flags;
  state.focus = gtk_widget_get_state_flags (widget) & (GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUSED);
  state.keyboard = self->keyboard;
  state.width = (int) w;
  state.height = (int) h;
  state.theme = cassino_card_theme_get_current ();
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &state.color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  self->ring_drawn = shows_focus (self);
  if (self->node && memcmp (&state, &self->drawn, sizeof state) == 0)
    {
      gtk_snapshot_append_node (snapshot, self->node);
      return;
    }

  cassino_card_widget_get_card_rect (self, &rect);
  /* leave room for rings and badges around the card */
  graphene_rect_init (&bounds, -16, -16, w + 32, h + 32);
  g_clear_pointer (&self->node, gsk_render_node_unref);
  self->node = gsk_cairo_node_new (&bounds);
  self->drawn = state;
  /* drawn once into pixels at the screen's scale: the node keeps the
   * image, so that painting it again is a copy, not the drawing again */
  scale = gtk_widget_get_scale_factor (widget);
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                      (int) ceil (bounds.size.width * scale),
                                      (int) ceil (bounds.size.height * scale));
  cairo_surface_set_device_scale (image, scale, scale);
  cairo_surface_set_device_offset (image, -bounds.origin.x * scale, -bounds.origin.y * scale);
  cr = cairo_create (image);

  switch (self->kind)
    {
    case KIND_CARD:
      if (self->missing != CASSINO_NO_CARD && self->missing == self->card)
        break;
      cairo_translate (cr, rect.origin.x, rect.origin.y);
      /* a pile (capture_mode "pile"): the cards under the top one show
       * as edges behind it */
      for (guint i = MIN (self->count, 4u); i-- > 1;)
        {
          cairo_save (cr);
          cairo_translate (cr, -3.0 * i, -3.0 * i);
          cassino_card_art_draw_shadow (cr, rect.size.width, rect.size.height);
          cassino_card_art_draw_back (cr, rect.size.width, rect.size.height, flags);
          cairo_restore (cr);
        }
      cassino_card_art_draw_shadow (cr, rect.size.width, rect.size.height);
      if (self->face_down || self->card == CASSINO_NO_CARD)
        cassino_card_art_draw_back (cr, rect.size.width, rect.size.height, flags);
      else
        cassino_card_art_draw_face (cr, self->card, rect.size.width, rect.size.height, flags);
      draw_highlight (self, cr, rect.size.width, rect.size.height, rect.size.height);
      if (self->count > 1)
        {
          /* the pile's depth in a badge at the top right corner */
          g_autofree char *text = g_strdup_printf ("%u", self->count);
          double r = MAX (9.0, rect.size.width * 0.16);

          draw_badge (widget, cr, rect.size.width - r * 0.55, r * 0.55, r, text, FALSE, FALSE);
        }
      break;

    case KIND_STACK:
      {
        guint shown = MIN (self->count, 4u);
        double cw = rect.size.width, ch = rect.size.height;
        double off = shown > 1 ? MIN (cw * 0.06, (w - cw) / (shown - 1)) : 0;

        for (guint i = 0; i < shown; i++)
          {
            cairo_save (cr);
            cairo_translate (cr, i * off, 0);
            cassino_card_art_draw_shadow (cr, cw, ch);
            cassino_card_art_draw_back (cr, cw, ch, flags);
            cairo_restore (cr);
          }
        if (self->count > 0)
          {
            g_autofree char *text = g_strdup_printf ("%u", self->count);
            draw_badge (widget, cr, cw / 2 + (shown - 1) * off, ch / 2,
                        MAX (9.0, cw * 0.2), text, FALSE, FALSE);
          }
        else
          {
            double dash[] = { 4, 4 };

            cassino_card_art_outline (cr, cw, ch);
            cairo_set_dash (cr, dash, 2, 0);
            cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
            cairo_set_line_width (cr, 2);
            cairo_stroke (cr);
          }
      }
      break;

    case KIND_BUILD:
      {
        guint n = cassino_cards_count (self->cards), i = 0;
        double cw = rect.size.width, ch = rect.size.height;
        double off = n > 1 ? (w - cw) / (n - 1) : 0;
        CassinoCard c;
        g_autofree char *value = g_strdup_printf ("%u", self->value);

        CASSINO_CARDS_FOREACH (c, self->cards)
          {
            if (c == self->missing)
              {
                /* its place stays free until it lands */
                i++;
                continue;
              }
            cairo_save (cr);
            cairo_translate (cr, i * off, 0);
            cassino_card_art_draw_shadow (cr, cw, ch);
            cassino_card_art_draw_face (cr, c, cw, ch, flags);
            cairo_restore (cr);
            i++;
          }

        /* one outline and tint for the whole fan */
        draw_highlight (self, cr, w, ch, !self->fan && self->missing == CASSINO_NO_CARD ? h : ch);

        if (!self->fan && self->missing == CASSINO_NO_CARD)
          {
            /* the value in the free top right corner of the fan */
            double r = MAX (11.0, cw * 0.2);

            draw_badge (widget, cr, w - r * 0.55, r * 0.55, r, value, TRUE, self->multiple);
            draw_text_band (widget, cr, w, ch, h - ch, self->owner_name ? self->owner_name : "");
          }
      }
      break;

    default:
      g_assert_not_reached ();
    }

  cairo_destroy (cr);

  cr = gsk_cairo_node_get_draw_context (self->node);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (image);
  gtk_snapshot_append_node (snapshot, self->node);
}

static void
cassino_card_widget_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  int w, h;

  /* a size request is the size: seat panels ask for small stacks */
  gtk_widget_get_size_request (widget, &w, &h);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = w > 0 ? w : 30;
      *natural = w > 0 ? w : 90;
    }
  else
    {
      *minimum = h > 0 ? h : 42;
      *natural = h > 0 ? h : 126;
    }
}

static void
cassino_card_widget_state_flags_changed (GtkWidget     *widget,
                                         GtkStateFlags  previous)
{
  GTK_WIDGET_CLASS (cassino_card_widget_parent_class)->state_flags_changed (widget, previous);
  if ((previous ^ gtk_widget_get_state_flags (widget)) & (GTK_STATE_FLAG_FOCUS_VISIBLE | GTK_STATE_FLAG_FOCUSED))
    gtk_widget_queue_draw (widget);
}

/* Whether the focus ring is drawn now (its state says so; tests). */
gboolean
cassino_card_widget_shows_focus (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), FALSE);
  return shows_focus (self);
}

/* Whether the last drawing of the card had the focus ring: a key's
 * handler learns whether the player could see the focus before the key
 * (GTK shows it from the key press on). */
gboolean
cassino_card_widget_ring_drawn (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), FALSE);
  return self->node != NULL && self->ring_drawn;
}

/**
 * cassino_card_widget_set_keyboard:
 * @keyboard: whether the player uses the keyboard (the last input to the
 *   table was a key, not the pointer)
 *
 * A card played by keyboard keeps its focus ring while it has the focus,
 * also after GTK hides focus rings.
 */
void
cassino_card_widget_set_keyboard (CassinoCardWidget *self,
                                  gboolean           keyboard)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  keyboard = !!keyboard;
  if (self->keyboard == keyboard)
    return;
  self->keyboard = keyboard;
  if (gtk_widget_has_focus (GTK_WIDGET (self)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
cassino_card_widget_finalize (GObject *object)
{
  CassinoCardWidget *self = CASSINO_CARD_WIDGET (object);

  g_free (self->owner_name);
  g_free (self->name);
  g_clear_pointer (&self->node, gsk_render_node_unref);

  G_OBJECT_CLASS (cassino_card_widget_parent_class)->finalize (object);
}

static void
cassino_card_widget_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CassinoCardWidget *self = CASSINO_CARD_WIDGET (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_int (value, self->card == CASSINO_NO_CARD ? -1 : self->card);
      break;
    case PROP_FACE_DOWN:
      g_value_set_boolean (value, self->face_down);
      break;
    case PROP_MARKS:
      g_value_set_uint (value, self->marks);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_card_widget_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CassinoCardWidget *self = CASSINO_CARD_WIDGET (object);

  switch (prop_id)
    {
    case PROP_CARD:
      {
        int card = g_value_get_int (value);
        cassino_card_widget_set_card (self, card < 0 ? CASSINO_NO_CARD : (CassinoCard) card);
      }
      break;
    case PROP_FACE_DOWN:
      cassino_card_widget_set_face_down (self, g_value_get_boolean (value));
      break;
    case PROP_MARKS:
      cassino_card_widget_set_marks (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_card_widget_class_init (CassinoCardWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cassino_card_widget_finalize;
  object_class->get_property = cassino_card_widget_get_property;
  object_class->set_property = cassino_card_widget_set_property;

  widget_class->snapshot = cassino_card_widget_snapshot;
  widget_class->measure = cassino_card_widget_measure;
  widget_class->state_flags_changed = cassino_card_widget_state_flags_changed;

  properties[PROP_CARD] =
    g_param_spec_int ("card", NULL, NULL, -1, CASSINO_N_CARDS - 1, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FACE_DOWN] =
    g_param_spec_boolean ("face-down", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MARKS] =
    g_param_spec_uint ("marks", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "cassinocard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
on_dark_changed_cb (AdwStyleManager *manager,
                    GParamSpec      *pspec,
                    GtkWidget       *widget)
{
  gtk_widget_queue_draw (widget);
}

static void
cassino_card_widget_init (CassinoCardWidget *self)
{
  self->card = CASSINO_NO_CARD;
  self->missing = CASSINO_NO_CARD;
  self->kind = KIND_CARD;
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_VISIBLE);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed_cb), self, 0);
  update_accessible (self);
}

CassinoCardWidget *
cassino_card_widget_new (void)
{
  return g_object_new (CASSINO_TYPE_CARD_WIDGET, NULL);
}

void
cassino_card_widget_set_card (CassinoCardWidget *self,
                              CassinoCard        card)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->kind == KIND_CARD && self->card == card && self->count == 0)
    return;
  self->kind = KIND_CARD;
  self->fan = FALSE;
  self->count = 0;
  self->card = card;
  self->cards = card < CASSINO_N_CARDS ? CASSINO_CARD_BIT (card) : 0;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
}

void
cassino_card_widget_set_pile (CassinoCardWidget *self,
                              CassinoCards       cards,
                              CassinoCard        top)
{
  guint count = cassino_cards_count (cards);

  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->kind == KIND_CARD && self->card == top && self->cards == cards && self->count == count)
    return;
  self->kind = KIND_CARD;
  self->fan = FALSE;
  self->card = top;
  self->cards = cards;
  self->count = count;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD]);
}

guint
cassino_card_widget_get_pile_depth (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), 0);
  return self->kind == KIND_CARD ? self->count : 0;
}

CassinoCard
cassino_card_widget_get_card (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), CASSINO_NO_CARD);
  return self->card;
}

void
cassino_card_widget_set_face_down (CassinoCardWidget *self,
                                   gboolean           face_down)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  face_down = !!face_down;
  if (self->face_down == face_down)
    return;
  self->face_down = face_down;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FACE_DOWN]);
}

gboolean
cassino_card_widget_get_face_down (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), FALSE);
  return self->face_down;
}

void
cassino_card_widget_set_build (CassinoCardWidget *self,
                               CassinoCards       cards,
                               guint              value,
                               const char        *owner_name,
                               gboolean           multiple)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  /* the table shows the same builds move after move: drawn again only
   * when one changed */
  if (self->kind == KIND_BUILD && !self->fan && self->cards == cards && self->value == value &&
      self->multiple == !!multiple && g_strcmp0 (self->owner_name, owner_name) == 0)
    return;
  self->kind = KIND_BUILD;
  self->fan = FALSE;
  self->card = CASSINO_NO_CARD;
  self->cards = cards;
  self->value = value;
  self->multiple = !!multiple;
  g_free (self->owner_name);
  self->owner_name = g_strdup (owner_name);
  g_clear_pointer (&self->node, gsk_render_node_unref);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
cassino_card_widget_is_build (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), FALSE);
  return self->kind == KIND_BUILD && !self->fan;
}

void
cassino_card_widget_set_fan (CassinoCardWidget *self,
                             CassinoCards       cards)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->kind == KIND_BUILD && self->fan && self->cards == cards)
    return;
  self->kind = KIND_BUILD;
  self->fan = TRUE;
  self->card = CASSINO_NO_CARD;
  self->cards = cards;
  self->value = 0;
  self->multiple = FALSE;
  g_clear_pointer (&self->owner_name, g_free);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

CassinoCards
cassino_card_widget_get_cards (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), 0);
  return self->cards;
}

void
cassino_card_widget_set_name (CassinoCardWidget *self,
                              const char        *name)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  update_accessible (self);
}

const char *
cassino_card_widget_get_name (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), NULL);
  return self->name;
}

void
cassino_card_widget_set_stack (CassinoCardWidget *self,
                               guint              count)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->kind == KIND_STACK && self->count == count)
    return;
  self->kind = KIND_STACK;
  self->fan = FALSE;
  self->count = count;
  self->cards = 0;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A card of this item that is still on its way here (a trailed card, or
 * the card that makes a build): the others are drawn, its place is left
 * free, and a build's value and owner wait until it lands. */
void
cassino_card_widget_set_missing (CassinoCardWidget *self,
                                 CassinoCard        card)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->missing == card)
    return;
  self->missing = card;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

CassinoCard
cassino_card_widget_get_missing (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), CASSINO_NO_CARD);
  return self->missing;
}

void
cassino_card_widget_set_marks (CassinoCardWidget *self,
                               CassinoCardMarks   marks)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->marks == marks)
    return;
  self->marks = marks;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKS]);
}

CassinoCardMarks
cassino_card_widget_get_marks (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), 0);
  return self->marks;
}

void
cassino_card_widget_set_liftable (CassinoCardWidget *self,
                                  gboolean           liftable)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));
  self->liftable = !!liftable;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

CassinoCardArtFlags
cassino_card_widget_get_art_flags (CassinoCardWidget *self)
{
  g_return_val_if_fail (CASSINO_IS_CARD_WIDGET (self), 0);
  return art_flags (self);
}

void
cassino_card_widget_set_four_color (CassinoCardWidget *self,
                                    gboolean           four_color)
{
  g_return_if_fail (CASSINO_IS_CARD_WIDGET (self));

  if (self->four_color == !!four_color)
    return;
  self->four_color = !!four_color;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
