/* cassino-seat-panel.c: a player at the table: name, hand, pile, sweeps
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <string.h>

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
  GtkLabel          *dealer_label_under;
  gboolean           dealer;
  GtkLabel          *subtitle_label;
  GtkLabel          *count_label;
  GtkLabel          *pile_label;
  GtkWidget         *words_box;
  GtkWidget         *name_box;
  GtkImage          *place_icon;
  gboolean           face_up;
  guint              n_face_up;      /* the cards shown face up */
  gboolean           show_hand;      /* the card back with the count */
  CassinoSeatPlace   place;
  gboolean           upright;
  int                counted_suit;   /* the suit the pile line counts, or -1 */
  char              *sweep_word;     /* the game's word for its sweeps ("Scope"), or NULL */
  gboolean           show_arrow;
  gboolean           place_set;
};

G_DEFINE_FINAL_TYPE (CassinoSeatPanel, cassino_seat_panel, GTK_TYPE_BOX)

static void
cassino_seat_panel_finalize (GObject *object)
{
  CassinoSeatPanel *self = CASSINO_SEAT_PANEL (object);

  g_free (self->sweep_word);
  G_OBJECT_CLASS (cassino_seat_panel_parent_class)->finalize (object);
}

static void
cassino_seat_panel_class_init (CassinoSeatPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = cassino_seat_panel_finalize;

  g_type_ensure (CASSINO_TYPE_CARD_WIDGET);

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-seat-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, hand);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, turn_icon);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, name_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, dealer_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, dealer_label_under);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, count_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, pile_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, words_box);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, name_box);
  gtk_widget_class_bind_template_child (widget_class, CassinoSeatPanel, place_icon);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
cassino_seat_panel_init (CassinoSeatPanel *self)
{
  self->counted_suit = CASSINO_SUIT_SPADES;
  gtk_widget_init_template (GTK_WIDGET (self));
}

CassinoSeatPanel *
cassino_seat_panel_new (void)
{
  return g_object_new (CASSINO_TYPE_SEAT_PANEL, NULL);
}

static const char *
place_words (CassinoSeatPlace place)
{
  switch (place)
    {
    case CASSINO_SEAT_PLACE_LEFT:
      /* Translators: where a player sits at the table, said after the name:
       * "Bruno, on your left: 4 in hand; …" */
      return _("on your left");
    case CASSINO_SEAT_PLACE_OPPOSITE:
      /* Translators: where a player sits at the table, said after the name */
      return _("opposite you");
    case CASSINO_SEAT_PLACE_RIGHT:
      /* Translators: where a player sits at the table, said after the name */
      return _("on your right");
    case CASSINO_SEAT_PLACE_NONE:
    default:
      return NULL;
    }
}

/* Four players or more in a narrow window: the others stand side by side
 * along the top, so each is small: no subtitle (it stays the panel's
 * tooltip and accessible description, the partners are in the score
 * bar) and the cards in hand in words instead of the card back. */
static gboolean
is_crowded (CassinoSeatPanel *self)
{
  return self->upright && self->show_arrow;
}

static void
sync_hand (CassinoSeatPanel *self)
{
  gboolean crowded = is_crowded (self);

  if (self->face_up)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->hand), self->n_face_up > 0);
      /* each card shows its index: a third of a card apart */
      gtk_widget_set_size_request (GTK_WIDGET (self->hand),
                                   46 + (int) (self->n_face_up > 1 ? (self->n_face_up - 1) * 18 : 0), 64);
      gtk_widget_set_visible (GTK_WIDGET (self->count_label), FALSE);
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->hand), self->show_hand && !crowded);
      gtk_widget_set_size_request (GTK_WIDGET (self->hand), 46, 64);
      gtk_widget_set_visible (GTK_WIDGET (self->count_label), self->show_hand && crowded);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label),
                          *gtk_label_get_label (self->subtitle_label) && !crowded);
}

void
cassino_seat_panel_set_place (CassinoSeatPanel *self,
                              CassinoSeatPlace  place,
                              gboolean          upright,
                              gboolean          show_arrow)
{
  static const char *icons[] = {
    [CASSINO_SEAT_PLACE_LEFT] = "go-previous-symbolic",
    [CASSINO_SEAT_PLACE_OPPOSITE] = "go-up-symbolic",
    [CASSINO_SEAT_PLACE_RIGHT] = "go-next-symbolic",
  };
  GtkLabel *words[] = { self->subtitle_label, self->pile_label };

  g_return_if_fail (CASSINO_IS_SEAT_PANEL (self));

  upright = !!upright;
  show_arrow = !!show_arrow;
  if (self->place_set && self->place == place && self->upright == upright && self->show_arrow == show_arrow)
    return;
  self->place_set = TRUE;
  self->place = place;
  self->upright = upright;
  self->show_arrow = show_arrow;
  if (place != CASSINO_SEAT_PLACE_NONE)
    {
      gtk_image_set_from_icon_name (self->place_icon, icons[place]);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->place_icon), place_words (place));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->place_icon), show_arrow && place != CASSINO_SEAT_PLACE_NONE);
  sync_hand (self);
  gtk_widget_set_visible (GTK_WIDGET (self->dealer_label), self->dealer && !upright);
  gtk_widget_set_visible (GTK_WIDGET (self->dealer_label_under), self->dealer && upright);

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self),
                                  upright ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_halign (GTK_WIDGET (self->hand), upright ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL);
  gtk_widget_set_halign (self->name_box, upright ? GTK_ALIGN_CENTER : GTK_ALIGN_FILL);
  /* upright, the words wrap under the card rather than being cut */
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      gtk_label_set_wrap (words[i], upright);
      gtk_label_set_wrap_mode (words[i], PANGO_WRAP_WORD_CHAR);
      gtk_label_set_ellipsize (words[i], upright ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
      gtk_label_set_justify (words[i], upright ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT);
      gtk_label_set_xalign (words[i], upright ? 0.5f : 0.0f);
      gtk_label_set_max_width_chars (words[i], upright ? 14 : -1);
    }
}

CassinoSeatPlace
cassino_seat_panel_get_place (CassinoSeatPanel *self)
{
  g_return_val_if_fail (CASSINO_IS_SEAT_PANEL (self), CASSINO_SEAT_PLACE_NONE);
  return self->place;
}

gboolean
cassino_seat_panel_get_arrow_visible (CassinoSeatPanel *self)
{
  g_return_val_if_fail (CASSINO_IS_SEAT_PANEL (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->place_icon));
}

GtkWidget *
cassino_seat_panel_get_hand_widget (CassinoSeatPanel *self)
{
  g_return_val_if_fail (CASSINO_IS_SEAT_PANEL (self), NULL);
  return GTK_WIDGET (self->hand);
}

void
cassino_seat_panel_set_counted_suit (CassinoSeatPanel *self,
                                     int               suit)
{
  g_return_if_fail (CASSINO_IS_SEAT_PANEL (self));
  self->counted_suit = suit;
}

void
cassino_seat_panel_set_sweep_word (CassinoSeatPanel *self,
                                   const char       *word)
{
  g_return_if_fail (CASSINO_IS_SEAT_PANEL (self));
  if (g_strcmp0 (self->sweep_word, word) == 0)
    return;
  g_free (self->sweep_word);
  self->sweep_word = g_strdup (word);
}

/* @text with its spaces made no-break spaces (U+00A0) */
static void
keep_together (char **text)
{
  GString *str;

  if (*text == NULL || strchr (*text, ' ') == NULL)
    return;
  str = g_string_new (*text);
  g_string_replace (str, " ", "\u00a0", 0);
  g_free (*text);
  *text = g_string_free (str, FALSE);
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
  g_autofree char *spoken = NULL;
  g_autofree char *cards = NULL;
  g_autofree char *spades = NULL;
  g_autofree char *accessible = NULL;
  g_autoptr(GString) marks = g_string_new (NULL);
  guint n_pile = cassino_cards_count (pile);
  guint n_spades = self->counted_suit >= 0 ?
                   cassino_cards_count (pile & cassino_cards_of_suit ((CassinoSuit) self->counted_suit)) : 0;

  g_return_if_fail (CASSINO_IS_SEAT_PANEL (self));

  gtk_label_set_label (self->name_label, name);
  gtk_label_set_label (self->subtitle_label, subtitle ? subtitle : "");

  if (g_strcmp0 (gtk_widget_get_tooltip_text (GTK_WIDGET (self)), subtitle && *subtitle ? subtitle : NULL) != 0)
    {
      gtk_widget_set_tooltip_text (GTK_WIDGET (self), subtitle && *subtitle ? subtitle : NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      subtitle ? subtitle : "", -1);
    }
  self->dealer = dealer;
  gtk_widget_set_visible (GTK_WIDGET (self->dealer_label), dealer && !self->upright);
  gtk_widget_set_visible (GTK_WIDGET (self->dealer_label_under), dealer && self->upright);
  gtk_widget_set_visible (GTK_WIDGET (self->turn_icon), to_move && !thinking);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), thinking);
  gtk_spinner_set_spinning (self->spinner, thinking);
  if (!self->face_up)
    cassino_card_widget_set_stack (self->hand, hand_count);
  {
    /* Translators: the cards a player holds, in a narrow panel: "4 in hand" */
    g_autofree char *count = g_strdup_printf (_("%u in hand"), hand_count);

    gtk_label_set_label (self->count_label, count);
  }
  self->show_hand = show_hand;
  sync_hand (self);

  /* Translators: a player's captured pile: number of cards */
  cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card", "%u cards", n_pile), n_pile);
  if (self->counted_suit == CASSINO_SUIT_DIAMONDS)
    /* Translators: a Scopa player's captured pile: number of coins (diamonds) */
    spades = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u coin", "%u coins", n_spades), n_spades);
  else if (self->counted_suit == CASSINO_SUIT_CLUBS)
    /* Translators: a Pasur player's captured pile: number of clubs */
    spades = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u club", "%u clubs", n_spades), n_spades);
  else if (self->counted_suit < 0)
    spades = NULL;
  else
    /* Translators: a player's captured pile: number of spades */
    spades = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u spade", "%u spades", n_spades), n_spades);
  /* a count stays with its word when the line wraps ("1 coin", not
   * "1" at a line's end and "coin" under it) */
  keep_together (&cards);
  keep_together (&spades);
  /* a dot a sweep (eight at the most) */
  for (guint i = 0; i < sweeps && i < 8; i++)
    g_string_append (marks, "●");
  if (spades == NULL && sweeps > 0)
    {
      if (self->sweep_word)
        /* Translators: the pile line of a seat in a fishing game, with the
         * game's word for its sweeps: "Pile 12 cards · Xeri ●●" */
        pile_text = g_strdup_printf (C_("pile line", "Pile %s · %s %s"), cards, self->sweep_word, marks->str);
      else
        /* Translators: the pile line of a seat in a fishing game: "Pile 12 cards · sweeps ●●" */
        pile_text = g_strdup_printf (_("Pile %s · sweeps %s"), cards, marks->str);
    }
  else if (spades == NULL)
    /* Translators: the pile line of a seat in a fishing game: "Pile 12 cards" */
    pile_text = g_strdup_printf (_("Pile %s"), cards);
  else if (sweeps > 0)
    {
      if (self->sweep_word)
        /* Translators: the pile line of a seat, with the game's word for
         * its sweeps: "Pile 12 cards · 5 coins · Scope ●●" */
        pile_text = g_strdup_printf (C_("pile line", "Pile %s · %s · %s %s"), cards, spades,
                                     self->sweep_word, marks->str);
      else
        /* Translators: the pile line of a seat: "Pile 12 cards · 3 spades · sweeps ●●" */
        pile_text = g_strdup_printf (_("Pile %s · %s · sweeps %s"), cards, spades, marks->str);
    }
  else
    /* Translators: the pile line of a seat: "Pile 12 cards · 3 spades" */
    pile_text = g_strdup_printf (_("Pile %s · %s"), cards, spades);
  /* the dots stay with their word ("Scope" at a line's end and "●●"
   * under it) */
  if (sweeps > 0)
    {
      g_autoptr(GString) str = g_string_new (pile_text);

      g_string_replace (str, " ●", "\u00a0●", 1);
      g_free (pile_text);
      pile_text = g_string_free (g_steal_pointer (&str), FALSE);
    }
  gtk_label_set_label (self->pile_label, pile_text);

  if (to_move)
    gtk_widget_add_css_class (GTK_WIDGET (self), "to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "to-move");

  /* what a screen reader says of the pile: the sweeps counted in words,
   * not the dots ("black circle black circle") */
  if (sweeps > 0)
    {
      g_autofree char *base = spades ? g_strdup_printf (_("Pile %s · %s"), cards, spades)
                                     : g_strdup_printf (_("Pile %s"), cards);

      /* Translators: the spoken pile of a seat with its sweeps counted,
       * e.g. "Pile 12 cards · 3 spades; 2 sweeps" */
      spoken = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s; %u sweep", "%s; %u sweeps", sweeps),
                                base, sweeps);
    }
  if (place_words (self->place))
    /* Translators: accessible description of a seat: name, where it sits
     * ("on your left"), cards in hand, pile */
    accessible = g_strdup_printf (_("%s, %s: %u in hand; %s"), name, place_words (self->place),
                                  hand_count, spoken ? spoken : pile_text);
  else
    /* Translators: accessible description of a seat: name, cards in hand, pile */
    accessible = g_strdup_printf (_("%s: %u in hand; %s"), name, hand_count, spoken ? spoken : pile_text);
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
  self->n_face_up = face_up ? n : 0;
  if (face_up)
    cassino_card_widget_set_fan (self->hand, hand);
  sync_hand (self);
}
