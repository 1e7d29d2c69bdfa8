/* cassino-a11y.h: accessible names GTK 4.8 does not give
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* @label without its mnemonic underscores ("_Play" → "Play"; "__" → "_"). */
char *cassino_a11y_strip_mnemonic (const char *label);

/* Give @widget the accessible name @name, and remember it so that
 * cassino_a11y_name_controls() passes it on to the parts of @widget that
 * a screen reader reaches (a drop-down's button), and names it no other
 * way.  A control's name is set through this, not with
 * gtk_accessible_update_property(): the automatic naming would replace
 * that with the tooltip or the label. */
void  cassino_a11y_set_name       (GtkWidget  *widget,
                                   const char *name);

/* Name every control under @root (itself included) that GTK 4.8 would
 * announce by its class or with its mnemonic: buttons with a mnemonic
 * label are named by the label without it ("_Play Play" otherwise), icon
 * buttons by their tooltip ("GtkImage" otherwise), switches, spin
 * buttons and drop-downs by the title of their preferences row, else by
 * their tooltip ("GtkSwitch" otherwise).  Call it once the widgets are built. */
void  cassino_a11y_name_controls  (GtkWidget  *root);

/* From now on, name every control as it is mapped, as
 * cassino_a11y_name_controls() does: rows added to a window after it
 * opened, and the windows GTK and libadwaita build (the about window,
 * the shortcuts window, a toast's close button, "Close") need no call of
 * their own.  A button named from
 * its mnemonic label is named again when the label changes.  Called at
 * start-up; idempotent. */
void  cassino_a11y_watch          (void);

G_END_DECLS
