/* cassino-new-game-dialog.c: choose rules, seats and format
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-new-game-dialog.h"
#include "cassino-game-family.h"

#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-a11y.h"
#include "cassino-plain-text.h"

typedef enum {
  OPTION_SWITCH,
  OPTION_NUMBER,
  OPTION_CHOICE,
} OptionKind;

typedef struct {
  const char *value;
  const char *label;
} OptionChoice;

typedef struct {
  const char   *name;
  const char   *title;
  const char   *description;
  OptionKind    kind;
  int           min, max;
  OptionChoice  choices[4];
} OptionInfo;

/* Titles and descriptions of the rules.md options; any option missing
 * here still gets a row, with a text entry. */
/* A choice's label is short (at most 24 characters, translated too): its
 * row shows it on one line beside the title and description, and a long
 * one was cut with "…" ("Reihum zählen, Erster g…"); the description says
 * the rest. */
static const OptionInfo option_info[] = {
  { "deck", N_("Cards in the deck"),
    N_("The full deck, or forty cards without jacks, queens and kings"), OPTION_CHOICE, 0, 0,
    { { "52", N_("52, the full deck") }, { "40", N_("40, without courts") } } },
  { "hand_size", N_("Cards in a hand"),
    N_("How many cards each player gets at every deal"), OPTION_NUMBER, 1, 12 },
  { "table_initial", N_("Cards dealt to the table"),
    N_("How many cards are laid face up on the table at the first deal"), OPTION_NUMBER, 0, 8 },
  { "deal_packet", N_("Cards dealt at a time"),
    N_("Each player gets one or two cards at a time; it changes only who gets which card"), OPTION_NUMBER, 1, 2 },
  { "draw_after_play", N_("Draw a card after each play"),
    N_("After each play the player draws from the stock, and no new hands are dealt"), OPTION_SWITCH },
  { "partnerships", N_("Partners sit opposite"),
    N_("Players sitting opposite each other play as one side and share their cards and points"), OPTION_SWITCH },
  { "court_values", N_("Court cards"),
    N_("Whether jacks, queens and kings only pair with their rank, or count 11, 12 and 13 like any card"), OPTION_CHOICE, 0, 0,
    { { "pair-only", N_("Pair only") }, { "numeric", N_("Count 11, 12 and 13") } } },
  { "court_capture", N_("A court takes"),
    N_("How many courts of its rank a jack, queen or king takes from the table"), OPTION_CHOICE, 0, 0,
    { { "one", N_("One, or all three") }, { "all", N_("Any of its rank") } } },
  { "ace_values", N_("An ace counts"),
    N_("Whether an ace may also count 14 when it takes, sums or builds"), OPTION_CHOICE, 0, 0,
    { { "[1]", N_("1") }, { "[1,14]", N_("1 or 14") } } },
  { "big_cassino_values", N_("Big Cassino (10♦) counts"),
    N_("Whether the ten of diamonds may also count 16"), OPTION_CHOICE, 0, 0,
    { { "[10]", N_("10") }, { "[10,16]", N_("10 or 16") } } },
  { "little_cassino_values", N_("Little Cassino (2♠) counts"),
    N_("Whether the two of spades may also count 15"), OPTION_CHOICE, 0, 0,
    { { "[2]", N_("2") }, { "[2,15]", N_("2 or 15") } } },
  { "building", N_("Building"),
    N_("Whether a card may be laid on table cards to take them all later with a card of their total"), OPTION_SWITCH },
  { "multiple_builds", N_("Multiple builds"),
    N_("Whether a build may hold several groups of the same value, or join another build of its value"), OPTION_SWITCH },
  { "increase_own_build", N_("Raise your own build"),
    N_("Whether you may add a card to a build you own to raise its value"), OPTION_SWITCH },
  { "trail_with_own_build", N_("Trail while owning a build"),
    N_("Whether you may lay a card on the table without taking while a build of yours is there"), OPTION_SWITCH },
  { "builds_in_sums", N_("Builds count in sums"),
    N_("Whether a build may be taken as part of a sum, at its value"), OPTION_SWITCH },
  { "sweeps", N_("Sweeps score"),
    N_("Whether taking every card on the table scores a point"), OPTION_SWITCH },
  { "sweep_on_last_play", N_("A sweep on the last play scores"),
    N_("Whether clearing the table with the last card of the deal also scores"), OPTION_SWITCH },
  { "last_cards", N_("Cards left at the end go"),
    N_("Who takes the cards still on the table when the deal ends"), OPTION_CHOICE, 0, 0,
    { { "last-capturer", N_("Last to capture") }, { "court-last", N_("Court played last") } } },
  { "scoring", N_("Scoring"),
    N_("What scores at the end of a deal: most cards and spades, the cassinos and aces; every spade; or diamonds and fours of a rank"), OPTION_CHOICE, 0, 0,
    { { "classic", N_("Classic") }, { "spade", N_("Spade") }, { "diamond", N_("Diamond") } } },
  { "target", N_("Points to win (0: one deal)"),
    N_("The points a side needs to win the game; with 0, one deal is the game"), OPTION_NUMBER, 0, 500 },
  { "game_scoring", N_("Game score"),
    N_("Whether every side adds its points after each deal, or only the deal’s winner scores what it won by"), OPTION_CHOICE, 0, 0,
    { { "cumulative", N_("Every side scores") }, { "difference", N_("Winner scores the margin") } } },
  { "at_target", N_("When two reach the target"),
    N_("Who wins when more than one side reaches the target in the same deal: the first in counting order, "
       "or the higher total (another deal on a tie)"), OPTION_CHOICE, 0, 0,
    { { "count-order", N_("Counting order") }, { "another-deal", N_("Higher total") } } },
  { "count_as_you_go", N_("Count as you go"),
    N_("Points are counted the moment they are made, and the game ends as soon as a side reaches the target"), OPTION_SWITCH },
  { "lurch_below", N_("A lurch below (0: none)"),
    N_("A game won while the loser has fewer points than this counts double"), OPTION_NUMBER, 0, 100 },
  { "rubber_games", N_("Games in a rubber"),
    N_("The most games a rubber lasts: the first side to win more than half of them wins it"), OPTION_NUMBER, 1, 9 },
  { "cassino_call", N_("Call “Cassino!” on a missed capture"),
    N_("After a trail that could have taken cards, the next player may claim the card and what it could have taken"), OPTION_SWITCH },
};


typedef struct {
  const char       *name;
  const OptionInfo *info;
  GtkWidget        *row;
  GtkWidget        *control;   /* GtkSwitch, GtkSpinButton, GtkEntry; the row for choices */
  GtkWidget        *warning;   /* the icon shown when the option cannot be played so */
} OptionRow;

struct _CassinoNewGameDialog
{
  AdwWindow        parent_instance;

  AdwComboRow     *game_row;
  AdwComboRow     *preset_row;
  AdwComboRow     *format_row;
  AdwExpanderRow  *advanced_row;
  AdwPreferencesGroup *seats_group;
  AdwComboRow     *players_row;
  GtkLabel        *error_label;

  GArray          *options;       /* OptionRow */
  GtkWidget       *seat_rows[CASSINO_MAX_PLAYERS];
  GtkWidget       *seat_kinds[CASSINO_MAX_PLAYERS];
  GtkWidget       *seat_people[CASSINO_MAX_PLAYERS];   /* GtkMenuButton: names from the player list */
  guint            player_counts[CASSINO_MAX_PLAYERS + 1];
  guint            n_player_counts;
  gboolean         loading;
  gboolean         single_for_game;   /* "A single deal" chosen by the game, not the player */
  gboolean         setting_format;
  int              last_edited;   /* index in options of the option changed last, or -1 */
  char            *variant_title; /* "Custom, based on Classic" once changed */
  GtkLabel        *preset_label;  /* the variant's name shown in its row */
};

G_DEFINE_FINAL_TYPE (CassinoNewGameDialog, cassino_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  START_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const OptionInfo *
find_info (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (option_info); i++)
    if (g_strcmp0 (option_info[i].name, name) == 0)
      return &option_info[i];
  return NULL;
}

static CassinoPreset
selected_preset (CassinoNewGameDialog *self)
{
  guint f = adw_combo_row_get_selected (self->game_row);
  guint i = adw_combo_row_get_selected (self->preset_row);
  const CassinoGameFamily *family;

  if (f >= cassino_game_family_count ())
    return CASSINO_PRESET_CLASSIC;
  family = cassino_game_family_get (f);
  return i <= (guint) (family->last - family->first) ? family->first + i : family->first;
}

static guint
selected_players (CassinoNewGameDialog *self)
{
  guint i = adw_combo_row_get_selected (self->players_row);

  return i < self->n_player_counts ? self->player_counts[i] : 2;
}

static char *
option_value (OptionRow *o)
{
  if (o->info == NULL)
    return g_strdup (gtk_editable_get_text (GTK_EDITABLE (o->control)));

  switch (o->info->kind)
    {
    case OPTION_SWITCH:
      return g_strdup (gtk_switch_get_active (GTK_SWITCH (o->control)) ? "true" : "false");
    case OPTION_NUMBER:
      return g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (o->control)));
    case OPTION_CHOICE:
      {
        guint i = adw_combo_row_get_selected (ADW_COMBO_ROW (o->row));

        if (i < G_N_ELEMENTS (o->info->choices) && o->info->choices[i].value)
          return g_strdup (o->info->choices[i].value);
        return NULL;
      }
    default:
      g_assert_not_reached ();
    }
}

static void
set_option_value (OptionRow  *o,
                  const char *value)
{
  if (value == NULL)
    return;
  if (o->info == NULL)
    {
      gtk_editable_set_text (GTK_EDITABLE (o->control), value);
      return;
    }
  switch (o->info->kind)
    {
    case OPTION_SWITCH:
      gtk_switch_set_active (GTK_SWITCH (o->control), g_strcmp0 (value, "true") == 0);
      break;
    case OPTION_NUMBER:
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (o->control), g_ascii_strtod (value, NULL));
      break;
    case OPTION_CHOICE:
      for (guint i = 0; i < G_N_ELEMENTS (o->info->choices) && o->info->choices[i].value; i++)
        if (g_strcmp0 (o->info->choices[i].value, value) == 0)
          adw_combo_row_set_selected (ADW_COMBO_ROW (o->row), i);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void validate (CassinoNewGameDialog *self);

/* Show the options of @rules. */
static void
load_rules (CassinoNewGameDialog *self,
            const CassinoRules   *rules)
{
  self->loading = TRUE;
  for (guint i = 0; i < self->options->len; i++)
    {
      OptionRow *o = &g_array_index (self->options, OptionRow, i);
      g_autofree char *value = cassino_rules_get_option (rules, o->name);

      set_option_value (o, value);
    }
  self->loading = FALSE;
  self->last_edited = -1;
  validate (self);
}

static OptionRow *
find_row (CassinoNewGameDialog *self,
          const char           *name)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      OptionRow *o = &g_array_index (self->options, OptionRow, i);

      if (g_str_equal (o->name, name))
        return o;
    }
  return NULL;
}

/* The rules the rows show, over the variant's for the chosen number of
 * players; not yet checked.  On a value the engine does not take, sets
 * @out_option to its name. */
static gboolean
collect_rules (CassinoNewGameDialog  *self,
               CassinoRules          *out_rules,
               const char           **out_option,
               GError               **error)
{
  CassinoRules preset_rules;

  if (!cassino_rules_init_preset (&preset_rules, selected_preset (self), selected_players (self), error))
    {
      *out_option = "players";
      return FALSE;
    }
  *out_rules = preset_rules;
  /* the advanced rows are rules.md's options: the fishing family's games
   * are played as their preset says (the rows are hidden for them) */
  if (preset_rules.family)
    return TRUE;
  for (guint i = 0; i < self->options->len; i++)
    {
      OptionRow *o = &g_array_index (self->options, OptionRow, i);
      g_autofree char *value = option_value (o);
      g_autofree char *preset_value = cassino_rules_get_option (&preset_rules, o->name);

      if (value && g_strcmp0 (value, preset_value) != 0 &&
          !cassino_rules_set_option (out_rules, o->name, value, error))
        {
          *out_option = o->name;
          return FALSE;
        }
    }
  return TRUE;
}

/* Whether the option of @name plays a part in @rules with @format: the
 * rest is hidden (partners with two players, a build's options without
 * building, …). */
static gboolean
option_applies (const char         *name,
                const CassinoRules *r,
                CassinoFormat       format)
{
  gboolean has_target = format != CASSINO_FORMAT_SINGLE && r->target > 0;

  if (r->family)
    return FALSE;

  if (g_str_equal (name, "partnerships"))
    return r->n_players == 4 || r->n_players == 6;
  if (g_str_equal (name, "draw_after_play"))
    return r->n_players == 2;
  if (g_str_equal (name, "court_values"))
    return r->deck == 52;
  if (g_str_equal (name, "court_capture"))
    return r->deck == 52 && r->court_values == CASSINO_COURTS_PAIR_ONLY;
  if (g_str_equal (name, "multiple_builds") || g_str_equal (name, "increase_own_build") ||
      g_str_equal (name, "trail_with_own_build") || g_str_equal (name, "builds_in_sums"))
    return r->building;
  if (g_str_equal (name, "sweep_on_last_play"))
    return r->sweeps;
  if (g_str_equal (name, "target"))
    return format != CASSINO_FORMAT_SINGLE;
  if (g_str_equal (name, "game_scoring") || g_str_equal (name, "at_target") ||
      g_str_equal (name, "count_as_you_go") || g_str_equal (name, "lurch_below"))
    return has_target;
  if (g_str_equal (name, "rubber_games"))
    return format == CASSINO_FORMAT_RUBBER;
  return TRUE;
}

static void
show_option_problem (OptionRow  *o,
                     const char *why)
{
  const char *description = o->info ? g_dgettext (GETTEXT_PACKAGE, o->info->description) : o->name;

  gtk_widget_set_visible (o->warning, why != NULL);
  if (why)
    {
      /* the reasons are phrased to follow a colon: start them with a capital */
      g_autofree char *rest = g_utf8_strup (why, g_utf8_next_char (why) - why);
      g_autofree char *text = g_strconcat (rest, g_utf8_next_char (why), NULL);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (o->row), text);
      gtk_widget_add_css_class (o->row, "impossible-option");
    }
  else
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (o->row), description);
      gtk_widget_remove_css_class (o->row, "impossible-option");
    }
}

static void
update_preset_label (CassinoNewGameDialog *self)
{
  if (self->preset_label)
    gtk_label_set_label (self->preset_label, self->variant_title ? self->variant_title
                                             : cassino_preset_get_title (selected_preset (self)));
}

/* Check the options as they are edited: what does not apply is hidden, an
 * impossible one says why beside it, and Deal waits until all is well. */
static void
validate (CassinoNewGameDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  const char *option = NULL;
  CassinoRules rules;
  CassinoFormat format = (CassinoFormat) adw_combo_row_get_selected (self->format_row);
  OptionRow *at = NULL;
  gboolean ok;

  if (self->loading || self->options == NULL)
    return;
  ok = collect_rules (self, &rules, &option, &error);
  if (!ok)
    why = g_strdup (error->message);
  else
    ok = cassino_rules_check (&rules, &option, &why);

  for (guint i = 0; i < self->options->len; i++)
    {
      OptionRow *o = &g_array_index (self->options, OptionRow, i);

      show_option_problem (o, NULL);
      /* the rules of a rejected value are incomplete: keep what is shown */
      if (error == NULL)
        gtk_widget_set_visible (o->row, option_applies (o->name, &rules, format));
    }

  if (!ok)
    {
      at = option ? find_row (self, option) : NULL;
      /* an option hidden because another took its meaning: say it at the
       * one that was changed */
      if ((at == NULL || !gtk_widget_get_visible (at->row)) && self->last_edited >= 0)
        at = &g_array_index (self->options, OptionRow, self->last_edited);
      if (at && gtk_widget_get_visible (at->row))
        {
          show_option_problem (at, why);
          adw_expander_row_set_expanded (self->advanced_row, TRUE);
        }
      else
        at = NULL;
    }
  gtk_label_set_label (self->error_label, !ok && at == NULL ? why : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), !ok && at == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "dialog.start", ok);

  if (ok)
    {
      g_free (self->variant_title);
      self->variant_title = cassino_game_setup_dup_variant_title (&rules);
      update_preset_label (self);
    }
}

static void
on_option_changed_cb (GtkWidget            *control,
                      GParamSpec           *pspec,
                      CassinoNewGameDialog *self)
{
  if (self->loading)
    return;
  for (guint i = 0; i < self->options->len; i++)
    if (g_array_index (self->options, OptionRow, i).control == control)
      self->last_edited = (int) i;
  validate (self);
}

/* The format the game (not the player) sets. */
static void
set_format (CassinoNewGameDialog *self,
            CassinoFormat         format)
{
  self->setting_format = TRUE;
  adw_combo_row_set_selected (self->format_row, format);
  self->setting_format = FALSE;
}

static void
update_format_subtitle (CassinoNewGameDialog *self)
{
  CassinoRules rules;
  g_autofree char *subtitle = NULL;

  /* the window says what it starts (it said "New Game" for a rubber) */
  gtk_window_set_title (GTK_WINDOW (self), adw_combo_row_get_selected (self->format_row) == CASSINO_FORMAT_RUBBER
                                           ? _("New Rubber") : _("New Game"));
  if (!cassino_rules_init_preset (&rules, selected_preset (self), selected_players (self), NULL))
    return;
  /* a game whose deal is the game (Xeri, Callabra): "A game to the
   * target" is "A single deal" (the row read "A game to the target" over
   * "In this variant one deal is the game"); the next game with a target
   * (Diloti, Classic) is played to it again, unless the player chose the
   * single deal */
  if (rules.target == 0 && adw_combo_row_get_selected (self->format_row) == CASSINO_FORMAT_TARGET)
    {
      set_format (self, CASSINO_FORMAT_SINGLE);
      self->single_for_game = TRUE;
      return;   /* (said again by the notify of that) */
    }
  if (rules.target > 0 && self->single_for_game &&
      adw_combo_row_get_selected (self->format_row) == CASSINO_FORMAT_SINGLE)
    {
      self->single_for_game = FALSE;
      set_format (self, CASSINO_FORMAT_TARGET);
      return;
    }
  switch (adw_combo_row_get_selected (self->format_row))
    {
    case CASSINO_FORMAT_TARGET:
      subtitle = rules.target ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "First to %u point wins",
                                                              "First to %u points wins", rules.target),
                                                 rules.target)
                              : g_strdup (_("In this variant one deal is the game"));
      break;
    case CASSINO_FORMAT_SINGLE:
      subtitle = g_strdup (_("Most points after one deal wins"));
      break;
    case CASSINO_FORMAT_RUBBER:
    default:
      {
        /* the rubber's length as the advanced options set it now */
        guint games = rules.rubber_games;
        guint needed;

        for (guint i = 0; i < self->options->len; i++)
          {
            OptionRow *o = &g_array_index (self->options, OptionRow, i);

            if (o->info && o->info->kind == OPTION_NUMBER && g_str_equal (o->name, "rubber_games"))
              games = (guint) gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (o->control));
          }
        /* as it will be played (cassino_game_setup_rules()) */
        games = MAX (games, CASSINO_RUBBER_MIN_GAMES);
        needed = games / 2 + 1;
        /* Translators: the subtitle of "A rubber"; %u is the number of games a side must win */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "The first to win %u game wins the rubber",
                                                 "The first to win %u games wins the rubber",
                                                 needed),
                                    needed);
      }
      break;
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->format_row), subtitle);
}

/* Who partners whom, under "Players": "You and Chiara against Bruno and
 * Dmitri"; nothing when everyone plays alone (or the rules do not hold). */
static void
update_partners (CassinoNewGameDialog *self)
{
  g_autoptr(CassinoGameSetup) setup = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) teams = NULL;
  CassinoRules rules;
  guint humans = 0;

  if (self->loading)
    return;
  setup = cassino_new_game_dialog_get_setup (self, NULL);
  if (setup == NULL || !cassino_game_setup_get_rules (setup, &rules, NULL) ||
      rules.n_sides == rules.n_players)
    {
      adw_preferences_group_set_description (self->seats_group, NULL);
      return;
    }
  for (guint i = 0; i < setup->n_players; i++)
    if (setup->seats[i].kind == CASSINO_SEAT_HUMAN)
      humans++;

  teams = g_ptr_array_new_with_free_func (g_free);
  for (guint side = 0; side < rules.n_sides; side++)
    {
      guint a = side, b = side + rules.n_sides;

      if (a == 0 && humans == 1 && setup->seats[0].kind == CASSINO_SEAT_HUMAN)
        /* Translators: the user's partnership in "You and Chiara against Bruno and Dmitri" */
        g_ptr_array_add (teams, g_strdup_printf (_("You and %s"), setup->seats[b].name));
      else
        /* Translators: a partnership in "You and Chiara against Bruno and Dmitri" */
        g_ptr_array_add (teams, g_strdup_printf (_("%s and %s"), setup->seats[a].name, setup->seats[b].name));
    }
  if (teams->len == 2)
    /* Translators: who partners whom in the new game dialog, e.g.
     * "You and Chiara against Bruno and Dmitri" */
    text = g_strdup_printf (_("%s against %s"), (char *) teams->pdata[0], (char *) teams->pdata[1]);
  else
    /* Translators: who partners whom with six players, e.g.
     * "Three partnerships: You and Dmitri; Bruno and Esther; Chiara and Farid" */
    text = g_strdup_printf (_("Three partnerships: %s; %s; %s"), (char *) teams->pdata[0],
                            (char *) teams->pdata[1], teams->len > 2 ? (char *) teams->pdata[2] : "");
  cassino_plain_group_set_description (self->seats_group, text);
}

static void
update_seats (CassinoNewGameDialog *self)
{
  guint n = selected_players (self);

  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    gtk_widget_set_visible (self->seat_rows[i], i < n);
  update_partners (self);
}

static void
fill_player_counts (CassinoNewGameDialog *self,
                    guint                 wanted)
{
  guint counts = cassino_preset_get_player_counts (selected_preset (self));
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  guint select = 0;

  self->n_player_counts = 0;
  for (guint n = 2; n <= CASSINO_MAX_PLAYERS; n++)
    if (counts & (1u << n))
      {
        g_autofree char *label = g_strdup_printf ("%u", n);

        if (n == wanted)
          select = self->n_player_counts;
        self->player_counts[self->n_player_counts++] = n;
        gtk_string_list_append (list, label);
      }
  adw_combo_row_set_model (self->players_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->players_row, select);
}

/* "For 2, 3 or 4 players" */
static char *
player_counts_text (CassinoPreset preset)
{
  guint counts = cassino_preset_get_player_counts (preset);
  g_autofree char *list = cassino_preset_format_player_counts (preset);
  guint n_counts = 0;

  for (guint n = 2; n <= CASSINO_MAX_PLAYERS; n++)
    n_counts += (counts >> n) & 1;
  if (n_counts == 1 && counts == (1u << 4))
    return g_strdup (_("For four players in two partnerships"));
  if (n_counts == 1 && counts == (1u << 2))
    return g_strdup (_("For two players"));
  /* Translators: the players a game allows, e.g. "For 2, 3 or 4 players" */
  return g_strdup_printf (_("For %s players"), list);
}

static void
reload_preset (CassinoNewGameDialog *self)
{
  CassinoRules rules;
  CassinoPreset preset = selected_preset (self);
  g_autofree char *players = player_counts_text (preset);
  g_autofree char *subtitle = g_strdup_printf ("%s\n%s", cassino_preset_get_summary (preset), players);

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->preset_row), subtitle);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->game_row),
                               g_dgettext (GETTEXT_PACKAGE,
                                           cassino_game_family_get (cassino_game_family_of_preset (preset))->description));
  /* the fishing family's options are the preset's: no house rules */
  gtk_widget_set_visible (GTK_WIDGET (self->advanced_row), preset < CASSINO_FIRST_FAMILY_PRESET);
  if (cassino_rules_init_preset (&rules, selected_preset (self), selected_players (self), NULL))
    load_rules (self, &rules);
  update_format_subtitle (self);
  update_seats (self);
}

static void
on_preset_selected_cb (AdwComboRow          *row,
                       GParamSpec           *pspec,
                       CassinoNewGameDialog *self)
{
  if (self->loading)
    return;
  self->loading = TRUE;
  fill_player_counts (self, selected_players (self));
  self->loading = FALSE;
  reload_preset (self);
}

/* The variants of the chosen game, @preset selected. */
static void
fill_variants (CassinoNewGameDialog *self,
               CassinoPreset         preset)
{
  const CassinoGameFamily *f = cassino_game_family_get (cassino_game_family_of_preset (preset));
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (CassinoPreset p = f->first; p <= f->last; p++)
    gtk_string_list_append (list, cassino_preset_get_title (p));
  adw_combo_row_set_selected (self->game_row, cassino_game_family_of_preset (preset));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->preset_row, preset - f->first);
}

static void
on_game_selected_cb (AdwComboRow          *row,
                     GParamSpec           *pspec,
                     CassinoNewGameDialog *self)
{
  guint f = adw_combo_row_get_selected (self->game_row);

  if (self->loading || f >= cassino_game_family_count ())
    return;
  self->loading = TRUE;
  fill_variants (self, cassino_game_family_get (f)->first);
  fill_player_counts (self, selected_players (self));
  self->loading = FALSE;
  reload_preset (self);
}

static void
on_players_selected_cb (AdwComboRow          *row,
                        GParamSpec           *pspec,
                        CassinoNewGameDialog *self)
{
  if (self->loading)
    return;
  reload_preset (self);
}

/* "A rubber" chosen: its length option shows at least the best of three,
 * the length the game will have (one game is no rubber). */
static void
raise_rubber_games (CassinoNewGameDialog *self)
{
  if (adw_combo_row_get_selected (self->format_row) != CASSINO_FORMAT_RUBBER || self->options == NULL)
    return;
  for (guint i = 0; i < self->options->len; i++)
    {
      OptionRow *o = &g_array_index (self->options, OptionRow, i);

      if (o->info && o->info->kind == OPTION_NUMBER && g_str_equal (o->name, "rubber_games") &&
          gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (o->control)) < CASSINO_RUBBER_MIN_GAMES)
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (o->control), CASSINO_RUBBER_MIN_GAMES);
    }
}

static void
on_format_selected_cb (AdwComboRow          *row,
                       GParamSpec           *pspec,
                       CassinoNewGameDialog *self)
{
  /* the player's own choice stays */
  if (!self->setting_format)
    self->single_for_game = FALSE;
  raise_rubber_games (self);
  update_format_subtitle (self);
  validate (self);
}

CassinoGameSetup *
cassino_new_game_dialog_get_setup (CassinoNewGameDialog  *self,
                                   GError               **error)
{
  g_autoptr(CassinoGameSetup) setup = g_new0 (CassinoGameSetup, 1);
  CassinoRules rules;
  const char *option = NULL;
  guint n = selected_players (self);

  g_return_val_if_fail (CASSINO_IS_NEW_GAME_DIALOG (self), NULL);

  if (!collect_rules (self, &rules, &option, error))
    return NULL;
  if (!cassino_rules_finish (&rules, error))
    return NULL;

  setup->preset = rules.preset;
  setup->options = cassino_rules_to_json (&rules);
  setup->n_players = n;
  setup->format = (CassinoFormat) adw_combo_row_get_selected (self->format_row);
  for (guint i = 0; i < n; i++)
    {
      guint kind = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->seat_kinds[i]));
      const char *name = gtk_editable_get_text (GTK_EDITABLE (self->seat_rows[i]));

      setup->seats[i].kind = kind == 0 ? CASSINO_SEAT_HUMAN : CASSINO_SEAT_COMPUTER;
      setup->seats[i].level = kind == 0 ? CASSINO_LEVEL_MEDIUM : (CassinoLevel) (kind - 1);
      setup->seats[i].name = g_strdup (name && *name ? name :
                                       kind == 0 ? _("Player") : cassino_game_setup_computer_name (i ? i - 1 : 0));
    }
  /* a name a seat: two seats of one name are one player in the records,
   * and the score sheet could not tell them apart (a three-player game
   * after a four-player one had two "Anna") */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *a = g_utf8_casefold (setup->seats[i].name, -1);

      gtk_widget_remove_css_class (GTK_WIDGET (self->seat_rows[i]), "error");
      for (guint j = 0; j < i; j++)
        {
          g_autofree char *b = g_utf8_casefold (setup->seats[j].name, -1);

          if (g_str_equal (a, b))
            {
              gtk_widget_add_css_class (GTK_WIDGET (self->seat_rows[i]), "error");
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           /* Translators: the New Game dialog refuses to deal; %s is a player's name */
                           _("Two seats are named “%s”: give each player a name of their own."),
                           setup->seats[i].name);
              return NULL;
            }
        }
    }
  return g_steal_pointer (&setup);
}

static void
start_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CassinoNewGameDialog *self = CASSINO_NEW_GAME_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoGameSetup) setup = cassino_new_game_dialog_get_setup (self, &error);

  if (setup == NULL)
    {
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  g_signal_emit (self, signals[START_GAME], 0, setup);
}

/* The value a combo row shows beside its title wraps instead of being cut
 * short ("Kla…"): titles and descriptions are long in some languages. */
static void
setup_value_label_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      gpointer                  in_list)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (in_list)
    gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  else
    {
      /* one line: the row shows its value in a list one line high, which
       * cut a second line off ("Bis zum Ziel" showed "Bis zum"); the
       * row's description wraps first, and a long value gives way at
       * its end */
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 12);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      gtk_label_set_xalign (GTK_LABEL (label), 1.0f);
    }
  gtk_list_item_set_child (item, label);
}

static void
bind_value_label_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item,
                     gpointer                  in_list)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_label (GTK_LABEL (label), string ? gtk_string_object_get_string (string) : "");
  /* the row's value may be cut with "…": whole in its tooltip */
  if (!in_list)
    gtk_widget_set_tooltip_text (label, string ? gtk_string_object_get_string (string) : NULL);
}

static void
set_wrapping_factory (AdwComboRow *row)
{
  for (guint in_list = 0; in_list < 2; in_list++)
    {
      g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

      g_signal_connect (factory, "setup", G_CALLBACK (setup_value_label_cb), GUINT_TO_POINTER (in_list));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_value_label_cb), GUINT_TO_POINTER (in_list));
      if (in_list)
        adw_combo_row_set_list_factory (row, factory);
      else
        adw_combo_row_set_factory (row, factory);
    }
}

/* The variant's name in its row: "Custom, based on …" once changed. */
static void
bind_preset_label_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      CassinoNewGameDialog     *self)
{
  self->preset_label = GTK_LABEL (gtk_list_item_get_child (item));
  update_preset_label (self);
}

static void
unbind_preset_label_cb (GtkSignalListItemFactory *factory,
                        GtkListItem              *item,
                        CassinoNewGameDialog     *self)
{
  if (self->preset_label == GTK_LABEL (gtk_list_item_get_child (item)))
    self->preset_label = NULL;
}

static void
set_preset_factory (CassinoNewGameDialog *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (setup_value_label_cb), GUINT_TO_POINTER (FALSE));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_preset_label_cb), self);
  g_signal_connect (factory, "unbind", G_CALLBACK (unbind_preset_label_cb), self);
  adw_combo_row_set_factory (self->preset_row, factory);
}

static void
build_option_rows (CassinoNewGameDialog *self)
{
  const char *const *names = cassino_rules_option_names ();

  for (guint i = 0; names[i]; i++)
    {
      OptionRow o = { names[i], find_info (names[i]), NULL, NULL, NULL };
      const char *title = o.info ? g_dgettext (GETTEXT_PACKAGE, o.info->title) : names[i];

      if (o.info && o.info->kind == OPTION_CHOICE)
        {
          g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

          for (guint k = 0; k < G_N_ELEMENTS (o.info->choices) && o.info->choices[k].value; k++)
            gtk_string_list_append (list, g_dgettext (GETTEXT_PACKAGE, o.info->choices[k].label));
          o.row = adw_combo_row_new ();
          set_wrapping_factory (ADW_COMBO_ROW (o.row));
          adw_combo_row_set_model (ADW_COMBO_ROW (o.row), G_LIST_MODEL (list));
          o.control = o.row;
          g_signal_connect (o.control, "notify::selected", G_CALLBACK (on_option_changed_cb), self);
        }
      else
        {
          o.row = adw_action_row_new ();
          if (o.info && o.info->kind == OPTION_SWITCH)
            {
              o.control = gtk_switch_new ();
              adw_action_row_set_activatable_widget (ADW_ACTION_ROW (o.row), o.control);
              g_signal_connect (o.control, "notify::active", G_CALLBACK (on_option_changed_cb), self);
              if (g_str_equal (o.name, "partnerships"))
                g_signal_connect_swapped (o.control, "notify::active",
                                          G_CALLBACK (update_partners), self);
            }
          else if (o.info && o.info->kind == OPTION_NUMBER)
            {
              o.control = gtk_spin_button_new_with_range (o.info->min, o.info->max, 1);
              g_signal_connect (o.control, "notify::value", G_CALLBACK (on_option_changed_cb), self);
              if (g_str_equal (o.name, "rubber_games"))
                g_signal_connect_swapped (o.control, "value-changed",
                                          G_CALLBACK (update_format_subtitle), self);
            }
          else
            {
              o.control = gtk_entry_new ();
              g_signal_connect (o.control, "notify::text", G_CALLBACK (on_option_changed_cb), self);
            }
          gtk_widget_set_valign (o.control, GTK_ALIGN_CENTER);
          adw_action_row_add_suffix (ADW_ACTION_ROW (o.row), o.control);
          gtk_accessible_update_relation (GTK_ACCESSIBLE (o.control),
                                          GTK_ACCESSIBLE_RELATION_LABELLED_BY, o.row, NULL,
                                          -1);
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (o.row), title);
      /* what the option does, in words; replaced by why it cannot be
       * played so while it cannot */
      o.warning = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
      gtk_widget_add_css_class (o.warning, "error");
      gtk_widget_set_visible (o.warning, FALSE);
      adw_action_row_add_prefix (ADW_ACTION_ROW (o.row), o.warning);
      show_option_problem (&o, NULL);
      adw_expander_row_add_row (self->advanced_row, o.row);
      g_array_append_val (self->options, o);
    }
}

/* A name picked from the player list: it becomes the seat's, played by
 * that person. */
static void
on_person_clicked_cb (GtkButton            *button,
                      CassinoNewGameDialog *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));
  GtkWidget *menu = self->seat_people[seat];

  gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[seat]), gtk_button_get_label (button));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[seat]), 0);
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu));
}

/* Who plays a seat, in its drop-down.  The button shows it short, an
 * icon and the level ("🖥 Medium"), so that a narrow window keeps the
 * seat's name whole; the list shows it in full ("Computer · Medium"). */
static void
on_kind_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_box_append (GTK_BOX (box), gtk_image_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  /* (in the list: the one chosen, as a drop-down's own list shows it) */
  gtk_widget_set_visible (check, FALSE);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
}

static void
on_kind_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *image = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (image);
  guint position = gtk_list_item_get_position (item);
  gboolean human = position == 0;

  gtk_image_set_from_icon_name (GTK_IMAGE (image), human ? "avatar-default-symbolic" : "computer-symbolic");
  /* (what the icon says, for a screen reader) */
  gtk_accessible_update_property (GTK_ACCESSIBLE (image), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  human ? C_("seat kind", "Human") : _("Computer"), -1);
  gtk_label_set_text (GTK_LABEL (label), human ? C_("seat kind", "Human")
                                               : cassino_level_get_title ((CassinoLevel) (position - 1)));
}

static void
on_kind_selected_cb (GtkDropDown *kind,
                     GParamSpec  *pspec,
                     GtkListItem *item)
{
  GtkWidget *check = gtk_widget_get_last_child (gtk_list_item_get_child (item));

  gtk_widget_set_visible (check, gtk_drop_down_get_selected (kind) == gtk_list_item_get_position (item));
}

static void
on_kind_list_bind_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      GtkDropDown              *kind)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *image = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (image);

  gtk_widget_set_visible (image, FALSE);
  gtk_label_set_text (GTK_LABEL (label),
                      gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item))));
  g_signal_connect_object (kind, "notify::selected", G_CALLBACK (on_kind_selected_cb), item, 0);
  on_kind_selected_cb (kind, NULL, item);
}

static void
on_kind_list_unbind_cb (GtkSignalListItemFactory *factory,
                        GtkListItem              *item,
                        GtkDropDown              *kind)
{
  g_signal_handlers_disconnect_by_func (kind, on_kind_selected_cb, item);
}

static void
build_seat_rows (CassinoNewGameDialog *self)
{
  /* every seat's drop-down as wide as the widest: the rows' edit icons
   * in one column (they moved with "Human" or "Medium") */
  g_autoptr(GtkSizeGroup) kinds_width = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    {
      g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
      g_autofree char *title = g_strdup_printf (_("Seat %u"), i + 1);
      GtkWidget *row = adw_entry_row_new ();
      GtkWidget *kind;

      /* Enter in a name deals, as on Deal itself */
      adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);

      /* Translators: a seat is played by a person at this computer */
      gtk_string_list_append (kinds, C_("seat kind", "Human"));
      for (guint l = 0; l < CASSINO_N_LEVELS; l++)
        {
          /* Translators: a seat played by the computer, e.g. "Computer · Medium" */
          g_autofree char *label = g_strdup_printf (_("Computer · %s"), cassino_level_get_title (l));
          gtk_string_list_append (kinds, label);
        }
      kind = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (kinds)), NULL);
      {
        g_autoptr(GtkListItemFactory) button = gtk_signal_list_item_factory_new ();
        g_autoptr(GtkListItemFactory) list = gtk_signal_list_item_factory_new ();

        g_signal_connect (button, "setup", G_CALLBACK (on_kind_setup_cb), NULL);
        g_signal_connect (button, "bind", G_CALLBACK (on_kind_bind_cb), NULL);
        g_signal_connect (list, "setup", G_CALLBACK (on_kind_setup_cb), NULL);
        g_signal_connect (list, "bind", G_CALLBACK (on_kind_list_bind_cb), kind);
        g_signal_connect (list, "unbind", G_CALLBACK (on_kind_list_unbind_cb), kind);
        gtk_drop_down_set_factory (GTK_DROP_DOWN (kind), button);
        gtk_drop_down_set_list_factory (GTK_DROP_DOWN (kind), list);
      }
      gtk_widget_set_valign (kind, GTK_ALIGN_CENTER);
      gtk_size_group_add_widget (kinds_width, kind);
      {
        /* Translators: the spoken name of a seat's drop-down (a person or
         * a computer level), e.g. "Who plays seat 2" */
        g_autofree char *name = g_strdup_printf (_("Who plays seat %u"), i + 1);

        cassino_a11y_set_name (kind, name);
      }
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), kind);

      self->seat_people[i] = gtk_menu_button_new ();
      gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (self->seat_people[i]), "avatar-default-symbolic");
      gtk_widget_set_valign (self->seat_people[i], GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (self->seat_people[i], "flat");
      gtk_widget_set_tooltip_text (self->seat_people[i], _("Choose a Player"));
      {
        /* Translators: the spoken name of a seat's button that lists the
         * players known, e.g. "Choose a Player for Seat 2" (every seat's
         * was "Choose a Player") */
        g_autofree char *name = g_strdup_printf (_("Choose a Player for Seat %u"), i + 1);

        cassino_a11y_set_name (self->seat_people[i], name);
      }
      gtk_widget_set_visible (self->seat_people[i], FALSE);
      adw_entry_row_add_prefix (ADW_ENTRY_ROW (row), self->seat_people[i]);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_group_add (self->seats_group, row);
      g_signal_connect_swapped (row, "changed", G_CALLBACK (update_partners), self);
      g_signal_connect_swapped (kind, "notify::selected", G_CALLBACK (update_partners), self);
      self->seat_rows[i] = row;
      self->seat_kinds[i] = kind;
    }
}

static void
cassino_new_game_dialog_dispose (GObject *object)
{
  CASSINO_NEW_GAME_DIALOG (object)->preset_label = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (object), CASSINO_TYPE_NEW_GAME_DIALOG);

  G_OBJECT_CLASS (cassino_new_game_dialog_parent_class)->dispose (object);
}

static void
cassino_new_game_dialog_finalize (GObject *object)
{
  CassinoNewGameDialog *self = CASSINO_NEW_GAME_DIALOG (object);

  g_clear_pointer (&self->options, g_array_unref);
  g_free (self->variant_title);

  G_OBJECT_CLASS (cassino_new_game_dialog_parent_class)->finalize (object);
}

static void
cassino_new_game_dialog_class_init (CassinoNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_new_game_dialog_dispose;
  object_class->finalize = cassino_new_game_dialog_finalize;

  /**
   * CassinoNewGameDialog::start-game:
   * @setup: (type CassinoGameSetup): what was chosen
   */
  signals[START_GAME] =
    g_signal_new ("start-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  CASSINO_TYPE_GAME_SETUP | G_SIGNAL_TYPE_STATIC_SCOPE);

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, game_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, preset_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, advanced_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, seats_group);
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, players_row);
  gtk_widget_class_bind_template_child (widget_class, CassinoNewGameDialog, error_label);

  gtk_widget_class_install_action (widget_class, "dialog.start", NULL, start_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cassino_new_game_dialog_init (CassinoNewGameDialog *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) formats = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->options = g_array_new (FALSE, FALSE, sizeof (OptionRow));

  for (guint i = 0; i < cassino_game_family_count (); i++)
    gtk_string_list_append (games, g_dgettext (GETTEXT_PACKAGE, cassino_game_family_get (i)->title));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (games));
  fill_variants (self, CASSINO_PRESET_CLASSIC);

  gtk_string_list_append (formats, _("A game to the target"));
  gtk_string_list_append (formats, _("A single deal"));
  gtk_string_list_append (formats, _("A rubber"));
  adw_combo_row_set_model (self->format_row, G_LIST_MODEL (formats));

  set_wrapping_factory (self->game_row);
  set_wrapping_factory (self->preset_row);
  set_preset_factory (self);
  set_wrapping_factory (self->format_row);
  self->last_edited = -1;

  build_option_rows (self);
  build_seat_rows (self);

  g_signal_connect (self->game_row, "notify::selected", G_CALLBACK (on_game_selected_cb), self);
  g_signal_connect (self->preset_row, "notify::selected", G_CALLBACK (on_preset_selected_cb), self);
  g_signal_connect (self->players_row, "notify::selected", G_CALLBACK (on_players_selected_cb), self);
  g_signal_connect (self->format_row, "notify::selected", G_CALLBACK (on_format_selected_cb), self);
}

/* Whether a seat before @seat is named @name (in any case). */
static gboolean
name_taken (CassinoNewGameDialog *self,
            guint                 seat,
            const char           *name)
{
  g_autofree char *a = g_utf8_casefold (name, -1);

  for (guint i = 0; i < seat; i++)
    {
      g_autofree char *b = g_utf8_casefold (gtk_editable_get_text (GTK_EDITABLE (self->seat_rows[i])), -1);

      if (g_str_equal (a, b))
        return TRUE;
    }
  return FALSE;
}

CassinoNewGameDialog *
cassino_new_game_dialog_new (GtkWindow              *parent,
                             const CassinoGameSetup *setup)
{
  CassinoNewGameDialog *self = g_object_new (CASSINO_TYPE_NEW_GAME_DIALOG,
                                             "transient-for", parent,
                                             NULL);
  CassinoRules rules;

  self->loading = TRUE;
  fill_variants (self, setup->preset < CASSINO_N_ALL_PRESETS ? setup->preset : CASSINO_PRESET_CLASSIC);
  fill_player_counts (self, setup->n_players);
  adw_combo_row_set_selected (self->format_row, setup->format);
  /* a single deal remembered from a game that has no other length
   * (Callabra): the game's, not the player's */
  {
    CassinoRules preset_rules;

    self->single_for_game = setup->format == CASSINO_FORMAT_SINGLE &&
                            cassino_rules_init_preset (&preset_rules, setup->preset, setup->n_players, NULL) &&
                            preset_rules.target == 0;
  }
  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    {
      const CassinoSetupSeat *s = &setup->seats[i];

      if (i < setup->n_players)
        {
          gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[i]), s->name ? s->name : "");
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[i]),
                                      s->kind == CASSINO_SEAT_HUMAN ? 0 : s->level + 1);
        }
      else
        {
          /* a seat shown when more players are chosen: a computer's name
           * no seat before it has (after a game against "Bruno", a third
           * seat was "Bruno" too) */
          const char *name = cassino_game_setup_computer_name (i - 1);

          for (guint k = 0; k < CASSINO_MAX_PLAYERS + 2 && name_taken (self, i, name); k++)
            name = cassino_game_setup_computer_name (i + k);
          gtk_editable_set_text (GTK_EDITABLE (self->seat_rows[i]), name);
          gtk_drop_down_set_selected (GTK_DROP_DOWN (self->seat_kinds[i]), CASSINO_LEVEL_MEDIUM + 1);
        }
    }
  self->loading = FALSE;

  reload_preset (self);
  /* the remembered house rules, over the preset's */
  if (setup->options && cassino_rules_parse (&rules, setup->options, setup->n_players, NULL))
    load_rules (self, &rules);
  raise_rubber_games (self);
  update_format_subtitle (self);
  update_partners (self);
  cassino_a11y_name_controls (GTK_WIDGET (self));
  /* Enter deals: the keyboard starts on Deal (it started on Cancel, the
   * first control, and Enter closed the window) */
  gtk_window_set_focus (GTK_WINDOW (self), gtk_window_get_default_widget (GTK_WINDOW (self)));
  return self;
}

void
cassino_new_game_dialog_set_people (CassinoNewGameDialog *self,
                                    const char *const    *names)
{
  g_return_if_fail (CASSINO_IS_NEW_GAME_DIALOG (self));

  for (guint i = 0; i < CASSINO_MAX_PLAYERS; i++)
    {
      GtkWidget *popover = gtk_popover_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gboolean any = names && names[0];

      gtk_widget_add_css_class (box, "menu");
      for (guint n = 0; names && names[n]; n++)
        {
          GtkWidget *button = gtk_button_new_with_label (names[n]);

          gtk_widget_add_css_class (button, "flat");
          gtk_widget_add_css_class (button, "person");
          gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0.0f);
          g_object_set_data (G_OBJECT (button), "seat", GUINT_TO_POINTER (i));
          g_signal_connect (button, "clicked", G_CALLBACK (on_person_clicked_cb), self);
          gtk_box_append (GTK_BOX (box), button);
        }
      gtk_popover_set_child (GTK_POPOVER (popover), box);
      gtk_menu_button_set_popover (GTK_MENU_BUTTON (self->seat_people[i]), popover);
      cassino_a11y_name_controls (self->seat_people[i]);
      gtk_widget_set_visible (self->seat_people[i], any);
    }
}

GtkWidget *
cassino_new_game_dialog_get_option_row (CassinoNewGameDialog *self,
                                        const char           *name)
{
  OptionRow *o;

  g_return_val_if_fail (CASSINO_IS_NEW_GAME_DIALOG (self), NULL);
  o = find_row (self, name);
  return o ? o->row : NULL;
}

guint
cassino_new_game_dialog_get_n_option_rows (CassinoNewGameDialog *self)
{
  g_return_val_if_fail (CASSINO_IS_NEW_GAME_DIALOG (self), 0);
  return self->options->len;
}
