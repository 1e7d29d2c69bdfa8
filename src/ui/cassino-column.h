/* cassino-column.h: widgets stacked top to bottom, as wide as the widest
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A vertical stack: each child at its natural height for the width, and
 * the children that expand vertically share what is left.
 *
 * Unlike a vertical GtkBox, its width never depends on its height.  A
 * GtkBox asked for its width at a given height (a horizontal box asks so
 * of its children, and so does AdwFlap) measures each wrapping label in
 * it at width after width to find the narrowest that fits; the prompt
 * under the table changes at every move, and that search cost more than
 * the rest of the frame that starts a card's flight. */
#define CASSINO_TYPE_COLUMN (cassino_column_get_type ())
G_DECLARE_DERIVABLE_TYPE (CassinoColumn, cassino_column, CASSINO, COLUMN, GtkWidget)

struct _CassinoColumnClass
{
  GtkWidgetClass parent_class;
};

GtkWidget *cassino_column_new (void);

G_END_DECLS
