/* fuzz-position.c: libFuzzer target for the position and rule set readers
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Any text through cassino_json_position_parse() (what "cassino-cli legal"
 * reads), then the legal moves of what it accepted, as the CLI prints
 * them; and the same text through cassino_rules_parse() for every player
 * count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <glib.h>

#include "cassino-position-json.h"
#include "cassino-rules.h"
#include "fuzz-targets.h"

int
cassino_fuzz_position (const uint8_t *data,
                       size_t         size)
{
  static const guint counts[] = { 2, 3, 4, 6 };
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strndup ((const char *) data, size);
  CassinoJsonPosition pos;

  if (cassino_json_position_parse (&pos, (const char *) data, (gssize) size, &error))
    {
      CassinoMoveList list;

      cassino_move_list_init (&list);
      cassino_position_legal_moves_for_hand (&pos.view.pos, pos.view.seat,
                                             pos.view.pos.hands[pos.view.seat],
                                             pos.last_play, &list);
      for (guint i = 0; i < list.len; i++)
        {
          g_autofree char *json = cassino_move_to_json (&list.moves[i]);
          g_autofree char *notation = cassino_move_to_notation (&list.moves[i]);

          if (json == NULL || notation == NULL)
            abort ();
        }
      cassino_move_list_clear (&list);
      cassino_json_position_clear (&pos);
    }
  else if (error == NULL)
    {
      fprintf (stderr, "fuzz-position: FALSE without an error\n");
      abort ();
    }
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      CassinoRules rules;

      if (cassino_rules_parse (&rules, text, counts[i], &error))
        {
          g_autofree char *json = cassino_rules_to_json (&rules);
          CassinoRules back;

          /* what the rules write, they read */
          if (!cassino_rules_parse (&back, json, counts[i], &error))
            {
              fprintf (stderr, "fuzz-position: rules written as %s do not read back: %s\n",
                       json, error->message);
              abort ();
            }
        }
      g_clear_error (&error);
    }
  return 0;
}

CASSINO_FUZZ_MAIN (cassino_fuzz_position)
#ifndef CASSINO_FUZZ_NO_MAIN
CASSINO_FUZZ_DEFINE_INIT
#endif
