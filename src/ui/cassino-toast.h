/* cassino-toast.h: toasts that keep their reason within reach
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

AdwToast *cassino_toast_new           (GtkWidget  *owner,
                                       const char *text);
char     *cassino_toast_split_headline (const char *text,
                                        char      **rest);

G_END_DECLS
