/* cassino-store-private.h: what the store's files share
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cassino-sqlite.h"
#include "cassino-store.h"

G_BEGIN_DECLS

/* 'CASS': PRAGMA application_id of a Cassino database */
#define CASSINO_STORE_APPLICATION_ID 0x43415353

/* SQL: the preset in @column is one of the comma-separated names bound
 * to @param (the filters' preset: one name, or a family's).  One name is
 * compared as it is (a string search in every row cost a one-preset
 * statistics pass about a third more at 100,000 games). */
#define CASSINO_STORE_PRESET_IN(column, param) \
  "(" column " = " param " OR (instr(" param ", ',') > 0 AND " \
  "instr(',' || " param " || ',', ',' || " column " || ',') > 0))"

struct _CassinoStore {
  GObject        parent_instance;

  CassinoSqlite *db;
  char          *path;
  char          *moved_aside;
  guint          n_salvaged;   /* games copied out of the file moved aside */
  guint          n_lost;       /* ... and those that could not be read */
  gboolean       indexes_rebuilt; /* the open mended indexes out of step with their tables */

  /* the deal that moves were last recorded into */
  gint64         cache_game_id;
  guint          cache_deal_number;
  gint64         cache_deal_id;
};

CassinoSqlite *_cassino_store_get_db (CassinoStore *store);

/* Turn a CASSINO_SQLITE_ERROR in *@error into CASSINO_STORE_ERROR. */
void           _cassino_store_convert_error (GError **error);
gboolean       _cassino_store_is_sqlite_header (const char *head,
                                                int         n);
int            _cassino_store_read_head     (const char     *path,
                                             char           *head,
                                             int             n,
                                             sqlite3_int64  *out_size);

/* Schema (cassino-store-schema.c) */
guint          _cassino_store_schema_n_versions (void);
/* The SQL that takes the schema from @version - 1 to @version (1-based). */
const char    *_cassino_store_schema_migration  (guint version);
/* Migrate from the database's user_version up to @target, one
 * transaction per version. */
gboolean       _cassino_store_migrate           (CassinoSqlite  *db,
                                                 guint           target,
                                                 GError        **error);
/* Whether every table and view of the schema at @version is there. */
gboolean       _cassino_store_schema_check      (CassinoSqlite  *db,
                                                 guint           version,
                                                 GError        **error);

/* Copy every game that can still be read out of the damaged database
 * @damaged into @dst (empty, at the schema version of @damaged, or holding
 * the games of a first pass: those are left as they are), row by row
 * (cassino-store-salvage.c).  The games that must replay before they are
 * kept go into @out_verify: those whose deals were made again, and with
 * @verify_all every game copied (read page by page).  A game whose own row is lost but whose
 * seats, deals and moves can be read is rebuilt from them and from what
 * the indexes on games still hold; its id goes into @out_rebuilt, and
 * _cassino_store_salvage_finish() completes it by replaying it.  FALSE
 * only when @dst fails. */
gboolean       _cassino_store_salvage           (const char     *damaged,
                                                 CassinoSqlite  *dst,
                                                 guint          *out_saved,
                                                 guint          *out_lost,
                                                 GArray         *out_rebuilt,
                                                 GArray         *out_verify,
                                                 gboolean        verify_all,
                                                 GError        **error);
/* The result of each rebuilt game of @ids (gint64), from its replay, and
 * the scores of finished games that have none.  Of the games @scanned
 * (their rows read page by page) one that does not replay as far as its
 * rows say is taken out again, and counted in @n_lost, not @n_saved. */
gboolean       _cassino_store_salvage_finish    (CassinoStore   *store,
                                                 GArray         *ids,
                                                 GArray         *scanned,
                                                 guint          *n_saved,
                                                 guint          *n_lost,
                                                 GError        **error);
/* Whether SQLite can read the schema of the damaged file @damaged. */
gboolean       _cassino_store_salvage_schema_readable (const char *damaged);
/* Read the damaged file @damaged page by page, without its schema, and
 * write the rows of the store's tables it finds into a new database at
 * @out_path (cassino-store-scan.c); @out_rows counts them. */
gboolean       _cassino_store_scan              (const char     *damaged,
                                                 const char     *out_path,
                                                 guint          *out_rows,
                                                 GError        **error);
/* A player as the indexes on players of a damaged file hold it: a human's
 * name (players_human_name), or a computer's level and engine version
 * (players_computer). */
typedef struct {
  gint64    id;
  gboolean  computer;
  char     *name;
  char     *level;
  char     *engine_version;
} CassinoScannedPlayer;
/* The players the two indexes of @damaged rooted at pages @human_root and
 * @computer_root hold, read page by page (their table's pages may be
 * lost): id (gint64*) -> CassinoScannedPlayer. */
GHashTable    *_cassino_store_scan_players      (const char     *damaged,
                                                 guint32         human_root,
                                                 guint32         computer_root);
/* The schema version of the damaged file, as far as it can be read, or 0. */
guint          _cassino_store_salvage_version   (const char     *damaged);

/* The sides' scores of finished game @game_id, as @game has them
 * (cassino-store-record.c). */
gboolean       _cassino_store_write_sides       (CassinoSqlite  *db,
                                                 gint64          game_id,
                                                 const CassinoGame *game,
                                                 GError        **error);

/* The score of finished @deal, recorded as deal @deal_id. */
gboolean       _cassino_store_write_deal_score  (CassinoStore   *store,
                                                 gint64          deal_id,
                                                 const CassinoRules *rules,
                                                 const CassinoDeal *deal,
                                                 GError        **error);

/* Fill the moves a damaged page took from game @game_id's deals, where a
 * way of playing them fits the rest of the record (of several, which
 * differ in nothing recorded, the first in canonical order); *@n_filled
 * says how many were filled.  FALSE only when the database fails. */
gboolean       _cassino_store_fill_move_gaps    (CassinoStore   *store,
                                                 gint64          game_id,
                                                 guint          *n_filled,
                                                 GError        **error);

/* Derived rows (cassino-store-stats.c, cassino-store-ratings.c) */
gboolean       _cassino_store_derive_game       (CassinoStore   *store,
                                                 gint64          game_id,
                                                 GError        **error);
gboolean       _cassino_store_rate_game         (CassinoStore   *store,
                                                 gint64          game_id,
                                                 GError        **error);

/* Small helpers */
static inline const char *
_cassino_column_text (sqlite3_stmt *stmt,
                      int           col)
{
  return (const char *) sqlite3_column_text (stmt, col);
}

static inline char *
_cassino_column_dup (sqlite3_stmt *stmt,
                     int           col)
{
  return g_strdup ((const char *) sqlite3_column_text (stmt, col));
}

static inline void
_cassino_bind_text_or_null (sqlite3_stmt *stmt,
                            int           col,
                            const char   *text)
{
  if (text)
    sqlite3_bind_text (stmt, col, text, -1, SQLITE_TRANSIENT);
  else
    sqlite3_bind_null (stmt, col);
}

G_END_DECLS
