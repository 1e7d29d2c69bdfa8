/* test-card-theme-util.h: a card theme made for the tests
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

static const char *const suits[] = { "club", "diamond", "heart", "spade" };
static const char *const courts[] = { "jack", "queen", "king" };

/* A theme in @data_home/aisleriot/cards, laid out as AisleRiot's (13
 * columns by 5 rows of 50 × 70), whose cards are plain rectangles: the ace of clubs red, the
 * back blue, every other card green.  @skip: an element to leave out. */
static inline void
write_theme (const char *data_home,
             const char *file_name,
             const char *skip)
{
  g_autofree char *dir = g_build_filename (data_home, "aisleriot", "cards", NULL);
  g_autofree char *path = g_build_filename (dir, file_name, NULL);
  g_autoptr(GError) error = NULL;
  GString *svg = g_string_new ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"650\" height=\"350\">\n");

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint s = 0; s < 4; s++)
    for (guint r = 1; r <= 13; r++)
      {
        g_autofree char *id = r > 10 ? g_strdup_printf ("%s_%s", suits[s], courts[r - 11])
                                     : g_strdup_printf ("%s_%u", suits[s], r);

        if (g_strcmp0 (id, skip) != 0)
          g_string_append_printf (svg, "<g id=\"%s\"><rect x=\"%u\" y=\"%u\" width=\"50\" height=\"70\" fill=\"%s\"/></g>\n",
                                  id, (r - 1) * 50, s * 70,
                                  s == 0 && r == 1 ? "#ff0000" : "#00ff00");
      }
  if (g_strcmp0 ("back", skip) != 0)
    g_string_append (svg, "<g id=\"back\"><rect x=\"100\" y=\"280\" width=\"50\" height=\"70\" fill=\"#0000ff\"/></g>\n");
  g_string_append (svg, "</svg>\n");
  g_file_set_contents (path, svg->str, -1, &error);
  g_assert_no_error (error);
  g_string_free (svg, TRUE);
}

