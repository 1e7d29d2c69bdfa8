/* test-fuzz-regressions.c: the fuzz targets' inputs, in the ordinary suite
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every crasher the fuzzers ever found (tests/fuzz/regressions/<target>/)
 * and the seed corpus (tests/fuzz/corpus/<target>/) go through the same
 * code as the libFuzzer targets (tests/fuzz/fuzz-<target>.c, compiled
 * here with CASSINO_FUZZ_NO_MAIN), with gcc, under --setup=sanitize and
 * under valgrind.  Each input is copied to a buffer of exactly its length
 * (no terminating NUL), as libFuzzer gives it, so that a read past the end
 * shows under ASan and valgrind.
 */
#define G_LOG_DOMAIN "test-fuzz-regressions"

#include "config.h"

#include <glib.h>

#include "fuzz/fuzz-targets.h"

typedef int (*TargetFunc) (const uint8_t *data, size_t size);

typedef struct {
  const char *name;
  TargetFunc  func;
  const char *kind;   /* "regressions" or "corpus" */
} Case;

static void
run_dir (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *dir = g_build_filename (TEST_SRCDIR, "fuzz", c->kind, c->name, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;
  guint n = 0;

  if (d == NULL)
    {
      g_test_skip ("no such folder");
      return;
    }
  while ((file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree char *contents = NULL;
      g_autofree guint8 *exact = NULL;
      gsize len;

      if (file[0] == '.' || g_str_has_suffix (file, ".md"))
        continue;
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      exact = g_malloc (MAX (len, 1));
      memcpy (exact, contents, len);
      g_test_message ("%s/%s", c->name, file);
      g_assert_cmpint (c->func (exact, len), ==, 0);
      n++;
    }
  g_test_message ("%u inputs", n);
}

/* Inputs made here: truncations of every corpus file at every length up
 * to 64 bytes and every 257th after, each without a NUL after it. */
static void
run_truncations (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *dir = g_build_filename (TEST_SRCDIR, "fuzz", "corpus", c->name, NULL);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *file;

  g_assert_nonnull (d);
  while ((file = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      for (gsize cut = 0; cut < len; cut += cut < 64 ? 1 : 257)
        {
          g_autofree guint8 *exact = g_malloc (MAX (cut, 1));

          memcpy (exact, contents, cut);
          g_assert_cmpint (c->func (exact, cut), ==, 0);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  static const Case cases[] = {
    { "record", cassino_fuzz_record, "regressions" },
    { "position", cassino_fuzz_position, "regressions" },
    { "notation", cassino_fuzz_notation, "regressions" },
    { "record", cassino_fuzz_record, "corpus" },
    { "position", cassino_fuzz_position, "corpus" },
    { "notation", cassino_fuzz_notation, "corpus" },
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cassino/fuzz-regressions/%s/%s",
                                               cases[i].kind, cases[i].name);

      g_test_add_data_func (path, &cases[i], run_dir);
      if (g_str_equal (cases[i].kind, "corpus"))
        {
          g_autofree char *cut = g_strdup_printf ("/cassino/fuzz-regressions/truncated/%s", cases[i].name);

          g_test_add_data_func (cut, &cases[i], run_truncations);
        }
    }
  return g_test_run ();
}
