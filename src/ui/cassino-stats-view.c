/* cassino-stats-view.c: a player's statistics, and two compared
 *
 * The figures are computed in a worker thread (cassino_records_load_
 * stats_async(), about 80 ms over 100,000 games) while a spinner shows;
 * the page is then built from the result: headline figures, the share of
 * each scoring category, streaks, the graphs and the head-to-head table.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <inttypes.h>

#include "cassino-stats-view.h"
#include "cassino-game-family.h"

#include <math.h>
#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-a11y.h"
#include "cassino-chart.h"
#include "cassino-rules.h"
#include "cassino-score.h"
#include "cassino-score-sheet.h"
#include "cassino-plain-text.h"
#include "cassino-game-setup.h"
#include "cassino-records.h"

struct _CassinoStatsView
{
  GtkWidget           parent_instance;

  CassinoRecords     *records;
  GtkStringList      *players;       /* the records' names */
  GtkStringList      *compare_names; /* "Nobody" and the names but the player's */
  GArray             *compare_ids;   /* gint64 a choice of it (0: nobody) */
  GCancellable       *cancellable;
  CassinoStatsResult *result;
  CassinoStatsResult *compare;
  guint               pending;       /* computations running */
  GHashTable         *figures;       /* key -> text shown */
  GHashTable         *charts;        /* name -> CassinoChart */
  gboolean            updating;

  GtkDropDown        *player_dropdown;
  GtkDropDown        *preset_dropdown;
  GtkDropDown        *count_dropdown;
  GtkDropDown        *compare_dropdown;
  gint64              player_id;      /* shown, and compared with (0: nobody): */
  gint64              compare_id;     /* kept when the records change */
  GtkStack           *stack;
  AdwStatusPage      *empty_page;
  GtkSpinner         *spinner;
  GtkBox             *content;
};

G_DEFINE_FINAL_TYPE (CassinoStatsView, cassino_stats_view, GTK_TYPE_WIDGET)

static const guint player_counts[] = { 0, 2, 3, 4, 6 };

/* Building the page */

static void
clear_content (CassinoStatsView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))))
    gtk_box_remove (self->content, child);
  g_hash_table_remove_all (self->figures);
  g_hash_table_remove_all (self->charts);
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "title-4");
  return label;
}

static void
add_tile (CassinoStatsView *self,
          GtkFlowBox       *box,
          const char       *key,
          const char       *caption,
          char             *value)
{
  GtkWidget *tile = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *v = gtk_label_new (value);
  GtkWidget *c = gtk_label_new (caption);

  gtk_widget_add_css_class (tile, "card");
  gtk_widget_add_css_class (tile, "stat-tile");
  gtk_widget_add_css_class (v, "title-2");
  gtk_widget_add_css_class (v, "numeric");
  gtk_widget_add_css_class (c, "caption");
  gtk_widget_add_css_class (c, "dim-label");
  gtk_label_set_wrap (GTK_LABEL (c), TRUE);
  gtk_label_set_justify (GTK_LABEL (c), GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_top (v, 10);
  gtk_widget_set_margin_bottom (c, 10);
  gtk_widget_set_margin_start (c, 6);
  gtk_widget_set_margin_end (c, 6);
  gtk_box_append (GTK_BOX (tile), v);
  gtk_box_append (GTK_BOX (tile), c);
  gtk_flow_box_append (box, tile);
  /* a figure to read, not a Tab stop named "GtkFlowBoxChild" */
  gtk_widget_set_focusable (gtk_widget_get_parent (tile), FALSE);
  g_hash_table_insert (self->figures, g_strdup (key), value);
}

static char *
percent (double value)
{
  /* Translators: a percentage in the statistics, e.g. "57.1 %" */
  return g_strdup_printf (_("%.1f %%"), value);
}

char *
cassino_stats_view_format_duration (gint64 seconds)
{
  /* to the nearest minute, as History gives a game's length (a game of
   * 4 min 33 s was "5 min" there and "4 min" here) */
  gint64 rounded = (seconds + 30) / 60;
  gint64 hours = rounded / 60, minutes = rounded % 60;

  if (hours > 0)
    /* Translators: time played, e.g. "12 h 5 min" */
    return g_strdup_printf (_("%" PRId64 " h %" PRId64 " min"), hours, minutes);
  /* Translators: time played, e.g. "42 min" */
  return g_strdup_printf (_("%" PRId64 " min"), minutes);
}

static char *
streak_text (int streak)
{
  if (streak > 0)
    /* Translators: the current streak of wins */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d win", "%d wins", streak), streak);
  if (streak < 0)
    /* Translators: the current streak of losses */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d loss", "%d losses", -streak), -streak);
  /* Translators: no current streak */
  return g_strdup (C_("streak", "None"));
}

/* Fewer games than this make no trend: the graph says so instead. */
#define MIN_GAMES_FOR_GRAPH 3

/* A graph under its title; with @enough FALSE, a line that asks for more
 * games stands in its place (the graph is kept, hidden, with its values). */
static GtkWidget *
add_chart (CassinoStatsView *self,
           const char       *name,
           const char       *title,
           const char       *description,
           gboolean          enough)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *inside = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *chart = GTK_WIDGET (cassino_chart_new ());
  GtkWidget *frame = gtk_frame_new (NULL);
  GtkWidget *caption = gtk_label_new (description);

  gtk_box_append (GTK_BOX (box), heading (title));
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_box_append (GTK_BOX (box), caption);
  gtk_widget_set_margin_top (chart, 8);
  gtk_widget_set_margin_bottom (chart, 8);
  gtk_widget_set_margin_start (chart, 8);
  gtk_widget_set_margin_end (chart, 8);
  gtk_box_append (GTK_BOX (inside), chart);
  if (!enough)
    {
      /* Translators: shown in place of a statistics graph with too little data */
      GtkWidget *few = gtk_label_new (_("Play a few more games to see a trend"));

      gtk_label_set_wrap (GTK_LABEL (few), TRUE);
      gtk_label_set_justify (GTK_LABEL (few), GTK_JUSTIFY_CENTER);
      gtk_widget_set_margin_top (few, 24);
      gtk_widget_set_margin_bottom (few, 24);
      gtk_widget_set_margin_start (few, 12);
      gtk_widget_set_margin_end (few, 12);
      gtk_widget_add_css_class (few, "dim-label");
      gtk_widget_add_css_class (few, "chart-too-few");
      gtk_box_append (GTK_BOX (inside), few);
      gtk_widget_set_visible (chart, FALSE);
    }
  gtk_frame_set_child (GTK_FRAME (frame), inside);
  gtk_widget_add_css_class (frame, "view");
  gtk_box_append (GTK_BOX (box), frame);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chart), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  gtk_box_append (self->content, box);
  g_hash_table_insert (self->charts, g_strdup (name), chart);
  return chart;
}

static void
build_charts (CassinoStatsView   *self,
              CassinoStatsResult *r)
{
  CassinoChart *chart;
  guint n;

  /* rating ± 2 RD, at most 600 points (every k-th game, the last kept) */
  n = r->rating_history->len;
  if (n > 0)
    {
      guint k = (n + 599) / 600;
      guint m = 0;

      g_autofree double *v = g_new (double, n);
      g_autofree double *lo = g_new (double, n);
      g_autofree double *hi = g_new (double, n);
      g_autofree char *title = NULL;
      CassinoPreset preset;
      const char *preset_title = cassino_preset_from_string (r->rating_preset, &preset) ?
                                 cassino_preset_get_title (preset) : r->rating_preset;

      for (guint i = 0; i < n; i++)
        {
          const CassinoStoreRatingPoint *p = &g_array_index (r->rating_history, CassinoStoreRatingPoint, i);

          if (i % k != 0 && i + 1 != n)
            continue;
          v[m] = p->glicko.rating;
          lo[m] = p->glicko.rating - 2 * p->glicko.rd;
          hi[m] = p->glicko.rating + 2 * p->glicko.rd;
          m++;
        }
      /* Translators: the rating graph's title; %s is a variant */
      title = g_strdup_printf (_("Rating in %s"), preset_title);
      chart = CASSINO_CHART (add_chart (self, "rating", title,
                                        _("After each rated game; the band is twice the rating’s deviation either side: the narrower, the surer."),
                                        n >= MIN_GAMES_FOR_GRAPH));
      cassino_chart_set_band (chart, v, lo, hi, m);
    }

  /* win % by month */
  n = r->months->len;
  if (n > 0)
    {
      g_autofree double *v = g_new (double, n);
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < n; i++)
        {
          const CassinoStoreMonth *m = &g_array_index (r->months, CassinoStoreMonth, i);
          g_autoptr(GDateTime) date = g_date_time_new_local ((int) m->year, (int) m->month, 1, 0, 0, 0);

          v[i] = m->games ? 100.0 * m->wins / m->games : 0;
          /* Translators: a month under the win % graph, see strftime */
          g_ptr_array_add (labels, date ? g_date_time_format (date, _("%b %Y")) : g_strdup (""));
        }
      g_ptr_array_add (labels, NULL);
      chart = CASSINO_CHART (add_chart (self, "months", _("Wins by Month"),
                                        _("The share of the month’s games won."),
                                        r->stats->games >= MIN_GAMES_FOR_GRAPH));
      cassino_chart_set_bars (chart, v, (const char *const *) labels->pdata, n, 100);
    }

  /* points per deal */
  n = r->histogram->len;
  if (r->stats->games > 0)
    {
      g_autofree double *v = g_new (double, n);
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < n; i++)
        {
          v[i] = g_array_index (r->histogram, guint, i);
          if (i + 1 == n)
            g_ptr_array_add (labels, g_strdup_printf ("%.1f+", i / 2.0));
          else
            g_ptr_array_add (labels, i % 2 == 0 ? g_strdup_printf ("%u", i / 2) : NULL);
        }
      chart = CASSINO_CHART (add_chart (self, "points", _("Points per Deal"),
                                        _("How many games had each average of points per deal, in steps of a half point."),
                                        r->stats->games >= MIN_GAMES_FOR_GRAPH));
      cassino_chart_set_bars (chart, v, (const char *const *) labels->pdata, n, 0);
    }
}

static void
build_compare (CassinoStatsView *self)
{
  const CassinoStoreStats *a = self->result->stats, *b = self->compare->stats;
  GtkWidget *group = adw_preferences_group_new ();
  g_autofree char *title = g_strdup_printf (_("%s and %s"), a->name, b->name);
  /* a category only where a player's variants have it ("—" for the
   * other), as the tiles */
  struct {
    const char *title;
    char       *va;
    char       *vb;
    guint       na;   /* deals (games) with the category, or 1 */
    guint       nb;
  } rows[] = {
    { N_("Games"), g_strdup_printf ("%u", a->games), g_strdup_printf ("%u", b->games), 1, 1 },
    { N_("Win %"), percent (a->win_percent), percent (b->win_percent), 1, 1 },
    { N_("Points per deal"), g_strdup_printf ("%.2f", a->points_per_deal), g_strdup_printf ("%.2f", b->points_per_deal), 1, 1 },
    { N_("Sweeps per deal"), g_strdup_printf ("%.2f", a->sweeps_per_deal), g_strdup_printf ("%.2f", b->sweeps_per_deal),
      a->sweep_deals, b->sweep_deals },
    /* (a fishing game's 10♦ and 2♠ are no Cassinos: named as its own
     * words where one is counted, as the tiles) */
    { a->big_cassino_family || b->big_cassino_family ? N_("Ten of diamonds (10♦) taken") : N_("Big Cassino taken"),
      percent (a->big_cassino_percent), percent (b->big_cassino_percent),
      a->big_cassino_deals, b->big_cassino_deals },
    { a->little_cassino_family || b->little_cassino_family ? N_("Two of spades (2♠) taken") : N_("Little Cassino taken"),
      percent (a->little_cassino_percent), percent (b->little_cassino_percent),
      a->little_cassino_deals, b->little_cassino_deals },
    { N_("Own builds captured"), percent (a->builds_taken_percent), percent (b->builds_taken_percent),
      a->building_games, b->building_games },
    { N_("Longest winning streak"), g_strdup_printf ("%u", a->longest_win_streak), g_strdup_printf ("%u", b->longest_win_streak), 1, 1 },
  };

  cassino_plain_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *row;
      g_autofree char *both = NULL;
      GtkWidget *label;
      g_autofree char *key = NULL;

      if (rows[i].na == 0 && rows[i].nb == 0)
        {
          g_free (rows[i].va);
          g_free (rows[i].vb);
          continue;
        }
      row = adw_action_row_new ();
      both = g_strdup_printf ("%s  ·  %s", rows[i].na ? rows[i].va : "—", rows[i].nb ? rows[i].vb : "—");
      label = gtk_label_new (both);
      key = g_strdup_printf ("compare-%u", i);

      gtk_widget_add_css_class (label, "numeric");
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), g_dgettext (GETTEXT_PACKAGE, rows[i].title));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      g_hash_table_insert (self->figures, g_steal_pointer (&key), g_steal_pointer (&both));
      g_free (rows[i].va);
      g_free (rows[i].vb);
    }
  gtk_box_append (self->content, group);
}

/* A row of "Where the Points Came From": @title, a bar and @share %;
 * the figure kept under @key (transfer full). */
static void
add_share_row (CassinoStatsView *self,
               GtkWidget        *group,
               const char       *title,
               double            share,
               char             *key)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *bar = gtk_level_bar_new_for_interval (0, 100);
  char *text = percent (share);
  GtkWidget *label = gtk_label_new (text);

  gtk_level_bar_set_value (GTK_LEVEL_BAR (bar), share);
  gtk_widget_set_size_request (bar, 120, -1);
  gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (label, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (label), 7);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), bar);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  g_hash_table_insert (self->figures, key, text);
}

/* The tiles of the games' own scoring: only the categories of the
 * variants the player's games were played in (a Scopa player never takes
 * Big Cassino, builds nothing), each counted over the deals of those
 * variants (CassinoStoreStats); with a variant chosen, in its words. */
typedef struct {
  gboolean sweeps;
  gboolean big_cassino;
  gboolean little_cassino;
  gboolean seven_diamonds;
  gboolean settebello;      /* the seven of diamonds by its Scopa name */
  gboolean builds;
  /* the variant's own categories that the records keep no column for
   * (primiera, the 2♣ …), named; NULL: not known (any variant) */
  char    *other;
  /* the variant chosen: the categories in its own words */
  gboolean     has_rules;
  CassinoRules rules;
} ShownTiles;

static void
shown_tiles (CassinoStatsView        *self,
             const CassinoStoreStats *st,
             ShownTiles              *shown)
{
  guint pos = gtk_drop_down_get_selected (self->preset_dropdown);
  CassinoRules rules;
  CassinoDealScore score;
  CassinoCards piles[CASSINO_MAX_SIDES] = { 0 };
  guint8 sweeps[CASSINO_MAX_SIDES] = { 0 };

  static const guint counts[] = { 2, 4, 3, 6 };
  gboolean known = FALSE;
  CassinoPreset only;

  memset (shown, 0, sizeof *shown);
  /* the variants the games were played in */
  shown->sweeps = st->sweep_deals > 0;
  shown->big_cassino = st->big_cassino_deals > 0;
  shown->little_cassino = st->little_cassino_deals > 0;
  shown->seven_diamonds = st->seven_diamonds_deals > 0;
  shown->settebello = st->seven_diamonds_settebello;
  shown->builds = st->building_games > 0;
  /* with any variant (or a family of games), the words of the one variant
   * all the games were of */
  if (!cassino_game_filter_get_preset (pos, &only) &&
      !(st->only_preset && cassino_preset_from_string (st->only_preset, &only)))
    return;
  /* (any player count the variant allows: the scoring is the same) */
  for (guint i = 0; i < G_N_ELEMENTS (counts) && !known; i++)
    known = cassino_rules_init_preset (&rules, only, counts[i], NULL);
  if (!known)
    return;
  shown->has_rules = TRUE;
  shown->rules = rules;
  /* what a side that took every card scores in this variant */
  piles[0] = rules.deck_cards;
  cassino_deal_score_compute (&score, &rules, piles, sweeps, NULL, 0);
  {
    GString *names = g_string_new (NULL);

    for (guint c = CASSINO_N_CATEGORIES; c < CASSINO_N_ALL_CATEGORIES; c++)
      if (score.points[0][c] > 0)
        {
          if (names->len)
            g_string_append (names, ", ");
          g_string_append (names, cassino_score_sheet_category_title (&rules, (CassinoCategory) c));
        }
    shown->other = g_string_free (names, names->len == 0);
  }
}

static void
build_page (CassinoStatsView *self)
{
  CassinoStatsResult *r = self->result;
  const CassinoStoreStats *st = r->stats;
  GtkWidget *tiles;
  GtkWidget *group;
  ShownTiles shown;

  clear_content (self);
  if (st->games == 0)
    {
      guint preset = gtk_drop_down_get_selected (self->preset_dropdown);
      guint count = gtk_drop_down_get_selected (self->count_dropdown);
      gboolean filtered = (preset != GTK_INVALID_LIST_POSITION && preset > 0) ||
                          (count != GTK_INVALID_LIST_POSITION && count > 0);
      g_autofree char *description = filtered ?
        /* Translators: the statistics of a player with no finished game of the chosen variant or player count */
        g_strdup_printf (_("%s has no finished game with these filters yet. Play one from the Table, or choose “Any” above."),
                         st->name) :
        /* Translators: the statistics of a player with no finished game at all */
        g_strdup_printf (_("%s has no finished game yet. Play one from the Table."), st->name);

      adw_status_page_set_title (self->empty_page, _("No Games Here Yet"));
      cassino_plain_status_page_set_description (self->empty_page, description);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  /* who: the picture (or initials) and the name */
  {
    g_autoptr(CassinoStorePlayer) player = self->records ?
      cassino_records_get_player (self->records, st->player_id, NULL) : NULL;
    GtkWidget *who = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
    GtkWidget *name = gtk_label_new (st->name);

    if (player)
      gtk_box_append (GTK_BOX (who), cassino_records_new_avatar (player, 48));
    gtk_label_set_xalign (GTK_LABEL (name), 0);
    gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
    gtk_widget_add_css_class (name, "title-2");
    gtk_box_append (GTK_BOX (who), name);
    gtk_box_append (self->content, who);
  }

  shown_tiles (self, st, &shown);
  tiles = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (tiles), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (tiles), TRUE);
  gtk_flow_box_set_min_children_per_line (GTK_FLOW_BOX (tiles), 2);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (tiles), 5);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (tiles), 6);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (tiles), 6);
  add_tile (self, GTK_FLOW_BOX (tiles), "games", _("Games"), g_strdup_printf ("%u", st->games));
  add_tile (self, GTK_FLOW_BOX (tiles), "wins", _("Wins"), g_strdup_printf ("%u", st->wins));
  add_tile (self, GTK_FLOW_BOX (tiles), "draws", _("Draws"), g_strdup_printf ("%u", st->draws));
  add_tile (self, GTK_FLOW_BOX (tiles), "losses", _("Losses"), g_strdup_printf ("%u", st->losses));
  add_tile (self, GTK_FLOW_BOX (tiles), "win-percent", _("Games won"), percent (st->win_percent));
  if (r->rating)
    {
      /* a rating is a game's (with any variant, the one most played):
       * named, or it read as an overall rating */
      CassinoPreset preset;
      const char *preset_title = r->rating_preset && cassino_preset_from_string (r->rating_preset, &preset) ?
                                 cassino_preset_get_title (preset) : r->rating_preset;
      g_autofree char *title = preset_title ? g_strdup_printf (_("Rating in %s"), preset_title) : g_strdup (_("Rating"));

      add_tile (self, GTK_FLOW_BOX (tiles), "rating", title,
                /* Translators: a rating and its deviation, e.g. "1612 ± 48" */
                g_strdup_printf (_("%.0f ± %.0f"), r->rating->glicko.rating, r->rating->glicko.rd));
    }
  add_tile (self, GTK_FLOW_BOX (tiles), "points-per-deal", _("Points per deal"), g_strdup_printf ("%.2f", st->points_per_deal));
  if (shown.sweeps)
    {
      /* in the game's word: "Scope per deal", "Xeri per deal" */
      g_autofree char *title = shown.has_rules && shown.rules.family ?
        /* Translators: a statistics tile: a fishing game's word for its sweeps ("Scope", "Xeri", "Tablas") */
        g_strdup_printf (_("%s per deal"), cassino_score_sheet_category_title (&shown.rules, CASSINO_CATEGORY_SWEEPS)) :
        g_strdup (_("Sweeps per deal"));

      add_tile (self, GTK_FLOW_BOX (tiles), "sweeps-per-deal", title, g_strdup_printf ("%.2f", st->sweeps_per_deal));
    }
  /* in a fishing game's own words (Diloti's sheet says "Ten of Diamonds"),
   * and so wherever a fishing game's deals are counted (any variant with a
   * Xeri game among Cassino ones: its 10♦ is no Big Cassino) */
  if (shown.big_cassino)
    add_tile (self, GTK_FLOW_BOX (tiles), "big-cassino",
              (shown.has_rules && shown.rules.family) || st->big_cassino_family ?
              _("Ten of diamonds (10♦) taken") : _("Big Cassino (10♦) taken"),
              percent (st->big_cassino_percent));
  if (shown.little_cassino)
    add_tile (self, GTK_FLOW_BOX (tiles), "little-cassino",
              (shown.has_rules && shown.rules.family) || st->little_cassino_family ?
              _("Two of spades (2♠) taken") : _("Little Cassino (2♠) taken"),
              percent (st->little_cassino_percent));
  if (shown.seven_diamonds)
    add_tile (self, GTK_FLOW_BOX (tiles), "seven-diamonds",
              shown.settebello ? _("Settebello (7♦) taken") : _("Seven of diamonds (7♦) taken"),
              percent (st->seven_diamonds_percent));
  if (shown.builds)
    add_tile (self, GTK_FLOW_BOX (tiles), "builds-taken", _("Own builds captured"), percent (st->builds_taken_percent));
  add_tile (self, GTK_FLOW_BOX (tiles), "streak", _("Current streak"), streak_text (st->current_streak));
  add_tile (self, GTK_FLOW_BOX (tiles), "longest-win-streak", _("Longest winning streak"), g_strdup_printf ("%u", st->longest_win_streak));
  add_tile (self, GTK_FLOW_BOX (tiles), "rubbers", _("Rubbers won"), g_strdup_printf ("%u / %u", st->rubbers_won, st->rubbers));
  add_tile (self, GTK_FLOW_BOX (tiles), "time-played", _("Time played"), cassino_stats_view_format_duration (st->time_played));
  gtk_box_append (self->content, tiles);

  if (self->compare)
    build_compare (self);

  /* the share of each category */
  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Where the Points Came From"));
  for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
    if (st->category_points[c] > 0)
      add_share_row (self, group,
                     shown.has_rules ? cassino_score_sheet_category_title (&shown.rules, c)
                                     : cassino_category_get_title (c),
                     st->category_percent[c],
                     g_strdup_printf ("category-%u", c));
  /* the points of the categories kept in no column of their own (a
   * family game's primiera, 2♣, honours …): the shares add up to all */
  {
    guint named = 0;

    for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
      named += st->category_points[c];
    if (st->points > named)
      add_share_row (self, group,
                     /* Translators: the share of the points of a family game's
                      * own categories (primiera …) when no single variant is
                      * chosen */
                     shown.other ? shown.other : _("Other categories"),
                     100.0 * (st->points - named) / st->points, g_strdup ("category-other"));
  }
  g_free (shown.other);
  gtk_box_append (self->content, group);

  build_charts (self, r);

  /* head to head */
  if (st->head_to_head && st->head_to_head->len)
    {
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Against Each Opponent"));
      adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), _("Games won, drawn and lost"));
      for (guint i = 0; i < st->head_to_head->len; i++)
        {
          const CassinoStoreHeadToHead *h = st->head_to_head->pdata[i];
          GtkWidget *row = adw_action_row_new ();
          /* Translators: a head-to-head line: won – drawn – lost */
          char *text = g_strdup_printf (_("%u – %u – %u"), h->wins, h->draws, h->losses);
          GtkWidget *label = gtk_label_new (text);
          g_autofree char *subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", h->games), h->games);

          gtk_widget_add_css_class (label, "numeric");
          cassino_plain_row (row);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), h->name);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
          adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
          g_hash_table_insert (self->figures, g_strdup_printf ("h2h-%" G_GINT64_FORMAT, h->opponent_id), text);
        }
      gtk_box_append (self->content, group);
    }

  gtk_stack_set_visible_child_name (self->stack, "stats");
}

/* Loading */

static void
loaded (CassinoStatsView *self)
{
  if (self->pending > 0)
    return;
  gtk_spinner_stop (self->spinner);
  if (self->result)
    build_page (self);
  else
    gtk_stack_set_visible_child_name (self->stack, "empty");
}

typedef struct {
  CassinoStatsView *self;
  gboolean          compare;
  GCancellable     *cancellable;
} Request;

static void
on_loaded_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Request *req = user_data;
  g_autoptr(GError) error = NULL;
  CassinoStatsResult *r = cassino_records_load_stats_finish (CASSINO_RECORDS (source), result, &error);

  if (g_cancellable_is_cancelled (req->cancellable))
    {
      cassino_stats_result_free (r);
    }
  else
    {
      CassinoStatsView *self = req->self;

      if (r == NULL)
        g_debug ("Statistics: %s", error->message);
      if (req->compare)
        {
          g_clear_pointer (&self->compare, cassino_stats_result_free);
          self->compare = r;
        }
      else
        {
          g_clear_pointer (&self->result, cassino_stats_result_free);
          self->result = r;
        }
      self->pending--;
      loaded (self);
    }
  g_object_unref (req->cancellable);
  g_free (req);
}

static void
request (CassinoStatsView              *self,
         gint64                         player_id,
         const CassinoStoreStatsFilter *filter,
         gboolean                       compare)
{
  Request *req = g_new0 (Request, 1);

  req->self = self;
  req->compare = compare;
  req->cancellable = g_object_ref (self->cancellable);
  self->pending++;
  cassino_records_load_stats_async (self->records, player_id, filter, self->cancellable, on_loaded_cb, req);
}

static gint64
selected_compare_id (CassinoStatsView *self)
{
  guint compare = gtk_drop_down_get_selected (self->compare_dropdown);

  return compare < self->compare_ids->len ? g_array_index (self->compare_ids, gint64, compare) : 0;
}

static void
reload (CassinoStatsView *self)
{
  CassinoStoreStatsFilter filter = { NULL, 0 };
  g_autofree char *presets = NULL;
  guint player, count;

  if (self->records == NULL || self->updating)
    return;

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->pending = 0;
  g_clear_pointer (&self->result, cassino_stats_result_free);
  g_clear_pointer (&self->compare, cassino_stats_result_free);

  player = gtk_drop_down_get_selected (self->player_dropdown);
  if (player == GTK_INVALID_LIST_POSITION || cassino_records_get_player_id (self->records, player) == 0)
    {
      clear_content (self);
      adw_status_page_set_title (self->empty_page, _("No Statistics Yet"));
      adw_status_page_set_description (self->empty_page,
                                       _("Finish a game and your figures appear here: wins, points per deal, sweeps, the Cassinos you took, your rating over time and how you fare against each opponent."));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  presets = cassino_game_filter_dup_presets (gtk_drop_down_get_selected (self->preset_dropdown));
  filter.preset = presets;
  count = gtk_drop_down_get_selected (self->count_dropdown);
  filter.n_players = count < G_N_ELEMENTS (player_counts) ? player_counts[count] : 0;

  self->player_id = cassino_records_get_player_id (self->records, player);
  request (self, self->player_id, &filter, FALSE);
  self->compare_id = selected_compare_id (self);
  if (self->compare_id != 0)
    request (self, self->compare_id, &filter, TRUE);

  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "loading");
}

/* "Compare with": nobody, or any player but the one shown (who was
 * offered too, to be compared with themself); the player compared with
 * stays chosen while listed. */
static void
fill_compare (CassinoStatsView *self,
              gint64            keep_id)
{
  GListModel *names = cassino_records_get_player_names (self->records);
  guint n = g_list_model_get_n_items (names);
  guint player = gtk_drop_down_get_selected (self->player_dropdown);
  gint64 player_id = player != GTK_INVALID_LIST_POSITION && player < n ?
                     cassino_records_get_player_id (self->records, player) : 0;
  gboolean updating = self->updating;
  guint selected = 0;

  self->updating = TRUE;
  gtk_string_list_splice (self->compare_names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->compare_names)), NULL);
  g_array_set_size (self->compare_ids, 0);
  /* Translators: the first choice of "compare with" */
  gtk_string_list_append (self->compare_names, C_("compare", "Compare with nobody"));
  g_array_append_val (self->compare_ids, (gint64) { 0 });
  for (guint i = 0; i < n; i++)
    {
      gint64 id = cassino_records_get_player_id (self->records, i);

      if (id == player_id)
        continue;
      if (id != 0 && id == keep_id)
        selected = self->compare_ids->len;
      gtk_string_list_append (self->compare_names, gtk_string_list_get_string (GTK_STRING_LIST (names), i));
      g_array_append_val (self->compare_ids, id);
    }
  gtk_drop_down_set_selected (self->compare_dropdown, selected);
  self->updating = updating;
}

static void
on_choice_changed_cb (GObject          *object,
                      GParamSpec       *pspec,
                      CassinoStatsView *self)
{
  if (object == G_OBJECT (self->player_dropdown) && !self->updating && self->records)
    fill_compare (self, selected_compare_id (self));
  reload (self);
}

/* Where the user is listed: the person named as in Preferences (the
 * player name, else the login's), or 0.  The list is alphabetical: its
 * first was another person added in Players, with no games yet. */
static guint
user_position (CassinoStatsView *self)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *setting = g_settings_get_string (settings, "player-name");
  g_autofree char *name = cassino_game_setup_default_player_name (setting);
  GPtrArray *players = cassino_records_get_players (self->records);

  for (guint i = 0; players && i < players->len; i++)
    {
      const CassinoStorePlayer *p = players->pdata[i];
      int pos;

      if (p->kind == CASSINO_SEAT_HUMAN && g_strcmp0 (p->name, name) == 0 &&
          (pos = cassino_records_find_player (self->records, p->id)) >= 0)
        return (guint) pos;
    }
  return 0;
}

static void
read_players (CassinoStatsView *self)
{
  GListModel *names = cassino_records_get_player_names (self->records);
  guint n = g_list_model_get_n_items (names);

  self->updating = TRUE;
  gtk_string_list_splice (self->players, 0, g_list_model_get_n_items (G_LIST_MODEL (self->players)), NULL);
  for (guint i = 0; i < n; i++)
    gtk_string_list_append (self->players, gtk_string_list_get_string (GTK_STRING_LIST (names), i));
  gtk_drop_down_set_selected (self->player_dropdown, n > 0 ? user_position (self) : 0);
  fill_compare (self, 0);
  self->updating = FALSE;
}

/* The records changed (a game saved, a player renamed, another program
 * adding one): the lists are read anew and the player and the one compared
 * with stay chosen, wherever they are listed now. */
static void
on_records_changed_cb (CassinoRecords   *records,
                       CassinoStatsView *self)
{
  /* (the records' list is the new one already: the ids chosen are kept) */
  gint64 id = self->player_id;
  gint64 compare_id = self->compare_id;
  int pos;

  read_players (self);
  self->updating = TRUE;
  pos = cassino_records_find_player (self->records, id);
  if (pos >= 0)
    gtk_drop_down_set_selected (self->player_dropdown, (guint) pos);
  fill_compare (self, compare_id);
  self->updating = FALSE;
  reload (self);
}

/* GObject */

static void
cassino_stats_view_dispose (GObject *object)
{
  CassinoStatsView *self = CASSINO_STATS_VIEW (object);

  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->records)
    g_signal_handlers_disconnect_by_data (self->records, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_STATS_VIEW);
  {
    GtkWidget *child;

    /* the template's top box is not a bound child */
    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->records);
  g_clear_object (&self->players);
  g_clear_object (&self->compare_names);
  g_clear_pointer (&self->compare_ids, g_array_unref);
  g_clear_pointer (&self->result, cassino_stats_result_free);
  g_clear_pointer (&self->compare, cassino_stats_result_free);
  g_clear_pointer (&self->figures, g_hash_table_unref);
  g_clear_pointer (&self->charts, g_hash_table_unref);

  G_OBJECT_CLASS (cassino_stats_view_parent_class)->dispose (object);
}

static void
cassino_stats_view_class_init (CassinoStatsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_stats_view_dispose;

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-stats-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, preset_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, count_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, compare_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, empty_page);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, CassinoStatsView, content);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
cassino_stats_view_init (CassinoStatsView *self)
{
  const char *counts[] = {
    /* Translators: choices of the statistics' player count filter */
    C_("filter", "Any number of players"), C_("filter", "2 players"), C_("filter", "3 players"),
    C_("filter", "4 players"), C_("filter", "6 players"), NULL
  };
  g_autoptr(GtkStringList) count_list = gtk_string_list_new (counts);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->figures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->charts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  cassino_game_filter_set_up_drop_down (self->preset_dropdown);
  gtk_drop_down_set_model (self->count_dropdown, G_LIST_MODEL (count_list));
  self->players = gtk_string_list_new (NULL);
  self->compare_names = gtk_string_list_new (NULL);
  self->compare_ids = g_array_new (FALSE, TRUE, sizeof (gint64));
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (self->players));
  gtk_drop_down_set_model (self->compare_dropdown, G_LIST_MODEL (self->compare_names));

  g_signal_connect (self->player_dropdown, "notify::selected", G_CALLBACK (on_choice_changed_cb), self);
  g_signal_connect (self->preset_dropdown, "notify::selected", G_CALLBACK (on_choice_changed_cb), self);
  g_signal_connect (self->count_dropdown, "notify::selected", G_CALLBACK (on_choice_changed_cb), self);
  g_signal_connect (self->compare_dropdown, "notify::selected", G_CALLBACK (on_choice_changed_cb), self);
  cassino_a11y_name_controls (GTK_WIDGET (self));
}

void
cassino_stats_view_set_records (CassinoStatsView *self,
                                CassinoRecords   *records)
{
  g_return_if_fail (CASSINO_IS_STATS_VIEW (self));

  if (self->records == records)
    return;
  if (self->records)
    g_signal_handlers_disconnect_by_data (self->records, self);
  g_set_object (&self->records, records);
  if (records)
    {
      g_signal_connect (records, "changed", G_CALLBACK (on_records_changed_cb), self);
      read_players (self);
    }
  reload (self);
}

void
cassino_stats_view_show (CassinoStatsView *self,
                         int               position,
                         int               compare,
                         int               preset,
                         guint             n_players)
{
  g_return_if_fail (CASSINO_IS_STATS_VIEW (self));

  self->updating = TRUE;
  gtk_drop_down_set_selected (self->player_dropdown, (guint) MAX (position, 0));
  if (self->records)
    fill_compare (self, compare >= 0 ? cassino_records_get_player_id (self->records, (guint) compare) : 0);
  gtk_drop_down_set_selected (self->preset_dropdown,
                              preset < 0 ? 0 : cassino_game_filter_position_of_preset ((CassinoPreset) preset));
  for (guint i = 0; i < G_N_ELEMENTS (player_counts); i++)
    if (player_counts[i] == n_players)
      gtk_drop_down_set_selected (self->count_dropdown, i);
  self->updating = FALSE;
  reload (self);
}

gboolean
cassino_stats_view_is_loading (CassinoStatsView *self)
{
  g_return_val_if_fail (CASSINO_IS_STATS_VIEW (self), FALSE);
  return self->pending > 0;
}

const char *
cassino_stats_view_get_page (CassinoStatsView *self)
{
  g_return_val_if_fail (CASSINO_IS_STATS_VIEW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

const char *
cassino_stats_view_get_figure (CassinoStatsView *self,
                               const char       *key)
{
  g_return_val_if_fail (CASSINO_IS_STATS_VIEW (self), NULL);
  return g_hash_table_lookup (self->figures, key);
}

GtkWidget *
cassino_stats_view_get_chart (CassinoStatsView *self,
                              const char       *name)
{
  g_return_val_if_fail (CASSINO_IS_STATS_VIEW (self), NULL);
  return g_hash_table_lookup (self->charts, name);
}
