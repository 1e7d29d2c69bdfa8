/* cassino-game-recorder.c: the game controller's line to the store
 *
 * Every step of a game goes to the database in its own transaction as it
 * happens, so that a crash loses at most the move being played and the
 * game resumes where it stopped.
 *
 * The steps are not written on the main thread: each is a job for the
 * recorder's CassinoStoreWorker, one database thread that runs them in
 * order, with a copy of the game as it was at that step.  While another
 * program holds the database the window goes on (the busy timeout runs on
 * the worker); the steps wait in the queue and reach the disk when the
 * lock is released.  What the worker knows of the recording (the game's id,
 * whether the database is behind) is in a RecorderLine that only the worker
 * touches; the main thread keeps its own copy of the ids, updated when a
 * job's result comes back.  While the database is behind, the recorder
 * tries again every RETRY_SECONDS with the newest copy of the game, so
 * that the game is saved soon after the lock is released even if the
 * player makes no move.
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
#include "cassino-store-worker.h"

#define RETRY_SECONDS 2

/* The recording as the worker sees it: touched by the worker thread only
 * (or by the main thread inside cassino_store_worker_run(), which waits). */
typedef struct {
  gint64        game_id;
  gint64        rubber_id;
  /* a step of the current game failed to reach the database: the next
   * step brings the whole game up to date instead of adding to a gap */
  gboolean      behind;
  /* the game could not be begun (a lock, a full disk): the next step
   * begins it with everything played so far */
  gboolean      start_pending;
  gboolean      start_in_rubber;
  /* a failure was reported: say so when the database is up to date */
  gboolean      failure_reported;
  /* an undo that did not reach the database: the plays of deal
   * retract_deal from retract_from on are stale (0: none) */
  guint         retract_deal;
  guint         retract_from;
} RecorderLine;

struct _CassinoGameRecorder
{
  GObject             parent_instance;

  CassinoStoreWorker *worker;
  /* the database was busy when opened: the worker opens it when it can,
   * and no game is resumed from it meanwhile (that would wait too) */
  gboolean            opened_late;
  /* the database could not be opened for a game's start: the game is
   * begun, whole, by the first catch-up that gets through */
  gboolean            start_lost;
  gboolean            start_lost_in_rubber;
  char               *moved_aside;
  gboolean            salvaged;
  gboolean            indexes_rebuilt;
  guint               n_saved;
  guint               n_lost;
  RecorderLine        line;
  /* games put aside (New Game, Resume) while the database was behind
   * them: LeftGame, caught up by the retries; worker thread only */
  GPtrArray          *left;
  /* a step met a damaged page and the file was checked whole (worker
   * thread only): once, salvaged or not */
  gboolean            checked_whole;
  /* the read at start met a damaged page: the next step checks first */
  gboolean            check_pending;
  /* the open found the file damaged and left it to the database thread,
   * which moved it aside and salvaged it: the first step tells (set
   * before that thread starts, then its own) */
  gboolean            salvage_untold;

  /* the main thread's view */
  gint64              game_id;
  gint64              rubber_id;
  gboolean            hint_used;
  gboolean            undo_used;
  /* bumped whenever the recorded game changes: results of jobs of an
   * earlier one do not touch the ids */
  guint               generation;

  /* the newest step pushed: a catch-up with an older copy of the game is
   * skipped when a newer one is queued (it would write less, and wait for
   * the same lock) */
  GMutex              latest_mutex;
  guint               latest_generation;
  guint64             latest_seq;

  /* cancelled when the recorder goes */
  GCancellable       *alive;

  /* the database was behind at the last result: try again with the
   * newest copy of the game */
  gboolean            behind;
  CassinoGame        *newest;
  guint               retry_source;
  /* games put aside are still behind: the retries go on for them */
  gboolean            left_behind;
};

typedef struct {
  RecorderLine  line;
  CassinoGame  *game;   /* its last copy */
} LeftGame;

static void
left_game_free (gpointer data)
{
  LeftGame *left = data;

  cassino_game_unref (left->game);
  g_free (left);
}

G_DEFINE_FINAL_TYPE (CassinoGameRecorder, cassino_game_recorder, G_TYPE_OBJECT)

enum {
  FAILED,
  RECOVERED,
  SAVED,
  SALVAGED,
  UNRESUMABLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef enum {
  STEP_START,
  STEP_PLAY,
  STEP_DEAL_OVER,
  STEP_DEAL_STARTED,
  STEP_UNDO,
  STEP_RUBBER_OVER,
  STEP_LEAVE,
  STEP_CATCH_UP,
  STEP_ADOPT,
} StepKind;

typedef struct {
  /* not a reference: the recorder runs every queued step before it goes
   * (see dispose()), and @alive is cancelled then for the results still
   * on their way to the main context */
  CassinoGameRecorder  *self;
  GCancellable         *alive;
  StepKind              kind;
  CassinoGame          *game;        /* a copy, as it was at the step */
  CassinoStoreMoveInfo  info;
  CassinoRubber         rubber;
  gboolean              in_rubber;     /* STEP_START */
  gboolean              keep;          /* STEP_LEAVE */
  gboolean              quiet;       /* a retry: its failures were told */
  gboolean              restart;     /* STEP_CATCH_UP: the game was never begun */
  gint64                adopt_id;        /* STEP_ADOPT: the game recorded from now on (0: none) */
  gint64                adopt_rubber_id; /* STEP_ADOPT: its rubber, or the rubber continued */
  guint                 generation;
  guint64               seq;
  /* results, read on the main thread */
  GPtrArray            *messages;    /* failures to report */
  gboolean              corrupt;     /* one of them: a damaged page */
  char                 *salvaged_to; /* the damaged file was moved there */
  GPtrArray            *unresumable; /* unfinished games that could not be read back, why */
  gboolean              rebuilt;     /* or its indexes were built again */
  guint                 n_saved;     /* games copied out of it */
  guint                 n_lost;      /* and those that could not be */
  gboolean              recovered;
  gboolean              behind;
  gint64                game_id;
  gint64                rubber_id;
  gboolean              left_behind;  /* games put aside are still behind */
} Step;

static void
step_free (gpointer data)
{
  Step *step = data;

  g_clear_object (&step->alive);
  g_clear_pointer (&step->game, cassino_game_unref);
  g_clear_pointer (&step->messages, g_ptr_array_unref);
  g_free (step->salvaged_to);
  g_clear_pointer (&step->unresumable, g_ptr_array_unref);
  g_free (step);
}

/* On the worker: a failure to tell the main thread about. */
static void
step_report (Step   *step,
             GError *error)
{
  if (error == NULL)
    return;
  g_debug ("Recording failed: %s", error->message);
  if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT))
    step->corrupt = TRUE;
  if (step->quiet)
    return;
  if (step->messages == NULL)
    step->messages = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (step->messages, g_strdup (error->message));
  step->self->line.failure_reported = TRUE;
}

/* A step failed: remember that the database is behind the game. */
static void
step_report_behind (Step   *step,
                    GError *error)
{
  if (error == NULL)
    return;
  step->self->line.behind = TRUE;
  step_report (step, error);
}

/* On the worker, when an earlier step failed: write everything the game
 * has that the database lacks (the game itself when it could not be
 * begun, taken-back moves out, missing moves, deal scores, the result) in
 * one transaction.  Returns TRUE when the database was behind: the
 * caller's step is then part of what was written (or failed again).
 * @line: the game's line, the one recorded or one put aside. */
static gboolean
catch_up_line (CassinoStore *store,
               Step         *step,
               RecorderLine *line)
{
  CassinoGameRecorder *self = step->self;
  g_autoptr(GError) error = NULL;
  gboolean newer;

  if (!line->behind && !line->start_pending)
    return FALSE;

  g_mutex_lock (&self->latest_mutex);
  newer = step->kind != STEP_CATCH_UP &&
          self->latest_generation == step->generation && self->latest_seq > step->seq;
  g_mutex_unlock (&self->latest_mutex);
  if (newer)
    return TRUE;    /* a newer copy of the game is queued: it catches up */

  if (line->start_pending)
    {
      if (line->start_in_rubber && line->rubber_id == 0)
        {
          line->rubber_id = cassino_store_begin_rubber (store, cassino_game_get_rules (step->game), &error);
          if (line->rubber_id == 0)
            {
              step_report (step, error);
              return TRUE;
            }
        }
      /* begin_game writes every deal and move the copy holds */
      line->game_id = cassino_store_begin_game (store, step->game, line->rubber_id, NULL, &error);
      if (line->game_id == 0)
        {
          step_report (step, error);
          return TRUE;
        }
      line->start_pending = FALSE;
      line->behind = FALSE;
      line->retract_deal = 0;
    }
  else
    {
      if (line->retract_deal != 0)
        {
          if (!cassino_store_truncate_deal (store, line->game_id, line->retract_deal,
                                            line->retract_from, &error) &&
              !g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND))
            {
              step_report (step, error);
              return TRUE;
            }
          g_clear_error (&error);
          line->retract_deal = 0;
        }
      if (!cassino_store_sync_game (store, line->game_id, step->game, &error))
        {
          if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND) &&
              line->game_id != 0 && step->game != NULL)
            {
              /* the game is gone from the database (a salvage could not
               * read it back): it is begun again, whole */
              g_clear_error (&error);
              line->game_id = cassino_store_begin_game (store, step->game, line->rubber_id, NULL, &error);
            }
          if (line->game_id == 0 || error != NULL)
            {
              line->start_pending = line->game_id == 0;
              step_report (step, error);
              return TRUE;
            }
        }
    }
  g_debug ("Recording caught up with game %" G_GINT64_FORMAT, line->game_id);
  line->behind = FALSE;
  line->retract_deal = 0;
  if (line->failure_reported)
    step->recovered = TRUE;
  line->failure_reported = FALSE;
  return TRUE;
}

static gboolean
catch_up (CassinoStore *store,
          Step         *step)
{
  return catch_up_line (store, step, &step->self->line);
}

/* On the worker: the games put aside while the database was behind them
 * (another program's lock outlasted a step, then New Game or Resume) are
 * brought up to date, quietly (their failure was told).  Each is caught
 * up as the game recorded is, with its own line. */
static void
catch_up_left (CassinoStore *store,
               Step         *step)
{
  CassinoGameRecorder *self = step->self;

  for (guint i = self->left ? self->left->len : 0; i-- > 0;)
    {
      LeftGame *left = self->left->pdata[i];
      /* quiet: its failure was told; nothing reported touches a line */
      Step quiet = { .self = self, .kind = STEP_CATCH_UP, .game = left->game, .quiet = TRUE };

      catch_up_line (store, &quiet, &left->line);
      if (!left->line.behind && !left->line.start_pending)
        g_ptr_array_remove_index (self->left, i);
    }
}

/* On the worker: the game recorded is put aside still behind: kept for
 * the retries. */
static void
leave_behind (CassinoGameRecorder *self,
              const CassinoGame   *game)
{
  LeftGame *left;

  if (game == NULL || (!self->line.behind && !self->line.start_pending))
    return;
  if (self->left == NULL)
    self->left = g_ptr_array_new_with_free_func (left_game_free);
  left = g_new0 (LeftGame, 1);
  left->line = self->line;
  left->game = cassino_game_ref ((CassinoGame *) game);
  g_ptr_array_add (self->left, left);
}

/* On the worker: one step of the game. */

/* On the worker: the game being recorded leaves no trace (no person
 * played in it), nor does a rubber it alone began. */
static void
drop_line_game (CassinoStore *store,
                Step         *step)
{
  RecorderLine *line = &step->self->line;
  g_autoptr(GError) error = NULL;

  if (line->game_id == 0)
    return;    /* never begun: nothing to delete */
  if (!cassino_store_delete_game (store, line->game_id, &error))
    step_report (step, error);
  else if (line->rubber_id)
    {
      g_autoptr(GArray) ids = cassino_store_get_rubber_games (store, line->rubber_id, &error);

      /* a rubber begun with that game only: nothing of it was played */
      if (ids && ids->len == 0)
        cassino_store_abandon_rubber (store, line->rubber_id, &error);
      step_report (step, error);
    }
  line->game_id = 0;
}

static void line_take_game (RecorderLine *line,
                            gint64        id,
                            gint64        rubber_id);

static void
run_step_once (CassinoStore *store,
               Step         *step)
{
  RecorderLine *line = &step->self->line;
  g_autoptr(GError) error = NULL;

  /* the retries bring the games put aside up to date too */
  if (step->kind == STEP_CATCH_UP)
    catch_up_left (store, step);

  switch (step->kind)
    {
    case STEP_START:
      line->game_id = 0;
      line->behind = FALSE;
      line->retract_deal = 0;
      line->start_pending = FALSE;
      line->start_in_rubber = step->in_rubber;
      if (!step->in_rubber)
        line->rubber_id = 0;
      else if (line->rubber_id == 0)
        {
          line->rubber_id = cassino_store_begin_rubber (store, cassino_game_get_rules (step->game), &error);
          if (line->rubber_id == 0)
            {
              step_report (step, error);
              g_clear_error (&error);
            }
        }
      if (step->in_rubber && line->rubber_id == 0)
        line->start_pending = TRUE;
      else
        {
          /* begin_game records the deal already dealt as well */
          line->game_id = cassino_store_begin_game (store, step->game, line->rubber_id, NULL, &error);
          line->start_pending = line->game_id == 0;
          step_report (step, error);
        }
      break;

    case STEP_PLAY:
      if ((line->game_id == 0 && !line->start_pending) || catch_up (store, step))
        break;
      if (!cassino_store_record_move (store, line->game_id, step->game, &step->info, &error))
        step_report_behind (step, error);
      break;

    case STEP_DEAL_OVER:
      {
        const CassinoDeal *deal = cassino_game_get_current_deal (step->game);

        if ((line->game_id == 0 && !line->start_pending) || catch_up (store, step))
          break;
        if (deal && deal->finished &&
            !cassino_store_end_deal (store, line->game_id, step->game, &error))
          {
            step_report_behind (step, error);
            break;
          }
        if (cassino_game_get_state (step->game) == CASSINO_GAME_OVER &&
            !cassino_store_end_game (store, line->game_id, step->game, &error))
          step_report_behind (step, error);
      }
      break;

    case STEP_DEAL_STARTED:
      if ((line->game_id == 0 && !line->start_pending) || catch_up (store, step))
        break;
      if (!cassino_store_begin_deal (store, line->game_id, step->game, &error))
        step_report_behind (step, error);
      break;

    case STEP_UNDO:
      {
        const CassinoDeal *deal = cassino_game_get_current_deal (step->game);

        if (line->game_id == 0 || deal == NULL)
          break;
        /* the database holds every move: take the same ones out of it (an
         * undo is no recovery, and says nothing) */
        if (!line->behind)
          {
            if (cassino_store_truncate_deal (store, line->game_id, deal->number,
                                             deal->plays->len, &error) ||
                g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND))
              break;
            line->retract_deal = deal->number;
            line->retract_from = deal->plays->len;
            step_report_behind (step, error);
            break;
          }
        /* an earlier step failed: what was taken back must go before
         * anything else is written */
        if (line->retract_deal == deal->number)
          line->retract_from = MIN (line->retract_from, deal->plays->len);
        else
          {
            line->retract_deal = deal->number;
            line->retract_from = deal->plays->len;
          }
        catch_up (store, step);
      }
      break;

    case STEP_CATCH_UP:
      if (step->restart && line->game_id == 0 && !line->start_pending)
        {
          /* its start never reached the worker's store: begin it now */
          line->start_pending = TRUE;
          line->start_in_rubber = step->in_rubber;
          line->rubber_id = 0;
          line->failure_reported = TRUE;
        }
      if (step->game && (line->game_id != 0 || line->start_pending))
        catch_up (store, step);
      break;

    case STEP_ADOPT:
      /* a game (or a rubber) read by the records' thread is the one
       * recorded from now on (the one before was left: STEP_LEAVE) */
      if (step->adopt_id)
        {
          line_take_game (line, step->adopt_id, step->adopt_rubber_id);
          catch_up (store, step);
        }
      else
        {
          memset (line, 0, sizeof *line);
          line->rubber_id = step->adopt_rubber_id;
        }
      break;

    case STEP_RUBBER_OVER:
      if (line->rubber_id == 0)
        break;
      if (!cassino_store_end_rubber (store, line->rubber_id, &step->rubber, &error))
        step_report (step, error);
      line->rubber_id = 0;
      break;

    case STEP_LEAVE:
      if (line->game_id != 0 || line->start_pending)
        {
          if (step->keep)
            {
              if (step->game)
                {
                  catch_up (store, step);
                  /* still behind (the lock goes on): the retries see to it */
                  leave_behind (step->self, step->game);
                }
            }
          else
            drop_line_game (store, step);
        }
      line->game_id = 0;
      line->behind = FALSE;
      line->start_pending = FALSE;
      line->retract_deal = 0;
      line->rubber_id = 0;
      break;

    default:
      g_assert_not_reached ();
    }

  step->behind = line->behind || line->start_pending;
  step->left_behind = step->self->left != NULL && step->self->left->len > 0;
  step->game_id = line->game_id;
  step->rubber_id = line->rubber_id;
}

/* On the worker, after a job that met a damaged page (step->corrupt):
 * the file is opened again and checked whole, once a session.  Found
 * damaged, it has been moved aside and salvaged: the job's failures are
 * forgotten, to be made again there, and TRUE is returned.  Either way
 * the job's store is closed: *@store becomes the worker's new one (NULL
 * when the file could not be opened again; the failure is the step's). */
static gboolean
salvage_if_damaged (Step          *step,
                    CassinoStore **store)
{
  CassinoGameRecorder *self = step->self;
  g_autoptr(GError) error = NULL;
  const char *moved;

  if (!step->corrupt || self->checked_whole || self->worker == NULL)
    return FALSE;
  self->checked_whole = TRUE;
  *store = cassino_store_worker_reopen (self->worker, CASSINO_STORE_OPEN_CHECK_ALL, &error);
  if (*store == NULL)
    {
      step_report (step, error);
      return FALSE;
    }
  moved = cassino_store_get_moved_aside_path (*store);
  if (moved == NULL && cassino_store_get_indexes_rebuilt (*store))
    {
      /* an index out of step with its table (no page damaged): built
       * again, nothing moved, the step is made again */
      step->rebuilt = TRUE;
      g_clear_pointer (&step->messages, g_ptr_array_unref);
      step->corrupt = FALSE;
      return TRUE;
    }
  if (moved == NULL)
    {
      /* the whole check found nothing: the failure stands */
      g_debug ("%s: a step met a damaged page, but the whole check finds none",
               cassino_store_get_path (*store));
      return FALSE;
    }
  step->salvaged_to = g_strdup (moved);
  cassino_store_get_salvage_counts (*store, &step->n_saved, &step->n_lost);
  g_clear_pointer (&step->messages, g_ptr_array_unref);
  step->corrupt = FALSE;
  return TRUE;
}

/* On the worker: one step.  A step that met a damaged page
 * (SQLITE_CORRUPT: a file too large for the whole check at open) has the
 * file checked whole, once: found damaged, it is moved aside and every
 * game that can be read is copied into a new one (as at open), and the
 * step is made again there, the game caught up whole. */
static gboolean
run_step (CassinoStore  *store,
          gpointer       data,
          GError       **error)
{
  Step *step = data;
  CassinoGameRecorder *self = step->self;
  gboolean reported = self->line.failure_reported;

  if (self->salvage_untold)
    {
      /* the thread's open salvaged the file the window found damaged */
      self->salvage_untold = FALSE;
      step->rebuilt = cassino_store_get_indexes_rebuilt (store);
      if (cassino_store_get_moved_aside_path (store) != NULL)
        {
          step->salvaged_to = g_strdup (cassino_store_get_moved_aside_path (store));
          cassino_store_get_salvage_counts (store, &step->n_saved, &step->n_lost);
        }
    }
  if (self->check_pending)
    {
      /* the read of the game to resume met a damaged page: the file is
       * checked (and salvaged) before anything is written to it */
      self->check_pending = FALSE;
      step->corrupt = TRUE;
      salvage_if_damaged (step, &store);
      step->corrupt = FALSE;
      if (store == NULL)
        {
          /* it could not be opened again: the step did not run (the
           * retries write what the database lacks) */
          g_set_error_literal (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_OPEN,
                               step->messages && step->messages->len
                               ? step->messages->pdata[step->messages->len - 1] : "");
          g_clear_pointer (&step->messages, g_ptr_array_unref);
          return FALSE;
        }
    }
  run_step_once (store, step);
  if (!salvage_if_damaged (step, &store))
    return TRUE;
  /* the step is made again in the new file, where the game is written
   * whole (or begun, if it was not saved) */
  self->line.failure_reported = reported;
  if (self->line.game_id != 0)
    self->line.behind = TRUE;
  for (guint i = 0; self->left && i < self->left->len; i++)
    ((LeftGame *) self->left->pdata[i])->line.behind = TRUE;
  run_step_once (store, step);
  return TRUE;
}

static Step *push_step  (CassinoGameRecorder *self,
                         StepKind             kind,
                         const CassinoGame   *game);
static void  queue_step (CassinoGameRecorder *self,
                         Step                *step);

static gboolean
on_retry_cb (gpointer user_data)
{
  CassinoGameRecorder *self = user_data;
  Step *step;

  self->retry_source = 0;
  if ((!self->behind && !self->left_behind) || self->worker == NULL)
    return G_SOURCE_REMOVE;
  /* (without a game of its own: only the games put aside) */
  step = push_step (self, STEP_CATCH_UP, self->behind ? self->newest : NULL);
  step->quiet = TRUE;
  step->restart = self->start_lost;
  step->in_rubber = self->start_lost_in_rubber;
  queue_step (self, step);
  return G_SOURCE_REMOVE;
}

/* Back on the main thread: the failures a job met. */
static void
tell_failures (CassinoGameRecorder *self,
               Step                *step)
{
  for (guint i = 0; step->messages && i < step->messages->len; i++)
    g_signal_emit (self, signals[FAILED], 0, step->messages->pdata[i]);
}

/* Back on the main thread: a job found the database damaged, and it was
 * moved aside and salvaged. */
static void
take_salvage (CassinoGameRecorder *self,
              Step                *step)
{
  if (step->salvaged_to == NULL && step->rebuilt)
    {
      self->indexes_rebuilt = TRUE;
      g_signal_emit (self, signals[SALVAGED], 0);
      return;
    }
  if (step->salvaged_to == NULL)
    return;
  g_free (self->moved_aside);
  self->moved_aside = g_strdup (step->salvaged_to);
  self->salvaged = TRUE;
  self->n_saved = step->n_saved;
  self->n_lost = step->n_lost;
  g_signal_emit (self, signals[SALVAGED], 0);
}

/* Back on the main thread: what a step did. */
static void
step_done (CassinoGameRecorder *self,
           Step                *step)
{
  if (step->generation == self->generation)
    {
      self->game_id = step->game_id;
      self->rubber_id = step->rubber_id;
      if (step->restart && !step->behind)
        self->start_lost = FALSE;
      self->behind = step->behind || self->start_lost;
    }
  /* the games put aside are the worker's, whatever the game now */
  self->left_behind = step->left_behind;
  if ((self->behind || self->left_behind) && self->retry_source == 0)
    self->retry_source = g_timeout_add_seconds (RETRY_SECONDS, on_retry_cb, self);
  take_salvage (self, step);
  tell_failures (self, step);
  if (step->recovered)
    g_signal_emit (self, signals[RECOVERED], 0);
  if (!step->behind)
    g_signal_emit (self, signals[SAVED], 0);
}

static void
on_step_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Step *step = cassino_store_worker_get_job_data (result);
  g_autoptr(GError) error = NULL;

  if (!cassino_store_worker_push_finish (result, &error) &&
      !g_cancellable_is_cancelled (step->alive))
    {
      /* the step never ran: the database could not be opened (another
       * program keeps it to itself); the retries write what it lacks */
      CassinoGameRecorder *self = step->self;

      if (step->generation == self->generation)
        {
          if (step->kind == STEP_START)
            {
              self->start_lost = TRUE;
              self->start_lost_in_rubber = step->in_rubber;
            }
          step->behind = self->game_id == 0 || step->kind != STEP_LEAVE;
          step->game_id = self->game_id;
          step->rubber_id = self->rubber_id;
        }
      if (!step->quiet)
        {
          if (step->messages == NULL)
            step->messages = g_ptr_array_new_with_free_func (g_free);
          g_ptr_array_add (step->messages, g_strdup (error->message));
        }
    }
  if (!g_cancellable_is_cancelled (step->alive))    /* else the recorder is gone */
    step_done (step->self, step);
}

/* Queue a step with a copy of @game (may be NULL). */
static Step *
push_step (CassinoGameRecorder *self,
           StepKind             kind,
           const CassinoGame   *game)
{
  Step *step = g_new0 (Step, 1);

  step->self = self;
  step->alive = g_object_ref (self->alive);
  step->kind = kind;
  step->game = game ? cassino_game_copy (game) : NULL;
  if (step->game)
    {
      /* never changed after this: the worker and the retry share it */
      g_clear_pointer (&self->newest, cassino_game_unref);
      self->newest = cassino_game_ref (step->game);
    }
  step->info = (CassinoStoreMoveInfo) CASSINO_STORE_MOVE_INFO_INIT;
  step->generation = self->generation;
  g_mutex_lock (&self->latest_mutex);
  step->seq = ++self->latest_seq;
  self->latest_generation = self->generation;
  g_mutex_unlock (&self->latest_mutex);
  return step;
}

static void
queue_step (CassinoGameRecorder *self,
            Step                *step)
{
  cassino_store_worker_push (self->worker, run_step, step, step_free, on_step_done_cb, NULL);
}

static void
cassino_game_recorder_dispose (GObject *object)
{
  CassinoGameRecorder *self = CASSINO_GAME_RECORDER (object);

  g_clear_handle_id (&self->retry_source, g_source_remove);
  /* runs every step still queued before the thread stops */
  g_clear_object (&self->worker);
  g_clear_pointer (&self->newest, cassino_game_unref);
  if (self->alive)
    g_cancellable_cancel (self->alive);
  g_clear_object (&self->alive);

  G_OBJECT_CLASS (cassino_game_recorder_parent_class)->dispose (object);
}

static void
cassino_game_recorder_finalize (GObject *object)
{
  CassinoGameRecorder *self = CASSINO_GAME_RECORDER (object);

  g_free (self->moved_aside);
  g_clear_pointer (&self->left, g_ptr_array_unref);
  g_mutex_clear (&self->latest_mutex);

  G_OBJECT_CLASS (cassino_game_recorder_parent_class)->finalize (object);
}

static void
cassino_game_recorder_class_init (CassinoGameRecorderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = cassino_game_recorder_dispose;
  object_class->finalize = cassino_game_recorder_finalize;

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
   * CassinoGameRecorder::unresumable:
   * @message: which game, and why it cannot be read back
   *
   * An unfinished game could not be resumed: its record does not replay
   * (a damaged file, rules this version does not know).  It stays in the
   * database as it is; nothing failed to be saved.
   */
  signals[UNRESUMABLE] =
    g_signal_new ("unresumable", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
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

  /**
   * CassinoGameRecorder::salvaged:
   *
   * A step found the database damaged: it was moved aside and the games
   * that could be read copied into a new one at the same path, where the
   * game goes on being recorded (cassino_game_recorder_get_moved_aside_path()
   * and _get_salvage_counts() tell where and how many).  Every other
   * connection to the path still reads the old file: open it again.
   * Or its indexes did not match its tables and were built again, losing
   * nothing (cassino_game_recorder_get_indexes_rebuilt()): lists read
   * before may have left games out.
   */
  signals[SALVAGED] =
    g_signal_new ("salvaged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CassinoGameRecorder::saved:
   *
   * A step reached the database (it runs on the database thread): what
   * the history and statistics read now holds it.
   */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
cassino_game_recorder_init (CassinoGameRecorder *self)
{
  g_mutex_init (&self->latest_mutex);
  self->alive = g_cancellable_new ();
}

CassinoGameRecorder *
cassino_game_recorder_new (void)
{
  return g_object_new (CASSINO_TYPE_GAME_RECORDER, NULL);
}

static void
report (CassinoGameRecorder *self,
        GError              *error)
{
  if (error == NULL)
    return;
  g_debug ("Recording failed: %s", error->message);
  g_signal_emit (self, signals[FAILED], 0, error->message);
}

/* The recording is about another game (or none) from now on. */
static void
forget_game (CassinoGameRecorder *self)
{
  self->generation++;
  self->game_id = 0;
  self->behind = FALSE;
  g_clear_pointer (&self->newest, cassino_game_unref);
  self->hint_used = FALSE;
  self->undo_used = FALSE;
}

gboolean
cassino_game_recorder_open (CassinoGameRecorder *self,
                            const char          *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CassinoStore) store = NULL;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  g_clear_object (&self->worker);
  g_clear_pointer (&self->moved_aside, g_free);
  self->opened_late = FALSE;
  self->salvaged = FALSE;
  self->indexes_rebuilt = FALSE;
  memset (&self->line, 0, sizeof self->line);
  forget_game (self);
  self->rubber_id = 0;
  if (path == NULL)
    return TRUE;

  /* the window waits for this: another program's lock is waited for a
   * second here (a write of another program's is over by then, and the
   * last game resumes); the database thread waits for it as long as it
   * takes */
  /* a damaged file is not salvaged here, before the window shows (some
   * seconds for 2,000 games): the database thread does it */
  store = cassino_store_open_full (path, CASSINO_STORE_OPEN_NO_WAIT | CASSINO_STORE_OPEN_NO_SALVAGE, &error);
  if (store == NULL)
    {
      if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_CORRUPT))
        {
          /* the thread opens it (moving it aside and saving what can be
           * read), the first step tells where it went; nothing is resumed
           * from it (that read would wait for the salvage) */
          self->salvage_untold = TRUE;
          self->worker = cassino_store_worker_new_for_path (path);
          self->opened_late = TRUE;
          return FALSE;
        }
      /* another program keeps the database to itself for now: the
       * database thread opens it as soon as it can (every step tries
       * again, and the first that gets through writes the whole game), so
       * that "Cassino keeps trying with every move" holds; told once that
       * is so (cassino_game_recorder_is_open()) */
      if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY))
        {
          self->worker = cassino_store_worker_new_for_path (path);
          self->opened_late = TRUE;
        }
      report (self, error);
      return FALSE;
    }
  self->worker = cassino_store_worker_new (store);
  return TRUE;
}

const char *
cassino_game_recorder_get_moved_aside_path (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), NULL);
  return self->moved_aside;
}

gboolean
cassino_game_recorder_get_indexes_rebuilt (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);
  return self->indexes_rebuilt;
}

gboolean
cassino_game_recorder_get_salvage_counts (CassinoGameRecorder *self,
                                          guint               *out_saved,
                                          guint               *out_lost)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  if (out_saved)
    *out_saved = self->salvaged ? self->n_saved : 0;
  if (out_lost)
    *out_lost = self->salvaged ? self->n_lost : 0;
  return self->salvaged;
}

gboolean
cassino_game_recorder_is_open (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);
  return self->worker != NULL;
}

void
cassino_game_recorder_wait (CassinoGameRecorder *self)
{
  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->worker == NULL)
    return;
  cassino_store_worker_drain (self->worker);
  /* the results of the steps come back through the main context */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

guint
cassino_game_recorder_get_n_queued (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), 0);
  return self->worker ? cassino_store_worker_get_n_pending (self->worker) : 0;
}

/* On the worker, for flush(): catch up and say whether the database holds
 * all of the game. */
static gboolean
flush_job (CassinoStore  *store,
           gpointer       data,
           GError       **error)
{
  Step *step = data;

  run_step (store, step, NULL);
  if (step->behind)
    g_set_error_literal (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_BUSY,
                         step->messages && step->messages->len
                         ? step->messages->pdata[step->messages->len - 1] : "behind");
  return !step->behind;
}

gboolean
cassino_game_recorder_flush (CassinoGameRecorder *self,
                             const CassinoGame   *game)
{
  Step *step;
  gboolean ok;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  if (self->worker == NULL || game == NULL)
    return TRUE;
  step = push_step (self, STEP_CATCH_UP, game);
  /* behind every step queued: when it returns, they have all run */
  ok = cassino_store_worker_run (self->worker, flush_job, step, NULL);
  step_done (self, step);
  step_free (step);
  return ok;
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
  Step *step;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  forget_game (self);
  if (self->worker == NULL)
    return;
  if (!in_rubber)
    self->rubber_id = 0;
  step = push_step (self, STEP_START, game);
  step->in_rubber = in_rubber;
  queue_step (self, step);
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
  Step *step;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->worker == NULL)
    return;
  step = push_step (self, STEP_PLAY, game);
  step->info.think_ms = think_ms;
  step->info.has_evaluation = has_evaluation;
  step->info.evaluation = evaluation;
  step->info.hint_used = self->hint_used;
  step->info.undo_used = self->undo_used;
  self->hint_used = FALSE;
  self->undo_used = FALSE;
  queue_step (self, step);
}

void
cassino_game_recorder_deal_over (CassinoGameRecorder *self,
                                 const CassinoGame   *game)
{
  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->worker)
    queue_step (self, push_step (self, STEP_DEAL_OVER, game));
}

void
cassino_game_recorder_deal_started (CassinoGameRecorder *self,
                                    const CassinoGame   *game)
{
  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->worker)
    queue_step (self, push_step (self, STEP_DEAL_STARTED, game));
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
  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  self->undo_used = TRUE;
  if (self->worker)
    queue_step (self, push_step (self, STEP_UNDO, game));
}

void
cassino_game_recorder_rubber_over (CassinoGameRecorder *self,
                                   const CassinoRubber *rubber)
{
  Step *step;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->worker == NULL)
    return;
  step = push_step (self, STEP_RUBBER_OVER, NULL);
  step->rubber = *rubber;
  queue_step (self, step);
  self->rubber_id = 0;
}

void
cassino_game_recorder_leave (CassinoGameRecorder *self,
                             const CassinoGame   *game,
                             gboolean             keep)
{
  Step *step;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  if (self->worker == NULL)
    return;
  step = push_step (self, STEP_LEAVE, game);
  step->keep = keep;
  queue_step (self, step);
  forget_game (self);
  self->rubber_id = 0;
}

/* Loading: run on the worker behind every queued step, the caller waits
 * (it cannot go on without the game).  What it sets up for recording is
 * copied back into the main thread's view by loaded(). */

/* On the worker: @game (of @id) is the one recorded from now on.  A crash
 * between a move and the end of its deal may have left the database behind
 * it: a catch-up queued after the load brings it up to date. */
static void
line_take_game (RecorderLine *line,
                gint64        id,
                gint64        rubber_id)
{
  line->game_id = id;
  line->rubber_id = rubber_id;
  line->behind = TRUE;
  line->start_pending = FALSE;
  line->failure_reported = FALSE;
  line->retract_deal = 0;
}

/* On the worker, after the read of the game to resume met a damaged page:
 * the window waits for that read, and a salvage can take a while (20 s
 * for 20,000 games), so it is the next step's, on the database thread
 * (run_step()); the failure is not told (the salvage's dialog will be).
 * A game that could not be read is not resumed: it is in History if the
 * salvage could save it. */
static void
defer_salvage (Step *step)
{
  if (!step->corrupt || step->self->checked_whole)
    return;
  step->self->check_pending = TRUE;
  step->corrupt = FALSE;
  g_clear_pointer (&step->messages, g_ptr_array_unref);
  step->self->line.failure_reported = FALSE;
}

static gboolean
load_unfinished_job (CassinoStore  *store,
                     gpointer       data,
                     GError       **unused)
{
  Step *step = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = cassino_store_list_unfinished_games (store, &error);

  step->game_id = step->self->line.game_id;
  step->rubber_id = step->self->line.rubber_id;
  if (games == NULL)
    {
      step_report (step, error);
      defer_salvage (step);
      return TRUE;
    }
  for (guint i = 0; i < games->len; i++)
    {
      const CassinoStoreGameSummary *summary = games->pdata[i];

      step->game = cassino_store_load_game (store, summary->id, &error);
      if (step->game == NULL)
        {
          /* a game that cannot be read back (damaged moves, rules this
           * version does not know) is no failure to save: it is said as
           * such, and the next unfinished game is tried */
          if (g_error_matches (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY))
            {
              if (step->unresumable == NULL)
                step->unresumable = g_ptr_array_new_with_free_func (g_free);
              g_ptr_array_add (step->unresumable, g_strdup (error->message));
            }
          else
            step_report (step, error);
          g_clear_error (&error);
          continue;
        }
      line_take_game (&step->self->line, summary->id, summary->rubber_id);
      step->game_id = summary->id;
      step->rubber_id = summary->rubber_id;
      break;
    }
  defer_salvage (step);
  return TRUE;
}

/* Back on the main thread after a load: the failures, and the ids. */
static void
loaded (CassinoGameRecorder *self,
        Step                *step,
        gboolean             took_game)
{
  take_salvage (self, step);
  tell_failures (self, step);
  for (guint i = 0; step->unresumable && i < step->unresumable->len; i++)
    g_signal_emit (self, signals[UNRESUMABLE], 0, step->unresumable->pdata[i]);
  if (took_game)
    {
      forget_game (self);
      self->game_id = step->game_id;
      self->rubber_id = step->rubber_id;
      queue_step (self, push_step (self, STEP_CATCH_UP, step->game));
    }
}

CassinoGame *
cassino_game_recorder_load_unfinished (CassinoGameRecorder *self)
{
  Step step = { .self = self };
  CassinoGame *game;

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), NULL);

  if (self->worker == NULL || self->opened_late)
    return NULL;
  cassino_store_worker_run (self->worker, load_unfinished_job, &step, NULL);
  loaded (self, &step, step.game != NULL);
  game = g_steal_pointer (&step.game);
  g_clear_pointer (&step.messages, g_ptr_array_unref);
  g_clear_pointer (&step.unresumable, g_ptr_array_unref);
  return game;
}

void
cassino_game_recorder_adopt_game (CassinoGameRecorder *self,
                                  gint64               game_id,
                                  gint64               rubber_id,
                                  const CassinoGame   *game)
{
  Step *step;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));
  g_return_if_fail (game != NULL);

  forget_game (self);
  self->game_id = game_id;
  self->rubber_id = rubber_id;
  if (self->worker == NULL)
    return;
  step = push_step (self, STEP_ADOPT, game);
  step->adopt_id = game_id;
  step->adopt_rubber_id = rubber_id;
  queue_step (self, step);
}

void
cassino_game_recorder_adopt_rubber (CassinoGameRecorder *self,
                                    gint64               rubber_id)
{
  Step *step;

  g_return_if_fail (CASSINO_IS_GAME_RECORDER (self));

  forget_game (self);
  self->rubber_id = rubber_id;
  if (self->worker == NULL)
    return;
  step = push_step (self, STEP_ADOPT, NULL);
  step->adopt_rubber_id = rubber_id;
  queue_step (self, step);
}

gint64
cassino_game_recorder_get_rubber_id (CassinoGameRecorder *self)
{
  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), 0);
  return self->rubber_id;
}

/* get_rubber_standing(): on the worker, behind the queued steps */
typedef struct {
  Step           step;
  gint64         id;
  CassinoRubber *rubber;
  guint          played;
} Load;

/* On the worker: the games of the rubber before the current one that are
 * over, counted into the rubber (the store's tally; what could not be
 * read is told). */
static gboolean
rubber_standing_job (CassinoStore  *store,
                     gpointer       data,
                     GError       **unused)
{
  Load *load = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);

  if (!cassino_store_tally_rubber (store, load->id, load->step.game_id, load->rubber, &load->played,
                                   NULL, NULL, skipped, &error))
    step_report (&load->step, error);
  for (guint i = 0; i < skipped->len; i++)
    {
      g_autoptr(GError) e = g_error_new_literal (CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_REPLAY,
                                                 skipped->pdata[i]);

      step_report (&load->step, e);
    }
  return TRUE;
}

gboolean
cassino_game_recorder_get_rubber_standing (CassinoGameRecorder *self,
                                           const CassinoRules  *rules,
                                           CassinoRubber       *rubber,
                                           guint               *out_game_number)
{
  Load load = { .step.self = self, .id = self->rubber_id, .step.game_id = self->game_id, .rubber = rubber };

  g_return_val_if_fail (CASSINO_IS_GAME_RECORDER (self), FALSE);

  cassino_rubber_init (rubber, rules);
  if (self->worker == NULL || self->rubber_id == 0)
    return FALSE;
  cassino_store_worker_run (self->worker, rubber_standing_job, &load, NULL);
  loaded (self, &load.step, FALSE);
  g_clear_pointer (&load.step.messages, g_ptr_array_unref);
  if (out_game_number)
    *out_game_number = load.played + 1;
  return TRUE;
}

