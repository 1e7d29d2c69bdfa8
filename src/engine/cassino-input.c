/* cassino-input.c: reading text that may be hostile
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cassino-input.h"

static gboolean
json_error (GError     **error,
            guint        line,
            guint        column,
            const char  *what)
{
  g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA,
               "invalid JSON at line %u, column %u: %s", line, column, what);
  return FALSE;
}

/* json-glib's "<data>:LINE:COLUMN: Parse error: what" said as ours. */
static void
restate_error (GError *error)
{
  guint line = 0, column = 0;
  const char *msg = error->message;
  const char *what;
  char *text;

  if (!g_str_has_prefix (msg, "<data>:") || sscanf (msg + 7, "%u:%u:", &line, &column) != 2)
    {
      text = g_strdup_printf ("invalid JSON: %s", msg);
    }
  else
    {
      what = strchr (strchr (msg + 7, ':') + 1, ':') + 1;
      while (*what == ' ')
        what++;
      if (g_str_has_prefix (what, "Parse error: "))
        what += strlen ("Parse error: ");
      text = g_strdup_printf ("invalid JSON at line %u, column %u: %s", line, column, what);
    }
  g_free (error->message);
  error->message = text;
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

  {
    const char *bad = NULL;

    /* json-glib says "JSON data must be UTF-8 encoded", with no place */
    if (!g_utf8_validate_len (text, length, &bad))
      {
        for (const char *p = text; p < bad; p++)
          if (*p == '\n')
            {
              line++;
              column = 0;
            }
          else if (((guchar) *p & 0xc0) != 0x80)
            column++;
        return json_error (error, line, column + 1,
                           *bad == '\0' ? "a NUL byte (this is not a text file)" : "the text is not UTF-8");
      }
  }

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
          /* "\u0000" would end the string read there ("classic\u0000junk"
           * read as "classic"), the rest unseen */
          if (c == '\\' && i + 5 < length && memcmp (text + i + 1, "u0000", 5) == 0)
            return json_error (error, line, column, "a string holds the character U+0000 (\\u0000)");
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
  if (!ok && error && *error)
    restate_error (*error);
  g_signal_handler_disconnect (parser, handler);
  g_hash_table_unref (check.members);
  if (ok && check.key != NULL)
    {
      g_autofree char *quoted = cassino_input_excerpt (check.key, -1);
      g_autofree char *what = g_strdup_printf ("the key “%s” is given twice in one object", quoted);

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
  GString *out;
  g_autofree char *valid = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  /* (a command line's argument need not be UTF-8) */
  if (!g_utf8_validate_len (text, length < 0 ? strlen (text) : (gsize) length, NULL))
    {
      valid = g_utf8_make_valid (text, length);
      text = p = valid;
      length = -1;
    }
  end = text + (length < 0 ? strlen (text) : (gsize) length);
  out = g_string_sized_new (MIN ((gsize) (end - text), 4 * CASSINO_EXCERPT_CHARS) + 4);
  for (guint n = 0; n < CASSINO_EXCERPT_CHARS && p < end; n++)
    {
      const char *next = g_utf8_next_char (p);
      guchar c = (guchar) *p;

      /* a message is one line: a line break or another control character
       * in what is quoted is shown as its escape */
      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_len (out, p, MIN (next, end) - p);
      p = next;
    }
  if (p < end)
    g_string_append (out, "…");
  return g_string_free (out, FALSE);
}
