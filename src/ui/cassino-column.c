/* cassino-column.c: widgets stacked top to bottom, as wide as the widest
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-column.h"

G_DEFINE_TYPE (CassinoColumn, cassino_column, GTK_TYPE_WIDGET)

static GtkSizeRequestMode
cassino_column_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
cassino_column_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_should_layout (child))
        continue;
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          /* the width it needs, whatever the height */
          gtk_widget_measure (child, orientation, -1, &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
      else
        {
          gtk_widget_measure (child, orientation, for_size, &min, &nat, NULL, NULL);
          *minimum += min;
          *natural += nat;
        }
    }
}

static void
cassino_column_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  int fixed = 0, expand_min = 0, n_expand = 0, extra, y = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      int min, nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
      if (gtk_widget_compute_expand (child, GTK_ORIENTATION_VERTICAL))
        {
          expand_min += min;
          n_expand++;
        }
      else
        fixed += nat;
    }
  /* the expanding children share what the others leave, each at least
   * its minimum; without any, the children keep to the top */
  extra = MAX (0, height - fixed - expand_min);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    {
      int min, nat, h;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &min, &nat, NULL, NULL);
      if (gtk_widget_compute_expand (child, GTK_ORIENTATION_VERTICAL))
        {
          h = min + extra / n_expand;
          extra -= extra / n_expand;
          n_expand--;
        }
      else
        h = nat;
      gtk_widget_size_allocate (child, &(GtkAllocation) { 0, y, width, h }, -1);
      y += h;
    }
}

static void
cassino_column_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (cassino_column_parent_class)->dispose (object);
}

static void
cassino_column_class_init (CassinoColumnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_column_dispose;
  widget_class->get_request_mode = cassino_column_get_request_mode;
  widget_class->measure = cassino_column_measure;
  widget_class->size_allocate = cassino_column_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "box");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cassino_column_init (CassinoColumn *self)
{
}

GtkWidget *
cassino_column_new (void)
{
  return g_object_new (CASSINO_TYPE_COLUMN, NULL);
}
