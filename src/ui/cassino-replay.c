/* cassino-replay.c: a recorded game, step by step
 *
 * Each step is rebuilt by the engine from the recorded decks and moves
 * (cassino_game_start_deal_with_deck(), cassino_game_play()): what the
 * table shows is what the engine says the position was, never a guess.
 * Replaying a deal costs microseconds, so no positions are kept.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <math.h>

#include "cassino-replay.h"

#include <glib/gi18n.h>

#include "cassino-move-text.h"
#include "cassino-replay-step.h"
#include "cassino-store-record.h"

struct _CassinoReplay
{
  GObject      parent_instance;

  gint64       game_id;
  CassinoGame *source;
  GPtrArray   *infos;        /* GArray of CassinoStoreMoveInfo per deal, or NULL */
  GArray      *deal_base;    /* guint: the first step of each deal */
  guint        n_steps;
  guint        step;
  CassinoGame *game;         /* at step */
  GListStore  *rows;
  GArray      *row_of_step;  /* guint */
};

G_DEFINE_FINAL_TYPE (CassinoReplay, cassino_replay, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_N_STEPS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static CassinoGame *
new_empty_game (const CassinoGame *source)
{
  const CassinoRules *r = cassino_game_get_rules (source);
  CassinoGame *game = cassino_game_new (r, cassino_game_get_seed (source),
                                        cassino_game_get_first_dealer (source));
  GPtrArray *tags = cassino_game_get_tag_names (source);

  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (source, i);

      if (s)
        cassino_game_set_seat (game, i, s->name, s->kind, s->level);
    }
  for (guint i = 0; tags && i < tags->len; i++)
    cassino_game_set_tag (game, tags->pdata[i], cassino_game_get_tag (source, tags->pdata[i]));
  return game;
}

/* The game after @n_plays of deal @deal_index. */
static CassinoGame *
build_game (CassinoReplay *self,
            guint          deal_index,
            guint          n_plays)
{
  CassinoGame *game = new_empty_game (self->source);

  for (guint d = 0; d <= deal_index; d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (self->source, d);
      guint n = d < deal_index ? deal->plays->len : MIN (n_plays, deal->plays->len);
      g_autoptr(GError) error = NULL;

      if (!cassino_game_start_deal_with_deck (game, deal->dealer, deal->seed, deal->deck,
                                              deal->deck_len, &error))
        {
          g_critical ("Replay: deal %u does not start: %s", deal->number, error->message);
          break;
        }
      for (guint p = 0; p < n; p++)
        {
          const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, p);

          if (!cassino_game_play (game, &play->move, &error))
            {
              g_critical ("Replay: deal %u, move %u does not replay: %s",
                          deal->number, p + 1, error->message);
              return game;
            }
        }
    }
  return game;
}

static void
locate (CassinoReplay *self,
        guint          step,
        guint         *out_deal,
        guint         *out_plays)
{
  guint d = 0;

  while (d + 1 < self->deal_base->len && g_array_index (self->deal_base, guint, d + 1) <= step)
    d++;
  *out_deal = d;
  *out_plays = step - (self->deal_base->len ? g_array_index (self->deal_base, guint, d) : 0);
}

static const char *
seat_name (const CassinoGame *game,
           guint              seat)
{
  const CassinoSeat *s = cassino_game_get_seat (game, seat);

  return s && s->name ? s->name : "?";
}

char *
cassino_replay_move_info_text (const CassinoStoreMoveInfo *info)
{
  GString *text = g_string_new (NULL);

  if (info->think_ms >= 0)
    /* Translators: the time a move took, in seconds */
    g_string_append_printf (text, _("%.1f s"), info->think_ms / 1000.0);
  if (info->has_evaluation)
    {
      /* (an evaluation that rounds to nothing is +0.00, not "-0.00") */
      double evaluation = fabs (info->evaluation) < 0.005 ? 0.0 : info->evaluation;

      if (text->len)
        g_string_append (text, " · ");

      /* Translators: the computer's evaluation of its own move */
      g_string_append_printf (text, _("evaluation %+.2f"), evaluation);
    }
  if (info->hint_used)
    {
      if (text->len)
        g_string_append (text, " · ");
      /* Translators: in a replay, the player asked for a hint before this move */
      g_string_append (text, _("hint used"));
    }
  if (info->undo_used)
    {
      if (text->len)
        g_string_append (text, " · ");
      /* Translators: in a replay, this move replaced one that was taken back */
      g_string_append (text, _("after an undo"));
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static char *
score_text (const CassinoGame *game,
            const CassinoDeal *deal,
            const guint       *game_score)
{
  const CassinoRules *r = cassino_game_get_rules (game);
  GString *text = g_string_new (NULL);

  for (guint s = 0; s < r->n_sides; s++)
    {
      if (s)
        g_string_append (text, " · ");
      /* Translators: one side in a deal's score line: name, deal points, game score, e.g. "Anna +7 (14)" */
      g_string_append_printf (text, _("%s +%u (%u)"), seat_name (game, s), deal->score.total[s], game_score[s]);
    }
  return g_string_free (text, FALSE);
}

static void build_rows_of (CassinoReplay      *self,
                           CassinoGame        *game,
                           const CassinoRules *r,
                           guint              *game_score,
                           guint              *out_step);

static void
build_rows (CassinoReplay *self)
{
  const CassinoRules *r = cassino_game_get_rules (self->source);
  CassinoGame *game = new_empty_game (self->source);
  guint game_score[CASSINO_MAX_SIDES] = { 0 };
  guint step = 0;

  build_rows_of (self, game, r, game_score, &step);
  cassino_game_unref (game);
  self->n_steps = step;
}

static void
build_rows_of (CassinoReplay      *self,
               CassinoGame        *game,
               const CassinoRules *r,
               guint              *game_score,
               guint              *out_step)
{
  guint step = 0;

  for (guint d = 0; d < cassino_game_get_n_deals (self->source); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (self->source, d);
      GArray *infos = self->infos && d < self->infos->len ? self->infos->pdata[d] : NULL;
      g_autoptr(GError) error = NULL;
      CassinoReplayStep *row;

      g_array_append_val (self->deal_base, step);
      if (!cassino_game_start_deal_with_deck (game, deal->dealer, deal->seed, deal->deck,
                                              deal->deck_len, &error))
        {
          g_critical ("Replay: deal %u does not start: %s", deal->number, error->message);
          break;
        }
      /* Translators: a deal's header in a replay's move list, e.g. "Deal 2 — Anna deals" */
      row = cassino_replay_step_new (CASSINO_REPLAY_ROW_DEAL, step, deal->number,
                                     g_strdup_printf (_("Deal %u — %s deals"), deal->number,
                                                      seat_name (self->source, deal->dealer)),
                                     NULL);
      g_list_store_append (self->rows, row);
      g_object_unref (row);
      g_array_append_val (self->row_of_step, (guint) { g_list_model_get_n_items (G_LIST_MODEL (self->rows)) - 1 });

      for (guint p = 0; p < deal->plays->len; p++)
        {
          const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, p);
          CassinoPosition before = *cassino_game_get_position (game);
          char *text = cassino_move_text_played (&before, seat_name (self->source, play->seat), &play->move);
          char *detail = infos && p < infos->len ?
                         cassino_replay_move_info_text (&g_array_index (infos, CassinoStoreMoveInfo, p)) : NULL;

          if (!cassino_game_play (game, &play->move, &error))
            {
              g_critical ("Replay: deal %u, move %u does not replay: %s", deal->number, p + 1, error->message);
              g_free (text);
              g_free (detail);
              *out_step = step;
              return;
            }
          step++;
          /* the deal's last play: who took the last cards with it (the
           * table of that step is empty and the piles hold them: "root
           * trailed J♦" alone did not say why) */
          if (p + 1 == deal->plays->len)
            {
              const CassinoPosition *end = cassino_game_get_position (game);
              int taker = cassino_move_text_last_cards_seat (end);
              g_autofree char *last = cassino_move_text_last_cards (end, taker >= 0 ?
                                                                    seat_name (self->source, (guint) taker) : NULL);

              if (last && detail)
                {
                  char *both = g_strdup_printf ("%s · %s", detail, last);

                  g_free (detail);
                  detail = both;
                }
              else if (last)
                detail = g_steal_pointer (&last);
            }
          row = cassino_replay_step_new (CASSINO_REPLAY_ROW_MOVE, step, deal->number, text, detail);
          g_list_store_append (self->rows, row);
          g_object_unref (row);
          g_array_append_val (self->row_of_step, (guint) { g_list_model_get_n_items (G_LIST_MODEL (self->rows)) - 1 });
        }

      if (deal->finished)
        {
          for (guint s = 0; s < r->n_sides; s++)
            game_score[s] += deal->game_points[s];
          row = cassino_replay_step_new (CASSINO_REPLAY_ROW_SCORE, step, deal->number,
                                         score_text (self->source, deal, game_score), NULL);
          g_list_store_append (self->rows, row);
          g_object_unref (row);
        }
      step++;
      *out_step = step;
    }
}

static void
cassino_replay_finalize (GObject *object)
{
  CassinoReplay *self = CASSINO_REPLAY (object);

  g_clear_pointer (&self->source, cassino_game_unref);
  g_clear_pointer (&self->game, cassino_game_unref);
  g_clear_pointer (&self->infos, g_ptr_array_unref);
  g_clear_pointer (&self->deal_base, g_array_unref);
  g_clear_pointer (&self->row_of_step, g_array_unref);
  g_clear_object (&self->rows);

  G_OBJECT_CLASS (cassino_replay_parent_class)->finalize (object);
}

static void
cassino_replay_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CassinoReplay *self = CASSINO_REPLAY (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, self->n_steps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_replay_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CassinoReplay *self = CASSINO_REPLAY (object);

  switch (prop_id)
    {
    case PROP_STEP:
      cassino_replay_set_step (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cassino_replay_class_init (CassinoReplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cassino_replay_finalize;
  object_class->get_property = cassino_replay_get_property;
  object_class->set_property = cassino_replay_set_property;

  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_STEPS] =
    g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
cassino_replay_init (CassinoReplay *self)
{
  self->deal_base = g_array_new (FALSE, FALSE, sizeof (guint));
  self->row_of_step = g_array_new (FALSE, FALSE, sizeof (guint));
  self->rows = g_list_store_new (CASSINO_TYPE_REPLAY_STEP);
}

CassinoReplay *
cassino_replay_new (CassinoGame *game,
                    GPtrArray   *infos)
{
  CassinoReplay *self;

  g_return_val_if_fail (game != NULL, NULL);

  self = g_object_new (CASSINO_TYPE_REPLAY, NULL);
  self->source = cassino_game_ref (game);
  self->infos = infos ? g_ptr_array_ref (infos) : NULL;
  build_rows (self);
  self->game = build_game (self, 0, 0);
  return self;
}

CassinoReplay *
cassino_replay_new_from_store (CassinoStore  *store,
                               gint64         game_id,
                               GError       **error)
{
  g_autoptr(GPtrArray) infos = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  CassinoGame *game;
  CassinoReplay *self;

  g_return_val_if_fail (CASSINO_IS_STORE (store), NULL);

  game = cassino_store_load_game (store, game_id, error);
  if (game == NULL)
    return NULL;
  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    {
      GArray *deal_infos = cassino_store_get_move_infos (store, game_id, d + 1, error);

      if (deal_infos == NULL)
        {
          cassino_game_unref (game);
          return NULL;
        }
      g_ptr_array_add (infos, deal_infos);
    }
  self = cassino_replay_new (game, infos);
  self->game_id = game_id;
  cassino_game_unref (game);
  return self;
}

gint64
cassino_replay_get_game_id (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);
  return self->game_id;
}

CassinoGame *
cassino_replay_get_source (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), NULL);
  return self->source;
}

guint
cassino_replay_get_n_steps (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);
  return self->n_steps;
}

guint
cassino_replay_get_step (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);
  return self->step;
}

void
cassino_replay_set_step (CassinoReplay *self,
                         guint          step)
{
  guint deal, plays;

  g_return_if_fail (CASSINO_IS_REPLAY (self));

  if (self->n_steps == 0)
    return;
  step = MIN (step, self->n_steps - 1);
  if (step == self->step)
    return;
  self->step = step;
  locate (self, step, &deal, &plays);
  g_clear_pointer (&self->game, cassino_game_unref);
  self->game = build_game (self, deal, plays);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

gboolean
cassino_replay_next (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), FALSE);

  if (self->step + 1 >= self->n_steps)
    return FALSE;
  cassino_replay_set_step (self, self->step + 1);
  return TRUE;
}

gboolean
cassino_replay_previous (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), FALSE);

  if (self->step == 0)
    return FALSE;
  cassino_replay_set_step (self, self->step - 1);
  return TRUE;
}

guint
cassino_replay_get_deal_step (CassinoReplay *self,
                              guint          deal_index)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);

  if (self->deal_base->len == 0)
    return 0;
  return g_array_index (self->deal_base, guint, MIN (deal_index, self->deal_base->len - 1));
}

CassinoGame *
cassino_replay_get_game (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), NULL);
  return self->game;
}

guint
cassino_replay_get_deal_index (CassinoReplay *self)
{
  guint deal = 0, plays = 0;

  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);
  if (self->deal_base->len)
    locate (self, self->step, &deal, &plays);
  return deal;
}

guint
cassino_replay_get_n_plays (CassinoReplay *self)
{
  guint deal = 0, plays = 0;

  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);
  if (self->deal_base->len)
    locate (self, self->step, &deal, &plays);
  return plays;
}

GListModel *
cassino_replay_get_rows (CassinoReplay *self)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), NULL);
  return G_LIST_MODEL (self->rows);
}

guint
cassino_replay_get_row_of_step (CassinoReplay *self,
                                guint          step)
{
  g_return_val_if_fail (CASSINO_IS_REPLAY (self), 0);

  if (step >= self->row_of_step->len)
    return 0;
  return g_array_index (self->row_of_step, guint, step);
}
