/* fuzz-notation.c: libFuzzer target for the move notation parser
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any text through cassino_move_parse_notation().  A move it accepts is
 * written with cassino_move_to_notation() and must parse back to the same
 * move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

#include "cassino-position.h"
#include "fuzz-targets.h"

int
cassino_fuzz_notation (const uint8_t *data,
                       size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  g_autofree char *written = NULL;
  CassinoMove move, back;

  if (!cassino_move_parse_notation (text, &move, &error))
    {
      if (error == NULL)
        {
          fprintf (stderr, "fuzz-notation: FALSE without an error\n");
          abort ();
        }
      return 0;
    }
  written = cassino_move_to_notation (&move);
  if (!cassino_move_parse_notation (written, &back, &error))
    {
      fprintf (stderr, "fuzz-notation: “%s” written as “%s” does not parse: %s\n",
               text, written, error->message);
      abort ();
    }
  if (!cassino_move_equal (&move, &back))
    {
      fprintf (stderr, "fuzz-notation: “%s” written as “%s” parses as another move\n",
               text, written);
      abort ();
    }
  return 0;
}

CASSINO_FUZZ_MAIN (cassino_fuzz_notation)
#ifndef CASSINO_FUZZ_NO_MAIN
CASSINO_FUZZ_DEFINE_INIT
#endif
