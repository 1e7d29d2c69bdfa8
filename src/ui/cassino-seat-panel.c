/* cassino-seat-panel.c: a player at the table: name, hand, pile, sweeps
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-seat-panel.h"

#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-card-widget.h"

struct _CassinoSeatPanel
{
  GtkBox             parent_instance;

  CassinoCardWidget *hand;
  GtkSpinner        *spinner;
  GtkImage          *turn_icon;
  GtkLabel          *name_label;
  GtkLabel          *dealer_label;
  GtkLabel          *subtitle_label;
  GtkLabel          *pile_label;
  gboolean           face_up;
};

G_DEFINE_FINAL_TYPE (CassinoSeatPanel, cassino_seat_panel, GTK_TYPE_BOX)

static void
cassino_seat_panel_class_init (CassinoSeatPanelClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (CASSINO_TYPE_CARD_WIDGET);

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-seat-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, hand);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, turn_icon);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, name_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, dealer_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, pile_label);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cassino_seat_panel_init (CassinoSeatPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

CassinoSeatPanel *
cassino_seat_panel_new (void)
{
  return g_object_new (CASSINO_TYPE_SEAT_PANEL, NULL);
}

GtkWidget *
cassino_seat_panel_get_hand_widget (CassinoSeatPanel *self)
{
  g_return_val_if_fail (CASSINO_IS_SEAT_PANEL (self), NULL);
  return GTK_WIDGET (self->hand);
}

void
cassino_seat_panel_update (CassinoSeatPanel *self,
                           const char       *name,
                           const char       *subtitle,
                           guint             hand_count,
                           gboolean          show_hand,
                           CassinoCards      pile,
                           guint             sweeps,
                           gboolean          dealer,
                           gboolean          to_move,
                           gboolean          thinking)
{
  g_autofree char *pile_text = NULL;
  g_autofree char *cards = NULL;
  g_autofree char *spades = NULL;
  g_autofree char *accessible = NULL;
  guint n_pile = cassino_cards_count (pile);
  guint n_spades = cassino_cards_count (pile & cassino_cards_of_suit (CASSINO_SUIT_SPADES));

  g_return_if_fail (CASSINO_IS_SEAT_PANEL (self));

  gtk_label_set_label (self->name_label, name);
  gtk_label_set_label (self->subtitle_label, subtitle ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle && *subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->dealer_label), dealer);
  gtk_widget_set_visible (GTK_WIDGET (self->turn_icon), to_move && !thinking);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), thinking);
  gtk_spinner_set_spinning (self->spinner, thinking);
  if (!self->face_up)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->hand), show_hand);
      cassino_card_widget_set_stack (self->hand, hand_count);
    }

  /* Translators: a player's captured pile: number of cards */
  cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n_pile), n_pile);
  /* Translators: a player's captured pile: number of spades */
  spades = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u spade", "%u spades", n_spades), n_spades);
  if (sweeps > 0)
    {
      GString *marks = g_string_new (NULL);

      for (guint i = 0; i < sweeps && i < 8; i++)
        g_string_append (marks, "●");
      /* Translators: the pile line of a seat: "Pile 12 cards · 3 spades · sweeps ●●" */
      pile_text = g_strdup_printf (_("Pile %s · %s · sweeps %s"), cards, spades, marks->str);
      g_string_free (marks, TRUE);
    }
  else
    /* Translators: the pile line of a seat: "Pile 12 cards · 3 spades" */
    pile_text = g_strdup_printf (_("Pile %s · %s"), cards, spades);
  gtk_label_set_label (self->pile_label, pile_text);

  if (to_move)
    gtk_widget_add_css_class (GTK_WIDGET (self), "to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "to-move");

  /* Translators: accessible description of a seat: name, cards in hand, pile */
  accessible = g_strdup_printf (_("%s: %u in hand; %s"), name, hand_count, pile_text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
}

void
cassino_seat_panel_show_cards (CassinoSeatPanel *self,
                               gboolean          face_up,
                               CassinoCards      hand)
{
  guint n = cassino_cards_count (hand);

  g_return_if_fail (CASSINO_IS_SEAT_PANEL (self));

  self->face_up = face_up;
  if (!face_up)
    {
      gtk_widget_set_size_request (GTK_WIDGET (self->hand), 46, 64);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->hand), n > 0);
  cassino_card_widget_set_fan (self->hand, hand);
  /* each card shows its index: a third of a card apart */
  gtk_widget_set_size_request (GTK_WIDGET (self->hand), 46 + (int) (n > 1 ? (n - 1) * 18 : 0), 64);
}
