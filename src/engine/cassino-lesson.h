/* cassino-lesson.h: the tutorial's lessons, each on real stacked deals
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include "cassino-game.h"

G_BEGIN_DECLS

/*
 * A lesson is a few steps; the last is a small test.  Each step is a real
 * two-player game: its first deal is dealt from a stacked deck (the
 * player's hand, the computer's, the four table cards, then the rest in
 * canonical order), or from @seed; then the @prelude moves are played (and
 * @auto_plays more by a plain policy: the biggest capture, else the first
 * trail).  The player is seat 0.  The step is done when the player makes
 * one of the @answers.
 *
 * Answers: moves in the record notation separated by ';'.  An answer
 * ending in " *" ("9h x *", "3c m8 *") takes any table cards: any capture
 * with that card, any build of that value with it.
 */
typedef struct {
  const char    *instruction;  /* translatable (N_) */
  const char    *praise;       /* what the move did, said after it (N_) */
  const char    *not_this;     /* a legal move that is not the lesson's (N_) */
  CassinoPreset  preset;
  guint          dealer;       /* 1: the player (seat 0) plays first */
  const char    *player;       /* the player's first hand, e.g. "7h Ks 4d 9c" */
  const char    *computer;
  const char    *table;        /* the four table cards */
  guint64        seed;         /* when not 0: the deck of this seed instead */
  const char    *prelude;      /* moves before the player's turn, ';'-separated, or NULL */
  guint          auto_plays;
  const char    *answers;
} CassinoLessonStep;

typedef struct {
  const char              *id;       /* stable: the progress is stored under it */
  const char              *title;    /* N_ */
  const char              *summary;  /* N_ */
  const CassinoLessonStep *steps;
  guint                    n_steps;  /* the last one is the test */
} CassinoLesson;

guint                cassino_lesson_count   (void);
const CassinoLesson *cassino_lesson_get     (guint       index);
const CassinoLesson *cassino_lesson_find    (const char *id);

/* The game of @step, at the player's turn (transfer full), or NULL with
 * @error when the step's data is wrong. */
CassinoGame         *cassino_lesson_step_new_game (const CassinoLessonStep  *step,
                                                   GError                  **error);

/* Whether @move is an answer of @step. */
gboolean             cassino_lesson_step_is_answer (const CassinoLessonStep *step,
                                                    const CassinoMove       *move);

/* NULL when @move, made by the player in @game, is the step's answer;
 * otherwise why it is refused (newly allocated, translated): the engine's
 * reason for an illegal move, the lesson's for a legal one. */
char                *cassino_lesson_step_check    (const CassinoLessonStep *step,
                                                   const CassinoGame       *game,
                                                   const CassinoMove       *move);

G_END_DECLS
