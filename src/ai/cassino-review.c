/* cassino-review.c: what should I have played?
 *
 * The recorded game is replayed through the engine; at each decision of a
 * reviewed seat the strongest level searches every legal move from what
 * that seat could see then (cassino_view_init_from_game(): its own hand,
 * the table, the captures and the plays so far, never the other hands or
 * the stock), and the move played is compared with the best.
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-engine"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "cassino-review.h"

G_DEFINE_QUARK (cassino-review-error-quark, cassino_review_error)

CassinoReviewMark
cassino_review_mark_for_loss (double loss)
{
  if (loss >= CASSINO_REVIEW_BLUNDER)
    return CASSINO_REVIEW_MARK_BLUNDER;
  if (loss >= CASSINO_REVIEW_MISTAKE)
    return CASSINO_REVIEW_MARK_MISTAKE;
  if (loss >= CASSINO_REVIEW_INACCURACY)
    return CASSINO_REVIEW_MARK_INACCURACY;
  return CASSINO_REVIEW_MARK_GOOD;
}

const char *
cassino_review_mark_to_string (CassinoReviewMark mark)
{
  switch (mark)
    {
    case CASSINO_REVIEW_MARK_INACCURACY:
      /* Translators: a move a little worse than the best (game review) */
      return _("Inaccuracy");
    case CASSINO_REVIEW_MARK_MISTAKE:
      /* Translators: a move clearly worse than the best (game review) */
      return _("Mistake");
    case CASSINO_REVIEW_MARK_BLUNDER:
      /* Translators: a move much worse than the best (game review) */
      return _("Blunder");
    case CASSINO_REVIEW_MARK_GOOD:
    default:
      return NULL;
    }
}

const char *
cassino_review_mark_symbol (CassinoReviewMark mark)
{
  static const char *symbols[] = { "", "?!", "?", "??" };

  return mark <= CASSINO_REVIEW_MARK_BLUNDER ? symbols[mark] : "";
}

char *
cassino_review_move_advice (const CassinoRules      *rules,
                            const CassinoReviewMove *move)
{
  g_autofree char *better = NULL;
  g_autofree char *lost = NULL;

  if (move->mark == CASSINO_REVIEW_MARK_GOOD)
    return NULL;
  better = cassino_ai_reason_to_string (rules, &move->best);
  lost = g_strdup_printf ("%.1f", move->loss);   /* the locale's decimal point */
  /* Translators: the game review's verdict on a move: its mark
   * ("Mistake"), the expected points it lost, and the better move with
   * its reason ("Take 7♦ with 7♣: 2 cards."), e.g. "Mistake, about 0.9
   * points lost. Better: Take 7♦ with 7♣: 2 cards." */
  return g_strdup_printf (_("%s, about %s points lost. Better: %s"),
                          cassino_review_mark_to_string (move->mark), lost, better);
}

guint64
cassino_review_seed (guint64 game_seed,
                     guint   deal_number,
                     guint   play_index)
{
  return game_seed ^ (play_index + 7919u * deal_number);
}

gboolean
cassino_review_judge (const CassinoGame *game,
                      const CassinoMove *move,
                      CassinoLevel       level,
                      guint              iterations,
                      GCancellable      *cancellable,
                      CassinoReviewMove *out)
{
  const CassinoDeal *deal = cassino_game_get_current_deal (game);
  CassinoAiBudget budget = { iterations ? iterations : CASSINO_REVIEW_ITERATIONS, 0 };
  CassinoView view;
  g_autoptr(GArray) values = NULL;
  const CassinoAiMoveValue *best;
  gboolean found = FALSE;

  g_return_val_if_fail (game != NULL && move != NULL && out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  if (deal == NULL || cassino_game_get_state (game) != CASSINO_GAME_PLAYING)
    return FALSE;

  cassino_view_init_from_game (&view, game);
  values = cassino_ai_evaluate (&view, level, &budget,
                                cassino_review_seed (cassino_game_get_seed (game), deal->number,
                                                     deal->plays->len),
                                cancellable, &out->best);
  cassino_view_clear (&view);
  /* (a level that values no move, the beginner's, cannot judge) */
  if (values == NULL || values->len == 0)
    return FALSE;

  best = &g_array_index (values, CassinoAiMoveValue, 0);
  out->deal_index = deal->number - 1;
  out->play_index = deal->plays->len;
  out->seat = cassino_game_get_to_move (game);
  out->n_moves = values->len;
  out->played = *move;
  /* (a move the level does not search may come out above its choice: the
   * gap is then negative, and no puzzle) */
  if (values->len > 1)
    out->gap = best->value - g_array_index (values, CassinoAiMoveValue, 1).value;
  for (guint i = 0; i < values->len; i++)
    {
      const CassinoAiMoveValue *mv = &g_array_index (values, CassinoAiMoveValue, i);

      if (!cassino_move_equal (&mv->move, move))
        continue;
      found = TRUE;
      /* a move the search never plays (a Cassino! claim left) is a blunder */
      out->loss = mv->value <= -G_MAXDOUBLE ? CASSINO_REVIEW_BLUNDER : MAX (0.0, best->value - mv->value);
      break;
    }
  /* the gap to a move never played is no measure of a clear choice */
  if (out->gap > 1e6)
    out->gap = CASSINO_REVIEW_BLUNDER;
  if (!found)
    g_debug ("review: the move played is not among the legal moves listed; not judged");
  out->mark = cassino_review_mark_for_loss (out->loss);
  return TRUE;
}

static CassinoGame *
new_empty_game (const CassinoGame *source)
{
  const CassinoRules *r = cassino_game_get_rules (source);
  CassinoGame *game = cassino_game_new (r, cassino_game_get_seed (source),
                                        cassino_game_get_first_dealer (source));

  for (guint i = 0; i < r->n_players; i++)
    {
      const CassinoSeat *s = cassino_game_get_seat (source, i);

      if (s)
        cassino_game_set_seat (game, i, s->name, s->kind, s->level);
    }
  return game;
}

CassinoGame *
cassino_review_game_before (const CassinoGame  *source,
                            guint               deal_index,
                            guint               play_index,
                            GError            **error)
{
  CassinoGame *game;

  g_return_val_if_fail (source != NULL, NULL);

  if (deal_index >= cassino_game_get_n_deals (source) ||
      play_index >= cassino_game_get_deal (source, deal_index)->plays->len)
    {
      g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_REPLAY,
                   _("The game has no move %u in deal %u"), play_index + 1, deal_index + 1);
      return NULL;
    }
  game = new_empty_game (source);
  for (guint d = 0; d <= deal_index; d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (source, d);
      guint n = d < deal_index ? deal->plays->len : play_index;
      g_autoptr(GError) local = NULL;

      if (!cassino_game_start_deal_with_deck (game, deal->dealer, deal->seed, deal->deck,
                                              deal->deck_len, &local))
        {
          g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_REPLAY,
                       _("Deal %u of the game does not replay: %s"), deal->number, local->message);
          cassino_game_unref (game);
          return NULL;
        }
      for (guint p = 0; p < n; p++)
        if (!cassino_game_play (game, &g_array_index (deal->plays, CassinoPlay, p).move, &local))
          {
            g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_REPLAY,
                         _("Move %u of deal %u does not replay: %s"), p + 1, deal->number,
                         local->message);
            cassino_game_unref (game);
            return NULL;
          }
    }
  return game;
}

guint
cassino_review_count_decisions (const CassinoGame *game,
                                guint              seats)
{
  guint n = 0;

  for (guint d = 0; d < cassino_game_get_n_deals (game); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (game, d);

      for (guint p = 0; p < deal->plays->len; p++)
        if (seats & (1u << g_array_index (deal->plays, CassinoPlay, p).seat))
          n++;
    }
  return n;
}

static gboolean
review_replay (const CassinoGame         *source,
               CassinoGame               *game,
               CassinoReview             *review,
               GCancellable              *cancellable,
               CassinoReviewProgressFunc  progress,
               gpointer                   user_data,
               GError                   **error)
{
  guint total = cassino_review_count_decisions (source, review->seats);
  guint done = 0;

  for (guint d = 0; d < cassino_game_get_n_deals (source); d++)
    {
      const CassinoDeal *deal = cassino_game_get_deal (source, d);
      g_autoptr(GError) local = NULL;

      if (!cassino_game_start_deal_with_deck (game, deal->dealer, deal->seed, deal->deck,
                                              deal->deck_len, &local))
        {
          g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_REPLAY,
                       _("Deal %u of the game does not replay: %s"), deal->number, local->message);
          return FALSE;
        }
      for (guint p = 0; p < deal->plays->len; p++)
        {
          const CassinoPlay *play = &g_array_index (deal->plays, CassinoPlay, p);

          if (review->seats & (1u << play->seat))
            {
              CassinoReviewMove judged;

              if (!cassino_review_judge (game, &play->move, review->level, review->iterations,
                                         cancellable, &judged))
                {
                  if (g_cancellable_set_error_if_cancelled (cancellable, error))
                    return FALSE;
                  g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_REPLAY,
                               _("Move %u of deal %u cannot be judged"), p + 1, deal->number);
                  return FALSE;
                }
              g_array_append_val (review->moves, judged);
              if (progress)
                progress (++done, total, user_data);
            }
          if (!cassino_game_play (game, &play->move, &local))
            {
              g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_REPLAY,
                           _("Move %u of deal %u does not replay: %s"), p + 1, deal->number,
                           local->message);
              return FALSE;
            }
        }
    }
  return TRUE;
}

CassinoReview *
cassino_review_run (const CassinoGame         *source,
                    guint                      seats,
                    CassinoLevel               level,
                    guint                      iterations,
                    GCancellable              *cancellable,
                    CassinoReviewProgressFunc  progress,
                    gpointer                   user_data,
                    GError                   **error)
{
  g_autoptr(CassinoReview) review = NULL;
  CassinoGame *game;
  gboolean ok;

  g_return_val_if_fail (source != NULL, NULL);
  g_return_val_if_fail (level < CASSINO_N_LEVELS, NULL);

  review = g_new0 (CassinoReview, 1);
  review->level = level;
  review->iterations = iterations ? iterations : CASSINO_REVIEW_ITERATIONS;
  review->seats = seats;
  review->moves = g_array_new (FALSE, TRUE, sizeof (CassinoReviewMove));

  game = new_empty_game (source);
  ok = review_replay (source, game, review, cancellable, progress, user_data, error);
  cassino_game_unref (game);
  return ok ? g_steal_pointer (&review) : NULL;
}

void
cassino_review_free (CassinoReview *review)
{
  if (review == NULL)
    return;
  g_clear_pointer (&review->moves, g_array_unref);
  g_free (review);
}

double
cassino_review_get_accuracy (const CassinoReview *review,
                             guint                seat)
{
  double sum = 0;
  guint n = 0;

  for (guint i = 0; i < review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);

      if (m->seat != seat || m->n_moves < 2)
        continue;
      sum += 100.0 * exp (-m->loss / CASSINO_REVIEW_ACCURACY_SCALE);
      n++;
    }
  return n ? sum / n : -1.0;
}

guint
cassino_review_count_marks (const CassinoReview *review,
                            guint                seat,
                            CassinoReviewMark    mark)
{
  guint n = 0;

  for (guint i = 0; i < review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);

      if (m->seat == seat && m->mark == mark)
        n++;
    }
  return n;
}

guint
cassino_review_get_costliest (const CassinoReview *review,
                              guint                seat,
                              guint               *out_indexes,
                              guint                max)
{
  guint n = 0;

  for (guint i = 0; i < review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);
      guint k;

      if (m->seat != seat || m->loss < CASSINO_REVIEW_INACCURACY)
        continue;
      /* insertion into the sorted list; the earlier move first on a tie */
      for (k = n; k > 0; k--)
        {
          const CassinoReviewMove *o = &g_array_index (review->moves, CassinoReviewMove, out_indexes[k - 1]);

          if (o->loss >= m->loss)
            break;
          if (k < max)
            out_indexes[k] = out_indexes[k - 1];
        }
      if (k < max)
        {
          out_indexes[k] = i;
          if (n < max)
            n++;
        }
    }
  return n;
}

gboolean
cassino_review_move_is_puzzle (const CassinoReviewMove *move)
{
  return move->n_moves >= 2 && move->gap >= CASSINO_REVIEW_PUZZLE_GAP &&
         move->best.move.type != CASSINO_MOVE_CLAIM;
}

/* Text: a header line, then one line per decision of plain numbers.
 *   cassino-review 1 <level> <iterations> <seats>
 *   <deal> <play> <seat> <n_moves> <loss> <gap> <played> <best> <reason>
 * a move is "type card value flags set", the reason "points cards sweep
 * takers leaves_sweep exposed". */

#define TEXT_MAGIC "cassino-review 1"

static void
append_move (GString           *s,
             const CassinoMove *m)
{
  g_string_append_printf (s, " %u %u %u %u %" G_GUINT64_FORMAT,
                          m->type, m->card, m->value, m->flags, (guint64) m->set);
}

static void
append_line (GString                 *s,
             const CassinoReviewMove *m)
{
  const CassinoAiReason *r = &m->best;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (s, "%u %u %u %u", m->deal_index, m->play_index, m->seat, m->n_moves);
  g_string_append_printf (s, " %s", g_ascii_dtostr (buf, sizeof buf, m->loss));
  g_string_append_printf (s, " %s", g_ascii_dtostr (buf, sizeof buf, m->gap));
  append_move (s, &m->played);
  append_move (s, &r->move);
  g_string_append_printf (s, " %u %u %u %u %u %u", r->points_taken, r->cards_taken,
                          r->sweep, r->build_unseen_takers, r->leaves_sweep, r->exposed_points);
}

char *
cassino_review_move_to_text (const CassinoReviewMove *move)
{
  GString *s = g_string_new (NULL);

  append_line (s, move);
  return g_string_free (s, FALSE);
}

char *
cassino_review_to_text (const CassinoReview *review)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, TEXT_MAGIC " %s %u %u\n", cassino_level_to_string (review->level),
                          review->iterations, review->seats);
  for (guint i = 0; i < review->moves->len; i++)
    {
      append_line (s, &g_array_index (review->moves, CassinoReviewMove, i));
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

static gboolean
parse_uints (char  **tokens,
             guint   n,
             guint64 *out)
{
  for (guint i = 0; i < n; i++)
    if (tokens[i] == NULL || !g_ascii_string_to_unsigned (tokens[i], 10, 0, G_MAXUINT64, &out[i], NULL))
      return FALSE;
  return TRUE;
}

static void
move_from (const guint64 *v,
           CassinoMove   *m)
{
  memset (m, 0, sizeof *m);
  m->type = (guint8) v[0];
  m->card = (CassinoCard) v[1];
  m->value = (guint8) v[2];
  m->flags = (guint8) v[3];
  m->set = (CassinoCards) v[4];
}

gboolean
cassino_review_move_from_text (const char        *line,
                               CassinoReviewMove *out)
{
  g_auto(GStrv) t = g_strsplit (line, " ", -1);
  CassinoReviewMove m = { 0 };
  guint64 v[6];
  char *end;

  if (g_strv_length (t) != 22 || !parse_uints (t, 4, v))
    return FALSE;
  m.deal_index = (guint) v[0];
  m.play_index = (guint) v[1];
  m.seat = (guint) v[2];
  m.n_moves = (guint) v[3];
  m.loss = g_ascii_strtod (t[4], &end);
  if (*end != '\0' || !(m.loss >= 0))
    return FALSE;
  m.gap = g_ascii_strtod (t[5], &end);
  if (*end != '\0')
    return FALSE;
  if (!parse_uints (t + 6, 5, v))
    return FALSE;
  move_from (v, &m.played);
  if (!parse_uints (t + 11, 5, v))
    return FALSE;
  move_from (v, &m.best.move);
  if (!parse_uints (t + 16, 6, v))
    return FALSE;
  m.best.points_taken = (guint) v[0];
  m.best.cards_taken = (guint) v[1];
  m.best.sweep = v[2] != 0;
  m.best.build_unseen_takers = (guint) v[3];
  m.best.leaves_sweep = v[4] != 0;
  m.best.exposed_points = (guint) v[5];
  m.mark = cassino_review_mark_for_loss (m.loss);
  *out = m;
  return TRUE;
}

CassinoReview *
cassino_review_from_text (const char  *text,
                          GError     **error)
{
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) head = NULL;
  g_autoptr(CassinoReview) review = g_new0 (CassinoReview, 1);
  guint64 h[2];

  g_return_val_if_fail (text != NULL, NULL);

  review->moves = g_array_new (FALSE, TRUE, sizeof (CassinoReviewMove));
  lines = g_strsplit (text, "\n", -1);
  if (lines[0] == NULL || !g_str_has_prefix (lines[0], TEXT_MAGIC " "))
    goto bad;
  head = g_strsplit (lines[0] + strlen (TEXT_MAGIC " "), " ", -1);
  if (g_strv_length (head) != 3 || !cassino_level_from_string (head[0], &review->level) ||
      !parse_uints (head + 1, 2, h))
    goto bad;
  review->iterations = (guint) h[0];
  review->seats = (guint) h[1];

  for (guint l = 1; lines[l] != NULL; l++)
    {
      CassinoReviewMove m;

      if (*lines[l] == '\0')
        continue;
      if (!cassino_review_move_from_text (lines[l], &m))
        goto bad;
      g_array_append_val (review->moves, m);
    }
  return g_steal_pointer (&review);

bad:
  g_set_error (error, CASSINO_REVIEW_ERROR, CASSINO_REVIEW_ERROR_PARSE,
               _("The stored review cannot be read"));
  return NULL;
}
