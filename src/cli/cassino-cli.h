/* cassino-cli.h: the subcommands of cassino-cli
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cassino-input.h"

G_BEGIN_DECLS

/* Each takes the arguments after the subcommand name (argv[0] is the
 * subcommand) and returns the exit status: 0 ok, 2 bad input (one line on
 * standard error naming what is wrong), 1 any other failure. */
int cassino_cli_legal    (int argc, char **argv);
int cassino_cli_choose   (int argc, char **argv);
int cassino_cli_simulate (int argc, char **argv);
int cassino_cli_validate (int argc, char **argv);
int cassino_cli_play     (int argc, char **argv);
int cassino_cli_daily    (int argc, char **argv);

/* Read a whole file, or standard input when @path is NULL or "-". */
/* The largest position legal and choose read (a four-player deal's whole
 * history is under 10 KiB). */
#define CASSINO_CLI_POSITION_LIMIT (1024 * 1024)

char *cassino_cli_read_input_at_most (const char  *path,
                                      gsize        limit,
                                      const char  *what,
                                      gsize       *out_len,
                                      GError     **error);
char *cassino_cli_read_input (const char  *path,
                              gsize       *out_len,
                              GError     **error);

G_END_DECLS
