/* cassino-window.c: the main window
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-window.h"
#include "cassino-card-theme.h"
#include "cassino-felt.h"
#include "cassino-card-widget.h"

#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-history-view.h"
#include "cassino-a11y.h"
#include "cassino-new-game-dialog.h"
#include "cassino-replay.h"
#include "cassino-replay-view.h"
#include "cassino-stats-view.h"
#include "cassino-window-private.h"
#include "cassino-score-sheet.h"
#include "cassino-seat-panel.h"
#include "cassino-move-text.h"
#include "cassino-plain-text.h"
#include "cassino-toast.h"


G_DEFINE_FINAL_TYPE (CassinoWindow, cassino_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_DATABASE,
  PROP_LOG_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Animation speed: how long a card travels, and how long a computer waits
 * before it plays (the travel plus a moment to see the result). */
static const guint travel_ms[] = { 0, 220, 420, 700 };
static const guint pause_ms[] = { 0, 450, 900, 1500 };

static void
update_speed (CassinoWindow *self)
{
  guint speed = (guint) g_settings_get_enum (self->settings, "animation-speed");

  speed = MIN (speed, G_N_ELEMENTS (travel_ms) - 1);
  cassino_table_view_set_animation_duration (self->table_view, travel_ms[speed]);
  cassino_game_controller_set_move_delay (self->controller, pause_ms[speed]);
}

static void
on_animation_speed_changed_cb (GSettings     *settings,
                               const char    *key,
                               CassinoWindow *self)
{
  update_speed (self);
}

static void
redraw_cards (GtkWidget *widget)
{
  if (CASSINO_IS_CARD_WIDGET (widget))
    gtk_widget_queue_draw (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    redraw_cards (child);
}

/* "": Cassino's cards; "four-color": the same in four colours; else the
 * file name of an installed gnome-cards-data theme. */
static void
on_card_theme_changed_cb (GSettings     *settings,
                          const char    *key,
                          CassinoWindow *self)
{
  g_autofree char *name = g_settings_get_string (settings, "card-theme");
  gboolean four_color = g_strcmp0 (name, "four-color") == 0;
  CassinoCardTheme *current = cassino_card_theme_get_current ();

  if (name[0] == '\0' || four_color)
    cassino_card_theme_set_current (NULL);
  else if (current == NULL || g_strcmp0 (cassino_card_theme_get_file_name (current), name) != 0)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CassinoCardTheme) theme = cassino_card_theme_new (name, &error);

      /* a theme that went away or is damaged: Cassino's own cards */
      if (theme == NULL)
        _cassino_window_toast (self, error->message);
      cassino_card_theme_set_current (theme);
    }
  cassino_table_view_set_four_color (self->table_view, four_color);
  if (self->replay_view)
    cassino_table_view_set_four_color (cassino_replay_view_get_table_view (self->replay_view), four_color);
  redraw_cards (GTK_WIDGET (self));
}

/* The view */

/* Whether the table is the page shown: its keys (h, Ctrl+Z, Ctrl+Shift+C,
 * F9, Enter) act on the game only then, not unseen from History or
 * Statistics (a hint asked there was counted as used). */
static gboolean
table_shown (CassinoWindow *self)
{
  return g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "table") == 0;
}

/* Undo, and when it is greyed why, to the eye and to a screen reader. */
static void
update_undo (CassinoWindow *self)
{
  const char *why = cassino_game_controller_get_undo_blocked (self->controller);
  const char *tooltip = why ? why : _("Undo");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", why == NULL && table_shown (self));
  if (g_strcmp0 (gtk_widget_get_tooltip_text (self->undo_button), tooltip) == 0)
    return;
  gtk_widget_set_tooltip_text (self->undo_button, tooltip);
  if (why)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->undo_button),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, why, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->undo_button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void
_cassino_window_update_actions (CassinoWindow *self)
{
  CassinoGameController *c = self->controller;
  gboolean has_game = cassino_game_controller_has_game (c);
  CassinoGameState state = has_game ? cassino_game_get_state (cassino_game_controller_get_game (c)) : CASSINO_GAME_OVER;
  gboolean table = table_shown (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", table && cassino_game_controller_can_hint (c));
  update_undo (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play",
                                 table && cassino_game_controller_is_human_turn (c) &&
                                 cassino_game_controller_get_action_text (c) != NULL);
  /* (the key says why when there is nothing to claim: it did nothing) */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.claim", table && has_game);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-log", table);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-deal", state == CASSINO_GAME_DEAL_OVER);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-game", cassino_game_controller_can_next_game (c));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.confirm-pass", cassino_game_controller_get_pass_to (c) >= 0);
}

static void
update_title (CassinoWindow *self)
{
  const CassinoGame *game = self->controller ? cassino_game_controller_get_game (self->controller) : NULL;
  const CassinoRules *r;
  const CassinoDeal *deal;
  g_autofree char *subtitle = NULL;

  /* narrow, the name gives way to the deal */
  adw_view_switcher_title_set_title (self->window_title,
                                     adw_view_switcher_title_get_title_visible (self->window_title) && game
                                     ? "" : _("Cassino"));
  if (game == NULL)
    {
      adw_view_switcher_title_set_subtitle (self->window_title, NULL);
      return;
    }
  r = cassino_game_get_rules (game);
  deal = cassino_game_get_current_deal (game);
  if (adw_view_switcher_title_get_title_visible (self->window_title))
    {
      /* narrow: the header holds a word beside its buttons ("Classi…"
       * under "Cas…" at 360 px): the deal, which the table does not say */
      subtitle = r->target > 0 ? g_strdup_printf (_("Deal %u"), deal ? deal->number : 1)
                               : g_strdup (_("Single deal"));
    }
  else if (r->target > 0)
    /* Translators: the window subtitle: preset, deal number and target, e.g. "Classic · Deal 2 · 21 to win" */
    subtitle = g_strdup_printf (_("%s · Deal %u · %u to win"), cassino_preset_get_title (r->preset),
                                deal ? deal->number : 1, r->target);
  else
    /* Translators: the window subtitle of a one-deal game, e.g. "American (1867) · Single deal" */
    subtitle = g_strdup_printf (_("%s · Single deal"), cassino_preset_get_title (r->preset));
  adw_view_switcher_title_set_subtitle (self->window_title, subtitle);
}

/* The score bar: a chip a side (name, game points, "+deal points").  The
 * chips are made once and their labels changed in place: "changed" comes
 * at every click, and new widgets cost a frame styles and layout. */
static void
update_chips (CassinoWindow            *self,
              const CassinoGame        *game,
              const CassinoDealScore   *tally)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  const CassinoPosition *pos = cassino_game_get_position (game);
  guint viewer = cassino_game_controller_get_viewer (self->controller);
  GtkWidget *chip = gtk_widget_get_first_child (GTK_WIDGET (self->scoreboard));
  guint n = 0;

  for (GtkWidget *c = chip; c; c = gtk_widget_get_next_sibling (c))
    n++;
  if (n != r->n_sides)
    {
      while ((chip = gtk_widget_get_first_child (GTK_WIDGET (self->scoreboard))))
        gtk_box_remove (self->scoreboard, chip);
      for (guint s = 0; s < r->n_sides; s++)
        {
          GtkWidget *name = gtk_label_new (NULL);
          GtkWidget *points_label = gtk_label_new (NULL);
          GtkWidget *deal_label = gtk_label_new (NULL);

          chip = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
          gtk_label_set_max_width_chars (GTK_LABEL (name), 12);
          gtk_widget_add_css_class (points_label, "score-points");
          gtk_widget_add_css_class (deal_label, "score-deal");
          gtk_widget_add_css_class (chip, "score-chip");
          gtk_box_append (GTK_BOX (chip), name);
          gtk_box_append (GTK_BOX (chip), points_label);
          gtk_box_append (GTK_BOX (chip), deal_label);
          gtk_box_append (self->scoreboard, chip);
        }
      chip = gtk_widget_get_first_child (GTK_WIDGET (self->scoreboard));
    }

  for (guint s = 0; s < r->n_sides && chip; s++, chip = gtk_widget_get_next_sibling (chip))
    {
      GtkWidget *name = gtk_widget_get_first_child (chip);
      GtkWidget *points_label = gtk_widget_get_next_sibling (name);
      GtkWidget *deal_label = gtk_widget_get_next_sibling (points_label);
      const char *side_name = cassino_game_controller_get_side_name (self->controller, s);
      g_autofree char *points = g_strdup_printf ("%u", cassino_game_get_score (game, s));
      /* Translators: the points a side holds in the deal being played, e.g. "+3" */
      g_autofree char *deal_points = g_strdup_printf (C_("deal tally", "+%u"), tally->total[s]);
      /* Translators: part of a side's tooltip in the score bar, e.g. "12 points in the game" */
      g_autofree char *in_game = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u point in the game",
                                                               "%u points in the game", cassino_game_get_score (game, s)),
                                                  cassino_game_get_score (game, s));
      /* Translators: part of a side's tooltip in the score bar, e.g. "3 in this deal so far" */
      g_autofree char *in_deal = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u in this deal so far",
                                                               "%u in this deal so far", tally->total[s]),
                                                  tally->total[s]);
      /* Translators: a side's tooltip in the score bar: its name, then the two parts
       * above, e.g. "Anna: 12 points in the game, 3 in this deal so far" */
      g_autofree char *tooltip = g_strdup_printf (_("%s: %s, %s"), side_name, in_game, in_deal);
      gboolean own = cassino_rules_side_of (r, viewer) == s;
      gboolean to_move = cassino_game_get_state (game) == CASSINO_GAME_PLAYING &&
                         cassino_rules_side_of (r, pos->to_move) == s;

      /* (setting the same text is free: GtkLabel compares) */
      gtk_label_set_label (GTK_LABEL (name), side_name);
      gtk_label_set_label (GTK_LABEL (points_label), points);
      gtk_label_set_label (GTK_LABEL (deal_label), deal_points);
      if (own != gtk_widget_has_css_class (chip, "own"))
        (own ? gtk_widget_add_css_class : gtk_widget_remove_css_class) (chip, "own");
      if (to_move != gtk_widget_has_css_class (chip, "to-move"))
        (to_move ? gtk_widget_add_css_class : gtk_widget_remove_css_class) (chip, "to-move");
      if (g_strcmp0 (gtk_widget_get_tooltip_text (chip), tooltip) != 0)
        {
          gtk_widget_set_tooltip_text (chip, tooltip);
          gtk_accessible_update_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
        }
    }
}

/* The deal's category tally, in the side panel: made again only when a
 * figure in it changed. */
static void
update_tally (CassinoWindow          *self,
              const CassinoGame      *game,
              const CassinoDealScore *tally)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  const CassinoCategory *family;
  GString *key;
  GtkWidget *child;

  /* in the side panel: brought up to date when it is shown */
  if (!adw_flap_get_reveal_flap (self->flap))
    return;
  key = g_string_new (NULL);

  for (guint s = 0; s < r->n_sides; s++)
    g_string_append_printf (key, "%s|", cassino_game_controller_get_side_name (self->controller, s));
  for (guint c = 0; c < CASSINO_N_ALL_CATEGORIES; c++)
    for (guint s = 0; s < r->n_sides; s++)
      g_string_append_printf (key, "%u,", tally->points[s][c]);
  if (g_strcmp0 (key->str, self->tally_key) == 0)
    {
      g_string_free (key, TRUE);
      return;
    }
  g_free (self->tally_key);
  self->tally_key = g_string_free (key, FALSE);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tally_grid))))
    gtk_grid_remove (self->tally_grid, child);
  for (guint s = 0; s < r->n_sides; s++)
    {
      GtkWidget *l = cassino_score_sheet_side_header_new (self->controller, s, "caption-heading");

      gtk_grid_attach (self->tally_grid, l, (int) s + 1, 0, 1, 1);
    }
  /* a fishing game's own categories (primiera, xeri, …), in its words */
  family = cassino_score_sheet_family_categories (r);
  for (guint i = 0, row = 1; family ? family[i] < CASSINO_N_ALL_CATEGORIES : i < CASSINO_N_CATEGORIES; i++)
    {
      guint c = family ? family[i] : i;
      gboolean any = FALSE;
      GtkWidget *l;

      for (guint s = 0; s < r->n_sides; s++)
        if (tally->points[s][c])
          any = TRUE;
      if (!any && !family && c > CASSINO_CATEGORY_SWEEPS)
        continue;
      l = gtk_label_new (cassino_score_sheet_category_title (r, c));
      gtk_label_set_xalign (GTK_LABEL (l), 0);
      gtk_widget_set_hexpand (l, TRUE);
      gtk_grid_attach (self->tally_grid, l, 0, (int) row, 1, 1);
      for (guint s = 0; s < r->n_sides; s++)
        {
          g_autofree char *text = g_strdup_printf ("%u", tally->points[s][c]);

          l = gtk_label_new (text);
          gtk_label_set_xalign (GTK_LABEL (l), 1);
          gtk_widget_add_css_class (l, "numeric");
          gtk_grid_attach (self->tally_grid, l, (int) s + 1, (int) row, 1, 1);
        }
      row++;
    }
}

static void
update_scoreboard (CassinoWindow *self)
{
  const CassinoGame *game = cassino_game_controller_get_game (self->controller);
  CassinoDealScore tally;
  GtkWidget *child;

  if (game == NULL)
    {
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->scoreboard))))
        gtk_box_remove (self->scoreboard, child);
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->tally_grid))))
        gtk_grid_remove (self->tally_grid, child);
      g_clear_pointer (&self->tally_key, g_free);
      return;
    }
  cassino_game_get_deal_tally (game, &tally);
  update_chips (self, game, &tally);
  update_tally (self, game, &tally);
}

/* The move log, newest first, in the side panel.  It is brought up to
 * date only while the panel is shown, and a move adds its row at the top
 * (the rows below keep theirs): the log changes at every move, and the
 * window should not lay out a dozen new labels while a card travels. */
#define LOG_ROWS 12

static GtkWidget *
new_log_row (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  return label;
}

static void
update_log (CassinoWindow *self)
{
  GPtrArray *log = cassino_game_controller_get_log (self->controller);
  guint epoch, serial = cassino_game_controller_get_log_serial (self->controller, &epoch);
  guint added = serial - self->log_serial;
  GtkWidget *child;

  if (!adw_flap_get_reveal_flap (self->flap))
    return;
  if (self->log_shown && epoch == self->log_epoch && serial == self->log_serial)
    return;

  if (!self->log_shown || epoch != self->log_epoch || serial < self->log_serial ||
      added > MIN (log->len, LOG_ROWS))
    {
      /* all again */
      while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->log_list))))
        gtk_list_box_remove (self->log_list, child);
      added = MIN (log->len, LOG_ROWS);
    }
  else
    {
      /* the newest so far is no longer the newest */
      GtkListBoxRow *top = gtk_list_box_get_row_at_index (self->log_list, 0);

      if (top)
        gtk_widget_add_css_class (gtk_list_box_row_get_child (top), "dim-label");
    }

  /* the new entries, oldest first, each on top */
  for (guint i = log->len - added; i < log->len; i++)
    {
      GtkWidget *label = new_log_row (log->pdata[i]);

      if (i + 1 < log->len)
        gtk_widget_add_css_class (label, "dim-label");
      gtk_list_box_prepend (self->log_list, label);
    }
  for (GtkListBoxRow *row; (row = gtk_list_box_get_row_at_index (self->log_list, LOG_ROWS)); )
    gtk_list_box_remove (self->log_list, GTK_WIDGET (row));

  self->log_shown = TRUE;
  self->log_serial = serial;
  self->log_epoch = epoch;
}

static gboolean
on_score_due_cb (gpointer user_data)
{
  CassinoWindow *self = user_data;

  self->score_source = 0;
  cassino_score_sheet_update (self->score_sheet, self->controller);
  gtk_stack_set_visible_child_name (self->stack, "score");
  cassino_score_sheet_focus_default (self->score_sheet);
  return G_SOURCE_REMOVE;
}

static void
update_page (CassinoWindow *self)
{
  const CassinoGame *game = cassino_game_controller_get_game (self->controller);
  int pass_to = cassino_game_controller_get_pass_to (self->controller);

  if (game && cassino_game_get_state (game) != CASSINO_GAME_PLAYING)
    {
      guint delay = cassino_game_controller_get_move_delay (self->controller);

      if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "score") == 0 ||
          self->score_source)
        return;
      /* let the last card land before the score sheet */
      if (delay == 0)
        on_score_due_cb (self);
      else
        self->score_source = g_timeout_add (delay + 400, on_score_due_cb, self);
      return;
    }

  g_clear_handle_id (&self->score_source, g_source_remove);
  if (pass_to >= 0)
    {
      const char *name = cassino_game_controller_get_seat_name (self->controller, (guint) pass_to);
      g_autofree char *title = g_strdup_printf (_("Pass to %s"), name);
      /* Translators: the pass-and-play screen; %s is the next player */
      g_autofree char *description = g_strdup_printf (_("Hand the device to %s. Everyone else, look away: their cards are about to show."), name);
      g_autofree char *button = g_strdup_printf (_("I Am %s — Show My Cards"), name);

      adw_status_page_set_title (self->pass_page, title);
      cassino_plain_status_page_set_description (self->pass_page, description);
      gtk_button_set_label (self->pass_button, button);
      gtk_stack_set_visible_child_name (self->stack, "pass");
      gtk_widget_grab_focus (GTK_WIDGET (self->pass_button));
    }
  else if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "table") != 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "table");
      gtk_widget_grab_focus (GTK_WIDGET (self->table_view));
    }
}

static void
update_action_bar (CassinoWindow *self)
{
  const char *action = cassino_game_controller_get_action_text (self->controller);
  gboolean is_error = FALSE;
  const char *prompt = cassino_game_controller_get_prompt (self->controller, &is_error);

  gtk_label_set_label (self->action_label, action ? action : "");
  gtk_widget_set_visible (GTK_WIDGET (self->action_label), action != NULL);
  gtk_label_set_label (self->prompt_label, prompt ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->prompt_label), prompt && *prompt);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->prompt_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->prompt_label), "error");
  gtk_widget_set_visible (self->claim_button, cassino_game_controller_can_claim (self->controller));
}

static void
on_controller_changed_cb (CassinoGameController *controller,
                          CassinoWindow         *self)
{
  update_title (self);
  update_scoreboard (self);
  update_log (self);
  update_action_bar (self);
  update_page (self);
  _cassino_window_update_actions (self);
}

static void
on_reveal_flap_cb (CassinoWindow *self)
{
  update_scoreboard (self);
  update_log (self);
  /* the menu's "Show Move Log" shows its check mark */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOG_SHOWN]);
}

static void
on_thinking_changed_cb (CassinoGameController *controller,
                        GParamSpec            *pspec,
                        CassinoWindow         *self)
{
  on_controller_changed_cb (controller, self);
}

/* Actions */

/* After a move made with a button (Play, Undo), the keyboard goes on
 * from the hand: the focus stayed on the button, Play greyed out, and
 * Enter did nothing, Tab went to the header */
static void
focus_back_to_table (CassinoWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *table = GTK_WIDGET (self->table_view);

  if (focus == NULL || (focus != table && !gtk_widget_is_ancestor (focus, table)))
    cassino_table_view_focus_hand (self->table_view);
}

static void
play_selection (CassinoWindow *self)
{
  switch (cassino_game_controller_play_selection (self->controller))
    {
    case CASSINO_PLAY_CHOOSE:
      cassino_table_view_show_chooser (self->table_view);
      break;
    case CASSINO_PLAY_NOTHING:
      gtk_widget_error_bell (GTK_WIDGET (self));
      break;
    case CASSINO_PLAY_PLAYED:
      focus_back_to_table (self);
      break;
    case CASSINO_PLAY_CONFIRM:
    default:
      break;
    }
}

static void
on_confirm_response_cb (AdwMessageDialog *dialog,
                        const char       *response,
                        CassinoWindow    *self)
{
  cassino_game_controller_confirm_move (self->controller, g_strcmp0 (response, "play") == 0);
  focus_back_to_table (self);
}

/* "Confirm moves" is on and the player made a move, in whatever way:
 * ask before it is played. */
/* A sweep in a game that announces it: "Scopa!", "Xeri!", "Tabla!",
 * "Sur!" in a toast, with who made it. */
static void
on_sweep_played_cb (CassinoGameController *controller,
                    guint                  seat,
                    const CassinoMove     *move,
                    const CassinoPosition *before,
                    CassinoWindow         *self)
{
  const char *word = cassino_move_text_sweep_word (before->rules);
  g_autofree char *text = NULL;

  if (word == NULL || move->type != CASSINO_MOVE_CAPTURE || !(move->flags & CASSINO_MOVE_FLAG_SWEEP))
    return;
  /* Translators: a toast when a player sweeps: "Scopa! — Anna"; %s the
   * game's sweep word, then the player's name */
  text = g_strdup_printf (_("%s — %s"), word, cassino_game_controller_get_seat_name (controller, seat));
  /* one sweep toast at a time: the next sweep says its word in it rather
   * than waiting behind it (nor dismissing it: libadwaita 1.2 does not
   * take a toast dismissed while it comes in) */
  if (self->sweep_toast)
    {
      cassino_plain_toast_set_title (self->sweep_toast, text);
      g_free (self->last_toast);
      self->last_toast = g_strdup (text);
      return;
    }
  self->sweep_toast = _cassino_window_toast (self, text);
  adw_toast_set_timeout (self->sweep_toast, 2);
  g_object_add_weak_pointer (G_OBJECT (self->sweep_toast), (gpointer *) &self->sweep_toast);
}

static void
on_confirm_move_cb (CassinoGameController *controller,
                    const char            *text,
                    CassinoWindow         *self)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                                         _("Play This Move?"), text));

  adw_message_dialog_add_responses (dialog,
                                    "cancel", _("_Cancel"),
                                    "play", C_("button", "_Play"),
                                    NULL);
  adw_message_dialog_set_response_appearance (dialog, "play", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "play");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_confirm_moves_changed_cb (GSettings     *settings,
                             const char    *key,
                             CassinoWindow *self)
{
  cassino_game_controller_set_confirm_moves (self->controller,
                                             g_settings_get_boolean (settings, "confirm-moves"));
}

static void
play_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  play_selection (CASSINO_WINDOW (widget));
}

static void
hint_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  cassino_game_controller_request_hint (CASSINO_WINDOW (widget)->controller);
}

static void
undo_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  /* the action bar says it was taken back */
  if (cassino_game_controller_undo (self->controller))
    focus_back_to_table (self);
}

static void
claim_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);
  const CassinoGame *game;

  if (cassino_game_controller_can_claim (self->controller))
    {
      cassino_game_controller_claim (self->controller);
      return;
    }
  /* the shortcut is listed for every game: say why it does nothing */
  game = cassino_game_controller_has_game (self->controller) ? cassino_game_controller_get_game (self->controller) : NULL;
  if (game && !cassino_game_get_rules (game)->cassino_call)
    _cassino_window_toast (self, _("This game is played without calling “Cassino!”: it is a house rule of New Game’s Advanced Rules."));
  else
    _cassino_window_toast (self, _("Nothing to claim: “Cassino!” is called on your turn, when the player before you missed a capture."));
}

static void
next_deal_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);

  cassino_game_controller_next_deal (self->controller);
}

static void
next_game_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  cassino_game_controller_next_game (CASSINO_WINDOW (widget)->controller);
}

static void
confirm_pass_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  cassino_game_controller_confirm_pass (CASSINO_WINDOW (widget)->controller);
}

/* The score sheet's "Replay This Deal" (a deal's index) and "Replay the
 * Game" (-1): the game as played so far, in the replay view. */
static void
replay_deal_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CassinoWindow *self = CASSINO_WINDOW (widget);
  g_autoptr(CassinoReplay) replay = NULL;
  CassinoGame *copy;

  if (!cassino_game_controller_has_game (self->controller))
    return;
  copy = cassino_game_copy (cassino_game_controller_get_game (self->controller));
  replay = cassino_replay_new (copy, NULL);
  cassino_game_unref (copy);
  _cassino_window_show_replay (self, replay, g_variant_get_int32 (parameter));
}

/* New game */

static void
on_start_game_cb (CassinoNewGameDialog   *dialog,
                  const CassinoGameSetup *setup,
                  CassinoWindow          *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *json = cassino_game_setup_to_json (setup);

  if (!cassino_game_controller_start (self->controller, setup, 0, &error))
    {
      _cassino_window_toast (self, error->message);
      return;
    }
  g_settings_set_string (self->settings, "last-game", json);
  /* the history has a new game (and may have lost one nobody played) */
  self->records_dirty = TRUE;
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* the game is on the table: show it (dealt from Statistics' Rubbers
   * window, it stayed out of sight), with the keyboard in the hand (it
   * stayed on New Game's button, and Space dealt again) */
  cassino_window_set_top_page (self, "table");
  cassino_table_view_focus_hand (self->table_view);
}

static void show_new_game_dialog (CassinoWindow *self);

static void
on_new_game_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         CassinoWindow    *self)
{
  if (g_strcmp0 (response, "new") == 0)
    show_new_game_dialog (self);
  else
    self->new_game_format = -1;
}

/**
 * cassino_window_new_game:
 *
 * The New Game dialog; while a game is being played, after asking: the
 * game stays unfinished, to be resumed from the history.
 */
/* A question whose answer by default (and with Escape) is "keep"
 * (_Keep Playing); @other and @label the other answer, @callback gets
 * the response. */
static void
ask_keep_playing (CassinoWindow         *self,
                  const char            *heading,
                  const char            *body,
                  const char            *other,
                  const char            *label,
                  AdwResponseAppearance  appearance,
                  GCallback              callback)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));

  adw_message_dialog_add_responses (dialog, "keep", _("_Keep Playing"), other, label, NULL);
  adw_message_dialog_set_response_appearance (dialog, other, appearance);
  adw_message_dialog_set_default_response (dialog, "keep");
  adw_message_dialog_set_close_response (dialog, "keep");
  g_signal_connect_object (dialog, "response", callback, self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
cassino_window_new_game (CassinoWindow *self)
{
  g_return_if_fail (CASSINO_IS_WINDOW (self));

  if (!cassino_game_controller_in_progress (self->controller))
    {
      show_new_game_dialog (self);
      return;
    }
  ask_keep_playing (self, _("Start a New Game?"),
                    _("The game in progress is kept: you can resume it from History."),
                    "new", _("_Start New Game"), ADW_RESPONSE_SUGGESTED, G_CALLBACK (on_new_game_response_cb));
}

/* The New Game dialog (after asking, as cassino_window_new_game()) open
 * on the length @format: the Rubbers window's "New Rubber". */
void
_cassino_window_new_game_as (CassinoWindow *self,
                             CassinoFormat  format)
{
  self->new_game_format = (int) format;
  cassino_window_new_game (self);
}

/* The people the dialog offers: the players' humans, as last listed. */
static void
set_dialog_people (CassinoNewGameDialog *dialog,
                   GPtrArray            *players)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; players && i < players->len; i++)
    {
      CassinoStorePlayer *p = players->pdata[i];

      if (p->kind == CASSINO_SEAT_HUMAN && !p->archived)
        g_ptr_array_add (names, p->name);
    }
  g_ptr_array_add (names, NULL);
  cassino_new_game_dialog_set_people (dialog, (const char *const *) names->pdata);
}

/* The players read again on the database thread: the dialog, if still
 * open, offers them. */
static void
on_dialog_players_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr(CassinoNewGameDialog) dialog = g_weak_ref_get (ref);
  g_autoptr(GPtrArray) players = cassino_records_player_job_finish (CASSINO_RECORDS (source), result, NULL, NULL);

  if (dialog && players)
    set_dialog_people (dialog, players);
  g_weak_ref_clear (ref);
  g_free (ref);
}

static void
show_new_game_dialog (CassinoWindow *self)
{
  CassinoNewGameDialog *dialog;
  g_autoptr(CassinoGameSetup) setup = NULL;
  g_autofree char *json = g_settings_get_string (self->settings, "last-game");
  g_autofree char *setting = g_settings_get_string (self->settings, "player-name");
  g_autofree char *name = cassino_game_setup_default_player_name (setting);

  setup = cassino_game_setup_from_json (json, name, NULL);
  if (setup == NULL)
    setup = cassino_game_setup_new_default (name);
  /* the last game's rules and players, in the length asked for */
  if (self->new_game_format >= 0)
    setup->format = (CassinoFormat) self->new_game_format;
  self->new_game_format = -1;

  dialog = cassino_new_game_dialog_new (GTK_WINDOW (self), setup);
  if (self->records)
    {
      GWeakRef *ref = g_new0 (GWeakRef, 1);

      /* as the database thread last listed them, at once (never a wait
       * here), then as it lists them now */
      set_dialog_people (dialog, cassino_records_get_players (self->records));
      g_weak_ref_init (ref, dialog);
      cassino_records_list_players_async (self->records, on_dialog_players_cb, ref);
    }
  g_signal_connect_object (dialog, "start-game", G_CALLBACK (on_start_game_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
start_last_game (CassinoWindow *self)
{
  g_autoptr(CassinoGameSetup) setup = NULL;
  g_autofree char *json = g_settings_get_string (self->settings, "last-game");
  g_autofree char *setting = g_settings_get_string (self->settings, "player-name");
  g_autofree char *name = cassino_game_setup_default_player_name (setting);
  g_autoptr(GError) error = NULL;

  setup = cassino_game_setup_from_json (json, name, NULL);
  if (setup == NULL || !cassino_game_controller_start (self->controller, setup, 0, NULL))
    {
      g_clear_pointer (&setup, cassino_game_setup_free);
      setup = cassino_game_setup_new_default (name);
      if (!cassino_game_controller_start (self->controller, setup, 0, &error))
        g_critical ("Cannot start the default game: %s", error->message);
    }
}

/* GObject */

static void
on_close_unsaved_response_cb (AdwMessageDialog *dialog,
                              const char       *response,
                              CassinoWindow    *self)
{
  if (g_strcmp0 (response, "quit") != 0)
    return;
  self->quit_unsaved = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

/* Moves the database has refused (another program holds it, the disk is
 * full) would be lost with the window: the player decides.  Staying, the
 * next move tries again (and a free database takes the whole game). */
static void
ask_close_unsaved (CassinoWindow *self)
{
  ask_keep_playing (self, _("Quit Without Saving the Last Moves?"),
                    _("Another program is using the game database, or the disk is full, so the last moves of "
                      "this game are not saved yet. Cassino tries again with every move; if you quit now, "
                      "they are lost."),
                    "quit", _("_Quit Anyway"), ADW_RESPONSE_DESTRUCTIVE, G_CALLBACK (on_close_unsaved_response_cb));
}

gboolean
_cassino_window_has_unsaved_moves (CassinoWindow *self)
{
  return self->unsaved && !self->quit_unsaved;
}

static gboolean
cassino_window_close_request (GtkWindow *window)
{
  CassinoWindow *self = CASSINO_WINDOW (window);

  if (_cassino_window_has_unsaved_moves (self))
    {
      ask_close_unsaved (self);
      return TRUE;
    }
  cassino_game_controller_stop (self->controller);
  g_clear_handle_id (&self->score_source, g_source_remove);

  return GTK_WINDOW_CLASS (cassino_window_parent_class)->close_request (window);
}

AdwToast *
_cassino_window_toast (CassinoWindow *self,
                       const char    *text)
{
  AdwToast *toast = cassino_toast_new (GTK_WIDGET (self), text);

  g_free (self->last_toast);
  self->last_toast = g_strdup (text);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return toast;
}

/* The database refused a step of the game.  Say so once (not at every
 * move while it lasts); the recorder tries again at every step.  A
 * database that could not be opened at all is not tried again: that is
 * said instead. */
static void
on_record_failed_cb (CassinoGameController *controller,
                     const char            *message,
                     CassinoWindow         *self)
{
  g_autofree char *text = NULL;

  self->unsaved = cassino_game_controller_is_recording (self->controller);
  if (self->record_toast)
    return;
  if (cassino_game_controller_is_recording (self->controller))
    /* Translators: %s is the store's sentence on why, e.g. "The database
     * “…” is busy: another program is using it (…)."; what the player must
     * know comes first: the toast shows the words before the dash, its
     * Details button the rest */
    text = g_strdup_printf (_("This game could not be saved — Cassino keeps trying with every move. %s"),
                            message);
  else
    /* Translators: the database could not be opened at all (a folder, no
     * permission): nothing is retried.  %s is the store's sentence on
     * why, e.g. "Cannot open the database “…”: …" */
    text = g_strdup_printf (_("Games are not saved in this session — the database cannot be used. %s"),
                            message);
  self->record_toast = _cassino_window_toast (self, text);
  adw_toast_set_priority (self->record_toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (self->record_toast, 0);
  g_object_add_weak_pointer (G_OBJECT (self->record_toast), (gpointer *) &self->record_toast);
}

/* The unfinished game could not be read back to be resumed: a new one is
 * dealt, the old one is kept as it was (History lists it). */
static void
on_resume_failed_cb (CassinoGameController *controller,
                     const char            *message,
                     CassinoWindow         *self)
{
  /* Translators: %s says which game and why, e.g. "Game 61, deal 1, move 1
   * does not replay: unknown move type" */
  g_autofree char *text = g_strdup_printf (_("Your unfinished game could not be resumed, so a new one is dealt; "
                                             "the old one is kept in History. %s"), message);
  AdwToast *toast = _cassino_window_toast (self, text);

  /* said as the window opens: it stays until it is read and closed */
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (toast, 0);
}

/* The toast that says the game could not be saved goes (it is no longer so). */
static void
dismiss_record_toast (CassinoWindow *self)
{
  if (self->record_toast == NULL)
    return;
  g_object_remove_weak_pointer (G_OBJECT (self->record_toast), (gpointer *) &self->record_toast);
  adw_toast_dismiss (self->record_toast);
  self->record_toast = NULL;
}

static void
on_record_recovered_cb (CassinoGameController *controller,
                        CassinoWindow         *self)
{
  self->unsaved = FALSE;
  dismiss_record_toast (self);
  _cassino_window_toast (self, _("The game is saved again, every move of it"));
}

/* The store found the database damaged, moved it aside, started a new
 * one and copied into it the games it could still read: the player must
 * hear of it, where the old file is and how many games were saved. */
static gboolean
show_moved_aside (gpointer data)
{
  CassinoWindow *self = data;
  const char *moved = cassino_game_controller_get_moved_aside_path (self->controller);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;
  guint saved = 0, lost = 0;

  if (moved == NULL)
    return G_SOURCE_REMOVE;
  cassino_game_controller_get_salvage_counts (self->controller, &saved, &lost);
  if (lost == 0)
    /* Translators: %s is a file name, %u the number of games saved */
    body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Cassino found its database of games damaged. It put the file aside as "
                                         "“%s” and copied every game it could read into a new database: "
                                         "%u game saved, none lost.",
                                         "Cassino found its database of games damaged. It put the file aside as "
                                         "“%s” and copied every game it could read into a new database: "
                                         "%u games saved, none lost.", saved),
                            moved, saved);
  else
    {
      /* each count in a sentence of its own, for its plural */
      /* Translators: %s is a file name, %u the number of games saved; the
       * number of games lost follows in a sentence of its own */
      g_autofree char *first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Cassino found its database of games damaged. It put the file aside as "
                                                             "“%s” and copied every game it could read into a new database: "
                                                             "%u game saved.",
                                                             "Cassino found its database of games damaged. It put the file aside as "
                                                             "“%s” and copied every game it could read into a new database: "
                                                             "%u games saved.", saved),
                                                moved, saved);
      /* Translators: after the games saved from a damaged database, the number lost */
      g_autofree char *second = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "%u game could not be read.",
                                                              "%u games could not be read.", lost),
                                                 lost);

      /* Translators: the sentences of the damaged database's message, one after the other */
      body = g_strdup_printf (_("%s %s %s"), first, second,
                              _("Nothing was deleted: the old file can be inspected or repaired with SQLite’s tools."));
    }
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                       _("The Game Database Was Damaged"),
                                                       body));
  adw_message_dialog_add_response (dialog, "close", _("_OK"));
  adw_message_dialog_set_default_response (dialog, "close");
  gtk_window_present (GTK_WINDOW (dialog));
  return G_SOURCE_REMOVE;
}

/* Shown once the window is on screen (from the main loop, not inside its
 * map: a dialog mapped before its window ends up beneath it where no
 * window manager stacks them). */
static void
on_map_cb (CassinoWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, on_map_cb, NULL);
  g_idle_add_full (G_PRIORITY_LOW, show_moved_aside, g_object_ref (self), g_object_unref);
}

/* A step of the game found the database damaged (a file too large for
 * the whole check at open): it was moved aside and salvaged while the
 * game went on.  The history and statistics read the old file until they
 * open the path again; the player hears of it as at start-up. */
static void
on_record_salvaged_cb (CassinoGameController *controller,
                       CassinoWindow         *self)
{
  dismiss_record_toast (self);
  /* (at start-up the records are opened after this, on the new file) */
  if (self->records != NULL)
    {
      _cassino_window_records_dispose (self);
      _cassino_window_records_open (self);
    }
  if (cassino_game_controller_get_moved_aside_path (controller) == NULL)
    {
      /* only its indexes were mended: lists read through them had left
       * games out; nothing was moved or lost */
      if (cassino_game_controller_get_indexes_rebuilt (controller))
        _cassino_window_toast (self, _("The game database’s indexes were damaged and have been "
                                       "built again; no game was lost"));
      return;
    }
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    g_idle_add_full (G_PRIORITY_LOW, show_moved_aside, g_object_ref (self), g_object_unref);
  else if (!g_signal_handler_find (self, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, on_map_cb, NULL))
    g_signal_connect (self, "map", G_CALLBACK (on_map_cb), NULL);
}

static void
cassino_window_constructed (GObject *object)
{
  CassinoWindow *self = CASSINO_WINDOW (object);

  G_OBJECT_CLASS (cassino_window_parent_class)->constructed (object);

  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  /* (a damaged file is salvaged on the database thread: "record-salvaged") */
  cassino_game_controller_set_store_path (self->controller, self->database);
  update_speed (self);
  on_card_theme_changed_cb (self->settings, "card-theme", self);

  if (!cassino_game_controller_resume (self->controller))
    start_last_game (self);
  _cassino_window_learn_first_launch (self);
  _cassino_window_records_open (self);
  on_controller_changed_cb (self->controller, self);
  gtk_widget_grab_focus (GTK_WIDGET (self->table_view));
}

static void
cassino_window_dispose (GObject *object)
{
  CassinoWindow *self = CASSINO_WINDOW (object);

  if (self->controller)
    {
      cassino_game_controller_stop (self->controller);
      g_signal_handlers_disconnect_by_data (self->controller, self);
    }
  g_clear_handle_id (&self->score_source, g_source_remove);
  _cassino_window_learn_dispose (self);
  if (self->record_toast)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->record_toast), (gpointer *) &self->record_toast);
      self->record_toast = NULL;
    }
  if (self->sweep_toast)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->sweep_toast), (gpointer *) &self->sweep_toast);
      self->sweep_toast = NULL;
    }
  _cassino_window_records_dispose (self);
  _cassino_window_review_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_WINDOW);
  g_clear_object (&self->controller);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cassino_window_parent_class)->dispose (object);
}

static void
cassino_window_finalize (GObject *object)
{
  CassinoWindow *self = CASSINO_WINDOW (object);

  g_free (self->database);
  g_clear_object (&self->file_folder);
  g_free (self->last_toast);
  g_free (self->tally_key);
  g_free (self->replay_note);

  G_OBJECT_CLASS (cassino_window_parent_class)->finalize (object);
}

static void
cassino_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CassinoWindow *self = CASSINO_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DATABASE:
      g_value_set_string (value, self->database);
      break;
    case PROP_LOG_SHOWN:
      g_value_set_boolean (value, self->flap && adw_flap_get_reveal_flap (self->flap));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CassinoWindow *self = CASSINO_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DATABASE:
      g_free (self->database);
      self->database = g_value_dup_string (value);
      break;
    case PROP_LOG_SHOWN:
      if (self->flap)
        adw_flap_set_reveal_flap (self->flap, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_window_class_init (CassinoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = cassino_window_constructed;
  object_class->dispose = cassino_window_dispose;
  object_class->finalize = cassino_window_finalize;
  object_class->get_property = cassino_window_get_property;
  object_class->set_property = cassino_window_set_property;
  window_class->close_request = cassino_window_close_request;

  properties[PROP_DATABASE] =
    g_param_spec_string ("database", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* whether the move log is shown: the menu's "Show Move Log" (a toggle
   * with a check mark, win.show-log) and F9 */
  properties[PROP_LOG_SHOWN] =
    g_param_spec_boolean ("log-shown", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (CASSINO_TYPE_COLUMN);
  g_type_ensure (CASSINO_TYPE_FELT);
  g_type_ensure (CASSINO_TYPE_TABLE_VIEW);
  g_type_ensure (CASSINO_TYPE_SCORE_SHEET);
  g_type_ensure (CASSINO_TYPE_HISTORY_VIEW);
  g_type_ensure (CASSINO_TYPE_REPLAY_VIEW);
  g_type_ensure (CASSINO_TYPE_STATS_VIEW);

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, scoreboard);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, table_view);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, action_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, claim_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, log_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, tally_grid);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, log_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, pass_page);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, pass_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, score_sheet);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, history_stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, stats_bin);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoWindow, hint_button);
  _cassino_window_records_class_init (widget_class);
  _cassino_window_learn_class_init (widget_class);
  _cassino_window_review_class_init (widget_class);

  gtk_widget_class_install_action (widget_class, "win.play", NULL, play_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.claim", NULL, claim_activated);
  gtk_widget_class_install_action (widget_class, "win.next-deal", NULL, next_deal_activated);
  gtk_widget_class_install_action (widget_class, "win.next-game", NULL, next_game_activated);
  gtk_widget_class_install_action (widget_class, "win.confirm-pass", NULL, confirm_pass_activated);
  gtk_widget_class_install_property_action (widget_class, "win.show-log", "log-shown");
  gtk_widget_class_install_action (widget_class, "win.replay-deal", "i", replay_deal_activated);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, 0, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "win.hint", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.claim", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-log", NULL);
}

static void
cassino_window_init (CassinoWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->new_game_format = -1;
  self->settings = g_settings_new (APPLICATION_ID);
  self->controller = cassino_game_controller_new ();
  cassino_table_view_set_controller (self->table_view, self->controller);

  g_object_bind_property (self->log_button, "active", self->flap, "reveal-flap",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->flap, "notify::reveal-flap",
                           G_CALLBACK (on_reveal_flap_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::animation-speed",
                           G_CALLBACK (on_animation_speed_changed_cb), self, 0);
  g_signal_connect_object (self->settings, "changed::card-theme",
                           G_CALLBACK (on_card_theme_changed_cb), self, 0);
  g_signal_connect (self->controller, "changed", G_CALLBACK (on_controller_changed_cb), self);
  g_signal_connect (self->controller, "notify::thinking", G_CALLBACK (on_thinking_changed_cb), self);
  g_signal_connect (self->controller, "record-failed", G_CALLBACK (on_record_failed_cb), self);
  g_signal_connect (self->controller, "resume-failed", G_CALLBACK (on_resume_failed_cb), self);
  g_signal_connect_swapped (self->window_title, "notify::title-visible", G_CALLBACK (update_title), self);
  g_signal_connect (self->controller, "confirm-move", G_CALLBACK (on_confirm_move_cb), self);
  g_signal_connect (self->controller, "move-played", G_CALLBACK (on_sweep_played_cb), self);
  g_signal_connect_object (self->settings, "changed::confirm-moves",
                           G_CALLBACK (on_confirm_moves_changed_cb), self, 0);
  on_confirm_moves_changed_cb (self->settings, "confirm-moves", self);
  g_signal_connect (self->controller, "record-recovered", G_CALLBACK (on_record_recovered_cb), self);
  g_signal_connect (self->controller, "record-salvaged", G_CALLBACK (on_record_salvaged_cb), self);

  _cassino_window_records_init (self);
  /* its tooltip says why it is greyed when it is (update_undo()): the
   * name stays "Undo", the reason is its description */
  cassino_a11y_set_name (self->undo_button, _("Undo"));
  cassino_a11y_name_controls (GTK_WIDGET (self));
  _cassino_window_review_init (self);

#ifdef DEVELOPMENT_PROFILE
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
}

CassinoWindow *
cassino_window_new (GtkApplication *application,
                    const char     *database)
{
  return g_object_new (CASSINO_TYPE_WINDOW,
                       "application", application,
                       "database", database,
                       NULL);
}

CassinoGameController *
cassino_window_get_controller (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return self->controller;
}

CassinoTableView *
cassino_window_get_table_view (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return self->table_view;
}

const char *
cassino_window_get_page (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

const char *
cassino_window_get_action_text (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->action_label);
}

const char *
cassino_window_get_last_toast (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return self->last_toast;
}

const char *
cassino_window_get_prompt_text (CassinoWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_WINDOW (self), NULL);
  return gtk_label_get_label (self->prompt_label);
}
