/* cassino-history-item.c: one game of the history list
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "cassino"

#include "config.h"

#include <inttypes.h>

#include "cassino-history-item.h"

#include <glib/gi18n.h>

#include "cassino-rules.h"

struct _CassinoHistoryItem
{
  GObject                  parent_instance;

  CassinoStoreGameSummary *summary;
};

G_DEFINE_FINAL_TYPE (CassinoHistoryItem, cassino_history_item, G_TYPE_OBJECT)

static void
cassino_history_item_finalize (GObject *object)
{
  CassinoHistoryItem *self = CASSINO_HISTORY_ITEM (object);

  g_clear_pointer (&self->summary, cassino_store_game_summary_free);

  G_OBJECT_CLASS (cassino_history_item_parent_class)->finalize (object);
}

static void
cassino_history_item_class_init (CassinoHistoryItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cassino_history_item_finalize;
}

static void
cassino_history_item_init (CassinoHistoryItem *self)
{
}

CassinoHistoryItem *
cassino_history_item_new_loading (void)
{
  return g_object_new (CASSINO_TYPE_HISTORY_ITEM, NULL);
}

gboolean
cassino_history_item_is_loading (CassinoHistoryItem *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), FALSE);
  return self->summary == NULL;
}

CassinoHistoryItem *
cassino_history_item_new (CassinoStoreGameSummary *summary)
{
  CassinoHistoryItem *self;

  g_return_val_if_fail (summary != NULL, NULL);

  self = g_object_new (CASSINO_TYPE_HISTORY_ITEM, NULL);
  self->summary = summary;
  return self;
}

const CassinoStoreGameSummary *
cassino_history_item_get_summary (CassinoHistoryItem *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), NULL);
  return self->summary;
}

gint64
cassino_history_item_get_id (CassinoHistoryItem *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), 0);
  return self->summary ? self->summary->id : 0;
}

gboolean
cassino_history_item_is_unfinished (CassinoHistoryItem *self)
{
  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), FALSE);
  return self->summary && g_strcmp0 (self->summary->state, "playing") == 0;
}

char *
cassino_history_item_dup_date_text (CassinoHistoryItem *self)
{
  g_autoptr(GDateTime) time = NULL;

  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), NULL);

  if (self->summary == NULL)
    /* Translators: a row of the history whose game is being read */
    return g_strdup (_("Loading…"));
  if (!self->summary->start_known)
    {
      g_autofree char *date = NULL;

      /* recorded with its day only, kept as midnight UTC of that day */
      time = g_date_time_new_from_unix_utc (self->summary->started);
      if (time == NULL)
        return g_strdup ("");
      /* Translators: the date a game started, in the history list, when
       * only its day is known; see the strftime manual for the format */
      date = g_date_time_format (time, _("%Y-%m-%d"));
      /* Translators: a game recorded by an old version, with its day but
       * not its time, e.g. "2026-11-21, time unknown" */
      return g_strdup_printf (_("%s, time unknown"), date);
    }
  time = g_date_time_new_from_unix_local (self->summary->started);
  if (time == NULL)
    return g_strdup ("");
  /* Translators: the date and time a game started, in the history list; see
   * the strftime manual for the format */
  return g_date_time_format (time, _("%Y-%m-%d %H:%M"));
}

char *
cassino_history_item_dup_preset_text (CassinoHistoryItem *self)
{
  CassinoPreset preset;
  const char *title;
  g_autofree char *text = NULL;

  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), NULL);

  if (self->summary == NULL)
    return g_strdup ("");

  title = self->summary->preset && cassino_preset_from_string (self->summary->preset, &preset) ?
          cassino_preset_get_title (preset) : self->summary->preset;
  /* Translators: the variant of a game in the history, e.g. "Classic, 2 players" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u player", "%s, %u players",
                                       self->summary->n_players),
                          title ? title : "", self->summary->n_players);
  if (self->summary->daily == NULL)
    return g_steal_pointer (&text);
  /* Translators: a daily deal's variant in the history, e.g. "Classic, 2
   * players · Daily deal" (the Daily Deal window points there) */
  return g_strdup_printf (_("%s · Daily deal"), text);
}

char *
cassino_history_item_dup_players_text (CassinoHistoryItem *self)
{
  const CassinoStoreGameSummary *s;
  GString *text;

  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), NULL);

  if (self->summary == NULL)
    return g_strdup ("");   /* a row still loading */

  s = self->summary;
  text = g_string_new (NULL);
  /* sides against each other: "Anna & Chiara – Bruno & Dario" */
  for (guint side = 0; side < s->n_sides; side++)
    {
      gboolean first = TRUE;

      if (side > 0)
        g_string_append (text, " – ");
      for (guint i = 0; i < s->n_seats; i++)
        if (s->seats[i].side == side)
          {
            if (!first)
              g_string_append (text, " & ");
            g_string_append (text, s->seats[i].name);
            first = FALSE;
          }
    }
  return g_string_free (text, FALSE);
}

static int
side_of (const CassinoStoreGameSummary *s,
         gint64                         player_id)
{
  for (guint i = 0; i < s->n_seats; i++)
    if (s->seats[i].player_id == player_id)
      return (int) s->seats[i].side;
  return -1;
}

int
cassino_history_item_get_outcome (CassinoHistoryItem *self,
                                  gint64              player_id)
{
  const CassinoStoreGameSummary *s;
  int side;

  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), 0);

  if (self->summary == NULL)
    return 0;

  s = self->summary;
  side = side_of (s, player_id);
  if (side < 0 || g_strcmp0 (s->state, "finished") != 0 || s->winner_side < 0)
    return 0;
  return s->winner_side == side ? 1 : -1;
}

static char *
side_names (const CassinoStoreGameSummary *s,
            guint                          side)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < s->n_seats; i++)
    if (s->seats[i].side == side)
      {
        if (text->len)
          g_string_append (text, " & ");
        g_string_append (text, s->seats[i].name);
      }
  return g_string_free (text, FALSE);
}

static char *
score_text (const CassinoStoreGameSummary *s)
{
  GString *text = g_string_new (NULL);

  for (guint side = 0; side < s->n_sides; side++)
    g_string_append_printf (text, side ? "–%u" : "%u", s->scores[side]);
  return g_string_free (text, FALSE);
}

char *
cassino_history_item_dup_result_text (CassinoHistoryItem *self,
                                      gint64              player_id)
{
  const CassinoStoreGameSummary *s;
  g_autofree char *score = NULL;

  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), NULL);

  if (self->summary == NULL)
    return g_strdup ("");

  s = self->summary;
  score = score_text (s);
  /* a game not finished: its score after the deals played, if any */
  if (g_strcmp0 (s->state, "playing") == 0)
    return s->n_deals_scored == 0 ?
      /* Translators: the result of a game still being played */
      g_strdup (C_("result", "Unfinished")) :
      /* Translators: the result of a game still being played, with
       * the score after its finished deals, e.g. "Unfinished 7–5" */
      g_strdup_printf (C_("result", "Unfinished %s"), score);
  if (g_strcmp0 (s->state, "abandoned") == 0)
    return s->n_deals_scored == 0 ?
      /* Translators: the result of a game the players gave up */
      g_strdup (C_("result", "Abandoned")) :
      /* Translators: the result of a game the players gave up, with
       * the score after its finished deals, e.g. "Abandoned 7–5" */
      g_strdup_printf (C_("result", "Abandoned %s"), score);

  if (s->winner_side < 0)
    /* Translators: a drawn game and its score, e.g. "Draw 21–21" */
    return g_strdup_printf (C_("result", "Draw %s"), score);

  if (player_id != 0 && side_of (s, player_id) >= 0)
    {
      if (side_of (s, player_id) == s->winner_side)
        /* Translators: the result of a game for the chosen player, e.g. "Won 21–14" */
        return g_strdup_printf (C_("result", "Won %s"), score);
      /* Translators: the result of a game for the chosen player, e.g. "Lost 14–21" */
      return g_strdup_printf (C_("result", "Lost %s"), score);
    }
  {
    g_autofree char *winner = side_names (s, (guint) s->winner_side);

    /* Translators: who won a game and the score, e.g. "Anna won 21–14" */
    return g_strdup_printf (C_("result", "%s won %s"), winner, score);
  }
}

char *
cassino_history_item_dup_length_text (CassinoHistoryItem *self)
{
  const CassinoStoreGameSummary *s;
  g_autofree char *deals = NULL;

  g_return_val_if_fail (CASSINO_IS_HISTORY_ITEM (self), NULL);

  if (self->summary == NULL)
    return g_strdup ("");

  s = self->summary;
  /* Translators: how long a game was, in deals */
  deals = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u deal", "%u deals", s->n_deals), s->n_deals);
  if (!s->start_known && s->ended > 0)
    /* Translators: a game's length when its start time is unknown, e.g.
     * "3 deals · length unknown" */
    return g_strdup_printf (_("%s · length unknown"), deals);
  /* (under half a minute shows no minutes: never "0 min") */
  if (s->ended - s->started >= 30)
    {
      gint64 minutes = (s->ended - s->started + 30) / 60;

      /* Translators: a game's length: deals and minutes, e.g. "3 deals · 12 min" */
      return g_strdup_printf (_("%s · %" PRId64 " min"), deals, minutes);
    }
  return g_steal_pointer (&deals);
}
