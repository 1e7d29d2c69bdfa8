/* test-store-review.c: stored reviews and puzzles
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cassino-store.h"
#include "cassino-store-record.h"
#include "cassino-store-review.h"
#include "test-store-util.h"

#define TEST_ITERATIONS 8

typedef struct {
  char         *dir;
  char         *path;
  CassinoStore *store;
  CassinoGame  *game;
  gint64        game_id;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = store_test_tmpdir ();
  f->path = g_build_filename (f->dir, "cassino.db", NULL);
  f->store = cassino_store_open (f->path, &error);
  g_assert_no_error (error);
  /* seat 0 a person, seat 1 a computer; random moves make mistakes */
  f->game = store_test_random_game (CASSINO_PRESET_CLASSIC, 2, 21, "Ann", "medium");
  f->game_id = cassino_store_record_game (f->store, f->game, 0, CASSINO_STORE_SOURCE_PLAYED, &error);
  g_assert_no_error (error);
  g_assert_cmpint (f->game_id, >, 0);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  cassino_game_unref (f->game);
  g_clear_object (&f->store);
  store_test_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

static CassinoReview *
review_game (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  CassinoReview *review = cassino_review_run (f->game, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS,
                                              NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return review;
}

/* A review is stored and read back as it was; another key finds nothing;
 * it survives closing the database. */
static void
test_save_load (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(CassinoReview) review = review_game (f);
  g_autoptr(CassinoReview) back = NULL;
  g_autoptr(CassinoReview) none = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  none = cassino_store_load_review (f->store, f->game_id, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, &error);
  g_assert_no_error (error);
  g_assert_null (none);

  g_assert_true (cassino_store_save_review (f->store, f->game_id, review, &error));
  g_assert_no_error (error);
  /* again: replaced, not doubled */
  g_assert_true (cassino_store_save_review (f->store, f->game_id, review, &error));
  g_assert_no_error (error);

  g_clear_object (&f->store);
  f->store = cassino_store_open (f->path, &error);
  g_assert_no_error (error);
  back = cassino_store_load_review (f->store, f->game_id, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  a = cassino_review_to_text (review);
  b = cassino_review_to_text (back);
  g_assert_cmpstr (a, ==, b);

  none = cassino_store_load_review (f->store, f->game_id, 0x1, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, &error);
  g_assert_no_error (error);
  g_assert_null (none);
  none = cassino_store_load_review (f->store, f->game_id, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS + 1, &error);
  g_assert_no_error (error);
  g_assert_null (none);

  /* a game that is not there */
  g_assert_false (cassino_store_save_review (f->store, f->game_id + 100, review, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND);
}

/* Puzzles: the person's decisions where one move was clearly best, none of
 * the computer's; tries are counted and kept when the game is reviewed
 * again; deleting the game deletes them. */
static void
test_puzzles (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(CassinoReview) review = review_game (f);
  g_autoptr(GArray) puzzles = NULL;
  g_autoptr(GError) error = NULL;
  guint expected = 0;
  gint64 first;

  for (guint i = 0; i < review->moves->len; i++)
    {
      const CassinoReviewMove *m = &g_array_index (review->moves, CassinoReviewMove, i);

      if (m->seat == 0 && cassino_review_move_is_puzzle (m))
        expected++;
    }
  g_assert_cmpuint (expected, >, 0);

  g_assert_true (cassino_store_save_review (f->store, f->game_id, review, &error));
  puzzles = cassino_store_list_puzzles (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (puzzles->len, ==, expected);
  for (guint i = 0; i < puzzles->len; i++)
    {
      const CassinoStorePuzzle *p = &g_array_index (puzzles, CassinoStorePuzzle, i);

      g_assert_cmpint (p->game_id, ==, f->game_id);
      g_assert_cmpuint (p->decision.seat, ==, 0);
      g_assert_cmpfloat (p->decision.gap, >=, CASSINO_REVIEW_PUZZLE_GAP);
      g_assert_cmpuint (p->solved + p->failed, ==, 0);
    }
  first = g_array_index (puzzles, CassinoStorePuzzle, 0).id;

  g_assert_true (cassino_store_record_puzzle_try (f->store, first, FALSE, &error));
  g_assert_true (cassino_store_record_puzzle_try (f->store, first, TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (cassino_store_record_puzzle_try (f->store, first + 1000, TRUE, &error));
  g_assert_error (error, CASSINO_STORE_ERROR, CASSINO_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* reviewed again: the tries stay; the solved puzzle goes last */
  g_assert_true (cassino_store_save_review (f->store, f->game_id, review, &error));
  g_clear_pointer (&puzzles, g_array_unref);
  g_clear_object (&f->store);
  f->store = cassino_store_open (f->path, &error);
  puzzles = cassino_store_list_puzzles (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (puzzles->len, ==, expected);
  for (guint i = 0; i < puzzles->len; i++)
    {
      const CassinoStorePuzzle *p = &g_array_index (puzzles, CassinoStorePuzzle, i);

      if (p->id == first)
        {
          g_assert_cmpuint (i, ==, puzzles->len - 1);
          g_assert_cmpuint (p->solved, ==, 1);
          g_assert_cmpuint (p->failed, ==, 1);
          g_assert_cmpint (p->last_tried, >, 0);
        }
      else
        g_assert_cmpuint (p->solved + p->failed, ==, 0);
    }

  g_assert_true (cassino_store_delete_game (f->store, f->game_id, &error));
  g_clear_pointer (&puzzles, g_array_unref);
  puzzles = cassino_store_list_puzzles (f->store, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (puzzles->len, ==, 0);
  g_assert_null (cassino_store_load_review (f->store, f->game_id, 0x3, CASSINO_REVIEW_LEVEL, TEST_ITERATIONS, &error));
  g_assert_no_error (error);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cassino/store-review/save-load", Fixture, NULL, fixture_set_up, test_save_load, fixture_tear_down);
  g_test_add ("/cassino/store-review/puzzles", Fixture, NULL, fixture_set_up, test_puzzles, fixture_tear_down);
  return g_test_run ();
}
