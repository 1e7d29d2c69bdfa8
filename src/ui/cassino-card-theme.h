/* cassino-card-theme.h: card themes installed with gnome-cards-data
 *
 * AisleRiot's themes are SVG files (often gzipped) in
 * DATADIR/aisleriot/cards/, one element per card ("club_1" … "spade_king")
 * and "back".  Cassino can draw its cards with one of them instead of its
 * own art.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>
#include "cassino-card.h"

G_BEGIN_DECLS

#define CASSINO_CARD_THEME_ERROR (cassino_card_theme_error_quark ())
GQuark cassino_card_theme_error_quark (void);

typedef enum {
  CASSINO_CARD_THEME_ERROR_NOT_FOUND,   /* no such theme installed */
  CASSINO_CARD_THEME_ERROR_INVALID,     /* not an SVG, or a card is missing */
} CassinoCardThemeError;

typedef struct {
  char *file_name;    /* "anglo.svgz": what the card-theme setting holds */
  char *path;
  char *title;        /* "Anglo" */
} CassinoCardThemeInfo;

void       cassino_card_theme_info_free (CassinoCardThemeInfo *info);

/* The installed themes, by title, from the data directories' (user's
 * first) aisleriot/cards.  Returns: (transfer full) (element-type
 * CassinoCardThemeInfo) */
GPtrArray *cassino_card_theme_list_installed (void);

#define CASSINO_TYPE_CARD_THEME (cassino_card_theme_get_type ())
G_DECLARE_FINAL_TYPE (CassinoCardTheme, cassino_card_theme, CASSINO, CARD_THEME, GObject)

/* Load the installed theme @file_name ("anglo.svgz").  Every card and the
 * back must be in it.  NULL with @error. */
CassinoCardTheme *cassino_card_theme_new      (const char        *file_name,
                                               GError           **error);
const char       *cassino_card_theme_get_file_name (CassinoCardTheme *self);

/* Draw @card (CASSINO_NO_CARD: the back) filling 0,0 @width × @height.
 * Rendered once per card and size, then copied. */
void              cassino_card_theme_draw     (CassinoCardTheme  *self,
                                               cairo_t           *cr,
                                               CassinoCard        card,
                                               double             width,
                                               double             height);

/* The theme the card widgets draw with (NULL: Cassino's own cards). */
CassinoCardTheme *cassino_card_theme_get_current (void);
void              cassino_card_theme_set_current (CassinoCardTheme *theme);

G_END_DECLS
