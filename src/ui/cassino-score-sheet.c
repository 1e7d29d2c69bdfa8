/* cassino-score-sheet.c: the score of a deal, and the end of a game
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-score-sheet.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cassino-card-art.h"
#include "cassino-ui-resources.h"

struct _CassinoScoreSheet
{
  GtkWidget  parent_instance;

  GtkWidget *layout;          /* the sheet above, the bar with the way on below */
  GtkWidget *scroller;
  guint      settle_id;       /* tick callback: back at the top once laid out */
  guint      settle_frames;
  GtkWidget *default_button;  /* the way on, focused when shown */
  GtkLabel  *title_label;
  GtkLabel  *subtitle_label;
  AdwPreferencesGroup *deal_group;
  GtkGrid   *grid;
  AdwPreferencesGroup *game_group;
  GtkListBox *game_list;
  GtkLabel  *rubber_label;
  GtkWidget *new_game_button;
  GtkWidget *next_game_button;
  GtkWidget *next_deal_button;
  GtkWidget *replay_deal_button;
  GtkWidget *replay_game_button;
  GtkWidget *review_game_button;
};

G_DEFINE_FINAL_TYPE (CassinoScoreSheet, cassino_score_sheet, GTK_TYPE_WIDGET)

static void
cassino_score_sheet_dispose (GObject *object)
{
  CassinoScoreSheet *self = CASSINO_SCORE_SHEET (object);

  if (self->settle_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->settle_id);
      self->settle_id = 0;
    }
  gtk_widget_dispose_template (GTK_WIDGET (object), CASSINO_TYPE_SCORE_SHEET);

  G_OBJECT_CLASS (cassino_score_sheet_parent_class)->dispose (object);
}

static void
cassino_score_sheet_class_init (CassinoScoreSheetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_score_sheet_dispose;

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-score-sheet.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, layout);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, scroller);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, title_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, deal_group);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, grid);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, game_group);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, game_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, rubber_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, next_game_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, next_deal_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, replay_deal_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, replay_game_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, review_game_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scoresheet");
}

static void
cassino_score_sheet_init (CassinoScoreSheet *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cassino_score_sheet_side_header_new (CassinoGameController *controller,
                                     guint                  side,
                                     const char            *css_class)
{
  g_autofree char *heading = cassino_game_controller_dup_side_heading (controller, side);
  const char *name = cassino_game_controller_get_side_name (controller, side);
  GtkWidget *l = gtk_label_new (heading);

  /* a partnership's names one above the other rather than cut ("root &
   * Bru…"); a long name wraps; the whole name in the tooltip too */
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (l), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (l), 10);
  gtk_label_set_justify (GTK_LABEL (l), GTK_JUSTIFY_RIGHT);
  gtk_label_set_xalign (GTK_LABEL (l), 1);
  gtk_widget_set_valign (l, GTK_ALIGN_END);
  gtk_widget_set_tooltip_text (l, name);
  gtk_widget_add_css_class (l, css_class);
  return l;
}

/* One cell of the deal's sheet: what a side scored (large) over what it
 * took (small), right-aligned; a dash when it took nothing of it. */
static void
attach_cell (GtkGrid    *grid,
             int         column,
             int         row,
             const char *points,
             const char *detail,
             const char *tooltip)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (points && *points ? points : "—");

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, points && *points ? "heading" : "dim-label");
  gtk_box_append (GTK_BOX (box), label);
  if (detail && *detail)
    {
      GtkWidget *d = gtk_label_new (detail);

      gtk_label_set_xalign (GTK_LABEL (d), 1);
      gtk_label_set_wrap (GTK_LABEL (d), TRUE);
      gtk_label_set_justify (GTK_LABEL (d), GTK_JUSTIFY_RIGHT);
      gtk_widget_add_css_class (d, "caption");
      gtk_widget_add_css_class (d, "dim-label");
      gtk_box_append (GTK_BOX (box), d);
    }
  if (tooltip)
    gtk_widget_set_tooltip_text (box, tooltip);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_grid_attach (grid, box, column, row, 1, 1);
}

static void
attach_title (GtkGrid    *grid,
              const char *text,
              int         row,
              gboolean    strong)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  if (strong)
    gtk_widget_add_css_class (label, "heading");
  gtk_grid_attach (grid, label, 0, row, 1, 1);
}

/* How many scoring events of @category @side had in the deal, and the
 * cards that caused them ("10♦", "A♥ A♠") in @out_cards. */
static guint
scoring_events (const CassinoDealScore *score,
                guint                   side,
                CassinoCategory         category,
                CassinoCards           *out_cards)
{
  guint n = 0;

  *out_cards = 0;
  for (guint i = 0; i < score->n_events; i++)
    if (score->events[i].side == side && score->events[i].category == category)
      {
        n++;
        if (score->events[i].card < CASSINO_N_CARDS)
          *out_cards |= CASSINO_CARD_BIT (score->events[i].card);
      }
  return n;
}

/* The categories each fishing-family scoring lists on the sheet, in its
 * count order (family.md §2), ending with CASSINO_N_ALL_CATEGORIES. */
const CassinoCategory *
cassino_score_sheet_family_categories (const CassinoRules *r)
{
  static const CassinoCategory scopa[] = {
    CASSINO_CATEGORY_CARDS, CASSINO_CATEGORY_DIAMONDS, CASSINO_CATEGORY_SEVEN_DIAMONDS,
    CASSINO_CATEGORY_PRIMIERA, CASSINO_CATEGORY_SWEEPS, CASSINO_N_ALL_CATEGORIES };
  static const CassinoCategory xeri[] = {
    CASSINO_CATEGORY_CARDS, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_CATEGORY_TWO_CLUBS,
    CASSINO_CATEGORY_HONOURS, CASSINO_CATEGORY_SWEEPS, CASSINO_N_ALL_CATEGORIES };
  static const CassinoCategory diloti[] = {
    CASSINO_CATEGORY_CARDS, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_CATEGORY_LITTLE_CASSINO,
    CASSINO_CATEGORY_ACES, CASSINO_CATEGORY_SWEEPS, CASSINO_N_ALL_CATEGORIES };
  static const CassinoCategory tablanette[] = {
    CASSINO_CATEGORY_CARDS, CASSINO_CATEGORY_ACES, CASSINO_CATEGORY_HONOURS,
    CASSINO_CATEGORY_BIG_CASSINO, CASSINO_CATEGORY_TWO_CLUBS, CASSINO_CATEGORY_SWEEPS,
    CASSINO_N_ALL_CATEGORIES };
  static const CassinoCategory callabra[] = {
    CASSINO_CATEGORY_CARDS, CASSINO_CATEGORY_SWEEPS, CASSINO_N_ALL_CATEGORIES };
  static const CassinoCategory pasur[] = {
    CASSINO_CATEGORY_CLUBS, CASSINO_CATEGORY_BIG_CASSINO, CASSINO_CATEGORY_TWO_CLUBS,
    CASSINO_CATEGORY_ACES, CASSINO_CATEGORY_JACKS, CASSINO_CATEGORY_SWEEPS, CASSINO_N_ALL_CATEGORIES };

  switch (r->scoring)
    {
    case CASSINO_SCORING_SCOPA: return scopa;
    case CASSINO_SCORING_XERI: return xeri;
    case CASSINO_SCORING_DILOTI: return diloti;
    case CASSINO_SCORING_TABLANETTE: return tablanette;
    case CASSINO_SCORING_CALLABRA: return callabra;
    case CASSINO_SCORING_PASUR: return pasur;
    case CASSINO_SCORING_CLASSIC:
    case CASSINO_SCORING_SPADE:
    case CASSINO_SCORING_DIAMOND:
    default:
      return NULL;
    }
}

/* A category's row title in the game's own words: Scopa's coins and
 * settebello, each game's name for its sweeps. */
const char *
cassino_score_sheet_category_title (const CassinoRules *r,
                                    CassinoCategory     category)
{
  gboolean scopa = r->scoring == CASSINO_SCORING_SCOPA;

  if (r->family)
    switch (category)
      {
      case CASSINO_CATEGORY_DIAMONDS:
        if (scopa)
          /* Translators: Scopa's scoring category: the most coins (diamonds) */
          return C_("category", "Coins");
        break;
      case CASSINO_CATEGORY_SEVEN_DIAMONDS:
        if (scopa)
          /* Translators: Scopa's scoring category: the seven of coins; Italian players say "Settebello" */
          return C_("category", "Settebello (7♦)");
        break;
      case CASSINO_CATEGORY_BIG_CASSINO:
        /* Translators: scoring category of the fishing games: the ten of diamonds */
        return C_("category", "Ten of Diamonds");
      case CASSINO_CATEGORY_LITTLE_CASSINO:
        /* Translators: scoring category of the fishing games: the two of spades */
        return C_("category", "Two of Spades");
      case CASSINO_CATEGORY_SWEEPS:
        switch (r->scoring)
          {
          case CASSINO_SCORING_SCOPA:
            /* Translators: Scopa's sweeps; Italian players say "Scope" */
            return C_("category", "Scope");
          case CASSINO_SCORING_XERI:
          case CASSINO_SCORING_DILOTI:
            /* Translators: the Greek games' sweeps; players say "Xeri" */
            return C_("category", "Xeri");
          case CASSINO_SCORING_TABLANETTE:
            /* Translators: Tablanette's sweeps, each worth the table's value */
            return C_("category", "Tablas");
          case CASSINO_SCORING_PASUR:
            /* Translators: Pasur's sweeps; Persian players say "Sur" */
            return C_("category", "Surs");
          default:
            break;
          }
        break;
      default:
        break;
      }
  return cassino_category_get_title (category);
}

/* Primiera in the sheet: the best card of each suit and their total,
 * "7♦ 7♥ 6♣ A♠ · 78", or NULL when @pile lacks a suit. */
static char *
primiera_text (CassinoCards pile)
{
  static const guint8 points[14] = { 0, 16, 12, 13, 14, 15, 18, 21, 0, 0, 0, 10, 10, 10 };
  CassinoCards best_cards = 0;

  if (cassino_primiera (pile) == 0)
    return NULL;
  for (guint suit = 0; suit < 4; suit++)
    {
      CassinoCard card, best = CASSINO_NO_CARD;

      CASSINO_CARDS_FOREACH (card, pile & cassino_cards_of_suit (suit))
        if (best == CASSINO_NO_CARD || points[CASSINO_CARD_RANK (card)] > points[CASSINO_CARD_RANK (best)])
          best = card;
      best_cards |= CASSINO_CARD_BIT (best);
    }
  {
    g_autofree char *names = cassino_cards_short_names (best_cards, " ");

    /* Translators: Scopa's primiera on the score sheet: the best card of
     * each suit, then their total, e.g. "7♦ 7♥ 6♣ A♠ · 78" */
    return g_strdup_printf (_("%s · %u"), names, cassino_primiera (pile));
  }
}

/* What @side took of @category, in words ("27 cards", "A♥ A♠"); @pile
 * the side's captured cards when known (0: not known). */
static char *
taken_text (const CassinoRules     *r,
            const CassinoDealScore *score,
            CassinoCards            pile,
            guint                   side,
            CassinoCategory         category)
{
  CassinoCards cards;
  guint n = scoring_events (score, side, category, &cards);

  if (r->scoring == CASSINO_SCORING_SCOPA && category == CASSINO_CATEGORY_DIAMONDS)
    /* Translators: on Scopa's score sheet, the coins (diamonds) a side took */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u coin", "%u coins", score->n_diamonds[side]),
                            score->n_diamonds[side]);
  switch (category)
    {
    case CASSINO_CATEGORY_PRIMIERA:
      return pile ? primiera_text (pile) : NULL;
    case CASSINO_CATEGORY_CLUBS:
      {
        guint clubs = cassino_cards_count (pile & cassino_cards_of_suit (CASSINO_SUIT_CLUBS));

        /* Translators: on Pasur's score sheet, the clubs a side took */
        return pile ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u club", "%u clubs", clubs), clubs) : NULL;
      }
    case CASSINO_CATEGORY_CARDS:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", score->n_cards[side]),
                              score->n_cards[side]);
    case CASSINO_CATEGORY_SPADES:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u spade", "%u spades", score->n_spades[side]),
                              score->n_spades[side]);
    case CASSINO_CATEGORY_DIAMONDS:
      /* Translators: on the score sheet, the diamonds a side took */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u diamond", "%u diamonds", score->n_diamonds[side]),
                              score->n_diamonds[side]);
    case CASSINO_CATEGORY_SWEEPS:
      /* the sweeps made, not the events: a scoring that values each
       * sweep (a xeri 10, a jack's 20) scores a side's in one */
      n = MAX (n, score->n_sweeps[side]);
      if (n == 0)
        return NULL;
      /* a game with its own word for them (the row says "Scope", "Xeri"):
       * the count alone, not "2 sweeps" under "Scope" */
      if (g_strcmp0 (cassino_score_sheet_category_title (r, category), cassino_category_get_title (category)) != 0)
        /* Translators: how many sweeps a side made, under a row that names
         * them in the game's word ("Scope", "Xeri"), e.g. "× 2" */
        return g_strdup_printf (C_("sweep count", "× %u"), n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u sweep", "%u sweeps", n), n);
    default:
      return cards ? cassino_cards_short_names (cards, " ") : NULL;
    }
}

/* The check every deal must pass (rules.md §8.8): for the debug log, not
 * the player (the UI tests assert it). */
static void
log_check (const CassinoRules     *r,
           const CassinoDealScore *score,
           guint                   number)
{
  guint total = 0, sweeps = 0, base = cassino_scoring_base_total (r);

  for (guint s = 0; s < r->n_sides; s++)
    {
      total += score->total[s];
      sweeps += score->points[s][CASSINO_CATEGORY_SWEEPS];
    }
  if (r->scoring != CASSINO_SCORING_DIAMOND && total > base + sweeps)
    g_debug ("deal %u: %u points, MORE than %u + %u for sweeps: a scoring fault", number, total, base, sweeps);
  else
    g_debug ("deal %u: %u points (%u + %u for sweeps, less what ties left unscored)",
             number, total, base, sweeps);
}

static void
fill_deal (CassinoScoreSheet     *self,
           CassinoGameController *controller,
           const CassinoGame     *game,
           const CassinoDeal     *deal)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  const CassinoDealScore *score = &deal->score;
  const CassinoCategory *family = cassino_score_sheet_family_categories (r);
  CassinoCards piles[CASSINO_MAX_SIDES] = { 0 };
  GtkWidget *child;
  int row = 1;
  g_autofree char *title = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))))
    gtk_grid_remove (self->grid, child);

  /* Translators: the heading of the score sheet's table, e.g. "Deal 3" */
  title = g_strdup_printf (_("Deal %u"), deal->number);
  adw_preferences_group_set_title (self->deal_group, title);

  for (guint s = 0; s < r->n_sides; s++)
    {
      GtkWidget *l = cassino_score_sheet_side_header_new (controller, s, "heading");

      gtk_grid_attach (self->grid, l, (int) s + 1, 0, 1, 1);
    }

  /* the sides' captured cards (primiera's best cards, Pasur's clubs): the
   * deal played again from its deck */
  if (family && deal->finished)
    {
      CassinoPosition end;

      cassino_position_deal (&end, r, deal->deck, deal->deck_len, deal->dealer);
      for (guint i = 0; i < deal->plays->len; i++)
        cassino_position_apply (&end, &g_array_index (deal->plays, CassinoPlay, i).move, NULL);
      if (end.deal_over)
        memcpy (piles, end.piles, sizeof piles);
    }

  for (guint i = 0; family ? family[i] < CASSINO_N_ALL_CATEGORIES : i < CASSINO_N_CATEGORIES; i++)
    {
      guint c = family ? family[i] : i;
      gboolean any = FALSE;

      for (guint s = 0; s < r->n_sides; s++)
        if (score->points[s][c])
          any = TRUE;
      /* the categories of the scoring scheme are always listed */
      if (!any && !family && c > CASSINO_CATEGORY_SWEEPS && r->scoring != CASSINO_SCORING_DIAMOND)
        continue;
      if (!any && r->scoring == CASSINO_SCORING_DIAMOND &&
          (c == CASSINO_CATEGORY_SPADES || c == CASSINO_CATEGORY_BIG_CASSINO ||
           c == CASSINO_CATEGORY_LITTLE_CASSINO || c == CASSINO_CATEGORY_ACES))
        continue;
      if (c == CASSINO_CATEGORY_SWEEPS && !r->sweeps)
        continue;

      attach_title (self->grid, cassino_score_sheet_category_title (r, c), row, FALSE);
      for (guint s = 0; s < r->n_sides; s++)
        {
          g_autofree char *points = score->points[s][c] ? g_strdup_printf ("%u", score->points[s][c]) : NULL;
          g_autofree char *taken = taken_text (r, score, piles[s], s, c);

          /* "most cards" lost still says how many were taken: "0" over "25 cards" */
          if (points == NULL && taken && (c == CASSINO_CATEGORY_CARDS || c == CASSINO_CATEGORY_SPADES ||
                                          c == CASSINO_CATEGORY_DIAMONDS))
            points = g_strdup ("0");
          attach_cell (self->grid, (int) s + 1, row, points, taken, NULL);
        }
      row++;
    }

  /* who took the cards left at the end */
  if (deal->last_cards_side >= 0 && deal->last_cards)
    {
      g_autofree char *names = cassino_cards_short_names (deal->last_cards, " ");
      guint n = cassino_cards_count (deal->last_cards);

      /* Translators: a row of the score sheet: the cards left on the table at
       * the end of the deal, and who took them */
      attach_title (self->grid, _("Last cards"), row, FALSE);
      for (guint s = 0; s < r->n_sides; s++)
        {
          g_autofree char *count = NULL;

          if ((gint) s == deal->last_cards_side)
            count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n), n);
          attach_cell (self->grid, (int) s + 1, row, NULL,
                       (gint) s == deal->last_cards_side ? count : NULL,
                       (gint) s == deal->last_cards_side ? names : NULL);
          if ((gint) s == deal->last_cards_side)
            {
              /* the cards themselves under the count */
              GtkWidget *cell = gtk_grid_get_child_at (self->grid, (int) s + 1, row);
              GtkWidget *first = gtk_widget_get_first_child (cell);

              gtk_label_set_label (GTK_LABEL (first), names);
              gtk_widget_remove_css_class (first, "dim-label");
            }
        }
      row++;
    }

  gtk_grid_attach (self->grid, gtk_separator_new (GTK_ORIENTATION_HORIZONTAL), 0, row++, (int) r->n_sides + 1, 1);
  attach_title (self->grid, _("Deal total"), row, TRUE);
  for (guint s = 0; s < r->n_sides; s++)
    {
      g_autofree char *text = g_strdup_printf ("%u", score->total[s]);

      attach_cell (self->grid, (int) s + 1, row, text, NULL, NULL);
    }

  log_check (r, score, deal->number);
}

static void
fill_game (CassinoScoreSheet     *self,
           CassinoGameController *controller,
           const CassinoGame     *game,
           const CassinoDeal     *deal)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->game_list))))
    gtk_list_box_remove (self->game_list, child);

  /* one deal is the game: its total says it all */
  gtk_widget_set_visible (GTK_WIDGET (self->game_group), r->target > 0);
  if (r->target == 0)
    return;

  {
    g_autofree char *description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "First to %u point wins",
                                                                 "First to %u points wins", r->target),
                                                    r->target);

    adw_preferences_group_set_description (self->game_group, description);
  }
  for (guint s = 0; s < r->n_sides; s++)
    {
      GtkWidget *row = adw_action_row_new ();
      guint now = cassino_game_get_score (game, s);
      guint added = deal ? deal->game_points[s] : 0;
      g_autofree char *total = g_strdup_printf ("%u", now);
      g_autofree char *subtitle = NULL;
      GtkWidget *label = gtk_label_new (total);

      /* Translators: under a side's name in the game score: what the deal
       * added to what it had, e.g. "14 before this deal, +9" */
      subtitle = g_strdup_printf (_("%u before this deal, +%u"), now >= added ? now - added : 0, added);
      /* a partnership's name has an ampersand: plain text, not markup */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), cassino_game_controller_get_side_name (controller, s));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_add_css_class (label, "title-3");
      gtk_widget_add_css_class (label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      gtk_list_box_append (self->game_list, row);
    }
}

/* A button of the bar below the sheet, shown or not: with its place in
 * the flow box, which would keep a gap for it */
static void
show_way_on (GtkWidget *button,
             gboolean   visible)
{
  GtkWidget *child = gtk_widget_get_parent (button);

  gtk_widget_set_visible (button, visible);
  if (GTK_IS_FLOW_BOX_CHILD (child))
    gtk_widget_set_visible (child, visible);
}

void
cassino_score_sheet_update (CassinoScoreSheet     *self,
                            CassinoGameController *controller)
{
  const CassinoGame *game;
  const CassinoDeal *deal = NULL;
  const CassinoRubber *rubber;
  CassinoGameState state;
  guint n_deals;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  g_return_if_fail (CASSINO_IS_SCORE_SHEET (self));

  if (!cassino_game_controller_has_game (controller))
    return;

  game = cassino_game_controller_get_game (controller);
  state = cassino_game_get_state (game);
  n_deals = cassino_game_get_n_deals (game);
  for (guint i = n_deals; i > 0 && deal == NULL; i--)
    if (cassino_game_get_deal (game, i - 1)->finished)
      deal = cassino_game_get_deal (game, i - 1);

  /* title */
  if (state == CASSINO_GAME_OVER)
    {
      int winner = cassino_game_get_winner (game);

      if (winner < 0)
        title = g_strdup (_("A Drawn Game"));
      else if (cassino_game_get_value (game) > 1)
        /* Translators: %s is the winner; a lurch counts double */
        title = g_strdup_printf (_("%s Wins with a Lurch!"),
                                 cassino_game_controller_get_side_name (controller, (guint) winner));
      else
        /* Translators: %s is the winner of the game */
        title = g_strdup_printf (_("%s Wins!"),
                                 cassino_game_controller_get_side_name (controller, (guint) winner));
    }
  else if (deal)
    /* Translators: the title of the score sheet after a deal */
    title = g_strdup_printf (_("Deal %u Scored"), deal->number);
  else
    title = g_strdup (_("Score"));
  gtk_label_set_label (self->title_label, title);

  /* the game's end: after how many deals */
  if (state == CASSINO_GAME_OVER && n_deals > 1)
    /* Translators: under "Anna Wins!" on the score sheet */
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "After %u deal", "After %u deals", n_deals),
                                n_deals);
  gtk_label_set_label (self->subtitle_label, subtitle ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);

  gtk_widget_set_visible (GTK_WIDGET (self->deal_group), deal != NULL);
  if (deal)
    {
      guint index = 0;

      fill_deal (self, controller, game, deal);
      for (guint i = 0; i < n_deals; i++)
        if (cassino_game_get_deal (game, i) == deal)
          index = i;
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->replay_deal_button),
                                              g_variant_new_int32 ((gint32) index));
    }
  gtk_widget_set_visible (self->replay_deal_button, deal != NULL);
  gtk_widget_set_visible (self->replay_game_button, state == CASSINO_GAME_OVER && n_deals > 1);
  gtk_widget_set_visible (self->review_game_button, state == CASSINO_GAME_OVER);
  fill_game (self, controller, game, deal);

  /* the rubber */
  rubber = cassino_game_controller_get_rubber (controller);
  gtk_widget_set_visible (GTK_WIDGET (self->rubber_label), rubber != NULL);
  if (rubber)
    {
      GString *s = g_string_new (NULL);

      if (rubber->finished && rubber->winner >= 0)
        {
          /* Translators: the first line of the rubber standing when the rubber is over */
          g_string_append_printf (s, _("%s wins the rubber."),
                                  cassino_game_controller_get_side_name (controller, (guint) rubber->winner));
          g_string_append_c (s, '\n');
        }
      /* Translators: the heading of the rubber standing; each side follows on a line
       * of its own, e.g. "Rubber, first to 2 games wins:" / "Anna: 1 game won (34 points in all)" */
      g_string_append_printf (s, g_dngettext (GETTEXT_PACKAGE,
                                              "Rubber, first to %u game wins:",
                                              "Rubber, first to %u games wins:",
                                              rubber->games_needed),
                              rubber->games_needed);
      for (guint side = 0; side < rubber->n_sides; side++)
        {
          g_autofree char *games = NULL;
          g_autofree char *points = NULL;

          g_string_append_c (s, '\n');
          /* Translators: part of a line of the rubber standing, e.g. "1 game won" */
          games = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game won", "%u games won",
                                                rubber->games_won[side]),
                                   rubber->games_won[side]);
          /* Translators: part of a line of the rubber standing, e.g. "34 points in all" */
          points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u point in all", "%u points in all",
                                                 rubber->points[side]),
                                    rubber->points[side]);
          /* Translators: one line of the rubber standing: a side's name, the games it has
           * won ("1 game won") and its rubber points ("34 points in all"),
           * e.g. "Anna: 1 game won (34 points in all)" */
          g_string_append_printf (s, _("%s: %s (%s)"),
                                  cassino_game_controller_get_side_name (controller, side), games, points);
        }
      gtk_label_set_label (self->rubber_label, s->str);
      g_string_free (s, TRUE);
    }

  show_way_on (self->next_deal_button, state == CASSINO_GAME_DEAL_OVER);
  show_way_on (self->next_game_button, cassino_game_controller_can_next_game (controller));
  show_way_on (self->new_game_button, state == CASSINO_GAME_OVER);
  /* the way on is the one suggested: New Game… at a game's end, unless a
   * rubber goes on with its next game */
  if (state == CASSINO_GAME_OVER && !gtk_widget_get_visible (self->next_game_button))
    gtk_widget_add_css_class (self->new_game_button, "suggested-action");
  else
    gtk_widget_remove_css_class (self->new_game_button, "suggested-action");
}

const char *
cassino_score_sheet_get_title (CassinoScoreSheet *self)
{
  g_return_val_if_fail (CASSINO_IS_SCORE_SHEET (self), NULL);
  return gtk_label_get_label (self->title_label);
}

/* Back at the top once the sheet is laid out (two frames on), and the
 * viewport follows the focus again (Tab to a button below the fold). */
static gboolean
settle_at_top_cb (GtkWidget     *widget,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  CassinoScoreSheet *self = CASSINO_SCORE_SHEET (widget);
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));

  /* the page just shown may have taken the focus for its first row */
  if (self->default_button && gtk_root_get_focus (gtk_widget_get_root (widget)) != self->default_button)
    gtk_widget_grab_focus (self->default_button);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
  if (++self->settle_frames < 2)
    return G_SOURCE_CONTINUE;
  self->settle_id = 0;
  if (GTK_IS_VIEWPORT (viewport))
    gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (viewport), TRUE);
  return G_SOURCE_REMOVE;
}

/* The sheet opens at its top, the headline and the deal's table in view,
 * with the way on focused (Enter takes it), in the bar below the sheet. */
void
cassino_score_sheet_focus_default (CassinoScoreSheet *self)
{
  GtkWidget *viewport;

  g_return_if_fail (CASSINO_IS_SCORE_SHEET (self));

  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  if (GTK_IS_VIEWPORT (viewport))
    gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (viewport), FALSE);
  if (gtk_widget_get_visible (self->next_deal_button))
    self->default_button = self->next_deal_button;
  else if (gtk_widget_get_visible (self->next_game_button))
    self->default_button = self->next_game_button;
  else
    self->default_button = self->new_game_button;
  gtk_widget_grab_focus (self->default_button);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
  self->settle_frames = 0;
  if (self->settle_id == 0)
    self->settle_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), settle_at_top_cb, NULL, NULL);
}
