/* cassino-store.h: the database of every game, deal and move
 *
 * Copyright 2026 The Cassino developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One SQLite database per user (cassino_store_get_default_path()), shared
 * by the app and cassino-cli.  It is opened in WAL mode with
 * synchronous=NORMAL: every committed transaction is in the WAL file when
 * the commit returns, so a killed process (SIGKILL, crash) loses nothing
 * that was committed; only a power cut or an OS crash can lose the last
 * transactions before the next checkpoint (the database itself is never
 * corrupted by that).  foreign_keys is on and a busy timeout lets the app
 * and the CLI wait for each other.
 *
 * A CassinoStore is used by one thread at a time.
 *
 * The recording, history, statistics, ratings and export functions are in
 * cassino-store-record.h, cassino-store-history.h, cassino-store-stats.h,
 * cassino-store-ratings.h and cassino-store-export.h.
 */
#pragma once

#include <glib-object.h>

#include "cassino-game.h"

G_BEGIN_DECLS

#define CASSINO_STORE_ERROR (cassino_store_error_quark ())
GQuark cassino_store_error_quark (void);

typedef enum {
  CASSINO_STORE_ERROR_OPEN,       /* the file cannot be opened, read or written (permissions, I/O) */
  CASSINO_STORE_ERROR_CORRUPT,    /* corrupt, and it could not be moved aside */
  CASSINO_STORE_ERROR_TOO_NEW,    /* written by a newer Cassino: left alone */
  CASSINO_STORE_ERROR_FOREIGN,    /* an SQLite database that is not Cassino's: left alone */
  CASSINO_STORE_ERROR_BUSY,       /* another program holds the database too long */
  CASSINO_STORE_ERROR_SQL,        /* any other SQLite failure */
  CASSINO_STORE_ERROR_NOT_FOUND,  /* no such player, game, rubber */
  CASSINO_STORE_ERROR_INVALID,    /* an argument or a record that does not fit */
  CASSINO_STORE_ERROR_DUPLICATE,  /* already recorded (import), or a name in use */
  CASSINO_STORE_ERROR_REPLAY,     /* recorded moves that the engine does not accept */
} CassinoStoreError;

#define CASSINO_TYPE_STORE (cassino_store_get_type ())
G_DECLARE_FINAL_TYPE (CassinoStore, cassino_store, CASSINO, STORE, GObject)

/* The body of one transaction of the store (and a job of a
 * CassinoStoreWorker): FALSE with @error when it failed. */
typedef gboolean (*CassinoStoreFunc) (CassinoStore  *store,
                                      gpointer       data,
                                      GError       **error);

/* Run @func (@store, @data) inside one write transaction (BEGIN
 * IMMEDIATE ... COMMIT; a savepoint inside another): all of it is
 * committed when it returns TRUE, none of it otherwise.  Every failure
 * comes out as a CASSINO_STORE_ERROR. */
gboolean      cassino_store_transact     (CassinoStore      *store,
                                          CassinoStoreFunc   func,
                                          gpointer           data,
                                          GError           **error);
/* The same for reading: one consistent snapshot (BEGIN ... COMMIT),
 * without the write lock. */
gboolean      cassino_store_read         (CassinoStore      *store,
                                          CassinoStoreFunc   func,
                                          gpointer           data,
                                          GError           **error);

/* $XDG_DATA_HOME/cassino/cassino.db.  Free with g_free(). */
char         *cassino_store_get_default_path (void);

/*
 * Open the database at @path (":memory:" for a private one), creating it
 * and its folder when missing, and migrate it to the newest schema.
 *
 * - A file this version cannot read because a newer Cassino wrote it is
 *   refused (CASSINO_STORE_ERROR_TOO_NEW) and left untouched; so is an
 *   SQLite database of another program (CASSINO_STORE_ERROR_FOREIGN) and a
 *   file that cannot be read at all (CASSINO_STORE_ERROR_OPEN).
 * - Indexes that do not hold exactly the rows of their tables (PRAGMA
 *   integrity_check; lists read through them would leave games out, and
 *   their updates fail) are built again from the tables, which loses
 *   nothing: cassino_store_get_indexes_rebuilt() tells it.
 * - A corrupt file (not a database, failing PRAGMA integrity_check, or a
 *   schema that does not match its version) is never silently replaced: it is
 *   renamed to "PATH.corrupt-YYYYmmdd-HHMMSS" with its -wal and -shm files,
 *   a new database is started and every game that can still be read in the
 *   old file is copied into it (a salvage, row by row); then
 *   cassino_store_get_moved_aside_path() tells where the old one went and
 *   cassino_store_get_salvage_counts() how many games were saved and lost,
 *   so the caller can tell the user.
 * - Two processes creating or migrating the same new file at once both
 *   succeed: each schema step re-reads the version inside its write
 *   transaction.
 *
 * Returns: (transfer full): a new store, or NULL with @error set.
 */
CassinoStore *cassino_store_open         (const char    *path,
                                          GError       **error);

typedef enum {
  CASSINO_STORE_OPEN_DEFAULT   = 0,
  /* A damaged file is never moved, salvaged or changed: open() fails
   * with CASSINO_STORE_ERROR_CORRUPT naming the file and what is wrong.
   * For a program that only reads (cassino-cli history, stats, export),
   * and for the further connections of a program whose first (the one
   * that records) has opened the file: only that one may move it.  Also
   * for an open that must not take long (a window about to be shown):
   * the error says the file is damaged, and a connection on another
   * thread can then open it without this flag, to salvage it.  (A
   * missing file is still created, an older schema still migrated.) */
  CASSINO_STORE_OPEN_NO_SALVAGE = 1 << 0,
  /* Another program's lock on the file is waited for one second, not
   * five: open() fails with CASSINO_STORE_ERROR_BUSY sooner.
   * For a window about to be shown, which leaves the open to its
   * database thread then.  (Once open, the store waits as usual.) */
  CASSINO_STORE_OPEN_NO_WAIT    = 1 << 1,
  /* The whole file is checked (PRAGMA integrity_check) whatever its
   * size; without it only files up to 16 MiB are, the larger ones by the
   * schema's structural probes.  For a file a step found damaged
   * (SQLITE_CORRUPT): the check finds it, and the open mends it. */
  CASSINO_STORE_OPEN_CHECK_ALL  = 1 << 2,
  /* A file that was never a database (no SQLite header, and a size that
   * no page size divides: a game record or notes) is left alone: open()
   * fails with CASSINO_STORE_ERROR_FOREIGN instead of moving it aside and
   * making a database in its place.  For a file named on a command line
   * (cassino-cli --database), where such a file is a slip of the user's;
   * the app's own file is salvaged whatever was written over it. */
  CASSINO_STORE_OPEN_KEEP_NON_DATABASE = 1 << 3,
} CassinoStoreOpenFlags;

/* open() with @flags. */
CassinoStore *cassino_store_open_full    (const char             *path,
                                          CassinoStoreOpenFlags   flags,
                                          GError                **error);

/* PRAGMA integrity_check of the whole file.  open() runs it itself on files up
 * to 16 MiB; on larger ones it only probes the structure (schema, the ends
 * of every table), so that opening stays fast, and the caller may run this
 * when it can afford to read the whole file (in a worker thread with a
 * store of its own).  FALSE with CASSINO_STORE_ERROR_CORRUPT when damaged:
 * the next open() of a damaged file mends its indexes or moves it aside. */
gboolean      cassino_store_check_integrity (CassinoStore  *store,
                                             GError       **error);

/* The path given to open().  Owned by @store. */
const char   *cassino_store_get_path     (CassinoStore  *store);

/* Where a corrupt database found at open() was moved, or NULL when nothing
 * was moved.  Owned by @store. */
const char   *cassino_store_get_moved_aside_path (CassinoStore *store);

/* Whether the open found indexes out of step with their tables and built
 * them again (no game lost, none moved aside). */
gboolean      cassino_store_get_indexes_rebuilt  (CassinoStore *store);

/* When open() moved a damaged database aside: how many of its games were
 * copied into the new one (@out_saved) and how many the file still named
 * but could not be read (@out_lost).  FALSE (and 0, 0) when nothing was
 * moved. */
gboolean      cassino_store_get_salvage_counts (CassinoStore *store,
                                                guint        *out_saved,
                                                guint        *out_lost);

/* The schema version this build writes (PRAGMA user_version). */
guint         cassino_store_get_schema_version (void);

/* Players */

typedef struct {
  gint64           id;              /* never reused */
  CassinoSeatKind  kind;
  char            *name;            /* the current name */
  char            *level;           /* computer level, NULL for humans */
  char            *engine_version;  /* computers: the engine that played, else NULL */
  char            *colour;          /* "#rrggbb" or NULL */
  char            *avatar;          /* icon name or file, or NULL */
  gboolean         archived;
  gint64           created;         /* unix time, seconds */
} CassinoStorePlayer;

void                cassino_store_player_free (CassinoStorePlayer *player);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CassinoStorePlayer, cassino_store_player_free)

/* A new human player.  An active (not archived) human of the same name is
 * CASSINO_STORE_ERROR_DUPLICATE.  Returns the new id, or 0 with @error. */
gint64              cassino_store_add_human      (CassinoStore  *store,
                                                  const char    *name,
                                                  GError       **error);
/* The active human called @name, or 0 (and no error) when there is none. */
gint64              cassino_store_find_human     (CassinoStore  *store,
                                                  const char    *name,
                                                  GError       **error);
/* find_human(), adding the player when missing.  0 with @error on failure. */
gint64              cassino_store_ensure_human   (CassinoStore  *store,
                                                  const char    *name,
                                                  GError       **error);
/* The computer player of @level and @engine_version (NULL: this build's
 * ENGINE_VERSION), added with @name when missing. */
gint64              cassino_store_ensure_computer (CassinoStore *store,
                                                   const char   *level,
                                                   const char   *engine_version,
                                                   const char   *name,
                                                   GError      **error);
/* Renaming keeps the history: games keep the name a seat had then. */
gboolean            cassino_store_rename_player  (CassinoStore  *store,
                                                  gint64         player_id,
                                                  const char    *name,
                                                  GError       **error);
/* Archived players are hidden from the lists, their records stay; their
 * name may be taken by a new player (who does not inherit anything). */
gboolean            cassino_store_set_player_archived (CassinoStore *store,
                                                       gint64        player_id,
                                                       gboolean      archived,
                                                       GError      **error);
gboolean            cassino_store_set_player_look (CassinoStore *store,
                                                   gint64        player_id,
                                                   const char   *colour,
                                                   const char   *avatar,
                                                   GError      **error);
/* Returns: (transfer full): the player, or NULL with @error
 * (CASSINO_STORE_ERROR_NOT_FOUND). */
CassinoStorePlayer *cassino_store_get_player     (CassinoStore  *store,
                                                  gint64         player_id,
                                                  GError       **error);
/* Returns: (transfer full) (element-type CassinoStorePlayer): every player
 * by name, humans first; archived ones only when asked. */
GPtrArray          *cassino_store_list_players   (CassinoStore  *store,
                                                  gboolean       include_archived,
                                                  GError       **error);

/* The explicit user action "reset statistics": every game, deal, move,
 * rubber and rating is deleted; the players stay.  Nothing else in the
 * store ever deletes a finished game. */
gboolean            cassino_store_reset_statistics (CassinoStore  *store,
                                                    GError       **error);

G_END_DECLS
