/* cassino-game-family.c: the games as families
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-game-family.h"

#include <glib/gi18n.h>
#include <string.h>

static const CassinoGameFamily game_families[] = {
  /* Translators: a family of games in the new game dialog */
  { N_("Cassino"), N_("The fishing game with building, in its classic and historical variants"),
    /* Translators: a choice of the game filter in History and Statistics:
     * the games of every Cassino variant together */
    NC_("filter", "Every Cassino variant"),
    CASSINO_PRESET_CLASSIC, CASSINO_PRESET_HOUSE },
  /* Translators: a family of games in the new game dialog (Italian): Scopa,
   * Scopone, Scopone scientifico; short, to fit the dialog's row */
  { N_("Scopa and Scopone"), N_("The Italian games: a sweep is a scopa; the settebello and primiera score"),
    /* Translators: a choice of the game filter in History and Statistics:
     * Scopa, Scopone and Scopone scientifico together */
    NC_("filter", "Scopa and both Scopones"),
    CASSINO_PRESET_SCOPA, CASSINO_PRESET_SCOPONE_SCIENTIFICO },
  /* Translators: a family of games in the new game dialog (Greek): Xeri,
   * Diloti; short, to fit the dialog's row */
  { N_("Xeri and Diloti"), N_("The Greek games: Xeri with its pile, Diloti with building; a xeri scores extra"),
    /* Translators: a choice of the game filter in History and Statistics:
     * the games of Xeri and of Diloti together */
    NC_("filter", "Xeri and Diloti"),
    CASSINO_PRESET_XERI, CASSINO_PRESET_DILOTI },
  /* Translators: a game in the new game dialog (Balkan) */
  { N_("Tablanette"), N_("A fishing game of the Balkans and Russia, for two"), NULL,
    CASSINO_PRESET_TABLANETTE, CASSINO_PRESET_TABLANETTE },
  /* Translators: a game in the new game dialog (old German) */
  { N_("Callabra"), N_("An old German fishing game, close to Cassino"), NULL,
    CASSINO_PRESET_CALLABRA, CASSINO_PRESET_CALLABRA },
  /* Translators: a game in the new game dialog (Persian) */
  { N_("Pasur"), N_("The Persian fishing game, also called Chahar Barg"), NULL,
    CASSINO_PRESET_PASUR, CASSINO_PRESET_PASUR },
};

G_STATIC_ASSERT (CASSINO_PRESET_PASUR + 1 == CASSINO_N_ALL_PRESETS);

guint
cassino_game_family_count (void)
{
  return G_N_ELEMENTS (game_families);
}

const CassinoGameFamily *
cassino_game_family_get (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (game_families), &game_families[0]);
  return &game_families[index];
}

guint
cassino_game_family_of_preset (CassinoPreset preset)
{
  for (guint f = 0; f < G_N_ELEMENTS (game_families); f++)
    if (preset >= game_families[f].first && preset <= game_families[f].last)
      return f;
  return 0;
}

/* The filter's choices, in order: FILTER_ANY; then for each family its
 * FILTER_FAMILY (where it has a filter title) and a FILTER_PRESET each */
typedef enum { FILTER_ANY, FILTER_FAMILY, FILTER_PRESET } FilterKind;

typedef struct {
  FilterKind    kind;
  guint         family;
  CassinoPreset preset;
} FilterChoice;

static gboolean
filter_choice (guint         position,
               FilterChoice *out)
{
  guint at = 1;

  memset (out, 0, sizeof *out);
  if (position == 0)
    return TRUE;
  for (guint f = 0; f < G_N_ELEMENTS (game_families); f++)
    {
      const CassinoGameFamily *family = &game_families[f];

      out->family = f;
      if (family->filter_title)
        {
          if (position == at++)
            {
              out->kind = FILTER_FAMILY;
              return TRUE;
            }
        }
      for (CassinoPreset p = family->first; p <= family->last; p++)
        if (position == at++)
          {
            out->kind = FILTER_PRESET;
            out->preset = p;
            return TRUE;
          }
    }
  return FALSE;
}

GtkStringList *
cassino_game_filter_new_model (void)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  /* Translators: the first choice of the variant filter */
  gtk_string_list_append (list, C_("filter", "Any variant"));
  for (guint f = 0; f < G_N_ELEMENTS (game_families); f++)
    {
      const CassinoGameFamily *family = &game_families[f];

      if (family->filter_title)
        gtk_string_list_append (list, g_dpgettext2 (GETTEXT_PACKAGE, "filter", family->filter_title));
      for (CassinoPreset p = family->first; p <= family->last; p++)
        gtk_string_list_append (list, cassino_preset_get_title (p));
    }
  return list;
}

gboolean
cassino_game_filter_is_indented (guint position)
{
  FilterChoice choice;

  return filter_choice (position, &choice) && choice.kind == FILTER_PRESET &&
         game_families[choice.family].filter_title != NULL;
}

/* The open list of the filter: a family's games beneath its choice of
 * them all, a step to the right (a flat list read "Every Cassino variant,
 * Classic, English …" as if all were alike), and a check mark beside the
 * choice made, as GtkDropDown's own list has. */
static void
on_filter_row_setup_cb (GtkSignalListItemFactory *factory,
                        GtkListItem              *item,
                        gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
}

static void
update_filter_check (GtkListItem *item)
{
  GtkDropDown *drop_down = g_object_get_data (G_OBJECT (item), "cassino-drop-down");
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *check = box ? gtk_widget_get_last_child (box) : NULL;

  if (check && drop_down)
    gtk_widget_set_opacity (check, gtk_drop_down_get_selected (drop_down) == gtk_list_item_get_position (item));
}

static void
on_filter_selected_cb (GtkDropDown *drop_down,
                       GParamSpec  *pspec,
                       GtkListItem *item)
{
  update_filter_check (item);
}

static void
on_filter_row_bind_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       GtkDropDown              *drop_down)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *label = gtk_widget_get_first_child (box);
  GtkStringObject *string = gtk_list_item_get_item (item);
  guint position = gtk_list_item_get_position (item);

  gtk_label_set_label (GTK_LABEL (label), gtk_string_object_get_string (string));
  gtk_widget_set_margin_start (label, cassino_game_filter_is_indented (position) ? 18 : 0);
  g_object_set_data (G_OBJECT (item), "cassino-drop-down", drop_down);
  g_signal_connect_object (drop_down, "notify::selected", G_CALLBACK (on_filter_selected_cb), item, 0);
  update_filter_check (item);
}

static void
on_filter_row_unbind_cb (GtkSignalListItemFactory *factory,
                         GtkListItem              *item,
                         GtkDropDown              *drop_down)
{
  g_signal_handlers_disconnect_by_func (drop_down, on_filter_selected_cb, item);
  g_object_set_data (G_OBJECT (item), "cassino-drop-down", NULL);
}

void
cassino_game_filter_set_up_drop_down (GtkDropDown *drop_down)
{
  g_autoptr(GtkStringList) model = cassino_game_filter_new_model ();
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  gtk_drop_down_set_model (drop_down, G_LIST_MODEL (model));
  g_signal_connect (factory, "setup", G_CALLBACK (on_filter_row_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (on_filter_row_bind_cb), drop_down);
  g_signal_connect (factory, "unbind", G_CALLBACK (on_filter_row_unbind_cb), drop_down);
  gtk_drop_down_set_list_factory (drop_down, factory);
}

char *
cassino_game_filter_dup_presets (guint position)
{
  FilterChoice choice;
  GString *names;

  if (!filter_choice (position, &choice) || choice.kind == FILTER_ANY)
    return NULL;
  if (choice.kind == FILTER_PRESET)
    return g_strdup (cassino_preset_to_string (choice.preset));
  names = g_string_new (NULL);
  for (CassinoPreset p = game_families[choice.family].first; p <= game_families[choice.family].last; p++)
    {
      if (names->len)
        g_string_append_c (names, ',');
      g_string_append (names, cassino_preset_to_string (p));
    }
  return g_string_free (names, FALSE);
}

gboolean
cassino_game_filter_get_preset (guint          position,
                                CassinoPreset *out_preset)
{
  FilterChoice choice;

  if (!filter_choice (position, &choice) || choice.kind != FILTER_PRESET)
    return FALSE;
  if (out_preset)
    *out_preset = choice.preset;
  return TRUE;
}

guint
cassino_game_filter_position_of_preset (CassinoPreset preset)
{
  FilterChoice choice;

  for (guint pos = 1; filter_choice (pos, &choice); pos++)
    if (choice.kind == FILTER_PRESET && choice.preset == preset)
      return pos;
  return 0;
}

guint
cassino_game_filter_position_of_family (guint family_index)
{
  FilterChoice choice;

  for (guint pos = 1; filter_choice (pos, &choice); pos++)
    if (choice.family == family_index)
      return pos;
  return 0;
}
