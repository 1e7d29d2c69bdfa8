/* cassino-store-export.h: game records and CSV out, game records in
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cassino-store-history.h"

G_BEGIN_DECLS

typedef enum {
  CASSINO_STORE_EXPORT_GAME,     /* one game */
  CASSINO_STORE_EXPORT_RUBBER,   /* the games of one rubber */
  CASSINO_STORE_EXPORT_ALL,      /* every game, oldest first */
} CassinoStoreExportScope;

/* Write the game records (the engine's text format, cassino_record_write())
 * of the games of @scope (@id is the game or rubber id) to @out, one after
 * another.  Each carries its key as the "GameId" tag and its times as
 * "Start"/"End", so importing it again into any database is recognised.
 * @out_count (may be NULL) receives the number of games written.
 *
 * A game of a rubber or of all that cannot be read back (rules this
 * version does not know, a move that does not replay:
 * CASSINO_STORE_ERROR_REPLAY) is left out, and the others are written:
 * @out_skipped (may be NULL) then receives (transfer full) one message
 * per game left out, naming it and what is wrong; NULL when none was.
 * One game asked for by @id that cannot be read is an error. */
gboolean cassino_store_export_records   (CassinoStore             *store,
                                         CassinoStoreExportScope   scope,
                                         gint64                    id,
                                         GOutputStream            *out,
                                         guint                    *out_count,
                                         GPtrArray               **out_skipped,
                                         GError                  **error);

/* One CSV line per game that @filter (NULL: all) selects, oldest first,
 * with a header line: id, key, started, ended (ISO 8601 UTC), preset,
 * players, state, termination, winner_side (0-based, empty: none), value,
 * deals, seat_1..seat_6 (names), score_1..score_6 (per side). */
gboolean cassino_store_export_games_csv (CassinoStore                     *store,
                                         const CassinoStoreHistoryFilter  *filter,
                                         GOutputStream                    *out,
                                         GError                          **error);

/* One CSV line per player and (preset, player count), and one per player
 * over everything (preset "all", players 0), with a header line. */
gboolean cassino_store_export_stats_csv (CassinoStore   *store,
                                         GOutputStream  *out,
                                         GError        **error);

/* Whether a file may be written at @output (replaced by a new file) while
 * @database is the game database: never the database itself, a link to
 * it, its -wal, -shm or -journal, nor what is not a regular file (a
 * symbolic link, a device, a folder).  An existing regular file may be
 * replaced.  @option ("-o", "--records"), when not NULL, begins the
 * message (the CLI's); @database may be NULL (no database). */
gboolean cassino_store_check_output     (const char   *option,
                                         const char   *output,
                                         const char   *database,
                                         GError      **error);

typedef struct {
  guint      imported;
  guint      skipped;    /* already in the database */
  guint      failed;
  GPtrArray *messages;   /* char*: why each failure failed; may be NULL */
} CassinoStoreImportReport;

void     cassino_store_import_report_clear (CassinoStoreImportReport *report);

/* Read the game records in @text (cassino_record_read(), which replays
 * them) and record each game that is not yet in the database, adding to
 * the counts of @report (zero it first; free its messages with
 * cassino_store_import_report_clear()).  A record that does not read,
 * among others that do, is a failure of the count ("record 2: line 40,
 * column 3: …") and the others are imported.  FALSE with @error when
 * no record of @text can be read (nothing is imported then). */
gboolean cassino_store_import_records   (CassinoStore              *store,
                                         const char                *text,
                                         gssize                     length,
                                         CassinoStoreImportReport  *report,
                                         GError                   **error);

G_END_DECLS
