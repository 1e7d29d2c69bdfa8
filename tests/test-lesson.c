/* test-lesson.c: every lesson of the tutorial can be completed by its
 * intended moves, and refuses wrong ones with the engine's reason
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "cassino-lesson.h"

/* The first legal move that is an answer of @step. */
static gboolean
find_answer (const CassinoLessonStep *step,
             const CassinoGame       *game,
             CassinoMove             *out)
{
  CassinoMoveList list;
  gboolean found = FALSE;

  cassino_move_list_init (&list);
  cassino_game_legal_moves (game, &list);
  for (guint i = 0; i < list.len && !found; i++)
    if (cassino_lesson_step_is_answer (step, &list.moves[i]))
      {
        *out = list.moves[i];
        found = TRUE;
      }
  cassino_move_list_clear (&list);
  return found;
}

/* Each step of each lesson: dealt at the player's turn, its every written
 * answer legal, an answer accepted and played, a legal move that is not
 * an answer refused with the lesson's words. */
static void
test_lesson_complete_all (void)
{
  g_assert_cmpuint (cassino_lesson_count (), ==, 11);
  for (guint l = 0; l < cassino_lesson_count (); l++)
    {
      const CassinoLesson *lesson = cassino_lesson_get (l);

      g_assert_true (cassino_lesson_find (lesson->id) == lesson);
      g_assert_cmpuint (lesson->n_steps, >=, 1);
      for (guint s = 0; s < lesson->n_steps; s++)
        {
          const CassinoLessonStep *step = &lesson->steps[s];
          g_autoptr(GError) error = NULL;
          CassinoGame *game = cassino_lesson_step_new_game (step, &error);
          g_auto(GStrv) answers = g_strsplit (step->answers, ";", -1);
          CassinoMoveList list;
          CassinoMove move;
          char *why;

          g_test_message ("lesson %s, step %u", lesson->id, s + 1);
          g_assert_no_error (error);
          g_assert_nonnull (game);
          g_assert_cmpuint (cassino_game_get_to_move (game), ==, 0);

          /* every concrete answer is a legal move */
          for (guint a = 0; answers[a]; a++)
            if (!g_str_has_suffix (answers[a], " *"))
              {
                g_assert_true (cassino_move_parse_notation (answers[a], &move, &error));
                g_assert_no_error (error);
                g_assert_null (cassino_game_explain_illegal (game, &move));
              }

          /* a wrong but legal move: the lesson says why */
          cassino_move_list_init (&list);
          cassino_game_legal_moves (game, &list);
          for (guint i = 0; i < list.len; i++)
            if (!cassino_lesson_step_is_answer (step, &list.moves[i]))
              {
                why = cassino_lesson_step_check (step, game, &list.moves[i]);
                g_assert_cmpstr (why, ==, step->not_this);
                g_free (why);
                break;
              }
          cassino_move_list_clear (&list);

          /* the intended move is accepted and played */
          g_assert_true (find_answer (step, game, &move));
          g_assert_null (cassino_lesson_step_check (step, game, &move));
          g_assert_true (cassino_game_play (game, &move, &error));
          g_assert_no_error (error);
          cassino_game_unref (game);
        }
    }
}

/* The moves a lesson invites the player to try are refused with the
 * engine's own reason. */
static void
check_refused (const char *lesson_id,
               guint       step_index,
               const char *notation,
               const char *reason)
{
  const CassinoLesson *lesson = cassino_lesson_find (lesson_id);
  const CassinoLessonStep *step = &lesson->steps[step_index];
  g_autoptr(GError) error = NULL;
  CassinoGame *game = cassino_lesson_step_new_game (step, &error);
  g_autofree char *why = NULL;
  g_autofree char *engine = NULL;
  CassinoMove move;

  g_assert_no_error (error);
  g_assert_true (cassino_move_parse_notation (notation, &move, &error));
  why = cassino_lesson_step_check (step, game, &move);
  engine = cassino_game_explain_illegal (game, &move);
  g_assert_cmpstr (why, ==, reason);
  g_assert_cmpstr (engine, ==, reason);
  /* and the engine does not play it */
  g_assert_false (cassino_game_play (game, &move, &error));
  g_assert_error (error, CASSINO_GAME_ERROR, CASSINO_GAME_ERROR_ILLEGAL_MOVE);
  cassino_game_unref (game);
}

static void
test_lesson_engine_reasons (void)
{
  check_refused ("pairing", 0, "4d x 7c", "A card takes a card of its own value, or cards that add up to it.");
  check_refused ("pairing", 1, "Kc x Jc", "A court card takes only cards of its own rank.");
  check_refused ("building", 0, "6c b8 2c", "To build 8 you must keep a card of that value in your hand.");
  check_refused ("raising", 1, "3h b9 Ah 5c", "Under these rules you may not raise your own build.");
  check_refused ("calling", 0, "5h b7 2h", "To build 7 you must keep a card of that value in your hand.");
  check_refused ("duties", 0, "Qh", "You own the 8-build: you may not trail while you have a build on the table.");
  check_refused ("duties", 0, "8s", "You own the 8-build: you may not trail while you have a build on the table.");
  check_refused ("variants", 1, "3h b10 7d", "These rules have no building.");
}

/* The last-cards lesson: the player's capture ends the deal and brings
 * the rest of the table. */
static void
test_lesson_last_cards (void)
{
  const CassinoLessonStep *step = cassino_lesson_find ("last-cards")->steps;
  g_autoptr(GError) error = NULL;
  CassinoGame *game = cassino_lesson_step_new_game (step, &error);
  const CassinoPosition *pos = cassino_game_get_position (game);
  g_autofree char *table = cassino_cards_to_string (cassino_position_table_cards (pos), " ");
  const CassinoDeal *deal;
  g_autofree char *last = NULL;
  CassinoMove move;

  g_assert_true (cassino_position_is_last_play (pos));
  g_assert_cmpstr (table, ==, "Ah 2s 4s 7s Qs");
  g_assert_cmpint (pos->last_capturer, ==, 1);
  g_assert_true (cassino_move_parse_notation ("Qc x Qs", &move, &error));
  g_assert_true (cassino_game_play (game, &move, &error));
  deal = cassino_game_get_current_deal (game);
  g_assert_true (deal->finished);
  g_assert_cmpint (deal->last_cards_side, ==, 0);
  last = cassino_cards_to_string (deal->last_cards, " ");
  g_assert_cmpstr (last, ==, "Ah 2s 4s 7s");
  cassino_game_unref (game);

  /* the test: the same on another deal */
  step = &cassino_lesson_find ("last-cards")->steps[1];
  game = cassino_lesson_step_new_game (step, &error);
  g_assert_no_error (error);
  pos = cassino_game_get_position (game);
  g_clear_pointer (&table, g_free);
  table = cassino_cards_to_string (cassino_position_table_cards (pos), " ");
  g_assert_cmpstr (table, ==, "6c 7d 9c Jd");
  g_assert_cmpint (pos->last_capturer, ==, 1);
  g_assert_true (cassino_move_parse_notation ("Js x Jd", &move, &error));
  g_assert_true (cassino_game_play (game, &move, &error));
  deal = cassino_game_get_current_deal (game);
  g_assert_cmpint (deal->last_cards_side, ==, 0);
  cassino_game_unref (game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cassino/lesson/complete-all", test_lesson_complete_all);
  g_test_add_func ("/cassino/lesson/engine-reasons", test_lesson_engine_reasons);
  g_test_add_func ("/cassino/lesson/last-cards", test_lesson_last_cards);
  return g_test_run ();
}
