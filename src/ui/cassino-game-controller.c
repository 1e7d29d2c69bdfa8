/* cassino-game-controller.c: the one place a click becomes a move
 *
 * The controller owns the game.  It turns the views' clicks into moves,
 * asks the computer players for theirs off the main thread, records every
 * move, and tells the views through "changed" and "move-played".  Views
 * read it; they never call the engine's mutators or the store.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-game-controller.h"

#include <glib/gi18n.h>

#include "cassino-card-art.h"
#include "cassino-game-recorder.h"
#include "cassino-move-text.h"
#include "cassino-store-record.h"

#define LOG_LENGTH 40

struct _CassinoGameController
{
  GObject           parent_instance;

  CassinoGameSetup *setup;
  CassinoGame      *game;
  CassinoRubber     rubber;
  gboolean          has_rubber;
  guint             game_number;       /* in the rubber, 1-based */

  CassinoMoveList   legal;             /* of the position, when a human is to move */

  guint             viewer;
  int               pass_to;

  CassinoCard       selected;
  CassinoCards      chosen;
  GArray           *candidates;        /* CassinoMove */
  char             *action_text;
  char             *prompt;
  gboolean          prompt_is_error;

  guint             move_delay;
  guint             ai_source;
  GCancellable     *ai_cancellable;
  gboolean          thinking;

  GCancellable     *hint_cancellable;
  gboolean          has_hint;
  CassinoMove       hint;
  char             *hint_text;
  gboolean          hint_used;
  gboolean          hint_selected;   /* the selection is the one the hint made */
  gboolean          hint_wants_focus; /* cassino_game_controller_take_hint_focus() */
  gboolean          undo_used;
  gboolean          undone;            /* the prompt says a move was taken back */
  gboolean          bare_drop;         /* a card dropped on the bare table: a trail is meant */

  GPtrArray        *log;
  GArray           *log_is_play; /* gboolean for each entry: it tells a play */
  guint             log_added;   /* entries added since the log was emptied */
  guint             log_epoch;   /* times entries were taken out of it */

  gint64            turn_started;      /* monotonic µs: when the seat to move got the turn */
  gint64            ai_started;

  gboolean          replay;            /* read-only: a replay shows a recorded game */
  gboolean          confirm_moves;     /* ask before the player's moves */
  gboolean          has_pending;       /* a move waiting for confirmation */
  CassinoMove       pending;
  gboolean          all_hands;
  gboolean          lesson;            /* the tutorial: no computer moves on its own */
  CassinoMoveCheckFunc move_check;
  gpointer          move_check_data;

  CassinoGameRecorder *recorder;
};

G_DEFINE_FINAL_TYPE (CassinoGameController, cassino_game_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_MOVE_DELAY,
  PROP_THINKING,
  PROP_PASS_TO,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CHANGED,
  MOVE_PLAYED,
  RECORD_FAILED,
  RECORD_RECOVERED,
  RECORD_SAVED,
  RECORD_SALVAGED,
  RESUME_FAILED,
  CONFIRM_MOVE,
  MOVE_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_computer (CassinoGameController *self);
static void update_turn       (CassinoGameController *self);

/* Helpers */

static const CassinoPosition *
position (CassinoGameController *self)
{
  static const CassinoPosition none = { .to_move = 0 };

  return self->game ? cassino_game_get_position (self->game) : &none;
}

static gboolean
playing (CassinoGameController *self)
{
  return self->game && cassino_game_get_state (self->game) == CASSINO_GAME_PLAYING;
}

static void
emit_changed (CassinoGameController *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
add_log_entry (CassinoGameController *self,
               char                  *text,
               gboolean               is_play)
{
  g_ptr_array_add (self->log, text);
  g_array_append_val (self->log_is_play, is_play);
  self->log_added++;
  while (self->log->len > LOG_LENGTH)
    {
      g_ptr_array_remove_index (self->log, 0);
      g_array_remove_index (self->log_is_play, 0);
    }
}

static void
add_log (CassinoGameController *self,
         char                  *text)
{
  add_log_entry (self, text, FALSE);
}

/* The log of a play */
static void
add_log_play (CassinoGameController *self,
              char                  *text)
{
  add_log_entry (self, text, TRUE);
}

/* Takes the @n newest plays out of the log (they were undone: the log
 * must not tell them as made); the other entries stay. */
static void
remove_log_plays (CassinoGameController *self,
                  guint                  n)
{
  for (guint i = self->log->len; i > 0 && n > 0; i--)
    if (g_array_index (self->log_is_play, gboolean, i - 1))
      {
        g_ptr_array_remove_index (self->log, i - 1);
        g_array_remove_index (self->log_is_play, i - 1);
        n--;
      }
  /* a view of the log shows it all again */
  self->log_epoch++;
}

static void
set_thinking (CassinoGameController *self,
              gboolean               thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
cancel_computer (CassinoGameController *self)
{
  g_clear_handle_id (&self->ai_source, g_source_remove);
  if (self->ai_cancellable)
    {
      g_cancellable_cancel (self->ai_cancellable);
      g_clear_object (&self->ai_cancellable);
    }
  set_thinking (self, FALSE);
}

static void
clear_hint (CassinoGameController *self)
{
  if (self->hint_cancellable)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
    }
  self->has_hint = FALSE;
  g_clear_pointer (&self->hint_text, g_free);
}

static gboolean
seat_is_human (CassinoGameController *self,
               guint                  seat)
{
  return self->setup && seat < self->setup->n_players &&
         self->setup->seats[seat].kind == CASSINO_SEAT_HUMAN;
}

static guint
count_humans (CassinoGameController *self)
{
  return self->setup ? cassino_game_setup_count_humans (self->setup) : 0;
}

static gboolean
human_turn (CassinoGameController *self)
{
  const CassinoPosition *pos = position (self);

  return !self->replay && playing (self) && self->pass_to < 0 &&
         seat_is_human (self, pos->to_move) && pos->to_move == self->viewer;
}

/* The legal moves of @card (claims excluded), into @out. */
static void
moves_of_card (CassinoGameController *self,
               CassinoCard            card,
               GArray                *out)
{
  g_array_set_size (out, 0);
  for (guint i = 0; i < self->legal.len; i++)
    {
      const CassinoMove *m = &self->legal.moves[i];

      if (m->type != CASSINO_MOVE_CLAIM && m->card == card)
        g_array_append_val (out, *m);
    }
}

static char *
explain (CassinoGameController *self)
{
  const CassinoPosition *pos = position (self);
  const CassinoRules *r = pos->rules;
  CassinoMove capture = { 0 }, build = { 0 };
  g_autofree char *why_capture = NULL;
  g_autofree char *why_build = NULL;
  guint sum = 0;
  CassinoCard c;
  gboolean all_numeric = TRUE;

  capture.type = CASSINO_MOVE_CAPTURE;
  capture.card = self->selected;
  capture.set = self->chosen;
  capture.value = r->card_values[self->selected] ?
                  (guint8) __builtin_ctz (r->card_values[self->selected]) :
                  (guint8) CASSINO_CARD_RANK (self->selected);
  why_capture = cassino_game_explain_illegal (self->game, &capture);

  /* would it make sense as a build? */
  for (guint i = 0; i < pos->n_builds; i++)
    if (pos->builds[i].cards & self->chosen)
      sum += pos->builds[i].value;
  CASSINO_CARDS_FOREACH (c, self->chosen & pos->loose)
    {
      if (r->card_values[c] == 0)
        all_numeric = FALSE;
      else
        sum += __builtin_ctz (r->card_values[c]);
    }
  if (all_numeric && r->card_values[self->selected])
    sum += __builtin_ctz (r->card_values[self->selected]);

  if (all_numeric && r->building && sum <= r->max_build && sum != capture.value)
    {
      build.type = CASSINO_MOVE_BUILD;
      build.card = self->selected;
      build.set = self->chosen;
      build.value = (guint8) sum;
      why_build = cassino_game_explain_illegal (self->game, &build);
      if (why_build)
        return g_steal_pointer (&why_build);
    }
  if (why_capture)
    return g_steal_pointer (&why_capture);
  return g_strdup (_("That is not a move with this card."));
}

/* Recompute candidates, the action text and the prompt from the
 * selection. */
static void
update_selection (CassinoGameController *self)
{
  const CassinoPosition *pos = position (self);
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CassinoMove));
  guint supersets = 0;

  g_array_set_size (self->candidates, 0);
  self->prompt_is_error = FALSE;
  g_clear_pointer (&self->action_text, g_free);
  g_clear_pointer (&self->prompt, g_free);

  if (self->game == NULL)
    return;

  if (self->pass_to >= 0)
    {
      self->prompt = g_strdup_printf (_("Pass to %s"), cassino_game_controller_get_seat_name (self, self->pass_to));
      return;
    }

  if (!playing (self))
    {
      self->prompt = g_strdup (cassino_game_get_state (self->game) == CASSINO_GAME_OVER ?
                               _("The game is over") : _("The deal is over"));
      return;
    }

  if (!human_turn (self))
    {
      const char *name = cassino_game_controller_get_seat_name (self, pos->to_move);

      if (self->thinking)
        /* Translators: shown while a computer player chooses its move */
        self->prompt = g_strdup_printf (_("%s is thinking…"), name);
      else
        self->prompt = g_strdup_printf (_("%s to play"), name);
      return;
    }

  if (self->selected == CASSINO_NO_CARD)
    {
      if (self->has_hint && self->hint_text)
        self->prompt = g_strdup (self->hint_text);
      else if (self->undone)
        /* (in the action bar, not in a toast over its Play button) */
        self->prompt = g_strdup (_("Move taken back — this game records that undo was used"));
      else if (cassino_game_controller_can_claim (self))
        self->prompt = g_strdup (_("Your turn — you can call “Cassino!” on the missed capture"));
      else
        self->prompt = g_strdup (_("Your turn: choose a card from your hand"));
      return;
    }

  moves_of_card (self, self->selected, moves);
  for (guint i = 0; i < moves->len; i++)
    {
      const CassinoMove *m = &g_array_index (moves, CassinoMove, i);

      if (m->set == self->chosen)
        g_array_append_val (self->candidates, *m);
      else if ((m->set & self->chosen) == self->chosen)
        supersets++;
    }

  /* a card with one move that takes the whole table or pile (Xeri's
   * pile, a jack's sweep, a forced capture with one choice): that move,
   * without choosing table cards */
  if (self->chosen == 0 && self->candidates->len == 0 && moves->len == 1 &&
      g_array_index (moves, CassinoMove, 0).type == CASSINO_MOVE_CAPTURE && pos->rules->family &&
      (!self->bare_drop || pos->rules->capture_mode == CASSINO_CAPTURE_MODE_PILE))
    {
      g_array_append_val (self->candidates, g_array_index (moves, CassinoMove, 0));
      supersets = 0;
    }

  /* the hint named one move: Play plays it, with no chooser (while the
   * selection is the hint's: the same cards chosen by hand again offer
   * every move they make, a build as well as the hint's capture) */
  if (self->has_hint && self->hint_selected && self->hint.card == self->selected && self->hint.set == self->chosen)
    for (guint i = 0; i < self->candidates->len; i++)
      if (cassino_move_equal (&g_array_index (self->candidates, CassinoMove, i), &self->hint))
        {
          g_array_set_size (self->candidates, 0);
          g_array_append_val (self->candidates, self->hint);
          break;
        }

  if (self->candidates->len == 1)
    self->action_text = cassino_move_text_describe (pos, &g_array_index (self->candidates, CassinoMove, 0));
  else if (self->candidates->len > 1)
    self->action_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move fits: choose one",
                                                      "%u moves fit: choose one", self->candidates->len),
                                         self->candidates->len);

  if (self->has_hint && self->hint_text && self->hint.card == self->selected &&
      self->hint.set == self->chosen)
    self->prompt = g_strdup (self->hint_text);
  else if (self->chosen == 0)
    {
      /* forced capture: say which capture this card (or another) must make */
      g_autofree char *forced = cassino_move_text_forced_capture (pos, self->legal.moves, self->legal.len,
                                                                  self->selected);

      if (moves->len == 0 && forced)
        {
          self->prompt = g_steal_pointer (&forced);
          self->prompt_is_error = TRUE;
        }
      else if (moves->len == 0)
        {
          CassinoMove trail = { .type = CASSINO_MOVE_TRAIL, .card = self->selected };

          self->prompt = cassino_game_explain_illegal (self->game, &trail);
          self->prompt_is_error = TRUE;
        }
      else if (forced)
        self->prompt = g_steal_pointer (&forced);
      else if (supersets > 0 && pos->rules->building)
        self->prompt = g_strdup (self->candidates->len ?
                                 _("Or choose cards on the table to take or build on") :
                                 _("Choose cards on the table to take or build on"));
      /* (no word of building in a game without it: Scopa, Tablanette …) */
      else if (supersets > 0)
        self->prompt = g_strdup (self->candidates->len ?
                                 _("Or choose cards on the table to take") :
                                 _("Choose cards on the table to take"));
    }
  else if (self->candidates->len == 0)
    {
      if (supersets > 0)
        self->prompt = g_strdup (_("Not a whole move yet: choose more cards on the table"));
      else
        {
          self->prompt = explain (self);
          self->prompt_is_error = TRUE;
        }
    }
}

static void
refresh_legal (CassinoGameController *self)
{
  cassino_move_list_clear (&self->legal);
  cassino_move_list_init (&self->legal);
  if (human_turn (self))
    cassino_game_legal_moves (self->game, &self->legal);
}

static void
refresh (CassinoGameController *self)
{
  refresh_legal (self);
  update_selection (self);
  emit_changed (self);
}

static void
reset_selection (CassinoGameController *self)
{
  self->selected = CASSINO_NO_CARD;
  self->chosen = 0;
  self->undone = FALSE;
  self->hint_selected = FALSE;
}

/* Plays */

/* The end of @deal in the log, @end its last position: who took the
 * cards left on the table, and that the deal is over. */
static void
log_deal_over (CassinoGameController *self,
               const CassinoPosition *end,
               const CassinoDeal     *deal)
{
  int taker = cassino_move_text_last_cards_seat (end);
  char *text = cassino_move_text_last_cards (end, taker >= 0 ?
                                             cassino_game_controller_get_seat_name (self, (guint) taker) : NULL);

  if (text)
    add_log (self, text);
  add_log (self, g_strdup_printf (_("Deal %u is over"), deal->number));
}

static void
after_play (CassinoGameController *self,
            guint                  seat,
            const CassinoMove     *move,
            const CassinoPosition *before,
            const CassinoAiReason *reason)
{
  char *text = cassino_move_text_played (before, cassino_game_controller_get_seat_name (self, seat), move);
  gint64 now = g_get_monotonic_time ();
  gint think_ms = -1;

  if (reason && self->ai_started)
    think_ms = (gint) ((now - self->ai_started) / 1000);
  else if (!reason && self->turn_started)
    think_ms = (gint) ((now - self->turn_started) / 1000);
  self->ai_started = 0;
  self->turn_started = now;

  add_log_play (self, text);
  cassino_game_recorder_play (self->recorder, self->game, seat, move, think_ms,
                              reason != NULL, reason ? reason->value : 0.0);

  reset_selection (self);
  clear_hint (self);

  if (cassino_game_get_state (self->game) != CASSINO_GAME_PLAYING)
    {
      const CassinoDeal *deal = cassino_game_get_current_deal (self->game);

      cassino_game_recorder_deal_over (self->recorder, self->game);
      if (deal && deal->finished)
        log_deal_over (self, position (self), deal);
      if (cassino_game_get_state (self->game) == CASSINO_GAME_OVER && self->has_rubber)
        {
          if (cassino_rubber_add_game (&self->rubber, self->game))
            cassino_game_recorder_rubber_over (self->recorder, &self->rubber);
        }
    }

  g_signal_emit (self, signals[MOVE_PLAYED], 0, seat, move, before);
  update_turn (self);
}

static gboolean
play_with_reason (CassinoGameController  *self,
                  const CassinoMove      *move,
                  const CassinoAiReason  *reason,
                  GError                **error)
{
  CassinoPosition before = *position (self);
  guint seat = before.to_move;

  if (!cassino_game_play (self->game, move, error))
    return FALSE;
  after_play (self, seat, move, &before, reason);
  return TRUE;
}

static gboolean
play (CassinoGameController  *self,
      const CassinoMove      *move,
      GError                **error)
{
  return play_with_reason (self, move, NULL, error);
}

/* Turns */

static void
update_turn (CassinoGameController *self)
{
  const CassinoPosition *pos = position (self);

  if (playing (self) && seat_is_human (self, pos->to_move))
    {
      if (count_humans (self) > 1 && pos->to_move != self->viewer)
        {
          if (self->pass_to != pos->to_move)
            {
              self->pass_to = pos->to_move;
              g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PASS_TO]);
            }
        }
      else
        self->viewer = pos->to_move;
    }

  refresh (self);
  schedule_computer (self);
}

static void
on_computer_move_chosen_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(CassinoGameController) self = user_data;
  g_autoptr(GError) error = NULL;
  CassinoAiReason reason;

  if (!cassino_ai_choose_finish (result, &reason, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The computer could not choose a move: %s",
                   error ? error->message : "no legal move");
      return;
    }
  if (self->ai_cancellable == NULL ||
      g_task_get_cancellable (G_TASK (result)) != self->ai_cancellable ||
      g_cancellable_is_cancelled (self->ai_cancellable))
    return;

  g_clear_object (&self->ai_cancellable);
  set_thinking (self, FALSE);

  if (!play_with_reason (self, &reason.move, &reason, &error))
    g_warning ("The computer chose an illegal move: %s", error->message);
}

static gboolean
on_computer_turn_due_cb (gpointer user_data)
{
  CassinoGameController *self = user_data;
  const CassinoPosition *pos = position (self);
  const CassinoSeat *seat;
  CassinoLevel level = CASSINO_LEVEL_MEDIUM;
  CassinoView view;
  /* the level's own search, but never a decision of over 0.9 s (master:
   * its time a move); the exact solver and the sampling loop both stop at
   * the time limit */
  CassinoAiBudget budget;
  const CassinoDeal *deal;
  guint64 seed;

  self->ai_source = 0;
  if (!playing (self) || seat_is_human (self, pos->to_move))
    return G_SOURCE_REMOVE;

  seat = cassino_game_get_seat (self->game, pos->to_move);
  if (seat && seat->level)
    cassino_level_from_string (seat->level, &level);

  deal = cassino_game_get_current_deal (self->game);
  seed = cassino_game_get_seed (self->game) * 1000003u +
         (deal ? deal->number * 1009u + deal->plays->len : 0);

  cassino_ai_app_budget (level, &budget);
  cassino_view_init_from_game (&view, self->game);
  self->ai_cancellable = g_cancellable_new ();
  self->ai_started = g_get_monotonic_time ();
  set_thinking (self, TRUE);
  cassino_ai_choose_async (&view, level, &budget, seed, self->ai_cancellable,
                           on_computer_move_chosen_cb, g_object_ref (self));
  cassino_view_clear (&view);

  update_selection (self);
  emit_changed (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_computer (CassinoGameController *self)
{
  const CassinoPosition *pos = position (self);

  if (self->replay || self->lesson || !playing (self) || seat_is_human (self, pos->to_move))
    return;
  if (self->ai_source || self->ai_cancellable)
    return;

  if (self->move_delay == 0)
    self->ai_source = g_idle_add (on_computer_turn_due_cb, self);
  else
    self->ai_source = g_timeout_add (self->move_delay, on_computer_turn_due_cb, self);
}

/* GObject */

static void
cassino_game_controller_dispose (GObject *object)
{
  CassinoGameController *self = CASSINO_GAME_CONTROLLER (object);

  cancel_computer (self);
  clear_hint (self);
  if (self->recorder && self->game && !self->replay)
    cassino_game_recorder_flush (self->recorder, self->game);
  g_clear_object (&self->recorder);

  G_OBJECT_CLASS (cassino_game_controller_parent_class)->dispose (object);
}

static void
cassino_game_controller_finalize (GObject *object)
{
  CassinoGameController *self = CASSINO_GAME_CONTROLLER (object);

  g_clear_pointer (&self->game, cassino_game_unref);
  g_clear_pointer (&self->setup, cassino_game_setup_free);
  cassino_move_list_clear (&self->legal);
  g_clear_pointer (&self->candidates, g_array_unref);
  g_clear_pointer (&self->log, g_ptr_array_unref);
  g_clear_pointer (&self->log_is_play, g_array_unref);
  g_free (self->action_text);
  g_free (self->prompt);
  g_free (self->hint_text);

  G_OBJECT_CLASS (cassino_game_controller_parent_class)->finalize (object);
}

static void
cassino_game_controller_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  CassinoGameController *self = CASSINO_GAME_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_MOVE_DELAY:
      g_value_set_uint (value, self->move_delay);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_PASS_TO:
      g_value_set_int (value, self->pass_to);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_game_controller_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  CassinoGameController *self = CASSINO_GAME_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_MOVE_DELAY:
      cassino_game_controller_set_move_delay (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_game_controller_class_init (CassinoGameControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cassino_game_controller_dispose;
  object_class->finalize = cassino_game_controller_finalize;
  object_class->get_property = cassino_game_controller_get_property;
  object_class->set_property = cassino_game_controller_set_property;

  properties[PROP_MOVE_DELAY] =
    g_param_spec_uint ("move-delay", NULL, NULL, 0, 10000, 700,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PASS_TO] =
    g_param_spec_int ("pass-to", NULL, NULL, -1, CASSINO_MAX_PLAYERS, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CassinoGameController::changed:
   *
   * Anything the views show may have changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CassinoGameController::move-played:
   * @seat: who played
   * @move: (type gpointer): the CassinoMove
   * @before: (type gpointer): the CassinoPosition it was played in
   *
   * Emitted after a move, before "changed"; views animate it.
   */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_UINT, G_TYPE_POINTER, G_TYPE_POINTER);

  /**
   * CassinoGameController::record-failed:
   * @message: what the database said
   *
   * The game could not be saved (or the database opened); play goes on
   * and every later step tries again.
   */
  signals[RECORD_FAILED] =
    g_signal_new ("record-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CassinoGameController::record-recovered:
   *
   * After a failure, the whole game is saved again.
   */
  signals[RECORD_RECOVERED] =
    g_signal_new ("record-recovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CassinoGameController::record-salvaged:
   *
   * The database was found damaged while the game was being recorded:
   * it was moved aside (cassino_game_controller_get_moved_aside_path())
   * and the games it still held copied into a new one, which records the
   * game from now on; or its indexes were built again
   * (cassino_game_controller_get_indexes_rebuilt()).  What reads the
   * database must open it again.
   */
  signals[RECORD_SALVAGED] =
    g_signal_new ("record-salvaged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CassinoGameController::resume-failed:
   * @message: which game, and why it cannot be read back
   *
   * The unfinished game to resume could not be read back; it is kept as
   * it is, and another game is dealt.
   */
  signals[RESUME_FAILED] =
    g_signal_new ("resume-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CassinoGameController::record-saved:
   *
   * A step of the game reached the database (written on a database
   * thread, after the move was shown).
   */
  signals[RECORD_SAVED] =
    g_signal_new ("record-saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CassinoGameController::confirm-move:
   * @text: what the move does, in words ("Take 9♦ with 9♠")
   *
   * The player made a move and confirmation is on: answer with
   * cassino_game_controller_confirm_move().
   */
  signals[CONFIRM_MOVE] =
    g_signal_new ("confirm-move", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CassinoGameController::move-refused:
   * @text: why the lesson's check refused the player's move
   */
  signals[MOVE_REFUSED] =
    g_signal_new ("move-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
on_record_failed_cb (CassinoGameRecorder   *recorder,
                     const char            *message,
                     CassinoGameController *self)
{
  g_signal_emit (self, signals[RECORD_FAILED], 0, message);
}

static void
on_record_recovered_cb (CassinoGameRecorder   *recorder,
                        CassinoGameController *self)
{
  g_signal_emit (self, signals[RECORD_RECOVERED], 0);
}

static void
on_record_saved_cb (CassinoGameRecorder   *recorder,
                    CassinoGameController *self)
{
  g_signal_emit (self, signals[RECORD_SAVED], 0);
}

static void
on_record_salvaged_cb (CassinoGameRecorder   *recorder,
                       CassinoGameController *self)
{
  g_signal_emit (self, signals[RECORD_SALVAGED], 0);
}

static void
on_unresumable_cb (CassinoGameRecorder   *recorder,
                   const char            *message,
                   CassinoGameController *self)
{
  g_signal_emit (self, signals[RESUME_FAILED], 0, message);
}

static void
cassino_game_controller_init (CassinoGameController *self)
{
  self->selected = CASSINO_NO_CARD;
  self->pass_to = -1;
  self->move_delay = 700;
  self->candidates = g_array_new (FALSE, FALSE, sizeof (CassinoMove));
  self->log = g_ptr_array_new_with_free_func (g_free);
  self->log_is_play = g_array_new (FALSE, FALSE, sizeof (gboolean));
  self->recorder = cassino_game_recorder_new ();
  g_signal_connect_object (self->recorder, "failed", G_CALLBACK (on_record_failed_cb), self, 0);
  g_signal_connect_object (self->recorder, "recovered", G_CALLBACK (on_record_recovered_cb), self, 0);
  g_signal_connect_object (self->recorder, "saved", G_CALLBACK (on_record_saved_cb), self, 0);
  g_signal_connect_object (self->recorder, "salvaged", G_CALLBACK (on_record_salvaged_cb), self, 0);
  g_signal_connect_object (self->recorder, "unresumable", G_CALLBACK (on_unresumable_cb), self, 0);
  cassino_move_list_init (&self->legal);
}

CassinoGameController *
cassino_game_controller_new (void)
{
  return g_object_new (CASSINO_TYPE_GAME_CONTROLLER, NULL);
}

void
cassino_game_controller_set_store_path (CassinoGameController *self,
                                        const char            *path)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));
  cassino_game_recorder_open (self->recorder, path);
}

const char *
cassino_game_controller_get_moved_aside_path (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return cassino_game_recorder_get_moved_aside_path (self->recorder);
}

gboolean
cassino_game_controller_is_recording (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return cassino_game_recorder_is_open (self->recorder);
}

gboolean
cassino_game_controller_get_indexes_rebuilt (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return cassino_game_recorder_get_indexes_rebuilt (self->recorder);
}

gboolean
cassino_game_controller_get_salvage_counts (CassinoGameController *self,
                                            guint                 *out_saved,
                                            guint                 *out_lost)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return cassino_game_recorder_get_salvage_counts (self->recorder, out_saved, out_lost);
}

void
cassino_game_controller_set_move_delay (CassinoGameController *self,
                                        guint                  delay_ms)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));

  if (self->move_delay == delay_ms)
    return;
  self->move_delay = delay_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVE_DELAY]);
}

guint
cassino_game_controller_get_move_delay (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);
  return self->move_delay;
}

/* Whether a person made a move in the game (with computers only at the
 * table: whether anyone did). */
static gboolean
someone_played (CassinoGameController *self)
{
  guint humans = count_humans (self);

  for (guint d = 0; self->game && d < cassino_game_get_n_deals (self->game); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (self->game, d);

      for (guint i = 0; i < deal->plays->len; i++)
        if (humans == 0 || seat_is_human (self, g_array_index (deal->plays, CassinoPlay, i).seat))
          return TRUE;
    }
  return FALSE;
}

/**
 * cassino_game_controller_in_progress:
 *
 * Returns: whether the game on the table is being played and someone
 * played in it: a new game puts it aside (it can be resumed from the
 * history), so the player is asked first.
 */
gboolean
cassino_game_controller_in_progress (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  return self->game && !self->replay &&
         cassino_game_get_state (self->game) != CASSINO_GAME_OVER &&
         someone_played (self);
}

/* Another game takes the table: the one being played stays unfinished in
 * the record (@keep: someone played in it, as in_progress() said before
 * the setup changed); one dealt but never played, such as the game dealt
 * at launch, leaves no trace. */
static void
leave_game (CassinoGameController *self,
            gboolean               keep)
{
  if (self->game == NULL || self->replay || cassino_game_get_state (self->game) == CASSINO_GAME_OVER)
    return;
  cancel_computer (self);
  cassino_game_recorder_leave (self->recorder, self->game, keep);
}

/* Whether the game on the table goes from the record when another takes
 * its place (History's Resume, a rubber continued): dealt and being
 * played, but no person played in it, as leave_game() without @keep. */
static gboolean
leaves_no_trace (CassinoGameController *self)
{
  return self->game && !self->replay &&
         cassino_game_get_state (self->game) != CASSINO_GAME_OVER &&
         !someone_played (self);
}

/* The move log of @deal as it was played, in the words of live play:
 * who deals, every move, who took the last cards, the end. */
static void
log_deal (CassinoGameController *self,
          const CassinoDeal     *deal)
{
  const CassinoRules *r = cassino_game_get_rules (self->game);
  CassinoPosition pos;

  add_log (self, g_strdup_printf (_("Deal %u: %s deals"), deal->number,
                                  cassino_game_controller_get_seat_name (self, deal->dealer)));
  cassino_position_deal (&pos, r, deal->deck, deal->deck_len, deal->dealer);
  for (guint i = 0; i < deal->plays->len; i++)
    {
      const CassinoPlay *p = &g_array_index (deal->plays, CassinoPlay, i);

      add_log_play (self, cassino_move_text_played (&pos, cassino_game_controller_get_seat_name (self, p->seat),
                                                    &p->move));
      cassino_position_apply (&pos, &p->move, NULL);
    }
  if (deal->finished)
    log_deal_over (self, &pos, deal);
}

static void
begin_game (CassinoGameController *self,
            CassinoGame           *game)
{
  cancel_computer (self);
  clear_hint (self);
  g_clear_pointer (&self->game, cassino_game_unref);
  self->game = game;
  reset_selection (self);
  self->hint_used = FALSE;
  self->undo_used = FALSE;
  self->pass_to = -1;
  self->replay = FALSE;
  self->all_hands = FALSE;
  self->turn_started = g_get_monotonic_time ();
  g_ptr_array_set_size (self->log, 0);
  g_array_set_size (self->log_is_play, 0);
  self->log_added = 0;
  self->log_epoch++;

  /* who sees the table first */
  self->viewer = 0;
  for (guint i = 0; i < self->setup->n_players; i++)
    if (seat_is_human (self, i))
      {
        self->viewer = i;
        break;
      }
  if (count_humans (self) > 1)
    self->viewer = G_MAXUINT;

  /* a resumed game: its log as it was played */
  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    log_deal (self, cassino_game_get_deal (game, d));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PASS_TO]);
  update_turn (self);
}

static CassinoGame *
new_game_full (CassinoGameController *self,
               guint64                seed,
               guint                  first_dealer,
               const CassinoDeal     *deal,
               GError               **error);

static CassinoGame *
new_game (CassinoGameController *self,
          guint64                seed,
          guint                  first_dealer,
          GError               **error)
{
  return new_game_full (self, seed, first_dealer, NULL, error);
}

static CassinoGame *
new_game_full (CassinoGameController *self,
               guint64                seed,
               guint                  first_dealer,
               const CassinoDeal     *deal,
               GError               **error)
{
  CassinoRules rules;
  CassinoGame *game;

  if (!cassino_game_setup_get_rules (self->setup, &rules, error))
    return NULL;

  game = cassino_game_new (&rules, seed, first_dealer);
  for (guint i = 0; i < self->setup->n_players; i++)
    {
      const CassinoSetupSeat *s = &self->setup->seats[i];

      cassino_game_set_seat (game, i, s->name, s->kind,
                             s->kind == CASSINO_SEAT_COMPUTER ? cassino_level_to_string (s->level) : NULL);
    }
  cassino_store_stamp_start (game);
  if (deal == NULL)
    cassino_game_start (game);
  else if (!cassino_game_start_deal_with_deck (game, deal->dealer, deal->seed, deal->deck,
                                               deal->deck_len, error))
    {
      cassino_game_unref (game);
      return NULL;
    }
  return game;
}

gboolean
cassino_game_controller_start (CassinoGameController  *self,
                               const CassinoGameSetup *setup,
                               guint64                 seed,
                               GError                **error)
{
  g_return_val_if_fail (setup != NULL, FALSE);

  return cassino_game_controller_start_tagged (self, setup, seed,
                                               g_random_int_range (0, (int) setup->n_players),
                                               NULL, error);
}

gboolean
cassino_game_controller_start_tagged (CassinoGameController  *self,
                                      const CassinoGameSetup *setup,
                                      guint64                 seed,
                                      guint                   first_dealer,
                                      const char *const      *tags,
                                      GError                **error)
{
  CassinoGameSetup *old;
  CassinoGame *game;
  CassinoRules rules;
  gboolean keep;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  g_return_val_if_fail (setup != NULL, FALSE);
  g_return_val_if_fail (first_dealer < setup->n_players, FALSE);

  if (!cassino_game_setup_get_rules (setup, &rules, error))
    return FALSE;
  keep = cassino_game_controller_in_progress (self);

  while (seed == 0)
    seed = ((guint64) g_random_int () << 32) | g_random_int ();

  old = self->setup;
  self->setup = cassino_game_setup_copy (setup);
  game = new_game (self, seed, first_dealer, error);
  if (game == NULL)
    {
      cassino_game_setup_free (self->setup);
      self->setup = old;
      return FALSE;
    }
  for (guint i = 0; tags && tags[i] && tags[i + 1]; i += 2)
    cassino_game_set_tag (game, tags[i], tags[i + 1]);
  cassino_game_setup_free (old);
  leave_game (self, keep);

  self->has_rubber = rules.rubber_games > 1;
  self->game_number = 1;
  if (self->has_rubber)
    cassino_rubber_init (&self->rubber, &rules);

  cassino_game_recorder_start (self->recorder, game, self->has_rubber);
  begin_game (self, game);
  return TRUE;
}

static CassinoGameSetup *
setup_from_game (const CassinoGame *game)
{
  CassinoGameSetup *setup = g_new0 (CassinoGameSetup, 1);
  const CassinoRules *r = cassino_game_get_rules (game);

  setup->preset = r->preset;
  setup->options = cassino_rules_to_json (r);
  setup->n_players = r->n_players;
  setup->format = r->target == 0 ? CASSINO_FORMAT_SINGLE :
                  r->rubber_games > 1 ? CASSINO_FORMAT_RUBBER : CASSINO_FORMAT_TARGET;
  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (game, i);

      setup->seats[i].name = g_strdup (s && s->name ? s->name : cassino_game_setup_computer_name (i));
      setup->seats[i].kind = s ? s->kind : CASSINO_SEAT_COMPUTER;
      setup->seats[i].level = CASSINO_LEVEL_MEDIUM;
      if (s && s->level)
        cassino_level_from_string (s->level, &setup->seats[i].level);
    }
  return setup;
}

/* Take over @game (transfer full), with its rubber's standing: @played
 * games of it over before this one. */
static void
take_game (CassinoGameController *self,
           CassinoGame           *game,
           const CassinoRubber   *standing,
           guint                  played)
{
  const CassinoRules *r = cassino_game_get_rules (game);

  g_clear_pointer (&self->setup, cassino_game_setup_free);
  self->setup = setup_from_game (game);
  self->has_rubber = r->rubber_games > 1;
  self->game_number = 1;
  if (self->has_rubber)
    {
      self->rubber = *standing;
      self->game_number = played + 1;
    }
  begin_game (self, game);
}

/* Take over @game (transfer full), loaded from the store at start-up. */
static void
resume_loaded (CassinoGameController *self,
               CassinoGame           *game)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  CassinoRubber standing;
  guint number = 1;

  cassino_rubber_init (&standing, r);
  if (r->rubber_games > 1)
    /* the games of the rubber already played count */
    cassino_game_recorder_get_rubber_standing (self->recorder, r, &standing, &number);
  take_game (self, game, &standing, number - 1);
}

gboolean
cassino_game_controller_resume (CassinoGameController *self)
{
  CassinoGame *game;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  game = cassino_game_recorder_load_unfinished (self->recorder);
  if (game == NULL)
    return FALSE;
  resume_loaded (self, game);
  return TRUE;
}

gboolean
cassino_game_controller_resume_opened (CassinoGameController  *self,
                                       gint64                  game_id,
                                       gint64                  rubber_id,
                                       const char             *state,
                                       const CassinoGame      *game,
                                       const CassinoRubber    *standing,
                                       guint                   played,
                                       GError                **error)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  g_return_val_if_fail (game != NULL && standing != NULL, FALSE);

  if (game_id == cassino_game_recorder_get_game_id (self->recorder) && self->game && !self->replay)
    return TRUE;
  if (g_strcmp0 (state, "playing") != 0 || cassino_game_get_state (game) == CASSINO_GAME_OVER)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   _("This game is over."));
      return FALSE;
    }
  /* the game on the table stays unfinished, its moves caught up (it can
   * be resumed later), or goes if nobody played in it */
  leave_game (self, !leaves_no_trace (self));
  cassino_game_recorder_adopt_game (self->recorder, game_id, rubber_id, game);
  take_game (self, cassino_game_copy (game), standing, played);
  return TRUE;
}

gboolean
cassino_game_controller_continue_rubber_opened (CassinoGameController  *self,
                                                gint64                  rubber_id,
                                                gint64                  last_id,
                                                const CassinoGame      *last,
                                                const CassinoRubber    *standing,
                                                guint                   played,
                                                GError                **error)
{
  CassinoGame *game;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  g_return_val_if_fail (last != NULL && standing != NULL, FALSE);

  if (cassino_game_get_state (last) != CASSINO_GAME_OVER)
    {
      /* its last game is still being played: resume that */
      if (last_id == cassino_game_recorder_get_game_id (self->recorder) && self->game && !self->replay)
        return TRUE;
      leave_game (self, !leaves_no_trace (self));
      cassino_game_recorder_adopt_game (self->recorder, last_id, rubber_id, last);
      take_game (self, cassino_game_copy (last), standing, played);
      return TRUE;
    }
  if (standing->finished)
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   _("This rubber is over."));
      return FALSE;
    }

  leave_game (self, !leaves_no_trace (self));
  cassino_game_recorder_adopt_rubber (self->recorder, rubber_id);
  g_clear_pointer (&self->setup, cassino_game_setup_free);
  self->setup = setup_from_game (last);
  game = new_game (self, g_random_int () | ((guint64) g_random_int () << 32) | 1,
                   (cassino_game_get_first_dealer (last) + 1) % self->setup->n_players, error);
  if (game == NULL)
    return FALSE;
  self->has_rubber = TRUE;
  self->rubber = *standing;
  self->game_number = played + 1;
  cassino_game_recorder_start (self->recorder, game, TRUE);
  begin_game (self, game);
  return TRUE;
}

gboolean
cassino_game_controller_start_deal (CassinoGameController  *self,
                                    const CassinoGameSetup *setup,
                                    const CassinoDeal      *deal,
                                    GError                **error)
{
  CassinoGameSetup *old;
  CassinoGame *game;
  CassinoRules rules;
  gboolean keep;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  g_return_val_if_fail (setup != NULL && deal != NULL, FALSE);

  if (!cassino_game_setup_get_rules (setup, &rules, error))
    return FALSE;
  keep = cassino_game_controller_in_progress (self);

  old = self->setup;
  self->setup = cassino_game_setup_copy (setup);
  game = new_game_full (self, deal->seed ? deal->seed : 1, deal->dealer, deal, error);
  if (game == NULL)
    {
      cassino_game_setup_free (self->setup);
      self->setup = old;
      return FALSE;
    }
  cassino_game_setup_free (old);
  leave_game (self, keep);
  self->has_rubber = rules.rubber_games > 1;
  self->game_number = 1;
  if (self->has_rubber)
    cassino_rubber_init (&self->rubber, &rules);
  cassino_game_recorder_start (self->recorder, game, self->has_rubber);
  begin_game (self, game);
  return TRUE;
}

void
cassino_game_controller_show_replay (CassinoGameController *self,
                                     CassinoGame           *game,
                                     guint                  viewer,
                                     gboolean               all_hands)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));
  g_return_if_fail (game != NULL);

  cancel_computer (self);
  clear_hint (self);
  if (self->game != game)
    {
      cassino_game_ref (game);
      g_clear_pointer (&self->game, cassino_game_unref);
      self->game = game;
      g_clear_pointer (&self->setup, cassino_game_setup_free);
      self->setup = setup_from_game (game);
    }
  self->replay = TRUE;
  self->all_hands = all_hands;
  self->viewer = MIN (viewer, cassino_game_get_rules (game)->n_players - 1);
  self->pass_to = -1;
  self->has_rubber = FALSE;
  reset_selection (self);
  refresh (self);
}

void
cassino_game_controller_show_replay_move (CassinoGameController *self,
                                          CassinoGame           *game,
                                          guint                  seat,
                                          const CassinoMove     *move,
                                          const CassinoPosition *before)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));
  g_return_if_fail (self->replay);

  cassino_game_ref (game);
  g_clear_pointer (&self->game, cassino_game_unref);
  self->game = game;
  g_signal_emit (self, signals[MOVE_PLAYED], 0, seat, move, before);
  refresh (self);
}

void
cassino_game_controller_show_lesson (CassinoGameController *self,
                                     CassinoGame           *game,
                                     CassinoMoveCheckFunc   check,
                                     gpointer               user_data)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));
  g_return_if_fail (game != NULL);

  g_clear_pointer (&self->setup, cassino_game_setup_free);
  self->setup = setup_from_game (game);
  self->lesson = TRUE;
  self->move_check = check;
  self->move_check_data = user_data;
  self->has_rubber = FALSE;
  begin_game (self, game);
}

gboolean
cassino_game_controller_is_replay (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->replay;
}

gboolean
cassino_game_controller_get_all_hands (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->replay && self->all_hands;
}

guint
cassino_game_controller_get_game_number (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 1);
  return self->game_number;
}

gint64
cassino_game_controller_get_game_id (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);
  return cassino_game_recorder_get_game_id (self->recorder);
}

gboolean
cassino_game_controller_has_game (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->game != NULL;
}

const CassinoGame *
cassino_game_controller_get_game (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->game;
}

const CassinoGameSetup *
cassino_game_controller_get_setup (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->setup;
}

const char *
cassino_game_controller_get_seat_name (CassinoGameController *self,
                                       guint                  seat)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), "");

  if (self->setup && seat < self->setup->n_players && self->setup->seats[seat].name)
    return self->setup->seats[seat].name;
  return cassino_game_setup_computer_name (seat);
}

gboolean
cassino_game_controller_seat_is_human (CassinoGameController *self,
                                       guint                  seat)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return seat_is_human (self, seat);
}

const char *
cassino_game_controller_get_side_name (CassinoGameController *self,
                                       guint                  side)
{
  static char buf[256];
  const CassinoRules *r;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), "");

  if (self->game == NULL)
    return "";
  r = cassino_game_get_rules (self->game);
  if (r->n_sides == r->n_players)
    return cassino_game_controller_get_seat_name (self, side);

  /* Translators: a partnership, e.g. "Anna & Chiara" */
  g_snprintf (buf, sizeof buf, _("%s & %s"),
              cassino_game_controller_get_seat_name (self, side),
              cassino_game_controller_get_seat_name (self, side + r->n_sides));
  return buf;
}

char *
cassino_game_controller_dup_side_heading (CassinoGameController *self,
                                          guint                  side)
{
  const CassinoRules *r;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);

  if (self->game == NULL)
    return g_strdup ("");
  r = cassino_game_get_rules (self->game);
  if (r->n_sides == r->n_players)
    return g_strdup (cassino_game_controller_get_seat_name (self, side));
  /* Translators: a partnership over a score sheet's column, one name
   * above the other, e.g. "Anna &" over "Chiara" */
  return g_strdup_printf (_("%s &\n%s"),
                          cassino_game_controller_get_seat_name (self, side),
                          cassino_game_controller_get_seat_name (self, side + r->n_sides));
}

guint
cassino_game_controller_get_viewer (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);

  if (self->viewer == G_MAXUINT)
    {
      /* pass and play before anyone took the device: the first human */
      for (guint i = 0; self->setup && i < self->setup->n_players; i++)
        if (seat_is_human (self, i))
          return i;
      return 0;
    }
  return self->viewer;
}

gboolean
cassino_game_controller_get_hand_visible (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->replay || (self->pass_to < 0 && self->viewer != G_MAXUINT);
}

int
cassino_game_controller_get_pass_to (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), -1);
  return self->pass_to;
}

void
cassino_game_controller_confirm_pass (CassinoGameController *self)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));

  if (self->pass_to < 0)
    return;
  self->viewer = (guint) self->pass_to;
  self->pass_to = -1;
  reset_selection (self);
  clear_hint (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PASS_TO]);
  refresh (self);
}

gboolean
cassino_game_controller_is_human_turn (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return human_turn (self);
}

gboolean
cassino_game_controller_is_thinking (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->thinking;
}

/* Selection */

gboolean
cassino_game_controller_select_card (CassinoGameController *self,
                                     CassinoCard            card)
{
  const CassinoPosition *pos;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!human_turn (self))
    return FALSE;
  pos = position (self);

  self->hint_selected = FALSE;
  if (card == CASSINO_NO_CARD || card == self->selected)
    {
      self->selected = CASSINO_NO_CARD;
      self->chosen = 0;
    }
  else
    {
      g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CassinoMove));
      gboolean keep = FALSE;

      if (card >= CASSINO_N_CARDS || !(pos->hands[pos->to_move] & CASSINO_CARD_BIT (card)))
        return FALSE;

      /* keep table cards already chosen if they still make sense */
      moves_of_card (self, card, moves);
      for (guint i = 0; i < moves->len && self->chosen; i++)
        if ((g_array_index (moves, CassinoMove, i).set & self->chosen) == self->chosen)
          keep = TRUE;
      if (!keep)
        self->chosen = 0;
      self->selected = card;
      self->undone = FALSE;
    }

  update_selection (self);
  emit_changed (self);
  return TRUE;
}

CassinoCard
cassino_game_controller_get_selected (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), CASSINO_NO_CARD);
  return self->selected;
}

gboolean
cassino_game_controller_toggle_item (CassinoGameController *self,
                                     CassinoCards           item)
{
  const CassinoPosition *pos;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!human_turn (self) || item == 0)
    return FALSE;
  pos = position (self);
  if ((item & cassino_position_table_cards (pos)) != item)
    return FALSE;

  if (self->selected == CASSINO_NO_CARD)
    {
      g_free (self->prompt);
      self->prompt = g_strdup (_("First choose the card from your hand to play"));
      self->prompt_is_error = TRUE;
      emit_changed (self);
      return FALSE;
    }

  self->chosen ^= item;
  self->hint_selected = FALSE;
  update_selection (self);
  emit_changed (self);
  return TRUE;
}

CassinoCards
cassino_game_controller_get_chosen (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);
  return self->chosen;
}

void
cassino_game_controller_clear_selection (CassinoGameController *self)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));

  reset_selection (self);
  update_selection (self);
  emit_changed (self);
}

CassinoCards
cassino_game_controller_get_targets (CassinoGameController *self)
{
  CassinoCards targets = 0;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);

  if (!human_turn (self) || self->selected == CASSINO_NO_CARD)
    return 0;
  for (guint i = 0; i < self->legal.len; i++)
    {
      const CassinoMove *m = &self->legal.moves[i];

      if (m->type != CASSINO_MOVE_CLAIM && m->card == self->selected &&
          (m->set & self->chosen) == self->chosen)
        targets |= m->set;
    }
  return targets;
}

CassinoCards
cassino_game_controller_get_playable (CassinoGameController *self)
{
  CassinoCards playable = 0;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);

  if (!human_turn (self))
    return 0;
  for (guint i = 0; i < self->legal.len; i++)
    if (self->legal.moves[i].type != CASSINO_MOVE_CLAIM)
      playable |= CASSINO_CARD_BIT (self->legal.moves[i].card);
  return playable;
}

const char *
cassino_game_controller_get_action_text (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->action_text;
}

const char *
cassino_game_controller_get_prompt (CassinoGameController *self,
                                    gboolean              *is_error)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);

  if (is_error)
    *is_error = self->prompt_is_error;
  return self->prompt;
}

/* The player's move, made in the window: played, or held for
 * confirmation. */
static CassinoPlayResult
play_human (CassinoGameController *self,
            const CassinoMove     *move)
{
  g_autoptr(GError) error = NULL;

  if (self->move_check)
    {
      char *why = self->move_check (self->game, move, self->move_check_data);

      if (why)
        {
          g_free (self->prompt);
          self->prompt = why;
          self->prompt_is_error = TRUE;
          g_array_set_size (self->candidates, 0);
          g_signal_emit (self, signals[MOVE_REFUSED], 0, why);
          emit_changed (self);
          return CASSINO_PLAY_NOTHING;
        }
    }
  if (self->confirm_moves)
    {
      g_autofree char *text = cassino_move_text_describe (position (self), move);

      self->pending = *move;
      self->has_pending = TRUE;
      g_signal_emit (self, signals[CONFIRM_MOVE], 0, text);
      return CASSINO_PLAY_CONFIRM;
    }
  if (!play (self, move, &error))
    {
      g_warning ("%s", error->message);
      return CASSINO_PLAY_NOTHING;
    }
  return CASSINO_PLAY_PLAYED;
}

void
cassino_game_controller_set_confirm_moves (CassinoGameController *self,
                                           gboolean               confirm)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));
  self->confirm_moves = !!confirm;
}

gboolean
cassino_game_controller_has_pending_move (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->has_pending;
}

gboolean
cassino_game_controller_confirm_move (CassinoGameController *self,
                                      gboolean               play_it)
{
  CassinoMove move;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!self->has_pending)
    return FALSE;
  move = self->pending;
  self->has_pending = FALSE;
  /* the position may have moved on (a new game, undo): then it is no
   * longer the move that was asked about */
  if (!play_it || !human_turn (self) || !cassino_position_is_legal (position (self), &move))
    {
      emit_changed (self);
      return FALSE;
    }
  return play (self, &move, NULL);
}

static CassinoPlayResult
play_candidates (CassinoGameController *self)
{
  if (self->candidates->len == 1)
    {
      CassinoMove move = g_array_index (self->candidates, CassinoMove, 0);

      return play_human (self, &move);
    }
  if (self->candidates->len > 1)
    return CASSINO_PLAY_CHOOSE;
  return CASSINO_PLAY_NOTHING;
}

CassinoPlayResult
cassino_game_controller_play_selection (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), CASSINO_PLAY_NOTHING);

  if (!human_turn (self) || self->selected == CASSINO_NO_CARD)
    return CASSINO_PLAY_NOTHING;
  return play_candidates (self);
}

CassinoPlayResult
cassino_game_controller_play_card (CassinoGameController *self,
                                   CassinoCard            card)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CassinoMove));
  const CassinoMove *best = NULL;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), CASSINO_PLAY_NOTHING);

  if (!human_turn (self))
    return CASSINO_PLAY_NOTHING;

  /* what is already chosen decides, when it is one move */
  if (card == self->selected && self->chosen && self->candidates->len > 0)
    return play_candidates (self);

  if (card != self->selected)
    cassino_game_controller_select_card (self, card);
  if (self->selected != card)
    return CASSINO_PLAY_NOTHING;

  moves_of_card (self, card, moves);
  g_array_set_size (self->candidates, 0);
  if (moves->len == 0)
    return CASSINO_PLAY_NOTHING;

  /* the biggest capture, else the trail, else the builds to choose from */
  for (guint i = 0; i < moves->len; i++)
    {
      const CassinoMove *m = &g_array_index (moves, CassinoMove, i);

      if (m->type == CASSINO_MOVE_CAPTURE &&
          (best == NULL || cassino_cards_count (m->set) > cassino_cards_count (best->set)))
        best = m;
    }
  for (guint i = 0; i < moves->len && best == NULL; i++)
    if (g_array_index (moves, CassinoMove, i).type == CASSINO_MOVE_TRAIL)
      best = &g_array_index (moves, CassinoMove, i);

  if (best)
    g_array_append_val (self->candidates, *best);
  else
    g_array_append_vals (self->candidates, moves->data, moves->len);
  return play_candidates (self);
}

CassinoPlayResult
cassino_game_controller_drop_card (CassinoGameController *self,
                                   CassinoCard            card,
                                   CassinoCards           item)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (CassinoMove));

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), CASSINO_PLAY_NOTHING);

  if (!human_turn (self))
    return CASSINO_PLAY_NOTHING;
  if (card != self->selected)
    cassino_game_controller_select_card (self, card);
  if (self->selected != card)
    return CASSINO_PLAY_NOTHING;

  self->chosen = item;
  self->bare_drop = item == 0;
  update_selection (self);
  self->bare_drop = FALSE;
  if (self->candidates->len == 0 && item != 0)
    {
      /* the moves that use that item */
      moves_of_card (self, card, moves);
      for (guint i = 0; i < moves->len; i++)
        if ((g_array_index (moves, CassinoMove, i).set & item) == item)
          g_array_append_val (self->candidates, g_array_index (moves, CassinoMove, i));
    }
  emit_changed (self);
  return play_candidates (self);
}

GArray *
cassino_game_controller_get_candidates (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->candidates;
}

gboolean
cassino_game_controller_play_candidate (CassinoGameController *self,
                                        guint                  index)
{
  CassinoMove move;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (index >= self->candidates->len || !human_turn (self))
    return FALSE;
  move = g_array_index (self->candidates, CassinoMove, index);
  return play_human (self, &move) != CASSINO_PLAY_NOTHING;
}

gboolean
cassino_game_controller_play_move (CassinoGameController  *self,
                                   const CassinoMove      *move,
                                   GError                **error)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!human_turn (self))
    {
      g_set_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_WRONG_STATE,
                   "it is not your turn");
      return FALSE;
    }
  return play (self, move, error);
}

/* Cassino! */

gboolean
cassino_game_controller_can_claim (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!human_turn (self))
    return FALSE;
  for (guint i = 0; i < self->legal.len; i++)
    if (self->legal.moves[i].type == CASSINO_MOVE_CLAIM)
      return TRUE;
  return FALSE;
}

gboolean
cassino_game_controller_claim (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!human_turn (self))
    return FALSE;
  for (guint i = 0; i < self->legal.len; i++)
    if (self->legal.moves[i].type == CASSINO_MOVE_CLAIM)
      {
        CassinoMove move = self->legal.moves[i];
        return play (self, &move, NULL);
      }
  return FALSE;
}

/* Hints */

gboolean
cassino_game_controller_can_hint (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return human_turn (self) && self->hint_cancellable == NULL;
}

typedef struct {
  CassinoView     view;
  guint64         seed;
  CassinoAiReason reason;
} HintData;

static void
hint_data_free (HintData *data)
{
  cassino_view_clear (&data->view);
  g_free (data);
}

static void
hint_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  HintData *data = task_data;
  CassinoAiBudget budget = { 0, CASSINO_AI_HINT_TIME_MS };

  if (cassino_ai_hint (&data->view, &budget, data->seed, cancellable, &data->reason))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "no hint");
}

static void
on_hint_ready_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  CassinoGameController *self = CASSINO_GAME_CONTROLLER (source);
  HintData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  g_autofree char *reason = NULL;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));

  if (!g_task_propagate_boolean (G_TASK (result), &error) ||
      g_cancellable_is_cancelled (cancellable) ||
      cancellable != self->hint_cancellable)
    return;

  g_clear_object (&self->hint_cancellable);
  if (!human_turn (self))
    return;

  self->has_hint = TRUE;
  self->hint = data->reason.move;
  reason = cassino_ai_reason_to_string (cassino_game_get_rules (self->game), &data->reason);
  g_free (self->hint_text);
  if (data->reason.sweep && cassino_move_text_sweep_word (cassino_game_get_rules (self->game)))
    /* Translators: a hint that sweeps in a fishing game: the reason, then
     * the game's sweep word, e.g. "Hint: Take 5♣ with 5♠: 1 card and a sweep. Scopa!" */
    self->hint_text = g_strdup_printf (_("Hint: %s %s"), reason,
                                       cassino_move_text_sweep_word (cassino_game_get_rules (self->game)));
  else
    /* Translators: the hint's reason follows */
    self->hint_text = g_strdup_printf (_("Hint: %s"), reason);
  self->hint_used = TRUE;
  cassino_game_recorder_hint (self->recorder, self->game);

  if (self->hint.type != CASSINO_MOVE_CLAIM)
    {
      self->selected = self->hint.card;
      self->chosen = self->hint.set;
      self->hint_selected = TRUE;
      self->hint_wants_focus = TRUE;
    }
  update_selection (self);
  emit_changed (self);
}

void
cassino_game_controller_request_hint (CassinoGameController *self)
{
  g_autoptr(GTask) task = NULL;
  HintData *data;
  const CassinoDeal *deal;

  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));

  if (!cassino_game_controller_can_hint (self))
    return;

  clear_hint (self);
  self->hint_cancellable = g_cancellable_new ();
  data = g_new0 (HintData, 1);
  cassino_view_init_from_game (&data->view, self->game);
  deal = cassino_game_get_current_deal (self->game);
  data->seed = cassino_game_get_seed (self->game) ^ (deal ? deal->plays->len + 7919u * deal->number : 0);

  task = g_task_new (self, self->hint_cancellable, on_hint_ready_cb, NULL);
  g_task_set_source_tag (task, cassino_game_controller_request_hint);
  g_task_set_task_data (task, data, (GDestroyNotify) hint_data_free);
  g_task_run_in_thread (task, hint_thread);

  g_free (self->prompt);
  self->prompt = g_strdup (_("Looking for a good move…"));
  emit_changed (self);
}

gboolean
cassino_game_controller_get_hint (CassinoGameController *self,
                                  CassinoMove           *out_move)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!self->has_hint)
    return FALSE;
  if (out_move)
    *out_move = self->hint;
  return TRUE;
}

const char *
cassino_game_controller_get_hint_text (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->has_hint ? self->hint_text : NULL;
}

gboolean
cassino_game_controller_get_hint_used (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->hint_used;
}

gboolean
cassino_game_controller_take_hint_focus (CassinoGameController *self)
{
  gboolean wants;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  wants = self->hint_wants_focus && self->has_hint && self->hint_selected && self->selected == self->hint.card;
  self->hint_wants_focus = FALSE;
  return wants;
}

/* Undo */

/* The index in the current deal's plays of the viewer's last play that
 * can be taken back, or -1 and in @why (if not NULL) the reason, in
 * words. */
static int
undoable_play (CassinoGameController  *self,
               const char            **why)
{
  const CassinoDeal *deal;
  const CassinoRules *r;
  CassinoPosition replay;
  int last = -1;
  guint8 hand_before = 0;
  const char *unused;

  if (why == NULL)
    why = &unused;
  *why = _("There is no move of yours to take back");
  if (self->game == NULL || self->replay)
    return -1;
  if (cassino_game_get_state (self->game) == CASSINO_GAME_OVER)
    {
      *why = _("You can’t undo once the game is over");
      return -1;
    }
  if (!playing (self))
    {
      *why = _("You can’t undo once the deal is over");
      return -1;
    }
  if (count_humans (self) > 1)
    {
      *why = _("You can’t undo when several people play at this table");
      return -1;
    }
  if (count_humans (self) != 1)
    return -1;
  r = cassino_game_get_rules (self->game);
  if (r->draw_after_play)
    {
      /* every play shows a new card */
      *why = _("You can’t undo in this variant: every play draws a new card");
      return -1;
    }
  deal = cassino_game_get_current_deal (self->game);
  if (deal == NULL)
    return -1;

  cassino_position_deal (&replay, r, deal->deck, deal->deck_len, deal->dealer);
  for (guint i = 0; i < deal->plays->len; i++)
    {
      const CassinoPlay *p = &g_array_index (deal->plays, CassinoPlay, i);

      if (p->seat == self->viewer)
        {
          last = (int) i;
          hand_before = replay.hand_number;
        }
      cassino_position_apply (&replay, &p->move, NULL);
    }

  if (last < 0)
    {
      *why = _("You have not played in this deal yet");
      return -1;
    }
  /* not once a new hand has been dealt and seen */
  if (hand_before != position (self)->hand_number)
    {
      *why = _("You can’t undo once new cards are dealt");
      return -1;
    }
  *why = NULL;
  return last;
}

gboolean
cassino_game_controller_can_undo (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return undoable_play (self, NULL) >= 0;
}

/**
 * cassino_game_controller_get_undo_blocked:
 *
 * Returns: why Undo cannot be used now, in words ("You can’t undo once
 * new cards are dealt"), or NULL when it can.
 */
const char *
cassino_game_controller_get_undo_blocked (CassinoGameController *self)
{
  const char *why;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  undoable_play (self, &why);
  return why;
}

gboolean
cassino_game_controller_undo (CassinoGameController *self)
{
  const CassinoDeal *deal;
  guint undone = 0;
  int last;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  last = undoable_play (self, NULL);
  if (last < 0)
    return FALSE;

  cancel_computer (self);
  clear_hint (self);
  deal = cassino_game_get_current_deal (self->game);
  while (deal->plays->len > (guint) last)
    {
      g_autoptr(GError) error = NULL;

      if (!cassino_game_undo (self->game, &error))
        {
          g_warning ("Cannot undo: %s", error->message);
          break;
        }
      undone++;
      deal = cassino_game_get_current_deal (self->game);
    }
  remove_log_plays (self, undone);

  self->undo_used = TRUE;
  cassino_game_recorder_undo (self->recorder, self->game);
  /* Translators: the move log after an undo */
  add_log (self, g_strdup_printf (_("%s took back a move"),
                                  cassino_game_controller_get_seat_name (self, self->viewer)));
  reset_selection (self);
  self->undone = TRUE;
  update_turn (self);
  return TRUE;
}

gboolean
cassino_game_controller_get_undo_used (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);
  return self->undo_used;
}

/* Deals and games */

gboolean
cassino_game_controller_next_deal (CassinoGameController *self)
{
  g_autoptr(GError) error = NULL;
  const CassinoDeal *deal;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (self->game == NULL || cassino_game_get_state (self->game) != CASSINO_GAME_DEAL_OVER)
    return FALSE;
  if (!cassino_game_next_deal (self->game, &error))
    {
      g_warning ("Cannot deal: %s", error->message);
      return FALSE;
    }
  cassino_game_recorder_deal_started (self->recorder, self->game);
  deal = cassino_game_get_current_deal (self->game);
  add_log (self, g_strdup_printf (_("Deal %u: %s deals"), deal->number,
                                  cassino_game_controller_get_seat_name (self, deal->dealer)));
  reset_selection (self);
  update_turn (self);
  return TRUE;
}

gboolean
cassino_game_controller_can_next_game (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  return self->game && cassino_game_get_state (self->game) == CASSINO_GAME_OVER &&
         self->has_rubber && !self->rubber.finished;
}

gboolean
cassino_game_controller_next_game (CassinoGameController *self)
{
  g_autoptr(GError) error = NULL;
  CassinoGame *game;
  guint64 seed = 0;

  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), FALSE);

  if (!cassino_game_controller_can_next_game (self))
    return FALSE;

  while (seed == 0)
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  game = new_game (self, seed,
                   (cassino_game_get_first_dealer (self->game) + 1) % self->setup->n_players,
                   &error);
  if (game == NULL)
    {
      g_warning ("Cannot start the next game: %s", error->message);
      return FALSE;
    }
  self->game_number++;
  cassino_game_recorder_start (self->recorder, game, TRUE);
  begin_game (self, game);
  return TRUE;
}

const CassinoRubber *
cassino_game_controller_get_rubber (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->has_rubber ? &self->rubber : NULL;
}

GPtrArray *
cassino_game_controller_get_log (CassinoGameController *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), NULL);
  return self->log;
}

/**
 * cassino_game_controller_get_log_serial:
 * @epoch: (out): changes whenever entries are taken out of the log (a
 *   new game, an undo): a view then shows it all again
 *
 * Returns: how many entries were added to the log since it was last
 * emptied (the log itself keeps the last few): a view that shows the log
 * adds only the new ones.
 */
guint
cassino_game_controller_get_log_serial (CassinoGameController *self,
                                        guint                 *epoch)
{
  g_return_val_if_fail (CASSINO_IS_GAME_CONTROLLER (self), 0);
  if (epoch)
    *epoch = self->log_epoch;
  return self->log_added;
}

void
cassino_game_controller_stop (CassinoGameController *self)
{
  g_return_if_fail (CASSINO_IS_GAME_CONTROLLER (self));
  cancel_computer (self);
  clear_hint (self);
}
