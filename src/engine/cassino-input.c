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
  gboolean ended = FALSE;   /* the first object or array is closed */

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
      /* a second document after the first would be read as nothing */
      if (ended && !in_string && !g_ascii_isspace (c))
        return json_error (error, line, column, "more text after the end of the JSON document");
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
        ended = --depth == 0;
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

/* A key given twice in one object: json-glib keeps the last one without
 * a word, so the members parsed are counted against the object's size. */
typedef struct {
  GHashTable *members;   /* JsonObject → members parsed */
  char       *key;
  guint       line;
  guint       column;
} KeyCheck;

static void
on_object_member (JsonParser *parser,
                  JsonObject *object,
                  const char *name,
                  gpointer    user_data)
{
  KeyCheck *check = user_data;
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (check->members, object)) + 1;

  g_hash_table_insert (check->members, object, GUINT_TO_POINTER (n));
  if (check->key == NULL && n > json_object_get_size (object))
    {
      check->key = g_strdup (name);
      check->line = json_parser_get_current_line (parser);
      check->column = json_parser_get_current_pos (parser);
    }
}

gboolean
cassino_json_load (JsonParser  *parser,
                   const char  *text,
                   gssize       length,
                   GError     **error)
{
  KeyCheck check = { NULL, NULL, 0, 0 };
  gulong handler;
  gboolean ok;

  g_return_val_if_fail (JSON_IS_PARSER (parser), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!check_json (text, length < 0 ? strlen (text) : (gsize) length, error))
    return FALSE;
  check.members = g_hash_table_new (NULL, NULL);
  handler = g_signal_connect (parser, "object-member", G_CALLBACK (on_object_member), &check);
  ok = json_parser_load_from_data (parser, text, length, error);
  g_signal_handler_disconnect (parser, handler);
  g_hash_table_unref (check.members);
  if (ok && check.key != NULL)
    {
      g_autofree char *what = g_strdup_printf ("the key “%s” is given twice in one object", check.key);

      ok = json_error (error, check.line, check.column, what);
    }
  g_free (check.key);
  return ok;
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
