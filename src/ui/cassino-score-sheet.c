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

#include "cassino-ui-resources.h"

struct _CassinoScoreSheet
{
  GtkWidget  parent_instance;

  GtkWidget *scroller;
  GtkLabel  *title_label;
  GtkLabel  *subtitle_label;
  GtkGrid   *grid;
  GtkLabel  *check_label;
  GtkLabel  *rubber_label;
  GtkWidget *new_game_button;
  GtkWidget *next_game_button;
  GtkWidget *next_deal_button;
};

G_DEFINE_FINAL_TYPE (CassinoScoreSheet, cassino_score_sheet, GTK_TYPE_WIDGET)

static void
cassino_score_sheet_dispose (GObject *object)
{
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
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, scroller);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, title_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, grid);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, check_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, rubber_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, next_game_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoScoreSheet, next_deal_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scoresheet");
}

static void
cassino_score_sheet_init (CassinoScoreSheet *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
attach_label (GtkGrid    *grid,
              const char *text,
              int         column,
              int         row,
              const char *css_class,
              float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  gtk_widget_add_css_class (label, "numeric");
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  gtk_grid_attach (grid, label, column, row, 1, 1);
}

void
cassino_score_sheet_update (CassinoScoreSheet     *self,
                            CassinoGameController *controller)
{
  const CassinoGame *game;
  const CassinoRules *r;
  const CassinoDeal *deal = NULL;
  const CassinoRubber *rubber;
  CassinoGameState state;
  GtkWidget *child;
  guint n_deals, row = 1;
  guint total = 0, sweeps = 0, base;
  g_autofree char *title = NULL;
  GString *subtitle;

  g_return_if_fail (CASSINO_IS_SCORE_SHEET (self));

  if (!cassino_game_controller_has_game (controller))
    return;

  game = cassino_game_controller_get_game (controller);
  r = cassino_game_get_rules (game);
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

  /* game score */
  subtitle = g_string_new (NULL);
  for (guint s = 0; s < r->n_sides; s++)
    {
      if (s > 0)
        g_string_append (subtitle, " · ");
      g_string_append_printf (subtitle, "%s %u",
                              cassino_game_controller_get_side_name (controller, s),
                              cassino_game_get_score (game, s));
    }
  if (r->target > 0)
    {
      g_string_append (subtitle, " — ");
      /* Translators: the game's target, e.g. "21 to win" */
      g_string_append_printf (subtitle, _("%u to win"), r->target);
    }
  gtk_label_set_label (self->subtitle_label, subtitle->str);
  g_string_free (subtitle, TRUE);

  /* the categories */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))))
    gtk_grid_remove (self->grid, child);

  attach_label (self->grid, "", 0, 0, NULL, 0);
  for (guint s = 0; s < r->n_sides; s++)
    attach_label (self->grid, cassino_game_controller_get_side_name (controller, s),
                  (int) s + 1, 0, "heading", 1);

  if (deal)
    {
      const CassinoDealScore *score = &deal->score;

      for (guint c = 0; c < CASSINO_N_CATEGORIES; c++)
        {
          gboolean any = FALSE;

          for (guint s = 0; s < r->n_sides; s++)
            if (score->points[s][c])
              any = TRUE;
          /* the categories of the scoring scheme are always listed */
          if (!any && c > CASSINO_CATEGORY_SWEEPS && r->scoring != CASSINO_SCORING_DIAMOND)
            continue;
          if (!any && r->scoring == CASSINO_SCORING_DIAMOND &&
              (c == CASSINO_CATEGORY_SPADES || c == CASSINO_CATEGORY_BIG_CASSINO ||
               c == CASSINO_CATEGORY_LITTLE_CASSINO || c == CASSINO_CATEGORY_ACES))
            continue;
          if (c == CASSINO_CATEGORY_SWEEPS && !r->sweeps)
            continue;

          attach_label (self->grid, cassino_category_get_title (c), 0, (int) row, NULL, 0);
          for (guint s = 0; s < r->n_sides; s++)
            {
              g_autofree char *text = NULL;

              if (c == CASSINO_CATEGORY_CARDS)
                /* Translators: points for most cards, and how many cards: "3 (27)" */
                text = g_strdup_printf (_("%u (%u)"), score->points[s][c], score->n_cards[s]);
              else if (c == CASSINO_CATEGORY_SPADES && r->scoring == CASSINO_SCORING_CLASSIC)
                text = g_strdup_printf (_("%u (%u)"), score->points[s][c], score->n_spades[s]);
              else if (c == CASSINO_CATEGORY_DIAMONDS)
                text = g_strdup_printf (_("%u (%u)"), score->points[s][c], score->n_diamonds[s]);
              else
                text = g_strdup_printf ("%u", score->points[s][c]);
              attach_label (self->grid, text, (int) s + 1, (int) row, NULL, 1);
            }
          row++;
        }

      attach_label (self->grid, _("Deal total"), 0, (int) row, "heading", 0);
      for (guint s = 0; s < r->n_sides; s++)
        {
          g_autofree char *text = g_strdup_printf ("%u", score->total[s]);

          attach_label (self->grid, text, (int) s + 1, (int) row, "heading", 1);
          total += score->total[s];
          sweeps += score->points[s][CASSINO_CATEGORY_SWEEPS];
        }
      row++;
      if (r->target > 0)
        {
          attach_label (self->grid, _("Game score"), 0, (int) row, "dim-label", 0);
          for (guint s = 0; s < r->n_sides; s++)
            {
              g_autofree char *text = g_strdup_printf ("%u", cassino_game_get_score (game, s));

              attach_label (self->grid, text, (int) s + 1, (int) row, "dim-label", 1);
            }
        }

      /* the check against the preset's total */
      base = cassino_scoring_base_total (r);
      {
        g_autofree char *check = NULL;

        if (r->scoring == CASSINO_SCORING_DIAMOND)
          /* Translators: the check under a diamond-scoring deal's score */
          check = g_strdup_printf (_("%u points in all (at most %u without sweeps, plus %u for sweeps)"),
                                   total, base, sweeps);
        else if (total == base + sweeps)
          /* Translators: the check under a deal's score: "✓ 11 points + 1 for sweeps = 12, as it should be" */
          check = g_strdup_printf (_("✓ %u points + %u for sweeps = %u, as every deal must add up"),
                                   base, sweeps, total);
        else
          /* Translators: the check under a deal's score when "most cards" or "most spades" was tied */
          check = g_strdup_printf (_("%u points in all: %u + %u for sweeps, less what a tie left unscored"),
                                   total, base, sweeps);
        gtk_label_set_label (self->check_label, check);
      }
    }
  else
    gtk_label_set_label (self->check_label, "");

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

  gtk_widget_set_visible (self->next_deal_button, state == CASSINO_GAME_DEAL_OVER);
  gtk_widget_set_visible (self->next_game_button, cassino_game_controller_can_next_game (controller));
  gtk_widget_set_visible (self->new_game_button, state == CASSINO_GAME_OVER);
}

const char *
cassino_score_sheet_get_check (CassinoScoreSheet *self)
{
  g_return_val_if_fail (CASSINO_IS_SCORE_SHEET (self), NULL);
  return gtk_label_get_label (self->check_label);
}

const char *
cassino_score_sheet_get_title (CassinoScoreSheet *self)
{
  g_return_val_if_fail (CASSINO_IS_SCORE_SHEET (self), NULL);
  return gtk_label_get_label (self->title_label);
}

void
cassino_score_sheet_focus_default (CassinoScoreSheet *self)
{
  g_return_if_fail (CASSINO_IS_SCORE_SHEET (self));

  if (gtk_widget_get_visible (self->next_deal_button))
    gtk_widget_grab_focus (self->next_deal_button);
  else if (gtk_widget_get_visible (self->next_game_button))
    gtk_widget_grab_focus (self->next_game_button);
  else
    gtk_widget_grab_focus (self->new_game_button);
}
