/* cassino-rules.h: every option of rules.md and the presets of §7
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-card.h"

G_BEGIN_DECLS

#define CASSINO_RULES_ERROR (cassino_rules_error_quark ())
GQuark cassino_rules_error_quark (void);

typedef enum {
  CASSINO_RULES_ERROR_UNKNOWN_PRESET,
  CASSINO_RULES_ERROR_UNKNOWN_OPTION,
  CASSINO_RULES_ERROR_BAD_VALUE,
  CASSINO_RULES_ERROR_IMPOSSIBLE,
} CassinoRulesError;

typedef enum {
  CASSINO_COURTS_PAIR_ONLY,
  CASSINO_COURTS_NUMERIC,
  CASSINO_COURTS_SCOPA,        /* J 8, Q 9, K 10 (family.md §2) */
  CASSINO_COURTS_TABLANETTE,   /* Q 13, K 14, J no value */
} CassinoCourtValues;
typedef enum { CASSINO_COURT_CAPTURE_ONE, CASSINO_COURT_CAPTURE_ALL } CassinoCourtCapture;
typedef enum { CASSINO_LAST_CARDS_LAST_CAPTURER, CASSINO_LAST_CARDS_COURT_LAST } CassinoLastCards;
typedef enum {
  CASSINO_SCORING_CLASSIC,
  CASSINO_SCORING_SPADE,
  CASSINO_SCORING_DIAMOND,
  /* the fishing family (family.md §2) */
  CASSINO_SCORING_SCOPA,
  CASSINO_SCORING_XERI,
  CASSINO_SCORING_DILOTI,
  CASSINO_SCORING_TABLANETTE,
  CASSINO_SCORING_CALLABRA,
  CASSINO_SCORING_PASUR,
} CassinoScoring;
typedef enum { CASSINO_GAME_SCORING_CUMULATIVE, CASSINO_GAME_SCORING_DIFFERENCE } CassinoGameScoring;
typedef enum { CASSINO_AT_TARGET_COUNT_ORDER, CASSINO_AT_TARGET_ANOTHER_DEAL } CassinoAtTarget;

/* family.md §2 */
typedef enum { CASSINO_CAPTURE_GROUPS_MANY, CASSINO_CAPTURE_GROUPS_ONE } CassinoCaptureGroups;
typedef enum { CASSINO_CAPTURE_PRIORITY_NONE, CASSINO_CAPTURE_PRIORITY_SINGLE } CassinoCapturePriority;
typedef enum { CASSINO_SUM_TARGET_VALUE, CASSINO_SUM_TARGET_11 } CassinoSumTarget;
typedef enum {
  CASSINO_FORCED_CAPTURE_NONE,
  CASSINO_FORCED_CAPTURE_COURTS,
  CASSINO_FORCED_CAPTURE_CARD,
  CASSINO_FORCED_CAPTURE_ANY,
} CassinoForcedCapture;
typedef enum { CASSINO_JACK_SWEEPS_NO, CASSINO_JACK_SWEEPS_ALL, CASSINO_JACK_SWEEPS_NUMERALS } CassinoJackSweeps;
typedef enum { CASSINO_CAPTURE_MODE_TABLE, CASSINO_CAPTURE_MODE_PILE } CassinoCaptureMode;
typedef enum {
  CASSINO_TABLE_REDEAL_NONE,
  CASSINO_TABLE_REDEAL_KINGS3,
  CASSINO_TABLE_REDEAL_COURTS3,
  CASSINO_TABLE_REDEAL_PASUR,
  CASSINO_TABLE_REDEAL_XERI,
} CassinoTableRedeal;
typedef enum { CASSINO_TABLE_JACK_KEEP, CASSINO_TABLE_JACK_BURY } CassinoTableJack;

typedef enum {
  CASSINO_PRESET_CLASSIC,
  CASSINO_PRESET_ENGLISH,
  CASSINO_PRESET_AMERICAN,
  CASSINO_PRESET_TWENTY_ONE,
  CASSINO_PRESET_ROYAL,
  CASSINO_PRESET_ROYAL_ACE14,
  CASSINO_PRESET_SPADE,
  CASSINO_PRESET_DIAMOND,
  CASSINO_PRESET_DRAW,
  CASSINO_PRESET_GERMAN,
  CASSINO_PRESET_HOUSE,
  /* The fishing family (family.md §3).  They come after the presets the
   * app offers: CASSINO_N_PRESETS counts only those (the app's new-game
   * dialog, history and statistics filters list presets up to it) until
   * the app has the family's table, help and translations;
   * CASSINO_N_ALL_PRESETS counts every preset the engine and cassino-cli
   * play. */
  CASSINO_PRESET_SCOPA,
  CASSINO_PRESET_SCOPONE,
  CASSINO_PRESET_SCOPONE_SCIENTIFICO,
  CASSINO_PRESET_XERI,
  CASSINO_PRESET_DILOTI,
  CASSINO_PRESET_TABLANETTE,
  CASSINO_PRESET_CALLABRA,
  CASSINO_PRESET_PASUR,
  CASSINO_N_ALL_PRESETS
} CassinoPreset;

#define CASSINO_N_PRESETS          (CASSINO_PRESET_HOUSE + 1)
#define CASSINO_FIRST_FAMILY_PRESET CASSINO_PRESET_SCOPA

/*
 * A full rule set.  Plain struct, copy by value.  Field names are the option
 * names of rules.md; the derived tables at the end are filled in by
 * cassino_rules_finish() and must not be set by hand.
 */
typedef struct {
  CassinoPreset       preset;
  guint               n_players;        /* 2, 3, 4 or 6 */
  gboolean            partnerships;     /* 4 and 6 players */

  guint               deck;             /* 52 or 40 */
  gboolean            deck_italian;     /* deck "italian": A-7 J Q K (deck 40) */
  guint               hand_size;
  guint               table_initial;
  guint               deal_packet;      /* 1, 2, 4 or 6 */
  gboolean            draw_after_play;
  CassinoCourtValues  court_values;
  CassinoCourtCapture court_capture;
  guint32             ace_values;       /* bit v set: the card may count v */
  guint32             big_cassino_values;
  guint32             little_cassino_values;
  gboolean            building;
  gboolean            multiple_builds;
  gboolean            increase_own_build;
  gboolean            trail_with_own_build;
  gboolean            builds_in_sums;
  gboolean            sweeps;
  gboolean            sweep_on_last_play;
  CassinoLastCards    last_cards;
  CassinoScoring      scoring;
  guint               target;           /* 0: the deal is the game */
  CassinoGameScoring  game_scoring;
  CassinoAtTarget     at_target;
  gboolean            count_as_you_go;
  guint               lurch_below;
  guint               rubber_games;
  gboolean            cassino_call;

  /* family.md §2 */
  CassinoCaptureGroups   capture_groups;
  CassinoCapturePriority capture_priority;
  CassinoSumTarget       sum_target;
  CassinoForcedCapture   forced_capture;
  CassinoJackSweeps      jack_sweeps;
  gboolean               jack_sweep_scores;
  CassinoCaptureMode     capture_mode;
  gboolean               sweep_ends_deal;
  CassinoTableRedeal     table_redeal;
  CassinoTableJack       table_jack;

  /* derived */
  gboolean            family;           /* a family.md preset: hands dealt first,
                                         * short last deal (family.md §1) */
  gboolean            family_captures;  /* capture_groups, capture_priority or
                                         * sum_target restrict captures */
  guint               n_sides;
  guint               max_build;
  CassinoCards        deck_cards;
  CassinoCards        numeric_cards;    /* cards that can be summed/built */
  guint32             card_values[CASSINO_N_CARDS];  /* value bit sets, 0 for pair-only courts */
} CassinoRules;

/* Presets */
const char  *cassino_preset_to_string   (CassinoPreset preset);
gboolean     cassino_preset_from_string (const char    *name,
                                         CassinoPreset *out_preset);
const char  *cassino_preset_get_title   (CassinoPreset preset);  /* translated */
const char  *cassino_preset_get_summary (CassinoPreset preset);  /* translated */
/* Player counts a preset allows, as a bit set (bit n = n players). */
guint        cassino_preset_get_player_counts (CassinoPreset preset);
/* The same in words: "2, 3 or 4" (translated joins; free it). */
char        *cassino_preset_format_player_counts (CassinoPreset preset);

/* Fill @rules with @preset for @n_players and check the combination. */
gboolean     cassino_rules_init_preset  (CassinoRules  *rules,
                                         CassinoPreset  preset,
                                         guint          n_players,
                                         GError       **error);

/* Parse rules.md options: either a preset name ("classic") or a JSON object
 * {"preset": "classic", "court_capture": "all", ...}.  Unknown names and
 * impossible combinations are errors that name the option. */
gboolean     cassino_rules_parse        (CassinoRules  *rules,
                                         const char    *text,
                                         guint          n_players,
                                         GError       **error);

/* The same from a parsed JSON node (a string or an object). */
typedef struct _JsonNode JsonNode;
gboolean     cassino_rules_parse_json   (CassinoRules  *rules,
                                         JsonNode      *root,
                                         guint          n_players,
                                         GError       **error);

/* Set one option by its rules.md name from a string value ("true", "all",
 * "[1,14]", "21").  Call cassino_rules_finish() after the last one. */
gboolean     cassino_rules_set_option   (CassinoRules  *rules,
                                         const char    *name,
                                         const char    *value,
                                         GError       **error);

/* Check the combination and compute the derived fields. */
gboolean     cassino_rules_finish       (CassinoRules  *rules,
                                         GError       **error);

/* Whether the options of @rules can be played together.  If not, sets
 * @out_option to the name of the option at fault (static; "players" for
 * the number of players) and @out_why to the reason, translated, newly
 * allocated.  Does not change @rules; cassino_rules_finish() checks the
 * same. */
gboolean     cassino_rules_check        (const CassinoRules  *rules,
                                         const char         **out_option,
                                         char               **out_why);

/* Every option name of rules.md, in its order (NULL-terminated, static):
 * the options the app's dialog offers. */
const char *const *cassino_rules_option_names (void);

/* The same followed by family.md's options. */
const char *const *cassino_rules_all_option_names (void);

/* Whether the first table cards @table (dealt in this order, the last on
 * top) make a redeal under rules->table_redeal (family.md §2). */
gboolean     cassino_rules_table_redeal (const CassinoRules *rules,
                                         const guint8       *table,
                                         guint               n);

/* The value of one option as a string in the form set_option accepts.
 * Returns a newly allocated string, or NULL for an unknown name. */
char        *cassino_rules_get_option   (const CassinoRules *rules,
                                         const char         *name);

/* The options that differ from the preset, as a JSON object text such as
 * {"preset":"classic","court_capture":"all"}; just the quoted preset name
 * when nothing differs.  Free with g_free(). */
char        *cassino_rules_to_json      (const CassinoRules *rules);

/* Whether two rule sets are the same game. */
gboolean     cassino_rules_equal        (const CassinoRules *a,
                                         const CassinoRules *b);

static inline guint
cassino_rules_side_of (const CassinoRules *rules,
                       guint               seat)
{
  return seat % rules->n_sides;
}

static inline gboolean
cassino_rules_is_numeric (const CassinoRules *rules,
                          CassinoCard         card)
{
  return rules->card_values[card] != 0;
}

G_END_DECLS
