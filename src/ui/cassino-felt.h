/* cassino-felt.h: the green cloth under the table
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cassino-column.h"

G_BEGIN_DECLS

/* A column (CassinoColumn) that draws the felt's light (brighter in the
 * middle, darker at the edges) over its CSS background colour.  The light
 * is painted once per size into a texture: CSS gradients are repainted on
 * every frame, which costs more than a card animation's whole frame in
 * software rendering. */
#define CASSINO_TYPE_FELT (cassino_felt_get_type ())
G_DECLARE_FINAL_TYPE (CassinoFelt, cassino_felt, CASSINO, FELT, CassinoColumn)

GtkWidget *cassino_felt_new (void);

G_END_DECLS
