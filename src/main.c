/* main.c: start Cassino
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cassino-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(CassinoApplication) app = NULL;
  /* set by `meson devenv` (po/meson.build): the build tree's translations */
  const char *localedir = g_getenv ("CASSINO_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* no GPU: cairo draws faster than OpenGL in software (BENCHMARKS.md) */
  if (g_getenv ("GDK_DEBUG") == NULL && g_getenv ("GSK_RENDERER") == NULL &&
      cassino_application_lacks_gpu ("/dev/dri"))
    g_setenv ("GDK_DEBUG", "gl-disable", TRUE);

  app = cassino_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
