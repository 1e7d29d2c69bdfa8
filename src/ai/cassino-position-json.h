/* cassino-position-json.h: positions in the JSON of cli.md
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-ai.h"

G_BEGIN_DECLS

/*
 * A position read from JSON ("legal" and "choose" of cli.md).  Only the
 * hand of the player to move is known; the view holds what that seat can
 * see.  The rules are kept here; view.pos.rules points at them, so do not
 * copy this struct.
 */
typedef struct {
  CassinoRules  rules;
  CassinoView   view;
  gboolean      last_play;
} CassinoJsonPosition;

/* Errors are CASSINO_POSITION_ERROR_INVALID with a message that names the
 * field or card, or the JSON line and column. */
gboolean cassino_json_position_parse (CassinoJsonPosition  *out,
                                      const char           *text,
                                      gssize                length,
                                      GError              **error);
void     cassino_json_position_clear (CassinoJsonPosition  *pos);

G_END_DECLS
