/* cassino-game-family.h: the games as families (Cassino and its variants;
 * Scopa and Scopone; Xeri and Diloti; Tablanette; Callabra; Pasur), for
 * the new-game dialog and for the game filter of History and Statistics
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>
#include "cassino-rules.h"

G_BEGIN_DECLS

typedef struct {
  const char    *title;         /* untranslated (N_()): "Italian: Scopa and Scopone" */
  const char    *description;   /* untranslated: one line */
  const char    *filter_title;  /* untranslated: the filter's choice of every game of
                                 * the family ("Scopa and both Scopones"); NULL for
                                 * a family of one game */
  CassinoPreset  first, last;   /* its presets, in the engine's order */
} CassinoGameFamily;

guint                    cassino_game_family_count     (void);
const CassinoGameFamily *cassino_game_family_get       (guint          index);
guint                    cassino_game_family_of_preset (CassinoPreset  preset);

/* The game filter of History and Statistics: "Any variant", then each
 * family, its choice of all its games (where it has several) before
 * them.  A new list of translated titles. */
GtkStringList *cassino_game_filter_new_model          (void);
/* Gives @drop_down the filter's choices (cassino_game_filter_new_model()),
 * listed with each family's games indented beneath its own choice. */
void           cassino_game_filter_set_up_drop_down   (GtkDropDown   *drop_down);
/* TRUE when the choice at @position is one game of a family of several
 * (listed indented beneath the family's choice) */
gboolean       cassino_game_filter_is_indented        (guint          position);
/* The presets the filter's choice at @position stands for, as the store's
 * filters take them ("scopa,scopone,scopone-scientifico"), or NULL for
 * any (position 0, or none). */
char          *cassino_game_filter_dup_presets        (guint          position);
/* TRUE when the choice at @position is one preset, given in @out_preset */
gboolean       cassino_game_filter_get_preset         (guint          position,
                                                       CassinoPreset *out_preset);
/* The position of @preset's own choice */
guint          cassino_game_filter_position_of_preset (CassinoPreset  preset);
/* The position of the choice of every game of the family of @family_index
 * (its only preset's, for a family of one game) */
guint          cassino_game_filter_position_of_family (guint          family_index);

G_END_DECLS
