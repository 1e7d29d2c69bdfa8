/* cassino-input.c: reading text that may be hostile
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>

#include "cassino-input.h"

static gboolean
json_error (GError     **error,
            guint        line,
            guint        column,
            const char  *what)
{
  g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
               "<data>:%u:%u: Parse error: %s", line, column, what);
  return FALSE;
}

/* One pass over the text (strings skipped): the nesting depth, and the
 * integer part of every number outside strings. */
static gboolean
check_json (const char  *text,
            gsize        length,
            GError     **error)
{
  guint depth = 0, line = 1, column = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (((guchar) c & 0xc0) != 0x80)
        column++;
      if (c == '\n')
        {
          line++;
          column = 0;
          continue;
        }
      if (in_string)
        {
          if (c == '\\' && i + 1 < length && text[i + 1] != '\n')
            {
              i++;
              column++;
            }
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          if (++depth > CASSINO_JSON_MAX_DEPTH)
            {
              g_autofree char *what = g_strdup_printf ("nested deeper than %u levels",
                                                       CASSINO_JSON_MAX_DEPTH);

              return json_error (error, line, column, what);
            }
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
      else if (g_ascii_isdigit (c) || (c == '-' && i + 1 < length && g_ascii_isdigit (text[i + 1])))
        {
          /* a number: its integer part must fit 64 bits when nothing
           * (fraction, exponent) makes it a double */
          gsize start = i + (c == '-');
          gsize end = start;
          guint64 v = 0;
          gboolean too_big = FALSE;

          while (end < length && g_ascii_isdigit (text[end]))
            {
              guint d = (guint) (text[end] - '0');

              if (v > (G_MAXUINT64 - d) / 10)
                too_big = TRUE;
              else
                v = v * 10 + d;
              end++;
            }
          if (end < length && (text[end] == '.' || text[end] == 'e' || text[end] == 'E'))
            too_big = FALSE;
          else if (v > (guint64) G_MAXINT64 + (c == '-'))
            too_big = TRUE;
          if (too_big)
            return json_error (error, line, column, "a whole number too large to read");
          column += (guint) (end - i - 1);
          i = end - 1;
        }
    }
  return TRUE;
}

gboolean
cassino_json_load (JsonParser  *parser,
                   const char  *text,
                   gssize       length,
                   GError     **error)
{
  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!check_json (text, length < 0 ? strlen (text) : (gsize) length, error))
    return FALSE;
  return json_parser_load_from_data (parser, text, length, error);
}

char *
cassino_input_excerpt (const char *text,
                       gssize      length)
{
  const char *p = text;
  const char *end;

  g_return_val_if_fail (text != NULL, NULL);

  end = text + (length < 0 ? strlen (text) : (gsize) length);
  for (guint n = 0; n < CASSINO_EXCERPT_CHARS && p < end; n++)
    p = g_utf8_next_char (p);
  if (p >= end)
    return g_strndup (text, end - text);
  return g_strdup_printf ("%.*s…", (int) (p - text), text);
}
