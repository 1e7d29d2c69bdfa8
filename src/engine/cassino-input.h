/* cassino-input.h: reading text that may be hostile
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Positions and rule sets are a few levels deep; anything deeper than this
 * is refused before json-glib (which recurses once a level) sees it. */
#define CASSINO_JSON_MAX_DEPTH 32

/* json_parser_load_from_data() behind two checks json-glib lacks: a text
 * nested deeper than CASSINO_JSON_MAX_DEPTH (json-glib overflows the
 * stack), or holding a whole number beyond 64 bits (json-glib reads
 * 99999999999999999999 as -1), is a JSON_PARSER_ERROR_INVALID_DATA; so is
 * a string holding U+0000 (json-glib ends it there), a NUL byte or text
 * that is not UTF-8.  Every error's message (json-glib's too) reads
 * "invalid JSON at line LINE, column COLUMN: what".  @length -1: @text is
 * NUL-terminated. */
gboolean cassino_json_load       (JsonParser  *parser,
                                  const char  *text,
                                  gssize       length,
                                  GError     **error);

/* Input quoted back in a message: at most CASSINO_EXCERPT_CHARS characters
 * of @text (of @length bytes, -1: NUL-terminated, valid UTF-8), then "…"
 * when there was more.  Newly allocated. */
#define CASSINO_EXCERPT_CHARS 80
char    *cassino_input_excerpt   (const char  *text,
                                  gssize       length);

G_END_DECLS
