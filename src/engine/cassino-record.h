/* cassino-record.h: the game record text format (docs/record-format.md)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-game.h"

G_BEGIN_DECLS

#define CASSINO_RECORD_ERROR (cassino_record_error_quark ())
GQuark cassino_record_error_quark (void);

typedef enum {
  CASSINO_RECORD_ERROR_SYNTAX,     /* malformed text */
  CASSINO_RECORD_ERROR_RULES,      /* unknown preset or option */
  CASSINO_RECORD_ERROR_ILLEGAL,    /* a move the rules do not allow there */
  CASSINO_RECORD_ERROR_MISMATCH,   /* a recorded score or result differs from the replay */
} CassinoRecordError;

/* Write one game (finished or not) as a record.  Newly allocated. */
char      *cassino_record_write (const CassinoGame *game);

/*
 * Read every game in @text and replay each through the engine.  Returns a
 * GPtrArray of CassinoGame* (free with g_ptr_array_unref), or NULL with an
 * error that gives the line and column ("line 12, column 5: ...").
 */
GPtrArray *cassino_record_read  (const char  *text,
                                 gssize       length,
                                 GError     **error);

G_END_DECLS
