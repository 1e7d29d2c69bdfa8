/* cassino-replay-view.c: a recorded game on the table, step by step
 *
 * The table view of the game reused read-only: the view has a game
 * controller of its own in replay mode (no computer, no recording, no
 * moves), shown the engine's position of each step.  A move list like a
 * chess program's, with the deals' headers and score lines, jumps to any
 * step.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-replay-view.h"
#include "cassino-felt.h"

#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-a11y.h"

#include "cassino-replay-step.h"

struct _CassinoReplayView
{
  GtkWidget              parent_instance;

  CassinoReplay         *replay;
  CassinoGameController *controller;
  GtkSingleSelection    *selection;
  GtkStringList         *seats;
  int                    seat_view;     /* -1: every hand */
  guint                  autoplay_ms;
  guint                  autoplay_source;
  gboolean               syncing;

  AdwFlap               *flap;
  CassinoTableView      *table_view;
  GtkLabel              *detail_label;
  GtkLabel              *note_label;    /* the game review's verdict at its move */
  char                  *note;
  guint                  note_step;
  GtkToggleButton       *play_button;
  GtkDropDown           *speed_dropdown;
  GtkDropDown           *seat_dropdown;
  GtkListView           *move_list;
};

G_DEFINE_FINAL_TYPE (CassinoReplayView, cassino_replay_view, GTK_TYPE_WIDGET)

enum {
  PLAY_DEAL_AGAIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const guint speeds_ms[] = { 2000, 1000, 500, 250 };

static guint
viewer_seat (CassinoReplayView *self,
             CassinoGame       *game)
{
  const CassinoRules *r = cassino_game_get_rules (game);

  if (self->seat_view >= 0)
    return (guint) self->seat_view;
  /* every hand: the first human at the bottom */
  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (game, i);

      if (s && s->kind == CASSINO_SEAT_HUMAN)
        return i;
    }
  return 0;
}

static void
update_detail (CassinoReplayView *self)
{
  guint step = cassino_replay_get_step (self->replay);
  guint row = cassino_replay_get_row_of_step (self->replay, step);
  g_autoptr(CassinoReplayStep) item = g_list_model_get_item (cassino_replay_get_rows (self->replay), row);
  g_autofree char *text = NULL;
  const char *detail = item ? cassino_replay_step_get_detail (item) : NULL;
  guint deal = cassino_replay_get_deal_index (self->replay) + 1;
  guint plays = cassino_replay_get_n_plays (self->replay);
  const char *what = item ? cassino_replay_step_get_text (item) : "";

  /* where the replay is, counted as the game review counts ("Deal 3,
   * move 7"; it said "57 / 196" where the review said "Deal 3, move 7") */
  if (plays == 0)
    /* (a deal just dealt: its row says "Deal 3: Anna deals") */
    text = g_strdup (what);
  else if (detail)
    /* Translators: where a replay is: the deal, the move's number in it,
     * what happened and more about it, e.g. "Deal 3, move 7 · Anna took 9♦ with 9♠ · a sweep" */
    text = g_strdup_printf (_("Deal %u, move %u · %s · %s"), deal, plays, what, detail);
  else
    /* Translators: where a replay is: the deal, the move's number in it,
     * and what happened, e.g. "Deal 3, move 7 · Anna took 9♦ with 9♠" */
    text = g_strdup_printf (_("Deal %u, move %u · %s"), deal, plays, what);
  gtk_label_set_label (self->detail_label, text);
  /* the review's verdict while the replay is at the move it judged */
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), self->note != NULL && step == self->note_step);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next", step + 1 < cassino_replay_get_n_steps (self->replay));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last", step + 1 < cassino_replay_get_n_steps (self->replay));
}

static void
show_step (CassinoReplayView *self,
           guint              old_step)
{
  CassinoGame *game = cassino_replay_get_game (self->replay);
  guint step = cassino_replay_get_step (self->replay);
  guint row;

  if (step == old_step + 1 && cassino_replay_get_n_plays (self->replay) > 0)
    {
      /* one move forward: the card travels */
      const CassinoDeal *deal = cassino_game_get_current_deal (game);
      /* a copy: stepping back and forth below rebuilds the game */
      const CassinoPlay play_copy = g_array_index (deal->plays, CassinoPlay, deal->plays->len - 1);
      const CassinoPlay *play = &play_copy;
      CassinoGame *before_game;
      CassinoPosition before;

      cassino_replay_set_step (self->replay, old_step);
      before_game = cassino_game_ref (cassino_replay_get_game (self->replay));
      before = *cassino_game_get_position (before_game);
      cassino_replay_set_step (self->replay, step);
      game = cassino_replay_get_game (self->replay);
      cassino_game_controller_show_replay (self->controller, before_game, viewer_seat (self, game),
                                           self->seat_view < 0);
      cassino_game_controller_show_replay_move (self->controller, game, play->seat, &play->move, &before);
      cassino_game_unref (before_game);
    }
  else
    cassino_game_controller_show_replay (self->controller, game, viewer_seat (self, game), self->seat_view < 0);

  self->syncing = TRUE;
  row = cassino_replay_get_row_of_step (self->replay, step);
  gtk_single_selection_set_selected (self->selection, row);
  gtk_widget_activate_action (GTK_WIDGET (self->move_list), "list.scroll-to-item", "u", row);
  self->syncing = FALSE;
  update_detail (self);
}

static void
go_to (CassinoReplayView *self,
       guint              step)
{
  guint old;

  if (self->replay == NULL)
    return;
  old = cassino_replay_get_step (self->replay);
  cassino_replay_set_step (self->replay, step);
  if (cassino_replay_get_step (self->replay) != old)
    show_step (self, old);
}

static void
on_row_selected_cb (GtkSingleSelection *selection,
                    GParamSpec         *pspec,
                    CassinoReplayView  *self)
{
  CassinoReplayStep *item = gtk_single_selection_get_selected_item (selection);

  if (self->syncing || item == NULL)
    return;
  go_to (self, cassino_replay_step_get_step (item));
}

/* Move list rows */

static void
on_setup_row_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *text = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "caption");
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_list_item_set_child (list_item, box);
}

static void
on_bind_row_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                gpointer                  user_data)
{
  CassinoReplayStep *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *text = gtk_widget_get_first_child (box);
  GtkWidget *detail = gtk_widget_get_next_sibling (text);
  const char *detail_text = cassino_replay_step_get_detail (item);
  CassinoReplayRowKind kind = cassino_replay_step_get_kind (item);

  gtk_label_set_label (GTK_LABEL (text), cassino_replay_step_get_text (item));
  gtk_label_set_label (GTK_LABEL (detail), detail_text ? detail_text : "");
  gtk_widget_set_visible (detail, detail_text != NULL);
  gtk_widget_remove_css_class (text, "heading");
  gtk_widget_remove_css_class (text, "accent");
  if (kind == CASSINO_REPLAY_ROW_DEAL)
    gtk_widget_add_css_class (text, "heading");
  else if (kind == CASSINO_REPLAY_ROW_SCORE)
    gtk_widget_add_css_class (text, "accent");
}

/* Actions */

static void
first_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  go_to (CASSINO_REPLAY_VIEW (widget), 0);
}

static void
last_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoReplayView *self = CASSINO_REPLAY_VIEW (widget);

  if (self->replay)
    go_to (self, cassino_replay_get_n_steps (self->replay) - 1);
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoReplayView *self = CASSINO_REPLAY_VIEW (widget);

  if (self->replay)
    go_to (self, cassino_replay_get_step (self->replay) + 1);
}

static void
previous_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  CassinoReplayView *self = CASSINO_REPLAY_VIEW (widget);

  if (self->replay && cassino_replay_get_step (self->replay) > 0)
    go_to (self, cassino_replay_get_step (self->replay) - 1);
}

static void
play_again_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CassinoReplayView *self = CASSINO_REPLAY_VIEW (widget);

  if (self->replay)
    {
      cassino_replay_view_set_autoplay (self, 0);
      g_signal_emit (self, signals[PLAY_DEAL_AGAIN], 0, cassino_replay_get_deal_index (self->replay));
    }
}

static void
show_moves_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  CassinoReplayView *self = CASSINO_REPLAY_VIEW (widget);

  adw_flap_set_reveal_flap (self->flap, !adw_flap_get_reveal_flap (self->flap));
}

/* Autoplay */

static gboolean
on_autoplay_tick_cb (gpointer user_data)
{
  CassinoReplayView *self = user_data;

  if (self->replay == NULL ||
      cassino_replay_get_step (self->replay) + 1 >= cassino_replay_get_n_steps (self->replay))
    {
      self->autoplay_source = 0;
      cassino_replay_view_set_autoplay (self, 0);
      return G_SOURCE_REMOVE;
    }
  go_to (self, cassino_replay_get_step (self->replay) + 1);
  return G_SOURCE_CONTINUE;
}

static void
on_play_toggled_cb (GtkToggleButton   *button,
                    CassinoReplayView *self)
{
  guint speed = gtk_drop_down_get_selected (self->speed_dropdown);

  if (gtk_toggle_button_get_active (button))
    cassino_replay_view_set_autoplay (self, speeds_ms[MIN (speed, G_N_ELEMENTS (speeds_ms) - 1)]);
  else
    cassino_replay_view_set_autoplay (self, 0);
}

static void
on_speed_changed_cb (GtkDropDown       *dropdown,
                     GParamSpec        *pspec,
                     CassinoReplayView *self)
{
  if (self->autoplay_ms)
    on_play_toggled_cb (self->play_button, self);
}

static void
on_seat_changed_cb (GtkDropDown       *dropdown,
                    GParamSpec        *pspec,
                    CassinoReplayView *self)
{
  guint pos = gtk_drop_down_get_selected (dropdown);

  if (pos == GTK_INVALID_LIST_POSITION)
    return;
  cassino_replay_view_set_seat_view (self, (int) pos - 1);
}

/* GObject */

static void
cassino_replay_view_dispose (GObject *object)
{
  CassinoReplayView *self = CASSINO_REPLAY_VIEW (object);

  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_REPLAY_VIEW);
  {
    GtkWidget *child;

    /* the template's top box is not a bound child */
    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->selection);
  g_clear_object (&self->replay);
  g_clear_object (&self->controller);
  g_clear_object (&self->seats);
  g_clear_pointer (&self->note, g_free);

  G_OBJECT_CLASS (cassino_replay_view_parent_class)->dispose (object);
}

static void
cassino_replay_view_class_init (CassinoReplayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_replay_view_dispose;

  /**
   * CassinoReplayView::play-deal-again:
   * @deal_index: the deal shown (an index into the game's deals)
   *
   * Start a new game from this deal's deck order.
   */
  signals[PLAY_DEAL_AGAIN] =
    g_signal_new ("play-deal-again", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  g_type_ensure (CASSINO_TYPE_FELT);
  g_type_ensure (CASSINO_TYPE_TABLE_VIEW);
  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-replay-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, flap);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, table_view);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, detail_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, note_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, play_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, seat_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoReplayView, move_list);

  gtk_widget_class_install_action (widget_class, "replay.first", NULL, first_activated);
  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, previous_activated);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, last_activated);
  gtk_widget_class_install_action (widget_class, "replay.play-again", NULL, play_again_activated);
  gtk_widget_class_install_action (widget_class, "replay.show-moves", NULL, show_moves_activated);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
add_shortcut (GtkShortcutController *controller,
              guint                  key,
              const char            *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (key, 0),
                                                          gtk_named_action_new (action)));
}

/* A step chosen while the list was not on screen (the review's "show this
 * move"): its row is scrolled to once the list has its size. */
static gboolean
scroll_to_step_cb (gpointer user_data)
{
  CassinoReplayView *self = user_data;

  if (self->replay && gtk_widget_get_mapped (GTK_WIDGET (self->move_list)))
    gtk_widget_activate_action (GTK_WIDGET (self->move_list), "list.scroll-to-item", "u",
                                cassino_replay_get_row_of_step (self->replay, cassino_replay_get_step (self->replay)));
  return G_SOURCE_REMOVE;
}

static void
on_move_list_map_cb (GtkWidget         *list,
                     CassinoReplayView *self)
{
  g_idle_add_full (G_PRIORITY_LOW, scroll_to_step_cb, g_object_ref (self), g_object_unref);
}

static void
cassino_replay_view_init (CassinoReplayView *self)
{
  const char *speeds[] = {
    /* Translators: autoplay speeds of a replay */
    C_("speed", "Slow"), C_("speed", "Normal"), C_("speed", "Fast"), C_("speed", "Very fast"), NULL
  };
  g_autoptr(GtkStringList) speed_list = gtk_string_list_new (speeds);
  GtkListItemFactory *factory;
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->seat_view = -1;
  self->controller = cassino_game_controller_new ();
  cassino_game_controller_set_move_delay (self->controller, 0);
  cassino_table_view_set_controller (self->table_view, self->controller);
  cassino_table_view_set_animation_duration (self->table_view, 220);

  gtk_drop_down_set_model (self->speed_dropdown, G_LIST_MODEL (speed_list));
  gtk_drop_down_set_selected (self->speed_dropdown, 1);
  self->seats = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->seat_dropdown, G_LIST_MODEL (self->seats));

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (on_setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_bind_row_cb), NULL);
  gtk_list_view_set_factory (self->move_list, factory);
  g_object_unref (factory);

  g_signal_connect (self->play_button, "toggled", G_CALLBACK (on_play_toggled_cb), self);
  g_signal_connect (self->move_list, "map", G_CALLBACK (on_move_list_map_cb), self);
  g_signal_connect (self->speed_dropdown, "notify::selected", G_CALLBACK (on_speed_changed_cb), self);
  g_signal_connect (self->seat_dropdown, "notify::selected", G_CALLBACK (on_seat_changed_cb), self);

  /* ← → Home End, before the table's own keyboard navigation sees them */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_Left, "replay.previous");
  add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_Right, "replay.next");
  add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_Home, "replay.first");
  add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_End, "replay.last");
  add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts), GDK_KEY_F9, "replay.show-moves");
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  cassino_a11y_name_controls (GTK_WIDGET (self));
}

void
cassino_replay_view_set_replay (CassinoReplayView *self,
                                CassinoReplay     *replay)
{
  CassinoGame *game;
  const CassinoRules *r;

  g_return_if_fail (CASSINO_IS_REPLAY_VIEW (self));
  g_return_if_fail (CASSINO_IS_REPLAY (replay));

  cassino_replay_view_set_autoplay (self, 0);
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_set_object (&self->replay, replay);
  g_clear_pointer (&self->note, g_free);

  self->selection = gtk_single_selection_new (g_object_ref (cassino_replay_get_rows (replay)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_row_selected_cb), self);
  gtk_list_view_set_model (self->move_list, GTK_SELECTION_MODEL (self->selection));

  /* whose cards: all, or one seat's view */
  game = cassino_replay_get_source (replay);
  r = cassino_game_get_rules (game);
  g_signal_handlers_block_by_func (self->seat_dropdown, on_seat_changed_cb, self);
  gtk_string_list_splice (self->seats, 0, g_list_model_get_n_items (G_LIST_MODEL (self->seats)), NULL);
  /* Translators: a replay's choice of cards to show */
  gtk_string_list_append (self->seats, _("All hands"));
  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (game, i);
      /* Translators: a replay's choice of cards to show: one player's view */
      g_autofree char *text = g_strdup_printf (_("%s’s view"), s && s->name ? s->name : "?");

      gtk_string_list_append (self->seats, text);
    }
  self->seat_view = -1;
  gtk_drop_down_set_selected (self->seat_dropdown, 0);
  g_signal_handlers_unblock_by_func (self->seat_dropdown, on_seat_changed_cb, self);

  cassino_replay_set_step (replay, 0);
  show_step (self, G_MAXUINT - 1);
}

void
cassino_replay_view_go_to_deal (CassinoReplayView *self,
                                guint              deal_index)
{
  g_return_if_fail (CASSINO_IS_REPLAY_VIEW (self));

  if (self->replay)
    go_to (self, cassino_replay_get_deal_step (self->replay, deal_index));
}

void
cassino_replay_view_go_to_move (CassinoReplayView *self,
                                guint              deal_index,
                                guint              play_index)
{
  g_return_if_fail (CASSINO_IS_REPLAY_VIEW (self));

  if (self->replay)
    go_to (self, cassino_replay_get_deal_step (self->replay, deal_index) + play_index);
}

void
cassino_replay_view_set_note (CassinoReplayView *self,
                              const char        *note)
{
  g_return_if_fail (CASSINO_IS_REPLAY_VIEW (self));

  g_clear_pointer (&self->note, g_free);
  if (note && *note && self->replay)
    {
      self->note = g_strdup (note);
      self->note_step = cassino_replay_get_step (self->replay);
      gtk_label_set_label (self->note_label, note);
    }
  if (self->replay)
    update_detail (self);
}

const char *
cassino_replay_view_get_note (CassinoReplayView *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_VIEW (self), NULL);

  if (self->note == NULL || self->replay == NULL ||
      cassino_replay_get_step (self->replay) != self->note_step)
    return NULL;
  return self->note;
}

CassinoReplay *
cassino_replay_view_get_replay (CassinoReplayView *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_VIEW (self), NULL);
  return self->replay;
}

CassinoTableView *
cassino_replay_view_get_table_view (CassinoReplayView *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_VIEW (self), NULL);
  return self->table_view;
}

CassinoGameController *
cassino_replay_view_get_controller (CassinoReplayView *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_VIEW (self), NULL);
  return self->controller;
}

GtkListView *
cassino_replay_view_get_move_list (CassinoReplayView *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_VIEW (self), NULL);
  return self->move_list;
}

void
cassino_replay_view_set_seat_view (CassinoReplayView *self,
                                   int                seat)
{
  g_return_if_fail (CASSINO_IS_REPLAY_VIEW (self));

  self->seat_view = seat;
  if (gtk_drop_down_get_selected (self->seat_dropdown) != (guint) (seat + 1))
    gtk_drop_down_set_selected (self->seat_dropdown, (guint) (seat + 1));
  if (self->replay)
    {
      CassinoGame *game = cassino_replay_get_game (self->replay);

      cassino_game_controller_show_replay (self->controller, game, viewer_seat (self, game), seat < 0);
    }
}

void
cassino_replay_view_set_autoplay (CassinoReplayView *self,
                                  guint              interval_ms)
{
  g_return_if_fail (CASSINO_IS_REPLAY_VIEW (self));

  g_clear_handle_id (&self->autoplay_source, g_source_remove);
  self->autoplay_ms = interval_ms;
  if (interval_ms)
    self->autoplay_source = g_timeout_add (interval_ms, on_autoplay_tick_cb, self);
  g_signal_handlers_block_by_func (self->play_button, on_play_toggled_cb, self);
  gtk_toggle_button_set_active (self->play_button, interval_ms != 0);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            interval_ms ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  g_signal_handlers_unblock_by_func (self->play_button, on_play_toggled_cb, self);
}

gboolean
cassino_replay_view_is_playing (CassinoReplayView *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY_VIEW (self), FALSE);
  return self->autoplay_ms != 0;
}
