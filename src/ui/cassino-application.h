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

G_END_DECLS
