/* cassino-application.h: the application
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define CASSINO_TYPE_APPLICATION (cassino_application_get_type ())
G_DECLARE_FINAL_TYPE (CassinoApplication, cassino_application, CASSINO, APPLICATION, AdwApplication)

CassinoApplication *cassino_application_new (void);

/* The database games are recorded in: --database, else the user's. */
const char         *cassino_application_get_database (CassinoApplication *self);
void                cassino_application_set_database (CassinoApplication *self,
                                                      const char         *path);

/* Whether @dri_dir ("/dev/dri") has no graphics device.  Without one,
 * OpenGL is Mesa's software rasterizer, and GTK drawing through it starts
 * 4× slower and takes twice the memory of drawing with cairo, so main()
 * turns GL off (unless GDK_DEBUG or GSK_RENDERER say otherwise). */
gboolean            cassino_application_lacks_gpu (const char *dri_dir);

G_END_DECLS
