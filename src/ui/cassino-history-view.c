/* cassino-history-view.c: every game played, newest first
 *
 * A GtkColumnView over the records' CassinoHistoryModel, which reads the
 * store a page at a time as rows come into view.  Filters rebuild the
 * model's filter; the store does the filtering.  Deleting hides the game
 * at once and deletes it only when the toast goes away without "Undo".
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-history-view.h"
#include "cassino-game-family.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "cassino-ui-resources.h"

#include "cassino-a11y.h"

#include "cassino-rules.h"
#include "cassino-plain-text.h"
#include "cassino-toast.h"

struct _CassinoHistoryView
{
  GtkWidget           parent_instance;

  CassinoRecords     *records;
  GtkSingleSelection *selection;
  GtkStringList      *players;       /* "Any player" and the records' names */
  GtkStringList      *opponents;     /* "Any opponent" and the names */
  gint64              player_id;     /* the filters' players (0: any), kept */
  gint64              opponent_id;   /* when the list of players is read anew */
  guint               search_source;
  AdwToast           *delete_toast;

  AdwToastOverlay    *toast_overlay;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *player_dropdown;
  GtkDropDown        *opponent_dropdown;
  GtkDropDown        *preset_dropdown;
  GtkDropDown        *result_dropdown;
  GtkDropDown        *date_dropdown;
  GtkStack           *content_stack;
  AdwStatusPage      *failed_page;
  GtkColumnView      *column_view;
  AdwSqueezer        *list_squeezer;
  GtkListView        *narrow_list;
  GtkLabel           *count_label;
};

G_DEFINE_FINAL_TYPE (CassinoHistoryView, cassino_history_view, GTK_TYPE_WIDGET)

enum {
  OPEN_GAME,
  RESUME_GAME,
  EXPORT_GAME,
  REVIEW_GAME,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const guint period_days[] = { 0, 7, 30, 365 };

static const char *const column_ids[] = { "date", "variant", "players", "result", "length" };

static gint64
filter_player (CassinoHistoryView *self)
{
  guint pos = gtk_drop_down_get_selected (self->player_dropdown);

  if (self->records == NULL || pos == 0 || pos == GTK_INVALID_LIST_POSITION)
    return 0;
  return cassino_records_get_player_id (self->records, pos - 1);
}

static char *
cell_text (CassinoHistoryView *self,
           CassinoHistoryItem *item,
           guint               column)
{
  switch (column)
    {
    case 0: return cassino_history_item_dup_date_text (item);
    case 1: return cassino_history_item_dup_preset_text (item);
    case 2: return cassino_history_item_dup_players_text (item);
    case 3: return cassino_history_item_dup_result_text (item, filter_player (self));
    case 4: return cassino_history_item_dup_length_text (item);
    default: return g_strdup ("");
    }
}

static void
update_count (CassinoHistoryView *self)
{
  guint n = self->selection ? g_list_model_get_n_items (G_LIST_MODEL (self->selection)) : 0;
  const CassinoStoreHistoryFilter *filter;
  gboolean filtered = FALSE, counting = FALSE;
  const char *failed = NULL;
  g_autofree char *text = NULL;

  if (self->records)
    {
      CassinoHistoryModel *model = cassino_records_get_history (self->records);

      filter = cassino_history_model_get_filter (model);
      filtered = filter->player_id || filter->opponent_id || filter->preset || filter->since ||
                 filter->result != CASSINO_STORE_RESULT_ANY || (filter->name && *filter->name);
      counting = cassino_history_model_is_counting (model);
      failed = cassino_history_model_get_count_error (model);
    }
  if (n == 0 && counting)
    /* the count is read on the database thread: not "no games" yet */
    text = g_strdup (_("Loading…"));
  else if (n == 0 && failed)
    /* (the page says what failed) */
    text = g_strdup ("");
  else
    /* Translators: how many games the history list holds */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n), n);
  gtk_label_set_label (self->count_label, text);
  if (n == 0 && failed)
    cassino_plain_status_page_set_description (self->failed_page, failed);
  gtk_stack_set_visible_child_name (self->content_stack,
                                    n > 0 ? "list" : counting ? "loading" : failed ? "failed" :
                                    filtered ? "no-match" : "empty");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.open", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.delete", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.export", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.review", n > 0);
}

static CassinoHistoryItem *
selected_item (CassinoHistoryView *self)
{
  CassinoHistoryItem *item;

  if (self->selection == NULL)
    return NULL;
  item = gtk_single_selection_get_selected_item (self->selection);
  /* a row still being read: nothing to open or delete yet */
  return item && !cassino_history_item_is_loading (item) ? item : NULL;
}

static void
update_actions (CassinoHistoryView *self)
{
  CassinoHistoryItem *item = selected_item (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "history.resume",
                                 item && cassino_history_item_is_unfinished (item));
  update_count (self);
}

static void
on_try_again_cb (CassinoHistoryView *self)
{
  if (self->records)
    {
      cassino_history_model_reload (cassino_records_get_history (self->records));
      /* the players' list failed with the count, likely */
      cassino_records_list_players_async (self->records, NULL, NULL);
    }
  update_count (self);
}

static void
on_items_changed_cb (GListModel         *model,
                     guint               position,
                     guint               removed,
                     guint               added,
                     CassinoHistoryView *self)
{
  update_actions (self);
}

static void
on_selected_changed_cb (GtkSingleSelection *selection,
                        GParamSpec         *pspec,
                        CassinoHistoryView *self)
{
  update_actions (self);
}

/* Filters */

static void
apply_filter (CassinoHistoryView *self)
{
  CassinoStoreHistoryFilter filter = { 0 };
  g_autofree char *presets = NULL;
  guint pos;
  guint days;

  if (self->records == NULL)
    return;

  filter.player_id = filter_player (self);
  pos = gtk_drop_down_get_selected (self->opponent_dropdown);
  if (pos > 0 && pos != GTK_INVALID_LIST_POSITION)
    filter.opponent_id = cassino_records_get_player_id (self->records, pos - 1);
  self->player_id = filter.player_id;
  self->opponent_id = filter.opponent_id;
  presets = cassino_game_filter_dup_presets (gtk_drop_down_get_selected (self->preset_dropdown));
  filter.preset = presets;
  pos = gtk_drop_down_get_selected (self->result_dropdown);
  filter.result = pos == GTK_INVALID_LIST_POSITION ? CASSINO_STORE_RESULT_ANY : (CassinoStoreResult) pos;
  pos = gtk_drop_down_get_selected (self->date_dropdown);
  days = pos < G_N_ELEMENTS (period_days) ? period_days[pos] : 0;
  if (days)
    filter.since = g_get_real_time () / G_USEC_PER_SEC - (gint64) days * 24 * 3600;
  filter.name = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  cassino_history_model_set_filter (cassino_records_get_history (self->records), &filter);
  /* results are worded for the chosen player */
  update_actions (self);
}

static void
on_filter_changed_cb (GObject            *object,
                      GParamSpec         *pspec,
                      CassinoHistoryView *self)
{
  apply_filter (self);
}

static void
on_search_changed_cb (GtkSearchEntry     *entry,
                      CassinoHistoryView *self)
{
  apply_filter (self);
}

static void
read_players (CassinoHistoryView *self)
{
  GListModel *names = cassino_records_get_player_names (self->records);
  guint n = g_list_model_get_n_items (names);
  g_autoptr(GPtrArray) strings = g_ptr_array_new ();

  /* Translators: the first choice of the player filter */
  g_ptr_array_add (strings, (char *) C_("filter", "Any player"));
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (strings, (char *) gtk_string_list_get_string (GTK_STRING_LIST (names), i));
  g_ptr_array_add (strings, NULL);

  g_signal_handlers_block_by_func (self->player_dropdown, on_filter_changed_cb, self);
  g_signal_handlers_block_by_func (self->opponent_dropdown, on_filter_changed_cb, self);
  gtk_string_list_splice (self->players, 0, g_list_model_get_n_items (G_LIST_MODEL (self->players)),
                          (const char *const *) strings->pdata);
  /* Translators: the first choice of the opponent filter */
  strings->pdata[0] = (char *) C_("filter", "Any opponent");
  gtk_string_list_splice (self->opponents, 0, g_list_model_get_n_items (G_LIST_MODEL (self->opponents)),
                          (const char *const *) strings->pdata);
  /* the players chosen stay chosen (a game saved, a player renamed or
   * added); one archived or deleted meanwhile gives way to "Any" */
  gtk_drop_down_set_selected (self->player_dropdown,
                              self->player_id ? (guint) (cassino_records_find_player (self->records, self->player_id) + 1) : 0);
  gtk_drop_down_set_selected (self->opponent_dropdown,
                              self->opponent_id ? (guint) (cassino_records_find_player (self->records, self->opponent_id) + 1) : 0);
  g_signal_handlers_unblock_by_func (self->player_dropdown, on_filter_changed_cb, self);
  g_signal_handlers_unblock_by_func (self->opponent_dropdown, on_filter_changed_cb, self);
}

static void
on_records_changed_cb (CassinoRecords     *records,
                       CassinoHistoryView *self)
{
  read_players (self);
  apply_filter (self);
}

/* Cells */

static void
set_outcome_style (CassinoHistoryView *self,
                   GtkWidget          *label,
                   CassinoHistoryItem *item)
{
  int outcome = cassino_history_item_get_outcome (item, filter_player (self));

  gtk_widget_remove_css_class (label, "success");
  gtk_widget_remove_css_class (label, "error");
  gtk_widget_remove_css_class (label, "dim-label");
  if (outcome > 0)
    gtk_widget_add_css_class (label, "success");
  else if (outcome < 0)
    gtk_widget_add_css_class (label, "error");
  else if (cassino_history_item_is_unfinished (item))
    gtk_widget_add_css_class (label, "dim-label");
}

static void
on_setup_cell_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  /* a row is one line, whatever a name holds (a line break from a
   * damaged or foreign file) */
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_list_item_set_child (list_item, label);
}

static void
on_bind_cell_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 CassinoHistoryView       *self)
{
  CassinoHistoryItem *item = gtk_list_item_get_item (list_item);
  guint column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "column"));
  GtkWidget *label = gtk_list_item_get_child (list_item);
  g_autofree char *text = item ? cell_text (self, item, column) : g_strdup ("");

  gtk_label_set_label (GTK_LABEL (label), text);
  if (column == 3 && item)
    set_outcome_style (self, label, item);
}

/* Narrow windows: a row of two lines, the players and the result, then
 * the date, the variant and the length; the lines wrap, nothing is cut. */
static GtkWidget *
wrapping_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
on_setup_row_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *first = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *players = wrapping_label ("heading");
  GtkWidget *result = wrapping_label (NULL);
  GtkWidget *details = wrapping_label ("caption");

  gtk_widget_set_hexpand (players, TRUE);
  gtk_label_set_xalign (GTK_LABEL (result), 1);
  gtk_label_set_justify (GTK_LABEL (result), GTK_JUSTIFY_RIGHT);
  gtk_widget_add_css_class (details, "dim-label");
  gtk_box_append (GTK_BOX (first), players);
  gtk_box_append (GTK_BOX (first), result);
  gtk_box_append (GTK_BOX (box), first);
  gtk_box_append (GTK_BOX (box), details);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_list_item_set_child (list_item, box);
}

static void
on_bind_row_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                CassinoHistoryView       *self)
{
  CassinoHistoryItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *first = gtk_widget_get_first_child (box);
  GtkWidget *players = gtk_widget_get_first_child (first);
  GtkWidget *result = gtk_widget_get_next_sibling (players);
  GtkWidget *details = gtk_widget_get_next_sibling (first);
  char *text[G_N_ELEMENTS (column_ids)] = { NULL };
  g_autofree char *line = NULL;

  if (item == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (column_ids); i++)
    text[i] = cell_text (self, item, i);
  gtk_label_set_label (GTK_LABEL (players), text[2]);
  gtk_label_set_label (GTK_LABEL (result), text[3]);
  set_outcome_style (self, result, item);
  /* Translators: the second line of a game in the narrow history list:
   * its date and time, its variant and its length, e.g.
   * "2026-03-01 09:00 · Classic, 2 players · 3 deals · 20 min" */
  line = g_strdup_printf (_("%s · %s · %s"), text[0], text[1], text[4]);
  gtk_label_set_label (GTK_LABEL (details), line);
  /* the row is one thing to a screen reader, named as it reads */
  {
    g_autofree char *name = g_strdup_printf ("%s, %s, %s", text[2], text[3], line);

    cassino_a11y_set_name (box, name);
  }
  for (guint i = 0; i < G_N_ELEMENTS (column_ids); i++)
    g_free (text[i]);
}

static void
add_columns (CassinoHistoryView *self)
{
  static const char *const titles[] = {
    /* Translators: history column headers */
    N_("Date"), N_("Variant"), N_("Players"), N_("Result"), N_("Length"),
  };

  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkColumnViewColumn *column;

      g_object_set_data (G_OBJECT (factory), "column", GUINT_TO_POINTER (i));
      g_signal_connect (factory, "setup", G_CALLBACK (on_setup_cell_cb), NULL);
      g_signal_connect (factory, "bind", G_CALLBACK (on_bind_cell_cb), self);
      column = gtk_column_view_column_new (g_dgettext (GETTEXT_PACKAGE, titles[i]), factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      if (i == 2)
        gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (column);
    }
}

/* Actions */

static void
open_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (widget);
  CassinoHistoryItem *item = selected_item (self);

  if (item)
    g_signal_emit (self, signals[OPEN_GAME], 0, cassino_history_item_get_id (item));
}

static void
resume_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (widget);
  CassinoHistoryItem *item = selected_item (self);

  if (item && cassino_history_item_is_unfinished (item))
    g_signal_emit (self, signals[RESUME_GAME], 0, cassino_history_item_get_id (item));
}

static void
export_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (widget);
  CassinoHistoryItem *item = selected_item (self);

  if (item)
    g_signal_emit (self, signals[EXPORT_GAME], 0, cassino_history_item_get_id (item));
}

/* A queued delete could not be done (the game is back in the list), or
 * the history could not be read. */
static void
on_history_failed_cb (CassinoHistoryModel *model,
                      const char          *message,
                      CassinoHistoryView  *self)
{
  adw_toast_overlay_add_toast (self->toast_overlay, cassino_toast_new (GTK_WIDGET (self), message));
  update_actions (self);
}

static void
review_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (widget);
  CassinoHistoryItem *item = selected_item (self);

  if (item)
    g_signal_emit (self, signals[REVIEW_GAME], 0, cassino_history_item_get_id (item));
}

static void
on_delete_toast_dismissed_cb (AdwToast           *toast,
                              CassinoHistoryView *self)
{
  gint64 id = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (toast), "game-id"));
  CassinoHistoryModel *model;

  if (self->delete_toast == toast)
    self->delete_toast = NULL;
  if (self->records == NULL)
    return;
  model = cassino_records_get_history (self->records);
  /* "Undo" cancelled it already; a newer delete committed it */
  if (cassino_history_model_get_pending_delete (model) != id)
    return;
  /* queued; a failure comes back by "failed" */
  cassino_history_model_commit_delete (model, NULL);
  update_actions (self);
}

static void
delete_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (widget);
  CassinoHistoryItem *item = selected_item (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *players = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;
  gint64 id;

  if (item == NULL || self->records == NULL)
    return;
  id = cassino_history_item_get_id (item);
  players = cassino_history_item_dup_players_text (item);
  if (self->delete_toast)
    {
      /* the game deleted before goes now; its toast is kept for this one
       * (libadwaita 1.2 crashes when a toast is dismissed while it is
       * still coming in, as a second delete right after the first did) */
      CassinoHistoryModel *model = cassino_records_get_history (self->records);
      gint64 before = GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (self->delete_toast), "game-id"));

      if (cassino_history_model_get_pending_delete (model) == before)
        cassino_history_model_commit_delete (model, NULL);
    }
  if (!cassino_history_model_hide_for_delete (cassino_records_get_history (self->records), id,
                                              gtk_single_selection_get_selected (self->selection), &error))
    {
      adw_toast_overlay_add_toast (self->toast_overlay, cassino_toast_new (GTK_WIDGET (self), error->message));
      return;
    }

  /* Translators: a toast after deleting a game from the history; %s are its players */
  title = g_strdup_printf (_("Game deleted: %s"), players);
  if (self->delete_toast)
    {
      cassino_plain_toast_set_title (self->delete_toast, title);
      g_object_set_data (G_OBJECT (self->delete_toast), "game-id", GSIZE_TO_POINTER ((gsize) id));
      update_actions (self);
      return;
    }
  toast = cassino_plain_toast_new (title);
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "history.undo-delete");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_set_timeout (toast, 8);
  g_object_set_data (G_OBJECT (toast), "game-id", GSIZE_TO_POINTER ((gsize) id));
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_delete_toast_dismissed_cb), self, 0);
  self->delete_toast = toast;
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  update_actions (self);
}

static void
undo_delete_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (widget);

  if (self->records)
    cassino_history_model_cancel_delete (cassino_records_get_history (self->records));
  update_actions (self);
}

static void
on_activate_cb (GtkWidget          *view,
                guint               position,
                CassinoHistoryView *self)
{
  gtk_single_selection_set_selected (self->selection, position);
  open_activated (GTK_WIDGET (self), "history.open", NULL);
}

/* GObject */

static void
cassino_history_view_dispose (GObject *object)
{
  CassinoHistoryView *self = CASSINO_HISTORY_VIEW (object);

  g_clear_handle_id (&self->search_source, g_source_remove);
  if (self->records)
    {
      g_signal_handlers_disconnect_by_data (self->records, self);
      g_signal_handlers_disconnect_by_data (cassino_records_get_history (self->records), self);
      /* a delete waiting for its toast happens now */
      cassino_history_model_commit_delete (cassino_records_get_history (self->records), NULL);
    }
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_HISTORY_VIEW);
  {
    GtkWidget *child;

    /* the template's top box is not a bound child */
    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
      gtk_widget_unparent (child);
  }
  g_clear_object (&self->selection);
  g_clear_object (&self->records);
  g_clear_object (&self->players);
  g_clear_object (&self->opponents);

  G_OBJECT_CLASS (cassino_history_view_parent_class)->dispose (object);
}

static void
cassino_history_view_class_init (CassinoHistoryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_history_view_dispose;

  /**
   * CassinoHistoryView::open-game:
   * @game_id: the store's id of the game
   *
   * Replay the game.
   */
  signals[OPEN_GAME] =
    g_signal_new ("open-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[RESUME_GAME] =
    g_signal_new ("resume-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  signals[EXPORT_GAME] =
    g_signal_new ("export-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
  /* the game review of the selected game */
  signals[REVIEW_GAME] =
    g_signal_new ("review-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);

  /* links the resources in, wherever the widget is used */
  (void) cassino_ui_get_resource ();
  gtk_widget_class_set_template_from_resource (widget_class, APPLICATION_PATH "/cassino-history-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, opponent_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, preset_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, result_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, date_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, content_stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, failed_page);
  gtk_widget_class_bind_template_callback (widget_class, on_try_again_cb);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, column_view);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, list_squeezer);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, narrow_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoHistoryView, count_label);

  gtk_widget_class_install_action (widget_class, "history.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "history.resume", NULL, resume_activated);
  gtk_widget_class_install_action (widget_class, "history.delete", NULL, delete_activated);
  gtk_widget_class_install_action (widget_class, "history.undo-delete", NULL, undo_delete_activated);
  gtk_widget_class_install_action (widget_class, "history.export", NULL, export_activated);
  gtk_widget_class_install_action (widget_class, "history.review", NULL, review_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "history.delete", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static GtkStringList *
string_list (const char *const *strings,
             guint              n)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (list, strings[i]);
  return list;
}

static void
cassino_history_view_init (CassinoHistoryView *self)
{
  const char *results[] = {
    /* Translators: choices of the history's result filter */
    C_("filter", "Any result"), C_("filter", "Won"), C_("filter", "Lost"), C_("filter", "Drawn"),
    C_("filter", "Unfinished"), C_("filter", "Finished"),
  };
  const char *periods[] = {
    /* Translators: choices of the history's date filter */
    C_("filter", "Any time"), C_("filter", "Last 7 days"), C_("filter", "Last 30 days"),
    C_("filter", "Last 12 months"),
  };
  g_autoptr(GtkStringList) result_list = NULL;
  g_autoptr(GtkStringList) period_list = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* every game, a family's games, one game */
  cassino_game_filter_set_up_drop_down (self->preset_dropdown);
  result_list = string_list (results, G_N_ELEMENTS (results));
  period_list = string_list (periods, G_N_ELEMENTS (periods));
  gtk_drop_down_set_model (self->result_dropdown, G_LIST_MODEL (result_list));
  gtk_drop_down_set_model (self->date_dropdown, G_LIST_MODEL (period_list));

  self->players = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (self->players));
  self->opponents = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->opponent_dropdown, G_LIST_MODEL (self->opponents));
  add_columns (self);
  {
    g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

    g_signal_connect (factory, "setup", G_CALLBACK (on_setup_row_cb), NULL);
    g_signal_connect (factory, "bind", G_CALLBACK (on_bind_row_cb), self);
    gtk_list_view_set_factory (self->narrow_list, factory);
  }

  /* the table of games, and the list that takes its place when narrow */
  cassino_a11y_set_name (GTK_WIDGET (self->column_view), _("Games"));
  cassino_a11y_set_name (GTK_WIDGET (self->narrow_list), _("Games"));
  cassino_a11y_name_controls (GTK_WIDGET (self));

  g_signal_connect (self->player_dropdown, "notify::selected", G_CALLBACK (on_filter_changed_cb), self);
  g_signal_connect (self->opponent_dropdown, "notify::selected", G_CALLBACK (on_filter_changed_cb), self);
  g_signal_connect (self->preset_dropdown, "notify::selected", G_CALLBACK (on_filter_changed_cb), self);
  g_signal_connect (self->result_dropdown, "notify::selected", G_CALLBACK (on_filter_changed_cb), self);
  g_signal_connect (self->date_dropdown, "notify::selected", G_CALLBACK (on_filter_changed_cb), self);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (on_search_changed_cb), self);
  g_signal_connect (self->column_view, "activate", G_CALLBACK (on_activate_cb), self);
  g_signal_connect (self->narrow_list, "activate", G_CALLBACK (on_activate_cb), self);

  update_actions (self);
}

void
cassino_history_view_set_records (CassinoHistoryView *self,
                                  CassinoRecords     *records)
{
  g_return_if_fail (CASSINO_IS_HISTORY_VIEW (self));

  if (self->records == records)
    return;
  if (self->records)
    {
      g_signal_handlers_disconnect_by_data (self->records, self);
      g_signal_handlers_disconnect_by_data (cassino_records_get_history (self->records), self);
    }
  if (self->selection)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_set_object (&self->records, records);
  g_clear_object (&self->selection);
  /* another database's players */
  self->player_id = 0;
  self->opponent_id = 0;

  if (records)
    {
      CassinoHistoryModel *model = cassino_records_get_history (records);

      self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (model)));
      gtk_single_selection_set_can_unselect (self->selection, FALSE);
      g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selected_changed_cb), self);
      g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed_cb), self);
      g_signal_connect (model, "failed", G_CALLBACK (on_history_failed_cb), self);
      g_signal_connect_swapped (model, "counted", G_CALLBACK (update_count), self);
      g_signal_connect (records, "changed", G_CALLBACK (on_records_changed_cb), self);
      read_players (self);
    }
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  gtk_list_view_set_model (self->narrow_list, GTK_SELECTION_MODEL (self->selection));
  update_actions (self);
}

void
cassino_history_view_set_filter (CassinoHistoryView *self,
                                 int                 player,
                                 int                 opponent,
                                 int                 preset,
                                 CassinoStoreResult  result,
                                 guint               days,
                                 const char         *search)
{
  g_return_if_fail (CASSINO_IS_HISTORY_VIEW (self));

  gtk_drop_down_set_selected (self->player_dropdown, (guint) (player + 1));
  gtk_drop_down_set_selected (self->opponent_dropdown, (guint) (opponent + 1));
  gtk_drop_down_set_selected (self->preset_dropdown,
                              preset < 0 ? 0 : cassino_game_filter_position_of_preset ((CassinoPreset) preset));
  gtk_drop_down_set_selected (self->result_dropdown, (guint) result);
  for (guint i = 0; i < G_N_ELEMENTS (period_days); i++)
    if (period_days[i] == days)
      gtk_drop_down_set_selected (self->date_dropdown, i);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), search ? search : "");
  apply_filter (self);
}

gboolean
cassino_history_view_is_narrow (CassinoHistoryView *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_VIEW (self), FALSE);
  return adw_squeezer_get_visible_child (self->list_squeezer) ==
         gtk_widget_get_ancestor (GTK_WIDGET (self->narrow_list), GTK_TYPE_SCROLLED_WINDOW);
}

GtkListView *
cassino_history_view_get_narrow_list (CassinoHistoryView *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_VIEW (self), NULL);
  return self->narrow_list;
}

GtkColumnView *
cassino_history_view_get_column_view (CassinoHistoryView *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_VIEW (self), NULL);
  return self->column_view;
}

char *
cassino_history_view_dup_cell_text (CassinoHistoryView *self,
                                    guint               position,
                                    const char         *column)
{
  g_autoptr(CassinoHistoryItem) item = NULL;

  g_return_val_if_fail (CASSINO_IS_HISTORY_VIEW (self), NULL);

  if (self->selection == NULL)
    return NULL;
  item = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (item == NULL)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (column_ids); i++)
    if (g_strcmp0 (column_ids[i], column) == 0)
      return cell_text (self, item, i);
  return NULL;
}

void
cassino_history_view_select (CassinoHistoryView *self,
                             guint               position)
{
  g_return_if_fail (CASSINO_IS_HISTORY_VIEW (self));

  if (self->selection)
    gtk_single_selection_set_selected (self->selection, position);
}

gint64
cassino_history_view_get_selected_id (CassinoHistoryView *self)
{
  CassinoHistoryItem *item;

  g_return_val_if_fail (CASSINO_IS_HISTORY_VIEW (self), 0);

  item = selected_item (self);
  return item ? cassino_history_item_get_id (item) : 0;
}

void
cassino_history_view_focus_search (CassinoHistoryView *self)
{
  g_return_if_fail (CASSINO_IS_HISTORY_VIEW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}
