/* cassino-table-view.c: the table, its players, and the hand
 *
 * A widget with its own layout: the other players around the table as
 * they sit (with four or more, the player on the left at the left side,
 * the one on the right at the right side, the others along the top; in a
 * narrow window all along the top, in their order, with arrows), the
 * loose cards and builds flowing in rows in the middle with the stock at
 * their left, and the viewer's hand at the bottom.  Card sizes follow the
 * space there is, from a 360 px phone to a full screen, so that the cards
 * stay as large as they can be.  A card that is played travels from the
 * hand to the table or to the capturer's pile.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-table-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cassino-a11y.h"
#include "cassino-card-art.h"
#include "cassino-move-text.h"
#include "cassino-score-sheet.h"
#include "cassino-seat-panel.h"

#define PAD      12.0
#define GAP      10.0
#define LIFT     0.14
#define BAND     CASSINO_CARD_WIDGET_BUILD_BAND
#define FAN      0.3   /* of a card's width: the step between fanned cards */
#define COMPACT_WIDTH 640.0   /* narrower: the others all sit along the top */

/* A card in flight is not a widget: it is drawn over the table in the
 * table's snapshot, so that a frame of the flight is a paint, with no
 * layout (on X11 every layout of a window asks the X server for the
 * monitor's work area: a dozen round trips a frame). */
typedef struct {
  GskRenderNode     *node;      /* the card at @size, drawn once */
  graphene_rect_t    from;
  graphene_rect_t    mid;       /* captures: where the played card meets its prey */
  graphene_rect_t    to;
  gboolean           has_mid;
  gboolean           late;      /* a captured card: waits for the played one */
  gboolean           to_known;
  graphene_size_t    size;      /* drawn at this size, scaled on the way */
  int                dest_kind; /* 0 table item, 1 pile */
  CassinoCard        card;
  guint              seat;
} Flight;

struct _CassinoTableView
{
  GtkWidget              parent_instance;

  CassinoGameController *controller;
  gboolean               four_color;
  guint                  animation_ms;

  GPtrArray             *panels;       /* CassinoSeatPanel, by seat */
  CassinoCardWidget     *stock;
  GPtrArray             *items;        /* CassinoCardWidget */
  GPtrArray             *hand;         /* CassinoCardWidget */
  GtkWidget             *empty_label;

  GtkWidget             *chooser;
  GtkWidget             *chooser_list;

  GPtrArray             *flights;      /* Flight */
  AdwAnimation          *animation;
  double                 progress;

  /* card faces drawn ahead, in idle time, at the sizes on show: the first
   * move of a game then finds them ready */
  guint                  prewarm_source;
  gboolean               compact;        /* the panels' arrangement, as applied */
  gboolean               compact_wanted; /* as the last width wants it */
  guint                  compact_source; /* applies it after a layout */
  guint                  prewarm_next;
  guint                  prewarm_stage;     /* 0: hand size, 1: table size */
  graphene_size_t        prewarm_sizes[2];
  graphene_size_t        prewarmed[2];
  gboolean               wants_focus;  /* the focus went with a played card */
  gboolean               keyboard;     /* the last input here was a key */
  CassinoCard            hidden_card;  /* in flight to a table item: not drawn there yet */
};

G_DEFINE_FINAL_TYPE (CassinoTableView, cassino_table_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_CONTROLLER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void sync_view (CassinoTableView *self);

static void
flight_free (Flight *flight)
{
  g_clear_pointer (&flight->node, gsk_render_node_unref);
  g_free (flight);
}

static CassinoCardWidget *
find_by_cards (GPtrArray    *widgets,
               CassinoCards  cards)
{
  for (guint i = 0; widgets && i < widgets->len; i++)
    if (cassino_card_widget_get_cards (widgets->pdata[i]) & cards)
      return widgets->pdata[i];
  return NULL;
}

CassinoCardWidget *
cassino_table_view_get_hand_card (CassinoTableView *self,
                                  CassinoCard       card)
{
  g_return_val_if_fail (CASSINO_IS_TABLE_VIEW (self), NULL);
  return find_by_cards (self->hand, CASSINO_CARD_BIT (card));
}

CassinoCardWidget *
cassino_table_view_get_table_item (CassinoTableView *self,
                                   CassinoCard       card)
{
  g_return_val_if_fail (CASSINO_IS_TABLE_VIEW (self), NULL);
  return find_by_cards (self->items, CASSINO_CARD_BIT (card));
}

gboolean
cassino_table_view_is_animating (CassinoTableView *self)
{
  g_return_val_if_fail (CASSINO_IS_TABLE_VIEW (self), FALSE);
  return self->flights->len > 0;
}

/* Events */

/* Played by keyboard or by pointer, as the last input says: the cards
 * keep their focus ring while keys are used (cassino_card_widget_set_keyboard()). */
static void
set_keyboard (CassinoTableView *self,
              gboolean          keyboard)
{
  if (self->keyboard == keyboard)
    return;
  self->keyboard = keyboard;
  for (guint i = 0; i < self->hand->len; i++)
    cassino_card_widget_set_keyboard (self->hand->pdata[i], keyboard);
  for (guint i = 0; i < self->items->len; i++)
    cassino_card_widget_set_keyboard (self->items->pdata[i], keyboard);
}

static void
on_hand_card_pressed_cb (GtkGestureClick *gesture,
                         int              n_press,
                         double           x,
                         double           y,
                         CassinoTableView *self)
{
  CassinoCardWidget *card = CASSINO_CARD_WIDGET (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
  CassinoCard c = cassino_card_widget_get_card (card);

  set_keyboard (self, FALSE);
  if (self->controller == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (card));
  if (n_press == 1)
    cassino_game_controller_select_card (self->controller,
                                         cassino_game_controller_get_selected (self->controller) == c ?
                                         CASSINO_NO_CARD : c);
  else if (n_press == 2)
    {
      if (cassino_game_controller_play_card (self->controller, c) == CASSINO_PLAY_CHOOSE)
        cassino_table_view_show_chooser (self);
    }
}

static void
on_table_item_pressed_cb (GtkGestureClick *gesture,
                          int              n_press,
                          double           x,
                          double           y,
                          CassinoTableView *self)
{
  CassinoCardWidget *item = CASSINO_CARD_WIDGET (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)));
  CassinoCards cards = cassino_card_widget_get_cards (item);
  CassinoCard selected;

  set_keyboard (self, FALSE);
  if (self->controller == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (item));
  selected = cassino_game_controller_get_selected (self->controller);
  if (n_press == 1)
    cassino_game_controller_toggle_item (self->controller, cards);
  else if (n_press == 2 && selected != CASSINO_NO_CARD)
    {
      if (cassino_game_controller_drop_card (self->controller, selected, cards) == CASSINO_PLAY_CHOOSE)
        cassino_table_view_show_chooser (self);
    }
}

static GdkContentProvider *
on_drag_prepare_cb (GtkDragSource    *source,
                    double            x,
                    double            y,
                    CassinoTableView *self)
{
  CassinoCardWidget *card = CASSINO_CARD_WIDGET (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source)));

  if (self->controller == NULL || !cassino_game_controller_is_human_turn (self->controller))
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_UINT, (guint) cassino_card_widget_get_card (card));
}

static void
on_drag_begin_cb (GtkDragSource    *source,
                  GdkDrag          *drag,
                  CassinoTableView *self)
{
  GtkWidget *card = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (card);

  set_keyboard (self, FALSE);
  gtk_drag_source_set_icon (source, paintable,
                            gtk_widget_get_width (card) / 2,
                            gtk_widget_get_height (card) / 2);
  cassino_game_controller_select_card (self->controller,
                                       cassino_card_widget_get_card (CASSINO_CARD_WIDGET (card)));
}

static gboolean
on_drop_cb (GtkDropTarget    *target,
            const GValue     *value,
            double            x,
            double            y,
            CassinoTableView *self)
{
  CassinoCard card = (CassinoCard) g_value_get_uint (value);
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  CassinoCards item = 0;

  if (self->controller == NULL)
    return FALSE;

  while (picked && picked != GTK_WIDGET (self))
    {
      if (CASSINO_IS_CARD_WIDGET (picked) && g_ptr_array_find (self->items, picked, NULL))
        {
          item = cassino_card_widget_get_cards (CASSINO_CARD_WIDGET (picked));
          break;
        }
      if (CASSINO_IS_CARD_WIDGET (picked) && g_ptr_array_find (self->hand, picked, NULL))
        return FALSE;
      picked = gtk_widget_get_parent (picked);
    }

  switch (cassino_game_controller_drop_card (self->controller, card, item))
    {
    case CASSINO_PLAY_PLAYED:
    case CASSINO_PLAY_CONFIRM:
      return TRUE;
    case CASSINO_PLAY_CHOOSE:
      cassino_table_view_show_chooser (self);
      return TRUE;
    case CASSINO_PLAY_NOTHING:
    default:
      return FALSE;
    }
}

static gboolean
on_key_pressed_cb (GtkEventControllerKey *controller,
                   guint                  keyval,
                   guint                  keycode,
                   GdkModifierType        state,
                   CassinoTableView      *self)
{
  GtkWidget *focus;
  CassinoCardWidget *card = NULL;

  if (self->controller == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;

  focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));
  if (focus && CASSINO_IS_CARD_WIDGET (focus) && gtk_widget_get_parent (focus) == GTK_WIDGET (self))
    card = CASSINO_CARD_WIDGET (focus);

  /* a key that moves the focus or acts on a card (Tab and the arrows
   * reach here before the window moves the focus) */
  switch (keyval)
    {
    case GDK_KEY_Tab: case GDK_KEY_ISO_Left_Tab: case GDK_KEY_KP_Tab:
    case GDK_KEY_Left: case GDK_KEY_Right: case GDK_KEY_Up: case GDK_KEY_Down:
    case GDK_KEY_KP_Left: case GDK_KEY_KP_Right: case GDK_KEY_KP_Up: case GDK_KEY_KP_Down:
      /* the first key after the pointer shows where the focus is (a
       * card with no ring) rather than moving it on unseen: the first Tab
       * went to the second card */
      if (card && !cassino_card_widget_ring_drawn (card))
        {
          set_keyboard (self, TRUE);
          gtk_widget_queue_draw (GTK_WIDGET (card));
          return TRUE;
        }
      G_GNUC_FALLTHROUGH;
    case GDK_KEY_space: case GDK_KEY_KP_Space:
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_ISO_Enter:
      set_keyboard (self, TRUE);
      break;
    default:
      break;
    }

  switch (keyval)
    {
    case GDK_KEY_space:
    case GDK_KEY_KP_Space:
      if (card == NULL)
        return FALSE;
      if (g_ptr_array_find (self->hand, card, NULL))
        {
          CassinoCard c = cassino_card_widget_get_card (card);

          cassino_game_controller_select_card (self->controller,
                                               cassino_game_controller_get_selected (self->controller) == c ?
                                               CASSINO_NO_CARD : c);
        }
      else if (g_ptr_array_find (self->items, card, NULL))
        cassino_game_controller_toggle_item (self->controller, cassino_card_widget_get_cards (card));
      return TRUE;

    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      {
        CassinoPlayResult result;

        CassinoCard selected = cassino_game_controller_get_selected (self->controller);

        /* on another hand card than the one selected, Enter selects that
         * one: it played the selected card, not the card the focus ring
         * was on */
        if (selected != CASSINO_NO_CARD && card && g_ptr_array_find (self->hand, card, NULL) &&
            cassino_card_widget_get_card (card) != selected)
          {
            cassino_game_controller_select_card (self->controller, cassino_card_widget_get_card (card));
            return TRUE;
          }
        if (selected != CASSINO_NO_CARD)
          result = cassino_game_controller_play_selection (self->controller);
        else if (card && g_ptr_array_find (self->hand, card, NULL))
          {
            /* Enter plays the selected move: on a card not selected yet
             * it selects it (the action bar then says what Enter will
             * play); it played the card at once, and a stray Enter on the
             * focused card trailed it */
            cassino_game_controller_select_card (self->controller, cassino_card_widget_get_card (card));
            return TRUE;
          }
        else
          return FALSE;
        if (result == CASSINO_PLAY_CHOOSE)
          cassino_table_view_show_chooser (self);
        return TRUE;
      }

    case GDK_KEY_Escape:
      if (cassino_game_controller_get_selected (self->controller) == CASSINO_NO_CARD)
        return FALSE;
      cassino_game_controller_clear_selection (self->controller);
      return TRUE;

    default:
      return FALSE;
    }
}

static void
on_chooser_row_activated_cb (GtkListBox       *list,
                             GtkListBoxRow    *row,
                             CassinoTableView *self)
{
  guint index = (guint) gtk_list_box_row_get_index (row);

  gtk_popover_popdown (GTK_POPOVER (self->chooser));
  if (self->controller)
    cassino_game_controller_play_candidate (self->controller, index);
}

void
cassino_table_view_show_chooser (CassinoTableView *self)
{
  GArray *candidates;
  const CassinoPosition *pos;
  GtkWidget *child;
  CassinoCardWidget *anchor;
  graphene_rect_t bounds;

  g_return_if_fail (CASSINO_IS_TABLE_VIEW (self));

  if (self->controller == NULL || !cassino_game_controller_has_game (self->controller))
    return;
  candidates = cassino_game_controller_get_candidates (self->controller);
  pos = cassino_game_get_position (cassino_game_controller_get_game (self->controller));

  while ((child = gtk_widget_get_first_child (self->chooser_list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->chooser_list), child);
  for (guint i = 0; i < candidates->len; i++)
    {
      g_autofree char *text = cassino_move_text_describe (pos, &g_array_index (candidates, CassinoMove, i));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_list_box_append (GTK_LIST_BOX (self->chooser_list), label);
      /* the row is what a screen reader reaches: named as it reads (it
       * said an unnamed row of "GtkListBox") */
      cassino_a11y_set_name (gtk_widget_get_parent (label), text);
    }

  anchor = cassino_table_view_get_hand_card (self, cassino_game_controller_get_selected (self->controller));
  if (anchor && gtk_widget_compute_bounds (GTK_WIDGET (anchor), GTK_WIDGET (self), &bounds))
    {
      GdkRectangle rect = { (int) bounds.origin.x, (int) bounds.origin.y,
                            (int) bounds.size.width, (int) bounds.size.height };
      gtk_popover_set_pointing_to (GTK_POPOVER (self->chooser), &rect);
    }
  else
    gtk_popover_set_pointing_to (GTK_POPOVER (self->chooser), NULL);

  gtk_popover_popup (GTK_POPOVER (self->chooser));
  gtk_widget_grab_focus (gtk_widget_get_first_child (self->chooser_list));
}

gboolean
cassino_table_view_is_chooser_visible (CassinoTableView *self)
{
  g_return_val_if_fail (CASSINO_IS_TABLE_VIEW (self), FALSE);
  return gtk_widget_get_visible (self->chooser);
}

/* Children */

static CassinoCardWidget *
new_card (CassinoTableView *self,
          gboolean          hand)
{
  CassinoCardWidget *card = cassino_card_widget_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_focusable (GTK_WIDGET (card), TRUE);
  cassino_card_widget_set_four_color (card, self->four_color);
  cassino_card_widget_set_keyboard (card, self->keyboard);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  if (hand)
    {
      GtkDragSource *drag = gtk_drag_source_new ();

      g_signal_connect (click, "pressed", G_CALLBACK (on_hand_card_pressed_cb), self);
      gtk_drag_source_set_actions (drag, GDK_ACTION_MOVE);
      g_signal_connect (drag, "prepare", G_CALLBACK (on_drag_prepare_cb), self);
      g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin_cb), self);
      gtk_widget_add_controller (GTK_WIDGET (card), GTK_EVENT_CONTROLLER (drag));
      cassino_card_widget_set_liftable (card, TRUE);
    }
  else
    g_signal_connect (click, "pressed", G_CALLBACK (on_table_item_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (card), GTK_EVENT_CONTROLLER (click));
  gtk_widget_insert_before (GTK_WIDGET (card), GTK_WIDGET (self), self->chooser);
  return card;
}

static void
remove_children (GPtrArray *widgets)
{
  for (guint i = 0; i < widgets->len; i++)
    gtk_widget_unparent (widgets->pdata[i]);
  g_ptr_array_set_size (widgets, 0);
}

/* The seat @k places after the viewer in the order of play (k = 1: the
 * next to play, on the viewer's left). */
static guint
seat_after (guint viewer,
            guint k,
            guint n)
{
  return (viewer + k) % n;
}

static CassinoSeatPlace
place_of (guint k,
          guint n)
{
  if (n == 2)
    return CASSINO_SEAT_PLACE_OPPOSITE;
  if (k == 1)
    return CASSINO_SEAT_PLACE_LEFT;
  if (k == n - 1)
    return CASSINO_SEAT_PLACE_RIGHT;
  if (n % 2 == 0 && k == n / 2)
    return CASSINO_SEAT_PLACE_OPPOSITE;
  return CASSINO_SEAT_PLACE_NONE;
}

/* With four players or more, the seats at the sides stand upright there;
 * in a narrow window every other seat stands upright along the top, and
 * arrows say which is which. */
static void
apply_places (CassinoTableView *self)
{
  guint n = self->panels->len;
  guint viewer = self->controller ? cassino_game_controller_get_viewer (self->controller) : 0;

  if (n == 0)
    return;
  cassino_seat_panel_set_place (self->panels->pdata[viewer % n], CASSINO_SEAT_PLACE_NONE, FALSE, FALSE);
  for (guint k = 1; k < n; k++)
    {
      CassinoSeatPlace place = place_of (k, n);
      gboolean side = n >= 4 && (place == CASSINO_SEAT_PLACE_LEFT || place == CASSINO_SEAT_PLACE_RIGHT);
      gboolean upright = self->compact ? n >= 3 : side;

      cassino_seat_panel_set_place (self->panels->pdata[seat_after (viewer, k, n)], place,
                                    upright, self->compact && n >= 4);
    }
}

static gboolean
apply_compact_cb (gpointer data)
{
  CassinoTableView *self = data;

  self->compact_source = 0;
  if (self->compact == self->compact_wanted)
    return G_SOURCE_REMOVE;
  self->compact = self->compact_wanted;
  apply_places (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
sync_panels (CassinoTableView *self,
             const CassinoGame *game)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  const CassinoPosition *pos = cassino_game_get_position (game);
  guint viewer = cassino_game_controller_get_viewer (self->controller);
  gboolean playing = cassino_game_get_state (game) == CASSINO_GAME_PLAYING;
  gboolean thinking = cassino_game_controller_is_thinking (self->controller);

  if (self->panels->len != r->n_players)
    {
      remove_children (self->panels);
      for (guint i = 0; i < r->n_players; i++)
        {
          CassinoSeatPanel *panel = cassino_seat_panel_new ();

          gtk_widget_insert_after (GTK_WIDGET (panel), GTK_WIDGET (self), NULL);
          g_ptr_array_add (self->panels, panel);
        }
    }
  apply_places (self);

  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *seat = cassino_game_get_seat (game, i);
      guint side = cassino_rules_side_of (r, i);
      g_autofree char *subtitle = NULL;
      CassinoLevel level;

      if (seat && seat->kind == CASSINO_SEAT_COMPUTER && seat->level &&
          cassino_level_from_string (seat->level, &level))
        /* Translators: under a computer player's name, e.g. "Computer · Medium" */
        subtitle = g_strdup_printf (_("Computer · %s"), cassino_level_get_title (level));
      else if (i == viewer && !cassino_game_controller_seat_is_human (self->controller, i))
        subtitle = NULL;
      if (r->n_sides != r->n_players)
        {
          g_autofree char *partner = g_strdup_printf (_("Partner of %s"),
                                                      cassino_game_controller_get_seat_name (self->controller,
                                                                                             (i + r->n_sides) % r->n_players));
          if (subtitle)
            {
              char *both = g_strdup_printf ("%s · %s", subtitle, partner);
              g_free (subtitle);
              subtitle = both;
            }
          else
            subtitle = g_steal_pointer (&partner);
        }

      cassino_seat_panel_show_cards (self->panels->pdata[i],
                                     i != viewer && cassino_game_controller_get_all_hands (self->controller),
                                     pos->hands[i]);
      cassino_seat_panel_set_counted_suit (self->panels->pdata[i],
                                           !pos->rules->family ? CASSINO_SUIT_SPADES :
                                           pos->rules->scoring == CASSINO_SCORING_SCOPA ? CASSINO_SUIT_DIAMONDS :
                                           pos->rules->scoring == CASSINO_SCORING_PASUR ? CASSINO_SUIT_CLUBS : -1);
      /* the game's word for its sweeps, as the score sheet says it */
      cassino_seat_panel_set_sweep_word (self->panels->pdata[i],
                                         pos->rules->family && pos->rules->scoring != CASSINO_SCORING_CALLABRA ?
                                         cassino_score_sheet_category_title (pos->rules, CASSINO_CATEGORY_SWEEPS) :
                                         NULL);
      cassino_seat_panel_update (self->panels->pdata[i],
                                 cassino_game_controller_get_seat_name (self->controller, i),
                                 subtitle,
                                 cassino_cards_count (pos->hands[i]),
                                 i != viewer,
                                 pos->piles[side],
                                 pos->sweeps[side],
                                 pos->dealer == i,
                                 playing && pos->to_move == i,
                                 playing && pos->to_move == i && thinking);
    }
}

static void
sync_items (CassinoTableView  *self,
            const CassinoGame *game)
{
  const CassinoPosition *pos = cassino_game_get_position (game);
  CassinoCards targets = cassino_game_controller_get_targets (self->controller);
  CassinoCards chosen = cassino_game_controller_get_chosen (self->controller);
  g_autoptr(GPtrArray) old = g_steal_pointer (&self->items);
  CassinoMove hint;
  CassinoCards hinted = 0;
  CassinoCard c;
  gboolean pile = pos->rules->capture_mode == CASSINO_CAPTURE_MODE_PILE;
  guint n_loose = pile ? (pos->loose != 0) : cassino_cards_count (pos->loose);

  if (cassino_game_controller_get_hint (self->controller, &hint))
    hinted = hint.set;

  self->items = g_ptr_array_new ();

  /* builds first, then the loose cards, each kept if it is unchanged;
   * a pile (capture_mode "pile", Xeri) is one item: its top card */

  for (guint i = 0; i < pos->n_builds + n_loose; i++)
    {
      CassinoCardWidget *w = NULL;
      CassinoCards cards;
      CassinoCardMarks marks = 0;

      if (i < pos->n_builds)
        cards = pos->builds[i].cards;
      else if (pile)
        cards = pos->loose;
      else
        {
          guint k = i - pos->n_builds;
          CassinoCards rest = pos->loose;

          while (k-- > 0)
            rest &= rest - 1;
          cards = CASSINO_CARD_BIT (cassino_cards_first (rest));
        }

      for (guint j = 0; j < old->len; j++)
        if (cassino_card_widget_get_cards (old->pdata[j]) == cards &&
            cassino_card_widget_is_build (old->pdata[j]) == (i < pos->n_builds))
          {
            w = old->pdata[j];
            g_ptr_array_remove_index (old, j);
            break;
          }
      if (w == NULL)
        w = new_card (self, FALSE);

      if (i < pos->n_builds)
        {
          const CassinoBuild *b = &pos->builds[i];

          cassino_card_widget_set_build (w, b->cards, b->value,
                                         cassino_game_controller_get_seat_name (self->controller, (guint) b->owner),
                                         b->multiple);
        }
      else if (pile)
        cassino_card_widget_set_pile (w, cards, pos->pile_top);
      else
        cassino_card_widget_set_card (w, cassino_cards_first (cards));

      if (cards & targets)
        marks |= CASSINO_CARD_MARK_TARGET;
      if ((cards & chosen) == cards && chosen)
        marks |= CASSINO_CARD_MARK_CHOSEN;
      if (cards & hinted)
        marks |= CASSINO_CARD_MARK_HINT;
      cassino_card_widget_set_marks (w, marks);
      g_ptr_array_add (self->items, w);
    }

  for (guint j = 0; j < old->len; j++)
    gtk_widget_unparent (old->pdata[j]);

  (void) c;
}

static void
sync_hand (CassinoTableView  *self,
           const CassinoGame *game)
{
  const CassinoPosition *pos = cassino_game_get_position (game);
  guint viewer = cassino_game_controller_get_viewer (self->controller);
  gboolean hidden = !cassino_game_controller_get_hand_visible (self->controller);
  CassinoCards hand = viewer < CASSINO_MAX_PLAYERS ? pos->hands[viewer] : 0;
  CassinoCards playable = cassino_game_controller_get_playable (self->controller);
  gboolean my_turn = cassino_game_controller_is_human_turn (self->controller);
  CassinoCard selected = cassino_game_controller_get_selected (self->controller);
  g_autoptr(GPtrArray) old = g_steal_pointer (&self->hand);
  CassinoMove hint;
  gboolean has_hint = cassino_game_controller_get_hint (self->controller, &hint);
  CassinoCard c;

  self->hand = g_ptr_array_new ();
  CASSINO_CARDS_FOREACH (c, hand)
    {
      CassinoCardWidget *w = NULL;
      CassinoCardMarks marks = 0;

      for (guint j = 0; j < old->len; j++)
        if (cassino_card_widget_get_card (old->pdata[j]) == c)
          {
            w = old->pdata[j];
            g_ptr_array_remove_index (old, j);
            break;
          }
      if (w == NULL)
        {
          w = new_card (self, TRUE);
          cassino_card_widget_set_card (w, c);
        }
      cassino_card_widget_set_face_down (w, hidden);
      if (!hidden)
        {
          if (c == selected)
            marks |= CASSINO_CARD_MARK_SELECTED;
          if (my_turn && !(playable & CASSINO_CARD_BIT (c)))
            marks |= CASSINO_CARD_MARK_DIMMED;
          if (has_hint && hint.card == c)
            marks |= CASSINO_CARD_MARK_HINT;
        }
      cassino_card_widget_set_marks (w, marks);
      g_ptr_array_add (self->hand, w);
    }

  for (guint j = 0; j < old->len; j++)
    gtk_widget_unparent (old->pdata[j]);
}

/* The table item a card in flight goes to leaves its place free. */
static void
show_missing (CassinoTableView *self)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      CassinoCards cards = cassino_card_widget_get_cards (self->items->pdata[i]);

      cassino_card_widget_set_missing (self->items->pdata[i],
                                       self->hidden_card != CASSINO_NO_CARD &&
                                       (cards & CASSINO_CARD_BIT (self->hidden_card)) ?
                                       self->hidden_card : CASSINO_NO_CARD);
    }
}

static void
sync_view (CassinoTableView *self)
{
  const CassinoGame *game;

  if (self->controller == NULL || !cassino_game_controller_has_game (self->controller))
    {
      remove_children (self->items);
      remove_children (self->hand);
      remove_children (self->panels);
      gtk_widget_set_visible (GTK_WIDGET (self->stock), FALSE);
      return;
    }

  game = cassino_game_controller_get_game (self->controller);
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
    gboolean hand_focused = focus && g_ptr_array_find (self->hand, focus, NULL);

    sync_panels (self, game);
    sync_items (self, game);
    sync_hand (self, game);

    /* a played card took the keyboard focus with it: give it back to the
     * hand, now or when the next hand is dealt */
    if (hand_focused && !g_ptr_array_find (self->hand, focus, NULL))
      self->wants_focus = TRUE;
    if (self->wants_focus && self->hand->len > 0)
      {
        gtk_widget_grab_focus (GTK_WIDGET (self->hand->pdata[0]));
        self->wants_focus = FALSE;
      }
    /* a hint selected its card: the focus goes to it (Enter on the card
     * the focus was on selected that one, not the hint's) */
    if (cassino_game_controller_take_hint_focus (self->controller))
      {
        CassinoCard hinted = cassino_game_controller_get_selected (self->controller);

        for (guint i = 0; i < self->hand->len; i++)
          if (cassino_card_widget_get_card (self->hand->pdata[i]) == hinted)
            gtk_widget_grab_focus (GTK_WIDGET (self->hand->pdata[i]));
      }
  }

  {
    const CassinoRules *r = cassino_game_get_rules (game);

    /* a game that deals the whole pack at once (the Scopones) has no
     * stock: no empty place for one */
    gtk_widget_set_visible (GTK_WIDGET (self->stock),
                            r->deck > r->n_players * r->hand_size + r->table_initial);
  }
  cassino_card_widget_set_stack (self->stock,
                                 cassino_position_stock_count (cassino_game_get_position (game)));
  gtk_widget_set_visible (self->empty_label,
                          self->items->len == 0 && self->flights->len == 0);

  show_missing (self);

  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Animation */

static void
end_flights (CassinoTableView *self)
{
  g_ptr_array_set_size (self->flights, 0);
  self->hidden_card = CASSINO_NO_CARD;
  show_missing (self);
  if (self->empty_label)
    gtk_widget_set_visible (self->empty_label, self->items->len == 0);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
on_animation_value_cb (double            value,
                       CassinoTableView *self)
{
  self->progress = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_animation_done_cb (AdwAnimation     *animation,
                      CassinoTableView *self)
{
  end_flights (self);
}

static gboolean
widget_rect (GtkWidget       *widget,
             GtkWidget       *relative,
             graphene_rect_t *out)
{
  if (widget == NULL || !gtk_widget_get_mapped (widget))
    return FALSE;
  return gtk_widget_compute_bounds (widget, relative, out);
}

static Flight *
add_flight (CassinoTableView *self,
            CassinoCard       card,
            const graphene_rect_t *from)
{
  Flight *f = g_new0 (Flight, 1);

  f->card = card;
  f->from = *from;
  g_ptr_array_add (self->flights, f);
  return f;
}

static void
on_move_played_cb (CassinoGameController *controller,
                   guint                  seat,
                   const CassinoMove     *move,
                   const CassinoPosition *before,
                   CassinoTableView      *self)
{
  graphene_rect_t from, r;
  CassinoCardWidget *hand_card;
  Flight *played;
  gboolean capture;

  /* a move was made, in the chooser or not: its choices are gone */
  if (self->chooser && gtk_widget_get_visible (self->chooser))
    gtk_popover_popdown (GTK_POPOVER (self->chooser));

  adw_animation_reset (self->animation);
  end_flights (self);

  if (self->animation_ms == 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)) ||
      move->card >= CASSINO_N_CARDS)
    return;

  hand_card = seat == cassino_game_controller_get_viewer (controller) ?
              cassino_table_view_get_hand_card (self, move->card) : NULL;
  if (hand_card && widget_rect (GTK_WIDGET (hand_card), GTK_WIDGET (self), &from))
    {
      graphene_rect_t card_rect;

      cassino_card_widget_get_card_rect (hand_card, &card_rect);
      from.origin.x += card_rect.origin.x;
      from.origin.y += card_rect.origin.y;
      from.size = card_rect.size;
    }
  else if (seat >= self->panels->len ||
           !widget_rect (cassino_seat_panel_get_hand_widget (self->panels->pdata[seat]),
                         GTK_WIDGET (self), &from))
    return;

  capture = move->type == CASSINO_MOVE_CAPTURE || move->type == CASSINO_MOVE_CLAIM;
  played = add_flight (self, move->card, &from);
  played->seat = seat;
  played->dest_kind = capture ? 1 : 0;

  if (capture)
    {
      /* the played card goes to the first item it takes, then all to the pile */
      CassinoCard c;
      gboolean first = TRUE;

      for (guint i = 0; i < self->items->len; i++)
        {
          CassinoCardWidget *item = self->items->pdata[i];
          CassinoCards cards = cassino_card_widget_get_cards (item);
          guint k = 0, n = cassino_cards_count (cards);
          graphene_rect_t card_rect;

          if (!(cards & move->set) || !widget_rect (GTK_WIDGET (item), GTK_WIDGET (self), &r))
            continue;
          cassino_card_widget_get_card_rect (item, &card_rect);
          CASSINO_CARDS_FOREACH (c, cards)
            {
              graphene_rect_t at = r;
              Flight *f;

              at.size = card_rect.size;
              if (n > 1)
                at.origin.x += k * (r.size.width - card_rect.size.width) / (n - 1);
              f = add_flight (self, c, &at);
              f->late = TRUE;
              f->dest_kind = 1;
              f->seat = seat;
              if (first)
                {
                  played->mid = at;
                  played->has_mid = TRUE;
                  first = FALSE;
                }
              k++;
            }
        }
    }
  else
    {
      self->hidden_card = move->card;
      show_missing (self);
    }

  self->progress = 0;
  /* where the cards go is known after the next layout */
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  adw_timed_animation_set_duration (ADW_TIMED_ANIMATION (self->animation),
                                    capture ? self->animation_ms * 3 / 2 : self->animation_ms);
  adw_animation_play (self->animation);
}

static void
on_controller_changed_cb (CassinoGameController *controller,
                          CassinoTableView      *self)
{
  sync_view (self);
}

static void
on_pass_to_changed_cb (CassinoGameController *controller,
                       GParamSpec            *pspec,
                       CassinoTableView      *self)
{
  sync_view (self);
}

/* Layout */

static void
lerp_rect (const graphene_rect_t *a,
           const graphene_rect_t *b,
           double                 t,
           graphene_rect_t       *out)
{
  graphene_rect_interpolate (a, b, t, out);
}

static double
ease (double t)
{
  t = CLAMP (t, 0.0, 1.0);
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2;
}

static void
allocate_rect (GtkWidget             *child,
               const graphene_rect_t *r)
{
  GskTransform *t = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (r->origin.x, r->origin.y));

  gtk_widget_allocate (child, MAX (1, (int) r->size.width), MAX (1, (int) r->size.height), -1, t);
}

static void
largest_size (graphene_size_t       *size,
              const graphene_rect_t *r)
{
  if (r->size.height > size->height)
    {
      size->width = ceil (r->size.width);
      size->height = ceil (r->size.height);
    }
}

static double
item_width (CassinoCardWidget *item,
            double             cw)
{
  guint n = cassino_card_widget_is_build (item) ?
            cassino_cards_count (cassino_card_widget_get_cards (item)) : 1;

  return cw + (n > 1 ? (n - 1) * cw * FAN : 0);
}

/* Lay the items out in centred rows of card height @ch within @w; returns
 * the height used; fills @rects when given. */
static double
flow_items (CassinoTableView *self,
            double            x0,
            double            y0,
            double            w,
            double            ch,
            graphene_rect_t  *rects)
{
  double cw = ch / CASSINO_CARD_ASPECT;
  gboolean builds = FALSE;
  double row_h, y = y0;
  guint i = 0;

  for (guint k = 0; k < self->items->len; k++)
    if (cassino_card_widget_is_build (self->items->pdata[k]))
      builds = TRUE;
  row_h = builds ? ch * (1 + BAND) : ch;

  while (i < self->items->len)
    {
      guint start = i;
      double row_w = 0, x;

      /* at least one item a row */
      do
        {
          double iw = item_width (self->items->pdata[i], cw);

          if (i > start && row_w + GAP + iw > w)
            break;
          row_w += (i > start ? GAP : 0) + iw;
          i++;
        }
      while (i < self->items->len);

      x = x0 + MAX (0, (w - row_w) / 2);
      for (guint k = start; k < i; k++)
        {
          CassinoCardWidget *item = self->items->pdata[k];
          double iw = item_width (item, cw);

          if (rects)
            graphene_rect_init (&rects[k], x, y, iw,
                                cassino_card_widget_is_build (item) ? ch * (1 + BAND) : ch);
          x += iw + GAP;
        }
      y += row_h + GAP;
    }
  return self->items->len ? y - y0 - GAP : 0;
}

static gboolean
prewarm_step (gpointer user_data)
{
  CassinoTableView *self = user_data;
  CassinoCardArtFlags flags = 0;
  const graphene_size_t *size;

  if (self->hand->len > 0)
    flags = cassino_card_widget_get_art_flags (self->hand->pdata[0]);
  while (self->prewarm_stage < 2)
    {
      size = &self->prewarm_sizes[self->prewarm_stage];
      if (size->width >= 1 && self->prewarm_next <= CASSINO_N_CARDS)
        {
          self->prewarm_next = cassino_card_art_prepare (self->prewarm_next, size->width, size->height,
                                                         gtk_widget_get_scale_factor (GTK_WIDGET (self)),
                                                         flags);
          return G_SOURCE_CONTINUE;
        }
      self->prewarmed[self->prewarm_stage] = *size;
      self->prewarm_stage++;
      self->prewarm_next = 0;
    }
  self->prewarm_source = 0;
  return G_SOURCE_REMOVE;
}

/* After a layout: when the hand's or the table's card size is new, draw
 * every face at it while nothing else happens. */
static void
schedule_prewarm (CassinoTableView *self)
{
  graphene_size_t sizes[2] = { { 0, 0 }, { 0, 0 } };
  graphene_rect_t r;

  if (self->hand->len > 0)
    {
      cassino_card_widget_get_card_rect (self->hand->pdata[0], &r);
      sizes[0] = r.size;
    }
  for (guint i = 0; i < self->items->len; i++)
    if (!cassino_card_widget_is_build (self->items->pdata[i]))
      {
        cassino_card_widget_get_card_rect (self->items->pdata[i], &r);
        sizes[1] = r.size;
        break;
      }
  for (guint k = 0; k < 2; k++)
    if (sizes[k].width < 1 || (ceil (sizes[k].width) == ceil (self->prewarmed[k].width) &&
                               ceil (sizes[k].height) == ceil (self->prewarmed[k].height)))
      sizes[k] = self->prewarmed[k];
  if (graphene_size_equal (&sizes[0], &self->prewarmed[0]) && graphene_size_equal (&sizes[1], &self->prewarmed[1]))
    return;
  self->prewarm_sizes[0] = sizes[0];
  self->prewarm_sizes[1] = sizes[1];
  self->prewarm_stage = 0;
  self->prewarm_next = 0;
  if (self->prewarm_source == 0)
    self->prewarm_source = g_idle_add_full (G_PRIORITY_LOW, prewarm_step, self, NULL);
}

/* The room the stock takes at the table's left, with its gap, for
 * table cards @ct high; none without a stock. */
static double
stock_width (CassinoTableView *self,
             double            ct)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->stock)))
    return 0;
  return ct * 0.6 / CASSINO_CARD_ASPECT + ct * 0.1 + GAP;
}

static void
cassino_table_view_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (widget);
  guint viewer = self->controller ? cassino_game_controller_get_viewer (self->controller) : 0;
  double W = width, H = height;
  double top = PAD, bottom = H - PAD;
  double ch, cw, hand_h, table_top, table_bottom, table_h, stock_w, ct;
  graphene_size_t table_card;
  guint n_hand = self->hand->len;
  g_autofree graphene_rect_t *item_rects = NULL;
  GtkWidget *own_panel = NULL;
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  GtkWidget *left = NULL, *right = NULL;
  double table_left = PAD, table_right = W - PAD;
  int own_h = 0;

  /* the others in the order of play, from the viewer's left */
  if (viewer < self->panels->len)
    own_panel = self->panels->pdata[viewer];
  for (guint k = 1; k < self->panels->len; k++)
    g_ptr_array_add (others, self->panels->pdata[seat_after (viewer, k, self->panels->len)]);

  /* a new width may want the other arrangement: after this layout */
  self->compact_wanted = W < COMPACT_WIDTH;
  if (self->compact_wanted != self->compact && self->compact_source == 0)
    self->compact_source = g_idle_add (apply_compact_cb, self);

  /* four or more, not narrow: the left and right players at the sides */
  if (others->len >= 3 && !self->compact)
    {
      left = others->pdata[0];
      right = others->pdata[others->len - 1];
      g_ptr_array_remove_index (others, others->len - 1);
      g_ptr_array_remove_index (others, 0);
    }

  /* the others along the top: one row, each in its slot, in their order */
  if (others->len > 0)
    {
      double slot = (W - 2 * PAD) / others->len;
      double row_h = 0, x = PAD;
      g_autofree int *widths = g_new0 (int, others->len);

      for (guint k = 0; k < others->len; k++)
        {
          int min_w = 0, nat_w = 0, h = 0;

          gtk_widget_measure (others->pdata[k], GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &nat_w, NULL, NULL);
          widths[k] = MAX (min_w, MIN (nat_w, (int) slot - (others->len > 1 ? (int) GAP : 0)));
          gtk_widget_measure (others->pdata[k], GTK_ORIENTATION_VERTICAL, widths[k], NULL, &h, NULL, NULL);
          row_h = MAX (row_h, h);
        }
      for (guint k = 0; k < others->len; k++)
        {
          allocate_rect (others->pdata[k],
                         &GRAPHENE_RECT_INIT (x + (slot - widths[k]) / 2, top, widths[k], row_h));
          x += slot;
        }
      top += row_h + GAP / 2;
    }

  /* the sides: as narrow as their words allow */
  if (left && right)
    {
      int min_l = 0, nat_l = 0, min_r = 0, nat_r = 0;
      double side_w;

      gtk_widget_measure (left, GTK_ORIENTATION_HORIZONTAL, -1, &min_l, &nat_l, NULL, NULL);
      gtk_widget_measure (right, GTK_ORIENTATION_HORIZONTAL, -1, &min_r, &nat_r, NULL, NULL);
      side_w = MAX (MAX (min_l, min_r), MIN (MAX (nat_l, nat_r), W * 0.2));
      table_left = PAD + side_w + GAP;
      table_right = W - PAD - side_w - GAP;
    }
  /* the hand: as large as the width and a third of the height allow, and
   * no larger than the table's cards can be below it (a short window, a
   * phone's: the table, where the play is, kept cards as large as the
   * hand's, not a strip of small ones) */
  {
    guint n = MAX (n_hand, 4u);
    double shared;

    if (own_panel)
      gtk_widget_measure (own_panel, GTK_ORIENTATION_VERTICAL, -1, NULL, &own_h, NULL, NULL);
    shared = bottom - top - own_h - 2 * GAP;
    cw = (W - 2 * PAD - (n - 1) * GAP) / n;
    ch = MIN (cw * CASSINO_CARD_ASPECT, H * 0.27);
    ch = MIN (ch, shared / ((1 + LIFT) + (1 + BAND)));
    ch = CLAMP (ch, 56.0, 240.0);
    cw = ch / CASSINO_CARD_ASPECT;
    hand_h = ch * (1 + LIFT);
  }

  if (n_hand > 0)
    {
      double total = n_hand * cw + (n_hand - 1) * GAP;
      double step = cw + GAP;
      double x;

      if (total > W - 2 * PAD && n_hand > 1)
        {
          step = (W - 2 * PAD - cw) / (n_hand - 1);
          total = W - 2 * PAD;
        }
      x = (W - total) / 2;
      for (guint i = 0; i < n_hand; i++)
        {
          allocate_rect (self->hand->pdata[i],
                         &GRAPHENE_RECT_INIT (x, bottom - hand_h, cw, hand_h));
          x += step;
        }
    }
  bottom -= hand_h;

  if (own_panel)
    {
      int w, h;

      /* (its height measured above, for the hand) */
      gtk_widget_measure (own_panel, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
      h = own_h;
      w = MIN (w, (int) (W - 2 * PAD));
      {
        /* a lifted card's hint and focus rings, drawn outside it, clear
         * of the panel (they hid its "spades"), where the table keeps
         * cards as large as the hand's */
        double extra = MAX (0, cassino_card_widget_get_mark_outset (cw) + 2 - GAP / 2);
        double table_room = (bottom - GAP / 2 - h - GAP / 2 - GAP / 2) - (top + GAP / 2);

        extra = MIN (extra, MAX (0, table_room - ch * (1 + BAND)));
        bottom -= GAP / 2 + extra;
      }
      allocate_rect (own_panel, &GRAPHENE_RECT_INIT ((W - w) / 2, bottom - h, w, h));
      bottom -= h + GAP / 2;
    }

  /* the table between them */
  table_top = top + GAP / 2;
  table_bottom = bottom - GAP / 2;
  table_h = MAX (40.0, table_bottom - table_top);

  if (left && right)
    {
      GtkWidget *sides[] = { left, right };
      double side_w = table_left - GAP - PAD;

      for (guint k = 0; k < 2; k++)
        {
          int h = 0;
          double y;

          gtk_widget_measure (sides[k], GTK_ORIENTATION_VERTICAL, (int) side_w, NULL, &h, NULL, NULL);
          y = MAX (PAD, table_top + (table_h - h) / 2);
          allocate_rect (sides[k],
                         &GRAPHENE_RECT_INIT (k == 0 ? PAD : W - PAD - side_w, y, side_w, h));
        }
    }

  ct = MIN (ch, 200.0);
  ct = MIN (ct, table_h / (1 + BAND));
  stock_w = stock_width (self, ct);
  if (self->items->len > 0)
    {
      item_rects = g_new0 (graphene_rect_t, self->items->len);
      while (ct > 36 &&
             flow_items (self, 0, 0, table_right - table_left - stock_w, ct, NULL) > table_h)
        {
          ct *= 0.92;
          stock_w = stock_width (self, ct);
        }
      {
        double used = flow_items (self, 0, 0, table_right - table_left - stock_w, ct, NULL);
        double y0 = table_top + MAX (0, (table_h - used) / 2);

        flow_items (self, table_left + stock_w, y0, table_right - table_left - stock_w, ct, item_rects);
      }
      for (guint i = 0; i < self->items->len; i++)
        allocate_rect (self->items->pdata[i], &item_rects[i]);
    }

  if (gtk_widget_get_visible (GTK_WIDGET (self->stock)))
    {
      double sh = ct * 0.6;

      allocate_rect (GTK_WIDGET (self->stock),
                     &GRAPHENE_RECT_INIT (table_left, table_top + (table_h - sh) / 2, stock_w - GAP, sh));
    }

  if (gtk_widget_get_visible (self->empty_label))
    {
      int h;

      gtk_widget_measure (self->empty_label, GTK_ORIENTATION_VERTICAL, (int) (table_right - table_left), NULL, &h, NULL, NULL);
      allocate_rect (self->empty_label,
                     &GRAPHENE_RECT_INIT (table_left, table_top + (table_h - h) / 2, table_right - table_left, h));
    }

  schedule_prewarm (self);

  /* a card's size on the table, as its widgets draw it (and as the faces
   * drawn ahead have it): a card in flight there is drawn at that size */
  table_card = GRAPHENE_SIZE_INIT (ct / CASSINO_CARD_ASPECT, ct);
  for (guint i = 0; i < self->items->len; i++)
    if (!cassino_card_widget_is_build (self->items->pdata[i]))
      {
        graphene_rect_t r;

        cassino_card_widget_get_card_rect (self->items->pdata[i], &r);
        table_card = r.size;
        break;
      }

  /* cards in flight */
  for (guint i = 0; i < self->flights->len; i++)
    {
      Flight *f = self->flights->pdata[i];

      if (!f->to_known)
        {
          if (f->dest_kind == 0)
            {
              CassinoCardWidget *item = cassino_table_view_get_table_item (self, f->card);
              gssize k = -1;

              for (guint j = 0; item && j < self->items->len; j++)
                if (self->items->pdata[j] == item)
                  k = j;
              if (k >= 0)
                {
                  f->to = item_rects[k];
                  f->to.size = table_card;
                  if (cassino_card_widget_is_build (item))
                    {
                      /* the played card's place in the fan */
                      CassinoCards cards = cassino_card_widget_get_cards (item);
                      guint pos_in_fan = cassino_cards_count (cards & (CASSINO_CARD_BIT (f->card) - 1));

                      f->to.origin.x += pos_in_fan * f->to.size.width * FAN;
                    }
                }
              else
                f->to = f->from;
            }
          else
            {
              GtkWidget *panel = f->seat < self->panels->len ? self->panels->pdata[f->seat] : NULL;
              GtkWidget *target = panel;
              graphene_rect_t pr;

              if (panel && f->seat != viewer)
                target = cassino_seat_panel_get_hand_widget (CASSINO_SEAT_PANEL (panel));
              if (target && gtk_widget_compute_bounds (target, widget, &pr))
                {
                  f->to = pr;
                  f->to.size.width = MAX (30, pr.size.height / CASSINO_CARD_ASPECT);
                  f->to.size.height = f->to.size.width * CASSINO_CARD_ASPECT;
                }
              else
                f->to = f->from;
            }
          f->to_known = TRUE;
          f->size.width = f->size.height = 0;
          largest_size (&f->size, &f->from);
          largest_size (&f->size, &f->to);
          if (f->has_mid)
            largest_size (&f->size, &f->mid);
        }

    }

  gtk_popover_present (GTK_POPOVER (self->chooser));
}

/* A click on the felt brings the keyboard back to the cards (after the
 * log's toggle had it, Enter toggled the log instead of playing, and the
 * arrows went nowhere).  A card's own click focuses that card first. */
static void
on_felt_pressed_cb (GtkGestureClick  *gesture,
                    int               n_press,
                    double            x,
                    double            y,
                    CassinoTableView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL || (focus != GTK_WIDGET (self) && !gtk_widget_is_ancestor (focus, GTK_WIDGET (self))))
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

void
cassino_table_view_focus_hand (CassinoTableView *self)
{
  g_return_if_fail (CASSINO_IS_TABLE_VIEW (self));

  self->wants_focus = TRUE;
  if (self->hand->len > 0 && gtk_widget_grab_focus (GTK_WIDGET (self)))
    self->wants_focus = FALSE;
}

static gboolean
cassino_table_view_grab_focus (GtkWidget *widget)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (widget);
  CassinoCard selected = self->controller ? cassino_game_controller_get_selected (self->controller) : CASSINO_NO_CARD;
  CassinoCardWidget *card = selected != CASSINO_NO_CARD ? cassino_table_view_get_hand_card (self, selected) : NULL;

  if (card == NULL && self->hand->len > 0)
    card = self->hand->pdata[0];
  if (card == NULL && self->items->len > 0)
    card = self->items->pdata[0];
  return card ? gtk_widget_grab_focus (GTK_WIDGET (card)) : FALSE;
}

static void
cassino_table_view_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 320;
      *natural = 900;
    }
  else
    {
      /* room for a phone's window (360 × 640) with the tutorial's banner
       * and a hint of four lines, or the replay's controls, in German: the
       * cards grow with the room there is (tests ui/phone/long-texts,
       * ui-german) */
      *minimum = 280;
      *natural = 640;
    }
}

/* Where a card in flight is at the animation's progress. */
static void
flight_rect (CassinoTableView *self,
             Flight           *f,
             graphene_rect_t  *r)
{
  double t = self->progress;

  if (f->late)
    {
      if (t < 0.45)
        *r = f->from;
      else
        lerp_rect (&f->from, &f->to, ease ((t - 0.45) / 0.55), r);
    }
  else if (f->has_mid)
    {
      if (t < 0.45)
        lerp_rect (&f->from, &f->mid, ease (t / 0.45), r);
      else
        lerp_rect (&f->mid, &f->to, ease ((t - 0.45) / 0.55), r);
    }
  else
    lerp_rect (&f->from, &f->to, ease (t), r);
}

/* A card in flight keeps one size, the largest it has on the way, and is
 * scaled to where it is: its picture is drawn once, from the faces drawn
 * ahead at the hand's and the table's sizes, not again at every frame. */
static void
snapshot_flight (CassinoTableView *self,
                 Flight           *f,
                 GtkSnapshot      *snapshot)
{
  graphene_rect_t r;

  if (!f->to_known || f->size.width < 1 || f->size.height < 1)
    return;
  if (f->node == NULL)
    {
      CassinoCardArtFlags flags = self->four_color ? CASSINO_CARD_ART_FOUR_COLOR : 0;

      if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
        flags |= CASSINO_CARD_ART_DARK;
      f->node = cassino_card_art_node_new (f->card, (int) f->size.width, (int) f->size.height,
                                           gtk_widget_get_scale_factor (GTK_WIDGET (self)), flags);
    }
  flight_rect (self, f, &r);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &r.origin);
  gtk_snapshot_scale (snapshot, r.size.width / f->size.width, r.size.height / f->size.height);
  gtk_snapshot_append_node (snapshot, f->node);
  gtk_snapshot_restore (snapshot);
}

gboolean
cassino_table_view_get_flight (CassinoTableView *self,
                               guint             i,
                               CassinoCard      *card,
                               graphene_rect_t  *rect)
{
  Flight *f;

  g_return_val_if_fail (CASSINO_IS_TABLE_VIEW (self), FALSE);
  if (i >= self->flights->len)
    return FALSE;
  f = self->flights->pdata[i];
  if (!f->to_known)
    return FALSE;
  if (card)
    *card = f->card;
  if (rect)
    flight_rect (self, f, rect);
  return TRUE;
}

static void
cassino_table_view_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (widget);
  guint viewer = self->controller ? cassino_game_controller_get_viewer (self->controller) : 0;
  GtkWidget *own = viewer < self->panels->len ? self->panels->pdata[viewer] : NULL;
  GtkWidget *child;

  /* panels, table and hand, the player's own panel over the hand (where
   * the window is too short to keep a lifted card's rings clear of it,
   * they pass behind its words, not over them), then the cards in flight
   * on top */
  for (child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (child != own)
      gtk_widget_snapshot_child (widget, child, snapshot);
  if (own)
    gtk_widget_snapshot_child (widget, own, snapshot);
  for (guint i = 0; i < self->flights->len; i++)
    snapshot_flight (self, self->flights->pdata[i], snapshot);
}

/* GObject */

static void
cassino_table_view_dispose (GObject *object)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (object);

  cassino_table_view_set_controller (self, NULL);
  g_clear_handle_id (&self->prewarm_source, g_source_remove);
  g_clear_handle_id (&self->compact_source, g_source_remove);
  g_clear_object (&self->animation);
  if (self->flights)
    g_ptr_array_set_size (self->flights, 0);
  if (self->items)
    remove_children (self->items);
  if (self->hand)
    remove_children (self->hand);
  if (self->panels)
    remove_children (self->panels);
  g_clear_pointer ((GtkWidget **) &self->stock, gtk_widget_unparent);
  g_clear_pointer (&self->empty_label, gtk_widget_unparent);
  /* an open popover keeps the pointer and keyboard grabbed */
  if (self->chooser && gtk_widget_get_visible (self->chooser))
    gtk_popover_popdown (GTK_POPOVER (self->chooser));
  g_clear_pointer (&self->chooser, gtk_widget_unparent);

  G_OBJECT_CLASS (cassino_table_view_parent_class)->dispose (object);
}

static void
cassino_table_view_finalize (GObject *object)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (object);

  g_clear_pointer (&self->flights, g_ptr_array_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->hand, g_ptr_array_unref);
  g_clear_pointer (&self->panels, g_ptr_array_unref);

  G_OBJECT_CLASS (cassino_table_view_parent_class)->finalize (object);
}

static void
cassino_table_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_CONTROLLER:
      g_value_set_object (value, self->controller);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_table_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  CassinoTableView *self = CASSINO_TABLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_CONTROLLER:
      cassino_table_view_set_controller (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_table_view_class_init (CassinoTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_table_view_dispose;
  object_class->finalize = cassino_table_view_finalize;
  object_class->get_property = cassino_table_view_get_property;
  object_class->set_property = cassino_table_view_set_property;

  widget_class->size_allocate = cassino_table_view_size_allocate;
  widget_class->measure = cassino_table_view_measure;
  widget_class->snapshot = cassino_table_view_snapshot;
  widget_class->grab_focus = cassino_table_view_grab_focus;

  properties[PROP_CONTROLLER] =
    g_param_spec_object ("controller", NULL, NULL, CASSINO_TYPE_GAME_CONTROLLER,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "cassinotable");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cassino_table_view_init (CassinoTableView *self)
{
  GtkEventController *key;
  GtkDropTarget *drop;
  AdwAnimationTarget *target;
  GtkWidget *scroller;

  self->panels = g_ptr_array_new ();
  self->items = g_ptr_array_new ();
  self->hand = g_ptr_array_new ();
  {
    GtkGesture *felt = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (felt), GDK_BUTTON_PRIMARY);
    g_signal_connect (felt, "pressed", G_CALLBACK (on_felt_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (felt));
  }
  self->flights = g_ptr_array_new_with_free_func ((GDestroyNotify) flight_free);
  self->hidden_card = CASSINO_NO_CARD;
  self->animation_ms = 400;

  self->stock = cassino_card_widget_new ();
  gtk_widget_set_parent (GTK_WIDGET (self->stock), GTK_WIDGET (self));
  cassino_card_widget_set_name (self->stock, _("The stock"));

  /* Translators: shown on the table when no card lies on it */
  self->empty_label = gtk_label_new (_("The table is empty"));
  gtk_widget_add_css_class (self->empty_label, "empty-table");
  gtk_widget_set_parent (self->empty_label, GTK_WIDGET (self));

  self->chooser = gtk_popover_new ();
  gtk_widget_add_css_class (self->chooser, "move-chooser");
  scroller = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  {
    GtkWidget *title = gtk_label_new (_("Which move?"));

    gtk_widget_add_css_class (title, "heading");
    gtk_box_append (GTK_BOX (scroller), title);
  }
  self->chooser_list = gtk_list_box_new ();
  cassino_a11y_set_name (self->chooser_list, _("Which move?"));
  gtk_widget_add_css_class (self->chooser_list, "boxed-list");
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->chooser_list), GTK_SELECTION_NONE);
  gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (self->chooser_list), TRUE);
  g_signal_connect (self->chooser_list, "row-activated", G_CALLBACK (on_chooser_row_activated_cb), self);
  gtk_box_append (GTK_BOX (scroller), self->chooser_list);
  gtk_popover_set_child (GTK_POPOVER (self->chooser), scroller);
  gtk_widget_set_parent (self->chooser, GTK_WIDGET (self));

  key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  drop = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  target = adw_callback_animation_target_new ((AdwAnimationTargetFunc) on_animation_value_cb, self, NULL);
  self->animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, 400, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation), ADW_LINEAR);
  g_signal_connect (self->animation, "done", G_CALLBACK (on_animation_done_cb), self);
}

CassinoTableView *
cassino_table_view_new (void)
{
  return g_object_new (CASSINO_TYPE_TABLE_VIEW, NULL);
}

void
cassino_table_view_set_controller (CassinoTableView      *self,
                                   CassinoGameController *controller)
{
  g_return_if_fail (CASSINO_IS_TABLE_VIEW (self));

  if (self->controller == controller)
    return;

  if (self->controller)
    {
      g_signal_handlers_disconnect_by_data (self->controller, self);
      g_clear_object (&self->controller);
    }
  if (controller)
    {
      self->controller = g_object_ref (controller);
      g_signal_connect (controller, "changed", G_CALLBACK (on_controller_changed_cb), self);
      g_signal_connect (controller, "move-played", G_CALLBACK (on_move_played_cb), self);
      g_signal_connect (controller, "notify::pass-to", G_CALLBACK (on_pass_to_changed_cb), self);
      g_signal_connect (controller, "notify::thinking", G_CALLBACK (on_pass_to_changed_cb), self);
    }
  if (self->items)
    sync_view (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTROLLER]);
}

CassinoGameController *
cassino_table_view_get_controller (CassinoTableView *self)
{
  g_return_val_if_fail (CASSINO_IS_TABLE_VIEW (self), NULL);
  return self->controller;
}

void
cassino_table_view_set_animation_duration (CassinoTableView *self,
                                           guint             duration_ms)
{
  g_return_if_fail (CASSINO_IS_TABLE_VIEW (self));
  self->animation_ms = duration_ms;
}

void
cassino_table_view_set_four_color (CassinoTableView *self,
                                   gboolean          four_color)
{
  g_return_if_fail (CASSINO_IS_TABLE_VIEW (self));

  four_color = !!four_color;
  if (self->four_color == four_color)
    return;
  self->four_color = four_color;
  for (guint i = 0; i < self->items->len; i++)
    cassino_card_widget_set_four_color (self->items->pdata[i], four_color);
  for (guint i = 0; i < self->hand->len; i++)
    cassino_card_widget_set_four_color (self->hand->pdata[i], four_color);
}
