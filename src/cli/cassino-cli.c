/* cassino-cli.c: the headless interface (docs: shared spec cli.md)
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cassino-cli"

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "cassino-cli.h"
#include "cassino-cli-db.h"

typedef struct {
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *summary;
} Command;

static const Command commands[] = {
  { "legal",    cassino_cli_legal,    "List the legal moves of a position (JSON)" },
  { "choose",   cassino_cli_choose,   "The move a computer level would make in a position" },
  { "simulate", cassino_cli_simulate, "Play games between computer levels and report results" },
  { "validate", cassino_cli_validate, "Check game record files" },
  { "play",     cassino_cli_play,     "Play a game in the terminal" },
  { "export",   cassino_cli_db_export,  "Export game records or CSV from the database" },
  { "import",   cassino_cli_db_import,  "Import game records into the database" },
  { "stats",    cassino_cli_db_stats,   "Show a player's statistics" },
  { "history",  cassino_cli_db_history, "List recorded games" },
  { "daily",    cassino_cli_daily,      "The daily deal of a date: seed and deck (JSON)" },
};

/* What is read from a stream (standard input, a pipe or a device named
 * as a file) at most: /dev/zero ran the process out of memory.  A larger
 * file of records is read whole when named as a regular file. */
#define CASSINO_CLI_STREAM_LIMIT (256u * 1024 * 1024)

char *
cassino_cli_read_input (const char  *path,
                        gsize       *out_len,
                        GError     **error)
{
  return cassino_cli_read_input_at_most (path, 0, NULL, out_len, error);
}

static void
too_large (GError     **error,
           const char  *what,
           gsize        limit)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
               "%s is larger than %" G_GSIZE_FORMAT " KiB, more than a deal with its whole history needs",
               what, limit / 1024);
}

/* As cassino_cli_read_input(), refusing more than @limit bytes (0: no
 * limit but the stream's) as "@what is larger than …". */
char *
cassino_cli_read_input_at_most (const char  *path,
                                gsize        limit,
                                const char  *what,
                                gsize       *out_len,
                                GError     **error)
{
  GString *s;
  char buf[65536];
  size_t n;
  char *contents = NULL;
  FILE *in = stdin;
  gsize stream_limit = limit ? limit : CASSINO_CLI_STREAM_LIMIT;
  GStatBuf st;

  if (path && strcmp (path, "-") != 0)
    {
      if (limit && g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && (gsize) st.st_size > limit)
        {
          too_large (error, what, limit);
          return NULL;
        }
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR) || !g_file_test (path, G_FILE_TEST_EXISTS))
        {
          if (!g_file_get_contents (path, &contents, out_len, error))
            return NULL;
          return contents;
        }
      in = fopen (path, "rb");
      if (in == NULL)
        {
          int err = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (err), "%s: %s", path, g_strerror (err));
          return NULL;
        }
    }

  s = g_string_new (NULL);
  while ((n = fread (buf, 1, sizeof buf, in)) > 0)
    {
      if (s->len + n > stream_limit)
        {
          if (limit)
            too_large (error, what, limit);
          else
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                         "%s is larger than %u MiB: give a file that large by its name",
                         in == stdin ? "standard input" : path, CASSINO_CLI_STREAM_LIMIT / (1024 * 1024));
          g_string_free (s, TRUE);
          if (in != stdin)
            fclose (in);
          return NULL;
        }
      g_string_append_len (s, buf, n);
    }
  if (ferror (in))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cannot read %s",
                   in == stdin ? "standard input" : path);
      g_string_free (s, TRUE);
      if (in != stdin)
        fclose (in);
      return NULL;
    }
  if (in != stdin)
    fclose (in);
  *out_len = s->len;
  return g_string_free (s, FALSE);
}

static void
usage (FILE *out)
{
  fprintf (out, "Usage: cassino-cli COMMAND [OPTION…]\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun “cassino-cli COMMAND --help” for the options of a command.\n");
}

/* What is printed must have reached standard output: a full disk, a
 * closed pipe's reader gone, /dev/full fail only at the flush.  Returns the
 * exit status, @status or 1 when the output was lost (with a message). */
static const char *running = NULL;
static gboolean stdout_checked = FALSE;

static int
check_stdout (int status)
{
  g_autofree char *who = g_strconcat ("cassino-cli", running ? " " : "", running, NULL);
  gboolean failed = FALSE;
  int err = 0;

  stdout_checked = TRUE;
  if (fflush (stdout) != 0)
    {
      failed = TRUE;
      err = errno;
    }
  /* an earlier write failed: its errno is gone */
  failed |= ferror (stdout) != 0;
  if (fclose (stdout) != 0 && !failed)
    {
      failed = TRUE;
      err = errno;
    }
  if (!failed)
    return status;
  if (err != 0)
    /* Translators: %s: "cassino-cli COMMAND"; the second: why, e.g. "No space left on device" */
    fprintf (stderr, _("%s: cannot write to standard output: %s\n"), who, g_strerror (err));
  else
    fprintf (stderr, _("%s: cannot write to standard output\n"), who);
  return MAX (status, 1);
}

/* exit() called past main's return: GOption's --help */
static void
on_exit_check_stdout (void)
{
  if (!stdout_checked && check_stdout (0) != 0)
    _exit (1);
}

/* The store logs a message when it moves a damaged database aside; the
 * commands say so themselves, in one line (cassino-cli-db.c). */
static void
on_store_message_cb (const char     *log_domain,
                     GLogLevelFlags  log_level,
                     const char     *message,
                     gpointer        user_data)
{
}

int
main (int    argc,
      char **argv)
{
  const char *localedir = g_getenv ("CASSINO_LOCALEDIR");   /* `meson devenv`: po/meson.build */

  g_log_set_handler ("cassino-store", G_LOG_LEVEL_MESSAGE, on_store_message_cb, NULL);
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir && *localedir ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  atexit (on_exit_check_stdout);

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      usage (argc < 2 ? stderr : stdout);
      return check_stdout (argc < 2 ? 2 : 0);
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("cassino-cli %s\n", PACKAGE_VERSION);
      return check_stdout (0);
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        running = commands[i].name;
        return check_stdout (commands[i].run (argc - 1, argv + 1));
      }

  {
    g_autofree char *quoted = cassino_input_excerpt (argv[1], -1);

    fprintf (stderr, "cassino-cli: unknown command “%s” (try --help)\n", quoted);
  }
  return 2;
}
