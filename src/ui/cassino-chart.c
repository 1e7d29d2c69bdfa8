/* cassino-chart.c: the statistics graphs, drawn by the project
 *
 * Two kinds: a line with an uncertainty band (rating over time) and bars
 * (win % by month, the points per deal distribution).  Drawn with cairo
 * in the widget's own colours, so they follow the light and dark styles.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-chart.h"

#include <math.h>
#include <glib/gi18n.h>

typedef enum {
  KIND_NONE,
  KIND_BAND,
  KIND_BARS,
} Kind;

struct _CassinoChart
{
  GtkWidget  parent_instance;

  Kind       kind;
  GArray    *values;
  GArray    *low;
  GArray    *high;
  GPtrArray *labels;
  double     max;
};

G_DEFINE_FINAL_TYPE (CassinoChart, cassino_chart, GTK_TYPE_WIDGET)

#define MARGIN_LEFT   44.0
#define MARGIN_BOTTOM 22.0
#define MARGIN_TOP    8.0
#define MARGIN_RIGHT  8.0

static void
get_color (GtkWidget  *widget,
           GdkRGBA    *out)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), out);
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
get_accent (GtkWidget *widget,
            GdkRGBA   *out)
{
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_color", out))
    gdk_rgba_parse (out, "#3584e4");
  G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
draw_label (GtkWidget  *widget,
            cairo_t    *cr,
            double      x,
            double      y,
            const char *text,
            double      xalign)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans 8");
  int w, h;

  pango_layout_set_font_description (layout, desc);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w * xalign, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

/* Heckbert's "nice numbers" (Graphics Gems, 1990): the 1, 2 or 5 times a
 * power of ten nearest @x (@round) or just above it. */
static double
nice_number (double   x,
             gboolean round_it)
{
  double e = floor (log10 (x));
  double f = x / pow (10, e);
  double nf;

  if (round_it)
    nf = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
  else
    nf = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
  return nf * pow (10, e);
}

guint
cassino_chart_nice_ticks (double    lo,
                          double    hi,
                          gboolean  integer,
                          guint     max_ticks,
                          double   *out_first,
                          double   *out_step)
{
  double step, first, last;

  max_ticks = MAX (max_ticks, 2u);
  if (!(hi > lo))
    hi = lo + 1;
  step = nice_number (nice_number (hi - lo, FALSE) / (max_ticks - 1), TRUE);
  if (integer && step < 1)
    step = 1;
  first = floor (lo / step) * step;
  last = ceil (hi / step) * step;
  /* rounding outwards may need one tick more than asked: a larger step */
  while ((guint) llround ((last - first) / step) + 1 > max_ticks)
    {
      step = nice_number (step * 1.5, FALSE);
      first = floor (lo / step) * step;
      last = ceil (hi / step) * step;
    }
  *out_first = first;
  *out_step = step;
  return (guint) llround ((last - first) / step) + 1;
}

/* The data's range, widened to the axis ticks. */
static guint
range (CassinoChart *self,
       double       *out_lo,
       double       *out_step)
{
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  gboolean integer = FALSE;

  if (self->kind == KIND_BARS)
    {
      /* counts (whole numbers) or percentages (whole percent) */
      lo = 0;
      hi = self->max;
      integer = TRUE;
      for (guint i = 0; i < self->values->len; i++)
        hi = MAX (hi, g_array_index (self->values, double, i));
      if (hi <= 0)
        hi = 1;
    }
  else
    {
      for (guint i = 0; i < self->values->len; i++)
        {
          lo = MIN (lo, g_array_index (self->low, double, i));
          hi = MAX (hi, g_array_index (self->high, double, i));
        }
      if (lo > hi)
        lo = 0, hi = 1;
      integer = TRUE;   /* ratings are shown as whole numbers */
    }
  return cassino_chart_nice_ticks (lo, hi, integer, 5, out_lo, out_step);
}

static void
cassino_chart_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  CassinoChart *self = CASSINO_CHART (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double pw = w - MARGIN_LEFT - MARGIN_RIGHT, ph = h - MARGIN_TOP - MARGIN_BOTTOM;
  double lo, hi, step;
  guint n = self->values->len, n_ticks;
  GdkRGBA fg, accent;
  cairo_t *cr;

  if (pw < 10 || ph < 10)
    return;
  get_color (widget, &fg);
  get_accent (widget, &accent);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  n_ticks = range (self, &lo, &step);
  hi = lo + step * (n_ticks - 1);

  /* grid and axis labels: one line a tick */
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < n_ticks; i++)
    {
      double v = lo + step * i;
      double y = MARGIN_TOP + ph - ph * i / (double) (n_ticks - 1);
      int digits = step < 1 ? (int) ceil (-log10 (step)) : 0;
      g_autofree char *text = self->kind == KIND_BARS && self->max == 100 ?
                              g_strdup_printf ("%.*f%%", digits, v) : g_strdup_printf ("%.*f", digits, v);

      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
      cairo_move_to (cr, MARGIN_LEFT, round (y) + 0.5);
      cairo_line_to (cr, MARGIN_LEFT + pw, round (y) + 0.5);
      cairo_stroke (cr);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
      draw_label (widget, cr, MARGIN_LEFT - 6, y, text, 1.0);
    }

  if (n == 0)
    {
      cairo_destroy (cr);
      return;
    }

  if (self->kind == KIND_BAND)
    {
      double dx = n > 1 ? pw / (n - 1) : 0;
#define Y(v) (MARGIN_TOP + ph - ph * ((v) - lo) / (hi - lo))

      /* the band: high forwards, low backwards (from its first point, not
       * from where the last axis label left cairo's pen) */
      cairo_new_path (cr);
      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.18);
      for (guint i = 0; i < n; i++)
        cairo_line_to (cr, MARGIN_LEFT + i * dx, Y (g_array_index (self->high, double, i)));
      for (guint i = n; i > 0; i--)
        cairo_line_to (cr, MARGIN_LEFT + (i - 1) * dx, Y (g_array_index (self->low, double, i - 1)));
      cairo_close_path (cr);
      cairo_fill (cr);

      cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1.0);
      cairo_set_line_width (cr, 2);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      for (guint i = 0; i < n; i++)
        cairo_line_to (cr, MARGIN_LEFT + i * dx, Y (g_array_index (self->values, double, i)));
      cairo_stroke (cr);
      if (n == 1)
        {
          cairo_arc (cr, MARGIN_LEFT, Y (g_array_index (self->values, double, 0)), 3, 0, 2 * G_PI);
          cairo_fill (cr);
        }
#undef Y
    }
  else
    {
      double slot = pw / n;
      double bar = MAX (1.0, slot * 0.7);
      guint every = MAX (1u, (guint) ceil (48.0 / slot));   /* labels at least 48 px apart */

      for (guint i = 0; i < n; i++)
        {
          double v = g_array_index (self->values, double, i);
          double bh = ph * (v - lo) / (hi - lo);
          const char *label = self->labels && i < self->labels->len ? self->labels->pdata[i] : NULL;

          cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.85);
          cairo_rectangle (cr, MARGIN_LEFT + i * slot + (slot - bar) / 2, MARGIN_TOP + ph - bh, bar, bh);
          cairo_fill (cr);
          if (label && i % every == 0)
            {
              cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
              draw_label (widget, cr, MARGIN_LEFT + i * slot + slot / 2, h - MARGIN_BOTTOM / 2, label, 0.5);
            }
        }
    }
  cairo_destroy (cr);
}

static void
cassino_chart_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 160;
      *natural = 480;
    }
  else
    {
      *minimum = 120;
      *natural = 180;
    }
}

static void
cassino_chart_finalize (GObject *object)
{
  CassinoChart *self = CASSINO_CHART (object);

  g_array_unref (self->values);
  g_array_unref (self->low);
  g_array_unref (self->high);
  g_clear_pointer (&self->labels, g_ptr_array_unref);

  G_OBJECT_CLASS (cassino_chart_parent_class)->finalize (object);
}

static void
cassino_chart_class_init (CassinoChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cassino_chart_finalize;
  widget_class->snapshot = cassino_chart_snapshot;
  widget_class->measure = cassino_chart_measure;
  gtk_widget_class_set_css_name (widget_class, "cassinochart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
cassino_chart_init (CassinoChart *self)
{
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  self->low = g_array_new (FALSE, FALSE, sizeof (double));
  self->high = g_array_new (FALSE, FALSE, sizeof (double));
}

CassinoChart *
cassino_chart_new (void)
{
  return g_object_new (CASSINO_TYPE_CHART, NULL);
}

void
cassino_chart_set_band (CassinoChart  *self,
                        const double  *values,
                        const double  *low,
                        const double  *high,
                        guint          n)
{
  g_return_if_fail (CASSINO_IS_CHART (self));

  self->kind = KIND_BAND;
  g_array_set_size (self->values, 0);
  g_array_set_size (self->low, 0);
  g_array_set_size (self->high, 0);
  g_array_append_vals (self->values, values, n);
  g_array_append_vals (self->low, low, n);
  g_array_append_vals (self->high, high, n);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
cassino_chart_set_bars (CassinoChart       *self,
                        const double       *values,
                        const char *const  *labels,
                        guint               n,
                        double              max)
{
  g_return_if_fail (CASSINO_IS_CHART (self));

  self->kind = KIND_BARS;
  self->max = max;
  g_array_set_size (self->values, 0);
  g_array_append_vals (self->values, values, n);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  self->labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->labels, g_strdup (labels ? labels[i] : NULL));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
cassino_chart_get_n_values (CassinoChart *self)
{
  g_return_val_if_fail (CASSINO_IS_CHART (self), 0);
  return self->values->len;
}

double
cassino_chart_get_value (CassinoChart *self,
                         guint         index)
{
  g_return_val_if_fail (CASSINO_IS_CHART (self), 0);
  g_return_val_if_fail (index < self->values->len, 0);
  return g_array_index (self->values, double, index);
}
