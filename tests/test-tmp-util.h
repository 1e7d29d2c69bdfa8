/* test-tmp-util.h: temporary folders of the tests, removed whole
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sys/stat.h>
#include <glib.h>
#include <glib/gstdio.h>

/* Remove @path and, if it is a folder, everything in it (links are
 * removed, never followed), so that a run of the suite leaves nothing in
 * the temporary folder; build-aux/test checks that. */
static inline void
test_remove_tree (const char *path)
{
  GStatBuf st;

  if (path == NULL || g_lstat (path, &st) != 0)
    return;
  if (S_ISDIR (st.st_mode))
    {
      GDir *d;
      const char *name;

      /* (a test may have left it read-only) */
      g_chmod (path, 0700);
      d = g_dir_open (path, 0, NULL);
      while (d && (name = g_dir_read_name (d)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          test_remove_tree (child);
        }
      if (d)
        g_dir_close (d);
      g_rmdir (path);
    }
  else
    g_unlink (path);
}
