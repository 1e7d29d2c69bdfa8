/* cassino-game-recorder.c: the game controller's line to the store
 *
 * Every step of a game goes to the database in its own transaction as it
 * happens, so that a crash loses at most the move being played and the
 * game resumes where it stopped.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include "cassino-game-recorder.h"

#include <string.h>
#include <glib/gi18n.h>

#include "cassino-store.h"
#include "cassino-store-history.h"
#include "cassino-store-record.h"

struct _CassinoGameRecorder
{
  GObject       parent_instance;

  CassinoStore *store;
  gint64        game_id;
  gint64        rubber_id;
  gboolean      hint_used;
  gboolean      undo_used;
  /* a step of the current game failed to reach the database: the next
   * step brings the whole game up to date instead of adding to a gap */
  gboolean      behind;
  /* an undo that did not reach the database: the plays of deal
   * retract_deal from retract_from on are stale (0: none) */
  guint         retract_deal;
  guint         retract_from;
};

G_DEFINE_FINAL_TYPE (CassinoGameRecorder, cassino_game_recorder, G_TYPE_OBJECT)

enum {
  FAILED,
  RECOVERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
report (CassinoGameRecorder *self,
        GError              *error)
{
  if (error == NULL)
    return;
  g_debug ("Recording failed: %s", error->message);
  g_signal_emit (self, signals[FAILED], 0, error->message);
}

/* A step failed: remember that the database is behind the game. */
static void
report_step (CassinoGameRecorder *self,
             GError              *error)
{
  if (error == NULL)
    return;
  self->behind = TRUE;
  report (self, error);
}

/* When an earlier step failed, write everything the game has that the
 * database lacks (taken-back moves out, missing moves, deal scores, the
 * result) in one transaction.  Returns TRUE when the database was behind:
 * the caller's step is then part of what was written (or failed again). */
static gboolean
catch_up (CassinoGameRecorder *self,
          const CassinoGame   *game)
{
  g_autoptr(GError) error = NULL;

  if (!self->behind)
    return FALSE;

  if (self->retract_deal != 0)
    {
      if (!cassino_store_truncate_deal (self->store, self->game_id, self->retract_deal,
                                        self->retract_from, &error) &&
          !g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND))
        {
          report (self, error);
          return TRUE;
        }
      g_clear_error (&error);
      self->retract_deal = 0;
    }
  if (!cassino_store_sync_game (self->store, self->game_id, game, &error))
    {
      report (self, error);
      return TRUE;
    }
  g_debug ("Recording caught up with game %" G_GINT64_FORMAT, self->game_id);
  self->behind = FALSE;
  g_signal_emit (self, signals[RECOVERED], 0);
  self->retract_deal = 0;
  return TRUE;
}

static void
cassino_game_recorder_dispose (GObject *object)
{
  CassinoGameRecorder *self = CASSINO_GAME_RECORDER (object);

  g_clear_object (&self->store);

  G_OBJECT_CLASS (cassino_game_recorder_parent_class)->dispose (object);
}

static void
cassino_game_recorder_class_init (CassinoGameRecorderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cassino_game_recorder_dispose;

  /**
   * CassinoGameRecorder::failed:
   * @message: what went wrong
   *
   * The database refused a step; the game goes on.
   */
  signals[FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CassinoGameRecorder::recovered:
   *
   * After a failure, the database accepted the game again and holds all
   * of it.
   */
  signals[RECOVERED] =
    g_signal_new ("recovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cassino_game_recorder_init (CassinoGameRecorder *self)
{
}

CassinoGameRecorder *
cassino_game_recorder_new (void)
{
  return g_object_new (CASSINO_TYPE_GAME_RECORDER, NULL);
}

gboolean
cassino_game_recorder_open (CassinoGameRecorder *self,
                            const char          *path)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  g_clear_object (&self->store);
  self->game_id = 0;
  self->behind = FALSE;
  self->retract_deal = 0;
  self->rubber_id = 0;
  if (path == NULL)
    return TRUE;

  self->store = cassino_store_open (path, &error);
  report (self, error);
  return self->store != NULL;
}

const char *
cassino_game_recorder_get_moved_aside_path (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), NULL);
  return self->store ? cassino_store_get_moved_aside_path (self->store) : NULL;
}

gboolean
cassino_game_recorder_get_salvage_counts (CassinoGameRecorder *self,
                                          guint               *out_saved,
                                          guint               *out_lost)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);
  return self->store && cassino_store_get_salvage_counts (self->store, out_saved, out_lost);
}

gboolean
cassino_game_recorder_is_open (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);
  return self->store != NULL;
}

gboolean
cassino_game_recorder_flush (CassinoGameRecorder *self,
                             const CassinoGame   *game)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  if (self->store == NULL || self->game_id == 0 || game == NULL)
    return TRUE;
  catch_up (self, game);
  return !self->behind;
}

gint64
cassino_game_recorder_get_game_id (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), 0);
  return self->game_id;
}

void
cassino_game_recorder_start (CassinoGameRecorder *self,
                             CassinoGame         *game,
                             gboolean             in_rubber)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  self->game_id = 0;
  self->behind = FALSE;
  self->retract_deal = 0;
  self->hint_used = FALSE;
  self->undo_used = FALSE;
  if (self->store == NULL)
    return;

  if (!in_rubber)
    self->rubber_id = 0;
  else if (self->rubber_id == 0)
    {
      self->rubber_id = cassino_store_begin_rubber (self->store, cassino_game_get_rules (game), &error);
      if (self->rubber_id == 0)
        {
          report (self, error);
          g_clear_error (&error);
        }
    }

  /* begin_game records the deal already dealt as well */
  self->game_id = cassino_store_begin_game (self->store, game, self->rubber_id, NULL, &error);
  report (self, error);
}

void
cassino_game_recorder_play (CassinoGameRecorder *self,
                            const CassinoGame   *game,
                            guint                seat,
                            const CassinoMove   *move,
                            gint                 think_ms,
                            gboolean             has_evaluation,
                            double               evaluation)
{
  g_autoptr(GError) error = NULL;
  CassinoStoreMoveInfo info = CASSINO_STORE_MOVE_INFO_INIT;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->store == NULL || self->game_id == 0)
    return;

  info.think_ms = think_ms;
  info.has_evaluation = has_evaluation;
  info.evaluation = evaluation;
  info.hint_used = self->hint_used;
  info.undo_used = self->undo_used;
  self->hint_used = FALSE;
  self->undo_used = FALSE;
  if (catch_up (self, game))
    return;
  if (!cassino_store_record_move (self->store, self->game_id, game, &info, &error))
    report_step (self, error);
}

void
cassino_game_recorder_deal_over (CassinoGameRecorder *self,
                                 const CassinoGame   *game)
{
  g_autoptr(GError) error = NULL;
  const CassinoDeal *deal;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->store == NULL || self->game_id == 0)
    return;

  if (catch_up (self, game))
    return;
  deal = cassino_game_get_current_deal (game);
  if (deal && deal->finished &&
      !cassino_store_end_deal (self->store, self->game_id, game, &error))
    {
      report_step (self, error);
      return;
    }
  if (cassino_game_get_state (game) == CASSINO_GAME_OVER &&
      !cassino_store_end_game (self->store, self->game_id, game, &error))
    report_step (self, error);
}

void
cassino_game_recorder_deal_started (CassinoGameRecorder *self,
                                    const CassinoGame   *game)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->store == NULL || self->game_id == 0)
    return;
  if (catch_up (self, game))
    return;
  if (!cassino_store_begin_deal (self->store, self->game_id, game, &error))
    report_step (self, error);
}

void
cassino_game_recorder_hint (CassinoGameRecorder *self,
                            const CassinoGame   *game)
{
  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));
  self->hint_used = TRUE;
}

void
cassino_game_recorder_undo (CassinoGameRecorder *self,
                            const CassinoGame   *game)
{
  g_autoptr(GError) error = NULL;
  const CassinoDeal *deal;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  self->undo_used = TRUE;
  if (self->store == NULL || self->game_id == 0)
    return;
  deal = cassino_game_get_current_deal (game);
  if (deal == NULL)
    return;
  /* the database holds every move: take the same ones out of it (an
   * undo is no recovery, and says nothing) */
  if (!self->behind)
    {
      if (cassino_store_truncate_deal (self->store, self->game_id, deal->number,
                                       deal->plays->len, &error) ||
          g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND))
        return;
      self->retract_deal = deal->number;
      self->retract_from = deal->plays->len;
      report_step (self, error);
      return;
    }
  /* an earlier step failed: what was taken back must go before anything
   * else is written */
  if (self->retract_deal == deal->number)
    self->retract_from = MIN (self->retract_from, deal->plays->len);
  else
    {
      self->retract_deal = deal->number;
      self->retract_from = deal->plays->len;
    }
  catch_up (self, game);
}

void
cassino_game_recorder_rubber_over (CassinoGameRecorder *self,
                                   const CassinoRubber *rubber)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->store == NULL || self->rubber_id == 0)
    return;
  if (!cassino_store_end_rubber (self->store, self->rubber_id, rubber, &error))
    report (self, error);
  self->rubber_id = 0;
}

void
cassino_game_recorder_leave (CassinoGameRecorder *self,
                             const CassinoGame   *game,
                             gboolean             keep)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->store != NULL && self->game_id != 0)
    {
      if (keep)
        catch_up (self, game);
      else if (!cassino_store_delete_game (self->store, self->game_id, &error))
        report (self, error);
      else if (self->rubber_id)
        {
          g_autoptr(GArray) ids = cassino_store_get_rubber_games (self->store, self->rubber_id, &error);

          /* a rubber begun with that game only: nothing of it was played */
          if (ids && ids->len == 0)
            cassino_store_abandon_rubber (self->store, self->rubber_id, &error);
          report (self, error);
        }
    }
  self->game_id = 0;
  self->behind = FALSE;
  self->retract_deal = 0;
  self->rubber_id = 0;
}

CassinoGame *
cassino_game_recorder_load_unfinished (CassinoGameRecorder *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  CassinoGame *game;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), NULL);

  if (self->store == NULL)
    return NULL;

  games = cassino_store_list_unfinished_games (self->store, &error);
  if (games == NULL)
    {
      report (self, error);
      return NULL;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const CassinoStoreGameSummary *summary = games->pdata[i];
      gint64 id = summary->id;

      game = cassino_store_load_game (self->store, id, &error);
      if (game == NULL)
        {
          report (self, error);
          g_clear_error (&error);
          continue;
        }
      /* a crash between a move and the end of its deal */
      if (!cassino_store_sync_game (self->store, id, game, &error))
        {
          report (self, error);
          g_clear_error (&error);
        }
      self->game_id = id;
      self->behind = FALSE;
  self->retract_deal = 0;
      self->rubber_id = summary->rubber_id;
      return game;
    }
  return NULL;
}

gint64
cassino_game_recorder_get_rubber_id (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), 0);
  return self->rubber_id;
}

CassinoGame *
cassino_game_recorder_load_game (CassinoGameRecorder  *self,
                                 gint64                game_id,
                                 GError              **error)
{
  g_autoptr(CassinoStoreGameSummary) summary = NULL;
  g_autoptr(GError) local_error = NULL;
  CassinoGame *game;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), NULL);

  if (self->store == NULL)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                   _("No database is open: games are not being recorded."));
      return NULL;
    }
  summary = cassino_store_get_game_summary (self->store, game_id, error);
  if (summary == NULL)
    return NULL;
  game = cassino_store_load_game (self->store, game_id, error);
  if (game == NULL)
    return NULL;
  if (g_strcmp0 (summary->state, "playing") == 0)
    {
      if (!cassino_store_sync_game (self->store, game_id, game, &local_error))
        report (self, local_error);
      self->game_id = game_id;
      self->behind = FALSE;
  self->retract_deal = 0;
      self->rubber_id = summary->rubber_id;
      self->hint_used = FALSE;
      self->undo_used = FALSE;
    }
  return game;
}

/* The games of @rubber_id before @current (0: all) that are over, counted
 * into @rubber. */
static guint
count_rubber (CassinoGameRecorder *self,
              gint64               rubber_id,
              gint64               current,
              CassinoRubber       *rubber,
              CassinoGame        **out_last,
              gint64              *out_last_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) ids = cassino_store_get_rubber_games (self->store, rubber_id, &error);
  guint played = 0;

  if (ids == NULL)
    {
      report (self, error);
      return 0;
    }
  for (guint i = 0; i < ids->len; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      CassinoGame *game;

      if (id == current)
        break;
      game = cassino_store_load_game (self->store, id, &error);
      if (game == NULL)
        {
          report (self, error);
          g_clear_error (&error);
          continue;
        }
      if (cassino_game_get_state (game) == CASSINO_GAME_OVER)
        {
          cassino_rubber_add_game (rubber, game);
          played++;
        }
      if (out_last)
        {
          if (*out_last)
            cassino_game_unref (*out_last);
          *out_last = game;
          *out_last_id = id;
        }
      else
        cassino_game_unref (game);
    }
  return played;
}

gboolean
cassino_game_recorder_get_rubber_standing (CassinoGameRecorder *self,
                                           const CassinoRules  *rules,
                                           CassinoRubber       *rubber,
                                           guint               *out_game_number)
{
  guint played;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  cassino_rubber_init (rubber, rules);
  if (self->store == NULL || self->rubber_id == 0)
    return FALSE;
  played = count_rubber (self, self->rubber_id, self->game_id, rubber, NULL, NULL);
  if (out_game_number)
    *out_game_number = played + 1;
  return TRUE;
}

CassinoGame *
cassino_game_recorder_continue_rubber (CassinoGameRecorder  *self,
                                       gint64                rubber_id,
                                       CassinoRubber        *rubber,
                                       guint                *out_game_number,
                                       GError              **error)
{
  CassinoGame *last = NULL;
  gint64 last_id = 0;
  guint played;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), NULL);

  if (self->store == NULL)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                   _("No database is open: games are not being recorded."));
      return NULL;
    }
  memset (rubber, 0, sizeof *rubber);
  {
    g_autoptr(GArray) ids = cassino_store_get_rubber_games (self->store, rubber_id, error);
    CassinoGame *first;

    if (ids == NULL)
      return NULL;
    if (ids->len == 0)
      {
        g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND,
                     _("This rubber has no recorded game."));
        return NULL;
      }
    first = cassino_store_load_game (self->store, g_array_index (ids, gint64, 0), error);
    if (first == NULL)
      return NULL;
    cassino_rubber_init (rubber, cassino_game_get_rules (first));
    cassino_game_unref (first);
  }
  played = count_rubber (self, rubber_id, 0, rubber, &last, &last_id);
  if (last == NULL)
    {
      g_set_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                   _("The games of this rubber could not be loaded."));
      return NULL;
    }
  self->rubber_id = rubber_id;
  self->game_id = 0;
  self->behind = FALSE;
  self->retract_deal = 0;
  self->hint_used = FALSE;
  self->undo_used = FALSE;
  if (cassino_game_get_state (last) != CASSINO_GAME_OVER)
    {
      g_autoptr(GError) local_error = NULL;

      /* the last game is still being played: it is the one recorded */
      self->game_id = last_id;
      if (!cassino_store_sync_game (self->store, last_id, last, &local_error))
        report (self, local_error);
    }
  if (out_game_number)
    *out_game_number = played + 1;
  return last;
}
