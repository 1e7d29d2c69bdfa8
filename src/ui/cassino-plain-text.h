/* cassino-plain-text.h: text that is not markup, where libadwaita reads markup
 *
 * libadwaita reads a toast's title, a status page's description and a
 * preferences group's title and description as Pango markup (1.2 always,
 * later versions by default), and a row's title and subtitle unless told
 * otherwise.  Text that is not markup — a
 * player's name ("Tom & Jerry"), an error naming a file — goes through
 * these, or an "&" or "<" in it leaves the line empty with a warning.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A toast reading @text as it is. */
static inline AdwToast *
cassino_plain_toast_new (const char *text)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  return adw_toast_new (markup);
}

static inline void
cassino_plain_toast_set_title (AdwToast   *toast,
                               const char *text)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  adw_toast_set_title (toast, markup);
}

static inline void
cassino_plain_status_page_set_description (AdwStatusPage *page,
                                           const char    *text)
{
  g_autofree char *markup = text ? g_markup_escape_text (text, -1) : NULL;

  adw_status_page_set_description (page, markup);
}

static inline void
cassino_plain_group_set_title (AdwPreferencesGroup *group,
                               const char          *text)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  adw_preferences_group_set_title (group, markup);
}

static inline void
cassino_plain_group_set_description (AdwPreferencesGroup *group,
                                     const char          *text)
{
  g_autofree char *markup = text ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_description (group, markup);
}

/* @row's title and subtitle shown as they are (a name, a file). */
static inline void
cassino_plain_row (gpointer row)
{
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
}

G_END_DECLS
