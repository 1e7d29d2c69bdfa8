/* fuzz-record.c: libFuzzer target for the game record reader
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any text through cassino_record_read().  What it accepts must survive a
 * round trip: each game written with cassino_record_write() reads back as
 * one game that writes the same text again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

#include "cassino-record.h"
#include "fuzz-targets.h"

static void
fail (const char *what,
      const char *text)
{
  fprintf (stderr, "fuzz-record: %s\n%s\n", what, text ? text : "");
  abort ();
}

int
cassino_fuzz_record (const uint8_t *data,
                     size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;

  games = cassino_record_read ((const char *) data, (gssize) size, &error);
  if (games == NULL)
    {
      if (error == NULL || error->message == NULL)
        fail ("NULL without an error", NULL);
      return 0;
    }
  if (error != NULL)
    fail ("games and an error", error->message);

  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *text = cassino_record_write (games->pdata[i]);
      g_autofree char *again = NULL;
      g_autoptr(GPtrArray) back = NULL;

      back = cassino_record_read (text, -1, &error);
      if (back == NULL)
        fail (error->message, text);
      if (back->len != 1)
        fail ("a written game reads back as several", text);
      again = cassino_record_write (back->pdata[0]);
      if (g_strcmp0 (text, again) != 0)
        fail ("written, read and written again differs", again);
    }
  return 0;
}

CASSINO_FUZZ_MAIN (cassino_fuzz_record)
#ifndef CASSINO_FUZZ_NO_MAIN
CASSINO_FUZZ_DEFINE_INIT
#endif
