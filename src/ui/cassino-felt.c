/* cassino-felt.c: the green cloth under the table
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-felt.h"

#include <math.h>

struct _CassinoFelt
{
  CassinoColumn parent_instance;

  cairo_surface_t *light;   /* light_width × light_height device pixels */
  GdkTexture      *texture; /* the same, for renderers on the GPU */
  GskRenderNode   *node;    /* the same, for the software renderer */
  int              light_width;
  int              light_height;
};

G_DEFINE_FINAL_TYPE (CassinoFelt, cassino_felt, CASSINO_TYPE_COLUMN)

/* The light: an ellipse of the box's proportions, from white at 8% in
 * the middle to black at 18% at the corners (the CSS
 * radial-gradient(ellipse at center, …) it replaces). */
static cairo_surface_t *
paint_light (int width,
             int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  cairo_pattern_t *light;

  cairo_translate (cr, width / 2.0, height / 2.0);
  cairo_scale (cr, width / 2.0, height / 2.0);
  light = cairo_pattern_create_radial (0, 0, 0, 0, 0, G_SQRT2);
  cairo_pattern_add_color_stop_rgba (light, 0, 1, 1, 1, 0.08);
  cairo_pattern_add_color_stop_rgba (light, 1, 0, 0, 0, 0.18);
  cairo_set_source (cr, light);
  cairo_paint (cr);
  cairo_pattern_destroy (light);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static GdkTexture *
texture_of (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int height = cairo_image_surface_get_height (surface);

  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * (gsize) height,
                                      (GDestroyNotify) cairo_surface_destroy, cairo_surface_reference (surface));
  /* cairo's ARGB32 is GDK's default memory format */
  return gdk_memory_texture_new (cairo_image_surface_get_width (surface), height, GDK_MEMORY_DEFAULT, bytes,
                                 (gsize) cairo_image_surface_get_stride (surface));
}

/* The software renderer copies a texture node's pixels out at every
 * frame; it paints a cairo node's surface directly, and only where the
 * frame changed when the node is the very one of the last frame.  The
 * GPU renderers keep a texture and upload a cairo node. */
static gboolean
renders_in_software (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer (native) : NULL;

  return renderer == NULL || GSK_IS_CAIRO_RENDERER (renderer);
}

static void
cassino_felt_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  CassinoFelt *self = CASSINO_FELT (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);

  if (width > 0 && height > 0)
    {
      if (self->light == NULL || self->light_width != width * scale || self->light_height != height * scale)
        {
          g_clear_pointer (&self->light, cairo_surface_destroy);
          g_clear_object (&self->texture);
          g_clear_pointer (&self->node, gsk_render_node_unref);
          self->light_width = width * scale;
          self->light_height = height * scale;
          self->light = paint_light (self->light_width, self->light_height);
        }
      if (renders_in_software (widget))
        {
          if (self->node == NULL)
            {
              cairo_t *cr;

              self->node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
              cr = gsk_cairo_node_get_draw_context (self->node);
              cairo_scale (cr, 1.0 / scale, 1.0 / scale);
              cairo_set_source_surface (cr, self->light, 0, 0);
              cairo_paint (cr);
              cairo_destroy (cr);
            }
          gtk_snapshot_append_node (snapshot, self->node);
        }
      else
        {
          if (self->texture == NULL)
            self->texture = texture_of (self->light);
          gtk_snapshot_append_texture (snapshot, self->texture, &GRAPHENE_RECT_INIT (0, 0, width, height));
        }
    }
  GTK_WIDGET_CLASS (cassino_felt_parent_class)->snapshot (widget, snapshot);
}

static void
cassino_felt_dispose (GObject *object)
{
  CassinoFelt *self = CASSINO_FELT (object);

  g_clear_pointer (&self->light, cairo_surface_destroy);
  g_clear_object (&self->texture);
  g_clear_pointer (&self->node, gsk_render_node_unref);

  G_OBJECT_CLASS (cassino_felt_parent_class)->dispose (object);
}

static void
cassino_felt_class_init (CassinoFeltClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_felt_dispose;
  widget_class->snapshot = cassino_felt_snapshot;

}

static void
cassino_felt_init (CassinoFelt *self)
{
  gtk_widget_add_css_class (GTK_WIDGET (self), "felt");
}

GtkWidget *
cassino_felt_new (void)
{
  return g_object_new (CASSINO_TYPE_FELT, NULL);
}
