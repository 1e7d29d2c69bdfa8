/* cassino-help.h: showing the user help (help:cassino)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Show the help (Yelp, the viewer of help: URIs) above @parent.  Where no
 * help viewer is installed, or it cannot be started, a dialog says so in
 * words: what is missing and how to get it. */
void  cassino_help_show    (GtkWindow          *parent);
char *cassino_help_dev_dir (const char         *root,
                            const char * const *languages);

G_END_DECLS
