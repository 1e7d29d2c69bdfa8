/* cassino-rules.c: options and presets (rules.md §7)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <string.h>
#include <stdlib.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "cassino-input.h"
#include "cassino-position.h"
#include "cassino-rules.h"

G_DEFINE_QUARK (cassino-rules-error-quark, cassino_rules_error)

#define VBIT(v) ((v) < 32 ? 1u << (v) : 0u)   /* (a damaged record may hold any count) */

typedef struct {
  const char *name;
  const char *title;
  const char *summary;
  guint       player_counts;
} PresetInfo;

static const PresetInfo presets[CASSINO_N_ALL_PRESETS] = {
  [CASSINO_PRESET_CLASSIC] = { "classic",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Classic"),
    N_("The modern game: building and calling, 21 points wins"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_ENGLISH] = { "english",
    /* Translators: name of a Cassino variant */
    NC_("preset", "English (1792)"),
    N_("The oldest rules: no building, only the winner of a deal scores, 11 up"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_AMERICAN] = { "american",
    /* Translators: name of a Cassino variant */
    NC_("preset", "American (1867)"),
    N_("One deal is the game; builds count in sums; no raising your own build"),
    VBIT (2) | VBIT (3) | VBIT (4) | VBIT (6) },
  [CASSINO_PRESET_TWENTY_ONE] = { "twenty-one",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Twenty-one Point"),
    N_("American rules, points scored as they are made, 21 wins at once"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_ROYAL] = { "royal",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Royal"),
    N_("Jacks count 11, queens 12, kings 13: courts build and sum"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_ROYAL_ACE14] = { "royal-ace14",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Royal, high ace"),
    N_("Royal Cassino where an ace counts 1 or 14"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_SPADE] = { "spade",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Spade"),
    N_("Every spade scores, the jack of spades two; pegged to 61"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_DIAMOND] = { "diamond",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Diamond"),
    N_("Forty cards, three in a hand; diamonds and sets of four score, 11 up"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_DRAW] = { "draw",
    /* Translators: name of a Cassino variant */
    NC_("preset", "Draw"),
    N_("Two players who draw a card after every play"),
    VBIT (2) },
  [CASSINO_PRESET_GERMAN] = { "german",
    /* Translators: name of a Cassino variant */
    NC_("preset", "German (1810)"),
    N_("Courts count, aces 1 or 14, Big Cassino 10 or 16, Little Cassino 2 or 15"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_HOUSE] = { "house",
    /* Translators: name of a Cassino variant */
    NC_("preset", "House Rules"),
    N_("Cards dealt in twos, courts take all of their rank, call “Cassino!” on a missed capture; 25 up"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  /* the fishing family (family.md §3) */
  [CASSINO_PRESET_SCOPA] = { "scopa",
    /* Translators: name of a card game (Italian) */
    NC_("preset", "Scopa"),
    N_("Forty Italian cards, three in a hand; a card that can take must; primiera; 11 up"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_SCOPONE] = { "scopone",
    /* Translators: name of a card game (Italian) */
    NC_("preset", "Scopone"),
    N_("Scopa for four in pairs, nine cards each and four on the table"),
    VBIT (4) },
  [CASSINO_PRESET_SCOPONE_SCIENTIFICO] = { "scopone-scientifico",
    /* Translators: name of a card game (Italian) */
    NC_("preset", "Scopone scientifico"),
    N_("Scopa for four in pairs, all forty cards dealt to the players"),
    VBIT (4) },
  [CASSINO_PRESET_XERI] = { "xeri",
    /* Translators: name of a card game (Greek) */
    NC_("preset", "Xeri"),
    N_("Match the top card of the pile or take it with a jack; a lone card taken is a xeri"),
    VBIT (2) | VBIT (4) },
  [CASSINO_PRESET_DILOTI] = { "diloti",
    /* Translators: name of a card game (Greek) */
    NC_("preset", "Diloti"),
    N_("Greek Cassino with building; a court must take its pair; xeri 10; 61 up"),
    VBIT (2) | VBIT (4) },
  [CASSINO_PRESET_TABLANETTE] = { "tablanette",
    /* Translators: name of a card game (Balkan) */
    NC_("preset", "Tablanette"),
    N_("Kings 14, queens 13, jacks take all; a cleared table scores its value; 251 up"),
    VBIT (2) },
  [CASSINO_PRESET_CALLABRA] = { "callabra",
    /* Translators: name of a card game (old German) */
    NC_("preset", "Callabra"),
    N_("Courts count, capture is compulsory and a cleared table ends the deal; most cards wins"),
    VBIT (2) | VBIT (3) | VBIT (4) },
  [CASSINO_PRESET_PASUR] = { "pasur",
    /* Translators: name of a card game (Persian) */
    NC_("preset", "Pasur"),
    N_("Numerals take cards making 11 with them, jacks take the numerals; seven clubs score 7; 62 up"),
    VBIT (2) | VBIT (3) | VBIT (4) },
};

const char *
cassino_preset_to_string (CassinoPreset preset)
{
  g_return_val_if_fail (preset < CASSINO_N_ALL_PRESETS, NULL);
  return presets[preset].name;
}

gboolean
cassino_preset_from_string (const char    *name,
                            CassinoPreset *out_preset)
{
  for (guint i = 0; i < CASSINO_N_ALL_PRESETS; i++)
    if (g_strcmp0 (name, presets[i].name) == 0)
      {
        *out_preset = i;
        return TRUE;
      }
  return FALSE;
}

const char *
cassino_preset_get_title (CassinoPreset preset)
{
  g_return_val_if_fail (preset < CASSINO_N_ALL_PRESETS, NULL);
  return g_dpgettext2 (GETTEXT_PACKAGE, "preset", presets[preset].title);
}

const char *
cassino_preset_get_summary (CassinoPreset preset)
{
  g_return_val_if_fail (preset < CASSINO_N_ALL_PRESETS, NULL);
  return g_dgettext (GETTEXT_PACKAGE, presets[preset].summary);
}

guint
cassino_preset_get_player_counts (CassinoPreset preset)
{
  g_return_val_if_fail (preset < CASSINO_N_ALL_PRESETS, 0);
  return presets[preset].player_counts;
}

char *
cassino_preset_format_player_counts (CassinoPreset preset)
{
  guint counts = cassino_preset_get_player_counts (preset);
  char *list = NULL;

  for (guint n = 2; n <= CASSINO_MAX_PLAYERS; n++)
    if (counts & VBIT (n))
      {
        char *more;

        if (list == NULL)
          more = g_strdup_printf ("%u", n);
        else if (counts >> (n + 1))
          /* Translators: joins player counts: "2, 3" (then "2, 3 or 4") */
          more = g_strdup_printf (g_dpgettext2 (GETTEXT_PACKAGE, "player counts", "%s, %u"), list, n);
        else
          /* Translators: joins the last player count: "2, 3 or 4" */
          more = g_strdup_printf (g_dpgettext2 (GETTEXT_PACKAGE, "player counts", "%s or %u"), list, n);
        g_free (list);
        list = more;
      }
  return list ? list : g_strdup ("");
}

static void
rules_set_classic (CassinoRules *r)
{
  memset (r, 0, sizeof *r);
  r->preset = CASSINO_PRESET_CLASSIC;
  r->n_players = 2;
  r->partnerships = TRUE;
  r->deck = 52;
  r->hand_size = 4;
  r->table_initial = 4;
  r->deal_packet = 1;
  r->draw_after_play = FALSE;
  r->court_values = CASSINO_COURTS_PAIR_ONLY;
  r->court_capture = CASSINO_COURT_CAPTURE_ONE;
  r->ace_values = VBIT (1);
  r->big_cassino_values = VBIT (10);
  r->little_cassino_values = VBIT (2);
  r->building = TRUE;
  r->multiple_builds = TRUE;
  r->increase_own_build = TRUE;
  r->trail_with_own_build = FALSE;
  r->builds_in_sums = FALSE;
  r->sweeps = TRUE;
  r->sweep_on_last_play = FALSE;
  r->last_cards = CASSINO_LAST_CARDS_LAST_CAPTURER;
  r->scoring = CASSINO_SCORING_CLASSIC;
  r->target = 21;
  r->game_scoring = CASSINO_GAME_SCORING_CUMULATIVE;
  r->at_target = CASSINO_AT_TARGET_COUNT_ORDER;
  r->count_as_you_go = FALSE;
  r->lurch_below = 0;
  r->rubber_games = 1;
  r->cassino_call = FALSE;
  r->capture_groups = CASSINO_CAPTURE_GROUPS_MANY;
  r->capture_priority = CASSINO_CAPTURE_PRIORITY_NONE;
  r->sum_target = CASSINO_SUM_TARGET_VALUE;
  r->forced_capture = CASSINO_FORCED_CAPTURE_NONE;
  r->jack_sweeps = CASSINO_JACK_SWEEPS_NO;
  r->jack_sweep_scores = TRUE;
  r->capture_mode = CASSINO_CAPTURE_MODE_TABLE;
  r->sweep_ends_deal = FALSE;
  r->table_redeal = CASSINO_TABLE_REDEAL_NONE;
  r->table_jack = CASSINO_TABLE_JACK_KEEP;
}

/* The preset's options, before the player count is checked. */
static void
rules_set_preset (CassinoRules  *r,
                  CassinoPreset  preset,
                  guint          n_players)
{
  rules_set_classic (r);
  r->preset = preset;
  r->n_players = n_players;

  switch (preset)
    {
    case CASSINO_PRESET_CLASSIC:
      break;
    case CASSINO_PRESET_ENGLISH:
      r->building = FALSE;
      r->target = 11;
      r->game_scoring = CASSINO_GAME_SCORING_DIFFERENCE;
      r->lurch_below = 6;
      r->last_cards = CASSINO_LAST_CARDS_COURT_LAST;
      r->rubber_games = n_players == 4 ? 3 : 1;
      break;
    case CASSINO_PRESET_TWENTY_ONE:
    case CASSINO_PRESET_AMERICAN:
      r->target = 0;
      r->increase_own_build = FALSE;
      r->builds_in_sums = TRUE;
      r->trail_with_own_build = TRUE;
      if (preset == CASSINO_PRESET_TWENTY_ONE)
        {
          r->target = 21;
          r->count_as_you_go = TRUE;
        }
      break;
    case CASSINO_PRESET_ROYAL_ACE14:
      r->ace_values = VBIT (1) | VBIT (14);
      G_GNUC_FALLTHROUGH;
    case CASSINO_PRESET_ROYAL:
      r->court_values = CASSINO_COURTS_NUMERIC;
      break;
    case CASSINO_PRESET_SPADE:
      r->scoring = CASSINO_SCORING_SPADE;
      r->target = 61;
      r->count_as_you_go = TRUE;
      break;
    case CASSINO_PRESET_DIAMOND:
      r->deck = 40;
      r->hand_size = 3;
      r->scoring = CASSINO_SCORING_DIAMOND;
      r->target = 11;
      break;
    case CASSINO_PRESET_DRAW:
      r->draw_after_play = TRUE;
      break;
    case CASSINO_PRESET_GERMAN:
      r->court_values = CASSINO_COURTS_NUMERIC;
      r->ace_values = VBIT (1) | VBIT (14);
      r->big_cassino_values = VBIT (10) | VBIT (16);
      r->little_cassino_values = VBIT (2) | VBIT (15);
      r->target = 11;
      break;
    case CASSINO_PRESET_HOUSE:
      r->target = 25;
      r->at_target = CASSINO_AT_TARGET_ANOTHER_DEAL;
      r->court_capture = CASSINO_COURT_CAPTURE_ALL;
      r->cassino_call = TRUE;
      r->deal_packet = 2;
      break;
    case CASSINO_PRESET_SCOPONE:
    case CASSINO_PRESET_SCOPONE_SCIENTIFICO:
    case CASSINO_PRESET_SCOPA:
      r->deck = 40;
      r->deck_italian = TRUE;
      r->court_values = CASSINO_COURTS_SCOPA;
      r->hand_size = 3;
      r->building = FALSE;
      r->capture_groups = CASSINO_CAPTURE_GROUPS_ONE;
      r->capture_priority = CASSINO_CAPTURE_PRIORITY_SINGLE;
      r->forced_capture = CASSINO_FORCED_CAPTURE_CARD;
      r->table_redeal = CASSINO_TABLE_REDEAL_KINGS3;
      r->scoring = CASSINO_SCORING_SCOPA;
      r->target = 11;
      r->at_target = CASSINO_AT_TARGET_ANOTHER_DEAL;
      if (preset == CASSINO_PRESET_SCOPONE)
        r->hand_size = 9;
      else if (preset == CASSINO_PRESET_SCOPONE_SCIENTIFICO)
        {
          r->hand_size = 10;
          r->table_initial = 0;
        }
      break;
    case CASSINO_PRESET_XERI:
      r->capture_mode = CASSINO_CAPTURE_MODE_PILE;
      r->jack_sweeps = CASSINO_JACK_SWEEPS_ALL;
      r->jack_sweep_scores = TRUE;
      r->building = FALSE;
      r->hand_size = 6;
      r->table_redeal = CASSINO_TABLE_REDEAL_XERI;
      r->scoring = CASSINO_SCORING_XERI;
      r->target = 0;
      break;
    case CASSINO_PRESET_DILOTI:
      r->hand_size = 6;
      r->deal_packet = 6;
      r->forced_capture = CASSINO_FORCED_CAPTURE_COURTS;
      r->table_redeal = CASSINO_TABLE_REDEAL_COURTS3;
      r->sweep_on_last_play = TRUE;
      r->scoring = CASSINO_SCORING_DILOTI;
      r->target = 61;
      r->at_target = CASSINO_AT_TARGET_ANOTHER_DEAL;
      break;
    case CASSINO_PRESET_TABLANETTE:
      r->court_values = CASSINO_COURTS_TABLANETTE;
      r->ace_values = VBIT (1) | VBIT (11);
      r->jack_sweeps = CASSINO_JACK_SWEEPS_ALL;
      r->jack_sweep_scores = FALSE;
      r->building = FALSE;
      r->hand_size = 6;
      r->table_jack = CASSINO_TABLE_JACK_BURY;
      r->scoring = CASSINO_SCORING_TABLANETTE;
      r->target = 251;
      r->at_target = CASSINO_AT_TARGET_ANOTHER_DEAL;
      break;
    case CASSINO_PRESET_CALLABRA:
      r->court_values = CASSINO_COURTS_NUMERIC;
      r->hand_size = 3;
      r->table_initial = 5;
      r->building = FALSE;
      r->forced_capture = CASSINO_FORCED_CAPTURE_ANY;
      r->sweep_ends_deal = TRUE;
      r->scoring = CASSINO_SCORING_CALLABRA;
      r->target = 0;
      break;
    case CASSINO_PRESET_PASUR:
      r->sum_target = CASSINO_SUM_TARGET_11;
      r->capture_groups = CASSINO_CAPTURE_GROUPS_ONE;
      r->jack_sweeps = CASSINO_JACK_SWEEPS_NUMERALS;
      r->jack_sweep_scores = FALSE;
      r->forced_capture = CASSINO_FORCED_CAPTURE_CARD;
      r->building = FALSE;
      r->deal_packet = 4;
      r->table_redeal = CASSINO_TABLE_REDEAL_PASUR;
      r->table_jack = CASSINO_TABLE_JACK_BURY;
      r->scoring = CASSINO_SCORING_PASUR;
      r->target = 62;
      r->at_target = CASSINO_AT_TARGET_ANOTHER_DEAL;
      break;
    case CASSINO_N_ALL_PRESETS:
    default:
      g_assert_not_reached ();
    }
}

gboolean
cassino_rules_init_preset (CassinoRules  *rules,
                           CassinoPreset  preset,
                           guint          n_players,
                           GError       **error)
{
  if (preset >= CASSINO_N_ALL_PRESETS)
    {
      g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_UNKNOWN_PRESET,
                   "unknown preset");
      return FALSE;
    }
  rules_set_preset (rules, preset, n_players);
  return cassino_rules_finish (rules, error);
}

/* Option table */

typedef enum {
  OPT_UINT,
  OPT_BOOL,
  OPT_ENUM,
  OPT_VALUES,
  OPT_DECK,     /* 52, 40 or "italian" */
} OptType;

typedef struct {
  const char  *name;
  OptType      type;
  gsize        offset;
  const char  *choices[10];  /* enum names, in enum order; digits are
                              * written as JSON numbers */
} OptionInfo;

#define OFF(field) G_STRUCT_OFFSET (CassinoRules, field)

static const OptionInfo options[] = {
  { "deck",                  OPT_DECK,   OFF (deck) },
  { "hand_size",             OPT_UINT,   OFF (hand_size) },
  { "table_initial",         OPT_UINT,   OFF (table_initial) },
  { "deal_packet",           OPT_UINT,   OFF (deal_packet) },
  { "draw_after_play",       OPT_BOOL,   OFF (draw_after_play) },
  { "partnerships",          OPT_BOOL,   OFF (partnerships) },
  { "court_values",          OPT_ENUM,   OFF (court_values), { "pair-only", "numeric", "scopa", "tablanette" } },
  { "court_capture",         OPT_ENUM,   OFF (court_capture), { "one", "all" } },
  { "ace_values",            OPT_VALUES, OFF (ace_values) },
  { "big_cassino_values",    OPT_VALUES, OFF (big_cassino_values) },
  { "little_cassino_values", OPT_VALUES, OFF (little_cassino_values) },
  { "building",              OPT_BOOL,   OFF (building) },
  { "multiple_builds",       OPT_BOOL,   OFF (multiple_builds) },
  { "increase_own_build",    OPT_BOOL,   OFF (increase_own_build) },
  { "trail_with_own_build",  OPT_BOOL,   OFF (trail_with_own_build) },
  { "builds_in_sums",        OPT_BOOL,   OFF (builds_in_sums) },
  { "sweeps",                OPT_BOOL,   OFF (sweeps) },
  { "sweep_on_last_play",    OPT_BOOL,   OFF (sweep_on_last_play) },
  { "last_cards",            OPT_ENUM,   OFF (last_cards), { "last-capturer", "court-last" } },
  { "scoring",               OPT_ENUM,   OFF (scoring), { "classic", "spade", "diamond", "scopa", "xeri",
                                                           "diloti", "tablanette", "callabra", "pasur" } },
  { "target",                OPT_UINT,   OFF (target) },
  { "game_scoring",          OPT_ENUM,   OFF (game_scoring), { "cumulative", "difference" } },
  { "at_target",             OPT_ENUM,   OFF (at_target), { "count-order", "another-deal" } },
  { "count_as_you_go",       OPT_BOOL,   OFF (count_as_you_go) },
  { "lurch_below",           OPT_UINT,   OFF (lurch_below) },
  { "rubber_games",          OPT_UINT,   OFF (rubber_games) },
  { "cassino_call",          OPT_BOOL,   OFF (cassino_call) },
  /* family.md §2: not offered by the app's dialog yet */
#define N_RULES_MD_OPTIONS 27
  { "capture_groups",        OPT_ENUM,   OFF (capture_groups), { "many", "one" } },
  { "capture_priority",      OPT_ENUM,   OFF (capture_priority), { "none", "single" } },
  { "sum_target",            OPT_ENUM,   OFF (sum_target), { "value", "11" } },
  { "forced_capture",        OPT_ENUM,   OFF (forced_capture), { "none", "courts", "card", "any" } },
  { "jack_sweeps",           OPT_ENUM,   OFF (jack_sweeps), { "no", "all", "numerals" } },
  { "jack_sweep_scores",     OPT_BOOL,   OFF (jack_sweep_scores) },
  { "capture_mode",          OPT_ENUM,   OFF (capture_mode), { "table", "pile" } },
  { "sweep_ends_deal",       OPT_BOOL,   OFF (sweep_ends_deal) },
  { "table_redeal",          OPT_ENUM,   OFF (table_redeal), { "none", "kings3", "courts3", "pasur", "xeri" } },
  { "table_jack",            OPT_ENUM,   OFF (table_jack), { "keep", "bury" } },
};

G_STATIC_ASSERT (G_N_ELEMENTS (options) > N_RULES_MD_OPTIONS);

static const char *option_names[G_N_ELEMENTS (options) + 1];
static const char *rules_md_option_names[N_RULES_MD_OPTIONS + 1];

static void
init_option_names (void)
{
  static gsize init = 0;

  if (g_once_init_enter (&init))
    {
      for (guint i = 0; i < G_N_ELEMENTS (options); i++)
        option_names[i] = options[i].name;
      option_names[G_N_ELEMENTS (options)] = NULL;
      for (guint i = 0; i < N_RULES_MD_OPTIONS; i++)
        rules_md_option_names[i] = options[i].name;
      rules_md_option_names[N_RULES_MD_OPTIONS] = NULL;
      g_once_init_leave (&init, 1);
    }
}

const char *const *
cassino_rules_option_names (void)
{
  init_option_names ();
  return rules_md_option_names;
}

const char *const *
cassino_rules_all_option_names (void)
{
  init_option_names ();
  return option_names;
}

static const OptionInfo *
find_option (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    if (g_strcmp0 (options[i].name, name) == 0)
      return &options[i];
  return NULL;
}

#define FIELD_UINT(r, o)  (*(guint *) ((guint8 *) (r) + (o)->offset))
#define FIELD_BOOL(r, o)  (*(gboolean *) ((guint8 *) (r) + (o)->offset))
#define FIELD_U32(r, o)   (*(guint32 *) ((guint8 *) (r) + (o)->offset))

static gboolean
parse_values (const char *value,
              guint32    *out)
{
  guint32 bits = 0;
  const char *p = value;

  while (*p)
    {
      char *end;
      guint64 v;

      if (*p == '[' || *p == ']' || *p == ',' || g_ascii_isspace (*p))
        {
          p++;
          continue;
        }
      if (!g_ascii_isdigit (*p))
        return FALSE;
      v = g_ascii_strtoull (p, &end, 10);
      if (end == p || v < 1 || v > 16)
        return FALSE;
      bits |= VBIT (v);
      p = end;
    }
  if (bits == 0)
    return FALSE;
  *out = bits;
  return TRUE;
}

static char *
values_to_string (guint32 bits)
{
  GString *s = g_string_new ("[");

  for (guint v = 1; v <= 16; v++)
    if (bits & VBIT (v))
      g_string_append_printf (s, "%s%u", s->len > 1 ? "," : "", v);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

gboolean
cassino_rules_set_option (CassinoRules  *rules,
                          const char    *name,
                          const char    *value,
                          GError       **error)
{
  const OptionInfo *o = find_option (name);

  if (o == NULL)
    {
      g_autofree char *quoted = cassino_input_excerpt (name, -1);

      g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_UNKNOWN_OPTION,
                   _("unknown option “%s”"), quoted);
      return FALSE;
    }

  switch (o->type)
    {
    case OPT_UINT:
      {
        guint64 v;

        if (!g_ascii_string_to_unsigned (value, 10, 0, 1000, &v, NULL))
          goto bad;
        FIELD_UINT (rules, o) = (guint) v;
        return TRUE;
      }
    case OPT_BOOL:
      if (g_strcmp0 (value, "true") == 0)
        FIELD_BOOL (rules, o) = TRUE;
      else if (g_strcmp0 (value, "false") == 0)
        FIELD_BOOL (rules, o) = FALSE;
      else
        goto bad;
      return TRUE;
    case OPT_ENUM:
      for (guint i = 0; i < G_N_ELEMENTS (o->choices) && o->choices[i]; i++)
        if (g_strcmp0 (value, o->choices[i]) == 0)
          {
            FIELD_UINT (rules, o) = i;
            return TRUE;
          }
      goto bad;
    case OPT_VALUES:
      {
        guint32 bits;

        if (!parse_values (value, &bits))
          goto bad;
        FIELD_U32 (rules, o) = bits;
        return TRUE;
      }
    case OPT_DECK:
      {
        guint64 v;

        if (g_strcmp0 (value, "italian") == 0)
          {
            rules->deck = 40;
            rules->deck_italian = TRUE;
            return TRUE;
          }
        if (!g_ascii_string_to_unsigned (value, 10, 0, 1000, &v, NULL))
          goto bad;
        rules->deck = (guint) v;
        rules->deck_italian = FALSE;
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }

bad:
  {
    g_autofree char *quoted = cassino_input_excerpt (value, -1);

    g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_BAD_VALUE,
                 _("option “%s”: “%s” is not a valid value"), name, quoted);
  }
  return FALSE;
}

char *
cassino_rules_get_option (const CassinoRules *rules,
                          const char         *name)
{
  const OptionInfo *o = find_option (name);

  if (o == NULL)
    return NULL;

  switch (o->type)
    {
    case OPT_UINT:
      return g_strdup_printf ("%u", FIELD_UINT (rules, o));
    case OPT_BOOL:
      return g_strdup (FIELD_BOOL (rules, o) ? "true" : "false");
    case OPT_ENUM:
      return g_strdup (o->choices[FIELD_UINT (rules, o)]);
    case OPT_VALUES:
      return values_to_string (FIELD_U32 (rules, o));
    case OPT_DECK:
      return rules->deck_italian ? g_strdup ("italian") : g_strdup_printf ("%u", rules->deck);
    default:
      g_assert_not_reached ();
    }
}

static gboolean
why_impossible (const char **out_option,
                char       **out_why,
                const char  *option,
                const char  *why)
{
  *out_option = option;
  *out_why = g_strdup (why);
  return FALSE;
}

gboolean
cassino_rules_check (const CassinoRules  *r,
                     const char         **out_option,
                     char               **out_why)
{
  guint n = r->n_players;
  gboolean family = r->preset >= CASSINO_FIRST_FAMILY_PRESET;

  if (!(cassino_preset_get_player_counts (r->preset) & VBIT (n)))
    {
      g_autofree char *counts = cassino_preset_format_player_counts (r->preset);

      *out_option = "players";
      /* Translators: "the scopa preset is played by 2, 3 or 4 players, not 5" */
      *out_why = g_strdup_printf (_("the %s preset is played by %s players, not %u"),
                                  cassino_preset_to_string (r->preset), counts, n);
      return FALSE;
    }
  if (r->deck != 52 && r->deck != 40)
    return why_impossible (out_option, out_why, "deck", _("the deck has 52 or 40 cards"));
  if (r->deal_packet != 1 && r->deal_packet != 2 && r->deal_packet != 4 && r->deal_packet != 6)
    return why_impossible (out_option, out_why, "deal_packet", _("cards are dealt one, two, four or six at a time"));
  if (r->hand_size < 1 || r->hand_size > 12)
    return why_impossible (out_option, out_why, "hand_size", _("a hand has 1 to 12 cards"));
  if (r->table_initial > 12)
    return why_impossible (out_option, out_why, "table_initial", _("at most 12 cards are dealt to the table"));
  if (r->draw_after_play && n != 2)
    return why_impossible (out_option, out_why, "draw_after_play", _("draw Cassino is a game for two players"));
  if (r->draw_after_play)
    {
      if (r->table_initial + n * r->hand_size > r->deck)
        return why_impossible (out_option, out_why, "hand_size", _("the deck is too small for the first deal"));
    }
  else if (r->deck < r->table_initial + n * r->hand_size ||
           (!family && (r->deck - r->table_initial) % (n * r->hand_size) != 0))
    return why_impossible (out_option, out_why, "hand_size",
                       _("the stock must share out into equal hands for every player"));
  if (!(r->ace_values & VBIT (1)))
    return why_impossible (out_option, out_why, "ace_values", _("an ace always counts 1"));
  if (!(r->big_cassino_values & VBIT (10)))
    return why_impossible (out_option, out_why, "big_cassino_values", _("the ten of diamonds always counts 10"));
  if (!(r->little_cassino_values & VBIT (2)))
    return why_impossible (out_option, out_why, "little_cassino_values", _("the two of spades always counts 2"));
  if (r->count_as_you_go && r->target == 0)
    return why_impossible (out_option, out_why, "count_as_you_go", _("points counted as they are made need a target"));
  if (r->rubber_games < 1 || r->rubber_games % 2 == 0 || r->rubber_games > 99)
    return why_impossible (out_option, out_why, "rubber_games", _("a rubber is an odd number of games"));
  if (r->target > 999)
    return why_impossible (out_option, out_why, "target", _("the target is at most 999"));
  if (r->lurch_below > 0 && r->target == 0)
    return why_impossible (out_option, out_why, "lurch_below", _("a lurch needs a target score"));
  /* family.md §2: the new ways of capturing are for games without building */
  if (r->building && r->capture_groups != CASSINO_CAPTURE_GROUPS_MANY)
    return why_impossible (out_option, out_why, "capture_groups", _("one group a capture needs building false"));
  if (r->building && r->capture_priority != CASSINO_CAPTURE_PRIORITY_NONE)
    return why_impossible (out_option, out_why, "capture_priority", _("single-card priority needs building false"));
  if (r->building && r->sum_target != CASSINO_SUM_TARGET_VALUE)
    return why_impossible (out_option, out_why, "sum_target", _("sums to 11 need building false"));
  if (r->building && r->capture_mode == CASSINO_CAPTURE_MODE_PILE)
    return why_impossible (out_option, out_why, "capture_mode", _("a pile needs building false"));
  if (r->building && r->jack_sweeps != CASSINO_JACK_SWEEPS_NO)
    return why_impossible (out_option, out_why, "jack_sweeps", _("sweeping jacks need building false"));
  if (r->jack_sweeps != CASSINO_JACK_SWEEPS_NO &&
      (r->court_values == CASSINO_COURTS_NUMERIC || r->court_values == CASSINO_COURTS_SCOPA))
    return why_impossible (out_option, out_why, "jack_sweeps", _("a sweeping jack has no value: court_values must be pair-only or tablanette"));
  if (r->court_values == CASSINO_COURTS_TABLANETTE && r->jack_sweeps == CASSINO_JACK_SWEEPS_NO)
    return why_impossible (out_option, out_why, "court_values", _("tablanette court values need sweeping jacks"));
  if (r->sum_target == CASSINO_SUM_TARGET_11 && r->court_values != CASSINO_COURTS_PAIR_ONLY)
    return why_impossible (out_option, out_why, "sum_target", _("sums to 11 need pair-only courts"));
  if (r->sum_target == CASSINO_SUM_TARGET_11 && r->deck_italian)
    return why_impossible (out_option, out_why, "sum_target", _("sums to 11 need a deck with tens"));
  if (r->capture_mode == CASSINO_CAPTURE_MODE_PILE &&
      (r->capture_groups != CASSINO_CAPTURE_GROUPS_MANY || r->capture_priority != CASSINO_CAPTURE_PRIORITY_NONE ||
       r->sum_target != CASSINO_SUM_TARGET_VALUE))
    return why_impossible (out_option, out_why, "capture_mode", _("a pile is taken whole: no groups, priority or sums"));
  if (r->cassino_call && r->capture_mode == CASSINO_CAPTURE_MODE_PILE)
    return why_impossible (out_option, out_why, "cassino_call", _("there is nothing to claim from a pile"));
  if (!family && r->table_redeal != CASSINO_TABLE_REDEAL_NONE)
    return why_impossible (out_option, out_why, "table_redeal", _("a redeal needs a preset of the fishing family, which deals the table last"));
  if (!family && r->table_jack != CASSINO_TABLE_JACK_KEEP)
    return why_impossible (out_option, out_why, "table_jack", _("burying jacks needs a preset of the fishing family, which deals the table last"));
  if (r->draw_after_play && family)
    return why_impossible (out_option, out_why, "draw_after_play", _("the fishing games have no draw"));

  return TRUE;
}

gboolean
cassino_rules_finish (CassinoRules  *r,
                      GError       **error)
{
  const char *option = NULL;
  g_autofree char *why = NULL;
  guint n = r->n_players;

  if (!cassino_rules_check (r, &option, &why))
    {
      /* Translators: the first %s is the name of a rule option, e.g.
       * "hand_size" (not translated), the second why its value is impossible */
      g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_IMPOSSIBLE,
                   _("option “%s”: %s"), option, why);
      return FALSE;
    }
  r->family = r->preset >= CASSINO_FIRST_FAMILY_PRESET;
  r->family_captures = r->capture_groups != CASSINO_CAPTURE_GROUPS_MANY ||
                       r->capture_priority != CASSINO_CAPTURE_PRIORITY_NONE ||
                       r->sum_target != CASSINO_SUM_TARGET_VALUE;

  /* derived */
  r->n_sides = n;
  if (r->partnerships && (n == 4 || n == 6))
    r->n_sides = n / 2;

  r->deck_cards = 0;
  r->numeric_cards = 0;
  r->max_build = 0;
  for (guint card = 0; card < CASSINO_N_CARDS; card++)
    {
      guint rank = CASSINO_CARD_RANK (card);
      guint32 values;

      if (r->deck_italian ? (rank >= 8 && rank <= 10) : (r->deck == 40 && rank > 10))
        {
          r->card_values[card] = 0;
          continue;
        }
      r->deck_cards |= CASSINO_CARD_BIT (card);

      if (rank > 10)
        switch (r->court_values)
          {
          case CASSINO_COURTS_NUMERIC:
            values = VBIT (rank);
            break;
          case CASSINO_COURTS_SCOPA:
            values = VBIT (rank - 3);                   /* J 8, Q 9, K 10 */
            break;
          case CASSINO_COURTS_TABLANETTE:
            values = rank == CASSINO_RANK_JACK ? 0 : VBIT (rank + 1);   /* Q 13, K 14 */
            break;
          case CASSINO_COURTS_PAIR_ONLY:
          default:
            values = 0;
            break;
          }
      else if (rank == 1)
        values = r->ace_values;
      else if (card == CASSINO_BIG_CASSINO)
        values = r->big_cassino_values;
      else if (card == CASSINO_LITTLE_CASSINO)
        values = r->little_cassino_values;
      else
        values = VBIT (rank);

      r->card_values[card] = values;
      if (values)
        {
          r->numeric_cards |= CASSINO_CARD_BIT (card);
          r->max_build = MAX (r->max_build, (guint) (31 - __builtin_clz (values)));
        }
    }

  return TRUE;
}

gboolean
cassino_rules_table_redeal (const CassinoRules *rules,
                            const guint8       *table,
                            guint               n)
{
  guint count[14] = { 0 };

  for (guint i = 0; i < n; i++)
    count[CASSINO_CARD_RANK (table[i])]++;

  switch (rules->table_redeal)
    {
    case CASSINO_TABLE_REDEAL_KINGS3:
      return count[CASSINO_RANK_KING] >= 3;
    case CASSINO_TABLE_REDEAL_COURTS3:
      return count[CASSINO_RANK_JACK] >= 3 || count[CASSINO_RANK_QUEEN] >= 3 ||
             count[CASSINO_RANK_KING] >= 3;
    case CASSINO_TABLE_REDEAL_PASUR:
      return count[CASSINO_RANK_JACK] >= 2 || count[CASSINO_RANK_QUEEN] >= 3 ||
             count[CASSINO_RANK_KING] >= 3;
    case CASSINO_TABLE_REDEAL_XERI:
      if (n > 0 && CASSINO_CARD_RANK (table[n - 1]) == CASSINO_RANK_JACK)
        return TRUE;
      for (guint rank = 1; rank <= 13; rank++)
        if (count[rank] >= 2)
          return TRUE;
      return FALSE;
    case CASSINO_TABLE_REDEAL_NONE:
    default:
      return FALSE;
    }
}

/* JSON */

static gboolean
apply_json_member (CassinoRules  *rules,
                   const char    *name,
                   JsonNode      *node,
                   GError       **error)
{
  g_autofree char *text = NULL;

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      GString *s = g_string_new ("[");

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *el = json_array_get_element (array, i);

          if (!JSON_NODE_HOLDS_VALUE (el) || json_node_get_value_type (el) != G_TYPE_INT64)
            {
              g_string_free (s, TRUE);
              g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_BAD_VALUE,
                           "option “%s”: values must be whole numbers", name);
              return FALSE;
            }
          g_string_append_printf (s, "%s%" G_GINT64_FORMAT, i ? "," : "",
                                  json_node_get_int (el));
        }
      g_string_append_c (s, ']');
      text = g_string_free (s, FALSE);
    }
  else if (JSON_NODE_HOLDS_VALUE (node))
    {
      GType t = json_node_get_value_type (node);

      if (t == G_TYPE_BOOLEAN)
        text = g_strdup (json_node_get_boolean (node) ? "true" : "false");
      else if (t == G_TYPE_INT64)
        {
          gint64 v = json_node_get_int (node);

          if (v < 0)
            {
              g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_BAD_VALUE,
                           "option “%s”: %" G_GINT64_FORMAT " is negative", name, v);
              return FALSE;
            }
          text = g_strdup_printf ("%" G_GINT64_FORMAT, v);
        }
      else if (t == G_TYPE_STRING)
        text = g_strdup (json_node_get_string (node));
    }

  if (text == NULL)
    {
      if (find_option (name) == NULL)
        return cassino_rules_set_option (rules, name, "", error);
      g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_BAD_VALUE,
                   "option “%s”: wrong kind of value", name);
      return FALSE;
    }

  return cassino_rules_set_option (rules, name, text, error);
}

static gboolean
parse_preset_name (const char     *name,
                   CassinoPreset  *out,
                   GError        **error)
{
  if (!cassino_preset_from_string (name, out))
    {
      g_autofree char *quoted = cassino_input_excerpt (name, -1);
      GString *names = g_string_new (NULL);

      /* the names it could be */
      for (guint p = 0; p < CASSINO_N_ALL_PRESETS; p++)
        {
          if (names->len)
            g_string_append (names, ", ");
          g_string_append (names, cassino_preset_to_string ((CassinoPreset) p));
        }
      g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_UNKNOWN_PRESET,
                   /* Translators: the second %s lists the preset names: "classic, english, …" */
                   _("unknown preset “%s” (the presets are %s)"), quoted, names->str);
      g_string_free (names, TRUE);
      return FALSE;
    }
  return TRUE;
}

gboolean
cassino_rules_parse (CassinoRules  *rules,
                     const char    *text,
                     guint          n_players,
                     GError       **error)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonNode *root;
  CassinoPreset preset = CASSINO_PRESET_CLASSIC;

  g_return_val_if_fail (text != NULL, FALSE);

  while (g_ascii_isspace (*text))
    text++;

  if (*text != '{' && *text != '"')
    {
      if (!parse_preset_name (text, &preset, error))
        return FALSE;
      rules_set_preset (rules, preset, n_players);
      return cassino_rules_finish (rules, error);
    }

  parser = json_parser_new ();
  if (!cassino_json_load (parser, text, -1, error))
    return FALSE;
  root = json_parser_get_root (parser);
  return cassino_rules_parse_json (rules, root, n_players, error);
}

gboolean
cassino_rules_parse_json (CassinoRules  *rules,
                          JsonNode      *root,
                          guint          n_players,
                          GError       **error)
{
  CassinoPreset preset = CASSINO_PRESET_CLASSIC;
  g_autoptr(GList) members = NULL;
  JsonObject *object;
  JsonNode *preset_node;

  if (root && JSON_NODE_HOLDS_VALUE (root) && json_node_get_value_type (root) == G_TYPE_STRING)
    {
      if (!parse_preset_name (json_node_get_string (root), &preset, error))
        return FALSE;
      rules_set_preset (rules, preset, n_players);
      return cassino_rules_finish (rules, error);
    }

  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_BAD_VALUE,
                   "rules must be a preset name or an object of options");
      return FALSE;
    }

  object = json_node_get_object (root);
  preset_node = json_object_get_member (object, "preset");
  if (preset_node)
    {
      if (!JSON_NODE_HOLDS_VALUE (preset_node) ||
          json_node_get_value_type (preset_node) != G_TYPE_STRING)
        {
          g_set_error (error, CASSINO_RULES_ERROR, CASSINO_RULES_ERROR_BAD_VALUE,
                       "option “preset”: must be a preset name");
          return FALSE;
        }
      if (!parse_preset_name (json_node_get_string (preset_node), &preset, error))
        return FALSE;
    }

  rules_set_preset (rules, preset, n_players);

  members = json_object_get_members (object);
  for (GList *l = members; l; l = l->next)
    {
      const char *name = l->data;

      if (g_strcmp0 (name, "preset") == 0)
        continue;
      if (!apply_json_member (rules, name, json_object_get_member (object, name), error))
        return FALSE;
    }

  return cassino_rules_finish (rules, error);
}

char *
cassino_rules_to_json (const CassinoRules *rules)
{
  CassinoRules base;
  g_autoptr(GString) s = g_string_new (NULL);
  gboolean any = FALSE;

  rules_set_preset (&base, rules->preset, rules->n_players);

  g_string_append_printf (s, "{\"preset\":\"%s\"", cassino_preset_to_string (rules->preset));
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      const OptionInfo *o = &options[i];
      g_autofree char *a = cassino_rules_get_option (rules, o->name);
      g_autofree char *b = cassino_rules_get_option (&base, o->name);

      if (g_strcmp0 (a, b) == 0)
        continue;
      any = TRUE;
      if ((o->type == OPT_ENUM || o->type == OPT_DECK) && !g_ascii_isdigit (a[0]))
        g_string_append_printf (s, ",\"%s\":\"%s\"", o->name, a);
      else
        g_string_append_printf (s, ",\"%s\":%s", o->name, a);
    }
  g_string_append_c (s, '}');

  if (!any)
    return g_strdup_printf ("\"%s\"", cassino_preset_to_string (rules->preset));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

gboolean
cassino_rules_equal (const CassinoRules *a,
                     const CassinoRules *b)
{
  if (a->preset != b->preset || a->n_players != b->n_players)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      g_autofree char *x = cassino_rules_get_option (a, options[i].name);
      g_autofree char *y = cassino_rules_get_option (b, options[i].name);

      if (g_strcmp0 (x, y) != 0)
        return FALSE;
    }
  return TRUE;
}
