/* fuzz-targets.h: the three libFuzzer targets, callable without libFuzzer
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each fuzz-<target>.c defines cassino_fuzz_<target>() (one input through
 * one reader, with the checks that make a wrong answer a crash) and, unless
 * CASSINO_FUZZ_NO_MAIN is defined, libFuzzer's LLVMFuzzerTestOneInput().
 * tests/test-fuzz-regressions.c compiles all three with
 * CASSINO_FUZZ_NO_MAIN and feeds them the committed corpus and every
 * crasher ever found (tests/fuzz/regressions/<target>/).
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Game records: cassino_record_read(), then write and read back. */
int cassino_fuzz_record   (const uint8_t *data, size_t size);
/* Positions (cli.md JSON) and rule sets: cassino_json_position_parse()
 * and the legal moves of the result; cassino_rules_parse(). */
int cassino_fuzz_position (const uint8_t *data, size_t size);
/* Move notation: cassino_move_parse_notation(), then write and parse back. */
int cassino_fuzz_notation (const uint8_t *data, size_t size);

/* Criticals and warnings are bugs: make them fatal (once per process). */
void cassino_fuzz_init    (void);

#ifndef CASSINO_FUZZ_NO_MAIN
int LLVMFuzzerInitialize   (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
#define CASSINO_FUZZ_MAIN(func)                                         \
  int LLVMFuzzerInitialize (int *argc, char ***argv)                    \
  {                                                                     \
    cassino_fuzz_init ();                                               \
    return 0;                                                           \
  }                                                                     \
  int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)         \
  {                                                                     \
    return func (data, size);                                           \
  }
#else
#define CASSINO_FUZZ_MAIN(func)
#endif

/* The definition of cassino_fuzz_init() (in exactly one file of a
 * program): a warning or critical aborts, so that libFuzzer saves the
 * input (GLib's own fatal path raises SIGTRAP, which it does not). */
#define CASSINO_FUZZ_DEFINE_INIT                                        \
  static GLogWriterOutput                                               \
  fuzz_log_writer (GLogLevelFlags   level,                              \
                   const GLogField *fields,                             \
                   gsize            n_fields,                           \
                   gpointer         user_data)                          \
  {                                                                     \
    g_log_writer_standard_streams (level, fields, n_fields, user_data); \
    if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL |             \
                 G_LOG_LEVEL_WARNING))                                  \
      abort ();                                                         \
    return G_LOG_WRITER_HANDLED;                                        \
  }                                                                     \
  void cassino_fuzz_init (void)                                         \
  {                                                                     \
    g_setenv ("LC_ALL", "C.UTF-8", TRUE);                               \
    g_log_set_writer_func (fuzz_log_writer, NULL, NULL);                \
  }
