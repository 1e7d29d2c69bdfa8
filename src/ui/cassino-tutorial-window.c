/* cassino-tutorial-window.c: the tutorial's lessons, played on the table
 *
 * Each step of a lesson is a real game (cassino-lesson.c) shown by a game
 * controller of its own on the same table view as a game: the player
 * clicks, drags or uses the keyboard as in play.  The controller asks the
 * lesson before each move: an illegal move is refused with the engine's
 * reason, a legal one that is not the lesson's with the lesson's.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-a11y.h"
#include "cassino-tutorial-window.h"

#include <glib/gi18n.h>

#include "cassino-column.h"
#include "cassino-felt.h"
#include "cassino-lesson.h"

struct _CassinoTutorialWindow
{
  AdwWindow              parent_instance;

  GtkButton             *back_button;
  AdwWindowTitle        *window_title;
  GtkStack              *stack;
  GtkLabel              *progress_label;
  GtkListBox            *lesson_list;
  GtkLabel              *step_label;
  GtkLabel              *instruction_label;
  CassinoTableView      *table_view;
  GtkLabel              *action_label;
  GtkLabel              *prompt_label;
  GtkButton             *play_button;
  GtkButton             *next_button;

  GSettings             *settings;
  CassinoGameController *controller;
  guint                  lesson;
  guint                  step;
  gboolean               step_done;
};

G_DEFINE_FINAL_TYPE (CassinoTutorialWindow, cassino_tutorial_window, ADW_TYPE_WINDOW)

static const CassinoLessonStep *
current_step (CassinoTutorialWindow *self)
{
  const CassinoLesson *lesson = cassino_lesson_get (self->lesson);

  return &lesson->steps[MIN (self->step, lesson->n_steps - 1)];
}

static gboolean
lesson_completed (CassinoTutorialWindow *self,
                  const char            *id)
{
  g_auto(GStrv) done = g_settings_get_strv (self->settings, "tutorial-completed");

  return g_strv_contains ((const char * const *) done, id);
}

static void
mark_completed (CassinoTutorialWindow *self,
                const char            *id)
{
  g_auto(GStrv) done = g_settings_get_strv (self->settings, "tutorial-completed");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) now = NULL;

  if (g_strv_contains ((const char * const *) done, id))
    return;
  g_strv_builder_addv (builder, (const char **) done);
  g_strv_builder_add (builder, id);
  now = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "tutorial-completed", (const char * const *) now);
}

static void
fill_lessons (CassinoTutorialWindow *self)
{
  GtkWidget *child;
  guint n_done = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->lesson_list))))
    gtk_list_box_remove (self->lesson_list, child);

  for (guint i = 0; i < cassino_lesson_count (); i++)
    {
      const CassinoLesson *lesson = cassino_lesson_get (i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *icon;
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1, _(lesson->title));
      gboolean done = lesson_completed (self, lesson->id);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(lesson->summary));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      icon = gtk_image_new_from_icon_name (done ? "object-select-symbolic" : "go-next-symbolic");
      gtk_accessible_update_property (GTK_ACCESSIBLE (icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      /* Translators: a lesson of the tutorial */
                                      done ? _("Completed") : _("Not done yet"), -1);
      if (done)
        {
          gtk_widget_add_css_class (icon, "success");
          n_done++;
        }
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      gtk_list_box_append (self->lesson_list, row);
    }

  {
    g_autofree char *text =
      /* Translators: the tutorial's progress, e.g. "3 of 11 lessons completed" */
      g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u lesson completed. Each one shows a rule on a real deal, and ends with a small test.",
                                    "%u of %u lessons completed. Each one shows a rule on a real deal, and ends with a small test.",
                                    cassino_lesson_count ()),
                       n_done, cassino_lesson_count ());

    gtk_label_set_label (self->progress_label, text);
  }
}

/* The action strip and the buttons, from the controller. */
static void
update_strip (CassinoTutorialWindow *self)
{
  gboolean is_error = FALSE;
  const char *action = cassino_game_controller_get_action_text (self->controller);
  const char *prompt = cassino_game_controller_get_prompt (self->controller, &is_error);

  if (self->step_done)
    {
      action = NULL;
      prompt = NULL;
    }
  gtk_label_set_label (self->action_label, action ? action : "");
  gtk_widget_set_visible (GTK_WIDGET (self->action_label), action != NULL);
  gtk_label_set_label (self->prompt_label, prompt ? prompt : "");
  gtk_widget_set_visible (GTK_WIDGET (self->prompt_label), prompt && *prompt);
  if (is_error)
    gtk_widget_add_css_class (GTK_WIDGET (self->prompt_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->prompt_label), "error");

  gtk_widget_set_visible (GTK_WIDGET (self->play_button), !self->step_done);
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), self->step_done);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tutorial.play",
                                 !self->step_done && action != NULL);
}

static char *
check_move_cb (const CassinoGame *game,
               const CassinoMove *move,
               gpointer           user_data)
{
  CassinoTutorialWindow *self = user_data;

  return cassino_lesson_step_check (current_step (self), game, move);
}

/* The instruction (or the praise) is also the table's description, so a
 * screen reader says it when the focus comes to the table. */
static void
set_instruction (CassinoTutorialWindow *self,
                 const char            *text)
{
  gtk_label_set_label (self->instruction_label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->table_view),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

static void
show_step (CassinoTutorialWindow *self)
{
  const CassinoLesson *lesson = cassino_lesson_get (self->lesson);
  const CassinoLessonStep *step = current_step (self);
  g_autoptr(GError) error = NULL;
  g_autofree char *step_text = NULL;
  CassinoGame *game;

  game = cassino_lesson_step_new_game (step, &error);
  if (game == NULL)
    {
      g_critical ("Lesson %s step %u: %s", lesson->id, self->step + 1, error->message);
      return;
    }
  self->step_done = FALSE;
  if (self->step + 1 == lesson->n_steps && lesson->n_steps > 1)
    step_text = g_strdup (_("Test"));
  else
    /* Translators: a step of a tutorial lesson, e.g. "Step 1 of 3" */
    step_text = g_strdup_printf (_("Step %u of %u"), self->step + 1, lesson->n_steps);
  gtk_label_set_label (self->step_label, step_text);
  set_instruction (self, _(step->instruction));
  adw_window_title_set_title (self->window_title, _(lesson->title));
  {
    /* Translators: the tutorial's subtitle, e.g. "Lesson 3 of 11" */
    g_autofree char *sub = g_strdup_printf (_("Lesson %u of %u"), self->lesson + 1, cassino_lesson_count ());

    adw_window_title_set_subtitle (self->window_title, sub);
  }
  gtk_button_set_label (self->next_button,
                        self->step + 1 < lesson->n_steps ? C_("button", "_Next") :
                        self->lesson + 1 < cassino_lesson_count () ? C_("button", "Next _Lesson") :
                        C_("button", "_Finish"));
  cassino_game_controller_show_lesson (self->controller, game, check_move_cb, self);
  update_strip (self);
}

void
cassino_tutorial_window_open_lesson (CassinoTutorialWindow *self,
                                     guint                  index)
{
  g_return_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self));

  if (index >= cassino_lesson_count ())
    {
      fill_lessons (self);
      adw_window_title_set_title (self->window_title, _("Tutorial"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->back_button), FALSE);
      gtk_stack_set_visible_child_name (self->stack, "lessons");
      return;
    }
  self->lesson = index;
  self->step = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), TRUE);
  gtk_stack_set_visible_child_name (self->stack, "lesson");
  show_step (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->table_view));
}

static void
on_move_played_cb (CassinoGameController *controller,
                   guint                  seat,
                   gpointer               move,
                   gpointer               before,
                   CassinoTutorialWindow *self)
{
  const CassinoLesson *lesson = cassino_lesson_get (self->lesson);
  const CassinoLessonStep *step = current_step (self);

  if (seat != 0 || self->step_done)
    return;
  self->step_done = TRUE;
  set_instruction (self, _(step->praise));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->next_button),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(step->praise), -1);
  if (self->step + 1 == lesson->n_steps)
    mark_completed (self, lesson->id);
  update_strip (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->next_button));
}

static void
on_changed_cb (CassinoGameController *controller,
               CassinoTutorialWindow *self)
{
  update_strip (self);
}

static void
play_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoTutorialWindow *self = CASSINO_TUTORIAL_WINDOW (widget);

  if (cassino_game_controller_play_selection (self->controller) == CASSINO_PLAY_CHOOSE)
    cassino_table_view_show_chooser (self->table_view);
  else
    {
      /* the keyboard goes on from the hand, as in a game (the focus
       * stayed on Play) */
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self->table_view)))
        cassino_table_view_focus_hand (self->table_view);
    }
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoTutorialWindow *self = CASSINO_TUTORIAL_WINDOW (widget);
  const CassinoLesson *lesson = cassino_lesson_get (self->lesson);

  if (!self->step_done)
    return;
  if (self->step + 1 < lesson->n_steps)
    {
      self->step++;
      show_step (self);
      gtk_widget_grab_focus (GTK_WIDGET (self->table_view));
    }
  else
    cassino_tutorial_window_open_lesson (self, self->lesson + 1 < cassino_lesson_count () ?
                                         self->lesson + 1 : G_MAXUINT);
}

static void
on_back_clicked_cb (CassinoTutorialWindow *self)
{
  cassino_tutorial_window_open_lesson (self, G_MAXUINT);
}

static void
on_lesson_activated_cb (CassinoTutorialWindow *self,
                        GtkListBoxRow         *row)
{
  cassino_tutorial_window_open_lesson (self, (guint) gtk_list_box_row_get_index (row));
}

static void
back_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  CassinoTutorialWindow *self = CASSINO_TUTORIAL_WINDOW (widget);

  /* Escape clears a choice first, wherever the focus is (after Play
   * refused a move, it went straight back to the list and the lesson's
   * progress was lost) */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "lesson") == 0 &&
      cassino_game_controller_get_selected (self->controller) != CASSINO_NO_CARD)
    cassino_game_controller_clear_selection (self->controller);
  else if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "lesson") == 0)
    cassino_tutorial_window_open_lesson (self, G_MAXUINT);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
cassino_tutorial_window_dispose (GObject *object)
{
  CassinoTutorialWindow *self = CASSINO_TUTORIAL_WINDOW (object);

  if (self->controller)
    {
      g_signal_handlers_disconnect_by_data (self->controller, self);
      cassino_game_controller_stop (self->controller);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), CASSINO_TYPE_TUTORIAL_WINDOW);
  g_clear_object (&self->controller);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (cassino_tutorial_window_parent_class)->dispose (object);
}

static void
cassino_tutorial_window_class_init (CassinoTutorialWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cassino_tutorial_window_dispose;

  g_type_ensure (CASSINO_TYPE_COLUMN);
  g_type_ensure (CASSINO_TYPE_FELT);
  g_type_ensure (CASSINO_TYPE_TABLE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/cassinogame/Cassino/cassino-tutorial-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, lesson_list);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, instruction_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, table_view);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, action_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, prompt_label);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, CassinoTutorialWindow, next_button);
  gtk_widget_class_bind_template_callback (widget_class, on_back_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_lesson_activated_cb);

  gtk_widget_class_install_action (widget_class, "tutorial.play", NULL, play_activated);
  gtk_widget_class_install_action (widget_class, "tutorial.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "tutorial.back", NULL, back_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "tutorial.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "tutorial.back", NULL);
}

static void
cassino_tutorial_window_init (CassinoTutorialWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* buttons with a mnemonic named without it ("Open _History Open History") */
  cassino_a11y_name_controls (GTK_WIDGET (self));

  self->controller = cassino_game_controller_new ();
  cassino_game_controller_set_move_delay (self->controller, 0);
  cassino_table_view_set_controller (self->table_view, self->controller);
  g_signal_connect (self->controller, "changed", G_CALLBACK (on_changed_cb), self);
  g_signal_connect (self->controller, "move-played", G_CALLBACK (on_move_played_cb), self);
}

CassinoTutorialWindow *
cassino_tutorial_window_new (GtkWindow *parent,
                             GSettings *settings)
{
  static const guint travel_ms[] = { 0, 220, 420, 700 };   /* as the game window */
  CassinoTutorialWindow *self;
  guint speed;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (CASSINO_TYPE_TUTORIAL_WINDOW,
                       "transient-for", parent,
                       "application", parent ? gtk_window_get_application (parent) : NULL,
                       NULL);
  self->settings = g_object_ref (settings);
  speed = MIN ((guint) g_settings_get_enum (settings, "animation-speed"), G_N_ELEMENTS (travel_ms) - 1);
  cassino_table_view_set_animation_duration (self->table_view, travel_ms[speed]);
  cassino_tutorial_window_open_lesson (self, G_MAXUINT);
  return self;
}

CassinoTableView *
cassino_tutorial_window_get_table_view (CassinoTutorialWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self), NULL);
  return self->table_view;
}

CassinoGameController *
cassino_tutorial_window_get_controller (CassinoTutorialWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self), NULL);
  return self->controller;
}

const char *
cassino_tutorial_window_get_instruction (CassinoTutorialWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self), NULL);
  return gtk_label_get_label (self->instruction_label);
}

const char *
cassino_tutorial_window_get_prompt (CassinoTutorialWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self), NULL);
  return gtk_label_get_label (self->prompt_label);
}

guint
cassino_tutorial_window_get_step (CassinoTutorialWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self), 0);
  return self->step;
}

gboolean
cassino_tutorial_window_get_step_done (CassinoTutorialWindow *self)
{
  g_return_val_if_fail (CASSINO_IS_TUTORIAL_WINDOW (self), FALSE);
  return self->step_done;
}
