/* cassino-game-setup.h: what the new game dialog chooses
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>
#include "cassino-ai.h"
#include "cassino-game.h"

G_BEGIN_DECLS

typedef enum {
  CASSINO_FORMAT_TARGET,   /* deals until a side reaches the preset's target */
  CASSINO_FORMAT_SINGLE,   /* one deal is the game */
  CASSINO_FORMAT_RUBBER,   /* best of three games (or the preset's rubber) */
} CassinoFormat;

typedef struct {
  char            *name;
  CassinoSeatKind  kind;
  CassinoLevel     level;
} CassinoSetupSeat;

/* A rubber is at least the best of three games (a "rubber" of one game
 * is just a game): cassino_game_setup_rules() raises rubber_games to it. */
#define CASSINO_RUBBER_MIN_GAMES 3

/* Rules, seats and format of a game to start.  Plain boxed struct. */
typedef struct {
  CassinoPreset    preset;
  char            *options;     /* JSON of cassino_rules_to_json() or a preset name */
  guint            n_players;
  CassinoSetupSeat seats[CASSINO_MAX_PLAYERS];
  CassinoFormat    format;
} CassinoGameSetup;

#define CASSINO_TYPE_GAME_SETUP (cassino_game_setup_get_type ())
GType             cassino_game_setup_get_type (void) G_GNUC_CONST;

/* Classic, the user against a medium computer. */
CassinoGameSetup *cassino_game_setup_new_default (const char *player_name);
CassinoGameSetup *cassino_game_setup_copy        (const CassinoGameSetup *setup);
void              cassino_game_setup_free        (CassinoGameSetup *setup);

/* The "last-game" settings text: {"rules":…, "players":2, "seats":[…],
 * "format":"target"}.  Missing names are filled with @player_name and the
 * computers' names. */
CassinoGameSetup *cassino_game_setup_from_json   (const char  *text,
                                                  const char  *player_name,
                                                  GError     **error);
char             *cassino_game_setup_to_json     (const CassinoGameSetup *setup);

/* The rules of the game, the format applied. */
gboolean          cassino_game_setup_get_rules   (const CassinoGameSetup *setup,
                                                  CassinoRules           *out_rules,
                                                  GError                **error);
/* The variant's title, or "Custom, based on Classic" when @rules differ
 * from their preset other than in a rubber's length (translated, newly
 * allocated). */
char             *cassino_game_setup_dup_variant_title (const CassinoRules *rules);
guint             cassino_game_setup_count_humans (const CassinoGameSetup *setup);

/* A computer's name for @seat ("Anna", "Bruno", …), translated. */
const char       *cassino_game_setup_computer_name (guint seat);
/* The user's name: the player-name setting, else the real name. */
char             *cassino_game_setup_default_player_name (const char *setting);

const char       *cassino_format_to_string   (CassinoFormat format);
gboolean          cassino_format_from_string (const char    *text,
                                              CassinoFormat *out_format);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoGameSetup, cassino_game_setup_free)

G_END_DECLS
