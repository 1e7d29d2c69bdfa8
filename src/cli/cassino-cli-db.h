/* cassino-cli-db.h: the database subcommands of cassino-cli
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cassino-store.h"

G_BEGIN_DECLS

/* Each takes the arguments after the program name (argv[0] is the
 * subcommand) and returns the exit status: 0 ok, 2 bad input (one line on
 * standard error naming what is wrong), 1 any other failure.
 * Every one accepts --database PATH (default: the user's database). */

/* export [--game ID | --rubber ID | --all] [--csv games|stats] [-o FILE] */
int cassino_cli_db_export  (int argc, char **argv);
/* import FILE...  (records already present are skipped) */
int cassino_cli_db_import  (int argc, char **argv);
/* stats [--player NAME|ID] [--preset P] [--players N] [--json] */
int cassino_cli_db_stats   (int argc, char **argv);
/* history [--player NAME|ID] [--opponent NAME|ID] [--preset P] [--players N]
 *         [--since DATE] [--until DATE] [--result R] [--oldest-first]
 *         [--limit N] [--after CURSOR] [--json] */
int cassino_cli_db_history (int argc, char **argv);


/* When opening @store moved a damaged database aside, say so on standard
 * error: where it went and how many games were saved and lost. */
void cassino_cli_report_salvage (const char   *command,
                                 CassinoStore *store);

G_END_DECLS
